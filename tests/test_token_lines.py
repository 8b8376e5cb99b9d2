"""A text counted piece by piece costs what the whole text costs, for every bundled encoding."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from packlight.token_bounds import WindowBoundedCounter
from packlight.token_lines import LineMemoCounter
from packlight.tokens import CalibratedCounter, EstimateCounter, ExactCounter

# Lines of the kinds that sit at a pre-tokenizer's edges: blank and space-only lines, leading
# spaces and tabs, slashes and punctuation at either end, digits running on, other scripts,
# carriage returns, and a line break's neighbours that Python and a tokenizer may not agree
# are whitespace.
_EDGES = [
    "",
    " ",
    "   ",
    "\t",
    "\r",
    "/",
    "//",
    "- ",
    "1. ",
    "12345",
    "...",
    ")",
    "»",
    "\u00a0",
    "\u2028",
    "\u3000",
    "\u200b",
    "\x1c",
    "\x85",
    "'s",
    "#",
]
_WORDS = ["alpha", "Beta", "don't", "x=1;", "path/to/file.py", "über", "数据", "ok.", "—", "🙂"]


@st.composite
def _line(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.sampled_from(_EDGES + _WORDS), min_size=0, max_size=6))
    return draw(st.sampled_from(["", " "])).join(parts)


@st.composite
def _text(draw: st.DrawFn) -> str:
    lines = draw(st.lists(_line(), min_size=1, max_size=60))
    # Long enough to be counted in pieces.
    filler = draw(st.sampled_from(["- item with some words in it", "## Heading", "plain"]))
    return "\n".join(lines + [filler] * 80 + lines)


@pytest.mark.parametrize("encoding", ExactCounter.ENCODINGS)
@settings(max_examples=60, deadline=None)
@given(texts=st.lists(_text(), min_size=1, max_size=3))
def test_pieces_add_up_to_the_whole_text(encoding: str, texts: list[str]) -> None:
    exact = ExactCounter(encoding)
    counter = LineMemoCounter(exact)
    for text in texts:  # later texts meet pieces the first ones remembered
        assert counter.count_text(text) == exact.count_text(text)


def test_texts_that_differ_in_one_line_are_counted_alike_by_the_window_bounded_counter() -> None:
    bounded = WindowBoundedCounter(ExactCounter(), 32_000)
    counter = LineMemoCounter(bounded)
    lines = [f"- the statement number {n}, said with a value of {n * 7} units." for n in range(90)]
    for dropped in range(0, 90, 9):
        text = "\n".join(lines[:dropped] + lines[dropped + 1 :]) + "\n[end checkpoint]"
        assert counter.count_text(text) == bounded.count_text(text)


def test_estimates_are_asked_for_the_whole_text() -> None:
    text = "\n".join(f"line {n} of a long text" for n in range(400))
    estimate = EstimateCounter()
    assert LineMemoCounter(estimate).count_text(text) == estimate.count_text(text)
    calibrated = CalibratedCounter(ExactCounter())
    calibrated.observe(1_300, 1_000)
    assert LineMemoCounter(calibrated).count_text(text) == calibrated.count_text(text)
    # Over the window, the bounded counter estimates the whole: the pieces are not asked.
    bounded = WindowBoundedCounter(ExactCounter(), 50)
    long_text = text * 3
    assert LineMemoCounter(bounded).count_text(long_text) == bounded.count_text(long_text)


@pytest.mark.parametrize("encoding", ExactCounter.ENCODINGS)
def test_every_pair_of_awkward_line_ends_and_starts_adds_up(encoding: str) -> None:
    exact = ExactCounter(encoding)
    counter = LineMemoCounter(exact)
    ends = [end for end in _EDGES + _WORDS if end]
    body = "\n".join(["- a line of the checkpoint with a few words"] * 60)
    for end in ends:
        for start in _EDGES + _WORDS:
            text = f"{body}\nsome words{end}\n{start}more words\n{body}"
            assert counter.count_text(text) == exact.count_text(text), (end, start)
