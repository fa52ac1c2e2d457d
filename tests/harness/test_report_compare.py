"""`report A.json [B.json]` and `make report`: a page drawn again from a file, a comparison of two runs
(metric deltas, invariant changes, flipped questions), and a one-line refusal with exit 2 for files or
runs that cannot be compared."""

import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from services.harness import cli, misses
from tests.harness.page import parse

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def runs(seed_run, tmp_path):
    """A: the real seed report. B: the same run as if memory had lost a question's evidence, skill-only had
    found one, and an invariant had failed."""
    source, _ = seed_run
    a = tmp_path / "a-seed.json"
    shutil.copy(source, a)
    report = json.loads(a.read_text(encoding="utf-8"))
    after = copy.deepcopy(report)
    lost = next(q for q in after["questions"] if not misses.is_missed(q["results"]["memory"]))
    refs = [ref["eventId"] for ref in lost["expected"]["evidence"]]
    lost["results"]["memory"].update(assemblyCoverage=0.0, missingEvidence=refs, message="[seq 1] nothing useful <b>here</b>")
    found = next(q for q in after["questions"] if misses.is_missed(q["results"]["skill-only"]))
    found["results"]["skill-only"].update(assemblyCoverage=1.0, missingEvidence=[])
    after["metrics"]["assemblyCoverage"]["memory"] = 0.9
    after["hardInvariants"][0].update(status="fail", detail="memory: 1 violation")
    b = tmp_path / "b-seed.json"
    b.write_text(json.dumps(after), encoding="utf-8")
    return a, b, lost, found, report


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(["report", *argv], env={})
    out, err = capsys.readouterr()
    return code, out, err


def test_one_report_is_drawn_again_from_its_file_alone(seed_run, tmp_path, capsys):
    source, _ = seed_run
    out = tmp_path / "again.html"
    code, stdout, _ = run_cli(capsys, str(source), "--out", str(out))
    assert code == 0 and stdout.strip() == f"HTML report: {out}"
    # The same report draws the same bytes (stable SVG ids, no dates in the charts).
    assert out.read_bytes() == source.with_suffix(".html").read_bytes()


def test_two_runs_compare_into_a_page_and_a_summary(runs, capsys):
    a, b, lost, found, report = runs
    code, stdout, _ = run_cli(capsys, str(a), str(b))
    page_path = b.with_name(f"compare-{a.stem}-vs-{b.stem}.html")
    assert code == 0 and stdout.rstrip().endswith(f"Comparison: {page_path}")
    assert f"Invariants changed: {report['hardInvariants'][0]['id']} pass -> fail" in stdout
    assert f"memory: 0 fixed, 1 broke (broke {lost['sessionId']}/{lost['id']})" in stdout
    assert f"skill-only: 1 fixed, 0 broke (fixed {found['sessionId']}/{found['id']})" in stdout
    assert "bm25-turns: 0 fixed, 0 broke\n" in stdout
    assert "(-10.0 pp)" in stdout  # memory's assemblyCoverage, 100% -> 90%

    html = page_path.read_text(encoding="utf-8")
    page = parse(html)
    [broke] = page.find_all("details", "flip-broke")
    assert lost["query"] in broke.all_text() and "nothing useful <b>here</b>" in broke.all_text()
    [fixed] = page.find_all("details", "flip-fixed")
    assert found["id"] in fixed.all_text()
    changed = [row for row in page.by_id("invariants").find_all("tr", "invariant") if "changed" in row.all_text()]
    assert len(changed) == 1 and report["hardInvariants"][0]["id"] in changed[0].all_text()
    worse = page.by_id("metrics").find_all("span", "down")
    assert any(span.all_text() == "-10.0 pp" for span in worse)
    assert "<b>here</b>" not in html and "&lt;b&gt;here" in html
    [figure] = page.by_id("cost-coverage").find_all("figure")
    assert figure.find_all("svg")


def test_runs_with_another_seed_compare_with_a_warning(runs, capsys):
    a, b, *_ = runs
    other = json.loads(b.read_text(encoding="utf-8"))
    other["seed"] = "another-seed"
    b.write_text(json.dumps(other), encoding="utf-8")
    code, stdout, _ = run_cli(capsys, str(a), str(b), "--out", str(b.with_name("c.html")))
    assert code == 0 and "warning: seeds differ" in stdout
    assert "seeds differ" in b.with_name("c.html").read_text(encoding="utf-8")


def altered(folder: Path, **changes) -> None:
    """b.json: run A's report with some keys changed."""
    report = json.loads((folder / "a-seed.json").read_text(encoding="utf-8"))
    (folder / "b.json").write_text(json.dumps({**report, **changes}), encoding="utf-8")


@pytest.mark.parametrize(
    ("make_b", "said"),
    [
        (lambda d: None, "no such file"),
        (lambda d: (d / "b.json").write_text("not json {"), "not JSON"),
        (lambda d: (d / "b.json").write_text(json.dumps({"results": []})), "not an evaluation report"),
        (lambda d: altered(d, profile="full"), "profiles differ"),
        (lambda d: altered(d, questions=[]), "no question in common"),
    ],
)
def test_what_cannot_be_compared_is_refused_in_one_line(runs, capsys, tmp_path, make_b, said):
    a = runs[0]
    make_b(tmp_path)
    out = tmp_path / "never.html"
    code, stdout, stderr = run_cli(capsys, str(a), str(tmp_path / "b.json"), "--out", str(out))
    assert code == 2 and stdout == "" and not out.exists()
    assert len(stderr.strip().splitlines()) == 1 and said in stderr and stderr.startswith("harness report: ")


def test_make_report(runs, tmp_path):
    a, b, *_ = runs
    make = ["make", "-s", "-o", "setup", "-C", str(REPO), f"PY={sys.executable}", "report"]
    done = subprocess.run([*make, f"A={a}", f"B={b}"], check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Comparison: " in done.stdout and b.with_name(f"compare-{a.stem}-vs-{b.stem}.html").is_file()
    refused = subprocess.run([*make, f"A={tmp_path / 'absent.json'}"], check=False, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "absent.json: no such file" in refused.stderr
    bare = subprocess.run(make, check=False, capture_output=True, text=True, timeout=120)
    assert bare.returncode == 2 and "give A=<report.json>" in bare.stderr
