"""A person goes back to a task set aside calling it by a name of their own ("resume the
churn query", "the reading list is back on"), not by the words they first used: with a task
set aside and the name not the task in force, the task set aside is in force again, and the
checkpoint names it as the goal while the side task is listed as set aside."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from packlight import ContextCompressor, is_summary, message_text
from packlight.compressor.checkpoint import STOPPED_SECTION, parse_sections
from packlight.compressor.tasks import advance, goal_of, read_turn

EXAMPLE = Path(__file__).resolve().parents[2] / "src/packlight/examples/django__django-15022.json"

SET_ASIDE = [
    "Fix the timezone conversion bug in utils/dates.py: naive datetimes are read as UTC.",
    "Hi! I'd like to change my upcoming flight reservation to a later date, please.",
    "<pr_description>Sphinx autodoc ignores :meta public: on module variables.</pr_description>",
]
SIDE_TASKS = [
    "Stop that. Instead, write a short summary of the repository layout in NOTES.md.",
    "Change of plans: order the same running shoes as last time instead.",
    "Drop what you're on and draft a blog post about the pricing tiers.",
]
# Names a person may give the task they return to, none of them the set-aside task's words.
OWN_NAMES = [
    "the churn query",
    "the reading list",
    "mom's gift",
    "the onboarding email",
    "my tax return",
    "the vendor shortlist",
    "our quarterly deck",
    "the dedupe",
]
LEADS = ["", "ok, ", "Good news: the blocker is gone. ", "cool, thanks. ", "Update: ", "um "]
CLOSERS = ["", " now", " please", "!", " pls", " — budget got approved."]


def own_name_resume(rng: random.Random, name: str) -> str:
    """A return to ``name`` in one of many shapes: a verb of return, a state, a verb of going
    on with a word of return or leave to go on, or a name and "again"."""
    forms = [
        f"resume {name}",
        f"let's revisit {name} and get it done",
        f"take {name} off hold",
        f"{name} is back on",
        f"{name} is unblocked, please continue it",
        f"go ahead with {name} after all",
        f"continue with {name}",
        f"we can restart {name}",
        f"now you can again start {name}",
        f"{name} again",
        f"pick {name} back up",
        f"let's pick up {name} where we left off",
        f"let's jump back into {name}",
        f"let's have another go at {name}",
        f"revisit {name.split(' ', 1)[1]}",
    ]
    text = rng.choice(LEADS) + rng.choice(forms) + rng.choice(CLOSERS)
    return text[0].upper() + text[1:] if rng.random() < 0.5 else text


@pytest.mark.parametrize("seed", range(40))
def test_a_return_to_work_called_by_its_own_name_resumes_the_task_set_aside(seed: int) -> None:
    rng = random.Random(seed)
    aside = rng.choice(SET_ASIDE)
    text = own_name_resume(rng, rng.choice(OWN_NAMES))
    reading = read_turn(text, in_force=[rng.choice(SIDE_TASKS)], set_aside=[aside])
    assert (reading.kind, reading.resumed) == ("resume", 0), text


@pytest.mark.parametrize("seed", range(20))
def test_the_same_words_without_a_task_set_aside_resume_nothing(seed: int) -> None:
    rng = random.Random(seed)
    text = own_name_resume(rng, rng.choice(OWN_NAMES))
    assert read_turn(text, in_force=[rng.choice(SET_ASIDE)]).kind != "resume", text


@pytest.mark.parametrize(
    "text",
    [
        "please continue with the task.",
        "perfect, continue with the rest the same way",
        "finish the tests first",
        "restart the dev server and run it",
        "go back to your previous message, what did you mean?",
        "Also go back to the first option you found, it looked cheaper.",
        "continue with the current work",
        "you can start the migration once the tests pass?",
        "Oh and go back to intro and tighten it!",
        "back to step 3, the output was wrong",
    ],
)
def test_going_on_with_the_work_at_hand_is_no_return(text: str) -> None:
    reading = read_turn(text, in_force=[SIDE_TASKS[0]], set_aside=[SET_ASIDE[0]])
    assert reading.kind != "resume", text


@pytest.mark.parametrize("seed", range(10))
def test_after_such_a_return_the_original_task_is_the_goal_again(seed: int) -> None:
    rng = random.Random(100 + seed)
    original = rng.choice(SET_ASIDE)
    side = rng.choice(SIDE_TASKS)
    tasks = advance(advance((), original), side)
    tasks = advance(tasks, own_name_resume(rng, rng.choice(OWN_NAMES)))
    assert goal_of(tasks) == original
    assert [t.status for t in tasks[:2]] == ["in force", "set aside"]


def _example() -> list[dict[str, Any]]:
    data = json.loads(EXAMPLE.read_text())
    return list(data["messages"] if isinstance(data, dict) else data)


def _plant(messages: list[dict[str, Any]], at: float, text: str) -> list[dict[str, Any]]:
    index = int(len(messages) * at)
    while messages[index]["role"] != "assistant":
        index += 1
    return [*messages[:index], {"role": "user", "content": text}, *messages[index:]]


@pytest.mark.parametrize("seed", range(4))
def test_the_checkpoint_names_the_resumed_task_and_not_the_side_task(seed: int) -> None:
    rng = random.Random(200 + seed)
    original = _example()
    side = "Change of plans: order the same running shoes as last time instead."
    resume = own_name_resume(rng, rng.choice(OWN_NAMES))
    messages = _plant(_plant(original, 0.4, side), 0.8, resume)
    compressor = ContextCompressor(model="gpt-4o", context_window=16_000)
    result = compressor.compress(messages, force=True)
    checkpoint = next(m for m in result.messages if is_summary(m))
    sections = parse_sections(message_text(checkpoint))
    goal = " ".join(sections.get("Goal", []) + sections.get("Active Task", []))
    first_task = " ".join(message_text(original[1]).split())[:60]
    assert "The first user message above" in goal or first_task in goal, resume
    assert "running shoes" not in goal.replace(resume, ""), resume
    assert "running shoes" in " ".join(sections.get(STOPPED_SECTION, [])), resume


def recalled_halt_resume(rng: random.Random, name: str) -> str:
    """A person recalls a halt of their own and takes it back, pointing at it by a pronoun."""
    recall = rng.choice(
        [
            f"earlier i cancelled {name}.",
            f"So I know I said to park {name}, but",
            f"Remember when I told you to hold off on {name}? Forget that,",
            f"We shelved {name} this morning.",
            f"I put {name} on hold before lunch.",
        ]
    )
    back = rng.choice(
        [
            "i was wrong, let's do it after all",
            "lets actually finish it now.",
            "go ahead with it.",
            "please pick it up again",
            "you can continue with it.",
        ]
    )
    return f"{recall} {back}"


@pytest.mark.parametrize("seed", range(20))
def test_taking_back_a_halt_of_ones_own_resumes_the_task_set_aside(seed: int) -> None:
    rng = random.Random(300 + seed)
    text = recalled_halt_resume(rng, rng.choice(OWN_NAMES))
    reading = read_turn(text, in_force=[rng.choice(SIDE_TASKS)], set_aside=[SET_ASIDE[0]])
    assert (reading.kind, reading.resumed) == ("resume", 0), text


@pytest.mark.parametrize(
    "lead", ["Ok, where were we before all that?", "right, where were we before the detour?"]
)
@pytest.mark.parametrize("back", ["let's continue with that!", "carry on with it pls"])
def test_asking_where_we_were_before_goes_back(lead: str, back: str) -> None:
    text = f"{lead} {back}"
    reading = read_turn(text, in_force=[SIDE_TASKS[1]], set_aside=[SET_ASIDE[1]])
    assert reading.kind == "resume", text


@pytest.mark.parametrize(
    "text",
    [
        "I cancelled the old card yesterday, can you do it for the new card too?",
        "We stopped the staging server. Should I start it again?",
    ],
)
def test_a_halt_recalled_about_something_else_is_no_return(text: str) -> None:
    reading = read_turn(text, in_force=[SIDE_TASKS[0]], set_aside=[SET_ASIDE[0]])
    assert reading.kind != "resume", text


_PREFIXES = ("api", "ops", "web", "auth", "billing", "search")
_KEYED_RETURNS = (
    "Let's pick {key} back up.",
    "ok, back to {key} please",
    "Resume {key}, priorities have settled.",
    "can you continue with {key} now",
)


@pytest.mark.parametrize("seed", range(12))
def test_a_return_by_a_ticket_key_is_not_the_task_naming_its_prefix(seed: int) -> None:
    """ "Let's pick API-790 back up" while the task in force mentions ``/api/search``: the
    key names its ticket whole, and the task in force does not name it, so the person goes
    back to the task set aside."""
    rng = random.Random(seed)
    prefix = rng.choice(_PREFIXES)
    key = f"{prefix.upper()}-{rng.randint(100, 9999)}"
    in_force = (
        f"Set the other thing aside and fix the /{prefix}/v2 latency regression "
        f"in the {prefix} gateway."
    )
    text = rng.choice(_KEYED_RETURNS).format(key=key)
    reading = read_turn(text, in_force=[in_force], set_aside=[rng.choice(SET_ASIDE)])
    assert reading.kind == "resume", (text, reading)
