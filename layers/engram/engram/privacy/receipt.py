"""The deletion receipt (P1): what each store held of the user and what the verification
found afterwards — no content, the user only as a keyed hash — signed by the deployment.

The signature covers the canonical JSON of everything but the signature itself (sorted
keys, no spaces, UTF-8), so any edit of any field breaks it."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

from engram.privacy.ports import ReceiptSigner

ALGORITHM = "ECDSA_P256_SHA256"


def user_hash(secret: bytes, tenant_id: str, user_id: str) -> str:
    """Names the user in receipts and finished requests: whoever knows the id (and the
    deployment's key) can recognise it; nobody can read it back."""
    return hmac.new(secret, f"{tenant_id}\x1f{user_id}".encode(), hashlib.sha256).hexdigest()


def canonical(body: dict[str, Any]) -> bytes:
    unsigned = {k: v for k, v in body.items() if k != "signature"}
    return json.dumps(unsigned, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def digest(body: dict[str, Any]) -> bytes:
    return hashlib.sha256(canonical(body)).digest()


def sign(body: dict[str, Any], signer: ReceiptSigner) -> dict[str, Any]:
    signature = signer.sign(digest(body))
    return {
        **body,
        "signature": {
            "algorithm": ALGORITHM,
            "key_id": signer.key_id,
            "value": base64.b64encode(signature).decode(),
        },
    }


def signature_bytes(receipt: dict[str, Any]) -> bytes:
    value = (receipt.get("signature") or {}).get("value")
    if not isinstance(value, str):
        raise ValueError("the receipt carries no signature")
    return base64.b64decode(value, validate=True)
