"""The concurrency curve of `bench`: N clients at once on many sessions, mixed calls, calls/s and latency per N.

Each client is a thread of the bench process with a channel (and TCP connection) of its own. A
gRPC client thread spends most of a call waiting on the socket with the GIL released; the bench
records its own CPU time per point (`client_cpu_cores`) so a run shows whether the load generator,
rather than the server, was the limit. Clients issue a fixed, seeded mix of calls for a fixed time.
"""

import random
import shutil
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.harness.bench_bm25 import LISTEN_VAR as BM25_LISTEN_VAR
from services.harness.bench_measure import (
    ASSEMBLE_BUDGET,
    PROCESSES_VAR,
    RETRIEVE_LIMIT,
    cpu_seconds,
    own_channel,
    process_tree,
    service_child,
    time_ingest,
)
from services.harness.bench_report import percentiles
from services.harness.bench_workload import Session

DEFAULT_CLIENTS = (1, 4, 8, 16, 32)
DEFAULT_SECONDS = 10.0
DEFAULT_SESSIONS = 64
SESSION_TURNS = 500  # turns pre-loaded into every session of the curve
# The mix: a host appends a few turns, then asks for context (Assemble) or searches (Retrieve).
MIX = (("append", 0.2), ("assemble", 0.4), ("retrieve", 0.4))
APPEND_EVENTS = 4  # events per AppendEvents of the curve: one exchange of user, tool call, tool result, assistant
CALL_TIMEOUT_S = 30.0
JOIN_GRACE_S = CALL_TIMEOUT_S + 5.0
TURN_KINDS = {
    memory_pb2.EventKind.Value(f"EVENT_KIND_{name}") for name in ("USER_MESSAGE", "ASSISTANT_MESSAGE", "TOOL_CALL", "TOOL_RESULT")
}


@dataclass(frozen=True)
class CurveConfig:
    clients: tuple[int, ...] = DEFAULT_CLIENTS
    seconds: float = DEFAULT_SECONDS
    sessions: int = DEFAULT_SESSIONS
    seed: str = ""


@dataclass
class _Tally:
    """What one client measured: (op, ms) per successful call, and the failed calls by status."""

    samples: list[tuple[str, float]] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)


def session_ids(count: int) -> list[str]:
    return [f"curve-{n:03d}" for n in range(count)]


def preload(stub, base: Session, sessions: list[str]) -> dict:
    """Append the base session's events to every session of the curve (the same turns under each id)."""

    def requests():
        for sid in sessions:
            for request in base.requests:
                yield memory_pb2.AppendEventsRequest(session_id=sid, events=request.events)

    total = len(sessions) * len(base.requests)
    return time_ingest(lambda req: stub.AppendEvents(req, timeout=CALL_TIMEOUT_S), requests(), total=total)


class _Client:
    """One client: its own channel, a seeded mix of calls; it appends only to the sessions it owns (so
    every session's seq grows in order) and reads any session."""

    def __init__(self, address: str, index: int, next_seq: dict[str, int], every: list[str], base: Session, seed: str):
        self.address = address
        self.rng = random.Random(f"{seed}|curve-client|{index}")
        self.owned = sorted(next_seq)
        self.next_seq = next_seq
        self.every = every
        self.queries = base.queries
        # Texts to append: the base session's turns (filler and plants, en and zh), not its markers.
        self.turns = [(e.kind, e.text) for request in base.requests for e in request.events if e.kind in TURN_KINDS and e.text]
        self.tally = _Tally()

    def run(self, ready: threading.Barrier, go: threading.Event, stop_at: list[float]) -> None:
        ops, weights = zip(*MIX, strict=True)
        with own_channel(self.address) as channel:
            # Connected before the clock starts: the first call of a point should not pay for the handshake.
            try:
                grpc.channel_ready_future(channel).result(timeout=CALL_TIMEOUT_S)
                connected = True
            except grpc.FutureTimeoutError:
                connected = False
            ready.wait()
            go.wait()
            if not connected:
                self.tally.errors["UNAVAILABLE"] = self.tally.errors.get("UNAVAILABLE", 0) + 1
                return
            stub = memory_pb2_grpc.MemoryServiceStub(channel)
            while time.perf_counter() < stop_at[0]:
                op = self.rng.choices(ops, weights)[0]
                request = self._request(op)
                started = time.perf_counter()
                try:
                    getattr(stub, _RPC[op])(request, timeout=CALL_TIMEOUT_S)
                except grpc.RpcError as exc:
                    code = exc.code().name if exc.code() else "UNKNOWN"
                    self.tally.errors[code] = self.tally.errors.get(code, 0) + 1
                    continue
                self.tally.samples.append((op, (time.perf_counter() - started) * 1000))

    def _request(self, op: str):
        if op == "append":
            sid = self.rng.choice(self.owned)
            seq = self.next_seq[sid]
            self.next_seq[sid] = seq + APPEND_EVENTS
            events = []
            for k in range(APPEND_EVENTS):
                kind, text = self.turns[(seq + k) % len(self.turns)]
                events.append(memory_pb2.Event(seq=seq + k, event_id=f"{sid}:curve{seq + k}", kind=kind, text=text))
            return memory_pb2.AppendEventsRequest(session_id=sid, events=events)
        sid, query = self.rng.choice(self.every), self.rng.choice(self.queries)
        if op == "assemble":
            return memory_pb2.AssembleRequest(session_id=sid, query=query, token_budget=ASSEMBLE_BUDGET)
        return memory_pb2.RetrieveRequest(session_id=sid, query=query, limit=RETRIEVE_LIMIT)


_RPC = {"append": "AppendEvents", "assemble": "Assemble", "retrieve": "Retrieve"}


class Curve:
    """The points of one set of sessions: attach() a server, preload(), then point(n) for each client count."""

    def __init__(self, base: Session, config: CurveConfig):
        self.address = ""
        self.server_pid = 0
        self.base = base
        self.config = config
        self.sessions = session_ids(config.sessions)
        # Appends of the curve start past the base session's last seq; each point continues where the last stopped.
        self.next_seq = dict.fromkeys(self.sessions, max(e.seq for r in base.requests for e in r.events) + 1)
        self.points_run = 0

    def attach(self, address: str, server_pid: int) -> None:
        """Point the next calls at this server (a restarted one keeps the sessions and their seqs)."""
        self.address, self.server_pid = address, server_pid

    def warm_up(self, stub) -> None:
        """Every query once on one session, untimed: the first point should not pay for cold caches."""
        for query in self.base.queries:
            request = memory_pb2.AssembleRequest(session_id=self.sessions[0], query=query, token_budget=ASSEMBLE_BUDGET)
            stub.Assemble(request, timeout=CALL_TIMEOUT_S)

    def point(self, clients: int) -> dict:
        """clients threads for config.seconds; calls/s, latency of every call and per operation, CPU used."""
        seed = f"{self.config.seed}|{self.points_run}"
        runners = [
            _Client(self.address, i, {sid: self.next_seq[sid] for sid in self.sessions[i::clients]}, self.sessions, self.base, seed)
            for i in range(clients)
        ]
        ready, go, stop_at = threading.Barrier(clients + 1), threading.Event(), [0.0]
        threads = [
            threading.Thread(target=r.run, args=(ready, go, stop_at), daemon=True, name=f"curve-client-{i}") for i, r in enumerate(runners)
        ]
        for thread in threads:
            thread.start()
        ready.wait()  # every client connected
        server = process_tree(self.server_pid)
        server_cpu, client_cpu = cpu_seconds(server), time.process_time()
        started = time.perf_counter()
        stop_at[0] = started + self.config.seconds
        go.set()
        for thread in threads:
            thread.join(self.config.seconds + JOIN_GRACE_S)
        wall = time.perf_counter() - started
        server_used = cpu_seconds(process_tree(self.server_pid)) - server_cpu
        client_used = time.process_time() - client_cpu
        self.points_run += 1
        for runner in runners:
            self.next_seq.update(runner.next_seq)
        return _point(clients, wall, runners, server_used, client_used, len(server))


def _point(clients: int, wall: float, runners: list[_Client], server_cpu: float, client_cpu: float, server_processes: int) -> dict:
    samples = [sample for runner in runners for sample in runner.tally.samples]
    errors: dict[str, int] = {}
    for runner in runners:
        for code, n in runner.tally.errors.items():
            errors[code] = errors.get(code, 0) + n
    return {
        "clients": clients,
        "seconds": round(wall, 3),
        "calls": len(samples),
        "calls_per_s": round(len(samples) / wall, 1) if wall else 0.0,
        "errors": dict(sorted(errors.items())),
        "latency": percentiles([ms for _, ms in samples]),
        "by_op": {op: percentiles([ms for kind, ms in samples if kind == op]) for op, _ in MIX},
        # CPU cores busy on average over the point: the load generator (this process) and the server (with its workers).
        "client_cpu_cores": round(client_cpu / wall, 2) if wall else 0.0,
        "server_cpu_cores": round(server_cpu / wall, 2) if wall else 0.0,
        "server_processes": server_processes,
    }


def measure_memory_curve(bench, store: str, base: Session, config: CurveConfig) -> dict:
    """The curve of the memory service on store, then (unless the bench already runs it with
    MEMORY_PROCESSES=1) the largest client count once more against a single process on the same data."""
    directory = Path(tempfile.mkdtemp(prefix=f"curve-{store}-", dir=bench.tmp))
    if store == "redis":
        bench.redis_memory(flush=True)
    env = bench.memory_env(store, directory)
    workers = env.get(PROCESSES_VAR) or "default"
    row: dict = {"store": store, "implementation": f"dsh-memory-{store}", "workers": workers}
    curve = Curve(base, config)
    try:
        with _served(["services.memory"], "MEMORY_LISTEN", env, directory / "memory.log", curve):
            row |= _run(curve, config, bench.progress, f"{store} curve (MEMORY_PROCESSES {workers})")
        if workers != "1":
            single = {**env, PROCESSES_VAR: "1"}
            with _served(["services.memory"], "MEMORY_LISTEN", single, directory / "single.log", curve):
                clients = max(config.clients)
                bench.progress(f"{store} curve: {clients} clients against one process (MEMORY_PROCESSES=1)")
                row["single_process"] = curve.point(clients)
        return row
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def measure_bm25_curve(bench, base: Session, config: CurveConfig) -> dict:
    """The same curve against bm25-turns, served by a process of its own."""
    directory = Path(tempfile.mkdtemp(prefix="curve-bm25-", dir=bench.tmp))
    curve = Curve(base, config)
    try:
        with _served(["services.harness.bench_bm25"], BM25_LISTEN_VAR, bench.env, directory / "bm25.log", curve):
            row = _run(curve, config, bench.progress, "bm25-turns curve")
        return {"store": "bm25-turns", "implementation": "bm25-turns (in-memory FTS5, its own process)", "workers": "1"} | row
    finally:
        shutil.rmtree(directory, ignore_errors=True)


@contextmanager
def _served(argv: list[str], listen_var: str, env, log_path: Path, curve: "Curve"):
    child = service_child(argv, listen_var, env, log_path)
    try:
        child.spawn()
        child.wait_ready()
        curve.attach(child.address, child.pid)
        yield child
    finally:
        child.stop()


def _run(curve: "Curve", config: CurveConfig, progress, label: str) -> dict:
    """Pre-load config.sessions sessions, warm up, then one point per client count."""
    with own_channel(curve.address) as channel:
        stub = memory_pb2_grpc.MemoryServiceStub(channel)
        progress(f"{label}: pre-loading {config.sessions} sessions of {curve.base.size:,} turns")
        loaded = preload(stub, curve.base, curve.sessions)
        curve.warm_up(stub)
    points = []
    for n in config.clients:
        progress(f"{label}: {n} client{'s' if n > 1 else ''} for {config.seconds:g} s")
        points.append(curve.point(n))
    return {"session_turns": curve.base.size, "sessions": config.sessions, "preload": loaded, "points": points}


def settings(config: CurveConfig) -> dict:
    """The curve's part of the report's config."""
    return {
        "clients": list(config.clients),
        "seconds_per_point": config.seconds,
        "sessions": config.sessions,
        "session_turns": SESSION_TURNS,
        "mix": dict(MIX),
        "append_events": APPEND_EVENTS,
        "client_model": "threads of the bench process, one channel and TCP connection each",
    }


def validate(config: CurveConfig) -> str:
    """What is wrong with config, '' when nothing."""
    if config.clients and max(config.clients) > config.sessions:
        return f"--concurrency-sessions ({config.sessions}) must be at least the largest client count ({max(config.clients)})"
    if config.seconds <= 0:
        return "--concurrency-seconds must be positive"
    return ""
