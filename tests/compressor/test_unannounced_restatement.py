"""A later statement that gives a thing a new value without saying it changes anything still
replaces the old value, when the word naming the thing is theirs alone.

"Bathroom spend must stay under $26,500." beside "Kitchen remodel budget is capped at
$42,250.", then "Redo the bathroom sums with $13,750 as the cap.": the bathroom's cap is
$13,750 and nothing else, and the kitchen's stays. Two things of one kind ("the pale ale", "the
lager tanks"), the hours of two days, and a value someone else keeps pushing are no such
restatement. Things, values and wordings are drawn at random; the checkpoint is read through
the public API.
"""

from __future__ import annotations

import random

import pytest

from tests.compressor.statement_chats import checkpoint_at, statement_chat

SYSTEM = "You are a helpful assistant."
ASK = "What should I keep in mind?"
BUDGET = 4_000

# (thing, its sibling): two parts of one job, each with a value of the same form.
THINGS = (
    ("bathroom", "kitchen"),
    ("garage", "attic"),
    ("greenhouse", "orchard"),
    ("warehouse", "showroom"),
    ("payroll", "invoicing"),
)
UNITS = (
    ("${n:,}", lambda rng: rng.randrange(5, 90) * 250),
    ("{n} kg", lambda rng: rng.randrange(120, 990)),
    ("{n} days", lambda rng: rng.randrange(7, 120)),
)
FIRST = (
    "{Thing} spend must stay under {v}.",
    "The {thing} figure we work to is {v}.",
    "For the {thing}, {v} is the number.",
)
SIBLING = (
    "{Thing} remodel figure: {v}.",
    "Our {thing} works to {v}, all in.",
)
RESTATED = (
    "Redo the {thing} sums with {v} as the figure.",
    "{Thing} numbers: {v}.",
    "The {thing} works to {v} after the review.",
    "Plan the {thing} around {v}.",
)


def _three_values(rng: random.Random) -> tuple[str, str, str]:
    form, draw = rng.choice(UNITS)
    numbers: set[int] = set()
    while len(numbers) < 3:
        numbers.add(draw(rng))
    a, b, c = (form.format(n=n) for n in numbers)
    return a, b, c


def _say(template: str, thing: str, value: str) -> str:
    return template.format(thing=thing, Thing=thing.capitalize(), v=value)


@pytest.mark.parametrize("seed", range(12))
def test_a_plain_restatement_of_a_thing_replaces_its_value(seed: int) -> None:
    rng = random.Random(seed)
    thing, sibling = rng.choice(THINGS)
    old, other, new = _three_values(rng)
    said = [
        _say(rng.choice(FIRST), thing, old),
        _say(rng.choice(SIBLING), sibling, other),
        _say(rng.choice(RESTATED), thing, new),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert new in text, text
    assert other in text, text
    assert old not in text, text


ALES = (
    ("pale ale", "lager"),
    ("stout", "porter"),
    ("cider", "perry"),
)


@pytest.mark.parametrize("seed", range(6))
def test_two_things_of_one_kind_keep_their_own_values(seed: int) -> None:
    rng = random.Random(seed)
    first, second = rng.choice(ALES)
    old, new = (f"{t}.5 °C" for t in rng.sample(range(9, 21), 2))
    said = [
        f"We're fermenting the {first} at {old}.",
        rng.choice(
            (
                f"The {second} tanks are held at {new} while it ferments.",
                f"Fermentation for the {second} batch: {new}.",
            )
        ),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert old in text, text
    assert new in text, text


@pytest.mark.parametrize("seed", range(6))
def test_the_hours_of_two_days_are_two_values(seed: int) -> None:
    rng = random.Random(seed)
    day = rng.choice(("Saturday", "Sunday"))
    weekend, weekday = (
        f"{hour:02d}:{rng.choice(('00', '15', '30'))}" for hour in rng.sample(range(6, 12), 2)
    )
    said = [
        f"Open at {weekend} on {day} from here on.",
        rng.choice((f"Weekday opening: {weekday}.", f"Weekdays the shop opens at {weekday}.")),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert weekend in text, text
    assert weekday in text, text


@pytest.mark.parametrize("seed", range(6))
def test_a_value_someone_else_pushes_replaces_nothing(seed: int) -> None:
    rng = random.Random(seed)
    thing, _sibling = rng.choice(THINGS)
    old, pushed, _ = _three_values(rng)
    name = rng.choice(("Wren", "Lars", "Mei", "Colm"))
    said = [
        _say(rng.choice(FIRST), thing, old),
        rng.choice(
            (
                f"{name} keeps saying the {thing} should be {pushed}. It isn't.",
                f"{name} is pushing for {pushed} on the {thing}; nothing is decided.",
                f"{pushed} for the {thing} is on the table, nothing is agreed.",
            )
        ),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert old in text, text


COMPONENTS = ("cache warmer", "report exporter", "ingest worker", "billing sync")


def _identifier(rng: random.Random, lead: str) -> str:
    return f"{lead}-" + "".join(rng.choices("abcdefghjkmnpqrstuvwxyz23456789", k=rng.randint(5, 8)))


@pytest.mark.parametrize("seed", range(6))
def test_identifiers_of_two_kinds_about_one_thing_are_two_values(seed: int) -> None:
    rng = random.Random(seed)
    component = rng.choice(COMPONENTS)
    bucket, branch = _identifier(rng, "in"), _identifier(rng, "rel")
    said = [
        rng.choice(
            (
                f"The {component} reads from bucket {bucket}.",
                f"Input for the {component} comes from {bucket}.",
            )
        ),
        rng.choice(
            (
                f"FYI, releases of the {component} are cut from {branch}.",
                f"The {component} ships from {branch}.",
            )
        ),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert bucket in text, text
    assert branch in text, text


SECTIONS = ("strategy", "methods", "outreach", "evaluation")


@pytest.mark.parametrize("seed", range(6))
def test_what_a_value_counts_names_no_second_thing(seed: int) -> None:
    """ "1,600 words" and "2,550 words": the word a value counts is shared by both, and the
    word before it ("section") is no second thing."""
    rng = random.Random(seed)
    section = rng.choice(SECTIONS)
    old, new = (f"{n:,} words" for n in rng.sample(range(800, 4_000, 50), 2))
    said = [
        f"Word limit for the {section} section: {old}.",
        rng.choice(
            (
                f"Per the new guidance notes, we have {new} for the research {section}.",
                f"The funder's notes give {new} to the {section} part.",
            )
        ),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert new in text, text
    assert old not in text, text
