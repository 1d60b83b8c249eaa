"""One language's pack: its rules as data, grouped by the engine that reads them.

Each part is the module `engram.language.<code>.<part>`, imported the first time an engine reads
it: the API's cold start reads the gate's words and never pays for compiling the extraction
rules, which only the post-turn worker reads."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engram.language.extraction_pack import ExtractionPack
    from engram.language.gate_pack import GatePack
    from engram.language.pii_pack import PiiPack
    from engram.language.query_pack import QueryPack
    from engram.language.reply_pack import ReplyPack
    from engram.language.signal_pack import SignalPack
    from engram.language.slot_pack import SlotPack
    from engram.language.text_pack import TextPack


@cache
def _part(code: str, module: str, name: str) -> Any:
    return getattr(importlib.import_module(f"engram.language.{code}.{module}"), name)


@dataclass(frozen=True, slots=True)
class LanguagePack:
    code: str  # base language tag ("en", "zh", "ja", "ko"): what detection and callers name; its folder

    @property
    def extraction(self) -> ExtractionPack:  # read by memory/extraction_rules.py
        return _part(self.code, "extraction", "EXTRACTION")  # type: ignore[no-any-return]

    @property
    def gate(self) -> GatePack:  # read by conversation/gate_rules.py and language/gate_words.py
        return _part(self.code, "gate", "GATE")  # type: ignore[no-any-return]

    @property
    def query(self) -> QueryPack:  # read by language/tense.py, time_range.py, concepts.py
        return _part(self.code, "query_words", "QUERY")  # type: ignore[no-any-return]

    @property
    def pii(self) -> PiiPack:  # read by language/pii.py
        return _part(self.code, "pii", "PII")  # type: ignore[no-any-return]

    @property
    def text(self) -> TextPack:  # read by language/analysis.py, topics.py
        return _part(self.code, "text", "TEXT")  # type: ignore[no-any-return]

    @property
    def replies(self) -> ReplyPack:  # read by line/phrases.py, adapters/local_models/responder.py
        return _part(self.code, "replies", "REPLIES")  # type: ignore[no-any-return]

    @property
    def signals(self) -> SignalPack:  # read by adapters/local_models/lexicon.py, memory/pipeline.py, threads.py
        return _part(self.code, "signals", "SIGNALS")  # type: ignore[no-any-return]

    @property
    def slots(self) -> SlotPack:  # read by language/answer_slots.py
        return _part(self.code, "slots", "SLOTS")  # type: ignore[no-any-return]
