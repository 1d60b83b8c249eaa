"""Shared fixtures: DynamoDB Local for the whole session, a fresh table per test,
an injectable clock, and the container wired exactly like the handlers wire it."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.tables import delete_table, ensure_table
from engram.adapters.embedders.local import DIMENSIONS
from engram.adapters.local_index import LocalIndex
from engram.adapters.metrics import InMemoryMetrics
from engram.kernel.clock import ManualClock
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.settings import Settings
from engram.wiring import Container, build_container
from tests.support.openai_stub import OpenAIStub

REPO = Path(__file__).resolve().parent.parent
EVENTS = REPO / "events"
SAMPLE_BACKEND_ROLE = "arn:aws:iam::123456789012:role/engram-dev-chatbot-backend"

# No EMF lines on stdout from Powertools during tests; no real AWS by accident.
os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
os.environ.setdefault("POWERTOOLS_SERVICE_NAME", "engram")
# A machine without the Lambda runtime's CPython (3.12) still synthesizes and checks the templates
# (sources without bytecode; the bytecode test skips there). A deployment never sets this.
os.environ.setdefault("ENGRAM_BYTECODE_OPTIONAL", "1")
for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
    os.environ.pop(var, None)


@pytest.fixture(scope="session")
def ddb_endpoint() -> Iterator[str]:
    """DynamoDB Local, started once (in memory) and stopped at the end of the run."""
    external = os.environ.get("ENGRAM_TEST_DYNAMODB_ENDPOINT")
    if external:
        os.environ.update(local_aws_env(external))
        yield external
        return
    server = DynamoDBLocal.start()
    os.environ.update(local_aws_env(server.endpoint))
    try:
        yield server.endpoint
    finally:
        server.stop()


@pytest.fixture
def table(ddb_endpoint: str) -> Iterator[TableConfig]:
    cfg = TableConfig(f"engram-test-{uuid.uuid4().hex[:12]}", "us-east-1", ddb_endpoint)
    ensure_table(cfg)
    yield cfg
    delete_table(cfg)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def settings(table: TableConfig) -> Settings:
    return Settings(
        environment="test",
        table_name=table.table_name,
        dynamodb_endpoint=table.host,
        # the local gateway's backend caller and the role the sample events (events/) act as
        backend_principals=(*Settings.model_fields["backend_principals"].default, SAMPLE_BACKEND_ROLE),
    )


@pytest.fixture
def metrics() -> InMemoryMetrics:
    return InMemoryMetrics()


@pytest.fixture
def index_dir(tmp_path: Path) -> Path:
    return tmp_path / "index"


@pytest.fixture
def local_index(index_dir: Path) -> Iterator[LocalIndex]:
    index = LocalIndex(index_dir, DIMENSIONS)
    yield index
    index.close()


@pytest.fixture
def container(settings: Settings, clock: ManualClock, metrics: InMemoryMetrics, local_index: LocalIndex) -> Container:
    return build_container(settings, clock=clock, metrics=metrics, queue_mode="inline", index=local_index)


@pytest.fixture
def make_container(clock: ManualClock, metrics: InMemoryMetrics) -> Iterator[Callable[..., Container]]:
    """Build a container for any settings, with its own in-memory index of the embedder's size."""
    indexes: list[LocalIndex] = []

    def make(settings: Settings, **kwargs: Any) -> Container:
        dims = settings.embedding_dimensions if settings.openai_enabled else DIMENSIONS
        index = LocalIndex.in_memory(dims)
        indexes.append(index)
        kwargs.setdefault("queue_mode", "inline")
        return build_container(settings, clock=clock, metrics=metrics, index=index, **kwargs)

    yield make
    for index in indexes:
        index.close()


@pytest.fixture
def openai_stub() -> Iterator[OpenAIStub]:
    with OpenAIStub() as stub:
        yield stub


@pytest.fixture
def openai_settings(settings: Settings, openai_stub: OpenAIStub) -> Settings:
    """Settings that make every model-backed port use the real openai client against the stub."""
    return settings.model_copy(
        update={
            "openai_api_key": SecretStr("sk-test"),
            "openai_base_url": openai_stub.base_url,
            "openai_max_retries": 0,
        }
    )


# pytest-xdist (`make test` runs `-n auto --dist loadgroup`): a module's tests stay on one worker, so
# module fixtures start once; the folders that share one expensive session fixture (the synthesized
# stack, the client's local stack, moto) keep to one worker each. Each worker has its own DynamoDB Local.
_SHARED_SESSION_FOLDERS = {"infra", "client", "aws"}
_TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        relative = item.path.resolve().relative_to(_TESTS)
        group = relative.parts[0] if relative.parts[0] in _SHARED_SESSION_FOLDERS else relative.as_posix()
        item.add_marker(pytest.mark.xdist_group(group))
