"""What a store occupies and how often it talks to its server: the figures behind the memory
service's store metrics, read when Prometheus scrapes (cheap queries, no scans of the data).
Redis's are read in redis_footprint.py, imported only when the store is Redis."""

import contextlib
import os
import sqlite3
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Footprint:
    """size_bytes: the SQLite file with its -wal and -shm, or Redis's used_memory (summed over a
    cluster's primaries). items: (kind, status) -> count, when the store can count them cheaply.
    round_trips: requests sent to the server since the store opened (one Redis server; None for
    SQLite and for a Redis Cluster, whose node clients cannot be given a counting connection)."""

    size_bytes: int
    items: dict[tuple[str, str], int] = field(default_factory=dict)
    round_trips: int | None = None


def sqlite_footprint(path: str, reader: sqlite3.Connection) -> Footprint:
    size = 0
    if path != ":memory:":
        for suffix in ("", "-wal", "-shm"):
            # No -wal or -shm right after a checkpoint or before the first write.
            with contextlib.suppress(OSError):
                size += os.path.getsize(path + suffix)
    # items_by_kind (session_id, kind, status, seq) covers this: an index scan, not a table scan.
    rows = reader.execute("SELECT kind, status, count(*) FROM items GROUP BY kind, status").fetchall()
    return Footprint(size_bytes=size, items={(row[0], row[1]): row[2] for row in rows})
