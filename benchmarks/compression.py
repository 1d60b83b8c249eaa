"""R2 compression: ratio and time per memory (target: ratio >= 70 %, <= 2 s per memory).

    .venv/bin/python benchmarks/compression.py [--data ../shared/benchmarks/locomo10.json] [--n 300] [--json PATH]

Memories: consecutive LoCoMo turns of one speaker joined into paragraphs of 150-900 bytes (what
a long session memory or note looks like), plus the same set's sentences shorter than
ENGRAM_COMPRESS_MIN_BYTES counted separately (archived as they are). The short form comes from
the product's ShortFormMaker: the extractive fallback always, and OpenAI's small model too when
OPENAI_API_KEY is set (skipped otherwise, and said so). Reference in the same run: the rolling
summary's extractive compression (LocalSummarizer.compress) on the same texts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from _report import machine, print_table, summary, write_json
from engram.adapters.local_models.compressor import ExtractiveCompressor
from engram.adapters.local_models.summarizer import LocalSummarizer
from engram.adapters.token_counter import QuicktokCounter
from engram.memory.lifecycle import ShortFormMaker
from engram.settings import Settings

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "benchmarks" / "locomo10.json"


def memories(data: list[dict[str, Any]], n: int) -> list[str]:
    out: list[str] = []
    for sample in data:
        conv = sample["conversation"]
        for key in sorted(k for k in conv if k.startswith("session_") and not k.endswith("date_time")):
            run: list[str] = []
            speaker = None
            for turn in conv[key]:
                if turn["speaker"] != speaker and run:
                    text = " ".join(run)
                    if 150 <= len(text.encode()) <= 900:
                        out.append(text)
                    run = []
                speaker = turn["speaker"]
                run.append(turn["text"])
                if len(out) >= n:
                    return out
    return out


def measure(label: str, texts: list[str], compress: Any) -> dict[str, Any]:
    ratios: list[float] = []
    times: list[float] = []
    for text in texts:
        started = time.perf_counter()
        short = compress(text)
        times.append((time.perf_counter() - started) * 1000)
        if short:
            ratios.append((len(text.encode()) - len(short.encode())) / len(text.encode()))
    return {
        "method": label,
        "memories": len(texts),
        "compressed": len(ratios),
        "ratio_mean": round(statistics.fmean(ratios), 3) if ratios else None,
        "ratio_min": round(min(ratios), 3) if ratios else None,
        "share_ratio_ge_70": round(sum(r >= 0.7 for r in ratios) / len(ratios), 3) if ratios else None,
        "ms_per_memory": summary(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    data = json.loads(Path(args.data).read_text())
    texts = memories(data, args.n)
    settings = Settings()
    local = ShortFormMaker(settings, ExtractiveCompressor())
    rows = [measure("local extractive (product)", texts, lambda t: local.make(t).text)]
    counter = QuicktokCounter.for_model(settings.chat_model, settings.token_encoding)
    rolling = LocalSummarizer(counter)
    rows.append(
        measure(
            "reference: rolling-summary compress",
            texts,
            lambda t: rolling.compress(t, max(8, int(counter.count(t) * 0.3 * 3 / 2))),
        )
    )
    openai_note = "skipped: no OPENAI_API_KEY"
    if os.environ.get("OPENAI_API_KEY"):
        from engram.adapters.openai_models.client import OpenAIClient
        from engram.adapters.openai_models.tasks import OpenAICompressor

        keyed = Settings()
        model = ShortFormMaker(keyed, ExtractiveCompressor(), OpenAICompressor(OpenAIClient(keyed)))
        rows.append(
            measure(f"openai {keyed.chat_model} (fallback when over budget)", texts, lambda t: model.make(t).text)
        )
        openai_note = "measured"
    print_table(
        f"R2 compression on {len(texts)} LoCoMo paragraphs (target ratio >= 0.70, <= 2000 ms)",
        ["method", "compressed", "ratio mean", "ratio min", ">= 0.70", "ms p50", "ms p95"],
        [
            [
                r["method"],
                f"{r['compressed']}/{r['memories']}",
                r["ratio_mean"],
                r["ratio_min"],
                r["share_ratio_ge_70"],
                r["ms_per_memory"]["p50"],
                r["ms_per_memory"]["p95"],
            ]
            for r in rows
        ],
    )
    print(f"openai: {openai_note}")
    write_json(args.json_path, {"rows": rows, "openai": openai_note, "machine": machine()})


if __name__ == "__main__":
    main()
