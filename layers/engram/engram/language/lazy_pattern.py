"""A regular expression compiled on first use.

The PII and tokenizer patterns use large Unicode classes (CJK ranges, negated word classes),
and compiling them costs ~40 ms: paid at import, that is 40 ms of every API cold start,
including requests that never mask or tokenize anything. `re` has no lazy mode, hence this.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from typing import Any


class LazyPattern:
    """`re.compile(pattern, flags)`, deferred to the first match; the methods used here delegate."""

    __slots__ = ("_compiled", "_flags", "_lock", "pattern")

    def __init__(self, pattern: str, flags: int | re.RegexFlag = 0) -> None:
        self.pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None
        self._lock = threading.Lock()

    @property
    def compiled(self) -> re.Pattern[str]:
        compiled = self._compiled
        if compiled is None:
            with self._lock:  # threads of the local server share these module-level patterns
                if self._compiled is None:
                    self._compiled = re.compile(self.pattern, self._flags)
                compiled = self._compiled
        return compiled

    def search(self, string: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled.search(string, pos)

    def match(self, string: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled.match(string, pos)

    def fullmatch(self, string: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(string)

    def finditer(self, string: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string)

    def findall(self, string: str) -> list[Any]:
        return self.compiled.findall(string)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(string, maxsplit)


def lazy_compile(pattern: str, flags: int | re.RegexFlag = 0) -> LazyPattern:
    return LazyPattern(pattern, flags)
