"""Inputs that once answered INTERNAL: each now gets a status that says what to fix, and writes nothing.

Store-agnostic: tests/memory/redis/test_redis_bad_input.py runs them again on Redis.
"""

import functools
import threading

import grpc
import pytest
from dsh.memory.v1 import memory_pb2
from google.protobuf.timestamp_pb2 import Timestamp

from tests.memory.conftest import append, event

INT64_MAX = 2**63 - 1


def _code(call) -> grpc.StatusCode:
    try:
        call()
    except grpc.RpcError as exc:
        return exc.code()
    return grpc.StatusCode.OK


def _at_once(*calls) -> list[grpc.StatusCode]:
    """The status codes of calls made from one thread each, released together."""
    barrier = threading.Barrier(len(calls))
    codes: list[grpc.StatusCode] = []

    def run(call):
        barrier.wait()
        codes.append(_code(call))

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return codes


def _rejected(call) -> str:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT, caught.value.details()
    return caught.value.details()


def _exists(stub, session_id: str) -> bool:
    code = _code(lambda: stub.GetTaskState(memory_pb2.GetTaskStateRequest(session_id=session_id), timeout=10))
    assert code in (grpc.StatusCode.OK, grpc.StatusCode.NOT_FOUND)
    return code is grpc.StatusCode.OK


@pytest.mark.parametrize(
    "seconds,nanos",
    [(INT64_MAX, 0), (-INT64_MAX, 0), (253_402_300_800, 0), (-62_135_596_801, 0), (0, -1), (0, 1_000_000_000)],
)
def test_an_out_of_range_created_at_is_rejected_and_nothing_is_written(memory, seconds, nanos):
    bad = event(1, "The deploy target is eu-west-1.")
    bad.created_at.CopyFrom(Timestamp(seconds=seconds, nanos=nanos))
    details = _rejected(lambda: append(memory.stub, "s-time", bad))
    assert "events[0].created_at" in details
    assert not _exists(memory.stub, "s-time")


def test_the_edges_of_the_timestamp_range_are_accepted(memory):
    first, last = event(1, "first"), event(2, "last")
    first.created_at.CopyFrom(Timestamp(seconds=-62_135_596_800, nanos=0))
    last.created_at.CopyFrom(Timestamp(seconds=253_402_300_799, nanos=999_999_999))
    assert append(memory.stub, "s-edges", first, last).accepted == 2


@pytest.mark.parametrize("up_to", ["²", "٣", str(2**63), "9" * 40, "0", "-1", "abc", "3"])
def test_a_compaction_up_to_seq_that_is_not_a_covered_seq_is_rejected_and_nothing_is_written(memory, up_to):
    append(memory.stub, "s-compact", event(1, "The deploy target is eu-west-1."))
    details = _rejected(lambda: append(memory.stub, "s-compact", event(2, "summary", "compaction", up_to_seq=up_to)))
    assert "up_to_seq" in details
    # The session is untouched and still answers: on Redis a huge checkpoint once broke it for good.
    state = memory.stub.OpenSession(memory_pb2.OpenSessionRequest(session_id="s-compact"), timeout=10)
    assert (state.last_seq, state.checkpoint_seq, state.event_count) == (1, 0, 1)
    reply = append(memory.stub, "s-compact", event(2, "summary", "compaction", up_to_seq="1"))
    assert (reply.accepted, reply.checkpoint_seq) == (1, 1)


@pytest.mark.parametrize("token", ["²", "٣", "9" * 5000, str(2**63), "-1", "1.5"])
def test_a_page_token_this_server_never_issued_is_rejected(memory, token):
    append(memory.stub, "s-page", event(1, "The deploy target is eu-west-1."))
    details = _rejected(lambda: memory.stub.ListItems(memory_pb2.ListItemsRequest(session_id="s-page", page_token=token), timeout=10))
    assert "page_token" in details


def test_a_query_of_hundreds_of_distinct_words_is_answered(memory):
    append(memory.stub, "s-words", event(1, "The deploy target is eu-west-1."), event(2, "Always run the linter before committing."))
    query = " ".join(f"word{n} deploy" for n in range(600))
    items = memory.stub.Retrieve(memory_pb2.RetrieveRequest(session_id="s-words", query=query), timeout=60).items
    assert any("eu-west-1" in item.value for item in items)
    reply = memory.stub.Assemble(memory_pb2.AssembleRequest(session_id="s-words", query=query), timeout=60)
    assert "eu-west-1" in reply.message


def test_compact_beyond_the_last_stored_seq_is_refused(memory):
    append(memory.stub, "s-beyond", event(1, "one"), event(2, "two"))
    with pytest.raises(grpc.RpcError) as caught:
        memory.stub.Compact(memory_pb2.CompactRequest(session_id="s-beyond", up_to_seq=3), timeout=10)
    assert caught.value.code() is grpc.StatusCode.FAILED_PRECONDITION
    assert "last stored seq is 2" in caught.value.details()
    state = memory.stub.OpenSession(memory_pb2.OpenSessionRequest(session_id="s-beyond"), timeout=10)
    assert state.checkpoint_seq == 0
    assert memory.stub.Compact(memory_pb2.CompactRequest(session_id="s-beyond", up_to_seq=2), timeout=10).checkpoint_seq == 2


def test_close_and_compact_racing_delete_answer_ok_or_not_found(memory):
    """Both once read the session back after the delete had won: 'NoneType' has no attribute."""
    seen: set[grpc.StatusCode] = set()
    for round_ in range(150):
        session_id = f"s-race-{round_}"
        append(memory.stub, session_id, event(1, "The deploy target is eu-west-1."))
        codes = _at_once(
            functools.partial(memory.stub.CloseSession, memory_pb2.CloseSessionRequest(session_id=session_id), timeout=10),
            functools.partial(memory.stub.Compact, memory_pb2.CompactRequest(session_id=session_id, up_to_seq=1), timeout=10),
            functools.partial(memory.stub.DeleteSession, memory_pb2.DeleteSessionRequest(session_id=session_id), timeout=10),
        )
        assert set(codes) <= {grpc.StatusCode.OK, grpc.StatusCode.NOT_FOUND}, codes
        seen.update(codes)
    assert grpc.StatusCode.OK in seen


def test_duplicate_event_ids_and_odd_strings_in_one_batch_get_a_status_not_internal(memory):
    batch = [
        event(1, "text with a NUL \x00 inside", event_id="dup"),
        event(2, "other text", event_id="dup"),
    ]
    code = _code(lambda: append(memory.stub, "s-dup", *batch))
    assert code in (grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.FAILED_PRECONDITION)
    odd = [event(1, "\x00" * 10, event_id="\x00"), event(2, "", event_id="e\x00", **{"\x00": "\x00"}), event(INT64_MAX, "last")]
    assert _code(lambda: append(memory.stub, "s-odd", *odd)) is grpc.StatusCode.OK
    exported = memory.stub.ExportSession(memory_pb2.ExportSessionRequest(session_id="s-odd"), timeout=10)
    assert str(INT64_MAX) in exported.json
