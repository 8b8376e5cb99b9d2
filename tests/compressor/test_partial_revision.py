"""A later message that revises one detail of a statement leaves its other details in force.

"Book me a flight from Boston to Denver on May 3, aisle seat, economy." then "make it a window
seat": the checkpoint must still say where, when and in which class, and must not carry the
aisle seat anywhere. The statements, the revised detail, the values and the wording of the
revision are drawn at random; the checkpoint is read through the public API.
"""

from __future__ import annotations

import random

import pytest

from tests.compressor.statement_chats import checkpoint_at, statement_chat

SYSTEM = "You are a helpful assistant."
ASK = "What is left to do?"
BUDGET = 4_000

CITIES = ("Boston", "Denver", "Lisbon", "Osaka", "Nairobi", "Quito", "Tallinn", "Perth")
SEATS = ("aisle seat", "window seat")
CABINS = ("economy", "premium economy", "business class")
REVISIONS = (
    "Actually make it {value}.",
    "Changed my mind on the {detail}: {value}.",
    "Hmm, go with {value} instead.",
    "I've changed my mind about the {detail}, make it {value}.",
)


def _flight(rng: random.Random) -> tuple[list[str], str, str, str]:
    """The statement's other details, the detail revised, its old and its new value."""
    origin, destination = rng.sample(CITIES, 2)
    day = f"May {rng.randint(2, 28)}"
    old_seat, new_seat = rng.sample(SEATS, 2)
    cabin = rng.choice(CABINS)
    said = f"Book me a flight from {origin} to {destination} on {day}, {old_seat}, {cabin}."
    revision = rng.choice(REVISIONS).format(
        detail="seat", value=f"an {new_seat}" if new_seat[0] in "ae" else f"a {new_seat}"
    )
    return [said, revision], f"{origin} to {destination} on {day}", old_seat, new_seat


@pytest.mark.parametrize("seed", range(10))
def test_a_revised_detail_leaves_the_rest_of_the_statement_in_force(seed: int) -> None:
    said, rest, old, new = _flight(random.Random(seed))
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert rest in text, text
    assert new in text, text
    assert old not in text, text


@pytest.mark.parametrize("seed", range(6))
def test_a_second_revision_revises_what_the_first_left(seed: int) -> None:
    rng = random.Random(seed)
    origin, destination = rng.sample(CITIES, 2)
    old_day, new_day = (f"May {d}" for d in rng.sample(range(2, 29), 2))
    old_seat, new_seat = rng.sample(SEATS, 2)
    said = [
        f"Book me a flight from {origin} to {destination}, on {old_day}, {old_seat}, economy.",
        f"Actually make it {'an' if new_seat[0] in 'ae' else 'a'} {new_seat}.",
        rng.choice(("Move it to {day} instead.", "Changed my mind on the date: {day}.")).format(
            day=new_day
        ),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert f"from {origin} to {destination}" in text, text
    assert new_day in text, text
    assert new_seat in text, text
    assert old_day not in text, text
    assert old_seat not in text, text
