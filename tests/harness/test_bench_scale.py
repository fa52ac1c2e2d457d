"""The bench's concurrency curve and long session, at tiny sizes against real servers: the code path, the
report's shape (JSON, table, HTML page) and the streamed session's order. Nothing here is timed."""

import json
import os
import shutil
from pathlib import Path

import pytest
from dsh.memory.v1 import memory_pb2

from services.harness import bench_load_report, bench_report, bench_scale
from services.harness.cli import main

TURN_KINDS = {
    memory_pb2.EVENT_KIND_USER_MESSAGE,
    memory_pb2.EVENT_KIND_ASSISTANT_MESSAGE,
    memory_pb2.EVENT_KIND_TOOL_CALL,
    memory_pb2.EVENT_KIND_TOOL_RESULT,
}


def _clean_env() -> dict:
    """The environment without settings that would point the run elsewhere."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("HARNESS_", "MEMORY_", "DSH_EVAL_"))}


def _bench(capsys, out: Path, *extra: str) -> tuple[int, dict | None]:
    argv = ["bench", "--sizes", "200", "--queries", "12", "--cold-starts", "0", "--concurrency-seconds", "1", "--out", str(out)]
    code = main([*argv, "--json", *extra], env=_clean_env())
    printed = capsys.readouterr().out
    return code, (json.loads(printed) if code == 0 else None)


def _assert_point(point: dict, clients: int) -> None:
    assert point["clients"] == clients and point["calls"] > 0 and point["errors"] == {}
    assert point["calls_per_s"] > 0 and point["server_processes"] >= 1
    stats = point["latency"]
    assert stats["n"] == point["calls"] and 0 < stats["p50"] <= stats["p95"] <= stats["p99"] <= stats["max"]
    assert set(point["by_op"]) == {"append", "assemble", "retrieve"}
    assert sum(s["n"] for s in point["by_op"].values()) == point["calls"]


def test_curve_and_long_session_in_json_table_and_page(capsys, tmp_path):
    out = tmp_path / "out"
    code, doc = _bench(capsys, out, "--stores", "sqlite", "--clients", "1,2", "--concurrency-sessions", "4", "--scale-turns", "2000")
    assert code == 0
    assert doc["config"]["workers"] == "default" and doc["config"]["concurrency"]["clients"] == [1, 2]
    sqlite, bm25 = doc["concurrency"]
    assert (sqlite["store"], sqlite["workers"], bm25["store"]) == ("sqlite", "default", "bm25-turns")
    for row in (sqlite, bm25):
        # Every session was pre-loaded with the whole base session (500 turns + start, cancel, compaction).
        assert row["preload"]["complete"] and row["preload"]["events"] == 4 * 503
        for point, clients in zip(row["points"], (1, 2), strict=True):
            _assert_point(point, clients)
    # Unless the bench itself runs one process, it says what one process reaches at the largest count.
    _assert_point(sqlite["single_process"], 2)
    assert "single_process" not in bm25
    assert all(p["vs_bm25"]["calls_per_s"] > 0 and p["vs_bm25"]["p95"] > 0 for p in sqlite["points"])

    memory, baseline = doc["scale"]
    assert (memory["store"], baseline["store"]) == ("sqlite", "bm25-turns")
    for row in (memory, baseline):
        assert row["turns"] == 2000 and row["ingest"]["complete"] and row["ingest"]["events"] == row["events"] == 2003
        assert row["latency"]["assemble"]["n"] == 12 and row["latency"]["retrieve"]["n"] == 12
        assert row["footprint"]["server_rss_after_ingest_bytes"] > 0
    assert memory["footprint"]["sqlite_db_bytes"] > 0 and memory["footprint"]["store_bytes"] >= memory["footprint"]["sqlite_db_bytes"]
    assert memory["vs_bm25"]["ingest_events_per_s"] > 0 and memory["vs_bm25"]["assemble_p95"] > 0

    names = [t["name"] for t in doc["targets"] if t["store"] == "sqlite"]
    assert names[-3:] == ["2 clients: mixed calls/s", "2 clients: p95 of the mixed calls", "Assemble p95, one 2,000-turn session"]

    text = bench_report.table(doc)
    assert "Concurrency curve" in text and "One long session: 2,000 turns" in text
    assert "one process (MEMORY_PROCESSES=1), sqlite, 2 clients" in text

    (written,) = out.glob("*.json")
    page = written.with_suffix(".html").read_text(encoding="utf-8")
    assert "Concurrency curve" in page and "Long session" in page and "<svg" in page and "<script" not in page
    # `report` draws the same page again from the JSON alone.
    again = tmp_path / "again.html"
    assert main(["report", str(written), "--out", str(again)], env=_clean_env()) == 0
    assert "Concurrency curve" in again.read_text(encoding="utf-8")


def test_workers_flag_reaches_the_report_and_one_process_is_not_run_twice(capsys, tmp_path):
    extra = ["--stores", "sqlite", "--clients", "1", "--concurrency-sessions", "2", "--scale-turns", "0", "--no-baseline", "--workers", "1"]
    code, doc = _bench(capsys, tmp_path / "out", *extra)
    assert code == 0 and doc["config"]["workers"] == "1"
    (row,) = doc["concurrency"]
    assert row["workers"] == "1" and "single_process" not in row
    assert "vs_bm25" in row["points"][0] and row["points"][0]["vs_bm25"]["calls_per_s"] is None
    assert doc["scale"] == [] and doc["config"]["scale"]["turns"] == 0
    assert "skipped (--scale-turns 0)" in (tmp_path / "out").glob("*.json").__next__().with_suffix(".html").read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server not installed")
def test_curve_and_long_session_on_redis(capsys, tmp_path):
    extra = ["--stores", "redis", "--clients", "2", "--concurrency-sessions", "2", "--scale-turns", "300", "--no-baseline"]
    code, doc = _bench(capsys, tmp_path / "out", *extra)
    assert code == 0
    (row,) = doc["concurrency"]
    _assert_point(row["points"][0], 2)
    (scale,) = doc["scale"]
    assert scale["store"] == "redis" and scale["ingest"]["complete"] and scale["footprint"]["redis_used_memory_bytes"] > 0


@pytest.mark.parametrize(
    "args",
    [
        ["--scale-turns", "10"],
        ["--scale-turns", "many"],
        ["--clients", "8", "--concurrency-sessions", "4"],
        ["--clients", "two"],
        ["--concurrency-seconds", "0"],
        ["--workers", "-1"],
    ],
)
def test_bad_curve_and_scale_flags_exit_2_and_write_nothing(capsys, tmp_path, args):
    assert main(["bench", "--stores", "sqlite", "--out", str(tmp_path / "out"), *args], env=_clean_env()) == 2
    assert not (tmp_path / "out").exists()
    assert capsys.readouterr().err


def test_long_session_keeps_the_base_session_in_order_between_filler():
    turns = bench_scale.BASE_TURNS + 2_000
    session = bench_scale.scale_session(turns, "dsh-bench-v1")
    events = [event for batch in session.batches() for event in batch.events]
    assert len(events) == session.events and session.batch_count == len(list(session.batches()))
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert len({e.event_id for e in events}) == len(events)
    assert sum(e.kind in TURN_KINDS for e in events) == turns
    # The base session's events are all there, in their order, with filler between them.
    base_texts = [e.text for batch in session.base.requests for e in batch.events]
    position = 0
    for event in events:
        if position < len(base_texts) and event.text == base_texts[position]:
            position += 1
    assert position == len(base_texts)
    (compaction,) = [e for e in events if e.kind == memory_pb2.EVENT_KIND_COMPACTION]
    assert 0 < int(compaction.attributes["up_to_seq"]) < compaction.seq
    stamps = [e.created_at.seconds for e in events]
    assert stamps == sorted(stamps)
    # Deterministic: the same flags send the same session.
    again = next(bench_scale.scale_session(turns, "dsh-bench-v1").batches())
    assert list(again.events) == events[: len(again.events)]


def test_curve_targets_take_32_clients_or_the_largest_count():
    def row(store, points):
        return {"store": store, "workers": "default", "points": points}

    def point(clients, rate, p95):
        return {"clients": clients, "calls_per_s": rate, "latency": {"p95": p95}}

    curve = [
        row("sqlite", [point(1, 100.0, 5.0), point(32, 700.0, 90.0), point(64, 500.0, 200.0)]),
        row("bm25-turns", [point(32, 1400.0, 30.0)]),
    ]
    curve, _ = bench_load_report.with_ratios(curve, [])
    assert curve[0]["points"][1]["vs_bm25"] == {"calls_per_s": 0.5, "p95": 3.0}
    assert curve[0]["points"][0]["vs_bm25"] == {"calls_per_s": None, "p95": None}
    assert [(t["name"], t["pass"]) for t in bench_load_report.targets(curve, [])] == [
        ("32 clients: mixed calls/s", True),
        ("32 clients: p95 of the mixed calls", True),
    ]
    smaller = [row("redis", [point(1, 100.0, 5.0), point(8, 400.0, 120.0)])]
    assert [(t["name"], t["pass"]) for t in bench_load_report.targets(smaller, [])] == [
        ("8 clients: mixed calls/s", False),
        ("8 clients: p95 of the mixed calls", False),
    ]
