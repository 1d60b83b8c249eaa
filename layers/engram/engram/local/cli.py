"""`engram` command: run the local stack, mint tokens, chat in the terminal, serve MCP, print the OpenAPI."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from engram.local.listen import DEFAULT_DDB_PORT, DEFAULT_LINE_PORT, DEFAULT_PORT
from engram.local.listen import env_port as _port


class StackNotRunning(SystemExit):
    def __init__(self, url: str) -> None:
        super().__init__(
            f"no Engram stack answers at {url}: start it with `make run` in another terminal "
            "(or pass --url / set ENGRAM_PORT to where it runs)"
        )


def _settings() -> Any:
    from engram.settings import Settings

    return Settings()


def cmd_run(args: argparse.Namespace) -> int:
    from engram.local import tokens
    from engram.local.listen import StackStartError
    from engram.local.stack import start_stack

    try:
        stack = start_stack(
            port=args.port,
            ddb_port=args.ddb_port,
            line_port=args.line_port,
            data_dir=Path(args.data_dir) if args.data_dir else None,
            in_memory=args.in_memory,
        )
    except StackStartError as exc:
        raise SystemExit(f"engram run: {exc}") from None
    except KeyboardInterrupt:  # Ctrl-C while starting: start_stack stopped what it had started
        return 130
    token = tokens.mint(stack.settings, "demo-user")
    mode = f"OpenAI ({stack.settings.chat_model})" if stack.settings.openai_enabled else "local-heuristic (no API key)"
    print(f"Engram local stack on {stack.url}  (DynamoDB Local: {stack.settings.dynamodb_endpoint}; models: {mode})")
    print(f"OpenAPI document: {stack.url}/openapi.json")
    print(f"Memory inspector: {stack.url}/inspector")
    print(f"Memory change events: engram events tail --file {stack.settings.local_event_bus_file}")
    print(f"Demo token for user 'demo-user' (24 h):\nexport TOKEN={token}")
    print(f"LINE: webhook {stack.url}/line/webhook/local, Messaging API stand-in {stack.line_standin.url}")
    where = "in memory" if args.in_memory else str(stack.data_dir)
    print(f"State: {where}. Ctrl-C stops everything.", flush=True)
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    with contextlib.suppress(KeyboardInterrupt):
        done.wait()
    stack.stop()
    return 0


def cmd_token(args: argparse.Namespace) -> int:
    from engram.local import tokens

    print(tokens.mint(_settings(), args.user, args.tenant, args.ttl, plan=args.plan))
    return 0


def cmd_openapi(args: argparse.Namespace) -> int:
    from functions.api.contract import openapi_document
    from functions.api.handler import app

    print(json.dumps(openapi_document(app), indent=2, ensure_ascii=False))
    return 0


def _request(method: str, url: str, token: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    if not url.startswith(("http://", "https://")):
        raise SystemExit("--url must be an http(s) URL")
    req = urllib.request.Request(url, data=data, method=method)  # noqa: S310 - scheme checked above
    req.add_header("authorization", f"Bearer {token}")
    req.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=60) as resp:  # noqa: S310 - the local API URL the user gave
            return resp.status, json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")
    except (urllib.error.URLError, ConnectionError) as exc:
        raise StackNotRunning(url.split("/v1/")[0]) from exc


def cmd_chat(args: argparse.Namespace) -> int:
    from engram.local import tokens

    token = tokens.mint(_settings(), args.user)
    base = f"{args.url}/v1/personas/{args.persona}/sessions/{args.session}"
    print(
        f"Chatting as {args.user} with persona {args.persona}, session {args.session}. "
        "'/end' ends the session, Ctrl-D quits."
    )
    try:
        for line in _lines():
            _chat_turn(line, base, token)
    except KeyboardInterrupt:
        pass  # Ctrl-C ends the chat like Ctrl-D: no traceback
    print("\nbye", file=sys.stderr)
    return 0


def _lines() -> Any:
    if not sys.stdin.isatty():
        yield from sys.stdin
        return
    while True:
        try:
            yield input("you> ")
        except EOFError:  # Ctrl-D
            return


def _chat_turn(line: str, base: str, token: str) -> None:
    text = line.strip()
    if not text:
        return
    if text == "/end":
        _, body = _request("POST", f"{base}/end", token)
        print(json.dumps(body, ensure_ascii=False, indent=2))
        return
    status, body = _request("POST", f"{base}/chat", token, {"message": text})
    if status != 200:
        print(f"[{status}] {json.dumps(body, ensure_ascii=False)}")
        return
    gate = body["gate"]
    print(f"bot> {body['reply']}")
    print(f"     model={body['model']} gate={gate['decision']} because {gate['reason']} ({gate['language']})")
    blocks = ", ".join(f"{b['name']}={b['tokens']}t" + (f"/{b['items']}" if b["items"] else "") for b in body["blocks"])
    print(f"     prompt {body['context_tokens']} tokens: {blocks}")
    for m in body.get("memories", []):
        why = "pinned core fact" if m["source"] == "pinned" else f"retrieved, score {m['score']:.3f}"
        print(f"     memory {m['memory_id']} ({why}): {m['preview']}")
    _, session = _request("GET", base, token)
    if isinstance(session, dict) and "summary" in session:
        cursor = session["summary_cursor"]
        covered = f"rounds 1-{cursor}" if cursor else "no rounds yet"
        print(f"     summary ({covered}): {session['summary'][:200] or '-'}")
        print(f"     rounds in session: {session['turn_count']}, in prompt window: {len(session['recent'])}")


def cmd_job(args: argparse.Namespace) -> int:
    from engram.local.jobs import parse_now, run_job

    endpoint = args.ddb_endpoint or f"http://127.0.0.1:{args.ddb_port}"
    print(json.dumps(run_job(args.name, parse_now(args.now), endpoint), ensure_ascii=False))
    return 0


def cmd_erasure_verify(args: argparse.Namespace) -> int:
    from engram.local.erasure_verify import verify

    result = verify(args)
    print(json.dumps(result, ensure_ascii=False))
    return 0 if result["ok"] else 1


def cmd_audit_verify(args: argparse.Namespace) -> int:
    """P6: a user's audit hash chain, checked where it is stored (the local stack's DynamoDB, or
    AWS with ENGRAM_TABLE_NAME and credentials that may read the audit table)."""
    from engram.adapters.audit_verify import audit_reader, verify_subject, verify_user

    settings = _settings()
    if args.ddb_endpoint:
        settings = settings.model_copy(update={"dynamodb_endpoint": args.ddb_endpoint})
    tenant = args.tenant or settings.default_tenant
    if args.subject:
        report = verify_subject(audit_reader(settings), tenant, args.subject)
    else:
        report = verify_user(settings, tenant, args.user_id)
    print(json.dumps({"tenant_id": tenant, **report.as_dict()}, ensure_ascii=False))
    return 0 if report.ok else 1


def cmd_keys_rotate(args: argparse.Namespace) -> int:
    """P3 locally: a new wrapping key in the keyring file becomes current; `engram job
    rewrap_keys` then rewraps every data key under it, and --retire drops the old one."""
    from engram.adapters.crypto.wrapping import LocalKeyring

    ring = LocalKeyring(Path(_settings().field_keyring_path))
    if args.retire:
        ring.retire(args.retire)
        print(json.dumps({"retired": args.retire, "current": ring.current_key_id}))
    else:
        old = ring.current_key_id
        print(json.dumps({"previous": old, "current": ring.rotate()}))
    return 0


def cmd_mcp(args: argparse.Namespace) -> int:
    """MCP server over stdio for one user; stdout is the protocol's, so messages go to stderr."""
    from engram.local.mcp_server import McpConfig, serve  # imports mcp: never on the Lambda path

    try:
        config = McpConfig.from_env(
            url=args.url,
            token=args.token,
            api_key=args.api_key,
            user_id=args.user_id,
            persona=args.persona,
            session=args.session,
        )
    except ValueError as exc:
        raise SystemExit(f"engram mcp: {exc}") from None
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C ends it like the client closing stdin: no traceback
        serve(config)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram", description="Engram local tools")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="start the whole local stack")
    run.add_argument(
        "--port", type=int, default=_port("ENGRAM_PORT", DEFAULT_PORT), help="API port (ENGRAM_PORT, %(default)s)"
    )
    run.add_argument(
        "--ddb-port",
        type=int,
        default=_port("ENGRAM_DDB_PORT", DEFAULT_DDB_PORT),
        help="DynamoDB Local port (ENGRAM_DDB_PORT, %(default)s)",
    )
    run.add_argument(
        "--line-port",
        type=int,
        default=_port("ENGRAM_LINE_STANDIN_PORT", DEFAULT_LINE_PORT),
        help="LINE Messaging API stand-in port (ENGRAM_LINE_STANDIN_PORT, %(default)s)",
    )
    run.add_argument(
        "--data-dir",
        default=os.environ.get("ENGRAM_DATA_DIR") or None,
        help="the stack's state: DynamoDB Local's files, the local index, exports (ENGRAM_DATA_DIR; "
        "default .local for port 8080, .local/stack-PORT for another port)",
    )
    run.add_argument(
        "--in-memory", action="store_true", help="keep nothing: DynamoDB Local in memory, a temporary index"
    )
    run.set_defaults(func=cmd_run)
    tok = sub.add_parser("token", help="mint a local JWT for a user")
    tok.add_argument("--user", required=True)
    tok.add_argument("--tenant")
    tok.add_argument("--ttl", type=int, default=24 * 3600)
    tok.add_argument("--plan", choices=("free", "paid"), help="put the plan claim (ENGRAM_PLAN_CLAIM) in the token")
    tok.set_defaults(func=cmd_token)
    chat = sub.add_parser("chat", help="interactive chat against the local stack")
    chat.add_argument(
        "--url",
        default=f"http://127.0.0.1:{_port('ENGRAM_PORT', DEFAULT_PORT)}",
        help="the local API (default: http://127.0.0.1:$ENGRAM_PORT, %(default)s)",
    )
    chat.add_argument("--user", default="demo-user")
    chat.add_argument("--persona", default="assistant")
    chat.add_argument("--session", default="terminal")
    chat.set_defaults(func=cmd_chat)
    from engram.local.jobs import JOB_NAMES

    job = sub.add_parser("job", help="run a scheduled job now (e.g. idle_sessions) against the local stack")
    job.add_argument("name", choices=JOB_NAMES)
    job.add_argument("--now", help="the job's clock, ISO 8601 (e.g. 2027-06-01T03:00:00Z); default: now")
    job.add_argument(
        "--ddb-port",
        type=int,
        default=_port("ENGRAM_DDB_PORT", DEFAULT_DDB_PORT),
        help="DynamoDB Local port of the running stack (ENGRAM_DDB_PORT, default 8000)",
    )
    job.add_argument("--ddb-endpoint", help="or a full DynamoDB endpoint URL")
    job.set_defaults(func=cmd_job)
    erasure = sub.add_parser("erasure", help="erasure receipts (P1)").add_subparsers(dest="erasure_cmd", required=True)
    check = erasure.add_parser("verify", help="check a deletion receipt's signature (and, with --user-id, re-run it)")
    check.add_argument("receipt", help="the receipt JSON (or the GET …/erasure/{id} answer)")
    check.add_argument("--public-key", help="the deployment's public key (PEM); default: this deployment's signer")
    check.add_argument("--user-id", help="re-run the verification queries for this user (needs the stack)")
    check.add_argument("--ddb-endpoint", help="DynamoDB endpoint of the stack (local: http://127.0.0.1:8000)")
    check.set_defaults(func=cmd_erasure_verify)
    audit = sub.add_parser("audit", help="the audit log (P6)").add_subparsers(dest="audit_cmd", required=True)
    chain = audit.add_parser("verify", help="check a user's audit hash chain; names the first broken entry")
    who = chain.add_mutually_exclusive_group(required=True)
    who.add_argument("--user-id", help="the user whose entries to check")
    who.add_argument("--subject", help="or the keyed hash the entries are filed under (an erased user's)")
    chain.add_argument("--tenant", help="the tenant (default ENGRAM_DEFAULT_TENANT)")
    chain.add_argument("--ddb-endpoint", help="DynamoDB endpoint (local stack: http://127.0.0.1:8000; AWS: omit)")
    chain.set_defaults(func=cmd_audit_verify)
    keys = sub.add_parser("keys", help="field-encryption keys (P3)").add_subparsers(dest="keys_cmd", required=True)
    rotate = keys.add_parser("rotate", help="rotate the local wrapping key (then: engram job rewrap_keys)")
    rotate.add_argument("--retire", metavar="KEY_ID", help="instead: forget an old wrapping key after the rewrap")
    rotate.set_defaults(func=cmd_keys_rotate)
    from engram.local.line_send import add_parser as add_line

    add_line(sub, _port("ENGRAM_PORT", DEFAULT_PORT), _port("ENGRAM_LINE_STANDIN_PORT", DEFAULT_LINE_PORT))
    from engram.local.smoke import add_parser as add_smoke

    add_smoke(sub)
    from engram.local.events_tail import add_parser as add_events

    add_events(sub, _port("ENGRAM_PORT", DEFAULT_PORT))
    mcp = sub.add_parser(
        "mcp",
        help="serve Engram's memory as MCP tools over stdio (for Claude Desktop and other MCP clients)",
        description="An MCP server over stdio for one user. Credentials: ENGRAM_TOKEN (an end user's bearer "
        "token) or ENGRAM_API_KEY + ENGRAM_USER_ID (the local stack's backend key, acting for that user).",
    )
    mcp.add_argument("--url", help="the Engram API (ENGRAM_URL; default http://127.0.0.1:$ENGRAM_PORT, 8080)")
    mcp.add_argument("--token", help="an end user's bearer token (ENGRAM_TOKEN; prefer the variable)")
    mcp.add_argument("--api-key", help="the backend key, local stack (ENGRAM_API_KEY; prefer the variable)")
    mcp.add_argument("--user-id", help="with --api-key: the user to act for (ENGRAM_USER_ID)")
    mcp.add_argument("--persona", help="the tools' default persona (ENGRAM_PERSONA, default assistant)")
    mcp.add_argument("--session", help="the tools' default session (ENGRAM_SESSION, default mcp)")
    mcp.set_defaults(func=cmd_mcp)
    api = sub.add_parser("openapi", help="print the OpenAPI document")
    api.set_defaults(func=cmd_openapi)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
