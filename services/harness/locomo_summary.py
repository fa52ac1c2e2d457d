"""What the CLI prints after a LoCoMo run: the import, the metric table, recall published and corrected at
turn and session level, per category and per conversation, then the invariants."""

from services.harness.locomo_report import METRIC_ORDER
from services.harness.locomo_views import DEPTHS, LEVEL_METRICS, VIEWS
from services.harness.metrics import Latency, Score
from services.harness.render import Block, Invariants, Table
from services.harness.report import metric_table, retrieval_note

LEVEL_LABELS = {
    **{f"turnRecallAt{k}": f"turn R@{k}" for k in DEPTHS},
    **{f"sessionRecallAt{k}": f"session R@{k}" for k in DEPTHS},
    "turnCoverage": "turn coverage (injected message)",
    "sessionCoverage": "session coverage (injected message)",
}


def _cell(value) -> str:
    if value is None or (isinstance(value, Score) and value.value is None):
        return "n/a"
    if isinstance(value, Latency):
        return f"{value.mean:.1f} / {value.p95:.1f}"
    if isinstance(value, dict):
        return f"{value['mean']:.1f} / {value['p95']:.1f}"
    return f"{value.value:.3f}" if isinstance(value, Score) else f"{value:.3f}"


def _pair(a, b) -> str:
    return "n/a" if a is None else f"{a:.3f} / {b:.3f}"


def shown_baselines(baselines: list[str]) -> list[str]:
    """memory and bm25-turns first (the comparison that matters), then the others in run order."""
    first = [b for b in ("memory", "bm25-turns") if b in baselines]
    return first + [b for b in baselines if b not in first]


def import_lines(imported: dict) -> list[str]:
    """The import in a line, and what the corrections changed in another."""
    dropped = imported["unknownEvidenceIds"] + imported.get("malformedEvidenceEntries", 0)
    lines = [
        f"`locomo` — {imported['conversations']} conversations, {imported['turns']} turns, "
        f"{imported['scoredQuestions']} scored questions (cats 1-4), {imported['adversarialQuestions']} adversarial, "
        f"{imported['questionsWithoutEvidence']} without evidence (skipped); published evidence, unresolvable ids dropped: "
        f"{dropped} ({imported['unknownEvidenceIds']} naming no turn, {imported.get('malformedEvidenceEntries', 0)} entries holding no dialog id)"
    ]
    fixes = imported.get("corrections")
    if fixes:
        lines.append(
            f"corrections {fixes['file']}: {fixes['applied']} of {fixes['entries']} entries applied "
            f"({fixes['notInRun']} for conversations not in this run); {fixes['evidenceChanged']} change the evidence ids "
            f"(once normalised), {fixes['answersCorrected']} also correct the gold answer (answers are not scored here); "
            f"{fixes['scoredQuestions']} scored questions with corrected evidence; corrected evidence, unresolvable ids dropped: "
            f"{fixes['unknownEvidenceIds']}"
        )
    else:
        lines.append("corrections: none (--locomo-corrections none): the published evidence only")
    return lines


def views_table(report: dict, baselines: list[str]) -> Table | None:
    """Rows: turn/session recall and coverage; columns: each baseline in each view."""
    views = report.get("evidenceViews") or {}
    if not views:
        return None
    shown = shown_baselines(baselines)
    counts = ", ".join(f"{view} n={views[view]['questions']}" for view in VIEWS if view in views)
    header = [f"Categories 1-4 ({counts})", *(f"`{b}` {view}" for b in shown for view in VIEWS if view in views)]
    rows = tuple(
        (LEVEL_LABELS[metric], *(_cell(views[view]["metrics"][metric][b]) for b in shown for view in VIEWS if view in views))
        for metric in LEVEL_METRICS
    )
    return Table(tuple(header), rows, (0, 2 * len(DEPTHS)))


def category_table(report: dict, baselines: list[str]) -> Table | None:
    """Per category and view: turn and session R@5 / R@10, memory beside bm25-turns."""
    shown = [b for b in ("memory", "bm25-turns") if b in baselines]
    if not shown:
        return None
    rows = []
    breaks = []
    for entry in report["perScenario"]:
        views = entry.get("views") or {"published": {"questions": entry["questions"], "metrics": _as_levels(entry["metrics"])}}
        breaks.append(len(rows))
        for view in VIEWS:
            if view not in views or (view == "corrected" and not entry.get("scored", True)):
                continue  # category 5 was not audited: its corrected row would repeat the published one
            m = views[view]["metrics"]
            cells = [_pair(m["turnRecallAt5"][b], m["turnRecallAt10"][b]) for b in shown]
            cells += [_pair(m["sessionRecallAt5"][b], m["sessionRecallAt10"][b]) for b in shown]
            rows.append((entry["scenario"] if view == "published" else "", view, str(views[view]["questions"]), *cells))
    header = (
        "Category",
        "evidence",
        "questions",
        *(f"`{b}` turn R@5 / R@10" for b in shown),
        *(f"`{b}` session R@5 / R@10" for b in shown),
    )
    return Table(header, tuple(rows), tuple(breaks))


def _as_levels(metrics: dict) -> dict:
    """An entry without views (an older report): its published turn recall, no session level."""
    levels = {m: {} for m in LEVEL_METRICS}
    for b, block in metrics.items():
        for k in DEPTHS:
            levels[f"turnRecallAt{k}"][b] = block.get(f"evidenceRecallAt{k}")
            levels[f"sessionRecallAt{k}"][b] = None
    return levels


def summary(report: dict, scores: dict) -> list[Block]:
    """Overall metrics per baseline, recall published/corrected at turn/session level, per category and per conversation."""
    baselines = list(scores[METRIC_ORDER[0]].keys())
    blocks: list[Block] = [
        *import_lines(report["fixtures"]["import"]),
        "",
        "Published evidence, turn level (LoCoMo's own evidence ids; an evidence turn counts when it is itself retrieved):",
        "",
        metric_table(METRIC_ORDER, baselines, lambda metric, b: _cell(scores[metric][b])),
    ]
    note = retrieval_note(report["environment"])
    if note:
        blocks += ["", note]
    table = views_table(report, baselines)
    if table:
        blocks += [
            "",
            "Evidence recall, published and corrected: turn level = the evidence turn itself among the top-k retrieved; "
            "session level = any turn of its session among them (what LoCoMo peers publish); coverage = in the injected message:",
            "",
            table,
        ]
    by_category = category_table(report, baselines)
    if by_category:
        blocks += ["", by_category]
    shown = [b for b in ("memory", "bm25-turns") if b in baselines]
    if shown and len(report["perSize"]) > 1:
        rows = tuple(
            (
                entry["sessionId"],
                str(entry["size"]),
                *(_pair(entry["metrics"][b]["evidenceRecallAt5"], entry["metrics"][b]["evidenceRecallAt10"]) for b in shown),
            )
            for entry in report["perSize"]
        )
        header = ("Conversation", "turns", *(f"`{b}` R@5 / R@10" for b in shown))
        blocks += ["", "By conversation (categories 1-4, published, turn level):", "", Table(header, rows)]
    blocks += ["", Invariants(tuple(report["hardInvariants"]))]
    return blocks
