"""The ledger: what code extracts from a span, how it merges across rounds, and its JSON."""

from __future__ import annotations

import copy
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from packlight.artifacts import make_artifact
from packlight.compressor.activity import error_lines, written_paths
from packlight.compressor.constraints import is_constraint
from packlight.compressor.ledger import (
    MAX_ERRORS,
    MAX_IDENTIFIERS,
    MAX_OTHER_IDENTIFIERS,
    Action,
    CommandRecord,
    Ledger,
    LedgerDataError,
    extract_ledger,
    ledger_text_items,
    merge_ledgers,
)
from packlight.compressor.subjects import link
from packlight.compressor.toolcalls import tool_events
from packlight.errors import PacklightError

Msg = dict[str, Any]

# ---------------------------------------------------------------- small transcripts


def user(text: str | list[dict[str, Any]]) -> Msg:
    return {"role": "user", "content": text}


def system(text: str) -> Msg:
    return {"role": "system", "content": text}


def say(text: str) -> Msg:
    return {"role": "assistant", "content": text}


def call(call_id: str, name: str, text: str | None = None, **arguments: Any) -> Msg:
    return {
        "role": "assistant",
        "content": text,
        "tool_calls": [
            {
                "id": call_id,
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments)},
            }
        ],
    }


def result(call_id: str, content: str) -> Msg:
    return {"role": "tool", "tool_call_id": call_id, "content": content}


def bash(call_id: str, command: str, output: str, code: int = 0) -> list[Msg]:
    """A mini-swe-agent style shell call and its result."""
    return [
        call(call_id, "bash", command=command),
        result(call_id, f"<returncode>{code}</returncode>\n<output>\n{output}</output>"),
    ]


# ---------------------------------------------------------------- task and goal


def test_goal_is_the_first_user_message_and_the_task_the_latest_verbatim() -> None:
    first = "Fix the bug in parser.py.\n\nKeep it small.  "
    latest = "  Now also add a test, please.\n"
    ledger = extract_ledger([system("rules"), user(first), say("ok"), user(latest)])
    assert ledger.goal == first
    assert ledger.active_task == latest


def test_task_from_content_parts_and_checkpoints_skipped() -> None:
    checkpoint = {
        "role": "user",
        "content": "[packlight checkpoint]\nold summary",
        "_packlight": {"kind": "checkpoint"},
    }
    parts: list[dict[str, Any]] = [
        {"type": "text", "text": "Book the flight"},
        {"type": "image_url", "image_url": {"url": "x"}},
    ]
    ledger = extract_ledger([checkpoint, user(parts)])
    assert ledger.goal == "Book the flight"
    assert ledger.active_task == "Book the flight"


def test_empty_span_gives_the_empty_ledger() -> None:
    assert extract_ledger([]) == Ledger()
    assert ledger_text_items(Ledger()) == []


def test_indices_are_absolute() -> None:
    span = [user("Never push to main."), *bash("c1", "ls", "a.py\n")]
    ledger = extract_ledger(span, start_index=40)
    assert ledger.constraints[0].index == 40
    assert ledger.actions[0].index == 41
    assert ledger.commands[0] == CommandRecord("ls", 0, 41)


# ---------------------------------------------------------------- constraints


def test_a_later_budget_supersedes_the_earlier_one() -> None:
    ledger = extract_ledger(
        [
            user("Find me a hotel in Lisbon. Spend at most $800 in total."),
            say("Sure."),
            user("Keep the budget under $500."),
        ]
    )
    texts = [c.text for c in ledger.constraints]
    # Every statement of the user's is kept; only the budget is replaced.
    assert texts == ["Find me a hotel in Lisbon.", "Keep the budget under $500."]
    assert [c.text for c in ledger.superseded] == ["Spend at most $800 in total."]
    assert "Spend at most $800 in total." not in ledger_text_items(ledger)


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("Always use tabs.", "Please use spaces for indentation."),
        ("Reply in French.", "Reply in English from now on."),
        (
            "Never add new dependencies.",
            "You may add third-party packages if needed, but avoid heavy ones.",
        ),
        ("I don't want to fly before 11 AM.", "Actually, I could leave after 9 AM."),
        ("The $800 cap stands.", "Actually, make it $600."),
    ],
)
def test_same_subject_supersedes(earlier: str, later: str) -> None:
    ledger = extract_ledger([user(earlier), say("ok"), user(later)])
    assert [c.text for c in ledger.constraints] == [later]
    assert [c.text for c in ledger.superseded] == [earlier]


def test_explicit_update_supersedes_the_closest_subject() -> None:
    ledger = extract_ledger(
        [
            user("Use black for formatting. Never commit to main."),
            say("ok"),
            user("Actually, switch to ruff format instead of black."),
        ]
    )
    assert [c.text for c in ledger.superseded] == ["Use black for formatting."]
    assert [c.text for c in ledger.constraints] == [
        "Never commit to main.",
        "Actually, switch to ruff format instead of black.",
    ]


def test_rules_of_one_message_do_not_supersede_each_other() -> None:
    policy = (
        "Each reservation can use at most one travel certificate.\n"
        "Gift cards must be used before credit cards.\n"
    )
    ledger = extract_ledger([system(policy), user("I want to book.")])
    assert [c.text for c in ledger.constraints] == [*policy.splitlines(), "I want to book."]
    assert ledger.superseded == ()


def test_restating_a_constraint_refreshes_it_without_superseding() -> None:
    rule = "Please always provide EXACTLY ONE action."
    ledger = extract_ledger([user(rule), say("x"), user(rule)])
    assert [(c.text, c.index) for c in ledger.constraints] == [(rule, 2)]
    assert ledger.superseded == ()


def test_only_user_and_instruction_messages_give_constraints() -> None:
    ledger = extract_ledger(
        [
            {"role": "developer", "content": "Never log secrets."},
            user("Go."),
            say("I must always double check. You should never do that."),
        ]
    )
    assert [c.text for c in ledger.constraints] == ["Never log secrets."]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Do not modify the tests.", True),
        ("You must keep the public API.", True),
        ("I only want economy seats.", True),
        ("Make sure the build passes.", True),
        ("Lines must be at most 100 characters.", True),
        ("I don't remember the reservation ID.", False),
        ("I don't have the number with me.", False),
        ("requests.get is ALWAYS sending content length", False),
        ("Can you check the weather?", False),
        ("Could you make sure it is refundable?", True),
        ("The weather is nice today.", False),
    ],
)
def test_what_counts_as_a_constraint(sentence: str, expected: bool) -> None:
    assert is_constraint(sentence) is expected


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        ("Spend at most $800", "Keep the budget under $500", True),
        ("Use tabs", "Use spaces", True),
        ("Reply in French", "Reply in English", True),
        ("Use black for formatting", "Use ruff for formatting", True),
        ("Set the timeout to 30 seconds", "Change the timeout to 60 seconds", True),
        ("Always use type hints", "Never use type hints", True),
        ("Never push to main", "Always write tests", False),
        ("Reply in French", "Use tabs", False),
        ("Keep the budget under $500", "Never push to main", False),
    ],
)
def test_a_later_statement_replaces_one_on_the_same_subject(
    first: str, second: str, same: bool
) -> None:
    assert bool(link(second, [first]).replaces) is same


# ---------------------------------------------------------------- tool events


def test_actions_files_and_commands_from_shell_and_editor_calls() -> None:
    span = [
        user("Fix it."),
        *bash("c1", "cat src/app.py", "import os\n"),
        *bash("c2", "cat <<'EOF' > repro.py\nimport app\nEOF", ""),
        *bash("c3", "sed -i 's/old/new/g' src/app.py", ""),
        *bash("c4", "grep -rn TODO src", "src/app.py:3: TODO\nsrc/b.py:9: TODO\n"),
        call(
            "c5", "str_replace_based_edit_tool", command="create", path="src/new.py", file_text="x"
        ),
        result("c5", "File created successfully at: src/new.py"),
        call(
            "c6",
            "str_replace_based_edit_tool",
            command="str_replace",
            path="src/new.py",
            old_str="x",
            new_str="y",
        ),
        result("c6", "The file src/new.py has been edited."),
        *bash("c7", "cat README.md", "hello\n"),
        *bash("c8", "python repro.py", "done\n"),
        call("c9", "read_file", path="docs/a.md"),
    ]
    ledger = extract_ledger(span)
    assert ledger.files_created == ("repro.py", "src/new.py")
    assert ledger.files_modified == ("src/app.py",)  # the sed script is not a file
    assert ledger.files_read == ("README.md", "docs/a.md")
    assert [a.outcome for a in ledger.actions] == [
        "read 1 line",
        "wrote repro.py",
        "edited src/app.py",
        "2 matching lines",
        "wrote src/new.py",
        "edited src/new.py",
        "read 1 line",
        "exit 0, 1 line of output",
        "no result",
    ]
    assert ledger.actions[1] == Action("bash", "cat <<'EOF' > repro.py…", "wrote repro.py", 3)
    assert [c.command for c in ledger.commands][:2] == ["cat src/app.py", "cat <<'EOF' > repro.py…"]
    assert all(c.exit_code == 0 for c in ledger.commands)


def test_a_created_file_stays_created_after_rm() -> None:
    span = [
        *bash("c1", "cat <<'EOF' > debug.py\nprint(1)\nEOF", ""),
        *bash("c2", "rm debug.py", ""),
    ]
    assert extract_ledger(span).files_created == ("debug.py",)


def test_errors_keep_the_first_and_the_latest() -> None:
    span = [user("go")]
    for n in range(MAX_ERRORS + 15):
        span += bash(
            f"c{n}",
            f"python step{n}.py",
            f"Traceback (most recent call last):\nValueError: bad {n}\n",
            1,
        )
    span += bash("again", "python step3.py", "ValueError: bad 3\n", 1)
    ledger = extract_ledger(span)
    assert len(ledger.errors) == MAX_ERRORS
    assert ledger.errors[0] == "Traceback (most recent call last):"  # toolcalls' first line
    assert ledger.errors[1] == "ValueError: bad 0"
    assert ledger.errors[-1] == "ValueError: bad 3"  # seen again last: the latest
    assert len(set(ledger.errors)) == len(ledger.errors)
    assert ledger.actions[0].outcome == "failed: ValueError: bad 0"


def test_the_first_error_is_repeated_last_only_when_it_is_also_the_latest() -> None:
    span = [
        *bash("c1", "make", "error: A\n", 2),
        *bash("c2", "make x", "error: B\n", 2),
        *bash("c3", "make y", "error: A\n", 2),
    ]
    assert extract_ledger(span).errors == ("error: A", "error: B", "error: A")
    span += bash("c4", "make z", "error: C\n", 2)
    assert extract_ledger(span).errors == ("error: A", "error: B", "error: C")


def test_text_that_was_only_viewed_is_not_an_error() -> None:
    docstring = 'def f():\n    """Raises:\n    ValueError: if x is bad\n    """\n'
    span = [
        *bash("c1", "cat lib.py", docstring),
        *bash("c2", "cat missing.py", "cat: missing.py: No such file or directory\n", 1),
    ]
    assert extract_ledger(span).errors == ("cat: missing.py: No such file or directory",)


def test_failed_approaches_need_a_different_later_attempt() -> None:
    span = [
        user("Install it."),
        *bash(
            "c1", "pip install foo==9.9", "ERROR: No matching distribution found for foo==9.9\n", 1
        ),
        *bash("c2", "pip install foo", "Successfully installed foo\n"),
        *bash("c3", "python check.py", "AssertionError: nope\n", 1),
        *bash("c4", "sed -i 's/a/b/' check.py", ""),
        *bash("c5", "python check.py", "ok\n"),
        *bash("c6", "make build", "make: *** [all] Error 2\nerror: compile failed\n", 2),
    ]
    ledger = extract_ledger(span)
    # c3 was re-run unchanged (a check, not an approach); c6 is the current blocker
    assert ledger.failed_approaches == (
        "bash: pip install foo==9.9 -> ERROR: No matching distribution found for foo==9.9",
    )
    assert ledger.errors[-1] == "error: compile failed"


def test_failed_tool_call_retried_with_other_arguments() -> None:
    span = [
        call("c1", "book_reservation", user_id="mia_li_3668", amount=255),
        result("c1", "Error: payment amount does not add up, total price is 305, but paid 255"),
        call("c2", "book_reservation", user_id="mia_li_3668", amount=305),
        result("c2", '{"reservation_id": "HATHAT"}'),
    ]
    ledger = extract_ledger(span)
    assert ledger.actions[0].outcome.startswith("failed: Error: payment amount does not add up")
    assert ledger.actions[1].outcome == 'returned {"reservation_id": "HATHAT"}'
    assert ledger.failed_approaches == (
        "book_reservation: user_id=mia_li_3668, amount=255 -> "
        "Error: payment amount does not add up, total price is 305, but paid 255",
    )


def test_test_status_is_the_latest_summary() -> None:
    span = [
        *bash("c1", "python -m pytest tests", "===== 1 failed, 11 passed in 0.3s =====\n", 1),
        *bash("c2", "python tests/test_api.py", "Ran 3 tests in 0.01s\n\nFAILED (failures=1)\n", 1),
        *bash("c3", "ls", "a\n"),
    ]
    assert extract_ledger(span).test_status == "FAILED (failures=1)"
    span += bash("c4", "pytest -q", "12 passed in 0.2s\n")
    assert extract_ledger(span).test_status == "12 passed"


# ---------------------------------------------------------------- identifiers


def test_identifiers_prefer_user_text_and_tool_arguments() -> None:
    span = [
        user("My user id is mia_li_3668 and the reservation ID is HXDUBJ."),
        call("c1", "get_reservation_details", reservation_id="M05KNL"),
        result("c1", '{"flight_number": "HAT136", "date": "2024-05-20"}'),
        say("Your flight HAT039 is booked."),
    ]
    values = [i.value for i in extract_ledger(span).identifiers]
    assert values == ["mia_li_3668", "HXDUBJ", "M05KNL", "HAT039", "HAT136", "2024-05-20"]


def test_identifiers_are_capped() -> None:
    lines = "\n".join(f"file_{n}.py" for n in range(400))
    ledger = extract_ledger([user(lines)])
    assert len(ledger.identifiers) == MAX_IDENTIFIERS
    assert ledger.identifiers[0].value == "file_0.py"
    # the rest is archived with the ledger, not lost, up to its own cap
    assert len(ledger.other_identifiers) == MAX_OTHER_IDENTIFIERS
    assert ledger.other_identifiers[0].value == f"file_{MAX_IDENTIFIERS}.py"


# ---------------------------------------------------------------- todos, decisions, artifacts


def test_todos_open_and_done() -> None:
    span = [
        user("go"),
        say("Plan:\n- [ ] reproduce the bug\n- [ ] write the fix\n- [ ] run the tests"),
        say("- [x] reproduce the bug\n- [x] Write the fix.\nTODO: update the changelog"),
        say("I still need to check the docs.\nNext: open a PR"),
    ]
    ledger = extract_ledger(span)
    assert ledger.todos == (
        "run the tests",
        "TODO: update the changelog",
        "I still need to check the docs",
        "Next: open a PR",
    )
    assert ledger.todos_done == ("reproduce the bug", "Write the fix.")


def test_todo_tool_calls() -> None:
    todos = [
        {"content": "Reproduce", "status": "completed"},
        {"content": "Fix parser", "status": "in_progress"},
        {"content": "Add tests", "status": "pending"},
    ]
    span = [call("t1", "TodoWrite", todos=todos), result("t1", "ok")]
    ledger = extract_ledger(span)
    assert ledger.todos == ("Fix parser", "Add tests")
    assert ledger.todos_done == ("Reproduce",)


def test_decisions_are_the_assistants_stated_choices() -> None:
    span = [
        user("go"),
        say(
            "The bug uses UTC instead of the local zone. "
            "I will use zoneinfo instead of pytz. "
            "The fix is to convert before comparing. Is that right?"
        ),
    ]
    assert extract_ledger(span).decisions == (
        "I will use zoneinfo instead of pytz.",
        "The fix is to convert before comparing.",
    )


def test_artifacts_pass_through_with_a_description() -> None:
    key = b"k" * 32
    described = make_artifact(key, "tool_result", "x\ny", {"description": "pytest output"})
    plain = make_artifact(key, "tool_result", "a\nb\nc", {"tool": "bash"})
    ledger = extract_ledger([user("go")], artifacts=[described, plain])
    assert ledger.artifacts == (
        (described.id, "pytest output"),
        (plain.id, "tool result bash (3 lines)"),
    )


# ---------------------------------------------------------------- merging


def _round_one() -> list[Msg]:
    return [
        user("Fix the crash in parser.py. Spend at most 2 hours. Never push to main."),
        say("- [ ] reproduce\n- [ ] fix"),
        *bash("c1", "python parser.py", "KeyError: 'name'\n", 1),
        *bash("c2", "cat <<'EOF' > repro.py\nx\nEOF", ""),
    ]


def _round_two() -> list[Msg]:
    return [
        user("Actually you can spend up to 4 hours on this."),
        say("- [x] reproduce"),
        *bash("c3", "sed -i 's/a/b/' parser.py", ""),
        *bash("c4", "python parser.py", "TypeError: 'NoneType' object is not iterable\n", 1),
        user("Now run the tests."),
    ]


def test_two_rounds_keep_the_goal_and_the_first_error() -> None:
    first = extract_ledger(_round_one())
    second = extract_ledger(_round_two(), start_index=len(_round_one()))
    merged = merge_ledgers(first, second)
    assert merged.goal == first.goal
    assert merged.active_task == "Now run the tests."
    assert merged.errors == ("KeyError: 'name'", "TypeError: 'NoneType' object is not iterable")
    assert [c.text for c in merged.constraints] == [
        "Fix the crash in parser.py.",
        "Never push to main.",
        "Actually you can spend up to 4 hours on this.",
        "Now run the tests.",
    ]
    assert [c.text for c in merged.superseded] == ["Spend at most 2 hours."]
    assert merged.todos == ("fix",)
    assert merged.files_created == ("repro.py",)
    assert merged.files_modified == ("parser.py",)
    assert [a.index for a in merged.actions] == [2, 4, 8, 10]

    third = merge_ledgers(merged, extract_ledger([user("Thanks")], start_index=20))
    assert third.goal == first.goal
    assert third.errors[0] == "KeyError: 'name'"
    assert third.active_task == "Thanks"


def test_merge_with_an_empty_span_keeps_everything() -> None:
    first = extract_ledger(_round_one())
    merged = merge_ledgers(first, Ledger())
    assert merged == first


def test_merge_caps_drop_the_middle() -> None:
    many = tuple(f"E{n}: failure" for n in range(60))
    merged = merge_ledgers(Ledger(errors=many[:30]), Ledger(errors=many[30:]))
    assert len(merged.errors) == MAX_ERRORS
    assert merged.errors[0] == many[0]
    assert merged.errors[-1] == many[-1]


# ---------------------------------------------------------------- JSON and purity


def test_json_round_trip() -> None:
    span = [*_round_one(), *_round_two()]
    artifact = make_artifact(b"k" * 32, "span", "x", {"summary": "the middle"})
    ledger = extract_ledger(span, start_index=3, artifacts=[artifact])
    assert ledger.identifiers
    assert ledger.actions
    assert ledger.superseded
    # Which message replaced each superseded statement travels with it.
    assert all(c.replaced_by is not None and c.replaced_by >= c.index for c in ledger.superseded)
    data = json.loads(json.dumps(ledger.to_json()))
    assert Ledger.from_json(data) == ledger
    assert [c.replaced_by for c in Ledger.from_json(data).superseded] == [
        c.replaced_by for c in ledger.superseded
    ]
    assert Ledger.from_json({}) == Ledger()


@pytest.mark.parametrize(
    "data",
    [
        {"errors": "not a list"},
        {"constraints": [{"subject": "x", "text": "y"}]},
        {"identifiers": [{"kind": "planet", "value": "x"}]},
        {"artifacts": [["only-one"]]},
        {"goal": 3},
    ],
)
def test_from_json_names_what_is_wrong(data: dict[str, Any]) -> None:
    with pytest.raises(LedgerDataError) as caught:
        Ledger.from_json(data)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, PacklightError)
    assert "expected" in str(caught.value)


def test_nothing_is_mutated() -> None:
    span = [*_round_one(), *_round_two()]
    snapshot = copy.deepcopy(span)
    first = extract_ledger(span[:6])
    second = extract_ledger(span[6:], start_index=6)
    first_json, second_json = first.to_json(), second.to_json()
    merge_ledgers(first, second)
    ledger_text_items(first)
    assert span == snapshot
    assert first.to_json() == first_json
    assert second.to_json() == second_json


def test_text_items_are_exact_strings_of_the_ledger() -> None:
    span = [*_round_one(), *_round_two()]
    ledger = extract_ledger(span)
    items = ledger_text_items(ledger)
    source = json.dumps(span)
    assert ledger.goal in items
    assert ledger.active_task in items
    assert "KeyError: 'name'" in items
    assert "repro.py" in items
    assert len(items) == len(set(items))
    for item in items:
        if item not in {c.command for c in ledger.commands}:  # commands are shortened
            assert json.dumps(item)[1:-1] in source


# ---------------------------------------------------------------- real trajectories


def _mini_swe(shared_data: Path) -> list[tuple[str, list[Msg]]]:
    paths = sorted((shared_data / "trajectories" / "mini-swe-agent").glob("*.json"))
    return [(p.name, json.loads(p.read_text())["messages"]) for p in paths]


@pytest.mark.shared_data
def test_mini_swe_agent_trajectories(shared_data: Path) -> None:
    trajectories = _mini_swe(shared_data)
    assert trajectories
    for name, messages in trajectories:
        ledger = extract_ledger(messages)
        first_user = next(m["content"] for m in messages if m["role"] == "user")
        assert ledger.goal == first_user, name
        events = tool_events(messages)
        for event in events:
            if event.kind in {"edit", "write"}:
                for path in written_paths(event):
                    assert path in ledger.files_modified or path in ledger.files_created, (
                        name,
                        path,
                    )
        # error_lines(): toolcalls' error lines of results that ran something or failed
        # (a successful `cat` of a file whose docstring says "ValueError: ..." shows no error)
        shown = [line for event in events for line in error_lines(event)]
        if shown:
            assert ledger.errors[0] == shown[0], name
        assert Ledger.from_json(json.loads(json.dumps(ledger.to_json()))) == ledger


@pytest.mark.shared_data
def test_extraction_time_on_the_largest_trajectory(shared_data: Path) -> None:
    path = shared_data / "trajectories" / "mini-swe-agent" / "psf__requests-1142.json"
    messages = json.loads(path.read_text())["messages"]
    started = time.perf_counter()
    extract_ledger(messages)
    elapsed = time.perf_counter() - started
    print(f"\nextract_ledger on {path.name}: {elapsed * 1000:.0f} ms")  # reported, not asserted


_USER_ID = re.compile(r"\b[a-z]+_[a-z]+_\d+\b")
_RESERVATION = re.compile(r"\b[A-Z0-9]{6}\b")


def _known_values(messages: list[Msg], key: str) -> set[str]:
    """Every value of ``key`` in the session's tool arguments and JSON results."""
    pattern = re.compile(rf'"{key}":\s*"([^"]+)"')
    values: set[str] = set()
    for message in messages:
        for tool_call in message.get("tool_calls") or []:
            values.update(pattern.findall(tool_call["function"]["arguments"]))
        if message["role"] == "tool" and isinstance(message.get("content"), str):
            values.update(pattern.findall(message["content"]))
    return values


@pytest.mark.shared_data
def test_tau_bench_identifiers_include_what_the_user_mentioned(shared_data: Path) -> None:
    lines = (shared_data / "trajectories" / "tau-bench-airline.jsonl").read_text().splitlines()
    checked = 0
    for number, line in enumerate(lines):
        messages = json.loads(line)["messages"]
        ledger = extract_ledger(messages)
        values = {i.value for i in ledger.identifiers}
        reservations = _known_values(messages, "reservation_id")
        users = _known_values(messages, "user_id")
        for message in messages:
            if message["role"] != "user" or not isinstance(message.get("content"), str):
                continue
            text = message["content"]
            mentioned = {v for v in _RESERVATION.findall(text) if v in reservations}
            mentioned |= {v for v in _USER_ID.findall(text) if v in users}
            missing = mentioned - values
            assert not missing, (number, missing, text)
            checked += len(mentioned)
    assert checked > 50
