"""`python -m services.harness bench`: ingest throughput, Retrieve/Assemble latency, footprint, cold starts,
the concurrency curve (bench_concurrency) and one long session (bench_scale).

A benchmark, not a test: it measures and reports (table on stdout, JSON under
bench-results/), compares against the issue's targets, and exits 0 even when a target
is missed. Every process and temp dir it starts is gone when it returns, also on Ctrl-C.
"""

import shutil
import signal
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from dsh.memory.v1 import memory_pb2_grpc

from services.common.grpc_server import open_channel
from services.harness import bench_concurrency, bench_report, bench_scale
from services.harness.baselines.bm25_turns import Bm25TurnsServicer
from services.harness.baselines.host_window import serve_baseline
from services.harness.bench_measure import (
    ASSEMBLE_BUDGET,
    COLD_START_POLL_S,
    COLD_START_TIMEOUT_S,
    INGEST_BUDGET_S,
    PROCESSES_VAR,
    QUERY_BUDGET_S,
    RETRIEVE_LIMIT,
    RPC_TIMEOUT_S,
    Direct,
    file_size,
    grpc_calls,
    measure_ops,
    service_child,
    time_ingest,
    time_to_serving,
    tree_rss,
)
from services.harness.bench_report import median, percentiles, ratio  # noqa: F401 - percentiles: bench.percentiles for callers
from services.harness.bench_workload import BATCH_EVENTS, MIN_SIZE, SEED, Session, build_session
from services.harness.processes import RedisProcess
from services.harness.settings import Settings
from services.memory.domain.service import MemoryCore
from services.memory.domain.warmup import warm_up
from services.memory.settings import VERSION
from services.memory.settings import Settings as MemorySettings

DEFAULT_SIZES = (1_000, 10_000, 100_000)
DEFAULT_QUERIES = 300
DEFAULT_COLD_STARTS = 5
DEFAULT_OUT = "bench-results"
STORES = ("sqlite", "redis")


class BenchError(RuntimeError):
    """A usage error or missing prerequisite: nothing was measured (exit 2)."""


@dataclass(frozen=True)
class BenchRequest:
    sizes: tuple[int, ...] = DEFAULT_SIZES
    stores: tuple[str, ...] = ()  # empty: sqlite, plus redis when redis-server is on PATH
    queries: int = DEFAULT_QUERIES
    cold_starts: int = DEFAULT_COLD_STARTS
    out_dir: str = DEFAULT_OUT
    baseline: bool = True
    seed: str = SEED
    clients: tuple[int, ...] = bench_concurrency.DEFAULT_CLIENTS  # empty: no concurrency curve
    concurrency_seconds: float = bench_concurrency.DEFAULT_SECONDS
    concurrency_sessions: int = bench_concurrency.DEFAULT_SESSIONS
    scale_turns: int = bench_scale.DEFAULT_TURNS  # 0: no 1M-turn session
    workers: int = 0  # MEMORY_PROCESSES of every memory child; 0 leaves it to the environment and the service's default


class Bench:
    """One benchmark run: owns the temp dir, the redis-server and every child until close()."""

    def __init__(self, request: BenchRequest, settings: Settings, progress=None):
        self.request = request
        self.env = dict(settings.child_env)
        if request.workers:
            self.env[PROCESSES_VAR] = str(request.workers)
        self.progress = progress or (lambda line: None)
        self.stack = ExitStack()
        self.tmp = Path(self.stack.enter_context(tempfile.TemporaryDirectory(prefix="dsh-bench-")))
        self.redis_url = ""
        self.redis_version = ""

    def close(self) -> None:
        self.stack.close()

    def start_redis(self) -> None:
        import redis

        directory = self.tmp / "redis"
        directory.mkdir()
        server = RedisProcess(directory, COLD_START_TIMEOUT_S)
        self.stack.callback(server.stop)
        server.start()
        self.redis_url = server.url
        with redis.Redis.from_url(self.redis_url) as client:
            self.redis_version = client.info("server")["redis_version"]

    def redis_memory(self, flush: bool = False) -> int:
        import redis

        with redis.Redis.from_url(self.redis_url) as client:
            if flush:
                client.flushall()
            return int(client.info("memory")["used_memory"])

    def memory_env(self, store: str, directory: Path) -> dict:
        return {**self.env, "MEMORY_DB": str(directory / "memory.sqlite"), "MEMORY_STORE": self.redis_url if store == "redis" else ""}

    # --- the memory service ----------------------------------------------------------------
    def measure_memory(self, store: str, session: Session) -> dict:
        directory = Path(tempfile.mkdtemp(prefix=f"{store}-{session.size}-", dir=self.tmp))
        try:
            row = {"store": store, "implementation": f"dsh-memory-{store}", "size": session.size, "events": session.events}
            row |= self._memory_grpc(store, session, directory)
            row["ingest"]["inproc"], row["latency"]["inproc"] = self._memory_inproc(store, session, directory)
            row["ingest"]["ratio_grpc_over_inproc"] = ratio(row["ingest"]["grpc"]["events_per_s"], row["ingest"]["inproc"]["events_per_s"])
            return row
        finally:
            shutil.rmtree(directory, ignore_errors=True)

    def _memory_grpc(self, store: str, session: Session, directory: Path) -> dict:
        used_before = self.redis_memory(flush=True) if store == "redis" else 0
        child = service_child(["services.memory"], "MEMORY_LISTEN", self.memory_env(store, directory), directory / "memory.log")
        try:
            child.spawn()
            child.wait_ready()
            rss_ready = tree_rss(child.pid)
            channel = open_channel(child.address)
            try:
                stub = memory_pb2_grpc.MemoryServiceStub(channel)
                self.progress(f"{store} {session.size:,} turns: ingest over gRPC")
                ingest = time_ingest(lambda req: stub.AppendEvents(req, timeout=RPC_TIMEOUT_S), session.requests)
                footprint = self._footprint(store, session.size, directory, rss_ready, tree_rss(child.pid), used_before)
                self.progress(f"{store} {session.size:,} turns: Retrieve/Assemble over gRPC")
                latency = measure_ops(*grpc_calls(stub, session.session_id), session, self.request.queries)
            finally:
                channel.close()
        finally:
            child.stop()
        return {"ingest": {"grpc": ingest}, "latency": {"grpc": latency}, "footprint": footprint}

    def _footprint(self, store: str, size: int, directory: Path, rss_ready: int, rss_after: int, used_before: int) -> dict:
        per_k = 1000 / size
        out = {
            "server_rss_ready_bytes": rss_ready,
            "server_rss_after_ingest_bytes": rss_after,
            "server_rss_growth_per_1k_turns_bytes": round((rss_after - rss_ready) * per_k),
        }
        if store == "sqlite":
            db = directory / "memory.sqlite"
            sizes = {suffix: file_size(Path(f"{db}{suffix}")) for suffix in ("", "-wal")}
            out |= {
                "sqlite_db_bytes": sizes[""],
                "sqlite_wal_bytes": sizes["-wal"],
                "store_bytes_per_1k_turns": round((sizes[""] + sizes["-wal"]) * per_k),
            }
        else:
            used = self.redis_memory()
            out |= {"redis_used_memory_bytes": used, "store_bytes_per_1k_turns": round((used - used_before) * per_k)}
        return out

    def _memory_inproc(self, store: str, session: Session, directory: Path) -> tuple[dict, dict]:
        settings = MemorySettings(db_path=str(directory / "inproc.sqlite"), store_url="")
        if store == "redis":
            self.redis_memory(flush=True)
            from services.memory.store.redis_store import RedisStore

            opened = RedisStore.from_url(self.redis_url)
        else:
            from services.memory.store.sqlite import SqliteStore

            opened = SqliteStore(settings.db_path)
        try:
            core = MemoryCore(opened, settings.limits, VERSION)
            warm_up()  # what the server does in the background as it starts: the grammars compile before ingest
            sid = session.session_id
            self.progress(f"{store} {session.size:,} turns: ingest in-process")
            ingest = time_ingest(lambda events: core.append(sid, events), session.batches)
            self.progress(f"{store} {session.size:,} turns: Retrieve/Assemble in-process")
            latency = measure_ops(
                lambda q: core.retrieve(sid, q, RETRIEVE_LIMIT, False),
                lambda q: core.assemble(sid, q, ASSEMBLE_BUDGET),
                session,
                self.request.queries,
            )
        finally:
            opened.close()
        return ingest, latency

    # --- the bm25-turns baseline -------------------------------------------------------------
    def measure_bm25(self, session: Session) -> dict:
        servicer = Bm25TurnsServicer()
        served = serve_baseline(servicer)
        try:
            channel = open_channel(f"127.0.0.1:{served.port}")
            try:
                stub = memory_pb2_grpc.MemoryServiceStub(channel)
                self.progress(f"bm25-turns {session.size:,} turns: over gRPC")
                ingest = time_ingest(lambda req: stub.AppendEvents(req, timeout=RPC_TIMEOUT_S), session.requests)
                latency = measure_ops(*grpc_calls(stub, session.session_id), session, self.request.queries)
            finally:
                channel.close()
        finally:
            served.stop(0)
        # In-process: the same servicer methods called directly (no context is needed on the happy path).
        direct = Bm25TurnsServicer()
        self.progress(f"bm25-turns {session.size:,} turns: in-process")
        ingest_direct = time_ingest(lambda req: direct.AppendEvents(req, None), session.requests)
        direct_calls = grpc_calls(Direct(direct), session.session_id)
        latency_direct = measure_ops(*direct_calls, session, self.request.queries)
        return {
            "store": "bm25-turns",
            "implementation": "bm25-turns (in-memory FTS5, served in the bench process)",
            "size": session.size,
            "events": session.events,
            "ingest": {
                "grpc": ingest,
                "inproc": ingest_direct,
                "ratio_grpc_over_inproc": ratio(ingest["events_per_s"], ingest_direct["events_per_s"]),
            },
            "latency": {"grpc": latency, "inproc": latency_direct},
            "footprint": {},
        }

    # --- cold starts ------------------------------------------------------------------------------
    def cold_starts(self, stores: tuple[str, ...]) -> list[dict]:
        services = [(f"memory ({store})", ["services.memory"], "MEMORY_LISTEN", store) for store in stores]
        services += [
            ("answerer", ["services.answerer"], "ANSWERER_LISTEN", ""),
            ("harness serve", ["services.harness", "serve"], "HARNESS_LISTEN", ""),
        ]
        out = []
        for name, argv, listen_var, store in services:
            self.progress(f"cold start: {name}")
            runs = []
            for _ in range(self.request.cold_starts):
                directory = Path(tempfile.mkdtemp(prefix="cold-", dir=self.tmp))
                if store == "redis":
                    self.redis_memory(flush=True)
                env = self.memory_env(store, directory) if store else self.env
                child = service_child(argv, listen_var, env, directory / "service.log")
                try:
                    runs.append(round(time_to_serving(child) * 1000, 1))
                finally:
                    child.stop()
                    shutil.rmtree(directory, ignore_errors=True)
            out.append({"service": name, "runs_ms": runs, "median_ms": median(runs), "poll_ms": COLD_START_POLL_S * 1000})
        return out


def resolve_stores(requested: tuple[str, ...]) -> tuple[str, ...]:
    """The stores to measure; BenchError when one is unknown or redis-server is missing."""
    unknown = [s for s in requested if s not in STORES]
    if unknown:
        raise BenchError(f"unknown store(s) {','.join(unknown)}; use {','.join(STORES)}")
    has_redis = shutil.which("redis-server") is not None
    if not requested:
        return ("sqlite", "redis") if has_redis else ("sqlite",)
    if "redis" in requested and not has_redis:
        raise BenchError("--stores redis needs redis-server on PATH (Debian: apt-get install redis-server)")
    return tuple(dict.fromkeys(requested))


def run_bench(request: BenchRequest, settings: Settings, progress=None) -> dict:
    """Run every phase and return the report document (not yet written)."""
    if not request.sizes or any(size < MIN_SIZE for size in request.sizes):
        raise BenchError(f"--sizes takes session sizes of at least {MIN_SIZE} turns")
    if request.queries < 1 or request.cold_starts < 0:
        raise BenchError("--queries must be >= 1 and --cold-starts >= 0")
    if 0 < request.scale_turns < MIN_SIZE or request.scale_turns < 0:
        raise BenchError(f"--scale-turns takes 0 (skip) or a session size of at least {MIN_SIZE} turns")
    if request.workers < 0:
        raise BenchError("--workers must be >= 1 (or left out: the service's default)")
    curve_config = bench_concurrency.CurveConfig(request.clients, request.concurrency_seconds, request.concurrency_sessions, request.seed)
    if problem := bench_concurrency.validate(curve_config):
        raise BenchError(problem)
    stores = resolve_stores(request.stores)
    bench = Bench(request, settings, progress)
    # A SIGTERM (e.g. from make's parent) must clean up like Ctrl-C does.
    previous = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        if "redis" in stores:
            bench.start_redis()
        runs = _sizes(bench, stores)
        curve = _curve(bench, stores, curve_config) if request.clients else []
        scale = _scale(bench, stores) if request.scale_turns else []
        colds = bench.cold_starts(stores) if request.cold_starts else []
        config = {
            "sizes": sorted(set(request.sizes)),
            "stores": list(stores),
            "baseline": request.baseline,
            "queries": request.queries,
            "cold_starts": request.cold_starts,
            "seed": request.seed,
            "scenario": "long-haul",
            "batch_events": BATCH_EVENTS,
            "assemble_budget": ASSEMBLE_BUDGET,
            "retrieve_limit": RETRIEVE_LIMIT,
            "ingest_budget_s": INGEST_BUDGET_S,
            "query_budget_s": QUERY_BUDGET_S,
            "workers": bench.env.get(PROCESSES_VAR) or "default",
            "concurrency": bench_concurrency.settings(curve_config),
            "scale": {"turns": request.scale_turns, "base_turns": bench_scale.BASE_TURNS, "ingest_budget_s": bench_scale.INGEST_BUDGET_S},
        }
        return bench_report.document(config, runs, colds, bench_report.environment(bench.redis_version), curve, scale)
    finally:
        signal.signal(signal.SIGTERM, previous)
        bench.close()


def _sizes(bench: Bench, stores: tuple[str, ...]) -> list[dict]:
    runs = []
    for size in sorted(set(bench.request.sizes)):
        bench.progress(f"generating the {size:,}-turn session")
        session = build_session(size, bench.request.seed)
        runs += [bench.measure_memory(store, session) for store in stores]
        if bench.request.baseline:
            runs.append(bench.measure_bm25(session))
    return runs


def _curve(bench: Bench, stores: tuple[str, ...], config: bench_concurrency.CurveConfig) -> list[dict]:
    """The concurrency curve of each store, then of bm25-turns, on the same sessions and mix."""
    base = build_session(bench_concurrency.SESSION_TURNS, bench.request.seed)
    rows = [bench_concurrency.measure_memory_curve(bench, store, base, config) for store in stores]
    return rows + ([bench_concurrency.measure_bm25_curve(bench, base, config)] if bench.request.baseline else [])


def _scale(bench: Bench, stores: tuple[str, ...]) -> list[dict]:
    """One session of --scale-turns turns in each store, then in bm25-turns."""
    session = bench_scale.scale_session(bench.request.scale_turns, bench.request.seed)
    rows = [bench_scale.measure_memory_scale(bench, store, session, bench.request.queries) for store in stores]
    return rows + ([bench_scale.measure_bm25_scale(bench, session, bench.request.queries)] if bench.request.baseline else [])


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt
