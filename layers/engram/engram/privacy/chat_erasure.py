"""P1 / W4: an erasure a chat user asks for in the chat itself (LINE's "delete my data"): the
same request, fence, job and signed receipt as the API's — the chat's confirmation step plays
the part of the API's confirmation token, and the job runs at once (what one run does not
finish, the schedule does); the run that completes it tells the user (ErasureJob.on_completed). Deployed,
the chat's worker does not run the job itself (no `job`: it has none of the job's grants): the
confirmation starts the erasure function, which finishes it and signs the receipt."""

from __future__ import annotations

from dataclasses import dataclass

from engram.kernel.keys import OwnerKey
from engram.privacy.erasure import ErasureJob, ErasureService
from engram.privacy.models import ErasureScope


@dataclass
class ChatErasureDesk:
    service: ErasureService
    job: ErasureJob | None  # None (deployed): the confirmation's kick of the erasure function runs it

    def request(self, owner: OwnerKey, requested_by: str) -> tuple[str, str]:
        request, token = self.service.request(owner.tenant_id, owner.user_id, ErasureScope.ALL, requested_by)
        return request.request_id, token

    def confirm(self, owner: OwnerKey, request_id: str, token: str) -> None:
        confirmed = self.service.confirm(owner.tenant_id, owner.user_id, request_id, token)
        if self.job is not None:
            self.job.process_now(confirmed)  # what one run does not finish, the schedule does

    def start(self, owner: OwnerKey, requested_by: str) -> str:
        request, token = self.service.request(owner.tenant_id, owner.user_id, ErasureScope.ALL, requested_by)
        self.service.confirm(owner.tenant_id, owner.user_id, request.request_id, token)  # kicks the job
        return request.request_id
