"""The BEAM report: per ability, evidence recall and coverage from the cited messages, rubric items by a
normalised match, and for knowledge updates and contradictions whether the current value is carried.

The per-question numbers are beam_scoring's; this module averages them per ability, per chat and
overall, counts the supersede outcomes, and lays the report out in the protocol's shape (perScenario
holds one entry per ability, perSize one per chat).
"""

from datetime import UTC, datetime

from services.harness import invariants as inv
from services.harness import misses
from services.harness.beam import ABILITIES, BeamStats
from services.harness.beam_scoring import OUTCOMES, RECALL_DEPTHS, SUPERSEDE_ABILITIES, score
from services.harness.labels import quoted_seqs
from services.harness.metrics import Latency, Score, latency, mean
from services.harness.records import ScenarioRun
from services.harness.render import Block, Invariants, Table
from services.harness.report import FORMAT, VERSION, Built, json_value, metric_table, retrieval_note

METRIC_ORDER = (
    *(f"evidenceRecallAt{k}" for k in RECALL_DEPTHS),
    "assemblyCoverage",
    "rubricMet",
    "rubricInContext",
    "extraTokensEstimate",
    "latencyMs",
)
NOTES = [
    "BEAM (Tavakoli et al., 2025, arXiv:2510.27246), chats replayed message by message over gRPC; a compaction ends each batch.",
    "evidenceRecallAtK and assemblyCoverage are measured against the messages each question cites (source_chat_ids); "
    "abstention questions cite none and two summaries cite none, so they have no recall or coverage.",
    "rubricMet is the fraction of a question's rubric items found in the answerer's answer, rubricInContext in the "
    "injected message, by a normalised match (case, punctuation and thousands separators ignored, whole words). "
    "BEAM's own scorer asks an LLM judge to grade each item 0, 0.5 or 1 (src/evaluation/compute_metrics.py), "
    "so these are not BEAM scores.",
    "Where ours is stricter than the judge: a paraphrase, another number or date form ('two weeks' for '14 days') "
    "or a compliance criterion ('suggests lightweight libraries', most instruction, preference, summary and "
    "abstention items) is never found by a string match. Where it is looser: a value that appears in the text "
    "counts even when the text calls it wrong or old, and any order of event-ordering items counts. Upstream also "
    "casts the judge's 0.5 to 0 for every ability but event ordering; a match here is all or nothing too.",
    "supersede (knowledge_update, contradiction_resolution), by the cited messages: currentOnly = the current message "
    "(updated_info; the later statement) is quoted on a line not marked superseded or history and the retired one "
    "(original_info; the earlier statement) is not; retiredFlagged = the retired message quoted as superseded or "
    "history; bothQuoted = both quoted anywhere (BEAM's ideal contradiction answer names both); current value found "
    "(knowledge update) = every rubric item on a current line, by the normalised match.",
    "Tokens are estimates from character counts (ceil(cjkChars / 1.6 + otherChars / 4)), not model tokenizer counts.",
    "null means not applicable (no retrieval, no cited message, no rubric), never zero.",
]


def _mean(values: list) -> Score:
    return mean([v for v in values if v is not None])


def block_metrics(scored: list[dict], latencies: list[float] | None = None) -> dict[str, Score | Latency | None]:
    """The metrics over some scored questions of one baseline (None where none of them has the number)."""
    metrics: dict[str, Score | Latency | None] = {}
    for metric in METRIC_ORDER[:-1]:
        value = _mean([s[metric] for s in scored])
        metrics[metric] = None if value.value is None else value
    metrics["latencyMs"] = latency(latencies if latencies is not None else [s["latencyMs"] for s in scored if s["latencyMs"] is not None])
    return metrics


def _scored(runs: list[ScenarioRun]) -> list[tuple[dict, dict]]:
    return [(q, score(q, run.asks[q["id"]])) for run in runs for q in run.scenario["questions"] if q["id"] in run.asks]


def supersede_counts(scored: list[tuple[dict, dict]], ability: str) -> dict[str, int]:
    outcomes = [s["supersede"] for q, s in scored if q["ability"] == ability and s["supersede"]]
    counts = {"questions": len(outcomes), **{name: sum(o["outcome"] == name for o in outcomes) for name in OUTCOMES}}
    counts["valueCarried"] = sum(bool(o["valueCarried"]) for o in outcomes)
    counts["retiredFlagged"] = sum(o["retiredFlagged"] for o in outcomes)
    counts["bothQuoted"] = sum(o["bothQuoted"] for o in outcomes)
    return counts


def abilities_of(runs: list[ScenarioRun]) -> list[str]:
    present = {q["ability"] for run in runs for q in run.scenario["questions"]}
    return [a for a in ABILITIES if a in present] + sorted(present - set(ABILITIES))


def build_report(
    runs: dict[str, list[ScenarioRun]], *, baselines: list[str], stats: BeamStats, source: str, answerer: str, environment: dict
) -> Built:
    scored = {b: _scored(runs[b]) for b in baselines}
    scores = {b: block_metrics([s for _, s in scored[b]], [ms for run in runs[b] for ms in run.latencies_ms]) for b in baselines}
    for b in baselines:
        if not all(run.has_retrieval for run in runs[b]):
            for k in RECALL_DEPTHS:
                scores[b][f"evidenceRecallAt{k}"] = None
    abilities = abilities_of(runs[baselines[0]])
    per_ability = []
    for ability in abilities:
        first = [q for q, _ in scored[baselines[0]] if q["ability"] == ability]
        block = {b: block_metrics([s for q, s in scored[b] if q["ability"] == ability]) for b in baselines}
        per_ability.append(
            {
                "scenario": f"beam-{ability}",
                "ability": ability,
                "size": None,
                "sessionIds": [run.session_ids[0] for run in runs[baselines[0]]],
                "questions": len(first),
                "withEvidence": sum(bool(q["evidence"]) for q in first),
                "rubricItems": sum(len(q.get("rubric") or []) for q in first),
                "metrics": {b: {m: json_value(block[b][m]) for m in METRIC_ORDER} for b in baselines},
                "storage": dict.fromkeys(baselines),
                "invariants": [],
            }
        )
    per_chat = [
        {
            "size": first.scenario["size"],
            "sessionId": first.session_ids[0],
            "metrics": {b: {m: json_value(v) for m, v in block_metrics([s for _, s in _scored([runs[b][i]])]).items()} for b in baselines},
        }
        for i, first in enumerate(runs[baselines[0]])
    ]
    hard = inv.summarize([(run, inv.check_run(run)) for b in baselines for run in runs[b]])
    report = {
        "format": FORMAT,
        "version": VERSION,
        "generatedAt": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "profile": "beam",
        "seed": None,
        "answerer": answerer,
        "environment": environment,
        "fixtures": {"dir": source, "regenerated": False, "sessions": stats.chats, "groups": ["beam"], "import": stats.as_json()},
        "metricOrder": list(METRIC_ORDER),
        "metrics": {m: {b: json_value(scores[b][m]) for b in baselines} for m in METRIC_ORDER},
        "hardInvariants": hard,
        "perScenario": per_ability,
        "perSize": per_chat,
        "supersede": {a: {b: supersede_counts(scored[b], a) for b in baselines} for a in SUPERSEDE_ABILITIES if a in abilities},
        "questions": _questions(runs, baselines),
        "notes": [*NOTES, *filter(None, [retrieval_note(environment)])],
    }
    table_scores = {m: {b: scores[b][m] for b in baselines} for m in METRIC_ORDER}
    return Built(report, table_scores, any(entry["status"] == "fail" for entry in hard))


def _questions(runs: dict[str, list[ScenarioRun]], baselines: list[str]) -> list[dict]:
    entries = []
    for index, first in enumerate(runs[baselines[0]]):
        for question in first.scenario["questions"]:
            results = {}
            for b in baselines:
                ask = runs[b][index].asks.get(question["id"])
                if ask is None:
                    continue
                result = score(question, ask)
                if not runs[b][index].has_retrieval:
                    result.update({f"evidenceRecallAt{k}": None for k in RECALL_DEPTHS})
                quoted = quoted_seqs(ask.message)
                missing = [ref["eventId"] for ref in question["evidence"] if int(ref["seq"]) not in quoted]
                result["missingEvidence"] = missing
                if missing:
                    result["message"] = ask.message
                results[b] = result
            entries.append(
                {
                    "sessionId": question["session"],
                    "scenario": f"beam-{question['ability']}",
                    "id": question["id"],
                    "kind": question["kind"],
                    "lang": question["lang"],
                    "ability": question["ability"],
                    "difficulty": question.get("difficulty", ""),
                    "query": question["query"],
                    "expected": {**misses.expected(question), "rubric": list(question.get("rubric") or [])},
                    "results": results,
                }
            )
    misses.bound(entries)
    return entries


# --- what the CLI prints ------------------------------------------------------------------------------
def _cell(value) -> str:
    if value is None:
        return "n/a"
    if isinstance(value, dict):
        return f"{value['mean']:.1f} / {value['p95']:.1f}"
    return f"{value:.3f}"


def _table_cell(metric: str, value) -> str:
    if value is None or (isinstance(value, Score) and value.value is None):
        return "n/a"
    if isinstance(value, Latency):
        return f"{value.mean:.1f} / {value.p95:.1f}"
    return f"{value.value:.1f}" if metric == "extraTokensEstimate" else f"{value.value:.3f}"


def shown_baselines(baselines: list[str]) -> list[str]:
    """memory and bm25-turns first (the comparison that matters), then the others in run order."""
    first = [b for b in ("memory", "bm25-turns") if b in baselines]
    return first + [b for b in baselines if b not in first]


def recall_table(report: dict, baselines: list[str]) -> Table:
    """Per ability: R@5 / R@10 of the baselines that retrieve, and coverage of every baseline."""
    shown = shown_baselines(baselines)
    retrieving = [b for b in shown if any(e["metrics"][b]["evidenceRecallAt5"] is not None for e in report["perScenario"])]
    rows = []
    for entry in report["perScenario"]:
        m = entry["metrics"]
        rows.append(
            (
                entry["ability"],
                f"{entry['questions']} ({entry['withEvidence']})",
                *(f"{_cell(m[b]['evidenceRecallAt5'])} / {_cell(m[b]['evidenceRecallAt10'])}" for b in retrieving),
                *(_cell(m[b]["assemblyCoverage"]) for b in shown),
            )
        )
    header = ("Ability", "questions (citing)", *(f"`{b}` R@5 / R@10" for b in retrieving), *(f"`{b}` coverage" for b in shown))
    return Table(header, tuple(rows))


def rubric_table(report: dict, baselines: list[str]) -> Table:
    """Per ability: the fraction of rubric items found in the answer / in the injected message."""
    shown = shown_baselines(baselines)
    rows = tuple(
        (
            entry["ability"],
            str(entry["rubricItems"]),
            *(f"{_cell(entry['metrics'][b]['rubricMet'])} / {_cell(entry['metrics'][b]['rubricInContext'])}" for b in shown),
        )
        for entry in report["perScenario"]
    )
    return Table(("Ability", "items", *(f"`{b}`" for b in shown)), rows)


def ability_tables(report: dict, baselines: list[str]) -> list[Block]:
    """Per ability: recall and coverage, then rubric items found (answer / injected message)."""
    return [
        "Per ability, from the messages each question cites (questions (citing messages); R@5 / R@10 of Retrieve, "
        "coverage of the injected message):",
        "",
        recall_table(report, baselines),
        "",
        "Rubric items found by a normalised match, in the answer / in the injected message (BEAM scores them with an LLM judge):",
        "",
        rubric_table(report, baselines),
    ]


def supersede_table(report: dict, baselines: list[str]) -> Table | None:
    rows = []
    for ability, by_baseline in (report.get("supersede") or {}).items():
        for b in shown_baselines(baselines):
            c = by_baseline[b]
            value = str(c["valueCarried"]) if ability == "knowledge_update" else "n/a"
            counts = (str(c[name]) for name in (*OUTCOMES, "retiredFlagged", "bothQuoted"))
            rows.append((ability, f"`{b}`", str(c["questions"]), *counts, value))
    header = ("Ability", "baseline", "questions", "current only", "current + retired", "retired only", "neither", "undetermined")
    return Table((*header, "retired flagged superseded", "both quoted", "current value found"), tuple(rows)) if rows else None


def summary(report: dict, scores: dict) -> list[Block]:
    """Overall metrics per baseline, the per-ability tables, the supersede outcomes, the invariants."""
    baselines = list(scores[METRIC_ORDER[0]].keys())
    imported = report["fixtures"]["import"]
    blocks: list[Block] = [
        f"`beam` — {imported['chats']} chats, {imported['batches']} batches, {imported['messages']} messages, "
        f"{imported['questions']} questions ({imported['questionsWithEvidence']} cite messages); answerer {report['answerer']}",
        "",
        metric_table(METRIC_ORDER, baselines, lambda metric, b: _table_cell(metric, scores[metric][b])),
        "",
        *ability_tables(report, baselines),
    ]
    table = supersede_table(report, baselines)
    if table:
        blocks += [
            "",
            "Knowledge updates and contradictions: does the injected message carry the current value and not a retired one?",
            "",
            table,
        ]
    note = retrieval_note(report["environment"])
    blocks += ["", *([note] if note else []), Invariants(tuple(report["hardInvariants"]))]
    blocks.append(
        "BEAM's own score is an LLM judge's; rubric items here are found by a normalised string match, so they are not BEAM scores."
    )
    return blocks
