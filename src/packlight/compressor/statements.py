"""What a person said: every statement of a human user message, and the record of them.

In a conversation the user's words are the task state: a rule ("No external network calls"),
a constraint ("Keep project spend under $800"), a fact ("The staging host is db-stg-2"), a
goal, a preference ("Report all times in UTC"), a question. Every sentence a person wrote is
kept: its kind orders and groups statements, it never decides whether one is kept. A
follow-on sentence that leans on the one before ("Never exceed it without approval.") stays
with it, and pure politeness (a greeting, thanks, a letter's closing) rides with the
statement beside it, so that a message that changes the task is kept whole whatever its
wording; a message of nothing but politeness ("Thanks!", "please continue") says nothing.

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
import itertools
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
from packlight.compressor.cues import CORRECTS_ITSELF
from packlight.compressor.subjects import kind_of, link, subject, subject_key
from packlight.compressor.turns import goes_back_to_work, is_boilerplate
from packlight.compressor.vocabulary import BOILERPLATE, word_set
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
# "Don't change it, just thinking aloud.", "Don't touch anything yet, I'm only checking.": an
# order not to act on the question or musing before it, part of it.
_NOT_ON_THIS = re.compile(
    _LEADING + r"(?:(?:don't|do not|no need to)\s+(?:change|touch|act on|update|do)\s+"
    r"(?:it|anything|that|this)\b|(?:i'm |i am )?(?:just|only) (?:thinking aloud|checking|"
    r"asking|curious|wondering)\b)",
    re.IGNORECASE,
)
_OPENS_BACK = re.compile(
    _LEADING + r"(?:above|below|beyond|past|over|under|before|after|until|at|from) "
    r"(?:that|this|it|then)\b(?!\s+(?:point|time|stage|week|day|month|year)\b)",
    re.IGNORECASE,
)
"""A sentence opening with the one before's limit: "Above that we evacuate the boxes."."""
_NOT_YET = re.compile(r"\b(?:yet|for now|just|only|thinking aloud|i'll ask)\b", re.IGNORECASE)
"""What makes "don't change it" a hold on the musing before, not a rule of its own ("Don't
change anything else" after an order is one)."""
# A short sentence whose limit or time is the one before ("Nothing goes online *before
# that*.", "Anything *above it* gets the job killed.", "We stop *by then*."): the referent
# ends a clause, so "from this quarter on" is no reference.
_POINTS_BACK = re.compile(
    r"\b(?:before|after|until|till|than|above|below|beyond|past|over|under|within|by|"
    r"exceeding|exceed)\s+(?:that|this|it|then|those|these)\s*(?:[.,;:!?)]|$)",
    re.IGNORECASE,
)


def _is_follow_on(sentence: str) -> bool:
    words = len(sentence.split())
    if words > _FOLLOW_ON_WORDS * 2:
        return False
    if _FOLLOW_ON.match(sentence):
        return True
    # Only a short sentence leans on its neighbour this way; a pasted document's sentences
    # (thousands of them) stop at the word count.
    return words <= _FOLLOW_ON_WORDS and (
        _ORDER_ABOUT_IT.match(sentence) is not None
        or _POINTS_BACK.search(sentence) is not None
        or _OPENS_BACK.match(sentence) is not None
        or (_NOT_ON_THIS.match(sentence) is not None and _NOT_YET.search(sentence) is not None)
    )


# A sentence may open with an identifier in lower case ("zone-7g6y1 hosts the backup",
# "@doripos took over"): a full stop before one ends a sentence too, also after a path
# ("... under /var/log/app/. rel-2 is the branch ...").
_IDENTIFIER_START = re.compile(r"(?<=[a-z0-9)\]/][.!?])\s+(?=[@#/]\w|[a-z][\w]*[-_/\d][\w/-]*\s)")


_STOP_THEN_SPACE = re.compile(r"[.!?]\s")
"""What :data:`_IDENTIFIER_START` needs to cut: few sentences hold one, and a pattern that
opens with a class of characters is scanned for far faster than one that opens with a
look-behind."""


def _sentences(text: str, *, every: bool) -> Iterator[str]:
    for sentence in sentences(text, every=every):
        cuts = _STOP_THEN_SPACE.search(sentence) is not None
        for part in _IDENTIFIER_START.split(sentence) if cuts else (sentence,):
            yield from (piece for piece in lower_case_sentences(part) if piece.strip())


def _units(text: str, *, every: bool = False) -> Iterator[list[str]]:
    """Sentences of ``text``, each with the follow-on sentences that lean on it. ``every``: a
    person's message, its lead-ins ("Tried it locally:"), long sentences and fenced code kept
    (:func:`~packlight.compressor.constraints.sentences`). A lead-in stays a unit of its
    own: joined to the line after it, 7 of 180 resumes of the blind corpus n were no longer
    kept whole (not traced: its failures are not read)."""
    unit: list[str] = []
    for sentence in _sentences(text, every=every):
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


_POLITENESS = BOILERPLATE | word_set("regards kind best wishes warm sincerely many yours")
"""The pleasantries of :data:`~packlight.compressor.vocabulary.BOILERPLATE` and the words of
a letter's closing ("Kind regards.", "Many thanks!"). Only here: the reading of turns shares
``BOILERPLATE`` with its learned weights."""


def _polite(sentence: str) -> bool:
    """Pure politeness: a greeting, thanks or a letter's closing, or bare markup."""
    return is_boilerplate(sentence, vocabulary=_POLITENESS)


def _said_whole(units: Sequence[list[str]]) -> list[str]:
    """The statements of a message a person wrote, every sentence of it kept: a unit of pure
    politeness joins the statement after it ("Nice, thanks! Now back to the refund": the
    thanks says the work before is settled), or the one before it when nothing follows (a
    closing "Thank you, Margaret."). A message of nothing but politeness says nothing.

    Nothing a person wrote is left out: a message that changes the task is kept whole
    whatever its wording, and a sentence that leans on a greeting ("Thanks! That will do
    for the parcel, now the car insurance.") is a statement all the same."""
    found: list[str] = []
    pending: list[str] = []
    for unit in units:
        if all(_polite(s) for s in unit):
            pending += unit
            continue
        found.append(" ".join([*pending, *unit]))
        pending = []
    if pending and found:
        found[-1] = " ".join([found[-1], *pending])
    return found


# Every compaction of a session reads the same user messages again: memoised.
@functools.lru_cache(maxsize=4_096)
def user_statements(text: str) -> tuple[str, ...]:
    """Every statement a person made in one message, verbatim (follow-on sentences joined to
    the one they lean on, politeness to a statement beside it: :func:`_said_whole`). A long
    pasted message gives only its rules and explicit facts."""
    if len(text) <= PASTED_CHARS or _a_list_of_statements(text):
        return tuple(_said_whole(list(_units(text, every=True))))
    return tuple(_pasted_statements(text))


def _pasted_statements(text: str) -> list[str]:
    """The rules and explicit facts of a pasted document, each with its follow-on sentences,
    boilerplate left out."""
    found: list[str] = []
    for unit in _units(text):
        if not any(is_constraint(s) or is_stated_fact(s) for s in unit):
            continue
        kept = [s for s in unit if not is_boilerplate(s)]
        if not kept:
            continue
        if kept[0] is not unit[0] and _is_follow_on(kept[0]):
            continue  # it leaned on a sentence of boilerplate: it says nothing alone
        found.append(" ".join(kept))
    return found


# --------------------------------------------------------------------------- the record


_SHARED_WORDS_IN_ONE_MESSAGE = 2
"""Subject words a statement shares, at least, with one of its own message to revise it
without correcting itself in words."""


def _replaceable(
    existing: Constraint, new: Constraint, older: Collection[Constraint] | None
) -> bool:
    if older is not None:
        return existing in older
    if existing.index != new.index:
        return True
    # Statements of one message are a list, not revisions of each other, unless one says
    # it revises what the other is about ("Use tabs. Actually, use spaces."); "the ingest
    # worker cutover got pushed to 2038-07-21" says nothing of "the draft report by
    # 2039-01-21" written beside it, though both are dates.
    said = subject(spoken(new.text))
    if not said.update:
        return False
    if not said.words or CORRECTS_ITSELF.search(new.text):
        return True
    # One word in common is not enough beside the wide cue of a revision: "please pick up
    # SEC-1061: rotate the service's credentials and move them to Vault" says nothing of
    # "we want to retire the last of the EC2-based services" in the same update.
    shared = said.words & subject(spoken(existing.text)).words
    return len(shared) >= _SHARED_WORDS_IN_ONE_MESSAGE


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
    if not _names_a_value(new.text) and goes_back_to_work(new.text):
        # "OK, back to the offsite planning now" returns to the work; it is not a newer
        # word on "Please plan the team offsite in Lisbon".
        active.append(new)
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
    replaced = [
        replace(active[i], replaced_by=new.index, kept=left_standing(active[i].text, new.text))
        for i in sorted(gone)
    ]
    superseded.extend(replaced)
    # What a revision of one part leaves of a statement stays in force, and may be revised
    # in turn (``older``, when it is the caller's set, learns of it).
    remainders = [
        replace(statement(r.kept, r.index), uncertain=r.uncertain) for r in replaced if r.kept
    ]
    if isinstance(older, set):
        older.update(remainders)
    active[:] = [c for i, c in enumerate(active) if i not in gone]
    active.extend(remainders)
    active.append(new)


def _names_a_value(part: str) -> bool:
    """Whether ``part`` states a value of its own: one with a digit or a sign in it
    (``May 3``, ``$800``, ``db-prod-4z7``) or a name written with a capital inside the part
    (``Boston``), not a common word that may be a value elsewhere ("short", "one")."""
    words = part.split()
    inside = " ".join(words[1:])
    for value in subject(part).values:
        if any(ch.isdigit() or ch in "$€£¥@/:._-" for ch in value):
            return True
        found = re.search(rf"(?<!\w){re.escape(value)}(?!\w)", inside, re.IGNORECASE)
        if found is not None and found.group(0)[:1].isupper():
            return True
    return False


# A statement's parts: its sentences, and the pieces between its commas and semicolons (a
# comma inside a number, "1,450", has no space after it).
_PART_BREAK = re.compile(r"(?<=[,;])\s+|(?<=[.!?])\s+")


def left_standing(old: str, new: str) -> str | None:
    """What of statement ``old`` stands once ``new`` revised it, when ``new`` revises only
    some of its parts: "Book me a flight from Boston to Denver on May 3, aisle seat, economy."
    revised by "make it a window seat" leaves "Book me a flight from Boston to Denver on May
    3, economy.". ``None`` when it revises all of it, when which part it revises is in doubt,
    or when what is left states no value of its own or still holds one of the parts revised
    (a superseded value is carried nowhere)."""
    cuts = [0, *(m.end() for m in _PART_BREAK.finditer(old)), len(old)]
    spans = [(a, b) for a, b in itertools.pairwise(cuts) if old[a:b].strip()]
    if len(spans) < 2:
        return None
    parts = [old[a:b].strip() for a, b in spans]
    found = link(spoken(new), parts)
    revised = set(found.replaces)
    if not revised or found.doubts or len(revised) == len(parts):
        return None
    removed = {v for k in revised for v in subject(parts[k]).values}
    if not removed:
        return None  # the part it revises states no value: what it revises is unclear
    kept = [k for k in range(len(parts)) if k not in revised and not is_boilerplate(parts[k])]
    if not any(_names_a_value(parts[k]) for k in kept):
        return None  # "For the record,", "I prefer short replies,": nothing left to hold
    rest = " ".join(parts[k] for k in kept).strip(" ,;")
    if rest[-1:] not in ".!?" and old.rstrip()[-1:] in ".!?":
        rest += old.rstrip()[-1]
    lowered = rest.lower()
    if not subject(rest).values or any(value.lower() in lowered for value in removed):
        return None
    # What is left must be nothing the new statement revises either.
    again = link(spoken(new), [rest])
    return None if again.replaces or again.doubts else rest


def statement(text: str, index: int) -> Constraint:
    """One statement as the record keeps it."""
    said = spoken(text)
    return Constraint(subject_key(said), text, index, kind_of(said))


@functools.lru_cache(maxsize=16_384)
def spoken(text: str) -> str:
    """What a statement says, without the politeness a person's message keeps around it
    ("Nice, appreciated. Staging DB lives on db-stg-9ms. Thanks!"): its subject, kind and
    what it revises are read from its sentences of substance."""
    said = list(sentences(text))
    start, end = 0, len(said)
    while start < end - 1 and _polite(said[start]):
        start += 1
    while end - 1 > start and _polite(said[end - 1]):
        end -= 1
    if start == 0 and end == len(said):
        return text
    first = text.find(said[start])
    last = text.rfind(said[end - 1])
    if first < 0 or last < first:
        return text
    return text[first : last + len(said[end - 1])]


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
