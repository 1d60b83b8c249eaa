"""The OpenAPI document as the API's contract: Powertools' generated schema, finished here.

Powertools documents its own validation error (422, HTTPValidationError) and knows nothing of
authorizers or of what API Gateway answers before the function runs, so this module, in one
place: replaces 422 with the error model the API really sends (400 VALIDATION_ERROR), documents
every status a route can return, the security scheme of each route family, 201 for creates, and
path-parameter patterns as strict as engram.kernel.ids. `docs/openapi.json` is this document
(tests/integration/test_openapi_contract.py keeps them equal and fuzzes the API against it).
"""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

from .schemas import ID_PATTERN, OWNER_ID_PATTERN

TITLE = "Engram API"
VERSION = "1.0.0"
DESCRIPTION = (
    "Conversation memory for chatbots. End users call /v1/personas/... and /v1/memories/... with a JWT; "
    "trusted backends call /v1/users/{user_id}/... and /v1/kb/... signed with SigV4 (IAM). "
    "Every error body is {error: {code, message, details}}; API Gateway's own refusals "
    "(401, 403, 413, 429 before the function runs) are {message}. The OpenAI-compatible door "
    "(/openai/v1/... for end users, /openai/backend/v1/... for backends) speaks OpenAI's Chat Completions "
    "shapes, errors included ({error: {message, type, param, code}})."
)

# (method, path) of the operations that create a resource: 201 Created.
CREATES = frozenset(
    {
        ("post", "/v1/memories"),
        ("post", "/v1/users/{user_id}/memories"),
        ("post", "/v1/kb/documents"),
        ("post", "/v1/me/erasure"),
        ("post", "/v1/users/{user_id}/erasure"),
        ("post", "/v1/me/exports"),
        ("post", "/v1/users/{user_id}/exports"),
    }
)

OWNER_PARAMS = frozenset({"user_id", "persona_id"})

# Query parameters the API parses as a date or an RFC 3339 date-time (routes/memories.py _epoch).
DATE_PARAMS = frozenset({"from", "to"})
DATE_FORMATS = [{"type": "string", "format": "date"}, {"type": "string", "format": "date-time"}]

SECURITY_SCHEMES: dict[str, Any] = {
    "endUserJwt": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "JWT",
        "description": "The API Gateway JWT authorizer checks the environment's issuer and audience; "
        "`sub` is the user, the optional `tenant` claim the tenant. Locally: `make token`.",
    },
    "backendSigV4": {
        "type": "apiKey",
        "in": "header",
        "name": "Authorization",
        "description": "AWS Signature Version 4 (IAM authorization). The caller's role must be on the "
        "environment's allow-list (EnvConfig.backend_principals; the audit route: EnvConfig.audit_readers), "
        "which binds it to its tenants (X-Engram-Tenant); any other principal gets 403.",
        "x-amazon-apigateway-authtype": "awsSigv4",
    },
    "localBackendKey": {
        "type": "apiKey",
        "in": "header",
        "name": "x-api-key",
        "description": "LOCAL STACK ONLY: stands in for SigV4 on backend routes (ENGRAM_LOCAL_API_KEY, "
        "ENGRAM_LOCAL_BACKEND_KEYS; the audit route: ENGRAM_LOCAL_OPERATOR_API_KEY). Never accepted in AWS.",
    },
}

# P4: the tenant a backend (or an operator, on the audit route) acts in; functions/api/auth.py
TENANT_PARAMETER: dict[str, Any] = {
    "name": "X-Engram-Tenant",
    "in": "header",
    "required": False,
    "description": "The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, "
    "or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant "
    "(400 when it is bound to several).",
    "schema": {"type": "string", "pattern": ID_PATTERN, "minLength": 1, "maxLength": 128},
}

_ERRORS: dict[int, str] = {
    400: "VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); "
    "also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than "
    "4300 digits",
    401: "UNAUTHORIZED: no valid credentials (missing, expired or foreign token)",
    403: "FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM "
    "principal not on the allow-list, a chatbot backend on the operators' audit route); "
    "TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to",
    404: "NOT_FOUND: no such session, memory, document or request (or none of the caller's)",
    409: "CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. "
    "REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); "
    "IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; "
    "ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes "
    "(Retry-After); a write after it starts an empty life",
    413: "PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit)",
    415: "UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; "
    "suffix types such as application/vnd.x+json included)",
    429: "THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. "
    "QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent "
    "(ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day)",
}
_DOOR_ERROR = "OpenAI's error shape {error: {message, type, param, code}}, code in lower case; "
_GATEWAY_ERROR = {
    "type": "object",
    "title": "GatewayErrorResponse",
    "description": "What API Gateway itself answers before the function runs",
    "properties": {"message": {"type": "string"}},
    "required": ["message"],
}


def openapi_document(app: APIGatewayHttpResolver) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(app.get_openapi_json_schema(title=TITLE, version=VERSION, description=DESCRIPTION))
    # P6: GET /v1/users/{user_id}/audit is served by its own function (read-only on the audit log)
    from functions.audit.handler import app as audit_app

    audit: dict[str, Any] = json.loads(audit_app.get_openapi_json_schema(title=TITLE, version=VERSION))
    doc["paths"].update(audit["paths"])
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    schemas.update(audit.get("components", {}).get("schemas", {}))
    for name in ("HTTPValidationError", "ValidationError", "ResponseValidationError"):
        schemas.pop(name, None)
    schemas["GatewayErrorResponse"] = _GATEWAY_ERROR
    doc["components"]["securitySchemes"] = SECURITY_SCHEMES
    doc.pop("servers", None)  # the stage URL differs per environment (stack output ApiUrl)
    for path, operations in doc["paths"].items():
        backend = path.startswith(("/v1/users/", "/v1/kb/", "/openai/backend/"))
        for method, operation in operations.items():
            _finish(operation, method, path, backend)
    _responses_send_every_field(doc)
    return doc


def _refs(node: Any) -> set[str]:
    """The component schema names `node` refers to, directly."""
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        found = {ref.rsplit("/", 1)[1]} if ref.startswith("#/components/schemas/") else set()
        return found.union(*(_refs(v) for k, v in node.items() if k != "$ref"))
    if isinstance(node, list):
        return set().union(*(_refs(v) for v in node))
    return set()


def _reachable(roots: set[str], schemas: dict[str, Any]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen or name not in schemas:
            continue
        seen.add(name)
        todo.extend(_refs(schemas[name]))
    return seen


def _responses_send_every_field(doc: dict[str, Any]) -> None:
    """A response model is serialised whole: a field with a default is still sent. Pydantic's
    (validation-mode) schema calls such fields optional; for the schemas only responses use, say
    they are always there, so clients type them as present."""
    schemas: dict[str, Any] = doc["components"]["schemas"]
    request_roots: set[str] = set()
    response_roots: set[str] = set()
    for operations in doc["paths"].values():
        for operation in operations.values():
            request_roots |= _refs(operation.get("requestBody", {})) | _refs(operation.get("parameters", []))
            response_roots |= _refs(operation.get("responses", {}))
    for name in _reachable(response_roots, schemas) - _reachable(request_roots, schemas):
        properties = schemas[name].get("properties")
        if properties and name != "GatewayErrorResponse":  # API Gateway's own body: not ours to promise
            schemas[name]["required"] = sorted(properties)


def _finish(operation: dict[str, Any], method: str, path: str, backend: bool) -> None:
    responses: dict[str, Any] = operation["responses"]
    responses.pop("422", None)
    if (method, path) in CREATES:
        created = responses.pop("200")
        created["description"] = "Created"
        responses["201"] = created
    door = path.startswith("/openai/")  # the OpenAI-compatible door answers errors in OpenAI's shape
    for status, description in _ERRORS.items():
        ours = {"$ref": "#/components/schemas/" + ("OpenAIErrorResponse" if door else "ErrorResponse")}
        if door:
            description = _DOOR_ERROR + description
        # API Gateway refuses some requests itself, with its own body.
        schema = (
            {"anyOf": [ours, {"$ref": "#/components/schemas/GatewayErrorResponse"}]}
            if status
            in (
                401,
                403,
                413,
                429,
            )
            else ours
        )
        responses.setdefault(
            str(status), {"description": description, "content": {"application/json": {"schema": schema}}}
        )
    operation["responses"] = dict(sorted(responses.items()))
    operation["security"] = [{"backendSigV4": []}, {"localBackendKey": []}] if backend else [{"endUserJwt": []}]
    if backend:
        operation.setdefault("parameters", []).append(dict(TENANT_PARAMETER))
    for parameter in operation.get("parameters", []):
        if parameter["in"] in ("path", "query") and parameter["name"].endswith("_id"):
            pattern = OWNER_ID_PATTERN if parameter["name"] in OWNER_PARAMS else ID_PATTERN
            _constrain(parameter["schema"], pattern)
        elif parameter["in"] == "query" and parameter["name"] in DATE_PARAMS:
            parameter["schema"] = {**parameter["schema"], "anyOf": [*DATE_FORMATS, {"type": "null"}]}


def _constrain(schema: dict[str, Any], pattern: str) -> None:
    """Adds the id pattern to the string branch of a parameter schema (optional ones are anyOf [string, null])."""
    for branch in schema.get("anyOf", [schema]):
        if branch.get("type") == "string":
            branch.update(pattern=pattern, minLength=1, maxLength=128)
