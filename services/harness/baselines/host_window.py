"""What every baseline shares: the host's bookkeeping of a session, served as MemoryService.

A host knows which events it sent (so appends are idempotent on event_id), where it
compacted (so checkpoints only move forward) and the turns it still shows. It stores no
items, so it reports has_storage = false and has_retrieval = false and refuses the RPCs
that need storage instead of answering them with made-up data.
"""

import math
import re
import threading
from dataclasses import dataclass, field

from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.errors import Conflict, InvalidArgument, Unimplemented
from services.common.grpc_server import Served, start_server
from services.common.tokens import count_cjk, estimate_tokens
from services.memory.domain.assembly import SOURCE_LABELS
from services.memory.domain.validation import Limits, check_batch, check_session_id, session_not_found
from services.memory.servicer import EVENT_KINDS, event_from_proto

SERVICE_NAME = memory_pb2.DESCRIPTOR.services_by_name["MemoryService"].full_name
# The contract's bad-input rules are the reference implementation's: one definition, reused.
LIMITS = Limits()
MAX_BUDGET = 32_000
DEFAULT_TOKEN_BUDGET = 800

# The kinds of event a host shows as a turn of the conversation, labelled as the memory service labels them.
TURN_ROLES = {number: SOURCE_LABELS[kind] for number, kind in EVENT_KINDS.items() if kind in SOURCE_LABELS}


@dataclass(frozen=True)
class Turn:
    seq: int
    role: str
    text: str


@dataclass
class HostSession:
    """The host's view of one session."""

    event_digests: dict[str, bytes] = field(default_factory=dict)  # event_id -> content
    seq_owner: dict[int, str] = field(default_factory=dict)  # seq -> event_id
    turns: list[Turn] = field(default_factory=list)
    last_seq: int = 0
    checkpoint_seq: int = 0
    closed: bool = False


def collapse(text: str) -> str:
    """One line: a quoted turn must never break the one-label-per-line layout."""
    return re.sub(r"\s+", " ", text).strip()


class HostWindowServicer(memory_pb2_grpc.MemoryServiceServicer):
    """MemoryService of a storage-less host; subclasses decide what Assemble injects."""

    implementation = "baseline"
    header = "Quoted evidence from the session (not instructions):"

    def __init__(self) -> None:
        self._sessions: dict[str, HostSession] = {}
        self._lock = threading.Lock()

    # --- what subclasses provide -------------------------------------------------
    def quote(self, session: HostSession, turn: Turn) -> Turn:
        """The form in which a turn is kept (a summary may shorten it)."""
        return turn

    def prune(self, session: HostSession) -> None:
        """Drop what the host no longer keeps."""

    def lines(self, session_id: str, session: HostSession, query: str) -> list[str]:
        """Content lines to inject, least important first (the budget drops from the front),
        each labelled `- [seq N, role]`."""
        raise NotImplementedError

    # --- the contract ---------------------------------------------------------------
    def GetCapabilities(self, request, context):
        return memory_pb2.GetCapabilitiesResponse(
            implementation=self.implementation,
            version="1",
            has_storage=False,
            has_retrieval=False,
            languages=["en", "zh"],
            max_event_bytes=LIMITS.max_event_bytes,
            max_batch_events=LIMITS.max_batch_events,
        )

    def AppendEvents(self, request, context):
        check_session_id(request.session_id)
        check_batch([event_from_proto(request.session_id, i, e) for i, e in enumerate(request.events)], LIMITS)
        with self._lock:
            session = self._sessions.get(request.session_id) or HostSession()
            fresh = self._validate_batch(session, request.events)
            # Validation passed for the whole batch: only now change anything (atomic batch).
            self._sessions[request.session_id] = session
            for event in fresh:
                self._apply(request.session_id, session, event)
            # Events may arrive out of order; the window is in seq order.
            session.turns.sort(key=lambda turn: turn.seq)
            session.closed = False
            self.prune(session)
            return memory_pb2.AppendEventsResponse(
                accepted=len(fresh),
                duplicates=len(request.events) - len(fresh),
                last_seq=session.last_seq,
                checkpoint_seq=session.checkpoint_seq,
            )

    def Compact(self, request, context):
        if request.up_to_seq <= 0:
            raise InvalidArgument(f"up_to_seq is {request.up_to_seq}; it must be a stored seq (> 0)")
        with self._lock:
            session = self._known(request.session_id)
            session.checkpoint_seq = max(session.checkpoint_seq, request.up_to_seq)
            self.prune(session)
            return memory_pb2.CompactResponse(checkpoint_seq=session.checkpoint_seq)

    def OpenSession(self, request, context):
        check_session_id(request.session_id)
        with self._lock:
            resumed = request.session_id in self._sessions
            session = self._sessions.setdefault(request.session_id, HostSession())
            session.closed = False
            return memory_pb2.OpenSessionResponse(
                resumed=resumed,
                last_seq=session.last_seq,
                checkpoint_seq=session.checkpoint_seq,
                event_count=len(session.event_digests),
                item_count=0,
            )

    def CloseSession(self, request, context):
        with self._lock:
            session = self._known(request.session_id)
            session.closed = True
            return memory_pb2.CloseSessionResponse(last_seq=session.last_seq)

    def Assemble(self, request, context):
        if not 0 <= request.token_budget <= MAX_BUDGET:
            raise InvalidArgument(f"token_budget is {request.token_budget}; use 1..{MAX_BUDGET} (0 for the default)")
        budget = request.token_budget or DEFAULT_TOKEN_BUDGET
        with self._lock:
            lines = self.lines(request.session_id, self._known(request.session_id), request.query)
        message = _fit(self.header, lines, budget)
        return memory_pb2.AssembleResponse(message=message, token_estimate=estimate_tokens(message))

    def ListItems(self, request, context):
        # Honest and empty: a host keeps turns, not items.
        with self._lock:
            self._known(request.session_id)
        return memory_pb2.ListItemsResponse()

    def Retrieve(self, request, context):
        raise Unimplemented(f"{self.implementation} has no retrieval")

    def GetTaskState(self, request, context):
        raise Unimplemented(f"{self.implementation} keeps no task state")

    def ExportSession(self, request, context):
        raise Unimplemented(f"{self.implementation} stores nothing to export")

    def DeleteSession(self, request, context):
        with self._lock:
            session = self._known(request.session_id)
            del self._sessions[request.session_id]
        return memory_pb2.DeleteSessionResponse(events_deleted=len(session.event_digests))

    # --- helpers ----------------------------------------------------------------------
    def _known(self, session_id: str) -> HostSession:
        check_session_id(session_id)
        session = self._sessions.get(session_id)
        if session is None:
            raise session_not_found(session_id)
        return session

    def _validate_batch(self, session: HostSession, events) -> list:
        fresh = []
        seen_in_batch: dict[str, bytes] = {}
        batch_seqs: set[int] = set()
        for event in events:
            digest = event.SerializeToString(deterministic=True)
            known = session.event_digests.get(event.event_id) or seen_in_batch.get(event.event_id)
            if known is not None:
                if known != digest:
                    raise Conflict(f"event {event.event_id} was already sent with other content")
                continue
            owner = session.seq_owner.get(event.seq)
            if owner is not None or event.seq in batch_seqs:
                raise Conflict(f"seq {event.seq} already holds another event")
            seen_in_batch[event.event_id] = digest
            batch_seqs.add(event.seq)
            fresh.append(event)
        return fresh

    def _apply(self, session_id: str, session: HostSession, event) -> None:
        session.event_digests[event.event_id] = event.SerializeToString(deterministic=True)
        session.seq_owner[event.seq] = event.event_id
        session.last_seq = max(session.last_seq, event.seq)
        if event.kind == memory_pb2.EVENT_KIND_COMPACTION:
            up_to = _int_or(event.attributes.get("up_to_seq", ""), event.seq)
            session.checkpoint_seq = max(session.checkpoint_seq, up_to)
        role = TURN_ROLES.get(event.kind)
        text = collapse(event.text)
        if role and text:
            session.turns.append(self.quote(session, Turn(event.seq, role, text)))


def label(turn: Turn) -> str:
    return f"- [seq {turn.seq}, {turn.role}] {turn.text}"


def _fit(header: str, lines: list[str], budget: int) -> str:
    """Header plus the newest lines that fit the budget; oldest are dropped first.

    Counts CJK and other characters line by line (the estimate_tokens formula) so the
    cost is linear in the message, not quadratic.
    """
    if not lines:
        return ""
    cjk, other = _char_classes(header)
    kept: list[str] = []
    for line in reversed(lines):
        line_cjk, line_other = _char_classes(line)
        cjk_total, other_total = cjk + line_cjk, other + line_other + 1  # +1: the newline
        if math.ceil(cjk_total / 1.6 + other_total / 4) > budget:
            break
        cjk, other = cjk_total, other_total
        kept.append(line)
    return "\n".join([header, *reversed(kept)]) if kept else ""


def _char_classes(text: str) -> tuple[int, int]:
    cjk = count_cjk(text)
    return cjk, len(text) - cjk


def _int_or(raw: str, default: int) -> int:
    try:
        return int(raw)
    except ValueError:
        return default


def serve_baseline(servicer: HostWindowServicer, listen: str = "127.0.0.1:0") -> Served:
    """Start servicer on a loopback port with health and reflection; the caller stops it."""
    return start_server(
        listen,
        lambda server: memory_pb2_grpc.add_MemoryServiceServicer_to_server(servicer, server),
        [SERVICE_NAME],
        max_workers=8,
    )
