"""W4: erasures an unfollow scheduled after the channel's grace, on the single table (PK
_LINEUNFOLLOW#, never a user's key). One item per (channel, user), its sort key led by the due
time so the scheduled run reads what is due in one Query; a re-follow deletes it. The item names
the LINE user (the erasure needs it) and lives only until the erasure starts or is cancelled."""

from __future__ import annotations

import json

from pynamodb.exceptions import PynamoDBException

from engram.adapters.dynamodb.errors import translate
from engram.adapters.dynamodb.models import BoundModels
from engram.line.models import UnfollowErasure

PK = "_LINEUNFOLLOW#"


def _sk(item: UnfollowErasure) -> str:
    return f"D#{item.due_at:017.3f}#{item.channel_id}#{item.user_id}"


class DynamoUnfollowErasures:
    def __init__(self, models: BoundModels) -> None:
        self._m = models.job_state  # a small item with a JSON body, like a job's cursor

    def schedule(self, item: UnfollowErasure) -> None:
        body = {"tenant_id": item.tenant_id, "user_id": item.user_id, "channel_id": item.channel_id}
        try:
            self.cancel(item.channel_id, item.user_id)  # one schedule per user and channel: the latest
            self._m(PK, _sk(item), state=json.dumps({**body, "due_at": item.due_at})).save()
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def _all(self) -> list[tuple[str, UnfollowErasure]]:
        m = self._m
        try:
            return [(i.sk, UnfollowErasure(**json.loads(i.state))) for i in m.query(PK, m.sk.startswith("D#"))]
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def cancel(self, channel_id: str, user_id: str) -> bool:
        found = [sk for sk, e in self._all() if e.channel_id == channel_id and e.user_id == user_id]
        for sk in found:
            self._delete(sk)
        return bool(found)

    def due(self, now: float, limit: int) -> list[UnfollowErasure]:
        m = self._m
        try:
            items = m.query(PK, m.sk.between("D#", f"D#{now:017.3f}~"), limit=limit, consistent_read=True)
            return [UnfollowErasure(**json.loads(i.state)) for i in items]
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def done(self, item: UnfollowErasure) -> None:
        self._delete(_sk(item))

    def _delete(self, sk: str) -> None:
        try:
            self._m(PK, sk).delete()
        except PynamoDBException as exc:
            raise translate(exc) from exc
