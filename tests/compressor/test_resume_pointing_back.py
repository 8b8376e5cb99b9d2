"""A person goes back to work set aside with words that point back at it ("the thing from
before", "the one I asked you to park", "Maria handed it back to us", "unparking ...") or by
asking where it was left ("where did we leave the drift check?"), whatever they call it: the
work set aside is in force again. Work put off to later, something sent back, a step of the
work at hand, or a question about the work in force is no return."""

from __future__ import annotations

import random

import pytest

from packlight.compressor.tasks import read_turn

SET_ASIDE = [
    "Set up an Evidently drift report comparing last month's scores with this month's.",
    "Write the October newsletter for my bakery: new opening hours and the autumn menu.",
    "Rotate the SSH deploy keys on bastion-1 and bastion-2 and revoke the old ones.",
    "Chase the broadband provider about the line that drops every evening.",
]
IN_FORCE = [
    "Compute the significance of the checkout A/B test and tell me if it is real.",
    "Migrate the nightly ingest job to the new scheduler.",
    "Find out why the payments pods in prod keep getting OOMKilled.",
    "Book a table for four at the Italian place on Saturday at 8.",
]
# Names a person may give the work they go back to, none of them its first words.
OWN_NAMES = ["the drift check", "the newsletter", "the key rotation", "the broadband"]
HANDLES = ["OPS-1132", "#1931", "`orders_daily`", "BIO-305", "PR #412", "sw.js"]
LEADS = ["", "ok, ", "right, ", "cool, thanks. ", "alright, done with that. ", "um "]
CLOSERS = ["", " please", " thx", "!", " when you can"]


def pointing_back(rng: random.Random, name: str) -> str:
    """A return that says the work was set aside before, in one of many shapes."""
    forms = [
        f"now the thing from before: {name}",
        f"{name} from earlier, let's do it now",
        f"the thing I asked you to park: {name}. Go on with it",
        f"Maria handed {name} back to us, carry on",
        f"unparking {name}",
        f"{name} is unblocked, you can go on",
        f"{name} is back in progress",
        f"let's circle back to {name}",
        f"we return on {name} now",
        f"returning to {name}",
        f"I'd like to take up {name} again",
        f"{name}: the client said it's a go again",
        f"{name} is back on the table",
        f"take {name} off ice",
        f"green light on {name} again",
    ]
    return rng.choice(LEADS) + rng.choice(forms) + rng.choice(CLOSERS)


def asking_where(rng: random.Random, name: str) -> str:
    """A question about where the work was left, or going on from there, naming it."""
    forms = [
        f"where did we leave {name}?",
        f"where did you get to on {name}?",
        f"what was left to do on {name}?",
        f"where were we with {name}?",
        f"can you continue {name} from where you stopped?",
        f"{name} - what was the next step?",
        f"let's get {name} over the line",
        f"can we wrap up {name} now?",
        f"back to {name}",
        f"would you mind continuing with {name}?",
        f"can you pick {name} back up",
        f"let's get {name} going again",
        f"Now we can take up {name}. Please continue where we stopped.",
    ]
    return rng.choice(LEADS) + rng.choice(forms)


def cases(seed: int, count: int) -> list[tuple[str, int, str]]:
    """Generated returns: (message, position of the work set aside, work in force)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        target = rng.randrange(len(SET_ASIDE))
        name = rng.choice([OWN_NAMES[target], rng.choice(HANDLES)])
        make = rng.choice([pointing_back, asking_where])
        found.append((make(rng, name), target, IN_FORCE[target]))
    return found


@pytest.mark.parametrize(("text", "target", "working_on"), cases(seed=3, count=60))
def test_words_that_point_back_return_to_the_work_set_aside(
    text: str, target: int, working_on: str
) -> None:
    reading = read_turn(text, in_force=[working_on], set_aside=[SET_ASIDE[target]])
    assert reading.kind == "resume", text
    assert reading.resumed == 0


def test_the_named_work_set_aside_is_the_one_returned_to() -> None:
    aside = [SET_ASIDE[0], SET_ASIDE[2]]
    for text in (
        "where did we leave the drift check?",
        "now the thing from before: the drift check",
    ):
        reading = read_turn(text, in_force=[IN_FORCE[1]], set_aside=aside)
        assert (reading.kind, reading.resumed) == ("resume", 0), text
    reading = read_turn("unparking the key rotation", in_force=[IN_FORCE[1]], set_aside=aside)
    assert (reading.kind, reading.resumed) == ("resume", 1)


NO_RETURN = [
    # Work put off to later is set aside again, not taken up.
    "we'll circle back to {name} later, keep going with this",
    "we'll get back to {name} next week",
    # Something sent or handed back is no work.
    "FYI, I sent the parcel back on the 2nd.",
    "can you send the label back to me by email instead of post?",
    "Also, why doesn't the refund go back to the gift card now?",
    # A step of the work at hand.
    "back to step 3, the output was wrong",
    # The work in force, asked about.
    "where did we leave {current}?",
]


@pytest.mark.parametrize("template", NO_RETURN)
@pytest.mark.parametrize("target", range(len(SET_ASIDE)))
def test_what_only_looks_like_pointing_back_is_no_return(template: str, target: int) -> None:
    current = IN_FORCE[target].split(" and ")[0].rstrip(".").lower()
    text = template.format(name=OWN_NAMES[target], current=current)
    reading = read_turn(text, in_force=[IN_FORCE[target]], set_aside=[SET_ASIDE[target]])
    assert reading.kind != "resume", text


def test_without_work_set_aside_nothing_is_returned_to() -> None:
    for text, _, working_on in cases(seed=5, count=20):
        assert read_turn(text, in_force=[working_on], set_aside=[]).kind != "resume", text


@pytest.mark.parametrize("target", range(len(SET_ASIDE)))
def test_work_reported_done_is_no_obstacle_to_the_return(target: int) -> None:
    working_on = IN_FORCE[target]
    done = working_on.split(" and ")[0].rstrip(".").lower()
    text = f"Now that {done} is wrapped up, would you mind continuing with {OWN_NAMES[target]}?"
    reading = read_turn(text, in_force=[working_on], set_aside=[SET_ASIDE[target]])
    assert (reading.kind, reading.resumed) == ("resume", 0), text
