"""A halt, a description of something the tasks do not hold, and a request for work on it by a
pronoun ("Can you dig into it?", "could you look at that now") switch to that work: the request
asks for what the message described. A halt with a pronoun that refers to the halted work
("could you just leave it") stays a stop.

Wordings are drawn from lists of parts, so that no test depends on one phrasing.
"""

from __future__ import annotations

import random

import pytest

from packlight.compressor.tasks import read_turn
from tests.compressor.named_tasks import NAMED_TASKS

TASKS = NAMED_TASKS
HALTS = [
    "Let's put a pin in {name}.",
    "Park {name} for now.",
    "{name} can wait.",
    "Please pause {name}.",
]
NEWS = [
    "Something came up: the checkout page throws a 500 for every customer paying by invoice.",
    "Support just told me the Android app crashes on launch since the last release.",
    "turns out the invoice PDFs show the wrong VAT rate for Austrian customers.",
    "A customer reported that password reset emails never arrive at Outlook addresses.",
]
ASKS = [
    "Can you dig into it?",
    "could you look at that now",
    "Would you please check it first?",
    "Can u take that on right away",
    "I need you to investigate it asap.",
]


@pytest.mark.parametrize("seed", range(12))
def test_a_halt_with_news_and_a_request_about_it_switches(seed: int) -> None:
    rng = random.Random(seed)
    task, name = rng.choice(TASKS)
    halt = rng.choice(HALTS).format(name=name)
    ask = rng.choice(ASKS)
    parts = [f"{halt[0].upper()}{halt[1:]}", rng.choice(NEWS), ask]
    if rng.random() < 0.5:
        # The halt after the request, which then ends its sentence.
        parts = [parts[1], ask if ask[-1] in ".?!" else f"{ask}.", parts[0]]
    text = " ".join(parts)
    reading = read_turn(text, in_force=[task])
    assert reading.kind == "switch", (text, reading)
    assert reading.halted == (0,)


LEAVE = ["could you just leave it", "Can you please drop it.", "can you hold it for now?"]


@pytest.mark.parametrize("seed", range(6))
def test_a_request_to_halt_the_work_it_names_is_no_switch(seed: int) -> None:
    rng = random.Random(seed)
    task, name = rng.choice(TASKS)
    halt = rng.choice(HALTS).format(name=name)
    reason = rng.choice(
        ["The vendor changed the release plan again.", "Legal has not signed off yet."]
    )
    text = f"{halt[0].upper()}{halt[1:]} {reason} {rng.choice(LEAVE)}"
    assert read_turn(text, in_force=[task]).kind == "stop", text
