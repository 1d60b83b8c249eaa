"""Generates engram_client/models.py from the API's OpenAPI document (docs/openapi.json).

    uv run --frozen python clients/python/scripts/generate_models.py          # write models.py
    uv run --frozen python clients/python/scripts/generate_models.py --check  # exit 1 when it is stale

datamodel-code-generator with pinned options (no timestamp, no version header), then ruff with the
repository's settings, so the output is a function of the document alone;
tests/client/test_generated.py regenerates it and compares it with the committed file.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
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


def _tool(name: str) -> list[str]:
    """A tool of this environment (the venv's own, whatever PATH says)."""
    local = Path(sys.executable).parent / name
    return [str(local)] if local.exists() else [sys.executable, "-m", name.replace("-", "_")]


def generate(openapi: Path = OPENAPI) -> str:
    """The models module for ``openapi``, formatted as committed."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "models.py"
        subprocess.run(
            [*_tool("datamodel-codegen"), "--input", str(openapi), "--output", str(out), *OPTIONS],
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
    ruff = _tool("ruff")
    stdin = ["--stdin-filename", str(MODELS)]
    text = subprocess.run(
        [*ruff, "check", "--fix-only", "--exit-zero", "--quiet", *stdin, "-"],
        input=text,
        check=True,
        capture_output=True,
        text=True,
        cwd=REPO,
    ).stdout
    return subprocess.run(
        [*ruff, "format", "--quiet", *stdin, "-"], input=text, check=True, capture_output=True, text=True, cwd=REPO
    ).stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 when models.py differs from a fresh generation")
    args = parser.parse_args(argv)
    fresh = generate()
    if args.check:
        if MODELS.read_text(encoding="utf-8") != fresh:
            print(f"{MODELS.relative_to(REPO)} is stale: run {Path(__file__).relative_to(REPO)}", file=sys.stderr)
            return 1
        return 0
    MODELS.write_text(fresh, encoding="utf-8")
    print(f"wrote {MODELS.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
