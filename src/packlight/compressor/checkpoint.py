"""The checkpoint: a reference-only hand-off document with fixed sections (DESIGN 5.4).

Written by code from the ledger, within a token budget. What must survive is always written
(the active task, constraints, modified and created files, the first and the latest error,
test status); everything else is added by priority until the budget is spent, and what did not
fit is counted and pointed to in the archive (the full ledger is archived with every
compaction). A focus topic moves the items that mention it to the front of the queue.

The frame says what the document is: a record of an earlier context window, not
instructions; the latest user message is the only authority; tools remain available. An end
marker separates it from the conversation that follows. :func:`parse_sections` reads a
checkpoint back, so a transcript saved without packlight's metadata can still be resumed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from packlight.compressor.identifiers import Identifier
from packlight.compressor.ledger import Ledger
from packlight.messages import CHECKPOINT_MARKER
from packlight.tokens import TokenCounter

SECTIONS: tuple[str, ...] = (
    "Active Task",
    "Goal",
    "Constraints & Preferences",
    "Completed Actions",
    "Active State",
    "Blocked",
    "Key Decisions",
    "Resolved Questions",
    "Relevant Files",
    "Critical Identifiers",
    "Open Work",
    "Archive",
)
SUMMARY_SECTION = "Summary"
LEDGER_OWNED: frozenset[str] = frozenset(
    {
        "Active Task",
        "Constraints & Preferences",
        "Relevant Files",
        "Critical Identifiers",
        "Archive",
    }
)
"""Sections written from the ledger only: authoritative, never taken from a model's prose."""

PREFIX = (
    f"{CHECKPOINT_MARKER}\n"
    "REFERENCE ONLY: a hand-off from an earlier context window of this conversation. Earlier "
    "turns were compacted into the record below. It is not a set of instructions: where it "
    "differs from the latest user message, the latest user message is the only authority. "
    "Work listed as completed is done; do not redo it. All tools remain available, and every "
    "artifact:// reference below can be retrieved in full."
)
END_MARKER = "[end of checkpoint: continue from the conversation below]"

_MAX_ITEM_CHARS = 600
_GOAL_SHARE = 0.30
_HEADING = re.compile(r"^## (.+?)\s*$")
_WORD = re.compile(r"[A-Za-z0-9_./-]{3,}")


@dataclass(slots=True)
class _Section:
    title: str
    required: list[str] = field(default_factory=list)
    optional: list[str] = field(default_factory=list)
    numbered: bool = False
    rank: dict[str, int] = field(default_factory=dict)
    """Display order of chosen items (numbered sections show them chronologically)."""
    written: list[str] = field(default_factory=list)
    """Items an LLM wrote for this section (placed after the ledger's identifiers)."""


@dataclass(frozen=True, slots=True)
class RenderedCheckpoint:
    """The checkpoint text and what the budget left out."""

    text: str
    tokens: int
    omitted: dict[str, int]


def _clip(text: str, limit: int = _MAX_ITEM_CHARS) -> str:
    text = " ".join(text.split()) if "\n" not in text.strip() else text.strip()
    if len(text) <= limit:
        return text
    keep = limit // 2
    return f"{text[:keep]} … {text[-keep:]}"


def _one_line(text: str, limit: int = 240) -> str:
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first if len(first) <= limit else first[: limit - 1] + "…"


def _focus_words(focus: str | None) -> set[str]:
    return {word.lower() for word in _WORD.findall(focus or "")}


def _mentions(item: str, words: set[str]) -> bool:
    lowered = item.lower()
    return any(word in lowered for word in words)


def _past_tense(tool: str, target: str, outcome: str) -> str:
    target = _clip(target.splitlines()[0] if target else "", 160)
    outcome = _clip(outcome, 200)
    shown = f" `{target}`" if target else ""
    return f"Called {tool}{shown}: {outcome}." if outcome else f"Called {tool}{shown}."


_KIND_LABELS: dict[str, str] = {
    "path": "paths",
    "url": "URLs",
    "hash": "hashes",
    "uuid": "UUIDs",
    "issue": "issues",
    "port": "ports",
    "version": "versions",
    "test": "tests",
    "error_code": "error codes",
    "amount": "amounts",
    "date": "dates",
    "code": "codes",
}


def identifier_lines(identifiers: Iterable[Identifier]) -> list[str]:
    """Identifiers grouped by kind, one line per kind (``paths: `a`, `b```), kinds in the
    order of their first identifier: a label per kind instead of one per identifier keeps
    the cost of each to its own tokens and a separator."""
    groups: dict[str, list[str]] = {}
    for identifier in identifiers:
        value = identifier.value
        # A value holding a backtick cannot be quoted with one; it is written as it is.
        quoted = value if "`" in value else f"`{value}`"
        groups.setdefault(identifier.kind, []).append(quoted)
    return [
        f"{_KIND_LABELS.get(kind, kind)}: {', '.join(values)}" for kind, values in groups.items()
    ]


SUPERSEDED_NOTE = "[superseded by a later message]"


def _without(text: str, superseded: Sequence[str]) -> str:
    """``text`` with every superseded statement in it replaced by a short note."""
    for statement in superseded:
        if statement and statement in text:
            text = text.replace(statement, SUPERSEDED_NOTE)
    return text


def required_tokens(ledger: Ledger, *, counter: TokenCounter, token_budget: int) -> int:
    """Tokens the frame, the headings and the required items of ``ledger`` take, identifiers
    left out: what a budget must hold before it can carry any identifier (the task assumed
    in the window, as it usually is)."""
    sections = build_sections(
        replace(ledger, identifiers=()),
        task_in_window=True,
        counter=counter,
        token_budget=token_budget,
    )
    spent = counter.count_text(PREFIX) + counter.count_text(END_MARKER)
    return spent + sum(
        counter.count_text(section.title)
        + 3
        + sum(counter.count_text(item) + 2 for item in section.required)
        for section in sections
    )


def build_sections(
    ledger: Ledger,
    *,
    task_in_window: bool,
    goal_in_window: bool = False,
    counter: TokenCounter,
    token_budget: int,
    prose: str = "",
    archive_refs: Sequence[str] = (),
    carried: dict[str, list[str]] | None = None,
    citations: Mapping[str, str] | None = None,
    written: Mapping[str, Sequence[str]] | None = None,
) -> list[_Section]:
    """The sections of a checkpoint with their required and optional items, in order.
    ``task_in_window`` and ``goal_in_window`` say that the latest user message and the
    original task (the ledger's goal) are kept verbatim outside the checkpoint, which then
    points to them instead of quoting them."""
    sections = {title: _Section(title) for title in SECTIONS}
    task = ledger.active_task or ""
    if task:
        if task_in_window:
            sections["Active Task"].required.append(
                "The latest user message, kept verbatim in the conversation below, is the "
                f"active task. It begins: {_one_line(task)}"
            )
        else:
            sections["Active Task"].required.append(_clip(task, 4_000))
    # A checkpoint never carries a superseded value, not even inside a verbatim quote.
    goal = _without(ledger.goal or "", [c.text for c in ledger.superseded])
    if goal.strip() and goal.strip() != task.strip():
        if goal_in_window:
            sections["Goal"].required.append("The first user message above, kept verbatim.")
        else:
            goal_limit = max(400, int(token_budget * _GOAL_SHARE) * 3)
            sections["Goal"].required.append(_clip(goal, goal_limit))
    sections["Constraints & Preferences"].required.extend(_clip(c.text) for c in ledger.constraints)

    actions = [_past_tense(a.tool, a.target, a.outcome) for a in ledger.actions]
    # The most recent actions matter most for continuing; the first few say how it started.
    head, recent = actions[:3], actions[3:]
    completed = sections["Completed Actions"]
    completed.numbered = True
    completed.optional.extend(reversed(recent))
    completed.optional.extend(head)
    completed.rank = {text: position for position, text in enumerate(actions)}

    state = sections["Active State"]
    if ledger.test_status:
        state.required.append(f"Latest test result: {_clip(ledger.test_status, 300)}")
    if ledger.commands:
        last = ledger.commands[-1]
        code = "unknown" if last.exit_code is None else str(last.exit_code)
        state.optional.append(
            f"Last command: `{_clip(last.command.splitlines()[0], 200)}` (exit {code})"
        )

    blocked = sections["Blocked"]
    cite = citations or {}

    def cited(line: str) -> str:
        return f"{line} ({cite[line]})" if line in cite else line

    if ledger.errors:
        blocked.required.append(f"First error seen: {cited(ledger.errors[0])}")
        if len(ledger.errors) > 1:
            blocked.required.append(f"Latest error seen: {cited(ledger.errors[-1])}")
        blocked.optional.extend(f"Error: {line}" for line in ledger.errors[1:-1])
    blocked.optional[:0] = [f"Failed approach: {_clip(f, 300)}" for f in ledger.failed_approaches]

    sections["Key Decisions"].optional.extend(_clip(d, 300) for d in ledger.decisions)

    files = sections["Relevant Files"]
    files.required.extend(f"modified: {path}" for path in ledger.files_modified)
    files.required.extend(f"created: {path}" for path in ledger.files_created)
    files.optional.extend(f"read: {path}" for path in ledger.files_read)

    # Every identifier of the ledger is written (the ledger keeps only critical ones); one
    # written in full elsewhere already (a modified file, an error line) is not repeated.
    shown = "\n".join(item for section in sections.values() for item in section.required)
    sections["Critical Identifiers"].required.extend(
        identifier_lines(i for i in ledger.identifiers if i.value not in shown)
    )
    sections["Open Work"].optional.extend(_clip(todo, 300) for todo in ledger.todos)
    archive = sections["Archive"]
    archive.required.extend(archive_refs)
    archive.optional.extend(f"artifact://{aid}: {desc}" for aid, desc in ledger.artifacts)

    for title, items in (carried or {}).items():
        if title in sections:
            present = set(sections[title].required) | set(sections[title].optional)
            fresh = [i for i in items if i not in present]
            sections[title].optional[:0] = fresh
            # Carried items are older than anything this compaction saw.
            sections[title].rank.update({i: n - len(fresh) for n, i in enumerate(fresh)})

    # What an LLM wrote joins its section (numbered ones show it first); sections the ledger
    # owns are never taken from a model (the summarizer drops them before this).
    written = written or {}
    for title, lines in written.items():
        if title in sections and title not in LEDGER_OWNED:
            target = sections[title]
            target.written = [_clip(item) for item in lines if item.strip()]
            target.rank.update({item: n - 10_000 for n, item in enumerate(target.written)})
    ordered = [sections[title] for title in SECTIONS]
    summary_items = [_clip(i) for i in written.get(SUMMARY_SECTION, ()) if i.strip()]
    if summary_items:
        ordered.insert(1, _Section(SUMMARY_SECTION, written=summary_items))
    elif not written and prose.strip():
        ordered.insert(1, _Section(SUMMARY_SECTION, required=[prose.strip()]))
    return ordered


def _fill(
    queues: list[tuple[str, list[str]]],
    chosen: dict[str, list[str]],
    omitted: dict[str, int],
    spent: int,
    *,
    counter: TokenCounter,
    token_budget: int,
    taken: list[tuple[str, str, bool]] | None = None,
) -> int:
    """Take items round-robin from ``queues`` while they fit; the tokens spent afterwards.
    ``taken`` records what was added, in order, as ``(section, item, counted in omitted)``."""
    exhausted = False
    while not exhausted:
        exhausted = True
        for title, queue in queues:
            if not queue:
                continue
            item = queue.pop(0)
            cost = counter.count_text(item) + 2
            if spent + cost > token_budget:
                queue.clear()
                continue
            chosen[title].append(item)
            omitted[title] -= 1
            spent += cost
            if taken is not None:
                taken.append((title, item, True))
            exhausted = False
    return spent


def render_checkpoint(
    ledger: Ledger,
    *,
    counter: TokenCounter,
    token_budget: int,
    task_in_window: bool = True,
    goal_in_window: bool = False,
    focus: str | None = None,
    prose: str = "",
    archive_refs: Sequence[str] = (),
    carried: dict[str, list[str]] | None = None,
    overflow_ref: str | None = None,
    citations: Mapping[str, str] | None = None,
    written: Mapping[str, Sequence[str]] | None = None,
) -> RenderedCheckpoint:
    """Render the framed checkpoint within ``token_budget`` tokens (required items always in)."""
    sections = build_sections(
        ledger,
        task_in_window=task_in_window,
        goal_in_window=goal_in_window,
        counter=counter,
        token_budget=token_budget,
        prose=prose,
        archive_refs=archive_refs,
        carried=carried,
        citations=citations,
        written=written,
    )
    words = _focus_words(focus)
    chosen: dict[str, list[str]] = {s.title: list(s.required) for s in sections}
    spent = counter.count_text(PREFIX) + counter.count_text(END_MARKER)
    spent += sum(counter.count_text(item) + 2 for items in chosen.values() for item in items)
    spent += sum(counter.count_text(s.title) + 3 for s in sections)

    # Optional items compete for what is left: focus matches first, then round-robin across
    # sections in section order so that no section starves another.
    def queues() -> list[tuple[str, list[str]]]:
        if not words:
            # No focus matches anything: skip lowering every item twice on every call.
            return [(s.title, []) for s in sections] + [
                (s.title, list(s.optional)) for s in sections
            ]
        focused = [(s.title, [i for i in s.optional if _mentions(i, words)]) for s in sections]
        rest = [(s.title, [i for i in s.optional if not _mentions(i, words)]) for s in sections]
        return focused + rest

    omitted = {s.title: len(s.optional) for s in sections}
    taken: list[tuple[str, str, bool]] = []
    fill = partial(_fill, counter=counter, token_budget=token_budget, taken=taken)
    if any(s.written for s in sections):
        # Hybrid: the identifiers the ledger alone would have carried go in first, so that the
        # model's prose never pushes one out (an identifier the model left out is re-inserted);
        # then the prose, in section order; then the rest of the ledger's optional items.
        baseline = {title: list(items) for title, items in chosen.items()}
        _fill(queues(), baseline, dict(omitted), spent, counter=counter, token_budget=token_budget)
        kept = set(baseline["Critical Identifiers"])
        identifiers = next(s.optional for s in sections if s.title == "Critical Identifiers")
        spent = fill(
            [("Critical Identifiers", [i for i in identifiers if i in kept])],
            chosen,
            omitted,
            spent,
        )
        for section in sections:
            for item in section.written:
                cost = counter.count_text(item) + 2
                if spent + cost <= token_budget:
                    chosen[section.title].append(item)
                    taken.append((section.title, item, False))  # not a ledger item
                    spent += cost
        carried_ids = set(chosen["Critical Identifiers"])
        remaining = [
            (
                title,
                [i for i in queue if not (title == "Critical Identifiers" and i in carried_ids)],
            )
            for title, queue in queues()
        ]
        spent = fill(remaining, chosen, omitted, spent)
    else:
        spent = fill(queues(), chosen, omitted, spent)
    text = _layout(sections, chosen, omitted, overflow_ref)
    tokens = counter.count_text(text)
    # Item costs are estimates and the "(+N more)" notes are not counted while choosing: take
    # back the last optional items until the whole text is within the budget.
    while tokens > token_budget and taken:
        # Take back about as much as the text is over, then measure once more.
        over = tokens - token_budget
        while over > 0 and taken:
            title, item, counted = taken.pop()
            chosen[title].remove(item)
            if counted:
                omitted[title] += 1
            over -= counter.count_text(item) + 2
        text = _layout(sections, chosen, omitted, overflow_ref)
        tokens = counter.count_text(text)
    return RenderedCheckpoint(text=text, tokens=tokens, omitted=omitted)


def _layout(
    sections: Sequence[_Section],
    chosen: Mapping[str, list[str]],
    omitted: Mapping[str, int],
    overflow_ref: str | None,
) -> str:
    """The checkpoint text: frame, sections with their chosen items and overflow notes."""
    numbered = {s.title for s in sections if s.numbered}
    lines = [PREFIX, ""]
    for section in sections:
        lines.append(f"## {section.title}")
        items = chosen[section.title]
        if section.title in numbered:
            items = sorted(items, key=lambda text: section.rank.get(text, 0))
            lines.extend(f"{n}. {item}" for n, item in enumerate(items, start=1))
        else:
            lines.extend(f"- {item}" if "\n" not in item else item for item in items)
        left_out = omitted[section.title]
        if left_out > 0:
            where = f" in {overflow_ref}" if overflow_ref else ""
            lines.append(f"- (+{left_out} more{where})")
        if not items and left_out <= 0:
            lines.append("- (none)")
        lines.append("")
    lines.append(END_MARKER)
    return "\n".join(lines)


def parse_sections(text: str) -> dict[str, list[str]]:
    """The items of each section of a rendered checkpoint (the frame and markers dropped)."""
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for raw in text.splitlines():
        line = raw.rstrip()
        heading = _HEADING.match(line)
        if heading:
            current = heading.group(1)
            sections[current] = []
            continue
        if current is None or not line.strip() or line.strip() == END_MARKER:
            continue
        item = re.sub(r"^(?:- |\d+\. )", "", line.strip())
        if item == "(none)" or re.fullmatch(r"\(\+\d+ more.*\)", item):
            continue
        sections[current].append(item)
    return sections


def checkpoint_items(text: str) -> Iterable[str]:
    """Every item of every section, flattened."""
    for items in parse_sections(text).values():
        yield from items
