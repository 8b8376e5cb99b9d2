"""Retrieval tools: how the model reads back what compaction took out of its window.

Four tools, offered to the model as OpenAI function tools (:data:`TOOL_SCHEMAS`, declared with
the reading of their arguments in :mod:`packlight.retrieval_args`) and run by
:class:`RetrievalTools`:

- ``context_search(query, limit)``: words across the archive, best hits first;
- ``context_read(id, start_line, end_line)``: numbered lines of one artifact;
- ``context_grep(pattern, id, max_matches)``: a regular expression over one artifact or all;
- ``context_expand(compaction_id)``: the original messages a compaction replaced.

The tools are pure over an :class:`ArtifactReader`, which is already scoped to one session's
lineage: :class:`StoreReader` adapts a :class:`~packlight.store.base.SessionStore`,
:class:`MemoryReader` a :class:`~packlight.archive.MemoryArchive`. An id from another
session is simply not found, with the same answer as an id that never existed.

:meth:`RetrievalTools.handle` never raises to the host. A bad call (invalid JSON, a missing or
wrongly typed argument, an unknown id, an impossible line range, an invalid or runaway regular
expression) returns a one-paragraph result starting with ``error:`` that says how to fix the
call, because the reader of that text is a model that will try again. Every result is at most
``max_result_chars`` long and says so when it was cut.

Model-written regular expressions run under the third-party ``regex`` module with a deadline
(``timeout=``): the stdlib ``re`` cannot be interrupted, so ``(a+)+$`` on a long line would
hang the host. Counted repeats are bounded before compiling
(:func:`~packlight.retrieval_args.compile_pattern`).
"""

from __future__ import annotations

import copy
import json
import logging
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from packlight.archive import MemoryArchive
from packlight.artifacts import Artifact, artifact_uri
from packlight.errors import ConfigError
from packlight.messages import message_text, tool_calls_of
from packlight.retrieval_args import (
    MAX_GREP_MATCHES,
    MAX_QUERY_CHARS,
    MAX_REPEAT_COUNT,
    MAX_REPEAT_PRODUCT,
    MAX_SEARCH_RESULTS,
    TOOL_NAMES,
    TOOL_SCHEMAS,
    Arguments,
    CallError,
    clip,
    compile_pattern,
    parse_arguments,
    parse_artifact_id,
    tool_schemas,
)
from packlight.store.base import SearchHit

if TYPE_CHECKING:
    import regex

# The schemas and limits are re-exported: callers import them from here.
__all__ = [
    "MAX_GREP_MATCHES",
    "MAX_QUERY_CHARS",
    "MAX_REPEAT_COUNT",
    "MAX_REPEAT_PRODUCT",
    "MAX_SEARCH_RESULTS",
    "SINGLE_LINE_CONTEXT",
    "TOOL_NAMES",
    "TOOL_SCHEMAS",
    "ArtifactReader",
    "ArtifactStore",
    "MemoryReader",
    "RetrievalTools",
    "StoreReader",
    "cite",
]

logger = logging.getLogger("packlight.retrieval")

SINGLE_LINE_CONTEXT = (5, 20)
"""Lines shown before and after a one-line citation (``artifact://ID#L57``) read as is."""
_LINE_SHOWN_CHARS = 240
_MIN_RESULT_CHARS = 1_000
_MIN_EXPAND_MESSAGE_CHARS = 400


class ArtifactReader(Protocol):
    """Read access to one session lineage's artifacts (what the retrieval tools need)."""

    def get_artifact(self, artifact_id: str) -> Artifact | None:
        """The artifact, or ``None`` when it is unknown *or* belongs to another lineage."""
        ...

    def list_artifacts(self) -> Sequence[Artifact]:
        """Every readable artifact, oldest first."""
        ...

    def search(self, query: str, limit: int) -> Sequence[SearchHit]:
        """Artifacts matching ``query``, best first, at most ``limit``."""
        ...


class ArtifactStore(Protocol):
    """The three artifact-reading methods of a :class:`~packlight.store.base.SessionStore`."""

    def get_artifact(self, session_id: str, artifact_id: str) -> Artifact | None: ...

    def list_artifacts(self, session_id: str) -> list[Artifact]: ...

    def search_artifacts(
        self, session_id: str, query: str, *, limit: int = 10
    ) -> list[SearchHit]: ...


class StoreReader:
    """An :class:`ArtifactReader` over a session store, scoped to ``session_id``'s lineage."""

    def __init__(self, store: ArtifactStore, session_id: str) -> None:
        self.store = store
        self.session_id = session_id

    def get_artifact(self, artifact_id: str) -> Artifact | None:
        return self.store.get_artifact(self.session_id, artifact_id)

    def list_artifacts(self) -> Sequence[Artifact]:
        return self.store.list_artifacts(self.session_id)

    def search(self, query: str, limit: int) -> Sequence[SearchHit]:
        return self.store.search_artifacts(self.session_id, query, limit=limit)


class MemoryReader:
    """An :class:`ArtifactReader` over one in-memory archive (one archive is one session)."""

    def __init__(self, archive: MemoryArchive) -> None:
        self.archive = archive

    def get_artifact(self, artifact_id: str) -> Artifact | None:
        return self.archive.get(artifact_id)

    def list_artifacts(self) -> Sequence[Artifact]:
        return list(self.archive)

    def search(self, query: str, limit: int) -> Sequence[SearchHit]:
        return self.archive.search(query, limit)


def cite(artifact_id: str, start: int | None = None, end: int | None = None) -> str:
    """``artifact://ID#Lstart-Lend``, the form checkpoints, digests and tool results cite."""
    return artifact_uri(artifact_id, start, end)


# --- results ---------------------------------------------------------------------------------


def _shown_line(line: str, around: int = 0) -> str:
    """One line for display: a window of it around ``around`` when it is very long."""
    line = line.rstrip("\r")
    if len(line) <= _LINE_SHOWN_CHARS:
        return line
    start = max(0, min(around - _LINE_SHOWN_CHARS // 3, len(line) - _LINE_SHOWN_CHARS))
    shown = line[start : start + _LINE_SHOWN_CHARS]
    before = f"…[{start:,} chars] " if start else ""
    after_count = len(line) - start - len(shown)
    after = f" …[+{after_count:,} chars]" if after_count else ""
    return f"{before}{shown}{after}"


def _cut_note(more_chars: int) -> str:
    return f"[cut: {more_chars:,} more chars; use context_read with a narrower range]"


def _cap(text: str, limit: int, hint: str = "") -> str:
    """``text`` if it fits in ``limit`` characters, else its start and a cut note."""
    if len(text) <= limit:
        return text
    tail = "\n" + _cut_note(len(text)) + (f"\n{hint}" if hint else "")
    keep = max(0, limit - len(tail))
    cut = text.rfind("\n", 0, keep + 1)
    if cut < keep // 2:  # no line break near the limit: cut inside the line
        cut = keep
    kept = text[:cut]
    return kept + "\n" + _cut_note(len(text) - len(kept)) + (f"\n{hint}" if hint else "")


def _meta_summary(artifact: Artifact) -> str:
    parts: list[str] = [artifact.kind]
    for key, value in artifact.meta.items():
        if value is None or (isinstance(value, str | list | tuple | Mapping) and not value):
            continue
        if isinstance(value, list | tuple) and len(value) > 4:
            rendered = f"{value[0]}…{value[-1]} ({len(value)})"
        elif isinstance(value, Mapping):
            rendered = "{…}"
        else:
            rendered = str(value)
        parts.append(f"{key}={clip(rendered, 60)}")
    return clip(", ".join(parts), 200)


def _check(key: str, value: object, above: int, expected: str, at_most: float = 0.0) -> None:
    """Raise :class:`ConfigError` unless ``above < value`` (``<= at_most`` for seconds)."""
    allowed = (int, float) if at_most else (int,)
    number = value if isinstance(value, allowed) and not isinstance(value, bool) else None
    if number is None or number <= above or (at_most and number > at_most):
        raise ConfigError(key, value, expected if at_most else f"a whole number {expected}")


# --- the tools -------------------------------------------------------------------------------


class RetrievalTools:
    """Run the retrieval tools over one session's artifacts.

    ``max_result_chars`` bounds every result; ``grep_timeout_seconds`` bounds the matching time
    of one ``context_grep`` call (over all the artifacts it searches); ``max_pattern_chars``
    bounds the length of its pattern.
    """

    def __init__(
        self,
        reader: ArtifactReader,
        *,
        max_result_chars: int = 12_000,
        grep_timeout_seconds: float = 1.0,
        max_pattern_chars: int = 500,
    ) -> None:
        _check(
            "max_result_chars", max_result_chars, _MIN_RESULT_CHARS - 1, f">= {_MIN_RESULT_CHARS}"
        )
        _check("grep_timeout_seconds", grep_timeout_seconds, 0, "seconds in (0, 60]", 60.0)
        _check("max_pattern_chars", max_pattern_chars, 0, ">= 1")
        self.reader = reader
        self.max_result_chars = max_result_chars
        self.grep_timeout_seconds = float(grep_timeout_seconds)
        self.max_pattern_chars = max_pattern_chars

    def with_reader(self, reader: ArtifactReader) -> RetrievalTools:
        """The same tools, with the same limits, over another reader (another session)."""
        return RetrievalTools(
            reader,
            max_result_chars=self.max_result_chars,
            grep_timeout_seconds=self.grep_timeout_seconds,
            max_pattern_chars=self.max_pattern_chars,
        )

    def schemas(self) -> list[dict[str, Any]]:
        """The tools as OpenAI function schemas, with this instance's limits in the text."""
        return copy.deepcopy(
            tool_schemas(self.max_result_chars, self.grep_timeout_seconds, self.max_pattern_chars)
        )

    def handle(self, name: str, arguments: Mapping[str, Any] | str) -> str:
        """Run tool ``name``; returns the result text (``error: ...`` for a bad call)."""
        handlers = {
            "context_search": self._search,
            "context_read": self._read,
            "context_grep": self._grep,
            "context_expand": self._expand,
        }
        handler = handlers.get(name) if isinstance(name, str) else None
        if handler is None:
            return (
                f"error: there is no tool {clip(str(name), 60)!r} here; the retrieval tools "
                "are context_search, context_read, context_grep and context_expand."
            )
        try:
            values = parse_arguments(name, arguments)
            return _cap(handler(values), self.max_result_chars)
        except CallError as exc:
            # One paragraph, even when it quotes a pattern or an id holding a line break.
            return _cap("error: " + str(exc).replace("\n", "\\n"), self.max_result_chars)
        except Exception as exc:  # the host's agent loop must survive a broken archive
            # The exception text may quote archived content: log its type only, unless the
            # user turned on debug logging.
            logger.warning("retrieval tool %s failed: %s", name, type(exc).__name__)
            logger.debug("retrieval tool %s failure", name, exc_info=True)
            return (
                f"error: {name} could not read the archive ({type(exc).__name__}); this is not "
                "a problem with your arguments. Try again, or continue without it."
            )

    # --- one method per tool -------------------------------------------------------------

    def _artifact(self, tool: str, key: str, text: str) -> tuple[Artifact, int | None, int | None]:
        identifier, start, end = parse_artifact_id(tool, key, text)
        artifact = self.reader.get_artifact(identifier)
        if artifact is None:
            raise CallError(
                f"there is no artifact {identifier!r} in this conversation's archive. Use an id "
                "exactly as cited (artifact://a3f..., from a checkpoint's Archive section, a "
                "digest, a preview or an earlier result), or find one with context_search."
            )
        return artifact, start, end

    def _search(self, values: Mapping[str, Any]) -> str:
        args = Arguments("context_search", values, ("query", "limit"))
        query = (args.string("query", required=True) or "").strip()
        if not query:
            raise CallError(
                "context_search needs a non-empty query: the words you are looking for, for "
                'example {"query": "migration error"}.'
            )
        if len(query) > MAX_QUERY_CHARS:
            raise CallError(
                f"the query is {len(query):,} characters; keep it under {MAX_QUERY_CHARS:,} "
                "(a few distinctive words work best)."
            )
        limit = args.integer("limit", 5) or 0
        if limit < 1:
            raise CallError(
                f"limit={limit} returns nothing; give a number from 1 to {MAX_SEARCH_RESULTS}."
            )
        notes = []
        if limit > MAX_SEARCH_RESULTS:
            notes.append(f"(limit {limit} lowered to {MAX_SEARCH_RESULTS})")
            limit = MAX_SEARCH_RESULTS
        hits = list(self.reader.search(query, limit))[:limit]
        if not hits:
            return (
                f"no archived artifact matches {query!r}. Try fewer or other words, or "
                "context_grep with a regular expression."
            )
        lines = [f"{len(hits)} result{'s' if len(hits) != 1 else ''} for {query!r}, best first:"]
        lines.extend(notes)
        for number, hit in enumerate(hits, start=1):
            snippet = _shown_line(" ".join(hit.snippet.split()))
            lines.append(f"{number}. {cite(hit.artifact_id, hit.line)} ({hit.kind}) {snippet}")
        lines.append('Read around a hit with context_read(id="artifact://ID#L<line>").')
        return "\n".join(lines)

    def _read(self, values: Mapping[str, Any]) -> str:
        args = Arguments("context_read", values, ("id", "start_line", "end_line"))
        artifact, cited_start, cited_end = self._artifact(
            "context_read", "id", args.string("id", required=True) or ""
        )
        total = artifact.line_count
        notes: list[str] = []
        if args.given("start_line") or args.given("end_line") or cited_start is None:
            start = args.integer("start_line", 1)
            end = args.integer("end_line", None)
        elif cited_end is None:  # one cited line: show it with some context
            start, end = self._around(artifact, cited_start)
        else:
            start, end = cited_start, cited_end
        assert start is not None
        if start < 1 or (end is not None and end < 1):
            raise CallError(
                f"line numbers start at 1 (got start_line={start}, end_line={end}); for example "
                f'context_read(id="{artifact.uri}", start_line=1, end_line=50).'
            )
        if end is not None and start > end:
            raise CallError(
                f"start_line={start} is after end_line={end}; give start_line <= end_line, for "
                f'example context_read(id="{artifact.uri}", start_line={end}, end_line={start}).'
            )
        if total == 0:
            return f"{artifact.uri} is empty (0 lines; {_meta_summary(artifact)})."
        if start > total:
            raise CallError(
                f"{artifact.uri} has {total:,} lines, so start_line={start} is past its end; "
                f"read lines 1-{total} instead."
            )
        if end is None or end > total:
            if end is not None:
                notes.append(
                    f"(asked for lines up to {end:,}; the artifact ends at line {total:,})"
                )
            end = total
        return self._numbered(artifact, start, end, notes)

    def _around(self, artifact: Artifact, line: int) -> tuple[int, int]:
        """The lines shown for a one-line citation: a few before it (unless they are so long
        that they would crowd it out, as JSON messages do) and more after."""
        before, after = SINGLE_LINE_CONTEXT
        lines = artifact.content.split("\n")
        if line > len(lines):
            return line, line + after
        room = (self.max_result_chars - 400 - len(lines[line - 1])) // 2
        start, used = line, 0
        while start > 1 and line - start < before:
            used += len(lines[start - 2]) + 8
            if used > room:
                break
            start -= 1
        return start, line + after

    def _numbered(self, artifact: Artifact, start: int, end: int, notes: list[str]) -> str:
        lines = artifact.content.split("\n")[start - 1 : end]
        # Budget the lines themselves so the header can name the lines actually shown.
        budget = self.max_result_chars - 360 - sum(len(note) + 1 for note in notes)
        shown: list[str] = []
        used = 0
        for number, line in enumerate(lines, start=start):
            rendered = f"{number}| {line.rstrip(chr(13))}"
            if used + len(rendered) + 1 > budget:
                break
            shown.append(rendered)
            used += len(rendered) + 1
        last = start + len(shown) - 1
        cut = ""
        if len(shown) < len(lines):
            rest = lines[len(shown) :]
            remaining = sum(
                len(str(start + len(shown) + i)) + len(x) + 3 for i, x in enumerate(rest)
            )
            if not shown:  # one line longer than the whole budget: show its beginning
                first = f"{start}| {lines[0]}"
                shown = [first[:budget]]
                last = start
                remaining -= len(shown[0])
                also = (
                    ", or context_expand for a compaction span" if artifact.kind == "span" else ""
                )
                cut = (
                    f"\n{_cut_note(remaining)}\nline {start} alone is {len(lines[0]):,} chars: "
                    f'use context_grep(pattern, id="{artifact.uri}") to find the part you need'
                    f"{also}."
                )
            else:
                cut = (
                    f'\n{_cut_note(remaining)}\nnext: context_read(id="{artifact.uri}", '
                    f"start_line={last + 1}, end_line={end})"
                )
        header = (
            f"{artifact.uri} lines {start}-{last} of {artifact.line_count:,} "
            f"({_meta_summary(artifact)})"
        )
        return "\n".join([header, *notes, *shown]) + cut

    def _grep(self, values: Mapping[str, Any]) -> str:
        args = Arguments("context_grep", values, ("pattern", "id", "max_matches"))
        pattern_text = args.string("pattern", required=True) or ""
        if not pattern_text:
            raise CallError(
                'context_grep needs a non-empty pattern, for example {"pattern": "Traceback"}; '
                "to see a whole artifact use context_read."
            )
        compiled = compile_pattern(pattern_text, self.max_pattern_chars)
        max_matches = args.integer("max_matches", 50) or 0
        if max_matches < 1:
            raise CallError(
                f"max_matches={max_matches} shows nothing; give a number from 1 to "
                f"{MAX_GREP_MATCHES}."
            )
        notes: list[str] = []
        if max_matches > MAX_GREP_MATCHES:
            notes.append(f"(max_matches {max_matches} lowered to {MAX_GREP_MATCHES})")
            max_matches = MAX_GREP_MATCHES
        identifier = args.string("id", required=False)
        if identifier is not None and identifier.strip():
            artifacts: Sequence[Artifact] = [self._artifact("context_grep", "id", identifier)[0]]
        else:
            artifacts = self.reader.list_artifacts()
        shown, more, complete = self._matches(compiled, pattern_text, artifacts, max_matches)
        where = artifacts[0].uri if len(artifacts) == 1 else f"{len(artifacts):,} artifacts"
        if not shown:
            return (
                f"no line matches /{pattern_text}/ in {where}. The pattern is case-sensitive: "
                "try (?i), a shorter pattern, or context_search for words."
            )
        total = f"{len(shown) + more:,}{'' if complete else '+'}"
        showing = f" (showing the first {len(shown)})" if more else ""
        lines = [f"{total} matching lines in {where}{showing}:", *notes, *shown]
        if more:
            count = f"{more:,}" if complete else f"at least {more:,}"
            lines.append(
                f"… {count} more matching lines not shown; narrow the pattern, pass id=, or "
                "raise max_matches."
            )
        return "\n".join(lines)

    def _matches(
        self,
        compiled: regex.Pattern[str],
        pattern_text: str,
        artifacts: Sequence[Artifact],
        max_matches: int,
    ) -> tuple[list[str], int, bool]:
        """Matching lines (at most ``max_matches``), how many more, and whether the count is
        complete (counting the rest stops at the deadline)."""
        deadline = time.monotonic() + self.grep_timeout_seconds
        shown: list[str] = []
        more = 0
        for artifact in artifacts:
            content = artifact.content
            position, line_number, counted_to = 0, 1, 0
            while position <= len(content):
                remaining = deadline - time.monotonic()
                try:
                    if remaining <= 0:
                        raise TimeoutError
                    found = compiled.search(content, position, concurrent=True, timeout=remaining)
                except TimeoutError:
                    if len(shown) >= max_matches:
                        return shown, more, False
                    raise CallError(
                        f"/{clip(pattern_text, 80)}/ took longer than "
                        f"{self.grep_timeout_seconds:g} s and was stopped; it probably "
                        "backtracks without end (nested repeats like (a+)+ or (.*)*). Use a "
                        "simpler pattern, anchor it, or pass id= to search one artifact."
                    ) from None
                if found is None:
                    break
                line_number += content.count("\n", counted_to, found.start())
                counted_to = found.start()
                line_start = content.rfind("\n", 0, found.start()) + 1
                line_end = content.find("\n", found.start())
                line_end = len(content) if line_end == -1 else line_end
                if len(shown) < max_matches:
                    text = _shown_line(content[line_start:line_end], found.start() - line_start)
                    shown.append(f"{cite(artifact.id, line_number)}: {text}")
                else:
                    more += 1
                position = line_end + 1
        return shown, more, True

    def _expand(self, values: Mapping[str, Any]) -> str:
        args = Arguments("context_expand", values, ("compaction_id",))
        artifact, start, end = self._artifact(
            "context_expand", "compaction_id", args.string("compaction_id", required=True) or ""
        )
        if artifact.kind not in {"span", "message"}:
            raise CallError(
                f"{artifact.uri} is a {artifact.kind} artifact, not a compaction; context_expand "
                "takes the span artifact a checkpoint cites (its Archive section). Read this one "
                f'with context_read(id="{artifact.uri}").'
            )
        lines = artifact.content.split("\n")
        total = len(lines)
        if start is None:
            first, last = 1, total
        else:
            first, last = start, min(end if end is not None else start, total)
        if first < 1 or first > total or last < first:
            raise CallError(
                f"{artifact.uri} holds {total} messages (lines 1-{total}); the range "
                f"#L{first}-L{last} is outside it. Omit the range to expand them all."
            )
        indices = artifact.meta.get("indices")
        positions = list(indices) if isinstance(indices, list) and len(indices) == total else None
        names = _tool_names(lines)
        chosen = range(first, last + 1)
        per_message = max(_MIN_EXPAND_MESSAGE_CHARS, self.max_result_chars // max(1, len(chosen)))
        where = (
            f"original messages {positions[first - 1]}-{positions[last - 1]}"
            if positions
            else f"lines {first}-{last}"
        )
        out = [
            f"{artifact.uri}: {len(chosen)} of the {total} messages a compaction replaced "
            f"({where}), oldest first:"
        ]
        for number in chosen:
            label = f"message {positions[number - 1]}, " if positions else ""
            out.append(
                _render_message(artifact, number, lines[number - 1], label, names, per_message)
            )
        hint = (
            f'next: context_expand(compaction_id="{artifact.uri}#L<from>-L<to>") for fewer '
            "messages, or context_read for one line in full"
        )
        return _cap("\n".join(out), self.max_result_chars, hint)


def _tool_names(lines: Sequence[str]) -> dict[str, str]:
    """Tool-call id -> tool name, from the assistant messages of a span."""
    names: dict[str, str] = {}
    for line in lines:
        try:
            message = json.loads(line)
        except (json.JSONDecodeError, ValueError):
            continue
        if isinstance(message, Mapping):
            for call in tool_calls_of(message):
                if isinstance(call, Mapping) and isinstance(call.get("function"), Mapping):
                    names[str(call.get("id"))] = str(call["function"].get("name", "?"))
    return names


def _render_message(
    artifact: Artifact,
    number: int,
    line: str,
    label: str,
    names: Mapping[str, str],
    limit: int,
) -> str:
    where = f"[{label}{cite(artifact.id, number)}]"
    try:
        message = json.loads(line)
    except (json.JSONDecodeError, ValueError):
        message = None
    if not isinstance(message, Mapping):
        return f"{where} (not a JSON message)\n{_shorten(line, limit, artifact, number)}"
    role = str(message.get("role", "?"))
    title = f"{where} {role}"
    if role == "tool":
        call_id = str(message.get("tool_call_id", ""))
        tool = message.get("name") or names.get(call_id, "?")
        title = f"{where} tool result of {tool} (call {call_id})"
    text = message_text(message)
    content = message.get("content")
    if isinstance(content, list):
        others = [p.get("type", "?") for p in content if isinstance(p, Mapping) and "text" not in p]
        if others:
            text += f"\n[{len(others)} non-text part(s): {', '.join(map(str, others[:5]))}]"
    body = [text] if text else []
    for call in tool_calls_of(message):
        function = call.get("function") if isinstance(call, Mapping) else None
        if isinstance(function, Mapping):
            arguments = clip(str(function.get("arguments", "")), 1_000)
            body.append(
                f"→ calls {function.get('name', '?')} (call {call.get('id', '?')}): {arguments}"
            )
    return f"{title}\n{_shorten(chr(10).join(body) or '(no content)', limit, artifact, number)}"


def _shorten(text: str, limit: int, artifact: Artifact, number: int) -> str:
    if len(text) <= limit:
        return text
    head = text[: limit * 2 // 3]
    tail = text[-(limit // 4) :]
    omitted = len(text) - len(head) - len(tail)
    return (
        f"{head}\n[… {omitted:,} chars omitted; the full message is line {number}: "
        f'context_read(id="{cite(artifact.id, number)}") or context_grep(pattern, '
        f'id="{artifact.id}") …]\n{tail}'
    )
