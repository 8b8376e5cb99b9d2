"""A person sets the work in force aside with an idiom rather than a verb of stopping ("the L2
coverage has been overtaken by events", "mothball VER-1047", "down tools on the cmip6 job",
"everything else waits"), often calling the work by a name of their own: with other work
asked for it is a switch, without it a stop of the work named or pointed at. Such idioms
said of a side matter while the work goes on, or of what happened before, halt nothing."""

from __future__ import annotations

import random

import pytest

from packlight.compressor.tasks import read_turn

IN_FORCE = [
    "Please get functional coverage closure on the L2 cache controller.",
    "Regrid the CMIP6 precipitation output to a one-degree grid.",
    "Draft the fraud-indicator checklist for motor claims.",
    "Build next year's timetable for the Year 9 classes.",
]
# What a person may call the work in force: its ticket, a file, or words of their own.
OWN_NAMES = ["VER-1047", "the cmip6 job", "fraud_checklist.md", "the timetable"]
NEW_WORK = [
    "Please write the release notes for 2.4.0.",
    "I need you to do the seating plan for the wedding by noon.",
    "Could you triage the open issues on the parser repo?",
    "Plan the drone survey flight over the dyke.",
    "Drop everything and look at the login outage.",
]
LEADS = ["", "ok. ", "Plot twist: ", "Sorry to interrupt. ", "hmm. "]


def aside(rng: random.Random, name: str) -> str:
    """The work in force set aside by an idiom, in one of many shapes."""
    forms = [
        f"{name} is moot now.",
        f"{name} has been overtaken by events.",
        f"That ship has sailed on {name}.",
        f"{name} goes to Won't Do for this sprint.",
        f"Mothball {name}.",
        f"Down tools on {name}.",
        f"{name} can be kept pending.",
        f"{name} goes on the back burner.",
        f"It is not worth it to continue {name}.",
        f"Let {name} rest.",
        f"I propose we leave {name} aside, it is not the moment.",
        f"Before you go further with {name}: this is more urgent.",
        f"We have decided not to proceed with {name}.",
        f"{name} can be put to one side.",
    ]
    return rng.choice(forms)


# Idioms that may be said of a part of the work: a halt only where they name the work.
WEAK = [
    "{name} can sit for a bit.",
    "{name} isn't urgent anyway.",
    "my teammate is taking over {name}.",
    "I'm bored of {name}.",
    "{name} later.",
]
# The work in force by words of its own.
NAMED = ["the coverage closure", "the CMIP6 regrid", "the fraud checklist", "the timetable"]


@pytest.mark.parametrize("template", WEAK)
@pytest.mark.parametrize("task", range(len(IN_FORCE)))
def test_an_idiom_said_of_the_work_by_its_name_switches_to_the_new_work(
    template: str, task: int
) -> None:
    rng = random.Random(f"{template}{task}")
    text = f"{template.format(name=NAMED[task])} {rng.choice(NEW_WORK)}"
    reading = read_turn(text, in_force=[IN_FORCE[task]])
    assert reading.kind == "switch", text


@pytest.mark.parametrize("template", WEAK)
def test_an_idiom_said_of_something_unnamed_halts_nothing(template: str) -> None:
    # "the bibliography isn't urgent, ...": a part or a side matter, not the work in force.
    text = f"{template.format(name='the bibliography')} Could you also check the captions?"
    assert read_turn(text, in_force=[IN_FORCE[0]]).kind not in ("switch", "stop"), text


def switches(seed: int, count: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        task = rng.randrange(len(IN_FORCE))
        halt = aside(rng, rng.choice([OWN_NAMES[task], "the current task"]))
        new = rng.choice(NEW_WORK)
        text = rng.choice(LEADS) + (f"{halt} {new}" if rng.random() < 0.5 else f"{new} {halt}")
        found.append((text, IN_FORCE[task]))
    return found


@pytest.mark.parametrize(("text", "working_on"), switches(seed=11, count=40))
def test_an_idiom_that_sets_the_work_aside_with_new_work_asked_is_a_switch(
    text: str, working_on: str
) -> None:
    reading = read_turn(text, in_force=[working_on])
    assert reading.kind == "switch", text
    assert reading.halted == (0,)


@pytest.mark.parametrize("task", range(len(IN_FORCE)))
def test_an_idiom_alone_stops_the_work_it_points_at(task: str) -> None:
    rng = random.Random(task)
    text = aside(rng, "the current task")
    reading = read_turn(text, in_force=[IN_FORCE[int(task)]])
    assert reading.kind == "stop", text


NO_HALT = [
    # A side matter set aside while the work goes on.
    "That ship has sailed on the naming; keep the names as they are and carry on.",
    # What happened before, recalled.
    "Could you remind me how far we got before we set it aside? No need to return to it.",
    # A part of the work set aside, nothing named or pointed at stopped.
    "put the perf tweak aside for now, correctness first",
    # Set aside for a moment and taken back.
    "git stash your change, run the test on the original code, then pop it",
]


@pytest.mark.parametrize("text", NO_HALT)
@pytest.mark.parametrize("working_on", IN_FORCE)
def test_an_idiom_about_something_else_halts_nothing(text: str, working_on: str) -> None:
    assert read_turn(text, in_force=[working_on]).kind not in ("switch", "stop"), text


PRIORITY = [
    "Actually the urgent thing is to {work}.",
    "{Work} just jumped the queue.",
    "All hands on {work}.",
    "What would help far more is if you could {work}.",
]
WORK = ["rebalance the spawn waves", "triage the storm claims", "design the ice cavern level"]


@pytest.mark.parametrize("priority", PRIORITY)
@pytest.mark.parametrize("task", range(len(IN_FORCE)))
def test_a_halt_beside_words_that_give_other_work_the_priority_is_a_switch(
    priority: str, task: int
) -> None:
    work = WORK[task % len(WORK)]
    text = f"Forget about {NAMED[task]}. " + priority.format(work=work, Work=work.capitalize())
    reading = read_turn(text, in_force=[IN_FORCE[task]])
    assert reading.kind == "switch", text
    assert reading.halted == (0,)


@pytest.mark.parametrize("task", range(len(IN_FORCE)))
def test_new_work_asked_in_the_clause_of_the_idiom_makes_a_switch(task: int) -> None:
    new = NEW_WORK[task].rstrip(".?").replace("Please ", "").replace("Could you ", "")
    text = f"Put {NAMED[task]} to one side and {new[0].lower()}{new[1:]}."
    reading = read_turn(text, in_force=[IN_FORCE[task]])
    assert reading.kind == "switch", text


NAMED_REQUESTS = [
    "the seating plan for the wedding, please.",
    "fortnightly cleaner pls",
    "The drone survey flight plan by noon, please.",
    "new flyer for the sat sale pls",
]


@pytest.mark.parametrize("request_", NAMED_REQUESTS)
@pytest.mark.parametrize("task", range(len(IN_FORCE)))
def test_a_halt_beside_other_work_asked_for_by_its_name_is_a_switch(
    request_: str, task: int
) -> None:
    text = f"forget {NAMED[task]}. {request_}"
    assert read_turn(text, in_force=[IN_FORCE[task]]).kind == "switch", text


@pytest.mark.parametrize(
    "tail", ["thanks pls", "My wife wants to talk first please.", "no more changes pls"]
)
def test_a_halt_beside_a_please_that_asks_for_no_work_stays_a_stop(tail: str) -> None:
    text = f"forget {NAMED[0]}. {tail}"
    assert read_turn(text, in_force=[IN_FORCE[0]]).kind == "stop", text
