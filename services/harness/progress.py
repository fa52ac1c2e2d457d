"""A one-line progress bar on a terminal; nothing at all otherwise (or with --json)."""

import sys
from typing import TextIO

BAR_WIDTH = 28


class ProgressBar:
    def __init__(self, stream: TextIO | None = None, *, enabled: bool | None = None):
        self._stream = stream or sys.stderr
        self._enabled = self._stream.isatty() if enabled is None else enabled
        self._last = -1

    def __call__(self, phase: str, baseline: str, session_id: str, done: int, total: int) -> None:
        if not self._enabled or total <= 0:
            return
        percent = done * 100 // total
        if percent == self._last and done != total:
            return  # redraw only when the bar moves: a 1000-step run must not flood the terminal
        self._last = percent
        filled = BAR_WIDTH * done // total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self._stream.write(f"\r[{bar}] {percent:3d}% {phase:<6} {baseline:<16} {session_id[:32]:<32}")
        self._stream.flush()

    def finish(self) -> None:
        if self._enabled and self._last >= 0:
            self._stream.write("\r" + " " * (BAR_WIDTH + 64) + "\r")
            self._stream.flush()
