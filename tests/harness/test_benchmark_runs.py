"""`eval --profile beam` and `eval --profile locomo` with corrections, end to end: real memory and answerer processes on
loopback started by the harness, folders in the benchmarks' layouts written by the tests; missing or malformed input
exits 2 naming what to fix; a LoCoMo and a BEAM report draw on one page."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from services.harness import benchmark_runs, html_report
from services.harness.cli import main
from tests.harness.mini_benchmarks import corrections, write_beam_dir, write_locomo_dir
from tests.harness.page import parse


def _eval(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "services.harness", "eval", *args]
    return subprocess.run(command, check=False, capture_output=True, text=True, timeout=240, env=env)


@pytest.fixture(scope="module")
def beam_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("beam")
    result = _eval("--profile", "beam", "--beam-dir", str(write_beam_dir(root / "data", nested=True)), "--out", str(root / "out"))
    assert result.returncode == 0, result.stderr[-2000:]
    [report] = (root / "out").glob("*-beam.json")
    return report, json.loads(report.read_text()), result.stdout


@pytest.fixture(scope="module")
def locomo_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("locomo")
    data, fixes = write_locomo_dir(root)
    result = _eval("--profile", "locomo", "--locomo", str(data), "--locomo-corrections", str(fixes), "--out", str(root / "out"))
    assert result.returncode == 0, result.stderr[-2000:]
    [report] = (root / "out").glob("*-locomo.json")
    return report, json.loads(report.read_text()), result.stdout


def test_beam_prints_the_per_ability_tables_and_the_supersede_outcomes(beam_run):
    _, report, stdout = beam_run
    assert "`beam` — 2 chats, 4 batches, 20 messages, 10 questions (8 cite messages)" in stdout
    assert "| Ability | questions (citing) | `memory` R@5 / R@10 | `bm25-turns` R@5 / R@10 | `memory` coverage |" in stdout
    assert "| knowledge_update | 2 (2) |" in stdout and "| abstention | 2 (0) | n/a / n/a | n/a / n/a | n/a |" in stdout
    assert "LLM judge" in stdout and "current value found" in stdout
    abilities = [entry["ability"] for entry in report["perScenario"]]
    assert abilities == ["knowledge_update", "contradiction_resolution", "information_extraction", "event_ordering", "abstention"]
    assert report["metrics"]["evidenceRecallAt10"]["skill-only"] is None  # no retrieval: not applicable, never zero
    assert report["metrics"]["evidenceRecallAt10"]["bm25-turns"] == 1.0  # every cited message shares the question's words
    extraction = next(e for e in report["perScenario"] if e["ability"] == "information_extraction")
    assert extraction["metrics"]["bm25-turns"]["rubricInContext"] == 1.0  # "Porto" is in the turn it quotes
    assert report["hardInvariants"] and all(entry["status"] == "pass" for entry in report["hardInvariants"])


def test_beam_shows_the_memory_retiring_the_old_region_where_bm25_quotes_both(beam_run):
    _, report, _ = beam_run
    update = report["supersede"]["knowledge_update"]
    # bm25-turns knows nothing of updates: both the old and the new region come back as current.
    assert update["bm25-turns"]["currentAndRetired"] == 2 and update["bm25-turns"]["retiredFlagged"] == 0
    # The memory keeps eu-west-1 only as history, labelled superseded.
    assert update["memory"]["currentOnly"] == 2 and update["memory"]["retiredFlagged"] == 2 and update["memory"]["valueCarried"] == 2
    question = next(q for q in report["questions"] if q["id"] == "knowledge_update-1")
    assert question["results"]["memory"]["supersede"]["outcome"] == "currentOnly"


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


def test_each_run_page_has_its_benchmark_section_and_both_draw_on_one_page(beam_run, locomo_run, tmp_path):
    for path, _, _ in (beam_run, locomo_run):
        page = parse(path.with_suffix(".html").read_text(encoding="utf-8"))
        profile = json.loads(path.read_text())["profile"]
        section = page.by_id(f"bench-{profile}")
        assert section is not None and section.find_all("table", "published"), profile
    out = tmp_path / "benchmarks.html"
    assert main(["report", str(beam_run[0]), str(locomo_run[0]), "--out", str(out)], env={}) == 0
    page = parse(out.read_text(encoding="utf-8"))
    locomo, beam = page.by_id("bench-locomo"), page.by_id("bench-beam")
    assert locomo is not None and beam is not None
    assert "session R@10" in locomo.all_text() and "as published in" in locomo.all_text()
    assert "knowledge_update" in beam.all_text() and "Ogham" in beam.all_text()
    text = page.all_text()
    assert text.index("Benchmark: LoCoMo") < text.index("Benchmark: BEAM")  # LoCoMo first, whatever the order given


def _clean_env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HARNESS_", "DSH_"))}
    return {**env, **extra}


@pytest.mark.parametrize(
    "argv,names",
    [
        (["--profile", "beam"], ["the default", "beam does not exist", "--beam-dir PATH", "BEAM_DIR="]),
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
    beam = write_beam_dir(tmp_path / "beam")
    (beam / "3" / "chat.json").write_text("[]")
    assert main(["eval", "--profile", "beam", "--beam-dir", str(beam)], env={}) == 2
    error = capsys.readouterr().err
    assert str(beam / "3" / "chat.json") in error and "non-empty list of batches" in error


def test_corrections_none_reads_the_published_evidence_only(tmp_path):
    data, _ = write_locomo_dir(tmp_path)
    scenarios, run = benchmark_runs.load("locomo", locomo=str(data), corrections="none", beam_dir="", benchmarks_dir=tmp_path / "x")
    assert run.profile == "locomo" and all("correctedEvidence" not in q for s in scenarios for q in s["questions"])


def test_a_report_of_a_benchmark_page_draws_again_from_its_json(beam_run):
    path, report, _ = beam_run
    page = parse(html_report.render(html_report.load(Path(path))))
    assert page.by_id("bench-beam") is not None and report["profile"] == "beam"
