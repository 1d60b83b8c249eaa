"""Every handler the template names imports the way Lambda loads it: from the synthesized function
asset as /var/task and the engram layer asset's python/ folder, never from the repo root (the
test suite's sys.path, through the editable install's .pth, has `functions` as a package; Lambda
does not). Run on the suite's Python (3.11), not the runtime's 3.12: docs/deploy.md."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

from tests.infra.cfn import Synth, resources

HANDLERS = [
    "api.handler.lambda_handler",
    "turn_worker.handler.lambda_handler",
    "memory_indexer.handler.lambda_handler",
    "jobs.handler.lambda_handler",
    "audit.handler.lambda_handler",
    "audit.writer.lambda_handler",
    "line_webhook.handler.lambda_handler",
    "line_worker.handler.lambda_handler",
]
# Known not to import in Lambda, until fixed (strict: the test fails once it imports).
BROKEN_IN_LAMBDA: dict[str, str] = {}  # handler -> why it cannot import in Lambda (none, today)
# -S: no site processing, so no .pth adds the repo root; the packages come from the paths given.
_IMPORT = """
import importlib, sys
sys.path[:0] = sys.argv[2:]
module, _, name = sys.argv[1].rpartition(".")
assert callable(getattr(importlib.import_module(module), name))
"""


def _asset_root(synth: Synth, code: dict[str, Any]) -> Path:
    return synth.outdir / f"asset.{code['S3Key'].removesuffix('.zip')}"


def test_every_handler_of_the_template_is_checked(templates: dict[str, dict[str, Any]]) -> None:
    for template in templates.values():
        named = {f["Properties"]["Handler"] for f in resources(template, "AWS::Lambda::Function").values()}
        assert named == set(HANDLERS)


@pytest.mark.parametrize(
    "handler",
    [
        pytest.param(h, marks=pytest.mark.xfail(strict=True, reason=BROKEN_IN_LAMBDA[h]))
        if h in BROKEN_IN_LAMBDA
        else h
        for h in HANDLERS
    ],
)
def test_handler_imports_from_its_asset_and_the_engram_layer(
    synth: Synth, templates: dict[str, dict[str, Any]], handler: str, tmp_path: Path
) -> None:
    template = templates["dev"]
    (function,) = [
        f["Properties"]
        for f in resources(template, "AWS::Lambda::Function").values()
        if f["Properties"]["Handler"] == handler
    ]
    (engram_layer,) = [
        layer["Properties"]
        for layer in resources(template, "AWS::Lambda::LayerVersion").values()
        if "engram shared" in layer["Properties"]["Description"]
    ]
    task_root = _asset_root(synth, function["Code"])
    engram_python = _asset_root(synth, engram_layer["Content"]) / "python"
    third_party = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    env = {"PATH": os.environ.get("PATH", ""), "AWS_DEFAULT_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true"}
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-B", "-c", _IMPORT, handler, str(task_root), str(engram_python), *third_party],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
