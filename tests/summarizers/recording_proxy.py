"""A loopback HTTP proxy that records what packlight sends to a model server and what comes back.

Tests point the provider at the proxy, the proxy forwards every POST to the real server
unchanged, and the test reads the exact request body (``requests``) and response body
(``responses``) that crossed the wire.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class RecordingProxy:
    """Forwards ``http://127.0.0.1:<port>/v1/...`` to ``upstream`` (a ``.../v1`` base URL)."""

    def __init__(self, upstream: str, *, timeout: float = 600.0) -> None:
        self.upstream = upstream.rstrip("/").removesuffix("/v1")
        self.timeout = timeout
        self.requests: list[dict[str, Any]] = []
        self.responses: list[dict[str, Any]] = []
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def __enter__(self) -> RecordingProxy:
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

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
