"""Bounded resources on a real server: request size and RPCs in flight are capped with RESOURCE_EXHAUSTED."""

import sqlite3
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from pathlib import Path

import grpc
import pytest
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.config import ConfigError
from services.memory.server import build_server
from services.memory.settings import Settings
from tests.memory.conftest import event

MIB = 1024 * 1024


def _serve(settings: Settings):
    server = build_server(settings)
    channel = grpc.insecure_channel(f"127.0.0.1:{server.port}", options=[("grpc.max_send_message_length", 64 * MIB)])
    return server, channel, memory_pb2_grpc.MemoryServiceStub(channel)


def test_a_request_over_the_receive_limit_is_refused_and_writes_nothing(tmp_path: Path):
    server, channel, stub = _serve(Settings(listen="127.0.0.1:0", db_path=str(tmp_path / "m.sqlite")))
    try:
        # Five events just under the 1 MiB event limit: each valid, together 5 MiB, over the 4 MiB default.
        text = "x" * (MIB - 64)
        events = [event(seq, text) for seq in range(1, 6)]
        with pytest.raises(grpc.RpcError) as refused:
            stub.AppendEvents(memory_pb2.AppendEventsRequest(session_id="big", events=events), timeout=60)
        assert refused.value.code() is grpc.StatusCode.RESOURCE_EXHAUSTED
        with pytest.raises(grpc.RpcError) as missing:
            stub.ListItems(memory_pb2.ListItemsRequest(session_id="big"), timeout=10)
        assert missing.value.code() is grpc.StatusCode.NOT_FOUND
        # A request under the limit still goes through on the same server.
        reply = stub.AppendEvents(memory_pb2.AppendEventsRequest(session_id="big", events=events[:3]), timeout=60)
        assert reply.accepted == 3
    finally:
        channel.close()
        server.stop(grace=1)


def test_the_receive_limit_is_a_setting(tmp_path: Path):
    settings = Settings(listen="127.0.0.1:0", db_path=str(tmp_path / "m.sqlite"), max_event_bytes=1024, max_receive_bytes=64 * 1024)
    server, channel, stub = _serve(settings)
    try:
        events = [event(seq, "y" * 1000) for seq in range(1, 100)]  # ~100 KiB
        with pytest.raises(grpc.RpcError) as refused:
            stub.AppendEvents(memory_pb2.AppendEventsRequest(session_id="s", events=events), timeout=30)
        assert refused.value.code() is grpc.StatusCode.RESOURCE_EXHAUSTED
    finally:
        channel.close()
        server.stop(grace=1)


def test_an_event_limit_no_request_can_carry_is_a_config_error():
    with pytest.raises(ConfigError, match="MEMORY_MAX_RECEIVE_BYTES"):
        Settings.from_env({"MEMORY_MAX_EVENT_BYTES": str(8 * MIB), "MEMORY_MAX_RECEIVE_BYTES": str(4 * MIB)})
    assert Settings.from_env({"MEMORY_MAX_CONCURRENT_RPCS": "3"}).max_concurrent_rpcs == 3


def test_rpcs_beyond_the_concurrency_cap_are_refused_not_queued(tmp_path: Path):
    db = tmp_path / "m.sqlite"
    settings = Settings(listen="127.0.0.1:0", db_path=str(db), max_concurrent_rpcs=2, max_workers=4)
    server, channel, stub = _serve(settings)
    # Another connection holds the file's write lock, so every append stays in flight, waiting for it.
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("PRAGMA busy_timeout = 5000")
    holder.execute("BEGIN IMMEDIATE")
    released = False
    try:
        with ThreadPoolExecutor(3) as pool:
            calls = [
                pool.submit(stub.AppendEvents, memory_pb2.AppendEventsRequest(session_id=f"s{i}", events=[event(1, "hello")]), timeout=60)
                for i in range(3)
            ]
            done, _ = wait(calls, timeout=60, return_when=FIRST_COMPLETED)
            # The first answer comes while the lock is still held: it can only be the refusal.
            first = next(iter(done))
            assert isinstance(first.exception(), grpc.RpcError)
            assert first.exception().code() is grpc.StatusCode.RESOURCE_EXHAUSTED
            holder.execute("COMMIT")
            released = True
            outcomes = [call.exception().code() if call.exception() else call.result().accepted for call in calls]
        assert sorted(map(str, outcomes)) == sorted(map(str, [1, 1, grpc.StatusCode.RESOURCE_EXHAUSTED]))
    finally:
        if not released:
            holder.execute("ROLLBACK")
        holder.close()
        channel.close()
        server.stop(grace=1)
