"""Harness-written user messages (format reminders, notices, observation wrappers, repeated
nudges) are recognised from the conversation's shape and never become the checkpoint's
Active Task or Goal."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from packlight.compressor.checkpoint import parse_sections
from packlight.compressor.engine import ContextCompressor
from packlight.compressor.harness import (
    first_human_index,
    harness_indices,
    latest_human_index,
    template_key,
)
from packlight.compressor.ledger import extract_ledger
from packlight.config import load_settings
from packlight.errors import ConfigError
from packlight.messages import is_summary, message_text
from tests.conftest import iter_shared_sessions

EXAMPLE = Path(__file__).resolve().parents[2] / "src/packlight/examples/django__django-15022.json"

# Templates a harness fills in: every one is sent several times with other numbers, paths and
# ids. None of these phrasings is known to the classifier.
TEMPLATES = [
    "Please always provide EXACTLY ONE action in triple backticks, found {n} actions.",
    "Reminder: you have {n} steps left out of {m}. Keep each reply to a single command.",
    "Cost so far: ${n}.{m} of a ${k} budget. Stop when the budget is spent.",
    "The file {path} was changed outside the session (hash {hex}); re-read it before editing.",
    'Your reply could not be parsed: expected a tool call, got "{word}". Try again.',
    "Step {n}/{m} finished.",
]
HUMANS = [
    "Fix the failing date parser test in {path} and keep the public API unchanged.",
    "Now also add a changelog entry for the fix.",
    "Why does the cache miss on the second request? Look at {path} first.",
    "Rename the helper to parse_header and update its callers.",
    "Please run the whole suite once more and tell me what fails.",
]


def fill(template: str, rng: random.Random) -> str:
    return template.format(
        n=rng.randint(0, 999),
        m=rng.randint(1, 999),
        k=rng.randint(1, 99),
        path="/".join(rng.choice(["src", "lib", "app", "core", "x"]) for _ in range(3)) + ".py",
        hex=f"{rng.getrandbits(40):010x}",
        word=rng.choice(["ls", "cat foo", "done", "I think"]),
    )


def turn(rng: random.Random) -> list[dict[str, Any]]:
    """An assistant step with its tool result."""
    call_id = f"call_{rng.getrandbits(32):08x}"
    return [
        {
            "role": "assistant",
            "content": "Looking around.",
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": "bash", "arguments": json.dumps({"command": "ls"})},
                }
            ],
        },
        {"role": "tool", "tool_call_id": call_id, "content": "a.py\nb.py"},
    ]


def session(rng: random.Random) -> tuple[list[dict[str, Any]], set[int], set[int]]:
    """A generated session: its messages, the harness indices and the human indices."""
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You are a coding agent."}]
    harness: set[int] = set()
    humans: set[int] = set()
    templates = rng.sample(TEMPLATES, 2)
    instructions = rng.sample(HUMANS, 3)
    for round_number, instruction in enumerate(instructions):
        humans.add(len(messages))
        messages.append({"role": "user", "content": fill(instruction, rng)})
        for _ in range(rng.randint(1, 3)):
            messages.extend(turn(rng))
            messages.append({"role": "assistant", "content": "Let me try two commands."})
            # Each template is sent at least three times over the session, filled anew.
            for template in templates if round_number < 3 else [rng.choice(templates)]:
                harness.add(len(messages))
                messages.append({"role": "user", "content": fill(template, rng)})
    return messages, harness, humans


@pytest.mark.parametrize("seed", range(25))
def test_generated_sessions_are_classified_both_ways(seed: int) -> None:
    messages, harness, humans = session(random.Random(seed))
    found = harness_indices(messages)
    assert found == harness
    assert not found & humans
    assert latest_human_index(messages) == max(humans)
    assert first_human_index(messages) == min(humans)


def test_template_key_ignores_what_a_template_fills_in() -> None:
    assert template_key("Step 3/40 done in 'src/a.py' (id 9f8e7d6c5b)") == template_key(
        "Step 17/40  done in 'lib/x/y.py' (id 0a1b2c3d4e5f)"
    )
    assert template_key("Add a test.") != template_key("Add a docstring.")


@pytest.mark.parametrize("seed", range(5))
def test_two_requests_that_differ_only_in_their_values_are_a_persons(seed: int) -> None:
    rng = random.Random(seed)
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Set up the project."}]
    humans = []
    for _ in range(2):  # the same request twice, about other files and numbers
        messages.extend(turn(rng))
        humans.append(len(messages))
        messages.append({"role": "user", "content": fill(HUMANS[0], rng)})
    assert harness_indices(messages) == frozenset()
    assert latest_human_index(messages) == humans[-1]


def test_a_single_message_is_a_person_even_when_short() -> None:
    messages = [
        {"role": "user", "content": "Fix the bug in parser.py."},
        {"role": "assistant", "content": "Done."},
        {"role": "user", "content": "continue"},
    ]
    assert harness_indices(messages) == frozenset()
    assert latest_human_index(messages) == 2


def test_a_repeated_nudge_counts_with_the_harness() -> None:
    """The judgement call: a person who types "continue" twice gives no new task; the
    instruction before it stays the active task."""
    messages = [
        {"role": "user", "content": "Fix the bug in parser.py."},
        {"role": "assistant", "content": "Working."},
        {"role": "user", "content": "continue"},
        {"role": "assistant", "content": "Still working."},
        {"role": "user", "content": "Continue"},
    ]
    assert harness_indices(messages) == {2, 4}
    assert latest_human_index(messages) == 0


def test_the_first_user_message_is_never_a_template() -> None:
    messages = [
        {"role": "user", "content": "Run the tests."},
        {"role": "assistant", "content": "All pass."},
        {"role": "user", "content": "Run the tests."},
    ]
    # It is not counted towards a template either: restating the task once is a person's.
    assert harness_indices(messages) == frozenset()
    assert first_human_index(messages) == 0


def test_observation_wrappers_answer_an_action() -> None:
    messages = [
        {"role": "user", "content": "<task>Make the build green.</task>"},
        {"role": "assistant", "content": "THOUGHT: look.\n\n```bash\nmake\n```"},
        {"role": "user", "content": "<returncode>2</returncode><output>make: *** [all] Error 1"},
        {"role": "assistant", "content": "The build fails; shall I fix the Makefile?"},
        {"role": "user", "content": "<b>Yes</b>, fix it."},
    ]
    # The first message opens with a tag but answers nothing; the last answers a question.
    assert harness_indices(messages) == {2}


def test_the_host_marker_overrides_the_rules() -> None:
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": "Port the module to asyncio."},
        {"role": "assistant", "content": "On it."},
        {"role": "user", "content": "Budget notice.", "_packlight": {"harness": True}},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "again", "_packlight": {"harness": False}},
        {"role": "assistant", "content": "Again."},
        {"role": "user", "content": "again"},
    ]
    assert harness_indices(messages) == {2, 6}


def test_the_ledger_skips_harness_messages() -> None:
    messages = [
        {"role": "user", "content": "Fix the parser."},
        {"role": "assistant", "content": "x"},
        {"role": "user", "content": "Format error: found 2 actions."},
        {"role": "assistant", "content": "y"},
        {"role": "user", "content": "Format error: found 3 actions."},
    ]
    ledger = extract_ledger(messages)
    assert ledger.active_task == "Fix the parser."
    assert ledger.goal == "Fix the parser."
    # The engine passes the classification of the whole transcript.
    assert extract_ledger(messages, harness=()).active_task == "Format error: found 3 actions."


def section(checkpoint: str, title: str) -> str:
    """The items of one section, in either frame."""
    return "\n".join(parse_sections(checkpoint).get(title, []))


def task_and_goal(
    messages: list[dict[str, Any]],
    tools: Any = None,
    window: int = 32_000,
    keep_last: int | None = None,
) -> tuple[str, str]:
    result = ContextCompressor(model="gpt-4o", context_window=window).compress(
        messages,  # type: ignore[arg-type]
        force=True,
        tools=tools,
        keep_last=keep_last,
    )
    checkpoints = [message_text(m) for m in result.messages if is_summary(m)]
    assert checkpoints, result.reason
    return section(checkpoints[-1], "Active Task"), section(checkpoints[-1], "Goal")


def quoted(text: str, message: dict[str, Any]) -> bool:
    """Whether ``text`` quotes the start of ``message`` (a checkpoint may quote one line)."""
    body = " ".join(message_text(message).split())
    return bool(body) and body[:16] in " ".join(text.split())


def test_the_bundled_example_names_the_task_not_the_reminder() -> None:
    data = json.loads(EXAMPLE.read_text("utf-8"))
    messages = data["messages"]
    harness = harness_indices(messages)
    assert harness  # the example carries the format reminder
    task, goal = task_and_goal(messages, data["tools"])
    assert task
    assert not any(quoted(task + goal, messages[i]) for i in harness)
    assert quoted(task, messages[first_human_index(messages) or 0])


def test_the_tau_bench_fixture_names_the_latest_human_request(fixtures_dir: Path) -> None:
    """The customer's latest message is the active task when it asks for something; the
    closing line of a finished chat ("Thank you so much for your help! ###STOP###") is no
    task: the checkpoint names the customer's request instead."""
    lines = (fixtures_dir / "tau-bench-airline-sample.jsonl").read_text("utf-8").splitlines()
    closings = 0
    for line in lines:
        messages = json.loads(line)["messages"]
        assert harness_indices(messages) == frozenset()  # no false positives on people
        task, goal = task_and_goal(messages, window=6_000)
        latest = latest_human_index(messages)
        assert latest is not None
        if "###STOP###" in message_text(messages[latest]):
            closings += 1
            assert not quoted(task + goal, messages[latest])
            first = messages[first_human_index(messages) or 0]
            assert quoted(task + goal, first) or "The first user message above" in goal
        else:
            assert quoted(task, messages[latest])
    assert closings == 1  # the fixture holds one chat of each kind


@pytest.mark.shared_data
@pytest.mark.slow
def test_no_real_checkpoint_quotes_a_harness_message(shared_data: Path) -> None:
    """Over the mini-swe-agent sessions, no Active Task or Goal quotes a message the harness
    wrote. A reminder sent only once in a session is not recognised (one occurrence is not a
    template); those sessions are counted, not failed."""
    failures: list[str] = []
    one_off_reminders = 0
    for name, data in iter_shared_sessions(shared_data):
        if "__" not in name:
            continue
        messages = data["messages"]
        task, goal = task_and_goal(messages, data["tools"])
        harness = harness_indices(messages)
        failures += [
            f"{name}: quotes message {i}" for i in harness if quoted(task + goal, messages[i])
        ]
        one_off_reminders += "Please always provide EXACTLY ONE action" in task + goal
    assert not failures, "\n".join(failures)
    print(f"one-off reminders still quoted: {one_off_reminders}")
    assert one_off_reminders <= 4


# ------------------------------------------------------- notices and the host's patterns

NOTICE_TAGS = ["response_example", "expected_format", "reply_template", "tool_use_format"]


def notice(rng: random.Random) -> str:
    """A generated one-off notice that shows the model the reply the harness expects."""
    tag = rng.choice(NOTICE_TAGS)
    opening = rng.choice(
        [
            f"Your last reply held {rng.randint(2, 5)} commands; send one.",
            "That reply could not be used.",
            "Format problem in the previous turn.",
        ]
    )
    return f"{opening}\n\n<{tag}>\nSome reasoning.\n\n```bash\n<command>\n```\n</{tag}>\n"


def one_off_session(rng: random.Random, last_user: str) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": fill(rng.choice(HUMANS), rng)},
    ]
    for _ in range(12):
        messages.extend(turn(rng))
    messages.append({"role": "assistant", "content": "```bash\nls\n```\n```bash\npwd\n```"})
    messages.append({"role": "user", "content": last_user})
    return messages


@pytest.mark.parametrize("seed", range(8))
def test_a_templated_notice_sent_once_is_the_harness(seed: int) -> None:
    rng = random.Random(seed)
    messages = one_off_session(rng, notice(rng))
    assert harness_indices(messages) == {len(messages) - 1}
    task, goal = task_and_goal(messages, window=4_000, keep_last=0)
    assert quoted(task, messages[1])
    assert not quoted(task + goal, messages[-1])


@pytest.mark.parametrize(
    "person",
    [
        "Use the <b> tag here, not <strong>.",
        "Now also add a changelog entry for the fix.",
        "The config block is:\n```xml\n<settings>\n  <debug/>\n</settings>\n```\nUse it as is.",
    ],
)
def test_a_persons_message_with_inline_markup_is_not_a_notice(person: str) -> None:
    messages = one_off_session(random.Random(7), person)
    assert harness_indices(messages) == frozenset()


def test_the_hosts_patterns_mark_harness_messages() -> None:
    rng = random.Random(3)
    reminder = "Reminder: stay within the sandbox and answer with one command."
    messages = one_off_session(rng, reminder)
    assert harness_indices(messages) == frozenset()  # said once, it reads like a person
    settings = load_settings({"context.harness_patterns": [r"^Reminder: stay within"]})
    result = ContextCompressor(settings=settings, model="gpt-4o", context_window=4_000).compress(
        messages,  # type: ignore[arg-type]
        force=True,
        keep_last=0,
    )
    checkpoint = next(message_text(m) for m in result.messages if is_summary(m))
    assert quoted(section(checkpoint, "Active Task"), messages[1])
    # The first user message is the task, whatever a pattern says.
    first_only = [messages[0], {"role": "user", "content": reminder}]
    assert harness_indices(first_only, patterns=[re.compile("^Reminder")]) == frozenset()


def test_a_bad_harness_pattern_is_refused_with_its_key() -> None:
    with pytest.raises(ConfigError, match=r"context\.harness_patterns"):
        load_settings({"context.harness_patterns": ["(unclosed"]})
    with pytest.raises(ConfigError, match="a list of strings"):
        load_settings({"context.harness_patterns": "^Reminder"})


@pytest.mark.parametrize("seed", range(6))
def test_in_a_chat_a_value_revised_in_the_same_words_is_the_persons(seed: int) -> None:
    """No assistant turn runs anything, so there is no harness loop: "Admin console moved to
    port 7117" after "... to port 2420" is a person's update, and the ledger keeps it."""
    rng = random.Random(seed)
    template = rng.choice(
        [
            "Admin console moved to port {n}.",
            "The API port is {n} now.",
            "Scratch the old number, project costs have to stay under ${n}.",
        ]
    )
    first, second = (str(v) for v in rng.sample(range(1100, 9900), 2))
    messages = [
        {"role": "user", "content": "Let's plan the rollout together."},
        {"role": "assistant", "content": "Sure."},
        {"role": "user", "content": template.format(n=first)},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": template.format(n=second)},
    ]
    assert harness_indices(messages) == frozenset()
    kept = [c.text for c in extract_ledger(messages).constraints]
    assert template.format(n=second) in kept
    assert template.format(n=first) not in kept
