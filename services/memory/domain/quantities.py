"""Measured quantities the extraction tables did not read: "the click track drops to -20 dB under the
vocals", "the staging cluster gets 3% over 15 minutes", "冷库温度要低于 -18 ℃". A figure whose unit says what it
measures (lang/<lang>/quantities.py and the units of lang/<lang>/shapes.py, or a currency sign) becomes a
number keyed by the words before it in its clause, with the words after it as its condition. A figure
that only qualifies the one before it ("5% over 10 minutes", "30 mL per 19 L") stays in that one's
condition. Figures a candidate of the sentence already holds are left to it: the tables keep the last word.
"""

import re
from functools import cache
from types import ModuleType

from services.memory import regex_cache
from services.memory.domain import extraction_checks as C
from services.memory.domain.model import Candidate, ItemKind, ReadContext
from services.memory.domain.statements import clean_condition, number_candidate
from services.memory.domain.text import normalize_key, strip_ends
from services.memory.domain.units import counted_noun
from services.memory.lang import data
from services.memory.lang.en import shapes as en_shapes
from services.memory.lang.zh import shapes as zh_shapes

MAX_CONDITION_CHARS = 80
# Not inside a Latin token ("v2", "A4"); Chinese writes a figure against the word before it ("工期75天").
_FIGURE = regex_cache.compile(
    # "3A", "12C" name a ward or a seat (grammar.VAL_EN): no figure of anything.
    # "a 45-minute break": a hyphen may join the figure to its unit, never to another figure ("3-5").
    r"(?<![A-Za-z0-9_\-./:#])(?P<cur>[$€£¥])?(?P<value>[-+−]?\d[\d,]*(?:\.\d+)?)(?![\d:/]|-(?![A-Za-z])|\.\d|[A-FH-JLN-SUX-Z]\b)"
    r"(?:-|\s?)(?P<unit>°[CF]|%|％|‰|[A-Za-zµ°][A-Za-zµ°]*(?:/[A-Za-z³²]+)?|[\u4e00-\u9fff]{1,3})?"
)
# Chinese punctuation breaks a clause without a space after it (ASCII "," does not: "1,200").
_CLAUSE_BREAK = regex_cache.compile(
    r"[,，;；:：()（）、。.!?！？]\s|[;；()（）、。！？，：]|\s+(?:and|but|while|whereas|because|so)\s+", re.IGNORECASE
)
_FAMILY_UNITS = frozenset(
    spelling for family in (*en_shapes.UNIT_FAMILIES.values(), *zh_shapes.UNIT_FAMILIES.values()) for spelling in family
)
# Between two figures, only these words: the second qualifies the first ("over 15 minutes", "per 5 L").
_QUALIFYING = regex_cache.compile(
    r"^\s*(?:over|for|per|in|within|at|of|after|every|each|across|by|a|an|the|/|每|在|内|以内)?\s*$", re.IGNORECASE
)
_COMPARATOR = regex_cache.compile(
    r"(?:at least|at most|no more than|no less than|up to|under|over|above|below|less than|more than|"
    r"至少|最多|不超过|不低于|低于|高于|超过)\s*$",
    re.IGNORECASE,
)


def unread_quantities(sentence: str, ctx: ReadContext, found: list[tuple[Candidate, str]]) -> list[tuple[Candidate, str]]:
    """Numbers for the measured figures of sentence that no candidate in `found` holds."""
    if any(candidate.is_correction or candidate.corrects for candidate, _ in found):
        return []  # a correction names the value it replaces: that figure is no new value
    words: ModuleType = data(ctx.grammar, "quantities")
    # A range read as one value ("2 到 4 度") holds both its figures.
    held = (
        {digits(candidate.value) for candidate, _ in found}
        | {
            figure
            for candidate, _ in found
            if candidate.kind is ItemKind.NUMBER
            for figure in _FIGURES_IN.findall(candidate.value.replace(",", ""))
        }
        | {figure for candidate, _ in found for figure in qualifying(candidate.condition, words, ctx.grammar)}
    )
    read: list[tuple[Candidate, str]] = []
    earlier = ""  # the clause before, which names the thing when this one only gives the figure ("..., at -9 dB")
    for clause in _clauses(sentence):
        previous_end = None
        for match in _FIGURE.finditer(clause):
            value, unit = match.group("value").replace("−", "-"), _unit(match, words)
            multiplier = _multiplier(match, words) if ctx.grammar == "zh" else ""
            if multiplier:  # "9.6万" is the value as people say it; what follows it (元) is the unit
                value, unit = value + multiplier, _unit_after(match.group("unit")[len(multiplier) :], words)
            elif (
                ctx.grammar == "en"
                and counted_noun(counted := unit or _word_after(clause, match.end("value")))
                and _TALLIED.search(clause[: match.start()])
            ):
                # "we've had 412 responses so far": a count the speaker reached is a count of what it counts.
                if digits(value) not in held:
                    read.append((number_candidate(normalize_key(counted), value, counted, ["", ""], ctx), "quantity"))
                continue
            elif not unit and ctx.grammar == "zh" and clause[: match.start()].rstrip().endswith(words.MONEY_HEADS):
                pass  # 学费4800, 房租3200: a charge names its currency by being one
            elif not unit or (unit.lower() in words.PREPOSITION_UNITS and re.match(r"\s+[A-Za-z]", clause[match.end() :])):
                continue  # "18 in total" is no length in inches
            if previous_end is not None and _QUALIFYING.match(clause[previous_end : match.start()]):
                continue  # "3% over 15 minutes": the second figure says when the first holds
            previous_end = match.end()
            if digits(value) in held or digits(match.group("value")) in held:
                continue
            before = clause[: match.start()]
            if ctx.grammar == "en" and not ends_its_phrase(clause[match.end() :], words):
                # "a 9.6 kWh battery": the measure of the thing it describes; "two RTX 24GB cards" names no value;
                # in "a $300 pet fee" the word after the figure is no unit: it starts what the figure measures.
                end = match.end("value") if match.group("unit") and match.group("unit") not in unit else match.end()
                if measured := _modified(before, clause[end:], words, money=bool(match.group("cur"))):
                    read.append((number_candidate(measured[0], value, unit, ["", clean_condition(measured[1])], ctx), "quantity"))
                continue
            if told_as_event(before, words, ctx.grammar):
                continue
            key = _key(before, words, ctx.grammar) or _key(earlier, words, ctx.grammar)
            if not key:
                continue
            comparator = _COMPARATOR.search(before)
            condition = clean_condition(_condition(clause[match.end() :]))
            if ctx.grammar == "zh" and (rate := re.search(words.RATE, before)):
                condition = "; ".join(part for part in (rate.group(), condition) if part)
            read.append(
                (
                    number_candidate(
                        key,
                        value,
                        unit,
                        [comparator.group().strip().lower() if comparator else "", condition],
                        ctx,
                    ),
                    "quantity",
                )
            )
        earlier = clause
    return read


def _word_after(clause: str, at: int) -> str:
    """The word after a figure, hyphens kept ("318 sign-ups")."""
    match = _NEXT_WORD.match(clause, at)
    return match.group(1) if match else ""


_NEXT_WORD = regex_cache.compile(r"\s*([A-Za-z]+(?:-[A-Za-z]+)*)")
# A count the speaker reached, said with their own verb: what it counts is its subject.
_TALLIED = regex_cache.compile(
    r"\b(?:we|i)(?:'ve|\s+have)?\s+(?:now\s+)?(?:had|got|gotten|received|collected|sold|booked|registered|recruited|enrolled|signed\s+up)\s+"
    r"(?:about\s+|around\s+|roughly\s+|over\s+|nearly\s+|just\s+)?$",
    re.IGNORECASE,
)
_FIGURES_IN = regex_cache.compile(r"\d+(?:\.\d+)?")


def qualifying(condition: str, words: ModuleType, grammar: str) -> set[str]:
    """Figures of a number's condition that only qualify it ("for 2 minutes", right after the value),
    not those that name a measure of their own ("coverage 85%") or come in a later clause ("..., at -9 dB")."""
    first = _clauses(condition)[:1]
    return {
        digits(match.group("value"))
        for clause in first
        for match in _FIGURE.finditer(clause)
        if not _key(clause[: match.start()], words, grammar)
    }


def digits(value: str) -> str:
    """A figure as compared: no spaces, no thousands separators, no plus sign."""
    return "".join(value.split()).replace(",", "").replace("−", "-").lstrip("+")


def _clauses(sentence: str) -> list[str]:
    parts, last = [], 0
    for brk in _CLAUSE_BREAK.finditer(sentence):
        parts.append(sentence[last : brk.start()])
        last = brk.end()
    parts.append(sentence[last:])
    return [part for part in parts if part.strip()]


@cache
def _longest_first(units: frozenset[str]) -> tuple[str, ...]:
    """A language's units, longest first, so 个小时 is read before 小时; sorted once per language."""
    return tuple(sorted(units, key=lambda unit: (-len(unit), unit)))


def _unit(match: re.Match[str], words: ModuleType) -> str:
    if (match.group("unit") or "").lower() in words.MULTIPLIERS:
        return ""  # "12k", "$3m": the figure is spelled with its multiplier, which the tables read
    if match.group("cur"):
        unit = match.group("unit") or ""
        return match.group("cur") + unit if unit.startswith("/") else match.group("cur")
    unit = match.group("unit") or ""
    if re.match(r"[\u4e00-\u9fff]", unit):
        return next((u for u in _longest_first(words.MEASURE_UNITS) if unit.startswith(u)), "")
    low = unit.lower()
    if low in words.MEASURE_UNITS or low in _FAMILY_UNITS or low.split("/")[0] in words.MEASURE_UNITS:
        return unit
    return ""


def _multiplier(match: re.Match[str], words: ModuleType) -> str:
    unit = match.group("unit") or ""
    multiplier = next((m for m in _longest_first(words.MULTIPLIERS) if unit.startswith(m)), "")
    # 千卡 and 千克 are units, not a thousand of 卡 or 克.
    return "" if multiplier and unit.startswith(words.UNITS_OF_MULTIPLIERS) else multiplier


def _unit_after(rest: str, words: ModuleType) -> str:
    return next((u for u in _longest_first(words.MEASURE_UNITS) if rest.startswith(u)), "")


def ends_its_phrase(after: str, words: ModuleType) -> bool:
    """The figure ends its phrase: punctuation, the end, or a word that may follow a value."""
    follower = re.match(r"\s*([A-Za-z]+\.?)", after)
    return follower is None or follower.group(1).lower() in words.FOLLOWERS


def told_as_event(before: str, words: ModuleType, grammar: str) -> bool:
    """The figure is what a one-off event took ("the build took 30s") or what a screen shows ("the dashboard
    shows the job as running for 9 hours"), not a value something has."""
    if grammar == "zh":
        return before.rstrip().endswith(words.EVENT_VERBS) or any(word in before for word in words.OBSERVED)
    said = [word.lower() for word in re.findall(r"[A-Za-z]+", before)]
    return bool(said) and (said[-1] in words.EVENT_VERBS or not words.OBSERVED.isdisjoint(said))


def _modified(before: str, after: str, words: ModuleType, money: bool = False) -> tuple[str, str] | None:
    """(key, condition) of a figure used as a modifier, after a determiner or opening its clause, before the thing it measures
    ("a 5 kW export limit on the roof" -> "export limit", "on the roof"); None when it is not one."""
    said = before.split()
    # One word may stand between them: "a one-time $3,500 community fee", "an extra $20 fee"; a clause
    # may open with an amount of money: "$75 change fee, he's grumbling" (not "12 people signed up").
    if not (money and not said) and not any(word.lower() in words.MODIFIED_AFTER for word in said[-2:]):
        return None
    head = re.match(r"\s+(?!(?:a|an|per|each|every)\b)((?:[A-Za-z][\w\-&]*\s*){1,3})", after, re.IGNORECASE)
    if head is None:
        return None
    nouns: list[str] = []
    for token in head.group(1).split():
        if token.lower() in words.PHRASE_END:
            break
        nouns.append(token)
    if not nouns or not any(len(token) > 2 for token in nouns):
        return None
    rest = after[after.find(nouns[-1]) + len(nouns[-1]) :]
    return normalize_key(" ".join(nouns)), _condition(rest)


def _key(before: str, words: ModuleType, grammar: str) -> str:
    """The thing a figure belongs to: the words before it in its clause, after any label, without the
    verb or preposition that leads to the figure."""
    before = re.split(r"[:：]", before)[-1]
    before = _FIGURE.sub(" ", before)
    if grammar == "zh":
        key = strip_ends(re.sub(words.RATE, "", re.sub(r"\s+", "", before)), words.KEY_TAIL)
        if key.startswith(words.OTHER_PARTY) or C.said_when(key, grammar):
            return ""
        # The last characters, never half a Latin word: "隔壁GopherChina的茶歇是人均" keeps "GopherChina".
        return C.store_key(_whole_words_tail(key, words.MAX_KEY_CHARS), "zh") if re.search(r"[\u4e00-\u9fff]{2}", key) else ""
    tokens = re.findall(r"[\w'’\-]+", before)
    while tokens and tokens[-1].lower() in words.KEY_TAIL:
        tokens.pop()
    tokens = tokens[-words.MAX_KEY_WORDS :]
    while tokens and tokens[0].lower() in words.KEY_HEAD:
        tokens.pop(0)
    if tokens and tokens[0].lower() in words.OTHER_PARTY:
        return ""  # someone else's figure
    if tokens and tokens[0].lower().replace("’", "'") in words.SPEAKERS:
        return ""  # a clause about what we do, not a thing that has the figure
    if not any(token.isalpha() and len(token) > 2 for token in tokens):
        return ""
    return normalize_key(" ".join(tokens))


def _whole_words_tail(text: str, chars: int) -> str:
    """The last `chars` characters of text, extended left to the start of a Latin word they cut."""
    start = max(0, len(text) - chars)
    while (
        0 < start < len(text)
        and text[start - 1].isascii()
        and text[start - 1].isalnum()
        and text[start].isascii()
        and text[start].isalnum()
    ):
        start -= 1
    return text[start:]


def _condition(after: str) -> str:
    text = after.strip()
    return text[:MAX_CONDITION_CHARS].rsplit(" ", 1)[0] if len(text) > MAX_CONDITION_CHARS else text
