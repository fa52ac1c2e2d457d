"""Extraction grammar as data: the tables of both languages and the shared pieces the engine reads.

The row type is in patterns_core.py; the tables and their pieces are language data, in
services/memory/lang/en/ (grammar, rules, facts_relations, facts_settings, numbers, corrections) and
lang/zh/ (grammar, rules, facts, numbers, corrections); this module is the one the engine and the tests import.
"""

from services.memory.domain.patterns_core import PatternRow
from services.memory.lang.en import grammar as _en
from services.memory.lang.en.corrections import CORRECTIONS_EN
from services.memory.lang.en.facts_relations import FACTS_RELATIONS
from services.memory.lang.en.facts_settings import FACTS_SETTINGS
from services.memory.lang.en.grammar import (
    ANNOUNCE_LABEL_EN,
    CMP_WORDS_EN,
    IMPLIED_COMPARATOR,
    NEUTRAL_COMPARATORS,
    QUALIFIER_EN,
    UNIT_EN,
    UNIT_STOP_WORDS,
    UPDATE_VERBS,
    VAL_EN,
)
from services.memory.lang.en.numbers import NUMBERS_EN
from services.memory.lang.en.rules import RULES_EN
from services.memory.lang.shared import CUR
from services.memory.lang.zh import grammar as _zh
from services.memory.lang.zh.corrections import CORRECTIONS_ZH
from services.memory.lang.zh.facts import FACTS_ZH
from services.memory.lang.zh.grammar import ANNOUNCE_LABEL_ZH, CMP_WORDS_ZH, UNITS_ZH, VAL_ZH
from services.memory.lang.zh.numbers import NUMBERS_ZH
from services.memory.lang.zh.rules import RULES_ZH

FACTS_EN = (*FACTS_RELATIONS, *FACTS_SETTINGS)
# A subject that quantifies over everything ("every migration", 凡是) makes a weak rule marker ("must") strong.
UNIVERSAL = {"en": _en.UNIVERSAL, "zh": _zh.UNIVERSAL}
# The role a fact row reads (由X负责, "gated behind the flag X"), as a key suffix.
ROLE_SUFFIX = {**_zh.ROLE_SUFFIX, **_en.ROLE_SUFFIX}

# What the engine and the tests may import from here (a facade re-exports explicitly).
__all__ = [
    "ANNOUNCE_LABEL_EN",
    "ANNOUNCE_LABEL_ZH",
    "CMP_WORDS_EN",
    "CMP_WORDS_ZH",
    "CORRECTIONS_EN",
    "CORRECTIONS_ZH",
    "CUR",
    "FACTS_EN",
    "FACTS_ZH",
    "IMPLIED_COMPARATOR",
    "NEUTRAL_COMPARATORS",
    "NUMBERS_EN",
    "NUMBERS_ZH",
    "QUALIFIER_EN",
    "ROLE_SUFFIX",
    "RULES_EN",
    "RULES_ZH",
    "UNITS_ZH",
    "UNIT_EN",
    "UNIT_STOP_WORDS",
    "UNIVERSAL",
    "UPDATE_VERBS",
    "VAL_EN",
    "VAL_ZH",
    "PatternRow",
]
