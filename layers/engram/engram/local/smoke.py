"""`engram smoke` (`make smoke`): the end-to-end journeys against any Engram base URL over plain
HTTP, as a pass/fail table; exit 0 only when none fails. Without a URL it starts a local stack of
its own (in memory, free ports), mints a token per journey for a fresh user, and stops it after.

With a URL and a bearer token, every journey acts as the token's user, each in a persona of its
own (`smoke-<journey>-<run>`, deleted afterwards); the erasure journey, last, erases that user
whole, so the token must be a dedicated test user's (it refuses a user holding other personas)."""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, TextIO

from engram.local.smoke_http import Api, JourneyFailed, JourneySkipped, Unreachable, is_loopback
from engram.local.smoke_journeys import JOURNEYS, PREFIX, Credential, Journey, SmokeConfig, Trip

PASS, FAIL, SKIP = "PASS", "FAIL", "SKIP"


class Tokens(Protocol):
    def for_journey(self, journey: str, plan: str | None, run_id: str) -> Credential: ...

    def describe(self, run_id: str) -> str: ...


@dataclass(frozen=True)
class MintedTokens:
    """The smoke's own stack: a fresh user per journey and run, its token minted here."""

    settings: Any

    def for_journey(self, journey: str, plan: str | None, run_id: str) -> Credential:
        from engram.local import tokens

        user = f"{PREFIX}{journey}-{run_id}"
        return Credential(tokens.mint(self.settings, user, plan=plan), user, plan == "free")

    def describe(self, run_id: str) -> str:
        return f"a fresh user per journey ({PREFIX}<journey>-{run_id})"


@dataclass(frozen=True)
class GivenTokens:
    """A stack elsewhere: the token's user for every journey (FREE_TOKEN's for the plan's, if given)."""

    token: str
    free_token: str | None
    plan_claim: str

    def for_journey(self, journey: str, plan: str | None, run_id: str) -> Credential:
        if plan == "free" and self.free_token:
            return self._credential(self.free_token, free=True)
        return self._credential(self.token)

    def _credential(self, token: str, free: bool | None = None) -> Credential:
        claims = _claims(token)
        stated = claims.get(self.plan_claim)
        if free is None and stated in ("free", "paid"):
            free = stated == "free"
        return Credential(token, str(claims.get("sub", "")), free)

    def describe(self, run_id: str) -> str:
        user = self._credential(self.token).user
        return (
            f"the token's user{f' ({user})' if user else ''}, a fresh persona per journey ({PREFIX}<journey>-{run_id})"
        )


def _claims(token: str) -> dict[str, Any]:
    """The token's claims, unverified: only to name its user and plan (the API verifies it)."""
    try:
        payload = token.split(".")[1]
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (IndexError, ValueError):
        return {}
    return claims if isinstance(claims, dict) else {}


@dataclass(frozen=True, slots=True)
class Outcome:
    journey: str
    result: str
    seconds: float
    detail: str


class Table:
    """Rows printed as each journey ends, so a slow one shows where the suite is."""

    def __init__(self, out: TextIO, names: Sequence[str]) -> None:
        self._out = out
        self._width = max(len("journey"), *(len(n) for n in names))

    def heading(self) -> None:
        self._line("journey", "result", "time", "detail")

    def row(self, o: Outcome) -> None:
        self._line(o.journey, o.result, f"{o.seconds:.1f} s", o.detail)

    def _line(self, journey: str, result: str, time_: str, detail: str) -> None:
        detail = " ".join(detail.split())  # one line per journey
        print(f"{journey:<{self._width}}  {result:<6}  {time_:>8}  {detail}", file=self._out, flush=True)


def run_suite(url: str, tokens: Tokens, config: SmokeConfig, out: TextIO, only: Sequence[str] = ()) -> list[Outcome]:
    journeys = [j for j in JOURNEYS if not only or j.name in only]
    run_id = uuid.uuid4().hex[:8]
    print(f"Engram smoke against {url}: {tokens.describe(run_id)}", file=out)
    table = Table(out, [j.name for j in journeys])
    table.heading()
    outcomes = []
    started = time.monotonic()
    for journey in journeys:
        credential = tokens.for_journey(journey.name, journey.plan, run_id)
        trip = Trip(
            name=journey.name,
            api=Api(url, credential.token),
            credential=credential,
            persona=f"{PREFIX}{journey.name}-{run_id}",
            session=f"{PREFIX}{run_id}",
            suffix=run_id,
            config=config,
        )
        outcome = _run(journey, trip)
        table.row(outcome)
        outcomes.append(outcome)
    counts = {r: sum(o.result == r for o in outcomes) for r in (PASS, FAIL, SKIP)}
    print(
        f"{len(outcomes)} journeys: {counts[PASS]} passed, {counts[FAIL]} failed, {counts[SKIP]} skipped "
        f"({time.monotonic() - started:.1f} s)",
        file=out,
        flush=True,
    )
    return outcomes


def _run(journey: Journey, trip: Trip) -> Outcome:
    started = time.monotonic()
    cleanups = trip.cleanups
    try:
        result, detail = PASS, journey.run(trip)
    except JourneySkipped as exc:
        result, detail = SKIP, str(exc)
    except Unreachable as exc:
        result, detail, cleanups = FAIL, str(exc), []  # the cleanup could not reach the API either
    except JourneyFailed as exc:
        result, detail = FAIL, str(exc)
    except Exception as exc:  # an answer of an unexpected shape: this journey fails, the rest run
        result, detail = FAIL, f"{type(exc).__name__}: {exc}"
    seconds = time.monotonic() - started
    for cleanup in cleanups:
        try:
            note = cleanup()
        except Exception as exc:  # a failed cleanup is reported, it fails no journey
            note = f"cleanup: {exc}" if isinstance(exc, JourneyFailed) else f"cleanup: {type(exc).__name__}: {exc}"
        if note:
            detail = f"{detail}; {note}"
    return Outcome(journey.name, result, seconds, detail)


def exit_code(outcomes: Sequence[Outcome]) -> int:
    return 1 if any(o.result == FAIL for o in outcomes) else 0


# --- where the journeys run ---------------------------------------------------------------


@contextlib.contextmanager
def _temporary_env(values: dict[str, str]) -> Iterator[None]:
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextlib.contextmanager
def own_local_stack(config: SmokeConfig, ddb_endpoint: str | None = None) -> Iterator[tuple[str, Tokens, SmokeConfig]]:
    """A local stack for this run alone: DynamoDB Local in memory (or the endpoint given), free
    ports, its index and exports in a temporary folder. Its erasure job runs when a journey waits
    for it, instead of on the 15-minute schedule."""
    from engram.local.stack import start_stack

    with tempfile.TemporaryDirectory(prefix="engram-smoke-") as folder:
        state = {"ENGRAM_LOCAL_INDEX_DIR": f"{folder}/index", "ENGRAM_EXPORT_DIR": f"{folder}/exports"}
        with _temporary_env({k: v for k, v in state.items() if k not in os.environ}):
            stack = start_stack(port=0, in_memory=True, line_port=0, ddb_endpoint=ddb_endpoint)
            try:
                own = replace(
                    config,
                    public_key_pem=stack.container.receipt_signer.public_key_pem(),
                    public_key_source="the stack's signing key",
                    allow_file_links=True,
                    run_erasure_now=lambda: _erasure_run(stack.container.erasure_job),
                )
                yield stack.url, MintedTokens(stack.settings), own
            finally:
                stack.stop()


def _erasure_run(job: Any) -> None:
    """One erasure run under a holder of its own: the run a confirmation started in a thread holds
    its lease under the stack's, and a run sharing that holder would process the request beside it."""
    replace(job, holder=f"smoke-{uuid.uuid4().hex[:8]}").run()


def _receipt_key(url: str, path: str | None) -> tuple[str | None, str]:
    """The deployment's receipt key for a stack elsewhere, as `engram erasure verify` finds it."""
    from engram.local.erasure_verify import public_key_pem
    from engram.settings import Settings

    settings = Settings()
    if path:
        return public_key_pem(settings, path), f"the key in {path}"
    if settings.receipt_kms_key_id:
        return public_key_pem(settings, None), f"KMS key {settings.receipt_kms_key_id}"
    if is_loopback(url):  # `make run` on this machine signs with the local key file
        return public_key_pem(settings, None), f"the local key {settings.receipt_key_path}"
    return None, ""


# --- the command ----------------------------------------------------------------------------


def cmd_smoke(args: argparse.Namespace) -> int:
    out = sys.stdout
    only = [name.strip() for name in (args.only or "").split(",") if name.strip()]
    unknown = set(only) - {j.name for j in JOURNEYS}
    if unknown:
        raise SystemExit(f"engram smoke: no journey {', '.join(sorted(unknown))}")
    config = SmokeConfig(timeout_s=args.timeout, poll_s=args.poll, line_channel=args.line_channel)
    if not args.url:
        # the table is the output: the stack's own logs only when something breaks
        os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
        with own_local_stack(config) as (url, tokens, own):
            return exit_code(run_suite(url, tokens, own, out, only))
    url = args.url.rstrip("/")
    if not url.startswith(("http://", "https://")):
        raise SystemExit("engram smoke: --url must be an http(s) URL")
    if not args.token:
        raise SystemExit("engram smoke: a stack at a URL needs a test user's token (--token, ENGRAM_SMOKE_TOKEN)")
    from engram.settings import Settings

    pem, source = _receipt_key(url, args.public_key)
    config = replace(config, public_key_pem=pem, public_key_source=source, allow_file_links=is_loopback(url))
    tokens = GivenTokens(args.token, args.free_token or None, Settings().plan_claim)
    return exit_code(run_suite(url, tokens, config, out, only))


def add_parser(sub: Any) -> None:
    smoke = sub.add_parser(
        "smoke",
        help="end-to-end journeys against a deployment (or a local stack of its own) as a pass/fail table",
        description="Runs chat, context, turns, session end, memory CRUD, search, the plan warning, export, "
        "the LINE webhook's bad-signature answer and erasure with its signed receipt; exit 0 only when none "
        "fails. Without --url: a local stack of its own, stopped after.",
    )
    smoke.add_argument("--url", help="the API's base URL (the stack's ApiUrl output); default: a local stack")
    smoke.add_argument(
        "--token",
        default=os.environ.get("ENGRAM_SMOKE_TOKEN") or None,
        help="with --url: a dedicated test user's bearer token (ENGRAM_SMOKE_TOKEN; prefer the variable)",
    )
    smoke.add_argument(
        "--free-token",
        default=os.environ.get("ENGRAM_SMOKE_FREE_TOKEN") or None,
        help="with --url: a free-plan test user's token for the plan warning (ENGRAM_SMOKE_FREE_TOKEN)",
    )
    smoke.add_argument(
        "--public-key",
        help="with --url: the deployment's receipt key (PEM, or the base64 DER of `aws kms get-public-key`)",
    )
    smoke.add_argument("--line-channel", default="local", help="the LINE channel id whose webhook is tried")
    smoke.add_argument("--timeout", type=float, default=120.0, help="seconds any one wait may take (%(default)s)")
    smoke.add_argument("--poll", type=float, default=0.5, help="seconds between polls (%(default)s)")
    smoke.add_argument("--only", help="a comma-separated list of journeys: " + ", ".join(j.name for j in JOURNEYS))
    smoke.set_defaults(func=cmd_smoke)
