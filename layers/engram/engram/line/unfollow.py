"""W4: an unfollow's erasure. A channel configured with `erase_after_unfollow_s` schedules the
user's erasure when they unfollow (block the account); a follow within the grace cancels it; the
erasure schedule's run (every 15 minutes) starts the ones that are due — requested and
confirmed at once through the privacy feature, with its fence, tallies and signed receipt."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from engram.kernel.clock import Clock
from engram.kernel.keys import OwnerKey
from engram.kernel.ports import MetricsSink
from engram.line.ports import ChatErasure, UnfollowErasures

logger = logging.getLogger(__name__)
PER_RUN = 100


@dataclass
class UnfollowErasureJob:
    schedule: UnfollowErasures
    erasure: ChatErasure
    clock: Clock
    metrics: MetricsSink

    def run(self, limit: int = PER_RUN) -> dict[str, int]:
        started = 0
        for item in self.schedule.due(self.clock.now(), limit):
            owner = OwnerKey(item.tenant_id, item.user_id)
            request_id = self.erasure.start(owner, f"line-unfollow:{item.channel_id}")
            self.schedule.done(item)  # after the request exists: a run that dies between retries it
            logger.info("unfollow erasure started", extra={"request_id": request_id, "channel": item.channel_id})
            started += 1
        if started:
            self.metrics.put("line_unfollow_erasures", float(started))
        return {"unfollow_erasures_started": started}
