"""Provider message formats and their conversion to and from the canonical shape.

One module per format (:mod:`~packlight.formats.openai_chat`,
:mod:`~packlight.formats.anthropic`, :mod:`~packlight.formats.openai_responses`), each with
``NAME``, ``validate``, ``to_canonical`` and ``from_canonical``. This package adds
:func:`detect_format` and two dispatchers that take a :class:`Format`.

Conversions are exact in both directions: provider input read with ``to_canonical`` and
written back with ``from_canonical`` is unchanged (as JSON text: every object's keys in the
same order, ``1.0`` still ``1.0``), and a canonical transcript written with
``from_canonical(..., lossless=True)`` reads back unchanged. What a format cannot express
travels as an origin hint under ``_packlight``; ``lossless=False`` (the default) output holds
no ``_packlight`` keys and is ready to send.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from packlight.errors import TranscriptError
from packlight.formats import anthropic, openai_chat, openai_responses
from packlight.messages import (
    INSTRUCTION_ROLES,
    PACKLIGHT_KEY,
    Message,
    Transcript,
    strip_packlight,
)

__all__ = ["Format", "detect_format", "from_canonical", "to_canonical"]


class Format(StrEnum):
    """The message formats packlight reads and writes."""

    OPENAI_CHAT = "openai_chat"
    ANTHROPIC = "anthropic"
    OPENAI_RESPONSES = "openai_responses"


_RESPONSES_ITEM_TYPES = frozenset({"function_call", "function_call_output", "reasoning", "message"})
_RESPONSES_PART_TYPES = frozenset({"input_text", "output_text", "input_image"})
_ANTHROPIC_BLOCK_TYPES = frozenset({"tool_use", "tool_result", "thinking", "redacted_thinking"})


def _parts(item: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    content = item.get("content")
    if not isinstance(content, list):
        return []
    return [part for part in content if isinstance(part, Mapping)]


def _looks_responses(item: Mapping[str, Any]) -> bool:
    if item.get("type") in _RESPONSES_ITEM_TYPES:
        return True
    # Only Responses has role-less items (item_reference, web_search_call...).
    if isinstance(item.get("type"), str) and "role" not in item:
        return True
    return any(part.get("type") in _RESPONSES_PART_TYPES for part in _parts(item))


def _looks_anthropic(item: Mapping[str, Any]) -> bool:
    meta = item.get(PACKLIGHT_KEY)
    origin = meta.get("origin") if isinstance(meta, Mapping) else None
    if isinstance(origin, Mapping) and origin.get("format") == openai_chat.NAME:
        # Written by packlight with lossless=True; the Responses writer always sets "type".
        return True
    for part in _parts(item):
        if part.get("type") in _ANTHROPIC_BLOCK_TYPES:
            return True
        if part.get("type") == "image" and "source" in part:
            return True
    return False


def _looks_chat(item: Mapping[str, Any]) -> bool:
    role = item.get("role")
    return role == "tool" or role in INSTRUCTION_ROLES or "tool_calls" in item


def _detect_list(items: Sequence[Any], *, system_param: bool) -> Format:
    for index, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise TranscriptError(
                f"message is {type(item).__name__}",
                index=index,
                expected="an object (a message or a Responses input item)",
            )
    mappings: list[Mapping[str, Any]] = list(items)
    if any(_looks_responses(item) for item in mappings):
        return Format.OPENAI_RESPONSES
    # Chat markers come before Anthropic blocks: an Anthropic list never has them, while a
    # canonical transcript converted from Anthropic keeps its thinking parts.
    if any(_looks_chat(item) for item in mappings):
        return Format.OPENAI_CHAT
    if any(_looks_anthropic(item) for item in mappings):
        return Format.ANTHROPIC
    # Plain user/assistant strings read the same in every format; a separate ``system``
    # parameter is the one thing only an Anthropic request body has.
    return Format.ANTHROPIC if system_param else Format.OPENAI_CHAT


def detect_format(payload: Any) -> Format:
    """Guess the format of a list of messages/items or of a request body.

    Responses shapes (item ``type``, ``input_text``-style parts, an ``input`` key) win, then
    Chat Completions markers (``tool`` role, ``tool_calls``, system roles inside the list),
    then Anthropic blocks (``tool_use``, ``tool_result``, thinking, ``image`` with ``source``).
    Plain user/assistant strings are Chat Completions, unless a body has a ``system`` key.
    Raises :class:`~packlight.errors.TranscriptError` when ``payload`` holds no messages.
    """
    if isinstance(payload, Mapping):
        if "input" in payload:
            items = payload["input"]
            if isinstance(items, str):
                return Format.OPENAI_RESPONSES
            if isinstance(items, list):
                _detect_list(items, system_param=False)
                return Format.OPENAI_RESPONSES
            raise TranscriptError(
                f"input is {type(items).__name__}",
                field="input",
                expected="a string or a list of Responses input items",
            )
        messages = payload.get("messages")
        if not isinstance(messages, list):
            raise TranscriptError(
                "no 'messages' list in the request body"
                if messages is None
                else f"messages is {type(messages).__name__}",
                field="messages",
                expected="a list of messages (or a Responses 'input' list)",
            )
        return _detect_list(messages, system_param=payload.get("system") is not None)
    if isinstance(payload, list):
        return _detect_list(payload, system_param=False)
    raise TranscriptError(
        f"cannot detect the format of a {type(payload).__name__}",
        expected="a list of messages or a request body with 'messages' or 'input'",
    )


def to_canonical(payload: Any, fmt: Format | None = None) -> Transcript:
    """Convert a list of messages/items or a request body to a canonical transcript.

    ``fmt`` is detected when not given. From a body, Anthropic takes ``system`` (and the
    conversation's ``_packlight`` hint) and Responses takes ``input`` and ``instructions``.
    """
    fmt = detect_format(payload) if fmt is None else Format(fmt)
    if fmt is Format.ANTHROPIC:
        return anthropic.to_canonical(payload)
    if fmt is Format.OPENAI_RESPONSES:
        if isinstance(payload, Mapping):
            return openai_responses.to_canonical(
                payload.get("input"), instructions=payload.get("instructions")
            )
        return openai_responses.to_canonical(payload)
    if isinstance(payload, Mapping):
        return openai_chat.to_canonical(payload.get("messages"))
    return openai_chat.to_canonical(payload)


def from_canonical(transcript: Sequence[Message], fmt: Format, *, lossless: bool = False) -> Any:
    """Convert a canonical transcript to ``fmt``.

    Returns a list of messages (Chat Completions), an
    :class:`~packlight.formats.anthropic.AnthropicConversation` (Anthropic) or a list of input
    items (Responses). See the format modules for ``lossless``.
    """
    fmt = Format(fmt)
    if fmt is Format.ANTHROPIC:
        return anthropic.from_canonical(transcript, lossless=lossless)
    if fmt is Format.OPENAI_RESPONSES:
        return openai_responses.from_canonical(transcript, lossless=lossless)
    # The canonical shape is Chat Completions: only packlight's own metadata is in the way.
    messages = openai_chat.from_canonical(transcript)
    return messages if lossless else strip_packlight(messages)
