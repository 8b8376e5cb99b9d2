"""The inspector served by a real uvicorn on loopback, and a headless Chromium to look at it."""

from __future__ import annotations

import shutil
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here (``None``: they can)."""
    if not CHROMIUM.exists() and shutil.which("chromium") is None:
        return (
            "Debian's chromium is not installed at /usr/bin/chromium (python3 dev.py test "
            "installs it with apt-get when run as root)"
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright for Python is not installed (pip install playwright)"
    return None


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
