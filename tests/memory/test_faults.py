"""Environment faults on the SQLite store: a full disk, a read-only database, odd files at start.

Each answers a status the client can act on (RESOURCE_EXHAUSTED, FAILED_PRECONDITION) or stops
the service at start with one line naming the file, never INTERNAL or a traceback.
"""

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import grpc
import pytest
from dsh.memory.v1 import memory_pb2, memory_pb2_grpc

from services.common.ports import free_port
from services.memory.server import build_server
from services.memory.settings import Settings
from tests.memory.conftest import all_items, append, event

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def server(tmp_path):
    settings = Settings(listen="127.0.0.1:0", db_path=str(tmp_path / "memory.sqlite"), max_event_bytes=4096, max_batch_events=50)
    running = build_server(settings)
    channel = grpc.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        yield running, memory_pb2_grpc.MemoryServiceStub(channel)
    finally:
        channel.close()
        running.stop(grace=1)


def _writer(running):
    """The store's own connection: pragmas set on it act as the disk or the file system would."""
    return running.core.store.inner._db


def _long_batch(start: int, count: int) -> list[memory_pb2.Event]:
    return [event(seq, f"Fact number {seq}: the value of setting{seq} is {'x' * 2000} v{seq}.") for seq in range(start, start + count)]


def test_a_full_disk_answers_resource_exhausted_loses_nothing_and_keeps_serving_reads(server):
    running, stub = server
    append(stub, "s-full", event(1, "The deploy target is eu-west-1."), event(2, "Always run the linter before committing."))
    before = stub.ExportSession(memory_pb2.ExportSessionRequest(session_id="s-full"), timeout=10).json
    db = _writer(running)
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    # SQLITE_FULL exactly as a full disk gives it, without a mount: the file may not grow.
    db.execute(f"PRAGMA max_page_count = {pages}")

    with pytest.raises(grpc.RpcError) as caught:
        append(stub, "s-full", *_long_batch(3, 40))
    assert caught.value.code() is grpc.StatusCode.RESOURCE_EXHAUSTED, caught.value.details()
    assert "disk is full" in caught.value.details() and "nothing of this request was written" in caught.value.details()

    # What was acknowledged is all there; nothing of the refused batch is; reads still answer.
    assert stub.ExportSession(memory_pb2.ExportSessionRequest(session_id="s-full"), timeout=10).json == before
    assert "eu-west-1" in stub.Assemble(memory_pb2.AssembleRequest(session_id="s-full", query="where do we deploy?"), timeout=10).message
    assert stub.OpenSession(memory_pb2.OpenSessionRequest(session_id="s-full"), timeout=10).last_seq == 2

    # Space freed: the same batch, retried, goes in.
    db.execute("PRAGMA max_page_count = 1073741823")
    assert append(stub, "s-full", *_long_batch(3, 40)).accepted == 40
    assert len(all_items(stub, "s-full")) > 40


def test_a_read_only_database_refuses_writes_with_failed_precondition_and_serves_reads(server):
    running, stub = server
    append(stub, "s-ro", event(1, "The deploy target is eu-west-1."))
    _writer(running).execute("PRAGMA query_only = ON")  # SQLITE_READONLY, as a read-only file gives it
    for call in (
        lambda: append(stub, "s-ro", event(2, "The port is 8080.")),
        lambda: stub.Compact(memory_pb2.CompactRequest(session_id="s-ro", up_to_seq=1), timeout=10),
        lambda: stub.DeleteSession(memory_pb2.DeleteSessionRequest(session_id="s-ro"), timeout=10),
    ):
        with pytest.raises(grpc.RpcError) as caught:
            call()
        assert caught.value.code() is grpc.StatusCode.FAILED_PRECONDITION, caught.value.details()
        assert "read-only" in caught.value.details()
    assert "eu-west-1" in stub.Assemble(memory_pb2.AssembleRequest(session_id="s-ro", query="deploy target"), timeout=10).message


def _start(db_path: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMORY_")}
    env.update(MEMORY_DB=str(db_path), MEMORY_LISTEN=f"127.0.0.1:{free_port()}", MEMORY_LOG_FORMAT="console")
    return subprocess.run(
        [sys.executable, "-m", "services.memory"], env=env, cwd=REPO_ROOT, check=False, capture_output=True, text=True, timeout=60
    )


def _sqlite_file(path: Path, rows: int = 300) -> Path:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        db.executemany("INSERT INTO notes (body) VALUES (?)", [("n" * 200,)] * rows)
    return path


def _garbage(path: Path) -> Path:
    path.write_bytes(os.urandom(8192))
    return path


def _truncated(path: Path) -> Path:
    full = _sqlite_file(path.with_suffix(".full"))
    path.write_bytes(full.read_bytes()[:6000])
    return path


def _directory(path: Path) -> Path:
    path.mkdir()
    return path


@pytest.mark.parametrize(
    "make,expected",
    [
        (_garbage, "is not a SQLite database"),
        (_truncated, "is a truncated SQLite file"),
        (_sqlite_file, "is another application's SQLite database"),
        (_directory, "is a directory"),
    ],
)
def test_an_odd_database_file_stops_the_service_with_one_line_naming_it(tmp_path, make, expected):
    path = make(tmp_path / "memory.sqlite")
    before = path.read_bytes() if path.is_file() else None
    result = _start(path)
    assert result.returncode == 2, result.stderr
    output = (result.stdout + result.stderr).strip()
    assert "Traceback" not in output
    assert len(output.splitlines()) == 1, output
    assert str(path) in output and expected in output, output
    if before is not None:
        assert path.read_bytes() == before  # another application's file is left as it was


def test_a_database_on_a_read_only_file_system_stops_the_service_with_one_line(tmp_path):
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("needs root to mount a read-only view of a directory")
    writable, read_only = tmp_path / "rw", tmp_path / "ro"
    writable.mkdir()
    read_only.mkdir()
    _sqlite_file(writable / "memory.sqlite", rows=0)
    with sqlite3.connect(writable / "memory.sqlite") as db:
        db.execute("DROP TABLE notes")
    if subprocess.run(["mount", "--bind", str(writable), str(read_only)], check=False, capture_output=True).returncode:
        pytest.skip("mount is not permitted here")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(read_only)], check=True, capture_output=True)
        result = _start(read_only / "memory.sqlite")
        output = (result.stdout + result.stderr).strip()
        assert result.returncode == 2, output
        assert "Traceback" not in output and len(output.splitlines()) == 1, output
        assert str(read_only / "memory.sqlite") in output and ("read-only" in output or "not writable" in output), output
    finally:
        subprocess.run(["umount", str(read_only)], check=False)


def test_a_database_whose_folder_cannot_be_created_names_the_setting_and_the_folder(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the database's folder should be")
    result = _start(blocker / "data" / "memory.sqlite")
    output = (result.stdout + result.stderr).strip()
    assert result.returncode == 2, output
    assert "Traceback" not in output and len(output.splitlines()) == 1, output
    assert f"MEMORY_DB={blocker / 'data' / 'memory.sqlite'}" in output and "cannot create its directory" in output, output
