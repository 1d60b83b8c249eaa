"""Chinese language pack."""

from engram.language.pack import LanguagePack

# its parts are the modules beside this file, imported on first use (language/pack.py)
PACK = LanguagePack("zh")
