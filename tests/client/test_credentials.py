"""API keys, TLS and mutual TLS from the client's side, against a real server with a keys file and real certificates."""

import grpc
import pytest

from dsh_memory import (
    NO_RETRY,
    Event,
    MemoryClient,
    PermissionDeniedError,
    UnauthenticatedError,
    UnavailableError,
    connection_from_env,
)
from tests.common.test_auth import create_key, keys_file, memory_security  # noqa: F401  (keys_file is a fixture)
from tests.common.tls import make_pki


def test_the_api_key_is_sent_and_its_role_enforced(start_memory, keys_file):  # noqa: F811
    address = start_memory(security=memory_security(keys_file))
    with MemoryClient(address) as anonymous:
        with pytest.raises(UnauthenticatedError) as raised:
            anonymous.get_capabilities()
        assert raised.value.code == grpc.StatusCode.UNAUTHENTICATED
    with MemoryClient(address, api_key=create_key(keys_file, "reader")) as reader:
        assert reader.get_capabilities().has_storage
        with pytest.raises(PermissionDeniedError) as denied:
            reader.append_events("s1", [Event(seq=1, text="The port is 8080.")])
        assert denied.value.code == grpc.StatusCode.PERMISSION_DENIED and denied.value.message
    with MemoryClient(address, api_key=create_key(keys_file, "writer")) as writer:
        assert writer.append_events("s1", [Event(seq=1, text="The port is 8080.")]).accepted == 1
    with MemoryClient(address, api_key=create_key(keys_file, "admin")) as admin:
        assert admin.delete_tenant_data("acme").sessions_deleted == 1


def test_key_and_tls_from_the_environment(start_memory, keys_file, tmp_path):  # noqa: F811
    pki = make_pki(tmp_path / "pki")
    security = memory_security(keys_file, tls_cert=str(pki.server_cert), tls_key=str(pki.server_key))
    address = start_memory(security=security)
    key_file = tmp_path / "writer.key"
    key_file.write_text(create_key(keys_file, "writer") + "\n")
    env = {"DSH_MEMORY_ADDR": address, "DSH_API_KEY_FILE": str(key_file), "DSH_TLS_CA": str(pki.ca)}
    with MemoryClient.from_env(env) as memory:
        assert memory.append_events("s1", [Event(seq=1, text="The port is 8080.")]).accepted == 1
    # The wrong CA: the handshake fails, which gRPC reports as UNAVAILABLE.
    with MemoryClient.from_env({**env, "DSH_TLS_CA": str(pki.other_ca)}, retry=NO_RETRY) as untrusting, pytest.raises(UnavailableError):
        untrusting.get_capabilities()
    with pytest.raises(ValueError, match="not both"):
        connection_from_env({"DSH_API_KEY": "k", "DSH_API_KEY_FILE": str(key_file)})


def test_mutual_tls_presents_the_client_certificate(start_memory, keys_file, tmp_path):  # noqa: F811
    pki = make_pki(tmp_path / "pki")
    security = memory_security(keys_file, tls_cert=str(pki.server_cert), tls_key=str(pki.server_key), tls_client_ca=str(pki.ca))
    address = start_memory(security=security)
    key = create_key(keys_file, "reader")
    with MemoryClient(address, api_key=key, tls_ca=pki.ca.read_bytes(), retry=NO_RETRY) as without_cert, pytest.raises(UnavailableError):
        without_cert.get_capabilities()
    with MemoryClient(address, api_key=key, tls_ca=pki.ca, tls_client_cert=pki.client_cert, tls_client_key=pki.client_key) as memory:
        assert memory.get_capabilities().has_storage
    with pytest.raises(ValueError, match="both"):
        MemoryClient(address, tls_client_cert=pki.client_cert)
