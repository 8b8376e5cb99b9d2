"""Signals that a person moves the work elsewhere, apart from a clause that halts the task
by name: the message says the work changes ("different task:", "switching gears", "plans
changed"), ranks something above it ("more pressing:", "top priority now is", "before
anything else"), or dismisses whatever else is going on ("drop everything else", "the rest
can wait", "X is off the table", "don't worry about X anymore").

None of these says *which* new work: on its own a signal changes nothing. It counts only
beside an instruction for new work that does not restate the task in force
(:func:`~packlight.compressor.turns.read_turn` checks that), so a reply that uses the same
words about the task's own content ("the priority is readability", "drop the formalities")
stays a reply.

Data and pure functions of strings.
"""

from __future__ import annotations

import re

from packlight.compressor.vocabulary import BOILERPLATE, CALENDAR, word_set

__all__ = ["DISMISSAL", "NON_VERB_OPENERS", "NOT_NEW_WORK", "SHIFT_SIGNAL", "signals_shift"]

# Each alternative is a kind of statement about the work, not a fixed phrase: the work is
# new or other, its priority changed, something came up, or what was there is dismissed.
SHIFT_SIGNAL = re.compile(
    # The work is new or other than before.
    r"\b(?:new|different|other|another|separate|fresh)\s+(?:\w+\s+)?(?:task|thing|request|job|"
    r"plan|priorit(?:y|ies)|assignment|ask|errand|focus)\b"
    r"|\bsomething (?:else|new|different|(?:more |really |super )?(?:urgent|important|pressing))\b"
    r"|\bon something else\b|\bswitch(?:ing|ed)? (?:gears|tasks?|focus|topics?|over)\b"
    r"|\bchange (?:of|in) (?:plans?|priorit(?:y|ies)|direction)\b"
    r"|\b(?:plans?|priorities) (?:have |has )?(?:changed|shifted)\b"
    r"|\b(?:updated?|revised|changed|adjusted) (?:plans?|priorit(?:y|ies))\b"
    r"|\bnothing to do with (?:the|this|that|what)\b"
    # Its priority: something ranks above the task in force.
    r"|\b(?:more|most|top|high(?:est)?|real|new|first|main|bigger) (?:priority|pressing|"
    r"urgent|important)\b|\bpriority (?:now|from now on|today)\b|\bpriority (?:now |today )?is to\b"
    r"|\b(?:takes?|has) (?:priority|precedence)\b|\bmatters more\b"
    r"|^\W*(?:urgent(?:ly)?|asap)\b|\burgent (?:requirement|request|thing|task|job)\b"
    r"|\bfirst thing\b|\bbefore anything else\b|\b(?:before|above) (?:all|everything) else\b"
    # Something came up, somebody else set the work.
    r"|\bcame up\b|\bcome up\b|\b(?:that's|that is|this is|is) (?:the|your) (?:job|task|work|"
    r"focus|priority) now\b"
    # What was there is dismissed: everything else, the rest, an object said to be over.
    r"|\b(?:drop|stop|leave|forget|skip|pause|park) (?:everything|anything|all) else\b"
    r"|\bthe rest (?:can|will|should|must) wait\b"
    r"|(?<!\bwe )(?<!\bi )(?<!\byou )\b(?:can|will have to|has to|must) wait\b"
    r"|\boff (?:the )?table\b|\bnot happening\b"
    r"|\b(?:not|no longer|isn't|is not) (?:urgent|a priority|the priority|important|needed|"
    r"relevant)(?: any ?more| now| for now)\b",
    re.IGNORECASE,
)
"""A word or phrase that says the work moves on (see the module docstring)."""


# A clause that sets something aside by pointing at it ("forget the trainers", "skip the thing
# you're on", "don't worry about the docs rewrite"): a dismissal only beside new work in
# another clause (alone, "skip the free-text column" is about the task's own things). Verbs
# that also act on things ("cancel my reservation and book ...", "drop the table") are left
# to the halting rules.
DISMISSAL = re.compile(
    r"^(?:skip|forget(?: about)?|never ?mind|nvm|(?:don'?t|do not) (?:worry|bother)"
    r"(?: about| with)?|enough (?:of|with)|leave|shelve|park|scrap|ditch|pause|"
    r"table|hold off(?: on)?|move (?:off|on from)|"
    r"let'?s (?:shelve|park|leave|skip|pause|forget))\s+"
    r"(?:the|my|our|your|this|that|it|whatever|what|all|everything)\b",
    re.IGNORECASE,
)


# "we are not done with them, but that can wait": the pronoun points at what the sentence
# spoke of, not at the work.
_LINKED_WAIT = re.compile(
    r"\b(?:but|and|though|although|so)\s+(?:that|it|this|they|those|these)\s+"
    r"(?:can|will have to|has to|must|should)\s+wait\b",
    re.IGNORECASE,
)


def signals_shift(text: str) -> bool:
    """Whether ``text`` says the work moves on, whatever the new work is."""
    return SHIFT_SIGNAL.search(_LINKED_WAIT.sub(" ", text)) is not None


NOT_NEW_WORK = (
    BOILERPLATE
    | CALENDAR
    | word_set(
        """
        advance asap soon quickly quick later meantime anyway though please thanks kindly
        sorry really just done finished first thing things stuff else rest time minute
        moment today tonight tomorrow week month urgent urgently important pressing
        priority priorities plan plans instead rather something anything everything nothing
        message update status again once more next last much many lots ones sure forth
        """
    )
)
"""Words that carry no new work of their own: pleasantries, times, words about priority."""

NON_VERB_OPENERS = word_set(
    """
    for with about from to in on at of by after before until till during since per via
    one two three some many much more most less long short last both either neither each
    every several such im ive id youre theyre
    saw got went came told heard said thought knew felt found left made took gave
    sent spoke met ran seen gone done been
    """
)
"""First words that begin no order to the agent: prepositions, numbers and quantities,
contractions typed without their apostrophe, and irregular past tenses ("got a message from
my boss", "saw your last message")."""
