"""Exact counts of texts that share most of their lines, each line counted once.

A checkpoint is fitted to its budget by laying it out again after each cut and counting the
whole text: a 4,000-message transcript's checkpoint was laid out and counted 143 times, 13,000
characters each, one item more or less each time. :class:`LineMemoCounter` counts such a text
as the sum of its pieces, and a piece it has counted before is a dictionary lookup.

Why the sum is exact: every bundled encoding (o200k and o200k_harmony, cl100k, llama3, qwen3)
first splits a text into pre-tokens with a regular expression and merges bytes only inside a
pre-token, so a text's tokens are the sum of its pre-tokens' tokens. A line break ends its
pre-token unless what follows it is more whitespace (runs of blank space are one pre-token) or,
in o200k, a ``/`` (punctuation takes the line breaks and slashes after it); no pre-token starts
with a line break and then holds a letter or a digit. So a text cut right after each line
break that a letter, a digit or a printable ASCII sign other than a space or ``/`` follows is
cut between pre-tokens, and its pieces add up to it (``tests/test_token_lines.py`` checks
this for every encoding on generated texts of the awkward kinds: blank lines, leading spaces,
slashes, punctuation at the end of a line, digits, other scripts).

Only an exact count adds up: estimates and calibrated counts are asked for the whole text.
"""

from __future__ import annotations

from packlight.token_bounds import WindowBoundedCounter
from packlight.tokens import ExactCounter, TokenCounter

__all__ = ["LineMemoCounter"]

_MIN_CHARS = 2_000
"""Shorter texts are counted whole: cutting them costs more than the count."""

_MAX_PIECES = 20_000
"""Pieces remembered by one counter (a checkpoint has a few hundred lines)."""


class LineMemoCounter:
    """``counter``'s counts, with a long text of an exact counter counted piece by piece and
    each piece remembered: texts that differ in a few lines cost those lines."""

    def __init__(self, counter: TokenCounter) -> None:
        self.counter = counter
        self._pieces: dict[str, int] = {}

    @property
    def name(self) -> str:
        return self.counter.name

    def count_text(self, text: str) -> int:
        exact = _exact_counter(self.counter, text)
        if exact is None or len(text) < _MIN_CHARS:
            return self.counter.count_text(text)
        lines = text.split("\n")
        total = 0
        start = 0
        for number in range(1, len(lines)):
            if _starts_a_piece(lines[number]):
                total += self._piece(exact, "\n".join(lines[start:number]) + "\n")
                start = number
        return total + self._piece(exact, "\n".join(lines[start:]))

    def _piece(self, exact: ExactCounter, piece: str) -> int:
        known = self._pieces.get(piece)
        if known is None:
            known = exact.count_text(piece)
            if len(self._pieces) >= _MAX_PIECES:
                self._pieces.clear()
            self._pieces[piece] = known
        return known


def _starts_a_piece(line: str) -> bool:
    """Whether a line break before ``line`` ends its pre-token: the line starts with a letter,
    a digit or a printable ASCII sign other than a space or ``/`` (no other character is
    trusted to be outside every tokenizer's idea of whitespace)."""
    if not line:
        return False
    first = line[0]
    if first.isascii():
        return first.isprintable() and first not in " /"
    return first.isalnum()


def _exact_counter(counter: TokenCounter, text: str) -> ExactCounter | None:
    """The exact counter that counts ``text`` for ``counter``, or ``None`` when ``counter``
    estimates it (an estimate of the parts need not add up to the estimate of the whole)."""
    if isinstance(counter, ExactCounter):
        return counter
    if (
        isinstance(counter, WindowBoundedCounter)
        and isinstance(counter.base, ExactCounter)
        and len(text) <= counter.prefix_chars
    ):
        return counter.base
    return None
