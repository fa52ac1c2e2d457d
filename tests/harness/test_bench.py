"""Smoke tests of `python -m services.harness bench` at tiny sizes: the code path and the report's shape.

Nothing here is timed: the numbers only have to exist and be positive.
"""

import json
import os
import shutil

import pytest

from services.harness import bench, bench_report
from services.harness.cli import main


def _run(capsys, tmp_path, *extra: str) -> tuple[int, dict | None]:
    # The curve and the long session have their own tests (test_bench_scale.py); here they are skipped.
    argv = ["bench", "--sizes", "200", "--queries", "12", "--clients", "0", "--scale-turns", "0", "--out", str(tmp_path / "out"), "--json"]
    code = main([*argv, *extra], env=_clean_env())
    out = capsys.readouterr().out
    return code, (json.loads(out) if code == 0 else None)


def _clean_env() -> dict:
    """The environment without settings that would point the run elsewhere."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("HARNESS_", "MEMORY_", "DSH_EVAL_"))}


def _assert_latency(stats: dict, n: int) -> None:
    assert stats["n"] == n and stats["complete"]
    assert 0 < stats["p50"] <= stats["p95"] <= stats["p99"] <= stats["max"]


def test_bench_sqlite_and_baseline_report(capsys, tmp_path):
    code, doc = _run(capsys, tmp_path, "--stores", "sqlite", "--cold-starts", "1")
    assert code == 0
    assert doc["format"] == "dsh-memory-bench" and doc["config"]["sizes"] == [200]
    env = doc["environment"]
    assert env["python"] and env["cpu_count"] >= 1 and env["sqlite_version"]
    assert [(r["store"], r["size"]) for r in doc["runs"]] == [("sqlite", 200), ("bm25-turns", 200)]
    for run in doc["runs"]:
        assert run["events"] > 200
        for mode in ("grpc", "inproc"):
            ingest = run["ingest"][mode]
            assert ingest["complete"] and ingest["events"] == run["events"] and ingest["events_per_s"] > 0
            for op in ("retrieve", "assemble"):
                _assert_latency(run["latency"][mode][op], 12)
        assert run["ingest"]["ratio_grpc_over_inproc"] > 0
    foot = doc["runs"][0]["footprint"]
    assert foot["sqlite_db_bytes"] > 0 and foot["store_bytes_per_1k_turns"] > 0
    assert foot["server_rss_after_ingest_bytes"] > 0
    assert [c["service"] for c in doc["cold_starts"]] == ["memory (sqlite)", "answerer", "harness serve"]
    assert all(c["median_ms"] > 0 and len(c["runs_ms"]) == 1 for c in doc["cold_starts"])
    names = [t["name"] for t in doc["targets"]]
    assert names == ["Assemble p95 at 200 turns (gRPC)", "ingest over gRPC, slowest size (200 turns)"]
    assert all(isinstance(t["pass"], bool) and t["measured"] > 0 for t in doc["targets"])
    written = list((tmp_path / "out").glob("*.json"))
    assert len(written) == 1 and json.loads(written[0].read_text())["runs"] == doc["runs"]
    # The human table renders from the same document.
    text = bench_report.table(doc)
    assert "sqlite" in text and "bm25-turns" in text and "Cold start" in text and "Targets" in text


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server not installed")
def test_bench_redis_store(capsys, tmp_path):
    code, doc = _run(capsys, tmp_path, "--stores", "redis", "--cold-starts", "0", "--no-baseline")
    assert code == 0
    (run,) = doc["runs"]
    assert run["store"] == "redis" and run["ingest"]["grpc"]["events_per_s"] > 0
    assert run["footprint"]["redis_used_memory_bytes"] > 0
    assert doc["environment"]["redis_version"] and doc["cold_starts"] == []


@pytest.mark.parametrize("args", [["--stores", "mongo"], ["--sizes", "ten"], ["--sizes", "10"], ["--queries", "0"]])
def test_bench_usage_errors_exit_2(capsys, tmp_path, args):
    assert main(["bench", "--out", str(tmp_path / "out"), *args], env=_clean_env()) == 2
    assert not (tmp_path / "out").exists()


def test_bench_requested_redis_without_redis_server_exits_2(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(bench.shutil, "which", lambda name: None)
    assert main(["bench", "--stores", "redis", "--out", str(tmp_path / "out")], env=_clean_env()) == 2
    assert "redis-server" in capsys.readouterr().err


def test_percentiles_nearest_rank_and_targets():
    stats = bench.percentiles([float(i) for i in range(1, 101)])
    assert (stats["p50"], stats["p95"], stats["p99"], stats["max"]) == (50.0, 95.0, 99.0, 100.0)

    def run(size, p95, eps):
        return {"store": "sqlite", "size": size, "latency": {"grpc": {"assemble": {"p95": p95}}}, "ingest": {"grpc": {"events_per_s": eps}}}

    targets = bench_report.targets([run(1000, 4.0, 9000.0), run(100000, 14.0, 6000.0)], ("sqlite",))
    assert [(t["name"], t["pass"]) for t in targets] == [
        ("Assemble p95 at 1,000 turns (gRPC)", True),
        ("Assemble p95 at 100,000 turns (gRPC)", True),
        ("Assemble p95 100,000 / 1,000 turns", False),  # 3.5x
        ("ingest over gRPC, slowest size (100,000 turns)", True),
    ]
