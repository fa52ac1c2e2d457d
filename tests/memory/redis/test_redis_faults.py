"""Redis faults answered as retryable statuses: a redis-server loading its dataset (LOADING) or gone."""

import signal
import subprocess
import time
from pathlib import Path

import grpc
import pytest
import redis
from dsh.memory.v1 import memory_pb2

from services.common.ports import free_port
from services.memory.settings import Settings
from tests.memory.conftest import append, event
from tests.memory.redis.conftest import REDIS_SERVER, start_memory

pytestmark = pytest.mark.redis

FILLER_KEYS = 40_000
# Microseconds redis-server waits per key while loading: 40,000 keys take a few seconds.
KEY_LOAD_DELAY_US = 60


def _redis(directory: Path, port: int, *extra: str) -> subprocess.Popen:
    args = [
        REDIS_SERVER,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        str(directory),
        "--save",
        "",
        "--appendonly",
        "no",
        "--dbfilename",
        "dump.rdb",
        "--protected-mode",
        "no",
        "--logfile",
        "redis.log",
        *extra,
    ]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _wait(port: int, *, loading: bool, timeout: float = 30.0) -> None:
    """Until the server answers PING (loading=False), or answers that it is loading (True)."""
    deadline = time.monotonic() + timeout
    with redis.Redis(host="127.0.0.1", port=port, socket_timeout=1) as client:
        while time.monotonic() < deadline:
            try:
                client.ping()
                if not loading:
                    return
            except redis.exceptions.BusyLoadingError:
                if loading:
                    return
            except redis.exceptions.ConnectionError:
                pass
            time.sleep(0.02)
    raise TimeoutError(f"redis on {port} never {'started loading' if loading else 'answered'}")


def _stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=20)


def test_a_redis_loading_its_dataset_answers_unavailable_then_serves_again(tmp_path):
    if not REDIS_SERVER:
        pytest.skip("redis-server not installed")
    port = free_port()
    proc = _redis(tmp_path, port)
    server = channel = None
    try:
        _wait(port, loading=False)
        with redis.Redis(host="127.0.0.1", port=port) as client:
            for start in range(0, FILLER_KEYS, 5000):
                client.mset({f"filler:{n}": "x" * 32 for n in range(start, start + 5000)})
        settings = Settings(listen="127.0.0.1:0", db_path=str(tmp_path / "unused.sqlite"), store_url=f"redis://127.0.0.1:{port}/0")
        server, channel, running = start_memory(settings)
        append(running.stub, "s-load", event(1, "The deploy target is eu-west-1."))
        with redis.Redis(host="127.0.0.1", port=port) as client:
            client.save()
        _stop(proc)

        # Answering clients (LOADING) between every KiB loaded, not every 2 MiB: the file is smaller.
        proc = _redis(tmp_path, port, "--key-load-delay", str(KEY_LOAD_DELAY_US), "--loading-process-events-interval-bytes", "1024")
        _wait(port, loading=True)
        codes = []
        for call in (
            lambda: append(running.stub, "s-load", event(2, "The port is 8080.")),
            lambda: running.stub.Retrieve(memory_pb2.RetrieveRequest(session_id="s-load", query="deploy"), timeout=10),
        ):
            with pytest.raises(grpc.RpcError) as caught:
                call()
            codes.append((caught.value.code(), caught.value.details()))
        assert [code for code, _ in codes] == [grpc.StatusCode.UNAVAILABLE] * 2, codes
        assert "loading" in codes[0][1]

        _wait(port, loading=False, timeout=60)
        # Retried after the load, the refused write goes in and the earlier one is still there.
        assert append(running.stub, "s-load", event(2, "The port is 8080.")).accepted == 1
        items = running.stub.Retrieve(memory_pb2.RetrieveRequest(session_id="s-load", query="deploy target"), timeout=10).items
        assert any("eu-west-1" in item.value for item in items)
    finally:
        if channel is not None:
            channel.close()
        if server is not None:
            server.stop(grace=1)
        _stop(proc)


def test_a_redis_that_is_gone_answers_unavailable(tmp_path):
    if not REDIS_SERVER:
        pytest.skip("redis-server not installed")
    port = free_port()
    proc = _redis(tmp_path, port)
    server = channel = None
    try:
        _wait(port, loading=False)
        settings = Settings(listen="127.0.0.1:0", db_path=str(tmp_path / "unused.sqlite"), store_url=f"redis://127.0.0.1:{port}/0")
        server, channel, running = start_memory(settings)
        append(running.stub, "s-gone", event(1, "The deploy target is eu-west-1."))
        _stop(proc)
        with pytest.raises(grpc.RpcError) as caught:
            append(running.stub, "s-gone", event(2, "The port is 8080."))
        assert caught.value.code() is grpc.StatusCode.UNAVAILABLE, caught.value.details()
    finally:
        if channel is not None:
            channel.close()
        if server is not None:
            server.stop(grace=1)
        if proc.poll() is None:
            _stop(proc)
