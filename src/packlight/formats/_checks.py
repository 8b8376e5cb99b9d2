"""The structural check every format applies to a list of content parts (or blocks)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from packlight.errors import TranscriptError


def check_parts(
    index: int | None,
    parts: Any,
    field: str,
    *,
    noun: str,
    text_types: frozenset[str],
    type_examples: str,
) -> list[Mapping[str, Any]]:
    """Raise :class:`TranscriptError` unless ``parts`` is a list of objects with a ``type``,
    text ones (``text_types``) carrying a string ``text``. ``noun`` is "part" or "block"."""
    if not isinstance(parts, list):
        raise TranscriptError(
            f"{field} is {type(parts).__name__}",
            index=index,
            field=field,
            expected=f"a string or a list of content {noun}s",
        )
    for position, part in enumerate(parts):
        where = f"{field}[{position}]"
        if not isinstance(part, Mapping):
            raise TranscriptError(
                f"{noun} {position} is {type(part).__name__}",
                index=index,
                field=where,
                expected="an object with a 'type'",
            )
        if not isinstance(part.get("type"), str):
            raise TranscriptError(
                f"{noun} {position} has no type",
                index=index,
                field=f"{where}.type",
                expected=f"a string such as {type_examples}",
            )
        if part["type"] in text_types and not isinstance(part.get("text"), str):
            raise TranscriptError(
                f"{part['type']} {noun} {position} has no text",
                index=index,
                field=f"{where}.text",
                expected="a string",
            )
    return parts
