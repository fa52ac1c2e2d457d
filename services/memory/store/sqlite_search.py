"""The SQLite store's search: BM25 over the FTS5 indexes, scored with each session's own document counts."""

import sqlite3
import threading
from collections import OrderedDict

from services.memory.domain.indexing import add_skipped_scores, fuse_indexes, idf, split_common
from services.memory.domain.model import Item
from services.memory.domain.store_api import SearchQuery
from services.memory.domain.text import term_set
from services.memory.store.sqlite_connections import Connections
from services.memory.store.sqlite_reads import SqliteReads
from services.memory.store.sqlite_rows import ITEM_COLUMNS, JOINED_ITEM_COLUMNS, chunks, item_from_row
from services.memory.store.sqlite_terms import BM25_CJK, BM25_LATIN, LATIN_COLUMNS, namespaced, phrase, term_prefix

_FREQUENCY_CACHE = 8192
# Items hydrated by searches, kept per process: a query reads some hundred rows, and most were read before.
_ITEM_CACHE = 20_000
_MAX_TERM_SELECTS = 400


class SqliteSearch(SqliteReads):
    """search, on the reads; the document frequencies it counts are cached per session."""

    def __init__(self, conns: Connections, scored_rows_budget: int):
        super().__init__(conns)
        self.scored_rows_budget = scored_rows_budget
        self._frequencies: OrderedDict[tuple[str, str, str], tuple[int, int]] = OrderedDict()
        self._frequency_lock = threading.Lock()
        self._items: dict[tuple[int, str, str, str, str], Item] = {}

    def search(self, session_id: str, query: SearchQuery, *, limit: int, include_superseded: bool) -> list[tuple[Item, float]]:
        status = "" if include_superseded else "AND status = 'active'"
        lists: list[list[tuple[Item, float]]] = []
        with self._conns.snapshot():
            if query.words or query.cjk_bigrams:
                lists.append(self._match_terms(session_id, query, status, limit))
            if query.cjk_trigrams:
                expression = "cjk_text : (" + " OR ".join(phrase(g) for g in query.cjk_trigrams) + ")"
                lists.append(self._match_cjk(session_id, expression, status, limit))
        return fuse_indexes(lists)

    def _match_terms(self, session_id: str, query: SearchQuery, status: str, limit: int) -> list[tuple[Item, float]]:
        """BM25 over the Latin words and CJK bigrams, with the session's own document count.

        FTS5's bm25() divides by the rows of the whole file, so the same words would weigh
        differently in a session as other sessions grow. Each term is therefore matched on its
        own, and its score (FTS5's idf times the term-frequency part) is rescaled by the
        session's idf over the file's. Common words beyond the rows budget are rescored, not
        matched (see split_common)."""
        prefix = term_prefix(session_id)
        row = self._conns.reader().execute("SELECT item_count, created_at FROM sessions WHERE session_id = ?", (session_id,)).fetchone()
        # created_at tells a session recreated under the same id (by another worker process too) from the one counted before.
        documents, born = (row["item_count"], row["created_at"]) if row else (0, "")
        words = [(LATIN_COLUMNS + phrase(namespaced(word, prefix)), word) for word in query.words]
        grams = [("cjk_grams : " + phrase(namespaced(gram, prefix)), gram) for gram in query.cjk_bigrams]
        frequencies = {expression: self._frequency((session_id, born, expression), documents) for expression, _ in words + grams}
        if len(words) > 1:
            matched, skipped_expressions = split_common([(e, frequencies[e]) for e, _ in words], self.scored_rows_budget)
        else:
            matched, skipped_expressions = [e for e, _ in words], []
        # SQLite joins at most 500 SELECTs in one compound statement (SQLITE_MAX_COMPOUND_SELECT):
        # the words past that are rescored on the rows found, as the common ones are.
        grams = grams[:_MAX_TERM_SELECTS]
        room = _MAX_TERM_SELECTS - len(grams)
        matched, skipped_expressions = matched[:room], [*skipped_expressions, *matched[room:]]
        file_rows = self._indexed_rows()
        terms = matched + [e for e, _ in grams]
        rescales = [idf(frequencies[e], documents) / idf(frequencies[e], file_rows) for e in terms]
        # One statement, so SQLite sums the terms' scores and joins only the best rows. A few
        # spare rows cover the superseded ones the status filter drops; the session check
        # guards against two sessions whose prefixes collide.
        per_term = " UNION ALL ".join(f"SELECT rowid, -{BM25_LATIN} * ? AS score FROM items_fts WHERE items_fts MATCH ?" for _ in terms)
        # MATERIALIZED: flattened into the aggregate, bm25() would lose its FTS5 cursor.
        # Only what tells a cached Item from a stale one is read here; the full rows of the items not yet
        # cached follow in one lookup (most are cached: a query reads some hundred rows, most read before).
        hits = (
            self._conns.reader()
            .execute(
                f"WITH term_scores AS MATERIALIZED ({per_term}) SELECT items.id, items.status, items.superseded_by, items.source_seqs,"
                " best.score FROM (SELECT rowid, sum(score) AS score FROM term_scores GROUP BY rowid ORDER BY score DESC LIMIT ?) AS best"
                f" JOIN items ON items.id = best.rowid WHERE +items.session_id = ? {status} ORDER BY best.score DESC LIMIT ?",
                (*(value for pair in zip(rescales, terms, strict=True) for value in pair), limit + limit // 4, session_id, limit),
            )
            .fetchall()
        )
        found = self._hydrated(hits, born)
        by_expression = dict(words)
        skipped = [(term_set(by_expression[e]), idf(frequencies[e], documents)) for e in skipped_expressions]
        return add_skipped_scores(found, skipped)

    def _hydrated(self, hits: list[sqlite3.Row], born: str) -> list[tuple[Item, float]]:
        """(id, status, superseded_by, source_seqs, score) rows as (Item, score), reading only the uncached rows whole."""
        # One snapshot: a row read whole below is in the state its hit was.
        items = {row[0]: item for row in hits if (item := self._items.get((row[0], born, row[1], row[2], row[3]))) is not None}
        for chunk in chunks([row[0] for row in hits if row[0] not in items]):
            marks = ",".join("?" * len(chunk))
            for row in self._conns.reader().execute(f"SELECT {ITEM_COLUMNS} FROM items WHERE id IN ({marks})", chunk):
                items[row["id"]] = self._item(row, born)
        return [(items[row[0]], row[4]) for row in hits if row[0] in items]

    def _item(self, row: sqlite3.Row, born: str) -> Item:
        """The row's Item, built once per process for each state of the row. Rows change only in the
        columns of the key (ingest's UPDATE), and a session deleted and created again has another
        created_at (born), so a cached Item is never one the row no longer holds."""
        key = (row["id"], born, row["status"], row["superseded_by"], row["source_seqs"])
        item = self._items.get(key)
        if item is None:
            if len(self._items) >= _ITEM_CACHE:
                self._items.clear()  # cheaper than an LRU's bookkeeping on every hit; refilled in a few queries
            item = self._items[key] = item_from_row(row)
        return item

    def _frequency(self, key: tuple[str, str, str], documents: int) -> int:
        """Rows of the session matching a term's expression; key is (session id, its created_at,
        expression). Counting costs a pass over its postings, so a count is cached while the session
        holds as many items as when it was counted: a count kept while the session grew would make a
        ranking depend on what this process counted before (a restart changed Assemble's answer)."""
        expression = key[2]
        with self._frequency_lock:  # readers of many threads share the cache
            cached = self._frequencies.get(key)
            if cached is not None and documents == cached[1]:
                self._frequencies.move_to_end(key)
                return cached[0]
        count: int = self._conns.reader().execute("SELECT count(*) FROM items_fts WHERE items_fts MATCH ?", (expression,)).fetchone()[0]
        with self._frequency_lock:
            self._frequencies[key] = (count, documents)
            if len(self._frequencies) > _FREQUENCY_CACHE:
                self._frequencies.popitem(last=False)
        return count

    def _indexed_rows(self) -> int:
        """The rows of items_fts, as bm25() counts them: the first varint of FTS5's averages
        record (rowid 1 of its data table), read in one lookup instead of counting the file."""
        row = self._conns.reader().execute("SELECT block FROM items_fts_data WHERE id = 1").fetchone()
        return _varint(row[0]) if row and row[0] else 0

    def _match_cjk(self, session_id: str, expression: str, status: str, limit: int) -> list[tuple[Item, float]]:
        # The trigram index holds only CJK text, so matches are few and are filtered by session
        # after the match: a session token in the MATCH would be a phrase of ~20 trigrams
        # hitting every row of the session.
        rows = self._conns.reader().execute(
            f"SELECT {JOINED_ITEM_COLUMNS}, -{BM25_CJK} AS score FROM items_cjk JOIN items ON items.id = items_cjk.rowid"
            f" WHERE items_cjk MATCH ? AND items.session_id = ? {status} ORDER BY score DESC LIMIT ?",
            (expression, session_id, limit),
        )
        return [(item_from_row(row), row["score"]) for row in rows]

    def _forget_frequencies(self, session_id: str) -> None:
        """Drop a deleted session's cached counts: a session recreated under its id starts afresh."""
        with self._frequency_lock:
            for key in [key for key in self._frequencies if key[0] == session_id]:
                del self._frequencies[key]


def _varint(data: bytes) -> int:
    """SQLite's variable-length integer at the start of data (big-endian 7-bit groups; a ninth byte counts 8 bits)."""
    value = 0
    for index, byte in enumerate(data[:9]):
        if index == 8:
            return (value << 8) | byte
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value
    return value
