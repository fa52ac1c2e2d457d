"""Bearer keys on the HTTP transport: the same keys file and rules as the gRPC services.

The MCP server only authenticates here; the key is then forwarded to memory, which authorizes
each call by the key's tenant and role, so a caller can do no more through MCP than directly.
"""

import json

import structlog
from starlette.types import ASGIApp, Receive, Scope, Send

from services.common.apikeys import KeyStore, KeysUnavailable
from services.common.auth import BEARER

# Open without a key, like grpc.health.v1 on the other services: probes carry no credentials.
OPEN_PATHS = frozenset({"/healthz"})
HOW_TO_AUTHENTICATE = "send 'Authorization: Bearer <key>' (create a key: python -m services.common.keys create)"

log = structlog.get_logger("mcp.auth")


def _bearer(scope: Scope) -> str:
    for name, value in scope.get("headers") or ():
        if name == b"authorization":
            text = value.decode("latin-1")
            return text[len(BEARER) :].strip() if text[: len(BEARER)].lower() == BEARER else ""
    return ""


class BearerKeyMiddleware:
    """An ASGI wrapper that answers 401 (or 503 when the keys file is unreadable) before the MCP app sees a request."""

    def __init__(self, app: ASGIApp, keys: KeyStore):
        self._app = app
        self._keys = keys

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("path") in OPEN_PATHS:
            await self._app(scope, receive, send)
            return
        key = _bearer(scope)
        status, message = 0, ""
        if not key:
            status, message = 401, f"no API key: {HOW_TO_AUTHENTICATE}"
        else:
            try:
                principal = self._keys.lookup(key)
            except KeysUnavailable as exc:
                log.error("auth_keys_unavailable", error=str(exc))
                principal, status, message = None, 503, "authentication is unavailable: the server cannot read its keys file; retry later"
            if principal is None and not status:
                # Never echo the key: it may be a real key of another system pasted by mistake.
                status, message = 401, f"the API key is not valid (unknown, revoked or mistyped): {HOW_TO_AUTHENTICATE}"
        if status:
            client = scope.get("client") or ("", 0)
            log.info("http_refused", status=status, path=scope.get("path"), peer=f"{client[0]}:{client[1]}")
            await _refuse(send, status, message)
            return
        await self._app(scope, receive, send)


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 401:
        headers.append((b"www-authenticate", b'Bearer realm="dsh-memory-mcp"'))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
