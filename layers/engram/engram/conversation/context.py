"""C1–C3 prompt assembly with exact token budgets.

Order: system policy + pinned core facts + rolling summary + retrieved memories
(all in the system message), then the recent raw rounds, then the input.
Over budget, trim the oldest raw rounds first (the summary covers them), then
the lowest-ranked memories, the summary last; pinned facts and the input stay.

One statement enters the prompt once: a retrieved memory whose words a pinned fact or a
recent round already holds stays out, and of two memories where one holds the other's words
(a round, the fact extracted from it, the session memory containing it) only the better
ranked enters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engram.conversation.models import (
    AssembledContext,
    ContextBlock,
    GateResult,
    MemoryItemView,
    MemorySlot,
    Turn,
    UsedMemory,
)
from engram.kernel.ports import TokenCounter
from engram.language.analysis import analyze
from engram.settings import Settings

PINNED_HEADING = "Core facts about the user:\n"
SUMMARY_HEADING = "Conversation so far (summary):\n"
MEMORIES_HEADING = "Relevant memories:\n"
# OpenAI chat format: every message costs 3 tokens of framing, the reply is primed with 3 more.
TOKENS_PER_MESSAGE = 3
REPLY_PRIMING = 3


@dataclass(frozen=True, slots=True)
class ContextInput:
    text: str
    summary: str
    recent: Sequence[Turn]
    memory: MemorySlot
    gate: GateResult
    policy: str | None = None  # the system message's head; None: settings.system_policy


# Who a statement is about is not what it says: "I've been short of breath" and the fact made of it,
# "User has been short of breath", say one thing (facts are written in the third person).
_PERSON = frozenset(analyze("user users I I'm I've I'd I'll me my mine myself has have had"))


def _words(text: str) -> frozenset[str]:
    words = frozenset(analyze(text)) - _PERSON
    return words or frozenset((" ".join(text.split()).lower(),))  # no words: the text


def _holds(outer: frozenset[str], inner: frozenset[str], share: float) -> bool:
    """`outer` holds at least `share` of `inner`'s words: saying `inner` again adds nothing."""
    return len(inner & outer) >= share * len(inner)


def without_repeats(items: Sequence[MemoryItemView], in_prompt: Sequence[str], share: float) -> list[MemoryItemView]:
    """The memories in rank order, less those that repeat what the prompt already says: a pinned
    fact or a recent round holding a memory's words, or a better-ranked memory holding its words
    or held by it (a round, its extracted fact and the session memory quoting it say one thing)."""
    said = [_words(t) for t in in_prompt if t.strip()]
    kept: list[MemoryItemView] = []
    kept_words: list[frozenset[str]] = []
    for item in items:
        words = _words(item.text)
        if any(_holds(other, words, share) for other in said):
            continue
        if any(_holds(other, words, share) or _holds(words, other, share) for other in kept_words):
            continue
        kept.append(item)
        kept_words.append(words)
    return kept


class ContextAssembler:
    def __init__(self, settings: Settings, counter: TokenCounter) -> None:
        self._s = settings
        self._counter = counter

    def _fit_lines(self, lines: Sequence[str], budget: int, item_cap: int | None = None) -> list[str]:
        kept: list[str] = []
        used = 0
        for line in lines:
            if item_cap is not None:
                line = self._counter.truncate(line, item_cap)
            cost = self._counter.count(f"- {line}\n")
            if used + cost > budget:
                continue
            kept.append(line)
            used += cost
        return kept

    def assemble(self, ci: ContextInput) -> AssembledContext:
        s = self._s
        count = self._counter.count

        # A block's budget holds its heading too: the lines get what the heading leaves.
        def room(budget: int, heading: str) -> int:
            return max(0, budget - count(heading))

        pinned = self._fit_lines([p.text for p in ci.memory.pinned], room(s.pinned_tokens, PINNED_HEADING))
        kept_pinned = [p for p in ci.memory.pinned if p.text in pinned]
        recent_said = [t.user_text for t in list(ci.recent)[-s.recent_window_rounds :]]
        memories = without_repeats(ci.memory.items, [*pinned, *recent_said], s.memory_repeat_share)
        memory_lines = self._fit_lines(
            [m.text for m in memories], room(s.memory_block_tokens, MEMORIES_HEADING), s.memory_item_cap_tokens
        )
        kept_memories = [
            m for m in memories if self._counter.truncate(m.text, s.memory_item_cap_tokens) in memory_lines
        ]
        summary_room = room(s.summary_block_tokens, SUMMARY_HEADING)
        summary = self._counter.truncate(ci.summary, summary_room) if ci.summary else ""
        recent = list(ci.recent)[-s.recent_window_rounds :]
        trimmed = {"recent": 0, "memories": 0, "summary": 0}

        def build() -> tuple[list[dict[str, str]], list[ContextBlock], int]:
            policy = s.system_policy if ci.policy is None else ci.policy
            system = policy
            blocks = [ContextBlock("system", policy, count(policy))]
            if pinned:
                text = PINNED_HEADING + "".join(f"- {p}\n" for p in pinned)
                system += "\n\n" + text
                blocks.append(ContextBlock("pinned", text, count(text), len(pinned), 0, s.pinned_tokens))
            if summary:
                text = SUMMARY_HEADING + summary
                system += "\n\n" + text
                blocks.append(ContextBlock("summary", text, count(text), 1, trimmed["summary"], s.summary_block_tokens))
            if kept_memories:
                text = MEMORIES_HEADING + "".join(
                    f"- {self._counter.truncate(m.text, s.memory_item_cap_tokens)}\n" for m in kept_memories
                )
                system += "\n\n" + text
                blocks.append(
                    ContextBlock(
                        "memories", text, count(text), len(kept_memories), trimmed["memories"], s.memory_block_tokens
                    )
                )
            messages = [{"role": "system", "content": system}]
            recent_tokens = 0
            for t in recent:
                messages.append({"role": "user", "content": t.user_text})
                messages.append({"role": "assistant", "content": t.assistant_text})
                recent_tokens += count(t.user_text) + count(t.assistant_text) + 2 * TOKENS_PER_MESSAGE
            blocks.append(ContextBlock("recent", "", recent_tokens, len(recent), trimmed["recent"]))
            messages.append({"role": "user", "content": ci.text})
            blocks.append(ContextBlock("input", ci.text, count(ci.text)))
            total = sum(count(m["content"]) + TOKENS_PER_MESSAGE for m in messages) + REPLY_PRIMING
            return messages, blocks, total

        messages, blocks, total = build()
        while total > s.context_max_tokens:
            if recent:
                recent.pop(0)
                trimmed["recent"] += 1
            elif kept_memories:
                kept_memories.pop()  # lowest ranked last
                trimmed["memories"] += 1
            elif summary:
                over = total - s.context_max_tokens
                summary = self._counter.truncate(summary, max(0, count(summary) - over - 1))
                trimmed["summary"] += 1
            else:
                break  # only policy, pinned facts and the input remain: never trimmed
            messages, blocks, total = build()
        return AssembledContext(
            messages=messages,
            blocks=blocks,
            total_tokens=total,
            gate=ci.gate,
            memory_ids=[m.memory_id for m in kept_memories],
            encoding=self._counter.encoding_name,
            used=[UsedMemory(p.memory_id, p.text, "pinned") for p in kept_pinned]
            + [UsedMemory(m.memory_id, m.text, "retrieved", round(m.score, 4)) for m in kept_memories],
            trimmed=[UsedMemory(p.memory_id, p.text, "pinned") for p in ci.memory.pinned if p not in kept_pinned]
            + [
                UsedMemory(m.memory_id, m.text, "retrieved", round(m.score, 4))
                for m in memories
                if m not in kept_memories
            ],
            max_tokens=s.context_max_tokens,
        )
