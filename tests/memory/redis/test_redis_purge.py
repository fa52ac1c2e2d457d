"""Deleted text leaves Redis' files: every file of each redis-server's directory (the multi-part
append-only file, any RDB) grepped after the deletion, once the rewrite the store asked for is done."""

import time
import uuid
from pathlib import Path

import pytest
from dsh.memory.v1 import memory_pb2

from services.memory.settings import Settings
from tests.memory.redis.conftest import cluster_url, flush, single_url
from tests.memory.tenant_server import tenant_server
from tests.memory.test_purge import DELETIONS, files_holding, write_marked

pytestmark = pytest.mark.redis
REWRITE_TIMEOUT = 60.0  # a rewrite of this small keyspace takes milliseconds; the machine may be busy


def holding(directories: list[Path], marker: str) -> list[str]:
    return [f"{d.name}/{name}" for d in directories for name in files_holding(d, marker)]


@pytest.mark.parametrize("target", ["single", "cluster"])
@pytest.mark.parametrize("deletion", list(DELETIONS))
def test_deleted_text_is_in_no_file_of_the_redis_servers(request, tmp_path, target, deletion):
    if target == "single":
        servers = [request.getfixturevalue("redis_single")]
        url = single_url(servers[0])
    else:
        servers = request.getfixturevalue("redis_cluster")
        url = cluster_url(servers)
    flush(url)
    directories = [server.directory for server in servers]
    marker = "zq" + uuid.uuid4().hex[:12]
    settings = Settings(listen="127.0.0.1:0", store_url=url, db_path=str(tmp_path / "unused.sqlite"))
    with tenant_server(settings) as served:
        alice, bob = served.tenant("alice"), served.tenant("bob")
        write_marked(alice, "doomed", marker, user_id="u-gone")
        write_marked(bob, "kept", "keptword")
        assert holding(directories, marker), "appendfsync always: the marker is on disk before the deletion"
        DELETIONS[deletion](alice)
        deadline = time.monotonic() + REWRITE_TIMEOUT
        while holding(directories, marker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert holding(directories, marker) == []
        assert "keptword" in bob.ExportSession(memory_pb2.ExportSessionRequest(session_id="kept")).json
    assert holding(directories, "keptword")  # live data is still on disk after the rewrite
