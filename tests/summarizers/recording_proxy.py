"""A loopback HTTP proxy that records what packlight sends to a model server and what comes back.

Tests point the provider at the proxy, the proxy forwards every POST to the real server
unchanged, and the test reads the exact request body (``requests``) and response body
(``responses``) that crossed the wire.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.summarizers.loopback import LoopbackServer

_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class RecordingProxy(LoopbackServer):
    """Forwards ``http://127.0.0.1:<port>/v1/...`` to ``upstream`` (a ``.../v1`` base URL)."""

    def __init__(self, upstream: str, *, timeout: float = 600.0) -> None:
        self.upstream = upstream.rstrip("/").removesuffix("/v1")
        self.timeout = timeout
        self.requests: list[dict[str, Any]] = []
        self.responses: list[dict[str, Any]] = []
        super().__init__(self._handler())

    @property
    def base_url(self) -> str:
        return f"{self.root_url}/v1"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                proxy.requests.append(json.loads(raw or b"{}"))
                forward = urllib.request.Request(
                    proxy.upstream + self.path,
                    data=raw,
                    headers={"Content-Type": "application/json"},
                    method="POST",
                )
                try:
                    with _DIRECT.open(forward, timeout=proxy.timeout) as answer:
                        status, body = answer.status, answer.read()
                except urllib.error.HTTPError as error:
                    status, body = error.code, error.read()
                try:
                    proxy.responses.append(json.loads(body))
                except ValueError:
                    proxy.responses.append({"_raw": body.decode("utf-8", "replace")})
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        return Handler
