"""The MCP server's only way to the memory service: one method per RPC it needs, over gRPC.

Shaped like the installable client (`dsh_memory.MemoryClient`: snake_case methods, a deadline on
every call, errors that keep the gRPC code and message), so that it can replace this module in a
few lines once both are on one branch.
"""

import threading
from collections import OrderedDict
from dataclasses import dataclass

import grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import open_channel
from services.common.security import ClientCredentials

# Channels for keys forwarded from HTTP callers; a handful of agents share one server, so a
# small cache keeps their connections warm without growing with every key ever seen.
MAX_FORWARDED_CHANNELS = 32


class MemoryCallError(Exception):
    """A memory RPC failed; code is the gRPC status, message what memory said."""

    def __init__(self, code: grpc.StatusCode, message: str):
        super().__init__(f"{code.name}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class NewEvent:
    """One event to append: seq and event_id already decided by the caller."""

    seq: int
    event_id: str
    kind: int  # memory_pb2.EventKind
    text: str


class MemoryBackend:
    """Calls memory at address with credentials; `with_key` gives the same calls under another bearer key."""

    def __init__(self, address: str, credentials: ClientCredentials, *, deadline_seconds: float):
        self._address = address
        self._credentials = credentials
        self._deadline = deadline_seconds
        self._default = memory_pb2_grpc.MemoryServiceStub(open_channel(address, credentials))
        self._forwarded: OrderedDict[str, tuple[grpc.Channel, memory_pb2_grpc.MemoryServiceStub]] = OrderedDict()
        self._lock = threading.Lock()

    def _stub(self, api_key: str) -> memory_pb2_grpc.MemoryServiceStub:
        if not api_key or api_key == self._credentials.api_key:
            return self._default
        with self._lock:
            entry = self._forwarded.get(api_key)
            if entry is None:
                channel = open_channel(self._address, self._credentials.with_key(api_key))
                entry = self._forwarded[api_key] = (channel, memory_pb2_grpc.MemoryServiceStub(channel))
                if len(self._forwarded) > MAX_FORWARDED_CHANNELS:
                    self._forwarded.popitem(last=False)[1][0].close()
            self._forwarded.move_to_end(api_key)
            return entry[1]

    def _call(self, api_key: str, rpc: str, request):
        try:
            return getattr(self._stub(api_key), rpc)(request, timeout=self._deadline)
        except grpc.RpcError as exc:
            raise MemoryCallError(exc.code(), exc.details() or "") from exc

    def open_session(self, session_id: str, *, user_id: str = "", api_key: str = "") -> memory_pb2.OpenSessionResponse:
        """Open (creating when new) a session; the response carries last_seq."""
        return self._call(api_key, "OpenSession", memory_pb2.OpenSessionRequest(session_id=session_id, user_id=user_id))

    def append_events(self, session_id: str, events: list[NewEvent], *, user_id: str = "", api_key: str = "") -> memory_pb2.AppendEventsResponse:
        request = memory_pb2.AppendEventsRequest(
            session_id=session_id,
            user_id=user_id,
            events=[memory_pb2.Event(seq=e.seq, event_id=e.event_id, kind=e.kind, text=e.text) for e in events],
        )
        return self._call(api_key, "AppendEvents", request)

    def assemble(self, session_id: str, query: str, token_budget: int, *, api_key: str = "") -> memory_pb2.AssembleResponse:
        return self._call(api_key, "Assemble", memory_pb2.AssembleRequest(session_id=session_id, query=query, token_budget=token_budget))

    def retrieve(self, session_id: str, query: str, limit: int, include_superseded: bool, *, api_key: str = "") -> memory_pb2.RetrieveResponse:
        request = memory_pb2.RetrieveRequest(session_id=session_id, query=query, limit=limit, include_superseded=include_superseded)
        return self._call(api_key, "Retrieve", request)

    def get_task_state(self, session_id: str, *, api_key: str = "") -> memory_pb2.GetTaskStateResponse:
        return self._call(api_key, "GetTaskState", memory_pb2.GetTaskStateRequest(session_id=session_id))

    def delete_session(self, session_id: str, *, api_key: str = "") -> memory_pb2.DeleteSessionResponse:
        return self._call(api_key, "DeleteSession", memory_pb2.DeleteSessionRequest(session_id=session_id))
