"""``openai_chat.validate``: the checks every canonical transcript has to pass."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from packlight.errors import TranscriptError
from packlight.formats import openai_chat
from tests.formats.strategies import shared_transcripts


def assistant(*call_ids: str, arguments: Any = "{}") -> dict[str, Any]:
    calls = [
        {"id": call_id, "type": "function", "function": {"name": "f", "arguments": arguments}}
        for call_id in call_ids
    ]
    return {"role": "assistant", "content": None, "tool_calls": calls}


def tool(call_id: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": "ok"}


USER = {"role": "user", "content": "hi"}


@pytest.mark.parametrize(
    ("messages", "index", "field"),
    [
        ([USER, {"content": "no role"}], 1, "role"),
        ([{"role": "robot", "content": "x"}], 0, "role"),
        ([{"role": "user", "content": 42}], 0, "content"),
        ([{"role": "user", "content": None}], 0, "content"),
        ([{"role": "user", "content": [{"text": "x"}]}], 0, "content[0].type"),
        ([{"role": "user", "content": [{"type": "text"}]}], 0, "content[0].text"),
        ([USER, tool("c1")], 1, "tool_call_id"),
        ([assistant("c1"), tool("c1"), tool("c2")], 2, "tool_call_id"),
        ([{"role": "tool", "content": "x"}], 0, "tool_call_id"),
        ([assistant("c1", "c1")], 0, "tool_calls[1].id"),
        ([assistant("c1", arguments={"a": 1})], 0, "tool_calls[0].function.arguments"),
        ([{"role": "assistant", "content": None, "tool_calls": "x"}], 0, "tool_calls"),
        ([{"role": "user", "content": "x", "tool_calls": []}], 0, "tool_calls"),
    ],
)
def test_bad_messages_name_index_and_field(messages: list[Any], index: int, field: str) -> None:
    with pytest.raises(TranscriptError) as caught:
        openai_chat.validate(messages)
    assert (caught.value.index, caught.value.field) == (index, field)
    assert f"message {index}" in str(caught.value)
    assert caught.value.expected


def test_not_a_list_is_rejected() -> None:
    for value in ("text", {"messages": []}, None):
        with pytest.raises(TranscriptError, match="list of messages"):
            openai_chat.validate(value)


def test_valid_input_is_neither_rejected_nor_mutated() -> None:
    messages = [
        assistant("c0"),
        tool("c0"),
        # An answered id may come back in a later turn (tau-bench does this).
        assistant("c0"),
        tool("c0"),
        {"role": "system", "content": "s"},
        {"role": "user", "content": [{"type": "text", "text": "q"}], "name": "ann"},
        {"role": "assistant", "content": "", "tool_calls": assistant("c1")["tool_calls"]},
        {"role": "tool", "tool_call_id": "c1", "content": "ok", "name": "f", "extra": [1]},
        {"role": "developer", "content": "later"},
        {"role": "assistant", "content": None},
    ]
    before = copy.deepcopy(messages)
    openai_chat.validate(messages)
    converted = openai_chat.to_canonical(messages)
    assert converted == messages
    converted[5]["content"].append({"type": "text", "text": "changed"})
    assert messages == before


@pytest.mark.shared_data
def test_real_transcripts_validate(shared_data: Path) -> None:
    for _source, name, transcript in shared_transcripts(shared_data):
        before = copy.deepcopy(transcript)
        try:
            openai_chat.validate(transcript)
        except TranscriptError as exc:  # pragma: no cover - the message names the session
            pytest.fail(f"{name}: {exc}")
        assert transcript == before, name
