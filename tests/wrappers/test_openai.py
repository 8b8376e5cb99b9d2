"""``packlight.wrap(openai.OpenAI(...))`` and ``AsyncOpenAI`` against the window server.

Real trajectories are replayed with the whole history resent each turn, against a server that
enforces an 8,192-token window with OpenAI's own error bodies: no error reaches the caller, the
server sees no invalid request, every request carries the caller's latest user message, and the
prompt changes only where packlight compacted.
"""

from __future__ import annotations

import asyncio
import copy
import json
import re
import sys
from collections.abc import Iterator
from typing import Any

import openai
import pytest

import packlight
from packlight.formats import Format
from tests.live.window_server import WindowServer
from tests.summarizers.scripted_server import ScriptedServer
from tests.wrappers.replay import (
    MAX_TOKENS,
    MODEL,
    SLOW_VARIANT_MESSAGES,
    WINDOW,
    Replay,
    Trajectory,
    areplay,
    check_replay,
    contains_text,
    replay,
    swe_agent,
    tau_bench,
)

REPLY = "I ran the command; the output shows the failing test and where it is defined."
LONG = "alpha beta gamma delta " * 2_400  # over 8,192 tokens on its own


@pytest.fixture
def server() -> Iterator[WindowServer]:
    with WindowServer(window=WINDOW, reply=REPLY) as running:
        yield running


def sync_client(server: WindowServer | ScriptedServer) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.openai_url, api_key="x", max_retries=0)


def async_client(server: WindowServer | ScriptedServer) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=server.openai_url, api_key="x", max_retries=0)


def chat_options(trajectory: Trajectory, stream: bool) -> dict[str, Any]:
    options: dict[str, Any] = {"model": MODEL}
    if trajectory.tools:
        options["tools"] = trajectory.tools
    if stream:
        options["stream"] = True
    return options


def read_chunks(chunks: list[Any]) -> tuple[str, Any]:
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    usage = next((c.usage for c in reversed(chunks) if c.usage is not None), None)
    return text, usage


def replay_chat(
    server: WindowServer,
    trajectory: Trajectory,
    *,
    run: str,
    stream: bool,
    max_completion_tokens: int | None = None,
    **wrap: Any,
) -> tuple[Any, Replay]:
    """Replays ``trajectory`` through a wrapped client (``run`` is "sync" or "async")."""
    wrap.setdefault("context_window", WINDOW)
    options = chat_options(trajectory, stream)
    if max_completion_tokens is not None:
        options["max_completion_tokens"] = max_completion_tokens
    if run == "sync":

        def send(history: list[dict[str, Any]]) -> tuple[str, Any]:
            response = client.chat.completions.create(messages=history, **options)
            if stream:
                with response as chunks:
                    return read_chunks(list(chunks))
            return response.choices[0].message.content, response.usage

        with packlight.wrap(sync_client(server), **wrap) as client:
            return client, replay(server, client.packlight, trajectory.messages, send)

    async def main() -> tuple[Any, Replay]:
        async def send(history: list[dict[str, Any]]) -> tuple[str, Any]:
            response = await client.chat.completions.create(messages=history, **options)
            if stream:
                async with response as chunks:
                    return read_chunks([chunk async for chunk in chunks])
            return response.choices[0].message.content, response.usage

        async with packlight.wrap(async_client(server), **wrap) as client:
            return client, await areplay(server, client.packlight, trajectory.messages, send)

    return asyncio.run(main())


# --------------------------------------------------------------------------- replays


@pytest.mark.parametrize(
    ("trajectory", "run", "stream"),
    [
        pytest.param(swe_agent(), "sync", False, id="mini-swe-agent-sync"),
        pytest.param(tau_bench(), "sync", False, id="tau-bench-sync"),
        pytest.param(swe_agent(SLOW_VARIANT_MESSAGES), "sync", True, id="swe-sync-stream"),
        pytest.param(swe_agent(SLOW_VARIANT_MESSAGES), "async", False, id="swe-async"),
        pytest.param(swe_agent(SLOW_VARIANT_MESSAGES), "async", True, id="swe-async-stream"),
        pytest.param(tau_bench(), "async", True, id="tau-bench-async-stream"),
    ],
)
def test_replay_stays_in_the_window_without_errors(
    server: WindowServer, trajectory: Trajectory, run: str, stream: bool
) -> None:
    client, result = replay_chat(server, trajectory, run=run, stream=stream)

    check_replay(server, client.packlight, result)
    assert all(turn.text == REPLY for turn in result.turns)
    assert {seen.stream for seen in server.requests} == {stream}
    assert isinstance(
        client.packlight, packlight.AsyncSession if run == "async" else packlight.Session
    )


def test_replay_leaves_the_callers_messages_untouched(server: WindowServer) -> None:
    trajectory = swe_agent(SLOW_VARIANT_MESSAGES)
    snapshot = copy.deepcopy(trajectory.messages)
    tools_snapshot = copy.deepcopy(trajectory.tools)

    client, _ = replay_chat(server, trajectory, run="sync", stream=False)

    assert client.packlight.stats.compactions > 0
    assert trajectory.messages == snapshot
    assert trajectory.tools == tools_snapshot


# --------------------------------------------------------------------------- recovery


@pytest.mark.parametrize(
    ("run", "stream", "output"), [("sync", False, None), ("async", True, MAX_TOKENS)]
)
def test_a_stated_limit_smaller_than_assumed_is_recovered_and_learned(
    server: WindowServer, run: str, stream: bool, output: int | None
) -> None:
    # No context_window=: the unknown model is assumed to have 128K tokens. With an output cap
    # the server counts it too, and its error says so ("... in the completion").
    client, result = replay_chat(
        server,
        swe_agent(SLOW_VARIANT_MESSAGES),
        run=run,
        stream=stream,
        context_window=None,
        max_completion_tokens=output,
    )

    check_replay(server, client.packlight, result)
    assert [seen.outcome for seen in server.requests].count("overflow") >= 1
    assert client.packlight.stats.recoveries >= 1
    assert client.packlight.context_window == WINDOW
    if output is not None:
        assert "in the completion" in next(s.error for s in server.requests if s.error)
        assert {seen.body["max_completion_tokens"] for seen in server.requests} == {output}


def test_an_unstated_limit_is_recovered_without_lowering_the_window() -> None:
    with WindowServer(window=WINDOW, reply=REPLY, state_limit=False) as server:
        client, result = replay_chat(
            server, swe_agent(SLOW_VARIANT_MESSAGES), run="sync", stream=False, context_window=None
        )

    check_replay(server, client.packlight, result)
    assert client.packlight.stats.recoveries >= 1
    assert client.packlight.context_window > WINDOW


# --------------------------------------------------------------------------- streaming


SHORT: Any = [  # a list of chat messages
    {"role": "system", "content": "You fix failing tests."},
    {"role": "user", "content": "The test in tests/test_app.py fails; fix it."},
]


@pytest.fixture
def wrapped(server: WindowServer) -> Iterator[Any]:
    """A wrapped ``openai.OpenAI`` on the window server, told the window."""
    with packlight.wrap(sync_client(server), context_window=WINDOW) as client:
        yield client


def test_streamed_text_is_what_the_bare_client_reads(server: WindowServer, wrapped: Any) -> None:
    with sync_client(server) as bare:
        plain = list(bare.chat.completions.create(model=MODEL, messages=SHORT, stream=True))
    with wrapped.chat.completions.create(model=MODEL, messages=SHORT, stream=True) as stream:
        chunks = list(stream)

    assert read_chunks(chunks)[0] == read_chunks(plain)[0] == REPLY
    assert plain[-1].choices  # the bare client did not ask for usage either
    assert all(chunk.choices for chunk in chunks)  # the usage chunk packlight asked for is hidden
    assert server.requests[-1].body["stream_options"] == {"include_usage": True}
    assert wrapped.packlight.stats.last_reported == server.requests[-1].prompt_tokens


def test_streamed_usage_chunk_is_shown_when_the_caller_asked_for_it(
    server: WindowServer, wrapped: Any
) -> None:
    chunks = list(
        wrapped.chat.completions.create(
            model=MODEL, messages=SHORT, stream=True, stream_options={"include_usage": True}
        )
    )

    assert read_chunks(chunks)[0] == REPLY
    assert chunks[-1].choices == []
    assert chunks[-1].usage.prompt_tokens == server.requests[-1].prompt_tokens
    assert wrapped.packlight.stats.last_reported == server.requests[-1].prompt_tokens


def test_async_streamed_text_is_what_the_bare_client_reads(server: WindowServer) -> None:
    async def main() -> tuple[list[Any], list[Any], Any]:
        async with async_client(server) as bare:
            stream = await bare.chat.completions.create(model=MODEL, messages=SHORT, stream=True)
            plain = [chunk async for chunk in stream]
        async with packlight.wrap(async_client(server), context_window=WINDOW) as client:
            stream = await client.chat.completions.create(model=MODEL, messages=SHORT, stream=True)
            async with stream:
                chunks = [chunk async for chunk in stream]
        return plain, chunks, client.packlight

    plain, chunks, session = asyncio.run(main())

    assert read_chunks(chunks)[0] == read_chunks(plain)[0] == REPLY
    assert all(chunk.choices for chunk in chunks)
    assert session.stats.last_reported == server.requests[-1].prompt_tokens


# --------------------------------------------------------------------------- other errors


@pytest.mark.parametrize("behaviour", ["401", "429_rate", "500"])
def test_other_errors_reach_the_caller_unchanged(behaviour: Any) -> None:
    with (
        ScriptedServer(behaviour) as scripted,
        sync_client(scripted) as bare,
        packlight.wrap(sync_client(scripted), context_window=WINDOW) as client,
    ):
        with pytest.raises(openai.APIStatusError) as plain:
            bare.chat.completions.create(model=MODEL, messages=SHORT)
        with pytest.raises(openai.APIStatusError) as raised:
            client.chat.completions.create(model=MODEL, messages=SHORT)

    assert type(raised.value) is type(plain.value)
    assert raised.value.status_code == plain.value.status_code == int(behaviour[:3])
    assert raised.value.body == plain.value.body
    assert str(raised.value) == str(plain.value)
    assert raised.value.__cause__ is None
    assert client.packlight.stats.recoveries == 0


@pytest.mark.parametrize("behaviour", ["401", "429_rate", "500"])
def test_other_errors_reach_the_async_caller_unchanged(behaviour: Any) -> None:
    async def main(scripted: ScriptedServer) -> tuple[Any, Any]:
        async with (
            async_client(scripted) as bare,
            packlight.wrap(async_client(scripted), context_window=WINDOW) as client,
        ):
            with pytest.raises(openai.APIStatusError) as plain:
                await bare.chat.completions.create(model=MODEL, messages=SHORT)
            with pytest.raises(openai.APIStatusError) as raised:
                await client.chat.completions.create(model=MODEL, messages=SHORT)
        return plain.value, raised.value

    with ScriptedServer(behaviour) as scripted:
        plain, raised = asyncio.run(main(scripted))

    assert type(raised) is type(plain)
    assert raised.status_code == plain.status_code == int(behaviour[:3])
    assert raised.body == plain.body


@pytest.mark.parametrize("run", ["sync", "async"])
def test_a_system_prompt_over_the_window_ends_in_context_overflow_error(
    server: WindowServer, run: str
) -> None:
    # The system prompt alone is over the window: no compaction and no cut gets it under.
    trajectory = swe_agent(20)
    messages = [{"role": "system", "content": LONG}, *trajectory.messages[1:]]
    options: dict[str, Any] = {"model": MODEL, "messages": messages, "tools": trajectory.tools}

    async def main() -> tuple[Any, packlight.ContextOverflowError]:
        async with packlight.wrap(async_client(server), context_window=WINDOW) as client:
            with pytest.raises(packlight.ContextOverflowError) as raised:
                await client.chat.completions.create(**options)
        return client.packlight, raised.value

    if run == "sync":
        with (
            packlight.wrap(sync_client(server), context_window=WINDOW) as client,
            pytest.raises(packlight.ContextOverflowError) as raised,
        ):
            client.chat.completions.create(**options)
        session, error = client.packlight, raised.value
    else:
        session, error = asyncio.run(main())

    overflows = [seen for seen in server.requests if seen.outcome == "overflow"]
    # No compaction makes it smaller, so nothing is sent again.
    assert [seen.outcome for seen in server.requests] == ["overflow"]
    assert error.attempts == 3
    assert error.provider_message == overflows[-1].error
    cause = error.__cause__
    assert isinstance(cause, openai.BadRequestError)
    assert cause.status_code == 400
    assert cause.body == {
        "message": overflows[-1].error,
        "type": "invalid_request_error",
        "param": "messages",
        "code": "context_length_exceeded",
    }
    assert session.stats.recoveries == 1


# --------------------------------------------------------------------------- surface


def test_the_wrapped_client_keeps_the_clients_surface(server: WindowServer) -> None:
    with sync_client(server) as bare:
        client = packlight.wrap(bare, context_window=WINDOW)

        assert client.models is bare.models
        assert client.api_key == "x"
        assert client.base_url == bare.base_url
        assert [model.id for model in client.models.list()] == ["window-model"]
        assert isinstance(client.packlight, packlight.Session)
        assert client.packlight.stats.requests == 0


def test_with_options_stays_wrapped_and_shares_the_session(wrapped: Any) -> None:
    other = wrapped.with_options(timeout=30)

    other.chat.completions.create(model=MODEL, messages=SHORT)

    assert other.packlight is wrapped.packlight
    assert wrapped.packlight.stats.requests == 1
    assert other.timeout == 30
    assert wrapped.copy(max_retries=1).packlight is wrapped.packlight


def test_the_wrapped_client_is_its_own_context_manager(server: WindowServer) -> None:
    with packlight.wrap(sync_client(server), context_window=WINDOW) as client:
        client.chat.completions.create(model=MODEL, messages=SHORT)
    assert client.packlight.stats.requests == 1
    assert client.is_closed()

    async def main() -> Any:
        async with packlight.wrap(async_client(server), context_window=WINDOW) as client:
            await client.chat.completions.create(model=MODEL, messages=SHORT)
        assert client.is_closed()
        return client.packlight

    session = asyncio.run(main())
    assert isinstance(session, packlight.AsyncSession)
    assert session.stats.requests == 1


def test_wrap_refuses_what_is_not_a_client() -> None:
    with pytest.raises(packlight.UserError, match=r"openai\.OpenAI"):
        packlight.wrap(object())


def test_wrap_names_the_extra_when_the_sdk_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = type("OpenAI", (), {"__module__": "openai.fake"})
    monkeypatch.setitem(sys.modules, "openai", None)

    with pytest.raises(packlight.MissingExtraError, match=r"pip install 'packlight\[openai\]'"):
        packlight.wrap(fake())


def test_calls_it_does_not_manage_go_straight_through(wrapped: Any) -> None:
    raw = wrapped.chat.completions.with_raw_response.create(model=MODEL, messages=SHORT)

    assert raw.parse().choices[0].message.content == REPLY
    assert wrapped.packlight.stats.requests == 0


# --------------------------------------------------------------------------- Responses


def test_responses_replay_with_function_calls_compacts_within_the_window(
    server: WindowServer, wrapped: Any
) -> None:
    # 30 messages: the Responses path is the slowest (the SDK transforms every input item).
    trajectory = swe_agent(30)
    tools = [{"type": "function", **t["function"]} for t in trajectory.tools]

    def send(history: list[Any]) -> tuple[str, Any]:
        items = packlight.from_canonical(history, Format.OPENAI_RESPONSES)
        response = wrapped.responses.create(model=MODEL, input=items, tools=tools)
        return response.output_text, response.usage

    result = replay(server, wrapped.packlight, trajectory.messages, send)

    check_replay(server, wrapped.packlight, result)
    kinds = {item.get("type") for seen in server.requests for item in seen.body["input"]}
    assert {"function_call", "function_call_output"} <= kinds
    assert all(turn.text == REPLY for turn in result.turns)


def test_responses_stream_reports_its_usage(server: WindowServer, wrapped: Any) -> None:
    items = packlight.from_canonical(SHORT, Format.OPENAI_RESPONSES)

    with wrapped.responses.create(model=MODEL, input=items, stream=True) as stream:
        events = list(stream)

    assert "".join(e.delta for e in events if e.type == "response.output_text.delta") == REPLY
    assert wrapped.packlight.stats.last_reported == server.requests[-1].prompt_tokens
    assert contains_text(server.requests[-1].body, SHORT[-1]["content"])


def test_responses_with_server_side_history_go_straight_through(wrapped: Any) -> None:
    wrapped.responses.create(model=MODEL, input="Fix the failing test.")

    assert wrapped.packlight.stats.requests == 0


def test_structured_output_parse_goes_through_the_session() -> None:
    import pydantic

    class Verdict(pydantic.BaseModel):
        fixed: bool
        file: str

    with WindowServer(window=8192, reply='{"fixed": true, "file": "src/app.py"}') as server:
        client = packlight.wrap(sync_client(server))
        try:
            history = [{"role": "user", "content": "Did the patch fix src/app.py?"}]
            reply = client.chat.completions.parse(
                model="gpt-4o", messages=history, response_format=Verdict
            )
        finally:
            client.close()
    assert reply.choices[0].message.parsed == Verdict(fixed=True, file="src/app.py")
    assert client.packlight.stats.requests == 1
    assert client.packlight.stats.last_reported == server.requests[0].prompt_tokens


def test_a_latest_user_message_over_the_window_is_cut_as_a_last_resort(
    server: WindowServer,
) -> None:
    trajectory = swe_agent(20)
    messages = [*trajectory.messages, {"role": "user", "content": LONG}]
    before = copy.deepcopy(messages)
    with packlight.wrap(sync_client(server), context_window=WINDOW) as client:
        reply = client.chat.completions.create(
            model=MODEL, messages=messages, tools=trajectory.tools, max_tokens=256
        )
    assert reply.choices
    outcomes = [seen.outcome for seen in server.requests]
    assert outcomes[-1] == "ok"
    assert "invalid" not in outcomes
    sent = server.requests[-1].body["messages"]
    text = next(m["content"] for m in reversed(sent) if m["role"] == "user")
    assert "characters were cut here" in text
    assert text.startswith(LONG[:500])
    assert text.endswith(LONG[-200:])
    found = re.search(r"artifact://([A-Za-z0-9_-]+)", text)
    assert found is not None
    archived = client.packlight.engine.archive.get(found.group(1))
    assert archived is not None
    assert json.loads(archived.content)["content"] == LONG  # nothing is lost
    assert messages == before  # the caller's own history keeps the whole message
