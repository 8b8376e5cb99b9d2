"""A checkpoint read back from its text alone: the ledger it was written from, as far as the
text holds it.

A transcript that went through another tool, a file saved without packlight's metadata, or a
previous checkpoint passed in as text has no ``_packlight`` ledger. Its sections still say
what the checkpoint carried, and each is read back into the ledger field it was written from:
the user's statements (with their kind, recomputed from their words, and the "possibly
superseded" mark), the task and goal (unless the checkpoint only pointed to them), files,
errors, the test result, identifiers by kind, open work, decisions and archive references.
What has no ledger field (completed actions, prose, the last command) is carried as text.
Read this way, every statement keeps its priority in the next checkpoint, and a later
statement on the same subject still replaces it.

Pure: a function of the text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from packlight.compressor.checkpoint import (
    STOPPED_SECTION,
    identifier_kind_labels,
    parse_sections,
    strip_uncertain_note,
)
from packlight.compressor.constraints import Constraint
from packlight.compressor.identifiers import Identifier, IdentifierKind
from packlight.compressor.ledger import Ledger
from packlight.compressor.statements import statement, user_statements
from packlight.compressor.tasks import TASK_STATUSES, Task, TaskOrigin, goal_of

_POINTERS = (
    "The latest user message",
    "The first user message above",
    "The user message that set it",
    "The user message below",
)
_TASK_ITEM = re.compile(r"^\[([a-z ]+)\] (.+)$", re.DOTALL)
_CITATION = re.compile(r" \(artifact://[^)\s]+\)$")
_ARTIFACT = re.compile(r"^(artifact://[^\s:]+(?:#L\d+(?:-\d+)?)?):\s*(.*)$")
_BACKTICKED = re.compile(r"`([^`]+)`")
_ARCHIVE_REF = re.compile(r": (?:the )?\d+ original messages|: (?:the )?full ledger")
_LEDGER_SECTIONS = frozenset(
    {
        "Active Task",
        "Goal",
        STOPPED_SECTION,
        "Constraints & Preferences",
        "Relevant Files",
        "Critical Identifiers",
        "Open Work",
        "Key Decisions",
        "Archive",
    }
)


def _is_pointer(item: str) -> bool:
    return item.startswith(_POINTERS)


def _statements(items: Sequence[str]) -> list[Constraint]:
    found: list[Constraint] = []
    for position, item in enumerate(items):
        text, uncertain = strip_uncertain_note(item)
        if text.strip():
            found.append(_with_uncertain(statement(text.strip(), position), uncertain))
    return found


def _with_uncertain(constraint: Constraint, uncertain: bool) -> Constraint:
    if not uncertain:
        return constraint
    return Constraint(constraint.subject, constraint.text, constraint.index, constraint.kind, True)


def _identifiers(lines: Sequence[str]) -> tuple[list[Identifier], list[str]]:
    """Identifier lines (``paths: `a`, `b```) read back; lines that are not one are returned
    as text."""
    kinds = {label: kind for kind, label in identifier_kind_labels().items()}
    found: list[Identifier] = []
    other: list[str] = []
    for line in lines:
        label, _, rest = line.partition(": ")
        kind = kinds.get(label)
        values = _BACKTICKED.findall(rest)
        if kind is None or not values:
            other.append(line)
            continue
        found.extend(Identifier(_as_kind(kind), value) for value in values)
    return found, other


def _as_kind(kind: str) -> IdentifierKind:
    return kind  # type: ignore[return-value]  # the labels' keys are IdentifierKinds


def ledger_from_text(text: str) -> tuple[Ledger, dict[str, list[str]]]:
    """The ledger a checkpoint's ``text`` was written from, and the items of sections no
    ledger field holds (carried forward as text).

    A text without any section heading (a checkpoint whose frame was stripped, a hand-written
    note) is read as what a person stated: every statement of it is kept.
    """
    sections = parse_sections(text)
    if not sections:
        lines = [line.strip().lstrip("-*• ").strip() for line in text.splitlines()]
        found = [s for line in lines if line for s in user_statements(line)]
        return Ledger(constraints=tuple(statement(s, n) for n, s in enumerate(found))), {}
    return _from_sections(sections)


def _tasks(sections: Mapping[str, list[str]], task: str | None) -> tuple[Task, ...]:
    """The tasks listed with their status under the goal and as stopped or paused: the set
    aside ones first (their order among the others is not written). A task written as a
    pointer is left out: it is kept verbatim in the conversation, which says it again."""
    found: list[Task] = []
    for title in (STOPPED_SECTION, "Goal"):
        # Under a goal that follows stopped tasks, the first task in force is what the
        # person switched to (so that what was settled before stays listed as history).
        switched = title == "Goal" and bool(found)
        for item in sections.get(title, []):
            match = _TASK_ITEM.match(item)
            if match is None:
                continue
            label, text = match.group(1), match.group(2)
            if label == "stopped by the user":
                found.append(Task(text, "stopped", "stop"))
            elif label not in TASK_STATUSES:
                continue
            elif text == "The active task.":
                if task is not None:
                    found.append(Task(task, label, "switch"))
                    switched = False
            elif not _is_pointer(text):
                how: TaskOrigin = "switch" if switched else "request" if found else "original"
                found.append(Task(text, label, how))
                switched = False
    return tuple(found)


def _from_sections(sections: Mapping[str, list[str]]) -> tuple[Ledger, dict[str, list[str]]]:
    carried = {
        title: list(items) for title, items in sections.items() if title not in _LEDGER_SECTIONS
    }
    task = next((i for i in sections.get("Active Task", []) if not _is_pointer(i)), None)
    tasks = _tasks(sections, task)
    goal = (
        goal_of(tasks)
        if tasks
        else next((i for i in sections.get("Goal", []) if not _is_pointer(i)), None)
    )

    modified: list[str] = []
    created: list[str] = []
    read: list[str] = []
    for item in sections.get("Relevant Files", []):
        label, _, path = item.partition(": ")
        {"modified": modified, "created": created, "read": read}.get(label, []).append(path)

    errors: list[str] = []
    failed: list[str] = []
    blocked_rest: list[str] = []
    first: str | None = None
    latest: str | None = None
    for item in carried.pop("Blocked", []):
        label, _, rest = item.partition(": ")
        rest = _CITATION.sub("", rest)
        if label == "First error seen":
            first = rest
        elif label == "Latest error seen":
            latest = rest
        elif label == "Error":
            errors.append(rest)
        elif label == "Failed approach":
            failed.append(rest)
        else:
            blocked_rest.append(item)
    errors = [e for e in (first, *errors, latest) if e is not None]
    if blocked_rest:
        carried["Blocked"] = blocked_rest

    test_status: str | None = None
    state_rest: list[str] = []
    for item in carried.pop("Active State", []):
        if item.startswith("Latest test result: "):
            test_status = item.removeprefix("Latest test result: ")
        else:
            state_rest.append(item)
    if state_rest:
        carried["Active State"] = state_rest

    identifiers, id_rest = _identifiers(sections.get("Critical Identifiers", []))
    if id_rest:
        carried["Critical Identifiers"] = id_rest
    artifacts: list[tuple[str, str]] = []
    archive_rest: list[str] = []
    for item in sections.get("Archive", []):
        match = _ARTIFACT.match(item)
        if match and _ARCHIVE_REF.search(item):
            # The previous checkpoint's pointers to its originals and its ledger: the new
            # checkpoint points to its own (whose originals hold the previous checkpoint).
            continue
        if match:
            artifacts.append((match.group(1).removeprefix("artifact://"), match.group(2)))
        else:
            archive_rest.append(item)
    if archive_rest:
        carried["Archive"] = archive_rest

    # A task quoted in full had its statements left out of the list: they are the user's
    # statements all the same, and outlive the task.
    listed = _statements(sections.get("Constraints & Preferences", []))
    told = [statement(s, -1) for s in user_statements(task or "")]
    ledger = Ledger(
        active_task=task,
        goal=goal,
        tasks=tasks,
        constraints=tuple([*listed, *(c for c in told if c.text not in {x.text for x in listed})]),
        files_read=tuple(read),
        files_modified=tuple(modified),
        files_created=tuple(created),
        errors=tuple(errors),
        failed_approaches=tuple(failed),
        test_status=test_status,
        identifiers=tuple(identifiers),
        todos=tuple(sections.get("Open Work", [])),
        decisions=tuple(sections.get("Key Decisions", [])),
        artifacts=tuple(artifacts),
    )
    return ledger, carried
