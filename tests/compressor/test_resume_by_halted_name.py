"""A person halts the work in progress by a name of their own ("Let's put a pin in the RAM
thing."), asks for other work in the same message, and later goes back to it by that name
("ok, back on the RAM thing"). The halted task keeps the clauses that halted it as names a
return may use, and the switch in force is read without them: they name the work it halted,
not its own.

Wordings are drawn from lists of parts, so that no test depends on one phrasing.
"""

from __future__ import annotations

import random

import pytest

from packlight.compressor.ledger import Ledger
from packlight.compressor.tasks import Task, track_tasks
from tests.compressor.named_tasks import TASKS_IN_FORCE

TASKS = TASKS_IN_FORCE
OWN_NAMES = [
    "the RAM thing",
    "the edge reboots",
    "the grant memo",
    "the Q3 sales chart",
    "the seaview cancellation",
    "the parser rewrite",
]
HALTS = [
    "Let's put a pin in {name}.",
    "Park {name} for now.",
    "Please pause {name}.",
    "{Name} can wait.",
    "Stop {name} for today.",
]
OTHER_WORK = [
    "Then update the Spanish translations of the checkout page.",
    "Please draft the release notes for version 2.4 instead.",
    "Now compare the three laptop quotes and pick the cheapest.",
]
RETURNS = [
    "ok, back to {name} please",
    "Ok back on {name}",
    "let's continue with {name}",
    "the notes are done. can we pick up {name} again?",
    "{Name} again, please",
]


def _said(template: str, name: str) -> str:
    return template.format(name=name, Name=name[0].upper() + name[1:])


@pytest.mark.parametrize("seed", range(20))
def test_a_return_by_the_name_used_to_halt_resumes_the_halted_task(seed: int) -> None:
    rng = random.Random(seed)
    name = rng.choice(OWN_NAMES)
    switch = f"{_said(rng.choice(HALTS), name)} {rng.choice(OTHER_WORK)}"
    back = _said(rng.choice(RETURNS), name)
    messages = [
        {"role": "user", "content": rng.choice(TASKS)},
        {"role": "assistant", "content": "Working on it."},
        {"role": "user", "content": switch},
        {"role": "assistant", "content": "Done with that."},
        {"role": "user", "content": back},
    ]
    tasks = track_tasks(messages, human={0, 2, 4})
    assert [t.how for t in tasks] == ["original", "switch", "resume"], (switch, back, tasks)
    assert tasks[0].status == "in force", (switch, back, tasks)
    assert tasks[1].status != "in force", (switch, back, tasks)


def test_the_names_a_task_was_halted_by_survive_the_ledger_json() -> None:
    tasks = (
        Task("Fix the parser.", "paused", "original", ("Let's put a pin in the parser thing.",)),
        Task("Let's put a pin in the parser thing. Update the docs.", "in force", "switch"),
    )
    ledger = Ledger(tasks=tasks)
    assert Ledger.from_json(ledger.to_json()).tasks == tasks
