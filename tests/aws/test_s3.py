"""S3: a large export's document written to the stack's exports bucket (built in moto from the
template) through `wiring.privacy.export_archive`, and the presigned link `LargeExports.get` hands out,
fetched over HTTP from the moto server with its signature checked (tests/aws/presigned_check.py)."""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from typing import Any, cast
from urllib.parse import parse_qs, quote, urlencode, urlsplit, urlunsplit

import pytest
import requests

from engram.adapters.export_archive import S3ExportArchive
from engram.adapters.metrics import InMemoryMetrics
from engram.kernel.clock import ManualClock
from engram.kernel.errors import StoreUnavailable
from engram.privacy.export import ExportService
from engram.privacy.export_jobs import ExportRequest, ExportState, LargeExports
from engram.settings import Settings
from engram.wiring.privacy import export_archive
from tests.aws.conftest import SESSION_TOKEN, Clients, settings_from
from tests.aws.moto_endpoint import MotoEndpoint
from tests.aws.stack_template import StackInMoto, logical_id

DOCUMENT = {"user_id": "u1", "memories": [{"content": "我的女兒住在高雄"}], "counts": {"memories": 1}}


class ExportRequestsInMemory:
    """The export records (DynamoDB in AWS, tested against DynamoDB Local elsewhere)."""

    def __init__(self) -> None:
        self.items: dict[str, ExportRequest] = {}

    def create(self, request: ExportRequest) -> None:
        self.items[request.export_id] = request

    def get(self, tenant_id: str, user_id: str, export_id: str) -> ExportRequest | None:
        found = self.items.get(export_id)
        return found if found and (found.tenant_id, found.user_id) == (tenant_id, user_id) else None

    def due(self, limit: int) -> list[ExportRequest]:
        return [r for r in self.items.values() if r.state == ExportState.PROCESSING][:limit]

    def update(self, request: ExportRequest, expected_version: int) -> bool:
        if self.items[request.export_id].version != expected_version:
            return False
        self.items[request.export_id] = request
        return True


class DocumentExport:
    """What ExportService.export returns (its reads are tested against DynamoDB Local elsewhere)."""

    def export(self, tenant_id: str, user_id: str, limit: int | None = 0) -> dict[str, Any]:
        return DOCUMENT


@pytest.fixture
def api_settings(stack: StackInMoto) -> Settings:
    return settings_from(stack.environment("ApiApiFunction", "ENGRAM_EXPORT_BUCKET"))


def large_exports(settings: Settings) -> LargeExports:
    archive = export_archive(settings)
    assert isinstance(archive, S3ExportArchive)
    return LargeExports(
        requests=ExportRequestsInMemory(),
        archive=archive,
        exports=cast(ExportService, DocumentExport()),
        settings=settings,
        clock=ManualClock(),
        metrics=InMemoryMetrics(),
    )


def completed_link(exports: LargeExports) -> tuple[ExportRequest, str]:
    started = exports.start("acme", "u1")
    assert exports.run() == {"exports_completed": 1, "exports_failed": 0}
    request, url = exports.get("acme", "u1", started.export_id)
    assert request.state == ExportState.COMPLETED and url is not None
    return request, url


def with_query(url: str, **changes: str) -> str:
    parts = urlsplit(url)
    query = {k: v[0] for k, v in parse_qs(parts.query).items()} | changes
    return urlunsplit(parts._replace(query=urlencode(query, quote_via=quote)))


def test_the_link_the_api_hands_out_downloads_the_document(api_settings: Settings, aws_sandbox: MotoEndpoint) -> None:
    request, url = completed_link(large_exports(api_settings))
    query = parse_qs(urlsplit(url).query)
    assert query["X-Amz-Expires"] == [str(api_settings.export_link_ttl_s)]
    assert query["X-Amz-Security-Token"] == [SESSION_TOKEN]  # signed with the function role's session
    answer = requests.get(url, timeout=5)
    assert answer.status_code == 200, answer.text
    assert answer.headers["Content-Type"] == "application/json"
    assert answer.json() == DOCUMENT
    assert request.object_key and urlsplit(url).path.endswith(request.object_key)


def test_a_tampered_or_expired_link_is_refused(
    api_settings: Settings, aws_sandbox: MotoEndpoint, monkeypatch: pytest.MonkeyPatch
) -> None:
    request, url = completed_link(large_exports(api_settings))
    assert request.object_key
    other_users = url.replace(request.object_key, "acme/ex-" + "0" * 32 + ".json")
    longer = with_query(url, **{"X-Amz-Expires": "86400"})
    for forged in (other_users, longer):
        answer = requests.get(forged, timeout=5)
        assert (answer.status_code, "SignatureDoesNotMatch" in answer.text) == (403, True)
    signed_at = datetime.strptime(parse_qs(urlsplit(url).query)["X-Amz-Date"][0], "%Y%m%dT%H%M%SZ")
    expiry = signed_at.replace(tzinfo=UTC).timestamp() + api_settings.export_link_ttl_s
    monkeypatch.setattr(aws_sandbox.presigned, "now", lambda: expiry - 1)
    assert requests.get(url, timeout=5).status_code == 200
    monkeypatch.setattr(aws_sandbox.presigned, "now", lambda: expiry + 1)
    answer = requests.get(url, timeout=5)
    assert answer.status_code == 403 and "Request has expired" in answer.text


def test_the_document_is_stored_as_json_under_the_buckets_encryption(api_settings: Settings, clients: Clients) -> None:
    request, _ = completed_link(large_exports(api_settings))
    head = clients("s3").head_object(Bucket=api_settings.export_bucket, Key=request.object_key)
    assert head["ContentType"] == "application/json"
    assert head["ServerSideEncryption"] == "AES256"  # the stack's S3_MANAGED default
    body = clients("s3").get_object(Bucket=api_settings.export_bucket, Key=request.object_key)["Body"].read()
    assert json.loads(body) == DOCUMENT


def test_the_buckets_lifecycle_removes_a_document_when_its_record_expires(
    stack: StackInMoto, api_settings: Settings, clients: Clients
) -> None:
    """The stack's rule, put on the bucket as CloudFormation would, read back from S3: one
    enabled expiration over every key (documents are `{tenant}/{export id}.json`) that keeps a
    document as long as its export record lives (ENGRAM_EXPORT_KEEP_S), and no day longer."""
    bucket = stack.refs[logical_id(stack.template, "AWS::S3::Bucket", "Exports")]
    assert bucket == api_settings.export_bucket
    (rule,) = clients("s3").get_bucket_lifecycle_configuration(Bucket=bucket)["Rules"]
    assert rule["Status"] == "Enabled"
    assert rule.get("Filter", {}).get("Prefix", rule.get("Prefix", "")) == ""
    assert rule["Expiration"]["Days"] == math.ceil(api_settings.export_keep_s / 86_400)
    assert api_settings.export_link_ttl_s < api_settings.export_keep_s


def test_a_deleted_document_no_longer_downloads_and_deleting_again_is_fine(api_settings: Settings) -> None:
    exports = large_exports(api_settings)
    request, url = completed_link(exports)
    assert request.object_key
    exports.archive.delete(request.object_key)
    exports.archive.delete(request.object_key)  # an erasure that runs again
    answer = requests.get(url, timeout=5)
    assert answer.status_code == 404 and "NoSuchKey" in answer.text


def test_a_bucket_that_cannot_be_written_fails_the_export_with_a_domain_error(api_settings: Settings) -> None:
    gone = api_settings.model_copy(update={"export_bucket": "engram-dev-no-such-bucket"})
    archive = export_archive(gone)
    with pytest.raises(StoreUnavailable) as raised:
        archive.put("acme/ex-1.json", b"{}")
    assert raised.value.details == {"cause": "NoSuchBucket"}
    exports = large_exports(gone)
    started = exports.start("acme", "u1")
    assert exports.run() == {"exports_completed": 0, "exports_failed": 1}
    failed, url = exports.get("acme", "u1", started.export_id)
    assert (failed.state, failed.error, url) == (ExportState.FAILED, "StoreUnavailable", None)
