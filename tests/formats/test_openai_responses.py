"""The OpenAI Responses adapter: exact round trips both ways, the basic mapping, hints, errors."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from packlight.errors import TranscriptError
from packlight.formats import Format, openai_chat, openai_responses
from packlight.formats import to_canonical as package_to_canonical
from packlight.messages import PACKLIGHT_KEY, strip_packlight
from tests.formats.strategies import (
    canonical_transcripts,
    contains_packlight,
    responses_items,
    shared_transcripts,
)

PROPERTY = settings(max_examples=100, deadline=None)


def call(call_id: str, arguments: str = '{"command": "ls -R"}') -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": "bash", "arguments": arguments}}


def function_call(call_id: str, arguments: str = '{"command": "ls -R"}') -> dict[str, Any]:
    return {"type": "function_call", "call_id": call_id, "name": "bash", "arguments": arguments}


def output(call_id: str, text: Any = "ok") -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call_id, "output": text}


REASONING = {
    "type": "reasoning",
    "id": "rs_1",
    "summary": [{"type": "summary_text", "text": "plan"}],
    "encrypted_content": "gAAA",
}


# --- properties -----------------------------------------------------------------------------


@PROPERTY
@given(responses_items())
def test_responses_input_round_trips_exactly(items: list[dict[str, Any]]) -> None:
    before = copy.deepcopy(items)
    transcript = openai_responses.to_canonical(items)
    openai_chat.validate(transcript)
    assert openai_responses.from_canonical(transcript) == items
    assert items == before


@PROPERTY
@given(canonical_transcripts())
def test_canonical_round_trips_exactly_with_lossless(transcript: list[dict[str, Any]]) -> None:
    before = copy.deepcopy(transcript)
    items = openai_responses.from_canonical(transcript, lossless=True)
    assert openai_responses.to_canonical(items) == transcript
    assert package_to_canonical({"input": items}, Format.OPENAI_RESPONSES) == transcript
    assert transcript == before


@PROPERTY
@given(canonical_transcripts())
def test_default_output_is_wire_ready(transcript: list[dict[str, Any]]) -> None:
    items = openai_responses.from_canonical(transcript)
    assert not contains_packlight(items)
    openai_responses.validate(items)


@PROPERTY
@given(canonical_transcripts())
def test_repeated_lossless_round_trips_do_not_grow(transcript: list[dict[str, Any]]) -> None:
    once = openai_responses.from_canonical(transcript, lossless=True)
    twice = openai_responses.from_canonical(openai_responses.to_canonical(once), lossless=True)
    assert twice == once


# --- the basic mapping ----------------------------------------------------------------------


def test_typical_agent_transcript_maps_without_hints() -> None:
    transcript = [
        {"role": "developer", "content": "You are terse."},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "What is this?"},
                {
                    "type": "image_url",
                    "image_url": {"url": "https://x.test/a.png", "detail": "low"},
                },
            ],
        },
        {"role": "assistant", "content": "Let me look.", "tool_calls": [call("c1")]},
        {"role": "tool", "tool_call_id": "c1", "content": "a.py"},
        {"role": "assistant", "content": None, "tool_calls": [call("c2"), call("c3")]},
        {"role": "tool", "tool_call_id": "c3", "content": "c"},
        {"role": "tool", "tool_call_id": "c2", "content": [{"type": "text", "text": "b"}]},
        {"role": "assistant", "content": "", "tool_calls": [call("c4")]},
        {"role": "tool", "tool_call_id": "c4", "content": "d"},
        {"role": "assistant", "content": "Done."},
    ]
    items = openai_responses.from_canonical(transcript)
    assert items == [
        {"type": "message", "role": "developer", "content": "You are terse."},
        {
            "type": "message",
            "role": "user",
            "content": [
                {"type": "input_text", "text": "What is this?"},
                {"type": "input_image", "image_url": "https://x.test/a.png", "detail": "low"},
            ],
        },
        {"type": "message", "role": "assistant", "content": "Let me look."},
        function_call("c1"),
        output("c1", "a.py"),
        function_call("c2"),
        function_call("c3"),
        output("c3", "c"),
        output("c2", [{"type": "input_text", "text": "b"}]),
        {"type": "message", "role": "assistant", "content": ""},
        function_call("c4"),
        output("c4", "d"),
        {"type": "message", "role": "assistant", "content": "Done."},
    ]
    assert openai_responses.to_canonical(items) == transcript
    assert openai_responses.from_canonical(transcript, lossless=True) == items


def test_model_output_items_group_into_one_assistant_message() -> None:
    items = [
        {"role": "user", "content": "hi"},
        REASONING,
        {
            "type": "message",
            "id": "msg_1",
            "status": "completed",
            "role": "assistant",
            "content": [{"type": "output_text", "text": "Checking.", "annotations": []}],
        },
        function_call("c1") | {"id": "fc_1", "status": "completed"},
        output("c1"),
    ]
    transcript = openai_responses.to_canonical(items)
    assert [message["role"] for message in transcript] == ["user", "assistant", "tool"]
    assistant = transcript[1]
    assert assistant["content"] == [
        REASONING,
        {"type": "text", "text": "Checking.", "annotations": []},
    ]
    assert assistant["tool_calls"] == [call("c1")]
    assert openai_responses.from_canonical(transcript) == items


def test_reasoning_after_a_call_starts_a_new_assistant_message() -> None:
    items = [function_call("c1"), REASONING, function_call("c2"), output("c1"), output("c2")]
    transcript = openai_responses.to_canonical(items)
    assert [message["role"] for message in transcript] == ["assistant", "assistant", "tool", "tool"]
    assert not any(PACKLIGHT_KEY in message for message in transcript)
    assert openai_responses.from_canonical(transcript) == items


def test_easy_input_message_is_read_and_restored() -> None:
    items = [{"role": "user", "content": "hi"}]
    transcript = openai_responses.to_canonical(items)
    assert strip_packlight(transcript) == [{"role": "user", "content": "hi"}]
    assert openai_responses.from_canonical(transcript) == items
    # Without the hint the item is written in its full form.
    assert openai_responses.from_canonical(strip_packlight(transcript)) == [
        {"type": "message", "role": "user", "content": "hi"}
    ]


def test_instructions_and_string_input() -> None:
    transcript = openai_responses.to_canonical("hello", instructions="be brief")
    assert transcript == [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "hello"},
    ]


def test_assistant_messages_that_would_merge_stay_apart_with_lossless() -> None:
    transcript = [
        {"role": "assistant", "content": "first"},
        {"role": "assistant", "content": None, "tool_calls": [call("c1")]},
        {"role": "tool", "tool_call_id": "c1", "content": "ok", "name": "bash"},
    ]
    items = openai_responses.from_canonical(transcript, lossless=True)
    assert openai_responses.to_canonical(items) == transcript
    merged = openai_responses.to_canonical(openai_responses.from_canonical(transcript))
    assert merged[0] == {"role": "assistant", "content": "first", "tool_calls": [call("c1")]}


def test_anthropic_thinking_is_dropped_on_the_wire() -> None:
    thinking = {"type": "thinking", "thinking": "hmm", "signature": "s"}
    transcript = [{"role": "assistant", "content": [thinking, {"type": "text", "text": "hi"}]}]
    assert openai_responses.from_canonical(transcript) == [
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "hi"}]}
    ]


# --- hints ----------------------------------------------------------------------------------


def test_hint_is_used_only_while_the_message_is_unchanged() -> None:
    items = [
        {"type": "message", "id": "msg_1", "role": "user", "content": "a long question"},
        {"type": "message", "role": "assistant", "content": "answer"},
    ]
    transcript = openai_responses.to_canonical(items)
    assert transcript[0][PACKLIGHT_KEY]["origin"]["items"] == [items[0]]
    assert openai_responses.from_canonical(transcript) == items

    edited = copy.deepcopy(transcript)
    edited[0]["content"] = "[pruned]"
    assert openai_responses.from_canonical(edited)[0] == {
        "type": "message",
        "role": "user",
        "content": "[pruned]",
    }


def test_other_packlight_metadata_survives_both_directions() -> None:
    items = [{"type": "message", "id": "m1", "role": "user", "content": "x"}]
    transcript = openai_responses.to_canonical(items)
    transcript[0][PACKLIGHT_KEY]["kind"] = "checkpoint"
    assert (
        openai_responses.to_canonical(openai_responses.from_canonical(transcript, lossless=True))
        == transcript
    )
    assert openai_responses.from_canonical(transcript) == items


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("items", "index", "field"),
    [
        ([{"content": "x"}], 0, "type"),
        ([{"type": 3, "content": "x"}], 0, "type"),
        ([{"type": "message", "content": "x"}], 0, "role"),
        ([{"type": "message", "role": "tool", "content": "x"}], 0, "role"),
        ([{"role": "user", "content": 5}], 0, "content"),
        ([{"role": "user", "content": [{"text": "x"}]}], 0, "content[0].type"),
        ([{"role": "user", "content": [{"type": "input_text"}]}], 0, "content[0].text"),
        ([{"type": "function_call", "name": "f", "arguments": "{}"}], 0, "call_id"),
        ([{"type": "function_call", "call_id": "c", "arguments": "{}"}], 0, "name"),
        ([{"type": "function_call", "call_id": "c", "name": "f", "arguments": {}}], 0, "arguments"),
        ([function_call("c1"), function_call("c1")], 1, "call_id"),
        ([output("c9")], 0, "call_id"),
        ([function_call("c1"), {"type": "function_call_output", "call_id": "c1"}], 1, "output"),
    ],
)
def test_bad_input_names_index_and_field(items: list[Any], index: int, field: str) -> None:
    with pytest.raises(TranscriptError) as caught:
        openai_responses.to_canonical(items)
    assert (caught.value.index, caught.value.field) == (index, field)


def test_not_a_list_is_rejected() -> None:
    with pytest.raises(TranscriptError, match="list of input items"):
        openai_responses.validate({"input": []})
    with pytest.raises(TranscriptError) as caught:
        openai_responses.validate(["x"])
    assert caught.value.index == 0


# --- real data ------------------------------------------------------------------------------


@pytest.mark.shared_data
def test_real_transcripts_round_trip(shared_data: Path) -> None:
    for source, name, transcript in shared_transcripts(shared_data):
        lossless = openai_responses.from_canonical(transcript, lossless=True)
        assert openai_responses.to_canonical(lossless) == transcript, name
        wire = openai_responses.from_canonical(transcript)
        assert not contains_packlight(wire), name
        openai_responses.validate(wire)
        if source == "mini-swe-agent":
            # The basic mapping alone is exact for these: no hint is needed.
            assert lossless == wire, name
            assert openai_responses.to_canonical(wire) == transcript, name


def test_malformed_canonical_input_is_reported_not_crashed_on() -> None:
    bad_call = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": {}}}
    with pytest.raises(TranscriptError) as caught:
        openai_responses.from_canonical(
            [{"role": "assistant", "content": None, "tool_calls": [bad_call]}]
        )
    assert (caught.value.index, caught.value.field) == (0, "tool_calls[0].function.arguments")
