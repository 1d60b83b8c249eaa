"""L3 hybrid retrieval and the prompt's memory slot (C1, L4).

query -> BM25 top-n + k-NN top-n (filters inside the index query) -> score fusion (or
weighted RRF) -> lift for a time range the query names -> rerank (similarity, time decay,
effective importance) -> drop near-duplicates -> top K.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any, NamedTuple

import numpy as np

from engram.conversation.models import GateDecision, GateResult, MemoryItemView, MemoryQuery, MemorySlot
from engram.kernel.clock import Clock
from engram.kernel.keys import OwnerKey, SessionKey
from engram.kernel.lru import Lru
from engram.kernel.ports import MetricsSink
from engram.language.analysis import analyze, detect_language
from engram.language.answer_slots import (
    SINGLE_VALUED,
    about_someone_else,
    asked_slot,
    ended_names,
    ended_things,
    opens_with_someone_else,
    relation_asked_of,
    relation_named_first,
    relation_of,
    slot_asked_before,
    slot_placed,
)
from engram.language.concepts import ConceptMatch, added_words, concept_matches
from engram.language.fact_kinds import SAFETY_TOPICS
from engram.language.function_words import topic_tokens
from engram.language.gate_words import WRITTEN_WITHOUT_SPACES, asks_only, is_greeting_only
from engram.language.grammar_endings import without_word_final_grammar
from engram.language.people_names import names_after, relation_words, with_names
from engram.language.tense import asks_about_past, names_a_date, states_change, states_change_strongly
from engram.language.time_range import TimeRange, named_time_range
from engram.memory.current_answer import (
    NAMED_BY_WORDS,
    SlotPlacer,
    gives_up_only,
    keyed_placement,
    named_by_words,
    naming_tokens,
    outdated_answers,
    stored_vectors,
)
from engram.memory.ended_names import endings_followed, outdated_by_ending, outdated_by_things_ended
from engram.memory.models import (
    KB_OWNER,
    Hit,
    IndexDocument,
    MemoryStatus,
    Namespace,
    SearchFilter,
    replaces_subject,
    subject_of,
)
from engram.memory.ports import Embedder, MemoryIndex, ProfileStore
from engram.memory.projection import EXPANSION_MARKER, display_text
from engram.memory.scoring import DAY_S, effective_importance, reciprocal_rank_fusion, score_fusion, time_decay
from engram.memory.search import RECALLED_NAMESPACES, ScoredMemory
from engram.observability.spans import traced
from engram.settings import Settings

SUPERSEDED_TAG = "superseded"  # topics entry of a fact replaced by a newer one (valid_to set)
# A round found through a neighbour in the block that shares this many times its words with the
# question is left out (see _without_borrowed).
BORROWED_RATIO = 2
logger = logging.getLogger(__name__)
# query-side vectors of documents compared for a change (HybridRetriever._as_asked): 384 floats
# each, ~6 MB at this size; least recently used go first
ASKED_CACHE_SIZE = 4096


@dataclass(frozen=True, slots=True)
class _Candidate:
    doc: IndexDocument
    fused: float
    similarity: float


def relevant(results: Sequence[ScoredMemory], floor: float, cosine_gap: float = 1.0) -> list[ScoredMemory]:
    """The results worth a place in the prompt, relative to the best hit: relevance (`fused`:
    lexical + dense evidence, before time decay and importance lift the ranking) at least
    `floor` × the best result's, and either words shared with the query or a cosine within
    `cosine_gap` of the best result's. The fused score alone cannot tell in a small pool (its
    dense part is scaled by the spread of the few candidates there are), and an important
    memory that does not answer the question must stay out of the block."""
    best = max((m.fused for m in results), default=0.0)
    if best <= 0:
        return []
    best_cos = max(m.similarity for m in results)
    return [m for m in results if m.fused >= floor * best and (m.lexical or best_cos - m.similarity <= cosine_gap)]


class HybridRetriever:
    """MemorySearch for the API and MemoryProvider for prompts."""

    bridges = True  # S6: the previous run's memory in a returning user's first prompt

    def __init__(
        self,
        index: MemoryIndex,
        embedder: Embedder,
        profiles: ProfileStore,
        settings: Settings,
        clock: Clock,
        metrics: MetricsSink,
        on_access: Callable[[OwnerKey, list[str], float], None] | None = None,
        placer: SlotPlacer | None = None,
    ) -> None:
        self._index = index
        self._embedder = embedder
        self._profiles = profiles
        self._s = settings
        self._clock = clock
        self._metrics = metrics
        self._on_access = on_access
        self._asked: Lru[tuple[str, str, str, int], np.ndarray[Any, Any]] = Lru(
            ASKED_CACHE_SIZE, settings.warm_cache_max_age_s, clock.now
        )
        # the composition root gives one that reads stored example vectors; this one embeds them
        self._placer = placer or SlotPlacer(lambda texts: self._embedder.embed_documents(texts))

    # --- MemorySearch ---------------------------------------------------------------
    @traced("engram.memory.retrieve", count=len)
    def search(
        self,
        owner: OwnerKey,
        query: str,
        *,
        persona_id: str | None = None,
        k: int = 8,
        namespaces: tuple[str, ...] = (Namespace.MEMORY.value,),
        types: tuple[str, ...] | None = None,
        created_from: float | None = None,
        created_to: float | None = None,
        include_archived: bool = False,
        include_kb: bool = False,
        query_vector: Sequence[float] | None = None,
    ) -> list[ScoredMemory]:
        now = self._clock.now()
        statuses = (MemoryStatus.ACTIVE.value,) + ((MemoryStatus.ARCHIVED.value,) if include_archived else ())
        personal = SearchFilter(
            tenant_id=owner.tenant_id,
            user_id=owner.user_id,
            persona_ids=(persona_id,) if persona_id else None,
            namespaces=namespaces,
            types=types,
            statuses=statuses,
            created_from=created_from,
            created_to=created_to,
            now=now,
        )
        filters = [personal]
        if include_kb:  # the tenant's knowledge base: a separate owner, searched only when asked (L8)
            filters.append(SearchFilter(owner.tenant_id, KB_OWNER, namespaces=(Namespace.KB.value,), now=now))
        n = self._s.retrieval_candidates
        text_hits: list[Hit] = []
        vector_hits: list[Hit] = []
        # BM25 also looks for the words of the concepts the question names ("spouse" -> husband, 아내 …)
        concepts = concept_matches(query) if self._s.query_concept_expansion else []
        related = added_words(concepts)
        # the person asked about, by the name the user gave them: "my wife's birthday" is embedded as
        # "my wife Hannah's birthday" and looked up in BM25 as "my Hannah's birthday" (the relation's
        # words would only match the statement that says who she is)
        lexical = query
        asked_of = relation_asked_of(query)  # read once: the names' lookup and the person's lift use it
        people = self._names_of_people_asked(asked_of, related, personal)
        if asked_of is not None and people:
            said = relation_words(asked_of)
            lexical = with_names(query, said, people, instead=True)
            query, query_vector = with_names(query, said, people), None
            related = [w for w in related if relation_of(w) == w]  # not the relation's other words either
            asked_of = relation_asked_of(query)  # as the question now reads
        vector = query_vector if query_vector is not None else self._embedder.embed([query])[0]
        words = without_word_final_grammar(lexical)  # 악기는 -> 악기: the grammar matches any statement
        language = detect_language(query)
        if language in WRITTEN_WITHOUT_SPACES:
            # the character pairs of a question's grammar ("夫の名前なんだっけ": なん, んだ, っけ) match any
            # chatty statement ("…なんだよね"): BM25 sees only the pairs that name something
            words = " ".join(sorted(topic_tokens(set(analyze(words))))) or words
        text_query = f"{words} {' '.join(related)}" if related else words
        for flt in filters:
            text_hits += self._index.search_text(text_query, flt, n)
            vector_hits += self._index.search_vector(list(map(float, vector)), flt, n)
        text_hits.sort(key=lambda h: -h.score)
        vector_hits.sort(key=lambda h: -h.score)
        named = named_time_range(query, now)
        qvec = np.asarray(vector, dtype=np.float32)
        ranked = self._rank(text_hits, vector_hits, qvec, k, now, named, query, concepts, language, people, asked_of)
        if self._s.link_expansion and ranked:
            ranked = self._with_links(ranked, personal, qvec, k)
        return ranked

    def _names_of_people_asked(self, relation: str | None, related: Sequence[str], flt: SearchFilter) -> list[str]:
        """The names the user gave the person a question asks about (`relation`: "my wife" -> Hannah, from
        "my wife Hannah and I…"), read from their memories that name the relation: the statement that
        answers often names only the person ("Hannah turns 40 on May 9"). No relation asked: nothing is read."""
        s = self._s
        if relation is None or not s.people_name_lookup_docs:
            return []
        # the relation, and those the question's concepts name (另一半: a husband, a wife, a partner)
        relations = [relation, *dict.fromkeys(r for w in related if (r := relation_of(w)) != w)]
        # a one-character word (娘, 媽) is looked up as it is written beside another (娘の, 我媽): BM25
        # reads Chinese and Japanese as character pairs
        words = dict.fromkeys(
            v for r in relations for w in relation_words(r) for v in ((w, f"{w}の", f"我{w}") if len(w) == 1 else (w,))
        )
        names: list[str] = []
        for hit in self._index.search_text(" ".join(words), flt, s.people_name_lookup_docs):
            text = display_text(hit.doc)
            for r in relations:
                names += [n for n in names_after(text, r) if n not in names]
        return names[: s.people_name_max]

    def _with_links(
        self, ranked: list[ScoredMemory], flt: SearchFilter, qvec: np.ndarray[Any, Any], k: int
    ) -> list[ScoredMemory]:
        """L7: the best results pull in the memories they link to (the round that stated a fact,
        facts sharing its topic), ranked below the one that linked them. Bounded: the top
        `link_expansion_top` results, at most `link_expansion_max` neighbours (one index read each)."""
        s = self._s
        have = {m.memory_id for m in ranked}
        pulled: list[ScoredMemory] = []
        for m in ranked[: s.link_expansion_top]:
            for linked in m.doc.links:
                if len(pulled) >= s.link_expansion_max:
                    break
                if linked in have:
                    continue
                have.add(linked)
                doc = self._index.get(flt.tenant_id, flt.user_id, linked)
                if doc is None or not _passes(doc, flt):
                    continue
                pulled.append(
                    ScoredMemory(
                        linked,
                        m.score * s.link_weight,
                        doc,
                        similarity=_cosine_to(qvec, doc, s.rerank_own_vector_share),
                        fused=m.fused * s.link_weight,
                    )
                )
        if not pulled:
            return ranked
        merged = sorted([*ranked, *pulled], key=lambda m: (-m.score, m.memory_id))
        return self._diverse(merged, k, s.near_duplicate_overlap)

    def _rank(
        self,
        text_hits: list[Hit],
        vector_hits: list[Hit],
        qvec: np.ndarray[Any, Any],
        k: int,
        now: float,
        named: TimeRange | None = None,
        query: str = "",
        concepts: Sequence[ConceptMatch] = (),
        language: str | None = None,  # the query's, when the caller detected it already
        people: Sequence[str] = (),  # the names of the person the question asks of
        asked_of: str | None = None,  # ... and their relation (`relation_asked_of`)
    ) -> list[ScoredMemory]:
        s = self._s
        docs = {h.doc_id: h.doc for h in (*text_hits, *vector_hits)}
        lexical = {h.doc_id for h in text_hits if h.score > 0}
        if not docs:
            return []
        cosines = {doc_id: _cosine_to(qvec, doc, s.rerank_own_vector_share) for doc_id, doc in docs.items()}
        if s.retrieval_fusion == "rrf":
            fused = reciprocal_rank_fusion(
                [
                    ([h.doc_id for h in text_hits], s.rrf_weight_bm25),
                    ([h.doc_id for h in vector_hits], s.rrf_weight_vector),
                ],
                s.rrf_k,
            )
            ordering = fused
        else:
            coverage = _lexical_coverage(query, text_hits, concepts) if s.fusion_lexical_coverage else 1.0
            text_scores = {h.doc_id: h.score for h in text_hits}
            knn_cosines = [cosines[h.doc_id] for h in vector_hits]

            def fusion(spread: float) -> dict[str, float]:
                return score_fusion(text_scores, knn_cosines, cosines, s.fusion_vector_weight, spread, coverage)

            fused = fusion(s.fusion_cosine_spread)
            # The order follows the cosine more closely when the lexical evidence is thin; how relevant
            # an item is (the prompt's floor) is judged on the full span, as before. Only where the
            # coverage counts words: over character pairs (zh, ja, ko) a good match still misses the
            # question's grammar pairs (です, 예요), so a low coverage there says little. Nor where the
            # question names a time range: "June 2023" is matched by when a memory was made, never by its
            # words, so the coverage understates the match (and the range's lift must keep its weight).
            thin = (language or detect_language(query)) == "en" and named is None
            narrowed = max(s.fusion_spread_min_share, coverage) if thin else 1.0
            ordering = fusion(s.fusion_cosine_spread * narrowed) if narrowed < 1 else fused
        lifts = self._lifts(docs, named, asked_of, people)
        normalised = _normalised(fused, lifts)
        if not normalised:
            return []
        ordered = normalised if ordering is fused else _normalised(ordering, lifts)
        candidates = [_Candidate(docs[doc_id], score, cosines[doc_id]) for doc_id, score in ordered.items()]
        past = asks_about_past(query)
        scored = []
        for c in candidates:
            # "similarity" blends the fused rank (keeps the lexical evidence) with the cosine.
            share = s.rerank_cosine_share
            sim = (1 - share) * c.fused + share * max(0.0, c.similarity)
            importance = effective_importance(c.doc.importance, c.doc.created_at, c.doc.access_count, now, s)
            score = (
                s.rerank_weight_similarity * sim
                + s.rerank_weight_decay * time_decay(c.doc.created_at, now, s.decay_lambda_per_day)
                + s.rerank_weight_importance * importance
            )
            if SUPERSEDED_TAG in c.doc.topics and c.doc.namespace == Namespace.MEMORY.value and not past:
                # a replaced fact stays findable but never outranks its successor, unless the question
                # asks about the past ("where did I use to work?"), whose answer it is; a round that
                # stated it keeps its rank (it is a record of what was said, and when): the prompt's
                # validity filter keeps it out of questions about the present
                score *= 0.5
            scored.append(
                ScoredMemory(
                    c.doc.doc_id,
                    score,
                    c.doc,
                    similarity=c.similarity,
                    fused=normalised[c.doc.doc_id],
                    lexical=c.doc.doc_id in lexical,
                )
            )
        scored.sort(key=lambda m: (-m.score, m.memory_id))
        return self._diverse(scored, k, s.near_duplicate_overlap)

    def _lifts(
        self, docs: dict[str, IndexDocument], named: TimeRange | None, asked_of: str | None, people: Sequence[str] = ()
    ) -> list[tuple[set[str], float]]:
        """The candidates a question lifts, each set with its share of the best fused score, in order:
        those that open on the person it asks of (`asked_of`: their relation) or name them by the name the
        user gave them (`people`), then those made in the time range it names. Read once per search: both
        orderings of `_rank` are normalised with them."""
        s = self._s
        lifts: list[tuple[set[str], float]] = []
        if asked_of is not None and s.person_boost > 0:
            names = tuple(people)
            about = {
                doc_id
                for doc_id, d in docs.items()
                if relation_named_first(text := display_text(d)) == asked_of or text.startswith(names)
            }
            lifts.append((about, s.person_boost))
        if named is not None and s.time_range_boost > 0:
            lo = named.start - s.time_range_slack_before_days * DAY_S
            hi = named.end + s.time_range_slack_after_days * DAY_S
            lifts.append(({doc_id for doc_id, d in docs.items() if lo <= d.created_at < hi}, s.time_range_boost))
        return lifts

    @staticmethod
    def _diverse(ranked: list[ScoredMemory], k: int, overlap: float) -> list[ScoredMemory]:
        """Drop a memory whose words (analysed token set) overlap a better one's by ``overlap``.

        Judged on words, not vectors: cosine levels differ by embedder (e5 puts unrelated
        sentences at 0.8), and context-blended round vectors of adjacent rounds pass 0.95
        while saying different things (LoCoMo: a vector test dropped a quarter of the
        answering rounds as "duplicates" of their neighbours).
        """
        kept: list[ScoredMemory] = []
        seen: list[frozenset[str]] = []
        for m in ranked:
            text = display_text(m.doc)
            tokens = frozenset(analyze(text)) or frozenset((" ".join(text.split()).lower(),))  # no words: the text
            if any(len(tokens & other) >= overlap * len(tokens | other) for other in seen):
                continue
            kept.append(m)
            seen.append(tokens)
            if len(kept) == k:
                break
        return kept

    # --- MemoryProvider -------------------------------------------------------------
    def slot(self, query: MemoryQuery, gate: GateResult) -> MemorySlot:
        key = query.key
        profile = self._profiles.get(key.tenant_id, key.user_id, key.persona_id)
        # L4: always in the prompt, even on SKIP
        # newest first: of two medicines, the one given last ("pharmacy gave me the breo ellipta") is
        # more often the one taken now; both stay (a medicine is never hidden on a guess)
        pinned = tuple(MemoryItemView(memory_id, text) for memory_id, text in reversed(profile.pinned.items()))
        # S6: a returning user's first prompt holds the previous run's memory, whatever the gate says
        bridge = (query.bridge,) if query.bridge is not None and query.bridge.memory_id not in profile.pinned else ()
        if gate.decision == GateDecision.SKIP:
            return MemorySlot(pinned=pinned, items=bridge)
        started = time.perf_counter()
        text = query.text
        last = query.recent_user_texts[-1] if query.recent_user_texts else ""
        if len(text) < 40 and last and not is_greeting_only(last):  # a short follow-up borrows the last turn ...
            text = f"{text} {last}"
        asked = self._embedder.embed([query.text])[0]
        qvec = np.asarray(asked, dtype=np.float32)
        results = self.search(
            key.owner,
            text,
            persona_id=key.persona_id,
            k=query.k,
            namespaces=RECALLED_NAMESPACES,
            query_vector=asked,  # ... for BM25 only: embedding cost grows with length
        )
        past = asks_about_past(query.text)
        if not past:  # before the relevance floor: a replaced fact must not set the bar for the rest
            results = [m for m in results if SUPERSEDED_TAG not in m.doc.topics]
        # A round that only asks ("What's my dog's name?") or only greets stays in the history but
        # answers nothing: it shares the later question's words and would be quoted back as a fact.
        results = [m for m in results if not _answers_nothing(m.doc)]
        kept = relevant(results, self._s.memory_relevance_floor, self._s.memory_relevance_cosine_gap)
        if past:  # what was replaced answers "where did I use to live?", whatever it shares with the words
            held = {m.memory_id for m in kept} | self._replaced_answers(query.text, results, pinned, qvec)
            if self._s.current_answer_only and not about_someone_else(query.text):  # "where did my son use to work?"
                held |= self._older_alike(results, kept)
            kept = [m for m in results if m.memory_id in held or SUPERSEDED_TAG in m.doc.topics]
        found = [
            m for m in kept if m.memory_id not in profile.pinned and not (bridge and m.memory_id == bridge[0].memory_id)
        ]
        found = _without_borrowed(found, text)
        # a change is the user's own: "兒子阿凱最近瘋恐龍" says nothing new of the user's life
        changes = (
            []
            if past
            else [
                m.doc for m in found if states_change(said := display_text(m.doc)) and not opens_with_someone_else(said)
            ]
        )
        answer_slot = (
            (asked_slot(query.text) or self._slot_by_meaning(query.text, qvec))
            if not past and results and self._s.current_answer_only
            else None
        )
        # an ending the relevance floor cut ("we lost Rufus in March" shares little with "what pet lives with
        # me?") still ends what the block says of the name: read from the candidates, it stays out itself
        # (a pet's or a partner's only: "finally sold my Switch" is no end of a shift switched at work)
        held = {m.memory_id for m in found}
        endings = (
            []
            if past
            else [
                m.doc
                for m in results
                if ended_names(said := display_text(m.doc)) or (m.memory_id in held and ended_things(said))
            ]
        )
        ends = bool(endings)
        if answer_slot in SINGLE_VALUED:  # a change of the asked value the relevance floor cut is its current answer
            found += self._changes_cut(answer_slot, results, found, {*profile.pinned, *(b.memory_id for b in bridge)})
        # a pinned fact said as a change ("現在改吃褪黑激素") changes what is current as a round would; its
        # round, the same words, left the search as its near-duplicate
        pinned_change = not past and any(states_change_strongly(p.text) for p in pinned)
        if changes or answer_slot or ends or pinned_change:

            @cache  # the pinned facts, read once and only when needed
            def pinned_docs() -> list[IndexDocument]:
                return [d for d in (self._index.get(key.tenant_id, key.user_id, p.memory_id) for p in pinned) if d]

            if pinned_change:
                changes += [
                    d
                    for d in pinned_docs()
                    if states_change_strongly(said := display_text(d)) and not opens_with_someone_else(said)
                ]
            gone: set[str] = set()
            behind: set[str] = set()
            if changes:
                gone, behind = _displaced(
                    [m.doc for m in found],
                    changes,
                    pinned_docs(),
                    (self._s.state_change_similarity, self._s.state_change_margin),
                    self._as_asked,
                    self._placed_first,
                    self._s.state_change_standout,
                    asked=lambda d: _cosine_to(qvec, d, self._s.rerank_own_vector_share),
                    relevance_slack=self._s.state_change_relevance_slack,
                )
            if ends:
                gone |= self._outdated_by_ending(found, pinned, pinned_docs, endings, query.text)
            if answer_slot:
                gone |= self._outdated_answers(answer_slot, found, gone, pinned, pinned_docs, qvec, query.text)
            found = [m for m in found if m.memory_id not in gone]
            found = [m for m in found if m.memory_id not in behind] + [m for m in found if m.memory_id in behind]
            pinned = tuple(p for p in pinned if p.memory_id not in gone)  # L4 holds current core facts
        items = bridge + tuple(MemoryItemView(m.memory_id, text, m.score) for m, text in _dated(found, past))
        elapsed = (time.perf_counter() - started) * 1000
        self._metrics.put("retrieval_latency_ms", elapsed, unit="Milliseconds")
        return MemorySlot(pinned=pinned, items=items, retrieval_ms=elapsed, searched=True)

    def _outdated_by_ending(
        self,
        found: list[ScoredMemory],
        pinned: tuple[MemoryItemView, ...],
        pinned_docs: Callable[[], list[IndexDocument]],
        endings: Sequence[IndexDocument] = (),
        question: str = "",
    ) -> set[str]:
        """memory/ended_names.py over the block, the pinned facts and the `endings` the search found: what
        was said of a pet or partner a later item says is gone, or of a thing of the user's a later item
        says is over. Never fails a prompt: the rules only ever remove items."""
        try:
            held = {m.memory_id for m in found}
            docs = [*(m.doc for m in found), *pinned_docs(), *(d for d in endings if d.doc_id not in held)]
            guarded = _guard_ids({p.memory_id for p in pinned})
            return (
                outdated_by_ending(docs, guarded)
                | outdated_by_things_ended(docs, guarded)
                | endings_followed([m.doc for m in found], guarded, question)
            )
        except Exception:
            logger.warning("ended_names_skipped", exc_info=True)
            self._metrics.put("ended_names_skipped", 1)
            return set()

    def _outdated_answers(
        self,
        slot: str,
        found: list[ScoredMemory],
        gone: set[str],
        pinned: tuple[MemoryItemView, ...],
        pinned_docs: Callable[[], list[IndexDocument]],
        qvec: np.ndarray[Any, Any],
        question: str = "",
    ) -> set[str]:
        """memory/current_answer.py over the block: its items placed by their stored vectors or, where a
        rule keyed them, by the key (a pinned fact by its key or not at all). Never fails a prompt: an embedder that
        cannot embed the examples (another model's first question, a network error) leaves the block."""
        block = [m.doc for m in found if m.memory_id not in gone]
        own_share = self._s.rerank_own_vector_share
        try:
            return outdated_answers(
                slot,
                block,
                stored_vectors(block),
                self._placer,
                _guard_ids({p.memory_id for p in pinned}),
                {m.memory_id: m.similarity for m in found},
                self._s.current_answer_cosine_gap,
                self._s.current_answer_min_margin,
                lambda: [(d, _cosine_to(qvec, d, own_share)) for d in pinned_docs() if d.doc_id not in gone],
                self._s.current_answer_kind_gap,
                question,
                self._s.current_answer_told_together_s,
            )
        except Exception:  # the rule only ever removes items: without it the block is as before
            logger.warning("current_answer_skipped", exc_info=True)
            self._metrics.put("current_answer_skipped", 1)
            return set()

    def _changes_cut(
        self, slot: str, results: list[ScoredMemory], found: list[ScoredMemory], shown: set[str]
    ) -> list[ScoredMemory]:
        """The candidates the relevance floor cut that say the asked value changed ("just started as a paralegal
        at a law firm", 0.03 below the bar beside "I work as a line cook") and that a rule keyed to the slot or
        the embedder places first in it, or that name the value by its words, said as news or not
        (`named_by_words`: "小雯今天煮了滷肉飯給我吃，有女朋友真幸福" for "我的另一半叫什麼名字？"): the current answer,
        which shares few words with the question (current_answer.py decides which answer is current). Never
        fails a prompt: an embedder that cannot place leaves the block as it was."""
        held = {m.memory_id for m in found} | shown  # the pinned facts and the bridge are in the prompt already
        cut = [m for m in results if m.memory_id not in held and not opens_with_someone_else(display_text(m.doc))]
        return [
            m
            for m in cut
            if (
                states_change_strongly(display_text(m.doc))
                and (
                    (keyed := keyed_placement(m.doc, slot)) == ((slot,), 1.0)
                    or (keyed is None and self._placed_first(m.doc)[:1] == (slot,))
                )
            )
            # (the slot first: the embedder's classes are read only for a slot named by its words)
            or (slot in NAMED_BY_WORDS and named_by_words(slot, m.doc, self._classes_of(m.doc)))
        ]

    def _classes_of(self, doc: IndexDocument) -> tuple[str, ...]:
        """Every class the embedder places a document's stored vector in, nearest first (`_placed_first`)."""
        vector = stored_vectors([doc]).get(doc.doc_id)
        if vector is None:
            return ()
        try:
            return self._placer.placed(vector)[0]
        except Exception:
            logger.warning("placement_skipped", exc_info=True)
            return ()

    def _older_alike(self, results: list[ScoredMemory], kept: list[ScoredMemory]) -> set[str]:
        """For a question about the past, the candidates said before the best answer that the embedder places
        in the same class first ("nothing beats a cold Sapporo" beside "been drinking Guinness every friday,
        my new thing" for "what beer did I use to drink?"): the former value, which the relevance floor cuts
        because the current one matches the question's words better. Within twice the cosine gap."""
        if not kept:
            return set()
        best = kept[0]
        held = {m.memory_id for m in kept}
        near = [
            m
            for m in results
            if m.memory_id not in held
            and m.doc.created_at < best.doc.created_at
            and best.similarity - m.similarity <= 2 * self._s.memory_relevance_cosine_gap
        ]
        first = self._placed_first(best.doc)[:1] if near else ()
        return {m.memory_id for m in near if first and self._placed_first(m.doc)[:1] == first}

    def _replaced_answers(
        self, question: str, results: list[ScoredMemory], pinned: tuple[MemoryItemView, ...], qvec: np.ndarray[Any, Any]
    ) -> set[str]:
        """What a later answer outdated, for a question about a former value ("where did I use to live?"
        after "my apartment in Brooklyn…" and "keys to my new place in Philly"): no rule superseded it, and
        it shares few words with the question, so the relevance floor would leave it out."""
        slot = slot_asked_before(question) if self._s.current_answer_only else None
        if slot is None:
            return set()
        present = [m for m in results if SUPERSEDED_TAG not in m.doc.topics]
        return self._outdated_answers(slot, present, set(), pinned, list, qvec, question)

    def _slot_by_meaning(self, question: str, qvec: np.ndarray[Any, Any]) -> str | None:
        """The slot the embedder places a question in that no pack's words name (answer_slots.slot_placed),
        when its lead over the next class reaches `current_answer_question_margin`; None when the examples
        cannot be embedded (the block then stays as it was)."""
        if self._s.current_answer_question_margin > 1:
            return None  # off: nothing to place
        try:
            classes, lead = self._placer.placed(qvec / (np.linalg.norm(qvec) or 1.0))
        except Exception:
            logger.warning("placement_skipped", exc_info=True)
            return None
        return slot_placed(question, classes) if lead >= self._s.current_answer_question_margin else None

    def _placed_first(self, doc: IndexDocument) -> tuple[str, ...]:
        """The two classes the embedder places a document's stored vector nearest (current_answer.py's
        examples: job, home, health, pets, family, favourites …); () when it has no vector or the
        examples cannot be embedded (the cosine alone then decides, as before)."""
        return self._classes_of(doc)[:2]

    def _as_asked(self, docs: list[IndexDocument]) -> dict[str, np.ndarray[Any, Any]]:
        """Query-side vectors of the documents' texts, kept by (owner, id, version): a user's pinned
        facts and recent statements recur prompt after prompt, and each embedding costs ~10 ms here.
        Keyed by ids, never by text; a changed record has a new version."""
        out: dict[str, np.ndarray[Any, Any]] = {}
        todo: list[IndexDocument] = []
        for d in docs:
            vec = self._asked.get(_version_key(d)) if d.version else None
            if vec is None:
                todo.append(d)
            else:
                out[d.doc_id] = vec
        if not todo:
            return out
        for d, v in zip(todo, self._embedder.embed([display_text(d) for d in todo]), strict=True):
            out[d.doc_id] = vec = np.asarray(v, dtype=np.float32)
            if d.version:  # version 0: unknown, never kept
                self._asked.put(_version_key(d), vec)
        return out

    def accessed(self, key: SessionKey, memory_ids: list[str], now: float) -> None:
        if self._on_access is not None and memory_ids:
            self._on_access(key.owner, memory_ids, now)


def _normalised(fused: dict[str, float], lifts: Sequence[tuple[set[str], float]]) -> dict[str, float]:
    """Fused scores over the best one's, each lift added in turn and the best brought back to 1;
    empty when nothing scored."""
    top = max(fused.values())
    if top <= 0:
        return {}
    normalised = {doc_id: score / top for doc_id, score in fused.items()}
    for lifted, boost in lifts:
        for doc_id in lifted & normalised.keys():
            normalised[doc_id] += boost
        top = max(normalised.values())
        normalised = {doc_id: score / top for doc_id, score in normalised.items()}
    return normalised


def _answers_nothing(doc: IndexDocument) -> bool:
    if doc.namespace != Namespace.ROUND.value:
        return False
    text = display_text(doc)
    return asks_only(text) or is_greeting_only(text)


class Displaced(NamedTuple):
    gone: set[str]  # out of this prompt
    behind: set[str]  # kept, after the rest of the block


def _displaced(
    found: list[IndexDocument],
    changes: list[IndexDocument],
    pinned: list[IndexDocument],
    bar: tuple[float, float],
    embed: Callable[[list[IndexDocument]], dict[str, np.ndarray[Any, Any]]],
    placed: Callable[[IndexDocument], tuple[str, ...]] = lambda d: (),
    standout: float = 1.0,
    asked: Callable[[IndexDocument], float] | None = None,
    relevance_slack: float = 2.0,
) -> Displaced:
    """For a question about the present: the items (retrieved or pinned) that a later item in the
    block reports as changed ("I work at a bank" before "I changed jobs, I'm a teacher now"), which
    stay out of this prompt. Supersession does this at write time when the two carry one subject
    key; this catches what the rules could not key ("醫生讓我改吃立普能" has no medicine name a rule
    knows). Nothing is hidden for good: a question about the past, or any search, still finds the
    earlier item. `changes`: the items of `found` that report a change. The texts are compared as
    `embed` (query-side, e5's "query: ") gives them, not by their stored passage vectors: measured on
    the changed-facts tune half, two values of one attribute and unrelated statements of one user
    separate at 0.86 that way (81 % / 22 % above it) and worse as passages (85 % / 66 % at 0.86,
    81 % / 34 % at 0.88). `bar`: that similarity, and the margin below the change's closest earlier
    item within which an item goes too — one change replaces one value, and a user's unrelated
    statements sit at 0.81-0.87 from any of theirs. `embed` takes documents and may answer from a
    cache: only the items a change could displace are embedded, with the changes. `placed`: the
    embedder's two nearest classes of a document (job, home, health, pet …); a change said only by a
    word of when ("now", 最近, 요즘) displaces by cosine only an item of its kind — the first class of
    each among the other's two. On a 24-fact history "my cat is diabetic now" had taken the inhaler
    out of "which inhaler am I on?" and "요즘 헬스장 다녀요" the job at Pangyo: a user's statements sit
    0.83-0.88 from each other. A change said as one ("switched", 改吃, 辞めた) is held to the same: in a
    40-fact history "上禮拜搬到新北板橋了" had taken a trip to Kyoto, a yoga class and a son's school out
    (e5 places a user's statements in Chinese 0.86-0.88 from each other); it may also displace an event
    said with its day. Two values of one thing placed apart ("吃了史蒂諾斯還是睡不好" as health, "現在改吃
    褪黑激素了" as diet) still meet when the earlier stands out. `asked`: an item's cosine to the
    question; a change more than `relevance_slack` below the item it would displace is not what the
    question asks about."""
    docs = [*found, *pinned]
    guarded = _guard_ids({d.doc_id for d in pinned})

    # what a cosine could decide: not guarded, and said before some change (by another turn)
    compared = {d.doc_id for d in docs if not guarded(d) and any(_said_after(n, d) for n in changes)}
    wanted = {d.doc_id: d for d in docs if d.doc_id in compared} | {n.doc_id: n for n in changes}
    unit = embed(list(wanted.values())) if compared else {}
    similarity, margin = bar

    def cos(n: IndexDocument, d: IndexDocument) -> float:
        return float(np.dot(unit[n.doc_id], unit[d.doc_id]))

    # per change, the items it could displace, closest first
    earlier = {
        n.doc_id: sorted(
            ((cos(n, d), d) for d in docs if d.doc_id in compared and _said_after(n, d)), key=lambda p: -p[0]
        )
        for n in changes
    }
    strong = {n.doc_id for n in changes if states_change_strongly(display_text(n))}
    kinds = {d.doc_id: placed(d) for d in [*changes, *(d for d in docs if d.doc_id in compared)]}

    def stands_out(n: IndexDocument) -> set[str]:
        """The turn of the change's closest earlier item when it is closer than any other turn's by
        `standout`: one value it replaces, not one of a crowd of a user's statements."""
        if not earlier[n.doc_id]:
            return set()
        best, turn = earlier[n.doc_id][0][0], set(earlier[n.doc_id][0][1].source_ids)
        rest = [c for c, d in earlier[n.doc_id] if not set(d.source_ids) & turn]
        return turn if not rest or best - rest[0] >= standout else set()

    singled = {n.doc_id: stands_out(n) for n in changes} if standout < 1 else {}

    # events said with their day: read once, asked of every pair below
    dated = {d.doc_id for d in docs if d.doc_id in compared and names_a_date(display_text(d))}

    def same_kind(n: IndexDocument, d: IndexDocument) -> bool:
        if d.doc_id in dated and n.doc_id not in strong:
            return False  # an appointment is no state a word of when replaces
        a, b = kinds[n.doc_id], kinds[d.doc_id]
        return not a or not b or (a[0] in b and b[0] in a) or bool(set(d.source_ids) & singled.get(n.doc_id, set()))

    # per change, the bar: the similarity, and no further than `margin` below its closest earlier item
    # of its kind
    closest = {n.doc_id: max((c for c, d in earlier[n.doc_id] if same_kind(n, d)), default=2.0) for n in changes}

    # how near each item is to the question: a change far less near to it than an item is not what the
    # question asks about ("秋天那趟出國是去哪" and "上禮拜搬到新北板橋了": the trip stays)
    near = {d.doc_id: asked(d) for d in [*changes, *(d for d in docs if d.doc_id in compared)]} if asked else {}

    def about_the_question(n: IndexDocument, d: IndexDocument) -> bool:
        return not near or near[n.doc_id] >= near[d.doc_id] - relevance_slack

    # a change that only gives a value up ("so I'm no longer vegetarian") displaces what names that value,
    # not the new one said before it in other words ("I started eating meat again")
    giving_up = {n.doc_id: naming_tokens(said) for n in changes if gives_up_only(said := display_text(n))}
    names_in: dict[str, set[str]] = {}  # a document's naming tokens, read once however many changes ask

    def of_what_ends(n: IndexDocument, d: IndexDocument) -> bool:
        if n.doc_id not in giving_up:
            return True
        if d.doc_id not in names_in:
            names_in[d.doc_id] = naming_tokens(display_text(d))
        return bool(giving_up[n.doc_id] & names_in[d.doc_id])

    def displaced(d: IndexDocument) -> bool:
        if d.doc_id in compared:
            return any(
                _displaces(
                    n,
                    d,
                    cos(n, d) if same_kind(n, d) and about_the_question(n, d) and of_what_ends(n, d) else 0.0,
                    max(similarity, closest[n.doc_id] - margin),
                )
                for n in changes
            )
        return any(_displaces(n, d, 0.0, 2.0) for n in changes)  # the subject keys alone

    gone = {d.doc_id for d in docs if displaced(d)}
    # an item a weak change would have displaced but for its kind stays, behind the rest: the current
    # value first if the placement was wrong, nothing lost if it was right
    nearest = {n.doc_id: earlier[n.doc_id][0][0] if earlier[n.doc_id] else 2.0 for n in changes}
    behind = {
        d.doc_id
        for d in docs
        if d.doc_id in compared
        and d.doc_id not in gone
        and d.doc_id not in dated
        and any(
            _said_after(n, d)
            and not same_kind(n, d)
            and about_the_question(n, d)
            and cos(n, d) >= max(similarity, nearest[n.doc_id] - margin)
            for n in changes
        )
    }
    # what a displaced round said goes with it: its facts ("User drives a Honda", rewritten, sits
    # further from the change's words than "I drive a Honda" does)
    stale_turns = {ref for d in docs if d.doc_id in gone for ref in d.source_ids}
    current_turns = {ref for n in changes for ref in n.source_ids}
    said_with = {
        d.doc_id
        for d in docs
        if not guarded(d) and set(d.source_ids) & stale_turns and not set(d.source_ids) & current_turns
    }
    return Displaced(gone | said_with, behind - said_with)


def _guard_ids(pinned_ids: set[str]) -> Callable[[IndexDocument], bool]:
    """A pinned safety fact (allergy, medicine, condition) goes only for its own subject key:
    leaving one out of a care bot's prompt on a cosine is the worst mistake a read-time rule can make."""
    return lambda d: d.doc_id in pinned_ids and bool(SAFETY_TOPICS & set(d.topics))


def _said_after(later: IndexDocument, earlier: IndexDocument) -> bool:
    """Later, and by another turn (a round and its fact are said together)."""
    return later.created_at > earlier.created_at and not set(later.source_ids) & set(earlier.source_ids)


def _displaces(later: IndexDocument, earlier: IndexDocument, cosine: float, similarity: float) -> bool:
    return _said_after(later, earlier) and (replaces_subject(later.topics, earlier.topics) or cosine >= similarity)


def _version_key(d: IndexDocument) -> tuple[str, str, str, int]:
    return (d.tenant_id, d.user_id, d.doc_id, d.version)


def _without_borrowed(found: list[ScoredMemory], query: str) -> list[ScoredMemory]:
    """A round is indexed with the rounds around it (L5), so one that says little of what the
    question asks is found through a neighbour: when that neighbour is in the block and shares
    at least BORROWED_RATIO times as many of the question's words and is as near it in meaning, the
    round only brings its own, unrelated news ("my cat was sick today" beside "I've been breathless on
    waking" for a breathing question)."""
    asked = set(analyze(query))
    if not asked:
        return found
    shared = {m.memory_id: len(asked & set(analyze(display_text(m.doc)))) for m in found}
    kept = []
    for m in found:
        if m.doc.namespace == Namespace.ROUND.value:
            keys = m.doc.text.partition(EXPANSION_MARKER)[2]
            # a round nearer the question in meaning than the neighbour is found for itself ("booked it!!
            # lisbon for my 40th" for "where am I heading for the big birthday getaway?")
            lender = (
                o
                for o in found
                if o is not m
                and shared[o.memory_id] >= BORROWED_RATIO * max(shared[m.memory_id], 1)
                and o.similarity >= m.similarity
            )
            if any(display_text(o.doc) in keys for o in lender):
                continue
        kept.append(m)
    return kept


def _lexical_coverage(query: str, text_hits: list[Hit], concepts: Sequence[ConceptMatch] = ()) -> float:
    """The share of the question's words the best lexical match holds: how much a full lexical
    score is worth. BM25 normalised by its best hit calls any best match complete, even one that
    shares only "do" and "I" with a question asked in other words. Function words ("what", "have",
    제, です) count only in a question made of nothing else: "What kind of car do I have?" and
    "I have a dentist check-up" share no topic. A concept the question names counts as held when
    the match says it in other words ("herbs" by "basil", 海産物 by エビ)."""
    asked = topic_tokens(set(analyze(query)))
    best = max(text_hits, key=lambda h: h.score, default=None)
    if not asked or best is None or best.score <= 0:
        return 1.0
    held = set(analyze(best.doc.text))
    covered = asked & held
    said = best.doc.text.lower()
    for match in concepts:
        if any(_says(w, held, said) for w in match.added):
            covered |= asked & set(analyze(" ".join(match.said)))
    return len(covered) / len(asked)


def _says(word: str, held: set[str], text: str) -> bool:
    """A concept word is in a text: as whole words for a spaced script; as a substring for the others,
    whose one-character words (夫, 兄) the index's character pairs never hold alone."""
    if word.isascii():
        return bool(words := set(analyze(word))) and words <= held
    return word.lower() in text


def _cosine_to(qvec: np.ndarray[Any, Any], doc: IndexDocument, own_share: float = 0.0) -> float:
    """Our own inner product with the (normalised) query vector, not the index's score: every
    adapter then ranks alike. A round indexed with its context counts its own words' by `own_share`."""
    if not doc.vector:
        return 0.0
    indexed = float(np.dot(qvec, np.asarray(doc.vector, dtype=np.float32)))
    if not doc.own_vector or own_share <= 0:
        return indexed
    own = float(np.dot(qvec, np.asarray(doc.own_vector, dtype=np.float32)))
    return (1 - own_share) * indexed + own_share * own


def _passes(doc: IndexDocument, flt: SearchFilter) -> bool:
    """A document read by id meets the filter the search ran with (owner checked by the index)."""
    return (
        doc.namespace in flt.namespaces
        and doc.status in flt.statuses
        and (flt.persona_ids is None or doc.persona_id in flt.persona_ids)
        and (flt.now is None or doc.expires_at is None or doc.expires_at > flt.now)
        and (flt.created_from is None or doc.created_at >= flt.created_from)
        and (flt.created_to is None or doc.created_at <= flt.created_to)
    )


def _day(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d")


def _dated(found: list[ScoredMemory], past: bool) -> list[tuple[ScoredMemory, str]]:
    """Only currently valid facts reach the prompt: a superseded fact ("works at Google" after
    "now works at Stripe") and the rounds that stated it stay out, unless the question asks how
    things were before ("where did I use to work?"): then they come with the date they held
    until, what replaced them with the date it holds from, and everything else with its date,
    so the model can tell the history from the present."""
    if not past:
        return [(m, display_text(m.doc)) for m in found]
    replaced = {subject_of(m.doc.topics) for m in found if SUPERSEDED_TAG in m.doc.topics} - {None}
    out: list[tuple[ScoredMemory, str]] = []
    for m in found:
        text = display_text(m.doc)
        if SUPERSEDED_TAG in m.doc.topics:
            text = f"{text} (until {_day(m.doc.updated_at)})"
        elif subject_of(m.doc.topics) in replaced:
            text = f"{text} (since {_day(m.doc.created_at)}, current)"
        else:
            text = f"{text} ({_day(m.doc.created_at)})"
        out.append((m, text))
    return out
