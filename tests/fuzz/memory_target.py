"""The memory service as a fuzz target: its methods, a control session planted before the run
and checked after it, and the servers `make fuzz` starts for each store."""

import contextlib
from collections.abc import Iterator
from pathlib import Path

import grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from services.memory.server import build_server
from services.memory.settings import Settings
from tests.fuzz.runner import unary_methods

SERVICE = memory_pb2.DESCRIPTOR.services_by_name["MemoryService"]
METHODS = unary_methods(SERVICE)
# Never drawn by the strategies (their session pool is fz-*), so nothing fuzzed may touch it.
CONTROL_SESSION = "control-session-not-fuzzed"
CONTROL_EVENTS = [
    memory_pb2.Event(seq=1, event_id="c1", kind=memory_pb2.EVENT_KIND_USER_MESSAGE, text="The deploy target is eu-west-1."),
    memory_pb2.Event(seq=2, event_id="c2", kind=memory_pb2.EVENT_KIND_USER_MESSAGE, text="Always run the linter before committing."),
]


def plant_control(channel: grpc.Channel) -> str:
    """Write the control session; returns its export to compare with after the run."""
    stub = memory_pb2_grpc.MemoryServiceStub(channel)
    stub.AppendEvents(memory_pb2.AppendEventsRequest(session_id=CONTROL_SESSION, events=CONTROL_EVENTS), timeout=30)
    return stub.ExportSession(memory_pb2.ExportSessionRequest(session_id=CONTROL_SESSION), timeout=30).json


def control_problems(channel: grpc.Channel, export_before: str) -> list[str]:
    """What is wrong after the run: not SERVING, or the control session changed or unreadable."""
    problems = []
    health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=30)
    if health.status != health_pb2.HealthCheckResponse.SERVING:
        problems.append(f"health is {health_pb2.HealthCheckResponse.ServingStatus.Name(health.status)}")
    stub = memory_pb2_grpc.MemoryServiceStub(channel)
    if stub.ExportSession(memory_pb2.ExportSessionRequest(session_id=CONTROL_SESSION), timeout=30).json != export_before:
        problems.append("the control session's export changed")
    answer = stub.Assemble(memory_pb2.AssembleRequest(session_id=CONTROL_SESSION, query="where do we deploy?"), timeout=30)
    if "eu-west-1" not in answer.message:
        problems.append("the control session no longer answers where we deploy")
    return problems


def fuzz_settings(db_path: Path, store_url: str = "") -> Settings:
    # Small limits, as in the service tests: the over-limit paths are reached with short strings.
    return Settings(listen="127.0.0.1:0", db_path=str(db_path), store_url=store_url, max_event_bytes=4096, max_batch_events=50)


@contextlib.contextmanager
def memory_channel(settings: Settings) -> Iterator[grpc.Channel]:
    """A memory server in this process on a loopback port, and a channel to it."""
    server = build_server(settings)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
            yield channel
    finally:
        server.stop(grace=1)
