"""Shared helpers for the benchmark scripts: percentiles, a printed table, --json output."""

from __future__ import annotations

import json
import os
import platform
import statistics
from pathlib import Path
from typing import Any


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100.0
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": round(percentile(values, 50), 3),
        "p95": round(percentile(values, 95), 3),
        "mean": round(statistics.fmean(values), 3) if values else float("nan"),
    }


def machine() -> dict[str, Any]:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "load_avg_1m": round(os.getloadavg()[0], 2),
    }


def print_table(title: str, headers: list[str], rows: list[list[Any]]) -> None:
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(headers)]
    print(f"\n{title}")
    print("  ".join(str(h).ljust(w) for h, w in zip(headers, widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)))


def write_json(path: str | None, figures: dict[str, Any]) -> None:
    if path:
        Path(path).write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n")
        print(f"\nfigures written to {path}")
