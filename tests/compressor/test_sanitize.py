"""Sanitizing tool pairs: orphans dropped, missing results stubbed, everything else untouched,
checked on hand-made cases, on damaged generated transcripts and on real trajectories."""

from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from packlight.compressor.ordering import (
    PAIR_RULES,
    anthropic_problems,
    openai_problems,
    verify,
)
from packlight.compressor.sanitize import (
    STUB_RESULT,
    SanitizeResult,
    sanitize_tool_pairs,
    stub_result,
)
from packlight.messages import Message
from tests.compressor.test_ordering import (
    assistant,
    calls,
    damaged_transcripts,
    pair_problems,
    system,
    tool,
    user,
)
from tests.formats.strategies import canonical_transcripts, shared_transcripts

PROPERTY = settings(max_examples=100, deadline=None)

Msg = dict[str, Any]


def sanitize(messages: list[Msg], **options: bool) -> SanitizeResult:
    return sanitize_tool_pairs(messages, **options)  # type: ignore[arg-type]


def stub(call_id: str) -> Msg:
    return {
        "role": "tool",
        "tool_call_id": call_id,
        "content": STUB_RESULT,
        "_packlight": {"stub": True},
    }


# --- hand-made cases ------------------------------------------------------------------------------


def test_a_clean_transcript_comes_back_as_it_is() -> None:
    messages = [
        system(),
        user(),
        calls("call_1", "call_2"),
        tool("call_2"),  # any order within the run is fine
        tool("call_1"),
        assistant("done"),
    ]
    result = sanitize(messages)
    assert result.messages == messages
    assert all(kept is original for kept, original in zip(result.messages, messages, strict=True))
    assert result.dropped == ()
    assert result.stubbed == ()
    assert not result.changed


def test_orphan_results_are_dropped_and_returned() -> None:
    orphan_first, orphan_late = tool("call_0"), tool("call_1", "late")
    messages = [orphan_first, user(), calls("call_1"), tool("call_1"), user("x"), orphan_late]
    result = sanitize(messages)
    assert result.messages == [user(), calls("call_1"), tool("call_1"), user("x")]
    assert result.dropped == (orphan_first, orphan_late)
    assert result.dropped[0] is orphan_first
    assert result.stubbed == ()


def test_a_second_answer_to_the_same_call_is_dropped() -> None:
    first, second = tool("call_1", "first"), tool("call_1", "second")
    result = sanitize([user(), calls("call_1"), first, second, user("x")])
    assert result.messages == [user(), calls("call_1"), first, user("x")]
    assert result.dropped == (second,)


def test_a_result_for_another_call_inside_a_run_is_dropped_and_the_run_goes_on() -> None:
    stray = tool("call_9")
    messages = [user(), calls("call_1", "call_2"), tool("call_1"), stray, tool("call_2"), user()]
    result = sanitize(messages)
    assert result.messages == [
        user(),
        calls("call_1", "call_2"),
        tool("call_1"),
        tool("call_2"),
        user(),
    ]
    assert result.dropped == (stray,)


def test_missing_results_get_stubs_after_the_existing_ones_in_call_order() -> None:
    messages = [user(), calls("call_1", "call_2", "call_3"), tool("call_2"), user("next")]
    result = sanitize(messages)
    assert result.messages == [
        user(),
        calls("call_1", "call_2", "call_3"),
        tool("call_2"),
        stub("call_1"),
        stub("call_3"),
        user("next"),
    ]
    assert result.stubbed == ("call_1", "call_3")
    assert result.changed


def test_stub_result_shape() -> None:
    assert stub_result("call_7") == stub("call_7")
    assert STUB_RESULT.strip()


def test_a_result_cut_off_from_its_call_is_dropped_and_the_call_stubbed() -> None:
    # What a compaction boundary through a tool group leaves behind.
    stranded = tool("call_1")
    messages = [user(), calls("call_1"), system("note"), stranded, user("x")]
    result = sanitize(messages)
    assert result.messages == [user(), calls("call_1"), stub("call_1"), system("note"), user("x")]
    assert result.dropped == (stranded,)
    assert result.stubbed == ("call_1",)


def test_ids_reused_across_turns_pair_by_adjacency() -> None:
    # tau-bench reuses an answered id later: each result belongs to the call right before it.
    messages = [user(), calls("call_1"), tool("call_1", "a"), user("again"), calls("call_1")]
    messages.append(tool("call_1", "b"))
    assert sanitize(messages).messages == messages
    # The later call lost its result: the earlier result must not be taken for it.
    damaged = [user(), calls("call_1"), tool("call_1", "a"), calls("call_1"), user("x")]
    result = sanitize(damaged)
    assert result.messages == [*damaged[:4], stub("call_1"), user("x")]


def test_a_trailing_group_keeps_its_pending_calls_unless_told_otherwise() -> None:
    messages = [user(), calls("call_1", "call_2"), tool("call_2")]
    assert sanitize(messages).messages == messages
    strict = sanitize(messages, allow_trailing_pending=False)
    assert strict.messages == [*messages, stub("call_1")]
    assert strict.stubbed == ("call_1",)


def test_orphans_in_a_trailing_group_are_still_dropped() -> None:
    stray = tool("call_9")
    result = sanitize([user(), calls("call_1"), stray])
    assert result.messages == [user(), calls("call_1")]
    assert result.dropped == (stray,)


def test_a_pending_group_before_anything_else_is_not_trailing() -> None:
    result = sanitize([user(), calls("call_1"), assistant("moving on")])
    assert result.messages == [user(), calls("call_1"), stub("call_1"), assistant("moving on")]


def test_unknown_keys_and_other_messages_are_kept_exactly() -> None:
    odd = {"role": "assistant", "content": "hm", "reasoning_content": "...", "_packlight": {"x": 1}}
    result_with_extras = {**tool("call_1"), "is_error": True, "x_trace": [1, 2]}
    messages = [
        user(),
        odd,
        calls("call_1"),
        result_with_extras,
        {"role": "developer", "content": ""},
    ]
    result = sanitize(messages)
    assert result.messages == messages
    assert result.messages[1] is odd
    assert result.messages[3] is result_with_extras


def test_malformed_messages_do_not_raise() -> None:
    messages: list[Any] = [
        {},
        {"role": "assistant", "tool_calls": "abc"},
        {"role": "assistant", "tool_calls": [{"id": 1}, None, {"id": "call_1"}]},
        {"role": "tool", "tool_call_id": ["call_1"]},
        {"role": "tool"},
        {"role": "user", "content": 3},
    ]
    result = sanitize(messages)
    assert result.messages == [*messages[:3], stub("call_1"), messages[5]]
    assert result.dropped == (messages[3], messages[4])


def test_the_input_is_not_mutated() -> None:
    messages = [tool("call_0"), user(), calls("call_1", "call_2"), tool("call_1"), user("x")]
    before = copy.deepcopy(messages)
    result = sanitize(messages)
    assert messages == before
    result.messages.clear()  # the result is the caller's own list
    assert messages == before


# --- properties -----------------------------------------------------------------------------------


@PROPERTY
@given(canonical_transcripts(), st.booleans())
def test_valid_transcripts_are_left_alone(messages: list[Msg], allow_trailing: bool) -> None:
    result = sanitize(messages, allow_trailing_pending=allow_trailing)
    assert not result.changed
    assert all(kept is original for kept, original in zip(result.messages, messages, strict=True))


@settings(max_examples=150, deadline=None)
@given(damaged_transcripts(), st.booleans())
def test_sanitized_transcripts_have_no_pair_problems(
    messages: list[Msg], allow_trailing: bool
) -> None:
    before = copy.deepcopy(messages)
    result = sanitize(messages, allow_trailing_pending=allow_trailing)
    assert messages == before

    options = {"allow_trailing_pending": allow_trailing}
    assert pair_problems(openai_problems(result.messages, **options)) == []
    assert pair_problems(anthropic_problems(result.messages, **options)) == []

    # Sanitizing is needed exactly when the OpenAI pair rules (the stricter ones) fail.
    assert result.changed == bool(pair_problems(openai_problems(messages, **options)))

    # Every input message is either kept, in its order, or dropped; only stubs are new.
    positions = {id(message): index for index, message in enumerate(messages)}
    originals = [message for message in result.messages if id(message) in positions]
    added = [message for message in result.messages if id(message) not in positions]
    identities = Counter(map(id, messages))
    assert Counter(map(id, originals)) + Counter(map(id, result.dropped)) == identities
    kept_order = [positions[id(message)] for message in originals]
    assert kept_order == sorted(kept_order)
    assert all(message["role"] == "tool" for message in result.dropped)
    assert added == [stub(call_id) for call_id in result.stubbed]


@PROPERTY
@given(damaged_transcripts(), st.booleans())
def test_sanitizing_twice_equals_sanitizing_once(messages: list[Msg], allow_trailing: bool) -> None:
    once = sanitize(messages, allow_trailing_pending=allow_trailing)
    twice = sanitize_tool_pairs(once.messages, allow_trailing_pending=allow_trailing)
    assert twice.messages == once.messages
    assert not twice.changed


CALL_LIKE = st.dictionaries(
    st.just("id"), st.none() | st.sampled_from(["", "a", "b"]) | st.integers()
)
MESSAGE_LIKE = st.dictionaries(
    st.sampled_from(["role", "tool_calls", "tool_call_id"]),
    st.sampled_from(["assistant", "tool", "user", "a", "b"])
    | st.none()
    | st.lists(CALL_LIKE | st.none(), max_size=3),
)


@PROPERTY
@given(st.lists(MESSAGE_LIKE, max_size=8))
def test_sanitize_never_raises(messages: list[Msg]) -> None:
    result = sanitize(messages)
    assert len(result.messages) + len(result.dropped) == len(messages) + len(result.stubbed)


# --- real trajectories ----------------------------------------------------------------------------


def _real(shared_data: Path) -> list[tuple[str, str, list[Message]]]:
    transcripts = list(shared_transcripts(shared_data))
    assert len(transcripts) >= 100, "expected the mini-swe-agent and tau-bench trajectories"
    return transcripts  # type: ignore[return-value]


@pytest.mark.shared_data
def test_real_trajectories_pass_both_checks_as_they_are(shared_data: Path) -> None:
    failing: Counter[str] = Counter()
    for source, _, messages in _real(shared_data):
        if openai_problems(messages):
            failing[f"{source}/openai"] += 1
        if anthropic_problems(messages):
            failing[f"{source}/anthropic"] += 1
        assert not sanitize_tool_pairs(messages).changed
    # Recorded when this test was written: all 40 mini-swe-agent and 134 tau-bench sessions
    # are accepted by both providers' rules as they are.
    assert failing == Counter()


@pytest.mark.shared_data
def test_real_trajectories_cut_anywhere_sanitize_to_valid_pairs(shared_data: Path) -> None:
    # A naive compaction: cut a middle span whose edges ignore tool groups.
    repaired = 0
    for source, name, messages in _real(shared_data):
        length = len(messages)
        for start, end in ((2, length // 2), (3, length - 2), (length // 3, length // 3 + 1)):
            cut = [*messages[:start], *messages[end:]]
            result = sanitize_tool_pairs(cut, allow_trailing_pending=False)
            problems = pair_problems(verify(result.messages, allow_trailing_pending=False))
            assert problems == [], f"{source} {name} cut {start}:{end}: {problems[:3]}"
            assert all(message["role"] == "tool" for message in result.dropped)
            repaired += result.changed
    assert repaired > 100, "the cuts should break many tool pairs, or this test shows nothing"


def test_pair_rules_are_the_ones_sanitizing_repairs() -> None:
    assert {
        "tool-result-without-call",
        "call-without-result",
        "duplicate-tool-result",
    } <= PAIR_RULES
