"""Base forms of the words no suffix stemmer relates (bought/buy, ran/run, children/child), from a
maintained lemmatizer (simplemma's English dictionary).

The index and a question both carry them, so "when did she buy it?" meets "I bought it" and "who
went?" meets "we'll go". Only base forms a stemmer does not reach are kept: regular forms (buys,
buying) are the stemmers' job, and a base the stemmer already makes would only lengthen the text.
A form that is also another word ("left", "saw"), a verb too common to relate ("made", "took") and
the lemmatizer's slips are language data: lang/en/inflections.py.

The dictionary loads on first use (about 0.15 s of a start); a server loads it in the background
once it serves (`load_in_background`).
"""

import re
import threading
from functools import lru_cache

from services.memory import regex_cache
from services.memory.domain.text import stem
from services.memory.lang.en import inflections
from services.memory.lang.en.terms import STOP_WORDS

_WORD = regex_cache.compile(r"[a-z]+(?:'[a-z]+)?", re.IGNORECASE)
MIN_CHARS = 3  # "ox" is no form worth a lookup
MIN_BASE_CHARS = 5  # of a derived noun: "child" of "childhood"; "hard" is no base of "hardship"


def _lemmatize(word: str) -> str:
    import simplemma  # imported on first use: a start imports nothing it does not serve with

    return str(simplemma.lemmatize(word, lang="en"))


@lru_cache(maxsize=65536)
def base_form(word: str) -> str:
    """The base form of a lowercase word when no stemmer reaches it from the word, else ""."""
    if len(word) < MIN_CHARS or word in STOP_WORDS:
        return ""
    for suffix in inflections.NOUN_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_BASE_CHARS:
            return word[: -len(suffix)]  # mentorship -> mentor: a derived noun, which lemmatizers keep
    lemma = inflections.LEMMA_FIXES.get(word)
    if lemma is None:
        lemma = _lemmatize(word).lower()
    if not lemma.isalpha() or lemma in inflections.LIGHT or lemma in STOP_WORDS or _regular(word, lemma):
        return ""
    return lemma


_REGULAR_ENDINGS = ("s", "es", "d", "ed", "ing")


def _regular(word: str, lemma: str) -> bool:
    """True when a suffix stemmer relates the two (SQLite's porter or ours): movies/movie, tried/try,
    running/run, writing/write."""
    if stem(word) == stem(lemma):
        return True
    stems = (lemma, lemma + lemma[-1], lemma[:-1] + "i" if lemma.endswith("y") else "", lemma[:-1] if lemma.endswith("e") else "")
    return any(word == base + ending for base in stems if base for ending in _REGULAR_ENDINGS)


def base_forms(text: str, *, question: bool = False) -> tuple[str, ...]:
    """The base forms of the text's words that its stemmed words lack, each once, in text order.

    A question's form that is also another word ("left", "won") may mean that word, so it is not
    read as the verb; a turn's is indexed by both ("we won" is found by "did they win?")."""
    forms: dict[str, None] = {}
    for word in _WORD.findall(text):
        word = word.lower()
        if word.endswith("'s"):
            word = word[:-2]
        if question and word in inflections.AMBIGUOUS:
            continue
        if form := base_form(word):
            forms[form] = None
    return tuple(forms)


def load_in_background() -> None:
    """Load the dictionary now, off the serving threads, so the first request does not wait for it."""
    threading.Thread(target=base_form.__wrapped__, args=("went",), name="lemma-dictionary", daemon=True).start()
