# ruff: noqa: E501
"""Held-out corpus ``q`` of a person's turns to an AI chat agent mid-task. Written blind.

Written as an independent author from the side of many different people who use an AI agent
in a chat window for non-coding and light technical work: a small-business owner, an office
manager, a teacher, a researcher, a traveller talking to an airline/hotel/retail support
agent, someone sorting their personal finances, someone planning an event. Opened while
writing: only lines 1-60 of ``benchmarks/_turns_corpus_j.py`` (its docstring, imports and
``KINDS``), to copy the interface; none of its wording is reused. NOT opened or grepped:
anything under ``src/``, ``tests/`` or ``benchmarks/results/``, and every other
``benchmarks/_turns_corpus_*.py`` file (including the rest of corpus ``j``). packlight's
classifier and benchmarks were never run on this corpus; do not tune this file against the
classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated on normalised text (a text never appears twice, so never under two kinds; the
file dedups on an even stricter key that also ignores punctuation and emoji) and shuffled
with ``random.Random(seed)``. Each case is a dict with:

- ``kind``: ``"switch"`` (the task in force is stopped, parked or replaced and a different
  task is asked for in the same message, in any wording), ``"stop"`` (stopped, cancelled,
  parked or handed off, nothing new asked), ``"resume"`` (back to a task stopped earlier) or
  ``"reply"`` (everything else said mid-task);
- ``text``: the message as typed;
- ``current_task``: the task in force, as the person first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- 36 everyday chat tasks with concrete details: a cancelled Lisbon flight refund (ZX4K9P),
  moving a Munich hotel booking, a Kyoto itinerary with an elderly parent, a BA117 seat
  change, a Schengen visa checklist from Manila, an Iceland rental car, Dublin-Berlin flights,
  cancelling a Brighton B&B stay, a broken-lamp return, a missing headphones order, a landlord
  email about a boiler, a CV edit, a bakery newsletter, an energy-bill complaint, a press
  release, translating a German rent letter, a household budget, comparing car insurance
  quotes, cancelling a gym membership, sorting tax receipts, disputing a card charge, pension
  numbers, scheduling a kickoff, cleaning a contact CSV, a timesheet reminder, a Q3 client
  deck, board minutes, a council report summary, a grant summary, a team offsite, a wedding
  RSVP tracker, a kid's birthday party, an anniversary dinner, a Year 9 lesson plan, a class
  newsletter and a flat search in Leipzig.
- Each task carries: short names people use later ("the refund", "the adler booking"),
  request phrasings used when it is asked for as a new task, implicit asks that only describe
  the problem ("my headphones from tech4less never came"), reason-only cancellations ("my boss
  just said the offsite is off", "the headphones just arrived lol"), plain same-task answers,
  and same-task look-alikes that use stop/cancel/pause/switch/instead/back/change words as
  the task's own subject matter ("switch to aisle seat", "ask them to stop estimating my
  readings", "go back to the ones with balcony", "yes cancel both rooms").
- Switch, stop and resume wording is mostly indirect ("nvm", "scratch that", "park it",
  "hold off", "x is taking over", a reason alone, "where were we on", "now the email from
  before"); only a minority uses the literal words stop/switch/instead/cancel. Some switches
  answer the agent's question first and then change the subject; some name the new task only
  by describing a problem. Replies also include asking about another task without taking it
  up, and "wait stop" corrections that keep the same task.
- About 180 framing templates (switch, stop, resume, reply frames and stock replies) are
  cycled per kind and filled from seeded slots, then register noise is applied to any kind at
  the same rates (lowercase, dropped apostrophes and punctuation, texting abbreviations,
  one-letter typos, emoji); a few templates are written in non-native English. Standard
  library only.

``python benchmarks/_turns_corpus_q.py`` prints the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")

PLAN: tuple[tuple[str, int], ...] = (
    ("switch", 180),
    ("stop", 120),
    ("resume", 120),
    ("reply", 180),
)

Case = dict[str, str | None]


@dataclass(frozen=True)
class Task:
    """One chat task and the ways a person talks about it later."""

    key: str
    ask: str
    refs: tuple[str, ...]
    reqs: tuple[str, ...]
    implicit: tuple[str, ...]
    reasons: tuple[str, ...]
    details: tuple[str, ...]
    lookalikes: tuple[str, ...]
    about_cancel: bool = False


TASKS: tuple[Task, ...] = (
    Task(
        key="flight_refund",
        ask="My flight to Lisbon on 3 May was cancelled by the airline (booking ZX4K9P). Can you help me request a full refund instead of the voucher they offered?",
        refs=("the refund", "the lisbon refund", "the ZX4K9P refund", "the flight refund thing"),
        reqs=(
            "help me get a refund for my cancelled Lisbon flight, booking ZX4K9P",
            "chase the airline for my money back on booking ZX4K9P",
        ),
        implicit=(
            "my lisbon flight got cancelled and they only offered a voucher, i want my money back",
            "can you look at my lisbon flight refund, booking ZX4K9P",
        ),
        reasons=(
            "the airline just emailed, they've already refunded the full amount",
            "turns out my travel insurance covers it and they're handling the claim",
        ),
        details=(
            "the booking code is ZX4K9P",
            "it was 2 tickets, 486 euros total",
            "i paid with my visa ending 4471",
            "the flight number was TP1351",
            "they sent the voucher email on april 28",
        ),
        lookalikes=(
            "make clear that THEY cancelled it, i didn't cancel it myself",
            "say i don't want the voucher, i want the money back instead",
            "mention the cancellation was less than 14 days before departure",
            "ask them to stop sending me voucher offers",
            "should i switch to a chargeback with my bank if they ignore this?",
        ),
    ),
    Task(
        key="hotel_change",
        ask="Can you move my hotel booking at the Hotel Adler in Munich from 12-14 June to 14-16 June? Confirmation number is 88213407.",
        refs=("the hotel change", "the munich hotel", "the adler booking"),
        reqs=(
            "move my Munich hotel booking at the Adler to 14-16 June, confirmation 88213407",
            "change the dates on my Hotel Adler reservation in Munich",
        ),
        implicit=(
            "my hotel in munich is booked for the wrong dates, the 12th should be the 14th",
            "can you look at my munich hotel for the 14th",
        ),
        reasons=(
            "the trade fair got postponed to autumn so i won't be going to munich at all",
            "my assistant already called the hotel and fixed the dates",
        ),
        details=(
            "confirmation number 88213407",
            "it's a single room, breakfast included",
            "the booking is on name of Kowalski",
            "i booked through their own website not booking.com",
            "check-in after 6pm is fine",
        ),
        lookalikes=(
            "don't cancel the booking, just change the dates",
            "if they charge a change fee, ask if cancelling and rebooking is cheaper",
            "change the date to the 14th, not the 15th",
            "switch it to a room with a desk if they have one",
            "if the 14th isn't available, stop and ask me before doing anything",
        ),
    ),
    Task(
        key="email_landlord",
        ask="Please draft an email to my landlord, Mr. Patel, about the boiler that's been broken since Monday.",
        refs=("the landlord email", "the email to mr patel", "the boiler email"),
        reqs=(
            "draft an email to my landlord Mr Patel about the broken boiler",
            "write to my landlord about the boiler, it's been off since monday",
        ),
        implicit=(
            "the boiler in my flat has been broken since monday and mr patel isn't answering calls",
            "no hot water since monday and the landlord is ignoring me",
        ),
        reasons=(
            "mr patel just showed up with a plumber, boiler's fixed",
            "my flatmate already emailed him about it",
        ),
        details=(
            "it's been broken since monday the 8th",
            "his name is Raj Patel",
            "the address is flat 4B, 27 Elm Road",
            "i've called him twice already",
            "sign it Hannah",
        ),
        lookalikes=(
            "ask him to stop sending the handyman round without notice",
            "switch the tone to firmer, he's ignored me twice",
            "instead of 'asap' give him a date, friday",
            "mention i may cancel the standing order if nothing happens",
            "add that i had to stop using the shower completely",
        ),
    ),
    Task(
        key="lamp_return",
        ask="I need to return order #40-1187 from HomeStyle, the lamp arrived broken. Can you help me start the return and get my money back?",
        refs=("the lamp return", "the homestyle return", "order 40-1187"),
        reqs=(
            "start a return for HomeStyle order #40-1187, the broken lamp",
            "help me send back the broken lamp from HomeStyle",
        ),
        implicit=(
            "the lamp from homestyle arrived smashed, order 40-1187",
            "homestyle sent me a broken lamp and their returns page makes no sense",
        ),
        reasons=(
            "homestyle just emailed that they're sending a replacement automatically",
            "my husband already took it back to the store",
        ),
        details=(
            "order number is 40-1187",
            "it cost £64.99",
            "the base is cracked, i have photos",
            "it was delivered last tuesday",
            "i'd prefer a refund to the card, not store credit",
        ),
        lookalikes=(
            "don't cancel the whole order, the bulbs were fine",
            "if they offer a replacement instead, say no thanks",
            "ask if i can drop it back at a store instead of a courier pickup",
            "i already cancelled the second lamp on that order, so only return the broken one",
            "is there a return deadline? don't want to miss it",
        ),
    ),
    Task(
        key="cv_edit",
        ask="Could you edit my CV for a marketing manager role at Brightwave? Make it fit on one page.",
        refs=("my CV", "the CV", "the brightwave CV"),
        reqs=(
            "tighten my CV for the Brightwave marketing manager job",
            "edit my CV down to one page for Brightwave",
        ),
        implicit=(
            "my brightwave application is due friday and my cv is 3 pages long",
            "can you look at my cv, the brightwave job closes friday",
        ),
        reasons=(
            "brightwave just filled the role internally",
            "a recruiter friend is redoing my CV for free",
        ),
        details=(
            "i was at Norland Foods 2019-2024",
            "yes keep the languages section",
            "the degree was BA Business, Leeds, 2016",
            "drop the hobbies",
            "i led a team of 4",
        ),
        lookalikes=(
            "change 'responsible for' to stronger verbs",
            "switch the order, experience before education",
            "instead of the objective statement put a 2 line summary",
            "stop using the word 'passionate' lol",
            "cut back the old 2012 jobs to one line each",
        ),
    ),
    Task(
        key="budget_sheet",
        ask="Help me build a monthly household budget spreadsheet — income 3,850 after tax, rent 1,240, and we want to save 400 a month.",
        refs=("the budget", "the household budget", "the budget spreadsheet"),
        reqs=(
            "set up a monthly household budget sheet for us, income 3,850 after tax",
            "build me a household budget spreadsheet with rent 1,240 and 400 savings",
        ),
        implicit=(
            "we keep running out of money before payday, we need some kind of monthly budget",
            "can you look at our monthly spending, 3,850 coming in and it's all gone by the 20th",
        ),
        reasons=(
            "my partner set us up on the bank's budgeting app, so no need",
            "we're seeing a money adviser next week who'll do the budget with us",
        ),
        details=(
            "car insurance is 72 a month",
            "groceries are around 550",
            "we get child benefit, 102 a month",
            "put it in google sheets format",
            "netflix and spotify are 23 together",
        ),
        lookalikes=(
            "add a row for subscriptions we should cancel",
            "put a column that flags when we should stop eating out for the month",
            "instead of a pie chart do a bar chart",
            "add a line for the gym we paused in march",
            "switch the savings goal to 350, 400 is too tight",
        ),
    ),
    Task(
        key="kyoto_itinerary",
        ask="Plan a 5-day itinerary for Kyoto for me and my mum, 9-13 October. She can't walk too far.",
        refs=("the kyoto itinerary", "the itinerary", "the kyoto trip"),
        reqs=(
            "plan a 5 day Kyoto itinerary for me and my mum, 9-13 October",
            "put together a Kyoto trip plan for October, easy walking",
        ),
        implicit=(
            "mum and i are in kyoto 9-13 october and i have no idea what to do there",
            "can you look at kyoto for october, it's me and my mum",
        ),
        reasons=(
            "mum's doctor says she can't fly this year, so kyoto is off",
            "we've booked a guided tour package that covers everything",
        ),
        details=(
            "we're staying near Kyoto Station",
            "she likes gardens and temples, not shopping",
            "max 2 hours walking a day",
            "we arrive 9 oct around 3pm",
            "taxis are fine budget-wise",
        ),
        lookalikes=(
            "add a stop at fushimi inari but only the lower gates",
            "switch day 2 and day 4, the weather looks better later",
            "instead of nishiki market put the tea ceremony",
            "we'll need to go back to the hotel for a rest after lunch each day",
            "if it rains cancel the bamboo grove and do the museum",
        ),
    ),
    Task(
        key="bakery_newsletter",
        ask="Write the October newsletter for my bakery, Crumb & Co — new pumpkin loaf, and Sunday hours change to 8-2.",
        refs=("the newsletter", "the october newsletter", "the crumb & co newsletter"),
        reqs=(
            "write the October newsletter for Crumb & Co",
            "draft this month's bakery newsletter about the pumpkin loaf and sunday hours",
        ),
        implicit=(
            "the bakery newsletter should've gone out on the 1st, pumpkin loaf and new sunday hours",
            "crumb & co customers still don't know about the new sunday hours",
        ),
        reasons=(
            "my business partner already sent the newsletter this morning",
            "we're skipping the newsletter this month, too busy with the shop",
        ),
        details=(
            "pumpkin loaf is £4.50",
            "sunday hours are 8 to 2 starting oct 6",
            "sign off as Marta",
            "about 200 words max",
            "mention the loyalty card",
        ),
        lookalikes=(
            "add a line that we're stopping the wednesday sourdough for winter",
            "say the cinnamon rolls are back!",
            "switch the headline to 'Pumpkin season is here'",
            "mention we've cancelled the halloween workshop, sorry",
            "put the unsubscribe link at the bottom so people can stop getting these",
        ),
    ),
    Task(
        key="kickoff_meeting",
        ask="Find a 1-hour slot next week for a project kickoff with Dana, Luis and Priya. Luis is only free mornings.",
        refs=(
            "the kickoff meeting",
            "the meeting with dana luis and priya",
            "the kickoff scheduling",
        ),
        reqs=(
            "find a 1 hour slot next week for the kickoff with Dana, Luis and Priya",
            "schedule the project kickoff with Dana, Luis and Priya, mornings only",
        ),
        implicit=(
            "i still need to get dana luis and priya in a room next week for the kickoff",
            "can you look at calendars for dana luis and priya next week",
        ),
        reasons=(
            "the project got shelved at the board meeting",
            "Priya's assistant already sent an invite for thursday",
        ),
        details=(
            "Dana is in Berlin so CET",
            "Priya can't do Tuesday",
            "use the big meeting room, room 3",
            "a teams link is fine",
            "mornings only for Luis, before 12",
        ),
        lookalikes=(
            "if thursday won't work, switch it to a teams call",
            "move it back half an hour",
            "put a note in the invite: please don't cancel last minute",
            "stop at those 3, don't invite the whole team",
            "if Luis has to pause at 11 for his standup that's fine",
        ),
    ),
    Task(
        key="insurance_compare",
        ask="Compare these three car insurance quotes for me — Aviva £612, Direct Line £580, Admiral £655 — and tell me which is best value.",
        refs=("the insurance quotes", "the car insurance comparison", "the insurance thing"),
        reqs=(
            "compare my three car insurance quotes from Aviva, Direct Line and Admiral",
            "tell me which car insurance quote is best value, Aviva 612, Direct Line 580 or Admiral 655",
        ),
        implicit=(
            "my car insurance renews on the 20th and i've got three quotes sitting here",
            "aviva 612, direct line 580, admiral 655 for the car, which one??",
        ),
        reasons=(
            "my current insurer just matched the cheapest quote so i'm staying",
            "i'm selling the car next month, so it's not worth it",
        ),
        details=(
            "the Aviva one has £250 excess",
            "Direct Line includes a courtesy car",
            "Admiral has breakdown cover included",
            "i drive about 8k miles a year",
            "6 years no claims",
        ),
        lookalikes=(
            "check what each one charges if i cancel mid-year",
            "does any of them let me pause cover while the car is off the road?",
            "should i switch to monthly payments or pay annual?",
            "stop me if i'm wrong but isn't Admiral the only one with breakdown?",
            "compare them again with legal cover added back in",
        ),
    ),
    Task(
        key="contacts_cleanup",
        ask="Clean up my client contact list in contacts.csv — about 1,200 rows. Remove duplicates and fix the phone number formats.",
        refs=("the contact list", "the contacts cleanup", "contacts.csv"),
        reqs=(
            "clean up my contacts.csv, duplicates and phone formats",
            "dedupe my client contact list, about 1,200 rows",
        ),
        implicit=(
            "my client contact list is a mess, there are duplicates everywhere",
            "half the phone numbers in contacts.csv are in different formats",
        ),
        reasons=(
            "IT is migrating everything to the new CRM which dedupes automatically",
            "my intern already cleaned it yesterday",
        ),
        details=(
            "phones should be +44 format",
            "keep the most recent row when duplicated",
            "column D is the email",
            "there are about 1,200 rows",
            "ignore the notes column",
        ),
        lookalikes=(
            "add a column flagging people who asked us to stop contacting them",
            "remove anyone marked 'cancelled account'",
            "switch first and last name where they're reversed",
            "instead of deleting dupes, move them to a separate tab",
            "stop at row 1000, the rest are empty",
        ),
    ),
    Task(
        key="report_summary",
        ask="Summarise the 40-page Greenfield Council housing report into one page for our team meeting on Thursday.",
        refs=("the housing report summary", "the greenfield summary", "the report summary"),
        reqs=(
            "summarise the Greenfield housing report into one page",
            "give me a one-page summary of the Greenfield Council report",
        ),
        implicit=(
            "i have to present the greenfield housing report thursday and haven't read it",
            "the greenfield council report is 40 pages and i have 20 minutes",
        ),
        reasons=(
            "thursday's meeting got scrapped",
            "my colleague Tom already wrote a summary",
        ),
        details=(
            "focus on chapters 3 and 5",
            "the audience is non-experts",
            "bullet points are fine",
            "include the 2,400 new homes figure",
            "we care mostly about the rental section",
        ),
        lookalikes=(
            "include the part about the council pausing the east site",
            "the bit about them cancelling the bus route matters for us",
            "switch to plain english, less jargon",
            "stop at one page, no appendix",
            "instead of page refs give section numbers",
        ),
    ),
    Task(
        key="offsite",
        ask="Help me plan our team offsite for 25 people on 19 September — a venue within an hour of Bristol, budget £3,000.",
        refs=("the offsite", "the offsite planning", "the team offsite"),
        reqs=(
            "plan the team offsite for 25 people near Bristol on 19 Sept",
            "find venues for our offsite near Bristol, 25 people, £3k",
        ),
        implicit=(
            "we need somewhere near bristol for 25 people on the 19th of sept, team day",
            "can you look at venues near bristol for the 19th",
        ),
        reasons=(
            "my boss just said the offsite is off",
            "HR is organising the offsite centrally now",
        ),
        details=(
            "6 people need vegetarian options",
            "we need a projector",
            "a coach from the office is ok",
            "9am to 5pm",
            "the budget includes lunch",
        ),
        lookalikes=(
            "find a venue with free cancellation up to a week before",
            "if it rains, switch to the indoor option",
            "add a stop at a pub on the way back",
            "instead of a quiz, maybe an escape room?",
            "make sure we can pause for a long lunch",
        ),
    ),
    Task(
        key="gym_cancel",
        ask="Help me cancel my FitLife gym membership, member number FL-20931. They say I need to give notice in writing.",
        refs=("the gym cancellation", "the fitlife letter", "the gym letter"),
        reqs=(
            "write the cancellation letter for my FitLife gym membership, FL-20931",
            "help me get out of my FitLife gym contract",
        ),
        implicit=(
            "fitlife keeps charging me £39 a month and i haven't been since march",
            "my gym wants written notice to end the membership, member FL-20931",
        ),
        reasons=(
            "i've decided to keep the gym after all, new year resolution",
            "they agreed on the phone to end it, no letter needed",
        ),
        details=(
            "member number FL-20931",
            "i joined in january 2023",
            "it was a 12 month contract, already ended",
            "send it to their head office in Reading",
            "my name is Sam Okoro",
        ),
        lookalikes=(
            "make it clear i want them to stop the direct debit too",
            "say i want the cancellation confirmed in writing",
            "don't say 'pause', they'll just freeze it",
            "instead of 30 days notice they said 1 month, use that",
            "yes, cancel from the end of this month",
        ),
        about_cancel=True,
    ),
    Task(
        key="seat_change",
        ask="Can you change my seat on flight BA117 London-New York on 2 November? Booking reference QJ7M2L, I'm in 43E.",
        refs=("the seat change", "the BA117 seat", "my seat"),
        reqs=(
            "get me a different seat on BA117 on 2 Nov, booking QJ7M2L",
            "sort out my seat on the New York flight, I'm stuck in 43E",
        ),
        implicit=(
            "im stuck in a middle seat on ba117 to new york, 7 hours, help",
            "can you look at my seat for the new york flight, ref QJ7M2L",
        ),
        reasons=(
            "i got upgraded at check-in, so don't need it",
            "my company's travel desk changed it for me",
        ),
        details=(
            "booking ref QJ7M2L",
            "surname is Moreau",
            "i'm happy to pay up to £50",
            "exit row if possible",
            "i am travelling alone, is only me",
        ),
        lookalikes=(
            "switch to aisle seat, window is fine too, just not middle",
            "if there's a fee, stop and check with me",
            "instead of 43E any aisle in the back",
            "change it back to 43E if the fee is over 50",
            "don't cancel my vegetarian meal when you change it",
        ),
    ),
    Task(
        key="wedding_rsvp",
        ask="Help me make an RSVP tracker for my sister's wedding — 140 guests, meal choice, plus-ones and dietary needs.",
        refs=("the rsvp tracker", "the wedding sheet", "the guest list"),
        reqs=(
            "make an RSVP tracker for my sister's wedding, 140 guests",
            "set up the wedding guest spreadsheet with meals and plus-ones",
        ),
        implicit=(
            "my sister's wedding has 140 guests and she's tracking rsvps on paper",
            "the wedding rsvps are all over whatsapp and email, 140 people",
        ),
        reasons=(
            "the venue has its own guest app they're making us use",
            "my sister said she wants to do it herself",
        ),
        details=(
            "meal options are beef, fish, veg",
            "the rsvp deadline is 1 August",
            "kids under 12 don't need a meal choice",
            "140 invited",
            "add a table number column",
        ),
        lookalikes=(
            "add a status 'cancelled' for people who said yes then dropped out",
            "switch plus-one to yes/no instead of a name",
            "if someone changes back from no to yes keep the history",
            "stop counting kids in the meal total",
            "put the dietary column back next to the meal choice",
        ),
    ),
    Task(
        key="tax_receipts",
        ask="Sort my 2023 freelance receipts into expense categories for my self-assessment. I've pasted all 86 of them below.",
        refs=("the receipts", "the tax receipts", "the expenses sorting"),
        reqs=(
            "sort my freelance receipts into categories for self assessment",
            "categorise my 2023 business receipts, there are 86",
        ),
        implicit=(
            "self assessment deadline's the 31st and my receipts are in a shoebox, 86 of them",
            "can you look at my 2023 receipts for the tax return",
        ),
        reasons=(
            "my accountant said she'll do the categories herself",
            "i'm using the flat-rate simplified expenses this year, so no need",
        ),
        details=(
            "the train tickets are all client visits",
            "the laptop was £1,299 in march",
            "home office is 20% of the flat",
            "ignore the personal ones marked P",
            "i'm a sole trader",
        ),
        lookalikes=(
            "the adobe subscription i cancelled in june, still count it till then",
            "put the refunded and cancelled orders in a separate category",
            "switch the phone bill to 50% business",
            "instead of monthly totals give me per category",
            "stop at december 31, the january ones go in next year",
        ),
    ),
    Task(
        key="energy_complaint",
        ask="Write a complaint to Northline Energy — they've overcharged me £218 on my last two bills, account 5520-338.",
        refs=("the complaint", "the northline letter", "the energy complaint"),
        reqs=(
            "write a complaint to Northline Energy about the £218 overcharge",
            "draft a letter to Northline about my last two bills",
        ),
        implicit=(
            "northline energy overcharged me 218 quid and their chat is useless",
            "my last two northline bills are £218 too high, account 5520-338",
        ),
        reasons=(
            "northline just credited the £218 back to my account",
            "citizens advice is taking it up for me",
        ),
        details=(
            "account 5520-338",
            "the meter reading was 14872 on 1 march",
            "the bills are dated feb and march",
            "i've called them 3 times",
            "ask for a reply within 14 days",
        ),
        lookalikes=(
            "say that if they don't sort it i'll switch suppliers",
            "tell them to stop estimating my readings",
            "mention i paused my direct debit until this is fixed",
            "change 'disappointed' to 'very unhappy'",
            "ask them to cancel the late fee too",
        ),
    ),
    Task(
        key="birthday_party",
        ask="Plan my son's 8th birthday party on Saturday the 21st — 12 kids, dinosaur theme, at home, budget £150.",
        refs=("the party", "the dino party", "the birthday plan"),
        reqs=(
            "plan my son's dinosaur birthday party for the 21st, 12 kids",
            "sort out ideas for Leo's 8th birthday at home",
        ),
        implicit=(
            "leo turns 8 on the 21st and i've got nothing planned, 12 kids coming",
            "can you look at dinosaur party stuff for saturday the 21st",
        ),
        reasons=(
            "grandma booked the trampoline park for him as a surprise, so no home party",
            "half the class has chickenpox, we're postponing it indefinitely",
        ),
        details=(
            "his name is Leo",
            "two of the kids are nut-allergic",
            "the party is 2 to 5pm",
            "we have a garden",
            "£150 including food",
        ),
        lookalikes=(
            "add musical statues, the kids freeze when the music stops",
            "we need a backup in case the magician cancels",
            "switch the cake to a volcano one",
            "instead of party bags do a dino egg hunt",
            "bring everyone back inside for food at 3:30",
        ),
    ),
    Task(
        key="visa_docs",
        ask="What documents do I need for a Schengen visa from Manila for a 10-day trip to Spain in March? Make me a checklist.",
        refs=("the visa checklist", "the schengen stuff", "the visa docs"),
        reqs=(
            "make me a Schengen visa checklist for my Spain trip",
            "list what i need for the Spain visa application from Manila",
        ),
        implicit=(
            "i have my visa appointment at the spanish consulate in 2 weeks and i don't know what to bring",
            "can you look at the spain visa requirements for me, i am applying from manila",
        ),
        reasons=(
            "my company cancelled the trip to spain",
            "the travel agency is preparing all my visa documents",
        ),
        details=(
            "i am going for tourism",
            "my appointment is 14 feb",
            "i am employed, not self-employed",
            "my cousin in Madrid is inviting me",
            "flying Manila-Madrid via Doha",
        ),
        lookalikes=(
            "what if i have to cancel the flight booking after the visa, is that a problem?",
            "do i need travel insurance that covers trip cancellation?",
            "instead of hotel i will stay with my cousin, what changes?",
            "switch the checklist to include the invitation letter",
            "i will stop in Paris 2 days, does it change anything?",
        ),
    ),
    Task(
        key="timesheet_email",
        ask="Write an email to all staff reminding them that timesheets are due by Friday 5pm for the March payroll.",
        refs=("the timesheet reminder", "the staff email", "the payroll reminder"),
        reqs=(
            "write a timesheet reminder email to all staff, due friday 5pm",
            "draft the timesheet reminder for March payroll",
        ),
        implicit=(
            "half the staff still haven't done their timesheets for march",
            "payroll is chasing me, nobody has sent timesheets",
        ),
        reasons=(
            "payroll moved to the new system that reminds people automatically",
            "my manager sent the reminder herself this morning",
        ),
        details=(
            "the deadline is friday 5pm",
            "timesheets go in the HR portal",
            "payroll runs on the 28th",
            "keep it short, people don't read long emails",
            "cc Jenny in finance",
        ),
        lookalikes=(
            "say late timesheets mean pay gets pushed back to next month",
            "add: overtime needs approval, stop submitting it without sign-off",
            "switch 'must' to 'please', it sounds bossy",
            "mention that cancelled shifts shouldn't be logged",
            "instead of the portal link paste the steps",
        ),
    ),
    Task(
        key="car_rental",
        ask="Find me a rental car in Iceland from 4 to 11 August — automatic, 4x4, pick-up at Keflavik airport.",
        refs=("the car rental", "the iceland car", "the rental"),
        reqs=(
            "find me an automatic 4x4 rental at Keflavik for 4-11 August",
            "sort out a rental car in Iceland for August",
        ),
        implicit=(
            "we land at keflavik on aug 4 and need wheels for a week",
            "can you look at cars in iceland for august",
        ),
        reasons=(
            "we decided to do bus tours in iceland, no car",
            "my brother-in-law is lending us his car there",
        ),
        details=(
            "2 drivers",
            "i'm 27 so no young driver fee",
            "full insurance please",
            "max €900 for the week",
            "we land at 14:20",
        ),
        lookalikes=(
            "pick one with free cancellation",
            "we want to stop in vik on the way, is the car ok for that?",
            "switch to manual if it's way cheaper",
            "instead of airport pick-up, downtown on the 5th?",
            "drop off back at keflavik too",
        ),
    ),
    Task(
        key="lesson_plan",
        ask="Help me write a lesson plan for my Year 9 history class on the causes of World War One, 50 minutes.",
        refs=("the lesson plan", "the WW1 lesson", "the year 9 plan"),
        reqs=(
            "write a 50 min lesson plan on the causes of WW1 for Year 9",
            "plan my Year 9 history lesson on WW1",
        ),
        implicit=(
            "my year 9s have ww1 causes on monday and i've got nothing prepared",
            "can you look at something for year 9 history monday, causes of ww1",
        ),
        reasons=(
            "the school's closed monday for the strike",
            "my head of department is covering that class now",
        ),
        details=(
            "28 students, mixed ability",
            "they've done the alliances already",
            "we have a smartboard",
            "include a 10 min starter",
            "homework should be short",
        ),
        lookalikes=(
            "add a stop-and-think question after the video",
            "switch the group activity to pairs",
            "instead of a worksheet, a card sort",
            "put the assassination timeline back in",
            "have the kids pause and predict what happens next",
        ),
    ),
    Task(
        key="grant_summary",
        ask="Help me draft the 500-word project summary for our Wellcome grant application on sleep and teenage mental health, due 30 April.",
        refs=("the grant summary", "the wellcome application", "the grant"),
        reqs=(
            "draft the 500 word summary for our Wellcome grant",
            "write the project summary for the teen sleep study grant",
        ),
        implicit=(
            "our wellcome grant is due the 30th and the summary section is empty",
            "can you look at the wellcome summary, 500 words, sleep and teen mental health",
        ),
        reasons=(
            "the PI decided we're not applying this round",
            "Dr Ahmed is writing the summary herself",
        ),
        details=(
            "the sample is 300 teenagers aged 13-17",
            "it's a 2-year longitudinal study",
            "we use actigraphy watches",
            "mention the pilot results",
            "the word limit is strict, 500",
        ),
        lookalikes=(
            "say participants can stop at any time without giving a reason",
            "mention we switched from questionnaires to actigraphy after the pilot",
            "add that the pilot was paused during covid",
            "instead of 'kids' use 'adolescents'",
            "cut back the methods, it's too long",
        ),
    ),
    Task(
        key="card_dispute",
        ask="There's a £349.00 charge from 'TRVL*GLOBEX' on my Monzo card on 2 Feb that I don't recognise. Help me dispute it.",
        refs=("the dispute", "the globex charge", "the card dispute"),
        reqs=(
            "help me dispute a £349 charge from TRVL*GLOBEX on my card",
            "sort out the unknown charge on my Monzo card from 2 Feb",
        ),
        implicit=(
            "there's a 349 charge on my card from something called TRVL*GLOBEX and i never bought anything",
            "can you look at a weird charge on my monzo card",
        ),
        reasons=(
            "oh my god it was my daughter booking her ferry, mystery solved",
            "monzo already refunded it after i called",
        ),
        details=(
            "card ends 8802",
            "the charge was on 2 feb",
            "i've never heard of globex",
            "i still have the card with me",
            "no other weird charges",
        ),
        lookalikes=(
            "should i freeze the card or cancel it?",
            "ask if they can stop further payments to that merchant",
            "is it better to switch to a new card number?",
            "i already paused the card in the app",
            "instead of a chargeback can they just block it?",
        ),
    ),
    Task(
        key="flat_search",
        ask="Help me shortlist 2-bedroom flats to rent in Leipzig under €900 warm, near a tram line, moving 1 September.",
        refs=("the flat search", "the leipzig flats", "the apartment hunt"),
        reqs=(
            "shortlist 2-bed flats in Leipzig under 900 warm",
            "find me flats to rent in Leipzig for september",
        ),
        implicit=(
            "i'm moving to leipzig on sept 1 and still have nowhere to live",
            "can you look at flats in leipzig for september",
        ),
        reasons=(
            "my new employer is giving me a company flat",
            "we found a place through a friend, signed yesterday",
        ),
        details=(
            "max €900 warm",
            "a balcony would be nice",
            "i have a cat",
            "near tram 4 or 7",
            "start date 1 sept",
        ),
        lookalikes=(
            "is it a problem if the tram stop is 10 min away?",
            "skip ones where you can't cancel the contract in the first year",
            "switch to ones with Nebenkosten included only",
            "instead of Plagwitz look at Gohlis",
            "go back to the ones with a balcony",
        ),
    ),
    Task(
        key="press_release",
        ask="Draft a press release announcing that our café chain Bean There is opening its 5th location in Norwich on 1 March.",
        refs=("the press release", "the norwich announcement", "the bean there release"),
        reqs=(
            "draft a press release for our new Norwich café",
            "write the announcement for the Bean There Norwich opening",
        ),
        implicit=(
            "our norwich café opens march 1 and the local paper wants something from us by monday",
            "the eastern daily press wants a statement on the norwich opening",
        ),
        reasons=(
            "the norwich opening got pushed to next year, the lease fell through",
            "our PR agency is handling it now",
        ),
        details=(
            "the address is 14 Elm Hill",
            "use a quote from our founder Aisha Khan",
            "first 100 customers get a free coffee",
            "opening at 7am",
            "we employ 12 local people there",
        ),
        lookalikes=(
            "mention it's a stop on the Norwich coffee trail",
            "switch the quote to something less corporate",
            "instead of 'delighted' say 'thrilled'",
            "add that we've stopped using plastic cups at all locations",
            "say the soft launch was cancelled so march 1 is the real opening",
        ),
    ),
    Task(
        key="german_letter",
        ask="Translate my landlord's letter from German into plain English — it's about a rent increase from 1 July.",
        refs=("the translation", "the german letter", "the rent letter"),
        reqs=(
            "translate the German rent letter into plain English",
            "put the German letter from my Hausverwaltung into English",
        ),
        implicit=(
            "got a letter in german from the hausverwaltung, something about rent, i don't understand a word",
            "can you look at a german letter for me, its about the miete",
        ),
        reasons=(
            "my neighbour is german and already translated it for me",
            "the tenants association explained it to me at their drop-in",
        ),
        details=(
            "it's 2 pages",
            "the word Mieterhöhung is in the title",
            "the new rent would be €780",
            "i'll paste the second page in a sec",
            "it's from Hausverwaltung Becker",
        ),
        lookalikes=(
            "what does 'Kündigungsfrist' mean, is it the cancellation period?",
            "stop translating word by word, just give me the gist",
            "switch to simpler english pls",
            "does it say i can go back to the old rent if i object?",
            "instead of translating the legal bit, summarise it",
        ),
    ),
    Task(
        key="q3_deck",
        ask="Put together a 10-slide Q3 sales deck for the client meeting with Harlow & Finch next Wednesday.",
        refs=("the Q3 deck", "the harlow deck", "the slides"),
        reqs=(
            "put together the Q3 deck for Harlow & Finch",
            "make the slides for the Harlow & Finch meeting, 10 max",
        ),
        implicit=(
            "the client called, they want the q3 deck by noon, do that",
            "harlow & finch want to see q3 numbers on wednesday and there's no deck yet",
        ),
        reasons=(
            "harlow & finch postponed the meeting to january",
            "Sergio from sales is doing the deck",
        ),
        details=(
            "q3 revenue was 1.2m",
            "use the blue company template",
            "slide 3 should be the pipeline",
            "10 slides max",
            "their contact is Olivia Harlow",
        ),
        lookalikes=(
            "add a slide on the deals that were cancelled",
            "switch the chart on slide 4 to a line chart",
            "put the pipeline slide back after revenue",
            "stop at 10 slides, no appendix",
            "instead of bullet points use icons",
        ),
    ),
    Task(
        key="anniversary_dinner",
        ask="Book a table for 8 at an Italian restaurant in Manchester city centre for Friday 7:30pm — it's my parents' anniversary.",
        refs=("the dinner booking", "the restaurant", "the anniversary dinner"),
        reqs=(
            "book a table for 8 in Manchester on Friday at 7:30",
            "find an Italian place for my parents' anniversary dinner on friday",
        ),
        implicit=(
            "it's my parents' 40th on friday, there's 8 of us and no table booked anywhere",
            "can you look at italian places in manchester for friday night, 8 people",
        ),
        reasons=(
            "my brother already booked at San Carlo",
            "mum wants to cook at home now, so no restaurant",
        ),
        details=(
            "8 people, one wheelchair user",
            "under £50 a head",
            "7:30 but 8 works too",
            "a quiet corner if possible",
            "name for the booking: Brennan",
        ),
        lookalikes=(
            "check their cancellation policy, i don't want to lose a deposit",
            "switch to 7 people, my uncle can't come",
            "ask if they can bring the cake out instead of the dessert menu",
            "stop looking at chains, somewhere independent",
            "go back to the first place you found, that sounded nice",
        ),
    ),
    Task(
        key="board_minutes",
        ask="Turn my rough notes from this morning's board meeting into proper minutes — attendees, decisions and action points.",
        refs=("the minutes", "the board minutes", "the meeting notes"),
        reqs=(
            "write up the board meeting minutes from my notes",
            "turn this morning's board notes into proper minutes",
        ),
        implicit=(
            "i have 2 pages of scribbles from the board meeting and the minutes are due tonight",
            "the chair wants the board minutes tonight, do those now",
        ),
        reasons=(
            "the chair said she'll circulate her own minutes",
            "the recording got transcribed automatically, so the minutes are done",
        ),
        details=(
            "apologies from Mark Lee",
            "the meeting started at 9:05",
            "the next meeting is 12 Dec",
            "AP: Sue to get 3 quotes",
            "the decision was unanimous",
        ),
        lookalikes=(
            "record that the board decided to stop the Leeds pilot",
            "note the motion to cancel the marketing contract failed",
            "switch 'agreed' to 'resolved'",
            "item 4 was paused until January, write that",
            "go back to item 2, the vote was 5 to 2 not 6 to 1",
        ),
    ),
    Task(
        key="missing_order",
        ask="My order #A77213 from Tech4Less (headphones, £129) hasn't arrived after 3 weeks. Can you help me chase it?",
        refs=("the headphones order", "order A77213", "the tech4less thing"),
        reqs=(
            "chase my Tech4Less order #A77213 that never arrived",
            "help me find out where my headphones order from Tech4Less is",
        ),
        implicit=(
            "my headphones from tech4less never came, it's been 3 weeks",
            "can you look at my tech4less order, A77213",
        ),
        reasons=(
            "the headphones just arrived lol",
            "tech4less refunded me without me even asking",
        ),
        details=(
            "order A77213",
            "i ordered on 3 march",
            "tracking says 'in transit' since the 8th",
            "the courier is Evri",
            "it was £129",
        ),
        lookalikes=(
            "if it's lost, i want them to cancel and refund, not reship",
            "ask them to stop the parcel and send it to my work address instead",
            "can i switch it to click and collect?",
            "if they want to send a new one instead of refunding, that's ok too",
            "ask if it's gone back to their warehouse",
        ),
    ),
    Task(
        key="pension_numbers",
        ask="I'm 45 with £62k in my pension. Help me work out how much I'd need to save per month to retire at 62.",
        refs=("the pension calculation", "the retirement numbers", "the pension thing"),
        reqs=(
            "work out how much i need to save each month to retire at 62",
            "run my pension numbers, 45 years old with 62k saved",
        ),
        implicit=(
            "i'm 45 with 62k in the pension and no idea if i can retire at 62",
            "can you look at my pension, am i on track for 62",
        ),
        reasons=(
            "my financial adviser is doing the full plan next week",
            "my employer's pension portal has a calculator that already did it",
        ),
        details=(
            "my employer puts in 5%",
            "i earn 48k",
            "assume 5% growth",
            "i want about 25k a year in retirement",
            "state pension from 67",
        ),
        lookalikes=(
            "what if i stop contributing for 2 years for a career break?",
            "what if i switch to the lower-fee fund?",
            "can i take some out at 55 instead?",
            "model it with me pausing payments during the house move",
            "go back to the 4% growth version",
        ),
    ),
    Task(
        key="seaview_cancel",
        ask="I want to cancel my stay at the Seaview Inn in Brighton, 18-20 July, reservation SV-55102, and get the deposit back.",
        refs=("the seaview cancellation", "the seaview refund", "the deposit thing"),
        reqs=(
            "cancel my Seaview Inn reservation SV-55102 and get the deposit back",
            "get my deposit back from the Seaview Inn in Brighton",
        ),
        implicit=(
            "we're not going to brighton in july anymore but the seaview inn still has my deposit",
            "can you look at my seaview inn reservation, SV-55102",
        ),
        reasons=(
            "we're going to brighton after all, so i'm keeping the seaview booking",
            "my friend is taking over the room, she'll pay them direct",
        ),
        details=(
            "reservation SV-55102",
            "the deposit was £80",
            "we booked 2 rooms",
            "booked by phone in may",
            "the name on it is Oduya",
        ),
        lookalikes=(
            "yes cancel both rooms",
            "if they won't refund, ask to switch it to a credit for next year",
            "cancel it even if they keep £20",
            "instead of email, can i do it by phone?",
            "make sure they stop the balance payment on the 1st",
        ),
        about_cancel=True,
    ),
    Task(
        key="class_newsletter",
        ask="Write this week's newsletter for Class 3B parents — science museum trip on Thursday (packed lunch needed) and the spelling test on Friday.",
        refs=("the class newsletter", "the 3B newsletter", "the parents newsletter"),
        reqs=(
            "write this week's Class 3B parents newsletter",
            "draft the note to 3B parents about the museum trip and spelling test",
        ),
        implicit=(
            "3b parents still don't know about thursday's museum trip",
            "can you look at the parents note for 3b, it has to go home today",
        ),
        reasons=(
            "the museum trip got called off and the office is sending a letter",
            "our TA Mrs Gill is writing the newsletter this week",
        ),
        details=(
            "the coach leaves at 9:15",
            "packed lunch, no nuts",
            "the spelling words are on the class page",
            "sign it Mr Dlamini",
            "it costs £6 per child",
        ),
        lookalikes=(
            "remind parents the bus stop pickup is at the church, not school",
            "say swimming lessons are paused until half term",
            "switch 'kids' to 'children', it's for parents",
            "add that the bake sale is cancelled",
            "put the reply slip back in at the bottom",
        ),
    ),
    Task(
        key="berlin_flights",
        ask="Find me the cheapest return flight Dublin-Berlin, out 22 March, back 25 March, hand luggage only.",
        refs=("the berlin flights", "the flight search", "the dublin berlin flights"),
        reqs=(
            "find me cheap return flights Dublin to Berlin, 22-25 March",
            "book my Berlin flights for March, hand luggage only",
        ),
        implicit=(
            "i need to be in berlin 22-25 march and haven't booked anything",
            "can you look at flights to berlin for the 22nd",
        ),
        reasons=(
            "the berlin conference went virtual",
            "our travel agent already booked it",
        ),
        details=(
            "hand luggage only",
            "morning flights preferred",
            "max €250",
            "Ryanair is fine",
            "name as on passport: Siobhán Kelly",
        ),
        lookalikes=(
            "no stopovers, direct only",
            "one stop is ok if it saves 100+",
            "switch the return to the 26th if it's cheaper",
            "instead of BER could we fly into Leipzig?",
            "check what it costs to change or cancel",
        ),
    ),
)

# Pairs close enough in subject that an implicit ask for one could read as part of the other.
_RELATED: frozenset[frozenset[str]] = frozenset(
    {
        frozenset({"email_landlord", "german_letter"}),
        frozenset({"flat_search", "german_letter"}),
        frozenset({"flight_refund", "card_dispute"}),
        frozenset({"bakery_newsletter", "class_newsletter"}),
    }
)

PERSONS = (
    "my boss",
    "my wife",
    "my husband",
    "my accountant",
    "my manager",
    "my partner",
    "the client",
    "my sister",
)
NAMES = ("Kate", "Jonas", "Mei", "Ahmed", "Rosa", "Tomasz", "Aoife", "Bilal")
CLOSERS = ("", " thanks", " thx", ", thanks anyway", " sorry", " ty", " 🙏", "!")

# {old}: the task in force; {req}/{implicit}: the new task; {reason}/{detail}: about the task in force.
SWITCH_TEMPLATES: tuple[str, ...] = (
    "actually forget {old}, can you {req}?",
    "scratch that. {Req} instead",
    "nvm {old}. i need you to {req}",
    "ok so change of plans: {req}",
    "{Reason}. can you {req} instead?",
    "{Reason}, so could you {req}?",
    "{Detail}. actually wait, leave {old} for now and {req}",
    "hold on, something more urgent came up. {Req} please",
    "park {old}, i'll come back to it. first {req}",
    "let's do something else first: {req}",
    "before we go on with {old}, {req}, that one can't wait",
    "{Implicit}",
    "ok {implicit}",
    "forget it, not important. {implicit}",
    "Sorry to change the subject, but could you please {req}? {Old} isn't urgent anymore.",
    "please stop with {old}, now i need that you {req}",
    "ugh. {reason}. ok new thing: {req}",
    "never mind that one. {Req}.",
    "dont worry about {old} anymore. {Req} pls",
    "switch gears — {req}",
    "I'll handle {old} myself. Could you {req} in the meantime?",
    "{name} will sort {old} out, so can you {req}",
    "ok enough of {old} for today. {Req}",
    "can we drop {old} and {req}",
    "wait wait. more important: {req}",
    "pause {old} pls, i need you to {req} asap",
    "ok that can wait. {implicit}",
    "new priority: {req}. {Old} can wait",
    "on second thought leave {old}. what i really need is for you to {req}",
    "no no forget all that. {Req}",
    "{Detail}. anyway that's enough on {old}, {req}",
    "Hi again. Please disregard my earlier request about {old}; instead I'd like you to {req}.",
    "Kindly put {old} on hold. Need you to {req} first.",
    "lol nope forget {old}. {implicit}",
    "{Reason}!! so forget {old}. {implicit}",
    "leave {old}, is not needed now. please {req}",
    "hmm actually can we do something different. {Req}",
    "stop stop. {Req} first, {old} later",
    "ok kill {old}, {reason}. {Req}",
    "change of plan, {reason}. {Implicit}",
    "{Detail}. oh and {person} just rang, forget {old}, {req} please",
    "Thank you for your help so far. I will not continue with {old}. Can you {req}?",
)

# {old}: the task in force; {reason}/{detail}: about the task in force. Nothing new is asked.
STOP_TEMPLATES: tuple[str, ...] = (
    "forget {old}{closer}",
    "nvm, leave it{closer}",
    "actually dont bother with {old}{closer}",
    "scratch that, i'll sort {old} out myself",
    "ok let's park {old} for now",
    "hold off on {old} pls, i need to check with {person} first",
    "{Reason}",
    "{Reason}, so no need anymore",
    "{Reason}. thanks anyway!",
    "you can drop it. {reason}",
    "lets leave {old} there for today, thanks for the help",
    "my colleague {name} is taking over {old}, you can stop here",
    "not needed anymore{closer}",
    "Please stop working on {old}.",
    "Never mind about {old}, it isn't needed anymore.",
    "Please disregard my request regarding {old}. Thank you for your time.",
    "ok forget it, it's getting too complicated{closer}",
    "lets not do {old} after all",
    "hmm no, leave {old}. i changed my mind",
    "I have to run, we can continue {old} another day.",
    "is ok, not necessary anymore, {name} already did it",
    "please you can stop, i will ask to {person} first",
    "{name} already did it lol. nevermind",
    "put {old} on hold until further notice",
    "wait no, don't go ahead with {old}. i'll decide later",
    "ok i'm handing {old} over to {name}, they've got it from here",
    "{Reason}. so yeah, forget it",
    "that's off the table now. {reason}",
    "{Detail}... actually nvm. {reason}",
    "cancel {old}, we don't need it{closer}",
    "no more work on {old} for now pls",
    "ok you can stop. {reason}",
    "leave it, i'll come back to {old} myself sometime",
    "that's it for {old}, we're dropping it",
)

# {stopped}: the earlier stopped task; {between}: the task done in between.
RESUME_TEMPLATES: tuple[str, ...] = (
    "ok back to {stopped}",
    "where were we on {stopped}?",
    "now {stopped} from before",
    "lets finish {stopped} now",
    "{Between} is done, thx. can we pick up {stopped} again?",
    "right, {stopped}. where did we leave it?",
    "back to {stopped}: {sdetail}",
    "ok that's sorted. let's get back to {stopped}",
    "can we continue with {stopped} now",
    "Thanks for that! Now, could we return to {stopped}?",
    "where was i... oh yes, {stopped}",
    "turns out we need {stopped} after all, let's pick it up where we left off",
    "good. now lets go back to {stopped} pls",
    "re {stopped} - lets carry on where we stopped",
    "now that {between} is out of the way, {stopped} again",
    "ok now we return to {stopped} please",
    "u still have {stopped}? lets finish it",
    "great. resume {stopped}",
    "ok what was left to do on {stopped}?",
    "back to the earlier thing, {stopped}",
    "let's pick {stopped} back up",
    "Okay, I'm ready to continue with {stopped} now.",
    "so, {stopped}. i found the info you asked for: {sdetail}",
    "perfect. ok going back to {stopped}, {sdetail}",
    "hey, about {stopped} from earlier, let's finish that off",
    "ok can we go back to what we were doing before {between}?",
    "lets get {stopped} done now that {between} is sorted",
    "ok {stopped} again. sorry for the detour",
    "{Between} can stay like that. Back to {stopped}",
    "and now {stopped} 🙂",
    "i'm back on {stopped}, {person} gave the go-ahead",
    "{Stopped} is back on! where were we",
)

# Frames around a same-task answer ({x}) or a same-task look-alike.
DETAIL_FRAMES: tuple[str, ...] = (
    "{x}",
    "yes, {x}",
    "ok {x}",
    "sure — {x}",
    "oh and {x}",
    "also {x}",
    "to answer your question, {x}",
    "right so {x}",
    "{X}. thanks",
    "{X} 👍",
    "sorry forgot to say, {x}",
    "{X}, if that helps",
    "wait stop, small correction: {x}",
    "Thanks, this is looking good so far. To answer your question: {x}. Let me know if you need anything else from me.",
    "sorry for the slow reply, was on the phone with a customer. {X}",
    "Hello again, I checked my emails: {x}. Hope that helps you continue.",
)
LOOKALIKE_FRAMES: tuple[str, ...] = (
    "{x}",
    "{X}",
    "oh and {x}",
    "also {x}",
    "one more thing: {x}",
    "btw {x}",
    "ok but {x}",
    "and {x}",
    "{X} pls",
    "hmm, {x}",
    "Looks mostly fine to me, I just have one change: {x}",
    "ok i read it through on my phone and the only thing is, {x}",
)
GENERIC_REPLIES: tuple[str, ...] = (
    "yes",
    "yes pls",
    "no",
    "sounds good",
    "perfect thanks",
    "make it shorter",
    "use a friendlier tone",
    "a bit more formal pls",
    "can you make it less wordy",
    "looks good, go ahead",
    "what else do you need from me?",
    "hmm not sure, what would you suggest?",
    "the second option",
    "option B",
    "no the other one",
    "that's wrong, check again",
    "can you explain that bit again",
    "fine by me",
    "dont stop, keep going",
    "no need to stop and check with me each time, just do it",
    "you can skip that part",
    "great, carry on",
    "ok wait let me check",
    "give me a sec to find it",
    "I'll switch to my laptop, keep going",
    "let's not change anything else",
    "can you undo the last change",
    "go back one step, i preferred the earlier version",
    "i liked your first version better, use that instead",
    "show me both versions",
    "just keep it simple",
    "do whatever is cheapest",
    "idk, you decide",
    "lol ok",
    "yes that is correct, please continue",
    "Thank you, that's very helpful. Please go on.",
)
CROSS_REPLIES: tuple[str, ...] = (
    "{Other} can wait, keep going with this",
    "dont worry about {other} yet, finish this first",
    "i'll sort {other} myself later, you carry on here",
    "is {other} still on hold? just asking, keep going with this one",
    "no need to switch to {other}, stay on this",
    "we'll get back to {other} another day, this one first",
)
QUESTION_REPLIES: tuple[str, ...] = (
    "roughly how long will {ref} take you?",
    "do you need anything else from me for {ref}?",
    "how far along are we with {ref}?",
    "can you show me what you've got so far on {ref}?",
    "anything you're unsure about on {ref}?",
)

_ABBREV: tuple[tuple[str, str], ...] = (
    (r"\byou\b", "u"),
    (r"\byour\b", "ur"),
    (r"\bplease\b", "pls"),
    (r"\bthanks\b", "thx"),
    (r"\bbecause\b", "bc"),
    (r"\btomorrow\b", "tmrw"),
    (r"\bokay\b", "ok"),
    (r"\bright now\b", "rn"),
    (r"\bsomething\b", "smth"),
    (r"\bpeople\b", "ppl"),
    (r"\bbefore\b", "b4"),
    (r"\bare\b", "r"),
)
_EMOJI = (" 🙏", " 😅", " 👍", " 🙂", " 😬", " 🤞", " 🙄")


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _norm(text: str) -> str:
    """Normalised text as the interface defines it: lowercased, whitespace collapsed."""
    return " ".join(text.lower().split())


def _key(text: str) -> str:
    """Stricter dedup key: also ignores punctuation and emoji."""
    return " ".join(re.sub(r"[^0-9a-zà-ÿ£€]+", " ", text.lower()).split())


def _typo(text: str, rng: random.Random) -> str:
    words = list(re.finditer(r"\b[a-z]{5,}\b", text))
    if not words:
        return text
    m = rng.choice(words)
    w = m.group()
    i = rng.randrange(1, len(w) - 2)
    op = rng.randrange(3)
    if op == 0:
        w2 = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
    elif op == 1:
        w2 = w[:i] + w[i + 1 :]
    else:
        w2 = w[:i] + w[i] + w[i:]
    return text[: m.start()] + w2 + text[m.end() :]


def _register(text: str, rng: random.Random) -> str:
    """Apply chat register noise at the same rates whatever the kind."""
    if rng.random() < 0.4:
        text = text.lower()
    if rng.random() < 0.3:
        text = re.sub("(\\w)['\u2019](\\w)", r"\1\2", text)
    if rng.random() < 0.3:
        text = re.sub(r"[.!]+$", "", text.rstrip())
        if rng.random() < 0.5:
            text = text.replace(", ", " ")
    if rng.random() < 0.25:
        for pat, rep in rng.sample(_ABBREV, 4):
            text = re.sub(pat, rep, text)
    if rng.random() < 0.16:
        text = _typo(text, rng)
    if rng.random() < 0.07 and not text.endswith(tuple(e.strip() for e in _EMOJI)):
        text += rng.choice(_EMOJI)
    return " ".join(text.split())


def _tidy(text: str) -> str:
    text = " ".join(text.split())
    text = re.sub(r"\s+([,.?!:;])", r"\1", text)
    text = re.sub(r"\?\.", "?", text)
    text = re.sub(r"!\.", "!", text)
    text = re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)
    return text


def _pair(rng: random.Random) -> tuple[Task, Task]:
    while True:
        a, b = rng.sample(TASKS, 2)
        if frozenset({a.key, b.key}) not in _RELATED:
            return a, b


def _slots(rng: random.Random, a: Task, b: Task) -> dict[str, str]:
    old = rng.choice(a.refs)
    req = rng.choice(b.reqs)
    implicit = rng.choice(b.implicit)
    reason = rng.choice(a.reasons)
    detail = rng.choice(a.details)
    return {
        "old": old,
        "Old": _cap(old),
        "req": req,
        "Req": _cap(req),
        "implicit": implicit,
        "Implicit": _cap(implicit),
        "reason": reason,
        "Reason": _cap(reason),
        "detail": detail,
        "Detail": _cap(detail),
        "name": rng.choice(NAMES),
        "person": rng.choice(PERSONS),
        "closer": rng.choice(CLOSERS),
    }


def _make_switch(rng: random.Random, template: str) -> Case:
    a, b = _pair(rng)
    text = template.format_map(_slots(rng, a, b))
    return {"kind": "switch", "text": _tidy(text), "current_task": a.ask, "stopped_task": None}


def _make_stop(rng: random.Random, template: str) -> Case:
    while True:
        a, b = _pair(rng)
        if not (a.about_cancel and "cancel" in template):
            break
    text = template.format_map(_slots(rng, a, b))
    return {"kind": "stop", "text": _tidy(text), "current_task": a.ask, "stopped_task": None}


def _make_resume(rng: random.Random, template: str) -> Case:
    stopped, between = _pair(rng)
    s_ref = rng.choice(stopped.refs)
    b_ref = rng.choice(between.refs)
    slots = {
        "stopped": s_ref,
        "Stopped": _cap(s_ref),
        "between": b_ref,
        "Between": _cap(b_ref),
        "sdetail": rng.choice(stopped.details),
        "person": rng.choice(PERSONS),
    }
    text = template.format_map(slots)
    return {
        "kind": "resume",
        "text": _tidy(text),
        "current_task": between.ask,
        "stopped_task": stopped.ask,
    }


def _frame(rng: random.Random, frames: tuple[str, ...], x: str) -> str:
    if x.endswith("?"):
        frames = tuple(f for f in frames if f.endswith("{x}") or f.endswith("{X}"))
    return rng.choice(frames).format(x=x, X=_cap(x))


def _reply_lookalike(rng: random.Random, a: Task, b: Task) -> str:
    return _frame(rng, LOOKALIKE_FRAMES, rng.choice(a.lookalikes))


def _reply_detail(rng: random.Random, a: Task, b: Task) -> str:
    return _frame(rng, DETAIL_FRAMES, rng.choice(a.details))


def _reply_generic(rng: random.Random, a: Task, b: Task) -> str:
    return rng.choice(GENERIC_REPLIES)


def _reply_cross(rng: random.Random, a: Task, b: Task) -> str:
    other = rng.choice(b.refs)
    return rng.choice(CROSS_REPLIES).format(other=other, Other=_cap(other))


def _reply_question(rng: random.Random, a: Task, b: Task) -> str:
    return rng.choice(QUESTION_REPLIES).format(ref=rng.choice(a.refs))


_REPLY_MAKERS: tuple[tuple[Callable[[random.Random, Task, Task], str], int], ...] = (
    (_reply_lookalike, 45),
    (_reply_detail, 30),
    (_reply_generic, 11),
    (_reply_cross, 8),
    (_reply_question, 6),
)


def _make_reply(rng: random.Random, template: str) -> Case:
    a, b = _pair(rng)
    makers = [m for m, _ in _REPLY_MAKERS]
    weights = [w for _, w in _REPLY_MAKERS]
    text = rng.choices(makers, weights=weights)[0](rng, a, b)
    return {"kind": "reply", "text": _tidy(text), "current_task": a.ask, "stopped_task": None}


_MAKERS: dict[str, tuple[Callable[[random.Random, str], Case], tuple[str, ...]]] = {
    "switch": (_make_switch, SWITCH_TEMPLATES),
    "stop": (_make_stop, STOP_TEMPLATES),
    "resume": (_make_resume, RESUME_TEMPLATES),
    "reply": (_make_reply, ("",)),
}


def generate(seed: int) -> list[Case]:
    """Return 600 labelled, deduplicated, shuffled cases for ``seed``."""
    rng = random.Random(seed)
    seen: set[str] = set()
    cases: list[Case] = []
    for kind, count in PLAN:
        maker, templates = _MAKERS[kind]
        order = list(templates)
        rng.shuffle(order)
        made = 0
        fails = 0
        while made < count:
            template = order[(made + fails // 8) % len(order)]
            case = maker(rng, template)
            text = _register(str(case["text"]), rng)
            key = _key(text)
            if not key or key in seen:
                fails += 1
                if fails > count * 400:
                    raise RuntimeError(f"could not fill {kind}: {made}/{count}")
                continue
            seen.add(key)
            case["text"] = text
            cases.append(case)
            made += 1
    rng.shuffle(cases)
    return cases


if __name__ == "__main__":
    for s in (0, 1, 2):
        got = generate(s)
        counts = Counter(str(c["kind"]) for c in got)
        distinct = len({_norm(str(c["text"])) for c in got})
        print(f"seed {s}: {dict(counts)} distinct texts: {distinct}")
        assert len(got) == 600
        assert counts == Counter({"switch": 180, "stop": 120, "resume": 120, "reply": 180})
        assert distinct == 600
        assert all(c["kind"] in KINDS for c in got)
        assert all((c["stopped_task"] is None) == (c["kind"] != "resume") for c in got)
        assert all(c["current_task"] and c["current_task"] != c["stopped_task"] for c in got)
        assert got == generate(s), "not deterministic"
    assert generate(0) != generate(1)
    n_templates = (
        len(SWITCH_TEMPLATES)
        + len(STOP_TEMPLATES)
        + len(RESUME_TEMPLATES)
        + len(DETAIL_FRAMES)
        + len(LOOKALIKE_FRAMES)
        + len(GENERIC_REPLIES)
        + len(CROSS_REPLIES)
        + len(QUESTION_REPLIES)
    )
    print(f"tasks: {len(TASKS)} templates: {n_templates}")
    print("ok")
