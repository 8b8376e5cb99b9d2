"""Equality as JSON sees it, which is what "written back unchanged" has to mean.

Python's ``==`` says ``{"a": 1, "b": 2} == {"b": 2, "a": 1}`` and ``1 == 1.0 == True``; their
JSON texts differ. A conversion that is checked with ``==`` can therefore reorder keys or turn
``1.0`` into ``1`` without noticing, so the checks that decide whether a message needs an
origin hint use :func:`identical` instead.
"""

from __future__ import annotations

from typing import Any


def identical(left: Any, right: Any) -> bool:
    """Whether ``json.dumps`` writes ``left`` and ``right`` as the same text: same types,
    same values, and every object's keys in the same order."""
    if type(left) is not type(right):
        return False
    if isinstance(left, dict):
        return list(left) == list(right) and all(identical(left[k], right[k]) for k in left)
    if isinstance(left, list | tuple):
        return len(left) == len(right) and all(map(identical, left, right))
    if isinstance(left, float):
        return repr(left) == repr(right)  # -0.0 and nan, which == gets wrong for JSON
    return bool(left == right)
