"""A long human message (an issue pasted whole, a log, a document) is read by its opening and
its close, where a person says what to do with the work in progress: words of stopping or
switching inside the pasted document are the document's, not an instruction, while a switch
said before or after it is read as one."""

from __future__ import annotations

import random

import pytest

from packlight.compressor.tasks import read_turn

IN_FORCE = [
    "Fix the failing date parsing in the invoice importer.",
    "Tidy up the onboarding checklist for new volunteers.",
    "Profile the nightly export job and make it faster.",
]
# Sentences of a document a person may paste: a bug report, a log, minutes, a changelog.
DOCUMENT_LINES = [
    "The worker {verb} the queue after {n} retries and logs a warning.",
    "Steps to reproduce: open the settings page, change the locale, save.",
    "{n} records were skipped because the header row was missing.",
    "Expected the totals to match the ledger; got a difference of {n} cents.",
    "At {n}:00 the scheduler {verb} the batch and restarted it with a smaller window.",
    "The committee {verb} the old policy and asked for a draft by the next meeting.",
    'Traceback (most recent call last): File "importer.py", line {n}, in parse_row',
    "- bumped the parser to {n}.2 and removed the deprecated flag",
]
# Words of stopping that belong to the pasted document, not to the person.
DOCUMENT_VERBS = ["stops", "cancels", "drops", "abandons", "pauses", "halts"]
BURIED_HALTS = [
    "Stop working on the {task} and drop it entirely.",
    "Forget the {task}, cancel it.",
    "Put the {task} on hold for now.",
]
TASK_NAMES = ["date parsing", "onboarding checklist", "export job"]
CLOSING_SWITCHES = [
    "Stop working on the {task}. Instead, write a summary of the incident above in NOTES.md.",
    "Drop the {task} for now; please triage the incident above instead.",
    "Forget about the {task}. Could you draft a reply to the reporter of the issue above?",
]


def document(rng: random.Random, lines: int) -> str:
    picked = [
        rng.choice(DOCUMENT_LINES).format(verb=rng.choice(DOCUMENT_VERBS), n=rng.randint(2, 99))
        for _ in range(lines)
    ]
    return "\n".join(picked)


def long_message(rng: random.Random, middle: str = "", close: str = "") -> str:
    """A pasted document of several thousand characters, with ``middle`` inside it and
    ``close`` after it."""
    before = document(rng, rng.randint(40, 60))
    after = document(rng, rng.randint(40, 60))
    lead = rng.choice(["Here is the report we got this morning:", "FYI, the log:", ""])
    text = f"{lead}\n\n{before}\n{middle}\n{after}"
    return f"{text}\n\n{close}" if close else text


@pytest.mark.parametrize("seed", range(12))
def test_a_halt_inside_a_pasted_document_halts_nothing(seed: int) -> None:
    rng = random.Random(seed)
    which = rng.randrange(len(IN_FORCE))
    halt = rng.choice(BURIED_HALTS).format(task=TASK_NAMES[which])
    text = long_message(rng, middle=halt)
    assert len(text) > 4_000
    reading = read_turn(text, in_force=[IN_FORCE[which]])
    assert reading.kind not in ("stop", "switch"), (reading, halt)


@pytest.mark.parametrize("seed", range(12))
def test_a_switch_after_a_pasted_document_is_read(seed: int) -> None:
    rng = random.Random(seed)
    which = rng.randrange(len(IN_FORCE))
    close = rng.choice(CLOSING_SWITCHES).format(task=TASK_NAMES[which])
    text = long_message(rng, close=close)
    assert len(text) > 4_000
    reading = read_turn(text, in_force=[IN_FORCE[which]])
    assert reading.kind == "switch", (reading, close)
    assert reading.halted == (0,)


@pytest.mark.parametrize("seed", range(6))
def test_a_switch_before_a_pasted_document_is_read(seed: int) -> None:
    rng = random.Random(seed)
    which = rng.randrange(len(IN_FORCE))
    opening = rng.choice(CLOSING_SWITCHES).format(task=TASK_NAMES[which])
    text = f"{opening}\n\n{long_message(rng)}"
    reading = read_turn(text, in_force=[IN_FORCE[which]])
    assert reading.kind == "switch", (reading, opening)
