"""The incremental Anthropic conversions give exactly what whole conversions give, turn after
turn, whatever changed since the last turn."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import packlight
from packlight.cli.demo import example_path
from packlight.formats import anthropic
from packlight.formats.incremental import AnthropicReader, AnthropicWriter
from packlight.messages import Message
from tests.formats.strategies import anthropic_conversations, canonical_transcripts


def growing(items: list[Any]) -> list[list[Any]]:
    return [items[:end] for end in range(1, len(items) + 1)]


def test_reading_a_real_conversation_turn_by_turn() -> None:
    conversation = anthropic.from_canonical(packlight.read_session(example_path()).messages)
    items, system = conversation["messages"], conversation.get("system")
    reader = AnthropicReader()
    for prefix in growing(items):
        assert reader.read(prefix, system=system) == anthropic.to_canonical(prefix, system=system)


def test_writing_a_real_view_turn_by_turn_across_compactions() -> None:
    history = packlight.read_session(example_path()).messages
    session = packlight.Session(model="gpt-4o", context_window=8_192)
    writer = AnthropicWriter()
    compacted = 0
    for end in range(2, len(history) + 1):
        prepared = session.prepare(history[:end])
        compacted += prepared.compacted
        view = prepared.canonical
        assert writer.write(view) == anthropic.from_canonical(view)
    assert compacted > 0


@settings(max_examples=60, deadline=None)
@given(anthropic_conversations(), st.data())
def test_reading_matches_after_any_edit(conversation: Any, data: st.DataObject) -> None:
    items, system = conversation
    reader = AnthropicReader()
    for prefix in growing(items):
        assert reader.read(prefix, system=system) == anthropic.to_canonical(prefix, system=system)
    if items:
        edited = copy.deepcopy(items)
        at = data.draw(st.integers(0, len(items) - 1))
        edited[at] = (
            {**edited[at], "content": "changed"} if edited[at]["role"] == "user" else edited[at]
        )
        try:
            expected = anthropic.to_canonical(edited, system=system)
        except packlight.TranscriptError:
            return
        assert reader.read(edited, system=system) == expected


@settings(max_examples=60, deadline=None)
@given(canonical_transcripts(), st.data())
def test_writing_matches_after_any_change(transcript: list[Message], data: st.DataObject) -> None:
    writer = AnthropicWriter()
    for prefix in growing(transcript):
        assert writer.write(prefix) == anthropic.from_canonical(prefix)
    cut = data.draw(st.integers(0, len(transcript)))
    replaced = [*transcript[:cut], {"role": "user", "content": "a new turn"}]
    assert writer.write(replaced) == anthropic.from_canonical(replaced)
