"""The benchmarks section of the HTML report (html_report draws it, and the page that puts a LoCoMo and a BEAM run side by side).

A section holds the tables the CLI prints for that benchmark (drawn from the report JSON alone, so
any past report draws again) and the figures other systems publish for it (published.py), each
beside our closest number, with its source and what it measured.
"""

import re

from markupsafe import Markup, escape

from services.harness import beam_report, charts, locomo_summary, published
from services.harness.render import Table

PROFILES = ("locomo", "beam")
TITLES = {"locomo": "LoCoMo", "beam": "BEAM (100K chats)"}
_CODE = re.compile(r"`([^`]+)`")


def codespans(text: object) -> Markup:
    """A cell with its `code` spans as <code>, everything else escaped."""
    return Markup(_CODE.sub(r"<code>\1</code>", str(escape(str(text)))))


def _table(caption: str, table: Table | None) -> dict | None:
    return None if table is None else {"caption": caption, "header": list(table.header), "rows": [list(row) for row in table.rows]}


def ours(report: dict, spec: str, baselines: list[str]) -> str:
    """Our number a published figure is set beside, per baseline ("memory 0.876 · bm25-turns 0.890"); "" for none."""
    if not spec:
        return ""
    kind, _, rest = spec.partition(":")
    values: dict = {}
    if kind == "view":
        view, _, metric = rest.partition(":")
        values = ((report.get("evidenceViews") or {}).get(view) or {}).get("metrics", {}).get(metric) or {}
    elif kind == "metric":
        values = (report.get("metrics") or {}).get(rest) or {}
    elif kind == "ability":
        ability, _, metric = rest.partition(":")
        entry = next((e for e in report.get("perScenario") or [] if e.get("ability") == ability), None)
        values = {b: block.get(metric) for b, block in (entry or {}).get("metrics", {}).items()}
    shown = [b for b in ("memory", "bm25-turns") if b in baselines and values.get(b) is not None]
    return " · ".join(f"{b} {values[b]:.3f}" for b in shown)


def published_rows(report: dict, baselines: list[str]) -> list[dict]:
    return [
        {
            "system": f.system,
            "figure": f.figure,
            "value": f.value,
            "ours": ours(report, f.ours, baselines) or "not measured here",
            "measured": f.measured,
            "source": f.source,
            "url": f.url,
        }
        for f in published.for_benchmark(report["profile"])
    ]


def section(report: dict) -> dict | None:
    """The benchmarks section of a LoCoMo or BEAM report's page; None for any other profile."""
    profile = report.get("profile")
    if profile not in PROFILES:
        return None
    baselines = charts.baselines_of(report)
    if profile == "locomo":
        intro = locomo_summary.import_lines(report["fixtures"]["import"])
        tables = [
            _table(
                "Evidence recall, published and corrected evidence: turn level = the evidence turn itself among the top-k "
                "retrieved turns; session level = any turn of its session among them (the granularity LoCoMo peers publish); "
                "coverage = in the injected message.",
                locomo_summary.views_table(report, baselines),
            ),
            _table("Per category and view (memory beside bm25-turns):", locomo_summary.category_table(report, baselines)),
        ]
    else:
        imported = report["fixtures"]["import"]
        intro = [
            f"{imported['chats']} chats, {imported['batches']} batches, {imported['messages']} messages, {imported['questions']} "
            f"questions ({imported['questionsWithEvidence']} cite messages); answerer {report.get('answerer')}.",
            "BEAM's own score is an LLM judge's, rubric item by rubric item; the rubric columns here are a normalised string "
            "match, stricter where an answer paraphrases and looser where a value appears in the wrong sense (see the notes).",
        ]
        tables = [
            _table(
                "Per ability: R@5 / R@10 of Retrieve and coverage of the injected message, from the messages each question cites.",
                beam_report.recall_table(report, baselines),
            ),
            _table(
                "Per ability: rubric items found in the answer / in the injected message (normalised match).",
                beam_report.rubric_table(report, baselines),
            ),
            _table(
                "Knowledge updates and contradictions: does the injected message carry the current value and not a retired one?",
                beam_report.supersede_table(report, baselines),
            ),
        ]
    return {
        "anchor": f"bench-{profile}",
        "title": TITLES[profile],
        "intro": intro,
        "tables": [t for t in tables if t],
        "published": published_rows(report, baselines),
        "left_out": published.LEFT_OUT[profile],
    }


def is_benchmark_pair(a: dict, b: dict) -> bool:
    """A LoCoMo and a BEAM report: drawn together on one page instead of compared."""
    return {a.get("profile"), b.get("profile")} == set(PROFILES)
