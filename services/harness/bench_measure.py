"""What every phase of the benchmark measures with: timed loops, gRPC calls, children and their CPU, RSS and files.

bench.py (sizes, cold starts), bench_concurrency.py (the client curve) and bench_scale.py (the
1M-turn session) share these, so a number means the same thing in every table.
"""

import os
import time
from pathlib import Path

import grpc
from dsh.memory.v1 import memory_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc

from services.harness.bench_report import percentiles
from services.harness.bench_workload import Session
from services.harness.processes import ServiceProcess

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
# Channels to one address share one TCP connection unless each has its own subchannel pool: a client
# of the curve must be its own connection, as separate hosts would be (and a multi-process server
# spreads connections, not calls, over its workers).
OWN_CONNECTION = [("grpc.use_local_subchannel_pool", 1)]
# The memory service's worker processes (docs/operations.md); unset: one per core, 1: a single process.
PROCESSES_VAR = "MEMORY_PROCESSES"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def time_ingest(append, batches, total: int | None = None, budget_s: float = INGEST_BUDGET_S) -> dict:
    """Send every batch through append; events/s over the whole wall time. batches may be an
    iterator (then total, the number of batches, says whether all were sent)."""
    started = time.perf_counter()
    sent = events = 0
    for batch in batches:
        if time.perf_counter() - started > budget_s:
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
        "complete": sent == (len(batches) if total is None else total),
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


def own_channel(address: str) -> grpc.Channel:
    """A plaintext loopback channel on a TCP connection of its own."""
    return grpc.insecure_channel(address, options=OWN_CONNECTION)


def vm_rss(pid: int) -> int:
    """Resident set size of pid in bytes (Linux /proc), 0 when unavailable."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def tree_rss(pid: int) -> int:
    """The summed RSS of pid and its descendants: a memory service with worker processes is all of them
    (pages the workers share since the fork are counted once per process, so this is an upper bound)."""
    return sum(vm_rss(p) for p in process_tree(pid))


def process_tree(pid: int) -> list[int]:
    """pid and its living descendants (Linux /proc: every thread's children), [] when pid is gone."""
    if not pid or not Path(f"/proc/{pid}").exists():
        return []
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                todo += [int(child) for child in (task / "children").read_text().split()]
            except (OSError, ValueError):
                continue
    return found


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of the given processes so far (Linux /proc/<pid>/stat), 0 for the gone."""
    total = 0
    for pid in pids:
        try:
            # The command name (field 2) may hold spaces: split after its closing parenthesis.
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, ValueError, IndexError):
            continue
    return total / CLOCK_TICKS


def file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def sqlite_bytes(db: Path) -> dict:
    """The SQLite file and its write-ahead log, in bytes."""
    main, wal = file_size(db), file_size(Path(f"{db}-wal"))
    return {"sqlite_db_bytes": main, "sqlite_wal_bytes": wal, "store_bytes": main + wal}


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


class Direct:
    """Calls a servicer's methods like a stub would, without gRPC in between."""

    def __init__(self, servicer):
        self._servicer = servicer

    def Retrieve(self, request, timeout=None):
        return self._servicer.Retrieve(request, None)

    def Assemble(self, request, timeout=None):
        return self._servicer.Assemble(request, None)
