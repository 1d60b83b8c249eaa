# GENERATED FILE - do not edit. Made from _async_client.py by clients/python/scripts/unasync.py
# (edit the async client, then run the script).
"""The synchronous client, generated from the asynchronous one (_async_client.py)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from types import TracebackType
from typing import Any, Literal, Self

import httpx
from pydantic import TypeAdapter

from . import models as m
from ._core import (
    DEFAULT_BASE_URL,
    DELIVERED_BEFORE,
    AuthMode,
    ClientConfig,
    RetryPolicy,
    body,
    connection_error,
    decode,
    may_have_arrived,
    new_idempotency_key,
    retry_status,
)
from .errors import error_from_response
from .sigv4 import SigV4Auth

__all__ = ["EngramClient"]

ChatResult = m.ChatResponse | m.ProcessingResponse | m.BufferedResponse
_CHAT_RESULT: TypeAdapter[ChatResult] = TypeAdapter(ChatResult)
MemoryType = Literal["fact", "preference", "constraint", "decision", "todo", "timeline", "profile", "note", "summary"]
MemoryStatus = Literal["active", "archived", "compressed", "superseded"]
Message = m.MemoryMessage | Mapping[str, str]


def _messages(messages: Sequence[Message]) -> list[dict[str, Any]]:
    return [
        msg.model_dump(mode="json")
        if isinstance(msg, m.MemoryMessage)
        else {"role": msg["role"], "content": msg["content"]}
        for msg in messages
    ]


class EngramClient:
    """Synchronous client for the Engram API (httpx.Client).

    Auth modes, one per client:

    - end user: ``token=`` (a bearer JWT); calls the ``/v1/...`` routes as the token's user.
    - trusted backend: ``sigv4=SigV4Auth(region=...)`` in AWS, or ``api_key=`` on the local stack,
      plus ``user_id=``; calls ``/v1/users/{user_id}/...``. ``for_user(id)`` gives a client for
      another user that shares the connection pool. The knowledge base needs no user.

    Every method returns the typed response model (engram_client.models) and raises an
    :class:`~engram_client.errors.EngramError` subclass for an error answer. Idempotent calls are
    retried on 429, 5xx and connection errors (see :class:`RetryPolicy`).
    """

    def __init__(
        self,
        base_url: str = DEFAULT_BASE_URL,
        *,
        token: str | None = None,
        api_key: str | None = None,
        sigv4: SigV4Auth | None = None,
        user_id: str | None = None,
        timeout: float | httpx.Timeout = 30.0,
        max_attempts: int | None = None,
        retry: RetryPolicy | None = None,
        headers: Mapping[str, str] | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self._config = ClientConfig(
            base_url,
            token=token,
            api_key=api_key,
            sigv4=sigv4,
            user_id=user_id,
            headers=headers,
            retry=retry,
            max_attempts=max_attempts,
        )
        self._http = httpx.Client(headers=self._config.headers(), auth=sigv4, timeout=timeout, transport=transport)
        self._owns_http = True

    # --- lifecycle -------------------------------------------------------------------------------

    @property
    def mode(self) -> AuthMode:
        """``end_user`` (token) or ``backend`` (SigV4 / API key)."""
        return self._config.mode

    @property
    def user_id(self) -> str | None:
        """The user a backend client acts for (None for end-user clients: the token says)."""
        return self._config.user_id

    @property
    def retry_policy(self) -> RetryPolicy:
        return self._config.retry

    def for_user(self, user_id: str) -> Self:
        """A backend client acting for ``user_id``, sharing this client's connections (closing it
        does not close them)."""
        other = object.__new__(type(self))
        other._config = self._config.for_user(user_id)
        other._http = self._http
        other._owns_http = False
        return other

    def close(self) -> None:
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # --- transport -------------------------------------------------------------------------------

    def _sleep(self, seconds: float) -> None:
        time.sleep(seconds)

    def _send(
        self,
        name: str,
        path: Mapping[str, str] | None = None,
        *,
        params: Mapping[str, Any] | None = None,
        json: Any = None,
    ) -> httpx.Response:
        method, endpoint, idempotent = self._config.endpoint(name)
        url = self._config.url(endpoint, path or {}, params)
        policy = self._config.retry
        retry = 0
        delivered = False  # an earlier attempt may have reached the server and done the work
        while True:
            try:
                response = self._http.request(method, url, json=json)
            except httpx.TransportError as exc:
                retry += 1
                delay = policy.delay(retry, None) if idempotent else None
                if delay is None:
                    raise connection_error(exc) from exc
                delivered = delivered or may_have_arrived(exc)
                self._sleep(delay)
                continue
            if idempotent and retry_status(response):
                retry += 1
                delay = policy.delay(retry, response)
                if delay is not None:
                    delivered = delivered or response.status_code >= 500
                    self._sleep(delay)
                    continue
            response.extensions[DELIVERED_BEFORE] = delivered
            return response

    def _chat_result(self, name: str, path: Mapping[str, str], json: Any = None) -> ChatResult:
        response = self._send(name, path, json=json)
        if not response.is_success:
            raise error_from_response(response)
        return _CHAT_RESULT.validate_json(response.content)

    # --- sessions --------------------------------------------------------------------------------

    def chat(
        self,
        persona_id: str,
        session_id: str,
        message: str,
        *,
        idempotency_key: str | None = None,
        audio_id: str | None = None,
        is_final: bool = True,
        part: int | None = None,
        wait: float = 60.0,
    ) -> ChatResult:
        """A full turn: Engram assembles the prompt, calls its model, stores the round.

        Returns a ChatResponse. Without ``idempotency_key`` a uuid4 is sent, so this call's own
        retries never make a second turn. A repeat whose first copy is still being answered is
        answered 202 "processing": the client then fetches the answer (:meth:`get_request`) after the
        server's ``retry_after``, for up to ``wait`` seconds, and returns the ProcessingResponse if it
        is still not there (``wait=0``: at once). A partial transcript (``audio_id`` with
        ``is_final=False``) returns a BufferedResponse."""
        path = {"persona_id": persona_id, "session_id": session_id}
        json = body(
            message=message,
            idempotency_key=idempotency_key or new_idempotency_key(),
            audio_id=audio_id,
            is_final=None if is_final else False,
            part=part,
        )
        result = self._chat_result("chat", path, json)
        waited = 0.0
        while isinstance(result, m.ProcessingResponse) and waited < wait:
            delay = min(max(1.0, float(result.retry_after)), wait - waited)
            self._sleep(delay)
            waited += delay
            result = self._chat_result("get_request", {**path, "request_id": result.request_id})
        return result

    def context(self, persona_id: str, session_id: str, message: str, *, preview: bool = False) -> m.ContextResponse:
        """Bring your own LLM: the assembled prompt messages for ``message`` (summary, memories, recent
        rounds) and the gate decision. Stores no round (record the finished turn with
        :meth:`record_turn`); the memories in the prompt count as accessed, unless ``preview`` (inspect
        only)."""
        path = {"persona_id": persona_id, "session_id": session_id}
        body = {"message": message, "preview": preview} if preview else {"message": message}
        return decode(self._send("context", path, json=body), m.ContextResponse)

    def record_turn(
        self, persona_id: str, session_id: str, user: str, assistant: str, *, idempotency_key: str | None = None
    ) -> m.TurnResponse:
        """Records a round your own LLM produced (what the user said, what it answered). Without
        ``idempotency_key`` a uuid4 is sent; the same key again answers ``duplicate: true``."""
        path = {"persona_id": persona_id, "session_id": session_id}
        json = {"user": user, "assistant": assistant, "idempotency_key": idempotency_key or new_idempotency_key()}
        return decode(self._send("record_turn", path, json=json), m.TurnResponse)

    def get_session(self, persona_id: str, session_id: str) -> m.SessionResponse:
        """A session's state, rolling summary and recent rounds."""
        path = {"persona_id": persona_id, "session_id": session_id}
        return decode(self._send("get_session", path), m.SessionResponse)

    def list_sessions(self, *, persona_id: str | None = None, limit: int | None = None) -> m.SessionListResponse:
        """The user's live sessions, most recently active first."""
        params = {"persona_id": persona_id, "limit": limit}
        return decode(self._send("list_sessions", params=params), m.SessionListResponse)

    def get_conversation_log(
        self, persona_id: str, session_id: str, *, limit: int | None = None, before: str | None = None
    ) -> m.ConversationLogResponse:
        """Every round still held (newest first); page with ``before=previous.next_cursor``."""
        path = {"persona_id": persona_id, "session_id": session_id}
        params = {"limit": limit, "before": before}
        return decode(self._send("get_conversation_log", path, params=params), m.ConversationLogResponse)

    def end_session(self, persona_id: str, session_id: str) -> m.SessionEndResponse:
        """Ends the session's run and stores its session memory (again: the first result,
        ``already_ended: true``)."""
        path = {"persona_id": persona_id, "session_id": session_id}
        return decode(self._send("end_session", path), m.SessionEndResponse)

    def save_session(self, persona_id: str, session_id: str) -> m.SessionEndResponse:
        """Saves the conversation: ends the current run and stores its session memory; the next
        message starts a new run."""
        path = {"persona_id": persona_id, "session_id": session_id}
        return decode(self._send("save_session", path), m.SessionEndResponse)

    def get_request(self, persona_id: str, session_id: str, request_id: str) -> ChatResult:
        """The answer of a chat request that was answered 202 (processing)."""
        path = {"persona_id": persona_id, "session_id": session_id, "request_id": request_id}
        return self._chat_result("get_request", path)

    # --- memories --------------------------------------------------------------------------------

    def list_memories(
        self,
        *,
        persona_id: str | None = None,
        include_archived: bool | None = None,
        limit: int | None = None,
        offset: int | None = None,
        type: MemoryType | Sequence[MemoryType] | None = None,
        status: MemoryStatus | Sequence[MemoryStatus] | None = None,
        pinned: bool | None = None,
        session_id: str | None = None,
    ) -> m.MemoryListResponse:
        """Long-term memories, a page at a time (``limit`` / ``offset``), optionally filtered by
        type(s), status(es) (archived or compressed imply ``include_archived``), pin and session."""
        params = {
            "persona_id": persona_id,
            "include_archived": include_archived,
            "limit": limit,
            "offset": offset,
            "type": type,
            "status": status,
            "pinned": pinned,
            "session_id": session_id,
        }
        return decode(self._send("list_memories", params=params), m.MemoryListResponse)

    def create_memory(
        self,
        persona_id: str,
        *,
        summary: str | None = None,
        messages: Sequence[Message] | None = None,
        type: MemoryType | None = None,
        importance: float | None = None,
        pinned: bool | None = None,
        topics: Sequence[str] | None = None,
        session_id: str | None = None,
        idempotency_key: str | None = None,
    ) -> m.CreateMemoryResponse:
        """Creates a memory from a manual ``summary`` (stored as is, PII-masked) or from ``messages``
        (summarised by the model). ``importance`` is 0-1; ``pinned`` puts it in every prompt.
        Without ``idempotency_key`` a uuid4 is sent, so this call's own retries write one memory;
        the same key again answers the first response with ``deduplicated: true``."""
        json = body(
            persona_id=persona_id,
            summary=summary,
            messages=_messages(messages) if messages is not None else None,
            type=type,
            importance=importance,
            pinned=pinned,
            topics=list(topics) if topics is not None else None,
            session_id=session_id,
            idempotency_key=idempotency_key or new_idempotency_key(),
        )
        return decode(self._send("create_memory", json=json), m.CreateMemoryResponse)

    def load_memories(self, persona_id: str, *, n: int | None = None) -> m.MemoryLoadResponse:
        """The top ``n`` memories of a persona, for the start of a conversation."""
        params = {"persona_id": persona_id, "n": n}
        return decode(self._send("load_memories", params=params), m.MemoryLoadResponse)

    def search_memories(
        self,
        q: str | None = None,
        *,
        persona_id: str | None = None,
        type: MemoryType | Sequence[MemoryType] | None = None,
        from_: date | datetime | str | None = None,
        to: date | datetime | str | None = None,
        include_archived: bool | None = None,
        include_kb: bool | None = None,
        limit: int | None = None,
    ) -> m.SearchResponse:
        """Searches memories by words and meaning (``q``), type(s), creation date range; with
        ``include_kb`` the knowledge base too."""
        params = {
            "q": q,
            "persona_id": persona_id,
            "type": type,
            "from": from_,
            "to": to,
            "include_archived": include_archived,
            "include_kb": include_kb,
            "limit": limit,
        }
        return decode(self._send("search_memories", params=params), m.SearchResponse)

    def memory_timeline(self, *, persona_id: str | None = None) -> m.TimelineResponse:
        """Active memories grouped by month, newest first."""
        return decode(self._send("memory_timeline", params={"persona_id": persona_id}), m.TimelineResponse)

    def summarize(
        self, messages: Sequence[Message], *, persona_id: str | None = None, session_id: str | None = None
    ) -> m.SummarizeResponse:
        """Summarises messages (summary, topics, emotion, importance 1-10) without storing anything."""
        json = body(messages=_messages(messages), persona_id=persona_id, session_id=session_id)
        return decode(self._send("summarize", json=json), m.SummarizeResponse)

    def list_archive(
        self, *, persona_id: str | None = None, limit: int | None = None, offset: int | None = None
    ) -> m.ArchiveListResponse:
        """Archived and compressed memories with sizes, ratio, final score, reason and retention."""
        params = {"persona_id": persona_id, "limit": limit, "offset": offset}
        return decode(self._send("list_archive", params=params), m.ArchiveListResponse)

    def memory_lifecycle(self, memory_id: str) -> m.LifecycleLogResponse:
        """A memory's lifecycle log (score updates, compression, archive, restore, delete)."""
        return decode(self._send("memory_lifecycle", {"memory_id": memory_id}), m.LifecycleLogResponse)

    def get_memory(self, memory_id: str) -> m.MemoryResponse:
        return decode(self._send("get_memory", {"memory_id": memory_id}), m.MemoryResponse)

    def update_memory(
        self,
        memory_id: str,
        *,
        version: int,
        summary: str | None = None,
        importance: float | None = None,
        pinned: bool | None = None,
    ) -> m.MemoryResponse:
        """Edits a memory's text, importance or pin. ``version`` is the one you read: a stale one
        raises Conflict (read again, then retry)."""
        json = body(version=version, summary=summary, importance=importance, pinned=pinned)
        return decode(self._send("update_memory", {"memory_id": memory_id}, json=json), m.MemoryResponse)

    def delete_memory(self, memory_id: str) -> m.DeleteMemoryResponse:
        """Deletes a memory. A retry that finds it gone after an earlier try may have reached the
        server (its answer lost) reports it deleted: that try deleted it."""
        response = self._send("delete_memory", {"memory_id": memory_id})
        if response.status_code == 404 and response.extensions.get(DELIVERED_BEFORE):
            return m.DeleteMemoryResponse(memory_id=memory_id, deleted=True)
        return decode(response, m.DeleteMemoryResponse)

    def archive_memory(self, memory_id: str) -> m.ArchiveResponse:
        """Archives a memory (restorable with :meth:`restore_memory`)."""
        return decode(self._send("archive_memory", {"memory_id": memory_id}), m.ArchiveResponse)

    def restore_memory(self, memory_id: str) -> m.RestoreResponse:
        return decode(self._send("restore_memory", {"memory_id": memory_id}), m.RestoreResponse)

    # --- personas --------------------------------------------------------------------------------

    def get_profile(self, persona_id: str) -> m.ProfileResponse:
        """A persona's pinned facts and learned profile."""
        return decode(self._send("get_profile", {"persona_id": persona_id}), m.ProfileResponse)

    def set_pinned(self, persona_id: str, pinned_memory_ids: Sequence[str]) -> m.ProfileResponse:
        """Exactly these memories become the persona's pinned facts."""
        json = {"pinned_memory_ids": list(pinned_memory_ids)}
        return decode(self._send("set_pinned", {"persona_id": persona_id}, json=json), m.ProfileResponse)

    def delete_persona(self, persona_id: str) -> m.DeletePersonaResponse:
        """Deletes everything of a persona (an erasure with its own signed receipt)."""
        return decode(self._send("delete_persona", {"persona_id": persona_id}), m.DeletePersonaResponse)

    # --- knowledge base (backend clients only) -------------------------------------------------

    def list_kb_documents(self) -> m.KbDocumentListResponse:
        return decode(self._send("list_kb_documents"), m.KbDocumentListResponse)

    def upload_kb_document(self, title: str, text: str, *, source: str | None = None) -> m.KbDocumentView:
        """Adds a document to the tenant's knowledge base (chunked, searchable with ``include_kb``)."""
        json = body(title=title, text=text, source=source)
        return decode(self._send("upload_kb_document", json=json), m.KbDocumentView)

    def delete_kb_document(self, doc_id: str) -> m.KbDeleteResponse:
        return decode(self._send("delete_kb_document", {"doc_id": doc_id}), m.KbDeleteResponse)

    # --- privacy: erasure, export, audit -------------------------------------------------------

    def request_erasure(self, *, scope: Literal["all", "recent"] | None = None) -> m.ErasureCreatedView:
        """Requests erasure of everything held about the user (``scope="recent"``: the last 7 days).
        Nothing is erased until :meth:`confirm_erasure` with the returned ``confirmation_token``."""
        json = body(scope=scope)
        return decode(self._send("request_erasure", json=json), m.ErasureCreatedView)

    def confirm_erasure(self, request_id: str, token: str) -> m.ErasureView:
        """Confirms an erasure request: it is queued and processed at once."""
        path = {"request_id": request_id}
        return decode(self._send("confirm_erasure", path, json={"token": token}), m.ErasureView)

    def get_erasure(self, request_id: str) -> m.ErasureView:
        """An erasure's state and, once completed, its signed receipt."""
        return decode(self._send("get_erasure", {"request_id": request_id}), m.ErasureView)

    def export(self) -> m.ExportView:
        """Everything held about the user as one document (large ones: :meth:`start_export`)."""
        return decode(self._send("export"), m.ExportView)

    def start_export(self) -> m.ExportJobView:
        """Asks for the user's export as a document made by a job (any size)."""
        return decode(self._send("start_export"), m.ExportJobView)

    def get_export(self, export_id: str) -> m.ExportJobView:
        """An export job's state and, once completed, its link."""
        return decode(self._send("get_export", {"export_id": export_id}), m.ExportJobView)

    def list_audit(self, *, limit: int | None = None, before: str | None = None) -> m.AuditListResponse:
        """The user's audit entries, newest first (backend clients only)."""
        params = {"limit": limit, "before": before}
        return decode(self._send("list_audit", params=params), m.AuditListResponse)
