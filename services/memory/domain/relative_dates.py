"""Dates a message names relative to when it was said ("last month", 昨天), as the calendar words a
question would use.

A turn sent on 18 April 2023 that says "my colleagues and I went to a convention last month" is about
March 2023, and "what did John attend in March 2023?" names that month, not the turn's. The event's
own date is indexed already (indexing.event_metadata); the dates resolved here are indexed beside it.
The words are language data: lang/<lang>/relative_dates.py.
"""

import calendar
import re
from datetime import datetime, timedelta
from functools import cache

from services.memory import regex_cache
from services.memory.lang import LANGUAGES, data

MAX_COUNT = 99  # "99 days ago" still names a day; beyond it a count is something else


@cache
def _grammar(lang: str) -> tuple[re.Pattern[str], dict[str, tuple[str, int]]]:
    """One pattern of every shift of the language, each alternative its own group s<i> (its count n<i>)."""
    shifts = data(lang, "relative_dates").SHIFTS
    alternatives = [f"(?P<s{i}>{pattern.replace('(?P<n>', f'(?P<n{i}>')})" for i, (pattern, _, _) in enumerate(shifts)]
    return regex_cache.compile("|".join(alternatives), re.I), {f"s{i}": (unit, step) for i, (_, unit, step) in enumerate(shifts)}


def resolved_dates(text: str, moment: datetime) -> list[str]:
    """The calendar words of every moment text places relative to `moment`, in order, without repeats."""
    out: dict[str, None] = {}
    low = text.lower()
    for lang in LANGUAGES:
        if lang != "en" and text.isascii():
            continue  # the other languages' words need characters beyond ASCII
        if not any(cue in low for cue in _cues(lang)):
            continue  # most messages name no such moment: a few substring tests, not the whole grammar
        pattern, shifts = _grammar(lang)
        for match in pattern.finditer(text):
            name = match.lastgroup
            if name is None or name not in shifts:
                continue
            unit, step = shifts[name]
            number = "n" + name[1:]  # the shift's count, when it has one ("three days ago")
            count = _count(match.group(number), lang) if number in pattern.groupindex and match.group(number) else 1
            if 0 < count <= MAX_COUNT:
                out[_calendar_words(moment, unit, step * count)] = None
    return list(out)


@cache
def _cues(lang: str) -> tuple[str, ...]:
    return tuple(data(lang, "relative_dates").CUES)


def _count(word: str, lang: str) -> int:
    if word.isdigit():
        return int(word)
    numbers: dict[str, int] = data(lang, "discourse").NUMBER_WORDS
    if lang != "zh":
        return numbers.get(word.lower(), 0)
    total, current = 0, 0
    for char in word:  # 十五 = 15, 二十 = 20
        if char == "十":
            total, current = total + (current or 1) * 10, 0
        else:
            current = numbers.get(char, 0)
    return total + current


def _calendar_words(moment: datetime, unit: str, shift: int) -> str:
    if unit == "day":
        day = moment + timedelta(days=shift)
        return f"{day.day} {day.strftime('%B %Y')}"
    if unit == "month":
        index = moment.year * 12 + moment.month - 1 + shift
        return f"{calendar.month_name[index % 12 + 1]} {index // 12}"
    return str(moment.year + shift)
