"""LoCoMo evidence retrieval through Engram's real write path, next to plain BM25.

Per conversation: every turn is recorded through ConversationService.record_turn
(DynamoDB Local session, post-turn worker: extraction, scoring, PII masking, dedup,
round memories with key expansion) and indexed into the local index; each question
(categories 1-4) is then asked through HybridRetriever.search. Reported: Recall@5,
Recall@10 and MRR per category and overall, next to a plain single-turn BM25 baseline
computed in the same run. Data: ../shared/benchmarks/locomo10.json (read in place).
"""

from __future__ import annotations

import argparse
import math
import os
import re
import time
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

from _report import machine, print_table, write_json
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.tables import ensure_table
from engram.adapters.embedders.local import DIMENSIONS
from engram.adapters.local_index import LocalIndex
from engram.kernel.clock import ManualClock
from engram.kernel.keys import OwnerKey, SessionKey
from engram.language.analysis import analyze
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.memory.projection import to_index_document
from engram.memory.retrieval import HybridRetriever, relevant
from engram.settings import Settings
from engram.wiring import Container, build_container

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "benchmarks" / "locomo10.json"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
PERSONA = "locomo"


def load(path: Path) -> list[dict[str, Any]]:
    import json

    data: list[dict[str, Any]] = json.loads(path.read_text())
    return data


def sessions(conv: dict[str, Any]) -> list[tuple[int, float, list[dict[str, Any]]]]:
    out = []
    for key, turns in conv.items():
        m = re.fullmatch(r"session_(\d+)", key)
        if m and isinstance(turns, list):
            n = int(m.group(1))
            when = datetime.strptime(conv[f"session_{n}_date_time"], "%I:%M %p on %d %B, %Y").timestamp()
            out.append((n, when, turns))
    return sorted(out)


def turn_text(t: dict[str, Any]) -> str:
    text = f"{t['speaker']}: {t['text']}"
    if t.get("blip_caption"):
        text += f" [shares a photo: {t['blip_caption']}]"
    return text


def clean_evidence(qa: dict[str, Any], known: set[str]) -> list[str]:
    ids = []
    for raw in qa.get("evidence", []):
        for part in str(raw).split(";"):
            part = part.strip().replace("D:", "D")
            m = re.fullmatch(r"D(\d+):(\d+)", part)
            if m:
                norm = f"D{int(m.group(1))}:{int(m.group(2))}"
                if norm in known:
                    ids.append(norm)
    return list(dict.fromkeys(ids))


class InstantIndexing:
    """Feeds every record write into the index at once: the stream indexer with zero lag.

    Every write method of the MemoryRepository port is wrapped (tests/unit/test_benchmark_harness.py
    holds the list to the port): one that fell through to the repository unseen would leave its
    records out of the index, as rounds stored with their profile count once were (their only
    index write came when the next round extended them, so a session's last round never arrived).
    """

    def __init__(self, repo: Any, index: LocalIndex) -> None:
        self._repo = repo
        self._index = index

    def put_new(self, record: Any, held: Any = None) -> bool:
        ok: bool = self._repo.put_new(record, held)
        if ok:
            self._index.upsert([to_index_document(record)])
        return ok

    def put_batch(self, records: list[Any]) -> None:
        self._repo.put_batch(records)
        self._index.upsert([to_index_document(r) for r in records])

    def replace(self, record: Any, expected_version: int, *args: Any, **kwargs: Any) -> Any:
        out = self._repo.replace(record, expected_version, *args, **kwargs)
        self._index.upsert([to_index_document(record)])
        return out

    def delete(self, tenant_id: str, user_id: str, memory_id: str, **kwargs: Any) -> bool:
        ok: bool = self._repo.delete(tenant_id, user_id, memory_id, **kwargs)
        if ok:
            self._index.delete(tenant_id, user_id, [memory_id])
        return ok

    def delete_batch(self, tenant_id: str, user_id: str, memory_ids: list[str]) -> None:
        self._repo.delete_batch(tenant_id, user_id, memory_ids)
        self._index.delete(tenant_id, user_id, memory_ids)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._repo, name)


class InstantTurnIndexing:
    """The turn worker's one transaction per round (TurnBatch.write), fed into the index at once."""

    def __init__(self, batch: Any, index: LocalIndex) -> None:
        self._batch = batch
        self._index = index

    def write(self, writes: Any) -> Any:
        written = self._batch.write(writes)
        if written.stored:
            records = [writes.round, *(m for m in writes.new_memories if m.memory_id not in written.existing)]
            if writes.extended is not None:
                records.append(writes.extended)
            self._index.upsert([to_index_document(r) for r in records])
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self._batch, name)


def index_every_write(container: Container, index: LocalIndex) -> None:
    """The memory writer's records reach `index` as they are written (a benchmark has no stream)."""
    container.writer._repo = InstantIndexing(container.writer._repo, index)  # type: ignore[assignment]
    container.writer._batch = InstantTurnIndexing(container.writer._batch, index)  # type: ignore[assignment]


class BM25:
    """Plain Lucene-style BM25 (k1 = 1.2, b = 0.75) over single turns: the baseline."""

    def __init__(self, docs: list[tuple[str, str]]) -> None:
        self.ids = [d for d, _ in docs]
        self.tfs = [Counter(analyze(t)) for _, t in docs]
        self.lens = [sum(tf.values()) for tf in self.tfs]
        self.avg = sum(self.lens) / max(1, len(self.lens))
        df: Counter[str] = Counter()
        for tf in self.tfs:
            df.update(tf.keys())
        n = len(docs)
        self.idf = {t: math.log(1 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}

    def rank(self, query: str) -> list[str]:
        q = analyze(query)
        scores = []
        for i, tf in enumerate(self.tfs):
            s = 0.0
            for t in q:
                f = tf.get(t)
                if f:
                    s += self.idf[t] * f * 2.2 / (f + 1.2 * (0.25 + 0.75 * self.lens[i] / self.avg))
            if s > 0:
                scores.append((s, self.ids[i]))
        scores.sort(key=lambda x: (-x[0], x[1]))
        return [d for _, d in scores]


Scores = tuple[float, float, float, float, float]


def session_of(dia_id: str) -> str:
    return dia_id.split(":", 1)[0]  # "D3:12" -> "D3"


def metrics(ranked: list[str], evidence: list[str]) -> Scores:
    """Turn level: R@5, R@10, MRR over the ranked dia_ids. Session level: sessions ranked by their
    best turn, the fraction of the evidence's sessions in the top 5 / 10 (comparable with
    published session-level LoCoMo figures)."""
    ev = set(evidence)
    r5 = len(ev & set(ranked[:5])) / len(ev)
    r10 = len(ev & set(ranked[:10])) / len(ev)
    mrr = next((1 / (i + 1) for i, d in enumerate(ranked) if d in ev), 0.0)
    sessions_ranked = list(dict.fromkeys(session_of(d) for d in ranked))
    ev_sessions = {session_of(d) for d in ev}
    s5 = len(ev_sessions & set(sessions_ranked[:5])) / len(ev_sessions)
    s10 = len(ev_sessions & set(sessions_ranked[:10])) / len(ev_sessions)
    return r5, r10, mrr, s5, s10


def aggregate(rows: list[tuple[int, Scores]]) -> dict[str, Any]:
    def avg(sel: list[Scores]) -> dict[str, float]:
        n = len(sel)
        return {
            "recall@5": round(sum(r[0] for r in sel) / n, 4),
            "recall@10": round(sum(r[1] for r in sel) / n, 4),
            "mrr": round(sum(r[2] for r in sel) / n, 4),
            "session_recall@5": round(sum(r[3] for r in sel) / n, 4),
            "session_recall@10": round(sum(r[4] for r in sel) / n, 4),
            "n": n,
        }

    by_cat: dict[int, list[Scores]] = defaultdict(list)
    for cat, m in rows:
        by_cat[cat].append(m)
    return {
        "overall": avg([m for _, m in rows]),
        "by_category": {CATEGORIES[c]: avg(v) for c, v in sorted(by_cat.items())},
    }


def ingest(
    container: Container, clock: ManualClock, conv_id: str, conv: dict[str, Any]
) -> dict[tuple[str, int, int], str]:
    """Record every turn through the real write path; returns (session, run, seq) -> dia_id.

    The run (generation) is part of the key: a session of more than 20 rounds starts a new run
    at the limit (S6), whose rounds count from 1 again."""
    where: dict[tuple[str, int, int], str] = {}
    for n, when, turns in sessions(conv):
        clock.set(when)
        key = SessionKey("bench", conv_id, PERSONA, f"s{n}")
        for t in turns:
            clock.advance(30)
            outcome = container.conversation.record_turn(key, turn_text(t), "…", f"{conv_id}-{t['dia_id']}")
            where[(key.session_id, outcome.meta.generation, outcome.turn.seq)] = t["dia_id"]
    return where


def to_dia_ids(results: list[Any], where: dict[tuple[str, int, int], str]) -> list[str]:
    ranked: list[str] = []
    for m in results:
        for ref in m.doc.source_ids:
            session, generation, seq = ref.split(":")
            dia = where.get((session, int(generation), int(seq)))
            if dia and dia not in ranked:
                ranked.append(dia)
    return ranked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("LOCOMO_PATH", DEFAULT_DATA)))
    parser.add_argument("--conversations", type=int, default=10)
    parser.add_argument("--json", dest="json_path")
    parser.add_argument(
        "--sweep",
        default="",
        help="extra retrieval settings to report over the same ingest, e.g. "
        "'rrf_weight_bm25=0.6;rrf_weight_vector=0.4,rerank_weight_decay=0' (configs separated by commas)",
    )
    args = parser.parse_args()
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    data = load(args.data)[: args.conversations]
    ddb = DynamoDBLocal.start()
    os.environ.update(local_aws_env(ddb.endpoint))
    # Retention is policy, not retrieval quality: LoCoMo conversations span up to 293 days, past the
    # 180-day default life of round memories (L5), so the benchmark keeps rounds for ten years.
    # A paid plan: the free plan's 5-memory cap is not what is measured here.
    settings = Settings(
        dynamodb_endpoint=ddb.endpoint, table_name="engram-locomo", plan="paid", round_memory_ttl_days=3650
    )
    ensure_table(TableConfig.from_settings(settings))
    clock = ManualClock()
    index = LocalIndex.in_memory(DIMENSIONS)
    container = build_container(settings, clock=clock, queue_mode="inline", index=index)
    index_every_write(container, index)
    sweeps: list[dict[str, Any]] = [
        dict(kv.split("=", 1) for kv in config.split(";")) for config in args.sweep.split(",") if config
    ]
    only_rounds = {i for i, o in enumerate(sweeps) if o.pop("rounds_only", "0") != "0"}
    sweep_retrievers = [
        (
            ";".join(f"{k}={v}" for k, v in overrides.items()) + (" [rounds only]" if i in only_rounds else ""),
            HybridRetriever(
                index,
                container.models.embedder,
                container.profiles,
                Settings.model_validate({**settings.model_dump(), **overrides}),  # typed like the environment
                clock,
                container.metrics,
            ),
        )
        for i, overrides in enumerate(sweeps)
    ]
    sweep_rows: dict[str, list[tuple[int, Scores]]] = {name: [] for name, _ in sweep_retrievers}
    engram_rows: list[tuple[int, Scores]] = []
    bm25_rows: list[tuple[int, Scores]] = []
    prompt_rows: list[tuple[int, Scores]] = []
    kept_counts: list[int] = []
    started = time.perf_counter()
    turns_total = 0
    query_ms: list[float] = []
    try:
        for sample in data:
            conv_id = sample.get("sample_id", f"conv-{len(engram_rows)}")
            conv = sample["conversation"]
            where = ingest(container, clock, conv_id, conv)
            turns_total += len(where)
            baseline = BM25([(t["dia_id"], turn_text(t)) for _, _, ts in sessions(conv) for t in ts])
            known = set(where.values())
            clock.advance(86_400)
            owner = OwnerKey("bench", conv_id)
            for qa in sample["qa"]:
                cat = int(qa.get("category", 0))
                evidence = clean_evidence(qa, known)
                if cat not in CATEGORIES or not evidence:
                    continue
                t0 = time.perf_counter()
                results = container.retriever.search(
                    owner, qa["question"], persona_id=PERSONA, k=20, namespaces=("memory", "round")
                )
                query_ms.append((time.perf_counter() - t0) * 1000)
                engram_rows.append((cat, metrics(to_dia_ids(results, where), evidence)))
                # What reaches the prompt: the same results after the relevance floor (C2).
                s = container.settings
                kept = relevant(results, s.memory_relevance_floor, s.memory_relevance_cosine_gap)
                prompt_rows.append((cat, metrics(to_dia_ids(kept, where), evidence)))
                kept_counts.append(len(kept))
                for name, retriever in sweep_retrievers:
                    spaces = ("round",) if name.endswith("[rounds only]") else ("memory", "round")
                    alt = retriever.search(owner, qa["question"], persona_id=PERSONA, k=20, namespaces=spaces)
                    sweep_rows[name].append((cat, metrics(to_dia_ids(alt, where), evidence)))
                bm25_rows.append((cat, metrics(baseline.rank(qa["question"]), evidence)))
            print(f"{conv_id}: {len(where)} turns, {len(engram_rows)} questions so far", flush=True)
    finally:
        index.close()
        ddb.stop()
    figures: dict[str, Any] = {
        "engram": aggregate(engram_rows),
        "engram_prompt": aggregate(prompt_rows),
        "bm25": aggregate(bm25_rows),
        "prompt_items_median": sorted(kept_counts)[len(kept_counts) // 2] if kept_counts else None,
    }
    if sweep_rows:
        figures["sweep"] = {name: aggregate(rows) for name, rows in sweep_rows.items()}
        for name, agg in figures["sweep"].items():
            print(
                f"{name}: {agg['overall']}  " + " ".join(f"{c}={v['recall@10']}" for c, v in agg["by_category"].items())
            )
    rows = []
    for name in ("overall", *CATEGORIES.values()):
        e = figures["engram"]["overall"] if name == "overall" else figures["engram"]["by_category"].get(name)
        b = figures["bm25"]["overall"] if name == "overall" else figures["bm25"]["by_category"].get(name)
        if e and b:
            rows.append(
                [
                    name,
                    e["n"],
                    e["recall@5"],
                    e["recall@10"],
                    e["mrr"],
                    e["session_recall@5"],
                    e["session_recall@10"],
                    b["recall@5"],
                    b["recall@10"],
                    b["mrr"],
                    b["session_recall@10"],
                ]
            )
    print_table(
        "LoCoMo evidence retrieval (categories 1-4)",
        [
            "category",
            "n",
            "engram R@5",
            "engram R@10",
            "engram MRR",
            "engram sess R@5",
            "engram sess R@10",
            "bm25 R@5",
            "bm25 R@10",
            "bm25 MRR",
            "bm25 sess R@10",
        ],
        rows,
    )
    p = figures["engram_prompt"]["overall"]
    print(
        f"\nwhat reaches the prompt (relevance floor {container.settings.memory_relevance_floor}): "
        f"R@5 {p['recall@5']} R@10 {p['recall@10']} MRR {p['mrr']}, median {figures['prompt_items_median']} "
        "memories kept of 20"
    )
    figures["run"] = {
        "conversations": len(data),
        "turns": turns_total,
        "ingest_and_query_s": round(time.perf_counter() - started, 1),
        "query_p50_ms": round(sorted(query_ms)[len(query_ms) // 2], 1) if query_ms else None,
        "machine": machine(),
    }
    print(f"\nrun: {figures['run']}")
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
