"""packlight's OpenAI provider against a real llama-cpp-python server serving SmolLM2-135M.

These pin what the real server does, not what a scripted one is told to do: the usage it
reports, how it treats ``max_tokens``, a model name it does not serve, and a prompt longer
than its window. The failure matrix itself lives in test_providers.py (scripted server).
"""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from packlight.summarizers.providers import (
    ChatProvider,
    OpenAIProvider,
    ProviderConfig,
    SummaryCallError,
    make_provider,
)
from tests.summarizers.llama_server import LlamaServer, llama_python, run_llama_server

pytestmark = [pytest.mark.llm_server, pytest.mark.slow]

SYSTEM = "You summarize conversations between a user and a coding assistant."
USER = (
    "user: please fix the failing test in tests/test_parser.py\n"
    "assistant: I changed parse_header() to accept empty lines; the test passes now.\n\n"
    "Summarize what was done in one sentence."
)
SMALL_WINDOW = 256
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@pytest.fixture
def provider(llama_server: LlamaServer) -> Iterator[OpenAIProvider]:
    config = ProviderConfig(
        provider="openai", model=llama_server.model, base_url=llama_server.base_url, timeout=60
    )
    with OpenAIProvider(config) as chat:
        yield chat


def _raw_chat(server: LlamaServer, payload: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST a chat completion without any SDK: the server's own status and JSON body."""
    request = urllib.request.Request(
        f"{server.base_url}/chat/completions",
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with _DIRECT.open(request, timeout=60) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def test_make_provider_completes_through_the_real_server(llama_server: LlamaServer) -> None:
    config = ProviderConfig(
        provider="openai", model=llama_server.model, base_url=llama_server.base_url
    )
    chat: ChatProvider = make_provider(config)
    completion = chat.complete(SYSTEM, USER, max_tokens=24)
    assert completion.text.strip()
    assert completion.model == llama_server.model


def test_usage_is_read_from_the_real_response(
    llama_server: LlamaServer, provider: OpenAIProvider
) -> None:
    completion = provider.complete(SYSTEM, USER, max_tokens=32)
    # The prompt's token count depends only on the prompt: the same messages sent without
    # the SDK must report the same number, so packlight read the server's field.
    status, body = _raw_chat(
        llama_server,
        {
            "model": llama_server.model,
            "messages": [
                {"role": "system", "content": SYSTEM},
                {"role": "user", "content": USER},
            ],
            "max_tokens": 1,
        },
    )
    assert status == 200
    assert completion.input_tokens == body["usage"]["prompt_tokens"]
    assert completion.input_tokens > 0
    assert 0 < completion.output_tokens <= 32


def test_longer_prompts_report_more_input_tokens(provider: OpenAIProvider) -> None:
    short = provider.complete(SYSTEM, "Say hello.", max_tokens=4)
    long = provider.complete(SYSTEM, "Say hello. " + "The build is green. " * 40, max_tokens=4)
    assert long.input_tokens > short.input_tokens + 40


@pytest.mark.parametrize("max_tokens", [1, 5, 24])
def test_max_tokens_caps_the_completion(provider: OpenAIProvider, max_tokens: int) -> None:
    completion = provider.complete(
        SYSTEM,
        "Write a long, detailed essay about the history of compilers.",
        max_tokens=max_tokens,
    )
    assert 0 < completion.output_tokens <= max_tokens


def test_async_completion_through_the_real_server(provider: OpenAIProvider) -> None:
    completion = asyncio.run(provider.acomplete(SYSTEM, USER, max_tokens=16))
    assert completion.text.strip()
    assert 0 < completion.output_tokens <= 16


def test_unknown_model_name_is_served_by_the_loaded_model(llama_server: LlamaServer) -> None:
    """llama-cpp-python answers any model name with its default model (HTTP 200) and echoes
    the requested name back, so ``model_not_found`` cannot happen against this server: that
    kind is covered by the scripted server in test_providers.py."""
    config = ProviderConfig(
        provider="openai", model="no-such-model-7b", base_url=llama_server.base_url
    )
    with OpenAIProvider(config) as chat:
        completion = chat.complete(SYSTEM, USER, max_tokens=8)
    assert completion.text.strip()
    assert completion.model == "no-such-model-7b"


@pytest.fixture(scope="module")
def small_window(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpenAIProvider]:
    """A provider on a second server whose window is only 256 tokens, so filling it is cheap
    (SmolLM2 reads a few hundred prompt tokens a second on two threads)."""
    log_path = tmp_path_factory.mktemp("llama-small") / "llama-server.log"
    with run_llama_server(llama_python(), log_path, context_tokens=SMALL_WINDOW) as server:
        config = ProviderConfig(
            provider="openai", model=server.model, base_url=server.base_url, timeout=60
        )
        with OpenAIProvider(config) as chat:
            yield chat


def test_prompt_longer_than_the_window_is_a_400_packlight_calls_malformed(
    small_window: OpenAIProvider,
) -> None:
    too_long = "The build is green. " * SMALL_WINDOW  # about five tokens per repeat
    with pytest.raises(SummaryCallError) as caught:
        small_window.complete(SYSTEM, too_long, max_tokens=16)
    assert caught.value.status == 400
    # llama-cpp-python answers {"error": {"code": "context_length_exceeded", ...}}; packlight
    # has no kind for that and files it with the other unexpected 4xx answers.
    assert caught.value.kind == "malformed"
    assert f"maximum context length is {SMALL_WINDOW} tokens" in str(caught.value)


def test_max_tokens_beyond_the_window_is_truncated_not_refused(
    small_window: OpenAIProvider,
) -> None:
    """The server shortens ``max_tokens`` to what is left of its window instead of failing,
    so an oversized output budget surfaces only as a shorter completion."""
    repeat = "The build is green. "

    def prompt_tokens(repeats: int) -> int:
        return small_window.complete(SYSTEM, repeat * repeats, max_tokens=1).input_tokens

    # Fill the window to within ~16 tokens with a prompt whose size is measured, not guessed.
    base, per_ten = prompt_tokens(1), prompt_tokens(11) - prompt_tokens(1)
    repeats = 1 + (SMALL_WINDOW - 16 - base) * 10 // per_ten
    completion = small_window.complete(SYSTEM, repeat * repeats, max_tokens=1000)
    assert SMALL_WINDOW - 32 < completion.input_tokens < SMALL_WINDOW
    assert completion.input_tokens + completion.output_tokens <= SMALL_WINDOW
