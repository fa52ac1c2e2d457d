"""MEMORY_PROCESSES: worker processes on one port over one SQLite file, as real processes."""

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from dsh.memory.v1 import memory_pb2

from services.memory.workers import worker_metrics_listen
from tests.memory.conftest import MemoryProcess, all_items, append, event
from tests.memory.workers_process import (
    WAIT_S,
    WorkersProcess,
    alive,
    kill_a_worker_mid_write,
    run_concurrent_clients,
    stored_seqs,
    stub_on_new_connection,
)


@pytest.fixture
def sqlite_env(tmp_path) -> dict[str, str]:
    return {"MEMORY_DB": str(tmp_path / "memory.sqlite")}


@pytest.fixture
def workers(tmp_path, sqlite_env):
    started: list[WorkersProcess] = []

    def start(count: int, **env: str) -> WorkersProcess:
        process = WorkersProcess(tmp_path, {**sqlite_env, "MEMORY_PROCESSES": str(count), **env})
        started.append(process)
        process.start()
        return process

    yield start
    for process in started:
        process.kill_tree()


def test_workers_share_one_port_and_each_answers(workers):
    process = workers(3, MEMORY_METRICS_LISTEN="127.0.0.1:0")
    assert process.lines("memory_workers_starting")[0]["port"] == process.port
    # SERVING on the port means one worker is up; the others may still be starting on a busy machine.
    started = process.wait_for("memory_started", 3)
    assert sorted(line["worker"] for line in started) == [0, 1, 2] and {line["port"] for line in started} == {process.port}
    for _ in range(24):
        channel, stub = stub_on_new_connection(process.address)
        with channel:
            stub.GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=5)
    # Each worker's metrics endpoint is its own (port 0: a free port each) and counts its own calls.
    ports = {line["worker"]: line["port"] for line in process.wait_for("metrics_listening", 3)}
    assert len(set(ports.values())) == 3
    counted = 0
    for port in ports.values():
        text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
        counted += sum(
            float(line.rsplit(" ", 1)[1])
            for line in text.splitlines()
            if line.startswith("grpc_server_handled_total{") and 'grpc_method="GetCapabilities"' in line
        )
    assert counted == 24
    assert process.stop() == 0
    answered = {line["worker"] for line in process.lines("rpc_finished") if line["rpc"] == "GetCapabilities"}
    assert len(answered) >= 2  # 24 connections spread by the kernel; all on one worker is a 3 * 3^-24 chance


def test_many_clients_against_workers_lose_nothing(workers):
    process = workers(3)
    run_concurrent_clients(process, clients=6, batches=8)
    assert process.stop() == 0


def test_sigterm_stops_every_worker_and_leaves_no_orphan(workers):
    process = workers(2)
    pids = process.worker_pids()
    assert len(pids) == 2 and all(alive(pid) for pid in pids)
    assert process.stop(signal.SIGTERM) == 0
    assert not [pid for pid in pids if alive(pid)]
    assert [line["worker"] for line in process.lines("server_stopped")] in ([0, 1], [1, 0])
    assert process.lines("workers_stopped")[0]["exit_status"] == 0


def test_a_worker_killed_mid_write_loses_no_acknowledged_event(workers, sqlite_env):
    process = workers(2)
    writers, victim = kill_a_worker_mid_write(process, 0)
    assert [w.errors for w in writers] == [[]] * 4
    exited = process.wait_for("worker_exited")
    assert [(line["pid"], line["signal"], line["exit_status"]) for line in exited] == [(victim, "SIGKILL", 137)]
    assert len(process.wait_for("worker_restarted")) == 1 and len(process.worker_pids()) == 2
    for writer in writers:  # the surviving and the restarted worker serve every acknowledged event
        assert set(writer.acked) <= stored_seqs(process.address, writer.session_id)
    assert process.stop() == 0
    fresh = MemoryProcess(Path(sqlite_env["MEMORY_DB"]), env={"MEMORY_PROCESSES": "1"})
    fresh.start()
    try:
        for writer in writers:  # and so does a fresh single process on the file
            assert set(writer.acked) <= stored_seqs(fresh.address, writer.session_id)
    finally:
        fresh.stop()


def test_two_processes_writing_one_session_alternately_see_each_others_writes(tmp_path):
    """Two single-process servers on one file (what two workers are), a client alternating
    between them: each plans on what the other wrote, a correction supersedes across them, and a
    session one deletes and writes again is not answered from the other's caches."""
    db = tmp_path / "memory.sqlite"
    servers = [MemoryProcess(db, env={"MEMORY_PROCESSES": "1"}) for _ in range(2)]
    for server in servers:
        server.start()
    try:
        channels = [stub_on_new_connection(server.address) for server in servers]
        stubs = [stub for _, stub in channels]
        for n in range(1, 13):
            writer, reader = stubs[n % 2], stubs[(n + 1) % 2]
            reply = append(writer, "S", event(n, f"The service{n} port is {8000 + n}."))
            assert (reply.accepted, reply.last_seq) == (1, n)
            hits = reader.Retrieve(memory_pb2.RetrieveRequest(session_id="S", query=f"service{n} port"), timeout=5)
            assert hits.items and str(8000 + n) in hits.items[0].text
        append(stubs[1], "S", event(13, "Actually, the service4 port is 9004, not 8004."))
        for stub in stubs:
            numbers = all_items(stub, "S", status=memory_pb2.ITEM_STATUS_ACTIVE, kind=memory_pb2.ITEM_KIND_NUMBER)
            assert [i.value for i in numbers if i.key == "service4 port"] == ["9004"]
        stubs[0].DeleteSession(memory_pb2.DeleteSessionRequest(session_id="S"), timeout=5)
        append(stubs[0], "S", event(1, "The gateway port is 7001."))
        hits = stubs[1].Retrieve(memory_pb2.RetrieveRequest(session_id="S", query="service4 port"), timeout=5)
        assert not [i for i in hits.items if "900" in i.text or "800" in i.text]
        assert stubs[1].OpenSession(memory_pb2.OpenSessionRequest(session_id="S"), timeout=5).event_count == 1
        for channel, _ in channels:
            channel.close()
    finally:
        for server in servers:
            server.stop()


@pytest.mark.parametrize(
    "value, message",
    [
        ("0", "MEMORY_PROCESSES=0 must be at least 1"),
        ("-2", "MEMORY_PROCESSES=-2 must be at least 1"),
        ("two", "MEMORY_PROCESSES='two' is not an integer"),
        ("100000", "MEMORY_PROCESSES=100000 must be at most 256"),
    ],
)
def test_a_bad_process_count_exits_2_and_says_what_to_fix(tmp_path, value, message):
    env = {"MEMORY_PROCESSES": value, "MEMORY_DB": str(tmp_path / "never" / "m.sqlite")}
    done = subprocess.run(
        [sys.executable, "-m", "services.memory"], check=False, env={**_pythonpath(), **env}, capture_output=True, timeout=WAIT_S
    )
    assert done.returncode == 2 and message in done.stderr.decode()
    assert not (tmp_path / "never").exists()  # nothing written


def test_a_private_in_memory_database_needs_one_process(tmp_path):
    env = {"MEMORY_PROCESSES": "2", "MEMORY_DB": ":memory:"}
    done = subprocess.run(
        [sys.executable, "-m", "services.memory"], check=False, env={**_pythonpath(), **env}, capture_output=True, timeout=WAIT_S
    )
    assert done.returncode == 2 and "MEMORY_DB=:memory: lives in one process; set MEMORY_PROCESSES=1" in done.stderr.decode()


def test_a_port_another_server_holds_exits_2_before_any_worker_starts(tmp_path, sqlite_env):
    holder = MemoryProcess(tmp_path / "other.sqlite", env={"MEMORY_PROCESSES": "1"})
    holder.start()
    try:
        env = {**sqlite_env, "MEMORY_PROCESSES": "2", "MEMORY_LISTEN": holder.address, "MEMORY_LOG_FORMAT": "json"}
        done = subprocess.run(
            [sys.executable, "-m", "services.memory"], check=False, env={**_pythonpath(), **env}, capture_output=True, timeout=WAIT_S
        )
        assert done.returncode == 2
        assert f"cannot listen on {holder.address}" in done.stderr.decode() and b"workers_started" not in done.stderr
    finally:
        holder.stop()


def test_each_worker_gets_its_own_metrics_port():
    assert [worker_metrics_listen("0.0.0.0:9451", i) for i in range(3)] == ["0.0.0.0:9451", "0.0.0.0:9452", "0.0.0.0:9453"]
    assert worker_metrics_listen("127.0.0.1:0", 2) == "127.0.0.1:0" and worker_metrics_listen("", 1) == ""


def _pythonpath() -> dict[str, str]:
    """The environment without any MEMORY_ setting of the caller's."""
    return {key: value for key, value in os.environ.items() if not key.startswith("MEMORY_")}


def test_workers_die_with_a_parent_killed_outright(workers):
    process = workers(2)
    pids = process.worker_pids()
    assert process.stop(signal.SIGKILL) == -signal.SIGKILL
    deadline = time.monotonic() + WAIT_S
    while [pid for pid in pids if alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in pids if alive(pid)]
