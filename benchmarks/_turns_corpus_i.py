# ruff: noqa: E501
"""Held-out corpus ``i`` of a person's turns mid-task: switch, stop, resume or reply. Written blind.

Provenance. Written as an independent author, WITHOUT opening packlight's turn classifier or any
corpus, test, result or script built against it: nothing under ``src/``, ``tests/`` or
``benchmarks/results/`` was opened or grepped, nor ``bench_switch_e2e.py``,
``train_turn_model.py``, ``turns_model_loco.py`` or any other ``_turns_corpus_*.py``. The only
project text read was ``benchmarks/_turns_corpus_d.py`` lines 1-45 (docstring, ``KINDS``,
``PLAN``), its ``generate`` function and its ``__main__`` printer (found by listing its ``def`` lines),
to copy the interface (none of its wording is reused), plus the ruff settings in ``pyproject.toml`` and the file names in
``benchmarks/``. No classifier or benchmark was run on this corpus; do not tune it against one.

Interface. ``generate(seed)`` returns 600 labelled cases (``PLAN``: 180 switch, 120 stop,
120 resume, 180 reply), shuffled with ``random.Random(seed)``. Each is a dict with ``kind``,
``text`` (the person's message), ``current_task`` (the task in force, as the person first asked
it; for a resume, the other task done in between) and ``stopped_task`` (for a resume, the earlier
stopped or paused task now taken up again, as first asked; otherwise ``None``). No normalised
text (lowercased, punctuation and spacing collapsed) occurs twice, so no text is under two kinds.

Authorship choices for this corpus (made to be unlike a typical one):

- Customer-service and personal-assistant errands, 30 of them (rebooking a cancelled flight,
  disputing a card charge, downgrading a phone plan, a grocery order, returning a laptop, a vet
  visit, a warranty claim, a child's party, a passport renewal, a plumber, insurance quotes, a
  parking appeal, a cottage, ...), each with its own later names, codes, dates and amounts.
- Several tasks are ABOUT stopping things (cancel a gym membership, pause a meal-kit
  subscription, stop a direct debit, stop a newspaper delivery): replies that carry those on are
  ``reply``, and stops/switches on them only use wordings that cannot be read as doing the task
  ("forget the gym cancellation", "I've decided to keep the gym after all").
- Voices: formal and long-winded elderly writers, lowercase teenage slang, a busy parent
  interrupted mid-message (whose shouts at children use "stop"/"wait"/"no"), code-switching into
  Spanish / Hindi / Portuguese, angry customers (angry at the company), chronic apologisers, and
  one- or two-word answers. Some cases get typo/punctuation noise on top.
- Switch/stop/resume wordings are deliberately indirect and varied ("never mind the parcel",
  "actually the bank sorted it", "that's handled", "ok new thing:", "scratch that, more urgent:",
  "so about that refund from before"); a stop may be a resolution elsewhere or a change of mind
  with no verb of stopping at all.
- Replies: over a third are hard look-alikes that use stop / cancel / pause / switch / instead /
  drop / later / hold / wait / leave / forget words as the subject matter of the same task, or
  answer the agent with "no", "not now", "later", "wait" as content (checked by ``__main__``).

``python benchmarks/_turns_corpus_i.py`` runs the self-check and prints samples.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = (("switch", 180), ("stop", 120), ("resume", 120), ("reply", 180))


@dataclass(frozen=True)
class Task:
    """One errand: how it was first asked, how it is later referred to, and what fits it."""

    key: str
    first: str  # the sentence the person first used to ask for it
    kw: str  # a one- or two-word handle for terse messages
    short: str  # a terse way to ask for it from scratch
    refs: tuple[str, ...]  # noun phrases that point back at it (with article where needed)
    asks: tuple[str, ...]  # verb phrases that ask for it anew (lowercase, fit "can you ...?")
    done: tuple[str, ...]  # statements that make the agent's work on it moot
    replies: tuple[str, ...]  # ordinary answers / details for it
    looks: tuple[str, ...]  # same-task replies using stop/cancel/later... words as content
    terse: tuple[str, ...]  # one- or two-word answers for it
    subj: bool = False  # the task itself is about cancelling / stopping / pausing something


TASKS: tuple[Task, ...] = (
    Task(
        "flight",
        "Can you rebook my flight to Lisbon? The airline cancelled it and the booking code is QX7P2R.",
        "flight",
        "rebook Lisbon flight QX7P2R",
        (
            "the flight",
            "the Lisbon flight",
            "the flight thing",
            "the rebooking",
            "booking QX7P2R",
            "the airline mess",
        ),
        (
            "rebook my cancelled Lisbon flight, booking code QX7P2R",
            "get me onto another flight to Lisbon, the old one (QX7P2R) was cancelled",
            "sort out a new flight to Lisbon for me",
        ),
        (
            "the airline already moved me onto the evening flight",
            "my son rebooked it on the app",
            "TAP rang me and put me on another flight",
            "the Lisbon trip is off anyway",
        ),
        (
            "window seat if there's a choice",
            "I'd prefer to fly out on {day}",
            "the surname on the booking is {surname}",
            "just hand luggage, no checked bag",
            "same passengers as before, me and my wife",
            "any departure after {time} works for me",
            "the code is QX7P2R, Q as in Quebec",
        ),
        (
            "don't pick anything with a stop in Madrid, I want a direct flight",
            "keep the return leg as it is, only the outbound was cancelled",
            "if they cancel the connection too, ask about compensation",
            "no, not the {time} one, I can't get to the airport that early",
            "the later flight is fine, I'm not in a rush",
            "if the morning one's full I'm happy to wait for the afternoon flight",
            "hold the seat while I check with my wife, then book it",
            "ask them whether a cancelled flight means I can switch to Porto instead",
        ),
        ("window", "direct only", "after lunch", "just me"),
    ),
    Task(
        "bank",
        "Please help me dispute a charge of $84.99 on my Visa from a company called NETSTREAMR. I never signed up for anything with them.",
        "bank",
        "dispute NETSTREAMR charge",
        (
            "the bank charge",
            "the dispute",
            "the NETSTREAMR charge",
            "the card dispute",
            "the bank thing",
            "the $84.99 charge",
            "the refund from the bank",
        ),
        (
            "dispute the $84.99 NETSTREAMR charge on my Visa",
            "get my bank to reverse that NETSTREAMR charge of $84.99",
            "help me challenge a charge on my Visa from a company called NETSTREAMR",
        ),
        (
            "the bank sorted it, the $84.99 is back",
            "the bank already reversed it",
            "my husband rang the bank and it's handled",
        ),
        (
            "it went out on the {date}",
            "the card ends in 4417",
            "I've never heard of the company",
            "yes, I still have the card with me",
            "it's a Chase Visa",
            "nobody else in the house uses that card",
        ),
        (
            "no, don't freeze the whole card, just dispute that one charge",
            "put a stop on any future charges from NETSTREAMR as well",
            "if they say I have to cancel the subscription first, tell them there never was a subscription",
            "ask them to cancel this card and send a new one once the dispute is filed",
            "it says pending, not posted, does that change how we dispute it?",
            "I'd rather wait for the chargeback than take store credit",
        ),
        ("4417", "Chase", "never"),
    ),
    Task(
        "mobile",
        "I want to change my Vodafone plan to the cheaper 20GB one, account number 55-201-778.",
        "phone plan",
        "Vodafone 20GB plan",
        (
            "the phone plan",
            "the Vodafone thing",
            "the plan change",
            "the mobile plan",
            "my phone contract",
        ),
        (
            "move my Vodafone contract down to the cheaper 20GB plan",
            "change my mobile plan to the 20GB one, account 55-201-778",
            "get Vodafone to put me on their 20GB plan",
        ),
        (
            "I did it in the Vodafone app in two minutes",
            "Vodafone called me and changed it already",
        ),
        (
            "the account is in my name, {surname}",
            "I use about 12GB a month",
            "the security answer is my first school, St Mary's",
            "from the next bill date is fine",
            "I'm on the 100GB one at the moment",
        ),
        (
            "switch me to the 20GB one from next month, not straight away",
            "don't cancel the contract, I only want to downgrade",
            "stop the international calls add-on too while you're at it",
            "keep my number, I don't want to switch numbers",
            "if there's a fee to switch plans, ask them to drop it",
            "no, I don't want their pause-your-plan offer, just the cheaper plan",
        ),
        ("12GB-ish", "next bill", "my name"),
    ),
    Task(
        "groceries",
        "Can you put together a grocery order from Tesco for Saturday morning delivery? The usual things plus what I need for a lasagne.",
        "groceries",
        "Tesco shop for Sat",
        ("the groceries", "the Tesco order", "the shopping", "the grocery order", "the food shop"),
        (
            "do a Tesco grocery order for Saturday morning",
            "put together my usual Tesco shop plus lasagne ingredients",
            "order my groceries from Tesco for Saturday delivery",
        ),
        (
            "my partner already did the shopping",
            "I popped to the shop on the way home",
            "we're eating at my mum's all weekend, so no food needed",
        ),
        (
            "semi-skimmed milk, not whole",
            "two packs of beef mince",
            "add bananas and a bag of apples",
            "the 8 till 10 slot please",
            "we've got lasagne sheets already",
            "use the Clubcard at checkout",
        ),
        (
            "take the oat milk off, we've stopped buying it",
            "cancel the eggs, the neighbour gave us a dozen",
            "swap the beef for turkey mince instead",
            "no, not the organic one, the cheaper one",
            "stop putting the big multipack of crisps in every week, one small bag is enough",
            "hold the bread this week, I'm baking",
            "if they substitute anything, drop that item rather than accept the swap",
        ),
        ("8-10", "semi-skimmed", "no bread"),
    ),
    Task(
        "laptop",
        "I need to return the laptop I bought from Currys, order number CR-448120. It keeps overheating.",
        "laptop",
        "Currys laptop return",
        (
            "the laptop return",
            "the laptop",
            "the Currys return",
            "the return",
            "order CR-448120",
            "the laptop refund",
        ),
        (
            "sort out returning the overheating laptop to Currys, order CR-448120",
            "set up a return for my Currys laptop",
            "get Currys to take back the laptop that overheats",
        ),
        (
            "Currys already emailed me a returns label",
            "I took it back to the store this morning",
        ),
        (
            "I bought it on the {date}",
            "I've still got the original box",
            "it's the Lenovo IdeaPad",
            "refund to the card I paid with please",
            "it gets too hot to touch after about ten minutes",
            "the receipt is in my email, I can forward it",
        ),
        (
            "if they offer a repair instead, say no, I want my money back",
            "the fan stops and then it overheats, put that in the reason",
            "don't cancel the extended warranty yet, wait until the refund comes through",
            "no replacement, cancel that option and go for the refund",
            "I'd rather not wait in for a collection, I can drop it at the store",
        ),
        ("Lenovo", "got the box", "refund"),
    ),
    Task(
        "vet",
        "Could you book a vet appointment for my dog Biscuit at Greenfield Vets? She's been limping on her back leg.",
        "vet",
        "vet for Biscuit",
        (
            "the vet appointment",
            "the vet",
            "Biscuit's appointment",
            "the vet booking",
            "the Biscuit thing",
        ),
        (
            "book Biscuit in at Greenfield Vets for her limp",
            "get my dog an appointment at Greenfield Vets",
            "find a vet slot for my dog Biscuit this week",
        ),
        (
            "the vet had a cancellation and rang me directly",
            "my mum already took Biscuit in",
            "Biscuit's walking fine again today",
        ),
        (
            "mornings are best for me",
            "she's a six-year-old springer spaniel",
            "she's insured with PetPlan",
            "Dr Okafor if she's available",
            "it's the back left leg",
            "she's eating and drinking normally",
        ),
        (
            "if they have a cancellation slot, grab it",
            "she stops limping after a while and then it starts again, tell them that",
            "cancel her booster slot next month and do it at this appointment instead",
            "no, not Thursday, I work late",
            "the waiting list is fine if they're full",
            "don't stop at Greenfield if they're booked up, try their other branch",
        ),
        ("mornings", "springer", "PetPlan"),
    ),
    Task(
        "warranty",
        "Please file a warranty claim for my Bosch washing machine, it stopped spinning. Serial number WAT28401GB/07.",
        "washer",
        "Bosch warranty claim",
        (
            "the warranty claim",
            "the washing machine",
            "the Bosch claim",
            "the warranty thing",
            "the washer",
        ),
        (
            "file a warranty claim on my Bosch washing machine, serial WAT28401GB/07",
            "get Bosch to fix the washing machine under warranty",
            "put in a warranty claim for the washer that stopped spinning",
        ),
        (
            "Bosch already booked an engineer when I rang",
            "my landlord is dealing with it through his insurance",
        ),
        (
            "bought in {month} last year from AO",
            "the model number is WAT28401GB",
            "the error code is E18",
            "any weekday except Wednesday for the engineer",
            "I've got the receipt as a PDF",
        ),
        (
            "it stopped spinning mid-cycle and now it won't drain either",
            "it's only the spin that stops, the wash part still works",
            "no, I haven't tried to fix it myself, so they can't void it",
            "if they say the warranty has lapsed, ask them to check again, it's two years",
            "the drum stops dead and beeps three times",
            "stop them sending the engineer on a Wednesday, I'm not in",
        ),
        ("E18", "not Wednesday", "AO"),
    ),
    Task(
        "party",
        "Help me plan a birthday party for my daughter Maya. She's turning 7 on the 14th.",
        "party",
        "Maya's party plan",
        (
            "the party",
            "Maya's birthday",
            "the birthday planning",
            "the party stuff",
            "Maya's party",
        ),
        (
            "help me plan Maya's 7th birthday party on the 14th",
            "plan a birthday party for my daughter, she's turning 7",
            "come up with a plan for Maya's birthday party",
        ),
        (
            "my sister's taken over the party planning",
            "we've booked a soft play package that does everything",
        ),
        (
            "about 15 kids from her class",
            "the budget is around £200",
            "she's mad about dinosaurs",
            "one kid has a nut allergy",
            "a Saturday afternoon, 2 till 4",
            "our living room is tiny, so somewhere else",
        ),
        (
            "stop suggesting princess stuff, she's into dinosaurs now",
            "we cancelled the bouncy castle last year because of rain, so indoors please",
            "no, not a sleepover",
            "it has to stop by 5 because of bedtimes",
            "musical statues is good, the one where they stop and freeze",
            "a later start is fine, 3 o'clock works",
            "drop the magician idea, she's scared of them",
        ),
        ("dinosaurs", "£200", "15 kids"),
    ),
    Task(
        "passport",
        "I need to renew my passport before August; can you go through the online form with me?",
        "passport",
        "passport renewal",
        ("the passport", "the passport renewal", "the passport form", "the renewal form"),
        (
            "help me renew my passport online before August",
            "go through the passport renewal form with me",
            "get my passport renewal done online",
        ),
        (
            "I did it at the post office with Check and Send",
            "my daughter filled it in for me on her laptop",
        ),
        (
            "my current passport number is 533018274",
            "it expires on the {date} of July",
            "place of birth is Leeds",
            "I've got a digital photo code from the booth",
            "no change of name",
            "I'll pay by debit card",
        ),
        (
            "leave the previous names section blank, I've never changed my name",
            "the form keeps stopping at the photo upload page",
            "not now for the countersignature, I'll ask my neighbour later, do the rest",
            "the photo got rejected for the shadow, can we try the other one",
            "is it too late to cancel the fast-track option if I tick it?",
            "don't pause on the optional bits, skip them",
        ),
        ("Leeds", "no name change", "debit card"),
    ),
    Task(
        "plumber",
        "Can you find me a plumber who can come this week? The kitchen sink is leaking under the cabinet.",
        "plumber",
        "plumber for sink leak",
        ("the plumber", "the leak", "the plumber search", "the sink", "finding a plumber"),
        (
            "find me a plumber for the leaking kitchen sink",
            "get a plumber out this week for the leak under the sink",
            "look for a plumber who can fix my kitchen leak",
        ),
        (
            "our neighbour's a plumber and he's coming tonight",
            "the landlord sent his own guy round",
            "I tightened the nut myself and it's stopped dripping",
        ),
        (
            "the postcode is {postcode}",
            "I'm in after 4 every day",
            "it's a slow drip, not gushing",
            "budget up to about £120",
            "I think it's the pipe going into the waste",
        ),
        (
            "I've turned the stopcock off so it's not an emergency",
            "the leak stops when the tap's off, so it's the drain",
            "not the firm that cancelled on us last time, Drip Bros",
            "no call-out fee ones if possible",
            "later in the week is better, Thursday or Friday",
            "if they can't come, a waiting list is fine",
        ),
        ("after 4", "slow drip", "Thursday"),
    ),
    Task(
        "insurance",
        "Could you compare car insurance quotes for my Golf? It renews on the 3rd and Admiral want £612.",
        "insurance",
        "car insurance quotes",
        (
            "the car insurance",
            "the insurance quotes",
            "the Admiral renewal",
            "the insurance comparison",
            "the quotes",
        ),
        (
            "compare car insurance quotes for my Golf before the 3rd",
            "find me a cheaper car insurance quote than Admiral's £612",
            "shop around for insurance on my Golf",
        ),
        (
            "Admiral matched the price when I rang them",
            "I went with the broker my brother uses",
        ),
        (
            "no claims for nine years",
            "it's a 2018 Golf 1.5 TSI",
            "parked on the drive overnight",
            "about 8,000 miles a year",
            "just me, no named drivers",
            "put my job as retired teacher",
        ),
        (
            "don't cancel Admiral until the new policy is actually live",
            "make sure it doesn't auto-renew, but don't cancel it yet",
            "switching is only worth it if the saving is over £50",
            "no, not comprehensive-plus, normal comprehensive is fine",
            "if the new insurer wants me to cancel the old one myself, tell me how",
            "leave out the breakdown cover, I have the AA",
        ),
        ("nine years", "on the drive", "8k miles"),
    ),
    Task(
        "gym",
        "Please cancel my gym membership at PureGym, membership number 7730912. They keep charging me.",
        "gym thing",
        "cancel PureGym 7730912",
        (
            "the gym cancellation",
            "the PureGym thing",
            "the membership cancellation",
            "the gym stuff",
        ),
        (
            "cancel my PureGym membership, number 7730912",
            "get PureGym to cancel my membership",
            "sort out cancelling my gym membership",
        ),
        (
            "I went in and cancelled it at the front desk",
            "I've decided to keep the gym after all",
            "I don't want to cancel the gym any more, I'm going back",
        ),
        (
            "the email on the account is my work one",
            "I joined in {month} 2022",
            "the Camden branch",
            "my date of birth is 12 March 1990",
            "they take it on the 1st of each month",
        ),
        (
            "yes, cancel it completely, not just freeze it",
            "stop the direct debit too once it's cancelled",
            "if they offer to pause it instead, say no",
            "they want 30 days' notice, send it today anyway",
            "the cancellation should take effect from the end of this month",
            "no, I don't want the cheaper off-peak plan, just cancel",
            "if they ask why I'm cancelling, say I'm moving",
        ),
        ("Camden", "end of month", "cancel fully"),
        subj=True,
    ),
    Task(
        "parcel",
        "Can you track my Amazon parcel? Tracking number TBA30219987, it was supposed to arrive Monday.",
        "parcel",
        "track Amazon parcel",
        ("the parcel", "the package", "the Amazon parcel", "the tracking", "TBA30219987"),
        (
            "track my Amazon parcel, TBA30219987",
            "find out where my Amazon package is",
            "chase the Amazon parcel that was due Monday",
        ),
        (
            "it just turned up",
            "it was with the neighbour the whole time",
        ),
        (
            "it's the kettle I ordered",
            "the address is right, flat 3",
            "nobody's been in during the day",
            "it's said out for delivery since Monday",
        ),
        (
            "it says delivery stopped at the depot, what does that mean?",
            "if it's stuck, ask them to hold it at the depot so I can collect it",
            "I don't want to cancel the order, just find out where it is",
            "no, don't ask for a refund yet, wait one more day",
            "if they say it's lost, then fine, cancel and reorder it",
        ),
        ("kettle", "flat 3", "nobody home"),
    ),
    Task(
        "complaint",
        "Help me write a complaint letter to Northway Trains about being stuck for three hours on the 17:42 last Friday.",
        "complaint",
        "Northway complaint letter",
        (
            "the complaint letter",
            "the letter",
            "the train complaint",
            "the Northway letter",
            "the complaint",
        ),
        (
            "write a complaint letter to Northway Trains about the 17:42 on Friday",
            "draft a complaint to Northway Trains for me",
            "help me complain to the train company about Friday's delay",
        ),
        (
            "Northway already emailed to apologise and refunded me",
            "I filled in their delay-repay form and that's enough",
        ),
        (
            "the ticket reference is NT-55810",
            "I was going from Leeds to Manchester",
            "I missed my grandson's school play",
            "sign it Dorothy Walsh",
            "it was a season ticket",
        ),
        (
            "mention that the train stopped outside Huddersfield for 90 minutes with no announcement",
            "tone it down, stop calling them incompetent",
            "cut the second paragraph, it rambles",
            "end by asking for a full refund, not just a voucher",
            "say they cancelled the replacement bus too",
            "no, not too formal, it should sound like me",
        ),
        ("NT-55810", "Leeds-Manchester", "sign Dorothy"),
    ),
    Task(
        "utilities",
        "I'm moving on the 28th. Can you update my address with British Gas, Thames Water and the council?",
        "address change",
        "address change w/ utilities",
        (
            "the address change",
            "the utilities",
            "the change of address",
            "the move admin",
            "the utility stuff",
        ),
        (
            "update my address with British Gas, Thames Water and the council for my move on the 28th",
            "tell the utility companies my new address",
            "sort out my change of address with the gas, water and council",
        ),
        (
            "my letting agent does all the utilities",
            "I did all three online last night",
            "the move has fallen through",
        ),
        (
            "the new address is 14 Orchard Row, {postcode}",
            "the meter reading on the day is 04412",
            "the council tax reference is 80023417",
            "Thames Water first please",
            "the move date might slip to the 29th",
        ),
        (
            "stop the gas account at the old place on the 28th, not earlier",
            "cancel the old council tax direct debit once the new one's set up",
            "no, don't switch energy supplier, just move the account",
            "leave the broadband out of it, I'm doing that myself",
            "the water can stop at the old address on the 27th",
            "wait until I send the final meter reading before closing anything",
        ),
        ("28th", "04412", "Thames first"),
    ),
    Task(
        "bill",
        "Split the restaurant bill from last night for me: £186.40 in total, six people, but two of us didn't drink.",
        "bill",
        "split last night's bill",
        ("the bill", "the restaurant bill", "the bill split", "the dinner maths", "the split"),
        (
            "split last night's £186.40 restaurant bill six ways, two of us didn't drink",
            "work out who owes what from last night's restaurant bill",
            "do the bill split from last night's dinner",
        ),
        (
            "Sam already put it into Splitwise",
            "we just split it evenly in the end",
        ),
        (
            "the drinks came to £54",
            "the non-drinkers were me and Ana",
            "round to the nearest pound",
            "I paid the whole thing on my card",
        ),
        (
            "leave the tip out of the split, I paid that separately",
            "Priya cancelled last minute so it's five people, not six",
            "no, don't split the wine between everyone",
            "stop rounding, do it to the penny",
            "wait, the service charge was already included",
            "the two who didn't drink shouldn't pay for the cocktails either",
        ),
        ("£54", "me and Ana", "to the penny"),
    ),
    Task(
        "hellofresh",
        "Please pause my HelloFresh subscription for three weeks while we're away.",
        "HelloFresh thing",
        "pause HelloFresh 3 wks",
        (
            "the HelloFresh thing",
            "the HelloFresh pause",
            "the meal box stuff",
            "the HelloFresh business",
        ),
        (
            "pause my HelloFresh for three weeks",
            "put my HelloFresh deliveries on hold while we're away",
            "skip the next three HelloFresh boxes",
        ),
        (
            "I paused it in the app myself",
            "we're not going away after all, so keep the boxes coming",
        ),
        (
            "we leave on the {date}",
            "the login is my gmail",
            "the deliveries come on Tuesdays",
            "three weeks exactly",
        ),
        (
            "pause it, don't cancel it",
            "if they can only pause two weeks, do two and I'll skip the third myself",
            "make sure the pause starts before Tuesday's box",
            "no, I don't need the discount kept, just pause",
            "if pausing isn't possible, skip the weeks one by one",
            "it should restart on its own after three weeks, check that",
        ),
        ("Tuesdays", "3 weeks", "gmail"),
        subj=True,
    ),
    Task(
        "debit",
        "Stop the direct debit to Everlast Windows from my Barclays account. We paid them off last month.",
        "Everlast thing",
        "cancel Everlast direct debit",
        (
            "the direct debit thing",
            "the Everlast thing",
            "the direct debit cancellation",
            "the Everlast business",
        ),
        (
            "cancel the Everlast Windows direct debit on my Barclays account",
            "stop the direct debit to Everlast Windows",
            "get rid of the direct debit to Everlast Windows",
        ),
        (
            "Barclays cancelled it when I was in the branch",
            "Everlast stopped it from their end",
        ),
        (
            "the reference is EVL-2290",
            "it comes out on the 1st",
            "it's £89 a month",
            "it's a joint account with my husband",
            "the sort code is 20-44-91",
        ),
        (
            "yes, stop it at the bank, not through Everlast",
            "it has to be stopped before the 1st",
            "no, don't cancel the other direct debits, only Everlast",
            "if the bank asks, the reason is the loan is paid off",
            "wait, check first that the last payment cleared",
            "don't pause it, cancel it for good",
        ),
        ("EVL-2290", "the 1st", "£89"),
        subj=True,
    ),
    Task(
        "prescription",
        "Can you request a repeat prescription of my blood pressure tablets from the surgery? It's amlodipine 5mg.",
        "prescription",
        "repeat prescription",
        (
            "the prescription",
            "the repeat prescription",
            "the tablets",
            "the surgery request",
            "the amlodipine",
        ),
        (
            "request my repeat amlodipine prescription from the surgery",
            "order my blood pressure tablets from the GP",
            "put in for my repeat prescription, the amlodipine",
        ),
        (
            "the pharmacy sorted it automatically",
            "the surgery rang and it's already done",
        ),
        (
            "the surgery is Park Lane Medical",
            "my NHS number is 485 777 3652",
            "send it to Boots on the high street",
            "I've got about a week's worth left",
            "my date of birth is 3/4/1948",
        ),
        (
            "I stopped the ramipril, so only the amlodipine",
            "no, not the pharmacy by the station, the Boots one",
            "don't cancel the other repeat items, just don't order them this time",
            "if they want a review first, later this month is fine",
            "wait, it's 5mg not 10mg, check that",
        ),
        ("Park Lane", "Boots", "5mg"),
    ),
    Task(
        "hotel",
        "Book me a hotel in Edinburgh for the 9th and 10th of May, under £150 a night.",
        "hotel",
        "Edinburgh hotel 9-10 May",
        (
            "the hotel",
            "the Edinburgh hotel",
            "the hotel booking",
            "the Edinburgh trip",
            "the hotel search",
        ),
        (
            "book a hotel in Edinburgh for the 9th and 10th of May under £150",
            "find me an Edinburgh hotel for two nights in May",
            "sort out my hotel in Edinburgh for May",
        ),
        (
            "the conference organisers booked one for me",
            "I'm staying with a friend instead",
        ),
        (
            "close to Waverley station if possible",
            "a double room",
            "breakfast included would be nice",
            "I'm arriving around 6pm",
            "use my Booking.com account",
        ),
        (
            "only ones with free cancellation please",
            "no, not the one on the Royal Mile, too noisy",
            "if there's a later check-out option, take it",
            "stop showing me hostels, I want a proper hotel",
            "don't pay upfront, I want to be able to cancel if plans change",
            "hold the room without paying if they let you",
        ),
        ("Waverley", "double", "6pm"),
    ),
    Task(
        "restaurant",
        "Reserve a table for four at Dishoom on Saturday at 8.",
        "Dishoom",
        "Dishoom table Sat 8pm",
        (
            "the table",
            "the Dishoom booking",
            "the reservation",
            "Saturday dinner",
            "the restaurant booking",
        ),
        (
            "book a table for four at Dishoom on Saturday at 8",
            "get us a Dishoom table for Saturday night",
            "reserve Dishoom for four, Saturday 8pm",
        ),
        (
            "my friend got a table through the app",
            "we're going to my in-laws on Saturday instead",
        ),
        (
            "the Shoreditch one",
            "under the name {surname}",
            "7:30 is fine if 8 is gone",
            "one of us is vegan",
            "my number is 07700 900123",
        ),
        (
            "if they're full, put us on the waiting list",
            "no, not the King's Cross branch",
            "ask about their cancellation policy before booking",
            "later is fine, even 9",
            "if they want a deposit, stop and ask me first",
            "hold it under my name until Friday if they allow that",
        ),
        ("Shoreditch", "four of us", "7:30 ok"),
    ),
    Task(
        "mot",
        "Book my car in for its MOT. The reg is LK19 XRT and it's due on the 21st.",
        "MOT",
        "MOT for LK19 XRT",
        ("the MOT", "the car", "the MOT booking", "LK19 XRT", "the garage booking"),
        (
            "book an MOT for LK19 XRT before the 21st",
            "get my car booked in for its MOT",
            "find a garage to do my MOT before the 21st",
        ),
        (
            "the garage texted and booked me in already",
            "my dad took the car in for the MOT",
        ),
        (
            "Kwik Fit on Mill Road is closest",
            "I can drop it off before work, 8am",
            "it's a Ford Fiesta",
            "I need it back by 5",
            "under £55 please",
        ),
        (
            "the brake light stopped working, get them to check that too",
            "no, not a full service, just the MOT",
            "if they can only do it later than the 21st, don't book",
            "I'm happy to wait at the garage while they do it",
            "drop the tyre check add-on they always push",
        ),
        ("8am", "Fiesta", "Mill Road"),
    ),
    Task(
        "babysitter",
        "Find us a babysitter for Friday night, 7 till 11, for our two kids.",
        "babysitter",
        "babysitter Fri 7-11",
        (
            "the babysitter",
            "Friday's babysitter",
            "the sitter",
            "the childcare for Friday",
            "the sitter search",
        ),
        (
            "find a babysitter for Friday from 7 till 11",
            "get us a sitter for Friday night",
            "look for a babysitter for our two kids on Friday",
        ),
        (
            "granny's coming to babysit",
            "we've called off our Friday plans",
        ),
        (
            "the kids are 4 and 8",
            "we're in Didsbury",
            "£12 an hour is our limit",
            "DBS checked please",
            "bedtime is 7:30 for the little one",
        ),
        (
            "no, not the one who cancelled on us last time",
            "it could run later, maybe midnight",
            "if nobody's free, a waiting list on the app is fine",
            "stop looking at agencies, they're too expensive, local sitters only",
            "the little one sometimes won't stop crying at bedtime, mention that",
        ),
        ("4 and 8", "Didsbury", "£12"),
    ),
    Task(
        "broadband",
        "Chase Virgin Media about my broadband, it's been dropping every evening for a week. Reference 8812-331.",
        "broadband",
        "chase Virgin re broadband",
        (
            "the broadband",
            "the Virgin thing",
            "the internet",
            "ref 8812-331",
            "the broadband complaint",
        ),
        (
            "chase Virgin Media about my broadband dropping, ref 8812-331",
            "get Virgin to fix my internet that cuts out every evening",
            "complain to Virgin Media about the broadband",
        ),
        (
            "an engineer came and fixed it this morning",
            "Virgin finally replaced the hub",
        ),
        (
            "it drops around 8 every night",
            "I've restarted the hub loads of times",
            "the account number is 33091-77",
            "I work from home so it really matters",
            "it's the Hub 5",
        ),
        (
            "it stops for about five minutes and then comes back",
            "ask for compensation for the days it kept cutting out",
            "no, I don't want to cancel, I just want it fixed",
            "if they say switch it off and on again, tell them I've done it",
            "the wait on the phone is over an hour, try the chat instead",
            "tell them I'll switch to BT if they won't send an engineer",
        ),
        ("around 8", "Hub 5", "done that"),
    ),
    Task(
        "tickets",
        "Get me a refund for the Arctic Monkeys tickets on Ticketmaster, the gig was cancelled. Order 1923-4471.",
        "tickets",
        "Ticketmaster refund",
        (
            "the ticket refund",
            "the Ticketmaster thing",
            "the concert refund",
            "the refund",
            "order 1923-4471",
        ),
        (
            "get my refund for the cancelled Arctic Monkeys gig, Ticketmaster order 1923-4471",
            "claim the Ticketmaster refund for the cancelled concert",
            "chase Ticketmaster for my concert ticket money",
        ),
        (
            "Ticketmaster refunded it automatically",
            "the money came back this morning",
        ),
        (
            "two tickets, £78 each",
            "I bought them with my Mastercard",
            "it was the Leeds date",
            "the email on Ticketmaster is my old hotmail",
        ),
        (
            "it was cancelled, not postponed, so I'm owed the full amount",
            "no, I don't want tickets for the rescheduled date",
            "ask for the booking fees back too",
            "if they offer a voucher instead, say no",
            "I'll wait up to 30 days, that's what they promise",
        ),
        ("£78 each", "Mastercard", "Leeds date"),
    ),
    Task(
        "parking",
        "Help me appeal a parking fine, PCN WK20391845. I was only in the bay for two minutes.",
        "PCN",
        "PCN appeal",
        ("the parking fine", "the appeal", "the PCN", "the fine", "the parking thing"),
        (
            "appeal my parking fine, PCN WK20391845",
            "help me challenge the parking ticket I got",
            "write an appeal for my PCN",
        ),
        (
            "the council cancelled the fine when I sent photos",
            "I just paid it, it's not worth the hassle",
        ),
        (
            "it was on the {date} at about 3pm",
            "Station Road in Wokingham",
            "I was dropping off my mother, she uses a wheelchair",
            "I have a photo of the sign being covered",
        ),
        (
            "say I only stopped to drop someone off",
            "the sign said loading bay, but loading stops at 4",
            "ask them to cancel it because the sign was covered",
            "no, I don't want to pay the reduced rate, appeal it",
            "wait, do we need the blue badge number too?",
        ),
        ("Station Road", "3pm", "have photo"),
    ),
    Task(
        "cleaner",
        "Find a cleaner who can come every other Thursday for about three hours.",
        "cleaner",
        "fortnightly cleaner",
        ("the cleaner", "the cleaner search", "finding a cleaner", "the cleaning"),
        (
            "find me a cleaner for every other Thursday",
            "look for a fortnightly cleaner, three hours on Thursdays",
            "get a cleaner lined up for alternate Thursdays",
        ),
        (
            "my neighbour's cleaner has a free slot and I've booked her",
            "we're doing it ourselves for now",
        ),
        (
            "it's a two-bed flat",
            "we have a cat",
            "they'd need to bring their own products",
            "around £15 an hour",
        ),
        (
            "no, not an agency that makes you sign a year's contract",
            "stop at three hours, I don't need more",
            "the last one cancelled too often, so someone reliable please",
            "later in the day is fine, after 1",
            "leave out the oven, that's a separate job",
        ),
        ("two-bed", "cat", "£15"),
    ),
    Task(
        "cottage",
        "Find me a cottage in Cornwall for the last week of July. Sleeps six, dog-friendly.",
        "cottage",
        "Cornwall cottage late July",
        (
            "the cottage",
            "the Cornwall holiday",
            "the holiday let",
            "the cottage search",
            "Cornwall",
        ),
        (
            "find a dog-friendly Cornwall cottage for six, last week of July",
            "look for a holiday cottage in Cornwall for us",
            "get us somewhere in Cornwall for the end of July",
        ),
        (
            "my cousin's lending us his place",
            "we booked one through a friend",
        ),
        (
            "near the coast, St Ives area ideally",
            "up to £1,800 for the week",
            "one dog, a labrador",
            "Saturday to Saturday",
            "parking for two cars",
        ),
        (
            "free cancellation matters, my mum's health is up and down",
            "no, not Newquay, too busy",
            "stop showing me ones without a garden",
            "later in August would also work if July is full",
            "don't book yet, just shortlist three",
        ),
        ("St Ives", "£1,800", "labrador"),
    ),
    Task(
        "newspaper",
        "Please arrange to stop my newspaper delivery from Patel's Newsagent while I'm in hospital, the 3rd to the 17th.",
        "papers thing",
        "stop Patel's papers 3rd-17th",
        (
            "the newspaper thing",
            "the paper delivery business",
            "the Patel's thing",
            "the newsagent business",
        ),
        (
            "stop my newspaper delivery from Patel's from the 3rd to the 17th",
            "arrange with Patel's to hold my papers while I'm in hospital",
            "tell Patel's Newsagent to pause my papers for two weeks",
        ),
        (
            "Mr Patel already knows, my daughter told him",
            "I rang the shop and they've stopped them",
            "my son's staying at the house, so he'll take the papers",
        ),
        (
            "I get the Telegraph and the Sunday Times",
            "the account is under Edna Clarke",
            "their number is on the bill, 01632 960441",
            "I pay them monthly",
        ),
        (
            "stop them from the 3rd, not before",
            "don't cancel the account, just the two weeks",
            "restart them on the 18th please",
            "no, the Sunday one should stop too",
            "if they can't pause, ask them to hold the papers in the shop",
        ),
        ("Telegraph", "Edna Clarke", "from the 3rd"),
        subj=True,
    ),
    Task(
        "instructor",
        "Can you find a driving instructor for my son Leo? He's 17 and wants automatic lessons.",
        "driving lessons",
        "driving instructor for Leo",
        ("the driving instructor", "Leo's lessons", "the driving lessons", "the instructor search"),
        (
            "find an automatic driving instructor for my son Leo",
            "look for driving lessons for my 17-year-old",
            "get Leo set up with a driving instructor",
        ),
        (
            "his school friend's instructor had a space",
            "Leo found one himself on Instagram",
        ),
        (
            "we're in Harrogate",
            "weekends or after school",
            "he's got his provisional",
            "up to £40 an hour",
        ),
        (
            "no, not manual, automatic only",
            "if they've got a waiting list, put him on it",
            "stop looking at block-booking deals, pay as you go",
            "later starts are fine on Saturdays",
            "the last instructor cancelled on him three times, so reliable please",
        ),
        ("Harrogate", "automatic", "weekends"),
    ),
)

SLOTS: dict[str, tuple[str, ...]] = {
    "day": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    "time": ("6:40am", "7:15", "9:30am", "noon", "2pm", "5:50pm"),
    "date": ("3rd", "12th", "19th", "22nd", "27th"),
    "month": ("January", "March", "June", "October"),
    "surname": ("Okonkwo", "Fernandes", "Sharma", "Whitfield", "Kowalski"),
    "postcode": ("LS6 2QT", "M20 4RN", "BS3 1AZ", "N16 8JH"),
    "elder": ("Margaret", "Harold", "Dorothy", "Bernard", "Joan", "Kenneth"),
    "intr": (
        "pick up the kids",
        "go to a doctor's appointment",
        "make dinner",
        "take a call from work",
        "get the baby down for a nap",
        "head out",
        "go and collect my mother",
        "catch my bus",
    ),
}

# --- dismissals and reasons (switch and stop) -------------------------------------------------

# Dismissals that name the task. Those whose verb could be read as DOING a stop-type task
# ("pause the HelloFresh pause") are filtered out for ``subj`` tasks by ``_UNSAFE``.
DISMISS_REF = (
    "forget {ref}",
    "never mind {ref}",
    "leave {ref} for now",
    "drop {ref}",
    "park {ref}",
    "don't bother with {ref}",
    "put {ref} on hold",
    "hold off on {ref}",
    "forget about {ref}",
    "skip {ref}",
    "let's shelve {ref}",
    "no more on {ref}",
    "stop working on {ref}",
    "you can stop on {ref}",
    "enough of {ref}",
    "leave {ref} alone",
    "pause {ref}",
    "can we abandon {ref}",
    "no need to carry on with {ref}",
    "nvm {ref}",
    "let's not bother with {ref} after all",
    "give {ref} a rest",
    "I'm done with {ref}",
    "that's it for {ref}",
)

DISMISS_BARE = (
    "scratch that",
    "never mind",
    "forget it",
    "change of plan",
    "actually, forget what I asked",
    "ok, leave that",
    "stop there",
    "hold everything",
    "cancel what I asked for",
    "olvídalo",
    "chhodo yaar",
    "deixa pra lá",
    "bas, leave it",
    "nah forget it",
    "ok stop",
    "that's handled",
    "no need any more",
    "ignore my last request",
    "let it go",
)

REASONS = (
    "I'll call them myself",
    "I'll sort it in person",
    "my sister's dealing with it",
    "it's not urgent any more",
    "something's come up",
    "I'll do it at the weekend",
    "I need to think about it first",
    "I'm going to ring them instead",
    "turns out I don't need it",
    "my husband says he'll handle it",
    "I can't face it today",
    "we'll come back to it another day",
    "it's too much hassle right now",
    "I've changed my mind",
    "my daughter will do it for me",
    "it's been sorted another way",
)

NEW_PHRASES = (
    "can you {ask} instead?",
    "I need you to {ask}.",
    "please {ask}.",
    "{Ask}.",
    "could you {ask}?",
    "more urgent: {ask}.",
    "what I really need now is for you to {ask}.",
    "I'd rather you {ask}.",
    "new job: {ask}.",
    "would you {ask}, please?",
    "{Ask} instead, please.",
    "the priority now is to {ask}.",
    "do this instead: {ask}.",
    "I need you on something else: {ask}.",
    "can you {ask} right away?",
    "what I want now is for you to {ask}.",
)

LEADS = (
    "ok new thing:",
    "scratch that, more urgent:",
    "change of plan:",
    "different job now:",
    "right, something else:",
    "forget that one, new request:",
    "new priority:",
    "actually, drop everything:",
    "urgent one:",
    "totally different thing:",
    "ok, new thing, sorry:",
)

SWITCH_T = (
    "{Dref}{reason}. {New}",
    "{Dref}, {new}",
    "{Done}, so {dref}. {New}",
    "Actually {done}. {New}",
    "{Done}! {New}",
    "{Noref}. {New}",
    "{Noref}, {why}. {New}",
    "{Lead} {ask}",
    "{Lead} {ask}.",
    "{New} {Ref} can wait.",
    "{New} Leave {ref} for later.",
    "{Ask} instead of {ref}, please.",
    "Instead of {ref}, can you {ask}?",
    "Stop what you're doing on {ref} and {ask}.",
    "Hang on. {New} {Dref}.",
    "{Dref}, I'll explain later. {New}",
    "Different plan: {dref}, {why}, and {ask}.",
    "Ok so {dref}. {New}",
    "{Why}, so {dref}. {New}",
    "Never mind {ref}, {why}. {New}",
    "Forget about {ref} for a minute. {New}",
    "{Ref}? Forget it. {New}",
    "Put {ref} to one side. {New}",
    "I don't need {ref} any more. {New}",
)

PAUSES = (
    "Let's pause {ref}, I need to {intr}.",
    "Can we stop here for today? I have to {intr}.",
    "Hold it there, I have to {intr}. We'll pick it up another time.",
    "That's enough on {ref} for now.",
    "Let's leave it there for today, I need to {intr}.",
    "I have to {intr}, so let's stop {ref} for now.",
    "Put everything on hold for now, I need to {intr}.",
    "Stop for now please, I need to {intr}.",
    "Let's call it a day on {ref}.",
    "I'll get back to you about {ref}, leave it with me for now.",
    "Pause there. I need to {intr} and I'd rather do the rest myself later.",
    "Let's not do any more today.",
)

STOP_T = (
    "{Dref}{reason}.",
    "{Dref}.",
    "{Done}.",
    "Actually {done}.",
    "{Done}, so you can stop.",
    "{Done}, no need to carry on.",
    "Good news: {done}, so that's handled.",
    "{Noref}{reason}.",
    "{Noref}.",
    "{Pause}",
    "Ok, {dref}. {Why}.",
    "{Why}, so {dref}.",
    "Please stop working on {ref}, {why}.",
    "That's handled, thanks. You can leave {ref}.",
    "No need to do any more on {ref}.",
    "Let's leave {ref} there{reason}.",
    "{Ref}: {done}. Nothing more needed.",
    "Don't go any further with {ref}{reason}.",
    "Forget I asked about {ref}.",
    "Oh, {done}. So never mind.",
)

BACK = (
    "can we go back to {ref}?",
    "so about {that} from before...",
    "so about {that} from earlier, let's carry on.",
    "back to {ref} now, please.",
    "let's pick {ref} back up.",
    "right, {ref} again. Where were we?",
    "now carry on with {ref}.",
    "let's get back to {ref}.",
    "can you continue {ref} where you left off?",
    "remember {ref}? Let's finish it.",
    "on to {ref} again.",
    "back to {ref} we paused earlier.",
    "let's return to {ref}.",
    "ok, {ref}: pick up where we stopped.",
    "where did we get to with {ref}? Let's carry on.",
    "{ref} from earlier, let's do it now.",
    "can we finish off {ref} now?",
    "let's go back to what we were doing before.",
    "back to the earlier thing, please.",
    "let's carry on with the first thing I asked.",
    "resume work on {ref}, please.",
    "restart on {ref} where you left off.",
    "I'm ready to go on with {ref} now.",
    "{ref} is back on, carry on with it.",
    "let's have another go at {ref}.",
    "I've got time for {ref} again now.",
    "where were we on {ref} before I interrupted?",
    "chalo, back to {ref}.",
    "ok, the thing I asked you to park: {ref}. Go on with it.",
    "I said leave {ref} for later, well, it's later. Carry on.",
    "right, {ref} can come off hold now.",
)

ACKS = (
    "Great, thanks for sorting {cref}.",
    "Ok, {cref} is done.",
    "Lovely, that's {cref} sorted.",
    "Thanks, that's enough on {cref}.",
    "Perfect, {cref} is finished.",
    "Brilliant, thank you.",
    "Right, that one's sorted.",
    "Done with {cref}, good.",
    "Thanks for that.",
    "Ok, that's that.",
)

FACT_LEADS = ("Oh, and ", "Also, ", "I found out: ", "By the way, ", "Meanwhile ", "")

REPLY_LEADS = (
    "",
    "",
    "",
    "Yes, ",
    "Oh, and ",
    "Also ",
    "To answer your question, ",
    "Right: ",
    "Ah, ",
    "In case it helps, ",
    "Just so you know, ",
    "One more thing: ",
)

GEN_REPLY = (
    "how's {ref} going?",
    "any update on {ref}?",
    "did that work?",
    "is that done now?",
    "what do you need from me?",
    "how long will this take?",
    "ok, go ahead",
    "yes, that's right",
    "that looks good to me",
    "perfect, thank you!",
    "great, thanks so much",
    "sounds good",
    "can you show me what you've got so far on {ref}?",
    "is there anything else you need from me for {ref}?",
    "yes please",
    "lovely, thank you",
    "brilliant, carry on",
    "hmm, can you double-check that?",
    "what did they say?",
    "did you get my last message?",
    "sorry, I meant the other one",
    "that's right, the second option",
    "what happens after this step?",
    "can you explain that more simply?",
    "thank you, you're a star",
    "and how much will that cost?",
    "is it safe to give them my details?",
    "yes, use the same email as before",
    "I'm not sure, what would you suggest?",
    "go with whatever is cheapest",
    "fine by me",
    "is {ref} nearly done?",
)

GEN_LOOK = (
    "don't stop now, you're nearly there with {ref}",
    "no need to pause and check with me at every step, just carry on",
    "you can stop asking me to confirm every step, I trust you",
    "wait, before you send anything on {ref}, let me read it",
    "hold on, what does that mean?",
    "no, not now, let's finish {ref} first and look at extras another time",
    "not now, thanks, just {ref} for today",
    "later is fine for the confirmation email, keep going",
    "no, I'll wait for you to finish, carry on",
    "the wait's fine, I'm not in a hurry",
    "use their online chat instead of email",
    "drop me a message when {ref} is done",
    "no, don't cancel anything, just keep at {ref}",
    "I wasn't telling you to stop, I was just thinking out loud, keep going",
    "when I said leave it, I meant leave that box empty, not {ref}",
    "never mind that question, it doesn't matter, pick whichever is cheaper",
    "forget what I said about the time, any time is fine",
    "scratch my last message, I misread it, go with what you had",
    "sorry, 'stop' was meant for the dog, carry on",
    "not now, Tom! Sorry, that was my son. Yes, go ahead",
    "stop apologising, you're doing fine",
    "no, not that one, the other option, then carry on",
    "hang on, let me find the paperwork and I'll give you the number",
    "no rush, later today is fine for {ref}",
    "you don't have to stop and summarise, just tell me when it's done",
    "no, I don't want to stop, keep going until it's finished",
    "wait, did you use my new email or the old one?",
    "no, I'd rather you did it than me, carry on",
)

GEN_TERSE = (
    "yes",
    "yep",
    "no",
    "ok",
    "fine",
    "correct",
    "that one",
    "sure",
    "the cheaper one",
    "the first one",
    "both",
    "no, the other one",
    "the later one",
    "not that one",
    "wait, which one?",
    "no not now",
    "go on",
    "thx",
)

TERSE_STOP = (
    "forget {kw}",
    "nvm {kw}",
    "{kw}: leave it",
    "{kw} sorted, stop",
    "no more {kw}",
    "{kw}, done, thx, stop there",
    "stop. {kw} handled",
    "stop",
    "stop pls",
    "nvm",
    "leave it",
    "enough",
    "that's it",
    "stop there",
    "no more",
    "forget it",
    "{kw} done elsewhere",
    "{kw}? drop it",
    "enough {kw}",
)

TERSE_SWITCH = (
    "forget {kw}. {short} pls",
    "{kw} nvm. {short} instead",
    "{short} now, not {kw}",
    "drop {kw}, do {short}",
    "{short} instead pls",
    "new: {short}",
    "{kw} later. {short} now",
    "nvm. {short}",
    "stop {kw}. {short}",
)

TERSE_RESUME = (
    "back to {kw}",
    "{kw} again pls",
    "ok {kw} now",
    "continue {kw}",
    "{kw}, carry on",
    "{kw} pls, where were we",
    "back to {kw} pls",
    "now {kw} again",
)

_HARD = re.compile(
    r"\b(stop\w*|cancel\w*|paus\w*|switch\w*|instead|drop\w*|later|hold\w*|wait\w*|forget|never mind|leave|skip\w*|scratch|not now|enough|restart\w*)\b",
    re.IGNORECASE,
)
_UNSAFE = re.compile(
    r"\b(?:pause|stop|drop|skip|resume|restart|unpause|put|give|cancel)\s+\{ref\}|\{ref\} on hold|\{kw\}\? drop|drop \{kw\}|stop \{kw\}",
    re.IGNORECASE,
)
_PH = re.compile(r"\{(\w+)\}")

VOICES = (
    ("plain", 30),
    ("elderly", 12),
    ("teen", 12),
    ("parent", 11),
    ("mix", 11),
    ("angry", 8),
    ("sorry", 10),
    ("terse", 6),
)

# --- register transforms -------------------------------------------------------------------------

_ELDER_SUBS = (
    (r"\bcan you\b", "would you kindly"),
    (r"\bCan you\b", "Would you kindly"),
    (r"\bdon't\b", "do not"),
    (r"\bDon't\b", "Do not"),
    (r"\bI'm\b", "I am"),
    (r"\bit's\b", "it is"),
    (r"\bIt's\b", "It is"),
    (r"\bI'll\b", "I shall"),
    (r"\bthat's\b", "that is"),
    (r"\bThat's\b", "That is"),
    (r"\bwe'll\b", "we shall"),
    (r"\bthanks\b", "thank you"),
    (r"\bOk\b", "Very well"),
    (r"\bnvm\b", "never mind"),
    (r"\bnah\b", "no"),
)
_ELDER_PRE = (
    "Good morning.",
    "Good afternoon.",
    "Hello dear,",
    "Hello, it is {elder} again.",
    "Dear helper,",
    "I hope you are keeping well.",
    "Good evening. I am sorry to write so late.",
)
_ELDER_ASIDE = (
    "Forgive me if I have not explained myself properly.",
    "My grandson usually does these things for me.",
    "I am not very good with computers, so please bear with me.",
    "My eyesight is not what it was, so excuse any mistakes.",
    "I have written this on my tablet, which I am still getting used to.",
)
_ELDER_POST = (
    "Thank you kindly.",
    "With kind regards, {elder}.",
    "Many thanks, {elder}",
    "I am much obliged.",
    "Yours sincerely, {elder}",
    "Thank you, dear.",
)

_TEEN_SUBS = (
    (r"\byou\b", "u"),
    (r"\byour\b", "ur"),
    (r"\bplease\b", "pls"),
    (r"\bare\b", "r"),
    (r"\bbecause\b", "bc"),
    (r"\bthank you\b", "ty"),
    (r"\bthanks\b", "thx"),
    (r"\bnever mind\b", "nvm"),
    (r"\bright now\b", "rn"),
    (r"\bokay\b", "ok"),
    (r"\bi don't know\b", "idk"),
    (r"\bsomething\b", "smth"),
    (r"\bpeople\b", "ppl"),
    (r"\breally\b", "rly"),
)
_TEEN_PRE = ("ok so", "yo", "bro", "ngl", "lowkey", "um", "ok", "ayo")
_TEEN_POST = ("fr", "lol", "pls", "thx", "tysm", "ngl", "💀", "😭", "ty")

_PARENT_PRE = (
    "Typing one-handed, sorry:",
    "Quick one, kids are screaming:",
    "Ok sorry, bath time chaos.",
    "In the school pickup queue:",
    "Sorry, toddler on my lap.",
)
_PARENT_MID = (
    "(sorry, toddler on my lap)",
    "hang on, baby's crying... ok.",
    "NO, Jack, stop licking the dog! Sorry.",
    "wait, Mia, shoes ON. Sorry.",
    "put that DOWN. Sorry, where was I.",
    "one sec, doorbell... ok.",
    "not now Ollie, mummy's typing!",
)
_PARENT_POST = ("gtg", "sorry, chaos here", "sorry for typos", "(dog barking, sorry)")

_MIX_PRE = (
    "oye,",
    "mira,",
    "accha,",
    "yaar,",
    "olha,",
    "bueno,",
    "arre,",
    "pues,",
    "chalo,",
    "achha so",
)
_MIX_POST = (
    "por favor",
    "yaar",
    "na?",
    "tá?",
    "gracias",
    "thik hai?",
    "vale?",
    "obrigada",
    "porfa",
)
_MIX_SUBS = (
    (r"\bplease\b", ("por favor", "porfa", "please yaar", "por favor")),
    (r"\bthanks\b", ("gracias", "shukriya", "obrigado")),
    (r"\bnow\b", ("ahora", "abhi", "agora")),
    (r"\blater\b", ("luego", "baad mein", "depois")),
    (r"\bbut\b", ("pero", "lekin", "mas")),
)

_ANGRY_PRE = (
    "Honestly.",
    "Ugh.",
    "Seriously,",
    "For heaven's sake,",
    "I've had it with these people.",
    "This is ridiculous.",
    "Unbelievable.",
)
_ANGRY_POST = ("Useless, the lot of them.", "I'm so fed up.", "Absolute joke.")

_SORRY_PRE = (
    "Sorry, sorry,",
    "So sorry to bother you again,",
    "Apologies,",
    "Sorry, I know I keep changing things, but",
    "Really sorry,",
    "Sorry to be a pain,",
)
_SORRY_POST = (
    "Sorry!",
    "Sorry for the trouble.",
    "Thank you, and sorry again.",
    "Apologies for the faff.",
)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_NAMES = {
    "I",
    "Biscuit",
    "Maya",
    "Maya's",
    "Leo's",
    "Cornwall",
    "Edinburgh",
    "Saturday",
    "Friday's",
    "Patel's",
    "Dishoom",
    "Thames",
    "Barclays",
    "Currys",
    "Tesco",
    "Vodafone",
    "Admiral",
    "Bosch",
    "Northway",
    "Virgin",
    "Ticketmaster",
    "PureGym",
    "HelloFresh",
    "Everlast",
    "TAP",
    "Priya",
    "Sam",
    "Biscuit's",
    "Mr",
    "Dr",
    "Kwik",
    "St",
    "Station",
    "Park",
    "Boots",
    "Granny's",
    "British",
}


def _uncap(text: str) -> str:
    """Lowercase the first letter unless the first word is a name, an acronym or 'I'."""
    first = re.split(r"[\s,.:;!?]", text, maxsplit=1)[0]
    if not first or first in _NAMES or first.startswith("I'") or first[1:] != first[1:].lower():
        return text
    return text[:1].lower() + text[1:]


def _end(text: str) -> str:
    text = text.rstrip()
    return text if text[-1:] in {".", "?", "!", "…", ")"} else text + "."


def _sentence(text: str) -> str:
    return _end(_cap(text))


class _Writer:
    """Builds one case at a time from the pools; all randomness comes from ``self.rng``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.hard_replies = 0

    # -- helpers ------------------------------------------------------------------------------

    def pick(self, pool: Sequence[str]) -> str:
        return self.rng.choice(pool)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def render(self, template: str, slots: Mapping[str, str]) -> str:
        def one(m: re.Match[str]) -> str:
            name = m.group(1)
            low = name[0].lower() + name[1:]
            if low in slots:
                value = slots[low]
            elif low in SLOTS:
                value = self.pick(SLOTS[low])
            else:
                raise KeyError(name)
            value = _PH.sub(lambda mm: self.pick(SLOTS[mm.group(1)]), value)
            return _cap(value) if name[0].isupper() else value

        return _PH.sub(one, template)

    def fits(self, task: Task, pool: Sequence[str]) -> list[str]:
        return [t for t in pool if not (task.subj and _UNSAFE.search(t))]

    def voice(self) -> str:
        names = [v for v, _ in VOICES]
        weights = [w for _, w in VOICES]
        return self.rng.choices(names, weights)[0]

    def slots_for(self, task: Task) -> dict[str, str]:
        ref = self.pick(task.refs)
        dref = self.render(self.pick(self.fits(task, DISMISS_REF)), {"ref": ref})
        why = self.pick(REASONS + task.done[:1])
        return {
            "ref": ref,
            "that": "that " + ref[4:] if ref.startswith("the ") else ref,
            "dref": dref,
            "noref": self.pick(DISMISS_BARE),
            "why": why,
            "reason": ", " + why if self.chance(0.55) else "",
            "done": self.pick(task.done),
        }

    # -- voices -------------------------------------------------------------------------------

    def dress(self, core: str, voice: str) -> str:
        core = _sentence(core.strip())
        if voice == "elderly":
            text = core
            for pat, rep in _ELDER_SUBS:
                text = re.sub(pat, rep, text)
            text = text.replace("!", ".")
            parts = []
            pre = ""
            name = {"elder": self.pick(SLOTS["elder"])}
            if self.chance(0.8):
                pre = self.render(self.pick(_ELDER_PRE), name)
                parts.append(pre)
            parts.append(_uncap(text) if pre.endswith(",") else text)
            if self.chance(0.45):
                parts.append(self.pick(_ELDER_ASIDE))
            if self.chance(0.7):
                parts.append(self.render(self.pick(_ELDER_POST), name))
            return " ".join(parts)
        if voice == "teen":
            text = core.lower()
            for pat, rep in _TEEN_SUBS:
                text = re.sub(pat, rep, text)
            text = text.replace("'", "").replace("\u2019", "")
            if self.chance(0.6):
                text = text.replace(". ", " ")
            text = text.rstrip(".!")
            if self.chance(0.45):
                text = self.pick(_TEEN_PRE) + " " + text
            if self.chance(0.5):
                text = text + " " + self.pick(_TEEN_POST)
            return text
        if voice == "parent":
            gaps = [m.start() for m in re.finditer(r"(?<=[.,?!:]) ", core)]
            if gaps and self.chance(0.65):
                cut = self.rng.choice(gaps)
                text = core[:cut] + " " + self.pick(_PARENT_MID) + " " + core[cut + 1 :]
            else:
                pre = self.pick(_PARENT_PRE)
                text = pre + " " + (_uncap(core) if pre.endswith(":") else core)
            if self.chance(0.35):
                text = text + " " + self.pick(_PARENT_POST)
            return text
        if voice == "mix":
            text = core
            for pat, reps in _MIX_SUBS:
                if re.search(pat, text) and self.chance(0.7):
                    text = re.sub(pat, self.pick(reps), text, count=1)
            pre = self.chance(0.6)
            post = self.chance(0.5) or not pre
            if pre:
                text = self.pick(_MIX_PRE) + " " + _uncap(text)
            if post:
                tail = self.pick(_MIX_POST)
                if text.endswith("?"):
                    text = text[:-1] + ", " + tail.rstrip("?") + "?"
                else:
                    text = text.rstrip(".!") + ", " + tail
            return text
        if voice == "angry":
            text = core.upper() if self.chance(0.3) else core
            text = re.sub(r"[.]$", "!!", text)
            if self.chance(0.7):
                pre = self.pick(_ANGRY_PRE)
                text = pre + " " + (_uncap(text) if pre.endswith(",") else text)
            if self.chance(0.35):
                text = text + " " + self.pick(_ANGRY_POST)
            return text
        if voice == "sorry":
            text = core
            if self.chance(0.75):
                pre = self.pick(_SORRY_PRE)
                text = pre + " " + _uncap(text)
            if self.chance(0.5):
                text = text + " " + self.pick(_SORRY_POST)
            return text
        return core

    def noise(self, text: str) -> str:
        if not self.chance(0.2):
            return text
        roll = self.rng.random()
        if roll < 0.4:
            words = text.split(" ")
            idx = [i for i, w in enumerate(words) if len(w) >= 5 and w.isalpha()]
            if idx:
                i = self.rng.choice(idx)
                w = words[i]
                j = self.rng.randrange(1, len(w) - 2)
                words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
                return " ".join(words)
            return text
        if roll < 0.6:
            return text.rstrip(".!")
        if roll < 0.8:
            return text[:1].lower() + text[1:]
        return text.rstrip(".") + "..."

    def finish(self, core: str, voice: str) -> str:
        return self.noise(self.dress(core, voice))

    # -- kinds --------------------------------------------------------------------------------

    def switch(self) -> tuple[str, Task, Task | None]:
        cur, new = self.rng.sample(TASKS, 2)
        voice = self.voice()
        if voice == "terse":
            template = self.pick(self.fits(cur, TERSE_SWITCH))
            return self.render(template, {"kw": cur.kw, "short": new.short}), cur, None
        slots = self.slots_for(cur)
        plain = tuple(a for a in new.asks if ", " not in a and "(" not in a) or new.asks

        def ask_for(template: str) -> str:
            # a comma-laden ask reads badly when the template goes on after it ("... instead?")
            return self.pick(plain if re.search(r"\{[Aa]sk\} \w", template) else new.asks)

        phrase = self.pick(NEW_PHRASES)
        template = self.pick(self.fits(cur, SWITCH_T))
        slots["new"] = self.render(phrase, {"ask": ask_for(phrase)})
        slots["ask"] = ask_for(template)
        slots["lead"] = self.pick(LEADS)
        core = self.render(template, slots)
        return self.finish(core, voice), cur, None

    def stop(self) -> tuple[str, Task, Task | None]:
        task: Task = self.rng.choice(TASKS)
        voice = self.voice()
        if voice == "terse":
            return self.render(self.pick(self.fits(task, TERSE_STOP)), {"kw": task.kw}), task, None
        slots = self.slots_for(task)
        slots["pause"] = self.render(self.pick(self.fits(task, PAUSES)), {"ref": slots["ref"]})
        core = self.render(self.pick(self.fits(task, STOP_T)), slots)
        return self.finish(core, voice), task, None

    def resume(self) -> tuple[str, Task, Task | None]:
        stopped, cur = self.rng.sample(TASKS, 2)
        voice = self.voice()
        if voice == "terse":
            return self.render(self.pick(TERSE_RESUME), {"kw": stopped.kw}), cur, stopped
        ref = self.pick(stopped.refs)
        back = self.render(
            self.pick(self.fits(stopped, BACK)),
            {"ref": ref, "that": "that " + ref[4:] if ref.startswith("the ") else ref},
        )
        parts = []
        if self.chance(0.5):
            parts.append(self.render(self.pick(ACKS), {"cref": self.pick(cur.refs)}))
        parts.append(_sentence(back))
        if self.chance(0.25):
            parts.append(
                _sentence(self.pick(FACT_LEADS) + self.render(self.pick(stopped.replies), {}))
            )
        return self.finish(" ".join(parts), voice), cur, stopped

    def reply(self) -> tuple[str, Task, Task | None]:
        task: Task = self.rng.choice(TASKS)
        voice = self.voice()
        if voice == "terse":
            return self.pick(task.terse + GEN_TERSE), task, None
        ref = self.pick(task.refs)
        roll = self.rng.random()
        if roll < 0.4:
            core = self.lead(self.render(self.pick(task.looks), {}))
        elif roll < 0.58:
            core = self.render(self.pick(GEN_LOOK), {"ref": ref})
        elif roll < 0.78:
            core = self.lead(self.render(self.pick(task.replies), {}))
        elif roll < 0.95:
            core = self.render(self.pick(GEN_REPLY), {"ref": ref})
        else:
            first = _sentence(self.lead(self.render(self.pick(task.replies), {})))
            core = first + " " + _sentence(self.render(self.pick(GEN_REPLY), {"ref": ref}))
        return self.finish(core, voice), task, None

    def lead(self, body: str) -> str:
        """An optional lead-in for an answer or instruction ("Oh, and ...", "To answer your question, ...")."""
        lead = self.pick(REPLY_LEADS)
        if not lead or (lead == "Yes, " and re.match(r"(?i)(yes|no)\b", body)):
            return body
        return lead + body


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w£$]+", " ", text.lower()).split())


def _generate(seed: int) -> list[tuple[dict[str, str | None], bool]]:
    writer = _Writer(seed)
    makers: dict[str, Callable[[], tuple[str, Task, Task | None]]] = {
        "switch": writer.switch,
        "stop": writer.stop,
        "resume": writer.resume,
        "reply": writer.reply,
    }
    out: list[tuple[dict[str, str | None], bool]] = []
    seen: set[str] = set()
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
            case: dict[str, str | None] = {
                "kind": kind,
                "text": text,
                "current_task": current.first,
                "stopped_task": stopped.first if stopped else None,
            }
            out.append((case, kind == "reply" and bool(_HARD.search(text))))
            made += 1
        if made < wanted:
            raise RuntimeError(f"corpus i: only {made} distinct {kind} cases for seed {seed}")
    writer.rng.shuffle(out)
    return out


def generate(seed: int) -> list[dict[str, str | None]]:
    """Returns the 600 labelled cases for ``seed`` (see the module docstring), shuffled."""
    return [case for case, _ in _generate(seed)]


def _pool_gaps() -> list[str]:
    gaps: list[str] = []
    for t in TASKS:
        for name, pool, least in (
            ("refs", t.refs, 4),
            ("asks", t.asks, 3),
            ("done", t.done, 2),
            ("replies", t.replies, 4),
            ("looks", t.looks, 5),
            ("terse", t.terse, 3),
        ):
            if len(pool) < least:
                gaps.append(f"{t.key}.{name}: {len(pool)} < {least}")
    for name, values in (
        ("first", [t.first for t in TASKS]),
        ("kw", [t.kw for t in TASKS]),
        ("key", [t.key for t in TASKS]),
    ):
        dup = [v for v, n in Counter(values).items() if n > 1]
        if dup:
            gaps.append(f"duplicate {name}: {dup}")
    return gaps


if __name__ == "__main__":
    assert not _pool_gaps(), _pool_gaps()
    assert len(TASKS) == 30
    for seed in (0, 1, 7, 2024):
        tagged = _generate(seed)
        cases = [c for c, _ in tagged]
        assert cases == generate(seed), "not deterministic"
        assert len(cases) == sum(n for _, n in PLAN) == 600
        assert dict(Counter(c["kind"] for c in cases)) == dict(PLAN)
        norms = [_norm(c["text"] or "") for c in cases]
        assert len(set(norms)) == len(norms), "duplicate normalised text"
        firsts = {t.first for t in TASKS}
        for c in cases:
            assert set(c) == {"kind", "text", "current_task", "stopped_task"}
            assert c["kind"] in KINDS
            assert c["text"], c
            assert "{" not in c["text"], c["text"]
            assert "}" not in c["text"], c["text"]
            assert c["current_task"] in firsts
            if c["kind"] == "resume":
                assert c["stopped_task"] in firsts
                assert c["stopped_task"] != c["current_task"]
            else:
                assert c["stopped_task"] is None
        hard = sum(1 for _, h in tagged if h)
        replies = sum(1 for c in cases if c["kind"] == "reply")
        assert hard * 3 >= replies, f"only {hard}/{replies} hard look-alike replies"
        if seed == 0:
            base = cases
            print(len(cases), dict(Counter(c["kind"] for c in cases)))
            print(
                f"hard look-alike replies: {hard}/{replies} | tasks: {len(TASKS)} | stop-type tasks: {sum(t.subj for t in TASKS)}"
            )
        else:
            assert cases != base
    subj_firsts = {t.first for t in TASKS if t.subj}
    print(
        "replies on stop-type tasks (seed 0):",
        sum(1 for c in base if c["kind"] == "reply" and c["current_task"] in subj_firsts),
    )
    sampler = random.Random(1)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in base if c["kind"] == kind], 10):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")
