"""Mistyped cue words are spelt right before a person's message is read: one swapped, missing
or extra letter inside "continue", "leave", "before" ... no longer hides a return or a halt.
Other words, and words of their own one letter away from a cue, are left alone.

The slips are generated from the cue words themselves, and the messages from lists of parts,
so that no test depends on one typo or one phrasing.
"""

from __future__ import annotations

import random

import pytest

from packlight.compressor.spelling import CUE_WORDS, corrected
from packlight.compressor.tasks import read_turn
from tests.compressor.named_tasks import NAMED_TASKS


def slip(word: str, rng: random.Random) -> str:
    """``word`` with one slip a fast typist makes inside it: two neighbouring letters swapped,
    or (in a long word) one letter doubled."""
    at = rng.randrange(1, len(word) - 1)
    if len(word) >= 5 and rng.random() < 0.5:
        return word[:at] + word[at] + word[at:]
    return word[:at] + word[at + 1] + word[at] + word[at + 2 :]


@pytest.mark.parametrize("seed", range(30))
def test_a_slip_inside_a_cue_word_is_spelt_right(seed: int) -> None:
    rng = random.Random(seed)
    word = rng.choice(sorted(w for w in CUE_WORDS if len(set(w[1:-1])) > 1))
    typed = slip(word, rng)
    while typed == word:
        typed = slip(word, rng)
    before, after = rng.choice([("ok ", " please"), ("", "."), ("so we ", " now")])
    assert corrected(f"{before}{typed}{after}") == f"{before}{word}{after}"
    assert corrected(typed.upper()) == word.upper()
    assert corrected(typed.capitalize()) == word.capitalize()


@pytest.mark.parametrize(
    "text",
    [
        # Inflections, and words of their own one letter away from a cue word.
        "The leaves returns switches forge pleas latter witch scarp",
        "I'd rather the other team went first; nothing is done yet.",
        "PR #2207 touches PricingGrid.tsx and sync_mirror.py",
        "",
    ],
)
def test_words_of_their_own_are_left_alone(text: str) -> None:
    assert corrected(text) is text


def test_correcting_twice_changes_nothing_more() -> None:
    rng = random.Random(7)
    words = sorted(CUE_WORDS)
    text = " ".join(slip(rng.choice(words), rng) for _ in range(200))
    once = corrected(text)
    assert corrected(once) == once


RETURNS = [
    "can we continue {name} now?",
    "ok, where did we leave {name}?",
    "now the thing from before: {name}",
    "{name} again please",
]
HALTS = ["Please pause {name} for now.", "let's leave {name} for later", "{name} can wait."]


def _typo_of(message: str, rng: random.Random) -> str:
    """``message`` with a slip in each of its cue words of four letters or more."""
    words = message.split(" ")
    for index, word in enumerate(words):
        bare = word.strip(".,?:!").lower()
        if bare in CUE_WORDS and len(bare) >= 4 and len(set(bare[1:-1])) > 1:
            typed = slip(bare, rng)
            words[index] = word.replace(bare, typed) if typed != bare else word
    return " ".join(words)


@pytest.mark.parametrize("seed", range(16))
def test_a_return_typed_with_slips_reads_as_it_does_spelt_right(seed: int) -> None:
    rng = random.Random(seed)
    stopped, current = rng.sample(NAMED_TASKS, 2)
    message = rng.choice(RETURNS).format(name=stopped[1])
    typed = _typo_of(message, rng)
    assert typed != message
    right = read_turn(message, in_force=[current[0]], set_aside=[stopped[0]])
    slipped = read_turn(typed, in_force=[current[0]], set_aside=[stopped[0]])
    assert slipped == right, (message, typed)


@pytest.mark.parametrize("seed", range(12))
def test_a_halt_typed_with_slips_reads_as_the_same_halt(seed: int) -> None:
    rng = random.Random(seed)
    task, name = rng.choice(NAMED_TASKS)
    message = rng.choice(HALTS).format(name=name)
    typed = _typo_of(message, rng)
    assert typed != message
    right = read_turn(message, in_force=[task])
    slipped = read_turn(typed, in_force=[task])
    assert right.kind == "stop", message
    assert slipped.kind == "stop", typed
