"""What a statement's wording says about it, apart from its subject and values: that it revises
something ("now", "moved to", "after the failover"), from when it holds, that it forbids,
permits or adds, and that it only muses, reports or quotes someone else ("Bea thinks ...",
"the runbook still lists ...", "Dana prefers ... on her own projects") and so revises
nothing.

Pure functions of strings.
"""

from __future__ import annotations

import functools
import re

from packlight.lazy_patterns import lazy_compile

UPDATE_CUE = re.compile(
    r"\b(?:now|from now on|going forward|moving forward|henceforth|no longer|not anymore|"
    r"any ?more|moved|moves|changed|changes to|switch(?:ed)? to|instead|actually|update|"
    r"updated|correction|scratch that|on second thought|revised|replaced|rather than|"
    r"has become|is becoming|became|renamed|rename|are calling|we call|now called|"
    r"new (?:\w+ ){0,2}(?:is|are|will be)|new \w+:|"
    r"postponed|pushed (?:back|out)|brought forward|bumped|raised|lowered|increased|"
    r"decreased|reduced|extended|tightened|relaxed|from here on|from today|these days|as of|"
    r"now that|came back|slipped|shifted|delayed|brought|is now|are now|effective|"
    r"(?<!later )this week|starting|from this|went to|change for|replaces|in place of|pulled|"
    r"scratch the|applies to|apply to|switch (?:\w+ ){1,3}to|swapped|swaps?|rebuilt|rebuild|"
    # Asking for the value to be moved: "let's move practice to Wednesday evenings".
    r"(?:move|shift|push) (?:[\w'-]+ ){1,3}(?:to|back to|up to)|"
    r"reopened|"
    r"amended|amendment|retired|decommissioned|migrated|failed over|let's make|make it|"
    r"took over|takes over|taking over|handed over|relocated|approved|went up|went down|"
    r"goes up|goes down|pulled (?:\w+ )?in|relax|relaxed|loosen|loosened|tighten|"
    r"(?:as|is) the new|agreed on|settled on|"
    r"(?:got|gave \w+|have|has) (?:a |its |their |our )?(?:new|fresh)|new home|"
    r"the old \w+ (?:is|was|has been) (?:closed|gone|retired|dead|done))\b"
    # "After the failover, production runs on ...": an event that changed it.
    r"|^after (?:the|our|a) [\w-]+\b|\bsince the [\w-]+|^new\b|\bfrom next \w+\b"
    # "audit log retention -> 63 days": what it is set to now.
    r"|\s(?:->|\u2192)\s"
    r"|\b(?:recreated|re-created|redeployed|rotated|rotation|reset|voted|new (?:review )?policy)\b"
    # Saying the earlier word no longer holds, or that someone set a new one: "forget what I
    # said about ...", "it's oats, not what I told you", "the clinic rescheduled me to ...".
    r"|\b(?:forget what I said|not what I (?:said|told you|wrote)|changed my mind|in the end|"
    r"after all|talked (?:us|me) (?:down|into|out of)|convinced me|rescheduled?|rebooked?|"
    r"reissued|corrected|capped (?:us|it|them) at|dropped (?:[\w'-]+ ){0,6}to|"
    r"cut (?:[\w'-]+ ){0,6}to|set to|tops out at|misdiagnosed|let's use that|use that as the|"
    # Someone moved the value, or the earlier one is named as no longer holding: "filing
    # date was pushed to 4 May", "bring it down to 52 km/h", "not the old number".
    r"pushed to|lifted to|trimmed to|widened|narrowed|re-rated|renumbered|reclassified|"
    r"transferred|switched|switching|bring (?:it|them|that) (?:down|up|back) to|"
    r"(?:has|have) gone to|handed (?:us|me|it) (?:over )?to|come round to|from here|"
    r"(?:scratch|ignore|disregard) what I (?:said|wrote)|whoever I said|wrong \w+ earlier|"
    r"(?:we|I) had the wrong|not the (?:old|earlier|previous|first) (?:\w+ )?(?:one|number|"
    r"figure|value|date|time)|the old (?:number|figure|one|value|date|time)|"
    r"set a new|(?:a|the) new (?:goal|target|limit|cap|max|maximum|ceiling|contact|deadline|"
    r"date|time)|"
    # A verb that moves a value it presupposes: "shrink the import batches to 3250 rows",
    # "bring the shutdown forward to April 12".
    r"(?:raise|raising|lower|lowering|increase|increasing|decrease|decreasing|reduce|"
    r"reducing|shrink|shrinking|shrank|shrunk|bump|bumping|shorten|shortening|shortened|"
    r"lengthen|lengthening|lengthened|extend|extending|tighten|tightening|loosen|"
    r"loosening|widen|widening|narrow|narrowing|bring|bringing) (?:[\w'-]+ ){0,4}"
    r"(?:forward |back |down |up )?to)\b",
    re.IGNORECASE,
)


CAPPED_QUANTITY = re.compile(
    r"\d[^,;]*,\s*no (?:longer|more)(?=\s*(?:[.;!?]|$))", re.IGNORECASE | re.MULTILINE
)
"""A quantity capped at the end of its sentence ("cache ttl = 600 seconds, no longer", "330
requests a minute, no more"): a limit, neither a word that the value changed nor a halt."""


CORRECTS_ITSELF = re.compile(
    r"\b(?:actually|instead|correction|scratch that|on second thought|i mean|make (?:it|that)|"
    r"no wait|rather|changed my mind)\b",
    re.IGNORECASE,
)
"""Words of a sentence that corrects what its own message said before it ("Use tabs.
Actually, use spaces."): narrower than :data:`UPDATE_CUE`, whose "move ... to" or "rotated"
also name work to do."""


TEMPORAL = re.compile(
    r"\b(?:now|from now on|going forward|moving forward|henceforth|from here on|from today|"
    r"these days|as of|starting|from this \w+|from next \w+|any ?more|no longer|"
    r"since the [\w-]+)\b",
    re.IGNORECASE,
)


PROHIBITS = re.compile(
    r"\b(?:never|do not|don't|must not|mustn't|may not|cannot|can't|nothing|no one|nobody|"
    r"forbidden|not allowed|prohibited|off limits|off-limits|read-only|untouchable|"
    r"under no circumstances|no (?:deletes?|deletions?|writes?|moves?|changes|restarts?|"
    r"pushes|edits|deploys))\b|^no\s|\bleave\b[^.;]{0,40}\balone\b",
    re.IGNORECASE,
)


EXPLICIT = re.compile(
    r"\b(?:instead|switch(?:ed)? to|replac(?:e|es|ed|ing)|rather than|no longer|in place of|"
    r"swapped)\b"
    # "Update: the folder we must never clean up is ...": labelled as a revision.
    r"|^(?:quick |small |one |an? )?(?:update|correction|change)\b",
    re.IGNORECASE,
)


# A statement that only muses about a value ("Bea thinks the budget could go to $3,100 next
# year, but nothing is decided") replaces nothing.
_HEDGED = lazy_compile(
    r"\b(?:thinks?(?! in\b)|might|maybe|perhaps|considering|"
    # "I'd consider the project finished once builds run under 5 minutes": a definition of
    # done, not a musing.
    r"consider(?![^.;]{0,60}\b(?:finished|done|complete|completed|a success)\b)|"
    r"proposed|proposes|"
    r"suggested|suggests|wonder(?:s|ing)?|asked (?:whether|if)|not (?:yet )?decided|"
    r"nothing is decided|undecided|tentative(?:ly)?|hypothetical(?:ly)?|still being|"
    r"if we|what if|rumou?r|allegedly|ignore the|disregard the|let's hope|for context only|"
    r"just for context|"
    r"for reference|for comparison|competitors?|just so you know|nothing to do with|"
    r"never the plan|as a favou?r|floated|nobody (?:signed|agreed|approved)|"
    r"not (?:yet )?(?:agreed|approved|signed off)|just curious|out of curiosity|not asking|"
    r"just wondering|back and forth|keep what you have|outdated|ignore it|irrelevant|"
    r"thinking aloud|(?:just|only) (?:checking|asking)|"
    # "Should we change the bathroom budget to $18,500? Don't act on it yet."
    r"(?:don't|do not) (?:act on|change|apply|touch) (?:it|that|this|anything) yet|"
    r"which is why|that's why|still (?:lists|says|shows|has|mentions|points)|"
    r"under discussion|being discussed|still discussing|to be decided|no decision|someday|"
    r"come back to us|the other team|another team|that's theirs|ours stays|"
    # Still to be settled: "nothing is agreed", "we're meeting about it later this week".
    r"nothing (?:is |has been )?(?:agreed|settled|final)|haggl\w*|meeting about it|"
    r"(?:we'll|we will|we're going to|going to) (?:discuss|decide|talk about|meet about)|"
    # What it was once: "Back in the spring the channel was #x; that's history".
    r"that's history|that is history|not the current (?:setting|value|one|rule|number))\b"
    # A stale document quoted: "the old style guide says 97 characters".
    r"|\b(?:old|outdated|stale|previous) [\w-]+(?: [\w-]+){0,3}(?: that)? (?:says|said|lists|"
    r"listed|shows|showed|has|had|mentions)\b|\bout[ -]of[ -]date\b"
    r"|\bif\b[^.;]*\bever\b"
    # A counterfactual: "If it were up to Zofia, the status channel would be #web-news."
    r"|\bif (?:it|that|this) (?:were|was) up to\b|\bif [\w ]{1,30} had (?:their|his|her) way\b",
    re.I,
)


# Reported speech ("the dashboard says ...", "according to the wiki") hedges too, unless the
# statement says it is an update ("HR says conference travel can be up to $2,150 now").
_REPORTED = lazy_compile(
    r"\b(?:says|said|saying|claims?|claimed|claiming|according to|reportedly)\b"
    # "Sanne mentioned eu-east-1 has cheaper instances" (not "the two mentioned types").
    r"|\b(?:[Hh]e|[Ss]he|[Tt]hey|[Ss]omeone|[A-Z][a-z]+) (?:mentioned|mentions)\b"
)


# "After the half I think 3:43 is realistic, so that's the goal now": the person's own view,
# settled into a decision, is no musing.
_OWN_VIEW = lazy_compile(r"\bI think\b", re.I)
_DECIDED = lazy_compile(
    r"\b(?:so|and) (?:that's|that is) (?:the|our|my) (?:new )?(?:goal|target|plan|limit|cap|"
    r"choice|pick|deadline)\b|\blet's go with\b|\bwe're going with\b|\bI'm going with\b",
    re.I,
)


@functools.lru_cache(maxsize=16_384)
def hedged(text: str) -> bool:
    musing = _HEDGED.search(text)
    if (
        musing
        and _DECIDED.search(text)
        and all(_OWN_VIEW.match(text, m.start() - 2) for m in _HEDGED.finditer(text))
    ):
        musing = None
    if musing or _SOMEONE_ELSE.search(text):
        return True
    if _PAST_EVENT.search(text) and UPDATE_CUE.search(text) is None:
        return True  # "Noor spent $250 at last year's conference": what happened, not a rule
    return (
        _REPORTED.search(text) is not None
        and UPDATE_CUE.search(text) is None
        # "Our SLA says ...", "my contract says ...": the user's own source, not hearsay.
        and _OWN_SOURCE.search(text) is None
    )


# Someone else's wish or habit, not the user's ("Dana prefers Asia/Kolkata on her own
# projects, but that's her, not me").
_SOMEONE_ELSE = lazy_compile(
    r"\b(?:not me|not mine|not ours|not us|her call|his call|their call|her own|his own|"
    r"their own|for (?:her|him) personally|(?:doesn't|does not|don't|do not) apply to (?:us|me)|"
    r"that's (?:her|him|them)|not the team(?:'s)? one|(?:we're|we are) not (?:them|they)|"
    # "Sunniva's draft has 17:30 ..., but that's their draft, not the plan"
    r"(?:that's|that is|it's|it is) (?:just |only )?(?:their|his|her|someone else's) "
    r"(?:draft|proposal|suggestion|idea|version|take|guess|wish)|"
    r"the way i asked|my (?:colleague|coworker|co-worker|teammate|boss|friend) \w+ "
    r"(?:likes|prefers|wants|uses|loves))\b",
    re.I,
)


_PAST_EVENT = lazy_compile(
    r"\b(?:last|previous|past) (?:year|quarter|month|week|sprint|release|time|summer|winter)"
    r"(?:'s)?\b|\b(?:(?<!'m )(?<!\bam )(?<!'re )(?<!\bare )(?<!\bget )(?<!\bgot )used to|"
    r"back then|back when|in the past)\b",  # "what I'm used to" is a habit, not the past
    re.I,
)


_OWN_SOURCE = lazy_compile(
    r"\b(?:our|my) [\w-]+ (?:says|said)\b"
    # A reason given for one's own rule: "That's what the consent form says."
    r"|\bthat's what (?:the|our|my) [\w-]+(?: [\w-]+)? (?:says|said|requires)\b",
    re.I,
)


NEGATED = re.compile(r"\b(?:no longer|not anymore|don't|do not|never|must not|mustn't)\b", re.I)


AFFIRMS = re.compile(r"\b(?:always|must|make sure|be sure to|every time)\b", re.I)


PERMITS = re.compile(
    r"\b(?:you may|you can|we can|feel free to|(?:it's|it is) (?:fine|ok|okay) to|allowed to|"
    r"go ahead and|no need to avoid)\b",
    re.I,
)


# A statement that adds to what was said rather than revising it ("Also keep /srv/b/
# untouched", "another protected folder").
ADDITIVE = re.compile(
    r"\b(?:also|too|as well|another|additionally|in addition|on top of|both|second)\b", re.I
)
