"""`--profile handwritten`: a hand-written folder replayed as it is, labelled by its manifest, exit 2 when absent."""

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from services.harness.cli import main
from services.harness.fixtures import HANDWRITTEN_DIR
from services.harness.fixtures.profiles import REPO_ROOT
from tests.harness.mini_fixture import write_fixture_dir


def _digest(directory: Path) -> str:
    files = sorted(directory.iterdir())
    return hashlib.sha256(b"".join(f.name.encode() + f.read_bytes() for f in files)).hexdigest()


def test_the_corpus_is_looked_for_beside_the_repository():
    assert REPO_ROOT.parent / "shared" / "corpora" / "handwritten-dev" == HANDWRITTEN_DIR
    assert REPO_ROOT not in HANDWRITTEN_DIR.parents


def test_missing_folder_exits_2_naming_the_path_and_how_to_point_elsewhere(tmp_path):
    absent = tmp_path / "no-corpus-here"
    result = subprocess.run(
        [sys.executable, "-m", "services.harness", "eval", "--profile", "handwritten", "--fixtures", str(absent)],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert str(absent) in lines[0] and "--fixtures DIR" in lines[0] and "FIXTURES=DIR" in lines[0]


def test_missing_folder_exits_2_for_fixtures_too(tmp_path, capsys):
    assert main(["fixtures", "--profile", "handwritten", "--fixtures", str(tmp_path)], env={}) == 2
    assert f"no manifest.json in {tmp_path}" in capsys.readouterr().err


def test_handwritten_folder_is_replayed_as_it_is(tmp_path, answerer_addr, client_env, toy, capsys):
    folder = write_fixture_dir(tmp_path / "corpus", profile="handwritten-mini")
    before = _digest(folder)
    out = tmp_path / "out"
    argv = [
        "eval",
        "--profile",
        "handwritten",
        "--fixtures",
        str(folder),
        "--out",
        str(out),
        "--memory-addr",
        toy(),
        "--answerer-addr",
        answerer_addr,
        "--turns",
        "999",
        "--regenerate",
        "--json",
    ]
    code = main(argv, env=client_env)
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert code == 0, report["hardInvariants"]
    # --turns would have filtered every scenario out and --regenerate would have written the folder.
    assert "--turns, --regenerate do not apply" in captured.err
    assert _digest(folder) == before
    assert (report["profile"], report["seed"]) == ("handwritten-mini", "hand-made")
    assert report["fixtures"]["dir"] == str(folder) and not report["fixtures"]["regenerated"]
    assert [entry["size"] for entry in report["perScenario"]] == [20, 5]
    assert set(report["metrics"]["assemblyCoverage"]) == {"skill-only", "rolling-summary", "bm25-turns", "memory"}
    assert report["metrics"]["storageCorrectness"]["memory"] == 1.0
    assert len(list(out.glob("*-handwritten-mini.json"))) == 1
