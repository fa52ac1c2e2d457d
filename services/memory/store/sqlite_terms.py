"""The SQLite store's FTS5 vocabulary: each session's term namespace, phrases and bm25 rankings."""

import hashlib

from services.memory import regex_cache
from services.memory.domain.indexing import CONTEXT_WEIGHT

# bm25 weights per FTS column: own words, CJK bigrams, the turns before (item.context).
BM25_LATIN = f"bm25(items_fts, 1.0, 0.7, {CONTEXT_WEIGHT})"
BM25_CJK = "bm25(items_cjk)"
LATIN_COLUMNS = "{search_text context_text} : "

_CONSONANTS = "bcdfghjklmnpqrstvwxz"
_WORD_START = regex_cache.compile(r"(?<![^\W_])(?=[^\W_])")


def term_prefix(session_id: str) -> str:
    """The session's namespace in the FTS index: ten consonants from a digest of its id.

    Every indexed word is written as prefix + word, so a query for one session reads only that
    session's postings, and a word's document frequency is counted in the session alone, as in
    the Redis store. FTS5 keeps the document count per table; SqliteSearch._match_terms rescales
    to the session's (the average length stays the file's).
    Consonants only: the porter stemmer then stems prefix + word exactly as it stems word.
    """
    digest = hashlib.sha256(session_id.encode()).digest()
    return "".join(_CONSONANTS[byte % len(_CONSONANTS)] for byte in digest[:10])


def namespaced(text: str, prefix: str) -> str:
    """text with every word (a run of letters or digits, as unicode61 splits them) prefixed."""
    # The prefix goes in at each word's start: a literal replacement of an empty match is
    # copied in C, where a group template ("\g<0>") is expanded in Python for every word.
    return _WORD_START.sub(prefix, text)


def phrase(term: str) -> str:
    """term as an FTS5 string (a phrase), its double quotes doubled."""
    return '"' + term.replace('"', '""') + '"'
