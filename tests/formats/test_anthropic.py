"""The Anthropic adapter: exact round trips both ways, the basic mapping, hints and errors."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from packlight.errors import TranscriptError
from packlight.formats import Format, anthropic, openai_chat
from packlight.formats import to_canonical as package_to_canonical
from packlight.messages import PACKLIGHT_KEY
from tests.formats.strategies import (
    anthropic_conversations,
    canonical_transcripts,
    contains_packlight,
    shared_transcripts,
)

PROPERTY = settings(max_examples=100, deadline=None)


def call(
    call_id: str, arguments: str = '{"command": "ls -R"}', name: str = "bash"
) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def tool_use(use_id: str, **extra: Any) -> dict[str, Any]:
    return {
        "type": "tool_use",
        "id": use_id,
        "name": "bash",
        "input": {"command": "ls -R"},
        **extra,
    }


def tool_result(use_id: str, content: Any = "ok", **extra: Any) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": use_id, "content": content, **extra}


# --- properties -----------------------------------------------------------------------------


@PROPERTY
@given(anthropic_conversations())
def test_anthropic_input_round_trips_exactly(
    conversation: tuple[list[dict[str, Any]], Any],
) -> None:
    messages, system = conversation
    before = copy.deepcopy((messages, system))
    transcript = anthropic.to_canonical(messages, system=system)
    openai_chat.validate(transcript)
    expected: dict[str, Any] = {"messages": messages}
    if system is not None:
        expected["system"] = system
    assert anthropic.from_canonical(transcript) == expected
    assert (messages, system) == before


@PROPERTY
@given(canonical_transcripts())
def test_canonical_round_trips_exactly_with_lossless(transcript: list[dict[str, Any]]) -> None:
    before = copy.deepcopy(transcript)
    conversation = anthropic.from_canonical(transcript, lossless=True)
    assert anthropic.to_canonical(conversation) == transcript
    assert package_to_canonical(dict(conversation), Format.ANTHROPIC) == transcript
    assert transcript == before


@PROPERTY
@given(canonical_transcripts())
def test_default_output_is_wire_ready(transcript: list[dict[str, Any]]) -> None:
    conversation = anthropic.from_canonical(transcript)
    assert not contains_packlight(conversation)
    anthropic.validate(conversation["messages"], system=conversation.get("system"))


@PROPERTY
@given(canonical_transcripts())
def test_repeated_lossless_round_trips_do_not_grow(transcript: list[dict[str, Any]]) -> None:
    once = anthropic.from_canonical(transcript, lossless=True)
    twice = anthropic.from_canonical(anthropic.to_canonical(once), lossless=True)
    assert twice == once


# --- the basic mapping ----------------------------------------------------------------------


def test_typical_agent_transcript_maps_without_hints() -> None:
    transcript = [
        {"role": "system", "content": "You are terse."},
        {"role": "user", "content": "List files."},
        {"role": "assistant", "content": "THOUGHT: look.", "tool_calls": [call("c1")]},
        {"role": "tool", "tool_call_id": "c1", "content": "a.py"},
        {"role": "assistant", "content": None, "tool_calls": [call("c2"), call("c3")]},
        {"role": "tool", "tool_call_id": "c2", "content": "b.py"},
        {"role": "tool", "tool_call_id": "c3", "content": [{"type": "text", "text": "c.py"}]},
        {"role": "assistant", "content": "Done."},
    ]
    conversation = anthropic.from_canonical(transcript)
    assert conversation == {
        "system": "You are terse.",
        "messages": [
            {"role": "user", "content": "List files."},
            {
                "role": "assistant",
                "content": [{"type": "text", "text": "THOUGHT: look."}, tool_use("c1")],
            },
            {"role": "user", "content": [tool_result("c1", "a.py")]},
            {"role": "assistant", "content": [tool_use("c2"), tool_use("c3")]},
            {
                "role": "user",
                "content": [
                    tool_result("c2", "b.py"),
                    tool_result("c3", [{"type": "text", "text": "c.py"}]),
                ],
            },
            {"role": "assistant", "content": "Done."},
        ],
    }
    assert anthropic.to_canonical(conversation) == transcript
    assert anthropic.from_canonical(transcript, lossless=True) == conversation


def test_images_and_cache_control_map_to_blocks_and_back() -> None:
    parts = [
        {"type": "text", "text": "see", "cache_control": {"type": "ephemeral"}},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0K"}},
        {"type": "image_url", "image_url": {"url": "https://example.com/a.jpg"}},
    ]
    conversation = anthropic.from_canonical([{"role": "user", "content": parts}])
    assert conversation["messages"][0]["content"] == [
        {"type": "text", "text": "see", "cache_control": {"type": "ephemeral"}},
        {
            "type": "image",
            "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0K"},
        },
        {"type": "image", "source": {"type": "url", "url": "https://example.com/a.jpg"}},
    ]
    assert anthropic.to_canonical(conversation) == [{"role": "user", "content": parts}]


def test_image_detail_is_lossy_without_hint_and_exact_with_one() -> None:
    part = {"type": "image_url", "image_url": {"url": "https://example.com/a.jpg", "detail": "low"}}
    transcript = [{"role": "user", "content": [part]}]
    plain = anthropic.from_canonical(transcript)
    assert "detail" not in str(plain)
    assert anthropic.to_canonical(anthropic.from_canonical(transcript, lossless=True)) == transcript


def test_thinking_blocks_stay_content_parts() -> None:
    thinking = {"type": "thinking", "thinking": "hmm", "signature": "sig"}
    messages = [
        {"role": "user", "content": "go"},
        {
            "role": "assistant",
            "content": [thinking, {"type": "text", "text": "ok"}, tool_use("t1")],
        },
        {"role": "user", "content": [tool_result("t1")]},
    ]
    transcript = anthropic.to_canonical(messages)
    assert transcript[1]["content"] == [thinking, {"type": "text", "text": "ok"}]
    assert PACKLIGHT_KEY not in transcript[1]
    assert anthropic.from_canonical(transcript) == {"messages": messages}


def test_tool_result_with_text_becomes_tool_messages_then_user() -> None:
    messages = [
        {"role": "assistant", "content": [tool_use("t1"), tool_use("t2")]},
        {
            "role": "user",
            "content": [
                tool_result("t1", is_error=True),
                tool_result("t2", cache_control={"type": "ephemeral"}),
                {"type": "text", "text": "and also"},
            ],
        },
    ]
    transcript = anthropic.to_canonical(messages)
    assert [message["role"] for message in transcript] == ["assistant", "tool", "tool", "user"]
    assert transcript[1]["is_error"] is True
    assert transcript[2]["cache_control"] == {"type": "ephemeral"}
    assert anthropic.from_canonical(transcript) == {"messages": messages}


def test_results_split_over_user_messages_stay_split() -> None:
    messages = [
        {"role": "assistant", "content": [tool_use("t1"), tool_use("t2")]},
        {"role": "user", "content": [tool_result("t1")]},
        {"role": "user", "content": [tool_result("t2")]},
    ]
    assert anthropic.from_canonical(anthropic.to_canonical(messages)) == {"messages": messages}


@pytest.mark.parametrize("arguments", ["", "{broken", "[1, 2]", "42", '{"a":1}'])
def test_any_arguments_text_converts(arguments: str) -> None:
    transcript = [
        {"role": "assistant", "content": None, "tool_calls": [call("c1", arguments)]},
        {"role": "tool", "tool_call_id": "c1", "content": "x"},
    ]
    conversation = anthropic.from_canonical(transcript)
    assert isinstance(conversation["messages"][0]["content"][0]["input"], dict)
    assert anthropic.to_canonical(anthropic.from_canonical(transcript, lossless=True)) == transcript


def test_system_messages() -> None:
    blocks = [{"type": "text", "text": "a", "cache_control": {"type": "ephemeral"}}]
    assert anthropic.from_canonical([{"role": "system", "content": blocks}])["system"] == blocks
    several = [{"role": "system", "content": "a"}, {"role": "developer", "content": "b"}]
    conversation = anthropic.from_canonical(several)
    assert conversation == {
        "system": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}],
        "messages": [],
    }
    hinted = anthropic.from_canonical(several, lossless=True)
    assert hinted[PACKLIGHT_KEY]["origin"]["messages"] == several
    assert anthropic.to_canonical(hinted) == several


def test_mid_transcript_system_becomes_user_text() -> None:
    transcript = [{"role": "user", "content": "hi"}, {"role": "system", "content": "be nice"}]
    conversation = anthropic.from_canonical(transcript)
    assert "system" not in conversation
    assert conversation["messages"][1] == {
        "role": "user",
        "content": [{"type": "text", "text": "be nice"}],
    }


# --- hints ----------------------------------------------------------------------------------


def test_hint_is_used_only_while_the_message_is_unchanged() -> None:
    messages = [
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "a"},
                tool_use("t1"),
                {"type": "text", "text": "b"},
            ],
        },
        {"role": "user", "content": [tool_result("t1", "long output")]},
    ]
    transcript = anthropic.to_canonical(messages)
    assert transcript[0][PACKLIGHT_KEY]["origin"]["items"] == [messages[0]]
    assert anthropic.from_canonical(transcript)["messages"] == messages

    edited = copy.deepcopy(transcript)
    edited[0]["content"] = [{"type": "text", "text": "a (pruned)"}]
    out = anthropic.from_canonical(edited)["messages"]
    assert out[0]["content"] == [{"type": "text", "text": "a (pruned)"}, tool_use("t1")]


def test_other_packlight_metadata_survives_both_directions() -> None:
    messages = [{"role": "user", "content": [{"type": "text", "text": "x"}], "custom": 1}]
    transcript = anthropic.to_canonical(messages)
    transcript[0][PACKLIGHT_KEY]["kind"] = "checkpoint"
    conversation = anthropic.from_canonical(transcript, lossless=True)
    assert anthropic.to_canonical(conversation) == transcript
    assert anthropic.from_canonical(transcript) == {"messages": messages}


def test_conversation_dict_and_keyword_system_agree() -> None:
    messages = [{"role": "user", "content": "hi"}]
    assert anthropic.to_canonical({"system": "s", "messages": messages}) == anthropic.to_canonical(
        messages, system="s"
    )


# --- bad input ------------------------------------------------------------------------------


def _use(use_id: str = "t1") -> dict[str, Any]:
    return {"role": "assistant", "content": [tool_use(use_id)]}


@pytest.mark.parametrize(
    ("messages", "index", "field"),
    [
        ([{"content": "x"}], 0, "role"),
        ([{"role": "user", "content": "x"}, {"role": "system", "content": "x"}], 1, "role"),
        ([{"role": "user", "content": 3}], 0, "content"),
        ([{"role": "user"}], 0, "content"),
        ([{"role": "user", "content": ["text"]}], 0, "content[0]"),
        ([{"role": "user", "content": [{"text": "x"}]}], 0, "content[0].type"),
        ([{"role": "user", "content": [{"type": "text"}]}], 0, "content[0].text"),
        (
            [{"role": "assistant", "content": [{"type": "tool_use", "name": "f", "input": {}}]}],
            0,
            "content[0].id",
        ),
        (
            [{"role": "assistant", "content": [{"type": "tool_use", "id": "t", "input": {}}]}],
            0,
            "content[0].name",
        ),
        (
            [
                {
                    "role": "assistant",
                    "content": [{"type": "tool_use", "id": "t", "name": "f", "input": "ls"}],
                }
            ],
            0,
            "content[0].input",
        ),
        ([{"role": "assistant", "content": [tool_use("t1"), tool_use("t1")]}], 0, "content[1].id"),
        (
            [_use(), {"role": "user", "content": [{"type": "tool_result", "content": "x"}]}],
            1,
            "content[0].tool_use_id",
        ),
        ([{"role": "user", "content": [tool_result("nope")]}], 0, "content[0].tool_use_id"),
        ([_use(), {"role": "user", "content": [tool_result("t1", 5)]}], 1, "content[0].content"),
        ([{"role": "user", "content": [tool_use("t1")]}], 0, "content[0].type"),
    ],
)
def test_bad_input_names_index_and_field(messages: list[Any], index: int, field: str) -> None:
    with pytest.raises(TranscriptError) as caught:
        anthropic.to_canonical(messages)
    assert (caught.value.index, caught.value.field) == (index, field)
    assert f"message {index}" in str(caught.value)


def test_bad_system_and_non_list() -> None:
    with pytest.raises(TranscriptError) as caught:
        anthropic.validate([], system=[{"type": "text"}])
    assert (caught.value.index, caught.value.field) == (None, "system[0].text")
    with pytest.raises(TranscriptError, match="list of messages"):
        anthropic.validate("hello")


def test_ids_may_be_reused_in_a_later_message() -> None:
    # As in openai_chat.validate: tau-bench reuses ids once answered, and must be readable.
    messages = [
        _use(),
        {"role": "user", "content": [tool_result("t1")]},
        _use(),
        {"role": "user", "content": [tool_result("t1")]},
    ]
    anthropic.validate(messages)


# --- real data ------------------------------------------------------------------------------


@pytest.mark.shared_data
def test_real_transcripts_round_trip(shared_data: Path) -> None:
    for source, name, transcript in shared_transcripts(shared_data):
        lossless = anthropic.from_canonical(transcript, lossless=True)
        assert anthropic.to_canonical(lossless) == transcript, name
        wire = anthropic.from_canonical(transcript)
        assert not contains_packlight(wire), name
        anthropic.validate(wire)
        if source == "mini-swe-agent":
            # The basic mapping alone is exact for these: no hint is needed.
            assert lossless == wire, name
            assert anthropic.to_canonical(wire) == transcript, name


def test_malformed_canonical_input_is_reported_not_crashed_on() -> None:
    with pytest.raises(TranscriptError) as caught:
        anthropic.from_canonical(
            [{"role": "user", "content": "x"}, {"role": "user", "content": [3]}]
        )
    assert (caught.value.index, caught.value.field) == (1, "content[0]")
