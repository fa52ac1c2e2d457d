"""`python -m services.memory` with MEMORY_PROCESSES > 1, as a real process tree, and the client
load the worker tests (SQLite here, Redis in tests/memory/redis) drive through it."""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import wait_for_serving
from services.common.ports import free_port
from tests.memory.conftest import append, event

WAIT_S = 30.0


class WorkersProcess:
    """The parent process and its workers, on a loopback port; its JSON log goes to a file."""

    def __init__(self, directory: Path, env: dict[str, str]):
        self.log_path = directory / f"workers-{time.monotonic_ns()}.log"
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.env = {**os.environ, "MEMORY_LISTEN": self.address, "MEMORY_LOG_FORMAT": "json", "MEMORY_GRACE_SECONDS": "5", **env}
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "services.memory"], env=self.env, stderr=log, stdout=subprocess.DEVNULL)
        wait_for_serving(self.address, timeout=WAIT_S)

    def lines(self, name: str = "") -> list[dict]:
        lines = [json.loads(line) for line in self.log_path.read_text().splitlines() if line.startswith("{")]
        return [line for line in lines if not name or line.get("event") == name]

    def wait_for(self, name: str, count: int = 1) -> list[dict]:
        """The log's `name` lines, once there are count of them (the parent logs as it goes)."""
        deadline = time.monotonic() + WAIT_S
        while len(self.lines(name)) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.lines(name)

    def worker_pids(self) -> list[int]:
        """The pids of the workers running now: the first ones, and each restart's."""
        self.wait_for("workers_started")
        pids = dict(enumerate(self.lines("workers_started")[0]["pids"]))
        for restart in self.lines("worker_restarted"):
            pids[restart["worker"]] = restart["pid"]
        return list(pids.values())

    def stop(self, sig: int = signal.SIGTERM) -> int:
        assert self.proc is not None
        self.proc.send_signal(sig)
        code = self.proc.wait(timeout=WAIT_S)
        self.proc = None
        return code

    def kill_tree(self) -> None:
        """For a failed test: no worker may outlive it."""
        if self.proc is None:
            return
        pids = self.worker_pids() if self.lines("workers_started") else []
        self.proc.kill()
        self.proc.wait(timeout=WAIT_S)
        for pid in pids:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        self.proc = None


def alive(pid: int) -> bool:
    """A process that exists and is not a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def stub_on_new_connection(address: str) -> tuple[grpc.Channel, memory_pb2_grpc.MemoryServiceStub]:
    # A channel of its own is a TCP connection of its own, which the kernel may hand to any worker.
    channel = grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
    return channel, memory_pb2_grpc.MemoryServiceStub(channel)


class Writer(threading.Thread):
    """One client appending batches of turns to its own session until told to stop, each batch
    retried (the same events, so idempotent) while the service answers UNAVAILABLE. acked holds
    the seqs of every batch the service acknowledged."""

    BATCH = 5

    def __init__(self, address: str, session_id: str, stop: threading.Event, *, batches: int = 1000):
        super().__init__(daemon=True)
        self.address, self.session_id, self.stop_flag, self.batches = address, session_id, stop, batches
        self.acked: list[int] = []
        self.retries = 0
        self.errors: list[str] = []

    def run(self) -> None:
        channel, stub = stub_on_new_connection(self.address)
        with channel:
            for number in range(self.batches):
                if self.stop_flag.is_set():
                    return
                seqs = range(number * self.BATCH + 1, (number + 1) * self.BATCH + 1)
                batch = [event(seq, f"Note {seq} of {self.session_id}: the build{seq} cache holds {seq} entries.") for seq in seqs]
                if not self._send(stub, batch):
                    return
                self.acked.extend(seqs)

    def _send(self, stub: memory_pb2_grpc.MemoryServiceStub, batch: list[memory_pb2.Event]) -> bool:
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            try:
                reply = append(stub, self.session_id, *batch)
                assert reply.accepted + reply.duplicates == len(batch), reply
                return True
            except grpc.RpcError as exc:
                # A worker killed under the call: the batch may or may not have committed; resend it.
                if exc.code() not in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
                    self.errors.append(f"{exc.code().name}: {exc.details()}")
                    return False
                self.retries += 1
                time.sleep(0.05)
        self.errors.append("no answer within the deadline")
        return False


def stored_seqs(address: str, session_id: str) -> set[int]:
    """Every seq the session holds, read through an export (events and items)."""
    channel, stub = stub_on_new_connection(address)
    with channel:
        document = stub.ExportSession(memory_pb2.ExportSessionRequest(session_id=session_id), timeout=WAIT_S).json
    return {e["seq"] for e in json.loads(document)["events"]}


def run_concurrent_clients(process: WorkersProcess, clients: int, batches: int) -> None:
    """Clients on connections of their own, own sessions and one shared retried batch: every
    acknowledged event is stored once."""
    stop = threading.Event()
    writers = [Writer(process.address, f"client{n}", stop, batches=batches) for n in range(clients)]
    shared = [event(n, f"Shared note {n}: the staging disk threshold is {n}0 percent.") for n in range(1, 21)]
    replies: list = []

    def send_shared() -> None:
        channel, stub = stub_on_new_connection(process.address)
        with channel:
            replies.append(append(stub, "shared", *shared))

    threads = [*writers, *(threading.Thread(target=send_shared) for _ in range(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT_S * 2)
    assert [w.errors for w in writers] == [[]] * clients
    for writer in writers:
        assert len(writer.acked) == batches * Writer.BATCH
        assert stored_seqs(process.address, writer.session_id) == set(writer.acked)
    assert sorted(r.accepted for r in replies) == [0] * (clients - 1) + [20]
    assert stored_seqs(process.address, "shared") == set(range(1, 21))


def kill_a_worker_mid_write(process: WorkersProcess, worker: int, streams: int = 4) -> tuple[list[Writer], int]:
    """Streams of AppendEvents from `streams` clients; the worker of index `worker` is killed with
    SIGKILL once 100 events are acknowledged, and the writers go on (retrying what the dead worker
    left unanswered) for 100 more. Returns the stopped writers and the killed pid."""
    stop = threading.Event()
    writers = [Writer(process.address, f"stream{n}", stop) for n in range(streams)]
    for writer in writers:
        writer.start()
    deadline = time.monotonic() + WAIT_S
    while sum(len(w.acked) for w in writers) < 100 and time.monotonic() < deadline:
        time.sleep(0.01)
    victim = process.worker_pids()[worker]
    os.kill(victim, signal.SIGKILL)
    acked_at_kill = sum(len(w.acked) for w in writers)
    while sum(len(w.acked) for w in writers) < acked_at_kill + 100 and time.monotonic() < deadline:
        time.sleep(0.01)
    stop.set()
    for writer in writers:
        writer.join(WAIT_S)
    return writers, victim
