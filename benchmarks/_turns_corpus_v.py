# ruff: noqa: E501
"""Held-out corpus ``v`` of a person's turns to an AI agent mid-task. Written blind.

Written as an independent author from the side of people who talk to a general-purpose agent
(coding, email, scheduling, documents, bookings, purchases) from their phone: dictating by voice
or thumb-typing while driving, walking, on a job site or between patients. Opened while
writing: only lines 1-60 of ``benchmarks/_turns_corpus_t.py`` (its docstring, imports and
``KINDS``; the next few import lines showed on screen too) and its ``generate`` function and
``__main__`` self-check, to copy the interface; none of its wording is reused. NOT opened,
grepped, listed or run: anything under ``src/``, ``tests/`` or ``benchmarks/results/``, every
other ``benchmarks/_turns_corpus_*.py`` file, ``bench_*.py``, ``train_turn_model.py``,
``turns_model_loco.py`` and ``turn_features_loco.py``. packlight was not imported and no
classifier was run on this corpus; do not tune this file against a classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated on normalised text (lowercased, whitespace collapsed; a text never appears twice,
so never under two kinds) and shuffled with ``random.Random(seed)``. Each case is a dict with:

- ``kind``: ``"switch"`` (the task in force is stopped, parked or replaced and a different task
  is asked for in the same message, in any wording), ``"stop"`` (stopped, cancelled, parked,
  deferred or handed off, nothing new asked), ``"resume"`` (back to a task stopped earlier,
  named or not) or ``"reply"`` (everything else said mid-task about the same task);
- ``text``: the message as typed (or as speech-to-text produced it);
- ``current_task``: the task in force, as the person first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- Perspective: messages dictated on a phone or typed one-handed on the move. Eight kinds of
  people: a general contractor, a hospital nurse manager, a small landlord, a candle-shop
  owner, a freelance web developer, a dental-equipment sales rep, a parent organising kids'
  things and a university researcher. Each has a few "scenes" ("I'm in the pickup line",
  "between rounds") and people around them (foreman, charge nurse, handyman, client, PI...).
- 35 concrete tasks (4-5 per person) with their own names, ids, files and people: the
  Henderson invoice, an 84 Lumber order, inspection permit ``BP-23-0917``, a 4 West nurse
  schedule, a fall-protocol staff email, unit 2B's lease renewal, ``oct_statement.csv``, Shopify
  listings, a ``#REF`` formula, order ``10482``, a Stripe ``invoice.paid`` webhook, Postgres 13
  to 16, a Tidewater date picker, a Lakeside Dental follow-up, a Phoenix expense report, Maya's
  party, a soccer carpool, an R ``coxph`` strata error, an R21 budget, AMA references, ASM
  travel... Each carries nicknames, imperative "do" phrases, context-only statements that imply
  the work ("Karen just texted asking where her invoice is"), a reason the task became moot, a
  pasted snippet (text message, email, log, CSV, list) and same-task replies, several of them
  hard look-alikes (cancel the 2x10s on the list, stop giving Kayla doubles, can't pause the
  bed alarm, we stop at the subfloor, the back button, the stop-time column).
- Switch, stop and resume wording is often indirect: a moot reason, someone else took it, a
  deadline or a new fire described only by context, "can sit till Monday", "that's enough of
  that for today"; a minority says stop / cancel / switch / instead literally. Switches are
  sometimes buried in the middle or at the end of a rambling message, or follow a pasted text.
  Resumes name the earlier task or only point at it ("the thing from this morning").
- About half of the replies are look-alikes: stop / cancel / pause / drop / back / later /
  instead / switch used about the same task, asking about a parked task without picking it up,
  mentioning another task only to say it can wait, self-corrections within the same task.
- Seeded slot filling over 68 switch, 48 stop, 46 resume and 69 reply templates, then
  speech-to-text and phone noise on a share of cases: homophones (there/their, write/right,
  to/two, for/four, know/no, wait/weight), small numbers spelled out, autocorrect slips
  (ill, were, defiantly), a stuttered repeated word, an inserted um/like, dropped punctuation,
  all lowercase, trailing off. Pasted snippets are left untouched. Standard library only.

``python benchmarks/_turns_corpus_v.py`` prints the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = {"switch": 180, "stop": 120, "resume": 120, "reply": 180}

Case = dict[str, str | None]

_PASTE = "\x00P\x00"


@dataclass(frozen=True)
class Task:
    ask: str
    nicks: tuple[str, ...]
    does: tuple[str, ...]
    ctxs: tuple[str, ...]
    moot: str
    paste: str
    replies: tuple[str, ...]


@dataclass(frozen=True)
class Persona:
    label: str
    whos: tuple[str, ...]
    scenes: tuple[str, ...]
    tasks: tuple[Task, ...]


_PERSONAS: tuple[Persona, ...] = (
    Persona(
        "contractor",
        ("Dave", "Luis", "Tina", "my partner Rob"),
        (
            "I'm up on a ladder at Oak Street",
            "I'm driving to the supply house",
            "I'm on site and it's loud so sorry",
            "I'm in the truck",
        ),
        (
            Task(
                "Can you put together the invoice for the Henderson kitchen remodel, it's 14,200 total minus the 5,000 deposit, and email it to Karen Henderson",
                ("the Henderson invoice", "Karen's invoice", "the invoice for the kitchen job"),
                (
                    "do up the invoice for the Henderson kitchen, fourteen two minus the five grand deposit, and email it to Karen",
                    "get Karen Henderson her invoice for the kitchen",
                ),
                (
                    "Karen Henderson just texted me asking where her invoice is",
                    "the Hendersons' bookkeeper called, they need an invoice by Friday or it goes to next month",
                ),
                "Karen paid the balance by check on site this morning so no invoice needed",
                "From Karen H: Hi Ray, just checking when we'll get the final bill? Also did the backsplash change get added? Thx",
                (
                    "put the deposit on its own line so she sees the five thousand came off",
                    "don't call it the final invoice, we still got the backsplash change order coming",
                    "add a note that work stopped on the 12th for the permit hold and started back on the 19th, she asked about that gap",
                    "instead of net 30 make it due on receipt",
                    "cc Tina on it she does the books",
                ),
            ),
            Task(
                "Order the framing lumber for the Oak Street addition from 84 Lumber, the list is in the Oak St folder, have it delivered Tuesday morning",
                ("the lumber order", "the 84 Lumber order", "the Oak Street lumber"),
                (
                    "put in the lumber order for Oak Street with 84 Lumber for Tuesday morning",
                    "order the framing package for the Oak Street addition",
                ),
                (
                    "84 Lumber just called and said the Oak Street framing order never went through",
                    "Luis says we're gonna run out of studs at Oak Street by Monday",
                ),
                "the homeowner on Oak Street wants to redo the plans so we're not framing anything for a month",
                "OAK ST ADDITION - FRAMING\n2x6x16 - 120\n2x10x16 - 24\n7/16 OSB - 65 sheets\nLVL 1-3/4 x 11-7/8 x 20 - 3",
                (
                    "cancel the two by tens on the list, we're using the LVLs for that span now",
                    "make sure delivery is before 7, the neighbors already complained once",
                    "if they don't have the sixteen footers get twelves and I'll splice",
                    "drop the OSB down to 40 sheets, we got leftovers from Maple",
                    "put it on the contractor account not my card",
                ),
            ),
            Task(
                "Book the rough-in electrical inspection for 1180 Maple on the county permit portal, any day next week but not Friday",
                (
                    "the Maple inspection",
                    "the electrical inspection",
                    "the county inspection thing",
                ),
                (
                    "book the rough electrical inspection for 1180 Maple on the county portal",
                    "get the Maple rough-in inspection on the county calendar for next week",
                ),
                (
                    "the electrician says he's done at 1180 Maple and we need the inspection before drywall",
                    "the drywall guys are scheduled at Maple for the 20th and we still don't have an inspection",
                ),
                "the electrician failed his own walkthrough so there's no point booking anything at Maple yet",
                "Permit BP-23-0917  1180 MAPLE AVE  Status: ROUGH ELEC - NOT SCHEDULED  Available: Tue 8-12, Wed 12-4, Fri 8-12",
                (
                    "the permit number is BP-23-0917",
                    "if all they got is Friday morning fine, take it",
                    "put in the notes the power has to be shut off before the inspector opens the panel, he'll ask",
                    "the lockbox code is 4471, put that in the access notes",
                ),
            ),
            Task(
                "Write up an estimate for the Patel bathroom, tile shower, new vanity, move the toilet drain, somewhere between 18 and 22 thousand",
                ("the Patel estimate", "the bathroom estimate", "the Patels' bid"),
                (
                    "write up the Patel bathroom estimate, tile shower, vanity, move the toilet drain",
                    "put together a bid for the Patels' bathroom",
                ),
                (
                    "Mr Patel emailed again asking when he gets a number on the bathroom",
                    "the Patels are meeting another contractor Thursday so they want our number before that",
                ),
                "the Patels signed with another contractor",
                "Patel bath - walkthrough notes: 5x8, cast iron tub out, curbless shower, 36in vanity, toilet move approx 14in, subfloor soft near tub",
                (
                    "leave the toilet move as an optional line so they can see what it costs by itself",
                    "put an exclusion that says we stop at the subfloor, anything rotten under that is extra",
                    "don't put the tile allowance too low, say twelve a foot",
                    "break out labor and materials, Mr Patel is an engineer he'll want to see it",
                ),
            ),
        ),
    ),
    Persona(
        "nurse manager",
        ("Priya", "Marcus", "the staffing office", "Joy"),
        (
            "I'm between rounds",
            "I'm walking to a meeting",
            "I'm in the med room real quick",
            "I'm on my break",
        ),
        (
            Task(
                "Make the 4 West nurse schedule for the two weeks starting the 3rd, everyone gets at least one weekend off and Jenna is still on light duty",
                ("the 4 West schedule", "the schedule", "the two week schedule"),
                (
                    "build the 4 West schedule for the two weeks starting the 3rd, Jenna still on light duty",
                    "do the nurse schedule for the next pay period",
                ),
                (
                    "staffing just told me the 4 West schedule has to be posted by tomorrow noon",
                    "Priya says nobody knows if they're working the weekend of the 9th because there's no schedule",
                ),
                "the new scheduling software is doing auto-schedule this period so mine won't get used",
                "Requests off: Omar 10-12 (nights), Kayla 6, Tran 14-15, Jenna light duty no lifting, Beth ORIENTATION 3-7 days only",
                (
                    "Omar can't do nights the week of the 10th",
                    "stop giving Kayla back to back doubles, she already complained to HR",
                    "if there's a hole put agency, don't cancel anybody's PTO to fill it",
                    "Beth is orienting so pair her with Priya every shift",
                    "nights need at least one charge nurse, every single night",
                ),
            ),
            Task(
                "Draft an email to the 4 West staff about the new fall risk protocol, bed alarms on for any patient with a Morse score over 45, starting Monday",
                ("the fall protocol email", "the email about bed alarms", "the staff email"),
                (
                    "draft the staff email about the fall protocol and bed alarms starting Monday",
                    "write the 4 West email about bed alarms for Morse over 45",
                ),
                (
                    "we had another fall on 4 West last night and quality wants staff told about the new protocol today",
                    "the CNO asked me at huddle why the unit hasn't heard about the bed alarm rule yet",
                ),
                "the CNO is sending one email house wide about the fall protocol so mine would just be a duplicate",
                "From: Quality Dept\nRE: Fall bundle\nEffective Monday: bed/chair alarm for Morse >45, yellow socks, hourly rounding documented in flowsheet.",
                (
                    "mention they can't pause the bed alarm without a second nurse at the bedside",
                    "keep it short, nobody reads long emails on nights",
                    "add the yellow socks thing and the hourly rounding",
                    "don't make it sound like anyone's in trouble, the fall last week wasn't anybody's fault",
                ),
            ),
            Task(
                "Update the competency tracker spreadsheet with who finished the IV pump training, the list Priya sent is in my inbox",
                ("the competency tracker", "the pump training spreadsheet", "the tracker"),
                (
                    "update the competency tracker with the IV pump list Priya sent",
                    "put the pump training completions into the tracker",
                ),
                (
                    "the educator needs the IV pump completions by end of day or the unit gets flagged",
                    "Joint Commission is coming next week and the tracker is still missing the pump training",
                ),
                "education is pulling completions straight from the learning system so the tracker is getting retired",
                "IV pump training 10/2: Tran, Omar, Beth, Kayla, Derek (left early), Jenna (sim only)",
                (
                    "mark Derek as incomplete, he left halfway through",
                    "add a column for the date the old pumps stop being used, that's the 30th",
                    "Jenna did sim only, put her as partial not complete",
                    "sort it by last name when you're done",
                ),
            ),
            Task(
                "Book the 5th floor conference room for the skills fair on the 22nd, 7am to 3pm, with tables and a projector",
                (
                    "the skills fair room",
                    "the conference room booking",
                    "the room for the skills fair",
                ),
                (
                    "book the 5th floor conference room for the skills fair on the 22nd",
                    "reserve a room for the skills fair, 7 to 3 on the 22nd",
                ),
                (
                    "the educator says we still don't have a room for the skills fair on the 22nd",
                    "somebody from 6 East is trying to grab the 5th floor room on the 22nd",
                ),
                "the skills fair got moved into the sim lab so we don't need a room",
                "Skills fair stations: restraints, blood culture draw, pump, glucometer, code cart. Need 6 tables, outlet for pump station.",
                (
                    "if they only have it till noon cancel the projector and we'll just do posters",
                    "ask for 6 tables and make sure there's an outlet by the pump station",
                    "put it under the 4 West cost center, 40212",
                    "set up has to start at 6:30, can you ask for that",
                ),
            ),
        ),
    ),
    Persona(
        "landlord",
        ("Sheila", "my son Kevin", "Tony the handyman", "my wife"),
        (
            "I'm at the hardware store",
            "I'm walking the dog",
            "I'm in line at the bank",
            "I'm driving over to Birch",
        ),
        (
            Task(
                "Draft the lease renewal for unit 2B, Ms Alvarez, 12 months at 1,450, same terms as last year except no more storage unit",
                ("the 2B lease", "Ms Alvarez's renewal", "the lease renewal"),
                (
                    "draft Ms Alvarez's renewal for 2B, 12 months at fourteen fifty, no storage unit",
                    "write up the lease renewal for 2B",
                ),
                (
                    "Ms Alvarez's lease runs out at the end of the month and she's asking for the renewal",
                    "Sheila says 2B's lease expired and we never sent paperwork",
                ),
                "Ms Alvarez just gave notice she's moving out",
                "From: Rosa Alvarez\nHi Mr. Bell, I would like to renew but can we do 1,400? I have been here four years. Also I no longer need the storage unit.",
                (
                    "keep the early termination clause, she asked if she could break it if she moves back to Texas",
                    "take out the storage unit paragraph completely",
                    "she wants fourteen hundred, let's meet at fourteen twenty five",
                    "put the pet addendum back in, she's got the cat",
                ),
            ),
            Task(
                "Write a polite late rent reminder to Jordan Reese in unit 3, rent was due on the 1st and it's 9 days late",
                ("the late rent letter", "Jordan's reminder", "the unit 3 notice"),
                (
                    "write Jordan Reese in unit 3 a polite late rent reminder",
                    "send unit 3 a nice reminder that rent's 9 days late",
                ),
                (
                    "unit 3 still hasn't paid and it's the 10th",
                    "Jordan in unit 3 is late again, nothing since the 1st",
                ),
                "Jordan just paid in full on Zelle",
                "Ledger - Unit 3 (Reese): 10/1 rent due $1,275. Paid: $0. Late fee per lease: $50 after 5th.",
                (
                    "don't threaten anything, just remind him and mention the late fee",
                    "say he can stop by the office or pay on Zelle, either way",
                    "leave out the part about eviction, way too early for that",
                    "cancel the late fee this one time, he's been good all year, just say that in the letter",
                ),
            ),
            Task(
                "Find and book a plumber for the leaking water heater at 412 Birch, the tenant is home weekdays after 4",
                ("the water heater", "the plumber for Birch", "the Birch plumber thing"),
                (
                    "book a plumber for the water heater at 412 Birch, weekdays after 4",
                    "get somebody out to 412 Birch for the leaking water heater",
                ),
                (
                    "the tenant at 412 Birch sent a picture of water all over the basement floor",
                    "Tony says the water heater at Birch is leaking worse",
                ),
                "Tony swapped the valve on the water heater himself and it stopped leaking",
                "Text from Birch tenant: hey water heater is leaking again, theres like an inch of water by the drain. can someone come after 4",
                (
                    "don't book the guy we used last time, he never showed",
                    "ask them to walk her through shutting the water heater off, she's scared to touch it",
                    "if it's over 500 call me before you book",
                    "it's a 40 gallon gas, AO Smith, about 9 years old",
                ),
            ),
            Task(
                "Reconcile the rent ledger for October, the bank export is in Downloads as oct_statement.csv, flag anything that doesn't match",
                ("the October ledger", "the rent reconciliation", "the ledger"),
                (
                    "reconcile October's rent against oct_statement.csv",
                    "go through the October ledger and flag what doesn't match the bank",
                ),
                (
                    "my accountant needs October reconciled by Monday",
                    "the bank and the ledger are off by like six hundred dollars for October",
                ),
                "Sheila already reconciled October on her end",
                "date,description,amount\n10/02,ZELLE FROM A RODRIGUEZ,1450.00\n10/03,DEP MOBILE,1275.00\n10/05,ZELLE FROM K LEE,1100.00",
                (
                    "the tenant in 1A stopped autopay in September so look for a Zelle instead",
                    "the deposit on the 3rd is a check from Birch, not unit 3",
                    "flag it but don't change anything in the ledger yet",
                    "ignore the laundry machine deposits, those go on a different sheet",
                ),
            ),
        ),
    ),
    Persona(
        "shop owner",
        ("Bree", "my husband Tom", "Jen the supplier rep"),
        (
            "I've got customers in the store",
            "I'm pouring wax so this is voice",
            "I'm at the post office",
            "I'm at the farmers market booth",
        ),
        (
            Task(
                "Add the six new fall candles to the Shopify store, photos are in the Fall Drop folder, price them at 28 each",
                ("the fall listings", "the new candle listings", "the Shopify listings"),
                (
                    "get the six fall candles listed on Shopify at 28 each",
                    "put the new fall candles up on the store",
                ),
                (
                    "people keep DMing me asking when the fall candles go up on the site",
                    "the fall candles are on Instagram already but not in the store",
                ),
                "the fall candles are stuck at the warehouse till November so there's no point listing them",
                "Fall Drop: Cider Mill, Ember & Oak, Pumpkin Loaf, Hayride, Smoked Maple, Cozy Flannel. 8oz amber jar, 45hr burn.",
                (
                    "Cozy Flannel should be 32, it's the big jar",
                    "stop putting soy in every title, it's in the description already",
                    "make them hidden for now and I'll publish them Friday",
                    "instead of the white background photos use the ones with the leaves",
                ),
            ),
            Task(
                "Reorder wax and wicks from CandleScience, same as the last order but double the soy wax",
                ("the wax order", "the CandleScience reorder", "the supply order"),
                (
                    "reorder from CandleScience, same as last time but double the soy",
                    "put in a wax and wick order with CandleScience",
                ),
                (
                    "we're down to like one box of soy wax",
                    "Bree says we'll run out of wicks by Wednesday",
                ),
                "Tom grabbed wax and wicks at the supply place on his way home",
                "Last order #CS-558120: 464 soy wax 50lb x2, CD-12 wicks 1000ct x1, amber jars 8oz case x4",
                (
                    "skip the jars this time we have plenty",
                    "use the shop card ending in 0931",
                    "if the soy's backordered get the coco blend instead, same amount",
                    "make sure it ships ground, not the expensive one",
                ),
            ),
            Task(
                "Write this week's newsletter announcing the holiday hours and the 20 percent off sale",
                ("the newsletter", "the holiday email", "this week's newsletter"),
                (
                    "write the newsletter with the holiday hours and the 20 percent off sale",
                    "put together this week's email blast about the holiday hours",
                ),
                (
                    "the sale starts Friday and we haven't told anybody",
                    "customers keep asking if we're open Thanksgiving weekend",
                ),
                "Bree already sent a newsletter with the hours this morning",
                "Holiday hrs: Wed 10-6, Thu CLOSED, Fri 8-8, Sat 9-7, Sun 11-5. Code COZY20 thru Sunday.",
                (
                    "put the code COZY20 near the top",
                    "we're closed Thanksgiving day, make that real clear",
                    "say the sale ends Sunday at midnight, no extensions",
                    "less exclamation points please it sounds like a teenager wrote it",
                ),
            ),
            Task(
                "Fix the inventory sheet, the reorder column keeps showing #REF ever since Bree deleted a row",
                ("the inventory sheet", "the REF error", "the spreadsheet"),
                (
                    "fix the REF errors in the inventory sheet's reorder column",
                    "sort out the inventory spreadsheet formulas",
                ),
                (
                    "the inventory sheet is all #REF again and I can't tell what to reorder",
                    "Bree says the reorder column on the inventory sheet is broken",
                ),
                "we're moving to Shopify's inventory tracking so the sheet is going away",
                '=IF(D14<#REF!,"REORDER","")',
                (
                    "the threshold used to be in column H",
                    "don't change the layout, Bree knows where everything is",
                    "can you make it so it stops breaking when somebody deletes a row",
                    "highlight the reorder ones in red",
                ),
            ),
            Task(
                "Reply to the customer who got a broken jar, Linda Osei, order 10482, and offer her a replacement or a refund",
                ("Linda's email", "the broken jar reply", "the order 10482 thing"),
                (
                    "reply to Linda Osei about her broken jar, order 10482, replacement or refund",
                    "write back to the lady with the broken candle",
                ),
                (
                    "Linda Osei left a one star review about the broken jar",
                    "that customer with the broken jar emailed again and she's upset",
                ),
                "Linda called the shop and Bree already sorted it out with her",
                "From: Linda Osei\nOrder #10482 arrived with the jar cracked and wax everywhere. Really disappointed, this was a gift.",
                (
                    "if she wants the refund tell her she doesn't have to send the broken one back",
                    "say sorry first, like actually sorry, not corporate sorry",
                    "offer to cancel the shipping charge too",
                    "throw in a free wax melt as an apology",
                ),
            ),
        ),
    ),
    Persona(
        "freelance developer",
        ("Jess", "Ahmed", "the client"),
        (
            "I'm walking the dog",
            "I'm on the train and the signal's bad",
            "I'm at the gym",
            "I'm in line for coffee",
        ),
        (
            Task(
                "Fix the Stripe webhook in the Brightside app, it's been returning 400 on invoice.paid events since yesterday's deploy",
                ("the webhook", "the Stripe thing", "the Brightside webhook"),
                (
                    "fix the Stripe webhook in Brightside, invoice.paid is getting 400s",
                    "figure out why Brightside's webhook is returning 400",
                ),
                (
                    "Jess says Brightside customers paid but their accounts still show unpaid",
                    "Stripe emailed saying they'll disable the Brightside endpoint if it keeps failing",
                ),
                "Ahmed rolled back yesterday's deploy and the webhook is fine again",
                "POST /webhooks/stripe 400\nstripe.error.SignatureVerificationError: No signatures found matching the expected signature for payload",
                (
                    "I bet it's the body parser, we added express.json globally in that deploy",
                    "don't stop the retries in the Stripe dashboard, they'll replay once it's fixed",
                    "the signing secret in prod is the new one, I rotated it Monday",
                    "write a test with a fixture payload so this doesn't happen again",
                ),
            ),
            Task(
                "Upgrade the docker compose for the Fernleaf project from Postgres 13 to 16 and make sure the migrations still run",
                ("the Postgres upgrade", "the Fernleaf compose thing", "the database upgrade"),
                (
                    "bump Fernleaf's compose from Postgres 13 to 16 and check the migrations",
                    "upgrade Fernleaf to Postgres 16",
                ),
                (
                    "the Fernleaf staging box is still on Postgres 13 and it's end of life next month",
                    "Ahmed's new migration uses a Postgres 15 feature and it fails locally on 13",
                ),
                "the client's moving Fernleaf to a managed database so the compose file won't matter",
                "fernleaf-db-1  | FATAL:  database files are incompatible with server\nfernleaf-db-1  | DETAIL:  The data directory was initialized by PostgreSQL version 13",
                (
                    "just wipe the local volume, there's nothing in it I care about",
                    "keep the healthcheck, the app container waits on it",
                    "pg_dump from the old one first just in case",
                    "if a migration breaks on 16 stop and tell me which one, don't rewrite it",
                ),
            ),
            Task(
                "Build the booking date picker for the Tidewater site, check-in and check-out, blocked dates come from /api/availability",
                ("the date picker", "the Tidewater calendar", "the booking picker"),
                (
                    "build the Tidewater booking date picker with blocked dates from /api/availability",
                    "make the check-in check-out calendar for Tidewater",
                ),
                (
                    "the Tidewater launch got pulled up to next Friday and there's still no way to book",
                    "Jess sent over the mockups for the Tidewater booking calendar",
                ),
                "Tidewater decided to just embed their Airbnb calendar",
                'GET /api/availability?month=2024-07\n{"blocked": ["2024-07-03", "2024-07-04", "2024-07-05"], "min_nights": 2}',
                (
                    "minimum stay is two nights so don't let them pick a one night range",
                    "the back button on mobile should close the calendar not leave the page",
                    "use the brand teal for the selected range",
                    "if the availability call fails just disable the picker and show a message",
                ),
            ),
            Task(
                "Invoice Brightside for October, 42 hours at 95 an hour, use the Harvest export",
                ("the Brightside invoice", "October's invoice", "my invoice"),
                (
                    "send Brightside the October invoice, 42 hours at 95",
                    "make my October invoice for Brightside from the Harvest export",
                ),
                (
                    "rent's due and I still haven't billed Brightside for October",
                    "Jess asked for the October invoice so she can get it into their payment run",
                ),
                "Brightside moved to paying me through their vendor portal so I just upload hours there now",
                "Harvest export Oct: Brightside - Webhook & billing 18.5h, Admin dashboard 16h, Meetings 7.5h",
                (
                    "meetings are billable, leave them in",
                    "put the PO number on it, BS-2291",
                    "net 15, not 30",
                    "round the hours to the half hour",
                ),
            ),
            Task(
                "Add a CSV export button to the admin orders page in the Fernleaf dashboard",
                ("the CSV export", "the export button", "the orders export"),
                (
                    "add a CSV export to the Fernleaf admin orders page",
                    "put an export to CSV button on the orders page",
                ),
                (
                    "the Fernleaf ops person is copying orders into Excel by hand every week",
                    "the client asked for a way to download the orders list",
                ),
                "Fernleaf's ops lady found out she can pull orders from the Shopify admin",
                "orders table columns: id, created_at, customer_email, total_cents, status, refunded_at",
                (
                    "respect the filters on the page, export only what's showing",
                    "convert cents to dollars in the file",
                    "include cancelled orders but keep the status column in",
                    "stream it, some of these exports are like 50k rows",
                ),
            ),
        ),
    ),
    Persona(
        "sales rep",
        ("Rick", "Carlos", "my manager", "the office"),
        (
            "I'm in the car between offices",
            "I'm in a waiting room",
            "I'm on the 101",
            "I'm walking out of a demo",
        ),
        (
            Task(
                "Write a follow up email to Dr Okafor at Lakeside Dental about the demo last Tuesday, mention the trade-in credit",
                ("the Okafor email", "the Lakeside follow up", "the follow up email"),
                (
                    "write Dr Okafor at Lakeside a follow up from Tuesday's demo with the trade-in credit",
                    "follow up with Lakeside Dental on the demo",
                ),
                (
                    "Dr Okafor's office manager called asking about pricing after the demo",
                    "Lakeside is talking to our competitor on Monday",
                ),
                "Lakeside just signed with the competitor",
                "Notes Lakeside demo: Dr. Okafor liked imaging speed, worried re: training time. Current unit 2016, trade-in eligible $4,500.",
                (
                    "mention the training is two half days on site, that was his big worry",
                    "say the trade-in is forty five hundred but only through the end of the quarter",
                    "don't push to close, just offer to come back",
                    "cc Carlos, he's doing the quote",
                ),
            ),
            Task(
                "Do my expense report for the Phoenix trip, receipts are in the Expensify app, mileage was 212 miles",
                ("the expense report", "my Phoenix expenses", "the Expensify thing"),
                (
                    "do the Phoenix expense report from Expensify, 212 miles",
                    "submit my Phoenix trip expenses",
                ),
                (
                    "finance says expense reports are due Friday or they roll to next month",
                    "my card is maxed because the Phoenix trip hasn't been expensed",
                ),
                "the company card got charged for the whole Phoenix trip so there's nothing to reimburse",
                "Expensify: Hilton Phoenix $412.80, Chipotle $14.22, Uber $38.90, Dinner w/ Dr. Singh $186.40",
                (
                    "the dinner with Dr Singh is client entertainment, put his name and practice",
                    "mileage rate is 67 cents",
                    "leave the Chipotle off, I paid that personally",
                    "put it under the Southwest territory code",
                ),
            ),
            Task(
                "Set up meetings with the three clinics in Scottsdale for Thursday, spaced out so I have time to drive between them",
                ("the Scottsdale meetings", "Thursday's meetings", "the clinic visits"),
                (
                    "book the three Scottsdale clinics for Thursday with drive time in between",
                    "set up my Thursday in Scottsdale",
                ),
                (
                    "Rick wants me in Scottsdale Thursday and nothing's booked",
                    "the Scottsdale clinics only take reps on Thursdays",
                ),
                "Rick's taking the Scottsdale accounts over himself",
                "Scottsdale: Desert Ridge Ortho (Pam), Camelback Family Dental (Dr. Lin), Pinnacle Peak Pediatrics - front desk only",
                (
                    "Pinnacle Peak only sees reps before 10",
                    "leave 45 minutes between each, the 101 is a nightmare",
                    "if Camelback can't do Thursday move them to Friday morning",
                    "I'm bringing lunch for Desert Ridge, put that in the calendar note",
                ),
            ),
            Task(
                "Update the Q4 pipeline slides for Monday's call with Rick using the new numbers from Salesforce",
                ("the pipeline slides", "the Q4 deck", "the deck for Rick"),
                (
                    "update the Q4 pipeline deck with the new Salesforce numbers",
                    "redo the pipeline slides for Monday",
                ),
                (
                    "Rick moved the pipeline review up to tomorrow morning",
                    "the Salesforce numbers changed after the Lakeside thing",
                ),
                "Rick cancelled the pipeline review, we're doing it verbally",
                "Q4 pipeline (SFDC): Commit $182k, Best case $260k, Closed $94k. Lakeside moved to Closed Lost.",
                (
                    "take Lakeside out of commit",
                    "put the closed number first, Rick likes good news first",
                    "back out the Mesa deal, it slipped to Q1",
                    "keep it to 5 slides max",
                ),
            ),
        ),
    ),
    Persona(
        "parent",
        ("Mike", "my mom", "Coach Dan", "Jenny from the PTA"),
        (
            "I'm in the pickup line",
            "I'm at the grocery store",
            "I've got the baby on one arm",
            "I'm at swim lessons",
        ),
        (
            Task(
                "Book a place for Maya's 8th birthday party on Saturday the 14th, about 15 kids, trampoline park or something like that, under 400 dollars",
                ("Maya's party", "the birthday party", "the trampoline park booking"),
                (
                    "book something for Maya's birthday on the 14th, 15 kids, under 400",
                    "find a party place for Maya's 8th",
                ),
                (
                    "Maya's party is in two weeks and we have no venue",
                    "half the class already got save the dates for Maya's party and we don't have a place",
                ),
                "my mom insisted on doing Maya's party at her house",
                "Jump Zone party pkg: 10 jumpers $299, addl jumper $18, 90 min, pizza + drinks, party room 30 min",
                (
                    "no slime places, last time was a disaster",
                    "ask if they have grip socks or if we gotta buy those",
                    "if it's over 400 with the extra kids that's fine up to like four fifty",
                    "Saturday afternoon, not morning, Maya has swim",
                ),
            ),
            Task(
                "Make a carpool schedule for soccer with the Nguyens and the Brooks, practices are Tuesday and Thursday at 5:30",
                ("the carpool schedule", "the soccer carpool", "the carpool thing"),
                (
                    "make the soccer carpool with the Nguyens and the Brooks for Tuesdays and Thursdays",
                    "put together a carpool schedule for soccer",
                ),
                (
                    "the Brooks texted asking who's driving Tuesday",
                    "Coach Dan moved practice to 5:30 and nobody knows who's driving",
                ),
                "the Nguyens are switching to the other team so there's no carpool",
                "Kim Nguyen: we can do Tues but not Thurs pickup, my shift ends at 6. Brooks can do any day but the minivan only fits 5",
                (
                    "the Nguyens can't do Thursday pickups",
                    "the Brooks van only fits 5 so count the car seats",
                    "Mike can do Tuesdays but I do Thursdays",
                    "put it in a shared calendar so everybody gets reminders",
                ),
            ),
            Task(
                "Email Mrs Kowalski that Liam will miss school Friday for the dentist and ask for his homework",
                ("the email to Mrs Kowalski", "Liam's teacher email", "the dentist email"),
                (
                    "email Mrs Kowalski that Liam's out Friday for the dentist and ask for homework",
                    "let Liam's teacher know he's missing Friday",
                ),
                (
                    "Liam's dentist appointment is Friday and the school needs a note",
                    "the attendance office called about Liam being out Friday",
                ),
                "the dentist rescheduled to the summer so Liam's not missing school",
                "Dentist: Bright Smiles Pediatric, Fri 10:15am, Liam Carter",
                (
                    "say he'll be back after lunch probably",
                    "ask if there's a spelling test he needs to make up",
                    "sign it from both me and Mike",
                    "don't say dentist just say appointment, he's embarrassed",
                ),
            ),
            Task(
                "Order the school supply list for Maya's class on Amazon, the list is in the photo I sent, keep it under 80 dollars",
                ("the school supplies", "the supply order", "Maya's school list"),
                (
                    "order Maya's school supply list on Amazon under 80",
                    "get the school supplies ordered",
                ),
                (
                    "school starts Monday and Maya has none of her supplies",
                    "the teacher emailed a reminder that supplies are due Wednesday",
                ),
                "the PTA is buying supply kits for the whole class",
                "2nd grade list: 24 crayons, 12 #2 pencils, 2 glue sticks, 1 red folder, 1 blue folder, wide rule notebook, headphones",
                (
                    "the headphones have to be over the ear, not earbuds",
                    "get Ticonderoga pencils the cheap ones break",
                    "no glitter glue, the teacher said",
                    "ship it to my mom's, we won't be home",
                ),
            ),
        ),
    ),
    Persona(
        "researcher",
        ("my PI", "Hannah", "the grants office", "my co-author"),
        (
            "I'm in the lab with gloves on so this is voice",
            "I'm walking across campus",
            "I'm in the cold room",
            "I'm at the bus stop",
        ),
        (
            Task(
                "Fix my R script for the survival analysis, the cox model throws an error about strata ever since I added the site variable",
                ("the R script", "the cox model", "the survival analysis"),
                (
                    "fix the cox model error in my survival script",
                    "get the survival analysis running again with the site variable",
                ),
                (
                    "my PI wants the survival curves for lab meeting Thursday",
                    "reviewer two asked for the model adjusted for site",
                ),
                "my PI decided we're dropping the survival analysis from the paper",
                "Error in coxph(Surv(time, status) ~ age + strata(site) + site, data = df) :\n  strata() and the same variable as a covariate",
                (
                    "site has to stay as strata, not a covariate",
                    "the stop time column is in days not months, check that",
                    "don't drop the patients with missing BMI, impute them like before",
                    "plot the curves by treatment arm after it runs",
                ),
            ),
            Task(
                "Draft the budget justification for the R21, two years, one postdoc at 50 percent effort, and 15k a year for sequencing",
                ("the budget justification", "the R21 budget", "the budget"),
                (
                    "draft the R21 budget justification, two years, postdoc at 50 percent, 15k sequencing",
                    "write the budget justification for the R21",
                ),
                (
                    "the grants office needs the R21 budget justification by Wednesday",
                    "my PI just told me the R21 is due in 9 days",
                ),
                "we're not submitting the R21 this cycle",
                "Budget: Y1 postdoc 50% $34,500 + fringe 28%; sequencing $15,000; Y2 same +3%; travel $2,000 Y2 only",
                (
                    "put travel in year two only, for the conference",
                    "fringe is 28 percent",
                    "don't pad the sequencing, the reviewers will catch that",
                    "mention Hannah at 5 percent, no salary",
                ),
            ),
            Task(
                "Format the references in the manuscript to AMA style, about 60 of them, they're in the Zotero library called gut_microbiome_paper",
                ("the references", "the AMA formatting", "the citations"),
                (
                    "convert the manuscript references to AMA from the gut_microbiome_paper library",
                    "fix the references to AMA style",
                ),
                (
                    "the journal bounced the manuscript because the references aren't AMA",
                    "my co-author says half the citations are broken",
                ),
                "we're sending it to a journal that uses Vancouver so the AMA formatting is pointless",
                "Ref 14: Smith J, et al. Gut microbiome and... Nature Medicine 2021. doi missing",
                (
                    "use et al after three authors",
                    "italicize the journal names",
                    "a couple are missing DOIs, flag them instead of guessing",
                    "the preprint should be cited as the published version now",
                ),
            ),
            Task(
                "Book my flight and hotel for the ASM conference in Atlanta, June 12 to 16, economy, hotel close to the convention center",
                ("the Atlanta trip", "the conference booking", "my ASM travel"),
                (
                    "book flight and hotel for ASM in Atlanta, the 12th to the 16th of June",
                    "get my Atlanta conference travel booked",
                ),
                (
                    "the ASM hotel block closes Friday",
                    "the department travel freeze starts next week so Atlanta has to be booked now",
                ),
                "the abstract got rejected so I'm not going to Atlanta",
                "ASM Microbe - Atlanta GA - Jun 13-17. Hotel block: Omni $289/nt code ASM24. Deadline May 20.",
                (
                    "use the university travel portal, not Expedia, or they won't reimburse",
                    "aisle seat please",
                    "don't book the Omni if it's over 300 a night, the per diem won't cover it",
                    "fly back the 16th in the evening, not the morning",
                ),
            ),
            Task(
                "Find a time for lab meeting next week that works for everyone, our calendars are shared",
                ("the lab meeting", "the lab meeting scheduling", "finding a time for lab meeting"),
                (
                    "find a lab meeting time next week that works for everyone",
                    "schedule lab meeting for next week",
                ),
                (
                    "nobody knows when lab meeting is next week",
                    "Hannah is presenting next week and there's no time set",
                ),
                "my PI cancelled lab meeting next week because of the site visit",
                "Hannah: I can't do Tue/Thu mornings (teaching). PI out Wed. Jorge only after 1pm.",
                (
                    "Hannah can't do mornings Tuesday or Thursday",
                    "make it an hour, not 90 minutes",
                    "book the small conference room if it's in person",
                    "if there's no slot for everybody prioritize my PI and Hannah",
                ),
            ),
        ),
    ),
)

_FILL = (
    "um",
    "okay so",
    "so like",
    "uh",
    "ok um",
    "yeah so",
    "alright",
    "hey",
    "so",
    "okay",
    "hey um",
    "right so",
)
_WHEN = (
    "till Monday",
    "until next week",
    "til after the holidays",
    "till I'm back at my desk",
    "until tomorrow",
    "for a couple days",
    "til the end of the month",
    "until I say so",
)
_REASON = (
    "the money's not there yet",
    "I gotta check with somebody first",
    "I'm not even sure we need it",
    "things are crazy right now",
    "I don't have the numbers yet",
    "it's just not a priority this week",
    "I want to sleep on it",
    "I'm waiting to hear back",
)
_RESOLVED = (
    "I got the go ahead",
    "the numbers came through",
    "I heard back",
    "it's sorted now",
    "that got cleared up",
    "we're good to go",
)

# ---------------------------------------------------------------- switch (68)
_SWITCH: tuple[str, ...] = (
    "{fill} forget {cur} for now I need you to {new}",
    "okay scratch that, {cur}, the whole thing. {new} instead",
    "actually stop on {cur}. {new}",
    "wait no actually can you {new} first, {cur} can wait",
    "{newctx} so um yeah can you deal with that, just leave {cur} where it is",
    "{who} is gonna handle {cur} so could you {new}",
    "{cur} is moot now, {moot}. so um {new}",
    "{fill} {scene} so bear with me. so I was thinking about {cur} and honestly it's not happening this week, {reason}, you know. what I actually need is for you to {new}. okay thanks",
    "okay so new priority, {newctx}. {new}, that's the only thing I care about today",
    "can you put {cur} on the back burner and {new}",
    "park that. {new}",
    "nope nope not that anymore. {new}",
    "ok so change of plans, {new}",
    "I just realized {newctx}, so drop everything and {new}",
    "hey um {newctx}. that's way more urgent than {cur}, can you jump on it",
    "{who} just sent me this\n\n{newpaste}\n\nso yeah, that's the new priority. {cur} is on ice",
    "leave {cur} where it's at and {new}",
    "okay I honestly don't care about {cur} anymore. {new}",
    "hang on hang on, before you go any further with {cur}, actually don't go any further, I need you to {new}",
    "{cur} can sit {when}. right now {new}",
    "you know what let's not do {cur}. {new}",
    "so um the thing is {who} already did {cur}, so instead could you {new}",
    "thanks for the update on {cur}. yeah I saw your question but it doesn't matter cause we're pausing it, {who}'s call. could you {new} in the meantime",
    "{fill} how fast can you {new}? cause that has to happen before anything else and {cur} is on hold",
    "I'm pulling the plug on {cur}. {new} please",
    "okay so like, {cur}... yeah no. let's {new}",
    "stop stop stop. different thing. {new}",
    "new thing, more important. {new}. the other one can wait",
    "{newctx}. ugh. okay {cur} has to wait, sort that out first",
    "scrap it. {new}",
    "I'm gonna finish {cur} myself tonight, you {new}",
    "can you also um wait no actually forget {cur} completely, I need you to {new}",
    "okay um I just got off the phone with {who} and we're not doing {cur} after all. what we do need is for you to {new}",
    "don't worry about finishing {cur}. {new}",
    "ok that's enough on {cur} for today. {new}",
    "switch gears real quick, {new}",
    "I need you on something else, {new}. {cur} isn't going anywhere",
    "let's hold off on {cur} {when} and in the meantime {new}",
    "so yeah {newctx} and that's kind of a fire, so forget the other thing and help me with that",
    "sorry to yank you around but {new}. we'll deal with {cur} some other time. or not",
    "hey so {who} took over {cur} as of this morning. I need you to {new}",
    "{cur} is dead in the water, {moot}. moving on, {new}",
    "uh huh uh huh okay yeah but we're not gonna need any of that, {moot}. {new}",
    "ignore my last few messages about {cur}. {new}",
    "ok so plan B. no more {cur}. {new}",
    "{scene} and my phone's blowing up about this, {newctx}. so {new} and just leave the other thing",
    "let's table {cur}. could you {new}",
    "I changed my mind about {cur}, don't do it. can you {new}",
    "you can stop working on {cur} now. {new} please",
    "{new}. {cur} is off the table",
    "forget it, not worth it. {new}",
    "okay so I'm in the car and um I was thinking about {cur} and I think we should just wait on it cause {reason}, no rush, so what I want you to do instead is {new}, and um yeah let me know when it's done",
    "{fill} no wait. wait. not {cur}. {new}. sorry my brain is fried",
    "hold up, {cur} isn't urgent anymore, {who} pushed it back. {new}",
    "okay can we drop {cur} and {new}",
    "so funny story, {cur} is off, {moot}. anyway {new}",
    "this is more important than {cur}: {new}. sorry",
    "okay so after talking to {who} we're shelving {cur}. next thing, {new}",
    "you know what just leave {cur} however it is right now. {new}",
    "enough with {cur}, I want you to {new}",
    "{cur}? nah. {new}",
    "change of plan, {who} wants {cur} put on pause, so um, {new} for now",
    "that can wait. {new}",
    "let me stop you there. {new}",
    "{fill} so a couple things. first {newctx}, which, ugh. so {new}. {cur} can sit. and then I'll call {who} about the rest later",
    "{newpaste}\n\n^ that just came in. forget {cur}, {new}",
    "sorry I know you're in the middle of {cur} but {newctx} and I need you to {new}, like now. we'll see about the other one",
    "wait actually, {moot}, so {cur} is kind of pointless. could you {new}",
)

# ---------------------------------------------------------------- stop (48)
_STOP: tuple[str, ...] = (
    "{fill} actually just stop on {cur}, never mind",
    "forget {cur} I'll deal with it when I get home",
    "{who} said they'll take care of {cur} so you can drop it",
    "hold off on {cur} {when}",
    "never mind it's moot, {moot}",
    "scratch {cur} entirely",
    "don't bother with {cur}",
    "okay let's just leave {cur} there for now. I'll get back to you",
    "I'm gonna pull the plug on {cur}, {reason}",
    "stop stop stop, don't do anything else, forget the whole thing",
    "no. cancel it. all of it",
    "park {cur}, we'll pick it up another day",
    "that's enough for today on {cur}, we'll finish it another time",
    "put {cur} on hold, {who} wants to look at it first",
    "{reason} so {cur} isn't happening. thanks anyway",
    "um yeah you know what let's not do {cur} at all",
    "okay so I just talked to {who} and we're not going ahead with {cur}, so just, yeah, leave it",
    "hang on, pause everything on {cur}. I need to think about it",
    "you can stop now, I'll finish the rest of {cur} myself",
    "don't do anything else on {cur} please",
    "I changed my mind, no {cur}",
    "kill it. {cur} is dead, {moot}",
    "drop it",
    "leave it leave it, {who}'s got it",
    "okay so {scene} so quick thing, um, {cur}, I don't want you doing that anymore, {reason}. that's it, talk later",
    "{cur} can wait {when}, nothing else right now I gotta go",
    "scratch that, I don't need it anymore",
    "we're putting {cur} on ice",
    "not worth it honestly, just stop",
    "I'm handing {cur} off to {who} so you're done with it",
    "ok ok that's fine, no need to keep going with {cur}, {moot}",
    "let's shelve {cur} for now",
    "wait don't, stop, I'll just do it myself",
    "{paste}\n\nyeah so never mind all that, {moot}. leave {cur}",
    "on second thought forget the whole thing",
    "you know what, forget I asked",
    "no need for {cur} anymore, thanks though",
    "table it, we'll talk {when}",
    "hold on to what you got for {cur} but don't go any further, I'm not sure we're doing it",
    "alright alright we'll revisit {cur} later, stop there",
    "{fill} can you just like not do {cur}, I'm gonna wait on it",
    "okay so um scratch that um whole thing with {cur}, {who} is like handling it now",
    "cancel {cur}. {reason}",
    "I got a text from {who}, {cur} is off for now",
    "sorry for the run around, we're not doing {cur} after all",
    "{fill} {scene} and I just found out {moot}. so yeah, that's the end of {cur}",
    "okay so. {scene} and I've been going back and forth on this.\n\n{cur}... {reason}, and honestly {who} agrees. so let's just not, for now. I'll let you know if it comes back",
    "whoa whoa hold on. don't finish {cur}. {who} is gonna want a say. just sit tight on it",
)

# ---------------------------------------------------------------- resume (46)
_RESUME: tuple[str, ...] = (
    "okay that's done, back to {old}",
    "alright now let's get back to {old}",
    "where were we on {old} before I pulled you off it",
    "ok pick {old} back up",
    "{who} says go ahead with {old} after all",
    "okay so remember {old}? let's finish that",
    "ok thanks for {between}. now can you go back to what you were doing before",
    "um so yeah back to the thing from earlier",
    "let's finish what we started before {between}",
    "okay {between} is sorted, carry on with {old}",
    "so turns out we are doing {old} after all, carry on where you left off",
    "picking {old} up again, {who} gave the green light",
    "go back to {old} please, the other thing's done",
    "alright where did we leave {old}? keep going on it",
    "now that's out of the way, {olddo}, like we were doing before",
    "okay back on {old}. same as before",
    "{scene} again, let's pick up {old} where we stopped",
    "hey {old}, the one I told you to hold off on, it's back on",
    "ok um we can unpause {old} now",
    "let's circle back to {old}",
    "right so, the earlier thing. {old}. let's wrap that up",
    "so {who} changed their mind again lol, {old} is back on, keep going with it",
    "continue with {old} from where you stopped",
    "ok done with that, what were you in the middle of before? yeah that, keep going",
    "{between} looks good thanks. okay now um {old}, can you finish it",
    "ok resume the one before",
    "alright I think we can go back to {old} now, {resolved}",
    "{old}, um, we parked it earlier, take it off hold",
    "ok un-scratch {old} lol I do need it",
    "let's get {old} finished up now",
    "back to what we were doing",
    "okay and then um the one from this morning, {old}, go ahead and finish that",
    "so I know I said forget {old} but actually I need it, pick it back up",
    "{old} is a go again",
    "ok now where were we",
    "sweet. now the thing we paused, let's get back to it",
    "okay so {between} is handled, thank you, um, and I talked to {who} and we're good to go on {old} again so can you pick that back up where you were, same details as before",
    "jump back into {old}",
    "that's enough of {between} for now, go back to {old}",
    "alright {olddo}, like you were before",
    "ok let's reopen {old}",
    "back on {old}, {resolved}",
    "can we get back to {old} now",
    "um the other thing, you know, the one I told you to wait on, go ahead with it now",
    "{paste}\n\nok so that's handled, see above. now back to {old}",
    "{fill} {resolved}, so the stuff we stopped earlier, {old}, yeah, let's finish it today",
)

# ---------------------------------------------------------------- reply (69)
_REPLY: tuple[str, ...] = (
    "{reply}",
    "{fill} {reply}",
    "yeah that looks good",
    "okay yeah go ahead",
    "how's {cur} coming along",
    "is {cur} done yet or",
    "{reply} and um {reply2}",
    "perfect thank you",
    "sorry {scene}, {reply}",
    "can you read me back what you've got so far",
    "hmm not sure, what do you think",
    "okay so {reply}. that's it, keep going",
    "{paste}\n\nthat's what I was talking about, use that for {cur}",
    "did {who} get back to you about {cur} or no",
    "how long is {cur} gonna take you",
    "no that's wrong, {reply}",
    "uh huh yeah sounds right",
    "ok good, keep going",
    "make sure {who} gets a copy when {cur} is done",
    "okay so I read what you sent and um mostly it's fine, couple things, {reply}, and then also {reply2}, that's it I think, thanks",
    "great, send it over when it's ready",
    "what do you need from me to finish {cur}",
    "don't stop until {cur} is completely done, even if it takes a while",
    "you can stop asking me to confirm every little step on {cur}, just go",
    "no no don't cancel anything, I was just thinking out loud, keep going",
    "is {other} still on hold? just curious, leave it there, stay on {cur}",
    "I'll look at it later tonight, you keep going though",
    "go back to how you had it the first time, that version was better",
    "instead of doing it all at once do the first part and show me",
    "sorry had to pause for a sec, some guy cut me off. okay where are you on {cur}",
    "finish {cur} before anything else, don't jump around",
    "I was gonna ask you about {other} but nah that can wait, keep going on this",
    "cancel that last message, it was meant for {who}. anyway carry on",
    "hold that thought, {who} is asking me something... ok never mind, keep going",
    "wait no scratch what I just said, {reply}",
    "{cur} is still the priority, nothing's changed, just keep at it",
    "I know I said to pause earlier but that was about {other}, this one keep going",
    "no need to stop and check with me, {reply}",
    "we're not switching anything, just {reply}",
    "back up a step. {reply}",
    "you don't have to start over on {cur}, just fix that one part",
    "let's not change course, {cur} is fine, just {reply}",
    "I'll get back to you on that question, for now leave a blank and keep going",
    "we'll deal with {other} another day, right now just keep going on {cur}",
    "what happens if we stop partway through {cur}? like is anything half done gonna be a problem",
    "should we hold off on {cur} or is it fine to keep going? your call, I trust you",
    "don't wait on {who}, just keep going with {cur}",
    "you stopped halfway through your last message, what were you saying about {cur}",
    "looks like your message got cut off, can you finish what you were saying",
    "{fill} is this the last step for {cur} or is there more",
    "I'm pulling over real quick to read it, one sec ... ok {reply}",
    "if it gets too complicated just leave that part out and make a note, keep going on the rest",
    "you're doing great, keep going",
    "um so like, what's left on {cur}",
    "the other thing we parked, {other}, don't touch it yet, I'm still waiting to hear back. how's {cur}",
    "forget what I said about that last part, it was fine the way you had it",
    "I wanna switch one thing: {reply}",
    "{scene}, so I only skimmed it, but yeah, {reply}",
    "oh and before I forget, {reply}",
    "yep. and {reply}",
    "that's not what I said, I said {reply}",
    "quick question on {cur}, are you using the stuff I sent earlier or starting from scratch",
    "no rush on {cur} by the way, whenever it's done it's done, just keep plugging away",
    "ok so um {who} had a thought about {cur}, {reply}, other than that same as before",
    "hmm ok, and what if something goes wrong with {cur} halfway, can we undo it",
    "wait I'm confused, did you already do that part of {cur} or not yet",
    "ok so after {cur} is done I might have something else for you but don't worry about it yet",
    "ha ok yeah that works. {reply}",
    "{fill} okay so {scene}, I read through it twice.\n\n{reply}. also {reply2}.\n\nother than that I think it's good, I'll look again tonight, no need to stop what you're doing",
)

_HOMOPHONES: dict[str, tuple[str, ...]] = {
    "their": ("there",),
    "there": ("their", "they're"),
    "write": ("right", "wright"),
    "right": ("write",),
    "to": ("too", "two"),
    "for": ("four",),
    "know": ("no",),
    "buy": ("by",),
    "by": ("buy", "bye"),
    "here": ("hear",),
    "week": ("weak",),
    "would": ("wood",),
    "two": ("to", "too"),
    "whole": ("hole",),
    "sale": ("sail",),
    "site": ("sight",),
    "meet": ("meat",),
    "wait": ("weight",),
    "hour": ("our",),
    "your": ("you're",),
    "then": ("than",),
    "new": ("knew",),
    "which": ("witch",),
    "through": ("threw",),
    "one": ("won",),
    "sent": ("cent",),
}
_SLIPS: dict[str, str] = {
    "I'll": "ill",
    "we'll": "well",
    "we're": "were",
    "it's": "its",
    "don't": "dont",
    "can't": "cant",
    "won't": "wont",
    "I'm": "im",
    "that's": "thats",
    "definitely": "defiantly",
    "he'll": "hell",
    "doesn't": "doesnt",
}
_NUMS: dict[str, str] = {
    "1": "one",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "12": "twelve",
    "15": "fifteen",
    "16": "sixteen",
    "20": "twenty",
    "30": "thirty",
    "40": "forty",
    "45": "forty five",
    "50": "fifty",
    "80": "eighty",
    "90": "ninety",
}
_INNER_FILL = ("um", "uh", "like", "you know", "I mean")
_TRAIL = (" and um", "...", " so yeah", " you know", " and uh yeah", " or whatever")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def _swap_one(text: str, rng: random.Random) -> str:
    words = [(m.start(), m.end(), m.group(0)) for m in re.finditer(r"[A-Za-z']+", text)]
    hits = [w for w in words if w[2].lower() in _HOMOPHONES]
    if not hits:
        return text
    start, end, word = rng.choice(hits)
    repl = rng.choice(_HOMOPHONES[word.lower()])
    if word[0].isupper():
        repl = repl[0].upper() + repl[1:]
    return text[:start] + repl + text[end:]


def _slip(text: str, rng: random.Random) -> str:
    keys = [k for k in _SLIPS if re.search(rf"(?<![\w']){re.escape(k)}(?![\w'])", text)]
    if not keys:
        return text
    key = rng.choice(keys)
    return re.sub(rf"(?<![\w']){re.escape(key)}(?![\w'])", _SLIPS[key], text, count=1)


def _spell_numbers(text: str) -> str:
    def sub(m: re.Match[str]) -> str:
        return _NUMS.get(m.group(1), m.group(1))

    return re.sub(r"(?<![\w$.,/:#\-])(\d{1,2})(?![\w%/:\-]|[.,]\d)", sub, text)


def _stutter_or_fill(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    if len(words) < 5:
        return text
    i = rng.randrange(1, len(words) - 1)
    if rng.random() < 0.5:
        words.insert(i, words[i])
    else:
        words.insert(i, rng.choice(_INNER_FILL))
    return " ".join(words)


def _voice_part(text: str, rng: random.Random) -> str:
    if rng.random() < 0.35:
        text = _swap_one(text, rng)
    if rng.random() < 0.45:
        text = _spell_numbers(text)
    if rng.random() < 0.25:
        text = _slip(text, rng)
    if rng.random() < 0.2:
        text = _stutter_or_fill(text, rng)
    if rng.random() < 0.3:
        text = re.sub(r"[,.;!?](?=\s|$)", "", text)
    roll = rng.random()
    if roll < 0.35:
        text = text.lower()
    elif roll < 0.7 and text:
        text = text[0].upper() + text[1:]
    return text


def _voice(text: str, paste: str, newpaste: str, rng: random.Random) -> str:
    """Speech-to-text / phone noise on the spoken parts; pasted snippets stay verbatim."""
    parts = text.split(_PASTE)
    spoken = [re.sub(r"[ \t]+", " ", _voice_part(p, rng)) if p.strip() else p for p in parts]
    out = spoken[0]
    fills = [paste, newpaste]
    for i, p in enumerate(spoken[1:]):
        out += fills[i] if i < len(fills) else ""
        out += p
    if _PASTE not in text and rng.random() < 0.12:
        out = out.rstrip(" .") + rng.choice(_TRAIL)
    return out.strip()


def _fill(template: str, slots: dict[str, str]) -> str:
    text = template.format_map(slots)
    return re.sub(r"[ \t]+", " ", text).strip()


def _pick_two(rng: random.Random) -> tuple[Persona, Task, Task]:
    persona = rng.choice(_PERSONAS)
    a, b = rng.sample(list(persona.tasks), 2)
    return persona, a, b


def _base_slots(rng: random.Random, persona: Persona, cur: Task, other: Task) -> dict[str, str]:
    r1, r2 = rng.sample(list(cur.replies), 2)
    return {
        "fill": rng.choice(_FILL),
        "who": rng.choice(persona.whos),
        "scene": rng.choice(persona.scenes),
        "when": rng.choice(_WHEN),
        "reason": rng.choice(_REASON),
        "resolved": rng.choice(_RESOLVED),
        "cur": rng.choice(cur.nicks),
        "moot": cur.moot,
        "paste": _PASTE,
        "reply": r1,
        "reply2": r2,
        "other": rng.choice(other.nicks),
        "new": rng.choice(other.does),
        "newctx": rng.choice(other.ctxs),
        "newpaste": _PASTE,
    }


def _make(kind: str, template: str, rng: random.Random) -> Case:
    persona, a, b = _pick_two(rng)
    if kind == "resume":
        # a = stopped earlier, b = done in between (current_task)
        slots = _base_slots(rng, persona, b, a)
        slots["old"] = rng.choice(a.nicks)
        slots["olddo"] = rng.choice(a.does)
        slots["between"] = rng.choice(b.nicks)
        slots["moot"] = a.moot
        text = _fill(template, slots)
        text = _voice(text, b.paste, a.paste, rng)
        return {"kind": kind, "text": text, "current_task": b.ask, "stopped_task": a.ask}
    slots = _base_slots(rng, persona, a, b)
    text = _fill(template, slots)
    first_paste, second_paste = a.paste, b.paste
    if "{paste}" not in template and "{newpaste}" in template:
        first_paste = b.paste
    text = _voice(text, first_paste, second_paste, rng)
    return {"kind": kind, "text": text, "current_task": a.ask, "stopped_task": None}


_TEMPLATES: dict[str, tuple[str, ...]] = {
    "switch": _SWITCH,
    "stop": _STOP,
    "resume": _RESUME,
    "reply": _REPLY,
}


def generate(seed: int) -> list[Case]:
    """Return 600 labelled, deduplicated, shuffled cases for ``seed``."""
    rng = random.Random(seed)
    seen: set[str] = set()
    cases: list[Case] = []
    for kind in KINDS:
        pool = list(_TEMPLATES[kind])
        rng.shuffle(pool)
        want = PLAN[kind]
        made = 0
        step = 0
        while made < want:
            if step > want * 200:
                raise RuntimeError(f"could not fill {kind!r} with distinct texts")
            case = _make(kind, pool[step % len(pool)], rng)
            step += 1
            key = _norm(str(case["text"]))
            if key in seen:
                continue
            seen.add(key)
            cases.append(case)
            made += 1
    rng.shuffle(cases)
    return cases


def _task_count() -> int:
    return sum(len(p.tasks) for p in _PERSONAS)


if __name__ == "__main__":
    print(
        f"{len(_PERSONAS)} personas, {_task_count()} tasks, "
        f"{len(_SWITCH) + len(_STOP) + len(_RESUME) + len(_REPLY)} templates "
        f"(switch {len(_SWITCH)}, stop {len(_STOP)}, resume {len(_RESUME)}, reply {len(_REPLY)}), "
        f"{sum(len(t.replies) for p in _PERSONAS for t in p.tasks)} task-specific replies"
    )
    for s in (0, 1, 2):
        got = generate(s)
        counts = Counter(str(c["kind"]) for c in got)
        distinct = len({_norm(str(c["text"])) for c in got})
        print(f"seed {s}: {dict(counts)} distinct texts: {distinct} total: {len(got)}")
        assert len(got) == 600, len(got)
        assert counts == Counter(PLAN), counts
        assert distinct == 600, distinct
        for c in got:
            assert set(c) == {"kind", "text", "current_task", "stopped_task"}, c
            assert c["kind"] in KINDS
            assert c["text"], c
            assert c["current_task"], c
            assert (c["stopped_task"] is not None) == (c["kind"] == "resume"), c
            if c["kind"] == "resume":
                assert c["stopped_task"] != c["current_task"], c
            assert _PASTE not in str(c["text"]), c
        assert generate(s) == got, "not deterministic"
    assert generate(0) != generate(1)
    print("ok")
