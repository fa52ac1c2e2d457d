"""Base forms of the words no suffix stemmer relates (bought/buy, ran/run, children/child), from a
maintained lemmatizer (simplemma's English dictionary).

The index and a question both carry them, so "when did she buy it?" meets "I bought it" and "who
went?" meets "we'll go". Only base forms a stemmer does not reach are kept: regular forms (buys,
buying) are the stemmers' job, and a base the stemmer already makes would only lengthen the text.
A form that is also another word ("left", "saw"), a verb too common to relate ("made", "took") and
the lemmatizer's slips are language data: lang/en/inflections.py.

The dictionary holds 180,000 forms and takes 0.15 s to load, a third of a start; the 6,000 irregular
ones are all this module needs. They are kept in a file beside the bytecode cache, as the regex
compilations are (regex_cache.py), keyed by the lemmatizer's version and our stemmer's rules, and
read in a millisecond; `prepare`, which the server's warm-up calls, makes the file when it is missing
(once per installation: `make setup` and the image build do it).
"""

import hashlib
import marshal
import re
from functools import cache, lru_cache
from importlib.util import find_spec
from pathlib import Path

from services.memory import regex_cache
from services.memory.domain.text import stem
from services.memory.lang.en import inflections, terms
from services.memory.lang.en.terms import STOP_WORDS

_WORD = regex_cache.compile(r"[a-z]+(?:'[a-z]+)?", re.IGNORECASE)
MIN_CHARS = 3  # "ox" is no form worth a lookup
MIN_BASE_CHARS = 5  # of a derived noun: "child" of "childhood"; "hard" is no base of "hardship"
_REGULAR_ENDINGS = ("s", "es", "d", "ed", "ing")
CACHE_DIR = Path(__file__).parent / "__pycache__"


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
        lemma = _irregular().get(word, "")
    if not lemma or lemma in inflections.LIGHT or lemma in STOP_WORDS:
        return ""
    return lemma


@lru_cache(maxsize=32768)  # ranking reads the same items' texts for query after query
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


def prepare() -> None:
    """Have the irregular forms at hand (read, or drawn from the dictionary and stored): before serving."""
    _irregular()


def _regular(word: str, lemma: str) -> bool:
    """True when a suffix stemmer relates the two (SQLite's porter or ours): movies/movie, tried/try,
    running/run, writing/write."""
    if stem(word) == stem(lemma):
        return True
    stems = (lemma, lemma + lemma[-1], lemma[:-1] + "i" if lemma.endswith("y") else "", lemma[:-1] if lemma.endswith("e") else "")
    return any(word == base + ending for base in stems if base for ending in _REGULAR_ENDINGS)


@cache
def _irregular() -> dict[str, str]:
    """form -> base form, for the dictionary's lowercase words that no suffix stemmer relates to their base."""
    path = _cache_file()
    try:
        stored = marshal.loads(path.read_bytes())
        if isinstance(stored, dict):
            return stored
    except (OSError, EOFError, ValueError, TypeError):
        pass
    forms = _drawn_from_dictionary()
    regex_cache.store(path, forms)  # a read-only installation (an image at run time) goes without it
    return forms


def _drawn_from_dictionary() -> dict[str, str]:
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory

    dictionary = DefaultDictionaryFactory().get_dictionary("en")
    return {
        form: lemma.lower()
        for form, lemma in dictionary.items()
        if form.isalpha() and form.islower() and lemma.isalpha() and lemma.lower() != form and not _regular(form, lemma.lower())
    }


def _cache_file() -> Path:
    """Named for what its content depends on: the lemmatizer's English dictionary (found, not imported)
    and the stemmer's rules."""
    spec = find_spec("simplemma")
    data = Path(spec.origin).parent / _DICTIONARY if spec is not None and spec.origin else None
    source = data.stat() if data is not None and data.exists() else None
    rules = repr((terms.SUFFIXES, terms.NO_PLURAL_S, sorted(terms.UNDOUBLE), sorted(terms.VOWELS), _REGULAR_ENDINGS))
    stamp = hashlib.sha256(f"{source and (source.st_size, source.st_mtime_ns)}|{rules}".encode()).hexdigest()[:16]
    return CACHE_DIR / f"lemmas.en.{stamp}.marshal"


_DICTIONARY = Path("strategies", "dictionaries", "data", "en.plzma")


if __name__ == "__main__":
    prepare()  # make setup: the file is made once, not on the service's first start
