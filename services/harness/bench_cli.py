"""The command line of `python -m services.harness bench`: flags, the run, the table, the JSON and its HTML page."""

import argparse
import json
import sys
from pathlib import Path

import grpc

from services.harness import bench_concurrency, bench_page, bench_report, bench_scale
from services.harness.bench import (
    DEFAULT_COLD_STARTS,
    DEFAULT_OUT,
    DEFAULT_QUERIES,
    DEFAULT_SIZES,
    BenchError,
    BenchRequest,
    run_bench,
)
from services.harness.processes import StartError
from services.harness.settings import Settings


def _int_list(raw: str) -> tuple[int, ...]:
    try:
        values = tuple(int(part.replace("_", "")) for part in raw.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated integers, not {raw!r}") from None
    if not values or any(v <= 0 for v in values):
        raise argparse.ArgumentTypeError(f"expected comma-separated positive integers, not {raw!r}")
    return values


def _client_list(raw: str) -> tuple[int, ...]:
    return () if raw.strip() == "0" else _int_list(raw)


def _count(raw: str) -> int:
    try:
        return int(raw.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {raw!r}") from None


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
    parser.add_argument(
        "--clients",
        type=_client_list,
        default=bench_concurrency.DEFAULT_CLIENTS,
        help="client counts of the concurrency curve (default 1,4,8,16,32; 0 skips the curve)",
    )
    parser.add_argument(
        "--concurrency-seconds",
        type=float,
        default=bench_concurrency.DEFAULT_SECONDS,
        help=f"seconds per client count (default {bench_concurrency.DEFAULT_SECONDS:g})",
    )
    parser.add_argument(
        "--concurrency-sessions",
        type=int,
        default=bench_concurrency.DEFAULT_SESSIONS,
        help=f"sessions the curve's clients share (default {bench_concurrency.DEFAULT_SESSIONS})",
    )
    parser.add_argument(
        "--scale-turns",
        type=_count,
        default=bench_scale.DEFAULT_TURNS,
        help=f"turns of the one long session (default {bench_scale.DEFAULT_TURNS:_}; 0 skips it)",
    )
    parser.add_argument(
        "--workers",
        type=_count,
        default=0,
        help="MEMORY_PROCESSES (worker processes) of every memory child (default: unset, the service's default: one per core)",
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
        clients=args.clients,
        concurrency_seconds=args.concurrency_seconds,
        concurrency_sessions=args.concurrency_sessions,
        scale_turns=args.scale_turns,
        workers=args.workers,
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
    page = _page(doc, path)
    if args.json:
        print(json.dumps(doc, ensure_ascii=False, indent=2))
    else:
        print(bench_report.table(doc))
        if page:
            print(f"HTML report: {page}")
        print(f"Results: {path}")
    return 0


def _page(doc: dict, path: Path) -> Path | None:
    """The HTML page beside the JSON; one that cannot be drawn is reported and skipped, because the JSON is
    the run's record (`python -m services.harness report <json>` draws it again)."""
    try:
        return bench_page.write_beside(doc, path)
    except Exception as exc:  # noqa: BLE001 - the run's numbers are written; only the page is missing
        print(f"harness bench: no HTML page ({type(exc).__name__}: {exc}); the JSON is complete", file=sys.stderr)
        return None
