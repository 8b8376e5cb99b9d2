"""Server-sent events, split as they arrive so that each passes through whole (pure).

The gateway forwards an upstream stream event by event, byte for byte, reading only what it
needs on the way (the usage an event reports). An event ends at a blank line; ``\\r\\n`` and
``\\n`` line ends are both accepted, as the SSE specification says.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["Event", "EventSplitter"]

_BOUNDARY = re.compile(rb"\r\n\r\n|\n\n|\r\r")


@dataclass(frozen=True, slots=True)
class Event:
    raw: bytes
    """The event's bytes with the blank line that ended it."""

    @property
    def data(self) -> Any:
        """The ``data:`` field as JSON, or ``None`` (no data, ``[DONE]``, not JSON)."""
        lines = [
            line[5:].removeprefix(b" ")
            for line in self.raw.splitlines()
            if line.startswith(b"data:")
        ]
        if not lines:
            return None
        try:
            return json.loads(b"\n".join(lines))
        except ValueError:
            return None


class EventSplitter:
    """Feed bytes as they come; get back every event they complete."""

    def __init__(self) -> None:
        self._pending = b""

    def feed(self, chunk: bytes) -> Iterator[Event]:
        buffer = self._pending + chunk
        start = 0
        for match in _BOUNDARY.finditer(buffer):
            yield Event(buffer[start : match.end()])
            start = match.end()
        self._pending = buffer[start:]

    def rest(self) -> bytes:
        """What came after the last complete event (forwarded as it is at the end)."""
        rest, self._pending = self._pending, b""
        return rest
