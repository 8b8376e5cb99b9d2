# ruff: noqa: E501 (a phrase corpus: long literal sentences, written by a separate author)
"""Held-out corpus ``f`` of a person's turns mid-task: switch, stop, resume or reply. Written blind.

What was NOT opened while writing it: nothing under ``src/packlight/``, nor
``benchmarks/results/turns.md``, the tests, ``benchmarks/_turns_corpus_a.py`` .. ``_c.py`` or
``benchmarks/turns_model_loco.py``. Of ``benchmarks/_turns_corpus_d.py`` only lines 1-45, its
``generate`` function and ``__main__`` printer were read (for the interface); of
``benchmarks/_turns_corpus_e.py`` only lines 1-45 (its docstring, to pick different ground); of
``benchmarks/bench_turns.py`` only the imports and the ``CORPORA`` dict. packlight's classifier
was never run on this corpus while it was written; do not tune this file against its output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated and shuffled with ``seed``, as dicts with ``kind``, ``text``, ``current_task`` and
``stopped_task`` -- a drop-in for corpora ``d`` and ``e``.

Labelling choice for re-prioritisation: "do B first, then come back to A" is a ``switch`` -- the
current task is set aside and a different one asked for in the same message, even though a
return is promised. "Finish A, then do B" is a ``reply`` (nothing is set aside now).

What it emphasises, different from ``d`` and ``e``:

- non-software domains: healthcare admin, real estate, journalism, event logistics, HR and
  recruiting, nonprofit grants, construction scheduling, shipping logistics, retail
  merchandising, lab protocols;
- voices: voice-dictated messages (no punctuation, filler words, "period" spoken aloud), people
  typing on a phone mid-meeting, switches that cite a ticket or issue number, switches buried
  after a long answer to the agent's question, multi-step re-prioritisation;
- stops phrased as feedback or a judgement ("this isn't worth it anymore, let's not");
- resumes after a long gap ("morning! picking up yesterday's thing") and by anaphora;
- hard look-alike replies: the task's own content talks about cancelling, pausing, switching,
  resuming or stopping (cancelled appointments, paused shipments, resumed CVs, work stoppages).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = (("switch", 180), ("stop", 120), ("resume", 120), ("reply", 180))


@dataclass(frozen=True)
class Task:
    """One task: how it was first asked, short ways to refer to it, and in-task reply material."""

    domain: str
    first: str
    ask: str  # imperative phrase used when this task is asked for as the new one
    refs: tuple[str, ...]
    details: tuple[str, ...]  # answers / corrections that stay inside this task
    lookalikes: tuple[str, ...]  # in-task content using stop/switch/resume vocabulary


TASKS: tuple[Task, ...] = (
    Task(
        "healthcare",
        "Draft the patient reminder letters for next week's flu clinic",
        "draft the flu clinic reminder letters",
        ("the reminder letters", "the flu clinic letters", "those patient letters"),
        (
            "the clinic runs 9 to 4 on Tuesday and Thursday",
            "sign them from Dr Okafor not the practice manager",
            "keep it under one page, a lot of them are elderly",
        ),
        (
            "add a line saying if they need to cancel they should call the front desk, not email",
            "mention that the clinic will pause at lunch between 12 and 1",
            "say people on blood thinners should stop by the nurse first",
        ),
    ),
    Task(
        "healthcare",
        "Reconcile the insurance denials spreadsheet for March",
        "reconcile the March insurance denials",
        ("the denials sheet", "the March reconciliation", "the insurance denials"),
        (
            "column F is the payer code, ignore column G",
            "the Aetna ones have the wrong date format",
            "group them by denial reason please",
        ),
        (
            "flag every claim where coverage was paused or terminated mid-month",
            "the ones marked 'switch payer' need their own tab",
            "treat 'stopped at intake' as a separate denial reason",
        ),
    ),
    Task(
        "healthcare",
        "Update the on-call rota for the cardiology nurses",
        "update the cardiology on-call rota",
        ("the rota", "the on-call schedule", "the cardiology rota"),
        (
            "Priya can't do weekends in May",
            "nights count double towards the hours cap",
            "use the same colour coding as last month",
        ),
        (
            "Marcus and Jen want to switch their Friday shifts, that's fine",
            "Leah is resuming full shifts on the 12th after her leave",
            "cancel the Sunday double, we don't need two people then",
        ),
    ),
    Task(
        "real_estate",
        "Write the listing description for 14 Alder Lane",
        "write the 14 Alder Lane listing",
        ("the Alder Lane listing", "the listing copy", "the listing"),
        (
            "it's 3 bed 2 bath, the kitchen was redone in 2022",
            "don't mention the busy road",
            "lead with the garden, that's the selling point",
        ),
        (
            "say the sellers can pause viewings over the holidays but otherwise flexible",
            "mention the bus stop right outside",
            "note that the previous sale was cancelled so it's back on the market",
        ),
    ),
    Task(
        "real_estate",
        "Prepare the comparables report for the Riverside condo",
        "prep the Riverside comps report",
        ("the comps", "the comparables report", "the Riverside comps"),
        (
            "only use sales from the last six months",
            "exclude the penthouse units, they skew it",
            "square footage from the county records, not Zillow",
        ),
        (
            "include the unit where the deal stopped at inspection, just mark it",
            "the one that switched agents twice, keep it in",
            "leave out listings that were withdrawn and resumed",
        ),
    ),
    Task(
        "real_estate",
        "Draft the lease renewal notices for the Maple Street tenants",
        "draft the Maple Street renewal notices",
        ("the renewal notices", "the Maple St notices", "the lease renewals"),
        (
            "rent goes up 3 percent, not 4",
            "unit 2B is month-to-month so skip them",
            "give them 60 days to respond",
        ),
        (
            "include the clause about how to cancel with 30 days notice",
            "tell them the pool is closed for repairs until June",
            "mention they can switch to autopay for a discount",
        ),
    ),
    Task(
        "journalism",
        "Edit the council budget story down to 800 words",
        "cut the council budget story to 800 words",
        ("the budget story", "the council piece", "the budget piece"),
        (
            "keep the quote from the treasurer, cut the one from the resident",
            "the deadline is 6pm",
            "the nut graf needs to be higher",
        ),
        (
            "the lede about the library hours being cancelled stays",
            "keep the bit where the mayor stopped the vote",
            "the part about them resuming the bond talks can go lower",
        ),
    ),
    Task(
        "journalism",
        "Fact-check the profile of the new hospital CEO",
        "fact-check the hospital CEO profile",
        ("the CEO profile", "the fact-check", "the profile"),
        (
            "her LinkedIn says 2014 but the press release says 2015",
            "the salary figure came from the 990 filing",
            "call the comms office, not her directly",
        ),
        (
            "check whether the merger was actually called off or just paused",
            "verify she switched from nursing to admin in 2009",
            "the claim that she halted the layoffs needs a second source",
        ),
    ),
    Task(
        "journalism",
        "Write the newsletter intro for Sunday's edition",
        "write Sunday's newsletter intro",
        ("the newsletter intro", "Sunday's intro", "the newsletter"),
        (
            "keep it chatty, three short paragraphs",
            "plug the podcast episode at the end",
            "no more than two links",
        ),
        (
            "open with the transit strike ending and trains resuming Monday",
            "mention that we're stopping the print crossword",
            "say the comments section is switching to members only",
        ),
    ),
    Task(
        "events",
        "Book the catering for the 200-person donor gala",
        "sort out catering for the donor gala",
        ("the gala catering", "the catering", "the caterer"),
        (
            "12 vegan, 6 gluten-free so far",
            "budget is 45 a head including service",
            "the venue requires their approved list",
        ),
        (
            "ask what their cancellation policy is if we drop below 150",
            "can they pause service during the speeches",
            "we might switch the plated dinner to stations",
        ),
    ),
    Task(
        "events",
        "Make the shuttle schedule for the conference hotels",
        "make the conference shuttle schedule",
        ("the shuttle schedule", "the shuttles", "the shuttle plan"),
        (
            "three hotels, the Marriott is the farthest",
            "first session starts at 8:30",
            "buses hold 40 each",
        ),
        (
            "shuttles stop running at 7pm on the last day",
            "service pauses between 11 and 2",
            "the Hilton loop switches to the north entrance on Thursday",
        ),
    ),
    Task(
        "events",
        "Finalise the run of show for the product launch",
        "finalise the launch run of show",
        ("the run of show", "the launch schedule", "the ROS"),
        (
            "CEO speaks at 10:05 for 12 minutes",
            "add a 2 minute buffer after the video",
            "the demo needs a tech check at 9",
        ),
        (
            "the music stops when the curtain opens",
            "cue: pause the slides during the live demo",
            "stage manager calls the switch to the panel",
        ),
    ),
    Task(
        "hr",
        "Screen the applications for the warehouse supervisor role",
        "screen the warehouse supervisor applicants",
        ("the screening", "the supervisor applications", "the warehouse applicants"),
        (
            "forklift cert is a must-have",
            "anyone with 3+ years shift lead experience goes to yes",
            "ignore cover letters",
        ),
        (
            "one guy resumed his career after 5 years out, don't penalise the gap",
            "a few are switching from retail, those are fine",
            "reject the ones who stopped responding to the first email",
        ),
    ),
    Task(
        "hr",
        "Rewrite the parental leave policy in plain language",
        "rewrite the parental leave policy",
        ("the leave policy", "the parental leave doc", "the policy rewrite"),
        (
            "it's 16 weeks paid for either parent",
            "legal wants section 4 left verbatim",
            "aim for a reading age of about 12",
        ),
        (
            "explain how to pause leave and take the rest later",
            "cover what happens if someone switches to part time after",
            "the bit about benefits stopping needs to be really clear",
        ),
    ),
    Task(
        "hr",
        "Schedule the second-round interviews for the analyst hires",
        "schedule the analyst second rounds",
        ("the second rounds", "the interview schedule", "the analyst interviews"),
        (
            "panel is Dana, Luis and me",
            "45 minutes each, no back-to-backs for Dana",
            "candidates are in three time zones",
        ),
        (
            "one candidate cancelled, slot her in next week",
            "Luis asked to switch to the afternoon panel",
            "if someone pulls out, stop and tell me rather than rebooking",
        ),
    ),
    Task(
        "grants",
        "Draft the budget narrative for the literacy grant",
        "draft the literacy grant budget narrative",
        ("the budget narrative", "the grant narrative", "the literacy grant"),
        (
            "personnel is 62 percent of the total",
            "the funder caps indirect at 10",
            "due Friday at noon Eastern",
        ),
        (
            "explain that the summer program paused in 2023 because of the move",
            "justify switching the tutor line from contract to staff",
            "say the van lease stops after year one",
        ),
    ),
    Task(
        "grants",
        "Compile the annual impact report for the food bank",
        "compile the food bank impact report",
        ("the impact report", "the annual report", "the food bank report"),
        (
            "we served 14,200 households",
            "put the volunteer hours next to the pounds distributed",
            "the board wants a one page summary first",
        ),
        (
            "mention the Tuesday pantry stopped in August and resumed in October",
            "the switch to client choice shelving is the big story",
            "note the mobile pantry was halted by the flood",
        ),
    ),
    Task(
        "grants",
        "Find three foundations that fund rural health clinics",
        "find foundations for rural health clinics",
        ("the foundation search", "the prospect list", "the funder research"),
        (
            "we're in eastern Oregon",
            "minimum ask is 25k",
            "skip anyone who requires a 501c3 older than 5 years",
        ),
        (
            "check if the Ford program that was paused is accepting again",
            "note any funder that switched to invite-only",
            "the Meyer fund stopped taking LOIs in spring, confirm",
        ),
    ),
    Task(
        "construction",
        "Rebuild the schedule for the school gym renovation",
        "rebuild the gym renovation schedule",
        ("the gym schedule", "the renovation schedule", "the Gantt"),
        (
            "steel delivery slipped two weeks",
            "drywall can't start until the inspection passes",
            "school's out June 14",
        ),
        (
            "add a stop-work day for the asbestos test",
            "electrical resumes after the panel arrives",
            "the crews switch to the locker rooms when the floor is curing",
        ),
    ),
    Task(
        "construction",
        "Write up the RFI for the foundation drainage issue",
        "write the foundation drainage RFI",
        ("the RFI", "the drainage RFI", "the drainage write-up"),
        (
            "reference sheet C-201",
            "attach the photos from Tuesday",
            "the engineer of record is Halvorsen",
        ),
        (
            "ask whether we should stop the pour until they answer",
            "ask if switching to a French drain is acceptable",
            "note that dewatering paused overnight and the pit refilled",
        ),
    ),
    Task(
        "construction",
        "Compare the three roofing bids",
        "compare the roofing bids",
        ("the roofing bids", "the bid comparison", "the roof bids"),
        (
            "Apex includes tear-off, the others don't",
            "warranty length matters more than price",
            "put it in a table",
        ),
        (
            "Summit's bid says work halts below 40 degrees, flag that",
            "Ridgeline wants to switch to a different membrane",
            "Apex can resume in March if we lose the window",
        ),
    ),
    Task(
        "shipping",
        "Trace the delayed container from Rotterdam",
        "trace the Rotterdam container",
        ("the container", "the Rotterdam box", "the trace"),
        (
            "container number is MSKU 7734120",
            "it was due in Savannah on the 3rd",
            "the broker is Coastal Freight",
        ),
        (
            "find out why customs put it on hold",
            "check whether it switched vessels at Algeciras",
            "the carrier says it's paused at transshipment, confirm",
        ),
    ),
    Task(
        "shipping",
        "Rebuild the carrier rate table for the Midwest lanes",
        "rebuild the Midwest rate table",
        ("the rate table", "the Midwest lanes", "the rates"),
        (
            "fuel surcharge is separate",
            "use per-mile rates for anything over 300 miles",
            "the Chicago to Omaha lane is the big one",
        ),
        (
            "mark lanes where a carrier stopped quoting",
            "add a column for when we switch carriers mid-contract",
            "note the accessorial for detention when loading pauses",
        ),
    ),
    Task(
        "shipping",
        "Draft the customer email about the port strike delays",
        "draft the port strike delay email",
        ("the delay email", "the port strike email", "the customer notice"),
        (
            "apologise once, don't grovel",
            "give them a new ETA range, not a date",
            "link to the tracking page",
        ),
        (
            "say operations resumed Tuesday but the backlog will take a week",
            "tell them they can cancel open orders without a fee",
            "mention we switched some freight to air",
        ),
    ),
    Task(
        "retail",
        "Plan the endcap layout for the spring garden promo",
        "plan the spring garden endcaps",
        ("the endcaps", "the garden promo", "the endcap plan"),
        (
            "four endcaps, the one by the registers is premium",
            "seed packets at eye level",
            "vendor pays for two of them",
        ),
        (
            "put a sign saying the hose sale stops Sunday",
            "switch the grills to the back aisle to make room",
            "the discontinued planters go on the clearance end",
        ),
    ),
    Task(
        "retail",
        "Build the markdown plan for end-of-season outerwear",
        "build the outerwear markdown plan",
        ("the markdown plan", "the outerwear markdowns", "the clearance plan"),
        (
            "first cut 30 percent, then 50 after two weeks",
            "hold back the wool coats",
            "margin floor is 12 percent",
        ),
        (
            "stop the markdowns on anything selling above 60 percent",
            "pause the second cut if weather turns cold",
            "the brands that switched to consignment are excluded",
        ),
    ),
    Task(
        "retail",
        "Write the product descriptions for the new candle line",
        "write the candle product descriptions",
        ("the candle copy", "the product descriptions", "the candles"),
        (
            "burn time is 45 hours",
            "don't say 'luxurious', marketing hates it",
            "mention they're soy",
        ),
        (
            "tell people to stop burning after 4 hours at a time",
            "say customers can switch the lid to a coaster",
            "mention we resumed the fig scent by popular demand",
        ),
    ),
    Task(
        "lab",
        "Write up the protocol for the ELISA plate run",
        "write the ELISA protocol",
        ("the ELISA protocol", "the protocol", "the plate protocol"),
        (
            "incubation is 2 hours at room temp",
            "we use 1:1000 for the detection antibody",
            "wash buffer is PBS-T 0.05",
        ),
        (
            "add the stop solution step, 50 microlitres sulfuric acid",
            "note you can pause overnight at 4 degrees after coating",
            "say to switch tips between every standard",
        ),
    ),
    Task(
        "lab",
        "Make the reagent order list for next month",
        "put together next month's reagent order",
        ("the reagent order", "the order list", "the reagents"),
        (
            "Sigma for the buffers, Thermo for antibodies",
            "we're low on Trizol",
            "the PI caps us at 8k this month",
        ),
        (
            "the vendor discontinued the old catalog number, use the new one",
            "we switched to the cheaper tips, order those",
            "the standing order for ethanol was paused, restart it",
        ),
    ),
    Task(
        "lab",
        "Analyse the growth curves from the yeast experiment",
        "analyse the yeast growth curves",
        ("the growth curves", "the yeast data", "the curves"),
        (
            "OD600 readings every 30 minutes",
            "plate 3 had a contamination, drop wells C1-C6",
            "fit a logistic model",
        ),
        (
            "mark where growth stops in the stationary phase",
            "the strains switched media at hour 12",
            "the reader paused for 20 min at hour 6, interpolate that gap",
        ),
    ),
)

# ---------------------------------------------------------------- slot pools

FILLERS = ("um", "uh", "so", "like", "okay so", "yeah", "right so", "um so")
PHONE_SIGNOFFS = (
    "sent from my phone",
    "in a meeting, sorry for brevity",
    "typing on phone",
    "sry on mobile",
    "-- sent from iPhone",
    "(on my phone)",
)
GREETINGS = ("hey", "hi", "ok", "quick one", "hey there", "hiya", "so", "alright")
TICKET = (
    "#{n}",
    "JIRA-{n}",
    "ticket {n}",
    "issue {n}",
    "OPS-{n}",
    "case {n}",
    "SR-{n}",
    "req #{n}",
)
REASONS = (
    "the director just asked for it",
    "legal flagged it this morning",
    "it's due before end of day",
    "the client is on the phone with me right now",
    "my boss walked over and asked",
    "we got a complaint about it",
    "it's blocking three other people",
    "the deadline moved up",
    "the board meeting got pulled forward",
    "the auditor is here tomorrow",
)
FEEDBACK_STOPS = (
    "this isn't worth it anymore, let's not",
    "honestly I don't think {ref} is going anywhere, let's drop it",
    "not convinced this is the right use of time. stop here",
    "you know what, {ref} isn't worth the effort. leave it",
    "this is getting too complicated for what it is. let's not bother",
    "I've changed my mind about {ref}, we won't need it",
    "scratch that, {ref} isn't happening after all",
    "the more I look at {ref} the less I want it. stop please",
    "this was a bad idea on my part, don't carry on with {ref}",
    "meh. {ref} is not worth it, forget I asked",
    "turns out we don't need {ref}. you can stop",
    "I'm calling it on {ref}, no point continuing",
)

# ---------------------------------------------------------------- templates
# Each template is filled with: {old} ref to the current task, {new} ask for another task,
# {ref2} ref to that other task, {why} a reason, {tk} a ticket id, {detail} an in-task detail.

SWITCH_T = (
    "drop {old} for now and {new}",
    "can you put {old} aside and {new}? {why}",
    "{why}. leave {old}, {new} instead",
    "change of plan: {new}. {old} can wait",
    "stop on {old} please, I need you to {new}",
    "forget {old}. {new}, that's the priority now",
    "hold off on {old}. {tk} just came in: {new}",
    "re {tk} -- pause {old} and {new}, {why}",
    "new priority from {tk}: {new}. park {old}",
    "{tk} is escalated, so {new}. {old} goes on the back burner",
    "do {ref2} first, then come back to {old}. so: {new}",
    "before you finish {old}, {new} -- then we'll pick {old} back up",
    "let's swap: {new} now and return to {old} after",
    "{old} can sit for a bit, {ref2} jumps the queue",
    "shelve {old}. {new} please",
    "ok never mind {old}, could you {new}",
    "actually no, leave {old} alone and {new}",
    "put a pin in {old}, {new}",
    "set {old} aside, I need you to {new} asap",
    "scrap {old}. instead please {new}",
    "park {old} and {new}, {why}",
    "{why} so {old} is off the table for today. {new}",
    "I'm pulling you off {old}. {new}",
    "let {old} go for now. {ref2} is more urgent, so {new}",
    "quick pivot: {new}. we'll come back to {old} later maybe",
    "change of priorities -- {new}; {old} is on hold",
    "sorry to derail, but {new}. {old} can wait till Monday",
    "never mind the rest of {old}. can you {new}?",
    "is it ok to stop {old} where it is and {new}? {why}",
    "could you leave {old} and {new} instead? {why}",
    "if {old} isn't done in the next few minutes just leave it and {new}",
    "if you're stuck on {old}, drop it and {new}",
    "thanks for the question. to answer it: {detail}. but actually let's stop {old} there, {why}, I need you to {new}",
    "re your question -- {detail}. That said, {why}, so put {old} down and {new}.",
    "answering your q: {detail}. never mind though, hold {old}, {new} first",
    "{detail}, to answer you. but forget that for now: {new}",
    "ok so {detail}\n\nactually scrap that. {why}. {new} please, {old} is parked",
    "Good question. {detail}.\n\nHowever — {why}. Could you set {old} aside and {new}? We can return to it next week.",
    "priorities shuffled. 1) {new} 2) then back to {old}",
    "order of business now: first {new}, {old} after that",
    "swap the order, {ref2} before {old}. go ahead and {new}",
    "{new}. drop everything else",
    "urgent: {new}. {old} is not needed today",
    "new ask, supersedes {old}: {new}",
    "pls {new}, {old} on hold",
    "leave {old}. {new}. thx",
    "{old} -> parking lot. next up: {new}",
    "kill {old} for now and {new}",
    "table {old}, {ref2} needs doing first",
    "moving you to something else. {new}. {old} can wait",
    "we're not doing {old} today after all. {new} instead",
    "hey sorry, {why}. can you {new}? don't worry about {old} for now",
    "in the meeting they decided {old} waits. {new}",
    "boss says {new}, so {old} is paused",
    "client called, {old} isn't urgent anymore. please {new}",
    "put {old} on ice and {new}",
    "park that. {new}",
    "stop what you're doing on {old}, {new} instead, {why}",
    "right, {old} is done for today. switch over and {new}",
    "let's move off {old} and {new}",
    "hi! {tk} landed on my desk, can you {new} before anything else? {old} can sit",
)

STOP_T = (
    "stop {old} please",
    "ok that's enough on {old}",
    "let's stop there with {old}",
    "hold off on {old} for now",
    "pause {old}, I'll get back to you",
    "cancel {old}",
    "no need to continue {old}",
    "you can stop, I'll finish {old} myself",
    "halt on {old} until I say",
    "don't do any more on {old}",
    "leave {old} where it is for now",
    "park {old}. nothing else for now",
    "let's call it a day on {old}",
    "stop, stop. {why}, so {old} is on hold",
    "{why}, so pause {old}. I'll ping you",
    "{tk} got closed so we don't need {old} anymore, stop",
    "{tk} was withdrawn -- drop {old}",
    "hang on, wait before going further with {old}",
    "put {old} on hold till I'm out of this meeting",
    "enough for today, we'll leave {old} here",
    "please don't proceed with {old}",
    "shelve {old}, no rush on it",
    "ok thanks, that's all I need on {old} for now",
    "I'll take {old} from here, thanks",
    "stop working on {old}, we're waiting on {why_short}",
    "we're on hold for {old} until {why_short}",
    "wait. don't touch {old} till I check with my manager",
    "freeze {old} please, something came up",
    "can you stop {old} for a moment? I need to think",
    "stop for now. {old} can wait",
    "never mind {old}",
    "nvm {old}, not needed",
    "you can drop {old}",
    "let's pause here",
    "pause there please",
    "hold it right there",
    "that's enough, thanks",
    "ok stop",
    "stop for now, thanks",
    "let's leave it there",
)
WHY_SHORT = (
    "legal signs off",
    "the numbers come back",
    "I hear from the client",
    "after the audit",
    "the vendor replies",
    "Monday",
    "we get the budget",
    "the board decides",
)

RESUME_T = (
    "ok back to {stopped}",
    "let's go back to {stopped}",
    "morning! picking up yesterday's thing -- {stopped}",
    "good morning, let's carry on with {stopped} from where we left it",
    "{cur} is done, thanks. now back to {stopped}",
    "ok {cur} is sorted. pick {stopped} back up",
    "back to what we were doing before: {stopped}",
    "let's resume {stopped}",
    "can we continue {stopped} now?",
    "return to {stopped} please",
    "alright, where were we on {stopped}? carry on",
    "picking {stopped} back up -- continue from where you stopped",
    "hi again, after the weekend: let's finish {stopped}",
    "back from the meeting. let's get {stopped} finished",
    "unpark {stopped}",
    "{tk} is closed so we can go back to {stopped}",
    "{tk} resolved. back to {stopped}",
    "ok good, that's {cur} handled. {stopped} again please",
    "now that {cur} is out the door, go back to {stopped}",
    "we heard back, so let's get back on {stopped}",
    "{why_short_cap} came through, so carry on with {stopped}",
    "you can restart {stopped} now",
    "let's pick up {stopped} where we left off",
    "ok, take {stopped} off hold",
    "continue where we left off with {stopped}",
    "morning. yesterday's {stopped} -- let's finish it",
    "hey, hope you're good. can we get back to {stopped}?",
    "picking up the thread on {stopped}",
    "sorry for the long gap. where we were: {stopped}. carry on",
    "back to the earlier one -- {stopped}",
    "ok let's go back to what we started before {cur}",
    "now return to the thing from before {cur}",
    "back to the previous task please",
    "let's finish what we started this morning",
    "ok back to where we were",
    "let's pick the earlier task back up",
    "resume the one you paused",
    "go back to the first thing",
    "let's get back to it. the thing from before",
    "right, as you were before the interruption",
    "after {cur}, the {stopped} one is next again -- go ahead with it now",
    "hey I'm back. {cur} looks fine, let's return to {stopped}",
    "monday morning, let's pick {stopped} up again",
    "{stopped} -- we can unpause that now",
    "ok, {why_short} is sorted, so {stopped} is back on",
    "back on {stopped} please, {tk} is done",
    "i think we're clear now, carry on with {stopped}",
    "we're good to restart {stopped}",
    "right, {stopped}. where did we get to? keep going",
    "dig {stopped} back out, let's finish it",
    "{stopped} is back on the table, continue",
    "the hold on {stopped} is lifted, go ahead",
    "after lunch: back to {stopped}",
    "hi! long day yesterday. let's continue with {stopped}",
    "ok thats {cur} wrapped up, {stopped} next please, from where you were",
    "bring {stopped} back up and finish it off",
    "let's get {stopped} moving again",
    "we parked {stopped} earlier -- take it up again now",
    "continue the earlier one please",
    "go back to the one before this",
)

REPLY_T = (
    "{detail}",
    "yes. {detail}",
    "to answer your question, {detail}",
    "good q -- {detail}",
    "{look}",
    "oh and {look}",
    "one more thing for {old}: {look}",
    "also {look}",
    "quick correction: {detail}",
    "actually, {detail}",
    "looks good so far. {detail}",
    "thanks. {look}",
    "re {tk}: {look}",
    "per {tk}, {detail}",
    "how far along is {old}?",
    "how's {old} going?",
    "is {old} nearly done?",
    "can you show me what you have so far on {old}?",
    "looks great, keep going",
    "perfect, carry on",
    "that's fine, continue",
    "good. {detail}, then finish {old}",
    "finish {old} first, then we can talk about next steps",
    "{detail}. no rush",
    "not quite -- {detail}",
    "hmm, {detail}",
    "yep {look}",
    "for {old}, {look}",
    "the meeting got cancelled so I have time, take it slow. {detail}",
    "I'm going to stop by the office later, keep going with {old} meanwhile",
    "my call got switched to 3pm, no change for you. {detail}",
    "sorry, paused to grab coffee. {detail}",
    "good catch. {look}",
    "instead of the first version, {look}",
    "use that instead. {detail}",
    "one thing instead of what I said: {detail}",
    "sorry for the delay, was in a meeting. {detail}",
    "answering from my phone: {detail}",
    "re your question about {old}: {look}",
    "you asked about edge cases -- {look}",
    "before I forget, {look}",
    "small thing: {look}",
    "I checked with the team and {detail}",
    "confirmed: {detail}",
    "the draft of {old} is close. {look}",
    "keep going on {old}, and {look}",
    "that's the right direction. {detail}",
    "don't change the rest of {old}, just: {detail}",
    "good so far. when you get there, {look}",
    "no that's wrong, {detail}",
    "right, {detail}. carry on with {old}",
    "can you also make sure of this? {look}",
    "where are you at with {old}? also {detail}",
    "ok great. fyi {look}",
    "switching topics for a sec, did you see my note? {detail}. ok carry on",
    "one caveat for {old}: {look}",
    "after you finish {old}, send it to me. {detail}",
    "I have to stop for a call in 5 min, just keep at {old}",
    "stop me if this is already in there: {look}",
    "pause on that thought -- {detail}. then continue",
)


# ---------------------------------------------------------------- register transforms


def _voice(text: str, rng: random.Random) -> str:
    """Speech-to-text: no punctuation, lowercase, filler words, sometimes spoken punctuation."""
    words = re.sub(r"[^\w\s#'-]", " ", text).lower().split()
    out: list[str] = []
    if rng.random() < 0.7:
        out.append(rng.choice(FILLERS))
    for i, w in enumerate(words):
        out.append(w)
        if i and rng.random() < 0.08:
            out.append(rng.choice(("um", "uh", "like", "you know")))
    if rng.random() < 0.3:
        out.append("period")
    return " ".join(out)


def _phone(text: str, rng: random.Random) -> str:
    """Mid-meeting typing: abbreviations, dropped caps, a sign-off."""
    swaps = {
        " please": " pls",
        " you": " u",
        " for now": " 4 now",
        " thanks": " thx",
        " right now": " rn",
        " because": " bc",
        " before": " b4",
    }
    t = text[:1].lower() + text[1:]
    for a, b in swaps.items():
        if rng.random() < 0.6:
            t = t.replace(a, b)
    return t + (" // " if rng.random() < 0.5 else "\n") + rng.choice(PHONE_SIGNOFFS)


def _typo(text: str, rng: random.Random) -> str:
    """One transposed letter pair in a longer word."""
    words = text.split(" ")
    long = [i for i, w in enumerate(words) if len(w) > 5 and w.isalpha()]
    if not long:
        return text
    i = rng.choice(long)
    w = words[i]
    j = rng.randrange(1, len(w) - 2)
    words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
    return " ".join(words)


def _register(text: str, rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.18:
        return _voice(text, rng)
    if roll < 0.33:
        return _phone(text, rng)
    if roll < 0.45:
        return _typo(text, rng)
    if roll < 0.55:
        return f"{rng.choice(GREETINGS)}, {text[:1].lower() + text[1:]}"
    if roll < 0.65:
        return text.lower()
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------- writer


class _Writer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def _tk(self) -> str:
        return self.rng.choice(TICKET).format(n=self.rng.randint(100, 9999))

    def _two(self) -> tuple[Task, Task]:
        a, b = self.rng.sample(TASKS, 2)
        return a, b

    def _fill(self, template: str, cur: Task, other: Task | None) -> str:
        rng = self.rng
        why_short = rng.choice(WHY_SHORT)
        slots = {
            "old": rng.choice(cur.refs),
            "detail": rng.choice(cur.details),
            "look": rng.choice(cur.lookalikes),
            "why": rng.choice(REASONS),
            "why_short": why_short,
            "why_short_cap": why_short[:1].upper() + why_short[1:],
            "tk": self._tk(),
            "new": other.ask if other else "",
            "ref2": rng.choice(other.refs) if other else "",
            "stopped": rng.choice(other.refs) if other else "",
            "cur": rng.choice(cur.refs),
        }
        return template.format(**slots)

    def switch(self) -> tuple[str, Task, Task | None]:
        cur, new = self._two()
        return _register(self._fill(self.rng.choice(SWITCH_T), cur, new), self.rng), cur, None

    def stop(self) -> tuple[str, Task, Task | None]:
        cur = self.rng.choice(TASKS)
        if self.rng.random() < 0.25:
            text = self.rng.choice(FEEDBACK_STOPS).format(ref=self.rng.choice(cur.refs))
        else:
            text = self._fill(self.rng.choice(STOP_T), cur, None)
        return _register(text, self.rng), cur, None

    def resume(self) -> tuple[str, Task, Task | None]:
        cur, stopped = self._two()
        return (
            _register(self._fill(self.rng.choice(RESUME_T), cur, stopped), self.rng),
            cur,
            stopped,
        )

    def reply(self) -> tuple[str, Task, Task | None]:
        cur = self.rng.choice(TASKS)
        return _register(self._fill(self.rng.choice(REPLY_T), cur, None), self.rng), cur, None


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def generate(seed: int) -> list[dict[str, str | None]]:
    """Returns the 600 labelled cases for ``seed`` (see the module docstring), shuffled."""
    writer = _Writer(seed)
    makers: dict[str, Callable[[], tuple[str, Task, Task | None]]] = {
        "switch": writer.switch,
        "stop": writer.stop,
        "resume": writer.resume,
        "reply": writer.reply,
    }
    out: list[dict[str, str | None]] = []
    seen: set[tuple[str, str, str]] = set()
    kind_of_text: dict[str, str] = {}
    for kind, wanted in PLAN:
        made = 0
        for _ in range(wanted * 50):
            if made == wanted:
                break
            text, current, stopped = makers[kind]()
            norm = _norm(text)
            key = (kind, norm, current.first)
            # a text that already carries another label would make the corpus contradict itself
            if key in seen or kind_of_text.get(norm, kind) != kind:
                continue
            seen.add(key)
            kind_of_text[norm] = kind
            out.append(
                {
                    "kind": kind,
                    "text": text,
                    "current_task": current.first,
                    "stopped_task": stopped.first if stopped else None,
                }
            )
            made += 1
        if made < wanted:
            raise RuntimeError(f"corpus f: only {made} distinct {kind} cases for seed {seed}")
    writer.rng.shuffle(out)
    return out


def _self_check() -> None:
    for seed in (0, 1, 7):
        cases = generate(seed)
        assert cases == generate(seed), "generate must be deterministic per seed"
        assert Counter(c["kind"] for c in cases) == dict(PLAN)
        keys = {(c["kind"], _norm(c["text"] or ""), c["current_task"]) for c in cases}
        assert len(keys) == len(cases), "cases must be distinct by (kind, text, current task)"
        kinds_by_text: dict[str, set[str]] = {}
        for c in cases:
            kinds_by_text.setdefault(_norm(c["text"] or ""), set()).add(c["kind"] or "")
        assert all(len(k) == 1 for k in kinds_by_text.values()), "a text under two kinds"
        assert all((c["stopped_task"] is None) == (c["kind"] != "resume") for c in cases)


if __name__ == "__main__":
    _self_check()
    cases = generate(0)
    print(len(cases), dict(Counter(c["kind"] for c in cases)))
    print(
        "templates:",
        {
            "switch": len(SWITCH_T),
            "stop": len(STOP_T) + len(FEEDBACK_STOPS),
            "resume": len(RESUME_T),
            "reply": len(REPLY_T),
        },
        "| tasks:",
        len(TASKS),
        "| domains:",
        len({t.domain for t in TASKS}),
    )
    sampler = random.Random(1)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in cases if c["kind"] == kind], 4):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")
