"""Generates the synchronous client from the asynchronous one ("unasync", as httpcore and
elasticsearch-py do): one source, two clients with the same methods.

    uv run --frozen python clients/python/scripts/unasync.py          # write _sync_client.py
    uv run --frozen python clients/python/scripts/unasync.py --check  # exit 1 when it is stale

Token rewrites only (async def -> def, await dropped, httpx.AsyncClient -> httpx.Client,
asyncio.sleep -> time.sleep, ...); tests/client/test_generated.py checks the committed file is this
script's output.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling _generated, however this file is loaded
from _generated import ruff, write_or_check

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
    # formatted with the repository's settings: a line that lost its `await` may now fit on one
    return ruff(HEADER + DOCSTRING + text, TARGET)


def main(argv: list[str] | None = None) -> int:
    return write_or_check(TARGET, lambda: unasync(SOURCE.read_text(encoding="utf-8")), __doc__ or "", argv)


if __name__ == "__main__":
    raise SystemExit(main())
