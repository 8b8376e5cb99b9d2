"""What the user said stays task state across compactions: stated facts and goals reach the
checkpoint, an update replaces only the statement on its own subject, later rounds keep the
order things were said in, and no checkpoint carries a superseded value or sits beside a
second one. Through the public API: compress a crafted transcript, read the checkpoint."""

from __future__ import annotations

from typing import Any

import pytest

from packlight.compressor.boundaries import find_boundaries
from packlight.compressor.checkpoint import parse_sections
from packlight.compressor.engine import CompressorOptions, ContextCompressor
from packlight.compressor.ledger import extract_ledger, merge_ledgers
from packlight.compressor.subjects import link
from packlight.integrity import COMPACT_END_MARKER, signed
from packlight.messages import CHECKPOINT_MARKER, is_summary, message_text

Msg = dict[str, Any]
TASK = "Fix the flaky login test in tests/test_auth.py and keep the public API unchanged."


def user(text: str) -> Msg:
    return {"role": "user", "content": text}


def tool_group(n: int) -> list[Msg]:
    call = {
        "id": f"call_{n}",
        "type": "function",
        "function": {"name": "bash", "arguments": f'{{"command": "cat src/module_{n}.py"}}'},
    }
    output = "\n".join(f"line {k} of module {n}: value = compute({k}, {n})" for k in range(40))
    return [
        {"role": "assistant", "content": f"Reading module {n}.", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": f"call_{n}", "content": output},
    ]


def transcript(asides: dict[int, str], groups: int = 14, task: str = TASK) -> list[Msg]:
    """system, the task, ``groups`` tool groups, with a user aside before group ``n`` for
    each entry of ``asides``, and a closing user message."""
    messages: list[Msg] = [{"role": "system", "content": "You are a coding agent."}, user(task)]
    for n in range(groups):
        if n in asides:
            messages.append(user(asides[n]))
        messages.extend(tool_group(n))
    messages.append(user("Please continue."))
    return messages


def engine(**options: Any) -> ContextCompressor:
    return ContextCompressor(
        model="gpt-4o", context_window=8_000, options=CompressorOptions(**options)
    )


def checkpoints(messages: list[Any]) -> list[str]:
    return [message_text(m) for m in messages if is_summary(m)]


def compacted_once(messages: list[Msg], **options: Any) -> str:
    result = engine(**options).compress(messages, force=True)
    assert result.compacted, result.reason
    (text,) = checkpoints(result.messages)
    return text


def with_round(history: list[Any], n: int) -> list[Any]:
    return [*history, *tool_group(100 + n), user(f"Round {n}: carry on.")]


# ------------------------------------------------------------- stated facts and goals

STATEMENTS = [
    "Note: the staging database is read-only on weekends.",
    "FYI the deploy key lives in the vault at secret/ci/deploy-7.",
    "Remember that we ship from the branch release-2024-q3.",
    "The goal is a green run of tests/test_auth.py::test_login on CI.",
    "We use pnpm 9.12 for the frontend build.",
    "Our staging host is stg-db-04.internal.",
    "The release branch is rel-7f3k2.",
    "Project fact: the ingest worker is deployed from the branch rel-llpg4y2x.",
    "Goal: the work is finished only when the health check prints JIYYCWVG.",
    "Keep in mind that the CI runners have no network access.",
    "Done when the exporter writes report.csv without warnings.",
]


@pytest.mark.parametrize("statement", STATEMENTS)
def test_a_fact_or_goal_the_user_states_reaches_the_checkpoint(statement: str) -> None:
    text = compacted_once(transcript({3: statement}))
    assert statement in text
    assert statement in parse_sections(text)["Constraints & Preferences"]


@pytest.mark.parametrize(
    ("remark", "kind"),
    [
        ("Is the release branch rel-7f3k2?", "question"),
        ("The problem is that the test sometimes passes.", "fact"),
    ],
)
def test_every_user_statement_is_kept_with_its_kind(remark: str, kind: str) -> None:
    # The kind orders statements; it never decides whether one is kept.
    ledger = extract_ledger([user(remark)])
    assert [(c.text, c.kind) for c in ledger.constraints] == [(remark, kind)]


@pytest.mark.parametrize(
    "remark", ["Thanks, that looks good.", "Ok, please continue!", "Hi there. Thank you so much."]
)
def test_pure_boilerplate_is_not_a_statement(remark: str) -> None:
    assert extract_ledger([user(remark)]).constraints == ()


def test_a_system_prompts_notes_are_not_user_facts() -> None:
    ledger = extract_ledger([{"role": "system", "content": "Note: you are running in a sandbox."}])
    assert ledger.constraints == ()


def test_a_stated_fact_is_updated_like_a_rule() -> None:
    text = compacted_once(
        transcript(
            {
                2: "The release branch is rel-1111.",
                5: "Actually, the release branch is rel-2222 now.",
            }
        )
    )
    assert "rel-2222" in text
    assert "rel-1111" not in text


# ------------------------------------------------------------------ update subjects


def test_an_update_replaces_only_the_statement_on_its_own_subject() -> None:
    text = compacted_once(
        transcript(
            {
                2: "Use port 23391 for the report exporter admin endpoint. Use port 30770 for "
                "the cache warmer admin endpoint.",
                5: "Actually, use port 49238 for the cache warmer admin endpoint from now on.",
            }
        )
    )
    constraints = "\n".join(parse_sections(text)["Constraints & Preferences"])
    assert "port 23391 for the report exporter" in constraints  # another subject: kept
    assert "port 49238" in constraints
    assert "port 30770" not in text


@pytest.mark.parametrize(
    ("earlier", "update", "replaced"),
    [
        # the update names a subject the earlier statement does not have
        (
            "Use port 1 for the report exporter admin endpoint.",
            "Actually, use port 2 for the cache warmer admin endpoint.",
            False,
        ),
        (
            "Hard limit: the cache warmer must never use more than 9515 MB of memory.",
            "Actually, use port 2 for the cache warmer admin endpoint.",
            False,
        ),
        # the same subject, worded differently
        (
            "The cache warmer admin endpoint should use port 1.",
            "Actually, use port 2 for the cache warmer admin endpoint.",
            True,
        ),
        # an update that names no subject revises what it shares words with
        ("Use black for formatting.", "Actually, switch to ruff format instead of black.", True),
    ],
)
def test_what_an_explicit_update_may_replace(earlier: str, update: str, replaced: bool) -> None:
    assert bool(link(update, [earlier]).replaces) is replaced


# ----------------------------------------------------------- order across compactions


def test_a_newer_ledger_supersedes_whatever_the_indices_say() -> None:
    # Both statements come from message 4 of their own transcripts.
    padding = [user("Start."), user("Go on."), user("More."), user("Still more.")]
    previous = extract_ledger([*padding, user("Keep the budget under $500.")])
    newer = extract_ledger([*padding, user("Spend at most $800.")])
    merged = merge_ledgers(previous, newer)
    assert [c.text for c in merged.constraints][-1] == "Spend at most $800."
    assert "Keep the budget under $500." in [c.text for c in merged.superseded]


def test_a_previous_ledger_never_replaces_a_newer_statement() -> None:
    earlier = extract_ledger([user("Hard limit: the report exporter must stay under 100 MB.")])
    newer = extract_ledger(
        [
            user(
                "Hard limit: the cache warmer must never use more than 9515 MB of memory. "
                "Actually, use port 2 for the cache warmer admin endpoint from now on."
            )
        ]
    )
    merged = merge_ledgers(earlier, newer)
    texts = [c.text for c in merged.constraints]
    assert "Hard limit: the cache warmer must never use more than 9515 MB of memory." in texts
    assert merged.superseded == ()


def test_a_late_limit_survives_every_later_round() -> None:
    limit = "Hard limit: the cache warmer must never use more than 9515 MB of memory."
    history: list[Any] = transcript(
        {
            1: "Use port 30770 for the cache warmer admin endpoint.",
            4: "Hard limit: the ingest worker must never use more than 2048 MB of memory.",
            12: f"{limit} Actually, use port 64934 for the cache warmer admin endpoint.",
        }
    )
    compressor = engine()
    for n in range(1, 5):
        if n > 1:
            history = with_round(history, n)
        result = compressor.compress(history, force=True)
        history = result.messages
        text = "\n".join(message_text(m) for m in history)
        assert limit in text, f"round {n}"
        assert "port 64934" in text
        assert "port 30770" not in text, f"round {n}"


def test_turns_the_head_protected_are_older_than_the_checkpoint() -> None:
    # The aside sits in the protected head in round 1 and is compacted only in round 2,
    # after the checkpoint that holds its update: it must not come back as the newer one.
    history: list[Any] = transcript(
        {
            0: "Use port 1111 for the admin endpoint.",
            5: "Actually, use port 2222 for the admin endpoint from now on.",
        }
    )
    compressor = engine()
    first = compressor.compress(history, force=True)
    assert "port 1111" in message_text(first.messages[2])  # still raw in the head
    second = compressor.compress(with_round(first.messages, 2), force=True)
    (text,) = checkpoints(second.messages)
    assert "port 2222" in text
    assert "port 1111" not in text


# ------------------------------------------------------------- one checkpoint, no stale


def test_every_round_leaves_exactly_one_checkpoint() -> None:
    history: list[Any] = transcript({}, groups=8)
    compressor = engine()
    for n in range(1, 6):
        if n > 1:
            history = with_round(history, n)
        result = compressor.compress(history, force=True)
        assert result.compacted, result.reason
        history = result.messages
        assert len(checkpoints(history)) == 1, f"round {n}"
        assert "Fix the flaky login test" in "\n".join(message_text(m) for m in history)


def test_a_checkpoint_the_tail_reached_is_folded_into_the_next_one() -> None:
    messages: list[Msg] = [
        {"role": "system", "content": "rules"},
        user("the task"),
        *tool_group(0),
        user(signed(f"{CHECKPOINT_MARKER}\nearlier work\n{COMPACT_END_MARKER}")),
        *tool_group(1),
        user("go on"),
    ]
    counts = [10] * len(messages)
    # A tail budget that reaches the head: the checkpoint (index 4) would stay in the tail
    # while the task before it is compacted into a second one.
    found = find_boundaries(
        messages,
        counts,
        tail_budget=1_000,
        tail_ceiling=1_000,
        min_tail_messages=1,
        compactions_so_far=1,
    )
    assert found.head_end == 1
    assert found.middle == [1, 2, 3, 4] or found.is_empty
    # Nothing to compact before the tail: the checkpoint is left where it is.
    settled = [messages[0], messages[4], *messages[5:]]
    found = find_boundaries(
        settled,
        [10] * len(settled),
        tail_budget=1_000,
        tail_ceiling=1_000,
        min_tail_messages=1,
        compactions_so_far=1,
    )
    assert found.is_empty


def test_a_checkpoint_in_the_tail_is_folded_when_there_is_work_before_it() -> None:
    messages: list[Msg] = [
        {"role": "system", "content": "rules"},
        user("the task"),
        *tool_group(0),
        user(signed(f"{CHECKPOINT_MARKER}\nearlier work\n{COMPACT_END_MARKER}")),
        *tool_group(1),
        *tool_group(2),
        user("go on"),
    ]
    counts = [100, 100, 100, 100, 10, 10, 10, 10, 10, 10]
    found = find_boundaries(
        messages,
        counts,
        tail_budget=60,
        tail_ceiling=80,
        min_tail_messages=1,
        compactions_so_far=1,
    )
    assert found.head_end == 1
    assert 4 in found.middle  # the old checkpoint is compacted with the turns before it
    assert found.tail_start == 5


def test_the_goal_never_quotes_a_superseded_value() -> None:
    task = f"{TASK} Use port 1111 for the admin endpoint."
    history = transcript(
        {6: "Actually, use port 2222 for the admin endpoint from now on."}, task=task
    )
    # No head protection: the task itself is compacted and quoted as the goal.
    text = compacted_once(history, protect_first_n=0)
    # A short first message is written once, as its statements, not quoted again as the goal.
    sections = parse_sections(text)
    assert "Goal" not in sections
    assert any("Fix the flaky login test" in item for item in sections["Constraints & Preferences"])
    assert "port 1111" not in text
    assert "port 2222" in text


def test_the_goal_in_the_head_is_pointed_to_not_copied() -> None:
    history = transcript({2: "Use port 1111 for the admin endpoint."})
    text = compacted_once(history)
    goal = "\n".join(parse_sections(text)["Goal"])
    assert TASK not in goal  # it is verbatim in the head already
    assert "port 1111" not in goal  # the span's first user message is not the goal


def test_a_value_the_tail_supersedes_is_not_carried() -> None:
    history = transcript(
        {
            2: "Use port 1111 for the admin endpoint.",
            13: "Actually, use port 2222 for the admin endpoint from now on.",
        }
    )
    result = engine().compress(history, force=True)
    (text,) = checkpoints(result.messages)
    assert "port 1111" not in text
    # the update itself is still raw in the tail
    assert any("port 2222" in message_text(m) for m in result.messages if not is_summary(m))


def test_naming_a_change_is_not_an_update() -> None:
    # "the change to ..." names a change; "change it to ..." makes one (tau-bench airline 7-0).
    preference = "I prefer aisle seats on the new flights."
    ledger = extract_ledger(
        [
            user(preference),
            user("Yes, please proceed with the change to the new flights."),
            user("Actually, change it to window seats on the new flights."),
        ]
    )
    texts = [c.text for c in ledger.constraints]
    assert "Actually, change it to window seats on the new flights." in texts
    assert [c.text for c in ledger.superseded] == [preference]
    proceed = "Yes, please proceed with the change to the new flights."
    kept = extract_ledger([user(preference), user(proceed)])
    assert [c.text for c in kept.constraints] == [preference, proceed]
    assert kept.superseded == ()
