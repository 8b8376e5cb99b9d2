"""What a compacted context names as the task: the sections a probe reads the task from.

For packlight, the "Active Task" and "Goal" sections of its checkpoint messages
(:func:`~packlight.compressor.checkpoint.parse_sections`). For a peer that writes its own
summary (Hermes, LangChain), the Markdown sections of the messages it wrote whose heading
mentions a goal, a task, work in progress or next steps. A peer whose output has neither
(truncation, masking, no compaction) names no task: :func:`task_view` returns ``None`` and
the probes report ``n/a`` rather than a pass or a failure.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Literal

from packlight.compressor.checkpoint import parse_sections
from packlight.messages import Message, as_mapping, is_summary, message_text

TASK_SECTIONS = ("Active Task", "Goal")
FIRST_MESSAGE_POINTER = "The first user message above"
"""How a packlight Goal points at the session's first user message kept verbatim (both
frames begin with it)."""
IN_FORCE_TAG = "[in force] "
"""How a packlight Goal that lists several tasks marks each one in force (the pointer too)."""
HEADING_WORDS = ("goal", "task", "in progress", "next")
_MARKDOWN_HEADING = re.compile(r"^\s*(?:#{1,6}\s+(.+?)\s*#*\s*|\*\*(.+?)\*\*:?)\s*$")
_SUMMARY_ROLES = frozenset({"user", "assistant", "system"})


def normalise(text: str) -> str:
    """``text`` with its whitespace collapsed (what the probes compare)."""
    return " ".join(text.split())


@dataclass(frozen=True, slots=True)
class TaskView:
    """The task-naming sections of one context."""

    items: tuple[str, ...]
    """Their items (lines), whitespace collapsed."""
    source: Literal["checkpoint", "headings"]

    @property
    def text(self) -> str:
        """The items joined, so a quote that spans several lines is still found."""
        return " ".join(self.items)

    def points_at_first_message(self) -> bool:
        """Whether an item points at the first user message as the task: bare, or listed
        as in force (not as done or refused)."""
        return any(
            item.removeprefix(IN_FORCE_TAG).startswith(FIRST_MESSAGE_POINTER) for item in self.items
        )


def _checkpoint_items(messages: Sequence[Message]) -> list[str] | None:
    checkpoints = [m for m in messages if is_summary(m)]
    if not checkpoints:
        return None
    items: list[str] = []
    for message in checkpoints:
        sections = parse_sections(message_text(message))
        for title in TASK_SECTIONS:
            items += [normalise(item) for item in sections.get(title, [])]
    return items


def heading_items(text: str) -> list[str] | None:
    """The lines under Markdown headings (``## Next Steps``, ``**Goal:**``) that mention a
    goal, a task, work in progress or next steps; ``None`` when no heading does."""
    items: list[str] = []
    found = False
    inside = False
    for line in text.splitlines():
        heading = _MARKDOWN_HEADING.match(line)
        if heading:
            title = (heading.group(1) or heading.group(2) or "").lower()
            inside = any(word in title for word in HEADING_WORDS)
            found = found or inside
            continue
        if inside and line.strip():
            items.append(normalise(re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", line)))
    return items if found else None


def task_view(messages: Sequence[Message], given: Collection[str]) -> TaskView | None:
    """The task-naming sections of ``messages``, the context a peer returned for a history
    whose message texts were ``given`` (a message with a text outside it was written by the
    peer)."""
    items = _checkpoint_items(messages)
    if items is not None:
        return TaskView(tuple(items), "checkpoint")
    collected: list[str] | None = None
    for message in messages:
        text = message_text(message)
        if as_mapping(message).get("role") not in _SUMMARY_ROLES or text in given:
            continue
        found = heading_items(text)
        if found is not None:
            collected = [*(collected or []), *found]
    return TaskView(tuple(collected), "headings") if collected is not None else None


@dataclass(slots=True)
class PeerTexts:
    """The message texts one peer wrote over the calls of one replay: a text the peer
    returned unchanged from an earlier call (a checkpoint kept because nothing new was said)
    is still its own, not given to it."""

    written: set[str] = field(default_factory=set)

    def given(self, history: Sequence[Message], output: Sequence[Message]) -> set[str]:
        """The texts of ``history`` the peer did not write; records what ``output`` adds."""
        given = {message_text(m) for m in history} - self.written
        self.written |= {message_text(m) for m in output} - given
        return given
