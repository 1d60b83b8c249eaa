"""M3: every text given to an embedder is cut to the model's input limit, in tokens."""

from __future__ import annotations

import numpy as np
import pytest

from engram.adapters.embedders.local import MAX_INPUT_TOKENS, LocalEmbedder, _get_model, fit_window
from engram.adapters.token_counter import QuicktokCounter
from engram.settings import Settings
from engram.wiring import build_models

LONG = {
    "en": "My dog Biscuit loves the beach and chasing gulls along the shore. " * 600,
    "zh-TW": "我的狗叫小白，牠很喜歡在海邊追海鷗。" * 800,
    "ja": "私の犬のビスケットは海辺でカモメを追いかけるのが大好きです。" * 600,
    "ko": "우리 강아지 비스킷은 바닷가에서 갈매기를 쫓는 것을 좋아해요. " * 600,
    "one word": "a" * 60_000,
}


@pytest.mark.parametrize("is_query", [True, False])
@pytest.mark.parametrize("lang", list(LONG))
def test_local_window_is_the_longest_prefix_that_fits(lang: str, is_query: bool) -> None:
    model = _get_model(None)
    text = LONG[lang]
    cut = fit_window(model, text, is_query)
    assert text.startswith(cut) and len(cut) < len(text)
    assert model.token_count(cut, is_query) <= MAX_INPUT_TOKENS
    assert model.token_count(text[: len(cut) + 1], is_query) > MAX_INPUT_TOKENS


def test_short_texts_are_untouched() -> None:
    model = _get_model(None)
    for text in ["", "hi", "我的狗叫小白", "x" * 1500]:
        assert fit_window(model, text, True) == text


def test_a_long_text_embeds_as_its_first_window() -> None:
    embedder = LocalEmbedder()
    text = LONG["en"]
    cut = fit_window(_get_model(None), text, False)
    whole, prefix = embedder.embed_documents([text, cut])
    assert np.allclose(whole, prefix, atol=1e-6)


def test_openai_embedder_cuts_each_input_and_sizes_each_request(openai_settings: Settings, openai_stub) -> None:  # type: ignore[no-untyped-def]
    """The stub answers 400 to an input over 8192 tokens or a request over 300k, as the service does."""
    models = build_models(openai_settings, QuicktokCounter.for_model(openai_settings.chat_model))
    texts = [LONG["en"] * 3, LONG["zh-TW"], "short"] * 20  # 60 texts, ~490k tokens before the cut
    vectors = models.embedder.embed(texts)
    assert vectors.shape == (60, openai_settings.embedding_dimensions)
    enc = QuicktokCounter("cl100k_base")
    calls = openai_stub.state.calls("/v1/embeddings")
    assert len(calls) >= 2  # one request could not carry them all
    for call in calls:
        sizes = [enc.count(t) for t in call["input"]]
        assert max(sizes) <= openai_settings.embedding_max_input_tokens
        assert sum(sizes) <= 300_000
    sent = [t for call in calls for t in call["input"]]
    assert sent[0] == enc.truncate(texts[0], openai_settings.embedding_max_input_tokens)
    assert sent[2] == "short"


def test_a_question_is_embedded_from_a_shorter_window_than_a_stored_text() -> None:
    """The request path embeds at most `local_query_max_tokens` of a question (M3)."""
    embedder = LocalEmbedder(query_max_tokens=128)
    model = _get_model(None)
    text = LONG["ko"]
    question_cut = fit_window(model, text, True, 128)
    assert model.token_count(question_cut, True) <= 128 < model.token_count(text[: len(question_cut) + 1], True)
    assert np.allclose(embedder.embed([text]), embedder.embed([question_cut]), atol=1e-6)
    stored_cut = fit_window(model, text, False)
    assert len(stored_cut) > len(question_cut)
    assert np.allclose(embedder.embed_documents([text]), embedder.embed_documents([stored_cut]), atol=1e-6)
