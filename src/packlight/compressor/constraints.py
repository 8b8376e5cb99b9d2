"""Constraints and preferences stated by the user, and what each one is about.

A constraint is a sentence or a bullet of user (or developer/system) text that limits or
steers the work: "must", "never", "at most $800", "reply in French", "use tabs". Each gets a
*subject*, a normalised key saying what it constrains, so that a later statement on the same
subject replaces the earlier one: "keep the budget under $500" supersedes "spend at most
$800" (both are about the money limit), "use spaces" supersedes "use tabs" (indentation).

Subjects come from, in order:

1. topic groups for the preferences users most often revise (money limit, indentation,
   reply language, line length, quote style, time of day, travel class, payment method,
   response length, output format, dependencies);
2. the phrase a constraint is built on ("use X for *formatting*", "set *the timeout* to 30",
   "*the summary* must be short");
3. otherwise every content word (stopwords and values removed, plurals folded).

An explicit update ("actually", "instead", "change X to Y", "no longer", "switch to") also
replaces the active constraint whose subject shares the most words with it, among those on
the subject it names, if it names one (a port for *the cache warmer* never replaces the one
for *the report exporter*, however many words the two sentences share).

Pure functions of strings; nothing here looks at messages.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

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


_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_BULLET = re.compile(r"^\s*(?:[-*+\u2022]|\d{1,3}[.)])\s+")
# A markdown heading or a bold lead-in ("**CRITICAL REQUIREMENTS:**") titles what follows.
_HEADING = re.compile(r"^\s*(?:#{1,6}\s|\*\*[^*]+\*\*:?\s*$|[A-Z][\w ]{0,40}:\s*$)")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])")
_MAX_SENTENCE = 500

_TRIGGER = re.compile(
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
_WEAK_TRIGGER = re.compile(
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
_NOT_A_RULE = re.compile(
    r"\b(?:do not|don't|dont|doesn't|did not|didn't)\s+(?:really\s+)?(?:know|remember|recall|"
    r"have|think|see|understand|mean|believe|find|seem|get|worry|mind|care|hesitate)\b",
    re.IGNORECASE,
)
_STRONG = re.compile(
    r"\b(?:must|never|always|make sure|do not|don't|please use|only|at most|at least)\b",
    re.IGNORECASE,
)
# "change ... to" revises when it is a verb ("change it to 600"), not when it names a change
# ("proceed with the change to the new flights").
_CHANGE_VERB = r"(?<!\bthe )(?<!\ba )(?<!\bthis )(?<!\bthat )(?<!\byour )(?<!\bmy )change"
_UPDATE = re.compile(
    r"\b(?:actually|instead|no longer|not anymore|any ?more|"
    + _CHANGE_VERB
    + r"(?:d)? (?:it |that |this |"
    r"the \w+ )?to|switch(?:ed)? to|from now on|scratch that|on second thought|correction|"
    r"rather than|update)\b",
    re.IGNORECASE,
)
_STRONG_UPDATE = re.compile(
    r"\b(?:instead|no longer|" + _CHANGE_VERB + r"(?:d)? (?:it |that |this |the \w+ )?to|"
    r"switch(?:ed)? to|"
    r"scratch that|from now on)\b",
    re.IGNORECASE,
)

# A user's explicit statement of a fact, a goal or a reminder is task state as much as a rule
# is: "Note: staging is read-only", "FYI the deadline is Friday", "Remember that we deploy
# from rel-2", "Goal: the health check prints OK", "We use pnpm", "The branch is rel-2".
_FACT_LABEL = re.compile(
    r"^(?:(?:project|important|key|quick|one more|another|side|final)\s+)?(?:facts?|notes?|nb|"
    r"n\.b\.|fyi|context|info|reminder|heads[- ]up|goals?|objective|aim|target|definition of "
    r"done|done when|success criteria|acceptance criteria|requirements?|deadline|assumptions?|"
    r"background|setup|environment|constraint|decision)\s*(?::|\s[-\u2013\u2014]\s)",
    re.IGNORECASE,
)
_FACT_LEAD = re.compile(
    r"^(?:(?:also|and|oh|btw|by the way|ok|okay|so),?\s+)?(?:fyi|for the record|for context|"
    r"for reference|for your information|just so you know|just a heads[- ]up|heads[- ]up|"
    r"keep in mind|bear in mind|remember|don't forget|do not forget|note|please note|"
    r"be aware|be advised|worth knowing)\b",
    re.IGNORECASE,
)
_GOAL_STATEMENT = re.compile(
    r"\b(?:the|our|my|your|final|main|overall)\s+(?:goal|aim|objective|target|end state)\s+"
    r"(?:is|was|here is)\b|\b(?:done|finished|complete|completed|successful)\s+(?:only\s+)?"
    r"(?:when|once|if)\b|\bsuccess (?:means|is when)\b",
    re.IGNORECASE,
)
_FIRST_PERSON_FACT = re.compile(
    r"^(?:(?:also|and|btw|so|actually|oh),?\s+)?(?:we|our team|the team|i)\s+(?:always\s+|"
    r"usually\s+|now\s+)?(?:use|are using|'re using|deploy|ship|host|run|target|build|store|"
    r"keep|work on|release|test)\b|^(?:(?:also|and|btw|so|actually|oh),?\s+)?(?:our|my)\s+"
    r"[^.?!]{1,60}?\s(?:is|are|was|lives|runs|=)\s",
    re.IGNORECASE,
)
# "The <thing> is <value>" is a fact when the thing is one a project names and a user
# tells: a branch, a host, a port, an account (not "the problem is that ...").
_NAMED_THING = re.compile(
    r"^(?:(?:also|and|btw|so|actually|oh),?\s+)?the\s+(?:[\w-]+\s+){0,4}?(?:branch|repo|"
    r"repository|server|host|hostname|database|db|schema|environment|env|endpoint|port|url|"
    r"domain|bucket|cluster|region|account|username|user id|id|version|release|tag|"
    r"deadline|channel|team|owner|directory|folder|path|project|service|queue|model|api key|"
    r"password|ticket|issue|budget|address|phone number|email)\s+(?:is|are|was|lives|"
    r"runs|=)\s",
    re.IGNORECASE,
)
_MAX_FACT_WORDS = 60

_AMOUNT = re.compile(
    r"[$€£¥]\s?\d|\b\d[\d,.]*\s?(?:USD|EUR|GBP|dollars?|euros?|pounds|bucks|k)\b", re.IGNORECASE
)
_LANGUAGES = (
    r"English|French|Spanish|German|Chinese|Mandarin|Cantonese|Japanese|Korean|Italian|"
    r"Portuguese|Russian|Arabic|Hindi|Dutch|Swedish|Norwegian|Danish|Finnish|Polish|Turkish|"
    r"Vietnamese|Thai|Indonesian|Greek|Hebrew|Czech|Ukrainian|Romanian|Hungarian"
)
# (subject, pattern): the first group whose pattern matches names the subject. Order matters
# where topics overlap: a money limit paid by card is about the limit.
_GROUPS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("indentation", re.compile(r"\b(?:tabs?|spaces|indent(?:ation|ed|ing|s)?)\b", re.I)),
    ("reply-language", re.compile(rf"\b(?:{_LANGUAGES})\b")),
    (
        "line-length",
        re.compile(
            r"\b(?:line[- ]length|line width|(?:characters|chars|columns) (?:per|a) line|"
            r"max[- ]line|lines? (?:(?:must|should) )?(?:be |stay |are )?(?:under|below|"
            r"shorter than|at most|of at most|no longer than) \d+)",
            re.I,
        ),
    ),
    ("quote-style", re.compile(r"\b(?:single|double)[- ]quot(?:es?|ed)\b|\bquote style\b", re.I)),
    (
        "money-limit",
        re.compile(
            r"\A(?=.*(?:[$€£¥]\s?\d|\b\d[\d,.]*\s?(?:USD|EUR|GBP|dollars?|euros?|pounds|bucks)\b|"
            r"\b(?:budget|spend|spending|cost|costs|price|prices|afford|expensive|cheap|"
            r"cheaper|cheapest)\b))"
            r"(?=.*\b(?:under|below|at most|at least|no more than|less than|more than|max|"
            r"maximum|minimum|limit|cap|capped|budget|within|exceed|up to|over|spend|cheapest|"
            r"cheaper|cheap|afford)\b)",
            re.I | re.S,
        ),
    ),
    (
        "payment-method",
        re.compile(
            r"\b(?:pay(?:ing|ment)?|credit card|debit card|gift card|certificates?|"
            r"travel credits?|paypal|card ending)\b",
            re.I,
        ),
    ),
    (
        "time-of-day",
        re.compile(
            r"\b\d{1,2}(?::\d{2})?\s?(?:AM|PM|am|pm|a\.m\.|p\.m\.)|\b(?:in the )?(?:morning|"
            r"afternoon|evening|overnight|red-eye|noon|midnight)\b",
            re.I,
        ),
    ),
    (
        "travel-class",
        re.compile(
            r"\b(?:basic economy|economy|business class|first class|premium economy|cabin)\b|"
            r"\bbusiness\b(?=.*\b(?:class|cabin|seat|flight|fare|ticket)s?\b)",
            re.I,
        ),
    ),
    (
        "response-length",
        re.compile(
            r"\b(?:concise|brief|briefly|terse|verbose|wordy|short answers?|long answers?|"
            r"\d+ (?:words|sentences|paragraphs|lines)|word count|word limit)\b",
            re.I,
        ),
    ),
    (
        "output-format",
        re.compile(
            r"\b(?:markdown|bullet points?|bulleted|plain text|as a table|in a table|as json|"
            r"in json|as yaml|output format|formatted as)\b",
            re.I,
        ),
    ),
    (
        "dependencies",
        re.compile(
            r"\b(?:dependenc(?:y|ies)|third[- ]party (?:packages?|libraries|libs)|"
            r"standard library|stdlib|new packages?|pip install)\b",
            re.I,
        ),
    ),
)
_GROUP_NAMES = frozenset(name for name, _ in _GROUPS)

# "use X for Y", "set Y to X", "Y must be X", "keep Y under X": the subject is Y.
_PHRASES: tuple[re.Pattern[str], ...] = (
    re.compile(r"\b(?:use|using|prefer|choose|pick)\s+.+?\s+(?:for|as)\s+(?P<subject>.+)", re.I),
    re.compile(r"\b(?:set|change|switch|update|make)\s+(?P<subject>.+?)\s+(?:to|into)\s+.+", re.I),
    re.compile(
        r"^(?P<subject>.+?)\s+(?:must|should|has to|needs to|shall)\s+(?:not\s+)?"
        r"(?:be|stay|remain|exceed|use|go)\b",
        re.I,
    ),
    re.compile(
        r"\bkeep\s+(?P<subject>.+?)\s+(?:under|below|at most|at least|above|within|less than|"
        r"more than|to|as|in)\b",
        re.I,
    ),
)

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*")


def _words(text: str) -> frozenset[str]:
    """A set of words written as one string, for the long word lists below."""
    return frozenset(text.split())


_STOPWORDS = _words(
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
_TOKEN_VALUE = re.compile(r"^\d|[$€£¥]")


# The classifiers below are pure functions of one sentence, and every compaction of a
# session reads the same user messages again: they are memoised.


def sentences(text: str) -> Iterator[str]:
    """The sentences and bullets of ``text`` outside fenced code, each an exact substring
    (stripped, bullet marker removed)."""
    for block in _FENCE.split(text):
        for line in block.splitlines():
            if _HEADING.match(line):
                continue
            marker = _BULLET.match(line)
            body = line[marker.end() :] if marker else line
            for sentence in SENTENCE_END.split(body):
                stripped = sentence.strip()
                if stripped and len(stripped) <= _MAX_SENTENCE:
                    yield stripped


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


@functools.lru_cache(maxsize=16_384)
def is_update(sentence: str) -> bool:
    """Whether a sentence explicitly revises an earlier statement ("actually", "instead")."""
    return _UPDATE.search(sentence) is not None


def _stem(word: str) -> str:
    """Fold plurals ("budgets", "libraries") so that a subject survives a rewording."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and len(word) > 3 and not word.endswith(("ss", "us", "is", "ys", "'s")):
        return word[:-1]
    return word


@functools.lru_cache(maxsize=16_384)
def content_words(text: str) -> frozenset[str]:
    """The words of ``text`` that carry its topic: no stopwords, no values, plurals folded."""
    words = set()
    for match in _WORD.finditer(text):
        token = match.group().lower().strip("'-_")
        if _TOKEN_VALUE.match(token) or token in _STOPWORDS:
            continue
        stem = _stem(token)
        if len(stem) > 1 and stem not in _STOPWORDS:
            words.add(stem)
    return frozenset(words)


@functools.lru_cache(maxsize=16_384)
def named_subject(text: str) -> str | None:
    """The subject ``text`` names: a topic group, or the phrase it is built on ("use X for
    *the cache warmer*"); ``None`` when it names none (then every content word counts)."""
    for name, pattern in _GROUPS:
        if pattern.search(text):
            return name
    for phrase in _PHRASES:
        match = phrase.search(text)
        if match:
            words = content_words(match.group("subject"))
            if words:
                return " ".join(sorted(words))
    return None


@functools.lru_cache(maxsize=16_384)
def subject_of(text: str) -> str:
    """The normalised subject of a constraint: a topic group name, or sorted content words.

    >>> subject_of("Keep the budget under $500") == subject_of("Spend at most $800")
    True
    """
    named = named_subject(text)
    if named is not None:
        return named
    words = content_words(text)
    return " ".join(sorted(words)) if words else text.strip().lower()


def _subject_words(constraint: Constraint) -> frozenset[str]:
    if constraint.subject in _GROUP_NAMES:
        return content_words(constraint.text) | {constraint.subject}
    return frozenset(constraint.subject.split()) | content_words(constraint.text)


def may_revise(update: Constraint, existing: Constraint) -> bool:
    """Whether an explicit update can be about ``existing`` when their subjects differ.

    An update that names its subject ("Actually, use port 2 for *the cache warmer admin
    endpoint*") revises only a constraint about that subject: one whose words hold the whole
    named subject, or whose own named subject the update's words hold ("the cache warmer"
    then covers "the cache warmer admin endpoint", "the report exporter admin endpoint" does
    not). Sharing a word or two ("admin endpoint") is not enough. An update that names none
    ("Actually, make it 600") may revise anything it shares words with.
    """
    if update.subject not in _GROUP_NAMES and named_subject(update.text) is None:
        return True
    named = frozenset(update.subject.split())
    if named <= _subject_words(existing):
        return True
    if existing.subject in _GROUP_NAMES:
        return False  # a different topic group: tabs are not a budget
    existing_named = named_subject(existing.text)
    return existing_named is not None and frozenset(existing_named.split()) <= _subject_words(
        update
    )


def similarity(first: Constraint, second: Constraint) -> float:
    """Jaccard overlap of two constraints' subject and content words (0.0 to 1.0)."""
    a, b = _subject_words(first), _subject_words(second)
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def subject_in_context(sentence: str, active: Sequence[Constraint]) -> str:
    """:func:`subject_of`, except that an update naming only an amount ("Actually, make it
    $600") is about the money limit when one is active."""
    subject = subject_of(sentence)
    if subject in _GROUP_NAMES or not is_update(sentence):
        return subject
    if _AMOUNT.search(sentence) and any(c.subject == "money-limit" for c in active):
        return "money-limit"
    return subject


def update_candidate(sentence: str, active: Sequence[Constraint]) -> bool:
    """Whether a sentence without a constraint trigger still revises an active constraint:
    an explicit update whose topic group or words match one ("Actually, make it $600")."""
    if not is_update(sentence) or sentence.rstrip().endswith("?"):
        return False
    subject = subject_in_context(sentence, active)
    if any(c.subject == subject for c in active):
        return True
    if _STRONG_UPDATE.search(sentence) is None:
        return False
    words = content_words(sentence)
    return any(words & _subject_words(c) for c in active)


def apply_constraint(
    active: list[Constraint],
    superseded: list[Constraint],
    new: Constraint,
    *,
    explicit: bool,
    older: Collection[Constraint] | None = None,
) -> None:
    """Add ``new`` to ``active``, moving what it replaces to ``superseded`` (in place; callers
    pass their own lists).

    A constraint replaces every active one with the same subject; with ``explicit`` (an update
    cue in its sentence) it also replaces the active one most similar to it among those it
    :func:`may_revise`. Restating a constraint word for word only refreshes its index.

    ``older``, when given, are the only constraints ``new`` may replace, all of them stated
    before it whatever their indices say: merging two ledgers, each already consistent, whose
    indices count messages of different transcripts.
    """
    for position, existing in enumerate(active):
        if existing.text == new.text:
            active[position] = new
            return

    def replaceable(existing: Constraint) -> bool:
        # Sentences of one message are a list of rules, not revisions of each other, unless
        # one says it revises ("Use tabs. Actually, use spaces.").
        if older is not None:
            return existing in older
        return explicit or existing.index != new.index

    replaced = [c for c in active if c.subject == new.subject and replaceable(c)]
    if explicit and not replaced:
        candidates = [
            i for i, c in enumerate(active) if may_revise(new, c) and (older is None or c in older)
        ]
        # the most similar one; the most recent among equally similar ones
        best = max(candidates, key=lambda i: (similarity(active[i], new), i), default=None)
        if best is not None and similarity(active[best], new) > 0:
            replaced = [active[best]]
    for old in replaced:
        active.remove(old)
        superseded.append(old)
    active.append(new)


def add_constraints(
    active: list[Constraint],
    superseded: list[Constraint],
    text: str,
    index: int,
    *,
    facts: bool = False,
    older: Collection[Constraint] | None = None,
) -> None:
    """Read the constraints of one message's ``text`` into ``active``, moving what they
    replace to ``superseded`` (both lists are the caller's own and are updated in place).
    With ``facts`` (a user's message), explicitly stated facts and goals count too: they are
    task state, updated the same way ("The branch is rel-1" ... "Actually, the branch is
    rel-2"). ``older`` is passed on to :func:`apply_constraint`."""
    for sentence in sentences(text):
        if (
            is_constraint(sentence)
            or (facts and is_stated_fact(sentence))
            or update_candidate(sentence, active)
        ):
            constraint = Constraint(subject_in_context(sentence, active), sentence, index)
            apply_constraint(
                active, superseded, constraint, explicit=is_update(sentence), older=older
            )
