"""A small thesaurus and query-intent reader for the paraphrases agents and users actually use.

Questions about earlier turns rarely repeat their words ("which environment are we
shipping to?" for "the deploy target is prod-eu-2"). Lexical search cannot bridge
that alone, and no model is allowed on the default path, so this table names
groups of words that stand for one another in technical conversation, and the
words that say what kind of item a question wants. Expansions are searched at a
lower weight than the query's own words. The words are language data:
lang/<lang>/thesaurus.py.
"""

import re

from services.memory import regex_cache
from services.memory.domain.model import ItemKind
from services.memory.domain.text import latin_terms
from services.memory.lang.en import thesaurus as en_thesaurus
from services.memory.lang.zh import thesaurus as zh_thesaurus

SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = tuple(words for _, words in en_thesaurus.GROUPS)
# Chinese counterparts, matched on characters.
ZH_SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = tuple(words for _, words in zh_thesaurus.GROUPS)

# What a question asks for, by the words it uses (either language's): the kind of item that answers it.
INTENTS: tuple[tuple[ItemKind, re.Pattern[str]], ...] = tuple(
    (kind, regex_cache.compile(en_thesaurus.INTENTS[kind.value] + "|" + zh_thesaurus.INTENTS[kind.value], re.I))
    for kind in (ItemKind.RULE, ItemKind.NUMBER, ItemKind.TASK)
)
INTENT_BOOST = 0.3
_PROGRESS_INTENT = regex_cache.compile(en_thesaurus.PROGRESS_INTENT + "|" + zh_thesaurus.PROGRESS_INTENT, re.I)
_CURRENT_INTENT = regex_cache.compile(en_thesaurus.CURRENT_INTENT + "|" + zh_thesaurus.CURRENT_INTENT, re.I)
# Within task state, the progress a "how far along" question asks for leads the goal it measures by this much.
PROGRESS_BOOST = 0.15


# The kind of value a question asks for, by its words (either language's); the first that matches.
ANSWER_TYPES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, regex_cache.compile(en_thesaurus.ANSWER_TYPES[kind] + "|" + zh_thesaurus.ANSWER_TYPES[kind], re.I))
    for kind in en_thesaurus.ANSWER_TYPES
)
# A value of the kind the question asks for ("when ..." and a date) counts this much more.
ANSWER_TYPE_BOOST = 0.2


def answer_type(text: str) -> str:
    """ "time", "money", "size", "duration", "count" or "name" when the question asks for that kind of value, else ""."""
    return next((kind for kind, pattern in ANSWER_TYPES if pattern.search(text)), "")


def asks_current(text: str) -> bool:
    """The question asks for the value as it stands ("what's the guest count now?", 现在几点开跑)."""
    return bool(_CURRENT_INTENT.search(text))


def asks_progress(text: str) -> bool:
    return bool(_PROGRESS_INTENT.search(text))


def _index_groups(groups: tuple[tuple[str, ...], ...]) -> dict[str, set[str]]:
    """stem -> the words of every group holding a word with that stem."""
    index: dict[str, set[str]] = {}
    for group in groups:
        for word in group:
            for stem in latin_terms(word):
                index.setdefault(stem, set()).update(group)
    return index


_BY_STEM = _index_groups(SYNONYM_GROUPS)


def expansions(text: str) -> tuple[list[str], list[str]]:
    """Words (Latin, then Chinese) that stand for words of the text, minus words it already has.

    Latin words are returned unstemmed: each index stems them its own way."""
    own = set(latin_terms(text))
    latin: list[str] = []
    for stem in sorted(own):
        for word in sorted(_BY_STEM.get(stem, ())):
            if not set(latin_terms(word)) & own and word not in latin:
                latin.append(word)
    chinese: list[str] = []
    for group in ZH_SYNONYM_GROUPS:
        if any(word in text for word in group):
            chinese.extend(word for word in group if word not in text and word not in chinese)
    return latin, chinese


def intents(text: str) -> frozenset[ItemKind]:
    """The item kinds the question's wording asks for."""
    return frozenset(kind for kind, pattern in INTENTS if pattern.search(text))
