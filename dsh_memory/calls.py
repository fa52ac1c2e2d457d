"""One builder per MemoryService RPC: the request message, how to read the response, and whether a retry is safe.

Shared by the sync and the async client, so both send the same requests and return the same types.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from dsh.memory.v1 import memory_pb2

from dsh_memory.types import (
    ITEM_KINDS,
    ITEM_STATUSES,
    AppendResult,
    Assembly,
    Capabilities,
    Deleted,
    EventLike,
    Item,
    ItemPage,
    OpenedSession,
    SessionPage,
    SessionSummary,
    TaskState,
    _number_of,
    events_to_proto,
)

T = TypeVar("T")


@dataclass(frozen=True)
class Call(Generic[T]):
    """One RPC to make: method is the MemoryService method name, read turns its response into T.

    idempotent: sending it twice leaves the same state as sending it once, so an UNAVAILABLE
    answer (which may come after the server acted, when the connection drops) can be retried.
    """

    method: str
    request: Any
    read: Callable[[Any], T]
    idempotent: bool


def get_capabilities() -> Call[Capabilities]:
    return Call("GetCapabilities", memory_pb2.GetCapabilitiesRequest(), Capabilities.from_proto, True)


def append_events(session_id: str, events: Iterable[EventLike], user_id: str) -> Call[AppendResult]:
    # Idempotent on (session_id, event_id): a retried batch counts as duplicates, not twice.
    request = memory_pb2.AppendEventsRequest(session_id=session_id, events=events_to_proto(events), user_id=user_id)
    return Call("AppendEvents", request, AppendResult.from_proto, True)


def compact(session_id: str, up_to_seq: int, summary: str) -> Call[int]:
    # The checkpoint only moves forward: a second identical Compact changes nothing.
    request = memory_pb2.CompactRequest(session_id=session_id, up_to_seq=up_to_seq, summary=summary)
    return Call("Compact", request, lambda r: r.checkpoint_seq, True)


def open_session(session_id: str, user_id: str) -> Call[OpenedSession]:
    request = memory_pb2.OpenSessionRequest(session_id=session_id, user_id=user_id)
    return Call("OpenSession", request, OpenedSession.from_proto, True)


def close_session(session_id: str) -> Call[int]:
    return Call("CloseSession", memory_pb2.CloseSessionRequest(session_id=session_id), lambda r: r.last_seq, True)


def retrieve(session_id: str, query: str, limit: int | None, include_superseded: bool) -> Call[list[Item]]:
    request = memory_pb2.RetrieveRequest(session_id=session_id, query=query, limit=limit or 0, include_superseded=include_superseded)
    return Call("Retrieve", request, lambda r: [Item.from_proto(i) for i in r.items], True)


def assemble(session_id: str, query: str, token_budget: int | None) -> Call[Assembly]:
    request = memory_pb2.AssembleRequest(session_id=session_id, query=query, token_budget=token_budget or 0)
    return Call("Assemble", request, Assembly.from_proto, True)


def list_items(session_id: str, kind: str | None, status: str | None, key: str, page_size: int | None, page_token: str) -> Call[ItemPage]:
    request = memory_pb2.ListItemsRequest(
        session_id=session_id,
        kind=_number_of(ITEM_KINDS, kind, "item kind") if kind else 0,  # type: ignore[arg-type]
        status=_number_of(ITEM_STATUSES, status, "item status") if status else 0,  # type: ignore[arg-type]
        key=key,
        page_size=page_size or 0,
        page_token=page_token,
    )
    return Call("ListItems", request, ItemPage.from_proto, True)


def get_task_state(session_id: str) -> Call[TaskState]:
    return Call("GetTaskState", memory_pb2.GetTaskStateRequest(session_id=session_id), TaskState.from_proto, True)


def export_session(session_id: str) -> Call[str]:
    return Call("ExportSession", memory_pb2.ExportSessionRequest(session_id=session_id), lambda r: r.json, True)


def delete_session(session_id: str) -> Call[Deleted]:
    # Not retried: had the first attempt deleted the session, the retry would answer NOT_FOUND
    # and hide what was deleted.
    return Call("DeleteSession", memory_pb2.DeleteSessionRequest(session_id=session_id), Deleted.from_session, False)


def list_sessions(user_id: str, page_size: int | None, page_token: str) -> Call[SessionPage]:
    request = memory_pb2.ListSessionsRequest(user_id=user_id, page_size=page_size or 0, page_token=page_token)
    return Call("ListSessions", request, SessionPage.from_proto, True)


def import_session(document: str, session_id: str, user_id: str) -> Call[SessionSummary]:
    # Not retried: a first attempt that succeeded makes the retry fail (the session exists).
    request = memory_pb2.ImportSessionRequest(json=document, session_id=session_id, user_id=user_id)
    return Call("ImportSession", request, lambda r: SessionSummary.from_proto(r.session), False)


def delete_user_data(user_id: str) -> Call[Deleted]:
    # Not retried: a retry would also delete sessions of that user written between the attempts.
    return Call("DeleteUserData", memory_pb2.DeleteUserDataRequest(user_id=user_id), Deleted.from_bulk, False)


def delete_tenant_data(tenant: str) -> Call[Deleted]:
    # Not retried: a retry would also delete whatever the tenant wrote between the attempts.
    return Call("DeleteTenantData", memory_pb2.DeleteTenantDataRequest(tenant=tenant), Deleted.from_bulk, False)
