"""What a host does through the MCP tools, the same over every transport."""

from mcp import Client

TOOLS = {"remember", "recall", "search", "task_state", "forget"}
CORRECTION = [
    {"role": "user", "text": "The deploy target is eu-west-1."},
    {"role": "assistant", "text": "Noted, deploying to eu-west-1."},
    {"role": "user", "text": "Correction: it's eu-central-1, not eu-west-1."},
]


async def call(client: Client, tool: str, **arguments):
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content[0].text
    return result


async def error_of(client: Client, tool: str, **arguments) -> str:
    result = await client.call_tool(tool, arguments)
    assert result.is_error, f"{tool} should have failed: {result.content}"
    return result.content[0].text


async def lists_the_five_tools(client: Client) -> None:
    listed = (await client.list_tools()).tools
    assert {t.name for t in listed} == TOOLS
    for tool in listed:
        assert len(tool.description or "") > 80, f"{tool.name} needs a description an LLM can follow"
        assert tool.input_schema["type"] == "object"
    remember = next(t for t in listed if t.name == "remember")
    assert remember.input_schema["required"] == ["events"]
    event_schema = remember.input_schema["$defs"]["EventIn"]["properties"]
    assert event_schema["role"]["enum"] == ["user", "assistant", "tool_call", "tool_result"]


async def correction_round_trip(client: Client, session_id: str | None = None) -> str:
    """remember a value and its correction; recall must give the corrected one as current. Returns the recalled text."""
    where = {"session_id": session_id} if session_id else {}
    stored = (await call(client, "remember", events=CORRECTION, **where)).structured_content
    assert stored["stored"] == 3 and stored["seqs"] == [1, 3]
    message = (await call(client, "recall", query="Which region do we deploy to?", **where)).content[0].text
    current, _, history = message.partition("History")
    assert "eu-central-1" in current
    assert "eu-west-1" not in current.replace("not eu-west-1", "").replace("deploying to eu-west-1", ""), message
    assert "eu-west-1" in history and "superseded" in history, message
    return message
