"""P1 / W4: an erasure a chat user asks for in the chat itself (LINE's "delete my data"): the
same request, fence, job and signed receipt as the API's — the chat's confirmation step plays
the part of the API's confirmation token, and the job runs at once so the receipt's summary can
go back in the same conversation (what one run does not finish, the schedule does)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engram.kernel.keys import OwnerKey
from engram.privacy.erasure import ErasureJob, ErasureService
from engram.privacy.models import ErasureRequest, ErasureScope, ErasureState


def receipt_summary(request: ErasureRequest) -> dict[str, Any]:
    """What a chat user is told of a completed erasure: no content, only the counts."""
    tallies = request.tallies.values()
    return {
        "request_id": request.request_id,
        "deleted": sum(t.deleted for t in tallies),
        "anonymized": sum(t.anonymized for t in tallies),
    }


@dataclass
class ChatErasureDesk:
    service: ErasureService
    job: ErasureJob

    def request(self, owner: OwnerKey, requested_by: str) -> tuple[str, str]:
        request, token = self.service.request(owner.tenant_id, owner.user_id, ErasureScope.ALL, requested_by)
        return request.request_id, token

    def confirm(self, owner: OwnerKey, request_id: str, token: str) -> dict[str, Any] | None:
        confirmed = self.service.confirm(owner.tenant_id, owner.user_id, request_id, token)
        done = self.job.process_now(confirmed)
        return receipt_summary(done) if done.state == ErasureState.COMPLETED else None

    def start(self, owner: OwnerKey, requested_by: str) -> str:
        request, token = self.service.request(owner.tenant_id, owner.user_id, ErasureScope.ALL, requested_by)
        self.service.confirm(owner.tenant_id, owner.user_id, request.request_id, token)  # kicks the job
        return request.request_id
