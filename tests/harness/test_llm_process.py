"""The local model server as a run's child: a server that cannot start says why, with its log."""

import os
import sys

import pytest

from services.harness.llm_process import LocalModel
from services.harness.processes import StartError


def test_a_server_that_cannot_start_is_a_start_error_with_its_log(tmp_path):
    # The services' own interpreter has no model package: the real `python -m services.llm` refuses to start.
    model = LocalModel(sys.executable, dict(os.environ), tmp_path / "llm.log", start_timeout=60.0)
    with pytest.raises(StartError) as raised:
        model.start()
    message = str(raised.value)
    assert "exited during start-up (status 2)" in message and "make llm-setup" in message
    model.stop()
