"""OpenAI Responses API input items to and from the canonical shape.

The mapping (both directions):

- system, developer and user messages <-> ``message`` items with the same role; a string
  stays a string, ``text`` parts <-> ``input_text``, ``image_url`` parts <-> ``input_image``
  (``image_url`` and ``detail``). Items without ``type`` (EasyInputMessage) are read the same.
  Other part keys are read but written only where the API accepts them (``annotations`` and
  ``logprobs`` on ``output_text``): it rejects fields it does not know.
- An assistant message <-> a run of items: first any ``reasoning`` items, then at most one
  assistant ``message`` item (a string stays a string, ``output_text`` <-> ``text``), then one
  ``function_call`` item per tool call. A reasoning item is kept whole, ``type`` included, as
  a content part of the assistant message; so is any item type packlight does not know, since
  such items are produced by the model and must be replayed to it unchanged.
- When reading, a run of reasoning, assistant-message and function_call items is one
  assistant message; a new one starts when anything but a function_call follows a
  function_call, or when a second assistant message item appears.
- ``tool`` messages <-> ``function_call_output`` items.
- Message- and item-level keys outside this mapping (``id``, ``status``, ``name``) are not
  carried; Anthropic ``thinking`` parts are dropped on the way out (the API rejects them).

Whatever the mapping cannot express survives as an origin hint under ``_packlight``, exactly
as in :mod:`packlight.formats.anthropic`: reading records the original items of a group when
the mapping would not give them back, ``from_canonical(..., lossless=True)`` records the
original canonical message on the first item it produced, and a hint is used only while it
still matches what it travels with.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, cast

from packlight.errors import TranscriptError
from packlight.formats import openai_chat
from packlight.formats._checks import check_parts
from packlight.formats._exact import identical
from packlight.messages import PACKLIGHT_KEY, Message, Transcript, strip_packlight_message

NAME = "openai_responses"
_CHAT = openai_chat.NAME

Item = dict[str, Any]

_MESSAGE_ROLES = ("system", "developer", "user", "assistant")
# Canonical parts that belong inside an assistant message item; any other part type is an
# item of its own (reasoning and the like).
_MESSAGE_PART_TYPES = frozenset(
    {
        "text",
        "input_text",
        "output_text",
        "refusal",
        "image_url",
        "input_image",
        "input_audio",
        "file",
        "input_file",
    }
)
_ANTHROPIC_ONLY_PARTS = frozenset({"thinking", "redacted_thinking"})


def _without(mapping: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    return {key: value for key, value in mapping.items() if key not in keys}


def _is_message(item: Mapping[str, Any]) -> bool:
    return bool(item.get("type", "message") == "message")


def _is_assistant_side(item: Mapping[str, Any]) -> bool:
    if _is_message(item):
        return item.get("role") == "assistant"
    return item.get("type") != "function_call_output"


# --- content parts --------------------------------------------------------------------------


def _part_in(part: Mapping[str, Any]) -> Item:
    kind = part.get("type")
    if kind in ("input_text", "output_text"):
        return {**part, "type": "text"}
    if kind == "input_image" and isinstance(part.get("image_url"), str):
        image = {"url": part["image_url"]}
        if "detail" in part:
            image["detail"] = part["detail"]
        return {
            "type": "image_url",
            "image_url": image,
            **_without(part, "type", "image_url", "detail"),
        }
    return dict(part)


def _part_out(part: Mapping[str, Any], *, assistant: bool) -> Item:
    # Only keys the API accepts are written: it rejects unknown fields, and other
    # providers' extras (``cache_control``) would make the request fail.
    kind = part.get("type")
    if kind == "text" and isinstance(part.get("text"), str):
        if not assistant:
            return {"type": "input_text", "text": part["text"]}
        extras = {key: part[key] for key in ("annotations", "logprobs") if key in part}
        return {"type": "output_text", "text": part["text"], **extras}
    image = part.get("image_url")
    if kind == "image_url" and isinstance(image, Mapping) and isinstance(image.get("url"), str):
        item: Item = {"type": "input_image", "image_url": image["url"]}
        if "detail" in image:
            item["detail"] = image["detail"]
        return item
    return dict(part)


def _content_in(content: Any) -> Any:
    if isinstance(content, list):
        return [_part_in(part) for part in content]
    return content if isinstance(content, str) else ""


def _content_out(content: Any, *, assistant: bool = False) -> Any:
    if isinstance(content, list):
        return [_part_out(part, assistant=assistant) for part in content]
    return content if isinstance(content, str) else ""


# --- the basic mapping, one group at a time -----------------------------------------------


def _group_end(items: Sequence[Mapping[str, Any]], start: int) -> int:
    first = items[start]
    if not _is_assistant_side(first):
        return start + 1
    seen_message = _is_message(first)
    seen_call = first.get("type") == "function_call"
    end = start + 1
    while end < len(items):
        item = items[end]
        if not _is_assistant_side(item) or _origin(item, _CHAT) is not None:
            break
        is_call = item.get("type") == "function_call"
        if (seen_call and not is_call) or (seen_message and _is_message(item)):
            break
        seen_message = seen_message or _is_message(item)
        seen_call = seen_call or is_call
        end += 1
    return end


def _assistant_in(group: Sequence[Mapping[str, Any]]) -> Item:
    parts: list[Item] = []
    message: Mapping[str, Any] | None = None
    calls: list[Item] = []
    for item in group:
        if item.get("type") == "function_call":
            function = {"name": item["name"], "arguments": item["arguments"]}
            calls.append({"id": item["call_id"], "type": "function", "function": function})
        elif _is_message(item):
            message = item
        else:
            parts.append(dict(item))
    content: Any = parts or None
    if message is not None:
        text = _content_in(message.get("content"))
        if not parts:
            content = text
        else:
            content = parts + (text if isinstance(text, list) else [{"type": "text", "text": text}])
    result: Item = {"role": "assistant", "content": content}
    if calls:
        result["tool_calls"] = calls
    return result


def _read_basic(group: Sequence[Mapping[str, Any]]) -> list[Item]:
    """One group of (already stripped) items as canonical messages, without hints."""
    first = group[0]
    if first.get("type") == "function_call_output":
        return [
            {
                "role": "tool",
                "tool_call_id": first["call_id"],
                "content": _content_in(first.get("output")),
            }
        ]
    if _is_message(first) and first.get("role") != "assistant":
        return [{"role": first["role"], "content": _content_in(first.get("content"))}]
    return [_assistant_in(group)]


def _read_plain(items: Sequence[Mapping[str, Any]]) -> list[Item]:
    messages: list[Item] = []
    index = 0
    while index < len(items):
        end = _group_end(items, index)
        messages.extend(_read_basic(items[index:end]))
        index = end
    return messages


def _assistant_out(message: Mapping[str, Any]) -> list[Item]:
    content = message.get("content")
    calls = message.get("tool_calls") or []
    items: list[Item] = []
    text: Any = None
    if isinstance(content, list):
        message_parts = []
        for part in content:
            kind = part.get("type")
            if kind in _MESSAGE_PART_TYPES:
                message_parts.append(_part_out(part, assistant=True))
            elif kind not in _ANTHROPIC_ONLY_PARTS:
                items.append(dict(part))
        if message_parts or not content:
            text = message_parts
    elif isinstance(content, str):
        text = content
    if text is None and not items and not calls:
        # Every message needs at least one item, or there is nothing to carry its hint.
        text = [] if isinstance(content, list) else ""
    if text is not None:
        items.append({"type": "message", "role": "assistant", "content": text})
    for call in calls:
        function = call.get("function") or {}
        items.append(
            {
                "type": "function_call",
                "call_id": call.get("id"),
                "name": function.get("name"),
                "arguments": function.get("arguments"),
            }
        )
    return items


def _write_basic(message: Mapping[str, Any]) -> list[Item]:
    """One canonical message as Responses items, without hints."""
    clean = strip_packlight_message(message)
    role = clean.get("role")
    if role == "assistant":
        return _assistant_out(clean)
    if role == "tool":
        output = _content_out(clean.get("content"))
        return [
            {"type": "function_call_output", "call_id": clean.get("tool_call_id"), "output": output}
        ]
    return [{"type": "message", "role": role, "content": _content_out(clean.get("content"))}]


# --- origin hints ---------------------------------------------------------------------------


def _origin(item: Mapping[str, Any], fmt: str) -> Mapping[str, Any] | None:
    meta = item.get(PACKLIGHT_KEY)
    origin = meta.get("origin") if isinstance(meta, Mapping) else None
    if isinstance(origin, Mapping) and origin.get("format") == fmt:
        return origin
    return None


def _with_origin(item: Mapping[str, Any], origin: dict[str, Any]) -> Item:
    meta = item.get(PACKLIGHT_KEY)
    return {
        **item,
        PACKLIGHT_KEY: {**(meta if isinstance(meta, Mapping) else {}), "origin": origin},
    }


def _restore_chat(items: Sequence[Mapping[str, Any]], start: int) -> tuple[list[Item], int] | None:
    """The canonical messages a ``lossless`` hint on ``items[start]`` recorded, if still valid."""
    origin = _origin(items[start], _CHAT)
    original = origin.get("messages") if origin is not None else None
    if not isinstance(original, list) or not original:
        return None
    try:
        for index, message in enumerate(original):
            openai_chat.validate_message(index, message)
    except TranscriptError:
        return None
    expected = _write(original, lossless=False)
    current = [strip_packlight_message(item) for item in items[start : start + len(expected)]]
    if current != expected:
        return None
    return copy.deepcopy(original), len(expected)


def _restore_responses(
    transcript: Sequence[Mapping[str, Any]], start: int
) -> tuple[list[Item], int] | None:
    """The Responses items a hint on ``transcript[start]`` recorded, if still valid."""
    origin = _origin(transcript[start], NAME)
    original = origin.get("items") if origin is not None else None
    if not isinstance(original, list) or not original:
        return None
    try:
        # The hint holds one group, so its outputs answer calls outside it.
        _check_items(original, require_answers=False)
    except TranscriptError:
        return None
    expected = _read_plain(original)
    window = transcript[start : start + len(expected)]
    if [strip_packlight_message(message) for message in window] != expected:
        return None
    return [strip_packlight_message(item) for item in copy.deepcopy(original)], len(expected)


def _read(items: Sequence[Mapping[str, Any]]) -> list[Item]:
    """Responses items to canonical, attaching a hint wherever the mapping is not exact."""
    transcript: list[Item] = []
    previous: tuple[list[Item], list[Item]] | None = None
    index = 0
    while index < len(items):
        restored = _restore_chat(items, index)
        if restored is not None:
            transcript.extend(restored[0])
            index += restored[1]
            previous = None
            continue
        end = _group_end(items, index)
        group = [strip_packlight_message(item) for item in items[index:end]]
        messages = _read_basic(group)
        # Checked together with the previous group: two assistant messages whose items
        # would run together when written back need a hint to stay apart.
        window_items = (previous[0] if previous else []) + group
        window = (previous[1] if previous else []) + messages
        if not identical(_write(window, lossless=False), window_items):
            origin = {"format": NAME, "items": copy.deepcopy(group)}
            messages = [_with_origin(messages[0], origin), *messages[1:]]
            previous = None
        else:
            previous = (group, messages)
        transcript.extend(messages)
        index = end
    return transcript


def _write(transcript: Sequence[Mapping[str, Any]], *, lossless: bool) -> list[Item]:
    """Canonical messages to Responses items."""
    items: list[Item] = []
    previous: tuple[list[Item], list[Item]] | None = None
    index = 0
    while index < len(transcript):
        restored = _restore_responses(transcript, index)
        if restored is not None:
            produced, count = restored
        else:
            produced, count = _write_basic(transcript[index]), 1
        group = [dict(message) for message in transcript[index : index + count]]
        if lossless:
            # Judged by what to_canonical will make of the items (its own hints included),
            # together with the previous group since reading can run two groups together.
            window_items = (previous[1] if previous else []) + produced
            window = (previous[0] if previous else []) + group
            if _read(window_items) != window:
                origin = {"format": _CHAT, "messages": copy.deepcopy(group)}
                produced = [_with_origin(produced[0], origin), *produced[1:]]
                previous = None
            else:
                previous = (group, produced)
        items.extend(produced)
        index += count
    return items


# --- public API -----------------------------------------------------------------------------


def to_canonical(items: Any, *, instructions: str | None = None) -> Transcript:
    """Convert Responses API ``input`` items to a canonical transcript.

    ``instructions``, when given, becomes a leading system message; a string ``input`` is
    one user message. Raises :class:`~packlight.errors.TranscriptError` for malformed input;
    never mutates it.
    """
    if isinstance(items, str):
        items = [{"type": "message", "role": "user", "content": items}]
    validate(items)
    if instructions is not None and not isinstance(instructions, str):
        raise TranscriptError(
            f"instructions is {type(instructions).__name__}",
            field="instructions",
            expected="a string",
        )
    leading: list[Item] = (
        [] if instructions is None else [{"role": "system", "content": instructions}]
    )
    return cast(Transcript, leading + _read(copy.deepcopy(list(items))))


def from_canonical(
    transcript: Sequence[Message], *, lossless: bool = False
) -> list[dict[str, Any]]:
    """Convert a canonical transcript to a list of Responses input items.

    With ``lossless=False`` the items are ready to send: they hold no ``_packlight`` keys.
    With ``lossless=True`` whatever the Responses API cannot express is kept in ``_packlight``
    hints so that :func:`to_canonical` gives back exactly ``transcript``. Raises
    :class:`~packlight.errors.TranscriptError` for a malformed message.
    """
    for index, message in enumerate(transcript):
        openai_chat.validate_message(index, message)
    return _write(cast(list[Item], copy.deepcopy(list(transcript))), lossless=lossless)


# --- validation -----------------------------------------------------------------------------


def _check_parts(index: int, parts: Any, field: str) -> None:
    if isinstance(parts, str):
        return
    check_parts(
        index,
        parts,
        field,
        noun="part",
        text_types=frozenset({"input_text", "output_text"}),
        type_examples="'input_text' or 'input_image'",
    )


def _check_call(index: int, item: Mapping[str, Any], pending: dict[str, bool]) -> None:
    if not isinstance(item.get("call_id"), str) or not item["call_id"]:
        raise TranscriptError(
            "function_call has no call_id", index=index, field="call_id", expected="a string"
        )
    if pending.get(item["call_id"]):
        raise TranscriptError(
            f"call_id {item['call_id']!r} is used again before its function_call_output",
            index=index,
            field="call_id",
            expected="a call_id that no unanswered function_call has",
        )
    for key, expected in (("name", "a string"), ("arguments", "a JSON text (string)")):
        if not isinstance(item.get(key), str):
            raise TranscriptError(
                f"function_call {key} is {type(item.get(key)).__name__}",
                index=index,
                field=key,
                expected=expected,
            )
    pending[item["call_id"]] = True


def _check_output(index: int, item: Mapping[str, Any], pending: dict[str, bool] | None) -> None:
    if not isinstance(item.get("call_id"), str):
        raise TranscriptError(
            "function_call_output has no call_id",
            index=index,
            field="call_id",
            expected="the call_id of an earlier function_call",
        )
    if pending is not None and item["call_id"] not in pending:
        raise TranscriptError(
            f"function_call_output answers {item['call_id']!r}, which no function_call made",
            index=index,
            field="call_id",
            expected="the call_id of an earlier function_call",
        )
    _check_parts(index, item.get("output"), "output")


def _check_message(index: int, item: Mapping[str, Any]) -> None:
    role = item.get("role")
    if role not in _MESSAGE_ROLES:
        raise TranscriptError(
            "missing role" if role is None else f"unknown role {role!r}",
            index=index,
            field="role",
            expected=" | ".join(_MESSAGE_ROLES),
        )
    _check_parts(index, item.get("content"), "content")


def validate(items: Any) -> None:
    """Raise :class:`~packlight.errors.TranscriptError` unless ``items`` is well-formed input.

    Checks item types, message roles and content, ``function_call`` fields, and that every
    ``function_call_output`` answers an earlier ``function_call``. Unknown item types are
    allowed. A string (the API's shorthand for one user message) is valid.
    """
    if isinstance(items, str):
        return
    _check_items(items, require_answers=True)


def _check_items(items: Any, *, require_answers: bool) -> None:
    if not isinstance(items, list):
        raise TranscriptError(f"input is {type(items).__name__}", expected="a list of input items")
    # call_id -> whether it still waits for its output (answered ids may be reused).
    pending: dict[str, bool] = {}
    for index, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise TranscriptError(
                f"item is {type(item).__name__}", index=index, expected="an object with a 'type'"
            )
        kind = item.get("type")
        if kind is None and "role" not in item:
            raise TranscriptError(
                "item has neither type nor role",
                index=index,
                field="type",
                expected="'message', 'function_call', 'function_call_output' or 'reasoning'",
            )
        if kind is not None and not isinstance(kind, str):
            raise TranscriptError(
                f"type is {type(kind).__name__}", index=index, field="type", expected="a string"
            )
        if kind in (None, "message"):
            _check_message(index, item)
        elif kind == "function_call":
            _check_call(index, item, pending)
        elif kind == "function_call_output":
            _check_output(index, item, pending if require_answers else None)
            pending[item["call_id"]] = False
