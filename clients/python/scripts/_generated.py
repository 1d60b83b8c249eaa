"""What both generators share: this environment's tools, ruff with the repository's settings, and
the write-or-check entry point (tests/client/test_generated.py compares the committed files)."""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def tool(name: str) -> list[str]:
    """A tool of this environment (the venv's own, whatever PATH says)."""
    local = Path(sys.executable).parent / name
    return [str(local)] if local.exists() else [sys.executable, "-m", name.replace("-", "_")]


def ruff(text: str, as_file: Path, *, fix: bool = False) -> str:
    """`text` formatted (and, with `fix`, its fixable lint fixed: import order) as if it were the
    file `as_file`, with the repository's configuration."""
    command = tool("ruff")
    stdin = ["--stdin-filename", str(as_file), "-"]

    def run(*args: str) -> str:
        done = subprocess.run(
            [*command, *args, *stdin], input=text, check=True, capture_output=True, text=True, cwd=REPO
        )
        return done.stdout

    if fix:
        text = run("check", "--fix-only", "--exit-zero", "--quiet")
    return run("format", "--quiet")


def write_or_check(target: Path, generate: Callable[[], str], description: str, argv: list[str] | None) -> int:
    """`--check`: exit 1 when `target` differs from a fresh generation; otherwise write it."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help=f"exit 1 when {target.name} is stale")
    args = parser.parse_args(argv)
    fresh = generate()
    if args.check:
        if target.read_text(encoding="utf-8") != fresh:
            print(f"{target.relative_to(REPO)} is stale: run {Path(sys.argv[0]).name}", file=sys.stderr)
            return 1
        return 0
    target.write_text(fresh, encoding="utf-8")
    print(f"wrote {target.relative_to(REPO)}")
    return 0
