"""A person interrupts an agent at work to ask for something else.

While the agent works on its own (tool call after tool call), a person's message that asks
for work the conversation never talked about ("can you cancel my hotel booking HB-5521 and
get the deposit back") interrupts it: the new request is the task in force and the task the
agent was working on is set aside (neither done nor to be continued, until the person goes
back to it). The same request in a chat, between a customer's messages with a lookup or two,
adds a request beside the others; a request about the work in progress, or a nudge to go on,
interrupts nothing.

Tasks, tool work and requests are drawn from varied templates and values.
"""

from __future__ import annotations

import json
import random

import pytest

from packlight import ContextCompressor
from packlight.compressor.checkpoint import parse_sections
from packlight.compressor.tasks import AT_WORK_CALLS, SET_ASIDE_STATUSES, track_tasks

TASKS = (
    "Fix the failing test in the date parser: two-digit years are read as the 1900s.",
    "The CSV exporter drops the header row when the table is empty; please fix it.",
    "Make the retry decorator honour the max_delay argument; it currently ignores it.",
)
COMMANDS = (
    "grep -rn 'def {w}' src/",
    "cat src/{w}.py",
    "python -m pytest tests/test_{w}.py -q",
    "sed -n 1,80p src/{w}.py",
    "git diff src/{w}.py",
)
WORDS = ("parser", "exporter", "retry", "utils", "fields")
ERRANDS = (
    "can you cancel my hotel booking {code} and get the deposit back",
    "please book me a table for four at Osteria Lupo on Friday evening",
    "could you write a cover letter for the museum volunteer role, due {day}",
    "could you draft the seating plan for my sister's rehearsal dinner",
    "please dispute the {amount} charge from TRVL*GLOBEX on my card",
)
DAYS = ("Monday", "Thursday", "the 14th", "next Tuesday")


def errand(rng: random.Random) -> str:
    return rng.choice(ERRANDS).format(
        code=f"HB-{rng.randint(1000, 9999)}",
        day=rng.choice(DAYS),
        amount=f"£{rng.randint(20, 900)}",
    )


def tool_work(rng: random.Random, calls: int, start: int) -> list[dict[str, object]]:
    """``calls`` tool calls of the agent, each with its result."""
    messages: list[dict[str, object]] = []
    for number in range(calls):
        call_id = f"call_{start + number}"
        command = rng.choice(COMMANDS).format(w=rng.choice(WORDS))
        arguments = json.dumps({"command": command})
        messages.append(
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": "bash", "arguments": arguments},
                    }
                ],
            }
        )
        messages.append({"role": "tool", "tool_call_id": call_id, "content": "ok\n"})
    return messages


def session(rng: random.Random, task: str, calls: int, last: str) -> list[dict[str, object]]:
    return [
        {"role": "system", "content": "You are a coding agent with a bash tool."},
        {"role": "user", "content": task},
        *tool_work(rng, calls, 0),
        {"role": "user", "content": last},
        *tool_work(rng, 2, calls),
    ]


def statuses(messages: list[dict[str, object]]) -> dict[str, str]:
    human = {i for i, m in enumerate(messages) if m["role"] == "user"}
    return {task.text: task.status for task in track_tasks(messages, human=human)}


@pytest.mark.parametrize("seed", range(8))
def test_a_request_for_other_work_interrupts_the_agent_at_work(seed: int) -> None:
    rng = random.Random(seed)
    task, asked = rng.choice(TASKS), errand(rng)
    found = statuses(session(rng, task, rng.randint(AT_WORK_CALLS, 12), asked))
    # Set aside by the interruption, or stopped where the turn's reading already saw a switch.
    assert found[task] in SET_ASIDE_STATUSES
    assert found[asked] == "in force"


@pytest.mark.parametrize("seed", range(4))
def test_in_a_chat_the_same_request_interrupts_nothing(seed: int) -> None:
    rng = random.Random(seed)
    task, asked = rng.choice(TASKS), errand(rng)
    found = statuses(session(rng, task, AT_WORK_CALLS - 1 - seed % 2, asked))
    # In force beside the new request, or stopped where the turn's reading saw a switch: a
    # few lookups between two messages are no work the request interrupts.
    assert found[task] != "set aside"


# How to do the work, or a value it revises, whatever its words: no new work.
RULES = (
    "Please keep commits small and write a changelog entry.",
    "Give the {thing} {n} MB of memory.",
    "Deploys of the {thing} go out from the rel-{n} branch from now on.",
    "Never restart the {thing} during business hours.",
)
THINGS = ("cache warmer", "ingest worker", "report exporter")
FACTS = (
    "Questions about the {thing} go to @{handle}.",
    "The {thing} runs on a small box.",
    "Alerts from the {thing} land in #alerts-{handle}.",
    "The {thing} logs are noisy; ignore their warnings.",
    "Point clients of the {thing} at port {port}.",
)


@pytest.mark.parametrize("seed", range(6))
def test_rules_or_a_list_of_facts_interrupt_nothing(seed: int) -> None:
    rng = random.Random(seed)
    task = rng.choice(TASKS)
    fill = {
        "thing": rng.choice(THINGS),
        "n": rng.randint(2, 4096),
        "handle": f"{rng.choice(('ops', 'zu', 'kai'))}{rng.randint(10, 99)}",
        "port": rng.randint(20_000, 60_000),
    }
    if seed % 2:
        last = rng.choice(RULES).format(**fill)
    else:  # more sentences than an interruption has
        last = " ".join(template.format(**fill) for template in rng.sample(FACTS, 5))
    found = statuses(session(rng, task, AT_WORK_CALLS + 4, last))
    assert found[task] == "in force"


RELATED = (
    "also add a regression test for the {w} while you're at it",
    "please keep the fix for the {w} small, and add a test",
)
NUDGES = ("Round 2: please continue with the task.", "ok, go on", "keep going please")


@pytest.mark.parametrize("seed", range(6))
def test_a_request_about_the_work_or_a_nudge_interrupts_nothing(seed: int) -> None:
    rng = random.Random(seed)
    task = rng.choice(TASKS)
    word = {0: "date parser", 1: "CSV exporter", 2: "retry decorator"}[TASKS.index(task)]
    last = rng.choice(RELATED).format(w=word) if seed % 2 else rng.choice(NUDGES)
    found = statuses(session(rng, task, AT_WORK_CALLS + 3, last))
    assert found[task] == "in force"


def test_the_checkpoint_sets_the_interrupted_task_aside() -> None:
    rng = random.Random(7)
    task, asked = TASKS[0], "can you cancel my hotel booking HB-4471 and get the deposit back"
    messages = session(rng, task, 9, asked)
    result = ContextCompressor(model="gpt-4o", context_window=8_000).compress(
        messages, force=True, keep_last=0
    )
    assert result.checkpoint is not None
    goal = result.checkpoint.split("## Goal", 1)[1].split("\n## ", 1)[0]
    assert "[in force]" in goal
    assert "HB-4471" in result.checkpoint
    # Set aside by the interruption, or paused where the turn's reading saw a switch.
    assert any(f"[{status}] {task[:40]}" in result.checkpoint for status in SET_ASIDE_STATUSES)
    assert f"[stopped] {task[:40]}" not in result.checkpoint
    assert "[in force] The first user message" not in goal


OUTPUTS = ("ok", "1 passed, 2 failed", "def {w}(value):\n    return value", "No such file")


def text_actions(rng: random.Random, actions: int) -> list[dict[str, object]]:
    """``actions`` turns of an agent that acts through a code block in its text, each
    answered by the harness's observation under the user role (mini-swe-agent's way)."""
    messages: list[dict[str, object]] = []
    for _ in range(actions):
        word = rng.choice(WORDS)
        command = rng.choice(COMMANDS).format(w=word)
        messages.append(
            {
                "role": "assistant",
                "content": f"THOUGHT: look at the {word}.\n\n```bash\n{command}\n```",
            }
        )
        output = rng.choice(OUTPUTS).format(w=word)
        observation = f"<returncode>{rng.randint(0, 1)}</returncode>\n<output>\n{output}\n</output>"
        messages.append({"role": "user", "content": observation})
    return messages


def text_action_checkpoint(
    rng: random.Random, task: str, asked: str, before: int, after: int
) -> str:
    """The checkpoint of a session of an agent acting through code blocks, no tool call in
    it: ``before`` actions, the person's request, ``after`` actions."""
    messages = [
        {"role": "system", "content": "You are a coding agent. Reply with one bash block."},
        {"role": "user", "content": task},
        *text_actions(rng, before),
        {"role": "user", "content": asked},
        *text_actions(rng, after),
    ]
    result = ContextCompressor(model="gpt-4o", context_window=8_000).compress(
        messages, force=True, keep_last=0
    )
    assert result.checkpoint is not None
    return result.checkpoint


@pytest.mark.parametrize("seed", range(6))
def test_an_agent_acting_through_code_blocks_is_at_work_too(seed: int) -> None:
    # The code blocks the harness answered say the agent was at work, and a request for
    # other work interrupts it as it would a tool-calling agent.
    rng = random.Random(seed)
    task, asked = rng.choice(TASKS), errand(rng)
    checkpoint = text_action_checkpoint(rng, task, asked, rng.randint(AT_WORK_CALLS, 10), 2)
    sections = parse_sections(checkpoint)
    # The request is the task (the latest message, which the goal points to as in force).
    assert any(asked in item for item in sections["Active Task"])
    assert sections["Goal"] == ["[in force] The active task."]
    stopped = sections["Stopped or Paused"]
    assert any(f"[{status}] {task}" in stopped for status in SET_ASIDE_STATUSES)


@pytest.mark.parametrize("seed", range(3))
def test_a_few_text_actions_between_two_messages_are_no_work_interrupted(seed: int) -> None:
    rng = random.Random(seed)
    task, asked = rng.choice(TASKS), errand(rng)
    checkpoint = text_action_checkpoint(rng, task, asked, AT_WORK_CALLS - 2, 1)
    assert f"[set aside] {task[:40]}" not in checkpoint


@pytest.mark.parametrize("seed", range(3))
def test_a_chats_repeated_words_are_no_work_of_the_agent(seed: int) -> None:
    # "ok, thanks" said again and again is set apart from the person's words as a template,
    # but it answers no code the agent ran: the agent is not at work, and a request for
    # other work adds a request instead of interrupting anything.
    rng = random.Random(seed)
    task, asked = rng.choice(TASKS), errand(rng)
    messages: list[dict[str, object]] = [
        {"role": "system", "content": "You are a helpful assistant."},
        {"role": "user", "content": task},
    ]
    for number in range(AT_WORK_CALLS + 3):
        messages.append({"role": "assistant", "content": f"Step {number} done; carrying on."})
        messages.append({"role": "user", "content": "ok, thanks"})
    messages += [
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": asked},
        {"role": "assistant", "content": "On it."},
    ]
    human = {1, len(messages) - 2}
    found = {t.text: t.status for t in track_tasks(messages, human=human)}
    assert found[task] != "set aside"
