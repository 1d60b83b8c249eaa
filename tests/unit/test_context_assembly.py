"""C1 / C2 prompt assembly: block order, exact totals with the model's counter, and the
trimming order (oldest raw rounds, then lowest-ranked memories, then the summary; the
pinned facts and the input are never trimmed)."""

from __future__ import annotations

import pytest

from engram.adapters.token_counter import QuicktokCounter
from engram.conversation.context import REPLY_PRIMING, TOKENS_PER_MESSAGE, ContextAssembler, ContextInput
from engram.conversation.models import (
    AssembledContext,
    ContextBlock,
    GateDecision,
    GateResult,
    MemoryItemView,
    MemorySlot,
    Turn,
)
from engram.settings import Settings

COUNTER = QuicktokCounter("o200k_base")
USE = GateResult(GateDecision.USE, "time_reference", "en")
PINNED = ("User is allergic to penicillin", "User has COPD")
SUMMARY = (
    "The user has been tracking their breathing for two weeks. They walk every morning, use an inhaler "
    "twice a day and felt worse during the cold snap. They asked for tips about stairs and sleep. " * 3
)
ITEMS = tuple(
    MemoryItemView(f"m{i}", text, 1.0 - i / 10)
    for i, text in enumerate(
        [
            "User's oxygen saturation was 93 percent last Tuesday.",
            "User attends pulmonary rehab on Tuesdays and Thursdays.",
            "User's cough is worse at night.",
            "User's daughter Emily lives in Seattle.",
        ]
    )
)
RECENT = tuple(
    Turn(
        i,
        f"Round {i}: my breathing today was {'ok' if i % 2 else 'a bit worse'} after the walk.",
        f"Noted, round {i}.",
        f"r{i}",
        float(i),
    )
    for i in range(1, 7)
)
INPUT = "How is my breathing compared to last week?"


def _settings(**overrides: object) -> Settings:
    return Settings().model_copy(update={"context_max_tokens": 100_000, **overrides})


def _pins(texts: tuple[str, ...]) -> tuple[MemoryItemView, ...]:
    return tuple(MemoryItemView(f"pin-{i}", text) for i, text in enumerate(texts))


def _assemble(
    settings: Settings,
    *,
    recent: tuple[Turn, ...] = RECENT,
    items: tuple[MemoryItemView, ...] = ITEMS,
    summary: str = SUMMARY,
    pinned: tuple[str, ...] = PINNED,
    text: str = INPUT,
) -> AssembledContext:
    ci = ContextInput(
        text=text, summary=summary, recent=recent, memory=MemorySlot(pinned=_pins(pinned), items=items), gate=USE
    )
    return ContextAssembler(settings, COUNTER).assemble(ci)


def _exact_total(ctx: AssembledContext) -> int:
    return int(sum(COUNTER.count(m["content"]) + TOKENS_PER_MESSAGE for m in ctx.messages) + REPLY_PRIMING)


def _block(ctx: AssembledContext, name: str) -> ContextBlock | None:
    return next((b for b in ctx.blocks if b.name == name), None)


def _trimmed(ctx: AssembledContext, name: str) -> int:
    block = _block(ctx, name)
    assert block is not None
    return int(block.trimmed)


def _round_cost(t: Turn) -> int:
    return int(COUNTER.count(t.user_text) + COUNTER.count(t.assistant_text) + 2 * TOKENS_PER_MESSAGE)


def test_prompt_layout_and_exact_total() -> None:
    s = _settings()
    ctx = _assemble(s)
    system = ctx.messages[0]
    assert system["role"] == "system"
    body = system["content"]
    # C1 order inside the system message: policy, pinned, summary, memories
    positions = [
        body.index(s.system_policy),
        body.index(PINNED[0]),
        body.index(SUMMARY[:40]),
        body.index(ITEMS[0].text),
    ]
    assert positions == sorted(positions)
    # then the recent rounds in order, then the input last
    assert [m["content"] for m in ctx.messages[1:-1]] == [x for t in RECENT for x in (t.user_text, t.assistant_text)]
    assert ctx.messages[-1] == {"role": "user", "content": INPUT}
    assert [b.name for b in ctx.blocks] == ["system", "pinned", "summary", "memories", "recent", "input"]
    assert ctx.total_tokens == _exact_total(ctx)
    assert ctx.memory_ids == [i.memory_id for i in ITEMS]
    assert all(b.trimmed == 0 for b in ctx.blocks)
    assert ctx.encoding == "o200k_base"
    for b in ctx.blocks:
        if b.name != "recent":
            assert b.tokens == COUNTER.count(b.text)
    recent_block = _block(ctx, "recent")
    assert recent_block is not None and recent_block.tokens == sum(_round_cost(t) for t in RECENT)


def test_only_the_recent_window_is_used() -> None:
    ctx = _assemble(_settings(recent_window_rounds=2))
    assert [m["content"] for m in ctx.messages[1:-1]] == [
        x for t in RECENT[-2:] for x in (t.user_text, t.assistant_text)
    ]


def test_oldest_raw_rounds_are_trimmed_first() -> None:
    full = _assemble(_settings())
    budget = full.total_tokens - _round_cost(RECENT[0]) - _round_cost(RECENT[1]) + 1  # two rounds must go... almost
    ctx = _assemble(_settings(context_max_tokens=budget))
    kept = [m["content"] for m in ctx.messages[1:-1]]
    assert kept == [x for t in RECENT[2:] for x in (t.user_text, t.assistant_text)]  # the two oldest went
    assert ctx.memory_ids == full.memory_ids  # memories untouched
    assert _block(ctx, "summary") == _block(full, "summary")  # summary untouched
    assert _trimmed(ctx, "recent") == 2
    assert ctx.total_tokens == _exact_total(ctx) <= budget


def test_then_the_lowest_ranked_memories() -> None:
    full = _assemble(_settings())
    no_recent = full.total_tokens - sum(_round_cost(t) for t in RECENT)
    ctx = _assemble(_settings(context_max_tokens=no_recent - 1))
    assert len(ctx.messages) == 2  # system + input: every raw round went first
    assert ctx.memory_ids == ["m0", "m1", "m2"]  # the lowest ranked (m3) went next
    assert ITEMS[3].text not in ctx.messages[0]["content"]
    assert SUMMARY.strip() in ctx.messages[0]["content"]  # the summary is still whole
    assert _trimmed(ctx, "memories") == 1
    assert _trimmed(ctx, "recent") == len(RECENT)
    assert ctx.total_tokens == _exact_total(ctx) <= no_recent - 1


def test_the_summary_is_trimmed_last_and_pinned_facts_and_input_never() -> None:
    bare = _assemble(_settings(), recent=(), items=())
    summary_tokens = COUNTER.count(SUMMARY)
    budget = bare.total_tokens - summary_tokens // 2
    ctx = _assemble(_settings(context_max_tokens=budget))
    assert ctx.memory_ids == [] and len(ctx.messages) == 2
    block = _block(ctx, "summary")
    assert block is not None and block.trimmed >= 1
    body = ctx.messages[0]["content"]
    assert SUMMARY.strip() not in body and SUMMARY[:60] in body  # cut, from the end
    assert all(p in body for p in PINNED)
    assert ctx.messages[-1]["content"] == INPUT
    assert ctx.total_tokens == _exact_total(ctx) <= budget


def test_when_nothing_else_is_left_pinned_facts_and_input_stay_even_over_budget() -> None:
    long_input = "Please read this carefully. " * 80
    ctx = _assemble(_settings(context_max_tokens=200), text=long_input)
    assert ctx.total_tokens > 200  # nothing left that may be trimmed
    assert ctx.messages[-1]["content"] == long_input
    assert all(p in ctx.messages[0]["content"] for p in PINNED)
    assert ctx.memory_ids == [] and _block(ctx, "summary") is None and len(ctx.messages) == 2
    assert ctx.total_tokens == _exact_total(ctx)


def test_memory_block_and_item_budgets() -> None:
    # distinct statements: repeats of one statement would enter the block once (without_repeats)
    long_items = tuple(
        MemoryItemView(f"m{i}", f"Memory {i}: " + f"on day{i} the user walked to place{i} and saw bird{i} " * 30)
        for i in range(6)
    )
    s = _settings(memory_block_tokens=200, memory_item_cap_tokens=60)
    ctx = _assemble(s, items=long_items)
    block = _block(ctx, "memories")
    assert block is not None
    assert block.tokens <= 200
    lines = block.text.splitlines()[1:]
    assert len(lines) == len(ctx.memory_ids) == 3
    assert ctx.memory_ids == ["m0", "m1", "m2"]
    for line, item in zip(lines, long_items, strict=False):
        cut = line[2:]
        assert item.text.startswith(cut) and COUNTER.count(cut) <= 60


def test_pinned_facts_have_their_own_budget() -> None:
    many = tuple(f"Core fact {i}: " + "the user is allergic to penicillin and to sulfa drugs " * 4 for i in range(20))
    s = _settings(pinned_tokens=150)
    ctx = _assemble(s, pinned=many)
    block = _block(ctx, "pinned")
    assert block is not None
    assert 0 < block.items < len(many)
    lines = block.text.splitlines()[1:]
    assert sum(COUNTER.count(f"{line}\n") for line in lines) <= 150


@pytest.mark.parametrize("decision", [GateDecision.SKIP, GateDecision.USE])
def test_gate_is_reported_and_empty_slot_leaves_no_memory_block(decision: GateDecision) -> None:
    gate = GateResult(decision, "greeting" if decision == GateDecision.SKIP else "llm", "en")
    ci = ContextInput(text="Hi!", summary="", recent=(), memory=MemorySlot(pinned=_pins(PINNED)), gate=gate)
    ctx = ContextAssembler(_settings(), COUNTER).assemble(ci)
    assert ctx.gate == gate
    assert [b.name for b in ctx.blocks] == ["system", "pinned", "recent", "input"]
    assert ctx.total_tokens == _exact_total(ctx)


@pytest.mark.parametrize("budget", [12, 25, 60])
def test_a_full_block_stays_within_its_budget_heading_included(budget: int) -> None:
    many_pins = tuple(f"Core fact {i}: the user walks every morning" for i in range(10))
    many_items = tuple(MemoryItemView(f"m{i}", f"Memory {i}: the user likes tea{i} from shop{i}") for i in range(10))
    s = _settings(pinned_tokens=budget, memory_block_tokens=budget, summary_block_tokens=budget)
    ctx = _assemble(s, items=many_items, pinned=many_pins, summary=SUMMARY * 5)
    for name in ("pinned", "memories", "summary"):
        block = _block(ctx, name)
        if block is not None:  # a budget too small for one line leaves the block out
            assert block.budget == budget and block.tokens <= budget, (name, block.tokens)
    # what the budgets left out is reported, pinned facts and retrieved memories alike
    kept = {name: b.items if (b := _block(ctx, name)) is not None else 0 for name in ("pinned", "memories")}
    assert [m.source for m in ctx.trimmed].count("retrieved") == len(many_items) - kept["memories"]
    assert [m.source for m in ctx.trimmed].count("pinned") == len(many_pins) - kept["pinned"]
