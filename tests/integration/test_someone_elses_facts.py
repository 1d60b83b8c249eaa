"""Someone else's job, home or allergy is theirs (memory/whose.py): told after the user's own, it
replaces nothing, and a question about the user still gets the user's own value. Chinese, Japanese
and Korean drop a subject that carries on ("우리 언니는 서울 살아. 은행에서 일해": her bank), English
says "she"; keyed as the user's, such a sentence replaced the user's job or home."""

from __future__ import annotations

import pytest

from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.memory.models import subject_of
from engram.memory.scoring import DAY_S
from engram.wiring import Container
from tests.support.indexing import sync_index
from tests.support.prompt import memory_texts, stored_facts

# (the user's own statement, a later one about someone else, a question about the user, the user's value)
CASES = {
    "en": (
        "I live in Seattle.",
        "My sister is moving again. She lives in Portland now.",
        "Where do I live?",
        "Seattle",
    ),
    "zh": ("我住在高雄。", "我弟住在台中，每天通勤好辛苦。", "我住在哪裡？", "高雄"),
    "ja": (
        "私は区役所で働いています。",
        "うちの母は看護師です。今は大阪に住んでる。",
        "私の仕事は何ですか？",
        "区役所",
    ),
    "ko": ("저는 구글에서 일해요.", "우리 언니는 서울 살아. 은행에서 일해.", "제가 어디서 일하죠?", "구글"),
}


@pytest.mark.parametrize("language", sorted(CASES))
def test_someone_elses_value_replaces_none_of_the_users_own(
    container: Container, clock: ManualClock, language: str
) -> None:
    c = container
    own, theirs, question, value = CASES[language]
    user = f"whose-{language}"
    c.conversation.record_turn(SessionKey("default", user, "friend", "s1"), own, "OK.")
    clock.advance(30 * DAY_S)
    later = SessionKey("default", user, "friend", "s2")
    c.conversation.record_turn(later, theirs, "OK.")
    sync_index(c, later.owner)

    facts = stored_facts(c, user)
    (mine,) = [r for r in facts if value in r.content]
    assert mine.superseded_by is None and mine.valid_to is None
    # what was said of them is kept, under their key, not the user's
    told = [r for r in facts if r.content != mine.content and subject_of(r.topics)]
    assert told and all(subject_of(r.topics) != subject_of(mine.topics) for r in told), [r.topics for r in told]

    block = memory_texts(c, SessionKey("default", user, "friend", "s3"), question, record_access=True)
    assert any(value in t for t in block), block
