"""Korean language pack."""

from engram.language.ko.extraction import EXTRACTION
from engram.language.ko.gate import GATE
from engram.language.ko.pii import PII
from engram.language.ko.query_words import QUERY
from engram.language.ko.replies import REPLIES
from engram.language.ko.signals import SIGNALS
from engram.language.ko.text import TEXT
from engram.language.pack import LanguagePack

PACK = LanguagePack(
    code="ko", extraction=EXTRACTION, gate=GATE, query=QUERY, pii=PII, text=TEXT, replies=REPLIES, signals=SIGNALS
)
