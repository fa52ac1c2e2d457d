"""Extraction grammar as data: the row type every language's tables are written in.

The tables themselves are language data, in services/memory/lang/<lang>/ (rules.py, facts*.py, numbers.py,
corrections.py, built from the pieces of grammar.py), re-exported by patterns.py; each row carries the
examples its test replays.

Named groups the engine (extraction.py) understands:
  rules        marker            the rule word; the rest of the sentence is the rule's body
  facts        key, value        role: a word that names the key's suffix (ROLE_SUFFIX), e.g. 由X负责 -> 负责人
  numbers      key, verb, cmp, cur, value, tail (unit and condition are read from tail),
               pre (a leading "for X," / 每小时 that belongs to the condition),
               label (a "Latency budget for X:" before the statement, joined to the key), unit (when the row reads it)
  corrections  stmt [+ stmt2]    a statement to re-read with the number and fact tables,
               or key/new        when the sentence itself names them; old: the replaced value,
               subject: who or what moved, a key when the sentence names no other
Task state has its own reader (tasks.py). ``weak`` rules apply only when the sentence yields no fact or number; ``weak``
corrections need a keyed statement or an explicit new value ("it's Z"). ``key_suffix`` is appended
to every key a row reads ("we deploy on Thursdays" -> "deploy window").
Example dicts list the fields the test checks; kind defaults to the row's kind.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from services.memory import regex_cache
from services.memory.domain.model import ItemKind

RULE, FACT, NUMBER = ItemKind.RULE, ItemKind.FACT, ItemKind.NUMBER


@dataclass(frozen=True)
class PatternRow:
    name: str
    lang: str
    kind: ItemKind
    regex: re.Pattern[str]
    examples: tuple[tuple[str, dict[str, str]], ...]
    needles: tuple[str, ...] = ()  # lowercase words or substrings, one must occur (the table's prefilter)
    weak: bool = False
    key_suffix: str = ""


def _row(
    name: str,
    lang: str,
    kind: ItemKind,
    pattern: str,
    examples: Iterable[tuple[str, dict[str, str]]],
    needles: Iterable[str] = (),
    weak: bool = False,
    key_suffix: str = "",
) -> PatternRow:
    flags = re.IGNORECASE if lang == "en" else 0
    return PatternRow(name, lang, kind, regex_cache.compile(pattern, flags), tuple(examples), tuple(needles), weak, key_suffix)
