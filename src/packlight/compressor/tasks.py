"""Which task is in force: the tasks a person set, stopped, paused, resumed or added, turn by
turn.

After a compaction the checkpoint tells the agent what it is working on. The first thing a
person asks is the original task, but people change their minds: "Stop working on the
timezone fix. Instead, write a short summary of the layout in NOTES.md." makes the NOTES.md
task the one in force and the timezone fix a stopped task that the agent must neither resume
nor redo; "ok, go back to the bug" makes the fix the task in force again. In a chat a person
asks for several things one after another ("Can you also add a checked bag?"), each of which
is done, refused or still open.

:func:`read_turn` reads one human message: what it does to the tasks (:data:`TurnKind`). It
works on the structure of each clause rather than on whole phrases: a clause that, after its
fillers ("ok", "actually", "change of plans:") and its polite wrapper ("could you", "I want
you to", "let's"), begins with a verb that halts work and whose object is a piece of work
(a task word, "that"/"this"/"it", a gerund of working, or words of the task in force) halts
it; so does a clause that says such a piece of work "is on hold", "can wait" or "is no
longer needed". A halted clause beside an instruction is a switch; a clause that returns to
a stopped task by its words is a resume. Rules that share the verbs ("Don't drop the users
table", "Never cancel a running migration", "Stop words stay in the index") are not halts:
their verb is negated, or their object is not a piece of work.

:func:`advance` applies a turn to the tasks; :func:`settle` marks the latest request done or
refused from the assistant's answer; :func:`track_tasks` runs both over a conversation.
Pure functions; nothing here mutates its arguments.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol, get_args

from packlight.compressor.constraints import sentences
from packlight.compressor.subjects import kind_of
from packlight.compressor.vocabulary import word_set
from packlight.messages import Message, as_mapping, is_summary, message_text
from packlight.redact import redact

__all__ = [
    "ACTIVE_STATUSES",
    "SET_ASIDE_STATUSES",
    "TASK_ORIGINS",
    "TASK_STATUSES",
    "Task",
    "TaskOrigin",
    "TaskStatus",
    "TurnKind",
    "TurnReading",
    "advance",
    "goal_of",
    "in_force",
    "merge_tasks",
    "read_turn",
    "replay_tasks",
    "settle",
    "significant_tasks",
    "task_key",
    "tasks_of",
    "track_tasks",
]

TurnKind = Literal["switch", "stop", "resume", "request", "reply"]
"""What a human message does to the tasks: ``switch`` halts the task in force and sets a new
one; ``stop`` only halts; ``resume`` returns to a stopped or paused task; ``request`` adds a
request beside the ones open (a chat's "can you also ..."); ``reply`` changes no task (an
answer, a detail, a rule)."""

TaskOrigin = Literal["original", "switch", "stop", "resume", "request"]
"""How a task was set: the session's first task, a switch, a stop (the person's words that
halted a task, kept so that nobody resumes it), a resume, or an added request."""
TASK_ORIGINS: tuple[TaskOrigin, ...] = get_args(TaskOrigin)

TaskStatus = Literal["in force", "done", "refused", "stopped", "paused", "set aside"]
"""``in force``: being worked on; ``done`` and ``refused``: an earlier request the assistant
completed or declined; ``stopped`` and ``paused``: halted by the person (paused ones are meant
to be picked up later); ``set aside``: the task in force when the person went back to an
earlier one."""
TASK_STATUSES: tuple[TaskStatus, ...] = get_args(TaskStatus)
ACTIVE_STATUSES: frozenset[TaskStatus] = frozenset({"in force", "done", "refused"})
"""The statuses the checkpoint lists under its goal."""
SET_ASIDE_STATUSES: frozenset[TaskStatus] = frozenset({"stopped", "paused", "set aside"})
"""The statuses the checkpoint lists as stopped or paused."""


@dataclass(frozen=True, slots=True)
class Task:
    """A task a person set, in their own words."""

    text: str
    """The whole message that set it, verbatim."""
    status: TaskStatus = "in force"
    how: TaskOrigin = "original"
    """How it was set: the session's first task, a switch, a resume, or an added request."""


# ----------------------------------------------------------------------------- clauses

_CLAUSE_BREAK = re.compile(
    r"\s*(?:;|:\s|\s[-\u2013\u2014]{1,2}\s|,?\s+(?:and|but|so)\s+(?=(?:then|now|instead|"
    r"please|just|go|switch|move|focus|start|begin|write|make|let's|i|we|you)\b)|"
    r",\s*(?=(?:then|instead|and|so)\b))\s*",
    re.IGNORECASE,
)
_LOWER_SENTENCE = re.compile(r"(?<=[a-z0-9)\"'][.!?])\s+(?=[a-z])")
_FILLER = re.compile(
    r"^(?:ok(?:ay)?|alright|all right|actually|wait|hold on|hmm+|sorry|please|so|right|"
    r"look|listen|hey|well|also|now|then|instead|and|but|oh|yeah|yes(?=,)|no(?=,)|"
    r"urgent(?:ly)?|sorry to interrupt|priorities (?:have )?(?:shifted|changed)|"
    r"first(?: of all)?|for now|at this point|from now on|right now|quick(?:ly)?|"
    r"as of (?:now|today|this moment)|effective (?:now|immediately)|"
    r"change of plans?|new plan|plan change|update|one more thing|new priority|heads up|fyi|"
    r"(?:a )?(?:quick )?change of direction|different thing|next up|"
    r"(?:i(?:'ve| have)|we(?:'ve| have)) changed "
    r"(?:my|our) minds?|"
    r"on second thought|second thought|thinking about it|after all)\b[\s,:;.!-]*",
    re.IGNORECASE,
)
_WRAPPER = re.compile(
    r"^(?:(?:can|could|would|will) you(?: please)?|i(?:'d| would) like (?:you )?to|"
    r"i (?:want|need) you to|you (?:can|should|may|need to|must|have to)|let's|let us|"
    r"we(?:'ll| will| should| need to| can| must| have to|'re going to| are going to)|"
    r"(?:please )?go ahead and|i think (?:we|you) should|(?:it's |it is )?time to|"
    r"you'd better|i'd rather you|i(?:'d| would) prefer (?:you|we|to)|we(?:'d| would) "
    r"(?:like|prefer) (?:you )?to|just|kindly|immediately|now|feel free to|"
    r"(?:i've|i have|we've|we have) decided (?:that )?(?:we|you) (?:should|will|can)|"
    r"(?:i've|i have|we've|we have) decided to|we should|you should)\s+",
    re.IGNORECASE,
)

# Verbs that halt a piece of work when they open a clause (an imperative).
_HALT_VERB = re.compile(
    r"^(?:stop(?:ping)?|halt|cease|cancel|drop|abandon|pause|park|shelve|scrap|ditch|"
    r"abort|discontinue|suspend|quit|freeze|kill|postpone|defer|deprioriti[sz]e|"
    r"forget(?: about)?|hold off(?: on)?|give up(?: on)?|step away from|move away from|"
    r"back off(?: from| on)?|wind down|call off|nix|table|bin|throw (?:out|away)|discard|"
    r"toss|scratch|before (?:you )?(?:go|going) any further (?:with|on)|"
    r"(?:there's|there is) no (?:point|sense|need) (?:in )?(?:continuing|finishing|pursuing|"
    r"working on|doing)(?: with)?|"
    r"(?:we|you|i)(?:'re| are| am|'m)? ?(?:won't be|will not be|aren't|are not|am not|"
    r"'m not) (?:doing|working on|pursuing|fixing|going (?:ahead )?with|continuing(?: with)?)|"
    r"(?:put|set|leave|keep|move|push)\s+(?P<object>.+?)\s+(?:aside|on hold|on ice|to one side|"
    r"for later|on the back ?burner|for (?:now|the moment|another day|a bit|a while)|alone|"
    r"till later|until later|to the side|in the parking lot)|"
    r"don't (?:continue|keep (?:going|working)|bother(?: with)?|proceed(?: with)?|finish|"
    r"go on|pursue|carry on)|"
    r"do not (?:continue|keep (?:going|working)|bother(?: with)?|proceed(?: with)?|finish|"
    r"go on|pursue|carry on)|"
    r"no (?:need|reason) to (?:continue|keep|finish|pursue|carry on|go on|work|do|fix|"
    r"look|proceed)|never ?mind|enough (?:of|with)|we(?:'re| are) done with|"
    r"(?:we(?:'re| are)|i(?:'m| am)) (?:no longer|not) (?:doing|working on|pursuing|"
    r"fixing|going (?:ahead )?with|interested in)|"
    r"(?:we|i) (?:don't|do not|no longer) (?:need|want|care about)(?: you to (?:do|finish|"
    r"work on))?)\b",
    re.IGNORECASE,
)
# A piece of work named as the subject of a clause that says it is halted.
_HALTED_STATE = re.compile(
    r"\b(?:is|are|'s|has been|have been|gets?|got|will be|should be|can be)\s+"
    r"(?:now\s+|officially\s+|hereby\s+|temporarily\s+)?"
    r"(?:cancel+ed|on hold|paused|shelved|scrapped|dropped|abandoned|postponed|deferred|"
    r"ditched|discarded|tossed|binned|thrown out|set aside|put aside|put on hold|aborted|"
    r"terminated|axed|nixed|"
    r"deprioriti[sz]ed|parked|halted|stopped|frozen|off(?: the table)?|dead|on ice|"
    r"on the back ?burner|suspended|called off|killed|"
    r"no longer (?:needed|required|necessary|a priority|relevant|important|wanted|"
    r"happening|our focus|the priority)|"
    r"not (?:needed|necessary|required|a priority|important|urgent|happening|the priority)"
    r"(?: (?:anymore|any more|now|for now|right now))?)\b"
    r"|\b(?:can|will have to|has to|must|should|could) wait\b"
    r"|\b(?:isn't|is not|aren't) (?:needed|necessary|a priority|the priority|important|urgent|"
    r"happening) (?:anymore|any more|now|for now|right now|at the moment)\b",
    re.IGNORECASE,
)
# Halts that are also actions on things (cancel a booking, drop a table, kill a process):
# they halt work only when their object is called work, never by sharing the task's words.
_ACTION_VERB = re.compile(
    r"(?:cancel|drop|kill|freeze|suspend|table|bin|nix|skip|abort|call off)\b",
    re.IGNORECASE,
)
_ORIGINAL = re.compile(r"\b(?:original|first|initial)\b", re.IGNORECASE)
_CONCRETE = re.compile(
    r"\b(?=[\w-]*[a-z])(?=[\w-]*\d)[\w-]{4,}\b|\b\w+\.(?:py|md|txt|json|ya?ml|csv|sh|js|ts)\b"
    r"|\w/\w",
    re.IGNORECASE,
)
_WHOLE_AFFAIR = re.compile(r"\bwhole\b.{0,60}\b(?:business|matter|affair|saga)\b", re.I)
_WHOLLY = re.compile(
    r"\b(?:entirely|altogether|completely|for good|for now|for the time being|as a task)\b",
    re.IGNORECASE,
)
_ACTION_STATE = re.compile(
    r"cancel+ed|dropped|killed|frozen|suspended|\boff\b|dead|stopped|called off|scrapped|"
    r"halted|abandoned",
    re.IGNORECASE,
)
# "We'll come back to the report later" sets the report aside.
_LATER = re.compile(
    r"^(?:come|get|go|return) back to (?P<object>.+?) (?:later|afterwards|another time|"
    r"tomorrow|next week|some other time)\b",
    re.IGNORECASE,
)
# "Consider the original request on hold", "consider what you're working on ditched".
_CONSIDER = re.compile(
    r"^(?:consider|treat|mark) (?P<object>.+?) (?:as )?(?:ditched|dropped|cancel+ed|on hold|"
    r"paused|parked|shelved|scrapped|abandoned|dead|off the table|closed|stopped|halted|"
    r"deprioriti[sz]ed|postponed|on ice|on the back ?burner|called off|set aside|"
    r"finished with)\b",
    re.IGNORECASE,
)
# "Instead of continuing with the parser work, ..." halts the parser work.
_INSTEAD_OF = re.compile(
    r"\b(?:instead of|rather than) (?:continuing|finishing|working|doing|pursuing|carrying on|"
    r"going on)(?: with| on)?(?: your work on)? (?P<object>[^,.;:]+)",
    re.IGNORECASE,
)
_PAUSE = re.compile(
    r"\b(?:pause[ds]?|pausing|park(?:ed)?|shelve[ds]?|postpone[ds]?|defer(?:red)?|hold|aside|"
    r"for now|for the moment|for later|later|come back|get back|return to|on ice|back ?burner|"
    r"wait|deprioriti[sz]e[ds]?|another day|a bit|a while|temporarily|till|until|side)\b",
    re.IGNORECASE,
)
_RESUME = re.compile(
    r"^(?:(?:go|get|come|head|switch|jump|turn) back (?:to|on)(?: working on)?|return to|"
    r"back to|resume|restart(?: work on)?|re-?open|revisit|unpause|un-?park|"
    r"pick (?P<picked>.+?) (?:back )?up(?: again)?|pick up(?: again)?(?: on| with)?|"
    r"continue(?: with| working on| on)?|carry on(?: with)?|proceed with|finish|"
    r"we(?:'re| are) back (?:on|to)|re-?start)\b",
    re.IGNORECASE,
)
_RESUMED_STATE = re.compile(
    r"\b(?:is|are|'s) (?:(?:now )?unblocked(?: again)?|back in play|back on(?: the table)?|"
    r"a go again|unpaused|back in scope|"
    r"back to being the priority|the priority again|on again)\b",
    re.IGNORECASE,
)
_AGAIN = re.compile(r"\b(?:again|after all|back|anew|once more)\b", re.IGNORECASE)
_INSTEAD = re.compile(
    r"\b(?:instead|rather|in its place|your (?:new|next) (?:task|job|priority)|"
    r"(?:the |a )?new (?:task|priority|job|plan)|switch (?:over )?to|move on to|"
    r"focus (?:on|instead)|turn to|what i (?:need|want) (?:now|instead))\b",
    re.IGNORECASE,
)
_NEW_TASK = re.compile(
    r"\b(?:your (?:new|next) (?:task|job|priority)|(?:the|a|my) new (?:task|priority|job)|"
    r"new priority|the priority (?:now |from now on )?is|next up|here's what i (?:want|need)|"
    r"here is what i (?:want|need)|different thing|change of direction|"
    r"switch (?:over )?to (?:working on|a different|another)|move on to|"
    r"(?:focus|concentrate) (?:only |solely )?on .{3,80} instead|what i (?:need|want) now)\b",
    re.IGNORECASE,
)
_REQUEST_MARK = re.compile(
    r"\b(?:also|another|additionally|as well|in addition|separately|besides|too|"
    r"one more|one other|while you're at it|on top of that|next)\b",
    re.IGNORECASE,
)
_REQUEST_FORM = re.compile(
    r"\b(?:(?:i|we)(?:'d| would) (?:also )?like|(?:i|we) (?:also )?(?:want|need)|"
    r"(?:can|could|would|will) you|please|help me|i'd like)\b",
    re.IGNORECASE,
)

# Nouns that name a piece of work: the object that makes a halting verb halt a task.
_WORK_NOUNS = word_set(
    """
    task tasks work job jobs fix fixes bug bugs issue issues feature features ticket tickets
    refactor refactoring investigation implementation migration patch pr effort thing
    things project story request requests plan idea approach attempt assignment stuff
    experiment spike rewrite cleanup prototype errand quest
    """
)
_WORK_REFERENCES = word_set(
    """
    that this it everything all whatever those these current previous original earlier
    first old other
    """
)
_DEMONSTRATIVES = frozenset({"this", "that"})
_WORK_GERUNDS = word_set(
    """
    working doing pursuing chasing investigating debugging fixing looking digging trying
    implementing building refactoring researching exploring attempting tackling developing
    hunting poking patching tracking troubleshooting continuing
    """
)
_STOPWORDS = word_set(
    """
    the a an and or but to of in on at for with by from as is are was were be been it its
    this that these those there here we you i me my our your they them their he she his
    her what which who whom whose when where why how all any each some no not only own
    same so than too very can will just should now then also into about over again more
    most other such up down out off do does did doing done have has had having would could
    shall may might must please thanks thank ok okay yes yeah let lets let's get got go
    going back new task work working fix bug issue instead rather stop drop cancel pause
    hold aside later first next still really actually entirely completely whole rest
    anymore nothing else something anything everything right away today moment while bit
    current previous original earlier initial present ongoing progress whole thing
    """
)
_QUOTED = re.compile(r"[\"\u201c\u2018']([^\"\u201d\u2019']{3,80})[\"\u201d\u2019']")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.\-/]*[A-Za-z0-9]|[A-Za-z]")
_TRAILING = re.compile(r",?\s+(?:and|then)\s+|,\s+", re.IGNORECASE)
"""Where a halting clause may go on with a new instruction ("Stop X, just write Y")."""
_MIN_TASK_WORDS = 2
TASK_KEY_CHARS = 80
"""A task quoted clipped keeps at least this much of its opening (:func:`task_key`)."""
_OVERLAP_CHARS = 2_000
"""Only the opening of a long task (a pasted issue) names it."""

_REFUSAL = re.compile(
    r"\b(?:i(?:'m| am) (?:sorry|afraid)|unfortunately|(?:i|we) (?:can ?not|can't|am unable|"
    r"'m unable|are unable|am not able|'m not able|won't be able)|not (?:possible|eligible|"
    r"allowed|permitted|able)|unable to|isn't possible|is not possible|cannot be)\b",
    re.IGNORECASE,
)
_COMPLETION = re.compile(
    r"\b(?:has|have) been (?:successfully )?(?:\w+ed|made|done|sent|set|paid|booked|"
    r"cancel+ed|updated|changed|added|removed|processed|issued|refunded|upgraded)\b|"
    r"\bsuccessfully\b|\b(?:is|are) (?:now )?(?:complete|completed|done|confirmed|booked|"
    r"updated|cancel+ed|all set)\b|\ball (?:set|done)\b",
    re.IGNORECASE,
)


def _strip_lead(clause: str) -> str:
    """The clause without its leading fillers and polite wrappers."""
    previous = None
    text = clause.strip(" \t*_-,")  # quotes stay: a quoted name is how a task is named
    while text != previous:
        previous = text
        text = _FILLER.sub("", text, count=1)
        text = _WRAPPER.sub("", text, count=1)
    return text


def _clauses(text: str) -> list[str]:
    """The clauses of a message: its sentences split at semicolons, colons, dashes and at
    conjunctions that begin a new instruction."""
    found: list[str] = []
    for sentence in sentences(text):
        # People who type in lower case end sentences too ("scrap it. then check X").
        for part in _LOWER_SENTENCE.split(sentence):
            found.extend(c for c in _CLAUSE_BREAK.split(part) if c and c.strip())
    return found


def _words(text: str) -> list[str]:
    return [w.lower().strip(".-/") for w in _WORD.findall(text)]


@functools.lru_cache(maxsize=4_096)
def _naming_words(text: str) -> frozenset[str]:
    """The words that can name a task: the opening of its text, stop words and short words
    taken out."""
    return frozenset(
        w for w in _words(text[:_OVERLAP_CHARS]) if len(w) >= 4 and w not in _STOPWORDS
    )


def _names(phrase: str, task: str) -> bool:
    """Whether ``phrase`` names ``task``: by its words, by a quoted fragment of it ("put
    "book a flight" on hold"), or by a run of three of its words in a row."""
    if _naming_words(phrase) & _naming_words(task):
        return True
    opening = " ".join(_words(task[:_OVERLAP_CHARS]))
    for quoted in _QUOTED.findall(phrase):
        fragment = " ".join(_words(quoted))
        if len(fragment) >= 3 and fragment in opening:
            return True
    words = _words(phrase)
    return any(f" {' '.join(words[i : i + 3])} " in f" {opening} " for i in range(len(words) - 2))


def _is_work(
    phrase: str, tasks: Sequence[str], *, by_name: bool = True, points: bool = False
) -> bool:
    """Whether ``phrase`` is a piece of work (:func:`_is_work_phrase`), unless it is a thing
    with a name of its own. ``points``: a bare "this"/"that" counts even where ``by_name``
    does not hold."""
    # Only the object itself, not what the clause goes on to ask ("... and drop tmp_x").
    head = re.split(r",|\s+(?:and|then|instead|so)\s+", phrase, maxsplit=1)[0]
    names = [m.group(0).casefold() for m in _CONCRETE.finditer(head)]
    if names and not _QUOTED.search(head):
        # "Pause the nightly job p6rj8v", "drop tmp_rt7cwv": a thing with a name of its own
        # that no task mentions is what the new work acts on, not the work.
        known = " ".join(tasks).casefold()
        if not any(name in known for name in names):
            return False
    return _is_work_phrase(phrase, tasks, by_name=by_name, points=points or by_name)


def _is_work_phrase(phrase: str, tasks: Sequence[str], *, by_name: bool, points: bool) -> bool:
    """Whether ``phrase`` (the object or subject of a halt) is a piece of work: it holds a
    word for work, points at one ("that", "this", "it", "what you're doing"), begins with a
    gerund of working, or names one of ``tasks`` by its words."""
    words = _words(phrase)
    if not words:
        # "Stop." or "Never mind." alone halts whatever is in force.
        return True
    if words[0] in _WORK_GERUNDS:
        return True
    # "Cancel it" in a booking chat cancels the booking: "it" points at work only where the
    # verb can only halt work; "call off that" or "freeze this" beside a new request do too.
    references = _WORK_REFERENCES if by_name else _DEMONSTRATIVES
    if points and words[0] in references and len(_without_when(words)) <= 3:
        # "Stop that" halts the work; "cancel it" may cancel the booking it points at.
        return True
    if re.match(
        r"(?:what|whatever|everything|anything|all) (?:that )?(?:you're|you are|we're|"
        r"we are|you've been|you were|you have been)",
        phrase.strip(),
        re.IGNORECASE,
    ):
        return True
    if any(word in _WORK_NOUNS for word in words[:8]) or _WHOLE_AFFAIR.search(phrase):
        return True
    return by_name and any(_names(phrase, task) for task in tasks)


def _mentions_verb(task: str, verb: str) -> bool:
    """Whether ``task`` itself asks for ``verb`` ("cancel my reservation"): then "cancel the
    reservation" restates the task rather than halting it."""
    stem = verb.lower()[:5]
    return any(word.startswith(stem) for word in _words(task[:_OVERLAP_CHARS]))


def _without_when(words: Sequence[str]) -> list[str]:
    """``words`` without a trailing "for now", "for a bit", "until later", "right now"."""
    for position, word in enumerate(words):
        if position and word in ("for", "until", "till", "right", "now", "entirely", "today"):
            return list(words[:position])
    return list(words)


def _halts(clause: str, tasks: Sequence[str], *, lenient: bool = False) -> bool:
    """Whether one clause halts a piece of work (see the module docstring). ``lenient``: the
    message also asks for something else, so a verb that acts on things ("call off that",
    "freeze this", "that is off the table") halts the work it points at."""
    lead = _strip_lead(clause)
    if not lead:
        return False
    later = _LATER.match(lead) or _CONSIDER.match(lead) or _INSTEAD_OF.search(clause)
    if later is not None:
        return _is_work(later.group("object"), tasks)
    verb = _HALT_VERB.match(lead)
    if verb is not None:
        placed = verb.group("object")
        rest = placed if placed is not None else lead[verb.end() :]
        # "Stop words ..." is a noun phrase: the halt's object comes right after the verb.
        # "Cancel my reservation" may be the task itself: a verb that is also an action on
        # things halts work only when its object says it is work.
        action = _ACTION_VERB.match(lead)
        named = [t for t in tasks if action is None or not _mentions_verb(t, action.group(0))]
        # "Cancel one of the duplicate flights" acts on the task's own things; "drop the
        # report query entirely" or "cancel "book a flight"" drops the task.
        by_name = action is None or (
            bool(named) and bool(_WHOLLY.search(rest) or _QUOTED.search(rest))
        )
        return _is_work(rest.strip(" ,.;:!"), named, by_name=by_name, points=lenient)
    state = _HALTED_STATE.search(lead)
    if state is None:
        return False
    subject = lead[: state.start()]
    if re.search(r"\b(?:not|n't|never)\s*$", subject, re.IGNORECASE):
        return False
    # "My reservation is cancelled" is news about the task's things; a task named by a
    # quoted fragment ("\"book a flight\" is cancelled") is the task itself.
    by_name = _ACTION_STATE.search(state.group(0)) is None or bool(_QUOTED.search(subject))
    return bool(subject.strip()) and _is_work(subject, tasks, by_name=by_name, points=lenient)


def _resumed(clause: str, stopped: Sequence[str]) -> int | None:
    """The position in ``stopped`` of the task one clause returns to, or ``None``."""
    if not stopped:
        return None
    lead = _strip_lead(clause)
    verb = _RESUME.match(lead)
    if verb is not None:
        target = verb.group("picked") or lead[verb.end() :]
    else:
        state = _RESUMED_STATE.search(lead)
        if state is None:
            return None
        target = lead[: state.start()]
    # "Proceed with the change" confirms the step at hand; only a word of return ("again",
    # "back") or a quoted name makes a weak verb go back to a task set aside.
    weak = verb is not None and lead[: verb.end()].lower().startswith(
        ("continue", "finish", "proceed", "carry on")
    )
    # A weak verb with a word for work that names a task set aside ("finish the parser
    # task now") goes back to it as well.
    explicit = not weak or bool(_AGAIN.search(clause) or _QUOTED.search(target))
    # ... but "please continue with the task" alone is a nudge, whatever it calls the work.
    named_work = explicit or any(word in _WORK_NOUNS for word in _words(target))
    for position in range(len(stopped) - 1, -1, -1):
        if named_work and _names(target, stopped[position]):
            return position
    words = _words(target)
    generic = bool(words) and (
        words[0] in _WORK_REFERENCES
        or words[0] in _WORK_GERUNDS
        or any(word in _WORK_NOUNS for word in words[:4])
    )
    # "The previous task", "your original work", "what you were doing before": pointing
    # words that qualify a piece of work ("the cancellation first" is an order of steps).
    pointed = re.search(
        r"\b(?:previous|original|earlier|first|old|other|paused|stopped|prior)\s+(?:\w+\s+)?"
        r"(?:task|work|job|request|thing|one|bug|issue|fix|assignment|project|ticket)s?\b"
        r"|\bwhat (?:you|we) were (?:doing|working on)\b",
        target,
        re.IGNORECASE,
    )
    # "Continue." on its own is a nudge, "continue with it" is not a return either; "go
    # back to it", "resume the original task" or "pick it up again" return to the latest
    # task set aside.
    if verb is None:
        return len(stopped) - 1 if generic or pointed else None
    if pointed or (generic and explicit):
        return len(stopped) - 1
    return None


def _instructs(clause: str) -> bool:
    """Whether a clause (not a halt) asks for something: an imperative or a request, of a
    few words at least."""
    lead = _strip_lead(clause)
    words = _words(lead)
    if len(words) < _MIN_TASK_WORDS and not _INSTEAD.search(clause):
        return False
    if lead.rstrip().endswith("?") and not re.match(
        r"(?:can|could|would|will) you\b", clause.strip(), re.IGNORECASE
    ):
        return False
    first = words[0] if words else ""
    not_a_verb = word_set(
        """
        it it's its this that that's these those there there's we we're i i'm you you're
        they he she the a an my our your their because since as if when while thanks
        thank sorry which who what why how where everything all anything nothing related
        so too
        """
    )
    return (
        first not in not_a_verb
        or bool(_INSTEAD.search(clause))
        or bool(
            re.search(r"\b(?:need|needs|want|should|must|has to|have to)\b", lead, re.IGNORECASE)
        )
    )


@dataclass(frozen=True, slots=True)
class TurnReading:
    """What :func:`read_turn` found in one human message."""

    kind: TurnKind
    halted: tuple[int, ...] = ()
    """Positions in the tasks in force that the message halts."""
    resumed: int | None = None
    """Position in the tasks set aside that the message returns to."""
    paused: bool = False
    """Whether the halt reads as a pause ("for now", "on hold", "we'll come back to it")."""
    halting: tuple[str, ...] = ()
    """The clauses that halt something."""


def read_turn(
    text: str,
    *,
    in_force: Sequence[str] = (),
    set_aside: Sequence[str] = (),
    settled: Sequence[str] = (),
) -> TurnReading:
    """What a human message does to the tasks, given the texts of the tasks ``in_force``, of
    those ``set_aside`` (stopped or paused) and of those ``settled`` (done or refused, which
    a person may still name when moving on), oldest first."""
    clauses = _clauses(text)
    halting = [c for c in clauses if _halts(c, [*in_force, *settled])]
    if not halting:
        pointed = [c for c in clauses if _halts(c, [*in_force, *settled], lenient=True)]
        rest = [c for c in clauses if c not in pointed]
        if any(_NEW_TASK.search(c) or _INSTEAD.search(c) or _instructs(c) for c in rest):
            halting = pointed
    # "Ok, that's done, back to the bug": a return may follow a comma inside a clause.
    parts = [part for c in clauses for part in (c, *c.split(", ")[1:])]
    resumes = [r for r in (_resumed(p, set_aside) for p in parts) if r is not None]
    others = [c for c in clauses if c not in halting]
    if resumes:
        return TurnReading("resume", _targets(halting, in_force), resumes[-1])
    if not in_force:
        # Nothing in force (everything was stopped): the next instruction sets the task.
        instructs = any(_instructs(c) for c in others)
        return TurnReading("switch" if instructs else "reply")
    if halting:
        paused = any(_PAUSE.search(c) for c in halting) or bool(
            re.search(r"\b(?:come|get|go) back to\b|\blater\b", text, re.IGNORECASE)
        )
        new_task = (
            any(_instructs(c) for c in others)
            or any(_INSTEAD.search(c) or _NEW_TASK.search(c) for c in clauses)
            or any(
                _instructs(part) and not _halts(part, in_force)
                for c in halting
                for part in _TRAILING.split(c)[1:]
            )
        )
        return TurnReading(
            "switch" if new_task else "stop",
            _targets(halting, in_force),
            paused=paused,
            halting=tuple(halting),
        )
    if any(_NEW_TASK.search(c) and _instructs(c) for c in clauses):
        # "Your new task is ...", "switch to ...": the task in force is halted implicitly.
        # ("Use port 55129 instead" changes a value of the task; it does not switch it.)
        return TurnReading("switch", (len(in_force) - 1,))
    if (
        _REQUEST_MARK.search(text)
        and _REQUEST_FORM.search(text)
        and any(kind_of(c) in ("goal", "question", "preference") for c in clauses)
    ):
        # An added request asks for something; "Also, never touch prod" is a rule, kept as
        # the user's statement, not a request with a status.
        return TurnReading("request")
    return TurnReading("reply")


def _named_by(halting: Sequence[str], task: Task) -> bool:
    """Whether one of the ``halting`` clauses names ``task`` by its words, or calls it the
    original one."""
    return any(
        _names(_strip_lead(clause), task.text)
        or (task.how == "original" and _ORIGINAL.search(clause) is not None)
        for clause in halting
    )


def _targets(halting: Sequence[str], in_force: Sequence[str]) -> tuple[int, ...]:
    """Which tasks in force the halting clauses name: those named by their words, the oldest
    when they say "the original task", else all of them ("stop what you're doing" halts the
    work in progress, whatever requests it was made of)."""
    if not in_force or not halting:
        return ()
    named = {
        position
        for clause in halting
        for position, task in enumerate(in_force)
        if _names(_strip_lead(clause), task)
    }
    if named:
        return tuple(sorted(named))
    if any(_ORIGINAL.search(c) for c in halting):
        return (0,)
    return tuple(range(len(in_force)))


# ------------------------------------------------------------------------------ tracking


def advance(tasks: Sequence[Task], text: str, answer: str = "") -> tuple[Task, ...]:
    """The tasks after a person wrote ``text``: the first message sets the original task;
    later ones switch, stop, resume or add as :func:`read_turn` reads them. ``answer`` is the
    assistant's last answer before ``text``: when ``text`` adds a request, it settles the
    request before (:func:`settle`)."""
    if not text.strip():
        return tuple(tasks)
    if not tasks:
        return (Task(text, "in force", "original"),)
    known = {task_key(task.text) for task in tasks}
    if task_key(text) in known or task_key(redact(text)) in known:
        # Already applied: a message kept verbatim after the checkpoint that recorded it (which
        # holds it with its secrets redacted).
        return tuple(tasks)
    active = [i for i, task in enumerate(tasks) if task.status == "in force"]
    # A message that only stopped something is no task to go back to.
    aside = [
        i
        for i, task in enumerate(tasks)
        if task.status in SET_ASIDE_STATUSES and task.how != "stop"
    ]
    reading = read_turn(
        text,
        in_force=[tasks[i].text for i in active],
        set_aside=[tasks[i].text for i in aside],
        settled=[t.text for t in tasks if t.status in ("done", "refused")],
    )
    updated = list(tasks)
    if reading.kind == "resume" and reading.resumed is not None:
        halted = {active[p] for p in reading.halted}
        for i in active:
            # Going back to an earlier task sets the current one aside unless it was added
            # beside it (a chat's requests stay open).
            if i in halted or tasks[i].how in ("switch", "resume"):
                updated[i] = replace(tasks[i], status="set aside")
        target = aside[reading.resumed]
        updated[target] = replace(tasks[target], status="in force")
        updated.append(Task(text, "in force", "resume"))
        return tuple(updated)
    if reading.kind in ("switch", "stop"):
        status: TaskStatus = "paused" if reading.paused else "stopped"
        for position in reading.halted:
            updated[active[position]] = replace(tasks[active[position]], status=status)
        # A request already done or refused that the person names ("stop working on the
        # original request") is halted too: it is not to be taken up again.
        for i, task in enumerate(tasks):
            if task.status in ("done", "refused") and _named_by(reading.halting, task):
                updated[i] = replace(task, status=status)
        # A message that only stops is kept too: its words say what not to resume.
        kept: TaskStatus = "in force" if reading.kind == "switch" else "stopped"
        updated.append(Task(text, kept, reading.kind))
        return tuple(updated)
    if reading.kind == "request":
        updated = list(settle(updated, answer))
        updated.append(Task(text, "in force", "request"))
    return tuple(updated)


def settle(tasks: Sequence[Task], answer: str) -> tuple[Task, ...]:
    """The tasks after the assistant's last answer to a request, when the person moves on
    to another: the latest request in force is done when the answer says it was completed,
    refused when the answer declines it, and stays in force otherwise."""
    candidates = [
        i for i, task in enumerate(tasks) if task.status == "in force" and task.how != "resume"
    ]
    if not candidates or not answer.strip():
        return tuple(tasks)
    latest = candidates[-1]
    status: TaskStatus | None = None
    if _COMPLETION.search(answer):
        status = "done"
    elif _REFUSAL.search(answer):
        status = "refused"
    if status is None:
        return tuple(tasks)
    updated = list(tasks)
    updated[latest] = replace(tasks[latest], status=status)
    return tuple(updated)


def track_tasks(
    messages: Sequence[Message | Mapping[str, Any]],
    *,
    human: Collection[int],
    carried: Mapping[int, Sequence[Task]] | None = None,
) -> tuple[Task, ...]:
    """The tasks after ``messages``: ``human`` are the indices of the user messages a person
    wrote (the harness's are not tasks). ``carried`` maps the index of a checkpoint message
    to the tasks it recorded, which replace what was tracked before it (they include it);
    other checkpoint messages are skipped."""
    tasks: tuple[Task, ...] = ()
    answer = ""
    for index, message in enumerate(messages):
        data = as_mapping(message)
        if is_summary(data):
            if carried is not None and index in carried:
                tasks = merge_tasks(tasks, carried[index])
            continue
        if index in human:
            tasks = advance(tasks, message_text(data), answer)
            answer = ""
        elif data.get("role") == "assistant":
            text = message_text(data)
            if text.strip():
                answer = text
    return tasks


def merge_tasks(earlier: Sequence[Task], recorded: Sequence[Task]) -> tuple[Task, ...]:
    """The tasks a checkpoint ``recorded`` (everything up to it), preceded by those tracked
    ``earlier`` that it does not hold (a task it only pointed to, kept verbatim above it).
    Without ``recorded`` the earlier tasks stand."""
    if not recorded:
        return tuple(earlier)
    keys = {task_key(task.text) for task in recorded}
    return (*(task for task in earlier if task_key(task.text) not in keys), *recorded)


def replay_tasks(previous: Sequence[Task], newer: Sequence[Task]) -> tuple[Task, ...]:
    """``newer`` (the tasks of a later span, read on their own) applied after ``previous``:
    each of their messages read again against the tasks before it."""
    tasks = tuple(previous)
    for task in newer:
        tasks = advance(tasks, task.text)
    return tasks


def task_key(text: str) -> str:
    """What identifies a task's text, also when it was quoted clipped (its opening, whitespace
    collapsed, case folded)."""
    return " ".join(text.split())[:TASK_KEY_CHARS].casefold()


def goal_of(tasks: Sequence[Task]) -> str | None:
    """The text of the task in force that the checkpoint's goal names: the latest one set by
    the first message or a switch (a resume message and a chat's added requests are listed
    beside it), else the latest task in force; ``None`` when nothing is in force."""
    current = in_force(tasks)
    primary = [task for task in current if task.how in ("original", "switch")]
    chosen = primary or current
    return chosen[-1].text if chosen else None


def significant_tasks(tasks: Sequence[Task]) -> tuple[Task, ...]:
    """``tasks``, or nothing when they are only the original task, still in force: the goal
    alone says that."""
    if len(tasks) == 1 and tasks[0].how == "original" and tasks[0].status == "in force":
        return ()
    return tuple(tasks)


class _Recorded(Protocol):
    """What :func:`tasks_of` reads of a ledger."""

    @property
    def tasks(self) -> tuple[Task, ...]: ...
    @property
    def goal(self) -> str | None: ...


def tasks_of(ledger: _Recorded) -> tuple[Task, ...]:
    """A ledger's tasks; a ledger that recorded none has its goal as the original task."""
    if ledger.tasks:
        return ledger.tasks
    goal = ledger.goal
    return (Task(goal, "in force", "original"),) if goal else ()


def in_force(tasks: Sequence[Task]) -> tuple[Task, ...]:
    """The tasks in force, oldest first."""
    return tuple(task for task in tasks if task.status == "in force")
