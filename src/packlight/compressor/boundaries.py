"""Where the protected head ends and the protected tail begins (DESIGN 5.2).

Pure: a function of the messages, their token counts and a few numbers.

- The head is the leading system/developer messages and, before the first compaction only,
  the first ``protect_first_n`` other messages (protection decays so early turns do not
  fossilise and get copied forward for ever).
- The tail is walked back from the end by tokens: spans are added while the tail is under
  its budget, one more span is allowed if it stays under the soft ceiling, and at least
  ``min_tail_messages`` messages are kept whatever they cost.
- Boundaries fall only between atomic spans, so a tool call and its results are never split
  and a call still waiting for its result stays in the tail.
- After the head has decayed, a previous checkpoint the tail reached is folded into the
  span (the tail starts after it), so a later compaction updates it: a transcript never
  holds two checkpoints.
- The latest user message and the latest assistant text reply are always kept. When
  extending the tail to reach the latest user message would blow past the ceiling (the user
  spoke long ago and the agent has worked since), that one message is *pinned* instead: kept
  verbatim right after the checkpoint, while the work between it and the tail is compacted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from packlight.messages import (
    INSTRUCTION_ROLES,
    Message,
    as_mapping,
    atomic_spans,
    is_summary,
    message_text,
    tool_calls_of,
)


@dataclass(frozen=True, slots=True)
class Boundaries:
    """``messages[:head_end]`` and ``messages[tail_start:]`` are kept verbatim, as are the
    ``pinned`` spans (``(start, end)`` pairs) in between; everything else is compacted."""

    head_end: int
    tail_start: int
    pinned: tuple[tuple[int, int], ...] = ()
    _middle: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Every stage asks for the middle (a long transcript's is thousands of indices):
        # compute it once.
        kept = set(self.pinned_indices)
        middle = tuple(i for i in range(self.head_end, self.tail_start) if i not in kept)
        object.__setattr__(self, "_middle", middle)

    @property
    def pinned_indices(self) -> list[int]:
        return [i for start, end in self.pinned for i in range(start, end)]

    @property
    def middle(self) -> list[int]:
        """Indices that the compaction replaces."""
        return list(self._middle)

    @property
    def is_empty(self) -> bool:
        return not self._middle


def _latest(messages: Sequence[Message], predicate: str, summaries: Sequence[bool]) -> int | None:
    for index in range(len(messages) - 1, -1, -1):
        message = as_mapping(messages[index])
        role = message.get("role")
        if predicate == "user" and role == "user" and not summaries[index]:
            return index
        if (
            predicate == "assistant_text"
            and role == "assistant"
            and message_text(message).strip()
            and not summaries[index]
        ):
            return index
    return None


def _latest_checkpoint(summaries: Sequence[bool], head_end: int, tail_start: int) -> int | None:
    """The index of the latest checkpoint at or after ``tail_start``, when something is to
    be compacted before the tail (otherwise that checkpoint stays where it is: everything
    fits, and compacting nothing would only rewrite it). ``summaries`` is :func:`is_summary`
    of each message."""
    if all(summaries[head_end:tail_start]):
        return None
    return next(
        (i for i in range(len(summaries) - 1, tail_start - 1, -1) if summaries[i]),
        None,
    )


def _span_start(spans: Sequence[tuple[int, int]], index: int) -> int:
    for start, end in spans:
        if start <= index < end:
            return start
    return index


def head_end_index(
    messages: Sequence[Message],
    *,
    protect_first_n: int,
    compactions_so_far: int,
    spans: Sequence[tuple[int, int]] | None = None,
    summaries: Sequence[bool] | None = None,
) -> int:
    """Index one past the protected head. ``spans`` are the transcript's
    :func:`~packlight.messages.atomic_spans` and ``summaries`` :func:`is_summary` of each
    message, when the caller has them already."""
    end = 0
    while end < len(messages) and as_mapping(messages[end]).get("role") in INSTRUCTION_ROLES:
        end += 1
    if (
        protect_first_n <= 0
        or compactions_so_far > 0
        or (any(summaries) if summaries is not None else any(map(is_summary, messages)))
    ):
        return end
    if spans is None:
        spans = atomic_spans(messages)
    protected = 0
    for start, stop in spans:
        if start < end:
            continue
        if protected >= protect_first_n:
            break
        end = stop
        protected += stop - start
    return end


def find_boundaries(
    messages: Sequence[Message],
    token_counts: Sequence[int],
    *,
    tail_budget: int,
    tail_ceiling: int,
    min_tail_messages: int = 3,
    protect_first_n: int = 3,
    compactions_so_far: int = 0,
    keep_latest: bool = True,
    summaries: Sequence[bool] | None = None,
) -> Boundaries:
    """Compute the head, the tail and the pinned latest user message, if any.

    Without ``keep_latest`` (a caller that asked to keep nothing verbatim), the latest user
    message and assistant reply are compacted like the rest: the checkpoint carries them.
    ``summaries`` is :func:`is_summary` of each message, when the caller has it."""
    if len(token_counts) != len(messages):
        raise ValueError("token_counts must have one entry per message")
    if summaries is None:
        summaries = [is_summary(m) for m in messages]
    # Grouping tool calls with their results walks the whole transcript: do it once.
    all_spans = atomic_spans(messages)
    head_end = head_end_index(
        messages,
        protect_first_n=protect_first_n,
        compactions_so_far=compactions_so_far,
        spans=all_spans,
        summaries=summaries,
    )
    spans = [span for span in all_spans if span[0] >= head_end]
    tail_start = len(messages)
    tail_tokens = 0
    for start, end in reversed(spans):
        cost = sum(token_counts[start:end])
        kept = len(messages) - tail_start
        if kept >= min_tail_messages and (
            tail_tokens >= tail_budget or tail_tokens + cost > tail_ceiling
        ):
            break
        tail_start = start
        tail_tokens += cost

    # A trailing call still waiting for its result is part of the tail whatever it costs.
    if messages and tool_calls_of(messages[-1]):
        tail_start = min(tail_start, _span_start(spans, len(messages) - 1))

    # A later compaction updates the previous checkpoint rather than adding a second one
    # next to it: once the head has decayed, the turns it protected lie before a checkpoint
    # the tail may have reached; when they are to be compacted, the tail starts after it.
    checkpoint = _latest_checkpoint(summaries, head_end, tail_start)
    if checkpoint is not None:
        folded = next(stop for begin, stop in all_spans if begin <= checkpoint < stop)
        tail_tokens -= sum(token_counts[tail_start:folded])
        tail_start = folded

    # The latest user message and the latest assistant text reply stay: in the tail when it
    # can reach them within its ceiling, otherwise pinned on their own.
    pinned: list[tuple[int, int]] = []
    for kind in ("assistant_text", "user") if keep_latest else ():
        index = _latest(messages, kind, summaries)
        if index is None or not head_end <= index < tail_start:
            continue
        start = _span_start(all_spans, index)
        end = next(stop for begin, stop in all_spans if begin == start)
        extension = sum(token_counts[start:tail_start])
        # Reaching back over a folded checkpoint would leave it beside the new one: pin.
        reaches_checkpoint = checkpoint is not None and start <= checkpoint
        if tail_tokens + extension <= tail_ceiling and not reaches_checkpoint:
            tail_tokens += extension
            tail_start = start
        else:
            pinned.append((start, end))
    pinned = sorted({span for span in pinned if span[0] < tail_start})
    tail_start = max(tail_start, head_end)
    return Boundaries(head_end=head_end, tail_start=tail_start, pinned=tuple(pinned))
