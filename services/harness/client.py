"""Timed MemoryService and AnswererService calls: a deadline on each, latency measured at the client."""

import contextlib
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import ClassVar

import grpc
from dsh.answerer.v1 import answerer_pb2, answerer_pb2_grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import open_channel
from services.common.security import PLAINTEXT, ClientCredentials
from services.harness.records import AnswerRecord, ItemView, ScenarioRun


def item_view(item: memory_pb2.Item) -> ItemView:
    return ItemView(
        item_id=item.item_id,
        kind=memory_pb2.ItemKind.Name(item.kind).removeprefix("ITEM_KIND_").lower(),
        key=item.key,
        value=item.value,
        unit=item.unit,
        condition=item.condition,
        status=memory_pb2.ItemStatus.Name(item.status).removeprefix("ITEM_STATUS_").lower(),
        superseded_by=item.superseded_by,
        source_event_ids=tuple(item.source_event_ids),
        source_kind=memory_pb2.EventKind.Name(item.source_kind).removeprefix("EVENT_KIND_").lower(),
        text=item.text,
    )


class MemoryConnection:
    """One baseline's address, with one channel per session (sessions never share one)."""

    def __init__(
        self,
        name: str,
        address: str,
        timeout: float,
        restart: Callable[[], None] | None = None,
        credentials: ClientCredentials = PLAINTEXT,
        session_prefix: str = "",
    ):
        self.name = name
        self.address = address
        # The run's sessions are named "<run id>-<fixture session>" on the wire, so runs sharing one
        # memory service never meet each other's events (see wire_session).
        self.session_prefix = session_prefix
        self._credentials = credentials
        self.timeout = timeout
        self._restart = restart
        self._channels: dict[str, grpc.Channel] = {}
        self.capabilities = memory_pb2.GetCapabilitiesResponse()

    @property
    def restarts_process(self) -> bool:
        return self._restart is not None

    def stub(self, session_id: str) -> memory_pb2_grpc.MemoryServiceStub:
        channel = self._channels.get(session_id)
        if channel is None:
            channel = self._channels[session_id] = open_channel(self.address, self._credentials)
        return memory_pb2_grpc.MemoryServiceStub(channel)

    def fetch_capabilities(self) -> memory_pb2.GetCapabilitiesResponse:
        """GetCapabilities; raises grpc.RpcError when the service cannot be reached."""
        self.capabilities = self.stub("").GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=self.timeout)
        return self.capabilities

    def wire_session(self, session_id: str) -> str:
        """The id memory knows the fixture's session by in this run."""
        return self.session_prefix + session_id if session_id else session_id

    def delete_sessions(self, session_ids: Iterable[str]) -> tuple[int, list[str]]:
        """Delete this run's copies of the sessions; (deleted, "<session>: <code>" for each failure).
        A session the run never created (a baseline without storage) is not a failure."""
        deleted, failures = 0, []
        for session_id in session_ids:
            wire = self.wire_session(session_id)
            try:
                self.stub(session_id).DeleteSession(memory_pb2.DeleteSessionRequest(session_id=wire), timeout=self.timeout)
                deleted += 1
            except grpc.RpcError as exc:
                if exc.code() not in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.UNIMPLEMENTED):
                    failures.append(f"{wire}: {exc.code().name}")
        return deleted, failures

    def restart(self) -> None:
        """Stop and start the local process; channels are reopened to skip reconnect backoff."""
        self.close()
        assert self._restart is not None
        self._restart()

    def close(self) -> None:
        for channel in self._channels.values():
            channel.close()
        self._channels.clear()


class TimedMemory:
    """Calls for one session of one scenario run, recording latency and unexpected errors."""

    def __init__(self, connection: MemoryConnection, run: ScenarioRun):
        self._connection = connection
        self._run = run

    def call(self, session_id: str, rpc: str, request):
        """The response, or None after recording the error in the run."""
        method = getattr(self._connection.stub(session_id), rpc)
        wire = self._connection.wire_session(request.session_id)
        if wire != request.session_id:
            # Prepared requests are shared by every baseline: the run's name goes on a copy.
            named = type(request)()
            named.CopyFrom(request)
            named.session_id = wire
            request = named
        start = time.perf_counter()
        try:
            response = method(request, timeout=self._connection.timeout)
        except grpc.RpcError as exc:
            self._run.latencies_ms.append((time.perf_counter() - start) * 1000)
            self._run.errors.append(f"{rpc}({wire or session_id}): {exc.code().name}: {exc.details()}")
            return None
        self._run.latencies_ms.append((time.perf_counter() - start) * 1000)
        return response

    def list_items(self, session_id: str) -> list[ItemView] | None:
        """Every item of the session, paging through ListItems."""
        items: list[ItemView] = []
        token = ""
        while True:
            page = self.call(session_id, "ListItems", memory_pb2.ListItemsRequest(session_id=session_id, page_size=1000, page_token=token))
            if page is None:
                return None
            items.extend(item_view(item) for item in page.items)
            token = page.next_page_token
            if not token:
                return items


class Answerer:
    """The answerer service: one channel for the whole run.

    A model answers one question at a time (a local server computes them in turn): llm calls are
    serialized here, so an answer's latency is its own, not time spent queued behind another
    baseline's question. Deterministic calls run in parallel, as before.
    """

    MODES: ClassVar[Mapping[str, int]] = {"deterministic": answerer_pb2.ANSWER_MODE_DETERMINISTIC, "llm": answerer_pb2.ANSWER_MODE_LLM}

    def __init__(
        self, address: str, mode: str, timeout: float, credentials: ClientCredentials = PLAINTEXT, *, llm_timeout: float | None = None
    ):
        self.address = address
        self.mode = mode
        self._channel = open_channel(address, credentials)
        self._stub = answerer_pb2_grpc.AnswererServiceStub(self._channel)
        self._timeout = timeout
        self._llm_timeout = llm_timeout or timeout
        self._llm_lock = threading.Lock()

    def answer(self, question: str, context: str, kind: str, lang: str, mode: str = "") -> AnswerRecord:
        """One answer in mode (default: the run's); a failed call is a record with its error, never raised."""
        mode = mode or self.mode
        request = answerer_pb2.AnswerRequest(question=question, context=context, kind=kind, lang=lang, mode=self.MODES[mode])
        guard = self._llm_lock if mode == "llm" else contextlib.nullcontext()
        with guard:
            start = time.perf_counter()
            try:
                reply = self._stub.Answer(request, timeout=self._llm_timeout if mode == "llm" else self._timeout)
            except grpc.RpcError as exc:
                elapsed = (time.perf_counter() - start) * 1000
                return AnswerRecord(mode, error=f"Answer({mode}): {exc.code().name}: {exc.details()}", latency_ms=elapsed)
            elapsed = (time.perf_counter() - start) * 1000
        return AnswerRecord(mode, reply.answer, "", elapsed, reply.prompt_tokens, reply.completion_tokens)

    def info(self) -> answerer_pb2.GetInfoResponse:
        """GetInfo; raises grpc.RpcError when the answerer cannot be reached."""
        return self._stub.GetInfo(answerer_pb2.GetInfoRequest(), timeout=self._timeout)

    def close(self) -> None:
        self._channel.close()
