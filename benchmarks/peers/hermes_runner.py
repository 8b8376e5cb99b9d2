"""Runs Hermes' ContextCompressor for packlight's benchmarks, inside .venv-hermes.

This script is started by ``benchmarks/peers/hermes.py`` (``HermesPeer``) with the
``.venv-hermes`` interpreter. It must never import packlight: Hermes is used strictly as a
black box, through its public constructor and ``compress`` / ``should_compress`` methods.

Protocol: one JSON object per line. The runner writes ``{"type": "ready", ...}`` once Hermes
is imported and warmed up, then answers each request line on stdin with one response line on
stdout. Everything else (Hermes' logging, stray prints) goes to stderr.

Requests::

    {"id": 1, "op": "compress", "messages": [...], "context_window": 32000,
     "model": "gpt-4o", "focus": null, "fresh": true}
    {"id": 2, "op": "should_compress", "messages": [...], "context_window": 32000,
     "model": "gpt-4o", "tools": null}
    {"id": 3, "op": "ping"}
    {"id": 4, "op": "shutdown"}

Responses carry ``id``, ``ok`` and ``error``; ``compress`` adds ``messages`` (what Hermes
returned), ``seconds`` (wall time of ``ContextCompressor.compress`` alone), ``path`` and
``info``; ``should_compress`` adds ``seconds``, ``decision``, ``tokens`` and ``threshold_tokens``.

Offline by construction: Hermes gets a private, empty HOME and HERMES_HOME (so it finds no
credentials and no configured provider), no API-key variables, lazy installs disabled, and
every AF_INET/AF_INET6 connect and DNS lookup in this process fails at once, so a summary
call that Hermes might attempt cannot reach anything or hang.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import shutil
import socket
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

PROTOCOL_VERSION = 1
HERMES_DIST = "hermes-agent"

# --- private home ----------------------------------------------------------------------------

# The parent passes a directory it created (and removes); run by hand, the runner makes its
# own. Either way Hermes never sees the user's real ~/.hermes, ~/.codex, ... or API keys.
if os.environ.get("PACKLIGHT_HERMES_SANDBOX"):
    _SANDBOX = Path(os.environ["PACKLIGHT_HERMES_SANDBOX"])
else:
    _SANDBOX = Path(tempfile.mkdtemp(prefix="hermes-runner-"))
    atexit.register(shutil.rmtree, _SANDBOX, ignore_errors=True)
_HOME = _SANDBOX / "home"
_HERMES_HOME = _SANDBOX / "hermes-home"
_HOME.mkdir(parents=True, exist_ok=True)
_HERMES_HOME.mkdir(parents=True, exist_ok=True)

_CONFIG_YAML = """\
# Written by packlight's hermes_runner.py: no model, no provider, short timeouts.
auxiliary:
  compression:
    provider: auto
    model: ""
    base_url: ""
    api_key: ""
    timeout: 5
security:
  allow_lazy_installs: false
compression:
  abort_on_summary_failure: false
"""
(_HERMES_HOME / "config.yaml").write_text(_CONFIG_YAML, encoding="utf-8")

for _key in list(os.environ):
    _upper = _key.upper()
    if _upper.endswith(("_API_KEY", "_TOKEN", "_BASE_URL", "_SECRET")) or _upper.startswith(
        ("OPENAI", "ANTHROPIC", "OPENROUTER", "NOUS", "AWS_", "AZURE", "GOOGLE", "GEMINI")
    ):
        del os.environ[_key]
os.environ["HOME"] = str(_HOME)
os.environ["HERMES_HOME"] = str(_HERMES_HOME)
os.environ["HERMES_DISABLE_LAZY_INSTALLS"] = "1"

# --- network guard ---------------------------------------------------------------------------

_BLOCKED: list[str] = []
_INET_FAMILIES = (socket.AF_INET, socket.AF_INET6)
_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


def _guarded_connect(self: socket.socket, address: Any) -> None:
    if self.family in _INET_FAMILIES:
        _BLOCKED.append(f"connect {address!r}")
        raise ConnectionRefusedError(f"network disabled by packlight's runner: {address!r}")
    _real_connect(self, address)


def _guarded_connect_ex(self: socket.socket, address: Any) -> int:
    if self.family in _INET_FAMILIES:
        _BLOCKED.append(f"connect_ex {address!r}")
        import errno

        return errno.ECONNREFUSED
    return _real_connect_ex(self, address)


def _guarded_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
    _BLOCKED.append(f"getaddrinfo {host!r}")
    raise socket.gaierror(socket.EAI_NONAME, f"DNS disabled by packlight's runner: {host!r}")


socket.socket.connect = _guarded_connect  # type: ignore[method-assign]
socket.socket.connect_ex = _guarded_connect_ex  # type: ignore[method-assign]
socket.getaddrinfo = _guarded_getaddrinfo

# --- protocol channel ------------------------------------------------------------------------

# Keep the real stdout for protocol lines only; anything else that prints goes to stderr.
_PROTO = os.fdopen(os.dup(1), "wb", buffering=0)
os.dup2(2, 1)
sys.stdout = sys.stderr

logging.basicConfig(
    level=os.environ.get("PACKLIGHT_HERMES_LOG_LEVEL", "WARNING").upper(),
    stream=sys.stderr,
    format="%(asctime)s %(levelname)s %(name)s: %(message)s",
)
log = logging.getLogger("hermes_runner")


def _send(obj: dict[str, Any]) -> None:
    _PROTO.write(json.dumps(obj, default=str).encode("ascii") + b"\n")


# --- Hermes ----------------------------------------------------------------------------------

_t0 = time.perf_counter()
from agent.context_compressor import ContextCompressor  # noqa: E402
from agent.model_metadata import (  # noqa: E402
    estimate_messages_tokens_rough,
    estimate_request_tokens_rough,
)

IMPORT_SECONDS = time.perf_counter() - _t0


def _hermes_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(HERMES_DIST)
    except PackageNotFoundError:
        return "unknown"


def make_compressor(context_window: int, model: str) -> ContextCompressor:
    """The compressor a default Hermes agent builds, minus any model or provider.

    Mirrors ``agent/agent_init.py`` with the default ``compression`` config (threshold 0.50,
    protect_first_n 3, protect_last_n 20, target_ratio 0.20, abort_on_summary_failure False)
    and ``model.context_length`` = ``context_window``, which Hermes' ``get_model_context_length``
    returns before any metadata lookup or probe.
    """
    return ContextCompressor(
        model=model,
        threshold_percent=0.50,
        protect_first_n=3,
        protect_last_n=20,
        summary_target_ratio=0.20,
        quiet_mode=True,
        summary_model_override=None,
        base_url="",
        api_key="",
        config_context_length=int(context_window),
        provider="",
        api_mode="",
        abort_on_summary_failure=False,
        max_tokens=None,
    )


def _path_taken(compressor: Any, before: list[Any], after: list[Any]) -> str:
    if getattr(compressor, "_last_compress_aborted", False):
        return "aborted"
    if getattr(compressor, "_last_summary_fallback_used", False):
        return "static_fallback"
    if after is before or not getattr(compressor, "_last_compression_made_progress", True):
        return "noop"
    return "llm_summary"


# Compressors kept across requests when a request says "fresh": false, keyed by window/model.
_SESSIONS: dict[tuple[int, str], ContextCompressor] = {}


def do_compress(req: dict[str, Any]) -> dict[str, Any]:
    messages = req["messages"]
    window = int(req["context_window"])
    model = str(req.get("model") or "gpt-4o")
    focus = req.get("focus")

    t = time.perf_counter()
    if req.get("fresh", True):
        compressor = make_compressor(window, model)
    else:
        # Like one long-lived agent: after its first failed summary attempt Hermes sets a
        # 600 s cooldown, and later compactions go straight to the static fallback.
        compressor = _SESSIONS.get((window, model)) or make_compressor(window, model)
        _SESSIONS[(window, model)] = compressor
    ctor_seconds = time.perf_counter() - t
    cooldown = getattr(compressor, "_summary_failure_cooldown_until", 0.0) > time.monotonic()

    rough_in = estimate_messages_tokens_rough(messages)
    _BLOCKED.clear()
    t = time.perf_counter()
    out = compressor.compress(messages, focus_topic=focus)
    seconds = time.perf_counter() - t
    blocked = list(_BLOCKED)

    info = {
        "constructor_seconds": ctor_seconds,
        "fresh_compressor": bool(req.get("fresh", True)),
        "summary_skipped_by_cooldown": cooldown,
        "context_length": compressor.context_length,
        "threshold_tokens": compressor.threshold_tokens,
        "threshold_percent": compressor.threshold_percent,
        "tail_token_budget": compressor.tail_token_budget,
        "rough_tokens_in": rough_in,
        "rough_tokens_out": estimate_messages_tokens_rough(out),
        "dropped_count": getattr(compressor, "_last_summary_dropped_count", None),
        "summary_error": getattr(compressor, "_last_summary_error", None),
        "savings_pct": getattr(compressor, "_last_compression_savings_pct", None),
        "blocked_network_attempts": len(blocked),
        "blocked_network_sample": blocked[:5],
    }
    return {
        "ok": True,
        "messages": out,
        "seconds": seconds,
        "path": _path_taken(compressor, messages, out),
        "info": info,
    }


def do_should_compress(req: dict[str, Any]) -> dict[str, Any]:
    messages = req["messages"]
    compressor = make_compressor(int(req["context_window"]), str(req.get("model") or "gpt-4o"))
    tools = req.get("tools") or None
    # What the agent loop does before each API call: a rough request estimate (messages plus
    # tool schemas), then should_compress() against the threshold.
    t = time.perf_counter()
    tokens = estimate_request_tokens_rough(messages, tools=tools)
    decision = compressor.should_compress(tokens)
    seconds = time.perf_counter() - t
    return {
        "ok": True,
        "seconds": seconds,
        "decision": bool(decision),
        "tokens": tokens,
        "threshold_tokens": compressor.threshold_tokens,
    }


def _warmup() -> dict[str, Any]:
    """One compress on a synthetic transcript, so lazy imports (the auxiliary client, plugin
    discovery) are paid here rather than by the first timed request."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "Fix the failing test in pkg/mod.py."},
    ]
    for i in range(30):
        call_id = f"warm_{i}"
        messages.append(
            {
                "role": "assistant",
                "content": f"Step {i}: look at the next file.",
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": "bash", "arguments": json.dumps({"command": "ls"})},
                    }
                ],
            }
        )
        messages.append({"role": "tool", "tool_call_id": call_id, "content": "x " * 4000})
    messages.append({"role": "user", "content": "Continue."})
    result = do_compress({"messages": messages, "context_window": 32000, "model": "gpt-4o"})
    return {"seconds": result["seconds"], "path": result["path"], "info": result["info"]}


def main() -> int:
    warmup = _warmup()
    _send(
        {
            "type": "ready",
            "protocol": PROTOCOL_VERSION,
            "hermes_version": _hermes_version(),
            "python": sys.version.split()[0],
            "import_seconds": IMPORT_SECONDS,
            "warmup": warmup,
            "hermes_home": str(_HERMES_HOME),
        }
    )
    for raw in sys.stdin.buffer:
        if not raw.strip():
            continue
        req_id: Any = None
        try:
            req = json.loads(raw)
            req_id = req.get("id")
            op = req.get("op")
            if op == "compress":
                resp = do_compress(req)
            elif op == "should_compress":
                resp = do_should_compress(req)
            elif op == "ping":
                resp = {"ok": True}
            elif op == "shutdown":
                _send({"id": req_id, "ok": True, "error": None})
                return 0
            else:
                resp = {"ok": False, "error": f"unknown op {op!r}"}
        except Exception as exc:
            log.error("request %s failed\n%s", req_id, traceback.format_exc())
            resp = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        resp.setdefault("error", None)
        resp["id"] = req_id
        _send(resp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
