"""L9 weekly consolidation: old memories grouped by topic and month into one higher-level
`summary` memory linked to its sources; superseded members lose importance.

Users come from a sparse mark (`~CONSOLIDATE`, written when a user's memories are written,
at most once per user per day per warm environment) in their own shards of the
`compression_due` index, due a week later: the weekly run reads only users with new memories,
never the table. A group's summary id derives from (persona, topic, month), so a group is never
consolidated twice; a run killed midway leaves the mark in place and the next run does only the
groups still missing. Extractive (no model call): the members' own words, in order.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from engram.kernel.clock import Clock
from engram.kernel.errors import Conflict
from engram.kernel.ports import MetricsSink
from engram.memory.models import DueRef, MemoryRecord, MemoryStatus, MemoryType, Namespace, plain_topics
from engram.memory.ports import MemoryRepository
from engram.memory.retrieval import SUPERSEDED_TAG
from engram.memory.scoring import DAY_S
from engram.settings import Settings

CONSOLIDATED_TAG = "consolidated"  # on a member once its group's summary exists


def group_topic(record: MemoryRecord) -> str | None:
    """The topic a memory is grouped under: its first plain topic (not a machine tag)."""
    return next(iter(plain_topics(record.topics)), None)


def month_of(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m")


def summary_id(persona_id: str, topic: str, month: str) -> str:
    digest = hashlib.sha1(f"{persona_id}|{topic}|{month}".encode(), usedforsecurity=False).hexdigest()
    return f"sum-{digest[:24]}"


@dataclass
class ConsolidationJob:
    repo: MemoryRepository
    settings: Settings
    clock: Clock
    metrics: MetricsSink

    def run(self, now: float | None = None) -> dict[str, int]:
        now = self.clock.now() if now is None else now
        marks = self.repo.due_consolidation(now, self.settings.lifecycle_max_items_per_run)
        counts = {"users": len(marks), "summaries": 0, "members": 0, "demoted": 0}
        for mark in marks:
            made, members, demoted = self.consolidate_user(mark, now)
            counts["summaries"] += made
            counts["members"] += members
            counts["demoted"] += demoted
            self.repo.clear_consolidation(mark.tenant_id, mark.user_id, mark.due_at)
        if counts["summaries"]:
            self.metrics.put("memory_consolidated", float(counts["summaries"]))
        return counts

    def consolidate_user(self, mark: DueRef, now: float) -> tuple[int, int, int]:
        s = self.settings
        records = self.repo.list(
            mark.tenant_id, mark.user_id, namespaces=(Namespace.MEMORY,), statuses=(MemoryStatus.ACTIVE,), now=now
        )
        old = [
            r
            for r in records
            if r.type != MemoryType.SUMMARY
            and not r.pinned
            and r.created_at <= now - s.consolidation_min_age_days * DAY_S
            and CONSOLIDATED_TAG not in r.topics
        ]
        groups: dict[tuple[str, str, str], list[MemoryRecord]] = defaultdict(list)
        for r in old:
            topic = group_topic(r)
            if topic is not None:
                groups[(r.persona_id, topic, month_of(r.created_at))].append(r)
        made = members = demoted = 0
        for (persona_id, topic, month), group in sorted(groups.items()):
            if len(group) < s.consolidation_min_group:
                continue
            group.sort(key=lambda r: (r.created_at, r.memory_id))
            summary = self._summary(mark, persona_id, topic, month, group, now)
            if self.repo.put_new(summary):
                made += 1
            for r in group:
                members += 1
                demoted += self._mark_member(mark, r, summary.memory_id, now)
        return made, members, demoted

    def _summary(
        self, mark: DueRef, persona_id: str, topic: str, month: str, group: list[MemoryRecord], now: float
    ) -> MemoryRecord:
        budget = self.settings.midterm_summary_chars
        parts: list[str] = []
        used = 0
        for r in group:
            if SUPERSEDED_TAG in r.topics:
                continue  # the summary tells what held, not what was replaced
            if used + len(r.content) + 2 > budget:
                break
            parts.append(r.content)
            used += len(r.content) + 2
        content = f"{month} · {topic}: " + "; ".join(parts or [group[-1].content])
        return MemoryRecord(
            memory_id=summary_id(persona_id, topic, month),
            tenant_id=mark.tenant_id,
            user_id=mark.user_id,
            persona_id=persona_id,
            type=MemoryType.SUMMARY,
            content=content,
            importance=max(r.importance for r in group),
            created_at=group[-1].created_at,
            updated_at=now,
            source_turn_ids=[t for r in group for t in r.source_turn_ids][:100],
            topics=[topic, f"span:{month}"],
            links=[r.memory_id for r in group][: self.settings.max_links],
            language=group[-1].language,
        )

    def _mark_member(self, mark: DueRef, r: MemoryRecord, summary: str, now: float) -> int:
        """Link the member to its summary; a superseded member loses importance, once."""
        full = self.repo.get(mark.tenant_id, mark.user_id, r.memory_id)  # lists omit embeddings
        if full is None or CONSOLIDATED_TAG in full.topics:
            return 0
        superseded = SUPERSEDED_TAG in full.topics
        changed = replace(
            full,
            topics=[*full.topics, CONSOLIDATED_TAG],
            links=list(dict.fromkeys([summary, *full.links]))[: self.settings.max_links],
            importance=round(full.importance * 0.5, 4) if superseded else full.importance,
            version=full.version + 1,
            updated_at=now,
        )
        try:
            self.repo.replace(changed, full.version)
        except Conflict:
            return 0  # changed meanwhile: the next run sees it again
        return int(superseded)
