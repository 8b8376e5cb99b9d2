"""Anthropic prompt-cache breakpoints: where add_cache_breakpoints puts them, and where not."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from packlight.caching import add_cache_breakpoints, count_breakpoints
from packlight.errors import ConfigError
from packlight.formats import anthropic

EPHEMERAL = {"type": "ephemeral"}

# Blank text is what a marker must never land on; the API rejects it.
TEXT = st.sampled_from(["", " ", "\n", "hello", "ls -R", "日本語", "done."])
THINKING = st.one_of(
    st.builds(lambda t: {"type": "thinking", "thinking": t, "signature": "sig"}, TEXT),
    st.just({"type": "redacted_thinking", "data": "opaque"}),
)
TEXT_BLOCK = st.builds(lambda t: {"type": "text", "text": t}, TEXT)
IMAGE_BLOCK = st.just(
    {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBO"}}
)


@st.composite
def turns(draw: st.DrawFn, ids: Iterator[int]) -> list[dict[str, Any]]:
    kind = draw(st.sampled_from(["user", "assistant", "tools"]))
    if kind == "user":
        blocks = st.lists(TEXT_BLOCK | IMAGE_BLOCK, max_size=3)
        return [{"role": "user", "content": draw(TEXT | blocks)}]
    if kind == "assistant":
        blocks = st.lists(TEXT_BLOCK | THINKING, max_size=3)
        return [{"role": "assistant", "content": draw(TEXT | blocks)}]
    uses = [
        {"type": "tool_use", "id": f"toolu_{next(ids)}", "name": "run", "input": {"n": n}}
        for n in range(draw(st.integers(1, 2)))
    ]
    thinking = draw(st.lists(THINKING, max_size=1))
    results = [
        {"type": "tool_result", "tool_use_id": use["id"], "content": draw(TEXT)} for use in uses
    ]
    trailing = draw(st.lists(TEXT_BLOCK, max_size=1))
    return [
        {"role": "assistant", "content": thinking + uses},
        {"role": "user", "content": results + trailing},
    ]


@st.composite
def conversations(draw: st.DrawFn) -> tuple[Any, list[dict[str, Any]]]:
    system = draw(st.none() | TEXT | st.lists(TEXT_BLOCK, min_size=1, max_size=2))
    ids = itertools.count()
    messages = [m for turn in draw(st.lists(turns(ids), max_size=8)) for m in turn]
    return system, messages


def eligible(block: Any) -> bool:
    if block.get("type") in ("thinking", "redacted_thinking"):
        return False
    return block.get("type") != "text" or bool(block["text"].strip())


def blocks_of(content: Any) -> list[dict[str, Any]]:
    if content is None:
        return []
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return list(content)


def marked_positions(content: Any) -> list[int]:
    if not isinstance(content, list):
        return []
    return [i for i, block in enumerate(content) if "cache_control" in block]


def check_marked(original: Any, marked: Any) -> None:
    """``marked`` is ``original`` as blocks, with one marker on its last eligible block."""
    before = blocks_of(original)
    last = max(i for i, block in enumerate(before) if eligible(block))
    assert marked_positions(marked) == [last]
    assert marked[last]["cache_control"] == EPHEMERAL
    assert [{k: v for k, v in b.items() if k != "cache_control"} for b in marked] == before


@settings(max_examples=300, deadline=None)
@given(conversations(), st.integers(0, 6))
def test_breakpoints_go_on_the_system_and_the_last_three_eligible_messages(
    conversation: tuple[Any, list[dict[str, Any]]], max_breakpoints: int
) -> None:
    system, messages = conversation
    snapshot = copy.deepcopy(conversation)

    new_system, new_messages = add_cache_breakpoints(
        system, messages, max_breakpoints=max_breakpoints
    )

    assert (system, messages) == snapshot  # nothing mutated
    total = count_breakpoints(new_system, new_messages)
    assert total <= min(4, max_breakpoints)
    anthropic.validate(new_messages, system=new_system)

    room = max_breakpoints
    system_eligible = any(eligible(block) for block in blocks_of(system))
    if system_eligible and room:
        check_marked(system, new_system)
        room -= 1
    else:
        assert new_system is system
    eligible_messages = [
        i for i, m in enumerate(messages) if any(eligible(b) for b in blocks_of(m["content"]))
    ]
    expected = set(eligible_messages[::-1][: min(3, room)])
    assert len(new_messages) == len(messages)
    for index, (before, after) in enumerate(zip(messages, new_messages, strict=True)):
        if index in expected:
            assert after["role"] == before["role"]
            check_marked(before["content"], after["content"])
        else:
            assert after is before
    assert total == len(expected) + (new_system is not system)


def test_a_string_system_and_string_contents_become_marked_text_blocks() -> None:
    messages = [
        {"role": "user", "content": "first"},
        {"role": "assistant", "content": "second"},
        {"role": "user", "content": "third"},
        {"role": "assistant", "content": "fourth"},
    ]
    system, result = add_cache_breakpoints("You are terse.", messages)

    assert system == [{"type": "text", "text": "You are terse.", "cache_control": EPHEMERAL}]
    assert result[0] is messages[0]
    assert [m["content"] for m in result[1:]] == [
        [{"type": "text", "text": text, "cache_control": EPHEMERAL}]
        for text in ("second", "third", "fourth")
    ]
    assert count_breakpoints(system, result) == 4


def test_one_hour_ttl_is_written_on_every_marker() -> None:
    system, result = add_cache_breakpoints(
        [{"type": "text", "text": "rules"}], [{"role": "user", "content": "hi"}], ttl="1h"
    )
    marker = {"type": "ephemeral", "ttl": "1h"}
    assert isinstance(system, list)
    assert system[0]["cache_control"] == marker
    assert result[0]["content"][0]["cache_control"] == marker


def test_thinking_only_and_blank_messages_are_skipped_for_an_earlier_one() -> None:
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": "oldest"},
        {"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": ""}]},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "x", "signature": "s"}]},
        {"role": "user", "content": "   "},
        {"role": "assistant", "content": [{"type": "redacted_thinking", "data": "d"}]},
        {"role": "user", "content": [{"type": "text", "text": "latest"}]},
    ]
    _, result = add_cache_breakpoints(None, messages)

    marked = [i for i, m in enumerate(result) if marked_positions(m["content"])]
    assert marked == [0, 1, 5]
    assert marked_positions(result[1]["content"]) == [0]  # not on the empty text after it
    assert all(result[i] is messages[i] for i in (2, 3, 4))


def test_marks_the_last_eligible_block_of_a_tool_turn() -> None:
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": "go"},
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "plan", "signature": "s"},
                {"type": "tool_use", "id": "t1", "name": "ls", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": "a.py"},
                {"type": "text", "text": ""},
            ],
        },
    ]
    _, result = add_cache_breakpoints(None, messages)

    assert marked_positions(result[1]["content"]) == [1]  # the tool_use, not the thinking
    assert marked_positions(result[2]["content"]) == [0]  # the tool_result
    anthropic.validate(result)


def test_fewer_breakpoints_keep_the_system_then_the_newest_messages() -> None:
    messages = [{"role": "user", "content": str(n)} for n in range(5)]
    system, result = add_cache_breakpoints("sys", messages, max_breakpoints=2)

    assert count_breakpoints(system, result) == 2
    assert isinstance(system, list)
    assert marked_positions(result[4]["content"]) == [0]
    assert all(result[i] is messages[i] for i in range(4))


@pytest.mark.parametrize(
    ("system", "messages"),
    [
        ([{"type": "text", "text": "sys", "cache_control": EPHEMERAL}], []),
        (
            "sys",
            [{"role": "user", "content": [{"type": "text", "text": "x", "cache_control": {}}]}],
        ),
        (
            None,
            [
                {"role": "user", "content": "hi"},
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "tool_result",
                            "tool_use_id": "t",
                            "content": [{"type": "text", "text": "x", "cache_control": EPHEMERAL}],
                        }
                    ],
                },
            ],
        ),
    ],
    ids=["system", "message", "nested-in-tool-result"],
)
def test_the_callers_own_markers_leave_the_request_unchanged(
    system: Any, messages: list[dict[str, Any]]
) -> None:
    new_system, new_messages = add_cache_breakpoints(system, messages)

    assert new_system is system
    assert all(a is b for a, b in zip(new_messages, messages, strict=True))
    assert count_breakpoints(new_system, new_messages) == 1


def test_nothing_to_mark_returns_the_input() -> None:
    messages: list[Mapping[str, Any]] = [{"role": "user", "content": ""}]
    system, result = add_cache_breakpoints("", messages)
    assert system == ""
    assert result == messages
    assert result[0] is messages[0]
    assert add_cache_breakpoints(None, []) == (None, [])


@pytest.mark.parametrize(
    ("kwargs", "key"),
    [
        ({"ttl": "10m"}, "cache.ttl"),
        ({"ttl": None}, "cache.ttl"),
        ({"max_breakpoints": -1}, "cache.max_breakpoints"),
        ({"max_breakpoints": True}, "cache.max_breakpoints"),
    ],
)
def test_invalid_settings_are_config_errors(kwargs: dict[str, Any], key: str) -> None:
    with pytest.raises(ConfigError) as caught:
        add_cache_breakpoints("sys", [], **kwargs)
    assert caught.value.key == key
