"""The Redis store: a session's keys under one hash tag, WATCH/MULTI appends, an inverted index for BM25.

Works unchanged on a single Redis and on Redis Cluster: every key of a session
shares the tag `{sha256(session_id)[:32]}`, so each session lives in one slot and
its transactions never cross slots. See docs/redis.md for the key layout.

RedisStore connects (redis_connection) and answers for the keyspace as a whole (its footprint,
purging, closing); what it does with sessions is layered on: reads (redis_reads), search
(redis_search), writes (redis_transactions, with the records and index writes of redis_writes).
"""

import redis
from redis.cluster import RedisCluster

from services.memory.domain.indexing import SCORED_ROWS_BUDGET
from services.memory.store import redis_tenants as tenants
from services.memory.store.footprint import Footprint
from services.memory.store.redis_commands import as_commands
from services.memory.store.redis_connection import DEFAULT_PREFIX, connect, primaries
from services.memory.store.redis_footprint import RoundTrips, redis_footprint
from services.memory.store.redis_purge import PersistenceRewriter
from services.memory.store.redis_transactions import RedisTransactions


class RedisStore(RedisTransactions):
    """Store on a Redis (or Redis Cluster) keyspace; safe for many replicas on one keyspace."""

    name = "redis"

    def __init__(
        self,
        client: "redis.Redis | RedisCluster",
        prefix: str = DEFAULT_PREFIX,
        *,
        scored_rows_budget: int = SCORED_ROWS_BUDGET,
        round_trips: "RoundTrips | None" = None,
    ):
        super().__init__(as_commands(client), prefix, scored_rows_budget)
        self.client = client  # the same client as self.r, typed as redis-py's class for what is not a data command
        self.round_trips = round_trips  # None: not counted
        tenants.migrate(self.r, prefix)
        self._rewriter = PersistenceRewriter(lambda: primaries(client))

    @classmethod
    def from_url(cls, url: str) -> "RedisStore":
        """`redis://host:port/db` (or rediss://) for one server, `redis+cluster://host:port[,host:port]`
        for a Cluster; `?prefix=name` puts the keys under another namespace (default dsh:mem)."""
        client, prefix, round_trips = connect(url)
        return cls(client, prefix, round_trips=round_trips)

    def footprint(self) -> Footprint:
        """Used memory and round trips so far, for the metrics endpoint."""
        return redis_footprint(primaries(self.client), self.round_trips)

    def purge_deleted(self) -> None:
        self._rewriter.request()

    def close(self) -> None:
        self._rewriter.close()
        self.client.close()
