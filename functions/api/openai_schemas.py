"""Bodies of the OpenAI-compatible door (/openai/v1/...): OpenAI's Chat Completions shapes.

The request takes what the official clients send; a parameter this door does not serve is a 400
in OpenAI's error shape (routes/openai_compat.py), never ignored in silence. Messages are kept
as the client wrote them (extra fields included) and reach the model unchanged.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.config import JsonDict

from engram.kernel import door_limits

from .schemas import ID_PATTERN, OWNER_ID_PATTERN, WHOLE_NUMBER, UsedMemoryView

# The parameters the model receives as the client sent them (tools and tool_choice included).
PASSED_TO_MODEL = (
    "tools",
    "tool_choice",
    "parallel_tool_calls",
    "temperature",
    "top_p",
    "max_tokens",
    "max_completion_tokens",
    "stop",
    "presence_penalty",
    "frequency_penalty",
    "seed",
    "response_format",
)

# The round needs a user message with text somewhere in `messages` (said in the schema, so a
# request the schema calls valid is answered).
_TEXT_PART: JsonDict = {
    "type": "object",
    "properties": {"type": {"const": "text"}, "text": {"type": "string", "pattern": r"\S"}},
    "required": ["type", "text"],
}
_HAS_USER_TEXT: JsonDict = {
    "contains": {
        "type": "object",
        "properties": {
            "role": {"const": "user"},
            "content": {"anyOf": [{"type": "string", "pattern": r"\S"}, {"type": "array", "contains": _TEXT_PART}]},
        },
        "required": ["role", "content"],
    }
}


# OpenAI's own bounds: at most 4 stop sequences; metadata of at most 16 pairs, keys of at most 64
# characters, string values of at most 512.
MAX_STOP = 4
MAX_STOP_CHARS = 256
MAX_METADATA_PAIRS = 16
MAX_METADATA_KEY_CHARS = 64
MAX_METADATA_VALUE_CHARS = 512


# Strict, as the API's own bodies (schemas._Strict): a value means what its JSON type says.
class _Open(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="allow", strict=True)


class _Closed(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid", strict=True)


class ChatMessage(_Open):
    """One message, as OpenAI defines it; fields this model does not name pass through too."""

    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = Field(
        default=None, description="Text, or content parts ({type: text, text} and others, passed through)"
    )
    name: str | None = None
    tool_calls: list[dict[str, Any]] | None = Field(default=None, description="An assistant's tool calls")
    tool_call_id: str | None = Field(default=None, description="A tool message: the call it answers")


class StreamOptions(_Closed):
    include_usage: bool | None = Field(default=None, description="A last chunk with usage and no choices")


class DoorMetadata(_Open):
    """OpenAI's metadata map; Engram reads two keys (the X-Engram-* headers win over them)."""

    engram_persona: str | None = Field(default=None, min_length=1, max_length=128, pattern=OWNER_ID_PATTERN)
    engram_session: str | None = Field(default=None, min_length=1, max_length=128, pattern=ID_PATTERN)
    # Other keys: strings, as OpenAI takes them (bounded there as here).
    __pydantic_extra__: dict[str, Annotated[str, Field(max_length=MAX_METADATA_VALUE_CHARS)]] = Field(init=False)

    model_config = ConfigDict(
        json_schema_extra={
            "maxProperties": MAX_METADATA_PAIRS,
            "propertyNames": {"maxLength": MAX_METADATA_KEY_CHARS},
        }
    )

    @model_validator(mode="before")
    @classmethod
    def _bounded(cls, data: Any) -> Any:
        if isinstance(data, dict):
            if len(data) > MAX_METADATA_PAIRS:
                raise ValueError(f"at most {MAX_METADATA_PAIRS} pairs")
            if any(len(str(k)) > MAX_METADATA_KEY_CHARS for k in data):
                raise ValueError(f"keys of at most {MAX_METADATA_KEY_CHARS} characters")
        return data


class ChatCompletionRequest(_Closed):
    model: str = Field(
        min_length=1,
        max_length=256,
        description="`engram` (the deployment's chat model) or one GET /openai/v1/models lists",
        examples=["engram"],
    )
    messages: list[ChatMessage] = Field(
        min_length=1,
        json_schema_extra={**_HAS_USER_TEXT, "maxItems": door_limits.MAX_MESSAGES},
        description="The client's own messages: system prompt and the history it keeps. Engram adds its "
        "memory context after the system messages and, when no earlier round is sent, its session window. "
        f"At most {door_limits.MAX_MESSAGES} messages and "
        f"{door_limits.MAX_MESSAGE_CHARS} characters as JSON (deployment defaults).",
    )
    stream: bool | None = Field(default=None, description="Server-sent events (delivered whole: see docs)")
    stream_options: StreamOptions | None = None
    n: Annotated[int, Field(ge=1, le=1), WHOLE_NUMBER] | None = Field(default=None, description="One choice only")
    tools: list[dict[str, Any]] | None = Field(
        default=None,
        json_schema_extra={"maxItems": door_limits.MAX_TOOLS},
        description=f"Passed to the model unchanged. At most {door_limits.MAX_TOOLS} tools and "
        f"{door_limits.MAX_TOOLS_BYTES} characters as JSON (deployment defaults; the same bound "
        "for tool_choice and response_format).",
    )
    tool_choice: str | dict[str, Any] | None = Field(default=None, description="Passed to the model unchanged")
    parallel_tool_calls: bool | None = None
    temperature: float | None = Field(default=None, ge=0, le=2)
    top_p: float | None = Field(default=None, ge=0, le=1)
    max_tokens: Annotated[int, Field(ge=1), WHOLE_NUMBER] | None = None
    max_completion_tokens: Annotated[int, Field(ge=1), WHOLE_NUMBER] | None = None
    stop: (
        Annotated[str, Field(max_length=MAX_STOP_CHARS)]
        | Annotated[list[Annotated[str, Field(max_length=MAX_STOP_CHARS)]], Field(max_length=MAX_STOP)]
        | None
    ) = Field(default=None, description=f"Up to {MAX_STOP} sequences, as OpenAI takes them")
    presence_penalty: float | None = Field(default=None, ge=-2, le=2)
    frequency_penalty: float | None = Field(default=None, ge=-2, le=2)
    seed: Annotated[int, WHOLE_NUMBER] | None = None
    response_format: dict[str, Any] | None = None
    user: str | None = Field(default=None, max_length=256, description="Accepted and not used (the caller is)")
    metadata: DoorMetadata | None = None


# --- responses -------------------------------------------------------------------------


class EngramView(BaseModel):
    """What Engram did for this answer."""

    request_id: str
    persona_id: str
    session_id: str
    gate: Literal["USE", "SKIP"] = Field(description="Whether long-term memory was searched for this message")
    gate_reason: str
    memories: list[UsedMemoryView] = Field(description="What entered the prompt, and why")
    recorded: bool = Field(description="The round was stored (false: the model answered with tool calls)")
    deduplicated: bool = Field(description="The stored answer of an earlier copy of this request (D1)")


class ResponseMessage(BaseModel):
    role: Literal["assistant"]
    content: str | None
    tool_calls: list[dict[str, Any]] | None = None
    refusal: str | None = None


class Choice(BaseModel):
    index: int
    message: ResponseMessage
    finish_reason: str
    logprobs: None = None


class Usage(BaseModel):
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class ChatCompletion(BaseModel):
    id: str
    object: Literal["chat.completion"]
    created: int
    model: str
    choices: list[Choice]
    usage: Usage
    engram: EngramView


class ModelCard(BaseModel):
    id: str
    object: Literal["model"]
    created: int
    owned_by: str


class ModelList(BaseModel):
    object: Literal["list"]
    data: list[ModelCard]


class OpenAIErrorBody(BaseModel):
    message: str
    type: str
    param: str | None
    code: str | None


class OpenAIErrorResponse(BaseModel):
    error: OpenAIErrorBody
