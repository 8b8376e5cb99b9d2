"""Pruning never makes a tool result cost more: a replacement is made only when it is smaller.

A digest or pointer names an ``artifact://`` id, the command and the size of the output; for a
small output, or one that tokenizes cheaply (indentation, rules of dashes, long runs of one
character), that line can cost more tokens than the output it stands for although it has fewer
characters. Such an output must stay as it is, unmarked.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from packlight.compressor.engine import ContextCompressor
from packlight.compressor.prune import PruneSettings, prune
from packlight.messages import Message, packlight_meta
from packlight.tokens import EstimateCounter, ExactCounter, TokenCounter, count_message

KEY = b"prune-tokens-key"
EXACT = ExactCounter("o200k_base")
ESTIMATE = EstimateCounter()

WORDS = st.sampled_from(
    ["error", "ok", "file", "src/app/models.py", "passed", "FAILED", "None", "0", "id", "é", "漢字"]
)
LINE = st.lists(WORDS, min_size=0, max_size=12).map(" ".join)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-1_000, 10**9) | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=12), inner, max_size=6)
    ),
    max_leaves=40,
)


@st.composite
def tool_outputs(draw: st.DrawFn) -> str:
    """Outputs of every size and shape a tool returns."""
    shape = draw(
        st.sampled_from(
            ["short", "one line", "json", "error", "repetitive", "lines", "returncode", "text"]
        )
    )
    if shape == "short":
        return draw(st.text(max_size=80))
    if shape == "one line":
        return draw(LINE) + draw(st.text(alphabet=" -=x", max_size=600))
    if shape == "json":
        indent = draw(st.sampled_from([None, 1, 2, 4, 12, 40]))
        return json.dumps(draw(JSON_VALUES), indent=indent, ensure_ascii=draw(st.booleans()))
    if shape == "error":
        frames = draw(st.integers(0, 30))
        kind = draw(st.sampled_from(["ValueError", "ImproperlyConfigured", "KeyError"]))
        return (
            "Traceback (most recent call last):\n"
            + "".join(f'  File "src/m{n}.py", line {n}, in f\n    call()\n' for n in range(frames))
            + f"{kind}: {draw(LINE)}"
        )
    if shape == "repetitive":
        unit = draw(st.sampled_from([" ", "-", "=", "\n", "    ", "0", "ab", "-" * 79 + "\n"]))
        return draw(LINE) + unit * draw(st.integers(1, 3_000)) + draw(LINE)
    if shape == "lines":
        lines = draw(st.lists(LINE, max_size=60))
        return "\n".join(lines * draw(st.integers(1, 8)))
    if shape == "returncode":
        code = draw(st.sampled_from([0, 1, 2]))
        body = "\n".join(draw(st.lists(LINE, max_size=30)))
        return f"<returncode>{code}</returncode>\n<output>\n{body}\n</output>"
    return draw(st.text(max_size=2_000))


CALLS = [
    ("bash", lambda n: {"command": f"python3 run_{n % 3}.py --verbose"}),
    ("bash", lambda n: {"command": f"cat src/app/file_{n % 2}.py"}),
    ("read_file", lambda n: {"path": f"src/app/file_{n % 2}.py"}),
    ("grep", lambda n: {"pattern": "TODO|FIXME", "path": "src/"}),
    ("web_fetch", lambda n: {"url": f"https://example.com/page/{n}"}),
    ("str_replace_editor", lambda n: {"command": "view", "path": f"src/{n % 2}.py"}),
    ("custom_tool", lambda n: {"x": n}),
]


@st.composite
def tool_transcripts(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Tool calls answered by generated outputs; some outputs repeat, some files are re-read."""
    pool = draw(st.lists(tool_outputs(), min_size=1, max_size=4))
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are an agent."},
        {"role": "user", "content": "Do the task."},
    ]
    for n in range(draw(st.integers(1, 8))):
        name, arguments = CALLS[draw(st.integers(0, len(CALLS) - 1))]
        text = draw(st.sampled_from(pool)) if draw(st.booleans()) else draw(tool_outputs())
        content: Any = text
        if draw(st.integers(0, 4)) == 0:
            content = [{"type": "text", "text": text}]
        call = {
            "id": f"call_{n}",
            "type": "function",
            "function": {"name": name, "arguments": json.dumps(arguments(n))},
        }
        messages += [
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": call["id"], "content": content},
        ]
    messages.append({"role": "user", "content": "And now?"})
    return messages


def grown(
    before: Sequence[Message], after: Sequence[Message], counter: TokenCounter
) -> list[tuple[int, int, int]]:
    """``(index, tokens before, tokens after)`` of each tool result rewritten to no fewer
    tokens, or marked as pruned without being rewritten."""
    found = []
    for index, (old, new) in enumerate(zip(before, after, strict=True)):
        if old.get("role") != "tool":
            continue
        if new is old:
            continue
        old_tokens, new_tokens = count_message(counter, old), count_message(counter, new)
        if new_tokens >= old_tokens or not packlight_meta(new).get("pruned"):
            found.append((index, old_tokens, new_tokens))
    return found


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    tool_transcripts(),
    st.sampled_from([EXACT, ESTIMATE]),
    st.sampled_from([0, 1, 50, 200]),
    st.booleans(),
    st.sampled_from([None, 20, 300]),
    st.data(),
)
def test_a_rewritten_tool_result_always_costs_fewer_tokens(
    transcript: list[dict[str, Any]],
    counter: TokenCounter,
    min_result_chars: int,
    pressure: bool,
    max_message_tokens: int | None,
    data: st.DataObject,
) -> None:
    protect_from = data.draw(st.integers(0, len(transcript)))
    result = prune(
        transcript,  # type: ignore[arg-type]
        protect_from=protect_from,
        key=KEY,
        settings=PruneSettings(
            min_result_chars=min_result_chars,
            pressure_keep_last=data.draw(st.integers(0, 3)),
            max_message_tokens=max_message_tokens,
        ),
        pressure=pressure,
        counter=counter,
    )
    rewritten = sum(
        1
        for old, new in zip(transcript, result.messages, strict=True)
        if old.get("role") == "tool" and new is not old
    )
    event(f"tool results rewritten: {min(rewritten, 3)}{'+' if rewritten > 3 else ''}")
    assert grown(transcript, result.messages, counter) == []  # type: ignore[arg-type]


@pytest.mark.parametrize("counter", [EXACT, ESTIMATE], ids=["exact", "estimate"])
def test_cheap_outputs_are_kept_as_they_are(counter: TokenCounter) -> None:
    """Outputs of many characters but few tokens: a digest would cost more, so none is made."""
    outputs = [
        "x" + " " * 3_000 + "y",  # one token per long run of spaces (exact)
        "short",
        '{"ok": true}',
    ]
    transcript: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
    for n, text in enumerate(outputs):
        call = {
            "id": f"c{n}",
            "type": "function",
            "function": {"name": "bash", "arguments": json.dumps({"command": "cat data.json"})},
        }
        transcript += [
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"c{n}", "content": text},
        ]
    result = prune(
        transcript,  # type: ignore[arg-type]
        protect_from=len(transcript),
        key=KEY,
        settings=PruneSettings(min_result_chars=0),
        counter=counter,
    )
    assert grown(transcript, result.messages, counter) == []  # type: ignore[arg-type]
    if counter is EXACT:
        assert result.messages[2] is transcript[2]  # not worth a digest in real tokens
        assert result.stats.digested == 0


# --- the real trajectories -------------------------------------------------------------------


def real_sessions(fixtures_dir: Path) -> list[tuple[str, list[dict[str, Any]]]]:
    sessions = [
        (session["id"], session["messages"])
        for session in map(
            json.loads,
            (fixtures_dir / "tau-bench-airline-sample.jsonl").read_text("utf-8").splitlines(),
        )
    ]
    example = (
        Path(__file__).resolve().parents[2] / "src/packlight/examples/django__django-15022.json"
    )
    session = json.loads(example.read_text("utf-8"))
    return [*sessions, (session["id"], session["messages"])]


@pytest.mark.parametrize("counter", [EXACT, ESTIMATE], ids=["exact", "estimate"])
def test_no_pruned_result_of_the_real_fixtures_grows(
    fixtures_dir: Path, counter: TokenCounter
) -> None:
    problems: dict[str, list[tuple[int, int, int]]] = {}
    for name, messages in real_sessions(fixtures_dir):
        for min_result_chars in (0, 50, 200):
            for pressure in (False, True):
                result = prune(
                    messages,  # type: ignore[arg-type]
                    protect_from=len(messages) - 2,
                    key=KEY,
                    settings=PruneSettings(min_result_chars=min_result_chars),
                    pressure=pressure,
                    counter=counter,
                )
                found = grown(messages, result.messages, counter)  # type: ignore[arg-type]
                if found:
                    problems[f"{name} min={min_result_chars} pressure={pressure}"] = found
    assert problems == {}


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_the_engine_plan_never_grows_a_real_tool_result(fixtures_dir: Path, window: int) -> None:
    for _, messages in real_sessions(fixtures_dir):
        engine = ContextCompressor(model="gpt-4o", context_window=window, key=KEY)
        plan = engine.plan(messages)  # type: ignore[arg-type]
        for old, new in zip(plan.messages, plan.pruned, strict=True):
            if old.get("role") == "tool" and new is not old:
                assert engine.counter.message(new) < engine.counter.message(old)
