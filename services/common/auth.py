"""The server side of authentication: bearer keys checked, roles enforced, the caller bound per RPC.

Every service passes its table of least roles per method ({service: {method: role}}); a method
missing from its table needs ADMIN, so a new RPC is closed until someone decides otherwise.
Health stays open so probes and load balancers need no key.
"""

import contextvars
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import grpc
import structlog

from services.common.apikeys import KeysFileError, KeyStore, KeysUnavailable
from services.common.config import ConfigError
from services.common.interceptors import CallDetails, ClientContinuation, Handler, HandlerLookup, Metadata
from services.common.principal import Principal, Role, bind_principal, reset_principal
from services.common.security import ServerSecurity

AUTHORIZATION_KEY = "authorization"
BEARER = "bearer "
OPEN_SERVICES = frozenset({"grpc.health.v1.Health"})
REFLECTION_SERVICES = ("grpc.reflection.v1alpha.ServerReflection", "grpc.reflection.v1.ServerReflection")
HOW_TO_AUTHENTICATE = "send an API key as metadata 'authorization: Bearer <key>' (create one: python -m services.common.keys create)"

RoleTable = Mapping[str, Mapping[str, Role]]

log = structlog.get_logger("auth")

# The key the caller presented, for a service that must call others on its behalf (the harness).
_presented_key: contextvars.ContextVar[str] = contextvars.ContextVar("presented_key", default="")


def presented_key() -> str:
    """The bearer key of the RPC being served, "" when auth is off or none was sent."""
    return _presented_key.get()


def reflection_roles() -> dict[str, dict[str, Role]]:
    """Reflection, when enabled, lists what a server offers: any valid key may ask."""
    return {name: {"ServerReflectionInfo": Role.READER} for name in REFLECTION_SERVICES}


class _Refusal(Exception):
    def __init__(self, code: grpc.StatusCode, message: str, reason: str, key_id: str = ""):
        super().__init__(message)
        self.code, self.message, self.reason, self.key_id = code, message, reason, key_id


def _bearer(metadata: Metadata | None) -> str | None:
    for key, value in metadata or ():
        if key == AUTHORIZATION_KEY:
            value = value if isinstance(value, str) else value.decode("latin-1")
            if value[: len(BEARER)].lower() != BEARER:
                return None
            return value[len(BEARER) :].strip()
    return None


class AuthInterceptor(grpc.ServerInterceptor):
    """Checks each call's bearer key against the keys file before its request is even parsed."""

    def __init__(self, keys: KeyStore, roles: RoleTable):
        self._keys = keys
        self._roles = roles

    def _authorize(self, method: str, metadata: Metadata | None) -> tuple[Principal, str]:
        service, _, name = method.lstrip("/").rpartition("/")
        key = _bearer(metadata)
        if not key:
            raise _Refusal(grpc.StatusCode.UNAUTHENTICATED, f"no API key: {HOW_TO_AUTHENTICATE}", "no_key")
        try:
            principal = self._keys.lookup(key)
        except KeysUnavailable as exc:
            log.error("auth_keys_unavailable", error=str(exc))
            raise _Refusal(
                grpc.StatusCode.UNAVAILABLE,
                "authentication is unavailable: the server cannot read its keys file; retry later",
                "keys_unavailable",
            ) from exc
        if principal is None:
            # Never echo the key: it may be a real key of another system pasted by mistake.
            raise _Refusal(
                grpc.StatusCode.UNAUTHENTICATED,
                f"the API key is not valid (unknown, revoked or mistyped): {HOW_TO_AUTHENTICATE}",
                "bad_key",
            )
        needed = self._roles.get(service, {}).get(name, Role.ADMIN)
        if not principal.may(needed):
            raise _Refusal(
                grpc.StatusCode.PERMISSION_DENIED,
                f"{name} needs the {needed.name.lower()} role; key {principal.key_id} has {principal.role.name.lower()}",
                "role",
                principal.key_id,
            )
        return principal, key

    def intercept_service(self, continuation: HandlerLookup, details: grpc.HandlerCallDetails) -> Handler | None:
        handler = continuation(details)
        if handler is None:
            return None
        service = details.method.lstrip("/").rpartition("/")[0]
        if service in OPEN_SERVICES:
            return handler
        try:
            principal, key = self._authorize(details.method, details.invocation_metadata)
        except _Refusal as refusal:
            return _refusing(handler, details.method, refusal)
        return _binding(handler, principal, key)


def _refusing(handler: Handler, method: str, refusal: _Refusal) -> Handler:
    """A handler of the same shape that refuses; no deserializer, so the unauthenticated body is never parsed."""

    def refuse(_request: Any, context: grpc.ServicerContext) -> None:
        log.info(
            "rpc_refused",
            rpc=method.rsplit("/", 1)[-1],
            code=refusal.code.name,
            reason=refusal.reason,
            key_id=refusal.key_id,
            peer=context.peer(),
        )
        context.abort(refusal.code, refusal.message)

    def refuse_stream(request: Any, context: grpc.ServicerContext) -> Iterator[None]:
        refuse(request, context)
        yield  # never reached: a generator, as a streaming handler must be

    if handler.unary_unary:
        return grpc.unary_unary_rpc_method_handler(refuse)
    if handler.unary_stream:
        return grpc.unary_stream_rpc_method_handler(refuse_stream)
    if handler.stream_unary:
        return grpc.stream_unary_rpc_method_handler(refuse)
    return grpc.stream_stream_rpc_method_handler(refuse_stream)


def _binding(handler: Handler, principal: Principal, key: str) -> Handler:
    """The same handler with the caller bound while it runs, and unbound after: worker threads are reused."""

    def unary(inner: Callable[[Any, grpc.ServicerContext], Any]) -> Callable[[Any, grpc.ServicerContext], Any]:
        def call(request: Any, context: grpc.ServicerContext) -> Any:
            token, key_token = bind_principal(principal), _presented_key.set(key)
            try:
                return inner(request, context)
            finally:
                _presented_key.reset(key_token)
                reset_principal(token)

        return call

    def streaming(inner: Callable[[Any, grpc.ServicerContext], Iterator[Any]]) -> Callable[[Any, grpc.ServicerContext], Iterator[Any]]:
        def call(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            token, key_token = bind_principal(principal), _presented_key.set(key)
            try:
                yield from inner(request, context)
            finally:
                _presented_key.reset(key_token)
                reset_principal(token)

        return call

    parse, serialize = handler.request_deserializer, handler.response_serializer
    if handler.unary_unary:
        return grpc.unary_unary_rpc_method_handler(unary(handler.unary_unary), request_deserializer=parse, response_serializer=serialize)
    if handler.unary_stream:
        return grpc.unary_stream_rpc_method_handler(
            streaming(handler.unary_stream), request_deserializer=parse, response_serializer=serialize
        )
    if handler.stream_unary:
        return grpc.stream_unary_rpc_method_handler(unary(handler.stream_unary), request_deserializer=parse, response_serializer=serialize)
    if handler.stream_stream:
        return grpc.stream_stream_rpc_method_handler(
            streaming(handler.stream_stream), request_deserializer=parse, response_serializer=serialize
        )
    return handler


def open_keystore(security: ServerSecurity) -> KeyStore:
    """The server's keys, re-read when the file changes; ConfigError names the setting when it cannot be used."""

    def reloaded(count: int, error: str) -> None:
        if error:
            log.error("auth_keys_reload_failed", error=error, refusing="every call until the file is fixed")
        else:
            log.info("auth_keys_reloaded", keys=count)

    try:
        return KeyStore(security.keys_file, check_interval=security.keys_check_interval, on_reload=reloaded)
    except KeysFileError as exc:
        raise ConfigError(f"{security.prefix}_AUTH_KEYS_FILE: {exc}") from exc


class BearerClientInterceptor(
    grpc.UnaryUnaryClientInterceptor,
    grpc.UnaryStreamClientInterceptor,
    grpc.StreamUnaryClientInterceptor,
    grpc.StreamStreamClientInterceptor,
):
    """Adds `authorization: Bearer <key>` to every call of a channel."""

    def __init__(self, api_key: str):
        self._header = (AUTHORIZATION_KEY, f"Bearer {api_key}")

    def _details(self, details: grpc.ClientCallDetails) -> grpc.ClientCallDetails:
        metadata = [(k, v) for k, v in (details.metadata or ()) if k != AUTHORIZATION_KEY]
        return CallDetails(details, [*metadata, self._header])

    def intercept_unary_unary(self, continuation: ClientContinuation, client_call_details: grpc.ClientCallDetails, request: Any) -> Any:
        return continuation(self._details(client_call_details), request)

    def intercept_unary_stream(self, continuation: ClientContinuation, client_call_details: grpc.ClientCallDetails, request: Any) -> Any:
        return continuation(self._details(client_call_details), request)

    def intercept_stream_unary(
        self, continuation: ClientContinuation, client_call_details: grpc.ClientCallDetails, request_iterator: Iterator[Any]
    ) -> Any:
        return continuation(self._details(client_call_details), request_iterator)

    def intercept_stream_stream(
        self, continuation: ClientContinuation, client_call_details: grpc.ClientCallDetails, request_iterator: Iterator[Any]
    ) -> Any:
        return continuation(self._details(client_call_details), request_iterator)
