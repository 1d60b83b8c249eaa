"""Latency of LocalIndex: search_text + search_vector for one user with 10,000 docs.

    .venv/bin/python benchmarks/local_index_latency.py [--docs 10000] [--dims 512]

Builds a temporary on-disk index (the target user plus other users' documents, so
BM25 has to filter), then times 300 (text, vector) query pairs with the default
SearchFilter plus `now`. Prints p50/p95/p99 in milliseconds.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time

import numpy as np
import numpy.typing as npt

from engram.adapters.local_index import LocalIndex
from engram.language.analysis import analyze
from engram.memory.models import IndexDocument, SearchFilter

_EN_WORDS = (
    "user likes coffee tea morning walk dog cat daughter son wife husband doctor inhaler medicine "
    "allergic penicillin garden tomatoes balcony travel japan taipei seoul hiking mountains music "
    "piano guitar birthday anniversary meeting project deadline budget report weekend movie book "
    "novel cooking spicy noodles rice kimchi soup breakfast dinner lunch exercise swimming running "
    "sleep insomnia headache cough breath stairs rehabilitation class tuesday thursday friday"
)
EN = _EN_WORDS.split()
ZH = "我喜歡喝珍珠奶茶每天早上散步女兒住在台北醫生建議多運動週末去爬山看電影咳嗽晚上睡不好"
JA = "毎朝コーヒーを飲みます週末は京都で抹茶を楽しみました娘は東京に住んでいます散歩が好きです"
KO = "나는 매운 김치찌개를 좋아해요 주말에는 등산을 가요 딸은 서울에 살아요 아침마다 산책해요"


def sentence(rng: random.Random) -> str:
    lang = rng.random()
    if lang < 0.55:
        return " ".join(rng.choice(EN) for _ in range(rng.randint(6, 18)))
    source = ZH if lang < 0.7 else JA if lang < 0.85 else KO
    start = rng.randrange(len(source) - 12)
    return source[start : start + rng.randint(8, 20)]


def make_docs(rng: random.Random, user: str, n: int, dims: int) -> list[IndexDocument]:
    vectors = rng_vectors(n, dims, rng.randrange(1 << 30))
    return [
        IndexDocument(
            doc_id=f"{user}-{i}",
            tenant_id="tenant",
            user_id=user,
            persona_id=rng.choice(["p1", "p2"]),
            namespace=rng.choice(["memory", "memory", "round"]),
            type=rng.choice(["fact", "preference", "note"]),
            status=rng.choice(["active"] * 9 + ["archived"]),
            text=sentence(rng),
            vector=vectors[i].tolist(),
            importance=rng.random(),
            created_at=1_700_000_000 + i,
            updated_at=1_700_000_000 + i,
            expires_at=None if rng.random() < 0.8 else 1_700_000_000 + rng.randrange(20_000_000),
        )
        for i in range(n)
    ]


def rng_vectors(n: int, dims: int, seed: int) -> npt.NDArray[np.float32]:
    matrix = np.random.default_rng(seed).standard_normal((n, dims)).astype(np.float32)
    unit: npt.NDArray[np.float32] = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
    return unit


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--docs", type=int, default=10_000)
    parser.add_argument("--dims", type=int, default=512)
    parser.add_argument("--other-users", type=int, default=20)
    parser.add_argument("--other-docs", type=int, default=1_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--k", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(7)

    texts = [sentence(rng) for _ in range(5_000)]
    started = time.perf_counter()
    for text in texts:
        analyze(text)
    print(f"analyze: {len(texts) / (time.perf_counter() - started):,.0f} texts/s")

    with tempfile.TemporaryDirectory() as tmp:
        index = LocalIndex(tmp, args.dims)
        started = time.perf_counter()
        target = make_docs(rng, "target", args.docs, args.dims)
        for i in range(0, len(target), 500):
            index.upsert(target[i : i + 500])
        for u in range(args.other_users):
            index.upsert(make_docs(rng, f"other-{u}", args.other_docs, args.dims))
        total = args.docs + args.other_users * args.other_docs
        print(f"indexed {total:,} docs in {time.perf_counter() - started:.1f}s")

        flt = SearchFilter(tenant_id="tenant", user_id="target", now=1_710_000_000)
        queries = [sentence(rng) for _ in range(args.queries)]
        vectors = rng_vectors(args.queries, args.dims, 99)

        started = time.perf_counter()
        index.search_vector(vectors[0].tolist(), flt, args.k)
        print(f"first k-NN (loads the user's matrix): {(time.perf_counter() - started) * 1000:.1f} ms")

        text_ms: list[float] = []
        vector_ms: list[float] = []
        both_ms: list[float] = []
        both_cpu_ms: list[float] = []  # CPU time: robust when other processes share the cores
        for query, vector in zip(queries, vectors, strict=True):
            c0 = time.process_time()
            t0 = time.perf_counter()
            index.search_text(query, flt, args.k)
            t1 = time.perf_counter()
            index.search_vector(vector.tolist(), flt, args.k)
            t2 = time.perf_counter()
            both_cpu_ms.append((time.process_time() - c0) * 1000)
            text_ms.append((t1 - t0) * 1000)
            vector_ms.append((t2 - t1) * 1000)
            both_ms.append((t2 - t0) * 1000)
        index.close()

    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    series = (
        ("search_text", text_ms),
        ("search_vector", vector_ms),
        ("both", both_ms),
        ("both (CPU)", both_cpu_ms),
    )
    for name, values in series:
        q = statistics.quantiles(values, n=100)
        print(f"{name:14s} p50 {q[49]:6.2f} ms   p95 {q[94]:6.2f} ms   p99 {q[98]:6.2f} ms")


if __name__ == "__main__":
    main()
