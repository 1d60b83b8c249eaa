"""L10: the caller's plan for this user, and recording it for work done later without a request
(a session memory made when the run idles out or reaches its message limit)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from engram.kernel.keys import OwnerKey
from engram.runtime import get_container

from . import auth

_MAX_REMEMBERED = 10_000
_recorded: OrderedDict[tuple[str, str, str], str] = OrderedDict()
_lock = threading.Lock()


def of_request(event: dict[str, Any], user_id: str | None, owner: OwnerKey, persona_id: str) -> str | None:
    """The request's plan (None: it does not say). A stated plan is written to the persona's
    profile once per warm environment and change, not on every request."""
    plan = auth.plan(event, get_container().settings, backend_call=user_id is not None)
    if plan is not None:
        _remember(owner, persona_id, plan)
    return plan


def _remember(owner: OwnerKey, persona_id: str, plan: str) -> None:
    key = (owner.tenant_id, owner.user_id, persona_id)
    with _lock:
        if _recorded.get(key) == plan:
            _recorded.move_to_end(key)
            return
    get_container().profiles.set_plan(owner.tenant_id, owner.user_id, persona_id, plan)
    with _lock:
        _recorded[key] = plan
        _recorded.move_to_end(key)
        while len(_recorded) > _MAX_REMEMBERED:
            _recorded.popitem(last=False)
