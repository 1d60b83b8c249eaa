"""Freshness: time from a recorded turn to its memories being searchable, on the local stack.

    .venv/bin/python benchmarks/freshness.py [--turns 50] [--think-s 2] [--json PATH]

Starts the whole local stack in this process (start_stack: DynamoDB Local in memory, a fresh
local index in a temp dir, the HTTP API, the post-turn worker thread, the table-stream poller
at 0.1 s feeding the real memory_indexer handler). Then, one turn at a time, each stating a distinct fact in en / zh /
ja / ko ("My cousin's name is Xq7k12."), POST /v1/personas/p/sessions/s/turns over HTTP
with a locally minted JWT, and poll HybridRetriever.search (the stack's own retriever, query
vector computed once beforehand so a poll costs no embedding) every 10 ms until a result
carries the fact's code: the round memory or the extracted fact, whichever the index serves
first. Elapsed time is counted from the moment the POST returned (the turn is recorded).
found_next_turn_ratio: the share found within the think time before the next turn (2 s).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import string
import tempfile
import time
import warnings
from typing import Any
from urllib.parse import urlparse

from _report import machine, print_table, summary, write_json
from engram.kernel.keys import OwnerKey
from engram.local import tokens
from engram.local.dynamodb_local import free_port
from engram.local.stack import start_stack
from engram.memory.models import Namespace
from engram.memory.projection import display_text

PERSONA, SESSION = "p", "s"
FACTS = {
    "en": ["My {rel}'s name is {code}.", ["cousin", "sister", "neighbour", "colleague", "uncle", "nephew"]],
    "zh": ["我{rel}的名字是{code}。", ["表哥", "姐姐", "鄰居", "同事", "叔叔", "姪子"]],
    "ja": ["私の{rel}の名前は{code}です。", ["いとこ", "姉", "隣人", "同僚", "叔父", "甥"]],
    "ko": ["제 {rel} 이름은 {code}예요.", ["사촌", "언니", "이웃", "동료", "삼촌", "조카"]],
}


def make_facts(n: int, rng: random.Random) -> list[tuple[str, str, str]]:
    """(language, fact text, code) with codes that occur nowhere else."""
    out = []
    langs = list(FACTS)
    for i in range(n):
        lang = langs[i % len(langs)]
        template, relations = FACTS[lang]
        code = "X" + "".join(rng.choices(string.ascii_lowercase, k=3)) + str(i)
        rel = relations[(i // len(langs)) % len(relations)]
        out.append((lang, str(template).format(rel=rel, code=code), code))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=3, help="turns before measuring (model load, connections)")
    parser.add_argument("--poll-ms", type=float, default=10.0)
    parser.add_argument("--timeout-s", type=float, default=15.0, help="give up on a fact after this long")
    parser.add_argument("--think-s", type=float, default=2.0, help="human think time before the next turn")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    warnings.filterwarnings("ignore", message="No application metrics to publish")
    tmp = tempfile.TemporaryDirectory(prefix="engram-freshness-")
    os.environ["ENGRAM_LOCAL_INDEX_DIR"] = tmp.name  # a fresh index, not the repo's .local/index
    stack = start_stack(in_memory=True, port=free_port())
    settings, container = stack.settings, stack.container
    user = f"fresh-{rng.randrange(1 << 30)}"
    owner = OwnerKey(settings.default_tenant, user)
    url = urlparse(stack.url)
    headers = {"authorization": f"Bearer {tokens.mint(settings, user)}", "content-type": "application/json"}
    facts = make_facts(args.warmup + args.turns, rng)
    queries = [code for _, _, code in facts]
    qvecs = container.models.embedder.embed(queries)  # once, before: a poll costs no embedding
    spaces = (Namespace.MEMORY.value, Namespace.ROUND.value)
    elapsed: list[float] = []
    post_ms: list[float] = []
    first_ns: dict[str, int] = {}
    missed = 0
    try:
        conn = http.client.HTTPConnection(url.hostname or "127.0.0.1", url.port, timeout=30)
        for i, (_lang, text, code) in enumerate(facts):
            body = {"user": text, "assistant": "Nice to know!", "idempotency_key": f"f{i}"}
            t0 = time.perf_counter()
            conn.request("POST", f"/v1/personas/{PERSONA}/sessions/{SESSION}/turns", json.dumps(body), headers)
            resp = conn.getresponse()
            resp.read()
            recorded = time.perf_counter()
            if resp.status != 200:
                raise RuntimeError(f"POST turns: {resp.status}")
            found: Any = None
            while found is None and time.perf_counter() - recorded < args.timeout_s:
                hits = container.retriever.search(
                    owner, queries[i], persona_id=PERSONA, k=8, namespaces=spaces, query_vector=qvecs[i]
                )
                found = next((h for h in hits if code in display_text(h.doc)), None)
                if found is None:
                    time.sleep(args.poll_ms / 1000)
            ms = (time.perf_counter() - recorded) * 1000
            if i < args.warmup:
                continue
            post_ms.append((recorded - t0) * 1000)
            if found is None:
                missed += 1
                continue
            elapsed.append(ms)
            first_ns[found.doc.namespace] = first_ns.get(found.doc.namespace, 0) + 1
            print(f"turn {i - args.warmup + 1}: found after {ms:.0f} ms ({found.doc.namespace})", flush=True)
        conn.close()
        poller_stats = getattr(stack.stoppers[0], "__self__", None)
        delivered = poller_stats.stats.delivered if poller_stats is not None else None
    finally:
        stack.stop()
        close = getattr(stack.container.index, "close", None)
        if close is not None:
            close()
        tmp.cleanup()

    s, p = summary(elapsed), summary(post_ms)
    think_ms = args.think_s * 1000
    figures: dict[str, Any] = {
        "freshness_p50_ms": s["p50"],
        "freshness_p95_ms": s["p95"],
        "freshness_max_ms": round(max(elapsed), 1) if elapsed else None,
        "found_next_turn_ratio": round(sum(1 for e in elapsed if e <= think_ms) / args.turns, 3),
        "found_within_1s": sum(1 for e in elapsed if e <= 1000),
        "turns": args.turns,
        "missed": missed,
        "first_found_as": first_ns,
        "freshness": s,
        "post_turn_ms": p,
        "setup": {
            "poller_interval_s": 0.1,
            "poll_ms": args.poll_ms,
            "think_s": args.think_s,
            "stream_records_delivered": delivered,
        },
        "machine": machine(),
    }
    print_table(
        f"Freshness on the local stack ({args.turns} turns, ms from the recorded turn)",
        ["measure", "n", "p50", "p95", "max", "within 1 s", f"before next turn ({args.think_s:g} s)"],
        [
            ["turn -> searchable", s["n"], s["p50"], s["p95"], figures["freshness_max_ms"],
             f"{figures['found_within_1s']}/{args.turns}", figures["found_next_turn_ratio"]],
            ["POST /turns itself", p["n"], p["p50"], p["p95"], round(max(post_ms), 1) if post_ms else "-", "-", "-"],
        ],
    )  # fmt: skip
    print(f"\nfirst found as: {first_ns}; missed: {missed}\nmachine: {figures['machine']}")
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
