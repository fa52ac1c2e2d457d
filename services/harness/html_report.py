"""The HTML report: one self-contained page (inline SVG charts, no script, no network) made from a
report JSON alone, so any past report file can be rendered again.

Everything taken from the report (queries, answers, injected messages: users' words) goes through
Jinja2's autoescape; only the charts' SVG, which matplotlib wrote and escaped, is inserted as is.
"""

import json
from pathlib import Path

import jinja2
import structlog
from markupsafe import Markup

from services.harness import answer_report, benchmark_page, charts, misses
from services.harness.report import FORMAT

TEMPLATES = Path(__file__).with_name("templates")
# Misses shown per baseline: those whose message the JSON kept, enough to see each kind of failure (every
# question stays in the JSON with its scores); and the characters shown of one message.
MISSED_SHOWN = misses.MESSAGES_KEPT
MESSAGE_CHARS = 6000
SHORT = {"assemblyCoverage": "coverage", "retrievalRank1": "rank1", "extraTokensEstimate": "tokens", "evidenceRecallAt5": "R@5"}


class ReportError(Exception):
    """A file that is not a report this harness wrote: missing, unreadable, not JSON or another format."""


def load(path: Path) -> dict:
    """The report at path; ReportError in one line when it is not one."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ReportError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ReportError(f"{path}: cannot read it ({exc})") from None
    except json.JSONDecodeError as exc:
        raise ReportError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReportError(f"{path}: not an evaluation report (its format is not {FORMAT!r})")
    missing = [key for key in ("profile", "metricOrder", "metrics", "hardInvariants", "questions") if key not in data]
    if missing:
        raise ReportError(f"{path}: an evaluation report without {', '.join(missing)}")
    return data


def html_path(json_path: Path) -> Path:
    """Where the page of a report file goes: beside it, same name, .html."""
    return Path(json_path).with_suffix(".html")


def write_beside(report: dict, json_path: Path) -> Path:
    path = html_path(json_path)
    path.write_text(render(report), encoding="utf-8")
    return path


def write_page(report: dict, json_path: Path) -> Path | None:
    """write_beside for a run that just ended: a page that cannot be drawn is logged and skipped, because
    the JSON is the run's record and its exit status must not hang on a chart."""
    try:
        return write_beside(report, json_path)
    except Exception:  # noqa: BLE001 - logged with its traceback; `report JSON` draws it again once fixed
        structlog.get_logger("harness").exception("html_report_failed", report=str(json_path))
        return None


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["value"] = format_value
    env.filters["codespans"] = benchmark_page.codespans
    return env


def format_value(value, metric: str = "", profile: str = "") -> str:
    """A metric value as the terminal table writes it: n/a for null, % (or 0.000 on LoCoMo) for
    fractions, one decimal for tokens, mean / p50 / p95 for latency."""
    if value is None:
        return "n/a"
    if isinstance(value, dict):
        return " / ".join(f"{value.get(k, 0):.1f}" for k in ("mean", "p50", "p95"))
    if metric == "extraTokensEstimate":
        return f"{value:.1f}"
    return f"{value:.3f}" if profile in benchmark_page.PROFILES else f"{value * 100:.1f}%"


def render(report: dict) -> str:
    """The page of one report."""
    baselines = charts.baselines_of(report)
    return (
        environment()
        .get_template("report.html.j2")
        .render(
            r=report,
            baselines=baselines,
            summary=summary(report),
            metric_rows=metric_rows(report, baselines),
            answers=answer_rows(report, baselines),
            scenario_rows=scenario_rows(report, baselines),
            charts=[(chart, Markup(chart.svg)) for chart in charts.all_charts(report)],
            missed=[missed_block(report, b) for b in baselines],
            benchmark=benchmark_page.section(report),
            missed_shown=MISSED_SHOWN,
            message_chars=MESSAGE_CHARS,
        )
    )


def render_benchmarks(reports: list[tuple[Path, dict]]) -> str:
    """One page holding benchmark reports (LoCoMo, BEAM) side by side: each one's metric table and benchmark section."""
    parts = []
    for path, report in reports:
        baselines = charts.baselines_of(report)
        hard = report.get("hardInvariants") or []
        parts.append(
            {
                "path": Path(path).name,
                "r": report,
                "baselines": baselines,
                "metric_rows": metric_rows(report, baselines),
                "section": benchmark_page.section(report),
                "passed": sum(e.get("status") == "pass" for e in hard),
                "failed": sum(e.get("status") != "pass" for e in hard),
            }
        )
    return environment().get_template("benchmarks.html.j2").render(parts=parts)


def summary(report: dict) -> dict:
    """The run at a glance: what was replayed, against what, and whether the invariants held."""
    hard = report.get("hardInvariants") or []
    fixtures = report.get("fixtures") or {}
    env = report.get("environment") or {}
    sizes = sorted({e["size"] for e in report.get("perScenario") or [] if e.get("size")})
    turns = sum((e.get("size") or 0) * len(e.get("sessionIds") or []) for e in report.get("perScenario") or [])
    imported = fixtures.get("import") or {}
    return {
        "sessions": fixtures.get("sessions"),
        "turns": imported.get("turns", turns),
        "sizes": sizes if report.get("profile") not in benchmark_page.PROFILES else [],
        "questions": len(report.get("questions") or []),
        "passed": sum(e.get("status") == "pass" for e in hard),
        "failed": [e for e in hard if e.get("status") != "pass"],
        "memory": env.get("memory") or {},
        "retrieval": {b: r for b, r in (env.get("retrieval") or {}).items() if r},
        "imported": imported,
    }


def metric_rows(report: dict, baselines: list[str]) -> list[dict]:
    rows = []
    for metric in report["metricOrder"]:
        values = report["metrics"].get(metric)
        if not isinstance(values, dict):  # llmAnswerAccuracy on the deterministic path: one null
            note = "n/a (deterministic answerer)" if report.get("answerer") != "llm" else "n/a"
            rows.append({"metric": metric, "cells": [note] * len(baselines)})
            continue
        rows.append({"metric": metric, "cells": [format_value(values.get(b), metric, report["profile"]) for b in baselines]})
    return rows


def answer_rows(report: dict, baselines: list[str]) -> dict | None:
    """An llm run's answers block as table rows (labels without Markdown's backticks); None otherwise."""
    block = report.get("answers")
    if not block:
        return None
    per = block["perBaseline"]
    rows = [{"label": label.replace("`", ""), "cells": [cell(per[b]) for b in baselines]} for label, cell in answer_report.ROWS]
    model = block.get("model") or {}
    return {"rows": rows, "model": model.get("name") or "?", "server": model.get("server") or "?", "judge": block["judge"]}


def scenario_rows(report: dict, baselines: list[str]) -> list[dict]:
    """Per scenario (LoCoMo: per category) the three headline metrics of each baseline, storage and
    the invariants that failed there."""
    benchmark = report["profile"] in benchmark_page.PROFILES
    shown = (
        ["evidenceRecallAt5", "assemblyCoverage", "extraTokensEstimate"]
        if benchmark
        else ["assemblyCoverage", "retrievalRank1", "extraTokensEstimate"]
    )
    rows = []
    for entry in report.get("perScenario") or []:
        cells = [" · ".join(format_value(entry["metrics"].get(b, {}).get(m), m, report["profile"]) for m in shown) for b in baselines]
        storage = [
            f"{b} {s['matched']}/{s['total']}" + (f" (failed: {', '.join(s['failed'])})" if s["failed"] else "")
            for b, s in (entry.get("storage") or {}).items()
            if s
        ]
        failed = [text for text in entry.get("invariants") or [] if not text.endswith(": pass")]
        label = entry["scenario"] + (f" · {entry['size']} turns" if entry.get("size") else "")
        if "questions" in entry:
            label += f" · {entry['questions']} questions"
        rows.append({"label": label, "cells": cells, "storage": "; ".join(storage), "failed": failed})
    return [{"columns": [SHORT.get(m, m) for m in shown], "rows": rows}] if rows else []


def missed_block(report: dict, baseline: str) -> dict:
    """The questions baseline missed (assemblyCoverage < 1), bounded for the page."""
    missed = [q for q in report.get("questions") or [] if misses.is_missed(q["results"].get(baseline, {}))]
    scored = sum(q["results"].get(baseline, {}).get("assemblyCoverage") is not None for q in report.get("questions") or [])
    rows = []
    for question in misses.spread(missed, MISSED_SHOWN):
        result = question["results"][baseline]
        expected = question.get("expected") or {}
        absent = set(result.get("missingEvidence") or [])
        message = result.get("message")
        rows.append(
            {
                "q": question,
                "result": result,
                "group": misses.group_of(question),
                "answer_key": expected.get("answer"),
                "evidence": [{**ref, "missing": ref["eventId"] in absent} for ref in expected.get("evidence") or []],
                "message": None if message is None else message[:MESSAGE_CHARS],
                "cut": 0 if message is None else max(0, len(message) - MESSAGE_CHARS),
                "omitted": bool(result.get("messageOmitted")),
                "scores": [(k, format_value(result.get(k), k, report["profile"])) for k in _question_metrics(result)],
            }
        )
    return {"baseline": baseline, "missed": len(missed), "scored": scored, "rows": rows}


def _question_metrics(result: dict) -> list[str]:
    keep = ("assemblyCoverage", "retrievalRecall", "retrievalRank1", "evidenceRecallAt5", "evidenceRecallAt10", "extraTokensEstimate")
    return [k for k in keep if k in result]
