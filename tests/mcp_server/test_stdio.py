"""The MCP server as a desktop host runs it: spawned over stdio by the SDK's own client, against a real memory server."""

import subprocess
import sys

import anyio
from mcp import Client, StdioServerParameters

from tests.mcp_server.conftest import REPO_ROOT, mcp_env
from tests.mcp_server.scenario import CORRECTION, call, correction_round_trip, error_of, lists_the_five_tools


def stdio_client(memory_addr: str, **settings: str) -> Client:
    env = {"MCP_MEMORY_ADDR": memory_addr, "MCP_DEADLINE_SECONDS": "20", **settings}
    return Client(StdioServerParameters(command=sys.executable, args=["-m", "services.mcp"], env=mcp_env(**env), cwd=str(REPO_ROOT)))


def test_a_host_remembers_a_correction_and_recalls_the_corrected_value(memory):
    async def host():
        async with stdio_client(memory.address, MCP_SESSION_ID="desk-1") as client:
            await lists_the_five_tools(client)
            await correction_round_trip(client)
            found = (await call(client, "search", query="deploy target", include_superseded=True)).structured_content["items"]
            facts = [i for i in found if i["kind"] == "fact" and i["key"] == "deploy target"]
            assert {(i["value"], i["status"]) for i in facts} == {("eu-central-1", "active"), ("eu-west-1", "superseded")}
            active = next(i for i in facts if i["status"] == "active")
            assert active["source_seqs"] == [3] and active["source"] == "user"

    anyio.run(host)


def test_remember_with_positions_is_idempotent_and_without_them_appends_after_the_last_seq(memory):
    async def host():
        async with stdio_client(memory.address) as client:
            first = (await call(client, "remember", session_id="s-retry", events=CORRECTION, first_seq=1)).structured_content
            again = (await call(client, "remember", session_id="s-retry", events=CORRECTION, first_seq=1)).structured_content
            assert (first["stored"], first["already_stored"]) == (3, 0)
            assert (again["stored"], again["already_stored"]) == (0, 3)
            assert again["event_ids"] == first["event_ids"]
            more = (
                await call(client, "remember", session_id="s-retry", events=[{"role": "tool_result", "text": "exit 0"}])
            ).structured_content
            assert more["seqs"] == [4, 4] and more["last_seq"] == 4
            # The same position with other text is a conflict memory refuses, said in words.
            clash = await error_of(
                client, "remember", session_id="s-retry", events=[{"role": "user", "text": "something else"}], first_seq=2
            )
            assert "FAILED_PRECONDITION" in clash and "seq 2" in clash

    anyio.run(host)


def test_task_state_follows_goal_and_blocker(memory):
    async def host():
        async with stdio_client(memory.address, MCP_SESSION_ID="tasks") as client:
            await call(
                client,
                "remember",
                events=[
                    {"role": "user", "text": "Our goal is to migrate the billing service to Postgres 16."},
                    {"role": "user", "text": "We're blocked on the DBA approval for the maintenance window."},
                ],
            )
            state = (await call(client, "task_state")).structured_content
            assert "Postgres 16" in state["goal"]["text"] and state["goal"]["source_seqs"] == [1]
            assert any("DBA approval" in b["text"] for b in state["blockers"])

    anyio.run(host)


def test_forget_then_recall_says_the_session_is_gone(memory):
    async def host():
        async with stdio_client(memory.address, MCP_SESSION_ID="gone") as client:
            await call(client, "remember", events=CORRECTION)
            deleted = (await call(client, "forget")).structured_content
            assert deleted["events_deleted"] == 3
            message = await error_of(client, "recall", query="Which region do we deploy to?")
            assert "does not exist" in message and "remember" in message and "Traceback" not in message
            assert "does not exist" in await error_of(client, "forget")

    anyio.run(host)


def test_bad_input_gets_a_message_that_says_what_to_fix(memory):
    async def host():
        async with stdio_client(memory.address) as client:
            assert "MCP_SESSION_ID" in await error_of(client, "recall", query="anything")
            assert "session_id is longer than 128 bytes" in await error_of(client, "task_state", session_id="x" * 200)
            assert "role" in await error_of(client, "remember", session_id="s", events=[{"role": "system", "text": "hi"}])
            assert "events" in await error_of(client, "remember", session_id="s", events=[])

    anyio.run(host)


def test_memory_down_is_a_tool_error_naming_the_address():
    async def host():
        from services.common.ports import free_port

        address = f"127.0.0.1:{free_port()}"
        async with stdio_client(address, MCP_DEADLINE_SECONDS="2") as client:
            message = await error_of(client, "recall", session_id="s", query="anything")
            assert address in message and "MCP_MEMORY_ADDR" in message and "Traceback" not in message

    anyio.run(host)


def test_help_prints_the_settings_and_does_not_start():
    done = subprocess.run(
        [sys.executable, "-m", "services.mcp", "--help"],
        cwd=REPO_ROOT,
        env=mcp_env(),
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    for setting in ("MCP_TRANSPORT", "MCP_LISTEN", "MCP_MEMORY_ADDR", "MCP_SESSION_ID", "MCP_AUTH_KEYS_FILE", "DSH_API_KEY"):
        assert setting in done.stdout
