"""The baselines every evaluation runs: no compaction, truncation, observation masking.

They are deliberately simple, each the common practice it stands for, so that packlight's
numbers mean something next to them:

- :class:`NoCompaction` sends the whole history every time (the cost baseline);
- :class:`Truncation` drops the oldest non-system messages, whole tool groups at a time,
  until the history is under the threshold (a sliding window);
- :class:`ObservationMasking` keeps the last 10 tool results and replaces every older one
  with a placeholder on every call (no summary, no trigger).

All three share the evaluation's token counter (exact o200k, as every peer is measured with)
and never break a tool-call pair: a group leaves the window whole or not at all.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import cast

from packlight.evaluation.peers.base import PeerOutcome, PeerSettings
from packlight.messages import INSTRUCTION_ROLES, Message, as_mapping, atomic_spans
from packlight.tokens import ExactCounter, TranscriptCounter

MASK_PLACEHOLDER = "[old tool output omitted]"
"""What :class:`ObservationMasking` puts in place of an old tool result."""

FORCED_TRUNCATION_SHARE = 0.5
"""A forced truncation (``force=True``) cuts to this share of the threshold: "make room now"
has no other meaning for a sliding window that already fits."""


def evaluation_counter() -> TranscriptCounter:
    """The counter every peer's history is measured with (exact o200k, offline)."""
    return TranscriptCounter(ExactCounter())


class NoCompaction:
    """The whole history, every time."""

    name = "none"
    needs_llm = False

    def __init__(self, settings: PeerSettings) -> None:
        self.settings = settings

    def reset(self) -> None:
        """Nothing to forget."""

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        return PeerOutcome(messages=list(history), compacted=False)

    def close(self) -> None:
        """Nothing to release."""


class Truncation:
    """Drop the oldest non-system messages until the history is under the threshold.

    Tool groups are dropped whole; the newest span is always kept, even when it alone is over
    the threshold (the request would then fail, which is what truncation does).
    """

    name = "truncation"
    needs_llm = False

    def __init__(self, settings: PeerSettings, *, counter: TranscriptCounter | None = None) -> None:
        self.settings = settings
        self.counter = counter or evaluation_counter()
        self.threshold = int(settings.context_window * settings.threshold)

    def reset(self) -> None:
        self.counter.clear()

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        started = time.perf_counter()
        target = int(self.threshold * FORCED_TRUNCATION_SHARE) if force else self.threshold
        kept = truncate(history, self.counter, target)
        compacted = len(kept) != len(history)
        return PeerOutcome(
            messages=kept,
            compacted=compacted,
            seconds=time.perf_counter() - started,
            note=f"dropped {len(history) - len(kept)} oldest messages" if compacted else None,
        )

    def close(self) -> None:
        """Nothing to release."""


def truncate(history: Sequence[Message], counter: TranscriptCounter, target: int) -> list[Message]:
    """``history`` without its oldest non-instruction spans, down to under ``target`` tokens
    (pure; the newest span always stays)."""
    messages = list(history)
    total = counter.request(messages)
    if total < target:
        return messages
    spans = atomic_spans(messages)
    droppable = [
        span
        for span in spans[:-1]
        if not (
            span[1] - span[0] == 1
            and as_mapping(messages[span[0]]).get("role") in INSTRUCTION_ROLES
        )
    ]
    dropped: set[int] = set()
    for start, end in droppable:
        if total < target:
            break
        for index in range(start, end):
            dropped.add(index)
            total -= counter.message(messages[index])
    return [m for i, m in enumerate(messages) if i not in dropped]


class ObservationMasking:
    """Keep the newest ``keep_last`` tool results; older ones become a placeholder."""

    name = "masking"
    needs_llm = False

    def __init__(self, settings: PeerSettings, *, keep_last: int = 10) -> None:
        if keep_last < 0:
            raise ValueError(f"keep_last must be 0 or more, got {keep_last}")
        self.settings = settings
        self.keep_last = keep_last

    def reset(self) -> None:
        """Nothing to forget: masking is a function of the history alone."""

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        started = time.perf_counter()
        masked, count = mask_observations(history, self.keep_last)
        return PeerOutcome(
            messages=masked,
            compacted=count > 0,
            seconds=time.perf_counter() - started,
            note=f"masked {count} tool results" if count else None,
        )

    def close(self) -> None:
        """Nothing to release."""


def mask_observations(history: Sequence[Message], keep_last: int) -> tuple[list[Message], int]:
    """``history`` with every tool result but the newest ``keep_last`` masked, and how many
    were newly masked (pure: masked messages are new dicts)."""
    tool_indices = [i for i, m in enumerate(history) if as_mapping(m).get("role") == "tool"]
    older = set(tool_indices[: max(len(tool_indices) - keep_last, 0)])
    masked: list[Message] = []
    count = 0
    for index, message in enumerate(history):
        if index in older and as_mapping(message).get("content") != MASK_PLACEHOLDER:
            masked.append(cast(Message, {**as_mapping(message), "content": MASK_PLACEHOLDER}))
            count += 1
        else:
            masked.append(message)
    return masked, count
