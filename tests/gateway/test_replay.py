"""Plain OpenAI and Anthropic SDK clients replay real trajectories through ``packlight serve``.

The upstream is the window server (an 8,192-token window with the providers' own error bodies
and validity checks). The clients resend their whole history every turn, as an agent that
cannot be changed does: no error reaches them, the upstream sees no invalid request, and every
request it answers carries the client's latest user message.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

import anthropic
import openai
import pytest

from tests.gateway.conftest import KEY, REPLY
from tests.gateway.serving import RunningGateway, gateway_settings, serve
from tests.live.window_server import Seen, WindowServer, shared_prefix_tokens
from tests.wrappers.replay import (
    MAX_TOKENS,
    MODEL,
    SLOW_VARIANT_MESSAGES,
    WINDOW,
    anthropic_request,
    anthropic_tools,
    contains_text,
    latest_user_text,
    swe_agent,
    tau_bench,
)


def openai_client(sdk: Any, gateway: RunningGateway) -> openai.OpenAI:
    return sdk("openai", gateway.openai_url, KEY)


def anthropic_client(sdk: Any, gateway: RunningGateway) -> anthropic.Anthropic:
    return sdk("anthropic", gateway.url, KEY)


def histories(messages: Sequence[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The history the agent sent at each recorded assistant turn."""
    return [list(messages[:i]) for i, m in enumerate(messages) if m["role"] == "assistant"]


def replay_through(
    upstream: WindowServer,
    messages: Sequence[dict[str, Any]],
    send: Callable[[list[dict[str, Any]]], str],
) -> list[list[Seen]]:
    """Each turn's upstream requests; the client's text must be the upstream's reply."""
    turns = []
    for history in histories(messages):
        before = len(upstream.requests)
        assert send(history) == REPLY
        turns.append(upstream.requests[before:])
    return turns


def check(upstream: WindowServer, gateway: RunningGateway, turns: list[list[Seen]], messages: Any):
    invalid = [seen.error for seen in upstream.requests if seen.outcome == "invalid"]
    assert invalid == []
    for number, (history, requests) in enumerate(zip(histories(messages), turns, strict=True)):
        answered = [seen for seen in requests if seen.outcome == "ok"]
        assert len(answered) == 1, f"turn {number}: {[s.outcome for s in requests]}"
        assert contains_text(answered[0].body, latest_user_text(history)), number
    metrics = gateway.gateway.metrics
    compactions = sum(
        sample.value
        for metric in metrics.registry.collect()
        if metric.name == "packlight_compactions"
        for sample in metric.samples
        if sample.name.endswith("_total")
    )
    assert compactions > 0, "the 8,192-token window should have forced compactions"
    # Between compactions each request extends the previous one whole (the client resends
    # the same raw history, the gateway the same compacted prefix): only compactions break it.
    answered = [seen for seen in upstream.requests if seen.outcome == "ok"]
    breaks = sum(
        shared_prefix_tokens(previous, current) != previous.prompt_tokens
        for previous, current in itertools.pairwise(answered)
    )
    assert 0 < breaks <= compactions
    assert max(seen.prompt_tokens for seen in upstream.requests if seen.outcome == "ok") <= WINDOW


def test_openai_sdk_replays_a_coding_agent_through_the_gateway(
    sdk: Any, upstream: WindowServer, gateway: RunningGateway, caplog: pytest.LogCaptureFixture
) -> None:
    trajectory = swe_agent()
    client = openai_client(sdk, gateway)
    caplog.set_level(logging.WARNING, logger="packlight")

    def send(history: list[dict[str, Any]]) -> str:
        answer = client.chat.completions.create(
            model=MODEL,
            messages=cast(Any, history),
            tools=cast(Any, trajectory.tools),
            max_tokens=MAX_TOKENS,
        )
        return answer.choices[0].message.content or ""

    turns = replay_through(upstream, trajectory.messages, send)
    check(upstream, gateway, turns, trajectory.messages)
    # The client's history was sent whole every turn; the upstream never saw it whole.
    whole = histories(trajectory.messages)[-1]
    assert len(upstream.requests[-1].body["messages"]) < len(whole)
    # The compactions ran in the gateway's worker process (the default), none in-process.
    assert gateway.gateway.workers is not None
    assert multiprocessing.active_children()
    assert "compacting in this process" not in caplog.text


@pytest.mark.slow
def test_openai_sdk_streams_through_the_gateway(
    sdk: Any, upstream: WindowServer, gateway: RunningGateway
) -> None:
    trajectory = swe_agent(SLOW_VARIANT_MESSAGES * 2)
    client = openai_client(sdk, gateway)
    hidden: list[int] = []

    def send(history: list[dict[str, Any]]) -> str:
        stream = client.chat.completions.create(
            model=MODEL, messages=cast(Any, history), max_tokens=MAX_TOKENS, stream=True
        )
        chunks = list(stream)
        # The usage chunk the gateway asked for is not shown to a client that did not.
        hidden.append(sum(1 for chunk in chunks if not chunk.choices))
        return "".join(chunk.choices[0].delta.content or "" for chunk in chunks if chunk.choices)

    turns = replay_through(upstream, trajectory.messages, send)
    check(upstream, gateway, turns, trajectory.messages)
    assert set(hidden) == {0}
    assert all(
        seen.body["stream_options"] == {"include_usage": True}
        for seen in upstream.requests
        if seen.outcome == "ok"
    )


def test_a_streamed_usage_chunk_reaches_a_client_that_asked_for_it(
    sdk: Any,
    gateway: RunningGateway,
) -> None:
    history = swe_agent(2).messages
    stream = openai_client(sdk, gateway).chat.completions.create(
        model=MODEL,
        messages=cast(Any, history),
        max_tokens=MAX_TOKENS,
        stream=True,
        stream_options={"include_usage": True},
    )
    usage = [chunk.usage for chunk in stream if not chunk.choices]
    assert len(usage) == 1
    assert usage[0] is not None
    assert usage[0].prompt_tokens > 0


@pytest.mark.parametrize("streaming", [False, True], ids=["json", "stream"])
def test_anthropic_sdk_replays_an_airline_agent_through_the_gateway(
    sdk: Any, upstream: WindowServer, gateway: RunningGateway, streaming: bool
) -> None:
    trajectory = tau_bench()
    client = anthropic_client(sdk, gateway)
    tools = anthropic_tools(trajectory.tools)

    def send(history: list[dict[str, Any]]) -> str:
        request: dict[str, Any] = {
            "model": MODEL,
            "max_tokens": MAX_TOKENS,
            **anthropic_request(history),
        }
        if tools:
            request["tools"] = tools
        if streaming:
            with client.messages.stream(**request) as stream:
                return "".join(stream.text_stream)
        answer = client.messages.create(**request)
        return "".join(block.text for block in answer.content if block.type == "text")

    turns = replay_through(upstream, trajectory.messages, send)
    check(upstream, gateway, turns, trajectory.messages)
    assert all(seen.api == "anthropic" for seen in upstream.requests)


def test_an_upstream_overflow_is_recovered_and_never_reaches_the_client(
    sdk: Any, upstream: WindowServer, tmp_path: Path
) -> None:
    """Told nothing of the window, the gateway assumes the registry's 128K for an unknown
    model; the upstream's overflow errors teach it the real one."""
    settings = gateway_settings(upstream.openai_url, tmp_path / "g.db")
    trajectory = swe_agent()
    with serve(settings) as gateway:
        client = sdk("openai", gateway.openai_url, "anything")

        why: list[str | None] = []

        def send(history: list[dict[str, Any]]) -> str:
            raw = client.chat.completions.with_raw_response.create(
                model=MODEL, messages=cast(Any, history), max_tokens=MAX_TOKENS
            )
            why.append(raw.headers.get("x-packlight-compaction"))
            return raw.parse().choices[0].message.content or ""

        turns = replay_through(upstream, trajectory.messages, send)
    # The turns that met an overflow say so; the client can tell why they took longer.
    met = [any(seen.outcome == "overflow" for seen in turn) for turn in turns]
    assert [reason == "recovery" for reason in why] == met
    overflows = [seen for seen in upstream.requests if seen.outcome == "overflow"]
    assert overflows, "the upstream should have refused at least one request as too long"
    invalid = [seen.error for seen in upstream.requests if seen.outcome == "invalid"]
    assert invalid == []
    assert all(sum(seen.outcome == "ok" for seen in turn) == 1 for turn in turns)
    # Learned once: later turns do not overflow again and again.
    assert len(overflows) <= 3
