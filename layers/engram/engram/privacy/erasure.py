"""P1 right to erasure: request → confirm (token, 24 h) → processed by the `erasure` job →
verified to zero → a signed receipt.

The job is idempotent and resumable: each run takes a lease on a request, raises the user's
erasure fence (from then on every write that could create an item of the user is refused in
its own transaction: ERASURE_IN_PROGRESS), erases at most `erasure_batch_items` of the user's
items a pass (inventory → anonymize the important moments → delete), adds what it did to the
request's tallies, and comes back for the rest. With the fence up the set only shrinks, so the
passes end: the verification (by_user lists nothing of the user under scope "all", a fresh
consistent inventory is empty, the index holds no document of the user, no data key) passes
once the indexes have caught up, whatever the chat's write rate. The request completes with
the fence still up, and only then is the fence lowered: nothing written before completion
survives, and a write after it starts an empty life.

For `erasure_reverify_s` after completion the scheduled run checks the erasure again (what
was written up to its completion) and erases any survivor — an item whose partition the
by_user index had not listed yet, a write path that missed the fence — updating the tallies
and re-signing the receipt with what it found (`rechecks`); then the request drops the user id.
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

from engram.kernel.clock import Clock
from engram.kernel.errors import Conflict, Forbidden, NotFound
from engram.kernel.ports import MetricsSink
from engram.language.masking import mask_for_storage
from engram.memory.models import MemoryStatus, Namespace, SearchFilter
from engram.memory.ports import MemoryIndex
from engram.observability.spans import traced
from engram.privacy import receipt as receipts
from engram.privacy.audit import AuditTrail
from engram.privacy.expiry import left_to_expire
from engram.privacy.export_jobs import ExportArchive, document_key
from engram.privacy.models import (
    STORES,
    AnonymousMoment,
    AuditEntry,
    ErasureLogEntry,
    ErasureRequest,
    ErasureScope,
    ErasureState,
    StoreTally,
    UserItem,
)
from engram.privacy.ports import ErasureFence, ErasureLog, ErasureRequests, ReceiptSigner, UserData
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
    fence: ErasureFence
    index: MemoryIndex | None
    signer: ReceiptSigner
    settings: Settings
    clock: Clock
    metrics: MetricsSink
    audit: AuditTrail | None = None  # P6: the completion is an audited action
    log: ErasureLog | None = None  # O4: completed erasures, to reapply after a restore
    archive: ExportArchive | None = None  # P2: where the user's large exports' documents are
    holder: str = ""
    # told of each completed request (a chat's erasure answers its user with the receipt's summary)
    on_completed: Callable[[ErasureRequest], None] | None = None
    # told of each erasure about to complete, with its completion time and the start of its window
    # ('recent'; None: all) (the user.erased event): a failure leaves the request processing, so
    # the next run completes and announces it again
    announce: Callable[[ErasureRequest, float, float | None], None] | None = None

    def __post_init__(self) -> None:
        self.holder = self.holder or f"erasure-{uuid.uuid4().hex[:12]}"

    def run(self, remaining_s: Callable[[], float] | None = None) -> dict[str, int]:
        counts = {"requests_completed": 0, "requests_pending": 0, "items_erased": 0, "survivors_erased": 0}
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
                # run goes on from what is left in the table (the fence stays up meanwhile)
                logger.exception("erasure request failed this run", extra={"request_id": claimed.request_id})
                self.metrics.put("erasure_failed")
                counts["requests_pending"] += 1
                continue
            counts["items_erased"] += erased
            counts["requests_completed" if done else "requests_pending"] += 1
        for request in self.requests.reverifying(self.settings.erasure_reverify_per_run):
            if remaining_s is not None and remaining_s() < self.settings.lifecycle_stop_margin_s:
                break
            try:
                counts["survivors_erased"] += self._reverify(request)
            except Exception:
                logger.exception("erasure re-verification failed", extra={"request_id": request.request_id})
                self.metrics.put("erasure_reverify_failed")
        if counts["items_erased"]:
            self.metrics.put("erasure_items", float(counts["items_erased"]))
        if counts["survivors_erased"]:
            self.metrics.put("erasure_survivors", float(counts["survivors_erased"]))
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

    def _since(self, request: ErasureRequest) -> float | None:
        if request.scope == ErasureScope.RECENT:
            return request.requested_at - self.settings.erasure_recent_days * 86_400
        return None

    def _process(self, request: ErasureRequest, remaining_s: Callable[[], float] | None) -> tuple[bool, int]:
        assert request.user_id is not None, "a request being processed still names its user"
        s = self.settings
        since = self._since(request)
        tallies = {name: replace(request.tallies.get(name, StoreTally())) for name in STORES}
        erased = 0
        # before the first look, on every run (idempotent: a run that resumes raises it again):
        # from here on nothing new of the user lands, so the passes below delete a fixed set
        self.fence.raise_for(
            request.tenant_id, request.user_id, request.request_id, request.persona_id, since, request.until
        )
        for _ in range(s.erasure_passes_per_run):
            if remaining_s is not None and remaining_s() < s.lifecycle_stop_margin_s:
                break
            items = self.data.inventory(
                request.tenant_id, request.user_id, since, s.erasure_batch_items, request.persona_id, request.until
            )
            if items:
                erased += self._erase(request, items, tallies)
                continue
            if self._whole_user(request) and self.data.delete_data_key(request.tenant_id, request.user_id):
                # P3: last, after the moments were anonymized (they need the key to be read)
                tallies["data_key"].found += 1
                tallies["data_key"].deleted += 1
            if self._verified(request, since, request.until, tallies):
                self._complete(request, tallies)
                return True, erased
            # only the indexes can still be behind (by_user, the search index): the next pass looks again
        saved = replace(request, tallies=tallies, version=request.version + 1)
        self.requests.update(saved, request.version)  # progress kept; the lease is released
        return False, erased

    def _reverify(self, request: ErasureRequest) -> int:
        """A completed erasure checked again: what of the user was written up to its completion
        and is still there is erased, and the receipt re-signed to say so. Past the window the
        request forgets the user id. Returns the survivors erased."""
        assert request.user_id is not None and request.completed_at is not None
        s = self.settings
        if self.clock.now() >= request.completed_at + s.erasure_reverify_s:
            done = replace(request, user_id=None, version=request.version + 1)
            self.requests.update(done, request.version)
            return 0
        # a run that died between completing and lowering the fence: lower it now
        self.fence.lower_for(request.tenant_id, request.user_id, request.request_id, request.persona_id)
        since, until = self._since(request), min(filter(None, (request.until, request.completed_at)))
        tallies = {name: replace(request.tallies.get(name, StoreTally())) for name in STORES}
        survivors = 0
        for _ in range(s.erasure_passes_per_run):  # bounded: what is left waits for the next run
            found = self.data.inventory(
                request.tenant_id, request.user_id, since, s.erasure_batch_items, request.persona_id, until
            )
            # only what carries a time up to the completion: an item without one (a lease, a mark,
            # no content) may be the new life's, and the passes left none of the old behind
            items = [i for i in found if i.at is not None]
            if not items:
                break
            survivors += self._erase(request, items, tallies)
        if not survivors:
            return 0
        logger.warning("erasure survivors erased", extra={"request_id": request.request_id, "items": survivors})
        assert request.receipt is not None
        now = self.clock.now()
        body: dict[str, Any] = {k: v for k, v in request.receipt.items() if k != "signature"}
        stores: dict[str, dict[str, Any]] = body["stores"]
        for name in STORES:
            stores[name].update(tallies[name].as_dict())
        rechecks: list[Any] = list(body.get("rechecks") or [])
        body["rechecks"] = [*rechecks, {"at": now, "survivors_erased": survivors, "remaining": 0}]
        saved = replace(request, tallies=tallies, receipt=receipts.sign(body, self.signer), version=request.version + 1)
        if not self.requests.update(saved, request.version):
            raise Conflict("the erasure request moved while it was re-verified")
        return survivors

    @traced("engram.memory.erase", count=int)
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
    ) -> bool:
        assert request.user_id is not None
        tenant_id, user_id, persona = request.tenant_id, request.user_id, request.persona_id
        whole_user = self._whole_user(request)
        if self.index is not None:
            if whole_user:
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
        if whole_user:
            if self.data.by_user_count(tenant_id, user_id):
                return False  # the index lags the table by a moment: the next pass looks again
            if self.data.has_data_key(tenant_id, user_id):
                return False  # made before the fence went up: the next pass deletes it
        return not self.data.inventory(tenant_id, user_id, since, 1, persona, until)

    def _complete(self, request: ErasureRequest, tallies: dict[str, StoreTally]) -> None:
        assert request.user_id is not None
        now = self.clock.now()
        body = self._receipt_body(request, tallies, now)
        signed = receipts.sign(body, self.signer)
        done = replace(
            request,
            # kept while the scheduled run re-verifies (it must find the user's partitions); a
            # window of 0 forgets it at once
            user_id=request.user_id if self.settings.erasure_reverify_s > 0 else None,
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
                )
            )
        if self.announce is not None:
            self.announce(request, now, self._since(request))
        if not self.requests.update(done, request.version):
            raise Conflict("the erasure request moved while it was completed")
        # only now: a write refused until here was written before completion; one that lands
        # from here on starts an empty life (a run that dies first leaves it to the re-verification)
        self.fence.lower_for(request.tenant_id, request.user_id, request.request_id, request.persona_id)
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
        if self.on_completed is not None:
            try:  # a notice that fails never undoes or repeats the erasure
                self.on_completed(done)
            except Exception:
                logger.exception("erasure completion notice failed", extra={"request_id": request.request_id})

    def _receipt_body(self, request: ErasureRequest, tallies: dict[str, StoreTally], now: float) -> dict[str, Any]:
        scope = request.scope.value
        window = (
            ""
            if request.scope == ErasureScope.ALL
            else f" written since requested_at - {self.settings.erasure_recent_days} days"
        )
        if request.until is not None:
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
                    else "consistent GetItem of the user's data key in the key table: absent"
                )
            elif name == "index" and self.index is None:
                check = "left to the table's stream: the memory indexer removes each deleted record's document"
            elif name == "index":
                check = f"count(documents of user_hash{window}) = 0"
            else:
                check = f"consistent Query of the user's partitions ({name}{window}) = 0"
                if self._whole_user(request):
                    check += "; by_user index Query COUNT = 0"
            stores[name] = {**tally, "remaining": 0, "verification": check}
        return {
            "receipt_version": 1,
            "kind": "re_erasure" if request.reapplies else "persona_deletion" if request.persona_id else "erasure",
            "persona_id": request.persona_id,
            "reapplies": request.reapplies,
            "until": request.until,
            "fenced": True,  # writes for the user were refused from the first pass to completion
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
            # P3: copies no erasure reaches, each gone by its window's end (sealed, see privacy/expiry.py)
            "expires_on_its_own": left_to_expire(self.settings, now, self._whole_user(request)),
        }
