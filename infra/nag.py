"""cdk-nag (v3) acknowledgments: every one carries the reason it is acceptable here."""

from __future__ import annotations

from aws_cdk import Acknowledgment, Validations
from constructs import IConstruct

PACK = "AwsSolutions"


_disabled = False  # tests flip this to list every finding, acknowledged or not


def acknowledge(scope: IConstruct, rule: str, reason: str) -> None:
    """Acknowledge one AwsSolutions finding, e.g. rule="IAM5[Action::xray:PutTraceSegments]"."""
    if not reason.strip():
        raise ValueError(f"acknowledging {rule} needs a reason")
    if _disabled:
        return
    Validations.of(scope).acknowledge(Acknowledgment(id=f"{PACK}::{PACK}-{rule}", reason=reason))
