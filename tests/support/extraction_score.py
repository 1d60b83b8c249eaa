"""Recall and precision of the heuristic extractor on a labelled set: a fact counts as found when
one extracted memory holds all its key words (in the user's language); a memory matching no
labelled fact counts against precision. Shared by the in-sample and held-out extraction tests."""

from __future__ import annotations

from engram.memory.extraction import HeuristicExtractor


def score(items: list[dict[str, object]]) -> tuple[float, float, list[str]]:
    extractor = HeuristicExtractor()
    found = missed = wrong = 0
    problems = []
    for item in items:
        contents = [f.content.lower() for f in extractor.extract(str(item["text"]), "", [])]
        keys = [[k.lower() for k in fact] for fact in item["facts"]]  # type: ignore[attr-defined]
        for fact in keys:
            if any(all(k in c for k in fact) for c in contents):
                found += 1
            else:
                missed += 1
                problems.append(f"missed {fact} in {item['text']!r}: {contents}")
        for c in contents:
            if not any(all(k in c for k in fact) for fact in keys):
                wrong += 1
                problems.append(f"not a labelled fact: {c!r} from {item['text']!r}")
    return found / max(1, found + missed), found / max(1, found + wrong), problems
