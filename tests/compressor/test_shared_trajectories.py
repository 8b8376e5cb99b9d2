"""The engine's acceptance checks on every real trajectory, with a 32K-token window forced.

For each session: the result passes the OpenAI and Anthropic ordering checks, fits under the
threshold, keeps the latest user message byte-identical and the system message unchanged
except for the note; every file the trajectory modified and its first and latest error line
are still visible (checkpoint, digest or tail). Over the mini-swe-agent set, tokens after
compaction are at most 25% of before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from packlight.compressor.assemble import SYSTEM_NOTE
from packlight.compressor.engine import ContextCompressor
from packlight.compressor.ordering import verify
from packlight.compressor.toolcalls import tool_events
from packlight.messages import is_summary, message_text, tool_calls_of
from tests.conftest import iter_shared_sessions

pytestmark = [pytest.mark.shared_data, pytest.mark.slow]


def visible_text(messages: list[Any]) -> str:
    parts = []
    for message in messages:
        parts.append(message_text(message))
        parts.extend(call["function"]["arguments"] for call in tool_calls_of(message))
    return "\n".join(parts)


def must_survive(messages: list[Any]) -> tuple[list[str], list[str]]:
    events = tool_events(messages)
    modified = sorted(
        {path for e in events if e.kind in {"edit", "write"} for path in e.paths_written}
    )
    errors = [line for e in events for line in e.error_lines]
    return modified, ([errors[0], errors[-1]] if errors else [])


def test_every_trajectory_compacts_validly_and_keeps_what_matters(shared_data: Path) -> None:
    failures: list[str] = []
    swe_before = swe_after = 0
    for name, session in iter_shared_sessions(shared_data):
        messages = session["messages"]
        result = ContextCompressor(model="gpt-4o", context_window=32_000).compress(
            messages, force=True, tools=session["tools"]
        )
        out = result.messages
        problems = verify(out)
        if problems:
            failures.append(f"{name}: ordering {problems[:2]}")
        if result.compacted and not result.fits:
            failures.append(f"{name}: does not fit ({result.reason})")
        latest = next(m for m in reversed(messages) if m["role"] == "user")
        if not any(m is latest or m == latest for m in out if not is_summary(m)):
            failures.append(f"{name}: latest user message changed")
        if out[0]["content"] not in (
            messages[0]["content"],
            f"{messages[0]['content']}\n\n{SYSTEM_NOTE}",
        ):
            failures.append(f"{name}: system message changed beyond the note")
        text = visible_text(out)
        modified, errors = must_survive(messages)
        failures += [f"{name}: lost modified file {p}" for p in modified if p not in text]
        failures += [f"{name}: lost error line {e[:80]!r}" for e in errors if e not in text]
        if name.count("__"):
            swe_before += result.before_tokens
            swe_after += result.after_tokens
    assert not failures, "\n".join(failures[:30])
    print(f"mini-swe-agent tokens: {swe_before:,} -> {swe_after:,} ({swe_after / swe_before:.1%})")
    assert swe_after <= 0.25 * swe_before
