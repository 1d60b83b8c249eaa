"""Local files that several processes open at once (the keyring, the receipt key, exports).

A file is never created empty and then written: the content goes to a temporary file in the
same directory first, which then takes the name in one step. `create_once` links it (exactly
one creator wins, the others read the winner's file); `replace` renames it over the old one.
Either way a reader sees a whole file or none, never a partial one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _written_beside(path: Path, data: bytes, mode: int) -> Path:
    """A temporary file next to `path` (same file system: link and rename stay atomic), flushed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return Path(name)


def create_once(path: Path, data: bytes, mode: int = 0o600) -> bool:
    """Give `path` the content `data` unless it exists: True when this call created it, False
    when another creator got there first (its file stands, whole)."""
    tmp = _written_beside(path, data, mode)
    try:
        os.link(tmp, path)  # fails if the name exists: one creator wins
    except FileExistsError:
        return False
    finally:
        tmp.unlink(missing_ok=True)
    return True


def replace(path: Path, data: bytes, mode: int = 0o600) -> None:
    """Write `path` whole: readers see the old content or the new one."""
    tmp = _written_beside(path, data, mode)
    try:
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
