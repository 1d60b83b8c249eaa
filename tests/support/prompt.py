"""What a prompt holds of long-term memory, for tests that ask through the conversation service."""

from __future__ import annotations

from engram.kernel.keys import SessionKey
from engram.memory.models import MemoryRecord, Namespace
from engram.wiring import Container


def memory_texts(c: Container, key: SessionKey, question: str, *, record_access: bool = False) -> list[str]:
    """The pinned facts (a job is a profile fact) and the retrieved items of the prompt for `question`."""
    _ctx, _, slot = c.conversation.context(key, question, record_access=record_access)
    return [item.text for item in (*slot.pinned, *slot.items)]


def stored_facts(c: Container, user: str) -> list[MemoryRecord]:
    """Every long-term fact of `user` in the default tenant, replaced ones included."""
    return c.memories.list("default", user, namespaces=(Namespace.MEMORY,), statuses=None)
