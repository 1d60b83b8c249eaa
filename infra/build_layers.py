"""Build the third-party dependencies layer without Docker.

    python -m infra.build_layers            # -> .build/layers/dependencies/

Pins come from uv.lock (`uv export --frozen --no-dev`), so the layer holds
exactly the locked versions. Wheels are fetched for the Lambda target in
infra/runtime.py (CPython version, manylinux tag of the runtime's glibc,
x86_64), never built from source, never byte-compiled.

Left out, because Lambda already provides them: aws-lambda-powertools (the
AWS-managed layer) and boto3/botocore/s3transfer (the runtime).
Installed into python/lib/pythonX.Y/site-packages, which comes before
/opt/python on sys.path, so these pins win over the copies inside the
Powertools layer (e.g. pydantic) whatever the layer order.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

from infra.runtime import PIP_PLATFORM, PYTHON_VERSION, SITE_PACKAGES, UV_PLATFORM

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / ".build" / "layers" / "dependencies"
PROVIDED_BY_LAMBDA = frozenset({"aws-lambda-powertools", "boto3", "botocore", "s3transfer"})
MAX_UNZIPPED_MB = 250  # Lambda's limit for function + all layers, unzipped
_NAME = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def export_requirements() -> list[str]:
    """Pinned runtime requirements from uv.lock, minus what Lambda provides."""
    exported = subprocess.run(
        ["uv", "export", "--frozen", "--no-dev", "--no-emit-project", "--no-hashes", "--no-header"],
        cwd=REPO_ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    keep: list[str] = []
    for raw in exported.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", "-")):
            continue
        match = _NAME.match(line)
        if match and _canonical(match.group(1)) in PROVIDED_BY_LAMBDA:
            continue
        keep.append(line)
    return keep


def install(requirements: Path, target: Path) -> None:
    # --no-deps: the export is the complete locked set; resolving again would pull
    # botocore back in (pynamodb depends on it) although the runtime provides it.
    if shutil.which("uv"):
        cmd = [
            "uv", "pip", "install", "--target", str(target),
            "--python-platform", UV_PLATFORM, "--python-version", PYTHON_VERSION,
            "--only-binary", ":all:", "--no-compile", "--no-deps", "-r", str(requirements),
        ]  # fmt: skip
    else:
        cmd = [
            sys.executable, "-m", "pip", "install", "--target", str(target),
            "--platform", PIP_PLATFORM, "--implementation", "cp", "--python-version", PYTHON_VERSION,
            "--only-binary=:all:", "--no-compile", "--no-deps", "-r", str(requirements),
        ]  # fmt: skip
    subprocess.run(cmd, check=True)


def prune(target: Path) -> None:
    """Drop bytecode caches; Lambda's filesystem is read-only, so they would never be refreshed."""
    for cache in target.rglob("__pycache__"):
        shutil.rmtree(cache, ignore_errors=True)


def size_mb(path: Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="layer directory (default: %(default)s)")
    args = parser.parse_args(argv)
    out: Path = args.out
    if out.exists():
        shutil.rmtree(out)
    target = out / SITE_PACKAGES
    target.mkdir(parents=True)
    requirements = out.parent / "dependencies-requirements.txt"
    requirements.write_text("\n".join(export_requirements()) + "\n")
    install(requirements, target)
    prune(target)
    size = size_mb(out)
    print(f"dependencies layer: {out} ({size:.1f} MB unzipped)")
    if size > MAX_UNZIPPED_MB * 0.8:
        print(f"warning: close to Lambda's {MAX_UNZIPPED_MB} MB unzipped limit", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
