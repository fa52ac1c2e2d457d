"""OpenTelemetry tracing, as an option: a SERVER span per RPC carrying the request id, a CLIENT span
per outgoing call, and the W3C trace context carried in gRPC metadata, so one evaluation shows
harness → memory and harness → answerer as one trace."""

from collections.abc import Iterator
from contextvars import Token
from typing import Any

import grpc
import structlog
from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from opentelemetry.context import Context
from opentelemetry.trace import SpanKind, Status, StatusCode

from services.common.interceptors import (
    REQUEST_ID_KEY,
    CallDetails,
    ClientContinuation,
    Handler,
    HandlerLookup,
    request_id_var,
    text_metadata,
)
from services.common.telemetry import Telemetry

log = structlog.get_logger("tracing")
TRACER_NAME = "dsh"
REQUEST_ID_ATTRIBUTE = "dsh.request_id"
_state = {"on": False}


def tracing_active() -> bool:
    """True once this process traces: channels opened from then on propagate the context."""
    return _state["on"]


def install_provider(provider: Any) -> None:
    """Make provider (an SDK TracerProvider) the process's, and turn client propagation on."""
    trace.set_tracer_provider(provider)
    _state["on"] = True


def stop_propagating() -> None:
    """Channels opened from now on carry no trace context (a test that installed a provider ends)."""
    _state["on"] = False


def configure_tracing(telemetry: Telemetry, service_name: str) -> None:
    """Install the exporter telemetry.tracing names (console or OTLP over HTTP); once per process."""
    if not telemetry.tracing_on:
        return
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SpanExporter

    exporter: SpanExporter
    if telemetry.tracing == "otlp":
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        # The SDK reads OTEL_EXPORTER_OTLP_ENDPOINT as a base URL and appends /v1/traces itself.
        exporter = OTLPSpanExporter(endpoint=telemetry.otlp_endpoint.rstrip("/") + "/v1/traces")
    else:
        exporter = ConsoleSpanExporter()
    # The provider flushes its batch at interpreter exit (shutdown_on_exit), after the drain.
    provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
    provider.add_span_processor(BatchSpanProcessor(exporter))
    install_provider(provider)


def _split(full_method: str) -> tuple[str, str]:
    service, _, method = full_method.lstrip("/").rpartition("/")
    return service, method


def _finish(span: trace.Span, context: grpc.ServicerContext, failed: bool) -> None:
    code = context.code() if hasattr(context, "code") else None
    name = code.name if isinstance(code, grpc.StatusCode) else ("UNKNOWN" if failed else "OK")
    span.set_attribute("rpc.grpc.status_code", code.value[0] if isinstance(code, grpc.StatusCode) else (2 if failed else 0))
    # The request id is known once the request-id interceptor (inside this one) has run.
    if request_id_var.get():
        span.set_attribute(REQUEST_ID_ATTRIBUTE, request_id_var.get())
    if name != "OK":
        span.set_status(Status(StatusCode.ERROR, name))


class TracingServerInterceptor(grpc.ServerInterceptor):
    """A SERVER span around each RPC, child of the caller's span when the metadata carries one."""

    def intercept_service(self, continuation: HandlerLookup, details: grpc.HandlerCallDetails) -> Handler | None:
        handler = continuation(details)
        if handler is None:
            return None
        service, method = _split(details.method)
        metadata = text_metadata(details.invocation_metadata)
        attributes = {"rpc.system": "grpc", "rpc.service": service, "rpc.method": method}
        if metadata.get(REQUEST_ID_KEY):
            attributes[REQUEST_ID_ATTRIBUTE] = metadata[REQUEST_ID_KEY]
        tracer = trace.get_tracer(TRACER_NAME)

        def start() -> tuple[trace.Span, Token[Context]]:
            # Cleared so that a call refused before the request-id interceptor runs is not
            # labelled with the id of the thread's previous call.
            request_id_var.set(metadata.get(REQUEST_ID_KEY, ""))
            parent = propagate.extract(metadata)
            span = tracer.start_span(f"{service}/{method}", context=parent, kind=SpanKind.SERVER, attributes=attributes)
            return span, otel_context.attach(trace.set_span_in_context(span, parent))

        if handler.unary_unary:
            inner = handler.unary_unary

            def unary(request: Any, context: grpc.ServicerContext) -> Any:
                span, token = start()
                failed = True
                try:
                    response = inner(request, context)
                    failed = False
                    return response
                finally:
                    _finish(span, context, failed)
                    span.end()
                    otel_context.detach(token)

            return grpc.unary_unary_rpc_method_handler(
                unary, request_deserializer=handler.request_deserializer, response_serializer=handler.response_serializer
            )
        if handler.unary_stream:
            inner_stream = handler.unary_stream

            def stream(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
                span, token = start()
                failed = True
                try:
                    yield from inner_stream(request, context)
                    failed = False
                finally:
                    _finish(span, context, failed)
                    span.end()
                    otel_context.detach(token)

            return grpc.unary_stream_rpc_method_handler(
                stream, request_deserializer=handler.request_deserializer, response_serializer=handler.response_serializer
            )
        return handler


class TracingClientInterceptor(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):
    """A CLIENT span per outgoing call, its context injected into the call's metadata."""

    def _call(self, continuation: ClientContinuation, details: grpc.ClientCallDetails, request: Any) -> Any:
        service, method = _split(details.method)
        tracer = trace.get_tracer(TRACER_NAME)
        with tracer.start_as_current_span(
            f"{service}/{method}",
            kind=SpanKind.CLIENT,
            attributes={"rpc.system": "grpc", "rpc.service": service, "rpc.method": method},
            record_exception=False,
            set_status_on_exception=False,
        ) as span:
            carrier: dict[str, str] = {}
            propagate.inject(carrier)
            metadata = [*(details.metadata or ()), *carrier.items()]
            request_id = text_metadata(metadata).get(REQUEST_ID_KEY)
            if request_id:
                span.set_attribute(REQUEST_ID_ATTRIBUTE, request_id)
            # The span covers sending the call; a stream's responses arrive after it ends.
            return continuation(CallDetails(details, metadata), request)

    def intercept_unary_unary(self, continuation: ClientContinuation, client_call_details: grpc.ClientCallDetails, request: Any) -> Any:
        return self._call(continuation, client_call_details, request)

    def intercept_unary_stream(self, continuation: ClientContinuation, client_call_details: grpc.ClientCallDetails, request: Any) -> Any:
        return self._call(continuation, client_call_details, request)
