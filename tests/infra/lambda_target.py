"""The Lambda Python target (infra/runtime.py) as wheel tags and marker values, and which locked
packages have no wheel for it: what `uv pip install --python-platform ... --only-binary :all:`
in infra/build_layers.py would fail on, read from uv.lock without an interpreter of that version."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging import tags
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

_MANYLINUX = re.compile(r"^(?P<arch>x86_64|aarch64)-manylinux_(?P<major>\d+)_(?P<minor>\d+)$")
_LEGACY_MANYLINUX = {"manylinux2014": (2, 17), "manylinux2010": (2, 12), "manylinux1": (2, 5)}
_OLDEST_GLIBC = {"x86_64": 5, "aarch64": 17}  # the first manylinux glibc minor of each architecture


@dataclass(frozen=True)
class Target:
    python_version: str  # "3.12"
    arch: str  # "x86_64" | "aarch64"
    glibc: tuple[int, int]  # the newest manylinux the build accepts

    @classmethod
    def from_uv_platform(cls, python_version: str, uv_platform: str) -> Target:
        """`--python-version` / `--python-platform` as infra/build_layers.py passes them to uv."""
        match = _MANYLINUX.fullmatch(uv_platform)
        if match is None:
            raise ValueError(f"not a manylinux_X_Y uv platform: {uv_platform!r}")
        return cls(python_version, match["arch"], (int(match["major"]), int(match["minor"])))

    @property
    def interpreter(self) -> str:
        return "cp" + self.python_version.replace(".", "")

    def platforms(self) -> list[str]:
        """manylinux tags from the target glibc down to the oldest, with their legacy aliases."""
        major, newest = self.glibc
        found = []
        for minor in range(newest, _OLDEST_GLIBC[self.arch] - 1, -1):
            found.append(f"manylinux_{major}_{minor}_{self.arch}")
            found += [f"{alias}_{self.arch}" for alias, glibc in _LEGACY_MANYLINUX.items() if glibc == (major, minor)]
        return found

    def wheel_tags(self) -> list[tags.Tag]:
        """Every tag a CPython of this version on this platform installs, most specific first:
        cpXY-cpXY, abi3 of any earlier CPython, cpXY-none, pyX-none (platform, then any)."""
        version = tuple(int(p) for p in self.python_version.split("."))
        platforms = self.platforms()
        return [
            *tags.cpython_tags(version, abis=[self.interpreter], platforms=platforms),
            *tags.compatible_tags(version, interpreter=self.interpreter, platforms=platforms),
        ]

    def marker_environment(self) -> dict[str, str]:
        """The values requirement markers are evaluated with on the Lambda runtime."""
        return {
            "implementation_name": "cpython",
            "implementation_version": f"{self.python_version}.0",
            "os_name": "posix",
            "platform_machine": self.arch,
            "platform_python_implementation": "CPython",
            "platform_system": "Linux",
            "python_full_version": f"{self.python_version}.0",
            "python_version": self.python_version,
            "sys_platform": "linux",
        }


def locked_wheels(lock_file: Path) -> dict[tuple[str, str], list[str]]:
    """(canonical name, version) -> the wheel file names uv.lock lists for it."""
    lock: dict[str, Any] = tomllib.loads(lock_file.read_text())
    return {
        (canonicalize_name(p["name"]), p["version"]): [w["url"].rsplit("/", 1)[-1] for w in p.get("wheels", [])]
        for p in lock["package"]
        if "version" in p
    }


def pins_for(target: Target, requirement_lines: Iterable[str]) -> list[tuple[str, str]]:
    """(name, version) of every `name==version ; marker` line that applies on the target."""
    environment = target.marker_environment()
    pins: list[tuple[str, str]] = []
    for line in requirement_lines:
        requirement = Requirement(line)
        if requirement.marker is not None and not requirement.marker.evaluate(environment):
            continue
        (spec,) = requirement.specifier  # `uv export` pins every package exactly
        if spec.operator != "==":
            raise ValueError(f"not an exact pin: {line!r}")
        pins.append((canonicalize_name(requirement.name), spec.version))
    return pins


def best_wheel(target: Target, wheels: Iterable[str]) -> str | None:
    """The wheel an installer picks for the target (its most specific matching tag), or None."""
    preference = {tag: rank for rank, tag in enumerate(target.wheel_tags())}
    ranked = []
    for name in wheels:
        ranks = [preference[t] for t in parse_wheel_filename(name)[3] if t in preference]
        if ranks:
            ranked.append((min(ranks), name))
    return min(ranked)[1] if ranked else None


def wheels_for_target(
    target: Target, pins: Iterable[tuple[str, str]], lock: Mapping[tuple[str, str], list[str]]
) -> dict[tuple[str, str], str | None]:
    """Each pin's chosen wheel file name, None where uv.lock has no wheel the target installs."""
    return {pin: best_wheel(target, lock.get(pin, [])) for pin in pins}
