"""The memory domain: events as the host sent them, items derived from them."""

import hashlib
import json
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import NamedTuple, overload


class EventKind(Enum):
    USER_MESSAGE = "user_message"
    ASSISTANT_MESSAGE = "assistant_message"
    TOOL_CALL = "tool_call"
    TOOL_RESULT = "tool_result"
    COMPACTION = "compaction"
    SESSION_START = "session_start"
    SESSION_END = "session_end"
    CANCEL = "cancel"


# Only what the user typed can become a rule, fact, number or task state.
TRUSTED_KINDS = frozenset({EventKind.USER_MESSAGE})
# Events whose text is worth quoting back as evidence.
QUOTABLE_KINDS = frozenset({EventKind.USER_MESSAGE, EventKind.ASSISTANT_MESSAGE, EventKind.TOOL_CALL, EventKind.TOOL_RESULT})


class ItemKind(Enum):
    RULE = "rule"
    FACT = "fact"
    NUMBER = "number"
    TASK = "task"
    EVIDENCE = "evidence"


# The kinds that state a value of a subject: what an update replaces and a correction corrects.
VALUE_KINDS = (ItemKind.FACT, ItemKind.NUMBER)


class ItemStatus(Enum):
    ACTIVE = "active"
    SUPERSEDED = "superseded"


class TaskField(Enum):
    GOAL = "goal"
    PROGRESS = "progress"
    BLOCKER = "blocker"
    OPEN = "open"


@dataclass(frozen=True)
class Event:
    session_id: str
    seq: int
    event_id: str
    kind: EventKind
    text: str
    created_at: str = ""  # RFC 3339, UTC; empty when the host sent none
    attributes: tuple[tuple[str, str], ...] = ()

    @property
    def content_hash(self) -> str:
        """Digest of everything a retry must repeat exactly: seq, id, kind, text, time, attributes."""
        payload = json.dumps(
            [self.seq, self.event_id, self.kind.value, self.text, self.created_at, list(self.attributes)],
            ensure_ascii=False,
        )
        return hashlib.sha256(payload.encode()).hexdigest()

    @overload
    def attribute(self, name: str, default: str = "") -> str: ...

    @overload
    def attribute(self, name: str, default: None) -> str | None: ...

    def attribute(self, name: str, default: str | None = "") -> str | None:
        """The attribute's value; default when the event has none (None tells absent from empty)."""
        return dict(self.attributes).get(name, default)


def item_id_for(session_id: str, event_id: str, index: int) -> str:
    """An item's id: deterministic, so a replayed plan names the same items; unique across sessions.
    Index 0 is the event's own evidence item, 1.. the items extracted from it."""
    digest = hashlib.sha256(f"{session_id}\x00{event_id}\x00{index}".encode()).hexdigest()
    return f"it_{digest[:20]}"


KEY_NAMESPACES = ("rule:", "task:", "evidence:")


def key_subject(key: str) -> str:
    return key.split(":", 1)[1] if key.startswith(KEY_NAMESPACES) else key


@dataclass(frozen=True)
class Item:
    item_id: str
    session_id: str
    kind: ItemKind
    key: str
    value: str
    text: str
    lang: str
    source_seqs: tuple[int, ...]
    source_event_ids: tuple[str, ...]
    source_kind: EventKind
    unit: str = ""
    condition: str = ""
    status: ItemStatus = ItemStatus.ACTIVE
    superseded_by: str = ""
    task_field: TaskField | None = None
    # The turns before, for evidence: indexed (at a lower weight) so that a question matching
    # a question-and-reply pair finds the reply. Not part of what the item says.
    context: str = ""
    # The source event's metadata (speaker, session, date...), indexed with the item's text.
    metadata: str = ""
    # Who said the source turn: the host's `speaker` attribute, when it sends one (multi-party chats).
    speaker: str = ""

    # Cached on the instance (an Item is frozen): ranking reads them for every candidate, many times.
    @cached_property
    def seq(self) -> int:
        """The seq that last stated this item (recency is measured from it)."""
        return max(self.source_seqs)

    @cached_property
    def subject(self) -> str:
        """The key without its namespace ("rule:", "task:", "evidence:"): what the item is about."""
        return key_subject(self.key)


@dataclass(frozen=True)
class Candidate:
    """What extraction read from one sentence, before it is reconciled with the store."""

    kind: ItemKind
    key: str
    value: str
    text: str
    lang: str
    unit: str = ""
    condition: str = ""
    task_field: TaskField | None = None
    # A correction names the value it replaces ("not Y"); empty when it does not say.
    corrects: str = ""
    is_correction: bool = False
    # The value was picked by its look in a sentence no table read ("change of plan: we build in
    # eu-west-1 now"), so it may replace only an item the message points at, never the latest one.
    loose: bool = False
    # A keyless update read from a cue word and one typed value ("Base moved check-in earlier, 15:00"):
    # only a subject its message names takes the value (discourse.cued_change).
    cued: bool = False
    # Task state: the sentence resolves a blocker or answers an open item (task_field says which)
    # instead of adding one; `about` names what it resolves ("the IRSA piece"), empty when it only
    # points back ("that's fixed"); for an answer, value holds the answer.
    resolves: bool = False
    about: str = ""
    # The sentence takes back what key names ("forget what I said about the launch date"), or, with
    # no key, the statement just made ("never mind"), and gives no new value: that item is retired.
    withdraws: bool = False
    # The statement replaces what the sentence before it took back ("Forget what I said about misting the
    # basil. They stay on hand-watering."): what that sentence named, which may be a rule.
    takes_back: str = ""


class ReadContext(NamedTuple):
    """How extraction reads a sentence: the source text its candidates quote, the language they are
    labelled with, and the grammar whose tables read it (a code-switched sentence may differ)."""

    source: str
    lang: str
    grammar: str


# The tenant every caller belongs to while authentication is off, and the owner of every session
# stored before sessions had one (services.common.principal.DEFAULT_TENANT names the same tenant).
DEFAULT_TENANT = "default"


@dataclass(frozen=True)
class SessionState:
    session_id: str
    last_seq: int = 0
    checkpoint_seq: int = 0
    closed: bool = False
    event_count: int = 0
    item_count: int = 0
    tenant: str = DEFAULT_TENANT  # who owns the session: only this tenant's callers may touch it
    user_id: str = ""  # the end user the session is about, when the host names one


@dataclass(frozen=True)
class ScoredItem:
    item: Item
    score: float


@dataclass(frozen=True)
class ClosedTask:
    """A task entry that was replaced or resolved, and the seq of the statement that did it (0: unknown)."""

    item: Item
    closed_by_seq: int = 0


@dataclass(frozen=True)
class TaskState:
    goal: Item | None = None
    progress: tuple[Item, ...] = ()
    blockers: tuple[Item, ...] = ()
    open_items: tuple[Item, ...] = ()
    history: tuple[ClosedTask, ...] = ()  # most recently closed first


@dataclass(frozen=True)
class AppendResult:
    accepted: int
    duplicates: int
    last_seq: int
    checkpoint_seq: int


@dataclass(frozen=True)
class Assembly:
    message: str
    item_ids: tuple[str, ...]
    token_estimate: int


@dataclass(frozen=True)
class ItemFilter:
    kind: ItemKind | None = None
    status: ItemStatus | None = None
    key: str = ""


@dataclass
class AppendPlan:
    """The writes one AppendEvents batch makes, computed before any of them is applied."""

    new_events: list[Event] = field(default_factory=list)
    new_items: list[Item] = field(default_factory=list)
    # item_id -> replacement item (superseded, or with provenance added)
    updated_items: dict[str, Item] = field(default_factory=dict)
    duplicates: int = 0
    checkpoint_seq: int = 0
    last_seq: int = 0
    # Who a session this plan creates belongs to; an existing session keeps its owner.
    tenant: str = DEFAULT_TENANT
    user_id: str = ""
    closed: bool = False  # the session's closed flag after the plan (only an import writes a closed session)
