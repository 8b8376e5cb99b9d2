# ruff: noqa: E501
"""Held-out corpus ``ac`` of a person's turns to an AI agent mid-task. Written blind.

Written as an independent author from the side of tradespeople and small-shop owners who text
an assistant between jobs: a plumber, an electrician, a roofer, a mechanic, a hairdresser, a
corner-shop owner, a market-stall baker, a dog groomer and a removal firm. Opened while
writing: only lines 1-66 of ``benchmarks/_turns_corpus_t.py`` (its docstring, imports and
``KINDS``) and lines 1084-1141 of the same file (its ``generate`` function and ``__main__``
self-check), to copy the interface; none of its wording is reused. NOT opened, grepped or run:
anything under ``src/``, ``tests/`` or ``benchmarks/results/``, every other
``benchmarks/_turns_corpus_*.py`` file (nor the middle of ``_turns_corpus_t.py``), any
``bench_*.py`` script, ``train_turn_model.py``, ``turns_model_loco.py``,
``turn_features_loco.py``, and ``/work/shared``. packlight was not imported and none of its
classifiers or benchmarks was run on this corpus; do not tune this file against a classifier's
output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated on normalised text (lowercased, whitespace collapsed; a text never appears twice,
so never under two kinds) and shuffled with ``random.Random(seed)``. Each case is a dict with:

- ``kind``: ``"switch"`` (the task in force is stopped, parked or replaced and a different task
  is asked for in the same message, in any wording), ``"stop"`` (stopped, cancelled, parked,
  deferred or handed off, nothing new asked), ``"resume"`` (back to a task stopped earlier) or
  ``"reply"`` (everything else said mid-task);
- ``text``: the message as typed;
- ``current_task``: the task in force, as the person first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- 35 jobs across 9 traders, each with concrete names, places, ids and amounts: a plumber in
  Leeds (Mrs Patel's Worcester 30i quote at 14 Elm Rd, chasing Kirkby Lettings for INV-0417,
  the Harewood parts order at City Plumbing Kirkstall, the week's diary with van 2 off the
  road); an electrician in Bristol (an EICR with 3 C2s, Mr Okafor's Hager board, Jenny Ward's
  zappi and grant, the apprentice's job sheets); a roofer in Sheffield (the Aviva storm report
  AV-882193, Aces scaffold for Fir St, replying to Gary M's 1-star review, an EPDM garage
  roof); a mechanic in Coventry (a cambelt kit for KX14 ABF, MOT reminder texts, the Autel
  renewal, the Marsh Building transit invoice); a hairdresser in Cardiff (moving a sick
  stylist's clients, a balayage Instagram post, the March price list, a Wella order); a
  corner shop in Leicester (Q3 VAT figures, the Booker order, the Christmas rota, a DPS change
  form); a market baker in Ludlow (allergen labels, cinnamon bun costing, the Shrewsbury
  Christmas market form, a wedding cake quote); a dog groomer in Harrogate (a clipper-nick
  complaint, reminder texts, de-shedding prices); a Manchester removal firm (a Didsbury quote
  with a piano, a wardrobe damage claim, a 7.5t hire, a packing box order). A task is only
  ever paired with another task of the same trader.
- Each job carries nicknames ("the patel quote", "elm rd", "KX14 ABF"), imperative "do"
  phrases, a context-only report of the problem ("got to harewood and there's no pump on the
  van"), a question that implies the work, a detail for resumes ("the one w the £1850 figure"),
  "done" lines, on-site events that kill or park it ("mrs patel's gone w british gas",
  "harj already invoiced the transit") and events that bring it back ("pickfords let the
  hendersons down"), plus eight same-task replies, about half of them hard look-alikes where
  stop / cancel / pause / drop / switch / back / hold / instead are the job's own subject
  matter ("say reply STOP to opt out", "stop end trims", "put 'park brake adjusted' at the
  bottom", "cancellation fee £15", "if 9/16 is out of stock get 9/1 instead", "its on hold w
  the insurer").
- Switches, stops and resumes are mostly indirect and implied by what happened: a bare event
  ("kirkby just paid the 640"), "{job} off", "forget invoices till fri"-style deferrals, a
  hand-off to a named mate, giving up, an answer to the agent's question followed by a change
  of course, a new problem given by context and a question only, "the other thing can sit";
  resumes name the earlier job by nickname, by detail, by the event that revived it, or not at
  all ("what we parked on monday", "the thing i told u to leave", "the first thing i asked u").
  Only a minority of templates says stop / cancel / instead / switch / resume literally.
  Generic replies are half plain (answers, nudges, progress questions, corrections) and half
  look-alikes (a brew break, "dont stop till", questions about a parked job that do not resume
  it, "carry on where u were", "can we go back to ur 2nd option").
- Register: SMS fragments, no capitals, few apostrophes, tmrw / asap / w / thx / pls / u / b4,
  from 3 words to several paragraphs with a greeting, news from site and a sign-off. Seeded
  slot filling over 216 message templates (63 switch, 47 stop, 43 resume, 63 reply) plus 280
  task-specific replies, then register noise on some cases (abbreviation or expansion,
  dropped apostrophes and full stops, one letter-swap typo, autocorrect capital, sign-off,
  rare all caps). Standard library only.

``python benchmarks/_turns_corpus_ac.py`` prints the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = {"switch": 180, "stop": 120, "resume": 120, "reply": 180}

Case = dict[str, object]
Builder = Callable[[random.Random], Case]


@dataclass(frozen=True)
class Persona:
    """One trade or shop: who can take a job over, and how they open a text."""

    key: str
    mates: tuple[str, ...]
    openers: tuple[str, ...]
    news: tuple[str, ...]


@dataclass(frozen=True)
class Task:
    """One job the assistant is doing for a tradesperson, with every way they refer to it."""

    key: str
    who: str
    ask: str  # the task as first asked (``current_task`` / ``stopped_task``)
    nicks: tuple[str, ...]  # noun phrases: "the patel quote"
    do: tuple[str, ...]  # imperative verb phrases: "do the quote for ..."
    ctx: tuple[str, ...]  # the problem described by context only
    q: tuple[str, ...]  # a question that implies the work (no question mark)
    detail: tuple[str, ...]  # "the one w the ..." noun phrases, for resumes
    done: tuple[str, ...]  # "patel quote sent"
    why: tuple[str, ...]  # an on-site event that kills or parks the job
    back: tuple[str, ...]  # an event that brings the job back
    replies: tuple[str, ...]  # same-task replies, plain and look-alike


_PERSONAS: dict[str, Persona] = {
    p.key: p
    for p in (
        Persona(
            "plumber",
            ("ryan", "my lad ryan", "big steve"),
            (
                "sorry just out from under a sink",
                "morning",
                "right",
                "just back in the van",
                "hiya",
            ),
            (
                "been at a burst pipe in chapel allerton since 6",
                "ring road's solid again",
                "had a leak at a school all morning",
            ),
        ),
        Persona(
            "sparky",
            ("liam", "marco", "the apprentice"),
            ("sorry been in a loft", "alright", "ok so", "on my dinner", "morning"),
            (
                "been chasing a fault in a chippy all morning",
                "wholesaler had no 2.5 twin again",
                "board at the school was a right mess",
            ),
        ),
        Persona(
            "roofer",
            ("my brother", "dazza", "kieran"),
            ("just off the roof", "right", "ay up", "sorry was up top", "ok"),
            (
                "wind's too strong to go up today",
                "been on a chimney in walkley since 7",
                "skip lorry's late again",
            ),
        ),
        Persona(
            "mechanic",
            ("dean", "harj", "my cousin"),
            ("sorry hands were covered in oil", "yo", "ok", "on the ramp now", "right"),
            (
                "had a corsa w a seized caliper all morning",
                "ramp 2 is playing up again",
                "3 walk-ins already today",
            ),
        ),
        Persona(
            "salon",
            ("kayleigh", "bethan", "jade"),
            ("between clients", "hiya", "omg", "sorry had a colour on", "ok hun"),
            (
                "had a bride and 4 bridesmaids in at 8",
                "the dryer's making that noise again",
                "been rammed since 9",
            ),
        ),
        Persona(
            "shop",
            ("priya", "my son", "anil"),
            ("sorry had a queue", "hello", "ok", "quick one", "right"),
            (
                "paypoint machine down all morning",
                "school kids just been in, chaos",
                "bread van was late again",
            ),
        ),
        Persona(
            "baker",
            ("my sister jo", "jo", "mum"),
            ("just packed the stall away", "morning lovely", "right", "sorry hands in dough", "hi"),
            (
                "sold out of sourdough by 10",
                "oven's been temperamental all week",
                "market was dead today, rain",
            ),
        ),
        Persona(
            "groomer",
            ("amy", "the saturday girl", "my partner"),
            ("sorry had a spaniel in the bath", "hiya", "ok", "quick msg", "right"),
            (
                "3 doodles back to back this morning",
                "the dryer blew a fuse",
                "a staffy ate a lead today lol",
            ),
        ),
        Persona(
            "removals",
            ("steve", "mick", "our kid"),
            ("just dropped a sofa off", "alright", "right", "in the cab now", "ok pal"),
            (
                "m60 was a car park this morning",
                "3rd floor flat w no lift today",
                "tail lift's sticking again",
            ),
        ),
    )
}

_TASKS: tuple[Task, ...] = (
    # ---------------------------------------------------------------- plumber, leeds
    Task(
        "patel_quote",
        "plumber",
        "can u do me a quote for mrs patel, 14 elm rd headingley. combi swap, worcester 30i, flue same place, about £1850 fitted, 10 yr warranty",
        ("the patel quote", "mrs patel's boiler", "elm rd", "the combi quote"),
        (
            "do the quote for mrs patel's combi swap at 14 elm rd",
            "price up the worcester 30i for mrs patel",
        ),
        (
            "mrs patel on elm rd wants the boiler price in writing b4 her son gets involved",
            "just been to 14 elm rd, old baxi is knackered and the lady wants a new combi price",
        ),
        (
            "whats fair for a worcester 30i fitted in leeds these days",
            "how much should i charge to swap a baxi for a 30i",
        ),
        ("the one w the £1850 figure", "the worcester one"),
        ("patel quote sent", "mrs patel's quote is gone"),
        ("mrs patel's gone w british gas", "mrs patel's son in law says he'll fit it himself"),
        (
            "mrs patel rang back, british gas let her down",
            "mrs patel wants the boiler price after all",
        ),
        (
            "put 10 yr warranty not 7",
            "include taking the old tank out the loft, £120",
            "add a magnaclean filter on it",
            "shes on a pension so keep the wording friendly",
            "put the stop valve replacement in as an extra, its seized solid",
            "do a 2nd option w the 25i instead, cheaper, she can pick",
            "she might cancel if its over 2k so keep it under",
            "she wants a price for the back bedroom rad on the same quote",
        ),
    ),
    Task(
        "kirkby_invoice",
        "plumber",
        "chase kirkby lettings for INV-0417, £640 for the 3 flats on cardigan rd, 45 days over now",
        ("the kirkby invoice", "the kirkby chaser", "INV-0417", "the cardigan rd money"),
        (
            "chase kirkby lettings for the £640 they owe",
            "send a reminder to kirkby lettings about INV-0417",
        ),
        (
            "kirkby lettings still havent paid for cardigan rd and its been 6 wks",
            "checked the bank, still nothing from kirkby for the 640",
        ),
        (
            "can i add late payment interest to what kirkby owe me",
            "whats the polite way to tell a letting agent theyre 45 days late",
        ),
        ("the 640 one", "the letting agent one"),
        ("kirkby reminder sent", "thats the kirkby chaser gone"),
        ("kirkby just paid the 640", "kirkby's accounts girl rang, its going out friday"),
        ("kirkby's payment never landed", "friday came and went, still no money from kirkby"),
        (
            "send it to accounts@kirkbylettings.co.uk not the branch",
            "keep it polite, they give me a lot of work",
            "mention the late payment act but dont threaten court",
            "the invoice date was 3rd sept",
            "add a line: if youve already paid pls ignore this",
            "they said last time theyd put a stop on my account if i chased too hard lol so be nice",
            "put my bank details at the bottom instead of saying see invoice",
            "they keep saying its 'on hold pending sign off', call that out",
        ),
    ),
    Task(
        "harewood_parts",
        "plumber",
        "order the parts for the harewood job from city plumbing: 10 x 15mm copper 3m, 20 compression elbows, grundfos ups2 pump, collect from the kirkstall branch tmrw 7am",
        (
            "the harewood order",
            "the city plumbing order",
            "the parts for harewood",
            "the pump order",
        ),
        (
            "get the parts ordered for harewood, city plumbing kirkstall",
            "order the grundfos pump and copper for the harewood job",
        ),
        (
            "got to harewood and there's no pump on the van and the copper's short",
            "harewood job starts tmrw and nothing's been ordered",
        ),
        (
            "does city plumbing kirkstall have a grundfos ups2 in stock",
            "wheres open at 7am for a pump and 15mm round kirkstall",
        ),
        ("the grundfos one", "the one for collection at kirkstall"),
        ("harewood parts ordered", "city plumbing order's in"),
        ("harewood job's been pushed to march", "ryan already picked the harewood stuff up"),
        (
            "harewood's back on for monday",
            "customer at harewood rang, wants us in this week after all",
        ),
        (
            "account no is DH4471",
            "make it 22mm not 15mm for the primaries, sorry",
            "if they've no grundfos get the wilo instead",
            "add 2 isolation valves and a stop tap",
            "collection not delivery",
            "they shut at 12 sat so b4 then",
            "check they didnt cancel the last one, it never turned up",
            "tell them to hold it for collection at 7, dont want it delivered",
        ),
    ),
    Task(
        "van_schedule",
        "plumber",
        "van 2's in the garage till thurs, can u move this week's jobs round so ryan and me share van 1",
        ("the van rota", "this week's jobs", "the diary rejig", "the schedule"),
        (
            "shuffle this week's jobs so me and ryan can share van 1",
            "sort the diary out round van 2 being off",
        ),
        (
            "van 2's clutch went on the a61, it's in at kwik fit till thursday",
            "garage just rang, van 2 needs a new clutch",
        ),
        ("how do i fit 9 jobs into 3 days w one van", "can 2 of us run this week off one van"),
        ("the van 2 one", "the diary shuffle"),
        ("diary's sorted", "this week's jobs are moved round"),
        (
            "van 2's back already, garage were quicker than they said",
            "ryan's borrowed his dad's van so no need",
        ),
        ("van 2 needs another part, its off till monday now", "ryan's dad wants his van back"),
        (
            "mrs o'neill can only do mornings",
            "put the harewood job first its the biggest",
            "ryan doesnt drive so he needs dropping off",
            "keep friday free for emergencies",
            "move the boiler service at 3 leafield to next week instead",
            "the job on park lane has to stay tuesday",
            "switch wednesday and thursday round",
            "dont cancel anyone, just move them",
        ),
    ),
    # ---------------------------------------------------------------- electrician, bristol
    Task(
        "eicr_report",
        "sparky",
        "write up the eicr for flat 2, 22 gloucester rd bishopston. 3 x C2 (no rcd on sockets, borrowed neutral upstairs lights, damaged accessory kitchen), 2 x C3, unsatisfactory overall",
        ("the eicr", "the gloucester rd report", "flat 2", "the bishopston eicr"),
        ("write up the eicr for 22 gloucester rd", "get the gloucester rd eicr typed up"),
        (
            "the landlord for 22 gloucester rd needs the eicr by friday or his tenants cant move in",
            "letting agent's chasing the gloucester rd certificate again",
        ),
        (
            "is a borrowed neutral a C2 or a C3",
            "what goes in the observations on an unsatisfactory eicr",
        ),
        ("the one w the 3 C2s", "the unsatisfactory one"),
        ("eicr's done", "gloucester rd report's gone to the landlord"),
        (
            "landlord's getting another spark to do the remedials and the report",
            "landlord's selling up so he doesnt need the eicr now",
        ),
        (
            "landlord's buyer pulled out, he needs the eicr again",
            "the other spark never showed, landlord wants ours",
        ),
        (
            "ze at the board was 0.28",
            "next inspection 5 yrs",
            "put the kitchen switch down as the damaged accessory",
            "the isolator for the shower is fine, dont code it",
            "add a quote for the remedials at the end, £380",
            "list the C3s after the C2s not before",
            "leave limitations as 'no access to loft'",
            "tenant wants to know if she should stop using the upstairs lights, put a note in",
        ),
    ),
    Task(
        "okafor_cu",
        "sparky",
        "quote mr okafor, 9 ashley down rd, consumer unit upgrade to a 10 way rcbo board, hager, incl surge protection, approx £690",
        ("the okafor quote", "the consumer unit job", "the ashley down board", "mr okafor's board"),
        ("price up the hager board swap for mr okafor", "send mr okafor the consumer unit quote"),
        (
            "mr okafor's old wylex board is tripping every night and he wants a new one",
            "been to ashley down rd, rewireable fuses still, bloke wants it all upgraded",
        ),
        (
            "how much is a 10 way hager rcbo board at the wholesaler atm",
            "what do sparks charge round here for a board change",
        ),
        ("the hager one", "the £690 board"),
        ("okafor quote's gone", "sent mr okafor his price"),
        (
            "mr okafor's decided to wait till after xmas",
            "okafor's brother in law is a spark, he's doing it",
        ),
        ("mr okafor texted, he wants to go ahead now", "okafor's brother in law let him down"),
        (
            "spd's included dont charge extra",
            "say 1 day job, power off about 6 hrs",
            "give him an option b w a split load rcd board instead, cheaper",
            "he asked about switching to an ev-ready board, mention it",
            "im not vat registered so just £690 flat",
            "deposit 30%",
            "he wants the power back on by 4 for the kids so say that",
            "put in that if we find damage we stop and call him first",
        ),
    ),
    Task(
        "ev_charger",
        "sparky",
        "find out if jenny ward at 31 fishponds rd can still get a grant for an ev charger and price a zappi install, 7kw, 12m cable run",
        ("the ev charger", "jenny's zappi", "the fishponds charger", "the zappi quote"),
        (
            "price the zappi install at jenny ward's",
            "look into the ev grant for jenny at fishponds",
        ),
        (
            "jenny ward's getting her electric car next month and wants a charger on the drive",
            "a woman in fishponds messaged about a car charger, she rents",
        ),
        ("is the ozev grant still a thing for renters", "how much is a zappi fitted w a 12m run"),
        ("the zappi one", "the car charger lady"),
        ("jenny's ev quote is sent", "the charger price went to jenny"),
        ("jenny's gone w the octopus installer", "jenny's car order fell through so no charger"),
        ("jenny's car is back on order", "octopus cant do jenny till may so she's back to us"),
        (
            "cable run's actually nearer 15m",
            "she's got an earth rod already",
            "if the zappi's too dear quote the ohme instead",
            "she wants it on the side wall not the front",
            "she has a 60a main fuse, check if that's an issue",
            "tell her she can pause charging from the app if the house is maxed out",
            "the drive slopes back towards the house, mention it",
            "she's a tenant so add a line about landlord permission",
        ),
    ),
    Task(
        "liam_sheets",
        "sparky",
        "make up job sheets for liam the new apprentice for next week, mon to fri, he's w me mon-wed, w marco thurs-fri",
        ("liam's sheets", "the apprentice job sheets", "next week's sheets", "liam's week"),
        ("do liam's job sheets for next week", "write up next week for liam"),
        (
            "liam starts properly monday and hasnt got a clue where he's going",
            "college rang, liam needs his work placement logged each week",
        ),
        (
            "what do apprentices have to log for college in the first year",
            "how much should a first year apprentice be doing on his own",
        ),
        ("the apprentice stuff", "the college one"),
        ("liam's sheets are done", "next week's sorted for liam"),
        ("liam's jacked it in already", "college are sending their own template so no need"),
        ("liam's back, he changed his mind", "college template was rubbish, we need ours"),
        (
            "he's at college wednesdays actually",
            "put ppe on every sheet",
            "thurs is the bedminster rewire w marco",
            "he cant go on roofs, no ticket",
            "swap tuesday and wednesday over",
            "leave friday afternoon blank, he finishes at 1",
            "tell him he must stop and ask if he's unsure about isolation",
            "start time 7.30 instead of 8",
        ),
    ),
    # ---------------------------------------------------------------- roofer, sheffield
    Task(
        "storm_claim",
        "roofer",
        "write up the storm damage report for the insurance at 7 crookes valley rd, 14 slipped slates, lead flashing torn on the chimney, water in the back bedroom, claim ref AV-882193",
        ("the storm report", "the crookes valley claim", "the insurance write up", "AV-882193"),
        (
            "write the insurance report for 7 crookes valley rd",
            "do the aviva write-up for crookes valley",
        ),
        (
            "the aviva loss adjuster wants the damage report for crookes valley by tmrw",
            "crookes valley customer's ceiling's coming in and the insurer wants it in writing",
        ),
        (
            "what do insurers want in a storm damage report",
            "how do i word it so aviva dont call it wear and tear",
        ),
        ("the aviva one", "the one w the chimney flashing"),
        ("crookes valley report sent", "aviva write up's gone in"),
        (
            "aviva sent their own surveyor so they dont need ours",
            "the crookes valley customer withdrew the claim, paying cash",
        ),
        (
            "aviva's surveyor said they still need a contractor's report",
            "crookes valley customer's putting the claim back in",
        ),
        (
            "wind was 70mph that night, storm isha",
            "put photos 1-12 in",
            "say its not wear and tear, slates were fine last yr",
            "water came through the back bedroom ceiling",
            "the adjuster might drop the claim if it looks like old damage so word it careful",
            "flashing repair £450, slates £620",
            "chimney stack is on the back elevation not the front",
            "say we put a temporary tarp on and stopped the leak",
        ),
    ),
    Task(
        "scaffold_booking",
        "roofer",
        "book scaffold w aces for the walkley job, 23 fir st, front and one side, 3 weeks from the 10th",
        ("the scaffold", "the aces booking", "the walkley scaffold", "fir st"),
        ("book the scaffold for fir st w aces", "get aces to scaffold the walkley job"),
        (
            "walkley job starts the 10th and we've no scaffold booked",
            "aces said they're filling up for march and we've nothing booked for fir st",
        ),
        (
            "who's cheapest for scaffold in sheffield for 3 weeks",
            "how far ahead do u have to book scaffold in spring",
        ),
        ("the walkley one", "the 3 week scaffold"),
        ("scaffold's booked", "aces are booked for fir st"),
        ("walkley customer's postponed till spring", "the walkley lady found someone cheaper"),
        ("walkley's back on for the 10th", "the cheaper lot at walkley didnt turn up"),
        (
            "need a loading bay too",
            "its a terrace so the side is over next door's drive, they need telling",
            "if aces are full try a1 scaffolding instead",
            "we need it up by 8 on the 10th",
            "get them to drop it off the day b4",
            "ask if they'll hold the price if the weather pushes it back",
            "there's a bus stop right out front so check if we need a licence",
            "3 lifts",
        ),
    ),
    Task(
        "gary_review",
        "roofer",
        "help me reply to this 1 star review from gary m on google. he says we left mess and overcharged. we didnt, he signed off the extra £300 for rotten battens",
        ("the gary review", "the gary m reply", "the google review", "the 1 star"),
        ("write a reply to gary m's google review", "answer that 1 star from gary"),
        (
            "some bloke called gary m has left us a 1 star on google saying we overcharged",
            "missus just showed me a nasty review on google from a gary",
        ),
        (
            "can u get a google review taken down if its lies",
            "should i reply to a 1 star or just leave it",
        ),
        ("the google one", "the gary thing"),
        ("replied to gary", "gary's reply is up"),
        (
            "gary's took the review down himself",
            "decided not to reply to gary, not worth feeding it",
        ),
        ("gary's put the review back up, worse", "changed my mind, gary needs an answer"),
        (
            "dont call him a liar even tho he is",
            "mention he signed the variation for the battens",
            "keep it under 100 words",
            "say we cleared the skip on the friday",
            "ok but less stroppy",
            "say we'd be happy to come back and look at it",
            "instead of apologising just state the facts",
            "he'll probably switch to a different name and do it again lol, just answer this one",
        ),
    ),
    Task(
        "garage_epdm",
        "roofer",
        "price a flat roof for a garage in hillsborough, 4.2 x 6m, strip felt, new osb3, epdm rubber, new trims",
        ("the garage roof", "the epdm price", "hillsborough", "the flat roof"),
        (
            "price the epdm on the hillsborough garage",
            "work out the flat roof price for hillsborough",
        ),
        (
            "just measured a garage in hillsborough, felt's split everywhere, bloke wants rubber on it",
            "bloke in hillsborough's garage roof is leaking and he wants a price",
        ),
        (
            "how much epdm do i need for 4.2 by 6 w upstands",
            "whats the going rate for a rubber garage roof",
        ),
        ("the rubber one", "the 4.2 x 6"),
        ("garage price sent", "hillsborough price is done"),
        (
            "hillsborough bloke's knocking the garage down instead",
            "garage bloke says his mate's doing it",
        ),
        ("garage bloke's mate let him down", "hillsborough rang back, he wants the price"),
        (
            "labour 2 days 2 men",
            "add 10% waste",
            "osb3 18mm",
            "price it in grp instead as well so he can compare",
            "he wants a drip trim on the back edge",
            "skip's £280",
            "the fascia's rotten, add that",
            "stop end trims on both sides",
        ),
    ),
    # ---------------------------------------------------------------- mechanic, coventry
    Task(
        "golf_belt",
        "mechanic",
        "find me a timing belt kit w water pump for a 2014 golf 1.6 tdi reg KX14 ABF, cheapest from gsf or euro car parts, need it for 9am",
        ("the golf belt", "KX14 ABF", "the cambelt kit", "the golf"),
        ("find a cambelt kit for the golf KX14 ABF", "get prices on the golf timing belt kit"),
        (
            "the golf KX14 ABF is booked in at 9 for a cambelt and i havent got a kit",
            "customer w the 14 plate golf just dropped it off for the belt",
        ),
        ("whats the belt interval on a 1.6 tdi golf", "who does a conti kit for a golf tdi today"),
        ("the vw one", "the 14 plate"),
        ("golf kit's ordered", "cambelt kit's coming from gsf"),
        (
            "golf customer's taken it to the main dealer",
            "golf's been written off, he pranged it last night",
        ),
        (
            "golf customer's back, dealer wanted 900",
            "golf's not a write off after all, insurer's fixing it",
        ),
        (
            "contitech or ina, not the cheap stuff",
            "engine code CXXB",
            "if gsf havent got it try ecp instead",
            "water pump must be in the kit",
            "trade account at gsf is JSA221",
            "it's the one w stop start, check the belt's the same",
            "delivery to the unit not collection",
            "he said it whines when reversing, ignore that for now",
        ),
    ),
    Task(
        "mot_texts",
        "mechanic",
        "text all the customers w mots due next month, there's 23 on the list, say £35 if they book b4 the 15th",
        ("the mot texts", "the reminders", "the mot list", "the £35 offer"),
        ("send the mot reminders out for next month", "text the 23 on the mot list"),
        (
            "half the mot bays are empty next month",
            "looked at the diary, nothing booked for mots in march",
        ),
        (
            "whats the best way to text loads of customers at once w out it looking like spam",
            "how do i get more mots booked in march",
        ),
        ("the 23 customers", "the mot offer"),
        ("mot texts sent", "reminders have gone out"),
        (
            "mot bay's shut for 2 wks for the lift inspection so no mots anyway",
            "harj already sent the mot reminders yesterday",
        ),
        (
            "lift inspection passed, mot bay's open again",
            "harj sent the reminders to the wrong list",
        ),
        (
            "put the unit number, 4 canal st",
            "say reply STOP to opt out",
            "dont text mr bains, he's banned lol",
            "£35 not £40",
            "offer a free collect for the ones over 70",
            "send them at 10am not 7",
            "add the book online link instead of ringing",
            "keep them under 160 characters",
        ),
    ),
    Task(
        "autel_update",
        "mechanic",
        "the autel diag machine keeps saying subscription expired when i try to update it, sort out the renewal, serial MS906-48213",
        ("the autel", "the diag machine", "the diagnostic subscription", "the update thing"),
        ("sort the autel subscription renewal", "get the diag machine updating again"),
        (
            "autel just refused to read a 2022 kuga, says update required",
            "the diag tablet's stuck on subscription expired again",
        ),
        (
            "is the autel update worth £600 a year or shall i get a launch",
            "why does a diag tablet stop working when the sub runs out",
        ),
        ("the tablet one", "the £600 renewal"),
        ("autel's renewed", "diag's updated"),
        (
            "dean says he'll bring his launch in, we'll use that",
            "renewal's £900 now, not paying that",
        ),
        ("dean's launch has died", "need the autel after all, the launch doesnt do the kuga"),
        (
            "serial's on the back of the tablet",
            "pay w the business card ending 4410",
            "if its over 700 stop and tell me",
            "its on wifi but the update hangs at 62%",
            "we had the free year w it, renew for 1 not 2",
            "dont switch to the cloud version",
            "it's an ms906 pro",
            "keep the old software on it as backup",
        ),
    ),
    Task(
        "transit_invoice",
        "mechanic",
        "do the invoice for the transit clutch, reg MF19 TXR, clutch and dmf £890 parts £420 labour, customer is marsh building ltd",
        ("the transit invoice", "the marsh invoice", "MF19 TXR", "the clutch invoice"),
        ("invoice marsh building for the transit clutch", "do the bill for MF19 TXR"),
        (
            "marsh building are collecting the transit at 4 and want a bill",
            "marsh's office just rang for the clutch invoice",
        ),
        (
            "do i charge vat on parts and labour separate for a trade customer",
            "whats the right way to invoice a dmf and clutch",
        ),
        ("the marsh one", "the clutch one"),
        ("marsh invoice sent", "transit bill's done"),
        (
            "marsh's accounts want it raised next month for their year end",
            "harj already invoiced the transit",
        ),
        ("marsh's year end's passed, send it now", "harj's invoice had the wrong reg"),
        (
            "30 day terms",
            "add the 2 hrs for the slave cylinder",
            "po number is MB-2231",
            "the reg is MF19 TXR not MF19 TRX",
            "dmf was £890 inc vat, check it",
            "put 'park brake adjusted, no charge' at the bottom",
            "send it to accounts@marshbuilding.co.uk instead of the site office",
            "dont cancel the old invoice number, just use the next one",
        ),
    ),
    # ---------------------------------------------------------------- hairdresser, cardiff
    Task(
        "kayleigh_cover",
        "salon",
        "kayleigh's off sick tues, can u move her clients to me or bethan, theres 6 of them, i'll give u the list",
        ("kayleigh's clients", "tuesday's bookings", "the sick cover", "the tuesday shuffle"),
        (
            "move kayleigh's tuesday clients to me and bethan",
            "reshuffle tuesday round kayleigh being off",
        ),
        (
            "kayleigh's just rung in sick for tuesday and she's got 6 booked",
            "tuesday's a mess, kayleigh's got the flu",
        ),
        (
            "how do i tell clients their stylist is off without them cancelling",
            "can me and bethan fit 6 extra in on a tuesday",
        ),
        ("the sick day one", "the 6 clients"),
        ("tuesday's sorted", "kayleigh's lot are all moved"),
        (
            "kayleigh's feeling better, she's coming in tues",
            "bethan's done kayleigh's tuesday herself",
        ),
        (
            "kayleigh's off again, worse now",
            "bethan messed up the moves, half of them are double booked",
        ),
        (
            "mrs evans only wants me",
            "bethan cant do colours before 11",
            "if they'd rather cancel thats fine, no fee this time",
            "put the 2 cuts back to back at 9",
            "text them dont ring, they hate being rung",
            "jade can switch to wednesday, she said",
            "leave the 4pm balayage in kayleigh's name, she might be in by then",
            "bethan's on her break 1-1.30",
        ),
    ),
    Task(
        "balayage_post",
        "salon",
        "write an insta post for our balayage offer, 20% off in feb, mon-weds only, shear genius cardiff, keep it fun",
        ("the insta post", "the balayage offer", "the feb post", "the instagram thing"),
        ("write the insta post for the feb balayage deal", "do our balayage offer post"),
        (
            "feb's dead as usual, we need something on insta to get bookings",
            "the salon down the road's doing a colour deal and we're losing clients",
        ),
        (
            "what hashtags get seen in cardiff for hair",
            "whats a good offer to get people in for colour in feb",
        ),
        ("the 20% one", "the feb thing"),
        ("insta post's up", "balayage post's done"),
        (
            "boss says no discounts this year so the offer's off",
            "bethan's doing all the social media now",
        ),
        ("boss changed her mind, offer's on", "bethan's post was awful tbh"),
        (
            "more emojis",
            "not 'babes', we're not that kind of salon",
            "mention free toner",
            "say book via the link in bio",
            "use the before and after of jade's hair",
            "make sure people know the offer stops on the 28th",
            "less about price, more about the look instead",
            "tag @shear.genius.cdf",
        ),
    ),
    Task(
        "price_list",
        "salon",
        "update the price list for 1st march: cuts up £3, colours up £5, kids cuts stay £12, print a4 for the window",
        ("the price list", "the march prices", "the new prices", "the window sign"),
        ("redo the price list w the march increases", "update our prices for march"),
        (
            "wella's put colour up 8% and we havent changed prices in 2 years",
            "the price list in the window's still got 2022 on it",
        ),
        (
            "how much do other salons in cardiff charge for a cut and blow dry",
            "how do i put prices up without losing clients",
        ),
        ("the price rise", "the a4 one"),
        ("price list's done", "new prices are printed"),
        ("boss wants to hold prices till summer", "we're keeping the old prices, too many moaned"),
        ("boss says go ahead w the rise now", "summer's here lol, do the prices"),
        (
            "oap discount stays 10%",
            "put gents cuts separate",
            "same font as the old one",
            "cancellation fee £15 on the bottom",
            "drop the perm line, we dont do them",
            "cut and finish £38 not £40",
            "a5 instead of a4, for the counter as well",
            "colours on the back page",
        ),
    ),
    Task(
        "wella_order",
        "salon",
        "order colour from salon services: koleston 7/0 x4, 6/1 x3, 9/16 x2, welloxon 6% 1l x2, account SG-5521",
        ("the wella order", "the colour order", "the salon services order", "the koleston"),
        ("put the wella order in w salon services", "order the koleston and developer"),
        (
            "we're out of 7/0 and 6% developer and i've got colours all day tmrw",
            "just checked the back, hardly any koleston left",
        ),
        (
            "is salon services or sally's cheaper for koleston",
            "whats the quickest way to get wella colour by tmrw",
        ),
        ("the koleston one", "the colour stuff"),
        ("wella order's in", "colour's ordered"),
        (
            "the rep's coming thursday so i'll order off her",
            "bethan already did the order yesterday",
        ),
        ("the rep cancelled thursday", "bethan's order was wrong, half missing"),
        (
            "make the 7/0 x6",
            "next day delivery",
            "if 9/16 is out of stock get 9/1 instead",
            "add 2 boxes of foils",
            "dont let them switch us to the new packaging, it's dearer",
            "leave off the developer, we've got some in the back",
            "deliver to the salon not my house",
            "they have a £50 minimum, check",
        ),
    ),
    # ---------------------------------------------------------------- corner shop, leicester
    Task(
        "vat_q3",
        "shop",
        "do the vat figures for q3 jul-sep from the spreadsheet, sales are in column c, purchases in d, return's due 7th nov",
        ("the vat", "the q3 return", "the vat spreadsheet", "the vat figures"),
        ("work out the q3 vat from the spreadsheet", "get the vat figures ready for the 7th"),
        (
            "accountant's on holiday and the vat's due on the 7th",
            "hmrc letter came, vat return due next week",
        ),
        ("is lottery commission vat exempt", "how do i work out vat on the flat rate for a shop"),
        ("the hmrc one", "the jul-sep one"),
        ("vat figures done", "q3 numbers are ready"),
        ("accountant's back early, he'll do it", "my son did the vat last night"),
        ("accountant says he's too busy after all", "my son got the vat wrong"),
        (
            "the flat rate is 7.5% for retail",
            "paypoint income is separate",
            "september's sheet is on tab 3",
            "ignore the cancelled rows in red",
            "the fridge repair in aug was £420",
            "leave the lottery out, its exempt",
            "do it monthly instead of one quarter total so i can check",
            "tobacco purchases are on the back tab, col f",
        ),
    ),
    Task(
        "booker_order",
        "shop",
        "do the booker order for the weekend: 10 x 4pt milk, 6 cases walkers, 4 cases red bull, 2 bread trays, delivery fri am, account 7702194",
        ("the booker order", "the weekend order", "the cash and carry list", "the delivery"),
        ("put the weekend booker order in", "do the booker list for friday"),
        (
            "city are at home saturday and we're low on everything",
            "shelves are empty and booker's cut off is 2pm",
        ),
        (
            "whats booker's cut off for friday delivery",
            "how much red bull do i need for a match weekend",
        ),
        ("the friday one", "the milk one"),
        ("booker order's in", "weekend order's done"),
        (
            "booker's van broke, they're not delivering this week",
            "anil's going to the cash and carry himself",
        ),
        ("booker's van's fixed, they can do sat", "anil's car broke down, he cant go"),
        (
            "make it 8 milk not 10",
            "red bull sugar free x2 as well",
            "if walkers are out get kp instead",
            "dont order bread, warburtons comes direct",
            "check the promo on coke, 2 for 12",
            "drop the red bull to 3 cases",
            "delivery to the back door, front's blocked",
            "they keep switching my ready salted for salt n vinegar, tell them no subs",
        ),
    ),
    Task(
        "xmas_rota",
        "shop",
        "make the xmas week rota, 23rd-31st, open 7-10 except xmas day 9-1, staff priya, tom, anil, me. priya cant do boxing day",
        ("the xmas rota", "the rota", "xmas week", "the shifts"),
        ("do the christmas rota for 23rd to 31st", "sort the shifts for xmas week"),
        (
            "tom's asked if he's working xmas and i havent done the rota",
            "staff keep asking me about xmas shifts",
        ),
        (
            "do i have to pay double on bank holidays",
            "how do i split xmas shifts fair between 4 people",
        ),
        ("the christmas one", "the december shifts"),
        ("rota's done", "xmas rota's on the wall"),
        ("priya's doing the rota this year", "we're shutting over xmas, decided"),
        ("priya's rota was a disaster", "we're opening after all"),
        (
            "tom's 17 so no later than 10",
            "anil wants new years eve off",
            "me on xmas day",
            "switch priya and tom on the 27th",
            "put breaks in, 30 mins",
            "no one does more than 5 days",
            "mark xmas day as 'shut at 1, stop serving at 12.45'",
            "put the shift times on the back",
        ),
    ),
    Task(
        "licence_form",
        "shop",
        "help me fill in the premises licence change form for the council, new dps is priya shah, licence no LEI/PL/0931",
        ("the licence form", "the dps change", "the council form", "LEI/PL/0931"),
        ("fill in the dps change form for priya", "do the council licence form"),
        (
            "licensing officer came in, says priya needs to be dps now i'm not here much",
            "council letter says the licence details are out of date",
        ),
        (
            "can priya be dps if her personal licence is from birmingham",
            "what happens if the dps on the licence has left",
        ),
        ("the priya form", "the council one"),
        ("licence form's sent", "dps form's done"),
        ("priya's leaving in march so no point", "my solicitor's doing the licence stuff"),
        ("priya's staying after all", "solicitor wants £400 for the licence, forget him"),
        (
            "her personal licence no is BHM/PL/4472",
            "she needs to sign it too",
            "fee is £23",
            "the hours stay the same, 7-10",
            "alcohol sales stop at 10, not 11, check that",
            "i'll drop the form into the council myself",
            "put my name as the applicant instead of priya",
            "the form says section b but i cant find it",
        ),
    ),
    # ---------------------------------------------------------------- market baker, ludlow
    Task(
        "allergen_labels",
        "baker",
        "make allergen labels for the stall, sourdough (wheat, rye), brownies (egg, milk, wheat, soya), cinnamon buns (wheat, egg, milk), ludlow market sat",
        ("the allergen labels", "the labels", "the allergy stickers", "the natasha's law stuff"),
        ("do the allergen labels for saturday", "make the stickers w the allergens"),
        (
            "trading standards came round the market and said my allergen labels aren't right",
            "a customer asked if the brownies have nuts and i had nothing written down",
        ),
        (
            "what does natasha's law mean for market stalls",
            "do i need allergen labels on loose bread",
        ),
        ("the trading standards one", "the sticker one"),
        ("labels are done", "allergen stickers are printed"),
        ("the market's bringing in its own label printer", "jo's already done the labels"),
        ("market's printer never came", "jo's labels were missing the sesame"),
        (
            "brownies have walnuts sometimes, put nuts too",
            "2 inch round stickers",
            "allergens in bold",
            "sesame on the sourdough top",
            "put 'made in a kitchen that handles nuts' instead of 'may contain'",
            "leave the rye off, it's only in the dark loaf",
            "ingredients on the back of the label",
            "the cinnamon buns are dairy free now, switched to oat milk",
        ),
    ),
    Task(
        "bun_costing",
        "baker",
        "cost up the new cinnamon bun, batch of 24: 1kg flour £1.10, butter 250g £2.20, sugar, cinnamon, 2 eggs, icing, want 65% margin",
        ("the bun costing", "the cinnamon buns", "the bun price", "the costings"),
        ("work out what the cinnamon buns cost me", "cost up the new buns"),
        (
            "people keep asking for cinnamon buns on the stall and i dont know what to charge",
            "butter's gone up again and i think i'm selling the buns at a loss",
        ),
        (
            "whats a normal margin for a market bakery",
            "what should a cinnamon bun sell for at a market",
        ),
        ("the 24 batch", "the 65% one"),
        ("bun costing's done", "worked out the buns"),
        (
            "not doing the buns after all, too much faff",
            "jo's worked out the bun prices on the back of an envelope",
        ),
        ("buns sold out in an hour, we're doing them after all", "jo's sums were miles out"),
        (
            "gas is about 80p a batch",
            "add the paper bags 4p each",
            "my time's £12 an hr, 1.5 hrs",
            "round it to £2.50",
            "do it w vegan butter instead too",
            "the pitch fee is £25 a day, spread it",
            "icing's 500g for the batch",
            "wont work if we drop the price below £2",
        ),
    ),
    Task(
        "xmas_market",
        "baker",
        "fill in the application for the shrewsbury xmas market, 3m pitch, all 4 weekends, deadline 30th sept, need hygiene rating and insurance",
        (
            "the shrewsbury form",
            "the xmas market application",
            "the pitch application",
            "shrewsbury",
        ),
        ("fill in the shrewsbury xmas market form", "apply for the shrewsbury pitch"),
        (
            "shrewsbury xmas market closes applications on the 30th",
            "another trader said shrewsbury pitches go fast and i havent applied",
        ),
        (
            "is it worth doing shrewsbury xmas market for a small baker",
            "what do xmas markets want on an application",
        ),
        ("the christmas one", "the 3m pitch one"),
        ("shrewsbury application's in", "xmas market form's sent"),
        (
            "shrewsbury have put the fee up to £600, not worth it",
            "decided to do ludlow xmas instead, closer",
        ),
        ("shrewsbury dropped the fee back to £350", "ludlow's full, shrewsbury it is"),
        (
            "hygiene rating is 5",
            "public liability w simply business, £5m",
            "product list: breads, buns, mince pies, stollen",
            "i'll need electric for the display fridge",
            "only 3 weekends instead, not the first",
            "say the gazebo is 3x3 not 3x4",
            "mention i've got a back up generator",
            "put jo as second contact",
        ),
    ),
    Task(
        "wedding_cake",
        "baker",
        "chloe and sam want a 3 tier wedding cake for 14th june, lemon, vanilla and chocolate, buttercream, 120 portions. write up a quote and a booking form",
        ("the wedding cake quote", "chloe's cake", "the june cake", "the 3 tier"),
        ("quote the wedding cake for chloe and sam", "do chloe's cake quote and booking form"),
        (
            "chloe messaged on facebook, they want a 3 tier for june and need a price",
            "a bride came to the stall asking for a wedding cake quote",
        ),
        (
            "what do people charge for a 3 tier buttercream wedding cake",
            "how much deposit do cake makers take",
        ),
        ("the wedding one", "the june one"),
        ("chloe's quote's sent", "wedding cake quote done"),
        ("chloe's auntie is making the cake now", "wedding's been postponed to next year"),
        ("chloe's auntie backed out", "the wedding's back on for june"),
        (
            "£380 inc delivery",
            "deposit £100 non refundable",
            "delivery to the venue, walcot hall",
            "they want fresh flowers on top, they supply them",
            "no fondant, buttercream only",
            "add what happens if they cancel: deposit kept",
            "make the lemon tier the bottom one instead",
            "they want it set up by 1 before the guests get back from church",
        ),
    ),
    # ---------------------------------------------------------------- dog groomer, harrogate
    Task(
        "bella_complaint",
        "groomer",
        "help me reply to mrs hughes, bella her cockapoo got a small nick on the ear from the clippers today. i want to apologise and offer the next groom free",
        ("the hughes reply", "bella's ear thing", "the hughes message", "the complaint"),
        ("write the reply to mrs hughes about bella's ear", "answer mrs hughes' complaint"),
        (
            "mrs hughes has messaged furious, bella's ear got nicked at today's groom",
            "just noticed the cockapoo i did this morning has a cut on her ear and the owner's posted about it",
        ),
        (
            "what do i say to a customer when their dog got nicked w the clippers",
            "do i have to offer money back if a dog gets a nick",
        ),
        ("the cockapoo one", "the ear thing"),
        ("replied to mrs hughes", "hughes message sent"),
        ("mrs hughes rang, she's fine about it now", "amy's dealing w mrs hughes, she knows her"),
        ("mrs hughes has left a review now", "amy says mrs hughes wants to hear from me"),
        (
            "offer to pay the vet bill if she goes",
            "she's a regular, 4 yrs",
            "dont make it sound like i'm admitting negligence",
            "mention the ear was matted, thats why",
            "shorter",
            "say we've switched to a new blade guard since",
            "she might cancel her standing booking, so be nice",
            "ask her to bring bella back so i can check it",
        ),
    ),
    Task(
        "reminder_texts",
        "groomer",
        "set up reminder texts for appointments the day before, from muddy paws, w the address 2 station parade and 'reply C to cancel'",
        ("the reminder texts", "the reminders", "the appointment texts", "the reminder setup"),
        ("set up the day-before reminder texts", "sort the appointment reminders"),
        (
            "3 no shows this week, i'm losing money",
            "another dog didnt turn up today, the owner forgot",
        ),
        (
            "whats the best app for booking reminders for a dog groomer",
            "how do other groomers stop no shows",
        ),
        ("the no show thing", "the text reminder one"),
        ("reminders are set up", "reminder texts are working"),
        (
            "the booking app does reminders already, just found it",
            "my partner's setting up the reminders on his laptop",
        ),
        ("the app reminders only go by email, useless", "my partner never did the reminders"),
        (
            "send at 5pm the day before",
            "no shows get charged 50%, mention it",
            "muddy paws not muddypaws",
            "'reply C to cancel' is fine but also 'R to rearrange'",
            "stop them going out on sundays",
            "add a line about bringing the lead",
            "use the salon number instead of my mobile",
            "can the customer pause them if they're away?",
        ),
    ),
    Task(
        "deshed_prices",
        "groomer",
        "write a price list for the new de-shedding packages, small £35, medium £45, large £60, giant breeds £75, includes bath, blowout, furminator",
        ("the de-shed prices", "the de-shedding list", "the packages", "the new price list"),
        ("do the de-shedding price list", "write up the de-shed packages"),
        (
            "huskies and goldens are blowing coat and everyone's asking for a deshed",
            "lost a husky customer cos i didnt have a deshed price",
        ),
        (
            "what do groomers charge for a deshed on a husky",
            "how should i price deshedding by size",
        ),
        ("the husky one", "the furminator one"),
        ("deshed list's done", "packages are written up"),
        (
            "amy thinks we should hold off packages till autumn",
            "my partner's doing the price lists in canva",
        ),
        ("amy's changed her mind on the packages", "the canva one looks naff"),
        (
            "add a nail clip for £5",
            "no double coats shaved, say that",
            "call it 'the big blowout' instead",
            "matted dogs extra £10",
            "keep it to one page",
            "say we stop if the dog gets stressed and finish another day",
            "same prices for the mobile van",
            "list the breeds under each size",
        ),
    ),
    # ---------------------------------------------------------------- removals, manchester
    Task(
        "didsbury_quote",
        "removals",
        "quote the hendersons, 3 bed from 41 lapwing lane didsbury to 8 hazel grove stockport on the 28th, 2 men + luton, piano in the front room",
        ("the didsbury quote", "the hendersons' price", "lapwing lane", "the 3 bed quote"),
        ("do the didsbury to stockport quote for the hendersons", "price up the hendersons' move"),
        (
            "the hendersons want a price for the 28th, 3 bed w a piano",
            "just did a survey at lapwing lane, they want the price today",
        ),
        (
            "how much do people charge to move a piano",
            "whats a fair price for a 3 bed didsbury to stockport",
        ),
        ("the one w the piano", "the 28th one"),
        ("henderson quote sent", "didsbury quote's gone"),
        ("hendersons' sale fell through", "hendersons went w pickfords"),
        ("hendersons' sale is back on", "pickfords let the hendersons down"),
        (
            "3 men not 2 for the piano",
            "add packing service £180",
            "they're on the 2nd floor at the other end, no lift",
            "£780 all in",
            "parking permit needed on lapwing lane",
            "put a cancellation clause in, 48 hrs",
            "they want storage for a week in between, price that instead of the packing",
            "make sure it says the clock stops for our lunch",
        ),
    ),
    Task(
        "wardrobe_claim",
        "removals",
        "mr lowe says we broke his oak wardrobe on the move to prestwich, he wants £450. help me write to him and the insurer, policy TT-77120",
        ("the lowe claim", "the wardrobe", "the lowe letter", "the prestwich claim"),
        ("write to mr lowe about the wardrobe claim", "sort the wardrobe claim w the insurer"),
        (
            "mr lowe's on the phone saying we smashed his wardrobe",
            "bloke from the prestwich move wants £450 for a wardrobe",
        ),
        (
            "does goods in transit cover a wardrobe that was already wobbly",
            "do i have to pay a customer for damage b4 the insurer decides",
        ),
        ("the wardrobe one", "the £450 one"),
        ("lowe letter sent", "wardrobe claim's in"),
        (
            "mr lowe's dropped the claim, his son fixed it",
            "steve in the office is handling the lowe claim",
        ),
        (
            "mr lowe's son made a mess of it, he's claiming again",
            "steve's off, need u on the lowe thing",
        ),
        (
            "it was flat pack, not oak",
            "we've got photos of it before",
            "excess is £250",
            "dont admit fault",
            "offer £150 as goodwill instead of the full 450",
            "mick carried it, he says it was already cracked at the back",
            "he says he'll go to small claims if we dont pay",
            "say we cant pay till the insurer's looked at it, its on hold w them",
        ),
    ),
    Task(
        "van_hire",
        "removals",
        "luton's failed its mot, find me a 7.5t hire for saturday, collect friday night, near trafford park",
        ("the van hire", "the 7.5 tonner", "saturday's van", "the hire"),
        ("find a 7.5 tonne hire for saturday", "sort a hire lorry for sat"),
        (
            "the luton's failed its mot on the brakes and we've a big move saturday",
            "garage says the luton's off the road for a week",
        ),
        ("can my lads drive a 7.5t on a car licence", "who does 7.5t hire near trafford park"),
        ("the lorry one", "the saturday one"),
        ("hire's booked", "7.5t sorted for sat"),
        ("luton passed the retest", "mick's borrowed his brother's lorry for sat"),
        ("luton failed again", "mick's brother needs his lorry back"),
        (
            "mick has c1 on his licence",
            "under £200 a day",
            "need a tail lift",
            "northgate in trafford park or enterprise",
            "if no 7.5t then 2 lutons instead",
            "drop it back sunday morning",
            "check if they need a deposit",
            "we'll park it at the yard overnight friday",
        ),
    ),
    Task(
        "box_order",
        "removals",
        "order packing stuff: 100 double wall boxes, 20 wardrobe boxes, 10 rolls tape, 5 rolls bubble wrap, from kite packaging, delivered to unit 6 broadheath",
        ("the box order", "the packing stuff", "the kite order", "the boxes"),
        ("order the boxes and tape from kite", "put the packing stuff order in"),
        (
            "we're down to 12 boxes and there's 3 packing jobs next week",
            "lads used the last of the tape today",
        ),
        ("who's cheapest for double wall boxes in bulk", "how many boxes does a 3 bed pack take"),
        ("the kite one", "the 100 boxes"),
        ("box order's in", "kite order placed"),
        (
            "steve already ordered boxes on the card",
            "found 80 boxes in the back of unit 4, dont need them",
        ),
        ("steve's order was single wall, useless", "unit 4 boxes are damp"),
        (
            "double wall, not single",
            "wardrobe boxes w the hanging rail",
            "if kite are dear try rajapack instead",
            "delivery b4 wed",
            "add 2 packs of mattress bags",
            "use the business card not mine",
            "leave the bubble wrap off, we've got loads at the back",
            "they keep sending the wrong tape, brown not clear",
        ),
    ),
)

# ---------------------------------------------------------------- slot fillers

_ANSWERS = (
    "yeah thats right",
    "yes",
    "yep",
    "no the other one",
    "yeah fine",
    "go w that",
    "yes pls",
    "nope",
    "yeah the first one",
    "either's fine",
    "dunno u choose",
    "same as last time",
    "yeah 2",
    "no leave it as it is",
    "yh",
    "correct",
)
_DAYS = (
    "fri",
    "monday",
    "tmrw",
    "next wk",
    "the weekend",
    "thurs",
    "end of the month",
    "after the bank holiday",
)
_PAST = (
    "on monday",
    "on tuesday",
    "this morning",
    "yesterday",
    "last wk",
    "earlier",
    "the other day",
    "on weds",
)
_SIGNS = ("ta", "cheers", "x", "thx", "ty", "cheers pal", "ta mate", "xx", "cheers bud")

# ---------------------------------------------------------------- switch: the task in force goes, another is asked for

_SWITCH: tuple[str, ...] = (
    "{a} off. {b_do}",
    "{b_do} instead of {a}",
    "{hi}. {a_why}. {b_do} pls",
    "{ans}. actually forget that, {b_do}",
    "{a} can wait till {day}, {b_do} first",
    "{b_ctx}. {a} can wait, sort that first",
    "{b_ctx} so thats more important than {a} rn. can u sort it",
    "{mate}'s taking over {a}. can u {b_do}",
    "right change of plan. {b_do}",
    "forget {a} till {day}. {b_ctx}, can u deal w that",
    "nvm {a}. {b_q}?",
    "{a} - not today. {b_do}",
    "just had a call. {b_ctx}. drop whatever ur on and sort that",
    "{ans}\n\nbut tbh {a} can go on the back burner. {b_do} asap",
    "give up on {a} its not worth the hassle. {b_do}",
    "{b_do}. the other thing can sit",
    "no more {a} today. {b_q}?",
    "{a_why} so {b_do} while ur free",
    "park {a} for now and {b_do}",
    "swap to {b} pls, {a} can wait",
    "{b_ctx}!! {b_do} now, {a} after",
    "ok so {a} is on hold. {b_ctx}, what do i do",
    "ignore {a}, bigger fish. {b_do}",
    "{hi}. before u go any further on {a}... {b_ctx}. can u look at that first",
    "dont worry about {a} anymore. {b_do} instead",
    "{hi}\n{ans}. but scrap that for now, {b_ctx}. {b_do} and i'll look at {a} another day\n{sign}",
    "{a} is dead in the water. {b_q}?",
    "{b_q}? (leave {a}, not urgent)",
    "on {b} now pls. {b_do}",
    "{a}?? not anymore lol. {b_do}",
    "priority change: {b_do}. {a} on hold",
    "{mate} said they'll finish {a}. so {b_do}",
    "{hi}. can u {b_do}. dont need {a} anymore",
    "{b_ctx}. {b_q}?",
    "stop {a} a min. {b_do}",
    "that can wait. {b_do}",
    "{a_why}. typical. {b_q}?",
    "{ans}. thats as far as we go w {a}, leave the rest. {b_do}",
    "new job: {b_do}. bin {a}",
    "sack off {a}. {b_do}",
    "{a} is going on the back burner, {b_ctx}. sort {b} pls",
    "cheers. i'll deal w {a} myself tonight. meanwhile {b_do}",
    "hold fire on {a}. {b_ctx}, can u help",
    "{a} - {mate} can pick that up tmrw. u do {b}: {b_do}",
    "rather u did {b} first tbh. {b_do}",
    "{b_do} asap!! {a} later",
    "actually more pressing: {b_ctx}. what should i do",
    "{hi}. u can stop w {a}. {b_q}?",
    "{a} not happening this week. {b_do}",
    "let {a} go. {b_ctx}, sort it pls",
    "{ans} but on second thoughts park all that, {b_do}",
    "oh god {b_ctx}. never mind {a}, {b_do}",
    "{b_do}, {a} is {mate}'s problem now",
    "screw {a} honestly. {b_q}?",
    "{hi}. {b_ctx}. {a} will have to wait, any ideas?",
    "knock {a} on the head. {b_do}",
    "friday for {a}. today {b_do}",
    "{news}. anyway {a_why} so thats that. {b_do}",
    "{hi}\n\n{a_why}, so no point carrying on w that. while i remember tho, {b_ctx} - can u {b_do}? would be a massive help\n\n{sign}",
    "put {a} down for now, {b} is more urgent. {b_do}",
    "{b_do}? {a} isnt going anywhere",
    "plans changed. {a_why}. need {b} doing now: {b_do}",
    "{hi}. {b_ctx}\nso {b_do}\n{a} another time",
)

# ---------------------------------------------------------------- stop: the task in force goes, nothing new

_STOP: tuple[str, ...] = (
    "{a} off",
    "{a_why}",
    "{a_why} so leave it",
    "forget {a} till {day}",
    "leave {a} w me, i'll do it tonight in the van",
    "{mate}'s doing {a} now so u can leave it",
    "park {a} for now",
    "hold off on {a} till i hear back",
    "nah not worth it, leave {a}",
    "dont bother w {a} anymore",
    "{ans}. actually no, scrap that, leave it all for now",
    "{hi}. {a} can wait till {day}, nothing else for now",
    "knock {a} on the head",
    "stop {a} pls",
    "{a} isnt happening. thx anyway",
    "{a_why}. so thats that, dont carry on",
    "just leave {a} where it is, i'll look at it {day}",
    "{mate} says they'll do {a}, so hand it over. nothing else for now",
    "give up on it, {a} is a lost cause",
    "ok stop there",
    "thats enough on {a} for today",
    "{a} is on hold. i'll text when its back on",
    "put {a} on the back burner",
    "no more on {a} pls, i'll ring them myself",
    "{hi}\n{a_why}. gutted but there it is. dont do any more on {a}",
    "{a}? not now. maybe {day}",
    "cancel {a}",
    "{ans}.\nbut tbh im gonna leave {a} for now. too much on",
    "let me think about {a} over the weekend b4 u do any more",
    "{a} - passed it to {mate}",
    "no point now, {a_why}",
    "stand down on {a}",
    "i'll pick {a} back up after {day}",
    "sack {a} off for today",
    "{a} can sit for now, im knackered",
    "done for today. {a} {day}",
    "leave it there pls, i'll finish {a} myself",
    "not doing {a} after all",
    "{hi}, just to say {a} is off the table",
    "{a_why}. forget it",
    "ok {a} is dead. thanks for trying",
    "we'll come back to {a}. leave it for now",
    "shelve {a} pls",
    "{a} is getting done by {mate} now, so ur off the hook",
    "{news}. on top of that {a_why}. so leave {a}, nothing else needed",
    "{hi}\n\nsorry to mess u about but {a_why}. can u just leave {a} where it is for now. i'll let u know if anything changes\n\n{sign}",
    "hang fire on {a} till {day} pls",
)

# ---------------------------------------------------------------- resume: back to a task stopped earlier (b was done in between)

_RESUME: tuple[str, ...] = (
    "{b_done}. back to {a} pls",
    "{b_done} - now the other thing",
    "right, what we parked {pday}. crack on",
    "{a_back} so crack on w it again",
    "{a_detail} - pick that back up",
    "ok {b} sorted. where were we w {a}?",
    "back on {a} now {b}'s done",
    "{hi}. {a} is back on",
    "carry on w {a} from where u got to",
    "can we go back to {a}",
    "{b_done}. ok the thing from earlier",
    "{a} again pls",
    "resume {a}",
    "{b_done}\nnow {a_do} like we said b4",
    "remember {a}? lets finish that",
    "right, thats {b} done. the other job now",
    "{a_back}. do the rest of it",
    "ok thats {b} out the way, go back to what u were doing b4 i interrupted",
    "what we had on hold - {a} - lets get it done",
    "unpark {a}",
    "{a} is a go again",
    "{b_done}. finish off {a} now pls",
    "{hi}. {b_done}. now back to {a_detail}",
    "pick up where we left off {pday}",
    "ok now the job we put aside",
    "{a_back}, so get {a} going again",
    "{b_done}. u can carry on w the earlier one now",
    "the thing i told u to leave {pday} - do it now",
    "go back to {a} pls, {mate} never got round to it",
    "ok {mate} didnt do {a} after all. can u take it back",
    "{a}. lets get it finished",
    "and now thats done - {a}!!",
    "back to the job we stopped {pday}",
    "that other one - yeah go on then",
    "decided {a} is worth doing after all. carry on",
    "{b} done thx. whats left on {a}? finish it",
    "thats {b} sorted cheers. ok {a_do}",
    "{b_done}. we left {a} half done, finish it now",
    "reopen {a} pls",
    "right back to it. the first thing i asked u",
    "{news}. anyway {b_done}. {a_back}, so back on that",
    "{hi}\n\n{b_done}, thanks for that. {a_back} so can we pick {a} up again where we left it? same details as b4\n\n{sign}",
    "{a_detail}. yeah that one. go",
)

# ---------------------------------------------------------------- reply: anything else about the task in force ({p} is a parked one)

_REPLY: tuple[str, ...] = (
    # plain
    "{ans}",
    "{ans}, crack on",
    "hows {a} coming on",
    "any joy w {a}?",
    "is {a} nearly done",
    "thx",
    "looks good, send it over",
    "how long will {a} take u",
    "can u show me what uve got so far",
    "{hi}. any update on {a}",
    "crack on then",
    "keep it short pls, they wont read a long one",
    "put my mobile on it 07700 900{num}",
    "no thats wrong, check it again",
    "yeah go w ur first idea",
    "{ans}. and make it sound less formal, we're only small",
    "spot on ta",
    "sorry was on a job. {ans}",
    "send it to me first b4 it goes anywhere",
    "whats it looking like so far",
    "good stuff keep going",
    "ok read it. change the 2nd bit",
    "does {a} need anything else from me",
    "{hi}\n{ans}. also bear in mind im on a job till 4 so if u need me text dont ring\ncheers",
    "no",
    "{news}. anyway {ans}",
    "perfect thats exactly it",
    "bit long, cut it down",
    # look-alikes
    "im stopping for a brew, carry on w {a}",
    "dont stop till {a} is finished, i need it tonight",
    "{p} is still on hold right? dont touch it, just checking. carry on w {a}",
    "did {p} ever go out or is it still parked? not now, just asking",
    "i'll stop by the wholesaler later so anything u need for {a} tell me now",
    "back to ur question: {ans}",
    "leave the rest as it is, just fix the wording in the first bit",
    "same thing but shorter instead pls",
    "off to a job now, keep going on {a} and text me when its done",
    "no need to pause and check w me every step, just do {a}",
    "pausing for lunch, back in 20. dont wait for me on {a}",
    "carry on where u were, i was just answering a customer",
    "sorry got distracted. anyway {a}, go on",
    "dont cancel anything, just tweak it",
    "i'll switch my phone off for an hour, just get on w {a}",
    "van's broke down on the ring road lol. anyway {a}, hows it going",
    "if they want to cancel later thats their lookout, do {a} anyway",
    "stick w {a}, ignore {p} for now",
    "{p} can stay parked. keep at {a}",
    "dont drop {a} whatever happens, its the main thing this wk",
    "back in the van. {ans}",
    "instead of asking me just use ur best guess on {a}",
    "i was going to say forget it but no, keep going w {a}",
    "hold on let me check w the customer... ok yeah {ans}",
    "no not stop - i said SHOP. carry on",
    "u seem to have stopped halfway through {a}, keep going",
    "{mate} asked if ur still on {a}. i said yes so carry on",
    "{mate} wanted me to drop {a} and do something else but no, {a} first",
    "not giving up on {a} yet, try again",
    "is {p} dead or just on hold? dont start it, {a} first",
    "can we go back to ur 2nd option for {a}",
    "scrap the last line, rest is fine",
    "{ans}. then stop there and show me",
    "{hi}\n\n{news}, so sorry for the slow reply. {ans} to ur question. also had a think and i'd rather it didnt sound pushy, most of my work is word of mouth\n\n{sign}",
    "{hi}. re {a} - {ans}. and yes i know {p} is still parked, i'll tell u when. just {a} for now",
)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower()).strip()


def _pair(rng: random.Random) -> tuple[Task, Task]:
    """The task in force (or the stopped one) and another task of the same trader."""
    a = rng.choice(_TASKS)
    others = [t for t in _TASKS if t.who == a.who and t.key != a.key]
    return a, rng.choice(others)


def _slots(rng: random.Random, a: Task, b: Task) -> dict[str, str]:
    per = _PERSONAS[a.who]
    return {
        "a": rng.choice(a.nicks),
        "b": rng.choice(b.nicks),
        "p": rng.choice(b.nicks),
        "a_do": rng.choice(a.do),
        "b_do": rng.choice(b.do),
        "b_ctx": rng.choice(b.ctx),
        "b_q": rng.choice(b.q),
        "a_why": rng.choice(a.why),
        "a_back": rng.choice(a.back),
        "a_detail": rng.choice(a.detail),
        "b_done": rng.choice(b.done),
        "mate": rng.choice(per.mates),
        "hi": rng.choice(per.openers),
        "news": rng.choice(per.news),
        "ans": rng.choice(_ANSWERS),
        "day": rng.choice(_DAYS),
        "pday": rng.choice(_PAST),
        "sign": rng.choice(_SIGNS),
        "num": f"{rng.randrange(100, 1000)}",
    }


def _from_template(kind: str, template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        a, b = _pair(rng)
        text = template.format_map(_slots(rng, a, b))
        if kind == "resume":
            # ``a`` was stopped earlier, ``b`` is the task done in between.
            return {"kind": kind, "text": text, "current_task": b.ask, "stopped_task": a.ask}
        return {"kind": kind, "text": text, "current_task": a.ask, "stopped_task": None}

    return build


def _task_reply(rng: random.Random) -> Case:
    """A same-task reply written for one task, sometimes after an opener or an answer."""
    task = rng.choice(_TASKS)
    text = rng.choice(task.replies)
    roll = rng.random()
    if roll < 0.15:
        text = f"{rng.choice(_PERSONAS[task.who].openers)}. {text}"
    elif roll < 0.30:
        text = f"{rng.choice(_ANSWERS)}. {text}"
    elif roll < 0.38:
        text = f"{text}\n{rng.choice(_SIGNS)}"
    elif roll < 0.44:
        text = f"{rng.choice(_PERSONAS[task.who].news)}. anyway {text}"
    return {"kind": "reply", "text": text, "current_task": task.ask, "stopped_task": None}


def _builders() -> dict[str, list[Builder]]:
    out: dict[str, list[Builder]] = {
        "switch": [_from_template("switch", t) for t in _SWITCH],
        "stop": [_from_template("stop", t) for t in _STOP],
        "resume": [_from_template("resume", t) for t in _RESUME],
        "reply": [_from_template("reply", t) for t in _REPLY],
    }
    # about half the replies are the task-specific ones
    out["reply"].extend([_task_reply] * len(_REPLY))
    return out


# ---------------------------------------------------------------- SMS register noise

_SHORTEN = (
    (r"\byou\b", "u"),
    (r"\byour\b", "ur"),
    (r"\bplease\b", "pls"),
    (r"\bthanks\b", "thx"),
    (r"\btomorrow\b", "tmrw"),
    (r"\bbefore\b", "b4"),
    (r"\bw\b(?!/)", "w/"),
    (r"\band\b", "n"),
    (r"\bgoing to\b", "gonna"),
)
_LENGTHEN = (
    (r"\bu\b", "you"),
    (r"\bur\b", "your"),
    (r"\bpls\b", "please"),
    (r"\bthx\b", "thanks"),
    (r"\btmrw\b", "tomorrow"),
    (r"\bb4\b", "before"),
    (r"\bw\b(?!/)", "with"),
    (r"\bim\b", "I'm"),
    (r"\bdont\b", "don't"),
)


def _typo(text: str, rng: random.Random) -> str:
    words = list(re.finditer(r"[a-z]{4,}", text))
    if not words:
        return text
    m = rng.choice(words)
    w = m.group(0)
    i = rng.randrange(1, len(w) - 2)
    w = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
    return text[: m.start()] + w + text[m.end() :]


def _register(text: str, rng: random.Random) -> str:
    """Thumb-typed SMS noise: abbreviations, dropped punctuation, a typo, autocorrect caps, a sign-off."""
    roll = rng.random()
    if roll < 0.30:
        for pat, rep in _SHORTEN:
            if rng.random() < (0.25 if rep == "n" else 0.7):
                text = re.sub(pat, rep, text)
    elif roll < 0.40:
        for pat, rep in _LENGTHEN:
            text = re.sub(pat, rep, text)
    if rng.random() < 0.30:
        text = text.replace("'", "")
    if rng.random() < 0.20:
        text = re.sub(r"[.,!]+(\s|$)", r"\1", text)
        text = re.sub(r" - ", " ", text)
    if rng.random() < 0.10:
        text = _typo(text, rng)
    if rng.random() < 0.12:
        text = text[:1].upper() + text[1:]
    if "\n" not in text and rng.random() < 0.10:
        text = f"{text} {rng.choice(_SIGNS)}"
    if rng.random() < 0.02:
        text = text.upper()
    return text


def generate(seed: int) -> list[Case]:
    """Return 600 labelled, deduplicated, shuffled cases for ``seed``."""
    rng = random.Random(seed)
    builders = _builders()
    seen: set[str] = set()
    cases: list[Case] = []
    for kind in KINDS:
        pool = list(builders[kind])
        rng.shuffle(pool)
        want = PLAN[kind]
        made = 0
        step = 0
        while made < want:
            if step > want * 200:
                raise RuntimeError(f"could not fill {kind!r} with distinct texts")
            case = pool[step % len(pool)](rng)
            step += 1
            text = _register(str(case["text"]), rng)
            key = _norm(text)
            if key in seen:
                continue
            seen.add(key)
            case["text"] = text
            cases.append(case)
            made += 1
    rng.shuffle(cases)
    return cases


def _template_count() -> int:
    return len(_SWITCH) + len(_STOP) + len(_RESUME) + len(_REPLY)


if __name__ == "__main__":
    print(
        f"{len(_TASKS)} tasks, {_template_count()} templates "
        f"(switch {len(_SWITCH)}, stop {len(_STOP)}, resume {len(_RESUME)}, reply {len(_REPLY)}), "
        f"{sum(len(t.replies) for t in _TASKS)} task-specific replies"
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
        assert generate(s) == got, "not deterministic"
    assert generate(0) != generate(1)
    print("ok")
