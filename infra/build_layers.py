"""Build the third-party dependencies layer without Docker.

    python -m infra.build_layers            # -> .build/layers/dependencies/
    python -m infra.build_layers --check    # verify an existing build (bytecode, imports)

Pins come from uv.lock (`uv export --frozen --no-dev`), so the layer holds
exactly the locked versions. Wheels are fetched for the Lambda target in
infra/runtime.py (CPython version, manylinux tag of the runtime's glibc,
x86_64), never built from source.

Bytecode is compiled by the runtime's own Python (cpython-312 for python3.12),
because /opt is read-only in Lambda: without shipped .pyc files every cold start
compiles every imported module from source. The .pyc files are hash-based and
unchecked (PEP 552): the CDK zips assets with every entry dated 1980-01-01, so a
default timestamp-validated .pyc would never match its source's mtime in Lambda
and would be ignored. Their code objects name the /opt/... path, so tracebacks
show the deployed source. The interpreter is found with `--python`, uv, PATH or
pyenv, else installed with `uv python install`; without it the build fails
rather than ship a layer without bytecode. The build then proves the result with
that interpreter: every .py has its .pyc for the runtime's cache tag and magic
number, and every top-level module of the layer imports (boto3/botocore standing
in for the runtime's copies).

Left out, because Lambda already provides them: aws-lambda-powertools (the
AWS-managed layer) and boto3/botocore/s3transfer (the runtime). Also pruned, to
stay under Lambda's 250 MB unzipped limit once bytecode is added (see
benchmarks/package_sizes.py): test suites shipped inside packages, and the
gRPC stack that opensearch-py 3.x declares but never imports (the build fails
if any kept module starts importing it).
Installed into python/lib/pythonX.Y/site-packages, which comes before
/opt/python on sys.path, so these pins win over the copies inside the
Powertools layer (e.g. pydantic) whatever the layer order.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path, PurePosixPath

from infra.runtime import PYTHON_VERSION, SITE_PACKAGES, UV_PLATFORM

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / ".build" / "layers" / "dependencies"
PROVIDED_BY_LAMBDA = frozenset({"aws-lambda-powertools", "boto3", "botocore", "s3transfer"})
# Installed as dependencies of opensearch-py 3.x (opensearch-protobufs -> grpcio, protobuf) for a
# gRPC transport that opensearchpy does not import: ~20 MB of the 250 MB budget.
UNUSED_AT_RUNTIME = frozenset({"opensearch-protobufs", "grpcio", "protobuf"})
_UNUSED_IMPORTS = re.compile(
    r"^\s*(?:import|from)\s+(?:grpc\b|google\.protobuf\b|opensearch\.protobufs\b|opensearch\s+import\s+protobufs\b)",
    re.MULTILINE,
)
MAX_UNZIPPED_MB = 250  # Lambda's limit for function + all layers, unzipped
LAMBDA_SITE_PACKAGES = PurePosixPath("/opt") / SITE_PACKAGES  # where the layer's files live in Lambda
_NAME = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def uv_executable() -> str:
    """uv from $UV (the Makefile passes the one it uses), the project's own (.tools/uv), or PATH."""
    for candidate in (os.environ.get("UV"), str(REPO_ROOT / ".tools" / "uv" / "bin" / "uv"), shutil.which("uv")):
        if candidate and Path(candidate).is_file():
            return candidate
    raise SystemExit("uv not found: run scripts/bootstrap.sh (it installs uv under .tools/uv) or set UV=/path/to/uv")


def export_requirements() -> list[str]:
    """Pinned runtime requirements from uv.lock, minus what Lambda provides."""
    exported = subprocess.run(
        [uv_executable(), "export", "--frozen", "--no-dev", "--no-emit-project", "--no-hashes", "--no-header"],
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
        if match and _canonical(match.group(1)) in PROVIDED_BY_LAMBDA | UNUSED_AT_RUNTIME:
            continue
        keep.append(line)
    return keep


def install_command(requirements: Path, target: Path, uv: str | None = None) -> list[str]:
    """The install of the locked wheels for the Lambda target of infra/runtime.py (tests read it)."""
    # --no-deps: the export is the complete locked set; resolving again would pull
    # botocore back in (pynamodb depends on it) although the runtime provides it.
    # --no-compile: bytecode is compiled afterwards by the runtime's interpreter.
    return [
        uv or uv_executable(), "pip", "install", "--target", str(target),
        "--python-platform", UV_PLATFORM, "--python-version", PYTHON_VERSION,
        "--only-binary", ":all:", "--no-compile", "--no-deps", "-r", str(requirements),
    ]  # fmt: skip


def install(requirements: Path, target: Path) -> None:
    subprocess.run(install_command(requirements, target), check=True)


def prune(target: Path) -> None:
    """Drop stale bytecode caches and the test suites some packages ship inside themselves."""
    for cache in list(target.rglob("__pycache__")):
        shutil.rmtree(cache, ignore_errors=True)
    for tests in sorted(target.glob("*/**/tests"), reverse=True):
        if tests.is_dir() and tests.parent != target:  # inside a package, never a top-level module
            shutil.rmtree(tests, ignore_errors=True)
    offenders = [
        str(path.relative_to(target))
        for path in target.rglob("*.py")
        if _UNUSED_IMPORTS.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    if offenders:
        raise SystemExit(
            f"these modules import a package left out as unused ({', '.join(sorted(UNUSED_AT_RUNTIME))}): "
            f"{offenders[:5]}; keep it in the layer (remove it from UNUSED_AT_RUNTIME)"
        )


# ---------------------------------------------------------------- the runtime's interpreter

_PROBE = (
    "import sys, importlib.util; "
    "print(sys.implementation.name, '%d.%d' % sys.version_info[:2], "
    "sys.implementation.cache_tag, importlib.util.MAGIC_NUMBER.hex())"
)


def _probe(python: str) -> tuple[str, str, str, str] | None:
    try:
        out = subprocess.run([python, "-I", "-c", _PROBE], capture_output=True, text=True, timeout=30, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    parts = out.stdout.split()
    return (parts[0], parts[1], parts[2], parts[3]) if len(parts) == 4 else None


def _fits(python: str, version: str) -> bool:
    probe = _probe(python)
    return probe is not None and probe[0] == "cpython" and probe[1] == version


def _uv_find(version: str) -> str | None:
    try:
        found = subprocess.run(
            [uv_executable(), "python", "find", "--no-project", version],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
    except (OSError, subprocess.SubprocessError, SystemExit):
        return None
    path = found.stdout.strip().splitlines()[-1] if found.stdout.strip() else ""
    return path or None


def find_runtime_python(version: str = PYTHON_VERSION, explicit: str | None = None, install: bool = True) -> str:
    """A CPython `version` interpreter: compiling with another minor version would write another
    cache tag (and magic number), which the runtime ignores."""
    if explicit:
        if not _fits(explicit, version):
            raise SystemExit(f"--python {explicit} is not CPython {version}")
        return explicit
    candidates = [
        _uv_find(version),
        shutil.which(f"python{version}"),
        *sorted(str(p) for p in (Path.home() / ".pyenv" / "versions").glob(f"{version}*/bin/python{version}")),
        f"/usr/bin/python{version}",
        f"/usr/local/bin/python{version}",
        sys.executable,
    ]
    for candidate in candidates:
        if candidate and Path(candidate).exists() and _fits(candidate, version):
            return candidate
    if install:
        print(f"no CPython {version} found; trying `uv python install {version}`", file=sys.stderr)
        if subprocess.run([uv_executable(), "python", "install", version], check=False).returncode == 0:
            found = _uv_find(version)
            if found and _fits(found, version):
                return found
    raise SystemExit(
        f"no CPython {version} interpreter (the Lambda runtime's) to compile the layer's bytecode with, "
        f"and `uv python install {version}` failed (offline?). Install one and pass --python PATH."
    )


# ---------------------------------------------------------------- bytecode and proofs


def compile_bytecode(python: str, target: Path, runs_from: PurePosixPath = LAMBDA_SITE_PACKAGES) -> bool:
    """Hash-based unchecked .pyc for every module under `target`, named with the path they run from
    in Lambda (`runs_from`: /opt/... for a layer, /var/task for a function). True when all compiled."""
    cmd = [
        python, "-I", "-m", "compileall", "-q", "-j", "0",
        "--invalidation-mode", "unchecked-hash",
        "-s", str(target), "-p", str(runs_from),
        str(target),
    ]  # fmt: skip
    result = subprocess.run(cmd, check=False)
    if result.returncode != 0:
        print("compileall reported files it could not compile (checked below)", file=sys.stderr)
    return result.returncode == 0


_VERIFY = r"""
import importlib.util, json, os, sys
root = sys.argv[1]
magic = importlib.util.MAGIC_NUMBER
modules = compiled = 0
missing, wrong = [], []
for folder, dirs, files in os.walk(root):
    dirs[:] = [d for d in dirs if d != "__pycache__"]
    for name in files:
        if not name.endswith(".py"):
            continue
        modules += 1
        source = os.path.join(folder, name)
        cached = importlib.util.cache_from_source(source)
        try:
            with open(cached, "rb") as fh:
                header = fh.read(8)
        except OSError:
            missing.append(os.path.relpath(source, root))
            continue
        flags = int.from_bytes(header[4:8], "little")
        if header[:4] != magic or flags != 0b01:  # 0b01: hash-based, source not checked
            wrong.append(os.path.relpath(source, root))
        else:
            compiled += 1
print(json.dumps({
    "python": "%d.%d.%d" % sys.version_info[:3], "cache_tag": sys.implementation.cache_tag,
    "magic": magic.hex(), "modules": modules, "compiled": compiled,
    "missing": missing[:20], "missing_count": len(missing), "wrong": wrong[:20], "wrong_count": len(wrong),
}))
"""

# Imports every top-level module of the layer; nothing is written (-B), the layer comes first.
_IMPORT_ALL = r"""
import importlib, json, sys, traceback
failed = {}
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed[name] = "%s: %s" % (type(exc).__name__, exc)
print(json.dumps({"imported": len(sys.argv) - 1 - len(failed), "failed": failed}))
"""


def top_level_modules(target: Path) -> list[str]:
    names = []
    for entry in sorted(target.iterdir()):
        if entry.is_dir() and (entry / "__init__.py").is_file() and entry.name.isidentifier():
            names.append(entry.name)
        elif entry.suffix == ".py" and entry.stem.isidentifier():
            names.append(entry.stem)
    return names


def _runtime_standin() -> Path:
    """boto3/botocore/s3transfer as the Lambda runtime provides them: this environment's copies."""
    standin = Path(tempfile.mkdtemp(prefix="engram-runtime-"))
    for name in ("boto3", "botocore", "s3transfer"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            (standin / name).symlink_to(Path(next(iter(spec.submodule_search_locations))))
    return standin


def check(python: str, out: Path) -> dict[str, object]:
    """Prove the build with the runtime's interpreter; raises SystemExit when it does not hold."""
    target = out / SITE_PACKAGES
    if not target.is_dir():
        raise SystemExit(f"no layer at {out}: run `python -m infra.build_layers` first")
    verify = subprocess.run(
        [python, "-I", "-B", "-c", _VERIFY, str(target)], check=True, capture_output=True, text=True
    )
    report: dict[str, object] = json.loads(verify.stdout)
    standin = _runtime_standin()
    try:
        code = f"import sys; sys.path[:0] = [{str(target)!r}, {str(standin)!r}]\n" + _IMPORT_ALL
        imported = subprocess.run(
            [python, "-I", "-B", "-c", code, *top_level_modules(target)],
            check=True,
            capture_output=True,
            text=True,
            cwd=standin,
        )
    finally:
        shutil.rmtree(standin, ignore_errors=True)
    report.update(json.loads(imported.stdout.strip().splitlines()[-1]))
    report["unzipped_mb"] = round(size_mb(out), 1)
    print(
        f"bytecode: {report['compiled']}/{report['modules']} modules compiled for {report['cache_tag']} "
        f"(Python {report['python']}, magic {report['magic']}, unchecked-hash); "
        f"imports: {report['imported']} top-level modules import on it"
    )
    problems = []
    if report["missing_count"] or report["wrong_count"]:
        problems.append(
            f"{report['missing_count']} .py without {report['cache_tag']} bytecode (e.g. {report['missing']}), "
            f"{report['wrong_count']} with the wrong magic or invalidation mode (e.g. {report['wrong']})"
        )
    if report["failed"]:
        problems.append(f"modules that do not import: {report['failed']}")
    if problems:
        raise SystemExit("layer check failed: " + "; ".join(problems))
    return report


def size_mb(path: Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="layer directory (default: %(default)s)")
    parser.add_argument("--python", help=f"a CPython {PYTHON_VERSION} interpreter (default: found or installed)")
    parser.add_argument("--check", action="store_true", help="only verify an existing build")
    args = parser.parse_args(argv)
    out: Path = args.out
    python = find_runtime_python(explicit=args.python)
    if not args.check:
        if out.exists():
            shutil.rmtree(out)
        target = out / SITE_PACKAGES
        target.mkdir(parents=True)
        requirements = out.parent / "dependencies-requirements.txt"
        requirements.write_text("\n".join(export_requirements()) + "\n")
        install(requirements, target)
        prune(target)
        compile_bytecode(python, target)
    report = check(python, out)
    size = float(str(report["unzipped_mb"]))
    print(f"dependencies layer: {out} ({size:.1f} MB unzipped)")
    if size > MAX_UNZIPPED_MB * 0.8:
        print(
            f"warning: close to Lambda's {MAX_UNZIPPED_MB} MB unzipped limit "
            "(function + all layers; see benchmarks/package_sizes.py)",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
