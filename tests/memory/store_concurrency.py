"""Checks shared by the SQLite and Redis store tests: what one session's planning may not do to others."""

import threading

from services.common.errors import Conflict
from services.memory.domain.ingest import plan_append
from services.memory.domain.model import Event, EventKind

WAIT_S = 30.0


def ev(session_id: str, seq: int, text: str, event_id: str = "") -> Event:
    return Event(session_id, seq, event_id or f"e{seq}", EventKind.USER_MESSAGE, text, "2026-01-01T00:00:00Z", ())


def another_session_appends_while_one_plans(store) -> None:
    """Session A's planner pauses mid-planning until session B's append has committed: B must
    not wait for A (with one lock around planning it would wait until A gives up)."""
    planning = threading.Event()
    b_done = threading.Event()
    order: list[str] = []
    a_batch = [ev("A", n, f"The port of service{n} is {10000 + n}.") for n in range(1, 51)]

    def slow_planner(reader):
        planning.set()
        b_done.wait(WAIT_S)  # a long planning: until B is written, or the test gives up
        order.append("A planned" if b_done.is_set() else "A planned before B was written")
        return plan_append(reader, "A", a_batch)

    errors: list[BaseException] = []

    def run_a():
        try:
            store.append("A", slow_planner)
            order.append("A written")
        except BaseException as exc:  # noqa: BLE001  reported by the assertions below, whatever it is
            errors.append(exc)

    thread = threading.Thread(target=run_a)
    thread.start()
    assert planning.wait(WAIT_S)
    b_batch = [ev("B", 1, "The deploy target is eu-west-1.")]
    store.append("B", lambda reader: plan_append(reader, "B", b_batch))
    order.append("B written")
    b_done.set()
    thread.join(WAIT_S * 2)
    assert not errors
    assert order == ["B written", "A planned", "A written"]
    assert store.session("A").event_count == 50 and store.session("B").event_count == 1


def a_write_overtaking_a_plan_makes_it_plan_again(store, other=None) -> None:
    """A plan made on a snapshot that another append to the same session overtook is made again
    on the new state: the seq taken in between is a Conflict, not a half-applied or failed write.
    other, when given, is a second store on the same data (what another worker process holds)."""
    writer = other or store
    store.append("S", lambda reader: plan_append(reader, "S", [ev("S", 1, "hello")]))
    overtaken = threading.Event()
    plans: list[str] = []

    def planner(reader):
        plans.append("planning")
        plan = plan_append(reader, "S", [ev("S", 2, "The region is eu-west-1.", "mine")])
        if not overtaken.is_set():
            # Another writer takes seq 2 after this snapshot was read.
            other = threading.Thread(target=lambda: writer.append("S", lambda r: plan_append(r, "S", [ev("S", 2, "theirs", "theirs")])))
            other.start()
            other.join(WAIT_S)
            overtaken.set()
        return plan

    try:
        store.append("S", planner)
        raise AssertionError("the overtaken plan was written")
    except Conflict as exc:
        assert "seq 2 already holds event 'theirs'" in str(exc)
    assert len(plans) == 2  # planned again on the new state, where seq 2 is taken
    events = {e.event_id: e.seq for e in store.iter_events("S")}
    assert events == {"e1": 1, "theirs": 2}


def two_stores_racing_on_one_batch_write_it_once(stores: list) -> None:
    """Two stores on one database (two processes on a SQLite file, two Redis replicas) plan the same
    batch on a snapshot taken before either commits (a barrier inside the planner): the second to
    write finds the session changed, plans again and counts duplicates; the batch is written once."""
    session = "race"
    batch = [ev(session, n, f"The setting knob{n} is value{n}.") for n in range(1, 21)]
    barrier = threading.Barrier(2, timeout=10)
    calls: list[int] = []
    results: dict[int, object] = {}

    def run(index: int) -> None:
        def planner(reader):
            calls.append(index)
            plan = plan_append(reader, session, batch)
            if calls.count(index) == 1:
                barrier.wait()  # first attempt only: the second plan must be free to proceed
            return plan

        results[index] = stores[index].append(session, planner)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert sorted((len(plan.new_events), plan.duplicates) for plan in results.values()) == [(0, 20), (20, 0)]
    assert len(calls) == 3  # the loser planned twice
    state = stores[0].session(session)
    items = list(stores[1].iter_items(session))
    assert (state.event_count, state.last_seq, state.item_count) == (20, 20, len(items))
    assert len({i.item_id for i in items}) == len(items) and len(list(stores[0].iter_events(session))) == 20
