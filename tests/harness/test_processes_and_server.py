"""Local child processes really restart; RunEval streams progress and ends with the report."""

import json
import os
from dataclasses import replace

import grpc
import pytest
from dsh.harness.v1 import harness_pb2, harness_pb2_grpc

from services.common.grpc_server import open_channel, wait_for_serving
from services.harness.processes import LocalServices, ServiceProcess, StartError
from services.harness.server import build_server


def test_restart_stops_the_process_and_serves_again_on_the_same_address(tmp_path):
    with LocalServices(dict(os.environ), memory=False, answerer=True) as local:
        child = local.answerer
        first_pid = child._proc.pid
        child.restart()
        assert child._proc.pid != first_pid
        wait_for_serving(child.address, timeout=2)
        process = child._proc
    assert process.poll() is not None  # stopped on exit


def test_a_standby_takes_over_only_after_the_running_process_stopped(tmp_path):
    from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMORY_")}
    memory = ServiceProcess("services.memory", "MEMORY_LISTEN", {**env, "MEMORY_DB": str(tmp_path / "m.sqlite")}, tmp_path / "log", 20)
    memory.spawn()
    memory.wait_ready()
    memory.keep_standby(restarts=2)
    standby = memory._standby
    next_standby = None
    try:
        with open_channel(memory.address) as channel:
            event = memory_pb2.Event(seq=1, event_id="e1", kind=memory_pb2.EVENT_KIND_USER_MESSAGE, text="The deploy target is eu-west-1.")
            request = memory_pb2.AppendEventsRequest(session_id="s", events=[event])
            memory_pb2_grpc.MemoryServiceStub(channel).AppendEvents(request, timeout=10)
        first = memory._proc
        memory.restart()
        assert first.poll() is not None  # the old process is gone, not sharing the file with the new one
        assert memory._proc is standby and memory._proc.pid != first.pid
        next_standby = memory._standby
        assert next_standby is not None and next_standby is not standby  # the next restart's, already importing
        memory.restart()
        assert memory._proc is next_standby and memory._standby is None  # no third restart: no standby for it
        with open_channel(memory.address) as channel:
            opened = memory_pb2_grpc.MemoryServiceStub(channel).OpenSession(memory_pb2.OpenSessionRequest(session_id="s"), timeout=10)
        assert (opened.event_count, opened.last_seq) == (1, 1)  # what the first process acknowledged
    finally:
        memory.stop()
    assert standby.poll() is not None and next_standby is not None and next_standby.poll() is not None


def test_an_unused_standby_exits_without_serving(tmp_path):
    child = ServiceProcess("services.answerer", "ANSWERER_LISTEN", dict(os.environ), tmp_path / "log", 20)
    child.keep_standby(restarts=1)
    standby = child._standby
    assert standby is not None
    child.stop()
    assert standby.returncode == 0
    with pytest.raises(TimeoutError):  # it never served
        wait_for_serving(child.address, timeout=0.5)


def test_a_child_that_dies_at_start_is_reported_with_its_log(tmp_path):
    child = ServiceProcess("services.harness.no_such_module", "X_LISTEN", dict(os.environ), tmp_path / "log", 5)
    child.spawn()
    with pytest.raises(StartError, match="No module named"):
        child.wait_ready()
    child.stop()


def test_run_eval_streams_progress_then_report(settings, answerer_addr, fixture_dir):
    # The servicer reaches the answerer through its settings: point them at the test's process.
    served = build_server(replace(settings, answerer_addr=answerer_addr), "127.0.0.1:0")
    channel = open_channel(f"127.0.0.1:{served.port}")
    try:
        stub = harness_pb2_grpc.HarnessServiceStub(channel)
        request = harness_pb2.RunEvalRequest(profile="smoke", fixtures_dir=str(fixture_dir), baselines=["skill-only", "rolling-summary"])
        replies = list(stub.RunEval(request, timeout=60))
    finally:
        channel.close()
        served.stop(0)
    assert replies[-1].WhichOneof("payload") == "report_json"
    assert all(r.WhichOneof("payload") == "progress" for r in replies[:-1]) and len(replies) > 2
    report = json.loads(replies[-1].report_json)
    assert report["format"] == "dsh-long-conversation-memory-eval-report" and replies[-1].exit_code == 0


def test_run_eval_maps_prerequisites_to_failed_precondition(settings):
    # An llm run against a provider's URL without a key cannot start.
    settings = replace(settings, llm_base_url="https://api.example.com/v1")
    served = build_server(settings, "127.0.0.1:0")
    channel = open_channel(f"127.0.0.1:{served.port}")
    try:
        stub = harness_pb2_grpc.HarnessServiceStub(channel)
        with pytest.raises(grpc.RpcError) as err:
            list(stub.RunEval(harness_pb2.RunEvalRequest(answerer="llm"), timeout=30))
        assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION
        assert "DSH_EVAL_LLM_API_KEY" in err.value.details()
        with pytest.raises(grpc.RpcError) as err:
            list(stub.RunEval(harness_pb2.RunEvalRequest(profile="nope"), timeout=30))
        assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    finally:
        channel.close()
        served.stop(0)


def test_a_restart_whose_standby_died_starts_a_process_afresh(tmp_path):
    with LocalServices(dict(os.environ), memory=False, answerer=True) as local:
        child = local.answerer
        child.keep_standby(restarts=2)
        standby = child._standby
        standby.kill()
        standby.wait()
        child.restart()
        assert child._proc is not standby and child._proc.poll() is None
        wait_for_serving(child.address, timeout=2)
        assert child._standby is not None  # and the next restart has one again
