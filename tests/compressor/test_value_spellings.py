"""A value keeps its slot whatever its spelling, and a word that moves a value says it revises.

"37psi" and "40 PSI" are pressures, "400ms" and "350 milliseconds" latencies, "CHF 240" and
"395 francs" amounts of money, "#web-digest" and "#plat-pulse" chat channels, "app logs" the
application logs: a later statement of the new value replaces the old one. "Shrink the import
batches to 3250 rows" moves a value it presupposes, as "moved to" does. A value still being
haggled over, or someone's wish to be met about later, replaces nothing. Values, things and
wordings are drawn at random; the checkpoint is read through the public API.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.compressor.statement_chats import checkpoint_at, statement_chat

SYSTEM = "You are a helpful assistant."
ASK = "What should I keep in mind?"
BUDGET = 4_000

Draw = Callable[[random.Random], tuple[str, str]]


def _two(rng: random.Random, low: int, high: int) -> tuple[int, int]:
    first, second = rng.sample(range(low, high), 2)
    return first, second


def _pressure(rng: random.Random) -> tuple[str, str]:
    old, new = _two(rng, 26, 60)
    return rng.choice(("{}psi", "{} psi")).format(old), rng.choice(("{} PSI", "{}psi")).format(new)


def _latency(rng: random.Random) -> tuple[str, str]:
    old, new = _two(rng, 12, 90)
    return (
        rng.choice(("{}0ms", "{}0 ms")).format(old),
        rng.choice(("{}0 milliseconds", "{}0ms")).format(new),
    )


def _francs(rng: random.Random) -> tuple[str, str]:
    old, new = _two(rng, 12, 48)
    return rng.choice(("CHF {}0", "{}0 CHF")).format(old), f"{new}5 francs"


def _thousands(rng: random.Random) -> tuple[str, str]:
    old, new = _two(rng, 12, 95)
    return f"{old}.5k euros", rng.choice(("EUR {},500", "€{},500")).format(new)


# (earlier statement, later statement, the values' draw): the later gives the same slot a new
# value, spelled another way.
REVISIONS: tuple[tuple[tuple[str, ...], tuple[str, ...], Draw], ...] = (
    (
        (
            "Minimum front tyre pressure is {old}, fully loaded.",
            "Front tyres never below {old}.",
        ),
        (
            "The front tyre minimum is {new} now.",
            "Front tyre pressure moved to {new}.",
            "Raise the front tyres to {new}.",
        ),
        _pressure,
    ),
    (
        (
            "Checkout should answer within {old} at the 95th percentile.",
            "Checkout p95 has to stay under {old}.",
        ),
        (
            "Product wants checkout p95 at {new} now.",
            "The checkout latency target moved to {new}.",
            "Lower the checkout p95 goal to {new}.",
        ),
        _latency,
    ),
    (
        (
            "Never quote a client below {old} an hour.",
            "My floor rate is {old} per hour.",
        ),
        (
            "New hourly floor: {new}.",
            "Quotes start at {new} per hour from now on.",
            "Raise the hourly floor to {new}.",
        ),
        _francs,
    ),
    (
        ("Equipment ceiling: {old}.", "The equipment budget tops out at {old}."),
        ("The equipment ceiling is {new} now.", "Equipment budget moved to {new}."),
        _thousands,
    ),
)


@pytest.mark.parametrize("seed", range(20))
def test_a_value_spelled_another_way_still_replaces_its_slot(seed: int) -> None:
    rng = random.Random(seed)
    earlier, later, draw = REVISIONS[seed % len(REVISIONS)]
    old, new = draw(rng)
    said = [
        rng.choice(earlier).format(old=old),
        "The staging database lives on db-stg-4kq.internal.",
        rng.choice(later).format(new=new),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert new in text, text
    assert old not in text, text
    assert "db-stg-4kq.internal" in text, text


CHANNEL_WORDS = ("digest", "pulse", "news", "radar", "status")
TEAMS = ("web", "plat", "core", "edge", "data", "ship")


def _channel(rng: random.Random, taken: set[str]) -> str:
    while True:
        name = f"#{rng.choice(TEAMS)}-{rng.choice(CHANNEL_WORDS)}"
        if name not in taken:
            taken.add(name)
            return name


@pytest.mark.parametrize("seed", range(8))
def test_a_new_channel_for_updates_replaces_the_old_one(seed: int) -> None:
    rng = random.Random(seed)
    taken: set[str] = set()
    old, new = _channel(rng, taken), _channel(rng, taken)
    said = [
        rng.choice(
            (
                "Post status updates in {c}.",
                "I want the daily status in {c}.",
                "Status channel: {c}.",
            )
        ).format(c=old),
        "Invoices are due on the 28th of each month.",
        rng.choice(
            ("updates -> {c}", "Post updates to {c} now.", "Use {c} for updates instead.")
        ).format(c=new),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert new in text, text
    assert old not in text, text
    assert "28th" in text, text


@pytest.mark.parametrize("seed", range(8))
def test_app_logs_are_the_application_logs_and_audit_logs_stay_apart(seed: int) -> None:
    rng = random.Random(seed)
    old, new, audit = (f"{n} days" for n in rng.sample(range(7, 120), 3))
    said = [
        rng.choice(("Keep app logs {v} max.", "App logs are kept for {v}, then deleted.")).format(
            v=old
        ),
        rng.choice(("Audit logs are retained for {v}.", "Keep audit logs {v}.")).format(v=audit),
        rng.choice(
            (
                "We'll hold application logs for {v} instead.",
                "Application log retention moved to {v}.",
                "Privacy signed off on {v} for the application logs.",
            )
        ).format(v=new),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert new in text, text
    assert audit in text, text
    assert old not in text, text


PEOPLE = ("Wren", "Lars", "Ulla", "Colm", "Vikram", "Zofia")


@pytest.mark.parametrize("seed", range(10))
def test_a_value_still_to_be_settled_replaces_nothing(seed: int) -> None:
    rng = random.Random(seed)
    person = rng.choice(PEOPLE)
    kept, floated = (f"{n} days" for n in rng.sample(range(7, 120), 2))
    unsettled = rng.choice(
        (
            f"{person} and I are still haggling over the app log retention. {floated} is on "
            "the table, nothing is agreed.",
            f"{person} wants {floated} for application logs; we're meeting about it later this "
            "week.",
            f"{person} asked for {floated} on the app logs; we'll discuss it on Monday.",
        )
    )
    said = [f"For the app logs, shorten it to {kept}.", unsettled]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert f"shorten it to {kept}" in text, text
    assert "(possibly superseded)" not in text.split(kept)[1].splitlines()[0], text


@pytest.mark.parametrize("seed", range(8))
def test_a_value_of_the_past_and_a_musing_without_one_do_not_block_a_revision(seed: int) -> None:
    rng = random.Random(seed)
    old, new = (f"{n}0 ms" for n in rng.sample(range(12, 90), 2))
    taken: set[str] = set()
    channel, past_channel, new_channel = (_channel(rng, taken) for _ in range(3))
    said = [
        f"Checkout should answer within {old} at the 95th percentile.",
        f"Post status updates in {channel}.",
        rng.choice(
            (
                "The checkout p95 target might change next week, but until I say so it stays.",
                "Maybe we revisit the checkout latency goal after the launch.",
            )
        ),
        rng.choice(
            (
                "Back in the spring the status channel was {c}; that's history, not the current "
                "setting.",
                "The status channel was {c} once; that is history.",
            )
        ).format(c=past_channel),
        f"The latency goal for checkout is {new} after the redesign.",
        f"I'd prefer {new_channel} for the daily notes now.",
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert new in text, text
    assert old not in text, text
    assert new_channel in text, text
    assert channel not in text, text


@pytest.mark.parametrize("seed", range(10))
def test_a_question_explained_and_a_counterfactual_replace_nothing(seed: int) -> None:
    rng = random.Random(seed)
    person = rng.choice(PEOPLE)
    kept, asked = (f"{n}0 °C" for n in rng.sample(range(50, 99), 2))
    taken: set[str] = set()
    channel, wished = _channel(rng, taken), _channel(rng, taken)
    said = [
        f"The insurer wants someone present from {kept} now.",
        f"Status channel: {channel}.",
        rng.choice(("", "Thanks, that's helpful. ", "Great. "))
        + rng.choice(
            (
                "is the kiln's unattended temperature limit {v}? asking because {p} wasn't "
                "sure, not because I want it changed.",
                "the kiln limit is {v}, right? {p} asked, nothing to change.",
            )
        ).format(v=asked, p=person),
        rng.choice(
            (
                "If it were up to {p}, the status channel would be {c}. It isn't up to {p}.",
                "If {p} had their way the status channel would be {c}.",
            )
        ).format(p=person, c=wished),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert f"from {kept} now" in text, text
    assert f"Status channel: {channel}." in text, text
    rules = text.split("## Rules & facts", 1)[-1]
    assert "(possibly superseded)" not in rules.split(kept, 1)[1].splitlines()[0], text


PARTS = ("AV", "catering", "venue hire", "printing", "travel", "security")


@pytest.mark.parametrize("seed", range(10))
def test_a_statement_set_apart_from_another_thing_does_not_revise_it(seed: int) -> None:
    rng = random.Random(seed)
    first, second = rng.sample(PARTS, 2)
    kept, other = (f"£{n},{rng.randrange(100, 999)}" for n in rng.sample(range(11, 60), 2))
    said = [
        rng.choice(
            (
                "Don't let the {t} supplier quote us more than {v} for the whole event.",
                "The {t} spend is capped at {v}.",
            )
        ).format(t=first, v=kept),
        rng.choice(
            (
                "The {t} line in the budget is {v}, and it's separate from {o}.",
                "{T} comes to {v}; that is separate from {o}.",
            )
        ).format(t=second, T=second.capitalize(), v=other, o=first),
    ]
    text = checkpoint_at(statement_chat(SYSTEM, said, ASK), BUDGET)
    assert kept in text, text
    assert other in text, text
    assert "(possibly superseded)" not in text, text
