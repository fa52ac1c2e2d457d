"""Isolation: two sessions written at the same time, with conflicting values, never see each other.

Both sessions use the same seqs and the same event ids (idempotency is per session), and
two writer threads per session race on them; each session's values carry its own marker,
so a leak shows up as the other marker in an answer.
"""

import threading
from collections.abc import Iterator

import grpc
import pytest

from tests.conformance.contract import ASSISTANT, EVIDENCE, TOOL, Conversation

TEAMS = [
    "billing",
    "search",
    "checkout",
    "auth",
    "notifications",
    "reporting",
    "inventory",
    "payments",
    "shipping",
    "analytics",
    "onboarding",
    "pricing",
]
WRITERS = 2
EVENTS_PER_BATCH = 3


def _batch(conv: Conversation, index: int) -> list:
    team, marker, seq = TEAMS[index], conv.tag, index * EVENTS_PER_BATCH + 1
    owner = f"squad-{marker}-{index}"
    # Same event ids in both sessions on purpose: (session_id, event_id) is the identity.
    ids = [f"w{index % WRITERS}-b{index}-{n}" for n in range(EVENTS_PER_BATCH)]
    return [
        conv.event(seq, f"The {team} service owner is {owner}.", event_id=ids[0]),
        conv.event(seq + 1, f"Got it, {owner} owns {team}.", ASSISTANT, event_id=ids[1]),
        conv.event(seq + 2, f"owners.yaml: {team}: {owner} (on-call {marker})", TOOL, event_id=ids[2]),
    ]


class Pair:
    def __init__(self, left: Conversation, right: Conversation, replies: dict[str, list]):
        self.left, self.right, self.replies = left, right, replies

    def both(self):
        return ((self.left, self.right), (self.right, self.left))


@pytest.fixture(scope="module")
def pair(stub) -> Iterator[Pair]:
    left, right = Conversation(stub), Conversation(stub)
    replies: dict[str, list] = {left.session_id: [], right.session_id: []}
    errors: list[grpc.RpcError] = []
    barrier = threading.Barrier(2 * WRITERS)

    def write(conv: Conversation, writer: int) -> None:
        barrier.wait()
        for index in range(writer, len(TEAMS), WRITERS):
            try:
                replies[conv.session_id].append(conv.append(*_batch(conv, index)))
            except grpc.RpcError as exc:  # collected, so the tests can report it
                errors.append(exc)

    threads = [threading.Thread(target=write, args=(conv, w)) for conv in (left, right) for w in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert not errors, [(e.code(), e.details()) for e in errors]
        yield Pair(left, right, replies)
    finally:
        left.discard()
        right.discard()


TOTAL = len(TEAMS) * EVENTS_PER_BATCH


def test_every_concurrent_write_was_acknowledged(pair):
    for conv, _ in pair.both():
        assert sum(r.accepted for r in pair.replies[conv.session_id]) == TOTAL
        opened = conv.open()
        assert (opened.event_count, opened.last_seq) == (TOTAL, TOTAL)


def test_assemble_quotes_only_its_own_session(pair, caps):
    for conv, other in pair.both():
        own_ids = {i.item_id for i in conv.items()} if caps.has_storage else set()
        for team in ("billing", "analytics", "pricing"):
            reply = conv.assemble(f"who owns the {team} service?", token_budget=400)
            assert conv.tag in reply.message and other.tag not in reply.message
            assert other.session_id not in reply.message
            if caps.has_storage:
                assert set(reply.item_ids) <= own_ids


@pytest.mark.needs_storage
def test_items_and_ids_never_cross_sessions(pair):
    left, right = pair.left.items(), pair.right.items()
    assert left and right
    assert not {i.item_id for i in left} & {i.item_id for i in right}, "item ids are unique across sessions"
    for items, conv, other in ((left, pair.left, pair.right), (right, pair.right, pair.left)):
        assert all(other.tag not in i.value + i.text + i.key for i in items)
        assert all(1 <= seq <= TOTAL for i in items for seq in i.source_seqs)
        owners = [i for i in items if i.kind != EVIDENCE and i.value.startswith(f"squad-{conv.tag}")]
        assert len({i.key for i in owners}) == len(TEAMS), "every team's owner was read in its own session"


@pytest.mark.needs_retrieval
def test_retrieve_returns_only_its_own_session(pair, caps):
    for conv, other in pair.both():
        own_ids = {i.item_id for i in conv.items()} if caps.has_storage else None
        for team in TEAMS:
            hits = conv.retrieve(f"{team} service owner", include_superseded=True)
            assert hits and all(other.tag not in h.text + h.value for h in hits)
            assert own_ids is None or {h.item_id for h in hits} <= own_ids


@pytest.mark.needs_storage
def test_export_holds_only_its_own_session(pair):
    for conv, other in pair.both():
        text = conv.export_text()
        document = conv.export()
        assert len(document["events"]) == TOTAL and conv.tag in text
        assert other.tag not in text and other.session_id not in text
