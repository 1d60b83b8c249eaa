"""A change said at read time ("I'm a nurse now") replaces one value: of the user's earlier items it
takes out those within `state_change_margin` of the closest one, not every statement e5 places
above `state_change_similarity` (a user's unrelated statements sit at 0.81-0.87 from any other)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from engram.memory.models import IndexDocument
from engram.memory.retrieval import _displaced


def _doc(doc_id: str, day: float) -> IndexDocument:
    return IndexDocument(
        doc_id, "t", "u", "p", "memory", "fact", "active", doc_id, None, 0.5, day * 86400, day * 86400,
        source_ids=[doc_id],
    )  # fmt: skip


def _embed_at(cosines: dict[str, float]) -> Callable[[list[IndexDocument]], dict[str, np.ndarray[Any, Any]]]:
    """Vectors whose cosine to the change's (axis 0) is as given; each item on its own other axis."""

    def embed(docs: list[IndexDocument]) -> dict[str, np.ndarray[Any, Any]]:
        out: dict[str, np.ndarray[Any, Any]] = {}
        for i, d in enumerate(docs, start=1):
            c = cosines.get(d.doc_id, 1.0)
            v = np.zeros(16, dtype=np.float32)
            v[0], v[i] = c, math.sqrt(max(0.0, 1 - c * c))
            out[d.doc_id] = v
        return out

    return embed


def test_one_change_takes_out_the_value_it_replaces_not_every_close_statement() -> None:
    change = _doc("nurse now", 10)
    old, near, other = _doc("bank teller", 1), _doc("tennis", 2), _doc("cat", 3)
    embed = _embed_at({"bank teller": 0.93, "tennis": 0.88, "cat": 0.87})
    docs = [change, old, near, other]
    assert _displaced(docs, [change], [], (0.86, 0.02), embed).gone == {"bank teller"}
    assert _displaced(docs, [change], [], (0.86, 1.0), embed).gone == {"bank teller", "tennis", "cat"}  # no margin
    # two values close to each other both go ("a bank teller", "User works at a bank")
    assert _displaced(docs, [change], [], (0.86, 0.06), embed).gone == {"bank teller", "tennis"}


def test_a_change_replaces_only_an_item_of_its_kind() -> None:
    """On a long history "my cat is diabetic now" (a pet) took the inhaler (health) out of "which inhaler
    am I on?": by cosine, a change displaces only what the embedder places in its own kind."""
    change = _doc("cat diabetic now", 10)
    inhaler, cat = _doc("Trelegy inhaler", 1), _doc("cat eats wet food", 2)
    embed = _embed_at({"Trelegy inhaler": 0.90, "cat eats wet food": 0.87})
    kinds = {
        "cat diabetic now": ("pet", "health"),
        "Trelegy inhaler": ("health", "job"),
        "cat eats wet food": ("pet", "diet"),
    }
    docs = [change, inhaler, cat]
    assert _displaced(docs, [change], [], (0.86, 0.02), embed).gone == {"Trelegy inhaler"}  # cosine alone
    # the closest item of its kind sets the margin: the cat's food goes, the inhaler stays, behind the rest
    moved = _displaced(docs, [change], [], (0.86, 0.02), embed, lambda d: kinds[d.doc_id])
    assert moved == ({"cat eats wet food"}, {"Trelegy inhaler"})
    # a change said as one ("switched") is held to its kind too: the cat's insulin leaves the inhaler
    switched = _doc("switched the cat to insulin", 10)
    assert _displaced(
        [switched, inhaler, cat],
        [switched],
        [],
        (0.86, 0.02),
        _embed_at({"Trelegy inhaler": 0.90, "cat eats wet food": 0.87}),
        lambda d: kinds.get(d.doc_id, ("pet", "health")),
    ).gone == {"cat eats wet food"}
    # a document the embedder cannot place is compared by cosine, as before
    assert _displaced(docs, [change], [], (0.86, 0.02), embed, lambda d: ()).gone == {"Trelegy inhaler"}


def test_a_weak_change_replaces_an_item_of_another_kind_only_when_it_stands_out() -> None:
    """ "I'm all about birdwatching now" after "been into knitting": the embedder may place the two
    apart (health beside a hobby), but the knitting is far closer to the change than anything else the
    user said, so it is the value replaced; in a crowd of equally close statements nothing is."""
    change = _doc("birdwatching now", 10)
    knitting, cat = _doc("knitting", 1), _doc("cat eats wet food", 2)
    kinds = {
        "birdwatching now": ("health", "diet"),
        "knitting": ("hobby", "family"),
        "cat eats wet food": ("pet", "diet"),
    }
    docs = [change, knitting, cat]
    apart = _embed_at({"knitting": 0.92, "cat eats wet food": 0.87})
    assert _displaced(docs, [change], [], (0.86, 0.02), apart, lambda d: kinds[d.doc_id]).gone == set()
    assert _displaced(docs, [change], [], (0.86, 0.02), apart, lambda d: kinds[d.doc_id], 0.03).gone == {"knitting"}
    crowd = _embed_at({"knitting": 0.90, "cat eats wet food": 0.89})
    moved = _displaced(docs, [change], [], (0.86, 0.02), crowd, lambda d: kinds[d.doc_id], 0.03)
    assert moved.gone == set() and "knitting" in moved.behind


def test_only_words_of_when_make_a_change_weak() -> None:
    from engram.language.tense import states_change, states_change_strongly

    for weak in ("my cat is diabetic now", "最近在社大學烏克麗麗", "今は断然秋派", "요즘 새벽마다 헬스장 가"):
        assert states_change(weak) and not states_change_strongly(weak)
    for strong in (
        "I started a new job at Stripe",
        "我開始吃素了",
        "最近新しい仕事を始めた",
        "새 회사 다니기 시작했어",
    ):
        assert states_change_strongly(strong)
    assert not states_change("요즘 이사님이 너무 까다로워") or not states_change_strongly("요즘 이사님이 너무 까다로워")


def test_until_now_and_still_are_no_change() -> None:
    from engram.language.tense import states_change

    still = [
        "左手腕有刺青 我媽到現在還不知道",
        "現在還在吃那顆藥",
        "小時候學過鋼琴 現在都忘光了",  # now, as a rule: a habit, no value replaced
        "지금도 거기 살아",
        "I haven't told my boss until now",
    ]
    for text in still:
        assert not states_change(text), text
    for text in ["我現在在台北工作", "現在は東京に住んでいる", "지금은 서울 살아", "I live in Denver now"]:
        assert states_change(text), text


def test_moving_over_or_a_new_one_delivered_is_a_change_and_a_pet_adopted_is_not() -> None:
    from engram.language.tense import states_change

    moved = [
        "下學期就轉過去",
        "醫生幫我轉院了",
        "チョコザップに乗り換えた",
        "セレナ納車された",
        "이번 달부터 수영 다녀요",
        "판교로 옮겼어",
        "FINALLY got the used Honda Odyssey",
    ]
    for text in moved:
        assert states_change(text), text
    # nor a train changed, a channel or money turned over, a cold caught, boxes moved, a thing bought
    not_moved = [
        "新宿で乗り換えだから少し遅れる",
        "2호선으로 갈아탔어",
        "電視轉到新聞台",
        "子どもの風邪が移った",
        "이삿짐 다 옮겼어",
    ]
    for text in [
        "上個月領養了一隻橘貓",
        "We adopted a rescue greyhound",
        "保護猫お迎えした",
        "유기견 입양했어",
        *not_moved,
    ]:
        assert not states_change(text), text


def test_the_first_days_somewhere_new_a_transfer_or_a_dose_moved_is_a_change() -> None:
    from engram.language.tense import asks_about_past, states_change

    for text in [
        "first week as a barista at the new cafe, my arms hurt",
        "doc bumped me up to 20mg",
        "今日から初出勤",
        "第一天上班好緊張",
        "첫 출근 했어",
    ]:
        assert states_change(text), text
    for text in ["today is the first day of spring", "my bank transfer went through", "I bumped up the meeting to 3pm"]:
        assert not states_change(text), text
    assert asks_about_past("which dose did I start out on?")
    assert not asks_about_past("what time did I start work today?")


def test_a_word_of_when_changes_no_appointment() -> None:
    """ "using the qvar inhaler 2x a day now" had taken "pulmonologist appt moved to the 22nd at 3:40pm"
    out of "when am I seeing the lung specialist?": an event said with its day is no state."""
    change = _doc("using the qvar inhaler 2x a day now", 10)
    appt = _doc("pulmonologist appt moved to the 22nd at 3:40pm", 1)
    old = _doc("using the flovent inhaler", 2)
    embed = _embed_at({appt.doc_id: 0.93, old.doc_id: 0.92})
    health = lambda d: ("health", "job")  # noqa: E731
    assert _displaced([change, appt, old], [change], [], (0.86, 0.02), embed, health) == ({old.doc_id}, set())
    # a change said as one still compares it by cosine ("switched the appointment")
    switched = _doc("switched to the qvar inhaler", 10)
    assert appt.doc_id in _displaced([switched, appt], [switched], [], (0.86, 0.02), embed, health).gone


def test_an_event_is_named_by_its_day_not_by_an_hour_a_routine_names_too() -> None:
    from engram.language.tense import names_a_date

    for text in ("pulmonologist appt moved to the 22nd at 3:40pm", "cardiology follow up is march 8", "3月8日に検診",
                 "15日に歯医者", "5월 8일 치과 예약"):  # fmt: skip
        assert names_a_date(text), text
    for text in ("i work nights, 7p to 7a", "在7-11上大夜班，晚上11點到早上7點", "using the qvar inhaler 2x a day now",
                 "novolog 10 units", "married 10 years", "my 2nd coffee", "3日に1回"):  # fmt: skip
        assert not names_a_date(text), text


def test_a_change_said_as_one_displaces_no_crowd_of_other_kinds() -> None:
    """In a 40-fact history "上禮拜搬到新北板橋了" (moved, said as a change) had taken the trip to Kyoto, the
    yoga class and the son's school out of "秋天那趟出國是去哪": e5 places a user's Chinese statements
    0.86-0.88 from each other, so by cosine alone any of them was "the value replaced"."""
    moved = _doc("moved to Banqiao last week", 10)
    trip, yoga, home = _doc("Kyoto trip in October", 1), _doc("yoga on Tuesdays", 2), _doc("live in Zhonghe", 3)
    kinds = {moved.doc_id: ("home", "hobby"), trip.doc_id: ("hobby", "likes"), yoga.doc_id: ("hobby", "health"),
             home.doc_id: ("home", "job")}  # fmt: skip
    crowd = _embed_at({trip.doc_id: 0.878, yoga.doc_id: 0.871, home.doc_id: 0.875})
    docs = [moved, trip, yoga, home]
    placed = lambda d: kinds[d.doc_id]  # noqa: E731
    assert _displaced(docs, [moved], [], (0.86, 0.02), crowd, placed, 0.03).gone == {home.doc_id}
    # without the earlier home, nothing of another kind goes: none of them stands out
    assert _displaced([moved, trip, yoga], [moved], [], (0.86, 0.02), crowd, placed, 0.03).gone == set()
    # one that stands out is the value replaced, whatever its placement ("褪黑激素" as diet, "史蒂諾斯" as health)
    apart = _embed_at({trip.doc_id: 0.93, yoga.doc_id: 0.87})
    assert _displaced([moved, trip, yoga], [moved], [], (0.86, 0.02), apart, placed, 0.03).gone == {trip.doc_id}


def test_a_change_the_question_is_not_about_leaves_the_answer() -> None:
    """The change must be about as near to the question as the item it would displace: asked about the
    trip, a move said far less near to the question leaves the trip in the prompt."""
    moved = _doc("moved to Banqiao last week", 10)
    home = _doc("live in Zhonghe", 1)
    embed = _embed_at({home.doc_id: 0.92})
    home_kind = lambda d: ("home", "job")  # noqa: E731
    near = {moved.doc_id: 0.80, home.doc_id: 0.88}
    asked_far = lambda d: near[d.doc_id]  # noqa: E731
    assert _displaced([moved, home], [moved], [], (0.86, 0.02), embed, home_kind).gone == {home.doc_id}
    kept = _displaced([moved, home], [moved], [], (0.86, 0.02), embed, home_kind, asked=asked_far, relevance_slack=0.05)
    assert kept.gone == set()
    near[moved.doc_id] = 0.85  # about as near as the old home: the question asks after it, the change counts
    gone = _displaced([moved, home], [moved], [], (0.86, 0.02), embed, home_kind, asked=asked_far, relevance_slack=0.05)
    assert gone.gone == {home.doc_id}
