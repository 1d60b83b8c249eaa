"""The Lambda runtime is CPython 3.12 (infra/runtime.py); the suite runs on 3.11. What can be
checked without a 3.12 interpreter: the layer build targets 3.12 and the runtime's platform,
every locked package it installs has a wheel for that target, the template runs what the build
targets, and our own shipped code parses as 3.12 and uses nothing 3.12 removed (docs/deploy.md
says what this does not prove)."""

from __future__ import annotations

import itertools
import tomllib
import warnings
from pathlib import Path
from typing import Any

import pytest
from packaging.specifiers import SpecifierSet
from packaging.utils import parse_wheel_filename

from infra.build_layers import REPO_ROOT, export_requirements, install_command
from infra.config import ENVIRONMENTS
from infra.runtime import ARCHITECTURE, PYTHON_VERSION, SITE_PACKAGES, UV_PLATFORM
from tests.infra.cfn import resources
from tests.infra.lambda_target import Target, best_wheel, locked_wheels, pins_for, wheels_for_target
from tests.infra.removed_in_py312 import removed_uses

# glibc of the OS under each Lambda Python runtime (AWS: python3.11 = Amazon Linux 2,
# python3.12 / 3.13 = Amazon Linux 2023): a manylinux wheel needs at most this glibc.
LAMBDA_RUNTIME_GLIBC = {"python3.11": (2, 26), "python3.12": (2, 34), "python3.13": (2, 34)}
# Shipped to Lambda: the handlers (function code asset) and the engram layer.
SHIPPED_SOURCE = (REPO_ROOT / "functions", REPO_ROOT / "layers" / "engram" / "engram")
# Locked packages whose version on 3.12 differs from the suite's 3.11 (docs/deploy.md).
LAMBDA_ONLY_PINS = {"numpy"}


def _options(command: list[str]) -> dict[str, str]:
    return {flag: value for flag, value in itertools.pairwise(command) if flag.startswith("--")}


@pytest.fixture(scope="module")
def build_options() -> dict[str, str]:
    return _options(install_command(Path("requirements.txt"), Path("site-packages"), uv="uv"))


@pytest.fixture(scope="module")
def target(build_options: dict[str, str]) -> Target:
    return Target.from_uv_platform(build_options["--python-version"], build_options["--python-platform"])


# --- the layer build's target -------------------------------------------------------------------


def test_layer_build_installs_only_wheels_for_the_runtime_python_and_platform(
    build_options: dict[str, str], target: Target
) -> None:
    assert build_options["--python-version"] == PYTHON_VERSION == "3.12"
    assert build_options["--python-platform"] == UV_PLATFORM
    assert build_options["--only-binary"] == ":all:"  # nothing built from source on this machine
    assert target.arch == ARCHITECTURE
    assert f"python{PYTHON_VERSION}" in SITE_PACKAGES.parts  # the runtime's sys.path entry


def test_layer_wheels_need_no_newer_glibc_than_the_runtime_os(target: Target) -> None:
    assert target.glibc <= LAMBDA_RUNTIME_GLIBC[f"python{target.python_version}"]


@pytest.mark.parametrize("env", list(ENVIRONMENTS))
def test_template_runs_the_python_and_architecture_the_layer_is_built_for(
    templates: dict[str, dict[str, Any]], target: Target, env: str
) -> None:
    runtime = f"python{target.python_version}"
    functions = resources(templates[env], "AWS::Lambda::Function").values()
    assert functions
    for function in functions:
        assert function["Properties"]["Runtime"] == runtime
        assert function["Properties"]["Architectures"] == [target.arch]
        managed = [layer for layer in function["Properties"]["Layers"] if isinstance(layer, str)]
        # Powertools' layer is built per Python and architecture; ADOT's Python distro (tracing
        # 'adot') is one layer for every Python 3 runtime and both architectures
        adot = ["AWSOpenTelemetryDistroPython"] if ENVIRONMENTS[env].tracing.exporter == "adot" else []
        assert sorted(layer.split(":")[6] for layer in managed) == sorted(
            [f"AWSLambdaPowertoolsPythonV3-{runtime.replace('.', '')}-{target.arch}", *adot]
        )
    for layer in resources(templates[env], "AWS::Lambda::LayerVersion").values():
        assert layer["Properties"]["CompatibleRuntimes"] == [runtime]
        assert layer["Properties"]["CompatibleArchitectures"] == [target.arch]


def test_the_lock_and_the_project_cover_the_runtime_python(target: Target) -> None:
    lock = tomllib.loads((REPO_ROOT / "uv.lock").read_text())
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    assert SpecifierSet(lock["requires-python"]).contains(f"{target.python_version}.0")
    assert SpecifierSet(project["requires-python"]).contains(f"{target.python_version}.0")


def test_every_locked_runtime_package_has_a_wheel_for_the_lambda_target(target: Target) -> None:
    """What `make layers` installs (uv export of uv.lock, markers evaluated for the runtime) has a
    cp312, abi3 or pure wheel for manylinux <= the target glibc in uv.lock's wheel list."""
    pins = pins_for(target, export_requirements())
    chosen = wheels_for_target(target, pins, locked_wheels(REPO_ROOT / "uv.lock"))
    missing = [f"{name}=={version}" for (name, version), wheel in chosen.items() if wheel is None]
    assert not missing, f"no wheel in uv.lock installs on {target}: {missing}"
    compiled = {
        name: wheel
        for (name, _), wheel in chosen.items()
        if wheel and any(tag.platform != "any" or tag.abi != "none" for tag in parse_wheel_filename(wheel)[3])
    }
    assert {"numpy", "pydantic-core", "cryptography"} <= set(compiled)  # the check covers compiled code
    for name, wheel in compiled.items():
        for tag in parse_wheel_filename(wheel)[3]:
            assert tag.interpreter == target.interpreter or tag.abi in {"abi3", "none"}, f"{name}: {wheel}"


def test_lambda_runs_the_suite_s_pins_except_the_documented_ones(target: Target) -> None:
    """uv.lock may pin another version per Python: Lambda then runs a version the suite (3.11)
    never ran. docs/deploy.md names these; a new one must be named there too."""
    suite = Target.from_uv_platform("3.11", UV_PLATFORM)
    requirements = export_requirements()
    differ = set(pins_for(target, requirements)) ^ set(pins_for(suite, requirements))
    assert {name for name, _ in differ} == LAMBDA_ONLY_PINS


@pytest.mark.parametrize(
    ("wheel", "installs"),
    [
        ("numpy-2.5.5-cp312-cp312-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl", True),
        ("pkg-1.0-cp312-cp312-manylinux2014_x86_64.whl", True),
        ("pkg-1.0-cp39-abi3-manylinux_2_17_x86_64.whl", True),
        ("pkg-1.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl", True),
        ("pkg-1.0-py3-none-any.whl", True),
        ("pkg-1.0-cp311-cp311-manylinux_2_17_x86_64.whl", False),  # the suite's Python, not Lambda's
        ("pkg-1.0-cp313-cp313-manylinux_2_17_x86_64.whl", False),
        ("pkg-1.0-cp315-abi3-manylinux_2_17_x86_64.whl", False),  # abi3 from a newer CPython
        ("pkg-1.0-cp312-cp312-manylinux_2_34_x86_64.whl", False),  # newer glibc than the build accepts
        ("pkg-1.0-cp312-cp312-manylinux_2_17_aarch64.whl", False),
        ("pkg-1.0-cp312-cp312-musllinux_1_2_x86_64.whl", False),
        ("pkg-1.0-cp312-cp312-macosx_11_0_x86_64.whl", False),
    ],
)
def test_target_wheel_tags(wheel: str, installs: bool) -> None:
    target = Target.from_uv_platform("3.12", "x86_64-manylinux_2_28")
    assert (best_wheel(target, [wheel]) is not None) is installs


def test_a_locked_package_without_a_target_wheel_is_reported() -> None:
    target = Target.from_uv_platform("3.12", "x86_64-manylinux_2_28")
    lines = ["numpy==2.4.6 ; python_full_version < '3.12'", "numpy==2.5.5 ; python_full_version >= '3.12'", "a==1"]
    lock = {
        ("numpy", "2.4.6"): ["numpy-2.4.6-cp312-cp312-manylinux_2_28_x86_64.whl"],
        ("numpy", "2.5.5"): ["numpy-2.5.5-cp311-cp311-manylinux_2_28_x86_64.whl"],
        ("a", "1"): ["a-1-cp312-cp312-manylinux_2_17_x86_64.whl", "a-1-cp312-cp312-win_amd64.whl"],
    }
    pins = pins_for(target, lines)
    assert pins == [("numpy", "2.5.5"), ("a", "1")]  # 3.12's marker picks 2.5.5
    assert wheels_for_target(target, pins, lock) == {
        ("numpy", "2.5.5"): None,
        ("a", "1"): "a-1-cp312-cp312-manylinux_2_17_x86_64.whl",
    }


# --- our own code on 3.12 -----------------------------------------------------------------------


def _shipped_modules(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("root", SHIPPED_SOURCE, ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_shipped_code_parses_as_3_12_and_uses_nothing_3_12_removed(root: Path) -> None:
    modules = _shipped_modules(root)
    assert len(modules) > 5
    problems: list[str] = []
    for module in modules:
        source = module.read_text(encoding="utf-8")
        name = str(module.relative_to(REPO_ROOT))
        problems += [str(use) for use in removed_uses(source, name)]
        # Invalid escape sequences and the like: a DeprecationWarning on 3.11, a SyntaxWarning
        # on 3.12 (and an error later); any compiler warning fails here.
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            try:
                compile(source, name, "exec", dont_inherit=True)
            except SyntaxError as exc:
                problems.append(f"{name}:{exc.lineno}: {exc.msg}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("import distutils.core", "import distutils.core"),
        ("from distutils.util import strtobool", "from distutils.util import ..."),
        ("import imp, asyncore", "import imp"),
        ("import ssl\nssl.wrap_socket(sock)", "ssl.wrap_socket"),
        ("import ssl as tls\ntls.match_hostname(cert, host)", "ssl.match_hostname"),
        ("from ssl import wrap_socket", "from ssl import wrap_socket"),
        ("import locale\nlocale.format('%d', 1)", "locale.format"),
        ("import configparser\nconfigparser.SafeConfigParser()", "configparser.SafeConfigParser"),
        ("from configparser import SafeConfigParser as P", "from configparser import SafeConfigParser"),
        ("import importlib.util\nimportlib.util.set_package", "importlib.util.set_package"),
        ("parser.readfp(handle)", ".readfp"),
        ("self.assertEquals(a, b)", ".assertEquals"),
        ("import importlib\nimportlib.import_module('imp')", "importlib.import_module('imp')"),
        ("__import__('smtpd')", "__import__('smtpd')"),
        ("import http.client\nhttp.client.HTTPSConnection(h, key_file=k)", "http.client.HTTPSConnection(key_file=...)"),
        ("from smtplib import SMTP_SSL\nSMTP_SSL(h, certfile=c)", "smtplib.SMTP_SSL(certfile=...)"),
    ],
)
def test_removed_uses_are_found(source: str, found: str) -> None:
    assert [use.what for use in removed_uses(source)][:1] == [found]


@pytest.mark.parametrize(
    "source",
    [
        "import ssl\nssl.create_default_context().wrap_socket(sock)",
        "from importlib import import_module\nimport_module('json')",
        "import unittest\nunittest.findTestCases",  # deprecated, removed only in 3.13
        "import locale\nlocale.format_string('%d', 1)",
        "import http.client\nhttp.client.HTTPSConnection(h, context=ctx)",
        "def format(x): return x\nformat(1)",
    ],
)
def test_what_3_12_kept_is_not_reported(source: str) -> None:
    assert removed_uses(source) == []


def test_invalid_escape_sequences_fail_the_compile_check() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(SyntaxError, match="invalid escape sequence"):
            compile("pattern = '\\d+'", "<m>", "exec", dont_inherit=True)
