"""Changed facts (L3) for a medicine: told one, then told the doctor switched it, the user's
present-tense question gets the new one and the old stays out of the prompt (and off the pinned
profile), while "what was I on before?" still finds the old one, in every language. Before this,
a switch keyed nothing ("User's doctor switched User to amlodipine" had no subject) and the old
medicine stayed pinned in every prompt."""

from __future__ import annotations

import pytest

from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.memory.models import Namespace
from engram.memory.retrieval import SUPERSEDED_TAG
from engram.wiring import Container
from tests.support.indexing import sync_index

pytestmark = pytest.mark.integration

DAY = 86_400

# (language, the old medicine, the switch, present question, past question, old, new)
CASES = [
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
]


def _lines(c: Container, user: str, session: str, question: str) -> list[str]:
    _, _, slot = c.conversation.context(SessionKey("t1", user, "nurse", session), question, record_access=False)
    return [v.text for v in (*slot.pinned, *slot.items)]


@pytest.mark.parametrize(("language", "before", "switch", "now_q", "past_q", "old", "new"), CASES)
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
    for n, text in enumerate([before, switch]):
        key = SessionKey("t1", user, "nurse", f"s{n}")
        c.conversation.record_turn(key, text, "…")
        sync_index(c, key.owner)
        clock.advance(2 * DAY)
    facts = c.memories.list("t1", user, namespaces=(Namespace.MEMORY,))
    (was,) = [r for r in facts if old in r.content]
    (now,) = [r for r in facts if new in r.content]
    assert was.superseded_by == now.memory_id and SUPERSEDED_TAG in was.topics and not was.pinned
    assert now.pinned and now.supersedes == was.memory_id
    profile = c.profiles.get("t1", user, "nurse")
    assert now.memory_id in profile.pinned and was.memory_id not in profile.pinned
    present = _lines(c, user, "now", now_q)
    assert any(new in line for line in present)
    assert not any(old in line and new not in line for line in present)
    assert any(old in line for line in _lines(c, user, "past", past_q))
