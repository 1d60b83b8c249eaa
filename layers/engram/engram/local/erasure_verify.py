"""`engram erasure verify <receipt.json>`: check a deletion receipt's signature and, given the
user id and access to the stack, run its verification queries again (P1)."""

from __future__ import annotations

import argparse
import base64
import json
import os
from pathlib import Path
from typing import Any


def verify(args: argparse.Namespace) -> dict[str, Any]:
    from engram.settings import Settings

    settings = Settings()
    body: dict[str, Any] = json.loads(Path(args.receipt).read_text())
    body = body.get("receipt", body)  # the GET …/erasure/{id} answer, or the receipt itself
    valid = signature_ok(body, public_key_pem(settings, args.public_key))
    result: dict[str, Any] = {"signature_valid": valid, "request_id": body.get("request_id")}
    if args.user_id:
        result.update(_recheck(body, args.user_id, args.ddb_endpoint, settings))
    result["ok"] = valid and result.get("remaining", 0) == 0 and result.get("user_matches", True)
    return result


def public_key_pem(settings: Any, path: str | None) -> str:
    """The key a receipt is checked with: the file given (PEM, or the base64 DER that `aws kms
    get-public-key --query PublicKey --output text` prints), else this deployment's signer (KMS
    when ENGRAM_RECEIPT_KMS_KEY_ID is set, else the local key file)."""
    from engram.adapters.signing import KmsSigner, LocalKeySigner

    if path:
        return as_pem(Path(path).read_text())
    if settings.receipt_kms_key_id:
        return KmsSigner(settings.receipt_kms_key_id, settings.aws_region).public_key_pem()
    return LocalKeySigner(Path(settings.receipt_key_path)).public_key_pem()


def as_pem(text: str) -> str:
    if "-----BEGIN" in text:
        return text
    from cryptography.hazmat.primitives import serialization

    try:
        key = serialization.load_der_public_key(base64.b64decode("".join(text.split()), validate=True))
    except ValueError as exc:  # binascii.Error is one
        raise SystemExit("the public key is neither PEM nor base64 DER") from exc
    return key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def signature_ok(receipt: dict[str, Any], pem: str) -> bool:
    """The receipt's signature over its canonical JSON, checked with the deployment's public key."""
    from engram.adapters.signing import signature_valid
    from engram.privacy import receipt as receipts

    try:
        return signature_valid(pem, receipts.digest(receipt), receipts.signature_bytes(receipt))
    except ValueError:
        return False


def _recheck(body: dict[str, Any], user_id: str, endpoint: str | None, settings: Any) -> dict[str, Any]:
    from engram.adapters.dynamodb.user_data import DynamoUserData
    from engram.privacy import receipt as receipts
    from engram.wiring.crypto import bound_models_for

    tenant_id = str(body.get("tenant_id", ""))
    from engram.adapters.secrets import erasure_hash_key

    key = erasure_hash_key(settings)
    if receipts.user_hash(key, tenant_id, user_id) != body.get("user_hash"):
        return {"user_matches": False}
    if endpoint:
        from engram.local.dynamodb_local import local_aws_env

        os.environ.update(local_aws_env(endpoint))
        settings = settings.model_copy(update={"dynamodb_endpoint": endpoint})
    data = DynamoUserData(bound_models_for(settings))
    since = None
    if body.get("scope") == "recent":
        since = float(body["requested_at"]) - settings.erasure_recent_days * 86_400
    persona = body.get("persona_id")
    # what the erasure covered: up to its completion (a write after it began an empty life), a
    # re-erasure's `until`, or the cutoff of an erasure from before the fence a chat wrote through
    bounds = [float(body[k]) for k in ("until", "cutoff", "completed_at") if body.get(k) is not None]
    until = min(bounds) if bounds else None
    remaining = len(data.inventory(tenant_id, user_id, since, 10_000, persona, until))
    if since is None and persona is None and not body.get("completed_at"):
        remaining += data.by_user_count(tenant_id, user_id)
        remaining += int(data.has_data_key(tenant_id, user_id))  # P3: the key is gone too
    return {"user_matches": True, "remaining": remaining}
