"""Runs share a memory service: each names its sessions "<runId>-<session>" and deletes them afterwards."""

import json

from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.grpc_server import open_channel
from services.harness.cli import main
from services.memory.server import build_server
from services.memory.settings import Settings as MemorySettings


def _sessions(address: str) -> list[str]:
    channel = open_channel(address)
    try:
        stub = memory_pb2_grpc.MemoryServiceStub(channel)
        return sorted(s.session_id for s in stub.ListSessions(memory_pb2.ListSessionsRequest(page_size=1000), timeout=10).sessions)
    finally:
        channel.close()


def test_two_runs_in_a_row_against_one_memory_service_both_pass_and_leave_nothing(tmp_path, answerer_addr, client_env, fixture_dir):
    server = build_server(MemorySettings(db_path=str(tmp_path / "memory.sqlite")), "127.0.0.1:0")
    address = f"127.0.0.1:{server.port}"
    argv = [
        "eval",
        "--fixtures",
        str(fixture_dir),
        "--out",
        str(tmp_path / "out"),
        "--memory-addr",
        address,
        "--answerer-addr",
        answerer_addr,
        "--baselines",
        "memory",
    ]
    written = set()

    def last_report() -> dict:
        # Read from the file the run wrote: the in-process server's log lines share stdout.
        [path] = set((tmp_path / "out").glob("*.json")) - written
        written.add(path)
        return json.loads(path.read_text())

    try:
        reports = []
        for _ in range(2):
            assert main(argv, env=client_env) == 0
            reports.append(last_report())
            assert _sessions(address) == []  # deleted at the end of the run
        first, second = (report["environment"] for report in reports)
        assert first["runId"] != second["runId"]
        assert first["sessionCleanup"]["deleted"] > 0 and first["sessionCleanup"]["failures"] == []
        assert all(entry["status"] == "pass" for entry in reports[1]["hardInvariants"]), reports[1]["hardInvariants"]

        assert main([*argv, "--keep"], env=client_env) == 0
        kept = last_report()["environment"]
        assert kept["sessionCleanup"]["sessionsKept"] is True
        left = _sessions(address)
        assert left and all(session.startswith(kept["runId"] + "-") for session in left), left
    finally:
        server.stop(0)
