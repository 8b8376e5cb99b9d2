from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from packlight.evaluation.peers.base import PeerOutcome, PeerSettings
from packlight.evaluation.peers.builtin import NoCompaction, evaluation_counter
from packlight.evaluation.peers.packlight_peer import PacklightPeer
from packlight.evaluation.replay import (
    Trajectory,
    baseline,
    model_calls,
    probe_source,
    replay,
)
from packlight.messages import Message
from tests.evaluation.builders import session

SETTINGS = PeerSettings(model="gpt-4o", context_window=4_000)


def trajectory(turns: int = 20, **kwargs: Any) -> Trajectory:
    return Trajectory.from_messages("t", session(turns, **kwargs))  # type: ignore[arg-type]


def run(peer: Any, traj: Trajectory) -> Any:
    counter = evaluation_counter()
    return replay(
        traj, peer, counter=counter, base=baseline(traj, counter), probes=probe_source(traj)
    )


def test_a_model_call_before_every_assistant_message() -> None:
    messages: list[Any] = session(3)
    assert model_calls(messages) == [2, 4, 6, 8]


def test_no_compaction_costs_exactly_the_baseline() -> None:
    traj = trajectory()
    result = run(NoCompaction(SETTINGS), traj)
    counter = evaluation_counter()
    expected = [counter.request(list(traj.messages[:i])) for i in model_calls(traj.messages)]
    assert result.tokens == expected == result.baseline_tokens
    assert result.cumulative == sum(expected)
    assert result.peak == expected[-1]
    assert result.compactions == []
    assert result.invalid_transcripts == 0


class Scripted:
    """Halves the history at one chosen call, breaking a tool pair if told to."""

    name = "scripted"
    needs_llm = False

    def __init__(self, at_call: int, *, break_pairs: bool = False) -> None:
        self.at_call = at_call
        self.break_pairs = break_pairs
        self.call = 0
        self.usage: list[Mapping[str, Any]] = []

    def reset(self) -> None:
        self.call = 0
        self.usage.clear()

    def observe(self, usage: Mapping[str, Any]) -> None:
        self.usage.append(usage)

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        self.call += 1
        if self.call - 1 != self.at_call:
            return PeerOutcome(messages=list(history), compacted=False)
        keep = len(history) // 2
        # history[-keep:] starts at a tool result when keep is odd-aligned: an orphan.
        tail = list(history[-keep:]) if self.break_pairs else list(history[-keep + 1 :])
        return PeerOutcome(messages=[history[0], *tail], compacted=True, note="halved")

    def close(self) -> None:
        pass


def test_compaction_is_recorded_and_the_replay_continues_from_its_history() -> None:
    traj = trajectory()
    peer = Scripted(at_call=10)
    result = run(peer, traj)
    (compaction,) = result.compactions
    assert compaction.call == 10
    assert compaction.after_tokens == result.tokens[10] < compaction.before_tokens
    assert compaction.note == "halved"
    # Later calls are smaller than the baseline by what was dropped: the host kept going
    # from the peer's history.
    assert all(t < b for t, b in zip(result.tokens[10:], result.baseline_tokens[10:], strict=True))
    assert result.tokens[:10] == result.baseline_tokens[:10]
    assert result.retention.total("active_task") == 1
    assert result.invalid_transcripts == 0


def test_a_broken_tool_pair_is_an_invalid_transcript() -> None:
    traj = trajectory()
    calls = model_calls(traj.messages)
    # Pick the call where the history's second half starts with a tool result.
    at = next(n for n, i in enumerate(calls) if traj.messages[i - i // 2]["role"] == "tool")
    result = run(Scripted(at_call=at, break_pairs=True), traj)
    # The orphan stays in the history the host keeps sending: every later call is invalid.
    assert result.invalid_transcripts == len(calls) - at
    assert result.invalid_rules["tool-result-without-call"] == len(calls) - at


def test_usage_is_recorded_until_the_first_compaction_then_simulated() -> None:
    messages: list[Any] = session(6)
    for number, message in enumerate(messages):
        if message["role"] == "assistant":
            message["usage"] = {"prompt_tokens": 1_000 + number}
    traj = Trajectory.from_messages("u", messages)
    assert all("usage" not in m for m in traj.messages)  # never sent, never counted
    peer = Scripted(at_call=3)
    result = run(peer, traj)
    recorded = [u["prompt_tokens"] for u in peer.usage[:3]]
    assert recorded == [1_000 + i for i in model_calls(traj.messages)[:3]]
    assert [u["prompt_tokens"] for u in peer.usage[3:]] == result.tokens[3:]


class Crashing(NoCompaction):
    name = "crashing"

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        raise RuntimeError("boom")


def test_a_crashing_peer_is_reported_not_raised() -> None:
    traj = trajectory(5)
    result = run(Crashing(SETTINGS), traj)
    assert len(result.errors) == result.turns
    assert "boom" in result.errors[0]
    assert result.tokens == result.baseline_tokens


def test_packlight_compacts_when_over_its_threshold_and_keeps_probes() -> None:
    traj = trajectory(40, output_chars=1_500)
    result = run(PacklightPeer(SETTINGS), traj)
    assert result.compactions
    assert result.invalid_transcripts == 0
    threshold = int(SETTINGS.context_window * SETTINGS.threshold)
    assert max(result.baseline_tokens) > 2 * threshold
    assert result.cumulative < sum(result.baseline_tokens)
    for kind in ("active_task", "constraint", "file_modified", "identifier"):
        assert result.retention.lost[kind] == 0, result.lost
    # Something left the window yet stayed retrievable through the archive.
    assert sum(result.retention.archive.values()) > 0
