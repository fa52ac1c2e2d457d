"""The real local model server on a loopback port, shared by the tests that need it."""

import os

import pytest

from services.harness.llm_process import LocalModel


@pytest.fixture(scope="session")
def model_server(llm_python, tmp_path_factory):
    """`python -m services.llm` (SmolLM2-135M) from .venv-llm on a free loopback port, for the session."""
    log = tmp_path_factory.mktemp("llm") / "llm.log"
    with LocalModel(llm_python, dict(os.environ), log, start_timeout=180.0) as model:
        yield model
