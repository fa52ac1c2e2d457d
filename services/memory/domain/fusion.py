"""Hybrid retrieval: the lexical ranking fused with a dense (embedding) ranking.

Reciprocal rank fusion, because the two scores are not comparable (a BM25-based relevance with
boosts against a cosine) while their ranks are: an entry scores 1/(k + rank) in each list it is
in, and the sums are sorted. Fusion is at the turn level: the dense index holds one quote per
turn, and a turn the lexical ranking already placed keeps the lexical item (often a fact or
number derived from the turn, which says more than the quote); only turns the lexical ranking
missed enter as their quote.
"""

from collections.abc import Iterable
from typing import Protocol

from services.memory.domain.model import Item, ItemStatus, ScoredItem
from services.memory.domain.store_api import Store

# The constant of Cormack et al.'s reciprocal rank fusion: large enough that a first place in
# one list does not outweigh good places in both.
RRF_K = 60
# How deep each list is read for fusion: a turn ranked low by one method and high by the other
# must be in both lists to gain from both.
DEPTH_PER_RESULT = 3
MIN_DEPTH = 30


class DenseRetriever(Protocol):
    """What MemoryCore needs from a dense index (services.memory.embeddings.DenseIndex)."""

    build: str  # which encoder runs, for GetCapabilities

    def search(self, store: Store, session_id: str, query: str, limit: int) -> list[tuple[Item, float]]:
        """Active evidence items of the session, most similar to the query first."""
        ...

    def forget(self, session_id: str) -> None: ...


def fusion_depth(limit: int) -> int:
    return max(limit * DEPTH_PER_RESULT, MIN_DEPTH)


def fuse_rankings(
    lexical: list[ScoredItem],
    dense: Iterable[tuple[Item, float]],
    *,
    limit: int,
    include_superseded: bool,
    k: int = RRF_K,
) -> list[ScoredItem]:
    """The lexical and dense rankings fused by reciprocal rank; scores are the fused sums.

    A lexical entry gains the dense term of the best-ranked dense turn among its source turns
    (each dense turn is counted once, for the first lexical entry that holds it); a dense turn
    no lexical entry holds enters with its dense term alone. Ties keep the lexical order."""
    if k <= 0:
        raise ValueError(f"k is {k}; reciprocal rank fusion needs k > 0")
    dense_rank: dict[str, int] = {}  # event id -> 1-based rank of its turn in the dense list
    dense_items: list[tuple[int, Item]] = []
    for item, _ in dense:
        if item.status is ItemStatus.SUPERSEDED and not include_superseded:
            continue
        fresh = [event for event in item.source_event_ids if event not in dense_rank]
        if fresh:  # ranks count turns: a second quote of a ranked turn takes no place
            position = len(dense_items) + 1
            dense_rank.update(dict.fromkeys(fresh, position))
            dense_items.append((position, item))

    fused: list[tuple[float, int, int, Item]] = []  # (score, lexical position, dense position, item)
    claimed: set[str] = set()  # dense turns already credited to a lexical entry
    for position, entry in enumerate(lexical, start=1):
        # Several entries may come from one turn (a rule and a number of the same sentence): the
        # first of them takes the turn's dense term, so a turn is not counted twice.
        turns = [event for event in entry.item.source_event_ids if event in dense_rank and event not in claimed]
        claimed.update(turns)
        best = min((dense_rank[event] for event in turns), default=None)
        score = 1.0 / (k + position) + (1.0 / (k + best) if best is not None else 0.0)
        fused.append((score, position, best or 0, entry.item))
    lexical_turns = {event for entry in lexical for event in entry.item.source_event_ids}
    tail = len(lexical) + 1
    for position, item in dense_items:
        if lexical_turns.isdisjoint(item.source_event_ids):
            fused.append((1.0 / (k + position), tail, position, item))
    fused.sort(key=lambda entry: (-entry[0], entry[1], entry[2]))
    return [ScoredItem(item, round(score, 6)) for score, _, _, item in fused[:limit]]
