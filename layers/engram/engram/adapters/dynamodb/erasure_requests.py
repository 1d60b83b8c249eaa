"""P1 erasure requests on the single table (PK _ERASURE#{tenant}, SK REQ#{id})."""

from __future__ import annotations

import json

from pynamodb.exceptions import DoesNotExist, PynamoDBException
from pynamodb.expressions.update import Action

from engram.adapters.dynamodb.errors import is_condition_failure, translate
from engram.adapters.dynamodb.models import BoundModels, ErasureRequestItem
from engram.privacy.models import ErasureRequest, ErasureScope, ErasureState, StoreTally

ERASURE_PK = "_ERASURE#"  # never a user's key: tenant partitions start with "T#"
DUE = "due"
REVERIFY = "reverify"  # completed, checked again by the scheduled run until its window is over
UNCONFIRMED_KEPT_S = 86_400
_OPEN = (ErasureState.CONFIRMED, ErasureState.PROCESSING)


def _pk(tenant_id: str) -> str:
    return f"{ERASURE_PK}{tenant_id}"


def _sk(request_id: str) -> str:
    return f"REQ#{request_id}"


class DynamoErasureRequests:
    def __init__(self, models: BoundModels) -> None:
        self._m = models.erasure

    def _item(self, r: ErasureRequest, token_hash: str | None = None) -> ErasureRequestItem:
        return self._m(
            _pk(r.tenant_id),
            _sk(r.request_id),
            request_id=r.request_id,
            tenant_id=r.tenant_id,
            user_id=r.user_id,
            user_hash=r.user_hash,
            scope=r.scope.value,
            state=r.state.value,
            requested_at=r.requested_at,
            requested_by=r.requested_by,
            token_hash=token_hash or "",
            token_expires_at=r.token_expires_at,
            confirmed_at=r.confirmed_at,
            completed_at=r.completed_at,
            tallies=json.dumps({k: v.as_dict() for k, v in r.tallies.items()}, sort_keys=True) if r.tallies else None,
            receipt=json.dumps(r.receipt, sort_keys=True) if r.receipt is not None else None,
            error=r.error,
            erasure_status=DUE
            if r.state in _OPEN
            else REVERIFY
            if r.state == ErasureState.COMPLETED and r.user_id
            else None,
            persona_id=r.persona_id,
            until=r.until,
            reapplies=r.reapplies,
            version=r.version,
            # a request never confirmed goes a day after its token (it names the user in plain);
            # a confirmed one stays: its receipt is the proof
            expires_at=r.token_expires_at + UNCONFIRMED_KEPT_S if r.state == ErasureState.PENDING else None,
        )

    def create(self, request: ErasureRequest, token_hash: str) -> bool:
        """False when a request with this id exists already."""
        m = self._m
        try:
            self._item(request, token_hash).save(condition=m.pk.does_not_exist())
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    def get(self, tenant_id: str, request_id: str) -> tuple[ErasureRequest, str] | None:
        try:
            item = self._m.get(_pk(tenant_id), _sk(request_id), consistent_read=True)
        except DoesNotExist:
            return None
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return _request(item), item.token_hash

    def update(self, request: ErasureRequest, expected_version: int, holder: str | None = None) -> bool:
        """Every attribute but the token hash, under the version; what is None is removed (the
        user id once the re-verification is over, which leaves the index)."""
        m = self._m
        item = self._item(request)
        actions: list[Action] = []
        for name, attr in m.get_attributes().items():
            if name in ("pk", "sk", "token_hash", "holder", "lease_until"):
                continue
            value = getattr(item, name)
            actions.append(attr.remove() if value is None else attr.set(value))
        actions += [m.holder.set(holder)] if holder else [m.holder.remove(), m.lease_until.remove()]
        try:
            m(item.pk, item.sk).update(actions=actions, condition=m.pk.exists() & (m.version == expected_version))
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False
            raise translate(exc) from exc
        return True

    def due(self, limit: int) -> list[ErasureRequest]:
        try:
            items = self._m.due_requests.query(DUE, limit=limit)
            return [_request(i) for i in items]
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def reverifying(self, limit: int) -> list[ErasureRequest]:
        """Completed erasures still in their re-verification window, oldest first."""
        try:
            return [_request(i) for i in self._m.due_requests.query(REVERIFY, limit=limit)]
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def claim(self, request: ErasureRequest, holder: str, lease_until: float, now: float) -> ErasureRequest | None:
        m = self._m
        target = m(_pk(request.tenant_id), _sk(request.request_id))
        free = m.holder.does_not_exist() | (m.lease_until < now) | (m.holder == holder)
        try:
            target.update(
                actions=[
                    m.state.set(ErasureState.PROCESSING.value),
                    m.holder.set(holder),
                    m.lease_until.set(lease_until),
                    m.version.add(1),
                ],
                condition=(m.erasure_status == DUE) & free,  # never a completed one back to work
            )
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return None
            raise translate(exc) from exc
        return _request(target)


def _request(i: ErasureRequestItem) -> ErasureRequest:
    tallies = {k: StoreTally(**v) for k, v in json.loads(i.tallies).items()} if i.tallies else {}
    return ErasureRequest(
        request_id=i.request_id,
        tenant_id=i.tenant_id,
        user_id=i.user_id,
        user_hash=i.user_hash,
        scope=ErasureScope(i.scope),
        state=ErasureState(i.state),
        requested_at=float(i.requested_at),
        token_expires_at=float(i.token_expires_at),
        requested_by=i.requested_by,
        confirmed_at=float(i.confirmed_at) if i.confirmed_at is not None else None,
        completed_at=float(i.completed_at) if i.completed_at is not None else None,
        tallies=tallies,
        receipt=json.loads(i.receipt) if i.receipt else None,
        error=i.error,
        version=int(i.version),
        persona_id=i.persona_id,
        until=float(i.until) if i.until is not None else None,
        reapplies=i.reapplies,
    )
