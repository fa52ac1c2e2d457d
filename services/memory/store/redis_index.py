"""The Redis store's inverted index: what an item contributes to it, and BM25 over bounded postings.

Pure functions only (no Redis calls), so the analysis is testable on its own and
both sides of the index, ingest and query, provably use the same terms.

Two indexes mirror SQLite's two FTS5 tables:
- "A" (items_fts): Latin stems (namespace "w"; a stem of the turns before, item.context,
  counts CONTEXT_WEIGHT, as FTS5 sums column weights per phrase) plus CJK bigrams ("g", 0.7);
- "B" (items_cjk): CJK trigrams ("t").
A posting is a sorted-set member "<docno>:<freq>:<doclen>" scored by its BM25 term
impact at index time, so a query can read the best postings of a term first and
stop after MAX_POSTINGS_PER_TERM, whatever the size of the session.
"""

from collections import Counter
from dataclasses import dataclass

from services.memory.domain.indexing import CONTEXT_WEIGHT, idf, searchable_text
from services.memory.domain.model import Item
from services.memory.domain.store_api import SearchQuery
from services.memory.domain.text import cjk_bigrams, cjk_runs, latin_terms

# FTS5's bm25() defaults, so scores are on the same scale as SqliteStore's.
K1 = 1.2
B = 0.75
BIGRAM_WEIGHT = 0.7  # SqliteStore's weight for the cjk_grams column
# Per query term: the postings read. A term in more items than this is common enough
# that its best-impact (and, on ties, newest) postings are the ones that can rank.
MAX_POSTINGS_PER_TERM = 1000
DOCNO_WIDTH = 12  # zero-padded, so lexicographic order of members is creation order


def docno(n: int) -> str:
    return f"{n:0{DOCNO_WIDTH}d}"


@dataclass(frozen=True)
class DocTerms:
    """One item's contribution: term -> frequency per index, and its length there."""

    a: dict[str, float]
    b: dict[str, float]
    len_a: int
    len_b: int


def _word_counts(text: str) -> Counter[str]:
    # latin_terms deduplicates, so count per whitespace chunk to keep term frequencies.
    return Counter(term for chunk in text.split() for term in latin_terms(chunk))


def doc_terms(item: Item) -> DocTerms:
    """Index the text SqliteStore indexes (domain.indexing.searchable_text and item.context)."""
    text = searchable_text(item)
    words, context = _word_counts(text), _word_counts(item.context)
    bigrams = cjk_bigrams(text)
    trigrams = Counter(run[i : i + 3] for run in cjk_runs(text) for i in range(len(run) - 2))
    a = {"w:" + term: words[term] + CONTEXT_WEIGHT * context[term] for term in words | context}
    a.update({"g:" + gram: BIGRAM_WEIGHT for gram in bigrams})
    return DocTerms(
        a=a,
        b={"t:" + gram: float(tf) for gram, tf in trigrams.items()},
        len_a=sum(words.values()) + sum(context.values()) + len(bigrams),
        len_b=sum(trigrams.values()),
    )


def query_terms(query: SearchQuery) -> tuple[list[list[str]], list[list[str]]]:
    """The query's term groups for index A and index B, in the namespaces doc_terms writes.

    A word that analyses into several terms ("side-tracked", "eu-west-1") is one group: an
    item matches it only with all of them, as FTS5 matches such a word as a phrase."""
    groups: list[list[str]] = []
    seen: set[str] = set()
    for word in query.words:
        terms = [f"w:{term}" for term in dict.fromkeys(latin_terms(word)) if f"w:{term}" not in seen]
        seen.update(terms)
        if terms:
            groups.append(terms)
    groups += [[f"g:{gram}"] for gram in query.cjk_bigrams]
    return groups, [[f"t:{gram}"] for gram in query.cjk_trigrams]


def impact(freq: float, length: int, avg_length: float) -> float:
    """BM25's saturating term-frequency part (FTS5's formula; a column weight scales freq)."""
    return freq * (K1 + 1.0) / (freq + K1 * (1.0 - B + B * length / (avg_length or 1.0)))


def posting(n: int, freq: float, length: int) -> str:
    return f"{docno(n)}:{round(freq, 3):g}:{length}"


def score_postings(groups: list[list[tuple[int, list[str]]]], docs: int, avg_length: float) -> list[tuple[str, float]]:
    """(docno, BM25) best first, ties newest first, from (document frequency, members) per term,
    terms grouped by query word; a group counts only for items holding every term of it."""
    scores: dict[str, float] = {}
    for group in groups:
        partial: dict[str, float] = {}
        holders: set[str] | None = None
        for hits, members in group:
            weight = idf(hits, docs)
            numbers = set()
            for member in members:
                number, freq, length = member.split(":")
                numbers.add(number)
                partial[number] = partial.get(number, 0.0) + weight * impact(float(freq), int(length), avg_length)
            holders = numbers if holders is None else holders & numbers
        for number in holders or ():
            scores[number] = scores.get(number, 0.0) + partial[number]
    return sorted(scores.items(), key=lambda pair: (-pair[1], _neg(pair[0])))


def _neg(number: str) -> int:
    return -int(number)
