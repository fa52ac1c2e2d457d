"""The report's charts, drawn with matplotlib into inline SVG strings from a report dict alone.

matplotlib's object API (a Figure with no pyplot and no display) keeps no global state between
charts; text stays text in the SVG (svg.fonttype none), so the browser draws it with its own fonts,
CJK included, and a name from the report is XML-escaped by matplotlib's writer, never parsed as
mathtext. Every chart is a Chart with a caption saying what is drawn and what is left out; a chart
with nothing to draw is None.
"""

import io
import re
import warnings
from dataclasses import dataclass

import matplotlib
import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, NullLocator

STYLE = {
    "svg.fonttype": "none",
    "svg.hashsalt": "dsh-report",  # stable ids, so the same report draws the same bytes
    "text.parse_math": False,
    "font.family": "sans-serif",
    "font.sans-serif": ["DejaVu Sans", "Noto Sans CJK SC", "Arial", "Helvetica"],
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.titlesize": 10,
    "legend.frameon": False,
}
# One colour and marker per baseline in every chart (Okabe-Ito, readable by colour-blind eyes).
KNOWN = ("skill-only", "rolling-summary", "bm25-turns", "memory")
COLOURS = ("#7f7f7f", "#E69F00", "#56B4E9", "#0072B2", "#009E73", "#CC79A7", "#D55E00", "#F0E442")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
FRACTIONS = {"assemblyCoverage", "retrievalRank1", "retrievalRecall", "evidenceRecallAt5", "evidenceRecallAt10"}
LABELS = {
    "assemblyCoverage": "assemblyCoverage",
    "retrievalRank1": "retrievalRank1",
    "extraTokensEstimate": "tokens injected (estimate, mean)",
    "evidenceRecallAt5": "evidenceRecallAt5",
}
POINTS_PER_BASELINE = 200  # dots drawn over a latency box; the box itself uses every value


@dataclass(frozen=True)
class Chart:
    anchor: str
    title: str
    caption: str
    svg: str


def style_of(baseline: str, baselines: list[str]) -> tuple[str, str]:
    """(colour, marker) of a baseline: fixed for the known four, by position for any other."""
    index = KNOWN.index(baseline) if baseline in KNOWN else len(KNOWN) + baselines.index(baseline)
    return COLOURS[index % len(COLOURS)], MARKERS[index % len(MARKERS)]


def baselines_of(report: dict) -> list[str]:
    first = report["metrics"].get(report["metricOrder"][0]) or {}
    return list(first)


def _svg(fig: Figure) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg") :]  # inline: no XML declaration or doctype


def _draw(width: float, height: float, draw) -> str:
    """Run draw(fig) on a fresh figure under the report's style and return its SVG."""
    with matplotlib.rc_context(STYLE), warnings.catch_warnings():
        # A CJK label has no glyph in the measuring font; the browser draws it, so the warning is noise.
        warnings.filterwarnings("ignore", message=r".*[Gg]lyph .* missing from")
        fig = Figure(figsize=(width, height), layout="constrained")
        draw(fig)
        return _svg(fig)


draw_svg = _draw  # for the pages of other reports (the bench's), under the same style


def _percent_axis(ax) -> None:
    ax.set_ylim(-0.03, 1.05)
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:.0%}"))


def _legend(fig: Figure, baselines: list[str], missing: dict[str, str] | None = None) -> None:
    from matplotlib.lines import Line2D

    handles = []
    for b in baselines:
        colour, marker = style_of(b, baselines)
        label = f"{b} ({missing[b]})" if missing and b in missing else b
        handles.append(Line2D([], [], color=colour, marker=marker, label=label))
    fig.legend(handles=handles, loc="outside lower center", ncols=min(len(handles), 4))


def size_curves(report: dict) -> Chart | None:
    """assemblyCoverage, retrievalRank1 and tokens against session size, one line per baseline."""
    entries = sorted((e for e in report.get("perSize") or [] if e.get("size")), key=lambda e: e["size"])
    if not entries:
        return None
    baselines = baselines_of(report)
    panels = ["assemblyCoverage", "retrievalRank1", "extraTokensEstimate"]
    sizes = [e["size"] for e in entries]
    locomo = report.get("profile") == "locomo"
    no_rank = {b: "no retrieval" for b in baselines if all(e["metrics"][b].get("retrievalRank1") is None for e in entries)}

    def draw(fig: Figure) -> None:
        axes = fig.subplots(1, len(panels))
        for ax, metric in zip(axes, panels, strict=True):
            for b in baselines:
                points = [(e["size"], e["metrics"][b].get(metric)) for e in entries]
                points = [(x, y) for x, y in points if y is not None]
                if points:
                    colour, marker = style_of(b, baselines)
                    ax.plot(*zip(*points, strict=True), color=colour, marker=marker, markersize=4, linewidth=1.5, label=b)
            ax.set_title(LABELS[metric])
            ax.set_xlabel("turns in the conversation" if locomo else "session size (turns)")
            unique = sorted(set(sizes))
            # Generated profiles double their sizes (100..1000): log spacing, a tick at each. LoCoMo's
            # conversation lengths sit close together: a plain axis.
            if not locomo and unique[-1] / unique[0] >= 4:
                ax.set_xscale("log")
            if not locomo and len(unique) <= 8:
                ax.set_xticks(unique, [str(s) for s in unique])
                ax.xaxis.set_minor_locator(NullLocator())
            if metric in FRACTIONS:
                _percent_axis(ax)
            else:
                ax.set_ylim(bottom=0)
        _legend(fig, baselines, no_rank)

    what = "each LoCoMo conversation, by its number of turns" if locomo else "each session size of the profile"
    caption = (
        f"Per-size curves: the metrics over {what}. A baseline without retrieval has no retrievalRank1 line "
        "(null is not zero). Tokens are estimates from character counts, not tokenizer counts."
    )
    return Chart("per-size", "Per size", caption, _draw(10, 3.4, draw))


def latency_boxes(report: dict) -> Chart | None:
    """The distribution of each baseline's Assemble latency over the report's questions."""
    baselines = baselines_of(report)
    values = {
        b: [q["results"][b]["latencyMs"] for q in report.get("questions") or [] if q["results"].get(b, {}).get("latencyMs") is not None]
        for b in baselines
    }
    shown = [b for b in baselines if values[b]]
    if not shown:
        return None
    everything = [v for b in shown for v in values[b]]
    log = min(everything) > 0 and max(everything) / min(everything) >= 50

    def draw(fig: Figure) -> None:
        ax = fig.subplots()
        data = [values[b] for b in shown]
        boxes = ax.boxplot(
            data, orientation="horizontal", tick_labels=shown, whis=(5, 95), showfliers=False, patch_artist=True, widths=0.55
        )
        rng = np.random.default_rng(0)
        for row, b in enumerate(shown, start=1):
            colour, _ = style_of(b, baselines)
            boxes["boxes"][row - 1].set(facecolor=colour, alpha=0.25, edgecolor=colour)
            boxes["medians"][row - 1].set(color=colour, linewidth=2)
            for line in (*boxes["whiskers"][2 * row - 2 : 2 * row], *boxes["caps"][2 * row - 2 : 2 * row]):
                line.set(color=colour)
            points = np.asarray(values[b])
            if len(points) > POINTS_PER_BASELINE:
                points = np.sort(points)[np.linspace(0, len(points) - 1, POINTS_PER_BASELINE).astype(int)]
            ax.scatter(points, row + rng.uniform(-0.18, 0.18, len(points)), s=6, color=colour, alpha=0.5, linewidths=0)
        ax.invert_yaxis()
        if log:
            ax.set_xscale("log")
            ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.set_xlabel("Assemble latency per question (ms" + (", log scale)" if log else ")"))

    counts = ", ".join(f"{b} {len(values[b])}" for b in shown)
    caption = (
        "Latency distributions: one dot per question (its Assemble call, timed at the harness; questions: "
        f"{counts}). Boxes span p25-p75 with the median; whiskers p5-p95. The table's latencyMs covers every "
        "MemoryService RPC of the run, ingest included."
    )
    return Chart("latency", "Latency", caption, _draw(8, 0.6 + 0.55 * len(shown), draw))


def cost_coverage(report: dict, before: dict | None = None) -> Chart | None:
    """Mean tokens injected against assemblyCoverage: one large mark per baseline, a small one per
    scenario; with before (an earlier run), a hollow mark where each baseline was and an arrow to where it is."""
    baselines = baselines_of(report)
    shown = [b for b in baselines if _cost_point(report, b)]
    if not shown:
        return None

    def draw(fig: Figure) -> None:
        ax = fig.subplots()
        for b in shown:
            colour, marker = style_of(b, baselines)
            x, y = _cost_point(report, b)
            earlier = _cost_point(before, b) if before else None
            if earlier:
                ax.scatter(*earlier, s=60, marker=marker, facecolors="none", edgecolors=colour, linewidths=1.2)
                ax.annotate("", (x, y), earlier, arrowprops={"arrowstyle": "->", "color": colour, "shrinkA": 5, "shrinkB": 6})
            elif before is None:
                small = [
                    (e["metrics"][b].get("extraTokensEstimate"), e["metrics"][b].get("assemblyCoverage"))
                    for e in report.get("perScenario") or []
                ]
                small = [(sx, sy) for sx, sy in small if sx is not None and sy is not None]
                if small:
                    ax.scatter(*zip(*small, strict=True), s=14, color=colour, marker=marker, alpha=0.35, linewidths=0)
            ax.scatter([x], [y], s=70, color=colour, marker=marker, edgecolors="black", linewidths=0.6, zorder=3)
        points = {b: _cost_point(report, b) for b in shown}
        for b, (offset, align) in _label_places(points).items():
            ax.annotate(b, points[b], textcoords="offset points", xytext=offset, ha=align, va="center", fontsize=9)
        ax.set_xlim(left=0)
        ax.set_xlabel("tokens injected per question (estimate, mean)")
        ax.set_ylabel("assemblyCoverage")
        _percent_axis(ax)

    if before is not None:
        caption = "Cost against coverage, A to B: hollow marks are run A, filled marks run B, arrows show the move."
    else:
        unit = "LoCoMo category" if report.get("profile") == "locomo" else "scenario and size"
        caption = (
            f"Cost against coverage: large marks are each baseline's overall mean, small ones each {unit}. "
            "Up and to the left is better; the axes are kept apart, never merged into one score."
        )
    return Chart("cost-coverage", "Cost against coverage", caption, _draw(6.5, 4, draw))


# Where a baseline's name goes beside its mark (points of offset, alignment): right, then below, above, left.
LABEL_PLACES = (((8, 6), "left"), ((8, -9), "left"), ((-8, 6), "right"), ((-8, -9), "right"))


def _label_places(points: dict[str, tuple[float, float]]) -> dict[str, tuple[tuple[int, int], str]]:
    """A place for each name so that the names of marks close together do not print over each other."""
    width = max(x for x, _ in points.values()) or 1.0
    placed: dict[str, tuple[tuple[int, int], str]] = {}
    for b, (x, y) in points.items():
        near = [placed[o] for o, (ox, oy) in points.items() if o in placed and abs(ox - x) / width + abs(oy - y) < 0.15]
        placed[b] = next((place for place in LABEL_PLACES if place not in near), LABEL_PLACES[0])
    return placed


def _cost_point(report: dict, baseline: str) -> tuple[float, float] | None:
    tokens = (report["metrics"].get("extraTokensEstimate") or {}).get(baseline)
    coverage = (report["metrics"].get("assemblyCoverage") or {}).get(baseline)
    return None if tokens is None or coverage is None else (tokens, coverage)


def _groups(report: dict) -> tuple[list[tuple[str, dict]], list[str], str]:
    """([(label, {metric: {baseline: value}})], metrics, what the groups are) for the category bars."""
    baselines = baselines_of(report)
    if report.get("profile") == "locomo":
        groups = []
        for entry in report.get("perScenario") or []:
            label = re.sub(r"^locomo-cat(\d+)-", r"\1 ", entry["scenario"]) + f"\n(n={entry.get('questions', '?')})"
            groups.append(
                (label, {m: {b: entry["metrics"][b].get(m) for b in baselines} for m in ("evidenceRecallAt5", "assemblyCoverage")})
            )
        return groups, ["evidenceRecallAt5", "assemblyCoverage"], "LoCoMo category (5, adversarial, is outside the overall numbers)"
    questions = report.get("questions") or []
    keys = [("kind", q.get("kind") or "?") for q in questions]
    langs = sorted({q.get("lang") or "?" for q in questions})
    selectors = [(f"{kind}", "kind", kind) for kind in dict.fromkeys(k for _, k in keys)]
    if len(langs) > 1:
        selectors += [(f"lang {lang}", "lang", lang) for lang in langs]
    metrics = ["assemblyCoverage", "retrievalRank1"]
    groups = []
    for label, field, value in selectors:
        chosen = [q for q in questions if (q.get(field) or "?") == value]
        block = {}
        for m in metrics:
            block[m] = {}
            for b in baselines:
                scores = [q["results"][b].get(m) for q in chosen if b in q["results"] and q["results"][b].get(m) is not None]
                block[m][b] = sum(scores) / len(scores) if scores else None
        groups.append((f"{label}\n(n={len(chosen)})", block))
    return groups, metrics, "question kind, then language"


def category_bars(report: dict) -> Chart | None:
    """Grouped bars per category: LoCoMo's question categories, or the protocol's question kinds."""
    groups, metrics, what = _groups(report)
    if not groups:
        return None
    baselines = baselines_of(report)
    width = 0.8 / len(baselines)

    def draw(fig: Figure) -> None:
        axes = fig.subplots(len(metrics), 1, sharex=True)
        x = np.arange(len(groups))
        for ax, metric in zip(axes, metrics, strict=True):
            for i, b in enumerate(baselines):
                heights = [block[metric][b] for _, block in groups]
                if all(h is None for h in heights):
                    continue
                colour, _ = style_of(b, baselines)
                positions = x + (i - (len(baselines) - 1) / 2) * width
                ax.bar(positions, [np.nan if h is None else h for h in heights], width, color=colour)
                for position, height in zip(positions, heights, strict=True):
                    if height == 0:  # a zero draws no bar: say it, so it does not read as "no value"
                        ax.text(position, 0.01, "0", ha="center", va="bottom", fontsize=7, color=colour)
            ax.set_title(metric)
            _percent_axis(ax)
            ax.grid(axis="x", visible=False)
        axes[-1].set_xticks(x, [label for label, _ in groups])
        _legend(fig, baselines)

    caption = (
        f"Per category: each metric by {what}; n is the number of questions. A baseline with no bar in a panel "
        "has no value for that metric there (no retrieval or no evidence), which is not zero."
    )
    return Chart("categories", "Per category", caption, _draw(max(7, 1.1 * len(groups) + 2), 5.2, draw))


def all_charts(report: dict) -> list[Chart]:
    """Every chart the report has data for, in the page's order."""
    charts = [size_curves(report), latency_boxes(report), cost_coverage(report), category_bars(report)]
    return [chart for chart in charts if chart is not None]
