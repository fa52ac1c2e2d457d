"""Harness test fixtures: a real answerer process, the toy memory server and the mini fixture folder."""

import os
from pathlib import Path

import pytest
import structlog

from services.harness.processes import LocalServices
from services.harness.settings import load_settings
from tests.harness.mini_fixture import write_fixture_dir
from tests.harness.toy_memory import serve_toy


@pytest.fixture(scope="session")
def answerer_addr():
    """A real `python -m services.answerer` on a free loopback port, for the whole session."""
    with LocalServices(dict(os.environ), memory=False, answerer=True) as local:
        yield local.answerer.address


@pytest.fixture
def settings(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HARNESS_", "DSH_EVAL_"))}
    env["HARNESS_RESULTS_DIR"] = str(tmp_path / "results")
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
