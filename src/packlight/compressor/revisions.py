"""Which earlier statement an update revises, by the structure of the two sentences, when the
subject words alone do not say it (:func:`~packlight.compressor.subjects.link` found
nothing).

A user who revises a value seldom repeats the sentence it revises: "Sponsors chipped in, so
catering can go up to £29,200" revises "For food and drink we have £4,600 in total"; "We
switched the US warehouse to DC-M59" revises "US orders are fulfilled from DC-D97". What the
two share is structural:

- the *kind* of the value (an amount of money, a duration, a date, a percentage, a count of
  one noun, an identifier of one format, a name);
- a word saying the later one revises something, anywhere in it ("now", "switched",
  "dropped to", "rebooked", "from here on");
- a content word of the subject, compared by stem and through a small table of general
  synonyms (spend/budget/cost, deadline/due, limit/cap/ceiling);
- the same scope: "EU orders" never revise the "US" warehouse, the "afterparty" venue not
  the "main" one.

A wrong link deletes a real value, which is worse than carrying a stale one, so the match must
be unambiguous: one candidate of the kind that shares the most discriminating subject words
with the update, strictly ahead of the next, and none whose scope differs. A chain of updates
(A, then B, then C) needs nothing more: each update revises the statement active before it.

Pure functions of strings.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from packlight.compressor.constraints import SENTENCE_END, content_words
from packlight.compressor.cues import ADDITIVE, EXPLICIT, PROHIBITS, TEMPORAL, UPDATE_CUE, hedged
from packlight.compressor.values import singular, spelled_amounts
from packlight.compressor.vocabulary import (
    CALENDAR,
    NOT_SUBJECT,
    SCOPE_WORDS,
    SYNONYMS,
    THINGS,
    word_set,
)
from packlight.lazy_patterns import lazy_compile

# Verbs of change that the general cue list leaves out because alone they also describe the
# past ("we switched vendors last year"); here they only count next to a value of the kind
# an earlier statement holds.
_CHANGE = lazy_compile(
    r"\b(?:switch(?:ed|ing)?|changed|change (?:the|to|it|our|my)|dropp?(?:ed|s)? to|rose to|"
    r"fell to|go(?:es)? (?:up|down) to|re-?(?:booked|based|linked|scheduled|negotiated|"
    r"assigned|branded|located|named|vised)|shr[au]nk|grew|trimm?(?:ed)?|cut (?:to|back)|"
    r"the (?:old|previous|earlier|first) \w+|not the (?:old|earlier|previous)|"
    r"from (?:here|today|this \w+) on|decided|swap(?:ped)?|now|"
    r"(?:rais|lower|increas|reduc|cutt|mov|bump|extend|shorten|tighten|relax)ing)\b",
    re.IGNORECASE,
)

_MONEY = lazy_compile(
    r"[$€£¥]\s?\d+(?:,\d{3})*(?:\.\d+)?\s?[kKmM]?\b"
    r"|\b\d+(?:,\d{3})*(?:\.\d+)?\s?(?:dollars|euros|pounds|usd|eur|gbp|bucks)\b",
    re.IGNORECASE,
)
_PERCENT = lazy_compile(r"\b\d+(?:\.\d+)?\s?(?:%|percent\b)", re.IGNORECASE)
_NUMBER_WORD = (
    r"(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|"
    r"sixty|seventy|eighty|ninety|hundred|thousand)[\s-]?)+"
)
_DURATION = lazy_compile(
    r"\b(?:\d[\d,]*[\s-]|" + _NUMBER_WORD + r")(?:business |working |calendar )?"
    r"(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b",
    re.IGNORECASE,
)
_MONTHS = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DATE = lazy_compile(
    r"\b(?:\d{4}-\d{2}-\d{2}|\d{1,2}(?:st|nd|rd|th)? "
    + _MONTHS
    + r"|"
    + _MONTHS
    + r" \d{1,2}(?:st|nd|rd|th)?)\b",
    re.IGNORECASE,
)
# A time zone by its name ("Japan Standard Time", "US Pacific time", "Moscow time") or its
# offset: a conversation has one zone it reports times in, whatever the words around it.
_TIME_ZONE = lazy_compile(
    r"\b(?:US|U\.S\.) (?:[A-Z][a-z]+ )(?:Standard |Daylight )?[Tt]ime\b"
    r"|\b(?:[A-Z][a-z]+ ){1,3}(?:Standard|Daylight|Summer) Time\b"
    r"|(?:(?<=\bin )|(?<=\bto )|(?<=\binto ))(?:[A-Z][a-z]+ ){1,2}time\b"
    r"|\b(?:UTC|GMT)(?:\s?[+-]\s?\d{1,2}(?::\d{2})?)?(?![\w+-])"
    r"|\b[A-Z][a-z]+/[A-Z][A-Za-z_]+\b"
)
_COUNT = lazy_compile(
    r"\b(\d+(?:,\d{3})*|" + _NUMBER_WORD + r")\s*(?:[a-z-]+\s+)??([a-z]{3,})\b", re.IGNORECASE
)
_IDENTIFIER = lazy_compile(r"(?<![\w.])(?=[\w./-]*\d)[A-Za-z][\w]*(?:[-_./][\w]+)+(?![\w])")
# A full stop or comma right after a number ends the sentence or clause ("Seed is 52003.",
# "switched the significance level to 0.002."); one before a digit is part of it.
_INTEGER = lazy_compile(r"(?<![\w.,$€£¥-])\d{3,}(?![\w%-]|[.,]\d)")
_DECIMAL = lazy_compile(r"(?<![\w.])\d*\.\d+(?![\w]|\.\d)")
_NAME = lazy_compile(r"(?<![\w'])[A-Z][a-z]+(?:[ -](?:[A-Z][a-z]+|[A-Z]{2,}))*(?![\w'])")
_ACRONYM = lazy_compile(r"\b[A-Z]{2,4}\b")

_NOT_COUNTED = word_set(
    """
    and or but the a an to of for in on at by per from with than as is are was were be
    and now then so too each every more less after before
    """
)
_NOT_A_NAME = word_set(
    """
    i i'm i'd i'll the a an we you they our my please thanks thank ok okay so and but or
    if when also then this that these those there here what which who how why it its
    legal comms finance procurement partner reviewer editor board sponsors
    """
)
"""Words that open a capitalised run without naming a value: pronouns, fillers, and the
teams and roles a user cites as the source of a change ("Legal says ...")."""


@dataclass(frozen=True, slots=True)
class Shape:
    """What one statement offers for a structural match."""

    kinds: Mapping[str, frozenset[str]]
    """Kind of value -> the values of that kind, as written (lowercased); shared through a
    cache, never changed."""
    stems: frozenset[str]
    """Content words of its subject, stemmed, synonyms folded."""
    scopes: frozenset[str]
    """Words naming which copy of a thing it is about ("eu", "staging", "afterparty")."""
    things: frozenset[str] = frozenset()
    """Kinds of thing it names (an account, a namespace, a bucket)."""


# A past state of affairs, told as history: it revises nothing ("Back when we ran the first
# edition, the spokesperson was ...").
_HISTORY = lazy_compile(
    r"\b(?:back when|used to|in the past|years? ago|last (?:year|time|edition)|previously|"
    r"at the time|originally|once upon)\b",
    re.IGNORECASE,
)
# A value said for a condition is a second slot ("If the primary is down, fall back to ...").
_CONDITIONAL = lazy_compile(
    r"\b(?:unless|in case|fall ?back|failover|otherwise)\b"
    r"|\bif\b[^.;]*\b(?:down|unavailable|fails?|ill|sick|away|out|off|busy)\b",
    re.IGNORECASE,
)
_THE_MAIN_ONE = word_set("primary main default production")
"""Words naming the one copy there is, not a second one beside it: folded to "main"."""
_MAIN_SCOPES = word_set("main current new")
"""Scopes one statement may name and another leave unsaid: "the primary region" and "the
region" are one."""
_IN_A_VALUE = lazy_compile(r"\S*[/\d]\S*")

_GENERIC_KINDS = frozenset({"name", "decimal", "number"})
"""Kinds of value too common to say much: a match on them needs two shared words, a shared
scope, or a word no other candidate shares and a value of the same number of words."""
_SPECIFIC_KINDS = ("count:", "id:", "zone")
"""Kinds of value that name their slot by themselves: a count of one noun, an identifier of
one format, a time zone."""

# General synonyms only: words that name one slot in any domain.
_SYNONYM_GROUPS = (
    "spend budget cost expense money outlay",
    "deadline due",
    "limit cap ceiling max maximum threshold",
    "contact reach",
    "heading title",
    "place venue location",
    "font typeface",
    "target goal finish",
    "metric outcome kpi",
    "citation reference bibliography",
)
_SYNONYMS = {word: group.split()[0] for group in _SYNONYM_GROUPS for word in group.split()}
# Regions said in full or as adjectives: one scope.
_SCOPE_NAMES = {
    "eu": "eu",
    "europe": "eu",
    "european": "eu",
    "us": "us",
    "usa": "us",
    "american": "us",
    "uk": "uk",
    "british": "uk",
    "apac": "apac",
    "asia": "apac",
    "asian": "apac",
}
_THE_STATES = lazy_compile(r"\bthe States\b")
_MORE_SCOPES = word_set(
    """
    main afterparty after-party primary secondary body heading title
    """
)
# Two names of one copy.
_SAME_SCOPE = {"external": "public", "private": "internal"}
_STEM_CHARS = 5
"""Two words that share their first five letters ("caterer", "catering") share a stem."""


def _stem(word: str) -> str:
    word = _SYNONYMS.get(word, word)
    return word[:_STEM_CHARS] if len(word) > _STEM_CHARS else word


def _values_by_kind(text: str) -> dict[str, set[str]]:
    """The values of ``text`` by kind; a span read as one kind (``£4,600``) is not read again
    as another (a number)."""
    found: dict[str, set[str]] = {}

    def add(kind: str, value: str) -> None:
        found.setdefault(kind, set()).add(value.lower().strip())

    taken: list[tuple[int, int]] = []
    for kind, pattern in (
        ("money", _MONEY),
        ("percent", _PERCENT),
        ("duration", _DURATION),
        ("date", _DATE),
        ("zone", _TIME_ZONE),
    ):
        for match in pattern.finditer(text):
            add(kind, match.group())
            taken.append(match.span())
    for amount in spelled_amounts(text):
        add("money" if amount[0] in "$€£¥" else "number", amount)

    def free(span: tuple[int, int]) -> bool:
        return not any(start < span[1] and span[0] < end for start, end in taken)

    for match in _IDENTIFIER.finditer(text):
        if free(match.span()):
            add(_identifier_kind(match.group()), match.group())
            taken.append(match.span())
    for match in _COUNT.finditer(text):
        noun = match.group(2).lower()
        if (
            free(match.span(1))
            and noun not in _NOT_COUNTED
            and noun not in CALENDAR
            and match.group(1).lower() != "one"  # "the previous one went on leave"
        ):
            add("count:" + singular(noun), match.group(1))
            taken.append(match.span(1))
    for match in _DECIMAL.finditer(text):
        if free(match.span()):
            add("decimal", match.group())
            taken.append(match.span())
    for match in _INTEGER.finditer(text):
        if free(match.span()):
            add("number", match.group())
    for match in _NAME.finditer(text):
        if not free(match.span()) or _sentence_start(text, match.start()):
            continue
        words = match.group().lower().split()
        if words[0] in _NOT_A_NAME or words[0] in CALENDAR or words[0] in _SCOPE_NAMES:
            continue
        add("name", match.group())
    return found


def _identifier_kind(value: str) -> str:
    """An identifier's format: its leading word and its separators (``DC-T17`` and
    ``DC-V20``: ``id:dc:-``; ``ns-dune-6r8``: ``id:ns:--``). How letters and digits mix
    after the leading word is chance (``rel-5x8snlev``, ``alerts-6n06s``), not format."""
    head = re.match(r"[A-Za-z]+", value)
    separators = "".join(re.findall(r"[-_./:]", value))
    return f"id:{head.group().lower() if head else ''}:{separators}"


def _sentence_start(text: str, at: int) -> bool:
    before = text[:at].rstrip()
    return not before or before[-1] in ".!?"


@functools.lru_cache(maxsize=8_192)
def shape_of(text: str) -> Shape:
    """The kinds of value, subject stems and scopes of one statement."""
    kinds = _values_by_kind(text)
    values = {v for found in kinds.values() for v in found}
    value_words = {w for v in values for w in re.findall(r"[a-z]+", v)}
    first = SENTENCE_END.split(text, maxsplit=1)[0]
    parts = {part for w in content_words(first) for part in (w, *w.split("-")) if part}
    words = {
        w
        for w in parts
        if w not in NOT_SUBJECT
        and w not in value_words
        and w not in CALENDAR
        and not any(c.isdigit() for c in w)
    }
    return Shape(
        kinds={kind: frozenset(found) for kind, found in kinds.items()},
        stems=frozenset(_stem(w) for w in words - value_words),
        scopes=_scopes(_TIME_ZONE.sub(" ", first)),  # "US Pacific time" names no US copy
        things=frozenset(words & THINGS),
    )


def _scopes(first: str) -> frozenset[str]:
    """The scope words of a statement's first sentence, folded ("European" is "eu", the
    "primary" region the "main" one, "external" docs the "public" ones); words inside a
    value ("Europe/Warsaw") name none."""
    plain = _IN_A_VALUE.sub(" ", first)
    scopes = {_SCOPE_NAMES[a.lower()] for a in _ACRONYM.findall(plain) if a.lower() in _SCOPE_NAMES}
    if _THE_STATES.search(plain):
        scopes.add("us")  # "shipping to the States", not "the contract states"
    tokens = [t.lower() for t in re.findall(r"[A-Za-z][\w-]*", plain)]
    tokens += [part for t in tokens if "-" in t for part in t.split("-")]  # load-test
    scopes |= {_SCOPE_NAMES[t] for t in tokens if t in _SCOPE_NAMES and t != "us"}
    for token in tokens:
        # "prod" is production; "replicated" is a verb, not the backup copy.
        # One form per word: "headings" and "heading" are one scope.
        forms = {singular(token)}
        if not token.endswith("ed"):
            forms.add(SYNONYMS.get(token, singular(token)))
        forms |= {_SYNONYMS.get(f, f) for f in forms}
        forms |= {f.removesuffix("ing") for f in forms if len(f) > 6}  # testing: test
        forms = {_SAME_SCOPE.get(f, f) for f in forms}
        for form in forms:
            if form in _THE_MAIN_ONE:
                scopes.add("main")
            elif form in _MORE_SCOPES or form in SCOPE_WORDS:
                scopes.add(form.replace("-", ""))
    return frozenset(scopes)


def says_it_revises(text: str) -> bool:
    """Whether ``text`` says it revises something, in the wider sense used here."""
    return UPDATE_CUE.search(text) is not None or _CHANGE.search(text) is not None


def structural_link(later_text: str, earlier_texts: Sequence[str]) -> int | None:
    """The position of the one earlier statement ``later_text`` revises by structure, or
    ``None`` when there is none or more than one could be meant."""
    if (
        hedged(later_text)
        or ADDITIVE.search(later_text)
        or _HISTORY.search(later_text)
        or not says_it_revises(later_text)
    ):
        return None
    later = shape_of(later_text)
    if not later.kinds:
        return None
    # Two prohibitions add up unless the later says from when it holds or what it replaces.
    adds_a_rule = PROHIBITS.search(later_text) is not None and not (
        EXPLICIT.search(later_text) or TEMPORAL.search(later_text)
    )
    candidates: list[tuple[int, Shape, str]] = []
    for position, text in enumerate(earlier_texts):
        if hedged(text) or text.rstrip().endswith("?") or _CONDITIONAL.search(text):
            continue
        if adds_a_rule and PROHIBITS.search(text):
            continue
        earlier = shape_of(text)
        for kind, new_values in later.kinds.items():
            old_values = earlier.kinds.get(kind, frozenset())
            if old_values and new_values - old_values and old_values - new_values:
                candidates.append((position, earlier, kind))
                break
    # "The privileged account ... is svc-reporting-4m5" is not "the namespace we demo from".
    candidates = [
        c
        for c in candidates
        if not _scopes_differ(c[1], later)
        and not (c[1].things and later.things and not c[1].things & later.things)
    ]
    if len(candidates) == 1:
        # The only statement holding a value of the kind: a count of one noun or an
        # identifier of one format is the slot by itself ("the review target is 1,707
        # contracts" after "we need to get through 2,086 contracts"); a value of a commoner
        # kind needs a shared word too.
        position, earlier, kind = candidates[0]
        if kind.startswith(_SPECIFIC_KINDS) or earlier.stems & later.stems:
            return position
        return None
    # A word every candidate shares says nothing about which one is meant.
    counts: dict[str, int] = {}
    for _, earlier, _ in candidates:
        for stem in earlier.stems & later.stems:
            counts[stem] = counts.get(stem, 0) + 1
    scored: list[tuple[float, int]] = []
    for position, earlier, kind in candidates:
        shared = earlier.stems & later.stems
        same_scope = bool(earlier.scopes & later.scopes)
        # One word only this candidate shares is enough when the values look alike too (a
        # person's name for a person's name, two words each).
        own = any(counts[s] == 1 for s in shared) and _alike(earlier, later, kind)
        if kind in _GENERIC_KINDS and len(shared) < 2 and not (same_scope or own):
            continue
        score = sum(1 / counts[s] for s in shared) + (1.0 if same_scope else 0)
        scored.append((score, position))
    if not scored:
        return None
    scored.sort(reverse=True)
    best, position = scored[0]
    if best < 1.0:
        return None
    if len(scored) > 1 and scored[1][0] >= best - 0.25:
        return None
    return position


def stem(word: str) -> str:
    """A word's stem as subjects are compared here (synonyms folded, first letters)."""
    return _stem(word)


def value_kinds(text: str) -> dict[str, frozenset[str]]:
    """The values of ``text`` by kind (money, percent, duration, date, ``count:<noun>``,
    ``id:<format>``, decimal, number, name), read as if inside a sentence: a value that
    opens ``text`` is not taken for a sentence's first word."""
    return {kind: frozenset(found) for kind, found in _values_by_kind("is " + text).items()}


def scopes_of(text: str) -> frozenset[str]:
    """The copies of a thing ``text`` names ("EU", "staging", "after-party"), folded."""
    return _scopes(text)


def history(text: str) -> bool:
    """Whether ``text`` tells a past state of affairs ("back when ..."): it revises nothing."""
    return _HISTORY.search(text) is not None


def conditional(text: str) -> bool:
    """Whether ``text`` states a value for a condition ("if the primary is down, fall back
    to ..."): a second slot, never revised by the unconditional one."""
    return _CONDITIONAL.search(text) is not None


def _alike(earlier: Shape, later: Shape, kind: str) -> bool:
    """Whether some old and new value of ``kind`` have the same number of words."""
    lengths = {len(v.split()) for v in earlier.kinds.get(kind, ())}
    return any(len(v.split()) in lengths for v in later.kinds.get(kind, ()))


def scopes_apart(earlier: Shape, later: Shape) -> bool:
    """Whether each names a scope and they name none in common ("US orders", "EU orders")."""
    return bool(earlier.scopes) and bool(later.scopes) and not earlier.scopes & later.scopes


def _scopes_differ(earlier: Shape, later: Shape) -> bool:
    """Whether the two may be about different copies of a thing: their scopes are apart, or
    one names a copy other than the main one that the other does not name ("the after-party
    venue", "the venue")."""
    return scopes_apart(earlier, later) or bool((earlier.scopes ^ later.scopes) - _MAIN_SCOPES)
