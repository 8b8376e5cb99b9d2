"""The original of a session is exactly its input: the same JSON value, key order included.

Two paths claim originals: reading a file and writing it back (``read_session`` then
``dumps_session``), and the store (``packlight compress FILE --store DB`` then ``packlight
sessions export ID --original``), where tool outputs over the admission threshold were
externalised on arrival and compaction rewrote the transcript. Both must give back
``json.dumps(json.loads(input))`` exactly, for every format (OpenAI Chat, Anthropic Messages
with a system string or blocks, OpenAI Responses with instructions or a string input) and
layout (list, object, one session per JSONL line, one message per JSONL line).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from packlight.admission import AdmissionSettings
from packlight.cli.demo import example_path
from packlight.cli.main import main
from packlight.cli.sessions_cmd import export_session, session_meta
from packlight.formats import Format, from_canonical, to_canonical
from packlight.formats._exact import identical
from packlight.messages import strip_packlight
from packlight.sessionfile import dumps_session, read_session
from packlight.store import open_store
from packlight.stored_session import StoredSession
from tests.conftest import FIXTURES
from tests.formats.strategies import (
    JSON_VALUES,
    TEXT,
    anthropic_conversations,
    canonical_transcripts,
    responses_items,
)

RESERVED = {"messages", "input", "system", "instructions", "tools", "_packlight"}
SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large]


def huge_output(snippet: str) -> str:
    """A tool output well over the admission threshold (8,000 tokens by default)."""
    text = "".join(f"{number:05d} {snippet} ü ✓\n" for number in range(3_000))
    assert len(text) // 4 > AdmissionSettings().max_tokens
    return text


def canonical_json(value: Any) -> str:
    return json.dumps(value)


# --- generated sessions -----------------------------------------------------------------


@st.composite
def long_turns(draw: st.DrawFn, item_type: bool = False) -> list[dict[str, Any]]:
    """None, or a few long plain turns, so that compaction has something to compact."""
    if not draw(st.booleans()):
        return []
    snippet = draw(TEXT)
    turns = [
        {"role": role, "content": f"{role} {number} {snippet} " + "lorem ipsum dolor é " * 150}
        for number in range(4)
        for role in ("user", "assistant")
    ]
    return [{"type": "message", **turn} for turn in turns] if item_type else turns


@st.composite
def chat_sessions(draw: st.DrawFn) -> dict[str, Any]:
    # _packlight is packlight's own key: messages never carry it into an original.
    drawn = draw(canonical_transcripts(max_turns=6)) + draw(long_turns())
    drawn += draw(canonical_transcripts(max_turns=6))
    messages: list[Any] = list(strip_packlight(drawn))
    for message in messages:
        if message["role"] == "tool" and draw(st.integers(0, 3)) == 0:
            message["content"] = huge_output(draw(TEXT))
    return {"messages": messages}


@st.composite
def anthropic_sessions(draw: st.DrawFn) -> dict[str, Any]:
    messages, system = draw(anthropic_conversations())
    messages += draw(long_turns())
    messages += draw(anthropic_conversations())[0]  # ids may repeat once answered, as in tau-bench
    for message in messages:
        for block in message["content"] if isinstance(message["content"], list) else []:
            if block.get("type") == "tool_result" and draw(st.integers(0, 3)) == 0:
                block["content"] = huge_output(draw(TEXT))
    if system is not None and draw(st.booleans()):
        # System blocks with keys the mapping does not write, in an order it would not use.
        system = (
            [{**block, "x_note": draw(TEXT)} for block in system]
            if isinstance(system, list)
            else [{"text": system, "type": "text"}]
        )
    body: dict[str, Any] = {"messages": messages}
    if system is not None or draw(st.booleans()):
        body["system"] = system
    return body


@st.composite
def responses_sessions(draw: st.DrawFn) -> dict[str, Any]:
    body: dict[str, Any] = {}
    if draw(st.integers(0, 4)) == 0:
        body["input"] = draw(TEXT)
    else:
        items = draw(responses_items()) + draw(long_turns(item_type=True))
        items += draw(responses_items())
        for item in items:
            if item.get("type") == "function_call_output" and draw(st.integers(0, 3)) == 0:
                item["output"] = huge_output(draw(TEXT))
        body["input"] = items
    instructions = draw(st.sampled_from(["absent", "text", "null"]))
    if instructions != "absent":
        body["instructions"] = draw(TEXT) if instructions == "text" else None
    return body


TOP_LEVEL_KEYS = st.text(min_size=1, max_size=8).filter(lambda key: key not in RESERVED)
TOOLS = st.sampled_from(["absent", "empty", "null", "schemas"])


@st.composite
def session_objects(draw: st.DrawFn) -> dict[str, Any]:
    """A session object of any format, with extra keys, and all its keys in a random order."""
    body = draw(st.one_of(chat_sessions(), anthropic_sessions(), responses_sessions()))
    tools = draw(TOOLS)
    if tools != "absent":
        schema = {"type": "function", "function": {"name": "bash", "parameters": {}}}
        body["tools"] = {"empty": [], "null": None, "schemas": [schema]}[tools]
    body.update(draw(st.dictionaries(TOP_LEVEL_KEYS, JSON_VALUES, max_size=4)))
    order = draw(st.permutations(list(body)))
    return {key: body[key] for key in order}


@st.composite
def session_files(draw: st.DrawFn) -> tuple[str, str, int, Any]:
    """``(file name, file text, session index, the JSON value its export must equal)``.

    The value is a session object, a list of messages, or for one message per JSONL line
    the list of those messages.
    """
    layout = draw(st.sampled_from(["object", "list", "jsonl-sessions", "jsonl-messages"]))
    session = draw(session_objects())
    conversation = session.get("messages", session.get("input"))
    indent = draw(st.sampled_from([None, 2]))
    ascii_only = draw(st.booleans())

    def text_of(value: Any, *, line: bool = False) -> str:
        return json.dumps(value, ensure_ascii=ascii_only, indent=None if line else indent)

    if layout == "object":
        return "session.json", text_of(session), 0, session
    if layout == "jsonl-sessions":
        others = draw(st.lists(session_objects(), max_size=2))
        index = draw(st.integers(0, len(others)))
        lines = [*others[:index], session, *others[index:]]
        return (
            "sessions.jsonl",
            "".join(text_of(s, line=True) + "\n" for s in lines),
            index,
            session,
        )
    # A bare list has no place for system, instructions or tools: the messages alone.
    if isinstance(conversation, str):
        conversation = [{"role": "user", "content": conversation}]
    messages = conversation
    if layout == "list":
        return "messages.json", text_of(messages), 0, messages
    messages = messages or [{"role": "user", "content": draw(TEXT)}]
    return "messages.jsonl", "".join(text_of(m, line=True) + "\n" for m in messages), 0, messages


def exported_value(name: str, text: str) -> Any:
    if name == "messages.jsonl":
        # Not splitlines(): JSON text may hold U+0085 or U+2028 as they are.
        return [json.loads(line) for line in text.split("\n")[:-1]]
    assert text.endswith("\n")
    assert "\n" not in text[:-1]  # one line, like a JSONL line
    return json.loads(text)


# --- read_session -> dumps_session --------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW_OK)
@given(session_files())
def test_reading_and_writing_a_file_gives_back_its_json_value(
    drawn: tuple[str, str, int, Any],
) -> None:
    name, text, index, expected = drawn
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8")
        session = read_session(path, index=index)
        written = dumps_session(session)
    assert canonical_json(exported_value(name, written)) == canonical_json(expected)
    written.encode("utf-8")  # always writable as UTF-8, lone surrogates included


# --- compress --store, then sessions export --original ------------------------------------


def run(args: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            main(args)
        except SystemExit as exited:
            code = exited.code if isinstance(exited.code, int) else 1
    return code, out.getvalue()


def compress_and_export(
    path: Path, store: Path, *, index: int = 0, rounds: int = 1, window: int = 4_000
) -> tuple[str, str]:
    """``(session id, export --original text)`` after ``compress --store``."""
    code, report = run(
        [
            "compress",
            str(path),
            "--store",
            str(store),
            "--session-index",
            str(index),
            "--rounds",
            str(rounds),
            "--context-window",
            str(window),
            "--report",
            "json",
            "-o",
            str(path.with_name("compacted" + path.suffix)),
        ]
    )
    assert code == 0, report
    session_id = json.loads(report)["session"]
    exported = path.with_name("export" + path.suffix)
    code, _ = run(
        ["sessions", "export", session_id, "--original", "--store", str(store), "-o", str(exported)]
    )
    assert code == 0
    return session_id, exported.read_text(encoding="utf-8")


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW_OK)
@given(session_files(), st.integers(1, 3))
def test_export_original_after_compress_is_the_input(
    drawn: tuple[str, str, int, Any], rounds: int
) -> None:
    name, text, index, expected = drawn
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8")
        _, exported = compress_and_export(
            path, Path(folder) / "store.db", index=index, rounds=rounds
        )
    assert canonical_json(exported_value(name, exported)) == canonical_json(expected)


# --- real sessions ------------------------------------------------------------------------


def test_tau_bench_sessions_with_empty_tools_export_byte_for_byte(tmp_path: Path) -> None:
    path = FIXTURES / "tau-bench-airline-sample.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert all(json.loads(line)["tools"] == [] for line in lines)
    for index, line in enumerate(lines):
        copied = tmp_path / f"tau-{index}.jsonl"
        copied.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
        _, exported = compress_and_export(copied, tmp_path / "store.db", index=index, rounds=3)
        # tau-bench writes its lines the way export does, so even the bytes are the same.
        assert exported == line + "\n"


def example_with_huge_output(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """The bundled mini-swe-agent session with one tool output made 120,000 characters."""
    session = json.loads(example_path().read_text(encoding="utf-8"))
    tool = next(m for m in session["messages"][5:] if m["role"] == "tool")
    tool["content"] = huge_output("FAILED tests/test_x.py::test_é - AssertionError")
    path = tmp_path / "django.json"
    path.write_text(json.dumps(session, indent=1), encoding="utf-8")
    return path, session


def test_externalised_output_comes_back_whole_across_compaction_rounds(tmp_path: Path) -> None:
    path, session = example_with_huge_output(tmp_path)
    store = tmp_path / "store.db"
    session_id, exported = compress_and_export(path, store, rounds=3, window=32_000)
    assert canonical_json(json.loads(exported)) == canonical_json(session)
    # It really was externalised: the stored rows hold its preview, not the output.
    opened = open_store(str(store))
    try:
        (row,) = [
            r
            for r in opened.all_messages(session_id)
            if "_packlight" in r.message and "admitted" in r.message["_packlight"]
        ]
        assert len(row.message["content"]) < 10_000
    finally:
        opened.close()


def test_export_original_refuses_when_an_externalised_output_was_removed(
    tmp_path: Path,
) -> None:
    path, _ = example_with_huge_output(tmp_path)
    store = tmp_path / "store.db"
    session_id, _ = compress_and_export(path, store, window=32_000)
    code, _ = run(["archive", "gc", "--ttl-days", "0", "--store", str(store)])
    assert code == 0
    err = io.StringIO()
    with (
        contextlib.redirect_stderr(err),
        contextlib.redirect_stdout(io.StringIO()),
        pytest.raises(SystemExit) as exited,
    ):
        main(["sessions", "export", session_id, "--original", "--store", str(store)])
    assert exited.value.code == 1
    assert "no longer in the store" in err.getvalue()


def test_every_id_of_a_rotated_lineage_exports_the_whole_original(tmp_path: Path) -> None:
    path, session = example_with_huge_output(tmp_path)
    read = read_session(path)
    store = open_store(str(tmp_path / "store.db"))
    try:
        stored = StoredSession.create(
            store,
            model="gpt-4o",
            meta=session_meta(read),
            messages=read.messages[:20],
            in_place=False,
            context_window=16_000,
        )
        root = stored.session_id
        assert stored.compact(force=True).compacted
        stored.append(copy.deepcopy(read.messages[20:]))
        assert stored.compact(force=True).compacted
        lineage = [record.id for record in store.lineage(stored.session_id)]
        assert len(lineage) == 3
        assert lineage[0] == root
        for session_id in lineage:
            original = export_session(store, session_id, original=True)
            assert canonical_json(json.loads(dumps_session(original))) == canonical_json(session)
            current = export_session(store, session_id, original=False)
            assert current.messages == stored.messages()
    finally:
        store.close()


# --- the format conversions themselves ----------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "payload"),
    [
        (
            Format.ANTHROPIC,
            {
                "messages": [
                    {
                        "content": [{"text": "keys in another order", "type": "text"}],
                        "role": "user",
                    },
                    {
                        "role": "assistant",
                        "content": [{"name": "bash", "input": {}, "id": "t1", "type": "tool_use"}],
                    },
                    {
                        "role": "user",
                        "content": [{"content": "ok", "tool_use_id": "t1", "type": "tool_result"}],
                    },
                ],
                "system": [{"cache_control": {"type": "ephemeral"}, "text": "s", "type": "text"}],
            },
        ),
        (
            Format.OPENAI_RESPONSES,
            {
                "input": [
                    {"content": "hi", "role": "user", "type": "message"},
                    {"arguments": "{}", "call_id": "c1", "name": "bash", "type": "function_call"},
                    {"output": "ok", "call_id": "c1", "type": "function_call_output"},
                ]
            },
        ),
    ],
)
def test_conversions_keep_key_order(fmt: Format, payload: dict[str, Any]) -> None:
    transcript = to_canonical(payload, fmt)
    written = from_canonical(transcript, fmt)
    if fmt is Format.ANTHROPIC:
        assert canonical_json(written["messages"]) == canonical_json(payload["messages"])
        assert canonical_json(written["system"]) == canonical_json(payload["system"])
    else:
        assert canonical_json(written) == canonical_json(payload["input"])


def test_identical_is_json_equality() -> None:
    assert identical({"a": 1, "b": [1.0]}, {"a": 1, "b": [1.0]})
    assert not identical({"a": 1, "b": 2}, {"b": 2, "a": 1})
    assert not identical([1], [1.0])
    assert not identical([True], [1])
    assert not identical(0.0, -0.0)
