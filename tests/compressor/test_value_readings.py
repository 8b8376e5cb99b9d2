"""How a statement's value is read decides which earlier statement it revises.

Seven readings, each checked through the public API: a person states a value, later revises
it, and the checkpoint must hold the new value and not the old one.

- a number of one or two digits is a plain number as well as a clock time ("75 lux" revises
  "130 lux");
- a percentage in words is a percentage ("88 per cent" revises "42%");
- "aisle", "middle" or "window" is a seat only where the text speaks of seats ("the cold
  aisle" is what the statement is about), and "cold-aisle" names what "cold aisle" does;
- asking to move a value somewhere revises it ("let's move practice to Friday evenings");
- a registry's number written with its prefix ("NCT04332839") has an identifier's form;
- what a number counts names its slot, also when the noun is a verb too ("26 shows");
- of several values of the update's form, the one whose statement shares its words.

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


REGISTRIES = (("NCT", 8), ("ISRCTN", 8), ("ACTRN", 14))
CODE_STATED = (
    "The study is registered as {code}.",
    "Our trial's registration number is {code}.",
)
CODE_REVISED = (
    "Consent forms should carry {code} from now on.",
    "Use {code} on every form instead.",
)
OTHER_CODE = "Ethics approval reference: REC-{number}."


def _code(rng: random.Random, prefix: str, digits: int) -> str:
    return prefix + "".join(rng.choice("0123456789") for _ in range(digits))


@pytest.mark.parametrize("seed", range(6))
def test_a_registry_number_revises_one_of_the_same_registry(seed: int) -> None:
    """A prefix and digits with no separator ("NCT04332839") is an identifier's form: the
    update says nothing else of what it is about."""
    rng = random.Random(seed)
    prefix, digits = rng.choice(REGISTRIES)
    old, new = _code(rng, prefix, digits), _code(rng, prefix, digits)
    said = [
        rng.choice(CODE_STATED).format(code=old),
        OTHER_CODE.format(number=rng.randint(1000, 9999)),
        "Meetings are on Tuesdays.",
        rng.choice(CODE_REVISED).format(code=new),
    ]
    text = revised(said)
    assert new in text
    assert old not in text


# Each plural is also a verb or a framing word ("show me", "it runs on").
COUNTED = (("shows", "play"), ("runs", "do"), ("reads", "schedule"))
COUNT_STATED = ("We want to {verb} {old} {noun} this autumn.", "Plan for {old} {noun} in total.")
COUNT_REVISED = ("Book {new} {noun} instead.", "Make that {new} {noun} from now on.")


@pytest.mark.parametrize("seed", range(6))
def test_a_count_revises_the_count_of_the_same_noun(seed: int) -> None:
    rng = random.Random(seed)
    noun, verb = rng.choice(COUNTED)
    old, new = rng.sample(range(12, 60), 2)
    said = [
        rng.choice(COUNT_STATED).format(verb=verb, old=old, noun=noun),
        f"The hall seats {rng.randint(100, 400)} people.",
        f"Print {rng.randint(61, 99)} posters for the tour.",
        f"We need {rng.randint(5, 11)} volunteers on each night.",
        rng.choice(COUNT_REVISED).format(new=new, noun=noun),
    ]
    text = revised(said)
    assert f"{new} {noun}" in text
    assert f"{old} {noun}" not in text


PACES = (("easy", "runs", "days"), ("recovery", "jogs", "sessions"))


@pytest.mark.parametrize("seed", range(6))
def test_of_several_values_of_one_form_the_update_revises_the_one_it_shares_words_with(
    seed: int,
) -> None:
    """Two paces, each a time per km; the update names its own by a word outside the
    subject the statements are read for ("easy")."""
    rng = random.Random(seed)
    (kind, noun, other_noun), (other_kind, _, _) = rng.sample(PACES, 2)
    old, other, new = (f"{rng.randint(4, 7)}:{rng.randint(10, 59)}" for _ in range(3))
    said = [
        f"For the marathon block I want my {kind} {noun} at {old}/km.",
        f"My {other_kind} pace stays at {other}/km.",
        f"{kind} {other_noun}: {new} a km from next week.",
    ]
    text = revised(said)
    assert f"{new} a km" in text
    assert f"{old}/km" not in text
    assert f"{other}/km" in text


LINES = ("equipment", "travel", "catering", "software")
CAP_STATED = (
    "Funder rules: {line} costs stay within €{old:,}.",
    "Keep {line} spending under €{old:,}, no exceptions.",
)
# The amount as much of Europe writes it: "39.500 €".
CAP_RESTATED = ("{line} ceiling: {new} €", "{line} limit {new} €.")


@pytest.mark.parametrize("seed", range(6))
def test_a_terse_restatement_of_a_cap_revises_it_without_a_cue(seed: int) -> None:
    """No "now", no "instead": a statement naming only what an earlier one is about, with a
    new value of its form, restates it; the other line's cap stays."""
    rng = random.Random(seed)
    line, other = rng.sample(LINES, 2)
    old, kept, new = (rng.randrange(10_000, 99_000, 500) for _ in range(3))
    said = [
        rng.choice(CAP_STATED).format(line=line, old=old),
        rng.choice(CAP_STATED).format(line=other, old=kept),
        "Reports go to the programme officer.",
        rng.choice(CAP_RESTATED).format(line=line.capitalize(), new=f"{new:,}".replace(",", ".")),
    ]
    text = revised(said)
    assert f"{new:,}".replace(",", ".") + " €" in text
    assert f"€{old:,}" not in text
    assert f"€{kept:,}" in text
