from __future__ import annotations

from typing import Any

import pytest

from packlight.compressor.ordering import verify
from packlight.evaluation.peers import PeerSettings, create_peer
from packlight.evaluation.peers.builtin import (
    MASK_PLACEHOLDER,
    ObservationMasking,
    Truncation,
    evaluation_counter,
)
from packlight.evaluation.replay import pair_problems
from packlight.messages import message_text
from tests.evaluation.builders import call, session

SETTINGS = PeerSettings(model="gpt-4o", context_window=4_000, threshold=0.75)


def parallel_calls_session() -> list[Any]:
    """Turns with two calls each, so a tool group spans three messages."""
    messages: list[Any] = [
        {"role": "system", "content": "system"},
        {"role": "user", "content": "go"},
    ]
    for n in range(30):
        messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [call(f"a{n}", f"cat a{n}.py"), call(f"b{n}", f"cat b{n}.py")],
            }
        )
        messages.append({"role": "tool", "tool_call_id": f"a{n}", "content": "a" * 300})
        messages.append({"role": "tool", "tool_call_id": f"b{n}", "content": "b" * 300})
    messages.append({"role": "user", "content": "and now?"})
    return messages


@pytest.mark.parametrize("messages", [session(40), parallel_calls_session()])
def test_truncation_fits_the_threshold_and_keeps_pairs(messages: list[Any]) -> None:
    peer = Truncation(SETTINGS)
    outcome = peer.prepare(messages)
    threshold = int(SETTINGS.context_window * SETTINGS.threshold)
    assert outcome.compacted
    assert evaluation_counter().request(outcome.messages) < threshold
    # Pairs stay whole (an Anthropic "first message must be user" complaint is allowed:
    # a sliding window starts wherever it starts).
    assert not pair_problems(outcome.messages)
    assert outcome.messages[0] == messages[0]  # the system message stays
    assert outcome.messages[-1] == messages[-1]
    # It dropped the oldest: what is kept is a suffix of the rest.
    rest = outcome.messages[1:]
    assert messages[-len(rest) :] == rest
    forced = peer.prepare(outcome.messages, force=True)
    assert evaluation_counter().request(forced.messages) < threshold // 2 + 200


def test_truncation_leaves_a_fitting_history_alone() -> None:
    messages: list[Any] = session(2)
    outcome = Truncation(SETTINGS).prepare(messages)
    assert not outcome.compacted
    assert outcome.messages == messages


def test_masking_keeps_the_last_ten_results() -> None:
    messages: list[Any] = session(25)
    outcome = ObservationMasking(SETTINGS).prepare(messages)
    results = [m for m in outcome.messages if m["role"] == "tool"]
    assert [message_text(m) == MASK_PLACEHOLDER for m in results] == [True] * 15 + [False] * 10
    assert outcome.compacted
    assert not verify(outcome.messages)
    assert messages[3]["content"] != MASK_PLACEHOLDER  # the input is not mutated
    again = ObservationMasking(SETTINGS).prepare(outcome.messages)
    assert not again.compacted  # nothing new to mask


def test_registry_builds_the_builtin_peers() -> None:
    for name in ("packlight", "none", "truncation", "masking"):
        peer = create_peer(name, SETTINGS)
        assert peer.name == name
        assert peer.needs_llm is False
        peer.reset()
        peer.close()
