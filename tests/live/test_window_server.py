"""The window server against the real OpenAI and Anthropic SDKs, on loopback only."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

import anthropic
import openai
import pytest

from tests.live.window_server import Seen, WindowServer, shared_prefix_tokens

MODEL = "window-test"
REPLY = "The failing test passes now after the fix in src/app.py."
LONG = "alpha beta gamma delta " * 2_400  # well over 8,192 tokens


def tokens(text: str) -> int:
    """o200k_base, counted here independently of the server."""
    import quicktok

    return int(quicktok.get_encoding("o200k_base").count(text))


class Live:
    """A running server with an OpenAI and an Anthropic client pointed at it."""

    def __init__(
        self,
        server: WindowServer,
        openai_client: openai.OpenAI,
        anthropic_client: anthropic.Anthropic,
    ) -> None:
        self.server = server
        self.openai = openai_client
        self.anthropic = anthropic_client

    def chat(self, messages: list[dict[str, Any]], **options: Any) -> Any:
        return self.openai.chat.completions.create(
            model=MODEL, messages=cast(Any, messages), **options
        )

    def message(self, messages: list[dict[str, Any]], **options: Any) -> Any:
        options.setdefault("max_tokens", 256)
        return self.anthropic.messages.create(model=MODEL, messages=cast(Any, messages), **options)


@contextmanager
def running(**options: Any) -> Iterator[Live]:
    options.setdefault("reply", REPLY)
    with (
        WindowServer(**options) as server,
        openai.OpenAI(base_url=server.openai_url, api_key="x", max_retries=0) as openai_client,
        anthropic.Anthropic(
            base_url=server.anthropic_url, api_key="x", max_retries=0
        ) as anthropic_client,
    ):
        yield Live(server, openai_client, anthropic_client)


@pytest.fixture
def live() -> Iterator[Live]:
    with running() as started:
        yield started


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


TOOL_CALL: dict[str, Any] = {
    "role": "assistant",
    "content": None,
    "tool_calls": [
        {"id": "call_x", "type": "function", "function": {"name": "ls", "arguments": '{"p": "."}'}}
    ],
}
TOOL_ANSWER: dict[str, Any] = {"role": "tool", "tool_call_id": "call_x", "content": "README.md"}
TOOL_USE: dict[str, Any] = {
    "role": "assistant",
    "content": [{"type": "tool_use", "id": "toolu_x", "name": "ls", "input": {"p": "."}}],
}
TOOL_RESULT: dict[str, Any] = {
    "role": "user",
    "content": [{"type": "tool_result", "tool_use_id": "toolu_x", "content": "README.md"}],
}


# --------------------------------------------------------------------------- OpenAI chat


def test_openai_small_request_succeeds_with_the_servers_usage(live: Live) -> None:
    result = live.chat(
        [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Fix it."}],
    )

    assert result.choices[0].message.content == REPLY
    assert result.usage.prompt_tokens == 8 + tokens("Be brief.") + tokens("Fix it.")
    assert result.usage.completion_tokens == tokens(REPLY)
    assert result.usage.total_tokens == result.usage.prompt_tokens + tokens(REPLY)
    assert live.server.requests[0].outcome == "ok"


def test_openai_counts_tool_calls_tools_and_images(live: Live) -> None:
    tool = {"type": "function", "function": {"name": "ls", "parameters": {"type": "object"}}}
    image = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": [{"type": "text", "text": "Look"}, image]},
        TOOL_CALL,
        TOOL_ANSWER,
    ]

    result = live.chat(messages, tools=[tool])

    schema = json.dumps(tool, sort_keys=True, separators=(",", ":"))
    expected = 12 + tokens("Look") + 1_000 + tokens("ls") + tokens('{"p": "."}')
    assert result.usage.prompt_tokens == expected + tokens("README.md") + tokens(schema)


def test_openai_oversized_request_states_the_window(live: Live) -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        live.chat([{"role": "user", "content": LONG}])

    prompt = 4 + tokens(LONG)
    body = cast(dict[str, Any], caught.value.body)
    assert caught.value.code == body["code"] == "context_length_exceeded"
    assert body["type"] == "invalid_request_error"
    assert body["message"] == (
        "This model's maximum context length is 8192 tokens. However, your messages resulted "
        f"in {prompt} tokens. Please reduce the length of the messages."
    )
    assert live.server.requests[0].outcome == "overflow"
    assert live.server.requests[0].prompt_tokens == prompt


def test_openai_counts_the_requested_completion(live: Live) -> None:
    text = "word " * 7_000
    prompt = 4 + tokens(text)
    assert prompt < 8_192 < prompt + 2_048

    with pytest.raises(openai.BadRequestError) as caught:
        live.chat([{"role": "user", "content": text}], max_completion_tokens=2_048)

    assert f"However, you requested {prompt + 2_048} tokens ({prompt} in the messages, " in (
        caught.value.message
    )


def test_completion_is_ignored_without_count_completion() -> None:
    with running(count_completion=False) as live:
        result = live.chat([{"role": "user", "content": "word " * 7_000}], max_tokens=4_000)
    assert result.choices[0].message.content == REPLY


def test_reply_can_depend_on_the_request() -> None:
    def echo(body: dict[str, Any]) -> str:
        return f"{len(body['messages'])} messages"

    with running(reply=echo) as live:
        result = live.chat([{"role": "user", "content": "a"}, {"role": "user", "content": "b"}])
    assert result.choices[0].message.content == "2 messages"
    assert result.usage.completion_tokens == tokens("2 messages")


def test_overflow_without_state_limit_states_no_numbers() -> None:
    with running(state_limit=False) as live:
        with pytest.raises(openai.BadRequestError) as openai_error:
            live.chat([{"role": "user", "content": LONG}])
        with pytest.raises(anthropic.BadRequestError) as anthropic_error:
            live.message([{"role": "user", "content": LONG}])

    assert openai_error.value.code == "context_length_exceeded"
    assert openai_error.value.message.endswith(
        "Your input exceeds the context window of this model. Please adjust your input and "
        "try again."
    )
    assert cast(dict[str, Any], anthropic_error.value.body)["error"]["message"] == (
        "prompt is too long"
    )


def test_openai_unanswered_tool_call_is_rejected(live: Live) -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        live.chat([{"role": "user", "content": "Go"}, TOOL_CALL, {"role": "user", "content": "?"}])

    assert caught.value.message.endswith(
        "An assistant message with 'tool_calls' must be followed by tool messages responding to "
        "each 'tool_call_id'. The following tool_call_ids did not have response messages: call_x"
    )
    assert cast(dict[str, Any], caught.value.body)["param"] == "messages"
    assert live.server.requests[0].outcome == "invalid"


def test_openai_orphan_tool_message_is_rejected(live: Live) -> None:
    with pytest.raises(openai.BadRequestError, match="must be a response to a preceeding message"):
        live.chat([{"role": "user", "content": "Go"}, TOOL_ANSWER])


def test_openai_answered_tool_call_is_accepted(live: Live) -> None:
    result = live.chat([{"role": "user", "content": "Go"}, TOOL_CALL, TOOL_ANSWER])
    assert result.choices[0].message.content == REPLY


def test_tool_pairing_can_be_switched_off() -> None:
    with running(tool_pairing=False) as live:
        live.chat([{"role": "user", "content": "Go"}, TOOL_CALL])
        live.message([{"role": "user", "content": "Go"}, TOOL_USE])
    assert [seen.outcome for seen in live.server.requests] == ["ok", "ok"]


def test_openai_rejects_packlight_metadata_anywhere(live: Live) -> None:
    tagged = {"role": "user", "content": "Go", "_packlight": {"id": 1}}
    with pytest.raises(openai.BadRequestError) as nested:
        live.chat([{"role": "user", "content": "Hi"}, tagged])
    with pytest.raises(openai.BadRequestError) as top:
        live.chat([{"role": "user", "content": "Hi"}], extra_body={"_packlight": {}})

    assert "('_packlight' was unexpected) - 'messages.1'" in nested.value.message
    assert top.value.message.endswith("Unrecognized request argument supplied: _packlight")


def test_openai_rejects_empty_messages_and_unknown_roles(live: Live) -> None:
    with pytest.raises(openai.BadRequestError, match="empty array"):
        live.chat([])
    with pytest.raises(openai.BadRequestError, match="Invalid value: 'function'"):
        live.chat([{"role": "function", "name": "f", "content": "x"}])


def test_openai_streams_the_reply_chunk_by_chunk(live: Live) -> None:
    chunks = list(live.chat([{"role": "user", "content": "Go"}], stream=True))

    pieces = [
        c.choices[0].delta.content for c in chunks if c.choices and c.choices[0].delta.content
    ]
    assert len(pieces) > 1
    assert "".join(pieces) == REPLY
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert all(c.usage is None for c in chunks)
    assert live.server.requests[0].stream


def test_openai_stream_ends_with_usage_only_when_asked(live: Live) -> None:
    chunks = list(
        live.chat(
            [{"role": "user", "content": "Go"}],
            stream=True,
            stream_options={"include_usage": True},
        )
    )

    assert chunks[-1].choices == []
    assert chunks[-1].usage.prompt_tokens == 4 + tokens("Go")
    assert chunks[-1].usage.completion_tokens == tokens(REPLY)
    assert all(c.usage is None for c in chunks[:-1])


def test_errors_on_streaming_requests_come_before_any_event(live: Live) -> None:
    with pytest.raises(openai.BadRequestError, match="maximum context length is 8192"):
        live.chat([{"role": "user", "content": LONG}], stream=True)
    with pytest.raises(anthropic.BadRequestError, match="prompt is too long"):
        live.message([{"role": "user", "content": LONG}], stream=True)
    assert [seen.stream for seen in live.server.requests] == [True, True]


# --------------------------------------------------------------------------- Anthropic


def test_anthropic_small_request_succeeds_with_the_servers_usage(live: Live) -> None:
    result = live.message([{"role": "user", "content": "Fix it."}], system="Be brief.")

    assert result.content[0].text == REPLY
    assert result.usage.input_tokens == 4 + tokens("Be brief.") + tokens("Fix it.")
    assert result.usage.output_tokens == tokens(REPLY)
    assert result.usage.cache_read_input_tokens == 0
    assert result.usage.cache_creation_input_tokens == 0


def test_anthropic_counts_tool_use_input_as_json(live: Live) -> None:
    result = live.message([{"role": "user", "content": "Go"}, TOOL_USE, TOOL_RESULT])

    arguments = tokens(json.dumps({"p": "."}, separators=(",", ":")))
    expected = 12 + tokens("Go") + tokens("ls") + arguments + tokens("README.md")
    assert result.usage.input_tokens == expected


def test_anthropic_oversized_prompt_is_too_long(live: Live) -> None:
    with pytest.raises(anthropic.BadRequestError) as caught:
        live.message([{"role": "user", "content": LONG}])

    body = cast(dict[str, Any], caught.value.body)
    assert body["type"] == "error"
    assert body["error"] == {
        "type": "invalid_request_error",
        "message": f"prompt is too long: {4 + tokens(LONG)} tokens > 8192 maximum",
    }


def test_anthropic_max_tokens_over_the_window(live: Live) -> None:
    text = "word " * 7_000
    prompt = 4 + tokens(text)

    with pytest.raises(anthropic.BadRequestError) as caught:
        live.message([{"role": "user", "content": text}], max_tokens=2_048)

    assert cast(dict[str, Any], caught.value.body)["error"]["message"] == (
        f"input length and `max_tokens` exceed context limit: {prompt} + 2048 > 8192, "
        "decrease input length or `max_tokens` and try again"
    )


def test_anthropic_unanswered_tool_use_is_rejected(live: Live) -> None:
    with pytest.raises(anthropic.BadRequestError) as caught:
        live.message(
            [{"role": "user", "content": "Go"}, TOOL_USE, {"role": "user", "content": "?"}]
        )

    assert cast(dict[str, Any], caught.value.body)["error"]["message"] == (
        "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: "
        "toolu_x. Each `tool_use` block must have a corresponding `tool_result` block in the "
        "next message."
    )


def test_anthropic_unexpected_tool_result_is_rejected(live: Live) -> None:
    messages = [{"role": "user", "content": "Go"}, {"role": "assistant", "content": "Hm"}]
    with pytest.raises(anthropic.BadRequestError) as caught:
        live.message([*messages, TOOL_RESULT])

    assert cast(dict[str, Any], caught.value.body)["error"]["message"].startswith(
        "messages.2.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_x."
    )


def test_anthropic_accepts_consecutive_same_role_messages(live: Live) -> None:
    same_role = [{"role": "user", "content": "a"}, {"role": "user", "content": "b"}]
    assert live.message(same_role).content[0].text == REPLY


@pytest.mark.parametrize(
    ("messages", "options", "expected"),
    [
        (
            [{"role": "assistant", "content": "Hi"}],
            {},
            'messages: first message must use the "user" role',
        ),
        (
            [{"role": "user", "content": [{"type": "text", "text": ""}]}],
            {},
            "messages: text content blocks must be non-empty",
        ),
        (
            [{"role": "user", "content": "Go", "_packlight": {"id": 1}}],
            {},
            "messages.0._packlight: Extra inputs are not permitted",
        ),
        (
            [
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": str(i), "cache_control": {"type": "ephemeral"}}
                        for i in range(5)
                    ],
                }
            ],
            {},
            "A maximum of 4 blocks with cache_control may be provided. Found 5.",
        ),
    ],
)
def test_anthropic_rejects_what_the_api_rejects(
    live: Live, messages: list[dict[str, Any]], options: dict[str, Any], expected: str
) -> None:
    with pytest.raises(anthropic.BadRequestError) as caught:
        live.message(messages, **options)

    assert cast(dict[str, Any], caught.value.body)["error"]["message"] == expected
    assert live.server.requests[0].error == expected
    assert live.server.requests[0].outcome == "invalid"


def test_anthropic_requires_max_tokens(live: Live) -> None:
    status, body = post(
        f"{live.server.anthropic_url}/v1/messages",
        {"model": MODEL, "messages": [{"role": "user", "content": "Go"}]},
    )
    assert status == 400
    assert body["error"] == {
        "type": "invalid_request_error",
        "message": "max_tokens: Field required",
    }


def test_anthropic_streams_the_reply_chunk_by_chunk(live: Live) -> None:
    stream = live.anthropic.messages.stream(
        model=MODEL, max_tokens=256, messages=[{"role": "user", "content": "Go"}]
    )
    with stream as events:
        pieces = list(events.text_stream)
        final = events.get_final_message()

    assert len(pieces) > 1
    assert "".join(pieces) == REPLY
    assert final.usage.input_tokens == 4 + tokens("Go")
    assert final.usage.output_tokens == tokens(REPLY)
    assert final.stop_reason == "end_turn"


def test_anthropic_stream_sends_the_api_event_sequence(live: Live) -> None:
    events = list(live.message([{"role": "user", "content": "Go"}], stream=True))

    kinds = [event.type for event in events]
    assert kinds[:2] == ["message_start", "content_block_start"]
    assert set(kinds[2:-3]) == {"content_block_delta"}
    assert kinds[-3:] == ["content_block_stop", "message_delta", "message_stop"]


def test_anthropic_cache_reads_a_resent_prefix_with_cache_control(live: Live) -> None:
    system = [{"type": "text", "text": "You are a careful agent. " * 60}]
    first_turn: list[dict[str, Any]] = [{"role": "user", "content": "List the files."}]
    first = live.message(first_turn, system=system)
    cached_turn = {
        "role": "user",
        "content": [
            {"type": "text", "text": "Now fix it.", "cache_control": {"type": "ephemeral"}}
        ],
    }
    later = [*first_turn, {"role": "assistant", "content": "README.md"}, cached_turn]

    second = live.message(later, system=system)
    uncached = live.message([*later[:2], {"role": "user", "content": "Now fix it."}], system=system)
    other_system = live.message(later, system="Something else.")

    assert first.usage.cache_read_input_tokens == 0
    assert second.usage.cache_read_input_tokens == first.usage.input_tokens
    assert second.usage.input_tokens + second.usage.cache_read_input_tokens == (
        first.usage.input_tokens + 8 + tokens("README.md") + tokens("Now fix it.")
    )
    assert uncached.usage.cache_read_input_tokens == 0
    assert other_system.usage.cache_read_input_tokens == 0


def test_anthropic_cache_ends_at_the_last_breakpoint(live: Live) -> None:
    marked = {"type": "text", "text": "Be brief.", "cache_control": {"type": "ephemeral"}}
    turns = [{"role": "user", "content": "a " * 50}, {"role": "assistant", "content": "b"}]
    live.message([*turns, {"role": "user", "content": "c"}], system=[marked])

    again = live.message([*turns, {"role": "user", "content": "c"}], system=[marked])

    assert again.usage.cache_read_input_tokens == tokens("Be brief.")


def test_reset_forgets_requests_and_the_cache(live: Live) -> None:
    marked = [{"type": "text", "text": "Be brief.", "cache_control": {"type": "ephemeral"}}]
    live.message([{"role": "user", "content": "Go"}], system=marked)
    live.server.reset()

    again = live.message([{"role": "user", "content": "Go"}], system=marked)

    assert again.usage.cache_read_input_tokens == 0
    assert len(live.server.requests) == 1


# --------------------------------------------------------------------------- Responses


def test_responses_small_request_succeeds_with_usage(live: Live) -> None:
    result = live.openai.responses.create(
        model=MODEL, instructions="Be brief.", input=[{"role": "user", "content": "Go"}]
    )

    assert result.output_text == REPLY
    assert result.usage is not None
    assert result.usage.input_tokens == 8 + tokens("Be brief.") + tokens("Go")
    assert result.usage.total_tokens == result.usage.input_tokens + tokens(REPLY)


def test_responses_overflow_and_orphan_output(live: Live) -> None:
    orphan = {"type": "function_call_output", "call_id": "call_x", "output": "README.md"}
    with pytest.raises(openai.BadRequestError) as overflow:
        live.openai.responses.create(model=MODEL, input=LONG)
    with pytest.raises(openai.BadRequestError) as invalid:
        live.openai.responses.create(model=MODEL, input=cast(Any, [orphan]))

    assert overflow.value.code == "context_length_exceeded"
    assert overflow.value.message.endswith("Please adjust your input and try again.")
    assert invalid.value.message.endswith(
        "No tool call found for function call output with call_id call_x."
    )


def test_responses_accepts_a_paired_call_and_streams(live: Live) -> None:
    call = {"type": "function_call", "call_id": "call_x", "name": "ls", "arguments": "{}"}
    output = {"type": "function_call_output", "call_id": "call_x", "output": "README.md"}
    items = cast(Any, [{"role": "user", "content": "Go"}, call, output])

    events = list(live.openai.responses.create(model=MODEL, input=items, stream=True))

    deltas = [e.delta for e in events if e.type == "response.output_text.delta"]
    assert "".join(deltas) == REPLY
    assert events[-1].type == "response.completed"
    assert live.server.requests[0].api == "openai_responses"


def test_responses_rejects_packlight_metadata(live: Live) -> None:
    tagged = {"role": "user", "content": "Go", "_packlight": {}}
    with pytest.raises(openai.BadRequestError) as caught:
        live.openai.responses.create(model=MODEL, input=cast(Any, [tagged]))
    assert cast(dict[str, Any], caught.value.body)["param"] == "input[0]._packlight"


# --------------------------------------------------------------------------- bookkeeping


def test_requests_record_every_outcome(live: Live) -> None:
    live.chat([{"role": "user", "content": "Go"}])
    with pytest.raises(openai.BadRequestError):
        live.chat([{"role": "user", "content": LONG}])
    with pytest.raises(anthropic.BadRequestError):
        live.message([{"role": "user", "content": "Go"}, TOOL_USE])

    seen = [(s.api, s.outcome, s.error is None) for s in live.server.requests]
    assert seen == [
        ("openai_chat", "ok", True),
        ("openai_chat", "overflow", False),
        ("anthropic", "invalid", False),
    ]
    assert live.server.requests[0].body["messages"] == [{"role": "user", "content": "Go"}]


def test_concurrent_requests_are_all_recorded(live: Live) -> None:
    def run() -> None:
        for _ in range(5):
            live.chat([{"role": "user", "content": "Go"}])

    threads = [threading.Thread(target=run) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert len(live.server.requests) == 30
    assert {seen.outcome for seen in live.server.requests} == {"ok"}


def test_models_are_listed_for_both_sdks(live: Live) -> None:
    assert [m.id for m in live.openai.models.list().data] == ["window-model"]
    assert [m.id for m in live.anthropic.models.list().data] == ["window-model"]


def test_unknown_route_is_not_found(live: Live) -> None:
    status, _ = post(f"{live.server.root_url}/v1/embeddings", {"input": "x"})
    assert status == 404
    assert live.server.requests == []


def test_shared_prefix_tokens_counts_unchanged_messages() -> None:
    first = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Go"}]
    grown = [*first, {"role": "assistant", "content": "Done"}, {"role": "user", "content": "More"}]
    edited = [first[0], {"role": "user", "content": "Stop"}, *grown[2:]]

    def seen(messages: list[dict[str, Any]], api: Any = "openai_chat") -> Seen:
        return Seen(api, {"messages": messages}, 0, "ok", None, False)

    assert shared_prefix_tokens(seen(first), seen(grown)) == 8 + tokens("Be brief.") + tokens("Go")
    assert shared_prefix_tokens(seen(first), seen(edited)) == 4 + tokens("Be brief.")
    assert shared_prefix_tokens(seen(first), seen(first, "anthropic")) == 0


def test_shared_prefix_tokens_includes_the_anthropic_system(live: Live) -> None:
    turn = [{"role": "user", "content": "Go"}]
    live.message(turn, system="Be brief.")
    live.message([*turn, {"role": "assistant", "content": "Ok"}, *turn], system="Be brief.")
    live.message(turn, system="Be verbose.")
    first, second, third = live.server.requests

    assert shared_prefix_tokens(first, second) == first.prompt_tokens
    assert shared_prefix_tokens(second, first) == first.prompt_tokens
    assert shared_prefix_tokens(first, third) == 0
