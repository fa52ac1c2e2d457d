"""Two SqliteStores on one file, as two worker processes (MEMORY_PROCESSES) hold it: each has its
own connections, locks and caches, and neither may write on, or answer from, what the other has
since changed."""

import pytest

from services.memory.domain.ingest import plan_append
from services.memory.domain.retrieval import analyse
from services.memory.store.sqlite import SqliteStore
from tests.memory import store_concurrency
from tests.memory.store_concurrency import ev

pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")


@pytest.fixture
def stores(tmp_path):
    opened = [SqliteStore(tmp_path / "shared.sqlite") for _ in range(2)]
    yield opened
    for store in opened:
        store.close()


def test_two_processes_racing_on_the_same_batch_write_it_once(stores):
    """Both plan on a snapshot taken before either commits: the second to take the write lock
    finds the session's write token changed, plans again and counts duplicates."""
    store_concurrency.two_stores_racing_on_one_batch_write_it_once(stores)


def test_a_plan_overtaken_by_the_other_process_is_made_again(stores):
    store_concurrency.a_write_overtaking_a_plan_makes_it_plan_again(stores[0], stores[1])


def test_alternating_writers_build_on_each_others_items(stores):
    """Each store writes every other turn; a correction written by one supersedes the value the
    other wrote, and both then read one active value."""
    texts = ["The deploy target is eu-west-1.", "The retry budget is 3 attempts.", "Actually, the deploy target is eu-central-1."]
    for seq, text in enumerate(texts, start=1):
        store = stores[seq % 2]
        store.append("S", lambda reader, seq=seq, text=text: plan_append(reader, "S", [ev("S", seq, text)]))
    for store in stores:
        active = [i.value for i in store.iter_items("S") if i.key == "deploy target" and i.status.value == "active"]
        assert active == ["eu-central-1"]
        assert store.session("S").last_seq == 3


def test_search_after_the_other_process_recreated_the_session_scores_as_a_fresh_store(stores, tmp_path):
    """Term counts cached for a session must not outlive it when another process deletes it and
    writes it again: the scores are then those of a store that never saw the old session."""
    reader, writer = stores
    many = [ev("S", n, f"The alpha{n} channel carries alpha traffic number {n}.") for n in range(1, 41)]
    writer.append("S", lambda r: plan_append(r, "S", many))
    query = analyse("alpha traffic")
    assert reader.search("S", query, limit=5, include_superseded=False)  # counts cached in reader
    writer.delete_session("S")
    few = [ev("S", 1, "The alpha link carries traffic."), ev("S", 2, "Lunch is at noon."), ev("S", 3, "The beta link is idle.")]
    writer.append("S", lambda r: plan_append(r, "S", few))
    fresh = SqliteStore(tmp_path / "shared.sqlite")
    try:
        expected = [(item.item_id, round(score, 9)) for item, score in fresh.search("S", query, limit=5, include_superseded=False)]
    finally:
        fresh.close()
    got = [(item.item_id, round(score, 9)) for item, score in reader.search("S", query, limit=5, include_superseded=False)]
    assert got == expected and got
