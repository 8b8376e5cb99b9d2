"""Task switches, stops, resumes and added requests: read from the structure of what a person
writes, tested on generated phrasings (the classifier's word lists are not used to write
them), and carried through compaction so that the checkpoint names the task in force."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from packlight import ContextCompressor, is_summary, message_text
from packlight.compressor.checkpoint import STOPPED_SECTION, parse_sections
from packlight.compressor.readback import ledger_from_text
from packlight.compressor.tasks import Task, advance, goal_of, read_turn, track_tasks

EXAMPLE = Path(__file__).resolve().parents[2] / "src/packlight/examples/django__django-15022.json"

OLD_TASKS = [
    ("Fix the timezone conversion bug in utils/dates.py.", "the timezone conversion fix"),
    ("Make the CSV exporter stream rows instead of loading them all.", "the CSV exporter work"),
    ("Find out why the login page renders twice on Safari.", "the Safari login investigation"),
    ("Refactor the billing module into smaller services.", "the billing refactor"),
    ("Speed up the nightly report query.", "the report query"),
]
NEW_TASKS = [
    "write a short summary of the repository layout in {f}",
    "add a changelog entry for release {v} to {f}",
    "list every TODO comment in the code base into {f}",
    "draft a migration plan for the cache layer in {f}",
    "count the test files per package and put the numbers in {f}",
]


def _new_task(rng: random.Random) -> tuple[str, str]:
    name = f"{rng.choice(['NOTES', 'PLAN', 'todo', 'summary', 'report'])}-{rng.randrange(10**5)}.md"
    text = rng.choice(NEW_TASKS).format(f=name, v=f"{rng.randint(1, 9)}.{rng.randint(0, 20)}")
    return text, name


def _halt(rng: random.Random, name: str, pause: bool) -> str:
    """One way of halting ``name`` (a noun phrase for the old task)."""
    if pause:
        forms = [
            f"put {name} on hold",
            f"let's park {name} for now",
            f"{name} can wait",
            f"pause {name}",
            f"set {name} aside for the moment",
            f"hold off on {name} until later",
            f"{name} is on hold",
            f"we'll come back to {name} later, so shelve it",
        ]
    else:
        forms = [
            f"stop working on {name}",
            f"drop {name} entirely",
            f"forget about {name}",
            f"abandon {name}",
            f"{name} is cancelled",
            f"we're no longer doing {name}",
            f"I want you to stop {name}",
            f"scrap {name}",
            f"{name} is no longer needed",
            f"don't continue with {name}",
            f"give up on {name}",
            "stop what you're doing",
        ]
    return rng.choice(forms)


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!")) else ".")


def switch_message(rng: random.Random, name: str, *, pause: bool = False) -> tuple[str, str]:
    """A generated task switch and the token of its new task."""
    halt = _halt(rng, name, pause)
    new, token = _new_task(rng)
    lead = rng.choice(["", "ok, ", "actually, ", "change of plans: ", "sorry, ", "hmm, "])
    connective = rng.choice(["", "instead, ", "then ", "please ", "now ", "I need you to "])
    shape = rng.randrange(4)
    if shape == 0:
        text = f"{_sentence(lead + halt)} {_sentence(connective + new)}"
    elif shape == 1:
        text = f"{_sentence(lead + halt)}; {connective + new}."
    elif shape == 2:
        text = f"{_sentence(lead + connective + new)} {_sentence(halt)}"
    else:
        extra = rng.choice(["Nothing else for now.", "Keep it short.", "That's all I need."])
        text = f"{_sentence(lead + halt)} {_sentence(connective + new)} {extra}"
    return text, token


def resume_message(rng: random.Random, name: str) -> str:
    forms = [
        f"go back to {name} now",
        f"ok, that's done, back to {name}",
        f"resume {name}",
        f"let's pick {name} up again",
        f"return to {name}, please",
        f"{name} is back on",
        "resume the original task",
        f"get back to {name}",
    ]
    return _sentence(rng.choice(forms))


NOT_SWITCHES = [
    "Don't drop the users table.",
    "Stop words must stay in the search index.",
    "Never cancel a running migration.",
    "Should we pause the cron job?",
    "Stop logging secrets to stdout.",
    "Pause here and tell me what you found so far.",
    "Keep the public API unchanged.",
    "The job is scheduled to stop at midnight.",
    "Please cancel my reservation ABC123.",
    "Drop the staging database only after the backup finished.",
    "What happens if the worker is killed mid-write?",
    "Continue.",
    "Round 3: please continue with the task.",
    "Yes, please proceed with the change to the new flights.",
    "Could you please proceed with the cancellation first?",
    "Stop using print statements for debugging; use the logger.",
    "A running migration was stopped in the last release, for the record.",
    "Pause the nightly job j8k2m1 in the scheduler.",
]


@pytest.mark.parametrize("seed", range(60))
def test_generated_switches_are_read_as_switches(seed: int) -> None:
    rng = random.Random(seed)
    old, name = OLD_TASKS[seed % len(OLD_TASKS)]
    pause = seed % 3 == 0
    text, _ = switch_message(rng, name, pause=pause)
    reading = read_turn(text, in_force=[old])
    assert reading.kind == "switch", text
    assert reading.halted == (0,), text
    assert reading.paused == pause, text


@pytest.mark.parametrize("text", NOT_SWITCHES)
def test_rules_questions_and_actions_that_share_the_verbs_are_not_switches(text: str) -> None:
    old, _ = OLD_TASKS[0]
    assert read_turn(text, in_force=[old], set_aside=[OLD_TASKS[1][0]]).kind in (
        "reply",
        "request",
    ), text


@pytest.mark.parametrize("seed", range(30))
def test_generated_resumes_return_to_the_task_set_aside(seed: int) -> None:
    rng = random.Random(1000 + seed)
    old, name = OLD_TASKS[seed % len(OLD_TASKS)]
    other, _ = OLD_TASKS[(seed + 1) % len(OLD_TASKS)]
    text = resume_message(rng, name)
    reading = read_turn(text, in_force=["write NOTES.md"], set_aside=[other, old])
    assert reading.kind == "resume", text
    if "original" not in text:
        assert reading.resumed == 1, text


def test_a_switch_stops_the_task_and_a_resume_brings_it_back() -> None:
    old = OLD_TASKS[0][0]
    switch = "Stop working on the timezone conversion fix. Instead, write NOTES.md."
    tasks = advance(advance((), old), switch)
    assert [(t.status, t.how) for t in tasks] == [("stopped", "original"), ("in force", "switch")]
    assert goal_of(tasks) == switch
    tasks = advance(tasks, "OK, go back to the timezone bug now.")
    assert [t.status for t in tasks] == ["in force", "set aside", "in force"]
    assert goal_of(tasks) == old
    # The same message read again (kept verbatim after the checkpoint that recorded it)
    # changes nothing.
    assert advance(tasks, switch) == tasks


def test_a_stop_alone_leaves_nothing_in_force_until_the_next_instruction() -> None:
    tasks = advance(advance((), OLD_TASKS[2][0]), "Abandon the Safari login investigation.")
    assert goal_of(tasks) is None
    assert tasks[-1] == Task("Abandon the Safari login investigation.", "stopped", "stop")
    tasks = advance(tasks, "Thanks.")
    assert goal_of(tasks) is None
    tasks = advance(tasks, "Write the release notes for 2.4 in RELEASE.md.")
    assert goal_of(tasks) == "Write the release notes for 2.4 in RELEASE.md."


def test_added_requests_are_settled_by_the_answer_before_the_next_one() -> None:
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": "Hi! I need to change my flight to May 20."},
        {"role": "assistant", "content": "Your reservation has been updated to May 20."},
        {"role": "user", "content": "Great. Could you also add one checked bag?"},
        {"role": "assistant", "content": "I'm sorry, but bags cannot be added to this fare."},
        {"role": "user", "content": "Then I'd also like a refund of the seat fee, please."},
        {"role": "assistant", "content": "Let me check that for you."},
    ]
    tasks = track_tasks(messages, human={0, 2, 4})
    assert [(t.status, t.how) for t in tasks] == [
        ("done", "original"),
        ("refused", "request"),
        ("in force", "request"),
    ]


# ------------------------------------------------------------------ through compaction


def _example() -> list[dict[str, Any]]:
    data = json.loads(EXAMPLE.read_text())
    return list(data["messages"] if isinstance(data, dict) else data)


def _plant(messages: list[dict[str, Any]], at: float, text: str) -> list[dict[str, Any]]:
    """``text`` as a user message before the first assistant turn at or after ``at``."""
    index = int(len(messages) * at)
    while messages[index]["role"] != "assistant":
        index += 1
    return [*messages[:index], {"role": "user", "content": text}, *messages[index:]]


def _sections(messages: list[dict[str, Any]]) -> dict[str, list[str]]:
    checkpoint = next(m for m in messages if is_summary(m))
    return parse_sections(message_text(checkpoint))


def _words_kept(messages: list[dict[str, Any]], text: str) -> bool:
    """Every sentence of ``text`` is somewhere in ``messages`` (verbatim or quoted)."""
    everything = " ".join(" ".join(message_text(m).split()) for m in messages)
    return all(part.strip() in everything for part in text.split(". ") if part.strip())


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("keep_last", [None, 0])
def test_the_checkpoint_names_the_new_task_and_lists_the_stopped_one(
    seed: int, keep_last: int | None
) -> None:
    rng = random.Random(seed)
    original = _example()
    first_task = message_text(original[1])
    text, token = switch_message(rng, "the admin changelist fix")
    messages = _plant(original, rng.uniform(0.3, 0.7), text)
    compressor = ContextCompressor(model="gpt-4o", context_window=16_000)
    rounds = [compressor.compress(messages, force=True, keep_last=keep_last).messages]
    for number in range(2):
        # A nudge between rounds ("go on") changes no task.
        nudged = [
            *rounds[-1],
            {"role": "assistant", "content": "Working on it."},
            {"role": "user", "content": f"Round {number + 1}: please continue with the task."},
        ]
        rounds.append(compressor.compress(nudged, force=True, keep_last=keep_last).messages)
    for output in rounds:
        sections = _sections(output)
        assert _words_kept(output, text)
        in_force = " ".join(sections.get("Goal", []) + sections.get("Active Task", []))
        assert token in in_force or "The active task." in in_force
        assert "The first user message above" not in in_force
        assert first_task.split("\n")[0] not in in_force.replace("[stopped]", "")
        stopped = " ".join(sections.get(STOPPED_SECTION, []))
        assert " ".join(first_task.split())[:60] in stopped


def test_a_resume_makes_the_original_task_the_goal_again() -> None:
    original = _example()
    messages = _plant(original, 0.4, "Stop the admin changelist fix. Write NOTES.md instead.")
    messages = _plant(messages, 0.8, "OK, go back to the admin changelist fix now.")
    result = ContextCompressor(model="gpt-4o", context_window=16_000).compress(messages, force=True)
    sections = _sections(result.messages)
    goal = " ".join(sections["Goal"])
    assert "[in force] The first user message above" in goal or (
        " ".join(message_text(original[1]).split())[:60] in goal
    )
    assert "NOTES.md" in " ".join(sections[STOPPED_SECTION])
    assert "[set aside]" in " ".join(sections[STOPPED_SECTION])


def test_tasks_read_back_from_the_checkpoint_text_alone() -> None:
    original = _example()
    messages = _plant(original, 0.5, "Drop the admin changelist fix. Instead, write NOTES.md.")
    result = ContextCompressor(model="gpt-4o", context_window=16_000).compress(
        messages, force=True, keep_last=0
    )
    checkpoint = next(m for m in result.messages if is_summary(m))
    ledger, _ = ledger_from_text(message_text(checkpoint))
    assert [t.status for t in ledger.tasks] == ["stopped", "in force"]
    assert ledger.goal == "Drop the admin changelist fix. Instead, write NOTES.md."
    # Compacting the text alone again (no metadata) gives the same sections.
    stripped = [
        {"role": m["role"], "content": message_text(m)} if is_summary(m) else m
        for m in result.messages
    ]
    again = ContextCompressor(model="gpt-4o", context_window=16_000).compress(
        stripped, force=True, keep_last=0
    )
    for title in ("Goal", STOPPED_SECTION):
        assert _sections(again.messages)[title] == _sections(result.messages)[title]


def _chat(switch: str) -> list[dict[str, Any]]:
    """A support chat: a request completed, another one added, then a switch."""
    turns = [
        ("Hi! I need to change my flight to May 20.", "Your reservation has been updated."),
        ("Great. Could you also add one checked bag?", "Let me look at the fare rules."),
        (switch, "Understood, I will do that now."),
    ]
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You are an airline agent."}]
    for user, assistant in turns:
        messages += [
            {"role": "user", "content": user},
            {"role": "assistant", "content": "Noted. " + "Checking the details. " * 40},
            {"role": "user", "content": "My booking code is QX7R2L, for the record."},
            {"role": "assistant", "content": assistant},
        ]
    return messages


def test_after_a_switch_what_was_settled_before_is_history_not_the_goal() -> None:
    switch = "Forget the task you're on. Write the fare rules into rules-7q.md instead."
    compressor = ContextCompressor(model="gpt-4o", context_window=4_000)
    first = compressor.compress(_chat(switch), force=True, keep_last=0).messages
    sections = _sections(first)
    assert "rules-7q.md" in " ".join(sections["Goal"] + sections.get("Active Task", []))
    assert "change my flight" not in " ".join(sections["Goal"])
    stopped = " ".join(sections[STOPPED_SECTION])
    assert "[done] Hi! I need to change my flight" in stopped
    assert "[stopped] Great. Could you also add one checked bag?" in stopped
    stripped = [
        {"role": m["role"], "content": message_text(m)} if is_summary(m) else m for m in first
    ]
    again = compressor.compress(stripped, force=True, keep_last=0).messages
    for title in ("Goal", STOPPED_SECTION):
        assert _sections(again)[title] == sections[title]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (
            "The changelog takes priority over the CSV exporter. Please draft it in NOTES.md.",
            "switch",
        ),
        ("freeze the CSV exporter where it is, nothing more on it today", "stop"),
        ("I changed my mind about the CSV exporter. Write NOTES.md instead.", "switch"),
        ("Could you rebook me on an earlier flight, even if it has a stop?", "reply"),
        ("I want a non-stop flight for the CSV exporter demo trip.", "reply"),
        ("Thank you so much for your help with the CSV exporter! ###STOP###", "reply"),
    ],
)
def test_a_sentence_that_names_the_task_beside_a_word_that_sets_it_aside(
    text: str, kind: str
) -> None:
    assert read_turn(text, in_force=[OLD_TASKS[1][0]]).kind == kind


def test_a_return_word_beside_a_task_set_aside_resumes_it() -> None:
    aside = [OLD_TASKS[3][0]]
    assert read_turn("Let's jump back into the billing refactor.", set_aside=aside).kind == (
        "resume"
    )
    # ... but not when it says the task in force is the one to finish.
    reading = read_turn(
        "The current task is the one that matters; finish it first.",
        in_force=["Write NOTES.md"],
        set_aside=aside,
    )
    assert reading.kind == "reply"


@pytest.mark.parametrize("seed", range(12))
def test_a_revised_value_that_names_the_task_is_not_a_switch(seed: int) -> None:
    """ "Hard stop" is a limit and "scratch the old number" revises a value: a statement about
    the task's figures, not a halt of the task."""
    rng = random.Random(seed)
    thing = rng.choice(["project", "launch", "migration", "offsite"])
    amount = f"${rng.randint(11, 99) * 100:,}"
    forms = [
        f"Budget ceiling for the {thing} is {amount}, hard stop.",
        f"Scratch the old number, {thing} costs have to stay under {amount}.",
        f"Scratch the previous figure: the {thing} may spend {amount} at most.",
        f"{thing.capitalize()} spend is capped at {amount}, full stop.",
    ]
    text = rng.choice(forms)
    in_force = [f"Help me coordinate the {thing}; I'll share the constraints as they come up."]
    assert read_turn(text, in_force=in_force).kind == "reply", text


REASONS = [
    "turns out legal froze all changes until after the release",
    "the person who asked for this left the company last week",
    "finance already did it",
    "someone else sorted it out with the courier",
    "I know you've put in some work",
]
BARE_HALTS = ["stop", "abort", "cancel that", "hold off", "no need to continue, thanks"]


@pytest.mark.parametrize("seed", range(20))
def test_a_bare_halt_beside_a_reason_stops_the_task(seed: int) -> None:
    """A halt with no object, before or after a reason that asks for nothing, stops the task
    in force; the reason is not read as a new instruction."""
    rng = random.Random(seed)
    reason, halt = rng.choice(REASONS), rng.choice(BARE_HALTS)
    lead = rng.choice(["", "ok ", "nope, ", "\N{SLIGHTLY SMILING FACE} "])
    text = rng.choice([f"{lead}{halt}, {reason}.", f"{_sentence(reason)}. {_sentence(halt)}"])
    task, _ = rng.choice(OLD_TASKS)
    assert read_turn(text, in_force=[task]).kind == "stop", text


@pytest.mark.parametrize("seed", range(20))
def test_a_halt_of_the_task_under_another_name_beside_a_new_order_switches(seed: int) -> None:
    """Beside a new instruction, a halt that can only mean work ("park", "put on hold", "I'm
    pulling you off") halts the task in force even when it calls it by another name; an
    order may say its subject ("you do X") or follow a cue and an arrow."""
    rng = random.Random(seed)
    task, _ = rng.choice(OLD_TASKS)
    new, _ = _new_task(rng)
    other_name = rng.choice(["the thing from this morning", "the first errand", "the ticket"])
    text = rng.choice(
        [
            f"I'm pulling you off {other_name}. {_sentence(new)}",
            f"Park {other_name}! {_sentence(new)}",
            f"Put {other_name} on hold. {_sentence(new)}",
            f"Mia will take over {other_name}, you {new}.",
            f"change of plans -> {new}",
        ]
    )
    assert read_turn(text, in_force=[task]).kind == "switch", text


@pytest.mark.parametrize("seed", range(20))
def test_a_return_by_a_clipped_name_or_from_where_it_paused_resumes(seed: int) -> None:
    rng = random.Random(seed)
    text = rng.choice(
        [
            "ok, billing again. carry on pls",
            "please continue the billing refactor from where you paused it",
            "can we continue the refactor work now?",
            "alright, the billing stuff again, carry on from where you stopped",
            "ok now return to the module split",
        ]
    )
    reading = read_turn(text, in_force=["Write NOTES.md"], set_aside=[OLD_TASKS[3][0]])
    assert reading.kind == "resume", text


@pytest.mark.parametrize(
    "text",
    [
        "No, leave it as is.",
        "You can make a pause between the steps, no problem.",
        "Can we pause the billing cron job later?",
        "Please hold it until I confirm with my wife.",
        "Never mind the linter warnings; keep going with the fix.",
        "Don't pause the CSV exporter, it's the priority.",
        "Thank you so much! ###STOP###",
    ],
)
def test_look_alikes_of_the_new_forms_change_no_task(text: str) -> None:
    reading = read_turn(text, in_force=[OLD_TASKS[1][0]])
    assert reading.kind in ("reply", "request"), reading


def test_a_clipped_word_names_a_task_but_a_longer_word_does_not() -> None:
    """ "cert" names "Rotate the TLS certificates"; "changelog" and "worker" are other words
    than the task's "change" and "work"."""
    rotate = "Rotate the TLS certificates on the staging load balancers."
    assert read_turn("Put the cert rotation on hold for now.", in_force=[rotate]).kind == "stop"
    flight = "I need to change my flight and work out the fare difference."
    for text in (
        "The ingest worker changelog branch is no longer maintained.",
        "I no longer care about line length in the worker code.",
    ):
        assert read_turn(text, in_force=[flight]).kind == "reply", text


def test_a_question_that_says_again_does_not_go_back_to_the_task_set_aside() -> None:
    """ "Could we review the options again?" in a chat asks about the task at hand; only a
    message that asks nothing goes back with "continue" or "carry on"."""
    aside = ["Hello! I'd like to change my upcoming flight, please."]
    new = ["Please write a two-line poem about the sea in POEM.md."]
    question = (
        "I believe there is some confusion. Could we review the nonstop options from Atlanta "
        "again? Looking for a change from my original reservation."
    )
    assert read_turn(question, in_force=new, set_aside=aside).kind != "resume"
    assert read_turn(
        "ok, flight change again. continue pls", in_force=new, set_aside=aside
    ).kind == ("resume")


_DETAILS = [
    "Use the {f} file at the root of the repository for it.",
    "Keep every section under {n} lines so that it stays readable.",
    "Mention the owners of each package where you know them.",
    "Leave out anything under the vendored folders.",
    "Write it in plain prose with no tables, about {n} words per part.",
    "If something is unclear, say so in the file instead of guessing.",
]


@pytest.mark.parametrize("seed", range(4))
def test_a_long_switch_set_aside_by_a_resume_is_quoted_whole(seed: int) -> None:
    # Every sentence of a message that changed the task may matter to what the agent does
    # next: quoted in the checkpoint, it is never cut after its first few.
    rng = random.Random(seed)
    switch, token = switch_message(rng, "the admin changelist fix")
    details = rng.sample(_DETAILS, 4)
    switch += " " + " ".join(d.format(f=token, n=rng.randint(20, 90)) for d in details)
    assert len(switch) > 300
    messages = _plant(_example(), rng.uniform(0.3, 0.5), switch)
    messages = _plant(messages, rng.uniform(0.7, 0.85), resume_message(rng, "the changelist fix"))
    compressor = ContextCompressor(model="gpt-4o", context_window=16_000)
    output = compressor.compress(messages, force=True, keep_last=0).messages
    for number in range(2):
        nudged = [
            *output,
            {"role": "assistant", "content": "Working on it."},
            {"role": "user", "content": f"Round {number + 1}: please continue with the task."},
        ]
        output = compressor.compress(nudged, force=True, keep_last=0).messages
        assert _words_kept(output, switch)
        # Listed as set aside, it is quoted entire, not only its opening.
        stopped = " ".join(_sections(output).get(STOPPED_SECTION, []))
        assert " ".join(switch.split()) in stopped


_SPRINT_CHANGES = [
    "Sprint change: {old} is pulled out of the sprint.",
    "Heads up, {old} was moved out of this release.",
    "We dropped {old} from the sprint.",
]
_REPLACEMENTS = [
    "Replacement item: {new}, rebuild the overbooking model for the Lisbon hotel.",
    "New item instead: {new}, rework the pricing page.",
    "{new} replaces it: rebuild the export job.",
]


@pytest.mark.parametrize("seed", range(6))
def test_a_switch_whose_sentences_revise_each_other_is_quoted_whole(seed: int) -> None:
    # "MUS-21 is pulled out. Replacement item: RM-58, ...": in a message that switches the
    # task, the second sentence revises the first, and both are the change the person made;
    # the message stays whole in the checkpoint round after round.
    rng = random.Random(seed)
    old = f"{rng.choice(['MUS', 'OPS', 'WEB'])}-{rng.randrange(10, 99)}"
    new = f"{rng.choice(['RM', 'ADM', 'PAY'])}-{rng.randrange(100, 999)}"
    halt, _ = switch_message(rng, "the admin changelist fix")
    switch = " ".join(
        [
            halt,
            rng.choice(_SPRINT_CHANGES).format(old=old),
            rng.choice(_REPLACEMENTS).format(new=new),
        ]
    )
    messages = _plant(_example(), rng.uniform(0.3, 0.6), switch)
    compressor = ContextCompressor(model="gpt-4o", context_window=16_000)
    output = compressor.compress(messages, force=True, keep_last=0).messages
    for number in range(3):
        assert _words_kept(output, switch), switch
        nudged = [
            *output,
            {"role": "assistant", "content": "Working on it."},
            {"role": "user", "content": f"Round {number + 1}: please continue with the task."},
        ]
        output = compressor.compress(nudged, force=True, keep_last=0).messages


def test_a_customer_going_on_with_the_request_in_new_words_is_no_switch() -> None:
    # Nothing in these messages halts the request in force; a chat's customer asks the next
    # thing of the same errand. The model trained on corpora q-t, many of whose switches ask
    # for other work without halting any ("can you look at my hotel for friday"), read 11 of
    # these 72 as switches; a switch with no halt that names the request in force now needs
    # the model at 0.95 (4 of 72 are read so; the model before q-t read none).
    reactions = ["I see, that's unfortunate.", "Hmm, okay.", "That's too bad.", "Oh no.", ""]
    reactions.append("Alright, understood.")
    asks = [
        "Can you help me look into any other flight options on {day} that might be closer to my "
        "needs?",
        "Could you check other flights on {day} that might suit me better?",
        "Can you see if there are later flights that day?",
        "I'll go with flight {flight}, please. Ensure we get an aisle and a middle seat together.",
        "Let's take the 9 am one then. Please make sure my bag allowance carries over.",
        "Could you look for a cheaper fare on the same route?",
    ]
    requests = [
        "Hi, I was hoping to make a change to my upcoming flight from JFK.",
        "Hi, I'd like to book a flight from Chicago O'Hare (ORD) to Philadelphia (PHL).",
    ]
    rng = random.Random(5)
    switched = []
    for reaction in reactions:
        for ask in asks:
            for request in requests:
                day = rng.choice(["May 17", "the 21st", "Friday", "June 3"])
                flight = f"HAT{rng.randint(100, 399)}"
                text = f"{reaction} {ask.format(day=day, flight=flight)}".strip()
                if read_turn(text, in_force=[request]).kind == "switch":
                    switched.append(text)
    assert len(switched) <= 5, switched  # of 72
