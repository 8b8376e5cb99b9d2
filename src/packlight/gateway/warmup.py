"""What the gateway does once before it says it is ready (``GET /healthz``).

Every first use of something a request needs costs that request, and on a loaded process
every request served meanwhile: loading the tokenizer of the model the gateway is set up
for (it holds the interpreter lock for about a second), compiling the model registry's
patterns and importing the engine's modules (about 100 ms), redaction's prefilter, the
store's first connection and statements, and the compaction workers' own start (a
process each, importing and loading the same). All of it is done here, before the first
request, in a worker thread.

Models named only by the requests are not known in advance: a model with another tokenizer
still loads it at its first request (``--model`` names the one to load here).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any

from packlight.config import Settings
from packlight.gateway.apis import read_turn
from packlight.redact import prepare_prefilter
from packlight.session import Session
from packlight.store.base import SessionStore

__all__ = ["warm_up"]

logger = logging.getLogger("packlight.gateway")

WORKERS_TIMEOUT_SECONDS = 120.0
"""How long the warm-up waits for the compaction workers before it gives up on them (they
keep starting; the gateway is ready without them)."""

_HISTORY: list[dict[str, Any]] = [
    {"role": "system", "content": "You are a careful agent."},
    {"role": "user", "content": "Run the tests and fix what fails."},
    {"role": "assistant", "content": "I will run them first."},
    {"role": "user", "content": "Go ahead."},
]


def warm_up(
    settings: Settings,
    store: SessionStore,
    *,
    context_window: int | None,
    workers: Sequence[Future[None]] = (),
) -> None:
    """Load what a request would load at first use (see the module docstring); blocking.
    Nothing is written to the store."""
    started = time.perf_counter()
    model = settings.model
    for api in ("openai", "anthropic"):
        body: dict[str, Any] = {"messages": _HISTORY[1:], "max_tokens": 16}
        if api == "openai":
            body["messages"] = _HISTORY
        else:
            body["system"] = _HISTORY[0]["content"]
        if model:
            body["model"] = model
        turn = read_turn(api, body, settings.live)
        # A session without a store: the engine, its counter and tokenizer, the registry.
        session = Session(settings=settings, model=model, context_window=context_window)
        session.prepare(turn.call.history, turn.call.tools, model=model, max_tokens=16)
    # The store's connection and the statement every request starts with; then the same
    # read as a turn's writes go (PostgreSQL opens the connections of relaxed commits apart,
    # at their first use: not in the middle of the first burst of requests).
    store.find_heads("packlight-warm-up", ["0" * 40])
    with store.relaxed_commits():
        store.find_heads("packlight-warm-up", ["0" * 40])
    # Redaction's prefilter (read from the cache, or compiled: a second and a half once).
    prepare_prefilter()
    for future in workers:
        try:
            future.result(timeout=WORKERS_TIMEOUT_SECONDS)
        except Exception as error:  # the workers report their own failures when used
            logger.warning("a compaction worker did not warm up: %s", type(error).__name__)
    logger.info("warmed up", extra={"seconds": round(time.perf_counter() - started, 3)})
