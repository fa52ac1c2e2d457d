"""Dense retrieval (MEMORY_DENSE=minilm) on a real server, and the rank fusion on its own."""

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.memory.domain.fusion import fuse_rankings
from services.memory.domain.model import EventKind, Item, ItemKind, ItemStatus, ScoredItem
from services.memory.server import build_server
from services.memory.settings import Settings
from tests.memory.conftest import append, event

REPO_ROOT = Path(__file__).resolve().parents[2]

# The answer shares no word with the question: only the embeddings can connect them.
PET = "I adopted a small beagle last spring."
OTHER_TURNS = ["The quarterly report is due on Friday.", "We moved the standup to 10am.", "Deploy target is eu-west-1."]
QUESTION = "what pet does she own?"


@pytest.fixture(scope="module")
def dense_stub(tmp_path_factory) -> Iterator[memory_pb2_grpc.MemoryServiceStub]:
    db = tmp_path_factory.mktemp("dense") / "memory.sqlite"
    server = build_server(Settings(listen="127.0.0.1:0", db_path=str(db), dense="minilm"))
    channel = grpc.insecure_channel(f"127.0.0.1:{server.port}")
    try:
        yield memory_pb2_grpc.MemoryServiceStub(channel)
    finally:
        channel.close()
        server.stop(grace=1)


def _texts(stub, session_id: str, query: str) -> list[str]:
    reply = stub.Retrieve(memory_pb2.RetrieveRequest(session_id=session_id, query=query, limit=3), timeout=30)
    return [item.text for item in reply.items]


def _conversation(stub, session_id: str) -> None:
    append(stub, session_id, *(event(i + 1, text) for i, text in enumerate([*OTHER_TURNS[:2], PET, OTHER_TURNS[2]])))


def test_dense_finds_a_turn_with_no_word_of_the_question(dense_stub, memory):
    for stub in (dense_stub, memory.stub):
        _conversation(stub, "pets")
    assert _texts(dense_stub, "pets", QUESTION)[0] == PET
    assert PET not in _texts(memory.stub, "pets", QUESTION)


def test_capabilities_say_how_retrieve_ranks(dense_stub, memory):
    dense = dense_stub.GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=5).retrieval
    assert dense.startswith("hybrid: numpy ") and "MiniLM-L6-v2 (no torch" in dense
    assert memory.stub.GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=5).retrieval == "lexical"


def test_delete_session_forgets_its_vectors(dense_stub):
    _conversation(dense_stub, "reused")
    assert _texts(dense_stub, "reused", QUESTION)[0] == PET
    dense_stub.DeleteSession(memory_pb2.DeleteSessionRequest(session_id="reused"), timeout=5)
    # The same event ids (hence item ids) and item count with other words: vectors kept from
    # before the delete would still answer with the beagle.
    append(
        dense_stub,
        "reused",
        *(event(i + 1, text) for i, text in enumerate([*OTHER_TURNS[:2], "I repaired my old bicycle.", OTHER_TURNS[2]])),
    )
    assert PET not in _texts(dense_stub, "reused", QUESTION)


def test_the_least_recently_queried_session_leaves_the_cache_and_comes_back_whole(tmp_path):
    from services.memory.domain.model import Event
    from services.memory.domain.service import MemoryCore
    from services.memory.domain.validation import Limits
    from services.memory.embeddings import MiniLMEncoder
    from services.memory.embeddings.index import DenseIndex
    from services.memory.store.sqlite import SqliteStore

    index = DenseIndex(MiniLMEncoder.load(), max_sessions=2)
    core = MemoryCore(SqliteStore(tmp_path / "m.sqlite"), Limits(), "test", dense=index)
    for session in ("a", "b", "c"):
        core.append(
            session,
            [
                Event(session, i + 1, f"e{i + 1}", EventKind.USER_MESSAGE, text)
                for i, text in enumerate([*OTHER_TURNS[:2], PET, OTHER_TURNS[2]])
            ],
        )
    for session in ("a", "b", "a", "c"):
        core.retrieve(session, QUESTION, 3, False)
    assert index.cached_sessions() == ["a", "c"]
    # b was dropped; its next query encodes its turns again and finds the same turn.
    assert core.retrieve("b", QUESTION, 3, False)[0].item.text == PET
    assert index.cached_sessions() == ["c", "b"]


def _item(event_id: str, kind: ItemKind = ItemKind.EVIDENCE, status: ItemStatus = ItemStatus.ACTIVE) -> Item:
    seq = int(event_id[1:])
    return Item(
        item_id=f"{kind.value}-{event_id}",
        session_id="s",
        kind=kind,
        key=f"k{event_id}",
        value=event_id,
        text=event_id,
        lang="en",
        source_seqs=(seq,),
        source_event_ids=(event_id,),
        source_kind=EventKind.USER_MESSAGE,
        status=status,
    )


def test_fusion_is_reciprocal_rank_at_the_turn_level():
    fact2 = _item("e2", ItemKind.FACT)
    lexical = [ScoredItem(fact2, 9.0), ScoredItem(_item("e5"), 4.0), ScoredItem(_item("e8"), 1.0)]
    old = _item("e3", status=ItemStatus.SUPERSEDED)
    dense = [(_item("e7"), 0.9), (old, 0.8), (_item("e2"), 0.7), (_item("e5"), 0.6)]

    fused = fuse_rankings(lexical, dense, limit=10, include_superseded=False)
    # The superseded quote stays out (and takes no rank): e2 keeps its lexical fact (1/61 + 1/62),
    # e5 gains too (1/62 + 1/63); e7 is dense-only (1/61) and passes the lexical-only e8 (1/63).
    assert [s.item.item_id for s in fused] == ["fact-e2", "evidence-e5", "evidence-e7", "evidence-e8"]
    assert fused[0].score == round(1 / 61 + 1 / 62, 6) and fused[2].score == round(1 / 61, 6)

    with_history = fuse_rankings(lexical, dense, limit=3, include_superseded=True)
    assert [s.item.item_id for s in with_history] == ["fact-e2", "evidence-e5", "evidence-e7"]
    assert "evidence-e3" in {s.item.item_id for s in fuse_rankings(lexical, dense, limit=10, include_superseded=True)}
    assert fuse_rankings(lexical, [], limit=2, include_superseded=False) == [
        ScoredItem(fact2, round(1 / 61, 6)),
        ScoredItem(lexical[1].item, round(1 / 62, 6)),
    ]


def test_the_service_with_dense_off_imports_none_of_the_extra():
    # The entry points catch the extra's error at start-up; naming it must not load numpy or tokenizers
    # (about 100 ms of every cold start on this machine), even where the extra is installed.
    code = "import sys, services.memory.__main__, services.memory.workers; print(sorted({'numpy', 'tokenizers'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO_ROOT)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
