"""Frames: what keeps a value out of the current state although a sentence states it.

History ("the rent used to be 950"), a hypothesis ("if we get the A100s it would be 256"), a
comparison ("240 ms, slower than ours") and a reason ("lunch moves to 12:30 because at 1 the
deliveries come in"). A frame governs its own clause, not the whole sentence. Each language's frame words are
data in services/memory/lang/<lang>/discourse.py.
"""

import re
from dataclasses import dataclass
from functools import cache

from services.memory import regex_cache
from services.memory.domain import discourse
from services.memory.lang import data


@dataclass(frozen=True)
class _Frames:
    history: re.Pattern[str]
    hypothesis: re.Pattern[str]
    comparison: re.Pattern[str]
    reason: re.Pattern[str]
    now: re.Pattern[str]  # "it used to be 5, now it's 8": no history


@cache
def _frames(lang: str) -> _Frames:
    words = data(lang, "discourse")
    flags = 0 if lang == "zh" else re.IGNORECASE
    return _Frames(
        history=regex_cache.compile(words.HISTORY, flags),
        hypothesis=regex_cache.compile(words.HYPOTHESIS, flags),
        comparison=regex_cache.compile(words.COMPARISON, flags),
        reason=regex_cache.compile(words.REASON, flags),
        now=regex_cache.compile(words.NOW, flags),
    )


def frame(sentence: str, lang: str) -> str:
    """ "history", "hypothesis" or "comparison" when the sentence's values are not the current
    ones ("the rent used to be 950", "if we get the A100s it would be 256", "240 ms, slower than
    ours"); "" otherwise. A history frame that also says now ("it used to be 5, now it's 8") is no frame."""
    frames = _frames(lang)
    if frames.hypothesis.search(sentence):
        return "hypothesis"
    if frames.comparison.search(sentence):
        return "comparison"
    if frames.history.search(sentence) and not frames.now.search(sentence):
        return "history"
    return ""


def value_frame(sentence: str, value: str, lang: str) -> str:
    """The frame of the clause that states value, not of the whole sentence: in "wait, no: legal
    wants 3x; 2x was last year's template" only 2x is history, and in "if you need the errors, the
    Sentry project is orchard-api" the value is no hypothesis. A comparison said right after the
    value's clause ("240 ms, slower than ours") frames it too; a time in the past does not frame a
    change ("we upgraded to Node 20 last week"). Without a clause that holds the value, the whole
    sentence's frame."""
    clauses, at = _value_clause(sentence, value)
    if at is None:
        return frame(sentence, lang)
    found = frame(clauses[at], lang)
    if found == "history" and discourse.clause_change(clauses[at].strip(), lang):
        found = ""  # "we upgraded to Node 20 last week" says when it changed: Node 20 is current
    if not found and at + 1 < len(clauses) and frame(clauses[at + 1], lang) == "comparison" and not _FIGURE.search(clauses[at + 1]):
        found = "comparison"
    return found


def gives_reason(sentence: str, value: str, lang: str) -> bool:
    """Whether value is said in a clause that gives a reason ("lunch moves to 12:30 because at 1 the
    deliveries come in", 因为九点要接待客户): it explains what the sentence states and is no value of its own."""
    clauses, at = _value_clause(sentence, value)
    return at is not None and bool(_frames(lang).reason.match(clauses[at].strip()))


def _value_clause(sentence: str, value: str) -> tuple[list[str], int | None]:
    """The sentence's clauses, and which of them holds the value (its first word); None when none does."""
    clauses = [clause for clause in discourse.CLAUSE_BOUNDARY.split(sentence) if clause.strip()]
    head = _HEAD.search(value)
    return clauses, next((index for index, clause in enumerate(clauses) if head and head.group().lower() in clause.lower()), None)


_HEAD = regex_cache.compile(r"[\w$€£¥][\w.\-/:]*|[\u3400-\u9fff]{1,4}")
_FIGURE = regex_cache.compile(r"\d")
