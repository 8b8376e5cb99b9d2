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
one when it states a different value for the same slot:

- never across scopes: when each names a scope of its own right before a word they share ("the
  *production* database", "the *staging* database"), or each names a different copy of a
  thing and they name none in common ("the *API* port", "the *admin* console"; the
  *conference* cap, the *project*'s: :data:`~packlight.compressor.vocabulary.SCOPE_WORDS`);
  a statement that names a copy other than the main one (the *backup* region) is not revised
  by one that names none;
- by the kind of value, whatever the words (:mod:`packlight.compressor.values`): an update
  that says it revises something ("now", "moved to", "after the failover") and states a
  region, an e-mail address, a file, a count of one unit, a currency, a weekday ... revises
  the one earlier statement holding a value of that kind ("We moved production to
  ca-central-3" after "We deploy to ca-southeast-5"); among several, the one sharing the most
  subject words. Said without a cue, a new value of the kind replaces only a statement whose
  subject words it repeats in full ("Batch size: 250" after "Keep the batch size at 500"; a
  "fallback model" after a "primary model" is a second slot);
- when the subjects are the same once values are removed, or the later one is more general
  ("Keep the budget under $500" after "Spend at most $800 in total");
- a narrower later statement only with an update cue, and only as a doubt when it names a
  scope the earlier lacks;
- a value of the same form that shares most of its text (``db-prod-4ar`` after
  ``db-prod-4rv``) is evidence of the same slot; an update that names the old value ("...
  instead of /srv/a/") is about the statement that holds it;
- two prohibitions add up: a safety rule is replaced only by a statement that says from when
  it holds or what it replaces;
- questions, musings, reported claims, past events, stale documents and other people's
  wishes replace nothing and are replaced by nothing (:func:`~packlight.compressor.cues.hedged`),
  and a statement that names no value replaces nothing ("the retry budget is still being
  tuned");
- when two earlier statements are about equally good matches, or the only evidence is a value
  of the same form, neither is dropped: both are kept, marked as possibly superseded.

Pure functions of strings; nothing here looks at messages.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from packlight.compressor.constraints import SENTENCE_END, StatementKind, content_words
from packlight.compressor.cues import (
    ADDITIVE,
    AFFIRMS,
    CAPPED_QUANTITY,
    EXPLICIT,
    NEGATED,
    PERMITS,
    PROHIBITS,
    TEMPORAL,
    UPDATE_CUE,
    hedged,
)
from packlight.compressor.revisions import Shape, scopes_apart, shape_of, stem, structural_link
from packlight.compressor.slots import slot_link
from packlight.compressor.values import (
    CURRENCY_SIGN,
    DATE_FORMAT,
    NAMED_CHOICES,
    NUMBER_WORD,
    common_prefix,
    counted_units,
    is_number_word,
    number_words,
    same_topic_form,
    shape,
    shapes,
    singular,
    slot_forms,
    spelled_amounts,
    value_shape,
    value_topic,
)
from packlight.compressor.vocabulary import (
    BARE_DEGREE_UNITS,
    BOILERPLATE,
    CALENDAR,
    CHOICE_OF,
    CURRENCIES,
    DEFAULT_SCOPES,
    EXTRA_UNITS,
    MEASURES,
    NOT_SUBJECT,
    ONES,
    SCOPE_WORDS,
    SIGN_OF_CURRENCY,
    SYNONYMS,
    THINGS,
    UNIT_NAMES,
    UNITS,
    VERB_FORMS,
    WEEKDAYS,
    word_set,
)
from packlight.lazy_patterns import lazy_compile

_QUESTION = lazy_compile(r"\?\s*[\"')\]]*$")
# "Can you reply in Italian now?" asks for something: a request, not a question.
_REQUEST = lazy_compile(
    r"^(?:(?:ok|okay|so|and|also|now),?\s+)*(?:can|could|would|will) you\b|^please\b", re.I
)
_RULE = lazy_compile(
    r"\b(?:never|must not|mustn't|do not|don't|dont|not allowed|forbidden|prohibited|"
    r"under no circumstances|no matter what|at no time|always|must|may not|cannot|can't|"
    r"shall not|refuse)\b|^(?:no|zero|without)\s",
    re.IGNORECASE,
)
_RULE_LABEL = lazy_compile(
    r"^(?:[\w'-]+\s+){0,4}?(?:rules?|policy)(?:\s+(?:number\s+)?(?:one|1|#1))?"
    r"(?:\s+(?:for|from|of|on|in)\s+[^:.!?]{1,50}?)?\s*:\s*\S",
    re.IGNORECASE,
)
"""A statement labelled a rule ("Hard rule for the trial: no participant gets more than 250
mg a day.", "Ground rule: ...", "House policy: ..."): the person says what kind it is."""
_OTHER_ONE_APART = lazy_compile(
    r"\s*[;,\u2014\u2013]\s*(?:but\s+|and\s+)?(?:the|that|our|my|their)\s+[\w' -]{1,40}?\s+"
    r"(?:is|are|'s|stays?|remains?)\s+(?:someone|somebody|something|somewhere)\s+else"
    r"|\s*[;,\u2014\u2013]\s*(?:but\s+|and\s+)?(?:the|that|our|my|their)\s+[\w' -]{1,40}?\s+"
    r"(?:is|are|'s)\s+(?:earlier|later|separate|different|unchanged|another (?:thing|matter|story)"
    r"|not (?:changing|affected))\b"
    # "The catering line is £40,600, and it's separate from AV."
    r"|\s*[;,\u2014\u2013]\s*(?:but\s+|and\s+)?(?:it|this|that)(?:'s|\s+is)\s+"
    r"(?:separate|different|apart) from\s+[\w' -]{1,40}",
    re.IGNORECASE,
)
"""A last clause that names another one of the kind only to set it apart ("; the first watch
is someone else", "; the ceremony is earlier"): not what the statement is about."""
_PURPOSE = lazy_compile(
    r"\b(?:so(?: that)?|in case) (?:i|we|you|they|it|nobody|no one) (?:don't|do not|won't|"
    r"can't|cannot|never) [^,.;]*",
    re.IGNORECASE,
)
_CONSTRAINT = lazy_compile(
    r"\b(?:at most|at least|no more than|no less than|not more than|not exceed|exceed|under|"
    r"below|above|within|maximum|minimum|max|min|limit|limited|cap|capped|ceiling|budget|"
    r"deadline|due|by (?:the )?(?:end of|monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday|tomorrow|tonight)|until|no later than|before)\b",
    re.IGNORECASE,
)
_GOAL = lazy_compile(
    r"\b(?:goal|aim|objective|target|done when|finished when|complete when|success|"
    r"i want to|we want to|i need to|we need to|i need you to|i'd like you to|help me|"
    r"trying to|planning|plan is|the point is|end state|deliverable)\b",
    re.IGNORECASE,
)
_GOAL_LABEL = lazy_compile(
    r"^(?:(?:our|my|the|main|final|overall)\s+)?(?:goal|aim|objective|end state|target)"
    r"(?:\s+is|\s*:)",
    re.IGNORECASE,
)
_PREFERENCE = lazy_compile(
    r"\b(?:prefer|prefers|preferred|preference|rather|like|likes|love|favou?rite|please use|"
    r"i'd like|would like|wants?|enjoy|instead)\b|^(?:(?:please|also|and)\s+)?(?:use|report|"
    r"reply|respond|answer|write|format|show|give|keep|call|name|sign|address|list|sort|"
    r"round|express|quote|send|put|add|include|mention|summari[sz]e|explain)\b",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=16_384)
def is_question(text: str) -> bool:
    """Whether a statement asks rather than states or requests: it ends with a question, or
    opens with one that the rest explains ("is the kiln's limit 590 °C? asking because Lars
    wasn't sure, not because I want it changed")."""
    asks = _QUESTION.search(text) is not None or _opens_with_question(text)
    return asks and _REQUEST.search(text) is None


_FIRST_SENTENCE = lazy_compile(r"[^.!?]*[.!]\s+")
_OPENING_QUESTION = lazy_compile(r"[^.!?]*\?\s")


def _opens_with_question(text: str) -> bool:
    """Whether ``text`` opens with a question, after a sentence of thanks if any ("Thanks,
    that's helpful. is the kiln's limit 590 °C? asking because ...")."""
    thanks = _FIRST_SENTENCE.match(text)
    if thanks and set(re.findall(r"[a-z']+", thanks.group().lower())) <= BOILERPLATE:
        text = text[thanks.end() :]
    return _OPENING_QUESTION.match(text) is not None


@functools.lru_cache(maxsize=16_384)
def kind_of(text: str) -> StatementKind:
    """What a statement is, for ordering and grouping (never for keeping it)."""
    # A request worded as a question ("Can you reply in Italian now?") may still replace
    # an earlier statement (see link), but it is ordered with the questions.
    # "Writing the roster down so I don't lose it": a negation in a purpose clause forbids
    # nothing.
    ruled = _RULE.search(_PURPOSE.sub(" ", text)) is not None or bool(_RULE_LABEL.match(text))
    if (_QUESTION.search(text) and not ruled) or hedged(text):
        # A question, or a musing ("Bea thinks the budget could go to $3,100", "the retry
        # budget is still being tuned"): kept, but the first to go when room is short.
        return "question"
    if ruled:
        return "rule"
    if _GOAL_LABEL.match(text):
        return "goal"  # "Our goal: all workloads on meridian-v8 by the end of the quarter."
    if _CONSTRAINT.search(text) and (re.search(r"\d|[$€£¥]", text) or NUMBER_WORD.search(text)):
        return "constraint"
    if _GOAL.search(text):
        return "goal"
    if _PREFERENCE.search(text):
        return "preference"
    if _CONSTRAINT.search(text):
        return "constraint"
    return "fact"


# Quoted text is a value; an apostrophe inside a word ("I've", "it's") opens no quote.
_QUOTED = lazy_compile(r"`[^`]+`|\"[^\"]+\"|(?<![\w])'[^'\s][^'\n]*?[^'\s]'(?![\w])")
_TOKEN = lazy_compile(
    r"[$€£¥]?\d[\d,]*(?:[.:/-]\d+)*(?:h\d\d\b)?[A-Za-z%]*|[$€£¥@#]?[A-Za-z0-9][\w.$€£¥%/:@+'·-]*"
)
_PRONOUN_I = frozenset({"i", "i'm", "i'd", "i'll", "i've"})
_METRIC = lazy_compile(r"[pP]\d{2}(?:\.\d)?")


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
    set_apart: frozenset[str] = frozenset()
    """The subject words of a last clause that names another one only to say it is not this
    one (:data:`_OTHER_ONE_APART`: "; the first watch is someone else")."""

    @property
    def key(self) -> str:
        return " ".join(sorted(self.words))


# A compound of words rather than an identifier: built with an English particle ("read-only",
# "sign-ups", "on-call", "hands-off", "no-delete", "re-tier") or an apostrophe
# ("look-don't-touch"). "in-njritd" and "production-critical" stay values.
_WORD_COMPOUND = lazy_compile(
    r"(?=[A-Za-z'-]+$)(?:.*'.*|(?:no|non|on|off|re|co|pre|post|self|anti|multi|sub|un)-\w+"
    r"|\w+-(?:only|off|on|up|ups|in|out|free|based|like|wide|side|time|level|facing))",
    re.IGNORECASE,
)


_FUNCTION_WORDS = word_set(
    """
    the a an we you they he she it our my your their this that these those there here please
    so and but or if when then also let's lets
    """
)
_MODAL_OR_VERB = frozenset({"may", "march", "sat", "sun", "wed", "mar", "dec", "second"})


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
        # An identifier (ap-south-2, snake_case, host.name); a compound of words
        # ("sign-ups", "read-only") is a word.
        if DATE_FORMAT.fullmatch(bare) or all(is_number_word(part) for part in bare.split("-")):
            return True  # YYYY-MM-DD, thirty-three
        return _WORD_COMPOUND.fullmatch(bare) is None
    lowered = bare.lower()
    if lowered in _MODAL_OR_VERB and bare.islower():
        return False  # "we may deploy", "march on": not May, not March
    if is_number_word(bare) or lowered in CALENDAR or lowered in CHOICE_OF:
        return True
    if lowered in UNITS:
        return True
    # A capitalised word inside a sentence names something (Falcon, Osprey, Berlin); a word
    # in capitals is an acronym naming a subject (API, DR), unless it is a choice (UTC).
    if (bare.isupper() and len(bare) > 1) or re.fullmatch(r"[A-Z]{2,}s", bare):
        return False  # API, DR, GPUs
    # "ok cool The latest ...", "thanks We may now ...": a sentence start without its stop.
    if lowered in _FUNCTION_WORDS:
        return False
    return bare[0].isupper() and not sentence_start and bare.lower() not in SYNONYMS


_POINTING_AT_ONE = word_set(
    """
    this that the which each every any no other another last next same latest earlier
    previous current first second right wrong new old former latter
    """
)
"""Words after which "one" stands for a thing ("this one", "the other one"), not a count."""


def _one_as_a_pronoun(lowered: str, matches: Sequence[re.Match[str]], position: int) -> bool:
    """Whether the token is "one" (or "ones") standing for a thing named before ("let's get
    back to this one"): no value, so a message about it revises no amount."""
    if lowered not in ("one", "ones") or not position:
        return False
    return matches[position - 1].group().lower().strip(".,;:!?") in _POINTING_AT_ONE


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
    if " " in body:
        body = _SPACED_FLIGHT.sub(lambda found: found.group(1) + found.group(2) + " ", body)
    if "past" in body or "clock" in body or "quarter" in body:
        body = _SPOKEN_CLOCK.sub(_digital_clock, body)
    if "cent" in body:
        # "88 per cent" is "88%", as "42%" written with the sign (padded: positions hold).
        body = _PER_CENT.sub(lambda found: (found.group(1) + "%").ljust(len(found.group())), body)
    # "If more than $100 of it is wasted, use my gift card instead": the amount is the
    # condition's, not a new value of a cap. Blanked, not cut, so that positions hold.
    body = _LEADING_CONDITION.sub(lambda found: " " * len(found.group()), body)
    body = _ATTRIBUTION.sub(_without_attribution, body)
    topic_end = len(_QUOTED.sub(" ", first))
    disclaimer = _OTHER_ONE_APART.search(body, 0, topic_end)
    set_apart: frozenset[str] = frozenset()
    if disclaimer is not None:
        # "For the middle watch we've got Fintan; the first watch is someone else": the
        # clause names another one only to say it is not this one.
        clause = body[disclaimer.start() : topic_end].lstrip(" ;,\u2014\u2013")
        set_apart = subject(clause).words - _APART_FILLER
        topic_end = disclaimer.start()
    words: set[str] = set()
    # (word, the word right after it): "production database", "report exporter admin".
    pairs: set[tuple[str, str]] = set()
    units: set[str] = set()
    kinds: set[str] = set()
    previous: str | None = None
    lowered_body = body.lower()
    # "the cold aisle", "the middle watch": a seat only where the text speaks of seats.
    unnamed_choices = frozenset(topic for topic in NAMED_CHOICES if topic not in lowered_body)
    matches = list(_TOKEN.finditer(body))
    titles = [_title_before_name(matches, position) for position in range(len(matches))]
    starts = [
        _after_a_stop(body, m.start())
        and not _labelled_value(body, m)
        and not (position and titles[position - 1])  # "Dr. Achterberg": a name, not a start
        for position, m in enumerate(matches)
    ]
    measure_words: set[int] = set()
    """Positions of the words of a unit of measure after a number: neither subject nor value."""
    counted: set[int] = set()
    """Positions of the nouns a number counts that read as verbs elsewhere ("26 *shows*")."""
    for position, match in enumerate(matches):
        if position in measure_words:
            previous = None
            continue
        if titles[position]:
            # "Dr" of "Dr Pellegrini" is no disaster-recovery site, but it says who the
            # person is to the user: "go to Dr Pellegrini" is about the doctor seen before.
            role = _TITLES[match.group().rstrip(".").lower()]
            if role and match.start() < topic_end:
                words.add(role)
            previous = None
            continue
        token = match.group()
        sentence_start = starts[position]
        lowered = token.lower().strip(".,;:!?")
        if lowered in MEASURES and _per_unit(body, matches, position):
            # "4:25/km", "6:40 a km", "3:45 per km": the unit of a rate, no subject.
            previous = None
            continue
        if lowered in _QUALIFIERS and _qualifies_next(body, matches, position):
            # "the *morning* dose", "the *first* watch": which one, as "production" in "the
            # production database" is, not a value of the slot.
            # A meal names its time of day: "the *dinner* dose" is the evening dose.
            folded = _MEAL_TIMES.get(lowered, lowered)
            if match.start() < topic_end:
                words.add(folded)
            previous = folded
            continue
        if position in counted:
            # "26 shows", "three runs": what the number counts is the subject, whatever
            # else the word may be ("show me", "runs on").
            word: str | None = singular(lowered)
        elif CHOICE_OF.get(lowered) in unnamed_choices:
            word = _fold(lowered)
        else:
            word = _subject_word(token, lowered, sentence_start=sentence_start)
        if (
            word is None
            and _COMPOUND.fullmatch(lowered)
            and not number_words(lowered)
            and position + 1 < len(matches)
        ):
            # A hyphenated word right before a subject word names which one ("the
            # read-only API key", "the on-call owner"): a scope, not a value.
            after = matches[position + 1]
            following = after.group().lower().strip(".,;:!?")
            if _subject_word(after.group(), following, sentence_start=False):
                word = lowered
        if word is None or match.start() >= topic_end:
            if word is None and _one_as_a_pronoun(lowered, matches, position):
                previous = None
                continue
            if word is None and _is_value_token(token, sentence_start=sentence_start):
                attached = _ATTACHED_MEASURE.fullmatch(lowered)
                attached_unit = _attached_unit(attached.group("unit")) if attached else None
                if attached and attached_unit:
                    # "24,200kg", "185lx", "400ms": the number is the value, the rest its
                    # unit.
                    values.add(attached.group("number"))
                    units.add(attached_unit)
                    previous = None
                    continue
                if _names_a_currency(lowered, matches, position):
                    previous = None
                    continue  # "Swedish kronor": the currency's name, not a language
                sign = CURRENCY_SIGN.search(lowered)
                trailing = None if sign else _SIGN_AFTER.match(body, match.end())
                if trailing:
                    # "24.000 €": the sign written after the amount, as many Europeans do
                    # (the amount alone, "24.000", would read as a version).
                    values.add(trailing.group(1) + lowered)
                    units.add(UNIT_NAMES[trailing.group(1)])
                else:
                    values.add(lowered)
                if sign:
                    units.add(UNIT_NAMES[sign.group()])  # "$38" counts what "31 dollars" does
                money = _money_in_words(matches, position)
                if money:
                    values.add(money)  # "USD 30,750", "17,500 dollars": money, like "$800"
                hint = value_topic(token)
                if hint:
                    kinds.add(hint)
                    if match.start() < topic_end:
                        words.add(hint)
                measure = _measure_after(body, matches, position)
                unit: str | None = None
                if measure is not None:
                    unit, spelled_in = measure
                    measure_words.update(range(position + 1, position + 1 + spelled_in))
                else:
                    unit = _unit_of(matches, position)
                if unit:
                    units.add(unit)
                    following = (
                        matches[position + 1].group().lower().strip(".,;:!?")
                        if position + 1 < len(matches)
                        else ""
                    )
                    if singular(following) == unit and (
                        following in NOT_SUBJECT or following in VERB_FORMS
                    ):
                        counted.add(position + 1)
                if (
                    lowered in CHOICE_OF
                    and match.start() < topic_end
                    and not (CHOICE_OF[lowered] == "currency" and lowered in UNITS)
                ):
                    words.add(CHOICE_OF[lowered])  # not "dollars" of an amount
            previous = None
            continue
        if word:
            words.add(word)
            # Only words in one phrase: "the failover, production ..." pairs nothing.
            gap = body[matches[position - 1].end() : match.start()] if position else ""
            if previous is not None and gap == " " and _noun_like(lowered):
                pairs.add((previous, word))
        previous = word or None
    spelled = spelled_amounts(body)
    if spelled:
        # "ten thousand seven hundred fifty dollars" is one value, $10,750, not six.
        values = {value for value in values if not number_words(value)} | spelled
    if _NAMING.search(first):
        words.add("name")  # "the project goes by Skua", "known as Osprey"
    chosen = _CHOSEN_FOR.search(first)
    if chosen and not re.search(r"\d", chosen.group("value")):
        # "Use black for formatting": what is used is the value, what it is for the subject.
        picked = {_fold(w) for w in content_words(chosen.group("value")) if w not in SYNONYMS}
        values.update(picked)
        words -= picked
    values.update(_clock_times(body))
    if _ROLE.search(text):
        kinds.add("role")
    zone = _CITY_TIME.search(text)
    if zone:
        values.add(zone.group(1).lower())  # "convert times to Oslo time"
        kinds.add("timezone")
    if _FALLS_BACK.search(first):
        words.add("backup")  # "if the primary is down, fall back to brume-8b-6vq"
    if any(_FLIGHT_NUMBER.fullmatch(value) for value in values) and (
        _LEG_BACK.search(first) or _LEG_OUT.search(first) or _AIR_TRAVEL.search(first)
    ):
        # "The way back is IB 4052 now", "rebooked us on the way out: OS1535": a flight
        # number said of a trip names the flight, whatever words carry it.
        words.add("flight")
    if ("flight" in words or words & _LEGS) and _LEG_BACK.search(first):
        # "We fly back on ET6459": the return leg, as "the outbound flight" is the other.
        words.add("return")
        pairs.update(("return", leg) for leg in words & (_LEGS | {"flight"}))
    elif "flight" in words and _LEG_OUT.search(first):
        # "Flying out on EI3691", "the departing leg": the other leg, said as such.
        words.add("outbound")
        pairs.add(("outbound", "flight"))
    return Subject(
        words=frozenset(words),
        values=frozenset(values),
        update=UPDATE_CUE.search(CAPPED_QUANTITY.sub(" ", text)) is not None,
        negated=NEGATED.search(text) is not None,
        permits=PERMITS.search(text) is not None,
        affirms=AFFIRMS.search(text) is not None,
        shapes=frozenset(found for value in values for found in shapes(value)),
        pairs=frozenset(pairs),
        units=frozenset(units),
        kinds=frozenset(kinds),
        explicit=EXPLICIT.search(text) is not None,
        prohibits=PROHIBITS.search(text) is not None,
        temporal=TEMPORAL.search(text) is not None,
        set_apart=set_apart,
    )


_LEGS = frozenset({"trip", "journey", "leg", "train", "ferry", "ride"})
_FALLS_BACK = lazy_compile(r"\bfall(?:s|ing)? back (?:to|on(?:to)?)\b", re.IGNORECASE)
"""What to use when the main one fails, said as a verb: the backup ("fallback") one."""
_FLIGHT_NUMBER = re.compile(r"(?=[a-z0-9]{2}\d)(?:[a-z]{2}|[a-z]\d|\d[a-z])\d{1,4}")
"""A flight number as values hold it ("vs9545", "tp7440" from "TP 7440", "u21234")."""
_SPACED_FLIGHT = re.compile(r"\b(?!Q[1-4] )([A-Z]{2}|[A-Z]\d|\d[A-Z]) (\d{1,4})\b")
"""A flight number written with a space ("TP 7440", "LH 7946"): one value, not a word and a
number ("Q3 2024" is a quarter)."""
_LEG_OUT = lazy_compile(
    r"\b(?:way|flight|trip|journey|leg|fl(?:y|ies|ying|ew|own))\s+(?:out|there)\b"
    r"|\b(?:outbound|departing|outward)\b",
    re.IGNORECASE,
)
_AIR_TRAVEL = lazy_compile(
    r"\b(?:airlines?|fl(?:y|ies|ying|ew|own)|flights?|boarding|rebook\w*|departing|departure)\b",
    re.IGNORECASE,
)
_LEG_BACK = lazy_compile(
    r"\b(?:fl(?:y|ies|ying|ew|own)|travel\w*|driv(?:e|es|ing)|drove|sail\w*|head(?:s|ed|ing)?|"
    r"(?:way|journey|trip|leg|ride|flight|train|ferry)s?)\s+(?:back|home)\b"
    r"|\bhome(?:ward|bound)\b|\breturn(?:ing)?\s+(?:flight|leg|trip|journey)\b",
    re.IGNORECASE,
)
"""A leg of a trip said as the way back ("fly back on", "the train home", "our homeward
flight", "the return leg")."""


_CLOCK = lazy_compile(
    # Not a file's name either ("keys-75pm.env"): no word or file extension after it.
    r"\b(?P<hour>\d{1,2})(?:[:.](?P<minute>\d{2}))?\s*(?P<half>[ap]\.?m\.?)(?!\w|\.\w)"
    # Not a pace or a rate ("6:25 min/km", "5:15/km"): minutes and seconds per distance.
    r"|\b(?P<hour24>[01]?\d|2[0-3]):(?P<minute24>[0-5]\d)\b"
    r"(?!\s*(?:min(?:utes?)?\s*)?(?:/|per\b|an? (?:km|kilometre|kilometer|mile)\b))",
    re.IGNORECASE,
)


def _clock_times(text: str) -> set[str]:
    """Times of day, written as ``14:00`` whatever the spelling ("2 pm", "14:00"), so that
    two times are values of one form."""
    found: set[str] = set()
    for match in _CLOCK.finditer(text):
        if match.group("half"):
            if not 1 <= int(match.group("hour")) <= 12:
                continue  # "75pm" is no time of day
            hour = int(match.group("hour")) % 12
            hour += 12 if match.group("half").lower().startswith("p") else 0
            minute = match.group("minute") or "00"
        else:
            hour, minute = int(match.group("hour24")), match.group("minute24")
        if hour < 24:
            found.add(f"{hour:02d}:{minute}")
    return found


_LEADING_CONDITION = lazy_compile(
    r"(?:^|(?<=[.!?]\s))\s*(?:if|whenever|unless|in case)\b[^,;.!?]*,", re.IGNORECASE
)
"""A condition a sentence opens with, up to its comma ("If the primary is down, ...")."""
_ATTRIBUTION = lazy_compile(
    r"(?:^|(?<=[.!?:;]\s))\s*(?:"
    # Verbs whose doer is a person or a group: any one to three words before them.
    r"(?:[\w'-]+\s+){1,3}?(?:and (?:I|we)\s+)?"
    r"(?:agreed|decided|voted|convinced (?:me|us)|talked (?:me|us) into|insist(?:s|ed)?|"
    r"(?:told|asked|want(?:s|ed)?|need(?:s|ed)?) (?:me|us) to)"
    # Verbs that take a thing as doer too ("the build wants Node 20"): only after "my" or
    # "our" ("my supervisor wants ...").
    r"|(?:my|our)\s+(?:[\w'-]+\s+){0,2}?(?:wants?|wanted|prefers|would like|likes)"
    r")\b(?:\s*(?:that|on|:))?",
    re.IGNORECASE,
)
"""Who decided, at the start of a sentence ("my partner and I agreed", "the parents voted",
"my supervisor wants"): the person says whose word it is, not which slot the value fills,
and their words are no scope ("partner" does not set the kitchen budget apart)."""
_SPOKEN_CLOCK = lazy_compile(
    r"\b(?:(?P<part>half past|quarter past|quarter to)\s+(?P<hour>\w+)\b"
    r"|(?P<hour2>\w+)\s+o'?clock\b)",
    re.IGNORECASE,
)
"""Times of day in words: "half past eight", "quarter to ten", "nine o'clock"."""
_PER_CENT = lazy_compile(r"\b(\d[\d,.]*)\s*(?:per ?cent|percent)\b", re.IGNORECASE)
"""A percentage written in words after its number."""


def _without_attribution(match: re.Match[str]) -> str:
    # Blanked, not cut, so that positions hold; an initialism names a scope even there
    # ("the EU team decided ...").
    if _INITIALISM.search(match.group()):
        return match.group()
    return " " * len(match.group())


_INITIALISM = lazy_compile(r"\b[A-Z]{2,}\b")


def _digital_clock(match: re.Match[str]) -> str:
    """A time of day in words as ``HH:MM``, padded to the length of the words (so that the
    positions in the text stay where they were); the words unchanged when they are none."""
    word = match.group("hour") or match.group("hour2")
    hour = int(word) if word.isdigit() else ONES.get(word.lower(), 0)
    if not 1 <= hour <= 12:
        return match.group()
    part = (match.group("part") or "").lower()
    minute = {"half past": 30, "quarter past": 15, "quarter to": 45}.get(part, 0)
    if part == "quarter to":
        hour = (hour - 1) % 12 or 12
    return f"{hour:02d}:{minute:02d}".ljust(len(match.group()))


# Who holds a role ("Ngozi Mbeki approves every release", "Pilar took over approvals"):
# a name there is the slot's value.
_ROLE = lazy_compile(
    r"\b(?:owns?|owner|approv(?:es|al|als|er|ers)|sign-?off|contact|assignee|reviewer|"
    r"manager|on[- ]call|escalation contact|escalations? go|in charge|point person|"
    r"responsible for)\b",
    re.I,
)
_CITY_TIME = lazy_compile(r"\b([A-Z][a-z]+(?: [A-Z][a-z]+)?) time\b")
_NAMING = lazy_compile(
    r"\b(?:goes by|go by|going by|known as|called|(?:call|calls|calling) (?:it|this|us|me)|"
    r"(?:address|addressing|refer to) (?:me|us|it)(?: as)?|my name is)\b",
    re.I,
)
_CHOSEN_FOR = lazy_compile(
    r"\b(?:use|using|prefer|choose|pick|go with)\s+(?P<value>[\w.@/+-]+(?:\s+[\w.@/+-]+)?)"
    r"\s+(?:for|as)\s+\w",
    re.IGNORECASE,
)


def _names_a_currency(lowered: str, matches: Sequence[re.Match[str]], position: int) -> bool:
    """Whether ``lowered`` is a country's adjective naming the currency after it ("Swedish
    kronor", "Japanese yen")."""
    if CHOICE_OF.get(lowered) != "language" or position + 1 >= len(matches):
        return False
    after = matches[position + 1].group().lower().rstrip(".,;:!?")
    return CHOICE_OF.get(after) == "currency"


_CODE_BEFORE = frozenset({"usd", "eur", "gbp", "jpy"})


def _money_in_words(matches: Sequence[re.Match[str]], position: int) -> str | None:
    """The number at ``position`` as an amount with its currency's sign when a currency is
    written beside it in words or as a code ("17,500 dollars" is ``$17,500``)."""
    token = matches[position].group().rstrip(".,;:!?")
    if not _AMOUNT.fullmatch(token):
        return None
    if position + 1 < len(matches):
        after = matches[position + 1].group().lower().rstrip(".,;:!?")
        if after in SIGN_OF_CURRENCY:
            return SIGN_OF_CURRENCY[after] + token
    if position:
        before = matches[position - 1].group().lower()
        if before in _CODE_BEFORE:
            return SIGN_OF_CURRENCY[before] + token
    return None


_QUALIFIERS = word_set(
    """
    morning afternoon evening night overnight weekday weekend daytime nighttime midday lunch
    dinner breakfast first second third last middle early late
    """
)
"""Words of time and order that say which of several slots a noun after them names."""


def _qualifies_next(body: str, matches: Sequence[re.Match[str]], position: int) -> bool:
    """Whether the word at ``position`` is written right before a subject word ("morning
    dose"), not before a value or a function word ("Friday at 9", "first, check ...")."""
    if position + 1 >= len(matches):
        return False
    after = matches[position + 1]
    if body[matches[position].end() : after.start()] != " ":
        return False
    following = after.group().lower().strip(".,;:!?")
    return bool(_subject_word(after.group(), following, sentence_start=False))


_DIGITS = lazy_compile(r"\d[\d,.]*")
_AMOUNT = lazy_compile(r"\d[\d,.]*[kKmM]?")
"""An amount's number, in thousands or millions too ("41.5k euros")."""


def _per_unit(body: str, matches: Sequence[re.Match[str]], position: int) -> bool:
    """Whether the token at ``position`` is written as the unit of a rate: after "/", "a",
    "an" or "per"."""
    start = matches[position].start()
    if start and body[start - 1] == "/":
        return True
    return position > 0 and matches[position - 1].group().lower() in {"a", "an", "per"}


def _a_number(token: str) -> bool:
    """Whether ``token`` is a number, in digits or in words ("24,200", "fifty-three")."""
    return _DIGITS.fullmatch(token) is not None or number_words(token.lower())


_SIGN_AFTER = lazy_compile(r" ?([$€£¥])(?!\w)")
_ATTACHED_MEASURE = lazy_compile(r"(?P<number>\d[\d,.]*)(?P<unit>[a-z][a-z/]*)")
_DEGREES = frozenset({"degree", "degrees", "deg"})


def _attached_unit(written: str) -> str | None:
    """The one name of a unit written onto its number ("kg" of "24,200kg", "ms" of "400ms"),
    or ``None``: never a single letter ("5m" may be minutes or metres)."""
    if written in MEASURES:
        return MEASURES[written]
    if len(written) > 1 and written in UNIT_NAMES and written not in CURRENCIES:
        return UNIT_NAMES[written]
    return None


_CODE_UNITS = frozenset({"chf"})
"""Currency codes with no sign of their own, written before an amount ("CHF 360")."""


def _measure_after(
    body: str, matches: Sequence[re.Match[str]], position: int
) -> tuple[str, int] | None:
    """The unit of measure written after the number at ``position`` ("115 lx", "-66 °C",
    "93 degrees Fahrenheit"), under its one name (:data:`MEASURES`), and how many words spell
    it; ``None`` when none follows or the token is no number."""
    token = matches[position].group().rstrip(".,;:!?")
    if position + 1 >= len(matches) or not _a_number(token):
        return None
    after = matches[position + 1]
    word = after.group().lower().rstrip(".,;:!?")
    if after.start() - matches[position].end() > 2:
        return None  # "5, and at least" is no unit: the unit follows its number
    if "°" in body[matches[position].end() : after.start()] and word in BARE_DEGREE_UNITS:
        return BARE_DEGREE_UNITS[word], 1
    if word in MEASURES:
        return MEASURES[word], 1
    if word in _DEGREES:
        if position + 2 < len(matches):
            scale = matches[position + 2].group().lower().rstrip(".,;:!?")
            if scale in MEASURES or scale in BARE_DEGREE_UNITS:
                return MEASURES.get(scale) or BARE_DEGREE_UNITS[scale], 2
        return "degree", 1
    return None


def _unit_of(matches: Sequence[re.Match[str]], position: int) -> str | None:
    """What the number at ``position`` counts: the unit after it ("4096 MB", "30 seconds",
    "three retries") or "port" before it ("port 8080")."""
    token = matches[position].group().rstrip(".,;:!?")
    if not _a_number(token):
        return None
    # "port 8080", "the admin port is 9291", "the API listens on 7030".
    before = [m.group().lower().strip(".,;:!?") for m in matches[max(0, position - 3) : position]]
    if position + 1 < len(matches):
        after = matches[position + 1].group().lower().strip(".,;:!?")
        if after in UNITS or after in EXTRA_UNITS:
            return UNIT_NAMES.get(after, after.rstrip("s"))
        if token == matches[position].group() and _counted_noun(
            matches, position + 1, after_number=True
        ):
            # "7 retries", "5,500 sign-ups", "three retries" (not "port 9234, internal").
            if before and before[-1] in {"port", "ports"}:
                return "port"
            if _RATE_UNIT.fullmatch(after):
                return "request"
            # "ten open bugs", "75 pilot customers": the noun after a modifier.
            if (
                position + 2 < len(matches)
                and matches[position + 1].group() == after
                and _counted_noun(matches, position + 2)
                # "305 contracts reviewed": a participle after the noun is no noun
                and _noun_like(matches[position + 2].group().lower().strip(".,;:!?"))
            ):
                return singular(matches[position + 2].group().lower().strip(".,;:!?"))
            return singular(after)
    if before and before[-1] in {"port", "ports"}:
        return "port"
    if before and before[-1] in _CODE_UNITS:
        return UNIT_NAMES[before[-1]]  # "CHF 360" counts what "285 francs" does
    if before[-2:] in (["listens", "on"], ["listen", "on"], ["listening", "on"]):
        return "port"
    if len(before) >= 2 and before[-1] in {"is", "to", "="} and before[-2] in {"port", "ports"}:
        return "port"
    return None


_RATE_UNIT = lazy_compile(r"req(?:uest)?s?/\w+|rp[ms]|qp[ms]")
_NOT_COUNTED = word_set(
    """
    since until from after before at on in into for per of by with without and or but so to
    than the a an as if when while
    """
)


def _counted_noun(
    matches: Sequence[re.Match[str]], position: int, *, after_number: bool = False
) -> bool:
    """Whether the token at ``position`` is a noun a number before it counts ("7 *retries*",
    "650 *lines*"), not a word that only follows it ("8080 *and*", "$500 *per* head").
    ``after_number``: the token is right after the number, where a plural that is also a
    verb or a framing word is the noun ("26 *shows*", "three *runs*")."""
    bare = matches[position].group().lower().strip(".,;:!?")
    if _RATE_UNIT.fullmatch(bare):
        return True
    if re.fullmatch(r"[a-z][a-z-]{2,}", bare) is None or is_number_word(bare):
        return False
    if bare in CALENDAR or bare in _NOT_COUNTED or not content_words(bare):
        return False
    if bare in NOT_SUBJECT or bare in VERB_FORMS:
        # Only in the number's phrase: "sprint wraps up March 15. thanks!" counts nothing.
        before, found = matches[position - 1], matches[position]
        gap = found.string[before.end() : found.start()]
        return after_number and gap == " " and _PLURAL.fullmatch(bare) is not None
    return True


_PLURAL = lazy_compile(r"[a-z-]{2,}[^isu]s")
"""A word that reads as a plural noun: "shows", "runs" (not "this", "does", "focus")."""


_COMPOUND = lazy_compile(r"[a-z]+(?:-[a-z']+)+")


def _noun_like(surface: str) -> bool:
    return surface not in VERB_FORMS and not surface.endswith("ed")


_TITLES = {
    "dr": "doctor",
    "prof": "professor",
    "capt": "captain",
    "rev": "reverend",
    "mr": "",
    "mrs": "",
    "ms": "",
}
"""Titles before a person's name, and the role each says the person has ("" for none)."""


def _title_before_name(matches: Sequence[re.Match[str]], position: int) -> bool:
    """Whether the token is a title before a person's name ("Dr Pellegrini", "Dr.
    Achterberg"): part of the name's phrase, no word of the subject. "DR" in capitals is the
    disaster-recovery site ("our DR site"), and a title before no capitalised word is a word
    like any other."""
    token = matches[position].group()
    if token.isupper() or token.rstrip(".").lower() not in _TITLES:
        return False
    return position + 1 < len(matches) and matches[position + 1].group()[:1].isupper()


def _after_a_stop(body: str, at: int) -> bool:
    """Whether the token at ``at`` opens a sentence or a clause (after ``.``, ``:`` ...)."""
    index = at - 1
    while index >= 0 and body[index].isspace():
        index -= 1
    return index < 0 or body[index] in ".!?:;\n-"


def _labelled_value(body: str, match: re.Match[str]) -> bool:
    """Whether the token is the whole of what follows a label ("New codename: Nuthatch."):
    a value, even capitalised as a sentence start would be."""
    before = body[: match.start()].rstrip()
    after = body[match.end() :].lstrip()
    return before.endswith(":") and (not after or after[0] in ".!;")


def _subject_word(token: str, lowered: str, *, sentence_start: bool) -> str | None:
    """The subject word ``token`` stands for, ``""`` for a word that carries none (a
    stopword, a framing word), ``None`` for a value."""
    if _is_value_token(token, sentence_start=sentence_start):
        return None
    if lowered in SYNONYMS:
        return SYNONYMS[lowered]
    if lowered in NOT_SUBJECT:
        return ""
    found = [w for w in content_words(token.removesuffix("'s")) if w not in NOT_SUBJECT]
    if not found:
        return ""
    # A synonym before folding: "staging's" is "staging", not "stag".
    return SYNONYMS.get(found[0]) or SYNONYMS.get(_fold(found[0]), _fold(found[0]))


def _fold(word: str) -> str:
    """Fold "formatting" and "formatted" to "format" (plurals are folded already), so that a
    subject survives a rewording. A compound ("customer-facing") stays whole."""
    if "-" in word:
        return word
    if word.endswith("people") and len(word) > len("people"):
        return word[: -len("people")] + "person"  # "spokespeople" is "spokesperson"s
    for ending in ("ing", "ed"):
        if word.endswith(ending) and len(word) > len(ending) + 3:
            stem = word[: -len(ending)]
            if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "ls":
                stem = stem[:-1]  # formatt-ing
            return stem
    return word


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
    own = {word for word in subject.words - other.words if not _spelt_apart(word, other.words)}
    return any(first in own and second in shared for first, second in subject.pairs)


def _spelt_apart(word: str, words: frozenset[str]) -> bool:
    """Whether ``word`` is one of ``words`` spelt another way: a compound whose parts are all
    there ("cold-aisle" for "cold aisle"), or a part of a compound there ("aisle" of
    "cold-aisle")."""
    if "-" in word and all(part in words for part in word.split("-")):
        return True
    return any("-" in other and word in other.split("-") for other in words)


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


def _affinity(earlier: Subject, later: Subject) -> float:
    """How much ``later``'s values look like new values of ``earlier``'s (0 to 1): the same
    form (a port for a port, an amount for an amount), and how much of the written value
    they share (``db-prod-4ar`` for ``db-prod-4rv``: most of it)."""
    earlier_units, later_units = _units(earlier), _units(later)
    if (earlier_units or later_units) and not earlier_units & later_units:
        return 0.0  # numbers that count different things (or a number against a name)
    if earlier.kinds and earlier.kinds != later.kinds:
        return 0.0  # a database host is not a region (db-prod-4z7, ca-central-3)
    best = 0.0
    # Each value's forms once, not once per pair.
    news = [(new, shapes(new), value_shape(new)) for new in later.values - earlier.values]
    for old in earlier.values - later.values:
        old_shape, old_kinds = value_shape(old), shapes(old)
        old_kind = shape(old)
        for new, new_kinds, new_shape in news:
            if not new_kinds & old_kinds:
                continue
            if new_shape != old_shape and not same_topic_form(old, new):
                continue
            shared = common_prefix(old, new)
            if old_shape == "#" or old_kind == "amount":
                shared = 0  # a plain word or number shares letters by chance
            best = max(best, 0.4 + 0.6 * shared / min(len(old), len(new)))
    return best


def _units(found: Subject) -> frozenset[str]:
    return counted_units(found.units, found.words)


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
    """Which of ``earlier_texts`` (active statements, oldest first) ``later_text`` replaces:
    by subject and scope (:func:`_link_by_subject`), else, when that finds nothing sure, by
    the structure of the two sentences
    (:func:`~packlight.compressor.revisions.structural_link`). Never one of two statements
    of which one said the other's subject is another thing ("; the ceremony is earlier")."""
    found = _link(later_text, earlier_texts)
    if not found.replaces and not found.doubts:
        return found
    kept = [
        position
        for position in {*found.replaces, *found.doubts}
        if not _set_apart(later_text, earlier_texts[position])
    ]
    return Link(
        replaces=tuple(p for p in found.replaces if p in kept),
        doubts=tuple(p for p in found.doubts if p in kept),
    )


def _set_apart(later_text: str, earlier_text: str) -> bool:
    """Whether one of the two names what the other is about only to say it is another one
    (:data:`_OTHER_ONE_APART`: "For the middle watch we've got Yusuf; the first watch is
    someone else" revises no first watch)."""
    later, earlier = subject(later_text), subject(earlier_text)
    return bool(
        (later.set_apart - later.words) & earlier.words
        or (earlier.set_apart - earlier.words) & later.words
    )


_APART_FILLER = frozenset({"someone", "somebody", "something", "somewhere", "else"})


def _link(later_text: str, earlier_texts: Sequence[str]) -> Link:
    named = _new_name_for_the_user(later_text, earlier_texts)
    if named:
        return Link(replaces=named)
    found = _link_by_subject(later_text, earlier_texts)
    # Whatever the words share, "US orders" never revise (nor put in doubt) the EU warehouse.
    later = shape_of(later_text)
    replaces, doubts = (
        tuple(p for p in found_ if not scopes_apart(shape_of(earlier_texts[p]), later))
        for found_ in (found.replaces, found.doubts)
    )
    found = Link(replaces=replaces, doubts=doubts)
    if replaces:
        return found
    if is_question(later_text):
        return found
    position = structural_link(later_text, earlier_texts)
    vetoed = None
    if (
        position is not None
        and not _both_zones(shape_of(earlier_texts[position]), later)
        and _scopes_part(subject(earlier_texts[position]), subject(later_text))
    ):
        # "the *draft* report is due ..." is not "the *final* report"
        vetoed, position = position, None
    if position is None:
        # A value with no kind a pattern sees ("primary metric is day-30 churn now"): the
        # slot both sentences name says which statement it revises (its own scopes decide;
        # the words of such a value are no scope), never one the scopes above set apart.
        position = slot_link(later_text, earlier_texts)
        if position == vetoed:
            position = None
    if position is None or (found.doubts and position not in found.doubts):
        return found
    # Of the statements it may revise, the structure says which one it does.
    return Link(replaces=(position,), doubts=tuple(p for p in found.doubts if p != position))


_ADDRESS_THE_USER = lazy_compile(
    r"\b(?:(?:call|calls|calling|address|addressing|refer to) me|(?:i|we) go by|my name is|"
    r"i'm called|i am called)\b",
    re.I,
)


def _new_name_for_the_user(later_text: str, earlier_texts: Sequence[str]) -> tuple[int, ...]:
    """The statements of how to address the user that ``later_text`` replaces: a person has
    one name to be called by, so a later "everyone at the new job calls me Bertie" replaces
    "you can address me as Isadora" whatever its cue, when it names someone new."""
    if not _ADDRESS_THE_USER.search(later_text) or is_question(later_text) or hedged(later_text):
        return ()
    names = {v for v in subject(later_text).values if v.isalpha()}
    holders = tuple(
        position
        for position, text in enumerate(earlier_texts)
        if _ADDRESS_THE_USER.search(text) and not (is_question(text) or hedged(text))
    )
    if not holders or not names - subject(earlier_texts[holders[-1]]).values:
        return ()
    return holders


def _scopes_part(earlier: Subject, later: Subject) -> bool:
    """Whether the two name different scopes, by the words before what they share or by the
    copies and times of day they name."""
    return _other_scopes(earlier, later) or _scope_clash(earlier, later) == "apart"


def _both_zones(earlier: Shape, later: Shape) -> bool:
    """Whether both state a time zone: the zone names its slot by itself, and the words
    before "time" ("every *session* time", "the *agenda* times") are wording, not scopes."""
    return "zone" in earlier.kinds and "zone" in later.kinds


def _link_by_subject(later_text: str, earlier_texts: Sequence[str]) -> Link:
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
    if is_question(later_text) or hedged(later_text):
        return Link()
    if not later.words and later.update and later.values:
        # "Actually, make it $600": no subject of its own, so about the statement that has
        # a value of the same kind, when only one has; in doubt among the latest few.
        forms = _slot_forms(later, later.values)
        same = [
            position
            for position in range(len(earlier_texts) - 1, -1, -1)
            if (
                forms
                & _slot_forms(
                    subject(earlier_texts[position]), subject(earlier_texts[position]).values
                )
                if forms
                else subject(earlier_texts[position]).shapes & later.shapes
            )
        ]
        if len(same) == 1:
            return Link(replaces=(same[0],))
        return Link(doubts=tuple(sorted(same[:3])))
    scored: list[tuple[float, bool, int]] = []
    later_goal = kind_of(later_text) == "goal"
    for position, text in enumerate(earlier_texts):
        if is_question(text) or hedged(text):
            continue  # a question or a musing states no value a later one could replace
        earlier = subject(text)
        score, sure = _candidate(earlier, later)
        if (
            score <= 0
            and later_goal
            and later.update
            and kind_of(text) == "goal"
            # "The non-paying tier's target is 99.75% now" is no new goal for the paid tier.
            and not _other_scopes(earlier, later)
        ):
            # A new end state in other words ("End state is meridian-v2 now" after "We're
            # finished when nothing runs outside tundra-v4"): a goal replaces the goal
            # whose value has the same form.
            # Both forms known and shared: "the race target: 3h37" is not a new date for
            # "publish the timetable by 6 June", whatever the two numbers look like.
            affinity = _affinity(earlier, later) if _forms_shared(earlier, later) else 0.0
            score, sure = (_GOAL_MATCH + affinity, True) if affinity else (0.0, False)
        if score > 0:
            scored.append((score, sure, position))
    holder = _slot_holder(later_text, later, earlier_texts)
    if not scored:
        return Link(replaces=(holder,)) if holder is not None else Link()
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    best, sure, position = scored[0]
    if holder is not None and (holder == position or not sure):
        # The only earlier statement holding a value of the update's form is the one it
        # revises, whatever the words ("We moved production to ca-central-3" after "We
        # deploy to ca-southeast-5").
        return Link(replaces=(holder,))
    top = subject(earlier_texts[position])
    close = [
        p
        for score, _, p in scored[1:]
        if score > best - _MARGIN and not _clearly_closer(top, subject(earlier_texts[p]), later)
    ]
    if close or not sure:
        return Link(doubts=(position, *close))
    return Link(replaces=(position,))


def _slot_forms(found: Subject, values: Iterable[str], *, fine: bool = False) -> frozenset[str]:
    """The slot forms of ``values``, said in the statement ``found``
    (:func:`~packlight.compressor.values.slot_forms`)."""
    return slot_forms(
        frozenset(values), words=found.words, units=found.units, kinds=found.kinds, fine=fine
    )


def _slot_holder(later_text: str, later: Subject, earlier_texts: Sequence[str]) -> int | None:
    """The one earlier statement an update revises by the form of its value alone: the update
    says it revises ("now", "moved to") and adds nothing, it states one new value, and of the
    earlier statements holding a value of that form exactly one is left once those naming
    another scope are set aside; ``None`` otherwise. The exact format decides first
    (``OPS-2602`` for ``INFRA-4466``, not ``lattice-v2``), then the looser one (``db-8252``
    for ``db-248k``)."""
    if ADDITIVE.search(later_text) and not _SWITCHED_TO.search(later_text):
        return None
    earlier_subjects = [subject(text) for text in earlier_texts]
    said = set().union(*(found.values for found in earlier_subjects))
    plain = not (later.negated or _UNSURE.search(later_text))

    @functools.cache
    def word_counts() -> Counter[str]:
        # In how many earlier statements holding a value each subject word is (a musing
        # with none, "the checkout target might change next week", is no second slot):
        # counted once per update, and only when a plain restatement asks.
        return Counter(
            word
            for text, found in zip(earlier_texts, earlier_subjects, strict=True)
            if found.values and not (is_question(text) or hedged(text))
            for word in _parts(found.words)
        )

    for fine in (True, False):
        # The form of what is new in it ("thursdays" in "the team meets thursdays at 16:00",
        # the time said before), else of all it says ("November 18" after "23 November").
        forms = _slot_forms(later, later.values - said, fine=fine)
        if len(forms) != 1:
            # Several forms may be one slot ("Thursdays at 11:00"): the earlier statement
            # must hold them all.
            forms = _slot_forms(later, later.values, fine=fine)
        if not forms:
            continue
        holders = [
            position
            for position, (text, earlier) in enumerate(
                zip(earlier_texts, earlier_subjects, strict=True)
            )
            if not (is_question(text) or hedged(text))
            and forms <= _slot_forms(earlier, earlier.values, fine=fine)
            and later.values - earlier.values
            and not _other_scopes(earlier, later)
            and _scope_clash(earlier, later) is None
            # Two prohibitions add up unless the later says from when it holds or what it
            # replaces.
            and not (
                earlier.prohibits and later.prohibits and not (later.explicit or later.temporal)
            )
            # A looser format needs a shared word too ("cobalt-v7" is not a ticket's form),
            # and so does a restatement that does not say it revises anything ("Batch
            # size: 250." after "Process rows in batches of 500.").
            and (
                (later.update and (fine or _shared(earlier, later)))
                # Unannounced, only a restatement of all its subject: "fallback model"
                # after "primary model" is a second slot.
                or (fine and len(earlier.words) > 1 and earlier.words <= later.words)
                # Or one naming nothing the earlier one does not ("equipment ceiling: 39.500
                # €" after "equipment costs stay within €93,500"): a terse restatement.
                or (fine and _shared(earlier, later) > 0 and later.words <= _parts(earlier.words))
                # Or one plainly said that shares a word naming the thing with it alone
                # ("Redo the bathroom sums with $13,750 as the cap" after "Bathroom spend
                # must stay under $26,500", beside the kitchen's budget).
                or (
                    fine
                    and plain
                    and not later.update
                    and bool(_distinct_shared(earlier, later, word_counts()))
                    and not _two_things(text, later_text)
                    and _same_leading_word(earlier, later)
                )
            )
            # "The privileged account ... is svc-reporting-4m5" is not "the namespace we
            # demo from": each names a kind of thing the other does not.
            and not (_other_things(earlier, later) and not _shared(earlier, later))
        ]
        if holders and not later.update:
            return _one_holder(holders, [earlier_subjects[p] for p in holders], later)
        if holders:
            found = _one_holder(holders, [earlier_subjects[p] for p in holders], later)
            if found is None:
                found = _closest_in_words(later_text, [(p, earlier_texts[p]) for p in holders])
            return found
    return None


_UNSURE = lazy_compile(
    r"\b(?:should|could|would|might|maybe|perhaps|if|suppose|supposing|still|saying|"
    r"mention|mentions|mentioned|pushing|suggest|suggests|suggested|propose|proposes|"
    r"proposed|on the table|but)\b",
    re.IGNORECASE,
)
"""Words of a statement that is not plainly the user's own settled value: a wish, a
guess, someone else's word, a question still open."""

_DETERMINED = lazy_compile(
    r"\b(?:the|our|my|its|their|this|that|these|those|your)\s+([a-z][a-z-]+)", re.IGNORECASE
)


_NOT_A_MODIFIER = _FUNCTION_WORDS | word_set(
    "its his her of for on in at to by with is are was were be from per as all any each every "
    "no not"
)


def _two_things(earlier_text: str, later_text: str) -> bool:
    """Whether each names a thing the other does not mention: after an article or a
    possessive ("The *lager* tanks are held at 13.5 degrees" and "We're fermenting the *pale*
    ale at 16.5 °C"), or right before a word both use ("*easy* pace 6:25 min/km" and "my
    *goal* pace for the *threshold* sessions"): two things of one kind, not a new value of
    one. An attribute ("the budget") is no thing."""
    tokens = [re.findall(r"[a-z][a-z-]*", text.lower()) for text in (earlier_text, later_text)]
    stems = [{_stem_of(word) for word in words} for words in tokens]
    # Words of substance both use ("strategy"), not "for", "the" or what a value counts
    # ("1,600 words").
    counted = subject(earlier_text).units | subject(later_text).units
    shared = {
        _stem_of(word)
        for word in tokens[0]
        if word not in _NOT_A_MODIFIER
        and word not in NOT_SUBJECT
        and not _counts_a_value(word, counted)
    } & stems[1]

    def own(text: str, words: list[str], other: set[str]) -> bool:
        named = [match.group(1).lower() for match in _DETERMINED.finditer(text)]
        named += [
            before
            for before, word in itertools.pairwise(words)
            if _stem_of(word) in shared and before not in _NOT_A_MODIFIER
        ]
        return any(
            _stem_of(word) not in other
            and not (word in NOT_SUBJECT and word not in _MODIFYING)
            and SYNONYMS.get(word, word) not in _ATTRIBUTES
            for word in named
        )

    return own(earlier_text, tokens[0], stems[1]) and own(later_text, tokens[1], stems[0])


def _stem_of(word: str) -> str:
    """The stem of ``word`` under its one name (:data:`SYNONYMS`): "the *app* logs" and
    "*Application* logs" name one thing."""
    return stem(SYNONYMS.get(word, word))


_MODIFYING = word_set("easy easier hard harder soft")
"""Words of no subject of their own that still tell one thing of a kind from another ("easy
pace", "hard runs")."""


_LEADING_WORD = lazy_compile(r"([a-z]+)[-_./:]")


def _same_leading_word(earlier: Subject, later: Subject) -> bool:
    """Whether each new identifier of ``later`` begins with the word an identifier of
    ``earlier`` begins with ("ns-atoll-3j1" after "ns-delta-3d4"): "rel-yrk6ulr2" names a
    release branch, not a new "in-b27ivj" bucket, whatever the two say they are about."""
    old = {found.group(1) for v in earlier.values if (found := _LEADING_WORD.match(v))}
    for value in later.values - earlier.values:
        found = _LEADING_WORD.match(value)
        if found and old and found.group(1) not in old:
            return False
    return True


_WORKDAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday"})
_DAY_GROUPS = {
    **dict.fromkeys(["weekday", "weekdays", "mon-fri", "weeknight", "weeknights"], _WORKDAYS),
    **dict.fromkeys(["weekend", "weekends"], frozenset({"saturday", "sunday"})),
}
"""Words that name a group of days: the hours of weekdays and of Saturdays are two slots."""


def _days_apart(earlier: Subject, later: Subject) -> bool:
    """Whether one of the two names a group of days ("Weekday opening", "Mon-Fri") and the
    other only days outside it ("Open at 09:30 on Saturday"): two slots of a weekly
    timetable. Days alone are often the value itself ("the sync moved to Wednesdays"), so
    two statements naming single days are not set apart by them."""

    def days(found: Subject) -> tuple[frozenset[str], bool]:
        named = found.words | found.values
        grouped = frozenset().union(*(_DAY_GROUPS.get(w, frozenset()) for w in named))
        single = frozenset(w.rstrip("s") for w in named if w in WEEKDAYS)
        return grouped | single, bool(grouped)

    (first, first_grouped), (second, second_grouped) = days(earlier), days(later)
    return (first_grouped or second_grouped) and bool(first) and bool(second) and not first & second


_ATTRIBUTES = frozenset(SYNONYMS.values()) - {"application"}
"""Words that name what about a thing a value is (its spend, date, host, owner): two
statements sharing only these may be about two things. "Application" ("app logs") is one of
the words :data:`SYNONYMS` folds that names the thing itself."""


def _distinct_shared(earlier: Subject, later: Subject, counts: Mapping[str, int]) -> frozenset[str]:
    """The words ``later`` shares with ``earlier`` that name a thing rather than an
    attribute of one and that no other earlier statement has (``counts``: in how many
    earlier statements each word is): "bathroom" of "Redo the bathroom sums with $13,750 as
    the cap" and "Bathroom spend must stay under $26,500", not "spend", which the kitchen's
    budget has too."""
    counted = _units(earlier)
    return frozenset(
        word
        for word in (_parts(earlier.words) & _parts(later.words)) - _ATTRIBUTES
        if not _counts_a_value(word, counted) and counts.get(word, 0) <= 1
    )


def _counts_a_value(word: str, counted: Collection[str]) -> bool:
    """Whether ``word`` is what a value counts ("days", "psi", "words" of "1,600 words"):
    two statements that both count it need not be about one thing."""
    return (
        word in UNITS
        or word in MEASURES
        or word in EXTRA_UNITS
        or word in counted
        or singular(word) in counted
    )


def _plain_words(text: str) -> frozenset[str]:
    """The content words of ``text`` that are no part of a value ("twenty-eight thousand
    dollars" is an amount, not a topic two statements share)."""
    return frozenset(
        word for word in content_words(text) if not (number_words(word) or word in UNITS)
    )


def _closest_in_words(later_text: str, holders: list[tuple[int, str]]) -> int | None:
    """Of several statements holding a value of an update's form, none closer by its
    subject, the one whose text shares the most words with the update ("easy days: 6:40 a
    km" and "my easy runs at 7:25/km", not "tempo runs at 5:10/km"), when only one does."""
    said = _plain_words(later_text)
    shared = [(len(said & _plain_words(text)), position) for position, text in holders]
    best = max(count for count, _ in shared)
    winners = [position for count, position in shared if count == best]
    return winners[0] if best and len(winners) == 1 else None


_SWITCHED_TO = lazy_compile(r"\b(?:switch|chang|mov|swap)\w*\b[^.;]{0,40}\bto\b", re.I)
"""A replacement said outright: "another" in "billed through another entity now, switch
figures to SGD" adds no second slot."""


def _one_holder(holders: list[int], subjects: list[Subject], later: Subject) -> int | None:
    """Of several slots of one form (the deploy and the backup region), the one sharing the
    most subject words with the update, or else the only one that names no scope of its own
    the update does not name ("Our disaster-recovery region is ..." is not "production")."""
    if len(holders) == 1:
        return holders[0]
    shared = [_shared(found, later) for found in subjects]
    if shared.count(max(shared)) == 1:
        return holders[shared.index(max(shared))]
    unscoped = [
        p for p, found in zip(holders, subjects, strict=True) if not _new_scope(found, later)
    ]
    return unscoped[0] if len(unscoped) == 1 else None


# Each statement is compared with every earlier one: what depends on one statement's words
# alone is worked out once per set of words (a long chat's statements are compared in pairs).
@functools.lru_cache(maxsize=16_384)
def _parts(words: frozenset[str]) -> frozenset[str]:
    """Subject words with the parts of compounds ("load-test": "load", "test")."""
    return frozenset(part for word in words for part in (word, *word.split("-")) if part)


def _shared(earlier: Subject, later: Subject) -> int:
    """How many subject words two statements share, compounds taken apart."""
    return len(_parts(earlier.words) & _parts(later.words))


def _other_things(earlier: Subject, later: Subject) -> bool:
    """Whether each statement names a kind of thing (an account, a namespace, a bucket) the
    other does not name."""
    first, second = earlier.words & THINGS, later.words & THINGS
    return bool(first) and bool(second) and not first & second


def _forms_agree(earlier: Subject, later: Subject) -> bool:
    """Whether two statements' values may be values of one slot: they share a form, or one
    of them has none that stands for a slot."""
    earlier_forms, later_forms = (_slot_forms(s, s.values) for s in (earlier, later))
    return not (earlier_forms and later_forms) or bool(earlier_forms & later_forms)


def _forms_shared(earlier: Subject, later: Subject) -> bool:
    """Whether two statements state values of one form that stands for a slot."""
    return bool(_slot_forms(earlier, earlier.values) & _slot_forms(later, later.values))


_TIMES_OF_DAY: dict[str, frozenset[str]] = {
    **dict.fromkeys(["morning", "breakfast"], frozenset({"morning"})),
    **dict.fromkeys(["midday", "lunch", "lunchtime", "noon"], frozenset({"midday"})),
    "afternoon": frozenset({"afternoon"}),
    "daytime": frozenset({"morning", "midday", "afternoon"}),
    **dict.fromkeys(["evening", "dinner", "supper"], frozenset({"evening"})),
    **dict.fromkeys(["night", "overnight", "nighttime"], frozenset({"night"})),
}
"""Words naming a time of day, and the times they name: the breakfast dose is the morning
dose, the dinner menu the evening one."""


_MEAL_TIMES = {
    "breakfast": "morning",
    "lunch": "midday",
    "lunchtime": "midday",
    "dinner": "evening",
    "supper": "evening",
}


@functools.lru_cache(maxsize=16_384)
def _times_of_day(words: frozenset[str]) -> frozenset[str]:
    return frozenset().union(*(_TIMES_OF_DAY[w] for w in words if w in _TIMES_OF_DAY))


def _scope_clash(earlier: Subject, later: Subject) -> str | None:
    """How two statements' scopes differ: ``"apart"`` when each names a copy of a thing the
    other does not and they name none in common ("the project spend", "for the
    conference"; "the API port", "the admin console"), ``"one-sided"`` when only one names a
    copy other than the main one (the backup region against an unqualified "region"),
    ``None`` when they agree."""
    # "the evening tasting menu" and "the daytime set menu", "dinner" and "the lunch prix
    # fixe": two times of day, or two meals, are two slots.
    when_earlier, when_later = _times_of_day(earlier.words), _times_of_day(later.words)
    if when_earlier and when_later and not when_earlier & when_later:
        return "apart"
    if _days_apart(earlier, later):
        return "apart"  # "Weekday opening" and "Open at 09:30 on Saturday"
    # "load-test" names the test copy as "load tests" does.
    earlier_words, later_words = _parts(earlier.words), _parts(later.words)
    first = (earlier_words & SCOPE_WORDS) - _activities(earlier)
    second = (later_words & SCOPE_WORDS) - _activities(later)
    if first - later_words and second - earlier_words and not first & second:
        return "apart"
    if (first - later_words - DEFAULT_SCOPES) or (second - earlier_words - DEFAULT_SCOPES):
        # Both name a copy, and the same one ("the *staging* database", "for tests, the
        # *staging* database"): the extra word describes it. Otherwise only one names a
        # copy other than the main one.
        return None if first & second - DEFAULT_SCOPES else "one-sided"
    return None


_TEST_WORK = frozenset({"coverage", "suite", "case", "result", "plan", "fixture", "run"})
"""Words after "test" that make it the activity ("test coverage", "the test suite"), not a
copy of a thing ("the test database")."""


def _activities(found: Subject) -> frozenset[str]:
    """The scope words of ``found`` that name an activity rather than a copy: "test" in
    "81% test coverage" is no test environment."""
    return frozenset(
        first for first, second in found.pairs if first == "test" and second in _TEST_WORK
    )


def _new_scope(subject: Subject, other: Subject) -> bool:
    """Whether ``subject`` names a scope ``other`` lacks: a word written right before one of
    its subject words that ``other`` does not have, before a word ``other`` does not have
    either ("the *snapshot* region" after "all production workloads run in") or a word that
    names one of several copies ("the *backup* region" after "we deploy to"). "Primary",
    "main" and the like name the one there is; a descriptor of a shared word ("the
    *internal* admin port" after "the admin console") is a rewording."""
    return any(
        first in SCOPE_WORDS and first not in DEFAULT_SCOPES and not _has_word(other, first)
        for first, _ in subject.pairs
    )


def _has_word(found: Subject, word: str) -> bool:
    """Whether ``found`` has ``word``, or one of its parts ("no-delete": "delete"); a
    prohibition protects what it names."""
    if word == "protect" and found.prohibits:
        return True
    return word in found.words or any(
        SYNONYMS.get(part, _fold(part)) in found.words for part in word.split("-")[1:]
    )


def _clearly_closer(best: Subject, other: Subject, later: Subject) -> bool:
    """Whether ``best`` is plainly the one ``later`` is about, though the scores are close:
    it shares more subject words with it, or its values are clearly more alike."""
    shared_best = len(best.words & later.words)
    shared_other = len(other.words & later.words)
    if shared_best != shared_other:
        return shared_best > shared_other
    return _affinity(best, later) >= _affinity(other, later) + _MARGIN


def _initialisms_read(later: Subject, earlier: Subject) -> Subject:
    """``later`` with each of its words that is the initials of two words ``earlier`` wrote
    side by side read as those words ("the *TC* freezer" after "the freezer in *tissue
    culture*"), so that a shortened name is no new scope."""
    spelled = {first[0] + second[0]: (first, second) for first, second in earlier.pairs}
    short = {word for word in later.words if word in spelled and word not in earlier.words}
    if not short:
        return later
    long = {part for word in short for part in spelled[word]}
    return replace(later, words=(later.words - short) | long)


def _candidate(earlier: Subject, later: Subject) -> tuple[float, bool]:
    """How good a match ``earlier`` is for being replaced by ``later`` (0: it is not), and
    whether the match is sure enough to drop ``earlier``."""
    later = _initialisms_read(later, earlier)
    said = later.values | later.words
    # "the one", "these days": words that count or date, not a value of the subject's own.
    named_old = {
        v for v in earlier.values & said if not (is_number_word(v) or v in CALENDAR or v in UNITS)
    }
    if later.explicit and named_old and said - earlier.values - earlier.words:
        # "... is /srv/b/ instead of /srv/a/": it names the value it replaces.
        return _NAMED_OLD_VALUE, True
    # Lifting a prohibition ("You may add packages" after "Never add dependencies")
    # revises it as an update cue would.
    flipped = (earlier.negated and later.permits) or (earlier.permits and later.negated)
    affinity = _affinity(earlier, later)
    overlap = _overlap(earlier, later)
    if not overlap and affinity < _SAME_SLOT:
        return 0.0, False
    clash = _scope_clash(earlier, later)
    if clash == "apart":
        return 0.0, False  # "the API port" is not "the admin console's"
    if not _forms_agree(earlier, later):
        # A region is not a new value of a cluster ("We moved production to ca-central-3"
        # after "cluster-olive-7ex is production-critical").
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
        if clash is not None:
            # "We deploy to ap-east-8" says nothing new about "our disaster-recovery region".
            return 0.0, False
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
    return score, clash is None and (later.explicit or not _names_a_scope(later, earlier))


_LOOK_ALIKE_CHECKS = 20_000
"""At most this many pairs of statements sharing a subject word are looked at; past it, the
statements not yet paired count as having no look-alike (a long chat's thousands of
statements must not cost a quadratic pass at every render)."""


def look_alikes(texts: Sequence[str]) -> frozenset[str]:
    """The statements of ``texts`` that have a look-alike among them: another statement with a
    value of the same slot form ("the outbound flight is NZ1173", "we fly back on ET6459"),
    or one about the same thing in another scope ("the production database is on ...", "the
    staging one is on ..."). Kept without the other, either value is easily taken for the
    other's, so a checkpoint's budget cuts them after the statements of their kind that have
    none (:mod:`packlight.compressor.checkpoint`). Questions and musings state no value."""
    found = [
        (text, found_subject)
        for text in dict.fromkeys(texts)
        if not (is_question(text) or hedged(text)) and (found_subject := subject(text)).values
    ]
    by_form: dict[str, list[int]] = {}
    by_word: dict[str, list[int]] = {}
    for position, (_text, one) in enumerate(found):
        for form in _slot_forms(one, one.values, fine=True):
            by_form.setdefault(form, []).append(position)
        for word in one.words:
            by_word.setdefault(word, []).append(position)
    paired = {p for holders in by_form.values() if len(holders) > 1 for p in holders}
    checks = 0
    for holders in by_word.values():
        for at, position in enumerate(holders):
            for other in holders[at + 1 :]:
                checks += 1
                if checks > _LOOK_ALIKE_CHECKS:
                    return frozenset(found[p][0] for p in paired)
                if position in paired and other in paired:
                    continue
                one, two = found[position][1], found[other][1]
                if _other_scopes(one, two) or _scope_clash(one, two) == "apart":
                    paired.update((position, other))
    return frozenset(found[p][0] for p in paired)
