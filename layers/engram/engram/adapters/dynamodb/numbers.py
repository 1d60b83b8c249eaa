"""Numbers DynamoDB can store: its range is 1E-130 to 9.9999999999999999999999999999999999999E+125.

A float outside it (an importance of 2e-143 from a client, a score decayed for centuries) would make
the whole write fail with a ValidationException. Magnitudes below the range are stored as 0 (what
they mean here) and above it clamp to the largest storable value; NaN and infinities are refused
as the domain error they are, not as a store failure.
"""

from __future__ import annotations

import math
from typing import Any

from pynamodb.attributes import NumberAttribute as _PynamoNumber

from engram.kernel.errors import ValidationFailed

SMALLEST = 1e-130
LARGEST = 9.9999999999999999e125


def storable(value: Any) -> Any:
    if not isinstance(value, float):
        return value
    if not math.isfinite(value):
        raise ValidationFailed("a number must be finite", details={"value": str(value)})
    magnitude = abs(value)
    if magnitude < SMALLEST:
        return 0.0
    if magnitude > LARGEST:
        return math.copysign(LARGEST, value)
    return value


class NumberAttribute(_PynamoNumber):
    """PynamoDB's NumberAttribute, with every value brought into DynamoDB's range (also in updates)."""

    def serialize(self, value: Any) -> str:
        return str(super().serialize(storable(value)))
