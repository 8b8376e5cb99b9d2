"""Running the gateway for a test: a real uvicorn server on a loopback port, in a thread."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from packlight.config import load_settings
from packlight.gateway import create_app
from packlight.store.base import SessionStore


class RunningGateway:
    def __init__(self, app: Any, port: int) -> None:
        self.app = app
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.openai_url = f"{self.url}/v1"

    @property
    def gateway(self) -> Any:
        return self.app.state.gateway


def wait_until_warm(running: RunningGateway, timeout: float = 120.0) -> None:
    """Until the gateway's warm-up is over (its compaction workers have started: seconds on
    a loaded machine), as a load balancer waits for ``/healthz``."""
    deadline = time.monotonic() + timeout
    while not running.gateway.warmed:
        if time.monotonic() > deadline:
            raise RuntimeError("the gateway did not finish its warm-up")
        time.sleep(0.05)


def gateway_settings(upstream: str, store: str | Path, **options: Any) -> Any:
    """Settings for a gateway in front of ``upstream`` with its sessions in ``store``;
    ``options`` are dotted setting keys (``gateway.api_keys``)."""
    return load_settings(
        {"gateway.upstream": upstream, "gateway.store": str(store), **options},
        env={},
        config_file=None,
        cwd=Path(store).parent if not str(store).startswith("postgres") else None,
    )


@contextmanager
def serve(settings: Any, *, store: SessionStore | None = None) -> Iterator[RunningGateway]:
    """The gateway app on 127.0.0.1 (a free port), stopped when the block ends."""
    app = create_app(settings, store=store)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the gateway did not start")
        time.sleep(0.01)
    try:
        yield RunningGateway(app, port)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
