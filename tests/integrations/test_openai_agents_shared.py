"""The OpenAI Agents SDK integration on the real trajectories in ../shared/data (held out from
development: the bundled run and the tau-bench fixture are what the other tests replay).

Every fifth mini-swe-agent run and every thirtieth tau-bench session are replayed through
``Runner.run_sync`` with a ``PacklightSession`` at an 8,192-token window. Besides what the
bundled replays check, packlight's own limits are allowed for by its stated reason: a call it
deferred, a compaction that could not get under the threshold, a system prompt and task that
alone cross it, or compaction paused after two that saved under 10%. No call is over the
window by the session's estimate, except where the system prompt and task alone nearly fill
it (only recovery, after a provider's refusal, cuts a task; these replays have no provider).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import iter_shared_sessions
from tests.integrations.openai_agents_replay import runs_of, texts_of, unique_call_ids
from tests.integrations.test_openai_agents import (
    _no_tracing,  # noqa: F401 (the autouse fixture: tracing off, the default loop closed)
    check_archive,
    check_pairing,
    replay_with_session,
)
from tests.wrappers.replay import Trajectory

pytestmark = [pytest.mark.shared_data, pytest.mark.slow]

WINDOW = 8192
PACKLIGHTS_OWN_LIMITS = ("deferred", "still over the threshold", "nothing to compact", "paused")


def sample(shared_data: Path) -> list[tuple[str, Trajectory]]:
    swe, tau = [], []
    for name, session in iter_shared_sessions(shared_data):
        trajectory = Trajectory(
            [dict(m) for m in session["messages"]], [dict(t) for t in session.get("tools") or []]
        )
        (tau if name.startswith("tau") or "airline" in name else swe).append((name, trajectory))
    return swe[::5] + tau[::30]


def test_held_out_trajectories_stay_in_the_window(shared_data: Path, tmp_path: Path) -> None:
    replayed = 0
    for number, (name, recorded) in enumerate(sample(shared_data)):
        trajectory = unique_call_ids(recorded)
        if not runs_of(trajectory):
            continue
        session, model, runs, decisions = replay_with_session(
            trajectory, WINDOW, tmp_path / str(number)
        )
        stats = session.packlight.stats
        assert stats.threshold is not None
        calls = list(model.calls)
        assert len(calls) == len(decisions)
        position = 0
        for run in runs:
            for _ in range(len(run.turns) + (1 if run.turns[-1].get("tool_calls") else 0)):
                call, decision = calls[position], decisions[position]
                where = f"{name}, call {position}: {decision.last_reason}"
                estimate = decision.last_estimate
                assert estimate is not None
                if "never cuts" not in decision.last_reason:
                    # (A task that alone nearly fills the window is cut only by recovery,
                    # after a provider refused it: these replays have no provider.)
                    assert estimate <= WINDOW, where
                if not any(limit in decision.last_reason for limit in PACKLIGHTS_OWN_LIMITS):
                    assert estimate < stats.threshold, where
                check_pairing(position, _items(call.input))
                assert run.input[-1]["content"] in texts_of(call.input), where
                position += 1
        assert position == len(calls)
        assert stats.lineages == 1, name
        assert session.packlight.session_id is not None
        check_archive(session.store, session.packlight.session_id, trajectory)
        replayed += 1
    assert replayed >= 10


def _items(value: Any) -> list[dict[str, Any]]:
    return list(value) if isinstance(value, list) else []
