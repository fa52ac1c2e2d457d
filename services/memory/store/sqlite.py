"""The SQLite store: one file, WAL, FTS5 (porter for Latin text, trigram for CJK).

SqliteStore opens the file and answers for it as a whole (its footprint, purging, closing); what
it does with sessions is layered on: reads (sqlite_reads), search (sqlite_search), writes
(sqlite_writes), over the connections of sqlite_connections.
"""

import contextlib
import sqlite3
from pathlib import Path

import structlog

from services.memory.domain.indexing import SCORED_ROWS_BUDGET
from services.memory.store.footprint import Footprint, sqlite_footprint
from services.memory.store.sqlite_connections import Connections
from services.memory.store.sqlite_schema import migrate
from services.memory.store.sqlite_terms import namespaced, term_prefix
from services.memory.store.sqlite_writes import SqliteWrites

__all__ = ["SqliteStore", "namespaced", "term_prefix"]

log = structlog.get_logger("memory.sqlite")


class SqliteStore(SqliteWrites):
    """Store on one SQLite file, which several processes may share (MEMORY_PROCESSES). Writes go
    through one connection under a lock, and SQLite's file lock (waited for up to busy_timeout)
    serialises the writers of all processes; reads, the append planner's included, through a connection per thread on a
    committed snapshot, so a long planning holds up no other session (see sqlite_connections)."""

    name = "sqlite"

    def __init__(self, path: str | Path, *, scored_rows_budget: int = SCORED_ROWS_BUDGET):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA journal_mode = WAL")
        # FULL: an acknowledged batch survives a power cut, not only a killed process. In WAL mode
        # NORMAL would already survive a worker killed with kill -9 (the commit is in the WAL
        # file in the OS page cache, which outlives the process); FULL adds an fsync per commit
        # so that it also survives the machine going down.
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA busy_timeout = 5000")
        # Deleted rows are overwritten with zeros, not left in free pages (see purge_deleted).
        db.execute("PRAGMA secure_delete = ON")
        self.schema_version = migrate(db)
        super().__init__(Connections(self.path, db), scored_rows_budget)

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
