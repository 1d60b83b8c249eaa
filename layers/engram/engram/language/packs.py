"""The registry of language packs: the engines iterate this, never a language by name.

Order matters where packs' words are joined into one pattern (and where a tie
between languages is broken): English, Chinese, Japanese, Korean.
"""

from __future__ import annotations

from engram.language import en, ja, ko, zh
from engram.language.pack import LanguagePack

PACKS: tuple[LanguagePack, ...] = (en.PACK, zh.PACK, ja.PACK, ko.PACK)

BY_CODE: dict[str, LanguagePack] = {pack.code: pack for pack in PACKS}

# The language assumed when detection names none of the packs (Latin script, digits, emoji).
DEFAULT_LANGUAGE = "en"
