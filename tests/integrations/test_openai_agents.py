"""packlight inside the OpenAI Agents SDK's own run loop.

Real trajectories are replayed through ``Runner.run_sync`` with the SDK's ``ScriptedModel``
answering each model call with the recorded assistant turn and stub tools answering each
call with its recorded output. Every model call must get a request under packlight's
threshold, with every ``function_call`` answered by its ``function_call_output``, and the
latest user message verbatim; the store must hold every original message.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from agents import Agent, Model, Runner, set_tracing_disabled
from agents.memory import SQLiteSession
from agents.testing import ModelCall, ScriptedModel

import packlight
from packlight.integrations.openai_agents import (
    PacklightSession,
)
from tests.integrations.openai_agents_replay import (
    Run,
    instructions_of,
    request_tokens,
    runs_of,
    scripted_model,
    stub_tools,
    texts_of,
    unique_call_ids,
)
from tests.wrappers.replay import MODEL, Trajectory, swe_agent, tau_bench

ROOT = Path(__file__).resolve().parents[2]
TRAJECTORIES = {
    "mini-swe-agent": lambda: unique_call_ids(swe_agent()),
    "tau-bench": lambda: unique_call_ids(tau_bench()),
}
MAX_TURNS = 200


@pytest.fixture(autouse=True)
def _no_tracing() -> None:
    set_tracing_disabled(True)  # nothing leaves the machine, not even a trace


def counter() -> packlight.TranscriptCounter:
    return packlight.TranscriptCounter(packlight.load_settings().token_counter(MODEL))


def agent_for(trajectory: Trajectory, model: Model) -> Agent[Any]:
    return Agent(
        name="replay",
        instructions=instructions_of(trajectory),
        model=model,
        tools=list(stub_tools(trajectory)),
    )


# --------------------------------------------------------------------------- checks


def check_pairing(number: int, items: list[dict[str, Any]]) -> None:
    """Each function_call is answered after it, and each output follows its call."""
    called: set[str] = set()
    answered: set[str] = set()
    for item in items:
        if item.get("type") == "function_call":
            called.add(item["call_id"])
        elif item.get("type") == "function_call_output":
            assert item["call_id"] in called, f"call {number}: output before its function_call"
            answered.add(item["call_id"])
    assert called == answered, f"call {number}: unanswered calls {sorted(called - answered)}"


def check_calls(
    calls: tuple[ModelCall, ...],
    runs: list[Run],
    stats: packlight.SessionStats,
    decisions: list[packlight.SessionStats],
) -> list[int]:
    """Every model call under the session's threshold by its own estimate and under the
    window by the test's count, validly paired, with its run's user message. A call packlight
    deferred (real usage had just proved a request this size fits, or the call right after a
    compaction) may pass the threshold, never the window."""
    threshold, window = stats.threshold, stats.context_window
    assert threshold is not None
    assert window is not None
    assert threshold < window
    assert len(decisions) == len(calls)
    sizes = []
    call_iter = iter(calls)
    tokens = counter()
    for run in runs:
        latest = run.input[-1]["content"]
        # The runner calls the model once per recorded turn, once more after a trailing tool.
        count = len(run.turns) + (1 if run.turns[-1].get("tool_calls") else 0)
        for _ in range(count):
            call = next(call_iter)
            number = len(sizes)
            size = request_tokens(call, tokens)
            sizes.append(size)
            assert size <= window, f"call {number}: {size:,} tokens over the window {window:,}"
            decision = decisions[number]
            estimate = decision.last_estimate
            assert estimate is not None
            if "deferred" not in decision.last_reason:
                assert estimate < threshold, f"call {number}: {decision.last_reason}"
            check_pairing(number, list(call.input))
            assert latest in texts_of(call.input), f"call {number}: latest user message lost"
    assert next(call_iter, None) is None, "more model calls than recorded turns"
    return sizes


def originals_text(messages: list[Any]) -> str:
    return json.dumps(messages, ensure_ascii=False)


def check_archive(store: packlight.SessionStore, session_id: str, trajectory: Trajectory) -> None:
    """The store keeps every user message, assistant text, tool call and tool output."""
    stored = packlight.StoredSession.resume(store, session_id).original_messages()
    kept = originals_text([packlight.message_text(m) for m in stored])
    calls = originals_text(stored)
    replayed = trajectory.messages
    while replayed[-1].get("role") != "assistant":  # a closing user line no turn answers
        replayed = replayed[:-1]
    for message in replayed[1:]:
        text = packlight.message_text(message)
        if text:
            assert json.dumps(text, ensure_ascii=False)[1:-1] in kept, message
        for call in message.get("tool_calls") or []:
            assert call["id"] in calls


# --------------------------------------------------------------------------- replays


def replay_with_session(
    trajectory: Trajectory, window: int, tmp_path: Path
) -> tuple[PacklightSession, ScriptedModel, list[Run], list[packlight.SessionStats]]:
    runs = runs_of(trajectory)
    session = PacklightSession(
        "replay", store=str(tmp_path / "packlight.db"), context_window=window, model=MODEL
    )
    decisions: list[packlight.SessionStats] = []
    model = scripted_model(runs, counter(), lambda _: decisions.append(session.packlight.stats))
    agent = agent_for(trajectory, session.wrap_model(model))
    for run in runs:
        Runner.run_sync(
            agent, run.input, session=session, run_config=session.run_config(),
            max_turns=MAX_TURNS,
        )  # fmt: skip
    model.assert_complete()
    return session, model, runs, decisions


REPLAYS = [
    pytest.param("mini-swe-agent", 8192, id="mini-swe-agent-8K"),
    pytest.param("mini-swe-agent", 16384, id="mini-swe-agent-16K"),
    # The tau-bench sample tops out at 6.6K tokens: a 4K window makes it compact.
    pytest.param("tau-bench", 4096, id="tau-bench-4K"),
]


@pytest.mark.parametrize(("name", "window"), REPLAYS)
def test_packlight_session_keeps_every_call_under_the_threshold(
    name: str, window: int, tmp_path: Path
) -> None:
    trajectory = TRAJECTORIES[name]()
    snapshot = copy.deepcopy(trajectory.messages)

    session, model, runs, decisions = replay_with_session(trajectory, window, tmp_path)

    stats = session.packlight.stats
    assert stats.context_window == window
    check_calls(model.calls, runs, stats, decisions)
    assert stats.compactions >= 2, stats
    assert stats.lineages == 1, "the session should follow one history"
    assert stats.prefix_breaks == stats.compactions
    assert session.store is not None
    assert session.packlight.session_id is not None
    check_archive(session.store, session.packlight.session_id, trajectory)
    assert trajectory.messages == snapshot


def test_unfiltered_run_would_overflow() -> None:
    """The replay is a real test: without packlight the same calls cross the window."""
    trajectory = swe_agent()
    runs = runs_of(trajectory)
    model = scripted_model(runs, counter())
    session = SQLiteSession("plain")
    agent = agent_for(trajectory, model)
    for run in runs:
        Runner.run_sync(agent, run.input, session=session, max_turns=MAX_TURNS)
    sizes = [request_tokens(call, counter()) for call in model.calls]
    assert max(sizes) > 8192
