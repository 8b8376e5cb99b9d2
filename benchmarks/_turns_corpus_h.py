# ruff: noqa: E501
"""Held-out corpus ``h`` of a person's turns mid-task: switch, stop, resume or reply. Written blind.

Provenance. This file was written by an independent author who did NOT open packlight's turn
classifier or anything trained or tuned against it. Opened while writing: the directory listing of
``benchmarks/``, and of ``benchmarks/_turns_corpus_d.py`` only lines 1-45 (docstring, ``KINDS``,
``PLAN``), its ``generate`` function and its ``__main__`` self-check, to copy the interface (none of
its wording was reused). NOT opened, nor grepped: anything under ``src/``, ``tests/``,
``benchmarks/results/``, any other ``benchmarks/_turns_corpus_*.py``, ``bench_turns.py``,
``bench_switch_e2e.py``, ``train_turn_model.py``, ``turns_model_loco.py``. Neither the classifier
nor any benchmark was run on this corpus while it was written; do not tune this file against
the classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated and shuffled with ``random.Random(seed)``. Each case is a dict:

- ``kind``: ``"switch"`` (the task in force is dropped, parked or superseded and a different task
  is named in the same message), ``"stop"`` (stopped, cancelled or paused, nothing new asked),
  ``"resume"`` (back to a task stopped earlier) or ``"reply"`` (anything else said mid-task);
- ``text``: the person's message;
- ``current_task``: the task in force before the message, as the person first asked it;
- ``stopped_task``: for ``"resume"``, the earlier stopped task now taken up again, as first
  asked; otherwise ``None``. For a resume, ``current_task`` is the task done in between.

No normalised text (lowercase, punctuation and spacing collapsed) appears twice in one corpus,
so no text is ever under two kinds.

Authorship choices for corpus ``h``:

- 31 tasks in 16 domains: compiler and language tooling, chip verification, hotel revenue
  management, school timetabling, insurance claims, climate data analysis, game level design,
  accessibility audits, newsroom fact-checking, open-source maintainership, bioinformatics
  pipelines, payroll, museum catalogue digitisation, drone flight planning, wedding planning and
  personal fitness. Each task has later names (nicknames, its file, its ticket, the customer it
  is for), descriptions, facts, same-task instructions, and look-alike remarks that use
  stop/cancel/pause/switch/drop/hold words as the subject matter of that same task.
- Voices: plain; a product owner in Jira-ticket style; a stressed founder at 2am; a teacher
  writing long courteous paragraphs; German, French and Indian English idioms; a
  pair-programming partner thinking aloud; a phone reply with autocorrect slips; and someone
  quoting the agent's last message and answering under it.
- Switches: ~50 drop idioms (kill, mothball, pulling you off, dead in the water, freeze, park,
  that ship has sailed, someone else owns it now, circle back to it never, ...) crossed with
  ~20 ways to name the new task, in both orders (new task first, drop last and the reverse),
  with and without reasons, implicit supersession ("X just jumped the queue"), questions that
  are instructions, hand-overs to a colleague. Most switches avoid "stop", "instead", "switch".
- Stops: the same idioms plus pause and hold forms, with reasons that are never a task.
- Resumes: by name, description, ticket number, or time ("the thing from this morning"),
  often mentioning the in-between task as done.
- Replies: answers, corrections, same-task instructions, feedback, thanks, status questions,
  and (well over a third) hard look-alikes: task-specific stop/cancel/pause remarks, generic
  ones ("no, don't stop, I only asked a question"), mentions of a future task that is NOT
  started ("after this we'll need X, but finish this first") and status questions about
  parked work that explicitly leave it parked.
- Light register noise on about a quarter of cases: lowercase, typos, missing punctuation,
  dropped apostrophes, emoji, sign-offs.

``python benchmarks/_turns_corpus_h.py`` prints the self-check and asserts the invariants.
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
    """One task: how it was first asked, how it is later referred to, and what is said about it."""

    domain: str
    first: str
    ask: str  # imperative, lower-case, fits after "please" / "can you"
    thing: str  # noun phrase for the deliverable
    names: tuple[str, ...]
    descs: tuple[str, ...]
    ticket: str | None
    progress: str  # the agent's last status line, for quoting
    facts: tuple[str, ...]
    steps: tuple[str, ...]
    looks: tuple[str, ...]
    personal: bool = False


TASKS: tuple[Task, ...] = (
    Task(
        "compilers",
        "Could you make the Quill lexer handle nested block comments properly?",
        "fix nested block comments in the Quill lexer",
        "the nested-comment fix for the Quill lexer",
        (
            "the lexer fix",
            "the nested-comment bug",
            "QL-214",
            "lexer.rs",
            "the Quill comments thing",
        ),
        (
            "the comment-nesting problem in the lexer",
            "the bug where a comment inside a comment broke the lexer",
        ),
        "QL-214",
        "I've rewritten the comment state machine; 31 of 34 lexer tests pass now.",
        (
            "nesting never goes deeper than three levels in the real programs we've seen",
            "an opener inside a string literal must not start a comment",
            "we're pinned to Rust 1.74, so keep to stable features",
            "the test programs live under tests/lex/, the .ql files",
        ),
        (
            "add a regression test with a closer inside a string inside a comment",
            "keep the error wording consistent with the parser's",
            "run the fuzz corpus once it compiles",
        ),
        (
            "an unterminated comment should stop the lexer with a clear error rather than swallowing the rest of the file",
            "the lexer should only switch back to normal mode when the depth counter reaches zero",
            "drop the old skip_comment helper once the new state machine passes",
            "cancel the half-built token when a comment opens in the middle of an identifier, that's the reported bug",
            "don't pause on every asterisk, only look ahead when the next character could be a slash",
        ),
    ),
    Task(
        "compilers",
        "Please add go-to-definition for imported symbols in the Quill language server.",
        "add go-to-definition for imported symbols to the Quill language server",
        "go-to-definition for imports",
        (
            "the go-to-definition work",
            "go-to-def",
            "QL-230",
            "definition.rs",
            "the feature Marta's editor team asked for",
        ),
        (
            "the language-server feature for jumping to imported symbols",
            "the jump-to-definition thing for imports",
        ),
        "QL-230",
        "Go-to-definition now resolves local imports; re-exports still jump to the wrong file.",
        (
            "re-exports through mod.ql files count, users hit those constantly",
            "Marta's team only uses VS Code, so test with that client",
            "the symbol index is rebuilt on save, you can rely on it being fresh",
        ),
        (
            "add a test for a symbol imported under an alias",
            "return every location when a name is defined twice",
            "log resolution misses at debug level",
        ),
        (
            "if the index is still building, the request should be cancelled gracefully, not hang",
            "when the user switches files mid-request, drop the stale response",
            "don't stop at the first re-export, follow the chain to the real definition",
            "hold the response until the index lock is released rather than reading half-written data",
        ),
    ),
    Task(
        "chip verification",
        "Can you write a UVM scoreboard for the AXI DMA block?",
        "write the UVM scoreboard for the AXI DMA block",
        "the DMA scoreboard",
        (
            "the scoreboard",
            "the DMA scoreboard",
            "VER-1031",
            "dma_scoreboard.sv",
            "the AXI DMA checker",
        ),
        ("the checker for the DMA block", "the scoreboard we were writing for the AXI DMA"),
        "VER-1031",
        "The scoreboard compares single-beat transfers correctly; bursts and out-of-order IDs are next.",
        (
            "bursts are at most 16 beats on this block",
            "the DUT reorders responses by AXI ID, so keep one expected queue per ID",
            "the reference model is ref/dma_model.py, call it over DPI",
            "we're on UVM 1.2, not the IEEE 1800.2 library",
        ),
        (
            "print a mismatch summary at the end of the test",
            "add a coverage hook for each burst type",
            "make the compare function virtual so the block team can extend it",
        ),
        (
            "on an abort, the scoreboard has to cancel every outstanding expected transaction for that channel",
            "model the pause bit in the control register, the DUT can pause a channel mid-burst",
            "stop-on-first-error should be a plusarg, off by default",
            "drop the byte-enable check on the last beat, that's a documented spec exception",
            "when a channel switches priority the ordering rules change, account for that",
        ),
    ),
    Task(
        "chip verification",
        "Please get functional coverage closure on the L2 cache controller, we're stuck at 87%.",
        "push functional coverage on the L2 cache controller past 95%",
        "coverage closure on the L2 controller",
        ("coverage closure", "the L2 coverage", "VER-1047", "cache_cov.sv", "the cache controller"),
        ("the coverage holes on the cache controller", "the push to 95% on the L2"),
        "VER-1047",
        "Coverage is at 91.4%; the remaining holes are mostly in the eviction crosses.",
        (
            "the flush-during-refill cross is unreachable in this configuration, the RTL guards it",
            "95% is the sign-off number, not 100",
            "regressions run overnight on the farm, about 400 seeds",
        ),
        (
            "write the waiver file for the unreachable bins with a one-line reason each",
            "add a directed sequence for back-to-back write misses",
            "send me the hole report sorted by covergroup",
        ),
        (
            "the eviction-while-stalled bin is still empty, that's when the pipeline holds for a refill",
            "we need a sequence that switches ways in the middle of a refill",
            "exclude the cancel-on-snoop cross, that path is disabled in silicon",
            "drop the random seeds that only ever hit the idle state, they waste farm time",
        ),
    ),
    Task(
        "hotel revenue",
        "Could you rebuild the overbooking model for our Lisbon hotel?",
        "rebuild the overbooking model for the Lisbon hotel",
        "the Lisbon overbooking model",
        (
            "the overbooking model",
            "the Lisbon model",
            "RM-58",
            "overbooking_lisbon.xlsx",
            "the Alfama property",
        ),
        ("the no-show model for Lisbon", "the one about how many rooms to oversell in Lisbon"),
        "RM-58",
        "The new no-show forecast is in; it suggests overbooking by 7 rooms on weekdays.",
        (
            "weekend no-shows run about 6%, weekdays nearer 9%",
            "a walked guest costs us roughly €220 with the taxi and the partner hotel",
            "group blocks have their own attrition clause, leave them out",
            "the property has 142 sellable rooms",
        ),
        (
            "show the expected walk cost next to each overbooking level",
            "add a sensitivity table for two points either side of the no-show rate",
            "keep the formulas visible, the GM wants to audit them",
        ),
        (
            "model cancellations separately for non-refundable and flexible rates",
            "the model should stop overbooking once we're inside 48 hours of arrival",
            "drop 2020 and 2021 from the history, the pandemic cancellations wreck the averages",
            "hold the conference block out of the forecast until it's released 21 days out",
            "late cancellations should count as no-shows here, that's how the PMS reports them",
        ),
    ),
    Task(
        "hotel revenue",
        "Please set up the rate fences for our summer pricing in Nice.",
        "set up the summer rate fences for the Nice hotel",
        "the Nice summer rate fences",
        (
            "the summer pricing",
            "the Nice rates",
            "RM-61",
            "fences_summer.csv",
            "the Promenade hotel",
        ),
        ("the summer pricing rules for Nice", "the fences for the Nice season"),
        "RM-61",
        "I've drafted four fences: advance purchase, length of stay, flexible and member rate.",
        (
            "the season runs 15 June to 15 September",
            "members get 8% off the flexible rate, never off advance purchase",
            "the channel manager only accepts whole-euro prices",
        ),
        (
            "put the jazz festival dates in as a separate period",
            "add the child policy to each fence",
            "export it in the channel manager's CSV layout",
        ),
        (
            "the advance-purchase rate must not allow cancellation at all",
            "switch the minimum stay to three nights for the jazz festival week",
            "hold ten rooms back from the OTAs for the last-minute fence",
            "drop the free-cancellation flag on the early-bird fence",
        ),
    ),
    Task(
        "timetabling",
        "Can you build next year's Year 9 timetable for Ashgrove School?",
        "build next year's Year 9 timetable for Ashgrove",
        "the Year 9 timetable",
        ("the timetable", "the Year 9 grid", "the Ashgrove timetable", "timetable_y9.xml", "TT-12"),
        ("the Year 9 scheduling", "the timetable for next year's Year 9 classes"),
        "TT-12",
        "All core subjects are placed for the six Year 9 forms; the option blocks still clash.",
        (
            "Mr Okafor can't teach period 1 on Mondays",
            "the science labs are only free on Thursday afternoons",
            "art is a double period, everything else is single",
            "there are six forms, 9A to 9F",
        ),
        (
            "colour-code the option blocks",
            "print a per-teacher view as well",
            "flag any teacher with more than five periods in a day",
        ),
        (
            "double lessons mustn't run across the break after period 3",
            "swap French and PE on Wednesdays so the coach can stop by",
            "drop the Friday study hall, the head cancelled it for next year",
            "period 6 has to end at 15:10, the buses leave at 15:20",
            "if a room is on hold for exams in June, don't timetable it in those weeks",
        ),
    ),
    Task(
        "timetabling",
        "Please sort out the exam invigilation rota for the summer term.",
        "draw up the summer exam invigilation rota",
        "the invigilation rota",
        (
            "the invigilation rota",
            "the exam rota",
            "invig_rota.xlsx",
            "the summer exams thing",
            "TT-15",
        ),
        ("the exam supervision schedule", "the rota of who watches which exam"),
        "TT-15",
        "The first two weeks of the rota are filled; week three has four sessions uncovered.",
        (
            "each exam hall needs one invigilator per 30 candidates",
            "the Maths papers are on 12 and 19 June",
            "support staff can invigilate too, and teachers shouldn't do more than four sessions a week",
        ),
        (
            "send each member of staff their own list",
            "mark the access-arrangements rooms separately",
            "leave a reserve person for each morning session",
        ),
        (
            "nobody should invigilate more than two sessions in a row without a break",
            "if an exam is cancelled, the rota should free those staff automatically",
            "part-time staff stop at 1pm, don't put them on afternoon papers",
            "switch Ms Duval to the small room, she asked for that",
        ),
    ),
    Task(
        "insurance claims",
        "Can you triage the backlog of water-damage claims from the March storm?",
        "triage the March storm water-damage claims",
        "the storm claims triage",
        (
            "the storm claims",
            "the water-damage backlog",
            "CLM-3390",
            "the March batch",
            "the Northgate claims",
        ),
        ("the claims from the storm in March", "the pile of flooding claims"),
        "CLM-3390",
        "212 of the 640 claims are triaged; 38 went to assessor review.",
        (
            "the storm date for policy purposes is 14 March",
            "claims under £1,500 can be settled without an assessor",
            "Northgate is the broker for about half of them",
        ),
        (
            "record the reason for every assessor referral",
            "export the results in the claims system's import format",
            "give me a count by postcode district",
        ),
        (
            "flag any claim where the policy was cancelled before 14 March",
            "suspended policies go straight to the manual review pile",
            "hold claims with no photos until the customer uploads them",
            "drop anything under £500 into the fast-track queue rather than assessor review",
            "if the customer has already withdrawn a claim, close it as withdrawn, not declined",
        ),
    ),
    Task(
        "insurance claims",
        "Please draft the fraud-indicator checklist for motor claims.",
        "draft the motor-claims fraud checklist",
        "the motor fraud checklist",
        ("the fraud checklist", "the motor fraud list", "CLM-3412", "fraud_indicators.docx"),
        ("the checklist of red flags for car claims", "the motor-claims red-flag list"),
        "CLM-3412",
        "The checklist has 22 indicators so far, grouped into policy, incident and claimant.",
        (
            "handlers will use it on a tablet, so keep each item to one line",
            "the SIU wants a score, not just ticks",
            "it replaces the 2019 checklist, which had 40 items",
        ),
        (
            "add a weight to each indicator",
            "put the three strongest signals at the top",
            "include one example per indicator",
        ),
        (
            "cover bought or switched to a new address within 30 days should be an indicator",
            "a claim filed right after cover was paused and restarted belongs on there",
            "staged stop-and-go collisions deserve their own line",
            "drop the item about late-night claims, it's unfair and useless",
        ),
    ),
    Task(
        "climate data",
        "Could you compute the 1991-2020 temperature anomalies for the Alpine stations?",
        "compute the 1991-2020 temperature anomalies for the Alpine stations",
        "the Alpine anomalies",
        (
            "the anomaly run",
            "the Alpine stations",
            "CLIM-22",
            "anomalies.ipynb",
            "the MeteoSwiss set",
        ),
        (
            "the temperature anomaly calculation for the mountain stations",
            "the Alpine baseline work",
        ),
        "CLIM-22",
        "Anomalies are done for 41 of 58 stations; the rest have gaps I need a decision on.",
        (
            "use monthly means, not daily",
            "the baseline is 1991-2020, per the WMO recommendation",
            "Säntis and Jungfraujoch are the ones the paper cares about most",
        ),
        (
            "plot the anomalies per station on a shared y-axis",
            "save the output as NetCDF with CF metadata",
            "add a table of station elevations",
        ),
        (
            "drop stations with more than 10% missing days in the baseline",
            "the Säntis series stops in 2003 and restarts in 2005, handle that gap explicitly",
            "switch to the homogenised series for the two stations that moved",
            "don't pause on the NaN warnings, they're expected for the gap years",
        ),
    ),
    Task(
        "climate data",
        "Please regrid the CMIP6 precipitation output to a one-degree grid.",
        "regrid the CMIP6 precipitation output to one degree",
        "the CMIP6 regridding",
        ("the regridding", "the CMIP6 job", "regrid_pr.py", "CLIM-25", "the precip files"),
        ("the precipitation regridding", "the job putting the CMIP6 rain fields on a common grid"),
        "CLIM-25",
        "Twelve of the 19 models are regridded; the ocean-masked ones are next.",
        (
            "the target grid is in grids/target_1deg.nc",
            "we only need the SSP2-4.5 and SSP5-8.5 runs",
            "units should be mm/day in the output",
        ),
        (
            "check the global totals before and after for each model",
            "write one file per model",
            "add the remapping method to the file attributes",
        ),
        (
            "use conservative remapping rather than bilinear, precipitation has to keep its totals",
            "the job should stop cleanly if a model file is missing rather than crash halfway",
            "skip the models whose calendars drop the leap day, or convert them first",
            "hold the output in scratch until the checks pass",
        ),
    ),
    Task(
        "level design",
        "Can you design the ice cavern level for Emberfall?",
        "design the ice cavern level for Emberfall",
        "the ice cavern level",
        ("the ice cavern", "level 4", "ice_cavern.tmx", "LD-9", "the Emberfall cave"),
        ("the frozen cave level", "the level with the frozen waterfall"),
        "LD-9",
        "The upper cave is blocked out; the lower cave and the boss room are only sketched.",
        (
            "the player has the double jump by this point, but not the grapple",
            "a first run should take about 12 minutes",
            "the art team can only do two new tile sets",
        ),
        (
            "mark the secret room on the design doc",
            "add a difficulty note for each section",
            "keep the critical path readable from the entrance",
        ),
        (
            "the player should only be able to stop on the ice on the rough patches",
            "add a checkpoint before the drop into the lower cave",
            "the map in the pause menu shouldn't reveal the secret room",
            "the frozen waterfall should be a switch puzzle, three levers in any order",
            "cancel the sliding momentum when the player lands on snow",
        ),
    ),
    Task(
        "level design",
        "Please rebalance the enemy spawn waves in the desert arena.",
        "rebalance the spawn waves in the desert arena",
        "the desert wave rebalance",
        ("the spawn waves", "the desert arena", "waves.json", "LD-14", "the wave balance"),
        ("the arena difficulty tuning", "the wave tuning for the desert map"),
        "LD-14",
        "Waves 1-6 are retuned; 7-10 still spike too hard according to the sim.",
        (
            "playtesters died most on wave 7",
            "the target is a 60% first-try clear rate",
            "archers do double damage from high ground",
        ),
        (
            "keep the total wave count at ten",
            "write the reasoning for each change in the comment field",
            "rerun the sim with 500 runs when you're done",
        ),
        (
            "give players a ten-second pause between waves 5 and 6",
            "cancel the boss spawn if the player is under 20% health, that was the design note",
            "switch the archers to the second wave",
            "drop the sandworm from wave 3, it's too early for it",
        ),
    ),
    Task(
        "accessibility",
        "Could you do a WCAG 2.2 audit of the patient booking portal?",
        "audit the patient booking portal against WCAG 2.2",
        "the booking portal audit",
        (
            "the accessibility audit",
            "the booking portal",
            "A11Y-40",
            "the hospital trust audit",
            "audit_report.md",
        ),
        ("the WCAG review of the booking site", "the accessibility check on the patient portal"),
        "A11Y-40",
        "I've audited the login and search pages; the booking flow and the date picker are next.",
        (
            "AA is the target, AAA findings can go in an appendix",
            "patients mostly use it on phones",
            "the trust tests with NVDA and VoiceOver",
        ),
        (
            "give each issue a severity and its success criterion",
            "include screenshots for every failure",
            "put a short summary at the top for the board",
        ),
        (
            "the carousel needs a pause control, note that under 2.2.2",
            "check whether the session timeout warns people before it cancels their booking",
            "the skip link should jump past the nav, right now it lands on the logo",
            "focus gets held inside the date picker, that's a keyboard trap",
        ),
    ),
    Task(
        "accessibility",
        "Please check the screen-reader labels in our mobile app.",
        "check the mobile app's screen-reader labels",
        "the screen-reader label check",
        ("the screen-reader pass", "the VoiceOver labels", "A11Y-44", "the app labels"),
        ("the label check for the app", "the VoiceOver and TalkBack review"),
        "A11Y-44",
        "I've gone through the home and search screens; the player and settings are left.",
        (
            "the app is React Native, labels come from accessibilityLabel",
            "we support iOS 16 and Android 12 upwards",
            "the design system names are in tokens.json",
        ),
        (
            "list each unlabelled control with its screen",
            "suggest the exact label text",
            "note where the reading order is wrong",
        ),
        (
            "the stop-recording button is only announced as 'button', flag that",
            "the cancel icon on the share sheet has no label at all",
            "the play toggle should announce 'paused' or 'playing'",
            "when the tab switches, focus should move to the new heading",
        ),
    ),
    Task(
        "fact-checking",
        "Can you fact-check the housing-costs feature before it runs on Sunday?",
        "fact-check the housing-costs feature",
        "the housing fact-check",
        ("the housing piece", "the Sunday feature", "FC-118", "housing_draft.docx", "Dana's story"),
        ("the rents article", "the fact-check on the long read about housing costs"),
        "FC-118",
        "I've checked 19 of the 27 claims; three are wrong and two I can't source yet.",
        (
            "the ONS rental index is the source Dana used",
            "'last year' in the piece means 2023",
            "the council press office answers until 5pm",
        ),
        (
            "mark each claim green, amber or red",
            "give me the source link next to each",
            "draft corrected wording for the red ones",
        ),
        (
            "the line saying rents 'stopped rising in 2019' is the one I doubt most",
            "check the minister's quote that the scheme was 'paused, not cancelled'",
            "drop the vacancy-rate stat if you can't source it",
            "the caption says the tower was 'put on hold', verify that with the council",
        ),
    ),
    Task(
        "fact-checking",
        "Please verify the quotes in the election-night live blog.",
        "verify the quotes in the election-night live blog",
        "the live-blog quote check",
        ("the live blog", "the election blog", "FC-121", "the 9pm updates"),
        ("the quote check on election night", "the live-blog verification"),
        "FC-121",
        "Quotes up to the 11pm update are verified; two need the original video.",
        (
            "the broadcaster's clips are on the shared drive under /election",
            "our style is to quote exactly, ums included",
            "the blog is updated every 15 minutes",
        ),
        (
            "note the timestamp of each clip you used",
            "flag paraphrases that are presented as quotes",
        ),
        (
            "the candidate said she'd 'step aside if asked', find the clip",
            "check the timestamp on 'counting halted in Ward 4'",
            "the line about the recount being 'called off' needs a source",
            "he said 'we'll pause the campaign', not 'we'll stop', get the exact words",
        ),
    ),
    Task(
        "open source",
        "Can you triage the open issues on the tomlkit-lite repo?",
        "triage the open issues on tomlkit-lite",
        "the tomlkit-lite issue triage",
        ("the triage", "the issue backlog", "the tomlkit-lite issues", "the 140 open issues"),
        ("the issue sorting on tomlkit-lite", "going through the old issues on the repo"),
        None,
        "I've labelled 60 of the 140 issues; 12 look like duplicates.",
        (
            "anything about the 1.x branch can be closed, it's end-of-life",
            "there is a needs-repro label, use it",
            "Kenji handles the Windows issues",
        ),
        (
            "link each duplicate to the original",
            "leave a short comment when you close something",
            "make a list of the five most upvoted bugs",
        ),
        (
            "close the issues asking us to drop Python 3.8, we already did",
            "label the 'cancel parse on timeout' requests as feature, not bug",
            "issues about pausing the file watcher go under 'cli'",
            "mark as stale anything with no reply since we switched to Discussions",
        ),
    ),
    Task(
        "open source",
        "Please prepare the 2.4.0 release of tomlkit-lite.",
        "prepare the 2.4.0 release of tomlkit-lite",
        "the 2.4.0 release",
        ("the release", "2.4.0", "the changelog", "RELEASE.md", "milestone 2.4"),
        ("the next tomlkit-lite release", "the release prep for 2.4"),
        None,
        "The changelog is drafted and the version is bumped; the wheels aren't built yet.",
        (
            "we publish with trusted publishing from the release workflow",
            "the 2.4 milestone has two PRs left, both docs",
            "Kenji signs the tags",
        ),
        (
            "add a migration note for the renamed option",
            "build the wheels for 3.9 to 3.13",
            "draft the GitHub release text",
        ),
        (
            "the changelog must say we dropped the legacy parser",
            "mention that --watch now stops cleanly on SIGTERM",
            "the deprecation warning for load_unsafe should say it's removed in 3.0, not cancelled",
            "the notes should tell people to switch from dumps_pretty to dumps(indent=2)",
        ),
    ),
    Task(
        "bioinformatics",
        "Could you get the RNA-seq alignment pipeline running on the new cohort?",
        "run the RNA-seq alignment pipeline on the new cohort",
        "the cohort B alignment run",
        ("the alignment pipeline", "the RNA-seq run", "cohort B", "BIO-301", "the Snakefile"),
        ("the alignment of the new cohort's reads", "the RNA-seq processing for the new samples"),
        "BIO-301",
        "Trimming is done for all 96 samples; STAR alignment is at 40 of 96.",
        (
            "the reference is GRCh38 with GENCODE v44",
            "the cluster queue is 'long', 48 hours max per job",
            "samples are paired-end, 150 bp",
        ),
        (
            "collect a MultiQC report at the end",
            "keep the BAMs sorted and indexed",
            "write the sample sheet back with the alignment rates",
        ),
        (
            "the pipeline should stop at QC if more than 5% of reads fail the adapter check",
            "drop the samples with RIN under 6",
            "switch STAR to two-pass mode for this run",
            "pause after trimming so I can eyeball the FastQC plots",
        ),
    ),
    Task(
        "bioinformatics",
        "Please annotate the variant calls from the tumour panel.",
        "annotate the tumour-panel variant calls",
        "the tumour-panel annotation",
        ("the annotation", "the tumour panel", "variants.vcf", "BIO-305", "the VEP run"),
        ("the variant annotation for the cancer panel", "the VCF annotation job"),
        "BIO-305",
        "VEP has annotated all calls; the ClinVar and COSMIC lookups are half done.",
        (
            "the panel covers 52 genes",
            "use the canonical transcripts only",
            "the clinicians want a one-page summary per patient",
        ),
        (
            "add gnomAD allele frequencies",
            "sort the summary by clinical significance",
            "keep the raw VEP output too",
        ),
        (
            "flag stop-gain variants in their own section",
            "drop synonymous calls from the summary table",
            "note frameshifts where a second indel cancels the shift within the exon",
            "hold back anything with depth under 50 from the report",
        ),
    ),
    Task(
        "payroll",
        "Can you prepare the March payroll export for the Dublin office?",
        "prepare the March payroll export for the Dublin office",
        "the Dublin payroll export",
        (
            "the payroll export",
            "the Dublin payroll",
            "PAY-72",
            "march_payroll.csv",
            "the payroll run",
        ),
        ("the March pay file for Dublin", "the Irish payroll"),
        "PAY-72",
        "The export has all 64 employees; the pension deductions don't match the provider's figures yet.",
        (
            "pay day is the 28th and the bank needs the file two days before",
            "USC rates changed in January",
            "three people joined mid-month",
        ),
        (
            "reconcile the totals against February",
            "list every change from last month on a separate sheet",
            "keep the column order the bank expects",
        ),
        (
            "two people are on unpaid leave, pause their salary but not their pension contributions",
            "stop Niamh's car allowance from the 15th",
            "cancel the duplicate bonus line for Seán",
            "switch the contractors to the new cost centre",
        ),
    ),
    Task(
        "payroll",
        "Please reconcile the holiday-pay accruals for last quarter.",
        "reconcile last quarter's holiday-pay accruals",
        "the holiday-pay reconciliation",
        ("the accruals", "the holiday-pay rec", "PAY-75", "accruals_q1.xlsx"),
        ("the holiday accrual check", "the leave-balance reconciliation"),
        "PAY-75",
        "Accruals match for 180 of 203 employees; the rest are mostly part-timers.",
        (
            "part-timers accrue pro rata on contracted hours",
            "finance needs it for the quarter-end close on Friday",
            "carry-over is capped at five days",
        ),
        (
            "list the mismatches with the amount and the reason",
            "show the journal entry needed to correct them",
        ),
        (
            "leavers' accrual stops on their last working day, not their notice date",
            "drop the carry-over for anyone whose contract is frozen",
            "people on parental leave keep accruing, don't pause them",
            "cancel the manual adjustment from January, it was double-counted",
        ),
    ),
    Task(
        "museum",
        "Could you map the ceramics catalogue cards into our collections database?",
        "map the ceramics catalogue cards into the collections database",
        "the ceramics card mapping",
        (
            "the ceramics cards",
            "the catalogue mapping",
            "MUS-17",
            "the card index",
            "the Delftware collection",
        ),
        ("the digitising of the ceramics cards", "the card-to-database mapping for ceramics"),
        "MUS-17",
        "I've mapped 14 of the 20 card fields; provenance and marks are still open.",
        (
            "dates on the cards are often ranges like 'c. 1680-1700'",
            "the database uses the Getty AAT for materials",
            "there are about 3,000 cards, typed before 1975",
        ),
        (
            "keep the original card text in a notes field",
            "flag cards that mention a loan",
            "give me ten sample records to check",
        ),
        (
            "cards marked 'deaccessioned' should be dropped from the import",
            "where a card says 'on loan, hold', keep the loan status",
            "switch the dimensions from inches to centimetres",
            "if a card was cancelled and retyped, import only the newer one",
        ),
    ),
    Task(
        "museum",
        "Please draft the object labels for the new textiles gallery.",
        "draft the object labels for the textiles gallery",
        "the textiles gallery labels",
        ("the textile labels", "the gallery labels", "MUS-21", "labels_textiles.docx"),
        ("the wall texts for the textiles room", "the label copy for the new gallery"),
        "MUS-21",
        "Labels for the first 18 objects are drafted, each around 60 words.",
        (
            "labels should be 60 words at most",
            "the audience is families, reading age about 12",
            "the gallery opens on 3 May",
        ),
        (
            "start each label with a question",
            "include the maker where we know it",
            "give a large-print version",
        ),
        (
            "the sampler label should mention that the girl stopped stitching at the letter M",
            "the tapestry was taken down and put on hold for conservation in 1990, include that",
            "drop the word 'primitive' from the quilt label",
        ),
    ),
    Task(
        "drone planning",
        "Can you plan the survey flight over the Kesteren dyke?",
        "plan the drone survey flight over the Kesteren dyke",
        "the dyke survey flight plan",
        ("the survey flight", "the dyke mission", "DR-33", "kesteren.plan", "the water board job"),
        ("the drone mission along the dyke", "the flight plan for the water board"),
        "DR-33",
        "The plan has 84 waypoints at 60 m with 75% overlap; battery swaps aren't placed yet.",
        (
            "the drone is a Matrice 350 with the P1 camera",
            "there's a no-fly zone around the pumping station",
            "we get about 35 minutes per battery",
        ),
        (
            "place the battery swaps near the access roads",
            "export the plan for DJI Pilot 2",
            "add the ground control points",
        ),
        (
            "the drone must hold position if it loses GPS rather than return home over the river",
            "add a pause waypoint at the sluice for close-up photos",
            "the mission should cancel itself if the wind goes over 10 m/s",
            "switch to manual control only inside the 50 m buffer around the pumping station",
        ),
    ),
    Task(
        "wedding",
        "Could you put together the seating plan for Anna and Tom's wedding?",
        "do the seating plan for Anna and Tom's wedding",
        "the wedding seating plan",
        ("the seating plan", "Anna and Tom's seating", "seating.xlsx", "the wedding tables"),
        ("the table plan for the wedding", "who sits where at Anna and Tom's"),
        None,
        "Tables 1-8 are filled; the Hendersons and the college friends still need places.",
        (
            "there are 12 round tables of ten",
            "Tom's parents are divorced and shouldn't share a table",
            "four guests are vegan and the caterer needs their table numbers",
        ),
        (
            "put the table number next to each guest",
            "make a printable version for the easel",
        ),
        (
            "Uncle Rob cancelled, so drop his plus-one as well",
            "the speeches pause dinner at eight, keep the top table near the mic",
            "switch the Hendersons to table 6, away from the band",
            "hold a seat at table 2 in case Gran's carer comes",
        ),
        personal=True,
    ),
    Task(
        "wedding",
        "Please draft the wedding-day timeline for the venue coordinator.",
        "draft the wedding-day timeline for the venue coordinator",
        "the wedding-day timeline",
        ("the timeline", "the run sheet", "the day-of schedule", "the coordinator's schedule"),
        ("the schedule for the day itself", "the minute-by-minute plan for the wedding"),
        None,
        "The timeline runs from the hair appointments at 8am to the first dance at 21:00.",
        (
            "the ceremony is at 2pm",
            "the photographer leaves at 9pm",
            "sunset is around 20:40 that day",
        ),
        (
            "add a contact number for each supplier",
            "put a 15-minute buffer after the ceremony",
        ),
        (
            "the band has to stop at midnight, the venue is strict about that",
            "put a hold on the fireworks slot until the council confirms",
            "if it rains, switch the drinks reception to the orangery",
            "the cake cutting got cancelled, Anna wants dessert served at the tables",
        ),
        personal=True,
    ),
    Task(
        "fitness",
        "Can you write me a 12-week half-marathon training plan?",
        "write me a 12-week half-marathon training plan",
        "the half-marathon plan",
        ("the running plan", "the half-marathon plan", "my training plan", "the 12-week thing"),
        ("the plan for my race in October", "my running schedule"),
        None,
        "Weeks 1-6 are written; the long run builds from 8 to 14 km.",
        (
            "I can run four days a week, never Fridays",
            "my current 10k time is 58 minutes",
            "the race is on 12 October",
        ),
        (
            "include paces for each session",
            "add one strides session a week",
        ),
        (
            "I want to stop running on consecutive days, my knee hates it",
            "put a deload week in week 8 where I drop the mileage",
            "switch the Thursday tempo run to the treadmill for weeks 1-4",
            "cancel the hill sessions, there are no hills where I live",
        ),
        personal=True,
    ),
    Task(
        "fitness",
        "Please design a strength routine I can do at home with two kettlebells.",
        "design me a home strength routine with two kettlebells",
        "the kettlebell routine",
        ("the kettlebell routine", "the home workout", "my strength plan", "the KB programme"),
        ("the strength programme for home", "the workout with the two bells"),
        None,
        "Day A and Day B are drafted, each about 40 minutes.",
        (
            "the bells are 12 and 16 kg",
            "I have three mornings a week, about 45 minutes each",
            "my lower back gets sore with heavy swings",
        ),
        (
            "add a warm-up",
            "give me a progression for each move",
        ),
        (
            "I'd like a pause at the bottom of each goblet squat",
            "stop the sets short of failure, I train alone",
            "drop the snatches, I can't do them safely yet",
            "switch sides every set on the single-arm rows",
        ),
        personal=True,
    ),
)

VOICES = (
    "plain",
    "plain",
    "plain",
    "jira",
    "founder",
    "teacher",
    "german",
    "french",
    "indian",
    "pair",
    "phone",
    "quote",
)

WHO = ("Priya", "Jonas", "Camille", "Rahul", "Marta", "the client", "finance", "legal")
WHO_PERSONAL = ("my sister", "my partner", "my friend Jo", "my flatmate")
WHEN = (
    "by noon",
    "before the 10 o'clock call",
    "by end of day",
    "within the hour",
    "before Friday",
    "tonight",
    "by 3pm",
    "first thing tomorrow",
)

# "w:" marks a reason that only fits work tasks.
SWITCH_WHY = (
    "priorities changed this morning",
    "it just got escalated",
    "the deadline on it moved up",
    "I've just been told it's urgent",
    "it matters more this week",
    "I should have asked for it first",
    "we're out of time for both",
    "w:it's blocking half the team",
    "w:that's what the board wants to see first",
    "w:the client was very clear about it",
    "w:my manager just rang",
    "w:the customer escalated overnight",
)
STOP_WHY = (
    "I need to think about it",
    "I'm heading out for the day",
    "it's past midnight here",
    "I'm not sure it's still wanted",
    "I need to check a few things on my side",
    "I'm away until Monday",
    "the plan might change and I don't want wasted effort",
    "w:legal hasn't signed off",
    "w:the budget is frozen until next quarter",
    "w:we're waiting on {who}",
    "w:the requirements keep changing",
    "w:I want to talk to my manager first",
    "w:the scope isn't settled",
    "p:I need to talk it over with my partner first",
    "p:money's tight this month",
)

# Ways to drop the task in force; {a} is a reference to it. Shared by switch and stop.
DROPS = (
    "let's not go down that road with {a}",
    "kill {a}",
    "mothball {a}",
    "I'm pulling you off {a}",
    "{a} is dead in the water",
    "deprioritise {a}",
    "freeze {a} where it is",
    "park {a}",
    "that ship has sailed on {a}",
    "someone else owns {a} now",
    "{a}: circle back to it never",
    "{a} can wait",
    "put {a} on ice",
    "shelve {a}",
    "leave {a} as it is",
    "{a} is off the table",
    "forget about {a}",
    "drop {a}",
    "scrap {a}",
    "{a} goes on the back burner",
    "no more time on {a}",
    "{a} isn't happening this month",
    "we're done with {a} for the moment",
    "bin {a}",
    "{a} got cancelled upstream",
    "{a} is moot now",
    "don't bother finishing {a}",
    "step away from {a}",
    "pencils down on {a}",
    "{a} has lost its budget",
    "let {a} rest",
    "{a} is no longer a priority",
    "table {a} for now",
    "wind {a} down",
    "stop work on {a}",
    "cancel {a}",
    "pause {a}",
    "{a} is on hold",
    "down tools on {a}",
    "{a} is a dead end",
    "consider {a} closed",
    "{a} will keep",
    "leave {a} half-done, that's fine",
    "{a} has been overtaken by events",
    "nobody is waiting on {a} anymore",
    "we're pulling the plug on {a}",
    "{a} goes in the drawer",
    "let {a} go",
    "{a} is parked until further notice",
    "put {a} to bed",
)
# Extra forms that only pause or halt (used for stops only).
HALTS = (
    "that's enough on {a} for today",
    "put a pin in {a}",
    "hang fire on {a}",
    "hold off on {a} until I say so",
    "stand down on {a}",
    "call it a day on {a}",
    "let's leave {a} there",
    "don't touch {a} again until you hear from me",
    "halt {a}",
    "we'll pick {a} up another time",
    "knock {a} on the head",
    "let's sleep on {a}",
    "sit tight on {a}",
    "no further work on {a}, please",
    "take your hands off {a} for now",
    "stop right there with {a}",
)
# Ways to name the new task: {b} is its imperative, {bt} its deliverable.
NEWS = (
    "I need you to {b}",
    "please {b}",
    "{b}, that's the priority now",
    "what I actually need is for you to {b}",
    "your job now is to {b}",
    "next up: {b}",
    "I need {bt} {when}",
    "{bt} has to be ready {when}",
    "get me {bt} {when}",
    "go and {b}",
    "let's {b}",
    "I'd rather you {b}",
    "all hands on {bt}",
    "{bt} is the only thing that matters now",
    "time to {b}",
    "the new job is to {b}",
    "focus on {bt}",
    "put everything into {bt}",
    "what's needed now: {b}",
    "{b} as fast as you can",
    "{b} instead",
    "switch gears and {b}",
    "instead, {b}",
)
ASKQ = (
    "could you {b}",
    "can you {b}",
    "would you {b}",
    "any chance you could {b}",
    "could you {b} right away",
    "how soon can you {b}",
)

SWITCH_T: dict[str, tuple[str, ...]] = {
    "plain": (
        "{New}. {Drop}.",
        "{Drop}. {New}.",
        "{New}, {drop}.",
        "{Drop}; {new}.",
        "{Why}, so {drop}. {New}.",
        "{New}. {Drop}, {why}.",
        "Change of plan: {drop}. {New}.",
        "{Drop}. {New}. {Why}.",
        "{AskQ}? {Drop}.",
        "{Drop}. {AskQ}?",
        "Need {bt} {when}, {a} can wait.",
        "{BT} {when}, please. {Drop}.",
        "{BT} has to go out {when}. Everything else waits, {a} included.",
        "Whatever you're in the middle of, leave it. {New}.",
        "New top priority, ahead of {a}: {b}.",
        "{BT} just jumped the queue. {Drop}.",
        "Nothing else matters until {bt} is done. {New}.",
        "Why are we still on {a} when {bt} isn't even started? {New}.",
        "Any chance you could drop {a} and {b} right away?",
        "Is there any reason not to leave {a} and {b} straight away? If not, go.",
        "Right, {drop}. Bigger fish to fry: {b}.",
        "Let's not throw good time after bad. {Drop}. {New}.",
        "Plot twist: {why}. {Drop}, and {new}.",
        "{Drop}, and I mean today. {New}.",
        "Honestly? {Drop}. {New}, that's where the value is.",
        "Scratch that. {New}.",
        "Forget what I asked earlier. {New}.",
        "{Who} has taken {a} over. {New}.",
        "{A} belongs to {who} now. You: {b}.",
        "Hand {a} over to {who} and {b}.",
        "{Why}. {New}. {Drop}.",
        "New plan. Step one: {drop}. Step two: {b}.",
        "Stop there. {New}.",
        "Switch to {bt}, please; {drop}.",
    ),
    "jira": (
        "**Priority change**\n{TK}: moved to Backlog.\n{BTK}: {b}. Start now, AC in the ticket.",
        "Re-prioritisation after standup:\n- {tk}: deprioritised, leave as is\n- {btk}: in progress from now ({b})",
        "Sprint change: {tk} is pulled out of the sprint. Replacement item: {btk}, {b}.",
        "As a stakeholder I need {bt} {when}. {TK} goes to Won't Do for this sprint.",
        "Blocker raised. {BTK} ({bt}) takes precedence. {TK} is frozen until further notice.",
        "Update: {tk} is blocked by the vendor indefinitely. Please pick up {btk}: {b}.",
        "Descoping {tk} from this release. Please {b} ({btk}), it's P1.",
        "Per the steering group: {tk} to Icebox, {btk} to In Progress. Owner: you. Task: {b}.",
        "{BTK} | Priority: Highest | {b}\n\nNote: {tk} is parked, no further work on it.",
    ),
    "founder": (
        "ok forget {a}. call with investors at 9 and i need {bt}. can you {b} like now",
        "its 2am and i just realised none of {a} matters without {bt}. {b}. please",
        "kill {a}. seriously. {bt} is the only thing that matters before the board meeting",
        "change of plan cant sleep. {a} is dead in the water. need u to {b} by morning",
        "scrap everything from tonight on {a}. {b}. we ship tomorrow or we die",
        "ok new rule: {bt} first, {a} never. go",
        "i know i said {a} was urgent. it isnt. {bt} is. {b}, sorry",
        "{a} is pointless. {b} and nothing else till i wake up",
        "ugh ok. mothball {a}. biggest customer wants {bt} {when}",
    ),
    "teacher": (
        "Good evening, and thank you for your patience with {a} so far. I'm afraid I must change course: {why}, so would you be so kind as to {b}? Please leave {a} exactly where it is; I shan't be needing it for the time being. With many thanks, and apologies for the about-turn.",
        "I hope you don't mind my interrupting. Having spoken with colleagues this afternoon, I've come to think that {a} is no longer the best use of our time. What would help far more is if you could {b}. I'm very grateful for all you've done so far.",
        "A small change of plan, if I may. {A} will have to wait, possibly for some time. In its place, could you {b}? I do appreciate that this is rather sudden, and I apologise.",
        "Thank you for everything on {a}. I have, however, just been asked to produce {bt} {when}, and I'm afraid that must take precedence. Could we set {a} aside and turn our attention to that? Kind regards.",
        "Dear assistant, I've had a rather trying afternoon and my priorities have shifted. Would you mind terribly putting {a} to one side and helping me {b}? That is now the pressing matter. Thank you so much for your understanding.",
    ),
    "german": (
        "Please make a break with {a}, we don't need it anymore. Now it is more urgent to {b}.",
        "So, {a} we let fall, the customer has changed his mind. Please {b}, this has now priority.",
        "Until now you worked on {a}, but this is now not so important. Please {b} {when}.",
        "Na gut, {a} is not more relevant. Can you please {b}?",
        "We must put {a} on ice, sorry. I need that you {b}.",
        "{A} has no more sense since yesterday. Please take care of {bt} {when}.",
    ),
    "french": (
        "I propose we leave {a} aside, it is not the moment. Actually the urgent thing is to {b}.",
        "Finally we abandon {a}, the client does not want it any more. Can you rather {b}?",
        "For {a}, we stop here. Now I would like that you {b}.",
        "Eventually we come back to {a} one day, but not now. For the moment please {b}.",
        "It is not worth it to continue {a}. I prefer that you {b}, it is more important for the moment.",
    ),
    "indian": (
        "Please do the needful: {b}. {A} we will keep aside for now, no need to continue.",
        "Kindly {b} on priority basis. {A} is on hold till further notice.",
        "Do one thing: leave {a} and {b}. Boss is asking.",
        "{A} we will take up later, not now. Today itself I need you to {b}. Kindly revert once done.",
        "Small change in plan: {a} is cancelled from our side. Please {b}, it is very urgent.",
        "Please prepone {bt}, it is needed {when}. {A} can be kept pending.",
    ),
    "pair": (
        "hmm. ok so if {a} needs all that... yeah, no. let's not go down that road. what if we {b} first, that's the real blocker anyway",
        "wait wait. thinking out loud here: {a} only matters once {bt} exists, right? so let's drop {a} for now and {b}",
        "okay I'm staring at this and honestly {a} is a rabbit hole. park it. can you {b}? I'll watch what you do",
        "right so... no. {drop}. I think what we actually need is {bt}. let's {b}",
        "ok I've been thinking while you typed. {a} is the wrong problem. let's {b} and see what falls out",
    ),
    "quote": (
        "> {prog}\n\nThanks, but leave it there, {a} is off the table. Can you {b} now?",
        "> {prog}\n\nNo need to continue with that. {New}, that's what matters now.",
        "> {prog}\n\nGood to know, but {drop}. {New}.",
        "> {prog}\n\nOK. {Why}, so please {b} and leave the rest of that.",
    ),
}

STOP_T: dict[str, tuple[str, ...]] = {
    "plain": (
        "{Stop}.",
        "{Stop}. {WhyS}",
        "{Why}, so {stop}.",
        "{Stop}. I'll let you know when to pick it back up.",
        "{Stop}. Nothing else for now.",
        "{Stop}. Don't start anything new, just wait.",
        "Let's leave it there. {WhyS}",
        "That's enough for today. {Stop}.",
        "Hang fire on {a}, {why}.",
        "Hold off on {a} until you hear from me.",
        "Put a pin in {a}. We'll come back to it another day.",
        "Stand down on {a}, please.",
        "Knock {a} on the head, it's not going anywhere.",
        "{A}: stop where you are. {WhyS}",
        "Park it. {WhyS}",
        "Let's not go down that road after all. Leave {a} where it is.",
        "No more on {a} until {who} gets back to us.",
        "You can stop now, that's fine. {WhyS}",
        "OK, let's stop here for today.",
        "I'm pulling the plug on {a}. Sorry for the wasted effort.",
        "Let's wrap up here and not go any further with {a}.",
        "Freeze {a}. No changes until I say so.",
        "{Stop}, {why}. That's all for now.",
        "Actually, {stop}. {WhyS} Thanks for the work so far.",
        "Please {stop}. {WhyS}",
    ),
    "jira": (
        "{TK}: On Hold. Blocked on {who}. No further work until unblocked.",
        "Moving {tk} to Won't Do. No replacement item for now.",
        "Status change: {tk} paused pending sign-off. Please don't commit anything further on it.",
        "FYI {tk} has been descoped. Stop work, leave the branch as it is.",
        "{TK}: on ice until next sprint planning. Nothing else needed from you today.",
        "{TK} | Status: Blocked | Reason: {why}. Park it.",
    ),
    "founder": (
        "stop. just stop with {a}. i need to think",
        "ok pencils down on {a}. cofounder wants to rethink the whole thing",
        "nope. kill it. {a} is dead, dont touch it again tonight",
        "its 3am, im done. leave {a} as it is and we'll see tomorrow",
        "ugh. freeze {a}. investors might not even want it",
        "forget {a}. seriously just leave it. going to bed",
    ),
    "teacher": (
        "Thank you ever so much for your careful work on {a}. I think we had better pause here, though; {why}, and I'd rather you didn't carry on for now. I'll be in touch in due course. Warm regards.",
        "I wonder if we might stop {a} for today? It has been a long week, and I should like to look over what we have before going any further. Thank you so much.",
        "Would you mind very much setting {a} aside for now? {Why}. I'll come back to you once I know more. With thanks.",
        "Please forgive me for changing my mind, but I think {a} should rest here. {Why}. You have been most helpful, and there's nothing further I need this evening.",
    ),
    "german": (
        "Please make a pause with {a}. We wait for the answer of {who}.",
        "For the moment we let {a} rest. {Why}.",
        "{A} is stopped from our side, please do nothing more on it.",
        "So, that's it for today with {a}. Please don't continue.",
    ),
    "french": (
        "We stop here for {a}, I must reflect a little.",
        "Let's put {a} in stand-by, {why}.",
        "For the moment we don't continue {a}. I come back to you.",
    ),
    "indian": (
        "Kindly hold {a} for now. Will revert.",
        "{A} is kept in abeyance till further notice.",
        "Please don't proceed with {a}, the requirement is not clear from our side.",
        "Stop {a} for the time being. I will update you once I get clarity.",
    ),
    "pair": (
        "ok hands off the keyboard a sec... actually let's just leave {a} for today, my brain is done",
        "hmm. no. let's not do {a} at all right now. I need to go think about it",
        "right, I'm going to step out. leave {a} where it is, don't push anything",
    ),
    "quote": (
        "> {prog}\n\nLet's leave it there. Don't go any further with it for now.",
        "> {prog}\n\nThanks. Park it at that point, {why}.",
        "> {prog}\n\nStop there please. {WhyS}",
        "> {prog}\n\nGood, but that's as far as we go. {Stop}.",
    ),
}

# {s} refers to the stopped task, {c} to the one done in between.
RESUME_T: dict[str, tuple[str, ...]] = {
    "plain": (
        "Back to {s}, please. Pick it up where you left off.",
        "OK, let's get {s} going again.",
        "Right, {s}: carry on from where we stopped.",
        "Let's return to {s}.",
        "Unpark {s}, we're back on it.",
        "{S} is back on the table. Continue from where you were.",
        "Time to dust off {s}. Same plan as before.",
        "Let's thaw {s} and finish it.",
        "Take {s} off ice, please. Carry on where you left it.",
        "We're reviving {s}: continue from your last step.",
        "Remember {s}? It's alive again, please carry on with it.",
        "Can we get back into {s}? Same approach as before.",
        "Where were we on {s}? Let's keep going with it.",
        "Whatever happened to {s}? Let's finish it now.",
        "{S} again, please, from where you paused.",
        "Let's circle back to {s} now.",
        "Go back to {s} and finish it off.",
        "{S} is unblocked, so carry on with it.",
        "The hold on {s} is lifted, keep going.",
        "Green light on {s} again. Continue.",
        "{C} is done, thanks. Now back to {s}.",
        "Good, that's {c} sorted. Let's pick up {s} again.",
        "Now that {c} is out of the way, return to {s}.",
        "Thanks for {c}. Back to {s}, where we left it.",
        "{C} looks good. Let's go back to what we were doing before it: {s}.",
        "That'll do for {c}. Pick {s} back up.",
        "{Stime}: can we get back into it?",
        "Let's carry on with {stime}.",
        "OK, back to {stime}. Continue from where it stopped.",
        "Back to {stime}, {s}. Carry on.",
        "Let's pick up {stime} again, {s}.",
    ),
    "jira": (
        "{ST} is back In Progress. Continue from your last change.",
        "Reopening {st}. Resume work, same scope as before.",
        "{CT} is Done. Moving {st} back to In Progress, carry on where you stopped.",
        "Unblocked: {st}. Please continue, AC unchanged.",
    ),
    "founder": (
        "ok {c} shipped. thank god. back to {s}, same as before",
        "omg ok {s} is alive again, the customer came back. pick it up",
        "its late but lets finish {s} now. from where u stopped",
    ),
    "teacher": (
        "Thank you so much for sorting out {c} so quickly. If you have a moment, I'd like us to return to {s}, which we set aside earlier. Please carry on from the point where we paused.",
        "Good morning! I've had time to think, and I'd like to take up {s} again. Would you kindly continue from where we left it? Many thanks.",
        "Now that {c} is behind us, might we go back to {s}? I believe we had made good progress before we put it aside.",
    ),
    "german": (
        "Now we can again take up {s}. Please continue there where we stopped.",
        "So, {c} is finished. Back to {s}, please make further from the last point.",
    ),
    "french": (
        "Good, {c} is finished. We come back to {s}, please continue.",
        "We can now retake {s}. Continue from where you were, please.",
    ),
    "indian": (
        "Kindly resume {s} from where it was left. {C} is done and dusted.",
        "Please restart {s} now, client has given the go-ahead. Continue from last point only.",
    ),
    "pair": (
        "okay where were we... right, {s}. let's pick that thread back up",
        "ok {c} is done, cool. so... {s}. yeah, let's get back into that",
    ),
    "quote": (
        "> Done: {cthing} is finished.\n\nGreat, thanks. Now back to {s}, please.",
        "> Understood, I've parked {sn} for now.\n\nOK, unpark it. Continue from where you were.",
        "> Done: {cthing} is finished.\n\nPerfect. Let's return to {s}.",
    ),
}
STIMES = (
    "the thing from this morning",
    "what we parked yesterday",
    "what we were doing before lunch",
    "Tuesday's job",
    "the job we shelved before {c}",
    "what we had going before this",
    "the earlier job",
    "what I stopped you on an hour ago",
    "last week's half-finished job",
    "the one we put on ice on Monday",
    "what you were working on before I interrupted",
)

LOOK_FRAMES: dict[str, tuple[str, ...]] = {
    "plain": (
        "{Look}.",
        "Also, {look}.",
        "One more for {a}: {look}.",
        "Note on {a}: {look}.",
        "While you're at it, {look}.",
        "Small thing: {look}.",
        "Oh and {look}.",
        "Before I forget, {look}.",
        "Reminder: {look}.",
        "Keep going, but {look}.",
        "Looks good so far. {Look}.",
        "For {a}, {look}.",
    ),
    "jira": ("AC update for {tk}: {look}.", "{TK} comment: {look}. Otherwise as specified."),
    "founder": ("oh and {look}. keep going", "wait also {look}!!"),
    "teacher": (
        "Thank you, this is coming along beautifully. One small point, if I may: {look}. Otherwise, please do carry on exactly as you are.",
    ),
    "german": ("One more thing to {a}: {look}. The rest is good so.",),
    "french": ("Just a precision for {a}: {look}.",),
    "indian": ("Kindly note: {look}. Rest all is fine, please continue.",),
    "pair": (
        "hmm, looking at it... {look}. yeah. keep going",
        "ok so thinking out loud, {look}, right?",
    ),
    "quote": ("> {prog}\n\nGood. {Look}.", "> {prog}\n\nNice. Just remember {look}."),
}
FACT_FRAMES: dict[str, tuple[str, ...]] = {
    "plain": (
        "Yes, {fact}.",
        "To answer your question: {fact}.",
        "Good question. {Fact}.",
        "Re {a}: {fact}.",
        "FYI {fact}.",
        "Sorry, I should have said: {fact}.",
        "Correction: {fact}.",
        "Not quite, {fact}.",
        "Actually, {fact}.",
        "In case it matters, {fact}.",
        "One detail for {a}: {fact}.",
    ),
    "jira": ("Clarification on {tk}: {fact}.",),
    "founder": ("yes yes. {fact}. go", "ugh sorry forgot to say {fact}"),
    "teacher": (
        "Thank you for asking, that's a very sensible question. {Fact}. I hope that helps, and please do carry on.",
    ),
    "german": ("To your question: {fact}. I hope this is clear so.",),
    "french": ("For your question, {fact}, voilà.",),
    "indian": ("Regarding your query: {fact}. Hope this clarifies.",),
    "pair": (
        "ah, hmm, let me think... yeah, {fact}. that answers it",
        "oh wait, {fact}. does that change anything?",
    ),
    "quote": ("> {prog}\n\nYes. {Fact}.", "> {prog}\n\nThanks. Bear in mind {fact}."),
}
STEP_FRAMES: dict[str, tuple[str, ...]] = {
    "plain": (
        "Also {step}.",
        "Can you {step} as well?",
        "Please {step}.",
        "When you get a chance, {step}.",
        "And {step}, please.",
        "Next, {step}.",
        "For {a}, could you also {step}?",
    ),
    "jira": ("Added to the AC of {tk}: {step}.",),
    "founder": ("also {step} pls", "and {step}, investors will ask"),
    "teacher": (
        "If it isn't too much trouble, could you also {step}? It would make it much easier for me to review. Thank you.",
    ),
    "german": ("Please {step} also, so it is complete.",),
    "french": ("Can you also {step}? It would be more practical.",),
    "indian": ("Kindly {step} also.",),
    "pair": ("ooh and let's {step} while we're in here",),
    "quote": ("> {prog}\n\nGreat. Now {step}.",),
}
GENERIC_LOOKS = (
    "Don't stop to ask me about each one, just keep going on {a}.",
    "No need to pause for my sign-off on every step of {a}.",
    "Hold on, let me check something. OK, yes, that's right, carry on.",
    "I'm switching to my phone, so my replies will be short. Keep going with {a}.",
    "Forget what I said about the formatting, your version is better. Carry on with {a}.",
    "Scrap my last message, I misread your table. All good.",
    "Can we park the wording questions until the end of {a}? Content first.",
    "Later is fine for the summary; for now just keep working on {a}.",
    "You can drop the caveats in the write-up, I know the limits.",
    "Give me bullet points for {a} rather than a long report, same content.",
    "Let's not go down the rabbit hole on edge cases, the main path of {a} is what matters.",
    "Kill the debug output before you hand {a} back.",
    "The deadline for {a} moved later, so take the time to do it properly.",
    "Stop me if I'm wrong, but isn't that the same as before? Anyway, carry on.",
    "Cancel my earlier question, I found the answer. Keep going.",
    "Someone else already reviewed the first half of {a}, so focus on the second half.",
    "That ship has sailed on the naming; keep the names as they are and carry on with {a}.",
    "Freeze the inputs for {a} as they are now and keep going from there.",
    "I'll be away from the keyboard for an hour. Don't stop, keep going on {a}.",
    "No need to switch anything, the current approach for {a} is fine.",
    "Drop me a line when {a} is done.",
    "Hold that thought. Actually yes, your first option was right, go with it.",
    "No, don't stop, I only asked a question. Keep going with {a}.",
    "Not cancelling anything, just curious: why did you pick that approach for {a}?",
    "I was about to say drop it, but no, your approach for {a} is fine. Carry on.",
    "Ignore my last message, wrong chat. Carry on with {a}.",
    "Pause? No, no pause needed. Keep going on {a}.",
    "Is it worth stopping to write tests for {a} now, or at the end? Your call, keep going either way.",
    "Don't abandon the approach just because of one failure; stick with {a} as planned.",
    "I'd hold off on polishing {a}, finish the rough version first.",
    "The plan for {a} hasn't changed, even if the meeting got cancelled.",
    "I'll circle back on your question about {a} tomorrow. Carry on meanwhile with what you have.",
)
FUTURE_T: dict[str, tuple[str, ...]] = {
    "plain": (
        "After this we'll need {bt}, but finish {a} first.",
        "Heads-up: {bt} is coming next week. Not now, though; keep going on {a}.",
        "Once {a} is done, I'll want you to {b}. No rush, finish this first.",
        "Don't start on it yet, but at some point we'll have to {b}. {A} first.",
        "Later on we might {b}, just so you know. For now, carry on with {a}.",
        "Note for later: {bt} comes after {a}. Keep going.",
        "Someone asked me about {bt}. I said after {a}. So, carry on.",
        "{BT} is next in line, but not until {a} is finished.",
    ),
    "jira": (
        "FYI {btk} is queued after this one. {TK} stays In Progress.",
        "Backlog note: {btk} ({bt}) is groomed for next sprint. No action now, continue {tk}.",
    ),
    "founder": (
        "ok so after {a} we need {bt} too. but {a} first. dont switch",
        "note to self: {bt} after this. keep going on {a}",
    ),
    "teacher": (
        "Once we've finished {a}, I may ask you to {b} as well, but please don't let that distract you; {a} comes first.",
    ),
    "german": ("After {a} we must also {b}, but first we make {a} ready.",),
    "french": ("Later we will also need to {b}, but first we finish {a}.",),
    "indian": ("After completing {a}, we will take up {bt}. For now please continue only.",),
    "pair": (
        "thinking ahead... after {a} we'll probably need to {b}. but one thing at a time, keep going",
    ),
    "quote": ("> {prog}\n\nGood. After this we'll need {bt}, but finish this first.",),
}
PARKED_T: dict[str, tuple[str, ...]] = {
    "plain": (
        "Quick question about {bn}, the one we parked: how far did it get? Don't pick it back up, stay on {a}.",
        "Did {bn} ever get to a usable state before we stopped it? Just asking for the standup, no need to go back to it.",
        "What state did we leave {bn} in? I need to tell {who}. Carry on with {a} meanwhile.",
        "Is {bn} still paused? Just checking, leave it paused. Carry on.",
        "For my notes: where did {bn} stop? Don't resume it.",
        "Roughly what percentage of {bn} was done when we shelved it? Leave it shelved, I only need the number.",
    ),
    "jira": (
        "{BTK} is still On Hold, right? Just confirming status, no action needed. Continue with {tk}.",
    ),
    "german": ("Only a question: in which state is {bn} now? Not to continue, only to know.",),
    "indian": (
        "Just for my update: what is the status of {bn} which we put on hold? No need to restart it.",
    ),
    "founder": (
        "wait did {bn} ever get finished before we killed it? dont touch it, just tell me",
    ),
    "teacher": (
        "Before I forget: could you remind me how far we got with {bn} before we set it aside? There's no need to return to it; I simply want to mention it at tomorrow's meeting.",
    ),
}
STATUS_T = (
    "How's {a} coming along?",
    "Any update on {a}?",
    "Roughly how long until {a} is done?",
    "Anything blocking {a}?",
    "What's left on {a}?",
    "Are you close with {a}?",
    "Is {a} on track for today?",
    "How far did you get with {a}?",
    "Quick check: is {a} going okay?",
    "{TK}: status?",
)
THANKS_T = (
    "That's great, thank you. Keep going on {a}.",
    "Nice, {a} is looking good.",
    "Perfect, that's what I had in mind for {a}.",
    "Thanks, this is really helpful for {a}.",
    "Great progress on {a}, cheers.",
    "Love it. Carry on with {a}.",
    "Hmm, not sure about that last bit of {a}, but carry on and I'll review at the end.",
    "omg yes this is it. keep going on {a}",
    "Superb work on {a}, please continue.",
    "This looks good so. Go on with {a}.",
    "Thank you so much for this, it is exactly what I hoped for. Please do continue with {a}; I shall read it properly this evening.",
)

REPLY_CATS: tuple[tuple[str, int], ...] = (
    ("look", 26),
    ("generic_look", 14),
    ("future", 10),
    ("parked", 7),
    ("fact", 15),
    ("step", 11),
    ("status", 8),
    ("thanks", 9),
)
LOOKALIKE_CATS = frozenset({"look", "generic_look", "future", "parked"})

_PHONE = {
    "you": "u",
    "your": "ur",
    "please": "pls",
    "thanks": "thx",
    "before": "b4",
    "tomorrow": "tmrw",
    "the": "teh",
    "and": "adn",
    "it's": "its",
    "i'll": "ill",
    "we'll": "well",
    "don't": "dont",
    "really": "rly",
    "because": "bc",
    "tonight": "tonite",
    "right": "rigth",
    "with": "wiht",
    "now": "bow",
}
_EMOJI = (" 🙏", " 👍", " 😬", " 🔥", " 🙂", " ✅", " 😅")
_SIGNOFFS = (
    "\n\n- Sam",
    " thx",
    "\nCheers, Lea",
    "\n\nSent from my phone",
    " ta",
    "\n\nRegards,\nVikram",
    " x",
)


def _cap(text: str) -> str:
    """Upper-cases the first letter unless the text starts with a file, ticket or flag."""
    if not text:
        return text
    head = text.split(" ", 1)[0]
    if any(ch in head for ch in "._/") or any(ch.isdigit() for ch in head) or not text[0].isalpha():
        return text
    return text[0].upper() + text[1:]


def _tidy(text: str) -> str:
    text = re.sub(r"[ \t]+", " ", text)
    text = re.sub(r" +([.,;:?!])", r"\1", text)
    text = re.sub(r"([?!])\.", r"\1", text)
    text = re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)
    text = re.sub(r"\?\?", "?", text)
    return "\n".join(line.strip() for line in text.split("\n")).strip()


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


class _Writer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.last_cat = ""

    def pick(self, seq: tuple[str, ...] | list[str]) -> str:
        return self.rng.choice(seq)

    def voice(self, *tasks: Task) -> str:
        voice = self.pick(VOICES)
        if voice == "jira" and any(t.personal for t in tasks):
            voice = "plain"
        return voice

    def ref(self, task: Task, pronoun: float = 0.0) -> str:
        if self.rng.random() < pronoun:
            return "this"
        return self.pick(task.names)

    def other(self, task: Task) -> Task:
        while True:
            cand = self.rng.choice(TASKS)
            if cand is not task:
                return cand

    def reason(self, pool: tuple[str, ...], *tasks: Task) -> str:
        personal = any(t.personal for t in tasks)
        fits = [
            w
            for w in pool
            if not (w.startswith("w:") and personal) and not (w.startswith("p:") and not personal)
        ]
        chosen = self.pick(fits)
        if chosen[:2] in ("w:", "p:"):
            chosen = chosen[2:]
        return chosen.format(who=self.pick(WHO_PERSONAL if personal else WHO))

    def base_slots(self, a: Task, pronoun: float = 0.0) -> dict[str, str]:
        ref = self.ref(a, pronoun=pronoun)
        who = self.pick(WHO_PERSONAL if a.personal else WHO)
        return {
            "a": ref,
            "A": _cap(ref),
            "tk": a.ticket or ref,
            "TK": _cap(a.ticket or ref),
            "prog": a.progress,
            "who": who,
            "Who": _cap(who),
            "when": self.pick(WHEN),
        }

    def render(
        self, table: dict[str, tuple[str, ...]], voice: str, slots: dict[str, str]
    ) -> tuple[str, str]:
        base = "plain" if voice == "phone" or voice not in table else voice
        if voice == "founder" and self.rng.random() < 0.4:
            base = "plain"
        text = _tidy(self.pick(table[base]).format(**slots))
        if voice == "phone":
            text = self.phone(text)
        elif voice == "founder" and base == "plain":
            text = text.lower().replace("'", "").rstrip(".") + self.pick(("", "!!", " ok", " thx"))
        return text, base

    def phone(self, text: str) -> str:
        def swap(m: re.Match[str]) -> str:
            word = m.group(0)
            low = word.lower()
            if low in _PHONE and self.rng.random() < 0.55:
                return _PHONE[low]
            return word

        text = re.sub(r"[A-Za-z']+", swap, text)
        if self.rng.random() < 0.5:
            text = text.lower()
        return text

    def noise(self, text: str) -> str:
        if self.rng.random() > 0.27:
            return text
        for _ in range(self.rng.choice((1, 1, 2))):
            op = self.rng.randrange(6)
            if op == 0:
                text = text.lower()
            elif op == 1:
                words = [m for m in re.finditer(r"\b[a-z]{5,}\b", text)]
                if words:
                    m = self.rng.choice(words)
                    w = m.group(0)
                    i = self.rng.randrange(1, len(w) - 2)
                    w2 = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
                    text = text[: m.start()] + w2 + text[m.end() :]
            elif op == 2:
                text = text.rstrip(".!?")
            elif op == 3:
                text += self.pick(_EMOJI)
            elif op == 4:
                text += self.pick(_SIGNOFFS)
            else:
                text = text.replace("'", "")
        return text

    # --- the four kinds -------------------------------------------------------------------

    def switch(self) -> tuple[str, Task, Task | None]:
        a = self.rng.choice(TASKS)
        b = self.other(a)
        slots = self.base_slots(a)
        drop = self.pick(DROPS).format(a=slots["a"])
        new = self.pick(NEWS).format(b=b.ask, bt=b.thing, when=slots["when"])
        askq = self.pick(ASKQ).format(b=b.ask)
        why = self.reason(SWITCH_WHY, a, b)
        slots.update(
            b=b.ask,
            B=_cap(b.ask),
            bt=b.thing,
            BT=_cap(b.thing),
            btk=b.ticket or b.thing,
            BTK=_cap(b.ticket or b.thing),
            drop=drop,
            Drop=_cap(drop),
            new=new,
            New=_cap(new),
            AskQ=_cap(askq),
            why=why,
            Why=_cap(why),
        )
        text, _ = self.render(SWITCH_T, self.voice(a, b), slots)
        return self.noise(text), a, None

    def stop(self) -> tuple[str, Task, Task | None]:
        a = self.rng.choice(TASKS)
        slots = self.base_slots(a, pronoun=0.15)
        stop = self.pick(DROPS + HALTS).format(a=slots["a"])
        why = self.reason(STOP_WHY, a)
        slots.update(
            stop=stop,
            Stop=_cap(stop),
            why=why,
            Why=_cap(why),
            WhyS=_cap(why) + "." if self.rng.random() < 0.6 else "",
        )
        text, _ = self.render(STOP_T, self.voice(a), slots)
        return self.noise(text), a, None

    def resume(self) -> tuple[str, Task, Task | None]:
        s = self.rng.choice(TASKS)
        c = self.other(s)
        roll = self.rng.random()
        if roll < 0.45:
            sref = self.pick(s.names)
        elif roll < 0.7:
            sref = self.pick(s.descs)
        elif roll < 0.85 and s.ticket:
            sref = s.ticket
        else:
            sref = self.pick(s.names + s.descs)
        cref = self.pick(c.names)
        stime = self.pick(STIMES).format(c=cref)
        slots = {
            "s": sref,
            "S": _cap(sref),
            "sn": self.pick(s.names),
            "st": s.ticket or sref,
            "ST": _cap(s.ticket or sref),
            "c": cref,
            "C": _cap(cref),
            "ct": c.ticket or cref,
            "CT": _cap(c.ticket or cref),
            "cthing": c.thing,
            "stime": stime,
            "Stime": _cap(stime),
        }
        text, _ = self.render(RESUME_T, self.voice(s, c), slots)
        return self.noise(text), c, s

    def reply(self) -> tuple[str, Task, Task | None]:
        a = self.rng.choice(TASKS)
        slots = self.base_slots(a)
        cats = [c for c, _ in REPLY_CATS]
        weights = [w for _, w in REPLY_CATS]
        cat = self.rng.choices(cats, weights)[0]
        self.last_cat = cat
        voice = self.voice(a)
        if cat == "look":
            look = self.pick(a.looks)
            slots.update(look=look, Look=_cap(look))
            text, _ = self.render(LOOK_FRAMES, voice, slots)
        elif cat == "fact":
            fact = self.pick(a.facts)
            slots.update(fact=fact, Fact=_cap(fact))
            text, _ = self.render(FACT_FRAMES, voice, slots)
        elif cat == "step":
            slots.update(step=self.pick(a.steps))
            text, _ = self.render(STEP_FRAMES, voice, slots)
        elif cat == "generic_look":
            text, _ = self.render({"plain": GENERIC_LOOKS}, voice, slots)
        elif cat in ("future", "parked"):
            b = self.other(a)
            bn = self.pick(b.names)
            slots.update(
                b=b.ask,
                bt=b.thing,
                BT=_cap(b.thing),
                bn=bn,
                btk=b.ticket or b.thing,
                BTK=_cap(b.ticket or b.thing),
            )
            table = FUTURE_T if cat == "future" else PARKED_T
            text, _ = self.render(table, self.voice(a, b), slots)
        elif cat == "status":
            text, _ = self.render({"plain": STATUS_T}, voice, slots)
        else:
            text, _ = self.render({"plain": THANKS_T}, voice, slots)
        return self.noise(text), a, None


def _generate(seed: int) -> tuple[list[dict[str, str | None]], Counter[str]]:
    writer = _Writer(seed)
    makers: dict[str, Callable[[], tuple[str, Task, Task | None]]] = {
        "switch": writer.switch,
        "stop": writer.stop,
        "resume": writer.resume,
        "reply": writer.reply,
    }
    out: list[dict[str, str | None]] = []
    seen: set[str] = set()
    reply_cats: Counter[str] = Counter()
    for kind, wanted in PLAN:
        made = 0
        for _ in range(wanted * 60):
            if made == wanted:
                break
            text, current, stopped = makers[kind]()
            key = _norm(text)
            if not key or key in seen:
                continue
            seen.add(key)
            if kind == "reply":
                reply_cats[writer.last_cat] += 1
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
            raise RuntimeError(f"corpus h: only {made} distinct {kind} cases for seed {seed}")
    writer.rng.shuffle(out)
    return out, reply_cats


def generate(seed: int) -> list[dict[str, str | None]]:
    """Returns the 600 labelled cases for ``seed`` (see the module docstring), shuffled."""
    return _generate(seed)[0]


if __name__ == "__main__":
    cases, cats = _generate(0)
    counts = Counter(c["kind"] for c in cases)
    print(len(cases), dict(counts))
    print("tasks:", len(TASKS), "| domains:", len({t.domain for t in TASKS}))
    print("reply categories:", dict(cats))
    firsts = {t.first for t in TASKS}
    assert len(firsts) == len(TASKS)
    assert len(cases) == sum(n for _, n in PLAN)
    assert dict(counts) == dict(PLAN)
    assert len({_norm(c["text"] or "") for c in cases}) == len(cases), "duplicate normalised text"
    for c in cases:
        assert set(c) == {"kind", "text", "current_task", "stopped_task"}
        assert c["kind"] in KINDS
        assert c["text"]
        assert c["current_task"] in firsts
        if c["kind"] == "resume":
            assert c["stopped_task"] in firsts
            assert c["stopped_task"] != c["current_task"]
        else:
            assert c["stopped_task"] is None
    lookalike = sum(n for cat, n in cats.items() if cat in LOOKALIKE_CATS)
    print(f"reply look-alikes: {lookalike}/{counts['reply']}")
    assert lookalike * 3 >= counts["reply"]
    switches = [c["text"] or "" for c in cases if c["kind"] == "switch"]
    marked = sum(bool(re.search(r"\b(stop|instead|switch)", t, re.I)) for t in switches)
    print(f"switches containing stop/instead/switch: {marked}/{len(switches)}")
    assert marked * 2 < len(switches)
    assert generate(0) == cases
    assert generate(1) != cases
    sampler = random.Random(1)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in cases if c["kind"] == kind], 8):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")
