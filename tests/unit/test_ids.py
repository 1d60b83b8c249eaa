"""Identifiers: whole-string validation, reserved owner ids, conversation-scoped request ids."""

from __future__ import annotations

import pytest

from engram.kernel.errors import ValidationFailed
from engram.kernel.ids import check_id, dedup_key, job_group, request_id
from engram.kernel.keys import SessionKey


@pytest.mark.parametrize("value", ["ok\n", "a#b", "", "x" * 129, "tab\t", "ünïcode"])
def test_ids_are_validated_as_a_whole_string(value: str) -> None:
    with pytest.raises(ValidationFailed):
        check_id("session_id", value)


@pytest.mark.parametrize("kind", ["tenant", "user_id", "persona_id"])
def test_owner_ids_starting_with_underscore_are_reserved(kind: str) -> None:
    with pytest.raises(ValidationFailed):
        check_id(kind, "_kb")
    assert check_id(kind, "kb_") == "kb_"


def test_request_ids_are_scoped_to_the_conversation() -> None:
    a = SessionKey("t", "u", "nurse", "s1")
    others = [
        SessionKey("t", "u", "coach", "s1"),
        SessionKey("t", "u", "nurse", "s2"),
        SessionKey("t2", "u", "nurse", "s1"),
    ]
    assert dedup_key(a, "hi") == dedup_key(a, "hi") != dedup_key(a, "hi!")  # no clock in it: the window is a time
    assert request_id(a, "hi", 1000) != request_id(a, "hi", 1001)  # each accepted text is a request of its own
    for other in others:
        assert dedup_key(a, "hi") != dedup_key(other, "hi")
        assert request_id(a, "hi", 1000) != request_id(other, "hi", 1000)
        assert request_id(a, "hi", 0, "key-1") != request_id(other, "hi", 0, "key-1")
    assert len(job_group(SessionKey("t" * 128, "u" * 128, "p" * 128, "s" * 128))) <= 128
