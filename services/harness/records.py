"""Plain records of what a replay observed: the input of metrics and invariants.

No protobuf objects beyond this point, so scoring is pure and unit-testable on
hand-made values.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ItemView:
    """An item as ListItems or Retrieve returned it, with enums as lower-case names."""

    item_id: str
    kind: str  # rule | fact | number | task | evidence | unspecified
    key: str = ""
    value: str = ""
    unit: str = ""
    condition: str = ""
    status: str = "active"  # active | superseded | unspecified
    superseded_by: str = ""
    source_event_ids: tuple[str, ...] = ()
    source_kind: str = ""  # user_message | tool_result | ...
    text: str = ""


@dataclass(frozen=True)
class AnswerRecord:
    """One answerer's answer to one question: its text (empty on error), the error, the time the
    Answer RPC took at the harness, and the tokens the model API counted (0 for deterministic)."""

    mode: str
    text: str = ""
    error: str = ""
    latency_ms: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass
class AskRecord:
    """One asked question: what was injected, retrieved and answered."""

    question_id: str
    session_id: str
    message: str = ""
    item_ids: tuple[str, ...] = ()
    context: str = ""
    answer: str = ""
    assemble_ms: float | None = None
    # Retrieve top-k, best first; None when the baseline has no retrieval or the call failed.
    retrieved: list[ItemView] | None = None
    # By answerer mode, at the question's last ask: the run's answerer (whose text is `answer`) and,
    # in an llm run, the deterministic answerer on the same context beside it.
    answers: dict[str, AnswerRecord] = field(default_factory=dict)


@dataclass
class Observation:
    """One Retrieve or Assemble answer for a session, kept for the isolation check."""

    session_id: str
    question_id: str
    item_ids: tuple[str, ...] = ()
    source_event_ids: tuple[str, ...] = ()
    message: str = ""


@dataclass
class ScenarioRun:
    """Everything one baseline did and saw while replaying one scenario."""

    baseline: str
    scenario: dict
    has_storage: bool
    has_retrieval: bool
    asks: dict[str, AskRecord] = field(default_factory=dict)  # last ask per question id
    latencies_ms: list[float] = field(default_factory=list)  # every MemoryService RPC
    errors: list[str] = field(default_factory=list)  # unexpected RPC errors
    # (session, batch, accepted, duplicates, batch length) of every retried batch
    retries: list[tuple[str, str, int, int, int]] = field(default_factory=list)
    # (session, where, checkpoint returned, seq it must reach)
    checkpoints: list[tuple[str, str, int, int]] = field(default_factory=list)
    # (session, where, event_count reported, acknowledged, last_seq reported, acknowledged)
    resumes: list[tuple[str, str, int, int, int, int]] = field(default_factory=list)
    # (where, question id, refs found before, refs found after) around compaction/restart
    survival: list[tuple[str, str, frozenset, frozenset]] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)  # every non-empty injected message
    observations: list[Observation] = field(default_factory=list)
    acknowledged: dict[str, set[str]] = field(default_factory=dict)  # session -> event ids
    items: dict[str, list[ItemView]] = field(default_factory=dict)  # end state, has_storage only
    task_states: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    exports: dict[str, str] = field(default_factory=dict)

    @property
    def scenario_id(self) -> str:
        return self.scenario.get("id", "")

    @property
    def session_ids(self) -> list[str]:
        return [session["sessionId"] for session in self.scenario.get("sessions", [])]
