"""Which session a request continues: named by a header, or found by its history; per key.

Checked in the store the gateway writes: each session's original messages must be exactly
one conversation's history, nothing lost, duplicated or mixed in from another.
"""

from __future__ import annotations

import random
from typing import Any, cast

import httpx
import openai

from packlight.stored_session import original_messages
from tests.gateway.conftest import KEY, OTHER_KEY
from tests.gateway.serving import RunningGateway
from tests.wrappers.replay import MAX_TOKENS, MODEL


def conversation(seed: int, turns: int) -> list[dict[str, Any]]:
    """A generated chat: a shared system prompt and first task, then its own turns."""
    rng = random.Random(seed)
    nouns = ["parser", "cache", "scheduler", "exporter", "billing job", "login page"]
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a careful coding assistant."},
        {"role": "user", "content": "Look at the failing tests and fix them."},
    ]
    for turn in range(turns):
        messages.append({"role": "assistant", "content": f"Step {turn}: checked."})
        thing = rng.choice(nouns)
        messages.append(
            {"role": "user", "content": f"Now the {thing} ({seed}-{turn}-{rng.randrange(10**6)})."}
        )
    return messages


def send(client: openai.OpenAI, history: list[dict[str, Any]], **options: Any) -> Any:
    return client.chat.completions.with_raw_response.create(
        model=MODEL, messages=cast(Any, history), max_tokens=MAX_TOKENS, **options
    )


def sessions_of(gateway: RunningGateway) -> dict[str, list[Any]]:
    store = gateway.gateway.store
    return {record.id: original_messages(store, record.id) for record in store.list_sessions()}


def test_two_conversations_that_start_alike_are_two_sessions(
    sdk: Any, gateway: RunningGateway
) -> None:
    client = sdk("openai", gateway.openai_url, KEY)
    first, second = conversation(1, 6), conversation(2, 6)
    assert first[:2] == second[:2]
    ids: dict[int, set[str]] = {1: set(), 2: set()}
    # Interleaved, as two runs of one agent at once: same system prompt, same first task.
    for length in range(2, len(first) + 1, 2):
        for number, messages in ((1, first), (2, second)):
            answer = send(client, messages[:length])
            ids[number].add(answer.headers["x-packlight-session"])
    stored = sessions_of(gateway)
    # The identical first request may join the other run's session; after the histories
    # diverge each run stays in one session of its own.
    assert len(stored) == 2
    assert sorted(map(len, stored.values())) == [len(first), len(second)]
    assert sorted(stored.values(), key=lambda m: m[2:] != first[2:]) == [first, second]
    assert len(ids[1] | ids[2]) == 2


def test_a_named_session_is_the_keys_own(sdk: Any, gateway: RunningGateway) -> None:
    mine = sdk("openai", gateway.openai_url, KEY)
    theirs = sdk("openai", gateway.openai_url, OTHER_KEY)
    history = conversation(3, 2)
    header = {"X-Packlight-Session": "ticket-4711"}
    answer = send(mine, history[:2], extra_headers=header)
    assert answer.headers["x-packlight-session"] == "ticket-4711"
    send(mine, history, extra_headers=header)
    # Another key can neither continue nor find it, named or by its history.
    refused = httpx.post(
        gateway.openai_url + "/chat/completions",
        json={"model": MODEL, "messages": history},
        headers={"authorization": f"Bearer {OTHER_KEY}", **header},
    )
    assert refused.status_code == 404
    assert "ticket-4711" in refused.json()["error"]["message"]
    other = send(theirs, history).headers["x-packlight-session"]
    assert other != "ticket-4711"
    stored = sessions_of(gateway)
    assert stored["ticket-4711"] == history
    assert stored[other] == history


def test_the_same_history_under_two_keys_is_two_sessions(sdk: Any, gateway: RunningGateway) -> None:
    history = conversation(4, 3)
    found = set()
    for key in (KEY, OTHER_KEY, KEY):
        client = sdk("openai", gateway.openai_url, key)
        found.add((key, send(client, history).headers["x-packlight-session"]))
    assert len({session for _, session in found}) == 2
    assert len(found) == 2  # the first key found its own session again


def test_a_resent_history_continues_its_session_without_duplicates(
    sdk: Any,
    gateway: RunningGateway,
) -> None:
    client = sdk("openai", gateway.openai_url, KEY)
    history = conversation(5, 4)
    ids = {send(client, history[:4]).headers["x-packlight-session"]}
    ids.add(send(client, history[:4]).headers["x-packlight-session"])  # a retry
    ids.add(send(client, history).headers["x-packlight-session"])
    assert len(ids) == 1
    assert sessions_of(gateway) == {ids.pop(): history}
