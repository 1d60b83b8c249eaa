"""S4 rolling summary and S6 session summary.

Rolling: every `summary_every_rounds` unsummarized rounds (or when they exceed
`summary_trigger_tokens`) fold into the running summary. The cursor commit is a
compare-and-swap, so no round is lost or summarized twice. In the service a
conversation's jobs run one at a time (one SQS FIFO group), so no lease is needed
and the common case costs: nothing (not due, known from the append), or one read,
one query and one conditional write per chunk. With `use_lease` (several workers
on one conversation) a short lease also keeps them from calling the model twice.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engram.conversation.models import SessionStatus, SummaryProgress, Turn
from engram.conversation.ports import ConversationStore, Summarizer
from engram.kernel.clock import Clock
from engram.kernel.errors import LlmFailure
from engram.kernel.keys import SessionKey
from engram.kernel.ports import MetricsSink, TokenCounter
from engram.language.masking import mask_text

if TYPE_CHECKING:  # type only: pydantic-settings is imported when the settings are read, not here
    from engram.settings import Settings

logger = logging.getLogger(__name__)

SUMMARY_LEASE = "summary"
LEASE_TTL_S = 120.0
MAX_CAS_LOSSES = 5  # concurrent folds (only outside FIFO order) give up after this many lost races


@dataclass(frozen=True, slots=True)
class ChunkCommitted:
    first: int
    last: int
    input_tokens: int
    summary_tokens: int


class RollingSummarizer:
    def __init__(
        self,
        store: ConversationStore,
        summarizer: Summarizer,
        counter: TokenCounter,
        settings: Settings,
        clock: Clock,
        metrics: MetricsSink,
        use_lease: bool = True,
    ) -> None:
        self._store = store
        self._summarizer = summarizer
        self._counter = counter
        self._s = settings
        self._clock = clock
        self._metrics = metrics
        self._use_lease = use_lease

    def _due(self, p: SummaryProgress) -> int | None:
        """The last round of the next chunk to fold in, or None when nothing is due."""
        pending = p.turn_count - p.summary_cursor
        if pending >= self._s.summary_every_rounds:
            return p.summary_cursor + self._s.summary_every_rounds
        if pending > 0 and p.pending_tokens > self._s.summary_trigger_tokens:
            return p.turn_count
        return None

    def run(self, key: SessionKey, hint: SummaryProgress | None = None) -> list[ChunkCommitted]:
        """Fold every due chunk; returns what this worker committed.

        `hint` (from the append that just happened) lets the common case — nothing
        due — finish without reading the store.
        """
        if not self._use_lease:
            if hint is not None and self._due(hint) is None:
                return []
            return self._fold(key, hint)
        committed: list[ChunkCommitted] = []
        holder = uuid.uuid4().hex
        for attempt in range(3):  # re-check after releasing the lease: a writer may have added a round meanwhile
            if attempt == 0 and hint is not None:
                progress: SummaryProgress | None = hint
            else:
                meta = self._store.get_meta(key, self._clock.now())
                progress = meta.progress if meta else None
            if progress is None or self._due(progress) is None:
                return committed
            if self._use_lease and not self._store.try_lease(
                key, SUMMARY_LEASE, holder, LEASE_TTL_S, self._clock.now()
            ):
                return committed  # the holder re-checks after it releases
            try:
                committed += self._fold(key)
            finally:
                if self._use_lease:
                    self._store.release_lease(key, SUMMARY_LEASE, holder)
        return committed

    def _tokens(self, turns: list[Turn]) -> int:
        return sum(self._counter.count(t.user_text) + self._counter.count(t.assistant_text) for t in turns)

    def _fold(self, key: SessionKey, hint: SummaryProgress | None = None) -> list[ChunkCommitted]:
        done: list[ChunkCommitted] = []
        lost = 0
        loaded: list[Turn] | None = None
        if hint is not None:  # one Query: the rounds after the cursor the append saw, and the META
            meta, loaded = self._store.tail(key, hint.generation, hint.summary_cursor + 1, self._clock.now())
            if meta is not None and meta.generation != hint.generation:
                loaded = None
        else:
            meta = self._store.get_meta(key, self._clock.now())
        while True:
            now = self._clock.now()
            last = self._due(meta.progress) if meta else None
            if meta is None or last is None or meta.status == SessionStatus.ENDED:
                return done  # nothing due, or the run ended: its session memory covers every round
            first = meta.summary_cursor + 1
            chunk = (
                [t for t in loaded if first <= t.seq <= last]
                if loaded is not None and loaded and loaded[0].seq <= first
                else self._store.turns_between(key, meta.generation, first, last, now)
            )
            try:
                # P5: the rounds are read masked whole, and the summary is masked again on the way out
                masked = [t.masked() for t in chunk]
                summary = self._summarizer.summarize_rounds(meta.summary, masked, self._s.summary_max_tokens)
                if self._counter.count(summary) > self._s.summary_max_tokens:
                    summary = self._summarizer.compress(summary, self._s.summary_max_tokens)
                summary = mask_text(summary)
            except LlmFailure:
                # The rounds stay unsummarized and are retried after the next turn: nothing is lost.
                self._metrics.put("llm_failure", kind="rolling_summary")
                logger.warning("rolling summary failed", extra={"session_rounds": len(chunk)})
                return done
            input_tokens = self._tokens(chunk)
            if not self._store.commit_summary(
                key, meta.generation, meta.summary_cursor, last, summary, self._clock.now(), folded_tokens=input_tokens
            ):
                # Another worker moved the cursor: discard our work, then look again — rounds it
                # did not see (appended after it read) must still be folded by someone.
                self._metrics.put("summary_cas_lost")
                lost += 1
                if lost > MAX_CAS_LOSSES:
                    return done
                meta = self._store.get_meta(key, self._clock.now())
                continue
            done.append(ChunkCommitted(meta.summary_cursor + 1, last, input_tokens, self._counter.count(summary)))
            self._metrics.put("summary_triggered")
            if self._use_lease:  # other workers gave up to the lease holder: it drains what is due now
                meta = self._store.get_meta(key, self._clock.now())
                continue
            # What we just committed, without reading it back; rounds appended meanwhile are
            # folded by their own job (its hint says so).
            meta = replace(
                meta,
                summary=summary,
                summary_cursor=last,
                summary_version=meta.summary_version + 1,
                pending_tokens=meta.pending_tokens - input_tokens,
            )
