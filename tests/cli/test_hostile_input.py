"""Hostile files and paths through every command that reads a session file.

Each class of broken input is generated here (with varied content and position), and every
command that reads a file must answer it the same way: exit 2, exactly one stderr line
``packlight: error: ...`` naming the file and where the problem is, no traceback (not even
logged), no temporary file left behind, and a store that holds what it held before.

The full class x command matrix runs in-process through ``main()``; a handful of classes run
the real CLI in a subprocess (``python -m packlight``), the only honest test that nothing
prints a traceback and that output encoding holds on a real stdout.
"""

from __future__ import annotations

import json
import logging
import os
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from packlight.atomicfile import TEMP_SUFFIX, OutputWriteError
from packlight.cli.demo import example_path
from packlight.cli.main import main
from packlight.store import open_store
from packlight.stored_session import StoredSession

ERROR_PREFIX = "packlight: error: "


@dataclass(frozen=True)
class Hostile:
    """One generated hostile file: its bytes, its name, and what the error must mention."""

    data: bytes
    name: str
    fragments: tuple[str, ...]


def chat_messages(rng: random.Random) -> list[dict[str, Any]]:
    """A small, valid OpenAI Chat transcript whose length and text vary with ``rng``."""
    words = ["migration", "deploy", "tests", "ünïcode", "日本", "path/to/file.py", "error"]
    messages: list[dict[str, Any]] = [{"role": "system", "content": "be brief"}]
    for turn in range(rng.randint(2, 5)):
        messages.append({"role": "user", "content": " ".join(rng.choices(words, k=4))})
        call = f"call_{turn}"
        messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": call,
                        "type": "function",
                        "function": {"name": "bash", "arguments": json.dumps({"cmd": "ls"})},
                    }
                ],
            }
        )
        messages.append({"role": "tool", "tool_call_id": call, "content": "a.py\n" * turn})
        messages.append({"role": "assistant", "content": rng.choice(words)})
    return messages


def pick(rng: random.Random, messages: list[dict[str, Any]]) -> int:
    """A message index other than the system prompt."""
    return rng.randrange(1, len(messages))


def lines_of(values: list[Any]) -> str:
    return "".join(json.dumps(value) + "\n" for value in values)


def as_object(messages: list[dict[str, Any]]) -> str:
    # indent=1 puts every value on its own line, so line numbers mean something.
    return json.dumps({"id": "s1", "messages": messages}, indent=1, ensure_ascii=False)


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


# --- the classes: each builds a file from a seeded generator --------------------------------


def invalid_json(rng: random.Random) -> Hostile:
    text = as_object(chat_messages(rng))
    lines = text.splitlines(keepends=True)
    at = rng.randrange(2, len(lines) - 1)
    lines.insert(at, rng.choice(["@\n", "  ?? \n", "\\x\n"]))
    return Hostile("".join(lines).encode(), "bad.json", ("invalid JSON at line", f"{at + 1}"))


def truncated_json(rng: random.Random) -> Hostile:
    text = as_object(chat_messages(rng))
    cut = rng.randrange(len(text) // 3, len(text) - 2)
    return Hostile(text[:cut].encode(), "cut.json", ("truncated",))


def truncated_jsonl(rng: random.Random) -> Hostile:
    messages = chat_messages(rng)
    text = lines_of(messages)
    last = json.dumps(messages[-1])
    cut = text[: len(text) - 1 - rng.randrange(2, len(last) - 1)]  # no newline, mid-value
    return Hostile(cut.encode(), "cut.jsonl", (f"line {len(messages)} ", "truncated"))


def truncated_jsonl_sessions(rng: random.Random) -> Hostile:
    """One session per line; only the last line is cut, and commands read session 0."""
    sessions = [{"id": f"s{n}", "messages": chat_messages(rng)} for n in range(3)]
    text = lines_of(sessions)
    return Hostile(text[: -rng.randrange(3, 40)].encode(), "many.jsonl", ("line 3 ", "truncated"))


def nan(rng: random.Random) -> Hostile:
    messages = chat_messages(rng)
    index = pick(rng, messages)
    messages[index]["score"] = rng.choice([float("nan"), float("inf"), float("-inf")])
    text = as_object(messages)
    token = next(t for t in ("NaN", "-Infinity", "Infinity") if t in text)
    return Hostile(text.encode(), "nan.json", (token, f"line {line_of(text, token)} "))


def infinity_in_jsonl(rng: random.Random) -> Hostile:
    messages = chat_messages(rng)
    index = pick(rng, messages)
    text = lines_of(messages)
    lines = text.splitlines(keepends=True)
    lines[index] = lines[index].replace("{", '{"weight": -Infinity, ', 1)
    return Hostile("".join(lines).encode(), "inf.jsonl", ("-Infinity", f"line {index + 1} "))


def huge_float(rng: random.Random) -> Hostile:
    messages = chat_messages(rng)
    messages[pick(rng, messages)]["temperature"] = 1.5
    text = as_object(messages).replace("1.5", f"1e{rng.randrange(400, 9999)}", 1)
    return Hostile(text.encode(), "huge.json", ("out of range",))


def huge_int(rng: random.Random) -> Hostile:
    messages = chat_messages(rng)
    messages[pick(rng, messages)]["seed"] = 7
    digits = "9" * rng.randrange(4_400, 20_000)
    text = as_object(messages).replace('"seed": 7', f'"seed": {digits}', 1)
    return Hostile(text.encode(), "int.json", ("digits", f"line {line_of(text, digits)} "))


def deep_nesting(rng: random.Random) -> Hostile:
    messages = chat_messages(rng)
    messages[pick(rng, messages)]["extra"] = "PLACEHOLDER"
    depth = rng.randrange(10_000, 30_000)
    if rng.random() < 0.5:
        nested = "[" * depth + "]" * depth
    else:
        nested = '{"a":' * depth + "1" + "}" * depth
    text = as_object(messages).replace('"PLACEHOLDER"', nested)
    return Hostile(text.encode(), "deep.json", ("nested", "deep"))


def deep_top_level(rng: random.Random) -> Hostile:
    depth = rng.randrange(10_000, 100_000)
    return Hostile(("[" * depth + "]" * depth).encode(), "deep.json", ("nested", "deep"))


def not_utf8(rng: random.Random) -> Hostile:
    messages = chat_messages(rng)
    index = pick(rng, messages)
    messages[index] = {"role": "user", "content": "café crème"}
    text = as_object(messages)
    first = next(character for character in text if 127 < ord(character) < 256)
    where = f"line {line_of(text, first)},"
    return Hostile(text.encode("latin-1", "replace"), "latin1.json", ("not UTF-8", where))


def utf16(rng: random.Random) -> Hostile:
    return Hostile(as_object(chat_messages(rng)).encode("utf-16"), "utf16.json", ("UTF-16",))


def binary(rng: random.Random) -> Hostile:
    data = bytes(rng.randrange(256) for _ in range(rng.randrange(200, 4_000))) + b"\x00"
    return Hostile(data, "blob.json", ("UTF-8",) if b"\xff" in data else ("binary",))


def nul_bytes(rng: random.Random) -> Hostile:
    return Hostile(b"\x00" * rng.randrange(1, 500), "zeros.json", ("binary",))


def empty(rng: random.Random) -> Hostile:
    return Hostile(rng.choice([b"", b"  \n\t\n", b"\n" * 40]), "empty.json", ("empty",))


def wrong_top_level(rng: random.Random) -> Hostile:
    value = rng.choice(['"a string"', "42", "null", "true", "3.5"])
    return Hostile(value.encode(), "scalar.json", ("top-level value",))


def message_not_object(rng: random.Random) -> Hostile:
    messages: list[Any] = chat_messages(rng)
    index = pick(rng, messages)
    messages[index] = rng.choice([7, "text", None, [1, 2]])
    return Hostile(as_object(messages).encode(), "odd.json", (f"message {index}",))


def wrong_field_type(rng: random.Random) -> Hostile:
    messages = chat_messages(rng)
    index = rng.choice([i for i, m in enumerate(messages) if m["role"] == "user"])
    field, value = rng.choice([("role", 3), ("content", 12), ("content", {"a": 1})])
    messages[index][field] = value
    return Hostile(as_object(messages).encode(), "field.json", (f"message {index}", field))


def wrong_tool_calls(rng: random.Random) -> Hostile:
    messages = chat_messages(rng)
    index = rng.choice([i for i, m in enumerate(messages) if m.get("tool_calls")])
    messages[index]["tool_calls"] = rng.choice(["ls", [5], [{"id": "c", "function": "f"}]])
    return Hostile(as_object(messages).encode(), "calls.json", (f"message {index}", "tool_calls"))


def wrong_tools(rng: random.Random) -> Hostile:
    body = {"messages": chat_messages(rng), "tools": rng.choice([{"a": 1}, [3], "bash"])}
    return Hostile(json.dumps(body).encode(), "tools.json", ("tools",))


def two_values(rng: random.Random) -> Hostile:
    """Two JSON values in a .json file (not one per line, which would be JSONL)."""
    text = as_object(chat_messages(rng))
    second = text.count("\n") + 2
    return Hostile((text + "\n" + text).encode(), "two.json", ("Extra data", f"line {second} "))


CLASSES: dict[str, Callable[[random.Random], Hostile]] = {
    function.__name__: function
    for function in (
        invalid_json,
        truncated_json,
        truncated_jsonl,
        truncated_jsonl_sessions,
        nan,
        infinity_in_jsonl,
        huge_float,
        huge_int,
        deep_nesting,
        deep_top_level,
        not_utf8,
        utf16,
        binary,
        nul_bytes,
        empty,
        wrong_top_level,
        message_not_object,
        wrong_field_type,
        wrong_tool_calls,
        wrong_tools,
        two_values,
    )
}
SEEDS = (1, 2)


def write(directory: Path, hostile: Hostile) -> Path:
    path = directory / hostile.name
    path.write_bytes(hostile.data)
    return path


# --- running the CLI ------------------------------------------------------------------------


def run_in_process(
    args: list[str], capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> tuple[int, str, str]:
    caplog.clear()
    with caplog.at_level(logging.DEBUG), pytest.raises(SystemExit) as exited:
        main(args)
    captured = capsys.readouterr()
    code = exited.value.code
    shown = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not shown, [r.getMessage() for r in shown]  # the one error line is all there is
    assert not [r for r in caplog.records if r.exc_info and r.levelno > logging.DEBUG]
    return (code if isinstance(code, int) else 1), captured.out, captured.err


def run_subprocess(args: list[str], cwd: Path) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "packlight", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        cwd=cwd,
        timeout=300,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def assert_one_error(code: int, out: str, err: str, *fragments: str) -> str:
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    assert code == 2, err
    assert len(lines) == 1, err
    (line,) = lines
    assert line.startswith(ERROR_PREFIX), line
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    return line


def session_count(store_path: Path) -> int:
    if not store_path.exists():
        return 0
    store = open_store(str(store_path))
    try:
        return len(store.list_sessions(limit=1_000))
    finally:
        store.close()


def temporaries(*directories: Path) -> list[Path]:
    return [p for d in directories for p in d.rglob(f"*{TEMP_SUFFIX}")]


@pytest.fixture
def seeded_store(tmp_path: Path) -> Path:
    """A SQLite store already holding one session, so "unchanged" means something."""
    path = tmp_path / "store" / "x.db"
    path.parent.mkdir()
    store = open_store(str(path))
    try:
        StoredSession.create(store, model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    finally:
        store.close()
    assert session_count(path) == 1
    return path


def command_args(command: str, path: Path, work: Path, store: Path) -> list[str]:
    if command == "inspect":
        return ["inspect", str(path)]
    if command == "inspect-json":
        return ["inspect", str(path), "--json"]
    if command == "compress":
        out = work / "out" / "result.json"
        out.parent.mkdir(exist_ok=True)
        return ["compress", str(path), "-o", str(out), "--store", str(store)]
    if command == "eval":
        return ["eval", str(path), "--peers", "none", "--no-progress", "-o", str(work / "report")]
    raise AssertionError(command)


COMMANDS = ("inspect", "inspect-json", "compress", "eval")


# --- the matrix, in-process ---------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", sorted(CLASSES))
def test_every_hostile_class_is_one_error_line_and_exit_2(
    name: str,
    command: str,
    seed: int,
    tmp_path: Path,
    seeded_store: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    hostile = CLASSES[name](random.Random(f"{name}-{seed}"))
    path = write(tmp_path, hostile)
    args = command_args(command, path, tmp_path, seeded_store)
    code, out, err = run_in_process(args, capsys, caplog)
    line = assert_one_error(code, out, err, *hostile.fragments)
    assert str(path) in line  # names the file
    assert session_count(seeded_store) == 1
    assert not temporaries(tmp_path)
    assert not (tmp_path / "out" / "result.json").exists()
    assert not (tmp_path / "report").exists()


@pytest.mark.parametrize("command", COMMANDS)
def test_a_missing_input_is_one_error_line(
    command: str,
    tmp_path: Path,
    seeded_store: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    missing = tmp_path / "nowhere.json"
    code, out, err = run_in_process(
        command_args(command, missing, tmp_path, seeded_store), capsys, caplog
    )
    assert_one_error(code, out, err, "nowhere.json")
    assert session_count(seeded_store) == 1


@pytest.mark.parametrize("command", ["inspect", "compress"])
def test_a_directory_as_input_is_one_error_line(
    command: str,
    tmp_path: Path,
    seeded_store: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    folder = tmp_path / "session.json"
    folder.mkdir()
    code, out, err = run_in_process(
        command_args(command, folder, tmp_path, seeded_store), capsys, caplog
    )
    assert_one_error(code, out, err, "directory")


def test_eval_skips_an_unreadable_file_found_in_a_directory_but_not_one_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "sessions"
    folder.mkdir()
    only = write(folder, nan(random.Random(3)))
    args = ["eval", str(folder), "--peers", "none", "--no-progress", "-o", str(tmp_path / "r")]
    code, out, err = run_in_process(args, capsys, caplog)
    assert_one_error(code, out, err, "none of the files", str(only), "NaN")


# --- what is accepted, and how ------------------------------------------------------------


def test_a_byte_order_mark_is_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    messages = chat_messages(random.Random(5))
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"messages": messages}).encode())
    out_path = tmp_path / "out.json"
    args = ["compress", str(path), "-o", str(out_path), "--no-store", "--report", "json"]
    code, _, err = run_in_process(args, capsys, caplog)
    assert code == 0, err
    written = out_path.read_bytes()
    assert not written.startswith(b"\xef\xbb\xbf")
    assert json.loads(written)["messages"][0] == messages[0]


def test_duplicate_keys_keep_the_last_value_as_json_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "dup.json"
    path.write_text(
        '{"messages": [{"role": "user", "content": "first", "content": "last"}]}', encoding="utf-8"
    )
    out_path = tmp_path / "out.json"
    args = ["compress", str(path), "-o", str(out_path), "--no-store", "--report", "json"]
    code, _, err = run_in_process(args, capsys, caplog)
    assert code == 0, err
    assert json.loads(out_path.read_text(encoding="utf-8"))["messages"][0]["content"] == "last"


def test_a_complete_last_jsonl_line_without_newline_is_accepted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    sessions = [{"id": f"s{n}", "messages": chat_messages(random.Random(n))} for n in range(3)]
    path = tmp_path / "many.jsonl"
    path.write_text(lines_of(sessions).rstrip("\n"), encoding="utf-8")
    code, out, err = run_in_process(["inspect", str(path), "--json"], capsys, caplog)
    assert code == 0, err
    assert json.loads(out)["messages"] == len(sessions[0]["messages"])


def test_a_lone_surrogate_is_counted_by_the_exact_tokenizers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "surrogate.json"
    path.write_text('{"messages": [{"role": "user", "content": "a\\ud800b"}]}', encoding="utf-8")
    code, out, err = run_in_process(
        ["inspect", str(path), "-m", "gpt-4o", "--json"], capsys, caplog
    )
    assert code == 0, err
    assert json.loads(out)["counter"].startswith("exact:")


def test_a_lone_surrogate_is_kept_and_written_back_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """Decision: accepted (the store and the writers keep it exactly); outputs escape it."""
    path = tmp_path / "surrogate.json"
    path.write_text('{"messages": [{"role": "user", "content": "a\\ud800b"}]}', encoding="utf-8")
    out_path = tmp_path / "out.json"
    store = tmp_path / "x.db"
    args = ["compress", str(path), "-o", str(out_path), "--store", str(store), "--report", "json"]
    code, _, err = run_in_process(args, capsys, caplog)
    assert code == 0, err
    assert json.loads(out_path.read_text(encoding="utf-8"))["messages"][0]["content"] == "a\ud800b"
    assert session_count(store) == 1


# --- output paths -------------------------------------------------------------------------


def output_cases(tmp_path: Path, source: Path) -> dict[str, tuple[str, str]]:
    (tmp_path / "a-directory").mkdir()
    return {
        "a directory": (str(tmp_path / "a-directory"), "is a directory"),
        "a trailing slash": (str(tmp_path / "new-dir") + os.sep, "names a directory"),
        "a missing directory": (str(tmp_path / "missing" / "out.json"), "does not exist"),
        "the file system root": (os.sep, "directory"),
        "an empty path": ("", "empty"),
        "the input itself": (str(source), "is the input file"),
        "the input through a link": (str(tmp_path / "link.json"), "is the input file"),
    }


@pytest.mark.parametrize(
    "case",
    [
        "a directory",
        "a trailing slash",
        "a missing directory",
        "the file system root",
        "an empty path",
        "the input itself",
        "the input through a link",
    ],
)
def test_an_unwritable_output_is_refused_before_anything_changes(
    case: str,
    tmp_path: Path,
    seeded_store: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    source = tmp_path / "in.json"
    source.write_text(json.dumps({"messages": chat_messages(random.Random(7))}), encoding="utf-8")
    (tmp_path / "link.json").symlink_to(source)
    before = source.read_bytes()
    output, fragment = output_cases(tmp_path, source)[case]
    args = ["compress", str(source), "-o", output, "--store", str(seeded_store)]
    code, out, err = run_in_process(args, capsys, caplog)
    assert_one_error(code, out, err, fragment)
    assert session_count(seeded_store) == 1
    assert source.read_bytes() == before
    assert not temporaries(tmp_path)
    assert not list(Path(os.sep).glob(f".*{TEMP_SUFFIX}"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_an_output_in_a_read_only_directory_is_refused(
    tmp_path: Path,
    seeded_store: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        args = ["compress", str(example_path()), "-o", str(locked / "out.json")]
        code, out, err = run_in_process([*args, "--store", str(seeded_store)], capsys, caplog)
        assert_one_error(code, out, err, "permission")
    finally:
        locked.chmod(0o700)
    assert session_count(seeded_store) == 1


def test_dev_null_is_written_straight_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    source = tmp_path / "in.json"
    source.write_text(json.dumps({"messages": chat_messages(random.Random(8))}), encoding="utf-8")
    args = ["compress", str(source), "-o", os.devnull, "--no-store", "--report", "json"]
    code, out, err = run_in_process(args, capsys, caplog)
    assert code == 0, err
    assert json.loads(out)["output"] == os.devnull
    assert Path(os.devnull).is_char_device()


# --- a failure after recording leaves the store as it was ----------------------------------


def test_a_failed_write_after_recording_removes_the_recorded_session(
    tmp_path: Path,
    seeded_store: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    def disk_full(path: Any, text: str, **options: Any) -> None:
        raise OutputWriteError(path, "No space left on device")

    monkeypatch.setattr("packlight.cli.compress_cmd.write_text_atomic", disk_full)
    source = tmp_path / "in.json"
    source.write_text(json.dumps({"messages": chat_messages(random.Random(9))}), encoding="utf-8")
    args = ["compress", str(source), "-o", str(tmp_path / "o.json"), "--store", str(seeded_store)]
    code, _, err = run_in_process(args, capsys, caplog)
    assert code == 1
    assert err.strip().splitlines() == [
        f"packlight: failed: cannot write {tmp_path / 'o.json'}: No space left on device; "
        "it was left as it was"
    ]
    assert session_count(seeded_store) == 1


@pytest.mark.parametrize("failure", [RecursionError, KeyboardInterrupt])
def test_a_compaction_that_fails_leaves_the_store_as_it_was(
    failure: type[BaseException],
    tmp_path: Path,
    seeded_store: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    def fail(*args: Any, **kwargs: Any) -> Any:
        raise failure()

    monkeypatch.setattr("packlight.stored_session.StoredSession.compact", fail)
    source = tmp_path / "in.json"
    source.write_text(json.dumps({"messages": chat_messages(random.Random(10))}), encoding="utf-8")
    args = ["compress", str(source), "-o", str(tmp_path / "o.json"), "--store", str(seeded_store)]
    code, out, err = run_in_process(args, capsys, caplog)
    if failure is RecursionError:
        assert_one_error(code, out, err, "nests too deeply", str(source))
    else:
        assert (code, err.strip()) == (1, "packlight: aborted")
    assert session_count(seeded_store) == 1
    assert not (tmp_path / "o.json").exists()
    assert not temporaries(tmp_path)


# --- other commands' arguments ------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["archive", "gc", "--ttl-days", "nan"], "--ttl-days"),
        (["archive", "gc", "--ttl-days", "inf"], "--ttl-days"),
        (["archive", "gc", "--ttl-days", "1e308"], "--ttl-days"),
        (["archive", "search", "a\udcffb", "--session", "s"], "not UTF-8"),
        (["archive", "read", "artifact://nope", "--session", "SESSION"], "no artifact"),
        (["archive", "search", "   ", "--session", "SESSION"], "non-empty query"),
        (["sessions", "export", "SESSION", "-o", "DIR"], "is a directory"),
        (["compress", "IN", "-o", "OUT", "--rounds", "0"], "--rounds"),
        (["compress", "IN", "-o", "OUT", "--focus", "a\udcffb"], "not UTF-8"),
    ],
)
def test_bad_arguments_are_one_error_line(
    args: list[str],
    fragment: str,
    tmp_path: Path,
    seeded_store: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = open_store(str(seeded_store))
    try:
        (record,) = store.list_sessions(limit=1)
    finally:
        store.close()
    replace = {
        "SESSION": record.id,
        "DIR": str(tmp_path),
        "IN": str(example_path()),
        "OUT": str(tmp_path / "o.json"),
    }
    argv = [*(replace.get(arg, arg) for arg in args), "--store", str(seeded_store)]
    code, out, err = run_in_process(argv, capsys, caplog)
    assert_one_error(code, out, err, fragment)
    assert session_count(seeded_store) == 1


# --- the real thing, in a subprocess --------------------------------------------------------

SUBPROCESS_CASES = [
    ("deep_nesting", "inspect"),
    ("nan", "compress"),
    ("truncated_jsonl_sessions", "inspect"),
    ("not_utf8", "compress"),
    ("huge_int", "inspect-json"),
    ("message_not_object", "eval"),
]


@pytest.mark.parametrize(("name", "command"), SUBPROCESS_CASES)
def test_the_real_cli_prints_one_line_and_no_traceback(
    name: str, command: str, tmp_path: Path, seeded_store: Path
) -> None:
    hostile = CLASSES[name](random.Random(f"{name}-subprocess"))
    path = write(tmp_path, hostile)
    code, out, err = run_subprocess(command_args(command, path, tmp_path, seeded_store), tmp_path)
    assert_one_error(code, out, err, str(path), *hostile.fragments)
    assert session_count(seeded_store) == 1
    assert not temporaries(tmp_path)


def test_the_real_cli_refuses_a_directory_as_output_with_one_line(
    tmp_path: Path, seeded_store: Path
) -> None:
    args = ["compress", str(example_path()), "-o", str(tmp_path), "--store", str(seeded_store)]
    code, out, err = run_subprocess(args, tmp_path)
    assert_one_error(code, out, err, "is a directory")
    assert session_count(seeded_store) == 1


def test_a_message_nested_too_deeply_to_convert_is_one_line(
    tmp_path: Path, seeded_store: Path
) -> None:
    """Shallow enough for the JSON parser, too deep for the recursive conversion steps."""
    messages = chat_messages(random.Random(11))
    messages[2]["extra"] = "PLACEHOLDER"
    path = tmp_path / "deep.json"
    nested = "[" * 900 + "]" * 900
    path.write_text(as_object(messages).replace('"PLACEHOLDER"', nested), encoding="utf-8")
    code, out, err = run_subprocess(
        command_args("compress", path, tmp_path, seeded_store), tmp_path
    )
    assert_one_error(code, out, err, str(path), "nested", "deep")
    assert session_count(seeded_store) == 1


def test_the_real_cli_prints_a_lone_surrogate_as_its_escape(tmp_path: Path) -> None:
    path = tmp_path / "surrogate.json"
    path.write_text(
        '{"messages": [{"role": "user", "content": "a\\ud800b"}, '
        '{"role": "assistant", "content": "ok", "\\udc00": 1}]}',
        encoding="utf-8",
    )
    code, out, err = run_subprocess(["inspect", str(path), "--json"], tmp_path)
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert report["largest"][0]["preview"] == "a\ud800b"
    code, out, err = run_subprocess(["inspect", str(path)], tmp_path)
    assert (code, err) == (0, "")
    assert "a\\ud800b" in out


# --- a store path that names no database --------------------------------------------------


@pytest.mark.parametrize("kind", ["json", "directory", "under a file"])
@pytest.mark.parametrize(
    "command",
    [
        ["sessions", "list"],
        ["sessions", "export", "some-id"],
        ["archive", "search", "error", "--session", "some-id"],
        ["archive", "gc", "--max-bytes", "0", "--dry-run"],
    ],
)
def test_a_store_that_is_no_database_is_one_error_line(
    kind: str,
    command: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    hostile = tmp_path / "session.json"
    hostile.write_text(json.dumps({"messages": chat_messages(random.Random(12))}), "utf-8")
    before = hostile.read_bytes()
    store = {
        "json": hostile,
        "directory": tmp_path,
        "under a file": hostile / "x.db",
    }[kind]
    code, out, err = run_in_process([*command, "--store", str(store)], capsys, caplog)
    assert_one_error(code, out, err, str(store if kind != "under a file" else hostile))
    assert hostile.read_bytes() == before


@pytest.mark.parametrize(
    ("failure", "code", "line"),
    [
        (RecursionError, 2, "packlight: error: {source}: the session nests too deeply to compact"),
        (
            ValueError,
            1,
            "packlight: failed: compaction failed (ValueError: boom); nothing was written",
        ),
    ],
)
def test_a_compaction_the_engine_gives_up_fails_the_command_in_one_line(
    failure: type[Exception],
    code: int,
    line: str,
    tmp_path: Path,
    seeded_store: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The engine turns an exception into "transcript left unchanged" and logs its traceback;
    the command neither shows the traceback nor exits 0 with the input as its output."""

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise failure("boom")

    monkeypatch.setattr("packlight.compressor.engine.ContextCompressor.finish", fail)
    source = example_path()
    out_path = tmp_path / "o.json"
    args = ["compress", str(source), "-o", str(out_path), "--context-window", "32000"]
    returned, out, err = run_in_process([*args, "--store", str(seeded_store)], capsys, caplog)
    assert "Traceback" not in out + err
    assert (returned, err.strip().splitlines()) == (code, [line.format(source=source)])
    assert session_count(seeded_store) == 1
    assert not out_path.exists()
    assert not temporaries(tmp_path)


def test_arguments_nested_too_deeply_for_the_engine_fail_in_one_line(
    tmp_path: Path, seeded_store: Path
) -> None:
    """A string field the reader does not parse (tool-call arguments) holding JSON nested
    10,000 deep: the engine's own parse fails, and the command says so in one line."""
    messages = chat_messages(random.Random(14))
    calls = [m for m in messages if m.get("tool_calls")]
    calls[-1]["tool_calls"][0]["function"]["arguments"] = '{"a":' * 10_000 + "1" + "}" * 10_000
    messages.append({"role": "user", "content": "x " * 5_000})
    path = tmp_path / "args.json"
    path.write_text(json.dumps({"messages": messages}), encoding="utf-8")
    out = tmp_path / "o.json"
    args = ["compress", str(path), "-o", str(out), "--context-window", "2000"]
    code, stdout, err = run_subprocess([*args, "--store", str(seeded_store)], tmp_path)
    assert_one_error(code, stdout, err, str(path), "nests too deeply")
    assert session_count(seeded_store) == 1
    assert not out.exists()
