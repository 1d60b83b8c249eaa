"""Changed facts (SPEC L3) for the attributes a user holds one value of at a time: where they live,
how they eat, who they are with, a favourite of a kind. Said in other words the second time and
in a later session, the new value still replaces the old: a present-tense question gets the new
value first and never the old one alone, and a question about the past still finds the old one."""

from __future__ import annotations

import pytest

from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.memory.models import Namespace
from engram.memory.retrieval import SUPERSEDED_TAG
from engram.memory.scoring import DAY_S
from engram.wiring import Container
from tests.support.indexing import sync_index
from tests.support.prompt import memory_texts

# (language, before, after, present question, past question, old value, new value)
CASES = [
    (
        "en",
        "I live in Leeds.",
        "We moved to Bristol in May.",
        "Which city do I live in?",
        "Where did I live before?",
        "Leeds",
        "Bristol",
    ),
    (
        "en",
        "My favourite fruit is mango.",
        "My favourite fruit is kiwi now.",
        "What fruit do I like best?",
        "What was my favourite fruit before?",
        "mango",
        "kiwi",
    ),
    (
        "en",
        "My girlfriend is called Nora.",
        "I'm dating Sofia now.",
        "Who is my partner?",
        "Who was my girlfriend before?",
        "Nora",
        "Sofia",
    ),
    (
        "en",
        "I'm a barista at a coffee shop downtown.",
        "Got hired as a junior web developer last week!",
        "What do I do for work?",
        "What was my old job?",
        "barista",
        "developer",
    ),
    (
        "en",
        "I'm vegetarian.",
        "I'm on a keto diet these days.",
        "What diet do I follow?",
        "What diet did I follow before?",
        "vegetarian",
        "keto",
    ),
    (
        "zh",
        "我最喜歡的水果是芒果。",
        "我最喜歡的水果是奇異果了。",
        "我最喜歡吃什麼水果？",
        "我以前最喜歡什麼水果？",
        "芒果",
        "奇異果",
    ),
    ("zh", "我女朋友叫小芳。", "我現在跟雅婷在一起。", "我女朋友是誰？", "我以前的女朋友是誰？", "小芳", "雅婷"),
    (
        "ja",
        "大阪に住んでいます。",
        "先月、広島に移りました。",
        "今どこに住んでる？",
        "前はどこに住んでいた？",
        "大阪",
        "広島",
    ),
    (
        "ja",
        "ベジタリアンです。",
        "今は糖質制限をしています。",
        "今の食事法は？",
        "以前の食事スタイルは？",
        "ベジタリアン",
        "糖質制限",
    ),
    ("ko", "서울에 살아요.", "작년에 울산으로 옮겼어요.", "지금 어디 살아요?", "전에는 어디 살았었죠?", "서울", "울산"),
    (
        "ko",
        "인천에서 살아요.",
        "회사 때문에 세종으로 옮겼어요.",
        "내가 사는 곳은?",
        "예전에 살던 도시는?",
        "인천",
        "세종",
    ),
    (
        "ja",
        "肉が大好きで、毎日焼肉でもいいくらいです。",
        "健康のためにベジタリアンになりました。",
        "私の食生活は？",
        "前はどんな食事が好きだった？",
        "焼肉",
        "ベジタリアン",
    ),
    (
        "ko",
        "남자친구 이름은 민호예요.",
        "요즘은 현우랑 사귀어요.",
        "요즘 누구랑 사귀어요?",
        "예전 남자친구는 누구였죠?",
        "민호",
        "현우",
    ),
]


def _tell(c: Container, clock: ManualClock, user: str, before: str, after: str) -> SessionKey:
    """`before`, then `after` three days later in another session; returns a third session's key."""
    c.conversation.record_turn(SessionKey("default", user, "friend", "s1"), before, "…")
    sync_index(c, SessionKey("default", user, "friend", "s1").owner)  # the stream indexer, days before
    clock.advance(3 * DAY_S)
    c.conversation.record_turn(SessionKey("default", user, "friend", "s2"), after, "…")
    key = SessionKey("default", user, "friend", "s3")
    sync_index(c, key.owner)
    clock.advance(DAY_S)
    return key


@pytest.mark.parametrize(("language", "before", "after", "now_q", "past_q", "old", "new"), CASES)
def test_the_new_value_replaces_the_old_one_said_in_other_words(
    container: Container,
    clock: ManualClock,
    language: str,
    before: str,
    after: str,
    now_q: str,
    past_q: str,
    old: str,
    new: str,
) -> None:
    c = container
    key = _tell(c, clock, f"u-{language}-{new}", before, after)
    present = memory_texts(c, key, now_q)
    first = next(t for t in present if old in t or new in t)
    assert new in first, present
    assert not [t for t in present if old in t and new not in t], present  # the old value alone never
    assert any(old in t for t in memory_texts(c, key, past_q))


# --- a medicine switch ----------------------------------------------------------------------
# A user takes several medicines at once: a new one never replaces another by its key. Told that
# the doctor switched it (memory/switches.py), the old one is superseded, unpinned and out of a
# present question, and a past question still finds it. Before, a switch keyed nothing ("User's
# doctor switched User to amlodipine") and the old medicine stayed pinned in every prompt.
MEDICINE_CASES = [
    (
        "en",
        "I take lisinopril 10 mg every morning.",
        "My doctor switched me to amlodipine 5 mg every morning.",
        "Which blood pressure pill am I on?",
        "What medication was I on before?",
        "lisinopril",
        "amlodipine",
    ),
    (
        "zh",
        "我每天早上吃脈優。",
        "醫生把我的血壓藥換成了得安穩。",
        "我現在吃什麼降血壓藥？",
        "我以前吃什麼藥？",
        "脈優",
        "得安穩",
    ),
    (
        "ja",
        "毎朝アムロジピンを飲んでいます。",
        "先生に血圧の薬をオルメテックに変えられました。",
        "血圧の薬は何を飲んでる？",
        "前に飲んでいた薬は？",
        "アムロジピン",
        "オルメテック",
    ),
    (
        "ko",
        "매일 아침 노바스크를 먹어요.",
        "의사가 혈압약을 올메텍으로 바꿨어요.",
        "혈압약은 뭘 먹어요?",
        "전에 먹던 약은요?",
        "노바스크",
        "올메텍",
    ),
    # a dose moved, the medicine unnamed: the fact that replaces it names the medicine
    (
        "en",
        "started escitalopram 10mg last month, still a bit foggy",
        "saw the doc, she bumped me up to 20mg",
        "what dose am i on now?",
        "what dose did i start out on?",
        "10mg",
        "20mg",
    ),
    (
        "ko",
        "혈압약 아모잘탄 5mg 먹고 있어",
        "의사가 10mg로 늘렸어",
        "지금 약 몇 mg 먹지?",
        "처음에 몇 mg 먹었더라?",
        "5mg",
        "10mg",
    ),
]


@pytest.mark.parametrize(("language", "before", "switch", "now_q", "past_q", "old", "new"), MEDICINE_CASES)
def test_a_medicine_switch_replaces_the_old_one_in_the_present_and_keeps_it_for_the_past(
    container: Container,
    clock: ManualClock,
    language: str,
    before: str,
    switch: str,
    now_q: str,
    past_q: str,
    old: str,
    new: str,
) -> None:
    c, user = container, f"patient-{language}"
    key = _tell(c, clock, user, before, switch)
    facts = c.memories.list("default", user, namespaces=(Namespace.MEMORY,))
    (was,) = [r for r in facts if old in r.content]
    (now,) = [r for r in facts if new in r.content]
    assert was.superseded_by == now.memory_id and SUPERSEDED_TAG in was.topics and not was.pinned
    assert now.pinned and now.supersedes == was.memory_id
    profile = c.profiles.get("default", user, "friend")
    assert now.memory_id in profile.pinned and was.memory_id not in profile.pinned
    present = memory_texts(c, key, now_q)
    assert any(new in line for line in present)
    assert not any(old in line and new not in line for line in present)
    assert any(old in line for line in memory_texts(c, key, past_q))


def test_a_pinned_switch_leaves_the_medicine_before_out_of_the_present(
    container: Container, clock: ManualClock
) -> None:
    # the switch's round is the near-duplicate of its pinned fact; the fact itself says the change
    c, user = container, "pinned-switch"
    key = _tell(
        c, clock, user, "最近一直失眠 醫生開了宜眠安 睡前吃半顆", "那顆安眠藥吃了隔天很昏沉 現在改吃褪黑激素 比較溫和"
    )
    present = memory_texts(c, key, "我現在睡前吃什麼？")
    assert any("褪黑激素" in line for line in present), present
    assert not any("宜眠安" in line for line in present), present
    assert any("宜眠安" in line for line in memory_texts(c, key, "我以前吃的安眠藥是哪個？"))


# --- several at once -----------------------------------------------------------------------------
# A second pet or a second daughter said plainly is one more, not the first one replaced: before,
# "My cat's name is Luna" superseded "My dog is called Rex" (both `pet:name`) and a question about the
# dog got Luna. Said as a change, the new one still replaces the old.
SEVERAL_CASES = [
    ("en", "My dog is called Rex.", "My cat's name is Luna.", "What's my dog called?", "Rex"),
    ("ja", "犬の名前はポチです。", "猫の名前はタマです。", "犬の名前は何？", "ポチ"),
    ("ko", "우리 강아지 이름은 콩이에요.", "고양이 이름은 나비예요.", "강아지 이름이 뭐예요?", "콩이"),
    ("zh", "我的狗叫小黑。", "我的貓叫咪咪。", "我的狗叫什麼？", "小黑"),
    ("en", "My daughter Emma lives in Leeds.", "My daughter Sophie is at university.", "Where does Emma live?", "Emma"),
]


@pytest.mark.parametrize(("language", "first", "second", "question", "kept"), SEVERAL_CASES)
def test_a_second_pet_or_daughter_said_plainly_is_one_more(
    container: Container, clock: ManualClock, language: str, first: str, second: str, question: str, kept: str
) -> None:
    c, user = container, f"several-{language}-{kept}"
    key = _tell(c, clock, user, first, second)
    facts = c.memories.list("default", user, namespaces=(Namespace.MEMORY,))
    assert not [r for r in facts if kept in r.content and r.superseded_by], facts
    assert any(kept in line for line in memory_texts(c, key, question))


def test_a_new_pet_said_as_a_change_still_replaces_the_old_one(container: Container, clock: ManualClock) -> None:
    c, user = container, "several-change"
    _tell(c, clock, user, "My dog is called Rex.", "Rex passed away in May; now our cat is called Luna.")
    facts = c.memories.list("default", user, namespaces=(Namespace.MEMORY,))
    (was,) = [r for r in facts if r.content.endswith("dog is called Rex")]
    assert was.superseded_by, facts


def test_of_two_medicines_the_one_given_last_comes_first(container: Container, clock: ManualClock) -> None:
    # a new inhaler given, no word of a switch: both stay (a medicine is never hidden on a guess), newest first
    c, user = container, "two-inhalers"
    key = _tell(
        c, clock, user, "i use symbicort twice a day for my asthma", "the pulmonologist gave me trelegy, one puff a day"
    )
    present = memory_texts(c, key, "which inhaler am i on now?")
    named = [line for line in present if "symbicort" in line.lower() or "trelegy" in line.lower()]
    assert named and "trelegy" in named[0].lower(), present
    assert any("symbicort" in line.lower() for line in present)
