"""L3 (issue 28, item 3): a question about a relation ("my wife's birthday", 男友慶生, 娘の誕生日) finds the
statement that names that person only by name ("Hannah turns 40 on May 9"), through the real
pipeline (record_turn, extraction, the stream indexer) on DynamoDB Local and the local index. The
name is read from what the user said ("my wife Hannah and I…"); with the lookup off, the statement
that only says who she is comes first."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.memory.projection import display_text
from engram.memory.search import RECALLED_NAMESPACES
from engram.settings import Settings
from engram.wiring import Container
from tests.support.indexing import sync_index

pytestmark = pytest.mark.integration

DAY = 86_400.0
CASES = {
    "en": (
        [
            "my wife Hannah and I have been together since college",
            "my younger brother Tyler lives in Austin and works in IT",
            "Hannah turns 40 on May 9 and I'm secretly planning a surprise party",
            "I'm a UX designer, mostly apps and websites for local businesses",
            "we live in Pittsburgh, in a little brick house",
        ],
        "when is my wife's big milestone birthday?",
        "May 9",
    ),
    "ja": (
        [
            "娘のひなは4歳、毎日元気すぎて疲れる笑",
            "夫の健太はエンジニアで、在宅勤務が多い",
            "ひなの誕生日は7月3日",
            "結婚記念日は11月22日",
            "カメラはソニーのα7 IV",
        ],
        "娘の生まれた日は？",
        "7月3日",
    ),
}


def _first(c: Container, clock: ManualClock, lang: str) -> str:
    said, question, _ = CASES[lang]
    user = SessionKey("t1", f"people-{lang}", "coach", "s1")
    for n, text in enumerate(said):
        clock.advance(60)
        c.conversation.record_turn(user, text, "OK", f"{lang}-{n}")
    sync_index(c, user.owner)
    clock.advance(DAY)
    found = c.retriever.search(user.owner, question, persona_id="coach", k=5, namespaces=RECALLED_NAMESPACES)
    return display_text(found[0].doc)


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_relation_asked_finds_the_statement_naming_the_person(
    make_container: Callable[..., Container], settings: Settings, clock: ManualClock, lang: str
) -> None:
    assert CASES[lang][2] in _first(make_container(settings), clock, lang)


@pytest.mark.parametrize("lang", sorted(CASES))
def test_without_the_name_the_statement_of_who_she_is_comes_first(
    make_container: Callable[..., Container], settings: Settings, clock: ManualClock, lang: str
) -> None:
    off = settings.model_copy(update={"people_name_lookup_docs": 0})
    assert CASES[lang][2] not in _first(make_container(off), clock, lang)
