"""P1: the erasure fence — while an erasure of a user runs, no write can create an item of theirs.

One item per (tenant, user), `_FENCE#{tenant}#{user}` / `FENCE`, outside every user partition and
outside by_user (the erasure never deletes it, its verification never counts it). It holds the
ids of the erasures running for the user (a string set), and each one's scope (`scope#{id}`: its
persona, since/until, when it was raised), which tells the memory indexer which removals are the
erasure's (no per-memory event) and which are not (a deletion of anything else publishes).
Every write that can create an item of the user carries, in its own TransactWriteItems, a
ConditionCheck that the fence is absent: the check and the write are one atomic step, so a
write either landed before the fence went up (the erasure's passes then find it) or is refused
(ErasureInProgress) — there is no third case. An update conditioned on its item's existence
needs no check: it cannot bring back what the erasure deleted. The fence goes once the erasure
has completed; a later write starts an empty life."""

from __future__ import annotations

import random
import time
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError
from pynamodb.exceptions import PynamoDBException
from pynamodb.expressions.operand import Path
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

from engram.adapters.dynamodb.errors import cancellation_codes
from engram.adapters.dynamodb.keys import FENCE_PERSONAS, FENCE_SK, FENCE_WHOLE_USER, fence_pk
from engram.adapters.dynamodb.models import BoundModels
from engram.adapters.dynamodb.tables import TTL_ATTRIBUTE
from engram.adapters.erasure_refusal import erasure_in_progress
from engram.kernel.errors import ErasureInProgress, StoreUnavailable

FENCED = "ConditionalCheckFailed"
ERASED_MARK_SK = "ERASED#"  # + request id, beside the fence: one erasure's scope and when it was lowered
SCOPE_PREFIX = "scope#"  # + request id, on the fence: the scope of an erasure that runs
# ApproximateCreationDateTime is rounded down (to the second in AWS, to the minute in DynamoDB
# Local): a removal's time may read up to this much before the erasure was raised
STREAM_SLACK_S = 60.0


def check(tx: TransactWrite, model: type[Model], tenant_id: str, user_id: str, persona_id: str | None = None) -> None:
    """The fence's ConditionCheck, first in the transaction (PynamoDB sends condition checks
    before deletes, puts and updates): cancellation reason 0 is the fence's, the caller's own
    items follow from 1. An erasure of the whole user refuses every write of theirs; a persona's
    deletion refuses the writes of that persona (`persona_id`) only, never the user's others."""
    open_to_this = Path(FENCE_WHOLE_USER).does_not_exist()
    if persona_id is not None:
        open_to_this &= ~Path(FENCE_PERSONAS).contains(persona_id)
    unfenced = Path("PK").does_not_exist() | open_to_this
    tx.condition_check(model, fence_pk(tenant_id, user_id), FENCE_SK, condition=unfenced)


def refused(exc: PynamoDBException) -> ErasureInProgress | None:
    """The domain error when the fence refused a transaction `check` opened, else None."""
    codes = cancellation_codes(exc)
    if codes and codes[0] == FENCED:
        return erasure_in_progress()
    return None


def own_codes(exc: PynamoDBException) -> list[str | None]:
    """The cancellation reasons of the caller's items (after the fence's)."""
    return cancellation_codes(exc)[1:]


def lost(exc: PynamoDBException) -> bool:
    """The caller's one write lost its own condition (not the fence's): a single write made
    fenced, where `errors.is_condition_failure` answers for a plain one."""
    return own_codes(exc) == [FENCED]


def write_fenced(
    model: type[Model], tenant_id: str, user_id: str, write: Any, attempts: int = 4, persona_id: str | None = None
) -> None:
    """One write (`write(tx)`) with the fence's check: the single-item writes that can create an
    item become a two-item transaction. Raises ErasureInProgress when fenced, else the
    TransactWriteError with the reasons of the caller's item from position 1 (`own_codes`). A
    transaction meeting another on the same item is cancelled (TransactionConflict) where a plain
    write would have waited its turn: that is retried here."""
    for attempt in range(attempts):
        try:
            with TransactWrite(connection=model._get_connection().connection) as tx:
                check(tx, model, tenant_id, user_id, persona_id)
                write(tx)
            return
        except PynamoDBException as exc:
            fenced = refused(exc)
            if fenced is not None:
                raise fenced from exc
            own = own_codes(exc)
            if attempt + 1 < attempts and own and "TransactionConflict" in own and FENCED not in own:
                time.sleep(random.uniform(0.005, 0.02) * 2**attempt)
                continue
            raise


class DynamoErasureFence:
    """Raise and lower the fence (the erasure job)."""

    def __init__(self, models: BoundModels, mark_ttl_s: float = 86_400) -> None:
        self._models = models
        self._table = models.memory.Meta.table_name
        self._mark_ttl_s = mark_ttl_s  # the stream keeps records 24 h: no removal arrives later
        self.requests = 0

    def _call(self, op: str, **kwargs: Any) -> dict[str, Any]:
        self.requests += 1
        client: Any = self._models.memory._get_connection().connection.client  # PynamoDB's botocore client
        try:
            result: dict[str, Any] = getattr(client, op)(**kwargs)
        except (BotoCoreError, ClientError) as exc:
            if isinstance(exc, ClientError) and exc.response["Error"]["Code"] == "ConditionalCheckFailedException":
                return {}
            raise StoreUnavailable("the store is unavailable", details={"cause": type(exc).__name__}) from exc
        return result

    def _key(self, tenant_id: str, user_id: str) -> dict[str, Any]:
        return {"PK": {"S": fence_pk(tenant_id, user_id)}, "SK": {"S": FENCE_SK}}

    def raise_for(
        self,
        tenant_id: str,
        user_id: str,
        request_id: str,
        persona_id: str | None = None,
        since: float | None = None,
        until: float | None = None,
    ) -> None:
        """Idempotent: a run that resumes an erasure raises it again (its scope keeps the first
        raise's time). A persona's deletion fences that persona (`persona_id`); an erasure of the
        user fences all of it. `since`/`until`: the creation times a 'recent' erasure or a
        re-erasure covers (the writes it refuses are still all of the user's or persona's)."""
        fenced, value = (FENCE_PERSONAS, persona_id) if persona_id is not None else (FENCE_WHOLE_USER, request_id)
        scope: dict[str, Any] = {"raised_at": {"N": repr(time.time())}}  # the stream's clock, not the job's
        if persona_id is not None:
            scope["persona"] = {"S": persona_id}
        for name, bound in (("since", since), ("until", until)):
            if bound is not None:
                scope[name] = {"N": repr(bound)}
        self._call(
            "update_item",
            TableName=self._table,
            Key=self._key(tenant_id, user_id),
            UpdateExpression=f"ADD requests :r, {fenced} :s SET #scope = if_not_exists(#scope, :scope)",
            ExpressionAttributeNames={"#scope": SCOPE_PREFIX + request_id},
            ExpressionAttributeValues={":r": {"SS": [request_id]}, ":s": {"SS": [value]}, ":scope": {"M": scope}},
        )

    def lower_for(self, tenant_id: str, user_id: str, request_id: str, persona_id: str | None = None) -> None:
        """Take this erasure's id (and its persona, its scope) out; the item goes when no erasure
        of the user is left. (Two deletions of one persona at once: the first to finish lowers
        the persona's fence.)"""
        key = self._key(tenant_id, user_id)
        found = self._call("get_item", TableName=self._table, Key=key, ConsistentRead=True).get("Item", {})
        if request_id not in found.get("requests", {}).get("SS", []):
            return  # lowered already (the re-verification's runs): one read
        # The mark first: a removal of this erasure's that the stream delivers after its scope left
        # the fence is still known as the erasure's (the memory indexer publishes no event for it).
        now = time.time()
        scope = found.get(SCOPE_PREFIX + request_id, {}).get("M") or (
            {"persona": {"S": persona_id}} if persona_id is not None else {}  # raised before scopes were kept
        )
        self._call(
            "put_item",
            TableName=self._table,
            Item={
                "PK": key["PK"],
                "SK": {"S": ERASED_MARK_SK + request_id},
                **scope,
                "lowered_at": {"N": repr(now)},
                TTL_ATTRIBUTE: {"N": str(int(now + self._mark_ttl_s))},
            },
        )
        fenced, value = (FENCE_PERSONAS, persona_id) if persona_id is not None else (FENCE_WHOLE_USER, request_id)
        after = self._call(
            "update_item",
            TableName=self._table,
            Key=key,
            UpdateExpression=f"DELETE requests :r, {fenced} :s REMOVE #scope",
            ConditionExpression="attribute_exists(PK)",
            ExpressionAttributeNames={"#scope": SCOPE_PREFIX + request_id},
            ExpressionAttributeValues={":r": {"SS": [request_id]}, ":s": {"SS": [value]}},
            ReturnValues="ALL_NEW",
        )
        # No fence (lowered meanwhile), or another erasure still runs: done.
        if not after or "requests" in after.get("Attributes", {}):
            return
        self._call("delete_item", TableName=self._table, Key=key, ConditionExpression="attribute_not_exists(requests)")


def _number(item: dict[str, Any], name: str) -> float | None:
    value = item.get(name, {}).get("N")
    return float(value) if value is not None else None


def _covers(scope: dict[str, Any], persona_id: str, created_at: float, at: float) -> bool:
    """Whether the erasure of `scope` removes this record: its persona, its creation time in the
    erasure's window, and the removal (`at`, the stream's time) no earlier than the erasure began."""
    persona = scope.get("persona", {}).get("S")
    since, until, raised_at = _number(scope, "since"), _number(scope, "until"), _number(scope, "raised_at")
    return (
        (persona is None or persona == persona_id)
        and (since is None or created_at >= since)
        and (until is None or created_at <= until)
        and (raised_at is None or at >= raised_at - STREAM_SLACK_S)
    )


class DynamoErasureMarks:
    """memory.ports.ErasureMarks: one consistent Query of the fence's partition (the fence with the
    scopes of the erasures that run, and the mark each one's lowering leaves for as long as the
    stream keeps records). Only a removal one of those scopes covers is the erasure's."""

    def __init__(self, models: BoundModels) -> None:
        self._models = models
        self._table = models.memory.Meta.table_name

    def erasing(self, tenant_id: str, user_id: str, at: float, persona_id: str, created_at: float) -> bool:
        client: Any = self._models.memory._get_connection().connection.client
        try:
            items = client.query(
                TableName=self._table,
                KeyConditionExpression="PK = :pk",
                ExpressionAttributeValues={":pk": {"S": fence_pk(tenant_id, user_id)}},
                ConsistentRead=True,
            ).get("Items", [])
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the store is unavailable", details={"cause": type(exc).__name__}) from exc
        for item in items:
            sk = item.get("SK", {}).get("S", "")
            if sk == FENCE_SK:  # the erasures running now, each with its scope
                scopes = [v.get("M", {}) for name, v in item.items() if name.startswith(SCOPE_PREFIX)]
                if any(_covers(scope, persona_id, created_at, at) for scope in scopes):
                    return True
            elif sk.startswith(ERASED_MARK_SK):  # one lowered: its removals up to then
                lowered_at = _number(item, "lowered_at")
                # `at` errs early (rounded down), never late
                if lowered_at is not None and at <= lowered_at and _covers(item, persona_id, created_at, at):
                    return True
        return False
