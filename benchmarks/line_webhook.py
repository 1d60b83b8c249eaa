"""W1 / W2: the LINE webhook's cost, measured on the whole local stack (`make run` in-process:
DynamoDB Local, the local gateway over HTTP, the line worker on its thread, the Messaging API
stand-in), with the floor in the same run.

- import: a fresh interpreter importing the webhook handler (bytecode compiled), and — for the
  SDK decision — our signature + event models + Messaging API client against line-bot-sdk's
  WebhookParser + MessagingApi (when the SDK can be installed from the package cache / PyPI);
- time to 200 for a signed 10-event batch (10 chats, new event ids), next to the floor: the 10
  conditional PutItems of the dedup markers alone, on the same DynamoDB Local. Twice: with the
  line worker running the batches' turns on the same 2 cores and in the same process (its GIL),
  and alone, the queued events held until the phase ends (in AWS the worker is another function
  on other machines, so "alone" is the webhook's own cost);
- webhook to reply: one text event until the stand-in has the reply (local models).

Usage: uv run python benchmarks/line_webhook.py [--batches 60] [--replies 30] [--json out.json]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import boto3

from _report import machine, print_table, summary, write_json
from engram.kernel.keys import OwnerKey
from engram.line import samples
from engram.line.channels import LOCAL_SECRET
from engram.line.signature import sign
from engram.line.webhook import DEDUP_SCOPE
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.local.stack import start_stack
from functions.line_webhook import handler as line_webhook_handler

REPO = Path(__file__).resolve().parents[1]
OURS = "import engram.line.signature, engram.line.models, engram.adapters.line_messaging"
SDK = "from linebot.v3 import WebhookParser; from linebot.v3.messaging import MessagingApi, ReplyMessageRequest"


def _import_ms(python: list[str], statement: str, env: dict[str, str], runs: int = 5) -> float | None:
    code = f"import time; t = time.perf_counter(); {statement}; print((time.perf_counter() - t) * 1000)"
    times = []
    for _ in range(runs + 1):  # the first run compiles the bytecode
        out = subprocess.run([*python, "-c", code], capture_output=True, text=True, env=env, cwd=REPO, timeout=300)
        if out.returncode != 0:
            return None
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return round(sorted(times[1:])[len(times[1:]) // 2], 1)


def imports() -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": f"{REPO}/layers/engram:{REPO}/functions"}
    python = [sys.executable]
    handler = _import_ms(python, "import line_webhook.handler", env)
    ours = _import_ms(python, OURS, env)
    uv = os.environ.get("UV") or str(REPO / ".tools/uv/bin/uv")
    sdk_python = [uv, "run", "--no-project", "--python", "3.11", "--with", "line-bot-sdk==3.27.0", "python"]
    sdk = _import_ms(sdk_python, SDK, {**os.environ}) if Path(uv).exists() else None
    return {"webhook_import_ms": handler, "own_import_ms": ours, "sdk_import_ms": sdk}


def _post(url: str, body: bytes, headers: dict[str, str]) -> int:
    request = urllib.request.Request(url, data=body, method="POST", headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return int(response.status)


class HeldQueue:
    """The "alone" phase: the webhook's events are kept, then handed to the worker's queue."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.held = inner, []  # type: list[dict[str, Any]]

    def submit(self, job: dict[str, Any]) -> None:
        self.held.append(job)

    def submit_all(self, jobs: list[dict[str, Any]]) -> list[bool]:
        self.held.extend(jobs)
        return [True] * len(jobs)

    def release(self) -> None:
        for job in self.held:
            self.inner.submit(job)


def _transactions(webhook: Any, count: int) -> list[float]:
    """The tight floor: the batch's one TransactWriteItems (10 dedup markers), nothing else."""
    taken: list[float] = []
    for _ in range(count):
        claims = [(OwnerKey("floor", uuid.uuid4().hex), DEDUP_SCOPE, uuid.uuid4().hex) for _ in range(10)]
        started = time.perf_counter()
        webhook.markers.claim_all(claims, "webhook", 60, webhook.clock.now())
        taken.append((time.perf_counter() - started) * 1000)
    return taken


def _own_work(webhook: Any, count: int) -> list[float]:
    """The webhook's own CPU: accept() with its DynamoDB and queue calls answered in memory."""

    class Claimed:
        def claim_all(self, claims: list[Any], *_: Any) -> list[bool]:
            return [True] * len(claims)

    own = dataclasses.replace(webhook, markers=Claimed(), queue=HeldQueue(None))
    taken: list[float] = []
    for n in range(count):
        events = [samples.text(samples.source(f"U{0xA:x}{n:07x}{k:024x}"), "早安", uuid.uuid4().hex) for k in range(10)]
        body = samples.body(events)
        header = sign(LOCAL_SECRET, body)
        started = time.perf_counter()
        own.accept("local", body, header)
        taken.append((time.perf_counter() - started) * 1000)
    return taken


def _hex(tag: str) -> str:
    """Two hex digits for a phase tag: LINE user ids are U + 32 lowercase hex digits (W4)."""
    return f"{sum(map(ord, tag)) % 256:02x}"


def _batches(
    url: str, client: Any, table: str, count: int, tag: str, webhook: Any = None
) -> tuple[list[float], list[float], list[float]]:
    """Each round: the batch, its 10 conditional PutItems, and (given the webhook) its one
    TransactWriteItems alone, back to back, so a burst of load falls on all three alike."""
    batch_ms: list[float] = []
    floor_ms: list[float] = []
    transaction_ms: list[float] = []
    for n in range(count):
        events = [
            samples.text(samples.source(f"U{_hex(tag)}{n:06x}{k:024x}"), "早安，今天天氣很好。", uuid.uuid4().hex)
            for k in range(10)
        ]
        body = samples.body(events)
        headers = {"content-type": "application/json", "x-line-signature": sign(LOCAL_SECRET, body)}
        started = time.perf_counter()
        assert _post(url, body, headers) == 200
        batch_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        for k in range(10):  # the floor: the batch's dedup writes alone
            client.put_item(
                TableName=table,
                Item={"PK": {"S": f"FLOOR#{tag}#{n}#{k}"}, "SK": {"S": "~IDEM"}, "status": {"S": "x"}},
                ConditionExpression="attribute_not_exists(PK)",
            )
        floor_ms.append((time.perf_counter() - started) * 1000)
        if webhook is not None:
            transaction_ms += _transactions(webhook, 1)
    return batch_ms, floor_ms, transaction_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batches", type=int, default=200)  # a p95 of 60 is the third-worst: noise decided it
    parser.add_argument("--replies", type=int, default=30)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    work = Path(tempfile.mkdtemp(prefix="engram-line-bench-"))
    os.chdir(work)
    os.environ["ENGRAM_LOCAL_INDEX_DIR"] = str(work / "index")
    figures: dict[str, Any] = {"machine": machine(), **imports()}

    ddb = DynamoDBLocal.start()
    os.environ.update(local_aws_env(ddb.endpoint))
    stack = start_stack(port=0, ddb_endpoint=ddb.endpoint, line_port=0)
    try:
        url = f"{stack.url}/line/webhook/local"
        client = boto3.client("dynamodb", endpoint_url=ddb.endpoint, region_name="us-east-1")
        table = stack.settings.table_name
        webhook = line_webhook_handler._get_webhook()
        held = HeldQueue(webhook.queue)
        webhook.queue = held
        _batches(url, client, table, 30, "w")  # warm-up: DynamoDB Local's JIT and connection pools
        alone_ms, alone_floor_ms, transaction_ms = _batches(url, client, table, args.batches, "a", webhook)
        own_ms = _own_work(webhook, args.batches)
        webhook.queue = held.inner
        held.release()
        batch_ms, floor_ms, _ = _batches(url, client, table, args.batches, "b")
        standin = stack.line_standin.state
        while len(standin.sent) < (2 * args.batches + 30) * 10:  # let the worker catch up before timing replies
            time.sleep(0.5)
        reply_ms: list[float] = []
        for n in range(args.replies):
            token = standin.issue_reply_token()
            body = samples.body([samples.text(samples.source(f"U{0xB:x}{n:031x}"), "I slept well, thank you.", token)])
            headers = {"content-type": "application/json", "x-line-signature": sign(LOCAL_SECRET, body)}
            started = time.perf_counter()
            _post(url, body, headers)
            while not any(s.to == token for s in list(standin.sent)):
                time.sleep(0.005)
            reply_ms.append((time.perf_counter() - started) * 1000)
    finally:
        stack.stop()
        ddb.stop()

    batch, floor, reply = summary(batch_ms), summary(floor_ms), summary(reply_ms)
    alone, alone_floor = summary(alone_ms), summary(alone_floor_ms)
    transaction, own = summary(transaction_ms), summary(own_ms)
    figures.update(
        {
            "webhook_p50_ms": alone["p50"],
            "webhook_p95_ms": alone["p95"],
            "floor_p95_ms": alone_floor["p95"],
            "webhook_ratio_p95": round(alone["p95"] / alone_floor["p95"], 2),
            "transaction_p95_ms": transaction["p95"],
            "webhook_over_transaction_p95": round(alone["p95"] / transaction["p95"], 2),
            # the batch against its floor, its one DynamoDB transaction, timed in the same run
            "webhook_floor_p95_ms": transaction["p95"],
            "webhook_to_floor_ratio": round(alone["p95"] / transaction["p95"], 2),
            "webhook_to_floor_ratio_p50": round(alone["p50"] / transaction["p50"], 2),
            "webhook_own_cpu_p95_ms": own["p95"],
            "webhook_with_worker_p50_ms": batch["p50"],
            "webhook_with_worker_p95_ms": batch["p95"],
            "floor_with_worker_p95_ms": floor["p95"],
            "reply_p50_ms": reply["p50"],
            "reply_p95_ms": reply["p95"],
        }
    )
    print_table(
        "LINE webhook (ms)",
        ["what", "p50", "p95", "n"],
        [
            ["10-event batch, alone: time to 200", alone["p50"], alone["p95"], alone["n"]],
            ["floor: its 10 conditional PutItems", alone_floor["p50"], alone_floor["p95"], alone_floor["n"]],
            ["floor: its one TransactWriteItems", transaction["p50"], transaction["p95"], transaction["n"]],
            ["its own CPU (DynamoDB, queue in memory)", own["p50"], own["p95"], own["n"]],
            ["10-event batch, worker busy: time to 200", batch["p50"], batch["p95"], batch["n"]],
            ["floor: its 10 conditional PutItems", floor["p50"], floor["p95"], floor["n"]],
            ["webhook to reply at the stand-in", reply["p50"], reply["p95"], reply["n"]],
        ],
    )
    print_table(
        "Imports (ms, median of 5 fresh interpreters, bytecode compiled)",
        ["what", "ms"],
        [
            ["line_webhook.handler (cold start)", figures["webhook_import_ms"]],
            ["ours: signature + models + Messaging API client", figures["own_import_ms"]],
            ["line-bot-sdk 3.27: WebhookParser + MessagingApi", figures["sdk_import_ms"] or "not installable"],
        ],
    )
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
