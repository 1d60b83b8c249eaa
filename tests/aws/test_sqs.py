"""SQS FIFO: the LINE event queue, the turn queue and the LINE dead-letter queue, built in moto
from the dev stack's template, driven through the adapters the functions build
(`event_queue_for`, `build_container`'s SqsFifoQueue, `SqsDeadLetters`)."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from engram.adapters.line_dead_letters import SqsDeadLetters
from engram.adapters.queues import SqsFifoQueue, message_body
from engram.conversation.post_turn import access_job
from engram.kernel.keys import OwnerKey
from engram.line import samples
from engram.line.channels import LineChannel
from engram.line.webhook import EVENTS, LineWebhook
from engram.wiring.line import event_queue_for
from tests.aws.conftest import Clients, settings_from
from tests.aws.moto_endpoint import MotoEndpoint
from tests.aws.stack_template import StackInMoto, logical_id

CHANNEL = LineChannel("respira", "respira", "nurse", "zh-TW", "secret", "token")
FIFO_QUEUES = {  # logical id prefix in the template -> its dead-letter queue's
    "TurnQueueTurns": "TurnQueueDeadLetters",
    "LineEvents": "LineDeadLetters",
}

# LINE user ids as LINE makes them (U + 32 lowercase hex, W4)
ANN, BOB, CAT, ODD = (f"U{c * 32}" for c in "abcd")


def line_job(user: str, words: str, event_id: str | None = None) -> dict[str, Any]:
    """The job the webhook queues for one LINE text event (its own job builder)."""
    raw = samples.text(samples.source(user), words, "reply-token", webhook_event_id=event_id)
    return LineWebhook._job(CHANNEL, raw, EVENTS.validate_python(raw))


def drain(clients: Clients, url: str) -> list[dict[str, Any]]:
    """Every message, received the way the Lambda poller does: a batch, deleted, the next batch."""
    sqs, received = clients("sqs"), []
    while True:
        batch = sqs.receive_message(
            QueueUrl=url, MaxNumberOfMessages=10, AttributeNames=["MessageGroupId", "MessageDeduplicationId"]
        ).get("Messages", [])
        if not batch:
            return received
        for message in batch:
            received.append(message)
            sqs.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])


def texts_by_group(messages: list[dict[str, Any]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for message in messages:
        job = json.loads(message["Body"])
        out.setdefault(message["Attributes"]["MessageGroupId"], []).append(job["event"]["message"]["text"])
    return out


@pytest.fixture
def line_queue(stack: StackInMoto) -> tuple[SqsFifoQueue, str]:
    env = stack.environment("LineLineWebhookFunction", "ENGRAM_LINE_QUEUE_URL")
    queue = event_queue_for(settings_from(env))
    assert isinstance(queue, SqsFifoQueue)
    return queue, env["ENGRAM_LINE_QUEUE_URL"]


def test_the_stack_queues_are_fifo_with_the_dedup_the_adapters_rely_on(stack: StackInMoto, clients: Clients) -> None:
    """The producers always send a MessageDeduplicationId (content-based dedup off: two equal
    texts are two turns) unique only within its group (a turn job's is `t-{generation}-{seq}`),
    so the queues must deduplicate per message group — and moto takes the stack's attributes."""
    for queue, dead_letters in FIFO_QUEUES.items():
        name = logical_id(stack.template, "AWS::SQS::Queue", queue)
        attributes = clients("sqs").get_queue_attributes(QueueUrl=stack.refs[name], AttributeNames=["All"])[
            "Attributes"
        ]
        assert attributes["FifoQueue"] == "true" and attributes["ContentBasedDeduplication"] == "false"
        assert attributes["DeduplicationScope"] == "messageGroup"
        assert attributes["FifoThroughputLimit"] == "perMessageGroupId"
        dlq = logical_id(stack.template, "AWS::SQS::Queue", dead_letters)
        assert json.loads(attributes["RedrivePolicy"])["deadLetterTargetArn"] == stack.arns[dlq]
        dlq_attributes = clients("sqs").get_queue_attributes(QueueUrl=stack.refs[dlq], AttributeNames=["All"])
        assert dlq_attributes["Attributes"]["FifoQueue"] == "true"  # so SqsDeadLetters must name group and dedup
    # each function gets the queue its adapter is written for
    turns = stack.refs[logical_id(stack.template, "AWS::SQS::Queue", "TurnQueueTurns")]
    for function in ("ApiApiFunction", "LineLineWorkerFunction"):
        assert stack.environment(function, "ENGRAM_TURN_QUEUE_URL") == {"ENGRAM_TURN_QUEUE_URL": turns}
    line_dlq = stack.refs[logical_id(stack.template, "AWS::SQS::Queue", "LineDeadLetters")]
    assert stack.environment("LineLineWorkerFunction", "ENGRAM_LINE_DLQ_URL") == {"ENGRAM_LINE_DLQ_URL": line_dlq}


def test_a_message_without_a_dedup_id_is_refused_by_these_queues(
    line_queue: tuple[SqsFifoQueue, str], clients: Clients
) -> None:
    _, url = line_queue
    with pytest.raises(clients("sqs").exceptions.ClientError, match="MessageDeduplicationId"):
        clients("sqs").send_message(QueueUrl=url, MessageBody="{}", MessageGroupId="g")


def test_a_chats_events_arrive_in_order_in_rounds_as_the_webhook_queues_them(
    line_queue: tuple[SqsFifoQueue, str], clients: Clients, aws_sandbox: MotoEndpoint
) -> None:
    queue, url = line_queue
    ann = [line_job(ANN, f"ann {n}") for n in range(3)]
    bob = [line_job(BOB, f"bob {n}") for n in range(2)]
    # the webhook's rounds: every chat's first event in one request, then each chat's next
    assert queue.submit_all([ann[0], bob[0]]) == [True, True]
    assert queue.submit_all([ann[1], bob[1]]) == [True, True]
    assert queue.submit_all([ann[2]]) == [True]
    assert len(aws_sandbox.log.of("sqs", "SendMessageBatch")) == 3
    groups = texts_by_group(drain(clients, url))
    assert groups == {ann[0]["group"]: ["ann 0", "ann 1", "ann 2"], bob[0]["group"]: ["bob 0", "bob 1"]}


def test_an_event_queued_twice_is_one_message_and_two_equal_texts_are_two(
    line_queue: tuple[SqsFifoQueue, str], clients: Clients
) -> None:
    queue, url = line_queue
    first = line_job(ANN, "same words", event_id="01HZX0000000000000000000A1")
    queue.submit(first)
    assert queue.submit_all([first]) == [True]  # LINE's redelivery: SQS takes it and keeps one
    queue.submit(line_job(ANN, "same words", event_id="01HZX0000000000000000000A2"))
    received = drain(clients, url)
    assert [m["Attributes"]["MessageDeduplicationId"] for m in received] == [
        first["dedup"],
        line_job(ANN, "x", event_id="01HZX0000000000000000000A2")["dedup"],
    ]


def test_a_webhook_with_more_than_ten_chats_is_one_request_per_ten(
    line_queue: tuple[SqsFifoQueue, str], clients: Clients, aws_sandbox: MotoEndpoint
) -> None:
    queue, url = line_queue
    jobs = [line_job(f"U{n:032x}", f"hello {n}") for n in range(23)]
    assert queue.submit_all(jobs) == [True] * 23
    assert len(aws_sandbox.log.of("sqs", "SendMessageBatch")) == 3  # 10 + 10 + 3
    assert sorted(json.loads(m["Body"])["dedup"] for m in drain(clients, url)) == sorted(j["dedup"] for j in jobs)


def test_an_entry_sqs_fails_is_reported_not_taken_and_the_rest_is_queued(
    line_queue: tuple[SqsFifoQueue, str], clients: Clients, caplog: pytest.LogCaptureFixture
) -> None:
    """moto validates a FIFO batch as a whole, so the one failed entry is made here: the request
    reaches moto without it and the answer names it under Failed, as SQS does."""
    queue, url = line_queue
    events = queue._client.meta.events

    def drop_entry(params: dict[str, Any], **_: Any) -> None:
        params["Entries"] = [e for e in params["Entries"] if e["Id"] != "1"]

    def report_it_failed(parsed: dict[str, Any], **_: Any) -> None:
        parsed.setdefault("Failed", []).append(
            {"Id": "1", "SenderFault": False, "Code": "InternalError", "Message": "try again"}
        )

    events.register("provide-client-params.sqs.SendMessageBatch", drop_entry)
    events.register("after-call.sqs.SendMessageBatch", report_it_failed)
    jobs = [line_job(user, f"from {user}") for user in (ANN, BOB, CAT)]
    with caplog.at_level(logging.ERROR, logger="engram.adapters.queues"):
        assert queue.submit_all(jobs) == [True, False, True]
    assert [r.code for r in caplog.records if r.getMessage() == "SendMessageBatch entry failed"] == ["InternalError"]  # type: ignore[attr-defined]
    assert sorted(texts_by_group(drain(clients, url)).values()) == [[f"from {ANN}"], [f"from {CAT}"]]


def test_a_batch_sqs_refuses_whole_reports_every_job_not_taken(
    line_queue: tuple[SqsFifoQueue, str], clients: Clients
) -> None:
    """A request SQS refuses as a whole (here a batch over its 1 MiB, which moto checks too):
    nothing of it is queued, nor anything after it (the webhook releases those chats, answers
    503 and LINE redelivers them)."""
    queue, url = line_queue
    huge = line_job(BOB, "big")
    huge["event"]["message"]["text"] = "x" * 1_100_000  # more than a LINE text can be: the size is the point
    jobs = [line_job(ANN, "small"), huge] + [line_job(f"U{n:032x}", "later") for n in range(10)]
    assert queue.submit_all(jobs) == [False] * 12
    assert drain(clients, url) == []


def test_the_turn_queue_takes_a_users_access_jobs_in_order(stack: StackInMoto, clients: Clients) -> None:
    """What the api's container builds in AWS (`build_container`, queue mode sqs): SqsFifoQueue
    on ENGRAM_TURN_QUEUE_URL; every access job is its own message in the user's group."""
    env = stack.environment("ApiApiFunction", "ENGRAM_TURN_QUEUE_URL")
    settings = settings_from(env)
    queue = SqsFifoQueue(settings.turn_queue_url or "", settings.aws_region)
    owner = OwnerKey("acme", "u1")
    jobs = [access_job(owner, [f"m-{n}"], 1_700_000_000.0) for n in range(3)]  # the same second
    for job in jobs:
        queue.submit(job)
    received = drain(clients, env["ENGRAM_TURN_QUEUE_URL"])
    assert [json.loads(m["Body"])["memory_ids"] for m in received] == [["m-0"], ["m-1"], ["m-2"]]
    assert {m["Attributes"]["MessageGroupId"] for m in received} == {jobs[0]["group"]}


def test_a_dead_letter_keeps_the_job_its_group_and_its_dedup(stack: StackInMoto, clients: Clients) -> None:
    env = stack.environment("LineLineWorkerFunction", "ENGRAM_LINE_DLQ_URL")
    settings = settings_from(env)
    dead = SqsDeadLetters(settings.line_dlq_url or "", settings.aws_region)
    job = {**line_job(ANN, "hello"), "reply": ["hi there"]}
    dead.send(job, "reply failed")
    dead.send(job, "reply failed")  # the worker ran twice (a redelivery): one dead letter
    (message,) = drain(clients, env["ENGRAM_LINE_DLQ_URL"])
    assert json.loads(message["Body"]) == {"job": job, "reason": "reply failed"}
    assert message["Attributes"]["MessageGroupId"] == job["group"]
    assert message["Attributes"]["MessageDeduplicationId"] == job["dedup"]


def test_two_different_dead_letters_without_a_dedup_id_are_both_kept(stack: StackInMoto, clients: Clients) -> None:
    """A message that is not a webhook job (no group, no dedup: sent by hand, or by an older
    version) is dead-lettered as 'unknown channel'; two such must not collapse into one."""
    env = stack.environment("LineLineWorkerFunction", "ENGRAM_LINE_DLQ_URL")
    dead = SqsDeadLetters(env["ENGRAM_LINE_DLQ_URL"], "us-east-1")
    dead.send({"channel": "gone", "event": {"n": 1}}, "unknown channel")
    dead.send({"channel": "gone", "event": {"n": 2}}, "unknown channel")
    bodies = [json.loads(m["Body"])["job"]["event"] for m in drain(clients, env["ENGRAM_LINE_DLQ_URL"])]
    assert bodies == [{"n": 1}, {"n": 2}]


# SQS's allowed body characters (the XML set): #x9 | #xA | #xD | #x20-#xD7FF | #xE000-#xFFFD | #x10000-#x10FFFF
def _sqs_accepts(body: str) -> bool:
    return all(
        c in "\t\n\r" or 0x20 <= ord(c) <= 0xD7FF or 0xE000 <= ord(c) <= 0xFFFD or ord(c) >= 0x10000 for c in body
    )


def test_any_text_a_user_sends_makes_a_body_sqs_accepts_and_comes_back_whole(
    line_queue: tuple[SqsFifoQueue, str], clients: Clients
) -> None:
    # A LINE text may hold noncharacters and controls SQS refuses (moto does not check: the body is checked here).
    job = line_job(ODD, "喘不過氣 \ufffe\uffff\x01 숨이 차요 😮‍💨")
    assert _sqs_accepts(message_body(job)) and json.loads(message_body(job)) == job
    queue, url = line_queue
    queue.submit(job)
    (received,) = drain(clients, url)
    assert json.loads(received["Body"]) == job
