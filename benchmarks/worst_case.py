"""Worst case per route (M3): the slowest input the API's schema and limits allow, timed.

    .venv/bin/python benchmarks/worst_case.py [--runs 5] [--json PATH]

Starts the whole local stack in this process (DynamoDB Local in memory, a fresh local index,
the local models: the multilingual-e5 embedder and the labelled heuristics, the HTTP API, the
post-turn worker thread and the table-stream indexer). For every route template of the OpenAPI
document it sends the most expensive request the limits allow, `--runs` times, over HTTP, and
waits for the background worker to go idle between requests (in AWS the worker is another
Lambda function; here it would otherwise steal the route's core). What makes each one worst:

- text fields at their byte limit (ENGRAM_MAX_MESSAGE_BYTES 16 KB; messages arrays at
  ENGRAM_MAX_REQUEST_TEXT_BYTES 64 KB in all; a KB document at ENGRAM_KB_MAX_DOCUMENT_BYTES
  1 MB), written in four languages with phone numbers, e-mail addresses and dates, so PII
  masking, the gate, time-range parsing and the embedder all get the longest input; and, for
  chat, context and a memory from messages, the same limits filled by one line without a stop
  ("I'm I'm …", "what am i what am i …"), the worst input for the pattern rules;
- the session holds a full recent window of maximal rounds; the user has many memories (list,
  search, timeline, load and the persona delete walk them all); the profile pins the most ids.

Target (issue 10): p95 <= 2 s for every route on this machine with the local embedder. The
floor timed in the same run is the cheapest request (GET a missing memory: routing,
auth, one DynamoDB read), so a noisy machine shows in both.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import tempfile
import time
import uuid
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlparse

from _report import machine, percentile, print_table, write_json
from engram.local import tokens
from engram.local.dynamodb_local import free_port
from engram.local.stack import LocalStack, start_stack

PERSONA = "nurse"
TARGET_MS = 2000.0
MEMORIES = 60  # the user's (and the deleted persona's) memories
SENTENCES = [
    "Last night I coughed a lot and on 2026-03-14 my chest felt tight; "
    "call me at +1 415 555 0134 or mail ana.lee@example.com. ",
    "昨天晚上咳嗽很厲害，二〇二六年三月十四日呼吸比較喘，請打 0912-345-678 給我女兒。",
    "昨夜は咳がひどくて、三月十四日は息苦しかったです。娘の電話番号は 090-1234-5678 です。",
    "어젯밤에 기침이 심했고 3월 14일에는 숨이 찼어요. 딸 전화번호는 010-1234-5678이에요. ",
]


def worst_text(limit_bytes: int, offset: int = 0) -> str:
    """Multilingual text just under `limit_bytes` of UTF-8."""
    out: list[str] = []
    size = 0
    n = offset
    while True:
        piece = SENTENCES[n % len(SENTENCES)]
        cost = len(piece.encode("utf-8"))
        if size + cost > limit_bytes:
            break
        out.append(piece)
        size += cost
        n += 1
    return "".join(out)


# Lines without a stop, the worst for the pattern rules: several try `.+?` from every start, and
# before their input was bounded a 16 KB "I'm I'm …" cost the extraction tens of seconds
RUN_ON_UNITS = ("I'm ", "what am i ")


def run_on(limit_bytes: int, n: int = 0) -> str:
    unit = RUN_ON_UNITS[n % len(RUN_ON_UNITS)]
    return unit * (limit_bytes // len(unit.encode("utf-8")))


@dataclass
class Client:
    stack: LocalStack
    user: str

    def __post_init__(self) -> None:
        url = urlparse(self.stack.url)
        self.conn = http.client.HTTPConnection(url.hostname or "127.0.0.1", url.port, timeout=300)
        self.jwt = {"authorization": f"Bearer {tokens.mint(self.stack.settings, self.user)}"}
        self.backend = {"x-api-key": self.stack.settings.local_api_key.get_secret_value()}

    def call(self, method: str, path: str, body: Any = None, backend: bool = False) -> tuple[int, Any, float]:
        headers = {**(self.backend if backend else self.jwt), "content-type": "application/json"}
        data = None if body is None else json.dumps(body, ensure_ascii=False).encode("utf-8")
        start = time.perf_counter()
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        raw = response.read()
        elapsed = (time.perf_counter() - start) * 1000
        return response.status, (json.loads(raw) if raw else None), elapsed

    def ok(self, method: str, path: str, body: Any = None, backend: bool = False) -> Any:
        status, payload, _ = self.call(method, path, body, backend)
        if status >= 300:
            raise RuntimeError(f"{method} {path}: {status} {payload}")
        return payload


def idle(stack: LocalStack) -> None:
    """Wait until the background work of earlier requests is over: the post-turn queue drained
    and this process (worker thread, stream reader, indexer) using almost no CPU for 0.3 s.
    The stream reader polls every 0.1 s and a job may queue another (session memories, KB
    batches), so an empty queue alone does not mean done."""
    queue = stack.container.queue
    while True:
        queue.drain()  # type: ignore[attr-defined]  # the local stack's ThreadQueue
        cpu = time.process_time()
        time.sleep(0.3)
        if time.process_time() - cpu < 0.03:
            return


Request = tuple[str, str, Any, bool]  # method, path, body, backend


def routes(c: Client, settings: Any) -> dict[str, Callable[[int], Request]]:
    """route label -> build the n-th worst request (setup outside the timing)."""
    msg = settings.max_message_bytes
    per_message = msg // 2
    n_messages = settings.max_request_text_bytes // per_message
    messages = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": worst_text(per_message, i)}
        for i in range(n_messages)
    ]
    big = worst_text(msg)
    session = f"/v1/personas/{PERSONA}/sessions"

    def fresh_session() -> str:
        sid = f"s-{uuid.uuid4().hex[:8]}"
        for i in range(settings.recent_window_rounds):  # a full window of maximal rounds
            c.ok("POST", f"{session}/{sid}/turns", {"user": worst_text(msg, i), "assistant": worst_text(msg, i + 1)})
        idle(c.stack)
        return sid

    main_session = fresh_session()

    def memory(n: int) -> dict[str, Any]:
        created = c.ok(
            "POST", "/v1/memories", {"persona_id": PERSONA, "summary": worst_text(msg, n), "importance": 0.9}
        )
        idle(c.stack)
        return dict(created["memory"])

    memories = [memory(i) for i in range(MEMORIES)]
    # 50 ids (the schema's most) of memories no other route deletes or archives
    pin_ids = [m["memory_id"] for m in memories[:20] + memories[25:40] + memories[45:60]]
    kb_doc = _largest_document(c, settings)

    def uploaded_doc() -> str:
        doc = c.ok("POST", "/v1/kb/documents", {"title": "Inhaler guide", "text": kb_doc}, backend=True)
        unembedded.add(str(doc["doc_id"]))
        return str(doc["doc_id"])

    table: dict[str, Callable[[int], Request]] = {
        "POST …/chat": lambda n: ("POST", f"{session}/{main_session}/chat", {"message": big}, False),
        "POST …/context": lambda n: ("POST", f"{session}/{main_session}/context", {"message": big}, False),
        "POST …/chat (run-on)": lambda n: (
            "POST",
            f"{session}/{main_session}/chat",
            {"message": run_on(msg, n)},
            False,
        ),
        "POST …/context (run-on)": lambda n: (
            "POST",
            f"{session}/{main_session}/context",
            {"message": run_on(msg, n)},
            False,
        ),
        "POST …/turns": lambda n: ("POST", f"{session}/{main_session}/turns", {"user": big, "assistant": big}, False),
        "GET …/sessions/{id}": lambda n: ("GET", f"{session}/{main_session}", None, False),
        "POST …/end": lambda n: ("POST", f"{session}/{fresh_session()}/end", None, False),
        "POST …/save": lambda n: ("POST", f"{session}/{fresh_session()}/save", None, False),
        "GET …/requests/{id}": lambda n: ("GET", f"{session}/{main_session}/requests/r-{n}", None, False),
        "GET /memories": lambda n: ("GET", "/v1/memories?include_archived=true&limit=100", None, False),
        "POST /memories (summary)": lambda n: ("POST", "/v1/memories", {"persona_id": PERSONA, "summary": big}, False),
        "POST /memories (messages)": lambda n: (
            "POST",
            "/v1/memories",
            {"persona_id": PERSONA, "messages": messages},
            False,
        ),
        "POST /memories (run-on summary)": lambda n: (
            "POST",
            "/v1/memories",
            {"persona_id": PERSONA, "summary": run_on(msg, n)},
            False,
        ),
        "POST /memories (run-on messages)": lambda n: (
            "POST",
            "/v1/memories",
            {
                "persona_id": PERSONA,
                "messages": [{"role": "user", "content": run_on(per_message, n + i)} for i in range(n_messages)],
            },
            False,
        ),
        "GET /memories/load": lambda n: ("GET", f"/v1/memories/load?persona_id={PERSONA}", None, False),
        "GET /memories/search (run-on)": lambda n: (
            "GET",
            f"/v1/memories/search?q={quote(run_on(2000, n))}&include_kb=true&limit=50",
            None,
            False,
        ),
        "GET /memories/search": lambda n: (
            "GET",
            f"/v1/memories/search?q={quote(worst_text(msg)[:2000])}&include_kb=true&limit=50",  # q: 2000 characters
            None,
            False,
        ),
        "GET /memories/timeline": lambda n: ("GET", "/v1/memories/timeline", None, False),
        "POST /memories/summarize": lambda n: ("POST", "/v1/memories/summarize", {"messages": messages}, False),
        "GET /memories/{id}": lambda n: ("GET", f"/v1/memories/{memories[n]['memory_id']}", None, False),
        "PATCH /memories/{id}": lambda n: (
            "PATCH",
            f"/v1/memories/{memories[-1 - n]['memory_id']}",
            {
                "version": c.ok("GET", f"/v1/memories/{memories[-1 - n]['memory_id']}")["memory"]["version"],
                "summary": worst_text(msg, n + 2),
            },
            False,
        ),
        "POST /memories/{id}/archive": lambda n: (
            "POST",
            f"/v1/memories/{memories[20 + n]['memory_id']}/archive",
            None,
            False,
        ),
        "POST /memories/{id}/restore": lambda n: (
            "POST",
            f"/v1/memories/{memories[20 + n]['memory_id']}/restore",
            None,
            False,
        ),
        "DELETE /memories/{id}": lambda n: ("DELETE", f"/v1/memories/{memories[40 + n]['memory_id']}", None, False),
        "GET /personas/{id}/profile": lambda n: ("GET", f"/v1/personas/{PERSONA}/profile", None, False),
        "PUT /personas/{id}/profile": lambda n: (
            "PUT",
            f"/v1/personas/{PERSONA}/profile",
            {"pinned_memory_ids": pin_ids},
            False,
        ),
        "POST /kb/documents": lambda n: ("POST", "/v1/kb/documents", {"title": "Guide", "text": kb_doc}, True),
        "GET /kb/documents": lambda n: ("GET", "/v1/kb/documents", None, True),
        "DELETE /kb/documents/{id}": lambda n: ("DELETE", f"/v1/kb/documents/{uploaded_doc()}", None, True),
    }
    # The persona delete walks every memory of the persona: last, on a persona of its own.
    table["DELETE /personas/{id}"] = lambda n: (
        "DELETE",
        f"/v1/personas/{_filled_persona(c, settings, n)}",
        None,
        False,
    )
    return table


# Documents whose background embedding the benchmark skips: a DELETE is timed on a document
# whose chunks are all stored; embedding them first (600 chunks of local e5, minutes of CPU)
# would only delay the run, and the delete reads the chunks' keys, not their vectors.
unembedded: set[str] = set()


def skip_embedding_of_deleted_documents(stack: LocalStack) -> None:
    queue = stack.container.queue
    handler = queue._handler  # type: ignore[attr-defined]  # the local stack's ThreadQueue

    def run(job: dict[str, Any]) -> None:
        if job.get("kind") == "kb_embed" and job.get("doc_id") in unembedded:
            return
        handler(job)

    queue._handler = run  # type: ignore[attr-defined]


def _largest_document(c: Client, settings: Any) -> str:
    """The longest worst-case text under both KB limits (bytes, and chunks: CJK makes more)."""
    size = settings.kb_max_document_bytes
    while True:
        text = worst_text(size)
        status, payload, _ = c.call("POST", "/v1/kb/documents", {"title": "probe", "text": text}, backend=True)
        if status == 201:
            unembedded.add(payload["doc_id"])
            c.ok("DELETE", f"/v1/kb/documents/{payload['doc_id']}", backend=True)
            return text
        size = int(size * 0.95)


def _filled_persona(c: Client, settings: Any, n: int) -> str:
    persona = f"gone-{n}"
    for i in range(MEMORIES):
        c.ok("POST", "/v1/memories", {"persona_id": persona, "summary": worst_text(600, i)})
    idle(c.stack)
    return persona


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="worst requests per route")
    parser.add_argument("--only", help="run the routes whose label contains this")
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    warnings.filterwarnings("ignore", message="No application metrics to publish")
    tmp = tempfile.TemporaryDirectory(prefix="engram-worst-")
    os.environ["ENGRAM_LOCAL_INDEX_DIR"] = tmp.name
    os.environ.setdefault("ENGRAM_PLAN", "paid")  # no cap: every memory stays active
    load_before = os.getloadavg()[0]
    stack = start_stack(in_memory=True, port=free_port())
    try:
        settings = stack.settings
        c = Client(stack, f"worst-{uuid.uuid4().hex[:6]}")
        floor = []
        skip_embedding_of_deleted_documents(stack)
        print("setting up (maximal sessions, memories, KB document) ...", flush=True)
        table = routes(c, settings)
        rows, figures = [], {}
        for label, build in table.items():
            if args.only and args.only not in label:
                continue
            times, statuses = [], set()
            for n in range(args.runs):
                method, path, body, backend = build(n)
                idle(stack)
                status, payload, ms = c.call(method, path, body, backend)
                if method == "POST" and path == "/v1/kb/documents" and status == 201:
                    # Deleted before the next idle(): its chunks would be embedded in the background
                    # (2,000 batches of local e5, minutes of CPU) before the next request could start.
                    unembedded.add(payload["doc_id"])
                    c.ok("DELETE", f"/v1/kb/documents/{payload['doc_id']}", backend=True)
                statuses.add(status)
                times.append(ms)
                _, _, floor_ms = c.call("GET", "/v1/memories/mem-missing")
                floor.append(floor_ms)
            p95 = percentile(times, 95)
            figures[label] = {
                "p50_ms": round(percentile(times, 50), 1),
                "p95_ms": round(p95, 1),
                "statuses": sorted(statuses),
            }
            rows.append(
                [
                    label,
                    f"{percentile(times, 50):.0f}",
                    f"{p95:.0f}",
                    ",".join(map(str, sorted(statuses))),
                    "yes" if p95 <= TARGET_MS else "NO",
                ]
            )
            print(f"  {label}: p95 {p95:.0f} ms {sorted(statuses)}", flush=True)
        floor_p50 = percentile(floor, 50)
        worst_label = max(figures, key=lambda k: figures[k]["p95_ms"])
        print_table(
            f"Worst request per route ({args.runs} runs each; floor = GET a missing memory, p50 {floor_p50:.1f} ms)",
            ["route", "p50 ms", "p95 ms", "status", f"<= {TARGET_MS:.0f} ms"],
            rows,
        )
        worst = figures[worst_label]["p95_ms"]
        print(f"\nslowest route: {worst_label} (p95 {worst:.0f} ms, {worst / floor_p50:.0f}x the floor)")
        print(f"load average (1 min): {load_before:.2f} before, {os.getloadavg()[0]:.2f} after")
        write_json(
            args.json_path,
            {
                "worst_p95_ms": worst,
                "worst_route": worst_label,
                "floor_p50_ms": round(floor_p50, 2),
                "target_ms": TARGET_MS,
                "routes": figures,
                "runs": args.runs,
                "machine": machine(),
            },
        )
    finally:
        stack.stop()
        tmp.cleanup()


if __name__ == "__main__":
    main()
