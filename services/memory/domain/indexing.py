"""What a store indexes for an item: one definition, so SQLite and Redis search the same text."""

import math
from collections.abc import Sequence
from datetime import datetime

from services.memory import regex_cache
from services.memory.domain.lemmas import base_forms
from services.memory.domain.model import Event, Item, ItemKind
from services.memory.domain.relative_dates import resolved_dates
from services.memory.domain.text import cjk_runs, latin_terms, term_set

_GLUED_TO_CJK = regex_cache.compile(r"(?<=[\u3400-\u9fff])[A-Za-z0-9][A-Za-z0-9_.%\-]*|[A-Za-z0-9][A-Za-z0-9_.%\-]*(?=[\u3400-\u9fff])")
# How much the turns before an evidence turn (item.context) count against the item's own words.
CONTEXT_WEIGHT = 0.4
# The quotable turns before an evidence turn that are indexed with it, and how much of each. Two,
# because a reply often names its topic neither itself nor in the short question just before it:
# "I finished my first screenplay!" / "What's it about?" / "A mix of drama and romance."
CONTEXT_TURNS = 2
CONTEXT_CHARS = 300


def turns_context(before: Sequence[str]) -> str:
    """item.context of an evidence turn, from the texts of the quotable turns before it, oldest first."""
    return " ".join(text[:CONTEXT_CHARS] for text in before[-CONTEXT_TURNS:])


def event_metadata(event: Event) -> str:
    """The host's metadata of an event as searchable words: attribute values, the date, and the dates
    its text names relative to it ("last month").

    Hosts send who spoke, in which session, image captions...; a question often names them
    ("what did Caroline say in May 2023?")."""
    parts = [value for _, value in event.attributes if value]
    if event.created_at:
        try:
            moment = datetime.fromisoformat(event.created_at.replace("Z", "+00:00"))
        except ValueError:
            return " ".join(parts)
        parts.append(f"{moment.day} {moment.strftime('%B %Y')}")
        parts += resolved_dates(event.text, moment)
    return " ".join(parts)


def searchable_text(item: Item) -> str:
    """The item's own searchable text: its key (not for quotes), value, unit, condition, source
    sentence and its event's metadata. The turns before it (item.context) are indexed apart, at a lower weight."""
    # A derived item's key and value usually repeat words of its sentence; indexing them again
    # would count those words twice and lift the item over plain quotes of equal relevance.
    own = (item.subject if item.kind is not ItemKind.EVIDENCE else "", item.value, item.unit, item.condition)
    parts, sentence_terms = [], None
    for part in own:
        if not part or part in item.text:
            continue
        if not cjk_runs(part):
            # The sentence's words, read once for all the parts that need them.
            sentence_terms = set(latin_terms(item.text)) if sentence_terms is None else sentence_terms
            if sentence_terms.issuperset(latin_terms(part)):
                continue
        parts.append(part)
    # The base forms of its irregular words ("I bought it" is also "buy"), which a question may ask by.
    parts += [item.text, item.metadata, " ".join(base_forms(item.text))]
    if cjk_runs(item.text):
        # A figure or a Latin word written against Chinese ("最多30个团员", "用Jest跑") is a word of its own too.
        parts.append(" ".join(_GLUED_TO_CJK.findall(item.text)))
    return " \n".join(part for part in parts if part)


def fuse_indexes(lists: list[list[tuple[Item, float]]]) -> list[tuple[Item, float]]:
    """Merge the matches of several indexes (Latin words, CJK trigrams): each list's scores are
    normalized to its best match and summed, so no index dominates by scale."""
    if len(lists) == 1:
        return lists[0]
    merged: dict[str, tuple[Item, float]] = {}
    for entries in lists:
        best = max((score for _, score in entries), default=0.0) or 1.0
        for item, score in entries:
            kept, total = merged.get(item.item_id, (item, 0.0))
            merged[item.item_id] = (kept, total + score / best)
    return sorted(merged.values(), key=lambda pair: -pair[1])


# FTS5 scores every row that holds any query word, so a query's cost is the sum of its words'
# document frequencies: a word held by thousands of rows costs the most and, by its low idf,
# tells the least. Words beyond this many rows (rarest first) are not matched, only rescored.
SCORED_ROWS_BUDGET = 3000


def split_common(frequencies: list[tuple[str, int]], budget: int = SCORED_ROWS_BUDGET) -> tuple[list[str], list[str]]:
    """(matched, skipped) words: the rarest whose document frequencies fit the budget, the
    rarest always; the rest are skipped. Below the budget nothing changes."""
    matched: list[str] = []
    skipped: list[str] = []
    rows = 0
    for word, frequency in sorted(frequencies, key=lambda pair: pair[1]):
        if not matched or rows + frequency <= budget:
            matched.append(word)
            rows += frequency
        else:
            skipped.append(word)
    return matched, skipped


def idf(frequency: int, documents: int) -> float:
    """BM25's inverse document frequency, as FTS5 computes it (never below a small positive floor)."""
    return max(math.log((documents - frequency + 0.5) / (frequency + 0.5)), 1e-6)


def add_skipped_scores(found: list[tuple[Item, float]], skipped: list[tuple[frozenset[str], float]]) -> list[tuple[Item, float]]:
    """The matched rows, best first, with what the skipped words (their terms, their idf) add to
    each: their idf where the item's text holds them (one occurrence at average length: BM25's term score)."""
    if not skipped:
        return found
    rescored = []
    for item, score in found:
        held = term_set(item.text)
        rescored.append((item, score + sum(weight for terms, weight in skipped if held >= terms)))
    return sorted(rescored, key=lambda pair: -pair[1])
