"""The progress display: elapsed time and ETA on a terminal, log lines printed above it rather than over it,
and nothing at all (no control characters) when the output is not a terminal. The last tests run the real
CLI on a pseudo-terminal against the toy memory and the session's answerer."""

import io
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import time
from fcntl import ioctl
from termios import TIOCSWINSZ

import pytest
from rich.console import Console

from services.harness.progress import EvalProgress

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def visible_lines(raw: str) -> list[str]:
    """The lines a terminal ends up showing, near enough: per line, what was written after the last carriage return."""
    lines = []
    for segment in raw.replace("\r\n", "\n").split("\n"):
        parts = [part for part in segment.split("\r") if ANSI.sub("", part).strip()]
        if parts:
            lines.append(ANSI.sub("", parts[-1]))
    return lines


def test_on_a_terminal_the_bar_shows_elapsed_and_eta_and_lines_written_meanwhile_go_above_it():
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=120)
    real_stderr = sys.stderr
    with EvalProgress(console) as progress:
        progress("replay", "memory", "long-haul-100", 5, 20)
        print("2026-01-01T00:00:00Z [info] service_spawned module=services.memory", file=sys.stderr)
        sys.stderr.write('{"event": "service_stopped", "level": "info", "note": "' + "x" * 200 + '"}\n')
        progress("ask", "skill-only", "iso-alpha-100", 20, 20)
    assert sys.stderr is real_stderr
    lines = visible_lines(screen.getvalue())
    assert "2026-01-01T00:00:00Z [info] service_spawned module=services.memory" in lines
    # A long JSON log line stays one line (the terminal wraps it, not rich).
    assert json.loads(next(line for line in lines if line.startswith("{")))["event"] == "service_stopped"
    assert re.match(r"done\s+━+ 20/20 100% elapsed \d:\d\d:\d\d eta \d:\d\d:\d\d", lines[-1])
    assert not any("━" in line and "service_" in line for line in lines)


def test_not_a_terminal_or_disabled_writes_nothing_and_leaves_stderr_alone():
    for console, enabled in ((Console(file=io.StringIO()), None), (Console(file=io.StringIO(), force_terminal=True), False)):
        real_stderr = sys.stderr
        with EvalProgress(console, enabled=enabled) as progress:
            assert sys.stderr is real_stderr
            progress("replay", "memory", "s", 1, 2)
        assert console.file.getvalue() == ""


# --- the real CLI ---------------------------------------------------------------------------------
def _argv(fixture_dir, out, memory_addr, answerer_addr, *extra) -> list[str]:
    return [
        sys.executable,
        "-m",
        "services.harness",
        "eval",
        "--fixtures",
        str(fixture_dir),
        "--out",
        str(out),
        "--memory-addr",
        memory_addr,
        "--answerer-addr",
        answerer_addr,
        *extra,
    ]


def _env(client_env, **extra) -> dict[str, str]:
    return {"PATH": os.environ["PATH"], "TERM": "xterm-256color", **client_env, **extra}


def run_on_a_terminal(argv, env, *, stdout_too=True, timeout=120.0) -> tuple[int, str, str]:
    """(exit code, what the terminal received, stdout when it was a pipe) for argv with stderr (and stdout) on a pty."""
    leader, follower = pty.openpty()
    ioctl(follower, TIOCSWINSZ, struct.pack("HHHH", 50, 130, 0, 0))
    proc = subprocess.Popen(
        argv, stdin=subprocess.DEVNULL, stdout=follower if stdout_too else subprocess.PIPE, stderr=follower, env=env, close_fds=True
    )
    os.close(follower)
    received = bytearray()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 1.0)
        if not ready:
            if proc.poll() is not None:
                break
            continue
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: every process holding the terminal has exited
            break
        if not chunk:
            break
        received += chunk
    out = proc.stdout.read().decode() if proc.stdout else ""
    code = proc.wait(timeout=max(1.0, deadline - time.monotonic()))
    os.close(leader)
    return code, received.decode("utf-8", "replace"), out


@pytest.mark.parametrize("log_format", ["console", "json"])
def test_verbose_eval_on_a_terminal_prints_logs_above_the_bar_and_aligned_tables(
    log_format, answerer_addr, client_env, toy, fixture_dir, tmp_path
):
    argv = _argv(fixture_dir, tmp_path / "out", toy(), answerer_addr, "--verbose")
    code, screen, _ = run_on_a_terminal(argv, _env(client_env, HARNESS_LOG_FORMAT=log_format))
    lines = visible_lines(screen)
    assert code == 0, screen[-3000:]
    logs = [line for line in lines if "rpc_finished" in line]
    assert logs, lines[:20]
    assert not any("━" in line for line in logs)  # no log line shares its line with the bar
    if log_format == "json":
        assert all(json.loads(line)["event"] for line in lines if line.startswith("{"))
    else:
        assert all(re.match(r"\d{4}-\d\d-\d\dT", line) for line in logs)
    assert any(re.match(r"done\s+━+ \d+/\d+ 100% elapsed \d:\d\d:\d\d eta", line) for line in lines)
    # The tables are drawn for the terminal: aligned, no Markdown.
    assert "| --- |" not in screen and "By session size:" in lines
    assert any(re.match(r"storageCorrectness\s+n/a\s+n/a\s+n/a\s+100\.0% \(\d+/\d+\)", line) for line in lines)
    assert any(line.startswith("Report: ") for line in lines)


def test_json_on_a_terminal_is_pure_json_on_stdout_without_a_bar(answerer_addr, client_env, toy, fixture_dir, tmp_path):
    argv = _argv(fixture_dir, tmp_path / "out", toy(), answerer_addr, "--json")
    code, screen, out = run_on_a_terminal(argv, _env(client_env), stdout_too=False)
    assert code == 0
    assert json.loads(out)["format"] == "dsh-long-conversation-memory-eval-report"
    assert "elapsed" not in screen and "━" not in screen


def test_piped_output_is_markdown_and_json_logs_without_control_characters(answerer_addr, client_env, toy, fixture_dir, tmp_path):
    argv = _argv(fixture_dir, tmp_path / "out", toy(), answerer_addr, "--verbose")
    done = subprocess.run(argv, check=False, capture_output=True, text=True, timeout=120, env=_env(client_env))
    assert done.returncode == 0, done.stderr[-3000:]
    for stream in (done.stdout, done.stderr):
        assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", stream)  # no \r, no escape sequences
    assert done.stdout.startswith("`hand-made` profile")
    assert "| `storageCorrectness` | n/a | n/a | n/a | 100.0%" in done.stdout
    assert "\nBy session size:\n\n| Metric | Turns |" in done.stdout
    events = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    assert events and {"rpc_finished"} <= {event["event"] for event in events}
