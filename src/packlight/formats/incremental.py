"""Anthropic conversions for a conversation that grows turn by turn.

A live agent resends its whole conversation every turn. Converting all of it each time costs
hundreds of milliseconds at a few thousand messages (both directions validate and copy
everything), while only the last few messages are new. :class:`AnthropicReader` and
:class:`AnthropicWriter` remember the previous turn's conversion and convert again only from
the last assistant message at or before the first change, which gives the same result as
converting everything:

- reading, an Anthropic assistant message always becomes one canonical message, so a suffix
  that starts at one is read with that message as context (its ``tool_use`` blocks are what
  the next message's ``tool_result`` blocks answer) and its own output is dropped;
- writing, a canonical assistant message always starts a new Anthropic message, so a suffix
  that starts at one writes the same messages as it would inside the whole transcript.

Input that carries packlight's own origin hints (written with ``lossless=True``) is converted
whole, since a hint can span several messages. Errors are always those of a whole conversion,
so they name the right message index.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import Any

from packlight.caching import count_breakpoints
from packlight.errors import TranscriptError
from packlight.formats import anthropic
from packlight.messages import PACKLIGHT_KEY, Message, Transcript


def _canonical_count(item: Mapping[str, Any]) -> int:
    """How many canonical messages one Anthropic message reads as (without hints)."""
    content = item.get("content")
    if item.get("role") == "assistant" or not isinstance(content, list):
        return 1
    results = sum(1 for block in content if block.get("type") == "tool_result")
    rest = len(content) - results
    return results + (1 if rest or not results else 0)


def _common_prefix(new: Sequence[Any], old: Sequence[Any]) -> int:
    known = min(len(new), len(old))
    if list(new[:known]) == list(old[:known]):
        return known
    for index in range(known):
        if new[index] is not old[index] and new[index] != old[index]:
            return index
    return known


def _restart(items: Sequence[Mapping[str, Any]], changed: int) -> int:
    """The latest index at or before ``changed`` that an assistant message precedes (0 if none)."""
    start = changed
    while start > 0 and items[start - 1].get("role") != "assistant":
        start -= 1
    return start


class AnthropicReader:
    """``anthropic.to_canonical`` for a conversation that grows (see the module docstring)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: list[Mapping[str, Any]] = []
        self._system: Any = None
        self._transcript: Transcript = []
        self._starts: list[int] | None = None
        """Index in the transcript where each item's messages start (None: not reusable)."""

    def read(self, messages: Sequence[Any], *, system: Any = None) -> Transcript:
        with self._lock:
            items = list(messages)
            start = self._reusable(items, system)
            if start is None:
                return self._whole(items, system)
            try:
                suffix = anthropic.to_canonical(items[start - 1 :])[1:]
            except TranscriptError:
                return self._whole(items, system)  # raises with the right message index
            assert self._starts is not None
            known = self._starts[start] if start < len(self._starts) else len(self._transcript)
            kept = self._transcript[:known]
            starts = self._starts[:start]
            position = len(kept)
            for item in items[start:]:
                starts.append(position)
                position += _canonical_count(item)
            if position != len(kept) + len(suffix):
                return self._whole(items, system)
            self._remember(items, system, [*kept, *suffix], starts)
            return list(self._transcript)

    def _reusable(self, items: Sequence[Any], system: Any) -> int | None:
        if self._starts is None or not self._items:
            return None
        if system is not self._system and system != self._system:
            return None
        if not set(map(type, items)) <= {dict} and not all(isinstance(i, Mapping) for i in items):
            return None
        start = _restart(items, _common_prefix(items, self._items))
        if start == 0 or any(PACKLIGHT_KEY in item for item in items[start - 1 :]):
            return None
        return start

    def _whole(self, items: list[Any], system: Any) -> Transcript:
        transcript = anthropic.to_canonical(items, system=system)
        leading = len(transcript) - sum(_canonical_count(item) for item in items)
        starts: list[int] | None = None
        hinted = system is not None and not isinstance(system, str | list)
        if not hinted and leading in (0, 1) and not any(PACKLIGHT_KEY in i for i in items):
            starts, position = [], leading
            for item in items:
                starts.append(position)
                position += _canonical_count(item)
        self._remember(items, system, transcript, starts)
        return list(transcript)

    def _remember(
        self, items: list[Any], system: Any, transcript: Transcript, starts: list[int] | None
    ) -> None:
        self._items, self._system, self._transcript, self._starts = (
            items,
            system,
            transcript,
            starts,
        )


class AnthropicWriter:
    """``anthropic.from_canonical(..., lossless=False)`` for a view that grows."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._transcript: list[Message] = []
        self._conversation: anthropic.AnthropicConversation = {"messages": []}
        self._item_of: dict[int, int] = {}
        """For each assistant message's index in the transcript, its item's index."""
        self._marks: list[int] = []
        """``cache_control`` blocks in each written item (counted once per item)."""

    @property
    def breakpoints(self) -> int:
        """``cache_control`` blocks in the last conversation written (system included)."""
        return sum(self._marks) + count_breakpoints(self._conversation.get("system"), ())

    def write(self, transcript: Sequence[Message]) -> anthropic.AnthropicConversation:
        with self._lock:
            messages = list(transcript)
            start = min(_common_prefix(messages, self._transcript), len(messages) - 1)
            # The latest assistant message the last turn wrote, at or before the change.
            while start > 0 and start not in self._item_of:
                start -= 1
            # An origin hint covers one Anthropic message's canonical messages, which never
            # include an assistant message: no hint spans the restart point.
            reusable = start > 0
            if not reusable:
                whole = anthropic.from_canonical(messages)
                self._remember(messages, whole, 0, whole, anthropic_offset=0)
                return _copy(whole)
            suffix = anthropic.from_canonical(messages[start:])
            previous = self._conversation
            item = self._item_of[start]
            conversation: anthropic.AnthropicConversation = {
                "messages": [*previous["messages"][:item], *suffix["messages"]]
            }
            if "system" in previous:
                conversation["system"] = previous["system"]
            self._remember(messages, conversation, start, suffix, anthropic_offset=item)
            return _copy(conversation)

    def _remember(
        self,
        messages: list[Message],
        conversation: anthropic.AnthropicConversation,
        start: int,
        written: anthropic.AnthropicConversation,
        *,
        anthropic_offset: int,
    ) -> None:
        # The n-th assistant message from ``start`` on is the n-th assistant item written.
        item_of = {k: v for k, v in self._item_of.items() if k < start}
        items = [
            anthropic_offset + index
            for index, item in enumerate(written["messages"])
            if item.get("role") == "assistant"
        ]
        assistants = [
            index
            for index in range(start, len(messages))
            if messages[index].get("role") == "assistant"
        ]
        if len(items) == len(assistants):
            item_of.update(zip(assistants, items, strict=True))
        else:
            item_of = {}
        self._marks = [
            *self._marks[:anthropic_offset],
            *(count_breakpoints(None, [item]) for item in written["messages"]),
        ]
        self._transcript, self._conversation, self._item_of = messages, conversation, item_of


def _copy(conversation: anthropic.AnthropicConversation) -> anthropic.AnthropicConversation:
    # A new list each turn (the caller may add to it); the messages themselves are shared.
    copied: anthropic.AnthropicConversation = {"messages": list(conversation["messages"])}
    if "system" in conversation:
        copied["system"] = conversation["system"]
    return copied
