"""Progress said as a count, whatever the verb: "that makes 5 of 6 banked", "14 screened, 10 randomised",
"one more randomised today, so 6 now", 现在 7 项搞定 5 项了. A tally of work done is a measured advance
(task state: progress), read where no task row read the sentence. What a tally looks like is each
language's data (lang/<lang>/tallies.py)."""

import re
from functools import cache

from services.memory import regex_cache
from services.memory.domain.model import TaskField
from services.memory.domain.tasks import MAX_ENTRY_CHARS, TaskSignal
from services.memory.lang import data


@cache
def _tally(lang: str) -> re.Pattern[str]:
    return regex_cache.compile(data(lang, "tallies").TALLY, re.IGNORECASE)


def tally(clean: str, lang: str) -> TaskSignal | None:
    """The progress a statement counts, or None."""
    grammar = "zh" if lang == "zh" else "en"
    if not _tally(grammar).search(clean):
        return None
    return TaskSignal(TaskField.PROGRESS, clean[:MAX_ENTRY_CHARS], row="tally")
