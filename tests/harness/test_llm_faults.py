"""A model API that cannot answer stops an llm run before anything is replayed (exit 2, no score),
with a message that says where the model was looked for and how to start it. No model runs here:
nothing listens on the URL, which is the fault."""

import os
import socket

import pytest

from services.harness.runner import EvalRequest, PrerequisiteError, run_eval
from services.harness.settings import load_settings


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_local_model_server_that_is_down_stops_the_run_with_a_clear_error(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HARNESS_", "DSH_EVAL_", "DSH_API_KEY", "DSH_TLS"))}
    url = f"http://127.0.0.1:{closed_port()}/v1"
    env.update(
        HARNESS_RESULTS_DIR=str(tmp_path), DSH_EVAL_LLM_BASE_URL=url, DSH_EVAL_LLM_MAX_RETRIES="1", DSH_EVAL_LLM_BACKOFF_SECONDS="0.01"
    )

    with pytest.raises(PrerequisiteError) as raised:
        run_eval(EvalRequest(profile="seed", answerer="llm", baselines=("skill-only",)), load_settings(env))

    message = str(raised.value)
    assert "did not answer a test question, so nothing was evaluated" in message
    assert url in message and "connection failed" in message and "make serve-llm" in message
    assert not list(tmp_path.glob("*.json"))  # no report, so no score
