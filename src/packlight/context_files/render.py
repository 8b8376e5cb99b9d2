"""What a loaded instruction file becomes (pure): the result types, the truncation marker, the
note that stands in for a blocked file, and the section added to a system prompt."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HEAD_SHARE = 0.70
"""Share of ``context.instruction_max_chars`` kept from the start of a long file..."""
TAIL_SHARE = 0.20
"""...and from its end; the rest of the cap is slack for the marker and line boundaries."""
LINE_SNAP = 0.30
"""A cut moves to a line boundary when one lies within this share of the kept part."""
SECTION_TAG = "project_instructions"


@dataclass(frozen=True, slots=True)
class InstructionFile:
    """One instruction file as it would be injected."""

    path: Path
    """Where it is (absolute)."""
    name: str
    """Its path relative to the search root (the git root, else the start directory)."""
    text: str
    """The text to inject: the file's (head and tail around a marker when ``truncated``), or
    the note that takes its place when it is blocked or unreadable."""
    truncated: bool = False
    blocked_reasons: tuple[str, ...] = ()
    """Why it is not loaded (the scan's findings); empty when it is."""
    error: str | None = None
    """Why it could not be read (``None`` when it was)."""
    chars: int = 0
    """Characters in the whole file (after decoding)."""
    lines: int = 0
    """Lines in the whole file."""

    @property
    def loaded(self) -> bool:
        """Whether its own text is injected (not blocked, not unreadable)."""
        return not self.blocked_reasons and self.error is None


@dataclass(frozen=True, slots=True)
class ProjectInstructions:
    """The instruction files found for a directory, and the system prompt section they make."""

    start: Path
    """The directory the search started from (absolute)."""
    root: Path
    """Where the search stopped: the git root, else ``start`` itself."""
    git_root: bool
    """Whether ``root`` holds a ``.git`` (file or directory)."""
    order: tuple[str, ...]
    """The names looked for, in order of preference."""
    files: tuple[InstructionFile, ...] = ()
    """The winning file (several for a wildcard entry such as ``.cursor/rules/*.mdc``);
    empty when none was found."""

    @property
    def section_text(self) -> str:
        """What goes into the system prompt: one ``<project_instructions source="...">``
        block per file ("" when no file was found). Blocked files are there as their note."""
        return "\n".join(section_block(item) for item in self.files)

    @property
    def blocked(self) -> bool:
        return any(item.blocked_reasons for item in self.files)


def split_for_cap(text: str, max_chars: int) -> tuple[str, str]:
    """(head, tail) of ``text`` when it is longer than ``max_chars``, each cut at a line
    boundary when one is near; ``(text, "")`` when it fits."""
    if len(text) <= max_chars:
        return text, ""
    return head_part(text, max_chars), tail_part(text, max_chars)


def head_part(text: str, max_chars: int) -> str:
    """The start kept of a text longer than ``max_chars`` (ends at a line break when near)."""
    head_chars = int(max_chars * HEAD_SHARE)
    head = text[:head_chars]
    newline = head.rfind("\n")
    return head[: newline + 1] if newline >= head_chars * (1 - LINE_SNAP) else head


def tail_part(text: str, max_chars: int) -> str:
    """The end kept of a text longer than ``max_chars`` (starts a line when one starts near);
    ``text`` need only hold the text's last ``max_chars`` characters."""
    tail_chars = int(max_chars * TAIL_SHARE)
    tail = text[len(text) - tail_chars :]
    newline = tail.find("\n")
    return tail[newline + 1 :] if 0 <= newline < tail_chars * LINE_SNAP else tail


def truncation_marker(name: str, *, omitted_chars: int, omitted_lines: int, total: int) -> str:
    return (
        f"[packlight: {name} truncated: {omitted_chars:,} of its {total:,} characters "
        f"({omitted_lines:,} lines) left out here; read the file for the rest]"
    )


def join_truncated(head: str, marker: str, tail: str) -> str:
    separator = "" if head.endswith("\n") else "\n"
    return f"{head}{separator}{marker}\n{tail}"


def blocked_note(name: str, reasons: Sequence[str]) -> str:
    return f"[packlight: {name} not loaded: {'; '.join(reasons)}]"


def unreadable_note(name: str, error: str) -> str:
    return f"[packlight: {name} not loaded: it could not be read ({error})]"


def display_name(path: Path, root: Path) -> str:
    """``path`` relative to ``root``, in forward slashes, printable characters only (a file
    name is the one part of a note that comes from the file system, not from the scan)."""
    try:
        relative = path.relative_to(root).as_posix()
    except ValueError:
        relative = path.as_posix()
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in relative)


def section_block(item: InstructionFile) -> str:
    source = item.name.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
    body = item.text if item.text.endswith("\n") else item.text + "\n"
    return f'<{SECTION_TAG} source="{source}">\n{body}</{SECTION_TAG}>'


_SYSTEM_ROLES = frozenset({"system", "developer"})


def _holds(content: object, section: str) -> bool:
    if isinstance(content, str):
        return section in content
    if isinstance(content, list):
        return any(isinstance(part, Mapping) and part.get("text") == section for part in content)
    return False


def add_to_system_prompt(
    messages: Sequence[Mapping[str, Any]], section: str
) -> list[Mapping[str, Any]]:
    """``messages`` with ``section`` at the end of the system prompt (pure; nothing of the
    caller's is changed, the other messages are the caller's own objects).

    The first message, when its role is ``system`` or ``developer``, gets a copy with the
    section appended (after a blank line to a string, as a text part to a list of parts);
    otherwise a system message holding the section is put first. A system prompt that already
    holds the section is left as it is. The same inputs give equal outputs, so a view built
    from it each turn stays byte-stable.
    """
    if not section:
        return list(messages)
    if messages and messages[0].get("role") in _SYSTEM_ROLES:
        if _holds(messages[0].get("content"), section):
            # A caller that took a view it was sent as its own history sends the section
            # back: it is not added twice.
            return list(messages)
        first = dict(messages[0])
        content = first.get("content")
        if isinstance(content, list):
            first["content"] = [*content, {"type": "text", "text": section}]
        elif isinstance(content, str) and content:
            first["content"] = f"{content}\n\n{section}"
        else:
            first["content"] = section
        return [first, *messages[1:]]
    return [{"role": "system", "content": section}, *messages]
