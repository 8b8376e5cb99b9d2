"""The span as an LLM summarizer sends it: plain text, redacted and capped.

:func:`prepare_span` renders the messages being compacted for a summary prompt (DESIGN.md
section 5), one block per message::

    [3] TOOL (tool: bash)
    <the output>

where ``3`` is the message's position in the span and the tool is named by the call it answers.

- thinking, redacted_thinking and reasoning parts are dropped, and so are reasoning blocks
  inline in an assistant's text (:func:`strip_reasoning`: ``<think>``, ``<thinking>``,
  ``<reasoning>``, ``<thought>``, ``<scratchpad>``, closed or running to the end); an image
  becomes ``[image]``;
- the previous checkpoint, which the prompt quotes once in ``<previous_checkpoint>``, is
  replaced in the span by :data:`PREVIOUS_CHECKPOINT_NOTE` (:func:`without_previous_checkpoint`),
  so that it is not sent twice and the other messages keep their positions;
- a tool call becomes ``call name(arguments)``, its arguments capped to
  :attr:`InputLimits.per_argument_chars`;
- the body of every message is capped to :attr:`InputLimits.per_message_chars`, keeping its
  head and its tail around ``…[N chars cut]…``;
- the whole text is capped to :attr:`InputLimits.total_chars` at block boundaries, keeping the
  first and the last messages around
  ``…[K messages / N chars omitted from the middle of the span]…``;
- every message is redacted (:mod:`packlight.redact`) before anything is cut, so that a cut
  never leaves half a key that the patterns no longer recognise, and the final text is
  redacted once more (headers and tool names included). Cuts never split a redaction marker.
  The caps are measured before that second pass, which normally finds nothing.

:func:`fit_to_window` lowers the total cap when the summary model's window is smaller than
the default allows. Pure: nothing here does I/O or mutates its input.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from packlight.errors import ConfigError
from packlight.injection import mark_injected
from packlight.messages import (
    IMAGE_PART_TYPES,
    REASONING_PART_TYPES,
    TEXT_PART_TYPES,
    Message,
    as_mapping,
    content_parts,
    is_summary,
    message_text,
    tool_calls_of,
)
from packlight.redact import (
    MARKER_PATTERN,
    collecting_secrets,
    redact_message_with_report,
    redact_with_report,
)

MIN_ARGUMENT_CHARS = 100
MIN_MESSAGE_CHARS = 100
MIN_TOTAL_CHARS = 1_000

BLOCK_SEPARATOR = "\n\n"
_MAX_NAME_CHARS = 64
# Room the total cap reserves for its marker when deciding how large one message may be, so
# that the first and the last message always survive it (the marker is shorter than this).
_OMITTED_MARKER_ROOM = 100
REASONING_TAGS: tuple[str, ...] = ("think", "thinking", "reasoning", "thought", "scratchpad")
"""Tags some models wrap their reasoning in, inline in the answer text."""
_TAG_NAMES = "|".join(REASONING_TAGS)
REASONING_BLOCK = re.compile(rf"<({_TAG_NAMES})\s*>.*?(?:</\1\s*>|\Z)", re.IGNORECASE | re.DOTALL)
"""One reasoning block, closed or (cut off) running to the end of the text."""
STRAY_REASONING_TAG = re.compile(rf"</?(?:{_TAG_NAMES})\s*>", re.IGNORECASE)
PREVIOUS_CHECKPOINT_NOTE = "[the previous checkpoint: quoted above in <previous_checkpoint>]"
_PLACEHOLDERS = {
    "input_audio": "[audio]",
    "audio": "[audio]",
    "file": "[file]",
    "input_file": "[file]",
}


@dataclass(frozen=True, slots=True)
class InputLimits:
    """How much of a span an LLM summarizer may send, in characters."""

    per_message_chars: int = 12_000
    """The body of one message (its text and tool calls) beyond this keeps its head and tail.
    A message never gets more than about half of ``total_chars``, so that the first and the
    last message of the span always survive the total cap."""
    total_chars: int = 160_000
    """The whole rendered span beyond this keeps its first and last messages."""
    per_argument_chars: int = 2_000
    """The arguments of one tool call beyond this keep their head and tail."""

    def __post_init__(self) -> None:
        for name, minimum in (
            ("per_message_chars", MIN_MESSAGE_CHARS),
            ("total_chars", MIN_TOTAL_CHARS),
            ("per_argument_chars", MIN_ARGUMENT_CHARS),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
                raise ConfigError(f"summarizer.input.{name}", value, f"a whole number >= {minimum}")
        if self.per_message_chars > self.total_chars:
            raise ConfigError(
                "summarizer.input.per_message_chars",
                self.per_message_chars,
                f"at most summarizer.input.total_chars ({self.total_chars}); "
                "lower per_message_chars or raise total_chars",
            )


@dataclass(frozen=True, slots=True)
class PreparedInput:
    """A span rendered for a summary prompt, and what it took to get it there."""

    text: str
    """The rendered, redacted and capped span."""
    messages: int
    """How many messages the span held."""
    cut_messages: int
    """How many messages lost part of their body or of a tool call's arguments to a cap."""
    cut_total: bool
    """Whether whole messages were omitted from the middle of the span by the total cap."""
    redactions: Counter[str] = field(default_factory=Counter)
    """How many secrets of each kind were replaced."""
    secret_values: Mapping[str, str] = field(default_factory=dict)
    """Every secret value redacted from the span, and its kind (:func:`packlight.redact.scrub`
    cleans the other parts of a prompt with them)."""
    marked_instructions: int = 0
    """How many lines of tool output were marked as instructions aimed at the model
    (:func:`packlight.injection.mark_injected`)."""


_DEFAULT_LIMITS = InputLimits()


def cut_marker(chars: int) -> str:
    """The marker left where ``chars`` characters were cut from the middle of a text."""
    return f"…[{chars} chars cut]…"


def omitted_marker(messages: int, chars: int) -> str:
    """The marker left where whole messages were omitted from the middle of the span."""
    noun = "message" if messages == 1 else "messages"
    return f"…[{messages} {noun} / {chars} chars omitted from the middle of the span]…"


def _outside_markers(text: str, head_end: int, tail_start: int) -> tuple[int, int]:
    """Move the cut points outwards so that neither falls inside a redaction marker."""
    for found in MARKER_PATTERN.finditer(text, max(0, head_end - 64), head_end + 64):
        if found.start() < head_end < found.end():
            head_end = found.start()
    for found in MARKER_PATTERN.finditer(text, max(0, tail_start - 64), tail_start + 64):
        if found.start() < tail_start < found.end():
            tail_start = found.end()
    return head_end, tail_start


def cut_middle(text: str, limit: int) -> tuple[str, bool]:
    """``text`` in at most ``limit`` characters: its head and tail around :func:`cut_marker`.

    Returns the text and whether anything was cut. ``limit`` must leave room for the marker.
    """
    if len(text) <= limit:
        return text, False
    # The marker is never longer than with the whole text's length in it.
    room = max(limit - len(cut_marker(len(text))), 0)
    head_end, tail_start = _outside_markers(text, room - room // 2, len(text) - room // 2)
    return text[:head_end] + cut_marker(tail_start - head_end) + text[tail_start:], True


def _one_line(value: object) -> str:
    return re.sub(r"\s+", " ", str(value)).strip()[:_MAX_NAME_CHARS]


def _tool_names(messages: Sequence[Message]) -> dict[str, str]:
    names: dict[str, str] = {}
    for message in messages:
        for call in _calls(message):
            call_id, function = call.get("id"), call.get("function")
            if isinstance(call_id, str) and isinstance(function, Mapping):
                names[call_id] = str(function.get("name", ""))
    return names


def _calls(message: Message | Mapping[str, Any]) -> list[Mapping[str, Any]]:
    if not isinstance(message, Mapping) or not isinstance(message.get("tool_calls"), list):
        return []
    return [call for call in tool_calls_of(message) if isinstance(call, Mapping)]


def _header(index: int, message: Mapping[str, Any], tool_names: Mapping[str, str]) -> str:
    role = message.get("role")
    header = f"[{index}] {_one_line(role).upper() if isinstance(role, str) else 'UNKNOWN'}"
    if role == "tool":
        call_id = message.get("tool_call_id")
        name = tool_names.get(call_id, "") if isinstance(call_id, str) else ""
        name = _one_line(name or message.get("name") or "")
        if name:
            header += f" (tool: {name})"
    return header


def _part_text(part: Mapping[str, Any]) -> str | None:
    kind = part.get("type")
    if kind in REASONING_PART_TYPES:
        return None
    if kind in TEXT_PART_TYPES:
        value = part.get("text", part.get("refusal"))
        return value if isinstance(value, str) else None
    if kind in IMAGE_PART_TYPES:
        return "[image]"
    return _PLACEHOLDERS.get(str(kind), f"[{_one_line(kind)}]")


def strip_reasoning(text: str) -> tuple[str, bool]:
    """``text`` without its reasoning blocks and stray reasoning tags, and whether any were
    there. Several blocks, any letter case, and a last block never closed are all removed."""
    stripped = STRAY_REASONING_TAG.sub("", REASONING_BLOCK.sub("", text))
    return stripped, stripped != text


def without_previous_checkpoint(
    messages: Sequence[Message], previous_checkpoint: str | None
) -> list[Message]:
    """``messages`` with the checkpoint whose text is ``previous_checkpoint`` replaced by
    :data:`PREVIOUS_CHECKPOINT_NOTE` (the prompt quotes it on its own). Only a checkpoint
    with exactly that text is replaced, and only the first: nothing else is left out. The
    message keeps its role and any tool calls."""
    result = list(messages)
    if not previous_checkpoint:
        return result
    for index, message in enumerate(result):
        if (
            isinstance(message, Mapping)
            and is_summary(message)
            and message_text(message) == previous_checkpoint
        ):
            result[index] = cast(Message, {**message, "content": PREVIOUS_CHECKPOINT_NOTE})
            break
    return result


def _body(message: Mapping[str, Any], limits: InputLimits) -> tuple[str, bool]:
    """The text of a redacted message and its tool calls, and whether an argument was cut."""
    assistant = message.get("role") == "assistant"
    pieces: list[str] = []
    for part in content_parts(message):
        text = _part_text(part)
        if text is not None and assistant and part.get("type") in TEXT_PART_TYPES:
            # Inline reasoning is no more the conversation than a thinking part is.
            text, removed = strip_reasoning(text)
            if removed:
                text = text.strip() or None
        if text is not None:
            pieces.append(text)
    cut_any = False
    for call in _calls(message):
        function = call.get("function")
        function = function if isinstance(function, Mapping) else {}
        arguments = function.get("arguments", "")
        arguments, cut = cut_middle(
            arguments if isinstance(arguments, str) else str(arguments), limits.per_argument_chars
        )
        cut_any = cut_any or cut
        pieces.append(f"call {_one_line(function.get('name', '?'))}({arguments})")
    return "\n".join(pieces) if pieces else "[empty]", cut_any


def _keep_ends(blocks: list[str], total_chars: int) -> list[str]:
    """The first and last blocks that fit in ``total_chars``, with :func:`omitted_marker` in
    place of the rest. The head takes up to half the room, the tail the rest, and the head
    whatever the tail left over."""
    room = total_chars - len(omitted_marker(len(blocks), sum(map(len, blocks))))
    costs = [len(block) + len(BLOCK_SEPARATOR) for block in blocks]
    head, tail = 0, len(blocks)  # blocks[:head] and blocks[tail:] are kept
    used = 0
    while head < tail and used + costs[head] <= room // 2:
        used += costs[head]
        head += 1
    while tail > head and used + costs[tail - 1] <= room:
        used += costs[tail - 1]
        tail -= 1
    while head < tail and used + costs[head] <= room:
        used += costs[head]
        head += 1
    omitted = blocks[head:tail]
    marker = omitted_marker(len(omitted), sum(map(len, omitted)))
    return [*blocks[:head], marker, *blocks[tail:]]


def prepare_span(
    messages: Sequence[Message], limits: InputLimits = _DEFAULT_LIMITS
) -> PreparedInput:
    """Render ``messages`` (a :class:`~packlight.summarizers.base.SummaryRequest` span) as the
    redacted, capped plain text a summary prompt quotes."""
    with collecting_secrets() as secret_values:
        return _prepare(messages, limits, secret_values)


def _prepare(
    messages: Sequence[Message], limits: InputLimits, secret_values: Mapping[str, str]
) -> PreparedInput:
    tool_names = _tool_names(messages)
    redactions: Counter[str] = Counter()
    # A message may use at most half of what the total cap leaves, so that the first and the
    # last message always survive it.
    half_room = (limits.total_chars - _OMITTED_MARKER_ROOM) // 2
    blocks: list[str] = []
    cut_messages = 0
    marked_instructions = 0
    for index, message in enumerate(messages):
        if isinstance(message, Mapping):
            redacted, found = redact_message_with_report(message)
            redactions.update(found)
        else:  # not a message at all: rendered as an empty one rather than refused
            redacted = cast(Message, {})
        header = _header(index, as_mapping(redacted), tool_names)
        body, arguments_cut = _body(as_mapping(redacted), limits)
        if as_mapping(redacted).get("role") == "tool":
            # Tool output is data: a line in it that tells the model what to do is marked so.
            body, marked = mark_injected(body)
            marked_instructions += marked
        limit = min(
            limits.per_message_chars,
            max(half_room - len(header) - 1 - len(BLOCK_SEPARATOR), MIN_MESSAGE_CHARS),
        )
        body, body_cut = cut_middle(body, limit)
        if arguments_cut or body_cut:
            cut_messages += 1
        blocks.append(f"{header}\n{body}")
    cut_total = len(BLOCK_SEPARATOR.join(blocks)) > limits.total_chars
    if cut_total:
        blocks = _keep_ends(blocks, limits.total_chars)
    text, found = redact_with_report(BLOCK_SEPARATOR.join(blocks))
    redactions.update(found)
    return PreparedInput(
        text=text,
        messages=len(messages),
        cut_messages=cut_messages,
        cut_total=cut_total,
        redactions=redactions,
        secret_values=dict(secret_values),
        marked_instructions=marked_instructions,
    )


def fit_to_window(
    limits: InputLimits,
    *,
    window_tokens: int,
    prompt_overhead_tokens: int,
    chars_per_token: float = 3.0,
) -> tuple[InputLimits, str | None]:
    """``limits`` with ``total_chars`` lowered so that the span fits the summary model's window.

    ``prompt_overhead_tokens`` is everything else the request holds: instructions, ledger,
    previous checkpoint and the tokens reserved for the answer. ``chars_per_token`` is a
    conservative ratio (English prose and code average closer to 4). Returns the limits and a
    sentence saying what was lowered, or the same limits and ``None`` when they already fit.
    ``per_message_chars`` is lowered with the total when it would exceed it.
    """
    if isinstance(window_tokens, bool) or not isinstance(window_tokens, int) or window_tokens < 1:
        raise ConfigError("window_tokens", window_tokens, "a whole number >= 1")
    if (
        isinstance(prompt_overhead_tokens, bool)
        or not isinstance(prompt_overhead_tokens, int)
        or prompt_overhead_tokens < 0
    ):
        raise ConfigError("prompt_overhead_tokens", prompt_overhead_tokens, "a whole number >= 0")
    if not math.isfinite(chars_per_token) or chars_per_token <= 0:
        raise ConfigError("chars_per_token", chars_per_token, "a number > 0")
    available_chars = math.floor((window_tokens - prompt_overhead_tokens) * chars_per_token)
    if available_chars >= limits.total_chars:
        return limits, None
    if available_chars < MIN_TOTAL_CHARS:
        raise ConfigError(
            "window_tokens",
            window_tokens,
            f"room for at least {MIN_TOTAL_CHARS} characters of transcript after "
            f"{prompt_overhead_tokens} tokens of prompt overhead (at {chars_per_token:g} "
            "characters per token): a summary model with a larger window, or a smaller prompt",
        )
    fitted = replace(
        limits,
        total_chars=available_chars,
        per_message_chars=min(limits.per_message_chars, available_chars),
    )
    note = (
        f"summary input lowered from {limits.total_chars:,} to {available_chars:,} characters "
        f"to fit a {window_tokens:,}-token window after {prompt_overhead_tokens:,} tokens of "
        f"prompt overhead (at {chars_per_token:g} characters per token)"
    )
    if fitted.per_message_chars != limits.per_message_chars:
        note += f"; per-message cap lowered to {fitted.per_message_chars:,} characters"
    return fitted, note
