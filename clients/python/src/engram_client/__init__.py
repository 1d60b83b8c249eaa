"""Typed Python client (sync and async) for the Engram conversation-memory API: EngramClient
(httpx.Client) and AsyncEngramClient (httpx.AsyncClient), the same methods, returning the pydantic
models of engram_client.models and raising engram_client.errors. See README.md."""

from __future__ import annotations

from . import models
from ._async_client import AsyncEngramClient, ChatResult
from ._core import DEFAULT_BASE_URL, AuthMode, RetryPolicy
from ._sync_client import EngramClient
from .errors import (
    AuthModeError,
    Conflict,
    EngramConnectionError,
    EngramError,
    Forbidden,
    Gone,
    NotFound,
    PayloadTooLarge,
    RateLimited,
    ServerError,
    Unauthorized,
    ValidationError,
)
from .operations import OPERATIONS, ROUTES
from .sigv4 import SigV4Auth

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_BASE_URL",
    "OPERATIONS",
    "ROUTES",
    "AsyncEngramClient",
    "AuthMode",
    "AuthModeError",
    "ChatResult",
    "Conflict",
    "EngramClient",
    "EngramConnectionError",
    "EngramError",
    "Forbidden",
    "Gone",
    "NotFound",
    "PayloadTooLarge",
    "RateLimited",
    "RetryPolicy",
    "ServerError",
    "SigV4Auth",
    "Unauthorized",
    "ValidationError",
    "models",
]
