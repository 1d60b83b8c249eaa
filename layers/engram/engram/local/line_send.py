"""`engram line send "…"`: a signed, real-shaped LINE webhook event to the local stack (the demo
channel `local`), then the bot's reply as the local Messaging API stand-in received it."""

from __future__ import annotations

import argparse
import base64
import json
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

from engram.line import samples
from engram.line.channels import LOCAL_SECRET
from engram.line.signature import sign


def _post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, Any]:
    request = urllib.request.Request(url, data=body, method="POST", headers=headers)  # noqa: S310 - the local stack
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")
    except OSError as exc:
        raise SystemExit(f"nothing answers at {url}: start the local stack with `make run` first") from exc


def send(args: argparse.Namespace) -> int:
    standin = args.standin.rstrip("/")
    _, issued = _post(f"{standin}/_standin/reply-token", b"{}", {"content-type": "application/json"})
    token = str(issued["replyToken"])
    src = samples.source(args.user, group_id=args.group)
    if args.audio:
        message_id = str(uuid.uuid4().int)[:18]
        audio = base64.b64encode(Path(args.audio).read_bytes()).decode()
        _post(f"{standin}/_standin/content", json.dumps({"id": message_id, "base64": audio}).encode(), {})
        event = samples.audio(src, message_id, token)
    else:
        event = samples.text(src, args.text, token)
    body = samples.body([event])
    headers = {"content-type": "application/json", "x-line-signature": sign(LOCAL_SECRET, body)}
    status, answer = _post(f"{args.url.rstrip('/')}/line/webhook/local", body, headers)
    print(f"webhook: {status} {json.dumps(answer, ensure_ascii=False)}")
    if status != 200:
        return 1
    chat = args.group or args.user
    deadline = time.monotonic() + args.wait
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{standin}/_standin/sent", timeout=5) as response:  # noqa: S310
            sent = json.loads(response.read())
        mine = [s for s in sent if s["to"] in (token, chat) and s["at"] >= event["timestamp"] / 1000 - 1]
        if mine:
            for s in mine:
                for text in s["texts"]:
                    print(f"bot ({s['kind']}): {text}")
            return 0
        time.sleep(0.2)
    print("no reply yet (the turn may still be running)")
    return 1


def add_parser(sub: Any, port: int, line_port: int) -> None:
    line = sub.add_parser("line", help="the LINE channel on the local stack").add_subparsers(
        dest="line_cmd", required=True
    )
    send_p = line.add_parser("send", help="send a signed LINE event to the local stack and print the reply")
    send_p.add_argument("text", nargs="?", default="", help="what the user says")
    send_p.add_argument("--audio", help="a voice message: this audio file (needs OpenAI for speech to text)")
    send_p.add_argument("--user", default="U" + "0" * 31 + "1", help="the LINE user id")
    send_p.add_argument("--group", help="send it in this group (its own session)")
    send_p.add_argument("--url", default=f"http://127.0.0.1:{port}", help="the local API")
    send_p.add_argument("--standin", default=f"http://127.0.0.1:{line_port}", help="the Messaging API stand-in")
    send_p.add_argument("--wait", type=float, default=15.0, help="seconds to wait for the reply")
    send_p.set_defaults(func=send)
