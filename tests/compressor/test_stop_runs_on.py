"""A halt that goes on into other work without a comma or an "and" ("scratch the ingest
dashboard start the DNS migration first"), or beside a need for other work ("Stop there. I
need the nested-comment fix tonight"), is a switch; a halt beside what the person will do
themselves, what someone else wants to do, or a need that is no work (time, a decision) is a
stop."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from packlight.compressor.tasks import read_turn

IN_FORCE = [
    "Please fix the FilteredRelation join reuse bug in the django ORM.",
    "Migrate the nightly export job from cron to the scheduler service.",
    "Write the onboarding guide for new volunteers at the food pantry.",
]
HALTS = ["scratch {name}", "drop {name}", "stop {name}", "ditch {name}"]
# Each task in force and a name for it that the halt uses.
NAMED = [
    (IN_FORCE[0], "the FilteredRelation bug"),
    (IN_FORCE[1], "the nightly export job"),
    (IN_FORCE[2], "the onboarding guide"),
]
ORDERS = [
    "start the DNS cutover for shop.example first",
    "write the release notes for 2.4",
    "look at the login outage on the EU cluster",
    "debug the flaky payment webhook test",
]
NEEDS = [
    "I need the nested-comment fix for the Quill lexer tonight.",
    "As a stakeholder I need the cohort alignment run by noon.",
    "the chair wants the board minutes tonight.",
]
REASONS = [
    "I need to check something with the team first.",
    "legal wants to review it before anything changes.",
    "I'll look at it with Priya on Monday.",
    "I need some time to think it over.",
    "there's nothing further I need this evening.",
    "we need the client's sign-off before going on.",
]


@pytest.mark.parametrize("seed", range(12))
def test_a_halt_running_on_into_other_work_switches(seed: int) -> None:
    rng = random.Random(seed)
    task, name = rng.choice(NAMED)
    text = f"{rng.choice(HALTS).format(name=name)} {rng.choice(ORDERS)}"
    reading = read_turn(text, in_force=[task])
    assert reading.kind == "switch", (text, reading)


@pytest.mark.parametrize("seed", range(9))
def test_a_halt_beside_a_need_for_other_work_switches(seed: int) -> None:
    rng = random.Random(seed)
    text = f"Stop there. {rng.choice(NEEDS)}"
    reading = read_turn(text, in_force=[rng.choice(IN_FORCE)])
    assert reading.kind == "switch", (text, reading)


@pytest.mark.parametrize("seed", range(12))
def test_a_halt_beside_a_reason_stays_a_stop(seed: int) -> None:
    rng = random.Random(seed)
    text = f"Park what you're on for the moment, {rng.choice(REASONS)}"
    reading = read_turn(text, in_force=[rng.choice(IN_FORCE)])
    assert reading.kind == "stop", (text, reading)


@pytest.mark.parametrize(
    "text",
    [
        "No more work on the doctor search until I say so.",
        "leave the SHAP stuff where it is I'll look at it with Priya on monday",
    ],
)
def test_what_a_halt_halts_is_not_other_work(text: str) -> None:
    assert read_turn(text, in_force=[IN_FORCE[0]]).kind == "stop"


_EXAMPLE = Path(__file__).resolve().parents[2] / "src/packlight/examples/django__django-15022.json"
_REPORTERS = (
    "My contact in the Lagos State Ministry of Education",
    "My cousin at the district office",
    "Our agent in Nairobi",
    "The clerk at the land registry",
)
_URGENT = (
    "the window for desk supply proposals closes on Friday and we have not submitted",
    "the deadline for the school grant is tomorrow and nothing is sent",
    "the tender for the water pumps closes Monday and our form is empty",
)
_RANKED = (
    "This is more important than {key}.",
    "This is more urgent than {key}.",
    "This takes priority over {key}.",
)
_ASKED = ("Please start with it now.", "Please begin with it today.", "Start on it right away.")


@pytest.mark.parametrize("seed", range(16))
def test_what_ranks_above_the_work_and_is_asked_for_is_a_switch(seed: int) -> None:
    """ "The tender closes Monday and our form is empty. This is more important than
    OPS-4863. Please start with it now.": a halt that ranks what the message describes above
    the work, and asks for it, switches to it; it never stops with nothing in force."""
    rng = random.Random(seed)
    messages = json.loads(_EXAMPLE.read_text(encoding="utf-8"))["messages"]
    task = next(m["content"] for m in messages if m["role"] == "user")
    key = f"{rng.choice(('INV', 'OPS', 'HR', 'FIN'))}-{rng.randint(100, 9999)}"
    text = (
        f"{rng.choice(_REPORTERS)} says {rng.choice(_URGENT)}.\n\n"
        f"{rng.choice(_RANKED).format(key=key)} {rng.choice(_ASKED)}"
    )
    reading = read_turn(text, in_force=[task])
    assert reading.kind != "stop", (text, reading)
