"""The LoCoMo report: evidence retrieval per baseline and per question category.

Metrics (turn level, from the dataset's evidence dia_ids, never from a memory's output):
- evidenceRecallAtK = mean over questions of |evidence ∩ source turns of the top-k items| / |evidence|,
  for k = 1, 5, 10, 25;
- evidenceHitAt5 = fraction of questions with at least one evidence turn in the top 5;
- retrievalRank1 = fraction of questions whose first item comes from an evidence turn;
- assemblyCoverage = mean fraction of evidence turns quoted (by their `[seq N` label) in
  the message injected at the default budget;
- extraTokensEstimate and latencyMs as in the protocol.
Retrieval metrics are null for baselines without retrieval. Categories 1-4 make up the
overall numbers; category 5 (adversarial) is reported on its own.

The same asks are also scored in two views (published and corrected evidence) at two levels (turn
and session), locomo_views.py: `evidenceViews` overall and `views` per category.
"""

from datetime import UTC, datetime

from services.harness import invariants as inv
from services.harness import misses
from services.harness.locomo import ADVERSARIAL, CATEGORIES, SCORED_CATEGORIES, ImportStats
from services.harness.locomo_views import LEVEL_METRICS, VIEWS, Asked, in_view, level_metrics, question_levels, sessions_of
from services.harness.metrics import Latency, Score, fraction, latency, mean, question_coverage, tokens_of
from services.harness.records import AskRecord, ScenarioRun
from services.harness.report import FORMAT, VERSION, Built, json_value, retrieval_note

RECALL_DEPTHS = (1, 5, 10, 25)
RETRIEVE_LIMIT = max(RECALL_DEPTHS)
METRIC_ORDER = (
    "evidenceRecallAt1",
    "evidenceRecallAt5",
    "evidenceRecallAt10",
    "evidenceRecallAt25",
    "evidenceHitAt5",
    "retrievalRank1",
    "assemblyCoverage",
    "extraTokensEstimate",
    "latencyMs",
)
NOTES = [
    "LoCoMo evidence retrieval: recall is turn level, |evidence ∩ source turns of the top-k items| / |evidence|.",
    "Categories 1-4 (multi-hop, temporal, open-domain, single-hop) make up the overall metrics; category 5 "
    "(adversarial) is reported separately; questions without evidence are counted and skipped.",
    "bm25-turns is the yardstick: FTS5 BM25 over 'date speaker: text' of every turn, no extraction, same run.",
    "Tokens are estimates from character counts (ceil(cjkChars / 1.6 + otherChars / 4)), not model tokenizer counts.",
    "null means not applicable to that baseline (no retrieval), never zero.",
    "evidenceViews: turn level = the evidence turn itself among the source turns of the top-k retrieved items (the "
    "metrics above); session level = any turn of the evidence turn's LoCoMo session among them, the granularity other "
    "systems often publish; turnCoverage / sessionCoverage = the same in the injected message.",
    "published = LoCoMo's evidence ids; corrected = the corrections file's correct_evidence for every question it names "
    "(the published ids elsewhere); ids that match no turn are dropped in each view and counted. Answers are not scored, "
    "so the corrected gold answers change no number here.",
]
_Asked = Asked


def _turns(ask: AskRecord, depth: int) -> set[str]:
    return {event for item in (ask.retrieved or [])[:depth] for event in item.source_event_ids}


def _recall(entry: _Asked, depth: int) -> float:
    expected = {ref["eventId"] for ref in entry.question["evidence"]}
    return len(expected & _turns(entry.ask, depth)) / len(expected)


def category_metrics(entries: list[_Asked]) -> dict[str, Score | Latency | None]:
    """The metrics over some asked questions of one baseline."""
    if not entries:
        return dict.fromkeys(METRIC_ORDER)
    metrics: dict[str, Score | Latency | None] = dict.fromkeys(METRIC_ORDER)
    if all(entry.run.has_retrieval for entry in entries):
        for depth in RECALL_DEPTHS:
            metrics[f"evidenceRecallAt{depth}"] = mean([_recall(e, depth) for e in entries])
        metrics["evidenceHitAt5"] = fraction(sum(_recall(e, 5) > 0 for e in entries), len(entries))
        metrics["retrievalRank1"] = fraction(sum(_recall(e, 1) > 0 for e in entries), len(entries))
    metrics["assemblyCoverage"] = mean([question_coverage(e.question, e.ask.message) for e in entries])
    metrics["extraTokensEstimate"] = mean([float(tokens_of(e.ask.message)) for e in entries])
    metrics["latencyMs"] = latency([e.ask.assemble_ms for e in entries if e.ask.assemble_ms is not None])
    return metrics


def _asked(runs: list[ScenarioRun], categories: tuple[int, ...]) -> list[_Asked]:
    return [
        _Asked(run, question, run.asks[question["id"]])
        for run in runs
        for question in run.scenario["questions"]
        if question.get("category") in categories and question["id"] in run.asks
    ]


def build_report(runs: dict[str, list[ScenarioRun]], *, baselines: list[str], stats: ImportStats, source: str, environment: dict) -> Built:
    scores = {b: category_metrics(in_view(_asked(runs[b], SCORED_CATEGORIES), "published")) for b in baselines}
    for b in baselines:  # every RPC of the run, not only the asks, as in the protocol
        scores[b]["latencyMs"] = latency([ms for run in runs[b] for ms in run.latencies_ms])
    checked = [(run, inv.check_run(run)) for b in baselines for run in runs[b]]
    hard = inv.summarize(checked)
    views = [view for view in VIEWS if view == "published" or stats.corrections is not None]
    per_category = []
    for category in (*SCORED_CATEGORIES, ADVERSARIAL):
        asked = {b: _asked(runs[b], (category,)) for b in baselines}
        block = {b: category_metrics(in_view(asked[b], "published")) for b in baselines}
        per_category.append(
            {
                "scenario": f"locomo-cat{category}-{CATEGORIES[category]}",
                "size": None,
                "sessionIds": [run.session_ids[0] for run in runs[baselines[0]]],
                "questions": len(in_view(asked[baselines[0]], "published")),
                "scored": category in SCORED_CATEGORIES,
                "metrics": {b: {m: json_value(block[b][m]) for m in METRIC_ORDER} for b in baselines},
                "views": _views(asked, baselines, views),
                "storage": dict.fromkeys(baselines),
                "invariants": [],
            }
        )
    per_conversation = [
        {
            "size": first.scenario["size"],
            "sessionId": first.session_ids[0],
            "metrics": {
                b: {
                    m: json_value(v) for m, v in category_metrics(in_view(_asked([runs[b][index]], SCORED_CATEGORIES), "published")).items()
                }
                for b in baselines
            },
        }
        for index, first in enumerate(runs[baselines[0]])
    ]
    report = {
        "format": FORMAT,
        "version": VERSION,
        "generatedAt": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "profile": "locomo",
        "seed": None,
        "answerer": "deterministic",
        "environment": environment,
        "fixtures": {"dir": source, "regenerated": False, "sessions": stats.conversations, "groups": ["locomo"], "import": stats.as_json()},
        "metricOrder": list(METRIC_ORDER),
        "metrics": {m: {b: json_value(scores[b][m]) for b in baselines} for m in METRIC_ORDER},
        "evidenceViews": _views({b: _asked(runs[b], SCORED_CATEGORIES) for b in baselines}, baselines, views),
        "hardInvariants": hard,
        "perScenario": per_category,
        "perSize": per_conversation,
        "questions": _questions(runs, baselines),
        "notes": [*NOTES, *filter(None, [retrieval_note(environment)])],
    }
    table_scores = {m: {b: scores[b][m] for b in baselines} for m in METRIC_ORDER}
    return Built(report, table_scores, any(entry["status"] == "fail" for entry in hard))


def _views(asked: dict[str, list[Asked]], baselines: list[str], views: list[str]) -> dict:
    """{view: {"questions": n, "metrics": {metric: {baseline: value}}}} over some asked questions."""
    out = {}
    for view in views:
        scored = {b: level_metrics(in_view(asked[b], view)) for b in baselines}
        out[view] = {
            "questions": len(in_view(asked[baselines[0]], view)),
            "metrics": {m: {b: json_value(scored[b][m]) for b in baselines} for m in LEVEL_METRICS},
        }
    return out


def _questions(runs: dict[str, list[ScenarioRun]], baselines: list[str]) -> list[dict]:
    entries = []
    for index, first in enumerate(runs[baselines[0]]):
        sessions = sessions_of(first.scenario)
        for question in first.scenario["questions"]:
            results = {}
            for b in baselines:
                ask = runs[b][index].asks.get(question["id"])
                if ask is None:
                    continue
                entry = _Asked(runs[b][index], question, ask)
                retrieval = runs[b][index].has_retrieval
                levels = {
                    view: {m: None if v is None else round(v, 4) for m, v in question_levels(scored[0], sessions).items()}
                    for view in VIEWS
                    if (view == "published" or "correctedEvidence" in question) and (scored := in_view([entry], view))
                }
                results[b] = {
                    **{
                        f"evidenceRecallAt{k}": (round(_recall(entry, k), 4) if retrieval and question["evidence"] else None)
                        for k in RECALL_DEPTHS
                    },
                    "assemblyCoverage": question_coverage(question, ask.message),
                    "levels": levels,
                    "extraTokensEstimate": tokens_of(ask.message),
                    "latencyMs": round(ask.assemble_ms, 3) if ask.assemble_ms is not None else None,
                    **misses.detail(question, ask.message),
                }
            expected = misses.expected(question)
            if "correctedEvidence" in question:
                expected["correctedEvidence"] = [ref["eventId"] for ref in question["correctedEvidence"]]
            entries.append(
                {
                    "sessionId": question["session"],
                    "scenario": "locomo",
                    "id": question["id"],
                    "kind": question["kind"],
                    "lang": question["lang"],
                    "category": question["category"],
                    "query": question["query"],
                    "expected": expected,
                    **({"correction": question["correction"]} if "correction" in question else {}),
                    "results": results,
                }
            )
    misses.bound(entries)
    return entries
