"""Harness test fixtures: a real answerer process, the toy memory server and the mini fixture folder."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import structlog

from services.harness.processes import LocalServices
from services.harness.settings import load_settings
from tests.harness.mini_fixture import write_fixture_dir
from tests.harness.toy_memory import serve_toy


@pytest.fixture(scope="session")
def local_answerer():
    """A real `python -m services.answerer` on a free loopback port, for the whole session, with its throwaway key."""
    with LocalServices(dict(os.environ), memory=False, answerer=True) as local:
        yield local


@pytest.fixture(scope="session")
def answerer_addr(local_answerer):
    return local_answerer.answerer.address


@pytest.fixture(scope="session")
def client_env(local_answerer) -> dict[str, str]:
    """The CLI's environment for a run against the session's answerer: its key, as a user passes one."""
    return {"DSH_API_KEY": local_answerer.credentials.api_key}


@pytest.fixture
def settings(tmp_path, local_answerer):
    """Harness settings whose client key is the local answerer's, with the test's folder as its fixtures root."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HARNESS_", "DSH_EVAL_", "DSH_API_KEY", "DSH_TLS"))}
    env["HARNESS_RESULTS_DIR"] = str(tmp_path / "results")
    env["HARNESS_FIXTURES_DIRS"] = str(tmp_path)
    env["DSH_API_KEY"] = local_answerer.credentials.api_key
    return load_settings(env)


@pytest.fixture
def toy():
    """start(**bug_flags) -> the address of a fresh toy MemoryService on loopback; all stopped after the test."""
    servers = []

    def start(**flags) -> str:
        served = serve_toy(**flags)
        servers.append(served)
        return f"127.0.0.1:{served.port}"

    yield start
    for served in servers:
        served.stop(0)


@pytest.fixture
def fixture_dir(tmp_path) -> Path:
    return write_fixture_dir(tmp_path / "fixtures")


@pytest.fixture(autouse=True)
def _fresh_logging():
    """cli.main configures structlog onto pytest's captured stderr; undo that after each test."""
    yield
    structlog.reset_defaults()


@pytest.fixture(scope="session")
def seed_run(tmp_path_factory):
    """One real `eval --profile seed` (memory and answerer processes started by the harness), shared by
    the HTML report and comparison tests: (report JSON path, its stdout)."""
    out = tmp_path_factory.mktemp("seed-run")
    command = [sys.executable, "-m", "services.harness", "eval", "--profile", "seed", "--out", str(out)]
    result = subprocess.run(command, check=False, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    [report] = out.glob("*-seed.json")
    return report, result.stdout
