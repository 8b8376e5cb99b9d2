"""Stores filled the way an agent fills one: real recorded sessions replayed turn by turn
through :class:`packlight.Session` with a small window, so that several compactions, their
checkpoints and archived artifacts are really there (no hand-made rows)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import packlight
from packlight.cli.demo import example_path
from packlight.store.base import SessionStore

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TAU_BENCH = FIXTURES / "tau-bench-airline-sample.jsonl"
SWE_AGENT_ID = "swe-agent-django-15022"
TAU_BENCH_IDS = ("tau-bench-airline-0", "tau-bench-airline-1")


def replay(
    store: SessionStore,
    session_id: str,
    messages: Sequence[dict[str, Any]],
    tools: Sequence[dict[str, Any]],
    *,
    window: int,
    model: str = "gpt-4o",
) -> list[int]:
    """Send the history before each recorded assistant message, as the agent did. Returns
    the (1-based) model calls whose request a compaction prepared."""
    session = packlight.Session(
        model=model, context_window=window, store=store, session_id=session_id
    )
    compacted: list[int] = []
    calls = 0
    for index, message in enumerate(messages):
        if message.get("role") == "assistant" and index > 0:
            calls += 1
            before = session.stats.compactions
            session.prepare(list(messages[:index]), list(tools), max_tokens=512)
            compacted += [calls] * (session.stats.compactions - before)
    return compacted


def fill(store: SessionStore) -> dict[str, list[int]]:
    """The bundled mini-swe-agent run and the two tau-bench sessions; for each session id,
    the model calls a compaction prepared (see :func:`replay`)."""
    swe = packlight.read_session(example_path())
    compacted = {}
    compacted[SWE_AGENT_ID] = replay(
        store,
        SWE_AGENT_ID,
        [dict(m) for m in swe.messages],
        [dict(t) for t in swe.tools],
        window=8192,
    )
    for session_id, tau in zip(TAU_BENCH_IDS, packlight.iter_sessions(TAU_BENCH), strict=True):
        compacted[session_id] = replay(
            store,
            session_id,
            [dict(m) for m in tau.messages],
            [dict(t) for t in tau.tools],
            window=4096,
        )
    return compacted
