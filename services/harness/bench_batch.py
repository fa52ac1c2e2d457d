"""`python -m services.harness bench-batch`: how long one AppendEvents of N short facts takes.

Planning a batch used to be quadratic in its size (each statement was compared with every
earlier one of the batch); this measures that it grows linearly. One fresh session per size,
one call, over gRPC against a memory process it starts (or --memory-addr).
"""

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

import grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import open_channel
from services.harness.processes import RedisProcess, ServiceProcess, StartError
from services.harness.settings import Settings

DEFAULT_SIZES = (1_000, 5_000, 10_000)
RPC_TIMEOUT_S = 600.0
START_TIMEOUT_S = 30.0


def short_facts(size: int) -> list[memory_pb2.Event]:
    """size user messages, each one fact of its own key ("The port of service17 is 10017.")."""
    return [
        memory_pb2.Event(seq=i, event_id=f"f{i}", kind=memory_pb2.EVENT_KIND_USER_MESSAGE, text=f"The port of service{i} is {10000 + i}.")
        for i in range(1, size + 1)
    ]


def time_batches(address: str, sizes: tuple[int, ...], label: str) -> list[dict]:
    rows = []
    channel = open_channel(address)
    try:
        stub = memory_pb2_grpc.MemoryServiceStub(channel)
        for size in sizes:
            request = memory_pb2.AppendEventsRequest(session_id=f"batch-{label}-{size}-{time.time_ns()}", events=short_facts(size))
            started = time.perf_counter()
            reply = stub.AppendEvents(request, timeout=RPC_TIMEOUT_S)
            seconds = time.perf_counter() - started
            rows.append(
                {
                    "store": label,
                    "events": size,
                    "accepted": reply.accepted,
                    "seconds": round(seconds, 2),
                    "events_per_s": round(size / seconds, 1),
                }
            )
            print(f"{label:>8} {size:>7,} events in one batch: {seconds:7.2f} s ({size / seconds:,.0f} events/s)", flush=True)
    finally:
        channel.close()
    return rows


def run(sizes: tuple[int, ...], stores: tuple[str, ...], memory_addr: str, settings: Settings) -> list[dict]:
    if memory_addr:
        return time_batches(memory_addr, sizes, "external")
    rows = []
    with tempfile.TemporaryDirectory(prefix="dsh-bench-batch-") as tmp:
        for store in stores:
            directory = Path(tmp) / store
            directory.mkdir()
            redis = RedisProcess(directory, START_TIMEOUT_S) if store == "redis" else None
            try:
                env = {
                    **settings.child_env,
                    "MEMORY_DB": str(directory / "memory.sqlite"),
                    "MEMORY_MAX_BATCH_EVENTS": str(max(sizes)),
                    "MEMORY_STORE": "",
                }
                if redis:
                    redis.start()
                    env["MEMORY_STORE"] = redis.url
                child = ServiceProcess("services.memory", "MEMORY_LISTEN", env, directory / "memory.log", START_TIMEOUT_S)
                try:
                    child.spawn()
                    child.wait_ready()
                    rows += time_batches(child.address, sizes, store)
                finally:
                    child.stop()
            finally:
                if redis:
                    redis.stop()
    return rows


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sizes", default=",".join(map(str, DEFAULT_SIZES)), help="events per batch (default 1000,5000,10000)")
    parser.add_argument("--stores", default="sqlite", help="sqlite,redis (default sqlite)")
    parser.add_argument("--memory-addr", default="", help="measure a running memory service instead")
    parser.add_argument("--verbose", action="store_true")


def main(args: argparse.Namespace, settings: Settings) -> int:
    try:
        sizes = tuple(int(part) for part in args.sizes.split(",") if part.strip())
    except ValueError:
        print(f"harness bench-batch: --sizes takes comma-separated integers, not {args.sizes!r}", file=sys.stderr)
        return 2
    stores = tuple(part.strip() for part in args.stores.split(",") if part.strip())
    if not sizes or any(size < 1 for size in sizes) or not set(stores) <= {"sqlite", "redis"}:
        print("harness bench-batch: use --sizes N,... (positive) and --stores sqlite,redis", file=sys.stderr)
        return 2
    if "redis" in stores and not shutil.which("redis-server") and not args.memory_addr:
        print("harness bench-batch: --stores redis needs redis-server on PATH", file=sys.stderr)
        return 2
    try:
        run(sizes, stores, args.memory_addr, settings)
    except (StartError, grpc.RpcError, OSError) as exc:
        print(f"harness bench-batch: could not run: {exc}", file=sys.stderr)
        return 1
    return 0
