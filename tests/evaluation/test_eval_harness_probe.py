from __future__ import annotations

from typing import Any

from packlight.evaluation.harness_probe import (
    ObservedPeer,
    harness_key,
    harness_truth,
    is_harness,
)
from packlight.evaluation.replay import Trajectory
from packlight.messages import Message
from tests.evaluation.builders import FixedCheckpointPeer

FORMAT_ERROR = (
    "Please always provide EXACTLY ONE action in triple backticks, found {n} actions.\n\n"
    "Please format your action as shown."
)


def _trajectory(name: str, task: str, *later: str) -> Trajectory:
    messages: list[Any] = [
        {"role": "system", "content": "agent"},
        {"role": "user", "content": task},
    ]
    for text in later:
        messages += [
            {"role": "assistant", "content": "thinking"},
            {"role": "user", "content": text},
        ]
    return Trajectory.from_messages(name, messages)


def test_harness_truth_needs_three_trajectories_and_forty_characters() -> None:
    shared_task = "Implement the frobnicator for the widget service, please, today."
    trajectories = [
        _trajectory("a", shared_task, FORMAT_ERROR.format(n=2), "ok thanks"),
        _trajectory("b", "Another task entirely, with its own words.", FORMAT_ERROR.format(n=3)),
        _trajectory("c", shared_task, FORMAT_ERROR.format(n=12), "ok thanks"),
        # In two trajectories only: a person may repeat themselves.
        _trajectory("d", "Task d", "Could you also look at the flaky integration test later?"),
        _trajectory("e", "Task e", "Could you also look at the flaky integration test later?"),
        # The same long first message in three sessions is a task, not a harness message.
        _trajectory("f", shared_task, "ok thanks"),
    ]
    truth = harness_truth(trajectories)
    assert truth.keys == {harness_key(FORMAT_ERROR.format(n=7))}
    assert truth.messages == 3  # "ok thanks" is in three but short
    assert harness_key(" a  1\n22 b ") == "a 0 0 b"
    message: Message = {"role": "user", "content": FORMAT_ERROR.format(n=9)}
    assert is_harness(message, truth)
    assert not is_harness({"role": "user", "content": shared_task}, truth)


def _scripted(checkpoint: str) -> FixedCheckpointPeer:
    """A peer that returns ``checkpoint`` (a user message) on every call."""
    return FixedCheckpointPeer({"role": "user", "content": checkpoint})


def test_a_checkpoint_pointing_at_a_harness_message_is_counted() -> None:
    trajectories = [_trajectory(n, f"Task {n}", FORMAT_ERROR.format(n=2)) for n in "abc"]
    truth = harness_truth(trajectories)
    bad = (
        "[packlight checkpoint]\n## Active Task\nThe latest user message below; it begins: "
        "Please always provide EXACTLY ONE action in triple backticks, found 5 actions.\n"
    )
    good = "[packlight checkpoint]\n## Active Task\nTask a\n## Goal\nTask a\n"
    history: list[Message] = list(trajectories[0].messages)
    for checkpoint, quoting in ((bad, 1), (good, 0)):
        peer = ObservedPeer(_scripted(checkpoint), truth)
        tally = peer.watch("a")
        peer.prepare(history)
        assert (tally.checkpoints, tally.quoting) == (1, quoting)
    # A peer whose output names no task is counted apart, not as a pass.
    plain = ObservedPeer(_scripted("Earlier turns were dropped."), truth)
    tally = plain.watch("a")
    plain.prepare(history)
    assert (tally.checkpoints, tally.without_sections) == (0, 1)


def test_a_checkpoint_kept_unchanged_in_the_next_round_is_still_the_peers() -> None:
    """The second call gets the first call's output back; the checkpoint it returns again,
    character for character, is the peer's own and is scored (it was counted as given
    text, so the round said nothing about the task)."""
    trajectories = [_trajectory(n, f"Task {n}", FORMAT_ERROR.format(n=2)) for n in "abc"]
    truth = harness_truth(trajectories)
    bad = (
        "[packlight checkpoint]\n## Active Task\nThe latest user message below; it begins: "
        "Please always provide EXACTLY ONE action in triple backticks, found 5 actions.\n"
    )
    peer = ObservedPeer(_scripted(bad), truth)
    tally = peer.watch("a")
    output = peer.prepare(list(trajectories[0].messages)).messages
    peer.prepare([*output, {"role": "user", "content": "go on"}])
    assert (tally.checkpoints, tally.quoting, tally.without_sections) == (2, 2, 0)
    # A new replay starts with nothing written.
    fresh = peer.watch("b")
    peer.prepare([{"role": "user", "content": bad}])
    assert (fresh.checkpoints, fresh.without_sections) == (0, 1)
