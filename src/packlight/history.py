"""What a live session has seen of the caller's own history, to tell "it grew" from "it changed".

Agents resend their whole history every turn, usually as the same list with new messages
appended, sometimes as new objects with the same content (SDK objects dumped anew, a list read
back from JSON). :class:`SeenHistory` keeps the messages it saw and compares a new history
with them as one list comparison: identical objects are equal at once, and rebuilt ones are
compared by value, so only what really changed ends the common prefix.

An object edited in place still equals itself. For the part of the history a compaction
replaced (the *guarded* part) that would be wrong, since the session sends its checkpoint
instead of those messages: there the ``content`` of each message is remembered as it was
when compacted and compared too, so replacing a message's content in place is noticed.
Elsewhere it needs no check: the session sends the caller's own objects, edits included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import repeat
from typing import Any


def _contents(messages: Sequence[Mapping[str, Any]]) -> list[Any]:
    try:
        # C-speed for plain dicts (the common case); dict.get refuses any other mapping.
        return list(map(dict.get, messages, repeat("content")))  # type: ignore[arg-type]
    except TypeError:
        return [m.get("content") for m in messages]


def _first_difference(left: Sequence[Any], right: Sequence[Any]) -> int:
    for index, (a, b) in enumerate(zip(left, right, strict=False)):
        if a is not b and a != b:
            return index
    return min(len(left), len(right))


class SeenHistory:
    """The caller's raw history as the session last saw it."""

    def __init__(self) -> None:
        self._seen: list[Mapping[str, Any]] = []
        self._guarded: list[Any] = []

    def __len__(self) -> int:
        return len(self._seen)

    def common_prefix(self, messages: Sequence[Mapping[str, Any]]) -> int:
        """How many leading ``messages`` say exactly what the seen history says there."""
        known = min(len(messages), len(self._seen))
        head = list(messages[:known])
        common = known if head == self._seen[:known] else _first_difference(head, self._seen)
        guarded = min(common, len(self._guarded))
        if guarded:
            now = _contents(head[:guarded])
            if now != self._guarded[:guarded]:
                common = min(common, _first_difference(now, self._guarded))
        return common

    def messages(self) -> list[Mapping[str, Any]]:
        """The history as seen (a new list of the same messages)."""
        return list(self._seen)

    def adopt(self, messages: Sequence[Mapping[str, Any]]) -> None:
        """Remember ``messages`` as the history."""
        self._seen = list(messages)
        del self._guarded[len(self._seen) :]

    def extend(self, messages: Sequence[Mapping[str, Any]]) -> None:
        """Messages another process saw after these (a store-backed session catching up)."""
        self._seen.extend(messages)

    def guard(self, count: int) -> None:
        """The first ``count`` messages were compacted: notice in-place edits to them."""
        self._guarded = _contents(self._seen[:count])

    def reset(self, messages: Sequence[Mapping[str, Any]] = (), *, guarded: int = 0) -> None:
        """Forget everything (a new lineage), or start from ``messages`` (a restart)."""
        self._seen = list(messages)
        self.guard(guarded)
