"""The Redis store against real servers: concurrent replicas, parity with SQLite, key layout, durability."""

import json
import signal
import threading
from pathlib import Path

import pytest

from services.memory.domain.model import Event, EventKind, ItemFilter, ItemKind, ItemStatus
from services.memory.domain.service import MemoryCore
from services.memory.domain.validation import Limits
from services.memory.store.redis_store import RedisStore
from services.memory.store.sqlite import SqliteStore
from tests.memory import store_concurrency
from tests.memory.redis.conftest import flush, single_url

# A thread that raised must fail the test, not vanish into a warning.
pytestmark = [pytest.mark.redis, pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")]
SEED_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "synthetic" / "seed"


def ev(session_id: str, seq: int, text: str, kind: EventKind = EventKind.USER_MESSAGE, **attributes: str) -> Event:
    return Event(session_id, seq, f"e{seq}", kind, text, "2026-01-01T00:00:00Z", tuple(attributes.items()))


@pytest.fixture
def stores(redis_url: str):
    opened = [RedisStore.from_url(redis_url) for _ in range(2)]
    yield opened
    for store in opened:
        store.close()


def test_two_replicas_racing_on_the_same_batch_write_it_once(stores):
    """Both planners read before either commits (a barrier inside the planner): one EXEC wins,
    the other's WATCH fires, its planner runs again and counts duplicates."""
    store_concurrency.two_stores_racing_on_one_batch_write_it_once(stores)


def test_many_concurrent_retries_through_the_core(stores):
    cores = [MemoryCore(store, Limits(), "test") for store in stores]
    batch = [ev("busy", n, f"Note {n}: the deploy window is slot {n}.") for n in range(1, 11)]
    replies: list = []
    threads = [threading.Thread(target=lambda c=c: replies.append(c.append("busy", batch))) for c in cores * 4]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(r.accepted for r in replies) == [0] * 7 + [10]
    assert sum(r.duplicates for r in replies) == 70
    assert stores[0].session("busy").event_count == 10


def test_every_key_of_a_session_shares_one_slot_even_with_braces_in_the_id(redis_url):
    store = RedisStore.from_url(redis_url)
    core = MemoryCore(store, Limits(), "test")
    nasty = "a}b{c}"
    core.append(nasty, [ev(nasty, 1, "The cache TTL is 300 seconds."), ev(nasty, 2, "部署窗口是每周二晚上十点。")])
    core.compact(nasty, 1, "summary")
    client = store.r
    # The keyspace's own keys (its layout version, the tenant index) are not a session's.
    keys = [k for k in client.scan_iter(match="dsh:mem:*", count=1000) if not k.startswith(("dsh:mem:t:", "dsh:mem:layout"))]
    assert len(keys) > 10
    tags = {k[k.index("{") + 1 : k.index("}")] for k in keys}
    assert len(tags) == 1 and all(c in "0123456789abcdef" for c in tags.pop())
    state = store.session(nasty)
    assert state.session_id == nasty
    assert core.delete_session(nasty) == (2, state.item_count)
    assert list(client.scan_iter(match="dsh:mem:*", count=1000)) == ["dsh:mem:layout"]
    store.close()


def _replay(core: MemoryCore, document: dict) -> None:
    for step in document["steps"]:
        if step["op"] == "append":
            events = [
                Event(
                    step["session"],
                    e["seq"],
                    e["eventId"],
                    EventKind(e["kind"]),
                    e["text"],
                    e.get("createdAt", ""),
                    tuple(e.get("attributes", {}).items()),
                )
                for e in step["events"]
            ]
            core.append(step["session"], events)
        elif step["op"] == "compact":
            core.compact(step["session"], step["upToSeq"], step.get("summary", ""))


@pytest.mark.parametrize("fixture", ["long-haul-40.json", "multi-session-20.json"])
def test_parity_with_sqlite_on_the_seed_fixtures(redis_url, tmp_path, fixture):
    document = json.loads((SEED_DIR / fixture).read_text())
    sqlite, rstore = SqliteStore(tmp_path / "m.sqlite"), RedisStore.from_url(redis_url)
    cores = [MemoryCore(sqlite, Limits(), "t"), MemoryCore(rstore, Limits(), "t")]
    for core in cores:
        _replay(core, document)
    top_agree = 0
    for session in {s["sessionId"] for s in document["sessions"]}:
        assert sqlite.session(session) == rstore.session(session)
        filters = [ItemFilter(), ItemFilter(kind=ItemKind.FACT), ItemFilter(status=ItemStatus.SUPERSEDED)]
        for flt in filters:
            pages = [_all_pages(core, session, flt) for core in cores]
            assert pages[0] == pages[1], flt  # ids, order, status, superseded_by, provenance: everything
        assert list(sqlite.iter_events(session)) == list(rstore.iter_events(session))
        assert cores[0].task_state(session) == cores[1].task_state(session)
        for question in (q for q in document["questions"] if q["session"] == session):
            lite, red = ([s.item.item_id for s in c.retrieve(session, question["query"], 5, False)] for c in cores)
            assert bool(lite) == bool(red), question["query"]
            top_agree += bool(lite) and lite[0] in red[:3]
            assert len(set(lite) & set(red)) >= min(len(lite), 5) // 2, question["query"]
    questions = len(document["questions"])
    assert top_agree >= questions * 0.8, f"SQLite's best hit in Redis' top 3 for only {top_agree}/{questions}"
    sqlite.close()
    rstore.close()


def _all_pages(core: MemoryCore, session: str, flt: ItemFilter) -> list:
    items, token = [], ""
    while True:
        page, token = core.list_items(session, flt, 7, token)
        items += page
        if not token:
            return items


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_acknowledged_writes_survive_a_redis_restart(redis_single, sig):
    """appendfsync always: an acknowledged EXEC is on disk, so even kill -9 loses nothing."""
    url = single_url(redis_single)
    flush(url)
    store = RedisStore.from_url(url)
    core = MemoryCore(store, Limits(), "test")
    for n in range(1, 31):
        core.append("durable", [ev("durable", n, f"The setting number{n} is value{n}.")])
    core.compact("durable", 20, "first twenty")
    core.close_session("durable")
    before = (store.session("durable"), list(store.iter_items("durable")), list(store.iter_events("durable")))
    store.close()
    redis_single.stop(sig)
    redis_single.start()
    store = RedisStore.from_url(url)
    assert (store.session("durable"), list(store.iter_items("durable")), list(store.iter_events("durable"))) == before
    assert before[0].checkpoint_seq == 20 and before[0].closed and before[0].event_count == 30
    hits = MemoryCore(store, Limits(), "test").retrieve("durable", "setting number17", 3, False)
    assert hits and "value17" in hits[0].item.value
    store.close()


def test_unreachable_redis_is_unavailable(tmp_path):
    from services.common.errors import Unavailable
    from services.common.ports import free_port

    with pytest.raises(Unavailable):
        RedisStore.from_url(f"redis://127.0.0.1:{free_port()}/0")


def test_a_word_over_the_scored_rows_budget_ranks_alike_on_both_stores(redis_url, tmp_path):
    # Budget 10: "deploy" (40 turns) is not read from the index on either store, only rescored.
    common = [ev("s", n, f"Deploy note {n} for the checkout service.") for n in range(1, 41)]
    rare = [ev("s", 41, "The canary deploy goes to one zone first."), ev("s", 42, "Canary birds were once kept in mines.")]
    cores = [
        MemoryCore(SqliteStore(tmp_path / "m.sqlite", scored_rows_budget=10), Limits(), "t"),
        MemoryCore(RedisStore(RedisStore.from_url(redis_url).r, scored_rows_budget=10), Limits(), "t"),
    ]
    for core in cores:
        core.append("s", common + rare)
    ranked = [[s.item.source_event_ids[0] for s in core.retrieve("s", "canary deploy", 10, False)] for core in cores]
    assert ranked[0] == ranked[1] == ["e41", "e42"]


def test_another_session_appends_while_one_session_plans(stores):
    """WATCH/MULTI plans optimistically: a long planning on one session holds up no other."""
    store_concurrency.another_session_appends_while_one_plans(stores[0])


def test_a_plan_overtaken_by_a_write_to_its_session_is_made_again(stores):
    store_concurrency.a_write_overtaking_a_plan_makes_it_plan_again(stores[0])
