"""`eval --profile seed` end to end: real memory and answerer processes started by the harness."""

import json
import subprocess
import sys


def test_profile_seed_through_local_services(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "services.harness", "eval", "--profile", "seed", "--out", str(tmp_path), "--json"],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = json.loads(result.stdout)
    assert report["profile"] == "seed" and report["environment"]["plugin"]["available"]
    assert report["environment"]["memory"]["address"].startswith("127.0.0.1:")
    assert set(report["metrics"]["assemblyCoverage"]) == {"skill-only", "rolling-summary", "bm25-turns", "memory"}
    failed = [e for e in report["hardInvariants"] if e["status"] == "fail"]
    assert failed == [] and result.returncode == 0, result.stderr[-2000:]
    assert report["metrics"]["storageCorrectness"]["memory"] == 1.0
    assert report["metrics"]["storageCorrectness"]["bm25-turns"] is None
    assert len(list(tmp_path.glob("*-seed.json"))) == 1
