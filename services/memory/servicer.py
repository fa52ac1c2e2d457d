"""MemoryService servicer: translates between protobuf and the domain, nothing else."""

from collections.abc import Mapping
from datetime import UTC
from typing import TypeVar

import grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc
from google.protobuf.timestamp_pb2 import Timestamp

from services.common.errors import InvalidArgument
from services.common.principal import current_principal
from services.memory.domain.model import ClosedTask, Event, EventKind, Item, ItemFilter, ItemKind, ItemStatus, SessionState
from services.memory.domain.service import MemoryCore

# An RPC's context; None when the servicer is called in process (the harness's bench does).
Context = grpc.ServicerContext | None

EVENT_KINDS = {
    memory_pb2.EVENT_KIND_USER_MESSAGE: EventKind.USER_MESSAGE,
    memory_pb2.EVENT_KIND_ASSISTANT_MESSAGE: EventKind.ASSISTANT_MESSAGE,
    memory_pb2.EVENT_KIND_TOOL_CALL: EventKind.TOOL_CALL,
    memory_pb2.EVENT_KIND_TOOL_RESULT: EventKind.TOOL_RESULT,
    memory_pb2.EVENT_KIND_COMPACTION: EventKind.COMPACTION,
    memory_pb2.EVENT_KIND_SESSION_START: EventKind.SESSION_START,
    memory_pb2.EVENT_KIND_SESSION_END: EventKind.SESSION_END,
    memory_pb2.EVENT_KIND_CANCEL: EventKind.CANCEL,
}
EVENT_KIND_PROTO = {kind: number for number, kind in EVENT_KINDS.items()}
ITEM_KINDS = {
    memory_pb2.ITEM_KIND_RULE: ItemKind.RULE,
    memory_pb2.ITEM_KIND_FACT: ItemKind.FACT,
    memory_pb2.ITEM_KIND_NUMBER: ItemKind.NUMBER,
    memory_pb2.ITEM_KIND_TASK: ItemKind.TASK,
    memory_pb2.ITEM_KIND_EVIDENCE: ItemKind.EVIDENCE,
}
ITEM_KIND_PROTO = {kind: number for number, kind in ITEM_KINDS.items()}
ITEM_STATUSES = {memory_pb2.ITEM_STATUS_ACTIVE: ItemStatus.ACTIVE, memory_pb2.ITEM_STATUS_SUPERSEDED: ItemStatus.SUPERSEDED}
ITEM_STATUS_PROTO = {status: number for number, status in ITEM_STATUSES.items()}


def event_from_proto(session_id: str, index: int, event: memory_pb2.Event) -> Event:
    kind = EVENT_KINDS.get(event.kind)
    if kind is None:
        name = "unspecified" if event.kind == 0 else f"unknown ({event.kind})"
        raise InvalidArgument(f"events[{index}].kind is {name}; set one of the EVENT_KIND_* values")
    created_at = ""
    if event.HasField("created_at"):
        _check_timestamp(event.created_at, f"events[{index}].created_at")
        created_at = event.created_at.ToDatetime(tzinfo=UTC).isoformat().replace("+00:00", "Z")
    return Event(
        session_id=session_id,
        seq=event.seq,
        event_id=event.event_id,
        kind=kind,
        text=event.text,
        created_at=created_at,
        attributes=tuple(sorted(event.attributes.items())),
    )


# google.protobuf.Timestamp's range: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z.
MIN_TIMESTAMP_SECONDS = -62_135_596_800
MAX_TIMESTAMP_SECONDS = 253_402_300_799


def _check_timestamp(stamp: Timestamp, field: str) -> None:
    if not MIN_TIMESTAMP_SECONDS <= stamp.seconds <= MAX_TIMESTAMP_SECONDS:
        raise InvalidArgument(f"{field}.seconds is {stamp.seconds}; a timestamp must fall in the years 1 to 9999")
    if not 0 <= stamp.nanos <= 999_999_999:
        raise InvalidArgument(f"{field}.nanos is {stamp.nanos}; use 0..999999999")


def item_to_proto(item: Item, score: float = 0.0) -> memory_pb2.Item:
    return memory_pb2.Item(
        item_id=item.item_id,
        kind=ITEM_KIND_PROTO[item.kind],
        key=item.key,
        value=item.value,
        unit=item.unit,
        condition=item.condition,
        status=ITEM_STATUS_PROTO[item.status],
        superseded_by=item.superseded_by,
        lang=item.lang,
        source_seqs=list(item.source_seqs),
        source_event_ids=list(item.source_event_ids),
        score=score,
        text=item.text,
        source_kind=EVENT_KIND_PROTO[item.source_kind],
    )


def _task_entry(item: Item) -> memory_pb2.TaskEntry:
    return memory_pb2.TaskEntry(text=item.value, source_seqs=list(item.source_seqs), source_event_ids=list(item.source_event_ids))


def _closed_entry(closed: ClosedTask) -> memory_pb2.TaskEntry:
    entry = _task_entry(closed.item)
    entry.field = closed.item.task_field.value if closed.item.task_field else ""
    entry.closed_by_seq = closed.closed_by_seq
    return entry


K = TypeVar("K")
V = TypeVar("V")


def _enum(mapping: Mapping[K, V], value: K, field: str) -> V | None:
    if value == 0:
        return None
    if value not in mapping:
        raise InvalidArgument(f"{field} {value} is not a known value")
    return mapping[value]


class MemoryServicer(memory_pb2_grpc.MemoryServiceServicer):
    def __init__(self, core: MemoryCore):
        self.core = core

    def GetCapabilities(self, request: memory_pb2.GetCapabilitiesRequest, context: Context) -> memory_pb2.GetCapabilitiesResponse:
        caps = self.core.capabilities
        return memory_pb2.GetCapabilitiesResponse(
            implementation=caps.implementation,
            version=caps.version,
            has_storage=True,
            has_retrieval=True,
            languages=list(caps.languages),
            max_event_bytes=caps.limits.max_event_bytes,
            max_batch_events=caps.limits.max_batch_events,
            retrieval=caps.retrieval,
        )

    def AppendEvents(self, request: memory_pb2.AppendEventsRequest, context: Context) -> memory_pb2.AppendEventsResponse:
        events = [event_from_proto(request.session_id, i, e) for i, e in enumerate(request.events)]
        # A call cancelled by its caller, or by the server when its grace period runs out, stops planning.
        interrupted = (lambda: not context.is_active()) if context is not None else None
        result = self.core.append(request.session_id, events, interrupted, tenant=_tenant(), user_id=request.user_id)
        return memory_pb2.AppendEventsResponse(
            accepted=result.accepted, duplicates=result.duplicates, last_seq=result.last_seq, checkpoint_seq=result.checkpoint_seq
        )

    def Compact(self, request: memory_pb2.CompactRequest, context: Context) -> memory_pb2.CompactResponse:
        checkpoint = self.core.compact(request.session_id, request.up_to_seq, request.summary, tenant=_tenant())
        return memory_pb2.CompactResponse(checkpoint_seq=checkpoint)

    def OpenSession(self, request: memory_pb2.OpenSessionRequest, context: Context) -> memory_pb2.OpenSessionResponse:
        state, resumed = self.core.open_session(request.session_id, tenant=_tenant(), user_id=request.user_id)
        return memory_pb2.OpenSessionResponse(
            resumed=resumed,
            last_seq=state.last_seq,
            checkpoint_seq=state.checkpoint_seq,
            event_count=state.event_count,
            item_count=state.item_count,
        )

    def CloseSession(self, request: memory_pb2.CloseSessionRequest, context: Context) -> memory_pb2.CloseSessionResponse:
        state = self.core.close_session(request.session_id, tenant=_tenant())
        return memory_pb2.CloseSessionResponse(last_seq=state.last_seq)

    def Retrieve(self, request: memory_pb2.RetrieveRequest, context: Context) -> memory_pb2.RetrieveResponse:
        ranked = self.core.retrieve(request.session_id, request.query, request.limit, request.include_superseded, tenant=_tenant())
        return memory_pb2.RetrieveResponse(items=[item_to_proto(s.item, s.score) for s in ranked])

    def Assemble(self, request: memory_pb2.AssembleRequest, context: Context) -> memory_pb2.AssembleResponse:
        result = self.core.assemble(request.session_id, request.query, request.token_budget, tenant=_tenant())
        return memory_pb2.AssembleResponse(message=result.message, item_ids=list(result.item_ids), token_estimate=result.token_estimate)

    def ListItems(self, request: memory_pb2.ListItemsRequest, context: Context) -> memory_pb2.ListItemsResponse:
        flt = ItemFilter(
            kind=_enum(ITEM_KINDS, request.kind, "kind"),
            status=_enum(ITEM_STATUSES, request.status, "status"),
            key=request.key,
        )
        items, token = self.core.list_items(request.session_id, flt, request.page_size, request.page_token, tenant=_tenant())
        return memory_pb2.ListItemsResponse(items=[item_to_proto(i) for i in items], next_page_token=token)

    def GetTaskState(self, request: memory_pb2.GetTaskStateRequest, context: Context) -> memory_pb2.GetTaskStateResponse:
        task = self.core.task_state(request.session_id, tenant=_tenant())
        return memory_pb2.GetTaskStateResponse(
            goal=_task_entry(task.goal) if task.goal is not None else None,
            progress=[_task_entry(i) for i in task.progress],
            blockers=[_task_entry(i) for i in task.blockers],
            open_items=[_task_entry(i) for i in task.open_items],
            history=[_closed_entry(closed) for closed in task.history],
        )

    def ExportSession(self, request: memory_pb2.ExportSessionRequest, context: Context) -> memory_pb2.ExportSessionResponse:
        return memory_pb2.ExportSessionResponse(json=self.core.export(request.session_id, tenant=_tenant()))

    def DeleteSession(self, request: memory_pb2.DeleteSessionRequest, context: Context) -> memory_pb2.DeleteSessionResponse:
        events, items = self.core.delete_session(request.session_id, tenant=_tenant())
        return memory_pb2.DeleteSessionResponse(events_deleted=events, items_deleted=items)

    def ListSessions(self, request: memory_pb2.ListSessionsRequest, context: Context) -> memory_pb2.ListSessionsResponse:
        sessions, token = self.core.list_sessions(
            tenant=_tenant(), user_id=request.user_id, page_size=request.page_size, page_token=request.page_token
        )
        return memory_pb2.ListSessionsResponse(sessions=[_summary(s) for s in sessions], next_page_token=token)

    def ImportSession(self, request: memory_pb2.ImportSessionRequest, context: Context) -> memory_pb2.ImportSessionResponse:
        state = self.core.import_session(request.json, tenant=_tenant(), session_id=request.session_id, user_id=request.user_id)
        return memory_pb2.ImportSessionResponse(session=_summary(state))

    def DeleteUserData(self, request: memory_pb2.DeleteUserDataRequest, context: Context) -> memory_pb2.DeleteUserDataResponse:
        sessions, events, items = self.core.delete_user_data(request.user_id, tenant=_tenant())
        return memory_pb2.DeleteUserDataResponse(sessions_deleted=sessions, events_deleted=events, items_deleted=items)

    def DeleteTenantData(self, request: memory_pb2.DeleteTenantDataRequest, context: Context) -> memory_pb2.DeleteTenantDataResponse:
        sessions, events, items = self.core.delete_tenant_data(request.tenant, tenant=_tenant())
        return memory_pb2.DeleteTenantDataResponse(sessions_deleted=sessions, events_deleted=events, items_deleted=items)


def _tenant() -> str:
    # The auth interceptor bound the caller; with authentication off every caller is tenant "default".
    return current_principal().tenant


def _summary(state: SessionState) -> memory_pb2.SessionSummary:
    return memory_pb2.SessionSummary(
        session_id=state.session_id,
        user_id=state.user_id,
        last_seq=state.last_seq,
        checkpoint_seq=state.checkpoint_seq,
        event_count=state.event_count,
        item_count=state.item_count,
        closed=state.closed,
    )
