"""Which task is in force: the tasks a person set, stopped, paused, resumed or added, turn by
turn.

After a compaction the checkpoint tells the agent what it is working on. The first thing a
person asks is the original task, but people change their minds: "Stop working on the
timezone fix. Instead, write a short summary of the layout in NOTES.md." makes the NOTES.md
task the one in force and the timezone fix a stopped task that the agent must neither resume
nor redo; "ok, go back to the bug" makes the fix the task in force again. In a chat a person
asks for several things one after another ("Can you also add a checked bag?"), each of which
is done, refused or still open. A person who interrupts an agent at work on its own to ask
for something the conversation never talked about ("can you cancel my hotel booking ...")
sets the work in progress aside until they go back to it.

:func:`~packlight.compressor.turns.read_turn` reads one human message: whether it switches,
stops, resumes or adds (re-exported here).

:func:`advance` applies a turn to the tasks; :func:`settle` marks the latest request done or
refused from the assistant's answer; :func:`track_tasks` runs both over a conversation.
Pure functions; nothing here mutates its arguments.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol, get_args

from packlight.compressor.constraints import content_words, is_constraint, sentences
from packlight.compressor.harness import runs_something
from packlight.compressor.subjects import kind_of
from packlight.compressor.turns import (
    Mentioned,
    TurnKind,
    TurnReading,
    asks_for_work,
    brings_new_work,
    is_short_reply,
    named_by,
    read_turn,
)
from packlight.messages import Message, is_summary, message_text
from packlight.redact import redact

__all__ = [
    "ACTIVE_STATUSES",
    "SET_ASIDE_STATUSES",
    "TASK_ORIGINS",
    "TASK_STATUSES",
    "Task",
    "TaskOrigin",
    "TaskStatus",
    "TurnKind",
    "TurnReading",
    "advance",
    "asks_for_work",
    "goal_of",
    "in_force",
    "interrupts",
    "is_short_reply",
    "latest_request",
    "merge_tasks",
    "read_turn",
    "replay_tasks",
    "settle",
    "significant_tasks",
    "standing_request",
    "task_key",
    "tasks_of",
    "track_tasks",
]

TaskOrigin = Literal["original", "switch", "stop", "resume", "request"]
"""How a task was set: the session's first task, a switch, a stop (the person's words that
halted a task, kept so that nobody resumes it), a resume, or an added request."""
TASK_ORIGINS: tuple[TaskOrigin, ...] = get_args(TaskOrigin)

TaskStatus = Literal["in force", "done", "refused", "stopped", "paused", "set aside"]
"""``in force``: being worked on; ``done`` and ``refused``: an earlier request the assistant
completed or declined; ``stopped`` and ``paused``: halted by the person (paused ones are meant
to be picked up later); ``set aside``: the task in force when the person went back to an
earlier one."""
TASK_STATUSES: tuple[TaskStatus, ...] = get_args(TaskStatus)
ACTIVE_STATUSES: frozenset[TaskStatus] = frozenset({"in force", "done", "refused"})
"""The statuses the checkpoint lists under its goal."""
SET_ASIDE_STATUSES: frozenset[TaskStatus] = frozenset({"stopped", "paused", "set aside"})
"""The statuses the checkpoint lists as stopped or paused."""


@dataclass(frozen=True, slots=True)
class Task:
    """A task a person set, in their own words."""

    text: str
    """The whole message that set it, verbatim."""
    status: TaskStatus = "in force"
    how: TaskOrigin = "original"
    """How it was set: the session's first task, a switch, a resume, or an added request."""
    halting: tuple[str, ...] = ()
    """Of a switch or a stop, the clauses of its text that halted other work ("Let's put a
    pin in the RAM thing."); of a halted task, the clauses that halted it: the person's own
    name for it, which a return may use ("ok, back on the RAM thing")."""


TASK_KEY_CHARS = 80
"""A task quoted clipped keeps at least this much of its opening (:func:`task_key`)."""

_REFUSAL = re.compile(
    r"\b(?:i(?:'m| am) (?:sorry|afraid)|unfortunately|(?:i|we) (?:can ?not|can't|am unable|"
    r"'m unable|are unable|am not able|'m not able|won't be able)|not (?:possible|eligible|"
    r"allowed|permitted|able)|unable to|isn't possible|is not possible|cannot be)\b",
    re.IGNORECASE,
)
_COMPLETION = re.compile(
    r"\b(?:has|have) been (?:successfully )?(?:\w+ed|made|done|sent|set|paid|booked|"
    r"cancel+ed|updated|changed|added|removed|processed|issued|refunded|upgraded)\b|"
    r"\bsuccessfully\b|\b(?:is|are) (?:now )?(?:complete|completed|done|confirmed|booked|"
    r"updated|cancel+ed|all set)\b|\ball (?:set|done)\b",
    re.IGNORECASE,
)


# ------------------------------------------------------------------------------ tracking


def advance(
    tasks: Sequence[Task],
    text: str,
    answer: str = "",
    mentioned: Mentioned | None = None,
    *,
    at_work: bool = False,
) -> tuple[Task, ...]:
    """The tasks after a person wrote ``text``: the first message sets the original task;
    later ones switch, stop, resume or add as :func:`read_turn` reads them. ``answer`` is the
    assistant's last answer before ``text``: when ``text`` adds a request, it settles the
    request before (:func:`settle`). ``mentioned`` says what the conversation before ``text``
    talked about (:data:`~packlight.compressor.turns.Mentioned`). ``at_work``: the agent was
    working on its own with tools when ``text`` came (:data:`AT_WORK_CALLS`); a request for
    something the conversation never talked about then interrupts the work in force, which
    is set aside (:func:`interrupts`)."""
    if not text or text.isspace():
        return tuple(tasks)
    if not tasks:
        return (Task(text, "in force", "original"),)
    known = {task_key(task.text) for task in tasks}
    # Redacting a long message costs more than reading it: only when a known task holds a
    # placeholder can the redacted text be the one that matches.
    redacted = any("[secret" in key or "[redacted" in key for key in known)
    if task_key(text) in known or (redacted and task_key(redact(text)) in known):
        # Already applied: a message kept verbatim after the checkpoint that recorded it (which
        # holds it with its secrets redacted).
        return tuple(tasks)
    active = [i for i, task in enumerate(tasks) if task.status == "in force"]
    # A message that only stopped something is no task to go back to.
    aside = [
        i
        for i, task in enumerate(tasks)
        if task.status in SET_ASIDE_STATUSES and task.how != "stop"
    ]
    reading = read_turn(
        text,
        in_force=[_own_words(tasks[i]) for i in active],
        set_aside=[_named(tasks[i]) for i in aside],
        settled=[t.text for t in tasks if t.status in ("done", "refused")],
        mentioned=mentioned,
        at_work=at_work,
    )
    updated = list(tasks)
    if reading.kind == "resume" and reading.resumed is not None:
        halted = {active[p] for p in reading.halted}
        for i in active:
            # Going back to an earlier task sets the current one aside unless it was added
            # beside it (a chat's requests stay open).
            if i in halted or tasks[i].how in ("switch", "resume"):
                updated[i] = replace(tasks[i], status="set aside")
        target = aside[reading.resumed]
        updated[target] = replace(tasks[target], status="in force")
        updated.append(Task(text, "in force", "resume"))
        return tuple(updated)
    if reading.kind in ("switch", "stop"):
        status: TaskStatus = "paused" if reading.paused else "stopped"
        # A halt that is the whole message holds the new work's words too: it names nothing
        # the halted task may be called by.
        halting = tuple(c for c in reading.halting if c.strip() != text.strip())
        for position in reading.halted:
            before = tasks[active[position]]
            names = before.halting + tuple(c for c in halting if c not in before.halting)
            updated[active[position]] = replace(before, status=status, halting=names)
        # A request already done or refused that the person names ("stop working on the
        # original request") is halted too: it is not to be taken up again.
        for i, task in enumerate(tasks):
            if task.status in ("done", "refused") and named_by(
                reading.halting, task.text, original=task.how == "original"
            ):
                updated[i] = replace(task, status=status)
        # A message that only stops is kept too: its words say what not to resume.
        kept: TaskStatus = "in force" if reading.kind == "switch" else "stopped"
        updated.append(Task(text, kept, reading.kind, halting))
        return tuple(updated)
    if (
        at_work
        and active
        and mentioned is not None
        and reading.kind in ("request", "reply")
        and _brief(text)  # before asking for work: a long task statement costs a millisecond
        and (reading.kind == "request" or asks_for_work(text))
        and not is_short_reply(text)
        and interrupts(text, mentioned)
    ):
        # "can you cancel my hotel booking HB-2390 and get the deposit back", sent while the
        # agent fixes a bug: the person wants this now, and the bug waits until they go back
        # to it (a resume brings it back), neither done nor to be continued meanwhile.
        updated = [
            replace(task, status="set aside") if task.status == "in force" else task
            for task in settle(updated, answer)
        ]
        updated.append(Task(text, "in force", "switch"))
        return tuple(updated)
    if reading.kind == "request":
        updated = list(settle(updated, answer))
        updated.append(Task(text, "in force", "request"))
    return tuple(updated)


def _named(task: Task) -> str:
    """What a return to a task set aside may name: its text, and the clauses that halted it
    (a switch or a stop halts nothing once set aside, and is read as it was written)."""
    if not task.halting or task.how in ("switch", "stop"):
        return task.text
    return "\n".join((task.text, *task.halting))


def _own_words(task: Task) -> str:
    """What a task in force asks for: a switch's text without the clauses that halted other
    work, which name that work, not this ("Let's put a pin in the RAM thing.")."""
    if task.how != "switch" or not task.halting:
        return task.text
    rest = task.text
    for clause in task.halting:
        rest = rest.replace(clause, " ")
    return rest if rest.strip() else task.text


AT_WORK_CALLS = 5
"""Tool calls since the person's last message after which the agent was at work on its own:
a message then interrupts it. (In a chat the agent looks a few things up between a
customer's messages: in tau-bench airline, 96% of customer messages come after fewer.)"""
_INTERRUPT_SENTENCES = 4
"""Sentences an interruption has at most: a longer message is a list of facts and rules about
the work in progress (its imperatives included), as for a switch."""
_STANDING = re.compile(
    r"\b(?:from now on|going forward|henceforth|from (?:today|here on)|as of (?:today|now)|"
    r"until further notice)\b",
    re.IGNORECASE,
)
"""Words that make a sentence a standing rule or a value from now on, not a piece of work
("Deploys go out from the rel-7 branch from now on")."""
_INTERRUPT_WORDS = 3
"""Content words a request needs before what it talks about can be told new."""


def interrupts(text: str, mentioned: Mentioned) -> bool:
    """Whether a request made while the agent was at work asks for something the
    conversation never talked about: of its content words (four letters or more), at most
    a third was used before. A request about the work in progress ("also add a test for the
    parser", "can you change the seat on that flight too") uses the conversation's words;
    a rule, a way of working or a revised value is about the work in progress whatever its
    words, and so is a list of more than :data:`_INTERRUPT_SENTENCES` sentences."""
    if not _brief(text):
        return False  # a list of facts and rules for the work in progress
    if any(
        kind_of(sentence) in ("rule", "preference")
        or is_constraint(sentence)
        or _STANDING.search(sentence)
        for sentence in sentences(text)
    ):
        # "Please keep commits small", "Give the ingest worker 2127 MB", "Deploys go out
        # from the rel-7 branch from now on": how to do the work, or a value it revises.
        return False
    words = sorted(word for word in content_words(text) if len(word) >= 4)
    if len(words) < _INTERRUPT_WORDS:
        return False
    talked_about = 0
    for word in words:
        # Each word is looked up through the whole conversation: stop once enough were found.
        talked_about += mentioned((word,))
        if talked_about * 3 > len(words):
            return False
    return True


def _brief(text: str) -> bool:
    """Whether ``text`` has at most :data:`_INTERRUPT_SENTENCES` sentences."""
    return sum(1 for _ in itertools.islice(sentences(text), _INTERRUPT_SENTENCES + 1)) <= (
        _INTERRUPT_SENTENCES
    )


def settle(tasks: Sequence[Task], answer: str) -> tuple[Task, ...]:
    """The tasks after the assistant's last answer to a request, when the person moves on
    to another: the latest request in force is done when the answer says it was completed,
    refused when the answer declines it, and stays in force otherwise."""
    candidates = [
        i for i, task in enumerate(tasks) if task.status == "in force" and task.how != "resume"
    ]
    if not candidates or not answer.strip():
        return tuple(tasks)
    latest = candidates[-1]
    status: TaskStatus | None = None
    if _COMPLETION.search(answer):
        status = "done"
    elif _REFUSAL.search(answer):
        status = "refused"
    if status is None:
        return tuple(tasks)
    updated = list(tasks)
    updated[latest] = replace(tasks[latest], status=status)
    return tuple(updated)


def track_tasks(
    messages: Sequence[Message | Mapping[str, Any]],
    *,
    human: Collection[int],
    carried: Mapping[int, Sequence[Task]] | None = None,
    summaries: Sequence[bool] | None = None,
) -> tuple[Task, ...]:
    """The tasks after ``messages``: ``human`` are the indices of the user messages a person
    wrote (the harness's are not tasks). ``carried`` maps the index of a checkpoint message
    to the tasks it recorded, which replace what was tracked before it (they include it);
    other checkpoint messages are skipped. ``summaries`` is :func:`is_summary` of each
    message, when the caller has it."""
    tasks: tuple[Task, ...] = ()
    answer = ""
    mentions = _Mentions(messages)
    # Actions the agent took since the last human message: its tool calls, and the code
    # blocks in its text that the harness answered under the user role (an agent that acts
    # through its text, mini-swe-agent's way, makes no tool call). A block a person answered
    # was shown, not run; a chat's repeated "thanks", which the harness rules also set apart
    # from the person's words, answers no block.
    calls = 0
    ran_a_block = False
    for index, message in enumerate(messages):
        assistant = message.get("role") == "assistant"
        if assistant and message.get("tool_calls"):
            made = message["tool_calls"]
            calls += len(made) if isinstance(made, list | tuple) else 1
        elif ran_a_block and message.get("role") == "user" and index not in human:
            calls += 1
        if assistant or message.get("role") == "user":
            # A tool-calling turn was counted above: its text is not searched for a block.
            ran_a_block = assistant and not message.get("tool_calls") and runs_something(message)
        if not (assistant or index in human or (carried is not None and index in carried)):
            continue  # a tool result, or an instruction: nothing to read, checkpoint or not
        if summaries[index] if summaries is not None else is_summary(message):
            if carried is not None and index in carried:
                tasks = merge_tasks(tasks, carried[index])
            continue
        if index in human:
            tasks = advance(
                tasks,
                message_text(message),
                answer,
                mentions.before(index),
                at_work=calls >= AT_WORK_CALLS,
            )
            answer = ""
            calls = 0
        elif assistant:
            text = message_text(message)
            if text and not text.isspace():  # what ``text.strip()`` says, without a copy
                answer = text
    return tasks


class _Mentions:
    """What the messages of one transcript talked about, for :func:`read_turn`'s
    ``mentioned``: each message lowered once, when a halt first asks, and at most
    :data:`MENTION_CHARS` characters searched over the whole transcript, after which every
    name counts as talked about (so nothing more is halted by a name of its own)."""

    def __init__(self, messages: Sequence[Message | Mapping[str, Any]]) -> None:
        self._messages = messages
        self._lowered: dict[int, str] = {}
        self._budget = MENTION_CHARS

    def before(self, index: int) -> Mentioned:
        """Whether one message before ``index`` (a checkpoint aside: it quotes the very
        message being read) used every word given, newest first."""

        def mentioned(words: Collection[str]) -> bool:
            for position in range(index - 1, -1, -1):
                said = self._text(position)
                if said is None:
                    continue
                self._budget -= len(said)
                if self._budget < 0 or all(word in said for word in words):
                    return True
            return False

        return mentioned

    def _text(self, position: int) -> str | None:
        if position not in self._lowered:
            message = self._messages[position]
            self._lowered[position] = "" if is_summary(message) else message_text(message).lower()
        return self._lowered[position] or None


MENTION_CHARS = 50_000_000
"""Characters searched for names at most per transcript: a session of thousands of halts by
unknown names must not search its whole history for each one."""


def merge_tasks(earlier: Sequence[Task], recorded: Sequence[Task]) -> tuple[Task, ...]:
    """The tasks a checkpoint ``recorded`` (everything up to it), preceded by those tracked
    ``earlier`` that it does not hold (a task it only pointed to, kept verbatim above it).
    Without ``recorded`` the earlier tasks stand."""
    if not recorded:
        return tuple(earlier)
    keys = {task_key(task.text) for task in recorded}
    return (*(task for task in earlier if task_key(task.text) not in keys), *recorded)


def replay_tasks(previous: Sequence[Task], newer: Sequence[Task]) -> tuple[Task, ...]:
    """``newer`` (the tasks of a later span, read on their own) applied after ``previous``:
    each of their messages read again against the tasks before it."""
    tasks = tuple(previous)
    for task in newer:
        tasks = advance(tasks, task.text)
    return tasks


def latest_request(texts: Sequence[str], tasks: Sequence[Task] = ()) -> str | None:
    """The active task among the human messages ``texts`` (oldest first, the first one the
    goal): the latest one, unless it is a short reply ("thanks", "ok, continue") and a request
    before it stands in its place (:func:`standing_request`)."""
    if not texts:
        return None
    chosen = standing_request(texts[1:], tasks, goal=texts[0])
    return texts[1:][chosen] if chosen is not None else texts[-1]


def standing_request(
    texts: Sequence[str], tasks: Sequence[Task] = (), *, goal: str | None = None
) -> int | None:
    """When the latest of the human messages ``texts`` (oldest first, after the first message,
    which is the goal) is a short reply, the position of the request before it that is still
    the latest thing asked: going back over short replies, the first message that asks for
    something to be done (:func:`asks_for_work`) and brings work that neither the ``goal`` nor
    any of ``tasks`` holds (:func:`brings_new_work`): a request the reading of turns did not
    recognise as a switch still stands, in the person's words. ``None`` when there is none:
    the walk stops at a message that asks for nothing new (in a chat, "could you also add a
    bag to my reservation" is about the task), and at one recorded among ``tasks`` (the tasks
    as tracked, which the goal and the stopped list name already), so a switch already set
    aside or a resume is never passed over."""
    if not texts or not is_short_reply(texts[-1]):
        return None
    status = {task_key(task.text): task.status for task in tasks}
    for position in range(len(texts) - 1, -1, -1):
        text = texts[position]
        if task_key(text) in status:
            return None  # a task as tracked is named in the goal or the stopped list already
        if is_short_reply(text):
            continue
        known = [task.text for task in tasks] + ([goal] if goal else [])
        return position if asks_for_work(text) and brings_new_work(text, known) else None
    return None


def task_key(text: str) -> str:
    """What identifies a task's text, also when it was quoted clipped (its opening, whitespace
    collapsed, case folded)."""
    # Its opening only: the words of a pasted issue's first few hundred characters give the
    # same first 80 once collapsed, without splitting all of it.
    head = text[:_KEY_SCAN_CHARS]
    collapsed = " ".join(head.split())
    if len(collapsed) < TASK_KEY_CHARS and len(head) < len(text):
        collapsed = " ".join(text.split())
    return collapsed[:TASK_KEY_CHARS].casefold()


_KEY_SCAN_CHARS = 4 * TASK_KEY_CHARS
"""How much of a text :func:`task_key` collapses first (enough unless it is mostly
whitespace; then all of it)."""


def goal_of(tasks: Sequence[Task]) -> str | None:
    """The text of the task in force that the checkpoint's goal names: the latest one set by
    the first message or a switch (a resume message and a chat's added requests are listed
    beside it), else the latest task in force; ``None`` when nothing is in force."""
    current = in_force(tasks)
    primary = [task for task in current if task.how in ("original", "switch")]
    chosen = primary or current
    return chosen[-1].text if chosen else None


def significant_tasks(tasks: Sequence[Task]) -> tuple[Task, ...]:
    """``tasks``, or nothing when they are only the original task, still in force: the goal
    alone says that."""
    if len(tasks) == 1 and tasks[0].how == "original" and tasks[0].status == "in force":
        return ()
    return tuple(tasks)


class _Recorded(Protocol):
    """What :func:`tasks_of` reads of a ledger."""

    @property
    def tasks(self) -> tuple[Task, ...]: ...
    @property
    def goal(self) -> str | None: ...


def tasks_of(ledger: _Recorded) -> tuple[Task, ...]:
    """A ledger's tasks; a ledger that recorded none has its goal as the original task."""
    if ledger.tasks:
        return ledger.tasks
    goal = ledger.goal
    return (Task(goal, "in force", "original"),) if goal else ()


def in_force(tasks: Sequence[Task]) -> tuple[Task, ...]:
    """The tasks in force, oldest first."""
    return tuple(task for task in tasks if task.status == "in force")
