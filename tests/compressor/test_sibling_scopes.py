"""An update of one of two look-alike slots leaves the other's value alone.

The hours of weekdays and of a weekend day, the front and the rear tyres, the goal of one
tier of a service and another's: a later message that changes one of them, whatever its
cue, must not take the other's value away. Values, wordings and order are drawn at random;
the checkpoint is read through the public API.
"""

from __future__ import annotations

import random

import pytest

from tests.compressor.statement_chats import checkpoint_at, statement_chat

SYSTEM = "You are a helpful assistant."
ASK = "What should I keep in mind?"
BUDGET = 4_000


def _clock(rng: random.Random, taken: set[str]) -> str:
    while True:
        value = f"{rng.randint(6, 11):02d}:{rng.choice(('00', '15', '30', '45'))}"
        if value not in taken:
            taken.add(value)
            return value


@pytest.mark.parametrize("seed", range(8))
def test_new_weekday_hours_leave_the_weekend_hours(seed: int) -> None:
    rng = random.Random(seed)
    taken: set[str] = set()
    day = rng.choice(("Saturday", "Sunday"))
    weekend, old, new = (_clock(rng, taken) for _ in range(3))
    said = [
        rng.choice(
            (
                f"Monday to Friday we unlock the shop doors at {old}.",
                f"On weekdays the shutters go up at {old}.",
            )
        ),
        rng.choice((f"On {day}s the shop opens at {weekend}.", f"{day} opening: {weekend}.")),
        rng.choice(
            (
                f"Weekday opening moved to {new}.",
                f"Mon-Fri the doors open at {new} instead.",
                f"Weekdays start at {new} from this week.",
            )
        ),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert weekend in text, text
    assert new in text, text


@pytest.mark.parametrize("seed", range(8))
def test_new_front_pressure_leaves_the_rear_pressure(seed: int) -> None:
    rng = random.Random(seed)
    front, rear, new = (f"{n} psi" for n in rng.sample(range(26, 60), 3))
    said = [
        f"Minimum front tyre pressure is {front}, fully loaded.",
        rng.choice((f"{rear} is the lowest the rear tyres may be.", f"Rear tyres: {rear}.")),
        rng.choice(
            (
                f"Front tyres: {new} now.",
                f"The mechanic set the front minimum to {new}.",
                f"Fronts go to {new} from today.",
            )
        ),
    ]
    rng.shuffle(said[:2])
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert rear in text, text
    assert new in text, text


@pytest.mark.parametrize("seed", range(6))
def test_a_new_goal_for_one_tier_leaves_the_other_tiers_goal(seed: int) -> None:
    rng = random.Random(seed)
    paid, free, new = (f"99.{n}%" for n in rng.sample(range(10, 99), 3))
    said = [
        f"Goal for the paid tier: {paid} uptime every month.",
        f"Free plan availability goal: {free}.",
        rng.choice(
            (
                f"The non-paying tier's target is {new} now.",
                f"The trial tier's goal is {new} from now on.",
            )
        ),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert paid in text, text  # the goal of another tier, whichever the update is about
    assert new in text, text


@pytest.mark.parametrize("seed", range(6))
def test_test_coverage_is_no_test_copy(seed: int) -> None:
    """ "81% test coverage" names the activity, not a test environment: a later coverage
    floor revises it."""
    rng = random.Random(seed)
    old, new = (f"{n}%" for n in rng.sample(range(55, 95), 2))
    said = [
        rng.choice(
            (
                f"Our quality gate is {old} test coverage; please keep that in mind.",
                f"Keep {old} test coverage on every merge.",
            )
        ),
        rng.choice(
            (
                f"The minimum coverage we enforce is {new} going forward.",
                f"We lowered the coverage floor to {new}, repo wide.",
                f"We raised the quality gate, coverage has to stay above {new} now.",
            )
        ),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert new in text, text
    assert old not in text, text


@pytest.mark.parametrize("seed", range(4))
def test_the_test_database_stays_apart_from_production(seed: int) -> None:
    rng = random.Random(seed)
    test_host, old, new = (
        f"db-{rng.choice(('pg', 'sql'))}-{n}" for n in rng.sample(range(10, 99), 3)
    )
    said = [
        f"The test database runs on {test_host}.",
        f"Production data lives on {old}.",
        rng.choice((f"Production moved to {new}.", f"The production database is {new} now.")),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert test_host in text, text
    assert new in text, text
