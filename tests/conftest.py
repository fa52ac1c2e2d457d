"""Session-wide hooks: the local model server's venv is built while the other tests run.

Tests marked `llm` talk to the real model server (.venv-llm). Building it (llama-cpp-python from
source, once) takes minutes, so when any such test is selected the set-up starts in the background
at the lowest CPU priority as the session begins, the `llm` tests are moved to the end, and the
`llm_python` fixture waits for the set-up there. A set-up that fails fails those tests with the
tail of its build log: the model could not be built here, and no stand-in takes its place.
"""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LLM_VENV = ROOT / ".venv-llm"
LLM_LOG = ROOT / "build" / "llm-env.log"
_setup: dict[str, subprocess.Popen] = {}


def _start_llm_setup() -> subprocess.Popen:
    LLM_LOG.parent.mkdir(parents=True, exist_ok=True)
    with open(LLM_LOG, "ab") as log:
        return subprocess.Popen(
            ["nice", "-n", "19", str(ROOT / "scripts" / "llm-env.sh")],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    model_tests = [item for item in items if item.get_closest_marker("llm")]
    if not model_tests:
        return
    items[:] = [item for item in items if not item.get_closest_marker("llm")] + model_tests
    _setup["llm"] = _start_llm_setup()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    proc = _setup.pop("llm", None)
    if proc is not None and proc.poll() is None:
        # The session ended first (interrupted, or the llm tests deselected by -x): stop the build.
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)


@pytest.fixture(scope="session")
def llm_python() -> str:
    """The model server's interpreter, once its venv is set up (waiting for the background set-up)."""
    proc = _setup.get("llm") or _start_llm_setup()
    code = proc.wait()
    if code != 0:
        tail = "\n".join(LLM_LOG.read_text(errors="replace").splitlines()[-40:])
        pytest.fail(f"the local model server could not be set up here (scripts/llm-env.sh exited {code}); {LLM_LOG}:\n{tail}")
    return str(LLM_VENV / "bin" / "python")
