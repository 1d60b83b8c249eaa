"""The table is the outbox: a stream record of a stored round (TURN#) or a closed run
(RUN#) becomes the post-turn job the API used to send itself. In AWS an EventBridge
pipe forwards such records to the SQS FIFO queue (group: `job_group`, dedup id:
`job_dedup`, both attributes of the item); locally the stream poller plays the pipe.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engram.adapters.crypto.cipher import FieldCipher
from engram.adapters.dynamodb import keys
from engram.conversation.models import ClosedRun, RunState, SummaryProgress, Turn
from engram.conversation.post_turn import after_turn_job, end_run_job
from engram.kernel.keys import SessionKey


def _s(image: Mapping[str, Any], name: str) -> str:
    value = image.get(name, {})
    return str(value.get("S", "")) if isinstance(value, Mapping) else ""


def _n(image: Mapping[str, Any], name: str) -> float:
    value = image.get(name, {})
    raw = value.get("N") if isinstance(value, Mapping) else None
    return float(raw) if raw is not None else 0.0


def is_outbox_record(record: Mapping[str, Any]) -> bool:
    """The pipe's filter: a round or a closed run was inserted."""
    if record.get("eventName") != "INSERT":
        return False
    sk = _s(record.get("dynamodb", {}).get("Keys", {}), "SK")
    return sk.startswith((keys.TURN_PREFIX, keys.RUN_PREFIX))


def job_from_stream_record(record: Mapping[str, Any], cipher: FieldCipher) -> dict[str, Any] | None:
    """The job a stored item asks for; None for records that ask for nothing. The round's text
    travels sealed through the pipe and the queue (P3): it is opened here, in the worker."""
    if not is_outbox_record(record):
        return None
    image = record.get("dynamodb", {}).get("NewImage", {})
    pk = _s(image, "PK")
    key = SessionKey(*keys.parse_session_pk(pk))
    sk = _s(image, "SK")
    if sk.startswith(keys.RUN_PREFIX):
        generation = int(sk[len(keys.RUN_PREFIX) :])
        return end_run_job(ClosedRun(key, generation, int(_n(image, "turn_count")), "", "", RunState.CLOSING, 0.0))
    generation, seq = keys.parse_turn_sk(sk)
    emergency = image.get("emergency", {})
    turn = Turn(
        seq=seq,
        user_text=cipher.read(pk, "user_text", _s(image, "user_text")),
        assistant_text=cipher.read(pk, "assistant_text", _s(image, "assistant_text")),
        request_id=_s(image, "request_id"),
        created_at=_n(image, "created_at"),
        emergency=bool(emergency.get("BOOL", False)) if isinstance(emergency, Mapping) else False,
    )
    progress = SummaryProgress(generation, seq, int(_n(image, "hint_cursor")), int(_n(image, "hint_pending")))
    continues = (int(_n(image, "cont_generation")), int(_n(image, "cont_seq"))) if "cont_seq" in image else None
    return after_turn_job(key, progress, turn, continues)
