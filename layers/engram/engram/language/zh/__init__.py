"""Chinese language pack."""

from engram.language.pack import LanguagePack
from engram.language.zh.extraction import EXTRACTION

PACK = LanguagePack(code="zh", extraction=EXTRACTION)
