"""The memory service on a real redis-server (single and Cluster) with metrics on: round trips and
used memory move as RPCs run, scraped over HTTP."""

from dataclasses import replace

from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import open_channel
from services.common.telemetry import Telemetry
from services.memory.server import build_server
from services.memory.settings import Settings
from tests.memory.conftest import append, event
from tests.memory.metrics_scrape import scrape, value


def test_round_trips_and_used_memory_are_exported(memory_settings: Settings):
    server = build_server(replace(memory_settings, telemetry=Telemetry(metrics_listen="127.0.0.1:0")))
    try:
        port = server.served.metrics.port
        before = scrape(port)
        with open_channel(f"127.0.0.1:{server.port}") as channel:
            stub = memory_pb2_grpc.MemoryServiceStub(channel)
            append(stub, "s1", event(1, "The deploy target is eu-west-1."), event(2, "The retry limit is 5 attempts."))
            stub.Assemble(memory_pb2.AssembleRequest(session_id="s1", query="where do we deploy?"), timeout=10)
        after = scrape(port)
    finally:
        server.stop(1)
    trips = "dsh_memory_redis_round_trips_total"
    if "cluster" in memory_settings.store_url:
        assert (trips, frozenset({("store", "redis")})) not in after  # not counted on a Cluster, not reported as 0
    else:
        # An append and an Assemble take several requests each; a scrape's INFO takes one.
        assert value(after, trips, store="redis") - value(before, trips, store="redis") > 5
    assert value(after, "dsh_memory_store_size_bytes", store="redis") > 0
    assert value(after, "dsh_memory_events_ingested_total", store="redis") == 2
    assert value(after, "dsh_memory_items_written_total", store="redis", kind="fact", status="active") >= 1
    assert (
        value(after, "grpc_server_handled_total", grpc_service="dsh.memory.v1.MemoryService", grpc_method="AppendEvents", grpc_code="OK")
        == 1
    )
