"""`python -m services.harness bench`: ingest throughput, Retrieve/Assemble latency, footprint and cold starts.

A benchmark, not a test: it measures and reports (table on stdout, JSON under
bench-results/), compares against the issue's targets, and exits 0 even when a target
is missed. Every process and temp dir it starts is gone when it returns, also on Ctrl-C.
"""

import argparse
import json
import shutil
import signal
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from services.common.grpc_server import open_channel
from services.harness import bench_report
from services.harness.baselines.bm25_turns import Bm25TurnsServicer
from services.harness.baselines.host_window import serve_baseline
from services.harness.bench_report import median, percentiles, ratio
from services.harness.bench_workload import BATCH_EVENTS, MIN_SIZE, SEED, Session, build_session
from services.harness.processes import RedisProcess, ServiceProcess, StartError
from services.harness.settings import Settings
from services.memory.domain.service import MemoryCore
from services.memory.domain.warmup import warm_up
from services.memory.settings import VERSION
from services.memory.settings import Settings as MemorySettings

DEFAULT_SIZES = (1_000, 10_000, 100_000)
DEFAULT_QUERIES = 300
DEFAULT_COLD_STARTS = 5
DEFAULT_OUT = "bench-results"
ASSEMBLE_BUDGET = 800
RETRIEVE_LIMIT = 10
RPC_TIMEOUT_S = 120.0
# Time budgets per phase: a pathologically slow build still finishes, with the phase marked partial.
INGEST_BUDGET_S = 900.0
QUERY_BUDGET_S = 120.0
COLD_START_TIMEOUT_S = 30.0
# grpc_server.wait_for_serving sleeps 50 ms between probes: too coarse for a start-up of a few hundred ms.
COLD_START_POLL_S = 0.005
FAST_RECONNECT = [("grpc.initial_reconnect_backoff_ms", 5), ("grpc.min_reconnect_backoff_ms", 5), ("grpc.max_reconnect_backoff_ms", 10)]
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


# --- measuring ----------------------------------------------------------------------------
def time_ingest(append, batches: list) -> dict:
    """Send every batch through append; events/s over the whole wall time."""
    started = time.perf_counter()
    sent = events = 0
    for batch in batches:
        if time.perf_counter() - started > INGEST_BUDGET_S:
            break
        append(batch)
        sent += 1
        events += len(batch.events) if isinstance(batch, memory_pb2.AppendEventsRequest) else len(batch)
    seconds = time.perf_counter() - started
    return {
        "batches": sent,
        "events": events,
        "seconds": round(seconds, 3),
        "events_per_s": round(events / seconds, 1) if seconds else 0.0,
        "complete": sent == len(batches),
    }


def time_queries(call, queries: list[str], n: int) -> dict:
    """One untimed warm-up pass over the distinct queries, then n timed calls cycling through them."""
    warm_until = time.perf_counter() + QUERY_BUDGET_S
    for query in queries:
        if time.perf_counter() > warm_until:
            break
        call(query)
    samples = []
    deadline = time.perf_counter() + QUERY_BUDGET_S
    for i in range(n):
        if time.perf_counter() > deadline:
            break
        started = time.perf_counter()
        call(queries[i % len(queries)])
        samples.append((time.perf_counter() - started) * 1000)
    return percentiles(samples) | {"complete": len(samples) == n}


def measure_ops(retrieve, assemble, session: Session, n: int) -> dict:
    return {"retrieve": time_queries(retrieve, session.queries, n), "assemble": time_queries(assemble, session.queries, n)}


def grpc_calls(stub, session_id: str):
    def retrieve(query: str):
        return stub.Retrieve(memory_pb2.RetrieveRequest(session_id=session_id, query=query, limit=RETRIEVE_LIMIT), timeout=RPC_TIMEOUT_S)

    def assemble(query: str):
        return stub.Assemble(
            memory_pb2.AssembleRequest(session_id=session_id, query=query, token_budget=ASSEMBLE_BUDGET), timeout=RPC_TIMEOUT_S
        )

    return retrieve, assemble


def vm_rss(pid: int) -> int:
    """Resident set size of pid in bytes (Linux /proc), 0 when unavailable."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def service_child(argv: list[str], listen_var: str, env, log_path: Path) -> ServiceProcess:
    """`python -m argv...` on a free loopback port, given the cold-start timeout."""
    return ServiceProcess(argv[0], listen_var, env, log_path, COLD_START_TIMEOUT_S, args=tuple(argv[1:]))


def time_to_serving(child: ServiceProcess) -> float:
    """Spawn child and return seconds until grpc.health.v1 says SERVING (polled every 5 ms)."""
    started = time.perf_counter()
    child.spawn()
    with grpc.insecure_channel(child.address, options=FAST_RECONNECT) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while child.alive() and time.perf_counter() - started < COLD_START_TIMEOUT_S:
            try:
                if stub.Check(health_pb2.HealthCheckRequest(), timeout=0.25).status == health_pb2.HealthCheckResponse.SERVING:
                    return time.perf_counter() - started
            except grpc.RpcError:
                pass
            time.sleep(COLD_START_POLL_S)
    child.wait_ready()  # raises StartError with the log tail
    return time.perf_counter() - started


class Bench:
    """One benchmark run: owns the temp dir, the redis-server and every child until close()."""

    def __init__(self, request: BenchRequest, settings: Settings, progress=None):
        self.request = request
        self.env = dict(settings.child_env)
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
            rss_ready = vm_rss(child.pid)
            channel = open_channel(child.address)
            try:
                stub = memory_pb2_grpc.MemoryServiceStub(channel)
                self.progress(f"{store} {session.size:,} turns: ingest over gRPC")
                ingest = time_ingest(lambda req: stub.AppendEvents(req, timeout=RPC_TIMEOUT_S), session.requests)
                footprint = self._footprint(store, session.size, directory, rss_ready, vm_rss(child.pid), used_before)
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
            sizes = {suffix: _file_size(Path(f"{db}{suffix}")) for suffix in ("", "-wal")}
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
        direct_calls = grpc_calls(_Direct(direct), session.session_id)
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


class _Direct:
    """Calls a servicer's methods like a stub would, without gRPC in between."""

    def __init__(self, servicer):
        self._servicer = servicer

    def Retrieve(self, request, timeout=None):
        return self._servicer.Retrieve(request, None)

    def Assemble(self, request, timeout=None):
        return self._servicer.Assemble(request, None)


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


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
    stores = resolve_stores(request.stores)
    bench = Bench(request, settings, progress)
    # A SIGTERM (e.g. from make's parent) must clean up like Ctrl-C does.
    previous = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        if "redis" in stores:
            bench.start_redis()
        runs = []
        for size in sorted(set(request.sizes)):
            progress and progress(f"generating the {size:,}-turn session")
            session = build_session(size, request.seed)
            runs += [bench.measure_memory(store, session) for store in stores]
            if request.baseline:
                runs.append(bench.measure_bm25(session))
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
        }
        return bench_report.document(config, runs, colds, bench_report.environment(bench.redis_version))
    finally:
        signal.signal(signal.SIGTERM, previous)
        bench.close()


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt


# --- command line -------------------------------------------------------------------------------
def _int_list(raw: str) -> tuple[int, ...]:
    try:
        values = tuple(int(part.replace("_", "")) for part in raw.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated integers, not {raw!r}") from None
    if not values or any(v <= 0 for v in values):
        raise argparse.ArgumentTypeError(f"expected comma-separated positive integers, not {raw!r}")
    return values


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sizes", type=_int_list, default=DEFAULT_SIZES, help="session sizes in turns (default 1000,10000,100000)")
    parser.add_argument(
        "--stores",
        type=lambda raw: tuple(p.strip() for p in raw.split(",") if p.strip()),
        default=(),
        help="sqlite,redis (default: sqlite, plus redis when redis-server is on PATH)",
    )
    parser.add_argument(
        "--queries", type=int, default=DEFAULT_QUERIES, help=f"timed calls per operation and size (default {DEFAULT_QUERIES})"
    )
    parser.add_argument(
        "--cold-starts", type=int, default=DEFAULT_COLD_STARTS, help=f"start-ups per service (default {DEFAULT_COLD_STARTS}; 0 skips)"
    )
    parser.add_argument("--no-baseline", action="store_true", help="skip the bm25-turns baseline")
    parser.add_argument("--out", default=DEFAULT_OUT, help=f"results directory (default {DEFAULT_OUT})")
    parser.add_argument("--json", action="store_true", help="print the report JSON instead of the table")
    parser.add_argument("--verbose", action="store_true", help="log what happens on stderr")


def main(args: argparse.Namespace, settings: Settings) -> int:
    """The `bench` subcommand: 0 when it ran (targets missed or not), 1 when it broke, 2 on usage errors."""
    request = BenchRequest(
        sizes=args.sizes,
        stores=args.stores,
        queries=args.queries,
        cold_starts=args.cold_starts,
        out_dir=args.out,
        baseline=not args.no_baseline,
    )
    try:
        doc = run_bench(request, settings, progress=lambda line: print(f"bench: {line}", file=sys.stderr, flush=True))
    except BenchError as exc:
        print(f"harness bench: {exc}", file=sys.stderr)
        return 2
    except (StartError, grpc.RpcError, OSError) as exc:
        print(f"harness bench: could not run: {exc}", file=sys.stderr)
        return 1
    path = bench_report.write(doc, Path(request.out_dir))
    if args.json:
        print(json.dumps(doc, ensure_ascii=False, indent=2))
    else:
        print(bench_report.table(doc))
        print(f"Results: {path}")
    return 0
