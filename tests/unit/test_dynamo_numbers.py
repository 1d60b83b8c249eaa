"""Floats outside DynamoDB's number range are stored as what they mean, never a failed write."""

from __future__ import annotations

import math

import pytest

from engram.adapters.dynamodb.numbers import LARGEST, NumberAttribute, storable
from engram.kernel.errors import ValidationFailed


@pytest.mark.parametrize(
    ("value", "stored"),
    [(2.1e-143, 0.0), (-1e-200, 0.0), (0.0, 0.0), (0.35, 0.35), (1e-130, 1e-130), (1e300, LARGEST), (7, 7)],
)
def test_values_are_brought_into_range(value: float, stored: float) -> None:
    assert storable(value) == stored
    assert float(NumberAttribute().serialize(value)) == pytest.approx(stored)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_non_finite_numbers_are_a_validation_error(value: float) -> None:
    with pytest.raises(ValidationFailed):
        storable(value)
