"""A parenthetical aside inside a statement: "The budget (excluding VAT) is 40k", 冬季（11月到次年3月）胎压按 8.5 bar.
The aside splits the subject from its verb, so no grammar reads the statement; read without it, the statement
gives its value, and the aside qualifies that value as a condition. A rule keeps its aside ("never push to
main (hotfixes excepted)" is the rule whole), and an aside that ends the sentence splits nothing."""

from collections.abc import Callable
from dataclasses import dataclass, replace

from services.memory import regex_cache
from services.memory.domain.model import VALUE_KINDS, Candidate, ItemKind
from services.memory.domain.updates import names_value

Read = tuple[tuple[Candidate, str], ...]

_ASIDE = regex_cache.compile(r"\s*[(（](?P<said>[^()（）]{1,80})[)）]\s*(?=\S)")
_CJK = regex_cache.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class Aside:
    plain: str  # the sentence without the aside
    said: str  # what the aside says


def inside(text: str) -> Aside | None:
    """The first aside that has words after it, and the sentence without it."""
    found = _ASIDE.search(text)
    if found is None or found.start() == 0:
        return None
    before, after = text[: found.start()], text[found.end() :]
    joint = "" if _CJK.match(before[-1:]) or _CJK.match(after[:1]) else " "
    return Aside(plain=f"{before}{joint}{after}", said=found.group("said").strip())


def read_without(read: Read, clean: str, sentence: str, lang: str, reader: Callable[[str, str, str], Read]) -> Read:
    """read, or, when the sentence holds an aside and no rule, what it states without the aside, qualified by it."""
    aside = inside(clean)
    if aside is None or any(c.kind is ItemKind.RULE for c, _ in read):
        return read
    plain = reader(aside.plain, aside.plain, lang)
    if not names_value(plain) or (names_value(read) and _values(read) >= _values(plain)):
        return read
    return tuple(
        (replace(c, text=sentence, condition="; ".join(filter(None, (c.condition, aside.said)))) if c.kind in VALUE_KINDS else c, row)
        for c, row in plain
    )


def _values(read: Read) -> int:
    return sum(1 for c, _ in read if c.kind in VALUE_KINDS and c.key)
