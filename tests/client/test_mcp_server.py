"""`engram mcp` as an MCP client sees it: the command started over stdio by the SDK's own client,
its tools listed and called against the local stack, results checked through the API."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from engram_client import EngramClient, NotFound
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult

from engram.local import cli
from engram.local.mcp_server import McpConfig
from engram.local.stack import LocalStack

from .conftest import api_key, token, unique

TOOLS = {"search_memories", "get_context", "remember", "record_turn", "forget", "list_recent_memories"}


def _engram_command() -> tuple[str, list[str]]:
    script = Path(sys.executable).parent / "engram"  # the installed console script
    if script.exists():
        return str(script), ["mcp"]
    return sys.executable, ["-m", "engram.local.cli", "mcp"]  # pragma: no cover


def _data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def _error_text(result: CallToolResult) -> str:
    assert result.is_error
    return " ".join(getattr(block, "text", "") for block in result.content)


async def _until(client: Client, tool: str, args: dict[str, Any], check: Any, timeout: float = 15.0) -> dict[str, Any]:
    """The search index follows writes through the table's stream, a moment later (as in AWS)."""
    deadline = time.monotonic() + timeout
    while True:
        data = _data(await client.call_tool(tool, args))
        if check(data) or time.monotonic() > deadline:
            return data
        await asyncio.sleep(0.2)


@pytest.mark.parametrize("mode", ["end_user", "backend"])
def test_engram_mcp_over_stdio(stack: LocalStack, mode: str) -> None:
    user = unique(f"mcp-{mode}")
    env = {"ENGRAM_URL": stack.url, "ENGRAM_PERSONA": "nurse", "ENGRAM_SESSION": "desk"}
    if mode == "end_user":
        env["ENGRAM_TOKEN"] = token(stack, user)
        api = EngramClient(stack.url, token=env["ENGRAM_TOKEN"])
    else:
        env |= {"ENGRAM_API_KEY": api_key(stack), "ENGRAM_USER_ID": user}
        api = EngramClient(stack.url, api_key=api_key(stack), user_id=user)
    command, args = _engram_command()
    server = StdioServerParameters(command=command, args=args, env=env, cwd=str(Path(__file__).parent))

    async def session() -> None:
        async with Client(server, read_timeout_seconds=60) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert set(tools) == TOOLS
            for tool in tools.values():
                assert tool.description and tool.output_schema
                for name, schema in tool.input_schema["properties"].items():
                    assert schema.get("description"), f"{tool.name}.{name} has no description"

            kept = _data(
                await client.call_tool(
                    "remember", {"fact": "Allergic to penicillin", "type": "constraint", "importance": 0.9}
                )
            )
            memory_id = kept["memory"]["memory_id"]
            stored = api.get_memory(memory_id).memory
            assert (stored.content, stored.type, stored.persona_id, stored.pinned) == (
                "Allergic to penicillin",
                "constraint",
                "nurse",
                False,
            )

            found = await _until(client, "search_memories", {"query": "penicillin", "k": 3}, lambda d: d["results"])
            assert [r["memory_id"] for r in found["results"]] == [memory_id] and found["persona_id"] == "nurse"
            recent = _data(await client.call_tool("list_recent_memories", {"limit": 5}))
            assert recent["total"] == 1 and recent["memories"][0]["memory_id"] == memory_id

            ctx = _data(await client.call_tool("get_context", {"question": "What am I allergic to?"}))
            assert ctx["messages"][0]["role"] == "system" and ctx["messages"][-1]["content"] == "What am I allergic to?"
            assert ctx["gate"]["decision"] in ("USE", "SKIP") and ctx["session_id"] == "desk"

            said = {"user": "What am I allergic to?", "assistant": "Penicillin, you told me.", "idempotency_key": "t-1"}
            turn = _data(await client.call_tool("record_turn", said))
            assert (turn["seq"], turn["turn_count"], turn["duplicate"]) == (1, 1, False)
            again = _data(await client.call_tool("record_turn", said))  # a retried tool call: recorded once
            assert (again["seq"], again["duplicate"]) == (1, True)
            session = api.get_session("nurse", "desk")
            assert session.turn_count == 1
            assert (session.recent[0].user, session.recent[0].assistant) == (
                "What am I allergic to?",
                "Penicillin, you told me.",
            )

            assert _data(await client.call_tool("forget", {"memory_id": memory_id}))["deleted"] is True
            with pytest.raises(NotFound):
                api.get_memory(memory_id)
            # the forgotten memory leaves the search (the recorded round that mentions it stays: rounds are searched)
            gone = await _until(
                client,
                "search_memories",
                {"query": "penicillin"},
                lambda d: memory_id not in [r["memory_id"] for r in d["results"]],
            )
            assert memory_id not in [r["memory_id"] for r in gone["results"]]

            # API errors are tool errors carrying the API's code; the server keeps serving
            assert "NOT_FOUND" in _error_text(await client.call_tool("forget", {"memory_id": memory_id}))
            bad = await client.call_tool("list_recent_memories", {"persona": "not a persona id!"})
            assert "VALIDATION_ERROR" in _error_text(bad)
            assert _data(await client.call_tool("list_recent_memories", {}))["total"] == 0

    try:
        asyncio.run(session())
    finally:
        api.close()


def test_configuration_from_the_environment_and_flags() -> None:
    env = {"ENGRAM_PORT": "9000", "ENGRAM_API_KEY": "k", "ENGRAM_USER_ID": "alice", "ENGRAM_PERSONA": "nurse"}
    config = McpConfig.from_env(env)
    assert (config.url, config.api_key, config.user_id, config.persona, config.session) == (
        "http://127.0.0.1:9000",
        "k",
        "alice",
        "nurse",
        "mcp",
    )
    assert McpConfig.from_env(env, user_id="bob", url="http://engram:8080").user_id == "bob"
    assert McpConfig.from_env({"ENGRAM_TOKEN": "t"}).url == "http://127.0.0.1:8080"
    with pytest.raises(ValueError, match="not both"):
        McpConfig.from_env({"ENGRAM_TOKEN": "t", "ENGRAM_API_KEY": "k", "ENGRAM_USER_ID": "u"})


def test_engram_mcp_without_credentials_says_what_it_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ENGRAM_TOKEN", "ENGRAM_API_KEY", "ENGRAM_USER_ID"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(SystemExit) as caught:
        cli.main(["mcp", "--api-key", "k"])
    assert "ENGRAM_TOKEN" in str(caught.value.code) and "ENGRAM_USER_ID" in str(caught.value.code)
