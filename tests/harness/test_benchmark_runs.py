"""`eval --profile locomo` with corrections, end to end: real memory and answerer processes on loopback started by the
harness, a folder in the benchmark's layout written by the tests; missing or malformed input exits 2 naming what to fix."""

import json
import os
import subprocess
import sys

import pytest

from services.harness import benchmark_runs
from services.harness.cli import main
from tests.harness.mini_benchmarks import corrections, write_locomo_dir


def _eval(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "services.harness", "eval", *args]
    return subprocess.run(command, check=False, capture_output=True, text=True, timeout=240, env=env)


@pytest.fixture(scope="module")
def locomo_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("locomo")
    data, fixes = write_locomo_dir(root)
    result = _eval("--profile", "locomo", "--locomo", str(data), "--locomo-corrections", str(fixes), "--out", str(root / "out"))
    assert result.returncode == 0, result.stderr[-2000:]
    [report] = (root / "out").glob("*-locomo.json")
    return report, json.loads(report.read_text()), result.stdout


def test_locomo_prints_published_and_corrected_recall_at_turn_and_session_level(locomo_run):
    _, report, stdout = locomo_run
    assert "2 of 3 entries applied (1 for conversations not in this run)" in stdout
    assert "corrected evidence, unresolvable ids dropped: 1" in stdout
    assert "| Categories 1-4 (published n=3, corrected n=4) | `memory` published | `memory` corrected | `bm25-turns` published |" in stdout
    for label in ("turn R@5", "turn R@10", "session R@5", "session R@10"):
        assert f"| {label} |" in stdout
    views = report["evidenceViews"]
    assert (views["published"]["questions"], views["corrected"]["questions"]) == (3, 4)
    kayak = next(q for q in report["questions"] if q["query"] == "Where did Ana buy the red kayak?")
    levels = kayak["results"]["bm25-turns"]["levels"]
    # Published: D3:1, a turn (and a session) sharing no word with the question; corrected: D2:2, which holds them all.
    assert levels["published"]["turnRecallAt5"] == 0.0 and levels["published"]["sessionRecallAt5"] == 0.0
    assert levels["corrected"]["turnRecallAt5"] == 1.0 and levels["corrected"]["sessionRecallAt5"] == 1.0
    assert kayak["expected"]["correctedEvidence"] == ["D2:2"]
    bm25 = views["corrected"]["metrics"]["turnRecallAt5"]["bm25-turns"]
    assert bm25 > views["published"]["metrics"]["turnRecallAt5"]["bm25-turns"]


def _clean_env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HARNESS_", "DSH_"))}
    return {**env, **extra}


@pytest.mark.parametrize(
    "argv,names",
    [
        (["--profile", "locomo"], ["the default", "locomo/dev does not exist", "--locomo", "LOCOMO="]),
    ],
)
def test_an_absent_benchmark_exits_2_in_one_line_naming_where_it_looked(tmp_path, argv, names):
    absent = tmp_path / "no-benchmarks-here"
    result = _eval(*argv, env=_clean_env(HARNESS_BENCHMARKS_DIR=str(absent)))
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.strip().splitlines()
    assert str(absent) in line and all(name in line for name in names), line


def test_absent_default_corrections_exit_2_saying_how_to_go_without(tmp_path, capsys):
    data, _ = write_locomo_dir(tmp_path)
    env = {"HARNESS_BENCHMARKS_DIR": str(tmp_path / "none")}
    assert main(["eval", "--profile", "locomo", "--locomo", str(data)], env=env) == 2
    error = capsys.readouterr().err
    assert "locomo-audit/errors.json does not exist" in error and "--locomo-corrections PATH" in error and "none" in error


def test_malformed_input_exits_2_naming_the_file_and_what_is_wrong(tmp_path, capsys):
    data, fixes = write_locomo_dir(tmp_path, corrections(e1={"correct_evidence": "D2:2"}))
    assert main(["eval", "--profile", "locomo", "--locomo", str(data), "--locomo-corrections", str(fixes)], env={}) == 2
    error = capsys.readouterr().err
    assert str(fixes) in error and "entry 1 (locomo_0_qa2)" in error and "correct_evidence must be a list" in error


def test_corrections_none_reads_the_published_evidence_only(tmp_path):
    data, _ = write_locomo_dir(tmp_path)
    scenarios, run = benchmark_runs.load("locomo", locomo=str(data), corrections="none", benchmarks_dir=tmp_path / "x")
    assert run.profile == "locomo" and all("correctedEvidence" not in q for s in scenarios for q in s["questions"])
