"""Reading an injected message's labelled lines: which turns each line quotes, and whether it says they are retired.

Every content line of an injected message starts with its label, `- [seq 12, user] ...`; a line
built from several turns names up to three (`- [seq 12, seq 15, user] ...`), and a line of a
replaced value says so after its source (`- [seq 9, user, superseded by seq 15] ...`, whose
`seq 15` names the successor, not a quoted turn). A line is *retired* when its label says
superseded or it sits under a heading that starts with "History" ("History (superseded; not
current):"); every other labelled line presents what it quotes as current.
"""

import re
from dataclasses import dataclass

_LABEL = re.compile(r"^\s*(?:[-*•]\s*)?\[\s*((?:seq\s+\d+\s*,\s*)+)([^\]]*)\]", re.IGNORECASE)
_SEQ = re.compile(r"\d+")
_HEADING = re.compile(r"^\s*[^-*•\s\[].*:\s*$")


@dataclass(frozen=True)
class Line:
    seqs: tuple[int, ...]  # the turns the line quotes
    retired: bool  # labelled superseded, or under a History heading
    text: str


def lines(message: str) -> list[Line]:
    """The labelled lines of a message, in order; headings and unlabelled lines are left out."""
    found: list[Line] = []
    history = False
    for raw in (message or "").splitlines():
        match = _LABEL.match(raw)
        if match is None:
            if _HEADING.match(raw):
                history = raw.strip().lower().startswith("history")
            continue
        seqs = tuple(int(n) for n in _SEQ.findall(match.group(1)))
        found.append(Line(seqs, history or "supersed" in match.group(2).lower(), raw))
    return found


def quoted_seqs(message: str) -> set[int]:
    """Every turn some line of the message quotes, current or retired."""
    return {seq for line in lines(message) for seq in line.seqs}


def current_seqs(message: str) -> set[int]:
    """The turns the message quotes as current (on a line not retired)."""
    return {seq for line in lines(message) if not line.retired for seq in line.seqs}


def retired_seqs(message: str) -> set[int]:
    """The turns some retired line of the message quotes (they may be on a current line too)."""
    return {seq for line in lines(message) if line.retired for seq in line.seqs}


def current_text(message: str) -> str:
    """The message's current lines, joined: where a value counts as carried, a retired line's does not."""
    return "\n".join(line.text for line in lines(message) if not line.retired)
