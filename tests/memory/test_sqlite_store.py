"""The SQLite store's own guarantees: the schema, the per-session term namespace."""

import re
import sqlite3
import threading
from pathlib import Path

import pytest

from services.memory.domain.model import AppendPlan, Event, EventKind, Item, ItemKind
from services.memory.domain.retrieval import analyse
from services.memory.domain.service import MemoryCore
from services.memory.domain.validation import Limits
from services.memory.store.sqlite import SqliteStore, namespaced, term_prefix
from services.memory.store.sqlite_schema import migrate
from tests.memory import store_concurrency

SNAPSHOT = Path(__file__).with_name("schema.sql")


def _schema(db: sqlite3.Connection) -> str:
    rows = db.execute(
        "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'items_fts_%'"
        " AND name NOT LIKE 'items_cjk_%' ORDER BY type, name"
    ).fetchall()
    version = db.execute("PRAGMA user_version").fetchone()[0]
    return "\n".join([f"PRAGMA user_version = {version};", *(sql.strip() + ";" for (sql,) in rows)])


def test_schema_matches_the_committed_snapshot():
    db = sqlite3.connect(":memory:", isolation_level=None)
    migrate(db)
    expected = "\n".join(line for line in SNAPSHOT.read_text().splitlines() if not line.startswith("--"))
    assert _schema(db) == expected


def test_migrations_are_idempotent_and_refuse_a_newer_database(tmp_path):
    path = tmp_path / "m.sqlite"
    SqliteStore(path).close()
    SqliteStore(path).close()  # reopening applies nothing twice
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA user_version = 99")
    db.close()
    try:
        SqliteStore(path)
    except RuntimeError as exc:
        assert "newer" in str(exc)
    else:
        raise AssertionError("a database from a newer schema must be refused")


def test_term_prefix_is_consonants_and_namespaces_every_word():
    prefix = term_prefix("session-a")
    assert re.fullmatch(r"[bcdfghjklmnpqrstvwxz]{10}", prefix) and prefix != term_prefix("session-b")
    assert namespaced("eu-west-1, 部署!", prefix) == f"{prefix}eu-{prefix}west-{prefix}1, {prefix}部署!"


def test_one_sessions_words_do_not_reach_another_sessions_ranking(tmp_path):
    core = MemoryCore(SqliteStore(tmp_path / "m.sqlite"), Limits(), "test")
    quiet = [
        Event("quiet", 1, "q1", EventKind.USER_MESSAGE, "The cache TTL is 300 seconds."),
        Event("quiet", 2, "q2", EventKind.USER_MESSAGE, "The deploy window is Tuesday."),
    ]
    core.append("quiet", quiet)
    before = [s.item.item_id for s in core.retrieve("quiet", "cache ttl deploy window", 5, False)]
    noisy = [Event("noisy", n, f"n{n}", EventKind.USER_MESSAGE, f"cache cache deploy note {n}") for n in range(1, 200)]
    core.append("noisy", noisy)
    after = core.retrieve("quiet", "cache ttl deploy window", 5, False)
    # Term frequencies are per session: 199 noisy "cache deploy" notes change neither what
    # the quiet session finds nor its order.
    assert [s.item.item_id for s in after] == before and len(before) == 2


def test_a_word_over_the_scored_rows_budget_is_rescored_not_matched(tmp_path):
    # Budget 10 rows: "deploy" (40 turns) is skipped in the MATCH, "canary" (2 turns) is matched.
    store = SqliteStore(tmp_path / "m.sqlite", scored_rows_budget=10)
    core = MemoryCore(store, Limits(), "test")
    events = [Event("s", n, f"e{n}", EventKind.USER_MESSAGE, f"Deploy note {n} for the checkout service.") for n in range(1, 41)]
    events += [
        Event("s", 41, "both", EventKind.USER_MESSAGE, "The canary deploy goes to one zone first."),
        Event("s", 42, "rare", EventKind.USER_MESSAGE, "Canary birds were once kept in mines."),
    ]
    core.append("s", events)
    ranked = core.retrieve("s", "canary deploy", 10, False)
    # Only rows holding the rare word are candidates; the skipped common word still counts for them.
    assert [s.item.source_event_ids[0] for s in ranked] == ["both", "rare"]
    unbounded = MemoryCore(SqliteStore(tmp_path / "m.sqlite", scored_rows_budget=10_000), Limits(), "test")
    assert unbounded.retrieve("s", "canary deploy", 10, False)[0].item.source_event_ids == ("both",)
    assert len(unbounded.retrieve("s", "canary deploy", 10, False)) == 10


def test_a_version_1_file_gains_the_speaker_column_and_keeps_its_items(tmp_path):
    from services.memory.store.sqlite_schema import MIGRATIONS

    path = tmp_path / "v1.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    MIGRATIONS[0][1](db)
    db.execute("PRAGMA user_version = 1")
    db.execute("COMMIT")
    db.close()
    store = SqliteStore(path)
    assert store.schema_version == len(MIGRATIONS)
    core = MemoryCore(store, Limits(), "test")
    core.append("s", [Event("s", 1, "e1", EventKind.USER_MESSAGE, "The cache TTL is 300 seconds.", attributes=(("speaker", "Ana"),))])
    assert [s.item.speaker for s in core.retrieve("s", "what did Ana say about the cache ttl", 5, False)][:1] == ["Ana"]


def test_a_sessions_scores_do_not_depend_on_other_sessions_in_the_file(tmp_path):
    store = SqliteStore(tmp_path / "m.sqlite")
    core = MemoryCore(store, Limits(), "test")
    # Chat with nothing to extract: every turn is one item, so copies of it are items of the same length.
    texts = [
        "I looked at the cache graphs this morning.",
        "We talked about the deploy over lunch.",
        "Did the deploy window move again?",
        "Nobody wanted to talk about rollback plans.",
        "Cache misses went up after the deploy, sadly.",
    ]
    texts += [f"We had soup and bread for lunch on day {n}." for n in range(20)]
    core.append("mine", [Event("mine", n, f"m{n}", EventKind.USER_MESSAGE, t) for n, t in enumerate(texts, 1)])
    query = analyse("cache deploy window rollback")

    def scores() -> dict[str, float]:
        return {item.item_id: score for item, score in store.search("mine", query, limit=50, include_superseded=False)}

    alone = scores()
    # Alone in the file, the session's document count is the file's: the scores are FTS5's own bm25().
    words = " OR ".join(f'{{search_text context_text}} : "{namespaced(w, term_prefix("mine"))}"' for w in query.words)
    fts5 = store._db.execute(
        "SELECT items.item_id, -bm25(items_fts, 1.0, 0.7, 0.4) FROM items_fts JOIN items ON items.id = items_fts.rowid"
        " WHERE items_fts MATCH ?",
        (words,),
    ).fetchall()
    assert len(alone) >= 5 and alone == pytest.approx(dict(fts5), rel=1e-9)
    # Another session holding the same turns 16 times over: the file's rows grow 17-fold, its
    # average length stays put but for the turns whose two turns before differ (the indexed
    # context). FTS5's own idf would double these scores; the session's stays within 3%.
    core.append("other", [Event("other", n, f"o{n}", EventKind.USER_MESSAGE, texts[(n - 1) % len(texts)]) for n in range(1, 401)])
    assert scores() == pytest.approx(alone, rel=0.03)


def test_a_sessions_scores_do_not_depend_on_what_the_process_counted_before(tmp_path):
    """A restarted process ranks a session as the one that served it all along: the counts a search
    keeps are of the session as it is, not as it was when they were first counted."""
    store = SqliteStore(tmp_path / "m.sqlite")
    core = MemoryCore(store, Limits(), "test")
    texts = [f"We had soup and bread for lunch on day {n}." for n in range(20)]
    texts += ["The cache graphs looked fine this morning.", "Cache misses went up after the deploy."]
    core.append("mine", [Event("mine", n, f"m{n}", EventKind.USER_MESSAGE, t) for n, t in enumerate(texts, 1)])
    # Another session in the file: a session's own counts then weigh its terms, not the file's.
    core.append("other", [Event("other", n, f"o{n}", EventKind.USER_MESSAGE, f"Cache note {n} for the team.") for n in range(1, 41)])
    query = analyse("cache misses after lunch")

    def scores(of: SqliteStore) -> dict[str, float]:
        return {item.item_id: score for item, score in of.search("mine", query, limit=50, include_superseded=False)}

    scores(store)  # counted once, at 22 items
    more = ["Lunch was soup again.", "The cache is cold after a deploy."]
    core.append("mine", [Event("mine", n, f"m{n}", EventKind.USER_MESSAGE, t) for n, t in enumerate(more, len(texts) + 1)])
    restarted = SqliteStore(tmp_path / "m.sqlite")
    assert scores(store) == scores(restarted)
    restarted.close()


def test_a_search_never_returns_an_item_as_it_was_before_a_change(tmp_path):
    """Searches keep the items they built per process: a superseded item, an item given a new source, and
    a session deleted and created again under the same id must come back as the file holds them now."""
    store = SqliteStore(tmp_path / "m.sqlite")
    core = MemoryCore(store, Limits(), "test")
    query = analyse("storage quota")

    def found() -> list[tuple[str, str, tuple[str, ...]]]:
        hits = store.search("s", query, limit=20, include_superseded=True)
        return sorted((item.value, item.status.value, item.source_event_ids) for item, _ in hits if item.kind is ItemKind.NUMBER)

    core.append("s", [Event("s", 1, "e1", EventKind.USER_MESSAGE, "The storage quota is 50 GB per team.")])
    assert found() == [("50", "active", ("e1",))]
    core.append("s", [Event("s", 2, "e2", EventKind.USER_MESSAGE, "Correction: the storage quota is 80 GB per team.")])
    assert found() == [("50", "superseded", ("e1",)), ("80", "active", ("e2",))]
    core.append("s", [Event("s", 3, "e3", EventKind.USER_MESSAGE, "To confirm, the storage quota is 80 GB per team.")])
    assert ("80", "active", ("e2", "e3")) in found()
    core.delete_session("s")
    core.append("s", [Event("s", 1, "e1", EventKind.USER_MESSAGE, "The storage quota is 20 GB per team.")])
    assert found() == [("20", "active", ("e1",))]
    store.close()


def test_version_3_indexes_only_cjk_text_in_the_trigram_table_and_migrates_a_version_2_file(tmp_path):
    from services.memory.store.sqlite_schema import MIGRATIONS

    path = tmp_path / "v2.sqlite"
    core = MemoryCore(SqliteStore(path), Limits(), "test")
    core.append(
        "s",
        [
            Event("s", 1, "e1", EventKind.USER_MESSAGE, "The cache TTL is 300 seconds."),
            Event("s", 2, "e2", EventKind.USER_MESSAGE, "部署目标是华东二区的集群。"),
        ],
    )
    core.store.close()
    # Back to version 2: its triggers gave every item a trigram row, empty for English text.
    db = sqlite3.connect(path, isolation_level=None)
    for name in ("items_index", "items_unindex", "items_index_cjk", "items_unindex_cjk"):
        db.execute(f"DROP TRIGGER {name}")
    db.execute("INSERT INTO items_cjk (rowid, cjk_text) SELECT id, cjk_text FROM items WHERE cjk_text = ''")
    db.execute(
        "CREATE TRIGGER items_index AFTER INSERT ON items BEGIN"
        " INSERT INTO items_fts (rowid, search_text, cjk_grams, context_text) VALUES (new.id, new.search_text, new.cjk_grams, new.context_text);"
        " INSERT INTO items_cjk (rowid, cjk_text) VALUES (new.id, new.cjk_text); END"
    )
    db.execute(
        "CREATE TRIGGER items_unindex AFTER DELETE ON items BEGIN"
        " INSERT INTO items_fts (items_fts, rowid, search_text, cjk_grams, context_text) VALUES ('delete', old.id, old.search_text, old.cjk_grams, old.context_text);"
        " INSERT INTO items_cjk (items_cjk, rowid, cjk_text) VALUES ('delete', old.id, old.cjk_text); END"
    )
    for statement in (
        "DROP INDEX sessions_by_tenant",
        "DROP INDEX sessions_by_user",
        "ALTER TABLE sessions DROP COLUMN tenant",
        "ALTER TABLE sessions DROP COLUMN user_id",
        "ALTER TABLE sessions DROP COLUMN write_token",
    ):
        db.execute(statement)  # versions 4 and 5's session columns, which a version 2 file does not have either
    db.execute("PRAGMA user_version = 2")
    trigram_rows = lambda: db.execute("SELECT count(*) FROM items_cjk_docsize").fetchone()[0]  # noqa: E731
    cjk_items = db.execute("SELECT count(*) FROM items WHERE cjk_text != ''").fetchone()[0]
    assert trigram_rows() == db.execute("SELECT count(*) FROM items").fetchone()[0] > cjk_items > 0
    store = SqliteStore(path)
    assert store.schema_version == len(MIGRATIONS)
    assert trigram_rows() == cjk_items
    db.execute("INSERT INTO items_cjk (items_cjk) VALUES ('integrity-check')")
    core = MemoryCore(store, Limits(), "test")
    assert core.retrieve("s", "华东二区", 5, False)[0].item.source_event_ids == ("e2",)
    core.append("s", [Event("s", 3, "e3", EventKind.USER_MESSAGE, "Rollback needs the on-call lead.")])
    assert trigram_rows() == cjk_items
    core.delete_session("s")
    assert trigram_rows() == 0


# --- readers and the writer ------------------------------------------------------------------------


class _ProbingSeqs(tuple):
    """Source seqs that, when the store serializes them (after the batch's events were inserted,
    before its items are), run a read from another thread: what can a reader see mid-write?"""

    def __new__(cls, seqs, probe):
        obj = super().__new__(cls, seqs)
        obj.probe = probe
        return obj

    def __iter__(self):
        self.probe()
        return super().__iter__()


def test_a_reader_never_sees_the_rows_of_an_append_that_rolls_back(tmp_path):
    store = SqliteStore(tmp_path / "m.sqlite")
    seen: list[dict] = []

    def probe():
        reader = threading.Thread(target=lambda: seen.append(store.events_by_ids("s", ["e1"])))
        reader.start()
        reader.join(10)

    event = Event("s", 1, "e1", EventKind.USER_MESSAGE, "hello", "", ())
    item = Item(
        item_id="dup",
        session_id="s",
        kind=ItemKind.FACT,
        key="k",
        value="v",
        text="v",
        lang="en",
        source_seqs=_ProbingSeqs((1,), probe),
        source_event_ids=("e1",),
        source_kind=EventKind.USER_MESSAGE,
    )
    # Two items with one id: the second insert fails and the whole append rolls back.
    plan = AppendPlan(new_events=[event], new_items=[item, item], last_seq=1)
    try:
        with pytest.raises(sqlite3.IntegrityError):
            store.append("s", lambda reader: plan)
        assert seen and all(found == {} for found in seen)
        assert store.session("s") is None and store.events_by_ids("s", ["e1"]) == {}
    finally:
        store.close()


def test_another_session_appends_while_one_session_plans(tmp_path):
    store = SqliteStore(tmp_path / "m.sqlite")
    try:
        store_concurrency.another_session_appends_while_one_plans(store)
    finally:
        store.close()


def test_a_plan_overtaken_by_a_write_to_its_session_is_made_again(tmp_path):
    store = SqliteStore(tmp_path / "m.sqlite")
    try:
        store_concurrency.a_write_overtaking_a_plan_makes_it_plan_again(store)
    finally:
        store.close()
