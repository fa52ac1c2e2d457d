"""Tenant scoping in the domain: MemoryCore with two tenants passed explicitly, on a real store.
tests/memory/redis/test_redis_tenant_core.py re-runs these on Redis."""

import sqlite3

import pytest

from services.common.errors import PermissionDenied
from services.common.principal import DEFAULT_TENANT as PRINCIPAL_DEFAULT
from services.memory.domain.model import DEFAULT_TENANT, Event, EventKind, ItemFilter
from services.memory.domain.service import MemoryCore
from services.memory.domain.validation import Limits
from services.memory.store.sqlite import SqliteStore


@pytest.fixture
def core(tmp_path):
    core = MemoryCore(SqliteStore(tmp_path / "m.sqlite"), Limits(), "test")
    yield core
    core.store.close()


def turn(session_id: str, seq: int, text: str) -> Event:
    return Event(session_id, seq, f"e{seq}", EventKind.USER_MESSAGE, text)


def test_the_domain_default_tenant_is_the_principals():
    assert DEFAULT_TENANT == PRINCIPAL_DEFAULT


def test_a_session_of_another_tenant_is_denied_to_every_operation(core):
    core.append("s", [turn("s", 1, "The deploy target is eu-west-1.")], tenant="acme")
    operations = {
        "append": lambda: core.append("s", [turn("s", 2, "The deploy target is us-east-1.")], tenant="globex"),
        "open": lambda: core.open_session("s", tenant="globex"),
        "compact": lambda: core.compact("s", 1, "", tenant="globex"),
        "close": lambda: core.close_session("s", tenant="globex"),
        "retrieve": lambda: core.retrieve("s", "deploy target", 5, False, tenant="globex"),
        "assemble": lambda: core.assemble("s", "deploy target", 0, tenant="globex"),
        "list_items": lambda: core.list_items("s", ItemFilter(), 0, "", tenant="globex"),
        "task_state": lambda: core.task_state("s", tenant="globex"),
        "export": lambda: core.export("s", tenant="globex"),
        "delete": lambda: core.delete_session("s", tenant="globex"),
        "import": lambda: core.import_session(core.export("s", tenant="acme"), tenant="globex"),
    }
    for name, operation in operations.items():
        with pytest.raises(PermissionDenied):
            operation()
            pytest.fail(f"{name} reached another tenant's session")
    state = core.store.session("s")
    assert (state.tenant, state.last_seq, state.closed, state.checkpoint_seq) == ("acme", 1, False, 0)
    assert core.list_sessions(tenant="globex") == ([], "")
    assert [s.session_id for s in core.list_sessions(tenant="acme")[0]] == ["s"]
    assert core.delete_sessions_of(tenant="globex") == (0, 0, 0)
    assert core.retrieve("s", "deploy target", 5, False, tenant="acme")[0].item.value == "eu-west-1"


def test_the_same_user_id_in_two_tenants_is_two_people(core):
    core.append("a", [turn("a", 1, "Hello.")], tenant="acme", user_id="u-1")
    core.append("g", [turn("g", 1, "Hello.")], tenant="globex", user_id="u-1")
    assert core.delete_user_data("u-1", tenant="acme") == (1, 1, 1)
    assert core.store.session("a") is None and core.store.session("g").tenant == "globex"


def test_a_version_3_sqlite_file_migrates_its_sessions_to_the_default_tenant(tmp_path):
    path = tmp_path / "v3.sqlite"
    core = MemoryCore(SqliteStore(path), Limits(), "test")
    core.append("old", [turn("old", 1, "The cache TTL is 300 seconds.")])
    core.store.close()
    # Back to version 3, as the code before tenants left the file.
    db = sqlite3.connect(path, isolation_level=None)
    for statement in (
        "DROP INDEX sessions_by_tenant",
        "DROP INDEX sessions_by_user",
        "ALTER TABLE sessions DROP COLUMN tenant",
        "ALTER TABLE sessions DROP COLUMN user_id",
        "ALTER TABLE sessions DROP COLUMN write_token",
        "PRAGMA user_version = 3",
    ):
        db.execute(statement)
    assert "tenant" not in [row[1] for row in db.execute("PRAGMA table_info(sessions)")]
    db.close()
    store = SqliteStore(path)
    assert store.schema_version == 5
    core = MemoryCore(store, Limits(), "test")
    assert [(s.session_id, s.tenant, s.user_id) for s in core.list_sessions(tenant=DEFAULT_TENANT)[0]] == [("old", "default", "")]
    assert core.retrieve("old", "cache ttl", 5, False, tenant=DEFAULT_TENANT)[0].item.value.startswith("300")
    with pytest.raises(PermissionDenied):
        core.retrieve("old", "cache ttl", 5, False, tenant="acme")
    store.close()
