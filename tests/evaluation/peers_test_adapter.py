"""A stdlib-only adapter for runners/_serve.py, to test the serve loop without a peer venv."""

from __future__ import annotations

import os
import socket
from typing import Any


def do_connect(request: dict[str, Any]) -> dict[str, Any]:
    """Try to reach ``host:port``; report how it failed."""
    try:
        socket.create_connection((request["host"], int(request["port"])), timeout=5).close()
    except OSError as exc:
        return {"reached": False, "error": f"{type(exc).__name__}: {exc}"}
    return {"reached": True}


def do_connect_ip(request: dict[str, Any]) -> dict[str, Any]:
    """Connect to an IP address directly (no DNS lookup involved)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.connect((request["host"], int(request["port"])))
    except OSError as exc:
        return {"reached": False, "error": f"{type(exc).__name__}: {exc}"}
    finally:
        sock.close()
    return {"reached": True}


def do_environment(request: dict[str, Any]) -> dict[str, Any]:
    print("noise on stdout must not reach the protocol channel")
    return {"env": dict(os.environ)}


def do_fail(request: dict[str, Any]) -> dict[str, Any]:
    raise ValueError("the adapter failed on purpose")


def ready() -> dict[str, Any]:
    return {"peer": "test-adapter"}


OPERATIONS = {
    "connect": do_connect,
    "connect_ip": do_connect_ip,
    "environment": do_environment,
    "fail": do_fail,
}
