"""Telling the user's own words from what they paste into a message: emails, pages, code, chat logs, quotes.

Pasted material is quoted evidence. An instruction inside it ("New rule: ...", "SYSTEM: ...", 目标：...) belongs
to whoever wrote it and must never become the user's rule, goal or fact. Everything here is pure and runs on
every user message at ingest, so a one-line message with nothing that could open a quote returns at once.
"""

import re
from dataclasses import dataclass

from services.memory import regex_cache
from services.memory.domain.quoting_patterns import (
    _ADDRESSING,
    _BELOW,
    _CLOSING_QUOTE,
    _CODE_LIKE,
    _COMMENT,
    _CUE_AFTER,
    _CUE_BEFORE,
    _DELIMITER,
    _DIRECTIVE,
    _FENCE,
    _GAP,
    _GAP_BEFORE_PUNCT,
    _GREETING,
    _HEADER,
    _HINT_CHARS,
    _HINT_WORDS,
    _IDEOGRAPH,
    _INDENTED,
    _INJECTED,
    _INTRO_EN,
    _INTRO_ZH,
    _LATIN_WORD,
    _LIST_ITEM,
    _LONE_QUOTE,
    _MACHINE_LINE,
    _MACHINE_SPEAKER,
    _MAIL_HEADER_DETAIL,
    _MAIL_START,
    _MARKUP_LINES,
    _OWN_CUE,
    _OWNERSHIP,
    _POINTER,
    _QUOTE_LINE,
    _QUOTE_LINES,
    _QUOTE_SPAN,
    _REPORTED_COLON,
    _ROLE,
    _SENTENCE_BREAK,
    _SIGNOFF,
    _TAG_OPEN,
    _WROTE,
)


@dataclass(frozen=True)
class Segment:
    """A stretch of a message; joined in order, the segments give the message back exactly."""

    text: str
    quoted: bool
    # Why it is quoted: code, comment, markup, quote, email, pasted, delimited, injected, chat or reported.
    reason: str = ""


def split_voice(text: str) -> list[Segment]:
    """The message as segments in order, each the user's own words or quoted/pasted material.

    "".join(s.text for s in split_voice(text)) == text; a message with nothing quoted is one own segment.
    """
    if not text:
        return []
    if "\n" not in text and not _maybe_quoted(text):
        return [Segment(text, False)]
    return _segments(text, _quoted_spans(text))


def own_words(text: str) -> str:
    """The message without its quoted or pasted parts: the user's own lines in order, joined by newlines.

    A message with nothing quoted comes back unchanged; one that is all quoted gives "". Where a quotation
    is cut out of a line, the user's framing around it stays on that line.
    """
    segments = split_voice(text)
    if not any(segment.quoted for segment in segments):
        return text
    joined = "".join(s.text if not s.quoted else "\n" if "\n" in s.text else "\x00" for s in segments)
    lines = (_GAP.sub(" ", _GAP_BEFORE_PUNCT.sub("", line)).strip() for line in joined.split("\n"))
    return "\n".join(line for line in lines if line)


def _maybe_quoted(line: str) -> bool:
    """False when a line cannot hold a quotation or an injected line: the cheap test before any regex work."""
    if any(char in line for char in _HINT_CHARS) or ("'" in line and _LONE_QUOTE.search(line)):
        return True
    low = line.lower()
    return any(word in low for word in _HINT_WORDS)


def _segments(text: str, spans: list[tuple[int, int, str]]) -> list[Segment]:
    segments: list[Segment] = []
    position = 0
    for start, end, reason in sorted(spans):
        start = max(start, position)
        if end <= start:
            continue
        if start > position:
            segments.append(Segment(text[position:start], False))
        elif segments and segments[-1].quoted and segments[-1].reason == reason:
            start -= len(segments.pop().text)  # one segment per run of lines quoted for the same reason
        segments.append(Segment(text[start:end], True, reason))
        position = end
    if position < len(text):
        segments.append(Segment(text[position:], False))
    return segments


def _quoted_spans(text: str) -> list[tuple[int, int, str]]:
    spans = [(m.start(), m.end(), "comment") for m in _COMMENT.finditer(text)]
    view = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text) if spans else text
    lines = view.splitlines(keepends=True)
    marks = _mark_lines([line.rstrip("\r\n") for line in lines])
    offset = 0
    for line, reason in zip(lines, marks, strict=True):
        if reason:
            spans.append((offset, offset + len(line), reason))
        else:
            spans.extend((offset + a, offset + b, why) for a, b, why in _inline_spans(line.rstrip("\r\n")))
        offset += len(line)
    return spans


def _mark_lines(lines: list[str]) -> list[str]:
    """A reason per line: "" for the user's own, else why it is quoted."""
    marks = [""] * len(lines)
    i = 0
    while i < len(lines):
        start, end, reason = _block_at(lines, i)
        marks[start:end] = [reason] * (end - start)
        i = max(end, i + 1)
    _mark_paragraphs(lines, marks)
    return marks


def _block_at(lines: list[str], i: int) -> tuple[int, int, str]:
    """The quoted block that starts at (or, after an intro line, just below) line i; (i, i, "") when none."""
    line, stripped = lines[i], lines[i].strip()
    if not stripped:
        return i, i, ""
    fence = _FENCE.match(line)
    if fence:
        return i, _fence_end(lines, i, fence.group(1)), "code"
    if _DELIMITER.match(stripped):
        close = _closing_delimiter(lines, i)
        return (i, close + 1, "delimited") if close is not None else (i, i, "")
    if _starts_email(lines, i):
        after = _next_nonblank(lines, i + 1)
        if _WROTE.match(stripped) and after is not None and _QUOTE_LINE.match(lines[after]):
            return i, _run_end(lines, after, _QUOTE_LINE), "quote"
        return i, _region_end(lines, i + 1), "email"
    if _QUOTE_LINE.match(line):
        return i, _run_end(lines, i, _QUOTE_LINE), "quote"
    quoted_to = _whole_quote_end(lines, i)
    if quoted_to is not None:
        return i, quoted_to, "quote"
    if line.lstrip().startswith("<"):
        return i, _markup_end(lines, i), "markup"
    if _INDENTED.match(line) and i > 0 and (not lines[i - 1].strip() or lines[i - 1].rstrip().endswith((":", "："))):
        end = _run_end(lines, i, _INDENTED)
        block = [item for item in lines[i:end] if item.strip()]
        own_list = all(_LIST_ITEM.match(item) for item in block)
        # Under a heading ("Rules:") an indented block is code only when it reads like code.
        if own_list or (lines[i - 1].strip() and not any(_CODE_LIKE.search(item) for item in block)):
            return i, i, ""
        return i, end, "code"
    if _is_intro(stripped) or (
        i + 1 < len(lines)
        and (not lines[i + 1].strip() or _DELIMITER.match(lines[i + 1]) or _BELOW.search(stripped))
        and _POINTER.search(stripped)
    ):
        first = _next_nonblank(lines, i + 1)
        if first is None or _FENCE.match(lines[first]):
            return i, i, ""
        if _DELIMITER.match(lines[first].strip()):
            close = _closing_delimiter(lines, first)
            return first, close + 1 if close is not None else _region_end(lines, first + 1), "pasted"
        return first, _region_end(lines, first + 1), "pasted"
    return i, i, ""


def _whole_quote_end(lines: list[str], i: int) -> int | None:
    """The end (exclusive) of a block that is one long quotation from its first character to its last,
    a pasted message put in quotation marks; None otherwise. Users do not wrap their own paragraphs in quotes."""
    stripped = lines[i].strip()
    closer = _CLOSING_QUOTE.get(stripped[:1])
    if closer is None:
        return None
    for j in range(i, min(len(lines), i + _QUOTE_LINES)):
        tail = lines[j].rstrip()
        body = "\n".join(lines[i : j + 1]).strip()[1:]
        if j > i and not tail:
            return None  # a blank line first: not one quotation
        if tail.endswith(closer) and (j > i or len(stripped) > 1) and closer not in body[:-1]:
            return j + 1 if _is_statement(body[:-1]) and _SENTENCE_BREAK.search(body[:-1]) else None
    return None


def _is_intro(stripped: str) -> bool:
    if not stripped.endswith((":", "：")) or _HEADER.match(stripped):
        return False
    return bool(_INTRO_EN.search(stripped) or _INTRO_ZH.search(stripped)) and not _OWNERSHIP.search(stripped)


def _starts_email(lines: list[str], i: int) -> bool:
    stripped = lines[i].strip()
    if _MAIL_START.match(stripped) or (i > 0 and _GREETING.match(stripped)):
        return True
    if not _HEADER.match(stripped):
        return False
    # Two header lines in a row, one of them an address, a subject or a dated line ("From: staging / To: prod" is not mail).
    run = [line.strip() for line in lines[i : i + 8]]
    run = run[: next((k for k, line in enumerate(run) if not _HEADER.match(line)), len(run))]
    return len(run) >= 2 and any(_MAIL_HEADER_DETAIL.search(line) for line in run)


def _region_end(lines: list[str], start: int) -> int:
    """Where the user's own voice resumes after a pasted block that has no closing delimiter: after a separator
    line ("---"), or at a paragraph that turns back to the assistant; an email's own questions ("Can you confirm
    your details?") do not count while its sign-off is still ahead. Otherwise the block runs to the end."""
    signed = False
    for j in range(start, len(lines)):
        stripped = lines[j].strip()
        if _DELIMITER.match(stripped):
            return j + 1
        if _SIGNOFF.match(stripped):
            signed = True
        elif not stripped:
            following = _next_nonblank(lines, j)
            if following is None:
                return len(lines)
            if _ADDRESSING.match(lines[following].strip()) and (signed or not _signoff_ahead(lines, following)):
                return following
        elif signed and _ADDRESSING.match(stripped):
            return j
    return len(lines)


def _signoff_ahead(lines: list[str], start: int) -> bool:
    for line in lines[start:]:
        if _DELIMITER.match(line):
            return False
        if _SIGNOFF.match(line):
            return True
    return False


def _fence_end(lines: list[str], i: int, fence: str) -> int:
    for j in range(i + 1, len(lines)):
        if lines[j].strip().startswith(fence[0] * len(fence)) and not lines[j].strip().strip(fence[0]):
            return j + 1
    return len(lines)


def _closing_delimiter(lines: list[str], i: int) -> int | None:
    kind = _delimiter_kind(lines[i])
    return next((j for j in range(i + 1, len(lines)) if _DELIMITER.match(lines[j]) and _delimiter_kind(lines[j]) == kind), None)


def _delimiter_kind(line: str) -> str:
    first = line.strip()[0]
    return "-" if first in "-—–─" else first


def _run_end(lines: list[str], i: int, pattern: re.Pattern[str]) -> int:
    """The end of the run of lines matching pattern from line i; blank lines inside the run belong to it."""
    end = i
    for j in range(i, len(lines)):
        if pattern.match(lines[j]):
            end = j + 1
        elif lines[j].strip():
            break
    return end


def _markup_end(lines: list[str], i: int) -> int:
    """After a line opening with a tag: through the line closing that element, else a line of tags alone."""
    tag = _TAG_OPEN.match(lines[i])
    if not tag:
        return i
    closing = regex_cache.compile(rf"</{re.escape(tag.group('name'))}\s*>", re.IGNORECASE)
    close = next((j for j in range(i, min(len(lines), i + _MARKUP_LINES)) if closing.search(lines[j])), None)
    if close is not None:
        return close + 1
    return i + 1 if lines[i].rstrip().endswith(">") else i


def _mark_paragraphs(lines: list[str], marks: list[str]) -> None:
    """Quote, below the user's framing lines, each paragraph that holds a line aimed at the assistant by someone
    else (SYSTEM:, "AI reading this") or is mostly machine text; then a chat log of two or more speaker roles."""
    start = 0
    while start < len(lines):
        if not lines[start].strip():
            start += 1
            continue
        end = start
        while end < len(lines) and lines[end].strip():
            end += 1
        hits = [j for j in range(start, end) if not marks[j] and _maybe_quoted(lines[j]) and _INJECTED.search(lines[j])]
        if hits:
            first = _after_framing(lines, start, hits[0])
            marks[first:end] = [mark or "injected" for mark in marks[first:end]]
        else:
            _mark_machine(lines, marks, start, end)
        start = end
    roles = [(j, m.group("role").lower()) for j, line in enumerate(lines) if not marks[j] and (m := _ROLE.match(line))]
    if len(roles) >= 2 and len({role for _, role in roles}) >= 2:
        end = roles[-1][0] + 1  # the last turn runs on until a blank line or the user's own remark on it
        while end < len(lines) and lines[end].strip() and not _ADDRESSING.match(lines[end].strip()):
            end += 1
        marks[roles[0][0] : end] = [mark or "chat" for mark in marks[roles[0][0] : end]]


def _after_framing(lines: list[str], start: int, end: int) -> int:
    """The first line at or after start that is not the user's framing of what follows ("Can you look at this?",
    "Here's the ticket:"); end bounds the search, and a machine line ("goroutine 7 [running]:") is never framing."""
    while (
        start < end
        and not _MACHINE_LINE.match(lines[start])
        and (lines[start].rstrip().endswith((":", "：", "?", "？")) or _ADDRESSING.match(lines[start].strip()))
    ):
        start += 1
    return start


def _mark_machine(lines: list[str], marks: list[str], start: int, end: int) -> None:
    """Quote a paragraph that is mostly machine text (a traceback, a diff, env lines, logs, a table, a plan),
    from below the user's framing to its end, leaving a closing remark to the assistant ("why?") to the user."""
    body = _after_framing(lines, start, end)
    machine = 0
    for j in range(body, end):
        # A line indented under a machine line ("  File ...", then its source line) is machine text too.
        if _MACHINE_LINE.match(lines[j]) or (j > body and lines[j][:2] == "  " and _MACHINE_LINE.match(lines[j - 1])):
            machine += 1
    tail = end
    while tail > body and _ADDRESSING.match(lines[tail - 1].strip()):
        tail -= 1
    if machine >= 2 and machine * 5 >= (end - body) * 3:
        marks[body:tail] = [mark or "code" for mark in marks[body:tail]]


def _inline_spans(line: str) -> list[tuple[int, int, str]]:
    colon = _REPORTED_COLON.match(line) if ":" in line or "：" in line else None
    if colon:
        return [(colon.end(), len(line), "reported")]
    return [
        (m.start(), m.end(), "reported")
        for m in _QUOTE_SPAN.finditer(line)
        if _is_statement(m.group()[1:-1]) and _reported(line, m.start(), m.end())
    ]


def _is_statement(quote: str) -> bool:
    """A quotation long enough to carry an instruction or a claim: "call it 'alpha'" does not, nor does
    a short lowercase error text ("no space left on device")."""
    words = len(_LATIN_WORD.findall(quote))
    ideographs = len(_IDEOGRAPH.findall(quote))
    if ideographs:
        return ideographs >= 6 or (ideographs + words >= 4 and bool(_DIRECTIVE.search(quote)))
    return words >= 7 or (words >= 4 and (quote.lstrip("(['‘“")[:1].isupper() or bool(_DIRECTIVE.search(quote))))


def _reported(line: str, start: int, end: int) -> bool:
    """True when the quotation at line[start:end] is attributed to a person or a document other than the user
    (a job or a tool quoted by the user is the user's own report of what happened)."""
    before = line[max(0, start - 80) : start]
    if _OWN_CUE.search(before) or _MACHINE_SPEAKER.search(before):
        return False
    return bool(_CUE_BEFORE.search(before) or _CUE_AFTER.match(line[end : end + 60]))


def _next_nonblank(lines: list[str], start: int) -> int | None:
    return next((j for j in range(start, len(lines)) if lines[j].strip()), None)
