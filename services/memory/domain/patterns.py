"""Extraction grammar as data: the tables of both languages and the shared pieces the engine reads.

The row type and the fragments are in patterns_core.py, the English tables in
patterns_en.py and patterns_en_corrections.py, the Chinese ones in patterns_zh.py;
this module is the one the engine and the tests import.
"""

from services.memory.domain.patterns_core import (
    ANNOUNCE_LABEL_EN,
    ANNOUNCE_LABEL_ZH,
    CMP_WORDS_EN,
    CMP_WORDS_ZH,
    CUR,
    IMPLIED_COMPARATOR,
    NEUTRAL_COMPARATORS,
    QUALIFIER_EN,
    ROLE_SUFFIX,
    UNIT_EN,
    UNIT_STOP_WORDS,
    UNITS_ZH,
    UNIVERSAL,
    UPDATE_VERBS,
    VAL_EN,
    VAL_ZH,
    PatternRow,
)
from services.memory.domain.patterns_en import FACTS_EN, NUMBERS_EN, RULES_EN
from services.memory.domain.patterns_en_corrections import CORRECTIONS_EN
from services.memory.domain.patterns_zh import CORRECTIONS_ZH, FACTS_ZH, NUMBERS_ZH, RULES_ZH

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
