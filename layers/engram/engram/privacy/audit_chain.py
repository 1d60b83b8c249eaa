"""P6: a hash chain per audit subject, so a changed, deleted or reordered entry shows.

Entry n carries `seq` = n, `prev_hash` = entry n-1's `hash` (GENESIS for the first), `digest` =
SHA-256 of its own content (every field, its key and its position included) and `hash` =
SHA-256(prev_hash, digest). The subject's head item holds the last seq and hash, and is only
ever moved on by a conditional write from n to n+1 together with entry n+1 (one transaction),
so two writers never both write entry n+1: the chain cannot fork, and the head shows entries cut
from its end. Anyone can recompute the chain (no key): it shows a change made beside the writer
(a console edit, a stray script, a restored copy); IAM keeps every role but the writer's from
writing the table at all (docs/architecture.md)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engram.privacy.models import AuditEntry

GENESIS = "0" * 64  # the prev_hash of a subject's first entry
CONTENT: tuple[str, ...] = ("tenant_id", "subject", "at", "entry_id", "action", "actor_kind", "actor", "outcome")
CONTENT += ("reason", "ip", "user_agent", "request_id", "seq", "prev_hash")


@dataclass(frozen=True, slots=True)
class ChainHead:
    seq: int
    hash: str


EMPTY = ChainHead(0, GENESIS)


def digest(entry: AuditEntry) -> str:
    content = {name: getattr(entry, name) for name in CONTENT}
    content["at"] = f"{entry.at:.6f}"  # as the key holds it: a float's repr is not a contract
    canonical = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def link(prev_hash: str, content_digest: str) -> str:
    return hashlib.sha256(f"{prev_hash}:{content_digest}".encode()).hexdigest()


def chained(entry: AuditEntry, head: ChainHead) -> AuditEntry:
    """The entry as the next one after `head`."""
    placed = replace(entry, seq=head.seq + 1, prev_hash=head.hash, digest="", hash="")
    content_digest = digest(placed)
    return replace(placed, digest=content_digest, hash=link(head.hash, content_digest))


@dataclass(frozen=True, slots=True)
class ChainReport:
    ok: bool
    entries: int  # how many entries the subject has
    broken_seq: int | None = None  # the first entry that does not hold (None: the chain holds)
    broken_at: float | None = None  # its time, when there is such an entry
    problem: str = ""

    def as_dict(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "entries": self.entries,
            "broken_seq": self.broken_seq,
            "broken_at": self.broken_at,
            "problem": self.problem,
        }


def verify(entries: Sequence[AuditEntry], head: ChainHead | None) -> ChainReport:
    """Walks the chain from entry 1 and names the first entry that does not hold."""
    ordered = sorted(entries, key=lambda e: (e.seq, e.at))
    last = EMPTY
    for expected, entry in enumerate(ordered, start=1):
        if entry.seq != expected:
            where = "has no place in the chain" if entry.seq < expected else f"follows a gap: entry {expected} is gone"
            broken = expected if entry.seq > expected else entry.seq
            return _broken(len(ordered), broken, entry.at, f"entry {entry.seq} {where}")
        if digest(entry) != entry.digest:
            return _broken(len(ordered), expected, entry.at, f"entry {expected} was changed after it was written")
        if entry.prev_hash != last.hash or link(entry.prev_hash, entry.digest) != entry.hash:
            return _broken(len(ordered), expected, entry.at, f"entry {expected} does not follow entry {expected - 1}")
        last = ChainHead(expected, entry.hash)
    head = head or EMPTY
    if head.seq > last.seq:
        problem = f"the head says {head.seq} entries, the chain holds {last.seq}: entries were removed from its end"
        return _broken(len(ordered), last.seq + 1, None, problem)
    if head != last:  # the head was rewritten: the first entry it does not vouch for is named
        seq = min(head.seq + 1, last.seq)
        problem = f"the head (entry {head.seq}) does not match the chain (entry {last.seq}): the head was rewritten"
        return _broken(len(ordered), seq, ordered[seq - 1].at, problem)
    return ChainReport(ok=True, entries=len(ordered))


def _broken(count: int, seq: int, at: float | None, problem: str) -> ChainReport:
    return ChainReport(ok=False, entries=count, broken_seq=seq, broken_at=at, problem=problem)
