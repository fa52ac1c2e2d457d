"""Prometheus metrics of a gRPC server: calls, latency and in-flight RPCs per method and status
code, served over HTTP on the server's own metrics port."""

import time
from collections.abc import Iterator
from typing import Any
from wsgiref.simple_server import WSGIServer

import grpc
import structlog
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

from services.common.interceptors import Handler, HandlerLookup

log = structlog.get_logger("metrics")

# Latency buckets in seconds: Assemble answers in milliseconds, a batch append or a RunEval in seconds to minutes.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 120.0, 600.0)


class RpcMetrics:
    """The RPC counters of one server, registered in its registry."""

    def __init__(self, registry: CollectorRegistry):
        labels = ("grpc_service", "grpc_method", "grpc_code")
        self.handled = Counter("grpc_server_handled", "RPCs completed, by method and status code", labels, registry=registry)
        self.latency = Histogram(
            "grpc_server_handling_seconds",
            "Time from the start of an RPC to its status, by method and status code",
            labels,
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.in_flight = Gauge(
            "grpc_server_in_flight", "RPCs started and not finished, by method", ("grpc_service", "grpc_method"), registry=registry
        )


def _split(full_method: str) -> tuple[str, str]:
    service, _, method = full_method.lstrip("/").rpartition("/")
    return service, method


def _code_of(context: grpc.ServicerContext, failed: bool) -> str:
    # The error-mapping interceptor aborts with the mapped code; grpc records it on the context.
    code = context.code() if hasattr(context, "code") else None
    if isinstance(code, grpc.StatusCode):
        return code.name
    return "UNKNOWN" if failed else "OK"


class MetricsInterceptor(grpc.ServerInterceptor):
    """Counts every RPC a handler exists for, whatever answered it (auth, parsing, the servicer).

    Outermost in the chain, so refusals by the interceptors after it are counted too. A failure to
    record is logged and never reaches the caller: metrics must not fail an RPC.
    """

    def __init__(self, metrics: RpcMetrics):
        self._metrics = metrics

    def _begin(self, service: str, method: str) -> float:
        try:
            self._metrics.in_flight.labels(service, method).inc()
        except Exception:
            log.warning("metrics_record_failed", exc_info=True)
        return time.perf_counter()

    def _end(self, service: str, method: str, start: float, context: grpc.ServicerContext, failed: bool) -> None:
        try:
            code = _code_of(context, failed)
            self._metrics.in_flight.labels(service, method).dec()
            self._metrics.handled.labels(service, method, code).inc()
            self._metrics.latency.labels(service, method, code).observe(time.perf_counter() - start)
        except Exception:
            log.warning("metrics_record_failed", exc_info=True)

    def intercept_service(self, continuation: HandlerLookup, details: grpc.HandlerCallDetails) -> Handler | None:
        handler = continuation(details)
        if handler is None:
            return None
        service, method = _split(details.method)
        if handler.unary_unary:
            inner = handler.unary_unary

            def unary(request: Any, context: grpc.ServicerContext) -> Any:
                start, failed = self._begin(service, method), True
                try:
                    response = inner(request, context)
                    failed = False
                    return response
                finally:
                    self._end(service, method, start, context, failed)

            return grpc.unary_unary_rpc_method_handler(
                unary, request_deserializer=handler.request_deserializer, response_serializer=handler.response_serializer
            )
        if handler.unary_stream:
            inner_stream = handler.unary_stream

            def stream(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
                start, failed = self._begin(service, method), True
                try:
                    yield from inner_stream(request, context)
                    failed = False
                finally:
                    self._end(service, method, start, context, failed)

            return grpc.unary_stream_rpc_method_handler(
                stream, request_deserializer=handler.request_deserializer, response_serializer=handler.response_serializer
            )
        return handler


class MetricsEndpoint:
    """The HTTP server that answers Prometheus scrapes of one registry."""

    def __init__(self, listen: str, registry: CollectorRegistry):
        host, _, port = listen.rpartition(":")
        try:
            self._server, self._thread = start_http_server(int(port), addr=host.strip("[]") or "0.0.0.0", registry=registry)
        except OSError as exc:
            raise RuntimeError(f"cannot serve metrics on {listen}: {exc.strerror or exc}") from exc
        self.host = host
        self.port = self._server.server_port

    def stop(self) -> None:
        server: WSGIServer = self._server
        server.shutdown()
        server.server_close()
