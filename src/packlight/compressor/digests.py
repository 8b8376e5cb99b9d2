"""One-line digests of tool results, chosen per tool, and the key that spots repeated reads.

When pruning takes an old tool result out of the window, a digest takes its place: one line
that starts with the tool's name in brackets, says what the call was about and how it went,
and ends with the ``artifact://`` uri of the archived original::

    [bash] $ python3 repro.py · exit 1 · error: Traceback (most recent call last): → ValueError:
    bad input · 23 lines, 1,204 chars · artifact://a...

(one line in reality). Paths, patterns and error lines are copied exactly from the call and
its result, never paraphrased: later stages and the evaluation look for them verbatim.

A :class:`DigestRegistry` maps tool names, globs over tool names and event kinds to digest
functions; :func:`default_registry` covers every kind that
:func:`~packlight.compressor.toolcalls.tool_events` produces. :meth:`DigestRegistry.read_key`
names "the same read of the same file" so that pruning can drop reads a later read made stale.
"""

from __future__ import annotations

import fnmatch
import functools
import itertools
import json
import re
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, get_args

from packlight.compressor.toolcalls import EventKind, ToolEvent
from packlight.errors import ConfigError

SEPARATOR = " · "
COMMAND_CHARS = 160
"""How much of a command's first line a digest shows."""
ERROR_LINE_CHARS = 300
"""Cap on the first error line, which is otherwise kept verbatim."""
FIELD_CHARS = 120
"""Cap on patterns, URLs, titles and other single fields."""
EVENT_KINDS: frozenset[str] = frozenset(get_args(EventKind))


@dataclass(frozen=True, slots=True)
class DigestContext:
    """What a digest knows about the archived original besides the event itself."""

    uri: str
    """``artifact://ID`` of the original; every digest ends with it."""
    size_chars: int
    """Characters of the original result text."""
    line_count: int
    """Lines of the original result text."""


DigestFunction = Callable[[ToolEvent, DigestContext], str]
"""Writes the one-line digest of one tool result."""

ReadKeyFunction = Callable[[ToolEvent], "str | None"]
"""Names the read an event made (``None`` for anything that is not a read of one file)."""


# --- fields shared by the digests ------------------------------------------------------------


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending in ``…`` when something was cut."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def _first_line(text: str) -> tuple[str, int]:
    """The first non-blank line of ``text`` (stripped) and how many lines follow it."""
    lines = text.strip().splitlines()
    return (lines[0].strip(), len(lines) - 1) if lines else ("", 0)


def _command_field(command: str) -> str:
    line, more = _first_line(command)
    shown = "$ " + clip(line, COMMAND_CHARS)
    return f"{shown} (+{more} lines)" if more else shown


_TRACEBACK = "Traceback (most recent call last)"


def _exception_line(output: str | None) -> str | None:
    """The line that ends the first Python traceback of ``output``, verbatim.

    Found by layout (the first unindented line after the header), not by name: exceptions
    such as ``ImproperlyConfigured`` match no "...Error" pattern, so toolcalls misses them.
    """
    start = output.find(_TRACEBACK) if output else -1
    if output is None or start < 0:
        return None
    for line in output[start:].splitlines()[1:200]:
        if line.strip() and not line[:1].isspace():
            return None if line.lstrip().startswith("<") else line.strip()
    return None


def _error_field(event: ToolEvent) -> str | None:
    if not event.error_lines:
        return None
    first = event.error_lines[0]
    # A bare traceback header says little; the line that names the exception says what broke.
    follow_up = _exception_line(event.output) if _TRACEBACK in first else None
    if follow_up is None:
        later = (
            line
            for line in event.error_lines[1:]
            if _TRACEBACK not in line and line != event.test_summary
        )
        follow_up = next(later, None) or _exception_line(event.output)
    field = "error: " + clip(first, ERROR_LINE_CHARS)
    return field + " → " + clip(follow_up, FIELD_CHARS) if follow_up not in {None, first} else field


def _paths_field(paths: Sequence[str], limit: int = 400) -> str:
    """Paths joined with ", ", each whole: exactness matters more than length here."""
    shown: list[str] = []
    for path in paths:
        if shown and sum(map(len, shown)) + len(path) > limit:
            break
        shown.append(path)
    more = len(paths) - len(shown)
    return ", ".join(shown) + (f" (+{more} more)" if more else "")


# mini-swe-agent wraps every output in tags that are not output lines.
_WRAPPER_LINE = re.compile(
    r"^\s*(?:</?(?:output|output_head|output_tail|elided_chars)>|<returncode>-?\d+</returncode>)"
    r"\s*$"
)


def _between(text: str, start: str, end: str) -> str:
    begin = text.find(start)
    if begin < 0:
        return ""
    finish = text.find(end, begin)
    return text[begin + len(start) : finish if finish >= 0 else len(text)]


# Every compaction digests the same outputs again (and every escalation level, dedupe and
# supersede pass reads the same commands): these pure functions of one string run once per
# string in the process; Python caches a str's hash, so a repeat costs one lookup.
@functools.lru_cache(maxsize=8_192)
def output_lines(output: str | None) -> tuple[int, bool]:
    """Non-blank lines of a tool's own output, and whether the tool elided part of it."""
    if not output:
        return 0, False
    if "<output_head>" in output:
        body = _between(output, "<output_head>", "</output_head>") + "\n"
        body += _between(output, "<output_tail>", "</output_tail>")
    elif "<output>" in output:
        body = _between(output, "<output>", "</output>")
    else:
        body = output
    count = sum(1 for line in body.splitlines() if line.strip() and not _WRAPPER_LINE.match(line))
    return count, "<elided_chars>" in output


def _count_field(output: str | None, noun: str) -> str:
    count, elided = output_lines(output)
    if noun == "entries" and output and re.search(r"^total \d+$", output, re.MULTILINE):
        count = max(count - 1, 0)  # `ls -l` starts with a "total N" line that is no entry
    return f"{count:,}{'+' if elided else ''} {noun}"


def _finish(
    event: ToolEvent, context: DigestContext, *fields: str | None, zero_exit: bool = False
) -> str:
    """``[tool] fields · outcome · size · uri``; ``zero_exit`` also shows a successful exit."""
    parts = [field for field in fields if field]
    if event.exit_code is not None and (zero_exit or event.exit_code != 0):
        parts.append(f"exit {event.exit_code}")
    parts.append(_error_field(event) or "")
    lines = "line" if context.line_count == 1 else "lines"
    parts.append(f"{context.line_count:,} {lines}, {context.size_chars:,} chars")
    parts.append(context.uri)
    return f"[{event.tool or 'tool'}] " + SEPARATOR.join(part for part in parts if part)


# --- shell command lines (only what digests and read keys need) ------------------------------

_PUNCTUATION = set(";&|<>()")


# What shlex (posix, whitespace_split, these punctuation characters) reads from a line without
# a backslash or a "#": runs of punctuation, and words of plain characters and quoted strings,
# apart by shlex's whitespace (" \t\r\n", not all that str.split takes).
_SHLEX_WORD = re.compile(r"""[;&|<>()]+|(?:[^;&|<>() \t\r\n'"]|'[^']*'|"[^"]*")+""")
_SHLEX_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_SHLEX_WHITESPACE = " \t\r\n"


@functools.lru_cache(maxsize=8_192)
def _tokens(line: str) -> tuple[str, ...]:
    if "\\" not in line and "#" not in line:
        # shlex reads a Python step per character; most command lines hold no escape and no
        # comment, and for them these regexes give its tokens. An unclosed quote is left
        # between the words: such a line goes to shlex, which rejects it.
        words: list[str] = []
        end = 0
        for match in _SHLEX_WORD.finditer(line):
            if line[end : match.start()].strip(_SHLEX_WHITESPACE):
                break
            word = match.group()
            if "'" in word or '"' in word:
                word = _SHLEX_QUOTED.sub(lambda quoted: quoted.group()[1:-1], word)
            words.append(word)
            end = match.end()
        else:
            if not line[end:].strip(_SHLEX_WHITESPACE):
                return tuple(words)
    # shlex is exact but slow; every compaction re-reads the same commands, so cache it.
    try:
        lexer = shlex.shlex(line, posix=True, punctuation_chars="".join(_PUNCTUATION))
        lexer.whitespace_split = True
        return tuple(lexer)
    except ValueError:
        return ()


def _pipeline(command: str) -> tuple[str | None, list[list[str]]] | None:
    """``(directory, stages)`` of ``[cd DIR &&] prog args | prog args ...`` on one line.

    Anything else (redirections, subshells, ``||``, several commands, heredocs) is ``None``:
    a read key must never call two different reads the same.
    """
    if "\n" in command.strip():
        return None
    statements: list[list[str]] = [[]]
    for token in _tokens(command.strip()):
        if token in {"&&", ";"}:
            statements.append([])
        elif set(token) <= _PUNCTUATION and token != "|":
            return None
        else:
            statements[-1].append(token)
    *prefix, last = [statement for statement in statements if statement] or [[]]
    if any(statement[0] != "cd" or len(statement) != 2 for statement in prefix) or not last:
        return None
    stages: list[list[str]] = [[]]
    for token in last:
        if token == "|":
            stages.append([])
        else:
            stages[-1].append(token)
    if not all(stages):
        return None
    return (prefix[-1][1] if prefix else None), stages


_VALUE_OPTIONS: Mapping[str, frozenset[str]] = {
    "head": frozenset({"-n", "--lines", "-c", "--bytes"}),
    "tail": frozenset({"-n", "--lines", "-c", "--bytes"}),
    "nl": frozenset({"-b", "-d", "-f", "-h", "-i", "-l", "-n", "-s", "-v", "-w"}),
    "sed": frozenset({"-e", "-f", "-l"}),
    "grep": frozenset({"-A", "-B", "-C", "-m", "-e", "-f", "-d", "-D", "--include", "--exclude"}),
    "rg": frozenset({"-A", "-B", "-C", "-m", "-e", "-f", "-g", "-t", "-T"}),
}


def _operands(program: str, args: list[str]) -> list[str]:
    """Arguments that are neither options nor option values (``-n 20`` skips both)."""
    takes_value = _VALUE_OPTIONS.get(program, frozenset())
    operands: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in takes_value:
            skip = True
        elif not arg.startswith("-") or arg == "-":
            operands.append(arg)
    return operands


_LINE_COUNT = re.compile(r"^(?:-n|--lines=?|-)(\+?\d+)$")
_SED_RANGE = re.compile(r"^(\d+)(?:,(\d+|\$))?p$")
_END = -1
"""End line meaning "to the end of the file"."""


def _count(args: list[str]) -> str | None:
    """The line count of ``head``/``tail`` options (``+N`` for "from line N"), default 10."""
    joined = [a + b if a in {"-n", "--lines"} else a for a, b in itertools.pairwise([*args, ""])]
    counts = [match.group(1) for arg in joined if (match := _LINE_COUNT.match(arg))]
    if any(arg.startswith("-") and not _LINE_COUNT.match(arg) for arg in joined if arg != "-n"):
        return None  # -c counts bytes, -f follows: not a line range
    return counts[-1] if counts else "10"


def _stage(program: str, args: list[str], span: tuple[int, int]) -> tuple[int, int] | str | None:
    """How one pipeline stage narrows the line span ``(start, end)`` it receives.

    ``"tailN"`` for ``tail -n N`` of a whole file (its line numbers depend on the file's
    length); ``None`` when the stage filters in a way a line range cannot describe.
    """
    start, end = span
    if program in {"cat", "nl", "bat", "less", "more"}:
        return span
    if program in {"head", "tail"}:
        count = _count(args)
        if count is None or (program == "head" and count.startswith("+")):
            return None
        if count.startswith("+"):
            return start + int(count) - 1, end
        if program == "head":
            last = start + int(count) - 1
            return start, last if end == _END else min(end, last)
        if end == _END:
            return f"tail{count}" if span == (1, _END) else None
        return max(start, end - int(count) + 1), end
    if program == "sed":
        flags = [arg for arg in args if arg.startswith("-")]
        scripts = [b for a, b in itertools.pairwise(args) if a == "-e"] or _operands("sed", args)[
            :1
        ]
        match = _SED_RANGE.match(scripts[0]) if len(scripts) == 1 else None
        if not match or "-n" not in flags or not set(flags) <= {"-n", "-e"}:
            return None
        first, last_text = int(match.group(1)), match.group(2) or match.group(1)
        if last_text == "$":
            return start + first - 1, end
        last = start + int(last_text) - 1
        return start + first - 1, last if end == _END else min(end, last)
    return None


@functools.lru_cache(maxsize=8_192)
def _shell_read(command: str) -> tuple[str | None, str, str] | None:
    """``(directory, path, span)`` of a plain read such as ``nl -ba f | sed -n '1,9p'``."""
    parsed = _pipeline(command)
    if parsed is None:
        return None
    directory, stages = parsed
    span: tuple[int, int] | str = (1, _END)
    files: list[str] = []
    for position, (command_name, *args) in enumerate(stages):
        program = command_name.rsplit("/", 1)[-1]
        operands = _operands(program, args)
        if program == "sed" and "-e" not in args:
            operands = operands[1:]  # the first operand is the script
        # Only the first stage may name the file; later ones must filter what it printed.
        if len(operands) != (1 if position == 0 else 0) or isinstance(span, str):
            return None
        files.extend(operands)
        applied = _stage(program, args, span)
        if applied is None:
            return None
        span = applied
    return directory, files[0], span if isinstance(span, str) else _span_text(*span)


def _span_text(start: int | None, end: int | None) -> str:
    """``full``, ``L10-L20`` or ``L10-end`` (``None`` or a negative end: to the end)."""
    if end is not None and end < 0:
        end = None
    if (start is None or start <= 1) and end is None:
        return "full"
    return f"L{1 if start is None else start}-" + ("end" if end is None else f"L{end}")


def _search_paths(command: str) -> list[str]:
    """The paths a grep/rg/find command searches, as written (toolcalls does not report them)."""
    stage: list[str] = []
    for token in [*_tokens(command.split("\n", 1)[0]), "|"]:
        if not set(token) <= _PUNCTUATION:
            stage.append(token)
            continue
        program = stage[0].rsplit("/", 1)[-1] if stage else ""
        if program == "git" and stage[1:2] == ["grep"]:
            program, stage = "grep", stage[1:]
        if program in {"grep", "egrep", "fgrep", "rg", "ag", "ack"}:
            operands = _operands("rg" if program == "rg" else "grep", stage[1:])
            return operands if {"-e", "-f"} & set(stage) else operands[1:]
        if program == "find":
            paths = []
            for arg in stage[1:]:
                if arg.startswith(("-", "(", "!")):
                    break
                paths.append(arg)
            return paths
        stage = []
    return []


# --- read keys ---------------------------------------------------------------------------------


def _int_argument(arguments: Mapping[str, Any], keys: Sequence[str]) -> int | None:
    values = (arguments.get(key) for key in keys)
    return next((v for v in values if isinstance(v, int) and not isinstance(v, bool)), None)


def _argument_span(arguments: Mapping[str, Any]) -> str:
    """The line span a read tool's arguments ask for (``view_range``, offsets, limits)."""
    view_range = arguments.get("view_range")
    if isinstance(view_range, list) and len(view_range) == 2:
        start, end = (
            v if isinstance(v, int) and not isinstance(v, bool) else None for v in view_range
        )
    else:
        start = _int_argument(arguments, ("start_line", "line_start", "from_line", "offset"))
        end = _int_argument(arguments, ("end_line", "line_end", "to_line"))
        limit = _int_argument(arguments, ("limit", "max_lines", "num_lines", "line_count"))
        if end is None and limit is not None:
            # Offsets may count from 0: keys only need to agree within one tool.
            end = (start if start is not None else 1) + limit - 1
    return _span_text(start, end)


def _read_scope(event: ToolEvent) -> tuple[str, str, str] | None:
    """``(key path, path as written, span)`` of a read of one file, else ``None``."""
    if event.kind != "read":
        return None
    if event.command is not None:
        shell = _shell_read(event.command)
        if shell is not None:
            directory, path, span = shell
            # The same relative path under another directory is another file.
            keyed = (
                f"{directory.rstrip('/')}/{path}" if directory and path[:1] not in "/~" else path
            )
            return keyed, path, span
        if len(event.paths_read) != 1:
            return None
        # The same command on the same file is the same read, whatever filter it applies.
        return event.paths_read[0], event.paths_read[0], "cmd:" + event.command.strip()
    if len(event.paths_read) != 1:
        return None
    return event.paths_read[0], event.paths_read[0], _argument_span(event.arguments)


def default_read_key(event: ToolEvent) -> str | None:
    """``path#full``, ``path#L10-L20``, ``path#L10-end``, ``path#tail20`` or ``path#cmd:...``.

    ``None`` for events that are not a read of exactly one file.
    """
    scope = _read_scope(event)
    return None if scope is None else f"{scope[0]}#{scope[2]}"


_RANGE_KEY = re.compile(r"^(?P<path>.*)#(?:full|L(?P<start>\d+)-(?:L(?P<end>\d+)|end))$", re.S)


# Superseding compares every read with every later read of the same file, parsing both keys
# each time: each key is parsed once per process.
@functools.lru_cache(maxsize=8_192)
def read_key_path(key: str) -> str | None:
    """The file part of a key written by :func:`default_read_key` (``None`` for other keys)."""
    match = _RANGE_KEY.match(key)
    if match:
        return match.group("path")
    for marker in ("#cmd:", "#tail"):
        head, found, _ = key.partition(marker)
        if found:
            return head
    return None


@functools.lru_cache(maxsize=8_192)
def _key_span(key: str) -> tuple[int, int] | None:
    match = _RANGE_KEY.match(key)
    if not match:
        return None
    start, end = match.group("start"), match.group("end")
    return int(start or 1), int(end) if end else _END


def read_key_covers(newer: str, older: str) -> bool:
    """Whether a read keyed ``newer`` shows everything a read keyed ``older`` showed.

    True for equal keys, for a whole-file read over any read of the same file, and for a
    line range that contains an older line range of the same file.
    """
    if newer == older:
        return True
    path = read_key_path(newer)
    new, old = _key_span(newer), _key_span(older)
    if path is None or path != read_key_path(older) or new is None:
        return False
    if new == (1, _END):
        return True
    if old is None or old[1] == _END:
        return False
    return new[0] <= old[0] and (new[1] == _END or old[1] <= new[1])


# --- the digests -------------------------------------------------------------------------------


def _what(event: ToolEvent) -> str:
    """The command, or the arguments of a tool that has none."""
    return _command_field(event.command) if event.command else _arguments_field(event.arguments)


def _written(event: ToolEvent) -> str | None:
    return "wrote " + _paths_field(event.paths_written) if event.paths_written else None


def _summary(event: ToolEvent, label: str = "tests: ") -> str | None:
    return label + clip(event.test_summary, FIELD_CHARS) if event.test_summary else None


def shell_digest(event: ToolEvent, context: DigestContext) -> str:
    """A shell command: its first line, exit code, first error line, test summary, size."""
    return _finish(event, context, _what(event), _written(event), _summary(event), zero_exit=True)


def test_digest(event: ToolEvent, context: DigestContext) -> str:
    """A test run: command, exit code, the runner's summary line, first error line, size."""
    fields = ("tests " + _what(event), _written(event), _summary(event, label=""))
    return _finish(event, context, *fields, zero_exit=True)


def read_digest(event: ToolEvent, context: DigestContext) -> str:
    """A file read: path, line range when known, size."""
    scope = _read_scope(event)
    if scope is not None and not scope[2].startswith("cmd:"):
        span = scope[2]
        if span == "full":
            span = "whole file"
        elif span.startswith("tail"):
            span = f"last {span[4:]} lines"
        return _finish(event, context, f"read {scope[1]} {span}")
    paths = "read " + _paths_field(event.paths_read) if event.paths_read else "read"
    return _finish(event, context, paths, "via " + _what(event))


def _lines(text: str) -> str:
    count = text.count("\n") + 1 if text else 0
    return f"{count} line" if count == 1 else f"{count} lines"


def _change_field(arguments: Mapping[str, Any]) -> str | None:
    """What an edit or write changed, when the arguments say so cheaply."""
    old = next((arguments[k] for k in ("old_str", "old_string", "search") if k in arguments), None)
    new = next((arguments[k] for k in ("new_str", "new_string", "replace") if k in arguments), None)
    if isinstance(old, str) and isinstance(new, str):
        return f"replaced {_lines(old)} with {_lines(new)}"
    if isinstance(new, str) and "insert_line" in arguments:
        return f"inserted {_lines(new)} after line {arguments['insert_line']}"
    if isinstance(arguments.get("edits"), list):
        return f"{len(arguments['edits'])} edits"
    for key in ("patch", "diff", "input", "content", "file_text", "text", "contents", "code"):
        body = arguments.get(key)
        if not isinstance(body, str):
            continue
        lines = body.splitlines()
        if key in {"patch", "diff", "input"} and any(line[:1] in "+-" for line in lines):
            added = sum(1 for line in lines if line[:1] == "+" and not line.startswith("+++"))
            removed = sum(1 for line in lines if line[:1] == "-" and not line.startswith("---"))
            return f"+{added} -{removed} lines"
        if key not in {"patch", "diff", "input"}:
            return f"{_lines(body)}, {len(body):,} chars"
    return None


def write_digest(event: ToolEvent, context: DigestContext) -> str:
    """A file write, create or edit: every path written, what changed when known, outcome."""
    verb = "wrote" if event.kind == "write" else "edited"
    target = f"{verb} {_paths_field(event.paths_written)}" if event.paths_written else verb
    change = _command_field(event.command) if event.command else _change_field(event.arguments)
    outcome = None
    if event.exit_code is None and not event.error_lines and event.output:
        outcome = clip(_first_line(event.output)[0], FIELD_CHARS)  # "File created at ..."
    return _finish(event, context, target, change, outcome, _summary(event), zero_exit=True)


_WHERE_KEYS = ("directory", "dir", "root", "cwd", "include", "target_directories")


def search_digest(event: ToolEvent, context: DigestContext) -> str:
    """A search: pattern, where, and how many lines it printed."""
    paths = list(event.paths_read) or (
        _search_paths(event.command)
        if event.command
        else [v for k in _WHERE_KEYS if isinstance(v := event.arguments.get(k), str) and v]
    )
    what = "search"
    if event.pattern:
        what += " " + json.dumps(clip(event.pattern, FIELD_CHARS), ensure_ascii=False)
    if paths:
        what += " in " + _paths_field(paths, limit=200)
    command = _what(event) if event.command and not (event.pattern and paths) else None
    return _finish(event, context, what, command, _count_field(event.output, "matches"))


def list_digest(event: ToolEvent, context: DigestContext) -> str:
    """A directory listing: path and entry count."""
    paths = list(event.paths_read)
    parsed = _pipeline(event.command) if event.command and not paths else None
    if parsed is not None and len(parsed[1]) == 1:
        paths = _operands(parsed[1][0][0], parsed[1][0][1:])
    directory = event.arguments.get("directory") or event.arguments.get("dir")
    if not paths and isinstance(directory, str) and directory:
        paths = [directory]
    what = "list " + (_paths_field(paths, limit=200) if paths else _what(event))
    return _finish(event, context, what, _count_field(event.output, "entries"))


_HTTP_STATUS = re.compile(
    r"\bHTTP/\d(?:\.\d)?\s+(\d{3})\b|\bstatus(?:[ _-]?code)?[\"']?\s*[:=]\s*(\d{3})\b", re.I
)
_PAGE_URL = re.compile(r"^[\s\-*]*(?:page )?url:\s*(\S+)", re.I | re.M)
_PAGE_TITLE = re.compile(r"^[\s\-*]*(?:page )?title:\s*(.+)$|<title>([^<\n]+)</title>", re.I | re.M)


def web_digest(event: ToolEvent, context: DigestContext) -> str:
    """A web fetch: URL, HTTP status when the result shows one, size."""
    what = "fetch " + clip(event.url, 2 * FIELD_CHARS) if event.url else _what(event)
    status = _HTTP_STATUS.search((event.output or "")[:2_000])
    code = f"HTTP {status.group(1) or status.group(2)}" if status else None
    return _finish(event, context, what, code)


def browser_digest(event: ToolEvent, context: DigestContext) -> str:
    """A browser snapshot: page URL and title when visible, size."""
    head = (event.output or "")[:5_000]
    found = _PAGE_URL.search(head)
    url = event.url or (found.group(1) if found else None)
    match = _PAGE_TITLE.search(head)
    title = (match.group(1) or match.group(2)).strip() if match else ""
    what = "snapshot" + (" " + clip(url, 2 * FIELD_CHARS) if url else "")
    quoted = json.dumps(clip(title, FIELD_CHARS), ensure_ascii=False) if title else None
    return _finish(event, context, what, quoted)


def _arguments_field(arguments: Mapping[str, Any], limit: int = COMMAND_CHARS) -> str:
    """The first few arguments as ``key=value``, each value's first line shortened."""
    pieces: list[str] = []
    for key, value in list(arguments.items())[:4]:
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        line, more = _first_line(text)
        shown = clip(line, 60) + ("…" if more and not line.endswith("…") else "")
        pieces.append(shown if key == "_raw" else f"{key}={shown}")
    return clip(", ".join(pieces), limit)


def generic_digest(event: ToolEvent, context: DigestContext) -> str:
    """Any other tool: its first arguments, shortened, the outcome and the size."""
    return _finish(event, context, _arguments_field(event.arguments))


# --- the registry ------------------------------------------------------------------------------


class DigestRegistry:
    """Digest functions by tool name, glob over tool names, or event kind.

    :meth:`digest` uses the exact tool name first, then the longest matching glob (the one
    registered last wins a tie), then ``kind:<event kind>``, then :func:`generic_digest`.
    Whatever a function returns is made to keep the digest contract: one line, starting with
    ``[``, ending with the artifact uri. ``read_key`` replaces :func:`default_read_key`.
    """

    def __init__(self, *, read_key: ReadKeyFunction | None = None) -> None:
        self._names: dict[str, DigestFunction] = {}
        self._globs: dict[str, DigestFunction] = {}
        self._kinds: dict[str, DigestFunction] = {}
        self._read_key: ReadKeyFunction = read_key or default_read_key

    def register(self, name: str, function: DigestFunction) -> None:
        """Use ``function`` for a tool name, an fnmatch glob (``mcp__*``) or ``kind:<kind>``."""
        if not isinstance(name, str) or not name.strip():
            raise ConfigError("digest name", name, "a tool name, a glob or 'kind:<event kind>'")
        if not callable(function):
            raise ConfigError(f"digest for {name}", function, "a callable (event, context) -> str")
        if name.startswith("kind:"):
            if name[5:] not in EVENT_KINDS:
                expected = "kind:<one of " + ", ".join(sorted(EVENT_KINDS)) + ">"
                raise ConfigError("digest name", name, expected)
            self._kinds[name[5:]] = function
        elif any(char in name for char in "*?["):
            self._globs.pop(name, None)  # re-registering makes it the latest, for ties
            self._globs[name] = function
        else:
            self._names[name] = function

    def lookup(self, event: ToolEvent) -> DigestFunction:
        """The function :meth:`digest` uses for ``event``."""
        if event.tool in self._names:
            return self._names[event.tool]
        matches = [
            (len(pattern), order, function)
            for order, (pattern, function) in enumerate(self._globs.items())
            if fnmatch.fnmatchcase(event.tool, pattern)
        ]
        if matches:
            return max(matches, key=lambda match: match[:2])[2]
        return self._kinds.get(event.kind, generic_digest)

    def digest(self, event: ToolEvent, context: DigestContext) -> str:
        """The one-line digest of ``event``'s result, ending with ``context.uri``.

        Exceptions raised by a registered function propagate: a broken digest is a bug.
        """
        lines = str(self.lookup(event)(event, context)).splitlines()
        text = " ".join(line.strip() for line in lines if line.strip())
        if not text.startswith("["):
            text = f"[{event.tool or 'tool'}] {text}"
        return text if text.endswith(context.uri) else f"{text}{SEPARATOR}{context.uri}"

    def read_key(self, event: ToolEvent) -> str | None:
        """What makes two reads "the same read of the same file" (``None`` for non-reads)."""
        return self._read_key(event)

    def copy(self) -> DigestRegistry:
        """An independent registry with the same entries, to extend without touching this one."""
        other = DigestRegistry(read_key=self._read_key)
        other._names, other._globs = dict(self._names), dict(self._globs)
        other._kinds = dict(self._kinds)
        return other


def default_registry() -> DigestRegistry:
    """A registry with a digest for every event kind that toolcalls produces."""
    registry = DigestRegistry()
    for kind, function in (
        ("shell", shell_digest),
        ("test", test_digest),
        ("read", read_digest),
        ("write", write_digest),
        ("edit", write_digest),
        ("search", search_digest),
        ("list", list_digest),
        ("web", web_digest),
        ("browser", browser_digest),
        ("other", generic_digest),
    ):
        registry.register(f"kind:{kind}", function)
    return registry
