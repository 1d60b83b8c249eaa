"""L3 score fusion weighs the lexical part by what the best lexical match shares of the question:
a question asked in other words ("Which instrument do I play?") shares only "do" and "I" with the
statement that answers it ("I play the cello"), and the best BM25 hit must not then count as a
full match that buries the embedder's answer (held-out paraphrase hit@3 en 0.35 -> 0.60)."""

from __future__ import annotations

import pytest

from engram.language.concepts import concept_matches
from engram.memory.models import Hit, IndexDocument
from engram.memory.retrieval import _lexical_coverage
from engram.memory.scoring import score_fusion


def _hit(doc_id: str, text: str, score: float) -> Hit:
    doc = IndexDocument(doc_id, "t", "u", "p", "round", "round", "active", text, None, 0.5, 0.0, 0.0)
    return Hit(doc_id, score, doc)


def test_a_best_match_on_one_of_two_topic_words_is_worth_a_half() -> None:
    # "which", "do" and "I" are function words: the question's topic is "instrument" and "play"
    assert _lexical_coverage("Which instrument do I play?", [_hit("b", "I play the cello.", 1.0)]) == 1 / 2


@pytest.mark.parametrize(
    ("question", "best"),
    [
        ("What kind of car do I have?", "I have a dentist check-up every six months."),
        ("Which instrument do I play?", "Do you do yoga? I do."),
        ("제 차는 무슨 차종이에요?", "제 혈액형은 B형이에요."),
        ("私の車の種類は何だっけ？", "私の血液型はO型です。"),
        ("我的車是什麼牌子？", "我的血型是什麼？"),
    ],
)
def test_a_best_match_on_function_words_alone_is_worth_nothing(question: str, best: str) -> None:
    assert _lexical_coverage(question, [_hit("a", best, 3.0)]) == 0.0


def test_a_question_made_only_of_function_words_counts_them() -> None:
    assert _lexical_coverage("What do I have?", [_hit("a", "I have one.", 3.0)]) == 1 / 2


def test_a_best_match_on_every_word_is_worth_a_full_one() -> None:
    assert _lexical_coverage("cello orchestra", [_hit("b", "I play the cello in an orchestra.", 2.0)]) == 1.0
    assert _lexical_coverage("anything", []) == 1.0


def test_the_embedders_answer_outranks_a_match_on_function_words() -> None:
    # both share words with the question; the small talk a few more of its function words
    text_scores = {"small-talk": 3.0, "cello": 2.4}
    cosines = {"small-talk": 0.78, "cello": 0.86, "other": 0.80}
    knn = [0.86, 0.80, 0.78]
    full = score_fusion(text_scores, knn, cosines, 0.6, 7.5)
    weighed = score_fusion(text_scores, knn, cosines, 0.6, 7.5, lexical_weight=0.4)
    assert max(full, key=full.__getitem__) == "small-talk"  # before: any best lexical hit counted 1.0
    assert max(weighed, key=weighed.__getitem__) == "cello"


@pytest.mark.parametrize(
    ("question", "best"),
    [
        ("What herbs do I keep at home?", "I grow basil and mint on my kitchen windowsill."),
        ("食べちゃいけない海産物ってある？", "エビとカニのアレルギーがあります。"),
        ("장거리 이동할 때 뭘 이용해요?", "비행기 타는 게 무서워서 항상 KTX를 타요."),
        ("主人の職場はどこ？", "夫は成田空港で夜勤をしています。"),  # 夫: one character, held as a substring
    ],
)
def test_a_concept_the_match_says_in_other_words_counts_as_held(question: str, best: str) -> None:
    hits = [_hit("a", best, 2.0)]
    assert _lexical_coverage(question, hits, concept_matches(question)) > _lexical_coverage(question, hits)


def _ranked(question: str, min_share: float, texts: dict[str, tuple[str, float, float]]) -> list[str]:
    """texts: id -> (text, BM25 score (0: no lexical hit), cosine to the question)."""
    import numpy as np

    from engram.adapters.metrics import InMemoryMetrics
    from engram.kernel.clock import ManualClock
    from engram.memory.retrieval import HybridRetriever
    from engram.settings import Settings

    qvec = np.zeros(2, dtype=np.float32)
    qvec[0] = 1.0
    hits = {}
    for doc_id, (text, _, cos) in texts.items():
        vector = [cos, float(np.sqrt(1 - cos * cos))]  # unit vectors at that cosine to the question
        doc = IndexDocument(doc_id, "t", "u", "p", "round", "round", "active", text, vector, 0.5, 0.0, 0.0)
        hits[doc_id] = doc
    text_hits = [Hit(i, score, hits[i]) for i, (_, score, _) in texts.items() if score > 0]
    vector_hits = [Hit(i, cos, hits[i]) for i, (_, _, cos) in texts.items()]
    settings = Settings(fusion_spread_min_share=min_share, rerank_own_vector_share=0.0)
    retriever = HybridRetriever(None, None, None, settings, ManualClock(), InMemoryMetrics())  # type: ignore[arg-type]
    ranked = retriever._rank(text_hits, vector_hits, qvec, 5, 0.0, None, question)
    return [m.memory_id for m in ranked]


def test_when_the_best_lexical_match_holds_one_word_of_three_the_cosine_orders_an_english_question() -> None:
    # "team" alone is shared with the small talk; the answer shares no word and has the best cosine
    texts = {
        "small-talk": ("Our team lost the quiz night again.", 3.0, 0.800),
        "answer": ("I'm a huge fan of the Seattle Mariners.", 0.0, 0.822),
        "a": ("I walk the dog every morning.", 0.0, 0.810),
        "b": ("My sister lives in Lyon.", 0.0, 0.790),
        "c": ("I take aspirin in the evening.", 0.0, 0.780),
    }
    question = "Which baseball team do I root for?"
    assert _ranked(question, 1.0, texts)[0] == "small-talk"  # the full span: one shared word outweighs it
    assert _ranked(question, 0.3, texts)[0] == "answer"


def test_over_character_pairs_the_span_is_not_narrowed() -> None:
    # a good Japanese match still misses the question's grammar pairs: its coverage is no sign of thin evidence
    texts = {
        "match": ("青いスバルのフォレスターに乗っています。", 3.0, 0.800),
        "form": ("私の血液型はO型です。", 0.0, 0.822),
        "a": ("兄は福岡に住んでいます。", 0.0, 0.810),
        "b": ("毎朝散歩しています。", 0.0, 0.790),
        "c": ("猫を二匹飼っています。", 0.0, 0.780),
    }
    question = "私の車の種類は何だっけ？"
    assert _ranked(question, 0.3, texts) == _ranked(question, 1.0, texts)
