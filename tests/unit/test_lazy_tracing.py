"""Cold start: no handler imports the X-Ray SDK; the Powertools Tracer is built on the first
invocation and then traces exactly as `Tracer()` at import would have."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from aws_lambda_powertools import Tracer

from engram.observability.tracing import LazyTracer

REPO = Path(__file__).resolve().parents[2]
HANDLERS = [
    "functions.api.handler",
    "functions.turn_worker.handler",
    "functions.memory_indexer.handler",
    "functions.jobs.handler",
]
# Tracing enabled by Powertools' own rule, as in a deployed function with tracing=ACTIVE.
LAMBDA_ENV = {
    "POWERTOOLS_TRACE_DISABLED": "false",
    "LAMBDA_TASK_ROOT": str(REPO),
    "AWS_LAMBDA_FUNCTION_NAME": "engram-test",
    "AWS_REGION": "us-east-1",
}


@pytest.mark.parametrize("module", HANDLERS)
def test_importing_a_handler_does_not_import_the_xray_sdk(module: str) -> None:
    env = {**os.environ, **LAMBDA_ENV}
    env.pop("AWS_SAM_LOCAL", None)
    code = (
        "import sys\n"
        f"import {module} as handler\n"
        "assert not handler.tracer.disabled, 'tracing should be enabled in this environment'\n"
        "assert not handler.tracer.created\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'aws_xray_sdk')\n"
        "print(','.join(loaded))\n"
    )
    # -I would drop the project from sys.path; a clean interpreter is a fresh process with no -X / site tricks.
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "", f"{module} imported {proc.stdout.strip()}"


class _Subsegment:
    def __init__(self, name: str) -> None:
        self.name = name
        self.annotations: dict[str, Any] = {}
        self.metadata: dict[str, Any] = {}

    def put_annotation(self, key: str, value: Any) -> None:
        self.annotations[key] = value

    def put_metadata(self, key: str, value: Any, namespace: str = "default") -> None:
        self.metadata[key] = value


class _Provider:
    """Stands in for the X-Ray recorder (Powertools' BaseProvider surface the decorators use)."""

    def __init__(self) -> None:
        self.subsegments: list[_Subsegment] = []
        self.patched = 0

    @contextmanager
    def in_subsegment(self, name: str | None = None, **_: Any) -> Iterator[_Subsegment]:
        sub = _Subsegment(name or "")
        self.subsegments.append(sub)
        yield sub

    def in_subsegment_async(self, name: str | None = None, **_: Any) -> Any:
        provider = self

        class _Async:
            async def __aenter__(self) -> _Subsegment:
                sub = _Subsegment(name or "")
                provider.subsegments.append(sub)
                return sub

            async def __aexit__(self, *exc: object) -> None:
                return None

        return _Async()

    def patch_all(self) -> None:
        self.patched += 1

    def patch(self, modules: Any) -> None:
        self.patched += 1


@pytest.fixture
def provider(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Provider]:
    """The real Tracer, built lazily, with a recording provider instead of the X-Ray recorder."""
    fake = _Provider()
    original = Tracer.__init__

    def init(self: Tracer, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **{**kwargs, "provider": fake})

    monkeypatch.setattr(Tracer, "__init__", init)
    Tracer._reset_config()
    yield fake
    Tracer._reset_config()


def test_the_tracer_is_built_on_first_invocation_and_traces_like_powertools(provider: _Provider) -> None:
    tracer = LazyTracer(service="engram", disabled=False)

    @tracer.capture_method(capture_response=False)
    def step(x: int) -> int:
        return x + 1

    @tracer.capture_lambda_handler
    def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        return {"value": step(event["x"])}

    assert not tracer.created, "decorating must not build the Tracer"
    assert lambda_handler.__name__ == "lambda_handler"

    assert lambda_handler({"x": 1}, None) == {"value": 2}
    assert tracer.created
    assert provider.patched == 1, "auto_patch runs once, when the Tracer is built"
    handler_seg, step_seg = provider.subsegments
    assert handler_seg.name == "## lambda_handler"
    assert handler_seg.annotations == {"ColdStart": True, "Service": "engram"}
    assert "lambda_handler response" in handler_seg.metadata
    assert step_seg.name.endswith(".step") and step_seg.name.startswith("## tests.unit.test_lazy_tracing.")
    assert step_seg.metadata == {}, "capture_response=False is kept"

    assert lambda_handler({"x": 2}, None) == {"value": 3}
    assert provider.patched == 1
    assert provider.subsegments[2].annotations["ColdStart"] is False


def test_errors_are_recorded_and_re_raised(provider: _Provider) -> None:
    tracer = LazyTracer(service="engram", disabled=False)

    @tracer.capture_lambda_handler(capture_response=False)
    def lambda_handler(event: dict[str, Any], context: Any) -> None:
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        lambda_handler({}, None)
    assert "lambda_handler error" in provider.subsegments[0].metadata


def test_async_and_generator_methods_keep_their_kind(provider: _Provider) -> None:
    tracer = LazyTracer(service="engram", disabled=False)

    @tracer.capture_method
    async def fetch(x: int) -> int:
        return x * 2

    @tracer.capture_method
    def numbers(n: int) -> Iterator[int]:
        yield from range(n)

    assert asyncio.iscoroutinefunction(fetch)
    assert asyncio.run(fetch(21)) == 42
    assert list(numbers(3)) == [0, 1, 2]
    assert [s.name.rsplit(".", 1)[-1] for s in provider.subsegments] == ["fetch", "numbers"]


def test_disabled_tracing_leaves_functions_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LAMBDA_TASK_ROOT", raising=False)  # outside Lambda: Powertools disables tracing
    tracer = LazyTracer()

    def lambda_handler(event: dict[str, Any], context: Any) -> int:
        return 1

    assert tracer.disabled
    assert tracer.capture_lambda_handler(capture_response=False)(lambda_handler) is lambda_handler
    assert tracer.capture_method(lambda_handler) is lambda_handler
    tracer.put_annotation("k", "v")  # no-op, builds nothing
    assert not tracer.created


_XRAY_SCRIPT = """
import json, os, socket, sys
sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
sock.bind(("127.0.0.1", 0))
sock.settimeout(2)
os.environ["AWS_XRAY_DAEMON_ADDRESS"] = "127.0.0.1:%d" % sock.getsockname()[1]
os.environ["_X_AMZN_TRACE_ID"] = "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1"
import boto3, botocore.config
IMPORT_TRACER
tracer = TracerClass(service="engram")
# Built at import, before the lazy Tracer exists (so before X-Ray patches botocore).
ddb = boto3.client(
    "dynamodb", region_name="us-east-1", endpoint_url="http://127.0.0.1:9", aws_access_key_id="x",
    aws_secret_access_key="x",
    config=botocore.config.Config(retries={"total_max_attempts": 1}, connect_timeout=1),
)

@tracer.capture_method(capture_response=False)
def step():
    try:
        ddb.list_tables()
    except Exception:
        pass
    return 1

@tracer.capture_lambda_handler(capture_response=False)
def lambda_handler(event, context):
    return step()

before = "aws_xray_sdk" in sys.modules
lambda_handler({}, None)
names = []
try:
    while True:
        names.append(json.loads(sock.recv(65536).decode().split("\\n", 1)[1])["name"])
except socket.timeout:
    pass
print(json.dumps({"xray_at_import": before, "segments": names}))
"""


def _emitted(import_tracer: str) -> dict[str, Any]:
    env = {**os.environ, **LAMBDA_ENV}
    code = _XRAY_SCRIPT.replace("IMPORT_TRACER", import_tracer)
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def test_the_real_xray_sdk_gets_the_same_segments_as_with_an_eager_tracer() -> None:
    """End to end with the X-Ray SDK and a loopback 'daemon': nothing is lost by building it late,
    including the botocore subsegment of a client created before the first invocation."""
    lazy = _emitted("from engram.observability.tracing import LazyTracer as TracerClass")
    eager = _emitted("from aws_lambda_powertools import Tracer as TracerClass")
    assert lazy["xray_at_import"] is False
    assert lazy["segments"] == eager["segments"]
    assert "dynamodb" in lazy["segments"]
    assert lazy["segments"][-2:] == ["## __main__.step", "## lambda_handler"]
