"""The Lambda Python target, in one place: runtime, layer paths and wheel platform follow from it.

Python 3.12 rather than 3.11: the python3.11 runtime runs on Amazon Linux 2
(glibc 2.26) and needs manylinux2014 wheels, but uv.lock pins numpy 2.4.x for
Python < 3.12, which ships manylinux_2_28 wheels only — that layer cannot be
built. python3.12 runs on Amazon Linux 2023 (glibc 2.34), where every locked
wheel installs. To go back to 3.11: set PYTHON_VERSION = "3.11" and constrain
numpy < 2.3 for Python 3.11 in pyproject.toml.

No AWS CDK import here: infra/build_layers.py uses this module too.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Final

PYTHON_VERSION: Final = "3.12"
ARCHITECTURE: Final = "x86_64"  # Lambda architecture == wheel platform machine
# pip --platform / uv --python-platform for the runtime's glibc; both also accept older manylinux tags.
_PLATFORMS: Final = {
    "3.11": ("manylinux2014_x86_64", "x86_64-manylinux2014"),  # Amazon Linux 2, glibc 2.26
    "3.12": ("manylinux_2_28_x86_64", "x86_64-manylinux_2_28"),  # Amazon Linux 2023, glibc 2.34
    "3.13": ("manylinux_2_28_x86_64", "x86_64-manylinux_2_28"),
}
PIP_PLATFORM, UV_PLATFORM = _PLATFORMS[PYTHON_VERSION]
PY_TAG: Final = "python" + PYTHON_VERSION.replace(".", "")  # python312: Powertools layer naming
# Layer-relative install dir of third-party packages; on sys.path before /opt/python.
SITE_PACKAGES: Final = PurePosixPath("python") / "lib" / f"python{PYTHON_VERSION}" / "site-packages"
