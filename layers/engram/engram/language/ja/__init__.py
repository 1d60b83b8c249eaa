"""Japanese language pack."""

from engram.language.ja.extraction import EXTRACTION
from engram.language.ja.gate import GATE
from engram.language.ja.pii import PII
from engram.language.ja.query_words import QUERY
from engram.language.ja.replies import REPLIES
from engram.language.ja.signals import SIGNALS
from engram.language.ja.text import TEXT
from engram.language.pack import LanguagePack

PACK = LanguagePack(
    code="ja", extraction=EXTRACTION, gate=GATE, query=QUERY, pii=PII, text=TEXT, replies=REPLIES, signals=SIGNALS
)
