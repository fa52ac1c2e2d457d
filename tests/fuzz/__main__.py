"""`make fuzz` (`python -m tests.fuzz --cases N --stores sqlite,redis`): generated requests against
the memory service on each store; prints the count per status code per store and exits 1 on any
INTERNAL or UNKNOWN answer, or when the control session or the health check is not intact after."""

import argparse
import logging
import sys
import tempfile
from pathlib import Path

import structlog

from tests.fuzz.memory_target import METHODS, control_problems, fuzz_settings, memory_channel, plant_control
from tests.fuzz.runner import format_counts, fuzz


def _run_store(store: str, cases: int, workdir: Path, seed: int | None) -> bool:
    redis_server = None
    url = ""
    if store == "redis":
        from tests.memory.redis.conftest import REDIS_SERVER, RedisServer, single_url

        if not REDIS_SERVER:
            print("redis: skipped, redis-server is not installed", flush=True)
            return True
        redis_server = RedisServer(workdir / "redis")
        redis_server.start()
        url = single_url(redis_server)
    try:
        with memory_channel(fuzz_settings(workdir / f"{store}.sqlite", url)) as channel:
            before = plant_control(channel)
            outcome = fuzz(channel, METHODS, cases, seed=seed)
            problems = control_problems(channel, before)
    finally:
        if redis_server is not None:
            redis_server.stop()
    print(format_counts(store, outcome) + ("; control session intact, SERVING" if not problems else ""), flush=True)
    for line in outcome.failures[:20] + problems:
        print(f"  {line}", flush=True)
    return not outcome.failures and not problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("--cases", type=int, default=10_000, help="calls per store (default 10000)")
    parser.add_argument("--stores", default="sqlite,redis", help="comma-separated: sqlite, redis")
    parser.add_argument("--seed", type=int, default=None, help="fix hypothesis' seed to replay a run")
    args = parser.parse_args(argv)
    # One log line per RPC would be tens of thousands of lines: only warnings and above.
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    ok = True
    with tempfile.TemporaryDirectory(prefix="dsh-fuzz-") as workdir:
        for store in [s.strip() for s in args.stores.split(",") if s.strip()]:
            if store not in ("sqlite", "redis"):
                parser.error(f"unknown store {store!r}: use sqlite, redis")
            ok &= _run_store(store, args.cases, Path(workdir), args.seed)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
