"""Cold start: import time of every Lambda handler in a fresh process (python -X importtime).

Target (issue): <= 300 ms each. Reported as the median of several fresh processes,
next to the interpreter's own bare start-up measured in the same run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

from _report import machine, print_table, write_json

HANDLERS = [
    "functions.api.handler",
    "functions.turn_worker.handler",
    "functions.memory_indexer.handler",
    "functions.jobs.handler",
]


def import_ms(module: str, bytecode: bool = True) -> float | None:
    env = {**os.environ, "POWERTOOLS_TRACE_DISABLED": "false", "AWS_LAMBDA_FUNCTION_NAME": "bench"}
    # A deployment ships compiled bytecode; PYTHONDONTWRITEBYTECODE (set on some machines) would make
    # every run compile every module from source and measure the compiler instead.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPYCACHEPREFIX"] = "/nonexistent-engram-bench"  # no cached bytecode is found either
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"], capture_output=True, text=True, env=env
    )
    if proc.returncode != 0:
        return None
    last = [line for line in proc.stderr.splitlines() if line.rstrip().endswith(f"| {module}")]
    return int(last[-1].split("|")[1]) / 1000.0 if last else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    rows, figures = [], {"machine": machine(), "handlers": {}}
    for module in HANDLERS:
        import_ms(module)  # writes the bytecode cache, like a deployment package built with compileall
        samples = [m for m in (import_ms(module) for _ in range(args.runs)) if m is not None]
        from_source = import_ms(module, bytecode=False)
        if not samples:
            rows.append([module, "missing", "", "", ""])
            continue
        med = statistics.median(samples)
        figures["handlers"][module] = {
            "median_ms": round(med, 1),
            "min_ms": round(min(samples), 1),
            "runs": len(samples),
            "without_bytecode_ms": round(from_source, 1) if from_source else None,
        }
        source = f"{from_source:.0f}" if from_source else ""
        rows.append([module, f"{med:.0f}", f"{min(samples):.0f}", source, "yes" if med <= 300 else "NO"])
    print_table(
        "Handler import time (fresh process, X-Ray tracer enabled as in Lambda)",
        ["handler", "median ms", "min ms", "no bytecode ms", "<= 300 ms"],
        rows,
    )
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
