"""The short version of `make chaos`: every scenario against real processes, a few rounds each."""

import os
import shutil

import pytest

from services.harness.chaos import ChaosConfig, run_chaos
from services.harness.settings import load_settings

pytestmark = pytest.mark.chaos

SHORT = dict(kills=3, writers=2, clients=4, sessions=8, load_seconds=2.0)


@pytest.fixture(scope="module")
def results():
    stores = ("sqlite", "redis") if shutil.which("redis-server") else ("sqlite",)
    ledgers = run_chaos(ChaosConfig(stores=stores, **SHORT), load_settings(dict(os.environ)))
    return {ledger.name.split(" ", 1)[0] + " " + ledger.name.split(" ")[1]: ledger for ledger in ledgers}


def test_nothing_acknowledged_is_lost_or_duplicated_in_any_scenario(results):
    for ledger in results.values():
        assert (ledger.lost, ledger.duplicated) == (0, 0), ledger.line()


def test_kill_9_of_memory_loses_nothing_and_answers_no_internal(results):
    ledger = results["sqlite kill"]
    assert ledger.acknowledged_events > 0 and ledger.ok, ledger.line()
    assert ledger.statuses["UNAVAILABLE"] > 0  # the kills really hit the writers


def test_kill_9_of_memory_and_of_redis_server_loses_nothing(results):
    ledger = results.get("redis kill")
    if ledger is None:
        pytest.skip("no redis-server on PATH")
    # While redis-server restarts and reloads its append-only file (LOADING) writers get
    # UNAVAILABLE, a status they retry, never INTERNAL.
    assert ledger.acknowledged_events > 0 and ledger.ok, ledger.line()
    assert ledger.statuses["UNAVAILABLE"] > 0


def test_many_clients_on_many_sessions_all_answered(results):
    for store in ("sqlite", "redis"):
        ledger = results.get(f"{store} load")
        if ledger is None:
            continue
        assert ledger.ok and set(ledger.statuses) == {"OK"}, ledger.line()
        assert ledger.summary()["latency_ms"]["p99"] is not None


def test_a_full_disk_is_reached_and_what_was_acknowledged_before_it_survives(results):
    ledger = results["sqlite disk"]
    if any(note.startswith("skipped") for note in ledger.notes):
        pytest.skip(ledger.notes[0])
    # The disk filled (RESOURCE_EXHAUSTED, retryable once there is room), nothing acknowledged was lost.
    assert ledger.acknowledged_events > 0 and ledger.statuses["RESOURCE_EXHAUSTED"] > 0, ledger.line()
    assert ledger.ok, ledger.line()


def test_odd_database_files_are_never_served_as_ours(results):
    notes = dict(note.split(": ", 1) for note in results["sqlite odd"].notes)
    assert set(notes) == {"garbage", "truncated", "another app's sqlite", "a directory"}
    for name in notes:
        assert notes[name] == "refused to start with a message", notes
