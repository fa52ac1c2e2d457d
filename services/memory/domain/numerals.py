"""Figures spelled as words, read as figures where they are values.

"Bumped it to twenty", "we're down to seven", "four years of field work, not two": every reader of a
value (the statement tables, changes, contrasts) reads figures written in digits. Rather than teach
each of them the words, a sentence is read with its spelled figures written as digits
(`figured`), and what was read from it gets the user's words back (`restored`): the stored value is
"six", as typed, and the figure it stands for is still known (`spelled_value`). Only a figure in a
value's place is rewritten (the language's numerals module says where); "one of us", "two weeks ago"
and "half past five" stay prose.
"""

import re
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from services.memory import regex_cache
from services.memory.domain.model import Candidate
from services.memory.lang import data

_DIGITS = regex_cache.compile(r"\d")


@dataclass(frozen=True)
class Figured:
    """A sentence with its spelled figures in digits, and what each digit string stood for."""

    original: str
    text: str
    spelled: tuple[tuple[str, str], ...] = ()  # (digits, words as typed), in sentence order

    @property
    def changed(self) -> bool:
        return bool(self.spelled)


@dataclass(frozen=True)
class _Grammar:
    values: dict[str, int]  # each spelled figure, lowercased, single-spaced
    cardinal: re.Pattern[str]
    before: re.Pattern[str]
    after: re.Pattern[str]
    counted: re.Pattern[str]
    contrasted: re.Pattern[str]
    not_before: re.Pattern[str]
    not_after: re.Pattern[str]


@cache
def _grammar(lang: str) -> _Grammar:
    words = data(lang, "numerals")
    values: dict[str, int] = {**words.SMALL, **words.TENS, **words.PHRASES}
    for tens, ten_value in words.TENS.items():
        for digit, digit_value in words.DIGIT_WORDS.items():
            values[f"{tens}-{digit}"] = values[f"{tens} {digit}"] = ten_value + digit_value
    for scale, scale_value in words.SCALES.items():
        for figure, figure_value in [("a", 1), *words.SMALL.items(), *words.TENS.items()]:
            values[f"{figure} {scale}"] = figure_value * scale_value
    alternation = "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in sorted(values, key=lambda w: (-len(w), w)))
    flags = re.IGNORECASE
    return _Grammar(
        values=values,
        cardinal=regex_cache.compile(rf"(?<![\w\-'])(?:{alternation})(?![\w\-])", flags),
        before=regex_cache.compile(words.BEFORE, flags),
        after=regex_cache.compile(words.AFTER, flags),
        counted=regex_cache.compile(words.COUNTED, flags),
        contrasted=regex_cache.compile(words.CONTRASTED, flags),
        not_before=regex_cache.compile(words.NOT_BEFORE, flags),
        not_after=regex_cache.compile(words.NOT_AFTER, flags),
    )


def _value_of(words: str, grammar: _Grammar) -> int | None:
    return grammar.values.get(re.sub(r"\s+", " ", words.lower()))


@lru_cache(maxsize=8192)
def figured(sentence: str, lang: str) -> Figured:
    """The sentence with each spelled figure in a value's place written in digits."""
    found = _spelled_en(sentence) if lang == "en" else _spelled_zh(sentence) if lang == "zh" else []
    if not found:
        return Figured(sentence, sentence)
    spelled = tuple((str(value), match.group(0)) for match, value in found)
    # A digit string the user also typed as digits could not be told back apart: leave the sentence as it is.
    typed = set(re.findall(r"(?<![\d.,])\d+(?![\d.,]\d)", sentence))
    if any(digits in typed for digits, _ in spelled):
        return Figured(sentence, sentence)
    parts: list[str] = []
    end = 0
    for match, value in found:
        parts += [sentence[end : match.start()], str(value)]
        end = match.end()
    return Figured(sentence, "".join([*parts, sentence[end:]]), spelled)


def _spelled_en(sentence: str) -> list[tuple[re.Match[str], int]]:
    """Each English figure spelled in words in a value's place, with the figure it states."""
    grammar = _grammar("en")
    found = []
    for match in grammar.cardinal.finditer(sentence):
        head, tail = sentence[: match.start()], sentence[match.end() :]
        if grammar.not_before.search(head) or grammar.not_after.match(tail):
            continue
        if not (
            grammar.contrasted.match(tail) or (grammar.before.search(head) and (grammar.counted.match(tail) or grammar.after.match(tail)))
        ):
            continue
        value = _value_of(match.group(0), grammar)
        if value is not None:
            found.append((match, value))
    return found


def _spelled_zh(sentence: str) -> list[tuple[re.Match[str], int]]:
    """Each Chinese figure in characters before what it counts, after a word that asks for a value (六个人)."""
    words = data("zh", "numerals")
    found = []
    for match in _zh_pattern().finditer(sentence):
        chars = match.group(0)
        head = sentence[: match.start()]
        if re.search(words.NOT_BEFORE, head) or re.match(words.NOT_AFTER, sentence[match.end() :]):
            continue
        if not re.search(words.VALUE_BEFORE, head) or (chars == "一" and not re.search(words.LONE_ONE_BEFORE, head)):
            continue
        value = _zh_value(chars)
        if value is not None:
            found.append((match, value))
    return found


@cache
def _zh_chars() -> str:
    """The characters that write a Chinese figure, for a regex character class."""
    words = data("zh", "numerals")
    return "".join([*words.DIGITS, *words.SCALES, *words.MYRIAD])


@cache
def _zh_pattern() -> re.Pattern[str]:
    chars = _zh_chars()
    return regex_cache.compile(rf"(?<![{chars}])[{chars}]+(?=(?:{data('zh', 'numerals').MEASURE_WORDS}))")


@cache
def _zh_figure_only() -> re.Pattern[str]:
    return regex_cache.compile(f"[{_zh_chars()}]+")


def _zh_value(chars: str) -> int | None:
    """The figure characters write: 八 8, 十二 12, 二十五 25, 一百二十 120, 两千 2000, 三万二千 32000; None for a
    run that is no well-formed figure (三四, "three or four")."""
    words = data("zh", "numerals")
    total, section, digit = 0, 0, None
    for char in chars:
        if char in words.DIGITS and not words.DIGITS[char]:
            continue  # 零 marks a gap: 一百零五 is 105
        if char in words.DIGITS:
            if digit is not None:
                return None
            digit = words.DIGITS[char]
        elif char in words.SCALES:
            section += (1 if digit is None else digit) * words.SCALES[char]
            digit = None
        else:  # 万 groups what comes before it
            total += (section + (digit or 0)) * words.MYRIAD[char]
            section, digit = 0, None
    return total + section + (digit or 0)


def spelled_value(text: str, lang: str = "en") -> float | None:
    """The figure a value spelled in words states ("six", "twenty-five", "a dozen", 二十五); None otherwise."""
    if _DIGITS.search(text):
        return None
    if _zh_figure_only().fullmatch(text.strip()):
        value = _zh_value(text.strip())
        return float(value) if value is not None else None
    if lang != "en":
        return None
    grammar = _grammar(lang)
    match = grammar.cardinal.search(text)
    value = _value_of(match.group(0), grammar) if match else None
    return float(value) if value is not None else None


def restored(candidate: Candidate, readings: tuple[Figured, ...]) -> Candidate:
    """The candidate with the user's words back where a figured sentence's digits stood."""
    used = [reading for reading in readings if reading.text in candidate.text or (candidate.text and candidate.text in reading.text)]
    if not used:
        return candidate
    spelled = [pair for reading in used for pair in reading.spelled]
    text = candidate.text
    for reading in used:
        text = text.replace(reading.text, reading.original)
    if text == candidate.text:  # a clause of the sentence, not the whole of it
        text = _words_back(text, spelled)
    return replace(
        candidate,
        text=text,
        key=_words_back(candidate.key, spelled),
        value=_words_back(candidate.value, spelled),
        condition=_words_back(candidate.condition, spelled),
        corrects=_words_back(candidate.corrects, spelled),
        about=_words_back(candidate.about, spelled),
        takes_back=_words_back(candidate.takes_back, spelled),
    )


def _words_back(field: str, spelled: list[tuple[str, str]]) -> str:
    if not field or not _DIGITS.search(field):
        return field
    for digits, words in spelled:
        field = re.sub(rf"(?<![\d.,]){digits}(?![\d]|[.,]\d)", words, field, count=1)
    return field
