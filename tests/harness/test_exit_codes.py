"""scripts/eval exits with the harness's own code (0 passed, 1 a hard invariant failed, 2 usage); `make eval`,
which can only exit 2 on a failure, names the harness's code on its last line. Real processes: the script, make,
the harness, against the toy memory and the session's answerer."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "eval"

pytestmark = pytest.mark.skipif(
    not (shutil.which("make") and (REPO / ".venv" / "bin" / "python").exists()), reason="needs make and the checkout's .venv"
)


def _run(argv: list[str], client_env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    # A clean environment: no MAKEFLAGS of an outer `make test`, no HARNESS_* of the machine.
    env = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp"), **client_env}
    return subprocess.run(argv, check=False, capture_output=True, text=True, timeout=300, env=env, cwd=cwd)


def _eval_flags(fixture_dir, tmp_path, memory_addr, answerer_addr) -> list[str]:
    return ["--fixtures", str(fixture_dir), "--out", str(tmp_path / "out"), "--memory-addr", memory_addr, "--answerer-addr", answerer_addr]


@pytest.mark.parametrize("flags,code", [({}, 0), ({"leak": True}, 1), ({"keep_superseded": True}, 1)])
def test_scripts_eval_exits_with_the_harness_code(flags, code, answerer_addr, client_env, toy, fixture_dir, tmp_path):
    # From another folder: the script finds its checkout, and relative paths stay the caller's.
    done = _run([str(SCRIPT), *_eval_flags(fixture_dir, tmp_path, toy(**flags), answerer_addr)], client_env, tmp_path)
    assert done.returncode == code, done.stderr[-3000:]
    assert done.stdout.startswith("`hand-made` profile")  # the set-up's output, if any, went to stderr
    assert ("FAIL  " in done.stdout) == bool(code)


def test_scripts_eval_exits_2_on_a_usage_error(client_env, tmp_path):
    done = _run([str(SCRIPT), "--bogus"], client_env, tmp_path)
    assert done.returncode == 2
    assert "unrecognized arguments: --bogus" in done.stderr and done.stdout == ""


def test_make_eval_names_the_harness_code_it_cannot_exit_with(answerer_addr, client_env, toy, fixture_dir, tmp_path):
    invariant = _run(
        [
            "make",
            "eval",
            f"FIXTURES={fixture_dir}",
            f"MEMORY_ADDR={toy(leak=True)}",
            f"ANSWERER_ADDR={answerer_addr}",
            f"ARGS=--out {tmp_path}",
        ],
        client_env,
        REPO,
    )
    usage = _run(["make", "eval", "ARGS=--bogus"], client_env, REPO)
    for done, code, meaning in ((invariant, 1, "a hard invariant failed"), (usage, 2, "a usage error")):
        assert done.returncode == 2  # make's own status for any failed recipe
        lines = done.stderr.splitlines()
        said = [index for index, line in enumerate(lines) if line.startswith("make eval:")]
        assert len(said) == 1, lines[-5:]
        assert f"the harness exited {code} ({meaning}" in lines[said[0]]
        assert "for the harness's own code run scripts/eval --profile smoke" in lines[said[0]]
        # Nothing follows it but make's own "make: *** [Makefile:N: eval] Error <code>".
        assert [line.startswith("make: *** ") and line.endswith(f"Error {code}") for line in lines[said[0] + 1 :]] == [True]
    assert "FAIL  cross_session_isolation" in invariant.stdout
