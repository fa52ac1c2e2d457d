"""What the Redis store occupies, and a count of the requests it sends (see footprint.py)."""

import itertools

import redis

from services.memory.store.footprint import Footprint


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
