"""How one human message reads: whether it switches, stops, resumes or adds to the tasks, or
changes none (:func:`read_turn`).

It works on the structure of each clause rather than on whole phrases. After its fillers
("ok", "actually", "change of plans:") and its polite wrapper ("could you", "I want you to",
"let's"), a clause that begins with a verb that halts work, and whose object is a piece of
work, halts it. A piece of work is a task word, "that"/"this"/"it", a gerund of working,
words of the task in force, or a quoted fragment of it. A clause halts work too when it says
such a piece of work "is on hold", "can wait", "is no longer needed", or "consider X
parked". A halted clause beside an instruction is a switch; a clause that returns to a task
set aside by its words is a resume. Beside a new instruction, a halt that can only mean work
("park", "put on hold") halts the task whatever it calls it. What asks for nothing is no
instruction: a reason ("finance already did it", "turns out ..."), a lead-in before a colon.

Rules that share the verbs ("Don't drop the users table", "Never cancel a running
migration", "Stop words stay in the index") are not halts: their verb is negated, or their
object is not a piece of work. Verbs that are also actions on things (cancel, drop, kill)
halt a task by name only when the task does not itself ask for that verb, and a thing with
an id of its own ("pause the nightly job p6rj8v") is what new work acts on, not the work.

Pure functions of strings.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from packlight.compressor.constraints import (
    CaselessPattern,
    is_constraint,
    is_stated_fact,
    lower_case_sentences,
    sentences,
)
from packlight.compressor.cues import CAPPED_QUANTITY, PROHIBITS
from packlight.compressor.shifts import DISMISSAL, NON_VERB_OPENERS, NOT_NEW_WORK, signals_shift
from packlight.compressor.spelling import corrected
from packlight.compressor.subjects import kind_of
from packlight.compressor.turn_model import MARKUP_TOKEN, ModelKind, features, load_model
from packlight.compressor.vocabulary import BOILERPLATE, word_set
from packlight.lazy_patterns import lazy_compile

__all__ = [
    "TurnKind",
    "TurnReading",
    "asks_for_work",
    "asks_to_act",
    "brings_new_work",
    "goes_back_to_work",
    "is_boilerplate",
    "is_courtesy",
    "is_short_reply",
    "named_by",
    "read_turn",
    "read_turn_by_rules",
]


TurnKind = Literal["switch", "stop", "resume", "request", "reply"]
"""What a human message does to the tasks: ``switch`` halts the task in force and sets a new
one; ``stop`` only halts; ``resume`` returns to a stopped or paused task; ``request`` adds a
request beside the ones open (a chat's "can you also ..."); ``reply`` changes no task (an
answer, a detail, a rule)."""


_ARROW = lazy_compile(r"\s*(?:->|=>|\u2192)\s*")
# Every break opens with a space, ";", ":" or ",": the look-ahead rejects the other
# positions at once, where "\s*" and the alternatives were tried at each of them.
_CLAUSE_BREAK = CaselessPattern.compile(
    r"(?=[\s;:,])\s*(?:;|:\s|\s(?:->|=>|\u2192)\s|\s[-\u2013\u2014]{1,2}\s|,?\s+(?:and|but|so)\s+(?=(?:then|now|instead|"
    r"please|just|go|switch|move|focus|start|begin|write|make|let's|i|we|you)\b)|"
    r",\s*(?=(?:then|instead|and|so)\b))\s*",
    re.IGNORECASE,
)
_FILLER = lazy_compile(
    r"^(?:ok(?:ay)?|alright|all right|actually|wait|hold on|hmm+|sorry|please|so|right|"
    r"look(?! (?:at|into|for|up|over|through|around)\b)|listen|hey|hi(?: again)?|hello|"
    r"whoa|wow|uh|um|erm|ugh|argh|oops|geez|jeez|meh|ah|oh no|well|also|now|then|pls|"
    r"plz|yo|nope|nah|no no|hmm no|"
    r"instead|and|but|oh|yeah|yes(?=,)|no(?=,)|"
    r"urgent(?:ly)?|sorry to interrupt|priorities (?:have )?(?:shifted|changed)|"
    r"first(?: of all)?|for now|at this point|from now on|right now|quick(?:ly)?|"
    r"as of (?:now|today|this moment)|effective (?:now|immediately)|"
    r"change of plans?|new plan|plan change|update(?=[:,])|one more thing|new priority|"
    r"heads up|fyi|i mean|in the meantime|meanwhile|"
    r"(?:a )?(?:quick )?change of direction|different thing|next up|"
    r"(?:i(?:'ve| have)?|we(?:'ve| have)?) changed "
    r"(?:my|our) minds?(?! (?:about|on|regarding)\b)|"
    r"on second thought|second thought|thinking about it|after all)\b[\s,:;.!-]*",
    re.IGNORECASE,
)
_WRAPPER = lazy_compile(
    r"^(?:(?:can|could|would|will) (?:you|u)(?: please| pls)?|i(?:'d| would) like (?:you |u )?to|"
    # "The priority now is to X", "your job today is to X": the work is what follows.
    r"(?:the |my |our |your )?(?:top |new |main |real |first |only )?(?:priority|task|job|focus|"
    r"goal|plan)(?: now| for now| from now on| today| right now| instead)? is to|"
    r"i (?:want|need) you to|you (?:can|should|may|need to|must|have to)|let's|let us|"
    r"we(?:'ll| will)(?= (?:come|get|go|return)\b)|"
    r"we(?: should| need to| can| must| have to)|"
    r"(?:please )?go ahead and|i think (?:we|you) should|(?:it's |it is )?time to|"
    r"you'd better|i'd rather you|i(?:'d| would) prefer (?:you|we|to)|we(?:'d| would) "
    r"(?:like|prefer) (?:you )?to|just|kindly|immediately|now|feel free to|"
    r"(?:i've|i have|we've|we have) decided (?:that )?(?:we|you) (?:should|will|can)|"
    r"(?:i've|i have|we've|we have) decided to|we should|you should|"
    r"we(?:'re| are)(?= (?:putting|setting|leaving|moving|pushing|pausing|stopping|"
    r"dropping|parking|shelving|halting|freezing|pulling)\b)|"
    r"we(?= (?:make|take|stop|leave|pause|park|drop)\b)|i meant(?: to say)?|"
    r"(?:it(?:'s| is) |is )?(?:more|most) (?:important|urgent) (?:now |right now )?(?:is )?to|"
    r"i(?:'m| am)(?= (?:putting|setting|leaving|moving|pushing|pulling|pausing|stopping|"
    r"dropping|parking|shelving|halting|freezing)\b))\s+",
    re.IGNORECASE,
)

# Verbs that halt a piece of work when they open a clause (an imperative).
_HALT_VERB = lazy_compile(
    r"^(?:stop(?:ping)?|halt(?:ing)?|cease|cancel|drop(?:ping)?|abandon|paus(?:e|ing)|"
    r"park(?:ing)?|shelv(?:e|ing)|scrap|ditch|freezing|"
    r"pull(?:ing)? (?:you|us|me|everyone) off(?: of)?|(?:make|take) (?:a )?pause (?:on|with|here)|"
    r"(?:we )?leave (?=(?:this|that)(?: one)?\s*(?:[,.;!]|$))|"
    r"leave (?:it|this|that)(?: (?:right )?(?:there|here))(?=\s*(?:[,.;!]|$))|"
    r"(?:we|you|i) (?:don't|do not|won't|will not) (?:do|work on|continue(?: with)?)|"
    r"hold (?=(?:it|that|this|everything)(?: right (?:there|here))?\s*(?:[,.;!]|$))|"
    r"abort|discontinue|suspend|quit|freeze|kill|postpone|defer|deprioriti[sz]e|"
    r"forget(?: about)?|hold off(?: on)?|give up(?: on)?|step away from|move away from|"
    r"back off(?: from| on)?|wind down|call off|nix|table|bin|throw (?:out|away)|discard|"
    r"ignore|disregard|(?:hit|press|push) (?:the )?pause(?: button)? on|put a pin in|"
    r"move (?:off|on from)|step back from|get off|no more(?! than)|nvm|stand down(?: on| from)?|"
    r"call it a day(?: on| with)?|(?:that's|that is) enough (?:on|of|with|for)|"
    r"(?:pump|hit) the brakes on|take a break from|not (?:do|continue|pursue|bother with|"
    r"go ahead with|go on with)|"
    r"toss|scratch|before (?:you )?(?:go|going) any further (?:with|on)|"
    r"(?:there's|there is) no (?:point|sense|need) (?:in )?(?:continuing|finishing|pursuing|"
    r"working on|doing)(?: with)?|"
    r"(?:we|you|i)(?:'re| are| am|'m)? ?(?:won't be|will not be|aren't|are not|am not|"
    r"'m not) (?:doing|working on|pursuing|fixing|going (?:ahead )?with|continuing(?: with)?)|"
    r"(?:put|putting|set|setting|leave|leaving|keep|move|moving|push|pushing)\s+"
    r"(?P<object>.+?)\s+(?:aside|on hold|on ice|to one side|for later|on the back ?burner|"
    r"where it is|"
    r"for (?:now|the moment|another day|a bit|a while)|alone|till later|until later|"
    r"to the side|in the parking lot|(?:there|where it is) for (?:today|now|the day|a bit))|"
    r"(?:don't|do not|not) go (?:any )?further(?: (?:with|on))?|"
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
_HALTED_STATE = CaselessPattern.compile(
    r"\b(?:is|are|'s|has been|have been|gets?|got|will be|should be|can be)\s+"
    r"(?:now\s+|officially\s+|hereby\s+|temporarily\s+)?"
    r"(?:cancel+ed|on hold|paused|shelved|scrapped|dropped|abandoned|postponed|deferred|"
    r"ditched|discarded|tossed|binned|thrown out|set aside|put aside|put on hold|aborted|"
    r"terminated|axed|nixed|"
    r"deprioriti[sz]ed|parked|halted|stopped|frozen|off(?: the table)?|dead|on ice|"
    r"(?:a )?(?:lower|low|less of a) priority|"
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
_ACTION_VERB = lazy_compile(
    r"(?:cancel|drop|kill|freeze|suspend|bin|nix|skip|abort|call off|"
    r"(?:we )?leave(?= (?:this|that)(?: one)?\s*(?:[,.;!]|$)))\b",
    re.IGNORECASE,
)
_ORIGINAL = lazy_compile(r"\b(?:original|first|initial)\b", re.IGNORECASE)
_CONCRETE = lazy_compile(
    r"\b(?=[\w-]*[a-z])(?=[\w-]*\d)[\w-]{4,}\b|\b\w+\.(?:py|md|txt|json|ya?ml|csv|sh|js|ts)\b"
    r"|\w/\w",
    re.IGNORECASE,
)
# Halts whose object can only be an activity.
_ACTIVITY_HALT = lazy_compile(
    r"^(?:(?:don't|do not) (?:continue|go (?:any )?further|proceed|carry on|keep going)"
    r"(?: with| on)?|hold off(?: on)?|give up(?: on)?|put a pin in|pull(?:ing)? the plug on|"
    r"not (?:do|continue|pursue|go ahead with)|(?:stop|pause) (?:here|there)(?: with| on)?|"
    r"leave (?P<left>.+?) (?:there|where it is) for (?:today|now|the day|a bit)|"
    r"step away from|stand down(?: on| from)?|call it a day(?: on| with)?)"
    r"(?P<object>(?(left)|\s.*))?$",
    re.IGNORECASE,
)
_CONDITION = CaselessPattern.compile(
    r"\b(?:if|unless|whenever|as long as|in case)\b|\b(?:until|till|before|once)\s+(?:\S+\s+){0,3}"
    r"(?:is|are|has|have|passes|pass|gets|get|finishes|lands|merges|comes|goes|turns|works)\b",
    re.IGNORECASE,
)
_BARE_POINTER = lazy_compile(r"\s*(?:it|this|that)\s*[,.;:!]*\s*(?:$|,)", re.IGNORECASE)
_DISMISS = lazy_compile(r"(?:ignore|disregard)\b", re.IGNORECASE)
_POINTABLE = lazy_compile(r"(?:drop|kill|abort)\b", re.IGNORECASE)
_CORRECTION = lazy_compile(r"\b(?:actually|scratch|wait|on second thought)\b", re.IGNORECASE)
_WHOLE_AFFAIR = lazy_compile(r"\bwhole\b.{0,60}\b(?:business|matter|affair|saga)\b", re.I)
_WHOLLY = lazy_compile(
    r"\b(?:entirely|altogether|completely|for good|for now|for the time being|as a task|"
    r"where it is|as it is)\b",
    re.IGNORECASE,
)
_ACTION_STATE = lazy_compile(
    r"cancel+ed|dropped|killed|frozen|suspended|\boff\b|dead|stopped|called off|scrapped|"
    r"halted|abandoned",
    re.IGNORECASE,
)
# "We'll come back to the report later" sets the report aside.
_LATER = lazy_compile(
    r"^(?:come|get|go|return) back to (?P<object>.+?) (?:later|afterwards|another time|"
    r"tomorrow|next week|some other time|another day|some day|next time)\b",
    re.IGNORECASE,
)
# "Consider the original request on hold", "consider what you're working on ditched".
_CONSIDER = lazy_compile(
    r"^(?:consider|treat|mark) (?P<object>.+?) (?:as )?(?:ditched|dropped|cancel+ed|on hold|"
    r"paused|parked|shelved|scrapped|abandoned|dead|off the table|closed|stopped|halted|"
    r"deprioriti[sz]ed|postponed|on ice|on the back ?burner|called off|set aside|"
    r"finished with)\b",
    re.IGNORECASE,
)
_HANDOFF = lazy_compile(
    r"(?<!\bi)(?<!\bwe)(?<!\byou)(?:\s+will|'ll|\s+is going to|\s+are going to|"
    r"\s+gets to) (?:take over|handle|finish|own|pick up|deal with|look after) "
    r"(?P<object>[^,.;:]+?)(?: from here| from now on| instead)?(?=[,.;:]|$)",
    re.IGNORECASE,
)
_WRONG_TASK = CaselessPattern.compile(
    r"\b(?:gave you|is|was) the wrong (?:task|thing|one|job|request)\b", re.IGNORECASE
)
# "Leave X and do Y": only with an instruction after it ("leave the old files alone" is a
# rule).
_LEAVE_AND = lazy_compile(
    r"^leave (?P<object>.+?)(?: for now| for later| there)? and (?:do|work on|look at|go|"
    r"switch|start|focus|fix|write|check|get|make|find|add|help)\b",
    re.IGNORECASE,
)
# "I've changed my mind about the parser work" halts it; so does "forget what I said about
# the parser work" (unless what follows gives a detail a new value: _revises_a_detail).
_CHANGED_MIND = CaselessPattern.compile(
    r"\b(?:changed (?:my|our) minds?|(?:forget|ignore|scratch|disregard) what (?:i|we) "
    r"(?:said|told you|wrote|mentioned)) (?:about|on|regarding|re) "
    # A dot or colon inside a name ("the dates.py tests") is part of the object.
    r"(?P<object>(?:[^,.;:]|[.:](?=\S))+)",
    re.IGNORECASE,
)
_INSTEAD_OF_NAMED = CaselessPattern.compile(
    r"\binstead of (?:the |my |your |our |this |that )?(?P<object>[^,.;:]+)", re.IGNORECASE
)
# "Instead of continuing with the parser work, ..." halts the parser work.
_INSTEAD_OF = CaselessPattern.compile(
    r"\b(?:instead of|rather than) (?:continuing|finishing|working|doing|pursuing|carrying on|"
    r"going on)(?: with| on)?(?: your work on)? (?P<object>[^,.;:]+)",
    re.IGNORECASE,
)
_PAUSE = lazy_compile(
    r"\b(?:pause[ds]?|pausing|park(?:ed)?|shelve[ds]?|postpone[ds]?|defer(?:red)?|hold|aside|"
    r"for now|for the moment|for later|later|come back|get back|return to|on ice|back ?burner|"
    r"wait|deprioriti[sz]e[ds]?|another day|a bit|a while|temporarily|till|until|side)\b",
    re.IGNORECASE,
)
_RESUME = lazy_compile(
    r"^(?:(?:go|get|come|head|switch|jump|turn|dive) back (?:to|on|into)(?: working on)?|"
    r"return to|(?:have|take) another (?:go|crack|stab) at|"
    r"back (?:to|on|2)|resume|restart(?: work on)?|re-?open|revisit|un-?pause|un-?park|"
    r"(?:again )?start|"
    r"pick (?P<picked>.+?) (?:back )?up(?: again)?|pick up(?: again)?(?: on| with)?|"
    r"continue(?: with| working on| on)?|carry on(?: with)?|proceed with|finish|"
    r"take (?P<held>.+?) off hold|lift the hold on|un-?hold|"
    r"we(?:'re| are) back (?:on|to)|re-?start|(?:make|do) (?:it )?again|"
    r"go ahead (?:with|w/)|(?:we're |we are )?good to go (?:on|with))\b",
    re.IGNORECASE,
)
_RESUMED_STATE = CaselessPattern.compile(
    r"\b(?:is|are|'s|has been) (?:(?:now )?unblocked(?: again)?|back in play|"
    r"back on(?: the table)?|lifted|off hold|"
    r"a go again|unpaused|back in scope|"
    r"back to being the priority|the priority again|on again)\b",
    re.IGNORECASE,
)
_AGAIN = lazy_compile(
    r"\b(?:again|after all|back|anew|once more|where (?:you|we) (?:left off|stopped|were)|"
    r"(?:from )?where (?:you|we) (?:paused|stopped|stop|left)|from before|"
    r"where (?:you|we) (?:stop|were|left)(?:ped)? before)\b",
    re.IGNORECASE,
)
_INSTEAD = CaselessPattern.compile(
    r"\b(?:instead|rather|in its place|your (?:new|next) (?:task|job|priority)|"
    r"(?:the |a )?new (?:task|priority|job|plan)|switch (?:over )?to|move on to|"
    r"focus (?:on|instead)|turn to|what i (?:need|want) (?:now|instead))\b",
    re.IGNORECASE,
)
_NEW_TASK = CaselessPattern.compile(
    r"\b(?:your (?:new|next) (?:task|job|priority)|(?:the|a|my) new (?:task|priority|job)|"
    r"new priority|new plan:|the priority (?:now |from now on )?is|next up|"
    r"here's what i (?:want|need)|"
    r"here is what i (?:want|need)|different thing|change of direction|"
    r"switch (?:over )?to (?:working on|a different|another)|move on to|"
    r"(?:focus|concentrate) (?:only |solely )?on .{3,80} instead|what i (?:need|want) now|"
    r"what i (?:actually|really) (?:need|want)|switch to something else)\b",
    re.IGNORECASE,
)
_CUE_ONLY = lazy_compile(
    r"(?:ok(?:ay)?,? |so,? |hmm+,? |right,? |sorry,? |actually,? )?(?:(?:a )?new plan|"
    r"(?:a )?change of (?:plans?|direction)|(?:a )?different (?:plan|thing)|"
    r"(?:new|different|changed) priorit(?:y|ies)|priorities (?:have )?(?:shifted|changed)|"
    r"plans (?:have )?changed|something (?:more )?urgent (?:came|has come) up|"
    r"(?:(?:i|we) )?need you on something else)[.!]+",
    re.IGNORECASE,
)
_WANTS = lazy_compile(
    r"\b(?:i|we)(?:'d| would) (?:also )?like (?:a|an|to|the|my|some)\b|"
    r"\b(?:i|we) (?:also )?(?:want|need) (?:a|an|to|the|my|some)\b",
    re.IGNORECASE,
)
_REQUEST_MARK = CaselessPattern.compile(
    r"\b(?:also|another|additionally|as well|in addition|separately|besides|too|"
    r"one more|one other|while you're at it|on top of that|next)\b",
    re.IGNORECASE,
)
_REQUEST_FORM = CaselessPattern.compile(
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
    experiment spike rewrite cleanup prototype errand quest problem problems
    """
)
_WORK_REFERENCES = word_set(
    """
    that this it everything all whatever those these current previous original earlier
    first old other
    """
)
_DEMONSTRATIVES = frozenset({"this", "that"})
_NO_OBJECT = word_set(
    """
    there here now please pls plz thx thanks thank you sorry immediately right away for
    today stop anymore more anything else
    """
)
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
    current previous original earlier initial present ongoing progress whole thing help
    need want like thank thanks hello please sure continue continuing resume resuming finish
    finished proceed start started working doing done keep going round again later
    """
)
_QUOTED = lazy_compile(r"[\"\u201c\u2018']([^\"\u201d\u2019']{3,80})[\"\u201d\u2019']")
_WORD = lazy_compile(r"[A-Za-z][A-Za-z0-9_.\-/'\u2019]*[A-Za-z0-9]|[A-Za-z]")
"""A word, with its apostrophe ("don't", "we'll")."""
_TRAILING = lazy_compile(r",?\s+(?:and|then)\s+|,\s+", re.IGNORECASE)
"""Where a halting clause may go on with a new instruction ("Stop X, just write Y")."""
_SHORT_COMMON = word_set(
    """
    use put set run see way day end top old one two six ten add try say ask let lot bit own
    any few far off due per yet via who why how its our out too can may did has had was are
    not now new get got for and the but you all big low way max min yes ago
    """
)
"""Three-letter words too common to name a task ("car", "tap", "sql" name one)."""
_MIN_TASK_WORDS = 2
_STEM = 6
_CLIP = 4
"""Letters a clipped word keeps at least to name a longer one."""
_CLIPPED_TASK_CHARS = 300
"""How long a task may be for a clipped word to name it (:func:`_shortened`)."""
_LABEL_WORDS = 8
"""Words a lead-in before a colon has at most."""
"""Letters of a long word that name it (a crude stem, enough to match its other forms)."""
_SETS_A_TASK = 4
"""Words an instruction has at least to set a task when nothing is in force."""
_OVERLAP_CHARS = 2_000
"""Only the opening of a long task (a pasted issue) names it."""


# Not "#" or "<": "###STOP###" and "<tag>" are a harness's markers, not words.
_LEADING_SYMBOLS = lazy_compile(r"^[^\w\"'\u201c\u2018#<]+")


@functools.lru_cache(maxsize=16_384)
def _strip_lead(clause: str) -> str:
    """The clause without its leading fillers and polite wrappers (memoised: every rule reads
    the lead of the same clauses)."""
    previous = None
    # Quotes stay (a quoted name is how a task is named); emoji and arrows are no words.
    text = _LEADING_SYMBOLS.sub("", clause).strip(" \t*_-,")
    # A clause quoted whole is someone's words relayed ("my boss: "put everything on
    # hold""): read what they say.
    quoted = _WHOLLY_QUOTED.fullmatch(text)
    if quoted is not None:
        text = quoted.group(1).strip()
    while text != previous:
        previous = text
        text = _FILLER.sub("", text, count=1)
        text = _WRAPPER.sub("", text, count=1)
    return text


_WHOLLY_QUOTED = lazy_compile(r"[\"\u201c]([^\"\u201c\u201d]+)[\"\u201d][\s.!?]*")


@functools.lru_cache(maxsize=4_096)
def _clauses(text: str) -> tuple[str, ...]:
    """The clauses of a message: its sentences split at semicolons, colons, dashes and at
    conjunctions that begin a new instruction."""
    found: list[str] = []
    for sentence in sentences(text):
        # People who type in lower case end sentences too ("scrap it. then check X").
        for part in lower_case_sentences(sentence):
            found.extend(c for c in _CLAUSE_BREAK.split(part) if c and c.strip())
    return tuple(found)


def _words(text: str) -> list[str]:
    if text.isascii():
        # Lower case first, once: in ASCII that finds the same words (the pattern takes both
        # cases), and no word holds a typographic apostrophe.
        return [w.strip(".-/") for w in _WORD.findall(text.lower())]
    return [w.lower().replace("\u2019", "'").strip(".-/") for w in _WORD.findall(text)]


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 5:
        return word[:-3] + "y"
    if word.endswith(("shes", "ches", "xes", "sses")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 4 else word


@functools.lru_cache(maxsize=4_096)
def _naming_words(text: str) -> frozenset[str]:
    """The words that can name a task: the opening of its text, stop words and short words
    taken out."""
    found: set[str] = set()
    # Each word once: what a word adds does not depend on where it stands.
    for word in dict.fromkeys(_opening_word_list(text)):
        # "print-to-logging" names what "print statements ... logging" said; "tests" what
        # "test" did. (A word of letters and digits alone has no parts to split.)
        if _TICKET_KEY.match(word):
            # A ticket key ("API-790") names its ticket whole: its prefix is a project or a
            # component ("api" in "/api/search"), its number any number, and "API-791" is
            # another ticket.
            found.add(word)
            continue
        for part in (word,) if word.isalnum() else {word, *_WORD_PARTS.split(word)}:
            if (
                len(part) >= 4 or (len(part) == 3 and part not in _SHORT_COMMON)
            ) and part not in _STOPWORDS:
                singular = _singular(part)
                found.add(singular)
                if len(singular) > _STEM:
                    # "summary"/"summarize", "investigation"/"investigate": one stem, kept
                    # apart from whole words ("changelog" does not name "change my flight").
                    found.add(f"~{singular[:_STEM]}")
    return frozenset(found)


_WORD_PARTS = lazy_compile(r"[-_/.]")


@functools.lru_cache(maxsize=4_096)
def _opening_word_list(task: str) -> tuple[str, ...]:
    """The opening of a task's text as its words, lower case (memoised: every clause that may
    name a task reads them)."""
    return tuple(_words(task[:_OVERLAP_CHARS]))


@functools.lru_cache(maxsize=4_096)
def _opening_words(task: str) -> str:
    """The opening of a task's text as its words, lower case, one space apart."""
    return " ".join(_opening_word_list(task))


def _shortened(said: frozenset[str], named: frozenset[str]) -> bool:
    """Whether a word said is a clipped form of a longer word of the task ("cert" for
    "certificates"). Only that way round: "worker" or "changelog" said is another word than
    the task's "work" or "change"."""
    return any(
        other.startswith(word) and len(other) > len(word) + 1
        for word in said
        if len(word) >= _CLIP and not word.startswith("~")
        for other in named
    )


def _names(phrase: str, task: str) -> bool:
    """Whether ``phrase`` names ``task``: by its words, by a quoted fragment of it ("put
    "book a flight" on hold"), or by a run of three of its words in a row."""
    said, named = _naming_words(phrase), _naming_words(task)
    if said & named:
        return True
    # Clipped words name a short request only: a pasted issue has so many words that some
    # begin with any word said ("work" and "worker", "change" and "changelog").
    if len(task) <= _CLIPPED_TASK_CHARS and _shortened(said, named):
        return True
    opening = _opening_words(task)
    for quoted in _QUOTED.findall(phrase):
        fragment = " ".join(_words(quoted))
        if len(fragment) >= 3 and fragment in opening:
            return True
    words = _words(phrase)
    # A run of three words in a row, one of them a word of its own ("make some changes"; not
    # "with the task", which any text may hold).
    return any(
        f" {' '.join(words[i : i + 3])} " in f" {opening} "
        and any(len(w) >= 4 and w not in _STOPWORDS for w in words[i : i + 3])
        for i in range(len(words) - 2)
    )


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
    # The object may run on into a reason ("this one, it's no longer needed"): its head
    # alone may be the pointer.
    return any(
        _is_work_phrase(part, tasks, by_name=by_name, points=points or by_name)
        for part in dict.fromkeys((phrase, head))
    )


_PUTS_SOMEWHERE = lazy_compile(
    r"^(?:please\s+)?(?:drop|dump|throw|put|post|send)\s+[^.;]{1,60}?\s(?:in|into|onto|to)\s+"
    r"(?:#[a-z][\w-]*|/\w|[a-z][\w+.-]*://)",
    re.IGNORECASE,
)
"""A clause that puts something in a named place (a chat channel, a path, an address):
"drop updates in #data-news please" halts nothing, whatever "drop" does elsewhere."""


def _puts_somewhere(clause: str) -> bool:
    return _PUTS_SOMEWHERE.search(clause.strip()) is not None


def _is_work_phrase(phrase: str, tasks: Sequence[str], *, by_name: bool, points: bool) -> bool:
    """Whether ``phrase`` (the object or subject of a halt) is a piece of work: it holds a
    word for work, points at one ("that", "this", "it", "what you're doing"), begins with a
    gerund of working, or names one of ``tasks`` by its words."""
    words = [w for w in _words(phrase) if w not in _NO_OBJECT]
    if not words:
        # "Stop.", "Stop there." or "Never mind." alone halts whatever is in force.
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
        r"we are|you've been|you were|you have been|i (?:said|asked|told you|gave you))",
        phrase.strip(),
        re.IGNORECASE,
    ):
        return True
    if any(word in _WORK_NOUNS for word in words[:8]) or _WHOLE_AFFAIR.search(phrase):
        return True
    return by_name and any(_names(phrase, task) for task in tasks)


# Halts that set work aside and act on nothing else ("never mind the linter warnings" and
# "forget the formatting" dismiss a thing; "stop the worker" acts on one).
_WORK_ONLY_HALT = lazy_compile(
    r"(?:paus(?:e|ing)|park(?:ing)?|shelv(?:e|ing)|put(?:ting)?|set(?:ting)?|leav(?:e|ing)|"
    r"push(?:ing)?|pull(?:ing)?|(?:make|take) (?:a )?pause)\b",
    re.IGNORECASE,
)


def _definite(phrase: str) -> bool:
    """Whether ``phrase`` opens with a definite noun phrase ("the lost parcel") with no name
    of its own (an id, a file)."""
    head = re.split(r"[,;:.!?]|\s+(?:and|then|instead|so)\s+", phrase.strip(), maxsplit=1)[0]
    return (
        re.match(r"(?:the|my|our|your)\s+\w", head, re.IGNORECASE) is not None
        and _CONCRETE.search(head) is None
    )


def _mentions_verb(task: str, verb: str) -> bool:
    """Whether ``task`` itself asks for ``verb`` ("cancel my reservation"): then "cancel the
    reservation" restates the task rather than halting it."""
    stem = verb.lower()[:5]
    return any(word.startswith(stem) for word in _opening_word_list(task))


def _without_when(words: Sequence[str]) -> list[str]:
    """``words`` without a trailing "for now", "for a bit", "until later", "right now"."""
    for position, word in enumerate(words):
        if position and word in (
            "for",
            "until",
            "till",
            "right",
            "now",
            "entirely",
            "today",
            "after",
            "anymore",
        ):
            return list(words[:position])
    return list(words)


def _halts(clause: str, tasks: Sequence[str], *, lenient: bool = False) -> bool:
    if _conditional(clause) and not ("," in clause and _bare_halt(clause.partition(",")[0])):
        # "Don't continue if the tests fail", "hold off until CI is green": rules. ("Let's
        # stop, I'll tell you if it comes back": the condition is another clause's.)
        return False
    return _halts_plainly(clause, tasks, lenient=lenient)


@functools.lru_cache(maxsize=16_384)
def _conditional(text: str) -> bool:
    """Whether ``text`` holds a condition (:data:`_CONDITION`); memoised, as the rules ask it
    of the same clauses again and again."""
    return _CONDITION.search(text) is not None


def _unnamed_halt(clause: str) -> bool:
    """Whether ``clause`` may halt work it names in words of its own: not a rule ("you may not
    stop the backup", "stop words must stay"), not a value swapped for another ("use USD
    instead of local currency"), not a habit dropped ("stop using print statements"), not a
    limit ("stop the chart at December"), not an operation on a named thing ("pause the
    nightly job j8k2m1")."""
    cues = _halt_cues(clause)
    if cues is None or cues.instead is not None or _INSTEAD_OF.search(clause):
        return False
    if cues.changed_mind is not None:
        return False  # "I changed my mind on the travel kit; white and navy": a detail
    if PROHIBITS.search(clause) or _UNNAMED_NOT_WORK.search(cues.lead):
        return False
    if _CONCRETE.search(clause):
        return False  # "pause the nightly job j8k2m1": an operation on a thing, not work
    # News of the surroundings ("fyi staging is on hold until Monday") halts nothing asked.
    return _NEWS_LEAD.match(clause) is None


_ON_HOLD = lazy_compile(
    r"\b(?:on hold|paused|pause|hold off|can wait|that'?s enough|enough (?:on|of|with)|"
    r"for (?:now|today)|later|stop working on|not (?:a|the) priority)\b",
    re.IGNORECASE,
)
"""Words that put a piece of work on hold, whatever it is called."""

_NEWS_LEAD = lazy_compile(r"\W*(?:fyi|btw|for the record|just so you know)\b", re.IGNORECASE)

_UNNAMED_NOT_WORK = lazy_compile(
    r"^(?:stop|quit|cease)\s+\w+ing\b|\b(?:stop|end)s?\b[^.;,]*\b(?:at|after|before|when)\b"
    # An obligation states a rule ("stop words must stay in the index"), not a halt; nor
    # does a way of working ("pause and ask me before ...").
    r"|\b(?:must|should|has to|have to|needs? to)\b"
    r"|^pause(?: here| now| for a (?:sec(?:ond)?|moment|bit))?(?:,| and)\b",
    re.IGNORECASE,
)


_SETTING_LEAD = (
    r"(?:let'?s |we'?ll |i'?ll )?go with|make (?:it|that|them|this)|"
    r"(?:switch|change|set|move|turn) (?:it|that|them|this) (?:to|into)|use"
)
_SETS_A_DETAIL = lazy_compile(rf"(?:{_SETTING_LEAD})\b", re.IGNORECASE)
"""How an instruction that only gives a detail of the work a new value opens ("make it a
window seat", "go with the exit row", "switch it to May 4")."""
_REVISION_LEAD = lazy_compile(
    rf"(?:{_SETTING_LEAD}|it'?s|it is|(?:i'?d|i would) (?:like|prefer|rather)|i (?:want|prefer))\b",
    re.IGNORECASE,
)
"""How a new value of a detail is put after a change of mind: an instruction that sets it,
or a statement of it ("..., go with olive instead", "...; it's $35,500")."""
_DETAIL_WORDS = 4
"""A change of mind followed by this many words or fewer, none of them a halt, gives the
detail its new value ("...: a window seat", "...; white and navy")."""


def _revises_a_detail(clause: str, text: str, tasks: Sequence[str]) -> bool:
    """Whether ``clause`` (of ``text``) says the person changed their mind about a detail of
    the work and the words after it give that detail its new value: "changed my mind on the
    seat: a window seat", "..., go with olive instead". A change of mind about the work itself
    ("about this task", "about the parser work"), one with nothing after it, or one followed
    by other work ("... Write the notes instead.") still halts."""
    cues = _halt_cues(clause)
    changed = cues.changed_mind if cues is not None else None
    if changed is None or _is_work(changed.group("object"), tasks, by_name=False, points=True):
        return False
    at = text.find(clause)
    after = clause[changed.end() :] + (text[at + len(clause) :] if at >= 0 else "")
    following = next(iter(_clauses(after.lstrip(" ,;:-\u2013\u2014"))), "")
    lead = _strip_lead(following).strip(" .!")
    if not lead:
        return False
    if _REVISION_LEAD.match(lead):
        return True
    # A few words that act on nothing: "cancel order #37926-KN instead" asks for other work.
    return (
        len(_words(lead)) <= _DETAIL_WORDS
        and not _halts(following, tasks, lenient=True)
        and _ACTION_VERB.match(lead) is None
        and not (_INSTEAD.search(lead) and _instructs(lead))
    )


def _only_revises(text: str) -> bool:
    """Whether every clause of ``text`` that says something gives a detail of the work a new
    value by the way it opens ("make it a window seat", "go with the exit row"), politeness
    aside: nothing is halted and nothing else is asked."""
    said = [_strip_lead(c).strip(" .!") for c in _clauses(text)]
    said = [c for c in said if c and not is_boilerplate(c)]
    return bool(said) and all(
        _SETS_A_DETAIL.match(c)
        # "use the staging database and stop the migration" halts something too.
        and not any(_halts(part, [], lenient=True) for part in [c, *_AND_THEN.split(c)])
        for c in said
    )


def _caps_a_quantity(before: str, piece: str) -> bool:
    """Whether ``piece`` is a bare "no more" after a piece that states a quantity, which it
    caps ("we allow 330 requests a minute, no more", "$46 a head, no more"): a limit, not a
    halt."""
    return _NO_MORE.fullmatch(piece) is not None and re.search(r"\d", before) is not None


_NO_MORE = lazy_compile(r"\W*no (?:more|longer)\W*", re.IGNORECASE)


def _bare_halt(part: str) -> bool:
    """Whether ``part`` is a halting verb on its own ("stop here", "no need to do anything"):
    nothing after it that could be a thing it acts on, and no condition."""
    lead = _strip_lead(part).rstrip(" .!")
    verb = _HALT_VERB.match(lead)
    if verb is None or verb.group("object") is not None or _conditional(part):
        return False
    return all(word in _NO_OBJECT for word in _words(lead[verb.end() :]))


@dataclass(frozen=True, slots=True)
class _HaltCues:
    """What the halt rules (:func:`_halts_plainly`) read of one clause, whatever the tasks:
    read once per clause, as the strict and the lenient reading and the reading of its
    parts all ask again."""

    lead: str
    changed_mind: re.Match[str] | None
    instead: re.Match[str] | None
    handoff: re.Match[str] | None
    wrong_task: bool
    not_this: bool
    negated: re.Match[str] | None
    leave: re.Match[str] | None
    later: re.Match[str] | None
    activity: re.Match[str] | None
    verb: re.Match[str] | None
    state: re.Match[str] | None


@functools.lru_cache(maxsize=16_384)
def _halt_cues(clause: str) -> _HaltCues | None:
    """The cues of ``clause`` (``None`` when it has no words once its lead is stripped)."""
    lead = _strip_lead(clause)
    if not lead:
        return None
    activity = _ACTIVITY_HALT.match(lead.rstrip(" .!?"))
    if activity is not None and re.match(r"\s*and\b", activity.group("object") or ""):
        activity = None  # "pause here and tell me what you found": a report, not a halt
    return _HaltCues(
        lead=lead,
        changed_mind=_CHANGED_MIND.search(clause),
        instead=_INSTEAD_OF_NAMED.search(clause),
        handoff=_HANDOFF.search(clause),
        wrong_task=_WRONG_TASK.search(clause) is not None,
        not_this=re.match(r"not (?:this|that)(?: one)? any ?more\b", lead, re.IGNORECASE)
        is not None,
        negated=re.match(r"not (?P<object>[^:;,.\u2014-]{3,})", lead, re.IGNORECASE),
        leave=_LEAVE_AND.match(lead),
        later=_LATER.match(lead) or _CONSIDER.match(lead) or _INSTEAD_OF.search(clause),
        activity=activity,
        verb=_HALT_VERB.match(lead),
        state=_HALTED_STATE.search(lead),
    )


def _halts_plainly(clause: str, tasks: Sequence[str], *, lenient: bool) -> bool:
    """Whether one clause halts a piece of work (see the module docstring). ``lenient``: the
    message also asks for something else, so a verb that acts on things ("call off that",
    "freeze this", "that is off the table") halts the work it points at."""
    cues = _halt_cues(clause)
    if cues is None or CAPPED_QUANTITY.search(clause):
        # "cache ttl = 600 seconds, no longer": a limit on a value, not a halt.
        return False
    lead = cues.lead
    changed_mind = cues.changed_mind
    if changed_mind and _is_work(changed_mind.group("object"), tasks):
        # What a person changed their mind about is the work they asked for ("I've changed
        # my mind about the parser work"), unless it is a detail of it: "changed my mind on
        # the colour: slate blue" gives the colour a new value and halts nothing.
        return True
    instead = cues.instead
    if instead and any(_names(instead.group("object"), task) for task in tasks):
        return True  # "instead of my appointment, get me ..." names the task it drops
    handoff = cues.handoff
    if handoff and _is_work(handoff.group("object"), tasks):
        return True  # "Mei will take over the refund": someone else does it now
    if cues.wrong_task:
        return True  # "I gave you the wrong task": the task in force is withdrawn
    if cues.not_this:
        return True  # "Not this anymore."
    negated = cues.negated
    if negated and any(_names(negated.group("object"), task) for task in tasks):
        return True  # "Not the login bug: I meant the signup form."
    leave = cues.leave
    if leave and _is_work(leave.group("object"), tasks):
        return True  # "leave the name split and fix the reset emails"
    later = cues.later
    if later is not None:
        return _is_work(later.group("object"), tasks) or (
            lenient and _definite(later.group("object"))
        )
    activity = cues.activity
    if activity is not None:
        # These can only halt an activity: whatever follows is the work ("hold off on the
        # API docs", "don't continue with my delivery"), unless it has an id of its own.
        return _is_work(activity.group("object") or "", tasks) or not _CONCRETE.search(
            activity.group("object") or ""
        )
    verb = cues.verb
    if verb is not None:
        placed = verb.group("object")
        rest = placed if placed is not None else lead[verb.end() :]
        # "Let's stop here with the API docs": the work is what follows "here with".
        rest = re.sub(
            r"^\s*(?:(?:here|there|now|please|pls)\b\s*)*(?:(?:with|on|for)\b)?", "", rest
        )
        if placed is None and re.match(r"\s*(?:[,;!]|\.(?!\w)|$)", rest):
            # "ok stop, I'll take it from here", "cancel, I'm out of time": the verb stands
            # alone; what follows the comma is a reason or what comes next, not its object.
            return not _CONDITION.search(rest)
        # "Stop words ..." is a noun phrase: the halt's object comes right after the verb.
        # "Cancel my reservation" may be the task itself: a verb that is also an action on
        # things halts work only when its object says it is work.
        if _VALUE_OBJECT.match(rest):
            return False  # "Scratch the old number, ...": a value is revised, not work
        if _DISMISS.match(lead):
            # "Ignore the banner" dismisses a thing; "ignore the previous request" the work:
            # only a word for work or a pointer at it makes it a halt.
            return _is_work(rest.strip(" ,.;:!"), [], by_name=False, points=True)
        action = _ACTION_VERB.match(lead)
        named = [t for t in tasks if action is None or not _mentions_verb(t, action.group(0))]
        # "Cancel one of the duplicate flights" acts on the task's own things; "drop the
        # report query entirely" or "cancel "book a flight"" drops the task.
        # "Can you drop the API throttling and write up the sales numbers?" goes on with new
        # work: what it drops is the work in force.
        goes_on = any(_instructs(part, asked=True) for part in _TRAILING.split(rest)[1:])
        # "kill it", "nvm, drop it", "cancel that, actually": nothing else there to drop (a
        # bare "cancel it" in a booking chat cancels the booking).
        pointer_only = action is not None and _BARE_POINTER.match(rest) is not None
        demonstrative = re.match(
            r"\s*(?:that|this)\b", rest, re.IGNORECASE
        ) is not None and not lead.lower().startswith(("leave", "we leave"))
        if pointer_only and (_POINTABLE.match(lead) or _CORRECTION.search(clause) or demonstrative):
            return True
        if re.match(r"(?:never ?mind|nvm)\s*,", lead, re.IGNORECASE):
            return True  # "nvm, drop it": the "never mind" halts whatever follows
        by_name = action is None or (
            bool(named) and bool(lenient or _WHOLLY.search(rest) or _QUOTED.search(rest) or goes_on)
        )
        if lenient and action is None and _WORK_ONLY_HALT.match(lead) and _definite(rest):
            # "Park the RAG review! Compare the pricing instead": beside a new instruction,
            # a halt that can only mean work halts whatever it calls the task.
            return True
        return _is_work(rest.strip(" ,.;:!"), named, by_name=by_name, points=lenient)
    state = cues.state
    if state is None:
        return False
    subject = lead[: state.start()]
    if re.search(r",|\b(?:but|and|so|though)\b", subject) and re.match(
        r"(?:it|this|that)\s*$", re.split(r",|\b(?:but|and|so|though)\b", subject)[-1].strip()
    ):
        # "we are not done with them, but that can wait": the pronoun points at what the
        # clause spoke of, not at the work (a clause that begins "That can wait" does).
        return False
    if re.search(r"\b(?:not|n't|never)\s*$", subject, re.IGNORECASE):
        return False
    # "My reservation is cancelled" is news about the task's things; a task named by a
    # quoted fragment ("\"book a flight\" is cancelled") is the task itself.
    by_name = (
        lenient or _ACTION_STATE.search(state.group(0)) is None or bool(_QUOTED.search(subject))
    )
    return bool(subject.strip()) and _is_work(subject, tasks, by_name=by_name, points=lenient)


@functools.lru_cache(maxsize=16_384)
def _return_cues(clause: str) -> tuple[str, re.Match[str] | None, str] | None:
    """What :func:`_resumed` reads of one clause, whatever the tasks: its lead, the verb of
    return that opens it (if any) and what it returns to; ``None`` when it returns to
    nothing (most clauses). Memoised per clause."""
    # "can we continue ...", "please we continue ...": the person includes themself.
    lead = _WE_LEAD.sub("", _strip_lead(clause))
    if _LATER.match(lead):
        return None  # "We'll come back to the review later" sets it aside
    verb = _RESUME.match(lead)
    if verb is not None:
        return lead, verb, verb.group("picked") or verb.group("held") or lead[verb.end() :]
    elliptical = _ELLIPTICAL_RETURN.fullmatch(lead)
    if elliptical is not None:
        # "the dentist appointment again pls": a piece of work named, and a word of return.
        return lead, None, elliptical.group("object")
    state = _RESUMED_STATE.search(lead)
    if state is None:
        return None
    return lead, None, lead[: state.start()]


def _resumed(clause: str, stopped: Sequence[str], in_force: Sequence[str] = ()) -> int | None:
    """The position in ``stopped`` of the task one clause returns to, or ``None``."""
    if not stopped:
        return None
    cues = _return_cues(clause)
    if cues is None:
        return None
    lead, verb, target = cues
    # "Proceed with the change" confirms the step at hand; only a word of return ("again",
    # "back") or a quoted name makes a weak verb go back to a task set aside.
    weak = verb is not None and lead[: verb.end()].lower().startswith(
        (
            "continue",
            "finish",
            "proceed",
            "carry on",
            "go ahead",
            "good to go",
            "we're good",
            "we are good",
            "start",
            "again start",
        )
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
        r"|\bwhat (?:you|we|i) (?:were (?:doing|working on)|started|had started|began|left|"
        r"paused|stopped|parked|set aside|put on hold)\b",
        target,
        re.IGNORECASE,
    )
    # "Continue." on its own is a nudge, "continue with it" is not a return either; "go
    # back to it", "resume the original task" or "pick it up again" return to the latest
    # task set aside.
    if verb is None and (generic or pointed):
        return len(stopped) - 1
    if pointed or (generic and explicit):
        return len(stopped) - 1
    if (
        _BACK_TO.match(lead)
        and re.match(r"(?:the|my|our|your|that)\s", target.strip(), re.IGNORECASE)
        and not _NOT_WORK.search(target)
        and not any(_names(target, task) for task in in_force)
    ):
        # "Back to the car rental": a return to something named that is not the task in
        # force goes back to the latest task set aside, however it is called.
        return len(stopped) - 1
    if (
        # "go back to intro" names a part of the work at hand: only a verb that can mean
        # nothing but a return takes a name without an article.
        _other_named_work(
            target, in_force, bare=verb is not None and not weak and not _BACK_TO.match(lead)
        )
        and not _CONDITION.search(clause)
        and not clause.rstrip().endswith("?")
    ) and (
        verb is None
        or _GOING_ON.match(lead) is None
        # "you can restart the announcement now": leave to go on is a return, whatever the
        # verb.
        or _PERMISSION.search(clause) is not None
        or bool(_AGAIN.search(clause))
        or _CONTINUE_ON.match(lead) is not None
    ):
        # "Resume the mortgage analysis", "the reading list is back on", "go ahead with the
        # review after all", "continue with the churn query now": the person goes back to a
        # piece of work they call by a name of their own, and it is not the task in force.
        # With a task set aside, that is the one they return to: people seldom repeat the
        # words they first used. A verb that also goes on with the step at hand ("finish the
        # tests", "restart the server") needs a word of return, except for a plain
        # "continue with" a named piece of work other than the one in force.
        return len(stopped) - 1
    return None


# Verbs of going on that also act on the work at hand: a return only with a word of return.
_GOING_ON = lazy_compile(
    r"(?:continue|finish|proceed|carry on|re-?start|(?:again )?start|re-?open|"
    r"(?:make|do) (?:it )?again|"
    r"go ahead|good to go)\b",
    re.IGNORECASE,
)
_CONTINUE_ON = lazy_compile(r"continue(?: with| working on| on)?\s+(?:the|my|our)\s", re.I)
_DETERMINER = lazy_compile(
    r"^(?:the|my|our|your|that|this|his|her|their|[a-z]+'s)\s+(?P<rest>.+)$", re.IGNORECASE
)
# "your previous message", "the first walker you found": a determiner before what the agent
# said or found, not a piece of work.
_NOT_WORK = lazy_compile(
    r"\b(?:message|answer|reply|response|point|question|comment|option|result|one you|rest|"
    r"you (?:found|said|wrote|sent|showed|suggested|mentioned))\b",
    re.IGNORECASE,
)
_TAIL_WORDS = lazy_compile(
    r"\s+(?:now|again|after all|pls|please|plz|today|first|then|and .*|where .*|from .*|"
    r"as (?:well|planned).*|too)$",
    re.IGNORECASE,
)


def _other_named_work(target: str, in_force: Sequence[str], *, bare: bool = False) -> bool:
    """Whether ``target`` (what a verb of return acts on) is a piece of work called by a
    name of its own ("the churn query", "mom's gift"), not the task in force, not something
    the agent said or found. ``bare``: a name without an article counts too ("revisit order
    99812", after a verb that can only mean a return)."""
    phrase = target.strip(" \t.,;:!?\u2014-").replace("\u2019", "'")
    previous = None
    while phrase != previous:
        previous = phrase
        phrase = _TAIL_WORDS.sub("", phrase).strip(" \t.,;:!?\u2014-")
    named = _DETERMINER.match(phrase)
    if (named is None and not bare) or _NOT_WORK.search(phrase):
        return False
    rest = _words(named.group("rest") if named is not None else phrase)
    if not rest or len(rest) > _NAME_WORDS or rest[0] in _POINTERS:
        return False
    if all(w in _WORK_NOUNS or w in _WORK_REFERENCES or w in _GENERIC_NAMES for w in rest):
        return False  # "continue with the task", "finish the current work": a nudge
    return not any(_names(phrase, task) for task in in_force)


_NAME_WORDS = 6
_GENERIC_NAMES = word_set("same current one ones stuff rest next last remaining new")
"""Words that name no piece of work of its own."""
"""At most this many words name a piece of work; a longer object is an instruction."""


_WE_LEAD = lazy_compile(
    r"^(?:(?:can|could|shall|should) we|(?:now )?(?:we|you) can(?: now)?(?: again)?|"
    r"(?:now )?we)\s+",
    re.IGNORECASE,
)
# A halt the person recalls as their own ("earlier I cancelled X", "I know I said to park X",
# "remember when I told you to hold off on X?"), and a return to it by a pronoun.
_RECALLED_HALT = CaselessPattern.compile(
    r"\b(?:i|we)\s+(?:\w+\s+)?(?:cancel+ed|stopped|paused|parked|shelved|dropped|scrapped|"
    r"put (?:\S+\s+){1,4}on hold|(?:said|told you|asked you) to (?:\w+\s+)?(?:park|stop|pause|"
    r"drop|hold off|shelve|cancel|scrap|skip|leave))\b",
    re.IGNORECASE,
)
_PRONOUN_RETURN = lazy_compile(
    r"\b(?:do|finish|continue(?: with)?|resume|go ahead with|pick|restart|start|get back to|"
    r"go back to) (?:it|that|this)\b(?!\s+(?:for|to|on|in) (?:the|my|our|a)\b)",
    re.IGNORECASE,
)
_ELLIPTICAL_RETURN = lazy_compile(
    r"(?P<object>(?:the|my|our|[a-z]+'s)\s+[^,.;:!?]{2,60}?)\s+(?:again|back on)"
    r"(?:\s+(?:pls|please|plz|now))*[\s.!]*",
    re.IGNORECASE,
)
_PERMISSION = CaselessPattern.compile(
    r"\b(?:we|you|u) can (?:now |again |finally )*(?:re-?start|start|continue|go ahead|finish|"
    r"proceed|carry on|re-?open)\b",
    re.IGNORECASE,
)
_BACK_TO = lazy_compile(
    r"(?:(?:go|get|come|head|switch|jump|turn) back|back|return) (?:to|on)\b", re.IGNORECASE
)


_NOT_A_VERB = word_set(
    """
    it it's its this that that's these those there there's we we're i i'm you you're
    they he she the a an my our your their because since as if when while thanks
    thank sorry which who what why how where everything all anything nothing related
    so too have enjoy bye goodbye cheers good great nice awesome perfect cool i'll i'd
    i've we'll we'd we've you'll you've you'd they're they've they'll they'd he's she's
    someone somebody nobody everyone everybody nevermind is are was were be been has had
    does did
    """
)
"""First words that begin no instruction: pronouns, articles, reasons, pleasantries."""
_LY_VERBS = word_set("apply reply supply multiply rely comply imply")
_DECLARATIVE = word_set(
    """
    is are was were has have had will would can could should must wants needs says said
    thinks seems looks does did isn't aren't wasn't doesn't didn't won't can't got gets
    came comes went goes hasn't haven't hadn't wouldn't shouldn't couldn't
    """
)
_ADVERBS = word_set("already just also finally actually still never really probably even")
"""Words between a subject and its verb ("finance already did it")."""
_BASE_ED = word_set("need feed seed embed shred speed proceed exceed succeed bleed breed")
"""Imperatives that end in -ed."""
_ASKS = lazy_compile(r"(?:can|could|would|will) you\b", re.IGNORECASE)
# A wish addressed to the agent ("I need you to ...", "you should ...") asks for something;
# "I want to rethink the approach" or "I have to run" gives a reason.
_ADDRESSED = lazy_compile(
    r"\b(?:(?:i|we) (?:need|want|would like|'d like) (?:(?:you|u)(?: to)?|that you)|you (?:need|"
    r"should|must|have) to|(?:can|could|would|will) you|what i (?:\w+ly )?(?:need|want)|"
    r"all i (?:need|want))\b",
    re.IGNORECASE,
)


_POINTERS = word_set("it this that them nothing everything all one please pls now then")


def _past_or_third_person(word: str) -> bool:
    """Whether a first word is a past tense or a third person's verb, which no imperative
    is ("sorted", "turns"); nouns in -ss, -us, -is stay possible."""
    if word.endswith("ed") and len(word) > 4:
        return word not in _BASE_ED
    return (
        word.endswith("s")
        and len(word) > 3
        and not word.endswith(("ss", "us", "is", "as", "ys", "'s"))
        and word not in ("does", "focus")
    )


def _base_verb(word: str) -> bool:
    """Whether a word after "you" can be an order's verb ("you do", "you fix"), not a modal,
    an auxiliary or a tense ("you can", "you've", "you fixed")."""
    return (
        word not in _DECLARATIVE
        and word not in _MODALS
        and not _past_or_third_person(word)
        and not word.endswith("ing")
    )


_LEAVES_AS_IS = lazy_compile(
    r"(?:leave|keep) (?:(?:it|everything|things|them|that|this)\b|"
    r".{0,60}\b(?:as (?:it is|is|they are)|alone|untouched|where it is)\W*$)",
    re.IGNORECASE,
)
_MODALS = word_set("can could should would will shall may might must need know see mean")
_NAMED_SUBJECT = lazy_compile(r"[A-Z]{2,6}\s+[a-z]")
"""An acronym then a word in lower case: a name as the subject ("CI takes care of it")."""
# A subject, then a modal or a verb of being: a statement about someone, not an order.
_STATEMENT = lazy_compile(
    r"(?:[\w'-]+\s+){1,3}(?:might|may|would|could|should|will|won't|wouldn't|can't|cannot)\b"
    r"|(?:i|we|he|she|they)\s+(?:\w+ly\s+)?(?:would|might|may|will|am|was|had)\b",
    re.IGNORECASE,
)


def _instructs(clause: str, *, asked: bool = False) -> bool:
    """Whether a clause (not a halt) asks for something: an imperative or a request, of a
    few words at least. ``asked``: the clause goes on from a polite question ("Can you stop
    working on X and look at Y?")."""
    lead = _strip_lead(clause)
    words = _words(lead)
    if len(words) < _MIN_TASK_WORDS and not _INSTEAD.search(clause):
        return False
    if lead.rstrip().endswith("?") and not (asked or _ASKS.match(clause.strip())):
        return False
    first = words[0] if words else ""
    if first.endswith("ly") and len(first) > 4 and first not in _LY_VERBS:
        return False  # "Unfortunately, the cost is above my budget": no imperative
    if _LEAVES_AS_IS.match(lead):
        return False  # "leave everything as it is", "leave the branch alone": nothing new
    if first in ("don't", "never", "no", "not") or lead.lower().startswith("do not"):
        return False  # "don't do anything yet" forbids; it sets no task
    if _past_or_third_person(first) or first in NON_VERB_OPENERS:
        return False  # "sorted it out myself", "turns out there's a freeze": no imperative
    if first.endswith("'s") and first not in _NOT_A_VERB and first != "let's":
        return False  # "money's tight this month": a noun and its verb, a fact
    if _NAMED_SUBJECT.match(lead) and len(words) > 1 and _past_or_third_person(words[1]):
        return False  # "CI takes care of it", "QA signed off": a name and its verb, a fact
    if _STATEMENT.match(lead) and not _ADDRESSED.search(lead) and not _NEW_TASK.search(lead):
        return False  # "my sister might sort it out instead", "I would rather wait": a reason
    if all(word in _POINTERS for word in words[1:]):
        return False  # "cancel that", "revert nothing": no new object, no new task
    # A subject then its verb, maybe with an adverb between ("finance already did it").
    verb_at = 2 if len(words) > 2 and words[1] in _ADVERBS else 1
    if first == "you" and len(words) > 2 and _base_verb(words[1]):
        return True  # "you do the forecast": an order with its subject said
    declarative = len(words) > verb_at and (
        words[verb_at] in _DECLARATIVE
        or (words[verb_at].endswith("ed") and len(words[verb_at]) > 4)
    )
    if declarative and not _ADDRESSED.search(lead):
        return False  # "legal wants to review it", "the build is red": a reason, a fact
    return (
        first not in _NOT_A_VERB
        or _INSTEAD.search(clause) is not None
        or _ADDRESSED.search(lead) is not None
    )


# Words that set work aside or take it up again, wherever they stand in a sentence: the
# fallback of the clause rules, used only for a sentence that names the task itself.
# What a halt verb may act on that is a stated value, not work ("scratch the old number").
_VALUE_OBJECT = lazy_compile(
    r"\s*(?:the |that |this |my |our )?(?:old |previous |earlier |last |first )?"
    r"(?:number|value|figure|amount|price|date|limit|cap|budget|address|port|host|name|"
    r"codename|region|deadline|estimate|setting|format|time ?zone)s?\b"
    r"(?=\s*(?:[,;:!?\u2014]|\.(?!\w)|$|and\b|then\b))",
    re.IGNORECASE,
)
_ASIDE_WORD = CaselessPattern.compile(
    # Not a noun ("a stop"), not part of a word ("non-stop"), not a marker ("###STOP###").
    # Nor a limit ("$5,900, hard stop").
    r"(?<![-\w#])(?<!\ba )(?<!\ban )(?<!\bthe )(?<!\bhard )(?<!\bfull )"
    r"(?:stop|stopping|halt|pause|park|shelve|drop|abandon|scrap|ditch|forget|freeze|"
    r"hold off|on hold|wait|defer|postpone|quit|ignore|disregard|enough|nvm|never ?mind|"
    r"no more(?! than)|move off|stand down|call it a day|not needed|no longer|wrong task|"
    r"(?:takes|has) (?:priority|precedence) over|more important than|lower priority|"
    r"not the (?:right|top) priority|not a priority|back ?burner|put a pin|set aside)\b",
    re.IGNORECASE,
)
_RETURN_WORD = CaselessPattern.compile(
    # Verbs of return, not nouns ("the return flight") nor a plain "before we finish".
    r"\b(?:continue (?:with|on|working on)|continue (?:it|that|this)|resume|resuming|"
    r"pick (?:\w+ ){0,5}(?:back )?up|jump back|"
    r"(?:get|go|come|switch|head) back (?:to|into|on)(?! (?:you|me|us|him|her|them)\b)|"
    r"back (?:to|on|into) (?:the|that|my|our|your|it|what)|another go|over the line|"
    r"where were we|unblocked|un-?pause|time again|finish (?:off |up )?(?:the|that|it|what|"
    r"your|my)|let's finish|revisit|"
    # Going on with something named, whatever the verb: "go ahead with X after all", "we're
    # good to go on X again", "take X off hold", "X again pls", "where we left off".
    # A confirmation ("go ahead with the upgrade", "do it now") returns only with a word of
    # return or a pointer back ("the one from before"): in a chat it confirms the step at
    # hand.
    r"(?:go ahead (?:with|w/)|good to go (?:on|with))\b(?=.*\b(?:again|after all|once more|anew|"
    r"from before|asked (?:\w+ )?first|earlier|previous|original|other thing|old thread|"
    r"we were doing)\b)|"
    r"off hold|back on\b|back 2|re-?turn to|where (?:we|you|it) (?:left off|stopped)|"
    r"(?:do|finish|start) (?:it|that|this) (?:after all|again)|approved again|is a go)\b",
    re.IGNORECASE,
)
# Words that go on with something: a return only where the message asks no question and names
# a task set aside ("ok, e-invoicing again. continue pls").
_GO_ON_WORD = CaselessPattern.compile(
    r"\b(?:carry on|continue|after all|again|from where (?:you|we) (?:paused|stopped|left))\b",
    re.IGNORECASE,
)
_NEGATED_ASIDE = CaselessPattern.compile(
    r"\b(?:don't|do not|never|not|no need to|shouldn't|mustn't|can't|cannot|won't)\s+"
    r"(?:\w+\s+){0,1}(?:stop|pause|drop|cancel|freeze|leave|quit|abandon|wait|ignore|halt)",
    re.IGNORECASE,
)
_REPORTED = CaselessPattern.compile(r"\b(?:was|were|had been|got)\s+\w+(?:ed|en)\b", re.IGNORECASE)
_PAUSED_REFERENCE = lazy_compile(
    r"\b(?:paused|stopped|parked|shelved|earlier|previous|original|before|"
    r"(?:we|you|i) (?:put|set) (?:\w+ )?(?:on hold|aside)|"
    r"asked (?:\w+ )?(?:first|fisrt|earlier|before)|from (?:before|earlier|this morning)|"
    r"old thread|other thing|we were doing)\b",
    re.IGNORECASE,
)
_CURRENT_REFERENCE = lazy_compile(
    r"\b(?:current|present|this|the same)\s+(?:task|work|one|thing|job)\b", re.IGNORECASE
)


@functools.lru_cache(maxsize=4_096)
def _plain_sentences(text: str) -> tuple[str, ...]:
    """The sentences of ``text``, lower-case ones too, without markup tokens (``###STOP###``
    is a harness's end marker, not a word)."""
    return tuple(
        part.strip()
        for sentence in sentences(MARKUP_TOKEN.sub(" ", text))
        for part in lower_case_sentences(sentence)
        if part.strip()
    )


_PROSE_LETTERS = 0.7
"""Share of a line's visible characters that are letters, at least, for it to be something a
person wrote rather than a line of a pasted log or table (``2026-11-25 INFO cache: batch 7898
took 759 ms`` has 53%; ``Stop the t4h0xj container and delete its volume.`` 90%)."""
_PASTED_LINES = 5
"""Lines a paragraph after a message's first has at least to be read as pasted output."""
_PASTED_SHARE = 0.8
"""Share of such a paragraph's lines that are not prose, at least, for it to be pasted."""


def _prose_line(line: str) -> bool:
    """Whether a line is mostly letters (:data:`_PROSE_LETTERS`): words, not log fields."""
    visible = sum(not char.isspace() for char in line)
    return sum(char.isalpha() for char in line) >= _PROSE_LETTERS * visible


def _without_pasted_output(spoken: str) -> str:
    """``spoken`` up to the first paragraph after its first that is pasted output (a log, a
    table: :data:`_PASTED_LINES` lines or more, most of them not prose): what a person wrote
    above it. The checks that keep a confident switch from the model out of a list of facts
    read that, not the log's lines, each a sentence with a value in it."""
    paragraphs = re.split(r"\n\s*\n", spoken)
    for at, paragraph in enumerate(paragraphs[1:], start=1):
        lines = [line for line in paragraph.splitlines() if line.strip()]
        pasted = sum(not _prose_line(line) for line in lines)
        if len(lines) >= _PASTED_LINES and pasted >= _PASTED_SHARE * len(lines):
            return "\n\n".join(paragraphs[:at])
    return spoken


def _statement_like(sentence: str) -> bool:
    """A question that asks nothing of the agent, a report of what happened, or a rule:
    none of them sets work aside."""
    if (
        sentence.rstrip().endswith("?")
        and not _ASKS.search(sentence)
        and not re.search(r"\bwhere were we\b", sentence, re.IGNORECASE)
    ):
        return True
    return bool(_REPORTED.search(sentence) or _NEGATED_ASIDE.search(sentence))


def _sets_aside(sentence: str, tasks: Sequence[str]) -> bool:
    """Whether a sentence sets the work in force aside though no clause rule saw it: a word
    that sets work aside, and the task itself named in it by its words or a quote."""
    if not tasks:
        return False
    # The word first: most sentences have none, and it is cheaper to look for.
    verb = _ASIDE_WORD.search(sentence)
    if verb is None or _statement_like(sentence) or CAPPED_QUANTITY.search(sentence):
        return False
    named = [t for t in tasks if not _mentions_verb(t, verb.group(0))]
    return any(_names(sentence, task) for task in named)


@functools.lru_cache(maxsize=16_384)
def _return_word(sentence: str) -> bool:
    """Whether ``sentence`` holds a word of return (:data:`_RETURN_WORD`)."""
    return _RETURN_WORD.search(sentence) is not None


@functools.lru_cache(maxsize=16_384)
def _go_on_word(sentence: str) -> bool:
    """Whether ``sentence`` holds a word of going on (:data:`_GO_ON_WORD`)."""
    return _GO_ON_WORD.search(sentence) is not None


def _returns_to(
    sentence: str, stopped: Sequence[str], in_force: Sequence[str], *, go_on: bool = False
) -> int | None:
    """The task set aside a sentence goes back to, though no clause rule saw it: a word of
    return, and a task set aside named in it (by its words, a quote, or as the paused or
    earlier one) while the task in force is not. ``go_on``: "continue", "carry on" count as
    words of return too."""
    # The word first: most sentences have none, and it is cheaper to look for.
    if not (_return_word(sentence) or (go_on and _go_on_word(sentence))):
        return None
    if _statement_like(sentence):
        return None
    if _CURRENT_REFERENCE.search(sentence):
        return None  # "the current task is the one that matters; finish it first"
    if any(_names(sentence, task) for task in in_force):
        return None
    for position in range(len(stopped) - 1, -1, -1):
        if _names(sentence, stopped[position]):
            return position
    if _PAUSED_REFERENCE.search(sentence) and re.search(
        r"\b(?:task|work|thing|one|job|request|thread|stuff)s?\b|\bwhat (?:you|we|i)\b|"
        r"\bwhere were we\b",
        sentence,
        re.I,
    ):
        return len(stopped) - 1
    return None


# Words that point back at work set aside, whatever it is called: "the thing from before",
# "the one I asked you to park", "Maria handed it back to us", "unparking the notebook",
# "git stash pop", "PR #341 is back in progress". Only a return can mean these.
_POINTS_BACK = CaselessPattern.compile(
    r"\bfrom (?:before|earlier|this morning|yesterday)\b|"
    r"\bthe (?:thing|one|task|stuff|work) (?:that )?(?:i|we) "
    r"(?:asked you to |told you to |had you )?"
    r"(?:park|parked|pause|paused|shelve|shelved|put on hold|set aside|hold off on)\b|"
    r"\b(?:we|you|u|i) (?:had )?(?:started|stopped|paused|parked|began|set aside) "
    r"(?:\w+ )?(?:before|earlier|yesterday)\b|\blike we started\b|"
    r"\bbefore (?:i|we) (?:pulled|took) (?:you|u) off\b|"
    r"\bhanded (?:\S+ ){1,5}back\b|\bhanded back\b|\bstash pop\b|"
    r"\bun-?park(?:ing|ed)?\b|\bupark\b|"
    r"\bcircle back (?:to|on)\b|\btake (?:\S+ ){1,6}up again\b|\btake up (?:\S+ ){1,6}again\b|"
    r"\breturning to\b|\b(?:we|i|let's) return (?:on|to)\b|\bback in progress\b|"
    r"\balive again\b|\b(?:got|been|was|is|be) re-?opened\b|\b(?:are|is|'s) a go again\b|"
    r"\bstill in your (?:context|memory|head)\b|\bunblocked\b|\bback on the table\b|"
    r"\boff ice\b|\bgreen light on\b",
    re.IGNORECASE,
)
# A question about where work was left, or going on from where it was: a return when what it
# is about is named, and is not the work in force ("where did we leave the drift check?",
# "continue w/ daily_ingest from where u stopped").
_WHERE_LEFT = CaselessPattern.compile(
    r"\bwhere (?:did|do|had) (?:we|you|u|i) (?:leave|get to|stop|park)\b|"
    r"\bwhere (?:were|was) (?:we|you|u|i)\b|\bwhat was left (?:to do )?(?:on|with|for|of|in)\b|"
    r"\bwhat was the (?:next|last) step\b|\bthe last step you did\b|"
    r"\b(?:from|where) (?:you|we|u) (?:had )?(?:left|stopped|paused|got to|were)\b|"
    # Going on with a piece of work: "would you mind continuing with the jacket copy?", "can
    # you pick the 1.29 upgrade back up", "let's get CLIM-25 going again", "take up BIO-301".
    r"\bcontinu(?:e|ing) (?:with|on)\b|\bgo(?:ing)? on with\b|\bcarry(?:ing)? on with\b|"
    r"\bpick (?:\S+ ){1,6}back up\b|\bget (?:\S+ ){1,5}going(?: again)?\b|\btake up\b|"
    r"\bfrom (?:your|the|our) last (?:point|change|step|commit|edit)\b|"
    r"\bwrap up\b|\bover the line\b|\bfinish (?:off|up)\b|\blet'?s finish\b|"
    # "back to X" that opens a clause, or a person going back ("let's get back to X", "could
    # we switch back to X"); not "sent it back on the 2nd", "why doesn't the refund go back to
    # the card?".
    r"(?:^|[,;:!]\s*|\b(?:now|so|ok|okay|right|then|and|please|pls)\s+|"
    r"(?:^|\b(?:we|let's|lets|let us|you|u|i)\s+(?:(?:can|could|should|might|will|'ll)\s+)?"
    r"(?:now\s+)?)(?:go|get|come|head|jump|switch|turn)\s+)back (?:to|on|2)\b"
    r"(?! (?:me|us|you|him|her|them|normal)\b)",
    re.IGNORECASE,
)
# Work put off to a later time is set aside, not taken up: "we'll circle back to it later".
_PUT_OFF = CaselessPattern.compile(
    r"\b(?:later|tomorrow|next week|afterwards|another time|some other time)\b|"
    r"\b(?:will|'ll|gonna|going to|shall) (?:\w+ )?(?:circle|come|get|go|return|pick|take)\b",
    re.IGNORECASE,
)
# What a piece of work is called when it is not in words: a ticket, an issue or PR number, a
# name in code quotes, a file or a snake_case name.
_WORK_HANDLE = lazy_compile(
    r"(?<![\w/])(?:#\d+|[A-Za-z]{2,}-\d+)\b|`[^`\n]{2,60}`|"
    r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[\w-]+\.(?:py|js|ts|md|sql|go|rs|java|rb|yml|yaml)\b"
)
_NAMED_THING = lazy_compile(
    r"\b(?:the|my|our|your|that|[a-z]+'s)\s+[^\s,.;:!?()]+(?:\s+[^\s,.;:!?()]+){0,4}",
    re.IGNORECASE,
)
# A report that work is finished: its clause names what is over, not what comes next.
_REPORTS_DONE = CaselessPattern.compile(
    r"\b(?:done|finished|sorted|behind us|out of the way|shipped|handled|wrapped up|"
    r"complete|completed|works|working|is in|are in|merged|closed|good|fixed|bumped|pass)\b",
    re.IGNORECASE,
)


def _points_back(text: str, stopped: Sequence[str], in_force: Sequence[str]) -> int | None:
    """The task set aside that a message goes back to by words that point back at work set
    aside (:data:`_POINTS_BACK`), or by a question about where work was left or going on from
    there (:data:`_WHERE_LEFT`) about a piece of work named and not in force; ``None`` when
    it does neither. The task is the latest one set aside that the message names, else the
    latest one set aside."""
    if not stopped:
        return None
    said = _plain_sentences(text)
    # What the message names outside its reports of work done ("Now we can again take up
    # BIO-301. Please continue there where we stopped.": the name and the cue apart).
    named_apart = " ".join(_without_reports_done(sentence) for sentence in said)
    # Which tasks set aside the message names: looked up once a sentence points back (a long
    # chat sets many aside, and most messages point back at none).
    named: list[int] | None = None
    for sentence in said:
        back = _POINTS_BACK.search(sentence) is not None
        where = None if back else _WHERE_LEFT.search(sentence)
        if not back and where is None:
            continue
        if _PUT_OFF.search(sentence) or _CURRENT_REFERENCE.search(sentence):
            continue
        if _NEGATED_ASIDE.search(sentence):
            continue
        # "OK, the staging upgrade is done, so returning to this": the clause that reports
        # work finished names it, and that is no obstacle.
        live = _without_reports_done(sentence)
        if named is None:
            named = [p for p in range(len(stopped) - 1, -1, -1) if _names(text, stopped[p])]
        if _names_in_force(live, in_force, [stopped[p] for p in named]):
            continue
        if named:
            return named[0]
        # What the question or the return is about: the rest of its clause, or ("ok, the
        # leak fix - what was the next step?") what the sentence names before it; "back to"
        # goes back to what follows it ("back to step 3, the output was wrong" is a step).
        about = _CLAUSE_END.split(sentence[where.end() :], 1)[0] if where is not None else ""
        before = "" if where is None or "back" in where.group(0).lower() else live
        if back or _names_other_work(about, in_force) or _names_other_work(before, in_force):
            return len(stopped) - 1
        if (
            not about.strip()
            and not _names_in_force(named_apart, in_force, [])
            and _names_other_work(named_apart, in_force)
        ):
            return len(stopped) - 1
    return None


def _without_reports_done(sentence: str) -> str:
    """``sentence`` without its pieces that report work finished ("the staging upgrade is
    done")."""
    return " ".join(
        piece for piece in _DONE_BREAK.split(sentence) if not _REPORTS_DONE.search(piece)
    )


def _names_in_force(phrase: str, in_force: Sequence[str], stopped: Sequence[str]) -> bool:
    """Whether ``phrase`` is about the work in force rather than the work set aside that it
    names: it shares more naming words with a task in force than with any of ``stopped``
    ("unparking orders_daily" shares "daily" with the `daily_ingest` task and two words
    with the `orders_daily` one)."""
    said = _naming_words(phrase)
    best_aside = max((len(said & _naming_words(task)) for task in stopped), default=0)
    return any(len(said & _naming_words(task)) > best_aside for task in in_force)


# Idioms that put the work in force aside whatever it is called ("the L2 coverage has been
# overtaken by events", "mothball VER-1047", "down tools on the cmip6 job", "everything else
# waits"): none of them is said of anything but work.
_SETS_ASIDE_IDIOM = CaselessPattern.compile(
    r"\b(?:is|are|'s|now)\s+(?:now\s+|all\s+)?moot\b|\b(?:is|are|'s) a dead end\b|"
    r"\bovertaken by events\b|\bship has sailed\b|\bgoes to won'?t do\b|"
    r"\b(?:is|are) frozen until\b|\bsomeone else owns\b|\bmothball\w*\b|\bdown tools\b|"
    r"\bcan be kept pending\b|\b(?:goes|go|put \S+(?: \S+){0,4}) on the back ?burner\b|"
    r"\beverything else (?:waits|can wait)\b|\bnot worth (?:it )?(?:to )?continu\w*\b|"
    r"\bno longer the best use of\b|\bmust take precedence\b|"
    r"\b(?:is|are) the only thing that matters\b|\ball hands on\b|\bput everything into\b|"
    r"\bchange course\b|\blet'?s not go down that road\b|"
    r"\blet (?:\S+ ){1,5}(?:rest|go)\b(?! (?:of|to|through|ahead)\b)|"
    r"\b(?:leave|set|put) (?:\S+ ){1,5}aside\b|"
    # "drop everything and look at that", "switching gears:", "before you go further with the
    # router thing: ...".
    r"\bdrop everything\b|\bswitch(?:ing)? gears\b|\bbefore you go (?:any )?further with\b|"
    r"\b(?:isn'?t|is not) going anywhere\b|"
    # A decision to halt: "we have decided not to proceed with X", "X can be put to one
    # side".
    r"\b(?:decided|agreed|chosen) not to (?:proceed|continue|go ahead|pursue|carry on)\b|"
    r"\b(?:put|set|leave|left) (?:\S+ ){0,5}to one side\b",
    re.IGNORECASE,
)


# Idioms that set aside what they are said of, which may be a part of the work or a side
# matter ("the bibliography isn't urgent"): they halt the work in force only where they name
# it. "The flutter build isn't urgent anyway", "the docker stuff can sit for a bit", "my
# teammate is taking over the tsconfig thing", "I'll deal with the review myself later", "I'm
# bored of the clap_complete stuff", "stash what you have on the icons", "the savegame thing
# later".
_SETS_ASIDE_WEAK = CaselessPattern.compile(
    r"\bcan (?:sit|chill)\b|\b(?:isn'?t|is not|aren'?t|not) urgent\b|\b(?:is|are) taking over\b|"
    r"\b(?:i'?ll|i will|we'?ll) (?:deal with|handle|take care of) (?:\S+ ){1,5}"
    r"(?:myself|ourselves)\b|\b(?:bored|sick|tired) of\b|"
    r"\bstash (?:what you have|it|that|this|your)\b|\bprobably fine as it is\b|"
    r"(?:^|[,;]\s*)(?:the|my|our|your)\s+(?:(?!(?:moved|move|is|are|was|were|be|been|do|did|"
    r"got|pushed|comes?|goes?|went)\b)[\w`'/.#-]+\s+){0,5}(?:->\s*)?later\W*$",
    re.IGNORECASE,
)


def _sets_aside_by_idiom(text: str, in_force: Sequence[str]) -> TurnReading | None:
    """A switch or a stop said by an idiom of :data:`_SETS_ASIDE_IDIOM` that the clause rules
    did not read: the clauses that hold one halt the work in force (those they name, else
    all of it); a switch when the message asks for other work, else a stop. Not where the
    message goes on with the work ("that ship has sailed on the naming; carry on with the
    regridding"), not what happened before ("how far we got before we set it aside"), and a
    stop only of the work in force named or pointed at ("put the perf tweak aside for now"
    sets a part of it aside)."""
    if _GOES_ON.search(text):
        return None
    halting = []
    for clause in _clauses(text):
        idiom = _SETS_ASIDE_IDIOM.search(clause)
        if idiom is None:
            weak = _SETS_ASIDE_WEAK.search(clause)
            named = weak is not None and any(_names(_strip_lead(clause), t) for t in in_force)
            idiom = weak if named else None
        if (
            idiom is not None
            and _SUBORDINATE.search(clause[: idiom.start()]) is None
            and not _conditional(clause)
            and not _NEGATED_ASIDE.search(clause)
            and not PROHIBITS.search(clause)
            and _NEWS_LEAD.match(clause) is None
        ):
            halting.append(clause)
    if not halting:
        return None
    # The other work is asked for beside the idiom, not in its own clause ("mothball the
    # Brazil onboarding emails" names the work it sets aside).
    others = [c for c in _clauses(text) if c not in halting]
    # "put the report to one side and draft the memo": the part of a halting clause after
    # "and" or "then" that holds no idiom asks for work too.
    others += [
        part
        for clause in halting
        for part in _AND_THEN.split(clause)[1:]
        if part.strip() and not _SETS_ASIDE_IDIOM.search(part)
    ]
    if any(
        brings_new_work(c, in_force, past_a_halt=True)
        or (_instructs(c, asked=True) and _content_words(c))
        for c in others
    ):
        kind: TurnKind = "switch"
    elif any(
        _POINTED_WORK.search(c) or any(_names(_strip_lead(c), task) for task in in_force)
        for c in halting
    ):
        kind = "stop"
    else:
        return None
    paused = any(_PAUSE.search(c) for c in halting)
    return TurnReading(kind, _targets(halting, in_force), None, paused, tuple(halting))


_GOES_ON = CaselessPattern.compile(
    r"(?<!not to )(?<!not )(?<!n't )\b(?:carry on|continue|keep going|keep at it|stay on|"
    r"proceed)\b|\bpop it\b",
    re.IGNORECASE,
)
_SUBORDINATE = CaselessPattern.compile(
    r"\b(?:before|after|when|since|once|until|if|how far|whether)\b", re.IGNORECASE
)
_POINTED_WORK = CaselessPattern.compile(
    r"\b(?:it|this|that|everything|all of (?:it|this|that)|"
    r"the (?:current |present )?(?:task|work|job|project)|"
    r"what you(?:'re| are) (?:doing|on|working on))\b",
    re.IGNORECASE,
)


# Words that give other work the priority: "the urgent thing is to ...", "X just jumped the
# queue", "all hands on X", "what would help far more is ...".
_NEW_PRIORITY = CaselessPattern.compile(
    r"\b(?:urgent|only|real|important|main) thing (?:now |here )?is\b|\bjumped the queue\b|"
    r"\ball hands on\b|\bwhat would help (?:far |much |a lot )?more\b|"
    r"\bthe only thing that matters\b|\bis (?:way |much |far )?more (?:urgent|important)\b",
    re.IGNORECASE,
)


def _asks_other_work(text: str, halting: Sequence[str], in_force: Sequence[str]) -> bool:
    """Whether a message read as a stop also gives other work the priority beside its halting
    clauses ("Actually the urgent thing is to ...", "X just jumped the queue"), or asks for it
    by its name alone ("forget party. fortnightly cleaner pls", "The Year 9 timetable before
    Friday, please.")."""
    others = [c for c in _clauses(text) if c not in halting]
    return (
        any(_NEW_PRIORITY.search(c) for c in others)
        or any(
            _NAMED_REQUEST.match(c)
            and not _VERB_LIKE.search(c)
            and _content_words(c)
            and not any(_names(c, task) for task in in_force)
            for c in others
        )
        or any(_runs_on_into_work(c, in_force) for c in halting)
        or any(_needs_work(c, in_force) for c in others)
        or _ranks_other_work_above(halting, others)
        or any(_asks_instead(c, in_force) for c in others)
        or _asks_about_what_it_says(others, in_force)
    )


_ABOUT_IT = lazy_compile(
    r"^(?:(?:so|and|ok|okay|now|then|but)[,\s]+)*"
    r"(?:(?:can|could|would|will) (?:you|u) (?:please |pls |maybe )?|please |pls |"
    r"i need (?:you|u) to )"
    # A halt of the pronoun's thing ("could you just leave it") is no work on it.
    r"(?!(?:just |simply )?(?:leave|forget|drop|skip|stop|pause|park|cancel|call|scrap|"
    r"ignore|shelve|hold|keep|wait|finish|continue|resume)\b)"
    r"(?:[a-z]+ ){1,2}(?:it|that|this|them)(?: (?:on|up|over|out))?"
    r"(?: (?:now|first|instead|asap|today|please|pls|right away|for me))*\W*$",
    re.IGNORECASE,
)
"""A request whose object is a pronoun ("could you look at that now", "can you dig into it?"):
what it asks for is what the rest of the message described."""
_NEW_SHARE = 2
"""A part describes other work when fewer than one in this many of its words are the tasks'."""


def _asks_about_what_it_says(others: Sequence[str], in_force: Sequence[str]) -> bool:
    """Whether a message read as a stop describes something the tasks in force do not hold
    and asks for work on it by a pronoun: "Let's put a pin in the RAM thing. Something came
    up: every PR conflicts in GameManager.cs. Can you dig into it?" """
    asking = [c for c in others if _ABOUT_IT.match(c.strip())]
    if not asking:
        return False
    known: set[str] = set()
    for task in in_force:
        known |= _naming_words(task)
    for clause in others:
        if clause in asking:
            continue
        words = {word for word in _naming_words(clause) if not word.startswith("~")}
        if len(words) >= _NEEDS_WORDS and len(words & known) * _NEW_SHARE < len(words):
            return True
    return False


_IN_ITS_PLACE = lazy_compile(
    r"(?:but |and )?(?:instead(?: of (?:it|that|this|them|those))?|in its place|"
    r"in place of (?:it|that|this))[\s,:;-]+(?P<rest>\S.*)",
    re.IGNORECASE | re.DOTALL,
)


def _asks_instead(clause: str, in_force: Sequence[str]) -> bool:
    """Whether ``clause`` asks for work in place of what was halted ("Instead of it please
    check VFS Bangalore slots for two persons") that no task in force holds."""
    found = _IN_ITS_PLACE.match(clause.strip())
    if found is None:
        return False
    # New work, not a last step of the halted one ("instead just close the ticket").
    return brings_new_work(found.group("rest"), in_force)


def _ranks_other_work_above(halting: Sequence[str], others: Sequence[str]) -> bool:
    """Whether a halt ranks the work the rest of the message describes above the work in
    force and the message asks for it: "The proposal window closes Friday and we have not
    submitted. This is more important than INV-2291. Please start with it now." What ranks
    above the work is the work now."""
    return (
        any(_RANKS_ABOVE.search(clause) for clause in halting)
        and any(_has_substance(clause) for clause in others)
        and any(_instructs(clause) for clause in others)
    )


_INNER_ORDER = lazy_compile(
    r"\s(?P<order>(?:start|begin|do|write|fix|draft|build|set up|create|make|find|check|"
    r"look (?:at|into)|figure out|investigate|run|get|help|prepare|plan|review|debug|work on)"
    # ... with its object after it: "start the DNS migration", not "the test_cache fix for
    # the moment" or "run to a meeting"
    r"\s+(?:the|a|an|my|our|your|this|these|those|some|all|every|it|them|why|what|how|"
    r"whether)\s+\S.*)$",
    re.IGNORECASE,
)
"""A second order inside one clause, with no comma or "and" before it ("scratch the ingest
dashboard start the DNS migration first")."""


_NOT_AN_ORDER = lazy_compile(
    r"\b(?:to|i|we|you|he|she|they|i'll|we'll|you'll|they'll|will|would|can|could|should|"
    r"shall|might|may|must)$",
    re.IGNORECASE,
)


def _runs_on_into_work(clause: str, in_force: Sequence[str]) -> bool:
    """Whether a halting clause goes on, after what it halts, into an order for other work
    that names no task in force."""
    lead = _strip_lead(clause)
    verb = _HALT_VERB.match(lead)
    if verb is None:
        return False
    # Up to the first comma: after one, the clause rules read what follows on their own.
    run = re.split(r"[,;:]", lead[verb.end() :], maxsplit=1)[0]
    inner = _INNER_ORDER.search(run)
    # "to review it" is what someone wants; "I'll look at it" what the person will do.
    halted = run[: inner.start()].strip() if inner is not None else ""
    # Something halted before the order ("no more work on X" halts the work on X).
    if inner is None or not halted or _NOT_AN_ORDER.search(halted):
        return False
    order = inner.group("order")
    return (
        len(_naming_words(order)) >= _NEEDS_WORDS
        and not _conditional(order)
        and not any(_names(order, task) for task in in_force)
    )


# A piece of work asked for by its name and a "please" ("fortnightly cleaner pls", "the ice
# cavern level tonight, please"): no subject, no verb, a name of a few words, maybe a time.
_NAMED_REQUEST = lazy_compile(
    r"^\W*(?!(?:i|i'll|i'm|we|you|u|it|it's|that|that's|this|no|so|nothing|don't|dont|do|is|are|"
    r"can|could|would|will|pls|please)\b)(?:[\w'./#-]+\s+){0,6}?[\w'./#-]+"
    r"(?:\s+(?:by|before|for|on)\s+[\w'.-]+(?:\s+[\w'.-]+){0,2})?,?\s+(?:pls|please|plz)\W*$",
    re.IGNORECASE,
)
_VERB_LIKE = CaselessPattern.compile(
    r"\b(?:is|are|was|were|be|been|need|needs|needed|want|wants|have|has|had|do|does|did|"
    r"don't|can|could|will|would|should|must|touch|stop|keep|leave|make|get|let)\b",
    re.IGNORECASE,
)


def _returning(text: str) -> list[str]:
    return [
        clause
        for clause in _clauses(text)
        if _return_word(clause) or _POINTS_BACK.search(clause) or _RESUME.match(_strip_lead(clause))
    ]


def _puts_off(text: str) -> bool:
    """Whether every clause of ``text`` that goes back to work puts it off to a later time
    ("we'll get back to the review next week", "let's circle back to it later")."""
    returning = _returning(text)
    return bool(returning) and all(_PUT_OFF.search(clause) for clause in returning)


def goes_back_to_work(text: str) -> bool:
    """Whether a clause of ``text`` goes back to a piece of work, now or later ("OK, back
    to the offsite planning now", "let's pick the review up again"): it changes what is
    worked on, and says nothing new of what the work was."""
    return bool(_returning(corrected(text)))


_CLAUSE_END = lazy_compile(r"[,;:.!?(]")
_DONE_BREAK = lazy_compile(r"[,;:.!?]\s+|\s+[-\u2013\u2014]\s+|\s+(?:so|and|now)\s+", re.IGNORECASE)


def _names_other_work(sentence: str, in_force: Sequence[str]) -> bool:
    """Whether ``sentence`` calls a piece of work by a name of its own (a ticket, a name in
    code, "the drift check") that is not the work in force."""
    for handle in _WORK_HANDLE.findall(sentence):
        if not any(_names(handle, task) or handle.strip("`") in task for task in in_force):
            return True
    return any(
        _other_named_work(found.group(0), in_force) for found in _NAMED_THING.finditer(sentence)
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


Mentioned = Callable[[Collection[str]], bool]
"""Whether one message of the conversation before a human message used every one of the
given words (lower case): what :func:`read_turn` asks of a halt's object to tell the work in
progress called by a name of the person's own from a side matter talked about before."""


def read_turn(
    text: str,
    *,
    in_force: Sequence[str] = (),
    set_aside: Sequence[str] = (),
    settled: Sequence[str] = (),
    mentioned: Mentioned | None = None,
    at_work: bool = False,
) -> TurnReading:
    """What a human message does to the tasks, given the texts of the tasks ``in_force``, of
    those ``set_aside`` (stopped or paused) and of those ``settled`` (done or refused, which
    a person may still name when moving on), oldest first.

    The clause rules read it first (:func:`read_turn_by_rules`); where they see no return
    and halt nothing, words that point back at work set aside ("the thing from before",
    "unparking the notebook") or ask where it was left make one (:func:`_points_back`), and
    a return put off to a later time is none ("we'll get back to it next week"). A learned model
    (:mod:`packlight.compressor.turn_model`), told what they read, has the last word on a
    switch, a stop or no change when it is confident and the message has the shape of what
    it reads (a switch asks for work no task in force holds; a stop is a few sentences): it
    weighs cues in wordings the rules were not written for. It also has the last word on a
    return the rules did not see, when it is confident, a task is set aside, and the message
    is a short instruction that asks for no work of its own (:func:`_model_return`). A chat's
    added requests are the rules' alone. Where neither read a change, an idiom that sets the
    work in force aside ("mothball VER-1047", "switching gears: ...") switches or stops
    (:func:`_sets_aside_by_idiom`), and a stop that gives other work the priority ("the
    urgent thing is to ...") or asks for it by its name ("fortnightly cleaner pls") switches
    to it. Last, with ``mentioned`` given, a halt of something the conversation never talked
    about ("forget about the passport form", "put the food bank email on ice and ...") halts
    the one task in force, which the person calls by a name of their own
    (:func:`_halts_by_own_name`).

    ``at_work``: the agent was working on its own when the message came
    (:data:`~packlight.compressor.tasks.AT_WORK_CALLS`); the model then overrules the rules at
    :data:`_AT_WORK_CONFIDENCE` rather than :data:`_MODEL_CONFIDENCE`.

    Of a long message (an issue pasted whole, a log) all of them read the opening and the
    close (:func:`opening_and_close`), where a person says what to do with the work in
    progress: the document between them would only dilute that, and reading it whole cost an
    agent's first compaction more than any other stage (a 7,000-character task, 6 ms)."""
    text = corrected(opening_and_close(text))
    reading = read_turn_by_rules(text, in_force=in_force, set_aside=set_aside, settled=settled)
    if reading.kind != "resume" and _halts_set_aside_only(_clauses(text), in_force, set_aside):
        # It puts down work already set aside: no later reading takes that work up again.
        return reading
    if reading.kind != "resume" and set_aside and not reading.halting:
        # Words that point back at work set aside, or ask where it was left: a return the
        # clause rules do not read (:func:`_points_back`). Not one of the rules the model is
        # trained beside, so that its weights stay what the rules it learnt from make them.
        back = _points_back(text, set_aside, in_force)
        if back is not None:
            reading = TurnReading("resume", (), back)
    if reading.kind == "resume" and _puts_off(text):
        return TurnReading("reply")  # "we'll get back to the review next week"
    if in_force and not is_short_reply(text):
        reading = _read_with_model(reading, text, in_force, set_aside, at_work=at_work)
    if reading.kind in ("reply", "request") and in_force:
        # Where neither the rules nor the model read a change: an idiom that sets the work in
        # force aside ("mothball VER-1047", "switching gears: ...").
        aside = _sets_aside_by_idiom(text, in_force)
        if aside is not None:
            reading = aside
    if reading.kind in ("reply", "request") and mentioned is not None:
        reading = _read_by_own_names(reading, text, in_force, set_aside, mentioned)
    if reading.kind in ("reply", "request") and len(in_force) == 1:
        # "please do nothing more on it", "Nothing more needed": no more work on the one
        # task in force, by a pronoun, by its own words, or by a name never talked about.
        no_more = _no_more_work(text, in_force[0], mentioned)
        if no_more is not None:
            reading = TurnReading("stop", (0,), halting=(no_more,))
    if reading.kind == "stop" and _asks_other_work(text, reading.halting, in_force):
        # "I propose we leave cohort B aside. Actually the urgent thing is to design the ice
        # cavern level": the stop asks for other work beside the halt.
        return replace(reading, kind="switch")
    return reading


_NO_MORE_WORK = lazy_compile(
    r"^(?:(?:can|could|would) (?:you|u) |please |pls |kindly )?(?:just |like |please )*"
    r"(?:(?:do|put|spend|invest) (?:nothing|no) (?:more|further)"
    r"(?: (?:time|work|effort|hours|energy))? (?:on|in|into|with|for) (?P<object>.+?)"
    r"|(?:don'?t|do not|dont) (?:do|put|spend|invest) any(?:thing)? (?:more|further)"
    r"(?: (?:time|work|effort|hours|energy))? (?:on|in|into|with|for) (?P<then>.+?)"
    r"|nothing (?:more|further|else) (?:is )?needed(?: (?:on|for|with) (?P<needed>.+?))?)$",
    re.IGNORECASE,
)
"""No more work on something: "do nothing more on it", "don't put any more hours into the
scoreboard", "Nothing more needed"."""
_PRONOUNS = frozenset({"it", "that", "this", "them", "those", "these", "this one", "that one"})


def _no_more_work(text: str, task: str, mentioned: Mentioned | None) -> str | None:
    """The clause of a short message that says no more work is to be done on ``task`` (see
    :data:`_NO_MORE_WORK`): on a pronoun or nothing named, on the task by its words, or on
    a name of the person's own that the conversation never talked about."""
    clauses = _clauses(text)
    if len(clauses) > _OWN_NAME_CLAUSES:
        return None
    for clause in clauses:
        if _conditional(clause):
            continue
        for piece in _TRAILING.split(_strip_lead(clause)):
            found = _NO_MORE_WORK.match(_strip_lead(piece).rstrip(" .!?"))
            if found is None:
                continue
            named = found.group("object") or found.group("then") or found.group("needed") or ""
            named = named.strip().lower()
            words = {w for w in _naming_words(named) if not w.startswith("~")}
            if (
                not named
                or named in _PRONOUNS
                or _names(named, task)
                or (words and mentioned is not None and not mentioned(words))
            ):
                return clause
    return None


def _read_by_own_names(
    reading: TurnReading,
    text: str,
    in_force: Sequence[str],
    set_aside: Sequence[str],
    mentioned: Mentioned,
) -> TurnReading:
    """``reading`` (no change read) as the conversation decides it where the message calls
    work by a name of its own: a halt of something never talked about halts the one task in
    force (:func:`_halts_by_own_name`: "forget about the passport form"), a label gives other
    work the lead ("Hotfix first: ...", "new: Tesco shop for Sat"), and a return to something
    never talked about goes back to the work set aside (:func:`_returns_by_own_name`:
    "caching PR time again")."""
    if len(in_force) == 1:
        own = _halts_by_own_name(text, in_force, mentioned)
        if own is not None:
            return own
        first = _PRIORITY_LABEL.match(text.strip())
        if first is not None and len(_naming_words(first.group("work"))) >= _PRIORITY_WORDS:
            return TurnReading("switch", (0,), paused=True, halting=(text.strip(),))
    if set_aside and _returns_by_own_name(text, in_force, mentioned):
        return TurnReading("resume", (), len(set_aside) - 1)
    return reading


_OWN_NAME_HALT = lazy_compile(
    r"^(?:(?:can|could|would|will) you (?:please )?|please |let'?s |(?:so |ok,? |right,? )?we )?"
    r"(?:(?:forget(?: about)?|never ?mind|nvm|scrap|scratch|shelve|park|ditch|abandon|"
    r"drop|give up(?: on)?|hold off(?: on)?|stop(?: working on| with)?|move off|"
    r"step away from|no more(?! than)|table|pause|freeze|halt|suspend|postpone|defer|"
    r"deprioriti[sz]e)\s+(?P<object>\S.*?)(?:\s+(?:until\s|where it is\b|for now\b).*)?"
    r"|consider\s+(?P<considered>\S.*?)\s+(?:cancell?ed|dropped|dead|off|scrapped|shelved)\b.*"
    # "that's the end of the Henderson invoice", "no need for the translation now": the work
    # named is over or not wanted.
    r"|(?:that'?s|that is|this is)\s+(?:the end of|it for)\s+(?P<ended>\S.*?)"
    r"|no need (?:of|for)\s+(?P<needless>\S.*?)(?:\s+(?:now|anymore|any more)\b.*)?"
    r"|(?:put|set|leave|move)\s+(?P<held>\S.*?)\s+(?:on ice|on hold|aside|to one side|"
    r"on the back ?burner)\b.*"
    # "the Lisbon itinerary: on hold", "the sponsor ask: no": a name of two words or more
    # (or a ticket), not a form's label ("Status: no", "Answer: no").
    r"|(?P<labelled>[^:\s]+(?:\s+[^:\s]+){1,7}|[a-z][a-z0-9]*-\d+)\s*(?::|\s[-\u2013\u2014>]+)\s*"
    r"(?:on hold|parked|paused|no|nope|not now|later|dropped|cancell?ed|scrapped|skip it|"
    r"drop it|not needed|shelved)\s*(?:[.!;]|$).*)$",
    re.IGNORECASE,
)
"""A halt that may name work in words of its own: a verb that puts work down, then what it
puts down. Not "cancel", which in a chat is the request itself ("cancel my reservation")."""
_STATE_MARK = lazy_compile(r":|\s[-\u2013\u2014>]+\s")
_NEEDS = lazy_compile(
    r"\b(?:i|we|they|he|she|(?:the|my|our) [\w-]+)\s+(?:really\s+|now\s+|also\s+)?"
    # "we need the release notes", "I need you to draft ...", not "I need to check something
    # first" (what the person will do) nor "legal wants to review it" (a reason).
    r"(?:need|needs|want|wants|require|requires|would like|'d like)\s+(?:you\s+to\s+|(?!to\b))"
    r"(?P<work>\S.*)",
    re.IGNORECASE,
)
"""Someone needs or wants a thing: the work they need is what follows."""
_NEEDS_WORDS = 2
"""Words of its own (no stems) the needed work, or an order inside a halt, has at least."""


def _needs_work(part: str, in_force: Sequence[str]) -> bool:
    """Whether ``part`` says someone needs a piece of work the tasks in force do not hold ("I
    need the changelog for 2.1 today", "the board wants the budget deck by noon")."""
    found = _NEEDS.search(part)
    if found is None or _conditional(part) or _NOTHING_NEEDED.search(part):
        return False
    work = found.group("work")
    words = [word for word in _naming_words(work) if not word.startswith("~")]
    if _NOT_WORK_NEEDED.match(work):
        return False  # "I need some time", "we need the client's sign-off first"
    return len(words) >= _NEEDS_WORDS and not any(_names(work, t) for t in in_force)


_NOT_WORK_NEEDED = lazy_compile(
    r"(?:(?:a|an|the|some|more|my|our|their|his|her|your|a bit of|a little)\s+)?"
    r"(?:[\w'-]+\s+)?(?:time|break|rest|moment|minute|pause|breather|space|sleep|holiday|"
    r"vacation|day|days|week|weekend|thought|clarity|answer|decision|approval|sign-off|"
    r"signoff|confirmation|input|feedback|go-ahead|green light|budget approval|info|"
    r"information|details|update|news|word)\b",
    re.IGNORECASE,
)
"""What a person needs that is no work to do: time, rest, someone's decision or news."""


_NOTHING_NEEDED = lazy_compile(
    r"\b(?:nothing|no|not|don't|do not|doesn't|won't|never)\b[^.;!?]*\b(?:need|want|require)",
    re.IGNORECASE,
)
"""A need denied: "there's nothing further I need this evening"."""


_CORRECTED = lazy_compile(
    r"(?:what (?:i|we|you) (?:just )?(?:said|wrote|told you|mentioned|asked|meant)|"
    r"(?:that|this|my|the) (?:last |previous |earlier )?(?:bit|part|comment|message|note|"
    r"remark|line|sentence|number|figure|value|detail)|(?:the|that|my) (?:earlier|previous|"
    r"old|original|first|other) )\b",
    re.IGNORECASE,
)
"""What a correction takes back: something said, not a piece of work."""
_NEW_VALUE = lazy_compile(
    r"\b(?:make it|it'?s|it is|change it to|set it to|should be|(?:is|are) now)\b", re.IGNORECASE
)
"""A value given beside the halt: what it halts was a value, now corrected."""
_OWN_NAME_GROUPS = ("object", "held", "considered", "labelled", "ended", "needless")
"""The groups of :data:`_OWN_NAME_HALT` that hold what a halt names."""
_FORM_LABELS = word_set(
    """
    answer answers reply response vote status decision verdict note update result opinion
    take view question feedback choice pick preference guess
    """
)
"""Labels whose value is an answer, not the state of a piece of work."""
_UNTIL = lazy_compile(r"\s+until\s.*", re.IGNORECASE | re.DOTALL)
_RANKS_ABOVE = lazy_compile(
    r"\b(?:(?:takes|has) (?:priority|precedence) over|(?:more important|more urgent) than)\b",
    re.IGNORECASE,
)
_TICKET_KEY = lazy_compile(r"^[a-z][a-z0-9]*-\d+$", re.IGNORECASE)
_OWN_NAME_CLAUSES = 4
"""Clauses a message that halts work by a name of its own has at most: a stop is said in a
few words, and a longer message that happens to open with "drop ..." is about other things."""


_PRIORITY_LABEL = lazy_compile(
    r"^\W*(?:new(?: task| job| thing| one| priority)?|"
    r"(?!(?:safety|ladies|first things|customers?|quality|health|family|people)\s+first)"
    r"(?:[\w-]+\s+){1,2}first|"
    r"(?:top |new )?priority|urgent)\s*:\s*(?P<work>\S[^\n]*)$",
    re.IGNORECASE,
)
"""A label that gives what follows the lead: "Hotfix first: ...", "new: ...", "urgent: ..."."""
_PRIORITY_WORDS = 2
"""Words of its own the work after such a label has at least ("new: Tesco shop")."""
_OWN_NAME_RETURN = lazy_compile(
    r"^(?:(?:can|could|would|will) you (?:please )?|(?:can|could|shall) we |please |let'?s |"
    r"(?:ok|right|now|so),? )?"
    r"(?:(?:(?:go|get|come|jump|dive|head|swing|circle) back (?:to|on|into)|back (?:to|on)|"
    r"return to|resume|reopen|revisit|un-?park|un-?pause|finish(?: off| up)?|"
    r"continue(?: with)?|carry on with|keep going (?:with|on)|pick up)\s+(?P<object>\S.*?)"
    r"|pick\s+(?P<picked>\S.*?)\s+(?:back )?up"
    # "get the staff email finished up", "bring the sponsor ask back out": finished or
    # brought back, it was begun.
    r"|get\s+(?P<finished>\S.*?)\s+finished(?: up| off)?"
    r"|bring\s+(?P<brought>\S.*?)\s+back(?: out| up)?"
    # "do the accessibility pass again", "pick up the seaview cancellation again"
    r"|(?:do|take up|get on with)\s+(?P<again>\S.*?)\s+again)"
    r"(?:\s+(?:now|please|pls|then|today|again))*$",
    re.IGNORECASE,
)
"""A return that presupposes the work was begun: back to it, finish it, continue it. What it
names was therefore set aside, whatever it is called."""
_TIME_AGAIN = lazy_compile(
    r"\btime for\s+(?P<object>\S.*?)\s+again\b|^(?:it'?s\s+)?(?P<named>\S.*?)\s+time again\b",
    re.IGNORECASE,
)
"""Its time come again: "caching PR time again", "I've got time for the shopping again"."""


def _returns_by_own_name(text: str, in_force: Sequence[str], mentioned: Mentioned) -> bool:
    """Whether a short message goes back to work set aside that it calls by a name of its
    own: a return of :data:`_OWN_NAME_RETURN` whose object names no task in force, is no
    mere word for work ("continue with the task" is a nudge) and was never talked about."""
    clauses = _clauses(text)
    if len(clauses) > _OWN_NAME_CLAUSES:
        return False
    for clause in clauses:
        if _conditional(clause) or PROHIBITS.search(clause) or _puts_off(clause):
            continue
        for piece in _TRAILING.split(_strip_lead(clause)):
            said = _strip_lead(piece).rstrip(" .!?")
            found = _OWN_NAME_RETURN.match(said) or _TIME_AGAIN.search(said)
            if found is None:
                continue
            named = next(part for part in found.groups() if part)
            words = {
                word
                for word in _naming_words(named)
                if not word.startswith("~") and word not in _WORK_NOUNS
            }
            if (
                words
                and not any(_names(named, task) for task in in_force)
                and not _names_a_thing(named)
                and not mentioned(words)
            ):
                return True
    return False


def _names_a_thing(named: str) -> bool:
    """Whether ``named`` holds a thing with a name of its own other than a ticket key (a file,
    a path, a table or a job with an id): what the work acts on, not a name for the work."""
    return any(not _TICKET_KEY.match(m.group(0)) for m in _CONCRETE.finditer(named))


def _halts_by_own_name(
    text: str, in_force: Sequence[str], mentioned: Mentioned
) -> TurnReading | None:
    """A stop (or, with other work asked for, a switch) of the one task in force, by a halt
    whose object names nothing the conversation talked about before: the person's own name
    for the work in progress ("forget about the passport form", "stop ops-1201", "drop parcel,
    do dispute the NETSTREAMR charge"). A thing that was talked about ("never mind the
    insurance" after the agent offered it, "ignore the formatting") is a side matter; so is
    a thing with a name of its own other than a ticket's ("drop tmp_rt7cwv"), a habit ("stop
    using print statements") or a rule ("you may not stop the backup")."""
    clauses = _clauses(text)
    if len(clauses) > _OWN_NAME_CLAUSES:
        return None
    halting: list[str] = []
    trailing: list[str] = []
    # A state given after a colon ("the Lisbon itinerary: on hold") spans two clauses.
    labelled = [line.strip() for line in text.splitlines() if _STATE_MARK.search(line)]
    for clause in dict.fromkeys((*clauses, *labelled)):
        pieces = _TRAILING.split(_strip_lead(clause))
        # The halt may follow a preface ("Very well, drop Maya's birthday").
        at, found = next(
            (
                (i, match)
                for i, piece in enumerate(pieces)
                if (match := _OWN_NAME_HALT.match(_strip_lead(piece).rstrip(" .!?")))
            ),
            (0, None),
        )
        head, rest = pieces[at], pieces[at + 1 :]
        if (
            found is None
            # "until the board decides" says how long, not whether
            or _conditional(_UNTIL.sub("", clause))
            # "No need for X" opens as a prohibition does ("No deletes"), and is none.
            or (PROHIBITS.search(clause) and not found.group("needless"))
            or _NEWS_LEAD.match(clause) is not None
            or _UNNAMED_NOT_WORK.search(head)
            or _INSTEAD_OF.search(clause)
            or _puts_somewhere(_strip_lead(clause))
        ):
            continue
        named = next((found.group(g) for g in _OWN_NAME_GROUPS if found.group(g)), "").rstrip(
            " .!?"
        )
        if found.group("labelled") and _words(named)[-1:] and _words(named)[-1] in _FORM_LABELS:
            continue  # "my answer: no" answers; it names no work
        if _CORRECTED.match(named) or _NEW_VALUE.search(clause):
            # "scratch what I said about the reception, it's 7:30 pm", "forget the earlier
            # physio slot, make it Thursday": a correction of a value, no halt of work
            continue
        if _names_a_thing(named):
            continue  # a file, a table, a job with an id: what the work acts on
        words = {word for word in _naming_words(named) if not word.startswith("~")}
        if not words or any(_names(named, task) for task in in_force) or mentioned(words):
            continue
        halting.append(clause)
        trailing += rest
    if not halting:
        return None
    # A clause inside a halting line ("the Lisbon itinerary") is part of the halt.
    others = [c for c in clauses if not _is_label(c, text) and not any(c in h for h in halting)]
    new_work = any(
        (_instructs(part) and _has_substance(part) and _OWN_NAME_HALT.match(part) is None)
        or _needs_work(part, in_force)
        for part in (*others, *trailing)
    ) or _ranks_other_work_above(halting, [*others, *trailing])
    return TurnReading(
        "switch" if new_work else "stop",
        (0,),
        paused=any(_PAUSE.search(c) or _UNTIL.search(c) for c in halting),
        halting=tuple(halting),
    )


def _read_with_model(
    reading: TurnReading,
    spoken: str,
    in_force: Sequence[str],
    set_aside: Sequence[str],
    *,
    at_work: bool = False,
) -> TurnReading:
    """The rules' ``reading`` of ``spoken`` as the learned model has the last word on it (see
    :func:`read_turn`); not for a message with nothing in force (the rules' "the next
    instruction sets the task") or a nudge or an acknowledgement, which the model never saw
    in training. ``spoken`` is what :func:`read_turn` reads of the message: of a long one,
    its opening and close, as the model learnt from messages of a few sentences."""
    if reading.kind in ("reply", "request") and (
        any(_revises_a_detail(clause, spoken, in_force) for clause in _clauses(spoken))
        or _only_revises(spoken)
    ):
        # The rules read a change of mind about a detail of the work ("changed my mind on the
        # seat: a window seat"), or a message that only gives a detail a new value ("Actually
        # make it a window seat."); the model learnt "changed my mind" and "actually" from
        # halts of work.
        return reading
    found = features(spoken, in_force, set_aside, reading.kind)
    probabilities = load_model().probabilities(found)
    kind = max(probabilities, key=probabilities.__getitem__)
    confidence = _AT_WORK_CONFIDENCE if at_work else _MODEL_CONFIDENCE
    if probabilities[kind] < confidence or kind == _as_model_kind(reading.kind):
        return reading
    if kind == "reply" and reading.kind in ("switch", "stop"):
        # A halt the rules read into words that only look like one ("forget the formatting,
        # CI takes care of it"); undone only when the model is surer than it must be to add
        # one, as the halt the rules read is evidence of its own.
        if probabilities[kind] < _UNDO_HALT_CONFIDENCE:
            return reading
        return TurnReading("reply")
    if kind == "resume":
        # Over a halt the rules read, a return is not the model's to add.
        if reading.kind not in ("reply", "request"):
            return reading
        return _model_return(reading, spoken, in_force, set_aside, at_work=at_work)
    if kind == "reply" or reading.kind == "request":
        # A request beside the open ones is a chat's way of asking: not in what the model
        # learnt from.
        return reading
    if kind == "switch" and _CLOSES.search(spoken) is not None:
        return reading  # "Merci beaucoup! That's all for now.": no work asked, whatever words
    unasked = kind == "switch" and not brings_new_work(spoken, in_force, past_a_halt=True)
    written = _without_pasted_output(spoken) if unasked else spoken
    if unasked and (
        probabilities[kind] < _SURE_SWITCH_CONFIDENCE
        or reading.kind not in (("reply", "stop") if at_work else ("reply",))
        or len(_plain_sentences(written)) > _SHIFT_SENTENCES
        or _a_list_of_values(written)
        or _states_rules_or_facts(written, besides=in_force[-1] if at_work else "")
    ):
        # A switch asks for other work; "thanks, all looks perfect" does not. Where the
        # model is sure and the rules read no change, the work may be asked for in words no
        # rule knows ("the supervisors' first week is superseded. please do my schedule c");
        # such a message may name the work in force, to halt it. At work, also over a halt
        # the rules read ("park the booking, lets put together a Highlands itinerary"): a
        # person who breaks into the agent's work most often changes it, where in a chat
        # "the export can wait ... can you please drop it" is a stop the model may lean
        # from. Not where the message states rules or facts (at work, those about the work
        # in force aside: "turns out the ward rota was a dead end" says what becomes of
        # it), lists values, or runs longer than a message that moves the work on (a log
        # pasted below it aside), whatever it leans towards.
        return reading
    if (
        kind == "switch"
        and not reading.halting
        and probabilities[kind] < _UNSAID_HALT_CONFIDENCE
        and _names(spoken, in_force[-1])
    ):
        # Nothing in the message halts the work in force, and it names that work: likely the
        # next step of the same errand ("Can you look into other flights on May 17?"), not
        # work that replaces it.
        return reading
    if kind == "stop" and len(_plain_sentences(spoken)) > _SHIFT_SENTENCES:
        return reading  # a list of facts and rules that happens to say "that can wait"
    if kind == "stop" and not reading.halting and any(_puts_somewhere(c) for c in _clauses(spoken)):
        return reading  # "drop updates in #data-news please": where to put them, no halt
    if (
        not reading.halting
        and set_aside
        and not _names(spoken, in_force[-1])
        and any(_names(spoken, task) for task in set_aside)
    ):
        # Nothing in the message halts the work in force, and it speaks of work already set
        # aside ("the extra cost is beyond my budget, I'll hold off on the changes" with the
        # flight changes parked): whatever it does, it does to that work, not to this.
        return reading
    overruled = _overruled(reading, kind, spoken, in_force)
    if unasked and not reading.halting:
        # Work asked for in words no rule knows, and nothing said of the work in force: set
        # aside for it, not stopped ("can you cancel my hotel booking HB-4471" while the
        # agent fixes a test), as an interruption sets it aside.
        return replace(overruled, paused=True)
    return overruled


_VALUE_TOKEN = lazy_compile(r"\b[\w./#@-]*\d[\w./#@-]*\b|#[\w-]+|@[\w-]+")
"""A word that carries a value: a number, a version, a port, a branch, a channel, a handle."""


_VALUE_LIST_SENTENCES = 2


def _a_list_of_values(spoken: str) -> bool:
    """Whether ``spoken`` has two sentences that both set a value (a port, a branch, a
    channel, a budget), or three or more of which half do: facts of the work, not work asked
    for, whatever words it leans on."""
    said = _plain_sentences(spoken)
    if len(said) < _VALUE_LIST_SENTENCES:
        return False
    valued = sum(_VALUE_TOKEN.search(sentence) is not None for sentence in said)
    # Of two, both: "the upgrade is on fire. leave the rename and upgrade us from Django 3.2
    # to 4.2" asks for work with a value in it.
    return valued * 2 >= len(said) and (valued == len(said) or len(said) > _VALUE_LIST_SENTENCES)


def _states_rules_or_facts(spoken: str, *, besides: str = "") -> bool:
    """Whether some sentence of ``spoken`` states a rule, a preference or a fact: a message
    of facts and rules may lean as a switch does ("the linter's noise is fine for now; skip
    its warnings"), and asks for no work. ``besides``: a task whose sentences do not count
    (those that name it say what becomes of it: "turns out the checkout regression was a
    dead end", "don't put any more hours into the literature review")."""
    return any(
        (is_constraint(s) or is_stated_fact(s)) and not (besides and _names(s, besides))
        for s in sentences(spoken, every=True)
    )


def _model_return(
    reading: TurnReading,
    spoken: str,
    in_force: Sequence[str],
    set_aside: Sequence[str],
    *,
    at_work: bool = False,
) -> TurnReading:
    """A return the model read and the rules did not ("cool, thanks. the backups next"),
    taken only in the shape a return has: a task is set aside, and the message is a short
    instruction (at most :data:`_RETURN_WORDS` words in at most three sentences, the last
    neither a question nor politeness) that asks for no work of its own, answers nothing
    ("Yes, please proceed with ..."), names no single item (a reservation, a ticket, an
    amount) and says nothing the person will do themselves ("I'll get back to you"). Later
    messages of a conversation go on with work set aside in its own words without taking it
    up again ("Let's go with flight HAT052 then", "Cancel 59XX6W now, please."): those
    confirm, detail, ask or close, and are left to the rules. ``at_work`` (the agent was
    working on its own): up to :data:`_AT_WORK_RETURN_WORDS` words, the items it names may be
    those of the work set aside (:func:`_items_set_aside`), and it may be a question that asks
    to go on with that work (:func:`_asks_after_set_aside`). The task returned to is
    the latest one set aside that the message names, else the latest one set aside."""
    said = _plain_sentences(spoken)
    if (
        not set_aside
        or not said
        or len(said) > _RETURN_SENTENCES
        or len(_words(spoken)) > (_AT_WORK_RETURN_WORDS if at_work else _RETURN_WORDS)
        or (
            said[-1].rstrip().endswith("?")
            and not (at_work and _asks_after_set_aside(spoken, in_force, set_aside))
        )
        or _ANSWER.match(spoken.lstrip()) is not None
        or (
            _ONE_ITEM.search(spoken) is not None
            and not (at_work and _items_set_aside(spoken, in_force, set_aside))
        )
        or _OWN_ACTION.search(spoken) is not None
        # "we'll circle back to the review later": put off, not taken up.
        or _PUT_OFF.search(spoken) is not None
        or _CLOSES.search(spoken) is not None
        or is_boilerplate(said[-1])
        or brings_new_work(spoken, [*in_force, *set_aside])
    ):
        return reading
    named = [p for p in range(len(set_aside) - 1, -1, -1) if _names(spoken, set_aside[p])]
    return TurnReading("resume", (), named[0] if named else len(set_aside) - 1)


_CLOSES = lazy_compile(
    r"\b(?:that'?s|that is|this is) (?:all|everything|it)\b(?! (?:for|about|on|with) )"
    r"|\b(?:that'?s|that is|that will be|that'?ll be) all for (?:now|today|the moment)\b"
    r"|\bnothing (?:else|more)\b(?: (?:i|we) (?:need|needed|wanted))?[.!]*\s*$"
    r"|\bhave a (?:good|great|nice|wonderful|lovely) (?:day|one|evening|weekend)\b",
    re.IGNORECASE,
)
"""Words that close the conversation ("That's everything I needed to do today.", "that's
all for now", "have a great day"): a person who says them takes nothing up again."""
_BOILERPLATE_WORDS = 10
_MARKUP = lazy_compile(r"</?[\w:-]+[^>]*>")


def is_boilerplate(sentence: str, *, vocabulary: Collection[str] = BOILERPLATE) -> bool:
    """Pure politeness ("Thanks, that helps!") or pure markup (``<response_example>``): a few
    words, all of ``vocabulary``."""
    if not _MARKUP.sub("", sentence).strip(" \t.,;:!?-*#"):
        return True
    words = re.findall(r"[a-z']+", sentence.lower())
    if re.search(r"\d", sentence):
        return False
    return len(words) <= _BOILERPLATE_WORDS and all(word in vocabulary for word in words)


_RETURN_SENTENCES = 3
_RETURN_WORDS = 16
"""A person going back to work set aside says so in a few words; a longer message goes on
with it, or asks about it (at 24 words, customers of the tau-bench sessions going on with
their request after a switch ``packlight eval`` planted were read as returns)."""
_AT_WORK_RETURN_WORDS = 30
"""A return's words at most while the agent works on its own. The shorter limit keeps a
customer's later messages, which go on with an errand in their own words, from being read as
returns in a chat; at work a person who writes in says what to go back to at more length
("alright, done with that. if i remember correctly best was trial 29 at 13.48 on the xgb
stuff, let's keep going"). A question stays no return at work too: of 3,060 generic
questions about the new work sent after a switch ("is the test still failing?", "where are
the results?"), 35 were read as returns when questions were let through."""
_ANSWER = lazy_compile(
    r"(?:yes|yeah|yep|yup|no|nope|correct|exactly|sure|certainly|absolutely)\b", re.IGNORECASE
)
"""The opening of an answer to the agent's question: it goes on with the exchange at hand."""
_ONE_ITEM = lazy_compile(
    r"\b(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{4,}\b|\b\d{3,}\b"
)
"""A code of letters and digits or a number of three digits or more: one item of a task (a
reservation, a ticket, an amount), which a message acting on it names, not a return to it."""


_ASKS_TO_ACT = lazy_compile(
    r"\b(?:can|could|would|will|shall) (?:you|u|we)\b|\bwhere (?:were|are) we\b", re.IGNORECASE
)
"""A question that asks for something to be done, or where the work was left ("could we ...",
"where were we ..."), rather than how it stands ("is it still failing?")."""


def _asks_after_set_aside(spoken: str, in_force: Sequence[str], set_aside: Sequence[str]) -> bool:
    """Whether a question asks to act or where things stand (:data:`_ASKS_TO_ACT`) and names
    work set aside, by its words or its items, and not the work in force: "where were we with
    BILL-301?", "can we wrap up the payroll export now?"; "is the test still failing?" asks
    only how the work stands."""
    if _ASKS_TO_ACT.search(spoken) is None or any(_names(spoken, task) for task in in_force):
        return False
    if _ONE_ITEM.search(spoken) is not None:
        return _items_set_aside(spoken, in_force, set_aside)
    return any(_names(spoken, task) for task in set_aside)


def _items_set_aside(spoken: str, in_force: Sequence[str], set_aside: Sequence[str]) -> bool:
    """Whether every item ``spoken`` names (:data:`_ONE_ITEM`) is one a task set aside names
    and no task in force does: the work's own ticket ("wrap up BILL-219 now"), how a person
    who broke into the agent's work calls what it put down."""

    def items(text: str) -> set[str]:
        return {match.group().lower() for match in _ONE_ITEM.finditer(text)}

    aside, current = items(" ".join(set_aside)), items(" ".join(in_force))
    return items(spoken) <= aside - current


_OWN_ACTION = lazy_compile(r"\bI(?:'ll| will|'m going to| am going to)\b")
"""What the person will do themselves ("I'll check my emails and get back to you"): a
closing of their own, not an order to go back to work."""


_OPENING_CHARS = 1_800
_CLOSE_CHARS = 1_200


def opening_and_close(text: str) -> str:
    """``text`` when it is short; else its first and last lines (about 1,800 and 1,200
    characters, cut where a line or a sentence ends), a blank line between them."""
    if len(text) <= _OPENING_CHARS + _CLOSE_CHARS:
        return text
    opening = text[:_OPENING_CHARS]
    cut = max(opening.rfind("\n"), opening.rfind(". "), opening.rfind("? "), opening.rfind("! "))
    opening = opening[: cut + 1] if cut >= _OPENING_CHARS // 2 else opening
    close = text[-_CLOSE_CHARS:]
    starts = [at for at in (close.find("\n"), close.find(". ")) if 0 <= at < _CLOSE_CHARS // 2]
    close = close[min(starts) + 1 :] if starts else close
    return opening.rstrip() + "\n\n" + close.lstrip()


_MODEL_CONFIDENCE = 0.8
"""The model's probability for a kind other than the rules' before it overrules them. Of 433
messages of real customers in tau-bench sessions it never saw, it reads none as a switch or a
stop at this level (benchmarks/results/turns.md)."""
_AT_WORK_CONFIDENCE = 0.6
""":data:`_MODEL_CONFIDENCE` for a message a person sends while the agent works on its own
(``read_turn(at_work=True)``: action after action since their last message). A person who
breaks into a run of autonomous work most often changes it, where a customer's next message in
a chat most often goes on with the errand, which the higher bar was set for. Over the dev
corpora of ``bench_turns.py`` (seeds 0-2) read as if at work, 0.6 reads 95 more stops, 12 more
switches and 6 more returns right and 5 replies wrong; 0.5 read 20 more stops and 9 more
replies wrong (benchmarks/results/turns.md)."""
_UNDO_HALT_CONFIDENCE = 0.9
"""The model's probability for a reply before it undoes a halt the clause rules read. At
:data:`_MODEL_CONFIDENCE` the model trained on corpora u, v and x read "drop the nightly
export job debug the flaky payment webhook test" as a reply (0.84): those authors drop flaky
tests as the work itself."""
_SURE_SWITCH_CONFIDENCE = 0.98
"""The model's probability for a switch at which it need not find the new work's instruction
among the clauses (:func:`brings_new_work`): the rules know the instructions they were written
for ("please write ...", "look at ..."), and a person asks in many more ways ("plans changed:
the audit report is what matters today"). Only where the rules read no change, or at work a
halt (a person who breaks into the agent's work most often changes it), and not in a message
that closes the conversation, states rules or facts (:func:`_states_rules_or_facts`), lists
values (:func:`_a_list_of_values`) or has more than :data:`_SHIFT_SENTENCES` sentences of its
own (:func:`_without_pasted_output`); of 433 real customers' messages it never saw, the model
then reads none as a switch it would not have read before (benchmarks/results/turns.md). A
message may name the task in force: a switch names what it drops (until 2026-12-07 naming it
kept the rules' reading, which cost the most switches of all these conditions)."""
_UNSAID_HALT_CONFIDENCE = 0.95
"""The model's probability for a switch in a message where the rules find nothing that halts
the work in force and that names that work: such a message is most often the next step of
the same errand. At :data:`_MODEL_CONFIDENCE`, the model trained on corpora q-t read 2 of 433
real customers' messages going on with their request as switches (at 0.85 and 0.90)."""


def _as_model_kind(kind: TurnKind) -> ModelKind:
    return "reply" if kind == "request" else kind


def _overruled(
    reading: TurnReading, kind: ModelKind, text: str, in_force: Sequence[str]
) -> TurnReading:
    """The reading with the model's ``kind`` (a switch or a stop): what it halts taken from
    the rules' reading when they found it, else from the message's words (the tasks it
    names; all those in force when it names none, as "stop what you're doing" does)."""
    halting = reading.halting or (text.strip(),)
    halted = reading.halted or _targets(halting, in_force)
    paused = reading.paused or bool(_PAUSE.search(text))
    return TurnReading(kind, halted, paused=paused, halting=halting)


def _halts_set_aside_only(
    clauses: Sequence[str], in_force: Sequence[str], set_aside: Sequence[str]
) -> list[str]:
    """The clauses that halt a task set aside, named by its words, and name no task in force
    ("Let's not do the return date change for now" with the change parked)."""
    if not set_aside:
        return []
    return [
        c
        for c in clauses
        if _halts(c, set_aside)
        and any(_names(c, task) for task in set_aside)
        # "Stop this and go back to the cluster upgrade": the halt is of the work at hand.
        and not _return_word(c)
        and _AT_HAND.search(c) is None
        and not any(_names(c, task) for task in in_force)
    ]


_AT_HAND = lazy_compile(r"\b(?:this|here|current)\b", re.IGNORECASE)
"""Words that point at the work at hand."""


def read_turn_by_rules(
    text: str,
    *,
    in_force: Sequence[str] = (),
    set_aside: Sequence[str] = (),
    settled: Sequence[str] = (),
) -> TurnReading:
    """:func:`read_turn` as the clause rules alone read it (its cue words spelt right:
    :func:`~packlight.compressor.spelling.corrected`)."""
    text = corrected(text)
    named = [*in_force, *settled]
    # "Changed my mind on the seat: a window seat" revises a detail of the work: the clause
    # neither halts nor asks for anything, and the rules that read the whole text do not
    # read it either.
    revising = [c for c in _clauses(text) if _revises_a_detail(c, text, named)]
    for clause in revising:
        text = text.replace(clause, " ", 1)
    clauses = _clauses(text)
    halting = [c for c in clauses if _halts(c, named)]
    if not halting:
        pointed = [c for c in clauses if _halts(c, named, lenient=True)]
        rest = [c for c in clauses if c not in pointed]
        if any(_NEW_TASK.search(c) or _INSTEAD.search(c) or _instructs(c) for c in rest):
            halting = pointed
    if not halting and in_force:
        # "The Django upgrade is paused, fix the launch crash": a halt whose object names no
        # task known here. People name the work in progress their own way, so such a halt
        # acts on the work in force (read as if its object were a task).
        unnamed = [c for c in clauses if _unnamed_halt(c) and _halts(c, [*named, _strip_lead(c)])]
        # With nothing else asked, only words that put work on hold say so: "forget about
        # the formatting, CI takes care of it" dismisses a side matter as often as it stops
        # the task, and reading it as a stop would halt the task.
        if any(_instructs(c) for c in clauses if c not in unnamed):
            halting = unnamed
        else:
            halting = [c for c in unnamed if _ON_HOLD.search(c)]
    if not halting:
        # "ok that's enough, stop here": a halt alone after a comma; "this is going nowhere,
        # drop it": a halt after a reason.
        halting = [
            c
            for c in clauses
            if not _conditional(c)
            and not _WHEN.match(_strip_lead(c))
            and any(
                _bare_halt(p)
                or (
                    _halts(p, in_force)
                    and _HALT_VERB.match(_strip_lead(p)) is not None
                    and not _CONTRAST.match(p)
                    and not _LINKED.match(p)
                )
                for before, p in itertools.pairwise(_pieces(c))
                if p and not _caps_a_quantity(before, p)
            )
        ]
    if not halting:
        # A line of a list that gives a piece of work a halted state ("- the survey data:
        # paused", "the readme thing — later").
        halting = [
            line.group(0).strip()
            for line in _state_lines(text)
            if len(_words(line.group("object"))) <= _STATE_LINE_WORDS
            and not _CONCRETE.search(line.group("object"))
        ]
    if not halting:
        # The wording escaped the clause rules: a word that sets work aside in a sentence
        # that names the task in force ("the integration post takes priority over the crash
        # on launch", "freeze the Acme MSA where it is").
        halting = [c for c in _plain_sentences(text) if _sets_aside(c, in_force)]
    aside = _halts_set_aside_only(clauses, in_force, set_aside)
    if aside:
        # "Let's not do the return date change for now", the change parked by a switch: the
        # halt leaves the work in force as it is, and names that work to put it down, not to
        # take it up again.
        halting = [c for c in halting if c not in aside]
    # "Ok, that's done, back to the bug": a return may follow a comma inside a clause.
    parts = [part for c in clauses for part in (c, *c.split(", ")[1:])]
    resumes = (
        []
        if aside
        else [r for r in (_resumed(p, set_aside, in_force) for p in parts) if r is not None]
    )
    if not resumes and set_aside and not aside:
        plain = _plain_sentences(text)
        # A message that asks no question may go back with "continue" or "carry on".
        go_on = not any(p.rstrip().endswith("?") for p in plain)
        resumes = [
            r
            for r in (_returns_to(c, set_aside, in_force, go_on=go_on) for c in plain)
            if r is not None
        ]
        if not resumes and len(plain) > 1:
            # "Remember the onboarding emails? Let's finish that.": the name in one sentence,
            # the return in the next.
            joined = " ".join(p.rstrip("?") for p in plain)
            whole = _returns_to(joined, set_aside, in_force, go_on=go_on)
            resumes = [whole] if whole is not None else []
        if (
            not resumes
            and _RECALLED_HALT.search(text)
            and any(_PRONOUN_RETURN.search(p) and not _statement_like(p) for p in plain)
        ):
            # "Earlier I cancelled the Kyoto hotel. I was wrong, let's do it after all": the
            # person recalls a halt of their own and takes it back.
            resumes = [len(set_aside) - 1]
    if resumes:
        return TurnReading("resume", _targets(halting, in_force), resumes[-1])
    if not in_force or halting:
        # A lead-in before a colon ("bit of an update from my side: ...") introduces what
        # follows; it asks for nothing itself.
        others = [c for c in clauses if c not in halting and not _is_label(c, text)]
    if not in_force:
        # Nothing in force (everything was stopped): the next instruction sets the task.
        # ("Take care!", "Will do." are no task, nor is "please continue with the task":
        # it names nothing to work on.)
        instructs = any(
            _instructs(c) and len(_words(c)) >= _SETS_A_TASK and _has_substance(c) for c in others
        )
        return TurnReading("switch" if instructs else "reply")
    if halting:
        paused = any(_PAUSE.search(c) for c in halting) or bool(
            re.search(r"\b(?:come|get|go) back to\b|\blater\b", text, re.IGNORECASE)
        )
        new_task = (
            any(_instructs(c) and _has_substance(c) for c in others)
            or any(_NEW_TASK.search(c) or (_INSTEAD.search(c) and _instructs(c)) for c in clauses)
            # "Find a venue for the dinner, park everything else": the work before the halt.
            or any(_new_work(p, in_force) for c in halting for p in _pieces(c) if p)
            or (
                # "stop this and rent a car? is more urgent": what follows the halt is work.
                signals_shift(text)
                and any(
                    _instructs(p, asked=True)
                    and _content_words(p)
                    and not _HALT_VERB.match(_strip_lead(p))
                    for c in halting
                    for p in _TRAILING.split(c)[1:]
                )
            )
            or any(
                _instructs(part, asked=_ASKS.match(c.strip()) is not None)
                and not _halts(part, in_force)
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
    # An arrow ends a cue as a full stop does ("change of plans -> write ...").
    cue_only = [
        part
        for sentence in _plain_sentences(text)
        for part in _ARROW.split(sentence)
        if _CUE_ONLY.fullmatch(part) or _CUE_ONLY.fullmatch(part + ".")
    ]
    if cue_only and any(_instructs(c) for c in clauses if c.strip() not in cue_only):
        # "New plan. Figure out why X." (a cue on its own, then an instruction) switches;
        # "Change of plan: use port 5 instead" updates a value of the task.
        return TurnReading("switch", tuple(range(len(in_force))))
    if any(_NEW_TASK.search(c) and _instructs(c) and not _restates(c, in_force) for c in clauses):
        # "Your new task is ...", "switch to ...": the task in force is halted implicitly.
        # ("Use port 55129 instead" changes a value of the task; it does not switch it.)
        return TurnReading("switch", (len(in_force) - 1,))
    # The parts of each clause between commas and trailing dots: "skip the vacuum shopping,
    # i'd like you to get three quotes" dismisses in one part and asks in the next.
    if _moves_on(text, in_force):
        # "Different task: find me a robot vacuum", "X, drop everything else", "Y — that's
        # more important right now", "forget the trainers, we have to Y": the message says
        # the work moves on and asks for work that does not restate the task in force.
        return TurnReading("switch", (len(in_force) - 1,))
    if (
        _REQUEST_MARK.search(text)
        and _REQUEST_FORM.search(text)
        and any(kind_of(c) in ("goal", "question") or _WANTS.search(c) is not None for c in clauses)
    ):
        # An added request asks for something ("I'd also like a refund"); "Also, never touch
        # prod" is a rule and "please name helpers with a prefix" a preference, kept as the
        # user's statements, not requests with a status.
        return TurnReading("request")
    return TurnReading("reply")


def _content_words(clause: str) -> set[str]:
    """The words of an instruction after its verb, up to a comma, that say what to work on
    (not its pleasantries, times or words about priority), in their singular form."""
    head = _strip_lead(clause).split(",")[0]
    return {
        _singular(word)
        for word in _words(head)[1:]
        if len(word) >= 4 and word not in _STOPWORDS and word not in NOT_NEW_WORK
    }


def _has_substance(clause: str) -> bool:
    """Whether an instruction names something to work on ("translate the onboarding email"),
    not only a pleasantry ("appreciate the work so far", "talk tomorrow")."""
    return bool(_content_words(clause))


_WHEN = lazy_compile(r"(?:when|while|once|after|before|as soon as)\b", re.IGNORECASE)
"""A clause that opens with a time ("when you do it, cancel ...") sets a step, not a halt."""
_LINKED = lazy_compile(r"\s*(?:but|and|so|though|although|because|which|while)\b", re.I)
"""A part that opens with a conjunction speaks of what the part before it named ("we are not
done with them, but that can wait"): not of the work."""
_CONTRAST = lazy_compile(r"\s*not\b", re.IGNORECASE)
"""A part after a comma that opens with "not" corrects a word ("product manager, not owner")."""
_STATE_LINE = lazy_compile(
    r"^[ \t]*(?:[-*\u2022][ \t]*)?(?P<object>[^:\n\u2014]{2,60}?)[ \t]*(?::|\u2014|--?)[ \t]*"
    r"(?:paused|on hold|cancel+ed|stopped|dropped|shelved|parked|later|postponed|on ice|"
    r"deferred|scrapped|halted|frozen)[ \t]*[.!]*[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
_STATE_LINE_WORDS = 5
"""Words a piece of work named on a status line has at most."""
_STATE_WORDS = (
    *("paused", "on hold", "cancel", "stopped", "dropped", "shelved", "parked", "later"),
    *("postponed", "on ice", "deferred", "scrapped", "halted", "frozen"),
)
"""One of which a status line holds (:data:`_STATE_LINE`)."""


def _state_lines(text: str) -> Iterator[re.Match[str]]:
    """The status lines of ``text`` (:data:`_STATE_LINE`), looked for only where a word of
    theirs is: trying the pattern at every line of a long paste costs more than reading it
    for the words (in lower case: in ASCII the pattern's flag folds case no wider)."""
    if text.isascii():
        lowered = text.lower()
        if not any(word in lowered for word in _STATE_WORDS):
            return iter(())
    return _STATE_LINE.finditer(text)


_PIECE_BREAK = lazy_compile(r",\s+|\s*(?:\.{2,}|\u2026)\s*")


def _pieces(clause: str) -> list[str]:
    """``clause`` split at :data:`_PIECE_BREAK`, which is tried only where it can cut (a comma,
    two dots, an ellipsis): a pattern that may open with spaces is tried at every position."""
    if "," in clause or ".." in clause or "\u2026" in clause:
        return _PIECE_BREAK.split(clause)
    return [clause]


_FINITE = lazy_compile(
    r"^(?:(?!\b(?:why|what|how|whether|if|that|which|who|where|when)\b)[^,;:])*?"
    r"\b(?:is|are|was|were|has|have|had|gets|got)\b",
    re.IGNORECASE,
)
"""A verb of being or having before any word that opens a clause of its own: the clause states
something ("memory for the worker is capped at 8 GB"); "find out why the build is slow" asks."""
_STANDING = lazy_compile(
    r"\b(?:from now on|going forward|moving forward|henceforth|from here on|from today on|"
    r"at all times|every time|always)\b",
    re.IGNORECASE,
)
"""Words of a standing order ("watch #alerts from here on"): a rule, not a piece of work."""
_NEW_WORK_WORDS = 2
"""Words of its own an instruction has at least to be new work."""


_SHIFT_SENTENCES = 4
"""Sentences a message that moves the work on has at most: a longer one is a list of facts
and rules, whose imperatives and "can wait" are about the task's own things."""


def _moves_on(text: str, in_force: Sequence[str]) -> bool:
    """Whether a message says the work moves on (:data:`~packlight.compressor.shifts.
    SHIFT_SIGNAL`, or a dismissal that points at the work) and, in the same sentence or the
    next one, asks for new work (:func:`_new_work`). Each clause is read part by part:
    "skip the vacuum shopping, i'd like you to get three quotes" dismisses in one part and asks
    in the next."""
    said = [s for s in sentences(MARKUP_TOKEN.sub(" ", text)) if s.strip()]
    if len(said) > _SHIFT_SENTENCES:
        return False
    signal_at: set[int] = set()
    work_at: set[int] = set()
    for position, sentence in enumerate(said):
        pieces = [p for c in _clauses(sentence) for p in _pieces(c) if p and p.strip()]
        work = [p for p in pieces if _new_work(p, in_force)]
        if work:
            work_at.add(position)
        if signals_shift(sentence) or any(
            DISMISSAL.match(_strip_lead(p)) for p in pieces if p not in work
        ):
            signal_at.add(position)
    return any(abs(a - b) <= 1 for a in signal_at for b in work_at)


def _shared_words(clause: str, in_force: Sequence[str]) -> tuple[set[str], set[str]]:
    """The content words of ``clause`` (:func:`_content_words`) and those of them that the
    tasks in force hold (a word or its stem)."""
    content = _content_words(clause)
    held: set[str] = set().union(*(_naming_words(task) for task in in_force))
    shared = {
        word
        for word in content
        if word in held or (len(word) > _STEM and f"~{word[:_STEM]}" in held)
    }
    return content, shared


def _restates(clause: str, in_force: Sequence[str]) -> bool:
    """Whether an instruction is mostly about the task in force: half of its words or more
    are the task's ("the priority now is to keep the database backup short")."""
    content, shared = _shared_words(clause, in_force)
    return bool(content) and 2 * len(shared) >= len(content)


def _new_work(clause: str, in_force: Sequence[str], *, in_a_halt: bool = False) -> bool:
    """Whether ``clause`` asks for work of its own: an instruction with at least
    :data:`_NEW_WORK_WORDS` words that the tasks in force do not hold, and few that they do
    (an instruction about the task's own things restates or details it)."""
    lead = _strip_lead(clause)
    if (
        not lead.strip()
        or not _instructs(clause)
        # A part cut from a clause a halt heads is read without it.
        or (not in_a_halt and _halts(clause, in_force, lenient=True))
        or _asks_nothing_new(clause, lead)
    ):
        return False
    content, shared = _shared_words(clause, in_force)
    return len(content - shared) >= _NEW_WORK_WORDS and 3 * len(shared) <= len(content)


_SHORT_REPLY_WORDS = 12
"""Words a short reply has at most."""


def is_short_reply(text: str) -> bool:
    """Whether a human message only acknowledges, approves or nudges ("thanks!", "ok,
    continue", "yes please go ahead"): a few words, none of which names anything to work on.
    Such a message leaves the request before it the one in force."""
    words = _words(MARKUP_TOKEN.sub(" ", text))
    if len(words) > _SHORT_REPLY_WORDS:
        return False
    return not any(
        len(word) >= 4 and word not in _STOPWORDS and word not in NOT_NEW_WORK for word in words
    )


_COURTESY = frozenset(
    {
        *("thanks", "thank", "thank-you", "thx", "ty", "cheers", "appreciate"),
        *("appreciated", "bye", "goodbye", "bye-bye", "ok", "okay", "great", "perfect"),
        *("cool", "nice", "good", "awesome", "excellent", "wonderful", "fantastic", "lovely"),
        *("you", "u", "so", "very", "much", "a", "lot", "lots", "for", "your", "all", "the"),
        *("help", "helping", "it", "i", "really", "that's", "thats", "that", "is", "have"),
        *("day", "everything", "again", "oh", "well", "and", "done", "fine", "sounds"),
    }
)
"""The words of thanks, approval and goodbye, and the little words between them: a closed
class, unlike the words of work."""


def is_courtesy(text: str) -> bool:
    """Whether a human message only thanks, approves or says goodbye ("Thank you so much for
    your help!", "perfect, thanks", "ok, bye"), markup such as a simulator's ``###STOP###``
    aside: it asks for nothing and points at no work, not even back at some (a short "back to
    the bug" is a reply by :func:`is_short_reply`, never courtesy)."""
    if "?" in text:
        return False
    words = _words(MARKUP_TOKEN.sub(" ", text))
    return 0 < len(words) <= _SHORT_REPLY_WORDS and all(word in _COURTESY for word in words)


_INFORMS = lazy_compile(
    r"(?:remember|recall|note|notice|keep in mind|bear in mind|be aware|know|understand|"
    r"mind)\b",
    re.IGNORECASE,
)
"""Verbs of knowing: an imperative of one informs ("remember that we ship from ...", "keep in
mind that ..."); it states a fact or a rule, not work to do."""


_SETTING = lazy_compile(
    r"(?:use(?! the time)|set(?! up\b)|keep|leave|prefer|avoid|stick|default|limit|cap)\b",
    re.IGNORECASE,
)
"""Verbs that say how the work is done ("use port 2 for the admin endpoint"), not what ("set
up nightly backups" asks for work)."""


def asks_for_work(text: str) -> bool:
    """Whether a human message asks for something to be done: one of its clauses is an
    instruction that names something to work on, and not one that only informs ("note: ...",
    "remember that ...")."""
    return any(
        _instructs(clause)
        and _has_substance(clause)
        and not _INFORMS.match(_strip_lead(clause))
        and not _SETTING.match(_strip_lead(clause))
        and not _is_label(clause, text)
        for clause in _clauses(text)
    )


def asks_to_act(text: str) -> bool:
    """Whether one of the clauses of ``text`` asks for something to be done now (an
    imperative or a request of a few words), whatever it names: "now let's pick the earlier
    one back up" asks to act though it names nothing new."""
    return any(_instructs(clause) for clause in _clauses(text))


def brings_new_work(text: str, tasks: Sequence[str], *, past_a_halt: bool = False) -> bool:
    """Whether a human message asks for work that none of ``tasks`` holds: one of its parts is
    an instruction with words of its own (:func:`_new_work`). A message about the tasks' own
    things ("yes, go ahead with the flight change") brings none, nor does a long list of facts
    and rules (more than :data:`_SHIFT_SENTENCES` sentences) whatever its imperatives.

    ``past_a_halt``: also where a halt heads the clause that asks for the new work ("Leave
    ADM-58 where it is and find the perf regression"): a part of a clause cut at "and",
    "then" or "but" counts on its own, halt or not the clause it is in."""
    said = [s for s in sentences(MARKUP_TOKEN.sub(" ", text)) if s.strip()]
    if len(said) > _SHIFT_SENTENCES:
        return False
    pieces = [piece for clause in _clauses(text) for piece in _pieces(clause) if piece.strip()]
    if any(_new_work(piece, tasks) for piece in pieces):
        return True
    return past_a_halt and any(
        _new_work(part, tasks, in_a_halt=True)
        for piece in pieces
        for part in _AND_THEN.split(piece)
        if part.strip()
    )


def _is_label(clause: str, text: str) -> bool:
    """Whether ``clause`` is followed by a colon in ``text`` and is a lead-in of a few words."""
    stripped = clause.strip()
    if stripped.endswith(":") and len(_words(stripped)) <= _LABEL_WORDS:
        return True  # a heading on its own line ("status update:")
    return (
        bool(stripped) and len(_words(stripped)) <= _LABEL_WORDS and _before_colon(stripped, text)
    )


def _before_colon(stripped: str, text: str) -> bool:
    """Whether ``stripped`` occurs in ``text`` followed by a colon, whitespace between allowed
    (what searching for the escaped clause and ``\\s*:`` finds, without compiling a pattern per
    clause: ``str.isspace`` is what ``\\s`` matches)."""
    at = text.find(stripped)
    while at >= 0:
        end = at + len(stripped)
        while end < len(text) and text[end].isspace():
            end += 1
        if end < len(text) and text[end] == ":":
            return True
        at = text.find(stripped, at + 1)
    return False


def named_by(halting: Sequence[str], task: str, *, original: bool) -> bool:
    """Whether one of the ``halting`` clauses names ``task`` by its words, or (when it is the
    ``original`` task) calls it the original one."""
    return any(
        _names(_strip_lead(clause), task) or (original and _ORIGINAL.search(clause) is not None)
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


_AND_THEN = lazy_compile(r"\b(?:and|then|but)\b")


def _asks_nothing_new(part: str, lead: str) -> bool:
    """A halt, a condition, a rule, a setting ("use port 2 instead") or a standing order
    ("watch #alerts from here on"): an instruction that asks for no new work."""
    return bool(
        _CONDITION.search(part)
        or _NEGATED_ASIDE.search(part)
        or PROHIBITS.search(part)
        or _words(lead)[0].endswith("ing")
        or _SETTING.match(lead)
        or _FINITE.search(lead)
        or _STANDING.search(lead)
        or _HALT_VERB.match(lead)
        or DISMISSAL.match(lead)
    )
