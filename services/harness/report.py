"""The report: JSON in the protocol's exact shape, and the human table printed on stdout."""

import json
import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from services.harness import invariants as inv
from services.harness import misses
from services.harness.metrics import METRIC_ORDER, Latency, Score, baseline_metrics, question_results, storage_met
from services.harness.records import ScenarioRun
from services.harness.render import Block, Invariants, Table, to_markdown

FORMAT = "dsh-long-conversation-memory-eval-report"
VERSION = 1
NOTES = [
    "Tokens are estimates from character counts (ceil(cjkChars / 1.6 + otherChars / 4)), not model tokenizer counts.",
    "No LLM answer accuracy claimed on the deterministic path: llmAnswerAccuracy is null unless --answerer=llm.",
    "Storage, retrieval, assembly, tokens and latency are deliberately reported separately and never merged into one score.",
    "null means not applicable to that baseline (no storage or no retrieval), never zero.",
    "skill-only injects the host's window (every turn after the last compaction, newest first within the budget); "
    "rolling-summary injects the first sentence (<= 100 chars) of each of the last 40 turns; bm25-turns injects the turns "
    "FTS5 BM25 ranks best; all three are storage-less MemoryService implementations.",
    "Latency is measured at the harness around each MemoryService RPC (answerer calls excluded); "
    "a question's latencyMs is its Assemble call.",
]


def retrieval_note(environment: dict) -> str | None:
    """How the memory service ranked in this run, as it said in GetCapabilities.retrieval; None
    when memory was not evaluated. The note must come from the service: the harness cannot know
    how a service it reaches by address ranks, nor which build of a local one was installed."""
    reported = environment.get("retrieval") or {}
    if "memory" not in reported:
        return None
    retrieval = reported["memory"]
    if not retrieval:
        return "memory retrieval: not reported by the service (GetCapabilities.retrieval is empty)."
    if retrieval == "lexical":
        return "memory retrieval: lexical (no neural model)."
    return f"memory retrieval: {retrieval}, as GetCapabilities.retrieval reported it."


@dataclass
class Built:
    report: dict
    scores: dict  # metric -> baseline -> Score | Latency | None (the table needs the counts)
    failed: bool


def json_value(value: Score | Latency | None):
    if value is None:
        return None
    if isinstance(value, Latency):
        return value.as_json()
    return None if value.value is None else round(value.value, 4)


def _metric_block(scores: dict[str, dict], baselines: list[str]) -> dict:
    """{baseline: {metric: value}} for perScenario and perSize."""
    return {b: {m: json_value(scores[b][m]) for m in METRIC_ORDER} for b in baselines}


def build_report(
    runs: dict[str, list[ScenarioRun]],
    *,
    baselines: list[str],
    profile: str,
    seed: str,
    answerer: str,
    environment: dict,
    fixtures: dict,
) -> Built:
    """Score every baseline, check every invariant and lay the result out as the protocol says."""
    llm = answerer == "llm"
    per_baseline = {b: baseline_metrics(runs[b], llm=llm) for b in baselines}
    scores = {m: {b: per_baseline[b][m] for b in baselines} for m in METRIC_ORDER}
    metrics = {m: {b: json_value(scores[m][b]) for b in baselines} for m in METRIC_ORDER}
    if not llm:
        metrics["llmAnswerAccuracy"] = None  # the protocol's shape: one null, no per-baseline claim

    checked = [(run, inv.check_run(run)) for b in baselines for run in runs[b]]
    hard = inv.summarize(checked)
    scenarios = [run.scenario for run in runs[baselines[0]]]
    report = {
        "format": FORMAT,
        "version": VERSION,
        "generatedAt": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "profile": profile,
        "seed": seed,
        "answerer": answerer,
        "environment": environment,
        "fixtures": {
            "dir": fixtures.get("dir", ""),
            "regenerated": bool(fixtures.get("regenerated")),
            "sessions": sum(len(s.get("sessions", [])) for s in scenarios),
            "groups": sorted({s.get("scenario", "") for s in scenarios}),
        },
        "metricOrder": list(METRIC_ORDER),
        "metrics": metrics,
        "hardInvariants": hard,
        "perScenario": _per_scenario(runs, baselines, checked, llm),
        "perSize": _per_size(runs, baselines, llm),
        "questions": _questions(runs, baselines),
        "notes": [*NOTES, *filter(None, [retrieval_note(environment)])],
    }
    return Built(report, scores, any(entry["status"] == "fail" for entry in hard))


def _per_scenario(runs, baselines, checked, llm) -> list[dict]:
    entries = []
    for index, scenario in enumerate(run.scenario for run in runs[baselines[0]]):
        by_baseline = {b: runs[b][index] for b in baselines}
        storage = {}
        for b, run in by_baseline.items():
            if not run.has_storage:
                storage[b] = None
                continue
            expectations = (scenario.get("expectations") or {}).get("storage") or []
            failed = [e["id"] for e in expectations if not storage_met(e, run.items.get(e["session"], []))]
            storage[b] = {"matched": len(expectations) - len(failed), "total": len(expectations), "failed": failed}
        statuses = {}
        for run, result in checked:
            if run.scenario is scenario:
                for inv_id, problems in result.items():
                    if problems is not None:
                        statuses[inv_id] = "fail" if problems or statuses.get(inv_id) == "fail" else "pass"
        entries.append(
            {
                "scenario": scenario.get("scenario", ""),
                "size": scenario.get("size"),
                "sessionIds": [s["sessionId"] for s in scenario.get("sessions", [])],
                "metrics": _metric_block({b: baseline_metrics([r], llm=llm) for b, r in by_baseline.items()}, baselines),
                "storage": storage,
                "invariants": [f"{inv_id}: {status}" for inv_id, status in statuses.items()],
            }
        )
    return entries


def _per_size(runs, baselines, llm) -> list[dict]:
    grouped: dict[int, dict[str, list[ScenarioRun]]] = defaultdict(lambda: defaultdict(list))
    for b in baselines:
        for run in runs[b]:
            grouped[run.scenario.get("size") or 0][b].append(run)
    return [
        {"size": size, "metrics": _metric_block({b: baseline_metrics(grouped[size][b], llm=llm) for b in baselines}, baselines)}
        for size in sorted(grouped)
    ]


def _questions(runs, baselines) -> list[dict]:
    entries = []
    for index, first in enumerate(runs[baselines[0]]):
        for question in first.scenario.get("questions", []):
            results = {}
            for b in baselines:
                run = runs[b][index]
                ask = run.asks.get(question["id"])
                if ask is not None:
                    results[b] = {**question_results(run, question, ask), **misses.detail(question, ask.message)}
            if results:
                entries.append(
                    {
                        "sessionId": question["session"],
                        "scenario": first.scenario.get("scenario", ""),
                        "id": question["id"],
                        "kind": question.get("kind", ""),
                        "lang": question.get("lang", ""),
                        "query": question.get("query", ""),
                        "expected": misses.expected(question),
                        "results": results,
                    }
                )
    misses.bound(entries)
    return entries


def write_report(report: dict, out_dir: Path) -> Path:
    """<out>/<timestamp>-<profile>.json (timestamp and profile made file-name safe)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = report["generatedAt"].replace(":", "-").replace(".", "-")
    # The profile may come from a hand-written manifest: it must not leave out_dir or name a folder.
    label = re.sub(r"[^A-Za-z0-9_-]+", "-", report["profile"]).strip("-") or "fixtures"
    path = out_dir / f"{stamp}-{label}.json"
    path.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


# --- the human table ----------------------------------------------------------------------------
_COUNTED = {"storageCorrectness", "retrievalRank1", "ruleCoverage", "taskStateAccuracy", "guardPassRate", "llmAnswerAccuracy"}


def _cell(metric: str, value, answerer: str) -> str:
    if metric == "llmAnswerAccuracy" and answerer != "llm":
        return "n/a (deterministic answerer)"
    if value is None:
        return "n/a"
    if isinstance(value, Latency):
        return f"{value.mean:.1f} / {value.p95:.1f}"
    if value.value is None:
        return "n/a"
    if metric == "extraTokensEstimate":
        return f"{value.value:.1f}"
    percent = f"{value.value * 100:.1f}%"
    return f"{percent} ({value.hits}/{value.total})" if metric in _COUNTED and value.total else percent


_LABELS = {"extraTokensEstimate": "`extraTokensEstimate` (mean)", "latencyMs": "`latencyMs` mean / p95"}
# The metrics that change with a session's length, shown per size (all of them are in the JSON's perSize).
SIZE_METRICS = ("assemblyCoverage", "retrievalRank1", "extraTokensEstimate", "latencyMs")


def metric_label(metric: str) -> str:
    return _LABELS.get(metric, f"`{metric}`")


def metric_table(metric_order, baselines: list[str], cell) -> Table:
    """One row per metric, one column per baseline, cell(metric, baseline) in each."""
    rows = tuple((metric_label(metric), *(cell(metric, b) for b in baselines)) for metric in metric_order)
    return Table(("Metric", *(f"`{b}`" for b in baselines)), rows)


def json_cell(metric: str, value) -> str:
    """A value as the JSON report holds it (a fraction, a mean, a latency object, or null), for the table."""
    if value is None:
        return "n/a"
    if isinstance(value, dict):
        return f"{value['mean']:.1f} / {value['p95']:.1f}"
    if metric == "extraTokensEstimate":
        return f"{value:.1f}"
    return f"{value * 100:.1f}%"


def size_table(per_size: list[dict], baselines: list[str]) -> Table | None:
    """SIZE_METRICS by session size, one group of rows per metric (sizes read downwards), one column per baseline;
    None with fewer than two sizes, where it would repeat the main table."""
    if len(per_size) < 2:
        return None
    rows: list[tuple[str, ...]] = []
    breaks = []
    for metric in SIZE_METRICS:
        breaks.append(len(rows))
        for index, entry in enumerate(per_size):
            cells = (json_cell(metric, entry["metrics"][b][metric]) for b in baselines)
            rows.append((metric_label(metric) if index == 0 else "", str(entry["size"]), *cells))
    return Table(("Metric", "Turns", *(f"`{b}`" for b in baselines)), tuple(rows), tuple(breaks))


def summary(report: dict, scores: dict) -> list[Block]:
    """What the CLI prints: the table of the protocol's "Reporting measured results", the same metrics
    by session size, then the invariant list."""
    baselines = list(scores[METRIC_ORDER[0]].keys())
    sizes = sorted({entry["size"] for entry in report["perScenario"] if entry["size"]})
    sessions = report["fixtures"]["sessions"]
    turns = sum((entry["size"] or 0) * len(entry["sessionIds"]) for entry in report["perScenario"])
    blocks: list[Block] = [
        f"`{report['profile']}` profile — {sessions} sessions, {turns} turns "
        f"({'/'.join(map(str, sizes))}), {len(report['questions'])} questions; seed {report['seed']}, "
        f"answerer {report['answerer']}",
        "",
        metric_table(METRIC_ORDER, baselines, lambda metric, b: _cell(metric, scores[metric][b], report["answerer"])),
        "",
    ]
    by_size = size_table(report["perSize"], baselines)
    if by_size:
        blocks += ["By session size:", "", by_size, ""]
    blocks.append(Invariants(tuple(report["hardInvariants"])))
    note = retrieval_note(report["environment"])
    if note:
        blocks.append(note)
    blocks.append("Tokens are estimates; no LLM answer accuracy is claimed on the deterministic path.")
    return blocks


def render_table(report: dict, scores: dict) -> str:
    """The summary as Markdown (what a pipe or a file gets)."""
    return to_markdown(summary(report, scores))
