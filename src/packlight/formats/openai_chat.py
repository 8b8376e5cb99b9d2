"""OpenAI Chat Completions messages: packlight's canonical shape, so this adapter only validates.

:func:`validate` checks structure (roles, content types, tool-call fields, that every tool
result answers an earlier call) and raises :class:`~packlight.errors.TranscriptError` naming
the message index and field. It never changes its input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from packlight.errors import TranscriptError
from packlight.formats._checks import check_parts
from packlight.messages import ROLES, Message, Transcript, copy_transcript

NAME = "openai_chat"


def _check_parts(index: int, parts: list[Any], field: str = "content") -> None:
    check_parts(
        index,
        parts,
        field,
        noun="part",
        text_types=frozenset({"text"}),
        type_examples="'text' or 'image_url'",
    )


def _check_tool_calls(index: int, calls: Any) -> list[str]:
    if not isinstance(calls, list):
        raise TranscriptError(
            f"tool_calls is {type(calls).__name__}",
            index=index,
            field="tool_calls",
            expected="a list of tool calls",
        )
    ids: list[str] = []
    for position, call in enumerate(calls):
        field = f"tool_calls[{position}]"
        if not isinstance(call, Mapping):
            raise TranscriptError(
                f"tool call {position} is {type(call).__name__}",
                index=index,
                field=field,
                expected="an object",
            )
        if not isinstance(call.get("id"), str) or not call["id"]:
            raise TranscriptError(
                "tool call has no id", index=index, field=f"{field}.id", expected="a string"
            )
        function = call.get("function")
        if not isinstance(function, Mapping):
            raise TranscriptError(
                "tool call has no function",
                index=index,
                field=f"{field}.function",
                expected='{"name": ..., "arguments": ...}',
            )
        if not isinstance(function.get("name"), str):
            raise TranscriptError(
                "tool call has no function name",
                index=index,
                field=f"{field}.function.name",
                expected="a string",
            )
        if not isinstance(function.get("arguments"), str):
            raise TranscriptError(
                f"arguments is {type(function.get('arguments')).__name__}",
                index=index,
                field=f"{field}.function.arguments",
                expected="a JSON text (string)",
            )
        ids.append(call["id"])
    return ids


def validate_message(index: int, message: Any) -> None:
    """Check one message on its own (no cross-message rules)."""
    if not isinstance(message, Mapping):
        raise TranscriptError(
            f"message is {type(message).__name__}",
            index=index,
            expected="an object with a 'role'",
        )
    role = message.get("role")
    if role is None:
        raise TranscriptError(
            "missing role", index=index, field="role", expected=" | ".join(sorted(ROLES))
        )
    if role not in ROLES:
        raise TranscriptError(
            f"unknown role {role!r}",
            index=index,
            field="role",
            expected=" | ".join(sorted(ROLES)),
        )
    content = message.get("content")
    if content is not None and not isinstance(content, str | list):
        raise TranscriptError(
            f"content is {type(content).__name__}",
            index=index,
            field="content",
            expected="a string, null or a list of parts",
        )
    if isinstance(content, list):
        _check_parts(index, content)
    if role in {"user", "system", "developer"} and content is None:
        raise TranscriptError(
            f"{role} message has no content",
            index=index,
            field="content",
            expected="a string or a list of parts",
        )
    if role == "tool":
        if not isinstance(message.get("tool_call_id"), str):
            raise TranscriptError(
                "tool result has no tool_call_id",
                index=index,
                field="tool_call_id",
                expected="the id of an earlier assistant tool call",
            )
        if content is None:
            raise TranscriptError(
                "tool result has no content",
                index=index,
                field="content",
                expected="a string or a list of parts",
            )
    if "tool_calls" in message and message["tool_calls"] is not None:
        if role != "assistant":
            raise TranscriptError(
                f"{role} message carries tool_calls",
                index=index,
                field="tool_calls",
                expected="tool_calls only on assistant messages",
            )
        _check_tool_calls(index, message["tool_calls"])


def validate(messages: Any) -> None:
    """Raise :class:`TranscriptError` unless ``messages`` is a well-formed transcript.

    Beyond each message's own structure, every tool result must answer a tool call made by
    an earlier assistant message, and no assistant message may use one tool-call id twice.
    """
    if not isinstance(messages, Sequence) or isinstance(messages, str | bytes):
        raise TranscriptError(
            f"transcript is {type(messages).__name__}", expected="a list of messages"
        )
    seen_calls: set[str] = set()
    for index, message in enumerate(messages):
        validate_message(index, message)
        if message["role"] == "assistant":
            # Ids must be unique within one message; real agents (and tau-bench) reuse an id
            # in a later turn, which providers accept because a result answers the call
            # right before it.
            in_message: set[str] = set()
            for position, call in enumerate(message.get("tool_calls") or []):
                if call["id"] in in_message:
                    raise TranscriptError(
                        f"tool call id {call['id']!r} is used twice in one message",
                        index=index,
                        field=f"tool_calls[{position}].id",
                        expected="ids unique within an assistant message",
                    )
                in_message.add(call["id"])
            seen_calls |= in_message
        elif message["role"] == "tool" and message["tool_call_id"] not in seen_calls:
            raise TranscriptError(
                f"tool result answers {message['tool_call_id']!r}, which no earlier "
                "assistant message called",
                index=index,
                field="tool_call_id",
                expected="the id of an earlier assistant tool call",
            )


def to_canonical(messages: Any) -> Transcript:
    """Validate Chat Completions messages and return a copy (the canonical shape is the same)."""
    validate(messages)
    return copy_transcript(cast(Sequence[Message], messages))


def from_canonical(messages: Sequence[Message]) -> Transcript:
    """Canonical messages are already Chat Completions messages: return a copy."""
    return copy_transcript(messages)
