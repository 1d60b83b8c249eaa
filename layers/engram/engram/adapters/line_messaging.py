"""The LINE Messaging API over HTTPS with the standard library: reply, push (with
X-Line-Retry-Key), loading animation, content download. 429 and 5xx are retried
`line_http_attempts` times, waiting what Retry-After says (capped) or a backoff; a used or
expired reply token (400 "Invalid reply token") is ReplyTokenInvalid, so the caller pushes.
Why not line-bot-sdk: its client is generated code over urllib3 and pydantic models that the
four calls here do not need, at several times the import cost (docs/architecture.md §LINE)."""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from engram.line.ports import LineUnavailable, ReplyTokenInvalid


class HttpLineMessenger:
    def __init__(
        self,
        api_base: str,
        data_api_base: str,
        *,
        attempts: int = 3,
        timeout_s: float = 5.0,
        max_wait_s: float = 30.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._api = api_base.rstrip("/")
        self._data = data_api_base.rstrip("/")
        self._attempts = attempts
        self._timeout = timeout_s
        self._max_wait = max_wait_s
        self._sleep = sleep

    def reply(self, access_token: str, reply_token: str, texts: list[str]) -> None:
        body = {"replyToken": reply_token, "messages": [{"type": "text", "text": t} for t in texts]}
        self._call("POST", f"{self._api}/v2/bot/message/reply", access_token, body)

    def push(self, access_token: str, to: str, texts: list[str], retry_key: str) -> None:
        body = {"to": to, "messages": [{"type": "text", "text": t} for t in texts]}
        try:
            self._call("POST", f"{self._api}/v2/bot/message/push", access_token, body, {"X-Line-Retry-Key": retry_key})
        except LineUnavailable as exc:
            if exc.details.get("status") == 409:  # this retry key was accepted before: delivered once
                return
            raise

    def loading(self, access_token: str, user_id: str, seconds: int) -> None:
        body = {"chatId": user_id, "loadingSeconds": max(5, min(60, seconds - seconds % 5))}
        self._call("POST", f"{self._api}/v2/bot/chat/loading/start", access_token, body, attempts=1)

    def content(self, access_token: str, message_id: str) -> bytes:
        return self._call("GET", f"{self._data}/v2/bot/message/{message_id}/content", access_token, None)

    def _call(
        self,
        method: str,
        url: str,
        token: str,
        body: dict[str, Any] | None,
        headers: dict[str, str] | None = None,
        attempts: int | None = None,
    ) -> bytes:
        data = json.dumps(body, ensure_ascii=False).encode() if body is not None else None
        all_headers = {"Authorization": f"Bearer {token}", **(headers or {})}
        if data is not None:
            all_headers["Content-Type"] = "application/json"
        tries = attempts or self._attempts
        for attempt in range(tries):
            request = urllib.request.Request(url, data=data, method=method, headers=all_headers)  # noqa: S310 - https API / local stand-in
            try:
                with urllib.request.urlopen(request, timeout=self._timeout) as response:  # noqa: S310
                    return bytes(response.read())
            except urllib.error.HTTPError as exc:
                status, text = exc.code, exc.read().decode(errors="replace")[:500]
                if status == 400 and "reply token" in text.lower():
                    raise ReplyTokenInvalid("the reply token expired or was used") from exc
                if status != 429 and status < 500:
                    raise LineUnavailable("LINE refused the request", details={"status": status}) from exc
                if attempt + 1 == tries:
                    raise LineUnavailable("LINE kept failing", details={"status": status}) from exc
                self._sleep(self._wait(exc.headers.get("Retry-After"), attempt))
            except (urllib.error.URLError, TimeoutError, OSError) as exc:
                if attempt + 1 == tries:
                    raise LineUnavailable("LINE is unreachable", details={"status": 0}) from exc
                self._sleep(self._wait(None, attempt))
        raise LineUnavailable("LINE kept failing", details={"status": 0})  # unreachable: attempts >= 1

    def _wait(self, retry_after: str | None, attempt: int) -> float:
        if retry_after:
            try:
                return min(self._max_wait, max(0.0, float(retry_after)))
            except ValueError:
                pass
        return min(self._max_wait, random.uniform(0, 0.2 * 2**attempt))
