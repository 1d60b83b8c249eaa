"""W1–W3 / D2 / D3: the LINE channel against DynamoDB Local and the local Messaging API
stand-in. The webhook handler verifies the signature before anything else, keeps one turn per
webhookEventId however often LINE delivers it, queues the event (the local SQS delivery plays
the FIFO queue) and the line worker runs the turn and replies: reply token first, push when it
is spent, 429 retried after Retry-After, a reply LINE keeps refusing dead-lettered with its
event; voice transcribed once per message (OpenAI client against the stub), a polite reply
without a key; a group and a 1:1 chat are two sessions of one user's memory; unfollow ends the
session."""

from __future__ import annotations

import base64
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engram import runtime
from engram.adapters.lambda_context import LocalContext
from engram.conversation.models import SessionStatus
from engram.kernel.clock import ManualClock
from engram.kernel.keys import OwnerKey, SessionKey
from engram.line import samples
from engram.line.channels import LOCAL_SECRET
from engram.line.signature import sign, valid
from engram.local.line_standin import LineStandIn
from engram.local.sqs import LocalSqsDelivery
from engram.settings import Settings
from engram.wiring import Container
from engram.wiring.line import line_webhook
from functions.line_webhook import handler as webhook_handler
from functions.line_worker.handler import lambda_handler as worker_handler
from tests.support.indexing import sync_index
from tests.support.openai_stub import OpenAIStub

EVENTS = Path(__file__).parents[2] / "events" / "line"
USER = "U4af4980629e1b8f7c2d9a0b1c3e5f7a9"
LINE_USER = f"line:{USER}"  # whose memory it is: LINE's namespace
GROUP = "C1a2b3c4d5e6f708192a3b4c5d6e7f809"


class Line:
    """The local LINE setup: the stand-in, the webhook handler wired to the local queue."""

    def __init__(self, container: Container, standin: LineStandIn) -> None:
        self.c = container
        self.standin = standin
        self.delivery = LocalSqsDelivery(handler=worker_handler, max_receives=3)
        webhook_handler.use_webhook(container.line_webhook(self.delivery))

    def post(self, body: bytes, signature: str | None = "sign") -> dict[str, Any]:
        headers = {"content-type": "application/json"}
        if signature == "sign":
            signature = sign(LOCAL_SECRET, body)
        if signature is not None:
            headers["x-line-signature"] = signature
        event = {
            "version": "2.0",
            "rawPath": "/line/webhook/local",
            "headers": headers,
            "body": base64.b64encode(body).decode(),
            "isBase64Encoded": True,
            "requestContext": {"http": {"method": "POST", "path": "/line/webhook/local"}},
        }
        return dict(webhook_handler.lambda_handler(event, LocalContext()))

    def send(self, *events: dict[str, Any]) -> dict[str, Any]:
        return self.post(samples.body(list(events)))

    @property
    def sent(self) -> list[Any]:
        return list(self.standin.state.sent)

    @property
    def dead(self) -> list[dict[str, Any]]:
        return list(self.c.line_dead_letters.entries)  # type: ignore[attr-defined]


def _line(make_container: Any, settings: Settings, standin: LineStandIn, **update: Any) -> Iterator[Line]:
    s = settings.model_copy(
        update={"line_api_base": standin.url, "line_data_api_base": standin.url, "line_max_retry_wait_s": 2.0, **update}
    )
    c = make_container(s)
    runtime.set_container(c)
    try:
        yield Line(c, standin)
    finally:
        webhook_handler.use_webhook(None)
        runtime.set_container(None)


@pytest.fixture
def standin() -> Iterator[LineStandIn]:
    s = LineStandIn().start()
    yield s
    s.stop()


@pytest.fixture
def line(make_container: Any, settings: Settings, standin: LineStandIn) -> Iterator[Line]:
    yield from _line(make_container, settings, standin)


def _text(words: str, token: str | None, **kw: Any) -> dict[str, Any]:
    return samples.text(samples.source(USER, **kw.pop("src", {})), words, token, **kw)


# --- W1 signature ------------------------------------------------------------------------------


def test_the_signature_is_checked_on_the_raw_body() -> None:
    body = samples.body([_text("hello", "t")])
    good = sign(LOCAL_SECRET, body)
    assert valid(LOCAL_SECRET, body, good)
    assert not valid(LOCAL_SECRET, body.replace(b"hello", b"hellO"), good)  # tampered body
    assert not valid("another-channel-secret", body, good)  # wrong secret
    assert not valid(LOCAL_SECRET, body, None) and not valid(LOCAL_SECRET, body, "")  # missing header
    assert not valid(LOCAL_SECRET, b"", sign(LOCAL_SECRET, b""))  # empty body
    reserialised = json.dumps(json.loads(body), indent=2).encode()  # same JSON, other whitespace
    assert not valid(LOCAL_SECRET, reserialised, good)
    latin1 = b'{"events": [], "destination": "\xff\xfe"}'  # not UTF-8: still bytes to sign
    assert valid(LOCAL_SECRET, latin1, sign(LOCAL_SECRET, latin1))


@pytest.mark.parametrize("case", ["tampered", "wrong_secret", "missing", "empty", "not_utf8", "reserialised"])
def test_a_bad_signature_is_401_and_nothing_is_processed(line: Line, case: str) -> None:
    body = samples.body([_text("hello", line.standin.state.issue_reply_token())])
    signature: str | None = sign(LOCAL_SECRET, body)
    if case == "tampered":
        body = body.replace(b"hello", b"HELLO")
    elif case == "wrong_secret":
        signature = sign("not-this-channel", body)
    elif case == "missing":
        signature = None
    elif case == "empty":
        body, signature = b"", sign(LOCAL_SECRET, b"")
    elif case == "not_utf8":
        body = b"\xff\xfe" + body
    elif case == "reserialised":
        body = json.dumps(json.loads(body), indent=1).encode()
    answer = line.post(body, signature)
    assert answer["statusCode"] == 401 and json.loads(answer["body"])["error"]["code"] == "UNAUTHORIZED"
    assert not line.sent and not line.standin.state.calls


def test_the_sample_events_run_through_the_handler(line: Line) -> None:
    for name in ("text", "redelivery", "sticker", "follow", "postback", "group_text", "image", "audio", "unfollow"):
        sample = json.loads((EVENTS / f"{name}.json").read_text())
        for event in json.loads(sample["body"])["events"]:
            if event.get("replyToken"):
                line.standin.state.tokens[event["replyToken"]] = time.monotonic()
        answer = webhook_handler.lambda_handler(sample, LocalContext())
        assert answer["statusCode"] == 200, (name, answer)
    assert (
        json.loads(
            webhook_handler.lambda_handler(json.loads((EVENTS / "redelivery.json").read_text()), LocalContext())["body"]
        )["duplicates"]
        == 1
    )
    bad = webhook_handler.lambda_handler(json.loads((EVENTS / "bad_signature.json").read_text()), LocalContext())
    assert bad["statusCode"] == 401
    # text, sticker, follow, postback, group, image, and the voice message's "needs configuration"
    assert len([s for s in line.sent if s.kind == "reply"]) == 7


# --- D3 one turn per webhookEventId -----------------------------------------------------------------


def test_a_thousand_deliveries_of_one_event_make_one_turn_and_one_reply(line: Line) -> None:
    token = line.standin.state.issue_reply_token()
    first = _text("我今天早上有點喘，吸了藥好一點。", token)
    bodies = [samples.body([{**first, "deliveryContext": {"isRedelivery": n % 2 == 1}}]) for n in range(1_000)]
    answers: list[dict[str, Any]] = []
    lock = threading.Lock()

    def deliver(chunk: list[bytes]) -> None:
        for body in chunk:
            answer = line.post(body)
            with lock:
                answers.append(answer)

    threads = [threading.Thread(target=deliver, args=(bodies[n::20],)) for n in range(20)]  # 20 at once, 50 each
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == 1_000 and all(a["statusCode"] == 200 for a in answers)
    assert sum(json.loads(a["body"])["queued"] for a in answers) == 1
    assert [s.kind for s in line.sent] == ["reply"] and line.sent[0].to == token
    turns = line.c.conversation.store.load(
        SessionKey("default", LINE_USER, "line", "line"), 10, line.c.clock.now()
    ).recent
    assert [t.user_text for t in turns] == ["我今天早上有點喘，吸了藥好一點。"]


# --- W2 replies -----------------------------------------------------------------------------------


def test_an_expired_reply_token_falls_back_to_a_push(line: Line) -> None:
    line.standin.state.reply_token_ttl_s = 0.0  # every token is spent by the time the turn is done
    line.send(_text("Can you remind me about my inhaler?", line.standin.state.issue_reply_token()))
    (sent,) = line.sent
    assert sent.kind == "push" and sent.to == USER and sent.retry_key and sent.texts[0]


def test_429_is_retried_after_retry_after(line: Line) -> None:
    line.standin.state.fail("/v2/bot/message/reply", (429, "1"))
    line.send(_text("How are you today?", line.standin.state.issue_reply_token()))
    calls = [t for p, t in line.standin.state.calls if p == "/v2/bot/message/reply"]
    assert len(calls) == 2 and calls[1] - calls[0] >= 1.0
    assert [s.kind for s in line.sent] == ["reply"] and not line.dead


def test_a_reply_that_keeps_failing_goes_to_the_dead_letter_queue_with_its_event(line: Line) -> None:
    line.standin.state.fail("/v2/bot/message/reply", (500, None), (500, None), (500, None))
    event = _text("I feel dizzy after the new pills.", line.standin.state.issue_reply_token())
    line.send(event)
    assert not line.sent
    (sealed,) = line.dead
    dead = line.c.line_payloads.open(sealed)  # P3: kept sealed with the user's data key
    assert dead is not None
    assert dead["job"]["event"] == event and dead["job"]["channel"] == "local"  # what a replay needs
    assert dead["job"]["reply"]  # and the answer that could not be sent
    assert "LineUnavailable" in dead["reason"]
    turns = line.c.conversation.store.load(
        SessionKey("default", LINE_USER, "line", "line"), 10, line.c.clock.now()
    ).recent
    assert [t.user_text for t in turns] == ["I feel dizzy after the new pills."]  # the turn itself is kept


def test_a_dead_letter_redriven_to_the_queue_sends_its_kept_reply_once(line: Line) -> None:
    """SQS redrive moves the DLQ's entries back to the LINE queue as they are: the worker takes
    the kept reply and sends it (a push: the reply token is spent), runs no second turn, and a
    second redrive of the same entry sends nothing more."""
    line.standin.state.fail("/v2/bot/message/reply", (500, None), (500, None), (500, None))
    event = _text("I feel dizzy after the new pills.", line.standin.state.issue_reply_token())
    line.send(event)
    (dead,) = line.dead
    redriven = json.loads(json.dumps(dead))  # as the DLQ holds it: the message body (sealed)
    handler = line.c.line_turns
    opened = line.c.line_payloads.open(redriven)  # as the worker opens what the queue carries
    assert opened is not None
    handler.handle(opened)
    (sent,) = line.sent  # with the reply token while it lasts, else a push with its retry key
    assert sent.kind in ("reply", "push") and sent.texts == opened["job"]["reply"]
    handler.handle(opened)  # redriven twice (or a redelivery): sent once
    assert len(line.sent) == 1 and len(line.dead) == 1
    turns = line.c.conversation.store.load(
        SessionKey("default", LINE_USER, "line", "line"), 10, line.c.clock.now()
    ).recent
    assert [t.user_text for t in turns] == ["I feel dizzy after the new pills."]  # no second turn


def test_the_worker_takes_a_batch_with_a_job_and_a_redriven_dead_letter(line: Line) -> None:
    """events/line/worker_queue.json, as the LINE queue delivers it to the worker: a new event's
    job (a turn, then its reply) and a dead letter an SQS redrive moved back (its kept reply only)."""
    sample = json.loads((EVENTS / "worker_queue.json").read_text())
    answer = worker_handler(sample, LocalContext())
    assert answer == {"batchItemFailures": []}
    # the samples' reply tokens were never issued by the stand-in: both replies go out as pushes
    assert sorted((s.kind, s.to) for s in line.sent) == [("push", USER), ("push", "U9b8a7c6d5e4f30211a2b3c4d5e6f7a8b")]
    kept = json.loads(sample["Records"][1]["body"])["job"]["reply"]
    assert [s.texts for s in line.sent if s.to != USER] == [kept]
    now = line.c.clock.now()
    assert len(line.c.conversation.store.load(SessionKey("default", LINE_USER, "line", "line"), 10, now).recent) == 1
    other = SessionKey("default", "line:U9b8a7c6d5e4f30211a2b3c4d5e6f7a8b", "line", "line")
    assert not line.c.conversation.store.load(other, 10, now).recent  # the redrive ran no turn


def test_long_replies_respect_lines_limits() -> None:
    from engram.line.turns import line_messages

    parts = line_messages(("一二三四五六七八九十。" * 800) + "end")
    assert len(parts) <= 5 and all(len(p) <= 5_000 for p in parts)
    assert line_messages("short") == ["short"]
    huge = line_messages("x" * 40_000)
    assert len(huge) == 5 and huge[-1].endswith("…")


def test_a_sticker_is_acknowledged_in_the_users_language(line: Line) -> None:
    line.send(_text("今朝は少し咳が出ました。", line.standin.state.issue_reply_token()))
    sticker = samples.event(
        "message",
        samples.source(USER),
        line.standin.state.issue_reply_token(),
        message={"type": "sticker", "id": "9", "packageId": "446", "stickerId": "1988"},
    )
    line.send(sticker)
    assert "受け取りました" in line.sent[-1].texts[0]


# --- sessions ---------------------------------------------------------------------------------------


def test_a_group_and_a_one_to_one_chat_are_two_sessions_of_one_users_memory(line: Line) -> None:
    group = {"group_id": GROUP}
    line.send(_text("My dog Coco is a shiba inu.", line.standin.state.issue_reply_token(), src=group))
    line.send(_text("What should I cook tonight?", line.standin.state.issue_reply_token()))
    now = line.c.clock.now()
    in_group = line.c.conversation.store.load(SessionKey("default", LINE_USER, "line", f"line-group-{GROUP}"), 10, now)
    one_to_one = line.c.conversation.store.load(SessionKey("default", LINE_USER, "line", "line"), 10, now)
    assert [t.user_text for t in in_group.recent] == ["My dog Coco is a shiba inu."]
    assert [t.user_text for t in one_to_one.recent] == ["What should I cook tonight?"]
    assert line.standin.state.loading == [USER]  # the loading animation: the 1:1 chat only
    # long-term memory is the LINE user's, whichever chat it came from or is used in
    line.c.memory_service.create(OwnerKey("default", LINE_USER), "line", summary="My dog Coco is a shiba inu.")
    sync_index(line.c, OwnerKey("default", LINE_USER))
    for session in (f"line-group-{GROUP}", "line"):
        _, _, slot = line.c.conversation.context(
            SessionKey("default", LINE_USER, "line", session), "What is my dog's name?"
        )
        assert any("Coco" in item.text for item in slot.items), session


def test_unfollow_ends_the_session_and_deletes_nothing(line: Line, clock: ManualClock) -> None:
    line.send(_text("I walked for twenty minutes today.", line.standin.state.issue_reply_token()))
    line.send(samples.event("unfollow", samples.source(USER)))
    key = SessionKey("default", LINE_USER, "line", "line")
    meta = line.c.conversation.store.get_meta(key, clock.now())
    assert meta is not None and meta.status == SessionStatus.ENDED
    logged, _ = line.c.conversation.store.log_page(key, clock.now(), 10)
    assert [r.turn.user_text for r in logged] == ["I walked for twenty minutes today."]
    memories = line.c.memory_service.list(OwnerKey("default", LINE_USER)).items
    assert any(m.origin.value == "session" for m in memories)  # its session memory was made


# --- D2 voice ---------------------------------------------------------------------------------------


def test_voice_without_a_speech_model_gets_a_polite_reply(line: Line) -> None:
    line.send(_text("我最近睡不太好。", line.standin.state.issue_reply_token()))
    line.send(samples.audio(samples.source(USER), "7001", line.standin.state.issue_reply_token()))
    assert "語音" in line.sent[-1].texts[0]  # in the user's language, and no transcript was made up


def test_racing_voice_duplicates_are_transcribed_once(
    make_container: Any, openai_settings: Settings, openai_stub: OpenAIStub, standin: LineStandIn
) -> None:
    for line in _line(make_container, openai_settings, standin):
        voice = "我今天早上走路的時候有點喘。"
        standin.state.contents["7002"] = voice.encode()
        openai_stub.state.delay_s = 0.3  # a slow model: the duplicate arrives while the first runs
        events = [samples.audio(samples.source(USER), "7002", standin.state.issue_reply_token()) for _ in range(2)]
        threads = [threading.Thread(target=line.send, args=(e,)) for e in events]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(openai_stub.state.calls("/v1/audio/transcriptions")) == 1
        assert len(line.sent) == 2  # the answer, and "still listening" (or the same answer)
        turns = line.c.conversation.store.load(SessionKey("default", LINE_USER, "line", "line"), 10, line.c.clock.now())
        assert [t.user_text for t in turns.recent] == [voice]


def test_a_batch_claims_its_events_at_once_and_overlapping_batches_share_nothing(line: Line) -> None:
    """Ten chats in one body: one transaction claims them all. Batches that overlap (LINE resends
    a batch while another carries some of its events, or one body repeats an event) still make
    exactly one turn per webhookEventId."""
    token = line.standin.state.issue_reply_token
    events = [samples.text(samples.source(f"U{n:032d}"), f"Good morning from chat {n}.", token()) for n in range(10)]
    first = json.loads(line.post(samples.body([*events[:6], events[0]]))["body"])
    assert first == {"queued": 6, "duplicates": 1, "ignored": 0}
    bodies = [samples.body(events[3:]), samples.body(events[5:] + events[:2]), samples.body(events)]
    answers: list[dict[str, Any]] = []
    threads = [threading.Thread(target=lambda b=b: answers.append(json.loads(line.post(b)["body"]))) for b in bodies]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(a["queued"] for a in answers) == 4  # events 6..9, once
    assert sorted(s.to for s in line.sent if s.kind == "reply") == sorted(e["replyToken"] for e in events)


class _Refusing:
    """The event queue refusing what `refuse` names (SendMessageBatch's Failed entries): the
    rest goes to the real local delivery. The jobs arrive sealed (P3): `line` opens them."""

    def __init__(self, inner: LocalSqsDelivery, refuse: set[str], line: Line) -> None:
        self.inner, self.refuse, self.calls, self.line = inner, refuse, 0, line

    def submit(self, job: dict[str, Any]) -> None:
        self.inner.submit(job)

    def submit_all(self, jobs: list[dict[str, Any]]) -> list[bool]:
        self.calls += 1
        events = [(self.line.c.line_payloads.open(job) or {})["event"] for job in jobs]
        done = [event["webhookEventId"] not in self.refuse for event in events]
        for job, ok in zip(jobs, done, strict=True):
            if ok:
                self.inner.submit(job)
        return done


def test_events_the_queue_refused_are_redelivered_in_order_and_none_twice(line: Line) -> None:
    """A batch is queued in rounds (every chat's first event in one request, then the next ones).
    When the queue refuses an event, that event and the rest of its chat drop their markers and
    the answer is 503, so LINE's redelivery queues them, in order; the other chats' events stay
    queued and are not run twice."""
    token = line.standin.state.issue_reply_token
    chat_a = [samples.text(samples.source("U" + "a" * 32), f"A{n}: 我今天走了{n}公里。", token()) for n in range(3)]
    chat_b = [samples.text(samples.source("U" + "b" * 32), "B: good morning", token())]
    body = samples.body([*chat_a, *chat_b])
    refusing = _Refusing(line.delivery, {chat_a[1]["webhookEventId"]}, line)
    webhook_handler.use_webhook(line_webhook(line.c.settings, line.c.clock, refusing))
    answer = line.post(body)
    assert answer["statusCode"] == 503 and json.loads(answer["body"])["error"]["code"] == "STORE_UNAVAILABLE"
    assert refusing.calls == 2  # A0 + B0 in one request, then A1 (refused): A2 is never sent
    replied = {s.to for s in line.sent if s.kind == "reply"}
    assert replied == {chat_a[0]["replyToken"], chat_b[0]["replyToken"]}

    refusing.refuse.clear()  # LINE redelivers the same body
    again = json.loads(
        line.post(samples.body([{**e, "deliveryContext": {"isRedelivery": True}} for e in [*chat_a, *chat_b]]))["body"]
    )
    assert again == {"queued": 2, "duplicates": 2, "ignored": 0}
    key = SessionKey("default", "line:U" + "a" * 32, "line", "line")
    texts = [t.user_text for t in line.c.conversation.get_session(key).recent]
    assert texts == [e["message"]["text"] for e in chat_a]  # every round once, in order


def test_a_batch_of_one_event_per_chat_is_queued_in_one_request(line: Line) -> None:
    token = line.standin.state.issue_reply_token
    events = [samples.text(samples.source(f"U{n:032d}"), f"morning {n}", token()) for n in range(10)]
    counting = _Refusing(line.delivery, set(), line)
    webhook_handler.use_webhook(line_webhook(line.c.settings, line.c.clock, counting))
    assert json.loads(line.post(samples.body(events))["body"])["queued"] == 10
    assert counting.calls == 1


def test_sqs_batch_queue_sends_one_request_and_reports_failed_entries() -> None:
    import boto3
    from botocore.stub import ANY, Stubber

    from engram.adapters.queues import SqsFifoQueue

    client = boto3.client("sqs", region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x")
    jobs = [{"kind": "line_event", "n": n, "group": f"g{n % 2}", "dedup": f"d{n}"} for n in range(12)]
    with Stubber(client) as stub:
        stub.add_response(
            "send_message_batch",
            {
                "Successful": [
                    {"Id": str(n), "MessageId": f"m{n}", "MD5OfMessageBody": "x"} for n in range(10) if n != 3
                ],
                "Failed": [{"Id": "3", "SenderFault": False, "Code": "InternalError"}],
            },
            {"QueueUrl": "https://sqs.example/q.fifo", "Entries": ANY},
        )
        stub.add_response(
            "send_message_batch",
            {
                "Successful": [
                    {"Id": "0", "MessageId": "m", "MD5OfMessageBody": "x"},
                    {"Id": "1", "MessageId": "m", "MD5OfMessageBody": "x"},
                ],
                "Failed": [],
            },
            {"QueueUrl": "https://sqs.example/q.fifo", "Entries": ANY},
        )
        done = SqsFifoQueue("https://sqs.example/q.fifo", "us-east-1", client=client).submit_all(jobs)
        stub.assert_no_pending_responses()
    assert done == [n != 3 for n in range(12)]
