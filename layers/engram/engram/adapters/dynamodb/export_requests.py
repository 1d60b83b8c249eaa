"""P2 large-export records on the single table, in the user's own space (PK
T#{tenant}#U#{user}#EXPORTS, SK EXP#{id}, in by_user): an erasure finds them like the rest of
the user's items and deletes their documents with them. Due ones are found through the sparse
erasure_requests index (partition "export_due"), never a scan."""

from __future__ import annotations

from pynamodb.exceptions import DoesNotExist, PynamoDBException
from pynamodb.expressions.update import Action

from engram.adapters.dynamodb import erasure_fence as fence
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import is_condition_failure, translate
from engram.adapters.dynamodb.models import BoundModels, ExportRequestItem
from engram.privacy.export_jobs import ExportRequest, ExportState

EXPORTS = "#EXPORTS"
DUE = "export_due"


def _pk(tenant_id: str, user_id: str) -> str:
    return keys.user_key(tenant_id, user_id) + EXPORTS


class DynamoExportRequests:
    def __init__(self, models: BoundModels) -> None:
        self._m = models.export

    def _item(self, r: ExportRequest) -> ExportRequestItem:
        return self._m(
            _pk(r.tenant_id, r.user_id),
            f"EXP#{r.export_id}",
            user_key=keys.user_key(r.tenant_id, r.user_id),
            export_id=r.export_id,
            tenant_id=r.tenant_id,
            user_id=r.user_id,
            state=r.state.value,
            requested_at=r.requested_at,
            completed_at=r.completed_at,
            object_key=r.object_key,
            items=r.items,
            error=r.error,
            version=r.version,
            erasure_status=DUE if r.state == ExportState.PROCESSING else None,
            expires_at=r.expires_at,
        )

    def create(self, request: ExportRequest) -> None:
        m, item = self._m, self._item(request)
        try:  # P1: a record in the user's space: with the erasure fence's check
            fence.write_fenced(
                m, request.tenant_id, request.user_id, lambda tx: tx.save(item, condition=m.pk.does_not_exist())
            )
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def get(self, tenant_id: str, user_id: str, export_id: str) -> ExportRequest | None:
        try:
            item = self._m.get(_pk(tenant_id, user_id), f"EXP#{export_id}", consistent_read=True)
        except DoesNotExist:
            return None
        except PynamoDBException as exc:
            raise translate(exc) from exc
        return _request(item)

    def due(self, limit: int) -> list[ExportRequest]:
        try:
            return [_request(i) for i in self._m.due_requests.query(DUE, limit=limit)]
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def update(self, request: ExportRequest, expected_version: int) -> bool:
        m = self._m
        item = self._item(request)
        actions: list[Action] = []
        for name, attr in m.get_attributes().items():
            if name in ("pk", "sk", "user_key"):
                continue
            value = getattr(item, name)
            actions.append(attr.remove() if value is None else attr.set(value))
        try:
            m(item.pk, item.sk).update(actions=actions, condition=m.pk.exists() & (m.version == expected_version))
        except PynamoDBException as exc:
            if is_condition_failure(exc):
                return False  # another run finished it
            raise translate(exc) from exc
        return True


def _request(i: ExportRequestItem) -> ExportRequest:
    return ExportRequest(
        export_id=i.export_id,
        tenant_id=i.tenant_id,
        user_id=i.user_id,
        state=ExportState(i.state),
        requested_at=float(i.requested_at),
        expires_at=float(i.expires_at or 0),
        completed_at=float(i.completed_at) if i.completed_at is not None else None,
        object_key=i.object_key,
        items=int(i.items) if i.items is not None else None,
        error=i.error,
        version=int(i.version),
    )
