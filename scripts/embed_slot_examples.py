"""Store the local model's vectors of the answer-slot example statements beside their reader.

    PYTHONPATH=layers/engram .venv/bin/python scripts/embed_slot_examples.py

Run after changing any language pack's `slots.py` examples; tests/unit/test_slot_example_vectors.py
fails until then (engram/adapters/embedders/example_vectors.py says why they are stored)."""

from __future__ import annotations

from engram.adapters.embedders.example_vectors import STORED, write_stored
from engram.adapters.embedders.local import LocalEmbedder
from engram.language.answer_slots import slot_examples


def main() -> None:
    texts = list(dict.fromkeys(text for _, text in slot_examples()))
    write_stored(LocalEmbedder(), texts)
    print(f"{len(texts)} example vectors -> {STORED}")


if __name__ == "__main__":
    main()
