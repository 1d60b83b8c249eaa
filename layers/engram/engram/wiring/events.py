"""Which ChangeEventBus a process publishes memory change events on (docs/events.md): the
stack's EventBridge bus when its name is configured (AWS), the local bus file when the local
stack set one, else none (no events: tests and tools that do not ask for them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engram.memory.change_events import user_erased_event
from engram.memory.ports import ChangeEventBus

if TYPE_CHECKING:
    from engram.adapters.dynamodb.models import BoundModels
    from engram.kernel.ports import MetricsSink
    from engram.memory.change_feed import ChangeFeed
    from engram.privacy.models import ErasureRequest
    from engram.settings import Settings


def build_event_bus(settings: Settings) -> ChangeEventBus | None:
    if settings.event_bus_name:
        from engram.adapters.events.eventbridge import eventbridge_bus

        return eventbridge_bus(settings.event_bus_name, settings.aws_region)
    if settings.local_event_bus_file:
        from engram.adapters.events.local_bus import LocalEventBus

        return LocalEventBus(Path(settings.local_event_bus_file))
    return None


def build_change_feed(
    settings: Settings, bound: BoundModels | None = None, metrics: MetricsSink | None = None
) -> ChangeFeed | None:
    """The memory indexer's publisher (None: no bus configured)."""
    bus = build_event_bus(settings)
    if bus is None:
        return None
    from engram.adapters.dynamodb.erasure_fence import DynamoErasureMarks
    from engram.memory.change_feed import ChangeFeed

    if bound is None:
        from engram.wiring.crypto import bound_models_for

        bound = bound_models_for(settings)
    return ChangeFeed(bus, DynamoErasureMarks(bound), metrics=metrics)


def erasure_announcer(bus: ChangeEventBus | None) -> Callable[[ErasureRequest, float, float | None], None] | None:
    """ErasureJob.announce: one user.erased event per completed erasure (None: no bus)."""
    if bus is None:
        return None

    def announce(request: ErasureRequest, completed_at: float, since: float | None) -> None:
        assert request.user_id is not None
        bus.publish(
            [
                user_erased_event(
                    tenant_id=request.tenant_id,
                    user_id=request.user_id,
                    receipt_id=request.request_id,
                    scope=request.scope.value,
                    persona_id=request.persona_id,
                    occurred_at=completed_at,
                    since=since,
                    until=request.until,
                )
            ]
        )

    return announce
