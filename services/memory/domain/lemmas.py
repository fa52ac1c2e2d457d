"""Lemmas of words whose inflection a stemmer cannot undo ("ran" -> "run", "bought" -> "buy",
"children" -> "child"), from simplemma's dictionaries, so that retrieval matches a question's
word to a turn's in another form. Regular inflections ("running", "flats") are left to the
stemmers (FTS5's porter, text.stem): a lemma is added only where the stems differ.

simplemma loads a language's dictionary on first use (about a quarter of a second for English),
so importing this module costs nothing at start-up.
"""

import re
from functools import lru_cache

from services.memory.domain.text import stem

# Languages whose words are lemmatized; Chinese has no inflection to undo.
LEMMATIZED = ("en",)
_WORD = re.compile(r"[a-z]{3,}")


@lru_cache(maxsize=65536)
def _extra_lemma(word: str) -> str:
    """The word's lemma when no stemmer would reach it from the word, else ""."""
    import simplemma  # deferred: its dictionaries load on first use, never at start-up

    lemma = str(simplemma.lemmatize(word, lang=LEMMATIZED[0])).lower()
    return lemma if lemma.isalpha() and lemma != word and stem(lemma) != stem(word) else ""


@lru_cache(maxsize=8192)
def extra_lemmas(text: str) -> tuple[str, ...]:
    """The lemmas of text's words that its stems miss, deduplicated, in first-seen order."""
    if not text or not any("a" <= char <= "z" for char in text.lower()[:2000]):
        return ()
    found: dict[str, None] = {}
    for word in _WORD.findall(text.lower()):
        lemma = _extra_lemma(word)
        if lemma:
            found[lemma] = None
    return tuple(found)
