"""The progress of an evaluation on a terminal (phase, baseline, session, steps, elapsed time, ETA), with log
lines printed above it; nothing at all when stderr is not a terminal (or with --json)."""

import io
import sys
import threading

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Column
from rich.text import Text

REFRESH_PER_SECOND = 8  # a 10,000-step run must not redraw 10,000 times


class EvalProgress:
    """The runner's progress callback, progress(phase, baseline, session_id, done, total), used as a context manager.

    While it is shown, sys.stderr is replaced by a writer that prints each complete line above the bar
    (structlog and logging write to whatever sys.stderr is at the time, see services.common.logging),
    so a --verbose run's log lines and the bar never overwrite each other. Lines are printed as written,
    without wrapping, so a JSON log line stays one line.
    """

    def __init__(self, console: Console | None = None, *, enabled: bool | None = None):
        self._console = console or Console(file=sys.stderr)
        self._enabled = self._console.is_terminal if enabled is None else enabled
        self._progress = Progress(
            TextColumn("{task.fields[phase]:<6}", markup=False),
            TextColumn("{task.fields[baseline]:<15}", style="cyan", markup=False),
            BarColumn(bar_width=None, table_column=Column(max_width=40)),  # as wide as the terminal leaves room for
            MofNCompleteColumn(),
            TaskProgressColumn(),
            TextColumn("elapsed"),
            TimeElapsedColumn(),
            TextColumn("eta"),
            TimeRemainingColumn(),
            # The bar and the session are what a narrower terminal shortens (the session with an ellipsis), never wraps.
            TextColumn("{task.fields[session]}", style="dim", markup=False, table_column=Column(overflow="ellipsis")),
            console=self._console,
            disable=not self._enabled,
            refresh_per_second=REFRESH_PER_SECOND,
            redirect_stdout=False,  # stdout is the table's (or the JSON's), whatever the terminal shows
            redirect_stderr=False,  # done here instead, without wrapping (see _LinesAbove)
        )
        self._task: TaskID | None = None
        self._saved_stderr = None

    def __enter__(self) -> "EvalProgress":
        if self._enabled:
            self._task = self._progress.add_task("eval", total=None, phase="start", baseline="", session="")
            self._progress.start()
            self._saved_stderr, sys.stderr = sys.stderr, _LinesAbove(self._console, sys.stderr)
        return self

    def __call__(self, phase: str, baseline: str, session_id: str, done: int, total: int) -> None:
        if self._task is None or total <= 0:
            return
        self._progress.update(self._task, completed=done, total=total, phase=phase, baseline=baseline, session=session_id)

    def __exit__(self, *exc_info) -> None:
        if self._task is None:
            return
        self._progress.update(self._task, phase="stopped" if exc_info[0] else "done", baseline="", session="")
        self._progress.stop()  # the last state stays on screen: how long the run took
        writer, sys.stderr = sys.stderr, self._saved_stderr
        if isinstance(writer, _LinesAbove):
            writer.flush()
        self._task = None


class _LinesAbove(io.TextIOBase):
    """A stand-in for sys.stderr while the bar is live: each complete line is printed above the bar."""

    def __init__(self, console: Console, real: object):
        self._console = console
        self._real = real
        self._pending = ""
        self._lock = threading.Lock()

    def write(self, text: str) -> int:
        with self._lock:
            *lines, self._pending = (self._pending + text).split("\n")
            for line in lines:
                self._console.print(Text.from_ansi(line), soft_wrap=True)
        return len(text)

    def flush(self) -> None:
        with self._lock:
            if self._pending:
                self._console.print(Text.from_ansi(self._pending), soft_wrap=True)
                self._pending = ""

    def isatty(self) -> bool:
        return self._real.isatty()  # type: ignore[attr-defined]

    def fileno(self) -> int:
        return self._real.fileno()  # type: ignore[attr-defined]
