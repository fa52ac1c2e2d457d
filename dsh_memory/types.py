"""The Python values the client takes and returns, and their translation to and from the protobuf messages.

Everything here is a frozen dataclass with plain Python fields: event, item and task kinds are
short names ("user", "fact", "active"), not protobuf enum numbers.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from dsh.memory.v1 import memory_pb2

EVENT_KINDS: dict[str, int] = {
    "user": memory_pb2.EVENT_KIND_USER_MESSAGE,
    "assistant": memory_pb2.EVENT_KIND_ASSISTANT_MESSAGE,
    "tool_call": memory_pb2.EVENT_KIND_TOOL_CALL,
    "tool_result": memory_pb2.EVENT_KIND_TOOL_RESULT,
    "compaction": memory_pb2.EVENT_KIND_COMPACTION,
    "session_start": memory_pb2.EVENT_KIND_SESSION_START,
    "session_end": memory_pb2.EVENT_KIND_SESSION_END,
    "cancel": memory_pb2.EVENT_KIND_CANCEL,
}
ITEM_KINDS: dict[str, int] = {
    "rule": memory_pb2.ITEM_KIND_RULE,
    "fact": memory_pb2.ITEM_KIND_FACT,
    "number": memory_pb2.ITEM_KIND_NUMBER,
    "task": memory_pb2.ITEM_KIND_TASK,
    "evidence": memory_pb2.ITEM_KIND_EVIDENCE,
}
ITEM_STATUSES: dict[str, int] = {"active": memory_pb2.ITEM_STATUS_ACTIVE, "superseded": memory_pb2.ITEM_STATUS_SUPERSEDED}


def _name_of(names: Mapping[str, int], number: int) -> str:
    # A server newer than this client may send a value it does not know: keep it visible, not fail.
    return next((name for name, value in names.items() if value == number), "unspecified" if number == 0 else str(number))


def _number_of(names: Mapping[str, int], name: str, what: str) -> int:
    try:
        return names[name]
    except KeyError:
        raise ValueError(f"unknown {what} {name!r}: use one of {', '.join(names)}") from None


@dataclass(frozen=True)
class Event:
    """One thing that happened in a session.

    seq: the host's position of the event in the session (> 0, increasing).
    kind: "user", "assistant", "tool_call", "tool_result", "compaction", "session_start",
    "session_end" or "cancel". Only "user" events become rules, facts and task state.
    event_id: unique id; a retry re-sends it, so the append is idempotent. Empty: "seq-<seq>".
    """

    seq: int
    text: str
    kind: str = "user"
    event_id: str = ""
    created_at: datetime | None = None
    attributes: Mapping[str, str] = field(default_factory=dict)

    def to_proto(self) -> memory_pb2.Event:
        event = memory_pb2.Event(
            seq=self.seq,
            event_id=self.event_id or f"seq-{self.seq}",
            kind=_number_of(EVENT_KINDS, self.kind, "event kind"),  # type: ignore[arg-type]
            text=self.text,
            attributes=dict(self.attributes),
        )
        if self.created_at is not None:
            # A naive datetime is taken as UTC rather than as this machine's local time.
            moment = self.created_at if self.created_at.tzinfo else self.created_at.replace(tzinfo=UTC)
            event.created_at.FromDatetime(moment)
        return event


EventLike = Event | Mapping[str, Any]


def to_event(value: EventLike) -> Event:
    """An Event from an Event or a dict with its field names ({"seq": 1, "kind": "user", "text": ...})."""
    if isinstance(value, Event):
        return value
    if isinstance(value, Mapping):
        try:
            return Event(**value)
        except TypeError as exc:
            raise ValueError(f"not an event {dict(value)!r}: {exc}") from None
    raise TypeError(f"an event is an Event or a dict, not {type(value).__name__}")


def events_to_proto(events: Iterable[EventLike]) -> list[memory_pb2.Event]:
    return [to_event(event).to_proto() for event in events]


@dataclass(frozen=True)
class Capabilities:
    """What a memory implementation says about itself (GetCapabilities)."""

    implementation: str
    version: str
    has_storage: bool
    has_retrieval: bool
    retrieval: str
    languages: tuple[str, ...]
    max_event_bytes: int
    max_batch_events: int

    @classmethod
    def from_proto(cls, m: memory_pb2.GetCapabilitiesResponse) -> "Capabilities":
        return cls(
            m.implementation,
            m.version,
            m.has_storage,
            m.has_retrieval,
            m.retrieval,
            tuple(m.languages),
            m.max_event_bytes,
            m.max_batch_events,
        )


@dataclass(frozen=True)
class AppendResult:
    """What one AppendEvents did: newly stored events, retried duplicates, the session's last seq and checkpoint."""

    accepted: int
    duplicates: int
    last_seq: int
    checkpoint_seq: int

    @classmethod
    def from_proto(cls, m: memory_pb2.AppendEventsResponse) -> "AppendResult":
        return cls(m.accepted, m.duplicates, m.last_seq, m.checkpoint_seq)


@dataclass(frozen=True)
class OpenedSession:
    """A session after OpenSession: resumed is True when it existed already."""

    resumed: bool
    last_seq: int
    checkpoint_seq: int
    event_count: int
    item_count: int

    @classmethod
    def from_proto(cls, m: memory_pb2.OpenSessionResponse) -> "OpenedSession":
        return cls(m.resumed, m.last_seq, m.checkpoint_seq, m.event_count, m.item_count)


@dataclass(frozen=True)
class Item:
    """A durable piece of memory derived from events, with its provenance.

    kind: "rule", "fact", "number", "task" or "evidence"; status: "active" or "superseded"
    (then superseded_by names the item that replaced it); source_kind: the event kind it came from.
    """

    item_id: str
    kind: str
    key: str
    value: str
    unit: str
    condition: str
    status: str
    superseded_by: str
    lang: str
    source_seqs: tuple[int, ...]
    source_event_ids: tuple[str, ...]
    score: float
    text: str
    source_kind: str

    @classmethod
    def from_proto(cls, m: memory_pb2.Item) -> "Item":
        return cls(
            m.item_id,
            _name_of(ITEM_KINDS, m.kind),
            m.key,
            m.value,
            m.unit,
            m.condition,
            _name_of(ITEM_STATUSES, m.status),
            m.superseded_by,
            m.lang,
            tuple(m.source_seqs),
            tuple(m.source_event_ids),
            m.score,
            m.text,
            _name_of(EVENT_KINDS, m.source_kind),
        )


@dataclass(frozen=True)
class ItemPage:
    """One page of ListItems; next_page_token is empty on the last page."""

    items: tuple[Item, ...]
    next_page_token: str

    @classmethod
    def from_proto(cls, m: memory_pb2.ListItemsResponse) -> "ItemPage":
        return cls(tuple(Item.from_proto(i) for i in m.items), m.next_page_token)


@dataclass(frozen=True)
class Assembly:
    """The evidence-labelled message to place in the prompt, the items it quotes and its token estimate."""

    message: str
    item_ids: tuple[str, ...]
    token_estimate: int

    @classmethod
    def from_proto(cls, m: memory_pb2.AssembleResponse) -> "Assembly":
        return cls(m.message, tuple(m.item_ids), m.token_estimate)


@dataclass(frozen=True)
class TaskEntry:
    """One line of task state. In history, field says which part it was and closed_by_seq what closed it."""

    text: str
    source_seqs: tuple[int, ...]
    source_event_ids: tuple[str, ...]
    field: str = ""
    closed_by_seq: int = 0

    @classmethod
    def from_proto(cls, m: memory_pb2.TaskEntry) -> "TaskEntry":
        return cls(m.text, tuple(m.source_seqs), tuple(m.source_event_ids), m.field, m.closed_by_seq)


@dataclass(frozen=True)
class TaskState:
    """The session's current goal (None when none was stated), progress, blockers, open items and history."""

    goal: TaskEntry | None
    progress: tuple[TaskEntry, ...]
    blockers: tuple[TaskEntry, ...]
    open_items: tuple[TaskEntry, ...]
    history: tuple[TaskEntry, ...]

    @classmethod
    def from_proto(cls, m: memory_pb2.GetTaskStateResponse) -> "TaskState":
        def entries(values: Iterable[memory_pb2.TaskEntry]) -> tuple[TaskEntry, ...]:
            return tuple(TaskEntry.from_proto(v) for v in values)

        goal = TaskEntry.from_proto(m.goal) if m.HasField("goal") and m.goal.text else None
        return cls(goal, entries(m.progress), entries(m.blockers), entries(m.open_items), entries(m.history))


@dataclass(frozen=True)
class SessionSummary:
    """One stored session of the caller's tenant."""

    session_id: str
    user_id: str
    last_seq: int
    checkpoint_seq: int
    event_count: int
    item_count: int
    closed: bool

    @classmethod
    def from_proto(cls, m: memory_pb2.SessionSummary) -> "SessionSummary":
        return cls(m.session_id, m.user_id, m.last_seq, m.checkpoint_seq, m.event_count, m.item_count, m.closed)


@dataclass(frozen=True)
class SessionPage:
    """One page of ListSessions; next_page_token is empty on the last page."""

    sessions: tuple[SessionSummary, ...]
    next_page_token: str

    @classmethod
    def from_proto(cls, m: memory_pb2.ListSessionsResponse) -> "SessionPage":
        return cls(tuple(SessionSummary.from_proto(s) for s in m.sessions), m.next_page_token)


@dataclass(frozen=True)
class Deleted:
    """What a delete removed. sessions_deleted is 1 for DeleteSession."""

    sessions_deleted: int
    events_deleted: int
    items_deleted: int

    @classmethod
    def from_session(cls, m: memory_pb2.DeleteSessionResponse) -> "Deleted":
        return cls(1, m.events_deleted, m.items_deleted)

    @classmethod
    def from_bulk(cls, m: memory_pb2.DeleteUserDataResponse | memory_pb2.DeleteTenantDataResponse) -> "Deleted":
        return cls(m.sessions_deleted, m.events_deleted, m.items_deleted)
