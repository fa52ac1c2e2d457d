"""The SQLite store: one file, WAL, FTS5 (porter for Latin text, trigram for CJK)."""

import contextlib
import hashlib
import json
import re
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import structlog

from services.common.errors import Conflict
from services.memory.domain.indexing import (
    CONTEXT_WEIGHT,
    SCORED_ROWS_BUDGET,
    add_skipped_scores,
    fuse_indexes,
    idf,
    searchable_text,
    split_common,
)
from services.memory.domain.ingest import normalize_value
from services.memory.domain.model import (
    DEFAULT_TENANT,
    AppendPlan,
    Event,
    EventKind,
    Item,
    ItemFilter,
    ItemKind,
    ItemStatus,
    SessionState,
    TaskField,
)
from services.memory.domain.store_api import SearchQuery, StoreReader
from services.memory.domain.text import cjk_bigrams, cjk_runs, term_set
from services.memory.store.footprint import Footprint, sqlite_footprint
from services.memory.store.sqlite_connections import Connections
from services.memory.store.sqlite_schema import migrate

log = structlog.get_logger("memory.sqlite")

_ITEM_COLUMNS = (
    "item_id, session_id, kind, key, value, unit, condition, status, superseded_by, lang,"
    " source_seqs, source_event_ids, source_kind, text, task_field, speaker, id"
)
# The same columns, qualified, for queries that join items to an FTS table.
_JOINED_ITEM_COLUMNS = ", ".join(f"items.{c.strip()}" for c in _ITEM_COLUMNS.split(","))
# bm25 weights per FTS column: own words, CJK bigrams, the previous turn.
_BM25_LATIN = f"bm25(items_fts, 1.0, 0.7, {CONTEXT_WEIGHT})"
_BM25_CJK = "bm25(items_cjk)"
_LATIN_COLUMNS = "{search_text context_text} : "
_FREQUENCY_CACHE = 8192
_MAX_TERM_SELECTS = 400
# Plans made on a snapshot that another write to the session overtook, before planning under the lock.
OPTIMISTIC_PLANS = 3


_CONSONANTS = "bcdfghjklmnpqrstvwxz"
_WORD_START = re.compile(r"(?<![^\W_])(?=[^\W_])")


def term_prefix(session_id: str) -> str:
    """The session's namespace in the FTS index: ten consonants from a digest of its id.

    Every indexed word is written as prefix + word, so a query for one session reads only that
    session's postings, and a word's document frequency is counted in the session alone, as in
    the Redis store. FTS5 keeps the document count per table; _match_terms rescales to the
    session's (the average length stays the file's).
    Consonants only: the porter stemmer then stems prefix + word exactly as it stems word.
    """
    digest = hashlib.sha256(session_id.encode()).digest()
    return "".join(_CONSONANTS[byte % len(_CONSONANTS)] for byte in digest[:10])


def namespaced(text: str, prefix: str) -> str:
    """text with every word (a run of letters or digits, as unicode61 splits them) prefixed."""
    # The prefix goes in at each word's start: a literal replacement of an empty match is
    # copied in C, where a group template ("\g<0>") is expanded in Python for every word.
    return _WORD_START.sub(prefix, text)


def _phrase(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


class SqliteStore:
    """Store on one SQLite file. Writes go through one connection under a lock (SQLite serializes
    them anyway); reads, the append planner's included, through a connection per thread on a
    committed snapshot, so a long planning holds up no other session (see sqlite_connections)."""

    name = "sqlite"

    def __init__(self, path: str | Path, *, scored_rows_budget: int = SCORED_ROWS_BUDGET):
        self.path = str(path)
        self.scored_rows_budget = scored_rows_budget
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._frequencies: OrderedDict[tuple[str, str], tuple[int, int]] = OrderedDict()
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode = WAL")
        # FULL: an acknowledged batch survives a power cut, not only a killed process.
        self._db.execute("PRAGMA synchronous = FULL")
        self._db.execute("PRAGMA foreign_keys = ON")
        self._db.execute("PRAGMA busy_timeout = 5000")
        # Deleted rows are overwritten with zeros, not left in free pages (see purge_deleted).
        self._db.execute("PRAGMA secure_delete = ON")
        self.schema_version = migrate(self._db)
        self._conns = Connections(self.path, self._db)
        self._lock = self._conns.lock  # the writer's lock
        self._frequency_lock = threading.Lock()

    # --- reader (also used inside append's transaction) ---------------------
    def session(self, session_id: str) -> SessionState | None:
        row = self._conns.reader().execute("SELECT * FROM sessions WHERE session_id = ?", (session_id,)).fetchone()
        return _session(row) if row else None

    def events_by_ids(self, session_id: str, event_ids: list[str]) -> dict[str, Event]:
        return self._events_by(session_id, "event_id", event_ids)

    def events_by_seqs(self, session_id: str, seqs: list[int]) -> dict[int, Event]:
        return self._events_by(session_id, "seq", seqs)

    def _events_by(self, session_id: str, column: str, values: list) -> dict:
        """The session's events whose `column` (event_id or seq, both indexed) is one of values, by that value."""
        found = {}
        with self._conns.snapshot() as db:
            for chunk in _chunks(list(dict.fromkeys(values))):
                marks = ",".join("?" * len(chunk))
                rows = db.execute(f"SELECT * FROM events WHERE session_id = ? AND {column} IN ({marks})", (session_id, *chunk))
                found.update({row[column]: _event(session_id, row) for row in rows})
        return found

    def active_items_by_keys(self, session_id: str, keys: list[str]) -> dict[str, Item]:
        found: dict[str, Item] = {}
        for chunk in _chunks(list(dict.fromkeys(keys))):
            marks = ",".join("?" * len(chunk))
            rows = self._conns.reader().execute(
                f"SELECT {_ITEM_COLUMNS} FROM items WHERE session_id = ? AND status = 'active' AND key IN ({marks})",
                (session_id, *chunk),
            )
            found.update({row["key"]: _item(row) for row in rows})
        return found

    def find_active_by_value(self, session_id: str, value_norm: str, kinds: Iterable[ItemKind]) -> Item | None:
        kind_values = [k.value for k in kinds]
        marks = ",".join("?" * len(kind_values))
        row = (
            self._conns.reader()
            .execute(
                f"SELECT {_ITEM_COLUMNS} FROM items WHERE session_id = ? AND status = 'active' AND value_norm = ?"
                f" AND kind IN ({marks}) ORDER BY seq DESC LIMIT 1",
                (session_id, value_norm, *kind_values),
            )
            .fetchone()
        )
        return _item(row) if row else None

    def active_items_with_key_prefix(self, session_id: str, prefix: str) -> list[Item]:
        upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
        rows = self._conns.reader().execute(
            f"SELECT {_ITEM_COLUMNS} FROM items WHERE session_id = ? AND status = 'active' AND key >= ? AND key < ?",
            (session_id, prefix, upper),
        )
        return [_item(row) for row in rows]

    def match_items(self, session_id: str, query: SearchQuery, kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        prefix = term_prefix(session_id)
        # The item's own words only: the previous turn (context_text) says nothing of what it is about.
        arms = [f"search_text : ({' OR '.join(_phrase(namespaced(word, prefix)) for word in query.words)})"] if query.words else []
        if query.cjk_bigrams:
            arms.append(f"cjk_grams : ({' OR '.join(_phrase(namespaced(gram, prefix)) for gram in query.cjk_bigrams)})")
        if not arms or limit <= 0:
            return []
        kind_values = [k.value for k in kinds]
        marks = ",".join("?" * len(kind_values))
        with self._conns.snapshot():
            rows = (
                self._conns.reader()
                .execute(
                    f"SELECT {_JOINED_ITEM_COLUMNS} FROM items_fts JOIN items ON items.id = items_fts.rowid"
                    f" WHERE items_fts MATCH ? AND items.session_id = ? AND items.status = 'active' AND items.kind IN ({marks})"
                    f" ORDER BY {_BM25_LATIN} LIMIT ?",
                    (" OR ".join(f"({arm})" for arm in arms), session_id, *kind_values, limit),
                )
                .fetchall()
            )
        return [_item(row) for row in rows]

    # --- writes ---------------------------------------------------------------
    def append(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        """Plan on a committed snapshot without the writer's lock, then write under it if the
        session has not changed since; if it has, plan again. After OPTIMISTIC_PLANS lost races
        the plan is made under the lock, so a session written to without pause still progresses."""
        for _ in range(OPTIMISTIC_PLANS):
            version = self._conns.version(session_id)  # before the snapshot starts: see Connections.committed
            with self._conns.snapshot():
                plan = planner(self)
            if not plan.new_events and not plan.updated_items:
                return plan
            with self._lock:
                if self._conns.version(session_id) == version:
                    return self._write_plan(session_id, plan)
        with self._lock, self._conns.reading_on_writer():
            return self._write_plan(session_id, None, planner)

    def _write_plan(self, session_id: str, plan: AppendPlan | None, planner=None) -> AppendPlan:
        """Apply plan in one transaction (with plan None, make it there with planner); under the lock."""
        with self._written(session_id):
            if plan is None:
                plan = planner(self)
                if not plan.new_events and not plan.updated_items:
                    return plan
            self._ensure_session(session_id, plan.tenant, plan.user_id)
            self._db.executemany(
                "INSERT INTO events (session_id, seq, event_id, kind, text, created_at, attributes, content_hash)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        session_id,
                        e.seq,
                        e.event_id,
                        e.kind.value,
                        e.text,
                        e.created_at,
                        json.dumps([list(a) for a in e.attributes], ensure_ascii=False),
                        e.content_hash,
                    )
                    for e in plan.new_events
                ],
            )
            prefix = term_prefix(session_id)
            self._db.executemany(
                "INSERT INTO items (item_id, session_id, kind, key, value, value_norm, unit, condition, status,"
                " superseded_by, lang, source_seqs, source_event_ids, source_kind, text, task_field, seq,"
                " search_text, cjk_grams, cjk_text, context_text, speaker) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [self._item_row(item, prefix) for item in plan.new_items],
            )
            self._db.executemany(
                "UPDATE items SET status = ?, superseded_by = ?, source_seqs = ?, source_event_ids = ?, seq = ? WHERE item_id = ?",
                [
                    (
                        i.status.value,
                        i.superseded_by,
                        json.dumps(list(i.source_seqs)),
                        json.dumps(list(i.source_event_ids)),
                        i.seq,
                        i.item_id,
                    )
                    for i in plan.updated_items.values()
                ],
            )
            self._db.execute(
                "UPDATE sessions SET last_seq = ?, checkpoint_seq = ?, closed = ?, event_count = event_count + ?,"
                " item_count = item_count + ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE session_id = ?",
                (plan.last_seq, plan.checkpoint_seq, int(plan.closed), len(plan.new_events), len(plan.new_items), session_id),
            )
            return plan

    @staticmethod
    def _item_row(item: Item, prefix: str) -> tuple:
        searchable = searchable_text(item)
        return (
            item.item_id,
            item.session_id,
            item.kind.value,
            item.key,
            item.value,
            normalize_value(item.value),
            item.unit,
            item.condition,
            item.status.value,
            item.superseded_by,
            item.lang,
            json.dumps(list(item.source_seqs)),
            json.dumps(list(item.source_event_ids)),
            item.source_kind.value,
            item.text,
            item.task_field.value if item.task_field else "",
            item.seq,
            namespaced(searchable, prefix),
            namespaced(" ".join(cjk_bigrams(searchable)), prefix),
            " ".join(cjk_runs(searchable)),
            namespaced(item.context, prefix),
            item.speaker,
        )

    def compact(self, session_id: str, up_to_seq: int, summary: str) -> int | None:
        with self._lock, self._written(session_id):
            if self._session_on_writer(session_id) is None:
                return None  # deleted since the caller looked
            self._db.execute("INSERT INTO compactions (session_id, up_to_seq, summary) VALUES (?, ?, ?)", (session_id, up_to_seq, summary))
            self._db.execute(
                "UPDATE sessions SET checkpoint_seq = MAX(checkpoint_seq, ?), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
                " WHERE session_id = ?",
                (up_to_seq, session_id),
            )
            return self._session_on_writer(session_id).checkpoint_seq

    def open_session(self, session_id: str, *, tenant: str = DEFAULT_TENANT, user_id: str = "") -> tuple[SessionState, bool]:
        with self._lock, self._written(session_id):
            resumed = self._session_on_writer(session_id) is not None
            self._ensure_session(session_id, tenant, user_id)
            # Only the owner's session is reopened; another tenant's is left as it is.
            self._db.execute("UPDATE sessions SET closed = 0 WHERE session_id = ? AND tenant = ?", (session_id, tenant))
            return self._session_on_writer(session_id), resumed

    def close_session(self, session_id: str) -> SessionState | None:
        with self._lock, self._written(session_id):
            self._db.execute("UPDATE sessions SET closed = 1 WHERE session_id = ?", (session_id,))
            return self._session_on_writer(session_id)

    def delete_session(self, session_id: str) -> tuple[int, int]:
        with self._lock, self._written(session_id):
            state = self._session_on_writer(session_id)
            # Items first, row by row through the trigger, so the FTS indexes forget them too.
            self._db.execute("DELETE FROM items WHERE session_id = ?", (session_id,))
            self._db.execute("DELETE FROM events WHERE session_id = ?", (session_id,))
            self._db.execute("DELETE FROM sessions WHERE session_id = ?", (session_id,))
            with self._frequency_lock:
                for key in [key for key in self._frequencies if key[0] == session_id]:
                    del self._frequencies[key]
            return (state.event_count, state.item_count) if state else (0, 0)

    # --- queries ----------------------------------------------------------------
    def search(self, session_id: str, query: SearchQuery, *, limit: int, include_superseded: bool) -> list[tuple[Item, float]]:
        status = "" if include_superseded else "AND status = 'active'"
        lists: list[list[tuple[Item, float]]] = []
        with self._conns.snapshot():
            if query.words or query.cjk_bigrams:
                lists.append(self._match_terms(session_id, query, status, limit))
            if query.cjk_trigrams:
                expression = "cjk_text : (" + " OR ".join(_phrase(g) for g in query.cjk_trigrams) + ")"
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
        state = self.session(session_id)
        documents = state.item_count if state else 0
        words = [(_LATIN_COLUMNS + _phrase(namespaced(word, prefix)), word) for word in query.words]
        grams = [("cjk_grams : " + _phrase(namespaced(gram, prefix)), gram) for gram in query.cjk_bigrams]
        frequencies = {expression: self._frequency(session_id, expression, documents) for expression, _ in words + grams}
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
        per_term = " UNION ALL ".join(f"SELECT rowid, -{_BM25_LATIN} * ? AS score FROM items_fts WHERE items_fts MATCH ?" for _ in terms)
        # MATERIALIZED: flattened into the aggregate, bm25() would lose its FTS5 cursor.
        rows = self._conns.reader().execute(
            f"WITH term_scores AS MATERIALIZED ({per_term}) SELECT {_JOINED_ITEM_COLUMNS}, best.score FROM"
            " (SELECT rowid, sum(score) AS score FROM term_scores GROUP BY rowid ORDER BY score DESC LIMIT ?) AS best"
            f" JOIN items ON items.id = best.rowid WHERE +items.session_id = ? {status} ORDER BY best.score DESC LIMIT ?",
            (*(value for pair in zip(rescales, terms, strict=True) for value in pair), limit + limit // 4, session_id, limit),
        )
        found = [(_item(row), row["score"]) for row in rows]
        by_expression = dict(words)
        skipped = [(term_set(by_expression[e]), idf(frequencies[e], documents)) for e in skipped_expressions]
        return add_skipped_scores(found, skipped)

    def _frequency(self, session_id: str, expression: str, documents: int) -> int:
        """Rows of the session matching a term's expression. Counting costs a pass over its
        postings, so counts are cached until the session has grown by a quarter."""
        key = (session_id, expression)
        with self._frequency_lock:  # readers of many threads share the cache
            cached = self._frequencies.get(key)
            if cached is not None and documents <= cached[1] * 1.25:
                self._frequencies.move_to_end(key)
                return cached[0]
        count = self._conns.reader().execute("SELECT count(*) FROM items_fts WHERE items_fts MATCH ?", (expression,)).fetchone()[0]
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
            f"SELECT {_JOINED_ITEM_COLUMNS}, -{_BM25_CJK} AS score FROM items_cjk JOIN items ON items.id = items_cjk.rowid"
            f" WHERE items_cjk MATCH ? AND items.session_id = ? {status} ORDER BY score DESC LIMIT ?",
            (expression, session_id, limit),
        )
        return [(_item(row), row["score"]) for row in rows]

    def list_items(self, session_id: str, flt: ItemFilter, *, after: int, limit: int) -> tuple[list[Item], int]:
        clauses, params = ["session_id = ?", "id > ?"], [session_id, after]
        if flt.kind:
            clauses.append("kind = ?")
            params.append(flt.kind.value)
        if flt.status:
            clauses.append("status = ?")
            params.append(flt.status.value)
        if flt.key:
            clauses.append("key = ?")
            params.append(flt.key)
        with self._conns.snapshot():
            rows = (
                self._conns.reader()
                .execute(f"SELECT {_ITEM_COLUMNS} FROM items WHERE {' AND '.join(clauses)} ORDER BY id LIMIT ?", (*params, limit + 1))
                .fetchall()
            )
        page = rows[:limit]
        return [_item(r) for r in page], (page[-1]["id"] if len(rows) > limit else 0)

    def active_items_of_kinds(self, session_id: str, kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        kind_values = [k.value for k in kinds]
        marks = ",".join("?" * len(kind_values))
        with self._conns.snapshot():
            rows = (
                self._conns.reader()
                .execute(
                    f"SELECT {_ITEM_COLUMNS} FROM items WHERE session_id = ? AND kind IN ({marks}) AND status = 'active'"
                    " ORDER BY seq DESC, id DESC LIMIT ?",
                    (session_id, *kind_values, limit),
                )
                .fetchall()
            )
        return [_item(r) for r in rows]

    def closed_items_of_kinds(self, session_id: str, kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        kind_values = [k.value for k in kinds]
        marks = ",".join("?" * len(kind_values))
        with self._conns.snapshot():
            rows = (
                self._conns.reader()
                .execute(
                    f"SELECT {_ITEM_COLUMNS} FROM items WHERE session_id = ? AND kind IN ({marks}) AND status = 'superseded'"
                    " ORDER BY seq DESC, id DESC LIMIT ?",
                    (session_id, *kind_values, limit),
                )
                .fetchall()
            )
        return [_item(r) for r in rows]

    def items_by_ids(self, session_id: str, item_ids: list[str]) -> dict[str, Item]:
        found: dict[str, Item] = {}
        with self._conns.snapshot():
            for chunk in _chunks(list(dict.fromkeys(item_ids))):
                marks = ",".join("?" * len(chunk))
                rows = self._conns.reader().execute(
                    f"SELECT {_ITEM_COLUMNS} FROM items WHERE session_id = ? AND item_id IN ({marks})", (session_id, *chunk)
                )
                found.update({row["item_id"]: _item(row) for row in rows})
        return found

    def iter_events(self, session_id: str) -> Iterator[Event]:
        with self._conns.snapshot():
            rows = self._conns.reader().execute("SELECT * FROM events WHERE session_id = ? ORDER BY seq", (session_id,)).fetchall()
        return (_event(session_id, row) for row in rows)

    def iter_items(self, session_id: str) -> Iterator[Item]:
        with self._conns.snapshot():
            rows = (
                self._conns.reader()
                .execute(f"SELECT {_ITEM_COLUMNS} FROM items WHERE session_id = ? ORDER BY id", (session_id,))
                .fetchall()
            )
        return (_item(row) for row in rows)

    def footprint(self) -> Footprint:
        """Size on disk and items by kind and status, for the metrics endpoint."""
        return sqlite_footprint(self.path, self._conns.reader())

    def close(self) -> None:
        with self._lock:
            self._conns.close()
            # A statistics refresh only: a full or read-only file must still close cleanly.
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("PRAGMA optimize")
            self._db.close()

    # --- helpers ----------------------------------------------------------------
    def _ensure_session(self, session_id: str, tenant: str = DEFAULT_TENANT, user_id: str = "") -> None:
        self._db.execute(
            "INSERT INTO sessions (session_id, sess, tenant, user_id) VALUES (?, ?, ?, ?) ON CONFLICT (session_id) DO NOTHING",
            (session_id, term_prefix(session_id), tenant, user_id),
        )
        if user_id:
            # A session stored without an end user takes the first one its owner names.
            self._db.execute(
                "UPDATE sessions SET user_id = ? WHERE session_id = ? AND tenant = ? AND user_id = ''", (user_id, session_id, tenant)
            )

    # --- tenants and the data lifecycle -------------------------------------------
    def list_sessions(self, tenant: str, *, user_id: str, after: str, limit: int) -> list[SessionState]:
        user_clause = "AND user_id = ?" if user_id else ""
        with self._conns.snapshot() as db:
            rows = db.execute(
                f"SELECT * FROM sessions WHERE tenant = ? {user_clause} AND session_id > ? ORDER BY session_id LIMIT ?",
                (tenant, *([user_id] if user_id else []), after, limit),
            ).fetchall()
        return [_session(row) for row in rows]

    def import_session(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        """append for a whole imported session; item ids are unique in the file, and a document
        may name ids another session holds."""
        try:
            return self.append(session_id, planner)
        except sqlite3.IntegrityError as exc:
            raise Conflict(
                f"the document's item ids are already used by another session; import it under a new session_id ({exc})"
            ) from exc

    def purge_deleted(self) -> None:
        """Leave no trace of deleted rows in the files: secure_delete (set at connect) zeroes freed
        cells and pages, 'optimize' rewrites each FTS5 index as one segment (its 'delete' markers
        otherwise leave the old terms in older segments), and a TRUNCATE checkpoint copies the
        pages into the main file and empties the WAL, which still held the deleted text."""
        with self._lock:
            self._db.execute("INSERT INTO items_fts (items_fts) VALUES ('optimize')")
            self._db.execute("INSERT INTO items_cjk (items_cjk) VALUES ('optimize')")
            busy, _, _ = self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        if busy:
            # A reader kept its snapshot past busy_timeout: the next delete's checkpoint finishes the job.
            log.warning("wal_checkpoint_incomplete", path=self.path)

    def _transaction(self):
        return _Transaction(self._db)

    @contextlib.contextmanager
    def _written(self, session_id: str):
        """A write transaction on the writer (hold the lock); a commit bumps the session's version."""
        with self._transaction():
            yield
        self._conns.committed(session_id)

    def _session_on_writer(self, session_id: str) -> SessionState | None:
        row = self._db.execute("SELECT * FROM sessions WHERE session_id = ?", (session_id,)).fetchone()
        return _session(row) if row else None


class _Transaction:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type, exc, tb):
        if not exc_type:
            self.db.execute("COMMIT")
        elif self.db.in_transaction:
            # SQLite has already rolled back after some errors (SQLITE_FULL, SQLITE_IOERR): a
            # second ROLLBACK would fail and hide the error that says what happened.
            self.db.execute("ROLLBACK")
        return False


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


def _chunks(values: list, size: int = 500) -> Iterator[list]:
    for start in range(0, len(values), size):
        yield values[start : start + size]


def _session(row: sqlite3.Row) -> SessionState:
    return SessionState(
        session_id=row["session_id"],
        last_seq=row["last_seq"],
        checkpoint_seq=row["checkpoint_seq"],
        closed=bool(row["closed"]),
        event_count=row["event_count"],
        item_count=row["item_count"],
        tenant=row["tenant"],
        user_id=row["user_id"],
    )


def _event(session_id: str, row: sqlite3.Row) -> Event:
    return Event(
        session_id=session_id,
        seq=row["seq"],
        event_id=row["event_id"],
        kind=EventKind(row["kind"]),
        text=row["text"],
        created_at=row["created_at"],
        attributes=tuple(tuple(pair) for pair in json.loads(row["attributes"])),
    )


_ITEM_KINDS = {kind.value: kind for kind in ItemKind}
_STATUSES = {status.value: status for status in ItemStatus}
_EVENT_KINDS = {kind.value: kind for kind in EventKind}
_TASK_FIELDS = {field.value: field for field in TaskField}


def _json_list(raw: str) -> tuple:
    # Search hydrates hundreds of items per query; most lists hold one plain value.
    if raw.startswith('["') and raw.endswith('"]') and "," not in raw and "\\" not in raw:
        return (raw[2:-2],)
    return tuple(json.loads(raw))


def _seq_list(raw: str) -> tuple[int, ...]:
    return (int(raw[1:-1]),) if "," not in raw and raw[1:-1].isdigit() else tuple(json.loads(raw))


def _item(row: sqlite3.Row) -> Item:
    return Item(
        item_id=row["item_id"],
        session_id=row["session_id"],
        kind=_ITEM_KINDS[row["kind"]],
        key=row["key"],
        value=row["value"],
        unit=row["unit"],
        condition=row["condition"],
        status=_STATUSES[row["status"]],
        superseded_by=row["superseded_by"],
        lang=row["lang"],
        source_seqs=_seq_list(row["source_seqs"]),
        source_event_ids=_json_list(row["source_event_ids"]),
        source_kind=_EVENT_KINDS[row["source_kind"]],
        text=row["text"],
        task_field=_TASK_FIELDS.get(row["task_field"]),
        speaker=row["speaker"],
    )
