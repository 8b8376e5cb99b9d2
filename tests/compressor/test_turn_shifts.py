"""Task switches read from the structure of a message rather than from its phrases: a message
that says the work moves on (the work is new or other, something ranks above it, the rest is
dismissed, the task in force is waved off) and asks for work the task in force does not hold
switches; the same words about the task's own things stay a reply; a halt beside a reason or a
pleasantry is a stop; a return to something set aside, named or pointed back at, is a resume;
and a request nobody recognised as a switch, followed by a short acknowledgement, stays the
active task in the user's words.

Every message here is put together at random from small grammars (subjects, modals, cues,
verbs and objects written for these tests), not taken from a list of phrases the classifier
knows.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from packlight.compressor.ledger import extract_ledger
from packlight.compressor.tasks import is_short_reply, latest_request, read_turn

# The task in force, a way to call it, and words of its own things for look-alike replies.
TASKS = [
    (
        "Translate the user manual into German.",
        "the manual translation",
        "the German manual translation",
    ),
    ("Set up a weekly backup of the customer database.", "the backup job", "the database backup"),
    ("Plan a three-day team offsite in Lisbon.", "the offsite planning", "the Lisbon offsite"),
    (
        "Compare health insurance plans for a family of four.",
        "the insurance comparison",
        "the health insurance comparison",
    ),
    ("Write unit tests for the invoice parser.", "the parser tests", "the invoice parser tests"),
]
# New work: a verb and an object, none of them about any task above.
VERBS_AND_OBJECTS = [
    ("draft", "a cover email for the grant application"),
    ("book", "a table for six at an Italian restaurant"),
    ("summarise", "the customer interviews from March in a memo"),
    ("research", "standing desks that cost under 400 euros"),
    ("collect", "the open pull requests into a spreadsheet"),
    ("order", "replacement toner cartridges for the office printer"),
    ("find", "a venue for the company anniversary dinner"),
    ("check", "the shipping status of the warehouse pallets"),
]
FILLERS = ["", "ok, ", "hmm, ", "sorry, ", "right, ", "so ", "hey, "]
POLITE = ["", "please ", "could you ", "can you ", "I'd like you to ", "I need you to "]


def _new_work(rng: random.Random) -> str:
    verb, thing = rng.choice(VERBS_AND_OBJECTS)
    return f"{rng.choice(POLITE)}{verb} {thing}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _shift(rng: random.Random, reference: str) -> str:
    """A message that says the work moves on and asks for new work, in one of several
    structures."""
    work = _new_work(rng)
    form = rng.randrange(6)
    if form == 0:
        adjective = rng.choice(["new", "different", "another", "separate"])
        noun = rng.choice(["task", "request", "job", "thing"])
        return f"{rng.choice(FILLERS)}{adjective} {noun}: {work}."
    if form == 1:
        rank = rng.choice(["more", "most"])
        weight = rng.choice(["urgent", "important", "pressing"])
        when = rng.choice(["right now", "today", "at the moment", "this morning"])
        subject = rng.choice(["that's", "this is"])
        return f"{_cap(work)} \u2014 {subject} {rank} {weight} {when}."
    if form == 2:
        verb = rng.choice(["drop", "leave", "park"])
        return f"{_cap(work)}, {verb} everything else."
    if form == 3:
        what = rng.choice(["something more urgent", "something else", "an urgent request"])
        return f"{rng.choice(FILLERS)}{what} came up: {work}."
    if form == 4:
        wave = rng.choice(["skip", "forget", "never mind", "don't worry about"])
        return f"{rng.choice(FILLERS)}{wave} {reference}, {work}."
    state = rng.choice(["is off the table", "is not a priority anymore", "can wait"])
    return f"{_cap(reference)} {state}. {_cap(work)}."


def _lookalike(rng: random.Random, own: str) -> str:
    """The same cues about the task's own things: a detail of the task in force."""
    detail = rng.choice(
        [
            f"keep {own} short",
            f"make {own} match the template",
            f"double-check {own} before sending",
            f"add a summary table to {own}",
        ]
    )
    cue = rng.choice(
        [
            "one thing: ",
            "more important: ",
            "the priority now is to ",
            "also, ",
            "small correction: ",
        ]
    )
    return f"{cue}{detail}."


def _stop_with_reason(rng: random.Random, reference: str) -> str:
    halt = rng.choice(
        [
            f"stop {reference}",
            f"pause {reference}",
            f"put {reference} on hold",
            f"let's drop {reference}",
        ]
    )
    subject = rng.choice(["my colleague", "the vendor", "I", "Priya", "our lawyer"])
    modal = rng.choice(["might", "would", "could", "may"])
    act = rng.choice(["handle it instead", "rather wait and see", "sort it out later"])
    closer = rng.choice(
        ["Thanks for the effort so far.", "Talk later.", "Appreciate it.", "Catch you tomorrow."]
    )
    return f"{_cap(halt)}. {_cap(subject)} {modal} {act}. {closer}"


@pytest.mark.parametrize("seed", range(4))
def test_a_message_that_moves_the_work_on_to_unrelated_work_switches(seed: int) -> None:
    rng = random.Random(seed)
    misread = []
    for _ in range(40):
        task, reference, _ = rng.choice(TASKS)
        text = _shift(rng, reference)
        if read_turn(text, in_force=[task]).kind != "switch":
            misread.append(text)
    assert len(misread) <= 2, misread


@pytest.mark.parametrize("seed", range(4))
def test_the_same_cues_about_the_tasks_own_things_stay_a_reply(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        task, _, own = rng.choice(TASKS)
        text = _lookalike(rng, own)
        assert read_turn(text, in_force=[task]).kind not in ("switch", "stop"), text


@pytest.mark.parametrize("seed", range(4))
def test_a_halt_beside_a_reason_and_a_pleasantry_is_a_stop_not_a_switch(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(30):
        task, reference, _ = rng.choice(TASKS)
        text = _stop_with_reason(rng, reference)
        assert read_turn(text, in_force=[task]).kind == "stop", text


@pytest.mark.parametrize("seed", range(4))
def test_a_return_to_what_was_set_aside_is_a_resume(seed: int) -> None:
    rng = random.Random(seed)
    misread = []
    for _ in range(30):
        (stopped, reference, _), (current, _, _) = rng.sample(TASKS, 2)
        pointer = rng.choice(
            [reference, "what I asked you first", "the one from before", "the earlier request"]
        )
        verb = rng.choice(
            ["go ahead with", "let's go back to", "we're good to go on", "take {} off hold"]
        )
        said = verb.format(pointer) if "{}" in verb else f"{verb} {pointer}"
        tail = rng.choice(["", " again", " after all", " now"])
        if pointer == reference and verb in ("go ahead with", "we're good to go on"):
            # By name, a confirmation ("go ahead with the backup job") confirms the step at
            # hand; it returns with a word of return.
            tail = rng.choice([" again", " after all"])
        lead = rng.choice(["", "Good news, the budget came through. ", "ok, that's done. "])
        text = f"{lead}{_cap(said)}{tail}."
        if read_turn(text, in_force=[current], set_aside=[stopped]).kind != "resume":
            misread.append(text)
    assert len(misread) <= 2, misread


ACKNOWLEDGEMENTS = ["thanks!", "ok", "great, thank you", "perfect, carry on", "yes please", "👍"]


def test_short_replies_are_told_from_requests() -> None:
    rng = random.Random(7)
    for text in ACKNOWLEDGEMENTS:
        assert is_short_reply(text), text
    for _ in range(20):
        request = _cap(_new_work(rng)) + "."
        assert not is_short_reply(request), request
        acknowledgement = rng.choice(ACKNOWLEDGEMENTS)
        assert latest_request([TASKS[0][0], request, acknowledgement]) == request


def _user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def _assistant(text: str) -> dict[str, Any]:
    return {"role": "assistant", "content": text}


@pytest.mark.parametrize("seed", range(3))
def test_a_request_not_read_as_a_switch_stays_the_active_task_after_an_acknowledgement(
    seed: int,
) -> None:
    """No cue at all ("Order replacement toner cartridges ..."): the reading of turns sees no
    switch, yet the request is the latest thing the person asked for; a "thanks" after it must
    not take its place in the ledger."""
    rng = random.Random(seed)
    task = rng.choice(TASKS)[0]
    request = f"{_cap(_new_work(rng))}, and put the result in notes-{rng.randrange(10**4)}.md."
    acknowledgement = rng.choice(ACKNOWLEDGEMENTS)
    filler = "Working through the steps now. " * 60
    messages = [
        {"role": "system", "content": "You are a helpful assistant."},
        _user(task),
        _assistant(filler),
        _user(request),
        _assistant(filler),
        _user(acknowledgement),
        _assistant(filler),
    ]
    ledger = extract_ledger(messages)
    assert ledger.active_task == request
    assert ledger.goal == task  # the goal is not dropped


def _fact(rng: random.Random) -> str:
    thing = rng.choice(["the ingest worker", "the cache layer", "the billing service", "the API"])
    return rng.choice(
        [
            f"{_cap(thing)} is deployed from the branch rel-{rng.randrange(10**6)}.",
            f"Memory for {thing} is capped at {rng.randrange(1000, 9000)} MB.",
            f"Naming of {thing} fixtures doesn't matter to me.",
            f"{_cap(thing)} docs are out of scope; we are not done with them, but that can wait.",
            f"Watch #alerts-{rng.randrange(1000)} for {thing} alerts from here on.",
            f"Change of plan: use port {rng.randrange(20_000, 60_000)} for {thing} instead.",
        ]
    )


@pytest.mark.parametrize("seed", range(4))
def test_a_list_of_facts_and_rules_with_the_same_cues_is_no_switch(seed: int) -> None:
    """Facts and rules about the task's own things, a "change of plan" for a value and "that
    can wait" about something the sentence named, however many of them: no new task."""
    rng = random.Random(seed)
    for _ in range(30):
        task = rng.choice(TASKS)[0]
        text = " ".join(_fact(rng) for _ in range(rng.randint(2, 7)))
        assert read_turn(text, in_force=[task]).kind not in ("switch", "stop"), text


@pytest.mark.parametrize("seed", range(3))
def test_a_short_reply_never_brings_back_a_task_set_aside(seed: int) -> None:
    """After "switch, then go back to the first task, then ok", the switch's task was set
    aside: the short reply must not make it the active task again."""
    rng = random.Random(seed)
    (task, reference, _), (other, _, _) = rng.sample(TASKS, 2)
    switch = f"Stop working on {reference}. Instead, {other[0].lower()}{other[1:]}"
    back = rng.choice(["Resume the first task.", "Go back to the original task now."])
    messages = [_user(task), _assistant("ok"), _user(switch), _assistant("done")]
    messages += [_user(back), _assistant("resuming"), _user(rng.choice(ACKNOWLEDGEMENTS))]
    ledger = extract_ledger(messages)
    assert ledger.active_task != switch


@pytest.mark.parametrize("seed", range(3))
def test_a_short_reply_after_a_detail_of_the_task_changes_nothing(seed: int) -> None:
    """A detail about the task in force ("please finish the Lisbon offsite today") brings no
    work of its own: the fallback is only for work no earlier task holds, so the latest
    message stays the task."""
    rng = random.Random(seed)
    task, _, own = rng.choice(TASKS)
    detail = rng.choice(
        [f"Please finish {own} today.", f"Double-check {own} before Friday.", f"Send {own}."]
    )
    acknowledgement = rng.choice(ACKNOWLEDGEMENTS)
    messages = [_user(task), _assistant("ok"), _user(detail), _assistant("sure")]
    messages.append(_user(acknowledgement))
    assert extract_ledger(messages).active_task == acknowledgement


# Work the person names their own way: no word of it is in the task's text.
OWN_NAMES = [
    "the Django upgrade",
    "churn",
    "the red build",
    "the onboarding emails",
    "the Q3 deck",
    "the flaky pipeline",
    "the cache rewrite",
    "the Kyoto trip",
]
NEW_WORK = [
    "fix the login crash on Android",
    "please draft the release notes",
    "write a short summary of the repository layout in NOTES.md",
    "forecast next quarter's ticket volume",
    "look into why the exporter is slow",
]
ON_HOLD = [
    "{name} is on hold",
    "put {name} on hold",
    "pause {name}",
    "{name} can wait",
    "that's enough on {name} for today",
    "{name} is not the priority right now",
    "stop working on {name} for now",
]


def _hold(rng: random.Random) -> str:
    return rng.choice(ON_HOLD).format(name=rng.choice(OWN_NAMES))


@pytest.mark.parametrize("seed", range(4))
def test_a_hold_on_work_named_in_other_words_with_new_work_switches(seed: int) -> None:
    rng = random.Random(seed)
    misread = []
    for _ in range(30):
        task = rng.choice(TASKS)[0]
        glue = rng.choice([", ", ". ", " — ", "; right now, "])
        text = _cap(f"{_hold(rng)}{glue}{rng.choice(NEW_WORK)}")
        reading = read_turn(text, in_force=[task])
        if reading.kind != "switch" or reading.halted != (0,):
            misread.append(text)
    assert len(misread) <= 2, misread


@pytest.mark.parametrize("seed", range(4))
def test_a_hold_on_work_named_in_other_words_alone_stops_the_work(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(30):
        task = rng.choice(TASKS)[0]
        text = _cap(_hold(rng)) + rng.choice([".", "", " please.", ", thanks."])
        assert read_turn(text, in_force=[task]).kind == "stop", text


@pytest.mark.parametrize("seed", range(4))
def test_rules_values_habits_and_news_about_other_things_halt_nothing(seed: int) -> None:
    rng = random.Random(seed)
    name = rng.choice(OWN_NAMES)
    texts = [
        f"You may not stop {name} without asking me first.",
        f"Never pause {name}.",
        "Stop words must stay in the search index.",
        "Use USD instead of the local currency.",
        "Stop using print statements for debugging; use the logger.",
        "Pause and ask me before running anything destructive.",
        f"fyi {rng.choice(['staging', 'the sandbox'])} is on hold until Monday so test locally",
        "Forget about the formatting, CI takes care of it.",
    ]
    for text in texts:
        task = rng.choice(TASKS)[0]
        assert read_turn(text, in_force=[task]).kind not in ("switch", "stop"), text
