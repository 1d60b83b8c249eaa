"""Start and stop DynamoDB Local (from the npm package amplify-dynamodb-simulator, run with Java 17).

The jar's licence forbids redistribution, so it is installed by `scripts/bootstrap.sh`
under .local/ and never committed.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from engram.kernel.paths import repo_root

PACKAGE_DIR = Path("node_modules/amplify-dynamodb-simulator/emulator")


def emulator_dir() -> Path:
    env = os.environ.get("ENGRAM_DYNAMODB_LOCAL_DIR")
    if env:
        return Path(env)
    return repo_root() / "tools" / "dynamodb-local" / PACKAGE_DIR


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(port: int, timeout_s: float, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"DynamoDB Local exited with code {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"DynamoDB Local did not open port {port} in {timeout_s} s")


@dataclass
class DynamoDBLocal:
    port: int
    process: subprocess.Popen[bytes]

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @classmethod
    def start(cls, port: int | None = None, db_path: Path | None = None, timeout_s: float = 30.0) -> DynamoDBLocal:
        emulator = emulator_dir()
        jar = emulator / "DynamoDBLocal.jar"
        if not jar.exists():
            raise FileNotFoundError(f"{jar} is missing: run scripts/bootstrap.sh (make run / make test do)")
        java = shutil.which("java")
        if java is None:
            raise FileNotFoundError("java is missing: run scripts/bootstrap.sh")
        port = port or free_port()
        cmd = [java, f"-Djava.library.path={emulator / 'DynamoDBLocal_lib'}", "-jar", str(jar), "-port", str(port)]
        if db_path is None:
            cmd.append("-inMemory")
        else:
            db_path.mkdir(parents=True, exist_ok=True)
            cmd += ["-sharedDb", "-dbPath", str(db_path)]
        cmd.append("-disableTelemetry")
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=emulator)
        try:
            _wait_for(port, timeout_s, proc)
        except Exception:
            proc.kill()
            raise
        return cls(port, proc)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def local_aws_env(endpoint: str) -> dict[str, str]:
    """What boto3 needs to talk to DynamoDB Local without an AWS account."""
    return {
        "ENGRAM_DYNAMODB_ENDPOINT": endpoint,
        "AWS_ACCESS_KEY_ID": "local",
        "AWS_SECRET_ACCESS_KEY": "local",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_EC2_METADATA_DISABLED": "true",
    }
