"""Read and write session files in the shapes agents leave behind.

Layouts understood (and written back in the same layout):

- ``list``: a JSON array of messages;
- ``object``: a JSON object with ``messages`` (OpenAI Chat or Anthropic, with Anthropic's
  ``system``) or ``input`` (OpenAI Responses, with ``instructions``), optional ``tools`` and any
  other keys (``id``, ``source``, ``license``, ``meta``...), which are kept as they are;
- ``jsonl-sessions``: one such object per line (several sessions in one file);
- ``jsonl-messages``: one message per line.

The message format (OpenAI Chat, Anthropic Messages, OpenAI Responses) is detected and the
messages are converted to the canonical shape; writing converts them back.

JSONL files are read line by line (:func:`iter_sessions`, :func:`iter_messages`), so a file
of thousands of sessions never has to fit in memory at once. Every problem raises
:class:`~packlight.errors.TranscriptError` naming the file, the line or message, and the field.

What is refused and what is accepted (the readers decide; nothing is repaired):

- refused, with the line and column: invalid or truncated JSON (a JSONL file whose last line
  was cut off, even when only an earlier session was asked for), ``NaN``/``Infinity`` and
  numbers beyond a double's range (they are not JSON, and would be written back), integers
  longer than Python reads (``sys.get_int_max_str_digits()``), JSON nested too deeply to read
  or convert (the message and field are named when the parser got that far), text that is not
  UTF-8 (UTF-16 is recognised), NUL bytes, an empty file, a directory, a device or a pipe;
- accepted: a UTF-8 byte order mark (skipped; not written back), duplicate keys (the last one
  wins, as in JSON parsers generally), and lone surrogates from ``"\\ud800"`` escapes (kept as
  they are; the writers and the store keep them exactly).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import stat
import sys
from collections.abc import Callable, Generator, Iterator, Mapping
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal, cast

from packlight.atomicfile import write_text_atomic
from packlight.errors import TranscriptError
from packlight.formats import Format, detect_format, from_canonical, to_canonical
from packlight.messages import Transcript, strip_packlight_message

Layout = Literal["list", "object", "jsonl-sessions", "jsonl-messages"]
JSONL_SUFFIXES = (".jsonl", ".ndjson")
_MESSAGE_KEYS = {"messages", "input", "system", "instructions", "tools"}


@dataclass(slots=True)
class SessionFile:
    """One session: canonical messages plus everything needed to write it back unchanged."""

    messages: Transcript
    tools: list[dict[str, Any]] = field(default_factory=list)
    format: Format = Format.OPENAI_CHAT
    layout: Layout = "object"
    extra: dict[str, Any] = field(default_factory=dict)
    """Top-level keys other than the messages and tools (``id``, ``meta``...), in file order.
    A key whose value did not go into ``messages`` or ``tools`` is here too, as it was: a
    ``system``, ``instructions`` or ``tools`` that is null, a Chat file's ``system``."""
    source: str | None = None
    """Where it was read from (path, and line for JSONL), for error messages."""
    keys: list[str] | None = None
    """The session object's top-level keys in file order, the messages (``messages`` or
    ``input``), ``system``, ``instructions`` and ``tools`` included. The object is written
    with its keys in this order, and with ``tools`` even when empty if it is listed here.
    ``None`` (a session not read from an object): ``extra``, then the messages, then
    ``tools`` when there are any."""
    input_text: bool = False
    """The Responses ``input`` was a string (the API's shorthand for one user message): it is
    written as a string again while the transcript is still that one message."""

    @property
    def session_id(self) -> str | None:
        value = self.extra.get("id")
        return value if isinstance(value, str) else None

    def to_json_object(self) -> Any:
        """The JSON value this session is written as (a list or an object).

        A session read from a file gives back the file's JSON value, same keys in the same
        order, for as long as its messages are the ones read.
        """
        if self.layout == "list":
            converted = from_canonical(self.messages, self.format)
            return converted["messages"] if self.format is Format.ANTHROPIC else converted
        written = self._conversation()
        if self.keys is None:
            body: dict[str, Any] = dict(self.extra)
            body.update(written)
            if self.tools or "tools" in self.extra:
                body["tools"] = self.tools
            return body
        if self.tools or "tools" in self.keys:
            # An empty list stands for any falsy value the file held (null, kept in extra).
            written["tools"] = self.tools or self.extra.get("tools", self.tools)
        body = {}
        for key in self.keys:
            if key in written:
                body[key] = written[key]
            elif key in self.extra:
                body[key] = self.extra[key]
        # Keys the file did not have (added to extra since, or a system parameter that
        # compaction created) follow the file's own.
        for key, value in itertools.chain(self.extra.items(), written.items()):
            body.setdefault(key, value)
        return body

    def _conversation(self) -> dict[str, Any]:
        """The keys that hold the messages, in the session's format."""
        if self.format is Format.ANTHROPIC:
            return dict(from_canonical(self.messages, self.format))
        if self.format is not Format.OPENAI_RESPONSES:
            return {"messages": from_canonical(self.messages, self.format)}
        body: dict[str, Any] = {}
        messages = self.messages
        # The file's instructions went into the transcript as its first message, unless
        # they were null (then they are in extra).
        read_instructions = "instructions" in (self.keys or ()) and "instructions" not in self.extra
        instructions = _instructions(messages[0]) if messages and read_instructions else None
        if instructions is not None:
            body["instructions"] = instructions
            messages = messages[1:]
        items = from_canonical(messages, self.format)
        body["input"] = items
        if self.input_text and len(items) == 1 and _is_user_text(items[0]):
            body["input"] = items[0]["content"]
        return body


def _is_user_text(item: Mapping[str, Any]) -> bool:
    """Whether a Responses item is what the ``input`` string shorthand stands for."""
    return (
        item.keys() == {"type", "role", "content"}
        and item["type"] == "message"
        and item["role"] == "user"
        and isinstance(item["content"], str)
    )


def _instructions(message: Mapping[str, Any]) -> str | None:
    """The text of a system message that can be the Responses ``instructions`` parameter."""
    clean = strip_packlight_message(message)
    content = clean.get("content")
    if clean.keys() == {"role", "content"} and clean["role"] == "system":
        return content if isinstance(content, str) else None
    return None


class _NotFinite(ValueError):
    """A JSON number Python would read as NaN or an infinity."""

    def __init__(self, token: str) -> None:
        super().__init__(token)
        self.token = token


def _reject_constant(token: str) -> Any:
    raise _NotFinite(token)


def _finite_float(token: str) -> float:
    value = float(token)
    if math.isinf(value):
        raise _NotFinite(token)
    return value


# NaN and Infinity are not JSON (Python reads them by default, and would write them back),
# and a number beyond a double's range would come back as Infinity.
_DECODER = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite_float)
_BARE_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[^\s"\[\]{},:]+')
_STRUCTURE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')
_NUMBER_PART = re.compile(r"[-+.eE0-9]+")


def _position(text: str, pos: int, line: int | None) -> str:
    """Where ``pos`` is: in a whole file its line and column, in a JSONL line its column."""
    column = pos - text.rfind("\n", 0, pos)
    if line is not None:
        return f"on line {line} column {column}"
    return f"at line {text.count(chr(10), 0, pos) + 1} column {column}"


def _bare_token(text: str, wanted: Callable[[str], bool]) -> re.Match[str] | None:
    """The first token outside strings (a number, a literal) for which ``wanted`` holds."""
    for match in _BARE_TOKENS.finditer(text):
        if match.group()[0] != '"' and wanted(match.group()):
            return match
    return None


def _deepest(text: str) -> tuple[int, int]:
    """How deep the JSON text nests, and the offset where it is deepest first."""
    depth = deepest = where = 0
    for match in _STRUCTURE.finditer(text):
        token = match.group()
        if token in {"[", "{"}:
            depth += 1
            if depth > deepest:
                deepest, where = depth, match.start()
        elif token in {"]", "}"}:
            depth -= 1
    return deepest, where


def _cut_off(exc: json.JSONDecodeError) -> bool:
    """Whether the text failed only because it ends too early (it is the beginning of a
    JSON value): the error is at its end, in a string, or in a last literal or number."""
    rest = exc.doc[exc.pos :].strip()
    return (
        not rest
        or exc.msg.startswith("Unterminated string")
        or (exc.msg.startswith("Invalid \\uXXXX escape") and len(rest) < 6)
        or any(literal.startswith(rest) for literal in ("null", "true", "false"))
        or _NUMBER_PART.fullmatch(rest) is not None
    )


def _decode_error(
    exc: json.JSONDecodeError, source: str, line: int | None = None
) -> TranscriptError:
    """``exc`` as a :class:`TranscriptError`; ``line`` is the JSONL line ``exc.doc`` was."""
    cut = _cut_off(exc)
    if line is None and cut:
        problem = f"the file ends in the middle of a JSON value ({exc.msg}); is it truncated?"
    elif cut and not exc.doc.endswith("\n"):
        problem = f"line {line} ends in the middle of a JSON value; is the file truncated?"
    else:
        problem = f"invalid JSON {_position(exc.doc, exc.pos, line)}: {exc.msg}"
        if exc.msg == "Extra data" and line is None:
            problem += " (more than one JSON value; one per line is JSONL: name it .jsonl)"
    return TranscriptError(problem, source=source)


def _loads(text: str, source: str, line: int | None = None) -> Any:
    """``text`` as one JSON value, refusing what JSON cannot hold (NaN, infinities, numbers
    Python will not read) and nesting too deep to read, each with where it is."""
    try:
        return _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise _decode_error(exc, source, line) from exc
    except _NotFinite as exc:
        found = _bare_token(text, exc.token.__eq__)
        pos = found.start() if found is not None else 0
        what = (
            f"{exc.token} is not a JSON number"
            if exc.token in {"NaN", "Infinity", "-Infinity"}
            else f"the number {exc.token} is out of range (it would be read as infinity)"
        )
        problem = f"invalid JSON {_position(text, pos, line)}: {what}"
        raise TranscriptError(problem, source=source) from exc
    except RecursionError as exc:
        depth, pos = _deepest(text)
        problem = f"JSON nested {depth} levels deep {_position(text, pos, line)}: too deep to read"
        raise TranscriptError(problem, source=source) from exc
    except ValueError as exc:
        # int() refuses more digits than sys.get_int_max_str_digits() (4,300 by default).
        limit = sys.get_int_max_str_digits()
        found = _bare_token(text, lambda token: len(token.lstrip("-")) > limit)
        if found is None:
            raise TranscriptError(f"unreadable JSON: {exc}", source=source) from exc
        digits = len(found.group().lstrip("-"))
        problem = (
            f"invalid JSON {_position(text, found.start(), line)}: a number of {digits:,} digits "
            f"(at most {limit:,} can be read)"
        )
        raise TranscriptError(problem, source=source) from exc


def _path_to_deepest(value: Any) -> tuple[int, list[str | int]]:
    """How deep a decoded value nests, and the keys and indexes down to its deepest point."""
    parents: list[tuple[int, str | int]] = [(-1, "")]
    stack: list[tuple[Any, int, int]] = [(value, 1, 0)]
    deepest, record = 0, 0
    while stack:
        node, depth, here = stack.pop()
        if depth > deepest:
            deepest, record = depth, here
        items = node.items() if isinstance(node, Mapping) else enumerate(node)
        for key, child in items:
            if isinstance(child, (Mapping, list)):
                parents.append((here, key))
                stack.append((child, depth + 1, len(parents) - 1))
    path: list[str | int] = []
    while record > 0:
        record, key = parents[record]
        path.append(key)
    return deepest, path[::-1]


def _too_deep(value: Any, source: str) -> TranscriptError:
    """The error for a value that nests too deeply for packlight's recursive steps."""
    depth, path = _path_to_deepest(value)
    if isinstance(value, Mapping) and path[:1] in (["messages"], ["input"]):
        path = path[1:]  # messages[3]... is message 3
    index = path[0] if path and isinstance(path[0], int) else None
    rest = path[1:] if index is not None else path
    shown = "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in rest[:4])
    more = "..." if len(rest) > 4 else ""
    return TranscriptError(
        f"JSON nested {depth} levels deep: too deep to process",
        index=index,
        field=(shown.lstrip(".") + more) or None,
        source=source,
    )


def _parse(data: Any, *, source: str, layout: Layout | None = None) -> SessionFile:
    """:func:`parse_session` for a value read from a file: any failure names the file."""
    try:
        return parse_session(data, source=source, layout=layout)
    except RecursionError as exc:
        raise _too_deep(data, source) from exc
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
        # A shape the format adapters did not foresee: still the file's fault, not a crash.
        raise TranscriptError(
            f"the session does not have the expected shape ({type(exc).__name__}: {exc})",
            source=source,
        ) from exc


def _located(exc: TranscriptError, source: str) -> TranscriptError:
    return exc if exc.source else exc.located(source)


def parse_session(
    data: Any, *, source: str = "<data>", layout: Layout | None = None
) -> SessionFile:
    """A session from an already-decoded JSON value (a list of messages or a session object)."""
    try:
        if isinstance(data, list):
            fmt = detect_format(data)
            return SessionFile(
                messages=to_canonical(data, fmt), format=fmt, layout=layout or "list", source=source
            )
        if not isinstance(data, Mapping):
            raise TranscriptError(
                f"top-level value is {type(data).__name__}",
                expected="a list of messages or an object with 'messages'",
            )
        if "messages" not in data and "input" not in data:
            raise TranscriptError(
                "no 'messages' (or Responses 'input') list in the session object",
                field="messages",
                expected="a list of messages",
            )
        tools = data.get("tools") or []
        if not isinstance(tools, list):
            raise TranscriptError(
                f"tools is {type(tools).__name__}", field="tools", expected="a list of tool schemas"
            )
        for position, tool in enumerate(tools):
            if not isinstance(tool, Mapping):
                raise TranscriptError(
                    f"tool {position} is {type(tool).__name__}",
                    field=f"tools[{position}]",
                    expected="an object (a tool schema)",
                )
        fmt = detect_format(dict(data))
        messages = to_canonical(dict(data), fmt)
        # Every key whose value is not now in messages or tools stays as it is, so that the
        # object can be written back whole.
        taken = {"tools"} if isinstance(data.get("tools"), list) else set()
        if fmt is Format.ANTHROPIC:
            taken |= {"messages", "system"} if data.get("system") is not None else {"messages"}
        elif fmt is Format.OPENAI_RESPONSES:
            read = data.get("instructions") is not None
            taken |= {"input", "instructions"} if read else {"input"}
        else:
            taken.add("messages")
        return SessionFile(
            messages=messages,
            tools=[dict(tool) for tool in tools],
            format=fmt,
            layout=layout or "object",
            extra={k: v for k, v in data.items() if k not in taken},
            source=source,
            keys=list(data),
            input_text=fmt is Format.OPENAI_RESPONSES and isinstance(data.get("input"), str),
        )
    except TranscriptError as exc:
        raise _located(exc, source) from exc


def _looks_like_jsonl(path: Path, head: str) -> bool:
    if path.suffix.lower() in JSONL_SUFFIXES:
        return True
    first, _, rest = head.lstrip().partition("\n")
    if not first.startswith("{") or not rest.strip():
        return False
    try:
        json.loads(first)
    except json.JSONDecodeError:
        return False
    return True


def _jsonl_lines(stream: IO[str], source: str) -> Iterator[tuple[int, Any]]:
    """The JSON value of every non-blank line, with its line number."""
    for number, line in enumerate(stream, start=1):
        if line.strip():
            yield number, _loads(line, source, number)


def _open_text(path: Path) -> IO[str]:
    """``path`` opened for reading as UTF-8 (a byte order mark skipped), or a
    :class:`TranscriptError` saying why it cannot be: missing, a directory, not a file."""
    source = str(path)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError as exc:
        raise TranscriptError("no such file", source=source) from exc
    except OSError as exc:
        raise TranscriptError(
            f"cannot read the file: {exc.strerror or exc}", source=source
        ) from exc
    if stat.S_ISDIR(mode):
        raise TranscriptError("it is a directory, not a session file", source=source)
    if not stat.S_ISREG(mode):
        # A device or a pipe might never end, and cannot be read twice (format detection).
        raise TranscriptError("not a regular file (a device, pipe or socket)", source=source)
    try:
        return path.open(encoding="utf-8-sig")
    except OSError as exc:
        raise TranscriptError(
            f"cannot read the file: {exc.strerror or exc}", source=source
        ) from exc


@contextmanager
def _read_errors(path: Path) -> Iterator[None]:
    """Reading ``path``: an I/O failure or text that is not UTF-8 becomes a TranscriptError
    naming the file (and, for bad bytes, where they are)."""
    try:
        yield
    except OSError as exc:
        raise TranscriptError(
            f"cannot read the file: {exc.strerror or exc}", source=str(path)
        ) from exc
    except UnicodeDecodeError as exc:
        raise _not_utf8(path) from exc


def _not_utf8(path: Path) -> TranscriptError:
    """Where a file stops being UTF-8 (read again, byte by byte, only once it has failed)."""
    source = str(path)
    with path.open("rb") as stream:
        if stream.read(2) in (b"\xff\xfe", b"\xfe\xff"):
            return TranscriptError(
                "the file is UTF-16 text; packlight reads UTF-8 "
                "(convert it, e.g. iconv -f UTF-16 -t UTF-8)",
                source=source,
            )
        stream.seek(0)
        for number, raw in enumerate(stream, start=1):
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                return TranscriptError(
                    f"the file is not UTF-8 text: line {number}, byte {exc.start + 1} "
                    f"is 0x{raw[exc.start]:02x}",
                    source=source,
                )
    return TranscriptError("the file is not UTF-8 text", source=source)


def _check_last_line(path: Path) -> None:
    """Refuse a JSONL file whose last line was cut off (no newline, not a whole JSON value),
    reading only that line: the lines before it may not have been read at all."""
    with path.open("rb") as stream:
        end = stream.seek(0, os.SEEK_END)
        if end == 0:
            return
        stream.seek(end - 1)
        if stream.read(1) == b"\n":
            return
        chunks: list[bytes] = []
        start = end
        while start > 0:
            step = min(65_536, start)
            start -= step
            stream.seek(start)
            chunk = stream.read(step)
            newline = chunk.rfind(b"\n")
            if newline >= 0:
                chunks.append(chunk[newline + 1 :])
                start += newline + 1
                break
            chunks.append(chunk)
        last = b"".join(reversed(chunks))
        if not last.strip():
            return
        try:
            _DECODER.decode(last.decode("utf-8-sig"))
            return
        except UnicodeDecodeError as exc:
            raise _not_utf8(path) from exc
        except (ValueError, RecursionError):
            pass
        stream.seek(0)
        number = 1
        while stream.tell() < start:
            number += stream.read(min(1 << 20, start - stream.tell())).count(b"\n")
    _loads(last.decode("utf-8-sig"), str(path), number)


def _is_session_object(value: Any) -> bool:
    return isinstance(value, Mapping) and bool(_MESSAGE_KEYS & {"messages", "input"} & value.keys())


def iter_sessions(path: str | Path) -> Generator[SessionFile, None, None]:
    """Every session in a file, one at a time (JSONL files are streamed line by line)."""
    path = Path(path)
    source = str(path)
    with _read_errors(path), _open_text(path) as stream:
        head = stream.read(65_536)
        if "\x00" in head:
            raise TranscriptError(
                "the file is binary (it holds NUL bytes), not JSON text", source=source
            )
        if not head.strip() and len(head) < 65_536:
            raise TranscriptError("the file is empty", source=source)
        stream.seek(0)
        if _looks_like_jsonl(path, head):
            lines = _jsonl_lines(stream, source)
            first = next(lines, None)
            if first is None:
                raise TranscriptError("the file holds no JSON lines", source=source)
            if not _is_session_object(first[1]):
                messages = [first[1], *(value for _, value in lines)]
                yield _parse(messages, source=source, layout="jsonl-messages")
                return
            for number, value in itertools.chain([first], lines):
                yield _parse(value, source=f"{source}:{number}", layout="jsonl-sessions")
            return
        text = stream.read()
    if not text.strip():
        raise TranscriptError("the file is empty", source=source)
    yield _parse(_loads(text, source), source=source)


def iter_messages(path: str | Path) -> Iterator[dict[str, Any]]:
    """Raw messages of a one-message-per-line JSONL file, streamed (no format conversion)."""
    path = Path(path)
    source = str(path)
    with _read_errors(path), _open_text(path) as stream:
        for number, value in _jsonl_lines(stream, source):
            if not isinstance(value, dict):
                raise TranscriptError(
                    f"line {number} holds {type(value).__name__}",
                    source=source,
                    expected="a message",
                )
            yield value


def read_session(path: str | Path, *, index: int = 0) -> SessionFile:
    """The ``index``-th session of a file (the only one, for most files).

    Of a file with one session per line, the lines after that session are not read, except
    the last one: a file whose last line was cut off is refused as truncated.
    """
    if index < 0:
        raise TranscriptError(f"session index {index} is negative", source=str(path))
    count = 0
    with closing(iter_sessions(path)) as sessions:
        for position, session in enumerate(sessions):
            if position == index:
                if session.layout == "jsonl-sessions":
                    _check_last_line(Path(path))
                return session
            count = position + 1
    raise TranscriptError(
        f"the file has no session number {index} (it holds {count})", source=str(path)
    )


def dumps_session(session: SessionFile, *, indent: int | None = None) -> str:
    """The text of one session in its own layout (a single line for JSONL layouts).

    ``json.dumps`` with ``ensure_ascii=False`` (non-ASCII characters as they are) and the
    default separators, ending in a newline; ``indent`` applies to the ``list`` and
    ``object`` layouts. A value holding a lone surrogate (a ``"\\ud800"`` escape in the
    input), which is not UTF-8 text, is written ASCII-escaped instead: the same JSON value.
    """
    if session.layout == "jsonl-messages":
        converted = cast(list[Any], _as_list(session).to_json_object())
        return "".join(_dumps(m) + "\n" for m in converted)
    if session.layout == "jsonl-sessions":
        return _dumps(session.to_json_object()) + "\n"
    return _dumps(session.to_json_object(), indent=indent) + "\n"


def _dumps(value: Any, *, indent: int | None = None) -> str:
    try:
        # allow_nan=False: NaN and Infinity are not JSON; a file holding them is refused on
        # read, and a transcript built in code that holds them must not be written as if valid.
        text = json.dumps(value, ensure_ascii=False, indent=indent, allow_nan=False)
    except ValueError as exc:
        raise TranscriptError(
            f"the session holds a value JSON cannot express ({exc})",
            expected="finite numbers (no NaN or Infinity)",
        ) from exc
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, ensure_ascii=True, indent=indent)
    return text


def _as_list(session: SessionFile) -> SessionFile:
    return SessionFile(messages=session.messages, format=session.format, layout="list")


def write_session(path: str | Path, session: SessionFile, *, indent: int | None = None) -> None:
    """Write one session to ``path`` in its own layout, atomically (temp file, then rename),
    readable by its owner only (0600 on POSIX)."""
    write_sessions(path, [session], indent=indent)


def write_sessions(
    path: str | Path, sessions: list[SessionFile], *, indent: int | None = None
) -> None:
    """Write sessions to ``path``; several sessions need the ``jsonl-sessions`` layout."""
    path = Path(path)
    if len(sessions) != 1 and any(s.layout != "jsonl-sessions" for s in sessions):
        raise TranscriptError(
            "several sessions can only be written one per line",
            source=str(path),
            expected="layout 'jsonl-sessions'",
        )
    # Atomic: a temporary file beside the target, removed if anything fails (atomicfile);
    # private (0600 on POSIX): a transcript is for its owner's eyes (docs/security.md).
    text = "".join(dumps_session(s, indent=indent) for s in sessions)
    write_text_atomic(path, text, private=True)
