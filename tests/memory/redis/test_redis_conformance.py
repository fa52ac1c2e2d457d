"""The conformance suite, run as a user would (`make conformance MEMORY_ADDR=...`), against the
memory service on a single Redis and on a three-master Cluster."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from services.common.security import ServerSecurity
from services.memory.server import build_server
from services.memory.settings import Settings

REPO_ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("target", ["single", "cluster"])
def test_redis_service_passes_the_whole_conformance_suite(target, request, tmp_path):
    from tests.memory.redis.conftest import cluster_url, single_url

    url = (
        single_url(request.getfixturevalue("redis_single")) if target == "single" else cluster_url(request.getfixturevalue("redis_cluster"))
    )
    # Reflection on, so that the suite's reflection test applies too (it is off by default).
    security = ServerSecurity(prefix="MEMORY", reflection=True)
    server = build_server(Settings(listen="127.0.0.1:0", store_url=url, db_path=str(tmp_path / "unused.sqlite"), security=security))
    try:
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "tests/conformance", "-q", "-p", "no:cacheprovider"],
            cwd=REPO_ROOT,
            env={**os.environ, "MEMORY_ADDR": f"127.0.0.1:{server.port}"},
            check=False,
            capture_output=True,
            text=True,
            timeout=600,
        )
    finally:
        server.stop(grace=1)
    assert run.returncode == 0, run.stdout[-4000:]
    assert "dsh-memory-redis" in run.stdout and "0 test(s) not applicable" in run.stdout
