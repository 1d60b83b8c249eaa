"""The Container: every adapter, service and job of a process, typed.

The request path's ports are built eagerly by `build_container`; the rest (memory API,
privacy, LINE, jobs) are built on first use, once per container, under its lock. A test
overrides any of them by assigning the attribute before first use, and sets the options
(`erasure_trigger`, `export_trigger`, `index_owned_elsewhere`) the same way."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engram.adapters.dynamodb.memory_store import DynamoMemoryRepository
from engram.adapters.dynamodb.models import BoundModels
from engram.adapters.dynamodb.profile_store import DynamoProfileStore
from engram.adapters.token_counter import QuicktokCounter
from engram.conversation.conversation import ConversationService
from engram.conversation.ports import PostTurnQueue, TurnOutbox
from engram.conversation.post_turn import PostTurnProcessor
from engram.conversation.session_end import SessionCloser
from engram.conversation.summaries import RollingSummarizer
from engram.kernel.clock import Clock
from engram.kernel.ports import MetricsSink
from engram.memory.pipeline import MemoryWriter
from engram.memory.ports import MemoryIndex
from engram.memory.retrieval import HybridRetriever
from engram.privacy.ports import ReceiptSigner
from engram.settings import Settings
from engram.wiring.lazy import locked_cached_property
from engram.wiring.models import Models

if TYPE_CHECKING:  # built on first use: the request path's cold start does not import them
    from engram.adapters.crypto.cipher import FieldCipher
    from engram.adapters.crypto.rewrap import KeyRewrapJob
    from engram.adapters.line_payloads import LinePayloads
    from engram.line.ports import DeadLetters, EventQueue, Transcriber
    from engram.line.turns import LineTurns
    from engram.line.unfollow import UnfollowErasureJob
    from engram.line.webhook import LineWebhook
    from engram.memory.consolidation import ConsolidationJob
    from engram.memory.kb import KnowledgeBase
    from engram.memory.lifecycle import LifecycleJob
    from engram.memory.reconcile import IndexReconciler
    from engram.memory.retention import RetentionJob
    from engram.memory.service import MemoryService
    from engram.privacy.audit import AuditTrail
    from engram.privacy.erasure import ErasureJob, ErasureService
    from engram.privacy.export import ExportService
    from engram.privacy.export_jobs import ExportArchive, LargeExports
    from engram.privacy.quotas import RequestQuotas
    from engram.privacy.reerasure import ReerasureJob


@dataclass(eq=False)
class Container:
    settings: Settings
    clock: Clock
    metrics: MetricsSink
    counter: QuicktokCounter
    models: Models
    bound: BoundModels  # the table's model classes (and its field cipher)
    conversation: ConversationService
    rolling: RollingSummarizer
    post_turn: PostTurnProcessor
    queue: PostTurnQueue
    index: MemoryIndex
    memories: DynamoMemoryRepository
    profiles: DynamoProfileStore
    retriever: HybridRetriever
    writer: MemoryWriter
    closer: SessionCloser
    outbox: TurnOutbox
    # Starts the erasure / large-export job now; None: an invoke of the jobs function in AWS,
    # a thread locally. Tests hand in their own (or a no-op, and run the job themselves).
    erasure_trigger: Callable[[], object] | None = None
    export_trigger: Callable[[], object] | None = None
    # Set by a process that runs a job beside a running local stack: the stack's process owns the
    # on-disk index, so the job leaves the index alone (retention skips reconciliation).
    index_owned_elsewhere: bool = False
    _build_lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    # -- memory API and memory jobs ------------------------------------------------------------
    @locked_cached_property
    def memory_service(self) -> MemoryService:
        from engram.wiring import memory

        return memory.memory_service(self)

    @locked_cached_property
    def knowledge_base(self) -> KnowledgeBase:
        from engram.wiring import memory

        return memory.knowledge_base(self)

    @locked_cached_property
    def lifecycle_job(self) -> LifecycleJob:
        from engram.wiring import memory

        return memory.lifecycle_job(self)

    @locked_cached_property
    def retention_job(self) -> RetentionJob:
        from engram.wiring import memory

        return memory.retention_job(self)

    @locked_cached_property
    def index_reconciler(self) -> IndexReconciler:
        from engram.wiring.index import build_index_reconciler

        return build_index_reconciler(
            self.settings, index=self.index, metrics=self.metrics, bound=self.bound, repo=self.memories
        )

    @locked_cached_property
    def consolidation_job(self) -> ConsolidationJob:
        from engram.wiring import memory

        return memory.consolidation_job(self)

    # -- privacy -------------------------------------------------------------------------------
    @locked_cached_property
    def receipt_signer(self) -> ReceiptSigner:
        from engram.wiring import privacy

        return privacy.receipt_signer(self.settings)

    @locked_cached_property
    def audit_trail(self) -> AuditTrail:
        """The API's writer: it hashes the subjects itself."""
        from engram.wiring import privacy

        return privacy.audit_trail(self, hashed_only=False)

    @locked_cached_property
    def hashed_audit_trail(self) -> AuditTrail:
        """The jobs' writer (no hash key): its entries carry subjects hashed already."""
        from engram.wiring import privacy

        return privacy.audit_trail(self, hashed_only=True)

    @locked_cached_property
    def export_archive(self) -> ExportArchive:
        from engram.wiring import privacy

        return privacy.export_archive(self.settings)

    @locked_cached_property
    def erasure_job(self) -> ErasureJob:
        from engram.wiring import privacy

        return privacy.erasure_job(self)

    @locked_cached_property
    def erasure_service(self) -> ErasureService:
        from engram.wiring import privacy

        return privacy.erasure_service(self)

    @locked_cached_property
    def request_quotas(self) -> RequestQuotas:
        from engram.wiring import privacy

        return privacy.request_quotas(self)

    @locked_cached_property
    def reerasure_job(self) -> ReerasureJob:
        from engram.wiring import privacy

        return privacy.reerasure_job(self)

    @locked_cached_property
    def export_service(self) -> ExportService:
        from engram.wiring import privacy

        return privacy.export_service(self)

    @locked_cached_property
    def large_exports(self) -> LargeExports:
        from engram.wiring import privacy

        return privacy.large_exports(self)

    def start_erasure(self) -> None:
        """Kick the erasure job now (a confirmation, a persona deletion); the 15-minute schedule
        is the backstop: a lost kick delays, never drops, an erasure."""
        from engram.privacy.erasure import JOB
        from engram.wiring import privacy

        privacy.kick(self.settings, JOB, self.erasure_trigger, lambda: self.erasure_job.run())

    def start_export(self) -> None:
        """Kick the export job now (a large export was requested); the schedule is the backstop."""
        from engram.privacy.export_jobs import JOB
        from engram.wiring import privacy

        privacy.kick(self.settings, JOB, self.export_trigger, lambda: self.large_exports.run())

    # -- field encryption ----------------------------------------------------------------------
    @property
    def cipher(self) -> FieldCipher:
        return self.bound.cipher

    @locked_cached_property
    def key_rewrap_job(self) -> KeyRewrapJob:
        from engram.wiring import crypto

        return crypto.key_rewrap_job(self.settings)

    # -- LINE ----------------------------------------------------------------------------------
    @locked_cached_property
    def line_transcriber(self) -> Transcriber | None:
        from engram.wiring import line

        return line.transcriber_for(self.settings)

    @locked_cached_property
    def line_dead_letters(self) -> DeadLetters:
        from engram.wiring import line

        return line.dead_letters_for(self.settings)

    @locked_cached_property
    def line_payloads(self) -> LinePayloads:
        from engram.wiring import line

        return line.line_payloads_for(self.settings)

    @locked_cached_property
    def line_turns(self) -> LineTurns:
        from engram.wiring import line

        return line.line_turns(self)

    @locked_cached_property
    def line_unfollow_erasures(self) -> UnfollowErasureJob:
        """W4: starts the erasures unfollows scheduled, once due (run with the erasure schedule)."""
        from engram.wiring import line

        return line.unfollow_erasure_job(self)

    def line_webhook(self, queue: EventQueue) -> LineWebhook:
        """The webhook on this container's settings and clock (the webhook function itself
        builds it without a container: `wiring.line.line_webhook`)."""
        from engram.wiring import line

        return line.line_webhook(self.settings, self.clock, queue, self.metrics)
