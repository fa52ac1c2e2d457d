"""The stored regex compilations: a pattern made from the file is the pattern re.compile makes,
and a file from another Python, a damaged one or an unwritable place never breaks a start."""

import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from services.memory import regex_cache

REPO = Path(__file__).resolve().parents[2]

PATTERNS = [
    (r"(?P<amount>\d+(?:[.,]\d+)?)\s*(?P<unit>kg|g|lb)\b", re.IGNORECASE),
    (r"^(?:scratch that|never mind)[,.!]?\s*(?P<rest>.*)$", 0),
    (r"(?<=[，,；;])\s*(?:不是|并非)\s*(?P<old>[\d,]+)\s*[，,]\s*(?:是|而是)\s*(?P<new>[\d,]+)", 0),
    (r"\b(?:unless|except (?:when|for))\b(?P<exception>[^.]+)", re.IGNORECASE | re.VERBOSE),
    (r"(a)(b)?(?P<c>c)*\1", 0),
]


@pytest.fixture
def fresh(monkeypatch):
    """The module's tables emptied for the test, so that its own compilations are the only ones."""
    monkeypatch.setattr(regex_cache, "_stored", {})
    monkeypatch.setattr(regex_cache, "_new", {})
    monkeypatch.setattr(regex_cache, "_used", set())


def test_a_pattern_from_the_file_equals_the_one_re_compiles(fresh, tmp_path):
    for pattern, flags in PATTERNS:
        regex_cache.compile(pattern, flags)
    path = tmp_path / "regex.marshal"
    assert regex_cache.save(path)
    regex_cache._stored.clear()
    regex_cache._stored.update(regex_cache._load(path))
    assert len(regex_cache._stored) == len(PATTERNS)
    for pattern, flags in PATTERNS:
        made = regex_cache.compile(pattern, flags)
        # Pattern equality compares the pattern, the flags and the compiled code.
        assert made == re.compile(pattern, flags)
        assert made.groupindex == re.compile(pattern, flags).groupindex
    assert not regex_cache._new, "every pattern came from the file"
    found = regex_cache.compile(PATTERNS[2][0]).search("预算，不是 9600，是 19200")
    assert found is not None and (found["old"], found["new"]) == ("9600", "19200")


def test_nothing_is_written_when_nothing_new_was_compiled(fresh, tmp_path):
    path = tmp_path / "regex.marshal"
    assert not regex_cache.save(path)
    assert not path.exists()


def test_a_file_from_another_python_or_a_damaged_one_is_ignored(tmp_path):
    other = tmp_path / "other.marshal"
    other.write_bytes(marshal.dumps((("2.7.18", 1, 4, 1, 1), {("a", 0): (32, [1, 2, 3], 0, {}, ())}), 4))
    assert regex_cache._load(other) == {}
    damaged = tmp_path / "damaged.marshal"
    damaged.write_bytes(b"\x00garbage")
    assert regex_cache._load(damaged) == {}
    assert regex_cache._load(tmp_path / "missing.marshal") == {}


def test_an_entry_the_engine_refuses_is_compiled_afresh(fresh):
    pattern = r"\d+ (?:minutes|hours)"
    regex_cache._stored[(pattern, 0)] = (32, [999999, 1, 2], 0, {}, (None,))
    made = regex_cache.compile(pattern)
    assert made == re.compile(pattern)
    assert (pattern, 0) not in regex_cache._stored


def test_a_place_that_cannot_hold_the_file_is_no_error(fresh, tmp_path):
    regex_cache.compile(r"read[- ]only")
    blocker = tmp_path / "code"
    blocker.write_text("a file where the cache directory would go")
    assert not regex_cache.save(blocker / "__pycache__" / "regex.marshal")


def test_a_failed_write_leaves_no_temporary_file(fresh, tmp_path):
    regex_cache.compile(r"no (?:leftovers|debris)")
    target = tmp_path / "regex.marshal"
    target.mkdir()  # a directory where the file should go: the rename fails
    assert not regex_cache.save(target)
    assert list(tmp_path.iterdir()) == [target]


def test_the_service_writes_the_file_and_the_next_start_reads_it(tmp_path):
    """Two real interpreters: the first compiles the grammars and stores them, the second makes
    every pattern of the warm-up from the file."""
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{REPO / 'gen'}"}
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from services.memory import regex_cache\n"
        f"regex_cache._stored.clear(); regex_cache._stored.update(regex_cache._load(Path({str(tmp_path / 'r.marshal')!r})))\n"
        "from services.memory.domain.extraction import extract\n"
        "extract('Goal for the week: ship the export. The budget is 300 euros now.')\n"
        "print(len(regex_cache._new), len(regex_cache._stored))\n"
        f"regex_cache.save(Path({str(tmp_path / 'r.marshal')!r}))\n"
    )
    # The domain's modules may already be compiled into this process's file: read a private one.
    first = subprocess.run([sys.executable, "-c", script], env=env, cwd=REPO, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", script], env=env, cwd=REPO, capture_output=True, text=True, check=True)
    new_first, _ = map(int, first.stdout.split())
    new_second, stored_second = map(int, second.stdout.split())
    assert new_first > 100
    assert new_second == 0 and stored_second >= new_first


def test_the_file_is_readable_by_other_users(fresh, tmp_path):
    """An image writes it as root while it is built and serves as an unprivileged user."""
    regex_cache.compile(r"read by (?:everyone|all)")
    path = tmp_path / "regex.marshal"
    assert regex_cache.save(path)
    assert path.stat().st_mode & 0o777 == 0o644
