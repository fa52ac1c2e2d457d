"""What kind of value a value is: its shapes (a date, a weekday, a clock time, a region, a numbered
thing, an identifier's family, how its figure is written) and, from them, its type (a time, a measure,
a name). An update replaces a value of its own type."""

import functools
import re

from services.memory import regex_cache
from services.memory.domain.units import measure_unit
from services.memory.lang.en import shapes as en_shapes
from services.memory.lang.zh import shapes as zh_shapes

_WEEKDAYS = regex_cache.compile(f"{en_shapes.WEEKDAY_SHAPE}|{zh_shapes.WEEKDAYS}", re.IGNORECASE)
_CLOCK = regex_cache.compile(en_shapes.CLOCK, re.IGNORECASE)
_SHAPES = (
    ("region", regex_cache.compile(r"\b[a-z]{2,}-[a-z]+-\d+[a-z]?\b", re.IGNORECASE)),
    ("clock", _CLOCK),
    ("weekday", _WEEKDAYS),
    (
        "date",
        regex_cache.compile(en_shapes.DATES + r"|\b\d{4}-\d{2}-\d{2}\b|" + zh_shapes.DATES, re.IGNORECASE),
    ),
    ("zh-clock", zh_shapes.CLOCK),
    # A year names an edition ("the 2019 survey", "the 2023 release"), read as a number or a fact.
    ("year", regex_cache.compile(r"(?<![\d.:])(?:19|20)\d{2}(?![\d.:])")),
    ("multiple", regex_cache.compile(r"\b\d+(?:\.\d+)?\s?[x×]\b", re.IGNORECASE)),
    ("version", regex_cache.compile(r"\bv?\d+\.\d+(?:\.\d+)*\b|\b[A-Z][A-Za-z]+\s+\d{1,3}(?:\.\d+)?\b")),
    ("identifier", regex_cache.compile(r"\b[A-Za-z][\w]*[-_./:][\w\-./:]*\w\b")),
)
TEMPORAL = frozenset({"date", "weekday", "clock", "zh-clock"})
CLOCKS = frozenset({"clock", "zh-clock"})


@functools.lru_cache(maxsize=8192)
def shape(value: str) -> frozenset[str]:
    # Cached: every statement is scored against the same recent items, each time by shape.
    shapes = {name for name, pattern in _SHAPES if pattern.search(value)}
    if not shapes and re.fullmatch(r"\s*[$€£¥]?\d[\d,.]*\s*[a-z%]*\s*", value, re.IGNORECASE):
        shapes.add("number")
    identifiers = re.findall(r"\b([a-z][a-z0-9]+)[-_.]", value.lower())
    shapes.update("prefix:" + word for word in identifiers)  # orchard-api and orchard-backend
    # A numbered or lettered thing of one kind: "3 号馆" and "5 号馆", "Hall B" and "Hall C", "Gate 12" and "Gate 4".
    if counted := _NUMBERED_AFTER.search(value):
        shapes.add("numbered:" + counted.group(1).lower())
    if labelled := _NUMBERED_BEFORE.search(value):
        shapes.add("numbered:" + labelled.group(1).lower())
    return frozenset(shapes)


def typed_shape(value: str) -> frozenset[str]:
    """The shapes that say what kind of value it is (a date, a clock time, a numbered hall, an identifier's
    family), not how its figure is written (a decimal reads like a version number)."""
    return frozenset(
        shape for shape in shape(value) if shape in TEMPORAL or shape == "region" or shape.startswith(("numbered:", "prefix:"))
    )


_NUMBERED_AFTER = regex_cache.compile(r"\d\s*([\u3400-\u9fff]{1,3})\s*$")
_NUMBERED_BEFORE = regex_cache.compile(r"\b([A-Za-z]{3,})\s+(?:[A-Z]|\d{1,4})\s*$")


@functools.lru_cache(maxsize=8192)
def value_type(value: str) -> str:
    """ "time" (a date, weekday or clock time), "measure" (a figure with a unit that measures), "count" (a
    figure of things: "two vans", 一共4个), "code" (one token of letters and digits: "A2611-0392"), "name"
    (capitalized words, no figure), or "" when the value says no type."""
    shapes = shape(value)
    if shapes & TEMPORAL:
        return "time"
    if any(measure_unit(unit) for unit in _MEASURED.findall(value)):
        return "measure"
    if _COUNT_EN.match(value.strip()) or _COUNT_ZH.search(value):
        return "count"
    if _CODE.fullmatch(value.strip()) and "version" not in shapes:
        return "code"
    if not re.search(r"\d", value) and re.search(r"(?<![\w'])[A-Z]", value):
        return "name"
    if _NUMBERED_NAME.fullmatch(value.strip()):
        return "name"  # "4B", "12C": a ward, a flat, a seat
    return ""


def value_kind(value: str, figure: bool) -> str:
    """What a value is a value of, to tell one attribute of a subject from another: "clock" (a time of day
    alone), "day" (a date or weekday alone), "time" (both), "amount" (a figure kept as a number, or a fact
    that measures or counts), "code", "name", or "" when its words do not say."""
    kind = value_type(value)
    if kind == "time":
        shapes = shape(value)
        clock, day = bool(shapes & CLOCKS), bool(shapes & (TEMPORAL - CLOCKS))
        return "time" if clock == day else "clock" if clock else "day"
    if figure or kind in ("measure", "count"):
        return "amount"
    return kind


def other_kinds(old: str, new: str) -> bool:
    """Two value kinds of value_kind that are values of different attributes: a time of day is no new
    date ("07:00" and "Sunday"), while a date with its time may replace either."""
    if not (old and new) or old == new:
        return False
    return {old, new} not in ({"time", "clock"}, {"time", "day"})


_COUNT_EN = regex_cache.compile(en_shapes.COUNT)
_COUNT_ZH = regex_cache.compile(zh_shapes.COUNT)
# One token of letters and digits, as an order, ticket or account number is written ("A2611-0392", "INV-77").
_CODE = regex_cache.compile(r"(?=[\w\-/.#]*\d)(?=[\w\-/.#]*[A-Za-z])[A-Za-z0-9][\w\-/.#]{3,}")
_MEASURED = regex_cache.compile(r"\d\s?([A-Za-z%°$€£¥/]+|[\u3400-\u9fff]{1,2})")
_NUMBERED_NAME = regex_cache.compile(r"\d{1,4}[A-FH-JLN-SUX-Z]")


@functools.lru_cache(maxsize=4096)
def clock_minutes(value: str) -> int | None:
    """The minute of the day of the one clock time a value holds ("1:30pm" 810, "01:15 UTC" 75, 下午三点半 930,
    凌晨2点 120); None without one. Two times an update could replace are told apart by how near each is."""
    latin = list(_CLOCK.finditer(value))
    chinese = list(zh_shapes.CLOCK.finditer(value))
    if len(latin) + len(chinese) != 1:
        return None
    if latin:
        # The shape's own pattern found it ("1:30pm", "2 p.m", "00:45"); its parts are read from what it matched.
        clock = latin[0].group().lower()
        hour_text, _, minute_text = clock.rstrip("apm. ").partition(":")
        hour, minute = int(hour_text), int(minute_text) if minute_text else 0
        if "a" in clock or "p" in clock:
            hour = hour % 12 + (12 if "p" in clock else 0)
    else:
        match = chinese[0]
        hour_text, _, rest = match.group().partition("点")
        said_hour, said_minute = _zh_number(hour_text), 30 if rest == "半" else _zh_number(rest.rstrip("分")) if rest else 0
        if said_hour is None or said_minute is None:
            return None
        hour, minute = said_hour, said_minute
        if value[max(0, match.start() - 2) : match.start()] in zh_shapes.LATER_DAY_PARTS and hour < 12:
            hour += 12  # 下午三点 is 15:00
    return hour * 60 + minute if hour < 24 and minute < 60 else None


def _zh_number(text: str) -> int | None:
    """0 to 59 written in digits or Chinese numerals (十五, 二十三, 两)."""
    if text.isdigit():
        return int(text)
    digits = {char: index for index, char in enumerate("零一二三四五六七八九")} | {"两": 2}
    if "十" in text:
        tens, _, ones = text.partition("十")
        value = (digits.get(tens, -100) if tens else 1) * 10 + (digits.get(ones, -100) if ones else 0)
    else:
        value = digits.get(text, -1) if len(text) == 1 else -1
    return value if value >= 0 else None


def is_money(value: str) -> bool:
    """A value that is an amount of money: a currency sign before its figure, or a currency word after it (280元)."""
    return bool(_MONEY.search(value))


_MONEY = regex_cache.compile(r"[$€£¥]\s?\d|\d\s?(?:元|块|美元|欧元|英镑)")


def is_year(value: str) -> bool:
    """A four-figure year ("2024"): part of a date or the name of which ones ("the 2019 reports"), no amount."""
    return bool(_YEAR.fullmatch(value))


_YEAR = regex_cache.compile(r"(?:19|20)\d\d")
