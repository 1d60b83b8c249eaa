"""The committed generated files are what their generators make now: the models from
docs/openapi.json (so the client's models follow the API's contract), the sync client from the
async one."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = REPO / "clients" / "python" / "scripts"


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"engram_client_scripts_{name}", SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_models_are_generated_from_the_openapi_document(tmp_path: Path) -> None:
    generate_models = _script("generate_models")
    fresh = generate_models.generate(REPO / "docs" / "openapi.json")
    regenerated = tmp_path / "models.py"
    regenerated.write_text(fresh, encoding="utf-8")
    committed = generate_models.MODELS.read_text(encoding="utf-8")
    assert regenerated.read_text(encoding="utf-8") == committed, (
        "clients/python/src/engram_client/models.py is stale: "
        "uv run --frozen python clients/python/scripts/generate_models.py"
    )
    assert committed.startswith("# GENERATED FILE")


def test_the_sync_client_is_generated_from_the_async_one() -> None:
    unasync = _script("unasync")
    fresh = unasync.unasync(unasync.SOURCE.read_text(encoding="utf-8"))
    assert unasync.TARGET.read_text(encoding="utf-8") == fresh, (
        "clients/python/src/engram_client/_sync_client.py is stale: "
        "uv run --frozen python clients/python/scripts/unasync.py"
    )
    code = fresh.split("\n", 3)[3]  # after the header and the docstring, which name the source
    assert "async def" not in code and "await " not in code and "AsyncClient" not in code
