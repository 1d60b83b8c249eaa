"""P1: the one answer a write refused by the erasure fence gets, whichever store refused it (the
single table's writes and the data-key table's)."""

from __future__ import annotations

from engram.kernel.errors import ErasureInProgress


def erasure_in_progress() -> ErasureInProgress:
    from engram.settings import get_settings  # read when a write is refused, not at import

    return ErasureInProgress(
        "this user's data is being erased; writes resume once the erasure completes",
        details={"retry_after": get_settings().erasure_fence_retry_after_s},
    )
