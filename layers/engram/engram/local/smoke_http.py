"""The smoke suite's HTTP side: plain JSON calls to any Engram base URL (urllib, a bearer token),
and the two ways a journey stops early: a check that did not hold, or a check it cannot make."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

REQUEST_TIMEOUT_S = 60.0  # a full turn with OpenAI takes seconds; this bounds a hung connection
NUDGE_EVERY_S = 5.0
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})

T = TypeVar("T")


class JourneyFailed(Exception):
    """A check did not hold; the message is the table's detail."""


class Unreachable(JourneyFailed):
    """No answer at all (refused, timed out): the cleanup would get none either."""


class JourneySkipped(Exception):
    """The journey cannot be checked with what was given (the message says what it needs)."""


@dataclass(frozen=True, slots=True)
class Reply:
    status: int
    body: Any

    @property
    def error(self) -> str:
        """The API's error as `CODE: message`, or the status alone."""
        error = self.body.get("error") if isinstance(self.body, dict) else None
        if isinstance(error, dict):
            return f"{error.get('code')}: {error.get('message')}"
        return f"HTTP {self.status}"


def is_loopback(url: str) -> bool:
    return (urlsplit(url).hostname or "") in LOOPBACK


@dataclass(frozen=True, slots=True)
class Api:
    base_url: str
    token: str | None = None

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.base_url + path, data=data, method=method)  # noqa: S310 - http(s) checked
        request.add_header("content-type", "application/json")
        if self.token:
            request.add_header("authorization", f"Bearer {self.token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT_S) as response:  # noqa: S310
                return Reply(response.status, _json(response.read()))
        except urllib.error.HTTPError as exc:
            return Reply(exc.code, _json(exc.read()))
        except (urllib.error.URLError, OSError) as exc:
            reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
            raise Unreachable(f"{method} {path.split('?')[0]}: no answer from {self.base_url} ({reason})") from exc

    def expect(self, status: int | tuple[int, ...], method: str, path: str, body: Any = None) -> Any:
        """The call's body when the status is the one expected, else the journey fails with the API's error."""
        reply = self.call(method, path, body)
        wanted = (status,) if isinstance(status, int) else status
        if reply.status not in wanted:
            raise JourneyFailed(f"{method} {path.split('?')[0]} answered {reply.status} ({reply.error})")
        return reply.body


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw or b"null")
    except ValueError:
        return {"text": raw[:200].decode(errors="replace")}


def check(condition: bool, detail: str) -> None:
    if not condition:
        raise JourneyFailed(detail)


def wait_for(
    probe: Callable[[], T | None],
    *,
    what: str,
    timeout_s: float,
    poll_s: float,
    nudge: Callable[[], None] | None = None,
) -> tuple[T, int]:
    """Polls `probe` until it gives something (returned with the number of polls), at most
    `timeout_s`. `nudge`, every NUDGE_EVERY_S of waiting: the smoke's own local stack runs the job
    itself when the run a request started has not finished it, instead of waiting for the schedule."""
    deadline = time.monotonic() + timeout_s
    nudged = time.monotonic()
    polls = 0
    while True:
        polls += 1
        found = probe()
        if found is not None:
            return found, polls
        if time.monotonic() >= deadline:
            raise JourneyFailed(f"{what}: not within {timeout_s:g} s ({polls} polls)")
        if nudge is not None and time.monotonic() - nudged >= NUDGE_EVERY_S:
            nudge()
            nudged = time.monotonic()
        time.sleep(poll_s)


def download(url: str, allow_file: bool) -> bytes:
    """A document behind a link the API gave: https (a presigned S3 GET), or a file:// link when
    the stack is on this machine (the local export archive)."""
    scheme = urlsplit(url).scheme
    if scheme == "file":
        if not allow_file:
            raise JourneyFailed("the export link is a file:// URL but the stack is not on this machine")
        return Path(urllib.request.url2pathname(urlsplit(url).path)).read_bytes()
    if scheme not in ("https", "http"):
        raise JourneyFailed(f"the export link has an unexpected scheme: {scheme or url[:40]}")
    try:
        with urllib.request.urlopen(url, timeout=REQUEST_TIMEOUT_S) as response:  # noqa: S310 - scheme checked
            data: bytes = response.read()
            return data
    except (urllib.error.URLError, OSError) as exc:
        raise JourneyFailed(f"the export link did not download ({exc})") from exc
