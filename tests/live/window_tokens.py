"""How the window server counts a prompt: exact o200k_base, its own way, not packlight's.

Every string the model reads is counted exactly (text, system prompt, tool call names and
arguments, Anthropic ``tool_use`` input as JSON, tool results), plus 4 tokens per message, the
tools' JSON schemas, and a flat 1,000 per image or other media part. A request is cut into
:class:`Unit` pieces (a tool, a system block, a message or an Anthropic content block) whose
tokens add up to the prompt, so that prefix comparisons (prompt caching, the benchmark's
cacheable share) count exactly what the window check counted.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from typing import Any, Literal

Api = Literal["openai_chat", "anthropic", "openai_responses"]

MESSAGE_TOKENS = 4
"""What each message costs on top of its strings (role and separators)."""
MEDIA_TOKENS = 1_000
"""What an image (or another media part: audio, a PDF) costs, whatever its size."""

_MEDIA_PARTS = frozenset(
    {"image_url", "input_image", "image", "input_audio", "file", "input_file", "document"}
)
_TEXT_PARTS = frozenset({"text", "input_text", "output_text", "summary_text", "reasoning_text"})
CALL_ITEMS = ("function_call", "custom_tool_call")
"""Responses API items that call a tool."""
OUTPUT_ITEMS = ("function_call_output", "custom_tool_call_output")
"""Responses API items that answer a tool call."""


class _TokenCounter:
    """Exact o200k_base counts, remembered per string: long histories are resent every turn."""

    _MEMO_ENTRIES = 1_000_000

    def __init__(self) -> None:
        self._encoding: Any = None
        self._memo: dict[str, int] = {}
        self._lock = threading.Lock()

    def count(self, text: str) -> int:
        if not text:
            return 0
        known = self._memo.get(text)
        if known is None:
            known = int(self._load().count(text))
            if len(self._memo) >= self._MEMO_ENTRIES:
                self._memo.clear()
            self._memo[text] = known
        return known

    def _load(self) -> Any:
        if self._encoding is None:
            with self._lock:
                if self._encoding is None:
                    import quicktok  # loading the encoding takes a few hundred ms: on first use

                    self._encoding = quicktok.get_encoding("o200k_base")
        return self._encoding


COUNTER = _TokenCounter()


def count_text(text: str) -> int:
    """The server's count of one string (exact o200k_base)."""
    return COUNTER.count(text)


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _count(value: Any) -> int:
    """A string's tokens; anything else is read by the model as its JSON."""
    if value is None:
        return 0
    return COUNTER.count(value if isinstance(value, str) else canonical(value))


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _without_cache_control(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_cache_control(v) for k, v in value.items() if k != "cache_control"}
    if isinstance(value, list):
        return [_without_cache_control(v) for v in value]
    return value


def _part_tokens(part: Any) -> int:
    """One content part of an OpenAI message or Responses item."""
    if not isinstance(part, dict):
        return _count(part)
    kind = part.get("type")
    if kind in _MEDIA_PARTS:
        return MEDIA_TOKENS
    if kind in _TEXT_PARTS:
        return _count(part.get("text"))
    if kind == "refusal":
        return _count(part.get("refusal"))
    return _count(part)


def _content_tokens(content: Any) -> int:
    if isinstance(content, list):
        return sum(_part_tokens(part) for part in content)
    return _count(content)


def anthropic_blocks(content: Any) -> list[Any]:
    """Content as blocks: a string is one text block (the API treats them alike)."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}] if content else []
    if isinstance(content, list):
        return content
    return [] if content is None else [content]


def _anthropic_block_tokens(block: Any) -> int:
    if not isinstance(block, dict):
        return _count(block)
    kind = block.get("type")
    if kind == "text":
        return _count(block.get("text"))
    if kind == "image":
        return MEDIA_TOKENS
    if kind == "document":
        source = as_dict(block.get("source"))
        if source.get("type") == "text":
            return _count(source.get("data"))
        if source.get("type") == "content":
            return sum(_anthropic_block_tokens(b) for b in anthropic_blocks(source.get("content")))
        return MEDIA_TOKENS
    if kind in ("tool_use", "server_tool_use"):
        return _count(block.get("name")) + _count(canonical(block.get("input", {})))
    if kind == "tool_result":
        return sum(_anthropic_block_tokens(b) for b in anthropic_blocks(block.get("content")))
    if kind == "thinking":
        return _count(block.get("thinking"))
    if kind == "redacted_thinking":
        return 0
    return _count(_without_cache_control(block))


def _chat_message_tokens(message: Any) -> int:
    if not isinstance(message, dict):
        return MESSAGE_TOKENS + _count(message)
    tokens = MESSAGE_TOKENS + _content_tokens(message.get("content"))
    tokens += _count(message.get("name")) + _count(message.get("refusal"))
    for call in as_list(message.get("tool_calls")):
        function = as_dict(as_dict(call).get("function") or as_dict(call).get("custom"))
        tokens += _count(function.get("name"))
        tokens += _count(function.get("arguments", function.get("input")))
    return tokens


def _responses_item_tokens(item: Any) -> int:
    if not isinstance(item, dict):
        return MESSAGE_TOKENS + _count(item)
    kind = item.get("type", "message")
    if kind == "message" or "role" in item:
        strings = _content_tokens(item.get("content"))
    elif kind in CALL_ITEMS:
        strings = _count(item.get("name")) + _count(item.get("arguments", item.get("input")))
    elif kind in OUTPUT_ITEMS:
        strings = _content_tokens(item.get("output"))
    elif kind == "reasoning":
        strings = _content_tokens(item.get("summary")) + _content_tokens(item.get("content"))
    else:
        strings = _count(item)
    return MESSAGE_TOKENS + strings


@dataclass(frozen=True)
class Unit:
    """A piece of the prompt: a tool, a system block, a message or (Anthropic) a content block.

    The units of a request add up to its prompt tokens; prefix comparisons walk them in order.
    """

    key: str
    """Canonical JSON of the piece, cache_control removed: what prefix comparisons compare."""
    tokens: int
    group: int
    """0 for tools, 1 for the system prompt, 2 + i for message i: a message's units share it."""
    breakpoint: bool = False
    """The piece carried an Anthropic ``cache_control``."""


def has_cache_control(block: Any) -> bool:
    return isinstance(block, dict) and block.get("cache_control") is not None


def _tool_units(body: dict[str, Any]) -> list[Unit]:
    units = []
    for tool in as_list(body.get("tools")):
        key = canonical(_without_cache_control(tool))
        units.append(Unit(key, COUNTER.count(key), 0, has_cache_control(tool)))
    return units


def _chat_units(body: dict[str, Any]) -> list[Unit]:
    units = _tool_units(body)
    for i, message in enumerate(as_list(body.get("messages"))):
        units.append(Unit(canonical(message), _chat_message_tokens(message), 2 + i))
    return units


def _anthropic_block_unit(block: Any, group: int) -> Unit:
    key = canonical(_without_cache_control(block))
    return Unit(key, _anthropic_block_tokens(block), group, has_cache_control(block))


def _anthropic_units(body: dict[str, Any]) -> list[Unit]:
    units = _tool_units(body)
    units.extend(_anthropic_block_unit(b, 1) for b in anthropic_blocks(body.get("system")))
    for i, message in enumerate(as_list(body.get("messages"))):
        role = as_dict(message).get("role")
        # A header per message, so that [A, B] in one message differs from [A] then [B].
        units.append(Unit(canonical({"role": role}), MESSAGE_TOKENS, 2 + i))
        content = message.get("content") if isinstance(message, dict) else message
        units.extend(_anthropic_block_unit(b, 2 + i) for b in anthropic_blocks(content))
    return units


def responses_items(body: dict[str, Any]) -> list[Any]:
    items = body.get("input")
    if isinstance(items, str):
        return [{"role": "user", "content": items}]
    return as_list(items)


def _responses_units(body: dict[str, Any]) -> list[Unit]:
    units = _tool_units(body)
    instructions = body.get("instructions")
    if instructions:
        units.append(Unit(canonical(instructions), MESSAGE_TOKENS + _count(instructions), 1))
    for i, item in enumerate(responses_items(body)):
        units.append(Unit(canonical(item), _responses_item_tokens(item), 2 + i))
    return units


def units_of(api: Api, body: dict[str, Any]) -> list[Unit]:
    if api == "openai_chat":
        return _chat_units(body)
    if api == "anthropic":
        return _anthropic_units(body)
    return _responses_units(body)


def prompt_tokens(api: Api, body: dict[str, Any]) -> int:
    """The server's count of a request body's prompt."""
    return sum(unit.tokens for unit in units_of(api, body))


def prefix_digests(units: list[Unit]) -> list[bytes]:
    """A digest of every prefix of ``units`` (the i-th covers units[: i + 1])."""
    running = hashlib.blake2b(digest_size=16)
    digests = []
    for unit in units:
        key = unit.key.encode()
        running.update(f"{unit.group}:{len(key)}:".encode() + key)
        digests.append(running.digest())
    return digests
