"""The SQLite store's reads: sessions, events and items by id, key, value or kind, pages and whole sessions."""

from collections.abc import Iterable, Iterator
from typing import TypeVar

from services.memory.domain.model import Event, Item, ItemFilter, ItemKind, SessionState
from services.memory.domain.store_api import SearchQuery
from services.memory.store.sqlite_connections import Connections
from services.memory.store.sqlite_rows import (
    ITEM_COLUMNS,
    JOINED_ITEM_COLUMNS,
    chunks,
    event_from_row,
    item_from_row,
    session_from_row,
)
from services.memory.store.sqlite_terms import BM25_LATIN, namespaced, phrase, term_prefix

# What _events_by looks events up by: an event_id or a seq.
K = TypeVar("K", bound=str | int)


class SqliteReads:
    """The StoreReader (the append planner's reads, on this thread's snapshot) and the other reads.

    Every read goes through Connections.reader(): a committed snapshot of this thread, or the
    writer itself while a plan is made under the writer's lock."""

    def __init__(self, conns: Connections):
        self._conns = conns

    # --- reader (also used inside append's transaction) ---------------------
    def session(self, session_id: str) -> SessionState | None:
        row = self._conns.reader().execute("SELECT * FROM sessions WHERE session_id = ?", (session_id,)).fetchone()
        return session_from_row(row) if row else None

    def events_by_ids(self, session_id: str, event_ids: list[str]) -> dict[str, Event]:
        return self._events_by(session_id, "event_id", event_ids)

    def events_by_seqs(self, session_id: str, seqs: list[int]) -> dict[int, Event]:
        return self._events_by(session_id, "seq", seqs)

    def _events_by(self, session_id: str, column: str, values: list[K]) -> dict[K, Event]:
        """The session's events whose `column` (event_id or seq, both indexed) is one of values, by that value."""
        found: dict[K, Event] = {}
        with self._conns.snapshot() as db:
            for chunk in chunks(list(dict.fromkeys(values))):
                marks = ",".join("?" * len(chunk))
                rows = db.execute(f"SELECT * FROM events WHERE session_id = ? AND {column} IN ({marks})", (session_id, *chunk))
                found.update({row[column]: event_from_row(session_id, row) for row in rows})
        return found

    def active_items_by_keys(self, session_id: str, keys: list[str]) -> dict[str, Item]:
        found: dict[str, Item] = {}
        for chunk in chunks(list(dict.fromkeys(keys))):
            marks = ",".join("?" * len(chunk))
            rows = self._conns.reader().execute(
                f"SELECT {ITEM_COLUMNS} FROM items WHERE session_id = ? AND status = 'active' AND key IN ({marks})",
                (session_id, *chunk),
            )
            found.update({row["key"]: item_from_row(row) for row in rows})
        return found

    def find_active_by_value(self, session_id: str, value_norm: str, kinds: Iterable[ItemKind]) -> Item | None:
        kind_values = [k.value for k in kinds]
        marks = ",".join("?" * len(kind_values))
        row = (
            self._conns.reader()
            .execute(
                f"SELECT {ITEM_COLUMNS} FROM items WHERE session_id = ? AND status = 'active' AND value_norm = ?"
                f" AND kind IN ({marks}) ORDER BY seq DESC LIMIT 1",
                (session_id, value_norm, *kind_values),
            )
            .fetchone()
        )
        return item_from_row(row) if row else None

    def active_items_with_key_prefix(self, session_id: str, prefix: str) -> list[Item]:
        upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
        rows = self._conns.reader().execute(
            f"SELECT {ITEM_COLUMNS} FROM items WHERE session_id = ? AND status = 'active' AND key >= ? AND key < ?",
            (session_id, prefix, upper),
        )
        return [item_from_row(row) for row in rows]

    def match_items(self, session_id: str, query: SearchQuery, kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        prefix = term_prefix(session_id)
        # The item's own words only: the turns before (context_text) say nothing of what it is about.
        arms = [f"search_text : ({' OR '.join(phrase(namespaced(word, prefix)) for word in query.words)})"] if query.words else []
        if query.cjk_bigrams:
            arms.append(f"cjk_grams : ({' OR '.join(phrase(namespaced(gram, prefix)) for gram in query.cjk_bigrams)})")
        if not arms or limit <= 0:
            return []
        kind_values = [k.value for k in kinds]
        marks = ",".join("?" * len(kind_values))
        with self._conns.snapshot():
            rows = (
                self._conns.reader()
                .execute(
                    f"SELECT {JOINED_ITEM_COLUMNS} FROM items_fts JOIN items ON items.id = items_fts.rowid"
                    f" WHERE items_fts MATCH ? AND items.session_id = ? AND items.status = 'active' AND items.kind IN ({marks})"
                    f" ORDER BY {BM25_LATIN} LIMIT ?",
                    (" OR ".join(f"({arm})" for arm in arms), session_id, *kind_values, limit),
                )
                .fetchall()
            )
        return [item_from_row(row) for row in rows]

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
                .execute(f"SELECT {ITEM_COLUMNS} FROM items WHERE {' AND '.join(clauses)} ORDER BY id LIMIT ?", (*params, limit + 1))
                .fetchall()
            )
        page = rows[:limit]
        return [item_from_row(r) for r in page], (page[-1]["id"] if len(rows) > limit else 0)

    def active_items_of_kinds(self, session_id: str, kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        kind_values = [k.value for k in kinds]
        marks = ",".join("?" * len(kind_values))
        with self._conns.snapshot():
            rows = (
                self._conns.reader()
                .execute(
                    f"SELECT {ITEM_COLUMNS} FROM items WHERE session_id = ? AND kind IN ({marks}) AND status = 'active'"
                    " ORDER BY seq DESC, id DESC LIMIT ?",
                    (session_id, *kind_values, limit),
                )
                .fetchall()
            )
        return [item_from_row(r) for r in rows]

    def closed_items_of_kinds(self, session_id: str, kinds: Iterable[ItemKind], *, limit: int) -> list[Item]:
        kind_values = [k.value for k in kinds]
        marks = ",".join("?" * len(kind_values))
        with self._conns.snapshot():
            rows = (
                self._conns.reader()
                .execute(
                    f"SELECT {ITEM_COLUMNS} FROM items WHERE session_id = ? AND kind IN ({marks}) AND status = 'superseded'"
                    " ORDER BY seq DESC, id DESC LIMIT ?",
                    (session_id, *kind_values, limit),
                )
                .fetchall()
            )
        return [item_from_row(r) for r in rows]

    def items_by_ids(self, session_id: str, item_ids: list[str]) -> dict[str, Item]:
        found: dict[str, Item] = {}
        with self._conns.snapshot():
            for chunk in chunks(list(dict.fromkeys(item_ids))):
                marks = ",".join("?" * len(chunk))
                rows = self._conns.reader().execute(
                    f"SELECT {ITEM_COLUMNS} FROM items WHERE session_id = ? AND item_id IN ({marks})", (session_id, *chunk)
                )
                found.update({row["item_id"]: item_from_row(row) for row in rows})
        return found

    def iter_events(self, session_id: str) -> Iterator[Event]:
        with self._conns.snapshot():
            rows = self._conns.reader().execute("SELECT * FROM events WHERE session_id = ? ORDER BY seq", (session_id,)).fetchall()
        return (event_from_row(session_id, row) for row in rows)

    def iter_items(self, session_id: str) -> Iterator[Item]:
        with self._conns.snapshot():
            rows = (
                self._conns.reader().execute(f"SELECT {ITEM_COLUMNS} FROM items WHERE session_id = ? ORDER BY id", (session_id,)).fetchall()
            )
        return (item_from_row(row) for row in rows)

    # --- tenants ------------------------------------------------------------------
    def list_sessions(self, tenant: str, *, user_id: str, after: str, limit: int) -> list[SessionState]:
        user_clause = "AND user_id = ?" if user_id else ""
        with self._conns.snapshot() as db:
            rows = db.execute(
                f"SELECT * FROM sessions WHERE tenant = ? {user_clause} AND session_id > ? ORDER BY session_id LIMIT ?",
                (tenant, *([user_id] if user_id else []), after, limit),
            ).fetchall()
        return [session_from_row(row) for row in rows]
