"""MEMORY_PROCESSES over Redis: the workers are replicas of one keyspace on one port."""

import pytest

from tests.memory.redis.conftest import flush, single_url
from tests.memory.workers_process import WorkersProcess, kill_a_worker_mid_write, run_concurrent_clients, stored_seqs

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
    writers, victim = kill_a_worker_mid_write(redis_workers, 1)
    assert [w.errors for w in writers] == [[]] * 4
    assert [line["pid"] for line in redis_workers.wait_for("worker_exited")] == [victim]
    assert len(redis_workers.wait_for("worker_restarted")) == 1
    for writer in writers:
        assert set(writer.acked) <= stored_seqs(redis_workers.address, writer.session_id)
    assert redis_workers.stop() == 0
