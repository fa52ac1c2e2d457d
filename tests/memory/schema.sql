-- The SQLite schema after every migration; tests/memory/test_sqlite_store.py compares against it.
-- A change here is a schema change: add a migration, then update this file.
PRAGMA user_version = 5;
CREATE INDEX items_by_key ON items (session_id, key, status);
CREATE INDEX items_by_kind ON items (session_id, kind, status, seq);
CREATE INDEX items_by_value ON items (session_id, value_norm) WHERE status = 'active';
CREATE INDEX sessions_by_tenant ON sessions (tenant, session_id);
CREATE INDEX sessions_by_user ON sessions (tenant, user_id, session_id);
CREATE TABLE compactions (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
            up_to_seq INTEGER NOT NULL,
            summary TEXT NOT NULL,
            created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
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
        , speaker TEXT NOT NULL DEFAULT '');
CREATE VIRTUAL TABLE items_cjk USING fts5(
            cjk_text,
            content='items', content_rowid='id',
            tokenize='trigram'
        );
CREATE VIRTUAL TABLE items_fts USING fts5(
            search_text, cjk_grams, context_text,
            content='items', content_rowid='id',
            tokenize='porter unicode61 remove_diacritics 2'
        );
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
        , tenant TEXT NOT NULL DEFAULT 'default', user_id TEXT NOT NULL DEFAULT '', write_token TEXT NOT NULL DEFAULT '');
CREATE TRIGGER items_index AFTER INSERT ON items BEGIN
            INSERT INTO items_fts (rowid, search_text, cjk_grams, context_text)
                VALUES (new.id, new.search_text, new.cjk_grams, new.context_text);
        END;
CREATE TRIGGER items_index_cjk AFTER INSERT ON items WHEN new.cjk_text != '' BEGIN
            INSERT INTO items_cjk (rowid, cjk_text) VALUES (new.id, new.cjk_text);
        END;
CREATE TRIGGER items_unindex AFTER DELETE ON items BEGIN
            INSERT INTO items_fts (items_fts, rowid, search_text, cjk_grams, context_text)
                VALUES ('delete', old.id, old.search_text, old.cjk_grams, old.context_text);
        END;
CREATE TRIGGER items_unindex_cjk AFTER DELETE ON items WHEN old.cjk_text != '' BEGIN
            INSERT INTO items_cjk (items_cjk, rowid, cjk_text) VALUES ('delete', old.id, old.cjk_text);
        END;
