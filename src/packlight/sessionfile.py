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
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal, cast

from packlight.errors import TranscriptError
from packlight.formats import Format, detect_format, from_canonical, to_canonical
from packlight.messages import Transcript

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
    """Top-level keys other than the messages and tools (``id``, ``meta``...), in file order."""
    source: str | None = None
    """Where it was read from (path, and line for JSONL), for error messages."""

    @property
    def session_id(self) -> str | None:
        value = self.extra.get("id")
        return value if isinstance(value, str) else None

    def to_json_object(self) -> Any:
        """The JSON value this session is written as (a list or an object)."""
        if self.layout == "list":
            converted = from_canonical(self.messages, self.format)
            return converted["messages"] if self.format is Format.ANTHROPIC else converted
        body: dict[str, Any] = dict(self.extra)
        converted = from_canonical(self.messages, self.format)
        if self.format is Format.ANTHROPIC:
            body.update(converted)
        elif self.format is Format.OPENAI_RESPONSES:
            body["input"] = converted
        else:
            body["messages"] = converted
        if self.tools or "tools" in self.extra:
            body["tools"] = self.tools
        return body


def _decode_error(exc: json.JSONDecodeError, source: str, line_offset: int = 0) -> TranscriptError:
    if exc.pos >= len(exc.doc.rstrip()):
        problem = f"the file ends in the middle of a JSON value ({exc.msg}); is it truncated?"
    else:
        problem = f"invalid JSON at line {exc.lineno + line_offset} column {exc.colno}: {exc.msg}"
    return TranscriptError(problem, source=source)


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
        fmt = detect_format(dict(data))
        messages = to_canonical(dict(data), fmt)
        extra = {k: v for k, v in data.items() if k not in _MESSAGE_KEYS}
        if fmt is Format.OPENAI_CHAT and ("system" in data or "instructions" in data):
            extra.update({k: data[k] for k in ("system", "instructions") if k in data})
        return SessionFile(
            messages=messages,
            tools=[dict(tool) for tool in tools],
            format=fmt,
            layout=layout or "object",
            extra=extra,
            source=source,
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
    for number, line in enumerate(stream, start=1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as exc:
            if not line.endswith("\n") and exc.pos >= len(line.rstrip()):
                raise TranscriptError(
                    f"line {number} ends in the middle of a JSON value; is the file truncated?",
                    source=source,
                ) from exc
            raise TranscriptError(
                f"invalid JSON on line {number} column {exc.colno}: {exc.msg}", source=source
            ) from exc


def _is_session_object(value: Any) -> bool:
    return isinstance(value, Mapping) and bool(_MESSAGE_KEYS & {"messages", "input"} & value.keys())


def iter_sessions(path: str | Path) -> Iterator[SessionFile]:
    """Every session in a file, one at a time (JSONL files are streamed line by line)."""
    path = Path(path)
    source = str(path)
    try:
        with path.open(encoding="utf-8") as stream:
            head = stream.read(65_536)
            if not head.strip():
                raise TranscriptError("the file is empty", source=source)
            stream.seek(0)
            if _looks_like_jsonl(path, head):
                lines = _jsonl_lines(stream, source)
                first = next(lines, None)
                if first is None:
                    raise TranscriptError("the file holds no JSON lines", source=source)
                if not _is_session_object(first[1]):
                    messages = [first[1], *(value for _, value in lines)]
                    yield parse_session(messages, source=source, layout="jsonl-messages")
                    return
                for number, value in itertools.chain([first], lines):
                    yield parse_session(value, source=f"{source}:{number}", layout="jsonl-sessions")
                return
            text = stream.read()
    except OSError as exc:
        raise TranscriptError(
            f"cannot read the file: {exc.strerror or exc}", source=source
        ) from exc
    except UnicodeDecodeError as exc:
        raise TranscriptError("the file is not UTF-8 text", source=source) from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _decode_error(exc, source) from exc
    yield parse_session(data, source=source)


def iter_messages(path: str | Path) -> Iterator[dict[str, Any]]:
    """Raw messages of a one-message-per-line JSONL file, streamed (no format conversion)."""
    path = Path(path)
    with path.open(encoding="utf-8") as stream:
        for _, value in _jsonl_lines(stream, str(path)):
            if not isinstance(value, dict):
                raise TranscriptError(
                    f"a line holds {type(value).__name__}", source=str(path), expected="a message"
                )
            yield value


def read_session(path: str | Path, *, index: int = 0) -> SessionFile:
    """The ``index``-th session of a file (the only one, for most files)."""
    if index < 0:
        raise TranscriptError(f"session index {index} is negative", source=str(path))
    for position, session in enumerate(iter_sessions(path)):
        if position == index:
            return session
    raise TranscriptError(
        f"the file has no session number {index} (it holds {position + 1})", source=str(path)
    )


def dumps_session(session: SessionFile, *, indent: int | None = None) -> str:
    """The text of one session in its own layout (a single line for JSONL layouts)."""
    if session.layout == "jsonl-messages":
        converted = cast(list[Any], _as_list(session).to_json_object())
        return "".join(json.dumps(m, ensure_ascii=False) + "\n" for m in converted)
    if session.layout == "jsonl-sessions":
        return json.dumps(session.to_json_object(), ensure_ascii=False) + "\n"
    return json.dumps(session.to_json_object(), ensure_ascii=False, indent=indent) + "\n"


def _as_list(session: SessionFile) -> SessionFile:
    return SessionFile(messages=session.messages, format=session.format, layout="list")


def write_session(path: str | Path, session: SessionFile, *, indent: int | None = None) -> None:
    """Write one session to ``path`` in its own layout, atomically (temp file, then rename)."""
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
    text = "".join(dumps_session(s, indent=indent) for s in sessions)
    temporary = path.with_name(f".{path.name}.packlight-tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)
