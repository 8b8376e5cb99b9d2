"""Two ``packlight serve`` processes on one PostgreSQL serve one conversation in turn.

A round-robin load balancer sends each turn of an agent to the other replica. The store is
the only thing they share: each turn the replica finds the conversation by its history, sees
whether the other one served it since (the session's head), and opens it from the store when
it did. The result must be the one conversation, whole: every message stored once, in order,
one compaction at a time, and nothing invalid or too long sent upstream.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, cast

import httpx
import pytest

from packlight.stored_session import original_messages
from tests.gateway.conftest import KEY
from tests.gateway.test_faults import free_port
from tests.live.window_server import WindowServer, shared_prefix_tokens
from tests.store.conftest import POSTGRES_DSN_VAR
from tests.wrappers.replay import (
    MAX_TOKENS,
    MODEL,
    WINDOW,
    contains_text,
    latest_user_text,
    swe_agent,
)

pytestmark = pytest.mark.slow


@pytest.fixture
def dsn() -> str:
    value = os.environ.get(POSTGRES_DSN_VAR)
    if not value:
        pytest.skip(f"two replicas need PostgreSQL: set {POSTGRES_DSN_VAR} (.ci/run sets it)")
    return value


@contextmanager
def replica(upstream: str, dsn: str, schema: str, log: Path) -> Iterator[str]:
    """``packlight serve`` in its own process; yields its base URL."""
    port = free_port()
    env = {**os.environ, "PACKLIGHT_STORE_SCHEMA": schema, "PACKLIGHT_HOME": str(log.parent)}
    command = [
        sys.executable, "-m", "packlight", "serve", "--upstream", upstream, "--store", dsn,
        "--port", str(port), "--api-key", KEY, "--context-window", str(WINDOW),
    ]  # fmt: skip
    with log.open("w") as output:
        process = subprocess.Popen(command, env=env, stdout=output, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise AssertionError(f"the replica exited: {log.read_text()}")
            try:
                if httpx.get(url + "/healthz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"the replica did not start: {log.read_text()}")
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_two_replicas_serve_one_conversation_in_turn(sdk: Any, dsn: str, tmp_path: Path) -> None:
    from packlight.store.postgres import PostgresStore

    schema = f"packlight_test_{uuid.uuid4().hex[:12]}"
    trajectory = swe_agent()
    try:
        with WindowServer(window=WINDOW, reply="done") as upstream, ExitStack() as stack:
            urls = [
                stack.enter_context(
                    replica(upstream.openai_url, dsn, schema, tmp_path / f"{n}.log")
                )
                for n in range(2)
            ]
            clients = [sdk("openai", url + "/v1", KEY) for url in urls]
            sessions = set()
            history: list[dict[str, Any]] = []
            turn = 0
            for message in trajectory.messages:
                if message["role"] == "assistant":
                    answer = clients[turn % 2].chat.completions.with_raw_response.create(
                        model=MODEL,
                        messages=cast(Any, history),
                        tools=cast(Any, trajectory.tools),
                        max_tokens=MAX_TOKENS,
                    )
                    sessions.add(answer.headers["x-packlight-session"])
                    assert upstream.requests[-1].outcome == "ok"
                    assert contains_text(upstream.requests[-1].body, latest_user_text(history))
                    turn += 1
                history.append(message)
            metrics = [httpx.get(url + "/metrics").text for url in urls]
        assert [seen.outcome for seen in upstream.requests] == ["ok"] * turn
        # Each replica caught up row by row with the turns the other served, and opened the
        # session anew from the store after the other compacted it.
        logs = "".join((tmp_path / f"{n}.log").read_text() for n in range(2))
        assert '"event": "caught up"' in logs
        assert '"event": "reopened"' in logs
        assert all('status="200"' in text for text in metrics)  # both served
        (session_id,) = sessions
        with PostgresStore(dsn, schema=schema) as store:
            # Every message the agent sent, once and in order: its last request's history.
            assert original_messages(store, session_id) == histories_last(trajectory.messages)
            events = store.compaction_events(session_id)
        # One compaction at a time: each one broke the prefix the upstream saw exactly once.
        breaks = sum(
            shared_prefix_tokens(previous, current) != previous.prompt_tokens
            for previous, current in zip(upstream.requests, upstream.requests[1:], strict=False)
        )
        assert events
        assert breaks == len(events)
        assert len({event.id for event in events}) == len(events)
    finally:
        PostgresStore.drop_schema(dsn, schema)


def histories_last(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The history the agent sent at its last assistant turn."""
    last = max(i for i, m in enumerate(messages) if m["role"] == "assistant")
    return messages[:last]
