"""English language pack."""

from engram.language.en.extraction import EXTRACTION
from engram.language.en.gate import GATE
from engram.language.en.pii import PII
from engram.language.en.query_words import QUERY
from engram.language.en.replies import REPLIES
from engram.language.en.signals import SIGNALS
from engram.language.en.text import TEXT
from engram.language.pack import LanguagePack

PACK = LanguagePack(
    code="en", extraction=EXTRACTION, gate=GATE, query=QUERY, pii=PII, text=TEXT, replies=REPLIES, signals=SIGNALS
)
