"""The Redis store's tenant index: which sessions a tenant owns, for ListSessions and bulk deletion.

`<prefix>:t:{<sha256(tenant)[:32]>}:sessions` is a sorted set of session ids, all scored 0 so
ZRANGEBYLEX pages them in id order. A session's own keys live under its own hash tag, so on a
Cluster the index cannot join the session's transaction: it is written before a session is
created and cleaned after it is deleted, and readers check each entry against the session hash
(the owner recorded there is the truth). See docs/redis.md.
"""

import hashlib
from collections.abc import Iterator

import structlog

from services.memory.domain.model import DEFAULT_TENANT
from services.memory.store.redis_commands import Commands

log = structlog.get_logger("memory.redis")

# The keyspace's layout version: 2 = sessions have an owner and a tenant index.
LAYOUT_VERSION = 2
_PAGE = 500


def index_key(prefix: str, tenant: str) -> str:
    return f"{prefix}:t:{{{hashlib.sha256(tenant.encode()).hexdigest()[:32]}}}:sessions"


def add(client: Commands, prefix: str, tenant: str, session_id: str) -> None:
    client.zadd(index_key(prefix, tenant), {session_id: 0})


def remove(client: Commands, prefix: str, tenant: str, session_id: str) -> None:
    client.zrem(index_key(prefix, tenant), session_id)


def members(client: Commands, prefix: str, tenant: str, after: str) -> Iterator[list[str]]:
    """The tenant's indexed session ids after `after`, in id order, in chunks."""
    key = index_key(prefix, tenant)
    low = "(" + after if after else "-"
    while True:
        chunk = client.zrangebylex(key, low, "+", start=0, num=_PAGE)
        if not chunk:
            return
        yield chunk
        if len(chunk) < _PAGE:
            return
        low = "(" + chunk[-1]


def migrate(client: Commands, prefix: str) -> None:
    """Index the sessions a keyspace of layout 1 holds under the default tenant (their owner), once.

    Idempotent, so replicas starting together may all run it."""
    layout_key = f"{prefix}:layout"
    if int(client.get(layout_key) or 1) >= LAYOUT_VERSION:
        return
    indexed = 0
    # Session hashes are `<prefix>:{<tag>}:s`; the tenant index keys (`<prefix>:t:...`) do not match.
    for key in client.scan_iter(match=f"{prefix}:{{*}}:s", count=1000, _type="hash"):
        session_id, tenant = client.hmget(key, ["session_id", "tenant"])
        if session_id and not tenant:
            add(client, prefix, DEFAULT_TENANT, session_id)
            indexed += 1
    client.set(layout_key, LAYOUT_VERSION)
    log.info("redis_layout_migrated", layout=LAYOUT_VERSION, sessions_indexed=indexed)
