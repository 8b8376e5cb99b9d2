"""The record of what the user stated, and the sentence classifiers it was first built on.

:class:`Constraint` is one statement of the user's (a rule, constraint, goal, fact,
preference or question) with its kind and subject; :mod:`packlight.compressor.statements`
decides which sentences are statements and which later statement replaces which.

The classifiers here (:func:`is_constraint`, :func:`is_stated_fact`) recognise rules and
explicit facts by their wording ("must", "never", "at most $800", "Note: ...", "The branch
is rel-2"). They decide what counts in text that is not a person's own statement: a system
or developer prompt's rules, the rules of a long pasted document, and the evaluation's
constraint probes. :func:`sentences` splits text into sentences and bullets outside fenced
code; :func:`content_words` gives the words that carry a text's topic.

Pure functions of strings; nothing here looks at messages.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from packlight.compressor.vocabulary import word_set
from packlight.lazy_patterns import lazy_compile

StatementKind = Literal["rule", "constraint", "goal", "fact", "preference", "question"]
KINDS: tuple[StatementKind, ...] = ("rule", "constraint", "goal", "fact", "preference", "question")
"""Statement kinds in the order a checkpoint lists them (and keeps them under pressure)."""
PRIORITY: dict[str, int] = {kind: len(KINDS) - rank for rank, kind in enumerate(KINDS)}
"""Higher is kept longer: when a checkpoint's budget cannot hold every statement, questions
go first and safety rules and hard constraints last."""


@dataclass(frozen=True, slots=True)
class Constraint:
    """One statement of the user's (a rule, constraint, goal, fact, preference or question),
    verbatim, with what it is about."""

    subject: str
    """Normalised key: a topic like ``"money-limit"`` or sorted content words."""
    text: str
    """The sentence or bullet exactly as written, with its follow-on sentences."""
    index: int
    """Index of the message it came from in the full transcript."""
    kind: StatementKind = "constraint"
    """What the statement is; orders and groups statements, never decides whether one is kept."""
    uncertain: bool = False
    """A later statement may have replaced it (kept, marked, when linking was in doubt)."""
    replaced_by: int | None = field(default=None, compare=False)
    """Of a superseded statement: the index of the message whose statement replaced it (not
    part of what the statement is: a statement equals itself before and after it goes)."""
    kept: str | None = field(default=None, compare=False)
    """Of a superseded statement that a later one revised in one of its parts only ("Book me
    a flight from Boston to Denver on May 3, aisle seat, economy." and later "make it a window
    seat"): its other parts, as written ("Book me a flight from Boston to Denver on May 3,
    economy."), which stay in force as a statement of their own."""


def _check_caseless(source: str, flags: int) -> None:
    # An upper-case letter other than an escape's (``\\S``) or a named group's ``(?P``.
    if not flags & re.IGNORECASE or re.search(r"(?<!\\)(?<!\(\?)[A-Z]", source):
        raise ValueError(f"not a case-insensitive pattern in lower case: {source}")


class CaselessPattern:
    """A case-insensitive pattern written in lower case, searched for case-sensitively in
    lower-cased text where that finds the same (``re`` matches case-sensitively several
    times faster): in ASCII text, whose lower case has the same length and folds case as the
    flag does (outside ASCII it does not: the Kelvin sign matches "k"). Where it finds
    something, the original pattern's match of the original text is handed back."""

    __slots__ = ("_lower", "pattern")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        _check_caseless(pattern.pattern, pattern.flags)
        self.pattern = pattern
        self._lower = lazy_compile(pattern.pattern, pattern.flags & ~re.IGNORECASE)

    @classmethod
    def compile(cls, pattern: str, flags: int) -> CaselessPattern:
        """The pattern and its lower-case twin, each compiled at its first use
        (:func:`~packlight.lazy_patterns.lazy_compile`)."""
        _check_caseless(pattern, flags)
        made = cls.__new__(cls)
        made.pattern = lazy_compile(pattern, flags)
        made._lower = lazy_compile(pattern, flags & ~re.IGNORECASE)
        return made

    def search(self, text: str) -> re.Match[str] | None:
        """``pattern.search(text)``."""
        if text.isascii() and self._lower.search(text.lower()) is None:
            return None
        return self.pattern.search(text)

    def split(self, text: str) -> list[str]:
        """``pattern.split(text)``, for a pattern without groups that never matches empty (the
        pieces between its matches)."""
        if self.pattern.groups or not text.isascii():
            return self.pattern.split(text)
        pieces: list[str] = []
        at = 0
        for found in self._lower.finditer(text.lower()):
            pieces.append(text[at : found.start()])
            at = found.end()
        pieces.append(text[at:])
        return pieces


_FENCE = lazy_compile(r"```.*?(?:```|\Z)", re.DOTALL)
_BULLET = lazy_compile(r"^\s*(?:[-*+\u2022]|\d{1,3}[.)])\s+")
# A markdown heading or a bold lead-in ("**CRITICAL REQUIREMENTS:**") titles what follows.
_HEADING = lazy_compile(r"^\s*(?:#{1,6}\s|\*\*[^*]+\*\*:?\s*$|[A-Z][\w ]{0,40}:\s*$)")
SENTENCE_END = re.compile(
    r"(?<=[.!?])"
    # A title before a name ends no sentence: "Switching vets, Dr. Achterberg please."
    + "".join(rf"(?<!\b{title}\.)" for title in ("Dr", "Mr", "Mrs", "Ms", "Prof", "Capt", "Rev"))
    + r"\s+(?=[\"'(\[]?[A-Z0-9])"
)
_STOP_THEN_SPACE = lazy_compile(r"[.!?]\s")
"""What both splits of a sentence need (:data:`SENTENCE_END` and :data:`_LOWER_START`): a
pattern that opens with a class of characters is scanned for far faster than one that opens
with a look-behind, tried at every position."""
_MAX_SENTENCE = 500

_TRIGGER = CaselessPattern.compile(
    r"\b(?:must|mustn't|do not|don't|dont|at most|at least|no more than|no less than|"
    r"not more than|not exceed|up to|maximum|minimum|limit|limited|cap|capped|budget|"
    r"required|requires|prefer|preferred|preferably|please use|make sure|ensure|avoid|"
    r"should|shouldn't|instead|no longer|would rather|want to use|under \$?\d|below \$?\d|"
    r"less than \$?\d|reply in|respond in|answer in|write in|use (?:tabs|spaces)|forbidden|"
    r"not allowed)\b",
    re.IGNORECASE,
)
# "always", "never" and "only" make a rule when someone is told or says they do something
# ("Always use...", "I only want...", "you must never..."), not in a description of what
# code does ("requests.get is ALWAYS sending content length").
_WEAK_TRIGGER = CaselessPattern.compile(
    r"(?:^|[:;,(]\s*|\b(?:please|and|but|so|also|then|you|we|i|i'd|i'll|you'll|must|should|"
    r"to|will|would|can)\s+)(?:always|never|only)\b"
    # an instruction that opens with a verb of manner: "Use black for formatting.", also
    # after a discourse marker: "Actually, use port 2 from now on."
    r"|^(?:(?:actually|ok|okay|also|and|so|now|then|oh|well|correction|scratch that|"
    r"on second thought)[,:;]?\s+)*(?:please\s+)?(?:use|keep|prefer|stick to|follow|stay|"
    r"respond|reply|answer|limit|format|name)\b",
    re.IGNORECASE,
)
# "I don't know / remember / have ..." is not a rule about the work.
_NOT_A_RULE = lazy_compile(
    r"\b(?:do not|don't|dont|doesn't|did not|didn't)\s+(?:really\s+)?(?:know|remember|recall|"
    r"have|think|see|understand|mean|believe|find|seem|get|worry|mind|care|hesitate)\b",
    re.IGNORECASE,
)
_STRONG = CaselessPattern.compile(
    r"\b(?:must|never|always|make sure|do not|don't|please use|only|at most|at least)\b",
    re.IGNORECASE,
)
# A user's explicit statement of a fact, a goal or a reminder is task state as much as a rule
# is: "Note: staging is read-only", "FYI the deadline is Friday", "Remember that we deploy
# from rel-2", "Goal: the health check prints OK", "We use pnpm", "The branch is rel-2".
_FACT_LABEL = lazy_compile(
    r"^(?:(?:project|important|key|quick|one more|another|side|final)\s+)?(?:facts?|notes?|nb|"
    r"n\.b\.|fyi|context|info|reminder|heads[- ]up|goals?|objective|aim|target|definition of "
    r"done|done when|success criteria|acceptance criteria|requirements?|deadline|assumptions?|"
    r"background|setup|environment|constraint|decision)\s*(?::|\s[-\u2013\u2014]\s)",
    re.IGNORECASE,
)
_FACT_LEAD = lazy_compile(
    r"^(?:(?:also|and|oh|btw|by the way|ok|okay|so),?\s+)?(?:fyi|for the record|for context|"
    r"for reference|for your information|just so you know|just a heads[- ]up|heads[- ]up|"
    r"keep in mind|bear in mind|remember|don't forget|do not forget|note|please note|"
    r"be aware|be advised|worth knowing)\b",
    re.IGNORECASE,
)
_GOAL_STATEMENT = CaselessPattern.compile(
    r"\b(?:the|our|my|your|final|main|overall)\s+(?:goal|aim|objective|target|end state)\s+"
    r"(?:is|was|here is)\b|\b(?:done|finished|complete|completed|successful)\s+(?:only\s+)?"
    r"(?:when|once|if)\b|\bsuccess (?:means|is when)\b",
    re.IGNORECASE,
)
_FIRST_PERSON_FACT = lazy_compile(
    r"^(?:(?:also|and|btw|so|actually|oh),?\s+)?(?:we|our team|the team|i)\s+(?:always\s+|"
    r"usually\s+|now\s+)?(?:use|are using|'re using|deploy|ship|host|run|target|build|store|"
    r"keep|work on|release|test)\b|^(?:(?:also|and|btw|so|actually|oh),?\s+)?(?:our|my)\s+"
    r"[^.?!]{1,60}?\s(?:is|are|was|lives|runs|=)\s",
    re.IGNORECASE,
)
# "The <thing> is <value>" is a fact when the thing is one a project names and a user
# tells: a branch, a host, a port, an account (not "the problem is that ...").
_NAMED_THING = lazy_compile(
    r"^(?:(?:also|and|btw|so|actually|oh),?\s+)?the\s+(?:[\w-]+\s+){0,4}?(?:branch|repo|"
    r"repository|server|host|hostname|database|db|schema|environment|env|endpoint|port|url|"
    r"domain|bucket|cluster|region|account|username|user id|id|version|release|tag|"
    r"deadline|channel|team|owner|directory|folder|path|project|service|queue|model|api key|"
    r"password|ticket|issue|budget|address|phone number|email)\s+(?:is|are|was|lives|"
    r"runs|=)\s",
    re.IGNORECASE,
)
_MAX_FACT_WORDS = 60

_WORD = lazy_compile(r"[A-Za-z][A-Za-z0-9_'-]*")


_STOPWORDS = word_set(
    """
    a about above after again against all also am an and any are aren't as at be because been
    before being below between both but by can can't cannot could couldn't did didn't do does
    doesn't doing don't dont down during each even ever every few for from further get gets
    got had hadn't has hasn't have haven't having he her here hers herself him himself his how
    i i'd i'll i'm i've if in into is isn't it it's its itself just let let's like me more most
    my myself no nor not now of off on once only or other ought our ours ourselves out over own
    same she should shouldn't so some such than that that's the their theirs them themselves
    then there there's these they they're this those through to too under until up upon us
    very was wasn't we we'd we'll we're we've were weren't what what's when where which while
    who whom why will with won't would wouldn't you you'd you'll you're you've your yours
    yourself yourselves
    must mustn't never always please make sure ensure avoid prefer preferred preferably
    required require requires requirement want wants wanted need needs needed keep kept use
    uses used using want would rather instead actually anymore longer least most limit
    limited maximum minimum max min cap capped exceed allowed forbidden important critical
    only okay ok go going still really just also thing things something anything everything
    one way time times sure able try trying change changed switch switched set update now
    """
)
_TOKEN_VALUE = lazy_compile(r"^\d|[$€£¥]")


# The classifiers below are pure functions of one sentence, and every compaction of a
# session reads the same user messages again: they are memoised.


def sentences(text: str, *, every: bool = False) -> Iterator[str]:
    """The sentences and bullets of ``text`` outside fenced code, each an exact substring
    (stripped, bullet marker removed). Headings ("## Setup", "Steps:"), sentences over 500
    characters and fenced code are a document's, and left out, unless ``every`` (a person's
    message, every word of which is kept: "Tried it locally:" leads into what follows)."""
    return iter(_sentences_of(text, every))


@functools.lru_cache(maxsize=2_048)
def _sentences_of(text: str, every: bool = False) -> tuple[str, ...]:
    # The statements and the turn reader both split every human message (a pasted issue is
    # thousands of lines): split it once.
    found: list[str] = []
    # The splits below are tried only where they can cut: most texts hold no fence, most
    # lines no end of a sentence inside them.
    # A person's message keeps its fenced code too (a pasted error, line by line).
    for block in _FENCE.split(text) if "```" in text and not every else (text,):
        for line in block.splitlines():
            if not every and _HEADING.match(line):
                continue
            marker = _BULLET.match(line)
            body = line[marker.end() :] if marker else line
            for sentence in SENTENCE_END.split(body) if _STOP_THEN_SPACE.search(body) else (body,):
                stripped = sentence.strip()
                if stripped and (every or len(stripped) <= _MAX_SENTENCE):
                    found.append(stripped)
    return tuple(found)


# People typing in a chat often start a sentence in lower case ("thanks! staging moved to
# 10.0.0.7. what should go first?"): a full stop, a question or an exclamation mark before a
# lower-case word ends a sentence too, unless it ends an abbreviation ("e.g. the", "etc. and").
_LOWER_START = lazy_compile(r"(?<=[a-z0-9)\]\"'][.!?])\s+(?=[a-z])")
_ABBREVIATION = lazy_compile(
    r"(?:^|\s)(?:e\.g|i\.e|etc|vs|approx|incl|esp|cf|resp|min|max|no|nr|ca|fig|ref|dept)\.$",
    re.IGNORECASE,
)


def lower_case_sentences(sentence: str) -> Iterator[str]:
    """``sentence`` split where a sentence typed in lower case begins (see above)."""
    if not _STOP_THEN_SPACE.search(sentence):
        yield sentence  # nothing to split at (the split would give the sentence whole)
        return
    pending = ""
    for part in _LOWER_START.split(sentence):
        pending = f"{pending} {part}" if pending else part
        if not _ends_in_abbreviation(pending):
            yield pending
            pending = ""
    if pending:
        yield pending


_ABBREVIATION_TAIL = 10
"""Characters at the end of a text that an abbreviation's match lies within: a space, at most
six letters, the full stop and a line break that ``$`` allows after it."""


def _ends_in_abbreviation(text: str) -> bool:
    """``_ABBREVIATION.search(text)``, looking at the tail only: scanning a whole sentence for
    a pattern anchored at its end costs more than the split it decides. (In a tail of ten
    characters ``^`` cannot open a match: no abbreviation is eight letters long.)"""
    if len(text) > _ABBREVIATION_TAIL:
        text = text[-_ABBREVIATION_TAIL:]
    return _ABBREVIATION.search(text) is not None


@functools.lru_cache(maxsize=16_384)
def is_constraint(sentence: str) -> bool:
    """Whether a user sentence states a rule or a preference (not a question or a fact)."""
    if _TRIGGER.search(sentence) is None and _WEAK_TRIGGER.search(sentence) is None:
        return False
    if _NOT_A_RULE.search(sentence):
        rest = _NOT_A_RULE.sub("", sentence)
        if not (_TRIGGER.search(rest) or _WEAK_TRIGGER.search(rest)):
            return False
    return not (sentence.rstrip().endswith("?") and not _STRONG.search(sentence))


@functools.lru_cache(maxsize=16_384)
def is_stated_fact(sentence: str) -> bool:
    """Whether a user sentence explicitly states a fact, a goal or a reminder the work
    depends on ("Note: the API is rate limited", "Remember that we deploy from rel-2", "The
    goal is a green CI run", "Our staging host is db-3"), as opposed to a question or a
    passing remark. Labels and lead-ins make the statement explicit; a bare "the X is Y"
    counts only for things a project names (a branch, a host, a port, an account)."""
    stripped = sentence.strip()
    if stripped.endswith("?") or len(stripped.split()) > _MAX_FACT_WORDS:
        return False
    return bool(
        _FACT_LABEL.match(stripped)
        or _FACT_LEAD.match(stripped)
        or _GOAL_STATEMENT.search(stripped)
        or _FIRST_PERSON_FACT.match(stripped)
        or _NAMED_THING.match(stripped)
    )


def _stem(word: str) -> str:
    """Fold plurals ("budgets", "libraries") so that a subject survives a rewording."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and len(word) > 3 and not word.endswith(("ss", "us", "is", "ys", "'s")):
        return word[:-1]
    return word


_ACRONYM_PLURAL = re.compile(r"[A-Z]{2,}s")


@functools.lru_cache(maxsize=16_384)
def content_words(text: str) -> frozenset[str]:
    """The words of ``text`` that carry its topic: no stopwords, no values, plurals folded."""
    words = set()
    for match in _WORD.finditer(text):
        token = match.group().lower().strip("'-_")
        if _TOKEN_VALUE.match(token) or token in _STOPWORDS:
            continue
        # "GPUs", "CPUs", "VMs": the plural of an acronym ("status" keeps its s).
        stem = token[:-1] if _ACRONYM_PLURAL.fullmatch(match.group()) else _stem(token)
        if len(stem) > 1 and stem not in _STOPWORDS:
            words.add(stem)
    return frozenset(words)
