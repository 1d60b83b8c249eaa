"""The architecture, read from the code's own imports (ast): no import circles, no import from a
lower layer to a higher one, features that reach each other only through ports and the shared
kernel, and infrastructure SDKs imported by adapters alone. docs/architecture.md draws the same."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "layers" / "engram" / "engram"
FUNCTIONS = REPO / "functions"

# Lowest first. A module may import its own layer and the layers below it, never one above.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("kernel",),  # ids, clock, errors, the value types and ports every feature shares
    ("language",),  # language packs and the text engines that read them
    ("settings", "observability"),  # the one settings schema; logs, traces
    ("conversation", "memory", "privacy", "line"),  # the features
    ("adapters",),  # ports implemented on AWS, OpenAI and local stand-ins
    ("wiring",),  # the composition root: builds every adapter, service and job
    ("runtime", "snapshot", "local", "inspector"),  # a process's container, its SnapStart hooks; local stack
)
FEATURES = set(LAYERS[3])
# What one feature may import of another: its ports and the value types they speak in.
FEATURE_FACES = ("ports", "models")
SDKS = ("boto3", "botocore", "pynamodb", "opensearchpy", "openai", "httpx")


@dataclass(frozen=True)
class Import:
    source: str  # importing module, dotted (engram.memory.service)
    target: str  # imported module, dotted
    line: int


def _module_name(path: Path, root: Path, prefix: str) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([prefix, *parts]) if parts else prefix


def _modules(root: Path, prefix: str) -> dict[str, Path]:
    return {_module_name(p, root, prefix): p for p in root.rglob("*.py") if "__pycache__" not in p.parts}


def _imports(name: str, path: Path, known: set[str]) -> Iterator[Import]:
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(name, alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:  # `from pkg import module` imports the module
                sub = f"{module}.{alias.name}"
                yield Import(name, sub if sub in known else module, node.lineno)


def _all_imports() -> list[Import]:
    modules = _modules(PACKAGE, "engram")
    known = set(modules)
    return [i for name, path in sorted(modules.items()) for i in _imports(name, path, known)]


def _top(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _rank(package: str) -> int:
    for rank, layer in enumerate(LAYERS):
        if package in layer:
            return rank
    raise AssertionError(f"engram.{package} belongs to no layer: add it to LAYERS (and docs/architecture.md)")


def test_every_package_has_a_layer() -> None:
    for module in _modules(PACKAGE, "engram"):
        if module != "engram":
            _rank(_top(module))


def test_no_module_imports_a_higher_layer() -> None:
    wrong = [
        f"{i.source}:{i.line} imports {i.target}"
        for i in _all_imports()
        if i.target.startswith("engram.") and _rank(_top(i.target)) > _rank(_top(i.source))
    ]
    assert wrong == []


def test_features_reach_each_other_only_through_ports_and_models() -> None:
    wrong = []
    for i in _all_imports():
        source, target = _top(i.source), _top(i.target)
        if source in FEATURES and target in FEATURES and source != target:
            face = i.target.split(".")[2] if i.target.count(".") >= 2 else ""
            if face not in FEATURE_FACES:
                wrong.append(f"{i.source}:{i.line} imports {i.target}")
    assert wrong == []


def test_no_import_circles() -> None:
    graph: dict[str, set[str]] = {}
    modules = set(_modules(PACKAGE, "engram"))
    for i in _all_imports():
        if i.target in modules and i.target != i.source:
            graph.setdefault(i.source, set()).add(i.target)
    circles = _cycles(graph)
    assert circles == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components larger than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_only_adapters_import_infrastructure_sdks() -> None:
    wrong = []
    for name, path in sorted({**_modules(PACKAGE, "engram"), **_modules(FUNCTIONS, "functions")}.items()):
        if name.startswith("engram.adapters"):  # the local stand-ins of AWS parts are adapters too
            continue
        for i in _imports(name, path, set()):
            if i.target.split(".")[0] in SDKS:
                wrong.append(f"{name}:{i.line} imports {i.target}")
    assert wrong == []


def test_the_checks_see_a_violation() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _rank("kernel") < _rank("memory") < _rank("adapters") < _rank("wiring")
