"""Chinese language pack."""

from engram.language.pack import LanguagePack
from engram.language.zh.extraction import EXTRACTION
from engram.language.zh.gate import GATE
from engram.language.zh.pii import PII
from engram.language.zh.query_words import QUERY
from engram.language.zh.replies import REPLIES
from engram.language.zh.signals import SIGNALS
from engram.language.zh.text import TEXT

PACK = LanguagePack(
    code="zh", extraction=EXTRACTION, gate=GATE, query=QUERY, pii=PII, text=TEXT, replies=REPLIES, signals=SIGNALS
)
