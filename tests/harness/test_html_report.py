"""The HTML report, drawn from real runs: beside every JSON report, every chart with its caption, the
invariants and the missed questions, users' words escaped, misses bounded, and opened in headless Chromium."""

import copy
import json
import shutil
import subprocess
import sys

import pytest
from PIL import Image
from structlog.testing import capture_logs

from services.harness import charts, html_report, misses
from tests.harness.page import parse
from tests.harness.test_locomo import conversation

CHARTS = ("per-size", "latency", "cost-coverage", "categories")
EVIL = '<script>alert("x")</script>'
CHROMIUM = shutil.which("chromium")


@pytest.fixture(scope="module")
def seed(seed_run):
    path, stdout = seed_run
    return path, html_report.load(path), stdout


def baselines(report: dict) -> list[str]:
    return list(report["metrics"]["assemblyCoverage"])


def missed_by(report: dict, baseline: str) -> list[dict]:
    return [q for q in report["questions"] if misses.is_missed(q["results"][baseline])]


def test_eval_writes_the_page_beside_its_json(seed):
    path, _, stdout = seed
    page = path.with_suffix(".html")
    lines = stdout.strip().splitlines()
    assert lines[-2:] == [f"HTML report: {page}", f"Report: {path}"]  # the JSON's path stays the last line
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_a_page_that_cannot_be_drawn_is_logged_and_the_json_kept(seed, tmp_path, monkeypatch):
    path, report, _ = seed
    copied = tmp_path / path.name
    shutil.copy(path, copied)

    def broken(_report):
        raise ValueError("no charts today")

    monkeypatch.setattr(charts, "all_charts", broken)
    with capture_logs() as logs:
        assert html_report.write_page(report, copied) is None
    assert copied.is_file() and not copied.with_suffix(".html").exists()
    assert [entry["event"] for entry in logs] == ["html_report_failed"]


def test_every_chart_is_an_inline_svg_with_a_caption(seed):
    _, report, _ = seed
    page = parse(html_report.render(report))
    for anchor in CHARTS:
        [figure] = page.by_id(anchor).find_all("figure")
        [svg] = figure.find_all("svg")
        assert len(svg.find_all("path")) > 10, anchor  # axes, lines, marks: something was drawn
        [caption] = figure.find_all("figcaption")
        assert len(caption.all_text().strip()) > 40, anchor
    # The baselines are named in the charts as text the browser draws (svg.fonttype none).
    assert all(b in page.by_id("per-size").all_text() for b in baselines(report))


def test_the_metric_table_has_a_row_per_metric_and_a_column_per_baseline(seed):
    _, report, _ = seed
    [table] = parse(html_report.render(report)).by_id("metrics").find_all("table")
    rows = table.find_all("tr")[1:]
    assert [row.find_all("code")[0].all_text() for row in rows] == report["metricOrder"]
    assert all(len(row.find_all("td")) == 1 + len(baselines(report)) for row in rows)
    storage = rows[report["metricOrder"].index("storageCorrectness")].find_all("td")
    assert storage[1].all_text() == "n/a" and storage[-1].all_text() == "100.0%"  # null is n/a, never 0


def test_invariants_are_listed_with_their_details(seed):
    _, report, _ = seed
    rows = parse(html_report.render(report)).by_id("invariants").find_all("tr", "invariant")
    assert [row.find_all("code")[0].all_text() for row in rows] == [e["id"] for e in report["hardInvariants"]]
    assert all(e["detail"] in row.all_text() for e, row in zip(report["hardInvariants"], rows, strict=True))

    failing = copy.deepcopy(report)
    failing["hardInvariants"][0].update(status="fail", detail="memory: 2 items active for key deploy.target")
    page = parse(html_report.render(failing))
    assert "failed" in page.by_id("invariants").find_all("tr", "invariant")[0].classes
    assert "1 failed" in page.find_all("header")[0].all_text()


def test_each_baseline_lists_the_questions_it_missed_with_the_injected_message(seed):
    _, report, _ = seed
    page = parse(html_report.render(report))
    for baseline in baselines(report):
        rows = page.by_id(f"missed-{baseline}").find_all("details", "question")
        assert len(rows) == min(len(missed_by(report, baseline)), html_report.MISSED_SHOWN), baseline
    # On the seed fixtures skill-only's window has lost most answers: its misses carry their message.
    first = missed_by(report, "skill-only")[0]
    row = page.by_id("missed-skill-only").find_all("details", "question")[0]
    assert first["query"] in row.all_text() and first["expected"]["evidence"][0]["eventId"] in row.all_text()
    [message] = row.find_all("pre", "message")
    assert message.all_text() == first["results"]["skill-only"]["message"]
    assert row.find_all("span", "missing")  # the evidence refs the message lacks are marked


def test_the_page_is_self_contained(seed):
    _, report, _ = seed
    html = html_report.render(report)
    assert "<script" not in html.lower() and "<link" not in html.lower()
    assert 'src="http' not in html and "url(http" not in html and "@import" not in html


def test_words_from_the_report_are_escaped(seed):
    _, report, _ = seed
    report = copy.deepcopy(report)
    question = missed_by(report, "skill-only")[0]
    question["query"] = EVIL
    question["kind"] = EVIL  # a bar chart's tick label: through matplotlib's SVG writer
    question["results"]["skill-only"].update(message="</pre>" + EVIL, answer=EVIL)
    report["hardInvariants"][0]["detail"] = '<img src=x onerror="alert(1)">'
    report["perScenario"][0]["scenario"] = EVIL
    html = html_report.render(report)
    assert "<script" not in html.lower() and "<img" not in html.lower()
    assert "&lt;script&gt;" in html
    assert EVIL in parse(html).by_id("missed").all_text()  # shown as the words they are


def test_cjk_labels_draw(seed):
    _, report, _ = seed
    report = copy.deepcopy(report)
    for question in report["questions"]:
        if question["lang"] == "zh":
            question["kind"] = "中文检索"
    html = html_report.render(report)
    assert "中文检索" in parse(html).by_id("categories").all_text()


def test_a_report_written_before_pages_still_draws(seed):
    _, report, _ = seed
    report = copy.deepcopy(report)
    for question in report["questions"]:
        del question["expected"]
        for result in question["results"].values():
            result.pop("message", None)
            result.pop("missingEvidence", None)
    html = html_report.render(report)
    assert "written before reports kept them" in html and "(not in this report)" in html


def test_misses_are_bounded_in_the_json_and_on_the_page(seed):
    _, report, _ = seed
    entries = [
        {"scenario": f"s{i % 2}", "results": {"memory": {"assemblyCoverage": 0.0, "message": "m"}, "bm25-turns": {"assemblyCoverage": 1.0}}}
        for i in range(100)
    ]
    misses.bound(entries)
    kept = [e for e in entries if "message" in e["results"]["memory"]]
    assert len(kept) == misses.MESSAGES_KEPT and {e["scenario"] for e in kept} == {"s0", "s1"}  # taken from both groups
    assert all(e["results"]["memory"].get("messageOmitted") for e in entries if e not in kept)

    big = copy.deepcopy(report)
    template = missed_by(big, "skill-only")[0]
    big["questions"] = []
    for i in range(200):
        question = copy.deepcopy(template)
        question.update(id=f"q{i}", scenario=f"group-{i % 4}")
        question["results"]["skill-only"]["message"] = "x" * (html_report.MESSAGE_CHARS + 500)
        big["questions"].append(question)
    page = parse(html_report.render(big))
    block = page.by_id("missed-skill-only")
    rows = block.find_all("details", "question")
    assert len(rows) == html_report.MISSED_SHOWN and f"showing {html_report.MISSED_SHOWN}" in block.all_text()
    assert {row.all_text().split(" · ")[1] for row in rows} == {f"group-{g}" for g in range(4)}  # spread over groups
    assert all(len(row.find_all("pre", "message")[0].all_text()) == html_report.MESSAGE_CHARS for row in rows)


def test_a_locomo_run_has_its_category_bars(tmp_path):
    (tmp_path / "conv-a.json").write_text(json.dumps(conversation()))
    out = tmp_path / "out"
    args = ["eval", "--profile", "locomo", "--locomo", str(tmp_path / "conv-a.json"), "--locomo-corrections", "none", "--out", str(out)]
    result = subprocess.run([sys.executable, "-m", "services.harness", *args], check=False, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    [page_path] = out.glob("*-locomo.html")
    page = parse(page_path.read_text(encoding="utf-8"))
    bars = page.by_id("categories").all_text()
    assert "multi-hop" in bars and "single-hop" in bars and "evidenceRecallAt5" in bars
    assert "turns in the conversation" in page.by_id("per-size").all_text()


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (Debian: apt-get install chromium; make system-deps installs it)")
def test_headless_chromium_draws_the_charts(seed, tmp_path):
    path, _, _ = seed
    url = path.with_suffix(".html").as_uri()
    browser = [CHROMIUM, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--hide-scrollbars"]
    browser.append(f"--user-data-dir={tmp_path / 'profile'}")  # its own profile: runs in parallel do not share a lock
    dom = subprocess.run([*browser, "--dump-dom", url], check=False, capture_output=True, text=True, timeout=120)
    page = parse(dom.stdout)
    for anchor in CHARTS:
        assert page.by_id(anchor).find_all("figure")[0].find_all("svg"), anchor

    shot = tmp_path / "report.png"
    subprocess.run([*browser, f"--screenshot={shot}", "--window-size=1280,2000", url], check=False, capture_output=True, timeout=120)
    image = Image.open(shot).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 24)
    width, height = image.size
    assert len(colours) > 50 and sum(n for n, rgb in colours if sum(rgb) < 600) > 0.01 * width * height  # not blank
    # rolling-summary's orange (#E69F00) is only ever drawn by a chart.
    assert any(abs(r - 0xE6) + abs(g - 0x9F) + b < 40 for _, (r, g, b) in colours)
