"""What the tool calls of a span did: actions, files, commands, errors, tests.

The ledger's record of work, read off :func:`~packlight.compressor.toolcalls.tool_events`:
one :class:`Action` per call, the files read, modified and created, the shell commands with
their exit codes, the exact error lines, the approaches that failed and were then changed,
and the latest test result.

Two judgement calls, both about telling what happened from what was merely shown:

- error lines count only when the call ran something or failed: a successful read, search or
  listing shows file contents, and a docstring's "ValueError: if ..." is not an error the
  agent met (:func:`reports_errors`);
- a failed call is a *failed approach* only when a later call on the same target does
  something different; the same command failing and then passing is a check, not an approach.

Pure: nothing here runs a command or touches a file.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from packlight.compressor.toolcalls import ToolEvent, test_summary_of


@dataclass(frozen=True, slots=True)
class Action:
    """One completed tool call: what was called, on what, and how it ended."""

    tool: str
    target: str
    """A command (first line), a path, a pattern, a URL or a summary of the arguments."""
    outcome: str
    """Present-tense facts ("exit 0", "failed: <first error line>", "wrote <path>",
    "3 matching lines") that the checkpoint renders in the past tense."""
    index: int
    """Index of the assistant message that made the call, in the full transcript."""


@dataclass(frozen=True, slots=True)
class CommandRecord:
    """A shell command (first line, shortened) and the exit code its result reported."""

    command: str
    exit_code: int | None
    index: int


@dataclass(frozen=True, slots=True)
class Activity:
    """Everything the tool calls of one span say, in call order."""

    actions: tuple[Action, ...] = ()
    files_read: tuple[str, ...] = ()
    """Read and never written in the span."""
    files_modified: tuple[str, ...] = ()
    files_created: tuple[str, ...] = ()
    commands: tuple[CommandRecord, ...] = ()
    errors: tuple[str, ...] = ()
    failed_approaches: tuple[str, ...] = ()
    test_status: str | None = None


ELLIPSIS = "…"
_VIEWING_KINDS = frozenset({"read", "search", "list"})
_TRACEBACK = "Traceback (most recent call last)"
# toolcalls.classify_shell reports the script of ``sed -i 's/a/b/g' file`` as a written path.
_SED_SCRIPT = re.compile(r"^(?:\d+(?:,\d+)?)?[sy]([/|#,:]).*\1.*\1[gimpeIw\d]*$")
_WRAPPER_LINE = re.compile(
    r"^\s*</?(?:returncode|output|warning|error)\b[^>]*>(?:-?\d+</\w+>)?\s*$"
)
# test_x.py, tests/, runtests, bin/test, pytest, tox, nox, -m unittest, manage.py test: each
# alternative starts with a letter, its word boundary checked behind it ("t(?<=\bt)" is
# "\bt"), so that the engine skips in C to the letters an alternative can start with.
_TEST_COMMAND = re.compile(
    r"t(?<=\bt)(?:est\w*\.py\b|ests?/|ox\b)|r(?<=\br)untests\b|b(?<=\bb)in/test\b|"
    r"p(?<=\bp)ytest\b|n(?<=\bn)ox\b|-m unittest\b|m(?<=\bm)anage\.py test\b"
)
_CD_PREFIX = re.compile(r"^\s*(?:cd\s+\S+\s*(?:&&|;)\s*)+")


def short(text: str, limit: int = 200) -> str:
    """The first line of ``text``, at most ``limit`` characters, with ``…`` when anything
    was left out."""
    first, _, rest = text.strip().partition("\n")
    first = first.rstrip()
    cut = len(first) > limit
    if cut:
        first = first[: limit - 1].rstrip()
    return first + ELLIPSIS if cut or rest.strip() else first


def reports_errors(event: ToolEvent) -> bool:
    """Whether an event's error lines are errors the agent met rather than text it viewed.

    A read, search or listing that succeeded shows file contents (a docstring's
    ``ValueError: if ...``); every other call, and a viewing call that failed, reports errors.
    """
    if not event.error_lines:
        return False
    return not (event.kind in _VIEWING_KINDS and event.exit_code in (0, None))


def error_lines(event: ToolEvent) -> tuple[str, ...]:
    """The error lines of an event that the ledger records (see :func:`reports_errors`)."""
    return event.error_lines if reports_errors(event) else ()


def failed(event: ToolEvent) -> bool:
    """Whether a call failed: a non-zero exit (a search that found nothing is not a failure),
    or, without an exit code, an error on the first lines of its result."""
    if event.result_index is None:
        return False
    if event.exit_code is not None:
        if event.kind == "search" and event.exit_code == 1 and not event.error_lines:
            return False
        return event.exit_code != 0
    if not event.error_lines or event.kind in _VIEWING_KINDS:
        return False
    head = "\n".join((event.output or "").strip().splitlines()[:3])
    return event.error_lines[0] in head


def written_paths(event: ToolEvent) -> tuple[str, ...]:
    """The paths a call wrote, without the sed scripts toolcalls mistakes for paths."""
    return tuple(p for p in event.paths_written if not _SED_SCRIPT.match(p))


def _path_key(path: str) -> str:
    return path.removeprefix("./")


# Every compaction describes the same outputs again: each is counted (and a JSON list parsed,
# below) once per output string in the process.
@functools.lru_cache(maxsize=8_192)
def _output_lines(output: str | None) -> int:
    """Non-empty lines of a result, without mini-swe-agent's ``<returncode>`` wrapper."""
    if not output:
        return 0
    lines = output.splitlines()
    # str.strip over every line in C; the wrapper regex only where a tag can be.
    count = sum(map(bool, map(str.strip, lines)))
    if "<" in output:
        count -= sum(1 for line in lines if "<" in line and _WRAPPER_LINE.match(line))
    return count


def describe_arguments(arguments: Mapping[str, Any], limit: int = 200) -> str:
    """``key=value, ...`` for a call's scalar arguments (lists and objects by size)."""
    parts: list[str] = []
    for key, value in arguments.items():
        if isinstance(value, str | int | float | bool) or value is None:
            parts.append(f"{key}={value}")
        elif isinstance(value, list | tuple):
            parts.append(f"{key}=[{len(value)} items]")
        elif isinstance(value, Mapping):
            parts.append(f"{key}={{{len(value)} keys}}")
    return short(", ".join(parts), limit)


def _target(event: ToolEvent) -> str:
    if event.command:
        return short(event.command)
    if event.target:
        return short(event.target)
    return describe_arguments(event.arguments)


def _test_summary(event: ToolEvent) -> str | None:
    if event.test_summary:
        return event.test_summary
    # toolcalls only recognises test runners by name; "python test_x.py" and
    # "./tests/runtests.py" print the same summaries.
    if event.output and event.command and _runs_tests(event.command):
        return test_summary_of(event.output)
    return None


@functools.lru_cache(maxsize=8_192)
def _runs_tests(command: str) -> bool:
    # Commands can be whole heredoc scripts; each is checked once per process. Every
    # alternative of the pattern holds "test", "tox" or "nox": most commands are ruled out by
    # a substring test, far cheaper than the pattern's search, which tries every position.
    if "test" not in command and "tox" not in command and "nox" not in command:
        return False
    return _TEST_COMMAND.search(command) is not None


def _outcome(event: ToolEvent) -> str:
    if event.result_index is None:
        return "no result"
    if failed(event):
        return f"failed: {_failure_detail(event)}"
    written = written_paths(event)
    if event.kind == "write" and written:
        return "wrote " + ", ".join(written)
    if event.kind == "edit" and written:
        return "edited " + ", ".join(written)
    summary = _test_summary(event)
    if summary:
        return summary
    if event.command is None and event.kind in {"search", "list", "other"}:
        return _returned(event.output or "")
    count = _output_lines(event.output)
    if event.kind == "search":
        return f"{count} matching " + ("line" if count == 1 else "lines") if count else "no matches"
    if event.kind == "read":
        return f"read {_lines(count)}"
    if event.kind == "list":
        return f"listed {count} entries"
    if event.kind in {"web", "browser"}:
        return f"fetched {len(event.output or ''):,} characters"
    if event.exit_code is not None:
        return f"exit {event.exit_code}" + (f", {_lines(count)} of output" if count else "")
    return _returned(event.output or "")


def _failure_detail(event: ToolEvent) -> str:
    """The first error line of a failed call (a traceback's header says nothing, so the line
    after it), or its exit code."""
    lines = [line for line in event.error_lines if not line.startswith(_TRACEBACK)]
    if lines:
        return short(lines[0], 300)
    return f"exit {event.exit_code}" if event.exit_code is not None else "error"


def _lines(count: int) -> str:
    return f"{count} line" if count == 1 else f"{count} lines"


@functools.lru_cache(maxsize=8_192)
def _returned(output: str) -> str:
    """What a non-shell tool returned: a count for a JSON list, else its first line."""
    text = output.strip()
    if not text:
        return "returned nothing"
    if text.startswith("[") and len(text) < 1_000_000:
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if isinstance(value, list):
            return f"returned {len(value)} " + ("item" if len(value) == 1 else "items")
    return f"returned {short(text, 120)}"


def _approach_key(event: ToolEvent) -> str:
    """What an attempt was aimed at: the file it wrote, the program it ran, or the tool."""
    written = written_paths(event)
    if written:
        return "path:" + _path_key(written[0])
    if event.command:
        return _command_key(event.command)
    if event.paths_read:
        return "path:" + _path_key(event.paths_read[0])
    return "tool:" + event.tool


@functools.lru_cache(maxsize=8_192)
def _command_key(command: str) -> str:
    # Commands can be whole heredoc scripts, and every call of a span is keyed: once each.
    words = _CD_PREFIX.sub("", command).split()[:2]
    if words:
        words[0] = words[0].rsplit("/", 1)[-1]
    return "command:" + " ".join(words)


def _signature(event: ToolEvent) -> str:
    if event.command is not None:
        return event.command
    return json.dumps(dict(event.arguments), sort_keys=True, default=str)


class _ErrorLog:
    """Unique error lines in the order last seen, except that the first line ever seen stays
    first. When that first line is also the latest, it is repeated at the end, the one
    duplicate allowed, so that the last entry is always the latest error."""

    def __init__(self) -> None:
        self.first: str | None = None
        self.later: dict[str, None] = {}
        self.last_seen: str | None = None

    def add(self, line: str) -> None:
        self.last_seen = line
        if self.first is None:
            self.first = line
        elif line != self.first:
            self.later.pop(line, None)
            self.later[line] = None

    def lines(self) -> tuple[str, ...]:
        if self.first is None:
            return ()
        repeat = (self.first,) if self.later and self.last_seen == self.first else ()
        return (self.first, *self.later, *repeat)


def merge_errors(previous: Sequence[str], newer: Sequence[str]) -> tuple[str, ...]:
    """Two error lists as one, as if ``newer``'s lines were seen after ``previous``'s."""
    log = _ErrorLog()
    for line in (*previous, *newer):
        log.add(line)
    return log.lines()


def read_activity(
    events: Sequence[ToolEvent],
    positions: Sequence[int],
    *,
    actions_of: Container[int] | None = None,
) -> Activity:
    """The activity of a span's tool events. ``positions[i]`` is the transcript index of the
    span's message ``i`` (the messages :func:`tool_events` was given). ``actions_of``, when
    given, holds the positions in ``events`` of the only events whose action is recorded (a
    caller that caps the actions describes only those it keeps); files, commands, errors and
    test status always come from every event."""
    actions: list[Action] = []
    commands: list[CommandRecord] = []
    read: dict[str, str] = {}
    modified: dict[str, str] = {}
    created: dict[str, str] = {}
    errors = _ErrorLog()
    test_status: str | None = None
    for position, event in enumerate(events):
        index = positions[event.call_index]
        if actions_of is None or position in actions_of:
            actions.append(Action(event.tool, _target(event), _outcome(event), index))
        if event.command:
            commands.append(CommandRecord(short(event.command, 300), event.exit_code, index))
        for path in written_paths(event):
            key = _path_key(path)
            if key in created:
                continue  # still the file this work created, however often it changes
            if event.kind == "write" and key not in read and key not in modified:
                created[key] = path
            else:
                modified.setdefault(key, path)
        for path in event.paths_read:
            read.setdefault(_path_key(path), path)
        for line in error_lines(event):
            errors.add(line)
        summary = _test_summary(event)
        if summary:
            test_status = summary
    return Activity(
        actions=tuple(actions),
        files_read=tuple(p for k, p in read.items() if k not in modified and k not in created),
        files_modified=tuple(modified.values()),
        files_created=tuple(created.values()),
        commands=tuple(commands),
        errors=errors.lines(),
        failed_approaches=_failed_approaches(events),
        test_status=test_status,
    )


def _failed_approaches(events: Sequence[ToolEvent]) -> tuple[str, ...]:
    """Failed calls that were later tried again differently (same approach key, another
    signature), in the order they failed.

    One backward pass: for each approach key, up to two distinct signatures seen after the
    current position are enough to tell whether one differs from it (a session of tens of
    thousands of calls must not compare every pair)."""
    later_signatures: dict[str, list[str]] = {}
    retried: list[int] = []
    for position in range(len(events) - 1, -1, -1):
        event = events[position]
        key, signature = _approach_key(event), _signature(event)
        seen = later_signatures.setdefault(key, [])
        if failed(event) and any(other != signature for other in seen):
            retried.append(position)
        if signature not in seen and len(seen) < 2:
            seen.append(signature)
    found: dict[str, None] = {}
    for position in reversed(retried):
        event = events[position]
        found[f"{event.tool}: {_target(event)} -> {_failure_detail(event)}"] = None
    return tuple(found)
