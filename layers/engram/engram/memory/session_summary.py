"""A session's summary for its session memory (S6) and the summarize API (M2): the model's, with
M4's retries, or the raw conversation when the model keeps failing (nothing is lost)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engram.conversation.models import SessionSummary, Turn
from engram.conversation.ports import Summarizer
from engram.kernel.clock import Clock
from engram.kernel.errors import LlmFailure
from engram.kernel.ports import MetricsSink
from engram.kernel.retry import with_retries
from engram.language.masking import mask_text

if TYPE_CHECKING:
    from engram.settings import Settings


def fallback_summary(turns: list[Turn], chars: int, importance: int, warning: str) -> SessionSummary:
    """M4: the raw conversation as "role: content" lines, so nothing is lost."""
    lines = "\n".join(f"user: {t.user_text}\nassistant: {t.assistant_text}" for t in turns)
    return SessionSummary(
        summary=lines[:chars],
        topics=(),
        emotion="calm",
        importance=importance,
        model="raw-fallback",
        fallback=True,
        warning=warning,
    )


def summarize_session_with_retry(
    summarizer: Summarizer, summary: str, turns: list[Turn], settings: Settings, clock: Clock, metrics: MetricsSink
) -> SessionSummary:
    # P5: the model (and the raw fallback) reads the rounds masked whole; the caller masks the output again.
    turns, summary = [t.masked() for t in turns], mask_text(summary)
    try:
        return with_retries(
            lambda: summarizer.summarize_session(summary, turns), settings.llm_attempts, settings.llm_backoff_s, clock
        )
    except LlmFailure:
        metrics.put("llm_failure", kind="session_summary")
        return fallback_summary(
            turns, settings.fallback_summary_chars, settings.fallback_importance, "LLM_SUMMARY_FAILED"
        )
