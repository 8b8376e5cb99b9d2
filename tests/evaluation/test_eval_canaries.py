from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from packlight.evaluation.canaries import (
    CANARY_TYPES,
    POSITIONS,
    check,
    exchange,
    plant,
    run_canaries,
)
from packlight.evaluation.peers.base import PeerOutcome
from packlight.evaluation.replay import pair_problems
from packlight.messages import Message, message_text
from tests.evaluation.builders import session


def test_planting_is_deterministic_per_seed_and_unguessable_across_seeds() -> None:
    messages: list[Any] = session(30)
    first = plant(messages, "0:traj")
    again = plant(messages, "0:traj")
    other = plant(messages, "1:traj")
    assert [c.value for c in first.canaries] == [c.value for c in again.canaries]
    assert first.messages == again.messages
    assert {c.value for c in first.canaries}.isdisjoint({c.value for c in other.canaries})
    assert len(first.canaries) == len(CANARY_TYPES) * len(POSITIONS)
    assert all(c.value not in message_text(m) for c in first.canaries for m in messages)


def test_planted_values_sit_early_middle_and_late_without_breaking_pairs() -> None:
    messages: list[Any] = session(30)
    planted = plant(messages, "0:t")
    assert not pair_problems(planted.messages)
    assert len(planted.messages) == len(messages) + len(POSITIONS) + 1  # + the origin note
    texts = [message_text(m) for m in planted.messages]
    where = {
        c.position: next(i for i, t in enumerate(texts) if c.value in t)
        for c in planted.canaries
        if c.type == "goal_state"
    }
    assert where["early"] < where["middle"] < where["late"]
    update = next(c for c in planted.canaries if c.type == "update" and c.position == "early")
    assert update.stale is not None
    stated = next(i for i, t in enumerate(texts) if update.stale in t)
    assert stated < where["early"]


def test_too_short_a_trajectory_gets_no_canaries() -> None:
    planted = plant(session(2), "0:t")  # type: ignore[arg-type]
    assert planted.canaries == []


def test_stale_value_counts_outside_its_original_message_only() -> None:
    planted = plant(session(30), "0:t")  # type: ignore[arg-type]
    update = next(c for c in planted.canaries if c.type == "update")
    assert update.stale is not None
    assert update.original_message is not None
    original: Message = {"role": "user", "content": update.original_message}
    summary: Message = {"role": "user", "content": f"Constraints: use {update.stale} for it."}
    newer: Message = {"role": "user", "content": f"Actually {update.value} from now on."}
    verbatim = check([update], [original, newer], None)[0]
    assert verbatim.in_context
    assert not verbatim.stale
    carried = check([update], [summary, newer], None)[0]
    assert carried.stale
    lost = check([update], [summary], None)[0]
    assert not lost.in_context
    assert lost.stale


def test_exchange_ends_with_a_user_message_and_keeps_pairs() -> None:
    messages: list[Any] = session(3)
    extended = exchange(messages, 2)
    assert extended[-1]["role"] == "user"
    assert extended[-2]["role"] == "assistant"  # the history ended with the assistant's reply
    assert not pair_problems(extended)
    after_tool = exchange(messages[:-1], 3)
    assert [m["role"] for m in after_tool[-2:]] == ["assistant", "user"]


class DropEverythingOld:
    """A peer that keeps only the system message and the last two messages."""

    name = "drop"
    needs_llm = False

    def __init__(self) -> None:
        self.calls: list[bool] = []

    def reset(self) -> None:
        self.calls.clear()

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        self.calls.append(force)
        return PeerOutcome(messages=[history[0], *history[-2:]], compacted=True)

    def close(self) -> None:
        pass


def test_rounds_force_compaction_and_record_survival() -> None:
    planted = plant(session(30), "0:t")  # type: ignore[arg-type]
    peer = DropEverythingOld()
    run = run_canaries(planted, peer, name="t", rounds=3)
    assert peer.calls == [True, True, True]
    assert len(run.rounds) == 3
    assert run.compacted == [True, True, True]
    # Round 1 kept a tool result without its call (the last two messages of the session).
    assert run.invalid_transcripts == 1
    # Everything planted is gone after the first round; nothing is stale either.
    assert not any(c.in_context or c.stale for checks in run.rounds for c in checks)
