"""The local stack's ports and state folder: every one a setting with a documented default, checked
before anything starts so that a port in use is one clear line, not a traceback halfway up."""

from __future__ import annotations

import contextlib
import fcntl
import os
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import IO

DEFAULT_PORT = 8080  # ENGRAM_PORT: the local API
DEFAULT_DDB_PORT = 8000  # ENGRAM_DDB_PORT: DynamoDB Local
DEFAULT_LINE_PORT = 8090  # ENGRAM_LINE_STANDIN_PORT: the LINE Messaging API stand-in


class StackStartError(Exception):
    """A start that cannot go on, said in one line (the CLI prints it and exits 1)."""


class PortInUse(StackStartError):
    def __init__(self, port: int, setting: str) -> None:
        super().__init__(
            f"port {port} is already in use ({setting}): stop what listens there, or set {setting} "
            f"(or its flag) to a free port"
        )
        self.port = port
        self.setting = setting


class DataDirInUse(StackStartError):
    def __init__(self, path: Path) -> None:
        super().__init__(
            f"{path} is in use by another local stack: give this one its own folder with ENGRAM_DATA_DIR "
            "(or --data-dir), or stop the other"
        )


def env_port(name: str, default: int) -> int:
    """A port from the environment (ENGRAM_PORT, …), or its default."""
    raw = os.environ.get(name, "")
    if not raw:
        return default
    if not raw.isdigit() or not 0 < int(raw) < 65536:
        raise SystemExit(f"{name}={raw!r} is not a port number")
    return int(raw)


def ensure_free(port: int, setting: str) -> None:
    """Binds the wildcard address for a moment: that fails whenever anything listens on the port,
    on any local address. Port 0 means "any free port" and is always fine."""
    if port == 0:
        return
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # as the servers themselves bind: a port a stopped stack left in TIME_WAIT is free to use
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("0.0.0.0", port))  # noqa: S104 - a probe, closed at once; nothing is served
        except OSError as exc:
            raise PortInUse(port, setting) from exc


def default_data_dir(root: Path, api_port: int) -> Path:
    """The stack's state (DynamoDB Local's files, the local index, exports): `.local` for the default
    port, `.local/stack-<port>` for another, so stacks that differ in ports never share state."""
    return root / ".local" if api_port == DEFAULT_PORT else root / ".local" / f"stack-{api_port}"


@dataclass
class DataDirLock:
    """An exclusive lock on the state folder for as long as the stack runs (released by the OS if the
    process dies): two stacks on one folder would corrupt its index."""

    path: Path
    handle: IO[str]

    @classmethod
    def take(cls, folder: Path) -> DataDirLock:
        folder.mkdir(parents=True, exist_ok=True)
        handle = (folder / ".stack.lock").open("w")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            handle.close()
            raise DataDirInUse(folder) from exc
        return cls(folder, handle)

    def release(self) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(self.handle, fcntl.LOCK_UN)
        self.handle.close()
