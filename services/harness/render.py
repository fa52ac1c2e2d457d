"""The printed summary of a run as data, and its two renderings: Markdown to paste, aligned tables on a terminal.

A summary is a list of blocks: a str is one line of text ("" a blank line), a Table a table,
Invariants the hard-invariant list. to_markdown is what a pipe or a file gets (and what the
README's tables are pasted from); to_terminal draws the same blocks with rich. Both are pure:
blocks in, text out.
"""

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

TERMINAL_WIDTH = 120  # for to_terminal when no console says how wide it is
_CODE = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Table:
    """Rows of cells under a header; the first column is a label, the others are values (right-aligned on a terminal).

    A row index in `breaks` starts a new group (a rule between groups on a terminal)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    breaks: tuple[int, ...] = ()


@dataclass(frozen=True)
class Invariants:
    """The report's hardInvariants: [{"id", "status": "pass"|"fail", "detail"}]."""

    entries: tuple[dict, ...]

    @property
    def passed(self) -> int:
        return sum(entry["status"] == "pass" for entry in self.entries)


Block = str | Table | Invariants


# --- Markdown ------------------------------------------------------------------------------------
def markdown_rows(table: Table) -> list[str]:
    """A Markdown table: header, `| --- |` line, one line per row."""
    lines = ["| " + " | ".join(table.header) + " |", "| " + " | ".join("---" for _ in table.header) + " |"]
    return lines + ["| " + " | ".join(row) + " |" for row in table.rows]


def invariant_lines(invariants: Invariants) -> list[str]:
    entries = invariants.entries
    return [f"Hard invariants: {invariants.passed}/{len(entries)} pass"] + [
        f"  {e['status'].upper():4}  {e['id']}: {e['detail']}" for e in entries
    ]


def to_markdown(blocks: Sequence[Block]) -> str:
    """The summary as plain text with Markdown tables: no colour, no control characters."""
    lines: list[str] = []
    for block in blocks:
        if isinstance(block, Table):
            lines += markdown_rows(block)
        elif isinstance(block, Invariants):
            lines += invariant_lines(block)
        else:
            lines.append(block)
    return "\n".join(lines)


# --- terminal ------------------------------------------------------------------------------------
def _inline(text: str, style: str = "") -> Text:
    """A line or cell with its `code` spans shown in bold cyan instead of between backticks."""
    out = Text(style=style)
    position = 0
    for match in _CODE.finditer(text):
        out.append(text[position : match.start()])
        out.append(match.group(1), style="bold cyan")
        position = match.end()
    out.append(text[position:])
    return out


def _cell(value: str) -> Text:
    return _inline(value, "dim" if value.startswith("n/a") else "")


def _table(table: Table) -> RichTable:
    drawn = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    for index, heading in enumerate(table.header):
        drawn.add_column(_inline(heading), justify="left" if index == 0 else "right", no_wrap=index == 0)
    for index, row in enumerate(table.rows):
        if index and index in table.breaks:
            drawn.add_section()
        drawn.add_row(*(_cell(cell) for cell in row))
    return drawn


def _invariants(invariants: Invariants) -> RenderableType:
    entries = invariants.entries
    failed = len(entries) - invariants.passed
    title = Text("Hard invariants: ")
    title.append(f"{invariants.passed}/{len(entries)} pass", style="bold green" if not failed else "bold red")
    if failed:
        title.append(f" — {failed} failed: the run is a failure whatever the metrics say", style="bold red")
    listing = RichTable(box=None, show_header=False, pad_edge=False, padding=(0, 1))
    listing.add_column(no_wrap=True)
    listing.add_column(no_wrap=True)
    listing.add_column(overflow="fold")
    for entry in entries:
        ok = entry["status"] == "pass"
        listing.add_row(
            Text(entry["status"].upper(), style="green" if ok else "bold red"),
            Text(entry["id"], style="" if ok else "bold"),
            Text(entry["detail"]),  # a detail may quote "[seq 3]": text, never markup
        )
    return Group(title, listing)


def renderables(blocks: Sequence[Block]) -> list[RenderableType]:
    """The blocks as rich renderables, one per line of text, table or invariant list."""
    out: list[RenderableType] = []
    for block in blocks:
        if isinstance(block, Table):
            out.append(_table(block))
        elif isinstance(block, Invariants):
            out.append(_invariants(block))
        else:
            out.append(_inline(block))
    return out


def to_terminal(blocks: Sequence[Block], width: int = TERMINAL_WIDTH, *, color: bool = True) -> str:
    """The summary as a terminal shows it: aligned tables, colour (ANSI) unless color=False."""
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=width, color_system="standard" if color else None, highlight=False)
    for renderable in renderables(blocks):
        console.print(renderable)
    return buffer.getvalue()


def print_summary(blocks: Sequence[Block], file: TextIO) -> None:
    """Aligned tables when file is a terminal; otherwise the Markdown, so what is piped can be pasted."""
    console = Console(file=file, highlight=False)
    if not console.is_terminal:
        print(to_markdown(blocks), file=file)
        return
    for renderable in renderables(blocks):
        console.print(renderable)
