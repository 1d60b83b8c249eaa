"""A local stand-in for the LINE Messaging API (no internet): the real request formats of
reply, push (X-Line-Retry-Key), the loading animation and content download, checked the way
LINE checks them — the channel access token, a reply token valid once and for
`reply_token_ttl_s`, a retry key accepted once (409 after). It records what the bot sent, and
can be told to fail (429 with Retry-After, 5xx) so the retries and the dead-letter path can be
seen. `make run` starts it; `engram line send` and the tests use it."""

from __future__ import annotations

import base64
import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from engram.line.channels import LOCAL_TOKEN


@dataclass
class Sent:
    kind: str  # reply | push
    to: str  # the reply token, or the push target
    texts: list[str]
    at: float
    retry_key: str | None = None


@dataclass
class StandInState:
    access_token: str = LOCAL_TOKEN
    reply_token_ttl_s: float = 60.0
    sent: list[Sent] = field(default_factory=list)
    loading: list[str] = field(default_factory=list)
    tokens: dict[str, float] = field(default_factory=dict)  # reply token -> issued at
    contents: dict[str, bytes] = field(default_factory=dict)
    retry_keys: set[str] = field(default_factory=set)
    failures: dict[str, list[tuple[int, str | None]]] = field(default_factory=dict)  # path -> scripted answers
    calls: list[tuple[str, float]] = field(default_factory=list)  # (path, time) of every API call
    lock: threading.Lock = field(default_factory=threading.Lock)

    def issue_reply_token(self) -> str:
        token = uuid.uuid4().hex
        with self.lock:
            self.tokens[token] = time.monotonic()
        return token

    def fail(self, path: str, *answers: tuple[int, str | None]) -> None:
        """The next calls to `path` get these answers (status, Retry-After) before succeeding."""
        with self.lock:
            self.failures.setdefault(path, []).extend(answers)

    def replies_to(self, chat: str, tokens: set[str]) -> list[Sent]:
        with self.lock:
            return [
                s for s in self.sent if (s.kind == "push" and s.to == chat) or (s.kind == "reply" and s.to in tokens)
            ]


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _answer(
        self, status: int, body: Any = None, headers: dict[str, str] | None = None, raw: bytes | None = None
    ) -> None:
        payload = raw if raw is not None else json.dumps(body if body is not None else {}).encode()
        self.send_response(status)
        self.send_header("content-type", "application/octet-stream" if raw is not None else "application/json")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("content-length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def _body(self) -> dict[str, Any]:
        length = int(self.headers.get("content-length") or 0)
        data: dict[str, Any] = json.loads(self.rfile.read(length) or b"{}")
        return data

    def _scripted(self, path: str) -> bool:
        state = self.server.state
        with state.lock:
            state.calls.append((path, time.monotonic()))
            queue = state.failures.get(path)
            answer = queue.pop(0) if queue else None
        if answer is None:
            return False
        status, retry_after = answer
        self._answer(status, {"message": "scripted failure"}, {"Retry-After": retry_after} if retry_after else None)
        return True

    def _authorized(self) -> bool:
        if self.headers.get("authorization") != f"Bearer {self.server.state.access_token}":
            self._answer(401, {"message": "Authentication failed. Confirm that the access token is valid."})
            return False
        return True

    def do_GET(self) -> None:
        state = self.server.state
        if self.path == "/_standin/sent":
            with state.lock:
                self._answer(200, [s.__dict__ for s in state.sent])
            return
        if self.path.startswith("/v2/bot/message/") and self.path.endswith("/content"):
            if not self._authorized() or self._scripted("/v2/bot/message/content"):
                return
            message_id = self.path.split("/")[4]
            content = state.contents.get(message_id)
            self._answer(200, raw=content) if content is not None else self._answer(404, {"message": "Not found"})
            return
        self._answer(404, {"message": "Not found"})

    def do_POST(self) -> None:
        state = self.server.state
        body = self._body()
        if self.path == "/_standin/reply-token":
            self._answer(200, {"replyToken": state.issue_reply_token()})
            return
        if self.path == "/_standin/content":
            state.contents[str(body["id"])] = base64.b64decode(body["base64"])
            self._answer(200, {})
            return
        if not self._authorized() or self._scripted(self.path):
            return
        texts = [str(m.get("text", "")) for m in body.get("messages", [])]
        if self.path == "/v2/bot/message/reply":
            token = str(body.get("replyToken", ""))
            with state.lock:
                issued = state.tokens.pop(token, None)  # a reply token works once
                fresh = issued is not None and time.monotonic() - issued <= state.reply_token_ttl_s
                if fresh:
                    state.sent.append(Sent("reply", token, texts, time.time()))
            self._answer(200, {}) if fresh else self._answer(400, {"message": "Invalid reply token"})
            return
        if self.path == "/v2/bot/message/push":
            key = self.headers.get("x-line-retry-key") or ""
            with state.lock:
                seen = bool(key) and key in state.retry_keys
                if not seen:
                    state.retry_keys.add(key)
                    state.sent.append(Sent("push", str(body.get("to", "")), texts, time.time(), key or None))
            if seen:
                self._answer(409, {"message": "The retry key is already accepted"})
            else:
                self._answer(200, {"sentMessages": [{"id": uuid.uuid4().hex} for _ in texts]})
            return
        if self.path == "/v2/bot/chat/loading/start":
            with state.lock:
                state.loading.append(str(body.get("chatId", "")))
            self._answer(202, {})
            return
        self._answer(404, {"message": "Not found"})


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], state: StandInState) -> None:
        super().__init__(address, _Handler)
        self.state = state


class LineStandIn:
    def __init__(self, port: int = 0, host: str = "127.0.0.1") -> None:
        self.state = StandInState()
        self._server = _Server((host, port), self.state)
        self._thread = threading.Thread(target=self._server.serve_forever, name="line-standin", daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> LineStandIn:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
