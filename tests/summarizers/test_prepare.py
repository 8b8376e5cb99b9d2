"""The span an LLM summarizer sends: rendered, redacted, capped per message and in total."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from packlight.cli.demo import example_path
from packlight.errors import ConfigError
from packlight.messages import Message
from packlight.redact import MARKER_PATTERN
from packlight.summarizers.prepare import (
    REASONING_TAGS,
    InputLimits,
    cut_marker,
    fit_to_window,
    omitted_marker,
    prepare_span,
    strip_reasoning,
)
from tests.formats.strategies import canonical_transcripts
from tests.redaction import masked

OPENAI = "sk-proj-" + "A1b2C3d4E5f6G7h8J9k0" * 2


def _span(*messages: dict[str, Any]) -> list[Message]:
    return cast(list[Message], list(messages))


def _call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def test_a_span_renders_one_block_per_message() -> None:
    span = _span(
        {"role": "system", "content": "Be brief."},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Look:"},
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0"}},
                {"type": "input_audio", "input_audio": {"data": "UklGR", "format": "wav"}},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "a private plan", "signature": "sig"},
                {"type": "redacted_thinking", "data": "opaque"},
                {"type": "reasoning", "summary": [{"type": "summary_text", "text": "hidden"}]},
                {"type": "text", "text": "Listing."},
            ],
            "reasoning_content": "more hidden thoughts",
            "tool_calls": [
                _call("c1", "bash", '{"command": "ls"}'),
                _call("c2", "read", '{"path": "a.py"}'),
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "a.py\nb.py"},
        {"role": "tool", "tool_call_id": "c2", "content": [{"type": "text", "text": "x = 1"}]},
        {"role": "tool", "tool_call_id": "elsewhere", "name": "search", "content": "no hits"},
        {"role": "tool", "tool_call_id": "unknown", "content": "orphan"},
        {"role": "assistant", "content": None},
    )
    prepared = prepare_span(span)
    assert prepared.text == (
        "[0] SYSTEM\nBe brief.\n\n"
        "[1] USER\nLook:\n[image]\n[audio]\n\n"
        '[2] ASSISTANT\nListing.\ncall bash({"command": "ls"})\ncall read({"path": "a.py"})\n\n'
        "[3] TOOL (tool: bash)\na.py\nb.py\n\n"
        "[4] TOOL (tool: read)\nx = 1\n\n"
        "[5] TOOL (tool: search)\nno hits\n\n"
        "[6] TOOL\norphan\n\n"
        "[7] ASSISTANT\n[empty]"
    )
    assert (prepared.messages, prepared.cut_messages, prepared.cut_total) == (8, 0, False)
    assert prepared.redactions == Counter()


def test_thinking_never_reaches_the_text() -> None:
    span = _span(
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "THOUGHT-A", "signature": "s"},
                {"type": "text", "text": "answer"},
            ],
        }
    )
    assert prepare_span(span).text == "[0] ASSISTANT\nanswer"


def test_secrets_are_redacted_in_content_and_arguments() -> None:
    span = _span(
        {"role": "user", "content": f"my key is {OPENAI}"},
        {
            "role": "assistant",
            "content": "connecting",
            "tool_calls": [
                _call("c1", "sql", json.dumps({"dsn": "postgres://app:s3cret@db/app"})),
                _call("c2", "login", json.dumps({"user": "admin", "password": "hunter2"})),
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "export API_TOKEN=abcdefgh1234"},
    )
    original = copy.deepcopy(span)
    prepared = prepare_span(span)
    assert span == original
    for secret in (OPENAI, "s3cret", "hunter2", "abcdefgh1234"):
        assert secret not in prepared.text
    assert masked(prepared.text) == (
        "[0] USER\nmy key is [secret: openai-key #____]\n\n"
        "[1] ASSISTANT\nconnecting\n"
        'call sql({"dsn": "postgres://app:[secret: url-password #____]@db/app"})\n'
        'call login({"user": "admin", "password": "[secret: password #____]"})\n\n'
        "[2] TOOL (tool: sql)\nexport API_TOKEN=[secret: secret #____]"
    )
    assert prepared.redactions == Counter(
        {"openai-key": 1, "url-password": 1, "password": 1, "secret": 1}
    )


def test_a_long_message_keeps_its_head_and_tail_around_an_exact_marker() -> None:
    body = "H" * 1_000 + "M" * 1_000 + "T" * 1_000
    limits = InputLimits(per_message_chars=1_000)
    prepared = prepare_span(_span({"role": "user", "content": body}), limits)
    # room = 1000 - len("…[3000 chars cut]…") = 982: 491 from the head, 491 from the tail
    assert cut_marker(2_018) == "…[2018 chars cut]…"
    assert prepared.text == "[0] USER\n" + "H" * 491 + "…[2018 chars cut]…" + "T" * 491
    assert len(prepared.text) - len("[0] USER\n") == 1_000
    assert (prepared.cut_messages, prepared.cut_total) == (1, False)


def test_long_arguments_keep_their_head_and_tail() -> None:
    arguments = json.dumps({"command": "a" * 300})  # 315 characters
    span = _span({"role": "assistant", "content": None, "tool_calls": [_call("c", "x", arguments)]})
    prepared = prepare_span(span, InputLimits(per_argument_chars=100))
    # room = 100 - len("…[315 chars cut]…") = 83: 42 from the head, 41 from the tail
    expected = arguments[:42] + "…[232 chars cut]…" + arguments[-41:]
    assert prepared.text == f"[0] ASSISTANT\ncall x({expected})"
    assert len(expected) == 100
    assert prepared.cut_messages == 1


def _user_messages(count: int, size: int) -> list[Message]:
    return _span(*({"role": "user", "content": f"m{i}-".ljust(size, "x")} for i in range(count)))


def test_the_total_cap_keeps_the_first_and_last_messages_and_marks_the_middle() -> None:
    span = _user_messages(10, 300)  # blocks of 309 characters
    prepared = prepare_span(span, InputLimits(total_chars=1_000, per_message_chars=1_000))
    block = [f"[{i}] USER\n" + f"m{i}-".ljust(300, "x") for i in range(10)]
    assert omitted_marker(7, 7 * 309) == (
        "…[7 messages / 2163 chars omitted from the middle of the span]…"
    )
    assert prepared.text == "\n\n".join(
        [block[0], "…[7 messages / 2163 chars omitted from the middle of the span]…", *block[8:]]
    )
    assert len(prepared.text) <= 1_000
    assert (prepared.messages, prepared.cut_messages, prepared.cut_total) == (10, 0, True)


def test_one_omitted_message_is_singular() -> None:
    assert omitted_marker(1, 12) == "…[1 message / 12 chars omitted from the middle of the span]…"


def test_first_and_last_survive_when_one_message_may_fill_the_whole_cap() -> None:
    span = _user_messages(5, 5_000)
    prepared = prepare_span(span, InputLimits(total_chars=4_000, per_message_chars=4_000))
    assert prepared.text.startswith("[0] USER\nm0-")
    assert "\n\n[4] USER\nm4-" in prepared.text
    assert re.search(r"…\[3 messages / \d+ chars omitted from the middle", prepared.text)
    assert len(prepared.text) <= 4_000
    assert (prepared.cut_messages, prepared.cut_total) == (5, True)


@pytest.mark.parametrize("limit", range(100, 160, 3))
def test_cuts_never_split_a_redaction_marker(limit: int) -> None:
    content = f"x {OPENAI} " * 40
    prepared = prepare_span(_span({"role": "user", "content": content}), InputLimits(limit))
    body = prepared.text.removeprefix("[0] USER\n")
    assert len(body) <= limit
    leftover = MARKER_PATTERN.sub("", re.sub(r"…\[\d+ chars cut\]…", "", body))
    assert "[" not in leftover
    assert "]" not in leftover
    assert OPENAI[:12] not in body


def _example_messages() -> list[Message]:
    return cast(list[Message], json.loads(example_path().read_text(encoding="utf-8"))["messages"])


def test_a_real_trajectory_fits_the_default_limits() -> None:
    messages = _example_messages()
    original = copy.deepcopy(messages)
    prepared = prepare_span(messages)
    assert messages == original
    assert len(prepared.text) <= 160_000
    assert prepared.messages == 78
    assert prepared.text.startswith("[0] SYSTEM\nYou are a helpful assistant")
    assert "\n\n[77] " in prepared.text


def test_a_real_trajectory_under_a_tight_total_keeps_both_ends() -> None:
    limits = InputLimits(total_chars=20_000, per_message_chars=3_000, per_argument_chars=200)
    prepared = prepare_span(_example_messages(), limits)
    assert len(prepared.text) <= 20_000
    assert prepared.cut_total
    assert prepared.text.startswith("[0] SYSTEM\n")
    assert "\n\n[77] " in prepared.text
    assert re.search(r"…\[\d+ messages / \d+ chars omitted from the middle", prepared.text)


@settings(max_examples=60, deadline=None)
@given(canonical_transcripts(max_turns=10))
def test_any_transcript_renders_within_the_cap(transcript: list[dict[str, Any]]) -> None:
    span = cast(list[Message], transcript)
    original = copy.deepcopy(span)
    prepared = prepare_span(span, InputLimits(total_chars=1_000, per_message_chars=200))
    assert span == original
    assert len(prepared.text) <= 1_000
    assert prepared.messages == len(span)


@pytest.mark.parametrize(
    ("fields", "key"),
    [
        ({"per_message_chars": 99}, "summarizer.input.per_message_chars"),
        ({"total_chars": 999}, "summarizer.input.total_chars"),
        ({"per_argument_chars": 0}, "summarizer.input.per_argument_chars"),
        ({"per_argument_chars": True}, "summarizer.input.per_argument_chars"),
        ({"total_chars": 5_000.0}, "summarizer.input.total_chars"),
        ({"per_message_chars": 2_000, "total_chars": 1_000}, "summarizer.input.per_message_chars"),
    ],
)
def test_invalid_limits_are_refused(fields: dict[str, Any], key: str) -> None:
    with pytest.raises(ConfigError) as caught:
        InputLimits(**fields)
    assert caught.value.key == key


def test_fit_to_window_leaves_limits_that_fit_alone() -> None:
    limits = InputLimits()
    assert fit_to_window(limits, window_tokens=128_000, prompt_overhead_tokens=8_000) == (
        limits,
        None,
    )
    # (60_000 - 6_666) * 3.0 = 160_002 characters fit; one token more overhead leaves 159_999
    assert fit_to_window(limits, window_tokens=60_000, prompt_overhead_tokens=6_666)[1] is None
    fitted, _ = fit_to_window(limits, window_tokens=60_000, prompt_overhead_tokens=6_667)
    assert fitted.total_chars == 159_999


def test_fit_to_window_lowers_the_total() -> None:
    limits = InputLimits()
    fitted, note = fit_to_window(limits, window_tokens=16_000, prompt_overhead_tokens=4_000)
    assert fitted == InputLimits(per_message_chars=12_000, total_chars=36_000)
    assert note == (
        "summary input lowered from 160,000 to 36,000 characters to fit a 16,000-token window "
        "after 4,000 tokens of prompt overhead (at 3 characters per token)"
    )


def test_fit_to_window_lowers_the_per_message_cap_with_a_small_total() -> None:
    fitted, note = fit_to_window(
        InputLimits(), window_tokens=4_096, prompt_overhead_tokens=1_096, chars_per_token=3.5
    )
    assert fitted == InputLimits(per_message_chars=10_500, total_chars=10_500)
    assert note is not None
    assert note.endswith("; per-message cap lowered to 10,500 characters")


@pytest.mark.parametrize(
    ("window", "overhead", "ratio", "key"),
    [
        (1_000, 900, 3.0, "window_tokens"),
        (8_000, 9_000, 3.0, "window_tokens"),
        (0, 0, 3.0, "window_tokens"),
        (8_000, -1, 3.0, "prompt_overhead_tokens"),
        (8_000, 100, 0.0, "chars_per_token"),
        (8_000, 100, float("nan"), "chars_per_token"),
    ],
)
def test_fit_to_window_refuses_a_window_with_no_room(
    window: int, overhead: int, ratio: float, key: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        fit_to_window(
            InputLimits(),
            window_tokens=window,
            prompt_overhead_tokens=overhead,
            chars_per_token=ratio,
        )
    assert caught.value.key == key


# --------------------------------------------------------------------------- inline reasoning

# Filler without "<" or ">", so that only the generated tags are tags.
_FILLER = st.text(alphabet="abcdefgh XYZ.,:;!?-\n\t", max_size=30)


@st.composite
def _reasoning_texts(draw: st.DrawFn) -> tuple[str, list[str], list[str]]:
    """An assistant text of visible pieces and reasoning blocks (varied tags, letter case,
    spacing inside the tag; the last block may be unclosed), with the marker words each
    kind holds."""
    visible: list[str] = []
    hidden: list[str] = []
    pieces: list[str] = []
    count = draw(st.integers(1, 5))
    unclosed = False
    for index in range(count):
        if draw(st.booleans()):
            word = f"VISIBLE{index}x"
            visible.append(word)
            pieces.append(f"{draw(_FILLER)} {word} {draw(_FILLER)}")
        tag = draw(st.sampled_from(REASONING_TAGS))
        opening = "".join(c.upper() if draw(st.booleans()) else c for c in tag)
        closing = "".join(c.upper() if draw(st.booleans()) else c for c in tag)
        word = f"HIDDEN{index}x"
        hidden.append(word)
        inner = f"{draw(_FILLER)} {word} {draw(_FILLER)}"
        last = index == count - 1
        if last and draw(st.booleans()):
            unclosed = True
            pieces.append(f"<{opening}>{inner}")  # cut off: never closed
        else:
            space = draw(st.sampled_from(["", " ", "\n"]))
            pieces.append(f"<{opening}{space}>{inner}</{closing}{space}>")
    if not unclosed and draw(st.booleans()):
        pieces.append(f"{draw(_FILLER)} VISIBLEendx")
        visible.append("VISIBLEendx")
    return "".join(pieces), visible, hidden


@settings(max_examples=200, deadline=None)
@given(_reasoning_texts(), st.booleans())
def test_inline_reasoning_in_assistant_text_is_dropped(
    generated: tuple[str, list[str], list[str]], as_parts: bool
) -> None:
    text, visible, hidden = generated
    content: Any = [{"type": "text", "text": text}] if as_parts else text
    span = _span(
        {"role": "user", "content": "Go on."},
        {"role": "assistant", "content": content, "tool_calls": [_call("c1", "bash", "{}")]},
    )
    rendered = prepare_span(span).text
    for word in hidden:
        assert word not in rendered
    for word in visible:
        assert word in rendered
    assert "call bash({})" in rendered
    lowered = rendered.lower()
    assert not any(f"<{tag}" in lowered or f"</{tag}" in lowered for tag in REASONING_TAGS)


def test_reasoning_tags_in_other_roles_are_text() -> None:
    span = _span(
        {"role": "user", "content": "Wrap your plan in <think>like this</think>, please."},
        {"role": "tool", "tool_call_id": "c1", "content": "grep: <reasoning>kept</reasoning>"},
        {"role": "assistant", "content": "<thinking>only a plan, no answer"},
    )
    assert prepare_span(span).text == (
        "[0] USER\nWrap your plan in <think>like this</think>, please.\n\n"
        "[1] TOOL\ngrep: <reasoning>kept</reasoning>\n\n"
        "[2] ASSISTANT\n[empty]"
    )


def test_strip_reasoning_says_whether_anything_was_removed() -> None:
    assert strip_reasoning("plain <b>text</b>") == ("plain <b>text</b>", False)
    assert strip_reasoning("a<THINK>x</think>b</thought>") == ("ab", True)
