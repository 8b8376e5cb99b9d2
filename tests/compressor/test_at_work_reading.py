"""A person who breaks into an agent's autonomous work is read with a lower bar for a change.

While the agent works on its own, a person's message most often stops or redirects the work;
in a chat, a customer's next message most often goes on with the errand. The learned reading
overrules the clause rules at a lower probability at work (``read_turn(at_work=True)``):
generated stops in words the rules were not written for are read as stops more often there,
and generated remarks that change nothing stay remarks.
"""

from __future__ import annotations

import random

from packlight.compressor.turns import read_turn

TASKS = (
    "Fix the failing date parser test: two-digit years are read as the 1900s.",
    "Make the CSV exporter keep the header row when the table is empty.",
    "Add retries with backoff to the webhook sender in notify/send.py.",
    "Migrate the billing cron jobs from the old scheduler to the new queue.",
)
NAMES = (
    "the parser thing",
    "that exporter fix",
    "the webhook retries",
    "this bug",
    "the current fix",
    "the cron migration",
    "what you're on",
)
LEADS = ("", "ok ", "hmm ", "honestly, ", "right, ", "sorry, ")
STOPS = (
    "{n} isn't worth it anymore",
    "we can live without {n}",
    "{n} is a dead end, leave it there",
    "scratch {n}",
    "you know what, {n} can die",
    "turns out we don't need {n} at all",
    "{n} got overtaken by events, so no",
    "let's call it on {n}",
    "{n} is moot now, the client dropped the requirement",
    "no more time on {n} please",
    "{n} can wait indefinitely",
    "put {n} down, we're done with it",
)
REMARKS = (
    "thanks, that output looks right",
    "fyi the logs for {n} are in /var/log/app",
    "the staging box is slow today, don't worry about timeouts",
    "good catch on the off-by-one",
    "ok makes sense",
    "I reran it locally and got the same numbers",
    "the CI runner has python 3.11 by the way",
    "that's the expected behaviour for empty tables",
    "nice, the first two cases pass now",
    "the flaky one is test_roundtrip, it fails about once in ten runs",
)


def _messages(templates: tuple[str, ...], count: int, seed: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [
        (rng.choice(TASKS), rng.choice(LEADS) + rng.choice(templates).format(n=rng.choice(NAMES)))
        for _ in range(count)
    ]


def _halts(task: str, text: str, *, at_work: bool) -> bool:
    return read_turn(text, in_force=[task], at_work=at_work).kind in ("stop", "switch")


def test_at_work_more_stops_in_unknown_words_are_read_and_none_is_lost() -> None:
    said = _messages(STOPS, 300, seed=1)
    idle = [_halts(task, text, at_work=False) for task, text in said]
    working = [_halts(task, text, at_work=True) for task, text in said]
    # Never fewer: a halt read in a chat is read at work too.
    assert all(w for i, w in zip(idle, working, strict=True) if i)
    assert sum(working) > sum(idle)


def test_at_work_remarks_that_change_nothing_stay_remarks() -> None:
    said = _messages(REMARKS, 200, seed=2)
    changed = [
        text
        for task, text in said
        if read_turn(text, in_force=[task], at_work=True).kind
        != read_turn(text, in_force=[task]).kind
    ]
    assert len(changed) <= len(said) // 50, changed


SIDE = "Draft the release notes for version 4.2 from the merged pull requests."
REASONS = (
    "ok the release notes are done and sent round",
    "alright, done with that, the team has the notes now",
    "the notes went out, legal was happy with the wording",
    "that side thing is finished, thanks for the quick turnaround on it",
)
BACKS = (
    "so let's keep going with what we were doing before, same plan as earlier",
    "now back to the earlier work please, pick it up where you left it",
    "you can carry on with the original job now, nothing else changed there",
    "let's pick the other work back up from wherever it was left",
)
QUESTIONS = (
    "is the test still failing?",
    "where are the results?",
    "could you explain what you changed?",
    "does it pass now?",
    "how long will that take?",
    "can you double check the output?",
)


def test_at_work_a_longer_return_is_read_and_a_question_is_none() -> None:
    rng = random.Random(3)
    returns = [
        (rng.choice(TASKS), f"{rng.choice(REASONS)}. {rng.choice(BACKS)}") for _ in range(120)
    ]

    def resumed(task: str, text: str, *, at_work: bool) -> bool:
        reading = read_turn(text, in_force=[SIDE], set_aside=[task], at_work=at_work)
        return reading.kind == "resume"

    idle = [resumed(task, text, at_work=False) for task, text in returns]
    working = [resumed(task, text, at_work=True) for task, text in returns]
    assert all(w for i, w in zip(idle, working, strict=True) if i)
    assert sum(working) > sum(idle)
    # A question about the work in force goes back to nothing, at work or not.
    for task in TASKS:
        for question in QUESTIONS:
            assert not resumed(task, question, at_work=True)
