"""Generates the synchronous client from the asynchronous one ("unasync", as httpcore and
elasticsearch-py do): one source, two clients with the same methods.

    uv run --frozen python clients/python/scripts/unasync.py          # write _sync_client.py
    uv run --frozen python clients/python/scripts/unasync.py --check  # exit 1 when it is stale

Token rewrites only (async def -> def, await dropped, httpx.AsyncClient -> httpx.Client,
asyncio.sleep -> time.sleep, ...); tests/client/test_generated.py checks the committed file is this
script's output.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
PACKAGE = Path(__file__).resolve().parents[1] / "src" / "engram_client"
SOURCE = PACKAGE / "_async_client.py"
TARGET = PACKAGE / "_sync_client.py"

HEADER = (
    "# GENERATED FILE - do not edit. Made from _async_client.py by clients/python/scripts/unasync.py\n"
    "# (edit the async client, then run the script).\n"
)

# (pattern, replacement), applied in order
SUBS: list[tuple[str, str]] = [
    (r"\bAsyncEngramClient\b", "EngramClient"),
    (r"\bhttpx\.AsyncClient\b", "httpx.Client"),
    (r"\bhttpx\.AsyncBaseTransport\b", "httpx.BaseTransport"),
    (r"\bAsyncIterator\b", "Iterator"),
    (r"\basync def\b", "def"),
    (r"\basync with\b", "with"),
    (r"\basync for\b", "for"),
    (r"\bawait ", ""),
    (r"\b__aenter__\b", "__enter__"),
    (r"\b__aexit__\b", "__exit__"),
    (r"\baclose\b", "close"),
    (r"\basyncio\.sleep\b", "time.sleep"),
    (r"^import asyncio$", "import time"),
    (r"\bAsynchronous client\b", "Synchronous client"),
    (r"\basynchronous\b", "synchronous"),
]

# The source's module docstring (which explains the generation) becomes this one.
DOCSTRING = '"""The synchronous client, generated from the asynchronous one (_async_client.py)."""\n'


def unasync(source: str) -> str:
    text = source
    if text.startswith('"""'):  # the source's docstring explains the generation: replaced
        text = text[text.index('"""', 3) + 3 :]
    for pattern, replacement in SUBS:
        text = re.sub(pattern, replacement, text, flags=re.MULTILINE)
    return _ruff_format(HEADER + DOCSTRING + text)


def _ruff_format(text: str) -> str:
    """Formatted with the repository's settings: a line that lost its `await` may now fit on one."""
    local = Path(sys.executable).parent / "ruff"
    ruff = [str(local)] if local.exists() else [sys.executable, "-m", "ruff"]
    return subprocess.run(
        [*ruff, "format", "--quiet", "--stdin-filename", str(TARGET), "-"],
        input=text,
        check=True,
        capture_output=True,
        text=True,
        cwd=REPO,
    ).stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 when _sync_client.py is stale")
    args = parser.parse_args(argv)
    fresh = unasync(SOURCE.read_text(encoding="utf-8"))
    if args.check:
        if TARGET.read_text(encoding="utf-8") != fresh:
            print(f"{TARGET.name} is stale: run {Path(__file__).name}", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(fresh, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
