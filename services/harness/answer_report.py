"""Both answerers side by side, in an llm run: accuracy under one judge, tokens and time per answer.

Every question with an expected answer is answered at its last ask by the run's model and, on the
same context, by the deterministic answerer; both are judged by services/harness/judge.py. The
protocol's llmAnswerAccuracy is the model's column; the deterministic one is shown beside it only
here, measured the same way, never as a metric of the default path.
"""

from services.harness.judge import JUDGE_RULE, judge
from services.harness.metrics import Latency, asked, fraction, latency
from services.harness.records import ScenarioRun
from services.harness.render import Table

MODES = ("llm", "deterministic")


def mode_stats(runs: list[ScenarioRun], mode: str) -> dict:
    """{"accuracy": {value, hits, total}, "latencyMs": {...}, "promptTokensMean", "completionTokensMean", "errors"}
    over the questions with an expected answer that this answerer answered (or failed to)."""
    records = [(q, a.answers[mode]) for _, q, a in asked(runs) if q.get("expectedAnswer") and mode in a.answers]
    score = fraction(sum(judge(r.text, q["expectedAnswer"]) for q, r in records), len(records))
    timing = latency([r.latency_ms for _, r in records])
    count = len(records) or 1
    return {
        "accuracy": {"value": None if score.value is None else round(score.value, 4), "hits": score.hits, "total": score.total},
        "latencyMs": timing.as_json() if isinstance(timing, Latency) else None,
        "promptTokensMean": round(sum(r.prompt_tokens for _, r in records) / count, 1),
        "completionTokensMean": round(sum(r.completion_tokens for _, r in records) / count, 1),
        "errors": sum(bool(r.error) for _, r in records),
    }


def build(runs: dict[str, list[ScenarioRun]], baselines: list[str], model: dict) -> dict:
    """The report's `answers` block: the judge's rule, the model, and each baseline's two answerers."""
    return {
        "judge": JUDGE_RULE,
        "model": model,
        "answerers": list(MODES),
        "perBaseline": {b: {mode: mode_stats(runs[b], mode) for mode in MODES} for b in baselines},
    }


def _accuracy(stats: dict) -> str:
    acc = stats["accuracy"]
    if acc["value"] is None:
        return "n/a"
    return f"{acc['value'] * 100:.1f}% ({acc['hits']}/{acc['total']})"


def _latency(stats: dict) -> str:
    timing = stats["latencyMs"]
    return "n/a" if timing is None else f"{timing['mean']:.0f} / {timing['p95']:.0f}"


ROWS = (
    ("accuracy, `llm`", lambda s: _accuracy(s["llm"])),
    ("accuracy, `deterministic`", lambda s: _accuracy(s["deterministic"])),
    ("`llm` tokens in / out (mean per answer)", lambda s: f"{s['llm']['promptTokensMean']:.0f} / {s['llm']['completionTokensMean']:.0f}"),
    ("`llm` ms per answer, mean / p95", lambda s: _latency(s["llm"])),
    ("`deterministic` ms per answer, mean / p95", lambda s: _latency(s["deterministic"])),
    ("answer errors (`llm` / `deterministic`)", lambda s: f"{s['llm']['errors']} / {s['deterministic']['errors']}"),
)


def table(block: dict, baselines: list[str]) -> Table:
    """One row per figure, one column per baseline, as the metric table is laid out."""
    per = block["perBaseline"]
    rows = tuple((label, *(cell(per[b]) for b in baselines)) for label, cell in ROWS)
    return Table(("Answers", *(f"`{b}`" for b in baselines)), rows)


def caption(block: dict) -> str:
    model = block.get("model") or {}
    served = model.get("server") or "?"
    return f"Answers by `{model.get('name') or '?'}` ({served}) and by the deterministic answerer; judge: {block['judge']}."
