"""A person going on with their own errand after the work was switched does nothing to the work
in force: a halt of work already set aside, named by its words ("Let's not do the return date
change for now"), halts nothing in force and takes nothing up again, and the learned model
alone reads no change into a message that speaks of work set aside and not of the work in force
("Unfortunately, the additional cost is beyond my budget. I'll hold off on making any
changes."); and words that close the
conversation ("That's everything I needed today.") take up no request set aside.

Messages are put together from lists of parts, so that no test depends on one phrasing.
"""

from __future__ import annotations

import itertools
import random

import pytest

from packlight.compressor.tasks import read_turn, track_tasks
from packlight.compressor.turns import read_turn_by_rules

ERRANDS = [
    "Hi! I'd like to make some changes to my flight reservations.",
    "Hello, I need to change the dates of my upcoming trip.",
    "Hi there, I want to make a few changes to my booking.",
    "Hi, I'd like to change my return flight to a later one.",
]
SWITCHES = [
    "drop everything you're doing right now. new task: count the lines of code per top-level "
    "directory and save the table as loc_7rmotk.csv.",
    "New plan. Please count the open invoices for the Brandt account and nothing else.",
    "Drop what you're doing. New task: list every file under src/ that imports the cache.",
]
GIVING_UP = [
    "I see. Unfortunately, the additional cost is beyond my budget. I'll hold off on making any "
    "changes and keep my current reservations as they are. Thank you for your help!",
    "I see. Unfortunately, the extra fee is more than I can spend. I'll hold off on making any "
    "changes and keep my current booking as it is.",
    "Unfortunately the additional cost is beyond my budget, so I'll hold off on any changes to "
    "my reservation.",
    "I see. That's beyond my budget. I'll keep my current reservations and hold off on making "
    "any changes.",
]
NAMED_ERRANDS = [
    ("Hi! I'd like to upgrade the seats on my Denver flight to business class.", "seat upgrade"),
    ("Hello, I need to change the return date of my trip to Lisbon.", "return date change"),
    ("Hi there, I want to add a checked bag to my reservation for Chicago.", "checked bag"),
]
HALTS_OF_AN_ERRAND = [
    "Hmm, that's more than I expected. Let's not do the {name} for now, thanks anyway.",
    "I see. I'll hold off on the {name} then.",
    "Forget the {name}, it isn't worth that much to me.",
]
REQUESTS = [
    "Great, thank you! I'd like to make one more change. Could you help me upgrade my "
    "reservation with ID M20IZO to business class?",
    "Thanks! Could you also add a checked bag to reservation K3PQ7Z?",
]
REQUESTS_SET_ASIDE = [
    "Thank you! I'd also like to cancel another reservation with the ID NQNU5R.",
    "I'd also like to change the seat on booking HT4LX2.",
]
CLOSINGS = [
    "Thank you for your help! That's everything I needed to do today.",
    "Thank you for your help! That's everything I needed to do today. ###STOP###",
    "Great, that's all for now. Have a great day!",
    "Perfect, thanks so much. That is it from me.",
    "Thanks, that's everything I needed!",
]


@pytest.mark.parametrize("seed", range(9))
def test_a_halt_of_work_set_aside_leaves_the_work_in_force(seed: int) -> None:
    rng = random.Random(seed)
    errand, name = rng.choice(NAMED_ERRANDS)
    switch = rng.choice(SWITCHES)
    said = rng.choice(HALTS_OF_AN_ERRAND).format(name=name)
    messages = [
        {"role": "user", "content": errand},
        {"role": "assistant", "content": "Sure, let me look up your reservation."},
        {"role": "user", "content": switch},
        {"role": "assistant", "content": "Understood, working on that now."},
        {"role": "user", "content": said},
    ]
    tasks = track_tasks(messages, human={0, 2, 4})
    assert [t.text for t in tasks if t.status == "in force"] == [switch], (said, tasks)


def test_the_model_alone_halts_no_work_over_a_message_about_work_set_aside() -> None:
    looked_at = 0
    for errand, switch, said in itertools.product(ERRANDS, SWITCHES, GIVING_UP):
        if read_turn_by_rules(said, in_force=[switch], set_aside=[errand]).halting:
            continue  # the clause rules read a halt of their own: not the model's alone
        looked_at += 1
        reading = read_turn(said, in_force=[switch], set_aside=[errand])
        assert reading.kind not in ("stop", "switch"), (said, switch, errand, reading)
    assert looked_at >= len(ERRANDS) * len(SWITCHES)


@pytest.mark.parametrize("closing", CLOSINGS)
def test_closing_words_take_nothing_up_again(closing: str) -> None:
    for in_force, set_aside in itertools.product(REQUESTS, REQUESTS_SET_ASIDE):
        reading = read_turn(closing, in_force=[in_force], set_aside=[set_aside])
        assert reading.kind != "resume", (closing, reading)
