"""Pure text helpers both stores share: JSON encoding, awkward text, search terms and snippets.

Nothing here touches a database. What a backend cannot hold as text differs (SQLite rejects
lone surrogates in ``TEXT``; PostgreSQL also rejects NUL), so each has its own pair of
encoders below, next to the JSON encoding that both use for messages, meta and engine state.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from packlight.errors import UserError

SNIPPET_CHARS = 300
"""A search hit's snippet is its best line, clipped to about this many characters."""
MAX_SEARCH_LIMIT = 100
"""``search_artifacts`` clamps ``limit`` to 1..this."""

# --- encoding ----------------------------------------------------------------------------


def is_utf8(text: str) -> bool:
    """True unless ``text`` holds a lone surrogate (which no UTF-8 database text can hold)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def dump_json(value: Any, what: str) -> str:
    """JSON text that loads back to an equal value, keys in their original order.

    UTF-8 when it can be; a lone surrogate (from a ``"\\ud800"`` escape in the source) is not
    valid UTF-8 text, so then the ASCII-escaped form, which loads back to the same string.
    Raises :class:`~packlight.errors.UserError` naming ``what`` for a value JSON cannot hold.
    """
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise UserError(f"{what} cannot be stored: it is not JSON-serialisable ({exc})") from exc
    return text if is_utf8(text) else json.dumps(value, ensure_ascii=True)


def text_or_blob(text: str) -> str | bytes:
    """``text`` as SQLite can hold it: a lone surrogate forces a BLOB (read back exactly)."""
    return text if is_utf8(text) else text.encode("utf-8", "surrogatepass")


def from_text_or_blob(value: str | bytes) -> str:
    """The inverse of :func:`text_or_blob`."""
    return value.decode("utf-8", "surrogatepass") if isinstance(value, bytes) else value


def searchable_and_exact(content: str) -> tuple[str, str | None]:
    """``(text column value, exact JSON copy or None)`` for PostgreSQL.

    NUL and lone surrogates cannot be PostgreSQL text: such content is kept exactly as a JSON
    string, next to a searchable copy with those characters replaced.
    """
    if "\0" not in content and is_utf8(content):
        return content, None
    searchable = content.replace("\0", "\ufffd").encode("utf-8", "replace").decode("utf-8")
    return searchable, json.dumps(content, ensure_ascii=True)


# --- search ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Located:
    """Where query words occur in a text: the best line, its snippet, what was found."""

    line: int
    """1-based: the first line holding the most query words (1 when none matches)."""
    snippet: str
    terms: frozenset[str]
    """The query words found anywhere in the text."""
    occurrences: int
    """How often they occur in all, summed over the words."""


def search_terms(query: str) -> list[str]:
    """The distinct lower-cased words of a query, surrounding quotes removed, in order."""
    words = (word.strip("\"'").lower() for word in query.split())
    return list(dict.fromkeys(word for word in words if word))


def locate(content: str, terms: Sequence[str], *, clip_at_earliest: bool = False) -> Located:
    """The first line holding the most of ``terms`` (1-based), clipped to a snippet.

    Terms hold no whitespace, so none spans two lines; a text matching none gives line 1.
    The snippet is cut around the first query word found on the line, or with
    ``clip_at_earliest`` around the earliest match of any of them.
    """
    best_count, best_line, best_text, best_index = 0, 1, content.split("\n", 1)[0], 0
    found: set[str] = set()
    occurrences = 0
    for number, line in enumerate(content.split("\n"), start=1):
        lowered = line.lower()
        offsets = {term: at for term in terms if (at := lowered.find(term)) >= 0}
        if not offsets:
            continue
        found.update(offsets)
        occurrences += sum(lowered.count(term) for term in offsets)
        if len(offsets) > best_count:
            best_count, best_line, best_text = len(offsets), number, line
            at = min(offsets.values()) if clip_at_earliest else next(iter(offsets.values()))
            # lower() can change a line's length (a few letters); then clip from the start.
            best_index = at if len(lowered) == len(line) else 0
    return Located(best_line, clip_line(best_text, best_index), frozenset(found), occurrences)


def clip_line(line: str, index: int, width: int = SNIPPET_CHARS) -> str:
    """``line`` cut to about ``width`` characters around ``index``, with ``…`` where cut."""
    line = line.rstrip("\r")
    if len(line) <= width:
        return line
    start = max(0, min(index - width // 3, len(line) - width))
    end = start + width
    return ("…" if start > 0 else "") + line[start:end] + ("…" if end < len(line) else "")


def like_pattern(text: str) -> str:
    """``%text%`` for ``LIKE``/``ILIKE`` with ``\\``, ``%`` and ``_`` escaped."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"
