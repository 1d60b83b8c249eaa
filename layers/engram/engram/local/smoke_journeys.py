"""The smoke suite's journeys: what a chatbot and its users do with a fresh deployment, each through
the public HTTP API alone, each in a persona (and, on the smoke's own stack, a user) of its own.
A journey returns the detail its table row shows, or raises JourneyFailed / JourneySkipped."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from engram.local.erasure_verify import signature_ok
from engram.local.smoke_http import Api, JourneyFailed, JourneySkipped, check, download, wait_for

PREFIX = "smoke-"  # every persona (and minted user) the suite makes starts so; the erasure guard relies on it
CLEANUP_WAIT_S = 30.0
# L10's default cap is 5: a user of unknown plan is probed one past it, a known free one further
# (a deployment may set ENGRAM_FREE_PLAN_ACTIVE_LIMIT higher)
UNKNOWN_PLAN_PROBE = 6
FREE_PLAN_PROBE = 50
THINGS = ("green tea", "hiking boots", "a blue bicycle", "jazz records", "sourdough bread", "window seats", "chess")


@dataclass(frozen=True, slots=True)
class Credential:
    token: str
    user: str  # shown in the table's heading ("" when the token does not say)
    free: bool | None  # the token's plan: free, not free, or unknown (the deployment's default)


@dataclass(frozen=True, slots=True)
class SmokeConfig:
    timeout_s: float = 120.0  # every wait: indexing, the export, the erasure
    poll_s: float = 0.5
    line_channel: str = "local"
    public_key_pem: str | None = None  # the deployment's receipt key; None: the signature cannot be checked
    public_key_source: str = ""
    allow_file_links: bool = False  # the stack is on this machine: its export links are file:// URLs
    run_erasure_now: Callable[[], None] | None = None  # the smoke's own stack: no 15-minute schedule


@dataclass
class Trip:
    """One journey's run: its ids, its API client, and the cleanups it registered."""

    name: str
    api: Api
    credential: Credential
    persona: str
    session: str
    suffix: str
    config: SmokeConfig
    cleanups: list[Callable[[], str | None]] = field(default_factory=list)

    @property
    def session_path(self) -> str:
        return f"/v1/personas/{self.persona}/sessions/{self.session}"

    def writes_persona(self) -> None:
        """Called before the journey's first write: its persona is deleted afterwards."""
        if not self.cleanups:
            self.cleanups.append(self._delete_persona)

    def _delete_persona(self) -> str | None:
        reply = self.api.call("DELETE", f"/v1/personas/{self.persona}")
        if reply.status != 200:
            return f"cleanup: DELETE persona answered {reply.status} ({reply.error})"
        if reply.body.get("state") == "completed":
            return None
        request = f"/v1/me/erasure/{reply.body['request_id']}"
        try:
            wait_for(
                lambda: True if self.api.expect(200, "GET", request).get("state") == "completed" else None,
                what="cleanup: the persona deletion",
                timeout_s=min(self.config.timeout_s, CLEANUP_WAIT_S),
                poll_s=self.config.poll_s,
                nudge=self.config.run_erasure_now,
            )
        except JourneyFailed as exc:
            return str(exc)
        return None


# --- M1: chat, context, turns, session end ------------------------------------------------


def chat(t: Trip) -> str:
    t.writes_persona()
    message = f"Hello, this is the smoke test {t.suffix}. I drink green tea every morning."
    body = t.api.expect(200, "POST", t.session_path + "/chat", {"message": message})
    check(body.get("status") == "completed" and bool(body.get("reply")), f"no reply: {json.dumps(body)[:120]}")
    session = t.api.expect(200, "GET", t.session_path)
    check(session["turn_count"] == 1, f"the session holds {session['turn_count']} rounds, not 1")
    gate = body["gate"]["decision"]
    return f"reply from {body['model']} in {body['latency_ms']:.0f} ms, gate {gate}; round stored"


def context(t: Trip) -> str:
    message = f"What do I like to drink? ({t.suffix})"
    body = t.api.expect(200, "POST", t.session_path + "/context", {"message": message})
    messages = body["messages"]
    check(messages[0]["role"] == "system", "the prompt does not start with the system policy")
    check(messages[-1] == {"role": "user", "content": message}, "the prompt does not end with the input")
    check(body["total_tokens"] > 0, "the prompt counts no tokens")
    session = t.api.call("GET", t.session_path)
    stored = session.body.get("turn_count", 0) if session.status == 200 else 0
    check(stored == 0, f"asking for the context stored {stored} rounds")
    return f"{len(messages)} messages, {body['total_tokens']} tokens ({body['encoding']}); no round stored"


def turns(t: Trip) -> str:
    t.writes_persona()
    turn = {"user": "I walked two kilometres today.", "assistant": "Great progress!", "idempotency_key": t.suffix}
    first = t.api.expect(200, "POST", t.session_path + "/turns", turn)
    check(first["turn"]["seq"] == 1 and not first["duplicate"], f"the first round: {json.dumps(first)[:120]}")
    again = t.api.expect(200, "POST", t.session_path + "/turns", turn)
    check(again["duplicate"] and again["turn_count"] == 1, "the same idempotency key stored a second round")
    session = t.api.expect(200, "GET", t.session_path)
    check(any(r["user"] == turn["user"] for r in session["recent"]), "the round is not in the session's window")
    return "round 1 recorded and in the window; its repeat deduplicated"


def session_end(t: Trip) -> str:
    t.writes_persona()
    rounds = (
        ("My sister Mei visits next weekend.", "How nice!"),
        ("We will bake sourdough bread together.", "Sounds delicious."),
        ("I am a bit nervous about the oven.", "You will do fine."),
    )
    for user, assistant in rounds:
        t.api.expect(200, "POST", t.session_path + "/turns", {"user": user, "assistant": assistant})
    ended = t.api.expect(200, "POST", t.session_path + "/end")
    memory_id = ended.get("memory_id")
    check(ended["status"] == "ENDED" and bool(memory_id), f"no session memory: {json.dumps(ended)[:120]}")
    memory = t.api.expect(200, "GET", f"/v1/memories/{memory_id}")["memory"]
    check(memory["persona_id"] == t.persona, "the session memory is not in the session's persona")
    again = t.api.expect(200, "POST", t.session_path + "/end")
    check(again["already_ended"] and again["memory_id"] == memory_id, "ending again made another session memory")
    return f"session memory {memory_id} ({ended['emotion']}, importance {ended['importance']}/10, {ended['model']})"


# --- M2: memories ---------------------------------------------------------------------------


def _create(t: Trip, summary: str, **extra: Any) -> dict[str, Any]:
    t.writes_persona()
    memory = {"persona_id": t.persona, "summary": summary, **extra}
    body: dict[str, Any] = t.api.expect(201, "POST", "/v1/memories", memory)
    return body


def memory_crud(t: Trip) -> str:
    text = f"Smoke test {t.suffix} prefers window seats"
    created = _create(t, text, type="preference")["memory"]
    path = f"/v1/memories/{created['memory_id']}"
    check(created["version"] == 1, f"a new memory has version {created['version']}")
    read = t.api.expect(200, "GET", path)["memory"]
    check(read["content"] == text, f"read back {read['content']!r}")
    edited = t.api.expect(200, "PATCH", path, {"version": 1, "summary": text + " on long flights"})["memory"]
    check(edited["version"] == 2 and edited["content"].endswith("on long flights"), "the edit did not land")
    stale = t.api.call("PATCH", path, {"version": 1, "importance": 0.9})
    check(stale.status == 409, f"an edit of a stale version answered {stale.status}, not 409 CONFLICT")
    deleted = t.api.expect(200, "DELETE", path)
    check(deleted["deleted"] is True, "the delete did not say deleted")
    gone = t.api.call("GET", path)
    check(gone.status == 404, f"a deleted memory reads {gone.status}, not 404")
    return "created v1, read, edited to v2, stale edit 409, deleted, then 404"


def _word(suffix: str) -> str:
    """A made-up word unique to this run: only letters, so every tokenizer keeps it whole."""
    return "smokeq" + "".join(chr(ord("a") + int(c, 16)) for c in suffix)


def search(t: Trip) -> str:
    word = _word(t.suffix)
    memory_id = _create(t, f"The smoke test's secret fruit is called {word}.")["memory"]["memory_id"]
    query = f"/v1/memories/search?q={word}&persona_id={t.persona}"

    def found() -> float | None:
        results = t.api.expect(200, "GET", query)["results"]
        hit = next((r for r in results if r["memory"]["memory_id"] == memory_id), None)
        return float(hit["score"] or 0.0) if hit is not None else None

    score, polls = wait_for(found, what="the memory in search", timeout_s=t.config.timeout_s, poll_s=t.config.poll_s)
    return f"found by keyword after {polls} poll(s), score {score:.2f}"


def plan_warning(t: Trip) -> str:
    """L10: over the free plan's cap the API archives the lowest importance and says so
    (`warning.code` MEMORY_LIMIT_REACHED with the ids), or refuses with that code."""
    if t.credential.free is False:
        raise JourneySkipped("the token's plan is paid (no cap): give FREE_TOKEN= a free-plan user's token")
    probe = FREE_PLAN_PROBE if t.credential.free else UNKNOWN_PLAN_PROBE
    for n in range(1, probe + 1):
        thing = THINGS[n % len(THINGS)]
        body = {"persona_id": t.persona, "summary": f"Smoke note {n} ({t.suffix}): likes {thing}", "importance": 0.5}
        t.writes_persona()
        reply = t.api.call("POST", "/v1/memories", body)
        if reply.status != 201:
            if reply.error.startswith("MEMORY_LIMIT_REACHED"):
                return f"memory {n} refused: {reply.error}"
            raise JourneyFailed(f"POST /v1/memories answered {reply.status} ({reply.error})")
        warning = next((w for w in reply.body.get("warnings", []) if w["code"] == "MEMORY_LIMIT_REACHED"), None)
        if warning is None:
            continue
        archived = warning.get("archived") or []
        check(bool(archived), "MEMORY_LIMIT_REACHED names no archived memory")
        check(reply.body["memory"]["status"] == "active", "the new memory was archived, not an older one")
        old = t.api.expect(200, "GET", f"/v1/memories/{archived[0]}")["memory"]
        check(old["status"] == "archived", f"the memory the warning names is {old['status']}")
        return f"memory {n}: MEMORY_LIMIT_REACHED, {len(archived)} archived ({archived[0]})"
    if t.credential.free:
        raise JourneyFailed(f"no MEMORY_LIMIT_REACHED after {probe} memories on the free plan")
    raise JourneySkipped(
        f"no cap after {probe} memories (an unlimited plan, or a higher cap): give FREE_TOKEN= a free-plan token"
    )


# --- P2 export, P1 erasure -----------------------------------------------------------------


def export(t: Trip) -> str:
    text = f"Smoke test {t.suffix} keeps a copy of everything"
    memory_id = _create(t, text)["memory"]["memory_id"]
    started = t.api.expect(201, "POST", "/v1/me/exports")
    path = f"/v1/me/exports/{started['export_id']}"

    def finished() -> dict[str, Any] | None:
        state: dict[str, Any] = t.api.expect(200, "GET", path)
        return None if state["state"] == "processing" else state

    done, _ = wait_for(finished, what="the export", timeout_s=t.config.timeout_s, poll_s=t.config.poll_s)
    check(done["state"] == "completed" and bool(done["url"]), f"the export ended {done['state']}")
    document = json.loads(download(done["url"], t.config.allow_file_links))
    memories = json.dumps(document.get("stores", {}).get("memories", []), ensure_ascii=False)
    check(memory_id in memories and text in memories, "the document does not hold the memory just created")
    return f"{done['items']} items, downloaded from its {urlsplit(done['url']).scheme} link; holds the memory"


def _foreign_personas(document: dict[str, Any]) -> set[str]:
    """Personas in the export that no smoke run made."""
    personas = {
        str(item["persona_id"])
        for items in document.get("stores", {}).values()
        for item in items
        if isinstance(item, dict) and item.get("persona_id")
    }
    return {p for p in personas if not p.startswith(PREFIX)}


def erasure(t: Trip) -> str:
    """Erases the token's whole user, so first makes sure it is a test user: nothing outside the
    smoke's own personas (a real user's token is refused, not erased)."""
    held = t.api.call("GET", "/v1/me/export")
    if held.status != 200:
        raise JourneyFailed(f"refusing to erase: the user's export answered {held.status} ({held.error})")
    foreign = _foreign_personas(held.body)
    if foreign:
        raise JourneyFailed(
            "refusing to erase: the token's user holds personas the smoke did not make "
            f"({', '.join(sorted(foreign))}); use a dedicated test user"
        )
    memory_id = _create(t, f"Smoke test {t.suffix} will be erased")["memory"]["memory_id"]
    t.api.expect(200, "POST", t.session_path + "/turns", {"user": "Please forget me.", "assistant": "Understood."})
    created = t.api.expect(201, "POST", "/v1/me/erasure", {"scope": "all"})
    request = f"/v1/me/erasure/{created['request_id']}"
    t.api.expect(200, "POST", request + "/confirm", {"token": created["confirmation_token"]})

    def completed() -> dict[str, Any] | None:
        state: dict[str, Any] = t.api.expect(200, "GET", request)
        if state["state"] == "failed":
            raise JourneyFailed(f"the erasure failed: {state.get('error')}")
        return state if state["state"] == "completed" else None

    done, polls = wait_for(
        completed,
        what="the erasure",
        timeout_s=t.config.timeout_s,
        poll_s=t.config.poll_s,
        nudge=t.config.run_erasure_now,
    )
    t.cleanups.clear()  # the erasure took the persona with everything else
    receipt = done["receipt"]
    check(bool(receipt) and receipt["request_id"] == created["request_id"], "the completed erasure has no receipt")
    left = {name: s["remaining"] for name, s in receipt["stores"].items() if s.get("remaining")}
    check(not left, f"the receipt says items remain: {left}")
    check(receipt["stores"]["memories"]["found"] >= 1, "the receipt found none of the user's memories")
    gone = t.api.call("GET", f"/v1/memories/{memory_id}")
    check(gone.status == 404, f"an erased memory reads {gone.status}, not 404")
    if t.config.public_key_pem is None:
        raise JourneyFailed(
            "completed, but the receipt's signature was not checked: give PUBLIC_KEY= the deployment's "
            "receipt key (docs/deploy.md)"
        )
    check(
        signature_ok(receipt, t.config.public_key_pem),
        f"the receipt's signature is not valid for {t.config.public_key_source}",
    )
    erased = sum(s["deleted"] + s["anonymized"] for s in receipt["stores"].values())
    key = t.config.public_key_source
    return f"completed after {polls} poll(s), {erased} items erased; receipt signature valid ({key})"


# --- W1: the LINE webhook ----------------------------------------------------------------------


def line_webhook(t: Trip) -> str:
    body = json.dumps({"destination": "U" + "0" * 32, "events": []}).encode()
    # well formed, but not made with the channel's secret
    signature = base64.b64encode(hmac.new(b"smoke-not-the-secret", body, hashlib.sha256).digest()).decode()
    anonymous = Api(t.api.base_url)  # LINE sends no bearer token: the signature is the authentication
    reply = anonymous.call(
        "POST", f"/line/webhook/{t.config.line_channel}", raw=body, headers={"x-line-signature": signature}
    )
    check(reply.status in (401, 403), f"a bad signature answered {reply.status}, not 401/403")
    error = reply.body.get("error") if isinstance(reply.body, dict) else None
    check(isinstance(error, dict) and bool(error.get("code")), f"no error body: {json.dumps(reply.body)[:120]}")
    return f"channel {t.config.line_channel!r}: {reply.status} {reply.error}"


@dataclass(frozen=True, slots=True)
class Journey:
    name: str
    run: Callable[[Trip], str]
    plan: str | None = None  # the plan its user needs


# The erasure comes last: with a given token it erases that user, the others' leftovers included.
JOURNEYS = (
    Journey("chat", chat),
    Journey("context", context),
    Journey("turns", turns),
    Journey("session-end", session_end),
    Journey("memory-crud", memory_crud),
    Journey("search", search),
    Journey("plan-warning", plan_warning, plan="free"),
    Journey("export", export),
    Journey("line-webhook", line_webhook),
    Journey("erasure", erasure),
)
