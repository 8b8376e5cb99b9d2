"""Patterns compiled at their first use rather than when their module is imported.

A module of rules holds dozens of patterns, and Python's ``re`` compiles in Python: the
clause rules that read a person's turns took 28 ms to import, in every process, including
those that compact a session with one human message and never read a turn. A lazy pattern
compiles when one of its attributes is first read, then keeps the compiled pattern's methods
and attributes on itself: later calls are plain attribute reads, as fast as on the pattern.
"""

from __future__ import annotations

import re
from typing import Any, cast

__all__ = ["lazy_compile"]

_KEPT = (
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
    "scanner",
    "pattern",
    "flags",
    "groups",
    "groupindex",
)
"""What a compiled pattern offers, copied onto the lazy one when it compiles."""


class _LazyPattern:
    """``re.compile(source, flags)``, compiled when an attribute is first read."""

    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        # Only reached for what the instance does not hold yet: the first use.
        compiled = re.compile(self._source, self._flags)
        for attribute in _KEPT:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self._source!r}, {self._flags})"


def lazy_compile(source: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern that behaves as ``re.compile(source, flags)`` and compiles at its first use.
    (The ``re`` module's own functions, ``re.search(pattern, ...)``, want a compiled one.)"""
    return cast("re.Pattern[str]", _LazyPattern(source, flags))
