"""Under a tight checkpoint budget a statement is cut to the sentences up to the one holding
its value before any statement is dropped whole: "Keep the kitchen under $9,250. The boiler
died last week, so ..." keeps "Keep the kitchen under $9,250." and every value survives where
dropping whole statements would lose some. A statement whose value is in words, that holds a
second value in a later sentence, or whose later sentence binds ("Never exceed it without
approval.") is never cut short.

Subjects, values and reasons are drawn at random from lists, so that no test depends on one
phrasing.
"""

from __future__ import annotations

import random

import pytest

from packlight.compressor.checkpoint import statement_core
from tests.compressor.statement_chats import checkpoint_at, statement_chat

SUBJECTS = [
    "the kitchen refit", "the garden shed", "the school trip", "the team offsite",
    "the bathroom tiles", "the conference booth", "the new laptops", "the summer party",
    "the van repair", "the website redesign", "the print run", "the catering order",
]  # fmt: skip
OPENINGS = ["Keep {s} under ${v:,}.", "{S} must not cost more than ${v:,}.", "Cap {s} at ${v:,}."]
REASONS = [
    "The boiler died last week and money has been tight ever since, so please be strict.",
    "We promised the board we would show restraint this quarter after the last overspend.",
    "My partner and I went through the accounts twice on Sunday evening and agreed on it.",
    "It came out of a long conversation with the finance office about this year's plans.",
]


def _statement(rng: random.Random, subject: str, value: int) -> str:
    opening = rng.choice(OPENINGS).format(s=subject, S=subject[0].upper() + subject[1:], v=value)
    return f"{opening} {rng.choice(REASONS)}"


@pytest.mark.parametrize("seed", range(6))
def test_every_value_survives_a_budget_that_holds_only_the_cores(seed: int) -> None:
    rng = random.Random(seed)
    subjects = rng.sample(SUBJECTS, 9)
    values = rng.sample(range(1_000, 90_000, 250), len(subjects))
    said = [_statement(rng, s, v) for s, v in zip(subjects, values, strict=True)]
    chat = statement_chat("You are a helpful assistant.", said, "What should I do next?")
    whole = sum(len(text) for text in said)
    text = checkpoint_at(chat, whole * 2 // 3)
    assert len(text) <= whole * 2 // 3
    for value in values:
        assert f"${value:,}" in text


def test_a_value_in_words_a_second_value_or_a_binding_follow_on_keeps_it_whole() -> None:
    in_words = "Dress code for the dinner is lounge suits. Ties optional for the speakers."
    two = "Keep the kitchen under $9,250. The bathroom gets $4,000 on top."
    binding = "Project spending must stay below $900. Never exceed it without approval."
    assert statement_core(in_words) == in_words
    assert statement_core(two) == two
    assert statement_core(binding) == binding  # a follow-on that binds stays with it
    assert statement_core("Keep it under $900. We said so.") == "Keep it under $900."
    assert (
        statement_core("Dad gets insulin with dinner. Never more than 11 units. Be careful.")
        == "Dad gets insulin with dinner. Never more than 11 units."
    )
