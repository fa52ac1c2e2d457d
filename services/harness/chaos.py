"""`python -m services.harness chaos`: faults against real processes, counted by real outcomes.

Scenarios, per store: kill -9 of the memory process while writers run (for Redis also kill -9
of redis-server, appendfsync always), a full disk (a small tmpfs, SQLite, root only), odd
database files at start (SQLite), and many clients on many sessions. Every acknowledged
append is re-read through ExportSession after the faults. Exit 0 only when nothing
acknowledged was lost or duplicated and no call was answered INTERNAL or UNKNOWN.
"""

import argparse
import json
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import open_channel
from services.harness.chaos_ledger import Ledger
from services.harness.processes import RedisProcess, ServiceProcess, StartError
from services.harness.settings import Settings

SCENARIOS = ("kill", "disk", "odd", "load")
START_TIMEOUT_S = 30.0
CALL_TIMEOUT_S = 10.0
DISK_BYTES = 3 * 1024 * 1024
# A restarted server is back in about a second; gRPC's default reconnect backoff grows to two
# minutes across repeated kills, and the writers would then only count UNAVAILABLE.
FAST_RECONNECT = [
    ("grpc.initial_reconnect_backoff_ms", 100),
    ("grpc.min_reconnect_backoff_ms", 100),
    ("grpc.max_reconnect_backoff_ms", 500),
]


@dataclass(frozen=True)
class ChaosConfig:
    stores: tuple[str, ...] = ("sqlite", "redis")
    scenarios: tuple[str, ...] = SCENARIOS
    kills: int = 100
    writers: int = 4
    batch: int = 5
    clients: int = 32
    sessions: int = 200
    load_seconds: float = 30.0
    seed: int = 1


class Writers:
    """Threads appending numbered batches to their own sessions; a failed batch is re-sent as is
    (appends are idempotent) until it is acknowledged or the run ends."""

    def __init__(self, address: str, ledger: Ledger, count: int, batch: int, prefix: str, text_bytes: int = 0):
        self.address, self.ledger, self.batch, self.prefix, self.text_bytes = address, ledger, batch, prefix, text_bytes
        self.stop_event = threading.Event()
        self.threads = [threading.Thread(target=self._run, args=(i,), daemon=True) for i in range(count)]

    def __enter__(self) -> "Writers":
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop_event.set()
        for thread in self.threads:
            thread.join(CALL_TIMEOUT_S * 3)

    def _run(self, index: int) -> None:
        channel = grpc.insecure_channel(self.address, options=FAST_RECONNECT)
        stub = memory_pb2_grpc.MemoryServiceStub(channel)
        sessions = [f"{self.prefix}-w{index}-s{n}" for n in range(3)]
        next_seq = dict.fromkeys(sessions, 1)
        try:
            while not self.stop_event.is_set():
                session = random.choice(sessions)
                events = [_event(session, seq, self.text_bytes) for seq in range(next_seq[session], next_seq[session] + self.batch)]
                if _append_until_acknowledged(stub, self.ledger, session, events, self.stop_event):
                    next_seq[session] += self.batch
        finally:
            channel.close()


def _event(session: str, seq: int, text_bytes: int) -> memory_pb2.Event:
    text = f"Note {seq}: the value of knob{seq % 50} is {seq}."
    if text_bytes:
        text += " " + ("filler " * (text_bytes // 7))
    return memory_pb2.Event(seq=seq, event_id=f"{session}-e{seq}", kind=memory_pb2.EVENT_KIND_USER_MESSAGE, text=text)


def _append_until_acknowledged(stub, ledger: Ledger, session: str, events: list, stop: threading.Event) -> bool:
    while True:
        started = time.perf_counter()
        try:
            stub.AppendEvents(memory_pb2.AppendEventsRequest(session_id=session, events=events), timeout=CALL_TIMEOUT_S)
        except grpc.RpcError as exc:
            ledger.status(exc.code())
            if stop.is_set():
                return False  # never acknowledged: the ledger does not count it
            time.sleep(random.uniform(0.02, 0.1))
            continue
        ledger.status("OK", (time.perf_counter() - started) * 1000)
        ledger.ack(session, events)
        return True


class Chaos:
    """One run: owns its temp dir and every process it starts until close()."""

    def __init__(self, config: ChaosConfig, settings: Settings, progress=None):
        self.config = config
        self.env = dict(settings.child_env)
        self.progress = progress or (lambda line: None)
        self.stack = ExitStack()
        self.tmp = Path(self.stack.enter_context(tempfile.TemporaryDirectory(prefix="dsh-chaos-")))
        random.seed(config.seed)

    def close(self) -> None:
        self.stack.close()

    def _memory(self, directory: Path, store_url: str = "", db: Path | None = None) -> ServiceProcess:
        env = {
            **self.env,
            "MEMORY_DB": str(db or directory / "memory.sqlite"),
            "MEMORY_STORE": store_url,
            "MEMORY_LOG_FORMAT": "json",
            "MEMORY_LOG_LEVEL": "warning",
        }
        child = ServiceProcess("services.memory", "MEMORY_LISTEN", env, directory / "memory.log", START_TIMEOUT_S)
        self.stack.callback(child.stop)
        return child

    def _redis(self, directory: Path) -> RedisProcess:
        redis = RedisProcess(directory, START_TIMEOUT_S)
        self.stack.callback(redis.stop)
        redis.start()
        return redis

    def _dir(self, name: str) -> Path:
        return Path(tempfile.mkdtemp(prefix=f"{name}-", dir=self.tmp))

    # --- kill -9 ----------------------------------------------------------------------------------
    def kill(self, store: str) -> Ledger:
        ledger = Ledger(f"{store} kill -9 x{self.config.kills}")
        directory = self._dir(f"kill-{store}")
        redis = self._redis(directory) if store == "redis" else None
        child = self._memory(directory, redis.url if redis else "")
        child.spawn()
        child.wait_ready()
        started = time.perf_counter()
        memory_kills = redis_kills = 0
        with Writers(child.address, ledger, self.config.writers, self.config.batch, f"kill-{store}"):
            for round_ in range(self.config.kills):
                time.sleep(random.uniform(0.1, 0.4))
                if redis is not None and round_ % 4 == 3:
                    redis.kill()
                    redis.start()
                    redis_kills += 1
                else:
                    child.kill()
                    child.spawn()
                    child.wait_ready()
                    memory_kills += 1
                if round_ % 10 == 9:
                    self.progress(f"{store}: {round_ + 1} kills, {ledger.acknowledged_events:,} acknowledged")
            time.sleep(0.5)
        ledger.seconds = time.perf_counter() - started
        ledger.notes.append(
            f"memory killed {memory_kills}x" + (f", redis-server killed {redis_kills}x (appendfsync always)" if redis else "")
        )
        child.kill()  # one more crash before the re-read: nothing acknowledged may depend on a clean stop
        child.spawn()
        child.wait_ready()
        self._verify(child.address, ledger)
        child.stop()
        return ledger

    # --- full disk ----------------------------------------------------------------------------------
    def disk(self, store: str) -> Ledger:
        ledger = Ledger(f"{store} disk full ({DISK_BYTES // 1024 // 1024} MiB tmpfs)")
        if store != "sqlite":
            ledger.notes.append("skipped: the disk of a Redis server is Redis' own (its MISCONF answer maps to UNAVAILABLE)")
            return ledger
        directory = self._dir("disk")
        mount = directory / "tmpfs"
        mount.mkdir()
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={DISK_BYTES}", "tmpfs", str(mount)], check=False, capture_output=True, text=True
        )
        if done.returncode != 0:
            ledger.notes.append(f"skipped: cannot mount a tmpfs (root needed): {done.stderr.strip()}")
            return ledger
        self.stack.callback(subprocess.run, ["umount", "-l", str(mount)], capture_output=True)
        child = self._memory(directory, db=mount / "memory.sqlite")
        child.spawn()
        child.wait_ready()
        started = time.perf_counter()
        with Writers(child.address, ledger, self.config.writers, self.config.batch, "disk", text_bytes=2000):
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and ledger.refused < 20:
                time.sleep(0.2)
        ledger.seconds = time.perf_counter() - started
        if ledger.refused == 0:
            ledger.failures.append("the disk never filled up")
        child.kill()
        try:
            child.spawn()
            child.wait_ready()
        except StartError as exc:
            ledger.failures.append(f"did not start again on the full disk: {str(exc).splitlines()[-1]}")
            return ledger
        self._verify(child.address, ledger)
        child.stop()
        return ledger

    # --- odd files ----------------------------------------------------------------------------------
    def odd(self, store: str) -> Ledger:
        ledger = Ledger(f"{store} odd database files")
        if store != "sqlite":
            ledger.notes.append("skipped: Redis has no database file of ours")
            return ledger
        directory = self._dir("odd")
        for name, path in _odd_files(directory).items():
            child = self._memory(directory, db=path)
            try:
                child.spawn()
                child.wait_ready()
                outcome = "served"
                if name == "another app's sqlite" and _tables(path) - {"other_app"}:
                    outcome = "served, and wrote its own tables into the other app's file"
                    ledger.failures.append(f"{name}: {outcome}")
            except StartError as exc:
                log = str(exc)
                outcome = "refused to start" + (" with a Python traceback" if "Traceback" in log else " with a message")
                if "Traceback" in log:
                    ledger.failures.append(f"{name}: {outcome}: {log.strip().splitlines()[-1][:160]}")
            finally:
                child.stop()
            ledger.notes.append(f"{name}: {outcome}")
        return ledger

    # --- load -------------------------------------------------------------------------------------------
    def load(self, store: str) -> Ledger:
        config = self.config
        ledger = Ledger(f"{store} load {config.clients} clients x {config.sessions} sessions")
        directory = self._dir(f"load-{store}")
        redis = self._redis(directory) if store == "redis" else None
        child = self._memory(directory, redis.url if redis else "")
        child.spawn()
        child.wait_ready()
        stop = threading.Event()
        threads = [
            threading.Thread(target=_client, args=(child.address, ledger, c, config, stop), daemon=True) for c in range(config.clients)
        ]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        time.sleep(config.load_seconds)
        stop.set()
        for thread in threads:
            thread.join(CALL_TIMEOUT_S * 3)
        ledger.seconds = time.perf_counter() - started
        self._verify(child.address, ledger)
        child.stop()
        return ledger

    def _verify(self, address: str, ledger: Ledger) -> None:
        channel = open_channel(address)
        try:
            ledger.verify(memory_pb2_grpc.MemoryServiceStub(channel))
        finally:
            channel.close()


def _client(address: str, ledger: Ledger, index: int, config: ChaosConfig, stop: threading.Event) -> None:
    """One client: append, Retrieve and Assemble in turn on its share of the sessions."""
    channel = open_channel(address)
    stub = memory_pb2_grpc.MemoryServiceStub(channel)
    sessions = [f"load-{n}" for n in range(index, config.sessions, config.clients)] or [f"load-{index}"]
    next_seq = dict.fromkeys(sessions, 1)
    try:
        while not stop.is_set():
            for session in sessions:
                if stop.is_set():
                    break
                events = [_event(session, seq, 0) for seq in range(next_seq[session], next_seq[session] + config.batch)]
                if _append_until_acknowledged(stub, ledger, session, events, stop):
                    next_seq[session] += config.batch
                for call, request in (
                    (stub.Retrieve, memory_pb2.RetrieveRequest(session_id=session, query="what is the value of knob7?", limit=10)),
                    (stub.Assemble, memory_pb2.AssembleRequest(session_id=session, query="what is the value of knob7?", token_budget=800)),
                ):
                    started = time.perf_counter()
                    try:
                        call(request, timeout=CALL_TIMEOUT_S)
                        ledger.status("OK", (time.perf_counter() - started) * 1000)
                    except grpc.RpcError as exc:
                        ledger.status(exc.code())
    finally:
        channel.close()


def _odd_files(directory: Path) -> dict[str, Path]:
    garbage = directory / "garbage.sqlite"
    garbage.write_bytes(random.Random(7).randbytes(64 * 1024))
    truncated = directory / "truncated.sqlite"
    db = sqlite3.connect(truncated)
    db.execute("CREATE TABLE t (x)")
    db.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 400)
    db.commit()
    db.close()
    truncated.write_bytes(truncated.read_bytes()[: truncated.stat().st_size // 2 + 100])
    other = directory / "other-app.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE other_app (id INTEGER PRIMARY KEY, secret TEXT)")
    db.execute("INSERT INTO other_app (secret) VALUES ('keep me')")
    db.commit()
    db.close()
    folder = directory / "a-directory.sqlite"
    folder.mkdir()
    return {"garbage": garbage, "truncated": truncated, "another app's sqlite": other, "a directory": folder}


def _tables(path: Path) -> set[str]:
    db = sqlite3.connect(path)
    try:
        return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        db.close()


def run_chaos(config: ChaosConfig, settings: Settings, progress=None) -> list[Ledger]:
    chaos = Chaos(config, settings, progress)
    ledgers = []
    # A SIGTERM must stop the children and unmount the tmpfs like Ctrl-C does.
    previous = signal.signal(signal.SIGTERM, _raise_interrupt) if threading.current_thread() is threading.main_thread() else None
    try:
        for store in config.stores:
            for scenario in config.scenarios:
                (progress or (lambda line: None))(f"{store}: {scenario}")
                ledgers.append(getattr(chaos, scenario)(store))
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        chaos.close()
    return ledgers


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt


def add_arguments(parser: argparse.ArgumentParser) -> None:
    defaults = ChaosConfig()
    parser.add_argument("--stores", default="sqlite,redis", help="sqlite,redis (redis needs redis-server on PATH)")
    parser.add_argument("--scenarios", default=",".join(SCENARIOS), help=f"any of {','.join(SCENARIOS)}")
    parser.add_argument("--kills", type=int, default=defaults.kills, help="kill -9 rounds per store (default 100)")
    parser.add_argument("--writers", type=int, default=defaults.writers, help="writer threads during kills and disk full")
    parser.add_argument("--clients", type=int, default=defaults.clients, help="clients of the load scenario (default 32)")
    parser.add_argument("--sessions", type=int, default=defaults.sessions, help="sessions of the load scenario (default 200)")
    parser.add_argument("--load-seconds", type=float, default=defaults.load_seconds, help="how long the load runs (default 30)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--verbose", action="store_true")


def main(args: argparse.Namespace, settings: Settings) -> int:
    """0: nothing lost, duplicated or answered INTERNAL/UNKNOWN; 1: something was; 2: usage error."""
    stores = tuple(part.strip() for part in args.stores.split(",") if part.strip())
    scenarios = tuple(part.strip() for part in args.scenarios.split(",") if part.strip())
    if not stores or not set(stores) <= {"sqlite", "redis"} or not scenarios or not set(scenarios) <= set(SCENARIOS):
        print(f"harness chaos: --stores takes sqlite,redis and --scenarios {','.join(SCENARIOS)}", file=sys.stderr)
        return 2
    if "redis" in stores and not shutil.which("redis-server"):
        print("harness chaos: --stores redis needs redis-server on PATH", file=sys.stderr)
        return 2
    if min(args.kills, args.writers, args.clients, args.sessions) < 1 or args.load_seconds <= 0:
        print("harness chaos: --kills, --writers, --clients, --sessions and --load-seconds must be positive", file=sys.stderr)
        return 2
    config = ChaosConfig(
        stores=stores,
        scenarios=scenarios,
        kills=args.kills,
        writers=args.writers,
        clients=args.clients,
        sessions=args.sessions,
        load_seconds=args.load_seconds,
    )
    try:
        ledgers = run_chaos(config, settings, progress=lambda line: print(f"chaos: {line}", file=sys.stderr, flush=True))
    except (StartError, OSError) as exc:
        print(f"harness chaos: could not run: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps([ledger.summary() for ledger in ledgers], indent=2))
    else:
        for ledger in ledgers:
            print(ledger.line())
    return 0 if all(ledger.ok for ledger in ledgers) else 1
