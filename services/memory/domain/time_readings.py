"""Times a reading took for something else: the hour of a clock time read as a number ("at 3 Central",
"周报 11 点之前发"), the day of a date read as a number ("is May 3", May taken for the modal), a date a
reading left in its key ("约在 5 月 8 日周四上午 10 点" read as 约在5月8日 = 周四上午 10 点). Each becomes the
time or date it is, found by its shape (typed_values.py), keyed by what is left of the key.
"""

import re
from dataclasses import replace

from services.memory import regex_cache
from services.memory.domain import said_about
from services.memory.domain.model import Candidate, ItemKind
from services.memory.domain.typed_values import typed_values
from services.memory.domain.value_shapes import value_type
from services.memory.lang.en import shapes as en_shapes
from services.memory.lang.zh import discourse as zh_discourse
from services.memory.lang.zh import shapes as zh_shapes


def as_clock_time(candidate: Candidate) -> Candidate:
    """A figure read as a number that is the hour of a clock time ("at 3 Central", "9 pm") is that time, with the
    date said just before it ("moving to Wednesday the 11th at 3 Central"); in Chinese ("周报 11 点之前发",
    "改到周日凌晨 3 点"), with its day words. The key keeps what is left without the date or day words and
    without the verb of change ("会议改到周五下午" -> "会议"). The figure of a date read as a number ("is May 3",
    May taken for the modal) is that date."""
    if (
        candidate.kind is ItemKind.NUMBER
        and candidate.lang != "zh"
        and candidate.unit.strip()
        and _HOUR_UNIT_EN.fullmatch(candidate.unit.strip())
    ):
        return _english_clock_time(candidate)
    if candidate.kind is ItemKind.NUMBER and candidate.lang != "zh" and not candidate.unit:
        # "is May 3" read as the modal and a figure: the day of a date is that date.
        day = next(
            (said for said in typed_values(candidate.text, "en") if said.endswith(f" {candidate.value}") and value_type(said) == "time"), ""
        )
        if day:
            return replace(candidate, kind=ItemKind.FACT, value=day, condition="")
    if candidate.kind is not ItemKind.NUMBER or candidate.lang != "zh" or not candidate.condition.lstrip().startswith("点"):
        return candidate
    for said in typed_values(candidate.text, "zh"):
        at = said.find(candidate.value)
        if at < 0 or not _HOUR.match(said[at + len(candidate.value) :]):
            continue
        head = "".join(said[:at].split())
        key = candidate.key.removesuffix(head) if head else candidate.key
        key = _CHANGE_AT_END.sub("", key)
        return replace(candidate, kind=ItemKind.FACT, key=key or candidate.key, value=said, unit="", condition="")
    return candidate


_HOUR = regex_cache.compile(r"\s?点")
_HOUR_UNIT_EN = regex_cache.compile(rf"(?:[ap]\.?m\.?|o'clock)?{en_shapes.TIME_ZONE}", re.IGNORECASE)
_JOINED_EN = regex_cache.compile(r"^\s*(?:,\s*)?(?:at|from)?\s*$", re.IGNORECASE)
_KEY_END_EN = regex_cache.compile(r"\s+(?:to|at|on|for|is|are)$", re.IGNORECASE)


def _english_clock_time(candidate: Candidate) -> Candidate:
    text = candidate.text
    spans = [(text.find(said), said) for said in typed_values(text, "en")]
    for index, (start, said) in enumerate(spans):
        if start < 0 or not said.startswith(candidate.value):
            continue
        key, value = candidate.key, said
        if index and spans[index - 1][0] >= 0:
            before_start, before = spans[index - 1]
            if _JOINED_EN.match(text[before_start + len(before) : start]):
                value = text[before_start : start + len(said)]  # "Wednesday the 11th at 3 Central": one time
                if key.lower().endswith(before.lower()):
                    key = _KEY_END_EN.sub("", key[: -len(before)].strip())
        return replace(candidate, kind=ItemKind.FACT, key=key, value=value, unit="", condition="")
    return candidate


_CHANGE_AT_END = regex_cache.compile(rf"(?:{zh_discourse.CHANGE_VERBS}|挪到|定在|改在)$")


def with_whole_date(candidate: Candidate) -> Candidate:
    """A time whose date a reading left in its key ("约在 5 月 8 日周四上午 10 点" read as 约在5月8日 = 周四上午 10
    点) is the whole date and time, keyed by what is left, or when only the verb that sets it is, by the
    sentence's topic (said_about.py)."""
    if candidate.kind is not ItemKind.FACT or candidate.lang != "zh" or not _DATE_IN_KEY.search(candidate.key):
        return candidate
    whole = next((said for said in typed_values(candidate.text, "zh") if candidate.value in said and said != candidate.value), "")
    if not whole:
        return candidate
    key = _SETS_AT_END.sub("", _DATE_IN_KEY.sub("", candidate.key))
    if key:
        return replace(candidate, key=key, value=whole)
    return replace(candidate, key=said_about.subject_of(candidate.text, whole, "", "zh"), value=whole, loose=True)


_DATE_IN_KEY = regex_cache.compile(rf"(?:{zh_shapes.DATES})$")
_SETS_AT_END = regex_cache.compile(r"(?:定在|定于|安排在|约在|排在|改到|改在|在|是)$")
