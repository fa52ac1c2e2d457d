"""Server and client interceptors: request ids, one log line per RPC, error mapping."""

import contextvars
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import structlog

from services.common.errors import ServiceError, status_of

REQUEST_ID_KEY = "x-request-id"
request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")

log = structlog.get_logger("rpc")


def _rpc_name(method: str) -> str:
    return method.rsplit("/", 1)[-1]


def _fail(context: grpc.ServicerContext, exc: BaseException, fields: dict[str, Any]) -> None:
    code, message = status_of(exc)
    if isinstance(exc, ServiceError):
        log.info("rpc_finished", code=code.name, error=message, **fields)
    else:
        log.exception("rpc_failed", code=code.name, **fields)
    context.abort(code, message)


class ServerInterceptor(grpc.ServerInterceptor):
    """Binds a request id, logs each RPC once, and turns ServiceError into its status."""

    def intercept_service(self, continuation: Callable, details: grpc.HandlerCallDetails):
        handler = continuation(details)
        if handler is None:
            return None
        rpc = _rpc_name(details.method)
        # Probes arrive every few seconds; at info level they would drown the real traffic.
        level = "debug" if details.method.startswith("/grpc.health.v1.") else "info"
        metadata = dict(details.invocation_metadata or ())
        incoming_id = metadata.get(REQUEST_ID_KEY, "")

        def begin(request: Any, context: grpc.ServicerContext) -> tuple[dict[str, Any], float]:
            request_id = incoming_id or uuid.uuid4().hex
            request_id_var.set(request_id)
            structlog.contextvars.clear_contextvars()
            fields = {"rpc": rpc, "request_id": request_id, "peer": context.peer()}
            session_id = getattr(request, "session_id", "")
            if session_id:
                fields["session_id"] = session_id
            structlog.contextvars.bind_contextvars(**fields)
            context.set_trailing_metadata(((REQUEST_ID_KEY, request_id),))
            return fields, time.perf_counter()

        def elapsed(start: float) -> float:
            return round((time.perf_counter() - start) * 1000, 3)

        if handler.unary_unary:
            inner = handler.unary_unary

            def unary(request: Any, context: grpc.ServicerContext) -> Any:
                fields, start = begin(request, context)
                try:
                    response = inner(request, context)
                except Exception as exc:  # noqa: BLE001 - mapped to a status, never swallowed
                    _fail(context, exc, {**fields, "duration_ms": elapsed(start)})
                    raise
                getattr(log, level)("rpc_finished", code="OK", duration_ms=elapsed(start))
                return response

            return grpc.unary_unary_rpc_method_handler(
                unary,
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream:
            inner_stream = handler.unary_stream

            def stream(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
                fields, start = begin(request, context)
                try:
                    yield from inner_stream(request, context)
                except Exception as exc:  # noqa: BLE001 - mapped to a status, never swallowed
                    _fail(context, exc, {**fields, "duration_ms": elapsed(start)})
                    raise
                log.info("rpc_finished", code="OK", duration_ms=elapsed(start))

            return grpc.unary_stream_rpc_method_handler(
                stream,
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler


class _ClientCallDetails(grpc.ClientCallDetails):
    def __init__(self, base: grpc.ClientCallDetails, metadata: list[tuple[str, str]]):
        self.method = base.method
        self.timeout = base.timeout
        self.metadata = metadata
        self.credentials = base.credentials
        self.wait_for_ready = base.wait_for_ready
        self.compression = base.compression


class RequestIdClientInterceptor(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):
    """Forwards the current request id downstream, or starts a new one."""

    def _details(self, details: grpc.ClientCallDetails) -> grpc.ClientCallDetails:
        metadata = list(details.metadata or ())
        if not any(key == REQUEST_ID_KEY for key, _ in metadata):
            metadata.append((REQUEST_ID_KEY, request_id_var.get() or uuid.uuid4().hex))
        return _ClientCallDetails(details, metadata)

    def intercept_unary_unary(self, continuation, client_call_details, request):
        return continuation(self._details(client_call_details), request)

    def intercept_unary_stream(self, continuation, client_call_details, request):
        return continuation(self._details(client_call_details), request)
