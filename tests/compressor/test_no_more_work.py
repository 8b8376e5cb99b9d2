"""A short message that says no more work is to be done on the task in force ("please do nothing
more on it", "don't put any more hours into the scoreboard", "Nothing more needed") stops it:
by a pronoun, by the task's own words, or by a name the conversation never talked about. A
condition ("if the tests pass, do nothing more on it") halts nothing.

Wordings are drawn from lists of parts, so that no test depends on one phrasing.
"""

from __future__ import annotations

import random

import pytest

from packlight.compressor.tasks import track_tasks
from tests.compressor.named_tasks import TASKS_IN_FORCE

TASKS = TASKS_IN_FORCE
REASONS = [
    "",
    "The board has not decided yet.",
    "Sorry, toddler on my lap.",
    "My manager just called,",
    "The client sorted it out on their side.",
]
OBJECTS = ["it", "that", "this one", "the scoreboard thing", "Maya's project"]
NO_MORE = [
    "please do nothing more on {object}.",
    "don't put any more hours into {object}",
    "Could you please spend no more time on {object}?",
    "do not do anything more with {object}, thanks",
]
NOTHING_NEEDED = ["Nothing more needed.", "nothing further needed", "Nothing more is needed"]


def _conversation(task: str, last: str) -> list[dict[str, str]]:
    return [
        {"role": "user", "content": task},
        {"role": "assistant", "content": "Looking into it now."},
        {"role": "user", "content": last},
    ]


@pytest.mark.parametrize("seed", range(16))
def test_no_more_work_on_it_stops_the_task_in_force(seed: int) -> None:
    rng = random.Random(seed)
    task = rng.choice(TASKS)
    if rng.random() < 0.75:
        said = rng.choice(NO_MORE).format(object=rng.choice(OBJECTS))
    else:
        said = rng.choice(NOTHING_NEEDED)
    last = f"{rng.choice(REASONS)} {said}".strip()
    tasks = track_tasks(_conversation(task, last), human={0, 2})
    assert [t.how for t in tasks] == ["original", "stop"], (last, tasks)
    assert tasks[0].status in ("stopped", "paused"), (last, tasks)


@pytest.mark.parametrize(
    "last", ["If the tests pass, do nothing more on it.", "If it works, nothing more is needed."]
)
def test_a_condition_halts_nothing(last: str) -> None:
    tasks = track_tasks(_conversation(TASKS[1], last), human={0, 2})
    assert tasks[0].status == "in force", (last, tasks)
