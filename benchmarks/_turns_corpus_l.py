# ruff: noqa: E501
"""Held-out corpus ``l`` of a person's turns mid-task: switch, stop, resume or reply. Written blind.

Written by an independent author WITHOUT opening packlight's turn classifier or anything built
against it: nothing under ``src/``, ``tests/`` or ``benchmarks/results/`` was opened or grepped,
nor any other ``benchmarks/_turns_corpus_*.py`` file, nor ``bench_switch_e2e.py``,
``train_turn_model.py`` or ``turns_model_loco.py``. Of ``benchmarks/_turns_corpus_d.py`` only
lines 1-45 (docstring, ``KINDS``, ``PLAN``), its ``generate`` function and its ``__main__``
self-check were read, to copy the interface; none of its wording was reused. packlight was never
run on this corpus; do not tune this file against the classifier's output.

Authorship choices: OPERATIONS and SMALL-BUSINESS chat (restaurant stock, a shop's Instagram,
farm irrigation, delivery vans, a dental clinic, a landlord, a food truck, a band, a food bank,
a bakery, a gym, Etsy, a plumber, a school bus, a hotel, a cafe, a florist, a car wash, a salon,
a brewery, a coffee shop, a cleaning firm, a bike shop, a B&B, a market stall), 25 tasks each
with short nicknames ("the rota", "insta", "the truck permits"). Messages are very short (mostly
1-12 words), SMS style, often verbless, with emoji, voice-to-text, a few Spanish/French/German
words, and owners who answer a question and give a new order in the same breath. Switch, stop
and resume wording avoids leaning on "stop", "instead" or "switch" ("drop it", "nvm", "park
that", "pivot to X", "X can wait, Y now", "back on X", "where we at with X? carry on"). Replies
are at least a third hard look-alikes that use stop/cancel/pause/drop/hold/kill/switch words as
the subject matter of the task in force ("stop the sprinklers at 6", "drop the price to 3.50"),
plus short answers, add-on requests that leave the task running, status questions and thanks.
Cases come from seeded slot filling over templates, with register noise on about a third.

``generate(seed)`` returns 600 cases (180 switch, 120 stop, 120 resume, 180 reply), each a dict
with ``kind``, ``text``, ``current_task`` (the task in force; for a resume, the task done in
between) and ``stopped_task`` (for a resume, the earlier stopped task; else ``None``). Tasks are
given as the sentence the person first used. The same normalised text never appears twice, under
any kind. ``python benchmarks/_turns_corpus_l.py`` runs the self-check.
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
    first: str
    nicks: tuple[str, ...]
    asks: tuple[str, ...]
    looks: tuple[str, ...]
    answers: tuple[str, ...]
    addons: tuple[str, ...]


TASKS: tuple[Task, ...] = (
    Task(
        "Can you go through the restaurant's stock sheet and work out what to reorder for the weekend?",
        ("inventory", "the stock sheet", "the reorder", "the kitchen stock"),
        ("do the kitchen stock", "sort the weekend reorder", "check the walk-in"),
        (
            "cancel the salmon order, supplier's short",
            "drop the lettuce to 2 crates",
            "stop ordering oat milk, nobody drinks it",
            "hold the wine order til friday",
            "kill the duplicate line for limes",
            "skip the fryer oil this week",
        ),
        ("2 cases", "Sysco not Brakes", "yes incl. the bar", "no, walk-in only"),
        ("also flag anything near expiry", "and print it for chef when done"),
    ),
    Task(
        "Please draft the shop's Instagram posting calendar for March.",
        ("insta", "the insta calendar", "the IG plan", "the posting calendar"),
        ("plan the insta posts", "draft the IG calendar"),
        (
            "pause the ads on weekends",
            "drop the reel on the 14th",
            "cancel the giveaway post, legal said no",
            "no posts on sundays, stop them that day",
            "move the sale post later in the week",
            "kill the hashtag spam in the captions",
        ),
        ("the blue one", "3 a week max", "yes stories too", "no, mornings"),
        ("also add mother's day", "and tag the supplier in the launch post"),
    ),
    Task(
        "Can you redo the irrigation schedule for the north and south fields?",
        ("irrigation", "the watering schedule", "the sprinklers plan", "the field watering"),
        ("redo the watering times", "sort the irrigation"),
        (
            "stop the sprinklers at 6",
            "shut off zone 3 on rain days",
            "pause watering if it rains over 10mm",
            "kill the drip line in the orchard on sundays",
            "cancel the midday cycle, too much evaporation",
            "drop the south field to every other day",
        ),
        ("north first", "no, 20 min", "yes the new pump", "tuesdays and fridays"),
        ("also note the pump hours", "and text me the final times"),
    ),
    Task(
        "Plan tomorrow's delivery routes for the four vans.",
        ("routes", "the van routes", "the delivery runs", "tomorrow's routes"),
        ("plan the van routes", "do tomorrow's runs"),
        (
            "drop the Elm St stop",
            "skip the 3rd stop on van 2",
            "cancel the Hendersons' delivery, they're away",
            "van 3 stops at the depot at noon",
            "hold the bakery drop til after 10",
            "pull van 4 off the ring road",
        ),
        ("4 vans not 3", "yes start 7am", "Dave's van", "no tolls"),
        ("also give each driver a printout", "and add a lunch break per van"),
    ),
    Task(
        "Set up next week's appointment reminder texts for the dental clinic.",
        ("reminders", "the patient texts", "the clinic reminders", "the dentist reminders"),
        ("send the patient reminders", "set up the clinic texts"),
        (
            "cancel Mrs Ortiz's 10am",
            "stop texting the ones who opted out",
            "drop the no-shows from the list",
            "pause reminders for Dr Lee, she's off",
            "cancel the 2nd reminder, one is enough",
        ),
        ("48h before", "yes include the address", "no, SMS only", "the short version"),
        ("also add a reschedule link", "and send me the list after"),
    ),
    Task(
        "Sort out the tenants' repair tickets for the Oak Street flats.",
        ("the tickets", "the repair tickets", "the repairs", "oak st repairs"),
        ("go through the repair tickets", "sort the oak st repairs"),
        (
            "close the leaky tap one, fixed",
            "cancel the plumber for flat 2",
            "put the boiler one on hold till parts come",
            "drop the paint request, that's the tenant's job",
            "stop chasing flat 5, they moved out",
        ),
        ("flat 3", "yes urgent", "no, the gas guy", "monday am"),
        ("also text the tenants a date", "and log the costs in the sheet"),
    ),
    Task(
        "Fill out the food truck's permit renewals for the city.",
        ("the truck permits", "permits", "the permit forms", "the city forms"),
        ("fill in the truck permits", "do the permit renewals"),
        (
            "cancel the old fire permit, it's replaced",
            "drop the farmers market one, we don't go anymore",
            "the health one can wait, do the rest first",
            "withdraw the sunday market application",
            "pause the parking permit till the new truck comes",
        ),
        ("yes both trucks", "plate is KD19 XYZ", "no, annual", "propane cert is in the drive"),
        ("also calendar the renewal dates", "and email copies to Luis"),
    ),
    Task(
        "Book the venues for the band's autumn tour.",
        ("the tour", "tour bookings", "the gigs", "the venues"),
        ("book the autumn gigs", "sort the tour dates"),
        (
            "cancel the Leeds date",
            "hold the Bristol night",
            "drop Glasgow, too far",
            "switch the Cardiff show to friday",
            "pull out of the festival slot",
        ),
        ("200 cap max", "yes door split", "no hotels, we drive back", "oct 3 to 19"),
        ("also ask for a rider", "and get the load-in times"),
    ),
    Task(
        "Make the volunteer rota for the food bank in December.",
        ("the rota", "rota", "the volunteer rota", "the shifts"),
        ("make the december rota", "do the volunteer shifts"),
        (
            "take Sam off sundays",
            "pause Linda's shifts, she's away",
            "cancel the 24th shift, we're shut",
            "stop putting Raj on mornings",
            "drop the 2nd driver on wednesdays",
        ),
        ("yes 3 per shift", "no, Tuesdays", "Maria leads", "9 to 1"),
        ("also print the rota when done", "and send it to the whatsapp group"),
    ),
    Task(
        "Update the bakery's price list with the new flour costs.",
        ("the price list", "the prices", "bakery prices", "the price sheet"),
        ("update the bakery prices", "redo the price list"),
        (
            "drop the price to 3.50",
            "stop selling the rye loaf",
            "cancel the croissant discount",
            "hold the sourdough at 5",
            "scrap the staff 10% on cakes",
        ),
        ("round to .50", "yes incl VAT", "no, keep brownies", "flour's up 12%"),
        ("also make a chalkboard version", "and a copy for the cafe"),
    ),
    Task(
        "Rework the gym's class timetable for January.",
        ("the timetable", "the class timetable", "the gym schedule", "the classes"),
        ("redo the gym timetable", "sort january's classes"),
        (
            "cancel spin on mondays",
            "pause the 6am hiit till feb",
            "switch yoga to the big room",
            "drop the sunday bootcamp",
            "stop double-booking studio 2",
        ),
        ("45 min classes", "yes Kat does pilates", "no 9pm", "studio 1"),
        ("also a printable one for reception", "and mark the new classes in bold"),
    ),
    Task(
        "Refresh our Etsy listings with the new photos and descriptions.",
        ("etsy", "the listings", "the etsy stuff", "the shop listings"),
        ("refresh the etsy listings", "redo the listing photos"),
        (
            "deactivate the blue mug listing",
            "drop the price on the earrings",
            "stop offering free shipping on rings",
            "pause the sale banner",
            "cancel the custom order option",
        ),
        ("the white background ones", "yes UK only", "no emojis in titles", "13 tags"),
        ("also fix the typos on the about page", "and renew the ones expiring"),
    ),
    Task(
        "Chase and send out this month's plumbing invoices.",
        ("invoices", "the invoices", "billing", "the unpaid ones"),
        ("send the invoices", "chase the unpaid ones"),
        (
            "void the Patel invoice",
            "cancel invoice 114, duplicate",
            "stop the late fee on Mr Green",
            "hold the council one till the PO comes",
            "drop the callout charge for Mrs Bell",
        ),
        ("30 days", "yes with VAT", "no, bank transfer", "the Xero template"),
        ("also cc my accountant", "and list who's over 60 days"),
    ),
    Task(
        "Redraw the school bus route now the bridge is closed.",
        ("the bus route", "bus route", "the school run", "the bus"),
        ("redo the bus route", "fix the school run"),
        (
            "bus stops at the church now",
            "drop the Maple Rd stop",
            "cancel the detour once the bridge reopens",
            "no stopping on the main road, kill that stop",
            "pause pickups at the farm in winter",
        ),
        ("by 8:40", "yes 42 kids", "no, single decker", "the long way is fine"),
        ("also a map for the parents", "and times for each stop"),
    ),
    Task(
        "Compare the three quotes for the hotel's laundry contract.",
        ("the laundry contract", "the laundry quotes", "laundry", "the linen deal"),
        ("compare the laundry quotes", "look at the linen contract"),
        (
            "check the cancellation terms",
            "rule out CleanCo, they stop pickups on sundays",
            "kill the one with the 3yr lock-in",
            "what's the early termination fee?",
            "drop any quote without pillowcases",
        ),
        ("120 rooms", "yes daily pickup", "no, towels too", "budget is 4k a month"),
        ("also put it in a table", "and flag hidden fees"),
    ),
    Task(
        "Total up the cafe staff hours for payroll this fortnight.",
        ("payroll", "the hours", "staff hours", "the pay run"),
        ("do the staff hours", "tot up payroll"),
        (
            "stop Jess's pay at the 14th, she left",
            "cancel the overtime for sunday",
            "hold back Tom's bonus",
            "drop the double count on tuesday",
        ),
        ("yes bank hol x1.5", "no tips", "Jess did 32", "fortnight ending the 15th"),
        ("also export for the accountant", "and a total per person"),
    ),
    Task(
        "Put together the flower order for Saturday's wedding.",
        ("the wedding flowers", "the wedding order", "the flowers", "saturday's order"),
        ("do the wedding flowers", "put the flower order in"),
        (
            "cancel the peonies, out of season",
            "drop the arch, bride said no",
            "stop at 10 centrepieces",
            "hold the buttonholes till numbers confirm",
        ),
        ("white and sage", "yes 12 tables", "no lilies", "the bride's mum pays"),
        ("also a care note for the venue", "and order ribbon"),
    ),
    Task(
        "Design a loyalty card scheme for the car wash.",
        ("loyalty cards", "the loyalty thing", "the stamp cards", "loyalty"),
        ("design the loyalty cards", "do the stamp card idea"),
        (
            "cancel stamps after 12 months",
            "cap it at 10 washes then stop",
            "drop the app idea, paper cards",
            "pause the free wash on bank hols",
        ),
        ("10th wash free", "yes valets count", "no app", "blue and yellow"),
        ("also a sign for the till", "and a mockup"),
    ),
    Task(
        "Move the salon's bookings from the paper diary into the new app.",
        ("the diary", "the bookings app", "salon bookings", "the app move"),
        ("move the diary into the app", "put the salon bookings in"),
        (
            "cancel the duplicates on saturday",
            "drop anything before march",
            "Mrs K cancelled, take her out",
            "only go up to end of june, then stop",
        ),
        ("yes colours too", "no, just names and times", "Bea's column", "30 min slots"),
        ("also text clients about the app", "and note the allergies"),
    ),
    Task(
        "Reconcile the brewery's keg tracking sheet.",
        ("kegs", "the keg sheet", "keg tracking", "the keg count"),
        ("do the keg sheet", "reconcile the kegs"),
        (
            "write off the 6 missing kegs",
            "cancel the deposit for the Crown",
            "stop tracking the old 30L ones",
            "kill the duplicate rows",
        ),
        ("yes 50L only", "no, the Crown has 4", "142 total", "since january"),
        ("also list who owes deposits", "and chart it"),
    ),
    Task(
        "Find the coffee shop a cheaper milk supplier.",
        ("the milk supplier", "the milk thing", "the milk quotes", "suppliers"),
        ("find a cheaper milk supplier", "get milk quotes"),
        (
            "cancel the Arla standing order once we switch",
            "drop oat from the comparison",
            "only stop current deliveries after the new one starts",
            "hold off signing anything",
        ),
        ("40L a week", "yes organic", "no, local only", "deliver before 7"),
        ("also compare oat prices", "and ask about a free trial"),
    ),
    Task(
        "Write the quote for the office cleaning job on Dale Road.",
        ("the cleaning quote", "dale rd quote", "the quote", "the dale road job"),
        ("write the dale rd quote", "price the cleaning job"),
        (
            "drop the window cleaning line",
            "cancel the weekend rate",
            "no deep clean, take it out",
            "pause billing in august, they're shut",
        ),
        ("3 floors", "yes 5 days", "18 an hour", "no bins"),
        ("also a one-pager", "and attach our insurance cert"),
    ),
    Task(
        "Do the end-of-month stock take for the bike shop.",
        ("stock take", "the bike stock", "month end count", "the bike shop count"),
        ("do the bike stock take", "count the bike shop"),
        (
            "write off the stolen helmet",
            "drop the ex-demo bikes from the count",
            "stop counting inner tubes one by one, weigh them",
            "cancel the 2 trek frames on order",
        ),
        ("yes incl workshop", "no, parts only", "87 bikes", "the sheet from feb"),
        ("also value it at cost", "and flag the slow movers"),
    ),
    Task(
        "Reply to the new guest reviews on Booking.com for the B&B.",
        ("reviews", "the review replies", "booking.com", "the guest reviews"),
        ("answer the reviews", "reply to the booking reviews"),
        (
            "don't mention the cancelled breakfast",
            "the guy who cancelled, just thank him",
            "stop apologising so much",
            "drop the bit about parking",
        ),
        ("sign as Anne", "yes the 2 star too", "no discounts", "friendly not formal"),
        ("also the 2 on tripadvisor", "and save them in a doc for me"),
    ),
    Task(
        "Get the market stall's VAT return ready for the accountant.",
        ("vat", "the vat return", "the tax stuff", "the return"),
        ("do the vat return", "get the vat ready"),
        (
            "cancel the duplicate Makro receipt",
            "drop the personal fuel",
            "stop claiming the van lease twice",
            "hold the Q2 figures till the bank statement",
        ),
        ("flat rate", "yes Q3", "no, cash basis", "receipts are in the blue folder"),
        ("also a summary for me", "and a checklist"),
    ),
)

WHY = (
    "boss said no",
    "we're closing early",
    "client pulled out",
    "no budget",
    "I'll sort it myself",
    "owner changed her mind",
    "not worth it rn",
    "rush hour here",
    "wifi's dying",
    "staff meeting",
)

SWITCH_NICK = (
    "{a} can wait, {b} now",
    "drop {a}. {b} pls",
    "nvm {a}, {b} first",
    "forget {a}, {b} asap",
    "park {a}, pivot to {b}",
    "{b} first, {a} later",
    "{b} first pls, {a} tmrw",
    "actually {b}. {a} not today",
    "leave {a} with me, u take {b}",
    "{b} pls, never mind {a}",
    "change of plan: {b}",
    "scrap {a}, {b} is urgent",
    "no more {a} today, {b} now",
    "{b}!! {a} can sit",
    "boss says {b} now, bin {a}",
    "{b} is on fire, put {a} down",
    "enough {a}, get on {b}",
    "hold off {a}, {b} rn",
    "pivot to {b} pls",
    "{a} tomorrow. today {b}",
    "vale, {b} ahora, {a} luego",
    "bon, {a} plus tard, {b} maintenant",
    "{a} später, erst {b}",
    "{b} now 🙏 {a} can wait",
    "forget {a} 😅 {b}",
    "move off {a}, {b} needs doing",
    "{ans}. but park {a}, {b} now",
    "{ans} - anyway leave {a}, {b} pls",
    "{ans}. nvm {a} tho, {b} first",
)
SWITCH_ASK = (
    "nvm that, {bask}",
    "drop it. {bask} pls",
    "leave {a}, {bask}",
    "not {a} today, {bask} instead",
    "{a} can wait, {bask} first",
    "actually can u {bask} rn",
    "new priority: {bask}",
    "ok scrap that, {bask}",
    "park {a} and {bask}",
    "plan B: {bask}",
    "{bask}, {a} another day",
    "urgent: {bask}, {a} on ice",
    "{ans}. ok leave it, {bask}",
    "oye, {bask} please, {a} no",
)
STOP = (
    "drop it",
    "nvm",
    "not today",
    "leave it with me",
    "park that",
    "leave it",
    "forget it, {why}",
    "drop it, {why}",
    "park that, {why}",
    "{a} can wait",
    "{a} can wait, {why}",
    "forget {a}",
    "nah leave {a}",
    "leave {a} with me",
    "hold {a} for now",
    "that's enough {a} for today",
    "no need for {a} anymore",
    "{a}'s off, {why}",
    "don't bother with {a}",
    "pause {a} pls",
    "shelve {a} till monday",
    "scrap {a}",
    "let's leave {a} there",
    "déjalo, {why}",
    "laisse tomber {a}",
    "{a} lassen wir erstmal",
    "kill {a}",
    "park {a}, we'll see next week",
    "no {a} today 🙏",
    "hang on, don't do {a} yet",
    "{a}: not now",
    "nope, not doing {a} after all",
    "bin {a}, {why}",
    "hold everything on {a}",
    "{ans}. actually leave {a}, not today",
    "{ans} - but park {a} for now",
    "{ans}. forget it tho, {why}",
    "{a}?? nah, leave it",
    "put {a} on ice",
    "call it a day on {a}",
)
RESUME = (
    "ok back to {s}",
    "{s} again pls",
    "where we at with {s}? carry on",
    "back on {s}",
    "right, {s} — pick it up",
    "{c} done 👍 back to {s}",
    "{c} sorted ta. {s} where we left off",
    "now {s} again",
    "retomemos {s}",
    "on reprend {s}",
    "zurück zu {s} bitte",
    "let's finish {s} now",
    "can we get back to {s}",
    "ok {s} from where u left it",
    "{s} pls, the one from earlier",
    "{s}, the one we parked - go",
    "great. {s} next, as before",
    "thx for {c}. {s} again",
    "{s} back on 👍",
    "ok carry on with {s}",
    "pick {s} back up",
    "{s} is back on, {why_back}",
    "unpark {s}",
    "{s} — where were we?",
    "back to {s} pls, {why_back}",
    "ok that's {c}, now {s} again",
    "{s} again, same as before",
    "and {s}? let's finish it",
    "ya, back to {s}",
)
WHY_BACK = (
    "boss ok'd it",
    "client's back",
    "got the budget",
    "found the numbers",
    "quiet now",
    "she changed her mind again",
)
RESUME_BARE = (
    "ok back to what we were doing before",
    "where were we before that? go on",
    "back to the earlier thing pls",
    "ok the other one again",
)
REPLY_GENERIC = (
    "yes",
    "yep",
    "no",
    "ok go",
    "👍",
    "perfect",
    "thx!",
    "cool ta",
    "gracias",
    "merci",
    "danke",
    "that's it",
    "looks right",
    "sounds good",
    "the 2nd one",
    "either",
    "up to u",
    "hmm not sure, ask Maria",
    "wait what?",
    "lol ok",
    "k",
    "yes and yes",
    "fine",
    "good job",
    "eta?",
    "how long?",
    "sure",
    "don't stop, keep going",
    "no pause needed, carry on",
    "no rush, later is fine",
    "sí claro",
    "oui",
    "ja passt",
    "keep going 💪",
    "nothing to cancel, all good",
    "don't switch anything, just finish",
)
REPLY_NICK = (
    "{a} looks good",
    "how's {a} going?",
    "where we at with {a}?",
    "{a} eta?",
    "{a}: good so far",
    "keep at {a}",
    "nice, carry on with {a}",
    "ta for {a} so far",
    "{a} 👍",
    "is {a} nearly done?",
    "great work on {a}",
    "any q's on {a}?",
)
PREFIX = ("", "", "", "oh and ", "also ", "pls ", "btw ", "quick one: ", "ok ")
SUFFIX = ("", "", "", " pls", " thx", " 🙏", " ta", " asap", " ok?")
EMOJI = (" 👍", " 🙏", " 😅", " 🙂", " 🔥", " 😬", " ✅")


def _norm(text: str) -> str:
    flat = " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())
    return flat or " ".join(text.split())


class _Writer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def _noise(self, text: str) -> str:
        r = self.rng
        if r.random() > 0.35:
            return text
        pick = r.randrange(6)
        if pick == 0:
            return text.lower()
        if pick == 1:
            return text.rstrip(".!?") + r.choice(EMOJI)
        if pick == 2:
            words = text.split()
            idx = [i for i, w in enumerate(words) if len(w) >= 5 and w.isalpha()]
            if idx:
                i = r.choice(idx)
                w = words[i]
                j = r.randrange(len(w) - 1)
                words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
            return " ".join(words)
        if pick == 3:
            # voice-to-text: spelled out, no commas, capitalised, full stop
            t = re.sub(r"\bpls\b|\bplz\b", "please", text)
            t = re.sub(r"\bu\b", "you", t)
            t = re.sub(r"\bok\b", "okay", t)
            t = t.replace(",", "").replace(" - ", " ")
            t = re.sub(r"[^\w\s.'?:&/%£-]", "", t).strip()
            return (t[:1].upper() + t[1:]).rstrip(".") + "."
        if pick == 4 and len(text) < 40:
            return text.upper()
        return text[:1].upper() + text[1:]

    def _two(self) -> tuple[Task, Task]:
        a, b = self.rng.sample(TASKS, 2)
        return a, b

    def switch(self) -> tuple[str, Task, Task | None]:
        r = self.rng
        a, b = self._two()
        tpl = r.choice(SWITCH_NICK + SWITCH_ASK if r.random() < 0.5 else SWITCH_NICK)
        text = tpl.format(
            a=r.choice(a.nicks), b=r.choice(b.nicks), bask=r.choice(b.asks), ans=r.choice(a.answers)
        )
        return self._noise(text), a, None

    def stop(self) -> tuple[str, Task, Task | None]:
        r = self.rng
        a = r.choice(TASKS)
        text = r.choice(STOP).format(
            a=r.choice(a.nicks), why=r.choice(WHY), ans=r.choice(a.answers)
        )
        return self._noise(text), a, None

    def resume(self) -> tuple[str, Task, Task | None]:
        r = self.rng
        c, s = self._two()
        if r.random() < 0.03:
            return r.choice(RESUME_BARE), c, s
        text = r.choice(RESUME).format(
            s=r.choice(s.nicks), c=r.choice(c.nicks), why_back=r.choice(WHY_BACK)
        )
        return self._noise(text), c, s

    def reply(self) -> tuple[str, Task, Task | None]:
        r = self.rng
        a = r.choice(TASKS)
        roll = r.random()
        if roll < 0.42:
            text = r.choice(PREFIX) + r.choice(a.looks) + r.choice(SUFFIX)
        elif roll < 0.64:
            text = r.choice(a.answers) + r.choice(SUFFIX)
        elif roll < 0.78:
            text = r.choice(a.addons) + r.choice(("", "", " pls", " when u can", " after"))
        elif roll < 0.88:
            text = r.choice(REPLY_GENERIC)
        else:
            text = r.choice(REPLY_NICK).format(a=r.choice(a.nicks))
        return self._noise(text.strip()), a, None


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
    seen: set[str] = set()
    for kind, wanted in PLAN:
        made = 0
        for _ in range(wanted * 200):
            if made == wanted:
                break
            text, current, stopped = makers[kind]()
            key = _norm(text)
            if key in seen:
                continue
            seen.add(key)
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
            raise RuntimeError(f"corpus l: only {made} distinct {kind} cases for seed {seed}")
    writer.rng.shuffle(out)
    return out


if __name__ == "__main__":
    for seed in (0, 1, 7):
        cases = generate(seed)
        assert cases == generate(seed), "not deterministic"
        counts = Counter(c["kind"] for c in cases)
        assert dict(counts) == dict(PLAN), counts
        keys = [_norm(c["text"] or "") for c in cases]
        assert len(set(keys)) == len(keys), "duplicate normalised text"
        for c in cases:
            assert set(c) == {"kind", "text", "current_task", "stopped_task"}
            assert c["kind"] in KINDS
            assert c["text"]
            assert c["current_task"]
            if c["kind"] == "resume":
                assert c["stopped_task"]
                assert c["stopped_task"] != c["current_task"]
            else:
                assert c["stopped_task"] is None
    cases = generate(0)
    words = [len((c["text"] or "").split()) for c in cases]
    print(len(cases), dict(Counter(c["kind"] for c in cases)), "| tasks:", len(TASKS))
    short = sum(w <= 12 for w in words)
    print(f"words: mean {sum(words) / len(words):.1f}, max {max(words)}, <=12: {short}")
    sampler = random.Random(1)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in cases if c["kind"] == kind], 8):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")
