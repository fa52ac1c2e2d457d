"""The SQLite store's connections: one writer behind a lock, with its transactions, and a reader per thread on WAL snapshots.

Readers never share the writer's connection: on it they would see the rows of a write
transaction that has not committed (and may yet roll back). In WAL mode a reader sees the
file as of its snapshot's start, committed data only, and neither waits for the writer
nor holds it up.
"""

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import Literal

# How long a write waits for the file's write lock, which another worker process (MEMORY_PROCESSES)
# may hold for one transaction: SQLite then serialises the writers of all processes.
BUSY_TIMEOUT_MS = 5000


def connect(path: str, *, read_only: bool = False) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.row_factory = sqlite3.Row
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    if read_only:
        db.execute("PRAGMA query_only = ON")
    return db


class Connections:
    """The writer (use under `lock`), this thread's reader, and the sessions' write tokens."""

    def __init__(self, path: str, writer: sqlite3.Connection):
        self.path = path
        self.writer = writer
        self.lock = threading.RLock()
        self._local = threading.local()
        self._readers: list[sqlite3.Connection] = []
        self._readers_lock = threading.Lock()
        # A private in-memory database is invisible to a second connection: there the writer reads too.
        self._shared = path == ":memory:"

    def reader(self) -> sqlite3.Connection:
        """The connection this thread reads with: the writer while planning under the lock, else its own."""
        if self._shared or getattr(self._local, "on_writer", False):
            return self.writer
        db = getattr(self._local, "db", None)
        if db is None:
            db = connect(self.path, read_only=True)
            with self._readers_lock:
                self._readers.append(db)
            self._local.db = db
        return db

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: every read inside sees the same committed state. Reentrant."""
        db = self.reader()
        if db is self.writer or db.in_transaction:
            yield db
            return
        db.execute("BEGIN")
        try:
            yield db
        finally:
            db.execute("COMMIT")

    @contextmanager
    def reading_on_writer(self) -> Iterator[None]:
        """Reads of this thread go to the writer (inside its transaction) until the block ends."""
        self._local.on_writer = True
        try:
            yield
        finally:
            self._local.on_writer = False

    @contextmanager
    def written(self, session_id: str) -> Iterator[None]:
        """A write transaction on the writer (hold `lock`) that gives the session a new write token
        before it commits, so that a plan made on an older snapshot, by a thread of this process
        or by another process on the file, sees a changed token and plans again."""
        with Transaction(self.writer):
            yield
            self.writer.execute("UPDATE sessions SET write_token = lower(hex(randomblob(8))) WHERE session_id = ?", (session_id,))

    @staticmethod
    def write_token(db: sqlite3.Connection, session_id: str) -> str | None:
        """The session's token as db sees it (None: no such session). Read it on the snapshot a
        plan is made on, and again inside the write transaction that would apply the plan: the
        write lock is held there, so no process can commit to the session in between."""
        row = db.execute("SELECT write_token FROM sessions WHERE session_id = ?", (session_id,)).fetchone()
        return None if row is None else str(row[0])

    def close(self) -> None:
        with self._readers_lock:
            readers, self._readers = self._readers, []
        for db in readers:
            db.close()


class Transaction:
    """BEGIN IMMEDIATE on db; COMMIT when the block ends, ROLLBACK when it raises."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> Literal[False]:
        if not exc_type:
            self.db.execute("COMMIT")
        elif self.db.in_transaction:
            # SQLite has already rolled back after some errors (SQLITE_FULL, SQLITE_IOERR): a
            # second ROLLBACK would fail and hide the error that says what happened.
            self.db.execute("ROLLBACK")
        return False
