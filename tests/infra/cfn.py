"""What the infra tests share: the environments they synthesize and template helpers."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from infra.config import DEV, PROD, STAGING, EnvConfig

DUMMY_ACCOUNT = "123456789012"
CONFIGS: dict[str, EnvConfig] = {
    "dev": DEV,
    "staging": dataclasses.replace(STAGING, account=DUMMY_ACCOUNT),
    "prod": dataclasses.replace(PROD, account=DUMMY_ACCOUNT),
}
# What an operator passes with -c; the committed configs leave the issuer unset.
BACKEND_ROLES = {
    "staging": [f"arn:aws:iam::{DUMMY_ACCOUNT}:role/chat-backend-staging"],
    "prod": [f"arn:aws:iam::{DUMMY_ACCOUNT}:role/chat-backend", f"arn:aws:iam::{DUMMY_ACCOUNT}:role/svc/kb-loader"],
}
# P6: the operators who read audit trails, a list apart from the backends'
AUDIT_READERS = {"prod": [f"arn:aws:iam::{DUMMY_ACCOUNT}:role/privacy-officer"]}
ALARM_EMAILS = {env: f"ops-{env}@engram.test" for env in CONFIGS}
OPERATOR_CONTEXT: dict[str, Any] = {
    **{f"jwt_issuer_{env}": f"https://idp.engram.test/{env}/" for env in CONFIGS},
    **{f"backend_principals_{env}": roles for env, roles in BACKEND_ROLES.items()},  # dev: none
    **{f"audit_readers_{env}": roles for env, roles in AUDIT_READERS.items()},
    **{f"alarm_email_{env}": ALARM_EMAILS[env] for env in ("staging", "prod")},  # O2: required there
}


@dataclasses.dataclass
class Synth:
    outdir: Path
    templates: dict[str, dict[str, Any]]
    error: str | None


def nag_violations(outdir: Path) -> list[str]:
    report = outdir / "validation-report.json"
    if not report.exists():
        return []
    found = []
    for plugin in json.loads(report.read_text())["pluginReports"]:
        for violation in plugin["violations"]:
            if violation["severity"] != "error":
                continue
            for construct in violation["violatingConstructs"]:
                found.append(f"{violation['ruleName']} at {construct['constructPath']}")
    return found


def resources(template: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    return {k: r for k, r in template["Resources"].items() if r["Type"] == kind}


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def policy_statements(template: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    return {
        name: policy["Properties"]["PolicyDocument"]["Statement"]
        for name, policy in resources(template, "AWS::IAM::Policy").items()
    }


def render(value: Any) -> str:
    """A CloudFormation value as one string: {"Fn::GetAtt": [X, "Arn"]} -> "<X.Arn>", Ref -> "<X>"."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and len(value) == 1:
        ((fn, arg),) = value.items()
        if fn == "Fn::Join":
            return str(arg[0]).join(render(v) for v in arg[1])
        if fn == "Fn::GetAtt":
            return f"<{arg[0]}.{arg[1]}>"
        if fn == "Ref":
            return f"<{arg}>"
    return json.dumps(value, sort_keys=True)
