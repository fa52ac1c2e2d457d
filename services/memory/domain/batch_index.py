"""This batch's new items, indexed as the planner adds them (see ingest.plan_append)."""

import itertools
from collections.abc import Iterable, Iterator

from services.memory.domain.model import Item, ItemKind, ItemStatus
from services.memory.domain.text import term_set

CORRECTABLE_KINDS = (ItemKind.FACT, ItemKind.NUMBER)
# Of this batch's items that share a word with a correction, the newest this many per word.
MATCH_POSTINGS = 200
# Keys of up to this many words find the batch's items keyed by a part of them through every subset.
_SUBSET_WORDS = 10


class BatchIndex:
    """This batch's new items, indexed as they are planned, so that a lookup costs what it finds
    rather than the size of the batch (a scan per statement made planning quadratic: a batch
    of 10,000 facts took over half a minute). Only active items are indexed: every lookup
    wants active ones, and an item never becomes active again once superseded."""

    def __init__(self, items: list[Item]):
        self.items = items  # the plan's new_items, in creation order
        self.position: dict[str, int] = {}
        self.correctable: dict[str, None] = {}  # active facts and numbers, oldest first
        self.by_namespace: dict[str, dict[str, None]] = {}  # "rule:", "task:", "task:open:" -> ids
        self.by_subject_term: dict[str, dict[str, None]] = {}  # facts and numbers by the words of their subject
        self.by_subject: dict[frozenset[str], dict[str, None]] = {}
        self.by_text_term: dict[str, dict[str, None]] = {}

    def get(self, item_id: str) -> Item:
        return self.items[self.position[item_id]]

    def ordered(self, ids: Iterable[str], *, newest_first: bool = False) -> list[Item]:
        return [self.items[p] for p in sorted((self.position[i] for i in ids), reverse=newest_first)]

    def add(self, item: Item) -> None:
        self.position[item.item_id] = len(self.items)
        self.items.append(item)
        if item.status is ItemStatus.ACTIVE:
            self._index(item)

    def replace(self, item: Item) -> bool:
        """Rewrite a new item in place; False when item is not one of this batch's."""
        position = self.position.get(item.item_id)
        if position is None:
            return False
        self.items[position] = item
        if item.status is not ItemStatus.ACTIVE:
            self._unindex(item)
        return True

    def _postings(self, item: Item) -> Iterator[dict[str, None]]:
        if item.kind in CORRECTABLE_KINDS:
            subject = term_set(item.subject)
            yield self.by_subject.setdefault(subject, {})
            for term in subject:
                yield self.by_subject_term.setdefault(term, {})
            yield self.correctable
        for namespace in namespaces(item.key):
            yield self.by_namespace.setdefault(namespace, {})
        for term in term_set(item.text):
            yield self.by_text_term.setdefault(term, {})

    def _index(self, item: Item) -> None:
        for postings in self._postings(item):
            postings[item.item_id] = None

    def _unindex(self, item: Item) -> None:
        for postings in self._postings(item):
            postings.pop(item.item_id, None)

    def latest_correctable(self, limit: int) -> list[str]:
        latest: list[str] = []
        for item_id in reversed(self.correctable):
            if len(latest) == limit:
                break
            latest.append(item_id)
        return latest

    def nested_subjects(self, key: str) -> set[str]:
        """Facts and numbers whose subject words hold all of key's or lie within them: the only
        ones a statement without an update marker may replace (subjects._score)."""
        words = term_set(key)
        if not words:
            return set()
        postings = sorted((self.by_subject_term.get(word, {}) for word in words), key=len)
        found = {i for i in postings[0] if all(i in other for other in postings[1:])}
        if len(words) <= _SUBSET_WORDS:
            listed = sorted(words)
            for mask in range(1, 1 << len(listed)):
                subset = frozenset(word for bit, word in enumerate(listed) if mask >> bit & 1)
                found.update(self.by_subject.get(subset, ()))
        else:
            found.update(i for p in postings for i in p if term_set(self.get(i).subject) <= words)
        return found

    def sharing_words(self, wanted: frozenset[str]) -> set[str]:
        """Items whose text shares a word with wanted; the newest MATCH_POSTINGS per word, as
        the Redis store reads its postings, so a word said in thousands of turns stays cheap."""
        found: set[str] = set()
        for word in wanted:
            postings = self.by_text_term.get(word)
            if postings:
                found.update(itertools.islice(reversed(postings), MATCH_POSTINGS))
        return found


def namespaces(key: str) -> tuple[str, ...]:
    """ "task:open:x" -> ("task:", "task:open:"): the prefixes active_with_prefix is asked for."""
    parts = key.split(":")
    return tuple(":".join(parts[:n]) + ":" for n in range(1, min(len(parts), 3)))
