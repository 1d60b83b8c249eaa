"""Korean language pack."""

from engram.language.ko.extraction import EXTRACTION
from engram.language.ko.gate import GATE
from engram.language.pack import LanguagePack

PACK = LanguagePack(code="ko", extraction=EXTRACTION, gate=GATE)
