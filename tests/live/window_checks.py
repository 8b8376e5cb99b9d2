"""What the window server rejects, and the error bodies it rejects it with.

Each check mirrors a rejection a real provider makes, with the provider's own wording, so that
a test or a benchmark counts the errors that would reach a caller: the request's shape first
(:func:`check_shape`: roles, tool-call pairing, packlight's ``_packlight`` metadata left in,
Anthropic's ``max_tokens``, cache breakpoints and empty text), then the context window
(:func:`check_window`). :func:`error_body` dresses a :class:`Rejection` as OpenAI or Anthropic
would.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Literal

from tests.live.window_tokens import (
    CALL_ITEMS,
    OUTPUT_ITEMS,
    Api,
    anthropic_blocks,
    as_dict,
    as_list,
    has_cache_control,
    responses_items,
)

Outcome = Literal["ok", "overflow", "invalid"]

RESERVED_KEY = "_packlight"
"""packlight's own metadata: it must be stripped before a request leaves the process."""
MAX_CACHE_BREAKPOINTS = 4
CHAT_ROLES = ("system", "developer", "user", "assistant", "tool")
RESPONSES_ROLES = ("user", "assistant", "system", "developer")
GENERIC_OVERFLOW = (
    "Your input exceeds the context window of this model. Please adjust your input and try again."
)


@dataclass(frozen=True)
class Rejection:
    """Why a request is refused: a 400 with ``message`` (and, for OpenAI, ``param``/``code``)."""

    message: str
    outcome: Outcome = "invalid"
    param: str | None = "messages"
    code: str | None = None


def _find_reserved(value: Any, path: tuple[str | int, ...] = ()) -> tuple[str | int, ...] | None:
    """Where ``_packlight`` first occurs as a key in ``value``, or ``None``."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == RESERVED_KEY:
                return (*path, key)
            found = _find_reserved(item, (*path, key))
            if found:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = _find_reserved(item, (*path, i))
            if found:
                return found
    return None


def _bracket_path(path: tuple[str | int, ...]) -> str:
    """``input[3].content[0]._packlight``, as OpenAI names a parameter."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else part
    return text


def _json_kind(value: Any) -> str:
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if value is None:
        return "null"
    if isinstance(value, bool | int | float):
        return "a number" if not isinstance(value, bool) else "a boolean"
    return "an object"


def _chat_call_ids(message: dict[str, Any]) -> list[str]:
    return [str(as_dict(call).get("id")) for call in as_list(message.get("tool_calls"))]


def _check_chat(body: dict[str, Any], tool_pairing: bool) -> Rejection | None:
    found = _find_reserved(body)
    if found and len(found) == 1:
        return Rejection(f"Unrecognized request argument supplied: {RESERVED_KEY}", param=None)
    if found:
        where = ".".join(str(part) for part in found[:-1])
        return Rejection(
            f"Additional properties are not allowed ('{RESERVED_KEY}' was unexpected) - '{where}'"
        )
    messages = body.get("messages")
    if messages is None:
        return Rejection("Missing required parameter: 'messages'.")
    if not isinstance(messages, list):
        return Rejection(
            f"Invalid type for 'messages': expected an array, but got {_json_kind(messages)} "
            "instead."
        )
    if not messages:
        return Rejection(
            "Invalid 'messages': empty array. Expected an array with minimum length 1, but got "
            "an empty array instead."
        )
    for i, message in enumerate(messages):
        if not isinstance(message, dict):
            return Rejection(
                f"Invalid type for 'messages[{i}]': expected an object, but got "
                f"{_json_kind(message)} instead."
            )
        role = message.get("role")
        if role not in CHAT_ROLES:
            return Rejection(
                f"Invalid value: '{role}'. Supported values are: 'system', 'developer', 'user', "
                "'assistant', and 'tool'."
            )
    return _check_chat_pairing(messages) if tool_pairing else None


def _check_chat_pairing(messages: list[dict[str, Any]]) -> Rejection | None:
    for i, message in enumerate(messages):
        if message["role"] == "tool":
            j = i - 1
            while j >= 0 and messages[j]["role"] == "tool":
                j -= 1
            preceding = messages[j] if j >= 0 else {}
            calls = _chat_call_ids(preceding) if preceding.get("role") == "assistant" else []
            if message.get("tool_call_id") not in calls:
                return Rejection(
                    "Invalid parameter: messages with role 'tool' must be a response to a "
                    "preceeding message with 'tool_calls'."
                )
        elif message["role"] == "assistant" and (calls := _chat_call_ids(message)):
            answered = set()
            for following in itertools.takewhile(lambda m: m["role"] == "tool", messages[i + 1 :]):
                answered.add(following.get("tool_call_id"))
            missing = [call for call in calls if call not in answered]
            if missing:
                return Rejection(
                    "An assistant message with 'tool_calls' must be followed by tool messages "
                    "responding to each 'tool_call_id'. The following tool_call_ids did not "
                    f"have response messages: {', '.join(missing)}"
                )
    return None


def _anthropic_cache_breakpoints(body: dict[str, Any]) -> int:
    blocks = [*as_list(body.get("tools")), *anthropic_blocks(body.get("system"))]
    for message in as_list(body.get("messages")):
        for block in anthropic_blocks(as_dict(message).get("content")):
            blocks.append(block)
            if as_dict(block).get("type") == "tool_result":
                blocks.extend(anthropic_blocks(as_dict(block).get("content")))
    return sum(1 for block in blocks if has_cache_control(block))


def _has_empty_text(blocks: list[Any]) -> bool:
    for block in blocks:
        kind = as_dict(block).get("type")
        if kind == "text" and not as_dict(block).get("text"):
            return True
        if kind == "tool_result" and _has_empty_text(as_list(as_dict(block).get("content"))):
            return True
    return False


def _tool_use_ids(message: dict[str, Any]) -> list[str]:
    return [
        str(as_dict(block).get("id"))
        for block in anthropic_blocks(message.get("content"))
        if as_dict(block).get("type") == "tool_use"
    ]


def _check_anthropic(body: dict[str, Any], tool_pairing: bool) -> Rejection | None:
    found = _find_reserved(body)
    if found:
        return Rejection(f"{'.'.join(str(p) for p in found)}: Extra inputs are not permitted")
    if body.get("max_tokens") is None:
        return Rejection("max_tokens: Field required")
    messages = body.get("messages")
    if messages is None:
        return Rejection("messages: Field required")
    if not isinstance(messages, list):
        return Rejection("messages: Input should be a valid list")
    if not messages:
        return Rejection("messages: at least one message is required")
    last = len(messages) - 1
    for i, message in enumerate(messages):
        if not isinstance(message, dict):
            return Rejection(f"messages.{i}: Input should be a valid dictionary")
        role = message.get("role")
        if role == "system":
            return Rejection(
                'messages: Unexpected role "system". The Messages API accepts a top-level '
                '`system` parameter, not "system" as an input message role.'
            )
        if role not in ("user", "assistant"):
            return Rejection(f"messages.{i}.role: Input should be 'user' or 'assistant'")
        if "content" not in message:
            return Rejection(f"messages.{i}.content: Field required")
        if message["content"] in ("", []) and not (i == last and role == "assistant"):
            return Rejection(
                f"messages.{i}: all messages must have non-empty content except for the "
                "optional final assistant message"
            )
    if messages[0]["role"] != "user":
        return Rejection('messages: first message must use the "user" role')
    if _has_empty_text(anthropic_blocks(body.get("system"))):
        return Rejection("system: text content blocks must be non-empty")
    if any(_has_empty_text(anthropic_blocks(m["content"])) for m in messages):
        return Rejection("messages: text content blocks must be non-empty")
    breakpoints = _anthropic_cache_breakpoints(body)
    if breakpoints > MAX_CACHE_BREAKPOINTS:
        return Rejection(
            f"A maximum of {MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. "
            f"Found {breakpoints}."
        )
    return _check_anthropic_pairing(messages) if tool_pairing else None


def _check_anthropic_pairing(messages: list[dict[str, Any]]) -> Rejection | None:
    for i, message in enumerate(messages):
        blocks = anthropic_blocks(message["content"])
        if message["role"] == "user":
            previous = messages[i - 1] if i > 0 else {}
            uses = _tool_use_ids(previous) if previous.get("role") == "assistant" else []
            for j, block in enumerate(blocks):
                result_id = as_dict(block).get("tool_use_id")
                if as_dict(block).get("type") == "tool_result" and result_id not in uses:
                    return Rejection(
                        f"messages.{i}.content.{j}: unexpected `tool_use_id` found in "
                        f"`tool_result` blocks: {result_id}. Each `tool_result` block must have "
                        "a corresponding `tool_use` block in the previous message."
                    )
        elif uses := _tool_use_ids(message):
            following = messages[i + 1] if i < len(messages) - 1 else {}
            answered = {
                as_dict(block).get("tool_use_id")
                for block in anthropic_blocks(following.get("content"))
                if following.get("role") == "user" and as_dict(block).get("type") == "tool_result"
            }
            missing = [use for use in uses if use not in answered]
            if missing:
                return Rejection(
                    f"messages.{i}: `tool_use` ids were found without `tool_result` blocks "
                    f"immediately after: {', '.join(missing)}. Each `tool_use` block must have "
                    "a corresponding `tool_result` block in the next message."
                )
    return None


def _check_responses(body: dict[str, Any], tool_pairing: bool) -> Rejection | None:
    found = _find_reserved(body)
    if found:
        where = _bracket_path(found)
        return Rejection(f"Unknown parameter: '{where}'.", param=where, code="unknown_parameter")
    items = responses_items(body)
    for i, item in enumerate(items):
        role = as_dict(item).get("role")
        if role is not None and role not in RESPONSES_ROLES:
            return Rejection(
                f"Invalid value: '{role}'. Supported values are: 'assistant', 'system', "
                "'developer', and 'user'.",
                param=f"input[{i}].role",
                code="invalid_value",
            )
    if not tool_pairing:
        return None
    calls: list[str] = []
    outputs: set[str] = set()
    for item in items:
        kind, call_id = as_dict(item).get("type"), str(as_dict(item).get("call_id"))
        if kind in CALL_ITEMS:
            calls.append(call_id)
        elif kind in OUTPUT_ITEMS:
            if call_id not in calls:
                return Rejection(
                    f"No tool call found for function call output with call_id {call_id}.",
                    param="input",
                )
            outputs.add(call_id)
    for call_id in calls:
        if call_id not in outputs:
            return Rejection(f"No tool output found for function call {call_id}.", param="input")
    return None


def check_shape(api: Api, body: dict[str, Any], tool_pairing: bool) -> Rejection | None:
    if api == "openai_chat":
        return _check_chat(body, tool_pairing)
    if api == "anthropic":
        return _check_anthropic(body, tool_pairing)
    return _check_responses(body, tool_pairing)


def completion_budget(api: Api, body: dict[str, Any]) -> int | None:
    names = {
        "openai_chat": ("max_completion_tokens", "max_tokens"),
        "anthropic": ("max_tokens",),
        "openai_responses": ("max_output_tokens",),
    }[api]
    for name in names:
        value = body.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def check_window(
    api: Api, prompt: int, completion: int | None, window: int, state_limit: bool
) -> Rejection | None:
    if prompt + (completion or 0) <= window:
        return None
    if api == "openai_responses":
        return Rejection(GENERIC_OVERFLOW, "overflow", "input", "context_length_exceeded")
    if api == "anthropic":
        if not state_limit:
            message = "prompt is too long"
        elif prompt > window:
            message = f"prompt is too long: {prompt} tokens > {window} maximum"
        else:
            message = (
                f"input length and `max_tokens` exceed context limit: {prompt} + {completion} > "
                f"{window}, decrease input length or `max_tokens` and try again"
            )
        return Rejection(message, "overflow")
    if not state_limit:
        message = GENERIC_OVERFLOW
    elif completion is not None:
        message = (
            f"This model's maximum context length is {window} tokens. However, you requested "
            f"{prompt + completion} tokens ({prompt} in the messages, {completion} in the "
            "completion). Please reduce the length of the messages or completion."
        )
    else:
        message = (
            f"This model's maximum context length is {window} tokens. However, your messages "
            f"resulted in {prompt} tokens. Please reduce the length of the messages."
        )
    return Rejection(message, "overflow", "messages", "context_length_exceeded")


def error_body(api: Api, rejection: Rejection, request_id: str) -> dict[str, Any]:
    if api == "anthropic":
        return {
            "type": "error",
            "error": {"type": "invalid_request_error", "message": rejection.message},
            "request_id": request_id,
        }
    return {
        "error": {
            "message": rejection.message,
            "type": "invalid_request_error",
            "param": rejection.param,
            "code": rejection.code,
        }
    }
