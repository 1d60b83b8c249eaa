"""Cold start: import time of every Lambda handler in a fresh process (python -X importtime).

Target (issue): <= 300 ms each, as the median of several fresh processes with compiled
bytecode. The processes of all handlers are interleaved (one of each per round), so a burst
of load on a shared machine falls on every handler alike rather than on one of them.

Tracing is on as in a deployed function (ENGRAM_TRACING=otlp: the OpenTelemetry SDK and its
OTLP/HTTP exporter, observability/otel.py). Columns:

- median / min ms: the handler import with bytecode for every module (the target);
- CPU ms: user + system CPU time of the same import (time.process_time), median: on a
  shared machine wall time also counts the waits for a core, CPU time does not;
- as packaged ms: `engram` and `functions/` copied and compiled the way the CDK assets ship
  them (infra/constructs/bundling.py: unchecked-hash .pyc, no other cache; here with this
  interpreter, as the assets are with the runtime's), nothing written at run time because
  /opt and /var/task are read-only;
- no bytecode ms: every module compiled from source;
- first call tracer ms: the handlers build their tracer at the first span of the first invocation
  (engram.observability.otel.get_tracer), so the OpenTelemetry SDK and exporter imports and the
  provider are paid there: measured in a fresh process after the import (`tracing_sdk_import_ms`:
  the API handler's);
- first call imports ms: the other imports the handlers defer to the first invocation
  (settings, the container's adapters, the OpenAI / OpenSearch / PynamoDB clients, the jobs
  event parser), imported in that same fresh process after the tracer. No AWS call is made,
  so the first invocation's network round trips (secret, index check) are not in it.

Deferring moves work from the init phase to the first invocation; it does not remove it. The
sum of the import and the two first-call columns is what one cold start imports in all.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any

from _report import machine, print_table, write_json
from infra.build_layers import compile_bytecode  # the layers' own compile step

HANDLERS = [
    "functions.api.handler",
    "functions.turn_worker.handler",
    "functions.memory_indexer.handler",
    "functions.jobs.handler",
    "functions.line_webhook.handler",
    "functions.line_worker.handler",
    "functions.audit.writer",
]
# What the container imports when it is built (engram.wiring.build_container, openai mode).
_CONTAINER = [
    "engram.settings",
    "engram.wiring.build",
    "engram.memory.extraction",
    "engram.adapters.secrets",
    "aws_lambda_powertools.utilities.parameters",
    "engram.adapters.openai_models.client",
    "engram.adapters.openai_models.tasks",
    "engram.adapters.embedders.openai_embedder",
    "openai",
    "engram.wiring.index",
    "engram.adapters.opensearch_index",
    "opensearchpy",
    "boto3",
]
# Imports each handler leaves to its first invocation (beyond the tracer).
FIRST_CALL: dict[str, list[str]] = {
    # a session request's routes and models (route modules load on their first request: route_modules.py)
    "functions.api.handler": ["functions.api.routes.sessions", *_CONTAINER],
    "functions.turn_worker.handler": _CONTAINER,
    "functions.memory_indexer.handler": [
        "engram.adapters.dynamodb.memory_store",  # the first memory image (stream_records.memory_image)
        "engram.settings",
        "engram.wiring.index",
        "engram.adapters.opensearch_index",
        "opensearchpy",
        "boto3",
    ],
    "functions.jobs.handler": [
        "aws_lambda_powertools.utilities.parser",
        "aws_lambda_powertools.utilities.parser.models",
        *_CONTAINER,
    ],
}

# The floor, timed in the same rounds: what any Powertools HTTP handler with validation and
# OpenAPI imports before a line of its own (the resolver built with validation, which loads its
# validation middleware, pydantic, Logger, Metrics). On a shared machine the absolute figures
# drift between runs; "over floor" is the part ours, and the ratios are taken per round (the
# floor's process and the handler's run back to back) and their median reported.
FLOOR = "_powertools_floor"
HTTP_HANDLERS = {"functions.api.handler"}  # the handlers the floor applies to
_FLOOR_SOURCE = """
from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.event_handler import APIGatewayHttpResolver
from aws_lambda_powertools.event_handler.openapi.params import Query
from pydantic import BaseModel

APIGatewayHttpResolver(enable_validation=True)
"""
REPO = Path(__file__).resolve().parents[1]
TARGET_MS = 300
LAMBDA_ENV = {
    "ENGRAM_TRACING": "otlp",  # the SDK path (the ADOT layer's wrapper would import its SDK before the handler)
    "AWS_LAMBDA_FUNCTION_NAME": "bench",
    "LAMBDA_TASK_ROOT": str(REPO),  # Powertools enables tracing only inside Lambda
    "AWS_REGION": os.environ.get("AWS_REGION", "us-east-1"),
}
# Run after the handler import: builds the tracer the way the first span does, then imports
# what the first invocation would import next.
_DEFERRED = """
import importlib, sys, time
handler = importlib.import_module(sys.argv[1])
xray_at_import = any(m.split(".")[0] in ("aws_xray_sdk", "opentelemetry") for m in sys.modules)
started, cpu = time.perf_counter(), time.process_time()
from engram.observability.otel import get_tracer
assert get_tracer() is not None  # OpenTelemetry SDK, OTLP exporter, provider
traced, tracer_cpu = time.perf_counter(), time.process_time() - cpu
for name in sys.argv[2:]:
    importlib.import_module(name)
done = time.perf_counter()
print((traced - started) * 1000, (done - traced) * 1000, int(xray_at_import), tracer_cpu * 1000)
"""


def _env(bytecode: bool = True) -> dict[str, str]:
    env = {**os.environ, **LAMBDA_ENV}
    env.pop("AWS_SAM_LOCAL", None)
    # A deployment ships compiled bytecode; PYTHONDONTWRITEBYTECODE (set on some machines) would make
    # every run compile every module from source and measure the compiler instead.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    if not bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPYCACHEPREFIX"] = "/nonexistent-engram-bench"  # no cached bytecode is found either
    return env


def _as_packaged_tree() -> Path:
    """`functions/` and `engram` copied and compiled the way the CDK assets package them."""
    root = Path(tempfile.mkdtemp(prefix="engram-cold-"))
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "tests", ".pytest_cache", ".mypy_cache")
    shutil.copytree(REPO / "functions", root / "functions", ignore=ignore)
    shutil.copytree(REPO / "layers" / "engram" / "engram", root / "engram", ignore=ignore)
    (root / f"{FLOOR}.py").write_text(_FLOOR_SOURCE)
    if not compile_bytecode(sys.executable, root, PurePosixPath(root)):
        raise SystemExit("could not compile the packaged copy")
    return root


def import_ms(module: str, bytecode: bool = True, packaged: Path | None = None) -> tuple[float, float] | None:
    """(wall ms of the import as -X importtime reports it, CPU ms of the same import)."""
    env = _env(bytecode)
    if packaged is not None:
        # Our code from source (shadowing the editable install), never cached; dependencies keep theirs.
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPATH"] = str(packaged)
    code = f"import time; t = time.process_time(); import {module}; print((time.process_time() - t) * 1000)"
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True, env=env, cwd=packaged or REPO
    )
    if proc.returncode != 0:
        return None
    last = [line for line in proc.stderr.splitlines() if line.rstrip().endswith(f"| {module}")]
    return (int(last[-1].split("|")[1]) / 1000.0, float(proc.stdout.split()[-1])) if last else None


def _check_packaged(packaged: Path) -> None:
    """The packaged copies, not the repository's, are what the "as packaged" processes import."""
    env = {**_env(), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(packaged)}
    code = f"import {HANDLERS[0]} as m, engram; print(m.__file__); print(engram.__file__)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=packaged)
    origins = proc.stdout.split()
    if proc.returncode != 0 or len(origins) != 2 or not all(o.startswith(str(packaged)) for o in origins):
        raise SystemExit(f"the packaged copy is not what gets imported: {proc.stdout or proc.stderr}")


def first_call(module: str) -> tuple[float, float, bool, float] | None:
    """(ms to build the tracer, ms of the deferred imports, whether the import had loaded a tracing SDK
    already, CPU ms to build the tracer)."""
    proc = subprocess.run(
        [sys.executable, "-c", _DEFERRED, module, *FIRST_CALL.get(module, [])],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=REPO,
    )
    if proc.returncode != 0:
        return None
    tracer_ms, imports_ms, xray, tracer_cpu_ms = proc.stdout.split()
    return float(tracer_ms), float(imports_ms), xray == "1", float(tracer_cpu_ms)


def _fmt(value: float | None) -> str:
    return f"{value:.0f}" if value is not None else ""


def _round(value: float | None) -> float | None:
    return round(value, 1) if value is not None else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per handler and column")
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    figures: dict[str, Any] = {"machine": machine(), "target_ms": TARGET_MS, "runs": args.runs, "handlers": {}}
    packaged = _as_packaged_tree()
    _check_packaged(packaged)
    samples: dict[str, dict[str, list[Any]]] = {
        m: {"import": [], "packaged": [], "source": [], "first": []} for m in HANDLERS
    }
    try:
        for module in HANDLERS:
            import_ms(module)  # writes the bytecode cache, like a layer built with compileall
        floor: list[tuple[float, float] | None] = []
        for _ in range(args.runs):  # one process of each handler per round
            floor.append(import_ms(FLOOR, packaged=packaged))
            for module in HANDLERS:  # the imports right after the floor's, for the per-round ratios
                samples[module]["import"].append(import_ms(module))
            for module in HANDLERS:
                s = samples[module]
                s["packaged"].append(import_ms(module, packaged=packaged))
                s["first"].append(first_call(module))
        for module in HANDLERS:  # compiling everything is slow: a few runs say enough
            samples[module]["source"] = [import_ms(module, bytecode=False) for _ in range(min(3, args.runs))]
    finally:
        shutil.rmtree(packaged, ignore_errors=True)

    def med(values: list[Any], at: int = 0) -> float | None:
        kept = [v[at] for v in values if v is not None]
        return statistics.median(kept) if kept else None

    floor_ms = med(floor)
    figures["floor_ms"] = _round(floor_ms)
    rows = []
    for module in HANDLERS:
        s = samples[module]
        walls = [v[0] for v in s["import"] if v is not None]
        if not walls:
            rows.append([module, "missing", "", "", "", "", "", "", "", "", ""])
            continue
        median, cpu_ms = statistics.median(walls), med(s["import"], 1)
        over_floor = median - floor_ms if floor_ms is not None and module in HTTP_HANDLERS else None
        packaged_ms, source_ms = med(s["packaged"]), med(s["source"])
        tracer_ms, deferred_ms = med(s["first"], 0), med(s["first"], 1)
        xray = any(f[2] for f in s["first"] if f is not None)
        figures["handlers"][module] = {
            "median_ms": _round(median),
            "min_ms": _round(min(walls)),
            "max_ms": _round(max(walls)),
            "runs": len(walls),
            "import_cpu_ms": _round(cpu_ms),
            "as_packaged_ms": _round(packaged_ms),
            "without_bytecode_ms": _round(source_ms),
            "tracing_sdk_at_import": xray,
            "first_call_tracer_ms": _round(tracer_ms),
            "first_call_tracer_cpu_ms": _round(med(s["first"], 3)),
            "first_call_imports_ms": _round(deferred_ms),
            "first_call_modules": FIRST_CALL.get(module, []),
            "meets_target": median <= TARGET_MS,
            "over_floor_ms": _round(over_floor),
        }
        rows.append(
            [
                module,
                _fmt(median),
                _fmt(min(walls)),
                _fmt(cpu_ms),
                _fmt(over_floor),
                _fmt(packaged_ms),
                _fmt(source_ms),
                "yes" if xray else "no",
                _fmt(tracer_ms),
                _fmt(deferred_ms),
                "yes" if median <= TARGET_MS else "NO",
            ]
        )
    figures["machine"]["load_avg_1m_after"] = round(os.getloadavg()[0], 2)
    print_table(
        "Handler import time (fresh process, tracing enabled as in Lambda)",
        [
            "handler",
            "median ms",
            "min ms",
            "CPU ms",
            "over floor ms",
            "as packaged ms",
            "no bytecode ms",
            "tracing SDK at import",
            "first call tracer ms",
            "first call imports ms",
            f"<= {TARGET_MS} ms",
        ],
        rows,
    )
    print(
        "\nCPU ms: user + system time of the same import (time.process_time), median: unlike wall time, "
        "it does not count waiting for a core on a loaded machine."
    )
    print(
        f"floor: {_fmt(floor_ms)} ms, the median import of what any Powertools HTTP handler with validation "
        "imports (the resolver built with validation, pydantic, Logger, Metrics), timed in the same rounds; "
        "over floor = median - floor."
    )
    print(f"load average (1 min): {figures['machine']['load_avg_1m']} before, {os.getloadavg()[0]:.2f} after")

    # The API handler against the floor, in the same rounds (a ratio any machine can check): the
    # median of each round's handler / floor, whose two processes ran back to back under one load
    def round_ratio(module: str) -> float | None:
        pairs = [(h[0], f[0]) for h, f in zip(samples[module]["import"], floor, strict=True) if h and f]
        return round(statistics.median(h / f for h, f in pairs), 2) if pairs else None

    figures["api_import_ms"] = figures["handlers"].get("functions.api.handler", {}).get("median_ms")
    figures["floor_import_ms"] = figures["floor_ms"]
    figures["api_to_floor_ratio"] = round_ratio("functions.api.handler")
    figures["line_webhook_to_floor_ratio"] = round_ratio("functions.line_webhook.handler")
    figures["ratio_target"] = 1.1
    ratios = figures["api_to_floor_ratio"], figures["line_webhook_to_floor_ratio"]
    print(f"API handler / floor: {ratios[0]}, LINE webhook / floor: {ratios[1]}")
    # O3: what tracing costs a cold start, paid at the first span (the OpenTelemetry SDK and exporter)
    figures["tracing_sdk_import_ms"] = figures["handlers"].get("functions.api.handler", {}).get("first_call_tracer_ms")
    api_first = figures["handlers"].get("functions.api.handler", {})
    figures["tracing_sdk_import_cpu_ms"] = api_first.get("first_call_tracer_cpu_ms")  # steadier under load
    figures["tracing_at_import"] = any(h.get("tracing_sdk_at_import") for h in figures["handlers"].values())
    at_import = "some" if figures["tracing_at_import"] else "none"
    cost = f"{figures['tracing_sdk_import_ms']} ms ({figures['tracing_sdk_import_cpu_ms']} ms CPU)"
    print(f"tracing: {cost} at the API's first span, {at_import} at import")
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
