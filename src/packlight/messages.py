"""The canonical message shape and the small helpers every stage of packlight needs.

The canonical shape is the OpenAI Chat Completions message as a plain ``dict``: ``role``
(system, developer, user, assistant or tool), ``content`` (a string, ``None`` or a list of
parts), ``tool_calls`` on assistant messages, ``tool_call_id`` on tool results, ``name``.
Keys packlight does not know (reasoning fields, provider replay data) are carried along
untouched. packlight's own bookkeeping lives under the one reserved key ``_packlight``, which
:func:`strip_packlight` removes before anything is sent to a provider.

Content parts beyond OpenAI's own (``text``, ``image_url``, ``input_audio``, ``file``,
``refusal``) appear when a transcript came from another provider: ``thinking`` and
``redacted_thinking`` (Anthropic) and ``reasoning`` (OpenAI Responses) keep their original
fields so that they can be replayed to the provider they came from.

No function here mutates its argument.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, Required, TypedDict, cast, overload

from packlight.errors import TranscriptError
from packlight.integrity import has_valid_tag

PACKLIGHT_KEY = "_packlight"
"""The reserved key under which packlight keeps its own metadata on a message, part or call."""

CHECKPOINT_MARKER = "[packlight checkpoint]"
"""The first line of every checkpoint message, so a saved transcript is recognised on resume."""

Role = Literal["system", "developer", "user", "assistant", "tool"]
ROLES: frozenset[str] = frozenset({"system", "developer", "user", "assistant", "tool"})
INSTRUCTION_ROLES: frozenset[str] = frozenset({"system", "developer"})

TEXT_PART_TYPES: frozenset[str] = frozenset({"text", "input_text", "output_text", "refusal"})
IMAGE_PART_TYPES: frozenset[str] = frozenset({"image_url", "image", "input_image"})
REASONING_PART_TYPES: frozenset[str] = frozenset({"thinking", "redacted_thinking", "reasoning"})


class FunctionCall(TypedDict):
    """The function an assistant asked to call; ``arguments`` is a JSON text."""

    name: str
    arguments: str


class ToolCall(TypedDict, total=False):
    """One entry of an assistant message's ``tool_calls``."""

    id: Required[str]
    type: str
    function: Required[FunctionCall]


class ImageURL(TypedDict, total=False):
    url: Required[str]
    detail: str


class TextPart(TypedDict):
    type: Literal["text"]
    text: str


class ImagePart(TypedDict):
    type: Literal["image_url"]
    image_url: ImageURL


ContentPart = dict[str, Any]
"""A content part, ``{"type": ..., ...}``; :class:`TextPart` and :class:`ImagePart` are common."""

Content = str | list[ContentPart] | None


class Message(TypedDict, total=False):
    """A canonical chat message. Other keys may be present and are preserved."""

    role: Required[Role]
    content: Content
    tool_calls: NotRequired[list[ToolCall]]
    tool_call_id: NotRequired[str]
    name: NotRequired[str]


Transcript = list[Message]


def as_mapping(message: Message | Mapping[str, Any]) -> Mapping[str, Any]:
    """View a message as a plain mapping, for reading keys the TypedDict does not declare.

    (A message is one already: the helpers below annotate it so rather than call this, as
    they run for every message of every compaction.)"""
    return message


def message_text(message: Message | Mapping[str, Any]) -> str:
    """The visible text of a message, whatever the shape of its content.

    Text parts are joined with newlines; images, audio and reasoning parts are left out.
    """
    data: Mapping[str, Any] = message
    content = data.get("content")
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    pieces: list[str] = []
    for part in content:
        if not isinstance(part, Mapping):
            continue
        kind = part.get("type")
        if kind in TEXT_PART_TYPES:
            value = part.get("text", part.get("refusal"))
            if isinstance(value, str):
                pieces.append(value)
    return "\n".join(pieces)


def content_parts(message: Message | Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The content of a message as a list of parts (a string becomes one text part)."""
    data: Mapping[str, Any] = message
    content = data.get("content")
    if content is None:
        return []
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [part for part in content if isinstance(part, Mapping)]


def image_count(message: Message | Mapping[str, Any]) -> int:
    """How many image parts a message carries."""
    return sum(1 for part in content_parts(message) if part.get("type") in IMAGE_PART_TYPES)


def tool_calls_of(message: Message | Mapping[str, Any]) -> list[ToolCall]:
    """The tool calls of an assistant message (an empty list for every other message)."""
    data: Mapping[str, Any] = message
    calls = data.get("tool_calls")
    if not calls:
        return []
    return list(calls)


def tool_call_names(message: Message | Mapping[str, Any]) -> dict[str, str]:
    """Map each tool-call id of an assistant message to the function it names."""
    return {call["id"]: call["function"]["name"] for call in tool_calls_of(message)}


_CHECKPOINT_ROLES = frozenset({"user", "assistant"})


def is_summary(message: Message | Mapping[str, Any]) -> bool:
    """Whether a message is a packlight checkpoint: by packlight's metadata, or, read back
    from its text alone, by its marker and a valid integrity tag (:mod:`packlight.integrity`).

    Text that only starts like a checkpoint (a pasted or planted message) is data. Only a
    user or assistant message can be one: packlight writes checkpoints in those roles, so a
    tool result is data even with a valid tag (output an agent read from a session file)."""
    data: Mapping[str, Any] = message
    meta = data.get(PACKLIGHT_KEY)
    if meta is not None and isinstance(meta, Mapping) and meta.get("kind") == "checkpoint":
        return True
    if data.get("role") not in _CHECKPOINT_ROLES:
        return False
    content = data.get("content")
    if isinstance(content, str):  # the common case, without joining or copying the text
        if not content.startswith(CHECKPOINT_MARKER) and (
            # Only text that opens with whitespace needs stripping to be sure.
            not content[:1].isspace()
            or not content[: len(CHECKPOINT_MARKER) + 64].lstrip().startswith(CHECKPOINT_MARKER)
        ):
            return False
        return has_valid_tag(content)
    text = message_text(data)
    return text.lstrip().startswith(CHECKPOINT_MARKER) and has_valid_tag(text)


def packlight_meta(message: Message | Mapping[str, Any]) -> Mapping[str, Any]:
    """packlight's metadata on a message (empty when there is none)."""
    data: Mapping[str, Any] = message
    meta = data.get(PACKLIGHT_KEY)
    return meta if isinstance(meta, Mapping) else {}


def with_packlight_meta(message: Message, **updates: Any) -> Message:
    """A copy of ``message`` whose ``_packlight`` metadata has ``updates`` merged in."""
    result = dict(as_mapping(message))
    result[PACKLIGHT_KEY] = {**packlight_meta(message), **updates}
    return cast(Message, result)


def _strip_item(item: Any) -> Any:
    if not isinstance(item, Mapping):
        return item
    return {key: value for key, value in item.items() if key != PACKLIGHT_KEY}


def strip_packlight_message(message: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of one message (of any format) with ``_packlight`` removed at every level
    packlight writes it: the message, its content parts and its tool calls."""
    result: dict[str, Any] = _strip_item(message)
    content = result.get("content")
    if isinstance(content, list):
        result["content"] = [_strip_item(part) for part in content]
    calls = result.get("tool_calls")
    if isinstance(calls, list):
        result["tool_calls"] = [_strip_item(call) for call in calls]
    return result


@overload
def strip_packlight(messages: Message) -> Message: ...


@overload
def strip_packlight(messages: Mapping[str, Any]) -> dict[str, Any]: ...


@overload
def strip_packlight(messages: Iterable[Message]) -> Transcript: ...


def strip_packlight(
    messages: Message | Mapping[str, Any] | Iterable[Message],
) -> Message | dict[str, Any] | Transcript:
    """What a provider should see: packlight's metadata removed, nothing else.

    Takes a transcript (returns a new list) or a single message (returns a new message);
    anything else raises :class:`~packlight.errors.TranscriptError` naming what was expected.
    """
    if isinstance(messages, Mapping):
        return cast(Message, strip_packlight_message(messages))
    if isinstance(messages, str | bytes) or not isinstance(messages, Iterable):
        raise TranscriptError(
            f"strip_packlight got a {type(messages).__name__}",
            expected="a message (a mapping such as {'role': ..., 'content': ...}) or a "
            "transcript (a list of them)",
        )
    stripped: Transcript = []
    for index, message in enumerate(messages):
        if not isinstance(message, Mapping):
            raise TranscriptError(
                f"strip_packlight got a {type(message).__name__} in the transcript",
                index=index,
                expected="a message (a mapping such as {'role': ..., 'content': ...})",
            )
        stripped.append(cast(Message, strip_packlight_message(message)))
    return stripped


def copy_transcript(messages: Sequence[Message]) -> Transcript:
    """A deep copy, so that later stages can never reach back into the caller's objects."""
    return copy.deepcopy(list(messages))


_IMMUTABLE: frozenset[type] = frozenset({str, int, float, bool, type(None), bytes})


def copy_tree(value: Any) -> Any:
    """A deep copy of a JSON-shaped value: every ``dict`` and ``list`` is new, strings and
    numbers are shared (they are immutable), a mapping that is not a dict becomes a dict;
    anything else is passed to ``copy.deepcopy``.

    About five times faster than ``copy.deepcopy`` on messages, which are dicts and lists all
    the way down; it does not keep two references to one object as one (JSON has none).
    """
    kind = type(value)
    if kind is dict:
        return {
            key: item if type(item) in _IMMUTABLE else copy_tree(item)
            for key, item in value.items()
        }
    if kind is list:
        return [item if type(item) in _IMMUTABLE else copy_tree(item) for item in value]
    if kind in _IMMUTABLE:
        return value
    if kind is tuple:
        return tuple(copy_tree(item) for item in value)
    if isinstance(value, Mapping) and not isinstance(value, dict):
        return {key: copy_tree(item) for key, item in value.items()}
    return copy.deepcopy(value)


def copy_messages(messages: Iterable[Message]) -> Transcript:
    """New messages, independent of ``messages`` at every level (see :func:`copy_tree`)."""
    return [cast(Message, copy_tree(message)) for message in messages]


@dataclass(frozen=True, slots=True)
class ToolGroup:
    """An assistant message with ``tool_calls`` and the tool results that answer it.

    ``start`` is the index of the assistant message and ``end`` one past the last tool
    message that directly follows it; ``pending`` holds the call ids nothing answered.
    """

    start: int
    end: int
    call_ids: tuple[str, ...]
    pending: tuple[str, ...]

    @property
    def is_complete(self) -> bool:
        return not self.pending


def tool_groups(messages: Sequence[Message | Mapping[str, Any]]) -> list[ToolGroup]:
    """The tool groups of a transcript, in order.

    A group's results are the tool messages that directly follow its assistant message and
    answer one of its calls; a tool message anywhere else is an orphan and belongs to no group.
    """
    groups: list[ToolGroup] = []
    index = 0
    count = len(messages)
    while index < count:
        message: Mapping[str, Any] = messages[index]
        # Most messages are not an assistant's with calls: no list made for them.
        calls = message.get("tool_calls") if message.get("role") == "assistant" else None
        if not calls:
            index += 1
            continue
        call_ids = tuple(call["id"] for call in calls)
        waiting = set(call_ids)
        end = index + 1
        while end < count:
            follower: Mapping[str, Any] = messages[end]
            if follower.get("role") != "tool" or follower.get("tool_call_id") not in waiting:
                break
            waiting.discard(follower["tool_call_id"])
            end += 1
        pending = tuple(call_id for call_id in call_ids if call_id in waiting)
        groups.append(ToolGroup(start=index, end=end, call_ids=call_ids, pending=pending))
        index = end
    return groups


def atomic_spans(messages: Sequence[Message | Mapping[str, Any]]) -> list[tuple[int, int]]:
    """Split a transcript into the smallest runs a boundary may fall between.

    Each tool group is one span; every other message is a span of its own. Cutting only
    between spans is what keeps tool calls and their results together.
    """
    spans: list[tuple[int, int]] = []
    groups = iter(tool_groups(messages))
    group = next(groups, None)
    index = 0
    while index < len(messages):
        if group is not None and group.start == index:
            spans.append((group.start, group.end))
            index = group.end
            group = next(groups, None)
        else:
            spans.append((index, index + 1))
            index += 1
    return spans
