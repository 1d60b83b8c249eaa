"""Privacy's ports: erasure requests, the fence, user data, the erasure log, receipts, audit.
Adapters implement them; the composition root (engram.wiring) plugs them in."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # numpy is not needed to import the ports (cold start)
    import numpy as np
    import numpy.typing as npt

    from engram.privacy.models import AnonymousMoment, AuditEntry, ErasureLogEntry, ErasureRequest, UserItem

    Vector = npt.NDArray[np.float32]


class ErasureRequests(Protocol):
    """P1 erasure requests (their own items, outside every user's partitions)."""

    def create(self, request: ErasureRequest, token_hash: str) -> bool:
        """False when a request with this id exists already."""
        ...

    def get(self, tenant_id: str, request_id: str) -> tuple[ErasureRequest, str] | None:
        """The request and its confirmation token's hash (strongly consistent)."""
        ...

    def update(self, request: ErasureRequest, expected_version: int, holder: str | None = None) -> bool:
        """Write `request` (version = expected + 1) if the stored version is `expected_version`;
        `holder` keeps (or, None, releases) the processing lease. False when it moved."""
        ...

    def due(self, limit: int) -> builtins.list[ErasureRequest]:
        """Confirmed or still processing, oldest first (the sparse erasure_requests index)."""
        ...

    def claim(self, request: ErasureRequest, holder: str, lease_until: float, now: float) -> ErasureRequest | None:
        """Take the request for processing unless another live holder has it."""
        ...

    def reverifying(self, limit: int) -> builtins.list[ErasureRequest]:
        """Completed erasures that still keep their user id: checked again until their window ends."""
        ...


class ErasureFence(Protocol):
    """P1: while up for a user, every write that could create an item of theirs is refused."""

    def raise_for(
        self,
        tenant_id: str,
        user_id: str,
        request_id: str,
        persona_id: str | None = None,
        since: float | None = None,
        until: float | None = None,
    ) -> None:
        """`persona_id`: a persona's deletion fences that persona's writes only. `since`/`until`:
        the creation times the erasure removes (kept with the fence: what it removes publishes no
        per-memory event, anything else does)."""
        ...

    def lower_for(self, tenant_id: str, user_id: str, request_id: str, persona_id: str | None = None) -> None: ...


class UserData(Protocol):
    """Everything the table holds of one user, found through the by_user index and the user's
    own partitions (never a scan)."""

    def inventory(
        self,
        tenant_id: str,
        user_id: str,
        since: float | None,
        limit: int,
        persona_id: str | None = None,
        until: float | None = None,
    ) -> builtins.list[UserItem]:
        """Up to `limit` items of the user (with `since`: only those written since then; with
        `until`: only those written up to then; with `persona_id`: only that persona's)."""
        ...

    def content(self, item: UserItem) -> str | None: ...

    def read_items(self, tenant_id: str, user_id: str, limit: int) -> builtins.list[tuple[str, dict[str, Any]]]:
        """P2: the user's items, whole (more than `limit`: the list stops at limit + 1)."""
        ...

    def put_anonymous(self, moment: AnonymousMoment) -> None:
        """Idempotent: a moment already there stays as it is."""
        ...

    def delete(self, items: Sequence[UserItem]) -> int: ...

    def by_user_count(self, tenant_id: str, user_id: str) -> int:
        """What the by_user index still lists for the user (the verification query)."""
        ...

    def delete_data_key(self, tenant_id: str, user_id: str) -> bool:
        """P3 crypto-shredding: delete the user's data key; True when there was one."""
        ...

    def has_data_key(self, tenant_id: str, user_id: str) -> bool: ...


class ErasureLog(Protocol):
    """P1 / O4: completed erasures, in a table of their own, read again after a restore."""

    def append(self, entry: ErasureLogEntry) -> None:
        """Idempotent: an entry already there stays."""
        ...

    def entries(self) -> builtins.list[ErasureLogEntry]: ...


class TableUsers(Protocol):
    """The users a (restored) table holds, a bounded page at a time (the by_user index)."""

    def page(self, cursor: str | None, limit: int) -> tuple[builtins.list[tuple[str, str]], str | None]:
        """(tenant, user) pairs of one page, and the cursor of the next (None: the end)."""
        ...


class ReceiptSigner(Protocol):
    """Signs receipts with the deployment's key: KMS asymmetric in AWS, a key file locally."""

    @property
    def key_id(self) -> str: ...

    def sign(self, digest: bytes) -> bytes:
        """ECDSA P-256 over a SHA-256 digest, DER-encoded."""
        ...

    def public_key_pem(self) -> str: ...


class AuditWriter(Protocol):
    """P6: appends only (a conditional put of a new entry); it cannot read, change or delete."""

    def append(self, entry: AuditEntry) -> None: ...


class AuditReader(Protocol):
    def list(
        self, tenant_id: str, subject: str, limit: int, before: str | None = None
    ) -> tuple[builtins.list[AuditEntry], str | None]:
        """A subject's entries, newest first, and the position to go on from (None: the end)."""
        ...
