"""The storage-less baselines pass the conformance subset that applies to them."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from services.harness.baselines import BASELINE_SERVICERS
from services.harness.baselines.host_window import serve_baseline

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("baseline", sorted(BASELINE_SERVICERS))
def test_baseline_passes_the_applicable_conformance_subset(baseline):
    served = serve_baseline(BASELINE_SERVICERS[baseline]())
    try:
        env = {**os.environ, "MEMORY_ADDR": f"127.0.0.1:{served.port}"}
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "tests/conformance", "-q", "-p", "no:cacheprovider"],
            cwd=REPO_ROOT,
            env=env,
            check=False,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        served.stop(grace=1)
    assert run.returncode == 0, run.stdout[-4000:]
    assert "has_storage=False" in run.stdout and "skipped" in run.stdout
