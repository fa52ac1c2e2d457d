"""SQLite schema as an ordered, append-only list of migrations, tracked by PRAGMA user_version.

Never edit a released migration: add the next one. Each runs in its own transaction.
"""

import sqlite3
from collections.abc import Callable


def _execute_script(db: sqlite3.Connection, script: str) -> None:
    """Run statements one by one: executescript would COMMIT the migration's transaction early."""
    statement = ""
    for line in script.splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            db.execute(statement)
            statement = ""
    if statement.strip():
        raise ValueError(f"incomplete SQL statement in migration: {statement[:80]!r}")


def _v1_initial(db: sqlite3.Connection) -> None:
    _execute_script(
        db,
        """
        CREATE TABLE sessions (
            session_id TEXT PRIMARY KEY,
            sess TEXT NOT NULL UNIQUE,          -- the prefix of this session's terms in the FTS index
            last_seq INTEGER NOT NULL DEFAULT 0,
            checkpoint_seq INTEGER NOT NULL DEFAULT 0,
            closed INTEGER NOT NULL DEFAULT 0,
            event_count INTEGER NOT NULL DEFAULT 0,
            item_count INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        );
        CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            event_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            text TEXT NOT NULL,
            created_at TEXT NOT NULL,
            attributes TEXT NOT NULL,           -- JSON list of [name, value]
            content_hash TEXT NOT NULL,
            UNIQUE (session_id, event_id),
            UNIQUE (session_id, seq)
        );
        CREATE TABLE items (
            id INTEGER PRIMARY KEY,
            item_id TEXT NOT NULL UNIQUE,
            session_id TEXT NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            value_norm TEXT NOT NULL,
            unit TEXT NOT NULL,
            condition TEXT NOT NULL,
            status TEXT NOT NULL,
            superseded_by TEXT NOT NULL,
            lang TEXT NOT NULL,
            source_seqs TEXT NOT NULL,          -- JSON list
            source_event_ids TEXT NOT NULL,     -- JSON list
            source_kind TEXT NOT NULL,
            text TEXT NOT NULL,
            task_field TEXT NOT NULL,
            seq INTEGER NOT NULL,               -- latest source seq, for recency
            search_text TEXT NOT NULL,          -- what the Latin index sees, each word under the session prefix
            cjk_grams TEXT NOT NULL,            -- CJK bigrams, space separated (two-character queries)
            cjk_text TEXT NOT NULL,             -- CJK runs only, for the trigram index
            context_text TEXT NOT NULL          -- the turn before (evidence only), indexed at a lower weight
        );
        CREATE INDEX items_by_key ON items (session_id, key, status);
        CREATE INDEX items_by_kind ON items (session_id, kind, status, seq);
        CREATE INDEX items_by_value ON items (session_id, value_norm) WHERE status = 'active';
        CREATE TABLE compactions (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
            up_to_seq INTEGER NOT NULL,
            summary TEXT NOT NULL,
            created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        );
        CREATE VIRTUAL TABLE items_fts USING fts5(
            search_text, cjk_grams, context_text,
            content='items', content_rowid='id',
            tokenize='porter unicode61 remove_diacritics 2'
        );
        CREATE VIRTUAL TABLE items_cjk USING fts5(
            cjk_text,
            content='items', content_rowid='id',
            tokenize='trigram'
        );
        CREATE TRIGGER items_index AFTER INSERT ON items BEGIN
            INSERT INTO items_fts (rowid, search_text, cjk_grams, context_text)
                VALUES (new.id, new.search_text, new.cjk_grams, new.context_text);
            INSERT INTO items_cjk (rowid, cjk_text) VALUES (new.id, new.cjk_text);
        END;
        CREATE TRIGGER items_unindex AFTER DELETE ON items BEGIN
            INSERT INTO items_fts (items_fts, rowid, search_text, cjk_grams, context_text)
                VALUES ('delete', old.id, old.search_text, old.cjk_grams, old.context_text);
            INSERT INTO items_cjk (items_cjk, rowid, cjk_text)
                VALUES ('delete', old.id, old.cjk_text);
        END;
        """,
    )


def _v2_item_speaker(db: sqlite3.Connection) -> None:
    # Who said an item's turn, for the ranking's speaker match; items stored before have none.
    db.execute("ALTER TABLE items ADD COLUMN speaker TEXT NOT NULL DEFAULT ''")


def _v3_cjk_rows_only_for_cjk_text(db: sqlite3.Connection) -> None:
    # Most items hold no CJK text, and an empty row still costs the trigram index a write per item.
    _execute_script(
        db,
        """
        DROP TRIGGER items_index;
        DROP TRIGGER items_unindex;
        INSERT INTO items_cjk (items_cjk, rowid, cjk_text) SELECT 'delete', id, cjk_text FROM items WHERE cjk_text = '';
        CREATE TRIGGER items_index AFTER INSERT ON items BEGIN
            INSERT INTO items_fts (rowid, search_text, cjk_grams, context_text)
                VALUES (new.id, new.search_text, new.cjk_grams, new.context_text);
        END;
        CREATE TRIGGER items_unindex AFTER DELETE ON items BEGIN
            INSERT INTO items_fts (items_fts, rowid, search_text, cjk_grams, context_text)
                VALUES ('delete', old.id, old.search_text, old.cjk_grams, old.context_text);
        END;
        CREATE TRIGGER items_index_cjk AFTER INSERT ON items WHEN new.cjk_text != '' BEGIN
            INSERT INTO items_cjk (rowid, cjk_text) VALUES (new.id, new.cjk_text);
        END;
        CREATE TRIGGER items_unindex_cjk AFTER DELETE ON items WHEN old.cjk_text != '' BEGIN
            INSERT INTO items_cjk (items_cjk, rowid, cjk_text) VALUES ('delete', old.id, old.cjk_text);
        END;
        """,
    )


def _v4_session_owner(db: sqlite3.Connection) -> None:
    # Sessions belong to a tenant (and optionally an end user); those stored before belong to "default".
    _execute_script(
        db,
        """
        ALTER TABLE sessions ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
        ALTER TABLE sessions ADD COLUMN user_id TEXT NOT NULL DEFAULT '';
        CREATE INDEX sessions_by_tenant ON sessions (tenant, session_id);
        CREATE INDEX sessions_by_user ON sessions (tenant, user_id, session_id);
        """,
    )


def _v5_session_write_token(db: sqlite3.Connection) -> None:
    # A new random token on every write to a session (Connections.written): an append planned on an
    # older snapshot sees it changed inside its write transaction and plans again, whichever process
    # (MEMORY_PROCESSES) wrote in between. A token, not a counter: a deleted and recreated session
    # never repeats one.
    db.execute("ALTER TABLE sessions ADD COLUMN write_token TEXT NOT NULL DEFAULT ''")


MIGRATIONS: list[tuple[str, Callable[[sqlite3.Connection], None]]] = [
    ("initial", _v1_initial),
    ("item speaker", _v2_item_speaker),
    ("trigram rows only for CJK text", _v3_cjk_rows_only_for_cjk_text),
    ("session owner: tenant and user", _v4_session_owner),
    ("session write token", _v5_session_write_token),
]


def migrate(db: sqlite3.Connection) -> int:
    """Apply the migrations this file has and the database lacks; returns the schema version."""
    current = db.execute("PRAGMA user_version").fetchone()[0]
    if current > len(MIGRATIONS):
        raise RuntimeError(f"database schema version {current} is newer than this code knows ({len(MIGRATIONS)}); upgrade the service")
    for version, (_name, step) in enumerate(MIGRATIONS[current:], start=current + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            # Read again under the write lock: another process on the file (a second server
            # starting at the same moment) may have applied this step since.
            if db.execute("PRAGMA user_version").fetchone()[0] < version:
                step(db)
                db.execute(f"PRAGMA user_version = {version}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    return len(MIGRATIONS)
