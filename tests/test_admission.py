"""Admission control: huge tool outputs leave the window at ingest, with a preview that helps."""

from __future__ import annotations

import copy
import re
from typing import Any, cast

import pytest

from packlight.admission import AdmissionSettings, admit
from packlight.archive import MemoryArchive
from packlight.artifacts import artifact_id
from packlight.errors import ConfigError
from packlight.messages import Message
from packlight.retrieval import MemoryReader, RetrievalTools
from packlight.tokens import EstimateCounter

KEY = b"s" * 32
COUNTER = EstimateCounter()


def build_output() -> str:
    lines = ["============================= test session starts =============================="]
    lines += [f"tests/test_views.py::test_case_{n} PASSED  — ünïcode ✓" for n in range(1, 3_001)]
    lines += [
        "Traceback (most recent call last):",
        '  File "/srv/app/views.py", line 12, in handler',
        "KeyError: 'user_id'",
        "FAILED tests/test_views.py::test_case_3001 - KeyError: 'user_id'",
        "=================== 1 failed, 3000 passed in 12.34s ===================",
        "<returncode>1</returncode>",
    ]
    return "\r\n".join(lines[:3]) + "\n" + "\n".join(lines[3:]) + "\n"


def tool_message(content: Any, **extra: Any) -> Message:
    return cast(Message, {"role": "tool", "tool_call_id": "call_9", "content": content, **extra})


def test_a_big_tool_output_is_externalised_with_its_facts() -> None:
    original = build_output()
    message = tool_message(original, name="bash", provider_field={"keep": [1, 2]})
    snapshot = copy.deepcopy(message)
    result = admit(message, key=KEY, counter=COUNTER, tool_name="bash")

    assert message == snapshot  # never mutated
    artifact = result.artifact
    assert artifact is not None
    assert artifact.kind == "tool_result"
    assert artifact.content == original  # byte for byte, \r\n and trailing newline included
    assert artifact.id == artifact_id(KEY, "tool_result", original)
    lines = original.split("\n")
    assert dict(artifact.meta) == {
        "tool": "bash",
        "call_id": "call_9",
        "chars": len(original),
        "lines": len(lines),
        "tokens": COUNTER.count_text(original),
        "reason": "admission",
    }

    admitted = result.message
    assert admitted is not message
    assert {k: v for k, v in admitted.items() if k != "content"} == {
        k: v for k, v in message.items() if k != "content"
    }
    preview = admitted["content"]
    assert isinstance(preview, str)
    out = preview.split("\n")
    assert out[0] == (
        f"[packlight: output externalised as artifact://{artifact.id} — {len(lines):,} lines, "
        f"{len(original):,} chars, ~{COUNTER.count_text(original):,} tokens]"
    )
    assert "exit code: 1" in out
    assert "tests: =================== 1 failed, 3000 passed in 12.34s ===================" in out
    assert "first error: Traceback (most recent call last):" in out
    assert "last error: FAILED tests/test_views.py::test_case_3001 - KeyError: 'user_id'" in out
    head = out.index(lines[0].rstrip("\r"))
    assert out[head : head + 20] == [line.rstrip("\r") for line in lines[:20]]
    omitted = len(lines) - 40
    marker = f"[… {omitted:,} lines omitted (21-{len(lines) - 20}) …]"
    assert out[head + 20] == marker
    assert out[head + 21 : head + 41] == lines[-20:]
    assert out[-1] == (
        f'use context_read(id="{artifact.id}", start_line=21, end_line={len(lines) - 20}) '
        f'or context_grep(pattern, id="{artifact.id}")'
    )
    assert COUNTER.count_text(preview) < AdmissionSettings().max_tokens


def test_the_preview_cites_what_the_retrieval_tools_can_read() -> None:
    original = build_output()
    result = admit(tool_message(original), key=KEY, counter=COUNTER)
    assert result.artifact is not None
    archive = MemoryArchive()
    archive.put(result.artifact)
    tools = RetrievalTools(MemoryReader(archive))
    call = re.search(
        r'context_read\(id="(\w+)", start_line=(\d+), end_line=(\d+)\)',
        str(result.message["content"]),
    )
    assert call is not None
    read = tools.handle(
        "context_read",
        {"id": call.group(1), "start_line": int(call.group(2)), "end_line": int(call.group(2)) + 1},
    )
    assert read.split("\n")[1] == f"21| {original.split(chr(10))[20]}"
    grep = tools.handle("context_grep", {"pattern": "KeyError", "id": call.group(1)})
    assert "KeyError: 'user_id'" in grep


def test_a_small_tool_output_is_the_same_object() -> None:
    message = tool_message("<returncode>0</returncode>\nok")
    result = admit(message, key=KEY, counter=COUNTER)
    assert result.message is message
    assert result.artifact is None


@pytest.mark.parametrize("role", ["user", "assistant", "system"])
def test_other_messages_are_never_externalised(role: str) -> None:
    message = cast(Message, {"role": role, "content": "x " * 100_000})
    result = admit(message, key=KEY, counter=COUNTER)
    assert result.message is message
    assert result.artifact is None


def test_list_content_keeps_its_images_after_the_preview() -> None:
    image = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}
    text = "\n".join(f"row {n}" for n in range(20_000))
    message = tool_message([{"type": "text", "text": text}, image])
    snapshot = copy.deepcopy(message)
    result = admit(message, key=KEY, counter=COUNTER)
    assert message == snapshot
    assert result.artifact is not None
    assert result.artifact.content == text
    content = result.message["content"]
    assert isinstance(content, list)
    assert content[0]["type"] == "text"
    assert content[0]["text"].startswith("[packlight: output externalised as artifact://")
    assert content[1:] == [image]


def test_a_file_read_is_not_reported_as_an_error() -> None:
    source = "\n".join(["def f():", "    raise ValueError('bad input')"] * 5_000)
    result = admit(tool_message(source), key=KEY, counter=COUNTER, tool_name="read_file")
    assert result.artifact is not None
    assert "error:" not in str(result.message["content"])
    assert result.artifact.meta["tool"] == "read_file"


def test_long_lines_are_shortened_in_the_preview() -> None:
    text = "x" * 200_000
    result = admit(tool_message(text), key=KEY, counter=COUNTER)
    preview = str(result.message["content"])
    assert result.artifact is not None
    assert result.artifact.content == text
    assert "…[+199,600 chars]" in preview
    assert len(preview) < 1_000
    assert "start_line=1, end_line=1" in preview


def test_nothing_is_externalised_when_the_preview_would_not_be_smaller() -> None:
    message = tool_message("a b c d e f g h i j k l m n o p")
    result = admit(message, key=KEY, counter=COUNTER, settings=AdmissionSettings(max_tokens=1))
    assert result.message is message
    assert result.artifact is None


def test_the_threshold_is_exclusive() -> None:
    at_limit = "abcd" * 50  # 50 estimated tokens
    settings = AdmissionSettings(max_tokens=50, head_lines=1, tail_lines=1)
    assert (
        admit(tool_message(at_limit), key=KEY, counter=COUNTER, settings=settings).artifact is None
    )
    over = "\n".join(["abcd" * 30] * 10)
    assert (
        admit(tool_message(over), key=KEY, counter=COUNTER, settings=settings).artifact is not None
    )


@pytest.mark.parametrize(
    "options",
    [
        {"max_tokens": 0},
        {"max_tokens": True},
        {"max_tokens": 1.5},
        {"head_lines": -1},
        {"tail_lines": "20"},
        {"max_line_chars": 5},
    ],
)
def test_invalid_settings_name_the_key(options: dict[str, Any]) -> None:
    with pytest.raises(ConfigError) as caught:
        AdmissionSettings(**options)
    assert f"admission.{next(iter(options))}" in str(caught.value)
