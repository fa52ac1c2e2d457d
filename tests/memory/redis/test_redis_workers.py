"""MEMORY_PROCESSES over Redis: the workers are replicas of one keyspace on one port."""

import os
import signal
import threading
import time

import pytest

from tests.memory.redis.conftest import flush, single_url
from tests.memory.workers_process import WAIT_S, WorkersProcess, Writer, run_concurrent_clients, stored_seqs

pytestmark = pytest.mark.redis


@pytest.fixture
def redis_workers(tmp_path, redis_single):
    url = single_url(redis_single)
    flush(url)
    process = WorkersProcess(tmp_path, {"MEMORY_STORE": url, "MEMORY_PROCESSES": "3", "MEMORY_DB": str(tmp_path / "unused.sqlite")})
    process.start()
    yield process
    process.kill_tree()


def test_many_clients_against_redis_workers_lose_nothing(redis_workers):
    run_concurrent_clients(redis_workers, clients=6, batches=6)
    assert redis_workers.stop() == 0
    assert not (redis_workers.log_path.parent / "unused.sqlite").exists()


def test_a_redis_worker_killed_mid_write_loses_no_acknowledged_event(redis_workers):
    stop = threading.Event()
    writers = [Writer(redis_workers.address, f"stream{n}", stop) for n in range(4)]
    for writer in writers:
        writer.start()
    deadline = time.monotonic() + WAIT_S
    while sum(len(w.acked) for w in writers) < 100 and time.monotonic() < deadline:
        time.sleep(0.01)
    victim = redis_workers.worker_pids()[1]
    os.kill(victim, signal.SIGKILL)
    acked_at_kill = sum(len(w.acked) for w in writers)
    while sum(len(w.acked) for w in writers) < acked_at_kill + 100 and time.monotonic() < deadline:
        time.sleep(0.01)
    stop.set()
    for writer in writers:
        writer.join(WAIT_S)
    assert [w.errors for w in writers] == [[]] * 4
    assert [line["pid"] for line in redis_workers.wait_for("worker_exited")] == [victim]
    assert len(redis_workers.wait_for("worker_restarted")) == 1
    for writer in writers:
        assert set(writer.acked) <= stored_seqs(redis_workers.address, writer.session_id)
    assert redis_workers.stop() == 0
