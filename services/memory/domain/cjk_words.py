"""Chinese words of a query, by word segmentation (rjieba, the Rust build of jieba's dictionary and
model), so that only bigrams inside a word search the index: in 现在 dairy 那边每周要多少磅 the
bigrams 边每, 周要, 要多 cross word boundaries and match turns about nothing the question asks.

The index itself keeps every bigram and trigram of a turn (a turn needs no segmentation to be found);
only the query is segmented. rjieba is imported on first use.
"""

from functools import lru_cache

from services.memory.lang.zh.terms import QUESTION_WORDS


def _is_cjk(word: str) -> bool:
    return all("\u3400" <= char <= "\u9fff" for char in word)


@lru_cache(maxsize=4096)
def content_words(text: str) -> tuple[str, ...]:
    """The Chinese words of text of two or more characters, question words aside, in order."""
    import rjieba  # deferred: the segmenter loads on the first Chinese query, not at start-up

    words = [word for word in rjieba.cut(text) if len(word) >= 2 and _is_cjk(word) and word not in QUESTION_WORDS]
    return tuple(dict.fromkeys(words))


def word_grams(text: str, size: int) -> list[str]:
    """The character n-grams of size that lie inside one content word of text."""
    return list(dict.fromkeys(word[i : i + size] for word in content_words(text) for i in range(len(word) - size + 1)))
