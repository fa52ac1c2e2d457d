"""The SQLite store's writes: appends (planned optimistically on a snapshot), compactions and session lifecycle."""

import json
import sqlite3
from collections.abc import Callable

from services.common.errors import Conflict
from services.memory.domain.model import DEFAULT_TENANT, AppendPlan, SessionState
from services.memory.domain.store_api import StoreReader
from services.memory.store.sqlite_connections import Connections
from services.memory.store.sqlite_rows import INSERT_ITEM, ids_json, item_row, seqs_json, session_from_row
from services.memory.store.sqlite_search import SqliteSearch
from services.memory.store.sqlite_terms import term_prefix

# Plans made on a snapshot that another write to the session overtook, before planning under the lock.
OPTIMISTIC_PLANS = 3


class _Overtaken(Exception):
    """Another write to the session committed after the snapshot a plan was made on."""


class SqliteWrites(SqliteSearch):
    """Every write goes through the one writer connection, under its lock, in one transaction
    (Connections.written). On search, whose cached counts a deleted session must not leave behind."""

    def __init__(self, conns: Connections, scored_rows_budget: int):
        super().__init__(conns, scored_rows_budget)
        self._db = conns.writer
        self._lock = conns.lock  # the writer's lock

    def append(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        """Plan on a committed snapshot without the writer's lock, then write under it if the
        session's write token is still the snapshot's; if it is not, plan again. After
        OPTIMISTIC_PLANS lost races the plan is made inside the write transaction, so a session
        written to without pause still progresses."""
        for _ in range(OPTIMISTIC_PLANS):
            with self._conns.snapshot() as snapshot:
                token = self._conns.write_token(snapshot, session_id)
                plan = planner(self)
            if not plan.new_events and not plan.updated_items:
                return plan
            try:
                with self._lock, self._conns.written(session_id):
                    if self._conns.write_token(self._db, session_id) != token:
                        raise _Overtaken  # rolls the empty transaction back
                    return self._apply(session_id, plan)
            except _Overtaken:
                continue
        with self._lock, self._conns.reading_on_writer(), self._conns.written(session_id):
            plan = planner(self)
            return self._apply(session_id, plan) if plan.new_events or plan.updated_items else plan

    def _apply(self, session_id: str, plan: AppendPlan) -> AppendPlan:
        """Write plan; inside a write transaction, under the lock."""
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
                    json.dumps([list(a) for a in e.attributes], ensure_ascii=False) if e.attributes else "[]",
                    e.content_hash,
                )
                for e in plan.new_events
            ],
        )
        prefix = term_prefix(session_id)
        self._db.executemany(INSERT_ITEM, [item_row(item, prefix) for item in plan.new_items])
        self._db.executemany(
            "UPDATE items SET status = ?, superseded_by = ?, source_seqs = ?, source_event_ids = ?, seq = ? WHERE item_id = ?",
            [
                (
                    i.status.value,
                    i.superseded_by,
                    seqs_json(i.source_seqs),
                    ids_json(i.source_event_ids),
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

    def compact(self, session_id: str, up_to_seq: int, summary: str) -> int | None:
        with self._lock, self._conns.written(session_id):
            if self._session_on_writer(session_id) is None:
                return None  # deleted since the caller looked
            self._db.execute("INSERT INTO compactions (session_id, up_to_seq, summary) VALUES (?, ?, ?)", (session_id, up_to_seq, summary))
            self._db.execute(
                "UPDATE sessions SET checkpoint_seq = MAX(checkpoint_seq, ?), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
                " WHERE session_id = ?",
                (up_to_seq, session_id),
            )
            return self._written_session(session_id).checkpoint_seq

    def open_session(self, session_id: str, *, tenant: str = DEFAULT_TENANT, user_id: str = "") -> tuple[SessionState, bool]:
        with self._lock, self._conns.written(session_id):
            resumed = self._session_on_writer(session_id) is not None
            self._ensure_session(session_id, tenant, user_id)
            # Only the owner's session is reopened; another tenant's is left as it is.
            self._db.execute("UPDATE sessions SET closed = 0 WHERE session_id = ? AND tenant = ?", (session_id, tenant))
            return self._written_session(session_id), resumed

    def close_session(self, session_id: str) -> SessionState | None:
        with self._lock, self._conns.written(session_id):
            self._db.execute("UPDATE sessions SET closed = 1 WHERE session_id = ?", (session_id,))
            return self._session_on_writer(session_id)

    def delete_session(self, session_id: str) -> tuple[int, int]:
        with self._lock, self._conns.written(session_id):
            state = self._session_on_writer(session_id)
            # Items first, row by row through the trigger, so the FTS indexes forget them too.
            self._db.execute("DELETE FROM items WHERE session_id = ?", (session_id,))
            self._db.execute("DELETE FROM events WHERE session_id = ?", (session_id,))
            self._db.execute("DELETE FROM sessions WHERE session_id = ?", (session_id,))
            self._forget_frequencies(session_id)
            return (state.event_count, state.item_count) if state else (0, 0)

    def import_session(self, session_id: str, planner: Callable[[StoreReader], AppendPlan]) -> AppendPlan:
        """append for a whole imported session; item ids are unique in the file, and a document
        may name ids another session holds."""
        try:
            return self.append(session_id, planner)
        except sqlite3.IntegrityError as exc:
            raise Conflict(
                f"the document's item ids are already used by another session; import it under a new session_id ({exc})"
            ) from exc

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

    def _session_on_writer(self, session_id: str) -> SessionState | None:
        row = self._db.execute("SELECT * FROM sessions WHERE session_id = ?", (session_id,)).fetchone()
        return session_from_row(row) if row else None

    def _written_session(self, session_id: str) -> SessionState:
        """The session this transaction has just found or created (the lock keeps deletes out)."""
        state = self._session_on_writer(session_id)
        if state is None:
            raise RuntimeError(f"session {session_id!r} vanished inside its own write transaction")
        return state
