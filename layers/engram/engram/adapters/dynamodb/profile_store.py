"""Per-persona profile item (L4 pinned core facts, L6 learned profile): one GetItem per prompt."""

from __future__ import annotations

import json

from pynamodb.exceptions import DoesNotExist, PynamoDBException

from engram.adapters.crypto.cipher import FieldCipher
from engram.adapters.dynamodb import erasure_fence as fence
from engram.adapters.dynamodb import keys
from engram.adapters.dynamodb.errors import translate
from engram.adapters.dynamodb.memory_store import save_fenced
from engram.adapters.dynamodb.models import BoundModels, ProfileItem
from engram.kernel.clock import Clock, SystemClock
from engram.memory.models import Profile
from engram.memory.turn_batch import HeldRound


class DynamoProfileStore:
    def __init__(self, models: BoundModels, clock: Clock | None = None) -> None:
        self._m = models.profile
        self._session = models.session
        self._c = models.cipher  # P3: pinned facts are memory content
        self._clock = clock or SystemClock()

    def _read(self, tenant_id: str, user_id: str, persona_id: str) -> ProfileItem | None:
        try:
            return self._m.get(keys.memory_pk(tenant_id, user_id), keys.profile_sk(persona_id))
        except DoesNotExist:
            return None
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def get(self, tenant_id: str, user_id: str, persona_id: str) -> Profile:
        return self._profile(tenant_id, user_id, persona_id, self._read(tenant_id, user_id, persona_id))

    def _profile(self, tenant_id: str, user_id: str, persona_id: str, item: ProfileItem | None) -> Profile:
        return profile_of(self._c, persona_id, item)

    def update(
        self,
        tenant_id: str,
        user_id: str,
        persona_id: str,
        *,
        pin: dict[str, str] | None = None,
        unpin: list[str] | None = None,
        topics: list[str] | None = None,
        mentions: int = 0,
        attempts: int = 5,
        held: HeldRound | None = None,
    ) -> Profile:
        """Read-modify-write under a version condition (retried): concurrent workers never lose an update.
        With `held`, only while that conversation round is stored (RoundGone when an erasure took it)."""
        m = self._m
        for _ in range(attempts):
            stored = self._read(tenant_id, user_id, persona_id)
            current = self._profile(tenant_id, user_id, persona_id, stored)
            began = stored.created_at if stored is not None and stored.created_at else self._clock.now()
            pinned = {**current.pinned, **(pin or {})}
            for memory_id in unpin or []:
                pinned.pop(memory_id, None)
            counts = dict(current.topic_counts)
            for topic in topics or []:
                counts[topic] = counts.get(topic, 0) + 1
            pk = keys.memory_pk(tenant_id, user_id)
            item = m(
                pk,
                keys.profile_sk(persona_id),
                pinned=self._c.seal(pk, "pinned", json.dumps(pinned, ensure_ascii=False)),
                topic_counts=self._c.seal(pk, "topic_counts", json.dumps(counts, ensure_ascii=False)),
                persona_mentions=current.persona_mentions + mentions,
                version=current.version + 1,
                user_key=keys.user_key(tenant_id, user_id),
                plan=current.plan,
                created_at=began,
            )
            condition = m.pk.does_not_exist() if current.version == 0 else (m.version == current.version)
            if not save_fenced(m, self._session, (tenant_id, user_id, persona_id), item, condition, held):
                continue  # another update won the version: read again
            return Profile(
                persona_id, pinned, counts, current.persona_mentions + mentions, current.version + 1, current.plan
            )
        raise translate(PynamoDBException("profile update contention"))

    def set_plan(self, tenant_id: str, user_id: str, persona_id: str, plan: str) -> None:
        """L10: record the user's plan for background work (one UpdateItem, no read; ADD on
        `version` makes a concurrent read-modify-write in `update` retry, so nothing is lost)."""
        m = self._m
        item = m(keys.memory_pk(tenant_id, user_id), keys.profile_sk(persona_id))
        actions = [
            m.plan.set(plan),
            m.version.add(1),
            m.user_key.set(keys.user_key(tenant_id, user_id)),
            m.created_at.set(m.created_at | self._clock.now()),
        ]
        try:  # an upsert: with the erasure fence's check (P1)
            fence.write_fenced(
                m, tenant_id, user_id, lambda tx: tx.update(item, actions=actions), persona_id=persona_id
            )
        except PynamoDBException as exc:
            raise translate(exc) from exc

    def count_mention(self, tenant_id: str, user_id: str, persona_id: str) -> None:
        """L6: one more round with this persona, as one atomic UpdateItem (no read).

        ADD on `version` too: a concurrent read-modify-write in `update` then fails its
        version condition and retries, so neither change is lost.
        """
        m = self._m
        item = m(keys.memory_pk(tenant_id, user_id), keys.profile_sk(persona_id))
        actions = [
            m.persona_mentions.add(1),
            m.version.add(1),
            m.user_key.set(keys.user_key(tenant_id, user_id)),
            m.created_at.set(m.created_at | self._clock.now()),
        ]
        try:  # an upsert: with the erasure fence's check (P1)
            fence.write_fenced(
                m, tenant_id, user_id, lambda tx: tx.update(item, actions=actions), persona_id=persona_id
            )
        except PynamoDBException as exc:
            raise translate(exc) from exc


def profile_of(c: FieldCipher, persona_id: str, item: ProfileItem | None) -> Profile:
    """The domain profile of a profile item (None: the persona has none yet)."""
    if item is None:
        return Profile(persona_id)
    return Profile(
        persona_id=persona_id,
        pinned=json.loads(c.read(item.pk, "pinned", item.pinned) or "{}"),
        topic_counts={
            k: int(v) for k, v in json.loads(c.read(item.pk, "topic_counts", item.topic_counts) or "{}").items()
        },
        persona_mentions=int(item.persona_mentions or 0),
        version=int(item.version or 0),
        plan=item.plan,
    )


def _counts(c: FieldCipher, item: ProfileItem) -> dict[str, int]:
    return {k: int(v) for k, v in json.loads(c.read(item.pk, "topic_counts", item.topic_counts) or "{}").items()}
