"""No packlight function ever mutates the caller's objects."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings

from packlight import formats
from packlight.budget import Budget
from packlight.formats import Format, openai_chat
from packlight.inspection import inspect_transcript
from packlight.messages import atomic_spans, strip_packlight, tool_groups
from packlight.sessionfile import SessionFile, dumps_session, parse_session
from packlight.tokens import EstimateCounter, TranscriptCounter
from tests.formats.strategies import canonical_transcripts


@settings(max_examples=60, deadline=None)
@given(canonical_transcripts())
def test_public_functions_leave_the_input_untouched(transcript: list[dict[str, Any]]) -> None:
    snapshot = copy.deepcopy(transcript)
    openai_chat.validate(transcript)
    for fmt in Format:
        for lossless in (False, True):
            converted = formats.from_canonical(transcript, fmt, lossless=lossless)
            converted_snapshot = copy.deepcopy(converted)
            formats.to_canonical(converted, fmt)
            assert converted == converted_snapshot
    strip_packlight(transcript)
    tool_groups(transcript)
    atomic_spans(transcript)
    counter = TranscriptCounter(EstimateCounter())
    counter.request(transcript)
    inspect_transcript(transcript, None, counter=counter, budget=Budget.for_window(32_000))
    session = SessionFile(messages=transcript)
    text = dumps_session(session)
    parse_session(transcript)
    assert text
    assert transcript == snapshot
