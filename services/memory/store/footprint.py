"""What a store occupies and how often it talks to its server: the figures behind the memory
service's store metrics, read when Prometheus scrapes (cheap queries, no scans of the data)."""

import contextlib
import itertools
import os
import sqlite3
from dataclasses import dataclass, field

import redis


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


class RoundTrips:
    """A counter of requests written to Redis; one per command, one per pipeline or transaction."""

    def __init__(self) -> None:
        self._count = itertools.count()
        self._last = 0

    def add(self) -> None:
        self._last = next(self._count) + 1  # itertools.count is atomic under the GIL

    @property
    def value(self) -> int:
        return self._last


def counting_connection_class(base: type[redis.Connection], counter: RoundTrips) -> type[redis.Connection]:
    """base, counting each packed write: redis-py sends a command, or a whole pipeline, in one."""

    def send_packed_command(self: redis.Connection, command: object, check_health: bool = True) -> None:
        counter.add()
        # redis-py leaves Connection.send_packed_command unannotated.
        base.send_packed_command(self, command, check_health)  # type: ignore[no-untyped-call]

    return type(f"Counting{base.__name__}", (base,), {"send_packed_command": send_packed_command})


def redis_footprint(nodes: list[redis.Redis], round_trips: RoundTrips | None) -> Footprint:
    """nodes: the client of every primary (redis_connection.primaries)."""
    size = sum(int(node.info("memory").get("used_memory", 0)) for node in nodes if node is not None)
    # Counting items would mean walking every session's keys: Redis reports items written instead.
    return Footprint(size_bytes=size, round_trips=round_trips.value if round_trips else None)
