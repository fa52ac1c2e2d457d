"""Extraction grammar as data: the tables of both languages and the shared pieces the engine reads.

The row type and the fragments are in patterns_core.py, the English tables in
patterns_en.py, the Chinese ones in patterns_zh.py; this module is the one the
engine and the tests import.
"""

from services.memory.domain.patterns_core import (  # noqa: F401
    _CMP_WORDS_EN,
    _CMP_WORDS_ZH,
    _CUR,
    _VAL_EN,
    _VAL_ZH,
    ANNOUNCE_LABEL_EN,
    ANNOUNCE_LABEL_ZH,
    IMPLIED_COMPARATOR,
    NEUTRAL_COMPARATORS,
    QUALIFIER_EN,
    ROLE_SUFFIX,
    UNIT_EN,
    UNIT_STOP_WORDS,
    UNITS_ZH,
    UNIVERSAL,
    UPDATE_VERBS,
    PatternRow,
)
from services.memory.domain.patterns_en import CORRECTIONS_EN, FACTS_EN, NUMBERS_EN, RULES_EN  # noqa: F401
from services.memory.domain.patterns_zh import CORRECTIONS_ZH, FACTS_ZH, NUMBERS_ZH, RULES_ZH  # noqa: F401
