"""LangChain messages to packlight's canonical messages and back.

packlight decides on canonical (OpenAI-chat-like) dicts; the agent holds LangChain message
objects. :class:`Conversion` turns one request's messages into dicts once, and turns the view
the session answers with back into LangChain messages: a message packlight passed through
unchanged goes back as the caller's **own object** (its ``id``, ``tool_call_id``,
``tool_calls``, ``additional_kwargs`` and ``response_metadata`` untouched, so provider
specifics packlight does not model, such as reasoning blocks, survive), and only what packlight
made (the checkpoint, digested tool outputs, a system prompt with packlight's note) becomes a
new message, without an ``id`` so that nobody mistakes it for one of the graph's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    InvalidToolCall,
    SystemMessage,
    ToolCall,
    ToolMessage,
    convert_to_openai_messages,
)

from packlight.errors import TranscriptError


def to_canonical(message: BaseMessage, index: int) -> dict[str, Any]:
    """``message`` as the OpenAI chat message a provider integration would send."""
    if not isinstance(message, BaseMessage):
        raise TranscriptError(
            f"message is {type(message).__name__}",
            index=index,
            expected="a LangChain message (HumanMessage, AIMessage, ToolMessage, ...)",
        )
    try:
        converted = convert_to_openai_messages(message)
    except (ValueError, TypeError, KeyError) as exc:
        raise TranscriptError(
            f"{type(message).__name__} cannot be read as a chat message ({exc})", index=index
        ) from exc
    if not isinstance(converted, dict):  # one message in, one dict out
        raise TranscriptError(
            f"{type(message).__name__} did not convert to one chat message", index=index
        )
    return converted


def from_canonical(message: Mapping[str, Any], tool_names: Mapping[str, str]) -> BaseMessage:
    """A new LangChain message for a canonical ``message`` packlight made.

    ``tool_names`` maps tool call ids to tool names, for tool results whose name the
    canonical message does not carry (some providers need it beside the call id)."""
    role = message.get("role")
    content = _content(message.get("content"))
    if role == "system":
        return SystemMessage(content=content)
    if role == "user":
        return HumanMessage(content=content)
    if role == "assistant":
        calls, invalid = _tool_calls(message.get("tool_calls"))
        return AIMessage(content=content, tool_calls=calls, invalid_tool_calls=invalid)
    if role == "tool":
        call_id = str(message.get("tool_call_id", ""))
        name = message.get("name") or tool_names.get(call_id)
        return ToolMessage(content=content, tool_call_id=call_id, name=name)
    raise TranscriptError(f"packlight returned a message with role {role!r}", field="role")


def _content(content: Any) -> str | list[str | dict[str, Any]]:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    return [part if isinstance(part, str) else dict(part) for part in content]


def _tool_calls(raw: Any) -> tuple[list[ToolCall], list[InvalidToolCall]]:
    calls: list[ToolCall] = []
    invalid: list[InvalidToolCall] = []
    for item in raw or []:
        function = item.get("function") or {}
        name, arguments, call_id = function.get("name"), function.get("arguments"), item.get("id")
        try:
            args = json.loads(arguments) if isinstance(arguments, str) else arguments
        except json.JSONDecodeError:
            args = None
        if isinstance(args, dict):
            calls.append(ToolCall(name=str(name), args=args, id=call_id, type="tool_call"))
        else:  # packlight shortened arguments that are no longer JSON: sent as the text they are
            invalid.append(
                InvalidToolCall(
                    name=name, args=str(arguments), id=call_id, error=None, type="invalid_tool_call"
                )
            )
    return calls, invalid


class Conversion:
    """One model request's messages: LangChain objects and their canonical dicts, side by
    side, so that the session's view can be mapped back onto the objects it came from."""

    def __init__(
        self,
        messages: Sequence[BaseMessage],
        cache: Mapping[int, tuple[BaseMessage, dict[str, Any]]] | None = None,
    ) -> None:
        """``cache`` is the previous request's :attr:`cache`: a message object seen there is
        not converted again, and keeps the very dict it had (so the session matches it by
        identity)."""
        self.originals = list(messages)
        self.canonical: list[dict[str, Any]] = []
        self.cache: dict[int, tuple[BaseMessage, dict[str, Any]]] = {}
        for index, message in enumerate(self.originals):
            hit = cache.get(id(message)) if cache else None
            converted = hit[1] if hit is not None and hit[0] is message else None
            if converted is None:
                converted = to_canonical(message, index)
            self.canonical.append(converted)
            self.cache[id(message)] = (message, converted)

    def to_langchain(self, view: Sequence[Mapping[str, Any]]) -> list[BaseMessage]:
        """The LangChain messages for the session's ``view`` (oldest first).

        The view keeps the caller's order, so each view message is looked for among the
        originals after the last one matched: first the very dict the session was given
        (the common case), then an equal one (a compaction hands back copies of what it
        kept). What matches nothing is new, and converted."""
        result: list[BaseMessage] = []
        tool_names: dict[str, str] = {}
        cursor = 0
        for message in view:
            match = self._find(message, cursor)
            if match is None:
                result.append(from_canonical(message, tool_names))
            else:
                result.append(self.originals[match])
                cursor = match + 1
            for call in message.get("tool_calls") or []:
                function = call.get("function") or {}
                if call.get("id") and function.get("name"):
                    tool_names[str(call["id"])] = str(function["name"])
        return result

    def _find(self, message: Mapping[str, Any], start: int) -> int | None:
        canonical = self.canonical
        for index in range(start, len(canonical)):
            if canonical[index] is message:
                return index
        for index in range(start, len(canonical)):
            if canonical[index] == message:
                return index
        return None
