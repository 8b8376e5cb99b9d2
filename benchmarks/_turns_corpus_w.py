# ruff: noqa: E501
"""Held-out corpus ``w`` of a person's turns to an AI agent mid-task. Written blind.

Written as an independent author from the side of customers talking to an AI
customer-service agent that acts on their accounts: airline bookings, hotel reservations,
bank transfers and cards, telecom plans, online retail orders and returns, insurance
claims, clinic appointments, utilities and a car rental / train ticket. Opened while
writing: only lines 1-60 of ``benchmarks/_turns_corpus_t.py`` (its docstring, imports and
``KINDS``) and its ``generate`` function and ``__main__`` self-check at the end of that file,
to copy the interface; none of its wording is reused. NOT opened, grepped, listed or run:
anything under ``src/``, ``tests/`` or ``benchmarks/results/``, every other
``benchmarks/_turns_corpus_*.py`` file, the rest of ``_turns_corpus_t.py``, ``bench_*.py``,
``train_turn_model.py``, ``turns_model_loco.py`` and ``turn_features_loco.py``. packlight was
not imported, and no classifier was run on this corpus; do not tune this file against a
classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated on normalised text (lowercased, whitespace collapsed; a text never appears twice,
so never under two kinds) and shuffled with ``random.Random(seed)``. Each case is a dict with:

- ``kind``: ``"switch"`` (the task in force is stopped, parked or replaced and a different task
  is asked for in the same message, in any wording), ``"stop"`` (stopped, cancelled, parked,
  deferred or handed off, nothing new asked), ``"resume"`` (back to a task stopped earlier,
  named or not) or ``"reply"`` (everything else said mid-task);
- ``text``: the message as typed;
- ``current_task``: the task in force, as the customer first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- 34 customer requests, each with its own booking codes, order / claim / account numbers,
  flight numbers, dates, amounts and people: moving Lufthansa LH 1423 (``QX7M2P``),
  cancelling a BA return (``K9TRWZ``), adding a bag, seating a family on UA 925, a lost
  suitcase (``MADIB12345``), extending / cancelling / changing hotel rooms, a rent transfer
  to a landlord, stopping a gym standing order, blocking a lost card, a card dispute, a
  credit-limit raise, a telecom plan switch, a Japan roaming pass, porting a number, a
  broadband fault, a blender return, a late parcel, a delivery-address change, a jacket
  exchange, pausing a coffee subscription, windshield / new-driver / water-damage / travel
  insurance, dermatology and dental appointments, a prescription refill, an electricity bill
  dispute, moving gas service, water-bill autopay, a Hertz pickup time and Eurostar delay
  compensation.
- Every task carries nicknames, imperative "do" phrases, a context-only statement of need
  (used for indirect new requests), details a customer gives when asked, questions about fees
  and timing, a pasted snippet (booking summary, statement line, SMS, error), a
  changed-my-mind line ("I'll just keep the flight on the 12th") and a "moot now" line
  ("the hotel just called, the suitcase was dropped off at reception").
- Several tasks are themselves about cancelling / stopping / pausing / switching (cancel the
  BA return, stop the gym standing order, pause the coffee, switch the phone plan, block the
  card), so their replies say "yes, cancel it" or "stop the payment" while the task stays the
  same. About half of the replies are such look-alikes: stop / cancel / pause / drop / later
  / instead / back / never mind / call back / a family member used about the SAME task,
  alternatives for the same task, and questions about a parked request that do not resume it.
- Switches and stops are often indirect: a family member rang, the matter became moot, the
  customer decided to keep the booking, will do it in person or on the app, a deadline
  passed, a new need described only as context and followed by "can you sort that out?", or
  a new request that appears after "whatever happens with that happens". Resumes range from
  "back to the flight" to "ok now the other thing" and "I said I'd call back about ...".
- Registers: polite and formal letters, terse chat, angry complaints, long rambling
  multi-paragraph messages with the decisive sentence in the middle or at the end, pasted
  account snippets. Seeded slot filling over 239 generic templates (66 switch, 47 stop, 44
  resume, 82 reply: 40 plain, 42 look-alike) plus 272 task-specific replies, then light register noise (lowercasing,
  dropped final punctuation, ``pls`` / ``u`` / ``thx``, one swapped-letter typo, greetings,
  sign-offs, a neutral preamble). Standard library only.

``python benchmarks/_turns_corpus_w.py`` prints the self-check.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = {"switch": 180, "stop": 120, "resume": 120, "reply": 180}

Case = dict[str, object]


@dataclass(frozen=True)
class Task:
    """One customer request with everything needed to talk about it."""

    ask: str
    nicks: tuple[str, ...]
    dos: tuple[str, ...]
    ctx: str
    dets: tuple[str, ...]
    qs: tuple[str, ...]
    looks: tuple[str, ...]
    paste: str
    keep: str
    moot: str


_TASKS: tuple[Task, ...] = (
    Task(
        ask="Hi, I need to move my Lufthansa flight LH 1423 Frankfurt to Lisbon from May 12 to May 14 if possible, booking code QX7M2P.",
        nicks=(
            "the flight change",
            "the Lisbon rebooking",
            "the LH 1423 change",
            "the QX7M2P change",
        ),
        dos=("move my Lisbon flight LH 1423 to May 14", "rebook QX7M2P onto the 14th"),
        ctx="my flight to Lisbon on the 12th (QX7M2P) doesn't work anymore and I need to fly on the 14th",
        dets=(
            "Surname on the booking is Brandt, first name Jonas.",
            "The morning flight on the 14th is best, anything before noon.",
            "Booking code QX7M2P, it's just me travelling.",
        ),
        qs=("Is there a change fee on a Light fare?", "Will I keep my seat 14C on the new flight?"),
        looks=(
            "Please don't cancel the booking, I just want it moved to the 14th.",
            "If the 14th is sold out, stop there and tell me before you pick another date.",
            "Instead of the 14th, would the 13th be cheaper? Same booking.",
        ),
        paste="LH 1423 FRA-LIS 12MAY 07:25-09:40\nBooking QX7M2P\nFare: Economy Light",
        keep="I'll just keep the flight on the 12th, it's not worth the hassle",
        moot="my boss moved the meeting back to the 12th, so the original flight is fine",
    ),
    Task(
        ask="Please cancel my return flight BA 287 from San Francisco to London on June 3 (booking K9TRWZ) and refund it to the card I paid with.",
        nicks=(
            "the BA cancellation",
            "the return flight cancellation",
            "the K9TRWZ refund",
            "the London flight refund",
        ),
        dos=("cancel my BA 287 return on June 3 and refund it", "cancel the return leg of K9TRWZ"),
        ctx="I won't be flying back on BA 287 on June 3 after all, so that leg of K9TRWZ has to go and I'd like the money back",
        dets=(
            "It was paid with the Amex ending 1009.",
            "Only the return leg, the outbound already happened.",
            "Passenger name is Ruth Okonkwo, booking K9TRWZ.",
        ),
        qs=(
            "Do I get the taxes back even if the fare is non-refundable?",
            "How many days until the refund shows on my card?",
        ),
        looks=(
            "Yes, cancel it. I'm sure. Go ahead and cancel the flight.",
            "Don't cancel the whole booking by mistake, only the June 3 flight back.",
            "If a refund isn't possible, can I get a voucher instead? Still for this cancellation.",
        ),
        paste="Your booking K9TRWZ\nOutbound BA 286 LHR-SFO 20 May (flown)\nReturn BA 287 SFO-LHR 03 Jun 16:40",
        keep="I'm going to fly back on the 3rd after all, so leave the return flight in place",
        moot="BA cancelled flight 287 themselves this morning and already emailed me about the refund",
    ),
    Task(
        ask="Can you add one checked bag to booking 4HJ8LL? It's Air France AF 1180 Paris to Madrid on the 22nd.",
        nicks=("the extra bag", "the suitcase add-on", "the baggage request", "the AF 1180 bag"),
        dos=("add a checked bag to 4HJ8LL", "put a 23kg bag on my Madrid flight"),
        ctx="I'm bringing a big suitcase on AF 1180 to Madrid on the 22nd and my ticket 4HJ8LL is hand luggage only",
        dets=(
            "One bag, 23 kilos is enough.",
            "Last name is Moreau, booking 4HJ8LL.",
            "Yes, charge it to the same Visa as the ticket.",
        ),
        qs=(
            "Is it cheaper to add it now than at the airport?",
            "Will the bag show on my boarding pass afterwards?",
        ),
        looks=(
            "Don't drop the seat I already picked when you add the bag.",
            "Instead of 23kg, is there a 32kg option? Same flight.",
            "Stop me if the price is over 60 euros, otherwise just add it.",
        ),
        paste="AF 1180 CDG-MAD 22 OCT 10:15\nBaggage allowance: 0PC\nBooking ref: 4HJ8LL",
        keep="I'll just pack lighter and take the cabin bag only",
        moot="my sister is driving to Madrid and will take the suitcase in her car",
    ),
    Task(
        ask="We're on United UA 925 on August 8, booking N2C5XD, and I need the four of us seated together, ideally with an aisle.",
        nicks=("the seats", "the seating request", "the UA 925 seats", "the family seating"),
        dos=(
            "get the four of us seated together on UA 925",
            "fix the seats on N2C5XD so we're together",
        ),
        ctx="the app split my family across three rows on UA 925 on August 8 (N2C5XD) and my kids are 6 and 9",
        dets=(
            "The passengers are me (Marta), Daniel, Ana and Leo Ferreira.",
            "Row 30 or further back is fine, we don't need extra legroom.",
            "Two and two across the aisle would also work.",
        ),
        qs=("Will it cost extra to pick seats together?", "Can the kids sit by the window?"),
        looks=(
            "Don't move my husband's seat back to 41B, that's where the app put him and it's the whole problem.",
            "If you can't get four together, stop and tell me the options instead of just picking.",
            "Switch Leo and Ana around if that makes it easier, they're the kids.",
        ),
        paste="UA 925 IAD-LHR 08AUG\nFERREIRA/DANIEL 41B\nFERREIRA/ANA 27E\nFERREIRA/LEO 33A\nFERREIRA/MARTA 27F",
        keep="we'll just sort the seats out at the gate",
        moot="my husband says the airline already put us together when he checked in",
    ),
    Task(
        ask="My suitcase didn't arrive on IB 3166 from Madrid to Boston yesterday, the file reference is MADIB12345. Can you chase it and get it delivered to my hotel?",
        nicks=("the lost suitcase", "the MADIB12345 file", "the bag search", "the missing luggage"),
        dos=("chase my missing bag, file MADIB12345", "find out where my suitcase from IB 3166 is"),
        ctx="my suitcase never came off IB 3166 in Boston and the desk gave me file number MADIB12345",
        dets=(
            "It's a navy hard-shell Samsonite with a yellow strap.",
            "Hotel is the Revere, 200 Stuart St, room 1412, until Friday.",
            "The bag tag number is IB 417829.",
        ),
        qs=(
            "Can I buy toiletries and claim them back?",
            "How long do they usually take to find bags?",
        ),
        looks=(
            "Don't close the file when they find it, I want it delivered, not held at the airport.",
            "Stop sending things to my home address, I'm at the hotel until Friday.",
            "If they can't deliver, can I pick it up at the airport instead?",
        ),
        paste="Property Irregularity Report\nFile: MADIB12345\nFlight: IB3166 MAD-BOS\nBag: BLUE HARD SHELL",
        keep="I'll deal with the airport baggage desk directly",
        moot="the hotel just called, the suitcase was dropped off at reception",
    ),
    Task(
        ask="I'd like to extend my stay at the Harbourview Hotel in Halifax by one night, reservation 55102934, checking out October 9 instead of the 8th.",
        nicks=(
            "the extra night",
            "the Harbourview extension",
            "the hotel extension",
            "the change to reservation 55102934",
        ),
        dos=(
            "add one night to my Harbourview reservation 55102934",
            "extend my Halifax hotel to October 9",
        ),
        ctx="my conference in Halifax runs a day longer, so I'll need the Harbourview room (55102934) until the 9th",
        dets=(
            "Same room if possible, it's 508.",
            "The reservation's under Keller, K-E-L-L-E-R.",
            "Breakfast included like the other nights, please.",
        ),
        qs=(
            "Is the rate for the extra night the same as the rest?",
            "Will I need to check out and back in?",
        ),
        looks=(
            "No, don't cancel and rebook, just add the night to the existing one.",
            "Forget the late checkout I mentioned, the extra night covers it.",
            "Instead of room 508, any room is fine if 508 isn't free.",
        ),
        paste="Harbourview Hotel Halifax\nConfirmation 55102934\nArrive Oct 5 / Depart Oct 8\n1 King Room, breakfast incl.",
        keep="I'll just check out on the 8th as planned",
        moot="the conference got shortened, so I leave on the 8th like originally booked",
    ),
    Task(
        ask="I need to cancel my hotel booking at the Ibis Lyon Part-Dieu, confirmation 7781-2290, for the nights of March 14 and 15.",
        nicks=(
            "the Lyon cancellation",
            "the Ibis cancellation",
            "the Ibis booking 7781-2290",
            "the Lyon hotel",
        ),
        dos=("cancel the Ibis Lyon booking 7781-2290", "cancel my two nights in Lyon"),
        ctx="the Lyon trip on March 14 fell through, so the Ibis room (7781-2290) isn't needed",
        dets=(
            "The booking is in the name of Sophie Laurent.",
            "Both nights, the 14th and the 15th.",
            "Email for the confirmation is s.laurent@mailbox.fr.",
        ),
        qs=(
            "Am I still inside the free cancellation window?",
            "Will I get a cancellation number by email?",
        ),
        looks=(
            "Yes, please cancel it, both nights.",
            "Don't cancel my Paris hotel, just the Lyon one.",
            "If there's a fee, cancel it anyway, I can't go.",
        ),
        paste="Ibis Lyon Part-Dieu\nBooking 7781-2290\n14/03 - 16/03, 1 Standard Double\nFree cancellation until 12/03 18:00",
        keep="I might go to Lyon after all, so leave the booking as it is",
        moot="the booking site says it's already cancelled, my assistant must have done it",
    ),
    Task(
        ask="Can you change my Marriott Denver reservation HX-40981 from a king room to two twin beds? I'm travelling with a colleague.",
        nicks=("the room change", "the twin beds", "the HX-40981 change", "the Denver room"),
        dos=(
            "switch my Denver room HX-40981 to two twin beds",
            "change the Marriott room to twins",
        ),
        ctx="I'm sharing the Denver Marriott room (HX-40981) with a colleague now and it's booked as one king bed",
        dets=(
            "Check-in is the 19th, two nights.",
            "The colleague's name is Tom Hale if you need it.",
            "Non-smoking, high floor if possible.",
        ),
        qs=(
            "Is a twin room more expensive?",
            "Do I need to add Tom to the reservation as a guest?",
        ),
        looks=(
            "Don't switch hotels, just the room type.",
            "If twins aren't available, would a king plus a rollaway work instead?",
            "No need to cancel anything, keep the dates.",
        ),
        paste="Denver Marriott City Center\nConf: HX-40981\nKing Deluxe, 1 guest\nMay 19 - May 21",
        keep="Tom will book his own room, so the king is fine",
        moot="Tom's trip was called off, so I'm alone and the king is fine",
    ),
    Task(
        ask="Please transfer £1,250 from my current account ending 4417 to my landlord Priya Nair, sort code 20-45-77, account 63018822, reference FLAT 3B MAY.",
        nicks=(
            "the rent transfer",
            "the payment to Priya",
            "the £1,250 transfer",
            "the landlord payment",
        ),
        dos=(
            "send £1,250 to Priya Nair for the rent",
            "pay my landlord the £1,250 from account 4417",
        ),
        ctx="rent of £1,250 is due to my landlord Priya Nair today and I haven't sent it from the account ending 4417",
        dets=(
            "Reference should be FLAT 3B MAY.",
            "The sort code is 20-45-77 and account 63018822.",
            "From the current account, not the savings.",
        ),
        qs=(
            "Will it arrive today if you send it now?",
            "Is there a limit on how much I can send in one go?",
        ),
        looks=(
            "Don't stop at the confirmation screen, I've checked the details, send it.",
            "If the name check says it doesn't match, pause and tell me before sending.",
            "Instead of one payment, can you split it into two of £625? Same landlord.",
        ),
        paste="Payee: P NAIR\nSort code: 20-45-77\nAccount: 63018822\nAmount: £1,250.00\nRef: FLAT 3B MAY",
        keep="I'll give Priya a cheque when I see her on Saturday",
        moot="Priya texted that she'd rather take cash this month",
    ),
    Task(
        ask="I want to stop the standing order to Greenfield Gym, £34.99 a month from my account ending 2290, before the next one goes out on the 1st.",
        nicks=(
            "the gym standing order",
            "the Greenfield payment",
            "the gym payment cancellation",
            "the £34.99 standing order",
        ),
        dos=(
            "stop the £34.99 standing order to Greenfield Gym",
            "cancel my Greenfield Gym standing order",
        ),
        ctx="I quit Greenfield Gym but the £34.99 standing order from account 2290 is still set to go out on the 1st",
        dets=(
            "It's the one labelled GREENFIELD GYM LTD.",
            "Account ending 2290, it goes out on the 1st each month.",
            "I cancelled the membership on the 12th, I have the email.",
        ),
        qs=(
            "Will stopping it now catch the payment on the 1st?",
            "Can you refund last month's payment too?",
        ),
        looks=(
            "Yes, stop the payment. Stop it completely, not just skip one month.",
            "Please cancel it, I don't want it paused, I want it gone.",
            "Make sure you stop only the gym one and not the council tax.",
        ),
        paste="Standing orders\nGREENFIELD GYM LTD   £34.99   monthly   next: 1st\nCOUNCIL TAX   £142.00   monthly   next: 1st",
        keep="I might go back to the gym, so leave the standing order running",
        moot="the gym says they already cancelled the mandate on their side",
    ),
    Task(
        ask="I've lost my debit card ending 8832, please block it straight away and send me a replacement.",
        nicks=("the card block", "the lost card", "the card ending 8832", "the replacement card"),
        dos=("block my debit card ending 8832", "freeze the 8832 card and order a new one"),
        ctx="I can't find my debit card ending 8832 anywhere, I think I left it in a taxi",
        dets=(
            "Last transaction I made was at Tesco around 6pm yesterday.",
            "Send the new card to my home address, it hasn't changed.",
            "The card ends 8832, name on it is G. Mensah.",
        ),
        qs=(
            "Will my direct debits still go through after you block it?",
            "How long does the new card take to arrive?",
        ),
        looks=(
            "Don't cancel the credit card, only the debit one ending 8832.",
            "Could you just freeze it instead of cancelling? If it turns up I'd unfreeze it. Your call on what's safer.",
            "Stop any payments that come through on it after 6pm yesterday, those aren't mine.",
        ),
        paste="Card ending 8832\nLast activity: TESCO STORES 3341  £23.16  18:02",
        keep="I'll wait a day before blocking it, it might turn up",
        moot="I just found the card in my coat pocket",
    ),
    Task(
        ask="I want to dispute a charge of $89.40 from STREAMFLIX*ANNUAL on March 2 on my credit card ending 0291, I never signed up for an annual plan.",
        nicks=("the dispute", "the Streamflix charge", "the $89.40 dispute", "the chargeback"),
        dos=(
            "dispute the $89.40 Streamflix charge from March 2",
            "raise a chargeback on the STREAMFLIX*ANNUAL charge",
        ),
        ctx="there's a $89.40 STREAMFLIX*ANNUAL charge on March 2 on my card ending 0291 that I never agreed to",
        dets=(
            "I only ever had the monthly plan at $9.99.",
            "I emailed Streamflix on the 4th and they didn't answer.",
            "Card ending 0291, statement dated March 10.",
        ),
        qs=(
            "Do I have to pay the $89.40 while the dispute is open?",
            "Will Streamflix cut off my account when you dispute it?",
        ),
        looks=(
            "Don't cancel my card over this, I just want the charge back.",
            "I already cancelled the subscription with them, I want the money back, not just to stop future charges.",
            "If a dispute takes too long, can you ask them for a refund instead? Either way, it's this charge.",
        ),
        paste="03/02  STREAMFLIX*ANNUAL  800-555-0199  $89.40\n03/02  STREAMFLIX*MONTHLY  $9.99",
        keep="Streamflix finally replied, so I'll sort it out with them myself",
        moot="Streamflix just refunded the $89.40 themselves",
    ),
    Task(
        ask="Could you raise the credit limit on my Visa ending 6650 from $2,500 to $5,000? I've got a big car repair coming.",
        nicks=("the limit increase", "the credit limit", "the 6650 limit raise"),
        dos=(
            "raise my Visa 6650 limit to $5,000",
            "increase the credit limit on the card ending 6650",
        ),
        ctx="the car repair is going to be about $4,000 and my Visa ending 6650 only has a $2,500 limit",
        dets=(
            "My annual income is about $68,000.",
            "I've had the card since 2017.",
            "I'm employed full time at the county hospital.",
        ),
        qs=("Will this be a hard credit check?", "If $5,000 isn't approved, what would be?"),
        looks=(
            "Don't do a temporary increase, I want it permanent.",
            "If you can't do $5,000, stop at whatever you can approve and tell me.",
            "Instead of $5,000, $4,500 would be fine too.",
        ),
        paste="Visa Platinum ****6650\nCredit limit: $2,500.00\nAvailable: $2,212.48",
        keep="I'll put the repair on a payment plan with the garage, so I don't need a higher limit",
        moot="the garage says the warranty covers the repair, so I don't need the extra limit",
    ),
    Task(
        ask="I'd like to switch my phone plan from Unlimited Plus to the Basic 15GB plan on line 0412 555 019, starting next billing cycle.",
        nicks=(
            "the plan switch",
            "the downgrade",
            "the Basic 15GB change",
            "the plan change on 0412 555 019",
        ),
        dos=(
            "switch line 0412 555 019 to the Basic 15GB plan",
            "downgrade my phone plan to Basic 15GB",
        ),
        ctx="I'm paying for Unlimited Plus on 0412 555 019 and I never use more than 10GB",
        dets=(
            "Account holder is Liam O'Sullivan, PIN 4471.",
            "Next billing cycle is fine, no rush.",
            "Only this line, not my daughter's.",
        ),
        qs=(
            "Is there a fee for switching down mid-contract?",
            "Do I keep my number and the eSIM when I switch?",
        ),
        looks=(
            "Yes, switch it. Basic 15GB, that's the one.",
            "Don't switch my daughter's line, only mine.",
            "Instead of Basic 15GB, is there a 20GB plan for a few dollars more? Still for my line.",
        ),
        paste="Line 0412 555 019\nPlan: Unlimited Plus $65/mo\nData used last 3 cycles: 8.2GB, 9.7GB, 6.1GB",
        keep="I'll stay on Unlimited Plus for now",
        moot="my employer is going to pay for the phone from next month, so the plan doesn't matter",
    ),
    Task(
        ask="Please add an international roaming pass for Japan to my line ending 7730, from April 20 to April 30.",
        nicks=("the roaming pass", "the Japan roaming", "the roaming on 7730"),
        dos=(
            "add a Japan roaming pass to the line ending 7730",
            "set up roaming for my Japan trip, April 20 to 30",
        ),
        ctx="I'm in Japan from April 20 to 30 and my line ending 7730 has no roaming",
        dets=(
            "Dates are April 20 to April 30 inclusive.",
            "Line ending 7730, it's on my account.",
            "Data mostly, I barely call.",
        ),
        qs=(
            "Is the daily pass or the 10-day pass cheaper?",
            "Will it start automatically when I land?",
        ),
        looks=(
            "Make sure the roaming stops on the 30th, I don't want charges after.",
            "Don't turn it on for my other line, only 7730.",
            "Instead of the 10-day pass could I do the daily one for just the days I'm there? Same trip.",
        ),
        paste="Line ***7730  Roaming: OFF  International calls: ON",
        keep="I'll just buy a local SIM at the airport in Tokyo",
        moot="the Japan trip got postponed to the autumn",
    ),
    Task(
        ask="I want to bring my number 07700 900461 over from my old carrier, my PAC code is TGE482771.",
        nicks=(
            "the number transfer",
            "the port of 07700 900461",
            "the PAC transfer",
            "the number port",
        ),
        dos=(
            "port my number 07700 900461 with PAC TGE482771",
            "move my old number over to this account",
        ),
        ctx="I got a PAC code TGE482771 from my old provider for 07700 900461 and I want that number on this SIM",
        dets=(
            "The PAC is TGE482771, valid 30 days.",
            "The new SIM has the temporary number 07700 900118.",
            "Name on the old account is Aisha Rahman.",
        ),
        qs=(
            "How long will I be without service during the port?",
            "Will my old contract be cancelled automatically?",
        ),
        looks=(
            "Don't cancel the old account yourselves, the port does that, right? Just do the port.",
            "Get rid of the temporary number once the port's done, I don't need two.",
            "If the PAC doesn't work, can you use a STAC instead? Whatever gets the number over.",
        ),
        paste="Your PAC is TGE482771 for 07700900461. It is valid until 14/06.",
        keep="I'll just keep the new number, it's easier",
        moot="the old carrier says the number was already released and can't be ported",
    ),
    Task(
        ask="My broadband has been down since Sunday, account BB-220187. Can you book a technician to come out?",
        nicks=(
            "the engineer booking",
            "the broadband fault",
            "the BB-220187 fault",
            "the engineer visit",
        ),
        dos=(
            "book an engineer for my broadband fault on BB-220187",
            "get someone out to fix my internet",
        ),
        ctx="my broadband (BB-220187) has been dead since Sunday and the router light is flashing red",
        dets=(
            "Router light is red, I've restarted it three times.",
            "Any weekday after 2pm works, or Saturday morning.",
            "Address is 9 Marsh Road, flat 2.",
        ),
        qs=(
            "Do I get a credit for the days it's been down?",
            "Will the engineer need to come inside?",
        ),
        looks=(
            "Please stop asking me to restart the router, I've done it three times, I need an engineer.",
            "Don't cancel the visit if it comes back briefly, it's been dropping on and off.",
            "Instead of Thursday can the engineer come Saturday? Same fault.",
        ),
        paste="Router status: DSL LINK DOWN\nError: E-0217 Sync failed\nUptime: 0d 00:04:11",
        keep="I'll wait another day and see if it comes back by itself",
        moot="the internet just came back on, all the lights are green",
    ),
    Task(
        ask="I'd like to return the blender from order #112-7734019, it arrived cracked. Can you send me a return label?",
        nicks=(
            "the return",
            "the blender return",
            "the return on #112-7734019",
            "the return label",
        ),
        dos=(
            "start a return for the blender on order #112-7734019",
            "send me a return label for the cracked blender",
        ),
        ctx="the blender from order #112-7734019 arrived with a cracked jug",
        dets=(
            "It's the Vitafresh 1200W, the jug has a crack down the side.",
            "I still have the original box.",
            "Drop-off at a UPS store is easiest for me.",
        ),
        qs=(
            "Do I get a full refund or store credit?",
            "Do I have to pay for return shipping if it arrived broken?",
        ),
        looks=(
            "I don't want a replacement, I want the refund. Still the same blender return.",
            "Don't cancel the rest of the order, the towels were fine.",
            "Instead of UPS, can I drop it at the post office?",
        ),
        paste="Order #112-7734019\nVitafresh 1200W Blender  $79.99\nBath towel set (4)  $34.50\nDelivered Tue",
        keep="I'll keep the blender and just buy a new jug for it",
        moot="the store already emailed me a prepaid label and a refund this morning",
    ),
    Task(
        ask="Where is my order #A55309871? It's a pair of running shoes and it was supposed to arrive Monday.",
        nicks=(
            "the shoe delivery",
            "the missing order #A55309871",
            "the shoe tracking",
            "the late order",
        ),
        dos=("track down my order #A55309871", "find out where my running shoes are"),
        ctx="my running shoes, order #A55309871, were due Monday and the tracking hasn't moved in four days",
        dets=(
            "Delivery address is 41 Quarry Lane.",
            "Tracking number is 1Z 88X 902 03 4417 2210.",
            "They're the Pace Runner 3 in size 10.",
        ),
        qs=(
            "Can you just send a new pair if it's lost?",
            "Who's the courier, so I can call them too?",
        ),
        looks=(
            "Don't cancel the order, I still want the shoes, I just want to know where they are.",
            "If it's lost, forget tracking it and send a replacement, same size.",
            "Instead of delivering to the house, can they leave it at the pickup point on Mill St?",
        ),
        paste="1Z88X9020344172210\nLabel created - Apr 2\nIn transit - Apr 3, Memphis TN\n(no further updates)",
        keep="I'll give it until Friday before chasing it",
        moot="the shoes were just left on my porch",
    ),
    Task(
        ask="Please change the delivery address on order 40022981 to my office, 1200 Market Street, Suite 400.",
        nicks=(
            "the address change",
            "the change on order 40022981",
            "the parcel redirect",
            "the new delivery address",
        ),
        dos=(
            "send order 40022981 to my office instead",
            "update the address on 40022981 to 1200 Market St",
        ),
        ctx="order 40022981 is set to go to my old apartment and I moved last week",
        dets=(
            "1200 Market Street, Suite 400, Philadelphia 19107.",
            "Put attention: Carla Ruiz, reception will sign.",
            "The phone for the courier is 215-555-0144.",
        ),
        qs=(
            "Has it shipped already, or can you still change it?",
            "Will the change delay delivery?",
        ),
        looks=(
            "Don't send it to the old apartment, I'm not there anymore.",
            "If it already shipped, stop it and reroute it, don't cancel.",
            "Instead of the office, my neighbour at the new place could take it, whichever's easier for this parcel.",
        ),
        paste="Order 40022981\nShip to: 77 Pine St Apt 3, Philadelphia PA 19106\nStatus: Processing",
        keep="I'll just pick it up from my old building, the doorman knows me",
        moot="it was delivered to the old apartment already and the new tenant is holding it for me",
    ),
    Task(
        ask="I need to exchange the rain jacket from order 7731-QP, size M, for a size L in the same colour.",
        nicks=("the exchange", "the jacket swap", "the 7731-QP exchange", "the size L jacket"),
        dos=("swap the jacket on 7731-QP for a size L", "exchange my rain jacket for a large"),
        ctx="the rain jacket I got in order 7731-QP is a medium and it's way too tight",
        dets=(
            "It's the Stormline jacket in olive green.",
            "Tags are still on, never worn outside.",
            "Size L, olive, same as before.",
        ),
        qs=(
            "Do you have L in olive in stock?",
            "Do I send the M back first or do you ship the L first?",
        ),
        looks=(
            "No refund, please, I want the exchange.",
            "Don't switch the colour, olive again.",
            "If L in olive is gone, black instead is fine, still size L.",
        ),
        paste="Order 7731-QP\nStormline Rain Jacket - Olive - M   $120.00\nDelivered Mar 28",
        keep="I'll keep the M and give it to my brother",
        moot="my daughter tried the jacket on and loves it, so it's hers now",
    ),
    Task(
        ask="Could you pause my HelloBean coffee subscription (account HB-66031) for two months? I'm away in June and July.",
        nicks=(
            "the coffee pause",
            "the HelloBean pause",
            "the subscription pause",
            "the hold on HB-66031",
        ),
        dos=(
            "pause my HelloBean subscription for June and July",
            "put the coffee deliveries on hold for two months",
        ),
        ctx="I'm away in June and July and my HelloBean coffee (HB-66031) will keep arriving at an empty house",
        dets=(
            "Restart from August 1 please.",
            "It's the 500g every two weeks plan.",
            "Account is HB-66031, email mia.tan@post.com.",
        ),
        qs=(
            "Do I lose my founder discount if I pause?",
            "Will the pause catch the shipment already scheduled for May 30?",
        ),
        looks=(
            "Pause, not cancel. I still want it from August.",
            "Yes, stop the deliveries for June and July, and start again in August.",
            "Instead of two months, can you do ten weeks? Same pause.",
        ),
        paste="HelloBean - Next delivery: May 30\nPlan: House Blend 500g / 2 weeks\nStatus: Active",
        keep="I'll ask my neighbour to take the coffee in, so keep it running",
        moot="the trip is off, so I'll be home and want the coffee as normal",
    ),
    Task(
        ask="I need to file a claim for a cracked windshield on my Honda Civic, policy AU-5583021. A stone hit it on the highway on Tuesday.",
        nicks=("the windshield claim", "the glass claim", "the claim on AU-5583021"),
        dos=("open a windshield claim on policy AU-5583021", "file a glass claim for my Civic"),
        ctx="a stone cracked the windshield of my Civic on Tuesday and it's on policy AU-5583021",
        dets=(
            "It happened on I-84 near exit 12, Tuesday around 8am.",
            "The crack is about 30cm across the driver's side.",
            "Plate is 7KDR214.",
        ),
        qs=("Does the glass cover mean no deductible?", "Can I pick my own repair shop?"),
        looks=(
            "Don't cancel the claim if the repair is cheaper than the deductible, just tell me.",
            "Hang on, the crack is on the driver's side, not the passenger side, fix that in the claim.",
            "Instead of a replacement, could they repair it? Still this claim.",
        ),
        paste="Policy AU-5583021\nVehicle: 2019 Honda Civic LX\nGlass coverage: Yes ($0 deductible)",
        keep="I'll pay for the glass myself, I don't want a claim on my record",
        moot="the dealership says the windshield is under their warranty, so no claim is needed",
    ),
    Task(
        ask="Please add my daughter Maya Chen, 17, as a driver on our auto policy AU-7741299. She passed her test on Friday.",
        nicks=(
            "the new driver",
            "the policy change for Maya",
            "the AU-7741299 update",
            "Maya's cover",
        ),
        dos=("add Maya as a driver on AU-7741299", "put my daughter on the car insurance"),
        ctx="my daughter Maya passed her driving test on Friday and she's not on our policy AU-7741299 yet",
        dets=(
            "Her license number is C4412-88710-55.",
            "Date of birth March 3, 2007.",
            "She'll mostly drive the Corolla, not the van.",
        ),
        qs=("How much will the premium go up?", "Is there a discount for the driver's ed course?"),
        looks=(
            "Don't remove my husband, just add Maya.",
            "If the premium goes up more than $150 a month, stop and tell me before finalising.",
            "Instead of a full driver, can she be listed as occasional? Still adding her.",
        ),
        paste="Policy AU-7741299\nDrivers: Wei Chen, Lin Chen\nVehicles: 2016 Toyota Corolla, 2021 Honda Odyssey",
        keep="Maya won't be driving until the summer, we'll add her then",
        moot="Maya decided she'd rather not drive for now",
    ),
    Task(
        ask="What's the status of my water damage claim CL-2024-00917? I also need to upload photos of the kitchen ceiling.",
        nicks=(
            "the water damage claim",
            "the CL-2024-00917 claim",
            "the ceiling photos",
            "the home claim",
        ),
        dos=(
            "check on claim CL-2024-00917 and take my photos",
            "update my water damage claim with the new photos",
        ),
        ctx="I never heard back on my water damage claim CL-2024-00917 and I have ceiling photos to send",
        dets=(
            "I have six photos, I can email them.",
            "The adjuster was supposed to be Mark Delaney.",
            "The leak was from the upstairs bathroom on Jan 14.",
        ),
        qs=(
            "Will the claim cover the hotel we stayed in for two nights?",
            "Do I need a contractor's estimate too?",
        ),
        looks=(
            "Don't close the claim, the ceiling still needs repair.",
            "The plumber stopped the leak, but the damage is what I'm claiming for, please keep going.",
            "Instead of email, can I upload the photos through you?",
        ),
        paste="Claim CL-2024-00917\nStatus: Pending documentation\nAdjuster: unassigned",
        keep="I'll wait for the adjuster to ring me",
        moot="the adjuster just called me and we've sorted it out",
    ),
    Task(
        ask="Can you get me a travel insurance quote for two adults going to Peru from September 2 to 20?",
        nicks=("the travel insurance", "the Peru quote", "the trip cover"),
        dos=(
            "get me a quote for travel insurance to Peru",
            "price up trip cover for Peru, September 2 to 20",
        ),
        ctx="we fly to Peru on September 2 for almost three weeks and have no travel insurance",
        dets=(
            "We're 54 and 56.",
            "We'll be hiking the Inca Trail, so that needs to be covered.",
            "Trip cost is about $6,800 total.",
        ),
        qs=("Does it cover altitude sickness?", "Is cancellation cover included?"),
        looks=(
            "Don't give me the cheapest one if it excludes hiking.",
            "If trip cancellation cover doubles the price, drop it, just medical.",
            "Instead of single trip, is annual cheaper? Still for this Peru quote.",
        ),
        paste="LIM arrival 02 SEP / CUZ 05 SEP / Inca Trail 08-11 SEP / depart LIM 20 SEP",
        keep="my credit card covers travel insurance, so I won't need a quote",
        moot="the tour company included insurance in the package",
    ),
    Task(
        ask="I'd like to book an appointment with Dr. Okafor in dermatology next week, patient ID 448812.",
        nicks=("the dermatology appointment", "the Okafor booking", "the skin appointment"),
        dos=("book me in with Dr. Okafor next week", "get me a dermatology slot, patient 448812"),
        ctx="I need to see Dr. Okafor about a mole that changed, I'm patient 448812",
        dets=(
            "Mornings are better, before 11.",
            "It's for a mole on my back that's changed colour.",
            "Patient ID 448812, date of birth 11/04/1979.",
        ),
        qs=("Do I need a referral from my GP?", "Is Dr. Okafor seeing new patients?"),
        looks=(
            "Don't book with the locum, I want Dr. Okafor.",
            "If next week's full, stop looking and put me on the cancellation list.",
            "Instead of in person, is a photo consultation possible? With Dr. Okafor.",
        ),
        paste="Patient: 448812\nPreferred clinician: Dr. A. Okafor (Dermatology)\nLast visit: 2022",
        keep="I'll just wait for my annual check-up and mention it then",
        moot="my GP looked at it today and says it's nothing to worry about",
    ),
    Task(
        ask="I need to move my dental cleaning, appointment D-20931, from Thursday at 3pm to sometime the following week.",
        nicks=("the dental appointment", "the cleaning reschedule", "the D-20931 change"),
        dos=("move my cleaning D-20931 to next week", "reschedule the Thursday dental appointment"),
        ctx="I can't make my cleaning on Thursday at 3 (D-20931), something came up at work",
        dets=(
            "Any afternoon after 2 works, except Wednesday.",
            "Same hygienist, Rosa, if possible.",
            "It's under Patel, appointment D-20931.",
        ),
        qs=(
            "Is there a fee for moving it with less than 48 hours' notice?",
            "Does the insurance still cover it if it's in a new month?",
        ),
        looks=(
            "Don't cancel it, just move it.",
            "Stop offering me mornings, I really can't do mornings.",
            "If Rosa isn't free, any hygienist instead.",
        ),
        paste="Appointment D-20931\nThu 3:00 PM - Hygiene / Cleaning\nProvider: Rosa M., RDH",
        keep="I'll make Thursday work, leave it",
        moot="the work meeting moved, so I can make Thursday at 3 after all",
    ),
    Task(
        ask="Can you request a refill of my lisinopril 10mg and send it to the Walgreens on Elm Street?",
        nicks=("the refill", "the lisinopril refill", "the prescription"),
        dos=(
            "order a lisinopril 10mg refill to Walgreens on Elm",
            "send my blood pressure prescription to Walgreens",
        ),
        ctx="I'm down to three lisinopril tablets and my usual Walgreens is the one on Elm Street",
        dets=("Rx number 6620417.", "90-day supply like last time.", "Date of birth 7/22/1961."),
        qs=("Will the doctor need to approve it again?", "When will it be ready to pick up?"),
        looks=(
            "Don't stop the other prescription, the atorvastatin stays.",
            "If Elm is out of stock, send it to the one on 5th instead.",
            "No, not the 20mg, the 10mg.",
        ),
        paste="LISINOPRIL 10MG TAB\nRx# 6620417  Refills remaining: 0\nLast filled: 02/14",
        keep="I'll ask the doctor about it at my appointment on Monday",
        moot="the pharmacy called, they already got the refill authorised",
    ),
    Task(
        ask="My electricity bill for account 300-118-442 came to $412.77, that's three times the usual. Can you check the meter reading and correct it?",
        nicks=("the bill", "the $412.77 bill", "the meter reading", "the billing dispute"),
        dos=(
            "check the meter reading on account 300-118-442",
            "look into the $412.77 electricity bill",
        ),
        ctx="my electricity bill on 300-118-442 jumped to $412.77 when it's normally around $130",
        dets=(
            "My actual reading today is 48213.",
            "The bill says it was an estimated read.",
            "Last three bills were $128, $141 and $133.",
        ),
        qs=(
            "Do I have to pay it while you check?",
            "Can you send someone to read the meter properly?",
        ),
        looks=(
            "Don't cut me off while this is being looked at, I'll pay the usual amount.",
            "Hold the autopay for this bill only, I don't want $412 taken before it's fixed.",
            "Instead of a technician visit, can I just send a photo of the meter?",
        ),
        paste="Account 300-118-442\nPrevious read: 46980 (E)\nCurrent read: 50120 (E)\nAmount due: $412.77",
        keep="I'll just pay it and see what the next bill says",
        moot="they sent a corrected bill for $138 this morning",
    ),
    Task(
        ask="I'm moving on July 1 and need my gas service moved from 22 Alder Court to 18 Birch Lane, account G-5530017.",
        nicks=("the gas move", "the gas transfer", "the Birch Lane setup", "the G-5530017 move"),
        dos=(
            "move my gas service to 18 Birch Lane for July 1",
            "transfer account G-5530017 to the new house",
        ),
        ctx="we get the keys to 18 Birch Lane on July 1 and the gas account G-5530017 is still on Alder Court",
        dets=(
            "Final read at Alder Court on June 30.",
            "The new place is 18 Birch Lane, Unit B.",
            "Bills to my email, same as now.",
        ),
        qs=(
            "Do I need to be home for the switch-on?",
            "Will there be a deposit for the new address?",
        ),
        looks=(
            "Don't stop service at Alder Court before the 30th, we're still there.",
            "Make sure the gas is switched on at Birch Lane before we arrive.",
            "Instead of July 1, can the new address start June 29? The move might be earlier.",
        ),
        paste="Account G-5530017\nService address: 22 Alder Court\nStatus: Active",
        keep="the landlord at Birch Lane handles the gas, so I'll leave it to him",
        moot="the house sale fell through and we're not moving",
    ),
    Task(
        ask="Please set up autopay for my water bill, account W-77120, from my checking account.",
        nicks=("the autopay", "the water bill autopay", "the W-77120 autopay"),
        dos=("set up autopay on water account W-77120", "put the water bill on automatic payment"),
        ctx="I keep forgetting the water bill on W-77120 and got a late fee last month",
        dets=(
            "Routing 021000021, checking ending 3381.",
            "Take it on the due date, not the day the bill comes.",
            "Account W-77120, under Brooks.",
        ),
        qs=(
            "Will it also pay the late fee already on there?",
            "Can I get an email before each payment?",
        ),
        looks=(
            "Don't switch me to paperless, I still want the paper bill.",
            "I want it to stop automatically if a bill is over $200.",
            "Instead of the due date, take it on the 5th each month.",
        ),
        paste="Account W-77120\nBalance: $68.40 (incl. $10.00 late fee)\nAutopay: not enrolled",
        keep="I'll keep paying it by hand and set a reminder",
        moot="my wife already set it up from her account",
    ),
    Task(
        ask="Can you change my Hertz pickup at LAX, confirmation 4411-8820-US, from 9am to 6pm on the 15th? My flight got pushed.",
        nicks=("the rental car", "the pickup time", "the Hertz change", "the 4411-8820-US change"),
        dos=(
            "move my Hertz pickup at LAX to 6pm",
            "change the rental car pickup time on 4411-8820-US",
        ),
        ctx="I land at LAX at 5:20pm now, not 8am, and the Hertz car (4411-8820-US) is booked for 9am",
        dets=(
            "New flight is DL 1191 landing 5:20pm.",
            "Return stays the same, the 19th at noon.",
            "Midsize SUV, same as booked.",
        ),
        qs=("Will they hold the car if I'm late?", "Does the rate change if the pickup is later?"),
        looks=(
            "Don't cancel the rental if the SUV's gone, any midsize is fine.",
            "Keep the return on the 19th, only the pickup moves.",
            "Instead of 6pm, make it 6:30 to be safe.",
        ),
        paste="Hertz LAX\nConf 4411-8820-US\nPick-up: 15 Nov 09:00\nReturn: 19 Nov 12:00\nMidsize SUV",
        keep="I'll sort it out at the Hertz counter myself when I land",
        moot="my original flight is back on schedule, so 9am works",
    ),
    Task(
        ask="My Eurostar from Paris on May 4 was 2 hours late, ticket reference TRN8812Q. I'd like the delay compensation.",
        nicks=(
            "the Eurostar compensation",
            "the delay claim",
            "the TRN8812Q claim",
            "the train refund",
        ),
        dos=(
            "claim delay compensation for Eurostar TRN8812Q",
            "get me the delay refund for the May 4 train",
        ),
        ctx="the Eurostar I took on May 4 (TRN8812Q) got in two hours late",
        dets=(
            "Train 9047, Paris to London, arrived 20:31 instead of 18:30.",
            "Two passengers on the booking.",
            "Cash back to the card, not a voucher.",
        ),
        qs=("Is it 50% back for two hours?", "How long does compensation take?"),
        looks=(
            "Don't take the e-voucher option, I want money back.",
            "I know the train stopped outside Lille for an hour, that's the delay I'm claiming for.",
            "Instead of both tickets, only claim mine if my partner's was a free companion ticket. Check that.",
        ),
        paste="Booking TRN8812Q\n9047 Paris Nord 17:13 -> London St Pancras 18:30\n2 adults, Standard",
        keep="I'll fill in the Eurostar form online myself later",
        moot="Eurostar already sent an automatic compensation email",
    ),
)


_WHO = (
    "husband",
    "wife",
    "son",
    "daughter",
    "mum",
    "dad",
    "partner",
    "sister",
    "brother",
    "flatmate",
)
_WHEN = (
    "tomorrow",
    "later",
    "on Monday",
    "tonight",
    "after work",
    "next week",
    "in an hour or so",
    "at the weekend",
)
_PLACE = ("in person", "on the app", "over the phone", "through the website", "at the branch")

# Slots: {A} current task nickname, {A_keep} / {A_moot} changed-mind / no-longer-needed
# clauses for it, {B_do} / {B_ctx} / {B_nick} / {B_paste} a different task, {who}, {when},
# {place}. A ``_C`` suffix gives the same text with its first letter capitalised.
_SWITCH: tuple[str, ...] = (
    "Actually, forget {A}. Can you {B_do}?",
    "I've changed my mind about {A}, leave it. What I really need today is for you to {B_do}.",
    "Sorry, my {who} just called. {A_moot_C}, so no need for that. While I've got you though, could you {B_do}?",
    "{A_keep_C}. Could you {B_do} instead?",
    "Let's not go ahead with {A} after all. {B_ctx_C}, can you sort that out?",
    "Hold on. {A_C} can wait. More urgent: {B_ctx}. Please help with that first.",
    "ok scratch that. {B_do} please",
    "You know what, {A_keep}. But {B_ctx}, so can you deal with that now?",
    "I've just talked to my {who} and we're going to handle {A} ourselves. What I do need from you is to {B_do}.",
    "Change of plan: please {B_do}. Don't bother with {A}.",
    "Sorry, I know we were in the middle of {A} and you've been very patient. I've been going back and forth all morning and honestly I don't think it's worth it anymore. {A_keep_C}.\n\nThe thing that's actually been bothering me is this: {B_ctx}. Could you look at that?",
    "{B_paste}\n\nThat's the one I need help with now, {B_nick}. Park {A}, it isn't urgent.",
    "nah leave {A}. can you {B_do}?",
    "Is it too late to back out of {A}? If not, don't go ahead, and {B_do} instead.",
    "My {who} is here and says we should {B_do} rather than go ahead with {A}. Can we do that?",
    "Before you submit anything for {A}: don't. We're going with something else. Please {B_do}.",
    "Honestly the priority has changed. {B_ctx_C}, and that matters more than {A} right now. Can you start on that?",
    "Never mind that one. Different question: can you {B_do}?",
    "I'll deal with {A} {place} myself. Could you {B_do} though?",
    "Please drop {A}. {B_do_C}, that's what I need.",
    "{A_moot_C}, so we can skip that. Can you {B_do}?",
    "hi sorry its me again. my {who} sorted out {A} already. can you {B_do}",
    "Forget what I said before. I need you to {B_do}.",
    "Let's put {A} on hold. Could you {B_do} in the meantime?",
    "No no, {A} isn't what I want any more. {B_ctx_C}. What are my options there?",
    "Ugh. {A_C} is turning into a nightmare and I give up on it. Just {B_do}, please.",
    "On second thought I'd rather not touch {A}. Can we look at {B_nick}? {B_ctx_C}.",
    "{B_ctx_C}. That's more pressing, so can we do that one and forget about {A}?",
    "I've been thinking, and {A_keep}. I do need you to {B_do} though.",
    "hey so my {who} just rang and apparently they'll take care of {A}. what i need is for you to {B_do}. thanks",
    "Don't proceed with {A}, please. Instead, {B_do}.",
    "Can you {B_do} first? {A_C} can sit for now.",
    "Ok so, update.\n\n{A_moot_C}. Good news I guess.\n\nBut now there's this:\n\n{B_paste}\n\nCan you {B_do}?",
    "You can stop working on {A}. I want you to {B_do} instead.",
    "Wait, wait. Cancel that request about {A}, I asked for the wrong thing. I meant to ask you to {B_do}.",
    "Thanks for trying with {A}, but it's not going anywhere, so let's leave it. Separately, {B_ctx}. Can you help?",
    "Right, {A}: my {who} says no, we're keeping things as they are. Could you {B_do} though? They're fine with that one.",
    "Put that aside. {B_do_C}, could you?",
    "ok actually nvm the first thing. can u {B_do}",
    "What would it take to {B_do}? Let's do that and skip {A}.",
    "I'm so sorry to mess you around. {A_keep_C}. The reason I got in touch was really {B_nick}: {B_ctx}. Can we do that one?",
    "Just had a text: {B_ctx}. That takes priority. Leave {A} and see what you can do there.",
    "My {who} will take care of {A} from their own account. Can you {B_do} for me?",
    "Let's abandon {A}, the deadline's passed anyway. Can you {B_do}?",
    "It's past the cutoff for {A} now, isn't it? Fine, forget it. {B_do_C} please.",
    "Rather than {A}, I think the smarter move is for you to {B_do}. Go with that.",
    "New request, the old one's off: {B_do}.",
    "{B_do_C}. The other thing doesn't matter now.",
    "I went to the branch this morning and they're handling {A} there. So the only thing I need from you is to {B_do}.",
    "I'd like to switch to a different request: {B_do}. {A_C} can be dropped.",
    "Let me stop you there, {A} isn't needed. {B_ctx_C}; can you fix that?",
    "I was on hold for forty minutes earlier today, then got cut off, and now this chat keeps asking me the same things over and over. I'm tired. {A_keep_C}.\n\nLast thing and then I'm done for today: {B_do}.",
    "Do you know what, skip {A}. Something else came up: {B_ctx}. Help?",
    "Can we change tack? {B_do_C}, that's what matters now, not {A}.",
    "Please cancel what you were doing for {A} and {B_do}.",
    "Alright, whatever happens with that happens. Can you {B_do}?",
    "OK that's enough of that one, I'll live with it. {B_ctx_C}. What can you do about it?",
    "My {who} grabbed my phone and did {A} on the app while we were talking, so that's handled. Can you {B_do} next?",
    "i think ill leave {A} as is for now. but {B_ctx}, can you look at that",
    "It turns out I misunderstood: {A_moot}. So what I actually need is for you to {B_do}.",
    "Please note that my request regarding {A} is withdrawn. New request: {B_do}.",
    "Dear Sir or Madam,\n\nI would like to withdraw my earlier request regarding {A}. Kindly {B_do} instead.\n\nRegards",
    "Put {A} on the back burner. {B_do_C}, it's urgent.",
    "Stop. Not {A}. {B_do_C}.",
    "Look, I've read your last message three times and I don't want to spend my lunch break on {A}. {A_keep_C}. Can you {B_do}? That one should be quick.",
    "so my {who} is shouting from the other room that {A_moot}. ok then! in that case can you {B_do}",
)

_STOP: tuple[str, ...] = (
    "Never mind {A}. {A_keep_C}.",
    "Forget it, {A_keep}.",
    "Actually, never mind. I'll call back {when}.",
    "My {who} is going to handle {A}, so you can leave it.",
    "{A_moot_C}. So no need to do anything.",
    "Let's leave {A} there for today.",
    "Please don't go ahead with {A}. I need to think about it.",
    "Hold off on {A} until I've talked to my {who}.",
    "I'm going to sort {A} out {place} instead.",
    "ok no, dont do it. ill keep things as they are",
    "Cancel that, please. I don't want {A} after all.",
    "You know what, it's fine. Leave it.",
    "I've decided against {A}.",
    "Stop, stop. Don't change anything.",
    "Sorry, I have to go, my {who} needs me. I'll come back to {A} another time.",
    "{A_keep_C}. Thanks for your help anyway.",
    "I appreciate you trying, really. But between the fees and the back-and-forth, {A} isn't worth it to me. {A_keep_C}. Please don't submit anything.",
    "Can we park {A}? I'll get back to you {when}.",
    "I'm not sure anymore. Don't go ahead with {A} for now.",
    "My {who} says we shouldn't, so please leave {A} alone.",
    "Oh wait, {A_moot}. Disregard my request.",
    "That's it, I give up on {A}.",
    "Please withdraw my request about {A}.",
    "Hmm, on reflection, no. Leave {A}.",
    "let's not bother",
    "My {who} already dealt with it. Sorry for wasting your time.",
    "Put {A} on hold please, I'll contact you again {when}.",
    "I don't have the paperwork with me. I'll call back {when} about {A}.",
    "I'd rather sort out {A} {place}, so we can stop here.",
    "Not today. Forget {A}.",
    "Wait, don't submit. I've changed my mind.",
    "Just leave it as it is, thanks.",
    "The whole thing's off. {A_moot_C}.",
    "My {who} will phone you about {A} {when}, it's really their account.",
    "I'm going to have to stop here, I'm at work and can't talk. We'll deal with {A} another day.",
    "Scrap {A}.",
    "Ugh, the fee is more than it's worth. No thanks, {A_keep}.",
    "Please don't do anything further on {A}. {A_keep_C}.",
    "We can drop it. {A_moot_C}.",
    "I'll leave {A} to my {who}, they have all the details.",
    "Let me check a few things first and get back to you. Don't proceed with {A} yet.",
    "Never mind, I'll do it myself {place}.",
    "OK I think I'm done for now. We'll pick up {A} some other time.",
    "Forget I asked.",
    "tbh just leave it. {A_keep}",
    "Good morning. Following our conversation, I have decided not to proceed with {A}. {A_keep_C}. No further action is required.",
    "Honestly? I've spent an hour on this already, the kids are home from school in ten minutes, and I just can't face any more questions. {A_C} will have to wait. I'll sort it {when}.",
)

# Slots: {O} the stopped task's nickname, {O_do}, {O_det}, {O_paste}, {C} the task done in
# between, {who}.
_RESUME: tuple[str, ...] = (
    "Ok, that's sorted. Back to {O} now.",
    "Thanks. Now, can we go back to {O}?",
    "Right, where were we with {O}?",
    "Let's pick up {O} again.",
    "Now that {C} is out of the way, please carry on with {O}.",
    "Great. The reason I first got in touch was {O}. Can we finish that now?",
    "My {who} is off the phone and says go ahead with {O} after all.",
    "About the thing I asked for before: yes, please {O_do} after all.",
    "Found it! {O_det} So we can get on with {O} now.",
    "Done with that. What was happening with {O} before I interrupted? Let's carry on.",
    "Back to my original question.",
    "ok now the other thing",
    "Perfect, thanks. Can we return to {O}? I'd still like that done.",
    "I've reconsidered. Please go ahead with {O} like we discussed.",
    "So, {O}. Where did we get to?",
    "That's all for {C}. Let's finish {O}.",
    "Can you resume {O}? I've got the information you needed: {O_det}",
    "Sorry for the detour. {O_C}, please.",
    "Thanks for your patience with all that, {C} was more complicated than I expected. Anyway, I'd now like to get back to what I was asking at the start, {O}. I think you'd already pulled up the details.",
    "Let's go back to the first thing.",
    "Hi again, I said I'd call back about {O}. I'm ready now.",
    "My {who} couldn't do it in the end, so can you pick {O} back up?",
    "Right, that's done. {O_do_C}, like I asked before.",
    "Now, the earlier request, {O}. Still needed. Let's carry on.",
    "ok i talked to my {who}, we're going ahead with {O} after all",
    "Ignore what I said before about {O}, let's do it.",
    "I'm happy with where {C} is now. Let's go back to {O}.",
    "Alright, let's get back to it. {O_C}: what do you need from me?",
    "Where was I... oh yes, {O}. Let's continue.",
    "Good, now please continue where we left off with {O}.",
    "Actually, I do want {O} done after all. Can we pick it up where we stopped?",
    "Can we revisit {O}? I've had time to think and I'd like to go ahead.",
    "Thanks for that. Going back to {O}: {O_det}",
    "So, as I was saying before all that: {O}.",
    "That's the end of the detour. On with {O}.",
    "I'm back. Let's continue with what we were doing before.",
    "Ok, {C} done, cheers. And the first thing?",
    "Hello, I spoke to you earlier about {O} and we stopped halfway. Can we continue?",
    "Got the paperwork out now. Back to {O}, please.",
    "Let's return to the original request, {O}, please.",
    "Here's what you were asking for earlier:\n\n{O_paste}\n\nSo can we carry on with {O}?",
    "Sorry, where did we leave {O}? Let's keep going with that.",
    "You can take {O} off hold now and go ahead.",
    "Now that {C} is done, {O_do}, please. The one I put on hold earlier.",
)

# Plain same-task replies. Slots: {A}, {A_det}, {A_q}, {A_paste}, {A_do}, {who}.
_REPLY_PLAIN: tuple[str, ...] = (
    "{A_det}",
    "{A_q}",
    "Yes, that's correct.",
    "Yes please, go ahead.",
    "{A_det} Anything else you need?",
    "Sorry, I was looking for it. {A_det}",
    "Hm, how long will {A} take?",
    "Is there any fee for {A}?",
    "Can you email me a confirmation once {A} is done?",
    "This is taking forever. Any update on {A}?",
    "Ok thanks. {A_q}",
    "I've been a customer for eleven years and this is the first time I've had to chase anything like this. {A_q}",
    "Here's what I see on my end:\n\n{A_paste}\n\nDoes that help?",
    "{A_paste}\n\n^ that's from my account page",
    "What do you mean? I gave you that already. {A_det}",
    "Sure. {A_det} {A_q}",
    "Is it done?",
    "Great, thank you!",
    "Hello? Are you still there?",
    "Can you repeat the last part? I didn't understand.",
    "Just to be clear: {A_det}",
    "No, that's not right. {A_det}",
    "ok",
    "Perfect. What happens next with {A}?",
    "Can you double check before you submit {A}? Last time something went wrong.",
    "My {who} is next to me and wants to know: {A_q}",
    "I have to say, your website is useless. I tried to do this myself three times and it kept logging me out, which is why I'm in this chat at all. Anyway. {A_det}",
    "Is there a reference number for {A}?",
    "Yes. Go on.",
    "No, that's everything. Please continue with {A}.",
    "To recap what I want: {A_do}. {A_det}",
    "Thanks, that's really helpful. {A_q}",
    "Why is this so complicated? All I asked is that you {A_do}.",
    "{A_det}\n\nAlso, {A_q_lc}",
    "Right. And {A_q_lc}",
    "Yes to both.",
    "Sorry, typing on my phone. {A_det}",
    "hmm ok. {A_q}",
    "Can you confirm what you've done so far on {A}?",
    "That sounds fine. Please finish it.",
)

# Hard look-alikes: stop / cancel / pause / later / instead / back / never mind / other
# people, all about the SAME task, or questions about a parked task ({X}) that do not
# resume it.
_REPLY_LOOK: tuple[str, ...] = (
    "{A_look}",
    "Ok. {A_look}",
    "One thing: {A_look}",
    "Don't stop now, we're nearly done with {A}.",
    "Never mind my last question, just keep going with {A}.",
    "My {who} was going to handle {A} but I'm doing it now, so talk to me.",
    "I'll call back if there's any problem, but for now please finish {A}.",
    "Sorry, my {who} was calling me. I'm back, go on.",
    "{X_C} can stay parked, don't touch it. I'm just curious whether I'll need to start it over later. Anyway, carry on with {A}.",
    "Quick question about {X}, which we put aside: is there a deadline for it? No need to do anything on it now, keep going with {A}.",
    "Don't cancel anything else on my account while you're doing {A}.",
    "Hang on a sec, let me grab my glasses.\n\nOk, ready. Go on with {A}.",
    "Instead of a text, can you send the confirmation for {A} by email?",
    "Is there another way to get {A} done, something quicker?",
    "Before we go back to anything else, finish {A} first please.",
    "I nearly gave up and drove to the store, but let's finish {A} here.",
    "If this fails again I'll stop trying and go in person. Please try {A} once more.",
    "Don't switch me to a different agent, I want you to finish {A}.",
    "Later today I have to pick up my kids, so can we get {A} done before 3?",
    "I was going to cancel everything and do it another time, but we're close. Continue with {A}.",
    "Drop the part about text notifications, I don't need them. The rest of {A} is fine.",
    "Can I come back and check the status of {A} later, or will I get an update?",
    "No wait, not that one. {A_det}",
    "Back to your question: {A_det}",
    "The last agent told me to cancel and start {A} again from scratch. Do I really need to do that?",
    "Would it be better to wait until next week to go ahead with {A}? I'd rather do it now if it makes no difference.",
    "I'm not changing anything else today, just {A}. What do you need?",
    "My {who} says the other request we parked, {X}, is fine to leave for now. So, {A}: {A_q_lc}",
    "Thanks. Don't worry about {X}, that's on hold. {A_det}",
    "If you need to pause to check something with your team, that's fine, I'll wait. {A_C} is important.",
    "I said before I might drop this, but no, I still want {A}.",
    "Could you stop asking for my date of birth? I've given it twice. {A_det}",
    "Ignore that last message, I typed the wrong thing. {A_det}",
    "What happens if I change my mind about {A} later, can it be undone?",
    "You can go back to step one if it's easier, but keep going with {A}.",
    "Don't put me on hold again please. Just tell me where {A} is at.",
    "Cancel? No, I didn't say cancel. {A_det}",
    "I don't want to stop halfway like last time. Let's get {A} finished in one go.",
    "My {who} asked me to take over {A} from them, it's their account but I have permission. {A_det}",
    "Later on I might also ask about {X}, but not now. Just {A} for now.",
    "Leave the rest of my account alone, and carry on with {A}.",
    "OK. {A_look} Otherwise go ahead.",
)


_TASK_LOOKS: tuple[tuple[int, str], ...] = tuple(
    (i, s) for i, t in enumerate(_TASKS) for s in t.looks
)
_TASK_PLAIN: tuple[tuple[int, str], ...] = tuple(
    (i, s) for i, t in enumerate(_TASKS) for s in t.dets + t.qs
)

_GREETINGS = ("Hi, ", "Hello, ", "Hi there. ", "Morning! ", "Um, ", "Hey. ", "Good afternoon. ")
_SIGNOFFS = (
    " Thanks.",
    " Thank you!",
    " Cheers.",
    " Thanks in advance.",
    " Ta.",
    " Much appreciated.",
)
_PREAMBLES = (
    "Sorry for the slow reply, I was driving.",
    "Apologies, the signal here is terrible.",
    "Typing this on the bus so excuse any typos.",
    "I'm at work so I might be slow to answer.",
    "Sorry, I had to step away for a minute.",
)
_SHORT = (
    (" please", " pls"),
    ("Please ", "Pls "),
    (" you ", " u "),
    ("Thanks", "Thx"),
    (" your ", " ur "),
)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _lc(s: str) -> str:
    return s[:1].lower() + s[1:] if s and not s[:2].isupper() else s


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _fill(template: str, slots: dict[str, str]) -> str:
    full = dict(slots)
    for key, value in slots.items():
        full[key + "_C"] = _cap(value)
        full[key + "_lc"] = _lc(value)
    return template.format(**full)


def _task_slots(prefix: str, task: Task, rng: random.Random) -> dict[str, str]:
    return {
        prefix: rng.choice(task.nicks),
        prefix + "_do": rng.choice(task.dos),
        prefix + "_ctx": task.ctx,
        prefix + "_nick": rng.choice(task.nicks),
        prefix + "_paste": task.paste,
        prefix + "_det": rng.choice(task.dets),
        prefix + "_q": rng.choice(task.qs),
        prefix + "_look": rng.choice(task.looks),
        prefix + "_keep": task.keep,
        prefix + "_moot": task.moot,
    }


def _common(rng: random.Random) -> dict[str, str]:
    return {"who": rng.choice(_WHO), "when": rng.choice(_WHEN), "place": rng.choice(_PLACE)}


def _two(rng: random.Random) -> tuple[Task, Task]:
    a, b = rng.sample(range(len(_TASKS)), 2)
    return _TASKS[a], _TASKS[b]


def _switch(rng: random.Random) -> Case:
    cur, new = _two(rng)
    slots = {**_common(rng), **_task_slots("A", cur, rng), **_task_slots("B", new, rng)}
    text = _fill(rng.choice(_SWITCH), slots)
    return {"kind": "switch", "text": text, "current_task": cur.ask, "stopped_task": None}


def _stop(rng: random.Random) -> Case:
    cur = rng.choice(_TASKS)
    slots = {**_common(rng), **_task_slots("A", cur, rng)}
    text = _fill(rng.choice(_STOP), slots)
    return {"kind": "stop", "text": text, "current_task": cur.ask, "stopped_task": None}


def _resume(rng: random.Random) -> Case:
    between, old = _two(rng)
    slots = {**_common(rng), **_task_slots("C", between, rng), **_task_slots("O", old, rng)}
    text = _fill(rng.choice(_RESUME), slots)
    return {"kind": "resume", "text": text, "current_task": between.ask, "stopped_task": old.ask}


def _reply(rng: random.Random) -> Case:
    if rng.random() < 0.5:
        if rng.random() < 0.35:
            idx, text = rng.choice(_TASK_LOOKS)
            return {
                "kind": "reply",
                "text": text,
                "current_task": _TASKS[idx].ask,
                "stopped_task": None,
            }
        template = rng.choice(_REPLY_LOOK)
    else:
        if rng.random() < 0.35:
            idx, text = rng.choice(_TASK_PLAIN)
            return {
                "kind": "reply",
                "text": text,
                "current_task": _TASKS[idx].ask,
                "stopped_task": None,
            }
        template = rng.choice(_REPLY_PLAIN)
    cur, other = _two(rng)
    slots = {**_common(rng), **_task_slots("A", cur, rng), "X": rng.choice(other.nicks)}
    text = _fill(template, slots)
    return {"kind": "reply", "text": text, "current_task": cur.ask, "stopped_task": None}


def _swap_typo(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    spots = [i for i, w in enumerate(words) if len(w) >= 5 and w.isalpha() and w.islower()]
    if not spots:
        return text
    i = rng.choice(spots)
    w = words[i]
    j = rng.randrange(1, len(w) - 2)
    words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
    return " ".join(words)


def _register(text: str, rng: random.Random) -> str:
    """Light, seeded noise: greetings, sign-offs, preambles, casing, shorthand, typos."""
    if rng.random() < 0.06:
        text = rng.choice(_PREAMBLES) + "\n\n" + text
    elif rng.random() < 0.12 and text[:1].isupper() and "\n" not in text[:40]:
        greeting = rng.choice(_GREETINGS)
        text = greeting + (_lc(text) if greeting.endswith(", ") else text)
    if rng.random() < 0.10 and text[-1:] in ".!?":
        text = text + rng.choice(_SIGNOFFS)
    if rng.random() < 0.07:
        for old, new in _SHORT:
            text = text.replace(old, new)
    if rng.random() < 0.05:
        text = _swap_typo(text, rng)
    if rng.random() < 0.10 and text[-1:] in ".!":
        text = text[:-1]
    if rng.random() < 0.10:
        text = text.lower()
    return text


def _builders() -> dict[str, Callable[[random.Random], Case]]:
    return {"switch": _switch, "stop": _stop, "resume": _resume, "reply": _reply}


def generate(seed: int) -> list[Case]:
    """Return 600 labelled, deduplicated, shuffled cases for ``seed``."""
    rng = random.Random(seed)
    builders = _builders()
    seen: set[str] = set()
    cases: list[Case] = []
    for kind in KINDS:
        want = PLAN[kind]
        made = 0
        tries = 0
        while made < want:
            tries += 1
            if tries > want * 200:
                raise RuntimeError(f"could not fill {kind!r} with distinct texts")
            case = builders[kind](rng)
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
    return len(_SWITCH) + len(_STOP) + len(_RESUME) + len(_REPLY_PLAIN) + len(_REPLY_LOOK)


if __name__ == "__main__":
    print(
        f"{len(_TASKS)} tasks, {_template_count()} templates "
        f"(switch {len(_SWITCH)}, stop {len(_STOP)}, resume {len(_RESUME)}, "
        f"reply {len(_REPLY_PLAIN) + len(_REPLY_LOOK)} = {len(_REPLY_PLAIN)} plain + {len(_REPLY_LOOK)} look-alike), "
        f"{len(_TASK_PLAIN) + len(_TASK_LOOKS)} task-specific replies"
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
