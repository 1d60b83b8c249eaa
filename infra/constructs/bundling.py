"""Local bundling (no Docker) for our own code: copy it and ship it with compiled bytecode.

/opt and /var/task are read-only in Lambda, so a module shipped without its .pyc is compiled
from source on every cold start: ~60 ms of the API handler's import (benchmarks/cold_start.py,
"as packaged"). The .pyc files are compiled the way the dependencies layer's are
(infra/build_layers.py): by the runtime's own CPython, hash-based and unchecked, because the
CDK zips every entry with the same 1980 date, so a timestamp-checked .pyc would never match.
"""

from __future__ import annotations

import functools
import os
import shutil
import sys
from pathlib import Path, PurePosixPath
from typing import Any

import jsii
from aws_cdk import ILocalBundling

from infra.build_layers import compile_bytecode, find_runtime_python

# Never shipped: caches, tests, and bytecode of whatever Python the developer runs.
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "tests", ".pytest_cache", ".mypy_cache")
LAYER_ROOT = PurePosixPath("/opt/python")  # where a layer's python/ folder is in Lambda
TASK_ROOT = PurePosixPath("/var/task")  # where a function's code is in Lambda


# Set by the test suite: a machine without the runtime's CPython (3.12) synthesizes sources only,
# so the template can still be checked there. A deployment never sets it: it ships bytecode or stops.
BYTECODE_OPTIONAL = "ENGRAM_BYTECODE_OPTIONAL"


@functools.cache
def runtime_python() -> str | None:
    try:
        return find_runtime_python()
    except SystemExit as missing:
        if os.environ.get(BYTECODE_OPTIONAL) != "1":
            raise
        print(f"warning: {missing} Shipping sources without bytecode ({BYTECODE_OPTIONAL}=1).", file=sys.stderr)
        return None


def copy_compiled(source: Path, target: Path, runs_from: PurePosixPath) -> None:
    """`source`'s tree copied to `target` (which is `runs_from` in Lambda), with runtime bytecode."""
    shutil.copytree(source, target, ignore=IGNORE, dirs_exist_ok=True)
    python = runtime_python()
    if python is None:
        return
    if not compile_bytecode(python, target, runs_from):
        raise RuntimeError(f"could not compile the bytecode of {source} (see compileall's output above)")


@jsii.implements(ILocalBundling)
class CompiledPackage:
    """A Python package copied to `<asset>/python/<name>`, where Lambda layers put sys.path."""

    def __init__(self, package_dir: Path) -> None:
        self._package_dir = package_dir

    def try_bundle(self, output_dir: str, *_args: Any, **_kwargs: Any) -> bool:
        name = self._package_dir.name
        copy_compiled(self._package_dir, Path(output_dir) / "python" / name, LAYER_ROOT / name)
        return True


@jsii.implements(ILocalBundling)
class CompiledTree:
    """A folder's contents copied to the asset root (a function's /var/task)."""

    def __init__(self, source_dir: Path) -> None:
        self._source_dir = source_dir

    def try_bundle(self, output_dir: str, *_args: Any, **_kwargs: Any) -> bool:
        copy_compiled(self._source_dir, Path(output_dir), TASK_ROOT)
        return True
