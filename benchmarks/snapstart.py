"""What SnapStart takes off a cold request: the API handler's init and first request, in fresh
processes, on demand and as SnapStart runs them (engram/snapshot.py).

    .venv/bin/python benchmarks/snapstart.py [--runs 5] [--json PATH]

Each run starts a fresh interpreter that imports the API handler (init) and serves one
`POST …/context` (the first request: it builds the container) against DynamoDB Local, local
models and a local index:
- on demand: init and first request are both on the cold request's path;
- SnapStart: AWS_LAMBDA_INITIALIZATION_TYPE=snap-start, so init also imports the container's
  modules and builds every route's validation models; then the before-snapshot hooks run
  (nothing with a credential or a connection is kept), the after-restore hooks, and the first
  request. Only that request is on the cold path, plus Lambda's restore of the snapshot, which
  no local run can time (AWS reports it as `Restore Duration`).
The two modes alternate, one process of each per round; medians.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from _report import machine, print_table, write_json
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.tables import ensure_table
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.settings import Settings

REPO = Path(__file__).resolve().parents[1]
EVENT = REPO / "events" / "api" / "context.json"
_CHILD = """
import json, os, sys, time
started = time.perf_counter()
from functions.api.handler import lambda_handler
from engram import snapshot
from engram.adapters.lambda_context import LocalContext
inited = time.perf_counter()
if snapshot.init_ahead():
    snapshot.simulate_snapshot()
    snapshot.simulate_restore()
restored = time.perf_counter()
result = lambda_handler(json.loads(open(sys.argv[1]).read()), LocalContext())
served = time.perf_counter()
assert result["statusCode"] == 200, result
print(json.dumps({"init_ms": (inited - started) * 1000, "hooks_ms": (restored - inited) * 1000,
                  "first_request_ms": (served - restored) * 1000}))
"""


def run(kind: str, env: dict[str, str]) -> dict[str, float]:
    proc = subprocess.run(
        [sys.executable, "-c", _CHILD, str(EVENT)],
        capture_output=True,
        text=True,
        env={**env, "AWS_LAMBDA_INITIALIZATION_TYPE": kind},
        cwd=REPO,
        timeout=300,
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    ddb = DynamoDBLocal.start()
    try:
        env = {
            **os.environ,
            **local_aws_env(ddb.endpoint),
            "ENGRAM_TABLE_NAME": "engram-snapstart",
            "ENGRAM_LOCAL_INDEX_DIR": tempfile.mkdtemp(prefix="engram-snapstart-"),
            "POWERTOOLS_LOG_LEVEL": "WARNING",
            "POWERTOOLS_METRICS_DISABLED": "true",
            "AWS_LAMBDA_FUNCTION_NAME": "bench",
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # a deployment ships bytecode
        ensure_table(TableConfig.from_settings(Settings(dynamodb_endpoint=ddb.endpoint, table_name="engram-snapstart")))
        kinds = ("on-demand", "snap-start")
        for kind in kinds:
            run(kind, env)  # bytecode written, the table and the local index warm
        samples: dict[str, list[dict[str, float]]] = {kind: [] for kind in kinds}
        for _ in range(args.runs):
            for kind in kinds:
                samples[kind].append(run(kind, env))
    finally:
        ddb.stop()
    figures: dict[str, Any] = {"machine": machine(), "runs": args.runs}
    rows = []
    for kind in kinds:
        med = {k: round(statistics.median(s[k] for s in samples[kind]), 1) for k in samples[kind][0]}
        cold = med["first_request_ms"] + (med["init_ms"] if kind == "on-demand" else 0.0)
        figures[kind.replace("-", "_")] = {**med, "cold_path_ms": round(cold, 1)}
        rows.append([kind, med["init_ms"], med["hooks_ms"], med["first_request_ms"], round(cold, 1)])
    figures["machine"]["load_avg_1m_after"] = round(os.getloadavg()[0], 2)
    on, snap = figures["on_demand"]["cold_path_ms"], figures["snap_start"]["cold_path_ms"]
    figures["snapstart_to_on_demand_ratio"] = round(snap / on, 2)
    print_table(
        "API handler: init and the first POST /context in a fresh process (ms, medians)",
        ["mode", "init", "snapshot + restore hooks", "first request", "on the cold path (without AWS's restore)"],
        rows,
    )
    print(f"SnapStart / on demand, cold path: {figures['snapstart_to_on_demand_ratio']}")
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
