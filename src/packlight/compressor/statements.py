"""What a person said: every statement of a human user message, and the record of them.

In a conversation the user's words are the task state: a rule ("No external network calls"),
a constraint ("Keep project spend under $800"), a fact ("The staging host is db-stg-2"), a
goal, a preference ("Report all times in UTC"), a question. Every sentence a person wrote is
kept as a statement unless it is pure boilerplate (greetings, thanks, "please continue", bare
markup); its kind orders and groups statements, it never decides whether one is kept. A
follow-on sentence that leans on the one before ("Never exceed it without approval.") stays
with it.

A long pasted message (an issue description, a log, a document) is content rather than what
the user states: only its sentences that read as rules or explicit facts count (see
:mod:`packlight.compressor.constraints`), the rest stays in the goal or the archive. A long
message that is a list of short items is statements all the same.

Which statement replaces which is decided in :mod:`packlight.compressor.subjects`; this module
keeps the record (:func:`apply_statement`).

Pure functions of strings; nothing here looks at messages.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace

from packlight.compressor.constraints import (
    Constraint,
    is_constraint,
    is_stated_fact,
    lower_case_sentences,
    sentences,
)
from packlight.compressor.subjects import kind_of, link, subject, subject_key
from packlight.compressor.turns import asks_to_act, is_boilerplate
from packlight.redact import redact

PASTED_CHARS = 1_500
"""A user message longer than this is pasted content: only its rules and facts count."""


# A sentence that leans on the one before: it opens with a word pointing back, or it is a
# short order about "it" ("Never exceed it without explicit approval.").
_LEADING = r"^(?:(?:and|but|so|also|then|please|plus|oh),?\s+)*"
_FOLLOW_ON = re.compile(
    _LEADING + r"(?:it|it's|its|this|that|that's|these|those|they|they're|them|their|such|"
    r"otherwise|unless|except|same|both|either|neither|if so|in that case|if not)\b"
    # "These days ...", "This week ...", "That said, ...": a time or a turn, not a referent.
    r"(?!\s+(?:days?|weeks?|months?|years?|quarters?|sprints?|time|morning|afternoon|"
    r"evening|said)\b)",
    re.IGNORECASE,
)
_ORDER_ABOUT_IT = re.compile(
    _LEADING + r"(?:never|always|don't|do not|only|must|should|make sure|keep|avoid|"
    r"no need to)\b.*\b(?:it|them|this|that one)\b",
    re.IGNORECASE,
)
_FOLLOW_ON_WORDS = 16


def _is_follow_on(sentence: str) -> bool:
    words = len(sentence.split())
    if words > _FOLLOW_ON_WORDS * 2:
        return False
    if _FOLLOW_ON.match(sentence):
        return True
    return words <= _FOLLOW_ON_WORDS and _ORDER_ABOUT_IT.match(sentence) is not None


# A sentence may open with an identifier in lower case ("zone-7g6y1 hosts the backup",
# "@doripos took over"): a full stop before one ends a sentence too, also after a path
# ("... under /var/log/app/. rel-2 is the branch ...").
_IDENTIFIER_START = re.compile(r"(?<=[a-z0-9)\]/][.!?])\s+(?=[@#/]\w|[a-z][\w]*[-_/\d][\w/-]*\s)")


_STOP_THEN_SPACE = re.compile(r"[.!?]\s")
"""What :data:`_IDENTIFIER_START` needs to cut: few sentences hold one, and a pattern that
opens with a class of characters is scanned for far faster than one that opens with a
look-behind."""


def _sentences(text: str) -> Iterator[str]:
    for sentence in sentences(text):
        cuts = _STOP_THEN_SPACE.search(sentence) is not None
        for part in _IDENTIFIER_START.split(sentence) if cuts else (sentence,):
            yield from (piece for piece in lower_case_sentences(part) if piece.strip())


def _units(text: str) -> Iterator[list[str]]:
    """Sentences of ``text``, each with the follow-on sentences that lean on it."""
    unit: list[str] = []
    for sentence in _sentences(text):
        if unit and _is_follow_on(sentence):
            unit.append(sentence)
            continue
        if unit:
            yield unit
        unit = [sentence]
    if unit:
        yield unit


_LIST_LINE = re.compile(r"^\s*(?:[-*+\u2022]|\d{1,3}[.)]|#{1,6})\s+\S")
_LIST_SHARE = 0.6
_LIST_ITEM_CHARS = 400


def _a_list_of_statements(text: str) -> bool:
    """Whether a long message is a list of short items (a user's requirements, or a
    checkpoint's items pasted back without its frame) rather than a document: each item is
    a statement however long the list."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return False
    items = [line for line in lines if _LIST_LINE.match(line)]
    return len(items) >= _LIST_SHARE * len(lines) and all(
        len(line) <= _LIST_ITEM_CHARS for line in items
    )


# Every compaction of a session reads the same user messages again: memoised.
_STANDING_KINDS = frozenset({"rule", "constraint", "preference", "goal"})
"""Statement kinds that hold until revised, whatever turn of the conversation said them."""


def _asks_to_act_now(statements: Sequence[str]) -> bool:
    """Whether a message asks for something to be done now and states no standing rule: one
    of its statements is an instruction that is no question ("now let's pick the earlier one
    back up", "look at the refund first") and none is of a standing kind. Such a message is
    a turn that may change the task, and its pleasantries are part of it. A standing
    statement stays as it was said, without them: what it revises is read from its first
    sentence."""
    kinds = [kind_of(s) for s in statements]
    if any(kind in _STANDING_KINDS for kind in kinds):
        return False
    return any(
        kind != "question" and asks_to_act(s) for s, kind in zip(statements, kinds, strict=True)
    )


def _whole_turn(units: Sequence[list[str]]) -> list[str]:
    """The statements of a message that asks to act now, its acknowledgements kept: a unit
    of pure politeness joins the statement after it ("Nice, thanks! Now back to the
    refund": the thanks says the work before is settled). A closing thanks, with nothing
    after it, says nothing about the work and is left out as boilerplate."""
    found: list[str] = []
    pending: list[str] = []
    for unit in units:
        if all(is_boilerplate(s) for s in unit):
            pending += unit
            continue
        found.append(" ".join([*pending, *unit]))
        pending = []
    return found


@functools.lru_cache(maxsize=4_096)
def user_statements(text: str) -> tuple[str, ...]:
    """Every statement a person made in one message, verbatim (follow-on sentences joined to
    the one they lean on), boilerplate left out. A long pasted message gives only its rules
    and explicit facts. A message that asks for something to be done now is kept whole but
    for a closing thanks, its acknowledgements joined to the statement after them: it may
    change the task."""
    pasted = len(text) > PASTED_CHARS and not _a_list_of_statements(text)
    if not pasted:
        found = _statements(text)
        if found and _asks_to_act_now(found):
            return tuple(_whole_turn(list(_units(text))))
        return tuple(found)
    return tuple(_statements(text, pasted=True))


def _statements(text: str, *, pasted: bool = False) -> list[str]:
    """The statements of ``text``, boilerplate left out (only rules and facts when
    ``pasted``)."""
    found: list[str] = []
    for unit in _units(text):
        first = unit[0]
        if pasted and not any(is_constraint(s) or is_stated_fact(s) for s in unit):
            continue
        kept = [s for s in unit if not is_boilerplate(s)]
        if not kept:
            continue
        if kept[0] is not first and _is_follow_on(kept[0]):
            # The sentence it leaned on was boilerplate ("Thanks! That is all."): nothing.
            continue
        found.append(" ".join(kept))
    return found


# --------------------------------------------------------------------------- the record


def _replaceable(
    existing: Constraint, new: Constraint, older: Collection[Constraint] | None
) -> bool:
    if older is not None:
        return existing in older
    # Statements of one message are a list, not revisions of each other, unless one says
    # it revises ("Use tabs. Actually, use spaces.").
    return existing.index != new.index or subject(new.text).update


def apply_statement(
    active: list[Constraint],
    superseded: list[Constraint],
    new: Constraint,
    *,
    older: Collection[Constraint] | None = None,
    rivals: Sequence[Constraint] = (),
) -> None:
    """Add ``new`` to ``active``, moving what it replaces to ``superseded`` and marking what
    it may replace as possibly superseded (both lists are the caller's, updated in place).

    Restating a statement word for word only refreshes it. ``older``, when given, are the
    only statements ``new`` may replace, all of them said before it whatever their indices:
    merging two records whose indices count messages of different transcripts. ``rivals``
    are earlier statements kept elsewhere (verbatim in the window) that ``new`` may be about
    instead: they compete for the match and are never changed.
    """
    for position, existing in enumerate(active):
        if existing.text == new.text:
            active[position] = replace(new, uncertain=existing.uncertain and new.uncertain)
            return
    candidates = [i for i, c in enumerate(active) if _replaceable(c, new, older)]
    found = link(
        spoken(new.text),
        [*(spoken(active[i].text) for i in candidates), *(spoken(r.text) for r in rivals)],
    )
    for position in found.doubts:
        if position < len(candidates):
            at = candidates[position]
            active[at] = replace(active[at], uncertain=True)
    gone = {candidates[p] for p in found.replaces if p < len(candidates)}
    superseded.extend(active[i] for i in sorted(gone))
    active[:] = [c for i, c in enumerate(active) if i not in gone]
    active.append(new)


def statement(text: str, index: int) -> Constraint:
    """One statement as the record keeps it."""
    said = spoken(text)
    return Constraint(subject_key(said), text, index, kind_of(said))


@functools.lru_cache(maxsize=16_384)
def spoken(text: str) -> str:
    """What a statement says, without the acknowledgement a turn that asks to act keeps in
    front of it ("Nice, appreciated. Staging DB lives on db-stg-9ms."): its subject, kind
    and what it revises are read from its first sentence of substance."""
    said = list(sentences(text))
    at = 0
    while at < len(said) - 1 and is_boilerplate(said[at]):
        at += 1
    if not at:
        return text
    start = text.find(said[at])
    return text[start:] if start >= 0 else text


def add_statements(
    active: list[Constraint],
    superseded: list[Constraint],
    text: str,
    index: int,
    *,
    human: bool,
    older: Collection[Constraint] | None = None,
    rivals: Sequence[Constraint] = (),
) -> None:
    """Read one message's statements into ``active`` (see :func:`apply_statement`).

    ``human``: a person's user message, every statement of which counts
    (:func:`user_statements`); otherwise (a system or developer message, standing
    instructions already in the head) only its rules and explicit constraints.
    """
    # Redacted whole, before it is cut into statements: a pasted private key or a secret
    # named on the line before its value loses its context once split.
    text = redacted_message(text)
    found = user_statements(text) if human else [s for s in sentences(text) if is_constraint(s)]
    for text_of in found:
        apply_statement(active, superseded, statement(text_of, index), older=older, rivals=rivals)


@functools.lru_cache(maxsize=4_096)
def redacted_message(text: str) -> str:
    """``text`` redacted (:func:`packlight.redact.redact`), once per text in the process: the
    statements of every compaction and the tasks a checkpoint lists read the same user
    messages."""
    return redact(text)
