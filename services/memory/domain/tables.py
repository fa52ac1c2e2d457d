"""The extraction tables by language, and their prefilters: most tables are never run on a sentence."""

from functools import lru_cache

from services.memory import regex_cache
from services.memory.domain import patterns as P
from services.memory.lang.en import terms as en_terms

# One language's rows of one kind, in the order they are tried.
Table = tuple[P.PatternRow, ...]

RULES: dict[str, Table] = {"en": P.RULES_EN, "zh": P.RULES_ZH}
FACTS: dict[str, Table] = {"en": P.FACTS_EN, "zh": P.FACTS_ZH}
NUMBERS: dict[str, Table] = {"en": P.NUMBERS_EN, "zh": P.NUMBERS_ZH}
CORRECTIONS: dict[str, Table] = {"en": P.CORRECTIONS_EN, "zh": P.CORRECTIONS_ZH}

# Table prefilters (the union of the rows' needles), so most tables are never run: an English needle
# that is a word (or starts a phrase) is looked up in the sentence's word set with the usual endings
# ("block" also finds "blocked"); other needles are substrings. A prefilter may pass a non-match, never stop a match.
_NEEDLE_WORD = regex_cache.compile(r"[a-z]+(?: [a-z]+)*")
_WORD = regex_cache.compile(r"[a-z]+")


def _table_filter(rows: Table) -> tuple[frozenset[str], tuple[str, ...]] | None:
    if any(not row.needles for row in rows):
        return None
    needles = {needle for row in rows for needle in row.needles}
    as_words = {n for n in needles if rows[0].lang == "en" and _NEEDLE_WORD.fullmatch(n.strip())}
    words = frozenset(n.split()[0] + ending for n in as_words for ending in en_terms.NEEDLE_ENDINGS)
    return words, tuple(sorted(needles - as_words, key=lambda needle: (len(needle), needle)))


_TABLE_FILTERS = {id(rows): _table_filter(rows) for t in (RULES, FACTS, NUMBERS, CORRECTIONS) for rows in t.values()}


@lru_cache(maxsize=1024)
def _features(text: str) -> tuple[str, frozenset[str]]:
    low = text.lower()
    return low, frozenset(_WORD.findall(low))


def rows(tables: dict[str, Table], grammar: str, text: str) -> Table:
    """The table's rows, or none when the text has none of the table's needles.
    (Row by row, the anchored regexes fail faster than a per-row prefilter would.)"""
    rows = tables[grammar]
    prefilter = _TABLE_FILTERS[id(rows)]
    if prefilter is None:
        return rows
    low, words = _features(text)
    needle_words, substrings = prefilter
    return rows if not needle_words.isdisjoint(words) or any(needle in low for needle in substrings) else ()
