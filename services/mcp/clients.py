"""Which `dsh_memory.MemoryClient` a tool call uses: the server's own, or one per API key forwarded by an HTTP caller.

Every call to memory goes through the installable client, so the MCP server gets its deadline,
its retries (UNAVAILABLE, idempotent calls only) and its exceptions, like any other program.
"""

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from dsh_memory import MemoryClient
from services.common.config import ConfigError
from services.common.security import ClientCredentials

# Clients for keys forwarded from HTTP callers; a handful of agents share one server, so a small
# cache keeps their connections warm without growing with every key ever seen.
MAX_FORWARDED_CLIENTS = 32


def _read(path: str, setting: str) -> bytes | None:
    if not path:
        return None
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise ConfigError(f"{setting}={path}: {exc.strerror or exc}") from None


class _Entry:
    def __init__(self, client: MemoryClient):
        self.client = client
        self.leases = 0
        self.evicted = False


class CallerClients:
    """The memory clients of one MCP server; `lease(api_key)` lends the one for that key, `close()` closes them all."""

    def __init__(self, address: str, credentials: ClientCredentials, *, timeout: float):
        # The PEM files are read once, here: a missing file stops the start with one line naming
        # the setting, and a forwarded key's client needs no file access later.
        self._options: dict[str, object] = {"timeout": timeout}
        if credentials.tls:
            self._options |= {
                "tls": True,
                "tls_ca": _read(credentials.tls_ca, "DSH_TLS_CA"),
                "tls_client_cert": _read(credentials.tls_client_cert, "DSH_TLS_CLIENT_CERT"),
                "tls_client_key": _read(credentials.tls_client_key, "DSH_TLS_CLIENT_KEY"),
                "tls_server_name": credentials.tls_server_name,
            }
        self._address = address
        self._own_key = credentials.api_key
        self.default = self._client(credentials.api_key)
        self._forwarded: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = threading.Lock()

    def _client(self, api_key: str) -> MemoryClient:
        return MemoryClient(self._address, api_key=api_key, **self._options)  # type: ignore[arg-type]

    @contextmanager
    def lease(self, api_key: str) -> Iterator[MemoryClient]:
        """The client that sends api_key ("" or the server's own key: the default client).

        A forwarded key's client pushed out of the cache while a call is using it is closed when
        that call is done, not under it.
        """
        if not api_key or api_key == self._own_key:
            yield self.default
            return
        with self._lock:
            entry = self._forwarded.get(api_key)
            if entry is None:
                entry = self._forwarded[api_key] = _Entry(self._client(api_key))
                if len(self._forwarded) > MAX_FORWARDED_CLIENTS:
                    oldest = self._forwarded.popitem(last=False)[1]
                    oldest.evicted = True
                    if not oldest.leases:
                        oldest.client.close()
            self._forwarded.move_to_end(api_key)
            entry.leases += 1
        try:
            yield entry.client
        finally:
            with self._lock:
                entry.leases -= 1
                if entry.evicted and not entry.leases:
                    entry.client.close()

    def forwarded_count(self) -> int:
        with self._lock:
            return len(self._forwarded)

    def close(self) -> None:
        """Close every client (at shutdown, after the transport has drained its requests)."""
        with self._lock:
            entries, self._forwarded = list(self._forwarded.values()), OrderedDict()
        for entry in entries:
            entry.client.close()
        self.default.close()
