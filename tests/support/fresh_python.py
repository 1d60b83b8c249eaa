"""Run code in a fresh interpreter from the repository root: what a module imports on its own
shows only in a process that has imported nothing else."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def last_line(code: str, **env: str) -> str:
    """The last line the code prints (stripped); fails the test on a non-zero exit."""
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env={**os.environ, **env}, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    return lines[-1].strip() if lines else ""
