"""cfn-lint findings on the synthesized templates that are accepted, each with its reason.

tests/infra/test_cfn_lint.py lints every environment's template: an error always fails, and so
does a warning not listed here, or an entry here that no longer matches any finding. A warning
that points at a real problem is fixed in the constructs, not listed. `message` is a regular
expression the whole finding's message must match, so an entry covers only the case it explains.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class AcceptedWarning:
    reason: str
    message: str  # a regex for the finding's whole message


ACCEPTED_WARNINGS: Mapping[str, AcceptedWarning] = MappingProxyType(
    {
        "W3005": AcceptedWarning(
            reason=(
                "aws-cdk-lib renders DependsOn [<role>DefaultPolicy, <role>] on every Lambda function and "
                "on the outbox pipe, while Role / RoleArn already reference the role with Fn::GetAtt. The "
                "role entry is redundant and changes no deployment order; the DefaultPolicy entry beside it "
                "is the one that matters (nothing is created before its grants) and is not flagged."
            ),
            message=(
                r"'\w+Role[0-9A-F]{8}' dependency already enforced by a 'GetAtt' at "
                r"'Resources/\w+/Properties/(Role|RoleArn)'"
            ),
        ),
    }
)
