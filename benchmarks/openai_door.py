"""The OpenAI-compatible door's latency next to /chat's, measured in the same run.

The local stack in this process: DynamoDB Local, the real API handler behind the local gateway
on a loopback HTTP server, the local models (they answer instantly, so what is timed is Engram's
own work: auth, parsing, context, dedup claim, append, shaping). Requests alternate between
`POST /v1/personas/p/sessions/<s>/chat` and `POST /openai/v1/chat/completions` (each with a new
message, so nothing is a duplicate), one session each, so both paths see the same table, the same
session lengths and the same machine load. Also timed: the door through the official `openai`
package (sync client), which adds its own request building and response parsing, and the door
with `stream: true` (the same answer as server-sent events).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import time
from typing import Any

import openai

from _report import machine, print_table, summary, write_json
from engram import runtime
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.tables import ensure_table
from engram.adapters.embedders.local import DIMENSIONS
from engram.adapters.local_index import LocalIndex
from engram.local import tokens
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.local.gateway import LocalGateway
from engram.local.server import make_server, serve_in_background
from engram.settings import Settings
from engram.wiring import build_container

MESSAGES = [
    "I coughed a lot last night and my chest felt tight.",
    "My daughter visits on Sunday, we will walk in the park.",
    "昨天晚上咳嗽很厲害，今天呼吸比較喘。",
    "I took my inhaler at 8 and felt better after an hour.",
]
WARMUP = 5


def _post(conn: http.client.HTTPConnection, path: str, headers: dict[str, str], body: dict[str, Any]) -> float:
    started = time.perf_counter()
    conn.request("POST", path, body=json.dumps(body).encode(), headers=headers)
    response = conn.getresponse()
    payload = response.read()
    elapsed = (time.perf_counter() - started) * 1000
    if response.status != 200:
        raise RuntimeError(f"{path}: {response.status} {payload[:300]!r}")
    return elapsed


def measure(port: int, settings: Settings, rounds: int) -> dict[str, list[float]]:
    token = tokens.mint(settings, "bench-user")
    headers = {"authorization": f"Bearer {token}", "content-type": "application/json"}
    door_headers = {**headers, "x-engram-persona": "p", "x-engram-session": "door"}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    client = openai.OpenAI(
        base_url=f"http://127.0.0.1:{port}/openai/v1",
        api_key=token,
        default_headers={"X-Engram-Persona": "p", "X-Engram-Session": "door-sdk"},
        max_retries=0,
    )
    lat: dict[str, list[float]] = {"chat": [], "door": [], "door_stream": [], "door_sdk": []}
    for i in range(-WARMUP, rounds):
        text = f"{MESSAGES[i % len(MESSAGES)]} ({i})"
        chat = _post(conn, "/v1/personas/p/sessions/chat/chat", headers, {"message": text})
        door = _post(
            conn,
            "/openai/v1/chat/completions",
            door_headers,
            {"model": "engram", "messages": [{"role": "user", "content": text}]},
        )
        stream = _post(
            conn,
            "/openai/v1/chat/completions",
            {**door_headers, "x-engram-session": "door-stream"},
            {"model": "engram", "messages": [{"role": "user", "content": text}], "stream": True},
        )
        started = time.perf_counter()
        client.chat.completions.create(model="engram", messages=[{"role": "user", "content": text}])
        sdk = (time.perf_counter() - started) * 1000
        if i >= 0:  # the first rounds warm the handler, the table and the connections
            lat["chat"].append(chat)
            lat["door"].append(door)
            lat["door_stream"].append(stream)
            lat["door_sdk"].append(sdk)
    conn.close()
    client.close()
    return lat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=60, help="requests per path (after a short warm-up)")
    parser.add_argument("--json", dest="json_path")
    parser.add_argument("--long-term", action="store_true", help="with long-term memory (retrieval, extraction)")
    args = parser.parse_args()
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")  # no access log line per request on stdout
    ddb = DynamoDBLocal.start()
    os.environ.update(local_aws_env(ddb.endpoint))
    settings = Settings(dynamodb_endpoint=ddb.endpoint, table_name="engram-bench-door")
    ensure_table(TableConfig.from_settings(settings))
    index = LocalIndex.in_memory(DIMENSIONS)
    container = build_container(settings, queue_mode="inline", long_term=args.long_term, index=index)
    runtime.set_container(container)
    server = make_server(LocalGateway(settings), port=0)
    serve_in_background(server)
    try:
        lat = measure(server.server_address[1], settings, args.rounds)
    finally:
        server.shutdown()
        server.server_close()
        runtime.set_container(None)
        index.close()
        ddb.stop()
    figures: dict[str, Any] = {"machine": machine(), "long_term": args.long_term, "rounds": args.rounds}
    chat = summary(lat["chat"])
    rows: list[list[Any]] = []
    labels = {
        "chat": "POST .../chat",
        "door": "POST /openai/v1/chat/completions",
        "door_stream": "  same, stream: true",
        "door_sdk": "  same, through the openai package",
    }
    for name, label in labels.items():
        s = summary(lat[name])
        figures[name] = s
        figures[f"{name}_p95_ms"] = s["p95"]
        rows.append([label, s["n"], s["p50"], s["p95"], round(s["p95"] / chat["p95"], 2)])
    figures["door_to_chat_p95_ratio"] = round(figures["door_p95_ms"] / chat["p95"], 2)
    print_table(
        "The OpenAI-compatible door next to /chat (ms, local stack in-process, local models)",
        ["request", "n", "p50", "p95", "p95 / chat p95"],
        rows,
    )
    print(f"\ndoor p95 / chat p95 = {figures['door_to_chat_p95_ratio']}")
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
