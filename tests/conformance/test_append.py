"""AppendEvents: counts, idempotent retries, conflicts and bad input, each batch all-or-nothing."""

import threading

import grpc
import pytest
from dsh.memory.v1 import memory_pb2

from tests.conformance.contract import (
    ASSISTANT,
    CONFLICT_CODES,
    MAX_SESSION_ID_BYTES,
    OVERSIZE_CODES,
    TOOL,
    TOOL_CALL,
    USER,
    Conversation,
    unique_session_id,
)

# Above these the boundary cases would need more than a test run should send; they skip, saying so.
MAX_BATCH_TO_SEND = 100_000
MAX_BYTES_TO_SEND = 32 * 1024 * 1024


def filler(size: int) -> str:
    """ASCII prose of exactly size bytes."""
    words = "the build pipeline copies artifacts to the shared cache before tests start "
    return (words * (size // len(words) + 1))[:size]


def assert_nothing_written(conv: Conversation, caps) -> None:
    """A rejected batch leaves no trace: no session, no events, no items."""
    if caps.has_storage:
        with pytest.raises(grpc.RpcError) as err:
            conv.items()
        assert err.value.code() == grpc.StatusCode.NOT_FOUND, "a rejected first batch must not create the session"
    opened = conv.open()
    assert (opened.resumed, opened.event_count, opened.last_seq) == (False, 0, 0)


def test_counts_last_seq_and_out_of_order_events(conv):
    first = conv.append(
        conv.event(3, "Running the migration dry-run now.", TOOL_CALL),
        conv.event(1, "The release train leaves every second Wednesday."),
        conv.event(2, "Understood, every second Wednesday.", ASSISTANT),
    )
    assert (first.accepted, first.duplicates, first.last_seq, first.checkpoint_seq) == (3, 0, 3, 0)
    second = conv.append(conv.event(4, "dry-run finished: 0 errors", TOOL))
    assert (second.accepted, second.duplicates, second.last_seq) == (1, 0, 4)
    opened = conv.open()
    assert (opened.resumed, opened.event_count, opened.last_seq) == (True, 4, 4)


def test_retried_and_overlapping_batches_are_idempotent(conv, caps):
    batch = [conv.event(1, "Our CI runners use Ubuntu 22.04 images."), conv.event(2, "Noted.", ASSISTANT)]
    conv.append(*batch)
    before = [item.item_id for item in conv.items()] if caps.has_storage else []
    again = conv.append(*batch)
    assert (again.accepted, again.duplicates, again.last_seq) == (0, 2, 2)
    overlap = conv.append(batch[1], conv.event(3, "The cache volume is mounted at /var/cache/ci."))
    assert (overlap.accepted, overlap.duplicates, overlap.last_seq) == (1, 1, 3)
    assert conv.append(*batch).duplicates == 2
    assert conv.open().event_count == 3
    if caps.has_storage:
        after = conv.items()
        assert [item.item_id for item in after[: len(before)]] == before, "a retry must not drop or reorder items"
        assert all(list(item.source_seqs) == [3] for item in after[len(before) :]), "only the new event adds items"


def test_the_same_batch_from_concurrent_retries_is_stored_once(conv):
    batch = [conv.event(n, f"Step {n} of the rollout checklist is done.") for n in range(1, 9)]
    barrier = threading.Barrier(4)
    replies, errors = [], []

    def send() -> None:
        barrier.wait()
        try:
            replies.append(conv.append(*batch))
        except grpc.RpcError as exc:  # collected: an assertion in a thread would go unseen
            errors.append(exc.code())

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # A retry carries the same content, so it is never a conflict, even when it races the original.
    assert errors == []
    assert sorted(r.accepted for r in replies) == [0, 0, 0, 8] and sum(r.duplicates for r in replies) == 24
    assert conv.open().event_count == 8
    assert conv.append(*batch).duplicates == 8


def test_reused_seq_with_other_content_rejects_the_whole_batch(conv, caps):
    conv.append(conv.event(1, "The analytics warehouse is BigQuery."))
    batch = [
        conv.event(2, "The ingestion topic is orders-v2."),
        conv.event(3, "Always tag releases with the ticket number."),
        conv.event(1, "The analytics warehouse is Snowflake.", event_id=f"other-{conv.tag}"),
    ]
    with pytest.raises(grpc.RpcError) as err:
        conv.append(*batch)
    assert err.value.code() in CONFLICT_CODES
    opened = conv.open()
    assert (opened.event_count, opened.last_seq) == (1, 1)
    # Nothing of the batch survives, not even its valid events.
    assert conv.append(*batch[:2]).accepted == 2
    if caps.has_storage:
        assert not [i for i in conv.items() if "Snowflake" in i.value or "Snowflake" in i.text]


def test_edited_retry_of_a_stored_event_is_rejected(conv, caps):
    conv.append(conv.event(1, "The feature freeze starts on the 14th."))
    with pytest.raises(grpc.RpcError) as err:
        conv.append(conv.event(1, "The feature freeze starts on the 21st."))
    assert err.value.code() in CONFLICT_CODES
    if caps.has_storage:
        assert not [i for i in conv.items() if "21st" in i.text]


def test_event_id_reused_with_other_content_is_rejected(conv):
    conv.append(conv.event(1, "Staging uses the small instance class.", event_id=f"msg-{conv.tag}"))
    with pytest.raises(grpc.RpcError) as err:
        conv.append(conv.event(2, "Staging uses the large instance class.", event_id=f"msg-{conv.tag}"))
    assert err.value.code() in CONFLICT_CODES
    opened = conv.open()
    assert (opened.event_count, opened.last_seq) == (1, 1)


def test_two_events_with_one_seq_in_a_batch_are_rejected(conv, caps):
    with pytest.raises(grpc.RpcError) as err:
        conv.append(
            conv.event(5, "The queue is RabbitMQ.", event_id=f"a-{conv.tag}"),
            conv.event(5, "The queue is Kafka.", event_id=f"b-{conv.tag}"),
        )
    assert err.value.code() in (*CONFLICT_CODES, grpc.StatusCode.INVALID_ARGUMENT)
    assert_nothing_written(conv, caps)


def test_sessions_keep_their_own_event_ids(new_conversation, caps):
    # Idempotency is on (session_id, event_id): the same id in another session is another event.
    left, right = new_conversation(), new_conversation()
    shared = f"turn-1-{left.tag}"
    assert left.append(left.event(1, "The primary region is ap-south-1.", event_id=shared)).accepted == 1
    assert right.append(right.event(1, "The primary region is sa-east-1.", event_id=shared)).accepted == 1
    if caps.has_storage:
        assert all("sa-east-1" not in i.text for i in left.items())
        assert all("ap-south-1" not in i.text for i in right.items())


INVALID = (grpc.StatusCode.INVALID_ARGUMENT,)
# case -> builder of (session_id, events, accepted codes); every one is the client's mistake.
BAD_BATCHES = {
    "empty session id": lambda c, caps: ("", [c.event(1, "hello")], INVALID),
    "session id of 129 bytes": lambda c, caps: ("s" * (MAX_SESSION_ID_BYTES + 1), [c.event(1, "hello")], INVALID),
    "session id of 65 two-byte characters": lambda c, caps: ("é" * 65, [c.event(1, "hello")], INVALID),
    "empty batch": lambda c, caps: (c.session_id, [], INVALID),
    "kind unspecified": lambda c, caps: (c.session_id, [memory_pb2.Event(seq=1, event_id="k0", text="hello")], INVALID),
    "kind unknown": lambda c, caps: (c.session_id, [memory_pb2.Event(seq=1, event_id="k99", kind=99, text="hello")], INVALID),
    "seq zero": lambda c, caps: (c.session_id, [c.event(0, "hello")], INVALID),
    "seq negative": lambda c, caps: (c.session_id, [c.event(-4, "hello")], INVALID),
    "empty event id": lambda c, caps: (c.session_id, [memory_pb2.Event(seq=1, kind=USER, text="hello")], INVALID),
    "bad event after good ones": lambda c, caps: (
        c.session_id,
        [c.event(1, "The build cache is sccache."), c.event(2, "ok", ASSISTANT), memory_pb2.Event(seq=3, event_id="x3", text="?")],
        INVALID,
    ),
    "event over max_event_bytes": lambda c, caps: (
        c.session_id,
        [c.event(1, "fine"), c.event(2, filler(caps.max_event_bytes + 1))],
        OVERSIZE_CODES,
    ),
    "batch over max_batch_events": lambda c, caps: (
        c.session_id,
        [c.event(n, "ok") for n in range(1, caps.max_batch_events + 2)],
        OVERSIZE_CODES,
    ),
}


@pytest.mark.parametrize("case", list(BAD_BATCHES))
def test_bad_input_is_invalid_and_writes_nothing(conv, caps, case):
    if case == "event over max_event_bytes" and caps.max_event_bytes + 1 > MAX_BYTES_TO_SEND:
        pytest.skip(f"max_event_bytes={caps.max_event_bytes} is more than this suite sends")
    if case == "batch over max_batch_events" and caps.max_batch_events + 1 > MAX_BATCH_TO_SEND:
        pytest.skip(f"max_batch_events={caps.max_batch_events} is more than this suite sends")
    session_id, events, codes = BAD_BATCHES[case](conv, caps)
    with pytest.raises(grpc.RpcError) as err:
        conv.stub.AppendEvents(memory_pb2.AppendEventsRequest(session_id=session_id, events=events), timeout=60)
    assert err.value.code() in codes, f"{case}: {err.value.code()} {err.value.details()}"
    assert err.value.details(), "say what was wrong"
    if session_id == conv.session_id:
        assert_nothing_written(conv, caps)


def test_limits_are_the_largest_accepted_values(new_conversation, caps):
    # The boundary itself is accepted: a limit is "largest accepted", not "largest minus one".
    padded = new_conversation()
    padded.session_id = (unique_session_id() + "-" * MAX_SESSION_ID_BYTES)[:MAX_SESSION_ID_BYTES]
    assert padded.say("The session id is exactly 128 bytes long.").accepted == 1
    big = new_conversation()
    if caps.max_event_bytes <= MAX_BYTES_TO_SEND:
        assert big.append(big.event(1, filler(caps.max_event_bytes), TOOL)).accepted == 1
    if caps.max_batch_events <= 10_000:
        many = [big.event(n, f"heartbeat {n}", ASSISTANT) for n in range(2, caps.max_batch_events + 2)]
        assert big.append(*many).accepted == caps.max_batch_events
