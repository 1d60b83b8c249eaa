"""The asynchronous kick of the jobs function (`engram.adapters.invoke`, through the API's
`Container.start_erasure`): InvocationType Event with a scheduled event's payload, against moto's Lambda
without Docker; the request is read as moto received it (tests/aws/moto_endpoint.RequestLog)."""

from __future__ import annotations

import dataclasses
import io
import json
import logging
import zipfile
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any, cast

import pytest
from aws_lambda_powertools.utilities.parser.models import EventBridgeModel

from engram.adapters.audit_history import EXPORT_EVENT, InvokedAuditHistory
from engram.adapters.audit_writer import APPEND_EVENT, InvokedAuditWriter, entry_from_request
from engram.adapters.invoke import invoke_job
from engram.privacy.models import AuditEntry
from engram.settings import Settings
from engram.wiring import Container
from functions.jobs.handler import JOBS
from tests.aws.conftest import Clients
from tests.aws.moto_endpoint import Call, MotoEndpoint

FUNCTION = "engram-dev-jobs"


def handler_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("functions/jobs/handler.py", "def lambda_handler(event, context):\n    return {}\n")
    return buffer.getvalue()


@pytest.fixture
def jobs_function(clients: Clients) -> str:
    trust = {
        "Version": "2012-10-17",
        "Statement": [
            {"Effect": "Allow", "Principal": {"Service": "lambda.amazonaws.com"}, "Action": "sts:AssumeRole"}
        ],
    }
    role = clients("iam").create_role(RoleName="engram-dev-jobs", AssumeRolePolicyDocument=json.dumps(trust))
    clients("lambda").create_function(
        FunctionName=FUNCTION,
        Runtime="python3.12",
        Role=role["Role"]["Arn"],
        Handler="functions.jobs.handler.lambda_handler",
        Code={"ZipFile": handler_zip()},
    )
    return FUNCTION


@pytest.fixture
def lambda_in_docker_mode(aws_sandbox: MotoEndpoint) -> Iterator[None]:
    """moto's Docker-free Lambda answers an invoke of any name; its full backend knows which
    functions exist (an invoke of a missing one fails before any container would start)."""
    aws_sandbox.configure({"lambda": {"use_docker": True}})
    yield
    aws_sandbox.configure({"lambda": {"use_docker": False}})


def invocations(moto: MotoEndpoint, function: str = FUNCTION) -> list[Call]:
    return [c for c in moto.log.of("lambda") if c.operation == f"POST /2015-03-31/functions/{function}/invocations"]


def test_a_confirmation_starts_the_erasure_job_with_an_event_invoke(
    jobs_function: str, aws_sandbox: MotoEndpoint
) -> None:
    settings = Settings(environment="test", erasure_function_name=jobs_function)
    container = cast(Any, SimpleNamespace(settings=settings, erasure_trigger=None))
    Container.start_erasure(container)  # what the API does after a confirmation
    (call,) = invocations(aws_sandbox)
    assert call.headers["x-amz-invocation-type"] == "Event"  # asynchronous: the API does not wait
    event = EventBridgeModel.model_validate(json.loads(call.body))  # what the jobs handler parses
    assert (event.detail_type, event.source, event.region) == ("Scheduled Event", "engram.jobs", "us-east-1")
    assert event.detail == {"job": "erasure"} and "erasure" in JOBS


def test_an_export_kick_is_accepted_and_names_its_job(jobs_function: str, aws_sandbox: MotoEndpoint) -> None:
    assert invoke_job(jobs_function, "export", "us-east-1") is True
    (call,) = invocations(aws_sandbox)
    assert json.loads(call.body)["detail"] == {"job": "export"} and "export" in JOBS


@pytest.mark.usefixtures("lambda_in_docker_mode")
def test_a_kick_that_fails_is_logged_and_left_to_the_schedule(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="engram.adapters.invoke"):
        assert invoke_job("engram-dev-no-such-function", "erasure", "us-east-1") is False
    (record,) = [r for r in caplog.records if r.name == "engram.adapters.invoke"]
    assert record.getMessage() == "could not start the job now; the schedule will"
    assert (record.job, record.cause) == ("erasure", "ResourceNotFoundException")  # type: ignore[attr-defined]


def test_an_export_reads_the_audit_entries_from_the_reader_function(aws_sandbox: MotoEndpoint) -> None:
    """P2: the export asks the audit reader (a synchronous invoke) for the entries about the user."""
    entry = AuditEntry("acme", "9" * 64, 1_767_225_600.0, "GET /v1/me/export", "end_user", "9" * 64, "200")
    aws_sandbox.lambda_answers(json.dumps({"entries": [entry.as_export()]}))  # the reader withholds keys
    reader = "engram-dev-audit-reader"
    assert InvokedAuditHistory(reader, "us-east-1").entries_about("acme", "9" * 64, 50) == [entry]
    (call,) = invocations(aws_sandbox, reader)
    assert call.headers.get("x-amz-invocation-type", "RequestResponse") == "RequestResponse"
    assert json.loads(call.body) == {EXPORT_EVENT: {"tenant_id": "acme", "subject": "9" * 64, "limit": 50}}


def test_audit_entries_are_appended_through_the_writer_function(aws_sandbox: MotoEndpoint) -> None:
    """P6: api and jobs may not write the audit table; they hand each entry to the writer function
    (a synchronous invoke), sending its content only: the writer chains it."""
    entry = AuditEntry("acme", "9" * 64, 1_767_225_600.0, "GET /v1/me/export", "end_user", "9" * 64, "200")
    entry = dataclasses.replace(entry, entry_id="e1", seq=7, hash="f" * 64)  # chain fields are the writer's
    aws_sandbox.lambda_answers(json.dumps({"appended": "e1"}))
    writer = "engram-dev-audit-writer"
    InvokedAuditWriter(writer, "us-east-1").append(entry)
    (call,) = invocations(aws_sandbox, writer)
    assert call.headers.get("x-amz-invocation-type", "RequestResponse") == "RequestResponse"
    sent = json.loads(call.body)[APPEND_EVENT]
    assert sent["entry_id"] == "e1" and sent["action"] == "GET /v1/me/export"
    assert not {"seq", "hash", "prev_hash", "digest"} & set(sent)
    assert entry_from_request(sent) == dataclasses.replace(entry, seq=0, hash="")
