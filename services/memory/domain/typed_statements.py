"""Values said with the verb of what happens, not with "is": "Clydeway can do Saturday 14 June", "Julia's
monitoring visit is booked for 9 July", "Booked a Virgin Media engineer for Thursday 19 June", "let's go
with them at £1,340", 王老板说那批白茶 9 月 3 号到.

A typed value (typed_values.py: a date, a weekday, a clock time, an amount of money) that no candidate
of the sentence holds becomes a fact, or a number for money, keyed by what its clause is about: the
clause's subject, or, when the speaker is the subject, what the speaker acted on ("booked a Virgin Media
engineer"); a pronoun ("they've offered ...") stands for the subject of the clause before it. A clause
about nothing nameable gives nothing. Which words end a subject is each language's data
(lang/<lang>/subjects.py).
"""

import re
from dataclasses import replace
from functools import cache, lru_cache
from types import ModuleType

from services.memory import regex_cache
from services.memory.domain import discourse, frames
from services.memory.domain import extraction_checks as C
from services.memory.domain.model import VALUE_KINDS, Candidate, ItemKind, ReadContext, TaskField
from services.memory.domain.statements import MAX_KEY_WORDS, MAX_PER_SENTENCE, number_candidate
from services.memory.domain.text import is_hedged, is_question, strip_ends
from services.memory.domain.typed_values import typed_values
from services.memory.domain.value_shapes import value_type
from services.memory.lang import data
from services.memory.lang.zh import shapes as zh_shapes

MAX_VALUES = 2  # a sentence listing more dates is an itinerary, better kept whole as evidence
Read = tuple[tuple[Candidate, str], ...]
# Between two values of one statement: "Friday 13 June at 11:00", "7 月 18 号早上 8:05".
_JOINED = regex_cache.compile(r"^\s*(?:,?\s*(?:at|from|by|on|around|between|-|–|to)?\s*|[^\s，,。；;]{0,2})$", re.IGNORECASE)
_CLAUSE_BREAK = regex_cache.compile(r"[,;:，；：。]|\s[-–—]\s|\s(?:so|and|but|because|since|then|though|while)\s", re.IGNORECASE)
_WORD = regex_cache.compile(r"[A-Za-z][\w'\-&.]*")
_CURRENCY = regex_cache.compile(r"^(?P<cur>[$€£¥])\s?(?P<figure>\d[\d,]*(?:\.\d+)?)\s*(?P<mult>[kKmM])?$")


def with_typed_values(sentence: str, clean: str, lang: str, read: Read) -> Read:
    """A sentence's candidates (read) with the dates, times and amounts of a plain statement that nothing read."""
    if not _spans(clean, "zh" if lang == "zh" else "en"):
        return read  # most sentences state no date, time or amount: one cached scan
    if len(read) >= MAX_PER_SENTENCE or any(
        # An answer relayed ("Sunita says the licences run out August 14") also states what it answers with.
        c.kind is ItemKind.RULE or (c.kind is ItemKind.TASK and c.task_field is not TaskField.PROGRESS and not c.resolves)
        for c, _ in read
    ):
        return read
    if is_question(clean, lang) or is_hedged(clean, lang) or frames.frame(clean, lang):
        return read
    relay = discourse.relayed(clean, lang)
    # A value read by its cue alone holds it only until a subject takes it: a keyed reading says which.
    keyless = [c for c, _ in read if c.kind in VALUE_KINDS and not c.key and c.cued]
    held = tuple(v for c, _ in read if c not in keyless and c.kind is not ItemKind.TASK for v in (c.value, c.condition) if v)
    found = typed_statements(relay[1] if relay else clean, ReadContext(sentence, lang, lang), held, relay[0] if relay else "")
    # "3:35 instead of sub-3:30": the value a correction names as the old one is no statement of its own.
    replaced = [c.corrects.lower() for c, _ in read if c.corrects]
    # A value inside another reading's key is part of that subject ("the Friday order goes up to 120").
    subjects = [c.key.lower() for c, _ in read if c.kind in VALUE_KINDS and c.key]
    found = [(c, row) for c, row in found if not any(c.value.lower() in text for text in (*replaced, *subjects))]
    taken = []
    for index, (candidate, row) in enumerate(found):
        if update := next((c for c in keyless if same_value(c.value, candidate.value)), None):
            found[index] = (replace(candidate, is_correction=True, cued=True), row)
            taken.append(update)
    kept = tuple((c, row) for c, row in read if c not in taken)
    return (*kept, *found[: MAX_PER_SENTENCE - len(kept)])


def typed_statements(clean: str, ctx: ReadContext, held: tuple[str, ...], speaker: str = "") -> list[tuple[Candidate, str]]:
    """Candidates for the typed values of a plain statement that no candidate holds (held: their values);
    speaker, who said a relayed statement, is what its pronoun stands for (我妈说她七月五号到)."""
    grammar = "zh" if ctx.grammar == "zh" else "en"
    values = [v for v in _spans(clean, grammar) if not any(same_value(v[2], h) for h in held)]
    read: list[tuple[Candidate, str]] = []
    for start, end, value in values[:MAX_VALUES]:
        if told_as_past(clean, start, end, value, grammar) or discourse.negated(clean, value, grammar):
            continue
        currency = _CURRENCY.match(value)
        key = (_paid_for(clean[end:]) if currency and grammar == "en" else "") or _key_before(clean, start, grammar, speaker)
        if not key:
            continue
        if currency:
            figure = currency.group("figure") + (currency.group("mult") or "")
            read.append((number_candidate(key, figure, currency.group("cur"), [], ctx), "typed_value"))
        elif value_type(value) == "time":
            read.append((Candidate(kind=ItemKind.FACT, key=key, value=value, text=ctx.source, lang=ctx.lang), "typed_value"))
    return read


def _paid_for(after: str) -> str:
    """What an amount pays for, said after it: "put down $45 a month for pet insurance" -> pet insurance."""
    match = _PAID_FOR.match(after)
    if not match:
        return ""
    words = _words("en")
    thing = [token for token in _before_place(match.group("thing").split(), words) if token.lower() not in words.LINKING]
    if not thing or thing[-1].lower() in words.NO_THING:
        return ""  # "$210 for the whole thing"
    key = " ".join(thing)
    return C.store_key(key, "en") if C.good_key(key, "en", MAX_KEY_WORDS) else ""


_PAID_FOR = regex_cache.compile(
    r"\s*(?:(?:a|an|per|each|every)\s+[a-z]+\s+)?for\s+(?:the\s+|my\s+|her\s+|his\s+|our\s+|their\s+|its\s+|a\s+|an\s+)?"
    r"(?P<thing>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3})",
    re.IGNORECASE,
)


def told_as_past(clean: str, start: int, end: int, value: str, grammar: str) -> bool:
    """A day said as gone ("last Friday", "two weeks ago", 上周五) or from today ("10:30 tomorrow"), or
    only by its ordinal ("in the 4th"): a story's or the moment's time, not a value of anything that holds."""
    past_before, ago_after, bare_ordinal = _past_words(grammar)
    # "8 点半之前" is a deadline: before a clock time is by then, never a time ago.
    ago = ago_after.match(clean[end:]) and not (grammar == "zh" and zh_shapes.CLOCK.search(value))
    return bool(past_before.search(clean[:start]) or ago or bare_ordinal.match(value))


@cache
def _past_words(grammar: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    words = _words(grammar)
    return (
        regex_cache.compile(words.PAST_BEFORE, re.IGNORECASE),
        regex_cache.compile(words.AGO_AFTER, re.IGNORECASE),
        regex_cache.compile(words.BARE_ORDINAL, re.IGNORECASE),
    )


def same_value(value: str, other: str) -> bool:
    """One value holds the other, or both have the same figures ("9 月 3 号", "9月3号")."""
    digits = re.sub(r"[^\d]", "", value)
    return value in other or other in value or (bool(digits) and digits == re.sub(r"[^\d]", "", other))


@lru_cache(maxsize=4096)
def _spans(clean: str, grammar: str) -> tuple[tuple[int, int, str], ...]:
    """The sentence's typed values with their places, values of one statement joined."""
    spans: list[tuple[int, int]] = []
    at = 0
    for value in typed_values(clean, grammar):
        start = clean.find(value, at)
        if start < 0:
            continue
        end = start + len(value)
        at = end
        if spans and _JOINED.match(clean[spans[-1][1] : start]):
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return tuple((start, end, clean[start:end]) for start, end in spans)


def _key_before(clean: str, start: int, grammar: str, speaker: str) -> str:
    """What the clause that ends at start is about; for a pronoun, what the clause before it was."""
    breaks = list(_CLAUSE_BREAK.finditer(clean, 0, start))
    clause_start = breaks[-1].end() if breaks else 0
    subject = _subject(clean[clause_start:start], grammar)
    if subject is None and breaks:  # "..., so they've offered Tuesday 17 June": the clause before names them
        earlier_start = breaks[-2].end() if len(breaks) > 1 else 0
        subject = _subject(clean[earlier_start : breaks[-1].start()], grammar)
    if subject is None:  # who relayed it, as the relay read them ("我妈" is a name here, not a clause)
        return C.store_key(speaker, grammar) if speaker else ""
    if not subject or not C.good_key(subject, grammar, MAX_KEY_WORDS):
        return ""
    return C.store_key(subject, grammar)


def _subject(before: str, grammar: str) -> str | None:
    """The subject of the words before a value; "" when there is none, None when a pronoun stands for it."""
    return _subject_zh(before) if grammar == "zh" else _subject_en(before)


@cache
def _words(grammar: str) -> ModuleType:
    return data(grammar, "subjects")


def _subject_en(before: str) -> str | None:
    words = _words("en")
    tokens = _WORD.findall(before)
    while tokens and tokens[-1].lower() in words.LINKING:
        tokens.pop()
    if tokens and tokens[0].lower() in {"let's", "lets"}:
        tokens = tokens[1:]
        return None if not tokens or tokens[-1].lower() in words.SPEAKERS else _object(tokens, words)
    if not tokens:
        # "I booked her intake exam at the clinic, March 10 at 9:40 am": a value that opens its clause is
        # said of the clause before.
        return None if before.strip() == "" else ""
    if tokens[0].lower() in words.ACTS:  # "Booked a Virgin Media engineer for ...": the speaker goes unsaid
        return _object(tokens, words)
    if tokens[0].lower().split("'")[0] in words.SPEAKERS:
        rest = [t for t in _before_place(tokens[1:], words) if t.lower() not in words.LINKING]
        if not rest:
            return None
        return _object(rest, words)
    subject = []
    for token in tokens:
        if token.lower() in words.LINKING or token.lower() in words.ACTS:
            break
        subject.append(token)
    if all(token.lower().endswith("ed") for token in subject):
        return ""  # "..., dated 12 February": a participle describes, it names nothing
    return " ".join(_undetermined(subject, words))


def _object(tokens: list[str], words: ModuleType) -> str | None:
    """What the speaker acted on: "booked a Virgin Media engineer" -> "Virgin Media engineer"."""
    if tokens and (tokens[0].lower() in words.ACTS or tokens[0].lower().endswith("ed")):
        tokens = tokens[1:]
    thing = _undetermined(_before_place(tokens, words), words)
    if not thing or thing[0].lower() in words.SPEAKERS:
        return None
    return " ".join(thing)


def _before_place(tokens: list[str], words: ModuleType) -> list[str]:
    """The words before where and with whom: "booked her intake exam at Lakeside with Dr. Okafor" acted on the exam."""
    content = [at for at, token in enumerate(tokens) if token.lower() not in words.LINKING and token.lower() not in words.DETERMINERS]
    if len(content) < 2:
        return tokens
    end = next((at for at in range(content[1], len(tokens)) if tokens[at].lower() in words.OBJECT_END), len(tokens))
    return tokens[:end]


def _undetermined(tokens: list[str], words: ModuleType) -> list[str]:
    while tokens and tokens[0].lower() in words.DETERMINERS:
        tokens = tokens[1:]
    return tokens


@cache
def _zh_change() -> re.Pattern[str]:
    words = data("zh", "discourse")
    return regex_cache.compile(f"{words.CHANGE_VERBS}|{words.SHIFT_WORDS}")


def _subject_zh(before: str) -> str | None:
    words = _words("zh")
    text = re.sub(r"\s+", "", before)
    text = data("zh", "clauses").REPORTED.sub("", text)  # 王老板说…: what was said
    if cut := _zh_change().search(text):
        text = text[: cut.start()]  # 搬迁推迟了一周: the subject is what changes, not the change
    text = strip_ends(text, words.LINKING, words.LEADING)
    if not text or text in words.LEADING:
        return None  # 她七月五号到: a pronoun stands for someone named before
    return text if len(text) >= 2 else ""
