"""How the clients reach the service: address, credentials (API key, TLS, mutual TLS), deadline and retry policy."""

import os
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Self

import grpc
import grpc.aio

from dsh_memory.errors import UnavailableError

DEFAULT_ADDRESS = "127.0.0.1:50051"  # where `make serve-memory` listens
DEFAULT_TIMEOUT_SECONDS = 10.0
# An ExportSession of a long session is large; the server bounds what it accepts, not what it sends.
MAX_RECEIVE_BYTES = 64 * 1024 * 1024

PemSource = str | os.PathLike[str] | bytes


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with full jitter, for idempotent calls answered UNAVAILABLE.

    Attempt n (from 1) waits a random time in [0, min(max_backoff, initial_backoff * multiplier**(n-1)))
    before the next one; the call's deadline bounds attempts and waits together.
    max_attempts=1 turns retries off.
    """

    max_attempts: int = 5
    initial_backoff: float = 0.1
    max_backoff: float = 5.0
    multiplier: float = 2.0

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError(f"max_attempts must be at least 1, got {self.max_attempts}")
        if self.initial_backoff < 0 or self.max_backoff < 0 or self.multiplier < 1:
            raise ValueError("backoffs must be >= 0 and multiplier >= 1")

    def backoff(self, attempt: int) -> float:
        """Seconds to wait after failed attempt number attempt (1 for the first)."""
        ceiling = min(self.max_backoff, self.initial_backoff * self.multiplier ** (attempt - 1))
        return random.uniform(0, ceiling)

    def pause_before_retry(self, error: Exception, attempt: int, idempotent: bool, deadline: float) -> float | None:
        """Seconds to wait before trying again after failed attempt number attempt, or None when
        error is final: not UNAVAILABLE, a call that must not be repeated, attempts used up, or a
        wait that would run past deadline (time.monotonic()). Shared by both clients."""
        if not isinstance(error, UnavailableError) or not idempotent or attempt >= self.max_attempts:
            return None
        pause = self.backoff(attempt)
        return pause if time.monotonic() + pause < deadline else None


NO_RETRY = RetryPolicy(max_attempts=1)


def _pem(source: PemSource | None, what: str) -> bytes | None:
    if source is None:
        return None
    if isinstance(source, bytes):
        return source
    try:
        return Path(source).read_bytes()
    except OSError as exc:
        raise ValueError(f"{what}={source}: {exc.strerror or exc}") from exc


@dataclass(frozen=True)
class Connection:
    """Everything both clients need to open a channel and call it; see MemoryClient for the fields."""

    address: str = DEFAULT_ADDRESS
    api_key: str = field(default="", repr=False)
    tls: bool = False
    tls_ca: PemSource | None = None
    tls_client_cert: PemSource | None = None
    tls_client_key: PemSource | None = field(default=None, repr=False)
    tls_server_name: str = ""
    timeout: float = DEFAULT_TIMEOUT_SECONDS
    retry: RetryPolicy = RetryPolicy()

    def __post_init__(self) -> None:
        if (self.tls_client_cert is None) != (self.tls_client_key is None):
            raise ValueError("mutual TLS needs both tls_client_cert and tls_client_key")
        if self.timeout <= 0:
            raise ValueError(f"timeout must be positive seconds, got {self.timeout}")

    @property
    def uses_tls(self) -> bool:
        return self.tls or self.tls_ca is not None or self.tls_client_cert is not None

    @property
    def metadata(self) -> tuple[tuple[str, str], ...]:
        # Sent as metadata, not call credentials: gRPC sends call credentials only over TLS, and
        # a key on a loopback plaintext port (tests, a sidecar) is legitimate.
        return (("authorization", f"Bearer {self.api_key}"),) if self.api_key else ()

    def _options(self) -> list[tuple[str, object]]:
        options: list[tuple[str, object]] = [
            ("grpc.max_receive_message_length", MAX_RECEIVE_BYTES),
            # Reconnect soon after a restart rather than after gRPC's default of up to 120 s,
            # so a retry has a connection to find.
            ("grpc.initial_reconnect_backoff_ms", 200),
            ("grpc.max_reconnect_backoff_ms", 2000),
        ]
        if self.tls_server_name:
            options.append(("grpc.ssl_target_name_override", self.tls_server_name))
        return options

    def _channel_credentials(self) -> grpc.ChannelCredentials:
        return grpc.ssl_channel_credentials(
            _pem(self.tls_ca, "tls_ca"), _pem(self.tls_client_key, "tls_client_key"), _pem(self.tls_client_cert, "tls_client_cert")
        )

    def open_channel(self) -> grpc.Channel:
        if self.uses_tls:
            return grpc.secure_channel(self.address, self._channel_credentials(), options=self._options())
        return grpc.insecure_channel(self.address, options=self._options())

    def open_aio_channel(self) -> grpc.aio.Channel:
        if self.uses_tls:
            return grpc.aio.secure_channel(self.address, self._channel_credentials(), options=self._options())
        return grpc.aio.insecure_channel(self.address, options=self._options())


def connection_from_env(env: Mapping[str, str] | None = None, **overrides: object) -> Connection:
    """A Connection from the settings the project's own clients read.

    DSH_MEMORY_ADDR (default 127.0.0.1:50051), DSH_API_KEY or DSH_API_KEY_FILE, DSH_TLS=on,
    DSH_TLS_CA, DSH_TLS_CLIENT_CERT + DSH_TLS_CLIENT_KEY, DSH_TLS_SERVER_NAME. Keyword
    arguments override them.
    """
    env = os.environ if env is None else env
    key = env.get("DSH_API_KEY", "").strip()
    key_file = env.get("DSH_API_KEY_FILE", "").strip()
    if key and key_file:
        raise ValueError("set DSH_API_KEY or DSH_API_KEY_FILE, not both")
    if key_file:
        key = (_pem(key_file, "DSH_API_KEY_FILE") or b"").decode("utf-8", "replace").strip()
    settings: dict[str, object] = {
        "address": env.get("DSH_MEMORY_ADDR", "").strip() or DEFAULT_ADDRESS,
        "api_key": key,
        "tls": env.get("DSH_TLS", "").strip().lower() in ("on", "true", "1", "yes"),
        "tls_ca": env.get("DSH_TLS_CA") or None,
        "tls_client_cert": env.get("DSH_TLS_CLIENT_CERT") or None,
        "tls_client_key": env.get("DSH_TLS_CLIENT_KEY") or None,
        "tls_server_name": env.get("DSH_TLS_SERVER_NAME", "").strip(),
    }
    settings.update(overrides)
    return Connection(**settings)  # type: ignore[arg-type]


class ClientOptions:
    """The options both clients take, and from_env; a subclass opens its kind of channel in _open.

    address: "host:port" (default 127.0.0.1:50051, where `make serve-memory` listens).
    api_key: sent as `authorization: Bearer <key>` on every call (needed when the server has keys).
    tls: encrypt with the system's trusted roots; tls_ca (a PEM path or bytes) trusts that CA
    instead; tls_client_cert + tls_client_key present a certificate (mutual TLS);
    tls_server_name checks the server's certificate against that name instead of the address's host.
    timeout: seconds for each call, retries included (default 10); every method takes timeout= too.
    retry: backoff for idempotent calls answered UNAVAILABLE (RetryPolicy(max_attempts=1): none).
    """

    connection: Connection

    def __init__(
        self,
        address: str = DEFAULT_ADDRESS,
        *,
        api_key: str = "",
        tls: bool = False,
        tls_ca: PemSource | None = None,
        tls_client_cert: PemSource | None = None,
        tls_client_key: PemSource | None = None,
        tls_server_name: str = "",
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        retry: RetryPolicy = RetryPolicy(),
    ):
        self._open(Connection(address, api_key, tls, tls_ca, tls_client_cert, tls_client_key, tls_server_name, timeout, retry))

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: object) -> Self:
        """A client configured by DSH_MEMORY_ADDR, DSH_API_KEY[_FILE] and DSH_TLS* (see connection_from_env)."""
        client = cls.__new__(cls)
        client._open(connection_from_env(env, **overrides))
        return client

    def _open(self, connection: Connection) -> None:
        raise NotImplementedError
