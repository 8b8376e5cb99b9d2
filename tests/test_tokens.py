from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from packlight.tokens import (
    DEFAULT_IMAGE_TOKENS,
    MESSAGE_OVERHEAD_TOKENS,
    CalibratedCounter,
    Calibration,
    EstimateCounter,
    ExactCounter,
    TranscriptCounter,
    count_message,
    count_tools,
    estimate_text_tokens,
)


def test_exact_counts_match_known_o200k_and_cl100k_values() -> None:
    # Reference counts published for these encodings (tiktoken's own test vectors).
    assert ExactCounter("o200k_base").count_text("hello world") == 2
    assert ExactCounter("cl100k_base").count_text("hello world") == 2
    assert ExactCounter("cl100k_base").count_text("tiktoken is great!") == 6
    assert ExactCounter("o200k_base").count_text("") == 0


def test_special_token_text_is_counted_as_plain_text() -> None:
    # A transcript may quote "<|endoftext|>"; it must be counted, not rejected.
    assert ExactCounter("o200k_base").count_text("<|endoftext|>") > 1


def test_unknown_encoding_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown encoding"):
        ExactCounter("p50k_edit")


def test_estimate_is_cjk_aware() -> None:
    assert estimate_text_tokens("abcd" * 10) == 10
    chinese = "上下文压缩" * 10
    assert estimate_text_tokens(chinese) == 50  # one per CJK character, not len/4
    exact = ExactCounter().count_text(chinese)
    assert estimate_text_tokens(chinese) >= exact  # errs on the safe side


def test_message_count_includes_calls_images_and_provider_fields() -> None:
    counter = EstimateCounter()
    plain: dict[str, Any] = {"role": "assistant", "content": "x" * 40}
    base = count_message(counter, plain)
    assert base == 10 + MESSAGE_OVERHEAD_TOKENS

    with_reasoning = {**plain, "reasoning_content": "y" * 40}
    assert count_message(counter, with_reasoning) == base + 10

    with_meta = {**plain, "_packlight": {"kind": "checkpoint", "note": "z" * 400}}
    assert count_message(counter, with_meta) == base  # never sent, never counted

    image = {
        "role": "user",
        "content": [
            {"type": "text", "text": "x" * 40},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64," + "A" * 100_000}},
        ],
    }
    assert count_message(counter, image) == base + DEFAULT_IMAGE_TOKENS  # not the base64 length

    call = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": "1", "type": "function", "function": {"name": "bash", "arguments": "a" * 400}}
        ],
    }
    assert count_message(counter, call) > 100


def test_tool_schemas_are_counted() -> None:
    tools = [{"type": "function", "function": {"name": "bash", "parameters": {"type": "object"}}}]
    assert count_tools(EstimateCounter(), tools) > 5
    assert count_tools(EstimateCounter(), None) == 0


def test_calibration_learns_the_ratio_and_clamps() -> None:
    calibration = Calibration(window=2)
    assert calibration.ratio == 1.0
    calibration.observe(2_000, 1_000)
    assert calibration.ratio == 2.0
    calibration.observe(3_000, 1_000)
    assert calibration.ratio == 2.5
    calibration.observe(1_000, 1_000)  # the oldest observation leaves the window
    assert calibration.ratio == 2.0
    calibration.observe(100_000, 1_000)
    assert calibration.ratio == calibration.max_ratio
    calibration.observe(0, 1_000)  # nonsense is ignored
    assert calibration.observations == 2


def test_calibrated_transcript_total_scales_without_invalidating_the_cache() -> None:
    counter = CalibratedCounter()
    transcript = TranscriptCounter(counter)
    messages: list[dict[str, Any]] = [{"role": "user", "content": "word " * 200}]
    raw = transcript.raw_request(messages)
    assert transcript.request(messages) == raw
    counter.observe(raw * 2, raw)
    misses = transcript.misses
    assert transcript.request(messages) == raw * 2
    assert transcript.misses == misses  # the per-message count came from the cache


class CountingCounter:
    """Records every text it is asked to count, to observe what the cache saves."""

    def __init__(self) -> None:
        self.calls = 0

    @property
    def name(self) -> str:
        return "counting"

    def count_text(self, text: str) -> int:
        self.calls += 1
        return len(text)


def test_appending_one_message_counts_only_that_message() -> None:
    inner = CountingCounter()
    transcript = TranscriptCounter(inner)
    messages: list[dict[str, Any]] = [
        {"role": "user" if i % 2 else "assistant", "content": f"message {i}"} for i in range(2_000)
    ]
    first = transcript.request(messages)
    calls_after_first = inner.calls
    messages.append({"role": "user", "content": "one more"})
    second = transcript.request(messages)
    assert inner.calls - calls_after_first == 1
    assert second - first == len("one more") + MESSAGE_OVERHEAD_TOKENS


def test_in_place_edits_are_detected() -> None:
    transcript = TranscriptCounter(EstimateCounter())
    message: dict[str, Any] = {"role": "user", "content": "short"}
    before = transcript.message(message)
    message["content"] = "much longer content " * 20
    assert transcript.message(message) > before
    parts: dict[str, Any] = {"role": "user", "content": [{"type": "text", "text": "a"}]}
    before = transcript.message(parts)
    parts["content"].append({"type": "text", "text": "b" * 400})
    assert transcript.message(parts) > before


def test_counting_never_mutates_messages() -> None:
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": [{"type": "text", "text": "hi"}]},
        {"role": "assistant", "content": "x", "extra": {"nested": [1, 2]}},
    ]
    snapshot = copy.deepcopy(messages)
    TranscriptCounter(ExactCounter()).request(messages, [{"type": "function"}])
    assert messages == snapshot


def test_request_after_the_prefix_changes_recounts_correctly() -> None:
    transcript = TranscriptCounter(EstimateCounter())
    messages: list[dict[str, Any]] = [{"role": "user", "content": "x" * 400} for _ in range(10)]
    full = transcript.request(messages)
    compacted = [{"role": "user", "content": "summary"}, *messages[8:]]
    expected = sum(count_message(EstimateCounter(), m) for m in compacted) + (
        full - sum(count_message(EstimateCounter(), m) for m in messages)
    )
    assert transcript.request(compacted) == expected
    messages.append({"role": "user", "content": "y" * 40})
    assert transcript.request(messages) == full + 10 + MESSAGE_OVERHEAD_TOKENS


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["append", "replace", "pop", "extend"]), st.integers(0, 40)),
        min_size=1,
        max_size=25,
    )
)
def test_one_list_the_host_keeps_editing_is_counted_as_a_fresh_count_would(
    edits: list[tuple[str, int]],
) -> None:
    # A host that appends to its own list between requests, and sometimes replaces or drops
    # an earlier message, or extends it with several: every request's total is the total a
    # new counter gives for the list as it stands, whatever the counter remembered.
    transcript = TranscriptCounter(EstimateCounter())
    history: list[dict[str, Any]] = [{"role": "user", "content": "start " * 3}]
    for number, (edit, size) in enumerate(edits):
        text = f"message {number} " + "w" * size
        if edit == "append":
            history.append({"role": "assistant", "content": text})
        elif edit == "replace":
            history[size % len(history)] = {"role": "user", "content": text}
        elif edit == "pop" and len(history) > 1:
            history.pop(size % len(history))
        else:
            history.extend({"role": "tool", "content": text * k} for k in range(1, 3))
        fresh = TranscriptCounter(EstimateCounter()).request(list(history))
        assert transcript.request(history) == fresh


def _estimate_by_character(text: str) -> int:
    """The estimate's rule spelled out one character at a time (the reference)."""
    cjk_ranges = (
        (0x3040, 0x30FF),
        (0x3400, 0x4DBF),
        (0x4E00, 0x9FFF),
        (0xAC00, 0xD7AF),
        (0xF900, 0xFAFF),
        (0x20000, 0x2FA1F),
    )
    cjk = sum(1 for c in text if any(lo <= ord(c) <= hi for lo, hi in cjk_ranges))
    wide = sum(1 for c in text if not c.isascii()) - cjk
    narrow = len(text) - cjk - wide
    return cjk + (narrow + 3) // 4 + (wide + 1) // 2


@given(
    st.text(
        st.characters(
            min_codepoint=0,
            max_codepoint=0x30000,
            blacklist_categories=("Cs",),
        ),
        max_size=60,
    )
)
def test_estimate_follows_its_rule_for_every_script(text: str) -> None:
    assert estimate_text_tokens(text) == _estimate_by_character(text)


@pytest.mark.parametrize("repeat", [1, 3_000])  # under and over the memo's size
def test_lone_surrogates_are_counted_not_refused_by_the_exact_counter(repeat: int) -> None:
    # A JSON string may hold "\ud800"; the tokenizer only takes UTF-8 text.
    counter = ExactCounter("o200k_base")
    text = "line \ud800 and \udfff " * repeat
    expected = counter.count_text(text.replace("\ud800", "\ufffd").replace("\udfff", "\ufffd"))
    assert counter.count_text(text) == expected
    assert counter.count_many([text, "ok"]) == [expected, counter.count_text("ok")]
