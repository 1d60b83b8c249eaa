"""S5 threads and mid-term memory (seed 001).

A conversation is cut into threads: one starts on the first input, after `thread_idle_s` (10 min)
without a round, on a topic shift (the round's similarity to the thread below the threshold and
no word in common with it) or on an explicit change of topic ("by the way", "對了", "ところで",
"그런데"). A thread that closes — and the oldest rounds of one that outgrows the S3 hard cap (12)
— is flushed as one mid-term memory: an extractive summary of what the user said, its keywords,
the mean of its rounds' own unit vectors as embedding (unnormalised, no model call), searchable like any
memory for 30 days (TTL). The flush also applies L2's promotion rule to the facts extracted
during the thread: the top 70 % by importance stay long-term, the rest become mid-term (30-day
TTL) unless they are pinned or mentioned again (a merge promotes them).

Runs in the turn worker just before the round's memory is stored (the round marks the job done,
so a worker that dies in between leaves the thread step to the redelivery): a conversation's jobs
run one at a time (one FIFO group), and the thread item is written under its version, so a
redelivered job changes nothing twice (the flushed memory's id is derived from the rounds it covers).
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from engram.conversation.models import Turn
from engram.kernel.clock import Clock
from engram.kernel.errors import Conflict
from engram.kernel.keys import SessionKey
from engram.kernel.ports import MetricsSink
from engram.language.analysis import analyze, detect_language
from engram.language.packs import PACKS
from engram.language.sentences import split_sentences
from engram.language.topics import topics as topics_of
from engram.memory.models import MemoryRecord, MemoryStatus, MemoryType, Namespace, ThreadState
from engram.memory.ports import MemoryRepository, ThreadStore
from engram.memory.scoring import cosine
from engram.settings import Settings

# An explicit change of topic at the start of a message (or after a short interjection).
# (every language pack's `topic_change`, language/<code>/signals.py, in registry order).
TOPIC_CHANGE = re.compile("|".join(pack.signals.topic_change for pack in PACKS), re.IGNORECASE)


def explicit_topic_change(text: str) -> bool:
    return bool(TOPIC_CHANGE.search(text.strip()))


@dataclass(frozen=True, slots=True)
class ThreadStep:
    """What one round does to its conversation's threads, to be written by the caller."""

    state: ThreadState | None  # the thread to store (under its version); None: nothing changes
    memories: list[MemoryRecord]  # the flushed threads' mid-term memories (new items)
    flushes: list[Flush]
    expires_at: float  # the thread item's


@dataclass(frozen=True, slots=True)
class Flush:
    memory_id: str
    first_seq: int
    last_seq: int
    reason: str  # "idle" | "topic_shift" | "explicit" | "overflow"
    promoted: int
    kept_mid_term: int


def _normalised(v: Sequence[float]) -> list[float]:
    n = math.sqrt(sum(x * x for x in v)) or 1.0
    return [x / n for x in v]


def _mean_vector(rounds: Sequence[MemoryRecord]) -> list[float] | None:
    """The mean of the rounds' own unit vectors, not normalised: its inner product with a question
    is the rounds' mean cosine. A normalised centroid of unrelated rounds sits nearer every question
    than any one of them (a hub: "what's my job?" found four unrelated rounds' thread first)."""
    vectors = [_normalised(v) for r in rounds if (v := r.own_embedding or r.embedding)]
    if not vectors:
        return None
    return [sum(xs) / len(vectors) for xs in zip(*vectors, strict=True)]


MAX_WORDS = 200  # words of a thread kept for the lexical half of the shift test
_PRONOUNS = frozenset(ch for pack in PACKS for ch in pack.signals.pronouns)
# as the analyser gives them ("really" -> "realli"), the form content_words compares
_COMMON = frozenset(token for pack in PACKS for word in pack.signals.thread_stop_words for token in analyze(word))


def content_words(text: str) -> list[str]:
    """Analysed words worth comparing across rounds: Latin words of 3+ letters that are not
    function words, CJK bigrams without a personal pronoun (我今 / 私は say nothing of a topic)."""
    out = []
    for w in analyze(text):
        if w.isascii():
            if len(w) >= 3 and w not in _COMMON:
                out.append(w)
        elif not any(ch in _PRONOUNS for ch in w):
            out.append(w)
    return list(dict.fromkeys(out))


class ThreadTracker:
    def __init__(
        self,
        threads: ThreadStore,
        repo: MemoryRepository,
        settings: Settings,
        clock: Clock,
        metrics: MetricsSink,
        similarity_threshold: float,
    ) -> None:
        self._threads = threads
        self._repo = repo
        self._s = settings
        self._clock = clock
        self._metrics = metrics
        self._threshold = similarity_threshold

    def step(
        self,
        key: SessionKey,
        generation: int,
        turn: Turn,
        masked_text: str,
        vector: Sequence[float],
        new_fact_ids: Sequence[str],
        state: ThreadState | None,
        known: Mapping[str, MemoryRecord] | None = None,
    ) -> ThreadStep:
        """What the round does to the conversation's thread, from the thread as read (`state`),
        without writing it (the turn batch writes it with the round): the thread to store and the
        mid-term memories of the threads it flushes. `known`: round memories the caller read
        already (a flush reads only the others)."""
        now = self._clock.now()
        at = turn.created_at or now
        flushes: list[Flush] = []
        memories: list[MemoryRecord] = []
        words = content_words(masked_text)
        expires_at = now + self._s.conversation_log_ttl_s
        if state is not None and state.generation == generation and turn.seq <= state.last_seq:
            return ThreadStep(None, [], [], expires_at)  # a redelivered job: this round is in the thread already
        reason = self._boundary(state, generation, turn, at, vector, words)
        stored_version = state.version if state is not None else 0
        if state is not None and reason is not None:
            flushed = self._flush(key, state, state.last_seq, reason, now, known)
            if flushed is not None:
                flushes.append(flushed[0])
                memories.append(flushed[1])
            state = None
        if state is not None and state.start_seq > state.last_seq:  # closed with its run: start afresh
            state = None
        if state is None:  # a new thread replaces the stored one (under the stored item's version)
            state = ThreadState(
                generation,
                turn.seq,
                turn.seq,
                at,
                _normalised(vector),
                1,
                words[:MAX_WORDS],
                list(new_fact_ids),
                stored_version,
            )
        else:
            n = state.rounds
            centroid = [(c * n + v) / (n + 1) for c, v in zip(state.centroid, _normalised(vector), strict=False)]
            state = replace(
                state,
                last_seq=turn.seq,
                last_at=at,
                centroid=_normalised(centroid),
                rounds=n + 1,
                words=list(dict.fromkeys([*state.words, *words]))[-MAX_WORDS:],
                candidates=[*state.candidates, *new_fact_ids],
            )
        # S3: rounds past the hard cap leave the thread oldest-first as mid-term memory
        if state.last_seq - state.start_seq + 1 > self._s.recent_hard_cap:
            cut = state.last_seq - self._s.recent_window_rounds  # the rounds no longer in the prompt window
            flushed = self._flush(key, state, cut, "overflow", now, known)
            if flushed is not None:
                flushes.append(flushed[0])
                memories.append(flushed[1])
            state = replace(state, start_seq=cut + 1, candidates=[])
        return ThreadStep(state, memories, flushes, expires_at)

    def close_run(self, key: SessionKey, generation: int) -> Flush | None:
        """S6 ended the run (explicit end, idle, 20 rounds): its open thread is flushed now rather
        than when the user next writes."""
        state = self._threads.get(key)
        if state is None or state.generation != generation or state.start_seq > state.last_seq:
            return None
        now = self._clock.now()
        flushed = self._flush(key, state, state.last_seq, "session_end", now)
        flush = flushed[0] if flushed is not None else None
        if flushed is not None:
            self._repo.put_new(flushed[1])  # a replay finds it there
        closed = replace(state, start_seq=state.last_seq + 1, rounds=0, words=[], candidates=[])
        try:
            self._threads.put(key, closed, now + self._s.conversation_log_ttl_s)
        except Conflict:
            return flush  # a replay closed it: the flush has the same id
        return flush

    def _boundary(
        self,
        state: ThreadState | None,
        generation: int,
        turn: Turn,
        at: float,
        vector: Sequence[float],
        words: list[str],
    ) -> str | None:
        if state is None:
            return None  # the first input starts the first thread
        if state.generation != generation:
            return "new_run"
        if at - state.last_at >= self._s.thread_idle_s:
            return "idle"
        if explicit_topic_change(turn.user_text):
            return "explicit"
        shared = set(words) & set(state.words)
        if words and not shared and cosine(vector, state.centroid) < self._threshold:
            return "topic_shift"
        return None

    def _flush(
        self,
        key: SessionKey,
        state: ThreadState,
        last_seq: int,
        reason: str,
        now: float,
        known: Mapping[str, MemoryRecord] | None = None,
    ) -> tuple[Flush, MemoryRecord] | None:
        """The thread's rounds up to `last_seq` as one mid-term memory (to store: a replay finds it
        there, its id derived from the rounds), and the promotion of its candidates."""
        from engram.memory.models import round_memory_id

        # The rounds' memories (L5): masked (P5), and kept 180 days where the raw turns last 24 h.
        ids = [round_memory_id(key, state.generation, seq) for seq in range(state.start_seq, last_seq + 1)]
        known = known or {}
        # One read for the rounds not read already and the candidates the promotion may demote.
        candidates = list(dict.fromkeys(state.candidates)) if self._may_demote(len(set(state.candidates))) else []
        missing = [i for i in ids if i not in known]
        read = {r.memory_id: r for r in self._repo.batch_get(key.tenant_id, key.user_id, [*missing, *candidates])}
        found = [known[i] if i in known else read.get(i) for i in ids]
        rounds = sorted((r for r in found if r is not None), key=lambda r: r.created_at)
        texts = [r.content for r in rounds if r.content.strip()]
        if not texts:
            return None
        digest = hashlib.sha1(
            f"{key}|{state.generation}|{state.start_seq}|{last_seq}".encode(), usedforsecurity=False
        ).hexdigest()
        memory_id = f"thr-{digest[:24]}"
        text = " ".join(texts)
        language = detect_language(text)
        keywords = topics_of(text, language, n=8)
        summary = self._summary(texts)
        record = MemoryRecord(
            memory_id=memory_id,
            tenant_id=key.tenant_id,
            user_id=key.user_id,
            persona_id=key.persona_id,
            type=MemoryType.NOTE,
            namespace=Namespace.THREAD,
            content=summary,
            search_text=f"{summary} {' '.join(keywords)}",
            importance=self._s.importance_at_birth,
            created_at=rounds[0].created_at,
            updated_at=now,
            embedding=_mean_vector(rounds) or state.centroid,
            source_turn_ids=[ref for r in rounds for ref in r.source_turn_ids],
            topics=keywords,
            language=language,
            session_id=key.session_id,
            expires_at=now + self._s.midterm_ttl_days * 86_400,
        )
        promoted, kept = self._promote([read[i] for i in candidates if i in read], now)
        if not candidates:  # none can be demoted: all are kept (as the promotion would count them)
            promoted = len(set(state.candidates))
        self._metrics.put("threads_flushed", reason=reason)
        return Flush(memory_id, state.start_seq, last_seq, reason, promoted, kept), record

    def _summary(self, texts: list[str]) -> str:
        """What the user said, most informative sentences first kept in order, within ~60 words."""
        sentences = [s for t in texts for s in split_sentences(t)]
        budget = self._s.midterm_summary_chars
        if len(" ".join(sentences)) <= budget:
            return " ".join(sentences)
        weight: dict[str, int] = {}
        for s in sentences:
            for w in set(analyze(s)):
                weight[w] = weight.get(w, 0) + 1
        ranked = sorted(range(len(sentences)), key=lambda i: -sum(weight.get(w, 0) for w in set(analyze(sentences[i]))))
        chosen: list[int] = []
        used = 0
        for i in ranked:
            if used + len(sentences[i]) + 1 <= budget:
                chosen.append(i)
                used += len(sentences[i]) + 1
        if not chosen:
            return sentences[ranked[0]][:budget]
        return " ".join(sentences[i] for i in sorted(chosen))

    def _may_demote(self, candidates: int) -> bool:
        """Whether the promotion can demote any of this many candidates: it keeps the top
        ⌈ratio · n⌉, which for a few candidates (under 1 / (1 − ratio)) is all of them."""
        return math.ceil(candidates * self._s.promote_top_ratio) < candidates

    def _promote(self, candidates: list[MemoryRecord], now: float) -> tuple[int, int]:
        """L2: only the top share of a flushed thread's candidates are long-term; the others stay
        mid-term (30-day TTL) unless pinned, or until a later mention merges into them."""
        if not candidates:
            return 0, 0
        records = [r for r in candidates if r.status == MemoryStatus.ACTIVE and r.namespace == Namespace.MEMORY]
        records.sort(key=lambda r: (-r.importance, r.memory_id))
        keep = math.ceil(len(records) * self._s.promote_top_ratio)
        demoted = 0
        for r in records[keep:]:
            if r.pinned or r.expires_at is not None:
                continue
            mid = replace(r, expires_at=now + self._s.midterm_ttl_days * 86_400, version=r.version + 1, updated_at=now)
            try:
                self._repo.replace(mid, r.version)
                demoted += 1
            except Conflict:
                continue  # changed meanwhile (a merge: mentioned again, so it stays long-term)
        return keep, demoted
