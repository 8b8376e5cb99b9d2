"""Counting exactly only what can be sent whole: texts over the window are estimated, the rest
is exact, and the compaction's decisions come out as they would with exact counts."""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from packlight import ContextCompressor
from packlight.token_bounds import WindowBoundedCounter, bounded_by_window, window_bound_of
from packlight.tokens import CalibratedCounter, EstimateCounter, ExactCounter

EXACT = ExactCounter("o200k_base")


def mixed_log(seed: int, lines: int) -> str:
    """A long tool output whose kind of lines changes as it goes, as real logs do: prose,
    comma-separated numbers, base64 blobs and code, in runs of varying length."""
    rng = random.Random(seed)
    words = ["request", "timeout", "header", "session", "adapter", "retry", "proxy", "cookie"]
    kinds = [
        lambda: " ".join(rng.choice(words) for _ in range(rng.randint(4, 14))),
        lambda: ",".join(str(rng.randint(0, 9999)) for _ in range(rng.randint(8, 30))),
        lambda: "".join(rng.choice(string.ascii_letters + "+/") for _ in range(64)),
        lambda: f"    def {rng.choice(words)}_{rng.randint(1, 99)}(self, value):  # {rng.random()}",
    ]
    out: list[str] = []
    while len(out) < lines:
        make = rng.choice(kinds)
        out.extend(make() for _ in range(rng.randint(50, 400)))
    return "\n".join(out[:lines])


@pytest.mark.parametrize("seed", range(4))
def test_a_text_over_the_window_is_estimated_closely_and_over_the_window(seed: int) -> None:
    text = mixed_log(seed, 12_000)
    exact = EXACT.count_text(text)
    window = random.Random(seed).choice([2_000, 4_000, 8_192])
    bounded = WindowBoundedCounter(EXACT, window)
    estimate = bounded.count_text(text)
    assert exact > window  # the case this is for
    assert estimate > window
    assert abs(estimate - exact) / exact < 0.05, (estimate, exact)
    assert bounded.was_estimated(text)
    assert bounded.estimated == 1
    assert bounded.count_text(text) == estimate  # remembered, not estimated again
    assert bounded.estimated == 1


class RecordingCounter:
    """The exact counter, noting how many characters it was asked to count."""

    name = EXACT.name

    def __init__(self) -> None:
        self.characters = 0

    def count_text(self, text: str) -> int:
        self.characters += len(text)
        return EXACT.count_text(text)


@pytest.mark.parametrize("seed", range(3))
def test_a_text_far_over_the_window_stops_counting_once_its_parts_are_over_it(seed: int) -> None:
    # Comma-separated numbers and base64 spend few characters per token: a third of the
    # parts is already over the window, and the rest need not be counted. The estimate is
    # looser than from all the parts (this log's runs of four kinds of line differ threefold
    # in density; the shared sessions' real logs are within 1-4%), and only a report reads it.
    text = mixed_log(seed, 30_000)
    window = random.Random(seed).choice([2_000, 4_000])
    recording = RecordingCounter()
    bounded = WindowBoundedCounter(recording, window)
    estimate = bounded.count_text(text)
    exact = EXACT.count_text(text)
    assert estimate > window
    assert abs(estimate - exact) / exact < 0.2, (estimate, exact)
    assert 0 < recording.characters < bounded.prefix_chars * 0.6


def test_prose_far_over_the_window_is_estimated_from_more_parts() -> None:
    # English prose spends about four characters a token: sixteen parts are not yet over
    # the window, so more are counted before the estimate is made.
    rng = random.Random(3)
    words = ["the", "adapter", "retries", "when", "a", "proxy", "drops", "cookies", "quietly"]
    text = "\n".join(" ".join(rng.choice(words) for _ in range(12)) for _ in range(9_000))
    recording = RecordingCounter()
    bounded = WindowBoundedCounter(recording, 2_000)
    estimate = bounded.count_text(text)
    assert estimate > 2_000
    assert abs(estimate - EXACT.count_text(text)) / EXACT.count_text(text) < 0.05
    assert recording.characters > bounded.prefix_chars * 0.3


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=3_000), st.integers(min_value=50, max_value=2_000))
def test_a_text_that_could_fit_is_counted_exactly(text: str, window: int) -> None:
    bounded = WindowBoundedCounter(EXACT, window)
    count = bounded.count_text(text)
    if count <= window or len(text) <= bounded.prefix_chars:
        assert count == EXACT.count_text(text)
        assert not bounded.was_estimated(text)


def test_dense_text_whose_parts_fit_is_counted_whole() -> None:
    # A long run of one character packs many characters into a token: the counted parts are
    # under the window, so the text might fit and is counted exactly.
    text = " " * 50_000 + "\n" + "a" * 50_000
    bounded = WindowBoundedCounter(EXACT, 2_000)
    assert bounded.count_text(text) == EXACT.count_text(text)
    assert not bounded.was_estimated(text)


def test_bounding_keeps_calibration_and_leaves_the_estimate_alone() -> None:
    calibrated = CalibratedCounter(base=EXACT)
    wrapped = bounded_by_window(calibrated, 8_000)
    assert isinstance(wrapped, CalibratedCounter)
    assert wrapped.calibration is calibrated.calibration
    assert isinstance(window_bound_of(wrapped), WindowBoundedCounter)
    estimate = EstimateCounter()
    assert bounded_by_window(estimate, 8_000) is estimate
    with pytest.raises(ValueError, match="positive"):
        WindowBoundedCounter(EXACT, 0)


def test_a_compaction_with_a_giant_output_reports_the_estimate_and_fits() -> None:
    giant = mixed_log(7, 20_000)
    messages = [
        {"role": "system", "content": "You fix bugs."},
        {"role": "user", "content": "Find why the proxy test fails."},
    ]
    for turn in range(6):
        call = {
            "id": f"call_{turn}",
            "type": "function",
            "function": {"name": "bash", "arguments": f'{{"command": "cat log_{turn}.txt"}}'},
        }
        messages.append({"role": "assistant", "content": "", "tool_calls": [call]})
        body = giant if turn == 2 else f"line {turn}\n" * 40
        messages.append({"role": "tool", "tool_call_id": f"call_{turn}", "content": body})
    messages.append({"role": "user", "content": "Now summarise what you found."})
    engine = ContextCompressor(model="gpt-4o", context_window=8_192)
    result = engine.compress(messages, force=True)
    exact_before = sum(
        ContextCompressor(model="gpt-4o", context_window=10**9).counter.messages(messages)
    )
    assert result.compacted
    assert result.fits
    boundaries = next(stage for stage in result.stages if stage.name == "boundaries")
    assert boundaries.details["estimated_messages"] == 1
    assert abs(result.before_tokens - exact_before) / exact_before < 0.05
    # What is sent is counted exactly.
    assert result.after_tokens == engine.counter.request(result.messages)
    assert result.after_tokens < 8_192
