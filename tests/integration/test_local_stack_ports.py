"""`engram run` as a user starts it: every port a setting, two stacks side by side, a banner whose
URLs answer, a port in use said in one line, and a failed start that leaves nothing running."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from engram.local import stack as stack_module
from engram.local.dynamodb_local import free_port
from engram.local.listen import PortInUse

pytestmark = pytest.mark.integration


def _port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # TIME_WAIT is not "in use"
        try:
            probe.bind(("0.0.0.0", port))  # noqa: S104 - a probe
        except OSError:
            return False
    return True


def _env(api: int, ddb: int, line: int, data: Path) -> dict[str, str]:
    return {
        **os.environ,
        "ENGRAM_PORT": str(api),
        "ENGRAM_DDB_PORT": str(ddb),
        "ENGRAM_LINE_STANDIN_PORT": str(line),
        "ENGRAM_DATA_DIR": str(data),
        "POWERTOOLS_LOG_LEVEL": "WARNING",
    }


@contextmanager
def _engram_run(env: dict[str, str], *args: str) -> Iterator[tuple[subprocess.Popen[str], list[str]]]:
    """`engram run` until its banner's last line; stopped with SIGTERM as a service manager would."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "engram.local.cli", "run", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    banner: list[str] = []
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            banner.append(line.rstrip("\n"))
            if "Ctrl-C stops everything" in line:
                break
        assert proc.poll() is None, "\n".join(banner)
        yield proc, banner
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)


def _status(url: str) -> int:
    with urllib.request.urlopen(url, timeout=30) as response:  # noqa: S310 - the local stack
        return int(response.status)


def test_two_stacks_run_side_by_side_and_every_banner_url_answers(tmp_path: Path) -> None:
    ports = [free_port() for _ in range(6)]
    first = _env(*ports[:3], tmp_path / "a")
    second = _env(*ports[3:], tmp_path / "b")
    with _engram_run(first) as (_, banner_a), _engram_run(second, "--in-memory") as (_, banner_b):
        for banner, (api, ddb, line) in ((banner_a, ports[:3]), (banner_b, ports[3:])):
            text = "\n".join(banner)
            assert f"http://127.0.0.1:{api}" in text and f"127.0.0.1:{ddb}" in text and f"127.0.0.1:{line}" in text
            urls = re.findall(r"http://127\.0\.0\.1:\d+/[\w/.-]*", text)
            pages = [u for u in urls if not u.rstrip("/").endswith("/line/webhook/local")]  # POST only
            assert pages, text
            for url in pages:
                assert _status(url) == 200, url
    for port in ports:  # everything both stacks started is gone
        assert _port_is_free(port), port


def test_a_port_in_use_is_one_line_and_starts_nothing(tmp_path: Path) -> None:
    api, ddb, line = free_port(), free_port(), free_port()
    for busy, setting in ((api, "ENGRAM_PORT"), (ddb, "ENGRAM_DDB_PORT"), (line, "ENGRAM_LINE_STANDIN_PORT")):
        with socket.socket() as squatter:
            squatter.bind(("127.0.0.1", busy))
            squatter.listen()
            done = subprocess.run(
                [sys.executable, "-m", "engram.local.cli", "run", "--in-memory"],
                env=_env(api, ddb, line, tmp_path),
                capture_output=True,
                text=True,
                timeout=120,
            )
        assert done.returncode == 1
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and str(busy) in lines[0] and setting in lines[0], done.stderr
        assert "Traceback" not in done.stderr
        assert all(_port_is_free(p) for p in (api, ddb, line))


def test_a_start_that_fails_midway_stops_what_it_had_started(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ddb, line, api = free_port(), free_port(), free_port()
    started: dict[str, Any] = {}
    real_start = stack_module.DynamoDBLocal.start

    def start_and_remember(*args: Any, **kwargs: Any) -> Any:
        started["ddb"] = real_start(*args, **kwargs)
        return started["ddb"]

    def taken_since_the_check(*_: Any, **__: Any) -> Any:  # the API port taken between check and bind
        raise OSError(98, "Address already in use")

    monkeypatch.setattr(stack_module.DynamoDBLocal, "start", start_and_remember)
    monkeypatch.setattr(stack_module, "make_server", taken_since_the_check)
    with pytest.raises(PortInUse) as failed:
        stack_module.start_stack(port=api, ddb_port=ddb, line_port=line, data_dir=tmp_path)
    assert failed.value.setting == "ENGRAM_PORT"
    assert started["ddb"].process.poll() is not None  # DynamoDB Local was stopped
    assert _port_is_free(ddb) and _port_is_free(line)
    # ... and the state folder's lock was released: a new stack may use it at once
    stack_module.DataDirLock.take(tmp_path).release()


def test_one_state_folder_serves_one_stack(tmp_path: Path) -> None:
    ports = [free_port() for _ in range(6)]
    with _engram_run(_env(*ports[:3], tmp_path)):
        done = subprocess.run(
            [sys.executable, "-m", "engram.local.cli", "run"],
            env=_env(*ports[3:], tmp_path),
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 1 and "ENGRAM_DATA_DIR" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
