"""cfn-lint on the synthesized template of every environment in infra/config.py.

No error, and no warning that infra/cfn_lint.py does not accept with a reason; an accepted
warning that no longer occurs anywhere fails too, so the list stays honest. Informational
findings (I...) are not reported: cfn-lint leaves them out unless asked.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from cfnlint.api import ManualArgs, lint

from infra.cfn_lint import ACCEPTED_WARNINGS, AcceptedWarning
from infra.config import ENVIRONMENTS
from tests.infra.cfn import CONFIGS, resources


@dataclass(frozen=True)
class Finding:
    rule: str
    severity: str  # "error" | "warning" | "informational"
    message: str
    path: str

    def __str__(self) -> str:
        return f"{self.rule} ({self.severity}) at {self.path}: {self.message}"


def lint_template(template: dict[str, Any], region: str) -> list[Finding]:
    matches = lint(json.dumps(template, indent=1), config=ManualArgs(regions=[region]))
    return [Finding(m.rule.id, m.rule.severity, m.message, "/".join(str(p) for p in m.path or [])) for m in matches]


def is_accepted(finding: Finding, accepted: Mapping[str, AcceptedWarning]) -> bool:
    entry = accepted.get(finding.rule)
    return entry is not None and re.fullmatch(entry.message, finding.message) is not None


def unaccepted_warnings(findings: list[Finding], accepted: Mapping[str, AcceptedWarning]) -> list[Finding]:
    return [f for f in findings if f.severity == "warning" and not is_accepted(f, accepted)]


def stale_acceptances(findings: list[Finding], accepted: Mapping[str, AcceptedWarning]) -> list[str]:
    return sorted(rule for rule in accepted if not any(f.rule == rule and is_accepted(f, accepted) for f in findings))


@pytest.fixture(scope="session")
def findings(templates: dict[str, dict[str, Any]]) -> dict[str, list[Finding]]:
    return {env: lint_template(template, CONFIGS[env].region) for env, template in templates.items()}


def test_every_environment_is_linted() -> None:
    assert set(CONFIGS) == set(ENVIRONMENTS)
    assert all(CONFIGS[env].region == cfg.region for env, cfg in ENVIRONMENTS.items())


@pytest.mark.parametrize("env", list(ENVIRONMENTS))
def test_template_has_no_cfn_lint_error(findings: dict[str, list[Finding]], env: str) -> None:
    errors = [str(f) for f in findings[env] if f.severity == "error"]
    assert not errors, "\n".join(errors)


@pytest.mark.parametrize("env", list(ENVIRONMENTS))
def test_template_warnings_are_fixed_or_accepted(findings: dict[str, list[Finding]], env: str) -> None:
    unexplained = [str(f) for f in unaccepted_warnings(findings[env], ACCEPTED_WARNINGS)]
    assert not unexplained, "fix these in infra/, or accept them with a reason in infra/cfn_lint.py:\n" + "\n".join(
        unexplained
    )


def test_every_accepted_warning_still_occurs(findings: dict[str, list[Finding]]) -> None:
    everywhere = [f for env_findings in findings.values() for f in env_findings]
    assert stale_acceptances(everywhere, ACCEPTED_WARNINGS) == []


def test_only_warnings_are_accepted_and_each_has_a_reason() -> None:
    for rule, entry in ACCEPTED_WARNINGS.items():
        assert re.fullmatch(r"W\d{4}", rule), f"{rule}: only warnings can be accepted; fix errors"
        assert len(entry.reason.split()) >= 8, f"{rule}: say why it is acceptable"
        re.compile(entry.message)


# --- the check itself can fail ----------------------------------------------------------------


def test_an_error_and_a_new_warning_are_reported(templates: dict[str, dict[str, Any]]) -> None:
    broken = copy.deepcopy(templates["dev"])
    function = next(iter(resources(broken, "AWS::Lambda::Function").values()))
    function["Properties"]["Runtime"] = "python2.7"  # creation disabled since 2021: an error
    broken.setdefault("Parameters", {})["NeverUsed"] = {"Type": "String"}  # W2001: a warning
    found = lint_template(broken, "us-east-1")
    assert any(f.severity == "error" and "python2.7" in f.message for f in found)
    assert [f.rule for f in unaccepted_warnings(found, ACCEPTED_WARNINGS)] == ["W2001"]


def test_an_acceptance_matches_only_its_message_and_goes_stale_when_unused() -> None:
    role_dependency = Finding(
        "W3005",
        "warning",
        "'JobsJobsFunctionRole20323663' dependency already enforced by a 'GetAtt' at "
        "'Resources/JobsJobsFunctionC9F2FC68/Properties/Role'",
        "Resources/JobsJobsFunctionC9F2FC68/DependsOn/1",
    )
    other_dependency = Finding(
        "W3005",
        "warning",
        "'EngramTable0A1B2C3D' dependency already enforced by a 'Ref' at 'Resources/Queue/Properties/Name'",
        "Resources/Queue/DependsOn/0",
    )
    assert unaccepted_warnings([role_dependency, other_dependency], ACCEPTED_WARNINGS) == [other_dependency]
    assert stale_acceptances([role_dependency], ACCEPTED_WARNINGS) == []
    assert stale_acceptances([other_dependency], ACCEPTED_WARNINGS) == ["W3005"]
