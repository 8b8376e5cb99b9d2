"""Finding and reading project instruction files (the I/O half of :mod:`packlight.context_files`).

Search: from the start directory up to the git root (the nearest directory, the start
included, that holds a ``.git`` file or directory); without a git root, the start directory
alone, so that a file in some unrelated parent (a home directory's AGENTS.md) is never picked
up. **First found wins**, directory first: the nearest directory holding any of the names in
the order wins, and in it the first name of the order. A name with a wildcard
(``.cursor/rules/*.mdc``) loads every file it matches, sorted by name.

Reading never loads a huge file whole: the file is decoded as a stream (UTF-8, undecodable
bytes replaced, a leading byte-order mark dropped) keeping at most the cap's head and tail, so
memory stays bounded by ``context.instruction_max_chars``. A file that cannot be read (no
permission, a symbolic link loop or a dangling link) is still the one found: its note says so,
and nothing raises.
"""

from __future__ import annotations

import codecs
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from packlight.config import Settings, instruction_name_problem, load_settings
from packlight.context_files.render import (
    InstructionFile,
    ProjectInstructions,
    blocked_note,
    display_name,
    head_part,
    join_truncated,
    tail_part,
    truncation_marker,
    unreadable_note,
)
from packlight.context_files.scan import scan_instruction_text
from packlight.errors import ConfigError, UserError

CHUNK_BYTES = 64 * 1024
_WILDCARDS = frozenset("*?[")


def find_git_root(start: Path) -> Path | None:
    """The nearest directory from ``start`` upward that holds ``.git`` (file or directory)."""
    for directory in (start, *start.parents):
        if os.path.lexists(directory / ".git"):
            return directory
    return None


def _present(path: Path) -> bool:
    """A regular file, or a link that cannot be followed (it is there, and says why not)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return os.path.islink(path)


def _matches(directory: Path, name: str) -> list[Path]:
    if not _WILDCARDS.intersection(name):
        path = directory / name
        return [path] if _present(path) else []
    try:
        found = [path for path in directory.glob(name) if _present(path)]
    except OSError:
        return []
    return sorted(found, key=lambda path: path.as_posix())


def find_instruction_files(
    start: Path, order: tuple[str, ...], root: Path
) -> tuple[Path, list[Path]] | None:
    """(directory, files) of the first found, nearest directory first; ``None`` if none."""
    directory = start
    while True:
        for name in order:
            found = _matches(directory, name)
            if found:
                return directory, found
        if directory in (root, directory.parent):
            return None
        directory = directory.parent


@dataclass(frozen=True, slots=True)
class _Read:
    head: str
    tail: str
    """Empty unless the file is longer than the cap."""
    chars: int
    newlines: int

    @property
    def lines(self) -> int:
        ends_open = self.chars > 0 and not (self.tail or self.head).endswith("\n")
        return self.newlines + (1 if ends_open else 0)


def read_capped(path: Path, max_chars: int) -> _Read:
    """Decode ``path`` keeping what :func:`split_for_cap` would keep of its text, in memory
    bounded by the cap whatever the file's size. Raises ``OSError``."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    kept = ""  # the whole text while it fits the cap; past it, only the head...
    tail = ""  # ...and the last max_chars characters
    head: str | None = None
    chars = newlines = 0
    with open(path, "rb") as stream:
        at_start = True
        while True:
            chunk = stream.read(CHUNK_BYTES)
            text = decoder.decode(chunk, final=not chunk)
            if at_start and text:
                text = text.removeprefix("\ufeff")
                at_start = False
            chars += len(text)
            newlines += text.count("\n")
            if head is None:
                kept += text
                if len(kept) > max_chars:
                    head = head_part(kept, max_chars)
                    tail, kept = kept[-max_chars:], ""
            else:
                tail = (tail + text)[-max_chars:]
            if not chunk:
                break
    if head is None:
        return _Read(kept, "", chars, newlines)
    return _Read(head, tail_part(tail, max_chars), chars, newlines)


def _load_file(path: Path, root: Path, max_chars: int) -> InstructionFile:
    name = display_name(path, root)
    try:
        read = read_capped(path, max_chars)
    except OSError as exc:
        error = exc.strerror or type(exc).__name__
        return InstructionFile(path, name, unreadable_note(name, error), error=error)
    # Only what would be injected is scanned, each part with its own line numbers.
    findings = scan_instruction_text(read.head)
    text = read.head
    if read.tail:
        tail_newlines = read.tail.count("\n")
        findings += scan_instruction_text(read.tail, first_line=read.newlines - tail_newlines + 1)
        marker = truncation_marker(
            name,
            omitted_chars=read.chars - len(read.head) - len(read.tail),
            omitted_lines=read.newlines - read.head.count("\n") - tail_newlines,
            total=read.chars,
        )
        text = join_truncated(read.head, marker, read.tail)
    reasons = tuple(finding.describe() for finding in findings)
    return InstructionFile(
        path,
        name,
        blocked_note(name, reasons) if reasons else text,
        truncated=bool(read.tail),
        blocked_reasons=reasons,
        chars=read.chars,
        lines=read.lines,
    )


def load_project_instructions(
    start: str | os.PathLike[str] | None = None,
    *,
    order: tuple[str, ...] | list[str] | None = None,
    max_chars: int | None = None,
    settings: Settings | None = None,
) -> ProjectInstructions:
    """Find, read, scan and truncate the project instruction file for ``start`` (default: the
    current directory).

    ``order`` (names in order of preference) and ``max_chars`` (the truncation cap) override
    ``settings`` (default: :func:`packlight.load_settings`, where they are
    ``context.instruction_files`` and ``context.instruction_max_chars``). Raises
    :class:`~packlight.errors.UserError` when ``start`` is not a directory and
    :class:`~packlight.errors.ConfigError` for a bad ``order`` or ``max_chars``; an unreadable
    or blocked file is reported in the result, never raised.
    """
    if order is None or max_chars is None:
        context = (settings or load_settings()).context
        order = context.instruction_files if order is None else order
        max_chars = context.instruction_max_chars if max_chars is None else max_chars
    order = tuple(order)
    for name in order:
        problem = instruction_name_problem(name)
        if problem:
            raise ConfigError("context.instruction_files", name, problem)
    if isinstance(max_chars, bool) or max_chars < 1_000:
        raise ConfigError("context.instruction_max_chars", max_chars, "1000 or more")
    raw = Path.cwd() if start is None else Path(start).expanduser()
    try:
        directory = raw.resolve(strict=True)
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symbolic link loop (3.11, 3.12)
        raise UserError(f"project instructions: {raw} is not a readable directory") from exc
    if not directory.is_dir():
        raise UserError(f"project instructions: {raw} is not a directory")
    git_root = find_git_root(directory)
    root = git_root or directory
    found = find_instruction_files(directory, order, root)
    files = () if found is None else tuple(_load_file(path, root, max_chars) for path in found[1])
    return ProjectInstructions(
        start=directory, root=root, git_root=git_root is not None, order=order, files=files
    )
