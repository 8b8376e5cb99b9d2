"""Canaries: typed facts planted into a real trajectory, then compacted again and again.

Six types, each planted early, in the middle and late (as a user message slipped in before
an assistant turn, where a user could have interjected), each carrying a value no model
could guess (seeded random tokens, the same for the same run seed and trajectory):

==================  ====================================================================
``safety_rule``     never touch ``/srv/<token>/``
``hard_constraint`` a memory limit with a number (``<n> MB``)
``project_fact``    the release branch (``rel-<token>``)
``goal_state``      the status word that means done
``user_preference`` a naming prefix (``<token>_``)
``update``          a port stated near the start, changed later with "Actually, ..." -- the
                    new value must survive and the old one must not be carried (stale)
==================  ====================================================================

Each round forces a compaction (``prepare(force=True)``); between rounds a short user and
assistant exchange is appended so every round has new turns to push the old ones out. A
canary survives a round when its value is in the context the peer returned. A stale value is
the superseded port anywhere in the context other than its own original message left
verbatim (a raw message still in the window is history, not a carried claim).
"""

from __future__ import annotations

import random
import string
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from packlight.evaluation.peers.base import Peer
from packlight.evaluation.replay import archive_of, pair_problems
from packlight.evaluation.visibility import ArchiveView, sent, visible_text
from packlight.messages import Message, as_mapping, message_text, tool_calls_of
from packlight.tokens import TranscriptCounter

CanaryType = Literal[
    "safety_rule", "hard_constraint", "project_fact", "goal_state", "user_preference", "update"
]
CANARY_TYPES: tuple[CanaryType, ...] = (
    "safety_rule",
    "hard_constraint",
    "project_fact",
    "goal_state",
    "user_preference",
    "update",
)
Position = Literal["early", "middle", "late"]
POSITIONS: dict[Position, float] = {"early": 0.15, "middle": 0.5, "late": 0.85}
ORIGIN = 0.03
"""Where the values that updates later supersede are first stated (share of the messages)."""
SUBJECTS: dict[Position, str] = {
    "early": "ingest worker",
    "middle": "report exporter",
    "late": "cache warmer",
}
"""A distinct subject per position, so that one position's facts never supersede another's."""
EXCHANGE_USER = "Round {round}: please continue with the task."
EXCHANGE_ASSISTANT = "Understood, continuing."


@dataclass(frozen=True, slots=True)
class Canary:
    type: CanaryType
    position: Position
    value: str
    """The exact text that must stay in context."""
    stale: str | None = None
    """The superseded value (``update`` only)."""
    original_message: str | None = None
    """The text of the message that first stated ``stale``."""


@dataclass(frozen=True, slots=True)
class Planted:
    messages: list[Message]
    canaries: list[Canary]


def _token(rng: random.Random, length: int = 8, alphabet: str = "") -> str:
    return "".join(
        rng.choice(alphabet or string.ascii_lowercase + string.digits) for _ in range(length)
    )


def _insertion_points(messages: Sequence[Message]) -> list[int]:
    """Indices before which a user message fits: before an assistant turn that follows a
    tool result or a user message (never inside a tool group)."""
    return [
        i
        for i in range(2, len(messages))
        if as_mapping(messages[i]).get("role") == "assistant"
        and as_mapping(messages[i - 1]).get("role") in {"tool", "user"}
    ]


def _nearest(points: Sequence[int], target: int, taken: set[int]) -> int | None:
    free = [p for p in points if p not in taken]
    return min(free, key=lambda p: (abs(p - target), p)) if free else None


def _complete(messages: Sequence[Message]) -> list[Message]:
    """``messages`` without a trailing assistant turn whose calls nothing answered."""
    trimmed = list(messages)
    while (
        trimmed
        and tool_calls_of(trimmed[-1])
        and as_mapping(trimmed[-1]).get("role") == "assistant"
    ):
        trimmed.pop()
    return trimmed


def plant(messages: Sequence[Message], seed: str) -> Planted:
    """``messages`` with canary messages inserted; deterministic for the same ``seed``."""
    rng = random.Random(seed)
    base = _complete(messages)
    points = _insertion_points(base)
    if len(points) < len(POSITIONS) + 1:
        return Planted(base, [])
    taken: set[int] = set()
    slots: dict[str, int] = {}
    for name, share in [("origin", ORIGIN), *POSITIONS.items()]:
        slot = _nearest(points, int(len(base) * share), taken)
        if slot is None:
            return Planted(base, [])
        taken.add(slot)
        slots[name] = slot
    ports = rng.sample(range(20_000, 65_000), 2 * len(POSITIONS))
    originals: list[str] = []
    texts: dict[int, str] = {}
    canaries: list[Canary] = []
    for number, position in enumerate(POSITIONS):
        noun = SUBJECTS[position]
        old_port, new_port = ports[2 * number], ports[2 * number + 1]
        originals.append(f"Use port {old_port} for the {noun} admin endpoint.")
        path = f"/srv/{_token(rng)}/"
        limit = rng.randint(1_000, 99_999)
        branch = f"rel-{_token(rng)}"
        status = _token(rng, 8, string.ascii_uppercase)
        prefix = f"{_token(rng, 6, string.ascii_lowercase)}_"
        sentences_by_type: dict[CanaryType, tuple[str, str]] = {
            "safety_rule": (
                f"Safety rule: never delete or overwrite anything under {path}, it holds the "
                f"only copy of the {noun} data.",
                path,
            ),
            "hard_constraint": (
                f"Hard limit: the {noun} must never use more than {limit} MB of memory.",
                f"{limit} MB",
            ),
            "project_fact": (
                f"Project fact: the {noun} is deployed from the branch {branch}.",
                branch,
            ),
            "goal_state": (
                f"Goal: the work is finished only when the {noun} health check prints {status}.",
                status,
            ),
            "user_preference": (
                f"I prefer that new helper functions for the {noun} start with the prefix "
                f"{prefix}.",
                prefix,
            ),
            "update": (
                f"Actually, use port {new_port} for the {noun} admin endpoint from now on.",
                f"port {new_port}",
            ),
        }
        texts[slots[position]] = " ".join(text for text, _ in sentences_by_type.values())
        for kind, (_, value) in sentences_by_type.items():
            stale = f"port {old_port}" if kind == "update" else None
            canaries.append(Canary(kind, position, value, stale))
    original_text = "A note on the setup: " + " ".join(originals)
    texts[slots["origin"]] = original_text
    canaries = [
        Canary(c.type, c.position, c.value, c.stale, original_text if c.stale else None)
        for c in canaries
    ]
    planted: list[Message] = []
    for index, message in enumerate(base):
        if index in texts:
            planted.append(cast(Message, {"role": "user", "content": texts[index]}))
        planted.append(message)
    return Planted(planted, canaries)


def exchange(history: Sequence[Message], round_number: int) -> list[Message]:
    """``history`` with a short exchange appended, ending in a user message."""
    extended = list(history)
    last = as_mapping(extended[-1]).get("role") if extended else None
    if last != "assistant" or tool_calls_of(extended[-1]):
        extended.append(cast(Message, {"role": "assistant", "content": EXCHANGE_ASSISTANT}))
    extended.append(
        cast(Message, {"role": "user", "content": EXCHANGE_USER.format(round=round_number)})
    )
    return extended


@dataclass(frozen=True, slots=True)
class CanaryCheck:
    canary: Canary
    in_context: bool
    retrievable: bool
    stale: bool


def check(
    canaries: Sequence[Canary], messages: Sequence[Message], archive: ArchiveView | None
) -> list[CanaryCheck]:
    """Where each canary is after a round (pure)."""
    text = visible_text(messages)
    checks: list[CanaryCheck] = []
    for canary in canaries:
        in_context = canary.value in text
        stale = False
        if canary.stale is not None:
            carried = [m for m in messages if message_text(m) != canary.original_message]
            stale = canary.stale in visible_text(carried)
        checks.append(
            CanaryCheck(
                canary,
                in_context,
                in_context or (archive is not None and archive.contains(canary.value)),
                stale,
            )
        )
    return checks


@dataclass(slots=True)
class CanaryRun:
    """One peer's rounds on one planted trajectory."""

    peer: str
    trajectory: str
    canaries: list[Canary] = field(default_factory=list)
    rounds: list[list[CanaryCheck]] = field(default_factory=list)
    compacted: list[bool] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    """Tokens of the history after each round (0 when no counter was given)."""
    invalid_transcripts: int = 0
    errors: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "trajectory": self.trajectory,
            "compacted": self.compacted,
            "tokens": self.tokens,
            "invalid_transcripts": self.invalid_transcripts,
            "errors": self.errors,
            "rounds": [
                [
                    {
                        "type": c.canary.type,
                        "position": c.canary.position,
                        "in_context": c.in_context,
                        "retrievable": c.retrievable,
                        "stale": c.stale,
                    }
                    for c in checks
                ]
                for checks in self.rounds
            ],
        }


def run_canaries(
    planted: Planted,
    peer: Peer,
    *,
    name: str,
    rounds: int,
    counter: TranscriptCounter | None = None,
) -> CanaryRun:
    """Force ``rounds`` compactions of the planted trajectory through ``peer`` (``counter``
    measures the history after each round: keeping everything is easy over the window)."""
    peer.reset()
    archive = archive_of(peer)
    run = CanaryRun(peer=peer.name, trajectory=name, canaries=list(planted.canaries))
    history = list(planted.messages)
    for number in range(1, rounds + 1):
        if number > 1:
            history = exchange(history, number)
        raw_problems = pair_problems(sent(history))
        try:
            outcome = peer.prepare(history, force=True)
        except Exception as exc:  # a peer's crash is a result, not the end of the run
            run.errors.append(f"round {number}: {type(exc).__name__}: {exc}")
            break
        if outcome.error:
            run.errors.append(f"round {number}: {outcome.note or 'error'}")
        history = list(outcome.messages)
        outgoing = sent(history)
        found = pair_problems(outgoing)
        if any(found[key] > raw_problems[key] for key in found):
            run.invalid_transcripts += 1
        run.compacted.append(outcome.compacted)
        run.tokens.append(counter.request(outgoing) if counter is not None else 0)
        run.rounds.append(check(planted.canaries, outgoing, archive))
    return run
