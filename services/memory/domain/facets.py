"""The values of a thing listed as its facets: "Package insert, about 3,200 words, due Friday 13 March,
17:00 CET", "Flour: Harlan Mills, $31.50 a bag, 12 bags every Monday", 钢琴：陈老师，每周六上午9:30，一节课280元.

People note a thing once and give its facts after it, each in its own comma-separated part; the tables
read the part that looks like a statement and leave the others. Each part holding a typed value (a date,
a clock time, an amount, a figure with its unit) that no reading holds is read as a statement about the
thing: "<thing> <the part's own words> is <value>", so a later update of any one facet finds it under
the thing's name. Pure functions: the caller passes the statement grammar (read_sentence).
"""

from collections.abc import Callable
from dataclasses import replace

from services.memory import regex_cache
from services.memory.domain import extraction_checks as C
from services.memory.domain.model import VALUE_KINDS, Candidate
from services.memory.domain.text import strip_ends
from services.memory.domain.typed_statements import same_value
from services.memory.domain.typed_values import typed_values
from services.memory.domain.value_shapes import is_money, is_year, value_type
from services.memory.lang import data
from services.memory.lang.en import clauses as en_clauses
from services.memory.lang.zh import quantities as zh_quantities

Read = tuple[tuple[Candidate, str], ...]

# At least this many parts hold a value: two facts of one thing, not a value and its aside.
MIN_FACETS = 2
MAX_THING_WORDS = 4
MAX_FACET_WORDS = 3

# "3,200" is one figure and "November 10, 2024" one date.
_PARTS = regex_cache.compile(r"\s*(?:[;，；、]|(?<!\d),(?!\s*\d{4}\b)|,(?!\d)(?!\s*\d{4}\b))\s*")
_SEPARATOR = regex_cache.compile(r"[,;，；、]")
_LABEL = regex_cache.compile(r"^(?P<label>[^:：]{2,40}?)\s*[:：]\s*(?P<body>\S.*)$")
_WORDS = regex_cache.compile(r"[A-Za-z][\w'\-]*|[\u4e00-\u9fff]+")


def facets(sentence: str, lang: str, read: Read, read_sentence: Callable[[str], Read]) -> Read:
    """Readings of the sentence's facet values that read does not hold; () when it lists no thing's facets."""
    if not _SEPARATOR.search(sentence):
        return ()  # most sentences: one search
    grammar = "zh" if lang == "zh" else "en"
    listed = _listed(sentence.strip().rstrip("。.!！"), grammar)
    if listed is None:
        return ()
    thing, parts = listed
    held = [v for c, _ in read for v in (c.value, c.key) if v]
    keys = {c.key for c, _ in read if c.key}
    statement = data(grammar, "discourse").KEYED_STATEMENT
    found: list[tuple[Candidate, str]] = []
    for part, values in parts:
        fresh = [v for v in values if not is_year(v) and not any(same_value(v, h) for h in held)]
        if len(fresh) != 1:
            continue  # a part with two unread values says more than one fact: the tables' to read
        subject = _subject(thing, part, fresh[0], grammar)
        if not subject or C.store_key(subject, grammar) in keys:
            continue  # "..., 17:00 CET" after "due Friday 13 March" says when, no second value of the thing
        rest = part[part.find(fresh[0]) :]
        for candidate, row in read_sentence(statement.format(subject=subject, value=rest)):
            if candidate.kind in VALUE_KINDS and candidate.key and any(same_value(v, candidate.value) for v in fresh):
                found.append((replace(candidate, text=sentence, is_correction=False), f"facet+{row}"))
                keys.add(candidate.key)
    return tuple(found)


def _listed(sentence: str, grammar: str) -> tuple[str, list[tuple[str, list[str]]]] | None:
    """(the thing, [(part, its typed values)]) when the sentence names a thing and lists MIN_FACETS parts with values."""
    labelled = _LABEL.match(sentence)
    if labelled:
        thing, body = labelled.group("label"), labelled.group("body")
        thing = _PARTS.split(thing)[0]  # "Flour order, for the record:" names the flour order
    else:
        thing, body = _split_first(sentence)
    if not thing or typed_values(thing, grammar) or not _names_thing(thing, grammar):
        return None
    parts = [(part, list(typed_values(part, grammar))) for part in _PARTS.split(body) if part]
    valued = [(part, values) for part, values in parts if values]
    if any(data(grammar, "clauses").FACET_CLAUSE.search(part) for part, _ in valued):
        return None  # a part that is a clause of its own: a statement or a correction, for the tables to read
    return (thing, valued) if len(valued) >= MIN_FACETS else None


def _split_first(sentence: str) -> tuple[str, str]:
    match = _PARTS.search(sentence)
    return (sentence[: match.start()], sentence[match.end() :]) if match else (sentence, "")


def _names_thing(thing: str, grammar: str) -> bool:
    if grammar == "zh":
        return 2 <= len(thing) <= 8 and C.good_key(thing, "zh", MAX_THING_WORDS)
    words = thing.split()
    return 0 < len(words) <= MAX_THING_WORDS and C.good_key(thing, "en", MAX_THING_WORDS)


def _subject(thing: str, part: str, value: str, grammar: str) -> str:
    """The thing and the words of the part before its value ("due" of "due Friday 13 March", 一节课 of 一节课280元)."""
    before = part[: part.find(value)]
    words = _WORDS.findall(before)
    if grammar == "en":
        words = [w for w in words if w.lower() not in en_clauses.FACET_FILLER][-MAX_FACET_WORDS:]
    else:
        # 一节课 of 一节课280元; 每 of 每周六 is how often and 大概 of 大概18个小时 how sure, no words of the thing.
        words = [w for word in words if len(w := strip_ends(word, zh_quantities.KEY_TAIL)) >= 2][-1:]
    if not words:
        words = [data(grammar, "clauses").FACET_OF_KIND[kind]] if (kind := _kind(value)) else []  # "Flour: $31.50 a bag" is its price
    subject = " ".join([thing.strip(), *words]) if grammar == "en" else thing.strip() + "".join(words)
    return subject if C.good_key(subject, grammar, MAX_THING_WORDS + MAX_FACET_WORDS) else thing.strip()


def _kind(value: str) -> str:
    return "money" if is_money(value) else "time" if value_type(value) == "time" else ""
