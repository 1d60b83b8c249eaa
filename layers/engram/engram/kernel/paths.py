"""Where the project is on disk, for what the local stack keeps under it (never used in Lambda)."""

from __future__ import annotations

from pathlib import Path


def repo_root() -> Path:
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").exists() and (parent / "functions").is_dir():
            return parent
    return Path.cwd()
