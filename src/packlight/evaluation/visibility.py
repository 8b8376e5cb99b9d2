"""Where a probe's exact text can still be found: in the context, or through the archive.

*In context* means in what the model receives: message text and tool-call arguments (the
agent's own commands are context too). *Retrievable* means a retrieval tool returns it in
full: ``context_read`` returns an artifact's content line by line, and ``context_expand``
returns the messages of a compacted span decoded (so a multi-line user message archived as
one JSON line is found with its real line breaks, as the model would read it).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from packlight.compressor.toolcalls import parse_arguments
from packlight.messages import Message, message_text, strip_packlight, tool_calls_of
from packlight.retrieval import ArtifactReader

_SEPARATOR = "\n\x00\n"  # never inside a probe, so no match spans two pieces


def visible_text(messages: Sequence[Message | Mapping[str, Any]]) -> str:
    """The text the model sees of ``messages`` (contents and tool-call arguments)."""
    parts: list[str] = []
    for message in messages:
        parts.append(message_text(message))
        for call in tool_calls_of(message):
            function = call.get("function") if isinstance(call, Mapping) else None
            if isinstance(function, Mapping):
                arguments = str(function.get("arguments", ""))
                parts.append(arguments)
                # The model reads a command with its real quotes and line breaks, not the
                # JSON escapes of the arguments string.
                parts.extend(_string_leaves(parse_arguments(arguments)))
    return _SEPARATOR.join(parts)


def _string_leaves(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [leaf for item in value.values() for leaf in _string_leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _string_leaves(item)]
    return []


def sent(messages: Sequence[Message]) -> list[Message]:
    """What a host sends: the history without packlight's private metadata."""
    return strip_packlight(messages)


def _span_messages_text(content: str) -> str:
    """The decoded messages of a span artifact (one JSON message per line)."""
    decoded: list[dict[str, Any]] = []
    for line in content.split("\n"):
        try:
            value = json.loads(line)
        except ValueError:
            continue
        if isinstance(value, dict):
            decoded.append(value)
    return visible_text(decoded)


class ArchiveView:
    """Everything the retrieval tools of one archive can return, as one searchable text.

    The archive only grows, so the text is extended with the artifacts added since the last
    look instead of being rebuilt for every probe.
    """

    def __init__(self, reader: ArtifactReader) -> None:
        self.reader = reader
        self._seen: set[str] = set()
        self._parts: list[str] = []
        self._text = ""

    def text(self) -> str:
        added = False
        for artifact in self.reader.list_artifacts():
            if artifact.id in self._seen:
                continue
            self._seen.add(artifact.id)
            self._parts.append(artifact.content)
            if artifact.kind in {"span", "message"}:
                self._parts.append(_span_messages_text(artifact.content))
            added = True
        if added:
            self._text = _SEPARATOR.join(self._parts)
        return self._text

    def contains(self, needle: str) -> bool:
        return needle in self.text()
