"""One current answer (memory/current_answer.py): which statements a later answer to a one-at-a-time
value leaves out of a present-tense prompt. The embedder's placement is replaced by a table here;
tests/integration/test_current_answer.py runs the real one."""

from __future__ import annotations

from typing import Any

import numpy as np

from engram.memory.current_answer import SlotPlacer, keyed_placement, named_by_words, outdated_answers
from engram.memory.models import IndexDocument

PLACED = {
    0: ("job", "health"),
    1: ("health", "job"),
    2: ("pet", "chat"),
    3: ("job", "chat"),
    4: ("job", "hobby"),
    5: ("home", "job", "likes"),
    6: ("job", "likes", "home"),
    7: ("job", "likes", "health", "home"),
    8: ("health", "job", "home"),
}
MARGIN = {4: 0.001}  # 4: job by a hair over a hobby


class TablePlacer(SlotPlacer):
    """Places by the vector's first component (an index into PLACED)."""

    def __init__(self) -> None:
        super().__init__(lambda texts: np.zeros((len(texts), 1)))

    def placed(self, vector: np.ndarray[Any, Any]) -> tuple[tuple[str, ...], float]:
        return PLACED[int(vector[0])], MARGIN.get(int(vector[0]), 0.02)


def _doc(doc_id: str, text: str, day: float, turn: str | None = None) -> IndexDocument:
    return IndexDocument(
        doc_id,
        "t",
        "u",
        "p",
        "memory",
        "fact",
        "active",
        text,
        None,
        0.5,
        day * 86400,
        day * 86400,
        source_ids=[turn or doc_id],
    )


def _gone(
    docs: list[IndexDocument],
    placed: dict[str, int],
    pinned: frozenset[str] = frozenset(),
    closeness: dict[str, float] | None = None,
) -> set[str]:
    vectors = {d.doc_id: np.array([placed[d.doc_id]], dtype=np.float32) for d in docs}
    return outdated_answers(
        "job", docs, vectors, TablePlacer(), lambda d: d.doc_id in pinned, closeness, gap=0.03, margin=0.005
    )


def test_a_later_answer_ranked_first_outdates_the_earlier_one_and_what_its_turn_said() -> None:
    new = _doc("new", "first week at the insurance office", 30)
    old = _doc("old", "another shift at the pizza place", 1, turn="t-old")
    old_fact = _doc("old-fact", "User works shifts at a pizza place", 1, turn="t-old")
    other = _doc("cat", "my cat threw up", 2)
    assert _gone([new, old, old_fact, other], {"new": 0, "old": 0, "old-fact": 2, "cat": 2}) == {"old", "old-fact"}


def test_a_later_statement_ranked_below_leaves_the_earlier_one() -> None:
    old = _doc("old", "I work as a pharmacist at Walgreens", 1)
    remark = _doc("remark", "work was so busy today", 30)
    assert _gone([old, remark], {"old": 0, "remark": 3}) == set()


def test_a_statement_of_the_past_or_of_someone_else_is_no_current_answer() -> None:
    old = _doc("old", "I work at the bakery", 1)
    past = _doc("past", "I used to work at a bank", 30)
    son = _doc("son", "my son works at Google", 31)
    assert _gone([past, son, old], {"old": 0, "past": 0, "son": 0}) == set()


def test_a_guarded_document_never_goes() -> None:
    new = _doc("new", "first week at the insurance office", 30)
    pinned = _doc("pinned", "User works at a pizza place", 1)
    assert _gone([new, pinned], {"new": 0, "pinned": 0}, frozenset({"pinned"})) == set()


def test_a_later_answer_ranked_below_but_as_close_to_the_question_outdates_the_earlier_one() -> None:
    old = _doc("old", "another shift at the bakery at 5am", 1)
    new = _doc("new", "settling into the counter job at city hall", 30)
    assert _gone([old, new], {"old": 0, "new": 0}, closeness={"old": 0.859, "new": 0.842}) == {"old"}


def test_an_earlier_statement_placed_first_elsewhere_stays() -> None:
    new = _doc("new", "first week at the insurance office", 30)
    inhaler = _doc("inhaler", "picked up my inhaler refill, the pharmacy line was long", 1)
    assert _gone([new, inhaler], {"new": 0, "inhaler": 1}) == set()


def test_a_later_remark_further_from_the_question_leaves_the_earlier_answer() -> None:
    old = _doc("old", "I work as a pharmacist at Walgreens", 1)
    remark = _doc("remark", "work was so busy today", 30)
    assert _gone([old, remark], {"old": 0, "remark": 0}, closeness={"old": 0.857, "remark": 0.798}) == set()


def test_a_statement_halfway_between_two_classes_outdates_nothing() -> None:
    violin = _doc("violin", "I play second violin in a community orchestra", 30)
    old = _doc("old", "twelve years as a dental hygienist", 1)
    assert _gone([violin, old], {"violin": 4, "old": 0}) == set()


def test_a_pinned_fact_is_outdated_only_by_the_questions_best_answer_as_close_to_the_question() -> None:
    best = _doc("best", "I play tennis on Saturdays", 20)
    later = _doc("later", "long day at the insurance office", 30)
    pinned = _doc("pinned", "User works at a pizza place", 1)
    pinned.topics = ["profile", "subject:job"]
    placer = TablePlacer()
    vectors = {"best": np.array([2.0]), "later": np.array([0.0])}

    def gone(docs: list[IndexDocument], near: dict[str, float], pinned_cosine: float) -> set[str]:
        return outdated_answers(
            "job", docs, vectors, placer, lambda d: False, near, 0.03, 0.0, lambda: [(pinned, pinned_cosine)]
        )

    assert gone([best, later], {"best": 0.85, "later": 0.84}, 0.80) == set()  # not the best match
    assert gone([later], {"later": 0.84}, 0.80) == {"pinned"}
    assert gone([later], {"later": 0.84}, 0.90) == set()  # a remark further from the question than the fact
    # said as new ("first week at"), the later answer is no passing remark: it outdates the fact all the same
    later.text = "first week at the insurance office"
    assert gone([best, later], {"best": 0.85, "later": 0.84}, 0.90) == {"pinned"}


def test_a_keyed_fact_is_placed_by_its_subject_without_a_vector() -> None:
    new = _doc("new", "first week at the insurance office", 30)
    pinned = _doc("pinned", "User works at a pizza place", 1)
    pinned.topics = ["profile", "subject:job"]
    hobby = _doc("hobby", "User plays violin in an orchestra", 31)
    hobby.topics = ["preference", "subject:hobby:violin"]
    vectors = {"new": np.array([0], dtype=np.float32)}  # only what no rule keyed is embedded
    near = {"new": 0.9, "hobby": 0.8}
    gone = outdated_answers(
        "job", [new, hobby], vectors, TablePlacer(), lambda d: False, near, 0.03, 0.0, lambda: [(pinned, 0.85)]
    )
    assert gone == {"pinned"}
    assert keyed_placement(hobby) == (("keyed",), 1.0)
    assert keyed_placement(new) is None


def test_the_pinned_facts_are_read_only_when_the_block_holds_an_answer() -> None:
    reads: list[int] = []

    def pinned() -> list[tuple[IndexDocument, float]]:
        reads.append(1)
        fact = _doc("pinned", "User works at a pizza place", 1)
        fact.topics = ["profile", "subject:job"]
        return [(fact, 0.8)]

    best = _doc("best", "I play tennis on Saturdays", 20)
    new = _doc("new", "long day at the insurance office", 30)
    placer, vectors = TablePlacer(), {"best": np.array([2.0]), "new": np.array([0.0])}
    none = outdated_answers("job", [best], vectors, placer, lambda d: False, {"best": 0.9}, 0.03, 0.0, pinned)
    assert none == set() and reads == []  # nothing in the block answers: nothing read
    kept = outdated_answers(
        "job", [best, new], vectors, placer, lambda d: False, {"best": 0.9, "new": 0.8}, 0.03, 0.0, pinned
    )
    assert kept == set()  # the answer is not the question's best match: the pinned fact stays
    gone = outdated_answers(
        "job", [new, best], vectors, placer, lambda d: False, {"new": 0.9, "best": 0.8}, 0.03, 0.0, pinned
    )
    assert gone == {"pinned"}


def test_a_later_pinned_fact_keyed_to_the_slot_is_the_current_answer() -> None:
    fact = _doc("fact", "User lives in Chiayi", 30)
    fact.topics = ["profile", "subject:lives_in"]
    old = _doc("old", "在新竹住了五年，還是不習慣這裡的風", 1)
    thanks = _doc("thanks", "謝謝你昨天的建議", 20)
    vectors = {"old": np.array([5.0]), "thanks": np.array([2.0])}
    near = {"old": 0.84, "thanks": 0.82}
    gone = outdated_answers(
        "home", [old, thanks], vectors, TablePlacer(), lambda d: False, near, 0.03, 0.0, lambda: [(fact, 0.80)]
    )
    assert gone == {"old"}  # ranked above the fact, and said before it
    earlier = _doc("earlier", "User lives in Chiayi", 0.5)
    earlier.topics = fact.topics
    older = outdated_answers(
        "home", [old, thanks], vectors, TablePlacer(), lambda d: False, near, 0.03, 0.0, lambda: [(earlier, 0.83)]
    )
    assert older == {"earlier"}  # the block's later statement, the question's best answer, is current


def test_a_move_said_by_naming_the_new_city() -> None:
    # neither says "I live" or "I moved": the city names and the embedder's placement say it
    old = _doc("old", "台北的捷運今天又擠到爆，我差點被夾在車門", 1)
    new = _doc("new", "台南的早餐真的太好吃了，來這邊才一個月已經胖三公斤", 30)
    near = {"old": 0.866, "new": 0.832}  # the old one is closer to the question, by more than the gap

    def gone(old_place: int, new_place: int, new_text: str = new.text) -> set[str]:
        new.text = new_text
        vectors = {"old": np.array([old_place], dtype=np.float32), "new": np.array([new_place], dtype=np.float32)}
        return outdated_answers("home", [old, new], vectors, TablePlacer(), lambda d: False, near, 0.03, 0.0)

    assert gone(6, 5) == {"old"}  # placed at work with home third: the city makes it home
    assert gone(7, 5) == set()  # home fourth: not placed at home
    assert gone(6, 6) == set()  # the new one placed home only by its city: the closeness bound holds
    assert gone(6, 5, "台南的早餐真的太好吃了，這次出差吃了好多") == set()  # a business trip is no move
    assert gone(6, 5, "台北的早餐真的太好吃了，來這邊才一個月") == set()  # the same city: nothing replaced
    old.topics = ["subject:symptom:fatigue"]  # a rule keyed what else it says: the city still counts
    assert gone(6, 5, "台南的早餐真的太好吃了") == {"old"}
    old.topics = ["subject:job"]  # keyed to another slot: not a home
    assert gone(6, 5) == set()
    old.topics = ["health", "allergy"]  # a safety note that names a city is no home
    assert gone(6, 5, "台南的早餐真的太好吃了") == set()
    old.topics = []
    assert gone(8, 5, "台南的早餐真的太好吃了") == set()  # placed first among health notes: no home
    assert gone(6, 5, "我們打算明年搬去台南") == set()  # a plan is no home, nor does it replace one
    assert gone(6, 5, "台北的早餐真的太好吃了") == set()  # the same city, said again


def test_one_city_said_two_ways_is_one_city() -> None:
    old = _doc("old", "東京都に住んでもう五年", 1)
    new = _doc("new", "東京の夏はやっぱり暑い", 30)
    vectors = {"old": np.array([6.0], dtype=np.float32), "new": np.array([5.0], dtype=np.float32)}
    near = {"old": 0.9, "new": 0.8}
    assert outdated_answers("home", [old, new], vectors, TablePlacer(), lambda d: False, near, 0.03, 0.0) == set()


def test_someone_elses_earlier_job_is_no_earlier_answer() -> None:
    son = _doc("son", "my son works at the bank downtown", 1)
    old = _doc("old", "I work at the bakery", 2)
    new = _doc("new", "I got a job as an accountant", 30)
    assert _gone([new, son, old], {"new": 0, "son": 0, "old": 0}) == {"old"}


LIKES = {"drink-old": 9, "drink-new": 9, "show": 9, "chat": 2}
PLACED[9] = ("likes", "hobby")


def _likes_gone(docs: list[IndexDocument], closeness: dict[str, float], kind_gap: float = 0.03) -> set[str]:
    vectors = {d.doc_id: np.array([LIKES[d.doc_id]], dtype=np.float32) for d in docs}
    return outdated_answers(
        "likes", docs, vectors, TablePlacer(), lambda d: False, closeness, gap=0.03, kind_gap=kind_gap
    )


def test_a_later_favourite_of_the_same_kind_outdates_the_earlier_one() -> None:
    old = _doc("drink-old", "Nothing gets me through a Monday like a caramel macchiato", 1)
    new = _doc("drink-new", "I've been all about matcha lattes lately", 30)
    near = {"drink-new": 0.86, "drink-old": 0.85}
    assert _likes_gone([new, old], near) == {"drink-old"}


def test_a_later_favourite_of_another_kind_outdates_nothing() -> None:
    """ "What's my go-to drink?": a favourite show said later answers it far less well, so it is no
    current answer, and the drink stays."""
    drink = _doc("drink-old", "Nothing gets me through a Monday like a caramel macchiato", 1)
    show = _doc("show", "Grey's Anatomy is my comfort show", 30)
    near = {"drink-old": 0.86, "show": 0.80}
    assert _likes_gone([drink, show], near) == set()
    # without the kind's bar, the show would be the latest favourite and the drink ranked above it stays
    # too; with a drink said later than the show, the later drink is current and the show stays
    new = _doc("drink-new", "I've been all about matcha lattes lately", 40)
    assert _likes_gone([new, drink, show], near | {"drink-new": 0.87}) == {"drink-old"}


def test_a_favourite_key_places_a_fact_only_for_its_own_question() -> None:
    fact = _doc("f", "User's favourite drink is matcha", 1)
    fact.topics = ["subject:favourite:drink"]
    assert keyed_placement(fact, "likes") == (("likes",), 1.0)
    assert keyed_placement(fact, "job") == (("keyed",), 1.0)
    assert keyed_placement(fact) == (("keyed",), 1.0)
    # one has several hobbies and likes, and a dislike shares the likes key: none is a favourite
    for subject in ("hobby:knitting", "likes:mushrooms"):
        fact.topics = [f"subject:{subject}"]
        assert keyed_placement(fact, "hobby") == (("keyed",), 1.0)
        assert keyed_placement(fact, "likes") == (("keyed",), 1.0)


def _keyed(doc: IndexDocument, subject: str) -> IndexDocument:
    doc.topics.append(f"subject:{subject}")
    return doc


def test_a_keyed_statement_that_only_mentions_someone_is_still_the_users() -> None:
    # "…白飯都給同事" and "…我媽覺得我瘋了" mention people; the rule keyed both to the user's own job here
    old = _keyed(_doc("old", "在台積電上班 便當都分給同事", 1), "job")
    new = _keyed(_doc("new", "現在改在聯發科上班了 我媽覺得我瘋了", 30), "job")
    assert _gone([new, old], {"old": 0, "new": 0}) == {"old"}
    # one whose turn opens with someone else stays theirs: "我兒子在台積電上班" is no job of the user's
    son = _keyed(_doc("son", "我兒子在台積電上班", 1), "job")
    assert _gone([new, son], {"son": 0, "new": 0}) == set()


def test_a_pinned_fact_of_an_outdated_round_goes_with_it() -> None:
    # "在台積電上班" as a round and as its pinned profile fact; weeks later "聯發科員工餐廳…" names the employer by its
    # canteen: the round goes, and so does the fact its turn made, though the search did not rank it
    old = _keyed(_doc("old", "在台積電上班，加班費不錯", 1, turn="t-old"), "job")
    old_fact = _keyed(_doc("old-fact", "在台積電上班", 1, turn="t-old"), "job")
    new = _doc("new", "聯發科員工餐廳今天有牛排，爽到", 30)
    docs = [old, new]
    vectors = {"old": np.array([0], dtype=np.float32), "new": np.array([0], dtype=np.float32)}
    gone = outdated_answers(
        "job",
        docs,
        vectors,
        TablePlacer(),
        lambda d: False,
        {"old": 0.885, "new": 0.870},
        gap=0.03,
        margin=0.005,
        pinned=lambda: [(old_fact, 0.88)],
    )
    assert gone == {"old", "old-fact"}


def test_an_office_named_by_a_day_or_a_branch_city_does_not_outrank_a_keyed_job() -> None:
    for remark in (
        "Today office was packed, no desks left",
        "our Chicago office is freezing today",
    ):
        old = _keyed(_doc("old", "I work at Walgreens as a pharmacist", 1), "job")
        new = _doc("new", remark, 30)
        assert _gone([old, new], {"old": 0, "new": 0}, closeness={"old": 0.885, "new": 0.870}) == set(), remark


def test_an_employer_whose_name_starts_with_a_common_word_outranks_a_keyed_job() -> None:
    old = _keyed(_doc("old", "I work at Walgreens as a pharmacist", 1), "job")
    new = _doc("new", "the Whole Foods office has free snacks", 30)
    assert _gone([old, new], {"old": 0, "new": 0}, closeness={"old": 0.885, "new": 0.870}) == {"old"}


def test_a_health_fact_of_an_outdated_turn_stays() -> None:
    # the turn that said the old job also said an allergy: the job goes, the allergy stays
    new = _doc("new", "settling into the counter job at city hall", 30)
    old = _doc("old", "another shift at the dental clinic", 1, turn="t-old")
    allergy = _doc("allergy", "User is allergic to latex, gloves at the clinic are a pain", 1, turn="t-old")
    allergy.topics.extend(["allergy", "subject:allergy:latex"])
    assert _gone([new, allergy, old], {"new": 0, "allergy": 1, "old": 0}) == {"old"}


def test_a_job_cut_by_the_floor_comes_back_only_named_by_its_employer() -> None:
    # "판교 카카오 사옥…" names the employer; "今天上班好累，同事都在請假" is a remark about work, no answer
    assert named_by_words("job", _doc("a", "판교 카카오 사옥 점심 메뉴 오늘 짱이었음", 1), ("home", "job", "likes"))
    assert not named_by_words("job", _doc("b", "今天上班好累，同事都在請假", 1), ("job", "health"))
