from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from packlight.errors import TranscriptError
from packlight.formats import Format
from packlight.sessionfile import iter_sessions, read_session, write_session

CHAT: list[dict[str, Any]] = [
    {"role": "system", "content": "be brief"},
    {"role": "user", "content": "list files"},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "bash", "arguments": '{"command": "ls"}'},
            }
        ],
    },
    {"role": "tool", "tool_call_id": "c1", "content": "a.py\nb.py"},
    {"role": "assistant", "content": "two files"},
]
TOOLS = [{"type": "function", "function": {"name": "bash", "parameters": {"type": "object"}}}]


def dump(path: Path, value: Any) -> Path:
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "value", "layout"),
    [
        ("bare.json", CHAT, "list"),
        ("object.json", {"id": "s1", "messages": CHAT, "tools": TOOLS, "meta": {"k": 1}}, "object"),
    ],
)
def test_json_layouts_round_trip_byte_for_byte_in_value(
    tmp_path: Path, name: str, value: Any, layout: str
) -> None:
    path = dump(tmp_path / name, value)
    session = read_session(path)
    assert session.layout == layout
    assert session.format is Format.OPENAI_CHAT
    assert session.messages == CHAT
    out = tmp_path / f"out-{name}"
    write_session(out, session)
    assert json.loads(out.read_text(encoding="utf-8")) == value


def test_object_keeps_tools_and_extra_keys(tmp_path: Path) -> None:
    path = dump(tmp_path / "s.json", {"id": "s1", "messages": CHAT, "tools": TOOLS, "meta": {}})
    session = read_session(path)
    assert session.tools == TOOLS
    assert session.session_id == "s1"
    assert list(session.extra) == ["id", "meta"]


def test_jsonl_one_session_per_line_streams(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    lines = [json.dumps({"id": f"s{i}", "messages": CHAT[: 2 + i % 2]}) for i in range(5)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    sessions = iter_sessions(path)
    first = next(sessions)  # a generator: nothing past the first line is needed yet
    assert first.session_id == "s0"
    assert [s.session_id for s in sessions] == ["s1", "s2", "s3", "s4"]
    assert read_session(path, index=3).session_id == "s3"
    with pytest.raises(TranscriptError, match="no session number 9"):
        read_session(path, index=9)


def test_jsonl_one_message_per_line(tmp_path: Path) -> None:
    path = tmp_path / "messages.jsonl"
    path.write_text("".join(json.dumps(m) + "\n" for m in CHAT), encoding="utf-8")
    session = read_session(path)
    assert session.layout == "jsonl-messages"
    assert session.messages == CHAT
    out = tmp_path / "out.jsonl"
    write_session(out, session)
    assert out.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


def test_anthropic_object_is_detected_and_written_back(tmp_path: Path) -> None:
    body = {
        "system": "be brief",
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": "t1", "name": "bash", "input": {"command": "ls"}}
                ],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "a.py"}],
            },
        ],
    }
    path = dump(tmp_path / "anthropic.json", body)
    session = read_session(path)
    assert session.format is Format.ANTHROPIC
    assert session.messages[0] == {"role": "system", "content": "be brief"}
    assert session.messages[3]["role"] == "tool"
    out = tmp_path / "out.json"
    write_session(out, session)
    assert json.loads(out.read_text(encoding="utf-8")) == body


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('[{"role": "user", "content": "a"}', "truncated"),
        ('[{"role": "user", "content": "a"},, ]', "invalid JSON at line 1"),
        ("", "empty"),
        ('{"id": 1}', "no 'messages'"),
        ('"just a string"', "expected a list of messages"),
    ],
)
def test_bad_files_raise_transcript_error_naming_the_file(
    tmp_path: Path, text: str, fragment: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TranscriptError) as caught:
        read_session(path)
    assert fragment in str(caught.value)
    assert str(path) in str(caught.value)


def test_bad_message_names_index_and_field(tmp_path: Path) -> None:
    path = dump(tmp_path / "bad.json", [{"role": "user", "content": "ok"}, {"content": "no role"}])
    with pytest.raises(TranscriptError) as caught:
        read_session(path)
    assert caught.value.index == 1
    assert caught.value.field == "role"
    assert "message 1" in str(caught.value)


def test_truncated_jsonl_line(tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    path.write_text(
        json.dumps({"messages": CHAT}) + "\n" + '{"messages": [{"role"', encoding="utf-8"
    )
    sessions = iter_sessions(path)
    next(sessions)
    with pytest.raises(TranscriptError, match="truncated"):
        next(sessions)


@pytest.mark.shared_data
def test_every_shared_trajectory_loads(shared_data: Path) -> None:
    files = sorted((shared_data / "trajectories").rglob("*.json*"))
    assert files
    loaded = 0
    for path in files:
        for session in iter_sessions(path):
            assert session.messages
            assert session.format is Format.OPENAI_CHAT
            loaded += 1
    assert loaded == 40 + 134
