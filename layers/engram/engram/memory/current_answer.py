"""One current answer: a question after a value one holds one at a time (job, home, diet, partner)
keeps only the latest statement of it in a prompt about the present.

Supersession does this at write time when both statements carry one subject key, and `_displaced`
(retrieval.py) when the later one says it is a change ("now", "switched"). Users often say neither:
"long day at the bakery again" and, weeks later, "starting as a receptionist at a dental clinic on
monday". Here the question names the slot (language/answer_slots.py) and the embedder places each
statement in the block among example statements of every class (the slots and contrast classes:
favourites, health, pets, family, small talk); the latest statement placed in the slot is the current answer,
and earlier statements near the slot leave this prompt (a question about the past still gets them).

Placement reads the vectors the index already stores for each statement's own words (passage side,
as the examples are embedded), so a question pays no embedding; a statement a rule keyed is placed by
its subject. On the tune halves of sets F and G (other authors), the new value's statement of a job,
home, diet or partner change comes first in its slot in 24 of 28 (query-side vectors: 26, but they
cost ~10-40 ms a statement on the request path and read "second violin in a community orchestra" as
work)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from threading import Lock
from typing import Any

import numpy as np

from engram.language.analysis import analyze
from engram.language.answer_slots import (
    ONE_OF_A_KIND,
    about_someone_else,
    away_from_home,
    employer_named,
    ended_things,
    job_words,
    names_model,
    names_partner,
    names_pastime,
    names_someone,
    names_someone_else_by_word,
    opens_with_someone_else,
    said_over_spans,
    slot_examples,
)
from engram.language.fact_kinds import SAFETY_TOPICS
from engram.language.function_words import function_tokens
from engram.language.places import city_key, named_places
from engram.language.tense import asks_about_past, former_state_spans, states_change, states_change_strongly
from engram.memory.models import SUBJECT_TAG, IndexDocument
from engram.memory.projection import display_text
from engram.memory.switches import PARTNERS

Vectors = Mapping[str, np.ndarray[Any, Any]]  # doc id -> the stored (passage-side) unit vector of its own text
NEAREST = 2  # a class's score: the mean of its NEAREST examples' cosines
# a statement naming a city is placed at home when home is among the embedder's first PLACE_NEAR classes
PLACE_NEAR = 3
# ... counted without the classes of things one owns: a commute's bus or train sits near the car and the
# phone, which would push home out of a city statement's first classes
THINGS = frozenset({"vehicle", "phone"})


def _among_first(cls: str, classes: tuple[str, ...]) -> bool:
    return cls in [c for c in classes if c not in THINGS][:PLACE_NEAR]


# the subject key an extraction rule gives each slot's statements (memory/models.py)
# (the partner: a husband, a wife or a partner — "妻の真理子が…" after "彼女のあやかとは…")
SLOT_SUBJECTS: Mapping[str, frozenset[str]] = {
    "job": frozenset({"job"}),
    "home": frozenset({"lives_in"}),
    "diet": frozenset({"diet"}),
    "partner": PARTNERS,
}
# ... and the key prefixes of the kinds one holds one of per category (fact_kinds.py: "favourite:drink"),
# read only when the question asks such a kind: for the other slots they stay keyed elsewhere
# (not "likes:": dislikes share it, and one likes many things; not "hobby:": one has several)
KIND_SUBJECTS: Mapping[str, tuple[str, ...]] = {"likes": ("favourite:",)}
KEYED_ELSEWHERE = "keyed"  # a document a rule keyed to some other subject
OF_A_VALUE = 0.5  # how clearly a document keyed to a value of a slot's key is placed in the slot


def stored_vectors(docs: Sequence[IndexDocument]) -> dict[str, np.ndarray[Any, Any]]:
    """The vectors the index already holds for the documents' own words: a round's `own_vector` (its
    `vector` also blends the round before), a fact's `vector`. Nothing is embedded on the request path."""
    out: dict[str, np.ndarray[Any, Any]] = {}
    for d in docs:
        vec = d.own_vector or d.vector
        if vec:
            v = np.asarray(vec, dtype=np.float32)
            out[d.doc_id] = v / (np.linalg.norm(v) or 1.0)
    return out


def keyed_placement(doc: IndexDocument, asked: str = "") -> tuple[tuple[str, ...], float] | None:
    """Where a rule already put a document (its subject tags: a fact's, or those a round set); None
    when no rule keyed it, and the embedder's placement decides. A favourite is placed in its slot
    only when the question (`asked`) is after one."""
    subjects = {t[len(SUBJECT_TAG) :] for t in doc.topics if t.startswith(SUBJECT_TAG)}
    for slot, keys in SLOT_SUBJECTS.items():
        if keys & subjects:
            return (slot,), 1.0
    for slot, keys in SLOT_SUBJECTS.items():
        # a value of the slot's key said as not held ("diet:ベジタリアン" from ベジタリアンはやめた, "I don't eat
        # pork"): the slot's, though weaker than the key itself (it outdates no statement a rule keyed)
        if any(s.startswith(f"{key}:") for key in keys for s in subjects):
            return (slot,), OF_A_VALUE
    prefixes = KIND_SUBJECTS.get(asked, ())
    if prefixes and any(s.startswith(prefixes) for s in subjects):
        return (asked,), 1.0
    return ((KEYED_ELSEWHERE,), 1.0) if subjects else None


class SlotPlacer:
    """Places a statement's stored (passage-side) vector among the example statements' classes. The
    examples are embedded on the same side once per process, on the first question that names a slot
    (adapters/embedders/example_vectors.py ships them for the local model)."""

    def __init__(self, embed: Callable[[Sequence[str]], Any]) -> None:
        self._embed = embed
        self._lock = Lock()
        self._classes: tuple[str, ...] = ()
        self._examples: list[np.ndarray[Any, Any]] = []

    def _ready(self) -> None:
        if self._examples:  # set once, whole: read without the lock after that
            return
        with self._lock:
            if self._examples:
                return
            pairs = slot_examples()
            vectors = np.asarray(self._embed([text for _, text in pairs]), dtype=np.float32)
            classes = tuple(dict.fromkeys(cls for cls, _ in pairs))
            # the classes first: a reader that sees the examples (read without the lock) sees them too
            self._classes = classes
            self._examples = [vectors[[i for i, (c, _) in enumerate(pairs) if c == cls]] for cls in classes]

    def placed(self, vector: np.ndarray[Any, Any]) -> tuple[tuple[str, ...], float]:
        """The classes, nearest first, and how much nearer the first is than the second."""
        self._ready()
        scores = np.array([float(np.sort(examples @ vector)[-NEAREST:].mean()) for examples in self._examples])
        order = np.argsort(scores)[::-1]
        return tuple(self._classes[i] for i in order), float(scores[order[0]] - scores[order[1]])


# the slots whose statements are placed by the words they name (a make or a model, a school, a workplace:
# the pack's `models`), where e5 alone places them elsewhere
PLACED_BY_WORDS = frozenset({"home", "hobby", "partner", "job", "school", *THINGS})


def _named_in_slot(slot: str, doc: IndexDocument, classes: tuple[str, ...]) -> bool:
    """A statement that names the slot's value, which the embedder places elsewhere with the slot close
    behind, is the slot's. Home: a city said without a verb of living ("one perk of living in Brooklyn",
    台北的捷運今天又擠到爆, 서울 집값 진짜 미쳤다), not a trip, a plan or one's origin (a trip to Osaka is not
    a move there). The pastime: a class, a lesson or a place one trains at ("first session at the
    climbing gym this morning", 今天去上拳擊課, 오늘 복싱장 첫날인데, read by e5 as a first day at work). A
    car or a phone: a make or model ("bought a Mazda CX-5 over the weekend", 上個月牽了一台RAV4, read as a
    pastime or a home), with the thing among the first PLACE_NEAR + 1 classes counted with every class;
    a school or a workplace by its words ("the commute to UCLA is brutal but the campus is gorgeous", "CJ대한통운
    사무실은 에어컨 빵빵해서 천국이다", read as a home first).
    Never a health note ("我對盤尼西林過敏，之前在台北看過急診" names a city)."""
    if classes[:1] == ("health",) or SAFETY_TOPICS & set(doc.topics):
        return False
    text = display_text(doc)
    if slot == "home":
        return _among_first("home", classes) and bool(named_places(text)) and not away_from_home(text)
    if slot == "hobby":
        return _among_first("hobby", classes) and names_pastime(text)
    if slot == "partner":  # named with a word for a partner, however e5 reads it (slot_pack.partner_words)
        return names_partner(text)
    return slot in classes[: PLACE_NEAR + 1] and names_model(slot, text)


# the slots whose value a statement names by words alone (a word for a partner, a make or a model, a school or a
# workplace): such a statement is the slot's answer even when it shares few words with the question
NAMED_BY_WORDS = frozenset({"partner", "job", "school", *THINGS})


def named_by_words(slot: str, doc: IndexDocument, classes: tuple[str, ...]) -> bool:
    """A statement no rule keyed that names the slot's value by its words (`_named_in_slot`), for the slots
    in NAMED_BY_WORDS; `classes`: the embedder's, nearest first. A job only by its employer's name ("판교 카카오
    사옥…"): a workplace word alone (上班, 同事, 회사) names no value, and a remark about work is no answer."""
    if slot not in NAMED_BY_WORDS or keyed_placement(doc, slot) is not None:
        return False
    if slot == "job" and not _names_an_employer(employer_named(display_text(doc))):
        return False
    return _named_in_slot(slot, doc, classes)


def _of_the_kind_named(slot: str, question: str, doc: IndexDocument) -> bool:
    """A pastime question that names its kind ("what class am I taking?", 어디서 운동해) is answered by every
    statement naming a class, a lesson or a place to train, however far its cosine (e5 reads "first salsa
    class tonight, I stepped on everyone's feet" 0.02 further from the question than the pottery class)."""
    return slot == "hobby" and names_pastime(question) and names_pastime(display_text(doc))


def _embedded_classes(
    doc: IndexDocument, placing: Mapping[str, tuple[tuple[str, ...], float]], vectors: Vectors, placer: SlotPlacer
) -> tuple[str, ...]:
    """The embedder's classes for a document no rule keyed to a slot: one a rule keyed to another
    subject ("…会社に着く前に疲れる", a symptom) still names a city the embedder can weigh."""
    keyed = keyed_placement(doc)
    if keyed is None:
        return placing[doc.doc_id][0] if doc.doc_id in placing else ()
    if keyed[0] != (KEYED_ELSEWHERE,) or doc.doc_id not in vectors:
        return ()
    return placer.placed(vectors[doc.doc_id])[0]


def _answered_worse(
    current: IndexDocument,
    docs: Sequence[IndexDocument],
    extra: Sequence[tuple[IndexDocument, float]],
    near: Mapping[str, float],
    gap: float,
) -> set[str]:
    """What the current answer may outdate: a later statement that answers the question clearly less
    well than an earlier one leaves it (a passing remark, "work was so busy today", does not outdate
    the statement the question found first). Clearly: ranked below it, or a cosine to the question
    more than `gap` below its own (the fused rank also weighs words the question shares, 今日 with 今,
    근무 with nothing). A pinned fact the search did not rank (`extra`) is outdated only by the
    question's best answer, by the same measure ("work was so busy today" ranked first leaves "User
    works as a receptionist at a dental clinic")."""
    ranked = [d for d in docs if d.doc_id in near] if near else list(docs)
    after = {d.doc_id for d in ranked[ranked.index(current) + 1 :]} if current in ranked else set()
    below = after | {
        d.doc_id
        for d in docs
        if d.doc_id in near and current.doc_id in near and near[current.doc_id] >= near[d.doc_id] - gap
    }
    if near and ranked and ranked[0] is current:
        below |= {d.doc_id for d, cos in extra if near[current.doc_id] >= cos - gap}
    return below


def _other_city(
    current: IndexDocument, docs: Sequence[IndexDocument], placing: Mapping[str, tuple[tuple[str, ...], float]]
) -> set[str]:
    """A move said by naming the new city (台北的捷運…, weeks later 台南的早餐…來這邊才一個月): when the
    embedder places the current answer first at home and it names a city (not as a trip), an earlier statement of home
    naming another city is out of date however close each is to the question — two cities are no
    passing remark beside a home."""
    here = {city_key(n) for n in named_places(display_text(current))}
    if not here or away_from_home(display_text(current)) or placing.get(current.doc_id, ((), 0.0))[0][:1] != ("home",):
        return set()
    return {
        d.doc_id for d in docs if (there := {city_key(n) for n in named_places(display_text(d))}) and not there & here
    }


def _gives_up_another(d: IndexDocument, current: IndexDocument) -> bool:
    """A statement, by another turn than the current answer's, that only says a value is over or was
    ("so I'm no longer vegetarian", "used to be all about Arctic Monkeys", "I quit pottery",
    ベジタリアンはやめた) answers a question about the past, said before the current answer or after it.
    Never when the current answer names what it gives up ("I'm vegetarian" is no current answer beside
    a later "no longer vegetarian": the change is what the prompt must keep)."""
    said = display_text(d)
    if not gives_up_only(said):
        return False
    over = ended_things(said)
    now = display_text(current)
    if set(d.source_ids) & set(current.source_ids):
        # of the current answer's own turn: an ending it says whole ("…ようになった。ベジタリアンはやめたんだ")
        return d is not current and said in now
    if over:
        return not any(thing in now.lower() for thing in over)
    return not naming_tokens(said) & naming_tokens(now)


def _employer_words(named: str) -> set[str]:
    """The words an employer named by its office or canteen (`employer_named`'s "the Spotify office") is named
    by: "spotify"."""
    return naming_tokens(job_words().sub(" ", named)) if named else set()


# words an office or a canteen is named by that name no employer: a day or a time ("Today office was packed",
# 오늘 사무실), a size or an age ("Huge office party")
_NO_EMPLOYER = re.compile(
    r"(?:today|tonight|yesterday|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend|morning|evening|every"
    r"|whole|huge|big|small|new|old|main|open|shared|home|head|其他|今天|昨天|明天|每天|今日|昨日|明日|毎日|오늘|어제|내일|매일)"
    r"(?:の|的)?",
    re.IGNORECASE,
)


def _names_an_employer(named: str) -> bool:
    """An office or a canteen (`employer_named`'s) named by its employer's name ("the Spotify office", 聯發科員工餐廳,
    楽天の社食), not by a day, a size or a city: a branch ("our Chicago office", 東京のオフィス) is no other employer
    than the job's."""
    name = job_words().sub(" ", named).strip()  # "Whole Foods" of "Whole Foods office": a name, not a size
    return bool(name) and not _NO_EMPLOYER.fullmatch(name) and not named_places(named)


def gives_up_only(said: str) -> bool:
    """The statement says a value is over or was, and gives none before or after it ("I quit pottery, it got too
    expensive", "so I'm no longer vegetarian", ベジタリアンはやめたんだ) — not "テニスはやめて、今は料理教室に
    通ってる" or "I quit the law firm and I'm now working as…", which give the new value too."""
    spans = [*said_over_spans(said), *former_state_spans(said)]
    if not spans:
        return False
    # "最近またお肉食べるようになった。ベジタリアンはやめたんだ": the value is said before the end
    return not states_change(said[: min(a for a, _ in spans)]) and not states_change(said[max(b for _, b in spans) :])


def naming_tokens(text: str) -> set[str]:
    """The words a statement names things by, as the index reads them (function words and runs of two
    kana out: "なっ", "よう" say nothing of a value)."""
    return {t for t in analyze(text) if t not in function_tokens() and not all("\u3040" <= ch <= "\u309f" for ch in t)}


def outdated_answers(
    slot: str,
    docs: Sequence[IndexDocument],
    vectors: Vectors,
    placer: SlotPlacer,
    guarded: Callable[[IndexDocument], bool],
    closeness: Mapping[str, float] | None = None,
    gap: float = -1.0,
    margin: float = 0.0,
    pinned: Callable[[], Sequence[tuple[IndexDocument, float]]] = tuple,
    kind_gap: float = 0.0,
    question: str = "",
    told_together_s: float = 0.0,
) -> set[str]:
    """The documents that an answer to `slot` said later leaves out of date. `docs`: the block in
    rank order (the question's best match first); `vectors`: their stored vectors (one a rule keyed is
    placed by its key, `keyed_placement`; one with neither is not placed); `pinned`: the pinned facts
    with their cosine to the question, read only when the block holds an answer (each is a read of the
    index): a later one keyed to the slot is the current answer, and an earlier one goes only for the
    question's best match. The current answer: the latest statement placed first in the slot
    that speaks neither of a former state ("I used to work at a bank") nor of someone else ("my son
    works at…"); out of date: what was said before it, by another turn, placed first in the slot too
    and answering the question no better (`closeness`, `gap`: below), and the facts said with those
    rounds. The current answer's slot must lead the next class by `margin`. `guarded` documents never
    go. A slot of which one holds one per kind (a favourite drink beside a favourite show) has its
    answers among the statements whose cosine to the question is within `kind_gap` of the best one's, and
    those of the kind the `question` names ("what class am I taking?" and every class named):
    the later favourite show is no current answer to "what's my go-to drink?". What was said within
    `told_together_s` seconds before the current answer is told with it ("メルカリのオフィス、景色がすごい",
    a minute later "入社したばかりで…"): the same value, which the later words do not outdate."""
    placing = {
        d.doc_id: keyed or placer.placed(vectors[d.doc_id])
        for d in docs
        if (keyed := keyed_placement(d, slot)) is not None or d.doc_id in vectors
    }
    placed = {doc_id: classes[0] for doc_id, (classes, _) in placing.items()}
    if slot in PLACED_BY_WORDS:
        placed |= {
            d.doc_id: slot for d in docs if _named_in_slot(slot, d, _embedded_classes(d, placing, vectors, placer))
        }
    # a fact rewritten from a round keeps its words, not always its subject ("一個人住在鹿港" from
    # "阿嬤…一個人住在鹿港"): a turn that names someone else names them for all it said
    others = {ref for d in docs if about_someone_else(display_text(d)) for ref in d.source_ids}
    # ... but a statement a rule keyed to the slot is the user's when it only mentions someone ("我在生酮 …白飯都給
    # 同事", "…我媽覺得我瘋了": the rule read whose it is); one whose turn opens with someone else is theirs
    theirs = {ref for d in docs if opens_with_someone_else(display_text(d)) for ref in d.source_ids}

    def in_slot(d: IndexDocument) -> bool:
        return placed.get(d.doc_id) == slot

    def gives_a_value(d: IndexDocument) -> bool:
        # a value keyed as not held ("I don't eat pork", ベジタリアンはやめた) is no answer of what one holds
        return in_slot(d) and keyed_placement(d, slot) != ((slot,), OF_A_VALUE)

    def own(d: IndexDocument) -> bool:
        if slot == "partner":
            return True
        if (keyed_placement(d, slot) or ((), 0.0))[0] == (slot,):
            return not (opens_with_someone_else(display_text(d)) or set(d.source_ids) & theirs)
        if slot in THINGS:  # a car or a phone is "she" as often as a person is
            return not names_someone_else_by_word(display_text(d))
        return not (about_someone_else(display_text(d)) or set(d.source_ids) & others)

    # the turns whose words a rule keyed to the slot: what the embedder alone placed there is weaker
    # evidence ("通勤は東横線…" reads as work to e5) and outdates none of them
    keyed_turns = {ref for d in docs if placing.get(d.doc_id) == ((slot,), 1.0) for ref in d.source_ids}

    def rule_keyed(d: IndexDocument) -> bool:
        return bool(set(d.source_ids) & keyed_turns)

    answers = [
        d
        for d in docs
        if gives_a_value(d)
        # "where do I live?" is answered by a place: a home statement naming none ("the school field
        # near home") is no current answer, unless a rule keyed its turn
        and (slot != "home" or rule_keyed(d) or bool(named_places(display_text(d))))
        # placed clearly: a statement halfway between two classes ("second violin in a community
        # orchestra": work or a hobby?) outdates nothing
        and placing[d.doc_id][1] >= margin
        and not asks_about_past(display_text(d))
        and own(d)
        # a trip, a plan or an origin names a city and is no home ("thinking about moving to Denver")
        and not (slot == "home" and away_from_home(display_text(d)))
        # "who is my partner?" is answered by a name: "남친 생일이 크리스마스 이브라" tells of the one named before
        and (slot != "partner" or names_someone(display_text(d)))
        # "what car do I drive?" by a make or a model: "the car's AC died again" names none
        and (slot not in THINGS or names_model(slot, display_text(d)))
    ]
    # one of a kind: the statements that answer the question about as well as its best answer do
    near = dict(closeness or {})
    bar = max((near.get(d.doc_id, -2.0) for d in answers), default=-2.0) - kind_gap

    def rival(d: IndexDocument) -> bool:
        return slot not in ONE_OF_A_KIND or near.get(d.doc_id, -2.0) >= bar or _of_the_kind_named(slot, question, d)

    answers = [d for d in answers if rival(d)]
    if not answers:
        return set()
    current = max(answers, key=lambda d: d.created_at)
    # a pinned fact a rule keyed to the slot, said after the block's latest answer, is the current
    # answer (the rule would have replaced the earlier one had a rule keyed it too): read the pinned
    # facts when the block has an answer to compare (each is a read of the index)
    have = {d.doc_id for d in docs}
    extra = [(d, cos) for d, cos in pinned() if d.doc_id not in have]
    placed |= {d.doc_id: keyed[0][0] for d, _ in extra if (keyed := keyed_placement(d, slot)) is not None}
    near |= {d.doc_id: cos for d, cos in extra}
    later = [
        d
        for d, _ in extra
        if gives_a_value(d)
        and own(d)
        and rival(d)
        and d.created_at > current.created_at
        and not set(d.source_ids) & set(current.source_ids)  # a fact of its own turn says no more than it
        and not asks_about_past(display_text(d))
    ]
    every = [*docs, *(d for d, _ in extra)]
    if later:
        current = max(later, key=lambda d: d.created_at)
    if gives_up_only(display_text(current)):
        # a turn that only gives a value up is no current answer beside a value given as a change, or two
        # values given, pinned or not ("全素", "最近開始吃肉了", "我已經不吃素了": the meat is current); beside one
        # value said plainly it is that one's news ("I'm vegetarian", "我已經不吃素了")
        pinned_answers = [d for d, _ in extra if gives_a_value(d) and own(d) and rival(d)]
        giving = [
            d
            for d in [*answers, *pinned_answers]
            if not gives_up_only(said := display_text(d)) and not asks_about_past(said)
        ]
        latest = max(giving, key=lambda d: d.created_at, default=None)
        if latest is not None and (
            len({ref for d in giving for ref in d.source_ids[:1]}) > 1 or states_change(display_text(latest))
        ):
            current = latest
    # no passing remark: it outdates what a rule keyed and what answers the question better. So is a
    # pinned fact keyed to the slot; a latest answer that says it is new ("first week as a bank teller",
    # 새로 뽑은 쏘렌토, 在保險公司當業務第一個月); a partner named by a rule ("妻の真理子が…") or with a word for
    # one ("been seeing this guy Marco") after another ("彼女のあやかとは…"): two people named as one's partner,
    # however well the earlier matches the question
    beyond_doubt = (
        bool(later)
        or states_change_strongly(display_text(current))
        or (slot == "partner" and (rule_keyed(current) or names_partner(display_text(current))))
    )
    # a home that names a city after one that named another: even one a rule keyed ("名古屋の実家暮らし"
    # keyed, "仙台のアパート、壁薄くて…" placed at home by e5) — two cities are no passing remark beside a home
    elsewhere = _other_city(current, every, placing) if slot == "home" else set()
    if beyond_doubt:
        below = {d.doc_id for d in every}
    else:
        below = _answered_worse(current, docs, extra, closeness or {}, gap) | elsewhere
    now_said = set(current.source_ids)
    # an employer named by its office or canteen ("the Spotify office…", 聯發科員工餐廳) names the job as a rule's
    # key would: it outdates a job a rule keyed ("在台積電上班"), and no statement naming the same employer
    named = employer_named(display_text(current)) if slot == "job" else ""
    employer = _employer_words(named)
    keyed_now = rule_keyed(current) or (bool(employer) and _names_an_employer(named))
    changed_now = states_change_strongly(display_text(current))

    def before(d: IndexDocument) -> bool:
        return (
            d.doc_id in below
            # told together: kept, unless said plainly (keyed) before a change said in so many words ("I work at
            # the bakery", ten minutes later "just started a new job at the bank!"); two words of one partner
            # said a minute apart are one telling
            and (d.created_at < current.created_at - told_together_s or (changed_now and rule_keyed(d)))
            and not set(d.source_ids) & now_said
            and (keyed_now or beyond_doubt or not rule_keyed(d) or d.doc_id in elsewhere)
            and not employer & naming_tokens(display_text(d))
        )

    # someone else's job or home is no earlier answer of the user's either
    gone = {d.doc_id for d in every if not guarded(d) and before(d) and own(d) and in_slot(d) and rival(d)}
    # a statement that only gives a value up, beside a current answer that outranks it or is beyond doubt
    # (not beside a passing remark: "still getting used to the 7am starts" answers no better than "I quit
    # the law firm"); what a rule keyed to the slot gives a value too ("I quit the law firm and I'm now…")
    rank = {d.doc_id: i for i, d in enumerate(docs)}
    # (the slot among the embedder's first two classes: "I quit pottery" reads as work first, a pastime next;
    # any kind of the slot: "used to be all about Arctic Monkeys" is no favourite band to keep)
    gone |= {
        d.doc_id
        for d in every
        if not guarded(d)
        and (in_slot(d) or slot in placing.get(d.doc_id, ((), 0.0))[0][:2])
        and own(d)
        and placing.get(d.doc_id) != ((slot,), 1.0)
        and (beyond_doubt or keyed_now or rank.get(current.doc_id, 0) < rank.get(d.doc_id, len(docs)))
        and _gives_up_another(d, current)
    }
    stale_turns = {ref for d in every if d.doc_id in gone for ref in d.source_ids}
    extra_ids = {d.doc_id for d, _ in extra}

    def with_its_turn(d: IndexDocument) -> bool:
        # what those turns said goes with them; a pinned fact of the slot the search did not rank too ("在台積電上班"
        # as a profile fact beside its round is as old as the round) — never a health fact said in the same breath
        if guarded(d) or SAFETY_TOPICS & set(d.topics) or not set(d.source_ids) & stale_turns:
            return False
        return before(d) or (
            d.doc_id in extra_ids
            and in_slot(d)
            and d.created_at < current.created_at - told_together_s
            and not set(d.source_ids) & now_said
        )

    return gone | {d.doc_id for d in every if with_its_turn(d)}
