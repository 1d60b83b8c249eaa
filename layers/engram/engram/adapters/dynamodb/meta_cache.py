"""The session META this container last read or wrote, per conversation (bounded LRU).

An append starts from it instead of reading META: its transaction's condition names every
field the write depends on, so a copy another container (or the worker, an `end`, an erasure)
made stale fails the condition, which hands back the current META, and the append decides
again — one extra request, never a wrong write. A copy is only ever a guess.
"""

from __future__ import annotations

from engram.conversation.models import SessionMeta
from engram.kernel.keys import SessionKey
from engram.kernel.lru import Lru


class MetaCache(Lru[SessionKey, SessionMeta]):
    pass
