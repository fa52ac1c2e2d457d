"""The typed values a sentence states, found by their look alone: a clock time or a span of them, a
date (with its weekday), a weekday, a figure with its unit or currency; not the number of a thing
("PR #1540", "v3", "build/42").

Read where no pattern around the value says what it is the value of (discourse.cued_change): "Base
moved check-in earlier, 15:00, same day", "the cutover has to shift: 03:00 to 05:00", 每天预算提到
9,500 元. Each language's shapes are data (lang/<lang>/shapes.py, lang/shared.py).
"""

import functools
import re

from services.memory import regex_cache
from services.memory.lang.en import shapes as en_shapes
from services.memory.lang.en.grammar import UNIT_STOP_WORDS
from services.memory.lang.shared import CUR, NUM
from services.memory.lang.zh import shapes as zh_shapes
from services.memory.lang.zh.grammar import UNITS_ZH

# A word after a figure that is no unit of it: "171 now", "48 of those".
_UNIT_AFTER_FIGURE = r"(?!(?:" + "|".join(sorted(UNIT_STOP_WORDS)) + r")\b)[a-z]{1,12}\b"
_EN = (
    regex_cache.compile(
        rf"(?:(?:{en_shapes.CLOCK}){en_shapes.SPAN}(?:{en_shapes.CLOCK})|(?:{en_shapes.CLOCK})){en_shapes.TIME_ZONE}", re.IGNORECASE
    ),
    regex_cache.compile(rf"(?:{en_shapes.WEEKDAYS},?\s+)?(?:{en_shapes.DATES})|{en_shapes.WEEKDAYS}", re.IGNORECASE),
    regex_cache.compile(rf"(?<![\w.#/]){CUR}{NUM}(?:\s?(?:%|{_UNIT_AFTER_FIGURE}))?(?![\w:])", re.IGNORECASE),
)
_ZH_DAY = rf"{zh_shapes.WEEK_OF}(?:{zh_shapes.WEEKDAYS})"
_ZH_CLOCK = r"\d{1,2}:\d{2}"
_ZH = (
    regex_cache.compile(
        rf"(?:(?:{zh_shapes.DATES})\s*(?:{_ZH_DAY})?|{_ZH_DAY}|{zh_shapes.NEAR_DAYS})?\s*(?:{zh_shapes.DAY_PARTS})?\s*"
        rf"(?:{_ZH_CLOCK}(?:{zh_shapes.SPAN}{_ZH_CLOCK})?|{zh_shapes.CLOCK.pattern})"
    ),
    regex_cache.compile(rf"(?:{zh_shapes.DATES})\s*(?:{_ZH_DAY})?|{_ZH_DAY}"),  # 4 月 22 日周三: the date holds its weekday
    regex_cache.compile(rf"(?<![A-Za-z0-9.#/\-]){CUR}{NUM}\s*(?:[万千亿])?\s*(?:{UNITS_ZH.pattern})?"),
)


@functools.lru_cache(maxsize=4096)
def typed_values(sentence: str, lang: str) -> tuple[str, ...]:
    """The sentence's typed values in order of appearance, each once: a span of clock times is one
    value, a date holds its weekday, and the figures inside a time or a date are no values of their own."""
    taken: list[tuple[int, int]] = []
    for pattern in _ZH if lang == "zh" else _EN:
        for match in pattern.finditer(sentence):
            start, end = match.span()
            if end > start and match.group().strip() and not any(start < e and s < end for s, e in taken):
                taken.append((start, end))
    return tuple(sentence[start:end].strip() for start, end in sorted(taken))


def pointed_at(before: str) -> bool:
    """The words before a figure point at a thing already known by it ("archive the 2019 reports"): the
    figure is no new value of anything."""
    return bool(_POINTING.search(before))


_POINTING = regex_cache.compile(r"\bthe\s+$", re.IGNORECASE)
