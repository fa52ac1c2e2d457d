"""The runner end to end: real baselines, a real answerer process, memory implementations behind the proto.

The three broken implementations each make the harness report the right invariant failed
(exit 1); the honest toy passes everything (exit 0).
"""

import json

import pytest

from services.harness.runner import EvalRequest, evaluate
from tests.harness.mini_fixture import scenarios


def run(settings, answerer_addr, memory_addr, **request):
    return evaluate(EvalRequest(memory_addr=memory_addr, answerer_addr=answerer_addr, **request), settings, scenarios())


def failed(result) -> set[str]:
    return {entry["id"] for entry in result.report["hardInvariants"] if entry["status"] == "fail"}


def test_honest_memory_and_baselines_pass(settings, answerer_addr, toy):
    result = run(settings, answerer_addr, toy())
    assert failed(result) == set(), result.report["hardInvariants"]
    assert result.exit_code == 0
    metrics = result.report["metrics"]
    assert metrics["storageCorrectness"] == {"skill-only": None, "rolling-summary": None, "bm25-turns": None, "memory": 1.0}
    assert metrics["retrievalRecall"]["bm25-turns"] is not None
    assert metrics["retrievalRecall"]["skill-only"] is None and metrics["retrievalRecall"]["memory"] > 0
    assert all(v is not None for v in metrics["assemblyCoverage"].values())
    assert metrics["llmAnswerAccuracy"] is None
    assert result.report["environment"]["memory"]["implementation"] == "toy"
    # Skill-only lost the early deploy evidence to compaction; memory kept it.
    question = next(q for q in result.report["questions"] if q["id"] == "q-latency")
    assert question["results"]["memory"]["assemblyCoverage"] == 1.0
    assert question["results"]["skill-only"]["assemblyCoverage"] == 0.0
    saved = json.loads(result.report_path.read_text())
    assert saved["format"] == "dsh-long-conversation-memory-eval-report"
    assert result.report_path.name.endswith("-smoke.json")


@pytest.mark.parametrize(
    "flags,invariant",
    [
        ({"leak": True}, "cross_session_isolation"),
        ({"keep_superseded": True}, "superseded_not_active"),
        ({"duplicate_retries": True}, "retry_no_duplicate"),
    ],
)
def test_broken_memory_fails_the_right_invariant(settings, answerer_addr, toy, flags, invariant):
    result = run(settings, answerer_addr, toy(**flags))
    assert result.exit_code == 1
    assert invariant in failed(result)
    entry = next(e for e in result.report["hardInvariants"] if e["id"] == invariant)
    assert "memory:" in entry["detail"]
    # The baselines are not blamed for the memory's bug.
    assert "skill-only:" not in entry["detail"] and "rolling-summary:" not in entry["detail"]


def test_baselines_only_need_no_memory(settings, answerer_addr):
    result = evaluate(EvalRequest(baselines=("skill-only",), answerer_addr=answerer_addr), settings, scenarios())
    assert result.exit_code == 0
    assert result.report["environment"]["memory"] is None
    assert list(result.report["metrics"]["assemblyCoverage"]) == ["skill-only"]


@pytest.mark.parametrize(
    "flags,invariant",
    [
        ({}, None),
        ({"leak": True}, "cross_session_isolation"),
        ({"keep_superseded": True}, "superseded_not_active"),
        ({"duplicate_retries": True}, "retry_no_duplicate"),
    ],
)
def test_cli_against_memory_addr(answerer_addr, client_env, toy, fixture_dir, tmp_path, capsys, flags, invariant):
    """`eval --memory-addr --fixtures DIR`: exit 1 naming the broken invariant, 0 for the honest toy.

    The folder's manifest says `hand-made`: the report is labelled so, not as the default smoke."""
    from services.harness.cli import main

    out = tmp_path / "out"
    argv = ["eval", "--fixtures", str(fixture_dir), "--out", str(out), "--memory-addr", toy(**flags), "--answerer-addr", answerer_addr]
    code = main(argv, env=client_env)
    table = capsys.readouterr().out
    assert code == (1 if invariant else 0), table
    if invariant:
        assert f"FAIL  {invariant}" in table
    assert "| `storageCorrectness` | n/a | n/a |" in table
    assert table.startswith("`hand-made` profile")
    assert len(list(out.glob("*-hand-made.json"))) == 1 and not list(out.glob("*-smoke.json"))
    assert main([*argv, "--json"], env=client_env) == code
    report = json.loads(capsys.readouterr().out)
    assert report["format"] == "dsh-long-conversation-memory-eval-report"
    assert (report["profile"], report["seed"]) == ("hand-made", "hand-made")
