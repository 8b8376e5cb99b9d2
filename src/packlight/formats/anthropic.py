"""Anthropic Messages API conversations to and from the canonical shape.

The mapping (both directions):

- Leading system and developer messages <-> the ``system`` parameter: a single message keeps
  its content shape (string or list of text blocks); several become one list of text blocks.
  A system or developer message later in the transcript becomes a user message holding text
  blocks, since Anthropic has no other place for it.
- user: a string stays a string, a list of parts becomes a list of blocks. ``text`` parts and
  blocks are the same dict; an ``image_url`` part with a ``data:`` URL <-> an ``image`` block
  with a base64 ``source``, any other URL <-> a ``url`` source. ``cache_control`` (and
  ``citations`` on text) is carried across; other part keys are read but not written, since
  the API rejects fields it does not know.
- assistant: the non-tool blocks (text, thinking, redacted_thinking, anything unknown) become
  ``content`` and the ``tool_use`` blocks become ``tool_calls`` (``input`` <-> ``arguments`` as
  JSON text). With tool calls, no other block means ``content`` None and one plain text block
  means a string, which is how Chat Completions writes those turns. Responses ``reasoning``
  parts are not written.
- Each run of consecutive ``tool`` messages <-> one user message of ``tool_result`` blocks;
  ``is_error`` and ``cache_control`` on a block become keys of the tool message and back.
- Message-level keys beyond ``role`` and ``content`` are not carried either way.

What the mapping cannot express survives as an origin hint under ``_packlight``. Reading
Anthropic input, a canonical message gets ``{"origin": {"format": "anthropic", "items":
[...]}}`` when writing it back would not reproduce the original message; writing with
``lossless=True``, the first Anthropic message of a group gets ``{"origin": {"format":
"openai_chat", "messages": [...]}}`` when reading it back would not reproduce the canonical
messages (for the ``system`` parameter, the hint sits on the conversation dict; reading a
``system`` parameter the mapping would not give back, the hint ``{"origin": {"format":
"anthropic", "system": ...}}`` sits on the canonical system message). A hint is
used only while the message it travels with still converts to what the hint recorded, so
edits made by packlight since win over it.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, Required, TypedDict, cast

from packlight.errors import TranscriptError
from packlight.formats import openai_chat
from packlight.formats._checks import check_parts
from packlight.formats._exact import identical
from packlight.messages import (
    INSTRUCTION_ROLES,
    PACKLIGHT_KEY,
    Message,
    Transcript,
    strip_packlight_message,
)

NAME = "anthropic"
_CHAT = openai_chat.NAME

Item = dict[str, Any]


class AnthropicConversation(TypedDict, total=False):
    """The parts of a Messages API request that hold the conversation."""

    system: NotRequired[str | list[dict[str, Any]]]
    messages: Required[list[dict[str, Any]]]


# --- content parts and blocks -------------------------------------------------------------


def _without(mapping: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    return {key: value for key, value in mapping.items() if key not in keys}


def _only(mapping: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    # Writing keeps only the keys Anthropic accepts: the API rejects unknown fields, and
    # other providers' extras (``annotations``, ``index``) would make the request fail.
    return {key: mapping[key] for key in keys if key in mapping}


def _image_source(url: str) -> dict[str, Any]:
    if url.startswith("data:") and ";base64," in url:
        media_type, data = url[len("data:") :].split(";base64,", 1)
        return {"type": "base64", "media_type": media_type, "data": data}
    return {"type": "url", "url": url}


def _source_url(source: Any) -> str | None:
    if not isinstance(source, Mapping):
        return None
    if source.get("type") == "base64":
        media_type, data = source.get("media_type"), source.get("data")
        if isinstance(media_type, str) and isinstance(data, str):
            return f"data:{media_type};base64,{data}"
    if source.get("type") == "url" and isinstance(source.get("url"), str):
        return cast(str, source["url"])
    return None


def _part_to_block(part: Mapping[str, Any]) -> Item:
    if part.get("type") == "text" and isinstance(part.get("text"), str):
        return {"type": "text", "text": part["text"], **_only(part, "cache_control", "citations")}
    image = part.get("image_url")
    if part.get("type") == "image_url" and isinstance(image, Mapping):
        url = image.get("url")
        if isinstance(url, str):
            return {"type": "image", "source": _image_source(url), **_only(part, "cache_control")}
    return dict(part)


def _block_to_part(block: Mapping[str, Any]) -> Item:
    if block.get("type") == "image":
        url = _source_url(block.get("source"))
        if url is not None:
            return {
                "type": "image_url",
                "image_url": {"url": url},
                **_without(block, "type", "source"),
            }
    return dict(block)


def _blocks(content: Any) -> str | list[Item]:
    if isinstance(content, list):
        return [_part_to_block(part) for part in content]
    return content if isinstance(content, str) else ""


def _parts(content: Any) -> str | list[Item]:
    if isinstance(content, list):
        return [_block_to_part(block) for block in content]
    return content if isinstance(content, str) else ""


def _text_blocks(content: Any) -> list[Item]:
    if isinstance(content, list):
        return [_part_to_block(part) for part in content]
    return [{"type": "text", "text": content if isinstance(content, str) else ""}]


# --- tool calls ---------------------------------------------------------------------------


def _dump_arguments(arguments: Any) -> str:
    # Default separators reproduce what OpenAI models emit (``{"command": "ls -R"}``), and
    # they write non-ASCII characters as they are rather than as \u escapes.
    return json.dumps(arguments, ensure_ascii=False)


def _load_arguments(arguments: Any) -> dict[str, Any]:
    if not isinstance(arguments, str) or not arguments.strip():
        return {}
    try:
        value = json.loads(arguments)
    except (ValueError, RecursionError):
        value = None
    # Anthropic insists on an object; anything else is wrapped (the hint keeps the original).
    return value if isinstance(value, dict) else {"arguments": arguments}


def _tool_use_to_call(block: Mapping[str, Any]) -> Item:
    return {
        "id": block["id"],
        "type": "function",
        "function": {"name": block["name"], "arguments": _dump_arguments(block["input"])},
        **_without(block, "type", "id", "name", "input"),
    }


def _call_to_tool_use(call: Mapping[str, Any]) -> Item:
    function = call.get("function")
    function = function if isinstance(function, Mapping) else {}
    return {
        "type": "tool_use",
        "id": call.get("id"),
        "name": function.get("name"),
        "input": _load_arguments(function.get("arguments")),
        **_only(call, "cache_control"),
    }


# --- the basic mapping, one group at a time -----------------------------------------------


def _assistant_to_canonical(content: Any) -> Item:
    message: Item = {"role": "assistant"}
    if isinstance(content, str):
        message["content"] = content
        return message
    blocks = content if isinstance(content, list) else []
    uses = [block for block in blocks if block.get("type") == "tool_use"]
    others = [block for block in blocks if block.get("type") != "tool_use"]
    if not uses:
        message["content"] = [_block_to_part(block) for block in others]
        return message
    if not others:
        message["content"] = None
    elif (
        len(others) == 1
        and others[0].get("type") == "text"
        and others[0].keys() == {"type", "text"}
    ):
        message["content"] = others[0]["text"]
    else:
        message["content"] = [_block_to_part(block) for block in others]
    message["tool_calls"] = [_tool_use_to_call(block) for block in uses]
    return message


def _user_to_canonical(content: Any) -> list[Item]:
    if not isinstance(content, list):
        return [{"role": "user", "content": content}]
    results: list[Item] = []
    rest: list[Item] = []
    for block in content:
        if block.get("type") != "tool_result":
            rest.append(_block_to_part(block))
            continue
        tool_content = block.get("content", "")
        results.append(
            {
                "role": "tool",
                "tool_call_id": block["tool_use_id"],
                "content": _parts(tool_content) if tool_content is not None else "",
                **_without(block, "type", "tool_use_id", "content"),
            }
        )
    if rest or not results:
        results.append({"role": "user", "content": rest})
    return results


def _read_basic(message: Mapping[str, Any]) -> list[Item]:
    """One Anthropic message as canonical messages, without hints."""
    clean = strip_packlight_message(message)
    if clean.get("role") == "assistant":
        return [_assistant_to_canonical(clean.get("content"))]
    return _user_to_canonical(clean.get("content"))


def _write_basic(group: Sequence[Mapping[str, Any]]) -> list[Item]:
    """One group of canonical messages as one Anthropic message, without hints."""
    messages = [strip_packlight_message(message) for message in group]
    first = messages[0]
    role = first.get("role")
    if role == "tool":
        results = []
        for message in messages:
            content = message.get("content")
            results.append(
                {
                    "type": "tool_result",
                    "tool_use_id": message.get("tool_call_id"),
                    "content": _blocks(content),
                    **_only(message, "is_error", "cache_control"),
                }
            )
        return [{"role": "user", "content": results}]
    content = first.get("content")
    if role in INSTRUCTION_ROLES:
        return [{"role": "user", "content": _text_blocks(content)}]
    if role != "assistant":
        return [{"role": "user", "content": _blocks(content)}]
    calls = first.get("tool_calls") or []
    if not calls:
        return [
            {
                "role": "assistant",
                "content": _assistant_blocks(content) if content is not None else [],
            }
        ]
    blocks: list[Item] = []
    if isinstance(content, list):
        blocks = _assistant_blocks(content)
    elif isinstance(content, str) and content:
        blocks = [{"type": "text", "text": content}]
    blocks.extend(_call_to_tool_use(call) for call in calls)
    return [{"role": "assistant", "content": blocks}]


def _assistant_blocks(content: Any) -> Any:
    if not isinstance(content, list):
        return content
    # A Responses reasoning item means nothing to Anthropic, which would reject the block.
    return [_part_to_block(part) for part in content if part.get("type") != "reasoning"]


def _canonical_group_end(transcript: Sequence[Mapping[str, Any]], start: int) -> int:
    end = start + 1
    if transcript[start].get("role") != "tool":
        return end
    while (
        end < len(transcript)
        and transcript[end].get("role") == "tool"
        and _origin(transcript[end], NAME) is None
    ):
        end += 1
    return end


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


def _hinted_messages(origin: Mapping[str, Any] | None) -> list[Message] | None:
    messages = origin.get("messages") if origin is not None else None
    if not isinstance(messages, list) or not messages:
        return None
    try:
        for index, message in enumerate(messages):
            openai_chat.validate_message(index, message)
    except TranscriptError:
        return None
    return cast(list[Message], messages)


def _restore_chat(items: Sequence[Mapping[str, Any]], start: int) -> tuple[list[Item], int] | None:
    """The canonical messages a ``lossless`` hint on ``items[start]`` recorded, if still valid."""
    original = _hinted_messages(_origin(items[start], _CHAT))
    if original is None:
        return None
    expected = _write(original, lossless=False)
    current = [strip_packlight_message(item) for item in items[start : start + len(expected)]]
    if current != expected:
        return None
    return copy.deepcopy(cast(list[Item], original)), len(expected)


def _restore_anthropic(
    transcript: Sequence[Mapping[str, Any]], start: int
) -> tuple[list[Item], int] | None:
    """The Anthropic messages a hint on ``transcript[start]`` recorded, if still valid."""
    origin = _origin(transcript[start], NAME)
    original = origin.get("items") if origin is not None else None
    if not isinstance(original, list) or not original:
        return None
    try:
        # The hint holds one group, so its tool_result blocks answer calls outside it.
        _check_messages(original, require_answers=False)
    except TranscriptError:
        return None
    expected = [message for item in original for message in _read_basic(item)]
    window = transcript[start : start + len(expected)]
    if [strip_packlight_message(message) for message in window] != expected:
        return None
    return [strip_packlight_message(item) for item in copy.deepcopy(original)], len(expected)


def _read(items: Sequence[Mapping[str, Any]]) -> list[Item]:
    """Anthropic messages to canonical, attaching a hint wherever the mapping is not exact."""
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
        group = [strip_packlight_message(items[index])]
        messages = _read_basic(group[0])
        # Checked together with the previous group because a run of tool messages that
        # spans two Anthropic messages would be written back as one.
        window_items = (previous[0] if previous else []) + group
        window = (previous[1] if previous else []) + messages
        if not identical(_write(window, lossless=False), window_items):
            origin = {"format": NAME, "items": copy.deepcopy(group)}
            messages = [_with_origin(messages[0], origin), *messages[1:]]
            previous = None
        else:
            previous = (group, messages)
        transcript.extend(messages)
        index += 1
    return transcript


def _write(transcript: Sequence[Mapping[str, Any]], *, lossless: bool) -> list[Item]:
    """Canonical messages (no leading system run) to Anthropic messages."""
    items: list[Item] = []
    previous: tuple[list[Item], list[Item]] | None = None
    index = 0
    while index < len(transcript):
        restored = _restore_anthropic(transcript, index)
        if restored is not None:
            produced, count = restored
        else:
            count = _canonical_group_end(transcript, index) - index
            produced = _write_basic(transcript[index : index + count])
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


# --- the system parameter -------------------------------------------------------------------


def _write_system(messages: Sequence[Mapping[str, Any]]) -> str | list[Item]:
    restored = _restore_system(messages)
    if restored is not None:
        return restored
    if len(messages) == 1:
        return _blocks(strip_packlight_message(messages[0]).get("content"))
    blocks: list[Item] = []
    for message in messages:
        blocks.extend(_text_blocks(strip_packlight_message(message).get("content")))
    return blocks


def _restore_system(messages: Sequence[Mapping[str, Any]]) -> str | list[Item] | None:
    """The ``system`` parameter a hint on the one system message recorded, if still valid."""
    origin = _origin(messages[0], NAME) if len(messages) == 1 else None
    system = origin.get("system") if origin is not None else None
    if not isinstance(system, str | list):
        return None
    try:
        if isinstance(system, list):
            _check_blocks(None, system, "system")
    except TranscriptError:
        return None
    if strip_packlight_message(messages[0]) != {"role": "system", "content": _parts(system)}:
        return None
    return copy.deepcopy(system)


def _read_system(system: Any, hint: Any) -> list[Item]:
    if system is None:
        return []
    original = _hinted_messages(hint.get("origin") if isinstance(hint, Mapping) else None)
    if original is not None and _write_system(original) == system:
        return copy.deepcopy(cast(list[Item], original))
    message: Item = {"role": "system", "content": _parts(system)}
    if not identical(_write_system([message]), system):
        # Block keys the mapping does not write (or writes in another order) come back
        # from the hint while the message is unchanged.
        message = _with_origin(message, {"format": NAME, "system": copy.deepcopy(system)})
    return [message]


# --- public API -----------------------------------------------------------------------------


def _split_conversation(messages: Any, system: Any) -> tuple[Any, Any, Any]:
    if isinstance(messages, Mapping) and "messages" in messages:
        conversation = messages
        if system is None:
            system = conversation.get("system")
        return conversation["messages"], system, conversation.get(PACKLIGHT_KEY)
    return messages, system, None


def to_canonical(messages: Any, *, system: Any = None) -> Transcript:
    """Convert Anthropic Messages API ``messages`` (and the ``system`` parameter) to canonical.

    ``messages`` may also be a whole request body or an :class:`AnthropicConversation`
    (``{"system": ..., "messages": [...]}``); that is the form that carries the hint
    ``from_canonical(..., lossless=True)`` puts on the system parameter.
    Raises :class:`~packlight.errors.TranscriptError` for malformed input; never mutates it.
    """
    messages, system, hint = _split_conversation(messages, system)
    validate(messages, system=system)
    items = copy.deepcopy(list(messages))
    return cast(Transcript, _read_system(copy.deepcopy(system), hint) + _read(items))


def from_canonical(
    transcript: Sequence[Message], *, lossless: bool = False
) -> AnthropicConversation:
    """Convert a canonical transcript to an Anthropic conversation.

    With ``lossless=False`` the result is ready to send: it holds no ``_packlight`` keys. With
    ``lossless=True`` whatever Anthropic cannot express is kept in ``_packlight`` hints so that
    :func:`to_canonical` gives back exactly ``transcript``. Raises
    :class:`~packlight.errors.TranscriptError` for a malformed message.
    """
    for index, message in enumerate(transcript):
        openai_chat.validate_message(index, message)
    messages = cast(list[Item], copy.deepcopy(list(transcript)))
    leading = 0
    while leading < len(messages) and messages[leading].get("role") in INSTRUCTION_ROLES:
        leading += 1
    conversation: dict[str, Any] = {}
    if leading:
        conversation["system"] = _write_system(messages[:leading])
        if lossless and _read_system(conversation["system"], None) != messages[:leading]:
            origin = {"format": _CHAT, "messages": copy.deepcopy(messages[:leading])}
            conversation[PACKLIGHT_KEY] = {"origin": origin}
    conversation["messages"] = _write(messages[leading:], lossless=lossless)
    return cast(AnthropicConversation, conversation)


# --- validation -----------------------------------------------------------------------------


def _check_blocks(index: int | None, blocks: Any, field: str) -> list[Mapping[str, Any]]:
    return check_parts(
        index,
        blocks,
        field,
        noun="block",
        text_types=frozenset({"text"}),
        type_examples="'text', 'image' or 'tool_use'",
    )


def _check_tool_use(index: int, block: Mapping[str, Any], where: str, in_message: set[str]) -> None:
    if not isinstance(block.get("id"), str) or not block["id"]:
        raise TranscriptError(
            "tool_use block has no id", index=index, field=f"{where}.id", expected="a string"
        )
    if block["id"] in in_message:
        raise TranscriptError(
            f"tool_use id {block['id']!r} is used twice in one message",
            index=index,
            field=f"{where}.id",
            expected="ids unique within a message",
        )
    if not isinstance(block.get("name"), str):
        raise TranscriptError(
            "tool_use block has no name", index=index, field=f"{where}.name", expected="a string"
        )
    if not isinstance(block.get("input"), Mapping):
        raise TranscriptError(
            f"tool_use input is {type(block.get('input')).__name__}",
            index=index,
            field=f"{where}.input",
            expected="an object",
        )
    in_message.add(block["id"])


def _check_tool_result(
    index: int, block: Mapping[str, Any], where: str, called: set[str] | None
) -> None:
    if not isinstance(block.get("tool_use_id"), str):
        raise TranscriptError(
            "tool_result block has no tool_use_id",
            index=index,
            field=f"{where}.tool_use_id",
            expected="the id of an earlier tool_use block",
        )
    if called is not None and block["tool_use_id"] not in called:
        raise TranscriptError(
            f"tool_result answers {block['tool_use_id']!r}, which no earlier tool_use called",
            index=index,
            field=f"{where}.tool_use_id",
            expected="the id of an earlier tool_use block",
        )
    content = block.get("content")
    if content is not None and not isinstance(content, str):
        _check_blocks(index, content, f"{where}.content")


def validate(messages: Any, *, system: Any = None) -> None:
    """Raise :class:`~packlight.errors.TranscriptError` unless the conversation is well formed.

    Checks roles, content types, block types, ``tool_use`` fields, and that every
    ``tool_result`` answers an earlier ``tool_use``. Unknown block types are allowed.
    ``messages`` may be a conversation dict, as for :func:`to_canonical`.
    """
    messages, system, _ = _split_conversation(messages, system)
    if system is not None and not isinstance(system, str):
        _check_blocks(None, system, "system")
    _check_messages(messages, require_answers=True)


def _check_messages(messages: Any, *, require_answers: bool) -> None:
    if not isinstance(messages, list):
        raise TranscriptError(
            f"messages is {type(messages).__name__}", expected="a list of messages"
        )
    # Ids need only be unique within a message, as in openai_chat.validate: the API refuses
    # any reuse, but real transcripts (tau-bench) reuse answered ids and reading them is fine.
    called: set[str] = set()
    for index, message in enumerate(messages):
        if not isinstance(message, Mapping):
            raise TranscriptError(
                f"message is {type(message).__name__}",
                index=index,
                expected="an object with 'role' and 'content'",
            )
        role = message.get("role")
        if role not in ("user", "assistant"):
            problem = "missing role" if role is None else f"unknown role {role!r}"
            raise TranscriptError(problem, index=index, field="role", expected="user | assistant")
        content = message.get("content")
        if isinstance(content, str):
            continue
        in_message: set[str] = set()
        for position, block in enumerate(_check_blocks(index, content, "content")):
            where = f"content[{position}]"
            kind = block["type"]
            if kind in ("tool_use", "tool_result") and (kind == "tool_use") != (
                role == "assistant"
            ):
                raise TranscriptError(
                    f"{kind} block in a {role} message",
                    index=index,
                    field=f"{where}.type",
                    expected="tool_use in assistant messages, tool_result in user messages",
                )
            if kind == "tool_use":
                _check_tool_use(index, block, where, in_message)
            elif kind == "tool_result":
                _check_tool_result(index, block, where, called if require_answers else None)
        called |= in_message
