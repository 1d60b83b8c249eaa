"""Language handling: per-language packs (rules as data) and the engines that read them.

The text engines (BM25 analysis, PII, topics, concepts, tense, time ranges) live
here next to the packs; `packs.py` lists the languages the engines iterate.
"""

from engram.language.analysis import analyze, detect_language

__all__ = ["analyze", "detect_language"]
