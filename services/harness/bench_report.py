"""The benchmark's report: the JSON document, its environment, the issue's targets and the human table."""

import json
import math
import os
import platform
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import grpc

from services.harness import bench_load_report
from services.harness.fixtures.profiles import REPO_ROOT

FORMAT = "dsh-memory-bench"
# The targets of issue 6, all over gRPC on the memory service (not the baseline).
ASSEMBLE_P95_SMALL_MS = 5.0
ASSEMBLE_P95_LARGE_MS = 15.0
GROWTH_MAX = 3.0
INGEST_MIN_EPS = 5000.0
SMALL, LARGE = 1_000, 100_000


def percentiles(samples_ms: list[float]) -> dict:
    """Nearest-rank p50/p95/p99 plus mean and max, in ms."""
    if not samples_ms:
        return {"n": 0}
    ordered = sorted(samples_ms)

    def rank(p: int) -> float:
        return round(ordered[max(0, math.ceil(len(ordered) * p / 100) - 1)], 3)

    return {
        "n": len(ordered),
        "p50": rank(50),
        "p95": rank(95),
        "p99": rank(99),
        "mean": round(sum(ordered) / len(ordered), 3),
        "max": round(ordered[-1], 3),
    }


def ratio(a: float, b: float) -> float:
    return round(a / b, 3) if b else 0.0


def median(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else round((ordered[mid - 1] + ordered[mid]) / 2, 1)


def environment(redis_version: str = "") -> dict:
    """Where the numbers come from: interpreter, machine, library versions and the commit."""
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "sqlite_version": sqlite3.sqlite_version,
        "grpcio_version": grpc.__version__,
        "redis_version": redis_version,
        # Other work on the machine skews the numbers: the load when the report was written says how much.
        "load_average": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else [],
        **_commit(),
    }


def _commit() -> dict:
    def git(*args: str) -> str:
        done = subprocess.run(["git", "-C", str(REPO_ROOT), *args], capture_output=True, text=True, timeout=5, check=True)
        return done.stdout.strip()

    try:
        return {"commit": git("rev-parse", "--short", "HEAD"), "dirty": bool(git("status", "--porcelain", "--untracked-files=no"))}
    except (OSError, subprocess.SubprocessError):
        return {"commit": "", "dirty": False}


def document(config: dict, runs: list[dict], cold_starts: list[dict], env: dict, curve=(), scale=()) -> dict:
    """The whole report: what was asked, what was measured, where, and the targets."""
    curve, scale = bench_load_report.with_ratios(list(curve), list(scale))
    return {
        "format": FORMAT,
        "version": 1,
        "created_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": env.get("commit", ""),
        "environment": env,
        "config": config,
        "runs": runs,
        "cold_starts": cold_starts,
        "concurrency": curve,
        "scale": scale,
        "targets": targets(runs, tuple(config["stores"])) + bench_load_report.targets(curve, scale),
    }


def targets(runs: list[dict], stores: tuple[str, ...]) -> list[dict]:
    """The issue's targets per store, measured in this run; pass is never a reason to fail."""
    out = []
    for store in stores:
        rows = {r["size"]: r for r in runs if r["store"] == store}
        if rows:
            out += _store_targets(store, rows)
    return out


def _store_targets(store: str, rows: dict[int, dict]) -> list[dict]:
    """The targets of one store, from its runs by size."""
    out: list[dict] = []
    small = SMALL if SMALL in rows else min(rows)
    large = LARGE if LARGE in rows else max(rows)

    def p95(size: int) -> float:
        return rows[size]["latency"]["grpc"]["assemble"].get("p95", 0.0)

    def add(name: str, op: str, limit: float, measured: float, unit: str) -> None:
        ok = measured <= limit if op == "<=" else measured >= limit
        out.append({"store": store, "name": name, "op": op, "target": limit, "measured": round(measured, 3), "unit": unit, "pass": ok})

    add(f"Assemble p95 at {small:,} turns (gRPC)", "<=", ASSEMBLE_P95_SMALL_MS, p95(small), "ms")
    if large != small:
        add(f"Assemble p95 at {large:,} turns (gRPC)", "<=", ASSEMBLE_P95_LARGE_MS, p95(large), "ms")
        growth = p95(large) / p95(small) if p95(small) else 0.0
        add(f"Assemble p95 {large:,} / {small:,} turns", "<=", GROWTH_MAX, growth, "x")
    slowest = min(rows.values(), key=lambda r: r["ingest"]["grpc"]["events_per_s"])
    add(
        f"ingest over gRPC, slowest size ({slowest['size']:,} turns)",
        ">=",
        INGEST_MIN_EPS,
        slowest["ingest"]["grpc"]["events_per_s"],
        "events/s",
    )
    return out


def write(doc: dict, out_dir: Path) -> Path:
    """bench-results/<timestamp>.json, never overwriting an earlier run."""
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = doc["created_at"].replace("-", "").replace(":", "")
    path = out_dir / f"{stamp}.json"
    n = 1
    while path.exists():
        path, n = out_dir / f"{stamp}-{n}.json", n + 1
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path


# --- the human table ------------------------------------------------------------------------------
COLUMNS = [
    ("store", 10, "<"),
    ("turns", 7, ">"),
    ("ingest gRPC", 11, ">"),
    ("in-proc", 8, ">"),
    ("ratio", 5, ">"),
    ("Retrieve gRPC", 15, ">"),
    ("Retrieve in-proc", 16, ">"),
    ("Assemble gRPC", 15, ">"),
    ("Assemble in-proc", 16, ">"),
    ("store/1k", 9, ">"),
    ("RSS/1k", 8, ">"),
]


def _pcts(stats: dict) -> str:
    if not stats.get("n"):
        return "-"
    text = f"{stats['p50']:.1f}/{stats['p95']:.1f}/{stats['p99']:.1f}"
    return text if stats.get("complete", True) else text + "*"


def _bytes(n: int | None) -> str:
    if n is None:
        return "-"
    if abs(n) >= 1024 * 1024:
        return f"{n / 1024 / 1024:.1f} MB"
    return f"{n / 1024:.0f} kB"


def _eps(ingest: dict) -> str:
    return f"{ingest['events_per_s']:,.0f}" + ("" if ingest["complete"] else "*")


def _row(run: dict) -> list[str]:
    ingest, latency, foot = run["ingest"], run["latency"], run["footprint"]
    return [
        run["store"],
        f"{run['size']:,}",
        _eps(ingest["grpc"]),
        _eps(ingest["inproc"]),
        f"{ingest['ratio_grpc_over_inproc']:.2f}",
        _pcts(latency["grpc"]["retrieve"]),
        _pcts(latency["inproc"]["retrieve"]),
        _pcts(latency["grpc"]["assemble"]),
        _pcts(latency["inproc"]["assemble"]),
        _bytes(foot.get("store_bytes_per_1k_turns")),
        _bytes(foot.get("server_rss_growth_per_1k_turns_bytes")),
    ]


def _line(cells: list[str]) -> str:
    return "  ".join(f"{cell:{align}{width}}" for cell, (_, width, align) in zip(cells, COLUMNS, strict=True)).rstrip()


def table(doc: dict) -> str:
    cfg, env = doc["config"], doc["environment"]
    lines = [
        f"Memory benchmark: long-haul sessions, batches of {cfg['batch_events']}, {cfg['queries']} timed calls per op after a warm-up,"
        f" Retrieve limit {cfg['retrieve_limit']}, Assemble budget {cfg['assemble_budget']}",
        f"commit {doc['commit'] or '?'}{' (dirty)' if env.get('dirty') else ''}, Python {env['python']}, {env['cpu_count']} CPUs,"
        f" SQLite {env['sqlite_version']}" + (f", Redis {env['redis_version']}" if env.get("redis_version") else ""),
        "ingest in events/s; latencies in ms as p50/p95/p99; ratio = gRPC / in-process; store/1k = SQLite db+wal"
        " or Redis used_memory, RSS/1k = server RSS growth, per 1,000 turns; * = phase stopped by its time budget",
        "",
        _line([name for name, _, _ in COLUMNS]),
    ]
    lines += [_line(cells) for cells in size_rows(doc)]
    if doc["cold_starts"]:
        lines += ["", f"Cold start, process spawn to grpc.health SERVING (median of {doc['config']['cold_starts']}, min-max):"]
        for cold in doc["cold_starts"]:
            runs = cold["runs_ms"]
            lines.append(f"  {cold['service']:<16} {cold['median_ms']:7.0f} ms   [{min(runs):.0f}-{max(runs):.0f}]")
    lines += bench_load_report.curve_lines(doc) + bench_load_report.scale_lines(doc)
    if doc["targets"]:
        lines += ["", "Targets (MISS is reported, never fatal):"]
        for t in doc["targets"]:
            op = "≤" if t["op"] == "<=" else "≥"
            measured = f"{t['measured']:,.2f}" if t["unit"] not in ("events/s", "calls/s") else f"{t['measured']:,.0f}"
            target = f"{op} {t['target']:,g} {t['unit']}"
            lines.append(f"  {'PASS' if t['pass'] else 'MISS'}  {t['store']:<7} {t['name']:<48} {target:<18} measured {measured}")
    lines += bench_load_report.single_process_lines(doc)
    return "\n".join(lines)


def size_rows(doc: dict) -> list[list[str]]:
    """The sizes' table rows (headers: COLUMNS), memory stores first."""
    return [_row(run) for run in sorted(doc["runs"], key=_order)]


def _order(run: dict) -> tuple:
    names = ["sqlite", "redis", "bm25-turns"]
    return (names.index(run["store"]) if run["store"] in names else len(names), run["size"])
