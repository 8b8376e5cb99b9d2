"""The inspector served by a real uvicorn on loopback, and a headless Chromium to look at it."""

from __future__ import annotations

import shutil
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# One definition of the browser for every browser test (the eval report's and these).
from tests.evaluation.browser import CHROMIUM, CHROMIUM_ARGS, chromium_missing

__all__ = ["CHROMIUM_ARGS", "browser", "chromium_missing", "serving"]


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """Run ``app`` on a free loopback port until the block ends; yields its base URL."""
    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    # Wait for the listening socket (bounded: a server that never starts fails the caller).
    for _ in range(500):
        if server.started:
            break
        threading.Event().wait(0.01)
    else:
        server.should_exit = True
        raise RuntimeError("uvicorn did not start within 5 seconds")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def browser() -> Iterator[Any]:
    """A headless Debian Chromium driven by Playwright (no browser download)."""
    from playwright.sync_api import sync_playwright

    executable = str(CHROMIUM) if CHROMIUM.exists() else shutil.which("chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()
