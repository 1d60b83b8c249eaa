"""What the turn worker reads once and writes at once for one round (issue 29: requests per turn).

One read before the work: is the round still held (P1), the round memories it needs (this one:
was the job run before?; the ones before it: context), the conversation's open thread (S5) and the
persona's profile (L6 counts). One transaction after it: the new memories (facts, a flushed
thread's mid-term memory), the thread, the round extended with the rounds after it (L5), and last
the round memory with its profile count, behind the erasure fence's one check and a check that
the conversation round is still there (P1: an erasure may run and complete while the job works).
All or nothing: a worker that dies before it leaves the whole step to the job's redelivery.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engram.kernel.keys import SessionKey
from engram.memory.models import MemoryRecord, Profile, ThreadState


@dataclass(frozen=True, slots=True)
class HeldRound:
    """P1: the conversation round a job was made from. A write that carries it checks, in its own
    transaction, that the round is still stored: an erasure may start and complete (its fence
    raised and lowered again) while the job works, and then nothing of the job may land."""

    key: SessionKey
    generation: int
    seq: int


class RoundGone(Exception):
    """A write carrying a HeldRound found the conversation round gone (erased meanwhile): it wrote
    nothing, and the job must write nothing more."""


@dataclass(frozen=True, slots=True)
class TurnReads:
    round_held: bool  # the conversation round the job was made from is still stored (P1)
    rounds: dict[str, MemoryRecord]  # the round memories found among those asked for, by id
    thread: ThreadState | None  # S5: the conversation's thread item, if any
    profile: Profile  # L6: the persona's profile as read (version 0: none yet)


@dataclass(slots=True)
class TurnWrites:
    key: SessionKey
    round: MemoryRecord  # the round memory: its presence marks the job done
    round_topics: list[str]  # L6: the topics it counts in the profile
    profile: Profile | None  # the profile as read; None: changed since (read it again)
    new_memories: list[MemoryRecord] = field(default_factory=list)  # created unless their id exists
    extended: MemoryRecord | None = None  # an earlier round with a longer search key, version + 1
    thread: ThreadState | None = None  # S5: the thread to store, under `thread.version`
    thread_expires_at: float = 0.0
    # P1: the conversation round the job was made from, checked in the same transaction: an
    # erasure that ran (and lowered its fence) while the job worked deleted it, and then nothing is
    # written; None: the turn is written as given (tests, imports)
    held_round: HeldRound | None = None


@dataclass(frozen=True, slots=True)
class TurnWritten:
    stored: bool  # False: the round memory was there (the job ran before), or the round is gone; nothing written
    existing: list[str] = field(default_factory=list)  # new memories whose id was taken: not written
    round_gone: bool = False  # the conversation round was no longer held at the write (P1): nothing written
