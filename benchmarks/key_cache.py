"""Data-key cache hit rate (P3) under a chat traffic model: what sets the KMS bill.

    .venv/bin/python benchmarks/key_cache.py [--users 1000] [--json PATH]

Each function that opens sealed text (the API, the turn worker, the indexer) keeps a user's
unwrapped data key for `data_key_cache_ttl_s` (300 s) in each warm container
(engram.adapters.crypto.cipher.FieldCipher); a miss is one read of the key table and, in AWS,
one KMS Decrypt. The real FieldCipher runs here with its clock driven by the model and the key
store and the KMS wrapper answered in memory, so the hit rate is the cache's own arithmetic:

- a user has 2 conversations a day, starting at uniformly random times over 14 hours, of 10
  turns each, one every 30 s (the cost model's 10 turns a day, docs/cost.md);
- each turn goes to one of N warm containers of the function, at random (Lambda routes a request
  to any idle environment; one container per user is the best case, N = 1).
"""

from __future__ import annotations

import argparse
import random
from types import SimpleNamespace
from typing import Any

from _report import machine, print_table, write_json
from engram.adapters.crypto.cipher import FieldCipher
from engram.settings import Settings

SESSIONS_PER_DAY = 2
TURNS_PER_SESSION = 10
TURN_GAP_S = 30.0
DAY_S = 14 * 3600.0


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _Keys:
    """The key table and KMS, in memory: every user has a key (a returning user)."""

    def get(self, owner: str) -> Any:
        return SimpleNamespace(key_id=f"k-{owner}", wrapped=b"wrapped")

    def unwrap(self, wrapped: bytes, owner: str) -> bytes:
        return bytes(32)


def turns(users: int, rng: random.Random) -> list[tuple[float, str]]:
    out = []
    for u in range(users):
        for _ in range(SESSIONS_PER_DAY):
            start = rng.uniform(0, DAY_S)
            out += [(start + i * TURN_GAP_S, f"user-{u}") for i in range(TURNS_PER_SESSION)]
    return sorted(out)


def hit_rate(schedule: list[tuple[float, str]], containers: int, settings: Settings, rng: random.Random) -> float:
    clock, keys = _Clock(), _Keys()
    ciphers = [
        FieldCipher(
            keys,  # type: ignore[arg-type]  # the key table's get, in memory
            keys,  # type: ignore[arg-type]  # KMS's unwrap, in memory
            cache_size=settings.data_key_cache_size,
            cache_ttl_s=settings.data_key_cache_ttl_s,
            monotonic=clock,
        )
        for _ in range(containers)
    ]
    for at, owner in schedule:
        clock.now = at
        ciphers[rng.randrange(containers)]._key_for_writing(owner)
    misses = sum(c.key_reads for c in ciphers)
    return 1 - misses / len(schedule)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=1000)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    settings = Settings()
    rng = random.Random(29)
    schedule = turns(args.users, rng)
    figures: dict[str, Any] = {"machine": machine(), "users": args.users, "turns": len(schedule), "hit_rate": {}}
    rows = []
    for n in (1, 2, 4, 8, 16):
        rate = hit_rate(schedule, n, settings, rng)
        figures["hit_rate"][str(n)] = round(rate, 4)
        rows.append([n, f"{rate:.3f}", round((1 - rate) * 1000, 1)])
    print_table(
        f"Data-key cache, TTL {settings.data_key_cache_ttl_s:.0f} s, {len(schedule)} turns of {args.users} users",
        ["warm containers", "hit rate", "KMS Decrypt per 1,000 turns, per function"],
        rows,
    )
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
