"""Prompt size per turn: Engram's assembled context next to the full conversation history.

    .venv/bin/python benchmarks/context_size.py [--conversation conv-26] [--data PATH] [--json PATH]

Replays one LoCoMo conversation (../shared/benchmarks/locomo10.json, read in place) turn by
turn through the real write path: ConversationService.record_turn (DynamoDB Local session,
post-turn worker inline: rolling summary, extraction, round memories), with every memory
record fed into the local index at once (locomo_retrieval.index_every_write: the stream indexer
with zero lag). Before each turn is recorded, ConversationService.context(key, turn text)
assembles the prompt that turn would get (real gate, pinned facts, summary, retrieved
memories, recent rounds); its AssembledContext.total_tokens is compared with the prompt of
a full-history chatbot: the system policy, every earlier turn of the conversation (all
sessions) as one message each, and the input, counted with the same counter and the same
per-message framing. Target: median <= 2,000 tokens (mem0 reports 1,764; full context ~26,000).

Repeats (issue 28): the share of memory-block tokens in lines that repeat another item of the
prompt: a line whose analysed words (who it is about left aside) a pinned fact or a recent
round's user text holds at 80 %, or which holds or is held at 80 % by a better-ranked line (a
round, its extracted fact, the session memory quoting it). Over all turns, token-weighted, and
the number of blocks holding such a line.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import Counter
from pathlib import Path
from typing import Any

from locomo_retrieval import DEFAULT_DATA, PERSONA, index_every_write, load, sessions, turn_text

from _report import machine, percentile, print_table, write_json
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.tables import ensure_table
from engram.adapters.embedders.local import DIMENSIONS
from engram.adapters.local_index import LocalIndex
from engram.conversation.context import MEMORIES_HEADING, PINNED_HEADING, REPLY_PRIMING, TOKENS_PER_MESSAGE
from engram.kernel.clock import ManualClock
from engram.kernel.keys import SessionKey
from engram.language.analysis import analyze
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.settings import Settings
from engram.wiring import build_container

BLOCKS = ("system", "pinned", "summary", "memories", "recent", "input")
REPEAT_SHARE = 0.8


def _lines(system: str, heading: str) -> list[str]:
    if heading not in system:
        return []
    block = system.split(heading, 1)[1].split("\n\n", 1)[0]
    return [line[2:] for line in block.splitlines() if line.startswith("- ")]


# Who a line is about is not what it says: "I've been short of breath" and "User has been short of
# breath" say one thing.
_PERSON = frozenset(analyze("user users I I'm I've I'd I'll me my mine myself has have had"))


def repeats(messages: list[dict[str, str]], count: Any) -> tuple[float, float]:
    """(memory-block tokens, tokens of lines that repeat another item of the prompt)."""
    system = messages[0]["content"]
    memories = _lines(system, MEMORIES_HEADING)
    others = _lines(system, PINNED_HEADING) + [m["content"] for m in messages[1:-1] if m["role"] == "user"]
    words = [set(analyze(t)) - _PERSON for t in memories]
    other_words = [set(analyze(t)) - _PERSON for t in others]
    total = repeated = 0.0
    for i, (line, own) in enumerate(zip(memories, words, strict=True)):
        tokens = count(line)
        total += tokens
        if not own:
            continue
        # held by a pinned fact or a recent round, or holding / held by another memory line (the
        # worse ranked of two such lines is the repeat)
        said = any(len(own & w) >= REPEAT_SHARE * len(own) for w in other_words)
        better = words[:i]
        echoed = any(len(own & w) >= REPEAT_SHARE * min(len(own), len(w)) for w in better if w)
        if said or echoed:
            repeated += tokens
    return total, repeated


def stats(values: list[int]) -> dict[str, float]:
    return {
        "n": len(values),
        "median": round(statistics.median(values), 1),
        "p95": round(percentile([float(v) for v in values], 95), 1),
        "max": max(values),
        "mean": round(statistics.fmean(values), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("LOCOMO_PATH", DEFAULT_DATA)))
    parser.add_argument("--conversation", default=None, help="sample_id (default: the first conversation)")
    parser.add_argument("--max-turns", type=int, default=0, help="stop after this many turns (0 = all)")
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    data = load(args.data)
    sample = next((s for s in data if s.get("sample_id") == args.conversation), None) if args.conversation else data[0]
    if sample is None:
        raise SystemExit(f"no conversation {args.conversation!r} in {args.data}")
    conv_id = str(sample.get("sample_id", "conv-0"))

    ddb = DynamoDBLocal.start()
    os.environ.update(local_aws_env(ddb.endpoint))
    settings = Settings(dynamodb_endpoint=ddb.endpoint, table_name="engram-context-size", plan="paid")
    ensure_table(TableConfig.from_settings(settings))
    clock = ManualClock()
    index = LocalIndex.in_memory(DIMENSIONS)
    container = build_container(settings, clock=clock, queue_mode="inline", index=index)
    index_every_write(container, index)
    count = container.counter.count
    policy_tokens = count(settings.system_policy) + TOKENS_PER_MESSAGE
    history_tokens = 0  # the earlier turns as messages, framing included
    engram: list[int] = []
    full: list[int] = []
    gates: Counter[str] = Counter()
    blocks: dict[str, list[int]] = {name: [] for name in BLOCKS}
    block_tokens = repeated_tokens = 0.0
    turns_with_repeat = turns_with_block = 0
    started = time.perf_counter()
    turns_done = 0
    try:
        for n, when, turns in sessions(sample["conversation"]):
            clock.set(when)
            key = SessionKey("bench", conv_id, PERSONA, f"s{n}")
            for t in turns:
                clock.advance(30)
                text = turn_text(t)
                ctx, _, _ = container.conversation.context(key, text)
                engram.append(ctx.total_tokens)
                total, repeated = repeats(ctx.messages, count)
                block_tokens += total
                repeated_tokens += repeated
                turns_with_block += total > 0
                turns_with_repeat += repeated > 0
                gates[ctx.gate.decision.value] += 1
                sizes = {b.name: b.tokens for b in ctx.blocks}
                for name in BLOCKS:  # a block left out counts as 0 tokens
                    blocks[name].append(sizes.get(name, 0))
                input_tokens = count(text) + TOKENS_PER_MESSAGE
                full.append(policy_tokens + history_tokens + input_tokens + REPLY_PRIMING)
                container.conversation.record_turn(key, text, "…", f"{conv_id}-{t['dia_id']}")
                history_tokens += input_tokens
                turns_done += 1
                if turns_done % 50 == 0:
                    print(f"{turns_done} turns: engram {engram[-1]} tokens, full history {full[-1]}", flush=True)
                if args.max_turns and turns_done >= args.max_turns:
                    break
            if args.max_turns and turns_done >= args.max_turns:
                break
    finally:
        index.close()
        ddb.stop()

    e, f = stats(engram), stats(full)
    figures: dict[str, Any] = {
        "median_prompt_tokens": e["median"],
        "full_history_median_tokens": f["median"],
        "p95_prompt_tokens": e["p95"],
        "max_prompt_tokens": e["max"],
        "full_history_p95_tokens": f["p95"],
        "full_history_max_tokens": f["max"],
        "median_ratio": round(e["median"] / f["median"], 3),
        "engram": e,
        "full_history": f,
        "blocks_median_tokens": {name: round(statistics.median(v), 1) for name, v in blocks.items() if v},
        "blocks_mean_tokens": {name: round(statistics.fmean(v), 1) for name, v in blocks.items() if v},
        "gate": dict(gates),
        "memory_block_repeat_share": round(repeated_tokens / block_tokens, 3) if block_tokens else 0.0,
        "turns_with_a_repeated_line": turns_with_repeat,
        "turns_with_a_memory_block": turns_with_block,
        "target": {"median_prompt_tokens": 2000, "mem0_reported": 1764, "full_context_reported": 26000},
        "run": {
            "conversation": conv_id,
            "turns": turns_done,
            "encoding": container.counter.encoding_name,
            "context_max_tokens": settings.context_max_tokens,
            "replay_s": round(time.perf_counter() - started, 1),
            "machine": machine(),
        },
    }
    print_table(
        f"Prompt tokens per turn, LoCoMo {conv_id} ({turns_done} turns, {container.counter.encoding_name})",
        ["prompt", "median", "p95", "max", "mean"],
        [
            ["engram context", e["median"], e["p95"], e["max"], e["mean"]],
            ["full history", f["median"], f["p95"], f["max"], f["mean"]],
            ["ratio engram / full", figures["median_ratio"], round(e["p95"] / f["p95"], 3),
             round(e["max"] / f["max"], 3), round(e["mean"] / f["mean"], 3)],
        ],
    )  # fmt: skip
    print_table(
        "Engram prompt blocks (tokens per turn; a block left out counts 0)",
        ["block", "median", "mean"],
        [[name, v, figures["blocks_mean_tokens"][name]] for name, v in figures["blocks_median_tokens"].items()],
    )
    print(
        f"\nmemory block: {figures['memory_block_repeat_share']} of its tokens repeat another item; "
        f"{turns_with_repeat} of {turns_with_block} blocks hold such a line"
    )
    print(f"\ngate: {dict(gates)}\nrun: {figures['run']}")
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
