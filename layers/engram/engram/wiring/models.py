"""Which models a deployment runs: OpenAI when a key is configured, the labelled local
heuristics and the local embedder otherwise."""

from __future__ import annotations

from dataclasses import dataclass

from engram.adapters.token_counter import QuicktokCounter
from engram.conversation.ports import ClientModel, GateClassifier, Responder, Summarizer
from engram.memory.ports import Embedder, Extractor
from engram.settings import Settings


@dataclass(frozen=True, slots=True)
class Models:
    responder: Responder
    summarizer: Summarizer
    gate: GateClassifier
    extractor: Extractor
    embedder: Embedder
    client_model: ClientModel | None = None  # the OpenAI-compatible door's: the responder, with the client's parameters


def build_models(settings: Settings, counter: QuicktokCounter) -> Models:
    """OpenAI when a key is configured, the labelled local heuristics and local embedder otherwise."""
    from engram.memory.extraction import HeuristicExtractor, OpenAIExtractor

    if settings.openai_enabled:
        from engram.adapters.embedders.openai_embedder import OpenAIEmbedder
        from engram.adapters.openai_models.client import OpenAIClient
        from engram.adapters.openai_models.tasks import (
            OpenAIGateClassifier,
            OpenAIResponder,
            OpenAISummarizer,
        )

        client = OpenAIClient(settings)
        responder = OpenAIResponder(client, settings.reply_max_tokens)
        return Models(
            responder=responder,
            summarizer=OpenAISummarizer(client),
            gate=OpenAIGateClassifier(client, settings.gate_llm_max_tokens),
            extractor=OpenAIExtractor(client, HeuristicExtractor()),
            embedder=OpenAIEmbedder(
                client,
                settings.embedding_model,
                settings.embedding_dimensions,
                counter=QuicktokCounter.for_model(settings.embedding_model),
                max_input_tokens=settings.embedding_max_input_tokens,
            ),
            client_model=responder,
        )
    from engram.adapters.embedders.local import LocalEmbedder
    from engram.adapters.local_models.gate import LocalGateClassifier
    from engram.adapters.local_models.responder import LocalResponder
    from engram.adapters.local_models.summarizer import LocalSummarizer

    local = LocalResponder()
    return Models(
        responder=local,
        summarizer=LocalSummarizer(counter),
        gate=LocalGateClassifier(),
        extractor=HeuristicExtractor(),
        embedder=LocalEmbedder(query_max_tokens=settings.local_query_max_tokens),
        client_model=local,
    )
