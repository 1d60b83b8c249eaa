"""DynamoDB Streams records (the Lambda event shape) -> engram.memory.indexer.StreamChange.

Images arrive in DynamoDB JSON with binary values base64-encoded (as Lambda
delivers them); the memory model of the table deserializes them, so the stream
reads items exactly like the repository does (memory_store.from_item).
Only memory items are deserialized: every other item kind of the single table
(session meta, turns, request markers, leases, idempotency, profiles) becomes a
change with ref=None, which the indexer ignores.
"""

from __future__ import annotations

import copy
from binascii import Error as Base64Error
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pynamodb.exceptions import PynamoDBException

from engram.adapters.dynamodb import keys as key_layout
from engram.kernel.errors import ValidationFailed
from engram.memory.indexer import ChangeKind, MemoryRef, StreamChange
from engram.memory.models import MemoryRecord

if TYPE_CHECKING:  # the indexer imports this module at cold start: the cipher comes with the first image
    from engram.adapters.crypto.cipher import FieldCipher

TTL_PRINCIPAL = "dynamodb.amazonaws.com"  # userIdentity of deletions by the TTL sweeper


def _fail(record: Mapping[str, Any], reason: str) -> ValidationFailed:
    # Ids and sequence numbers only: images hold user content, which never goes to logs.
    ddb = record.get("dynamodb") if isinstance(record, Mapping) else None
    seq = ddb.get("SequenceNumber") if isinstance(ddb, Mapping) else None
    event_id = record.get("eventID") if isinstance(record, Mapping) else None
    return ValidationFailed(f"malformed stream record: {reason}", details={"eventID": event_id, "sequence": seq})


def _key_values(raw: Any) -> dict[str, str]:
    if not isinstance(raw, Mapping) or not raw:
        raise ValueError("Keys missing")
    values: dict[str, str] = {}
    for name, typed in raw.items():
        if not isinstance(typed, Mapping) or len(typed) != 1:
            raise ValueError(f"key {name} is not a typed value")
        ((kind, value),) = typed.items()
        if kind not in ("S", "N"):
            raise ValueError(f"key {name} has type {kind}")
        values[str(name)] = str(value)
    return values


def memory_ref(item_keys: Mapping[str, str]) -> MemoryRef | None:
    """The memory a key belongs to, or None for any other item kind.

    PK = T#{tenant}#U#{user}#MEM, SK = M#{memory_id} (keys.memory_pk / memory_sk);
    ids never contain '#', so splitting is unambiguous.
    """
    sk = item_keys.get("SK", "")
    if not sk.startswith(key_layout.MEMORY_PREFIX):
        return None
    parts = item_keys.get("PK", "").split("#")
    memory_id = sk[len(key_layout.MEMORY_PREFIX) :]
    if len(parts) != 5 or parts[0] != "T" or parts[2] != "U" or parts[4] != "MEM" or not memory_id:
        raise ValueError("memory item key does not follow the memory key layout")
    return MemoryRef(tenant_id=parts[1], user_id=parts[3], memory_id=memory_id)


def memory_image(image: Mapping[str, Any], cipher: FieldCipher | None = None) -> MemoryRecord:
    """A NewImage/OldImage of a memory item (DynamoDB JSON, base64 binaries) -> MemoryRecord."""
    # Imported on the first memory image, not at cold start: the PynamoDB models pull in
    # botocore's client machinery (~250 ms of the indexer's import otherwise).
    from engram.adapters.dynamodb.memory_store import from_item
    from engram.adapters.dynamodb.models import MemoryItem

    item = MemoryItem()
    # from_dynamodb_dict base64-decodes B/BS values in place: work on a copy of the event.
    item.from_dynamodb_dict(copy.deepcopy(dict(image)))
    missing = [name for name, attr in item.get_attributes().items() if not attr.null and getattr(item, name) is None]
    if missing:
        raise ValueError(f"memory image lacks {', '.join(sorted(missing))}")
    return from_item(item, c=cipher)  # P3: the index needs the plaintext (BM25, the vector)


def _creation_time(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError("ApproximateCreationDateTime is not a number")
    return float(value)


def to_change(record: Mapping[str, Any], cipher: FieldCipher | None = None) -> StreamChange:
    """One Lambda DynamoDB Streams record -> StreamChange; ValidationFailed if malformed.
    `cipher` opens sealed images (P3); the indexer always passes its own."""
    try:
        event_name = ChangeKind(record["eventName"])
        ddb = record["dynamodb"]
        item_keys = _key_values(ddb["Keys"])
        sequence = str(ddb["SequenceNumber"])
        created = _creation_time(ddb.get("ApproximateCreationDateTime"))
        ref = memory_ref(item_keys)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _fail(record, str(exc) or type(exc).__name__) from exc

    identity = record.get("userIdentity") or {}
    expired = (
        event_name is ChangeKind.REMOVE
        and isinstance(identity, Mapping)
        and identity.get("type") == "Service"
        and identity.get("principalId") == TTL_PRINCIPAL
    )
    change = StreamChange(
        event_id=str(record.get("eventID", "")),
        event_name=event_name,
        keys=item_keys,
        sequence_number=sequence,
        approximate_creation_time=created,
        ref=ref,
        expired=expired,
    )
    if ref is None:
        return change  # not a memory item: its image is never parsed

    new_raw, old_raw = ddb.get("NewImage"), ddb.get("OldImage")
    if event_name is not ChangeKind.REMOVE and new_raw is None:
        # A KEYS_ONLY / OLD_IMAGE stream cannot feed the index: fail loudly, never index nothing.
        raise _fail(record, f"{event_name} without NewImage (stream view must include new images)")
    try:
        new = memory_image(new_raw, cipher) if new_raw is not None and event_name is not ChangeKind.REMOVE else None
        old = memory_image(old_raw, cipher) if old_raw is not None else None
    except (PynamoDBException, KeyError, TypeError, ValueError, AttributeError, Base64Error) as exc:
        raise _fail(record, f"bad memory image: {exc}") from exc
    for image in (new, old):
        if image is not None and (image.tenant_id, image.user_id, image.memory_id) != (
            ref.tenant_id,
            ref.user_id,
            ref.memory_id,
        ):
            raise _fail(record, "image does not match its key")
    return replace(change, new=new, old=old)


def is_memory_record(record: Mapping[str, Any]) -> bool:
    """The indexer mapping's filter criteria (SK begins with M#): memory records, KB chunks included."""
    sk = record.get("dynamodb", {}).get("Keys", {}).get("SK", {})
    return isinstance(sk, Mapping) and str(sk.get("S", "")).startswith(key_layout.MEMORY_PREFIX)
