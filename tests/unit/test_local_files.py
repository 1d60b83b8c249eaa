"""Local files several processes open at once are created whole, by exactly one of them.

Eight processes open the same fresh keyring, receipt key and local index together (a barrier
before each of many fresh paths): none may read a half-written file, and all must end up with
the same key (the first creator's), never one each.
"""

from __future__ import annotations

import multiprocessing
import traceback
from collections.abc import Callable
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

import pytest

from engram.adapters import local_files
from engram.adapters.crypto.wrapping import LocalKeyring
from engram.adapters.local_index.index import LocalIndex
from engram.adapters.signing import LocalKeySigner

PROCESSES = 8
PATHS = 60


def _keyring(path: Path) -> str:
    ring = LocalKeyring(path / "field-keys.json")
    key = ring.generate("owner")
    assert ring.unwrap(key.wrapped, "owner") == key.plaintext
    return key.wrapped_by


def _signer(path: Path) -> str:
    return LocalKeySigner(path / "receipt.pem").key_id


def _index(path: Path) -> str:
    index = LocalIndex(path / "index", 4)
    return index.active_version


OPENERS: dict[str, Callable[[Path], str]] = {"keyring": _keyring, "signer": _signer, "index": _index}


def _open_all(kind: str, root: str, barrier: Barrier, results: Any) -> None:
    opener = OPENERS[kind]
    for n in range(PATHS):
        barrier.wait(30)
        try:
            results.put((n, "ok", opener(Path(root) / f"p{n}")))
        except Exception:
            results.put((n, "error", traceback.format_exc(limit=3)))


@pytest.mark.parametrize("kind", sorted(OPENERS))
def test_processes_opening_one_fresh_file_at_once_all_read_the_same_whole_file(kind: str, tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")  # the test's own code, no engram import per child
    barrier = ctx.Barrier(PROCESSES)
    results = ctx.Queue()
    workers = [ctx.Process(target=_open_all, args=(kind, str(tmp_path), barrier, results)) for _ in range(PROCESSES)]
    for w in workers:
        w.start()
    outcomes = [results.get(timeout=120) for _ in range(PROCESSES * PATHS)]
    for w in workers:
        w.join(30)
    errors = [detail for _, state, detail in outcomes if state == "error"]
    assert errors == [], f"{len(errors)} of {len(outcomes)} opens failed; first:\n{errors[0] if errors else ''}"
    per_path: dict[int, set[str]] = {}
    for n, _, seen in outcomes:
        per_path.setdefault(n, set()).add(seen)
    assert all(len(seen) == 1 for seen in per_path.values()), "two processes made two different files"
    assert not [p for p in tmp_path.rglob("*.tmp")], "temporary files were left behind"


def test_create_once_keeps_the_first_content(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.json"
    assert local_files.create_once(target, b"first")
    assert not local_files.create_once(target, b"second")
    assert target.read_bytes() == b"first" and target.stat().st_mode & 0o777 == 0o600
    local_files.replace(target, b"third")
    assert target.read_bytes() == b"third" and target.stat().st_mode & 0o777 == 0o600
