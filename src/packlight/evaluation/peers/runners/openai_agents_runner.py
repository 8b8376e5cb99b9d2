"""Adapter for the OpenAI Agents SDK's ``ToolOutputTrimmer``, served by ``_serve.py`` in the
SDK's venv.

``agents.extensions.ToolOutputTrimmer`` is a ``call_model_input_filter``: the runner calls it
with ``CallModelData(model_data=ModelInputData(input=items, instructions=...))`` right before
each model call, as ``Runner.run`` does, and sends what it returns. Items are Responses API
input items (packlight converts from and to them). No model is involved.

Operations::

    trim  {items, instructions, recent_turns, max_output_chars, preview_chars}
          -> {changed, items, seconds, info}
"""

from __future__ import annotations

import importlib
import time
from importlib.metadata import PackageNotFoundError, version
from typing import Any

_t0 = time.perf_counter()
_extensions: Any = importlib.import_module("agents.extensions")
_run_config: Any = importlib.import_module("agents.run_config")
IMPORT_SECONDS = time.perf_counter() - _t0

_TRIMMERS: dict[tuple[int, int, int], Any] = {}


def do_trim(request: dict[str, Any]) -> dict[str, Any]:
    key = (
        int(request["recent_turns"]),
        int(request["max_output_chars"]),
        int(request["preview_chars"]),
    )
    trimmer = _TRIMMERS.get(key)
    if trimmer is None:
        trimmer = _TRIMMERS[key] = _extensions.ToolOutputTrimmer(
            recent_turns=key[0], max_output_chars=key[1], preview_chars=key[2]
        )
    items = request["items"]
    model_data = _run_config.ModelInputData(input=items, instructions=request.get("instructions"))
    # The trimmer reads only ``model_data``; there is no agent or run context to give it.
    data = _run_config.CallModelData(model_data=model_data, agent=None, context=None)
    started = time.perf_counter()
    result = trimmer(data)
    seconds = time.perf_counter() - started
    out = list(result.input)
    trimmed = sum(1 for before, after in zip(items, out, strict=False) if before is not after)
    return {
        "ok": True,
        "changed": trimmed > 0 or len(out) != len(items),
        "items": out,
        "seconds": seconds,
        "info": {"trimmed_outputs": trimmed},
    }


def ready() -> dict[str, Any]:
    warm = [
        {"role": "user", "content": "hi"},
        {"type": "function_call", "call_id": "c1", "name": "bash", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "x" * 2000},
        {"role": "user", "content": "again"},
        {"role": "user", "content": "and again"},
    ]
    do_trim({"items": warm, "recent_turns": 2, "max_output_chars": 500, "preview_chars": 200})
    try:
        sdk_version = version("openai-agents")
    except PackageNotFoundError:
        sdk_version = "unknown"
    return {
        "peer": "openai-agents",
        "openai_agents_version": sdk_version,
        "import_seconds": IMPORT_SECONDS,
    }


OPERATIONS = {"trim": do_trim}
