"""README commands work verbatim in a new shell: PATH without ~/.local/bin (where uv lives)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text()


def _clean_env() -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if k in ("HOME", "LANG", "TERM")}
    return {**keep, "PATH": "/usr/local/bin:/usr/bin:/bin"}


def test_readme_never_asks_for_uv_on_the_path() -> None:
    assert not re.search(r"(^|[\s(`$])uv run", README, re.MULTILINE)


def test_the_token_command_of_the_readme_runs_in_a_clean_shell() -> None:
    line = next(line for line in README.splitlines() if line.startswith("export TOKEN="))
    command = line.split("#")[0].strip() + ' && printf %s "$TOKEN"'
    result = subprocess.run(
        ["bash", "-c", command], cwd=REPO, env=_clean_env(), capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert re.fullmatch(r"[\w-]+\.[\w-]+\.[\w-]+", result.stdout), result.stdout


def test_bootstrap_is_quiet_when_nothing_is_missing() -> None:
    # `make test` ran it already: everything is installed, so it has nothing to say (uv found in
    # ~/.local/bin although PATH does not have it).
    result = subprocess.run(
        ["bash", "scripts/bootstrap.sh"], cwd=REPO, env=_clean_env(), capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and result.stdout == ""
