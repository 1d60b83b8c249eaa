"""Request ids (D1), job group ids and validated identifiers."""

from __future__ import annotations

import hashlib
import re

from engram.kernel.errors import ValidationFailed
from engram.kernel.keys import SessionKey

# fullmatch, not match: "$" would let a trailing newline through. No '#': keys stay unambiguous.
ID_PATTERN = re.compile(r"[A-Za-z0-9_.:@-]{1,128}")


# Owner ids that start with "_" belong to the service (the knowledge base's owner is one):
# no caller may name them, on any route.
RESERVED_KINDS = frozenset({"tenant", "tenant_id", "user_id", "persona_id"})


# A channel's users live in the channel's namespace: a LINE user is "line:" + LINE's user id
# (U + 32 lowercase hex), never a bare id an API caller could also name. Only the channel itself
# and the backends of its tenant name them; an end user's token never does (functions/api/auth.py).
LINE_NAMESPACE = "line:"
LINE_USER_ID = re.compile(r"line:U[0-9a-f]{32}")


def in_channel_namespace(user_id: str) -> bool:
    """Whether an id names a channel's user ("line:…", in any case): an end user's token may not."""
    return user_id[: len(LINE_NAMESPACE)].lower() == LINE_NAMESPACE


def check_id(kind: str, value: str) -> str:
    if not ID_PATTERN.fullmatch(value):
        raise ValidationFailed(f"invalid {kind}", details={"field": kind})
    if kind in RESERVED_KINDS and value.startswith("_"):
        raise ValidationFailed(f"{kind} must not start with '_' (reserved)", details={"field": kind})
    if kind == "user_id" and in_channel_namespace(value) and not LINE_USER_ID.fullmatch(value):
        raise ValidationFailed("a LINE user id is 'line:U' and 32 lowercase hex digits", details={"field": kind})
    return value


def _sha1(text: str) -> str:
    return hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()


def conversation_scope(key: SessionKey) -> str:
    """A conversation is (tenant, user, persona, session): dedup and ordering are scoped to it."""
    return f"{key.tenant_id}|{key.user_id}|{key.persona_id}|{key.session_id}"


def request_id(key: SessionKey, text: str, now_ms: int, client_key: str | None = None) -> str:
    """D1: the client's idempotency key scoped to the conversation; without one, a new id for
    this text at this instant. Which earlier request a text repeats is the dedup window's to
    say (`dedup_key`): a sliding window, not a clock bucket that a repeat 0.2 s later can
    fall on the other side of. The same words sent to two personas or two sessions are two
    requests."""
    scope = conversation_scope(key)
    if client_key:
        return "k-" + _sha1(f"{scope}|{client_key}")
    return "t-" + _sha1(f"{scope}|{text}|{now_ms}")


def dedup_key(key: SessionKey, text: str) -> str:
    """D1: what a repeat of a text in a conversation shares with the first: sha1(tenant | user |
    persona | session | text), without time. Its window item names the request the text
    started for `dedup_window_ms` after it was accepted."""
    return "w-" + _sha1(f"{conversation_scope(key)}|{text}")


def job_group(key: SessionKey) -> str:
    """SQS FIFO message group of a conversation: a hash, so the longest ids (4 x 128
    characters) stay far below SQS's 128-character limit."""
    return "c-" + _sha1(conversation_scope(key))


def user_job_group(tenant_id: str, user_id: str) -> str:
    """Message group of jobs that touch a user's memories across conversations (access counts)."""
    return "u-" + _sha1(f"{tenant_id}|{user_id}")
