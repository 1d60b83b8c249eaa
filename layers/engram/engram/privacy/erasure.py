"""P1 right to erasure: request → confirm (token, 24 h) → processed by the `erasure` job →
verified to zero → a signed receipt.

The job is idempotent and resumable: each run takes a lease on a request, erases at most
`erasure_batch_items` of the user's items (inventory → anonymize the important moments →
delete), adds what it did to the request's tallies, and comes back for the rest. It completes
only when the verification finds nothing: the by_user index lists no item of the user (scope
"all"), a fresh consistent inventory is empty, and the index holds no document of the user.
A chat during the erasure writes new items; the verification finds them and the next pass
erases them too, so nothing written before completion survives it. A chat that never pauses
would keep every verification failing: after `erasure_contended_checks` failed checks, the
erasure verifies what was written up to a cutoff and completes; the receipt names the cutoff,
and what the chat wrote after it stays. The cutoff is now minus the write grace (anything stamped
before it has landed), and no earlier than the grace after the first failed check: everything
there was then had been erased, and a writer that read it before (a post-turn job deriving a
fact from an old round) has stored what it derived by then, before the cutoff, where the
verification finds it.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from engram.clock import Clock
from engram.errors import Conflict, Forbidden, NotFound
from engram.memory.masking import mask_for_storage
from engram.memory.models import MemoryStatus, Namespace, SearchFilter
from engram.ports import ErasureLog, ErasureRequests, MemoryIndex, MetricsSink, ReceiptSigner, UserData
from engram.privacy import receipt as receipts
from engram.privacy.audit import AuditEntry, AuditTrail
from engram.privacy.export_jobs import ExportArchive, document_key
from engram.privacy.models import (
    STORES,
    AnonymousMoment,
    ErasureLogEntry,
    ErasureRequest,
    ErasureScope,
    ErasureState,
    StoreTally,
    UserItem,
)
from engram.settings import Settings

logger = logging.getLogger(__name__)
JOB = "erasure"
REQUEST_ID = re.compile(r"er-[0-9a-f]{32}")
MEMORY_SK = "M#"  # a memory record's sort key prefix: its document has the same id


class TokenExpired(Forbidden):
    code = "CONFIRMATION_EXPIRED"
    status = 410


class TokenInvalid(Forbidden):
    code = "CONFIRMATION_INVALID"


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class ErasureService:
    """The API side: request, confirm, read the state and the receipt."""

    requests: ErasureRequests
    settings: Settings
    clock: Clock
    hash_key: bytes
    on_confirmed: Callable[[], None] | None = None  # an immediate run (the schedule is the backstop)

    def request(
        self, tenant_id: str, user_id: str, scope: ErasureScope, requested_by: str
    ) -> tuple[ErasureRequest, str]:
        now = self.clock.now()
        token = secrets.token_urlsafe(32)
        request = ErasureRequest(
            request_id=f"er-{uuid.uuid4().hex}",
            tenant_id=tenant_id,
            user_id=user_id,
            user_hash=receipts.user_hash(self.hash_key, tenant_id, user_id),
            scope=scope,
            state=ErasureState.PENDING,
            requested_at=now,
            token_expires_at=now + self.settings.erasure_token_ttl_s,
            requested_by=requested_by,
        )
        self.requests.create(request, _token_hash(token))
        return request, token

    def persona(self, tenant_id: str, user_id: str, persona_id: str) -> ErasureRequest:
        """DELETE /v1/personas/{id}: the call itself is the confirmation; the request is confirmed
        and due at once, and gets its own receipt."""
        now = self.clock.now()
        request = ErasureRequest(
            request_id=f"er-{uuid.uuid4().hex}",
            tenant_id=tenant_id,
            user_id=user_id,
            user_hash=receipts.user_hash(self.hash_key, tenant_id, user_id),
            scope=ErasureScope.ALL,
            state=ErasureState.CONFIRMED,
            requested_at=now,
            token_expires_at=now,
            requested_by="persona_delete",
            confirmed_at=now,
            persona_id=persona_id,
        )
        self.requests.create(request, _token_hash(secrets.token_urlsafe(32)))
        return request

    def get(self, tenant_id: str, user_id: str, request_id: str) -> ErasureRequest:
        found = self.requests.get(tenant_id, request_id) if REQUEST_ID.fullmatch(request_id) else None
        if found is None or not self._owns(found[0], tenant_id, user_id):
            raise NotFound("no such erasure request", details={"request_id": request_id})
        return found[0]

    def _owns(self, request: ErasureRequest, tenant_id: str, user_id: str) -> bool:
        # a finished request keeps only the hash: compare in constant time
        return request.tenant_id == tenant_id and hmac.compare_digest(
            request.user_hash, receipts.user_hash(self.hash_key, tenant_id, user_id)
        )

    def confirm(self, tenant_id: str, user_id: str, request_id: str, token: str) -> ErasureRequest:
        found = self.requests.get(tenant_id, request_id) if REQUEST_ID.fullmatch(request_id) else None
        if found is None or not self._owns(found[0], tenant_id, user_id):
            raise NotFound("no such erasure request", details={"request_id": request_id})
        request, token_hash = found
        if request.state != ErasureState.PENDING:
            raise Conflict("this request was confirmed already", details={"state": request.state.value})
        if not hmac.compare_digest(token_hash, _token_hash(token)):
            raise TokenInvalid("the confirmation token is wrong", details={"request_id": request_id})
        now = self.clock.now()
        if now >= request.token_expires_at:
            raise TokenExpired("the confirmation token expired: request the erasure again")
        confirmed = replace(request, state=ErasureState.CONFIRMED, confirmed_at=now, version=request.version + 1)
        if not self.requests.update(confirmed, request.version):
            raise Conflict("this request was confirmed already")
        if self.on_confirmed is not None:
            self.on_confirmed()
        return confirmed


@dataclass
class ErasureJob:
    requests: ErasureRequests
    data: UserData
    index: MemoryIndex | None
    signer: ReceiptSigner
    settings: Settings
    clock: Clock
    metrics: MetricsSink
    audit: AuditTrail | None = None  # P6: the completion is an audited action
    log: ErasureLog | None = None  # O4: completed erasures, to reapply after a restore
    archive: ExportArchive | None = None  # P2: where the user's large exports' documents are
    holder: str = ""

    def __post_init__(self) -> None:
        self.holder = self.holder or f"erasure-{uuid.uuid4().hex[:12]}"

    def run(self, remaining_s: Callable[[], float] | None = None) -> dict[str, int]:
        counts = {"requests_completed": 0, "requests_pending": 0, "items_erased": 0}
        for request in self.requests.due(self.settings.erasure_requests_per_run):
            if remaining_s is not None and remaining_s() < self.settings.lifecycle_stop_margin_s:
                counts["requests_pending"] += 1
                continue
            now = self.clock.now()
            claimed = self.requests.claim(request, self.holder, now + self.settings.erasure_lease_s, now)
            if claimed is None:
                continue  # another run has it
            try:
                done, erased = self._process(claimed, remaining_s)
            except Exception:
                # one request that fails must not hold up the others: its lease lapses and a later
                # run goes on from what is left in the table
                logger.exception("erasure request failed this run", extra={"request_id": claimed.request_id})
                self.metrics.put("erasure_failed")
                counts["requests_pending"] += 1
                continue
            counts["items_erased"] += erased
            counts["requests_completed" if done else "requests_pending"] += 1
        if counts["items_erased"]:
            self.metrics.put("erasure_items", float(counts["items_erased"]))
        return counts

    def process_now(self, request: ErasureRequest) -> ErasureRequest:
        """Run one request at once (a persona deletion answers with its receipt); what does not
        finish in one go stays due for the schedule."""
        now = self.clock.now()
        claimed = self.requests.claim(request, self.holder, now + self.settings.erasure_lease_s, now)
        if claimed is not None:
            self._process(claimed, None)
        found = self.requests.get(request.tenant_id, request.request_id)
        return found[0] if found else request

    def _process(self, request: ErasureRequest, remaining_s: Callable[[], float] | None) -> tuple[bool, int]:
        assert request.user_id is not None, "a request being processed still names its user"
        s = self.settings
        since = None
        if request.scope == ErasureScope.RECENT:
            since = request.requested_at - s.erasure_recent_days * 86_400
        tallies = {name: replace(request.tallies.get(name, StoreTally())) for name in STORES}
        erased = 0
        contended, contended_since = request.contended_checks, request.contended_since
        for _ in range(s.erasure_passes_per_run):
            if remaining_s is not None and remaining_s() < s.lifecycle_stop_margin_s:
                break
            cutoff = self._cutoff(contended, contended_since)
            bounds = [t for t in (cutoff, request.until) if t is not None]
            until = min(bounds) if bounds else None
            items = self.data.inventory(
                request.tenant_id, request.user_id, since, s.erasure_batch_items, request.persona_id, until
            )
            if items:
                erased += self._erase(request, items, tallies)
                continue
            if self._whole_user(request) and self.data.delete_data_key(request.tenant_id, request.user_id):
                # P3: last, after the moments were anonymized (they need the key to be read);
                # before the verification, so a round a chat stored meanwhile is found again
                tallies["data_key"].found += 1
                tallies["data_key"].deleted += 1
                if cutoff is None:
                    continue
                # under a cutoff, straight on to the verification: a chat would make a new key for
                # every one deleted; the one it makes now seals only what it writes after the cutoff
            if self._verified(request, since, until, tallies, cutoff is not None):
                self._complete(request, tallies, cutoff)
                return True, erased
            contended += 1
            if contended_since is None:
                contended_since = self.clock.now()
        saved = replace(
            request,
            tallies=tallies,
            contended_checks=contended,
            contended_since=contended_since,
            version=request.version + 1,
        )
        self.requests.update(saved, request.version)  # progress kept; the lease is released
        return False, erased

    def _erase(self, request: ErasureRequest, items: list[UserItem], tallies: dict[str, StoreTally]) -> int:
        anonymize = self.settings.erasure_anonymize_important
        for item in items:
            tallies[item.store].found += 1
            if item.important and anonymize and self._anonymize(request, item):
                tallies[item.store].anonymized += 1
            else:
                tallies[item.store].deleted += 1
        if self.archive is not None:  # a large export's document goes with its record
            for item in items:
                if item.store == "exports":
                    self.archive.delete(document_key(request.tenant_id, item.sk[len("EXP#") :]))
        self.data.delete(items)
        documents = [i.sk[len(MEMORY_SK) :] for i in items if i.sk.startswith(MEMORY_SK) and i.pk.endswith("#MEM")]
        if self.index is not None and documents:  # at once: the stream's removals follow, idempotent
            assert request.user_id is not None
            # by query: the only delete the jobs role may run on the index (infra test)
            self.index.delete_user(request.tenant_id, request.user_id, documents)
            tallies["index"].found += len(documents)
            tallies["index"].deleted += len(documents)
        return len(items)

    def _anonymize(self, request: ErasureRequest, item: UserItem) -> bool:
        """An important moment without its person: the text masked of every identifier the PII
        masker knows, the day only, no ids, no embedding, outside every user partition. The id
        derives from the request and the item, so a rerun writes nothing twice."""
        text = self.data.content(item)
        if text is None:
            return False  # nothing left to keep (or crypto-shredded already): it is deleted
        day = datetime.fromtimestamp(item.at or request.requested_at, UTC).strftime("%Y-%m-%d")
        moment_id = hashlib.sha256(f"{request.request_id}|{item.pk}|{item.sk}".encode()).hexdigest()[:32]
        kind = "round" if item.store == "rounds" else "memory"
        self.data.put_anonymous(
            AnonymousMoment(moment_id, request.tenant_id, day, kind, mask_for_storage(text).content)
        )
        return True

    def _cutoff(self, contended: int, contended_since: float | None) -> float | None:
        """None while the plain verification may still succeed; then now minus the write grace,
        once that is the grace past the first failed check (see the module's docstring)."""
        s = self.settings
        if contended < s.erasure_contended_checks or contended_since is None:
            return None
        cutoff = self.clock.now() - s.erasure_write_grace_s
        return cutoff if cutoff >= contended_since + s.erasure_write_grace_s else None

    @staticmethod
    def _whole_user(request: ErasureRequest) -> bool:
        """Everything the user has: scope all, not a persona, not a re-erasure (which leaves
        what the user wrote after the erasure it reapplies, and the key that opens it)."""
        return request.scope == ErasureScope.ALL and request.persona_id is None and request.until is None

    def _verified(
        self,
        request: ErasureRequest,
        since: float | None,
        until: float | None,
        tallies: dict[str, StoreTally],
        cut: bool,
    ) -> bool:
        assert request.user_id is not None
        tenant_id, user_id, persona = request.tenant_id, request.user_id, request.persona_id
        whole_user = self._whole_user(request)
        if self.index is not None:
            if whole_user and not cut:
                tallies["index"].deleted += self.index.delete_user(tenant_id, user_id)
            flt = SearchFilter(
                tenant_id,
                user_id,
                persona_ids=(persona,) if persona else None,
                namespaces=tuple(n.value for n in Namespace),
                statuses=tuple(st.value for st in MemoryStatus),
                created_from=since,
                created_to=until,
            )
            if self.index.count(flt):
                return False
        # under a cutoff by_user and the key are not asked: they carry no time, and what the chat
        # wrote after the cutoff stays
        if whole_user and not cut:
            if self.data.by_user_count(tenant_id, user_id):
                return False  # the index lags the table by a moment: the next pass looks again
            if self.data.has_data_key(tenant_id, user_id):
                return False  # a chat made a new key meanwhile: its rounds are found on the next pass
        return not self.data.inventory(tenant_id, user_id, since, 1, persona, until)

    def _complete(self, request: ErasureRequest, tallies: dict[str, StoreTally], cutoff: float | None) -> None:
        now = self.clock.now()
        body = self._receipt_body(request, tallies, now, cutoff)
        signed = receipts.sign(body, self.signer)
        done = replace(
            request,
            user_id=None,
            state=ErasureState.COMPLETED,
            completed_at=now,
            tallies=tallies,
            receipt=signed,
            version=request.version + 1,
        )
        # the log first (an idempotent put): a run that dies after it completes the request on its
        # next pass; one that died after completing would leave the erasure out of the log for good
        if self.log is not None and request.until is None:  # a re-erasure is covered by its original
            self.log.append(
                ErasureLogEntry(
                    request.tenant_id,
                    request.user_hash,
                    request.request_id,
                    request.scope,
                    request.requested_at,
                    now,
                    request.persona_id,
                    cutoff,
                )
            )
        if not self.requests.update(done, request.version):
            raise Conflict("the erasure request moved while it was completed")
        self.metrics.put("erasures_completed")
        if self.audit is not None:
            self.audit.record(
                AuditEntry(
                    tenant_id=request.tenant_id,
                    subject=request.user_hash,
                    at=now,
                    action=f"erasure.completed scope={request.scope.value}",
                    actor_kind="system",
                    actor="erasure-job",
                    outcome="completed",
                    reason=f"erasure request {request.request_id} ({request.requested_by})",
                    request_id=request.request_id,
                )
            )

    def _receipt_body(
        self, request: ErasureRequest, tallies: dict[str, StoreTally], now: float, cutoff: float | None
    ) -> dict[str, Any]:
        scope = request.scope.value
        window = (
            ""
            if request.scope == ErasureScope.ALL
            else f" written since requested_at - {self.settings.erasure_recent_days} days"
        )
        if cutoff is not None:
            window += " written up to `cutoff` (a chat wrote on during the erasure: what it wrote later stays)"
        elif request.until is not None:
            window += " written up to `until` (the erasure this reapplies)"
        stores: dict[str, Any] = {}
        for name in STORES:
            tally = tallies[name].as_dict()
            if name == "kb":
                check = (
                    "none held: knowledge-base documents belong to the tenant (uploaded by its backend "
                    "under the reserved owner), never to a user"
                )
            elif name == "data_key":
                check = (
                    "kept: the user's other content stays readable (only a whole-user erasure deletes it)"
                    if not self._whole_user(request)
                    else "deleted (or absent) after everything up to the cutoff was erased; a key a chat made "
                    "later seals only what it wrote after the cutoff"
                    if cutoff is not None
                    else "consistent GetItem of the user's data key in the key table: absent"
                )
            elif name == "index" and self.index is None:
                check = "left to the table's stream: the memory indexer removes each deleted record's document"
            elif name == "index":
                check = f"count(documents of user_hash{window}) = 0"
            else:
                check = f"consistent Query of the user's partitions ({name}{window}) = 0"
                if self._whole_user(request) and cutoff is None:
                    check += "; by_user index Query COUNT = 0"
            stores[name] = {**tally, "remaining": 0, "verification": check}
        return {
            "receipt_version": 1,
            "kind": "re_erasure" if request.reapplies else "persona_deletion" if request.persona_id else "erasure",
            "persona_id": request.persona_id,
            "reapplies": request.reapplies,
            "until": request.until,
            "cutoff": cutoff,
            "request_id": request.request_id,
            "tenant_id": request.tenant_id,
            "user_hash": request.user_hash,
            "scope": scope,
            "anonymize_important_moments": self.settings.erasure_anonymize_important,
            "requested_at": request.requested_at,
            "confirmed_at": request.confirmed_at,
            "completed_at": now,
            "completed_at_iso": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now)),
            "stores": stores,
        }
