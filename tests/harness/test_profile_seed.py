"""`eval --profile seed` end to end: real memory and answerer processes started by the harness."""

import json
import subprocess
import sys

import pytest

from services.harness.fixtures import SEED_DIR
from services.harness.processes import module_available

pytestmark = pytest.mark.skipif(
    not (SEED_DIR / "manifest.json").exists() or not module_available("services.memory"),
    reason="needs the committed seed fixtures and services.memory",
)


def test_profile_seed_through_local_services(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "services.harness", "eval", "--profile", "seed", "--out", str(tmp_path), "--json"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode in (0, 1), result.stderr
    report = json.loads(result.stdout)
    assert report["profile"] == "seed" and report["environment"]["plugin"]["available"]
    assert report["environment"]["memory"]["address"].startswith("127.0.0.1:")
    assert set(report["metrics"]["assemblyCoverage"]) == {"skill-only", "rolling-summary", "memory"}
    failed = [e for e in report["hardInvariants"] if e["status"] == "fail"]
    assert result.returncode == (1 if failed else 0)
    # The harness reports the memory's own failures but never trips on its own pipeline.
    assert "no_pipeline_errors" not in {e["id"] for e in failed}, failed
    assert len(list(tmp_path.glob("*-seed.json"))) == 1
