"""Which of several things of one kind a sentence is about: "Bay 3" and "Bay 5", "VLAN 30" and "VLAN 40",
三号棚 and 五号棚 are the same kind told apart by a mark. A value said of one is no update of the other's,
however alike the rest of the two sentences is ("Bay 5 is different, the cucumbers get 220 mL")."""

from functools import cache, lru_cache

from services.memory.domain.text import split_sentences
from services.memory.lang import data
from services.memory.lang.en import grammar, keys, terms


@lru_cache(maxsize=4096)
def instances(text: str, value: str) -> dict[str, frozenset[str]]:
    """kind (lowercased) -> the marks the text gives it, outside the value: "moved to Hall B" names no hall
    of its own when Hall B is the value it gives."""
    spans = _value_spans(text, value)
    found: dict[str, set[str]] = {}
    for lang in ("en", "zh"):
        for match in data(lang, "keys").INSTANCE.finditer(text):
            if any(start < match.end() and match.start() < end for start, end in spans):
                continue
            kind = match.group("kind").lower()
            if kind in _not_kinds():
                continue  # "at 4", "is 3", "May 3", "week 22": a figure after a function word or a time marks nothing
            mark = match.group("mark").upper()
            found.setdefault(kind, set()).add(_DIGITS.get(mark, mark))
    return {kind: frozenset(marks) for kind, marks in found.items()}


def other_instance(new_text: str, new_value: str, old_text: str, old_value: str) -> str:
    """The new sentence's instance ("bay 5") when the two sentences name the same kind of thing with
    different marks, the new one not the old one's; else ""."""
    new, old = instances(new_text, new_value), instances(old_text, old_value)
    for kind, marks in new.items():
        if kind in old and not (marks & old[kind]):
            return f"{kind} {min(marks)}"
    return ""


def sentence_around(message: str, clause: str) -> str:
    """The sentence of message that holds clause (a value is often read from a clause that drops the
    "Bay 5" its sentence begins with); clause itself when no sentence holds it."""
    return next((sentence for sentence in split_sentences(message) if clause in sentence), clause)


def _value_spans(text: str, value: str) -> list[tuple[int, int]]:
    spans, start = [], text.find(value) if value else -1
    while start >= 0:
        spans.append((start, start + len(value)))
        start = text.find(value, start + 1)
    return spans


_DIGITS = {numeral: str(value) for value, numeral in enumerate("一二三四五六七八九十", start=1)}


@cache
def _not_kinds() -> frozenset[str]:
    return terms.STOP_WORDS | keys.CLAUSE_WORDS | keys.PREPOSITIONS | keys.TIME_NOUNS | grammar.UNIT_STOP_WORDS
