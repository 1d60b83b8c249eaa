"""The character pairs of a question's grammar ("夫の名前なんだっけ": なん, んだ, っけ) are no evidence: a
chatty statement that shares them ("…なんだよね") must not outrank the one that answers (zh and ja
are indexed as character pairs; BM25 sees only the pairs that name something)."""

from __future__ import annotations

import pytest

from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.wiring import Container
from tests.support.indexing import sync_index

pytestmark = pytest.mark.integration

KEY = SessionKey("default", "aoi", "friend", "s1")


@pytest.mark.parametrize(
    ("said", "question", "answer"),
    [
        (
            ["来月の3日が結婚記念日なんだよね、夫婦で温泉行きたい", "旦那の健二がまた家の鍵なくした"],
            "夫の名前なんだっけ",
            "健二",
        ),
        (
            ["子どもの頃からずっと犬派なんだよね", "息子の陽太が今日から小学生"],
            "子どもの名前なんだっけ",
            "陽太",
        ),
    ],
)
def test_a_chatty_statement_sharing_only_grammar_does_not_come_first(
    container: Container, clock: ManualClock, said: list[str], question: str, answer: str
) -> None:
    c = container
    for text in said:
        clock.advance(600)  # idle: each its own thread
        c.conversation.record_turn(KEY, text, "そうなんだ")
    clock.advance(86_400)
    sync_index(c, KEY.owner)
    (best, *_) = c.retriever.search(KEY.owner, question, persona_id="friend", namespaces=("round", "memory"))
    assert answer in best.doc.text, [m.doc.text[:30] for m in c.retriever.search(KEY.owner, question)]


@pytest.mark.parametrize(
    ("question", "grammar"),
    [("夫の名前なんだっけ", {"なん", "んだ", "っけ"}), ("我的職業是什麼啊", {"什麼"})],
)
def test_bm25_reads_no_pair_of_a_questions_grammar(
    container: Container, monkeypatch: pytest.MonkeyPatch, question: str, grammar: set[str]
) -> None:
    from engram.language.analysis import analyze

    asked: list[str] = []
    search_text = container.index.search_text

    def spy(text: str, *args: object, **kwargs: object) -> object:
        asked.append(text)
        return search_text(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(container.index, "search_text", spy)
    container.retriever.search(KEY.owner, question, persona_id="friend")
    assert asked and not set(analyze(asked[0])) & grammar, asked
