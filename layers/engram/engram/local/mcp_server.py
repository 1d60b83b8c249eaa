"""`engram mcp`: Engram's memory as MCP tools over stdio, for one configured user.

An MCP client (Claude Desktop, an IDE agent, the SDK's own client) starts `engram mcp` and calls its
tools: search and list memories, remember a fact, forget one, get the assembled prompt for a question
(with the gate's decision), record a finished round. The server talks to Engram only over its HTTP API,
through engram_client, as an end user (ENGRAM_TOKEN, a bearer JWT) or as a trusted backend acting for
ENGRAM_USER_ID (ENGRAM_API_KEY: the local stack's backend key). An API error comes back as a tool
error carrying the API's code (e.g. "NOT_FOUND: memory not found"), never as a crash.

Never imported by the Lambda code: `engram.local.cli` imports it when `engram mcp` runs.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Literal, TypeVar

import anyio
from engram_client import AsyncEngramClient, EngramError, models
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

DEFAULT_URL = "http://127.0.0.1:8080"
DEFAULT_PERSONA = "assistant"
DEFAULT_SESSION = "mcp"

T = TypeVar("T")

INSTRUCTIONS = (
    "Engram is the user's long-term conversation memory. Before answering a question that may depend on "
    "what the user said before, call get_context (the prompt Engram assembles: summary, remembered facts, "
    "recent rounds) or search_memories. After answering, call record_turn with the user's message and your "
    "answer so Engram can learn from it. Use remember for a fact the user asks you to keep, forget to delete "
    "one (by its memory_id)."
)


@dataclass(frozen=True, slots=True)
class McpConfig:
    """Where Engram is, who the server acts for, and the persona / session tools use by default."""

    url: str = DEFAULT_URL
    token: str | None = None
    api_key: str | None = None
    user_id: str | None = None
    persona: str = DEFAULT_PERSONA
    session: str = DEFAULT_SESSION

    def __post_init__(self) -> None:
        if self.token and (self.api_key or self.user_id):
            raise ValueError("give ENGRAM_TOKEN (end user) or ENGRAM_API_KEY + ENGRAM_USER_ID (backend), not both")
        if not self.token and not (self.api_key and self.user_id):
            raise ValueError(
                "credentials needed: ENGRAM_TOKEN (an end user's bearer token, e.g. `make token`) "
                "or ENGRAM_API_KEY and ENGRAM_USER_ID (the backend key, acting for that user)"
            )

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: str | None) -> McpConfig:
        """From ENGRAM_URL (else http://127.0.0.1:$ENGRAM_PORT), ENGRAM_TOKEN, ENGRAM_API_KEY,
        ENGRAM_USER_ID, ENGRAM_PERSONA, ENGRAM_SESSION; ``overrides`` that are not None win."""
        env = os.environ if env is None else env
        port = env.get("ENGRAM_PORT") or "8080"
        values: dict[str, str | None] = {
            "url": env.get("ENGRAM_URL") or f"http://127.0.0.1:{port}",
            "token": env.get("ENGRAM_TOKEN") or None,
            "api_key": env.get("ENGRAM_API_KEY") or None,
            "user_id": env.get("ENGRAM_USER_ID") or None,
            "persona": env.get("ENGRAM_PERSONA") or DEFAULT_PERSONA,
            "session": env.get("ENGRAM_SESSION") or DEFAULT_SESSION,
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(
            url=values["url"] or DEFAULT_URL,
            token=values["token"],
            api_key=values["api_key"],
            user_id=values["user_id"],
            persona=values["persona"] or DEFAULT_PERSONA,
            session=values["session"] or DEFAULT_SESSION,
        )

    def client(self) -> AsyncEngramClient:
        if self.token:
            return AsyncEngramClient(self.url, token=self.token)
        return AsyncEngramClient(self.url, api_key=self.api_key, user_id=self.user_id)


# --- what the tools answer (compact: what a model needs, not every stored field) -------------------


class MemoryItem(BaseModel):
    memory_id: str
    persona_id: str
    type: str
    content: str
    importance: float = Field(description="0-1")
    pinned: bool
    created_at: float = Field(description="Epoch seconds")


class SearchHit(MemoryItem):
    score: float | None = Field(description="Rank score; null when only filters matched")
    from_kb: bool = Field(description="From the knowledge base rather than the user's memories")


class SearchResult(BaseModel):
    query: str
    persona_id: str
    results: list[SearchHit]


class PromptMessage(BaseModel):
    role: str
    content: str


class Gate(BaseModel):
    decision: str = Field(description="USE: long-term memory entered the prompt; SKIP: it was not needed")
    reason: str
    language: str


class ContextResult(BaseModel):
    persona_id: str
    session_id: str
    messages: list[PromptMessage] = Field(description="The prompt to send to the model, system message first")
    gate: Gate
    memory_ids: list[str] = Field(description="The memories in the prompt")
    total_tokens: int


class RememberResult(BaseModel):
    memory: MemoryItem
    archived: list[str] = Field(description="Memories the free plan's cap archived to make room")


class TurnResult(BaseModel):
    persona_id: str
    session_id: str
    seq: int = Field(description="The round's number in the session's current run")
    turn_count: int
    duplicate: bool
    session_ended: bool = Field(description="The run reached its message limit: the next round starts a new one")


class ForgetResult(BaseModel):
    memory_id: str
    deleted: bool


class RecentMemories(BaseModel):
    persona_id: str
    total: int = Field(description="Active memories of the persona")
    memories: list[MemoryItem] = Field(description="Newest first")


def _item(view: models.MemoryView) -> MemoryItem:
    return MemoryItem(
        memory_id=view.memory_id,
        persona_id=view.persona_id,
        type=view.type,
        content=view.content,
        importance=view.importance,
        pinned=view.pinned,
        created_at=view.created_at,
    )


async def _api(call: Callable[[], Awaitable[T]]) -> T:
    """An API error becomes a tool error with the API's code (the model reads it), not a crash."""
    try:
        return await call()
    except EngramError as exc:
        details = f" {json.dumps(exc.details, ensure_ascii=False)}" if exc.details else ""
        raise ToolError(f"{exc.code}: {exc.message}{details}") from exc


Persona = Annotated[
    str | None, Field(description="The persona (assistant) whose memory this is; default: the server's ENGRAM_PERSONA")
]
Session = Annotated[str | None, Field(description="The conversation; default: the server's ENGRAM_SESSION")]
MemoryType = Literal["fact", "preference", "constraint", "decision", "todo", "timeline", "profile", "note", "summary"]

READ = ToolAnnotations(read_only_hint=True, open_world_hint=False)


def build_server(config: McpConfig, client: AsyncEngramClient | None = None) -> tuple[MCPServer, AsyncEngramClient]:
    """The MCP server and the Engram client its tools use (close it when the server stops)."""
    engram = client or config.client()
    server: MCPServer = MCPServer("engram", instructions=INSTRUCTIONS, version="0.1.0")

    @server.tool(annotations=READ)
    async def search_memories(
        query: Annotated[str, Field(min_length=1, max_length=2000, description="What to look for, in any words")],
        k: Annotated[int, Field(ge=1, le=50, description="At most this many results")] = 5,
        persona: Persona = None,
    ) -> SearchResult:
        """Search the user's long-term memories by meaning and words; best matches first."""
        persona_id = persona or config.persona
        found = await _api(lambda: engram.search_memories(query, persona_id=persona_id, limit=k))
        hits = [SearchHit(**_item(r.memory).model_dump(), score=r.score, from_kb=r.from_kb) for r in found.results[:k]]
        return SearchResult(query=query, persona_id=persona_id, results=hits)

    @server.tool(annotations=READ)
    async def get_context(
        question: Annotated[str, Field(min_length=1, description="The user's message to answer")],
        persona: Persona = None,
        session: Session = None,
    ) -> ContextResult:
        """The prompt Engram assembles for the user's message: system message with remembered facts,
        conversation summary, recent rounds, the message itself; and the gate's decision on whether
        long-term memory was needed. Stores no round (the memories used count as accessed, as in a
        chat): call record_turn after answering."""
        persona_id, session_id = persona or config.persona, session or config.session
        ctx = await _api(lambda: engram.context(persona_id, session_id, question))
        return ContextResult(
            persona_id=persona_id,
            session_id=session_id,
            messages=[PromptMessage(role=msg.role, content=msg.content) for msg in ctx.messages],
            gate=Gate(decision=ctx.gate.decision, reason=ctx.gate.reason, language=ctx.gate.language),
            memory_ids=ctx.memory_ids,
            total_tokens=ctx.total_tokens,
        )

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False))
    async def remember(
        fact: Annotated[str, Field(min_length=1, description="The fact to keep, as one self-contained sentence")],
        type: Annotated[MemoryType, Field(description="What kind of memory it is")] = "fact",
        importance: Annotated[
            float | None, Field(ge=0, le=1, description="0-1; how much it matters (default: the service's)")
        ] = None,
        pinned: Annotated[bool, Field(description="Put it in every prompt of the persona (a core fact)")] = False,
        persona: Persona = None,
    ) -> RememberResult:
        """Store a fact in the user's long-term memory (PII is masked as the API does)."""
        persona_id = persona or config.persona
        created = await _api(
            lambda: engram.create_memory(persona_id, summary=fact, type=type, importance=importance, pinned=pinned)
        )
        return RememberResult(memory=_item(created.memory), archived=created.archived)

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False))
    async def record_turn(
        user: Annotated[str, Field(min_length=1, description="What the user said")],
        assistant: Annotated[str, Field(min_length=1, description="What you answered")],
        persona: Persona = None,
        session: Session = None,
        idempotency_key: Annotated[
            str | None,
            Field(
                min_length=1,
                max_length=128,
                description="Any unique string for this round; sending the same one again (a retry) records "
                "it once. Without it each call records a round.",
            ),
        ] = None,
    ) -> TurnResult:
        """Record a finished round of the conversation (the user's message and your answer), so Engram
        keeps the session and learns what is worth remembering from it."""
        persona_id, session_id = persona or config.persona, session or config.session
        turn = await _api(
            lambda: engram.record_turn(persona_id, session_id, user, assistant, idempotency_key=idempotency_key)
        )
        return TurnResult(
            persona_id=persona_id,
            session_id=session_id,
            seq=turn.turn.seq,
            turn_count=turn.turn_count,
            duplicate=turn.duplicate,
            session_ended=turn.session_ended,
        )

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True))
    async def forget(
        memory_id: Annotated[str, Field(min_length=1, description="The memory's id (from search or list)")],
    ) -> ForgetResult:
        """Delete one memory for good."""
        deleted = await _api(lambda: engram.delete_memory(memory_id))
        return ForgetResult(memory_id=deleted.memory_id, deleted=deleted.deleted)

    @server.tool(annotations=READ)
    async def list_recent_memories(
        limit: Annotated[int, Field(ge=1, le=100, description="At most this many memories")] = 10,
        persona: Persona = None,
    ) -> RecentMemories:
        """The persona's most recent long-term memories, newest first."""
        persona_id = persona or config.persona
        page = await _api(lambda: engram.list_memories(persona_id=persona_id, limit=limit))
        return RecentMemories(persona_id=persona_id, total=page.total, memories=[_item(v) for v in page.memories])

    return server, engram


def serve(config: McpConfig) -> None:
    """Runs the server on stdin / stdout until the client closes it (logs go to stderr)."""
    logging.getLogger("httpx").setLevel(logging.WARNING)  # not a line per API call
    server, engram = build_server(config)

    async def run() -> None:
        async with engram:
            await server.run_stdio_async()

    anyio.run(run)
