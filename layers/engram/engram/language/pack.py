"""One language's pack: its rules as data, grouped by the engine that reads them."""

from __future__ import annotations

from dataclasses import dataclass

from engram.language.extraction_pack import ExtractionPack
from engram.language.gate_pack import GatePack
from engram.language.pii_pack import PiiPack
from engram.language.query_pack import QueryPack
from engram.language.reply_pack import ReplyPack
from engram.language.signal_pack import SignalPack
from engram.language.text_pack import TextPack


@dataclass(frozen=True, slots=True)
class LanguagePack:
    code: str  # base language tag ("en", "zh", "ja", "ko"): what detection and callers name
    extraction: ExtractionPack  # read by memory/extraction_rules.py
    gate: GatePack  # read by domain/gate_rules.py
    query: QueryPack  # read by language/tense.py, time_range.py, concepts.py
    pii: PiiPack  # read by language/pii.py
    text: TextPack  # read by language/analysis.py, topics.py
    replies: ReplyPack  # read by line/phrases.py, adapters/local_models/responder.py
    signals: SignalPack  # read by adapters/local_models/lexicon.py, memory/pipeline.py, memory/threads.py
