"""A new value set against the old one it replaces, whatever else the sentence says.

"Their offer on the Civic is $5,200, not $6,200", "the visit is on the 21st, not the 14th", 不是 9600，
是 19200: the sentence names both values, so which stored value goes is known from the old one (the
planner finds the item holding it, subjects.best_target's named_old), and the subject need not be
parsed at all. Only values of one shape are contrasted, two figures or two dates: "Lisbon, not
because of the weather" contrasts nothing. Each language's patterns are data in
services/memory/lang/<lang>/contrast.py.
"""

import re
from dataclasses import dataclass, replace
from functools import cache

from services.memory import regex_cache
from services.memory.domain import extraction_checks as C
from services.memory.domain.model import VALUE_KINDS, Candidate, ItemKind
from services.memory.domain.statements import MAX_KEY_WORDS
from services.memory.domain.text import strip_openers
from services.memory.lang import data

_DIGIT = regex_cache.compile(r"\d")
_FIGURE_PARTS = regex_cache.compile(r"^(?P<number>(?:US\$|[$€£¥￥])?\s?[-−]?[\d.,]+(?::\d{2})?\s?(?:[kKmM]\b|bn\b)?)\s*(?P<unit>.*)$")
_ORDINAL = regex_cache.compile(r"\d(?:st|nd|rd|th)\b", re.IGNORECASE)
_LEADING_THE = regex_cache.compile(r"^the\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Contrast:
    new: str  # as typed: "$5,200", "the 21st", "19200"
    old: str
    clause: str  # the clause that states the new value, up to it: "their offer on the Civic is $5,200"
    subject: str  # what the clause names before its verb: "their offer on the Civic"; "" when nothing


@dataclass(frozen=True)
class _Patterns:
    needles: tuple[str, ...]
    orders: tuple[re.Pattern[str], ...]
    clause_break: re.Pattern[str]
    subject_end: re.Pattern[str]


@cache
def _patterns(lang: str) -> _Patterns:
    words = data(lang, "contrast")
    value = f"(?:{words.FIGURE}|{words.DATE})"
    flags = re.IGNORECASE
    return _Patterns(
        needles=words.NEEDLES,
        # The form that needs both of its words first: "不是 A，是 B" before "A，不是 B".
        orders=(
            # "{value}" is replaced, not formatted: the patterns' own quantifiers use braces too.
            regex_cache.compile(words.NOT_OLD_NEW.replace("{value}", value), flags),
            regex_cache.compile(words.FROM_TO.replace("{value}", value), flags),
            regex_cache.compile(words.NEW_NOT_OLD.replace("{value}", value), flags),
        ),
        clause_break=regex_cache.compile(words.CLAUSE_BREAK),
        subject_end=regex_cache.compile(words.SUBJECT_END, flags),
    )


def contrast(sentence: str, lang: str) -> Contrast | None:
    """The sentence's new value and the old one it is set against, when both have one shape."""
    grammar = "zh" if lang == "zh" else "en"
    patterns = _patterns(grammar)
    lowered = sentence.lower()
    if not any(needle in lowered for needle in patterns.needles):
        return None
    for pattern in patterns.orders:
        for match in pattern.finditer(sentence):
            new, old = match.group("new").strip(), match.group("old").strip()
            if bool(_DIGIT.search(new)) != bool(_DIGIT.search(old)) or new.lower() == old.lower():
                continue  # "the 3rd, not Friday" may be both; "$40, not the cheap one" is not a contrast of values
            first = min(match.start("new"), match.start("old"))
            start = max((b.end() for b in patterns.clause_break.finditer(sentence, 0, first)), default=0)
            verb = patterns.subject_end.search(sentence, start, first)
            subject = sentence[start : verb.start()].strip() if verb else ""
            return Contrast(new=new, old=old, clause=sentence[start : match.end("new")].strip(), subject=subject)
    return None


def contrasted(
    found: Contrast, read: list[tuple[Candidate, str]], clause_read: list[tuple[Candidate, str]], sentence: str, lang: str
) -> list[tuple[Candidate, str]]:
    """read with the contrast as the sentence's correction. A correction the grammar already read
    (the new value, the old one named) stands; otherwise the sentence's or the clause's own reading
    of the new value (its key, unit and condition) becomes one, or else the new value alone does.
    Other readings of either value are dropped: they would store the contrast twice."""
    new_digits, old_digits = _digits(found.new), _digits(found.old)

    def states_new(c: Candidate) -> bool:
        # "rehearsal moves from Wednesday to Monday" as a value still says the old one too.
        return c.kind in VALUE_KINDS and _holds(c, found.new, new_digits) and not _mentions(c, found.old, old_digits)

    if any(c.corrects and states_new(c) for c, _ in read):
        return read
    keyed = next((c for c, _ in [*read, *clause_read] if c.key and states_new(c)), None)
    candidate = keyed if keyed is not None else _bare(found.new, sentence, lang)
    if not candidate.key and found.subject:
        grammar = "zh" if lang == "zh" else "en"
        subject = strip_openers(found.subject, grammar)
        if C.good_key(subject, grammar, MAX_KEY_WORDS):
            candidate = replace(candidate, key=C.store_key(subject, grammar))
    candidate = replace(
        candidate, text=sentence, is_correction=True, corrects=found.old, condition=_without(candidate.condition, found.old)
    )
    kept = [
        (c, row)
        for c, row in read
        if c.kind not in VALUE_KINDS or not (c.corrects or _mentions(c, found.new, new_digits) or _mentions(c, found.old, old_digits))
    ]
    return [(candidate, "contrast"), *kept]


def _bare(new: str, sentence: str, lang: str) -> Candidate:
    """The new value without a key: the planner takes the key of the item whose value is the old one."""
    parts = _FIGURE_PARTS.match(new) if _DIGIT.search(new) and not _ORDINAL.search(new) and ":" not in new else None
    if parts is None:  # a date, a day or a time of day: "the 21st" is stored as "21st"
        return Candidate(kind=ItemKind.FACT, key="", value=_LEADING_THE.sub("", new), text=sentence, lang=lang)
    number = parts.group("number").strip()
    sign = number[0] if number[0] in "$€£¥￥" else ""
    return Candidate(
        kind=ItemKind.NUMBER,
        key="",
        value=number.lstrip("$€£¥￥ ").replace("US", ""),
        unit=(sign or parts.group("unit")).strip(),
        text=sentence,
        lang=lang,
    )


def _digits(value: str) -> str:
    return "".join(char for char in value if char.isdigit())


def _holds(candidate: Candidate, value: str, digits: str) -> bool:
    """The candidate states this value: the same figure (a day of the month as one: "21st", not "21"
    in "st"), or the same words."""
    if digits:
        ordinal = _ORDINAL.search(value)
        return _digits(candidate.value) == digits and (ordinal is None or ordinal.group(0).lower() in candidate.value.lower())
    return value.lower() in candidate.value.lower() or candidate.value.lower() in value.lower()


def _mentions(candidate: Candidate, value: str, digits: str) -> bool:
    """The candidate holds this value, alone or within more words ("the 16th, not the 9th, so ...")."""
    return _holds(candidate, value, digits) or _LEADING_THE.sub("", value).lower() in candidate.value.lower()


def _without(condition: str, old: str) -> str:
    """The condition without the part that only names the old value ("not $6,200; on the civic")."""
    return "; ".join(part for part in condition.split("; ") if old.lower() not in part.lower())
