"""Anthropic prompt-cache breakpoints for a Messages API request.

Anthropic caches the request prefix up to each block that carries ``cache_control`` (a
breakpoint), at most four per request, and a later request reads the cache when its own
prefix matches. :func:`add_cache_breakpoints` places them where they keep paying off:

- one on the last block of the system prompt, which packlight keeps byte-stable across
  compaction, so that breakpoint hits on every request, compacted or not;
- one on the last block of each of the last three messages, a rolling window: the next turn's
  request still contains this turn's prefix, so it reads what this turn wrote.

A block is eligible unless it is a ``thinking`` or ``redacted_thinking`` block (the API does
not accept ``cache_control`` there) or a text block with no visible text (the API rejects
empty text blocks). A message with no eligible block is skipped and the one before it is
used instead. A string (system prompt or message content) becomes a one-text-block list so
that it can carry the marker.

When the caller already placed ``cache_control`` anywhere in ``system`` or ``messages``,
nothing is added and the input comes back as it is: the caller is managing the cache, and a
mix would double the cache writes they pay for or break the API's rule that longer TTLs come
before shorter ones. Breakpoints on ``tools`` are not visible here; a caller who marks tools
passes a smaller ``max_breakpoints``.

Nothing is mutated: changed messages and blocks are new dicts, unchanged ones are returned as
the same objects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, cast

from packlight.errors import ConfigError

CacheTTL = Literal["5m", "1h"]
CACHE_TTLS: frozenset[str] = frozenset({"5m", "1h"})

MAX_BREAKPOINTS = 4
"""The most ``cache_control`` blocks the Messages API accepts in one request."""

ROLLING_MESSAGE_BREAKPOINTS = 3
"""How many of the latest messages get a breakpoint (the system prompt takes the fourth)."""

_INELIGIBLE_TYPES = frozenset({"thinking", "redacted_thinking"})

System = str | list[dict[str, Any]] | None


def add_cache_breakpoints(
    system: System,
    messages: Sequence[Mapping[str, Any]],
    *,
    ttl: CacheTTL = "5m",
    max_breakpoints: int = MAX_BREAKPOINTS,
    existing: int | None = None,
) -> tuple[System, list[dict[str, Any]]]:
    """``(system, messages)`` with prompt-cache breakpoints placed (see the module docstring).

    With fewer than four breakpoints allowed, the system prompt comes first (it hits on
    every request), then the messages from the newest back. ``ttl="1h"`` writes
    ``{"type": "ephemeral", "ttl": "1h"}``; the default five minutes writes no ``ttl``.
    ``existing`` is :func:`count_breakpoints` of the input when the caller already knows it
    (counting walks every block). Raises :class:`~packlight.errors.ConfigError` for an unknown
    ``ttl`` or a negative ``max_breakpoints``.
    """
    if ttl not in CACHE_TTLS:
        raise ConfigError("cache.ttl", ttl, "5m or 1h")
    if isinstance(max_breakpoints, bool) or not isinstance(max_breakpoints, int):
        raise ConfigError("cache.max_breakpoints", max_breakpoints, "an integer, 0 or more")
    if max_breakpoints < 0:
        raise ConfigError("cache.max_breakpoints", max_breakpoints, "0 or more")
    result = cast(list[dict[str, Any]], list(messages))
    if existing is None:
        existing = count_breakpoints(system, messages)
    if max_breakpoints == 0 or existing > 0:
        return system, result

    marker: dict[str, Any] = {"type": "ephemeral"}
    if ttl == "1h":
        marker["ttl"] = "1h"
    room = max_breakpoints

    marked_system = _marked_content(system, marker)
    if marked_system is not None:
        system = marked_system
        room -= 1

    placed = 0
    for index in range(len(result) - 1, -1, -1):
        if room == 0 or placed == ROLLING_MESSAGE_BREAKPOINTS:
            break
        message = result[index]
        if not isinstance(message, Mapping):
            continue
        content = _marked_content(message.get("content"), marker)
        if content is None:
            continue
        result[index] = {**message, "content": content}
        placed += 1
        room -= 1
    return system, result


def count_breakpoints(system: Any, messages: Sequence[Mapping[str, Any]]) -> int:
    """How many blocks in ``system`` and ``messages`` carry ``cache_control``.

    Blocks nested in a ``tool_result`` count too, as they do toward the API's limit.
    """
    total = _count_in(system)
    for message in messages:
        if isinstance(message, Mapping):
            total += _count_in(message.get("content"))
    return total


def _count_in(content: Any) -> int:
    if not isinstance(content, list):
        return 0
    total = 0
    for block in content:
        if not isinstance(block, Mapping):
            continue
        if block.get("cache_control") is not None:
            total += 1
        total += _count_in(block.get("content"))
    return total


def _is_eligible(block: Any) -> bool:
    if not isinstance(block, Mapping) or not isinstance(block.get("type"), str):
        return False
    if block["type"] in _INELIGIBLE_TYPES:
        return False
    if block["type"] == "text":
        text = block.get("text")
        return isinstance(text, str) and bool(text.strip())
    return True


def _marked_content(content: Any, marker: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """A copy of ``content`` with ``marker`` on its last eligible block, or None when it has
    no eligible block (an empty string, no blocks, or only thinking and empty text)."""
    if isinstance(content, str):
        if not content.strip():
            return None
        return [{"type": "text", "text": content, "cache_control": dict(marker)}]
    if not isinstance(content, list):
        return None
    for position in range(len(content) - 1, -1, -1):
        block = content[position]
        if _is_eligible(block):
            marked = list(content)
            marked[position] = {**block, "cache_control": dict(marker)}
            return marked
    return None
