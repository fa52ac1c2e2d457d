"""The harness with authentication on, driving memory and answerer with authentication on: whose key goes downstream."""

import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import grpc
import pytest
from dsh.harness.v1 import harness_pb2, harness_pb2_grpc

from services.answerer.server import build_server as build_answerer
from services.answerer.settings import Settings as AnswererSettings
from services.common import keys as keys_cli
from services.common.grpc_server import open_channel
from services.common.security import ClientCredentials, ServerSecurity
from services.harness.server import build_server as build_harness
from services.memory.server import build_server as build_memory
from services.memory.settings import Settings as MemorySettings

TIMEOUT = 120


@dataclass
class Stack:
    keys_file: Path
    memory_addr: str
    answerer_addr: str

    def key(self, role: str) -> str:
        out = self.keys_file.parent / f"{role}-{len(list(self.keys_file.parent.iterdir()))}.key"
        assert keys_cli.main(["create", "--file", str(self.keys_file), "--role", role, "--key-out", str(out)]) == 0
        return out.read_text().strip()


def security(prefix: str, keys_file: Path) -> ServerSecurity:
    return ServerSecurity(prefix=prefix, auth="keys", keys_file=str(keys_file), keys_check_interval=0)


@pytest.fixture
def stack(tmp_path) -> Iterator[Stack]:
    keys_file = tmp_path / "keys" / "api-keys.json"
    keys_file.parent.mkdir()
    assert keys_cli.main(["init", "--file", str(keys_file), "--key-out", str(keys_file.parent / "admin.key")]) == 0
    memory = build_memory(MemorySettings(db_path=str(tmp_path / "memory.sqlite"), security=security("MEMORY", keys_file)), "127.0.0.1:0")
    answerer = build_answerer(AnswererSettings(security=security("ANSWERER", keys_file)), "127.0.0.1:0")
    yield Stack(keys_file, f"127.0.0.1:{memory.port}", f"127.0.0.1:{answerer.port}")
    answerer.stop(0)
    memory.stop(0)


def run_eval(harness_settings, fixture_dir: Path, key: str = "") -> list[harness_pb2.RunEvalResponse]:
    served = build_harness(harness_settings, "127.0.0.1:0")
    try:
        with open_channel(f"127.0.0.1:{served.port}", ClientCredentials(api_key=key)) as channel:
            request = harness_pb2.RunEvalRequest(fixtures_dir=str(fixture_dir), baselines=["memory"])
            return list(harness_pb2_grpc.HarnessServiceStub(channel).RunEval(request, timeout=TIMEOUT))
    finally:
        served.stop(0)


def assert_clean_report(replies: list[harness_pb2.RunEvalResponse]) -> None:
    report = json.loads(replies[-1].report_json)
    assert replies[-1].exit_code == 0, [i for i in report["hardInvariants"] if i["status"] != "pass"]


def test_the_callers_key_is_forwarded_to_memory_and_answerer(settings, stack, fixture_dir):
    harness = replace(
        settings,
        memory_addr=stack.memory_addr,
        answerer_addr=stack.answerer_addr,
        security=security("HARNESS", stack.keys_file),
        client=ClientCredentials(),
    )
    with pytest.raises(grpc.RpcError) as raised:
        run_eval(harness, fixture_dir)
    assert raised.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert_clean_report(run_eval(harness, fixture_dir, stack.key("writer")))


def test_a_reader_cannot_use_the_harness_to_write(settings, stack, fixture_dir):
    harness = replace(
        settings,
        memory_addr=stack.memory_addr,
        answerer_addr=stack.answerer_addr,
        security=security("HARNESS", stack.keys_file),
        client=ClientCredentials(api_key=stack.key("admin")),
    )
    with pytest.raises(grpc.RpcError) as raised:
        run_eval(harness, fixture_dir, stack.key("reader"))
    # Refused by the harness itself; its own admin key is never lent to a caller.
    assert raised.value.code() == grpc.StatusCode.PERMISSION_DENIED and "RunEval needs the writer role" in raised.value.details()


def test_without_a_caller_key_the_harness_uses_its_own(settings, stack, fixture_dir):
    keyless = replace(settings, memory_addr=stack.memory_addr, answerer_addr=stack.answerer_addr, client=ClientCredentials())
    with pytest.raises(grpc.RpcError) as raised:
        run_eval(keyless, fixture_dir)
    assert raised.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert "UNAUTHENTICATED" in raised.value.details() and "DSH_API_KEY" in raised.value.details()
    own_key = replace(keyless, client=ClientCredentials(api_key=stack.key("writer")))
    assert_clean_report(run_eval(own_key, fixture_dir))


def test_a_local_run_gives_its_children_a_throwaway_key_and_they_refuse_any_other(tmp_path):
    import os

    from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

    from services.harness.processes import LocalServices

    # Even with the user's own key settings in the environment, the children use the run's key.
    env = {**os.environ, "MEMORY_AUTH": "none", "DSH_API_KEY": "dsh_0123456789ab_" + "C" * 43}
    with LocalServices(env, memory=True, answerer=False) as local:
        keys_file = next(Path(local._tmp.name).glob("api-keys.json"))
        assert local.credentials.api_key and local.credentials.api_key not in keys_file.read_text()
        request = memory_pb2.GetCapabilitiesRequest()
        with open_channel(local.memory.address) as channel, pytest.raises(grpc.RpcError) as raised:
            memory_pb2_grpc.MemoryServiceStub(channel).GetCapabilities(request, timeout=30)
        assert raised.value.code() == grpc.StatusCode.UNAUTHENTICATED
        with open_channel(local.memory.address, local.credentials) as channel:
            assert memory_pb2_grpc.MemoryServiceStub(channel).GetCapabilities(request, timeout=30).has_storage
    assert not keys_file.exists()  # gone with the run
