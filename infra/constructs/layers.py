"""Lambda layers: the shared `engram` package, third-party dependencies, Powertools.

Nothing here needs Docker: the engram layer is "bundled" by copying the package
in-process with its bytecode (infra/constructs/bundling.py), the dependencies
layer is built by `infra/build_layers.py` with pip's cross-platform wheel
download, and Powertools is the AWS-managed public layer.
"""

from __future__ import annotations

from pathlib import Path

from aws_cdk import (
    AssetHashType,
    BundlingOptions,
    DockerImage,
    Stack,
)
from aws_cdk import aws_lambda as lambda_
from constructs import Construct

from infra.config import EnvConfig
from infra.constructs.bundling import CompiledPackage
from infra.runtime import ARCHITECTURE as ARCH_NAME
from infra.runtime import PY_TAG, PYTHON_VERSION, SITE_PACKAGES

REPO_ROOT = Path(__file__).resolve().parents[2]
ENGRAM_PACKAGE = REPO_ROOT / "layers" / "engram" / "engram"
BUILT_DEPENDENCIES = REPO_ROOT / ".build" / "layers" / "dependencies"
PLACEHOLDER_DEPENDENCIES = REPO_ROOT / "infra" / "assets" / "dependencies-placeholder"

RUNTIME = {
    "3.11": lambda_.Runtime.PYTHON_3_11,
    "3.12": lambda_.Runtime.PYTHON_3_12,
    "3.13": lambda_.Runtime.PYTHON_3_13,
}[PYTHON_VERSION]
# Must match the dependency layer's wheels (infra/runtime.py).
ARCHITECTURE = {"x86_64": lambda_.Architecture.X86_64}[ARCH_NAME]
POWERTOOLS_ACCOUNT = "017000801446"  # AWS account publishing the Powertools public layers


def dependencies_layer_dir() -> Path:
    """The built dependencies layer if `python -m infra.build_layers` ran, else the placeholder."""
    return BUILT_DEPENDENCIES if (BUILT_DEPENDENCIES / SITE_PACKAGES).is_dir() else PLACEHOLDER_DEPENDENCIES


class EngramLayers(Construct):
    def __init__(self, scope: Construct, cid: str, *, cfg: EnvConfig, dependencies_dir: Path) -> None:
        super().__init__(scope, cid)
        self.engram = lambda_.LayerVersion(
            self,
            "Engram",
            description="engram shared package (domain + adapters)",
            compatible_runtimes=[RUNTIME],
            compatible_architectures=[ARCHITECTURE],
            code=lambda_.Code.from_asset(
                str(ENGRAM_PACKAGE.parent),
                asset_hash_type=AssetHashType.SOURCE,
                exclude=["**/__pycache__", "**/*.pyc"],
                bundling=BundlingOptions(
                    # Never pulled: local bundling always succeeds, the image is only required by the API.
                    image=DockerImage.from_registry("local-bundling-only"),
                    local=CompiledPackage(ENGRAM_PACKAGE),
                ),
            ),
        )
        self.dependencies_is_placeholder = dependencies_dir == PLACEHOLDER_DEPENDENCIES
        self.dependencies = lambda_.LayerVersion(
            self,
            "Dependencies",
            description=f"third-party dependencies (uv.lock pins, cp{PYTHON_VERSION}, {ARCH_NAME})",
            compatible_runtimes=[RUNTIME],
            compatible_architectures=[ARCHITECTURE],
            code=lambda_.Code.from_asset(str(dependencies_dir)),
        )
        region = Stack.of(self).region
        self.powertools = lambda_.LayerVersion.from_layer_version_arn(
            self,
            "Powertools",
            f"arn:aws:lambda:{region}:{POWERTOOLS_ACCOUNT}:layer:"
            f"AWSLambdaPowertoolsPythonV3-{PY_TAG}-{ARCH_NAME}:{cfg.powertools_layer_version}",
        )

    @property
    def all(self) -> list[lambda_.ILayerVersion]:
        # CDK sorts layers (feature flag recognizeLayerVersion), so the order given here means
        # nothing. No file is in two layers: engram is python/engram, the dependencies are in
        # python/lib/pythonX.Y/site-packages, which precedes python/ (Powertools) on sys.path,
        # so our pinned pydantic etc. win over the copies bundled with Powertools.
        return [self.powertools, self.dependencies, self.engram]
