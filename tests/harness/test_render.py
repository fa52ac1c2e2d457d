"""The printed summary renders two ways from the same blocks: Markdown (unchanged, pasteable) and aligned tables
for a terminal; both are pure functions, checked here without a terminal."""

import re
from dataclasses import replace

from services.harness import locomo_report, locomo_summary, locomo_views
from services.harness.render import Invariants, Table, to_markdown, to_terminal
from services.harness.report import build_report, summary
from tests.harness.test_report import _runs

ANSI = re.compile(r"\x1b\[[0-9;]*m")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _two_sizes():
    """The test report's runs at 10 turns, plus the same scenario again at 40 turns."""
    runs = _runs()
    for baseline, (run,) in list(runs.items()):
        runs[baseline] = [run, replace(run, scenario={**run.scenario, "id": "lh-40", "size": 40})]
    built = build_report(
        runs,
        baselines=["skill-only", "memory"],
        profile="smoke",
        seed="x",
        answerer="deterministic",
        environment={"retrieval": {"memory": "lexical"}},
        fixtures={"dir": "d"},
    )
    return built.report, summary(built.report, built.scores)


def test_markdown_keeps_the_table_and_adds_the_metrics_by_session_size():
    report, blocks = _two_sizes()
    text = to_markdown(blocks)
    lines = text.splitlines()
    assert lines[0] == "`smoke` profile — 2 sessions, 50 turns (10/40), 2 questions; seed x, answerer deterministic"
    assert lines[2:4] == ["| Metric | `skill-only` | `memory` |", "| --- | --- | --- |"]
    assert "| `storageCorrectness` | n/a | 100.0% (2/2) |" in lines
    section = lines.index("By session size:")
    assert lines[section + 2 : section + 4] == ["| Metric | Turns | `skill-only` | `memory` |", "| --- | --- | --- | --- |"]
    # One group per metric, the sizes read downwards; values as the JSON's perSize holds them.
    assert lines[section + 4 : section + 6] == ["| `assemblyCoverage` | 10 | 0.0% | 100.0% |", "|  | 40 | 0.0% | 100.0% |"]
    assert "| `latencyMs` mean / p95 | 10 | 0.5 / 0.5 | 2.0 / 2.9 |" in lines
    assert [entry["size"] for entry in report["perSize"]] == [10, 40]
    assert lines.index("Hard invariants: 11/11 pass") > section
    assert lines[-2:] == [
        "memory retrieval: lexical (no neural model).",
        "Tokens are estimates; no LLM answer accuracy is claimed on the deterministic path.",
    ]
    assert not CONTROL.search(text)


def test_one_size_has_no_section_by_size():
    runs = _runs()
    built = build_report(
        runs, baselines=["skill-only", "memory"], profile="seed", seed="x", answerer="deterministic", environment={}, fixtures={}
    )
    assert "By session size" not in to_markdown(summary(built.report, built.scores))


def test_on_a_terminal_the_tables_are_aligned_and_carry_no_markdown():
    _, blocks = _two_sizes()
    plain = to_terminal(blocks, width=100, color=False)
    assert "| --- |" not in plain and "`" not in plain
    assert "\x1b[" not in ANSI.sub("", plain)  # without colour: no escape sequences at all
    lines = plain.splitlines()
    header = next(line for line in lines if line.startswith("Metric") and "Turns" not in line)
    row = next(line for line in lines if line.startswith("storageCorrectness"))
    # Values are right-aligned under their baseline's heading.
    assert row.rstrip().endswith("100.0% (2/2)") and len(row.rstrip()) == len(header.rstrip())
    sizes = lines.index("By session size:")
    assert re.match(r"assemblyCoverage\s+10\s+0\.0%\s+100\.0%$", lines[sizes + 4].rstrip())
    assert re.match(r"\s+40\s+0\.0%\s+100\.0%$", lines[sizes + 5].rstrip())
    assert "Hard invariants: 11/11 pass" in plain


def test_invariants_are_coloured_by_status_and_details_are_shown_as_written():
    entries = (
        {"id": "superseded_not_active", "status": "pass", "detail": "evaluated on memory; no violation"},
        {"id": "retry_no_duplicate", "status": "fail", "detail": "memory: [seq 3] stored twice"},
    )
    coloured = to_terminal([Invariants(entries)], width=100)
    assert "\x1b[32mPASS" in coloured and "\x1b[1;31mFAIL" in coloured
    plain = ANSI.sub("", coloured)
    assert "Hard invariants: 1/2 pass — 1 failed" in plain
    assert "memory: [seq 3] stored twice" in plain  # never read as rich markup
    assert to_markdown([Invariants(entries)]).splitlines() == [
        "Hard invariants: 1/2 pass",
        "  PASS  superseded_not_active: evaluated on memory; no violation",
        "  FAIL  retry_no_duplicate: memory: [seq 3] stored twice",
    ]


def test_a_table_renders_its_groups_and_a_narrow_terminal_wraps_cells_not_labels():
    table = Table(("Metric", "`a`"), (("`x`", "1"), ("", "2"), ("`y`", "n/a (deterministic answerer)")), breaks=(0, 2))
    assert to_markdown([table]).splitlines()[2:] == ["| `x` | 1 |", "|  | 2 |", "| `y` | n/a (deterministic answerer) |"]
    lines = to_terminal([table], width=20, color=False).splitlines()
    assert all(len(line) <= 20 for line in lines)
    label = next(index for index, line in enumerate(lines) if line.startswith("y"))
    assert lines[label].endswith("n/a") and "answerer)" in lines[label + 1 :][-1]  # the cell wraps, the label does not
    assert lines[label - 1].strip() == ""  # a group starts after a blank line


def _levels(memory: dict, bm25: dict) -> dict:
    return {m: {"memory": memory.get(m), "bm25-turns": bm25.get(m)} for m in locomo_views.LEVEL_METRICS}


def test_locomo_summary_has_views_categories_and_conversations_in_both_renderings():
    block = dict.fromkeys(locomo_report.METRIC_ORDER)
    memory = {**block, "evidenceRecallAt5": 0.5, "evidenceRecallAt10": 0.75}
    published = {"turnRecallAt5": 0.5, "turnRecallAt10": 0.75, "sessionRecallAt5": 0.8, "sessionRecallAt10": 0.9}
    corrected = {**published, "turnRecallAt5": 0.6}
    views = {
        "published": {"questions": 4, "metrics": _levels(published, {})},
        "corrected": {"questions": 5, "metrics": _levels(corrected, {})},
    }
    report = {
        "fixtures": {
            "import": {
                "conversations": 2,
                "turns": 30,
                "scoredQuestions": 4,
                "adversarialQuestions": 1,
                "questionsWithoutEvidence": 0,
                "unknownEvidenceIds": 1,
                "malformedEvidenceEntries": 2,
                "corrections": None,
            }
        },
        "environment": {},
        "evidenceViews": views,
        "perScenario": [
            {
                "scenario": "locomo-cat1-multi-hop",
                "questions": 4,
                "scored": True,
                "views": views,
                "metrics": {"bm25-turns": block, "memory": memory},
            },
            # A report written before views existed: its published turn recall, no session level.
            {"scenario": "locomo-cat2-temporal", "questions": 3, "metrics": {"bm25-turns": block, "memory": memory}},
        ],
        "perSize": [
            {"size": 10, "sessionId": "locomo-a", "metrics": {"bm25-turns": block, "memory": memory}},
            {"size": 20, "sessionId": "locomo-b", "metrics": {"bm25-turns": block, "memory": block}},
        ],
        "hardInvariants": [{"id": "no_pipeline_errors", "status": "pass", "detail": "ok"}],
    }
    scores = {m: {"bm25-turns": None, "memory": None} for m in locomo_report.METRIC_ORDER}
    blocks = locomo_summary.summary(report, scores)
    lines = to_markdown(blocks).splitlines()
    assert "unresolvable ids dropped: 3 (1 naming no turn, 2 entries holding no dialog id)" in lines[0]
    assert lines[1].startswith("corrections: none")
    header = "| Categories 1-4 (published n=4, corrected n=5) | `memory` published | `memory` corrected | `bm25-turns` published | `bm25-turns` corrected |"
    assert header in lines
    assert "| turn R@5 | 0.500 | 0.600 | n/a | n/a |" in lines and "| session R@10 | 0.900 | 0.900 | n/a | n/a |" in lines
    assert "| locomo-cat1-multi-hop | published | 4 | 0.500 / 0.750 | n/a | 0.800 / 0.900 | n/a |" in lines
    assert "|  | corrected | 5 | 0.600 / 0.750 | n/a | 0.800 / 0.900 | n/a |" in lines
    assert "| locomo-cat2-temporal | published | 3 | 0.500 / 0.750 | n/a | n/a | n/a |" in lines
    assert (
        lines[lines.index("By conversation (categories 1-4, published, turn level):") + 2]
        == "| Conversation | turns | `memory` R@5 / R@10 | `bm25-turns` R@5 / R@10 |"
    )
    assert "| locomo-a | 10 | 0.500 / 0.750 | n/a |" in lines and lines[-1] == "  PASS  no_pipeline_errors: ok"
    plain = to_terminal(blocks, width=140, color=False)
    assert re.search(r"locomo-cat1-multi-hop\s+published\s+4\s+0\.500 / 0\.750\s+n/a", plain)
    assert re.search(r"locomo-b\s+20\s+n/a\s+n/a", plain)
