"""The MCP server's memory clients: one dsh_memory.MemoryClient per forwarded key, a bounded cache, all closed at shutdown."""

import pytest

from dsh_memory import Event, PermissionDeniedError
from services.common.config import ConfigError
from services.common.security import ClientCredentials, ServerSecurity
from services.mcp.clients import MAX_FORWARDED_CLIENTS, CallerClients
from services.memory.server import build_server
from services.memory.settings import Settings as MemorySettings
from tests.common.tls import make_pki


def closed(client) -> bool:
    try:
        client.get_capabilities(timeout=5)
    except ValueError:  # grpc: "Cannot invoke RPC on closed channel!"
        return True
    return False


def test_each_forwarded_key_has_its_client_and_the_cache_is_bounded(memory):
    clients = CallerClients(memory.address, ClientCredentials(api_key="own"), timeout=5)
    try:
        for key in ("", "own"):
            with clients.lease(key) as client:
                assert client is clients.default
        with clients.lease("k0") as first:
            assert first is not clients.default and first.connection.api_key == "k0"
        with clients.lease("k0") as again:
            assert again is first
        for n in range(1, MAX_FORWARDED_CLIENTS + 1):
            with clients.lease(f"k{n}"):
                pass
        assert clients.forwarded_count() == MAX_FORWARDED_CLIENTS
        assert closed(first)  # the least recently used key's client was closed when pushed out
    finally:
        clients.close()


def test_a_client_pushed_out_during_a_call_is_closed_after_it(memory):
    clients = CallerClients(memory.address, ClientCredentials(), timeout=5)
    try:
        with clients.lease("busy") as busy:
            for n in range(MAX_FORWARDED_CLIENTS):
                with clients.lease(f"k{n}"):
                    pass
            assert not closed(busy)
        assert closed(busy)
    finally:
        clients.close()


def test_close_closes_every_client(memory):
    clients = CallerClients(memory.address, ClientCredentials(), timeout=5)
    with clients.lease("k") as forwarded:
        pass
    clients.close()
    assert closed(clients.default) and closed(forwarded)


def test_an_unreadable_tls_file_stops_the_start_naming_the_setting(tmp_path):
    with pytest.raises(ConfigError, match="DSH_TLS_CA"):
        CallerClients("127.0.0.1:1", ClientCredentials(tls=True, tls_ca=str(tmp_path / "missing.pem")), timeout=5)


def test_mutual_tls_from_dsh_tls_settings_for_the_own_and_a_forwarded_key(tmp_path, keys_file):
    path, writer, reader = keys_file
    pki = make_pki(tmp_path / "pki")
    security = ServerSecurity(
        prefix="MEMORY",
        auth="keys",
        keys_file=str(path),
        keys_check_interval=0,
        tls_cert=str(pki.server_cert),
        tls_key=str(pki.server_key),
        tls_client_ca=str(pki.ca),
    )
    server = build_server(MemorySettings(listen="127.0.0.1:0", db_path=str(tmp_path / "memory.sqlite"), security=security))
    credentials = ClientCredentials.from_env(
        {
            "DSH_API_KEY": writer,
            "DSH_TLS_CA": str(pki.ca),
            "DSH_TLS_CLIENT_CERT": str(pki.client_cert),
            "DSH_TLS_CLIENT_KEY": str(pki.client_key),
        }
    )
    clients = CallerClients(f"127.0.0.1:{server.port}", credentials, timeout=5)
    try:
        with clients.lease("") as own:
            assert own.append_events("tls-1", [Event(seq=1, text="The port is 8080.")]).accepted == 1
        with clients.lease(reader) as forwarded:  # the same TLS settings, the caller's key
            assert forwarded.get_task_state("tls-1").goal is None
            with pytest.raises(PermissionDeniedError):
                forwarded.delete_session("tls-1")
    finally:
        clients.close()
        server.stop(grace=1)
