"""The HTML page of a bench report (bench-results/<timestamp>.json): the tables the CLI prints, and the
concurrency curve drawn, from the JSON alone (`python -m services.harness report <bench.json>` draws an old one).
"""

import json
from pathlib import Path

from markupsafe import Markup
from matplotlib.ticker import FuncFormatter, NullLocator

from services.harness import bench_load_report, bench_report, charts, html_report

CURVE_CAPTION = (
    "Calls per second and p95 latency of the mixed calls against the number of clients, one line per"
    " implementation; a hollow marker is the memory service run as one process (MEMORY_PROCESSES=1) on the same data."
)


def is_bench(path: Path) -> bool:
    """Whether path holds a bench report (a file that is not JSON, or not one, is left to the other pages)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(data, dict) and data.get("format") == bench_report.FORMAT


def load(path: Path) -> dict:
    """The bench report at path; html_report.ReportError in one line when it is not one."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise html_report.ReportError(f"{path}: cannot read a bench report ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != bench_report.FORMAT:
        raise html_report.ReportError(f"{path}: not a bench report (its format is not {bench_report.FORMAT!r})")
    missing = [key for key in ("config", "environment", "runs", "targets") if key not in data]
    if missing:
        raise html_report.ReportError(f"{path}: a bench report without {', '.join(missing)}")
    return data


def write_beside(doc: dict, json_path: Path) -> Path:
    path = html_report.html_path(json_path)
    path.write_text(render(doc), encoding="utf-8")
    return path


def render(doc: dict) -> str:
    """The whole page, self-contained (inline CSS and SVG, no script)."""
    return (
        html_report.environment()
        .get_template("bench.html.j2")
        .render(
            doc=doc,
            env=doc["environment"],
            sizes={"header": [name for name, _, _ in bench_report.COLUMNS], "rows": bench_report.size_rows(doc)},
            curve={"header": [name for name, _, _ in bench_load_report.CURVE_COLUMNS], "rows": bench_load_report.curve_rows(doc)},
            scale={"header": [name for name, _, _ in bench_load_report.SCALE_COLUMNS], "rows": bench_load_report.scale_rows(doc)},
            curve_notes=bench_load_report.curve_lines(doc)[1:3],
            scale_notes=bench_load_report.scale_lines(doc)[1:3],
            single=[line.strip() for line in bench_load_report.single_process_lines(doc)],
            chart=curve_chart(doc),
            scale_missing=_scale_missing(doc),
        )
    )


def _scale_missing(doc: dict) -> str:
    """Why the page has no long session, '' when it has one."""
    if doc.get("scale"):
        return ""
    turns = (doc["config"].get("scale") or {}).get("turns")
    return "skipped (--scale-turns 0)" if turns == 0 else "not measured by this run"


def curve_chart(doc: dict) -> tuple[charts.Chart, Markup] | None:
    """calls/s and p95 against clients, one line per implementation; None without a curve."""
    rows = [row for row in doc.get("concurrency") or [] if row.get("points")]
    if not rows:
        return None

    def draw(fig) -> None:
        rate, latency = fig.subplots(1, 2)
        for index, row in enumerate(rows):
            colour, marker = charts.COLOURS[(index + 3) % len(charts.COLOURS)], charts.MARKERS[index % len(charts.MARKERS)]
            clients = [p["clients"] for p in row["points"]]
            label = row["store"] if row["store"] == bench_load_report.BASELINE else f"{row['store']} (workers {row['workers']})"
            rate.plot(clients, [p["calls_per_s"] for p in row["points"]], color=colour, marker=marker, label=label)
            latency.plot(clients, [p["latency"].get("p95", 0.0) for p in row["points"]], color=colour, marker=marker)
            if single := row.get("single_process"):
                rate.plot([single["clients"]], [single["calls_per_s"]], color=colour, marker=marker, fillstyle="none", linestyle="")
                latency.plot([single["clients"]], [single["latency"].get("p95", 0.0)], color=colour, marker=marker, fillstyle="none")
        for ax, title in ((rate, "mixed calls per second"), (latency, "p95 of the mixed calls, ms")):
            ax.set_xscale("log", base=2)
            ax.set_xticks(sorted({p["clients"] for row in rows for p in row["points"]}))
            ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
            ax.xaxis.set_minor_locator(NullLocator())
            ax.set_xlabel("clients")
            ax.set_title(title)
            ax.set_ylim(bottom=0)
        fig.legend(loc="outside lower center", ncols=min(len(rows), 4))

    chart = charts.Chart("curve", "Concurrency curve", CURVE_CAPTION, charts.draw_svg(9.0, 3.6, draw))
    return chart, Markup(chart.svg)  # matplotlib wrote the SVG and escaped every name in it
