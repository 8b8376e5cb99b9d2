from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from packlight.artifacts import Artifact
from packlight.compressor.digests import DigestContext, default_registry
from packlight.compressor.prune import PruneResult, PruneSettings, prune
from packlight.compressor.toolcalls import ToolEvent, tool_events
from packlight.errors import ConfigError
from packlight.messages import (
    IMAGE_PART_TYPES,
    INSTRUCTION_ROLES,
    TEXT_PART_TYPES,
    Message,
    message_text,
    packlight_meta,
)
from packlight.tokens import EstimateCounter
from tests.formats.strategies import canonical_transcripts

KEY = b"test-key"
Json = dict[str, Any]


def call(call_id: str, name: str, arguments: Json | str) -> Json:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": text}}


def group(call_id: str, command: str, output: str, *, name: str = "bash") -> list[Json]:
    """An assistant message running one command, and its result."""
    return [
        {
            "role": "assistant",
            "content": f"run {call_id}",
            "tool_calls": [call(call_id, name, {"command": command})],
        },
        {"role": "tool", "tool_call_id": call_id, "content": output},
    ]


def output(label: str, lines: int = 40, code: int = 0) -> str:
    body = "\n".join(f"{label} line {n}" for n in range(lines))
    return f"<returncode>{code}</returncode>\n<output>\n{body}\n</output>"


def mini_failure(line: str) -> str:
    return f"<returncode>1</returncode>\n<output>\n{line}\n</output>"


def transcript(*groups: list[Json], tail: int = 2) -> list[Json]:
    messages: list[Json] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "Fix the bug."},
    ]
    for items in groups:
        messages.extend(items)
    messages.extend({"role": "assistant", "content": f"note {n}"} for n in range(tail))
    return messages


def run(messages: list[Json], protect_from: int | None = None, **options: Any) -> PruneResult:
    start = len(messages) - 2 if protect_from is None else protect_from
    return prune(cast(list[Message], messages), protect_from=start, key=KEY, **options)


def artifact_of(result: PruneResult, message: Mapping[str, Any]) -> Artifact:
    identifier = packlight_meta(message)["artifact"]
    (found,) = [a for a in result.artifacts if a.id == identifier]
    return found


# --- general guarantees -------------------------------------------------------------------------


def test_small_results_and_non_tool_messages_are_returned_as_the_same_objects() -> None:
    messages = transcript(group("c1", "ls", "a.py\nb.py"), group("c2", "pwd", "/testbed"))
    result = run(messages)
    assert all(new is old for new, old in zip(result.messages, messages, strict=True))
    assert result.artifacts == ()
    assert result.stats.chars_before == result.stats.chars_after > 0


def test_output_has_the_same_length_roles_and_ids_and_input_is_untouched() -> None:
    messages = transcript(
        *(group(f"c{n}", f"python3 step{n}.py", output(f"s{n}")) for n in range(5))
    )
    snapshot = copy.deepcopy(messages)
    result = run(messages)
    assert messages == snapshot
    assert len(result.messages) == len(messages)
    assert [m["role"] for m in result.messages] == [m["role"] for m in messages]
    assert [m.get("tool_call_id") for m in result.messages] == [
        m.get("tool_call_id") for m in messages
    ]
    assert result.stats.digested == 5
    assert result.stats.chars_after < result.stats.chars_before / 2


def test_the_tail_is_untouched_without_pressure() -> None:
    messages = transcript(
        group("c1", "python3 a.py", output("a")), group("c2", "python3 b.py", output("b"))
    )
    result = run(messages, protect_from=4)
    assert result.messages[3] is not messages[3]
    assert all(result.messages[i] is messages[i] for i in range(4, len(messages)))


# --- dedupe and superseded reads ------------------------------------------------------------------


def test_identical_results_keep_the_newest() -> None:
    same = output("same")
    messages = transcript(
        group("c1", "python3 repro.py", same),
        group("c2", "git diff", output("d")),
        group("c3", "python3 repro.py", same),
    )
    result = run(messages, protect_from=len(messages))
    first, newest = result.messages[3], result.messages[7]
    assert first["content"].startswith("[bash] identical to a later result (python3 repro.py) · ")
    assert packlight_meta(first)["pruned"] == "duplicate"
    assert artifact_of(result, first).content == same
    assert packlight_meta(newest)["pruned"] == "digest"  # digested, but not as a duplicate
    assert result.stats.deduplicated == 1


def test_newest_duplicate_in_the_tail_stays_verbatim() -> None:
    same = output("same")
    messages = transcript(
        group("c1", "python3 repro.py", same), group("c2", "python3 repro.py", same)
    )
    result = run(messages, protect_from=6)
    assert packlight_meta(result.messages[3])["pruned"] == "duplicate"
    assert result.messages[7] is messages[7]


def test_a_later_read_of_the_same_range_supersedes_the_older_one() -> None:
    messages = transcript(
        group("c1", "sed -n '10,40p' pkg/models.py", output("old")),
        group("c2", "sed -i 's/a/b/' pkg/models.py", "<returncode>0</returncode>"),
        group("c3", "nl -ba pkg/models.py | sed -n '1,80p'", output("new")),
    )
    result = run(messages, protect_from=len(messages))
    old = result.messages[3]
    assert packlight_meta(old)["pruned"] == "superseded_read"
    assert old["content"].startswith("[bash] read of pkg/models.py L10-L40, superseded by a later")
    assert artifact_of(result, old).content == messages[3]["content"]
    assert packlight_meta(result.messages[7])["pruned"] == "digest"
    assert result.stats.superseded_reads == 1


def test_a_failed_later_read_does_not_supersede() -> None:
    failed = mini_failure("cat: pkg/models.py: No such file or directory")
    messages = transcript(
        group("c1", "cat pkg/models.py", output("old")), group("c2", "cat pkg/models.py", failed)
    )
    result = run(messages, protect_from=len(messages))
    assert packlight_meta(result.messages[3])["pruned"] == "digest"


def test_a_narrower_later_read_does_not_supersede() -> None:
    messages = transcript(
        group("c1", "cat pkg/models.py", output("whole")),
        group("c2", "sed -n '1,5p' pkg/models.py", output("part")),
    )
    result = run(messages, protect_from=len(messages))
    assert packlight_meta(result.messages[3])["pruned"] == "digest"


# --- digests --------------------------------------------------------------------------------------


def test_digest_keeps_the_exact_first_error_line_and_the_message_keys() -> None:
    error_line = "sqlite3.OperationalError: no such table: __main___job"
    body = "\n".join(
        [
            *(f"setting up step {n}" for n in range(40)),
            "Traceback (most recent call last):",
            '  File "r.py", line 3',
            error_line,
        ]
    )
    original = f"<returncode>1</returncode>\n<output>\n{body}\n</output>"
    messages = transcript(group("c1", "python3 r.py", original))
    messages[3] |= {"name": "bash", "x_trace": {"span": 7}, "_packlight": {"tokens": 9}}
    result = run(messages)
    digest = result.messages[3]
    assert digest["content"].startswith(
        "[bash] $ python3 r.py · exit 1 · error: Traceback (most recent call last): → "
    )
    assert error_line in digest["content"]
    assert len(digest["content"]) < len(original) / 2
    assert {k: v for k, v in digest.items() if k not in {"content", "_packlight"}} == {
        "role": "tool",
        "tool_call_id": "c1",
        "name": "bash",
        "x_trace": {"span": 7},
    }
    assert digest["_packlight"] == {
        "tokens": 9,
        "pruned": "digest",
        "artifact": result.artifacts[0].id,
    }
    (artifact,) = result.artifacts
    assert artifact.content == original
    assert artifact.kind == "tool_result"
    assert artifact.meta == {
        "tool": "bash",
        "call_id": "c1",
        "index": 3,
        "lines": original.count("\n") + 1,
    }
    assert artifact.uri in digest["content"]


def test_list_content_is_digested_into_a_string() -> None:
    messages = transcript(group("c1", "python3 a.py", "x"))
    parts = [{"type": "text", "text": output("first")}, {"type": "text", "text": output("second")}]
    messages[3]["content"] = parts
    result = run(messages)
    assert isinstance(result.messages[3]["content"], str)
    assert result.artifacts[0].content == message_text(messages[3])


@pytest.mark.parametrize("name", ["bash", "ba*", "kind:shell"])
def test_custom_registry_entries_override_the_defaults(name: str) -> None:
    registry = default_registry().copy()

    def mine(event: ToolEvent, context: DigestContext) -> str:
        return f"[{event.tool}] custom {event.command} · {context.uri}"

    registry.register(name, mine)
    messages = transcript(group("c1", "python3 a.py", output("a")))
    result = run(messages, registry=registry)
    assert result.messages[3]["content"].startswith("[bash] custom python3 a.py · artifact://")


def test_results_an_earlier_prune_rewrote_are_left_alone() -> None:
    messages = transcript(
        *(group(f"c{n}", f"python3 s{n}.py", output(f"s{n}") + "E" * 300) for n in range(3))
    )
    first = run(messages)
    second = run(first.messages)
    assert all(new is old for new, old in zip(second.messages, first.messages, strict=True))
    assert second.artifacts == ()


# --- images and arguments ------------------------------------------------------------------------


def test_old_images_become_placeholders_and_tail_images_stay() -> None:
    image = {
        "type": "image_url",
        "image_url": {"url": "data:image/png;base64,AAAA"},
        "cache_control": {"type": "ephemeral"},
    }
    messages: list[Json] = [
        {"role": "user", "content": [{"type": "text", "text": "look"}, image]},
        {"role": "assistant", "content": "ok"},
        {"role": "user", "content": [image]},
    ]
    result = run(messages, protect_from=2)
    parts = result.messages[0]["content"]
    (artifact,) = result.artifacts
    assert parts[0] == {"type": "text", "text": "look"}
    assert parts[1] == {
        "type": "text",
        "text": f"[image removed: {artifact.uri}]",
        "cache_control": {"type": "ephemeral"},
    }
    assert json.loads(artifact.content) == image
    assert artifact.kind == "image"
    assert packlight_meta(result.messages[0]) == {"pruned": "image", "artifact": artifact.id}
    assert result.messages[2] is messages[2]
    assert result.stats.images_stripped == 1


def test_long_arguments_are_shortened_leaf_by_leaf_and_stay_valid_json() -> None:
    arguments = {
        "path": "src/app.py",
        "file_text": "A" * 3_000 + "MIDDLE" + "Z" * 3_000,
        "options": {"mode": "w", "lines": ["short", "L" * 900]},
        "count": 3,
    }
    original = json.dumps(arguments)
    messages: list[Json] = [
        {"role": "assistant", "content": None, "tool_calls": [call("c1", "write_file", arguments)]},
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        {"role": "user", "content": "next"},
    ]
    result = run(messages, protect_from=2)
    new_calls = result.messages[0]["tool_calls"]
    shortened = json.loads(new_calls[0]["function"]["arguments"])
    (artifact,) = result.artifacts
    assert shortened.keys() == arguments.keys()
    assert shortened["options"].keys() == arguments["options"].keys()
    assert shortened["path"] == "src/app.py"
    assert shortened["count"] == 3
    assert shortened["file_text"].startswith("A" * 250)
    assert shortened["file_text"].endswith("Z" * 250)
    assert f"…[5,506 chars cut: {artifact.uri}]…" in shortened["file_text"]
    assert shortened["options"]["lines"][0] == "short"
    assert len(new_calls[0]["function"]["arguments"]) < len(original) / 4
    assert artifact.content == original
    assert artifact.kind == "tool_arguments"
    assert artifact.meta == {"tool": "write_file", "call_id": "c1", "index": 0}
    assert new_calls[0]["id"] == "c1"
    assert result.stats.arguments_shortened == 1


def test_arguments_that_are_not_json_are_cut_as_text() -> None:
    broken = "{" + "x" * 5_000
    messages: list[Json] = [
        {"role": "assistant", "content": None, "tool_calls": [call("c1", "bash", broken)]},
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
    ]
    result = run(messages, protect_from=2)
    text = result.messages[0]["tool_calls"][0]["function"]["arguments"]
    assert text.startswith("{" + "x" * 249)
    assert "chars cut: artifact://" in text
    assert result.artifacts[0].content == broken


# --- pressure and oversize ------------------------------------------------------------------------


def test_pressure_digests_large_tail_results_except_the_last_messages() -> None:
    messages = transcript(
        group("c1", "python3 a.py", output("a", lines=100)),
        group("c2", "python3 b.py", output("b", lines=3)),
        group("c3", "python3 c.py", output("c", lines=100)),
        tail=0,
    )
    result = run(
        messages, protect_from=2, pressure=True, settings=PruneSettings(pressure_keep_last=2)
    )
    assert packlight_meta(result.messages[3])["pruned"] == "digest"
    assert result.messages[5] is messages[5]  # not 4x min_result_chars
    assert result.messages[7] is messages[7]  # among the last two
    assert run(messages, protect_from=2).messages[3] is messages[3]


def test_oversize_cuts_any_message_but_instructions_and_never_cut() -> None:
    counter = EstimateCounter()
    big = "\n".join(f"row {n:04d} " + "x" * 30 for n in range(400))
    messages: list[Json] = [
        {"role": "system", "content": big},
        {"role": "user", "content": big},
        {
            "role": "assistant",
            "content": big,
            "tool_calls": [call("c1", "bash", {"command": "ls"})],
        },
        {"role": "tool", "tool_call_id": "c1", "content": big},
        {"role": "user", "content": big},
    ]
    limit = 200
    result = run(
        messages,
        protect_from=0,  # everything is tail: only the oversize pass applies
        settings=PruneSettings(max_message_tokens=limit),
        counter=counter,
        never_cut=frozenset({4}),
    )
    assert result.messages[0] is messages[0]
    assert result.messages[4] is messages[4]
    for index in (1, 2, 3):
        text = result.messages[index]["content"]
        meta = packlight_meta(result.messages[index])
        assert meta["pruned"] == "oversize"
        (artifact,) = [a for a in result.artifacts if a.id == meta["artifact"]]
        assert artifact.content == big
        assert artifact.kind == "message"
        assert counter.count_text(text) <= limit
        assert text.startswith("row 0000 ")
        assert text.endswith("row 0399 " + "x" * 30)
        assert f" chars cut: {artifact.uri}]…\n" in text
    assert result.messages[2]["tool_calls"] == messages[2]["tool_calls"]
    assert result.stats.oversized_cut == 3
    # Cut at line boundaries: every kept line is a whole original line.
    kept = [
        line for line in result.messages[1]["content"].splitlines() if not line.startswith("…[")
    ]
    assert all(line in big.splitlines() for line in kept)


def test_oversize_without_a_counter_does_nothing() -> None:
    messages: list[Json] = [{"role": "user", "content": "y" * 10_000}]
    result = run(messages, protect_from=1, settings=PruneSettings(max_message_tokens=10))
    assert result.messages[0] is messages[0]


def test_several_rewrites_of_one_message_list_every_artifact() -> None:
    image = {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}
    arguments = {"a": "q" * 3_000, "b": "r" * 3_000}
    messages: list[Json] = [
        {
            "role": "assistant",
            "content": [{"type": "text", "text": "see"}, image],
            "tool_calls": [call("c1", "x", arguments), call("c2", "y", arguments | {"c": 1})],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        {"role": "tool", "tool_call_id": "c2", "content": "ok"},
    ]
    result = run(messages, protect_from=3)
    meta = packlight_meta(result.messages[0])
    assert meta["pruned"] == ["image", "arguments"]
    assert len(meta["artifacts"]) == 3
    assert "artifact" not in meta
    assert {a.id for a in result.artifacts} == set(meta["artifacts"])


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("min_result_chars", -1),
        ("max_argument_chars", 0),
        ("argument_leaf_chars", -5),
        ("pressure_keep_last", True),
        ("max_message_tokens", 0),
        ("min_result_chars", 2.5),
    ],
)
def test_settings_are_validated(field: str, value: Any) -> None:
    with pytest.raises(ConfigError, match=field):
        PruneSettings(**{field: value})


# --- properties over generated transcripts -------------------------------------------------------

BIG_OUTPUTS = [
    output("shared", lines=30),
    output("fail", lines=25, code=1) + "\nTraceback (most recent call last):\nValueError: bad",
    "\n".join(f"{n}\tsource line" for n in range(60)),
]
PRUNABLE_CALLS = [
    ("bash", {"command": "sed -n '1,60p' src/a.py"}),
    ("bash", {"command": "python3 run.py"}),
    ("read_file", {"path": "src/a.py"}),
    ("edit_file", {"path": "src/a.py", "old_str": "a", "new_str": "b"}),
    ("grep", {"pattern": "def f", "path": "src"}),
    ("bash", {"command": "x" * 300, "note": ["y" * 400, {"z": "w" * 400}]}),
]


@st.composite
def prunable_transcripts(draw: st.DrawFn) -> list[Json]:
    """Generated transcripts with some large results, known tools and long arguments mixed in."""
    messages: list[Json] = draw(canonical_transcripts())
    for message in messages:
        for tool_call in message.get("tool_calls") or []:
            if draw(st.booleans()):
                name, arguments = draw(st.sampled_from(PRUNABLE_CALLS))
                tool_call["function"] = {"name": name, "arguments": json.dumps(arguments)}
        if message["role"] == "tool" and draw(st.booleans()):
            message["content"] = draw(st.sampled_from(BIG_OUTPUTS))
    return messages


def _text_pieces(message: Mapping[str, Any]) -> list[str]:
    content = message.get("content")
    if isinstance(content, str):
        return [content]
    return [
        part.get("text", part.get("refusal"))
        for part in content or []
        if isinstance(part, Mapping) and part.get("type") in TEXT_PART_TYPES
    ]


def _assert_recoverable(
    old: Mapping[str, Any], new: Mapping[str, Any], result: PruneResult
) -> None:
    """Whatever left the message is an artifact's content (or a part of one)."""
    contents = [artifact.content for artifact in result.artifacts]
    new_texts = _text_pieces(new)
    for piece in _text_pieces(old):
        if isinstance(piece, str) and piece not in new_texts:
            assert any(piece in content for content in contents)
    content = old.get("content")
    if isinstance(content, list):
        for part in content:
            if isinstance(part, Mapping) and part.get("type") in IMAGE_PART_TYPES:
                kept = isinstance(new.get("content"), list) and part in new["content"]
                assert kept or json.dumps(part, ensure_ascii=False) in contents
    new_calls = {c["id"]: c for c in new.get("tool_calls") or []}
    for old_call in old.get("tool_calls") or []:
        arguments = old_call["function"]["arguments"]
        if new_calls[old_call["id"]]["function"]["arguments"] != arguments:
            assert arguments in contents


def _skeleton(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _skeleton(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_skeleton(item) for item in value]
    return "<str>" if isinstance(value, str) else value


@settings(max_examples=150, deadline=None)
@given(prunable_transcripts(), st.data())
def test_prune_properties(messages: list[Json], data: st.DataObject) -> None:
    snapshot = copy.deepcopy(messages)
    options = PruneSettings(
        min_result_chars=data.draw(st.sampled_from([0, 1, 50, 200])),
        max_argument_chars=data.draw(st.sampled_from([1, 20, 500])),
        argument_leaf_chars=data.draw(st.sampled_from([0, 3, 40])),
        pressure_keep_last=data.draw(st.integers(0, 4)),
        max_message_tokens=data.draw(st.sampled_from([None, 1, 5, 60])),
    )
    result = prune(
        cast(list[Message], messages),
        protect_from=data.draw(st.integers(-2, len(messages) + 2)),
        key=KEY,
        settings=options,
        pressure=data.draw(st.booleans()),
        counter=EstimateCounter(),
        never_cut=frozenset(data.draw(st.sets(st.integers(0, max(len(messages) - 1, 0))))),
    )
    assert messages == snapshot
    assert len(result.messages) == len(messages)
    ids = {artifact.id for artifact in result.artifacts}
    assert len(ids) == len(result.artifacts)
    for old, new in zip(messages, result.messages, strict=True):
        assert new["role"] == old["role"]
        assert new.get("tool_call_id") == old.get("tool_call_id")
        assert [c["id"] for c in new.get("tool_calls") or []] == [
            c["id"] for c in old.get("tool_calls") or []
        ]
        if new is old:
            continue
        assert old["role"] not in INSTRUCTION_ROLES or new.get("content") == old.get("content")
        meta = packlight_meta(new)
        named = [meta["artifact"]] if "artifact" in meta else meta["artifacts"]
        assert set(named) <= ids
        _assert_recoverable(old, new, result)
        for old_call, new_call in zip(
            old.get("tool_calls") or [], new.get("tool_calls") or [], strict=True
        ):
            before, after = old_call["function"]["arguments"], new_call["function"]["arguments"]
            try:
                parsed = json.loads(before)
            except ValueError:
                continue
            assert _skeleton(json.loads(after)) == _skeleton(parsed)


# --- real trajectories --------------------------------------------------------------------------


@pytest.mark.shared_data
def test_real_trajectories_shrink_and_keep_errors_and_written_paths(shared_data: Path) -> None:
    before = after = tool_before = tool_after = 0
    digests = 0
    for path in sorted((shared_data / "trajectories" / "mini-swe-agent").glob("*.json")):
        messages = json.loads(path.read_text(encoding="utf-8"))["messages"]
        protect_from = len(messages) - 10
        result = prune(messages, protect_from=protect_from, key=KEY)
        assert len(result.messages) == len(messages)
        before += result.stats.chars_before
        after += result.stats.chars_after
        for index in range(protect_from):
            if messages[index]["role"] == "tool":
                tool_before += len(message_text(messages[index]))
                tool_after += len(message_text(result.messages[index]))
        contents = {artifact.id: artifact.content for artifact in result.artifacts}
        for event in tool_events(messages):
            if event.result_index is None:
                continue
            pruned = result.messages[event.result_index]
            meta = packlight_meta(pruned)
            if not meta:
                continue
            assert contents[meta["artifact"]] == messages[event.result_index]["content"]
            if meta["pruned"] != "digest":
                continue
            digests += 1
            text = pruned["content"]
            if event.error_lines:
                assert event.error_lines[0][:299] in text, (path.name, event.error_lines[0])
            # Edits and writes, and also test runs that write (toolcalls reads "tox.ini" in
            # `git checkout setup.py tox.ini` as tox, a test runner).
            if event.kind in {"write", "edit", "test", "shell"}:
                for written in event.paths_written:
                    assert written in text, (path.name, written)
    assert digests > 500
    # Whole transcripts (assistant reasoning and the protected tail included) and the tool
    # results before the tail, measured separately: the second is what prune works on.
    assert after / before < 0.75, after / before
    assert tool_after / tool_before < 0.2, tool_after / tool_before
