"""Versioned index files behind an alias file, like an OpenSearch alias swap.

    <root>/ACTIVE               one line: the file name of the active version
    <root>/index-v0001.sqlite3  a version (plus its -wal / -shm while open)

A re-index builds the next version beside the active one, then activate()
rewrites ACTIVE with os.replace (atomic on POSIX and Windows), so readers see
either the old or the new version, never a mix.
"""

from __future__ import annotations

import re
from pathlib import Path

from engram.adapters import local_files

ALIAS_FILE = "ACTIVE"
ALIAS_MODE = 0o644  # names a file; holds nothing of anyone's
_VERSION_RE = re.compile(r"index-v(\d+)\.sqlite3")


class VersionDirectory:
    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)

    @property
    def alias_path(self) -> Path:
        return self.root / ALIAS_FILE

    def active(self) -> Path | None:
        try:
            name = self.alias_path.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            return None
        if not _VERSION_RE.fullmatch(name):
            raise ValueError(f"{self.alias_path} names {name!r}, not an index version")
        return self.root / name

    def stamp(self) -> tuple[int, int] | None:
        """Changes whenever ACTIVE is replaced (new inode); cheap enough per call."""
        try:
            st = self.alias_path.stat()
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_mtime_ns)

    def versions(self) -> list[Path]:
        """Version files, oldest first."""
        found = [(int(m.group(1)), p) for p in self.root.iterdir() if (m := _VERSION_RE.fullmatch(p.name))]
        return [p for _, p in sorted(found)]

    def new_version(self) -> Path:
        """Reserve the next version file (O_EXCL, so two builders never share one)."""
        while True:
            numbers = [int(m.group(1)) for p in self.versions() if (m := _VERSION_RE.fullmatch(p.name))]
            path = self.root / f"index-v{max(numbers, default=0) + 1:04d}.sqlite3"
            try:
                path.touch(exist_ok=False)  # an empty file is a valid empty database
            except FileExistsError:
                continue
            return path

    def first_version(self) -> Path:
        """The active version, made if there is none. Processes opening a fresh directory at once
        agree on one: the first to create ACTIVE wins, the others drop their empty version."""
        active = self.active()
        if active is not None:
            return active
        version = self.new_version()
        if local_files.create_once(self.alias_path, (version.name + "\n").encode(), ALIAS_MODE):
            return version
        version.unlink(missing_ok=True)
        active = self.active()
        assert active is not None, "ACTIVE exists: another process created it"
        return active

    def activate(self, version: Path) -> None:
        if version.parent != self.root or not _VERSION_RE.fullmatch(version.name):
            raise ValueError(f"{version} is not a version in {self.root}")
        local_files.replace(self.alias_path, (version.name + "\n").encode(), ALIAS_MODE)

    def remove(self, version: Path) -> None:
        """Delete a version and its WAL side files (never the active one)."""
        if version == self.active():
            raise ValueError("refusing to delete the active index version")
        for suffix in ("", "-wal", "-shm"):
            Path(f"{version}{suffix}").unlink(missing_ok=True)
