"""A checkpoint as a person reads it: its sections, its ``artifact://`` citations, and how it
differs from the one before (pure text functions)."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Literal

__all__ = ["Citation", "DiffLine", "Section", "checkpoint_diff", "citations", "sections"]

# artifact://ID, optionally #Lx or #Lx-Ly (also #Lx-Ly written as #Lx-Ly with an L on both).
CITATION = re.compile(r"artifact://([a-z0-9]{6,64})(?:#L(\d+)(?:-L?(\d+))?)?")
HEADING = re.compile(r"^#{2,3} +(.+?)\s*$")


@dataclass(frozen=True, slots=True)
class Citation:
    text: str
    """As written in the checkpoint."""
    artifact_id: str
    first_line: int | None
    last_line: int | None


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    """The heading's words; ``""`` for the lines before the first heading."""
    body: str


def citations(text: str) -> list[Citation]:
    """Every ``artifact://`` citation in ``text``, in order."""
    found = []
    for match in CITATION.finditer(text):
        first = int(match.group(2)) if match.group(2) else None
        last = int(match.group(3)) if match.group(3) else first
        found.append(Citation(match.group(0), match.group(1), first, last))
    return found


def sections(text: str) -> list[Section]:
    """``text`` cut at its ``##`` headings; a heading inside a fenced code block is text."""
    found: list[Section] = []
    title = ""
    body: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        heading = None if fenced else HEADING.match(line)
        if heading:
            if title or any(part.strip() for part in body):
                found.append(Section(title, "\n".join(body).strip("\n")))
            title, body = heading.group(1), []
        else:
            body.append(line)
    if title or any(part.strip() for part in body):
        found.append(Section(title, "\n".join(body).strip("\n")))
    return found


DiffKind = Literal["same", "added", "removed"]


@dataclass(frozen=True, slots=True)
class DiffLine:
    kind: DiffKind
    text: str


def checkpoint_diff(previous: str, current: str, *, context: int = 2) -> list[DiffLine | None]:
    """Line diff of two checkpoints: changed lines with ``context`` unchanged lines around
    them; ``None`` stands for a run of unchanged lines left out."""
    old, new = previous.splitlines(), current.splitlines()
    lines: list[DiffLine | None] = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for group in matcher.get_grouped_opcodes(context):
        if lines:
            lines.append(None)
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                lines.extend(DiffLine("same", line) for line in old[i1:i2])
                continue
            lines.extend(DiffLine("removed", line) for line in old[i1:i2])
            lines.extend(DiffLine("added", line) for line in new[j1:j2])
    return lines
