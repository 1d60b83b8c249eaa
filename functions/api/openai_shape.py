"""The door's answers in OpenAI's shapes: a chat.completion, its server-sent events, the model list.

Streaming: the model is called once and the whole answer is sent as one text/event-stream body
(API Gateway HTTP APIs buffer a Lambda's response, so token-by-token delivery would not reach the
client anyway); the chunks are OpenAI's, so every client parses them as a stream.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from engram.kernel.keys import SessionKey

OWNER = "engram"


def completion(result: dict[str, Any], key: SessionKey, created: int, completion_tokens: int) -> dict[str, Any]:
    """A /chat-shaped result (ConversationService.chat_messages) as a chat.completion."""
    calls = result.get("tool_calls") or None
    usage = result.get("usage") or {}
    prompt = int(usage.get("prompt_tokens") or result.get("context_tokens") or 0)
    answered = int(usage.get("completion_tokens") or completion_tokens)
    gate = result.get("gate") or {}
    return {
        "id": "chatcmpl-" + str(result["request_id"]),
        "object": "chat.completion",
        "created": created,
        "model": str(result.get("model", "")),
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": result.get("reply") or (None if calls else ""),
                    "tool_calls": calls,
                    "refusal": None,
                },
                "finish_reason": str(result.get("finish_reason") or ("tool_calls" if calls else "stop")),
                "logprobs": None,
            }
        ],
        "usage": {"prompt_tokens": prompt, "completion_tokens": answered, "total_tokens": prompt + answered},
        "engram": {
            "request_id": str(result["request_id"]),
            "persona_id": key.persona_id,
            "session_id": key.session_id,
            "gate": gate.get("decision", "SKIP"),
            "gate_reason": str(gate.get("reason", "")),
            "memories": list(result.get("memories") or []),
            "recorded": bool(result.get("recorded", True)),
            "deduplicated": bool(result.get("deduplicated", False)),
        },
    }


def _chunks(body: dict[str, Any], include_usage: bool) -> Iterator[dict[str, Any]]:
    head = {"id": body["id"], "object": "chat.completion.chunk", "created": body["created"], "model": body["model"]}
    choice = body["choices"][0]
    message = choice["message"]

    def delta(content: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {**head, "choices": [{"index": 0, "delta": content, "finish_reason": finish, "logprobs": None}]}

    yield delta({"role": "assistant", "content": ""})
    if message["content"]:
        yield delta({"content": message["content"]})
    for i, call in enumerate(message["tool_calls"] or ()):
        yield delta({"tool_calls": [{"index": i, **call}]})
    yield {**delta({}, choice["finish_reason"]), "engram": body["engram"]}
    if include_usage:
        yield {**head, "choices": [], "usage": body["usage"]}


def event_stream(body: dict[str, Any], include_usage: bool) -> str:
    """The chat.completion as OpenAI's chunks, one `data:` event each, ending with [DONE]."""
    events = [f"data: {json.dumps(chunk, ensure_ascii=False)}\n\n" for chunk in _chunks(body, include_usage)]
    return "".join(events) + "data: [DONE]\n\n"


def model_list(names: list[str], created: int) -> dict[str, Any]:
    return {
        "object": "list",
        "data": [{"id": name, "object": "model", "created": created, "owned_by": OWNER} for name in names],
    }
