"""L2 write pipeline, run after each turn by the turn worker.

extract (≤ 1 model call, merge decisions included) -> score -> normalise -> mask PII ->
nearest existing memories (index) -> merge (similarity ≥ 0.9, version + 1) /
supersede (same subject, new value) / insert -> DynamoDB. The stream carries every
change to the indexer. The round itself is stored as a semantic round memory (L5)
whose search key is expanded with the facts extracted from it.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from engram.conversation.models import Turn
from engram.kernel.clock import Clock
from engram.kernel.errors import Conflict
from engram.kernel.keys import OwnerKey, SessionKey
from engram.kernel.ports import MetricsSink
from engram.language.analysis import analyze, detect_language
from engram.language.answer_slots import names_someone
from engram.language.masking import mask_for_storage, mask_text, masked_input
from engram.language.packs import PACKS
from engram.language.tense import states_change
from engram.memory.extraction_rules import novelty_from_similarities, salience
from engram.memory.lifecycle import CapacityWatch
from engram.memory.models import (
    SUBJECT_TAG,
    VALUE_TAG,
    ExistingMemory,
    Fact,
    Hit,
    IndexDocument,
    MemoryRecord,
    MemoryStatus,
    MemoryType,
    Namespace,
    Profile,
    SearchFilter,
    held_several_at_once,
    plain_topics,
    replaces_subject,
    round_memory_id,
    subject_of,
    value_of,
    value_tag,
)
from engram.memory.ports import Embedder, Extractor, MemoryIndex, MemoryRepository, ProfileStore, TurnBatch
from engram.memory.projection import EXPANSION_MARKER, display_text, expanded_text
from engram.memory.retrieval import SUPERSEDED_TAG
from engram.memory.switches import PARTNERS
from engram.memory.threads import ThreadTracker
from engram.memory.turn_batch import HeldRound, RoundGone, TurnWrites
from engram.observability.spans import traced
from engram.settings import Settings

logger = logging.getLogger(__name__)

PINNED_TYPES = (MemoryType.PROFILE, MemoryType.CONSTRAINT)
PII_TAG = "pii:"  # topics entry naming what masking found in a fact ("pii:email")
# Every language pack's words for an important moment (language/<code>/signals.py), in registry order.
IMPORTANT_MOMENT = re.compile("|".join(pack.signals.important_moment for pack in PACKS), re.I)


@dataclass(slots=True)
class WriteReport:
    round_id: str
    inserted: list[str] = field(default_factory=list)
    merged: list[str] = field(default_factory=list)
    superseded: list[tuple[str, str]] = field(default_factory=list)  # (old, new)
    archived: list[str] = field(default_factory=list)
    skipped: bool = False  # the turn was processed before (replayed message)
    stored_before: list[str] = field(default_factory=list)  # its facts an earlier delivery stored


def _important(turn: Turn, facts: list[Fact]) -> bool:
    """L5 "important moments" (symptom change, emergency, milestone): kept permanently."""
    return turn.emergency or any(f.safety for f in facts) or bool(IMPORTANT_MOMENT.search(turn.user_text))


def fact_memory_id(round_id: str, fact: Fact) -> str:
    """Deterministic from (round, fact): a redelivered job finds its facts instead of doubling them."""
    digest = hashlib.sha1(f"{round_id}|{fact.type}|{fact.content}".encode(), usedforsecurity=False).hexdigest()
    return f"mem-{digest[:32]}"


def _differs(a: str, b: str) -> bool:
    return " ".join(a.lower().split()) != " ".join(b.lower().split())


def _says_more(stored: str, new: str) -> bool:
    """Whether the new statement carries words the stored one lacks, beyond one word or a third of
    its own ("User is living in Tokyo now" says no more than "User lives in Tokyo"). Merging is for
    restatements: the cosine alone cannot tell them, as a small embedder puts different values of
    one attribute ("我在銀行當會計" / "現在在國中當老師") above the dedup similarity, and a merge
    keeps only the stored text: the new value would be lost."""
    new_words = set(analyze(new))
    return len(new_words - set(analyze(stored))) > max(1, len(new_words) // 3)


def _same_value(stored_topics: list[str], new_topics: list[str]) -> bool:
    stored, new = value_of(stored_topics), value_of(new_topics)
    return stored is not None and stored == new


def _pii_flags(fact: Fact) -> list[str]:
    return sorted({t[len(PII_TAG) :] for t in fact.topics if t.startswith(PII_TAG)})


def _normalise(text: str) -> str:
    return " ".join(text.split()).strip(" ,;")


def _previous_round_ids(
    key: SessionKey, generation: int, seq: int, width: int, continues: tuple[int, int] | None
) -> list[str]:
    """The `width` rounds before this one, nearest first. A run that continues another (S6: the
    message limit closed it, the talk went on) reaches back into that run's last rounds."""
    out = []
    for d in range(1, width + 1):
        if seq - d >= 1:
            out.append(round_memory_id(key, generation, seq - d))
        elif continues is not None and continues[1] + (seq - d) >= 1:
            out.append(round_memory_id(key, continues[0], continues[1] + (seq - d)))
    return out


class MemoryWriter:
    def __init__(
        self,
        repo: MemoryRepository,
        index: MemoryIndex,
        embedder: Embedder,
        extractor: Extractor,
        profiles: ProfileStore,
        settings: Settings,
        clock: Clock,
        metrics: MetricsSink,
        batch: TurnBatch,
        capacity: CapacityWatch | None = None,
        threads: ThreadTracker | None = None,
        keep_log: Callable[[SessionKey, int, int], object] | None = None,
    ) -> None:
        self._batch = batch  # a turn's one read and one transaction (issue 29)
        # R6: the conversation log of a round that is an important moment is kept (no TTL)
        self._keep_log = keep_log
        self._capacity = capacity  # R4: a user nearing the limit is marked for the lifecycle job
        self._threads = threads  # S5: threads and their mid-term memory
        self._repo = repo
        self._index = index
        self._embedder = embedder
        self._extractor = extractor
        self._profiles = profiles
        self._s = settings
        self._clock = clock
        self._metrics = metrics

    @traced("engram.memory.write", count=lambda report: len(report.inserted) + len(report.merged))
    def process_turn(
        self,
        key: SessionKey,
        generation: int,
        turn: Turn,
        continues: tuple[int, int] | None = None,
        *,
        from_stored_round: bool = False,
    ) -> WriteReport:
        """`from_stored_round`: the turn worker's job, made from a stored conversation round that
        must still be held (P1); without it the turn is written as given (tests, imports)."""
        owner = key.owner
        round_id = round_memory_id(key, generation, turn.seq)
        report = WriteReport(round_id)
        # One read (issue 29): is the conversation round still held (P1: a job queued past an
        # erasure writes nothing), this round's memory (was the job delivered before?), the two
        # rounds before it (context), the thread (S5) and the profile (L6).
        width = self._s.round_context_rounds
        prev_ids = _previous_round_ids(key, generation, turn.seq, width, continues)
        reads = self._batch.read(key, generation, turn.seq, [round_id, *prev_ids])
        known = reads.rounds
        if from_stored_round and not reads.round_held:
            report.skipped = True
            self._metrics.put("post_turn_round_gone")
            return report
        if round_id in known:
            report.skipped = True  # at-least-once delivery: this turn was written already
            return report
        now = self._clock.now()
        masked = mask_for_storage(_normalise(turn.user_text))
        round_text = masked.content
        context = [known[i].content for i in reversed(prev_ids) if i in known]
        round_vec, round_index_vec = self._round_vectors(round_text, context)
        neighbours = self._neighbours(owner, key.persona_id, turn.user_text, round_vec, now)
        existing = [
            ExistingMemory(d.doc_id, display_text(d), d.type, subject_of(d.topics))
            for d in neighbours.values()
            if d.namespace == Namespace.MEMORY.value  # rounds are context, not facts to merge into
        ]
        # P5: the extraction reads the round masked whole (its output is masked again in _prepare)
        facts = self._extractor.extract(mask_text(turn.user_text), mask_text(turn.assistant_text), existing)
        read = masked_input([turn.user_text, turn.assistant_text]).pii_flags
        facts = [f for f in (self._prepare(f, read) for f in facts) if f is not None]
        vectors = self._embedder.embed_documents([f.content for f in facts]) if facts else np.zeros((0, 0), np.float32)
        turn_ref = f"{key.session_id}:{generation}:{turn.seq}"
        deferred: list[MemoryRecord] = []  # new facts written with the round, in its transaction
        profile_read: Profile | None = reads.profile
        # P1: the facts stored before the round check it too (an erasure may run meanwhile)
        held = HeldRound(key, generation, turn.seq) if from_stored_round else None
        for fact, vec in zip(facts, vectors, strict=True):
            try:
                changed = self._store_fact(
                    owner, key.persona_id, fact, vec, turn_ref, now, report, round_id, deferred, held
                )
            except RoundGone:  # erased meanwhile: nothing more of the job is written
                unwritten = {r.memory_id for r in deferred}
                report.inserted = [i for i in report.inserted if i not in unwritten]
                report.skipped = True
                self._metrics.put("post_turn_round_gone")
                return report
            if changed:
                profile_read = None  # a pin changed the profile since it was read
        # L10: extracted facts never count against the plan cap (only session memories and
        # memories created through the API do), so the worker never archives for it.
        extended = None
        if width and len(prev_ids) == width and prev_ids[-1] in known:  # round N-w now has w rounds after it
            following = [known[i].content for i in reversed(prev_ids[:-1]) if i in known]
            extended = _extended_round(known[prev_ids[-1]], [*following, round_text], now)
        topics = [t for f in facts for t in f.topics if not t.startswith((SUBJECT_TAG, VALUE_TAG, PII_TAG))]
        if self._keep_log is not None and _important(turn, facts):
            self._keep_log(key, generation, turn.seq)
        own_facts = [*report.inserted, *report.stored_before]  # this round's facts, whichever delivery stored them
        # Every side effect before the round or with it, each idempotent: a worker that dies anywhere
        # before the round is stored leaves the job to its redelivery, which runs them all again.
        # Each write of them that could create an item of the user checks the round is still held.
        thread = None
        if self._threads is not None:  # S5: a redelivery finds the round in the thread and changes nothing
            vector = [float(x) for x in round_vec]
            thread = self._threads.step(key, generation, turn, round_text, vector, own_facts, reads.thread, known)
        # Last, in one transaction behind one fence check: the new facts, the thread, the round
        # extended, and the round with its L6 profile count (a mention, its topics). The round's
        # presence marks the job done, so a redelivery counts nothing twice.
        round_record = self._round_record(
            key,
            turn,
            round_id,
            round_text,
            round_index_vec,
            facts,
            context,
            turn_ref,
            now,
            masked.pii_flags,
            links=[*own_facts, *report.merged][: self._s.max_links],  # L7: the facts it stated
            own_vec=None if round_index_vec is round_vec else round_vec,  # the same array: nothing blended in
        )
        # P1: `held` is checked again in the write (an erasure may have run meanwhile)
        writes = TurnWrites(key, round_record, topics, profile_read, deferred, extended, held_round=held)
        if thread is not None:
            writes.new_memories += thread.memories
            writes.thread, writes.thread_expires_at = thread.state, thread.expires_at
        written = self._batch.write(writes)
        # report what this delivery wrote only: not an id an earlier delivery took, and none of the
        # batch when a concurrent delivery stored the round first or the round is gone (erased)
        unwritten = set(written.existing) if written.stored else {r.memory_id for r in writes.new_memories}
        if not written.stored:
            report.skipped = True
            if written.round_gone:
                self._metrics.put("post_turn_round_gone")
        if not written.round_gone:  # the other delivery's transaction stored the same ids
            report.stored_before += [i for i in report.inserted if i in unwritten]
        report.inserted = [i for i in report.inserted if i not in unwritten]
        # R4/L9's marks name the user: only once the round is stored (P1: not after an erasure)
        if written.stored and own_facts and self._capacity is not None:
            self._capacity.after_write(owner.tenant_id, owner.user_id)
        self._metrics.put("memories_written", float(len(report.inserted) + len(report.merged)))
        return report

    # --- steps ---------------------------------------------------------------------
    def _round_vectors(self, round_text: str, context: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """The round's own embedding (to find facts to merge) and the one it is indexed with.

        The indexed vector is (1 − w) · e(round) + w · e(rounds before it + round), not
        re-normalised: a short reply ("Yes, last week!") is found by what it answered, and
        a round whose words and context disagree scores lower. One embedding call for both.
        LoCoMo R@10 +0.014 on a replica of the retriever (docs/benchmarks.md).
        """
        take = self._s.round_vector_context_rounds
        weight = self._s.round_vector_context_weight
        before = context[-take:] if take else []
        if not before or weight == 0:
            vec = self._embedder.embed_documents([round_text])[0]
            return vec, vec
        own, in_context = self._embedder.embed_documents([round_text, "\n".join([*before, round_text])])
        return own, ((1 - weight) * np.asarray(own) + weight * np.asarray(in_context)).astype(np.float32)

    def _neighbours(
        self,
        owner: OwnerKey,
        persona_id: str,
        text: str,
        vec: np.ndarray,
        now: float,
    ) -> dict[str, IndexDocument]:
        flt = SearchFilter(owner.tenant_id, owner.user_id, persona_ids=(persona_id,), now=now)
        hits = self._index.search_vector(list(map(float, vec)), flt, 5) + self._index.search_text(text, flt, 5)
        return {h.doc_id: h.doc for h in hits}

    def _prepare(self, fact: Fact, read: list[str]) -> Fact | None:
        content = _normalise(fact.content)
        if len(content) < 2:
            return None
        # The extractor's topics and subject key are model output about the user's words: masked too.
        subject = [SUBJECT_TAG + fact.subject_key] if fact.subject_key else []
        masked = mask_for_storage(content, [*fact.topics, *subject], read_from=read)
        topics = masked.topics
        if fact.subject_key and fact.value_key:
            topics.append(value_tag(fact.value_key))  # a digest, never the value
        # The flags ride on the fact as topics ("pii:email") until it is stored or merged.
        topics += [PII_TAG + flag for flag in masked.pii_flags]
        return replace(
            fact,
            content=masked.content,
            topics=topics,
            subject_key=subject_of(topics) if fact.subject_key else None,  # compared with stored tags
            language=fact.language or detect_language(content),
        )

    def _score(self, fact: Fact, similarities: list[float], mentions: int) -> float:
        """Safety items rank highest; otherwise blend the rule importance with seed 001's salience."""
        novelty = novelty_from_similarities(similarities, self._s.novelty_match_similarity)
        sal = salience(fact.valence, novelty, 0.5, mentions)
        score = 0.6 * fact.importance + 0.4 * sal
        return max(score, 0.9) if fact.safety else min(score, 0.89)

    def _store_fact(
        self,
        owner: OwnerKey,
        persona_id: str,
        fact: Fact,
        vec: np.ndarray,
        turn_ref: str,
        now: float,
        report: WriteReport,
        round_id: str,
        deferred: list[MemoryRecord],
        held: HeldRound | None = None,
    ) -> bool:
        """Merge, or make the fact's memory: a plain one joins `deferred` (written with the round);
        one that is pinned or replaces another is stored first, as the steps after it need it
        there, behind the check that the job's round is `held` (RoundGone: not, nothing written).
        True when the profile was changed (a pin)."""
        flt = SearchFilter(owner.tenant_id, owner.user_id, persona_ids=(persona_id,), now=now)
        hits = self._index.search_vector(list(map(float, vec)), flt, 5)
        similarities = [h.score for h in hits]
        importance = self._score(fact, similarities, mentions=1)
        same_subject = next(
            (h for h in hits if fact.subject_key and subject_of(h.doc.topics) == fact.subject_key), None
        )
        if same_subject is not None and held_several_at_once(fact.subject_key) and not states_change(fact.content):
            same_subject = None  # a second pet or daughter, not the first one replaced
        if (
            same_subject is not None
            and fact.subject_key in PARTNERS
            and not states_change(fact.content)
            and not names_someone(fact.content)
        ):
            same_subject = None  # "彼氏と付き合ってもう3年": the partner named before, not one who replaces them
        if same_subject is None and fact.subject_key and states_change(fact.content):
            # said as a change ("I'm fully vegan now"), it replaces the attribute's other value ("diet:meat")
            same_subject = next((h for h in hits if replaces_subject(fact.topics, h.doc.topics)), None)
        target: str | None = None
        if fact.action == "merge" and fact.target_id:
            target = fact.target_id
        elif fact.action is None and not fact.negated:
            # Merge a near-identical memory, unless the two set different subjects ("likes jazz" vs
            # "likes rock") or the same subject to a new value ("lives in Tokyo" -> "moved to Osaka").
            for h in hits:
                if h.score < self._s.memory_dedup_similarity:
                    break
                other = subject_of(h.doc.topics)
                if fact.subject_key and other and other != fact.subject_key:
                    continue
                if same_subject is not None and h.doc_id == same_subject.doc_id and _differs(h.doc.text, fact.content):
                    continue
                if _says_more(display_text(h.doc), fact.content):
                    continue  # close in meaning, but news: not a restatement
                target = h.doc_id
                break
            if target is None and same_subject is not None and _same_value(same_subject.doc.topics, fact.topics):
                target = same_subject.doc_id  # a rephrasing ("I'm living in Tokyo now"): merge, not supersede
        if target is not None and self._merge(owner, target, fact, importance, turn_ref, now):
            report.merged.append(target)
            return False
        old_id = fact.target_id if fact.action == "supersede" else (same_subject.doc_id if same_subject else None)
        new = MemoryRecord(
            memory_id=fact_memory_id(round_id, fact),
            tenant_id=owner.tenant_id,
            user_id=owner.user_id,
            persona_id=persona_id,
            type=fact.type,
            content=fact.content,
            importance=importance,
            created_at=now,
            updated_at=now,
            embedding=[float(x) for x in vec],
            source_turn_ids=[turn_ref],
            topics=fact.topics,
            pii_flags=_pii_flags(fact),
            pinned=fact.safety or fact.type in PINNED_TYPES,
            supersedes=old_id,
            valid_from=now if old_id is not None else None,
            language=fact.language,
            links=self._links(round_id, fact, hits, old_id),
        )
        if not new.pinned and old_id is None:
            deferred.append(new)  # nothing follows it: written with the round (an id taken is told then)
            report.inserted.append(new.memory_id)
            return False
        # A redelivered job finds its fact stored already; the steps after it (pin, supersede)
        # are idempotent and run again, in case the first delivery died between them.
        if self._repo.put_new(new, held):  # RoundGone: erased meanwhile, the pin and supersede never run
            report.inserted.append(new.memory_id)
        else:  # its id is derived from this round: an earlier delivery stored it
            report.stored_before.append(new.memory_id)
        if new.pinned:  # RoundGone here too: an erasure between the put and the pin leaves no profile
            self._profiles.update(
                owner.tenant_id, owner.user_id, persona_id, pin={new.memory_id: new.content}, held=held
            )
        if old_id is not None and self._supersede(owner, old_id, new.memory_id, now, held):
            report.superseded.append((old_id, new.memory_id))
        return new.pinned or old_id is not None  # a supersede may unpin

    def _links(self, round_id: str, fact: Fact, hits: list[Hit], replaced: str | None) -> list[str]:
        """L7: the round that stated the fact, and its nearest memories that share a topic with it
        (not one it replaces): what a question about one may also need."""
        mine = set(plain_topics(fact.topics))
        related = [h.doc_id for h in hits if h.doc_id != replaced and mine & set(plain_topics(h.doc.topics))]
        return list(dict.fromkeys([round_id, *related]))[: self._s.max_links]

    def _update(
        self, owner: OwnerKey, memory_id: str, now: float, change: Callable[[MemoryRecord], MemoryRecord | None]
    ) -> MemoryRecord | None:
        """Optimistic read-modify-write (version + 1), re-read after a lost race.

        Returns the record as it was before the change, or None when it is gone or `change` declines.
        """
        for _ in range(3):
            current = self._repo.get(owner.tenant_id, owner.user_id, memory_id)
            changed = change(current) if current is not None else None
            if current is None or changed is None:
                return None
            if changed == current:  # a redelivered job's merge: already applied, nothing to write
                return current
            try:
                self._repo.replace(replace(changed, version=current.version + 1, updated_at=now), current.version)
            except Conflict:  # someone else changed it: read again
                continue
            return current
        return None

    def _merge(self, owner: OwnerKey, memory_id: str, fact: Fact, importance: float, turn_ref: str, now: float) -> bool:
        def merged(current: MemoryRecord) -> MemoryRecord | None:
            if current.status != MemoryStatus.ACTIVE:
                return None
            return replace(
                current,
                importance=max(current.importance, importance),
                source_turn_ids=list(dict.fromkeys([*current.source_turn_ids, turn_ref])),
                topics=list(dict.fromkeys([*current.topics, *fact.topics])),
                pii_flags=sorted({*current.pii_flags, *_pii_flags(fact)}),  # its topics came from masked text
                expires_at=None,  # mentioned again: a mid-term fact (S5) becomes long-term
            )

        return self._update(owner, memory_id, now, merged) is not None

    @traced("engram.memory.supersede", count=int)
    def _supersede(self, owner: OwnerKey, old_id: str, new_id: str, now: float, held: HeldRound | None = None) -> bool:
        """The old fact keeps a link to its successor and loses importance instead of staying an equal."""

        def demoted(old: MemoryRecord) -> MemoryRecord | None:
            if old.superseded_by:
                return None
            return replace(
                old,
                importance=round(old.importance * 0.3, 4),
                superseded_by=new_id,
                valid_to=now,
                pinned=False,
                topics=list(dict.fromkeys([*old.topics, SUPERSEDED_TAG])),
            )

        old = self._update(owner, old_id, now, demoted)
        if old is None:
            return False
        if old.pinned:
            self._profiles.update(owner.tenant_id, owner.user_id, old.persona_id, unpin=[old_id], held=held)
        self._retire_rounds(owner, old, now)
        return True

    def _retire_rounds(self, owner: OwnerKey, old: MemoryRecord, now: float) -> None:
        """The rounds that stated the replaced fact ("I work at Google.") say something no longer
        true: they are marked like it, so only a question about the past brings them back."""

        def retired(current: MemoryRecord) -> MemoryRecord | None:
            if SUPERSEDED_TAG in current.topics:
                return None
            return replace(current, valid_to=now, topics=[*current.topics, SUPERSEDED_TAG])

        for ref in old.source_turn_ids:
            session_id, generation, seq = ref.rsplit(":", 2)
            key = SessionKey(owner.tenant_id, owner.user_id, old.persona_id, session_id)
            self._update(owner, round_memory_id(key, int(generation), int(seq)), now, retired)

    def _round_record(
        self,
        key: SessionKey,
        turn: Turn,
        round_id: str,
        round_text: str,
        round_vec: np.ndarray,
        facts: list[Fact],
        context: list[str],
        turn_ref: str,
        now: float,
        pii_flags: list[str],
        links: list[str] | None = None,
        own_vec: np.ndarray | None = None,
    ) -> MemoryRecord:
        """L5: the round, searchable by meaning for 180 days; important moments are kept.

        Its search key is expanded with the facts extracted from it and the rounds around
        it (two before now, two after once they happen): questions rarely reuse the exact
        words of the one round that answers them.
        """
        important = _important(turn, facts)
        created = turn.created_at or now
        record = MemoryRecord(
            memory_id=round_id,
            tenant_id=key.tenant_id,
            user_id=key.user_id,
            persona_id=key.persona_id,
            type=MemoryType.NOTE,
            namespace=Namespace.ROUND,
            content=round_text,
            # the round's own words count twice: it must outrank neighbours that quote it as context
            search_text=expanded_text(round_text, [round_text, *(f.content for f in facts), *context]),
            importance=self._s.importance_at_birth,
            created_at=created,
            updated_at=now,
            embedding=[float(x) for x in round_vec],
            own_embedding=None if own_vec is None else [float(x) for x in own_vec],
            source_turn_ids=[turn_ref],
            pii_flags=pii_flags,
            language=detect_language(round_text),
            session_id=key.session_id,
            expires_at=None if important else created + self._s.round_memory_ttl_days * 86_400,
            # the subjects its facts set: a question about the past dates it as what replaced them
            topics=(["important_moment"] if important else [])
            + list(dict.fromkeys(t for f in facts for t in f.topics if t.startswith(SUBJECT_TAG))),
            links=list(links or []),
        )
        return record


def _extended_round(record: MemoryRecord, following: list[str], now: float) -> MemoryRecord | None:
    """L5: an earlier round's search key gains the rounds after it (version + 1); None when a
    redelivered job extended it already."""
    search_text = record.search_text or record.content
    if EXPANSION_MARKER in search_text and search_text.endswith(" ".join(following)):
        return None
    return replace(
        record,
        search_text=expanded_text(search_text, following)
        if EXPANSION_MARKER not in search_text
        else f"{search_text} {' '.join(following)}",
        version=record.version + 1,
        updated_at=now,
    )
