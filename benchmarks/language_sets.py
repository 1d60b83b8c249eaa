"""Gate decisions and heuristic extraction per language, over the labelled sets in tests/data.

    .venv/bin/python benchmarks/language_sets.py [--json PATH]

Gate (G1, tests/data/gate_set.json): 40 USE + 40 SKIP per language, decided by the local rules.
Extraction (L2, tests/data/extraction_set.json): 28 utterances stating facts + 12 of small talk
per language; a fact is found when one extracted memory holds all its key words; a memory that
matches no labelled fact (small talk included) counts against precision. Targets: recall >= 0.8,
precision >= 0.9 per language. The sets were written for the tests; a held-out set is the judge.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from _report import machine, print_table, write_json
from engram.conversation.gate_rules import decide_locally
from engram.memory.extraction import HeuristicExtractor

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
LANGUAGES = ("en", "zh", "ja", "ko")


def gate(language: str, cases: dict[str, list[str]]) -> dict[str, Any]:
    right = {label: sum(decide_locally(t).decision.value == label for t in texts) for label, texts in cases.items()}
    total = sum(len(t) for t in cases.values())
    return {
        "use_right": right["USE"],
        "use_n": len(cases["USE"]),
        "skip_right": right["SKIP"],
        "skip_n": len(cases["SKIP"]),
        "accuracy": round(sum(right.values()) / total, 3),
    }


def extraction(items: list[dict[str, Any]]) -> dict[str, Any]:
    extractor = HeuristicExtractor()
    found = missed = wrong = 0
    for item in items:
        contents = [f.content.lower() for f in extractor.extract(item["text"], "", [])]
        facts = [[k.lower() for k in fact] for fact in item["facts"]]
        hits = [any(all(k in c for k in fact) for c in contents) for fact in facts]
        found += sum(hits)
        missed += len(hits) - sum(hits)
        wrong += sum(not any(all(k in c for k in fact) for fact in facts) for c in contents)
    return {
        "facts": found + missed,
        "recall": round(found / (found + missed), 3),
        "precision": round(found / max(1, found + wrong), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    gates = json.loads((DATA / "gate_set.json").read_text())
    extractions = json.loads((DATA / "extraction_set.json").read_text())
    started = time.perf_counter()
    figures: dict[str, Any] = {"machine": machine(), "gate": {}, "extraction": {}}
    rows = []
    for lang in LANGUAGES:
        g = figures["gate"][lang] = gate(lang, gates[lang])
        e = figures["extraction"][lang] = extraction(extractions[lang])
        rows.append(
            [
                lang,
                f"{g['use_right']}/{g['use_n']}",
                f"{g['skip_right']}/{g['skip_n']}",
                g["accuracy"],
                e["facts"],
                e["recall"],
                e["precision"],
                "yes" if e["recall"] >= 0.8 and e["precision"] >= 0.9 else "NO",
            ]
        )
    print_table(
        "Gate and extraction per language (labelled sets in tests/data)",
        ["language", "gate USE", "gate SKIP", "gate accuracy", "facts", "recall", "precision", "targets"],
        rows,
    )
    figures["seconds"] = round(time.perf_counter() - started, 2)
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
