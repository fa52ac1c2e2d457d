"""A memory server with metrics on: drive RPCs over gRPC, scrape /metrics over HTTP, read the counters."""

from dataclasses import replace
from pathlib import Path

import grpc
import pytest
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import open_channel
from services.common.telemetry import Telemetry
from services.memory.server import build_server
from services.memory.settings import Settings
from tests.memory.conftest import append, event
from tests.memory.metrics_scrape import scrape, value

SERVICE = "dsh.memory.v1.MemoryService"


def drive(settings: Settings) -> tuple[dict, dict]:
    """Scrapes before and after: three appended events, an Assemble, and one call that fails."""
    server = build_server(settings)
    try:
        port = server.served.metrics.port
        before = scrape(port)
        with open_channel(f"127.0.0.1:{server.port}") as channel:
            stub = memory_pb2_grpc.MemoryServiceStub(channel)
            append(stub, "s1", event(1, "The deploy target is eu-west-1."), event(2, "The retry limit is 5 attempts."))
            append(stub, "s1", event(2, "The retry limit is 5 attempts."), event(3, "Correction: the deploy target is us-east-2."))
            stub.Assemble(memory_pb2.AssembleRequest(session_id="s1", query="where do we deploy?"), timeout=10)
            with pytest.raises(grpc.RpcError) as missing:
                stub.Assemble(memory_pb2.AssembleRequest(session_id="no-such-session", query="x"), timeout=10)
            assert missing.value.code() == grpc.StatusCode.NOT_FOUND
        return before, scrape(port)
    finally:
        server.stop(1)


def test_rpc_counters_move_with_method_and_code(memory_settings: Settings):
    before, after = drive(replace(memory_settings, telemetry=Telemetry(metrics_listen="127.0.0.1:0")))
    handled = "grpc_server_handled_total"
    assert value(before, handled, grpc_service=SERVICE, grpc_method="AppendEvents", grpc_code="OK") == 0
    assert value(after, handled, grpc_service=SERVICE, grpc_method="AppendEvents", grpc_code="OK") == 2
    assert value(after, handled, grpc_service=SERVICE, grpc_method="Assemble", grpc_code="OK") == 1
    assert value(after, handled, grpc_service=SERVICE, grpc_method="Assemble", grpc_code="NOT_FOUND") == 1
    latency = "grpc_server_handling_seconds_count"
    assert value(after, latency, grpc_service=SERVICE, grpc_method="Assemble", grpc_code="NOT_FOUND") == 1
    assert value(after, "grpc_server_handling_seconds_sum", grpc_service=SERVICE, grpc_method="AppendEvents", grpc_code="OK") > 0
    assert value(after, "grpc_server_in_flight", grpc_service=SERVICE, grpc_method="Assemble") == 0
    # The resent event 2 is a duplicate: three events stored, not four.
    assert value(after, "dsh_memory_events_ingested_total", store="sqlite") == 3
    assert value(after, "dsh_memory_items_written_total", store="sqlite", kind="fact", status="active") >= 1
    assert value(after, "dsh_memory_items", store="sqlite", kind="fact", status="superseded") >= 1
    assert value(after, "dsh_memory_store_size_bytes", store="sqlite") > value(before, "dsh_memory_store_size_bytes", store="sqlite")


def test_unauthenticated_calls_are_counted_with_their_code(memory_settings: Settings, tmp_path: Path):
    from services.common import keys as keys_cli
    from services.common.security import ServerSecurity

    keys_file = tmp_path / "keys.json"
    assert keys_cli.main(["init", "--file", str(keys_file), "--key-out", str(tmp_path / "admin.key")]) == 0
    settings = replace(
        memory_settings,
        telemetry=Telemetry(metrics_listen="127.0.0.1:0"),
        security=ServerSecurity(prefix="MEMORY", auth="keys", keys_file=str(keys_file), keys_check_interval=0),
    )
    server = build_server(settings)
    try:
        with open_channel(f"127.0.0.1:{server.port}") as channel, pytest.raises(grpc.RpcError) as refused:
            memory_pb2_grpc.MemoryServiceStub(channel).GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=10)
        assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
        after = scrape(server.served.metrics.port)
    finally:
        server.stop(1)
    assert value(after, "grpc_server_handled_total", grpc_service=SERVICE, grpc_method="GetCapabilities", grpc_code="UNAUTHENTICATED") == 1


def test_metrics_are_off_by_default(memory_settings: Settings):
    server = build_server(memory_settings)
    try:
        assert server.served.metrics is None
    finally:
        server.stop(1)


def test_a_taken_metrics_port_stops_the_start_with_one_line(memory_settings: Settings):
    first = build_server(replace(memory_settings, telemetry=Telemetry(metrics_listen="127.0.0.1:0")))
    try:
        taken = f"127.0.0.1:{first.served.metrics.port}"
        with pytest.raises(RuntimeError, match=f"cannot serve metrics on {taken}"):
            build_server(replace(memory_settings, db_path=memory_settings.db_path + "-2", telemetry=Telemetry(metrics_listen=taken)))
    finally:
        first.stop(1)
