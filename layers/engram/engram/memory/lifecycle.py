"""The daily lifecycle job (R1–R5, seed 004): what is due is compressed, archived or deleted.

It reads only the sparse `compression_due` index (items whose score has crossed the threshold,
archives whose grace period is over, users marked at capacity), never the table. Every step
is one conditional write together with its log lines, so a run killed midway and run again
finishes without doubling anything, and two concurrent runs never process a memory twice:
the loser of each race finds the version moved and skips it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from engram.kernel.clock import Clock
from engram.kernel.errors import Conflict, EngramError
from engram.kernel.ports import MetricsSink
from engram.memory.lifecycle_policy import ARCHIVED_STATUSES, LifecyclePolicy
from engram.memory.models import ArchiveReason, DueRef, MemoryRecord, MemoryStatus, Namespace, SearchFilter
from engram.memory.ports import MemoryCompressor, MemoryIndex, MemoryRepository
from engram.settings import Settings


@dataclass(frozen=True, slots=True)
class ShortForm:
    text: str | None  # None: archived as it is
    method: str


class ShortFormMaker:
    """R2: the model's short form when one is configured, checked against the byte budget;
    the extractive fallback when the model fails or overshoots. Memories shorter than
    `compress_min_bytes` are archived as they are: there is nothing worth compressing."""

    def __init__(self, settings: Settings, fallback: MemoryCompressor, model: MemoryCompressor | None = None) -> None:
        self._s = settings
        self._fallback = fallback
        self._model = model

    def budget(self, text: str) -> int:
        return int(len(text.encode("utf-8")) * (1.0 - self._s.compression_target_ratio))

    def make(self, text: str) -> ShortForm:
        if len(text.encode("utf-8")) < self._s.compress_min_bytes:
            return ShortForm(None, "none")
        budget = self.budget(text)
        if self._model is not None:
            try:
                short = self._model.compress(text, budget).strip()
            except EngramError:
                short = ""  # the fallback below keeps the job going; the metric says it happened
            if short and len(short.encode("utf-8")) <= budget:
                return ShortForm(short, self._model.name)
        short = self._fallback.compress(text, budget).strip()
        return ShortForm(short or None, self._fallback.name if short else "none")


@dataclass
class LifecycleJob:
    repo: MemoryRepository
    short_forms: ShortFormMaker
    policy: LifecyclePolicy
    settings: Settings
    clock: Clock
    metrics: MetricsSink

    def run(self, now: float | None = None, remaining_s: Callable[[], float] | None = None) -> dict[str, int]:
        """One run. `remaining_s`: time left before the caller must stop (Lambda's remaining time);
        the run stops early and the rest stays due for the next one."""
        now = self.clock.now() if now is None else now
        limit = self.settings.lifecycle_max_items_per_run
        refs = self.repo.due(now, limit)
        counts: Counter[str] = Counter(due=len(refs))
        # Capacity first (R4: lowest first, reason capacity_limit), then each memory's own due step.
        for ref in sorted(refs, key=lambda r: r.memory_id is not None):
            if remaining_s is not None and remaining_s() < self.settings.lifecycle_stop_margin_s:
                counts["stopped_early"] = 1
                break
            if ref.memory_id is None:
                counts.update(self.capacity(ref, now))
            else:
                counts[self._one(ref, now)] += 1
        self._report(counts)
        return dict(counts)

    def _one(self, ref: DueRef, now: float) -> str:
        assert ref.memory_id is not None
        record = self.repo.get(ref.tenant_id, ref.user_id, ref.memory_id)
        if record is None:
            return "gone"
        due_at = self.policy.due_at(record)
        if due_at is None or due_at > now:
            # An access moved the date after the index entry was read: put the right one there.
            self.repo.reschedule(record)
            return "rescheduled"
        try:
            if record.status in ARCHIVED_STATUSES:
                return self._delete(record, now)
            return self.archive(record, ArchiveReason.LOW_IMPORTANCE, now)
        except Conflict:
            return "skipped"  # changed meanwhile (a user's edit, or a concurrent run did it)

    def archive(self, record: MemoryRecord, reason: ArchiveReason, now: float) -> str:
        """Compress (or, when too short, archive as it is) one active memory; Conflict if it moved."""
        short = self.short_forms.make(record.content)
        after = self.policy.archived(record, reason=reason, now=now, summary=short.text, method=short.method)
        # Conditional on all the decision was made from: the version (content, importance, decay
        # start) and the access count, which an access raises without a new version.
        self.repo.replace(
            after,
            record.version,
            log=self.policy.archive_entries(record, after, now),
            expected_access_count=record.access_count,
        )
        assert after.archive is not None
        if after.status == MemoryStatus.COMPRESSED:
            self.metrics.put("memory_compression_rate", after.archive.ratio * 100, unit="Percent")
        self.metrics.put("memory_archive_count", reason=reason.value)
        return "compressed" if after.status == MemoryStatus.COMPRESSED else "archived"

    def _delete(self, record: MemoryRecord, now: float) -> str:
        entry = self.policy.delete_entry(record, now, reason="archive_grace_period")
        if not self.repo.delete(
            record.tenant_id, record.user_id, record.memory_id, expected_version=record.version, log=[entry]
        ):
            return "skipped"
        return "deleted"

    def capacity(self, ref: DueRef, now: float) -> Counter[str]:
        """R4: at 90 % of the user's limit, compress the lowest effective scores below the
        threshold, at most 10 % of the limit per run; the mark stays while there is more to do."""
        s = self.settings
        counts: Counter[str] = Counter(capacity_checked=1)
        active = self.repo.list(
            ref.tenant_id, ref.user_id, namespaces=(Namespace.MEMORY,), statuses=(MemoryStatus.ACTIVE,), now=now
        )
        more = False
        if len(active) >= s.capacity_trigger_ratio * s.user_capacity:
            below = sorted(
                (r for r in active if self.policy.decays(r) and self.policy.is_below(r, now)),
                key=lambda r: (self.policy.effective(r, now), r.created_at, r.memory_id),
            )
            batch = max(1, int(s.compress_max_fraction * s.user_capacity))
            for listed in below[:batch]:
                record = self.repo.get(ref.tenant_id, ref.user_id, listed.memory_id)  # lists omit embeddings
                if record is None or record.status != MemoryStatus.ACTIVE:
                    continue
                try:
                    counts["capacity_" + self.archive(record, ArchiveReason.CAPACITY_LIMIT, now)] += 1
                except Conflict:
                    counts["skipped"] += 1
            more = len(below) > batch
        if not more:
            self.repo.clear_capacity(ref.tenant_id, ref.user_id, ref.due_at)
        return counts

    def _report(self, counts: Counter[str]) -> None:
        decayed = counts["compressed"] + counts["archived"]
        if decayed:
            self.metrics.put("memory_decayed", float(decayed))
        if counts["deleted"]:
            self.metrics.put("memory_archive_deleted", float(counts["deleted"]))


class CapacityWatch:
    """R4's trigger at write time (and L9's mark): after new memories, count the user's active ones in the index
    (at most once per user per interval in this warm environment) and mark the user for the
    lifecycle job at 90 % of the limit, so a user filling up is handled at the next run."""

    def __init__(self, index: MemoryIndex, repo: MemoryRepository, settings: Settings, clock: Clock) -> None:
        self._index = index
        self._repo = repo
        self._s = settings
        self._clock = clock
        self._checked: dict[tuple[str, str], float] = {}

    def after_write(self, tenant_id: str, user_id: str) -> bool:
        now = self._clock.now()
        key = (tenant_id, user_id)
        last = self._checked.get(key)
        if last is not None and now - last < self._s.capacity_check_interval_s:
            return False
        if len(self._checked) > 10_000:  # bounded: a warm environment serves many users
            self._checked.clear()
        self._checked[key] = now
        # L9: the user has new memories; the weekly consolidation looks a week from now (a waiting
        # mark is kept, so an active user is not put off forever)
        self._repo.mark_consolidation(tenant_id, user_id, now + self._s.consolidation_delay_days * 86_400)
        flt = SearchFilter(tenant_id=tenant_id, user_id=user_id, now=now)
        if self._index.count(flt) < self._s.capacity_trigger_ratio * self._s.user_capacity:
            return False
        self._repo.mark_capacity(tenant_id, user_id, now)
        return True
