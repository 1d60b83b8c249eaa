"""engram-client as a user installs it elsewhere: a wheel built from clients/python, installed in a
fresh virtual environment with nothing but its declared dependencies (no engram, no botocore), then
used against the local stack from that environment."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from engram.local.stack import LocalStack

from .conftest import token, unique

REPO = Path(__file__).resolve().parents[2]


def _uv() -> str:
    found = os.environ.get("UV") or str(REPO / ".tools/uv/bin/uv")
    if not Path(found).exists() and shutil.which(found) is None:
        pytest.fail("uv is needed to build the client's wheel (make bootstrap installs it)")
    return found


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, capture_output=True, text=True, timeout=300)
    if done.returncode:
        raise subprocess.CalledProcessError(done.returncode, args[:3], done.stdout, done.stderr)
    return done


def test_the_wheel_installs_alone_and_talks_to_the_stack(stack: LocalStack, tmp_path: Path) -> None:
    uv = _uv()
    _run(uv, "build", "--wheel", str(REPO / "clients/python"), "--out-dir", str(tmp_path / "dist"))
    (wheel,) = (tmp_path / "dist").glob("engram_client-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "engram_client/py.typed" in names and "engram_client/models.py" in names  # typed for users
    assert not any(n.startswith(("engram/", "tests/", "scripts/")) for n in names)
    venv = tmp_path / "venv"
    _run(uv, "venv", "--quiet", "--python", sys.executable, str(venv))
    python = str(venv / "bin/python")
    install = [uv, "pip", "install", "--quiet", "--python", python, str(wheel)]
    try:
        _run(*install, "--offline")  # its dependencies from the cache `make bootstrap` filled
    except subprocess.CalledProcessError:
        _run(*install)  # a cache without them: PyPI
    script = (
        "import sys\n"
        "from engram_client import EngramClient\n"
        "try:\n"
        "    import engram\n"
        "    sys.exit('engram is importable: not a clean environment')\n"
        "except ImportError:\n"
        "    pass\n"
        "with EngramClient(sys.argv[1], token=sys.argv[2]) as client:\n"
        "    made = client.create_memory('nurse', summary='Takes the bus to the clinic.')\n"
        "    print(client.get_memory(made.memory.memory_id).memory.content)\n"
    )
    try:
        done = _run(python, "-c", script, stack.url, token(stack, unique("wheel")))
    except subprocess.CalledProcessError as exc:
        pytest.fail(f"the installed client failed:\n{exc.stderr}")
    assert done.stdout.strip() == "Takes the bus to the clinic."
