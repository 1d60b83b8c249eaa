"""JobState on the single table: one small item per job (PK _JOB#{name}, SK ~STATE)."""

from __future__ import annotations

import json

from pynamodb.exceptions import DoesNotExist, PynamoDBException

from engram.adapters.dynamodb.errors import translate
from engram.adapters.dynamodb.models import BoundModels

JOB_PK = "_JOB#"  # never a user's key: tenant partitions start with "T#"
STATE_SK = "~STATE"


class DynamoJobState:
    def __init__(self, models: BoundModels) -> None:
        self._m = models.job_state

    def load(self, job: str) -> dict[str, str | None]:
        try:
            item = self._m.get(f"{JOB_PK}{job}", STATE_SK, consistent_read=True)
        except DoesNotExist:
            return {}
        except PynamoDBException as exc:
            raise translate(exc) from exc
        state: dict[str, str | None] = json.loads(item.state)
        return state

    def save(self, job: str, state: dict[str, str | None]) -> None:
        try:
            self._m(f"{JOB_PK}{job}", STATE_SK, state=json.dumps(state, sort_keys=True)).save()
        except PynamoDBException as exc:
            raise translate(exc) from exc
