from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from packlight.errors import TranscriptError
from packlight.formats import Format
from packlight.sessionfile import (
    SessionFile,
    dumps_session,
    iter_messages,
    iter_sessions,
    read_session,
    write_session,
)

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


# --- the file's own JSON value comes back: keys, their order, empty and null values --------


def same_json(text: str, value: Any) -> bool:
    """Equal as JSON text, so key order counts (``==`` on dicts ignores it)."""
    return json.dumps(json.loads(text)) == json.dumps(value)


def round_trip(tmp_path: Path, value: Any, name: str = "s.json") -> str:
    return dumps_session(read_session(dump(tmp_path / name, value)))


ANTHROPIC = [
    {"role": "user", "content": "hi"},
    {
        "role": "assistant",
        "content": [{"type": "tool_use", "id": "t1", "name": "bash", "input": {"command": "ls"}}],
    },
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "a.py"}]},
]
RESPONSES = [
    {"type": "message", "role": "user", "content": "list files"},
    {"type": "function_call", "call_id": "c1", "name": "bash", "arguments": "{}"},
    {"type": "function_call_output", "call_id": "c1", "output": "a.py"},
]


@pytest.mark.parametrize(
    "value",
    [
        # tau-bench: empty tools before the messages
        {"id": "s1", "source": "x", "tools": [], "messages": CHAT, "meta": {"k": 1}},
        {"messages": CHAT, "tools": None, "id": "s1"},
        {"meta": {}, "tools": TOOLS, "messages": CHAT},
        {"model": "claude", "system": "be brief", "messages": ANTHROPIC, "max_tokens": 5},
        {"system": None, "messages": ANTHROPIC, "tools": []},
        {"messages": ANTHROPIC, "system": [{"type": "text", "text": "rules", "x": 1}]},
        {
            "system": [{"text": "rules", "cache_control": {"type": "ephemeral"}, "type": "text"}],
            "messages": ANTHROPIC,
        },
        {"input": RESPONSES, "instructions": "be brief", "model": "gpt-4.1"},
        {"instructions": None, "input": RESPONSES},
        {"instructions": "be brief", "input": "hello", "tools": []},
        {"id": "r", "input": "hello"},
        {"input": RESPONSES, "messages": ["kept as it is"], "system": "kept too"},
        {"messages": CHAT, "system": "a Chat file's own key", "instructions": None},
    ],
)
def test_objects_come_back_as_the_same_json_value(tmp_path: Path, value: Any) -> None:
    assert same_json(round_trip(tmp_path, value), value)


def test_key_order_and_empty_tools_in_jsonl_sessions(tmp_path: Path) -> None:
    lines = [{"tools": [], "id": f"s{i}", "messages": CHAT, "meta": {"i": i}} for i in range(3)]
    path = tmp_path / "many.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    for index, line in enumerate(lines):
        assert dumps_session(read_session(path, index=index)) == json.dumps(line) + "\n"


def test_sessions_not_read_from_a_file_are_written_as_before() -> None:
    session = SessionFile(messages=CHAT, tools=TOOLS, extra={"id": "s1", "meta": {}})
    assert list(json.loads(dumps_session(session))) == ["id", "meta", "messages", "tools"]
    assert list(json.loads(dumps_session(SessionFile(messages=CHAT)))) == ["messages"]


def test_compacted_sessions_keep_the_file_shape(tmp_path: Path) -> None:
    value = {"instructions": "be brief", "id": "r", "tools": [], "input": RESPONSES}
    session = read_session(dump(tmp_path / "r.json", value))
    assert session.messages[0] == {"role": "system", "content": "be brief"}
    edited = dataclasses.replace(session, messages=[session.messages[0], session.messages[1]])
    written = json.loads(dumps_session(edited))
    assert list(written) == ["instructions", "id", "tools", "input"]
    assert written["input"] == RESPONSES[:1]


def test_an_edited_system_prompt_is_written_with_the_mapping(tmp_path: Path) -> None:
    system = [{"type": "text", "text": "rules", "x_note": "dropped when edited"}]
    session = read_session(dump(tmp_path / "a.json", {"system": system, "messages": ANTHROPIC}))
    first = {**session.messages[0], "content": [{"type": "text", "text": "rules, noted"}]}
    edited = dataclasses.replace(session, messages=[first, *session.messages[1:]])
    written = json.loads(dumps_session(edited))
    assert written["system"] == [{"type": "text", "text": "rules, noted"}]


def test_lone_surrogates_are_written_escaped(tmp_path: Path) -> None:
    value = {"id": "\ud800", "messages": [{"role": "user", "content": "a \udfff b é"}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(value), encoding="utf-8")  # ASCII: \ud800 escapes
    text = dumps_session(read_session(path))
    text.encode("utf-8")
    assert same_json(text, value)


# --- hostile files: every problem is a TranscriptError saying where ----------------------


def read_error(path: Path, index: int = 0) -> str:
    with pytest.raises(TranscriptError) as caught:
        read_session(path, index=index)
    assert str(path) in str(caught.value)
    return str(caught.value)


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e999", "-2.5E400"])
def test_non_finite_numbers_are_refused_with_line_and_column(tmp_path: Path, token: str) -> None:
    path = tmp_path / "nan.json"
    path.write_text('{"messages": [\n {"role": "user",\n  "x": ' + token + "}]}", encoding="utf-8")
    message = read_error(path)
    assert "invalid JSON at line 3 column 8: " in message
    assert token in message


def test_non_finite_numbers_in_jsonl_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "inf.jsonl"
    path.write_text(
        "".join(json.dumps(m) + "\n" for m in CHAT[:3]) + '{"role": "tool", "n": NaN}\n',
        encoding="utf-8",
    )
    assert "invalid JSON on line 4 column 23: NaN is not a JSON number" in read_error(path)


def test_a_number_python_will_not_read_is_refused_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "int.json"
    path.write_text('[{"role": "user", "content": "x", "n": ' + "7" * 5_000 + "}]", "utf-8")
    assert "line 1 column 40: a number of 5,000 digits" in read_error(path)


def test_truncation_after_the_chosen_session_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    lines = [json.dumps({"id": f"s{i}", "messages": CHAT}) for i in range(4)]
    path.write_text("\n".join(lines)[:-7], encoding="utf-8")
    message = read_error(path, index=0)
    assert "line 4 ends in the middle of a JSON value; is the file truncated?" in message


def test_a_complete_last_line_without_a_newline_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(json.dumps({"messages": CHAT}) for _ in range(3)), "utf-8")
    assert read_session(path, index=0).messages == CHAT


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_a_byte_order_mark_is_skipped(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"bom{suffix}"
    body = json.dumps({"messages": CHAT}) + "\n"
    path.write_bytes(b"\xef\xbb\xbf" + body.encode())
    assert read_session(path).messages == CHAT


def test_duplicate_keys_keep_the_last_value(tmp_path: Path) -> None:
    path = tmp_path / "dup.json"
    path.write_text('[{"role": "user", "content": "a", "content": "b"}]', encoding="utf-8")
    assert read_session(path).messages == [{"role": "user", "content": "b"}]


def test_a_lone_surrogate_is_read_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text('[{"role": "user", "content": "a\\udc00"}]', encoding="utf-8")
    assert read_session(path).messages == [{"role": "user", "content": "a\udc00"}]


def test_nesting_too_deep_to_parse_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"messages": [\n{"x": ' + "[" * 50_000 + "]" * 50_000 + "}]}", "utf-8")
    assert "JSON nested 50003 levels deep at line 2 column 50006: too deep to read" in (
        read_error(path)
    )


def test_nesting_too_deep_to_convert_names_the_message_and_field(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    messages = [*CHAT[:2], {"role": "user", "content": "hi", "x": "HERE"}]
    text = json.dumps({"messages": messages}).replace('"HERE"', "[" * 700 + "]" * 700)
    path.write_text(text, encoding="utf-8")
    message = read_error(path)
    assert "nested 703 levels deep" in message
    assert "message 2, field 'x[0][0][0]...'" in message or "line 1 column" in message


def test_not_utf8_names_the_line_and_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'{"role": "user", "content": "a"}\n{"role": "user", "content": "caf\xe9"}\n')
    assert "not UTF-8 text: line 2, byte 33 is 0xe9" in read_error(path)


def test_utf16_is_recognised(tmp_path: Path) -> None:
    path = tmp_path / "utf16.json"
    path.write_bytes(json.dumps(CHAT).encode("utf-16"))
    assert "UTF-16" in read_error(path)


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda p: p.mkdir(), "it is a directory"),
        (lambda p: None, "no such file"),
        (lambda p: p.write_bytes(b"[1, \x00]"), "binary"),
    ],
)
def test_paths_that_are_not_session_files(tmp_path: Path, make: Any, fragment: str) -> None:
    path = tmp_path / "session.json"
    make(path)
    assert fragment in read_error(path)


def test_a_device_is_not_read(tmp_path: Path) -> None:
    with pytest.raises(TranscriptError, match="not a regular file"):
        read_session("/dev/zero")


def test_iter_messages_names_the_line_of_a_non_message(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    path.write_text('{"role": "user", "content": "a"}\n\n[1, 2]\n', encoding="utf-8")
    with pytest.raises(TranscriptError, match="line 3 holds list"):
        list(iter_messages(path))


def test_writing_is_atomic_and_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out.json"
    out.write_text("old", encoding="utf-8")
    session = read_session(dump(tmp_path / "in.json", CHAT))

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("os.replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_session(out, session)
    assert out.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.json", "out.json"]


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_a_transcript_holding_nan_or_infinity_is_not_written_as_json(value: float) -> None:
    session = SessionFile(messages=[{"role": "user", "content": "x", "score": value}])
    with pytest.raises(TranscriptError, match="NaN or Infinity"):
        dumps_session(session)
