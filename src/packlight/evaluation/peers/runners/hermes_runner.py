"""Adapter for hermes-agent's ``ContextCompressor``, served by ``_serve.py`` in Hermes' venv.

Hermes is used strictly as a black box, through its public constructor and its
``compress`` / ``should_compress`` methods and the token estimators the agent loop calls.
Loading this file configures Hermes for offline use before importing it: a private, empty
``HERMES_HOME`` whose ``config.yaml`` names no model or provider and sets short timeouts,
lazy installs disabled. With no provider to find, Hermes' summary call fails at once ("no
auxiliary LLM provider configured") and it falls back to its own static handoff; the network
guard in ``_serve.py`` is the backstop.

Operations (each request also carries ``id`` and ``op``)::

    compress         {messages, context_window, model, focus, fresh, trace_memory}
                     -> {messages, seconds, path, info (with cpu_seconds, peak_bytes)}
    should_compress  {messages, context_window, model, tools}
                     -> {seconds, decision, tokens, threshold_tokens}
    prepare          {messages, context_window, model, threshold, force, overflow}
                     -> {compacted, messages (only when compacted), seconds, path, info}
    reset            {} -> {}

``compress`` and ``should_compress`` serve the benchmarks (a fresh compressor per call unless
``fresh`` is false). ``prepare`` serves ``packlight eval``: one compressor per trajectory, as
one long-lived Hermes agent has, asked before every model call the way Hermes' agent loop
asks (rough request estimate, then ``should_compress``); ``reset`` starts a new trajectory.
"""

from __future__ import annotations

import importlib
import json
import os
import time
import tracemalloc
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

HERMES_DIST = "hermes-agent"

_SANDBOX = Path(os.environ["PACKLIGHT_RUNNER_SANDBOX"])
HERMES_HOME = _SANDBOX / "hermes-home"
HERMES_HOME.mkdir(parents=True, exist_ok=True)
(HERMES_HOME / "config.yaml").write_text(
    """\
# Written by packlight's hermes runner: no model, no provider, short timeouts.
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
""",
    encoding="utf-8",
)
os.environ["HERMES_HOME"] = str(HERMES_HOME)
os.environ["HERMES_DISABLE_LAZY_INSTALLS"] = "1"

_t0 = time.perf_counter()
_compressor_module: Any = importlib.import_module("agent.context_compressor")
_metadata_module: Any = importlib.import_module("agent.model_metadata")
IMPORT_SECONDS = time.perf_counter() - _t0

ContextCompressor: Any = _compressor_module.ContextCompressor
estimate_messages_tokens_rough: Any = _metadata_module.estimate_messages_tokens_rough
estimate_request_tokens_rough: Any = _metadata_module.estimate_request_tokens_rough

DEFAULT_THRESHOLD = 0.50
"""Hermes' default ``compression.threshold``."""


def hermes_version() -> str:
    try:
        return version(HERMES_DIST)
    except PackageNotFoundError:
        return "unknown"


def make_compressor(context_window: int, model: str, threshold: float = DEFAULT_THRESHOLD) -> Any:
    """The compressor a default Hermes agent builds, minus any model or provider.

    Mirrors ``agent/agent_init.py`` with the default ``compression`` config (threshold 0.50,
    protect_first_n 3, protect_last_n 20, target_ratio 0.20, abort_on_summary_failure False)
    and ``model.context_length`` = ``context_window``, which Hermes' ``get_model_context_length``
    returns before any metadata lookup or probe. Hermes itself raises ``threshold`` for small
    windows (at least 75% under 512K, 85% when its 64K minimum is at least the window).
    """
    return ContextCompressor(
        model=model,
        threshold_percent=float(threshold),
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
    # Hermes reports what it did only through these attributes; reading them is the one
    # place the adapter looks past the public methods, and only to label the outcome.
    if getattr(compressor, "_last_compress_aborted", False):
        return "aborted"
    if getattr(compressor, "_last_summary_fallback_used", False):
        return "static_fallback"
    if after is before or not getattr(compressor, "_last_compression_made_progress", True):
        return "noop"
    return "llm_summary"


def _run_compress(
    compressor: Any, messages: list[Any], focus: str | None, *, trace_memory: bool = False
) -> tuple[list[Any], float, dict[str, Any]]:
    cooldown = getattr(compressor, "_summary_failure_cooldown_until", 0.0) > time.monotonic()
    rough_in = estimate_messages_tokens_rough(messages)
    if trace_memory:
        # Tracing slows the call down: a run that measures memory is not a timed run.
        tracemalloc.start()
    started, started_cpu = time.perf_counter(), time.process_time()
    out = compressor.compress(messages, focus_topic=focus)
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - started_cpu
    peak_bytes = None
    if trace_memory:
        peak_bytes = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    info = {
        "cpu_seconds": cpu_seconds,
        "peak_bytes": peak_bytes,
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
    }
    return list(out), seconds, info


# Compressors kept across requests when a request says "fresh": false, keyed by window/model.
_SESSIONS: dict[tuple[int, str], Any] = {}
# The eval's compressor for the current trajectory (``prepare``), dropped by ``reset``.
_EVAL: dict[tuple[int, str, float], Any] = {}


def do_compress(request: dict[str, Any]) -> dict[str, Any]:
    messages = request["messages"]
    window = int(request["context_window"])
    model = str(request.get("model") or "gpt-4o")
    fresh = bool(request.get("fresh", True))
    started = time.perf_counter()
    if fresh:
        compressor = make_compressor(window, model)
    else:
        # Like one long-lived agent: after its first failed summary attempt Hermes sets a
        # 600 s cooldown, and later compactions go straight to the static fallback.
        compressor = _SESSIONS.get((window, model)) or make_compressor(window, model)
        _SESSIONS[(window, model)] = compressor
    constructor_seconds = time.perf_counter() - started
    out, seconds, info = _run_compress(
        compressor, messages, request.get("focus"), trace_memory=bool(request.get("trace_memory"))
    )
    info = {"constructor_seconds": constructor_seconds, "fresh_compressor": fresh, **info}
    return {
        "ok": True,
        "messages": out,
        "seconds": seconds,
        "path": _path_taken(compressor, messages, out),
        "info": info,
    }


def do_should_compress(request: dict[str, Any]) -> dict[str, Any]:
    messages = request["messages"]
    compressor = make_compressor(
        int(request["context_window"]), str(request.get("model") or "gpt-4o")
    )
    tools = request.get("tools") or None
    # What the agent loop does before each API call: a rough request estimate (messages plus
    # tool schemas), then should_compress() against the threshold.
    started = time.perf_counter()
    tokens = estimate_request_tokens_rough(messages, tools=tools)
    decision = compressor.should_compress(tokens)
    seconds = time.perf_counter() - started
    return {
        "ok": True,
        "seconds": seconds,
        "decision": bool(decision),
        "tokens": tokens,
        "threshold_tokens": compressor.threshold_tokens,
    }


def do_prepare(request: dict[str, Any]) -> dict[str, Any]:
    messages = request["messages"]
    key = (
        int(request["context_window"]),
        str(request.get("model") or "gpt-4o"),
        float(request.get("threshold") or DEFAULT_THRESHOLD),
    )
    compressor = _EVAL.get(key)
    if compressor is None:
        _EVAL.clear()
        compressor = _EVAL[key] = make_compressor(*key)
    started = time.perf_counter()
    tokens = estimate_request_tokens_rough(messages, tools=None)
    decision = bool(compressor.should_compress(tokens))
    check_seconds = time.perf_counter() - started
    trigger = {
        "rough_request_tokens": tokens,
        "threshold_tokens": compressor.threshold_tokens,
        "should_compress": decision,
        "check_seconds": check_seconds,
    }
    # The replay has no provider to reject an oversized request; the parent says when one
    # would ("overflow"), and the runner answers as Hermes' agent loop answers a
    # context-length error: compress() regardless of should_compress(), whose cooldown after
    # a failed summary would otherwise hold every later compaction back for 600 s.
    if decision:
        trigger["reason"] = "threshold"
    elif request.get("force"):
        trigger["reason"] = "force"
    elif request.get("overflow"):
        trigger["reason"] = "provider_overflow"
    else:
        return {"ok": True, "compacted": False, "seconds": check_seconds, "info": trigger}
    out, seconds, info = _run_compress(compressor, messages, None)
    path = _path_taken(compressor, messages, out)
    return {
        "ok": True,
        "compacted": path != "noop" and out != messages,
        "messages": out,
        "seconds": check_seconds + seconds,
        "path": path,
        "info": {**trigger, **info},
    }


def do_reset(request: dict[str, Any]) -> dict[str, Any]:
    _EVAL.clear()
    _SESSIONS.clear()
    return {"ok": True}


def _warmup() -> dict[str, Any]:
    """One compress on a synthetic transcript, so lazy imports (the auxiliary client, plugin
    discovery) are paid here rather than by the first timed request."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "Fix the failing test in pkg/mod.py."},
    ]
    for i in range(30):
        call_id = f"warm_{i}"
        call = {"name": "bash", "arguments": json.dumps({"command": "ls"})}
        messages.append(
            {
                "role": "assistant",
                "content": f"Step {i}: look at the next file.",
                "tool_calls": [{"id": call_id, "type": "function", "function": call}],
            }
        )
        messages.append({"role": "tool", "tool_call_id": call_id, "content": "x " * 4000})
    messages.append({"role": "user", "content": "Continue."})
    result = do_compress({"messages": messages, "context_window": 32000, "model": "gpt-4o"})
    return {"seconds": result["seconds"], "path": result["path"], "info": result["info"]}


def ready() -> dict[str, Any]:
    return {
        "peer": "hermes",
        "hermes_version": hermes_version(),
        "import_seconds": IMPORT_SECONDS,
        "warmup": _warmup(),
        "hermes_home": str(HERMES_HOME),
    }


OPERATIONS = {
    "compress": do_compress,
    "should_compress": do_should_compress,
    "prepare": do_prepare,
    "reset": do_reset,
}
