"""Admission control: a tool output too large for the window leaves it as soon as it arrives.

:func:`admit` looks at one message as it joins the transcript. A tool result whose text costs
more than :attr:`AdmissionSettings.max_tokens` is externalised: the full text becomes a
``tool_result`` :class:`~packlight.artifacts.Artifact` and the message keeps a structured
preview in its place (the artifact id, size and line count, the exit code, test summary and
error lines the output reports, its first and last lines, and how to read the rest with the
retrieval tools). Everything else passes through as the very same object.

Pure: no I/O, the input is never mutated, and the caller commits the artifact to its archive
(before sending the preview, so that the id the preview cites can be read).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from packlight.artifacts import Artifact, make_artifact
from packlight.compressor.toolcalls import (
    classify_call,
    error_lines_of,
    exit_code_of,
    test_summary_of,
)
from packlight.errors import ConfigError
from packlight.messages import TEXT_PART_TYPES, Message, as_mapping, message_text
from packlight.tokens import TokenCounter


@dataclass(frozen=True, slots=True)
class AdmissionSettings:
    """When a tool output is externalised, and how much of it the preview keeps."""

    max_tokens: int = 8_000
    """A tool result whose text costs more than this is replaced by a preview."""
    head_lines: int = 20
    """Lines from the start of the output kept in the preview."""
    tail_lines: int = 20
    """Lines from the end of the output kept in the preview."""
    max_line_chars: int = 400
    """Preview lines longer than this are shortened (a minified line can be megabytes)."""

    def __post_init__(self) -> None:
        for name, minimum in (
            ("max_tokens", 1),
            ("head_lines", 0),
            ("tail_lines", 0),
            ("max_line_chars", 20),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
                raise ConfigError(f"admission.{name}", value, f"a whole number >= {minimum}")


@dataclass(frozen=True, slots=True)
class AdmissionResult:
    """The message to put in the transcript, and the artifact to archive (if any)."""

    message: Message
    artifact: Artifact | None = None


_DEFAULT_SETTINGS = AdmissionSettings()


def admit(
    message: Message,
    *,
    key: bytes,
    counter: TokenCounter,
    settings: AdmissionSettings = _DEFAULT_SETTINGS,
    tool_name: str | None = None,
) -> AdmissionResult:
    """Externalise ``message`` if it is a tool result over budget; else return it as it is.

    ``key`` is the session's artifact key (ids are unguessable without it), ``tool_name`` the
    function the result answers (for the artifact's metadata and to tell a file read from a
    failing command). An externalised message keeps every key but ``content``; its content is
    the preview (image parts of a list content are kept after it). When the preview would
    not be smaller than the output, nothing is externalised.
    """
    data = as_mapping(message)
    if data.get("role") != "tool":
        return AdmissionResult(message)
    text = message_text(message)
    tokens = counter.count_text(text) if text else 0
    if tokens <= settings.max_tokens:
        return AdmissionResult(message)
    name = tool_name or (data["name"] if isinstance(data.get("name"), str) else None)
    call_id = data.get("tool_call_id") if isinstance(data.get("tool_call_id"), str) else None
    lines = text.split("\n")
    artifact = make_artifact(
        key,
        "tool_result",
        text,
        {
            "tool": name,
            "call_id": call_id,
            "chars": len(text),
            "lines": len(lines),
            "tokens": tokens,
            "reason": "admission",
        },
    )
    preview = render_preview(artifact, lines, tokens, settings, tool_name=name)
    if counter.count_text(preview) >= tokens:
        return AdmissionResult(message)
    content = data.get("content")
    new_content: Any = preview
    if isinstance(content, list):
        kept = [
            part
            for part in content
            if not (isinstance(part, Mapping) and part.get("type") in TEXT_PART_TYPES)
        ]
        new_content = [{"type": "text", "text": preview}, *kept]
    admitted = {**data, "content": new_content}
    return AdmissionResult(cast(Message, admitted), artifact)


def render_preview(
    artifact: Artifact,
    lines: list[str],
    tokens: int,
    settings: AdmissionSettings,
    *,
    tool_name: str | None = None,
) -> str:
    """The text that stands in for an externalised output."""
    text = artifact.content
    out = [
        f"[packlight: output externalised as {artifact.uri} — {len(lines):,} lines, "
        f"{len(text):,} chars, ~{tokens:,} tokens]"
    ]
    exit_code = exit_code_of(text)
    if exit_code is not None:
        out.append(f"exit code: {exit_code}")
    summary = test_summary_of(text)
    if summary:
        out.append(f"tests: {_shorten(summary, settings.max_line_chars)}")
    info = classify_call(tool_name, {}) if tool_name else None
    # A file read shows source code: "raise ValueError" in it is not an error that happened.
    reads_content = info is not None and info.kind in {"read", "search", "list"}
    errors = () if reads_content and not exit_code else error_lines_of(text)
    if errors:
        out.append(f"first error: {_shorten(errors[0], settings.max_line_chars)}")
        if len(errors) > 1:
            out.append(f"last error: {_shorten(errors[-1], settings.max_line_chars)}")
    head_count = min(settings.head_lines, len(lines))
    tail_count = min(settings.tail_lines, len(lines) - head_count)
    omitted = len(lines) - head_count - tail_count
    out.extend(_shorten(line, settings.max_line_chars) for line in lines[:head_count])
    first_omitted, last_omitted = head_count + 1, len(lines) - tail_count
    if omitted:
        out.append(f"[… {omitted:,} lines omitted ({first_omitted}-{last_omitted}) …]")
    out.extend(_shorten(line, settings.max_line_chars) for line in lines[len(lines) - tail_count :])
    if not omitted:  # every line is shown, some of them shortened
        first_omitted, last_omitted = 1, len(lines)
    out.append(
        f'use context_read(id="{artifact.id}", start_line={first_omitted}, '
        f'end_line={last_omitted}) or context_grep(pattern, id="{artifact.id}")'
    )
    return "\n".join(out)


def _shorten(line: str, limit: int) -> str:
    line = line.rstrip("\r")
    if len(line) <= limit:
        return line
    return f"{line[:limit]} …[+{len(line) - limit:,} chars]"
