"""Server and client interceptors: request ids, one log line per RPC, request parsing, error mapping."""

import contextvars
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import grpc
import structlog
from google.protobuf.message import DecodeError

from services.common.errors import InvalidArgument, is_expected, status_of

REQUEST_ID_KEY = "x-request-id"
request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")

log = structlog.get_logger("rpc")

# A server interceptor sees the handlers of every service: their messages are whatever each
# handler's (de)serializers make, so requests and responses are Any here. Only the stubs make
# RpcMethodHandler generic; at run time it cannot be subscripted.
if TYPE_CHECKING:
    Handler = grpc.RpcMethodHandler[Any, Any]
else:
    Handler = grpc.RpcMethodHandler
HandlerLookup = Callable[[grpc.HandlerCallDetails], Handler | None]
# A client interceptor's next step: the call with its details, answered by a future or a response iterator.
ClientContinuation = Callable[[grpc.ClientCallDetails, Any], Any]
Metadata = Iterable[tuple[str, str | bytes]]


def text_metadata(metadata: Metadata | None) -> dict[str, str]:
    """A call's metadata as a dict of its text entries; binary ("-bin") entries, none of ours, are left out."""
    return {key: value for key, value in metadata or () if isinstance(value, str)}


def _rpc_name(method: str) -> str:
    return method.rsplit("/", 1)[-1]


def _fail(context: grpc.ServicerContext, exc: BaseException, fields: dict[str, Any]) -> None:
    code, message = status_of(exc)
    if is_expected(exc):
        log.info("rpc_finished", code=code.name, error=message, **fields)
    else:
        log.exception("rpc_failed", code=code.name, **fields)
    context.abort(code, message)


def _parser(deserializer: Callable[[bytes], Any] | None) -> Callable[[bytes], Any]:
    """The handler's request deserializer, raising InvalidArgument for a body it cannot parse.

    grpcio answers INTERNAL ("Exception deserializing request!") when its deserializer fails,
    so the interceptor takes the raw bytes and parses them here, inside the RPC.
    """
    if deserializer is None:
        return lambda body: body
    descriptor = getattr(getattr(deserializer, "__self__", None), "DESCRIPTOR", None)
    expected = descriptor.full_name if descriptor is not None else "request message"

    def parse(body: bytes) -> Any:
        try:
            return deserializer(body)
        except (DecodeError, ValueError, TypeError) as exc:
            # protobuf's upb raises DecodeError for truncated or mistyped fields and invalid UTF-8 in strings.
            raise InvalidArgument(
                f"the request body is not a valid {expected} ({len(body)} bytes): "
                "send a serialized protobuf message of that type, with UTF-8 strings"
            ) from exc

    return parse


class ServerInterceptor(grpc.ServerInterceptor):
    """Binds a request id, parses the request, logs each RPC once, and maps errors to statuses."""

    def intercept_service(self, continuation: HandlerLookup, details: grpc.HandlerCallDetails) -> Handler | None:
        handler = continuation(details)
        if handler is None:
            return None
        rpc = _rpc_name(details.method)
        # Probes arrive every few seconds; at info level they would drown the real traffic.
        level = "debug" if details.method.startswith("/grpc.health.v1.") else "info"
        incoming_id = text_metadata(details.invocation_metadata).get(REQUEST_ID_KEY, "")

        def begin(context: grpc.ServicerContext) -> tuple[dict[str, Any], float]:
            request_id = incoming_id or uuid.uuid4().hex
            request_id_var.set(request_id)
            structlog.contextvars.clear_contextvars()
            fields = {"rpc": rpc, "request_id": request_id, "peer": context.peer()}
            structlog.contextvars.bind_contextvars(**fields)
            context.set_trailing_metadata(((REQUEST_ID_KEY, request_id),))
            return fields, time.perf_counter()

        def elapsed(start: float) -> float:
            return round((time.perf_counter() - start) * 1000, 3)

        parse = _parser(handler.request_deserializer)
        # Serialized here too, so a response that cannot be encoded is logged with its traceback.
        serialize = handler.response_serializer or (lambda response: response)

        if handler.unary_unary:
            inner = handler.unary_unary

            def unary(body: bytes, context: grpc.ServicerContext) -> Any:
                fields, start = begin(context)
                try:
                    request = parse(body)
                    _bind_session(fields, request)
                    response = serialize(inner(request, context))
                except Exception as exc:
                    _fail(context, exc, {**fields, "duration_ms": elapsed(start)})
                    raise
                getattr(log, level)("rpc_finished", code="OK", duration_ms=elapsed(start))
                return response

            return grpc.unary_unary_rpc_method_handler(
                unary,
                request_deserializer=None,
                response_serializer=None,
            )
        if handler.unary_stream:
            inner_stream = handler.unary_stream

            def stream(body: bytes, context: grpc.ServicerContext) -> Iterator[Any]:
                fields, start = begin(context)
                try:
                    request = parse(body)
                    _bind_session(fields, request)
                    for response in inner_stream(request, context):
                        yield serialize(response)
                except Exception as exc:
                    _fail(context, exc, {**fields, "duration_ms": elapsed(start)})
                    raise
                log.info("rpc_finished", code="OK", duration_ms=elapsed(start))

            return grpc.unary_stream_rpc_method_handler(
                stream,
                request_deserializer=None,
                response_serializer=None,
            )
        return handler


LOGGED_ID_CHARS = 128  # a longer session_id is refused anyway; its whole text would only flood the log


def _bind_session(fields: dict[str, Any], request: Any) -> None:
    session_id = getattr(request, "session_id", "")
    if isinstance(session_id, str) and session_id:
        session_id = session_id[:LOGGED_ID_CHARS]
        fields["session_id"] = session_id
        structlog.contextvars.bind_contextvars(session_id=session_id)


class CallDetails(grpc.ClientCallDetails):
    """A client call's details with other metadata (what a client interceptor passes on)."""

    def __init__(self, base: grpc.ClientCallDetails, metadata: Metadata):
        self.method = base.method
        self.timeout = base.timeout
        self.metadata = tuple(metadata)
        self.credentials = base.credentials
        self.wait_for_ready = base.wait_for_ready
        self.compression = base.compression


class RequestIdClientInterceptor(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):
    """Forwards the current request id downstream, or starts a new one."""

    def _details(self, details: grpc.ClientCallDetails) -> grpc.ClientCallDetails:
        metadata = list(details.metadata or ())
        if not any(key == REQUEST_ID_KEY for key, _ in metadata):
            metadata.append((REQUEST_ID_KEY, request_id_var.get() or uuid.uuid4().hex))
        return CallDetails(details, metadata)

    def intercept_unary_unary(self, continuation: ClientContinuation, client_call_details: grpc.ClientCallDetails, request: Any) -> Any:
        return continuation(self._details(client_call_details), request)

    def intercept_unary_stream(self, continuation: ClientContinuation, client_call_details: grpc.ClientCallDetails, request: Any) -> Any:
        return continuation(self._details(client_call_details), request)
