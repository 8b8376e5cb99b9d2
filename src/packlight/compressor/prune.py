"""Prune: the deterministic, LLM-free rewrite that shrinks a transcript before any summary.

:func:`prune` rewrites messages, never removes or inserts them, so every index the caller
computed (head, tail, the latest user message) stays valid. Everything it takes out becomes
an :class:`~packlight.artifacts.Artifact` whose ``content`` is the original text, and what
stays in the window names that artifact's ``artifact://`` uri, so nothing is lost.

Passes, in order (``protect_from`` starts the protected tail):

1. **Dedupe** - of tool results with identical text, older copies before the tail become a
   pointer to the newest.
2. **Superseded reads** - a read of a file that a later successful read shows again (same
   :meth:`~packlight.compressor.digests.DigestRegistry.read_key`, or a later whole-file or
   wider range read of the same file) becomes a pointer.
3. **Digests** - every other large tool result before the tail becomes a one-line digest.
4. **Images** - image parts before the tail become ``[image removed: <uri>]``.
5. **Arguments** - tool-call arguments over a size limit are shortened leaf by leaf; the
   JSON stays valid and keeps every key.
6. **Pressure** (opt-in) - large tool results inside the tail are digested too, except in
   the last few messages.
7. **Oversize** (opt-in) - any message whose text costs more than a token limit keeps a
   head and a tail around a marker, except instructions and the indices in ``never_cut``.

Results shorter than ``min_result_chars`` and results an earlier prune already rewrote are
left alone, and a rewrite that would not be shorter than the original is not made, so
pruning twice changes nothing the second time. For a tool result, shorter means fewer tokens
(and characters): a digest names an ``artifact://`` id, a command and a size, and for a small
or highly repetitive output (indentation, rules of dashes) that can cost more than the output.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from packlight.artifacts import Artifact, ArtifactKind, line_count, make_artifact
from packlight.compressor.digests import (
    SEPARATOR,
    DigestContext,
    DigestRegistry,
    clip,
    default_registry,
    read_key_covers,
    read_key_path,
)
from packlight.compressor.toolcalls import ToolEvent, error_lines_of, exit_code_of, tool_events
from packlight.errors import ConfigError
from packlight.messages import (
    IMAGE_PART_TYPES,
    INSTRUCTION_ROLES,
    PACKLIGHT_KEY,
    TEXT_PART_TYPES,
    Message,
    as_mapping,
    message_text,
    packlight_meta,
)
from packlight.token_bounds import WindowBoundedCounter
from packlight.tokens import (
    CalibratedCounter,
    EstimateCounter,
    ExactCounter,
    TokenCounter,
    TranscriptCounter,
    count_message,
)

__all__ = ["PruneResult", "PruneSettings", "PruneStats", "prune"]

PruneKind = Literal["duplicate", "superseded_read", "digest", "image", "arguments", "oversize"]

PRESSURE_FACTOR = 4
"""Under pressure, tail results larger than this many times ``min_result_chars`` are digested."""

OVERSIZE_KEEP = 0.4
"""Share of the allowed size kept at each end of an oversized message."""


@dataclass(frozen=True, slots=True)
class PruneSettings:
    """How hard :func:`prune` cuts. Every value is validated on construction."""

    min_result_chars: int = 200
    """Tool results shorter than this are left alone by every pass."""
    max_argument_chars: int = 2_000
    """Tool-call arguments (their JSON text) longer than this are shortened."""
    argument_leaf_chars: int = 500
    """How much of a long string inside the arguments is kept (half head, half tail)."""
    pressure_keep_last: int = 4
    """Under pressure, the last this many messages are never digested."""
    max_message_tokens: int | None = None
    """When set (and a counter is given), no message's text may cost more than this."""

    def __post_init__(self) -> None:
        for name, minimum in (
            ("min_result_chars", 0),
            ("max_argument_chars", 1),
            ("argument_leaf_chars", 0),
            ("pressure_keep_last", 0),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
                raise ConfigError(f"prune.{name}", value, f"an integer >= {minimum}")
        limit = self.max_message_tokens
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or limit < 1
        ):
            raise ConfigError("prune.max_message_tokens", limit, "None or an integer >= 1")


DEFAULT_SETTINGS = PruneSettings()


@dataclass(frozen=True, slots=True)
class PruneStats:
    """What one :func:`prune` call did. ``chars_*`` measure the messages as a provider sees
    them (their JSON without packlight's metadata), images and arguments included."""

    deduplicated: int = 0
    superseded_reads: int = 0
    digested: int = 0
    """Results digested by pass 3 and, under pressure, pass 6."""
    images_stripped: int = 0
    arguments_shortened: int = 0
    """Tool calls whose arguments were shortened."""
    oversized_cut: int = 0
    chars_before: int = 0
    chars_after: int = 0

    @property
    def chars_saved(self) -> int:
        return self.chars_before - self.chars_after


@dataclass(frozen=True, slots=True)
class PruneResult:
    """The rewritten messages (same length and order as the input), the artifacts holding
    every original that was taken out (one per distinct original), and the counts."""

    messages: list[Message]
    artifacts: tuple[Artifact, ...]
    stats: PruneStats
    events: tuple[ToolEvent, ...] = ()
    """The input's tool calls paired with their results (indices into the input), so that
    later stages need not pair and classify them again."""


class _Work:
    """The output under construction; every rewrite copies the message it changes."""

    def __init__(self, messages: Sequence[Message], key: bytes, tokens: TranscriptCounter) -> None:
        self.messages: list[Message] = list(messages)
        self.key = key
        self.tokens = tokens
        """Counts whole messages (the input's counts are usually cached already)."""
        counter = tokens.counter
        # The counter the cached counts were made with (a calibration scales totals only).
        self.text_counter = counter.base if isinstance(counter, CalibratedCounter) else counter
        self.records: dict[int, list[tuple[PruneKind, str]]] = {}
        self.artifacts: dict[str, Artifact] = {}
        self.counts: Counter[str] = Counter()

    def artifact(
        self,
        kind: ArtifactKind,
        content: str,
        index: int,
        event: ToolEvent | None = None,
        lines: int | None = None,
    ) -> Artifact:
        """The artifact for ``content``, not yet kept: a rewrite may turn out not to pay.
        ``lines`` is the content's line count when the caller counted it already."""
        meta: dict[str, Any] = {
            "tool": event.tool if event else None,
            "call_id": event.call_id if event else None,
            "index": index,
        }
        if lines is not None:
            # The ledger describes artifacts by their size; counting a long output's lines
            # again there cost as much as the digest.
            meta["lines"] = lines
        return make_artifact(self.key, kind, content, meta)

    def record(self, index: int, kind: PruneKind, artifact: Artifact) -> None:
        # Identical originals share an id; the first occurrence's metadata is kept.
        self.artifacts.setdefault(artifact.id, artifact)
        self.records.setdefault(index, []).append((kind, artifact.id))

    def update(self, index: int, **fields: Any) -> None:
        self.messages[index] = cast(Message, {**as_mapping(self.messages[index]), **fields})

    def finish(self) -> list[Message]:
        for index, records in self.records.items():
            self.messages[index] = _with_prune_meta(self.messages[index], records)
        return self.messages


def _with_prune_meta(message: Message, records: list[tuple[PruneKind, str]]) -> Message:
    """``{"pruned": kind, "artifact": id}``, or lists under ``pruned`` and ``artifacts``.

    What an earlier prune recorded on the same message is kept, so every id stays named.
    """
    old = packlight_meta(message)
    old_kinds = old.get("pruned")
    kinds = [old_kinds] if isinstance(old_kinds, str) else list(old_kinds or [])
    ids = [old["artifact"]] if isinstance(old.get("artifact"), str) else []
    ids += [item for item in old.get("artifacts") or [] if isinstance(item, str)]
    kinds = list(dict.fromkeys([*kinds, *(kind for kind, _ in records)]))
    ids = list(dict.fromkeys([*ids, *(identifier for _, identifier in records)]))
    # One copy of the message, not two: the metadata keeps the order of the old one's keys
    # ("pruned" in its place or last), as merging into a copy did.
    meta = {key: value for key, value in old.items() if key not in {"artifact", "artifacts"}}
    meta["pruned"] = kinds[0] if len(kinds) == 1 else kinds
    meta.update({"artifact": ids[0]} if len(ids) == 1 else {"artifacts": ids})
    return cast(Message, {**as_mapping(message), PACKLIGHT_KEY: meta})


def _chars(message: Message | Mapping[str, Any]) -> int:
    # Visible text plus call arguments: what pruning shrinks. Serialising whole messages to
    # measure them cost more than the pruning itself on long transcripts.
    data: Mapping[str, Any] = message
    content = data.get("content")
    # Every message is measured at each prune: skip message_text's generality for plain text.
    size = len(content) if isinstance(content, str) else len(message_text(data))
    calls = data.get("tool_calls")
    if calls:
        size += sum(len(str((call.get("function") or {}).get("arguments", ""))) for call in calls)
    return size


# --- tool results ------------------------------------------------------------------------------


def _original_content(message: Message) -> str:
    """The text an artifact keeps for a message's content: the string itself, the joined text
    of text-only parts, or the JSON of the parts when they carry more than text."""
    content = as_mapping(message).get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(
        isinstance(part, Mapping) and part.get("type") in TEXT_PART_TYPES for part in content
    ):
        return message_text(message)
    return json.dumps(content, ensure_ascii=False, default=str)


def _orphan_event(index: int, message: Message, text: str) -> ToolEvent:
    """An event for a tool result whose call is not in the transcript (digested generically)."""
    data = as_mapping(message)
    name = data.get("name")
    return ToolEvent(
        call_index=-1,
        result_index=index,
        call_id=str(data.get("tool_call_id", "")),
        tool=name if isinstance(name, str) else "tool",
        arguments={},
        kind="other",
        output=text,
        exit_code=exit_code_of(text),
        error_lines=error_lines_of(text),
    )


@dataclass(frozen=True, slots=True)
class _Result:
    index: int
    text: str
    event: ToolEvent


def _results(messages: Sequence[Message], events: Sequence[ToolEvent]) -> list[_Result]:
    """Every tool result not rewritten by an earlier prune, with its classified event."""
    by_index = {event.result_index: event for event in events if event.result_index is not None}
    results: list[_Result] = []
    for index, message in enumerate(messages):
        if message.get("role") != "tool" or packlight_meta(message).get("pruned"):
            continue
        text = message_text(message)
        event = by_index.get(index) or _orphan_event(index, message, text)
        results.append(_Result(index, text, event))
    return results


def _replace_result(
    work: _Work,
    result: _Result,
    kind: PruneKind,
    original: Message,
    render: Callable[[str], str],
    lines: int | None = None,
) -> bool:
    """Archive a result and put ``render(uri)`` in its place, if that is shorter in characters
    and costs fewer tokens. ``lines`` is the line count of the result's text, when the caller
    has it."""
    content = _original_content(original)
    if content is not result.text:
        lines = None  # the artifact keeps the parts' JSON, not the text that was counted
    elif lines is None:
        lines = line_count(content)
    artifact = work.artifact("tool_result", content, result.index, result.event, lines)
    line = render(artifact.uri)
    if len(line) >= len(result.text):
        return False
    if not _costs_less(work, result.index, line):
        return False
    work.update(result.index, content=line)
    work.record(result.index, kind, artifact)
    return True


def _costs_less(work: _Work, index: int, text: str) -> bool:
    """Whether the message at ``index`` with ``text`` as its whole content costs fewer tokens
    than it does now. The rest of the message is the same on both sides, so what it costs with
    ``text`` is the rest's count plus the text's: no new message is built and counted."""
    current = as_mapping(work.messages[index])
    rest = {key: value for key, value in current.items() if key != "content"}
    counter = work.text_counter
    room = work.tokens.message(current) - count_message(counter, rest)
    # A BPE token covers at least one byte: text of fewer bytes than the room fits without
    # being tokenized (a digest usually stands for an output many times its size).
    if _at_least_a_byte_a_token(counter) and len(text.encode("utf-8", "surrogatepass")) < room:
        return True
    return counter.count_text(text) < room


def _at_least_a_byte_a_token(counter: TokenCounter) -> bool:
    return isinstance(counter, ExactCounter) or (
        isinstance(counter, WindowBoundedCounter) and counter.exact_bytes_bound
    )


def _pointer(prefix: str) -> Callable[[str], str]:
    def render(uri: str) -> str:
        return prefix + uri

    return render


def _target(event: ToolEvent) -> str:
    lines = event.target.strip().splitlines()
    return clip(lines[0].strip(), 120) if lines else ""


def _dedupe(
    work: _Work, results: list[_Result], protect_from: int, original: Sequence[Message]
) -> set[int]:
    newest: dict[str, int] = {}
    for result in results:
        newest[result.text] = result.index
    done: set[int] = set()
    for result in results:
        if result.index >= protect_from or newest[result.text] == result.index:
            continue
        target = _target(result.event)
        where = f" ({target})" if target else ""
        prefix = f"[{result.event.tool or 'tool'}] identical to a later result{where}{SEPARATOR}"
        if _replace_result(work, result, "duplicate", original[result.index], _pointer(prefix)):
            done.add(result.index)
    work.counts["deduplicated"] = len(done)
    return done


def _supersede(
    work: _Work,
    results: list[_Result],
    candidates: list[_Result],
    protect_from: int,
    registry: DigestRegistry,
    original: Sequence[Message],
) -> set[int]:
    keys: dict[int, str] = {}
    later_reads: dict[str, list[tuple[int, str]]] = {}
    for result in results:
        key = registry.read_key(result.event)
        if key is None:
            continue
        keys[result.index] = key
        # Any later read may supersede, however small, but only one that visibly worked:
        # a failed re-read ("No such file") shows nothing of the file.
        if not result.event.failed and not result.event.error_lines:
            later_reads.setdefault(read_key_path(key) or key, []).append((result.index, key))
    done: set[int] = set()
    for result in candidates:
        key = keys.get(result.index)
        if key is None or result.index >= protect_from:
            continue
        path = read_key_path(key) or key
        if not any(
            index > result.index and read_key_covers(other, key)
            for index, other in later_reads.get(path, [])
        ):
            continue
        span = key[len(path) + 1 :] if key.startswith(path + "#") else ""
        shown = result.event.paths_read[0] if len(result.event.paths_read) == 1 else path
        detail = f" {span}" if span and not span.startswith("cmd:") else ""
        prefix = (
            f"[{result.event.tool or 'tool'}] read of {shown}{detail}, superseded by a later"
            f" read of the same file{SEPARATOR}"
        )
        if _replace_result(
            work, result, "superseded_read", original[result.index], _pointer(prefix)
        ):
            done.add(result.index)
    work.counts["superseded_reads"] = len(done)
    return done


def _digest(
    work: _Work, result: _Result, registry: DigestRegistry, original: Sequence[Message]
) -> None:
    text = result.text
    lines = line_count(text)

    def render(uri: str) -> str:
        context = DigestContext(uri=uri, size_chars=len(text), line_count=lines)
        return registry.digest(result.event, context)

    if _replace_result(work, result, "digest", original[result.index], render, lines):
        work.counts["digested"] += 1


# --- images and arguments ----------------------------------------------------------------------


def _strip_images(work: _Work, index: int, events: Mapping[int, ToolEvent]) -> None:
    content = work.messages[index].get("content")
    if not isinstance(content, list) or not any(
        isinstance(part, Mapping) and part.get("type") in IMAGE_PART_TYPES for part in content
    ):
        return
    parts: list[Any] = []
    for part in content:
        if not (isinstance(part, Mapping) and part.get("type") in IMAGE_PART_TYPES):
            parts.append(part)
            continue
        original = json.dumps(part, ensure_ascii=False, default=str)
        artifact = work.artifact("image", original, index, events.get(index))
        placeholder: dict[str, Any] = {"type": "text", "text": f"[image removed: {artifact.uri}]"}
        if "cache_control" in part:
            placeholder["cache_control"] = part["cache_control"]  # keeps a cache breakpoint
        parts.append(placeholder)
        work.record(index, "image", artifact)
        work.counts["images_stripped"] += 1
    work.update(index, content=parts)


def _cut_marker(removed: int, uri: str) -> str:
    return f"…[{removed:,} chars cut: {uri}]…"


def _cut_string(text: str, keep: int, uri: str) -> str:
    """Head and tail of ``text`` (``keep`` characters together) around a cut marker."""
    head = keep - keep // 2
    tail = keep // 2
    removed = len(text) - head - tail
    if removed <= 0:
        return text
    candidate = text[:head] + _cut_marker(removed, uri) + (text[len(text) - tail :] if tail else "")
    return candidate if len(candidate) < len(text) else text


def _shorten_value(value: Any, keep: int, uri: str) -> Any:
    if isinstance(value, str):
        return _cut_string(value, keep, uri)
    if isinstance(value, list):
        return [_shorten_value(item, keep, uri) for item in value]
    if isinstance(value, dict):
        return {name: _shorten_value(item, keep, uri) for name, item in value.items()}
    return value


def _shorten_arguments(arguments: str, keep: int, uri: str) -> str:
    try:
        value = json.loads(arguments)
    except (ValueError, RecursionError):
        return _cut_string(arguments, keep, uri)
    return json.dumps(_shorten_value(value, keep, uri), ensure_ascii=False)


def _shorten_calls(work: _Work, index: int, settings: PruneSettings) -> None:
    message = as_mapping(work.messages[index])
    calls = message.get("tool_calls")
    if not isinstance(calls, list):
        return
    new_calls: list[Any] = []
    shortened_before = work.counts["arguments_shortened"]
    for call in calls:
        function = call.get("function") if isinstance(call, Mapping) else None
        if not isinstance(function, Mapping):
            new_calls.append(call)
            continue
        arguments = function.get("arguments")
        if not isinstance(arguments, str) or len(arguments) <= settings.max_argument_chars:
            new_calls.append(call)
            continue
        meta = {"tool": function.get("name"), "call_id": call.get("id"), "index": index}
        artifact = make_artifact(work.key, "tool_arguments", arguments, meta)
        shortened = _shorten_arguments(arguments, settings.argument_leaf_chars, artifact.uri)
        if len(shortened) >= len(arguments):
            new_calls.append(call)
            continue
        new_calls.append({**call, "function": {**function, "arguments": shortened}})
        work.record(index, "arguments", artifact)
        work.counts["arguments_shortened"] += 1
    if work.counts["arguments_shortened"] > shortened_before:
        work.update(index, tool_calls=new_calls)


# --- oversize ----------------------------------------------------------------------------------


def _cut_to_tokens(
    text: str, limit: int, counter: TokenCounter, uri: str, lines: int | None = None
) -> str:
    """``text`` shortened to about ``limit`` tokens: a head and a tail, cut at line breaks
    where that loses little, around a marker naming the artifact of the whole text.
    ``lines`` is the text's line count, when the caller has it."""
    newlines = (lines - 1) if lines else text.count("\n")
    chars_per_token = len(text) / max(counter.count_text(text), 1)
    keep = min(int(limit * OVERSIZE_KEEP * chars_per_token), len(text) // 2)
    candidate = ""
    for _ in range(8):
        head = text[:keep]
        tail = text[len(text) - keep :] if keep else ""
        newline = head.rfind("\n")
        if newline >= len(head) // 2:
            head = head[: newline + 1]
        newline = tail.find("\n")
        if 0 <= newline < len(tail) // 2:
            tail = tail[newline + 1 :]
        # The middle of a huge text is most of it: measure it without copying it.
        removed_chars = len(text) - len(head) - len(tail)
        removed_lines = newlines - head.count("\n") - tail.count("\n") + 1
        marker = f"…[{removed_lines:,} lines, {removed_chars:,} chars cut: {uri}]…"
        candidate = (
            head
            + ("" if not head or head.endswith("\n") else "\n")
            + marker
            + ("\n" + tail if tail else "")
        )
        if counter.count_text(candidate) <= limit or keep == 0:
            break
        keep = int(keep * 0.7)
    return candidate


def _fits_by_bytes(text: str, limit: int) -> bool:
    if len(text) > limit:
        return False
    return text.isascii() or len(text.encode("utf-8", "surrogatepass")) <= limit


def _cut_oversized(
    work: _Work, index: int, limit: int, counter: TokenCounter, events: Mapping[int, ToolEvent]
) -> None:
    message = as_mapping(work.messages[index])
    text = message_text(message)
    # A BPE token covers at least one byte, so text of at most ``limit`` UTF-8 bytes cannot be
    # over the limit: skip counting it (this check runs for every message at each level).
    if not text or _fits_by_bytes(text, limit):
        return
    tokens = counter.count_text(text)
    if tokens <= limit:
        return
    lines = line_count(text)
    artifact = work.artifact("message", text, index, events.get(index), lines)
    cut = _cut_to_tokens(text, limit, counter, artifact.uri, lines)
    if len(cut) >= len(text) or counter.count_text(cut) >= tokens:
        return
    content = message.get("content")
    if isinstance(content, str):
        new_content: Any = cut
    else:
        # Keep images and reasoning parts (signed thinking must replay byte-exact); the text
        # parts collapse into one that carries the cut text.
        new_content = []
        placed = False
        for part in content or []:
            is_text = isinstance(part, Mapping) and part.get("type") in TEXT_PART_TYPES
            if not is_text:
                new_content.append(part)
            elif not placed:
                field = "text" if isinstance(part.get("text"), str) else "refusal"
                new_content.append({**part, field: cut})
                placed = True
    work.update(index, content=new_content)
    work.record(index, "oversize", artifact)
    work.counts["oversized_cut"] += 1


# --- the pass driver ---------------------------------------------------------------------------


def prune(
    messages: Sequence[Message],
    *,
    protect_from: int,
    key: bytes,
    registry: DigestRegistry | None = None,
    settings: PruneSettings = DEFAULT_SETTINGS,
    pressure: bool = False,
    counter: TokenCounter | None = None,
    never_cut: frozenset[int] = frozenset(),
    transcript_counter: TranscriptCounter | None = None,
) -> PruneResult:
    """Rewrite ``messages`` without an LLM; see the module docstring for the passes.

    ``protect_from`` is the index of the first tail message (clamped to ``0..len``); ``key``
    keys the artifact ids. ``registry`` defaults to :func:`default_registry`. With
    ``pressure`` large tail results are digested too. With ``settings.max_message_tokens``
    and a ``counter``, no message except instructions and ``never_cut`` indices keeps text
    costing more than that limit; ``never_cut`` messages also keep their images. The input
    is never mutated; unchanged messages are returned as the same objects.

    A tool result is replaced only by a text that costs fewer tokens, counted by
    ``transcript_counter`` (pass the caller's, whose cache already holds the input's counts),
    else by ``counter``, else by the estimate.
    """
    registry = registry if registry is not None else default_registry()
    total = len(messages)
    protect_from = min(max(protect_from, 0), total)
    tokens = transcript_counter or TranscriptCounter(counter or EstimateCounter())
    work = _Work(messages, key, tokens)
    all_events = tuple(tool_events(messages))
    results = _results(messages, all_events)
    events = {result.index: result.event for result in results}
    large = [result for result in results if len(result.text) >= settings.min_result_chars]

    handled = _dedupe(work, large, protect_from, messages)
    remaining = [result for result in large if result.index not in handled]
    handled |= _supersede(work, results, remaining, protect_from, registry, messages)
    for result in large:
        if result.index < protect_from and result.index not in handled:
            _digest(work, result, registry, messages)

    for index in range(protect_from):
        if index not in never_cut:  # the latest user message keeps even its images
            _strip_images(work, index, events)
        if work.messages[index].get("role") == "assistant":
            _shorten_calls(work, index, settings)

    if pressure:
        last_digestible = total - settings.pressure_keep_last
        threshold = PRESSURE_FACTOR * settings.min_result_chars
        for result in large:
            if protect_from <= result.index < last_digestible and len(result.text) > threshold:
                _digest(work, result, registry, messages)

    if settings.max_message_tokens is not None and counter is not None:
        for index in range(total):
            role = work.messages[index].get("role")
            if role in INSTRUCTION_ROLES or index in never_cut:
                continue
            _cut_oversized(work, index, settings.max_message_tokens, counter, events)

    output = work.finish()
    chars_before = sum(map(_chars, messages))
    chars_after = chars_before + sum(
        _chars(output[index]) - _chars(messages[index]) for index in work.records
    )
    stats = PruneStats(
        deduplicated=work.counts["deduplicated"],
        superseded_reads=work.counts["superseded_reads"],
        digested=work.counts["digested"],
        images_stripped=work.counts["images_stripped"],
        arguments_shortened=work.counts["arguments_shortened"],
        oversized_cut=work.counts["oversized_cut"],
        chars_before=chars_before,
        chars_after=chars_after,
    )
    return PruneResult(
        messages=output, artifacts=tuple(work.artifacts.values()), stats=stats, events=all_events
    )
