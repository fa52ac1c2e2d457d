"""MemoryClient: the synchronous client, one method per MemoryService RPC."""

import time
from collections.abc import Iterable
from types import TracebackType
from typing import TypeVar

import grpc
from dsh.memory.v1 import memory_pb2_grpc

from dsh_memory import calls
from dsh_memory.connection import ClientOptions, Connection
from dsh_memory.errors import from_rpc_error
from dsh_memory.types import (
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
)

T = TypeVar("T")


class MemoryClient(ClientOptions):
    """A connection to a MemoryService. Use it as a context manager, or call close().

    Options (address, api_key, tls*, timeout, retry): see dsh_memory.connection.ClientOptions.

    Failures raise DshMemoryError subclasses (dsh_memory.errors) that keep the gRPC code and message.
    """

    def _open(self, connection: Connection) -> None:
        self.connection = connection
        self._channel = connection.open_channel()
        self._stub = memory_pb2_grpc.MemoryServiceStub(self._channel)

    def close(self) -> None:
        """Close the channel; calls after this fail."""
        self._channel.close()

    def __enter__(self) -> "MemoryClient":
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def _invoke(self, call: calls.Call[T], timeout: float | None) -> T:
        deadline = time.monotonic() + (timeout if timeout is not None else self.connection.timeout)
        method = getattr(self._stub, call.method)
        attempt = 0
        while True:
            attempt += 1
            try:
                response = method(call.request, timeout=max(deadline - time.monotonic(), 0.001), metadata=self.connection.metadata)
            except grpc.RpcError as exc:
                error = from_rpc_error(exc, call.method)
                pause = self.connection.retry.pause_before_retry(error, attempt, call.idempotent, deadline)
                if pause is None:
                    raise error from exc
                time.sleep(pause)
                continue
            return call.read(response)

    def get_capabilities(self, *, timeout: float | None = None) -> Capabilities:
        """What the implementation is and its limits (max event bytes, max batch events)."""
        return self._invoke(calls.get_capabilities(), timeout)

    def append_events(
        self, session_id: str, events: Iterable[EventLike], *, user_id: str = "", timeout: float | None = None
    ) -> AppendResult:
        """Store a batch of events atomically (the session is created on first write).

        events: Event objects or dicts {"seq": 1, "kind": "user", "text": "..."}. Idempotent on
        event ids, so it is retried; a seq already stored with other content raises
        FailedPreconditionError and writes nothing. user_id names the end user (for DeleteUserData).
        """
        return self._invoke(calls.append_events(session_id, events, user_id), timeout)

    def compact(self, session_id: str, up_to_seq: int, *, summary: str = "", timeout: float | None = None) -> int:
        """Record that the host compacted its window up to up_to_seq; returns the checkpoint (only moves forward)."""
        return self._invoke(calls.compact(session_id, up_to_seq, summary), timeout)

    def open_session(self, session_id: str, *, user_id: str = "", timeout: float | None = None) -> OpenedSession:
        """Create a session, or resume a closed one with all it had."""
        return self._invoke(calls.open_session(session_id, user_id), timeout)

    def close_session(self, session_id: str, *, timeout: float | None = None) -> int:
        """Mark a session closed (nothing is deleted); returns its last seq."""
        return self._invoke(calls.close_session(session_id), timeout)

    def retrieve(
        self, session_id: str, query: str, *, limit: int | None = None, include_superseded: bool = False, timeout: float | None = None
    ) -> list[Item]:
        """Ranked items for a query, best first (limit: server default 10, at most 100)."""
        return self._invoke(calls.retrieve(session_id, query, limit, include_superseded), timeout)

    def assemble(self, session_id: str, query: str, *, token_budget: int | None = None, timeout: float | None = None) -> Assembly:
        """The evidence-labelled message to inject for a query, within token_budget (server default 800)."""
        return self._invoke(calls.assemble(session_id, query, token_budget), timeout)

    def list_items(
        self,
        session_id: str,
        *,
        kind: str | None = None,
        status: str | None = None,
        key: str = "",
        page_size: int | None = None,
        page_token: str = "",
        timeout: float | None = None,
    ) -> ItemPage:
        """One page of stored items in creation order; filter by kind ("rule", "fact", ...), status ("active", "superseded"), key."""
        return self._invoke(calls.list_items(session_id, kind, status, key, page_size, page_token), timeout)

    def get_task_state(self, session_id: str, *, timeout: float | None = None) -> TaskState:
        """The current goal, progress, blockers, open items, and the history of what was replaced or resolved."""
        return self._invoke(calls.get_task_state(session_id), timeout)

    def export_session(self, session_id: str, *, timeout: float | None = None) -> str:
        """The session's events and items as a scrubbed JSON document (ImportSession takes it back)."""
        return self._invoke(calls.export_session(session_id), timeout)

    def delete_session(self, session_id: str, *, timeout: float | None = None) -> Deleted:
        """Remove everything of a session. Not retried."""
        return self._invoke(calls.delete_session(session_id), timeout)

    def list_sessions(
        self, *, user_id: str = "", page_size: int | None = None, page_token: str = "", timeout: float | None = None
    ) -> SessionPage:
        """One page of the caller's tenant's sessions in session_id order (only user_id's when given)."""
        return self._invoke(calls.list_sessions(user_id, page_size, page_token), timeout)

    def import_session(self, document: str, *, session_id: str = "", user_id: str = "", timeout: float | None = None) -> SessionSummary:
        """Recreate a session from an export_session document (under session_id when given). Not retried."""
        return self._invoke(calls.import_session(document, session_id, user_id), timeout)

    def delete_user_data(self, user_id: str, *, timeout: float | None = None) -> Deleted:
        """Remove every session of one end user of the caller's tenant (admin key). Not retried."""
        return self._invoke(calls.delete_user_data(user_id), timeout)

    def delete_tenant_data(self, tenant: str, *, timeout: float | None = None) -> Deleted:
        """Remove every session of the caller's tenant, named again as a confirmation (admin key). Not retried."""
        return self._invoke(calls.delete_tenant_data(tenant), timeout)
