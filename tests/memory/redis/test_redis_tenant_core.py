"""tests/memory/test_tenant_core.py's domain checks on the Redis store, and the keyspace migration."""

import pytest

from services.memory.domain.model import DEFAULT_TENANT, Event, EventKind
from services.memory.domain.service import MemoryCore
from services.memory.domain.validation import Limits
from services.memory.store import redis_tenants
from services.memory.store.redis_store import RedisStore
from tests.memory.test_tenant_core import (  # noqa: F401 (the behaviours under test)
    test_a_session_of_another_tenant_is_denied_to_every_operation,
    test_the_same_user_id_in_two_tenants_is_two_people,
)

pytestmark = pytest.mark.redis


@pytest.fixture
def core(redis_url):
    core = MemoryCore(RedisStore.from_url(redis_url), Limits(), "test")
    yield core
    core.store.close()


def test_a_keyspace_written_before_tenants_lists_its_sessions_under_the_default_tenant(redis_url):
    store = RedisStore.from_url(redis_url)
    core = MemoryCore(store, Limits(), "test")
    for n in range(3):
        core.append(f"old-{n}", [Event(f"old-{n}", 1, "e1", EventKind.USER_MESSAGE, "The cache TTL is 300 seconds.")])
    # As the code before tenants left the keyspace: no owner field, no tenant index, no layout key.
    client = store.r
    for n in range(3):
        client.hdel(store.keys(f"old-{n}").session, "tenant", "user_id")
    client.delete(redis_tenants.index_key(store.prefix, DEFAULT_TENANT), f"{store.prefix}:layout")
    assert core.list_sessions(tenant=DEFAULT_TENANT) == ([], "")
    store.close()
    migrated = MemoryCore(RedisStore.from_url(redis_url), Limits(), "test")
    listed = migrated.list_sessions(tenant=DEFAULT_TENANT)[0]
    assert [(s.session_id, s.tenant) for s in listed] == [(f"old-{n}", "default") for n in range(3)]
    assert migrated.retrieve("old-0", "cache ttl", 5, False, tenant=DEFAULT_TENANT)
    migrated.store.close()
