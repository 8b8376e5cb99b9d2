"""Fixtures of the gateway tests: the window server upstream and a gateway in front of it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest

from tests.gateway.serving import RunningGateway, gateway_settings, serve
from tests.live.window_server import WindowServer
from tests.wrappers.replay import WINDOW

REPLY = "I ran the command; the output shows the failing test and where it is defined."
KEY = "pl-test-key-one"
OTHER_KEY = "pl-test-key-two"


@pytest.fixture
def upstream() -> Iterator[WindowServer]:
    with WindowServer(window=WINDOW, reply=REPLY) as running:
        yield running


@pytest.fixture
def gateway(upstream: WindowServer, tmp_path: Path) -> Iterator[RunningGateway]:
    """The gateway with two keys, in front of an 8,192-token window it is told about."""
    settings = gateway_settings(
        upstream.openai_url,
        tmp_path / "gateway.db",
        **{"gateway.api_keys": [KEY, OTHER_KEY], "context.context_window": WINDOW},
    )
    with serve(settings) as running:
        yield running


@pytest.fixture
def sdk() -> Iterator[Callable[..., Any]]:
    """``sdk("openai" | "anthropic", base_url, key)``: a client closed after the test."""
    made: list[Any] = []

    def make(kind: str, base_url: str, key: str) -> Any:
        factory = openai.OpenAI if kind == "openai" else anthropic.Anthropic
        client = factory(base_url=base_url, api_key=key, max_retries=0)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()
