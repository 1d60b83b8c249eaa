"""Package sizes: every Lambda function's code asset and layers, zipped and unzipped, against
Lambda's limit of 250 MiB (262,144,000 bytes) unzipped for a function and all its layers.

What is measured, packaged the way the stack packages it:

- function asset: the `functions/` folder (all four functions share it), minus the CDK
  asset excludes of infra/constructs/function.py (read from that file, not restated here);
- engram layer: `layers/engram/engram` copied to python/engram, minus the ignore patterns of
  infra/constructs/layers.py;
- dependencies layer: .build/layers/dependencies as `make layers` (python -m
  infra.build_layers) leaves it, bytecode included; if it is not built the table says so;
- Powertools layer: AWS-managed, so it cannot be measured here. Estimated by installing
  `aws-lambda-powertools[all]` at the version uv.lock pins, for the Lambda platform
  (infra/runtime.py), and pruning it as Powertools' own layer build does (layer_v3/docker/
  Dockerfile: no boto3/botocore/s3transfer/dateutil/urllib3/six/jmespath, no tests, no
  bytecode; its stripping of .so debug symbols is not repeated, so the estimate is a little
  high). The install is cached under .build/layers/; --no-powertools-estimate skips it.

Zipped sizes are deflate level 9 archives of the same files (the CDK zips assets itself, so
its archive differs by a few percent). Lambda's own limits are on the unzipped size; the
50 MB zipped limit applies only to direct uploads, and the CDK uploads through S3.

    python benchmarks/package_sizes.py --json /tmp/package_sizes.json
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath
from typing import Any

from _report import machine, print_table, write_json
from infra.runtime import PYTHON_VERSION, SITE_PACKAGES, UV_PLATFORM  # plain module: no CDK import

REPO = Path(__file__).resolve().parents[1]
FUNCTIONS_DIR = REPO / "functions"
ENGRAM_PACKAGE = REPO / "layers" / "engram" / "engram"
DEPENDENCIES_DIR = REPO / ".build" / "layers" / "dependencies"
POWERTOOLS_CACHE = REPO / ".build" / "layers" / "powertools-estimate"
LIMIT_BYTES = 262_144_000  # "Unzipped size must be smaller than 262144000 bytes" = 250 MiB
MIB = 1024 * 1024
# Function name in the stack -> handler module (all share the functions/ asset).
FUNCTIONS = {
    "api": "api.handler",
    "turn_worker": "turn_worker.handler",
    "memory_indexer": "memory_indexer.handler",
    "jobs": "jobs.handler",
}
# What Powertools' layer build deletes after `pip install -t /asset/python "aws-lambda-powertools[all]"`.
_POWERTOOLS_PRUNE = ["boto*", "s3transfer*", "*dateutil*", "urllib3*", "six*", "jmespath*"]


# ---------------------------------------------------------------- what the stack excludes


def _module_constant(path: Path, name: str) -> ast.expr:
    for node in ast.parse(path.read_text()).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Name) and target.id == name and node.value is not None:
                return node.value
    raise SystemExit(f"{name} not found in {path}: update benchmarks/package_sizes.py")


def function_excludes() -> list[str]:
    """`_ASSET_EXCLUDES` of infra/constructs/function.py (CDK glob patterns)."""
    value = ast.literal_eval(_module_constant(REPO / "infra" / "constructs" / "function.py", "_ASSET_EXCLUDES"))
    return [str(v) for v in value]


def engram_layer_ignores() -> list[str]:
    """The patterns of `_IGNORE = shutil.ignore_patterns(...)` in infra/constructs/layers.py."""
    call = _module_constant(REPO / "infra" / "constructs" / "layers.py", "_IGNORE")
    if not isinstance(call, ast.Call):
        raise SystemExit("_IGNORE in infra/constructs/layers.py is no longer shutil.ignore_patterns(...)")
    return [str(ast.literal_eval(arg)) for arg in call.args]


def _excluded(rel: PurePosixPath, patterns: Iterable[str]) -> bool:
    """CDK glob excludes as used here: `**/name` matches that name at any depth, else the whole path."""
    for pattern in patterns:
        if pattern.startswith("**/") and "/" not in pattern[3:]:
            if any(fnmatch.fnmatch(part, pattern[3:]) for part in rel.parts):
                return True
        elif fnmatch.fnmatch(str(rel), pattern):
            return True
    return False


def _ignored(rel: PurePosixPath, patterns: Iterable[str]) -> bool:
    """shutil.ignore_patterns: a name (file or folder, at any depth) matching any pattern."""
    return any(fnmatch.fnmatch(part, p) for part in rel.parts for p in patterns)


# ---------------------------------------------------------------- sizes


def files_of(root: Path, skip: Any = None) -> Iterator[tuple[Path, PurePosixPath]]:
    for path in sorted(root.rglob("*")):
        rel = PurePosixPath(path.relative_to(root).as_posix())
        if path.is_file() and not path.is_symlink() and not (skip and skip(rel)):
            yield path, rel


def measure(files: Iterable[tuple[Path, PurePosixPath]], prefix: str = "") -> dict[str, Any]:
    """Unzipped bytes, zipped bytes (deflate 9) and file count of files placed under `prefix` in the zip."""
    unzipped = count = 0
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "asset.zip"
        with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for path, rel in files:
                zf.write(path, f"{prefix}{rel}")
                unzipped += path.stat().st_size
                count += 1
        zipped = archive.stat().st_size
    return {"files": count, "unzipped_bytes": unzipped, "zipped_bytes": zipped}


def top_level_sizes(site_packages: Path) -> dict[str, int]:
    """Bytes per top-level entry of a site-packages folder (package, module or dist-info)."""
    sizes: dict[str, int] = {}
    for entry in site_packages.iterdir():
        files = entry.rglob("*") if entry.is_dir() else [entry]
        sizes[entry.name] = sum(f.stat().st_size for f in files if f.is_file())
    return sizes


def shared_files(first: Path, second: Path) -> tuple[int, list[str]]:
    """Bytes of the files of `second` that `first` also holds at the same relative path, and their top levels."""
    shared = 0
    tops: set[str] = set()
    for path, rel in files_of(second):
        if (first / rel).is_file():
            shared += path.stat().st_size
            tops.add(rel.parts[0])
    return shared, sorted(tops)


# ---------------------------------------------------------------- the Powertools estimate


def locked_version(package: str) -> str | None:
    text = (REPO / "uv.lock").read_text()
    marker = f'name = "{package}"\nversion = "'
    at = text.find(marker)
    return text[at + len(marker) :].split('"', 1)[0] if at >= 0 else None


def powertools_estimate(install: bool) -> tuple[Path | None, str]:
    """A folder laid out like the managed layer's python/, and a note on how it was obtained."""
    version = locked_version("aws-lambda-powertools")
    if version is None:
        return None, "aws-lambda-powertools not in uv.lock"
    target = POWERTOOLS_CACHE / f"{version}-cp{PYTHON_VERSION}-{UV_PLATFORM}" / "python"
    note = (
        f"estimate: aws-lambda-powertools[all]=={version} (uv.lock) for {UV_PLATFORM} / Python "
        f"{PYTHON_VERSION}, pruned like Powertools' layer build"
    )
    if target.is_dir():
        return target, note
    if not install:
        return None, "not estimated (--no-powertools-estimate)"
    from infra.build_layers import uv_executable

    staging = target.with_name("python.partial")
    shutil.rmtree(staging, ignore_errors=True)
    cmd = [
        uv_executable(), "pip", "install", "--target", str(staging),
        "--python-platform", UV_PLATFORM, "--python-version", PYTHON_VERSION,
        "--only-binary", ":all:", "--no-compile", "--quiet", f"aws-lambda-powertools[all]=={version}",
    ]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        return None, f"not estimated: install failed ({proc.stderr.strip().splitlines()[-1:]})"
    for pattern in _POWERTOOLS_PRUNE:
        for path in staging.glob(pattern):
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    for path in [p for p in staging.rglob("*") if p.is_file()]:
        if "tests" in path.relative_to(staging).parts[:-1] or path.suffix in (".pyc", ".pyo"):
            path.unlink()
    for cache in sorted(staging.rglob("__pycache__"), reverse=True):
        shutil.rmtree(cache, ignore_errors=True)
    for artefact in (staging / ".lock", staging / "bin"):  # uv's, not a package's; pip -t leaves no .lock
        shutil.rmtree(artefact) if artefact.is_dir() else artefact.unlink(missing_ok=True)
    staging.rename(target)
    return target, note


# ---------------------------------------------------------------- report


def _shown(path: Path) -> str:
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


def _mib(n: int | None) -> str:
    return f"{n / MIB:.1f}" if n is not None else "n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", dest="json_path")
    parser.add_argument(
        "--no-powertools-estimate",
        action="store_true",
        help="do not install aws-lambda-powertools[all] from PyPI to estimate the managed layer",
    )
    parser.add_argument(
        "--dependencies-dir",
        type=Path,
        default=DEPENDENCIES_DIR,
        help="the built dependencies layer (default: %(default)s)",
    )
    args = parser.parse_args()
    dependencies_dir: Path = args.dependencies_dir.resolve()

    excludes = function_excludes()
    ignores = engram_layer_ignores()
    parts: dict[str, dict[str, Any]] = {}
    parts["functions asset"] = {
        "source": "functions/",
        "excludes": excludes,
        **measure(files_of(FUNCTIONS_DIR, lambda rel: _excluded(rel, excludes))),
    }
    parts["engram layer"] = {
        "source": "layers/engram/engram -> python/engram",
        "ignores": ignores,
        **measure(files_of(ENGRAM_PACKAGE, lambda rel: _ignored(rel, ignores)), prefix="python/engram/"),
    }
    site = dependencies_dir / SITE_PACKAGES
    dep_sizes: dict[str, int] = {}
    if site.is_dir():
        parts["dependencies layer"] = {"source": _shown(dependencies_dir), **measure(files_of(dependencies_dir))}
        dep_sizes = top_level_sizes(site)
    else:
        parts["dependencies layer"] = {
            "source": _shown(dependencies_dir),
            "missing": True,
            "note": "not built (make layers): left out of the totals",
            "files": None,
            "unzipped_bytes": None,
            "zipped_bytes": None,
        }
    pt_dir, pt_note = powertools_estimate(install=not args.no_powertools_estimate)
    if pt_dir is not None:
        parts["Powertools layer (AWS-managed)"] = {
            "source": _shown(pt_dir),
            "estimate": True,
            "note": pt_note,
            "short_note": f"estimate: [all]=={locked_version('aws-lambda-powertools')}, pruned like its layer build",
            **measure(files_of(pt_dir), prefix="python/"),
        }
    else:
        parts["Powertools layer (AWS-managed)"] = {
            "estimate": True,
            "missing": True,
            "note": pt_note,
            "files": None,
            "unzipped_bytes": None,
            "zipped_bytes": None,
        }

    rows = []
    for name, part in parts.items():
        note = part.get("short_note", part.get("note", "")) if part.get("missing") or part.get("estimate") else ""
        rows.append([name, part["files"] or "", _mib(part["unzipped_bytes"]), _mib(part["zipped_bytes"]), note])
    print_table(
        "Code asset and layers (MiB = 1,048,576 bytes)", ["part", "files", "unzipped MiB", "zipped MiB", "note"], rows
    )

    known = [p for p in parts.values() if p["unzipped_bytes"] is not None]
    total_unzipped = sum(p["unzipped_bytes"] for p in known)
    total_zipped = sum(p["zipped_bytes"] for p in known)
    incomplete = [name for name, p in parts.items() if p["unzipped_bytes"] is None]
    per_function = {}
    rows = []
    for function, handler in FUNCTIONS.items():
        per_function[function] = {
            "handler": handler,
            "parts": list(parts),
            "unzipped_bytes": total_unzipped,
            "zipped_bytes": total_zipped,
            "headroom_bytes": LIMIT_BYTES - total_unzipped,
            "share_of_limit": round(total_unzipped / LIMIT_BYTES, 3),
            "within_limit": total_unzipped < LIMIT_BYTES,
            "incomplete": incomplete,
        }
        verdict = "yes" if total_unzipped < LIMIT_BYTES else "NO"
        if incomplete:
            verdict += " (without " + ", ".join(incomplete) + ")"
        rows.append(
            [
                function,
                _mib(total_unzipped),
                _mib(total_zipped),
                f"{100 * total_unzipped / LIMIT_BYTES:.0f}%",
                _mib(LIMIT_BYTES - total_unzipped),
                verdict,
            ]
        )
    print_table(
        "Per function: its asset + engram + dependencies + Powertools layers, against 250 MiB unzipped",
        ["function", "unzipped MiB", "zipped MiB", "of limit", "headroom MiB", "< 250 MiB"],
        rows,
    )

    figures: dict[str, Any] = {
        "machine": machine(),
        "limit_unzipped_bytes": LIMIT_BYTES,
        "parts": parts,
        "functions": per_function,
    }
    if dep_sizes:
        largest = sorted(dep_sizes.items(), key=lambda kv: -kv[1])[:10]
        figures["dependencies_largest"] = dict(largest)
        print_table(
            "Largest packages of the dependencies layer (bytecode included)",
            ["package", "unzipped MiB", "share of layer"],
            [[n, _mib(b), f"{100 * b / parts['dependencies layer']['unzipped_bytes']:.0f}%"] for n, b in largest],
        )
    if dep_sizes and pt_dir is not None:
        dup, tops = shared_files(site, pt_dir)
        figures["in_both_dependencies_and_powertools_layers"] = {"top_levels": tops, "powertools_copy_bytes": dup}
        print(
            f"\nFiles in both the dependencies layer and the Powertools layer: {_mib(dup)} MiB of the latter "
            f"({', '.join(t for t in tops if not t.endswith('.dist-info'))}). The dependencies layer's copies "
            "win on sys.path; the others still count toward the limit."
        )
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
