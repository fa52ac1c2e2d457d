"""Bodies the server cannot parse answer INVALID_ARGUMENT naming the expected message, on every
service (grpcio's own deserialization would answer INTERNAL); the answerer is also fuzzed lightly."""

import grpc
import pytest
from dsh.answerer.v1 import answerer_pb2
from dsh.harness.v1 import harness_pb2

from services.answerer.server import build_server as build_answerer
from services.answerer.settings import Settings as AnswererSettings
from services.harness.server import build_server as build_harness
from services.harness.settings import load_settings as load_harness_settings
from tests.fuzz.runner import call_raw, format_counts, fuzz, unary_methods

NOT_PROTOBUF = [b"\xff\xff\xff", b"\x0a\x05ab", b"\x0a\x02\xc3\x28"]  # bad tag, truncated, invalid UTF-8


@pytest.fixture
def answerer_channel():
    served = build_answerer(AnswererSettings(listen="127.0.0.1:0"))
    try:
        with grpc.insecure_channel(f"127.0.0.1:{served.port}") as channel:
            yield channel
    finally:
        served.stop(0)


def test_the_answerer_refuses_a_body_that_is_not_its_message(answerer_channel):
    method = answerer_pb2.DESCRIPTOR.services_by_name["AnswererService"].methods_by_name["Answer"]
    for body in NOT_PROTOBUF:
        code, details = call_raw(answerer_channel, method, body)
        assert code == "INVALID_ARGUMENT", details
        assert "dsh.answerer.v1.AnswerRequest" in details


def test_fuzzed_answerer_requests_never_answer_internal(answerer_channel):
    outcome = fuzz(answerer_channel, unary_methods(answerer_pb2.DESCRIPTOR.services_by_name["AnswererService"]), 300)
    print(format_counts("answerer", outcome))
    assert outcome.calls >= 300 and not outcome.failures, outcome.failures[:10]


def test_the_harness_refuses_a_body_that_is_not_its_message(tmp_path):
    served = build_harness(load_harness_settings({"HARNESS_RESULTS_DIR": str(tmp_path / "results")}), "127.0.0.1:0")
    method = harness_pb2.DESCRIPTOR.services_by_name["HarnessService"].methods_by_name["RunEval"]
    try:
        with grpc.insecure_channel(f"127.0.0.1:{served.port}") as channel:
            for body in NOT_PROTOBUF:
                code, details = call_raw(channel, method, body)
                assert code == "INVALID_ARGUMENT", details
                assert "dsh.harness.v1.RunEvalRequest" in details
    finally:
        served.stop(0)
