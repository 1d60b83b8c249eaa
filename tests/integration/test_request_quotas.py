"""Abuse limits: at most ENGRAM_ERASURE_REQUESTS_PER_DAY erasure requests and
ENGRAM_EXPORT_JOBS_PER_DAY export jobs per user per UTC day (5 each), counted by one conditional
counter in DynamoDB (Local here), so concurrent requests never pass the limit together; past it
429 QUOTA_EXCEEDED with Retry-After until the next UTC day (the clock is injected)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest

from engram import runtime
from engram.adapters.dynamodb.client import dynamodb_client
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.daily_counters import DynamoDailyCounters
from engram.kernel.clock import ManualClock
from engram.kernel.errors import QuotaExceeded
from engram.local import tokens
from engram.local.gateway import LocalGateway
from engram.privacy.quotas import RequestQuotas
from engram.settings import Settings
from engram.wiring import Container

LIMITS = {"erasure_requests": 5, "export_jobs": 5}


def _quotas(table: TableConfig, clock: ManualClock) -> RequestQuotas:
    return RequestQuotas(DynamoDailyCounters(dynamodb_client(table), table.table_name), clock, LIMITS)  # type: ignore[arg-type]


def test_twenty_concurrent_requests_take_exactly_five(table: TableConfig, clock: ManualClock) -> None:
    quotas = _quotas(table, clock)
    start = threading.Barrier(20)
    accepted: list[bool] = []
    lock = threading.Lock()

    def request() -> None:
        start.wait()  # all twenty at once
        try:
            quotas.take("acme", "u1", "erasure_requests")
            outcome = True
        except QuotaExceeded:
            outcome = False
        with lock:
            accepted.append(outcome)

    threads = [threading.Thread(target=request) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(accepted).count(True) == 5 and len(accepted) == 20
    quotas.take("acme", "u1", "export_jobs")  # each quota its own count
    quotas.take("acme", "u2", "erasure_requests")  # each user their own


def test_the_count_starts_again_at_the_next_utc_day(table: TableConfig, clock: ManualClock) -> None:
    quotas = _quotas(table, clock)
    clock.set(datetime(2026, 3, 1, 23, 59, 50, tzinfo=UTC).timestamp())
    for _ in range(5):
        quotas.take("acme", "u1", "export_jobs")
    with pytest.raises(QuotaExceeded) as refused:
        quotas.take("acme", "u1", "export_jobs")
    assert refused.value.details["retry_after"] == 10 and refused.value.status == 429
    clock.advance(10)  # 2026-03-02T00:00:00Z
    quotas.take("acme", "u1", "export_jobs")


def test_the_sixth_request_of_the_day_gets_429_with_retry_after(
    container: Container, settings: Settings, clock: ManualClock
) -> None:
    container.erasure_trigger = lambda: None
    container.export_trigger = lambda: None
    runtime.set_container(container)
    try:
        gw = LocalGateway(settings)
        clock.set(datetime(2026, 3, 1, 12, 0, tzinfo=UTC).timestamp())
        user = {"authorization": f"Bearer {tokens.mint(settings, 'greedy')}", "content-type": "application/json"}
        backend = {"x-api-key": settings.local_api_key.get_secret_value(), "content-type": "application/json"}
        for path, headers, body in (
            ("/v1/me/erasure", user, b'{"scope": "all"}'),
            ("/v1/me/exports", user, None),
            ("/v1/users/greedy2/exports", backend, None),
        ):
            statuses = [gw.handle("POST", path, headers, body).status for _ in range(5)]
            assert statuses == [201] * 5, (path, statuses)
            refused = gw.handle("POST", path, headers, body)
            assert refused.status == 429, (path, refused.body)
            assert refused.json()["error"]["code"] == "QUOTA_EXCEEDED"
            assert refused.headers["retry-after"] == str(12 * 3600)
    finally:
        runtime.set_container(None)
