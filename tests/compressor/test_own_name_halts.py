"""A person halts the work in progress by a name of their own ("forget about the passport
form", "stop ops-1201", "put the food bank email on ice and ..."), which the task's own words
do not hold. Where the conversation never talked about the thing named, the halt is of the
one task in force: a stop, or a switch when other work is asked for. Where it did talk about
it (the agent offered insurance, a test run mentioned the formatting), the halt is of a side
matter and the task stays in force."""

from __future__ import annotations

import random

import pytest

from packlight.compressor import tasks as tasks_module
from packlight.compressor.tasks import goal_of, track_tasks

TASKS = [
    "Please fix the failing join reuse in the ORM's FilteredRelation handling.",
    "Migrate the nightly export job from cron to the scheduler service.",
    "Write the onboarding guide for new volunteers at the food pantry.",
]
# What a person may call the work in progress: nothing the task's text holds.
OWN_NAMES = [
    "the passport form",
    "the angry customer email",
    "ops-1201",
    "the quarterly report",
    "Maya's birthday",
    "the redis port",
    "the 14.12 bump",
    "the grant memo",
]
DISMISSALS = [
    "Forget about {name}.",
    "hmm can you stop {name}? Turns out someone else already did it.",
    "nvm {name}",
    "Very well, drop {name}. I shall sort it out in person.",
    "please shelve {name}",
    "okay so consider {name} cancelled",
]
# Words that put work on hold or say it is no longer needed stop the work in force whatever
# it is called, talked about before or not (the clause rules' reading, unchanged).
ON_HOLD = [
    "Put {name} on hold.",
    "Let's give up on {name}.",
    "nvm {name}, not needed anymore",
    "ok, freeze {name} where it is. don't commit anything else",
    "pause {name} for now",
]
# A halt with a reason the work cannot go on: of the work in force when it was never talked
# about; of something the agent talked about, the learned reading since corpora u, v and x
# reads it as a stop too, which the held-out corpora bear out (benchmarks/results/turns.md),
# so it is no dismissal of a side matter here.
BLOCKED = ["quick one: stop with {name}, we're blocked anyway"]
STOPS = DISMISSALS + ON_HOLD + BLOCKED
NEW_WORK = [
    "work out my SEP IRA limit and compare it with a Solo 401(k)",
    "do the dispute for the NETSTREAMR charge",
    "draft the seating plan for Saturday",
    "find out why the notifier service leaks memory",
]
SWITCHES = [
    "Put {name} on ice and {work}.",
    "drop {name}, {work}",
    "Forget {name}. Please {work}.",
    "scrap {name} and {work}",
]
NEEDS = [
    "Suspend {name} for now. We need the release notes for 2.4.",
    "postpone {name}; the board wants the budget deck by noon",
    "freeze {name}, I really need the quarterly churn analysis today",
]


def conversation(task: str, said: str, last: str) -> list[dict[str, str]]:
    """A session: the task, the agent's work (``said`` is what it talked about), then the
    person's ``last`` message."""
    return [
        {"role": "user", "content": task},
        {"role": "assistant", "content": f"I'll start by looking at {said}."},
        {"role": "user", "content": "ok, go on"},
        {"role": "assistant", "content": f"Done with the first part; {said} looks fine now."},
        {"role": "user", "content": last},
    ]


def tasks_after(messages: list[dict[str, str]]) -> list[tuple[str, str]]:
    human = {i for i, m in enumerate(messages) if m["role"] == "user"}
    return [(t.status, t.how) for t in track_tasks(messages, human=human)]


@pytest.mark.parametrize("seed", range(16))
def test_a_halt_by_a_name_never_used_stops_the_task(seed: int) -> None:
    rng = random.Random(seed)
    task = rng.choice(TASKS)
    name = rng.choice(OWN_NAMES)
    stop = rng.choice(STOPS).format(name=name)
    tasks = track_tasks(conversation(task, "the test suite", stop), human={0, 2, 4})
    assert tasks[0].status in ("stopped", "paused"), (stop, tasks)
    assert goal_of(tasks) is None, (stop, tasks)


@pytest.mark.parametrize("seed", range(16))
def test_a_halt_by_a_name_never_used_with_other_work_switches(seed: int) -> None:
    rng = random.Random(seed)
    task = rng.choice(TASKS)
    name = rng.choice(OWN_NAMES)
    work = rng.choice(NEW_WORK)
    switch = rng.choice(SWITCHES).format(name=name, work=work)
    tasks = track_tasks(conversation(task, "the logs", switch), human={0, 2, 4})
    assert tasks[0].status in ("stopped", "paused"), (switch, tasks)
    assert goal_of(tasks) == switch


@pytest.mark.parametrize("seed", range(9))
def test_a_halt_beside_work_someone_needs_switches(seed: int) -> None:
    rng = random.Random(seed)
    task = rng.choice(TASKS)
    switch = rng.choice(NEEDS).format(name=rng.choice(OWN_NAMES))
    tasks = track_tasks(conversation(task, "the logs", switch), human={0, 2, 4})
    assert tasks[0].status in ("stopped", "paused"), (switch, tasks)
    assert goal_of(tasks) == switch, (switch, tasks)


@pytest.mark.parametrize("seed", range(16))
def test_a_halt_of_something_talked_about_is_a_side_matter(seed: int) -> None:
    rng = random.Random(seed)
    task = rng.choice(TASKS)
    name = rng.choice(OWN_NAMES)
    stop = rng.choice(DISMISSALS).format(name=name)
    # The agent talked about the very thing the person now halts.
    tasks = track_tasks(conversation(task, name, stop), human={0, 2, 4})
    assert tasks[0].status == "in force", (stop, tasks)
    assert goal_of(tasks) == task


@pytest.mark.parametrize(
    "message",
    [
        "stop using print statements, use the logger",
        "drop tmp_rt7cwv before you rerun the migration",
        "you may not stop the pantry backups",
        "do not forget about the passport form",
        "Scratch what I said about the reception, it's 7:30 pm.",
        "Forget the earlier physio slot, make it Thursday at 10:15.",
        "Safety rule for the care notes: morning insulin, no more than 17 units.",
        "if the build breaks, forget about the docs",
    ],
)
def test_habits_things_rules_and_conditions_halt_nothing(message: str) -> None:
    tasks = track_tasks(conversation(TASKS[1], "the scheduler", message), human={0, 2, 4})
    assert tasks[0].status == "in force", (message, tasks)


def test_several_requests_in_force_are_not_halted_by_an_unknown_name() -> None:
    messages = [
        {"role": "user", "content": "Book me a flight from Denver to Austin on May 4."},
        {"role": "assistant", "content": "Sure, which cabin would you like?"},
        {
            "role": "user",
            "content": "One more thing: I also need an aisle seat on reservation XK29QP.",
        },
        {"role": "assistant", "content": "Your seat is now 14C."},
        {"role": "user", "content": "Forget about the passport form."},
    ]
    human = {0, 2, 4}
    before = track_tasks(messages[:4], human={0, 2})
    after = track_tasks(messages, human=human)
    # A chat's requests stay open: an unknown name may be any one of them.
    assert [t.status for t in before].count("in force") > 1, before
    assert [t.status for t in after[: len(before)]] == [t.status for t in before]


RETURNS = [
    "{name} time again",
    "Can you finish {name} now? The other stuff is done.",
    "ok, back to {name} please",
    "i've got time for {name} again now.",
    "let's continue with {name}",
    "pick {name} back up",
    "the reviews are done, thx. can we pick up {name} again?",
    "Now we can do {name} again, yes? pls",
    "ok back on {name}",
    "shall we get back to {name} again",
]
BEGUN_RETURNS = [
    "Ok let's reopen {name}",
    "let's revisit {name} now",
    "Let's get {name} finished up now",
    "um bring {name} back out",
    "right, jump back into {name}",
    "ok keep going with {name}",
]
"""Returns whose verb says the work was begun before: reopened, revisited, finished up."""


def switched_then(task: str, said: str, last: str) -> list[dict[str, str]]:
    """A session whose task was stopped for other work by name, then ``last``."""
    return [
        {"role": "user", "content": task},
        {"role": "assistant", "content": f"Looking at {said} first."},
        {
            "role": "user",
            "content": "Stop that. Different task now: respond to this week's one-star reviews.",
        },
        {"role": "assistant", "content": "Drafted replies to the five one-star reviews."},
        {"role": "user", "content": last},
    ]


@pytest.mark.parametrize("seed", range(24))
def test_a_return_by_a_name_never_used_resumes_the_work_set_aside(seed: int) -> None:
    rng = random.Random(seed)
    task = rng.choice(TASKS)
    name = rng.choice([n for n in OWN_NAMES if not n[0].isdigit()])
    back = rng.choice(RETURNS).format(name=name)
    tasks = track_tasks(switched_then(task, "the logs", back), human={0, 2, 4})
    assert [t.how for t in tasks] == ["original", "switch", "resume"], (back, tasks)
    assert tasks[0].status == "in force", (back, tasks)
    assert tasks[1].status != "in force", (back, tasks)


@pytest.mark.parametrize("form", BEGUN_RETURNS)
def test_a_return_to_begun_work_by_a_name_never_used_resumes_it(form: str) -> None:
    rng = random.Random(form)
    task = rng.choice(TASKS)
    name = rng.choice([n for n in OWN_NAMES if not any(c.isdigit() for c in n)])
    back = form.format(name=name)
    tasks = track_tasks(switched_then(task, "the logs", back), human={0, 2, 4})
    assert [t.how for t in tasks] == ["original", "switch", "resume"], (back, tasks)
    assert tasks[0].status == "in force", (back, tasks)


@pytest.mark.parametrize(
    "message",
    [
        "continue with the task",
        "let's continue",
        "finish the replies for the reviews now",
    ],
)
def test_a_nudge_or_the_work_in_force_is_no_return(message: str) -> None:
    tasks = track_tasks(switched_then(TASKS[0], "the logs", message), human={0, 2, 4})
    assert tasks[0].status != "in force", (message, tasks)


LABELLED = [
    "{name}: on hold. will advise.",
    "{name}: no. done.",
    "{name} - later",
    "{name}: parked",
]


@pytest.mark.parametrize("seed", range(12))
def test_a_state_given_to_work_by_a_name_never_used_halts_the_task(seed: int) -> None:
    rng = random.Random(seed)
    task = rng.choice(TASKS)
    name = rng.choice([n for n in OWN_NAMES if " " in n or "-" in n])
    stop = rng.choice(LABELLED).format(name=name)
    tasks = track_tasks(conversation(task, "the test suite", stop), human={0, 2, 4})
    assert tasks[0].status in ("stopped", "paused"), (stop, tasks)


@pytest.mark.parametrize("message", ["Status: no", "my answer: no", "Note: later we need docs"])
def test_an_answer_under_a_label_halts_nothing(message: str) -> None:
    tasks = track_tasks(conversation(TASKS[2], "the guide", message), human={0, 2, 4})
    assert tasks[0].status == "in force", (message, tasks)


@pytest.mark.parametrize(
    ("message", "switches"),
    [
        ("Hotfix first: find out why the notifier service leaks memory", True),
        ("new: Tesco shop for Saturday", True),
        ("Urgent: the payroll export is failing, look at it now", True),
        ("First: what is my baggage allowance?", False),
        ("Safety first: wear gloves", False),
        ("new: ok", False),
    ],
)
def test_work_given_the_lead_under_a_label_switches(message: str, switches: bool) -> None:
    tasks = track_tasks(conversation(TASKS[1], "the scheduler", message), human={0, 2, 4})
    assert (tasks[0].status in ("paused", "stopped")) is switches, (message, tasks)
    if switches:
        assert goal_of(tasks) == message


def test_names_are_searched_within_a_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the characters a transcript may search, every name counts as talked about: a
    halt by an unknown name then stops nothing, as the clause rules alone read it."""
    messages = conversation(TASKS[0], "the test suite", "Forget about the passport form.")
    assert track_tasks(messages, human={0, 2, 4})[0].status == "stopped"
    monkeypatch.setattr(tasks_module, "MENTION_CHARS", 10)
    assert track_tasks(messages, human={0, 2, 4})[0].status == "in force"


_OVER = (
    "so yeah, that's the end of {name}",
    "ok that's it for {name}, thanks",
    "No need of {name} now. Thanks for the effort.",
    "no need for {name} anymore",
)


@pytest.mark.parametrize("seed", range(12))
def test_work_said_to_be_over_by_a_name_never_used_stops_the_task(seed: int) -> None:
    """ "that's the end of the Henderson invoice", "no need of the translation now": the work
    in force, called by a name of the person's own, is over."""
    rng = random.Random(seed)
    task = rng.choice(TASKS)
    stop = rng.choice(_OVER).format(name=rng.choice(OWN_NAMES))
    tasks = track_tasks(conversation(task, "the test suite", stop), human={0, 2, 4})
    assert tasks[0].status in ("stopped", "paused"), (stop, tasks)
    assert goal_of(tasks) is None, (stop, tasks)


PUT_VERBS = ("drop", "please drop", "dump", "put", "post", "send")
PUT_THINGS = ("updates", "the daily notes", "status reports", "the build logs", "screenshots")
PLACES = ("#data-news", "#core-digest", "#rel-radar", "/srv/shared/notes", "s3://team-drop/reports")


@pytest.mark.parametrize("seed", range(12))
def test_a_verb_that_puts_something_in_a_named_place_halts_nothing(seed: int) -> None:
    """ "drop updates in #data-news please" says where updates go: the task stays in force,
    though "drop" halts work elsewhere."""
    rng = random.Random(seed)
    task = rng.choice(TASKS)
    said = f"{rng.choice(PUT_VERBS)} {rng.choice(PUT_THINGS)} {rng.choice(('in', 'into', 'to'))} "
    said += rng.choice(PLACES) + rng.choice(("", " please", ", thanks"))
    tasks = track_tasks(conversation(task, "the test suite", said), human={0, 2, 4})
    assert tasks[0].status == "in force", (said, tasks)
    assert goal_of(tasks) == task, (said, tasks)
