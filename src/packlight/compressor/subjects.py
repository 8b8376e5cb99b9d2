"""What a statement is and what it is about, and which earlier statement a later one
replaces.

A statement's *kind* (rule, constraint, goal, fact, preference, question) orders it and decides
what a tight budget cuts first. Its *subject* is its topic words with every value taken out
(numbers, amounts written in words or digits, identifiers like ``ap-south-2``, names, dates,
quoted text, the choice words of a known topic such as "French" or "tabs") and synonyms folded
("budget" and "spend", "db" and "database", "runs on" and "host"). Values keep what they count
("30 seconds", "4096 MB", "port 8080") and what their leading word names (``db-prod-4z7`` is a
database).

Supersession is by subject and scope, and conservative. A later statement replaces an earlier
one when it states a different value for the same subject:

- never across scopes: when each names a scope of its own right before a word they share ("the
  *production* database", "the *staging* database"; the *conference* cap, the *project*'s);
- when the subjects are the same once values are removed, or the later one is more general
  ("Keep the budget under $500" after "Spend at most $800 in total");
- a narrower later statement only with an update cue ("now", "from now on", "moved to",
  "these days", "instead"), and only as a doubt when it names a scope the earlier lacks;
- a value of the same form that shares most of its text (``db-prod-4ar`` after
  ``db-prod-4rv``) is evidence of the same slot; an update that names the old value ("...
  instead of /srv/a/") is about the statement that holds it;
- two prohibitions add up: a safety rule is replaced only by a statement that says from when
  it holds or what it replaces;
- questions, musings and reported claims replace nothing and are replaced by nothing, and a
  statement that names no value replaces nothing ("the retry budget is still being tuned");
- when two earlier statements are about equally good matches, or the only evidence is a value
  of the same form, neither is dropped: both are kept, marked as possibly superseded.

Pure functions of strings; nothing here looks at messages.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from packlight.compressor.constraints import SENTENCE_END, StatementKind, content_words
from packlight.compressor.vocabulary import (
    CALENDAR,
    CHOICE_OF,
    EXTRA_UNITS,
    NOT_SUBJECT,
    ONES,
    SCALES,
    SYNONYMS,
    TENS,
    UNITS,
    VALUE_HEADS,
    VERB_FORMS,
)

_QUESTION = re.compile(r"\?\s*[\"')\]]*$")
# "Can you reply in Italian now?" asks for something: a request, not a question.
_REQUEST = re.compile(
    r"^(?:(?:ok|okay|so|and|also|now),?\s+)*(?:can|could|would|will) you\b|^please\b", re.I
)
_RULE = re.compile(
    r"\b(?:never|must not|mustn't|do not|don't|dont|not allowed|forbidden|prohibited|"
    r"under no circumstances|no matter what|at no time|always|must|may not|cannot|can't|"
    r"shall not|refuse)\b|^(?:no|zero|without)\s",
    re.IGNORECASE,
)
_CONSTRAINT = re.compile(
    r"\b(?:at most|at least|no more than|no less than|not more than|not exceed|exceed|under|"
    r"below|above|within|maximum|minimum|max|min|limit|limited|cap|capped|ceiling|budget|"
    r"deadline|due|by (?:the )?(?:end of|monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday|tomorrow|tonight)|until|no later than|before)\b",
    re.IGNORECASE,
)
_GOAL = re.compile(
    r"\b(?:goal|aim|objective|target|done when|finished when|complete when|success|"
    r"i want to|we want to|i need to|we need to|i need you to|i'd like you to|help me|"
    r"trying to|planning|plan is|the point is|end state|deliverable)\b",
    re.IGNORECASE,
)
_GOAL_LABEL = re.compile(
    r"^(?:(?:our|my|the|main|final|overall)\s+)?(?:goal|aim|objective|end state|target)"
    r"(?:\s+is|\s*:)",
    re.IGNORECASE,
)
_PREFERENCE = re.compile(
    r"\b(?:prefer|prefers|preferred|preference|rather|like|likes|love|favou?rite|please use|"
    r"i'd like|would like|wants?|enjoy|instead)\b|^(?:(?:please|also|and)\s+)?(?:use|report|"
    r"reply|respond|answer|write|format|show|give|keep|call|name|sign|address|list|sort|"
    r"round|express|quote|send|put|add|include|mention|summari[sz]e|explain)\b",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=16_384)
def is_question(text: str) -> bool:
    """Whether a statement asks rather than states or requests."""
    return _QUESTION.search(text) is not None and _REQUEST.search(text) is None


@functools.lru_cache(maxsize=16_384)
def kind_of(text: str) -> StatementKind:
    """What a statement is, for ordering and grouping (never for keeping it)."""
    # A request worded as a question ("Can you reply in Italian now?") may still replace
    # an earlier statement (see link), but it is ordered with the questions.
    if (_QUESTION.search(text) and not _RULE.search(text)) or _hedged(text):
        # A question, or a musing ("Bea thinks the budget could go to $3,100", "the retry
        # budget is still being tuned"): kept, but the first to go when room is short.
        return "question"
    if _RULE.search(text):
        return "rule"
    if _GOAL_LABEL.match(text):
        return "goal"  # "Our goal: all workloads on meridian-v8 by the end of the quarter."
    if _CONSTRAINT.search(text) and (re.search(r"\d|[$€£¥]", text) or _NUMBER_WORD.search(text)):
        return "constraint"
    if _GOAL.search(text):
        return "goal"
    if _PREFERENCE.search(text):
        return "preference"
    if _CONSTRAINT.search(text):
        return "constraint"
    return "fact"


_NUMBER_WORD = re.compile(
    r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|"
    r"seventy|eighty|ninety|hundred|thousand|million|billion|half|quarter|dozen|single|"
    r"double|triple)\b",
    re.IGNORECASE,
)
_UPDATE_CUE = re.compile(
    r"\b(?:now|from now on|going forward|moving forward|henceforth|no longer|not anymore|"
    r"any ?more|moved|moves|changed|changes to|switch(?:ed)? to|instead|actually|update|"
    r"updated|correction|scratch that|on second thought|revised|replaced|rather than|"
    r"has become|is becoming|became|renamed|rename|are calling|we call|now called|"
    r"new (?:\w+ ){0,2}(?:is|are|will be)|new \w+:|"
    r"postponed|pushed (?:back|out)|brought forward|bumped|raised|lowered|increased|"
    r"decreased|reduced|extended|tightened|relaxed|from here on|from today|these days|as of|"
    r"now that|came back|slipped|shifted|delayed|brought|is now|are now|effective|"
    r"this week|starting|from this|went to|change for|replaces|in place of|pulled|"
    r"scratch the|applies to|apply to)\b",
    re.IGNORECASE,
)
_TEMPORAL = re.compile(
    r"\b(?:now|from now on|going forward|moving forward|henceforth|from here on|from today|"
    r"these days|as of|starting|from this \w+|any ?more|no longer)\b",
    re.IGNORECASE,
)
_PROHIBITS = re.compile(
    r"\b(?:never|do not|don't|must not|mustn't|may not|cannot|can't|nothing|no one|nobody|"
    r"forbidden|not allowed|prohibited|off limits|off-limits|read-only|untouchable|"
    r"under no circumstances)\b|^no\s",
    re.IGNORECASE,
)
_EXPLICIT = re.compile(
    r"\b(?:instead|switch(?:ed)? to|replac(?:e|es|ed|ing)|rather than|no longer|in place of)\b",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"`[^`]+`|\"[^\"]+\"|'[^'\s][^']*[^'\s]'")
_TOKEN = re.compile(
    r"[$€£¥]?\d[\d,]*(?:[.:/-]\d+)*[A-Za-z%]*|[$€£¥@#]?[A-Za-z0-9][\w.$€£¥%/:@+'-]*"
)
_PRONOUN_I = frozenset({"i", "i'm", "i'd", "i'll", "i've"})
_METRIC = re.compile(r"[pP]\d{2}(?:\.\d)?")


@dataclass(frozen=True, slots=True)
class Subject:
    """What a statement is about (topic words, no values) and the values it states."""

    words: frozenset[str]
    values: frozenset[str]
    update: bool
    """Whether the statement says it revises something ("now", "moved to", "instead")."""
    negated: bool
    """A prohibition ("never", "don't", "no longer")."""
    permits: bool
    """A permission ("you may", "feel free to", "it's fine to")."""
    shapes: frozenset[str]
    """The kinds of its values: ``amount``, ``time``, ``number``, ``name``."""
    temporal: bool = False
    """It says from when it holds ("from now on", "going forward", "these days")."""
    prohibits: bool = False
    """It forbids something ("Do not touch ...", "Nothing under ... may be deleted")."""
    affirms: bool = False
    """An order to always do something ("always", "must", "make sure")."""
    explicit: bool = False
    """It names what it replaces ("switch to ruff format instead of black")."""
    kinds: frozenset[str] = frozenset()
    """What its identifiers name by their leading word (``db-prod-4z7``: a database)."""
    units: frozenset[str] = frozenset()
    """What its numbers count ("seconds", "mb", "port"): a timeout is not a memory limit."""
    pairs: frozenset[tuple[str, str]] = frozenset()
    """Subject words written next to each other ("production", "database"): a word right
    before another names which one ("the production database", not the staging one)."""

    @property
    def key(self) -> str:
        return " ".join(sorted(self.words))


def _is_value_token(token: str, *, sentence_start: bool) -> bool:
    bare = token.strip(".,;:!?)(")
    if not bare:
        return False
    if _METRIC.fullmatch(bare):
        return False  # p95, p99: a metric's name
    if re.search(r"\d|[$€£¥%@/]", bare):
        return True
    if bare.lower() in _PRONOUN_I:
        return False
    if re.search(r"\w[-_.]\w", bare) and bare.lower() not in SYNONYMS:
        return True  # an identifier: ap-south-2, snake_case, host.name
    lowered = bare.lower()
    if _NUMBER_WORD.fullmatch(bare) or lowered in CALENDAR or lowered in CHOICE_OF:
        return True
    if lowered in UNITS:
        return True
    # A capitalised word inside a sentence names something (Falcon, Osprey, Berlin); a word
    # in capitals is an acronym naming a subject (API, DR), unless it is a choice (UTC).
    if bare.isupper() and len(bare) > 1:
        return False
    return bare[0].isupper() and not sentence_start and bare.lower() not in SYNONYMS


@functools.lru_cache(maxsize=16_384)
def subject(text: str) -> Subject:
    """The subject and values of a statement: its topic words come from its first sentence
    (a follow-on sentence leans on that subject: "Never exceed it without approval."), its
    values from all of it."""
    values: set[str] = set()
    for quoted in _QUOTED.findall(text):
        values.add(quoted.strip("`\"'").lower())
    first = SENTENCE_END.split(text, maxsplit=1)[0]
    body = _QUOTED.sub(" ", text)
    topic_end = len(_QUOTED.sub(" ", first))
    words: set[str] = set()
    # (word, the word right after it): "production database", "report exporter admin".
    pairs: set[tuple[str, str]] = set()
    units: set[str] = set()
    kinds: set[str] = set()
    previous: str | None = None
    matches = list(_TOKEN.finditer(body))
    starts = [_after_a_stop(body, m.start()) for m in matches]
    for position, match in enumerate(matches):
        token = match.group()
        sentence_start = starts[position]
        lowered = token.lower().strip(".,;:!?")
        word = _subject_word(token, lowered, sentence_start=sentence_start)
        if word is None and _COMPOUND.fullmatch(lowered) and position + 1 < len(matches):
            # A hyphenated word right before a subject word names which one ("the
            # read-only API key", "the on-call owner"): a scope, not a value.
            after = matches[position + 1]
            following = after.group().lower().strip(".,;:!?")
            if _subject_word(after.group(), following, sentence_start=False):
                word = lowered
        if word is None or match.start() >= topic_end:
            if word is None and _is_value_token(token, sentence_start=sentence_start):
                values.add(lowered)
                hint = _value_topic(token)
                if hint:
                    kinds.add(hint)
                    if match.start() < topic_end:
                        words.add(hint)
                unit = _unit_of(matches, position)
                if unit:
                    units.add(unit)
                if lowered in CHOICE_OF and match.start() < topic_end:
                    words.add(CHOICE_OF[lowered])
            previous = None
            continue
        if word:
            words.add(word)
            # Only words in one phrase: "the failover, production ..." pairs nothing.
            gap = body[matches[position - 1].end() : match.start()] if position else ""
            if previous is not None and gap == " " and _noun_like(lowered):
                pairs.add((previous, word))
        previous = word or None
    values.update(_spelled_amounts(body))
    chosen = _CHOSEN_FOR.search(first)
    if chosen and not re.search(r"\d", chosen.group("value")):
        # "Use black for formatting": what is used is the value, what it is for the subject.
        picked = {_fold(w) for w in content_words(chosen.group("value")) if w not in SYNONYMS}
        values.update(picked)
        words -= picked
    return Subject(
        words=frozenset(words),
        values=frozenset(values),
        update=_UPDATE_CUE.search(text) is not None,
        negated=_NEGATED.search(text) is not None,
        permits=_PERMITS.search(text) is not None,
        affirms=_AFFIRMS.search(text) is not None,
        shapes=frozenset(_shape(value) for value in values),
        pairs=frozenset(pairs),
        units=frozenset(units),
        kinds=frozenset(kinds),
        explicit=_EXPLICIT.search(text) is not None,
        prohibits=_PROHIBITS.search(text) is not None,
        temporal=_TEMPORAL.search(text) is not None,
    )


_CHOSEN_FOR = re.compile(
    r"\b(?:use|using|prefer|choose|pick|go with)\s+(?P<value>[\w.@/+-]+(?:\s+[\w.@/+-]+)?)"
    r"\s+(?:for|as)\s+\w",
    re.IGNORECASE,
)
_TIME_ZONE = re.compile(
    r"(?:africa|america|antarctica|asia|atlantic|australia|europe|indian|pacific)/\w+", re.I
)
_HEAD = re.compile(r"([a-z]{2,})[-_/.](?=\w)")
_DATE_FORMAT = re.compile(r"(?:[YMDymd]{1,4}[-/. ]){2}[YMDymd]{1,4}")


def _value_topic(token: str) -> str | None:
    """What a value says about its own subject: ``Europe/Helsinki`` is a time zone,
    ``cluster-teal-1jc`` a cluster, ``db-prod-4rv`` a database (a lower-case word leading an
    identifier; two-letter codes like ``eu-`` and upper-case keys like ``OPS-`` say too
    little)."""
    bare = token.strip(".,;:!?")
    if _TIME_ZONE.fullmatch(bare):
        return "timezone"
    if _DATE_FORMAT.fullmatch(bare):
        return "dateformat"
    head = _HEAD.match(bare)
    if head is None:
        return None
    word = head.group(1)
    if word in SYNONYMS:
        return SYNONYMS[word]
    # Only a word that names a kind of thing ("cluster-teal-1jc"); a name's first part
    # ("atlas-v5", "cobalt-v6") says nothing about what it is.
    return word if word in VALUE_HEADS else None


_SPELLED = re.compile(
    r"\b(?:(?:" + "|".join([*ONES, *TENS, *SCALES]) + r")(?:[\s-]+(?:and[\s-]+)?|\b))+"
    r"(?:(dollars?|bucks|euros?|pounds?)\b)?",
    re.I,
)


def _spelled_amounts(text: str) -> set[str]:
    """Amounts written in words, as digits: "five hundred dollars" is ``$500``, so that it
    is a value of the same form as ``$800``."""
    found: set[str] = set()
    for match in _SPELLED.finditer(text):
        words = re.findall(r"[a-z]+", match.group().lower())
        total = current = 0
        for word in words:
            if word in ONES:
                current += ONES[word]
            elif word in TENS:
                current += TENS[word]
            elif word == "hundred":
                current = max(current, 1) * 100
            elif word in SCALES:
                total += max(current, 1) * SCALES[word]
                current = 0
        number = total + current
        if number <= 1 or (len(words) < 2 and not match.group(1)):
            continue  # "one" alone is rarely an amount
        currency = (match.group(1) or "").lower()
        prefix = {"dollar": "$", "buck": "$", "euro": "€", "pound": "£"}.get(
            currency.rstrip("s"), ""
        )
        found.add(f"{prefix}{number:,}")
    return found


def _unit_of(matches: Sequence[re.Match[str]], position: int) -> str | None:
    """What the number at ``position`` counts: the unit after it ("4096 MB", "30 seconds")
    or "port" before it ("port 8080")."""
    if not re.fullmatch(r"[\d,.]+", matches[position].group().rstrip(".,;:!?")):
        return None
    if position + 1 < len(matches):
        after = matches[position + 1].group().lower().strip(".,;:!?")
        if after in UNITS or after in EXTRA_UNITS:
            return after.rstrip("s")
    if position > 0 and matches[position - 1].group().lower() in {"port", "ports"}:
        return "port"
    return None


_COMPOUND = re.compile(r"[a-z]+(?:-[a-z']+)+")


def _noun_like(surface: str) -> bool:
    return surface not in VERB_FORMS and not surface.endswith("ed")


def _after_a_stop(body: str, at: int) -> bool:
    """Whether the token at ``at`` opens a sentence or a clause (after ``.``, ``:`` ...)."""
    index = at - 1
    while index >= 0 and body[index].isspace():
        index -= 1
    return index < 0 or body[index] in ".!?:;\n-"


def _subject_word(token: str, lowered: str, *, sentence_start: bool) -> str | None:
    """The subject word ``token`` stands for, ``""`` for a word that carries none (a
    stopword, a framing word), ``None`` for a value."""
    if _is_value_token(token, sentence_start=sentence_start):
        return None
    if lowered in SYNONYMS:
        return SYNONYMS[lowered]
    if lowered in NOT_SUBJECT:
        return ""
    found = [_fold(w) for w in content_words(lowered.removesuffix("'s")) if w not in NOT_SUBJECT]
    return SYNONYMS.get(found[0], found[0]) if found else ""


# A statement that only muses about a value ("Bea thinks the budget could go to $3,100 next
# year, but nothing is decided") replaces nothing.
_HEDGED = re.compile(
    r"\b(?:thinks?|might|maybe|perhaps|considering|consider|proposed|proposes|"
    r"suggested|suggests|wonder(?:s|ing)?|asked (?:whether|if)|not (?:yet )?decided|"
    r"nothing is decided|undecided|tentative(?:ly)?|hypothetical(?:ly)?|still being|"
    r"if we|what if|rumou?r|allegedly|ignore the|disregard the)\b",
    re.I,
)
# Reported speech ("the dashboard says ...", "according to the wiki") hedges too, unless the
# statement says it is an update ("HR says conference travel can be up to $2,150 now").
_REPORTED = re.compile(r"\b(?:says|said|claims?|claimed|according to|reportedly)\b", re.I)


@functools.lru_cache(maxsize=16_384)
def _hedged(text: str) -> bool:
    if _HEDGED.search(text):
        return True
    return _REPORTED.search(text) is not None and _UPDATE_CUE.search(text) is None


_NEGATED = re.compile(r"\b(?:no longer|not anymore|don't|do not|never|must not|mustn't)\b", re.I)
_AFFIRMS = re.compile(r"\b(?:always|must|make sure|be sure to|every time)\b", re.I)
_PERMITS = re.compile(
    r"\b(?:you may|you can|we can|feel free to|(?:it's|it is) (?:fine|ok|okay) to|allowed to|"
    r"go ahead and|no need to avoid)\b",
    re.I,
)


def _fold(word: str) -> str:
    """Fold "formatting" and "formatted" to "format" (plurals are folded already), so that a
    subject survives a rewording."""
    for ending in ("ing", "ed"):
        if word.endswith(ending) and len(word) > len(ending) + 3:
            stem = word[: -len(ending)]
            if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "ls":
                stem = stem[:-1]  # formatt-ing
            return stem
    return word


def _shape(value: str) -> str:
    if re.search(r"[$€£¥]", value) or value in UNITS or _NUMBER_WORD.fullmatch(value):
        return "amount"
    if re.fullmatch(r"\d{1,2}(?::\d{2})?(?:am|pm)?|am|pm", value) or value in CALENDAR:
        return "time"
    if re.fullmatch(r"[\d,.]+%?", value):
        return "number"
    return "name"


def subject_key(text: str) -> str:
    """A stable key naming what ``text`` is about (its topic words, sorted)."""
    found = subject(text)
    return found.key or text.strip().lower()


@dataclass(frozen=True, slots=True)
class Link:
    """What a new statement does to earlier ones."""

    replaces: tuple[int, ...] = ()
    """Positions (in the list given) of statements it supersedes."""
    doubts: tuple[int, ...] = ()
    """Positions of statements it may supersede: kept, marked as possibly superseded."""


def _scoped_apart(earlier: Subject, later: Subject) -> bool:
    """Whether each subject has a word the other lacks: different scopes ("production" and
    "staging"), or two wordings of one subject ("reads from the bucket", "pulls its input
    from")."""
    return bool(earlier.words - later.words) and bool(later.words - earlier.words)


def _names_a_scope(subject: Subject, other: Subject) -> bool:
    """Whether ``subject`` has a word ``other`` lacks written right before a word they share
    ("our *disaster-recovery* region" against "we deploy to")."""
    shared = subject.words & other.words
    own = subject.words - other.words
    return any(first in own and second in shared for first, second in subject.pairs)


def _other_scopes(earlier: Subject, later: Subject) -> bool:
    """Whether the two name different scopes of what they share: each has a word of its own
    written right before a shared one ("the *production* database", "the *staging*
    database"; "the report *exporter* admin endpoint", "the ingest *worker* admin
    endpoint")."""
    return _names_a_scope(earlier, later) and _names_a_scope(later, earlier)


def _overlap(earlier: Subject, later: Subject) -> float:
    if not earlier.words or not later.words:
        return 0.0
    return len(earlier.words & later.words) / len(earlier.words | later.words)


_VALUE_SHAPE = re.compile(r"[a-z0-9]+")


def _common_prefix(first: str, second: str) -> int:
    """How many leading characters two values share."""
    count = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        count += 1
    return count


def _value_shape(value: str) -> str:
    """A value's form without its particulars: ``db-stg-9ms`` and ``db-prod-4ar`` are
    ``#-#-#``, ``$2,000`` is ``$#,#``, ``96%`` is ``#%``."""
    return _VALUE_SHAPE.sub("#", value)


def _affinity(earlier: Subject, later: Subject) -> float:
    """How much ``later``'s values look like new values of ``earlier``'s (0 to 1): the same
    form (a port for a port, an amount for an amount), and how much of the written value
    they share (``db-prod-4ar`` for ``db-prod-4rv``: most of it)."""
    if (earlier.units or later.units) and not earlier.units & later.units:
        return 0.0  # numbers that count different things
    if earlier.kinds and earlier.kinds != later.kinds:
        return 0.0  # a database host is not a region (db-prod-4z7, ca-central-3)
    best = 0.0
    for old in earlier.values - later.values:
        old_shape = _value_shape(old)
        for new in later.values - earlier.values:
            if _value_shape(new) != old_shape or _shape(new) != _shape(old):
                continue
            shared = _common_prefix(old, new)
            if old_shape == "#" or _shape(old) == "amount":
                shared = 0  # a plain word or number shares letters by chance
            best = max(best, 0.4 + 0.6 * shared / min(len(old), len(new)))
    return best


_SAME_SLOT = 0.75
"""Affinity at which two values are taken for the same slot even without an update cue
(``db-prod-4ar`` after ``db-prod-4rv``)."""
_MIN_SCORE = 0.45
_GOAL_MATCH = 0.2
_NAMED_OLD_VALUE = 3.0
"""Above any score of words and values: an update that names the old value is about it."""
_SHARED_ENOUGH = 0.25
"""Share of subject words an update must have in common with a statement whose subject has
words it lacks (and that lacks some of its own) to replace it."""
_MARGIN = 0.15


def link(later_text: str, earlier_texts: Sequence[str]) -> Link:
    """Which of ``earlier_texts`` (active statements, oldest first) ``later_text`` replaces.

    Conservative: a statement replaces another only when it states a different value (or
    lifts or imposes a prohibition) for the same subject (see the module docstring); a
    question, or a statement with no value, replaces nothing. Among several candidates the
    best match by subject words and value form wins when it is clearly the best. When two are
    about as good, or the only evidence is a value of the same form without an update cue
    ("Sanne keeps a personal staging copy on db-stg-2dv"), nothing is dropped: the
    candidates are kept and marked as possibly superseded.
    """
    later = subject(later_text)
    if is_question(later_text) or _hedged(later_text):
        return Link()
    if not later.words and later.update and later.values:
        # "Actually, make it $600": no subject of its own, so about the statement that has
        # a value of the same kind, when only one has; in doubt among the latest few.
        same = [
            position
            for position in range(len(earlier_texts) - 1, -1, -1)
            if subject(earlier_texts[position]).shapes & later.shapes
        ]
        if len(same) == 1:
            return Link(replaces=(same[0],))
        return Link(doubts=tuple(sorted(same[:3])))
    scored: list[tuple[float, bool, int]] = []
    later_goal = kind_of(later_text) == "goal"
    for position, text in enumerate(earlier_texts):
        if is_question(text) or _hedged(text):
            continue  # a question or a musing states no value a later one could replace
        earlier = subject(text)
        score, sure = _candidate(earlier, later)
        if score <= 0 and later_goal and later.update and kind_of(text) == "goal":
            # A new end state in other words ("End state is meridian-v2 now" after "We're
            # finished when nothing runs outside tundra-v4"): a goal replaces the goal
            # whose value has the same form.
            affinity = _affinity(earlier, later)
            score, sure = (_GOAL_MATCH + affinity, True) if affinity else (0.0, False)
        if score > 0:
            scored.append((score, sure, position))
    if not scored:
        return Link()
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    best, sure, position = scored[0]
    top = subject(earlier_texts[position])
    close = [
        p
        for score, _, p in scored[1:]
        if score > best - _MARGIN and not _clearly_closer(top, subject(earlier_texts[p]), later)
    ]
    if close or not sure:
        return Link(doubts=(position, *close))
    return Link(replaces=(position,))


def _clearly_closer(best: Subject, other: Subject, later: Subject) -> bool:
    """Whether ``best`` is plainly the one ``later`` is about, though the scores are close:
    it shares more subject words with it, or its values are clearly more alike."""
    shared_best = len(best.words & later.words)
    shared_other = len(other.words & later.words)
    if shared_best != shared_other:
        return shared_best > shared_other
    return _affinity(best, later) >= _affinity(other, later) + _MARGIN


def _candidate(earlier: Subject, later: Subject) -> tuple[float, bool]:
    """How good a match ``earlier`` is for being replaced by ``later`` (0: it is not), and
    whether the match is sure enough to drop ``earlier``."""
    said = later.values | later.words
    if later.explicit and earlier.values & said and said - earlier.values - earlier.words:
        # "... is /srv/b/ instead of /srv/a/": it names the value it replaces.
        return _NAMED_OLD_VALUE, True
    # Lifting a prohibition ("You may add packages" after "Never add dependencies")
    # revises it as an update cue would.
    flipped = (earlier.negated and later.permits) or (earlier.permits and later.negated)
    affinity = _affinity(earlier, later)
    overlap = _overlap(earlier, later)
    if not overlap and affinity < _SAME_SLOT:
        return 0.0, False
    # An update may name its new value as a plain word ("switch to ruff instead of black"
    # after "Use black for formatting").
    named = later.update and bool(later.words - earlier.words)
    new_value = bool(later.values - earlier.values) or named or flipped
    # "Never use type hints" after "Always use type hints": the same subject, the opposite
    # rule.
    contradicts = (
        bool(earlier.words)
        and earlier.words == later.words
        and ((earlier.negated and later.affirms) or (earlier.affirms and later.negated))
    )
    polarity = (later.negated != earlier.negated and later.update) or contradicts
    same_values = later.values == earlier.values and bool(later.values)
    if not (new_value or polarity or same_values):
        return 0.0, False
    if same_values and earlier.words != later.words:
        return 0.0, False  # the same value on a wider or narrower subject is another one
    if earlier.prohibits and later.prohibits and not (later.explicit or later.temporal):
        # Two prohibitions add up ("Do not touch /srv/a/", then "Do not touch /srv/b/"): a
        # safety rule is replaced only by a statement that says it replaces one.
        return 0.0, False
    score = overlap + affinity
    if not (later.update or flipped):
        # Without a cue a restatement of the same subject, or a more general one ("Keep the
        # budget under $500" after "Spend at most $800 in total"), replaces; a narrower one
        # is a new statement ("The staging host is ..."). A value of the same form alone
        # ("production runs on db-prod-4ar" after "the live database runs on db-prod-4rv")
        # is only a doubt.
        comparable = affinity > 0 or not (earlier.values and later.values)
        if not later.words - earlier.words and overlap and comparable:
            return score, True
        if affinity >= _SAME_SLOT and overlap and not _names_a_scope(later, earlier):
            return score, False
        return 0.0, False
    # An update about another scope ("the conference cap is $2,500 now" is not about the
    # project's) replaces nothing, unless its value is clearly the same slot's. Other
    # differences are wording ("reads from the bucket", "pulls its input from"): enough
    # shared words make it the same subject.
    if _other_scopes(earlier, later):
        return 0.0, False  # values of one form differ by scope too (the draft's date)
    if _scoped_apart(earlier, later) and affinity < _SAME_SLOT and overlap < _SHARED_ENOUGH:
        return 0.0, False
    if _scoped_apart(earlier, later) and earlier.values and later.values and not affinity:
        # Different words and values of different forms (a branch, an alert channel): two
        # facts about one component, not a new value of one.
        return 0.0, False
    if score < _MIN_SCORE:
        return 0.0, False
    # A narrower update naming a scope the earlier statement lacks ("the snapshot region is
    # ... from this week" after "everything deploys to ...") may be a new sibling: a doubt.
    return score, later.explicit or not _names_a_scope(later, earlier)
