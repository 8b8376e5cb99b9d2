"""The checkpoint's critical identifiers: tooling noise out, one name per file, ranked,
capped by the budget, every one written in the checkpoint, the rest archived."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from packlight.budget import (
    MAX_CRITICAL_IDENTIFIERS,
    MIN_CRITICAL_IDENTIFIERS,
    checkpoint_token_budget,
    critical_identifier_limit,
)
from packlight.compressor.checkpoint import parse_sections, render_checkpoint
from packlight.compressor.engine import ContextCompressor
from packlight.compressor.identifiers import Identifier
from packlight.compressor.ledger import Ledger, extract_ledger, merge_ledgers
from packlight.messages import is_summary, message_text, packlight_meta
from packlight.tokens import ExactCounter
from tests.compressor.test_ledger import bash, call, result, say, user
from tests.conftest import iter_shared_sessions

Msg = dict[str, Any]


def values(ledger: Ledger) -> list[str]:
    return [i.value for i in ledger.identifiers]


# ------------------------------------------------------------------------------ noise


def test_tooling_noise_is_not_critical() -> None:
    span = [
        user("Fix the timezone handling."),
        *bash(
            "c1",
            "git diff",
            "diff --git a/check_timezone.py b/check_timezone.py\n"
            "--- /dev/null\n+++ b/check_timezone.py\n"
            "grep found /def and /import in s/FROM_TZ and conn.create_function/ here\n",
        ),
        *bash(
            "c2",
            "python check_timezone.py",
            "Traceback (most recent call last):\n"
            '  File "/opt/miniconda3/envs/testbed/lib/python3.6/unittest/case.py", line 59\n'
            "at 23:50 and 0:00 the query returned 2017-07-06 20:50:00\n",
            1,
        ),
    ]
    ledger = extract_ledger(span)
    kept = values(ledger)
    for noise in (
        "/def",
        "/import",
        "s/FROM_TZ",
        "conn.create_function/",
        "a/check_timezone.py",
        "b/check_timezone.py",
        "/dev/null",
        "/opt/miniconda3/envs/testbed/lib/python3.6/unittest/case.py",
        "23:50",
        "0:00",
    ):
        assert noise not in kept
        assert noise not in [i.value for i in ledger.other_identifiers]
    # the diff's file under its one real name, and the timestamp the agent saw
    assert "check_timezone.py" in kept
    assert "2017-07-06 20:50:00" in kept


def test_what_a_user_states_is_never_noise() -> None:
    span = [
        user("Send the logs to /dev/null and run it at 23:50; compare a/old.py with b/old.py."),
        *bash("c1", "ls", "ok\n"),
    ]
    kept = values(extract_ledger(span))
    assert {"/dev/null", "23:50", "a/old.py", "b/old.py"} <= set(kept)


def test_one_name_per_file() -> None:
    span = [
        user("The bug is in the database backends."),
        *bash("c1", "cat django/db/backends/mysql/operations.py", "def a(): pass\n"),
        say("The helper in operations.py is wrong; compare with base.py."),
        *bash(
            "c2",
            "ls",
            "/testbed/django/db/backends/mysql/operations.py\n"
            "django/db/backends/sqlite3/base.py\ndjango/db/backends/base/base.py\n",
        ),
    ]
    ledger = extract_ledger(span)
    kept = values(ledger)
    # "operations.py" has one longer name and folds into it; "django/db/..." folds into the
    # /testbed path that ends with it (still visible inside it)
    assert "operations.py" not in kept
    assert "/testbed/django/db/backends/mysql/operations.py" in kept
    assert "django/db/backends/mysql/operations.py" not in kept
    # "base.py" could be either of two files: ambiguous shorthand, dropped
    assert "base.py" not in kept
    assert {"django/db/backends/sqlite3/base.py", "django/db/backends/base/base.py"} <= set(kept)


def test_a_date_inside_a_kept_timestamp_is_not_repeated() -> None:
    span = [user("It failed on 2024-05-20, at 2024-05-20 10:15:00 exactly.")]
    kept = values(extract_ledger(span))
    assert "2024-05-20 10:15:00" in kept
    assert "2024-05-20" not in kept


def test_a_user_id_inside_an_email_is_still_its_own_identifier() -> None:
    span = [
        user("My email address is mia_li_3668@example.com."),
        call("c1", "get_user_details", user_id="mia_li_3668"),
        result("c1", "{}"),
    ]
    assert {"mia_li_3668@example.com", "mia_li_3668"} <= set(values(extract_ledger(span)))


# ---------------------------------------------------------------------------- ranking


def test_ranking_user_then_calls_then_assistant_then_outputs() -> None:
    span = [
        call("c1", "get_reservation_details", reservation_id="M05KNL"),
        result("c1", '{"flight_number": "HAT136", "date": "2024-05-20"}'),
        say("Your flight HAT039 is booked."),
        user("My user id is mia_li_3668."),
    ]
    assert values(extract_ledger(span)) == [
        "mia_li_3668",
        "M05KNL",
        "HAT039",
        "HAT136",
        "2024-05-20",
    ]


def test_a_test_output_ranks_only_a_few_dates_first() -> None:
    stamps = "\n".join(f"row {n}: 2024-05-{n:02d} 10:00:00" for n in range(1, 21))
    span = [
        user("Run the tests."),
        *bash("c1", "cat notes", "see src/app.py"),
        *bash("c2", "pytest", stamps),
    ]
    kept = values(extract_ledger(span))
    first_three = [f"2024-05-{n:02d} 10:00:00" for n in (1, 2, 3)]
    # an older output's path outranks the fourth and later dates of one output
    assert kept.index("src/app.py") < kept.index("2024-05-04 10:00:00")
    assert all(kept.index(d) < kept.index("src/app.py") for d in first_three)


def test_the_cap_keeps_the_most_important_and_archives_the_rest() -> None:
    outputs = "\n".join(f"src/module_{n}/file.py" for n in range(300))
    span = [
        user("Please look at ISSUE-4242 first."),
        *bash("c1", "find src", outputs),
    ]
    ledger = extract_ledger(span)
    assert ledger.identifiers[0].value == "ISSUE-4242"
    assert len(ledger.identifiers) <= MAX_CRITICAL_IDENTIFIERS
    critical = set(values(ledger))
    assert not critical & {i.value for i in ledger.other_identifiers}


def test_merge_ranks_both_ledgers_as_one() -> None:
    older = extract_ledger([user("The ticket is ISSUE-77."), *bash("c1", "ls", "x.py\n")])
    newer = extract_ledger(
        [say("Checked."), *bash("c2", "ls", "\n".join(f"pkg/m{n}.py" for n in range(8)))]
    )
    merged = merge_ledgers(older, newer)
    assert merged.identifiers[0] == Identifier("issue", "ISSUE-77", "user")
    assert len(merged.identifiers) <= MAX_CRITICAL_IDENTIFIERS
    everything = {i.value for i in (*merged.identifiers, *merged.other_identifiers)}
    assert {"ISSUE-77", "x.py", "pkg/m0.py", "pkg/m7.py"} <= everything


def test_sources_and_other_identifiers_survive_json() -> None:
    span = [user("See ISSUE-9."), say("\n".join(f"a{n}/b.py" for n in range(90)))]
    ledger = extract_ledger(span)
    assert ledger.other_identifiers
    data = json.loads(json.dumps(ledger.to_json()))
    assert data["identifiers"][0] == {"kind": "issue", "value": "ISSUE-9", "source": "user"}
    assert Ledger.from_json(data) == ledger
    # a ledger stored before sources were recorded still reads
    old = Ledger.from_json({"identifiers": [{"kind": "path", "value": "x.py"}]})
    assert old.identifiers == (Identifier("path", "x.py"),)


# -------------------------------------------------------------------------- rendering


def test_every_identifier_is_written_compactly_by_kind() -> None:
    identifiers = (
        Identifier("path", "src/app.py", "call"),
        Identifier("issue", "PR #12", "user"),
        Identifier("path", "tests/test_app.py", "call"),
        Identifier("url", "https://example.com/a", "assistant"),
    )
    counter = ExactCounter()
    rendered = render_checkpoint(Ledger(identifiers=identifiers), counter=counter, token_budget=200)
    items = parse_sections(rendered.text)["Critical Identifiers"]
    # required: written whenever the hard budget holds them (a budget of 1 now yields only the
    # shortest frame, see tests/compressor/test_checkpoint_budget.py)
    assert items == [
        "paths: `src/app.py`, `tests/test_app.py`",
        "issues: `PR #12`",
        "URLs: `https://example.com/a`",
    ]


def test_an_identifier_written_elsewhere_is_not_repeated() -> None:
    ledger = Ledger(
        files_modified=("src/app.py",),
        identifiers=(Identifier("path", "src/app.py", "file"), Identifier("hash", "3f2a9c1")),
    )
    text = render_checkpoint(ledger, counter=ExactCounter(), token_budget=2_000).text
    assert text.count("src/app.py") == 1
    assert parse_sections(text)["Critical Identifiers"] == ["hashes: `3f2a9c1`"]


# ------------------------------------------------------------------------------ budget


def test_budget_floor_and_identifier_limit() -> None:
    assert checkpoint_token_budget(100_000, 32_000) == 1_600  # the window ceiling
    assert checkpoint_token_budget(5_000, 8_000) == 640  # the floor wins over 5% (400)
    assert checkpoint_token_budget(5_000, 4_000) == 400  # the floor is at most 10%
    assert critical_identifier_limit(1_600) == MAX_CRITICAL_IDENTIFIERS
    assert critical_identifier_limit(640) == 21
    assert critical_identifier_limit(10) == MIN_CRITICAL_IDENTIFIERS


def _busy_session() -> list[Msg]:
    """A long agent session rich in identifiers of every source."""
    messages: list[Msg] = [
        {"role": "system", "content": "You are a coding agent."},
        user("Fix ISSUE-1234 (see https://tracker.example.com/ISSUE-1234) before 2024-06-01."),
    ]
    for n in range(60):
        output = "\n".join(
            [
                f"src/pkg_{n}/module_{n}.py:10: error E{500 + n}",
                f"commit {n:07x}abcdef",
                f"at 12:{n % 60:02d} on 2024-05-{1 + n % 28:02d} 10:00:00",
                "x" * 1_500,
            ]
        )
        messages += bash(f"c{n}", f"python -m pytest tests/test_{n}.py", output, n % 2)
        messages.append(say(f"Step {n}: looked at src/pkg_{n}/module_{n}.py."))
        if n == 30:
            messages.append(user("Also keep PR #77 in mind."))
    messages.append(user("Now finish it, please."))
    return messages


@pytest.mark.parametrize("window", [8_000, 32_000])
def test_the_engine_checkpoint_carries_every_ledger_identifier_within_budget(
    window: int,
) -> None:
    result = ContextCompressor(model="gpt-4o", context_window=window).compress(
        _busy_session(), force=True
    )
    checkpoint = next(m for m in result.messages if is_summary(m))
    ledger = packlight_meta(checkpoint)["ledger"]
    text = message_text(checkpoint)
    identifiers = [item["value"] for item in ledger["identifiers"]]
    assert identifiers
    assert [v for v in identifiers if v not in text] == []
    assert identifiers[0] == "PR #77"  # what the user said in the span ranks first
    assert ledger["other_identifiers"]  # the rest is archived with the ledger
    stage = next(s for s in result.stages if s.name == "checkpoint")
    assert stage.details["tokens"] <= 1.10 * stage.details["budget"]
    assert result.fits


@pytest.mark.shared_data
@pytest.mark.slow
def test_every_ledger_identifier_is_in_the_checkpoint_on_real_sessions(
    shared_data: Path,
) -> None:
    failures: list[str] = []
    for name, session in iter_shared_sessions(shared_data):
        window = 8_000 if name.startswith("tau-bench") else 32_000
        result = ContextCompressor(model="gpt-4o", context_window=window).compress(
            session["messages"], force=True
        )
        checkpoint = next((m for m in result.messages if is_summary(m)), None)
        if checkpoint is None:
            continue
        text = message_text(checkpoint)
        missing = [
            i["value"]
            for i in packlight_meta(checkpoint)["ledger"]["identifiers"]
            if i["value"] not in text
        ]
        if missing:
            failures.append(f"{name}: {missing[:5]}")
        stage = next(s for s in result.stages if s.name == "checkpoint")
        # Optional items leave when the rendered text is over; only required content may
        # overshoot, and the target allows it a tenth of the budget.
        slack = 1.10
        if stage.details["tokens"] > slack * stage.details["budget"]:
            failures.append(f"{name}: {stage.details['tokens']} > {stage.details['budget']}")
    assert not failures, failures[:20]
