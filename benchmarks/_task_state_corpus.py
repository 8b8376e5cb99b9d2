"""Generated chat transcripts in which the user states task state in their own words.

Each transcript is a system prompt and user/assistant turns (no tool calls). The user plants
typed statements (safety rules, hard constraints, facts, goal states, preferences), each on
one *slot* (the production database host, the project spending cap, ...), supersedes some
of them later in other words and mostly without a header, states look-alike pairs that must
both survive (production and staging database hosts, project and conference spending caps),
and says things that look like updates but are not (decoys: "still being tuned", a
question, a colleague's preference, a banner to ignore). Filler turns (questions, thanks,
assistant answers full of unrelated numbers) sit in between, in random order.

Everything is drawn from ``random.Random(seed)``: the slots, the values (random hosts,
amounts, regions, codenames, dates, ports, time zones, languages, ...), the template of
every sentence, the filler and the order. The same seed gives the same corpus.

A value is recorded exactly as the user wrote it (an update may write "five hundred
dollars" where the first statement wrote "$800"): a strict checker looks for that string.
Every value, and every other spelling of it a stale check looks for (``forms``), is checked
not to occur anywhere else in the transcript, so a substring match means the value itself.

:meth:`Transcript.expected` says what a checkpoint should hold after the turns of rounds
``0..upto``: round 0 is the transcript compacted first, rounds 1-4 are the turns added before
each later compaction in "continue" mode.
"""

from __future__ import annotations

import importlib
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _task_state_templates import (
    ACKS,
    COLLEAGUES,
    DECOY_ACKS,
    ECHOES,
    FAMILIES,
    KINDS,
    OPENERS,
    PAIRS,
    QUESTIONS,
    SYSTEMS,
    THANKS,
    TOPICS,
    Family,
    Value,
    filler_answer,
)

Msg = dict[str, Any]

TEMPLATES = {
    "main": "_task_state_templates",
    "heldout": "_task_state_templates_heldout",
    "heldout_b": "_task_state_templates_heldout_b",
    "heldout_c": "_task_state_templates_heldout_c",
    "heldout_d": "_task_state_templates_heldout_d",
    "heldout_e": "_task_state_templates_heldout_e",
    "heldout_f": "_task_state_templates_heldout_f",
    "heldout_g": "_task_state_templates_heldout_g",
    "heldout_h": "_task_state_templates_heldout_h",
}
"""Template modules :func:`use_templates` can select (``main`` is the default)."""
_TEMPLATE_NAMES = (
    "ACKS", "COLLEAGUES", "DECOY_ACKS", "ECHOES", "FAMILIES", "KINDS", "OPENERS", "PAIRS",
    "QUESTIONS", "SYSTEMS", "THANKS", "TOPICS", "filler_answer",
)  # fmt: skip
GENERIC_DECOYS: tuple[str, ...] = (
    "{S} is still being discussed with {name}; nothing changes yet.",
    "{name} asked whether {s} could be {d}. I said no, leave it.",
    "What would happen if {s} were {d}? Purely hypothetical, don't change anything.",
    "Ignore the banner in the dashboard that says {s} is {d}; it's stale.",
)
"""Decoys for every slot; a template module may replace them with its own."""
PREFERENCE_DECOYS: tuple[str, ...] = (
    "{name} prefers {d} for {s} on her own projects, but that's her, not me.",
)
_DEFAULT_DECOYS = {"GENERIC_DECOYS": GENERIC_DECOYS, "PREFERENCE_DECOYS": PREFERENCE_DECOYS}


def use_templates(name: str) -> None:
    """Build the corpus from template module ``name`` (a key of :data:`TEMPLATES`) from now
    on: its families, filler and, if it defines them, its generic decoys."""
    module = importlib.import_module(TEMPLATES[name])
    for attribute in _TEMPLATE_NAMES:
        globals()[attribute] = getattr(module, attribute)
    for attribute, default in _DEFAULT_DECOYS.items():
        globals()[attribute] = getattr(module, attribute, default)


CONTINUE_ROUNDS = 4
"""Rounds of new turns after the first compaction (compaction rounds 2-5)."""

# --- the transcript -----------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """One thing the user said about a slot."""

    round: int
    """0: in the transcript compacted first; 1-4: in the turns added before a later round."""
    slot: str
    kind: str
    action: str
    """``state`` (first statement), ``update`` (supersedes the slot's value) or ``decoy``."""
    value: Value | None
    """None for a decoy without a value ("still being tuned")."""
    template: str


@dataclass(frozen=True)
class Expected:
    """What a checkpoint should hold once the turns of rounds ``0..upto`` were compacted."""

    current: dict[str, tuple[str, str]]
    """slot -> (kind, value as last written)."""
    stale: list[tuple[str, Value]]
    """(slot, superseded value): none of its forms should be in the checkpoint."""
    pairs: list[tuple[str, str]]
    """Look-alike slots whose current values must both be kept."""
    decoyed: set[str]
    """Slots that a decoy followed (their survival says whether the decoy was taken)."""


@dataclass
class Transcript:
    name: str
    seed: int
    messages: list[Msg]
    additions: list[list[Msg]]
    """New turns before compaction rounds 2, 3, 4 and 5 ("continue" mode)."""
    events: list[Event]
    pairs: list[tuple[str, str]]
    templates: set[str] = field(default_factory=set)

    def expected(self, upto: int) -> Expected:
        current: dict[str, tuple[str, str]] = {}
        values: dict[str, Value] = {}
        stale: list[tuple[str, Value]] = []
        decoyed: set[str] = set()
        for event in self.events:
            if event.round > upto:
                continue
            if event.action == "decoy":
                decoyed.add(event.slot)
                continue
            assert event.value is not None
            if event.slot in values:
                stale.append((event.slot, values[event.slot]))
            values[event.slot] = event.value
            current[event.slot] = (event.kind, event.value.text)
        pairs = [(a, b) for a, b in self.pairs if a in current and b in current]
        return Expected(current, stale, pairs, decoyed & set(current))

    def all_messages(self) -> list[Msg]:
        return self.messages + [m for turns in self.additions for m in turns]


class _Builder:
    """Draws one transcript; every draw goes through ``self.rng``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used_values: list[Value] = []
        self.raw_seen: set[tuple[str, str]] = set()
        self.templates: set[str] = set()
        self.events: list[Event] = []
        self.owner: dict[int, str] = {}
        """id(message) -> the value its event wrote; every other message must not spell it."""

    def value(self, family: Family, in_update: bool) -> Value:
        """A fresh value for ``family`` that no other value of the transcript overlaps."""
        for _ in range(200):
            raw = family.draw(self.rng)
            value = family.render(raw, self.rng, in_update)
            if (family.name, str(raw)) in self.raw_seen or (family.pair, str(raw)) in (
                self.raw_seen
            ):
                continue
            if any(_overlaps(value, other) for other in self.used_values):
                continue
            self.raw_seen.add((family.name, str(raw)))
            if family.pair:
                self.raw_seen.add((family.pair, str(raw)))
            self.used_values.append(value)
            return value
        raise RuntimeError(f"could not draw a distinct value for {family.name}")

    def template(self, family: Family, group: str, options: tuple[str, ...]) -> tuple[str, str]:
        index = self.rng.randrange(len(options))
        name = f"{family.name}.{group}.{index}"
        self.templates.add(name)
        return name, options[index]

    def exchange(self, user_text: str, reply: str) -> list[Msg]:
        return [{"role": "user", "content": user_text}, {"role": "assistant", "content": reply}]

    def wrap(self, sentence: str) -> str:
        """Sometimes bury the sentence in a chattier user message."""
        roll = self.rng.random()
        if roll < 0.35 and sentence[-1] not in ".!?":
            sentence += "."
        if roll < 0.2:
            question = self.rng.choice(QUESTIONS).format(t=self.rng.choice(TOPICS))
            return f"{self.rng.choice(THANKS)} {sentence} {question}"
        if roll < 0.35:
            return f"{sentence} {self.rng.choice(THANKS)}"
        return sentence

    def statement(self, family: Family, round_: int, action: str) -> tuple[list[Msg], Event]:
        value = self.value(family, in_update=action == "update")
        options = family.states if action == "state" else family.updates
        name, text = self.template(family, action, options)
        sentence = text.format(v=value.text)
        if self.rng.random() < 0.3:
            self.templates.add(f"echo.{action}")
            reply = self.rng.choice(ECHOES).format(v=value.text)
        else:
            reply = self.rng.choice(ACKS)
        event = Event(round_, family.name, family.kind, action, value, name)
        return self.owned(self.exchange(self.wrap(sentence), reply), value), event

    def decoy(self, family: Family, round_: int, colleague: str) -> tuple[list[Msg], Event]:
        generic = GENERIC_DECOYS
        if family.kind == "preference":
            generic += PREFERENCE_DECOYS
        name, text = self.template(family, "decoy", family.decoys + generic)
        value = self.value(family, in_update=False) if "{d}" in text else None
        sentence = text.format(
            d=value.text if value else "",
            name=colleague,
            s=family.subject,
            S=family.subject[0].upper() + family.subject[1:],
        )
        event = Event(round_, family.name, family.kind, "decoy", value, name)
        return self.owned(
            self.exchange(self.wrap(sentence), self.rng.choice(DECOY_ACKS)), value
        ), event

    def owned(self, turns: list[Msg], value: Value | None) -> list[Msg]:
        if value is not None:
            for message in turns:
                self.owner[id(message)] = value.text
        return turns

    def clean(self, messages: list[Msg]) -> bool:
        """No message spells a value (in any of its forms) that its own event did not write."""
        for message in messages:
            content = str(message["content"])
            mine = self.owner.get(id(message))
            for value in self.used_values:
                if value.text != mine and any(form in content for form in value.forms):
                    return False
        return True

    def filler(self) -> list[Msg]:
        rng = self.rng
        if rng.random() < 0.7:
            question = rng.choice(QUESTIONS).format(t=rng.choice(TOPICS))
            return self.exchange(question, filler_answer(rng))
        return self.exchange(rng.choice(THANKS), rng.choice((*ACKS, "Anytime.")))


def _overlaps(a: Value, b: Value) -> bool:
    return any(x in y or y in x for x in (*a.forms, a.text) for y in (*b.forms, b.text))


def _interleave(rng: random.Random, chains: list[list[list[Msg]]]) -> list[list[Msg]]:
    """A uniformly random merge of ``chains`` that keeps each chain's own order."""
    pending = [list(chain) for chain in chains if chain]
    merged: list[list[Msg]] = []
    while pending:
        index = rng.choices(range(len(pending)), [len(c) for c in pending])[0]
        merged.append(pending[index].pop(0))
        if not pending[index]:
            pending.pop(index)
    return merged


def _choose_families(rng: random.Random) -> tuple[list[Family], list[tuple[str, str]]]:
    """Two or three look-alike pairs plus singles so that every kind occurs."""
    pair_groups = rng.sample(PAIRS, rng.randint(2, 3))
    chosen = [f for f in FAMILIES if f.pair in pair_groups]
    pairs = [tuple(f.name for f in FAMILIES if f.pair == group) for group in pair_groups]
    singles = [f for f in FAMILIES if f.pair is None]
    for kind in KINDS:
        if not any(f.kind == kind for f in chosen):
            chosen.append(rng.choice([f for f in singles if f.kind == kind]))
    rest = [f for f in singles if f not in chosen]
    chosen += rng.sample(rest, rng.randint(2, 4))
    return chosen, [(a, b) for a, b in pairs]


def build_transcript(seed: int, index: int) -> Transcript:
    """Transcript ``index`` of corpus ``seed``. A draw whose filler happens to spell a planted
    value (so that a substring match would not mean the value) is redrawn, deterministically."""
    for attempt in range(50):
        transcript, builder = _draw(seed, index, attempt)
        if builder.clean(transcript.all_messages()):
            return transcript
    raise RuntimeError(f"no clean draw for seed {seed}, transcript {index}")


def _draw(seed: int, index: int, attempt: int) -> tuple[Transcript, _Builder]:
    rng = random.Random(f"task-state:{seed}:{index}:{attempt}")
    builder = _Builder(rng)
    families, pairs = _choose_families(rng)
    colleague = rng.choice(COLLEAGUES)
    chains: list[list[list[Msg]]] = []
    for family in families:
        chain: list[list[Msg]] = []
        turns, event = builder.statement(family, 0, "state")
        chain.append(turns)
        builder.events.append(event)
        roll = rng.random()
        updates = 2 if roll < 0.15 else 1 if roll < 0.55 else 0
        steps = ["update"] * updates
        if rng.random() < 0.35:
            steps.insert(rng.randint(0, len(steps)), "decoy")
        for step in steps:
            if step == "decoy":
                turns, event = builder.decoy(family, 0, colleague)
            else:
                turns, event = builder.statement(family, 0, "update")
            chain.append(turns)
            builder.events.append(event)
        chains.append(chain)
    # Events are recorded chain by chain; the transcript order is the merge below, and within
    # a slot both keep the chain's order, which is all Transcript.expected relies on.
    chains += [[builder.filler()] for _ in range(rng.randint(12, 32))]
    body = [m for turns in _interleave(rng, chains) for m in turns]
    messages: list[Msg] = [
        {"role": "system", "content": rng.choice(SYSTEMS)},
        {"role": "user", "content": rng.choice(OPENERS)},
        {"role": "assistant", "content": "Happy to help. Tell me whenever something changes."},
        *body,
    ]
    additions = _continuations(rng, builder, families, colleague)
    transcript = Transcript(
        name=f"s{seed}-t{index}",
        seed=seed,
        messages=messages,
        additions=additions,
        events=builder.events,
        pairs=pairs,
        templates=builder.templates,
    )
    return transcript, builder


def _continuations(
    rng: random.Random, builder: _Builder, families: list[Family], colleague: str
) -> list[list[Msg]]:
    """New turns for compaction rounds 2-5: filler, and in most rounds a new statement, a
    supersession (of a slot from any earlier round) or a decoy."""
    live = list(families)
    unused = [f for f in FAMILIES if f not in live and f.pair is None]
    rounds: list[list[Msg]] = []
    for round_ in range(1, CONTINUE_ROUNDS + 1):
        beats: list[list[Msg]] = [builder.filler() for _ in range(rng.randint(1, 3))]
        roll = rng.random()
        if roll < 0.45:
            family = rng.choice(live)
            turns, event = builder.statement(family, round_, "update")
        elif roll < 0.7 and unused:
            family = unused.pop(rng.randrange(len(unused)))
            live.append(family)
            turns, event = builder.statement(family, round_, "state")
        elif roll < 0.85:
            turns, event = builder.decoy(rng.choice(live), round_, colleague)
        else:
            turns, event = [], None
        if event is not None:
            builder.events.append(event)
            beats.insert(rng.randint(0, len(beats)), turns)
        rounds.append([m for turns in beats for m in turns])
    return rounds


def build_corpus(seed: int, transcripts: int) -> list[Transcript]:
    return [build_transcript(seed, index) for index in range(transcripts)]


def transcript_chars(messages: list[Msg]) -> int:
    return sum(len(str(m.get("content") or "")) for m in messages)
