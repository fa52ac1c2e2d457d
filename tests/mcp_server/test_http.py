"""The MCP server over streamable HTTP, reached by the SDK's own client, with and without bearer keys."""

import json
import subprocess
import sys
import urllib.error
import urllib.request

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from services.common.ports import free_port
from tests.mcp_server.conftest import REPO_ROOT, HttpMcp, mcp_env
from tests.mcp_server.scenario import call, correction_round_trip, error_of, lists_the_five_tools


def http_client(url: str, key: str = "") -> Client:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return Client(streamable_http_client(url, http_client=httpx2.AsyncClient(headers=headers, timeout=30)))


def post_initialize(url: str, headers: dict[str, str]) -> tuple[int, dict]:
    """A raw MCP initialize request, as any HTTP client would send it."""
    body = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "curl", "version": "0"}},
        }
    ).encode()
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "Accept": "application/json, text/event-stream", **headers},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, {}
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


@pytest.fixture
def open_http(memory, tmp_path):
    server = HttpMcp(tmp_path / "mcp-open.log", MCP_MEMORY_ADDR=memory.address, MCP_SESSION_ID="web-1")
    yield server
    server.stop()


@pytest.fixture
def keyed_http(memory_with_keys, keys_file, tmp_path):
    path, _, _ = keys_file
    server = HttpMcp(tmp_path / "mcp-keys.log", MCP_MEMORY_ADDR=memory_with_keys.address, MCP_AUTH_KEYS_FILE=str(path))
    yield server
    server.stop()


def test_correction_round_trip_over_http(open_http):
    async def host():
        async with http_client(open_http.url) as client:
            await lists_the_five_tools(client)
            await correction_round_trip(client)

    anyio.run(host)


def test_with_auth_on_a_request_without_a_valid_key_is_refused(keyed_http):
    status, body = post_initialize(keyed_http.url, {})
    assert status == 401 and "Authorization: Bearer" in body["error"]
    status, body = post_initialize(keyed_http.url, {"Authorization": "Bearer dsh_000000000000_" + "x" * 43})
    assert status == 401 and "not valid" in body["error"]

    async def host():
        with pytest.raises(Exception):  # noqa: B017 - the SDK's own client cannot even initialize
            async with http_client(keyed_http.url) as client:
                await client.list_tools()

    anyio.run(host)


def test_the_callers_key_is_forwarded_so_memory_applies_its_role(memory_with_keys, keyed_http):
    async def host():
        async with http_client(keyed_http.url, memory_with_keys.writer_key) as writer:
            await lists_the_five_tools(writer)
            await correction_round_trip(writer, session_id="acme-1")
        async with http_client(keyed_http.url, memory_with_keys.reader_key) as reader:
            assert "eu-central-1" in (await call(reader, "recall", session_id="acme-1", query="deploy region?")).content[0].text
            denied = await error_of(reader, "forget", session_id="acme-1")
            assert "PERMISSION_DENIED" in denied and "writer" in denied

    anyio.run(host)


def test_non_loopback_without_keys_refuses_to_start():
    done = subprocess.run(
        [sys.executable, "-m", "services.mcp", "--transport", "http"],
        cwd=REPO_ROOT,
        env=mcp_env(MCP_LISTEN=f"0.0.0.0:{free_port()}"),
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "MCP_AUTH_KEYS_FILE" in done.stderr and "MCP_AUTH=none" in done.stderr and "Traceback" not in done.stderr
