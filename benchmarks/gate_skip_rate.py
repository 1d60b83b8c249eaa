"""How often the memory gate skips memory: LoCoMo's turns and questions, and the held-out gate set.

    .venv/bin/python benchmarks/gate_skip_rate.py [--data PATH] [--gate-set PATH] [--json PATH]

LoCoMo (../shared/benchmarks/locomo10.json, read in place): every turn of the ten conversations
is a message a user sends; the gate decides each one (local rules, no key), and the SKIP rate per
conversation and overall is reported with the reasons behind it. Its scored questions (categories
1-4) all ask about the speakers' own lives: their SKIP rate is the share the gate would have
answered without memory. The gate errs towards memory (issue 28): SKIP is kept for greetings,
thanks, small talk and general knowledge. Beside it, the held-out gate set
(tests/data/gate_heldout.json, or a set written blind in its shape with --gate-set): accuracy per
language on its tune half and its held-back half.
"""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

from locomo_retrieval import CATEGORIES, DEFAULT_DATA, load, sessions

from _report import machine, print_table, write_json
from engram.conversation.gate_rules import decide_locally

HELDOUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "gate_heldout.json"
LANGUAGES = ("en", "zh", "ja", "ko")


def skip_rate(texts: list[str]) -> tuple[float, Counter[str]]:
    reasons: Counter[str] = Counter()
    skipped = 0
    for text in texts:
        result = decide_locally(text)
        if result.decision.value == "SKIP":
            skipped += 1
            reasons[result.reason] += 1
    return (round(skipped / len(texts), 3) if texts else 0.0), reasons


def heldout(path: Path) -> dict[str, dict[str, float]]:
    data = json.loads(path.read_text())
    out: dict[str, dict[str, float]] = {}
    for language in (lang for lang in LANGUAGES if lang in data):
        out[language] = {}
        for half in ("tune", "held"):
            # a set written blind may be all one half
            given = data[language].get(half, {})
            cases = [(t, label) for label in ("USE", "SKIP") for t in given.get(label, [])]
            if cases:
                right = sum(decide_locally(t).decision.value == label for t, label in cases)
                out[language][half] = round(right / len(cases), 3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("LOCOMO_PATH", DEFAULT_DATA)))
    parser.add_argument("--gate-set", type=Path, default=HELDOUT)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    data = load(args.data)
    per_conversation: dict[str, dict[str, Any]] = {}
    all_turns: list[str] = []
    questions: dict[str, list[str]] = {name: [] for name in CATEGORIES.values()}
    for sample in data:
        texts = [t["text"] for _, _, turns in sessions(sample["conversation"]) for t in turns]
        rate, _ = skip_rate(texts)
        per_conversation[str(sample.get("sample_id"))] = {"turns": len(texts), "skip_rate": rate}
        all_turns += texts
        for qa in sample["qa"]:
            if qa.get("category") in CATEGORIES:
                questions[CATEGORIES[qa["category"]]].append(qa["question"])
    turn_rate, turn_reasons = skip_rate(all_turns)
    question_rates = {name: skip_rate(texts)[0] for name, texts in questions.items()}
    question_rate, question_reasons = skip_rate([q for texts in questions.values() for q in texts])
    held = heldout(args.gate_set)
    figures: dict[str, Any] = {
        "locomo_turns": {
            "n": len(all_turns),
            "skip_rate": turn_rate,
            "skip_reasons": dict(turn_reasons.most_common()),
            "per_conversation": per_conversation,
        },
        "locomo_questions": {
            "n": sum(len(t) for t in questions.values()),
            "skip_rate": question_rate,
            "skip_reasons": dict(question_reasons.most_common()),
            "per_category": question_rates,
        },
        "heldout_gate_accuracy": held,
        "run": {"machine": machine()},
    }
    print_table(
        "Gate SKIP rate on LoCoMo turns (local rules)",
        ["conversation", "turns", "SKIP rate"],
        [[cid, row["turns"], row["skip_rate"]] for cid, row in per_conversation.items()]
        + [["all", len(all_turns), turn_rate]],
    )
    print(f"SKIP reasons: {dict(turn_reasons.most_common())}")
    print_table(
        "Gate SKIP rate on LoCoMo questions (categories 1-4)",
        ["category", "questions", "SKIP rate"],
        [[name, len(questions[name]), rate] for name, rate in question_rates.items()]
        + [["all", figures["locomo_questions"]["n"], question_rate]],
    )
    print_table(
        f"Held-out gate set ({args.gate_set.name}): accuracy",
        ["language", "tune half", "held-back half"],
        [[language, row.get("tune", "–"), row.get("held", "–")] for language, row in held.items()],
    )
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
