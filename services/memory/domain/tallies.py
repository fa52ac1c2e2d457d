"""Progress said as a count, whatever the verb: "that makes 5 of 6 banked", "14 screened, 10 randomised",
"one more randomised today, so 6 now", 现在 7 项搞定 5 项了. A tally of work done is a measured advance
(task state: progress), read where no task row read the sentence. What a tally looks like is each
language's data (lang/<lang>/tallies.py)."""

import re
from functools import cache

from services.memory import regex_cache
from services.memory.domain.model import Candidate, ItemKind, TaskField
from services.memory.domain.tasks import MAX_ENTRY_CHARS, TaskSignal
from services.memory.lang import data


@cache
def _tally(lang: str) -> re.Pattern[str]:
    return regex_cache.compile(data(lang, "tallies").TALLY, re.IGNORECASE)


def tally(clean: str, lang: str) -> TaskSignal | None:
    """The progress a statement counts, or None."""
    grammar = "zh" if lang == "zh" else "en"
    found = _tally(grammar).search(clean)
    if not found or _split(found.group()):
        return None
    return TaskSignal(TaskField.PROGRESS, clean[:MAX_ENTRY_CHARS], row="tally")


def without_counted_figures(read: tuple[tuple[Candidate, str], ...]) -> tuple[tuple[Candidate, str], ...]:
    """A sentence's candidates without the numbers its progress entry counts: "Progress: 4 of 11 assets ported" is
    progress, not a figure 4 keyed "progress" (nor 30 keyed "12" of "12 of 30 invites sent")."""
    counts = {
        figure for c, _ in read if c.task_field is TaskField.PROGRESS for found in _COUNT_OF.findall(c.value) for figure in found if figure
    }
    if not counts:
        return read
    return tuple((c, row) for c, row in read if not (c.kind is ItemKind.NUMBER and c.value in counts))


# Two shares of a hundred ("70/30 in our favour", "a 60/40 split") divide something; they count no work done.
_PAIR = regex_cache.compile(r"\b(\d{1,2})/(\d{1,2})\b")


def _split(text: str) -> bool:
    return any(int(a) + int(b) == 100 for a, b in _PAIR.findall(text))


# "4 of 11", "12 out of 30", "7/9", 6个任务里已经切了2个: the two figures of a count of a whole.
_COUNT_OF = regex_cache.compile(
    r"(\d+)\s*(?:of|out\s+of|/)\s*(?:the\s+)?(\d+)|(\d+)\s*[个项件家]?[\u4e00-\u9fff]{0,4}?(?:里|中)[^\d，。]{0,8}?(\d+)", re.IGNORECASE
)
