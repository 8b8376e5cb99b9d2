"""A task set aside is quoted whole, but for a value a later statement replaced.

The person switches to other work, giving it a value ("keep the laptop budget under $9,500"),
goes back to the first task, and later updates the value. The set-aside switch is quoted in
the Stopped list as the person wrote it, except for the replaced value, which appears nowhere
in the checkpoint; the return itself revises nothing: neither the switch it leaves (every
word of it stays) nor the request it goes back to (the goal in force, in full).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from packlight import ContextCompressor, is_summary, message_text
from packlight.compressor.checkpoint import STOPPED_SECTION, parse_sections

WORK = (
    ("plan the team offsite in Lisbon", "the offsite planning"),
    ("write the quarterly report for the board", "the quarterly report"),
    ("migrate the billing tables to the new schema", "the billing migration"),
)
SIDE = (
    ("price the new laptops for the design team", "laptop budget"),
    ("book the venue for the product launch", "venue budget"),
    ("order the replacement monitors for support", "monitor budget"),
)


def _chat(rng: random.Random, *, update: bool) -> tuple[list[dict[str, Any]], int, int]:
    (task, name), (side, budget) = rng.choice(WORK), rng.choice(SIDE)
    old, new = rng.randrange(20, 90) * 250, rng.randrange(100, 200) * 250
    said = [
        f"Please {task}.",
        f"Stop {name}. Instead, {side}. Keep the {budget} under ${old:,}.",
        f"OK, back to {name} now.",
    ]
    if update:
        said.append(f"Update: the {budget} is ${new:,} now.")
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You are a helpful assistant."}]
    for text in said:
        messages += [
            {"role": "user", "content": text},
            {"role": "assistant", "content": "Working on it. " * 40},
        ]
    return messages, old, new


def _checkpoint(messages: list[dict[str, Any]]) -> str:
    result = ContextCompressor(model="gpt-4o", context_window=8_000).compress(
        messages, force=True, keep_last=0
    )
    return message_text(next(m for m in result.messages if is_summary(m)))


@pytest.mark.parametrize("seed", range(4))
def test_a_replaced_value_leaves_the_quote_of_the_task_set_aside(seed: int) -> None:
    messages, old, new = _chat(random.Random(seed), update=True)
    text = _checkpoint(messages)
    assert f"${old:,}" not in text
    assert f"${new:,}" in text
    assert any("Instead," in item for item in parse_sections(text)[STOPPED_SECTION])


@pytest.mark.parametrize("seed", range(4))
def test_the_return_revises_nothing_of_the_switch_it_leaves(seed: int) -> None:
    messages, old, _ = _chat(random.Random(seed), update=False)
    stopped = " ".join(parse_sections(_checkpoint(messages))[STOPPED_SECTION])
    assert "Keep the" in stopped
    assert f"${old:,}" in stopped


@pytest.mark.parametrize("seed", range(4))
def test_a_return_leaves_the_request_it_returns_to(seed: int) -> None:
    """ "OK, back to the offsite planning now" goes back to the work; it is no newer word on
    "Please plan the team offsite in Lisbon", which stays the goal in force, in full."""
    messages, _, _ = _chat(random.Random(seed), update=False)
    request = message_text(messages[1])
    goal = " ".join(parse_sections(_checkpoint(messages))["Goal"])
    assert f"[in force] {request}" in goal
