"""Language-aware text helpers (BM25 analysis, language detection)."""

from engram.text.analysis import analyze, detect_language

__all__ = ["analyze", "detect_language"]
