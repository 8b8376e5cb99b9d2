"""The upstream behind a proxy named by the environment, as the SDKs and httpx honour it: a
real HTTP server on loopback plays the proxy (it answers what it is asked for itself and
records the request line, which names the whole upstream URL when it comes through a proxy)."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest

from packlight.gateway.errors import GatewayError
from packlight.gateway.upstream import Upstream

UPSTREAM = "http://upstream.test:8080/v1"


class _Proxy(BaseHTTPRequestHandler):
    asked: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        type(self).asked.append(self.path)
        body = json.dumps({"object": "list", "data": [{"id": "through-the-proxy"}]}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def proxy() -> Iterator[str]:
    _Proxy.asked = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Proxy)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


async def _models(upstream: Upstream) -> Any:
    try:
        answer = await upstream.get("/v1/models", {})
        return answer.status_code, json.loads(answer.content)
    finally:
        await upstream.close()


def test_requests_go_through_the_proxy_the_environment_names(
    proxy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HTTP_PROXY", proxy)
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    status, body = asyncio.run(_models(Upstream(UPSTREAM, timeout=5, connect_timeout=5)))
    assert status == 200
    assert body["data"][0]["id"] == "through-the-proxy"
    assert _Proxy.asked == ["http://upstream.test:8080/v1/models"]


def test_no_proxy_sends_the_host_it_names_direct(
    proxy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as sock:  # a loopback port with nothing listening
        sock.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{sock.getsockname()[1]}/v1"
    monkeypatch.setenv("HTTP_PROXY", proxy)
    monkeypatch.setenv("NO_PROXY", "localhost,127.0.0.1")
    # Direct to the closed port: unreachable, and the proxy was not asked.
    with pytest.raises(GatewayError) as caught:
        asyncio.run(_models(Upstream(closed, timeout=5, connect_timeout=5)))
    assert caught.value.status == 502
    assert _Proxy.asked == []
