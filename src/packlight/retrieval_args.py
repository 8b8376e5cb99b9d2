"""What a retrieval tool call may contain: the tool schemas and the reading of the arguments.

:data:`TOOL_SCHEMAS` offers the tools to the model as OpenAI function tools;
:func:`tool_schemas` builds them with other limits in their text. :func:`parse_arguments`,
:class:`Arguments`, :func:`parse_artifact_id` and :func:`compile_pattern` read one call's
arguments and raise :class:`CallError` for a call the model got wrong, with a message that says
how to fix it (:meth:`packlight.retrieval.RetrievalTools.handle` returns it as the ``error:``
result). Running the tools is :mod:`packlight.retrieval`'s job.

Models send ``"5"`` or ``5.0`` for ``5`` and copy citations with quotes, backticks or a full
stop around them; those are accepted. Counted repeats in a grep pattern are bounded before
compiling, because compiling ``a{1000000}`` alone takes seconds and hundreds of megabytes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import regex

MAX_SEARCH_RESULTS = 50
MAX_GREP_MATCHES = 500
MAX_QUERY_CHARS = 1_000
MAX_REPEAT_COUNT = 1_000
"""Largest ``{n}`` a grep pattern may use; a larger one costs seconds to compile."""
MAX_REPEAT_PRODUCT = 100_000
"""Largest product of all ``{n}`` counts of a pattern (nested repeats multiply)."""

_ID_FORM = re.compile(r"(?:artifact://)?([A-Za-z0-9_-]+)(?:#(.*))?", re.IGNORECASE)
_FRAGMENT = re.compile(r"L?(\d+)(?:-L?(\d+))?", re.IGNORECASE)
_WRAPPING = re.compile(r"^[^A-Za-z0-9]+|[^A-Za-z0-9]+$")
_COUNTED_REPEAT = re.compile(r"(?<!\\)\{(\d*)(?:,(\d*))?\}")


# --- schemas ---------------------------------------------------------------------------------


def _integer(description: str, default: int | None, maximum: int | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": 1, "description": description}
    schema.update({"default": default} if default is not None else {})
    schema.update({"maximum": maximum} if maximum is not None else {})
    return schema


def _tool(name: str, description: str, properties: dict[str, Any]) -> dict[str, Any]:
    required = [key for key, value in properties.items() if value.pop("required", False)]
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": False,
            },
        },
    }


def tool_schemas(
    max_result_chars: int, grep_seconds: float, max_pattern_chars: int
) -> list[dict[str, Any]]:
    """The tools as OpenAI function schemas, with these limits in their descriptions."""
    bounded = (
        f"Results are at most {max_result_chars:,} characters; a result that was cut ends with "
        "'[cut: N more chars; ...]' and says where to continue."
    )
    ids = (
        "Artifact ids look like artifact://a3f... (copy them from a checkpoint, a digest, a "
        "preview or another retrieval result); the bare id without artifact:// works too."
    )
    return [
        _tool(
            "context_search",
            "Search everything archived from earlier in this conversation (full tool outputs, "
            "messages a compaction replaced, ledgers) for words, case-insensitively. Returns "
            "the best hits first, one per artifact: its citation artifact://ID#L<line>, its "
            "kind and the matching line. Read around a hit with context_read(id=<citation>). "
            f"Use context_grep for exact text or a regular expression. {bounded}",
            {
                "query": {"type": "string", "description": "Words to look for.", "required": 1},
                "limit": _integer("How many hits to return (1-50, default 5).", 5, 50),
            },
        ),
        _tool(
            "context_read",
            "Read lines of one archived artifact: the full original of something removed from "
            "the context (a tool output, the messages a compaction replaced, one JSON message "
            f"per line, a ledger). {ids} A citation with a line range such as "
            "artifact://ID#L3-L9 reads those lines when start_line and end_line are not given. "
            "Returns a header 'artifact://ID lines A-B of N (kind, details)' and then numbered "
            f"lines 'A| text'. {bounded}",
            {
                "id": {
                    "type": "string",
                    "description": "artifact://ID, artifact://ID#L3-L9 or ID.",
                    "required": 1,
                },
                "start_line": _integer("First line to show (1-based, default 1).", 1),
                "end_line": _integer("Last line to show, inclusive (omit: to the end).", None),
            },
        ),
        _tool(
            "context_grep",
            "Find the lines matching a regular expression (Python syntax, case-sensitive; start "
            "it with (?i) to ignore case; escape . * ( [ etc. to match them literally) in one "
            "archived artifact, or in every artifact of this conversation when id is omitted. "
            "Returns one line per matching line, 'artifact://ID#L<n>: text', and how many more "
            f"matched than were shown. Patterns are limited to {max_pattern_chars} characters "
            f"and {grep_seconds:g} s of matching. {bounded}",
            {
                "pattern": {"type": "string", "description": "The regex.", "required": 1},
                "id": {
                    "type": "string",
                    "description": "Only this artifact (artifact://ID or ID); omit for all.",
                },
                "max_matches": _integer(
                    "How many matching lines to show (1-500, default 50).", 50, MAX_GREP_MATCHES
                ),
            },
        ),
        _tool(
            "context_expand",
            "Show the original messages that a compaction replaced: give the span artifact a "
            "checkpoint cites in its Archive section (artifact://ID; artifact://ID#L3-L9 shows "
            "only messages 3-9 of the span). Returns each message with its role, tool name, "
            "tool-call id and content; long messages are shortened and name the context_read "
            f"call that shows them whole. {bounded}",
            {
                "compaction_id": {
                    "type": "string",
                    "description": "The span artifact: artifact://ID, artifact://ID#L3-L9 or ID.",
                    "required": 1,
                },
            },
        ),
    ]


TOOL_SCHEMAS: list[dict[str, Any]] = tool_schemas(12_000, 1.0, 500)
"""The retrieval tools as OpenAI function-tool schemas (default limits)."""

TOOL_NAMES: frozenset[str] = frozenset(schema["function"]["name"] for schema in TOOL_SCHEMAS)


# --- arguments -------------------------------------------------------------------------------


class CallError(Exception):
    """A tool call the model must fix; the message becomes the ``error:`` result."""


def parse_arguments(name: str, arguments: Mapping[str, Any] | str | None) -> Mapping[str, Any]:
    if arguments is None:
        return {}
    if isinstance(arguments, str):
        if not arguments.strip():
            return {}
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError as exc:
            raise CallError(
                f"the arguments of {name} are not valid JSON ({exc.msg} at character "
                f"{exc.pos}); send a JSON object such as {_EXAMPLES[name]}."
            ) from None
    if not isinstance(arguments, Mapping):
        raise CallError(
            f"the arguments of {name} must be a JSON object, not {type(arguments).__name__}; "
            f"for example {_EXAMPLES[name]}."
        )
    return arguments


_EXAMPLES = {
    "context_search": '{"query": "migration error", "limit": 5}',
    "context_read": '{"id": "artifact://a3f...", "start_line": 1, "end_line": 80}',
    "context_grep": '{"pattern": "Traceback", "id": "artifact://a3f..."}',
    "context_expand": '{"compaction_id": "artifact://a3f..."}',
}


class Arguments:
    """Typed access to one call's arguments, with errors that say how to fix the call."""

    def __init__(self, tool: str, values: Mapping[str, Any], allowed: Sequence[str]) -> None:
        unknown = [str(key) for key in values if key not in allowed]
        if unknown:
            raise CallError(
                f"{tool} does not take {', '.join(repr(k) for k in unknown)}; its arguments "
                f"are {', '.join(allowed)}, for example {_EXAMPLES[tool]}."
            )
        self.tool = tool
        self.values = values

    def given(self, key: str) -> bool:
        return self.values.get(key) is not None

    def string(self, key: str, *, required: bool) -> str | None:
        value = self.values.get(key)
        if value is None:
            if required:
                raise CallError(
                    f"{self.tool} needs the argument {key!r} (a string), for example "
                    f"{_EXAMPLES[self.tool]}."
                )
            return None
        if not isinstance(value, str):
            raise CallError(
                f"the argument {key!r} of {self.tool} must be a string, not "
                f"{_describe(value)}; for example {_EXAMPLES[self.tool]}."
            )
        return value

    def integer(self, key: str, default: int | None) -> int | None:
        value = self.values.get(key)
        if value is None:
            return default
        # Models often send "5" or 5.0 for 5; any other shape is a mistake worth reporting.
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and value.strip().lstrip("-").isdecimal():
            return int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int):
            raise CallError(
                f"the argument {key!r} of {self.tool} must be a whole number, not "
                f"{_describe(value)}; for example {_EXAMPLES[self.tool]}."
            )
        return value


def _describe(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return f"{type(value).__name__} {text[:40]}{'…' if len(text) > 40 else ''}"


def parse_artifact_id(tool: str, key: str, text: str) -> tuple[str, int | None, int | None]:
    """``(id, start, end)`` from ``ID``, ``artifact://ID`` or ``artifact://ID#L3-L9``."""
    # Models copy citations with surrounding quotes, backticks or a trailing full stop.
    cleaned = _WRAPPING.sub("", text)
    match = _ID_FORM.fullmatch(cleaned)
    if not cleaned or match is None:
        raise CallError(
            f"{key}={clip(text, 80)!r} is not an artifact id; ids look like artifact://a3f... "
            f"or artifact://a3f...#L3-L9, as cited in a checkpoint, digest or earlier result "
            f"(for example {_EXAMPLES[tool]})."
        )
    identifier, fragment = match.group(1), match.group(2)
    if not fragment:
        return identifier, None, None
    lines = _FRAGMENT.fullmatch(fragment.strip())
    if lines is None:
        raise CallError(
            f"the line range #{clip(fragment, 40)} in {key} is not understood; write it as "
            f"artifact://{identifier}#L3-L9 (lines 3 to 9) or #L3 (line 3)."
        )
    start = int(lines.group(1))
    end = int(lines.group(2)) if lines.group(2) else None
    return identifier, start, end


# --- patterns ------------------------------------------------------------------------------------


def compile_pattern(pattern_text: str, max_pattern_chars: int) -> regex.Pattern[str]:
    """``pattern_text`` compiled for ``context_grep``, once it is short enough and its counted
    repeats are small enough to compile quickly."""
    import regex  # here: ~7 ms to import, for a process that may never grep

    if len(pattern_text) > max_pattern_chars:
        raise CallError(
            f"the pattern is {len(pattern_text):,} characters; keep it under "
            f"{max_pattern_chars} (match a distinctive part of the line)."
        )
    product = 1
    for low, high in _COUNTED_REPEAT.findall(pattern_text):
        count = max(int(low or 0), int(high or 0))
        if count > MAX_REPEAT_COUNT:
            raise CallError(
                f"the pattern repeats something {count:,} times; counted repeats are limited "
                f"to {{{MAX_REPEAT_COUNT}}} (use + or * instead)."
            )
        product *= max(count, 1)
    if product > MAX_REPEAT_PRODUCT:
        raise CallError(
            f"the pattern's counted repeats {{n}} multiply to {product:,}, more than "
            f"{MAX_REPEAT_PRODUCT:,}; use fewer or smaller counts, or + and *."
        )
    try:
        return regex.compile(pattern_text, regex.MULTILINE)
    except (regex.error, ValueError, OverflowError, RecursionError) as exc:
        raise CallError(
            f"/{clip(pattern_text, 80)}/ is not a valid regular expression ({exc}); fix it, "
            "or escape special characters (. * + ? ( ) [ ] { } | \\) to match them literally."
        ) from None


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
