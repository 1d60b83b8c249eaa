"""What an erasure cannot reach and leaves to expire on its own, as its receipt names it: copies
on queues and in backups, each with its window from the settings (the deployment's own values)
and the time it is gone by. Every copy of a user's content there is sealed with their data key,
so after a whole-user erasure (which deletes the key) it already opens for nobody; the index's
snapshots hold the indexed memories as the search needs them."""

from __future__ import annotations

import time
from typing import Any

from engram.settings import Settings

DAY_S = 86_400


def left_to_expire(settings: Settings, completed_at: float, key_deleted: bool) -> dict[str, dict[str, Any]]:
    sealed = (
        "sealed with the user's data key, which this erasure deleted: opens for nobody"
        if key_deleted
        else "sealed with the user's data key, which this scope keeps"
    )
    windows: list[tuple[str, int, str]] = [
        ("line_event_queue", settings.line_queue_retention_days, sealed),
        ("dead_letter_queues", settings.dead_letter_retention_days, sealed),
        ("table_point_in_time_recovery", settings.table_pitr_days, sealed),
        ("search_index_snapshots", settings.index_snapshot_days, "indexed memories as the search reads them"),
    ]
    if key_deleted:
        windows.append(
            ("data_key_point_in_time_recovery", settings.key_recovery_days, "the wrapped data key (operator only)")
        )
    out: dict[str, dict[str, Any]] = {}
    for name, days, held in windows:
        if days <= 0:
            continue  # not kept at all in this deployment
        until = completed_at + days * DAY_S
        out[name] = {
            "days": days,
            "until": until,
            "until_iso": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(until)),
            "holds": held,
        }
    return out
