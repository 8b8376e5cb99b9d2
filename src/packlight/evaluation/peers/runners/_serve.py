"""Serve one peer adapter over JSON lines, offline, inside the peer's own virtualenv.

Started by :class:`packlight.evaluation.peers._subprocess.RunnerProcess` as::

    PEER_VENV/bin/python -I _serve.py ADAPTER.py

It must never import packlight (which is not installed in the peer's virtualenv) and uses
only the standard library. In order, it

1. gives the process a private HOME (``PACKLIGHT_RUNNER_SANDBOX``, made by the parent) and
   removes every API-key, token and base-URL variable, so the peer finds no credentials;
2. blocks the network: every AF_INET/AF_INET6 ``connect`` and every DNS lookup fails at once
   and is counted, so a peer that tries to call a model can neither reach one nor hang;
3. keeps the real stdout for protocol lines only (anything printed goes to stderr, which the
   parent logs to a file);
4. loads the adapter by path (it imports its peer package at load time), sends
   ``{"type": "ready", ...}`` with what ``adapter.ready()`` returns, then answers each request
   line ``{"id": N, "op": ..., ...}`` with one line carrying the same ``id``, ``ok``, ``error``
   and ``network_blocked`` (connection attempts refused while the request ran).

``ping`` and ``shutdown`` are built in; every other op is looked up in ``adapter.OPERATIONS``.
"""

from __future__ import annotations

import atexit
import errno
import importlib.util
import json
import logging
import os
import shutil
import socket
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, cast

PROTOCOL_VERSION = 1

Operation = Callable[[dict[str, Any]], dict[str, Any]]

# Nothing below runs on import: importing this module (a test, a tool walking the package)
# must not patch sockets or take over stdout in the importing process.

_SECRET_SUFFIXES = ("_API_KEY", "_TOKEN", "_BASE_URL", "_SECRET", "_ENDPOINT")
_PROVIDER_PREFIXES = (
    "OPENAI",
    "ANTHROPIC",
    "OPENROUTER",
    "NOUS",
    "AWS_",
    "AZURE",
    "GOOGLE",
    "GEMINI",
    "LANGCHAIN",
    "LANGSMITH",
)


def enter_sandbox() -> Path:
    """A private HOME and no credentials (the parent passes the sandbox it made and removes;
    run by hand, the runner makes its own)."""
    if os.environ.get("PACKLIGHT_RUNNER_SANDBOX"):
        sandbox = Path(os.environ["PACKLIGHT_RUNNER_SANDBOX"])
    else:
        sandbox = Path(tempfile.mkdtemp(prefix="packlight-runner-"))
        atexit.register(shutil.rmtree, sandbox, ignore_errors=True)
        os.environ["PACKLIGHT_RUNNER_SANDBOX"] = str(sandbox)
    (sandbox / "home").mkdir(parents=True, exist_ok=True)
    for key in list(os.environ):
        upper = key.upper()
        if upper.endswith(_SECRET_SUFFIXES) or upper.startswith(_PROVIDER_PREFIXES):
            del os.environ[key]
    os.environ["HOME"] = str(sandbox / "home")
    # Tracing and telemetry that some SDKs switch on by default; the guard would refuse
    # them anyway, but then they retry and log.
    os.environ["LANGCHAIN_TRACING_V2"] = "false"
    os.environ["LANGSMITH_TRACING"] = "false"
    os.environ["OPENAI_AGENTS_DISABLE_TRACING"] = "1"
    return sandbox


BLOCKED: list[str] = []
_INET_FAMILIES = (socket.AF_INET, socket.AF_INET6)
_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


def _guarded_connect(self: socket.socket, address: Any) -> None:
    if self.family in _INET_FAMILIES:
        BLOCKED.append(f"connect {address!r}")
        raise ConnectionRefusedError(f"network disabled by packlight's runner: {address!r}")
    _real_connect(self, address)


def _guarded_connect_ex(self: socket.socket, address: Any) -> int:
    if self.family in _INET_FAMILIES:
        BLOCKED.append(f"connect_ex {address!r}")
        return errno.ECONNREFUSED
    return _real_connect_ex(self, address)


def _guarded_lookup(host: Any, *args: Any, **kwargs: Any) -> Any:
    BLOCKED.append(f"lookup {host!r}")
    raise socket.gaierror(socket.EAI_NONAME, f"DNS disabled by packlight's runner: {host!r}")


def block_network() -> None:
    """Every AF_INET/AF_INET6 connect and every DNS lookup fails at once and is counted."""
    socket.socket.connect = _guarded_connect  # type: ignore[method-assign,assignment]
    socket.socket.connect_ex = _guarded_connect_ex  # type: ignore[method-assign,assignment]
    socket.getaddrinfo = _guarded_lookup
    socket.gethostbyname = _guarded_lookup
    socket.gethostbyname_ex = _guarded_lookup


log = logging.getLogger("packlight_runner")


def take_stdout() -> IO[bytes]:
    """The protocol channel: the real stdout, kept for protocol lines; anything else printed
    from now on goes to stderr."""
    channel = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    logging.basicConfig(
        level=os.environ.get("PACKLIGHT_RUNNER_LOG_LEVEL", "WARNING").upper(),
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    return channel


def send(channel: IO[bytes], obj: dict[str, Any]) -> None:
    channel.write(json.dumps(obj, default=str).encode("ascii") + b"\n")


def load_adapter(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"packlight_adapter_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load adapter {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: _serve.py ADAPTER.py", file=sys.stderr)
        return 2
    enter_sandbox()
    block_network()
    channel = take_stdout()
    adapter = load_adapter(Path(argv[1]))
    operations = cast(dict[str, Operation], adapter.OPERATIONS)
    ready = cast(dict[str, Any], adapter.ready())
    send(
        channel,
        {
            **ready,
            "type": "ready",
            "protocol": PROTOCOL_VERSION,
            "python": sys.version.split()[0],
            "network_blocked": len(BLOCKED),
        },
    )
    for raw in sys.stdin.buffer:
        if not raw.strip():
            continue
        request_id: Any = None
        BLOCKED.clear()
        try:
            request = json.loads(raw)
            request_id = request.get("id")
            op = request.get("op")
            if op == "shutdown":
                send(channel, {"id": request_id, "ok": True, "error": None})
                return 0
            if op == "ping":
                response: dict[str, Any] = {"ok": True}
            elif op in operations:
                response = operations[op](request)
            else:
                response = {"ok": False, "error": f"unknown op {op!r}"}
        except Exception as exc:
            log.error("request %s failed\n%s", request_id, traceback.format_exc())
            response = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        response.setdefault("ok", True)
        response.setdefault("error", None)
        response["id"] = request_id
        response["network_blocked"] = len(BLOCKED)
        response["network_blocked_sample"] = BLOCKED[:5]
        send(channel, response)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
