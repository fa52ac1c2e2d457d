"""Real memory servers for the tests: in-process on a loopback port, or a subprocess."""

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import wait_for_serving
from services.common.ports import free_port
from services.memory.server import build_server
from services.memory.settings import Settings

KIND = {
    "user": memory_pb2.EVENT_KIND_USER_MESSAGE,
    "assistant": memory_pb2.EVENT_KIND_ASSISTANT_MESSAGE,
    "tool_call": memory_pb2.EVENT_KIND_TOOL_CALL,
    "tool": memory_pb2.EVENT_KIND_TOOL_RESULT,
    "compaction": memory_pb2.EVENT_KIND_COMPACTION,
    "cancel": memory_pb2.EVENT_KIND_CANCEL,
}


def event(seq: int, text: str, kind: str = "user", event_id: str | None = None, **attributes: str) -> memory_pb2.Event:
    return memory_pb2.Event(seq=seq, event_id=event_id or f"e{seq}", kind=KIND[kind], text=text, attributes=attributes)


def append(stub, session_id: str, *events: memory_pb2.Event) -> memory_pb2.AppendEventsResponse:
    return stub.AppendEvents(memory_pb2.AppendEventsRequest(session_id=session_id, events=list(events)), timeout=10)


def all_items(stub, session_id: str, **filters) -> list[memory_pb2.Item]:
    items, token = [], ""
    while True:
        page = stub.ListItems(memory_pb2.ListItemsRequest(session_id=session_id, page_token=token, page_size=50, **filters), timeout=10)
        items.extend(page.items)
        token = page.next_page_token
        if not token:
            return items


@dataclass
class Running:
    stub: memory_pb2_grpc.MemoryServiceStub
    address: str
    db_path: Path


@pytest.fixture
def memory_settings(tmp_path: Path) -> Settings:
    return Settings(listen="127.0.0.1:0", db_path=str(tmp_path / "memory.sqlite"), max_event_bytes=4096, max_batch_events=50)


@pytest.fixture
def memory(memory_settings: Settings) -> Iterator[Running]:
    server = build_server(memory_settings)
    address = f"127.0.0.1:{server.port}"
    channel = grpc.insecure_channel(address)
    try:
        yield Running(memory_pb2_grpc.MemoryServiceStub(channel), address, Path(memory_settings.db_path))
    finally:
        channel.close()
        server.stop(grace=1)


class MemoryProcess:
    """`python -m services.memory` as a real child process on a fixed loopback port and DB file."""

    def __init__(self, db_path: Path, env: dict[str, str] | None = None):
        self.db_path = db_path
        self.extra_env = env or {}
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        env = {**os.environ, "MEMORY_LISTEN": self.address, "MEMORY_DB": str(self.db_path), "MEMORY_LOG_FORMAT": "json", **self.extra_env}
        self.proc = subprocess.Popen([sys.executable, "-m", "services.memory"], env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
        wait_for_serving(self.address, timeout=20)

    def stop(self, sig: int = signal.SIGTERM) -> int:
        assert self.proc is not None
        self.proc.send_signal(sig)
        code = self.proc.wait(timeout=20)
        self.proc.stderr.close()
        self.proc = None
        return code


@pytest.fixture
def memory_process(tmp_path: Path) -> Iterator[MemoryProcess]:
    process = MemoryProcess(tmp_path / "memory.sqlite")
    try:
        yield process
    finally:
        if process.proc is not None:
            process.stop(signal.SIGKILL)
