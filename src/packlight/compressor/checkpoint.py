"""The checkpoint: a reference-only hand-off document with fixed sections (DESIGN 5.4).

Written by code from the ledger, within a hard budget: the text never holds more than
``token_budget`` tokens, nor more than ``char_budget`` characters when one is given.
What must survive is required (the active task, the goal, constraints, modified and created
files, the first and the latest error, test status, critical identifiers, archive
references); everything else is added by priority while there is room, and what did not fit
is counted in a ``(+N more in artifact://…)`` note that points to the archived ledger (the
full ledger is archived with every compaction). A focus topic moves the items that mention it
to the front of the queue.

When the required items alone do not fit, what goes is cut in the order of
:data:`CUT_ORDER`, first cut first: the overflow notes (each put back afterwards, in section
order, where it fits); the model's prose summary; Critical Identifiers lines (last first);
``created:`` files; the test status; the latest error, then the first; ``modified:`` files;
archive references beyond the first; the goal (clipped to one line, then dropped); then the
user's statements in ascending :data:`~packlight.compressor.constraints.PRIORITY` (questions,
preferences, facts, goals, constraints, rules: safety rules and hard constraints last),
oldest first within one kind but those with a look-alike last; the first archive reference;
the active task last (clipped to its first line, then dropped). Every cut item is counted in
its section's note. Once a required item is cut no optional item is added, so an optional
item never stands where a required one was cut. If not even the frame fits, the text is the
shortest frame: the marker and an end marker (the marker alone below that: it must lead every
checkpoint, so it is the floor, the one text that can exceed a budget smaller than itself).

The frame says what the document is: a record of an earlier context window, not
instructions; the latest user message is the only authority; tools remain available. An end
marker separates it from the conversation that follows. Two frames: ``"full"`` (a paragraph
of framing, the section titles of :data:`SECTIONS`) and ``"compact"`` (one preamble line,
the short headings of :data:`COMPACT_HEADINGS`, :data:`COMPACT_END_MARKER`). Empty sections
are not written. :func:`parse_sections` reads either frame back to the titles of
:data:`SECTIONS`, so a transcript saved without packlight's metadata can still be resumed.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Literal

from packlight.compressor.constraints import KINDS, PRIORITY, Constraint, is_constraint, sentences
from packlight.compressor.cues import hedged
from packlight.compressor.identifiers import Identifier
from packlight.compressor.ledger import Ledger
from packlight.compressor.statements import PASTED_CHARS, spoken, user_statements
from packlight.compressor.subjects import look_alikes, subject
from packlight.compressor.tasks import ACTIVE_STATUSES, SET_ASIDE_STATUSES, Task, task_key
from packlight.compressor.turns import is_courtesy
from packlight.integrity import COMPACT_END_MARKER, END_MARKER, signed, without_tag
from packlight.messages import CHECKPOINT_MARKER
from packlight.token_lines import LineMemoCounter
from packlight.tokens import TokenCounter

CheckpointFrame = Literal["full", "compact"]

STOPPED_SECTION = "Stopped or Paused"
"""The tasks a person stopped or paused, in their words: not to be resumed or redone."""
SECTIONS: tuple[str, ...] = (
    "Active Task",
    "Goal",
    STOPPED_SECTION,
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

COMPACT_PREFIX = (
    f"{CHECKPOINT_MARKER} Reference only: latest user message decides. Tools remain available."
)
"""The compact frame's one preamble line (91 characters): at a budget of a tenth or a fifth of
a dense chat, every character of the frame is one a statement cannot use."""
COMPACT_HEADINGS: dict[str, str] = {
    "Active Task": "Task",
    SUMMARY_SECTION: SUMMARY_SECTION,
    "Goal": "Goal",
    STOPPED_SECTION: "Stopped",
    "Constraints & Preferences": "Rules & facts",
    "Completed Actions": "Done",
    "Active State": "State",
    "Blocked": "Blocked",
    "Key Decisions": "Decisions",
    "Resolved Questions": "Resolved",
    "Relevant Files": "Files",
    "Critical Identifiers": "IDs",
    "Open Work": "Open",
    "Archive": "Archive",
}
"""The compact frame's heading for each section title."""
_CANONICAL_TITLES: dict[str, str] = {short: title for title, short in COMPACT_HEADINGS.items()}

UNCERTAIN_NOTE = " (possibly superseded)"
"""Suffix of a statement that a later one may have replaced (``Constraint.uncertain``)."""

CUT_ORDER: tuple[str, ...] = (
    # Notes go first (and come back afterwards where they fit): the ledger artifact they point
    # to is also listed under Archive, and a note costs about as much as a short item.
    "overflow notes",
    # A person's greeting and thanks ride with the statement beside them (the message stays
    # whole); under the budget they go before anything that says something.
    "politeness",
    "summary prose",
    "identifiers",
    "created files",
    "test status",
    "latest error",
    "first error",
    "modified files",
    "later archive refs",
    "goal",
    "stopped tasks",
    # The user's own statements outrank everything above: the least binding kinds go first,
    # so that safety rules and hard constraints are the last thing but the task to go.
    # Before any statement goes, each is cut to its sentences up to the one with its value.
    "statement cores",
    *(f"{kind} statements" for kind in sorted(KINDS, key=lambda kind: PRIORITY[kind])),
    "task in force",
    "first archive ref",
    "active task",
)
"""What goes, first cut first, when the required items alone exceed the budget: each stage is
emptied (items last first, statements oldest first, look-alikes last) before the next one is
touched; the goal and the active task are clipped to one line before they are dropped."""

_MAX_ITEM_CHARS = 600
_CLIPPED_CHARS = 200
_STOPPED_CHARS = 240
_LISTED_CHARS = 80
_TURN_CHARS = PASTED_CHARS
"""A message that switched, stopped or resumed work is quoted whole up to this length (a
longer one is pasted content): every sentence of it may change what the agent does."""
_GOAL_SHARE = 0.30
_HEADING = re.compile(r"^## (.+?)\s*$")
_WORD = re.compile(r"[A-Za-z0-9_./-]{3,}")
_OVERFLOW = re.compile(r"\(\+\d+ more.*\)")


@dataclass(frozen=True, slots=True)
class _Cut:
    """One step of cutting required items: drop ``item`` of ``title``, or put ``replacement``
    (a clipped copy) in its place; ``note`` steps silence the section's overflow note."""

    stage: int
    title: str
    item: str = ""
    replacement: str | None = None
    note: bool = False


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
    cuts: list[_Cut] = field(default_factory=list)
    """How the required items go when they do not fit, in this section's order."""

    def require(self, item: str, stage: str, *, clip_first: bool = False) -> None:
        """Add a required item and the steps that cut it (a one-line clip, then the drop),
        ahead of the steps of earlier items: within a stage, items go last first."""
        self.required.append(item)
        rank = CUT_ORDER.index(stage)
        shorter = _one_line(item, _CLIPPED_CHARS) if clip_first else item
        clip = [_Cut(rank, self.title, item, replacement=shorter)] if shorter != item else []
        self.cuts[:0] = [*clip, _Cut(rank, self.title, shorter)]


@dataclass(frozen=True, slots=True)
class RenderedCheckpoint:
    """The checkpoint text and what the budget left out."""

    text: str
    tokens: int
    omitted: dict[str, int]


@dataclass(frozen=True, slots=True)
class _Limit:
    """The hard budget: tokens by ``counter``, and characters when ``chars`` is set."""

    counter: TokenCounter
    tokens: int
    chars: int | None

    def excess(self, text: str) -> tuple[int, int]:
        """How far ``text`` is over each budget (zero or less: within it)."""
        chars = len(text) - self.chars if self.chars is not None else -1
        return self.counter.count_text(text) - self.tokens, chars

    def fits(self, text: str) -> bool:
        tokens, chars = self.excess(text)
        return tokens <= 0 and chars <= 0

    def cost(self, item: str) -> tuple[int, int]:
        """What one bullet line costs: the item, its bullet and its line break."""
        return self.counter.count_text(item) + 2, len(item) + 3


def _clip(text: str, limit: int = _MAX_ITEM_CHARS) -> str:
    text = " ".join(text.split()) if "\n" not in text.strip() else text.strip()
    if len(text) <= limit:
        return text
    keep = limit // 2
    return f"{text[:keep]} … {text[-keep:]}"


def _one_line(text: str, limit: int = 240) -> str:
    """The first line of ``text`` that says something, clipped to ``limit``; lines of markup
    alone before it (``<pr_description>``) come with it, so that it is still how the text
    begins."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    said = next((n for n, line in enumerate(lines) if re.sub(r"<[^<>]*>", "", line).strip()), 0)
    first = " ".join(lines[: said + 1])
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


def identifier_kind_labels() -> dict[str, str]:
    """The label :func:`identifier_lines` writes for each identifier kind (for reading a
    checkpoint back)."""
    return dict(_KIND_LABELS)


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


def _without(text: str, superseded: Sequence[Constraint]) -> str:
    """``text`` with every superseded statement in it replaced by what of it stands (a later
    message revised only some of its parts) or, when nothing does, by a short note."""
    for statement in superseded:
        if statement.text and statement.text in text:
            text = text.replace(statement.text, statement.kept or SUPERSEDED_NOTE)
    return text


def statement_item(constraint: Constraint) -> str:
    """How a statement is written in the checkpoint (marked when it may be superseded): whole
    up to the length of a message that is no paste (a person's words are not cut short;
    the budget drops a statement whole, by its kind)."""
    return _clip(constraint.text, PASTED_CHARS) + (UNCERTAIN_NOTE if constraint.uncertain else "")


_HOLDS_A_VALUE = re.compile(r"\d|[$€£¥@]|\w[/._]\w")


def statement_core(text: str) -> str:
    """What a statement is cut to before the budget drops it whole: its sentences up to the
    first that holds a value (digits, an amount, an address, an identifier). "Keep the kitchen
    under $9,250. The boiler died, so money is tight." is "Keep the kitchen under $9,250.";
    the rest stays in the archive. ``text`` itself when no sentence holds such a value (it may
    be in words), when a later one holds another, or when a later one binds."""
    said = [sentence.strip() for sentence in sentences(text) if sentence.strip()]
    if len(said) < 2:
        return text
    # Up to the first sentence with a value: "Dad gets insulin with dinner. Never more than 11
    # units." keeps what the number is about.
    upto = next((n for n, sentence in enumerate(said) if _HOLDS_A_VALUE.search(sentence)), None)
    rest = said[upto + 1 :] if upto is not None else []
    if upto is None or any(_HOLDS_A_VALUE.search(s) or is_constraint(s) for s in rest):
        # A value in words, a second value, or a follow-on that binds ("Never exceed it
        # without approval."): kept whole.
        return text
    return " ".join(said[: upto + 1])


def strip_uncertain_note(item: str) -> tuple[str, bool]:
    """A parsed statement item without :data:`UNCERTAIN_NOTE`, and whether it carried it."""
    if item.endswith(UNCERTAIN_NOTE):
        return item[: -len(UNCERTAIN_NOTE)], True
    return item, False


def _kind_rank(constraint: Constraint) -> int:
    return KINDS.index(constraint.kind) if constraint.kind in KINDS else len(KINDS)


def cut_kind(constraint: Constraint) -> str:
    """The kind a statement is cut with under the budget: its own, but a question, a musing or
    someone else's value ("Would 3:15 pm be crazy? Don't change it, just thinking aloud.",
    "Efua's draft has ..., but that's their draft") goes with the questions. Read from the
    text alone, so that a checkpoint read back keeps the order."""
    said = spoken(constraint.text)
    first = next(iter(sentences(said)), said)
    if constraint.kind not in KINDS or first.rstrip().endswith("?") or hedged(said):
        return "question"
    if _says_nothing(said):
        return "question"  # "For now it stays as it is.", "None.": no subject, no value
    return constraint.kind


_NO_SUBJECT = frozenset({"none", "yes", "yeah", "yep", "nope", "ok", "okay"})


def _says_nothing(said: str) -> bool:
    """Whether a statement names no subject and no value of its own: a reply to a
    question or a remark whose subject is in another message; under the budget it goes
    with the questions."""
    found = subject(said)
    return not found.values and not found.words - _NO_SUBJECT


def _told_as_statements(ledger: Ledger) -> bool:
    """Whether the goal (the first user message) says nothing the statements do not: a
    short message every statement of which is recorded (or was replaced), so quoting it
    again would only repeat them."""
    goal = ledger.goal or ""
    if len(goal) > PASTED_CHARS:
        return False
    recorded = {c.text for c in ledger.constraints} | {c.text for c in ledger.superseded}
    return all(statement in recorded for statement in user_statements(goal))


def _add_statements(section: _Section, constraints: Sequence[Constraint]) -> None:
    """The statements grouped by kind in :data:`KINDS` order (rules first), by index within a
    kind; cut in ascending priority, and within a kind those with no look-alike first
    (:func:`~packlight.compressor.subjects.look_alikes`: of the outbound and the return
    flight, or the production and the staging host, one kept alone is easily taken for
    the other), oldest first. A statement that may be superseded has no look-alike."""
    shown = sorted(constraints, key=lambda c: (_kind_rank(c), c.index))
    items = {id(c): statement_item(c) for c in shown}
    politeness = CUT_ORDER.index("politeness")
    cores = CUT_ORDER.index("statement cores")
    cut_as = {id(c): cut_kind(c) for c in shown}
    paired = look_alikes([c.text for c in shown if not c.uncertain])
    for constraint in sorted(
        shown,
        key=lambda c: (PRIORITY.get(cut_as[id(c)], 0), c.text in paired, c.index),
    ):
        stage = f"{cut_as[id(constraint)]} statements"
        item = items[id(constraint)]
        plain = statement_item(replace(constraint, text=spoken(constraint.text)))
        if plain != item:
            section.cuts.append(_Cut(politeness, section.title, item, replacement=plain))
        core = statement_item(replace(constraint, text=statement_core(spoken(constraint.text))))
        if core != plain:
            section.cuts.append(_Cut(cores, section.title, plain, replacement=core))
        section.cuts.append(_Cut(CUT_ORDER.index(stage), section.title, core))
    section.required.extend(items[id(c)] for c in shown)


def required_tokens(
    ledger: Ledger,
    *,
    counter: TokenCounter,
    token_budget: int,
    frame: CheckpointFrame = "full",
    task_in_window: bool = True,
    goal_in_window: bool = False,
    goal_below: bool = False,
) -> int:
    """Tokens the frame, the headings and the required items of ``ledger`` take, identifiers
    left out: what a budget must hold before it can carry any identifier. ``task_in_window``
    and ``goal_in_window`` as for :func:`render_checkpoint` (a task quoted in full is most
    of it)."""
    sections = build_sections(
        replace(ledger, identifiers=()),
        task_in_window=task_in_window,
        goal_in_window=goal_in_window,
        goal_below=goal_below,
        counter=counter,
        token_budget=token_budget,
        frame=frame,
    )
    chosen = {section.title: list(section.required) for section in sections}
    nothing_left_out = dict.fromkeys(chosen, 0)
    return counter.count_text(_layout(sections, chosen, nothing_left_out, None, frame=frame))


def _add_tasks(
    sections: Mapping[str, _Section],
    ledger: Ledger,
    goal_quote: str,
    active_task: str,
    *,
    goal_pointed: bool = False,
) -> None:
    """The goal as the list of tasks still listed (in force, done, refused) with their
    status, and the tasks stopped or paused in the user's words. The task in force is
    quoted as ``goal_quote`` (a pointer when ``goal_pointed``: the message is kept verbatim
    outside the checkpoint), or pointed to when it is the ``active_task`` (the latest user
    message, which the Active Task section holds); the others are quoted, clipped. A
    message that switched or resumed work is quoted whole, as the person wrote it."""
    goal = ledger.goal or ""
    superseded = ledger.superseded
    # What a later message revised; a sentence its own message revised stays in its quote.
    revised_later = [c for c in ledger.superseded if c.replaced_by != c.index]
    # What a later statement of the span revised, by a message that did not change the task
    # (the messages are known by the statements recorded from them; one kept verbatim after
    # the checkpoint is not, and may be the change of task: what it revised stays).
    changes = [t.text for t in ledger.tasks if t.how != "original"]
    recorded = (*ledger.constraints, *superseded)
    by_changes = {c.index for c in recorded if any(c.text in t for t in changes)}
    plain = {c.index for c in recorded} - by_changes
    revised_by_statements = [c for c in revised_later if c.replaced_by in plain]

    def said(item: Task) -> str:
        # A request is quoted in the user's words, but never with a value since replaced; a
        # message that switched, stopped or resumed work is kept whole but for a value a
        # later statement replaced (not one a later change of task seemed to revise: "OK,
        # back to SEC-1070 now" leaves every word of the switch it returns from).
        if item.how in ("original", "request"):
            return _without(item.text, superseded)
        return _without(item.text, revised_by_statements)

    def quoted(item: Task, limit: int) -> str:
        # A request's opening identifies it (its statements are listed on their own); a
        # message that changed the task is quoted entire, never cut after its first sentence.
        whole = item.how not in ("original", "request")
        return _clip_head(said(item), _TURN_CHARS if whole else limit)

    # Once the person switched tasks (or went back to one), what was settled before is
    # history: listed with the tasks not to take up again, not under the goal.
    switched = max(
        (i for i, t in enumerate(ledger.tasks) if t.how in ("switch", "resume")), default=-1
    )
    for position, item in enumerate(ledger.tasks):
        if position < switched and item.status in ("done", "refused"):
            line = f"[{item.status}] {quoted(item, _STOPPED_CHARS)}"
            sections[STOPPED_SECTION].require(line, "stopped tasks", clip_first=True)
            continue
        if item.status in SET_ASIDE_STATUSES or item.how == "stop":
            label = "stopped by the user" if item.how == "stop" else item.status
            line = f"[{label}] {quoted(item, _STOPPED_CHARS)}"
            sections[STOPPED_SECTION].require(line, "stopped tasks", clip_first=True)
            continue
        if item.status not in ACTIVE_STATUSES:
            continue
        if item.status == "in force" and item.text == active_task:
            quote, stage = "The active task.", "task in force"
        elif item.status == "in force" and item.text == goal:
            changed = item.how not in ("original", "request") and not goal_pointed
            # Whole but for what a later message revised: a sentence the same message
            # revised is part of the change ("Sprint change: MUS-21 is pulled out.
            # Replacement item: RM-58, ...").
            whole = _clip_head(_without(item.text, revised_later), _TURN_CHARS)
            quote = whole if changed else goal_quote
            stage = "goal" if item.how == "original" else "task in force"
        else:
            # Its opening says which request it was; its statements are listed on their own.
            quote, stage = quoted(item, _LISTED_CHARS), "goal"
        sections["Goal"].require(f"[{item.status}] {quote}", stage, clip_first=True)


def _clip_head(text: str, limit: int) -> str:
    """``text`` on one line, its opening kept when it is too long (so that its opening still
    identifies it: :func:`~packlight.compressor.tasks.task_key`)."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def build_sections(
    ledger: Ledger,
    *,
    task_in_window: bool,
    goal_in_window: bool = False,
    goal_below: bool = False,
    counter: TokenCounter,
    token_budget: int,
    prose: str = "",
    archive_refs: Sequence[str] = (),
    carried: dict[str, list[str]] | None = None,
    citations: Mapping[str, str] | None = None,
    written: Mapping[str, Sequence[str]] | None = None,
    frame: CheckpointFrame = "full",
) -> list[_Section]:
    """The sections of a checkpoint with their required and optional items, in order.
    ``task_in_window`` and ``goal_in_window`` say that the latest user message and the
    original task (the ledger's goal) are kept verbatim outside the checkpoint, which then
    points to them instead of quoting them; ``goal_below`` that the goal is kept verbatim
    after the checkpoint (a task switch in the tail)."""
    compact = frame == "compact"
    sections = {title: _Section(title) for title in SECTIONS}
    task = ledger.active_task or ""
    # "Thank you so much for your help!": the latest message leaves the task where it was.
    # Named as the active task it would stand in the task's place (a chat's closing line as
    # the only task), so the task in force is written instead, and the thanks stays in the
    # messages. Only courtesy: a short "back to the bug" or "stop." changes the task, and a
    # message the reading of turns recorded as such a change is never a closing.
    closing = (
        bool(ledger.goal or ledger.tasks)
        and is_courtesy(task)
        and task_key(task) not in {task_key(item.text) for item in ledger.tasks}
    )
    if closing:
        task = ""
    if task:
        if task_in_window:
            pointer = (
                "The latest user message below; it begins: "
                if compact
                else "The latest user message, kept verbatim in the conversation below, is "
                "the active task. It begins: "
            )
            item = pointer + _one_line(task)
        elif task.strip() == (ledger.goal or "").strip() and len(task) > PASTED_CHARS:
            # The original task, a long paste (an issue, a spec), once the head that held it
            # has decayed: quoted like a goal, its middle left to the archive, so that it
            # does not crowd out what the work since then found.
            item = _clip(task, max(PASTED_CHARS, int(token_budget * _GOAL_SHARE) * 3))
        else:
            item = _clip(task, 4_000)
        sections["Active Task"].require(item, "active task", clip_first=True)
    # A checkpoint never carries a superseded value, not even inside a verbatim quote.
    goal = _without(ledger.goal or "", ledger.superseded)
    goal_chars = max(400, int(token_budget * _GOAL_SHARE) * 3)
    # Listed with its status, a task is one line: its opening identifies it when read back.
    goal_quote = _clip_head(goal, goal_chars) if ledger.tasks else _clip(goal, goal_chars)
    if goal_in_window:
        goal_quote = (
            "The first user message above."
            if compact
            else "The first user message above, kept verbatim."
        )
    elif goal_below:
        goal_quote = (
            "The user message below that begins: "
            if compact
            else "The user message that set it, kept verbatim in the conversation below; it "
            "begins: "
        ) + _one_line(goal)
    if ledger.tasks:
        _add_tasks(sections, ledger, goal_quote, task, goal_pointed=goal_in_window or goal_below)
    elif (
        goal.strip()
        and goal.strip() != task.strip()
        and (closing or not _told_as_statements(ledger))
    ):
        sections["Goal"].require(goal_quote, "goal", clip_first=True)
    # A statement of the task quoted above is not written twice, nor the reply that closed.
    quoted = sections["Active Task"].required[0] if task and not task_in_window else ""
    said_last = (ledger.active_task or "").strip() if closing else ""
    _add_statements(
        sections["Constraints & Preferences"],
        [
            c
            for c in ledger.constraints
            if not (quoted and c.text in quoted) and not (said_last and c.text == said_last)
        ],
    )

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
        state.require(f"Latest test result: {_clip(ledger.test_status, 300)}", "test status")
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
        blocked.require(f"First error seen: {cited(ledger.errors[0])}", "first error")
        if len(ledger.errors) > 1:
            blocked.require(f"Latest error seen: {cited(ledger.errors[-1])}", "latest error")
        blocked.optional.extend(f"Error: {line}" for line in ledger.errors[1:-1])
    blocked.optional[:0] = [f"Failed approach: {_clip(f, 300)}" for f in ledger.failed_approaches]

    sections["Key Decisions"].optional.extend(_clip(d, 300) for d in ledger.decisions)

    files = sections["Relevant Files"]
    for path in ledger.files_modified:
        files.require(f"modified: {path}", "modified files")
    for path in ledger.files_created:
        files.require(f"created: {path}", "created files")
    files.optional.extend(f"read: {path}" for path in ledger.files_read)

    # Every identifier of the ledger is written (the ledger keeps only critical ones); one
    # written in full elsewhere already (a modified file, an error line) is not repeated.
    shown = "\n".join(item for section in sections.values() for item in section.required)
    identifiers = sections["Critical Identifiers"]
    for line in identifier_lines(i for i in ledger.identifiers if i.value not in shown):
        identifiers.require(line, "identifiers")
    sections["Open Work"].optional.extend(_clip(todo, 300) for todo in ledger.todos)
    archive = sections["Archive"]
    for position, ref in enumerate(archive_refs):
        archive.require(ref, "first archive ref" if position == 0 else "later archive refs")
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
        summary = _Section(SUMMARY_SECTION)
        summary.require(prose.strip(), "summary prose")
        ordered.insert(1, summary)
    return ordered


def _cut_steps(sections: Sequence[_Section]) -> list[_Cut]:
    """Every step of cutting the required items, in :data:`CUT_ORDER` (a stable sort keeps
    each section's own order within a stage); notes are silenced from the last section up."""
    notes_stage = CUT_ORDER.index("overflow notes")
    steps = [_Cut(notes_stage, s.title, note=True) for s in reversed(sections)]
    steps.extend(cut for section in sections for cut in section.cuts)
    return sorted(steps, key=lambda step: step.stage)


def _fill(
    queues: list[tuple[str, list[str]]],
    chosen: dict[str, list[str]],
    omitted: dict[str, int],
    spent: tuple[int, int],
    *,
    limit: _Limit,
    taken: list[tuple[str, str, bool]] | None = None,
) -> tuple[int, int]:
    """Take items round-robin from ``queues`` while they fit; the tokens and characters spent
    afterwards. ``taken`` records what was added, in order, as ``(section, item, counted in
    omitted)``."""
    tokens, chars = spent
    char_budget = limit.chars if limit.chars is not None else float("inf")
    exhausted = False
    while not exhausted:
        exhausted = True
        for title, queue in queues:
            if not queue:
                continue
            item = queue.pop(0)
            token_cost, char_cost = limit.cost(item)
            if tokens + token_cost > limit.tokens or chars + char_cost > char_budget:
                queue.clear()
                continue
            chosen[title].append(item)
            omitted[title] -= 1
            tokens += token_cost
            chars += char_cost
            if taken is not None:
                taken.append((title, item, True))
            exhausted = False
    return tokens, chars


def _shortest(
    sections: Sequence[_Section], limit: _Limit, frame: CheckpointFrame
) -> RenderedCheckpoint:
    """The shortest frame that fits, everything counted as left out; the marker alone when
    nothing fits (it must lead every checkpoint, so it is the floor)."""
    own_end = COMPACT_END_MARKER if frame == "compact" else END_MARKER
    candidates = [
        signed(f"{CHECKPOINT_MARKER}\n{end}")
        for end in dict.fromkeys((own_end, COMPACT_END_MARKER))
    ]
    text = next((c for c in candidates if limit.fits(c)), CHECKPOINT_MARKER)
    omitted = {s.title: len(s.required) + len(s.optional) for s in sections}
    return RenderedCheckpoint(text=text, tokens=limit.counter.count_text(text), omitted=omitted)


def _step_saving(
    step: _Cut, limit: _Limit, note: str | None, heading: str | None
) -> tuple[int, int]:
    """At most what a step takes off the text (tokens, characters): taking off more than the
    text is over would cut a step too many, while a round that falls short only costs one
    more measurement. ``note`` is the overflow note a note step silences; ``heading`` the
    heading that goes with the section's last line (a note a first cut adds is ignored)."""
    count = limit.counter.count_text
    tokens, chars = 0, 0
    if heading:
        tokens, chars = count(heading) + 3, len(heading) + 2
    if step.note:
        return (tokens + count(note) + 3, chars + len(note) + 1) if note else (0, 0)
    if step.replacement is not None:
        return count(step.item) - count(step.replacement) + 2, len(step.item) - len(
            step.replacement
        )
    return tokens + count(step.item) + 3, chars + len(step.item) + 3


def render_checkpoint(
    ledger: Ledger,
    *,
    counter: TokenCounter,
    token_budget: int,
    char_budget: int | None = None,
    frame: CheckpointFrame = "full",
    task_in_window: bool = True,
    goal_in_window: bool = False,
    goal_below: bool = False,
    focus: str | None = None,
    prose: str = "",
    archive_refs: Sequence[str] = (),
    carried: dict[str, list[str]] | None = None,
    overflow_ref: str | None = None,
    citations: Mapping[str, str] | None = None,
    written: Mapping[str, Sequence[str]] | None = None,
) -> RenderedCheckpoint:
    """Render the framed checkpoint within ``token_budget`` tokens and, when given,
    ``char_budget`` characters: required items first, cut in :data:`CUT_ORDER` when they
    alone do not fit; optional items in what is left. Never raises; see the module docstring
    for the floor."""
    sections = build_sections(
        ledger,
        task_in_window=task_in_window,
        goal_in_window=goal_in_window,
        goal_below=goal_below,
        counter=counter,
        token_budget=token_budget,
        prose=prose,
        archive_refs=archive_refs,
        carried=carried,
        citations=citations,
        written=written,
        frame=frame,
    )
    # Fitting lays the text out and counts it again after each cut, one item more or less
    # each time: each line is counted once (token_lines).
    limit = _Limit(LineMemoCounter(counter), token_budget, char_budget)
    empty: dict[str, list[str]] = {s.title: [] for s in sections}
    if not limit.fits(_layout(sections, empty, dict.fromkeys(empty, 0), None, frame=frame)):
        return _shortest(sections, limit, frame)

    chosen: dict[str, list[str]] = {s.title: list(s.required) for s in sections}
    omitted = {s.title: len(s.optional) for s in sections}
    silenced: set[str] = set()

    def layout() -> str:
        return _layout(sections, chosen, omitted, overflow_ref, frame=frame, silenced=silenced)

    text, cuts = _cut_required(
        _cut_steps(sections),
        chosen,
        omitted,
        silenced,
        layout=layout,
        limit=limit,
        overflow_ref=overflow_ref,
    )
    if cuts == 0:
        text = _add_optional(sections, chosen, omitted, text, layout, limit, focus)
    if not limit.fits(text):  # unreachable by construction; the budget is a promise
        return _shortest(sections, limit, frame)
    return RenderedCheckpoint(text=text, tokens=counter.count_text(text), omitted=omitted)


def _cut_required(
    steps: list[_Cut],
    chosen: dict[str, list[str]],
    omitted: dict[str, int],
    silenced: set[str],
    *,
    layout: Callable[[], str],
    limit: _Limit,
    overflow_ref: str | None,
) -> tuple[str, int]:
    """Apply ``steps`` in order until the text fits; the text and how many steps it took.
    Silenced overflow notes come back afterwards where they fit."""
    pending = deque(steps)
    removed: list[tuple[_Cut, int]] = []

    where = f" in {overflow_ref}" if overflow_ref else ""

    text = layout()
    while pending and not limit.fits(text):
        over_tokens, over_chars = limit.excess(text)
        # Apply about as much as the text is over, then measure once more.
        while pending and (over_tokens > 0 or over_chars > 0):
            step = pending.popleft()
            shown = omitted[step.title] > 0 and step.title not in silenced
            note = f"- (+{omitted[step.title]} more{where})" if shown else None
            lines = len(chosen[step.title]) + (1 if shown else 0)
            last = lines == 1 and (step.note or step.replacement is None)
            # the full frame's heading: at least as long as the compact one
            heading = f"## {step.title}\n" if last else None
            saved_tokens, saved_chars = _step_saving(step, limit, note, heading)
            if step.note:
                silenced.add(step.title)
            elif step.replacement is not None:
                items = chosen[step.title]
                items[items.index(step.item)] = step.replacement
            else:
                removed.append((step, chosen[step.title].index(step.item)))
                chosen[step.title].remove(step.item)
                omitted[step.title] += 1
            over_tokens -= saved_tokens
            over_chars -= saved_chars
        text = layout()
    # Cutting by estimate may go further than needed: take back what the last stage cut,
    # most important first, wherever it still fits (a short rule when a long one does not).
    # Nothing of an earlier, less important stage comes back.
    last_stage = max((s.stage for s in steps[: len(steps) - len(pending)]), default=-1)
    returned = 0
    for step, position in reversed(removed):
        if step.stage != last_stage:
            break
        at = min(position, len(chosen[step.title]))
        chosen[step.title].insert(at, step.item)
        omitted[step.title] -= 1
        candidate = layout()
        if limit.fits(candidate):
            text = candidate
            returned += 1
        else:
            chosen[step.title].remove(step.item)
            omitted[step.title] += 1
    applied = len(steps) - len(pending) - returned
    for title in [t for t in omitted if t in silenced and omitted[t] > 0]:
        silenced.discard(title)
        candidate = layout()
        if limit.fits(candidate):
            text = candidate
        else:
            silenced.add(title)
    return text, applied


def _add_optional(
    sections: Sequence[_Section],
    chosen: dict[str, list[str]],
    omitted: dict[str, int],
    text: str,
    layout: Callable[[], str],
    limit: _Limit,
    focus: str | None,
) -> str:
    """``text`` with optional items added while they fit (``chosen`` and ``omitted`` updated):
    focus matches first, then round-robin across sections in section order so that no
    section starves another."""
    words = _focus_words(focus)

    def queues() -> list[tuple[str, list[str]]]:
        if not words:
            # No focus matches anything: skip lowering every item twice on every call.
            return [(s.title, []) for s in sections] + [
                (s.title, list(s.optional)) for s in sections
            ]
        focused = [(s.title, [i for i in s.optional if _mentions(i, words)]) for s in sections]
        rest = [(s.title, [i for i in s.optional if not _mentions(i, words)]) for s in sections]
        return focused + rest

    spent = (limit.counter.count_text(text), len(text))
    taken: list[tuple[str, str, bool]] = []
    fill = partial(_fill, limit=limit, taken=taken)
    if any(s.written for s in sections):
        # Hybrid: the identifiers the ledger alone would have carried go in first, so that the
        # model's prose never pushes one out (an identifier the model left out is re-inserted);
        # then the prose, in section order; then the rest of the ledger's optional items.
        baseline = {title: list(items) for title, items in chosen.items()}
        _fill(queues(), baseline, dict(omitted), spent, limit=limit)
        kept = set(baseline["Critical Identifiers"])
        identifiers = next(s.optional for s in sections if s.title == "Critical Identifiers")
        spent = fill(
            [("Critical Identifiers", [i for i in identifiers if i in kept])],
            chosen,
            omitted,
            spent,
        )
        char_budget = limit.chars if limit.chars is not None else float("inf")
        for section in sections:
            for item in section.written:
                token_cost, char_cost = limit.cost(item)
                if spent[0] + token_cost <= limit.tokens and spent[1] + char_cost <= char_budget:
                    chosen[section.title].append(item)
                    taken.append((section.title, item, False))  # not a ledger item
                    spent = (spent[0] + token_cost, spent[1] + char_cost)
        carried_ids = set(chosen["Critical Identifiers"])
        remaining = [
            (
                title,
                [i for i in queue if not (title == "Critical Identifiers" and i in carried_ids)],
            )
            for title, queue in queues()
        ]
        fill(remaining, chosen, omitted, spent)
    else:
        fill(queues(), chosen, omitted, spent)
    text = layout()
    # Item costs are estimates and the "(+N more)" notes are not counted while choosing: take
    # back the last optional items until the whole text is within the budget.
    while taken and not limit.fits(text):
        # Take back about as much as the text is over, then measure once more.
        over_tokens, over_chars = limit.excess(text)
        while taken and (over_tokens > 0 or over_chars > 0):
            title, item, counted = taken.pop()
            chosen[title].remove(item)
            if counted:
                omitted[title] += 1
            token_cost, char_cost = limit.cost(item)
            over_tokens -= token_cost
            over_chars -= char_cost
        text = layout()
    return text


def _layout(
    sections: Sequence[_Section],
    chosen: Mapping[str, list[str]],
    omitted: Mapping[str, int],
    overflow_ref: str | None,
    *,
    frame: CheckpointFrame = "full",
    silenced: Iterable[str] = (),
) -> str:
    """The checkpoint text: frame, non-empty sections with their chosen items and overflow
    notes (none for a ``silenced`` section)."""
    compact = frame == "compact"
    quiet = set(silenced)
    lines = [COMPACT_PREFIX] if compact else [PREFIX, ""]
    for section in sections:
        items = chosen[section.title]
        left_out = 0 if section.title in quiet else omitted[section.title]
        if not items and left_out <= 0:
            continue
        heading = COMPACT_HEADINGS.get(section.title, section.title) if compact else section.title
        lines.append(f"## {heading}")
        if section.numbered:
            items = sorted(items, key=lambda text: section.rank.get(text, 0))
            lines.extend(f"{n}. {item}" for n, item in enumerate(items, start=1))
        else:
            lines.extend(f"- {item}" if "\n" not in item else item for item in items)
        if left_out > 0:
            where = f" in {overflow_ref}" if overflow_ref else ""
            lines.append(f"- (+{left_out} more{where})")
        if not compact:
            lines.append("")
    lines.append(COMPACT_END_MARKER if compact else END_MARKER)
    # The tag makes the text recognisable as packlight's own when it is read back without
    # its metadata (packlight.integrity); it is part of what the budget counts.
    return signed("\n".join(lines))


_END_LINES = (END_MARKER, COMPACT_END_MARKER)


def parse_sections(text: str) -> dict[str, list[str]]:
    """The items of each section of a rendered checkpoint, in either frame, under the titles
    of :data:`SECTIONS` (the frame, the markers and the overflow notes dropped)."""
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for raw in text.splitlines():
        line = raw.rstrip()
        heading = _HEADING.match(line)
        if heading:
            current = _CANONICAL_TITLES.get(heading.group(1), heading.group(1))
            sections[current] = []
            continue
        if current is None or not line.strip() or without_tag(line.strip()) in _END_LINES:
            continue
        item = re.sub(r"^(?:- |\d+\. )", "", line.strip())
        # "(none)" stays ignored: checkpoints written before empty sections were left out.
        if item == "(none)" or _OVERFLOW.fullmatch(item):
            continue
        sections[current].append(item)
    return sections


def checkpoint_items(text: str) -> Iterable[str]:
    """Every item of every section, flattened."""
    for items in parse_sections(text).values():
        yield from items
