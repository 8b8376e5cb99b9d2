"""The task-switch probe: a user stops or parks the task mid-session; is the new one in force?

For each trajectory a copy gets one generated message (:mod:`packlight.evaluation.switches`)
that stops or parks the task the session began with and gives a new one, at a point drawn by
the seeded rng between :data:`SWITCH_RANGE` of the messages, inserted where a user could have
interjected (as the canaries are). About a third of the copies (:data:`RESUME_SHARE`) also
get a later message that returns to the original task. The copy is then compacted round
after round, as the canaries are (``prepare(force=True)`` with a short exchange between
rounds), and every round is scored from the context the peer returned:

``whole``
    every sentence of every planted message is somewhere in the context (a verbatim message
    or a checkpoint), whitespace collapsed.
``in_force``
    the task in force is named in the task sections (:mod:`~.task_sections`): after a switch,
    the new task's token or the switch message's opening; after a resume, the original task
    (the pointer to the first user message, its opening, or the resume message's opening).
    When the planted message is still verbatim and is the latest message a person wrote, or
    the peer did not compact, nothing needs to name it: it counts as in force unless the
    sections contradict it.
``stopped_not_active``
    the task sections do not present the stopped task as the task: not the original task's
    opening (nor the pointer to the first user message) after a switch, not the side task's
    token or opening after a resume. Quotes of the planted messages themselves are taken out
    first (a switch message names the task it stops).

A planted stop (a message that halts the task and asks for nothing new; the generator writes
none, :func:`plant_turns` plants one written elsewhere) needs no task named: its ``in_force``
is ``n/a`` and ``all_three`` is the other two.

A context with no task sections (a peer that writes no summary headings) scores ``n/a`` for
the last two. The planted copy is separate: the replay, its probes and the canaries never
see it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from packlight.evaluation.canaries import exchange, insertion_points, without_open_calls
from packlight.evaluation.harness_probe import HarnessTruth, is_harness
from packlight.evaluation.peers.base import Peer
from packlight.evaluation.rounds import forced_rounds
from packlight.evaluation.switches import (
    PlantedTurn,
    distinctive_line,
    generate_resume,
    generate_switch,
    opening_line,
    task_name,
)
from packlight.evaluation.task_sections import PeerTexts, TaskView, normalise, task_view
from packlight.evaluation.visibility import visible_text
from packlight.messages import Message, as_mapping, is_summary, message_text

SWITCH_RANGE = (0.25, 0.75)
RESUME_SHARE = 1 / 3
RESUME_AFTER = 0.1
"""The resume comes at least this share of the messages after the switch."""
OPENING_CHARS = 40
"""How much of a planted message's first line names it (packlight's pointer quotes the
first line)."""
STOPPED_OPENING_CHARS = 60
"""How much of the original task's opening (or distinctive) line names it."""


@dataclass(frozen=True, slots=True)
class SwitchPlan:
    """A trajectory copy with its planted messages."""

    messages: list[Message]
    original: str
    """The text of the session's first user message (the task it began with)."""
    switch: PlantedTurn | None = None
    resume: PlantedTurn | None = None
    switch_at: float = 0.0
    """Where the switch went, as a share of the messages."""


def _first_user_text(messages: Sequence[Message]) -> str | None:
    for message in messages:
        if as_mapping(message).get("role") == "user" and not is_summary(message):
            return message_text(message)
    return None


SwitchMaker = Callable[[random.Random, str], PlantedTurn]
"""Makes the switch to plant from the plan's rng and the original task's name."""
ResumeMaker = Callable[[random.Random, str, PlantedTurn], PlantedTurn | None]
"""Makes the resume to plant after a switch (or ``None``: no resume), the same way."""


def _plant(
    messages: Sequence[Message], seed: str, make_switch: SwitchMaker, make_resume: ResumeMaker
) -> SwitchPlan:
    """A copy of ``messages`` with what the makers give planted: the switch at a point drawn
    within :data:`SWITCH_RANGE`, the resume (if any) at least :data:`RESUME_AFTER` later."""
    rng = random.Random(f"switch:{seed}")
    base = without_open_calls(messages)
    original = _first_user_text(base)
    low, high = (int(len(base) * share) for share in SWITCH_RANGE)
    points = [p for p in insertion_points(base) if low <= p <= high]
    if original is None or not points:
        return SwitchPlan(base, original or "")
    name = task_name(original)
    at = rng.choice(points)
    switch = make_switch(rng, name)
    inserted = {at: switch.text}
    resume = None
    later = [p for p in insertion_points(base) if p >= at + max(1, int(len(base) * RESUME_AFTER))]
    if later:
        resume = make_resume(rng, name, switch)
        if resume is not None:
            inserted[rng.choice(later)] = resume.text
    planted: list[Message] = []
    for index, message in enumerate(base):
        if index in inserted:
            planted.append(cast(Message, {"role": "user", "content": inserted[index]}))
        planted.append(message)
    return SwitchPlan(planted, original, switch, resume, at / len(base))


def _generated_resume(rng: random.Random, name: str, switch: PlantedTurn) -> PlantedTurn | None:
    if rng.random() < RESUME_SHARE:
        return generate_resume(rng, name, new_task_token=switch.new_task_token)
    return None


def plant_switch(messages: Sequence[Message], seed: str) -> SwitchPlan:
    """A copy of ``messages`` with a generated switch (and maybe a resume) planted;
    deterministic for the same ``seed``. A trajectory with no user message or nowhere to
    interject gets none."""
    return _plant(messages, seed, generate_switch, _generated_resume)


def plant_turns(
    messages: Sequence[Message],
    seed: str,
    switch: PlantedTurn,
    resume: PlantedTurn | None = None,
) -> SwitchPlan:
    """A copy of ``messages`` with the given ``switch`` (a switch, a pause or a stop written
    elsewhere) planted where :func:`plant_switch` would put one, and ``resume`` after it
    when one is given and there is room; deterministic for the same ``seed``. The plan's
    ``resume`` is ``None`` when it did not fit."""
    return _plant(messages, seed, lambda _rng, _name: switch, lambda _rng, _name, _s: resume)


@dataclass(frozen=True, slots=True)
class SwitchCheck:
    """One round of the probe (``None``: not applicable, no task sections)."""

    whole: bool
    in_force: bool | None
    stopped_not_active: bool | None
    names_task: bool = True
    """Whether a task must be named in force: not after a stop, which asks nothing new (its
    ``in_force`` is ``None`` and :attr:`all_three` is the other two)."""

    @property
    def all_three(self) -> bool | None:
        if self.stopped_not_active is None or (self.names_task and self.in_force is None):
            return None
        return (
            self.whole and self.stopped_not_active and (not self.names_task or bool(self.in_force))
        )


def _opening(text: str, chars: int = OPENING_CHARS) -> str:
    first = next((line for line in text.splitlines() if line.strip()), text)
    return normalise(first)[:chars]


def _without(text: str, turns: Sequence[PlantedTurn]) -> str:
    """``text`` with every sentence of ``turns`` taken out."""
    for turn in turns:
        for sentence in turn.sentences:
            text = text.replace(normalise(sentence), " ")
    return text


def _original_markers(original: str) -> list[str]:
    return [
        normalise(line)[:STOPPED_OPENING_CHARS]
        for line in {opening_line(original), distinctive_line(original)}
        if normalise(line)
    ]


def _latest_human(messages: Sequence[Message], harness: HarnessTruth) -> str | None:
    """The text of the latest user message a person could have written (not a checkpoint,
    not a harness message)."""
    for message in reversed(messages):
        if (
            as_mapping(message).get("role") == "user"
            and not is_summary(message)
            and not is_harness(message, harness)
        ):
            return message_text(message)
    return None


def _states_original(view: TaskView, original: str, turns: Sequence[PlantedTurn]) -> bool:
    text = _without(view.text, turns)
    return view.points_at_first_message() or any(m in text for m in _original_markers(original))


def _states_side_task(view: TaskView, switch: PlantedTurn, resume: PlantedTurn) -> bool:
    text = _without(view.text, [resume])
    token = switch.new_task_token or ""
    return bool(token and token in text) or _opening(switch.text) in text


def score_switch(
    plan: SwitchPlan,
    context: Sequence[Message],
    view: TaskView | None,
    *,
    compacted: bool = True,
    harness: HarnessTruth | None = None,
) -> SwitchCheck | None:
    """The probe's verdict on ``context``, what a peer returned for the planted copy
    (``view``: its task sections); ``None`` for a plan with nothing planted."""
    switch, resume = plan.switch, plan.resume
    if switch is None:
        return None
    planted = [turn for turn in (switch, resume) if turn is not None]
    visible = normalise(visible_text(context))
    whole = all(normalise(s) in visible for turn in planted for s in turn.sentences)
    latest = planted[-1]
    verbatim = any(message_text(m) == latest.text for m in context)
    # The message itself, in the window and not yet followed by another person's message
    # (or by no compaction at all), states the task in force; the sections need only not
    # contradict it.
    speaks_for_itself = verbatim and (
        not compacted or _latest_human(context, harness or HarnessTruth()) == latest.text
    )
    if latest.kind == "stop":
        # A stop asks for nothing new, so no task has to be named in force ("awaiting
        # instructions" is right); the stopped task must not be presented as the task.
        stopped = None if view is None else not _states_original(view, plan.original, planted)
        return SwitchCheck(whole, None, stopped, names_task=False)
    if view is None:
        # Nothing names a task: no contradiction is possible, and nothing to read a task from.
        return SwitchCheck(whole, True if speaks_for_itself else None, None)
    if resume is None:
        stopped_ok = not _states_original(view, plan.original, planted)
        named = bool(
            (switch.new_task_token and switch.new_task_token in view.text)
            or _opening(switch.text) in view.text
        )
    else:
        stopped_ok = not _states_side_task(view, switch, resume)
        named = _states_original(view, plan.original, []) or _opening(resume.text) in view.text
    in_force = named or (speaks_for_itself and stopped_ok)
    return SwitchCheck(whole, in_force, stopped_ok)


@dataclass(slots=True)
class SwitchRun:
    """One peer's rounds on one trajectory's planted copy."""

    peer: str
    trajectory: str
    plan: SwitchPlan
    rounds: list[SwitchCheck] = field(default_factory=list)
    compacted: list[bool] = field(default_factory=list)
    invalid_transcripts: int = 0
    errors: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        switch, resume = self.plan.switch, self.plan.resume
        return {
            "kind": switch.kind if switch else None,
            "switch": switch.text if switch else None,
            "structure": switch.structure if switch else None,
            "new_task_token": switch.new_task_token if switch else None,
            "at": round(self.plan.switch_at, 3),
            "resume": resume.text if resume else None,
            "compacted": self.compacted,
            "rounds": [
                {
                    "whole": c.whole,
                    "in_force": c.in_force,
                    "stopped_not_active": c.stopped_not_active,
                }
                for c in self.rounds
            ],
            "invalid_transcripts": self.invalid_transcripts,
            "errors": self.errors,
        }


def run_switches(
    plan: SwitchPlan,
    peer: Peer,
    *,
    name: str,
    rounds: int,
    harness: HarnessTruth | None = None,
) -> SwitchRun:
    """Force ``rounds`` compactions of the planted copy through ``peer`` and score each."""
    peer.reset()
    run = SwitchRun(peer=peer.name, trajectory=name, plan=plan)
    # A checkpoint kept unchanged from an earlier round names the task as much as a new one.
    texts = PeerTexts()
    for done in forced_rounds(peer, plan.messages, rounds, exchange=exchange, errors=run.errors):
        run.invalid_transcripts += done.invalid
        view = task_view(done.outgoing, texts.given(done.given, done.outgoing))
        check = score_switch(
            plan, done.outgoing, view, compacted=done.outcome.compacted, harness=harness
        )
        if check is not None:
            run.rounds.append(check)
        run.compacted.append(done.outcome.compacted)
    return run
