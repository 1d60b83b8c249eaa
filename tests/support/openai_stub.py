"""A local HTTP server that speaks the OpenAI chat-completions and embeddings protocol.

Tests point the real `openai` client at it (OPENAI_BASE_URL), so the adapter's
serialisation, timeouts and error handling run for real. Behaviour is scripted
per test: a reply function, and a number of failures to answer first.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import quicktok

Reply = Callable[[dict[str, Any]], str]
# The whole assistant message (tool calls, say) for a request; None: a text reply from `reply`
Message = Callable[[dict[str, Any]], dict[str, Any] | None]
_CL100K = quicktok.get_encoding("cl100k_base")  # the embedding models' encoding


def echo_reply(request: dict[str, Any]) -> str:
    return "stub reply to: " + request["messages"][-1]["content"][:80]


@dataclass
class StubState:
    reply: Reply = echo_reply
    message: Message | None = None
    fail_next: int = 0
    fail_status: int = 500
    delay_s: float = 0.0
    requests: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def calls(self, path: str = "/v1/chat/completions") -> list[dict[str, Any]]:
        with self.lock:
            return [r["body"] for r in self.requests if r["path"] == path]


class _Handler(BaseHTTPRequestHandler):
    state: StubState

    def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
        return

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length", "0"))
        raw = self.rfile.read(length)
        if self.path.endswith("/audio/transcriptions"):
            self._transcribe(raw)
            return
        body = json.loads(raw or b"{}")
        st = self.state
        with st.lock:
            st.requests.append({"path": self.path, "body": body, "auth": self.headers.get("authorization")})
            failing = st.fail_next > 0
            if failing:
                st.fail_next -= 1
        if st.delay_s:
            time.sleep(st.delay_s)
        if failing:
            self._send(st.fail_status, {"error": {"message": "stub failure", "type": "server_error"}})
            return
        if self.path.endswith("/chat/completions"):
            scripted = st.message(body) if st.message else None
            message = scripted or {"role": "assistant", "content": st.reply(body)}
            self._send(
                200,
                {
                    "id": "chatcmpl-stub",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": body.get("model", "stub"),
                    "choices": [
                        {
                            "index": 0,
                            "message": message,
                            "finish_reason": "tool_calls" if message.get("tool_calls") else "stop",
                        }
                    ],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
                },
            )
        elif self.path.endswith("/embeddings"):
            inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
            # The service's own limits: 8192 tokens an input, 300k a request (both answered with 400).
            sizes = [len(_CL100K.encode_ordinary(str(text))) for text in inputs]
            if max(sizes, default=0) > 8192 or sum(sizes) > 300_000:
                message = "This model's maximum context length is 8192 tokens"
                self._send(400, {"error": {"message": message, "type": "invalid_request_error"}})
                return
            dims = int(body.get("dimensions") or 8)
            data = []
            for i, text in enumerate(inputs):
                digest = hashlib.sha256(str(text).encode()).digest()
                vec = [(digest[j % len(digest)] - 128) / 128 for j in range(dims)]
                data.append({"object": "embedding", "index": i, "embedding": vec})
            self._send(
                200,
                {
                    "object": "list",
                    "data": data,
                    "model": body.get("model"),
                    "usage": {"prompt_tokens": 1, "total_tokens": 1},
                },
            )
        else:
            self._send(404, {"error": {"message": "unknown path"}})

    def _transcribe(self, raw: bytes) -> None:
        """Speech to text: the test's "audio" is UTF-8 speech written down, so the stub can hear it."""
        st = self.state
        audio = _file_part(raw, self.headers.get("content-type", ""))
        with st.lock:
            st.requests.append(
                {"path": self.path, "body": {"bytes": len(audio)}, "auth": self.headers.get("authorization")}
            )
        if st.delay_s:
            time.sleep(st.delay_s)
        self._send(200, {"text": audio.decode("utf-8", errors="replace")})


def _file_part(raw: bytes, content_type: str) -> bytes:
    """The uploaded file of a multipart/form-data body."""
    boundary = content_type.split("boundary=", 1)[1].strip('"').encode()
    for part in raw.split(b"--" + boundary):
        head, _, data = part.partition(b"\r\n\r\n")
        if b'name="file"' in head:
            return data.rsplit(b"\r\n", 1)[0]
    return b""


class OpenAIStub:
    def __init__(self) -> None:
        self.state = StubState()
        handler = type("Handler", (_Handler,), {"state": self.state})
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def __enter__(self) -> OpenAIStub:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
