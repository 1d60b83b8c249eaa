"""P3: what field-level encryption costs on the turn and context paths, next to the same paths
without it, measured in the same run and interleaved (this machine is shared and noisy).

Two containers on one DynamoDB Local, each with its own table: one seals content with a data
key per user (AES-256-GCM, the local keyring wrapping the keys), one writes it plain. Every
user has a conversation with history and memories first. Then, round after round, each mode
in turn (order alternating) runs for each user:
- a chat turn on the API path (context, reply, append; the post-turn work is left out, as the
  queue would take it);
- a context request (session, gate, memories, prompt).
Also: the first turn of a brand-new user, which makes the user's data key (one key read that
misses, one key created, one conditional put), and the key reads per warm turn.

Usage: uv run python benchmarks/encryption.py [--users 20] [--rounds 15] [--json out.json]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from typing import Any

from _report import machine, print_table, summary, write_json
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.tables import ensure_table
from engram.adapters.embedders.local import DIMENSIONS
from engram.adapters.local_index import LocalIndex
from engram.kernel.keys import OwnerKey, SessionKey
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.settings import Settings
from engram.wiring import Container, build_container
from engram.wiring.crypto import cipher_for_settings

MESSAGES = [
    "I coughed a lot last night and my chest felt tight.",
    "昨天晚上咳嗽很厲害，今天呼吸比較喘。",
    "今朝は息苦しくて、散歩を短くしました。",
    "오늘은 숨이 좀 차서 산책을 짧게 했어요.",
    "My daughter visits on Sunday, we will walk in the park.",
]
FACTS = [
    "Uses a tiotropium inhaler every morning at 8.",
    "女兒每個星期天來看她，會一起去公園散步。",
    "犬の名前はココで、柴犬です。",
    "저녁에는 항상 따뜻한 차를 마셔요.",
    "Was taken to the emergency room in March for a flare-up.",
]


def _container(settings: Settings) -> Container:
    ensure_table(TableConfig.from_settings(settings))
    # post-turn work dropped: the API path only (in AWS the queue takes it)
    return build_container(
        settings, queue_mode="thread", job_handler=lambda job: None, index=LocalIndex.in_memory(DIMENSIONS)
    )


def _prepare(c: Container, users: int) -> list[SessionKey]:
    keys = []
    svc = c.memory_service
    for u in range(users):
        key = SessionKey("bench", f"user-{u}", "nurse", "s1")
        for n in range(8):
            c.conversation.record_turn(key, f"{MESSAGES[n % len(MESSAGES)]} ({n})", "Thank you for telling me.")
        for n, fact in enumerate(FACTS):
            svc.create(OwnerKey("bench", key.user_id), "nurse", summary=f"{fact} [{n}]", pinned=n == 0)
        keys.append(key)
    return keys


def _timed(run: Any) -> float:
    started = time.perf_counter()
    run()
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--new-users", type=int, default=40)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    os.chdir(tempfile.mkdtemp(prefix="engram-encryption-bench-"))  # the local keyring goes here
    ddb = DynamoDBLocal.start()
    os.environ.update(local_aws_env(ddb.endpoint))
    try:
        base = Settings(dynamodb_endpoint=ddb.endpoint)
        modes = {
            "plain": _container(base.model_copy(update={"table_name": "bench-plain", "field_encryption": False})),
            "sealed": _container(base.model_copy(update={"table_name": "bench-sealed", "field_encryption": True})),
        }
        sessions = {name: _prepare(c, args.users) for name, c in modes.items()}
        turn: dict[str, list[float]] = {m: [] for m in modes}
        context: dict[str, list[float]] = {m: [] for m in modes}
        first: dict[str, list[float]] = {m: [] for m in modes}
        cipher = cipher_for_settings(modes["sealed"].settings)
        reads_before = cipher.key_reads
        for r in range(args.rounds):
            order = list(modes) if r % 2 == 0 else list(reversed(modes))
            for name in order:
                c = modes[name]
                for i, key in enumerate(sessions[name]):
                    text = f"{MESSAGES[(r + i) % len(MESSAGES)]} r{r}"
                    context[name].append(_timed(lambda c=c, key=key, text=text: c.conversation.context(key, text)))
                    turn[name].append(_timed(lambda c=c, key=key, text=text: c.conversation.chat(key, text)))
        warm_reads = cipher.key_reads - reads_before
        for n in range(args.new_users):
            for name in modes if n % 2 == 0 else reversed(list(modes)):
                c = modes[name]
                key = SessionKey("bench", f"new-{n}", "nurse", "s1")
                text = MESSAGES[n % len(MESSAGES)]
                first[name].append(_timed(lambda c=c, key=key, text=text: c.conversation.chat(key, text)))
    finally:
        ddb.stop()

    figures: dict[str, Any] = {"machine": machine(), "users": args.users, "rounds": args.rounds}
    rows = []
    for label, data in (("context", context), ("chat turn (API path)", turn), ("first turn, new user", first)):
        plain, sealed = summary(data["plain"]), summary(data["sealed"])
        ratio50 = round(sealed["p50"] / plain["p50"], 3)
        ratio95 = round(sealed["p95"] / plain["p95"], 3)
        slug = label.split(" ")[0] if label != "first turn, new user" else "first_turn"
        figures[slug] = {"plain": plain, "sealed": sealed, "ratio_p50": ratio50, "ratio_p95": ratio95}
        rows.append([label, plain["p50"], sealed["p50"], ratio50, plain["p95"], sealed["p95"], ratio95, plain["n"]])
    figures["key_reads_warm"] = warm_reads
    figures["turn_ratio_p50"] = figures["chat"]["ratio_p50"]
    figures["context_ratio_p50"] = figures["context"]["ratio_p50"]
    print_table(
        "Field encryption overhead (ms; same run, interleaved)",
        ["path", "plain p50", "sealed p50", "x p50", "plain p95", "sealed p95", "x p95", "n"],
        rows,
    )
    print(f"\ndata-key reads during {args.rounds * args.users * 2} warm requests: {warm_reads}")
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
