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


def test_bootstrap_installs_uv_the_supported_way_on_an_externally_managed_python(tmp_path: Path) -> None:
    """A fresh machine: an empty HOME, the system's PATH (no uv on it), Debian's python3 marked
    EXTERNALLY-MANAGED (PEP 668). uv lands in a private virtual environment, never in the user's
    site-packages (`pip install --user`) nor over the system's (--break-system-packages)."""
    script = (REPO / "scripts" / "bootstrap.sh").read_text()
    code = "\n".join(line for line in script.splitlines() if not line.lstrip().startswith("#"))
    assert "--break-system-packages" not in code and "--user" not in code
    home, tools = tmp_path / "home", tmp_path / "tools"
    home.mkdir()
    # uv's cache stays the outer one: the packages are the same, and the sync that ends the script
    # must find the project's environment as the rest of the suite, running beside it, uses it.
    cache = os.environ.get("UV_CACHE_DIR") or str(Path.home() / ".cache" / "uv")
    env = {**_clean_env(), "HOME": str(home), "ENGRAM_TOOLS_DIR": str(tools), "UV_CACHE_DIR": cache}
    assert subprocess.run(["bash", "-c", "command -v uv"], env=env, capture_output=True).returncode != 0
    result = subprocess.run(
        ["bash", "scripts/bootstrap.sh"], cwd=REPO, env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr
    assert "installing uv" in result.stderr and "private virtual environment" in result.stderr
    pinned = re.search(r"^UV_VERSION=([\d.]+)$", script, re.MULTILINE)
    assert pinned is not None
    uv = tools / "uv" / "bin" / "uv"
    version = subprocess.run([str(uv), "--version"], capture_output=True, text=True, check=True).stdout
    assert version.split()[:2] == ["uv", pinned.group(1)]
    venv = (tools / "uv" / "pyvenv.cfg").read_text()
    system_python = Path("/usr/lib/python3.11/EXTERNALLY-MANAGED")
    if system_python.exists():  # Debian 12: the venv was made from the externally managed system python
        assert "home = /usr/bin" in venv
    installed = home / ".local"  # where `pip install --user` puts uv (its cache under ~/.cache is fine)
    assert not installed.exists() or not list(installed.rglob("uv*")), "nothing is installed into the user's site"
