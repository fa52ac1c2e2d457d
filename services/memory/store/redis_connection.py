"""Connecting the Redis store: a store URL to a decoding client (one server or a Cluster), and its primaries."""

from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import redis
from redis.cluster import ClusterNode, RedisCluster
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisClusterException
from redis.exceptions import TimeoutError as RedisTimeoutError

from services.common.config import ConfigError
from services.common.errors import Unavailable
from services.memory.store.redis_footprint import RoundTrips, counting_connection_class

DEFAULT_PREFIX = "dsh:mem"
SOCKET_TIMEOUT = 10.0


def connect(url: str) -> tuple["redis.Redis | RedisCluster", str, RoundTrips | None]:
    """(client, key prefix, round-trip counter) for `redis://host:port/db` (or rediss://), one
    server, or `redis+cluster://host:port[,host:port]`, a Cluster; `?prefix=name` puts the keys
    under another namespace (default dsh:mem). The counter is None for a Cluster."""
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    prefix = query.pop("prefix", DEFAULT_PREFIX)
    # Keyword arguments both client classes take; the store reads every reply decoded (redis_commands).
    options: dict[str, Any] = {"decode_responses": True, "socket_timeout": SOCKET_TIMEOUT, "socket_connect_timeout": SOCKET_TIMEOUT}
    # Every request the store sends is counted at the connection (the redis round-trips metric).
    # A Cluster's node clients take no connection class, so there round trips are not counted.
    round_trips = RoundTrips()
    if parts.scheme != "redis+cluster":
        base = redis.SSLConnection if parts.scheme == "rediss" else redis.Connection
        options["connection_class"] = counting_connection_class(base, round_trips)
    client: redis.Redis | RedisCluster
    try:
        if parts.scheme == "redis+cluster":
            nodes = [_node(address) for address in parts.netloc.rpartition("@")[2].split(",") if address]
            if not nodes:
                raise ConfigError(f"MEMORY_STORE={url!r}: name at least one host:port of the cluster")
            client = RedisCluster(startup_nodes=nodes, username=parts.username, password=parts.password, **options)
        else:
            client = redis.Redis.from_url(urlunsplit(parts._replace(query=urlencode(query))), **options)
            client.ping()
    except (RedisConnectionError, RedisTimeoutError, RedisClusterException) as exc:
        raise Unavailable(f"cannot reach redis at {parts.netloc.rsplit('@', 1)[-1]}: {exc}") from exc
    return client, prefix, None if parts.scheme == "redis+cluster" else round_trips


def primaries(client: "redis.Redis | RedisCluster") -> list[redis.Redis]:
    """The client of every primary: a Cluster's, or the one server's own."""
    if not isinstance(client, RedisCluster):
        return [client]
    # redis-py leaves get_primaries (and ClusterNode) unannotated; each node holds its Redis client.
    return [node.redis_connection for node in client.get_primaries()]  # type: ignore[no-untyped-call]


def _node(address: str) -> ClusterNode:
    host, _, port = address.strip().rpartition(":")
    if not host or not port.isdigit():
        raise ConfigError(f"redis cluster node {address!r}: use host:port")
    return ClusterNode(host, int(port))  # type: ignore[no-untyped-call]  # redis-py leaves ClusterNode.__init__ unannotated
