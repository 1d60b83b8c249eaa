"""Per-user daily quotas on requests that start expensive work (abuse limits): erasure requests
and export jobs, at most `limit` of each per user per UTC day. The count is one conditional
counter in the store, so concurrent requests can never take more than the limit between them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal, Protocol

from engram.kernel.clock import Clock
from engram.kernel.errors import QuotaExceeded

QuotaKind = Literal["erasure_requests", "export_jobs"]
DAY_S = 86_400


class DailyCounters(Protocol):
    def take(self, tenant_id: str, user_id: str, name: str, limit: int, expires_at: int) -> bool:
        """Adds one to the counter `name` when it is below `limit` (atomically); False when it is not.
        The counter expires (TTL) at `expires_at`."""
        ...


class RequestQuotas:
    def __init__(self, counters: DailyCounters, clock: Clock, limits: dict[QuotaKind, int]) -> None:
        self._counters, self._clock, self._limits = counters, clock, limits

    def take(self, tenant_id: str, user_id: str, kind: QuotaKind) -> None:
        """Counts one request of `kind` today, or raises QuotaExceeded (429, Retry-After: the next day)."""
        now = self._clock.now()
        day_start = int(now // DAY_S * DAY_S)
        next_day = day_start + DAY_S
        day = datetime.fromtimestamp(day_start, UTC).strftime("%Y-%m-%d")
        limit = self._limits[kind]
        # kept a day past its own, so the TTL sweep (up to 48 h late) never decides a count
        if not self._counters.take(tenant_id, user_id, f"{kind}#{day}", limit, next_day + DAY_S):
            wait = max(1, next_day - int(now))
            raise QuotaExceeded(
                f"at most {limit} {kind.replace('_', ' ')} per user per day; try again tomorrow (UTC)",
                details={"retry_after": wait, "limit": limit},
            )
