"""Opening MEMORY_DB: refuse, with one line naming the file and what is wrong, a path the
memory service cannot own (a directory, garbage, a truncated file, another application's
database, a read-only file) instead of failing later with a traceback or writing into it."""

import contextlib
import os
import sqlite3
from pathlib import Path

from services.common.config import ConfigError
from services.memory.store.faults import sqlite_fault
from services.memory.store.sqlite import SqliteStore

SQLITE_HEADER = b"SQLite format 3\x00"
HEADER_BYTES = 100
OUR_TABLES = {"sessions", "events", "items"}


def open_sqlite(path: str) -> SqliteStore:
    """A SqliteStore on path, or ConfigError saying why the file cannot be one."""
    try:
        if path != ":memory:" and _check_path(Path(path)):
            _check_ours(path)
        return SqliteStore(path)
    except sqlite3.Error as exc:
        fault = sqlite_fault(exc)
        raise ConfigError(f"MEMORY_DB={path}: cannot be opened as the memory database: {fault or exc}") from exc


def _check_path(path: Path) -> bool:
    """Raises ConfigError for a path SQLite cannot use; True when it holds a database already."""
    where = f"MEMORY_DB={path}"
    if path.is_dir():
        raise ConfigError(f"{where}: is a directory; point MEMORY_DB at a file inside it (e.g. {path / 'memory.sqlite'})")
    directory = path.parent if str(path.parent) else Path(".")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"{where}: cannot create its directory {directory}: {exc.strerror or exc}") from exc
    if not os.access(directory, os.W_OK | os.X_OK):
        raise ConfigError(f"{where}: its directory is not writable (SQLite needs it for the journal); fix the permissions")
    if not path.exists():
        return False
    if not path.is_file():
        raise ConfigError(f"{where}: is not a regular file")
    if not os.access(path, os.R_OK | os.W_OK):
        raise ConfigError(f"{where}: is read-only for this process; make it writable (or point MEMORY_DB elsewhere)")
    size = path.stat().st_size
    if size == 0:
        return False  # an empty file is a new database to SQLite
    with path.open("rb") as handle:
        header = handle.read(HEADER_BYTES)
    if not header.startswith(SQLITE_HEADER):
        raise ConfigError(
            f"{where}: is not a SQLite database (it does not start with SQLite's header); move it away or point MEMORY_DB elsewhere"
        )
    if len(header) < HEADER_BYTES:
        raise ConfigError(f"{where}: is a truncated SQLite file ({size} bytes, less than its header); restore it from a backup")
    expected = _size_in_header(header)
    # With a write-ahead log beside it, the file may lag its header: a checkpoint that met a full disk
    # wrote page 1 but not the pages after it, which the log still holds and SQLite reads from there.
    wal = Path(f"{path}-wal")
    if expected and size < expected and not (wal.is_file() and wal.stat().st_size > 0):
        raise ConfigError(f"{where}: is a truncated SQLite file ({size} of {expected} bytes); restore it from a backup")
    return True


def _size_in_header(header: bytes) -> int:
    """The file size SQLite's header promises (page size x page count), 0 when it does not say.

    The page count is valid only when the change counter equals the version-valid-for number
    (https://sqlite.org/fileformat.html#in_header_database_size).
    """
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    valid = header[24:28] == header[92:96]
    return page_size * pages if valid else 0


def _check_ours(path: str) -> None:
    """Before the migrations run: they would otherwise add our tables to another application's file."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
    missing = OUR_TABLES - tables
    if tables and missing:
        foreign = sorted(tables - OUR_TABLES)[:5]
        raise ConfigError(
            f"MEMORY_DB={path}: is another application's SQLite database (tables {', '.join(foreign) or 'none'};"
            f" no {', '.join(sorted(missing))}); point MEMORY_DB at a file of its own"
        )
