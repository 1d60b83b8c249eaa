"""L3 score fusion weighs the lexical part by what the best lexical match shares of the question:
a question asked in other words ("Which instrument do I play?") shares only "do" and "I" with the
statement that answers it ("I play the cello"), and the best BM25 hit must not then count as a
full match that buries the embedder's answer (held-out paraphrase hit@3 en 0.35 -> 0.60)."""

from __future__ import annotations

from engram.memory.models import Hit, IndexDocument
from engram.memory.retrieval import _lexical_coverage
from engram.memory.scoring import score_fusion


def _hit(doc_id: str, text: str, score: float) -> Hit:
    doc = IndexDocument(doc_id, "t", "u", "p", "round", "round", "active", text, None, 0.5, 0.0, 0.0)
    return Hit(doc_id, score, doc)


def test_a_best_match_on_two_of_five_words_is_worth_two_fifths() -> None:
    hits = [_hit("a", "Do you do yoga? I do.", 3.0), _hit("b", "I play the cello.", 1.0)]
    assert _lexical_coverage("Which instrument do I play?", hits) == 2 / 5


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
