"""What a tool call did, read off its name, arguments and result, without an LLM.

:func:`tool_events` pairs every tool call of a transcript with its result and classifies it:
a shell command (and, inside it, file reads, writes, searches, test runs), a file read, a file
write or edit, a search, a listing, a web fetch, a browser snapshot, or anything else. Pruning
uses this to write one-line digests; the ledger uses it for files, commands, errors and tests.

Everything here is a pure function of strings; nothing runs the commands it reads.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from packlight.messages import Message, as_mapping, message_text, tool_calls_of

EventKind = Literal[
    "shell", "read", "write", "edit", "search", "list", "web", "browser", "test", "other"
]

SHELL_TOOLS = frozenset(
    {
        "bash",
        "shell",
        "terminal",
        "run_command",
        "execute_command",
        "exec",
        "sh",
        "run_shell",
        "run_terminal_cmd",
        "execute_bash",
        "cmd",
        "powershell",
    }
)
READ_TOOLS = frozenset({"read_file", "read", "view", "open_file", "cat", "view_file", "get_file"})
WRITE_TOOLS = frozenset({"write_file", "write", "create_file", "save_file", "write_to_file"})
EDIT_TOOLS = frozenset(
    {
        "edit_file",
        "edit",
        "str_replace",
        "str_replace_editor",
        "str_replace_based_edit_tool",
        "apply_patch",
        "patch",
        "replace_in_file",
        "multi_edit",
        "insert",
        "apply_diff",
    }
)
SEARCH_TOOLS = frozenset(
    {
        "grep",
        "search",
        "search_files",
        "ripgrep",
        "rg",
        "find",
        "glob",
        "codebase_search",
        "grep_search",
        "file_search",
        "web_search",
    }
)
LIST_TOOLS = frozenset({"ls", "list_dir", "list_directory", "list_files", "tree"})
WEB_TOOLS = frozenset({"fetch", "web_fetch", "http_get", "browse", "fetch_url", "curl", "read_url"})
BROWSER_TOOLS = frozenset(
    {"browser_snapshot", "browser", "browser_navigate", "snapshot", "page_snapshot", "screenshot"}
)

_PATH_KEYS = ("path", "file_path", "filepath", "file", "filename", "target_file", "absolute_path")
_PATTERN_KEYS = ("pattern", "query", "regex", "search", "glob", "q")
_URL_KEYS = ("url", "uri", "href")

# "<returncode>1</returncode>" (mini-swe-agent), "exit code: 1", "Exit status 1", "[exit 1]"
_EXIT_CODE = re.compile(
    r"<returncode>\s*(-?\d+)\s*</returncode>"
    r"|\bexit(?:ed)?(?: with)?(?: code| status)?[:= ]\s*(-?\d+)\b"
    r"|\[exit (-?\d+)\]",
    re.IGNORECASE,
)
_ERROR_LINE = re.compile(
    r"^\s*(Traceback \(most recent call last\)|[\w.]*(?:Error|Exception|Warning)\b.*?:|"
    # Dotted exception names that do not end in Error (django...ImproperlyConfigured: ...).
    r"(?:[a-z_]\w*\.)+[A-Z]\w+: |"
    r"(?:error|fatal|panic|FAILED|FAIL|ERROR)\b[:\s]|E\s{3}\S|"
    r".*\b(?:command not found|No such file or directory|Permission denied)\b)",
)
_ERROR_SCAN_CHARS = 100_000
_ERROR_PHRASE_TEXT = r"\b(?:command not found|No such file or directory|Permission denied)\b"
# The multiline scan of whole outputs leaves the phrases that may stand anywhere in a line to
# a search of their own: tried at every line start, ".*" ran to each line's end and back.
# It reads the output with a line break in front and starts each match with one, a literal
# the engine finds in C, where "^" was tried at every position.
_ERROR_LINE_START = re.compile(
    _ERROR_LINE.pattern.replace("^\\s*", "\\n[ \\t]*", 1).replace("|.*" + _ERROR_PHRASE_TEXT, "")
)
_ERROR_PHRASE = re.compile(_ERROR_PHRASE_TEXT)
# The phrases as plain substrings: "in" finds them (or their absence, the usual case) at
# memory speed, while the regex, starting with a word boundary, tries every position.
_ERROR_PHRASE_WORDS = ("command not found", "No such file or directory", "Permission denied")
_FILE_LIKE = re.compile(r"^[\w./~-]*[\w-]\.[A-Za-z0-9]{1,8}$|^[\w.~-]*/[\w./-]+$")
_HEREDOC_TARGET = re.compile(r"cat\s+(?:<<-?\s*['\"]?(\w+)['\"]?\s*)?>\s*([^\s;&|<>]+)")
_REDIRECT = re.compile(r"(?<![<>&\d])(?:>>?|\btee(?:\s+-a)?)\s*([^\s;&|<>()]+)")
_PY_WRITE = re.compile(
    r"open\(\s*(?:['\"]([^'\"]+)['\"]|(\w+))\s*,\s*['\"](?:w|a|r\+|wb|ab|w\+)['\"]"
)
_PY_ASSIGN = re.compile(r"^\s*(\w+)\s*=\s*['\"]([^'\"\n]+)['\"]", re.MULTILINE)
_TEST_COMMAND = re.compile(
    r"\b(pytest|py\.test|unittest|runtests\.py|tox|nox|npm (?:run )?test|yarn test|go test|"
    r"cargo test|mvn test|gradle test|make test|jest|vitest|phpunit|rspec)\b(?![.\w-])"
)
# The alternatives start with different characters, and each with a literal or a class, so
# that the engine skips a position at the first character of every alternative. A run of
# "=" or of digits is tried at its first character only: a match could not start later in
# the run where the run's start failed.
_TEST_SUMMARY = re.compile(
    r"(=(?<!==)=* .*?(?:passed|failed|error).*? =+|Ran \d+ tests? in [\d.]+s|"
    r"O(?<=^O)K\b.*$|F(?<=^F)AILED\b.*$|"
    r"\d(?<!\d\d)\d* passed(?:, \d+ \w+)*|Tests?:\s+\d+.*)",
    re.MULTILINE,
)
# A word each alternative of _TEST_SUMMARY holds (the first "passed", "failed" or "error",
# then "Ran ", "OK", "FAILED", "passed", "Test"): most outputs (a file listing, a grep, a
# diff) hold none, and "in" rules them out at memory speed where the pattern tries every
# "=", digit and capital.
_TEST_SUMMARY_WORDS = ("passed", "failed", "error", "Ran ", "OK", "FAILED", "Test")


@dataclass(frozen=True, slots=True)
class ShellInfo:
    """What a shell command does to files, as far as its text shows."""

    kind: EventKind
    paths_read: tuple[str, ...] = ()
    paths_written: tuple[str, ...] = ()
    pattern: str | None = None
    is_test: bool = False


@dataclass(frozen=True, slots=True)
class ToolEvent:
    """One tool call and its result, classified."""

    call_index: int
    """Index of the assistant message that made the call."""
    result_index: int | None
    """Index of the tool message answering it (``None`` when unanswered)."""
    call_id: str
    tool: str
    arguments: Mapping[str, Any]
    """Parsed JSON arguments (``{"_raw": text}`` when they are not a JSON object)."""
    kind: EventKind
    command: str | None = None
    paths_read: tuple[str, ...] = ()
    paths_written: tuple[str, ...] = ()
    pattern: str | None = None
    url: str | None = None
    output: str | None = None
    exit_code: int | None = None
    error_lines: tuple[str, ...] = ()
    test_summary: str | None = None
    is_test: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def failed(self) -> bool:
        """Whether the call visibly failed (non-zero exit, or error lines without an exit code)."""
        if self.exit_code is not None:
            return self.exit_code != 0
        return bool(self.error_lines) and self.kind in {"shell", "test"}

    @property
    def target(self) -> str:
        """The one thing the call was about: a path, a command, a pattern or a URL."""
        for value in (
            *self.paths_written,
            *self.paths_read,
            self.url,
            self.pattern,
            self.command,
        ):
            if value:
                return value
        return ""


def parse_arguments(text: str) -> Mapping[str, Any]:
    """Tool-call arguments as a mapping; text that is not a JSON object is kept under ``_raw``."""
    try:
        value = json.loads(text) if text else {}
    except json.JSONDecodeError:
        return {"_raw": text}
    return value if isinstance(value, Mapping) else {"_raw": text}


def exit_code_of(output: str) -> int | None:
    """The exit code a tool result reports, if it reports one."""
    match = _EXIT_CODE.search(output[:2_000]) or _EXIT_CODE.search(output[-500:])
    if not match:
        return None
    value = next(group for group in match.groups() if group is not None)
    return int(value)


# The same output comes back for another command (an unchanged test run, the same error):
# each is scanned once.
@functools.lru_cache(maxsize=8_192)
def error_lines_of(output: str, limit: int = 20) -> tuple[str, ...]:
    """Exact lines of a tool result that report an error or a traceback, in order."""
    found: list[str] = []
    if len(output) > 2 * _ERROR_SCAN_CHARS:
        # Errors sit at the start or the end of a run's output; the middle of a megabyte
        # diff or log is content. Scanning only the ends keeps this linear in what matters.
        head = output[:_ERROR_SCAN_CHARS]
        tail = output[-_ERROR_SCAN_CHARS:]
        merged = error_lines_of(head, limit) + error_lines_of(tail, limit)
        return tuple(dict.fromkeys(merged))[:limit]
    # Two scans of the whole text instead of a match per line: outputs run to thousands of
    # lines. Each finds where error lines start; the lines are read in order.
    starts: set[int] = set()
    padded = "\n" + output  # a match at padded[i] is the line that starts at output[i]
    position = 0
    while (match := _ERROR_LINE_START.search(padded, position)) is not None:
        starts.add(match.start())
        position = match.end()
        if padded[position - 1] == "\n":
            # The match took the line break ("error" before it): the next line still starts
            # right after it, as "^" saw it.
            position -= 1
    if any(phrase in output for phrase in _ERROR_PHRASE_WORDS):
        starts.update(
            output.rfind("\n", 0, match.start()) + 1 for match in _ERROR_PHRASE.finditer(output)
        )
    for start in sorted(starts):
        end = output.find("\n", start)
        line = output[start : end if end != -1 else len(output)]
        if len(line) > 2_000:
            continue
        stripped = line.strip()
        if stripped and stripped not in found:
            found.append(stripped)
            if len(found) >= limit:
                break
    return tuple(found)


@functools.lru_cache(maxsize=8_192)
def test_summary_of(output: str) -> str | None:
    """The last test-runner summary line of a result (pytest, unittest, jest...)."""
    tail = output[-20_000:]
    if not any(word in tail for word in _TEST_SUMMARY_WORDS):
        return None
    matches = _TEST_SUMMARY.findall(tail)
    return matches[-1].strip() if matches else None


def _looks_like_path(token: str) -> bool:
    return bool(token) and not token.startswith("-") and bool(_FILE_LIKE.match(token))


_SHELL_TOKEN = re.compile(r"""[;&|]+|(?:'[^']*'|"(?:\\.|[^"\\])*"|\\.|[^\s;&|'"\\])+""")
_QUOTED_SPAN = re.compile(r"'[^']*'|\"(?:\\.|[^\"\\])*\"")
_QUOTED = re.compile(r"""'([^']*)'|"((?:\\.|[^"\\])*)"|\\(.)""")


def _unquote(token: str) -> str:
    if "'" not in token and '"' not in token and "\\" not in token:
        return token
    return _QUOTED.sub(lambda m: next(g for g in m.groups() if g is not None), token)


def _split_segments(command: str) -> list[list[str]]:
    """Simple commands of a shell line (split on ``&&``, ``||``, ``;``, ``|``), heredocs dropped."""
    first_line, _, _ = command.partition("\n") if "<<" in command else (command, "", "")
    # A regex tokenizer: shlex is exact but costs ~100 us per command, and commands are
    # classified on every compaction; quoting is all that matters here.
    tokens = [_unquote(token) for token in _SHELL_TOKEN.findall(first_line)]
    segments: list[list[str]] = [[]]
    skip_next = False
    for token in tokens:
        if token and not token.strip(";&|"):  # only separators
            segments.append([])
        elif skip_next:
            skip_next = False  # the target of a redirection is not an argument
        elif token in {">", ">>", "<", "<<", "<<-", "2>", "&>", "2>>"}:
            skip_next = True
        elif token[:1] in {">", "<"} or token[:2] in {"2>", "&>"}:
            continue
        else:
            segments[-1].append(token)
    return [segment for segment in segments if segment]


_READERS = frozenset({"cat", "head", "tail", "less", "more", "nl", "sed", "awk", "bat", "view"})
_SEARCHERS = frozenset({"grep", "rg", "ag", "ack", "egrep", "fgrep", "find", "fd", "git-grep"})
_LISTERS = frozenset({"ls", "tree", "du", "stat"})
_WRITERS = frozenset({"touch", "mkdir", "cp", "mv", "rm", "patch", "truncate", "install"})


def _heredoc_python_writes(command: str) -> list[str]:
    """Paths a Python heredoc script opens for writing (``open("x.py", "w")``)."""
    variables = dict(_PY_ASSIGN.findall(command))
    written: list[str] = []
    for literal, name in _PY_WRITE.findall(command):
        path = literal or variables.get(name, "")
        if path and _looks_like_path(path):
            written.append(path)
    return written


# An agent runs the same command again and again (a reproduction script after each edit),
# each time with another output, so that _analyse sees it anew: each is read once. The
# ShellInfo is immutable.
@functools.lru_cache(maxsize=8_192)
def classify_shell(command: str) -> ShellInfo:
    """Read, written and searched paths of a shell command line (best effort, never raises)."""
    reads: list[str] = []
    writes: list[str] = []
    pattern: str | None = None
    kinds: list[EventKind] = []
    heredoc_targets = [target for _, target in _HEREDOC_TARGET.findall(command)]
    writes.extend(heredoc_targets)
    first_line = command.split("\n", 1)[0]
    # A ">" inside quotes is Python or awk code (python -c "if x > 1: ..."), not a redirect.
    for target in _REDIRECT.findall(_QUOTED_SPAN.sub(" ", first_line)):
        if target != "/dev/null" and not target.startswith("&") and _looks_like_path(target):
            writes.append(target)
    heredoc_is_python = any(target.endswith(".py") for target in heredoc_targets)
    if "<<" in command and (heredoc_is_python or re.search(r"\bpython[\d.]*\b", first_line)):
        writes.extend(_heredoc_python_writes(command))
    for segment in _split_segments(command):
        program = segment[0].rsplit("/", 1)[-1]
        args = segment[1:]
        if program == "git" and args[:1] == ["grep"]:
            program, args = "git-grep", args[1:]
        if program == "git" and args[:1] in (["apply"], ["am"], ["checkout"], ["restore"]):
            writes.extend(a for a in args[1:] if _looks_like_path(a))
            kinds.append("edit")
            continue
        if program == "sed" and not any(a in {"-e", "-f", "--expression", "--file"} for a in args):
            # Without -e/-f the first operand is the script (s/a.b/c/g), not a file.
            script = next((a for a in args if not a.startswith("-")), None)
            args = [a for a in args if a is not script]
        paths = [a for a in args if _looks_like_path(a)]
        if program == "sed" and any(a == "-i" or a.startswith("-i") for a in args):
            writes.extend(paths)
            kinds.append("edit")
        elif program in _READERS:
            reads.extend(paths)
            kinds.append("read")
        elif program in _SEARCHERS:
            positional = [a for a in args if not a.startswith("-")]
            if program in {"find", "fd"}:
                pattern = next(
                    (
                        args[i + 1]
                        for i, a in enumerate(args[:-1])
                        if a in {"-name", "-iname", "-path"}
                    ),
                    pattern,
                )
            elif positional:
                pattern = positional[0]
            kinds.append("search")
        elif program in _LISTERS:
            kinds.append("list")
        elif program in _WRITERS:
            if program not in {"rm"}:
                writes.extend(paths[-1:] if program in {"cp", "mv", "install"} else paths)
            kinds.append("edit")
    is_test = bool(_TEST_COMMAND.search(first_line))
    if is_test:
        kind: EventKind = "test"
    elif writes:
        kind = "write" if "write" in kinds or heredoc_targets else "edit"
    elif kinds:
        kind = "read" if "read" in kinds else kinds[0]
    else:
        kind = "shell"
    return ShellInfo(
        kind=kind,
        paths_read=tuple(dict.fromkeys(reads)),
        paths_written=tuple(dict.fromkeys(p for p in writes if p)),
        pattern=pattern,
        is_test=is_test,
    )


def _first_string(arguments: Mapping[str, Any], keys: Sequence[str]) -> str | None:
    for key in keys:
        value = arguments.get(key)
        if isinstance(value, str) and value:
            return value
    return None


def classify_call(name: str, arguments: Mapping[str, Any]) -> ShellInfo | None:
    """Classify a non-shell tool by its name and arguments (``None`` for shell tools)."""
    lowered = name.lower()
    command = _first_string(arguments, ("command", "cmd", "script"))
    if lowered in SHELL_TOOLS or (
        command is not None and len(arguments) <= 3 and lowered not in EDIT_TOOLS
    ):
        return None
    path = _first_string(arguments, _PATH_KEYS)
    paths = (path,) if path else ()
    if lowered in EDIT_TOOLS or "edit" in lowered or "replace" in lowered:
        # str_replace_editor-style tools carry the action in "command".
        if command in {"view", "read"}:
            return ShellInfo(kind="read", paths_read=paths)
        if command == "create":
            return ShellInfo(kind="write", paths_written=paths)
        return ShellInfo(kind="edit", paths_written=paths)
    if lowered in WRITE_TOOLS or "write" in lowered or "create" in lowered:
        return ShellInfo(kind="write", paths_written=paths)
    if lowered in READ_TOOLS or "read" in lowered:
        return ShellInfo(kind="read", paths_read=paths)
    if lowered in SEARCH_TOOLS or "search" in lowered or "grep" in lowered:
        return ShellInfo(
            kind="search", paths_read=paths, pattern=_first_string(arguments, _PATTERN_KEYS)
        )
    if lowered in LIST_TOOLS or lowered.startswith("list"):
        return ShellInfo(kind="list", paths_read=paths)
    if lowered in BROWSER_TOOLS or "browser" in lowered or "snapshot" in lowered:
        return ShellInfo(kind="browser")
    if lowered in WEB_TOOLS or "fetch" in lowered or _first_string(arguments, _URL_KEYS):
        return ShellInfo(kind="web")
    return ShellInfo(kind="other", paths_read=paths)


def tool_events(messages: Sequence[Message | Mapping[str, Any]]) -> list[ToolEvent]:
    """Every tool call of a transcript, paired with its result and classified, in call order."""
    results: dict[str, list[int]] = {}
    for index, message in enumerate(messages):
        data = as_mapping(message)
        if data.get("role") == "tool" and isinstance(data.get("tool_call_id"), str):
            results.setdefault(data["tool_call_id"], []).append(index)
    events: list[ToolEvent] = []
    for index, message in enumerate(messages):
        if as_mapping(message).get("role") != "assistant":
            continue
        for call in tool_calls_of(message):
            # Ids can be reused across turns: take the first answer after this call.
            answers = [i for i in results.get(call["id"], []) if i > index]
            result_index = answers[0] if answers else None
            output = message_text(messages[result_index]) if result_index is not None else None
            function = call["function"]
            name, arguments = str(function.get("name", "")), str(function.get("arguments", ""))
            events.append(_event(index, result_index, call["id"], name, arguments, output))
    return events


# Pruning and every later compaction of a session pair the same calls again: an event is a
# pure function of these values (whose hashes Python caches) and immutable, so each is built
# once; building the frozen dataclass cost more than looking up its analysis.
@functools.lru_cache(maxsize=8_192)
def _event(
    call_index: int,
    result_index: int | None,
    call_id: str,
    name: str,
    arguments_text: str,
    output: str | None,
) -> ToolEvent:
    analysis = _analyse(name, arguments_text, output)
    arguments, info, command, exit_code, errors, summary = analysis
    return ToolEvent(
        call_index=call_index,
        result_index=result_index,
        call_id=call_id,
        tool=name,
        arguments=arguments,
        kind=info.kind,
        command=command,
        paths_read=info.paths_read,
        paths_written=info.paths_written,
        pattern=info.pattern,
        url=_first_string(arguments, _URL_KEYS),
        output=output,
        exit_code=exit_code,
        error_lines=errors,
        test_summary=summary,
        is_test=info.is_test,
    )


_Analysis = tuple[Mapping[str, Any], ShellInfo, str | None, int | None, tuple[str, ...], str | None]


@functools.lru_cache(maxsize=8_192)
def _analyse(name: str, arguments_text: str, output: str | None) -> _Analysis:
    # Pruning and the ledger both read the same calls, and every later compaction of a
    # session reads most of them again: the analysis depends only on these three strings
    # (whose hashes Python caches), so it is computed once. Callers never mutate it.
    arguments = parse_arguments(arguments_text)
    info = classify_call(name, arguments)
    command: str | None = None
    if info is None:
        command = _first_string(arguments, ("command", "cmd", "script")) or str(
            arguments.get("_raw", "")
        )
        info = classify_shell(command)
    exit_code = exit_code_of(output) if output else None
    # A successful read shows file contents: "raise ValueError(...)" in a source file is
    # not an error the agent ran into (and its output is not scanned for one).
    read_fine = info.kind in {"read", "search", "list"} and not exit_code
    errors = error_lines_of(output) if output and not read_fine else ()
    summary = test_summary_of(output) if output and info.is_test else None
    return arguments, info, command, exit_code, errors, summary
