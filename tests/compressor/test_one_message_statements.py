"""Statements of one message are a list, not revisions of each other.

A person's update lists several things at once ("Longer term, we want to retire the last of
the EC2-based services. ... please pick up SEC-1061: rotate the service's credentials and move
them to Vault."). A later sentence of it revises an earlier one only when it corrects itself
("Use tabs. Actually, use spaces.") or speaks of the same thing in more than one word: a wide
cue of a revision ("move them to", "rotate") and one word in common ("service") are not
enough, and every sentence stays in the record.
"""

from __future__ import annotations

import random

from packlight.compressor.ledger import extract_ledger

PLANS = (
    "Longer term, we want to retire the last of the {a} {noun}s.",
    "Eventually we'd like to consolidate the {a} {noun}s into one.",
    "By next year the {a} {noun}s should all be gone.",
)
ORDERS = (
    "For you specifically, please pick up {ticket}: rotate the {b} {noun} credentials and "
    "move them to Vault.",
    "Please take {ticket}: move the {b} {noun} config to the new cluster.",
    "Your part is {ticket}: switch the {b} {noun} to the managed queue.",
)
NOUNS = ("service", "database", "worker", "pipeline")
KINDS = ("EC2-based", "legacy", "on-prem", "Python 2")
OWNERS = ("reporting", "billing", "search", "ingest")


def _conversation(text: str) -> list[dict[str, str]]:
    return [
        {"role": "user", "content": "Fix the flaky retry test in the scheduler."},
        {"role": "assistant", "content": "On it."},
        {"role": "user", "content": text},
        {"role": "assistant", "content": "Understood."},
    ]


def test_a_sentence_with_one_word_in_common_revises_nothing_in_its_own_message() -> None:
    rng = random.Random(23)
    for _ in range(30):
        noun = rng.choice(NOUNS)
        plan = rng.choice(PLANS).format(a=rng.choice(KINDS), noun=noun)
        order = rng.choice(ORDERS).format(
            ticket=f"SEC-{rng.randint(100, 9999)}", b=rng.choice(OWNERS), noun=noun
        )
        text = f"Hi,\n\nA few decisions were made:\n\n- {plan}\n\n{order}"
        ledger = extract_ledger(_conversation(text))
        assert not [c.text for c in ledger.superseded if plan in c.text], text


def test_a_sentence_that_corrects_itself_still_revises_its_own_message() -> None:
    rng = random.Random(29)
    for _ in range(20):
        first, second = rng.sample(["tabs", "two spaces", "four spaces"], 2)
        said = f"Indent the new module with {first}."
        correction = rng.choice(["Actually", "On second thought"])
        text = f"{said} {correction}, indent the new module with {second}."
        ledger = extract_ledger(_conversation(text))
        assert [c.text for c in ledger.superseded] == [said], text
