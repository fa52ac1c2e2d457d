"""Deleted text leaves the SQLite files: the database, its WAL and shared memory, grepped byte by byte
after DeleteSession, DeleteUserData and DeleteTenantData return."""

import uuid
from pathlib import Path

import pytest
from dsh.memory.v1 import memory_pb2

from services.memory.settings import Settings
from tests.memory.conftest import event
from tests.memory.tenant_server import tenant_server


def write_marked(caller, session_id: str, marker: str, user_id: str = "") -> None:
    """The marker in a fact, its correction, a tool result, event attributes and a compaction summary."""
    events = [event(n, f"Filler turn {n} about the staging cluster and its dashboards.") for n in range(1, 40)]
    events += [
        event(40, f"The release codename is {marker}-one.", source=marker),
        event(41, f"Actually, the release codename is {marker}-two, not {marker}-one."),
        event(42, f"grep found {marker} in 3 files", kind="tool"),
    ]
    caller.AppendEvents(memory_pb2.AppendEventsRequest(session_id=session_id, events=events, user_id=user_id))
    caller.Compact(memory_pb2.CompactRequest(session_id=session_id, up_to_seq=41, summary=f"Codename settled on {marker}."))


def files_holding(directory: Path, marker: str) -> list[str]:
    needle = marker.encode()
    return sorted(str(path.relative_to(directory)) for path in directory.rglob("*") if needle in _bytes_of(path))


def _bytes_of(path: Path) -> bytes:
    """A file's bytes, or none when it is not a file or vanished between listing and reading: Redis
    renames its temporary AOF files while the scan runs, and a file that is gone holds nothing."""
    try:
        return path.read_bytes() if path.is_file() else b""
    except FileNotFoundError:
        return b""


DELETIONS = {
    "session": lambda alice: alice.DeleteSession(memory_pb2.DeleteSessionRequest(session_id="doomed")),
    "user": lambda alice: alice.DeleteUserData(memory_pb2.DeleteUserDataRequest(user_id="u-gone")),
    "tenant": lambda alice: alice.DeleteTenantData(memory_pb2.DeleteTenantDataRequest(tenant="alice")),
}


@pytest.mark.parametrize("deletion", list(DELETIONS))
def test_deleted_text_is_in_no_file_of_the_sqlite_store(tmp_path, deletion):
    directory = tmp_path / "store"
    settings = Settings(listen="127.0.0.1:0", db_path=str(directory / "memory.sqlite"))
    marker = "zq" + uuid.uuid4().hex[:12]
    with tenant_server(settings) as served:
        alice, bob = served.tenant("alice"), served.tenant("bob")
        write_marked(alice, "doomed", marker, user_id="u-gone")
        write_marked(bob, "kept", "keptword")  # another tenant's data stays, and its pages with it
        assert files_holding(directory, marker), "the marker must be on disk before the deletion"
        DELETIONS[deletion](alice)
        assert files_holding(directory, marker) == []
        assert files_holding(directory, "keptword")
        assert "keptword" in bob.ExportSession(memory_pb2.ExportSessionRequest(session_id="kept")).json
