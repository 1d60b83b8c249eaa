"""Single-table key layout (ARCHITECTURE §4).

Session partition: META and every round of one conversation, so one descending
Query returns the meta and the last N rounds. Ids never contain '#': the API
validates them, so keys cannot collide across tenants or users.
"""

from __future__ import annotations

from engram.kernel.keys import SessionKey

META_SK = "~META"  # sorts after every TURN#, so a descending query sees it first
TURN_PREFIX = "TURN#"
REQUEST_PREFIX = "REQ#"  # per-request marker that makes appends exactly-once
WINDOW_PREFIX = "REQW#"  # D1: the request a text started, for the dedup window; sorts before TURN#
RUN_PREFIX = "RUN#"  # a closed run and its session memory (S6); sorts before TURN#
LEASE_PREFIX = "#LEASE#"  # sorts before TURN#: never in the way of the recent-window query
IDEM_SK = "~IDEM"


def user_key(tenant_id: str, user_id: str) -> str:
    """Partition key of the by_user GSI: enumerates everything a user has (erasure, export)."""
    return f"T#{tenant_id}#U#{user_id}"


FENCE_PK = "_FENCE#"  # P1: the erasure fence, outside every user partition (those start with "T#")
FENCE_SK = "FENCE"
FENCE_WHOLE_USER = "whole_user"  # on the fence: string set of the erasures of the whole user that run
FENCE_PERSONAS = "personas"  # on the fence: string set of the personas whose deletion runs


def fence_pk(tenant_id: str, user_id: str) -> str:
    return f"{FENCE_PK}{tenant_id}#{user_id}"


def fence_pk_of_owner(owner: str) -> str:
    """The fence of the user a user_key (T#{tenant}#U#{user}) names (ids never contain '#')."""
    _, tenant_id, _, user_id = owner.split("#")
    return fence_pk(tenant_id, user_id)


def session_pk(key: SessionKey) -> str:
    return f"{user_key(key.tenant_id, key.user_id)}#P#{key.persona_id}#S#{key.session_id}"


def turn_sk(generation: int, seq: int) -> str:
    return f"{TURN_PREFIX}{generation:013d}#{seq:08d}"


def turn_prefix(generation: int) -> str:
    return f"{TURN_PREFIX}{generation:013d}#"


def parse_turn_sk(sk: str) -> tuple[int, int]:
    _, generation, seq = sk.split("#")
    return int(generation), int(seq)


def run_sk(generation: int) -> str:
    return f"{RUN_PREFIX}{generation:013d}"


def parse_session_pk(pk: str) -> tuple[str, str, str, str]:
    """(tenant, user, persona, session) of a conversation partition key (ids never contain '#')."""
    parts = pk.split("#")
    if len(parts) != 8 or parts[0::2] != ["T", "U", "P", "S"]:
        raise ValueError("not a conversation partition key")
    return parts[1], parts[3], parts[5], parts[7]


def request_sk(request_id: str) -> str:
    return f"{REQUEST_PREFIX}{request_id}"


def window_sk(dedup_key: str) -> str:
    return f"{WINDOW_PREFIX}{dedup_key}"


def idempotency_pk(tenant_id: str, user_id: str, scope: str, key: str) -> str:
    return f"{user_key(tenant_id, user_id)}#IDEM#{scope}#{key}"


def memory_pk(tenant_id: str, user_id: str) -> str:
    return f"{user_key(tenant_id, user_id)}#MEM"


MEMORY_PREFIX = "M#"


def memory_sk(memory_id: str) -> str:
    """Memory ids are unique per user; the persona is an attribute (lists filter on it)."""
    return f"{MEMORY_PREFIX}{memory_id}"


def profile_sk(persona_id: str) -> str:
    """Pinned core facts and learned profile of one persona (L4, L6): one GetItem per prompt."""
    return f"PROFILE#{persona_id}"


ACTIVE_SHARDS = 8


def active_shard(key: SessionKey) -> str:
    """Sparse GSI partition for open sessions (and closed runs awaiting their memory), over a few shards."""
    return f"ACTIVE#{sum(session_pk(key).encode()) % ACTIVE_SHARDS}"


LOG_PREFIX = "LOG#"  # R5: lifecycle log lines in the user's memory partition (lists query M#: never among memories)
CAPACITY_SK = "~CAPACITY"
CONSOLIDATE_SK = "~CONSOLIDATE"  # L9: the user has memories to consolidate (its own shards)
DUE_SHARDS = 8


def log_sk(memory_id: str, at: float, version: int, position: int, event: str) -> str:
    """Sorted by time, then by the record version the step made (two steps at one instant are
    still two lines, in order), then by the line's position in its step."""
    return f"{LOG_PREFIX}{memory_id}#{at:017.6f}#{version:010d}#{position:02d}#{event}"


def parse_log_version(sk: str) -> int:
    return int(sk.split("#")[3])


def log_prefix(memory_id: str) -> str:
    return f"{LOG_PREFIX}{memory_id}#"


def due_shard(tenant_id: str, user_id: str) -> str:
    """Sparse compression_due GSI partition, over a few shards (a user's items share one)."""
    return f"DUE#{sum(user_key(tenant_id, user_id).encode()) % DUE_SHARDS}"


def due_shards() -> list[str]:
    return [f"DUE#{n}" for n in range(DUE_SHARDS)]


def consolidation_shard(tenant_id: str, user_id: str) -> str:
    """The weekly consolidation's own partitions of the compression_due index: the daily
    lifecycle job never reads its marks."""
    return f"CONS#{sum(user_key(tenant_id, user_id).encode()) % DUE_SHARDS}"


def consolidation_shards() -> list[str]:
    return [f"CONS#{n}" for n in range(DUE_SHARDS)]


def parse_memory_pk(pk: str) -> tuple[str, str]:
    """(tenant, user) of a memory partition key T#{tenant}#U#{user}#MEM."""
    parts = pk.split("#")
    if len(parts) != 5 or parts[0] != "T" or parts[2] != "U" or parts[4] != "MEM":
        raise ValueError("not a memory partition key")
    return parts[1], parts[3]
