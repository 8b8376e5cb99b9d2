"""Which earlier statement an update revises, by the slot the two sentences name: the noun
phrase a value is stated *for*, read from the shape of the sentence rather than from the
kind of the value.

A value that is a plain phrase ("weekly active teams", "cocktail attire", "Juniper Rooms")
has no form a pattern can see, and its words look like subject words. What marks it is the
sentence around it: a label ("Primary metric: weekly active teams"), a copula ("the gala
dress code is cocktail attire"), a change of it ("we swapped the secondary metric to revenue
per visitor", "the approval threshold dropped to €4,625"), a role ("... weekly active teams
as the secondary metric") or a replacement ("it replaces the old secondary metric"). The
slot is the noun phrase of that sentence, its head the phrase's last word.

An update revises the one earlier statement whose slot has the same head (a general synonym
counts: goal/target, heading/title, metric/outcome) and names the same copies of it
("secondary", "after-party", "staging"), when it says it revises something, states a value
the earlier one lacks, and the two values are of one kind (an amount for an amount, a name or
phrase for a name or phrase). When several earlier statements fit, the one sharing the most
slot words must lead; otherwise nothing is linked: a stale value costs less than a lost one.

Pure functions of strings.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from packlight.compressor.constraints import SENTENCE_END
from packlight.compressor.cues import ADDITIVE, EXPLICIT, PROHIBITS, TEMPORAL, hedged
from packlight.compressor.revisions import (
    conditional,
    history,
    says_it_revises,
    scopes_of,
    stem,
    value_kinds,
)
from packlight.compressor.values import singular
from packlight.compressor.vocabulary import word_set
from packlight.lazy_patterns import lazy_compile

_DETERMINERS = word_set("the a an our my your their its this that these those his her")
_PREPOSITIONS = word_set(
    "for of in on at to with after before from by during under over about into per via than"
)
_NOT_A_NOUN = word_set(
    """
    we i you they he she it us them me who which what there here and or but so if when then
    also just now still only all every each any some not no is are was were be been will
    would should can could may might must has have had do does did i'd i'm we're we'll
    they'll it's that's let's let
    ok okay ta thanks thx cheers cool great nice lovely perfect brilliant appreciated sense
    """
)
"""Words that end a noun phrase: pronouns, auxiliaries, conjunctions, and the chat around
a statement ("ok makes sense Primary metric: ..."). "Let" is no noun: "let's revisit X" is
"let us", not a slot "let" whose value another "let's ..." would revise."""
_SOMEONE_ELSES = word_set("their his her")
"""Owners a statement names that are not the user ("*their* primary metric")."""
_FUNCTION_WORDS = _DETERMINERS | _PREPOSITIONS | _NOT_A_NOUN
_MARKERS = word_set(
    "new revised updated current old previous earlier former changed instead now anymore again"
)
_NOT_A_SLOT = word_set(
    """
    change plan update correction note fyi reminder context background rule fact info
    question request aside btw ps summary heads-up warning caveat
    """
)
"""Heads of a label that announce rather than name a slot ("Change of plan: ...", "Project
fact: ...", "Safety rule: ...")."""
"""Words of the update itself, not of its slot ("new spokesperson", "the old body font")."""
_VALUE_LEAD = lazy_compile(r"^(?:now|still|at|in|with|set to|going to be)\s+", re.I)
_VALUE_TAIL = lazy_compile(
    r"\s+(?:now|instead|only|from now on|from here on|from today|going forward|these days|"
    r"from (?:this|next) \w+(?: on)?|effective immediately)$",
    re.I,
)
_A_CLAUSE = lazy_compile(r"\b(?:is|are|was|were)\b", re.I)
_VALUE_END = lazy_compile(
    r"\s+(?:in|after|before|because|since|for|from|when|with|on|at|by|until|so|and|but)\s.*$",
    re.I,
)
"""Where the circumstances of a change begin ("Texas *in the last turn*", "€4,625 *after
the audit*")."""
_NOT_A_VALUE = lazy_compile(
    r"^(?:to|that|this|it|them|because|why|how|what|whether|not|no|being|a bit)\b"
    # An order ("Change of plan: use port 2 ..."), not a value.
    r"|^(?:use|keep|put|make|set|switch|send|call|run|go|stop|start|let|please|don't|never|"
    r"always)\b"
    # A passive ("releases are cut from ...", "the release is named ..."): what is done to
    # the subject, not its value.
    r"|^(?:\w+ed|cut|set|put|kept|held|run|built|made|done|given|known|shown|seen|sent|"
    r"spent|called|named)\b"
    r"|\b(?:is|are|was|were)\b",  # a clause, not a value ("our launch partner is ...")
    re.I,
)
_MAX_VALUE_WORDS = 5
_MAX_SLOT_WORDS = 3
_CLAUSE = r"(?:[^,;:.!?]|[,.:](?=\d))"
"""One character of a clause: a comma or stop inside a number ("£4,600", "0.05") is not its
end."""

_LABEL = lazy_compile(rf"(?P<slot>{_CLAUSE}{{2,60}}):\s+(?P<value>{_CLAUSE}{{1,60}})")
_COPULA = lazy_compile(
    rf"(?P<slot>{_CLAUSE}{{2,80}}?)\s+(?:is|are|will be|has to be|should be)\s+"
    rf"(?P<value>{_CLAUSE}{{1,60}})"
)
# "heading font's Palatino now", "after-party's at ...": only when no "is" is written, as
# "'s" is a possessive more often ("the experiment's primary metric is ...").
_CONTRACTED = lazy_compile(rf"(?P<slot>{_CLAUSE}{{2,60}}?)'s\s+(?P<value>{_CLAUSE}{{1,60}})")
# "Please format all references in Turabian", "put the agenda times in Gulf Standard Time",
# "the section titles set in Calibri".
_WRITTEN_IN = lazy_compile(
    r"\b(?:set|format(?:ted)?|put|quote[ds]?|write|written|keep|show|give|express(?:ed)?)\s+"
    rf"(?P<slot>{_CLAUSE}{{2,60}}?)\s+in\s+(?P<value>{_CLAUSE}{{1,60}})",
    re.I,
)
# "Use Harvard for the bibliography", "i'd rather have Harvard for citations".
_USED_FOR = lazy_compile(
    rf"\b(?:use|using|have|prefer)\s+(?P<value>{_CLAUSE}{{1,60}}?)\s+for\s+"
    rf"(?P<slot>{_CLAUSE}{{2,60}})",
    re.I,
)
_CHANGE_OF = lazy_compile(
    r"\b(?:chang|swapp|switch|mov|relax|rais|lower|bump|shift|rebook|updat|increas|reduc|"
    r"extend|tighten|cut|drop|set)(?:ed|ing|s)?\s+"
    rf"(?P<slot>{_CLAUSE}{{2,60}}?)\s+to\s+(?P<value>{_CLAUSE}{{1,60}})",
    re.I,
)
_CHANGED_TO = lazy_compile(
    rf"(?P<slot>{_CLAUSE}{{2,60}}?)\s+(?:changed|switched|moved|dropped|rose|fell|went up|"
    rf"went down|shrank|grew)\s+to\s+(?P<value>{_CLAUSE}{{1,60}})",
    re.I,
)
_AS_THE = lazy_compile(
    rf"(?P<value>{_CLAUSE}{{1,60}}?)\s+as\s+(?P<slot>(?:the|our|my)\s+{_CLAUSE}{{2,40}})"
)
_REPLACES = lazy_compile(
    rf"\breplaces\s+(?P<slot>(?:the|our|my)\s+(?:old|previous|earlier|former)\s+{_CLAUSE}{{2,40}})",
    re.I,
)


# What each shape above needs around its slot, looked for first: the shapes open with up to
# 60 characters of a clause tried lazily at every position, which costs far more than this
# test where they cannot match (most sentences).
_HINTS: dict[re.Pattern[str], re.Pattern[str]] = {
    _CHANGED_TO: re.compile(
        r"\s(?:changed|switched|moved|dropped|rose|fell|went up|went down|shrank|grew)\s+to\s",
        re.I,
    ),
    _LABEL: re.compile(r":\s"),
    _AS_THE: re.compile(r"\sas\s+(?:the|our|my)\s"),
    _COPULA: re.compile(r"\s(?:is|are|will be|has to be|should be)\s"),
    _CONTRACTED: re.compile(r"'s\s"),
}


_FIRST_SENTENCE = lazy_compile(r"(?<=[.!?])\s+")
"""Where a sentence ends, whatever case the next begins with ("... Yara Fairbanks. they'll
do the radio slot too")."""


@dataclass(frozen=True, slots=True)
class Slot:
    """The slot one statement states a value for."""

    head: str
    """The last word of the slot's noun phrase, stemmed ("metri" for "primary metric")."""
    stems: frozenset[str]
    """Every word of the noun phrase, stemmed."""
    phrase: tuple[str, ...]
    """The noun phrase's words, stemmed, in order."""
    scopes: frozenset[str]
    """The copies of a thing the noun phrase names ("secondary", "afterparty")."""
    all_scopes: frozenset[str]
    """The copies it names with what qualifies the phrase ("the budget *for the
    conference*")."""
    value: str | None
    """The value as written, or ``None`` when the sentence names only the slot ("it replaces
    the old secondary metric")."""


def _words(text: str) -> list[str]:
    """Lower-case words, plurals folded ("the agenda times", "every session time")."""
    words = [w.lower().removesuffix("'s").strip("'") for w in re.findall(r"[A-Za-z][\w'-]*", text)]
    return [w if w in _FUNCTION_WORDS or len(w) <= 3 else singular(w) for w in words]


def _noun_phrase(text: str) -> list[str]:
    """The noun phrase a slot is named by: the last run of words that is not the object of
    a preposition ("Our *press contact* for the launch", "For the final runs the *random
    seed*"), without the words of the update itself ("new", "old"); none when another owner's
    ("*their* primary metric")."""
    runs: list[tuple[list[str], str]] = []
    run: list[str] = []
    an_object = False
    before = ""
    for word in _words(text):
        if word in _PREPOSITIONS or word in _DETERMINERS or word in _NOT_A_NOUN:
            if run and not an_object:
                runs.append((run, before))
            if run or word not in _DETERMINERS:
                # A determiner right after a preposition ("for the launch") keeps its
                # object coming; one after a noun ("the final runs the seed") opens a new
                # phrase.
                an_object = word in _PREPOSITIONS
            run = []
            before = word
            continue
        run.append(word)
    if run and not an_object:
        runs.append((run, before))
    if not runs or runs[-1][1] in _SOMEONE_ELSES:
        return []
    phrase = [w for w in runs[-1][0] if w not in _MARKERS]
    return phrase[-_MAX_SLOT_WORDS:]


def _clean_value(value: str) -> str | None:
    value = value.strip()
    value = _VALUE_LEAD.sub("", value)
    value = _VALUE_END.sub("", value)
    for _ in range(2):
        value = _VALUE_TAIL.sub("", value).strip()
    if not value or _NOT_A_VALUE.match(value) or len(value.split()) > _MAX_VALUE_WORDS:
        return None
    return value


def _slot(phrase: list[str], scope_text: str, value: str | None) -> Slot | None:
    if not phrase or phrase[-1] in _NOT_A_SLOT:
        return None
    return Slot(
        head=stem(phrase[-1]),
        stems=frozenset(stem(w) for w in phrase),
        phrase=tuple(stem(w) for w in phrase),
        scopes=scopes_of(" ".join(phrase)),
        all_scopes=scopes_of(scope_text),
        value=value,
    )


@functools.lru_cache(maxsize=8_192)
def slot_of(text: str) -> Slot | None:
    """The slot the first sentence of ``text`` states a value for, when its shape says
    which; ``None`` otherwise."""
    first = SENTENCE_END.split(text, maxsplit=1)[0].strip()
    if match := _REPLACES.search(first):
        slot_text = match.group("slot")
        return _slot(_noun_phrase(slot_text), slot_text, None)
    for pattern in (
        _CHANGE_OF,
        _CHANGED_TO,
        _LABEL,
        _AS_THE,
        _COPULA,
        _CONTRACTED,
        _WRITTEN_IN,
        _USED_FOR,
    ):
        hint = _HINTS.get(pattern)
        if hint is not None and hint.search(first) is None:
            continue
        match = pattern.search(first)
        if match is None:
            continue
        slot_text = match.group("slot")
        if pattern is _LABEL and _A_CLAUSE.search(slot_text):
            continue  # "sync is Mondays at 15:15": a time, not a label
        if pattern is _AS_THE:
            # "We'll also look at *weekly active teams* as the secondary metric": the value
            # is the run of words right before "as".
            words = match.group("value").split()
            tail: list[str] = []
            for word in reversed(words):
                if word.lower() in _PREPOSITIONS or word.lower() in _NOT_A_NOUN:
                    break
                tail.insert(0, word)
            value = _clean_value(" ".join(tail))
        else:
            value = _clean_value(match.group("value"))
        if value is None:
            continue
        found = _slot(_noun_phrase(slot_text), slot_text, value)
        if found is not None:
            return found
    return None


_FREE_TEXT = frozenset({"name", "phrase"})
_SPECIFIC = frozenset({"money", "percent", "duration", "date"})


def _value_class(value: str) -> str:
    """What kind of value ``value`` is as a whole: a kind of
    :func:`~packlight.compressor.revisions.value_kinds` that covers most of it, else a
    phrase."""
    for kind, found in value_kinds(value).items():
        if any(len(v) >= 0.6 * len(value) for v in found):
            return kind
    return "phrase"


def _kinds_agree(later: Slot, earlier: Slot | None, earlier_text: str) -> bool:
    if later.value is None:
        return True
    new = _value_class(later.value)
    if earlier is not None and earlier.value is not None:
        old = _value_class(earlier.value)
        return old == new or {old, new} <= _FREE_TEXT
    kinds = set(value_kinds(earlier_text))
    if new in _FREE_TEXT:
        return not (kinds & _SPECIFIC or any(k.startswith("count:") for k in kinds))
    return new in kinds


def _without_main(scopes: frozenset[str]) -> frozenset[str]:
    return scopes - {"main"}


def _same_copies(later: Slot, earlier: Slot) -> bool | None:
    """Whether the two slots name the same copies of a thing: ``True`` when they name the
    same ones ("the primary one" and an unqualified one are the same), ``None`` when only
    what qualifies one of them names a copy the other leaves unsaid ("Secondary metric *for
    the test*", "the secondary metric"), ``False`` otherwise."""
    if _without_main(later.all_scopes) == _without_main(earlier.all_scopes):
        return True
    if _without_main(later.scopes) != _without_main(earlier.scopes):
        return False
    apart = later.all_scopes and earlier.all_scopes and not later.all_scopes & earlier.all_scopes
    return None if not apart else False


_MIN_NAMED_WORDS = 2


def _asks(text: str) -> bool:
    """Whether ``text`` or its first sentence is a question ("Wait, is the primary metric
    really what I told you? Don't change it."): it states no value."""
    first = _FIRST_SENTENCE.split(text, maxsplit=1)[0]
    return text.rstrip().endswith("?") or first.rstrip().endswith("?")


def _named_in(later: Slot, text: str) -> Slot | None:
    """The slot of ``later`` as ``text`` names it word for word, when the shape of ``text``
    does not say which slot it fills ("As a *secondary outcome* we track ..." for "the
    secondary metric"): a phrase of two words or more, never a lone head noun."""
    if len(later.phrase) < _MIN_NAMED_WORDS:
        return None
    first = _FIRST_SENTENCE.split(text, maxsplit=1)[0]
    words = _words(first)
    stems = [stem(w) for w in words]
    size = len(later.phrase)
    for start in range(len(stems) - size + 1):
        if start and words[start - 1] in _SOMEONE_ELSES:
            continue  # "... as *their* primary metric": another owner's slot
        if tuple(stems[start : start + size]) == later.phrase:
            return Slot(
                head=later.head,
                stems=later.stems,
                phrase=later.phrase,
                scopes=later.scopes,
                all_scopes=scopes_of(first),
                value=None,
            )
    return None


def _other_component(later: Slot, earlier: Slot) -> bool:
    """Whether the two phrases name different things of one kind: read back from their
    heads, the first words that differ are both there ("the *report exporter* admin
    endpoint", "the *cache warmer* admin endpoint"); one phrase that only says less ("the
    headings", "the section titles") names the same thing."""
    for first, second in zip(reversed(later.phrase), reversed(earlier.phrase), strict=False):
        if first != second:
            return True
    return False


def slot_link(later_text: str, earlier_texts: Sequence[str]) -> int | None:
    """The position of the one earlier statement ``later_text`` revises by the slot both
    name, or ``None`` when there is none or more than one could be meant."""
    first = _FIRST_SENTENCE.split(later_text, maxsplit=1)[0]
    if (
        hedged(later_text)
        or ADDITIVE.search(first)
        or history(later_text)
        or not says_it_revises(later_text)
    ):
        return None
    later = slot_of(later_text)
    if later is None:
        return None
    adds_a_rule = PROHIBITS.search(later_text) is not None and not (
        EXPLICIT.search(later_text) or TEMPORAL.search(later_text)
    )
    fits: list[tuple[int, int]] = []
    loose: list[int] = []
    same_head = 0
    for position, text in enumerate(earlier_texts):
        if hedged(text) or _asks(text) or conditional(text):
            continue
        earlier = slot_of(text)
        if earlier is None or later.head not in earlier.stems:
            earlier = _named_in(later, text)
            if earlier is None:
                continue
        same_head += 1
        if adds_a_rule and PROHIBITS.search(text):
            continue
        if later.value is not None and later.value.lower() in text.lower():
            continue  # it states no new value for this one
        copies = _same_copies(later, earlier)
        if (
            copies is False
            or _other_component(later, earlier)
            or not _kinds_agree(later, earlier, text)
        ):
            continue
        if copies is None:
            loose.append(position)
            continue
        fits.append((len(later.stems & earlier.stems), position))
    if not fits:
        # A slot qualified differently is the one meant only when no other has its head.
        return loose[0] if len(loose) == 1 and same_head == 1 else None
    fits.sort(reverse=True)
    if len(fits) > 1 and fits[1][0] >= fits[0][0]:
        return None
    return fits[0][1]
