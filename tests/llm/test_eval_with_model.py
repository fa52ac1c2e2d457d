"""The protocol's llm path end to end on the seed profile: the harness starts the real local model,
every question is answered by it (and by the deterministic answerer beside it), and the memory
baseline's answers are judged right more often than skill-only's."""

import os

import pytest

from services.harness.render import to_markdown
from services.harness.runner import EvalRequest, run_eval
from services.harness.settings import load_settings
from services.llm.model import MODEL

pytestmark = pytest.mark.llm


def test_seed_answered_by_the_local_model_scores_memory_above_skill_only(llm_python, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HARNESS_", "DSH_EVAL_", "DSH_API_KEY", "DSH_TLS"))}
    env.update(HARNESS_RESULTS_DIR=str(tmp_path / "results"), HARNESS_LLM_PYTHON=llm_python)

    result = run_eval(EvalRequest(profile="seed", answerer="llm", baselines=("skill-only", "memory")), load_settings(env))

    report = result.report
    assert result.exit_code == 0, [e for e in report["hardInvariants"] if e["status"] != "pass"]
    assert report["environment"]["llm"] == {"name": MODEL.alias, "server": "local model started by the harness"}
    keyed = sum(1 for q in report["questions"] if q.get("expected", {}).get("answer"))
    assert keyed == 22
    answers = report["answers"]
    assert answers["judge"].startswith("normalised match")
    for baseline in ("skill-only", "memory"):
        model, extractive = answers["perBaseline"][baseline]["llm"], answers["perBaseline"][baseline]["deterministic"]
        # Every question was answered by the model: none failed, none fell back to another answerer.
        assert model["accuracy"]["total"] == keyed and model["errors"] == 0
        assert model["promptTokensMean"] > 100 and model["completionTokensMean"] > 0
        assert model["latencyMs"]["mean"] > 0
        assert extractive["accuracy"]["total"] == keyed and extractive["errors"] == 0
    accuracy = report["metrics"]["llmAnswerAccuracy"]
    assert accuracy["memory"] > accuracy["skill-only"], accuracy
    assert accuracy["memory"] == answers["perBaseline"]["memory"]["llm"]["accuracy"]["value"]
    printed = to_markdown(result.summary)
    assert "| accuracy, `llm` |" in printed and MODEL.alias in printed
    assert result.html_path is not None and "Answers" in result.html_path.read_text(encoding="utf-8")
