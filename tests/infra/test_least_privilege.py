"""P4 on the synthesized templates: readers cannot write the index, every cdk-nag acknowledgment
excuses exactly a finding that exists (and says what it excuses), secrets come from Secrets Manager,
and no route is open without an authorizer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from infra.constructs.search import INDEX_PREFIX, READ_ALIAS, SEARCH_PATHS
from tests.infra.cfn import CONFIGS, Synth, as_list, render, resources

REPO = Path(__file__).resolve().parents[2]
INDEX_WRITES = {"es:ESHttpPut", "es:ESHttpDelete", "es:ESHttpPatch"}
READERS = ("ApiFunction", "TurnWorker", "JobsFunction")


def _role_ids(template: dict[str, Any]) -> dict[str, str]:
    """Function construct name -> logical id of its role."""
    out = {}
    for fn in resources(template, "AWS::Lambda::Function").values():
        role_id = fn["Properties"]["Role"]["Fn::GetAtt"][0]
        handler = fn["Properties"]["Handler"]
        name = {
            "api.handler.lambda_handler": "ApiFunction",
            "turn_worker.handler.lambda_handler": "TurnWorker",
            "memory_indexer.handler.lambda_handler": "MemoryIndexer",
            "jobs.handler.lambda_handler": "JobsFunction",
            "audit.handler.lambda_handler": "AuditReader",
            "audit.writer.lambda_handler": "AuditWriter",
            "line_webhook.handler.lambda_handler": "LineWebhook",
            "line_worker.handler.lambda_handler": "LineWorker",
        }[handler]
        out[name] = role_id
    return out


def _grants(template: dict[str, Any], role_id: str) -> set[tuple[str, str]]:
    """(action, resource) pairs the role's identity policies allow, resources rendered as strings."""
    return {
        (action, render(resource))
        for policy in resources(template, "AWS::IAM::Policy").values()
        if {"Ref": role_id} in policy["Properties"]["Roles"]
        for statement in policy["Properties"]["PolicyDocument"]["Statement"]
        if statement["Effect"] == "Allow"
        for action in as_list(statement["Action"])
        for resource in as_list(statement["Resource"])
    }


def _domain_policy(template: dict[str, Any]) -> list[dict[str, Any]]:
    (domain,) = resources(template, "AWS::OpenSearchService::Domain").values()
    statements: list[dict[str, Any]] = domain["Properties"]["AccessPolicies"]["Statement"]
    return statements


@pytest.mark.parametrize("env", list(CONFIGS))
def test_index_readers_cannot_write_the_index(templates: dict[str, dict[str, Any]], env: str) -> None:
    template = templates[env]
    roles = _role_ids(template)
    search_endpoints = {f"/{path}" for path in SEARCH_PATHS}
    # P1: the erasure (jobs) may delete a user's documents by query, and nothing else that writes
    erasure = {f"/{INDEX_PREFIX}-write/_delete_by_query"}
    for reader in READERS:
        es = {(a, r) for a, r in _grants(template, roles[reader]) if a.startswith("es:")}
        assert es, reader
        for action, resource in es:
            assert action not in INDEX_WRITES, (reader, action)
            path = resource.split(".Arn>", 1)[1]
            if action == "es:ESHttpPost":  # POST also writes (_bulk, _doc, _update_by_query): search only
                assert path in search_endpoints | (erasure if reader == "JobsFunction" else set()), (reader, resource)
            else:
                assert action in {"es:ESHttpGet", "es:ESHttpHead"} and path == f"/{READ_ALIAS}/*", (reader, resource)
    # The only writer, with the whole domain.
    writer = {a for a, _ in _grants(template, roles["MemoryIndexer"])}
    assert writer >= INDEX_WRITES and "es:ESHttpPost" in writer

    # The domain's resource policy says the same for each reader's principal.
    for statement in _domain_policy(template):
        principal = render(statement["Principal"]["AWS"])
        actions = set(as_list(statement["Action"]))
        paths = {render(r).split(":domain/", 1)[1].split("/", 1)[1] for r in as_list(statement["Resource"])}
        if roles["MemoryIndexer"] in principal:
            continue
        assert not actions & INDEX_WRITES, principal
        if "es:ESHttpPost" in actions:
            allowed = {p.split("/", 1)[1] for p in search_endpoints | erasure}
            assert actions == {"es:ESHttpPost"} and paths <= allowed
        else:
            assert paths == {f"{READ_ALIAS}/*"}


def _acknowledgments(outdir: Path, stack: str) -> list[tuple[str, str, str]]:
    metadata = json.loads((outdir / f"{stack}.metadata.json").read_text())
    return [
        (path, rule, reason)
        for path, entries in metadata.items()
        for entry in entries
        if entry["type"] == "aws:cdk:acknowledged-rules"
        for rule, reason in entry["data"].items()
    ]


def _suppressed(outdir: Path) -> set[tuple[str, str]]:
    report = json.loads((outdir / "validation-report.json").read_text())
    return {
        ("/" + s["acknowledgedAt"], s["acknowledgedId"])
        for plugin in report["pluginReports"]
        for s in plugin.get("suppressedViolations", [])
    }


def test_every_acknowledgment_excuses_a_finding_that_exists(synth: Synth, templates: dict[str, Any]) -> None:
    """An acknowledgment that suppresses nothing, or a whole rule, is broader than the grant it excuses."""
    used = _suppressed(synth.outdir)
    for cfg in CONFIGS.values():
        acks = _acknowledgments(synth.outdir, cfg.stack_name)
        assert acks, cfg.name
        for path, rule, reason in acks:
            assert (path, rule) in used, f"{rule} at {path} suppresses nothing"
            if "IAM5" in rule:
                assert rule.endswith("]"), f"{rule} at {path} acknowledges every IAM5 finding, not one"
            assert len(reason) > 30, (path, rule)


@pytest.mark.parametrize("env", list(CONFIGS))
def test_unscoped_grants_are_exactly_what_their_reason_names(
    synth: Synth, templates: dict[str, dict[str, Any]], env: str
) -> None:
    template = templates[env]
    parents = {
        "ApiFunction": "Api/",
        "JobsFunction": "Jobs/",
        "TurnWorker": "Workers/",
        "MemoryIndexer": "Workers/",
        "LineWebhook": "Line/",
        "LineWorker": "Line/",
    }
    role_paths = {
        name: f"/{CONFIGS[env].stack_name}/{parents.get(name, '')}{name}/Role" for name in _role_ids(template)
    }
    reasons = {
        path: reason
        for path, rule, reason in _acknowledgments(synth.outdir, CONFIGS[env].stack_name)
        if rule.endswith("IAM5[Resource::*]")
    }
    for name, role_id in _role_ids(template).items():
        unscoped = {a for a, r in _grants(template, role_id) if r == "*"}
        reason = reasons[role_paths[name]]
        for action in sorted(unscoped):
            assert action.split(":")[1] in reason, (name, action, reason)
        assert ("ListStreams" in reason) == ("dynamodb:ListStreams" in unscoped), (name, reason)


def test_no_route_without_an_authorizer_until_its_handler_exists(templates: dict[str, dict[str, Any]]) -> None:
    line_handler = (REPO / "functions" / "line_webhook").exists()
    for env, template in templates.items():
        routes = {
            r["Properties"]["RouteKey"]: r["Properties"]
            for r in resources(template, "AWS::ApiGatewayV2::Route").values()
        }
        open_routes = {k for k, r in routes.items() if r.get("AuthorizationType", "NONE") == "NONE"}
        static = {"GET /inspector", "GET /inspector/{name}"}  # the inspector's files: no data in them
        assert open_routes == ({"POST /line/webhook/{channel}"} if line_handler else set()) | static, env


@pytest.mark.parametrize("env", list(CONFIGS))
def test_secrets_are_read_from_secrets_manager_never_passed_in_the_environment(
    templates: dict[str, dict[str, Any]], env: str
) -> None:
    template = templates[env]
    # secrets the stack generates itself (P1: the erasure hash key); Ref of a secret is its ARN
    generated = set(resources(template, "AWS::SecretsManager::Secret"))
    for fn in resources(template, "AWS::Lambda::Function").values():
        variables = fn["Properties"]["Environment"]["Variables"]
        assert "OPENAI_API_KEY" not in variables and "ENGRAM_OPENAI_API_KEY" not in variables
        secret_ref = render(variables["ENGRAM_OPENAI_SECRET_ARN"])
        assert ":secretsmanager:" in secret_ref and f":secret:{CONFIGS[env].openai_secret_name}" in secret_ref
        assert variables["ENGRAM_MODEL_MODE"] == CONFIGS[env].model_mode == "openai"
        for key, value in variables.items():
            if any(word in key for word in ("SECRET", "TOKEN", "PASSWORD", "API_KEY")):
                assert key.endswith(("_ARN", "_NAME")), f"{key} looks like a secret value in the environment"
                stored = ":secretsmanager:" in render(value) or ":ssm:" in render(value)
                assert stored or (isinstance(value, dict) and value.get("Ref") in generated), key
    # Whoever reads the key may read that one secret only.
    for role_id in _role_ids(template).values():
        for action, resource in _grants(template, role_id):
            if action.startswith("secretsmanager:"):
                assert action in {"secretsmanager:GetSecretValue", "secretsmanager:DescribeSecret"}
                names = [CONFIGS[env].openai_secret_name, *(c.secret_name for c in CONFIGS[env].line_channels)]
                named = any(f":secret:{name}-??????" in resource for name in names)  # W1: LINE channel secrets
                assert named or resource.strip("<>") in generated, resource
