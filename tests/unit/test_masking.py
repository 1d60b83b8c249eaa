"""P5: `mask_for_storage` is the one gate to long-term storage, and the only caller of mask_pii."""

from __future__ import annotations

import ast
from pathlib import Path

from engram.language.masking import mask_for_storage

REPO = Path(__file__).resolve().parents[2]
GATE = REPO / "layers" / "engram" / "engram" / "language" / "masking.py"
DETECTOR = REPO / "layers" / "engram" / "engram" / "language" / "pii.py"


def test_content_and_topics_are_masked_alike_and_both_count_for_the_flags() -> None:
    masked = mask_for_storage("Call 0912-345-678", ["a@b.com", "health", "c@d.org", "health"])
    assert masked.content == "Call [PHONE]"
    assert masked.topics == ["[EMAIL]", "health"]  # masked, then duplicates dropped in order
    assert masked.pii_flags == ["email", "phone"]


def test_flags_carried_over_are_kept() -> None:
    assert mask_for_storage("no pii here", flags=["card"]).pii_flags == ["card"]
    assert mask_for_storage("A123456789", flags=["card"]).pii_flags == ["card", "national_id_tw"]


def test_nothing_to_mask() -> None:
    masked = mask_for_storage("I walked 3 miles", ["walking"])
    assert (masked.content, masked.topics, masked.pii_flags) == ("I walked 3 miles", ["walking"], [])


def test_no_writer_masks_on_its_own() -> None:
    # A second masking call site is how one path drifts (topics unmasked, flags not recorded).
    callers = []
    for root in (REPO / "layers", REPO / "functions"):
        for path in root.rglob("*.py"):
            if path in (GATE, DETECTOR):
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
            names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
            names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
            if "mask_pii" in names or "find_pii" in names:
                callers.append(str(path.relative_to(REPO)))
    assert callers == []
