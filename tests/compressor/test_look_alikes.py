"""Look-alike statements under a checkpoint's budget.

Two statements whose values have one slot form ("the outbound flight is NZ1173", "we fly back
on ET6459"), or that say the same thing of two scopes ("the production database", "the
staging one"), are look-alikes: kept without the other, either value is easily taken for the
other's. Within a kind (all facts here), the budget cuts the statements that have no
look-alike first. The
wording is drawn from varied templates and random values, so that the tests do not depend on
one phrasing.
"""

from __future__ import annotations

import random

import pytest

from packlight.compressor.subjects import look_alikes
from tests.compressor.statement_chats import checkpoint_at, statement_chat

# Pairs of look-alike facts: (template of one, template of the other, value maker).
PAIRS: tuple[tuple[str, str, str], ...] = (
    ("Our outbound flight is {a}.", "We fly back on {b}.", "flight"),
    ("The production database lives on {a}.", "The staging database lives on {b}.", "host"),
    (
        "The hiring manager reads the candidate packs at {a}.",
        "Candidates are booked through the recruiter, {b}.",
        "email",
    ),
    ("The API listens on port {a}.", "The admin console is on port {b}.", "port"),
)
# Facts with a value of a form no other fact here has.
LONERS: tuple[str, ...] = (
    "The venue holds {n} guests.",
    "My manager's name is {name}.",
    "We keep {n} percent of the stock in reserve.",
    "The workshop is on {day} the {n}th.",
    "The shared drive folder is called {name}-archive.",
    "Our team has {n} people.",
)
NAMES = ("Ingrid", "Tomasz", "Efua", "Yusuf", "Saoirse", "Obinna", "Marisol")
DAYS = ("Monday", "Tuesday", "Thursday", "Friday")


def value(kind: str, rng: random.Random) -> str:
    if kind == "flight":
        return f"{rng.choice(['NZ', 'EI', 'TP', 'KL', 'AY'])}{rng.randint(1000, 9999)}"
    if kind == "host":
        return f"db-{rng.choice(['pg', 'main', 'core'])}-{rng.randint(10, 99)}.internal"
    if kind == "email":
        return f"{rng.choice(NAMES).lower()}@{rng.choice(['northhire', 'pinemoor'])}.com"
    return str(rng.randint(1025, 9999))


def loner(template: str, rng: random.Random) -> str:
    return template.format(n=rng.randint(11, 99), name=rng.choice(NAMES), day=rng.choice(DAYS))


@pytest.mark.parametrize("seed", range(6))
def test_a_look_alike_pair_is_found_and_a_lone_value_is_not(seed: int) -> None:
    rng = random.Random(seed)
    one, other, kind = PAIRS[seed % len(PAIRS)]
    first, second = one.format(a=value(kind, rng)), other.format(b=value(kind, rng))
    lone = loner(LONERS[seed % len(LONERS)], rng)
    found = look_alikes([first, lone, second])
    assert found == {first, second}, (first, second, lone)
    # A question or a musing states no value: it makes no look-alike.
    asked = f"Should the second one be {value(kind, rng)}?"
    assert look_alikes([first, asked]) == frozenset()


def test_scopes_of_one_thing_are_look_alikes_even_with_values_of_other_forms() -> None:
    production = "The production cluster runs 12 replicas."
    staging = "The staging cluster runs on 3 nodes at most."
    assert look_alikes([production, staging]) == {production, staging}


@pytest.mark.parametrize("seed", range(5))
def test_under_the_budget_facts_without_a_look_alike_go_first(seed: int) -> None:
    """The pair is stated first (the oldest facts, which the budget would cut first), the
    lone facts after it; a budget that holds all but a few facts keeps both of the pair."""
    rng = random.Random(100 + seed)
    one, other, kind = PAIRS[seed % len(PAIRS)]
    pair = [one.format(a=value(kind, rng)), other.format(b=value(kind, rng))]
    loners = [loner(template, rng) for template in rng.sample(LONERS, 4)]
    messages = statement_chat(
        "You help me plan.", (*pair, *loners), "Please draft the plan for next week."
    )
    whole = checkpoint_at(messages, 100_000)
    assert all(text in whole for text in (*pair, *loners)), whole
    tight = checkpoint_at(messages, len(whole) - len(loners[0]) - len(loners[1]) - 8)
    assert len(tight) < len(whole)
    assert all(text in tight for text in pair), tight
    assert not all(text in tight for text in loners), tight


@pytest.mark.parametrize("seed", range(4))
def test_the_way_back_is_a_leg_of_its_own(seed: int) -> None:
    """A way back ("we fly back on X") is the return leg: it does not replace the outbound
    flight, and a later change of the flight home replaces the return one, not the outbound
    one."""
    from packlight.compressor.subjects import link

    rng = random.Random(seed)
    outbound = rng.choice(
        ["Our outbound flight is {v}.", "The outward flight is {v}.", "We fly out on {v}."]
    ).format(v=value("flight", rng))
    back = rng.choice(
        ["We fly back on {v}.", "The flight home is {v}.", "Our return flight is {v}."]
    ).format(v=value("flight", rng))
    assert link(back, [outbound]).replaces == ()
    changed = rng.choice(
        [
            "Our homeward flight was cancelled and replaced by {v}.",
            "We now fly back on {v} instead.",
        ]
    ).format(v=value("flight", rng))
    assert link(changed, [outbound, back]).replaces == (1,)


@pytest.mark.parametrize("seed", range(4))
def test_the_plural_of_an_acronym_is_its_subject(seed: int) -> None:
    """An update about "hardware GPUs" is about GPUs as "the GPU hardware budget" is: it
    revises that budget, never the cap on rented GPU hours of another scope."""
    from packlight.compressor.subjects import link, subject

    rng = random.Random(seed)
    acronym = rng.choice(["GPU", "CPU", "VM", "SSD"])
    hardware = f"{acronym} hardware budget: ${rng.randint(20, 40)},000"
    rented = f"Rented {acronym} hours for training can't exceed ${rng.randint(10, 19)},500."
    update = f"We may now spend ${rng.randint(2, 9)},000 on hardware {acronym}s."
    assert acronym.lower() in subject(update).words
    assert link(update, [rented, hardware]).replaces == (1,)
    # a word that merely ends in "us" keeps its s
    assert "status" in subject(f"The {acronym} status page is status-{seed}.example.com").words
