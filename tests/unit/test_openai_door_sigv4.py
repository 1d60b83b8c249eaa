"""The README's SigV4 example for a backend calling the OpenAI-compatible door with the official
openai client: its httpx auth signs what the client sends, body included (no network: the client
talks to an httpx.MockTransport)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

README = Path(__file__).resolve().parents[2] / "README.md"
CREDENTIALS = Credentials("AKIDEXAMPLE", "secret", "session-token")
REGION = "ap-northeast-1"
ANSWER = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 0,
    "model": "engram",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
}


def _signer_class(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    """The README block's code up to the client (the class and its imports), run here."""
    block = next(
        b for b in re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL) if "SigV4(" in b
    )
    for name, value in (
        ("AWS_ACCESS_KEY_ID", CREDENTIALS.access_key),
        ("AWS_SECRET_ACCESS_KEY", CREDENTIALS.secret_key),
        ("AWS_SESSION_TOKEN", CREDENTIALS.token),
        ("AWS_CONFIG_FILE", str(tmp_path / "none")),
        ("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "none")),
    ):
        monkeypatch.setenv(name, value)
    namespace: dict[str, Any] = {}
    exec(block.split("\nclient = OpenAI(")[0], namespace)  # noqa: S102 - the documented example
    return namespace["SigV4"]


def _expected_signature(request: httpx.Request, body: bytes) -> str:
    """The signature botocore computes over this request's signed headers and `body`."""
    signed_names = re.search(r"SignedHeaders=([^,]+)", request.headers["authorization"])
    assert signed_names is not None
    headers = {name: request.headers[name] for name in signed_names.group(1).split(";")}
    aws = AWSRequest(method=request.method, url=str(request.url), data=body, headers=headers)
    aws.context["timestamp"] = request.headers["x-amz-date"]
    signer = SigV4Auth(CREDENTIALS, "execute-api", REGION)
    return str(signer.signature(signer.string_to_sign(aws, signer.canonical_request(aws)), aws))


def test_the_readme_signer_signs_the_openai_clients_request_and_body(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    sent: list[httpx.Request] = []

    def gateway(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(200, json=ANSWER)

    client = openai.OpenAI(
        base_url="https://api.example.test/openai/backend/v1",
        api_key="unused",
        http_client=httpx.Client(
            auth=_signer_class(monkeypatch, tmp_path)(REGION), transport=httpx.MockTransport(gateway)
        ),
        default_headers={"X-Engram-User": "erin", "X-Engram-Persona": "nurse"},
        max_retries=0,
    )
    answer = client.chat.completions.create(model="engram", messages=[{"role": "user", "content": "Hello."}])
    assert answer.choices[0].message.content == "ok"

    request = sent[0]
    authorization = request.headers["authorization"]
    assert authorization.startswith("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/") and "Bearer" not in authorization
    assert f"/{REGION}/execute-api/aws4_request" in authorization
    assert re.fullmatch(r"\d{8}T\d{6}Z", request.headers["x-amz-date"])
    assert request.headers["x-amz-security-token"] == "session-token"
    signed = re.search(r"SignedHeaders=([^,]+)", authorization)
    assert signed is not None and {"host", "content-type", "x-engram-user", "x-engram-persona"} <= set(
        signed.group(1).split(";")
    )
    signature = authorization.rsplit("Signature=", 1)[1]
    assert json.loads(request.content)["messages"][0]["content"] == "Hello."
    assert signature == _expected_signature(request, request.content)
    tampered = request.content.replace(b"Hello.", b"Goodbye")
    assert signature != _expected_signature(request, tampered)  # the body is signed
