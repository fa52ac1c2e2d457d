"""Values compared as text: the same value said again, an old value a statement names, a value put in
place of another in a sentence. Shared by the subject match (subjects.py) and what replacing a value
restates (replacement.py)."""

import re

from services.memory import regex_cache
from services.memory.domain.numerals import spelled_value
from services.memory.domain.text import cjk_runs
from services.memory.domain.value_parts import date_of_day


def normalized(value: str) -> str:
    return " ".join(value.lower().split()).strip(" .,;:!?。，；：！？\"'`()（）")


def is_name(text: str) -> bool:
    """A person's or place's name as typed ("Lena", "Dr. Okafor"), not a word or an acronym ("ci", "CI")."""
    return bool(re.fullmatch(r"(?:[A-Z][a-z][\w'.\-]*)(?:\s+[A-Z][a-z][\w'.\-]*)*", text.strip()))


def restates(new: str, old: str) -> bool:
    """The new value says the old one again, maybe less fully: "friday" for "Friday 15 May",
    "Harbour Room" for "the Harbour Room, 2nd floor". Such a statement confirms; it replaces nothing."""
    new_norm, old_norm = normalized(new), normalized(old)
    return bool(new_norm) and (new_norm == old_norm or (len(new_norm) < len(old_norm) and names(new, old)))


def names(old: str, value: str) -> bool:
    """The named old value is this item's value: equal, one holding the other as whole words,
    or one cut at a separator of the other ("db-stg-2" for "db-stg-2.internal")."""
    old, value = normalized(old), normalized(value)
    if not old or not value:
        return False
    if old == value or date_of_day(old, value) or _same_figure(old, value):
        return True
    short, long = sorted((old, value), key=len)
    if cjk_runs(short):
        return len(short) >= 2 and short in long
    # "Tuesday" names "Tuesdays and Fridays": a plural is the same value.
    # A clock time or a ratio is one value: "30" is no part of "7:30". A figure keeps a word joined to it
    # by a hyphen ("3:30" of "sub-3:30"), not a figure's ("3" of "2-3").
    before = r"(?<![\w.:/])(?<!\d-)" if short[:1].isdigit() else r"(?<![\w\-.:/])"
    return bool(re.search(before + re.escape(short) + r"(?:e?s)?(?![\w\-]|[:/]\d)", long)) and len(short) >= 2


def _same_figure(a: str, b: str) -> bool:
    """ "three" and "3": one figure, spelled once and once in digits."""
    spelled_a, spelled_b = spelled_value(a), spelled_value(b)
    if (spelled_a is None) == (spelled_b is None):
        return False
    spelled, other = (spelled_a, b) if spelled_a is not None else (spelled_b, a)
    return bool(_BARE_FIGURE.fullmatch(other)) and float(other.replace(",", "")) == spelled


_BARE_FIGURE = regex_cache.compile(r"\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?")


def restated(text: str, old: str, new: str) -> str | None:
    """text with the old value, as a whole word, replaced by the new one; None when it does not hold it."""
    if not old.strip() or normalized(old) == normalized(new):
        return None
    # A figure or a Latin word is whole by ASCII words: Chinese writes it against its words ("最多30个团员" holds 30).
    edge = r"A-Za-z0-9_" if old.strip().isascii() else r"\w"
    pattern = regex_cache.compile(rf"(?<![{edge}.\-])" + re.escape(old.strip()) + rf"(?![{edge}\-]|\.\d)", re.IGNORECASE)
    return pattern.sub(new.strip(), text, count=1) if pattern.search(text) else None


def spelled_as(old: str, text: str) -> str:
    """old as text spells it (its case and spacing: "10 分钟" for "10分钟"; "April 16" for "the 16th"), or old itself."""
    if date := date_of_day(old, text):
        return date.group()
    parts = [re.escape(char) for char in normalized(old) if not char.isspace()]
    match = re.search(r"\s*".join(parts), text, re.IGNORECASE) if parts else None
    return match.group() if match else old
