"""W4: LINE's `unsend` (the user withdrew a message; LINE asks bots to honour it). The round the
message made leaves the conversation (history and log; its request marker keeps no answer),
long-term memory forgets what it made of it (memory/withdrawal.py: the round's memory, facts,
thread and session memories naming it, their index documents), and a rolling summary that had
folded the round in is recomputed from the rounds that remain. One log line says what went
(ids and counts, no content); the memories' lifecycle log says "unsend" for each."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from engram.conversation.ports import ConversationStore, Summarizer
from engram.kernel.clock import Clock
from engram.kernel.ids import request_id
from engram.kernel.keys import SessionKey
from engram.kernel.ports import MetricsSink
from engram.language.masking import mask_text
from engram.line.ports import RoundMemories
from engram.memory.models import round_memory_id
from engram.settings import Settings

logger = logging.getLogger(__name__)


def client_keys(message_id: str) -> list[str]:
    """The idempotency keys a LINE message's turn ran under: a text's, a voice message's."""
    return [f"line-msg-{message_id}", f"audio:line-{message_id}"]


@dataclass
class UnsendRounds:
    store: ConversationStore
    memories: RoundMemories
    summarizer: Summarizer
    settings: Settings
    clock: Clock
    metrics: MetricsSink

    def withdraw(self, key: SessionKey, message_id: str) -> bool:
        """False when the message made no round here (a sticker, a message never answered)."""
        now = self.clock.now()
        for client_key in client_keys(message_id):
            rid = request_id(key, "", 0, client_key)
            marker = self.store.get_request(key, rid, now)
            if marker is not None and marker.state == "completed" and marker.seq:
                break
        else:
            return False
        generation, seq = marker.generation, marker.seq
        meta = self.store.get_meta(key, now)
        removed = self.store.withdraw_round(key, generation, seq, rid)
        forgotten = self.memories.forget_round(
            key.owner, key.persona_id, round_memory_id(key, generation, seq), f"{key.session_id}:{generation}:{seq}"
        )
        resummarized = False
        if meta is not None and meta.generation == generation and seq <= meta.summary_cursor and meta.summary:
            rest = [t.masked() for t in self.store.turns_between(key, generation, 1, meta.summary_cursor, now)]
            # P5: the rounds read masked, the summary masked again on the way out
            folded = self.summarizer.summarize_rounds("", rest, self.settings.summary_max_tokens) if rest else ""
            summary = mask_text(folded)
            resummarized = self.store.rewrite_summary(key, generation, meta.summary_cursor, summary)
        self.metrics.put("line_unsend_rounds")
        logger.info(
            "LINE unsend: round withdrawn",
            extra={
                "request_id": rid,
                "round_removed": removed,
                "memories_forgotten": len(forgotten),
                "memory_ids": forgotten,
                "summary_recomputed": resummarized,
            },
        )
        return True
