"""packlight's live loop against the real llama-cpp-python server with a 2,048-token window.

The session-wide ``llama_server`` fixture has SmolLM2's whole 8,192-token window; here a second
server gets 2,048 so that real overflow errors come after a few turns. What that server
answers when a prompt does not fit (llama-cpp-python 0.3.36; pinned by the first test)::

    HTTP 400  {"error": {"message": "This model's maximum context length is 2048 tokens.
               However, you requested 2286 tokens (2278 in the messages, 8 in the
               completion). Please reduce the length of the messages or completion.",
               "type": "invalid_request_error", "param": "messages",
               "code": "context_length_exceeded"}}

packlight does not know ``smollm2``, so it estimates the prompt at four characters a token;
SmolLM2's tokenizer counts about a quarter more on this trajectory, and its chat template
leaves ``tool_calls`` out of the prompt altogether. Closing that gap is what calibration (the
usage each response reports) and recovery (the limit and count each overflow error states)
are for.

Streams are where this server stops helping: it ignores ``stream_options.include_usage`` (a
stream reports no usage, so a streaming-only session never calibrates), and it checks the
window only after the stream has started, so an oversized streamed request is an empty 200
stream with no error at all, which no client, packlight included, can recover from.

Reading a prompt is the slow part on a two-CPU machine (measured here: 25 to 150 tokens a
second, depending on what else runs), and the server keeps only the previous request's prompt
in its cache. So the replay is a short slice of the trajectory, and the bare client and the
wrapped one take turns: while packlight has not changed the history, the wrapped request
repeats the bare one and costs no prompt read.

The server runs with ggml's extra weight buffer types turned off, like every llama server
of the suite (tests/summarizers/llama_launch.py says why).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

import openai
import pytest

import packlight
from packlight.cli.demo import example_path
from packlight.overflow import classify_error
from tests.summarizers.llama_server import LlamaServer, llama_python, run_llama_server

pytestmark = pytest.mark.llm_server

WINDOW = 2048
MAX_TOKENS = 8
SEED = 1234
TIMEOUT = 300.0


@pytest.fixture(scope="module")
def small_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """A second real server whose window is 2,048 tokens."""
    folder = tmp_path_factory.mktemp("llama-small")
    with run_llama_server(
        llama_python(), folder / "llama-small.log", context_tokens=WINDOW
    ) as server:
        yield server


@pytest.fixture
def bare(small_server: LlamaServer) -> Iterator[openai.OpenAI]:
    with openai.OpenAI(
        base_url=small_server.base_url, api_key="x", max_retries=0, timeout=TIMEOUT
    ) as client:
        yield client


def trajectory() -> list[dict[str, Any]]:
    """The bundled example's system prompt and its messages 29 to 38.

    Message 1, the task, is 1,639 SmolLM2 tokens on its own, too much of a 2,048-token
    window; 29 is a user turn (mini-swe-agent's format reminder). Five assistant turns
    follow; the history before the fourth (message 36) is 2,278 SmolLM2 tokens.
    """
    messages = [dict(message) for message in packlight.read_session(example_path()).messages]
    return [messages[0], *messages[29:39]]


def turns(messages: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """The history before each recorded assistant message: what the agent sent then."""
    for index, message in enumerate(messages):
        if message["role"] == "assistant":
            yield messages[:index]


def chat(client: Any, model: str, history: list[dict[str, Any]], **options: Any) -> Any:
    return client.chat.completions.create(
        model=model,
        messages=cast(Any, history),
        max_tokens=MAX_TOKENS,
        temperature=0,
        seed=SEED,
        **options,
    )


@dataclass
class Replay:
    """What one client met on the replay."""

    responses: list[Any] = field(default_factory=list)
    error: openai.APIStatusError | None = None
    seconds: list[float] = field(default_factory=list)


# ------------------------------------------------------------------------- the real error


def test_the_servers_overflow_error_states_its_window(
    small_server: LlamaServer, bare: openai.OpenAI
) -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        chat(bare, small_server.model, [{"role": "user", "content": "hello world " * 2_000}])

    error = caught.value
    print(f"\n{type(error).__name__} {error.status_code}: {json.dumps(error.body)}")
    body = cast(dict[str, Any], error.body)
    assert error.status_code == 400
    assert body["code"] == "context_length_exceeded"
    assert body["message"].startswith(f"This model's maximum context length is {WINDOW} tokens.")
    limit = classify_error(error)
    assert limit is not None
    assert (limit.kind, limit.status, limit.limit) == ("context", 400, WINDOW)
    assert limit.completion == MAX_TOKENS
    assert limit.requested is not None
    assert limit.requested > WINDOW


# ------------------------------------------------------------------------------ replays


@pytest.mark.slow
def test_a_wrapped_client_replays_a_trajectory_the_bare_client_cannot(
    small_server: LlamaServer, bare: openai.OpenAI
) -> None:
    client = packlight.wrap(bare, context_window=small_server.context_tokens)
    plain, wrapped = Replay(), Replay()

    for history in turns(trajectory()):
        if plain.error is None:
            try:
                plain.responses.append(chat(bare, small_server.model, history))
            except openai.BadRequestError as error:
                plain.error = error
        started = time.monotonic()
        wrapped.responses.append(chat(client, small_server.model, history))
        wrapped.seconds.append(time.monotonic() - started)

    stats = client.packlight.stats
    print(
        f"\nbare: {len(plain.responses)} answers, then {plain.error}"
        f"\nwrapped: {len(wrapped.responses)} answers in "
        f"{', '.join(f'{s:.1f}' for s in wrapped.seconds)} s; prompt tokens "
        f"{[r.usage.prompt_tokens for r in wrapped.responses]}; {stats}"
    )
    # The bare client proves the window is real: the history outgrows it.
    assert plain.error is not None
    limit = classify_error(plain.error)
    assert limit is not None
    assert (limit.kind, limit.limit) == ("context", WINDOW)
    assert len(plain.responses) < len(wrapped.responses) == 5
    # packlight carried the same replay to the end: no error reached the caller.
    assert all(response.choices for response in wrapped.responses)
    assert all(
        response.usage.prompt_tokens + MAX_TOKENS <= WINDOW for response in wrapped.responses
    )
    assert stats.compactions >= 1
    assert stats.last_reported == wrapped.responses[-1].usage.prompt_tokens
    assert client.packlight.context_window == WINDOW


@pytest.mark.slow
def test_the_servers_stated_window_is_learned_and_the_overflow_recovered(
    small_server: LlamaServer, bare: openai.OpenAI
) -> None:
    # packlight believes the window is 128,000 tokens; the history is 2,278 of SmolLM2's.
    client = packlight.wrap(bare, context_window=128_000)
    history = trajectory()[:8]

    response = chat(client, small_server.model, history)

    stats = client.packlight.stats
    print(f"\nprompt tokens {response.usage.prompt_tokens}; {stats}")
    assert response.choices
    assert stats.recoveries >= 1
    assert stats.compactions >= 1
    assert client.packlight.context_window == small_server.context_tokens == WINDOW
    assert response.usage.prompt_tokens + MAX_TOKENS <= WINDOW
    assert stats.last_reported == response.usage.prompt_tokens


# --------------------------------------------------------------------------------- async


@pytest.mark.slow
def test_the_async_wrapper_recovers_the_same_way(small_server: LlamaServer) -> None:
    history = trajectory()[:8]

    async def run() -> tuple[Any, Any]:
        async with openai.AsyncOpenAI(
            base_url=small_server.base_url, api_key="x", max_retries=0, timeout=TIMEOUT
        ) as raw:
            client = packlight.wrap(raw, context_window=128_000)
            return await chat(client, small_server.model, history), client.packlight

    response, session = asyncio.run(run())

    stats = session.stats
    print(f"\nprompt tokens {response.usage.prompt_tokens}; {stats}")
    assert response.choices
    assert stats.recoveries >= 1
    assert session.context_window == WINDOW
    assert stats.last_reported == response.usage.prompt_tokens
    # The answer is the server's answer to the view packlight settled on.
    with openai.OpenAI(
        base_url=small_server.base_url, api_key="x", max_retries=0, timeout=TIMEOUT
    ) as bare:
        direct = chat(bare, small_server.model, session.messages())
    assert response.choices[0].message.content == direct.choices[0].message.content


# ------------------------------------------------------------------------------- streams


def streamed(stream: Any) -> list[Any]:
    with stream:
        return list(stream)


def deltas(chunks: Iterable[Any]) -> list[tuple[str | None, str | None]]:
    return [(chunk.choices[0].delta.content, chunk.choices[0].finish_reason) for chunk in chunks]


def text_of(chunks: list[Any]) -> str:
    return "".join(chunk.choices[0].delta.content or "" for chunk in chunks if chunk.choices)


def test_a_stream_through_the_wrapper_is_the_stream_without_it(
    small_server: LlamaServer, bare: openai.OpenAI
) -> None:
    history = [{"role": "user", "content": "Name three colours."}]
    client = packlight.wrap(bare, context_window=small_server.context_tokens)

    # The wrapper asks for stream_options.include_usage on the caller's behalf; ask for it
    # here too, so that both requests are the same and the server's answer to it shows.
    options = {"stream": True, "stream_options": {"include_usage": True}}
    # The server reuses a cached prompt, and an answer from the cache may differ from the
    # first one in a token or two: warm it, so that both answers compared come from it.
    streamed(chat(bare, small_server.model, history, **options))
    direct = streamed(chat(bare, small_server.model, history, **options))
    through = streamed(chat(client, small_server.model, history, stream=True))

    usage = [chunk.usage for chunk in direct if chunk.usage is not None]
    print(f"\n{text_of(through)!r}; usage chunks without the wrapper: {usage}")
    assert text_of(through) == text_of(direct) != ""
    # Chunk for chunk the same, except that a usage-only chunk is not shown to a caller who
    # did not ask for usage.
    assert deltas(through) == deltas(chunk for chunk in direct if chunk.choices)
    assert deltas(through)[-1] == (None, "length")
    if usage:
        assert client.packlight.stats.last_reported == usage[-1].prompt_tokens
    else:
        # llama-cpp-python 0.3.36 ignores include_usage: a stream reports no usage, and the
        # session does not make one up.
        assert client.packlight.stats.last_reported is None


def test_a_streamed_overflow_is_an_empty_stream_packlight_cannot_see(
    small_server: LlamaServer, bare: openai.OpenAI
) -> None:
    # llama-cpp-python checks the window only once the stream has started: it answers 200,
    # logs "ValueError: Requested tokens (N) exceed context window of 2048" and ends the
    # event stream without an event, an error or [DONE]. No exception reaches anybody.
    history = trajectory()[:8]
    direct = streamed(chat(bare, small_server.model, history, stream=True))
    # A client of its own: the connection the broken stream leaves in bare's pool is reset
    # by the server when reused at once (an APIConnectionError without the SDK's retries).
    with openai.OpenAI(
        base_url=small_server.base_url, api_key="x", max_retries=0, timeout=TIMEOUT
    ) as raw:
        client = packlight.wrap(raw, context_window=128_000)
        through = streamed(chat(client, small_server.model, history, stream=True))

    assert direct == through == []
    assert client.packlight.stats.recoveries == 0
    assert "exceed context window of 2048" in small_server.log_tail()
