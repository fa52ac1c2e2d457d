"""The Redis commands the store sends, typed as they answer on a client made with decode_responses=True.

redis-py types a reply as `bytes | str` (it cannot know the client decodes) and a command queued
on a pipeline as its reply (in MULTI it returns the pipeline, whose replies come from execute()).
The store's clients decode (RedisStore.from_url), so it reads its replies through these protocols:
`as_commands` casts a client to them once, where it enters the store. A queued command's return
value is never used. Only the commands and arguments the store uses are listed.
"""

import builtins
from collections.abc import Iterator, Mapping
from types import TracebackType
from typing import Any, Literal, Protocol, cast, overload

import redis
from redis.cluster import RedisCluster

# What a hash field or a string key is set to: redis-py encodes numbers itself.
Value = str | int | float


class Commands(Protocol):
    """The commands the store runs on the client, or on a pipeline while it WATCHes (run at once)."""

    def get(self, name: str) -> str | None: ...

    def set(self, name: str, value: Value) -> object: ...

    def exists(self, *names: str) -> int: ...

    def hget(self, name: str, key: str) -> str | None: ...

    def hgetall(self, name: str) -> dict[str, str]: ...

    def hmget(self, name: str, keys: list[str]) -> list[str | None]: ...

    def hset(self, name: str, key: str | None = None, value: Value | None = None, mapping: Mapping[str, Value] | None = None) -> object: ...

    def hsetnx(self, name: str, key: str, value: Value) -> object: ...

    def hdel(self, name: str, *keys: str) -> object: ...

    def rpush(self, name: str, *values: str) -> object: ...

    def sadd(self, name: str, *values: str) -> object: ...

    def smembers(self, name: str) -> builtins.set[str]: ...  # builtins: `set` here is the command

    def unlink(self, *names: str) -> object: ...

    def zadd(self, name: str, mapping: Mapping[str, float]) -> object: ...

    def zrem(self, name: str, *values: str) -> object: ...

    def zcard(self, name: str) -> int: ...

    @overload
    def zrevrange(self, name: str, start: int, end: int) -> list[str]: ...

    @overload
    def zrevrange(self, name: str, start: int, end: int, withscores: Literal[True]) -> list[tuple[str, float]]: ...

    def zrangebylex(self, name: str, min: str, max: str, start: int | None = None, num: int | None = None) -> list[str]: ...

    def zrangebyscore(self, name: str, min: str, max: str, start: int | None = None, num: int | None = None) -> list[str]: ...

    def scan_iter(self, match: str | None = None, count: int | None = None, _type: str | None = None) -> Iterator[str]: ...

    def pipeline(self, transaction: bool = True) -> "Pipeline": ...


class Pipeline(Commands, Protocol):
    """A pipeline: commands run at once while it WATCHes, are queued after multi() (or when it was
    made with transaction=False) and sent by execute()."""

    def __enter__(self) -> "Pipeline": ...

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None: ...

    def watch(self, *names: str) -> None: ...

    def unwatch(self) -> object: ...

    def multi(self) -> None: ...

    def execute(self) -> list[Any]:
        """The queued commands' replies, in order: each of its command's type (a list of mixed types)."""
        ...


def as_commands(client: "redis.Redis | RedisCluster") -> Commands:
    # The cast this module is for: a decoding client answers these commands as Commands types them.
    return cast(Commands, client)
