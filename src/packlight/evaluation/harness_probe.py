"""The harness-message probe: does a checkpoint name the agent harness's boilerplate as the task?

Agent harnesses send user-role messages no person wrote ("Please always provide EXACTLY ONE
action in triple backticks, found 2 actions."). A compactor that takes the latest user
message for the task hands the next context window a format error as its goal.

The ground truth is independent of packlight's own detector
(:mod:`packlight.compressor.harness`): a user message that is not its session's first user
message, at least :data:`MIN_CHARS` characters long, whose text with digits normalised and
whitespace collapsed is, as a whole message, in at least :data:`MIN_TRAJECTORIES` trajectories
of the same run. Nothing is planted: the probe watches every compaction of the ordinary
replay (through :class:`ObservedPeer`) and counts the checkpoints whose "Active Task" or
"Goal" section quotes such a message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from packlight.evaluation.capabilities import HasArchive, ObservesUsage
from packlight.evaluation.peers.base import Peer, PeerOutcome
from packlight.evaluation.replay import Trajectory
from packlight.evaluation.task_sections import PeerTexts, task_view
from packlight.evaluation.visibility import sent
from packlight.messages import Message, as_mapping, message_text
from packlight.retrieval import RetrievalTools

MIN_CHARS = 40
MIN_TRAJECTORIES = 3
QUOTE_CHARS = 60
"""How much of a harness message a section must hold to quote it."""
POINTER_LINE_CHARS = MIN_CHARS
"""A first line at least this long stands for the message: packlight points at a message
with its first line ("...; it begins: <first line>"). A shorter one ("<returncode>0</returncode>")
could begin many messages that are not harness messages."""
EXAMPLES = 10


def harness_key(text: str) -> str:
    """``text`` with every run of digits made ``0`` and whitespace collapsed."""
    return re.sub(r"\d+", "0", " ".join(text.split()))


def _first_user(messages: Sequence[Message]) -> int | None:
    return next((i for i, m in enumerate(messages) if as_mapping(m).get("role") == "user"), None)


@dataclass(frozen=True, slots=True)
class HarnessTruth:
    """The harness messages of one run."""

    keys: frozenset[str] = frozenset()
    """Their :func:`harness_key` texts."""
    needles: tuple[str, ...] = ()
    """What a section holds when it quotes one of them (:func:`needle`)."""
    messages: int = 0
    """How many messages of the run are harness messages."""


def needle(text: str) -> str:
    """What a section holds when it quotes the message ``text``: the first
    :data:`QUOTE_CHARS` characters (as :func:`harness_key` writes them) of its first line
    when that line is long enough to be a pointer's, else of the whole message."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    line_key = harness_key(first)
    return (line_key if len(line_key) >= POINTER_LINE_CHARS else harness_key(text))[:QUOTE_CHARS]


def harness_truth(trajectories: Sequence[Trajectory]) -> HarnessTruth:
    """The run's harness messages: see the module docstring."""
    seen: dict[str, set[str]] = {}
    texts: dict[str, list[str]] = {}
    for trajectory in trajectories:
        first = _first_user(trajectory.messages)
        for index, message in enumerate(trajectory.messages):
            if index == first or as_mapping(message).get("role") != "user":
                continue
            text = message_text(message)
            key = harness_key(text)
            if len(key) >= MIN_CHARS:
                seen.setdefault(key, set()).add(trajectory.name)
                texts.setdefault(key, []).append(text)
    keys = frozenset(key for key, names in seen.items() if len(names) >= MIN_TRAJECTORIES)
    needles = {needle(text) for key in keys for text in texts[key]}
    return HarnessTruth(
        keys=keys,
        needles=tuple(sorted(needles)),
        messages=sum(len(texts[key]) for key in keys),
    )


def is_harness(message: Message, truth: HarnessTruth) -> bool:
    return (
        as_mapping(message).get("role") == "user"
        and harness_key(message_text(message)) in truth.keys
    )


@dataclass(slots=True)
class HarnessTally:
    """The checkpoints of one peer's replay of one trajectory."""

    trajectory: str
    checkpoints: int = 0
    """Compactions whose context names a task (see :func:`~.task_sections.task_view`)."""
    without_sections: int = 0
    """Compactions whose context has no task-naming section (``n/a``)."""
    quoting: int = 0
    examples: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "checkpoints": self.checkpoints,
            "without_sections": self.without_sections,
            "quoting": self.quoting,
            "examples": self.examples,
        }


def quoted_harness(section_text: str, needles: Sequence[str]) -> str | None:
    """The first of ``needles`` that ``section_text`` (normalised like them) holds."""
    key = harness_key(section_text)
    return next((n for n in needles if n and n in key), None)


class ObservedPeer:
    """``peer`` with every compaction scored for harness messages named as the task.

    It forwards the optional abilities (usage, archive) so the replay drives the peer
    exactly as it would unwrapped: the measured numbers do not change.
    """

    def __init__(self, peer: Peer, truth: HarnessTruth) -> None:
        self.peer = peer
        self.needles = truth.needles
        self.tally = HarnessTally("")
        self.texts = PeerTexts()

    @property
    def name(self) -> str:
        return self.peer.name

    @property
    def needs_llm(self) -> bool:
        return self.peer.needs_llm

    @property
    def retrieval(self) -> RetrievalTools | None:
        return self.peer.retrieval if isinstance(self.peer, HasArchive) else None

    def observe(self, usage: Mapping[str, Any]) -> None:
        if isinstance(self.peer, ObservesUsage):
            self.peer.observe(usage)

    def watch(self, trajectory: str) -> HarnessTally:
        """Start a new tally (call before each replay); returns it."""
        self.tally = HarnessTally(trajectory)
        self.texts = PeerTexts()
        return self.tally

    def reset(self) -> None:
        self.peer.reset()

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        outcome = self.peer.prepare(history, force=force)
        if outcome.compacted:
            self._score(history, outcome.messages)
        return outcome

    def close(self) -> None:
        self.peer.close()

    def _score(self, history: Sequence[Message], messages: Sequence[Message]) -> None:
        view = task_view(sent(messages), self.texts.given(history, messages))
        if view is None:
            self.tally.without_sections += 1
            return
        self.tally.checkpoints += 1
        found = quoted_harness(view.text, self.needles)
        if found is not None:
            self.tally.quoting += 1
            if len(self.tally.examples) < EXAMPLES:
                self.tally.examples.append(found)
