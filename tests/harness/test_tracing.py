"""Tracing across services: a RunEval on the harness produces memory and answerer spans in the
harness's trace, each the child of the harness's outgoing call and carrying the request id."""

from collections.abc import Iterator
from dataclasses import replace

import pytest
from dsh.harness.v1 import harness_pb2, harness_pb2_grpc
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

from services.answerer.server import build_server as build_answerer
from services.answerer.settings import Settings as AnswererSettings
from services.common.grpc_server import open_channel
from services.common.interceptors import REQUEST_ID_KEY
from services.common.telemetry import Telemetry
from services.common.tracing import REQUEST_ID_ATTRIBUTE, install_provider, stop_propagating
from services.harness.server import build_server as build_harness
from services.memory.server import build_server as build_memory
from services.memory.settings import Settings as MemorySettings

TRACED = Telemetry(tracing="console")  # the exporter is the test's: only the interceptors are taken from this


@pytest.fixture(scope="module")
def spans() -> Iterator[InMemorySpanExporter]:
    # One provider per process (OpenTelemetry allows no second one): every server of this test exports here.
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    install_provider(provider)
    yield exporter
    stop_propagating()


def test_memory_and_answerer_spans_are_children_of_the_harness_calls(spans, settings, fixture_dir, tmp_path):
    memory = build_memory(MemorySettings(db_path=str(tmp_path / "memory.sqlite"), telemetry=TRACED), "127.0.0.1:0")
    answerer = build_answerer(AnswererSettings(telemetry=TRACED), "127.0.0.1:0")
    harness = build_harness(
        replace(settings, memory_addr=f"127.0.0.1:{memory.port}", answerer_addr=f"127.0.0.1:{answerer.port}", telemetry=TRACED),
        "127.0.0.1:0",
    )
    try:
        spans.clear()
        with open_channel(f"127.0.0.1:{harness.port}") as channel:
            request = harness_pb2.RunEvalRequest(fixtures_dir=str(fixture_dir), baselines=["memory"])
            replies = list(
                harness_pb2_grpc.HarnessServiceStub(channel).RunEval(request, timeout=120, metadata=[(REQUEST_ID_KEY, "trace-test-1")])
            )
        assert replies[-1].exit_code == 0
    finally:
        harness.stop(0)
        answerer.stop(0)
        memory.stop(0)
    finished = spans.get_finished_spans()
    run_eval = next(s for s in finished if s.kind == SpanKind.SERVER and s.name == "dsh.harness.v1.HarnessService/RunEval")
    assert run_eval.attributes[REQUEST_ID_ATTRIBUTE] == "trace-test-1"
    by_id = {s.context.span_id: s for s in finished}

    def served_under_harness(service: str) -> list:
        chain = []
        for span in finished:
            if span.kind == SpanKind.SERVER and span.name.startswith(service):
                call = by_id.get(span.parent.span_id) if span.parent else None
                # The parent is the harness's CLIENT span for that very call, inside the RunEval trace.
                if call is not None and call.kind == SpanKind.CLIENT and call.name == span.name:
                    chain.append((span, call))
        return chain

    memory_chain = served_under_harness("dsh.memory.v1.MemoryService/")
    answerer_chain = served_under_harness("dsh.answerer.v1.AnswererService/")
    assert memory_chain and answerer_chain
    outside = sorted({s.name for s, _ in memory_chain + answerer_chain if s.context.trace_id != run_eval.context.trace_id})
    assert not outside, outside
    for span, call in memory_chain + answerer_chain:
        assert span.context.trace_id == run_eval.context.trace_id
        assert span.attributes[REQUEST_ID_ATTRIBUTE] == "trace-test-1" == call.attributes[REQUEST_ID_ATTRIBUTE]
    assert {span.name.rsplit("/", 1)[1] for span, _ in memory_chain} >= {"AppendEvents", "Assemble"}
