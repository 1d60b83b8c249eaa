"""P4: each backend principal acts only in the tenants it is bound to (settings.backend_principals
as a mapping; X-Engram-Tenant names the tenant). Two tenants through the local gateway and the
real handlers: `default`'s backend and `respira`'s (the COPD bot's channel) each read, write,
erase, export and upload to their own tenant only; the audit trail is an operator's.

The same user id in both tenants is two people: each backend sees only its own."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engram import runtime
from engram.adapters.dynamodb.connection import TableConfig
from engram.local.gateway import GatewayResponse, LocalGateway
from engram.settings import Settings
from engram.wiring import Container

LOCAL = "arn:aws:iam::000000000000:user/"
DEFAULT_KEY, RESPIRA_KEY, BOTH_KEY = "default-backend-key", "respira-backend-key", "both-backend-key"
LINE_USER = "line:U" + "4af4980629" * 3 + "ab"  # a LINE user of respira's channel
MEMORY = {"persona_id": "nurse", "summary": "prefers morning calls"}


@pytest.fixture
def settings(table: TableConfig) -> Settings:
    return Settings(
        environment="test",
        table_name=table.table_name,
        dynamodb_endpoint=table.host,
        local_api_key=DEFAULT_KEY,
        local_backend_keys={RESPIRA_KEY: "respira-backend", BOTH_KEY: "both-backend"},
        backend_principals={
            f"{LOCAL}local-backend": ("default",),
            f"{LOCAL}respira-backend": ("respira",),
            f"{LOCAL}both-backend": ("default", "respira"),
        },
        audit_readers={f"{LOCAL}local-operator": ("respira",)},
    )


@pytest.fixture
def gw(container: Container, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalGateway]:
    monkeypatch.chdir(tmp_path)  # the local receipt key
    container.erasure_trigger = lambda: None
    container.export_trigger = lambda: None
    runtime.set_container(container)
    yield LocalGateway(container.settings)
    runtime.set_container(None)


def call(
    gw: LocalGateway, method: str, path: str, key: str, tenant: str | None = None, body: Any = None
) -> GatewayResponse:
    headers = {"x-api-key": key, "content-type": "application/json"}
    if tenant is not None:
        headers["x-engram-tenant"] = tenant
    return gw.handle(method, path, headers, json.dumps(body).encode() if body is not None else None)


def code(r: GatewayResponse) -> str:
    return str(r.json()["error"]["code"])


def summaries(gw: LocalGateway, key: str, tenant: str | None = None, user: str = "mia") -> list[str]:
    r = call(gw, "GET", f"/v1/users/{user}/memories", key, tenant)
    assert r.status == 200, r.body
    return [m["content"] for m in r.json()["memories"]]


def test_each_backend_reads_and_writes_its_own_tenant_only(gw: LocalGateway) -> None:
    assert call(gw, "POST", "/v1/users/mia/memories", DEFAULT_KEY, body=MEMORY).status == 201
    respira = {**MEMORY, "summary": "uses a tiotropium inhaler"}
    assert call(gw, "POST", "/v1/users/mia/memories", RESPIRA_KEY, "respira", respira).status == 201
    assert summaries(gw, DEFAULT_KEY) == ["prefers morning calls"]  # its only tenant: no header needed
    assert summaries(gw, RESPIRA_KEY) == ["uses a tiotropium inhaler"]
    for key, other in ((DEFAULT_KEY, "respira"), (RESPIRA_KEY, "default")):
        read = call(gw, "GET", "/v1/users/mia/memories", key, other)
        assert read.status == 403 and code(read) == "TENANT_FORBIDDEN", read.body
        write = call(gw, "POST", "/v1/users/mia/memories", key, other, {**MEMORY, "summary": "planted"})
        assert write.status == 403 and code(write) == "TENANT_FORBIDDEN"
        turn = call(
            gw,
            "POST",
            "/v1/users/mia/personas/nurse/sessions/s1/turns",
            key,
            other,
            {"user": "hi", "assistant": "hello"},
        )
        assert turn.status == 403 and code(turn) == "TENANT_FORBIDDEN"
    assert "planted" not in summaries(gw, DEFAULT_KEY) + summaries(gw, RESPIRA_KEY)


def test_a_backend_in_two_tenants_names_the_one_it_acts_in(gw: LocalGateway) -> None:
    call(gw, "POST", "/v1/users/mia/memories", RESPIRA_KEY, "respira", MEMORY)
    unnamed = call(gw, "GET", "/v1/users/mia/memories", BOTH_KEY)
    assert unnamed.status == 400 and unnamed.json()["error"]["details"]["field"] == "x-engram-tenant"
    assert summaries(gw, BOTH_KEY, "respira") == ["prefers morning calls"]
    assert summaries(gw, BOTH_KEY, "default") == []
    malformed = call(gw, "GET", "/v1/users/mia/memories", BOTH_KEY, "no such/tenant")
    assert malformed.status == 400 and code(malformed) == "VALIDATION_ERROR"


def test_erasure_and_export_of_a_line_user_in_the_channels_tenant(gw: LocalGateway) -> None:
    for tenant_key, tenant in ((DEFAULT_KEY, "default"), (RESPIRA_KEY, "respira")):
        body = {**MEMORY, "summary": f"{tenant} fact"}
        assert call(gw, "POST", f"/v1/users/{LINE_USER}/memories", tenant_key, tenant, body).status == 201
    export = f"/v1/users/{LINE_USER}/export"
    refused = call(gw, "GET", export, DEFAULT_KEY, "respira")
    assert refused.status == 403 and code(refused) == "TENANT_FORBIDDEN"
    ok = call(gw, "GET", export, RESPIRA_KEY, "respira")
    assert ok.status == 200, ok.body
    exported = json.dumps(ok.json())
    assert "respira fact" in exported and "default fact" not in exported
    job = call(gw, "POST", f"/v1/users/{LINE_USER}/exports", DEFAULT_KEY, "respira")
    assert job.status == 403 and code(job) == "TENANT_FORBIDDEN"
    assert call(gw, "POST", f"/v1/users/{LINE_USER}/exports", RESPIRA_KEY, "respira").status == 201

    erase = f"/v1/users/{LINE_USER}/erasure"
    refused = call(gw, "POST", erase, DEFAULT_KEY, "respira", {"scope": "all"})
    assert refused.status == 403 and code(refused) == "TENANT_FORBIDDEN"
    created = call(gw, "POST", erase, RESPIRA_KEY, "respira", {"scope": "all"})
    assert created.status == 201, created.body
    request_id, token = created.json()["request_id"], created.json()["confirmation_token"]
    confirm = f"{erase}/{request_id}/confirm"
    stolen = call(gw, "POST", confirm, DEFAULT_KEY, "respira", {"token": token})
    assert stolen.status == 403 and code(stolen) == "TENANT_FORBIDDEN"
    assert call(gw, "GET", f"{erase}/{request_id}", DEFAULT_KEY).status == 404  # not default's request
    assert call(gw, "POST", confirm, RESPIRA_KEY, "respira", {"token": token}).status == 200
    runtime.get_container().erasure_job.run()
    assert summaries(gw, RESPIRA_KEY, user=LINE_USER) == []
    assert summaries(gw, DEFAULT_KEY, user=LINE_USER) == ["default fact"]  # the other tenant's user stays


def test_the_knowledge_base_is_the_tenants_own(gw: LocalGateway) -> None:
    doc = {"title": "Inhaler guide", "text": "Rinse your mouth after the steroid inhaler."}
    uploaded = call(gw, "POST", "/v1/kb/documents", RESPIRA_KEY, "respira", doc)
    assert uploaded.status == 201, uploaded.body
    doc_id = uploaded.json()["doc_id"]
    assert [d["doc_id"] for d in call(gw, "GET", "/v1/kb/documents", RESPIRA_KEY).json()["documents"]] == [doc_id]
    assert call(gw, "GET", "/v1/kb/documents", DEFAULT_KEY).json()["documents"] == []
    for method, path, body in (
        ("GET", "/v1/kb/documents", None),
        ("POST", "/v1/kb/documents", doc),
        ("DELETE", f"/v1/kb/documents/{doc_id}", None),
    ):
        r = call(gw, method, path, DEFAULT_KEY, "respira", body)
        assert r.status == 403 and code(r) == "TENANT_FORBIDDEN", (method, r.body)
    assert len(call(gw, "GET", "/v1/kb/documents", RESPIRA_KEY).json()["documents"]) == 1


def test_the_audit_trail_is_read_by_an_operator_in_its_tenant(gw: LocalGateway, settings: Settings) -> None:
    call(gw, "POST", "/v1/users/mia/memories", RESPIRA_KEY, "respira", MEMORY)
    call(gw, "GET", "/v1/users/mia/memories", DEFAULT_KEY)
    operator = settings.local_operator_api_key.get_secret_value()
    for key in (DEFAULT_KEY, RESPIRA_KEY, BOTH_KEY):  # chatbot backends are not operators
        r = call(gw, "GET", "/v1/users/mia/audit", key, "respira")
        assert r.status == 403 and code(r) == "FORBIDDEN", r.body
    other = call(gw, "GET", "/v1/users/mia/audit", operator, "default")
    assert other.status == 403 and code(other) == "TENANT_FORBIDDEN"
    r = call(gw, "GET", "/v1/users/mia/audit", operator)  # its only tenant, respira
    assert r.status == 200, r.body
    actions = [(e["action"], e["actor"]) for e in r.json()["entries"]]
    assert actions == [("POST /v1/users/{user_id}/memories", "arn:aws:iam::000000000000:user/respira-backend")]


def test_the_flat_list_binds_every_principal_to_the_default_tenant(gw: LocalGateway, container: Container) -> None:
    container.settings = container.settings.model_copy(
        update={"backend_principals": (f"{LOCAL}local-backend", f"{LOCAL}respira-backend")}
    )
    assert call(gw, "POST", "/v1/users/mia/memories", RESPIRA_KEY, body=MEMORY).status == 201
    assert summaries(gw, DEFAULT_KEY, "default") == ["prefers morning calls"]
    r = call(gw, "GET", "/v1/users/mia/memories", RESPIRA_KEY, "respira")
    assert r.status == 403 and code(r) == "TENANT_FORBIDDEN"
