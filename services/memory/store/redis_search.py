"""The Redis store's search: BM25 over its inverted index (redis_index), read in one MULTI per index."""

from services.memory.domain.indexing import add_skipped_scores, fuse_indexes, idf, split_common
from services.memory.domain.model import Item, ItemStatus
from services.memory.domain.store_api import SearchQuery
from services.memory.store import redis_index as index
from services.memory.store.redis_commands import Commands
from services.memory.store.redis_faults import redis_translated
from services.memory.store.redis_keys import Keys
from services.memory.store.redis_reads import RedisReads


class RedisSearch(RedisReads):
    """search, on the reads: the session's own document counts, as SqliteStore's."""

    def __init__(self, r: Commands, prefix: str, scored_rows_budget: int):
        super().__init__(r, prefix)
        self.scored_rows_budget = scored_rows_budget

    @redis_translated
    def search(self, session_id: str, query: SearchQuery, *, limit: int, include_superseded: bool) -> list[tuple[Item, float]]:
        terms_a, terms_b = index.query_terms(query)
        lists = []
        if query.words or query.cjk_bigrams:
            matched, skipped = self._split_common(session_id, terms_a)
            found = self._bm25(session_id, matched, "len_a", limit, include_superseded)
            lists.append(add_skipped_scores(found, skipped))
        if query.cjk_trigrams:
            lists.append(self._bm25(session_id, terms_b, "len_b", limit, include_superseded))
        return fuse_indexes(lists)

    def _split_common(self, session_id: str, groups: list[list[str]]) -> tuple[list[list[str]], list[tuple[frozenset[str], float]]]:
        """As SqliteStore: the Latin word groups past SCORED_ROWS_BUDGET postings (rarest first) are
        not read, only rescored by their idf on the rows found; CJK bigram groups are always read."""
        words = [group for group in groups if group[0].startswith("w:")]
        if len(words) < 2:
            return groups, []
        keys = Keys(self.prefix, session_id)
        with self.r.pipeline(transaction=False) as pipe:
            pipe.hget(keys.session, "item_count")
            for term in (term for group in words for term in group):
                pipe.zcard(keys.postings(term))
            replies = pipe.execute()
        documents, counts = int(replies[0] or 0), iter(replies[1:])
        # A word of several terms matches as a phrase: its document frequency is at most its rarest term's.
        hits = [min(next(counts) for _ in group) for group in words]
        # What a group costs is the postings read: at most MAX_POSTINGS_PER_TERM per term.
        # Each group goes in by its position, written as text: split_common names what it splits by a string.
        cost = [(str(n), min(hits[n], index.MAX_POSTINGS_PER_TERM) * len(group)) for n, group in enumerate(words)]
        dropped = [int(n) for n in split_common(cost, self.scored_rows_budget)[1]]
        skipped = [(frozenset(term[2:] for term in words[n]), idf(hits[n], documents)) for n in dropped]
        dropped_groups = [words[n] for n in dropped]
        return [group for group in groups if group not in dropped_groups], skipped

    def _bm25(
        self, session_id: str, groups: list[list[str]], length_field: str, limit: int, include_superseded: bool
    ) -> list[tuple[Item, float]]:
        if not groups:
            return []
        keys = Keys(self.prefix, session_id)
        # One MULTI: document counts and postings read as one snapshot.
        with self.r.pipeline(transaction=True) as pipe:
            pipe.hmget(keys.session, ["item_count", length_field])
            for term in (term for group in groups for term in group):
                pipe.zcard(keys.postings(term))
                pipe.zrevrange(keys.postings(term), 0, index.MAX_POSTINGS_PER_TERM - 1)
            replies = pipe.execute()
        docs, total = int(replies[0][0] or 0), int(replies[0][1] or 0)
        per_term = iter([(replies[i], replies[i + 1]) for i in range(1, len(replies), 2)])
        per_group = [[next(per_term) for _ in group] for group in groups]
        ranked = index.score_postings(per_group, docs, total / docs if docs else 1.0)
        found: list[tuple[Item, float]] = []
        # Superseded items are filtered after scoring, as SqliteStore's WHERE does before LIMIT.
        # Fetch about what the page needs: items hold whole messages, most candidates never show.
        step = max(limit + limit // 2, 16)
        for start in range(0, len(ranked), step):
            chunk = ranked[start : start + step]
            items = dict(self.items(session_id, [n for n, _ in chunk]))
            for n, score in chunk:
                item = items.get(n)
                if item and (include_superseded or item.status is ItemStatus.ACTIVE):
                    found.append((item, score))
                    if len(found) >= limit:
                        return found
        return found
