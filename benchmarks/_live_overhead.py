"""Part B of bench_live: what ``packlight.wrap`` adds to each request of a long agent loop.

A long history (the shared trajectories laid end to end) grows by one message per turn; the
bare and the wrapped ``openai.OpenAI`` send it each turn, interleaved, to an in-process
transport that answers at once. Timed: each request's wall time, the wrapped call's time
outside the SDK's own ``create`` (everything packlight does), and within it the session's
``prepare`` and ``observe``.
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path
from typing import Any, cast

import httpx2
import openai

import packlight
from bench_compress import concatenated
from packlight.tokens import ExactCounter

MAX_TOKENS = 512
OVERHEAD_WINDOW = 20_000_000
"""Large enough that nothing compacts: only the wrapper's own work is timed."""


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile, interpolated between the nearest ranks (0.5: the median)."""
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def canned_completion(model: str, prompt_tokens: int) -> dict[str, Any]:
    return {
        "id": "chatcmpl-canned",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": "ok"},
                "logprobs": None,
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": 1,
            "total_tokens": prompt_tokens + 1,
        },
    }


class Timed:
    """Wraps a session's ``prepare`` and ``observe`` and adds up the time spent in them."""

    def __init__(self, session: packlight.Session) -> None:
        self.prepare_ns = 0
        self.observe_ns = 0
        self.estimate = 1
        prepare, observe = session.prepare, session.observe

        def timed_prepare(*args: Any, **kwargs: Any) -> packlight.Prepared:
            started = time.perf_counter_ns()
            prepared = prepare(*args, **kwargs)
            self.prepare_ns += time.perf_counter_ns() - started
            self.estimate = prepared.estimate
            return prepared

        def timed_observe(usage: object) -> int | None:
            started = time.perf_counter_ns()
            reported = observe(usage)
            self.observe_ns += time.perf_counter_ns() - started
            return reported

        # Instance attributes: the wrapper looks both up on the session at each call.
        setattr(session, "prepare", timed_prepare)  # noqa: B010
        setattr(session, "observe", timed_observe)  # noqa: B010

    def take(self) -> tuple[float, float]:
        """Milliseconds spent in (prepare, observe) since the last take."""
        spent = (self.prepare_ns / 1e6, self.observe_ns / 1e6)
        self.prepare_ns = self.observe_ns = 0
        return spent


def run_overhead(
    data_dir: Path, model: str, tools: list[dict[str, Any]], base: int, turns: int
) -> list[str]:
    """Part B's section of the results (see the module docstring)."""
    messages = cast(list[dict[str, Any]], concatenated(data_dir, base + turns + 10))
    if len(messages) < base + turns:
        sys.exit(f"only {len(messages):,} messages to build {base:,} + {turns} from")
    timed_holder: list[Timed] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        prompt = timed_holder[0].estimate if timed_holder else 1
        return httpx2.Response(200, json=canned_completion(model, prompt))

    def sdk() -> openai.OpenAI:
        return openai.OpenAI(
            api_key="x",
            base_url="http://127.0.0.1:9/v1",
            max_retries=0,
            http_client=httpx2.Client(transport=httpx2.MockTransport(answer)),
        )

    # First use of the SDK, of packlight and of the o200k encoding is no part of either side.
    ExactCounter("o200k_base").count_text("warm up")
    warm_up = [{"role": "user", "content": "warm up"}]
    sdk().chat.completions.create(model=model, messages=cast(Any, warm_up))
    packlight.wrap(sdk(), context_window=OVERHEAD_WINDOW).chat.completions.create(
        model=model, messages=warm_up
    )

    bare = sdk()
    inner = sdk()
    sdk_ns = [0]
    sdk_create = inner.chat.completions.create

    def timed_create(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter_ns()
        try:
            return sdk_create(*args, **kwargs)
        finally:
            sdk_ns[0] += time.perf_counter_ns() - started

    # The wrapper looks ``create`` up on the SDK's resource at each call.
    setattr(inner.chat.completions, "create", timed_create)  # noqa: B010
    wrapped = packlight.wrap(inner, context_window=OVERHEAD_WINDOW)
    timed = Timed(wrapped.packlight)
    timed_holder.append(timed)
    history = list(messages[:base])  # one list, growing, as an agent keeps it

    def call(client: Any) -> float:
        sdk_ns[0] = 0
        started = time.perf_counter_ns()
        client.chat.completions.create(
            model=model, messages=history, tools=tools, max_tokens=MAX_TOKENS
        )
        return (time.perf_counter_ns() - started) / 1e6

    def outside_sdk(total_ms: float) -> float:
        """The wrapped call's time outside the SDK's own ``create``."""
        return total_ms - sdk_ns[0] / 1e6

    gc.collect()
    cold_bare = call(bare)
    cold_wrapped = call(wrapped)
    cold_outside = outside_sdk(cold_wrapped)
    cold_prepare, cold_observe = timed.take()
    bare_ms: list[float] = []
    wrapped_ms: list[float] = []
    outside_ms: list[float] = []
    prepare_ms: list[float] = []
    observe_ms: list[float] = []
    for turn, message in enumerate(messages[base : base + turns]):
        history.append(message)
        if turn % 2:  # interleaved, each side first every other turn
            wrapped_ms.append(call(wrapped))
            outside_ms.append(outside_sdk(wrapped_ms[-1]))
            bare_ms.append(call(bare))
        else:
            bare_ms.append(call(bare))
            wrapped_ms.append(call(wrapped))
            outside_ms.append(outside_sdk(wrapped_ms[-1]))
        spent_prepare, spent_observe = timed.take()
        prepare_ms.append(spent_prepare)
        observe_ms.append(spent_observe)
    stats: packlight.SessionStats = wrapped.packlight.stats
    for client in (bare, wrapped):
        client.close()

    def p(values: list[float], fraction: float) -> str:
        return f"{percentile(values, fraction):,.2f}"

    difference = percentile(wrapped_ms, 0.5) - percentile(bare_ms, 0.5)
    paired = [w - b for w, b in zip(wrapped_ms, bare_ms, strict=True)]
    own_p50 = percentile(outside_ms, 0.5)
    verdict = "under" if own_p50 < 2.0 else "**over**"
    return [
        "## Part B: overhead",
        "",
        f"A {base:,}-message history (the shared trajectories laid end to end, "
        "benchmarks/bench_compress.py `concatenated`) grows by one message per turn for "
        f"{turns} turns (one list object, appended to, as an agent keeps it); each turn both "
        "clients send it (interleaved, each first every other turn) to an in-process "
        "`httpx2.MockTransport` answering a canned chat completion at once, so the time is the "
        "SDK's (serialising the request, parsing the answer) plus, for the wrapped client, "
        f"packlight's. context_window={OVERHEAD_WINDOW:,}, so nothing compacts "
        f"(compactions: {stats.compactions}, requests: {stats.requests}); model {model}. "
        "*Warm* = every turn after the first (the session has the earlier messages' digests "
        "and token counts); *cold* = the first turn, where the session hashes and counts the "
        "whole history once (process already warmed up: SDK, packlight and the encoding "
        "loaded on a one-message request).",
        "",
        "| per request, ms | p50 | p99 |",
        "|---|---:|---:|",
        f"| bare openai.OpenAI, warm | {p(bare_ms, 0.5)} | {p(bare_ms, 0.99)} |",
        f"| packlight.wrap(openai.OpenAI), warm | {p(wrapped_ms, 0.5)} | {p(wrapped_ms, 0.99)} |",
        f"| difference of the p50s | {difference:,.2f} | |",
        f"| per-turn difference (wrapped - bare, same turn) | {p(paired, 0.5)} | "
        f"{p(paired, 0.99)} |",
        f"| the wrapped call outside the SDK's own create (all of packlight's work), warm | "
        f"{p(outside_ms, 0.5)} | {p(outside_ms, 0.99)} |",
        f"| of which Session.prepare, warm | {p(prepare_ms, 0.5)} | {p(prepare_ms, 0.99)} |",
        f"| of which Session.observe, warm | {p(observe_ms, 0.5)} | {p(observe_ms, 0.99)} |",
        "",
        f"Cold first turn ({base:,} messages): bare {cold_bare:,.1f} ms, wrapped "
        f"{cold_wrapped:,.1f} ms, of which {cold_outside:,.1f} ms outside the SDK's create "
        f"(Session.prepare {cold_prepare:,.1f} ms, observe {cold_observe:,.2f} ms).",
        "",
        f"Goal: under 2 ms p50 added by the wrapper. Time outside the SDK's create, warm: p50 "
        f"{own_p50:.2f} ms ({verdict} the goal). The wall-time differences also hold the "
        f"noise of the SDK's own work on a request of this size (bare p50 "
        f"{percentile(bare_ms, 0.5):,.0f} ms, most of it openai's `maybe_transform` walking "
        "every message against its TypedDicts), so the direct measure is the one to read.",
    ]
