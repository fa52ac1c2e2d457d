"""The parts of a stated value that tell it from others: the tokens that name it (a number, an identifier,
a name: what a later message repeats when it means this value) and what it is counted per ("£9.40 a
kilo": a price per kilo is never replaced by a flat price), and the date a day said alone names ("the
16th" of "April 16"). Read by subjects.py and the ingest planner."""

import functools
import re

from services.memory import regex_cache
from services.memory.domain.text import cjk_runs
from services.memory.lang import LANGUAGES, data
from services.memory.lang.en import shapes as en_shapes
from services.memory.lang.en.shapes import ORDINARY_CAPITALS as _ORDINARY_CAPITALS
from services.memory.lang.en.terms import STOP_WORDS as _STOP_WORDS

_TOKEN = regex_cache.compile(r"[A-Za-z0-9][\w\-./:@]*[A-Za-z0-9]|\d|[\u3400-\u9fff]+")
_SENTENCE_START = regex_cache.compile(r"(?:^|(?<=[.!?:;]\s))\s*(?=[A-Z])")
MAX_NAME_WORDS = 3
MAX_PHRASE_WORDS = 8  # a value of more words reads as a sentence, whatever its first word


@functools.lru_cache(maxsize=8192)
def distinctive_tokens(value: str) -> tuple[str, ...]:
    """Parts of a value that name it rather than describe it: numbers with two or more digits,
    identifiers (eu-west-1, orchard-api, 3x), capitalized names, a short Chinese value."""
    tokens = []
    runs = cjk_runs(value)
    if runs and len(value.strip()) <= 8:
        tokens += [run for run in runs if len(run) >= 2]
    elif runs and re.search(r"[A-Za-z]{3}", value):
        tokens += [run for run in runs if 2 <= len(run) <= 8]  # a Chinese name in English words: "半山堂 on the river"
    # In a value that is a whole sentence, the first word of each sentence is capitalized by its place, not as a name.
    positional = {match.start() for match in _SENTENCE_START.finditer(value)} if _reads_as_sentence(value) else set()
    for match in _TOKEN.finditer(value):
        token = match.group()
        if cjk_runs(token):
            continue
        digits = sum(char.isdigit() for char in token)
        if (
            digits >= 2
            or (digits and len(token) >= 2)
            or re.search(r"[-_./:]", token)
            or (token[:1].isupper() and len(token) >= 3 and token.lower() not in _ORDINARY_CAPITALS and match.start() not in positional)
        ):
            tokens.append(token)
    return tuple(tokens)


def _reads_as_sentence(value: str) -> bool:
    """A value written as a sentence, whose first word is capitalised by its place: longer than a name and
    opening on a word of grammar ("We keep ...") or ended as a sentence; "Bellhouse on the river" is a name's phrase."""
    words = value.split()
    if len(words) <= MAX_NAME_WORDS:
        return False
    return len(words) > MAX_PHRASE_WORDS or value.rstrip()[-1:] in ".!?" or words[0].lower().strip(",;:") in _STOP_WORDS


@functools.lru_cache(maxsize=4096)
def counted_per(text: str, value: str) -> str:
    """What the value is counted per where text states it ("£9.40 a kilo" -> "kilo"), lowercased; "" when it is not."""
    at = text.find(value)
    if not value or at < 0 or not any(char.isnumeric() for char in value):
        return ""  # only a figure is counted per something: "Tomasz for a dentist appointment" names no rate
    for lang in LANGUAGES:
        after, before = _per_patterns(lang)
        found = after.match(text, at + len(value)) or before.search(text[:at])
        if found:
            return found.group("per").lower().removesuffix("s")
    return ""


@functools.cache
def _per_patterns(lang: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    shapes = data(lang, "shapes")
    return regex_cache.compile(shapes.RATE_AFTER, re.IGNORECASE), regex_cache.compile(shapes.RATE_BEFORE, re.IGNORECASE)


def day_alone(value: str) -> str:
    """The day's number of a day of the month said alone ("the 16th" -> "16"), else ""."""
    alone = _DAY_ALONE.match(value.strip())
    return alone.group("day") if alone else ""


def date_of_day(day: str, text: str) -> re.Match[str] | None:
    """The date of text that a day said alone names: "the 16th" names "April 16"."""
    number = day_alone(day)
    return _dates_of(number).search(text) if number else None


@functools.cache
def _dates_of(day: str) -> re.Pattern[str]:
    return regex_cache.compile(en_shapes.DAY_IN_DATE.format(day=day), re.IGNORECASE)


_DAY_ALONE = regex_cache.compile(en_shapes.DAY_ALONE, re.IGNORECASE)
