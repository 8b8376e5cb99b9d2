from __future__ import annotations

from typing import Any

import pytest

from packlight.compressor.assemble import SYSTEM_NOTE, assemble, checkpoint_role, with_system_note


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        (None, "user", "user"),
        ("system", "assistant", "user"),
        ("assistant", "assistant", "user"),
        ("tool", "user", "user"),
        ("user", "user", "assistant"),
        ("user", None, "assistant"),
        ("user", "assistant", "user"),  # no alternating role exists: user (merged by Anthropic)
    ],
)
def test_checkpoint_role(before: str | None, after: str | None, expected: str) -> None:
    previous = {"role": before} if before else None
    following = {"role": after} if after else None
    assert checkpoint_role(previous, following) == expected


def test_system_note_added_once_and_original_untouched() -> None:
    system: dict[str, Any] = {"role": "system", "content": "rules"}
    noted = with_system_note(system)
    assert noted["content"].endswith(SYSTEM_NOTE)
    assert system == {"role": "system", "content": "rules"}
    assert with_system_note(noted) is noted
    parts = with_system_note({"role": "system", "content": [{"type": "text", "text": "r"}]})
    assert parts["content"][-1] == {"type": "text", "text": SYSTEM_NOTE}


def test_assemble_keeps_head_pinned_and_tail_objects() -> None:
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "rules"},
        {"role": "user", "content": "task"},
        {"role": "assistant", "content": "a"},
        {"role": "user", "content": "b"},
        {"role": "assistant", "content": "c"},
        {"role": "user", "content": "d"},
    ]
    out = assemble(
        messages,
        head_end=1,
        tail_start=4,
        pinned=[(1, 2)],
        checkpoint_text="CP",
        checkpoint_meta={"kind": "checkpoint"},
    )
    assert [m["content"] for m in out[1:]] == ["CP", "task", "c", "d"]
    assert out[2] is messages[1]
    assert out[3] is messages[4]
    assert out[1]["role"] == "user"
    assert out[1]["_packlight"] == {"kind": "checkpoint"}
