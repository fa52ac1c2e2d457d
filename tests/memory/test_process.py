"""The memory service as a real process: restart, kill -9 durability, graceful drain."""

import contextlib
import json
import signal

import grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from tests.memory.conftest import all_items, append, event


def _stub(process):
    return memory_pb2_grpc.MemoryServiceStub(grpc.insecure_channel(process.address))


def test_acknowledged_batch_survives_kill_9(memory_process):
    memory_process.start()
    stub = _stub(memory_process)
    batch = [event(n, f"The retry budget for job{n} is {n} attempts per hour.") for n in range(1, 201)]
    reply = append(stub, "durable", *batch)
    assert reply.accepted == 200
    memory_process.stop(signal.SIGKILL)
    memory_process.start()
    stub = _stub(memory_process)
    opened = stub.OpenSession(memory_pb2.OpenSessionRequest(session_id="durable"), timeout=5)
    assert opened.resumed and opened.event_count == 200 and opened.last_seq == 200
    assert append(stub, "durable", *batch).duplicates == 200


def test_compaction_then_restart_resumes(memory_process):
    memory_process.start()
    stub = _stub(memory_process)
    append(stub, "resume", event(1, "Always run make lint before pushing."), event(2, "The deploy target is eu-west-1."))
    stub.Compact(memory_pb2.CompactRequest(session_id="resume", up_to_seq=2, summary="rules and target"), timeout=5)
    append(stub, "resume", event(3, "Actually, the deploy target is eu-central-1, not eu-west-1."))
    before = all_items(stub, "resume")
    stub.CloseSession(memory_pb2.CloseSessionRequest(session_id="resume"), timeout=5)
    assert memory_process.stop(signal.SIGTERM) == 0
    memory_process.start()
    stub = _stub(memory_process)
    opened = stub.OpenSession(memory_pb2.OpenSessionRequest(session_id="resume"), timeout=5)
    assert (opened.resumed, opened.event_count, opened.checkpoint_seq, opened.last_seq) == (True, 3, 2, 3)
    after = all_items(stub, "resume")
    assert [(i.item_id, i.status) for i in after] == [(i.item_id, i.status) for i in before]
    message = stub.Assemble(memory_pb2.AssembleRequest(session_id="resume", query="where do we deploy?"), timeout=5).message
    assert "eu-central-1" in message


def test_one_json_log_line_per_rpc(memory_process):
    memory_process.start()
    stub = _stub(memory_process)
    stub.GetCapabilities(memory_pb2.GetCapabilitiesRequest(), metadata=(("x-request-id", "trace-42"),), timeout=5)
    with contextlib.suppress(grpc.RpcError):
        stub.ListItems(memory_pb2.ListItemsRequest(session_id="missing"), timeout=5)
    memory_process.proc.send_signal(signal.SIGTERM)
    memory_process.proc.wait(timeout=20)
    lines = [json.loads(line) for line in memory_process.proc.stderr.read().decode().splitlines() if line.startswith("{")]
    memory_process.proc.stderr.close()
    memory_process.proc = None
    rpcs = [line for line in lines if line.get("event") == "rpc_finished"]
    caps = [line for line in rpcs if line["rpc"] == "GetCapabilities"]
    assert len(caps) == 1 and caps[0]["request_id"] == "trace-42" and caps[0]["code"] == "OK"
    missing = [line for line in rpcs if line["rpc"] == "ListItems"]
    assert missing[0]["code"] == "NOT_FOUND" and missing[0]["session_id"] == "missing"
    assert "duration_ms" in missing[0]
