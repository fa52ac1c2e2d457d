"""API keys, roles, TLS and the secure-by-default rule, against real servers on loopback and a real keys file."""

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import grpc
import pytest
import structlog
from dsh.answerer.v1 import answerer_pb2, answerer_pb2_grpc
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from services.answerer.server import build_server as build_answerer
from services.answerer.settings import Settings as AnswererSettings
from services.common import keys as keys_cli
from services.common.config import ConfigError
from services.common.grpc_server import open_channel, start_server, wait_for_serving
from services.common.ports import free_port
from services.common.security import ClientCredentials, ServerSecurity
from services.memory.server import SERVICE_NAME as MEMORY_SERVICE
from services.memory.server import build_server as build_memory
from services.memory.settings import Settings as MemorySettings
from tests.common.tls import Pki, make_pki

REPO = Path(__file__).resolve().parents[2]
TIMEOUT = 10.0


def create_key(keys_file: Path, role: str, tenant: str = "acme") -> str:
    out = keys_file.parent / f"{uuid.uuid4().hex}.key"
    assert keys_cli.main(["create", "--file", str(keys_file), "--role", role, "--tenant", tenant, "--key-out", str(out)]) == 0
    return out.read_text().strip()


def key_id(key: str) -> str:
    return key.split("_")[1]


@pytest.fixture
def keys_file(tmp_path) -> Path:
    path = tmp_path / "keys" / "api-keys.json"
    path.parent.mkdir()
    assert keys_cli.main(["init", "--file", str(path), "--key-out", str(tmp_path / "keys" / "admin.key")]) == 0
    return path


def memory_security(keys_file: Path, **overrides) -> ServerSecurity:
    # Checked on every call (interval 0) so rotation is seen at once, without sleeping in the test.
    return ServerSecurity(prefix="MEMORY", auth="keys", keys_file=str(keys_file), keys_check_interval=0, **overrides)


@pytest.fixture
def memory(tmp_path, keys_file) -> Iterator[str]:
    server = build_memory(MemorySettings(db_path=str(tmp_path / "memory.sqlite"), security=memory_security(keys_file)), "127.0.0.1:0")
    yield f"127.0.0.1:{server.port}"
    server.stop(0)


def stub(address: str, key: str = "", credentials: ClientCredentials | None = None) -> memory_pb2_grpc.MemoryServiceStub:
    credentials = credentials or ClientCredentials()
    return memory_pb2_grpc.MemoryServiceStub(open_channel(address, credentials.with_key(key) if key else credentials))


def append(session: str, text: str = "The deploy target is eu-west-1.") -> memory_pb2.AppendEventsRequest:
    event = memory_pb2.Event(seq=1, event_id=f"{session}-1", kind=memory_pb2.EVENT_KIND_USER_MESSAGE, text=text)
    return memory_pb2.AppendEventsRequest(session_id=session, events=[event])


def refused(call, *args) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as raised:
        call(*args, timeout=TIMEOUT)
    return raised.value


# ---- authentication


def test_a_call_without_a_key_is_unauthenticated_and_says_how_to_send_one(memory):
    error = refused(stub(memory).GetCapabilities, memory_pb2.GetCapabilitiesRequest())
    assert error.code() == grpc.StatusCode.UNAUTHENTICATED
    assert "authorization: Bearer <key>" in error.details()


@pytest.mark.parametrize(
    "presented",
    [
        "dsh_0123456789ab_" + "A" * 43,  # well formed, unknown id
        "not-a-key-at-all",
        "",  # "Bearer " with nothing after it
    ],
)
def test_an_unknown_or_malformed_key_is_unauthenticated_and_never_echoed(memory, presented):
    channel = grpc.insecure_channel(memory)
    call = memory_pb2_grpc.MemoryServiceStub(channel).GetCapabilities
    with pytest.raises(grpc.RpcError) as raised:
        call(memory_pb2.GetCapabilitiesRequest(), metadata=[("authorization", f"Bearer {presented}")], timeout=TIMEOUT)
    assert raised.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert not presented or presented not in raised.value.details()
    channel.close()


def test_a_known_id_with_the_wrong_secret_is_refused(memory, keys_file):
    key = create_key(keys_file, "writer")
    forged = key[:-4] + ("AAAA" if not key.endswith("AAAA") else "BBBB")
    error = refused(stub(memory, forged).GetCapabilities, memory_pb2.GetCapabilitiesRequest())
    assert error.code() == grpc.StatusCode.UNAUTHENTICATED


def test_reader_may_read_but_not_append_and_the_refused_append_writes_nothing(memory, keys_file):
    reader, writer = create_key(keys_file, "reader"), create_key(keys_file, "writer")
    error = refused(stub(memory, reader).AppendEvents, append("s-reader"))
    assert error.code() == grpc.StatusCode.PERMISSION_DENIED
    assert "AppendEvents needs the writer role" in error.details() and key_id(reader) in error.details()
    assert reader not in error.details()
    # The refused call wrote nothing: the session does not even exist.
    missing = refused(stub(memory, reader).Retrieve, memory_pb2.RetrieveRequest(session_id="s-reader", query="deploy target"))
    assert missing.code() == grpc.StatusCode.NOT_FOUND
    assert stub(memory, writer).AppendEvents(append("s-writer"), timeout=TIMEOUT).accepted == 1
    found = stub(memory, reader).Retrieve(memory_pb2.RetrieveRequest(session_id="s-writer", query="deploy target"), timeout=TIMEOUT)
    assert any("eu-west-1" in item.value + item.text for item in found.items)


def test_keys_rotate_and_revoke_without_a_restart(memory, keys_file):
    old = create_key(keys_file, "writer")
    assert stub(memory, old).GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=TIMEOUT).implementation
    # Rotation: a new key added to the running server's file works at once...
    new = create_key(keys_file, "writer")
    assert stub(memory, new).AppendEvents(append("s-rotated"), timeout=TIMEOUT).accepted == 1
    # ...and the old one, revoked, is refused.
    assert keys_cli.main(["revoke", "--file", str(keys_file), key_id(old)]) == 0
    assert refused(stub(memory, old).GetCapabilities, memory_pb2.GetCapabilitiesRequest()).code() == grpc.StatusCode.UNAUTHENTICATED
    assert stub(memory, new).GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=TIMEOUT).implementation


def test_an_unreadable_keys_file_fails_closed_until_it_is_fixed(memory, keys_file):
    key = create_key(keys_file, "writer")
    good = keys_file.read_text()
    keys_file.write_text("{ half a file")
    error = refused(stub(memory, key).GetCapabilities, memory_pb2.GetCapabilitiesRequest())
    assert error.code() == grpc.StatusCode.UNAVAILABLE and "keys file" in error.details()
    keys_file.write_text(good)
    assert stub(memory, key).GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=TIMEOUT).implementation


def test_health_is_open_without_a_key(memory):
    with grpc.insecure_channel(memory) as channel:
        reply = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(service=MEMORY_SERVICE), timeout=TIMEOUT)
    assert reply.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_is_off_by_default_and_needs_a_key_when_on(tmp_path, keys_file, memory):
    admin = (keys_file.parent / "admin.key").read_text().strip()
    with open_channel(memory, ClientCredentials(api_key=admin)) as channel, pytest.raises(grpc.RpcError) as raised:
        ProtoReflectionDescriptorDatabase(channel).get_services()
    assert raised.value.code() == grpc.StatusCode.UNIMPLEMENTED
    settings = MemorySettings(db_path=str(tmp_path / "r.sqlite"), security=memory_security(keys_file, reflection=True))
    server = build_memory(settings, "127.0.0.1:0")
    try:
        address = f"127.0.0.1:{server.port}"
        with grpc.insecure_channel(address) as channel, pytest.raises(grpc.RpcError) as raised:
            ProtoReflectionDescriptorDatabase(channel).get_services()
        assert raised.value.code() == grpc.StatusCode.UNAUTHENTICATED
        with open_channel(address, ClientCredentials(api_key=create_key(keys_file, "reader"))) as channel:
            assert MEMORY_SERVICE in ProtoReflectionDescriptorDatabase(channel).get_services()
    finally:
        server.stop(0)


def test_a_method_missing_from_the_role_table_needs_admin(tmp_path, keys_file):
    from services.memory.domain.service import MemoryCore
    from services.memory.servicer import MemoryServicer
    from services.memory.settings import VERSION
    from services.memory.store.sqlite import SqliteStore

    store = SqliteStore(str(tmp_path / "t.sqlite"))
    core = MemoryCore(store, MemorySettings().limits, VERSION)
    # A table that forgot GetCapabilities: it must be closed to all but admins, not open.
    served = start_server(
        "127.0.0.1:0",
        lambda s: memory_pb2_grpc.add_MemoryServiceServicer_to_server(MemoryServicer(core), s),
        [MEMORY_SERVICE],
        security=memory_security(keys_file),
        roles={MEMORY_SERVICE: {"Retrieve": 1}},
    )
    try:
        address = f"127.0.0.1:{served.port}"
        writer = create_key(keys_file, "writer")
        assert (
            refused(stub(address, writer).GetCapabilities, memory_pb2.GetCapabilitiesRequest()).code() == grpc.StatusCode.PERMISSION_DENIED
        )
        admin = (keys_file.parent / "admin.key").read_text().strip()
        assert stub(address, admin).GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=TIMEOUT).implementation
    finally:
        served.stop(0)
        store.close()


def test_the_keys_file_holds_no_key_and_is_private(keys_file):
    key = create_key(keys_file, "writer")
    text = keys_file.read_text()
    assert key not in text and key.split("_", 2)[2] not in text
    assert keys_file.stat().st_mode & 0o077 == 0
    listed = subprocess.run(
        [sys.executable, "-m", "services.common.keys", "list", "--file", str(keys_file)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
    )
    assert key_id(key) in listed.stdout and key not in listed.stdout + listed.stderr


def test_revoking_an_unknown_id_is_a_usage_error(keys_file, capsys):
    assert keys_cli.main(["revoke", "--file", str(keys_file), "nosuchid"]) == 2
    assert "list" in capsys.readouterr().err


def test_a_missing_keys_file_stops_the_start(tmp_path):
    settings = MemorySettings(db_path=str(tmp_path / "m.sqlite"), security=memory_security(tmp_path / "absent.json"))
    with pytest.raises(ConfigError, match="MEMORY_AUTH_KEYS_FILE"):
        build_memory(settings, "127.0.0.1:0")


# ---- the answerer spends the LLM key only for authenticated callers


def test_an_authenticated_caller_may_use_llm_mode(keys_file, chat_api_url):
    settings = AnswererSettings(
        llm_api_key="sk-test",
        llm_base_url=chat_api_url,
        llm_max_retries=0,
        security=ServerSecurity(prefix="ANSWERER", auth="keys", keys_file=str(keys_file), keys_check_interval=0),
    )
    served = build_answerer(settings, "127.0.0.1:0")
    try:
        address = f"127.0.0.1:{served.port}"
        request = answerer_pb2.AnswerRequest(
            question="deploy target?", context="- deploy target = eu-central-1", mode=answerer_pb2.ANSWER_MODE_LLM
        )
        with grpc.insecure_channel(address) as channel, pytest.raises(grpc.RpcError) as raised:
            answerer_pb2_grpc.AnswererServiceStub(channel).Answer(request, timeout=TIMEOUT)
        assert raised.value.code() == grpc.StatusCode.UNAUTHENTICATED
        with open_channel(address, ClientCredentials(api_key=create_key(keys_file, "reader"))) as channel:
            reply = answerer_pb2_grpc.AnswererServiceStub(channel).Answer(request, timeout=TIMEOUT)
        assert reply.mode == answerer_pb2.ANSWER_MODE_LLM and reply.answer
    finally:
        served.stop(0)


@pytest.fixture
def chat_api_url():
    from tests.answerer.conftest import FakeChatApi

    api = FakeChatApi()
    yield api.base_url
    api.close()


# ---- TLS and mutual TLS


@pytest.fixture(scope="module")
def pki(tmp_path_factory) -> Pki:
    return make_pki(tmp_path_factory.mktemp("pki"))


def tls_memory(tmp_path: Path, keys_file: Path, pki: Pki, *, mutual: bool):
    security = memory_security(
        keys_file, tls_cert=str(pki.server_cert), tls_key=str(pki.server_key), tls_client_ca=str(pki.ca) if mutual else ""
    )
    return build_memory(MemorySettings(db_path=str(tmp_path / "tls.sqlite"), security=security), "127.0.0.1:0")


def test_tls_serves_clients_that_trust_its_ca_only(tmp_path, keys_file, pki):
    server = tls_memory(tmp_path, keys_file, pki, mutual=False)
    try:
        address, key = f"127.0.0.1:{server.port}", create_key(keys_file, "reader")
        trusted = ClientCredentials(api_key=key, tls=True, tls_ca=str(pki.ca))
        assert stub(address, credentials=trusted).GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=TIMEOUT).implementation
        wait_for_serving(address, credentials=trusted, timeout=TIMEOUT)
        plaintext = refused(stub(address, key).GetCapabilities, memory_pb2.GetCapabilitiesRequest())
        assert plaintext.code() == grpc.StatusCode.UNAVAILABLE
        wrong_ca = ClientCredentials(api_key=key, tls=True, tls_ca=str(pki.other_ca))
        assert (
            refused(stub(address, credentials=wrong_ca).GetCapabilities, memory_pb2.GetCapabilitiesRequest()).code()
            == grpc.StatusCode.UNAVAILABLE
        )
    finally:
        server.stop(0)


def test_mutual_tls_needs_a_client_certificate_and_still_a_key(tmp_path, keys_file, pki):
    server = tls_memory(tmp_path, keys_file, pki, mutual=True)
    try:
        address, key = f"127.0.0.1:{server.port}", create_key(keys_file, "reader")
        no_cert = ClientCredentials(api_key=key, tls=True, tls_ca=str(pki.ca))
        assert (
            refused(stub(address, credentials=no_cert).GetCapabilities, memory_pb2.GetCapabilitiesRequest()).code()
            == grpc.StatusCode.UNAVAILABLE
        )
        with_cert = replace(no_cert, tls_client_cert=str(pki.client_cert), tls_client_key=str(pki.client_key))
        assert stub(address, credentials=with_cert).GetCapabilities(memory_pb2.GetCapabilitiesRequest(), timeout=TIMEOUT).implementation
        keyless = replace(with_cert, api_key="")
        assert (
            refused(stub(address, credentials=keyless).GetCapabilities, memory_pb2.GetCapabilitiesRequest()).code()
            == grpc.StatusCode.UNAUTHENTICATED
        )
    finally:
        server.stop(0)


def test_client_credentials_from_the_environment(tmp_path, pki):
    key_file = tmp_path / "client.key"
    key_file.write_text("dsh_0123456789ab_" + "B" * 43 + "\n")
    credentials = ClientCredentials.from_env({"DSH_API_KEY_FILE": str(key_file), "DSH_TLS_CA": str(pki.ca)})
    assert credentials.api_key == "dsh_0123456789ab_" + "B" * 43 and credentials.tls
    assert "BBBB" not in repr(credentials)
    with pytest.raises(ConfigError, match="DSH_TLS_CLIENT_KEY"):
        ClientCredentials.from_env({"DSH_TLS_CLIENT_CERT": str(pki.client_cert)})
    with pytest.raises(ConfigError, match="not both"):
        ClientCredentials.from_env({"DSH_API_KEY": "x", "DSH_API_KEY_FILE": str(key_file)})


# ---- secure by default


def test_server_security_settings_name_what_to_fix(tmp_path):
    with pytest.raises(ConfigError, match="MEMORY_AUTH_KEYS_FILE"):
        ServerSecurity.from_env({"MEMORY_AUTH": "keys"}, "MEMORY", "127.0.0.1:1")
    with pytest.raises(ConfigError, match="MEMORY_TLS_KEY"):
        ServerSecurity.from_env({"MEMORY_TLS_CERT": "c.pem"}, "MEMORY", "127.0.0.1:1")
    with pytest.raises(ConfigError, match="HARNESS_AUTH=none"):
        ServerSecurity.from_env({}, "HARNESS", "[::]:50053")
    assert not ServerSecurity.from_env({}, "MEMORY", "localhost:1").auth_on
    assert ServerSecurity.from_env({"MEMORY_AUTH_KEYS_FILE": "k.json"}, "MEMORY", "0.0.0.0:1").auth_on


def service_env(**settings: str) -> dict[str, str]:
    own = ("MEMORY_", "ANSWERER_", "HARNESS_", "DSH_")
    return {**{k: v for k, v in os.environ.items() if not k.startswith(own)}, **settings}


@pytest.mark.parametrize(
    "module, prefix", [("services.memory", "MEMORY"), ("services.answerer", "ANSWERER"), ("services.harness", "HARNESS")]
)
def test_a_service_on_every_interface_without_keys_refuses_to_start(tmp_path, module, prefix):
    args = ["serve"] if module == "services.harness" else []
    env = service_env(**{f"{prefix}_LISTEN": f"0.0.0.0:{free_port()}", "MEMORY_DB": str(tmp_path / "m.sqlite")})
    done = subprocess.run([sys.executable, "-m", module, *args], env=env, cwd=REPO, check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"{prefix}_AUTH_KEYS_FILE" in lines[0] and f"{prefix}_AUTH=none" in lines[0], done.stderr


def test_auth_none_set_explicitly_starts_on_every_interface(tmp_path):
    port = free_port()
    env = service_env(MEMORY_LISTEN=f"0.0.0.0:{port}", MEMORY_AUTH="none", MEMORY_DB=str(tmp_path / "m.sqlite"), MEMORY_LOG_FORMAT="json")
    proc = subprocess.Popen(
        [sys.executable, "-m", "services.memory"], env=env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        wait_for_serving(f"127.0.0.1:{port}", timeout=60)
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=60)
    assert '"auth_off"' in out and '"warning"' in out


def test_loopback_without_keys_starts_with_a_warning(tmp_path):
    with structlog.testing.capture_logs() as logs:
        server = build_memory(MemorySettings(db_path=str(tmp_path / "m.sqlite")), "127.0.0.1:0")
    server.stop(0)
    warnings = [entry for entry in logs if entry["event"] == "auth_off"]
    assert warnings and warnings[0]["log_level"] == "warning" and "MEMORY_AUTH_KEYS_FILE" in warnings[0]["hint"]
