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
        (["eval", "--profile", "locomo", "--locomo", "no/such/locomo10.json"], "no/such/locomo10.json does not exist"),
        (["eval", "--profile", "locomo", "--locomo", "no/such/dir"], "snap-research/locomo"),
        (["eval", "--profile", "beam", "--beam-dir", "no/such/beam"], "no/such/beam is not a folder"),
    ],
)
def test_usage_errors_exit_2(argv, message, capsys):
    assert main(argv, env={}) == 2
    assert message in capsys.readouterr().err


def test_bad_environment_exits_2(capsys):
    assert main(["eval"], env={"HARNESS_RPC_TIMEOUT_S": "soon"}) == 2
    assert "HARNESS_RPC_TIMEOUT_S" in capsys.readouterr().err


@pytest.mark.parametrize(
    "env,message",
    [
        # A provider's URL takes a key.
        ({"DSH_EVAL_LLM_BASE_URL": "https://api.example.com/v1"}, "needs DSH_EVAL_LLM_API_KEY"),
        # No key and no URL: the local model, whose server must be installed.
        ({"HARNESS_LLM_PYTHON": "/nonexistent/.venv-llm/bin/python"}, "make llm-setup"),
    ],
    ids=["provider-without-key", "local-model-not-installed"],
)
def test_llm_that_cannot_start_exits_2(env, message, capsys):
    assert main(["eval", "--answerer", "llm"], env=env) == 2
    assert message in capsys.readouterr().err


def test_llm_without_key_as_a_process_starts_nothing():
    result = subprocess.run(
        [sys.executable, "-m", "services.harness", "eval", "--answerer=llm"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "HARNESS_LLM_PYTHON": "/nonexistent/python"},
    )
    assert result.returncode == 2
    assert "DSH_EVAL_LLM_API_KEY" in result.stderr and "make llm-setup" in result.stderr
    assert result.stdout == ""


def test_help_exits_0(capsys):
    assert main(["--help"], env={}) == 0
    assert "eval" in capsys.readouterr().out


def test_the_report_path_is_printed_as_the_users_machine_sees_a_mounted_results_folder(tmp_path):
    from services.harness.cli import host_path
    from services.harness.settings import load_settings

    inside = tmp_path / "app" / "eval-results"
    report = inside / "2026-12-03T08-00-00-000Z-smoke.json"
    mounted = load_settings({"HARNESS_RESULTS_DIR": str(inside), "HARNESS_RESULTS_HOST_DIR": "./eval-results"})
    assert str(host_path(report, mounted)) == "eval-results/2026-12-03T08-00-00-000Z-smoke.json"
    # Not mounted, or a report written elsewhere (--out): the path as it is.
    assert host_path(report, load_settings({"HARNESS_RESULTS_DIR": str(inside)})) == report
    assert host_path(tmp_path / "elsewhere.json", mounted) == tmp_path / "elsewhere.json"
