"""Identifiers: whole-string validation, reserved owner ids, conversation-scoped request ids."""

from __future__ import annotations

import pytest

from engram.domain.ids import check_id, job_group, request_id
from engram.domain.models import SessionKey
from engram.errors import ValidationFailed


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
    assert request_id(a, "hi", 1000, 3000) == request_id(a, "hi", 2999, 3000)
    assert request_id(a, "hi", 1000, 3000) != request_id(a, "hi", 3000, 3000)  # the next 3 s window
    for other in others:
        assert request_id(a, "hi", 1000, 3000) != request_id(other, "hi", 1000, 3000)
        assert request_id(a, "hi", 0, 1, "key-1") != request_id(other, "hi", 0, 1, "key-1")
    assert len(job_group(SessionKey("t" * 128, "u" * 128, "p" * 128, "s" * 128))) <= 128
