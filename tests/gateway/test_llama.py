"""The OpenAI SDK -> ``packlight serve`` -> the real llama-cpp-python server (2,048 tokens).

The same slice of the bundled trajectory that the bare client cannot finish (the server
refuses the fourth turn as too long) goes through the gateway to the end: told nothing of the
window, the gateway learns it from the server's overflow error, compacts and retries, and no
error reaches the client. A short streamed request reads the same text through the gateway
as without it. (This server checks the window only after a stream has started, so an
oversized stream cannot be recovered by anyone: docs/testing.md.)
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import openai
import pytest

from tests.gateway.serving import gateway_settings, serve
from tests.live.test_llama_live import MAX_TOKENS, SEED, TIMEOUT, WINDOW, chat, trajectory, turns
from tests.summarizers.llama_server import LlamaServer, llama_python, run_llama_server

pytestmark = [pytest.mark.llm_server, pytest.mark.slow]


@pytest.fixture(scope="module")
def small_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    folder = tmp_path_factory.mktemp("llama-gateway")
    with run_llama_server(
        llama_python(), folder / "llama-gateway.log", context_tokens=WINDOW
    ) as server:
        yield server


def test_the_gateway_carries_a_replay_the_bare_client_cannot_finish(
    small_server: LlamaServer, tmp_path: Path
) -> None:
    bare = openai.OpenAI(
        base_url=small_server.base_url, api_key="x", max_retries=0, timeout=TIMEOUT
    )
    settings = gateway_settings(small_server.base_url, tmp_path / "g.db")
    plain_error: openai.BadRequestError | None = None
    answers: list[Any] = []
    with serve(settings) as gateway, bare:
        client = openai.OpenAI(
            base_url=gateway.openai_url, api_key="x", max_retries=0, timeout=TIMEOUT
        )
        with client:
            for history in turns(trajectory()):
                if plain_error is None:
                    try:
                        chat(bare, small_server.model, history)
                    except openai.BadRequestError as error:
                        plain_error = error
                answers.append(chat(client, small_server.model, history))
            streamed = client.chat.completions.create(
                model=small_server.model,
                messages=cast(Any, trajectory()[:2]),
                max_tokens=MAX_TOKENS,
                temperature=0,
                seed=SEED,
                stream=True,
            )
            text = "".join(c.choices[0].delta.content or "" for c in streamed if c.choices)
        metrics = gateway.gateway.metrics.exposition().decode()
    assert plain_error is not None, "the bare client should meet the window"
    assert len(answers) == 5
    assert all(answer.choices for answer in answers)
    assert all(answer.usage.prompt_tokens + MAX_TOKENS <= WINDOW for answer in answers)
    assert 'packlight_recoveries_total{route="/v1/chat/completions"}' in metrics
    with bare_client(small_server) as again:
        direct = chat(again, small_server.model, trajectory()[:2])
    assert text == direct.choices[0].message.content


def bare_client(server: LlamaServer) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.base_url, api_key="x", max_retries=0, timeout=TIMEOUT)
