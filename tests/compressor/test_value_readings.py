"""How a statement's value is read decides which earlier statement it revises.

Four readings, each checked through the public API: a person states a value, later revises
it, and the checkpoint must hold the new value and not the old one.

- a number of one or two digits is a plain number as well as a clock time ("75 lux" revises
  "130 lux");
- a percentage in words is a percentage ("88 per cent" revises "42%");
- "aisle", "middle" or "window" is a seat only where the text speaks of seats ("the cold
  aisle" is what the statement is about), and "cold-aisle" names what "cold aisle" does;
- asking to move a value somewhere revises it ("let's move practice to Friday evenings").

The wording is drawn from several templates and the values at random, so that no test
depends on one phrasing.
"""

from __future__ import annotations

import random

import pytest

from tests.compressor.statement_chats import checkpoint_at, statement_chat

SYSTEM = "You are a helpful assistant for a small team."
ASK = "What should I do next?"
BUDGET = 4_000


def revised(said: list[str]) -> str:
    return checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)


# A measure, not a count of things (a count names its slot by its noun whatever the value).
SUBJECTS = (("The drawings", "lux"), ("The prints", "lux"), ("The kiln", "degrees"))
RESTATED = (
    "{subject} can take {value} {unit} max.",
    "{subject} can take at most {value} {unit}.",
)


@pytest.mark.parametrize("seed", range(6))
def test_a_short_number_revises_a_long_one_of_the_same_unit(seed: int) -> None:
    rng = random.Random(seed)
    subject, unit = rng.choice(SUBJECTS)
    template = rng.choice(RESTATED)
    old, new = rng.randint(101, 999), rng.randint(10, 99)
    if seed % 2:
        old, new = new, old  # and a long one revises a short one
    said = [template.format(subject=subject, value=v, unit=unit) for v in (old, new)]
    text = revised(said)
    assert f"{new} {unit}" in text
    assert f"{old} {unit}" not in text


PERCENT_STATED = ("Completion target {value}%.", "Our completion target is {value}%.")
PERCENT_REVISED = (
    "Let's aim for {value} per cent of listeners finishing instead.",
    "Actually, make it {value} per cent.",
)


@pytest.mark.parametrize("seed", range(6))
def test_a_percentage_in_words_revises_one_with_the_sign(seed: int) -> None:
    rng = random.Random(seed)
    old, new = rng.sample(range(12, 96), 2)
    update = rng.choice(PERCENT_REVISED).format(value=new)
    text = revised([rng.choice(PERCENT_STATED).format(value=old), update])
    assert update.split(str(new))[0] + str(new) in text
    assert f"{old}%" not in text


AISLE_STATED = (
    "Cooling rule: {zone}-aisle air above {old}°F means we power down.",
    "The {zone}-aisle alarm is at {old}°F.",
    "Power down when {zone}-aisle air passes {old}°F.",
)
AISLE_REVISED = (
    "{zone} aisle limit now {new} degrees Fahrenheit",
    "The {zone} aisle limit is {new}°F now.",
    "The {zone} aisle alarm moved to {new}°F.",
)


@pytest.mark.parametrize("seed", range(6))
def test_a_seat_word_names_no_seat_where_no_seat_is_spoken_of(seed: int) -> None:
    """And a compound names what its words spelt apart name ("cold-aisle", "cold aisle")."""
    rng = random.Random(seed)
    zone = rng.choice(("cold", "hot"))
    old, new = rng.sample(range(70, 110), 2)
    said = [
        rng.choice(AISLE_STATED).format(zone=zone, old=old),
        rng.choice(AISLE_REVISED).format(zone=zone, new=new),
    ]
    text = revised(said)
    assert str(new) in text
    assert f"{old}°F" not in text


def test_a_seat_is_still_a_choice_where_seats_are_spoken_of() -> None:
    text = revised(["I want an aisle seat on every flight.", "Actually, make it a window seat."])
    assert "window seat" in text
    assert "aisle seat" not in text


DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
ACTIVITIES = ("practice", "the stand-up", "choir rehearsal", "the site visit")
MOVE_STATED = (
    "Best for me is {activity} on {day} mornings.",
    "We hold {activity} on {day} mornings.",
)
MOVE_REVISED = (
    "Let's move {activity} to {day} evenings.",
    "Please shift {activity} to {day} afternoons.",
)


@pytest.mark.parametrize("seed", range(6))
def test_asking_to_move_a_value_revises_it(seed: int) -> None:
    rng = random.Random(seed)
    activity = rng.choice(ACTIVITIES)
    old, new = rng.sample(DAYS, 2)
    said = [
        rng.choice(MOVE_STATED).format(activity=activity, day=old),
        rng.choice(MOVE_REVISED).format(activity=activity, day=new),
    ]
    text = revised(said)
    assert new in text
    assert old not in text
