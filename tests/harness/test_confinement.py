"""RunEval callers reach only the fixture folders and memory addresses the harness was configured with."""

import os
from dataclasses import replace
from pathlib import Path

import grpc
import pytest
from dsh.harness.v1 import harness_pb2, harness_pb2_grpc

from services.common.grpc_server import open_channel
from services.harness.server import build_server


@pytest.fixture
def run_eval(settings):
    """RunEval against a harness whose fixtures root is the test's tmp_path (the settings fixture's)."""
    served = build_server(replace(settings, memory_addr="127.0.0.1:1"), "127.0.0.1:0")
    channel = open_channel(f"127.0.0.1:{served.port}")

    def call(**fields) -> list:
        return list(harness_pb2_grpc.HarnessServiceStub(channel).RunEval(harness_pb2.RunEvalRequest(**fields), timeout=60))

    yield call
    channel.close()
    served.stop(0)


def refused(call, **fields) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as raised:
        call(**fields)
    return raised.value


@pytest.fixture
def outside(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("outside-the-root")


def test_dot_dot_and_absolute_paths_outside_the_root_are_refused(run_eval, tmp_path, outside):
    for path in (str(tmp_path / ".." / outside.name), str(tmp_path / "fixtures" / ".." / ".." / outside.name), str(outside), "/etc"):
        error = refused(run_eval, fixtures_dir=path, baselines=["skill-only"])
        assert error.code() == grpc.StatusCode.PERMISSION_DENIED, path
        assert "HARNESS_FIXTURES_DIRS" in error.details()
    assert list(outside.iterdir()) == []  # no fixture folder was generated there


def test_a_symlink_inside_the_root_that_leads_out_is_refused(run_eval, tmp_path, outside):
    link = tmp_path / "innocent"
    os.symlink(outside, link)
    error = refused(run_eval, fixtures_dir=str(link), baselines=["skill-only"])
    assert error.code() == grpc.StatusCode.PERMISSION_DENIED
    assert list(outside.iterdir()) == []


def test_locomo_paths_are_confined_too(run_eval):
    error = refused(run_eval, profile="locomo", locomo_path="/etc/passwd")
    assert error.code() == grpc.StatusCode.PERMISSION_DENIED and "locomo_path" in error.details()


def test_a_path_that_is_no_path_is_invalid_argument(run_eval):
    assert refused(run_eval, fixtures_dir="bad\0path").code() == grpc.StatusCode.INVALID_ARGUMENT


def test_only_configured_memory_addresses_are_dialled(run_eval, fixture_dir):
    error = refused(run_eval, fixtures_dir=str(fixture_dir), memory_addr="10.1.2.3:50051")
    assert error.code() == grpc.StatusCode.PERMISSION_DENIED
    assert "HARNESS_ALLOWED_MEMORY_ADDRS" in error.details()


def test_a_folder_inside_the_root_is_served(run_eval, fixture_dir):
    replies = run_eval(fixtures_dir=str(fixture_dir), baselines=["skill-only"])
    assert replies[-1].WhichOneof("payload") == "report_json"


def test_benchmark_paths_and_their_defaults_are_confined_too(run_eval, outside):
    # No path: the default beside the project is outside the fixtures root, and named as the field it fills.
    for fields, name in (
        ({"profile": "beam"}, "beam_dir"),
        ({"profile": "beam", "beam_dir": str(outside)}, "beam_dir"),
        ({"profile": "locomo"}, "locomo_path"),
    ):
        error = refused(run_eval, **fields)
        assert error.code() == grpc.StatusCode.PERMISSION_DENIED and name in error.details(), fields


def test_a_corrections_file_outside_the_root_is_refused(run_eval, tmp_path, outside):
    (tmp_path / "locomo").mkdir()
    error = refused(run_eval, profile="locomo", locomo_path=str(tmp_path / "locomo"), locomo_corrections=str(outside / "errors.json"))
    assert error.code() == grpc.StatusCode.PERMISSION_DENIED and "locomo_corrections" in error.details()
