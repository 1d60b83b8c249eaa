"""P3 on the LINE channel's queues: the event queue and the dead-letter queue (which keeps a
message 14 days) carry the user's words sealed with their data key, never readable; the worker
opens them and answers as before; once the user is erased, every copy still on a queue opens for
nobody and the worker drops a redriven one without running anything, and the receipt names what
expires on its own and when, from the deployment's settings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engram.adapters.crypto.cipher import TEXT_MARK
from engram.adapters.lambda_context import LocalContext
from engram.kernel.keys import SessionKey
from engram.line.models import UserSource, line_user
from engram.local.line_standin import LineStandIn
from engram.local.sqs import LocalSqsDelivery, sqs_record
from engram.privacy.models import ErasureScope
from engram.settings import Settings
from functions.line_worker.handler import lambda_handler as worker_handler
from tests.integration.test_line import USER, Line, _line, _text
from tests.integration.test_line import standin as standin  # the stand-in fixture

SECRET = "My neighbour Wilhelmina keeps my spare key under the blue flowerpot."
WORDS = ("Wilhelmina", "flowerpot", "spare key")
LINE_USER = str(line_user(UserSource.model_validate({"type": "user", "userId": USER})))  # whose memory it is


class Recording(LocalSqsDelivery):
    """The local delivery, keeping every message body it was given (what SQS would hold)."""

    def __init__(self) -> None:
        super().__init__(handler=worker_handler, max_receives=3)
        self.bodies: list[str] = []

    def submit(self, job: dict[str, Any]) -> None:
        self.bodies.append(json.dumps(job, ensure_ascii=False))
        super().submit(job)


@pytest.fixture
def line(make_container: Any, settings: Settings, standin: LineStandIn) -> Iterator[Line]:
    # a deployment's own windows: the receipt names these, not prose
    for made in _line(make_container, settings, standin, dead_letter_retention_days=9, table_pitr_days=0):
        made.delivery = Recording()
        from functions.line_webhook import handler as webhook_handler

        webhook_handler.use_webhook(made.c.line_webhook(made.delivery))
        yield made


def _readable(text: str) -> list[str]:
    return [w for w in WORDS if w in text]


def test_queue_and_dead_letter_messages_carry_the_words_sealed_and_erasure_shreds_them(line: Line) -> None:
    line.standin.state.fail("/v2/bot/message/reply", (500, None), (500, None), (500, None))
    # and the push it falls back to when a slow run outlives the reply token
    line.standin.state.fail("/v2/bot/message/push", (500, None), (500, None), (500, None))
    line.send(_text(SECRET, line.standin.state.issue_reply_token()))
    delivery: Recording = line.delivery  # type: ignore[assignment]
    assert delivery.bodies, "the event was queued"
    for body in delivery.bodies:
        assert _readable(body) == [] and TEXT_MARK in body, body
    # the worker opened it: the turn ran and its reply, refused by LINE, went to the dead letters
    key = SessionKey("default", LINE_USER, "line", "line")
    assert [t.user_text for t in line.c.conversation.store.load(key, 10, line.c.clock.now()).recent] == [SECRET]
    (dead,) = line.dead
    held = json.dumps(dead, ensure_ascii=False)
    assert _readable(held) == [] and TEXT_MARK in held  # neither the event nor the kept reply
    opened = line.c.line_payloads.open(json.loads(held))
    assert opened is not None and opened["job"]["event"]["message"]["text"] == SECRET and opened["job"]["reply"]

    # The user is erased: the data key goes, and with it every copy still on a queue.
    c = line.c
    c.erasure_trigger = lambda: None
    request, token = c.erasure_service.request("default", LINE_USER, ErasureScope.ALL, "user")
    c.erasure_service.confirm("default", LINE_USER, request.request_id, token)
    assert c.erasure_job.run()["requests_completed"] == 1
    assert c.line_payloads.open(json.loads(held)) is None
    receipt = c.erasure_service.get("default", LINE_USER, request.request_id).receipt
    assert receipt is not None
    left = receipt["expires_on_its_own"]  # what expires on its own, and when
    assert left["dead_letter_queues"]["days"] == 9 and "opens for nobody" in left["dead_letter_queues"]["holds"]
    assert left["dead_letter_queues"]["until"] == receipt["completed_at"] + 9 * 86_400
    assert left["line_event_queue"]["days"] == c.settings.line_queue_retention_days
    assert "table_point_in_time_recovery" not in left  # PITR off in this deployment: no such copy
    assert all(c.line_payloads.open(json.loads(b)) is None for b in delivery.bodies)
    before = len(line.standin.state.calls)
    answer = worker_handler({"Records": [sqs_record(json.loads(held), "g", "redrive")]}, LocalContext())
    assert answer == {"batchItemFailures": []}  # dropped, not retried
    assert len(line.standin.state.calls) == before and not line.sent  # nothing was sent
    assert not c.conversation.store.load(key, 10, c.clock.now()).recent  # no turn ran
