"""pydantic-ai messages to packlight's canonical messages and back.

pydantic-ai groups a turn's parts into one ``ModelRequest`` (system prompts, user prompts, tool
returns) or one ``ModelResponse`` (text, tool calls); packlight's canonical shape (OpenAI chat)
has one message per role. Reading, each pydantic-ai message becomes a *group* of canonical
messages (a response always exactly one). Writing back, a group the session's view holds
whole and unchanged is answered with the caller's own pydantic-ai object; only what packlight
changed (the checkpoint, pruned tool outputs, a system prompt with its note) is built anew,
reusing the caller's part objects wherever a part came through unchanged.

Parts with nothing a model reads as text (thinking, native tools, capability bookkeeping) are
not part of the canonical group: they travel with their message when it comes through whole
and are dropped when packlight rebuilds it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic_ai.messages import (
    BaseToolCallPart,
    BaseToolReturnPart,
    BinaryContent,
    ImageUrl,
    ModelMessage,
    ModelRequest,
    ModelResponse,
    NativeToolCallPart,
    NativeToolReturnPart,
    RetryFeedbackPart,
    RetryPromptPart,
    SystemPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)

from packlight.errors import TranscriptError

Canonical = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Group:
    """The canonical messages of one pydantic-ai message, each with the part it came from."""

    message: ModelMessage
    canonical: list[Canonical]
    parts: list[list[Any]]
    """``parts[i]`` are the parts ``canonical[i]`` was read from (several system prompts in a
    row read as one system message; a response: the message itself)."""


def _is_tool_call(part: object) -> bool:
    return isinstance(part, BaseToolCallPart) and not isinstance(part, NativeToolCallPart)


def _is_tool_return(part: object) -> bool:
    return isinstance(part, BaseToolReturnPart) and not isinstance(part, NativeToolReturnPart)


def _user_item(item: object) -> dict[str, Any]:
    if isinstance(item, str):
        return {"type": "text", "text": item}
    if isinstance(item, ImageUrl):
        return {"type": "image_url", "image_url": {"url": item.url}}
    if isinstance(item, BinaryContent) and item.is_image:
        return {"type": "image_url", "image_url": {"url": item.data_uri}}
    # Audio, documents, video: counted as a short marker, sent as the caller's own part.
    return {"type": "text", "text": f"[{type(item).__name__}]"}


def _request_part(part: object) -> Canonical | None:
    if isinstance(part, SystemPromptPart):
        return {"role": "system", "content": part.content}
    if isinstance(part, UserPromptPart):
        if isinstance(part.content, str):
            return {"role": "user", "content": part.content}
        return {"role": "user", "content": [_user_item(item) for item in part.content]}
    if _is_tool_return(part):
        assert isinstance(part, BaseToolReturnPart)
        # The text the model is shown for the return (JSON for structured content).
        content = part.model_response_str()
        return {"role": "tool", "tool_call_id": part.tool_call_id, "content": content}
    if isinstance(part, RetryPromptPart | RetryFeedbackPart):
        text = part.model_response()
        call_id = getattr(part, "tool_call_id", None)
        if getattr(part, "tool_name", None) and isinstance(call_id, str):
            return {"role": "tool", "tool_call_id": call_id, "content": text}
        return {"role": "user", "content": text}
    return None


def _response(message: ModelResponse) -> Canonical:
    texts = [part.content for part in message.parts if isinstance(part, TextPart)]
    calls = [part for part in message.parts if _is_tool_call(part)]
    canonical: Canonical = {"role": "assistant", "content": "\n\n".join(texts) if texts else None}
    if calls:
        canonical["tool_calls"] = [
            {
                "id": call.tool_call_id,
                "type": "function",
                "function": {"name": call.tool_name, "arguments": call.args_as_json_str()},
            }
            for call in calls
            if isinstance(call, BaseToolCallPart)
        ]
    elif not texts:
        canonical["content"] = ""  # thinking only, or native tools: nothing to count
    return canonical


def _joined(first: Canonical, second: Canonical) -> str:
    return f"{first['content']}\n\n{second['content']}"


def read_message(message: object, index: int) -> Group:
    """The canonical group of one pydantic-ai message (``index`` names it in errors)."""
    if isinstance(message, ModelResponse):
        return Group(message, [_response(message)], [[message]])
    if isinstance(message, ModelRequest):
        canonical: list[Canonical] = []
        parts: list[list[Any]] = []
        for part in message.parts:
            read = _request_part(part)
            if read is None:
                continue
            if read["role"] == "system" and parts and isinstance(parts[-1][-1], SystemPromptPart):
                # One system message, as providers see consecutive system prompts; it also
                # keeps a system prompt and packlight's note after it (see _Builder) one
                # message whether they arrive as the objects packlight made or as copies.
                canonical[-1] = {**canonical[-1], "content": _joined(canonical[-1], read)}
                parts[-1].append(part)
                continue
            canonical.append(read)
            parts.append([part])
        return Group(message, canonical, parts)
    raise TranscriptError(
        f"message is {type(message).__name__}",
        index=index,
        expected="a pydantic-ai ModelRequest or ModelResponse",
    )


def _key(message: Mapping[str, Any]) -> str:
    return json.dumps(message, sort_keys=True, default=str)


@dataclass(slots=True)
class _Builder:
    """Rebuilds the messages packlight changed, in view order."""

    tool_names: dict[str, str]
    parts_by_key: dict[str, list[list[Any]]]
    systems: list[tuple[str, list[Any]]]
    """The caller's system messages (text, parts) not yet reused, in order."""
    out: list[ModelMessage] = field(default_factory=list)
    request: list[Any] = field(default_factory=list)
    sources: list[Canonical] = field(default_factory=list)
    source_parts: list[list[Any]] = field(default_factory=list)
    emitted: list[Group] = field(default_factory=list)

    def reuse(self, message: Mapping[str, Any]) -> list[Any] | None:
        """The caller's parts that read exactly as ``message`` (``None`` if none do)."""
        candidates = self.parts_by_key.get(_key(message))
        return candidates.pop(0) if candidates else None

    def add(self, message: Canonical) -> None:
        role = message.get("role")
        if role == "assistant":
            self.flush()
            response = self._response(message)
            self.out.append(response)
            self.emitted.append(Group(response, [message], [[response]]))
            return
        parts = self.reuse(message)
        if parts is None:
            parts = self._request_parts(message)
        self.request.extend(parts)
        self.sources.append(message)
        self.source_parts.append(parts)

    def flush(self) -> None:
        if self.request:
            request = ModelRequest(parts=self.request)
            self.out.append(request)
            self.emitted.append(Group(request, self.sources, self.source_parts))
            self.request, self.sources, self.source_parts = [], [], []

    def _request_parts(self, message: Mapping[str, Any]) -> list[Any]:
        role, content = message.get("role"), message.get("content")
        text = content if isinstance(content, str) else _text_of(content)
        if role in {"system", "developer"}:
            return self._system_parts(text)
        if role == "tool":
            call_id = str(message.get("tool_call_id"))
            name = self.tool_names.get(call_id, "tool")
            return [ToolReturnPart(tool_name=name, content=text, tool_call_id=call_id)]
        if isinstance(content, list):
            return [UserPromptPart([_user_content(item) for item in content])]
        return [UserPromptPart(text)]

    def _system_parts(self, text: str) -> list[Any]:
        """The caller's system prompt parts, untouched, and what packlight appended to them
        (its note that turns were compacted) as a system prompt of its own: pydantic-ai
        re-renders a dynamic system prompt in place, and the note must survive that."""
        for number, (known, parts) in enumerate(self.systems):
            if text.startswith(known + "\n\n"):
                del self.systems[number]
                return [*parts, SystemPromptPart(text[len(known) + 2 :])]
        return [SystemPromptPart(text)]

    def _response(self, message: Mapping[str, Any]) -> ModelResponse:
        parts: list[Any] = []
        content = message.get("content")
        text = content if isinstance(content, str) else _text_of(content)
        if text:
            parts.append(TextPart(text))
        for call in message.get("tool_calls") or ():
            function = call.get("function", {})
            parts.append(
                ToolCallPart(
                    tool_name=function.get("name", ""),
                    args=function.get("arguments") or "{}",
                    tool_call_id=call.get("id"),
                )
            )
        return ModelResponse(parts=parts)


def _text_of(content: object) -> str:
    if isinstance(content, list):
        return "\n".join(str(item.get("text", "")) for item in content if isinstance(item, Mapping))
    return "" if content is None else str(content)


def _user_content(item: object) -> Any:
    if isinstance(item, Mapping) and item.get("type") == "image_url":
        url = str(item.get("image_url", {}).get("url", ""))
        if url.startswith("data:"):
            return BinaryContent.from_data_uri(url)
        return ImageUrl(url=url)
    if isinstance(item, Mapping):
        return str(item.get("text", ""))
    return str(item)


@dataclass(frozen=True, slots=True)
class Written:
    """The view as pydantic-ai messages, and the canonical messages each one stands for."""

    messages: list[ModelMessage]
    emitted: list[Group]
    """The messages built anew, each with the view's canonical messages it was built from."""


def _tool_names(view: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    names: dict[str, str] = {}
    for message in view:
        for call in message.get("tool_calls") or ():
            function = call.get("function") or {}
            if isinstance(call.get("id"), str) and isinstance(function.get("name"), str):
                names[call["id"]] = function["name"]
    return names


def _matches(view: Sequence[Mapping[str, Any]], at: int, group: Group) -> bool:
    size = len(group.canonical)
    if at + size > len(view):
        return False
    return all(
        seen is own or seen == own
        for seen, own in zip(view[at : at + size], group.canonical, strict=True)
    )


def write_view(view: Sequence[Mapping[str, Any]], groups: Sequence[Group]) -> Written:
    """``view`` (the session's sendable messages) as pydantic-ai messages: the caller's own
    message wherever its whole group comes through unchanged and in order, new ones where
    packlight changed something."""
    starts: dict[str, list[int]] = {}
    parts_by_key: dict[str, list[list[Any]]] = {}
    systems: list[tuple[str, list[Any]]] = []
    for number, group in enumerate(groups):
        if group.canonical:
            starts.setdefault(_key(group.canonical[0]), []).append(number)
        if isinstance(group.message, ModelRequest):
            for canonical, parts in zip(group.canonical, group.parts, strict=True):
                parts_by_key.setdefault(_key(canonical), []).append(parts)
                if canonical["role"] == "system":
                    systems.append((canonical["content"], parts))
    builder = _Builder(_tool_names(view), parts_by_key, systems)
    next_group = 0
    at = 0
    while at < len(view):
        found = _next_match(view, at, groups, starts, next_group)
        if found is None:
            builder.add(dict(view[at]))
            at += 1
            continue
        builder.flush()
        builder.out.append(groups[found].message)
        at += len(groups[found].canonical)
        next_group = found + 1
        # Messages with nothing to count stay beside the message they followed.
        while next_group < len(groups) and not groups[next_group].canonical:
            builder.out.append(groups[next_group].message)
            next_group += 1
    builder.flush()
    return Written(builder.out, builder.emitted)


def _next_match(
    view: Sequence[Mapping[str, Any]],
    at: int,
    groups: Sequence[Group],
    starts: Mapping[str, list[int]],
    after: int,
) -> int | None:
    for number in starts.get(_key(view[at]), ()):
        if number >= after and _matches(view, at, groups[number]):
            return number
    return None


def flatten(groups: Sequence[Group]) -> Iterator[Canonical]:
    for group in groups:
        yield from group.canonical
