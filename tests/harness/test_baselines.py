"""The two baselines over real gRPC: the contract they honour and the windows they inject."""

import grpc
import pytest
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import open_channel
from services.harness.baselines import RollingSummaryServicer, SkillOnlyServicer
from services.harness.baselines.host_window import serve_baseline
from services.harness.baselines.rolling_summary import first_sentence
from services.harness.invariants import label_problem


@pytest.fixture(params=[SkillOnlyServicer, RollingSummaryServicer])
def stub(request):
    served = serve_baseline(request.param())
    channel = open_channel(f"127.0.0.1:{served.port}")
    yield memory_pb2_grpc.MemoryServiceStub(channel)
    channel.close()
    served.stop(0)


def ev(seq, text, kind=memory_pb2.EVENT_KIND_USER_MESSAGE, **attributes):
    return memory_pb2.Event(seq=seq, event_id=f"s:e{seq}", kind=kind, text=text, attributes=attributes)


def append(stub, events, session="s"):
    return stub.AppendEvents(memory_pb2.AppendEventsRequest(session_id=session, events=events), timeout=5)


def test_capabilities_are_honest(stub):
    caps = stub.GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=5)
    assert not caps.has_storage and not caps.has_retrieval
    for call, request in (
        (stub.Retrieve, memory_pb2.RetrieveRequest(session_id="s", query="x")),
        (stub.GetTaskState, memory_pb2.GetTaskStateRequest(session_id="s")),
        (stub.ExportSession, memory_pb2.ExportSessionRequest(session_id="s")),
    ):
        with pytest.raises(grpc.RpcError) as err:
            call(request, timeout=5)
        assert err.value.code() == grpc.StatusCode.UNIMPLEMENTED
    with pytest.raises(grpc.RpcError) as err:
        stub.ListItems(memory_pb2.ListItemsRequest(session_id="s"), timeout=5)
    assert err.value.code() == grpc.StatusCode.NOT_FOUND
    stub.OpenSession(memory_pb2.OpenSessionRequest(session_id="s"), timeout=5)
    assert list(stub.ListItems(memory_pb2.ListItemsRequest(session_id="s"), timeout=5).items) == []


def test_append_is_idempotent_and_atomic(stub):
    batch = [ev(1, "The deploy target is eu-west-1."), ev(2, "Sure.", memory_pb2.EVENT_KIND_ASSISTANT_MESSAGE)]
    assert (append(stub, batch).accepted, append(stub, batch).duplicates) == (2, 2)
    with pytest.raises(grpc.RpcError) as err:
        append(stub, [ev(3, "new"), memory_pb2.Event(seq=1, event_id="s:other", kind=1, text="clash")])
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    opened = stub.OpenSession(memory_pb2.OpenSessionRequest(session_id="s"), timeout=5)
    assert (opened.event_count, opened.last_seq, opened.resumed) == (2, 2, True)  # seq 3 was not written
    with pytest.raises(grpc.RpcError) as err:
        append(stub, [memory_pb2.Event(seq=4, event_id="s:e4", text="no kind")])
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_checkpoint_only_moves_forward(stub):
    with pytest.raises(grpc.RpcError) as err:
        stub.Compact(memory_pb2.CompactRequest(session_id="s", up_to_seq=10), timeout=5)
    assert err.value.code() == grpc.StatusCode.NOT_FOUND
    append(stub, [ev(1, "hello")])
    assert stub.Compact(memory_pb2.CompactRequest(session_id="s", up_to_seq=10), timeout=5).checkpoint_seq == 10
    assert stub.Compact(memory_pb2.CompactRequest(session_id="s", up_to_seq=4), timeout=5).checkpoint_seq == 10
    reply = append(stub, [ev(30, "", memory_pb2.EVENT_KIND_COMPACTION, up_to_seq="25")])
    assert reply.checkpoint_seq == 25


def test_message_is_labelled_and_within_budget(stub):
    append(stub, [ev(seq, f"Turn {seq} talks about the queue consumer. More detail follows here.") for seq in range(1, 60)])
    reply = stub.Assemble(memory_pb2.AssembleRequest(session_id="s", query="queue", token_budget=200), timeout=5)
    assert label_problem(reply.message) is None
    assert 0 < reply.token_estimate <= 200
    assert "[seq 59, user]" in reply.message
    with pytest.raises(grpc.RpcError) as err:
        stub.Assemble(memory_pb2.AssembleRequest(session_id="empty", query="q"), timeout=5)
    assert err.value.code() == grpc.StatusCode.NOT_FOUND


def _assemble(servicer_cls, events, compact_to=0):
    served = serve_baseline(servicer_cls())
    channel = open_channel(f"127.0.0.1:{served.port}")
    try:
        stub = memory_pb2_grpc.MemoryServiceStub(channel)
        append(stub, events)
        if compact_to:
            stub.Compact(memory_pb2.CompactRequest(session_id="s", up_to_seq=compact_to), timeout=5)
        return stub.Assemble(memory_pb2.AssembleRequest(session_id="s", query="q", token_budget=5000), timeout=5).message
    finally:
        channel.close()
        served.stop(0)


def test_skill_only_window_is_every_turn_since_last_compaction():
    events = [ev(seq, f"turn {seq}.") for seq in range(1, 31)]
    message = _assemble(SkillOnlyServicer, events, compact_to=25)
    assert [line.split("]")[0] for line in message.splitlines()[1:]] == [f"- [seq {s}, user" for s in range(26, 31)]
    message = _assemble(SkillOnlyServicer, events)
    assert len(message.splitlines()) == 1 + 30 and "[seq 1, user]" in message


def test_rolling_summary_keeps_first_sentences_of_last_40_turns_across_compaction():
    events = [ev(seq, f"Sentence one of {seq}. Sentence two.") for seq in range(1, 51)]
    message = _assemble(RollingSummaryServicer, events, compact_to=45)
    lines = message.splitlines()[1:]
    assert len(lines) == 40 and lines[0] == "- [seq 11, user] Sentence one of 11."
    assert first_sentence("x" * 300) == "x" * 100
    assert first_sentence("缓存时间是三十秒。之后再说") == "缓存时间是三十秒。"
