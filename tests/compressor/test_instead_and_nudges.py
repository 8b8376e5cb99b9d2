"""Two readings of a person's message about the work:

- a halt followed by "instead of it, please ..." asking for work no task holds is a switch;
- with every task stopped, a message that only asks to go on ("Round 2: please continue with
  the task.", "Carry on with the task.") sets no task: it names nothing to work on.

Wordings are drawn from lists of parts, so that no test depends on one phrasing.
"""

from __future__ import annotations

import random

import pytest

from packlight import ContextCompressor
from packlight.compressor.tasks import read_turn
from tests.compressor.named_tasks import NAMED_TASKS

TASKS = NAMED_TASKS[:3]
HALTS = [
    "{name} is not needed any more, my manager told me this morning.",
    "Forget {name}, the client cancelled it.",
    "{name} is off the table now.",
]
LEADS = ["Instead of it please", "Instead of that, please", "Instead, please", "instead of this"]
ORDERS = [
    "check the VFS Bangalore slots for a German Schengen visa for two persons.",
    "draft the release notes for version 2.4 of the mobile app.",
    "compare the three laptop quotes from the suppliers and pick the cheapest.",
]


@pytest.mark.parametrize("seed", range(9))
def test_a_halt_with_other_work_instead_of_it_switches(seed: int) -> None:
    rng = random.Random(seed)
    task, name = rng.choice(TASKS)
    halt = rng.choice(HALTS).format(name=name)
    text = f"{halt[0].upper()}{halt[1:]} {rng.choice(LEADS)} {rng.choice(ORDERS)}"
    reading = read_turn(text, in_force=[task])
    assert reading.kind == "switch", (text, reading)
    assert reading.halted == (0,)


STOPS = ["Stop working on {name}, drop it entirely.", "Please stop {name}, we won't do it."]
NUDGES = [
    "Round {n}: please continue with the task.",
    "Please continue with the task.",
    "Carry on with the task.",
    "Go on with it, please.",
    "Please proceed with the task.",
]


@pytest.mark.parametrize("seed", range(8))
def test_a_nudge_to_go_on_after_everything_stopped_sets_no_task(seed: int) -> None:
    rng = random.Random(seed)
    task, name = rng.choice(TASKS)
    messages = [
        {"role": "system", "content": "You are a careful assistant."},
        {"role": "user", "content": task},
        {"role": "assistant", "content": "Starting on it now."},
        {"role": "user", "content": rng.choice(STOPS).format(name=name)},
        {"role": "assistant", "content": "Understood, I have stopped."},
        {"role": "user", "content": rng.choice(NUDGES).format(n=rng.randint(2, 6))},
    ]
    result = ContextCompressor(context_window=8_000).compress(messages, force=True, keep_last=0)
    assert result.checkpoint is not None
    # Nothing is in force: the stopped task is listed as stopped, and no task, the nudge
    # included, is presented as the one in force.
    assert "[in force]" not in result.checkpoint
    assert "[stopped" in result.checkpoint
