"""CLI usage errors and missing prerequisites exit 2 before anything starts."""

import subprocess
import sys

import pytest

from services.harness.cli import main


@pytest.mark.parametrize(
    "argv,message",
    [
        (["eval", "--bogus"], "unrecognized arguments"),
        (["eval", "--profile", "huge"], "invalid choice"),
        (["--profile", "huge"], "invalid choice"),
        (["eval", "--turns", "100,abc"], "--turns"),
        (["eval", "--answerer", "gpt"], "invalid choice"),
        (["eval", "--baselines", "skill-only,magic"], "unknown baseline"),
        (["eval", "--answerer", "llm"], "DSH_EVAL_LLM_API_KEY"),
        (["eval", "--profile", "locomo"], "no --locomo was given"),
        (["eval", "--profile", "locomo", "--locomo", "no/such/locomo10.json"], "no/such/locomo10.json does not exist"),
        (["eval", "--profile", "locomo", "--locomo", "no/such/dir"], "snap-research/locomo"),
    ],
)
def test_usage_errors_exit_2(argv, message, capsys):
    assert main(argv, env={}) == 2
    assert message in capsys.readouterr().err


def test_bad_environment_exits_2(capsys):
    assert main(["eval"], env={"HARNESS_RPC_TIMEOUT_S": "soon"}) == 2
    assert "HARNESS_RPC_TIMEOUT_S" in capsys.readouterr().err


def test_llm_without_key_as_a_process_starts_nothing():
    result = subprocess.run(
        [sys.executable, "-m", "services.harness", "eval", "--answerer=llm"],
        capture_output=True, text=True, timeout=60, env={"PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 2
    assert "set DSH_EVAL_LLM_API_KEY" in result.stderr
    assert result.stdout == ""


def test_help_exits_0(capsys):
    assert main(["--help"], env={}) == 0
    assert "eval" in capsys.readouterr().out
