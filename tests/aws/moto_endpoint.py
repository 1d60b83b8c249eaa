"""moto in server mode on 127.0.0.1 (a free port), in a thread of the test process.

Two thin WSGI layers sit in front of moto's own application:
- `RequestLog` records every request (the service, the operation, the body), so a test can
  count calls — a cache that makes no second call — or read what a client really sent.
- `PresignedUrlCheck` checks the signature of a presigned URL (tests/aws/presigned_check.py):
  moto 5.2.5 serves a presigned GET whatever its signature, AWS does not.
"""

from __future__ import annotations

import io
import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

import requests
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
from werkzeug.serving import BaseWSGIServer, make_server

from tests.aws.presigned_check import PresignedUrlCheck

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


@dataclass(frozen=True, slots=True)
class Call:
    service: str  # the credential scope's service: sqs, s3, kms, secretsmanager, ssm, lambda
    operation: str  # X-Amz-Target's last part (JSON protocols), else "METHOD /path"
    headers: dict[str, str]
    body: bytes


def _service_of(environ: dict[str, Any]) -> str:
    """The service in the credential scope (KEY/DATE/REGION/SERVICE/aws4_request) of the
    Authorization header, or of a presigned URL's X-Amz-Credential."""
    auth = str(environ.get("HTTP_AUTHORIZATION", ""))
    if "Credential=" in auth:
        return auth.split("Credential=", 1)[1].split("/")[3]
    credential = dict(parse_qsl(str(environ.get("QUERY_STRING", "")))).get("X-Amz-Credential", "")
    return credential.split("/")[3] if credential.count("/") >= 4 else "unsigned"


class RequestLog:
    def __init__(self, app: WsgiApp) -> None:
        self._app = app
        self._lock = threading.Lock()
        self.calls: list[Call] = []

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        size = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(size) if size else b""
        environ["wsgi.input"] = io.BytesIO(body)  # moto reads it again
        target = str(environ.get("HTTP_X_AMZ_TARGET", ""))
        operation = target.rsplit(".", 1)[-1] if target else f"{environ['REQUEST_METHOD']} {environ['PATH_INFO']}"
        headers = {k[5:].replace("_", "-").lower(): str(v) for k, v in environ.items() if k.startswith("HTTP_")}
        with self._lock:
            self.calls.append(Call(_service_of(environ), operation, headers, body))
        return self._app(environ, start_response)

    def of(self, service: str, operation: str | None = None) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if c.service == service and (operation is None or c.operation == operation)]

    def clear(self) -> None:
        with self._lock:
            self.calls.clear()


class MotoEndpoint:
    """Like moto's ThreadedMotoServer (the same application and request handler), with the two
    layers above; `reset()` empties every backend between tests."""

    def __init__(self, credentials: dict[str, str], session_token: str) -> None:
        logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no access log line per request
        self.presigned = PresignedUrlCheck(DomainDispatcherApplication(create_backend_app), credentials, session_token)
        self.log = RequestLog(self.presigned)
        self._server: BaseWSGIServer = make_server(
            "127.0.0.1", 0, self.log, threaded=True, request_handler=MotoRequestHandler
        )
        self._thread = threading.Thread(target=self._server.serve_forever, name="moto", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_port}"

    def start(self) -> MotoEndpoint:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._thread.join()

    def _post(self, path: str, payload: dict[str, Any] | None = None) -> None:
        with requests.Session() as session:
            session.trust_env = False  # straight to loopback, whatever proxy the shell names
            session.post(self.url + path, json=payload, timeout=5).raise_for_status()

    def reset(self) -> None:
        self._post("/moto-api/reset")
        self.log.clear()

    def lambda_answers(self, *results: str, region: str = "us-east-1") -> None:
        """What moto's Docker-free Lambda answers to its next invokes, in order."""
        self._post("/moto-api/static/lambda-simple/response", {"results": list(results), "region": region})

    def configure(self, config: dict[str, Any]) -> None:
        """moto's server-mode configuration, e.g. {"lambda": {"use_docker": False}}."""
        self._post("/moto-api/config", config)
