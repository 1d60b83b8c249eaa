"""The local HTTP API: a threading HTTP server on 127.0.0.1 in front of LocalGateway."""

from __future__ import annotations

import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from engram.local.gateway import LocalGateway

logger = logging.getLogger(__name__)


def make_server(gateway: LocalGateway, host: str = "127.0.0.1", port: int = 8080) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body go out in two writes; without TCP_NODELAY the client's delayed ACK adds ~40 ms.
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:
            logger.debug("%s - %s", self.address_string(), format % args)

        def _serve(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            body = self.rfile.read(length) if length else None
            try:
                resp = gateway.handle(self.command, self.path, dict(self.headers.items()), body)
            except Exception:  # the handler maps errors itself; this is the gateway's own 500
                logger.exception("gateway failure")
                self.send_response(500)
                self.send_header("content-type", "application/json")
                payload = b'{"error":{"code":"INTERNAL_ERROR","message":"internal error","details":{}}}'
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
                return
            self.send_response(resp.status)
            for name, value in resp.headers.items():
                if name not in ("content-length", "transfer-encoding", "connection"):
                    self.send_header(name, value)
            self.send_header("content-length", str(len(resp.body)))
            self.end_headers()
            if self.command != "HEAD":  # a HEAD answer carries no body
                self.wfile.write(resp.body)

        # Every method reaches the gateway, as API Gateway's ANY routes send every method to the
        # function: the handler answers one a path does not have with 405 and that path's Allow.
        def __getattr__(self, name: str) -> Any:
            if name.startswith("do_"):  # GET, HEAD, OPTIONS, TRACE, QUERY, PROPFIND, ...
                return self._serve
            raise AttributeError(name)

    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    return server


def serve_in_background(server: ThreadingHTTPServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, name="local-api", daemon=True)
    thread.start()
    return thread
