"""The words a person uses to steer the work, spelt right where they were mistyped.

People type fast to an agent: "can we cnotinue the Kyoto work now?", "where did we laeve the
grafana work?", "the thing from bfore". The turn reader's cues are words ("continue",
"leave", "before"), and one swapped or missing letter hides them. :func:`corrected` puts back
the cue words of :data:`CUE_WORDS` that are one slip away from what was typed: two neighbouring
letters swapped, one letter left out or one doubled or added inside the word. Other words are
left alone: a slip of an arbitrary word cannot be told from a name.

What counts as a slip is kept narrow, so that a real word is never read as a cue: the first
letter is never part of one (a dropped first letter of "switch" is "witch"), a letter left out
only inside a cue of six letters or more (a dropped last letter makes words: "forge",
"pleas"), a letter added only inside the word (an added last letter is most often an
inflection: "leaves", "returns"), and the forms that are words of
their own (:data:`_REAL_WORDS`: "latter" is no "later") are never corrected.

Pure: no I/O, the table built once on first use.
"""

from __future__ import annotations

import functools
import re

from packlight.compressor.vocabulary import word_set

CUE_WORDS = word_set(
    """
        continue continuing resume resuming return returning before again leave leaving
        instead cancel cancelled canceled forget forgot pause paused switch switching finish
        finished priority priorities urgent actually anymore later earlier where going
        working please ahead other rather focus shelve defer postpone postponed never first
        meantime meanwhile something important thing stuff still another different
        hold stop back park wait left done drop mind pick
        """
)
"""Words the turn reader's cues are made of, whose slips :func:`corrected` puts right."""

_REAL_WORDS = word_set(
    """
        latter scarp goring prioritizes prioritises
        """
)
"""Forms one slip away from a cue word that are words of their own (or read as such)."""

_SHORT = 5
"""A cue word shorter than this is corrected only where two of its letters were swapped."""
_DROPPED_FROM = 6
"""A cue word is read into a form missing one of its letters only when it is this long."""

_WORD = re.compile(r"[A-Za-z]{4,}")
"""A run of letters long enough to hold a cue word (the shortest have four)."""


@functools.cache
def _slips() -> dict[str, str]:
    """The forms with two neighbouring letters of a cue word swapped, or one letter of a long
    cue word left out (see the module's docstring), to that word. A letter added is looked
    for as each word is read (:func:`_with_letter_added`): those forms are too many to list."""
    table: dict[str, str] = {}

    def add(form: str, cue: str) -> None:
        if form in CUE_WORDS or form in _REAL_WORDS:
            return
        # A form two cue words share is read as neither.
        table[form] = cue if table.get(form, cue) == cue else ""

    for cue in sorted(CUE_WORDS):
        for at in range(1, len(cue) - 1):
            swapped = cue[:at] + cue[at + 1] + cue[at] + cue[at + 2 :]
            if swapped != cue:
                add(swapped, cue)
        if len(cue) >= _DROPPED_FROM:
            for at in range(1, len(cue) - 1):
                add(cue[:at] + cue[at + 1 :], cue)
    return {form: cue for form, cue in table.items() if cue}


@functools.cache
def _added_letter_shapes() -> frozenset[tuple[str, str, int]]:
    """First letter, last letter and length of a cue word with a letter added inside: a word
    of another shape needs no closer look."""
    return frozenset((cue[0], cue[-1], len(cue) + 1) for cue in CUE_WORDS if len(cue) >= _SHORT)


def _with_letter_added(word: str) -> str | None:
    """The cue word that ``word`` (lower case) is with one letter added inside, if it is one
    and only one."""
    if (word[0], word[-1], len(word)) not in _added_letter_shapes() or word in _REAL_WORDS:
        return None
    found = {word[:at] + word[at + 1 :] for at in range(1, len(word) - 1)} & CUE_WORDS
    return next(iter(found)) if len(found) == 1 else None


@functools.lru_cache(maxsize=4_096)
def corrected(text: str) -> str:
    """``text`` with each mistyped cue word spelt right, in the case it was typed in (all
    capitals, a capital first letter, or lower case); the same string when none was.
    Memoised: the turn reader, its clause rules and the model each read the same message."""
    slips = _slips()
    # Each distinct word looked at once, and the text rewritten only when one is a slip.
    fixes: dict[str, str] = {}
    for word in set(_WORD.findall(text.lower())) - CUE_WORDS:
        listed, added = slips.get(word), _with_letter_added(word)
        if listed is not None and added is not None and listed != added:
            continue  # a slip of two cue words ("canceleld"): read as neither
        cue = listed or added
        if cue is not None:
            fixes[word] = cue
    if not fixes:
        return text

    def fix(match: re.Match[str]) -> str:
        typed = match.group(0)
        cue = fixes.get(typed.lower())
        if cue is None:
            return typed
        if typed.isupper() and len(typed) > 1:
            return cue.upper()
        return cue.capitalize() if typed[0].isupper() else cue

    return _WORD.sub(fix, text)
