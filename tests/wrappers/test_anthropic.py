"""``packlight.wrap(anthropic.Anthropic(...))`` and ``AsyncAnthropic`` against the window server.

The same replays as for OpenAI, through ``messages.create`` (plain and ``stream=True``) and the
``messages.stream(...)`` context manager, against a server that enforces an 8,192-token window
with Anthropic's own error bodies and simulates its prompt cache: no error reaches the caller,
no request is invalid (tool pairing, ``_packlight`` keys, at most four cache breakpoints), the
caller's latest user message is in every request, and the cache keeps hitting between
compactions.
"""

from __future__ import annotations

import asyncio
import copy
import json
import sys
from collections.abc import Iterator
from typing import Any

import anthropic
import pytest

import packlight
from tests.live.window_checks import MAX_CACHE_BREAKPOINTS
from tests.live.window_server import Seen, WindowServer
from tests.summarizers.scripted_server import ScriptedServer
from tests.wrappers.replay import (
    MAX_TOKENS,
    MODEL,
    SLOW_VARIANT_MESSAGES,
    WINDOW,
    Replay,
    Trajectory,
    anthropic_request,
    anthropic_tools,
    areplay,
    check_replay,
    replay,
    swe_agent,
    tau_bench,
)

REPLY = "I ran the command; the output shows the failing test and where it is defined."
LONG = "alpha beta gamma delta " * 2_400  # over 8,192 tokens on its own
SYSTEM = "You fix failing tests."
SHORT: list[dict[str, Any]] = [
    {"role": "user", "content": "The test in tests/test_app.py fails; fix it."},
]


@pytest.fixture
def server() -> Iterator[WindowServer]:
    with WindowServer(window=WINDOW, reply=REPLY) as running:
        yield running


def sync_client(server: WindowServer | ScriptedServer) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=server.root_url, api_key="x", max_retries=0)


def async_client(server: WindowServer | ScriptedServer) -> anthropic.AsyncAnthropic:
    return anthropic.AsyncAnthropic(base_url=server.root_url, api_key="x", max_retries=0)


@pytest.fixture
def wrapped(server: WindowServer) -> Iterator[Any]:
    """A wrapped ``anthropic.Anthropic`` on the window server, told the window."""
    with packlight.wrap(sync_client(server), context_window=WINDOW) as client:
        yield client


def read_events(events: list[Any]) -> tuple[str, Any]:
    """The text and the usage a caller reads off ``stream=True`` events."""
    text = "".join(
        e.delta.text
        for e in events
        if e.type == "content_block_delta" and e.delta.type == "text_delta"
    )
    start = next(e for e in events if e.type == "message_start")
    return text, start.message.usage


def text_of(message: Any) -> str:
    return "".join(block.text for block in message.content if block.type == "text")


# Modes: "create" (messages.create), "create-stream" (stream=True), "stream" (messages.stream).


def send_sync(client: Any, mode: str, request: dict[str, Any]) -> tuple[str, Any]:
    if mode == "stream":
        with client.messages.stream(**request) as stream:
            text = "".join(stream.text_stream)
            return text, stream.get_final_message().usage
    if mode == "create-stream":
        with client.messages.create(**request, stream=True) as events:
            return read_events(list(events))
    message = client.messages.create(**request)
    return text_of(message), message.usage


async def send_async(client: Any, mode: str, request: dict[str, Any]) -> tuple[str, Any]:
    if mode == "stream":
        async with client.messages.stream(**request) as stream:
            text = "".join([piece async for piece in stream.text_stream])
            return text, (await stream.get_final_message()).usage
    if mode == "create-stream":
        events = await client.messages.create(**request, stream=True)
        async with events:
            return read_events([event async for event in events])
    message = await client.messages.create(**request)
    return text_of(message), message.usage


def replay_messages(
    server: WindowServer, trajectory: Trajectory, *, run: str, mode: str, **wrap: Any
) -> tuple[Any, Replay]:
    """Replays ``trajectory`` through a wrapped client, converting the canonical history to
    Anthropic's shape each turn (``run`` is "sync" or "async")."""
    wrap.setdefault("context_window", WINDOW)
    options: dict[str, Any] = {"model": MODEL, "max_tokens": MAX_TOKENS}
    if trajectory.tools:
        options["tools"] = anthropic_tools(trajectory.tools)

    if run == "sync":
        with packlight.wrap(sync_client(server), **wrap) as client:
            return client, replay(
                server,
                client.packlight,
                trajectory.messages,
                lambda history: send_sync(client, mode, {**options, **anthropic_request(history)}),
            )

    async def main() -> tuple[Any, Replay]:
        async with packlight.wrap(async_client(server), **wrap) as client:

            async def send(history: list[dict[str, Any]]) -> tuple[str, Any]:
                return await send_async(client, mode, {**options, **anthropic_request(history)})

            return client, await areplay(server, client.packlight, trajectory.messages, send)

    return asyncio.run(main())


def breakpoints(seen: Seen) -> list[str]:
    """Where the request carried ``cache_control``: "system", "tools" or "messages.<i>"."""
    found = []
    for where, blocks in (("system", seen.body.get("system")), ("tools", seen.body.get("tools"))):
        found += [
            where for block in blocks or [] if isinstance(block, dict) and "cache_control" in block
        ]
    for index, message in enumerate(seen.body["messages"]):
        content = message["content"]
        for block in content if isinstance(content, list) else []:
            nested = block.get("content") if block.get("type") == "tool_result" else None
            inner = [b for b in nested if isinstance(b, dict)] if isinstance(nested, list) else []
            found += [f"messages.{index}" for b in [block, *inner] if "cache_control" in b]
    return found


# --------------------------------------------------------------------------- replays


@pytest.mark.parametrize(
    ("trajectory", "run", "mode"),
    [
        pytest.param(swe_agent(), "sync", "create", id="mini-swe-agent-sync"),
        pytest.param(tau_bench(), "sync", "create", id="tau-bench-sync"),
        pytest.param(swe_agent(SLOW_VARIANT_MESSAGES), "async", "create", id="swe-async"),
        pytest.param(swe_agent(SLOW_VARIANT_MESSAGES), "sync", "create-stream", id="swe-sync-sse"),
        pytest.param(
            swe_agent(SLOW_VARIANT_MESSAGES), "async", "create-stream", id="swe-async-sse"
        ),
        pytest.param(swe_agent(SLOW_VARIANT_MESSAGES), "sync", "stream", id="swe-sync-manager"),
        pytest.param(tau_bench(), "async", "stream", id="tau-bench-async-manager"),
    ],
)
def test_replay_stays_in_the_window_without_errors(
    server: WindowServer, trajectory: Trajectory, run: str, mode: str
) -> None:
    client, result = replay_messages(server, trajectory, run=run, mode=mode)

    check_replay(server, client.packlight, result)
    assert all(turn.text == REPLY for turn in result.turns)
    assert {seen.stream for seen in server.requests} == {mode != "create"}
    assert all(seen.body["max_tokens"] == MAX_TOKENS for seen in server.requests)
    # Whichever way it reads the answer, the caller sees the prompt cache at work.
    hits = [turn.usage.cache_read_input_tokens > 0 for turn in result.turns[1:]]
    assert sum(hits) >= 0.8 * len(hits)
    session_class = packlight.AsyncSession if run == "async" else packlight.Session
    assert isinstance(client.packlight, session_class)


def test_replay_leaves_the_callers_messages_untouched(server: WindowServer) -> None:
    # The caller holds one Anthropic history and resends a longer slice of it each turn.
    trajectory = swe_agent(SLOW_VARIANT_MESSAGES)
    held = anthropic_request(trajectory.messages)
    tools = anthropic_tools(trajectory.tools)
    snapshot = copy.deepcopy((held, tools))
    turns = [i for i, m in enumerate(held["messages"]) if m["role"] == "assistant"]

    with packlight.wrap(sync_client(server), context_window=WINDOW) as client:
        for turn in turns:
            client.messages.create(
                model=MODEL,
                max_tokens=MAX_TOKENS,
                system=held["system"],
                messages=held["messages"][:turn],
                tools=tools,
            )

    assert client.packlight.stats.compactions > 0
    assert breakpoints(server.requests[-1])  # packlight placed cache breakpoints, on copies
    assert (held, tools) == snapshot
    assert [seen.outcome for seen in server.requests] == ["ok"] * len(turns)


# --------------------------------------------------------------------------- recovery


@pytest.mark.parametrize(
    ("run", "mode"),
    [("sync", "create"), ("async", "create-stream"), ("sync", "stream"), ("async", "stream")],
)
def test_a_stated_limit_smaller_than_assumed_is_recovered_and_learned(
    server: WindowServer, run: str, mode: str
) -> None:
    # No context_window=: the unknown model is assumed to have 128K tokens.
    client, result = replay_messages(
        server, swe_agent(SLOW_VARIANT_MESSAGES), run=run, mode=mode, context_window=None
    )

    check_replay(server, client.packlight, result)
    assert [seen.outcome for seen in server.requests].count("overflow") >= 1
    assert client.packlight.stats.recoveries >= 1
    assert client.packlight.context_window == WINDOW


def test_an_unstated_limit_is_recovered_without_lowering_the_window() -> None:
    with WindowServer(window=WINDOW, reply=REPLY, state_limit=False) as server:
        client, result = replay_messages(
            server,
            swe_agent(SLOW_VARIANT_MESSAGES),
            run="sync",
            mode="create",
            context_window=None,
        )

    check_replay(server, client.packlight, result)
    assert "prompt is too long" in {seen.error for seen in server.requests}
    assert client.packlight.stats.recoveries >= 1
    assert client.packlight.context_window > WINDOW


# --------------------------------------------------------------------------- streaming


def test_streamed_text_is_what_the_bare_client_reads(server: WindowServer, wrapped: Any) -> None:
    request: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": MAX_TOKENS,
        "system": SYSTEM,
        "messages": SHORT,
    }
    with sync_client(server) as bare:
        plain = read_events(list(bare.messages.create(**request, stream=True)))[0]
        with bare.messages.stream(**request) as stream:
            plain_managed = "".join(stream.text_stream)

    assert send_sync(wrapped, "create-stream", request)[0] == plain == REPLY
    assert send_sync(wrapped, "stream", request)[0] == plain_managed == REPLY
    assert wrapped.packlight.stats.last_reported == server.requests[-1].prompt_tokens


def test_async_streamed_text_is_what_the_bare_client_reads(server: WindowServer) -> None:
    request: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": MAX_TOKENS,
        "system": SYSTEM,
        "messages": SHORT,
    }

    async def main() -> tuple[list[str], list[str], Any]:
        async with async_client(server) as bare:
            plain = [
                (await send_async(bare, mode, request))[0] for mode in ("create-stream", "stream")
            ]
        async with packlight.wrap(async_client(server), context_window=WINDOW) as client:
            read = [
                (await send_async(client, mode, request))[0] for mode in ("create-stream", "stream")
            ]
        return plain, read, client.packlight

    plain, read, session = asyncio.run(main())

    assert read == plain == [REPLY, REPLY]
    assert session.stats.last_reported == server.requests[-1].prompt_tokens


def test_a_stream_left_unread_reports_nothing_and_closes(
    server: WindowServer, wrapped: Any
) -> None:
    request: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": MAX_TOKENS,
        "system": SYSTEM,
        "messages": SHORT,
    }

    with wrapped.messages.stream(**request):
        pass

    assert [seen.outcome for seen in server.requests] == ["ok"]
    assert wrapped.packlight.stats.requests == 1
    assert wrapped.packlight.stats.last_reported is None  # no event was read


# --------------------------------------------------------------------------- other errors


@pytest.mark.parametrize("mode", ["create", "create-stream", "stream"])
@pytest.mark.parametrize("behaviour", ["401", "429_rate", "500"])
def test_other_errors_reach_the_caller_unchanged(behaviour: Any, mode: str) -> None:
    request: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": MAX_TOKENS,
        "system": SYSTEM,
        "messages": SHORT,
    }
    with (
        ScriptedServer(behaviour) as scripted,
        sync_client(scripted) as bare,
        packlight.wrap(sync_client(scripted), context_window=WINDOW) as client,
    ):
        with pytest.raises(anthropic.APIStatusError) as plain:
            send_sync(bare, mode, request)
        with pytest.raises(anthropic.APIStatusError) as raised:
            send_sync(client, mode, request)

    assert type(raised.value) is type(plain.value)
    assert raised.value.status_code == plain.value.status_code == int(behaviour[:3])
    assert raised.value.body == plain.value.body
    assert str(raised.value) == str(plain.value)
    assert client.packlight.stats.recoveries == 0


@pytest.mark.parametrize("behaviour", ["401", "429_rate", "500"])
def test_other_errors_reach_the_async_caller_unchanged(behaviour: Any) -> None:
    request: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": MAX_TOKENS,
        "system": SYSTEM,
        "messages": SHORT,
    }

    async def main(scripted: ScriptedServer) -> list[tuple[Any, Any]]:
        pairs = []
        async with (
            async_client(scripted) as bare,
            packlight.wrap(async_client(scripted), context_window=WINDOW) as client,
        ):
            for mode in ("create", "stream"):
                with pytest.raises(anthropic.APIStatusError) as plain:
                    await send_async(bare, mode, request)
                with pytest.raises(anthropic.APIStatusError) as raised:
                    await send_async(client, mode, request)
                pairs.append((plain.value, raised.value))
        return pairs

    with ScriptedServer(behaviour) as scripted:
        pairs = asyncio.run(main(scripted))

    for plain, raised in pairs:
        assert type(raised) is type(plain)
        assert raised.status_code == plain.status_code == int(behaviour[:3])
        assert raised.body == plain.body


@pytest.mark.parametrize("mode", ["create", "stream"])
def test_a_system_prompt_over_the_window_ends_in_context_overflow_error(
    server: WindowServer, mode: str
) -> None:
    # The system prompt alone is over the window: no compaction and no cut gets it under.
    trajectory = swe_agent(20)
    history = [{"role": "system", "content": LONG}, *trajectory.messages[1:]]
    request: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": MAX_TOKENS,
        "tools": anthropic_tools(trajectory.tools),
        **anthropic_request(history),
    }
    with (
        packlight.wrap(sync_client(server), context_window=WINDOW) as client,
        pytest.raises(packlight.ContextOverflowError) as raised,
    ):
        send_sync(client, mode, request)

    overflows = [seen for seen in server.requests if seen.outcome == "overflow"]
    # No compaction makes it smaller, so nothing is sent again.
    assert [seen.outcome for seen in server.requests] == ["overflow"]
    assert raised.value.attempts == 3
    assert raised.value.provider_message == overflows[-1].error
    assert raised.value.provider_message.startswith("prompt is too long: ")
    cause = raised.value.__cause__
    assert isinstance(cause, anthropic.BadRequestError)
    assert cause.status_code == 400
    body: Any = cause.body
    assert body == {
        "type": "error",
        "error": {"type": "invalid_request_error", "message": overflows[-1].error},
        "request_id": body["request_id"],
    }


# --------------------------------------------------------------------------- prompt caching


def test_prompt_cache_breakpoints_keep_the_cache_hitting(server: WindowServer) -> None:
    client, result = replay_messages(
        server, swe_agent(SLOW_VARIANT_MESSAGES), run="sync", mode="create"
    )

    check_replay(server, client.packlight, result)
    for seen in server.requests:
        marks = breakpoints(seen)
        assert len(marks) <= MAX_CACHE_BREAKPOINTS
        assert marks.count("system") == 1
        assert seen.body["system"][-1]["cache_control"] == {"type": "ephemeral"}
    cached = [turn.usage.cache_read_input_tokens for turn in result.turns]
    assert cached[0] == 0
    hits = sum(1 for tokens in cached[1:] if tokens > 0)
    assert hits >= 0.8 * (len(cached) - 1), cached
    # Between compactions the cache serves nearly the whole previous request.
    for number in range(1, len(result.turns)):
        previous, turn = result.turns[number - 1], result.turns[number]
        if turn.compactions == previous.compactions:
            assert turn.usage.cache_read_input_tokens >= previous.usage.input_tokens // 2


def test_a_one_hour_cache_ttl_is_written_on_every_breakpoint(server: WindowServer) -> None:
    with packlight.wrap(sync_client(server), context_window=WINDOW, cache_ttl="1h") as client:
        client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, system=SYSTEM, messages=SHORT)

    seen = server.requests[-1]
    assert seen.body["system"][-1]["cache_control"] == {"type": "ephemeral", "ttl": "1h"}
    assert breakpoints(seen) == ["system", "messages.0"]


def test_prompt_caching_off_adds_no_breakpoint(server: WindowServer) -> None:
    client, result = replay_messages(
        server, swe_agent(SLOW_VARIANT_MESSAGES), run="sync", mode="create", prompt_caching=False
    )

    check_replay(server, client.packlight, result)
    assert all(breakpoints(seen) == [] for seen in server.requests)
    assert all(turn.usage.cache_read_input_tokens == 0 for turn in result.turns)


def test_breakpoints_the_caller_placed_are_left_as_placed(server: WindowServer) -> None:
    system = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]
    first = {
        "role": "user",
        "content": [
            {"type": "text", "text": "Fix the test.", "cache_control": {"type": "ephemeral"}}
        ],
    }
    messages = [first, {"role": "assistant", "content": "Which test?"}, *SHORT]
    snapshot = copy.deepcopy((system, messages))

    with packlight.wrap(sync_client(server), context_window=WINDOW) as client:
        client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, system=system, messages=messages)

    seen = server.requests[-1]
    assert (system, messages) == snapshot
    assert seen.body["system"] == system
    assert seen.body["messages"] == messages
    assert breakpoints(seen) == ["system", "messages.0"]


def test_the_callers_system_breakpoint_survives_compactions(server: WindowServer) -> None:
    trajectory = swe_agent(SLOW_VARIANT_MESSAGES)
    tools = anthropic_tools(trajectory.tools)
    marker = {"type": "ephemeral", "ttl": "1h"}
    system_blocks: list[dict[str, Any]] = []

    def send(history: list[dict[str, Any]]) -> tuple[str, Any]:
        request = anthropic_request(history)
        system = [{"type": "text", "text": request.pop("system"), "cache_control": marker}]
        system_blocks.append(system[0])
        message = client.messages.create(
            model=MODEL, max_tokens=MAX_TOKENS, tools=tools, system=system, **request
        )
        return text_of(message), message.usage

    with packlight.wrap(sync_client(server), context_window=WINDOW) as client:
        result = replay(server, client.packlight, trajectory.messages, send)

    check_replay(server, client.packlight, result)
    for seen, block in zip(server.requests, system_blocks, strict=True):
        assert breakpoints(seen) == ["system"]
        assert seen.body["system"][0] == block  # packlight's note, if any, is a block after it
    # The tools and the system prompt stay cached across the compactions.
    assert all(turn.usage.cache_read_input_tokens > 0 for turn in result.turns[1:])


@pytest.mark.parametrize(("ttl", "placed"), [("5m", 3), ("1h", 0)])
def test_breakpoints_on_tools_leave_fewer_to_place(
    server: WindowServer, ttl: str, placed: int
) -> None:
    tool = {
        "name": "ls",
        "input_schema": {"type": "object"},
        "cache_control": {"type": "ephemeral"},
    }
    messages = [
        {"role": "user", "content": "List the files."},
        {"role": "assistant", "content": "Which folder?"},
        {"role": "user", "content": "The repository root."},
        {"role": "assistant", "content": "Here or in src?"},
        *SHORT,
    ]

    with packlight.wrap(sync_client(server), context_window=WINDOW, cache_ttl=ttl) as client:
        client.messages.create(
            model=MODEL, max_tokens=MAX_TOKENS, system=SYSTEM, messages=messages, tools=[tool]
        )

    seen = server.requests[-1]
    assert seen.outcome == "ok", seen.error
    assert seen.body["tools"] == [tool]
    # A one-hour breakpoint may not follow the caller's five-minute one: packlight adds none.
    assert len(breakpoints(seen)) == 1 + placed


def test_top_level_cache_control_is_left_to_the_caller(server: WindowServer) -> None:
    with packlight.wrap(sync_client(server), context_window=WINDOW) as client:
        client.messages.create(
            model=MODEL,
            max_tokens=MAX_TOKENS,
            system=SYSTEM,
            messages=SHORT,
            cache_control={"type": "ephemeral"},
        )

    seen = server.requests[-1]
    assert seen.body["cache_control"] == {"type": "ephemeral"}
    assert breakpoints(seen) == []


# --------------------------------------------------------------------------- surface


def test_the_wrapped_client_keeps_the_clients_surface(server: WindowServer) -> None:
    with sync_client(server) as bare:
        client = packlight.wrap(bare, context_window=WINDOW)

        assert client.models is bare.models
        assert client.api_key == "x"
        assert client.base_url == bare.base_url
        assert [model.id for model in client.models.list()] == ["window-model"]
        assert client.messages.count_tokens is not None  # the SDK's own, passed through
        assert isinstance(client.packlight, packlight.Session)


def test_with_options_stays_wrapped_and_shares_the_session(wrapped: Any) -> None:
    other = wrapped.with_options(timeout=30)

    other.messages.create(model=MODEL, max_tokens=MAX_TOKENS, system=SYSTEM, messages=SHORT)

    assert other.packlight is wrapped.packlight
    assert wrapped.packlight.stats.requests == 1
    assert other.timeout == 30
    assert wrapped.copy(max_retries=1).packlight is wrapped.packlight


def test_the_async_client_gets_an_async_session(server: WindowServer) -> None:
    async def main() -> Any:
        async with packlight.wrap(async_client(server), context_window=WINDOW) as client:
            await client.messages.create(
                model=MODEL, max_tokens=MAX_TOKENS, system=SYSTEM, messages=SHORT
            )
        assert client.is_closed()
        return client.packlight

    session = asyncio.run(main())

    assert isinstance(session, packlight.AsyncSession)
    assert session.stats.requests == 1


def test_wrap_names_the_extra_when_the_sdk_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = type("Anthropic", (), {"__module__": "anthropic.fake"})
    monkeypatch.setitem(sys.modules, "anthropic", None)

    with pytest.raises(packlight.MissingExtraError, match=r"pip install 'packlight\[anthropic\]'"):
        packlight.wrap(fake())


def test_wrap_refuses_another_object_of_the_sdk() -> None:
    with pytest.raises(packlight.UserError, match=r"anthropic\.Anthropic"):
        packlight.wrap(anthropic.types.Usage(input_tokens=1, output_tokens=1))


def test_wrap_adds_the_project_instructions_to_the_system_prompt(
    server: WindowServer, tmp_path: Any
) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "AGENTS.md").write_text("Run the linters before every commit.\n", encoding="utf-8")
    with packlight.wrap(
        sync_client(server), context_window=WINDOW, project_instructions=tmp_path
    ) as client:
        client.messages.create(
            model="window-model",
            max_tokens=64,
            system="You are a careful agent.",
            messages=[{"role": "user", "content": "Lint the repository."}],
        )
    sent = json.dumps(server.requests[-1].body)
    assert "Run the linters before every commit." in sent
    assert '<project_instructions source=\\"AGENTS.md\\">' in sent
    assert "You are a careful agent." in sent
