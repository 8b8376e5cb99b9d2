"""No packlight function ever mutates the caller's objects."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from packlight import formats
from packlight.budget import Budget
from packlight.compressor.engine import ContextCompressor
from packlight.formats import Format, openai_chat
from packlight.inspection import inspect_transcript
from packlight.messages import atomic_spans, strip_packlight, tool_groups
from packlight.sessionfile import SessionFile, dumps_session, parse_session
from packlight.tokens import EstimateCounter, TranscriptCounter
from tests.compressor.test_properties import bulky_transcripts
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


# --- compress: the result and the input share nothing mutable --------------------------------


def containers(value: Any) -> list[dict[str, Any] | list[Any]]:
    """Every dict and list reachable from ``value`` (each once)."""
    found: list[dict[str, Any] | list[Any]] = []
    seen: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if not isinstance(item, dict | list) or id(item) in seen:
            continue
        seen.add(id(item))
        found.append(item)
        stack.extend(item.values() if isinstance(item, dict) else item)
    return found


def vandalise(messages: list[Any]) -> int:
    """Edit every dict and list reachable from ``messages`` in place; how many were edited."""
    edited = containers(messages)
    for item in edited:
        if isinstance(item, dict):
            for key in list(item):
                item[key] = "edited"
            item["added by the caller"] = True
        else:
            item.append("appended by the caller")
    return len(edited)


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    bulky_transcripts(),
    st.sampled_from([4_000, 16_000, 128_000]),
    st.booleans(),
    st.sampled_from(["compress", "preview", "acompress"]),
)
def test_compress_result_shares_nothing_with_the_input(
    transcript: list[dict[str, Any]], window: int, force: bool, method: str
) -> None:
    snapshot = copy.deepcopy(transcript)
    engine = ContextCompressor(model="gpt-4o", context_window=window, key=b"n" * 32)
    if method == "preview":
        result = engine.preview(transcript)
    elif method == "acompress":
        result = asyncio.run(engine.acompress(transcript, force=force))
    else:
        result = engine.compress(transcript, force=force)
    event("compacted" if result.compacted else "not compacted")
    assert transcript == snapshot  # compress itself changed nothing
    if not result.compacted:
        assert result.messages == transcript
    # Whatever the caller does to the result, compacted or not, the input stays as it was...
    vandalise(result.messages)
    assert transcript == snapshot
    # ... and the other way round: editing the input afterwards leaves the result alone.
    kept = copy.deepcopy(result.messages)
    vandalise(transcript)
    assert result.messages == kept


def test_editing_a_kept_tail_message_leaves_the_input_alone() -> None:
    """The adversarial case: a compacted result's tail dict, content list and tool_calls."""
    filler = "Traceback (most recent call last):\n" + '  File "x.py", line 1\n' * 300
    transcript: list[dict[str, Any]] = [
        {"role": "system", "content": [{"type": "text", "text": "s"}]}
    ]
    for turn in range(12):
        transcript += [
            {"role": "user", "content": [{"type": "text", "text": f"step {turn}"}]},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"c{turn}",
                        "type": "function",
                        "function": {"name": "bash", "arguments": '{"command": "ls"}'},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": f"c{turn}", "content": filler},
        ]
    snapshot = copy.deepcopy(transcript)
    result = ContextCompressor(model="gpt-4o", context_window=16_000).compress(
        transcript, force=True
    )
    assert result.compacted, result.reason
    last_call = next(m for m in reversed(result.messages) if m.get("tool_calls"))
    last_call["tool_calls"].append({"id": "x"})
    last_call["tool_calls"][0]["function"]["name"] = "edited"
    result.messages[-3]["content"].append({"type": "text", "text": "edited"})
    result.messages[-1]["content"] = "edited"
    result.messages[0]["content"][0]["text"] = "edited"
    assert transcript == snapshot
