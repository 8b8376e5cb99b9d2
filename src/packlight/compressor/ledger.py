"""The ledger: the task state code extracts, without an LLM, from the span being compacted.

:func:`extract_ledger` reads a span of canonical messages and returns a :class:`Ledger`: the
active task and the original goal verbatim, the user's constraints (update-aware: a later
statement on the same subject supersedes the earlier one), one action per tool call, the
files read, modified and created, commands with exit codes, exact error lines, failed
approaches, the latest test result, exact identifiers, open TODOs, key decisions and the
artifacts the span was archived into. The checkpoint is written from it, and a summarizer's
prose is checked against it.

:func:`merge_ledgers` carries a previous checkpoint's ledger forward when a later compaction
replaces it, so that the goal, the first error and the constraints survive any number of
rounds. Every list has a cap, and a cap drops from the middle, never the first or the latest
entry.

Everything here is pure: inputs are never mutated, and the same span gives the same ledger.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar, cast

from packlight.artifacts import Artifact
from packlight.compressor.activity import (
    Action,
    CommandRecord,
    merge_errors,
    read_activity,
    reports_errors,
    short,
)
from packlight.compressor.constraints import (
    KINDS,
    Constraint,
    sentences,
)
from packlight.compressor.critical import (
    MAX_CRITICAL,
    Selection,
    Sighting,
    carried_sightings,
    select_identifiers,
)
from packlight.compressor.harness import harness_indices
from packlight.compressor.identifiers import (
    IDENTIFIER_KINDS,
    IDENTIFIER_SOURCES,
    Identifier,
    IdentifierKind,
    IdentifierSource,
    extract_identifiers,
)
from packlight.compressor.secret_context import (
    could_be_secret,
    focus_without_secrets,
    secrets_in_context,
)
from packlight.compressor.statements import (
    add_statements,
    apply_statement,
    redacted_message,
    statement,
    user_statements,
)
from packlight.compressor.tasks import (
    TASK_ORIGINS,
    TASK_STATUSES,
    Task,
    goal_of,
    latest_request,
    replay_tasks,
    significant_tasks,
    standing_request,
    tasks_of,
    track_tasks,
)
from packlight.compressor.toolcalls import ToolEvent, tool_events
from packlight.errors import TranscriptError
from packlight.messages import INSTRUCTION_ROLES, Message, as_mapping, is_summary, message_text
from packlight.redact import redact_each
from packlight.secret_rules import looks_random

__all__ = [
    "Action",
    "CommandRecord",
    "Constraint",
    "Ledger",
    "LedgerDataError",
    "cap_identifiers",
    "extract_ledger",
    "focus_without_secrets",
    "ledger_json_lines",
    "ledger_text_items",
    "merge_ledgers",
    "reports_errors",
    "retire_superseded",
    "with_secrets_redacted",
    "without_stale_identifiers",
]

T = TypeVar("T")

MAX_CONSTRAINTS = 60
MAX_SUPERSEDED = 60
MAX_ACTIONS = 150
MAX_FILES = 200
MAX_COMMANDS = 100
MAX_ERRORS = 40
MAX_FAILED_APPROACHES = 20
MAX_IDENTIFIERS = MAX_CRITICAL
"""Identifiers in :attr:`Ledger.identifiers`, the list a checkpoint carries in full."""
MAX_OTHER_IDENTIFIERS = 200
MAX_IDENTIFIER_CANDIDATES = 400
"""Distinct identifiers read from a span before its tool outputs stop being scanned."""
MAX_TODOS = 30
MAX_DECISIONS = 20
MAX_ARTIFACTS = 100
IDENTIFIERS_PER_OUTPUT = 12
"""Tool outputs are many and long: each contributes at most this many identifiers."""
IDENTIFIERS_PER_CALL = 20
"""Arguments can carry whole files: each call contributes at most this many identifiers."""


class LedgerDataError(TranscriptError, ValueError):
    """A stored ledger (checkpoint metadata) does not have the shape :meth:`Ledger.to_json`
    writes. Also a ``ValueError``, so callers can treat it like any unreadable value."""


@dataclass(frozen=True, slots=True)
class Ledger:
    """Task state extracted by code. Every string is copied exactly from the transcript,
    except action outcomes and artifact descriptions, which code writes."""

    active_task: str | None = None
    """The latest user message a person wrote in the span, verbatim (never one the harness
    wrote: :mod:`packlight.compressor.harness`)."""
    goal: str | None = None
    """The first user message a person wrote: the original task, verbatim."""
    constraints: tuple[Constraint, ...] = ()
    superseded: tuple[Constraint, ...] = ()
    """Constraints a later statement replaced: archived, never put in a checkpoint."""
    actions: tuple[Action, ...] = ()
    files_read: tuple[str, ...] = ()
    """Files read and never written."""
    files_modified: tuple[str, ...] = ()
    files_created: tuple[str, ...] = ()
    commands: tuple[CommandRecord, ...] = ()
    errors: tuple[str, ...] = ()
    """Exact error lines: the first ever seen first, the latest seen last."""
    failed_approaches: tuple[str, ...] = ()
    test_status: str | None = None
    identifiers: tuple[Identifier, ...] = ()
    """The critical identifiers, most important first: tooling noise removed, one name per
    file, capped (:mod:`packlight.compressor.critical`). Every one is written in the
    checkpoint."""
    other_identifiers: tuple[Identifier, ...] = ()
    """Identifiers that are neither noise nor critical: archived with the ledger, not
    written in the checkpoint."""
    todos: tuple[str, ...] = ()
    decisions: tuple[str, ...] = ()
    artifacts: tuple[tuple[str, str], ...] = ()
    """(artifact id, one-line description)."""
    todos_done: tuple[str, ...] = ()
    """TODOs the span showed done, so that a merge can close the previous ledger's."""
    tasks: tuple[Task, ...] = ()
    """Every task a person set, stopped, paused, resumed or added, in order, with its status
    (:mod:`packlight.compressor.tasks`); the goal is the latest in force. Empty when there
    is only the original task and nothing changed it."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_json` restores an equal ledger."""
        return {
            "active_task": self.active_task,
            "goal": self.goal,
            "constraints": [_constraint_json(c) for c in self.constraints],
            "superseded": [_constraint_json(c) for c in self.superseded],
            "actions": [
                {"tool": a.tool, "target": a.target, "outcome": a.outcome, "index": a.index}
                for a in self.actions
            ],
            "files_read": list(self.files_read),
            "files_modified": list(self.files_modified),
            "files_created": list(self.files_created),
            "commands": [
                {"command": c.command, "exit_code": c.exit_code, "index": c.index}
                for c in self.commands
            ],
            "errors": list(self.errors),
            "failed_approaches": list(self.failed_approaches),
            "test_status": self.test_status,
            "identifiers": [_identifier_json(i) for i in self.identifiers],
            "other_identifiers": [_identifier_json(i) for i in self.other_identifiers],
            "todos": list(self.todos),
            "decisions": list(self.decisions),
            "artifacts": [[identifier, text] for identifier, text in self.artifacts],
            "todos_done": list(self.todos_done),
            "tasks": [_task_json(t) for t in self.tasks],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Ledger:
        """The ledger :meth:`to_json` wrote. Missing keys take their defaults; a value of the
        wrong shape raises :class:`LedgerDataError` naming the field."""
        if not isinstance(data, Mapping):
            raise LedgerDataError("a ledger must be a JSON object", expected="an object")
        reader = _Reader(data)
        return cls(
            active_task=reader.optional_text("active_task"),
            goal=reader.optional_text("goal"),
            constraints=reader.records("constraints", _constraint_from),
            superseded=reader.records("superseded", _constraint_from),
            actions=reader.records(
                "actions",
                lambda r: Action(
                    r.text("tool"), r.text("target"), r.text("outcome"), r.integer("index")
                ),
            ),
            files_read=reader.texts("files_read"),
            files_modified=reader.texts("files_modified"),
            files_created=reader.texts("files_created"),
            commands=reader.records(
                "commands",
                lambda r: CommandRecord(
                    r.text("command"), r.optional_integer("exit_code"), r.integer("index")
                ),
            ),
            errors=reader.texts("errors"),
            failed_approaches=reader.texts("failed_approaches"),
            test_status=reader.optional_text("test_status"),
            identifiers=reader.records("identifiers", _identifier_from),
            other_identifiers=reader.records("other_identifiers", _identifier_from),
            todos=reader.texts("todos"),
            decisions=reader.texts("decisions"),
            artifacts=reader.pairs("artifacts"),
            todos_done=reader.texts("todos_done"),
            tasks=reader.records("tasks", _task_from),
        )


def ledger_json_lines(data: Mapping[str, Any]) -> str:
    """``data`` (a :meth:`Ledger.to_json` dict) as JSON with every value on a line of its
    own, so that a line range of the archived ledger reads as whole entries."""
    # json.dumps(indent=...) runs the pure-Python encoder, which on a long session's ledger
    # cost more than writing the checkpoint; a line break as item separator keeps the C one
    # (a JSON string never holds a raw line break, so lines end only between values).
    return _LEDGER_JSON.encode(data)


_LEDGER_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",\n", ": "))


def _constraint_json(constraint: Constraint) -> dict[str, Any]:
    data: dict[str, Any] = {
        "subject": constraint.subject,
        "text": constraint.text,
        "index": constraint.index,
        "kind": constraint.kind,
    }
    if constraint.uncertain:
        data["uncertain"] = True
    if constraint.replaced_by is not None:
        data["replaced_by"] = constraint.replaced_by
    if constraint.kept is not None:
        data["kept"] = constraint.kept
    return data


class _Reader:
    """Typed access to one JSON object, with errors that name the offending field."""

    def __init__(self, data: Mapping[str, Any], where: str = "ledger") -> None:
        self.data = data
        self.where = where

    def fail(self, key: str, expected: str) -> LedgerDataError:
        return LedgerDataError(f"unreadable {self.where}", field=key, expected=expected)

    def text(self, key: str) -> str:
        value = self.data.get(key)
        if not isinstance(value, str):
            raise self.fail(key, "a string")
        return value

    def optional_text(self, key: str) -> str | None:
        value = self.data.get(key)
        if value is not None and not isinstance(value, str):
            raise self.fail(key, "a string or null")
        return value

    def integer(self, key: str) -> int:
        value = self.data.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(key, "an integer")
        return value

    def optional_integer(self, key: str) -> int | None:
        return None if self.data.get(key) is None else self.integer(key)

    def _list(self, key: str) -> list[Any]:
        value = self.data.get(key, [])
        if not isinstance(value, list | tuple):
            raise self.fail(key, "a list")
        return list(value)

    def texts(self, key: str) -> tuple[str, ...]:
        values = self._list(key)
        if not all(isinstance(v, str) for v in values):
            raise self.fail(key, "a list of strings")
        return tuple(values)

    def records(self, key: str, build: Callable[[_Reader], T]) -> tuple[T, ...]:
        built: list[T] = []
        for position, item in enumerate(self._list(key)):
            if not isinstance(item, Mapping):
                raise self.fail(key, "a list of objects")
            built.append(build(_Reader(item, f"ledger {key}[{position}]")))
        return tuple(built)

    def pairs(self, key: str) -> tuple[tuple[str, str], ...]:
        pairs = []
        for item in self._list(key):
            if not (
                isinstance(item, list | tuple)
                and len(item) == 2
                and all(isinstance(part, str) for part in item)
            ):
                raise self.fail(key, "a list of [id, description] pairs")
            pairs.append((item[0], item[1]))
        return tuple(pairs)


def _task_from(reader: _Reader) -> Task:
    status, how = reader.text("status"), reader.text("how")
    if status not in TASK_STATUSES:
        raise reader.fail("status", f"one of {', '.join(TASK_STATUSES)}")
    if how not in TASK_ORIGINS:
        raise reader.fail("how", f"one of {', '.join(TASK_ORIGINS)}")
    return Task(reader.text("text"), status, how, reader.texts("halting"))


def _task_json(task: Task) -> dict[str, Any]:
    found: dict[str, Any] = {"text": task.text, "status": task.status, "how": task.how}
    if task.halting:
        found["halting"] = list(task.halting)
    return found


def _constraint_from(reader: _Reader) -> Constraint:
    kind = reader.optional_text("kind") or "constraint"
    if kind not in KINDS:
        raise reader.fail("kind", f"one of {', '.join(KINDS)}")
    return Constraint(
        reader.text("subject"),
        reader.text("text"),
        reader.integer("index"),
        kind,
        reader.data.get("uncertain") is True,
        replaced if isinstance(replaced := reader.data.get("replaced_by"), int) else None,
        kept if isinstance(kept := reader.data.get("kept"), str) and kept else None,
    )


def _identifier_json(identifier: Identifier) -> dict[str, str]:
    data = {"kind": identifier.kind, "value": identifier.value}
    if identifier.source is not None:
        data["source"] = identifier.source
    return data


def _identifier_from(reader: _Reader) -> Identifier:
    kind = reader.text("kind")
    if kind not in IDENTIFIER_KINDS:
        raise reader.fail("kind", f"one of {', '.join(sorted(IDENTIFIER_KINDS))}")
    source = reader.optional_text("source")
    if source is not None and source not in IDENTIFIER_SOURCES:
        raise reader.fail("source", f"one of {', '.join(IDENTIFIER_SOURCES)} or null")
    return Identifier(
        kind=cast(IdentifierKind, kind),
        value=reader.text("value"),
        source=source,
    )


# --------------------------------------------------------------------------- extraction


def extract_ledger(
    messages: Sequence[Message | Mapping[str, Any]],
    *,
    start_index: int = 0,
    artifacts: Sequence[Artifact] = (),
    events: Sequence[ToolEvent] | None = None,
    harness: Collection[int] | None = None,
    read_tasks: bool = True,
    before: Sequence[Message | Mapping[str, Any]] = (),
) -> Ledger:
    """The ledger of a span of canonical messages.

    ``start_index`` is the index of ``messages[0]`` in the full transcript, so that every
    recorded index is absolute. ``artifacts`` are the archived items of this span; their ids
    and short descriptions are passed through. Checkpoint messages inside the span are
    skipped (their ledger is carried by :func:`merge_ledgers`, not re-read from prose).
    ``events``, when given, are the span's tool events as the caller already paired them, with
    ``call_index`` and ``result_index`` absolute transcript indices (what :func:`tool_events`
    over the span's non-checkpoint messages finds, shifted); otherwise they are paired here.
    ``harness``, absolute indices too, are the user messages the harness wrote
    (:func:`~packlight.compressor.harness.harness_indices` over the whole transcript); they are
    never the active task or the goal. Without it the span alone is classified.
    ``read_tasks=False`` skips following the span's task switches (the ledger records no
    tasks and its goal is the span's first human message): for a caller that reads the
    tasks of the whole conversation itself. ``before`` are the person's messages kept
    verbatim before the span (the head): a statement of the span may revise one of theirs
    rather than one of the span's, so theirs compete for the match and are never recorded
    ("the cache warmer cutover slipped to ..." is about the head's "the cache warmer cutover
    is scheduled for ...", not about a report's date in the span).
    Never mutates its arguments.
    """
    span = [as_mapping(m) for m in messages]
    rivals = statements_of(before)
    live = [(start_index + offset, m) for offset, m in enumerate(span) if not is_summary(m)]
    if harness is None:
        harness = {start_index + i for i in harness_indices(span)}
    user_texts = [
        (i, message_text(m)) for i, m in live if m.get("role") == "user" and i not in harness
    ]
    user_texts = [(i, text) for i, text in user_texts if text.strip()]
    tasks = (
        track_tasks(
            span,
            human={
                offset
                for offset, m in enumerate(span)
                if m.get("role") == "user" and start_index + offset not in harness
            },
        )
        if read_tasks
        else ()
    )

    active: list[Constraint] = []
    superseded: list[Constraint] = []
    for index, message in live:
        role = message.get("role")
        if (role == "user" and index not in harness) or role in INSTRUCTION_ROLES:
            # Every statement a person makes is task state; a system prompt's notes are
            # standing instructions, already in the head (only its rules are recorded), and
            # what the harness wrote under the user role is not the user's.
            add_statements(
                active,
                superseded,
                message_text(message),
                index,
                human=role == "user",
                rivals=rivals,
            )

    positions: Sequence[int]
    if events is None:
        events = tool_events([m for _, m in live])
        positions = [i for i, _ in live]
    else:
        positions = range(max((event.call_index for event in events), default=-1) + 1)
    # Describing an action reads its output: describe only those the cap keeps.
    facts = read_activity(events, positions, actions_of=_capped_positions(len(events), MAX_ACTIONS))
    todos, done = _todos(live, events)
    return Ledger(
        active_task=latest_request([text for _, text in user_texts], tasks),
        goal=goal_of(tasks) or (user_texts[0][1] if user_texts else None),
        tasks=significant_tasks(tasks),
        constraints=_cap(active, MAX_CONSTRAINTS),
        superseded=_cap(superseded, MAX_SUPERSEDED),
        actions=_cap(facts.actions, MAX_ACTIONS),
        files_read=_cap(facts.files_read, MAX_FILES),
        files_modified=_cap(facts.files_modified, MAX_FILES),
        files_created=_cap(facts.files_created, MAX_FILES),
        commands=_cap(facts.commands, MAX_COMMANDS),
        errors=_cap(facts.errors, MAX_ERRORS),
        failed_approaches=_cap(facts.failed_approaches, MAX_FAILED_APPROACHES),
        test_status=facts.test_status,
        **_identifier_fields(
            _identifiers(
                live, events, positions, written=(*facts.files_modified, *facts.files_created)
            )
        ),
        todos=_cap(todos, MAX_TODOS),
        decisions=_cap(_decisions(live), MAX_DECISIONS),
        # Describing counts each artifact's lines: describe only those the cap keeps.
        artifacts=tuple((a.id, _describe_artifact(a)) for a in _cap(artifacts, MAX_ARTIFACTS)),
        todos_done=_cap(done, MAX_TODOS),
    )


def _cap(items: Sequence[T], limit: int) -> tuple[T, ...]:
    """At most ``limit`` items: the first quarter from the start, the rest from the end, so
    that the first and the latest always survive and the middle goes."""
    if len(items) <= limit:
        return tuple(items)
    head, tail = _cap_bounds(len(items), limit)
    return (*items[:head], *items[tail:])


def _cap_bounds(count: int, limit: int) -> tuple[int, int]:
    """Where :func:`_cap` cuts ``count`` items: it keeps those before the first bound and
    from the second on."""
    if count <= limit:
        return count, count
    head = max(1, limit // 4)
    return head, count - (limit - head)


def _capped_positions(count: int, limit: int) -> range | set[int]:
    """The positions of the items :func:`_cap` keeps of ``count``."""
    head, tail = _cap_bounds(count, limit)
    return range(count) if head == count else {*range(head), *range(tail, count)}


def _unique(items: Iterable[T]) -> list[T]:
    return list(dict.fromkeys(items))


# ------------------------------------------------------------------ todos and decisions

_CHECKBOX = re.compile(r"^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+\[([ xX])\][ \t]+(\S.*?)[ \t]*$", re.M)
_TODO_LINE = re.compile(
    r"^[ \t]*(?:[-*+][ \t]+)?((?:TODO|FIXME)\b[ \t:-]*\S.*?|"
    r"(?i:next(?: steps?)?|remaining|still to do)[ \t]*:[ \t]*\S.*?)[ \t]*$",
    re.M,
)
_STILL_NEED = re.compile(r"\b(?:I|We)\s+still\s+(?:need|have)\s+to\s+[^.!?\n]+", re.I)
_TODO_PREFIX = re.compile(r"^(?:todo|fixme|next(?: steps?)?|remaining|still to do)\b[\s:-]*", re.I)
_NON_WORD = re.compile(r"[\W_]+")
_DECISION = re.compile(
    r"\b(?:decided|decide to|decision is|the fix is|the solution is|the approach is|"
    r"the best approach|the right approach|I chose|I've chosen|I(?:'ll| will) go with|"
    r"going with|opted|the root cause is|root cause:)",
    re.I,
)
# "instead of" and "rather than" state a choice only in the speaker's own plan ("I'll use
# X instead of Y"), not in a description of the bug ("it uses UTC instead of ...").
_ALTERNATIVE = re.compile(r"\b(?:instead of|rather than)\b", re.I)
_OWN_PLAN = re.compile(r"\b(?:I|I'll|I will|I'm going to|we|we'll|let's|let me)\b", re.I)
# The same two searches over a lowercased ASCII sentence (where ignoring case is lowercasing),
# each alternative starting with a letter and its word boundary checked behind it: the engine
# skips in C to the letters an alternative can start with instead of trying every position.
_DECISION_LOWER = re.compile(
    r"d(?<=\bd)(?:ecided|ecide to|ecision is)|t(?<=\bt)he (?:fix is|solution is|approach is|"
    r"best approach|right approach|root cause is)|i(?<=\bi)(?: chose|'ve chosen|(?:'ll| will) "
    r"go with)|g(?<=\bg)oing with|o(?<=\bo)pted|r(?<=\br)oot cause:"
)
_ALTERNATIVE_LOWER = re.compile(r"i(?<=\bi)nstead of\b|r(?<=\br)ather than\b")
_MAX_NOTE = 400
DECISION_WINDOW = 60
"""How many of a span's latest assistant messages are read for decisions."""


def _todo_key(text: str) -> str:
    return _NON_WORD.sub(" ", _TODO_PREFIX.sub("", text.strip()).lower()).strip()


def _todos(
    live: Sequence[tuple[int, Mapping[str, Any]]], events: Sequence[ToolEvent]
) -> tuple[list[str], list[str]]:
    """Open and done items, from the assistant's checklists, TODO/Next:/Remaining: lines and
    "I still need to ..." sentences, and from todo-list tools (the latest call wins)."""
    open_items: dict[str, str] = {}
    done: dict[str, str] = {}
    assistant = [m for _, m in live if m.get("role") == "assistant"]
    # Open items of older spans are carried by merge_ledgers (see DECISION_WINDOW).
    for message in assistant[-DECISION_WINDOW:]:
        checkboxes, mentions = _todos_in(message_text(message))
        for mark, item in checkboxes:
            key = _todo_key(item)
            if mark == " ":
                open_items.setdefault(key, item)
                done.pop(key, None)
            else:
                open_items.pop(key, None)
                done[key] = item
        for item in mentions:
            open_items.setdefault(_todo_key(item), item.strip())
    tool_open, tool_done = _tool_todos(events)
    for key, item in tool_done.items():
        open_items.pop(key, None)
        done[key] = item
    for key, item in tool_open.items():
        open_items.setdefault(key, item)
    return list(open_items.values()), list(done.values())


@functools.lru_cache(maxsize=8_192)
def _todos_in(text: str) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """The checklist items (mark, item) and the TODO lines and "still need to" sentences of
    one reply, in order. Pure in the text, which every compaction of a session reads again."""
    # Each search tries every position; skip those whose words a substring test rules out
    # (caseless words, which lowercasing finds in ASCII text; a box "[ ]", "[x]", "[X]").
    ascii = text.isascii()
    lowered = text.lower() if ascii else ""
    lines = (
        [(m.start(), m.group(1)) for m in _TODO_LINE.finditer(text)]
        if not ascii
        or "TODO" in text
        or "FIXME" in text
        or any(word in lowered for word in ("next", "remaining", "still to do"))
        else []
    )
    needs = (
        [(m.start(), m.group()) for m in _STILL_NEED.finditer(text)]
        if not ascii or "still" in lowered
        else []
    )
    mentions = tuple(item for _, item in sorted(lines + needs))
    boxed = "[ ]" in text or "[x]" in text or "[X]" in text
    return tuple(_CHECKBOX.findall(text)) if boxed else (), mentions


def _tool_todos(events: Sequence[ToolEvent]) -> tuple[dict[str, str], dict[str, str]]:
    """The latest todo-list tool call (``TodoWrite``-style ``{"todos": [{"content",
    "status"}]}``): open and completed items by key."""
    for event in reversed(events):
        items = event.arguments.get("todos")
        if "todo" not in event.tool.lower() or not isinstance(items, list):
            continue
        open_items: dict[str, str] = {}
        done: dict[str, str] = {}
        for item in items:
            if not isinstance(item, Mapping):
                continue
            content = item.get("content") or item.get("task") or item.get("title")
            if not isinstance(content, str) or not content.strip():
                continue
            status = str(item.get("status", "pending")).lower()
            target = done if status in {"completed", "done", "cancelled"} else open_items
            target[_todo_key(content)] = content.strip()
        return open_items, done
    return {}, {}


def _decisions(live: Sequence[tuple[int, Mapping[str, Any]]]) -> list[str]:
    """Assistant sentences that state a choice ("I will use X instead of Y", "the fix is
    to ...", "decided to ..."), verbatim, in order."""
    found: dict[str, None] = {}
    assistant = [m for _, m in live if m.get("role") == "assistant"]
    # Decisions of older spans are carried by merge_ledgers; within a span the recent
    # reasoning is what the next window needs, and scanning all of it dominates the cost.
    for message in assistant[-DECISION_WINDOW:]:
        found.update(dict.fromkeys(_decisions_in(message_text(message))))
    return list(found)


# Words every phrase of _DECISION_LOWER or _ALTERNATIVE_LOWER holds one of. A sentence is a
# substring of its reply, so an ASCII reply whose lowercased text holds none of them states
# no choice, and is not split into sentences (most replies: the split dominated the cost).
_CHOICE_WORDS = (
    "decide",
    "decision is",
    "the fix is",
    "the solution is",
    "approach",
    "root cause",
    "i chose",
    "i've chosen",
    "go with",
    "going with",
    "opted",
    "instead of",
    "rather than",
)


@functools.lru_cache(maxsize=8_192)
def _decisions_in(text: str) -> tuple[str, ...]:
    # Pure in the text, and every compaction of a session reads the same replies again.
    if text.isascii():
        lowered = text.lower()
        if not any(word in lowered for word in _CHOICE_WORDS):
            return ()
    return tuple(
        sentence
        for sentence in sentences(text)
        if len(sentence) <= _MAX_NOTE and not sentence.endswith("?") and _states_choice(sentence)
    )


def _states_choice(sentence: str) -> bool:
    """Whether a sentence states a choice (see :func:`_decisions`)."""
    if sentence.isascii():
        lowered = sentence.lower()
        if _DECISION_LOWER.search(lowered):
            return True
        alternative = _ALTERNATIVE_LOWER.search(lowered)
    else:  # ignoring case matches more than lowercasing outside ASCII (U+017F is an "s")
        if _DECISION.search(sentence):
            return True
        alternative = _ALTERNATIVE.search(sentence)
    return alternative is not None and _OWN_PLAN.search(sentence) is not None


# ----------------------------------------------------------------- identifiers, artifacts


def _argument_lines(value: Any, key: str = "") -> Iterator[str]:
    """``key: value`` lines for every scalar in a call's arguments, so that a key like
    ``reservation_id`` cues the code after it."""
    if isinstance(value, Mapping):
        for name, item in value.items():
            yield from _argument_lines(item, str(name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _argument_lines(item, key)
    elif isinstance(value, str | int | float) and not isinstance(value, bool):
        yield f"{key}: {value}" if key else str(value)


def _identifiers(
    live: Sequence[tuple[int, Mapping[str, Any]]],
    events: Sequence[ToolEvent],
    positions: Sequence[int],
    *,
    written: Sequence[str] = (),
) -> Selection:
    """The span's identifiers, critical and other (:func:`select_identifiers`): what the user
    (and system) wrote, what tools were called with and the files they wrote, the assistant's
    text, then tool outputs, newest first, a few from each. ``positions`` maps an event's
    indices to the message indices of ``live``."""
    sightings: list[Sighting] = []
    distinct: set[str] = set()

    def take(text: str, source: IdentifierSource, position: int, limit: int | None = None) -> None:
        for identifier in extract_identifiers(text, limit=limit):
            sightings.append(Sighting(identifier, source, position))
            distinct.add(identifier.value)

    def where(index: int | None) -> int:
        if index is None:
            return -1
        return positions[index] if 0 <= index < len(positions) else index

    for index, message in live:
        role = message.get("role")
        if role == "user" or role in INSTRUCTION_ROLES:
            take(message_text(message), "user", index)
        elif role == "assistant":
            take(message_text(message), "assistant", index)
    for event in events:
        # a call's arguments can hold a whole file (a heredoc, a write tool's content)
        lines = "\n".join(_argument_lines(event.arguments))
        take(lines, "call", where(event.call_index), IDENTIFIERS_PER_CALL)
    last = max((index for index, _ in live), default=0)
    sightings.extend(
        Sighting(Identifier(kind="path", value=path), "file", last) for path in written
    )
    for event in reversed(events):
        if len(distinct) >= MAX_IDENTIFIER_CANDIDATES:
            break  # enough to rank; the rest stays greppable in the archived span
        if event.output:
            at = where(event.result_index if event.result_index is not None else event.call_index)
            take(_output_scan_text(event), "output", at, IDENTIFIERS_PER_OUTPUT)
    return select_identifiers(sightings, limit=MAX_IDENTIFIERS, other_limit=MAX_OTHER_IDENTIFIERS)


def cap_identifiers(ledger: Ledger, limit: int) -> Ledger:
    """``ledger`` with at most ``limit`` critical identifiers (the checkpoint writes them all):
    the lower-ranked rest moves to the front of ``other_identifiers``, archived with the
    ledger."""
    if len(ledger.identifiers) <= limit:
        return ledger
    kept, moved = ledger.identifiers[: max(limit, 0)], ledger.identifiers[max(limit, 0) :]
    return replace(
        ledger,
        identifiers=kept,
        other_identifiers=(*moved, *ledger.other_identifiers)[:MAX_OTHER_IDENTIFIERS],
    )


def _identifier_fields(selection: Selection) -> dict[str, tuple[Identifier, ...]]:
    """The ledger fields of a selection, for ``Ledger(**...)``."""
    return {"identifiers": selection.critical, "other_identifiers": selection.other}


OUTPUT_SCAN_CHARS = 8_000
"""How much of each end of a long tool output is read for identifiers."""


def _output_scan_text(event: ToolEvent) -> str:
    """The part of a tool output read for identifiers: all of a short one; of a long one, its
    first and last lines (about ``OUTPUT_SCAN_CHARS`` each) and its error lines."""
    # A log or file dump of hundreds of kilobytes took longer to scan than the whole rest of
    # the compaction, for at most IDENTIFIERS_PER_OUTPUT entries; what the next window needs
    # sits at the ends and in the errors, and all of it stays greppable in the archive.
    output = event.output or ""
    if len(output) <= 3 * OUTPUT_SCAN_CHARS:
        return output
    head_end = output.rfind("\n", 0, OUTPUT_SCAN_CHARS)
    tail_start = output.find("\n", len(output) - OUTPUT_SCAN_CHARS)
    head = output[: head_end if head_end > 0 else 0]
    tail = output[tail_start + 1 :] if tail_start >= 0 else ""
    return "\n".join([head, *event.error_lines, tail])


def _describe_artifact(artifact: Artifact) -> str:
    """One line for the checkpoint's archive list, from the artifact's metadata."""
    meta = artifact.meta
    for key in ("description", "summary", "digest", "title"):
        value = meta.get(key)
        if isinstance(value, str) and value.strip():
            return short(value, 160)
    detail = next(
        (
            short(value, 100)
            for key in ("tool", "command", "path", "url", "role")
            if isinstance(value := meta.get(key), str) and value.strip()
        ),
        "",
    )
    kind = artifact.kind.replace("_", " ")
    # Pruning records the line count it already took; counting a long output again is not free.
    count = meta.get("lines")
    if not isinstance(count, int) or isinstance(count, bool):
        count = artifact.line_count
    lines = f"{count} line" + ("" if count == 1 else "s")
    return f"{kind} {detail} ({lines})" if detail else f"{kind} ({lines})"


# ------------------------------------------------------------------------------- merging


def _active_after(
    previous: str | None, newer: str | None, tasks: Sequence[Task], goal: str | None
) -> str | None:
    """The active task once a newer span is merged: the newer span's, unless it holds only a
    short reply ("thanks") and the request before it still stands
    (:func:`~packlight.compressor.tasks.standing_request`, over the merged ``tasks``)."""
    if newer is None:
        return previous
    if previous is None:
        return newer
    return previous if standing_request([previous, newer], tasks, goal=goal) == 0 else newer


def merge_ledgers(previous: Ledger, newer: Ledger) -> Ledger:
    """Carry ``previous`` (the ledger of the checkpoint being replaced) forward into
    ``newer`` (the ledger of the span compacted now). Everything in ``newer`` was stated after
    everything in ``previous``; to fold in messages older than a checkpoint (turns the
    decayed head protected), merge their ledger as ``previous`` and the checkpoint's as
    ``newer``.

    The newer active task wins; the goal stays the original one. Constraints are merged
    update-aware: a newer constraint on the same subject supersedes an older one (never one
    of its own ledger, which is consistent already), and superseded constraints accumulate.
    Lists are joined in order without duplicates, with caps that drop the middle; the first
    error ever seen stays first and the latest goes last. Previous TODOs stay open unless the
    newer span shows them done.
    """
    active = list(previous.constraints)
    superseded = list(previous.superseded) + list(newer.superseded)
    # Each ledger is consistent on its own, and their indices count messages of different
    # transcripts: a newer constraint replaces previous ones only, whatever the numbers say.
    older = set(previous.constraints)
    for constraint in newer.constraints:
        apply_statement(active, superseded, constraint, older=older)

    created = _unique((*previous.files_created, *newer.files_created))
    modified = [
        p for p in _unique((*previous.files_modified, *newer.files_modified)) if p not in created
    ]
    written = set(created) | set(modified)
    read = [p for p in _unique((*previous.files_read, *newer.files_read)) if p not in written]

    done_keys = {_todo_key(item) for item in newer.todos_done}
    todos = [item for item in previous.todos if _todo_key(item) not in done_keys]
    todos = _unique_by(_todo_key, (*todos, *newer.todos))
    done = _unique_by(_todo_key, (*previous.todos_done, *newer.todos_done))
    open_keys = {_todo_key(item) for item in todos}
    done = [item for item in done if _todo_key(item) not in open_keys]

    tasks = replay_tasks(tasks_of(previous), tasks_of(newer))
    return Ledger(
        active_task=_active_after(
            previous.active_task, newer.active_task, tasks, previous.goal or newer.goal
        ),
        goal=goal_of(tasks) or (previous.goal if previous.goal is not None else newer.goal),
        tasks=significant_tasks(tasks),
        constraints=_cap(active, MAX_CONSTRAINTS),
        superseded=_cap(_unique(superseded), MAX_SUPERSEDED),
        actions=_cap(_unique((*previous.actions, *newer.actions)), MAX_ACTIONS),
        files_read=_cap(read, MAX_FILES),
        files_modified=_cap(modified, MAX_FILES),
        files_created=_cap(created, MAX_FILES),
        commands=_cap(_unique((*previous.commands, *newer.commands)), MAX_COMMANDS),
        errors=_cap(merge_errors(previous.errors, newer.errors), MAX_ERRORS),
        failed_approaches=_cap(
            _unique((*previous.failed_approaches, *newer.failed_approaches)),
            MAX_FAILED_APPROACHES,
        ),
        test_status=newer.test_status if newer.test_status is not None else previous.test_status,
        # Re-ranked as one list: a user's identifier of an earlier round outranks a newer
        # tool output's, and a newer one outranks an older one of the same rank.
        **_identifier_fields(
            select_identifiers(
                carried_sightings(
                    previous.other_identifiers,
                    previous.identifiers,
                    newer.other_identifiers,
                    newer.identifiers,
                ),
                limit=MAX_IDENTIFIERS,
                other_limit=MAX_OTHER_IDENTIFIERS,
            )
        ),
        todos=_cap(todos, MAX_TODOS),
        decisions=_cap(_unique((*previous.decisions, *newer.decisions)), MAX_DECISIONS),
        artifacts=_cap(
            _unique_by(lambda pair: pair[0], (*previous.artifacts, *newer.artifacts)),
            MAX_ARTIFACTS,
        ),
        todos_done=_cap(done, MAX_TODOS),
    )


def statements_of(messages: Sequence[Message | Mapping[str, Any]]) -> list[Constraint]:
    """What the person says in ``messages`` (kept verbatim elsewhere), as rivals of a match:
    statements with no index of the span's."""
    return [
        statement(text, -1)
        for raw in messages
        if as_mapping(raw).get("role") == "user" and not is_summary(raw)
        for text in user_statements(message_text(raw))
    ]


def retire_superseded(
    ledger: Ledger,
    later: Sequence[Message | Mapping[str, Any]],
    earlier: Sequence[Message | Mapping[str, Any]] = (),
) -> Ledger:
    """``ledger`` with the constraints that ``later`` messages supersede moved to
    ``superseded``. ``later`` are the messages kept verbatim after the compacted span (the
    pinned and tail ones): what they state stays in the window, so nothing of theirs is added,
    but a checkpoint must not carry a value one of them has replaced. ``earlier`` are the
    person's messages kept verbatim before the span (the head): a later statement may be
    about one of theirs rather than the ledger's, so they compete for the match."""
    if not ledger.constraints:
        return ledger
    rivals = statements_of(earlier)
    # Read as if said after the ledger (an update cue finds what it revises among the
    # ledger's), replacing only the ledger's constraints, whatever the indices.
    active = list(ledger.constraints)
    # What a revision of one part leaves of a statement joins these (apply_statement).
    older = set(active)
    retired: list[Constraint] = []
    for offset, raw in enumerate(later):
        message = as_mapping(raw)
        role = message.get("role")
        if (role == "user" or role in INSTRUCTION_ROLES) and not is_summary(message):
            text = message_text(message)
            add_statements(
                active, retired, text, offset, human=role == "user", older=older, rivals=rivals
            )
    if not retired:
        return ledger
    gone = set(retired)
    own = set(ledger.constraints)
    return replace(
        ledger,
        # The ledger's own statements and what revisions of one of their parts left of them
        # (not what the later messages say: they are in the window).
        constraints=(
            *(c for c in ledger.constraints if c not in gone),
            *(c for c in active if c in older and c not in gone and c not in own),
        ),
        superseded=_cap(_unique((*ledger.superseded, *retired)), MAX_SUPERSEDED),
    )


def _unique_by(key: Any, items: Iterable[T]) -> list[T]:
    seen: dict[Any, T] = {}
    for item in items:
        seen.setdefault(key(item), item)
    return list(seen.values())


def ledger_text_items(ledger: Ledger) -> list[str]:
    """Every exact string of the ledger that a checkpoint must keep, in section order,
    without duplicates: the task and goal, constraints, files, commands, errors, failed
    approaches, the test result, identifiers, TODOs, decisions and artifact ids.

    Superseded constraints are left out (they go to the archive, not the checkpoint), and so
    are actions: their targets and outcomes are written by code and covered by the commands,
    files and errors.
    """
    items: list[str | None] = [
        ledger.active_task,
        ledger.goal,
        *(c.text for c in ledger.constraints),
        *ledger.files_modified,
        *ledger.files_created,
        *ledger.files_read,
        *(c.command for c in ledger.commands),
        *ledger.errors,
        *ledger.failed_approaches,
        ledger.test_status,
        *(i.value for i in ledger.identifiers),
        *ledger.todos,
        *ledger.decisions,
        *(identifier for identifier, _ in ledger.artifacts),
    ]
    return _unique(item for item in items if item)


def without_stale_identifiers(ledger: Ledger) -> Ledger:
    """``ledger`` without the identifiers that only superseded statements state: a replaced
    region, host, date or amount must not come back through Critical Identifiers. One that
    an active statement, the task or the goal still holds stays."""
    if not ledger.superseded:
        return ledger
    replaced = "\n".join(c.text for c in ledger.superseded).lower()
    goal = ledger.goal or ""
    for constraint in ledger.superseded:  # the checkpoint's goal leaves these out too
        goal = goal.replace(constraint.text, constraint.kept or "")
    current = "\n".join(
        [*(c.text for c in ledger.constraints), ledger.active_task or "", goal]
    ).lower()

    def stale(identifier: Identifier) -> bool:
        value = identifier.value.lower()
        return value in replaced and value not in current

    def fresh(identifiers: tuple[Identifier, ...]) -> tuple[Identifier, ...]:
        return tuple(i for i in identifiers if not stale(i))

    return replace(
        ledger,
        identifiers=fresh(ledger.identifiers),
        other_identifiers=fresh(ledger.other_identifiers),
    )


_RANDOM_IDENTIFIER_CHARS = 20


_REDACTED_ALONE_CHARS = 2_000


def with_secrets_redacted(ledger: Ledger, sources: Sequence[str] = ()) -> Ledger:
    """``ledger`` as a checkpoint may show it: every secret in what it quotes (the user's
    statements, the task, the goal and every task listed, commands, errors, notes) becomes a
    ``[secret: <kind> #<fingerprint>]`` placeholder (:mod:`packlight.redact`), and an
    identifier holding one is left out. ``sources`` are the texts the ledger was read from:
    an identifier that redaction removes from its line there (a YAML password read as a
    code) is left out too. A checkpoint is sent on every turn and stored for good; the
    originals stay in the archive."""

    quoted = [
        ledger.active_task or "",
        ledger.goal or "",
        ledger.test_status or "",
        *(c.text for c in ledger.constraints),
        *(a.target for a in ledger.actions),
        *(a.outcome for a in ledger.actions),
        *(c.command for c in ledger.commands),
        *ledger.errors,
        *ledger.failed_approaches,
        *ledger.todos,
        *ledger.decisions,
        *(t.text for t in ledger.tasks),
    ]
    values = [i.value for i in ledger.identifiers]
    items = list(dict.fromkeys(text for text in quoted if text))
    # A long text goes through the memo that redacted it for its statements: the tasks and
    # the active task are whole user messages (a 4,000-message session's 28 tasks, redacted
    # a second time, cost as much as the rest of the ledger's texts).
    alone = {text: redacted_message(text) for text in items if len(text) >= _REDACTED_ALONE_CHARS}
    short = [text for text in items if text not in alone]
    # The rest rule by rule (most ledgers hold no secret at all): hundreds of short texts.
    everything = [*short, *values]
    cleaned = redact_each(everything)
    random_values = any(len(v) >= _RANDOM_IDENTIFIER_CHARS and looks_random(v) for v in values)
    in_context = (
        secrets_in_context([v for v in values if could_be_secret(v)], sources) if sources else set()
    )
    unchanged = all(clean == text for text, clean in alone.items())
    if not random_values and not in_context and cleaned == everything and unchanged:
        return ledger
    redacted = dict(zip(short, cleaned[: len(short)], strict=True))
    clean_values = dict(zip(values, cleaned[len(short) :], strict=True))
    redacted.update(alone)

    def clean(text: str | None) -> str | None:
        return None if text is None else redacted.get(text, text)

    def texts(items: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(redacted.get(item, item) for item in items)

    def secret(value: str) -> bool:
        # An identifier is a secret when a text holding it lost it to redaction (a bare
        # token after "Bearer" reads as a plain code on its own).
        # A long random-looking value (an AWS secret key printed bare) is a credential
        # whatever was around it: it stays in the archive only.
        if value in in_context or (len(value) >= _RANDOM_IDENTIFIER_CHARS and looks_random(value)):
            return True
        return clean_values.get(value, value) != value or any(
            value in original and value not in clean_text
            for original, clean_text in redacted.items()
            if clean_text != original
        )

    return replace(
        ledger,
        active_task=clean(ledger.active_task),
        goal=clean(ledger.goal),
        tasks=tuple(replace(t, text=redacted.get(t.text, t.text)) for t in ledger.tasks),
        constraints=tuple(
            replace(c, text=redacted.get(c.text, c.text)) for c in ledger.constraints
        ),
        actions=tuple(
            replace(
                a,
                target=redacted.get(a.target, a.target),
                outcome=redacted.get(a.outcome, a.outcome),
            )
            for a in ledger.actions
        ),
        commands=tuple(
            replace(c, command=redacted.get(c.command, c.command)) for c in ledger.commands
        ),
        errors=texts(ledger.errors),
        failed_approaches=texts(ledger.failed_approaches),
        test_status=clean(ledger.test_status),
        identifiers=tuple(i for i in ledger.identifiers if not secret(i.value)),
        todos=texts(ledger.todos),
        decisions=texts(ledger.decisions),
    )
