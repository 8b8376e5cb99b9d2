"""Format detection and the package-level dispatchers."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

import packlight.formats
from packlight.errors import TranscriptError
from packlight.formats import Format, detect_format, from_canonical, to_canonical
from tests.formats.strategies import canonical_transcripts

TOOL_CALL = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}


def test_public_names() -> None:
    assert packlight.formats.__all__ == [
        "Format",
        "detect_format",
        "from_canonical",
        "to_canonical",
    ]
    assert Format("anthropic") is Format.ANTHROPIC
    assert Format.OPENAI_RESPONSES == "openai_responses"


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        (
            [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}],
            Format.OPENAI_CHAT,
        ),
        (
            [{"role": "system", "content": "s"}, {"role": "user", "content": "hi"}],
            Format.OPENAI_CHAT,
        ),
        ([{"role": "assistant", "content": None, "tool_calls": [TOOL_CALL]}], Format.OPENAI_CHAT),
        ([{"role": "tool", "tool_call_id": "c1", "content": "x"}], Format.OPENAI_CHAT),
        ([{"role": "user", "content": [{"type": "text", "text": "x"}]}], Format.OPENAI_CHAT),
        ([{"type": "message", "role": "user", "content": "hi"}], Format.OPENAI_RESPONSES),
        (
            [{"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}],
            Format.OPENAI_RESPONSES,
        ),
        ([{"type": "reasoning", "summary": []}], Format.OPENAI_RESPONSES),
        ([{"type": "item_reference", "id": "msg_1"}], Format.OPENAI_RESPONSES),
        (
            [{"role": "user", "content": [{"type": "input_text", "text": "x"}]}],
            Format.OPENAI_RESPONSES,
        ),
        (
            [{"role": "assistant", "content": [{"type": "output_text", "text": "x"}]}],
            Format.OPENAI_RESPONSES,
        ),
        (
            [{"role": "user", "content": [{"type": "input_image", "image_url": "u"}]}],
            Format.OPENAI_RESPONSES,
        ),
        (
            [
                {
                    "role": "assistant",
                    "content": [{"type": "tool_use", "id": "t", "name": "f", "input": {}}],
                }
            ],
            Format.ANTHROPIC,
        ),
        (
            [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t"}]}],
            Format.ANTHROPIC,
        ),
        (
            [{"role": "assistant", "content": [{"type": "thinking", "thinking": "x"}]}],
            Format.ANTHROPIC,
        ),
        (
            [{"role": "assistant", "content": [{"type": "redacted_thinking", "data": "x"}]}],
            Format.ANTHROPIC,
        ),
        (
            [
                {
                    "role": "user",
                    "content": [{"type": "image", "source": {"type": "url", "url": "u"}}],
                }
            ],
            Format.ANTHROPIC,
        ),
        ({"system": "s", "messages": [{"role": "user", "content": "hi"}]}, Format.ANTHROPIC),
        (
            {"messages": [{"role": "user", "content": "hi"}], "id": "x", "meta": {}},
            Format.OPENAI_CHAT,
        ),
        (
            {"input": [{"role": "user", "content": "hi"}], "instructions": "i"},
            Format.OPENAI_RESPONSES,
        ),
        ({"input": "hello"}, Format.OPENAI_RESPONSES),
        ([], Format.OPENAI_CHAT),
    ],
)
def test_detect_format(payload: Any, expected: Format) -> None:
    assert detect_format(payload) is expected


@pytest.mark.parametrize(
    ("payload", "fragment"),
    [
        ("hello", "cannot detect the format of a str"),
        (42, "cannot detect the format of a int"),
        ({"id": 1}, "no 'messages' list"),
        ({"messages": "hi"}, "messages is str"),
        ({"input": 3}, "input is int"),
        ([{"role": "user", "content": "hi"}, "oops"], "message 1"),
    ],
)
def test_detect_format_rejects_what_holds_no_messages(payload: Any, fragment: str) -> None:
    with pytest.raises(TranscriptError) as caught:
        detect_format(payload)
    assert fragment in str(caught.value)


def test_to_canonical_dispatches_request_bodies() -> None:
    assert to_canonical({"system": "s", "messages": [{"role": "user", "content": "hi"}]}) == [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "hi"},
    ]
    assert to_canonical({"input": "hi", "instructions": "s"}) == [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "hi"},
    ]
    assert to_canonical({"messages": [{"role": "user", "content": "hi"}]}) == [
        {"role": "user", "content": "hi"}
    ]
    assert to_canonical([{"role": "user", "content": "hi"}], Format.ANTHROPIC) == [
        {"role": "user", "content": "hi"}
    ]


def test_to_canonical_reports_bad_messages_with_index() -> None:
    with pytest.raises(TranscriptError) as caught:
        to_canonical([{"role": "user", "content": "ok"}, {"content": "no role"}])
    assert (caught.value.index, caught.value.field) == (1, "role")


def test_from_canonical_dispatches() -> None:
    transcript: list[Any] = [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "hi", "_packlight": {"kind": "pinned"}},
    ]
    assert from_canonical(transcript, Format.OPENAI_CHAT) == [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "hi"},
    ]
    assert from_canonical(transcript, Format.OPENAI_CHAT, lossless=True) == transcript
    assert from_canonical(transcript, Format.ANTHROPIC) == {
        "system": "s",
        "messages": [{"role": "user", "content": "hi"}],
    }
    assert from_canonical(transcript, Format.OPENAI_RESPONSES) == [
        {"type": "message", "role": "system", "content": "s"},
        {"type": "message", "role": "user", "content": "hi"},
    ]


@settings(max_examples=60, deadline=None)
@given(canonical_transcripts())
def test_every_format_round_trips_through_the_dispatchers(transcript: list[Any]) -> None:
    for fmt in Format:
        payload = from_canonical(transcript, fmt, lossless=True)
        assert to_canonical(payload, fmt) == transcript


def test_detection_of_written_output_names_the_writer() -> None:
    transcript: list[Any] = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [TOOL_CALL]},
        {"role": "tool", "tool_call_id": "c1", "content": "x"},
    ]
    for fmt in Format:
        assert detect_format(from_canonical(transcript, fmt)) is fmt


def test_canonical_with_thinking_parts_is_still_chat() -> None:
    thinking = {"type": "thinking", "thinking": "hmm", "signature": "s"}
    transcript: list[Any] = [
        {"role": "assistant", "content": [thinking], "tool_calls": [TOOL_CALL]},
        {"role": "tool", "tool_call_id": "c1", "content": "x"},
    ]
    assert detect_format(transcript) is Format.OPENAI_CHAT


@settings(max_examples=60, deadline=None)
@given(canonical_transcripts())
def test_lossless_output_reads_back_without_naming_the_format(transcript: list[Any]) -> None:
    # Output that detection cannot tell from Chat Completions reads the same either way.
    # (Canonical lists themselves are not in this test: one holding only user messages and
    # assistant thinking parts is also a valid Anthropic list, and is detected as one.)
    for fmt in (Format.ANTHROPIC, Format.OPENAI_RESPONSES):
        assert to_canonical(from_canonical(transcript, fmt, lossless=True)) == transcript


def test_lossless_anthropic_output_with_plain_text_is_detected() -> None:
    transcript: list[Any] = [{"role": "user", "content": "hi", "name": "ann"}]
    payload = from_canonical(transcript, Format.ANTHROPIC, lossless=True)
    assert detect_format(payload) is Format.ANTHROPIC
    assert to_canonical(payload) == transcript
