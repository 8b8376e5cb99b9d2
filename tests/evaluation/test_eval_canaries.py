from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from packlight.evaluation.canaries import (
    CANARY_TYPES,
    POSITIONS,
    SLOTS,
    Canary,
    CanaryRun,
    check,
    exchange,
    pairs_kept,
    plant,
    run_canaries,
)
from packlight.evaluation.peers import PeerSettings
from packlight.evaluation.peers.base import PeerOutcome
from packlight.evaluation.peers.packlight_peer import PacklightPeer
from packlight.evaluation.replay import pair_problems
from packlight.evaluation.run import load_trajectories
from packlight.evaluation.summary import canary_curves
from packlight.messages import Message, message_text
from tests.evaluation.builders import session

TAU = Path(__file__).resolve().parents[1] / "fixtures" / "tau-bench-airline-sample.jsonl"


def user(text: str) -> Message:
    return {"role": "user", "content": text}


def test_planting_is_deterministic_per_seed_and_unguessable_across_seeds() -> None:
    messages: list[Any] = session(30)
    first = plant(messages, "0:traj")
    again = plant(messages, "0:traj")
    other = plant(messages, "1:traj")
    assert first.canaries == again.canaries
    assert first.messages == again.messages
    assert {c.value for c in first.canaries}.isdisjoint({c.value for c in other.canaries})
    per_type = Counter(c.type for c in first.canaries)
    assert per_type == {
        kind: (2 if kind == "lookalike" else 1) * len(POSITIONS) for kind in CANARY_TYPES
    }
    assert all(c.value not in message_text(m) for c in first.canaries for m in messages)


def test_planted_values_sit_early_middle_and_late_without_breaking_pairs() -> None:
    messages: list[Any] = session(30)
    planted = plant(messages, "0:t")
    assert not pair_problems(planted.messages)
    assert len(planted.messages) == len(messages) + len(SLOTS)  # one user message per slot
    texts = [message_text(m) for m in planted.messages]
    where = {
        c.position: next(i for i, t in enumerate(texts) if c.value in t)
        for c in planted.canaries
        if c.type == "goal_state"
    }
    assert where["early"] < where["middle"] < where["late"]
    for update in planted.canaries:
        old = update.stale
        if old is None:
            continue
        stated = next(i for i, t in enumerate(texts) if old in t)
        replaced = next(i for i, t in enumerate(texts) if update.value in t)
        assert stated < replaced
        assert texts[stated] == update.original_message


def test_too_short_a_trajectory_gets_no_canaries() -> None:
    planted = plant(session(2), "0:t")  # type: ignore[arg-type]
    assert planted.canaries == []


def test_stale_value_counts_outside_its_original_message_only() -> None:
    planted = plant(session(30), "0:t")  # type: ignore[arg-type]
    for kind in ("update", "paraphrased_update"):
        update = next(c for c in planted.canaries if c.type == kind)
        assert update.stale is not None
        assert update.original_message is not None
        original = user(update.original_message)
        summary = user(f"Constraints: use {update.stale} for it.")
        newer = user(f"It is {update.value} from here on.")
        verbatim = check([update], [original, newer], None)[0]
        assert verbatim.in_context
        assert not verbatim.stale
        carried = check([update], [summary, newer], None)[0]
        assert carried.in_context
        assert carried.stale
        lost = check([update], [summary], None)[0]
        assert not lost.in_context
        assert lost.stale


def test_pairs_are_kept_only_with_both_values_and_stale_is_scored_per_member() -> None:
    original = "The production database host is db-aaaa. Keep staging apart."
    production = Canary(
        "lookalike",
        "early",
        "db-cccc",
        "db-aaaa",
        original_message=original,
        pair="early:db",
        scope="production",
    )
    staging = Canary("lookalike", "early", "db-bbbb", pair="early:db", scope="staging")
    budget = Canary("lookalike", "late", "4100 EUR", pair="late:cap", scope="project")
    trip = Canary("lookalike", "late", "2200 EUR", pair="late:cap", scope="conference")
    canaries = [production, staging, budget, trip]

    both = [user("prod db-cccc, staging db-bbbb; caps 4100 EUR and 2200 EUR")]
    checks = check(canaries, both, None)
    assert pairs_kept(checks) == {"early:db": True, "late:cap": True}
    assert not any(c.stale for c in checks)

    # A compactor that merged the look-alikes keeps one value per kind.
    merged = [user("database host db-bbbb; spending cap 4100 EUR")]
    checks = check(canaries, merged, None)
    assert pairs_kept(checks) == {"early:db": False, "late:cap": False}
    assert [c.in_context for c in checks] == [False, True, True, False]

    # The replaced member's old value carried in a summary is stale; verbatim it is not.
    carried = [user(original), user("db-cccc and db-bbbb; db-aaaa was production")]
    checks = check(canaries, carried, None)
    assert checks[0].stale
    assert pairs_kept(checks)["early:db"]
    verbatim = check(canaries, [user(original), user("now db-cccc, staging db-bbbb")], None)
    assert not verbatim[0].stale
    assert not verbatim[1].stale


def test_curves_count_pairs_stale_and_decoyed_canaries() -> None:
    rule = Canary("safety_rule", "early", "/srv/abc/", decoy="The ingest worker ... banner.")
    port = Canary("update", "early", "port 2", "port 1", original_message="Use port 1.")
    first = Canary("lookalike", "middle", "zone-a", pair="middle:region", scope="primary")
    second = Canary("lookalike", "middle", "zone-b", pair="middle:region", scope="backup")
    canaries = [rule, port, first, second]
    rounds = [
        [user("/srv/abc/ port 2 zone-a zone-b")],
        [user("port 2 zone-a port 1")],
    ]
    run = CanaryRun(
        peer="p",
        trajectory="t",
        canaries=canaries,
        rounds=[check(canaries, messages, None) for messages in rounds],
    )
    crashed = CanaryRun(peer="p", trajectory="u", canaries=canaries, rounds=run.rounds[:1])
    curves = canary_curves([run, crashed], rounds=2)
    assert curves["pairs"] == 2
    assert curves["pairs_kept_both"] == [1.0, 0.0]
    assert curves["decoyed"] == 2
    assert curves["decoyed_survival"] == [1.0, 0.0]
    assert curves["stale_per_round"] == [0, 1]
    assert curves["stale_by_type"] == {"update": 1}
    assert curves["survival"]["lookalike"] == [1.0, 0.25]
    assert run.to_json()["pairs_kept"] == [1, 0]


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
    assert run.to_json()["pairs_kept"] == [0, 0, 0]


@pytest.mark.parametrize("seed", ["0", "7"])
def test_packlight_runs_the_canaries_end_to_end(seed: str) -> None:
    """The real packlight peer on a real trajectory: every round scores every canary and the
    pair and stale counts agree with the text it sent (not a bar packlight must clear)."""
    trajectories, _ = load_trajectories([TAU])
    trajectory = trajectories[0]
    planted = plant(list(trajectory.messages), f"{seed}:{trajectory.name}")
    assert planted.canaries
    peer = PacklightPeer(PeerSettings(model="gpt-4o", context_window=6_000))
    try:
        run = run_canaries(planted, peer, name=trajectory.name, rounds=3)
    finally:
        peer.close()
    assert run.errors == []
    assert len(run.rounds) == 3
    assert all(run.compacted)
    for checks in run.rounds:
        assert [c.canary for c in checks] == planted.canaries
        kept = pairs_kept(checks)
        assert len(kept) == len(POSITIONS)
        for pair, both in kept.items():
            members = [c.in_context for c in checks if c.canary.pair == pair]
            assert len(members) == 2
            assert both == all(members)
    json = run.to_json()
    assert len(json["planted"]) == len(planted.canaries)
    assert json["pairs_kept"] == [sum(pairs_kept(r).values()) for r in run.rounds]
