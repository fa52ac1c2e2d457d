"""Real memory servers for the client tests: in-process on loopback ports, SQLite files in tmp_path."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from services.memory.server import build_server
from services.memory.settings import Settings


@pytest.fixture
def start_memory(tmp_path: Path) -> Iterator[Callable[..., str]]:
    """start_memory(listen="127.0.0.1:0", **settings) -> "127.0.0.1:<port>"; every server is stopped at the end."""
    servers = []

    def start(listen: str = "127.0.0.1:0", **settings: object) -> str:
        settings.setdefault("db_path", str(tmp_path / "memory.sqlite"))
        server = build_server(Settings(**settings), listen)  # type: ignore[arg-type]
        servers.append(server)
        return f"127.0.0.1:{server.port}"

    start.servers = servers  # type: ignore[attr-defined]
    yield start
    for server in servers:
        server.stop(0)


@pytest.fixture
def memory_address(start_memory) -> str:
    return start_memory()
