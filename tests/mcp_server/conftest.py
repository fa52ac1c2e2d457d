"""A real memory server, and the MCP server as the real process a host would launch (stdio) or reach (HTTP)."""

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from services.common.apikeys import new_key, write_keys_file
from services.common.ports import free_port
from services.common.principal import Role
from services.common.security import ServerSecurity
from services.memory.server import build_server
from services.memory.settings import Settings as MemorySettings

REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Memory:
    address: str
    writer_key: str = ""  # set when the server checks keys
    reader_key: str = ""


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[Memory]:
    """Memory on SQLite, authentication off (loopback)."""
    server = build_server(MemorySettings(listen="127.0.0.1:0", db_path=str(tmp_path / "memory.sqlite")))
    try:
        yield Memory(f"127.0.0.1:{server.port}")
    finally:
        server.stop(grace=1)


@pytest.fixture
def keys_file(tmp_path: Path) -> tuple[Path, str, str]:
    """A keys file with a writer and a reader key of tenant acme."""
    writer, writer_record = new_key("acme", Role.WRITER, name="mcp test writer")
    reader, reader_record = new_key("acme", Role.READER, name="mcp test reader")
    path = tmp_path / "api-keys.json"
    write_keys_file(path, [writer_record, reader_record])
    return path, writer, reader


@pytest.fixture
def memory_with_keys(tmp_path: Path, keys_file) -> Iterator[Memory]:
    """Memory that requires API keys, from the same keys file the MCP server checks."""
    path, writer, reader = keys_file
    security = ServerSecurity(prefix="MEMORY", auth="keys", keys_file=str(path), keys_check_interval=0)
    server = build_server(MemorySettings(listen="127.0.0.1:0", db_path=str(tmp_path / "memory-auth.sqlite"), security=security))
    try:
        yield Memory(f"127.0.0.1:{server.port}", writer, reader)
    finally:
        server.stop(grace=1)


def mcp_env(**settings: str) -> dict[str, str]:
    """The environment of an MCP server process: this one's, without any key or MCP setting leaking in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MCP_", "DSH_"))}
    return {**env, "MCP_LOG_FORMAT": "json", **settings}


class HttpMcp:
    """`python -m services.mcp --transport http` as a child process on a free loopback port."""

    def __init__(self, log_path: Path, **settings: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        self._log = log_path.open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "services.mcp", "--transport", "http"],
            env=mcp_env(MCP_LISTEN=f"127.0.0.1:{self.port}", **settings),
            cwd=REPO_ROOT,
            stdout=subprocess.DEVNULL,
            stderr=self._log,
        )
        self._wait_ready()

    def _wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the MCP server exited with {self.proc.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1) as reply:
                    if reply.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        raise TimeoutError("the MCP server did not answer /healthz in time")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._log.close()
