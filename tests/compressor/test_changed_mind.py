"""A person who "changed their mind" about a detail of the work revises that detail; one who
changed it about the work halts the work.

"Changed my mind on the colour: slate blue" gives the colour a new value and the work goes
on; "I've changed my mind about the parser work. Write the release notes instead." stops the
parser work. The messages are built from parts drawn at random (who speaks, how the change
of mind is said, what detail, how the new value follows), so that no test rests on one
phrasing; the checkpoint is checked through the public API.
"""

from __future__ import annotations

import random

import pytest

from packlight import ContextCompressor, is_summary, message_text
from packlight.compressor.checkpoint import STOPPED_SECTION, parse_sections
from packlight.compressor.tasks import read_turn
from packlight.compressor.turns import read_turn_by_rules

# (the task, the detail it names, values the person may revise the detail to)
ERRANDS = [
    (
        "Design a landing page for our bakery with a red colour scheme, in site/index.html.",
        ("the colour", "the color scheme", "the palette"),
        ("slate blue", "forest green", "navy and cream"),
    ),
    (
        "Book me a flight from Boston to Denver on May 3, aisle seat, economy.",
        ("the seat", "the seating", "the cabin"),
        ("a window seat", "premium economy", "the exit row"),
    ),
    (
        "Order a travel kit and a duffel bag for the trip, both in black.",
        ("the travel kit", "the bag colour", "the duffel"),
        ("white and navy", "olive", "the large size"),
    ),
    (
        "Add a retry wrapper around the HTTP client in net/client.py with a 10 second timeout.",
        ("the timeout", "the retry count", "the backoff"),
        ("30 seconds", "five retries", "exponential backoff"),
    ),
]
OPENERS = (
    "Changed my mind",
    "I've changed my mind",
    "Actually, I changed my mind",
    "hmm, changed my mind",
)
LINKS = ("about", "on", "regarding")
VALUE_FORMS = (
    "{sep} {value}.",
    "{sep} {value} please.",
    ", go with {value} instead.",
    ", make it {value}.",
)
SEPARATORS = (":", ";", " -", ",")


def _detail_revision(rng: random.Random) -> tuple[str, str]:
    task, details, values = rng.choice(ERRANDS)
    form = rng.choice(VALUE_FORMS).format(sep=rng.choice(SEPARATORS), value=rng.choice(values))
    text = f"{rng.choice(OPENERS)} {rng.choice(LINKS)} {rng.choice(details)}{form}"
    return task, text


@pytest.mark.parametrize("seed", range(24))
def test_a_change_of_mind_about_a_detail_changes_no_task(seed: int) -> None:
    task, text = _detail_revision(random.Random(seed))
    assert read_turn(text, in_force=[task]).kind in ("reply", "request"), text


@pytest.mark.parametrize("seed", range(12))
def test_a_change_of_mind_about_the_work_still_halts_it(seed: int) -> None:
    rng = random.Random(seed)
    task, _, _ = rng.choice(ERRANDS)
    work = rng.choice(("the whole thing", "this task", "that request", "the work on it"))
    new = rng.choice(
        (
            "Write the release notes for version {n} instead.",
            "Please draft a short status report for ticket OPS-{n} instead.",
            "Instead, summarise the open issues of sprint {n} in NOTES.md.",
        )
    ).format(n=rng.randint(2, 999))
    text = f"{rng.choice(OPENERS)} {rng.choice(LINKS)} {work}. {new}"
    assert read_turn(text, in_force=[task]).kind == "switch", text


def _chat(task: str, revision: str) -> list[dict[str, str]]:
    filler = "Working through it step by step. " * 60
    return [
        {"role": "system", "content": "You are a careful assistant."},
        {"role": "user", "content": task},
        {"role": "assistant", "content": "On it. " + filler},
        {"role": "user", "content": revision},
        {"role": "assistant", "content": "Noted, updating that. " + filler},
        {"role": "user", "content": "Looks good so far, keep going."},
        {"role": "assistant", "content": "Continuing. " + filler},
        {"role": "user", "content": "Anything left to check?"},
    ]


@pytest.mark.parametrize("seed", range(8))
def test_after_compaction_the_task_is_still_in_force_and_nothing_is_stopped(seed: int) -> None:
    task, revision = _detail_revision(random.Random(seed))
    result = ContextCompressor(model="gpt-4o", context_window=2_000).compress(
        _chat(task, revision), force=True, keep_last=0
    )
    text = message_text(next(m for m in result.messages if is_summary(m)))
    assert not parse_sections(text).get(STOPPED_SECTION), text
    assert "[stopped]" not in text, text
    # The person's own words for what the detail is now are carried.
    assert " ".join(revision.split()) in " ".join(text.split())


SETTINGS = ("make it {value}", "go with {value}", "let's go with {value}", "switch it to {value}")


@pytest.mark.parametrize("seed", range(16))
def test_an_instruction_that_only_sets_a_detail_changes_no_task(seed: int) -> None:
    rng = random.Random(seed)
    task, _, values = rng.choice(ERRANDS)
    said = rng.choice(SETTINGS).format(value=rng.choice(values))
    opener = rng.choice(("Actually", "Hmm,", "Oh wait,", "Ok"))
    text = f"{opener} {said}{rng.choice(('', ' instead', ' please'))}."
    assert read_turn(text, in_force=[task]).kind in ("reply", "request"), text


@pytest.mark.parametrize("seed", range(6))
def test_setting_a_detail_beside_a_halt_still_halts(seed: int) -> None:
    rng = random.Random(seed)
    task = "Migrate the user table to the new schema on the production database."
    said = rng.choice(SETTINGS).format(value="the staging database")
    # The halt names the task; the detail set beside it must not hide it.
    halt = rng.choice(("stop the migration", "stop the schema migration", "halt the migration"))
    joiner = rng.choice((" and ", ", then ", "; "))
    text = f"Actually, {said}{joiner}{halt}."
    assert read_turn(text, in_force=[task]).kind in ("stop", "switch"), text


@pytest.mark.parametrize("seed", range(12))
def test_forgetting_what_was_said_about_a_detail_revises_it(seed: int) -> None:
    rng = random.Random(seed)
    task, details, values = rng.choice(ERRANDS)
    verb = rng.choice(("Forget", "Ignore", "Scratch", "Please disregard"))
    said = rng.choice(("said", "told you", "wrote"))
    form = rng.choice(("; it's {v}.", ": {v}.", ", make it {v}."))
    text = f"{verb} what I {said} about {rng.choice(details)}" + form.format(v=rng.choice(values))
    assert read_turn(text, in_force=[task]).kind in ("reply", "request"), text


LIMITED = (
    ("we allow {n} requests a minute on the partner API", "requests"),
    ("the lunch menu has to come in at ${n} a head", "lunch"),
    ("keep the report to {n} pages", "pages"),
)


@pytest.mark.parametrize("seed", range(9))
def test_a_quantity_capped_by_no_more_is_a_limit_and_a_bare_no_more_halts(seed: int) -> None:
    rng = random.Random(seed)
    task = "Help me keep track of a project's rules and numbers over the next weeks."
    limit, _ = rng.choice(LIMITED)
    text = f"{limit.format(n=rng.randint(2, 900))}, no more{rng.choice(('', '.', '!'))}"
    assert read_turn(text, in_force=[task]).kind in ("reply", "request"), text
    halt = f"{rng.choice(('ok', 'right', 'alright'))}, {rng.choice(('stop there', 'that is it'))}"
    assert read_turn(f"{halt}, no more", in_force=[task]).kind == "stop"


CAPPED = (
    "cache ttl = {n} seconds",
    "Keep retries at {n}",
    "Sessions stay cached {n} minutes",
    "each job may run {n} minutes",
)


@pytest.mark.parametrize("seed", range(9))
def test_a_quantity_capped_by_no_longer_is_a_limit(seed: int) -> None:
    """ "600 seconds, no longer" caps a value, even beside a task that says "no longer"."""
    rng = random.Random(seed)
    task = rng.choice(
        (
            "Help me keep track of a project's rules and numbers over the next weeks.",
            "We're signing up for 99.5% from next month; the old number no longer applies.",
        )
    )
    text = rng.choice(CAPPED).format(n=rng.randint(2, 900)) + rng.choice(
        (", no longer", ", no longer.", ", no longer!")
    )
    assert read_turn(text, in_force=[task]).kind in ("reply", "request"), text
    assert read_turn_by_rules(text, in_force=[task]).kind in ("reply", "request"), text


@pytest.mark.parametrize("seed", range(6))
def test_a_quantity_before_another_bare_halt_does_not_cancel_it(seed: int) -> None:
    rng = random.Random(seed)
    task = "Split the settings module into smaller files, one per section."
    done = rng.choice(("done {n} of the {m} files", "I reviewed {n} pages", "we're at {n}%"))
    halt = rng.choice(("stop there", "stop here", "that's enough, stop"))
    text = f"{done.format(n=rng.randint(2, 9), m=rng.randint(10, 20))}, {halt}"
    assert read_turn(text, in_force=[task]).kind == "stop", text
