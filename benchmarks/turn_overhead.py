"""Turn overhead through the local HTTP API, next to the DynamoDB floor measured in the same run.

- p50 / p95 of `context` and `turns` requests at 1 and 20 concurrent sessions
  (local API in its own process, DynamoDB Local, local models answering instantly);
- the floor: one bare DynamoDB Query of the same partition (boto3), same concurrency;
- DynamoDB requests and consumed capacity per recorded turn, counted with botocore
  event hooks on the store's own client.
Targets: context p95 <= 3 x floor and <= 25 ms at 20 sessions; <= 3 DynamoDB requests per recorded
turn and <= 4 per chat turn on the API path; the worker's per-turn average at most half of 12.6.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import boto3
from _context_parts import context_parts, floor_query

from _report import machine, print_table, summary, write_json
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.request_count import RequestCount
from engram.adapters.dynamodb.tables import ensure_table
from engram.adapters.embedders.local import DIMENSIONS
from engram.adapters.local_index import LocalIndex
from engram.kernel.keys import SessionKey
from engram.local import tokens
from engram.local.dynamodb_local import DynamoDBLocal, free_port, local_aws_env
from engram.privacy.models import AuditEntry
from engram.settings import Settings
from engram.wiring import build_container

MESSAGES = [
    "I coughed a lot last night and my chest felt tight.",
    "My daughter visits on Sunday, we will walk in the park.",
    "昨天晚上咳嗽很厲害，今天呼吸比較喘。",
    "I took my inhaler at 8 and felt better after an hour.",
]
TURNS = 20  # turns counted per path


def start_server(endpoint: str, long_term: bool) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    env = {**os.environ, **local_aws_env(endpoint), "ENGRAM_LOCAL_INDEX_DIR": tempfile.mkdtemp(prefix="engram-bench-")}
    extra = [] if long_term else ["--no-long-term"]
    proc = subprocess.Popen(
        [
            sys.executable,
            str(Path(__file__).with_name("_serve.py")),
            "--ddb-endpoint",
            endpoint,
            "--port",
            str(port),
            *extra,
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    if proc.stdout.readline().strip() != "ready":
        raise RuntimeError("local API did not start")
    # the server logs every request to stdout: drain the pipe, or the server blocks on a full
    # pipe (64 KiB) mid-run and the clients time out
    threading.Thread(target=proc.stdout.read, name="drain-server-log", daemon=True).start()
    return proc, port


def _client(endpoint: str) -> Any:
    return boto3.client(
        "dynamodb",
        endpoint_url=endpoint,
        region_name="us-east-1",
        aws_access_key_id="local",
        aws_secret_access_key="local",
    )


def _session(settings: Settings, tag: str, i: int) -> SessionKey:
    """The session `run_sessions` gives worker `i` of a phase."""
    return SessionKey(settings.default_tenant, f"bench-{tag}-{i}", "p", f"s-{tag}-{i}")


def run_sessions(port: int, settings: Settings, sessions: int, rounds: int, tag: str) -> dict[str, list[float]]:
    lat: dict[str, list[float]] = {"context": [], "turns": []}
    lock = threading.Lock()
    barrier = threading.Barrier(sessions)

    def worker(i: int) -> None:
        session = _session(settings, tag, i)
        user = session.user_id
        headers = {"authorization": f"Bearer {tokens.mint(settings, user)}", "content-type": "application/json"}
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        base = f"/v1/personas/p/sessions/{session.session_id}"
        mine: dict[str, list[float]] = {"context": [], "turns": []}

        def post(path: str, body: dict[str, Any]) -> float:
            t0 = time.perf_counter()
            conn.request("POST", path, json.dumps(body).encode(), headers)  # bytes: one send with the headers
            resp = conn.getresponse()
            resp.read()
            if resp.status != 200:
                raise RuntimeError(f"{path}: {resp.status}")
            return (time.perf_counter() - t0) * 1000

        for w in range(3):  # warm-up: connection, session, caches
            post(base + "/turns", {"user": MESSAGES[w % 4], "assistant": "ok", "idempotency_key": f"w{w}"})
        barrier.wait()
        for r in range(rounds):
            msg = MESSAGES[r % len(MESSAGES)]
            mine["context"].append(post(base + "/context", {"message": msg}))
            mine["turns"].append(
                post(base + "/turns", {"user": msg, "assistant": "Noted.", "idempotency_key": f"r{r}"})
            )
        with lock:
            for k in lat:
                lat[k] += mine[k]
        conn.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(sessions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return lat


def floor(endpoint: str, settings: Settings, sessions: int, rounds: int, tag: str) -> list[float]:
    client = _client(endpoint)
    out: list[float] = []
    lock = threading.Lock()

    def worker(i: int) -> None:
        query = floor_query(settings, _session(settings, tag, i))
        mine = []
        for _ in range(3):
            client.query(**query)
        for _ in range(rounds):
            t0 = time.perf_counter()
            client.query(**query)
            mine.append((time.perf_counter() - t0) * 1000)
        with lock:
            out.extend(mine)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(sessions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def context_alone(port: int, endpoint: str, settings: Settings, rounds: int, tag: str) -> dict[str, list[float]]:
    """At one session, `/context` over HTTP with its floor in the same rounds (issue 29 item 4): once
    the post-turn work of the phase before has settled — in AWS the turn worker and the indexer are
    other functions, here they share the server's process and GIL — each round times one `/context`
    of the session and, right after it, the bare Query of the same partition."""
    time.sleep(3.0)  # the server's queue and stream poller finish the last /turns' jobs (a benchmark, not a test)
    client = _client(endpoint)
    session = _session(settings, tag, 0)
    query = floor_query(settings, session)
    headers = {"authorization": f"Bearer {tokens.mint(settings, session.user_id)}", "content-type": "application/json"}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    path = f"/v1/personas/p/sessions/{session.session_id}/context"
    out: dict[str, list[float]] = {"context": [], "floor": []}
    for r in range(rounds + 3):  # three to warm the connection and the client
        body = json.dumps({"message": MESSAGES[r % len(MESSAGES)]}).encode()
        t0 = time.perf_counter()
        conn.request("POST", path, body, headers)
        resp = conn.getresponse()
        resp.read()
        t1 = time.perf_counter()
        client.query(**query)
        t2 = time.perf_counter()
        if resp.status != 200:
            raise RuntimeError(f"{path}: {resp.status}")
        if r >= 3:
            out["context"].append((t1 - t0) * 1000)
            out["floor"].append((t2 - t1) * 1000)
    conn.close()
    return out


def requests_per_turn(settings: Settings, turns: int) -> dict[str, Any]:
    """Count DynamoDB calls and capacity per turn, in-process, on every client of the process (the
    single table, the data-key table, the audit log): on the API path (recorded turns, chat turns,
    each with the audit entry its request leaves, as functions/api/audit.py writes it) and in the
    turn worker (its jobs collected on the API side, then run by a long-term worker), each counted
    on its own, by operation, table and key."""
    jobs: list[dict[str, Any]] = []
    api = build_container(
        settings, queue_mode="inline", long_term=False, index=LocalIndex.in_memory(DIMENSIONS), job_handler=jobs.append
    )
    count = RequestCount(main_table=settings.table_name, with_capacity=True)

    def audited(key: SessionKey, route: str) -> None:
        trail = api.audit_trail
        subject = trail.subject(key.tenant_id, key.user_id)
        entry = AuditEntry(key.tenant_id, subject, api.clock.now(), f"POST {route}", "end_user", subject, "200")
        trail.record(entry)

    def measure(run: Any) -> tuple[float, float, dict[str, int], dict[str, int]]:
        count.clear()
        with count.counting():
            run()
        return len(count) / turns, count.capacity / turns, dict(count.by_operation()), dict(count.by_label())

    def record(key: SessionKey, i: int, tag: str) -> None:
        api.conversation.record_turn(key, MESSAGES[i % 4], "Noted.", f"{tag}{i}")
        audited(key, "/v1/personas/<persona_id>/sessions/<session_id>/turns")

    def chat(key: SessionKey, i: int) -> None:
        api.conversation.chat(key, f"{MESSAGES[i % 4]} ({i})")
        audited(key, "/v1/personas/<persona_id>/sessions/<session_id>/chat")

    # the user's data key and audit chain head exist already (a returning user on a warm container)
    record(SessionKey(settings.default_tenant, "count-user", "p", "s-warm"), 0, "w")
    key = SessionKey(settings.default_tenant, "count-user", "p", "s-count")
    turn_req, turn_cap, by_op, turn_keys = measure(lambda: [record(key, i, "c") for i in range(turns)])
    key2 = SessionKey(settings.default_tenant, "count-user", "p", "s-chat")
    chat_req, chat_cap, chat_ops, chat_keys = measure(lambda: [chat(key2, i) for i in range(turns)])
    # The worker: each recorded turn's job, run by a long-term worker right after the turn (as the
    # queue delivers it), off the request path; only the worker's requests are counted.
    worker = build_container(settings, queue_mode="inline", index=LocalIndex.in_memory(DIMENSIONS))
    key3 = SessionKey(settings.default_tenant, "count-user", "p", "s-long")
    worker_req = worker_cap = 0.0
    worker_ops: Counter[str] = Counter()
    worker_keys: Counter[str] = Counter()
    for i in range(turns):
        jobs.clear()
        api.conversation.record_turn(key3, MESSAGES[i % 4], "Noted.", f"l{i}")
        req, cap, ops, labels = measure(
            lambda: [worker.post_turn.handle(j) for j in jobs if j.get("kind") == "after_turn"]
        )
        worker_req, worker_cap = worker_req + req, worker_cap + cap
        worker_ops.update(ops)
        worker_keys.update(labels)
    return {
        "ddb_requests_per_turn": round(turn_req, 2),
        "ddb_capacity_per_turn": round(turn_cap, 2),
        "ddb_requests_per_chat_turn": round(chat_req, 2),
        "chat_ddb_requests_per_turn": round(chat_req, 2),
        "ddb_capacity_per_chat_turn": round(chat_cap, 2),
        "worker_ddb_requests_per_turn": round(worker_req, 2),
        "worker_ddb_capacity_per_turn": round(worker_cap, 2),
        "ddb_requests_per_turn_with_long_term_worker": round(turn_req + worker_req, 2),
        "ops_per_recorded_turns": by_op,
        "ops_per_chat_turns": chat_ops,
        "ops_per_worker_turns": dict(worker_ops),
        "requests_by_key_recorded_turns": turn_keys,
        "requests_by_key_chat_turns": chat_keys,
        "requests_by_key_worker_turns": dict(worker_keys),
    }


def print_breakdown(figures: dict[str, Any], turns: int) -> None:
    """Each path's requests by operation, table and key, over all its turns."""
    for path in ("recorded_turns", "chat_turns", "worker_turns"):
        labels: dict[str, int] = figures[f"requests_by_key_{path}"]
        rows = [[n, label] for label, n in sorted(labels.items(), key=lambda kv: (-kv[1], kv[0]))]
        print_table(f"{path.replace('_', ' ')}: requests over {turns} turns, by key", ["requests", "request"], rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=60, help="context+turn pairs per session")
    parser.add_argument("--json", dest="json_path")
    parser.add_argument(
        "--long-term",
        action="store_true",
        help="with long-term memory (retrieval + embedding on USE); default: the short-term path the targets are for",
    )
    parser.add_argument("--requests-only", action="store_true", help="only count DynamoDB requests per turn")
    parser.add_argument("--sessions", default="1,20", help="concurrent sessions to time, comma-separated")
    args = parser.parse_args()
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    ddb = DynamoDBLocal.start()
    os.environ.update(local_aws_env(ddb.endpoint))
    settings = Settings(dynamodb_endpoint=ddb.endpoint, table_name="engram-bench")
    ensure_table(TableConfig.from_settings(settings))
    figures: dict[str, Any] = {"machine": machine(), "long_term": args.long_term}
    rows: list[list[Any]] = []
    server, port = start_server(ddb.endpoint, args.long_term) if not args.requests_only else (None, 0)
    try:
        for c in [int(n) for n in args.sessions.split(",")] if server is not None else []:
            lat = run_sessions(port, settings, c, args.rounds, f"c{c}")
            fl = floor(ddb.endpoint, settings, c, args.rounds, f"c{c}")
            ctx, trn, fls = summary(lat["context"]), summary(lat["turns"]), summary(fl)
            ratio = round(ctx["p95"] / fls["p95"], 2)
            figures[f"context_{c}"], figures[f"turns_{c}"], figures[f"floor_{c}"] = ctx, trn, fls
            figures[f"context_p95_ms_{c}"], figures[f"turns_p95_ms_{c}"] = ctx["p95"], trn["p95"]
            figures[f"floor_p95_ms_{c}"] = fls["p95"]
            figures[f"context_to_floor_ratio_{c}"] = ratio
            rows += [
                [c, "context", ctx["n"], ctx["p50"], ctx["p95"], ratio],
                [c, "turns", trn["n"], trn["p50"], trn["p95"], round(trn["p95"] / fls["p95"], 2)],
                [c, "floor: bare Query", fls["n"], fls["p50"], fls["p95"], 1.0],
            ]
        if server is not None and 1 in [int(n) for n in args.sessions.split(",")]:
            alone = context_alone(port, ddb.endpoint, settings, args.rounds, "c1")
            ctx, fls = summary(alone["context"]), summary(alone["floor"])
            figures["context_alone_1"], figures["floor_alone_1"] = ctx, fls
            figures["context_to_floor_ratio_1_alone"] = round(ctx["p95"] / fls["p95"], 2)
            rows += [
                ["1, alone", "context", ctx["n"], ctx["p50"], ctx["p95"], figures["context_to_floor_ratio_1_alone"]],
                ["1, alone", "floor: bare Query, same rounds", fls["n"], fls["p50"], fls["p95"], 1.0],
            ]
        if server is not None and "context_to_floor_ratio_20" in figures:
            figures["context_to_floor_ratio"] = figures["context_to_floor_ratio_20"]
    finally:
        if server is not None:
            server.terminate()
            server.wait()
    if server is not None:  # what one /context is made of beside its Query, in the same run (_context_parts.py)
        figures.update(context_parts(settings, args.rounds))
    figures.update(requests_per_turn(settings, TURNS))
    ddb.stop()
    if rows:
        print_table(
            "Turn overhead through the local HTTP API (ms)",
            ["sessions", "request", "n", "p50", "p95", "p95 / floor p95"],
            rows,
        )
    print_table(
        "DynamoDB requests per turn (botocore hooks)",
        ["kind", "requests", "capacity units"],
        [
            [
                "recorded turn (POST /turns), API path",
                figures["ddb_requests_per_turn"],
                figures["ddb_capacity_per_turn"],
            ],
            [
                "chat turn (POST /chat), API path",
                figures["chat_ddb_requests_per_turn"],
                figures["ddb_capacity_per_chat_turn"],
            ],
            [
                "turn worker, per turn (async)",
                figures["worker_ddb_requests_per_turn"],
                figures["worker_ddb_capacity_per_turn"],
            ],
        ],
    )
    print_breakdown(figures, TURNS)
    if "context_parts_ms" in figures:
        parts, ratios = figures["context_parts_ms"], figures["context_parts_ratio_p95"]
        print_table(
            "One POST /context in-process, by part (ms); its DynamoDB requests: "
            + ", ".join(f"{n:g} {label}" for label, n in figures["requests_by_key_context"].items()),
            ["part", "n", "p50", "p95", "p95 / floor p95"],
            [[name, f["n"], f["p50"], f["p95"], ratios[name]] for name, f in parts.items()],
        )
    print(f"\nmachine: {figures['machine']}")
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
