"""Generates engram_client/models.py from the API's OpenAPI document (docs/openapi.json).

    uv run --frozen python clients/python/scripts/generate_models.py          # write models.py
    uv run --frozen python clients/python/scripts/generate_models.py --check  # exit 1 when it is stale

datamodel-code-generator with pinned options (no timestamp, no version header), then ruff with the
repository's settings, so the output is a function of the document alone;
tests/client/test_generated.py regenerates it and compares it with the committed file.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling _generated, however this file is loaded
from _generated import REPO, ruff, tool, write_or_check

OPENAPI = REPO / "docs" / "openapi.json"
MODELS = REPO / "clients" / "python" / "src" / "engram_client" / "models.py"

HEADER = (
    "# GENERATED FILE - do not edit. Made from docs/openapi.json by\n"
    "# clients/python/scripts/generate_models.py (datamodel-code-generator); regenerate after the API changes.\n"
    "# ruff: noqa: E501 (descriptions from the document, kept on one line)\n"
    '"""Request and response bodies of the Engram API, as pydantic models."""\n'
)

OPTIONS = [
    "--input-file-type=openapi",
    "--output-model-type=pydantic_v2.BaseModel",
    "--target-python-version=3.11",
    "--disable-timestamp",
    "--ignore-pyproject",
    "--no-formatters",
    "--use-standard-collections",
    "--use-union-operator",
    "--use-annotated",
    "--field-constraints",
    "--collapse-root-models",
    "--use-double-quotes",
    "--use-schema-description",
    "--use-field-description",
    "--enum-field-as-literal=all",
    "--strict-nullable",
    "--keep-model-order",
    "--disable-warnings",
]


def generate(openapi: Path = OPENAPI) -> str:
    """The models module for ``openapi``, formatted as committed."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "models.py"
        subprocess.run(
            [*tool("datamodel-codegen"), "--input", str(openapi), "--output", str(out), *OPTIONS],
            check=True,
            capture_output=True,
            text=True,
        )
        text = out.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    while lines and lines[0].startswith("#"):  # the generator's own header (names the input file)
        lines.pop(0)
    text = HEADER + "".join(lines).lstrip("\n")
    # ruff with the repository's configuration (line length, import order), as if the file were in place
    return ruff(text, MODELS, fix=True)


def main(argv: list[str] | None = None) -> int:
    return write_or_check(MODELS, generate, __doc__ or "", argv)


if __name__ == "__main__":
    raise SystemExit(main())
