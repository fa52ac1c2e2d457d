"""`report`: draw a report file's HTML page again, or compare two runs (`make report A=... B=...`).

A LoCoMo report and a BEAM report are not compared but drawn together on one benchmarks page
(html_report.render_benchmarks), LoCoMo first.

A comparison reads two report files and says, per baseline, how each metric moved from A to B, per
size and per scenario how the headline metrics moved, which invariants changed status, and which
questions flipped: covered in A and missed in B (broke), or the other way round (fixed). Runs of
different profiles ask different questions, so their comparison is refused (exit 2); a different
seed, answerer, fixture folder or question set is compared on what the two share, with a warning.
"""

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from markupsafe import Markup

from services.harness import bench_page, benchmark_page, charts, html_report, misses
from services.harness.render import Block, Table, print_summary

EXIT_OK, EXIT_USAGE = 0, 2
FLIPS_SHOWN = 30  # per baseline and direction; the page says how many there were
HEADLINE = ("assemblyCoverage", "retrievalRank1", "extraTokensEstimate")
LOCOMO_HEADLINE = ("evidenceRecallAt5", "evidenceRecallAt10", "assemblyCoverage", "extraTokensEstimate")
LOWER_IS_BETTER = {"extraTokensEstimate", "latencyMs"}
_LABELS = {"extraTokensEstimate": "`extraTokensEstimate` (mean)", "latencyMs": "`latencyMs` mean / p95"}


class Incomparable(Exception):
    """Two reports whose numbers do not measure the same thing."""


@dataclass
class Comparison:
    a: dict
    b: dict
    baselines: list[str]
    warnings: list[str] = field(default_factory=list)
    questions: int = 0  # asked in both


def check(a: dict, b: dict) -> Comparison:
    """What the two reports share; Incomparable when nothing they measure is the same."""
    if a["profile"] != b["profile"]:
        raise Incomparable(f"profiles differ ({a['profile']} and {b['profile']}): they ask different questions, so no delta means anything")
    baselines = [x for x in charts.baselines_of(a) if x in charts.baselines_of(b)]
    if not baselines:
        raise Incomparable("the two runs have no baseline in common")
    keys_a, keys_b = set(_by_question(a)), set(_by_question(b))
    if not keys_a & keys_b:
        raise Incomparable("the two runs have no question in common (other fixtures?)")
    comparison = Comparison(a, b, baselines, questions=len(keys_a & keys_b))
    for name, label in (("seed", "seeds"), ("answerer", "answerers")):
        if a.get(name) != b.get(name):
            comparison.warnings.append(f"{label} differ ({a.get(name)} and {b.get(name)})")
    if (a.get("fixtures") or {}).get("dir") != (b.get("fixtures") or {}).get("dir"):
        comparison.warnings.append("fixture folders differ: check that both replayed the same conversations")
    if keys_a != keys_b:
        comparison.warnings.append(
            f"question sets differ ({len(keys_a - keys_b)} only in A, {len(keys_b - keys_a)} only in B): "
            f"flips are counted on the {comparison.questions} in both, metrics are each run's own"
        )
    dropped = sorted(set(charts.baselines_of(a)) ^ set(charts.baselines_of(b)))
    if dropped:
        comparison.warnings.append(f"baselines in one run only, left out: {', '.join(dropped)}")
    return comparison


def _by_question(report: dict) -> dict[tuple[str, str], dict]:
    return {(q["sessionId"], q["id"]): q for q in report.get("questions") or []}


def _number(value, metric: str) -> float | None:
    if isinstance(value, dict):  # latency: the mean is what moves the totals
        return value.get("mean")
    return value


def delta(metric: str, old, new, profile: str) -> dict:
    """{a, b, delta, tone} with tone up (better), down (worse) or "" for one metric of one baseline."""
    x, y = _number(old, metric), _number(new, metric)
    cell = {
        "a": html_report.format_value(old, metric, profile),
        "b": html_report.format_value(new, metric, profile),
        "delta": "",
        "tone": "",
    }
    if metric == "latencyMs":  # the terminal's latency column is mean / p95, as in the eval table
        cell["short"] = tuple(f"{v['mean']:.1f} / {v['p95']:.1f}" if v else "n/a" for v in (old, new))
    if x is None or y is None:
        return cell
    change = y - x
    if abs(change) < 1e-9:
        cell["delta"] = "±0"
    elif metric in ("extraTokensEstimate", "latencyMs"):
        cell["delta"] = f"{change:+.1f}" + (" ms" if metric == "latencyMs" else "")
    elif profile == "locomo":
        cell["delta"] = f"{change:+.3f}"
    else:
        cell["delta"] = f"{change * 100:+.1f} pp"
    if abs(change) > 1e-9:
        better = change < 0 if metric in LOWER_IS_BETTER else change > 0
        cell["tone"] = "up" if better else "down"
    return cell


def metric_deltas(c: Comparison) -> list[dict]:
    rows = []
    for metric in c.a["metricOrder"]:
        old, new = c.a["metrics"].get(metric), c.b["metrics"].get(metric)
        if not isinstance(old, dict) or not isinstance(new, dict):
            continue  # llmAnswerAccuracy on the deterministic path: nothing to compare
        rows.append({"metric": metric, "cells": [delta(metric, old.get(x), new.get(x), c.a["profile"]) for x in c.baselines]})
    return rows


def block_deltas(c: Comparison, key: str) -> list[dict]:
    """Headline deltas per entry of perSize or perScenario present in both runs."""
    headline = LOCOMO_HEADLINE if c.a["profile"] == "locomo" else HEADLINE

    def label(entry: dict) -> str:
        parts = [str(entry.get(k)) for k in ("scenario", "sessionId") if entry.get(k)]
        return " · ".join([*parts, f"{entry['size']} turns"] if entry.get("size") else parts) or "all"

    old = {label(e): e for e in c.a.get(key) or []}
    rows = []
    for entry in c.b.get(key) or []:
        name = label(entry)
        if name not in old:
            continue
        for metric in headline:
            cells = [
                delta(metric, old[name]["metrics"].get(x, {}).get(metric), entry["metrics"].get(x, {}).get(metric), c.a["profile"])
                for x in c.baselines
            ]
            rows.append({"label": name, "metric": metric, "cells": cells})
    return rows


def invariant_changes(c: Comparison) -> list[dict]:
    old = {e["id"]: e for e in c.a.get("hardInvariants") or []}
    new = {e["id"]: e for e in c.b.get("hardInvariants") or []}
    rows = []
    for inv_id in dict.fromkeys([*old, *new]):
        a, b = old.get(inv_id, {}), new.get(inv_id, {})
        rows.append(
            {"id": inv_id, "a": a.get("status", "absent"), "b": b.get("status", "absent"), "detail": b.get("detail") or a.get("detail", "")}
        )
    for row in rows:
        row["changed"] = row["a"] != row["b"]
    return rows


def flips(c: Comparison) -> list[dict]:
    """Per baseline, the questions in both runs covered in one and missed in the other."""
    old, new = _by_question(c.a), _by_question(c.b)
    blocks = []
    for baseline in c.baselines:
        broke, fixed = [], []
        for key, question in new.items():
            if key not in old:
                continue
            before, after = old[key]["results"].get(baseline), question["results"].get(baseline)
            if not before or not after or before.get("assemblyCoverage") is None or after.get("assemblyCoverage") is None:
                continue
            row = {"q": question, "a": before, "b": after, "group": misses.group_of(question)}
            if misses.is_missed(after) and not misses.is_missed(before):
                broke.append(row)
            elif misses.is_missed(before) and not misses.is_missed(after):
                fixed.append(row)
        blocks.append({"baseline": baseline, "broke": broke, "fixed": fixed})
    return blocks


def render(c: Comparison, path_a: Path, path_b: Path) -> str:
    return (
        html_report.environment()
        .get_template("compare.html.j2")
        .render(
            c=c,
            a_name=path_a.name,
            b_name=path_b.name,
            metrics=metric_deltas(c),
            sizes=block_deltas(c, "perSize"),
            scenarios=block_deltas(c, "perScenario"),
            invariants=invariant_changes(c),
            flips=flips(c),
            flips_shown=FLIPS_SHOWN,
            message_chars=html_report.MESSAGE_CHARS,
            chart=_chart(c),
        )
    )


def _chart(c: Comparison) -> Markup | None:
    """The cost against coverage chart of B, with A's marks drawn faintly: where each baseline moved."""
    chart = charts.cost_coverage(c.b, before=c.a)
    return None if chart is None else Markup(chart.svg)


def summary(c: Comparison, path_a: Path, path_b: Path) -> list[Block]:
    """The printed account, as blocks for render.print_summary: metric deltas, invariant changes, flips."""
    table = Table(
        ("Metric", *(f"`{b}`" for b in c.baselines)),
        tuple((_LABELS.get(row["metric"], f"`{row['metric']}`"), *map(_terminal_cell, row["cells"])) for row in metric_deltas(c)),
    )
    lines: list[Block] = [
        f"A: {path_a} ({c.a['profile']}, {c.a.get('generatedAt')})",
        f"B: {path_b} ({c.b['profile']}, {c.b.get('generatedAt')})",
    ]
    lines += [f"warning: {w}" for w in c.warnings]
    lines += ["", table, ""]
    changed = [row for row in invariant_changes(c) if row["changed"]]
    if changed:
        lines.append("Invariants changed: " + "; ".join(f"{row['id']} {row['a']} -> {row['b']}" for row in changed))
    else:
        failed = sum(row["b"] != "pass" for row in invariant_changes(c))
        lines.append(f"Invariants: no change ({'all pass' if not failed else f'{failed} failing in both'})")
    lines.append(f"Flipped questions (of {c.questions} in both; covered <-> missed):")
    for block in flips(c):
        named = "; ".join(f"{kind} {_names(block[kind])}" for kind in ("broke", "fixed") if block[kind])
        counts = f"  {block['baseline']}: {len(block['fixed'])} fixed, {len(block['broke'])} broke"
        lines.append(f"{counts} ({named})" if named else counts)
    return lines


def _names(rows: list[dict], shown: int = 5) -> str:
    """A few flipped questions as session/id, so the terminal says which without opening the page."""
    names = [f"{row['q']['sessionId']}/{row['q']['id']}" for row in rows[:shown]]
    return ", ".join(names) + (f" and {len(rows) - shown} more" if len(rows) > shown else "")


def _terminal_cell(cell: dict) -> str:
    a, b = cell.get("short") or (cell["a"], cell["b"])
    if cell["delta"] in ("", "±0"):
        return a if a == b else f"{a} -> {b}"
    return f"{a} -> {b} ({cell['delta']})"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", help="a report JSON (eval-results/<timestamp>-<profile>.json)")
    parser.add_argument(
        "b",
        nargs="?",
        default="",
        help="a second report JSON: compare A (before) with B (after); a LoCoMo and a BEAM report draw on one page",
    )
    parser.add_argument("--out", default="", help="the HTML file to write (default: beside the JSON; a comparison beside B)")
    parser.add_argument("--verbose", action="store_true", help="log what happens on stderr")


def main(args: argparse.Namespace) -> int:
    """One file: write its page. Two: write the comparison page and print a summary. Exit 2 on a bad file
    or reports that cannot be compared."""
    if not args.b and bench_page.is_bench(Path(args.a)):
        return _bench(args)
    try:
        a = html_report.load(Path(args.a))
        b = html_report.load(Path(args.b)) if args.b else None
        if b is not None and benchmark_page.is_benchmark_pair(a, b):
            return _benchmarks(args, a, b)
        comparison = check(a, b) if b is not None else None
    except (html_report.ReportError, Incomparable) as exc:
        print(f"harness report: {exc}", file=sys.stderr)
        return EXIT_USAGE
    path_a = Path(args.a)
    if comparison is None:
        out = Path(args.out) if args.out else html_report.html_path(path_a)
        if not _write(out, html_report.render(a)):
            return EXIT_USAGE
        print(f"HTML report: {out}")
        return EXIT_OK
    path_b = Path(args.b)
    out = Path(args.out) if args.out else path_b.with_name(f"compare-{path_a.stem}-vs-{path_b.stem}.html")
    if not _write(out, render(comparison, path_a, path_b)):
        return EXIT_USAGE
    print_summary(summary(comparison, path_a, path_b), sys.stdout)  # aligned on a terminal, Markdown into a pipe
    print(f"Comparison: {out}")
    return EXIT_OK


def _bench(args: argparse.Namespace) -> int:
    """The page of a `bench` report (bench-results/<timestamp>.json), beside it (or --out)."""
    try:
        page = bench_page.render(bench_page.load(Path(args.a)))
    except html_report.ReportError as exc:
        print(f"harness report: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except (KeyError, TypeError, jinja2.UndefinedError) as exc:
        print(f"harness report: {args.a}: a bench report this harness cannot draw (no {exc})", file=sys.stderr)
        return EXIT_USAGE
    out = Path(args.out) if args.out else html_report.html_path(Path(args.a))
    if not _write(out, page):
        return EXIT_USAGE
    print(f"HTML report: {out}")
    return EXIT_OK


def _benchmarks(args: argparse.Namespace, a: dict, b: dict) -> int:
    """A LoCoMo and a BEAM report on one page, written beside B (or --out)."""
    reports = sorted([(Path(args.a), a), (Path(args.b), b)], key=lambda pair: benchmark_page.PROFILES.index(pair[1]["profile"]))
    path_b = Path(args.b)
    out = Path(args.out) if args.out else path_b.with_name(f"benchmarks-{reports[0][0].stem}-{reports[1][0].stem}.html")
    if not _write(out, html_report.render_benchmarks(reports)):
        return EXIT_USAGE
    print(f"Benchmarks page: {out}")
    return EXIT_OK


def _write(path: Path, page: str) -> bool:
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as exc:
        print(f"harness report: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return False
    return True
