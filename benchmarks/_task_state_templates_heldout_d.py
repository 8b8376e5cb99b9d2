"""A fourth held-out template set for ``_task_state_corpus`` (``--corpus heldout_d``).

Written blind: its author did not open anything under ``src/packlight/`` (the statement,
constraint and ledger code, the supersession logic), the other held-out template modules
(``_task_state_templates_heldout.py``, ``_task_state_templates_heldout_b.py``,
``_task_state_templates_heldout_c.py``) or ``benchmarks/results/task_state.md``, and did
not run packlight on these templates. Of ``_task_state_templates.py`` only the interface
was read (the ``Value`` and ``Family`` dataclasses, ``KINDS``, the helper signatures and how
the families and the filler are exposed), not its sentences.

The subjects are deliberately far from software operations and from each other: a physio
appointment, insulin doses, flights, a kitchen and a bathroom renovation, crane wind limits,
a thesis word limit, a salary band, a court filing, an insurance claim, defect rates, a
fundraising gala, a film shoot, a crop's yield and spray re-entry interval, a team's kit,
a diet, a house offer, a translation job, a music tour and a container shipment. The
supersessions use many verbs and no common header ("scratch that", "the allergist
retested", "has been pushed to", "we're going with ... after all", a synonym or "it" for
the subject, values written in words), and the decoys are questions, hypotheticals, other
people's values, values still being negotiated and values recalled from the past.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from _task_state_templates import KINDS, Family, Value

__all__ = [
    "ACKS",
    "COLLEAGUES",
    "DECOY_ACKS",
    "ECHOES",
    "FAMILIES",
    "FAMILY_BY_NAME",
    "GENERIC_DECOYS",
    "KINDS",
    "OPENERS",
    "PAIRS",
    "PREFERENCE_DECOYS",
    "QUESTIONS",
    "SYSTEMS",
    "THANKS",
    "TOPICS",
    "filler_answer",
]

# --- number words -------------------------------------------------------------------------

# fmt: off
_SMALL = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
# fmt: on


def _below_thousand(n: int, british: bool) -> str:
    hundreds, rest = divmod(n, 100)
    parts = []
    if hundreds:
        parts.append(f"{_SMALL[hundreds]} hundred")
    if rest:
        if rest < 20:
            tail = _SMALL[rest]
        else:
            tens, ones = divmod(rest, 10)
            tail = _TENS[tens] + (f"-{_SMALL[ones]}" if ones else "")
        parts.append(("and " if british and hundreds else "") + tail)
    return " ".join(parts)


def words(n: int, british: bool = False) -> str:
    """``18500`` -> ``eighteen thousand five hundred`` (0 <= n < 1,000,000); ``british``
    puts "and" after a hundred: ``one hundred and forty-two``."""
    if n == 0:
        return "zero"
    thousands, rest = divmod(n, 1000)
    parts = []
    if thousands:
        parts.append(f"{_below_thousand(thousands, british)} thousand")
    if rest:
        parts.append(_below_thousand(rest, british))
    return " ".join(parts)


def _decimal_words(text: str) -> str:
    """``6.2`` -> ``six point two``."""
    whole, _, frac = text.partition(".")
    spoken = words(int(whole))
    if frac:
        spoken += " point " + " ".join(_SMALL[int(d)] for d in frac)
    return spoken


# --- value renderers ----------------------------------------------------------------------


def _fields(amount: int) -> dict[str, str]:
    return {
        "n": f"{amount:,}",
        "r": str(amount),
        "w": words(amount),
        "wb": words(amount, british=True),
        "k": f"{amount / 1000:g}",
    }


def _numeric(
    digit_forms: tuple[str, ...],
    word_forms: tuple[str, ...] = (),
    word_chance: float = 0.35,
    alt_chance: float = 0.2,
) -> Callable[[int | str, random.Random, bool], Value]:
    """A renderer for an integer amount: the first digit form by default, sometimes another
    digit form, and in an update sometimes the first word form."""

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        fields = _fields(int(raw))
        digits = [f.format(**fields) for f in digit_forms]
        spelled = [f.format(**fields) for f in word_forms]
        forms = tuple(dict.fromkeys(digits + spelled))
        roll = rng.random()
        if in_update and spelled and roll < word_chance:
            return Value(spelled[0], forms)
        if len(digits) > 1 and rng.random() < alt_chance:
            return Value(rng.choice(digits[1:]), forms)
        return Value(digits[0], forms)

    return render


def _decimal(
    scale: int, digit_forms: tuple[str, ...], word_forms: tuple[str, ...] = ()
) -> Callable[[int | str, random.Random, bool], Value]:
    """An amount drawn as an integer and written as ``raw / scale`` with one decimal."""

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        text = f"{int(raw) / scale:.1f}" if scale == 10 else f"{int(raw) / scale:.2f}"
        digits = [f.format(x=text) for f in digit_forms]
        spelled = [f.format(x=_decimal_words(text)) for f in word_forms]
        forms = tuple(dict.fromkeys(digits + spelled))
        if in_update and spelled and rng.random() < 0.3:
            return Value(spelled[0], forms)
        return Value(digits[0], forms)

    return render


def _keep(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    return Value(str(raw), (str(raw),))


def _pick(options: tuple[str, ...]) -> Callable[[random.Random], int | str]:
    return lambda rng: rng.choice(options)


def _span(low: int, high: int, step: int = 1) -> Callable[[random.Random], int | str]:
    return lambda rng: rng.randrange(low, high + 1, step)


# --- word lists ---------------------------------------------------------------------------

# fmt: off
MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
AIRLINES = ("TP", "KL", "LH", "AY", "SK", "IB", "EI", "LX", "OS", "AZ", "QR", "NZ", "ET", "VS")
KIT_COLOURS = (
    "navy", "white", "maroon", "gold", "emerald", "black", "sky blue", "tangerine", "scarlet",
    "silver", "purple", "lemon", "teal", "charcoal",
)
ADJ_FIRST = (
    "Marisol", "Joaquin", "Thandiwe", "Callum", "Ingrid", "Rashid", "Leilani", "Bogdan",
    "Fiona", "Emeka", "Sigrid", "Tarek", "Paloma", "Nikolai", "Yara", "Declan",
)
ADJ_LAST = (
    "Ferreira", "Abernathy", "Kaminski", "Oduya", "Pellegrini", "Strand", "Whitlock",
    "Quiroga", "Holloway", "Mbeki", "Lindgren", "Dragomir", "Achterberg", "Fontaine",
)
VENUE_A = (
    "Linden", "Harbourside", "Old Mill", "Copper Beech", "Riverside", "Foundry", "Granary",
    "Lantern", "Bellweather", "Orchard", "Kingfisher", "Tannery", "Saltmarsh", "Ropewalk",
)
VENUE_B = ("Pavilion", "Ballroom", "Hall", "Gallery", "Boathouse", "Conservatory", "Barn")
ALLERGENS = (
    "sesame", "shellfish", "tree nuts", "peanuts", "mustard seed", "celery", "lupin flour",
    "buckwheat", "kiwi fruit", "sulphites", "molluscs", "oats",
)
CITATION_STYLES = (
    "APA 7th edition", "Chicago author-date", "Chicago notes-bibliography", "Harvard referencing",
    "MLA 9th edition", "IEEE numeric style", "Vancouver style", "OSCOLA", "AMA 11th edition",
    "ASA style",
)
LOCALES = (
    ("Brazilian Portuguese", "pt-BR"), ("European Portuguese", "pt-PT"),
    ("Latin American Spanish", "es-419"), ("Castilian Spanish", "es-ES"),
    ("Canadian French", "fr-CA"), ("Swiss German", "de-CH"), ("Simplified Chinese", "zh-CN"),
    ("Traditional Chinese", "zh-TW"), ("Flemish Dutch", "nl-BE"), ("Bokmål Norwegian", "nb-NO"),
    ("Korean", "ko-KR"), ("Mexican Spanish", "es-MX"),
)
INCOTERMS = ("FOB", "CIF", "DAP", "EXW", "FCA", "DDP", "CPT")
PORTS = (
    "Rotterdam", "Antwerp", "Felixstowe", "Valencia", "Gdańsk", "Piraeus", "Genoa", "Le Havre",
    "Bremerhaven", "Algeciras", "Koper", "Gothenburg",
)
ASPECTS = ("2.39:1", "1.85:1", "1.66:1", "1.43:1", "2.76:1", "2.20:1", "1.78:1", "16:9", "9:16")
JOURNAL_HEADS = ("Journal of", "Annals of", "Review of", "Letters in", "Frontiers of", "Studies in")
JOURNAL_FIELDS = (
    "Coastal Ecology", "Applied Phonetics", "Urban Hydrology", "Medieval Trade",
    "Soil Microbiology", "Comparative Pedagogy", "Maritime History", "Sensory Neuroscience",
    "Rural Sociology", "Glacial Geomorphology", "Textile Conservation", "Alpine Botany",
)
COURSE_DEPTS = ("CHEM", "BIOL", "HIST", "ECON", "PSYC", "STAT", "LING", "PHYS", "GEOG")
CASE_PREFIXES = ("CV", "FC", "CIV", "HC", "PR")
COLLEAGUES = (
    "Rowan", "Sasha", "Jordan", "Alexis", "Morgan", "Kai", "Robin", "Emerson", "Quinn", "Avery",
)
"""People the user mentions in decoys (the templates say \"they\")."""
# fmt: on


def _date_draw(rng: random.Random) -> int:
    return rng.randrange(12) * 100 + rng.randint(1, 28)


def _date(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    month, day = divmod(int(raw), 100)
    name = MONTHS[month]
    long, short = f"{name} {day}", f"{day} {name}"
    forms = (long, short, f"{name[:3]} {day}", f"{day} {name[:3]}")
    return Value(rng.choice((long, short)), forms)


def _physio_draw(rng: random.Random) -> str:
    day = rng.choice(WEEKDAYS[:6])
    return f"{day}|{rng.randint(8, 17)}|{rng.choice((0, 10, 15, 20, 30, 40, 45, 50))}"


def _physio(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    day, hour_s, minute_s = str(raw).split("|")
    hour, minute = int(hour_s), int(minute_s)
    h24 = f"{hour}:{minute:02d}"
    h12 = f"{hour - 12 if hour > 12 else hour}:{minute:02d} {'pm' if hour >= 12 else 'am'}"
    forms = (f"{day} at {h24}", f"{day} {h24}", f"{day} at {h12}", f"{day}, {h12}")
    return Value(rng.choice((forms[0], forms[2])), forms)


def _call_draw(rng: random.Random) -> str:
    return f"{rng.randint(4, 7)}|{rng.randrange(0, 60, 5)}"


def _call_time(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    hour_s, minute_s = str(raw).split("|")
    hour, minute = int(hour_s), int(minute_s)
    forms = (
        f"{hour}:{minute:02d} am",
        f"{hour}:{minute:02d}am",
        f"{hour}:{minute:02d} a.m.",
        f"0{hour}:{minute:02d}",
    )
    return Value(rng.choice((forms[0], forms[0], forms[3])), forms)


def _flight_draw(rng: random.Random) -> str:
    return f"{rng.choice(AIRLINES)}|{rng.randint(1000, 9899)}"


def _flight(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    code, number = str(raw).split("|")
    forms = (f"{code} {number}", f"{code}{number}")
    return Value(rng.choice(forms), forms)


def _kit_draw(rng: random.Random) -> str:
    return "|".join(sorted(rng.sample(KIT_COLOURS, 2)))


def _kit(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    a, b = str(raw).split("|")
    if rng.random() < 0.5:
        a, b = b, a
    forms = (f"{a} and {b}", f"{b} and {a}", f"{a}/{b}", f"{b}/{a}", f"{a}-and-{b}")
    return Value(forms[0], forms)


def _name_draw(rng: random.Random) -> str:
    return f"{rng.choice(ADJ_FIRST)} {rng.choice(ADJ_LAST)}"


def _person(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    first, last = str(raw).split(" ")
    return Value(str(raw), (str(raw), f"{first[0]}. {last}"))


def _venue_draw(rng: random.Random) -> str:
    return f"{rng.choice(VENUE_A)} {rng.choice(VENUE_B)}"


def _case_draw(rng: random.Random) -> str:
    return f"{rng.choice(CASE_PREFIXES)}-{rng.randint(19, 26)}-{rng.randint(1000, 99999):05d}"


def _case(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    text = str(raw)
    return Value(text, (text, text.replace("-", " "), text.rsplit("-", 1)[1]))


def _claim(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    digits = str(raw)
    forms = (f"CLM-{digits}", f"CLM {digits}", f"CLM{digits}", digits)
    return Value(rng.choice(forms[:2]), forms)


def _hs_draw(rng: random.Random) -> str:
    return f"{rng.randint(2501, 9706)}.{rng.randint(10, 99)}.{rng.randint(10, 90)}"


def _hs(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    text = str(raw)
    return Value(text, (text, text.replace(".", ""), text.replace(".", " ")))


def _course_draw(rng: random.Random) -> str:
    return f"{rng.choice(COURSE_DEPTS)} {rng.randint(101, 489)}-{rng.randint(1, 19):02d}"


def _course(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    text = str(raw)
    return Value(text, (text, text.replace(" ", ""), text.replace("-", " section ")))


def _locale_draw(rng: random.Random) -> str:
    return "|".join(rng.choice(LOCALES))


def _locale(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    name, code = str(raw).split("|")
    return Value(name, (name, code))


def _incoterm_draw(rng: random.Random) -> str:
    return f"{rng.choice(INCOTERMS)} {rng.choice(PORTS)}"


def _incoterm(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    term, port = str(raw).split(" ", 1)
    return Value(str(raw), (str(raw), f"{term}, {port}"))


def _journal_draw(rng: random.Random) -> str:
    return f"{rng.choice(JOURNAL_HEADS)} {rng.choice(JOURNAL_FIELDS)}"


def _practice_draw(rng: random.Random) -> str:
    return f"{rng.choice(WEEKDAYS)} {rng.choice(('evenings', 'mornings'))}"


def _practice(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    text = str(raw)
    day, part = text.split(" ")
    forms = [text, f"{day} {part[:-1]}"]
    if part == "evenings":
        forms += [f"{day} nights", f"{day} night"]
    return Value(text, tuple(forms))


def _family(name: str, kind: str, subject: str, draw: Any, render: Any, **kw: Any) -> Family:
    return Family(name, kind, subject, draw, render, **kw)


# --- slot families ------------------------------------------------------------------------

_USD = _numeric(("${n}", "${r}", "{n} dollars", "USD {n}"), ("{w} dollars", "{wb} dollars"))

FAMILIES: tuple[Family, ...] = (
    # ---- look-alike pairs ----
    _family(
        "kitchen_budget",
        "constraint",
        "the kitchen budget",
        _span(6000, 45000, 250),
        _USD,
        states=(
            "For the renovation: the kitchen can't cost more than {v}, all in.",
            "Kitchen remodel budget is capped at {v}. Cabinets, worktops, labour, everything.",
            "Keep the kitchen job at or below {v}, please.",
        ),
        updates=(
            "We sat down with the bank again and the kitchen ceiling moves to {v}.",
            "Revised figure for the kitchen: {v}.",
            "The kitchen money has been cut back to {v} since the boiler died.",
            "Kitchen: my partner and I agreed {v} is the new max.",
            "Forget what I said about the kitchen spend; it's {v}.",
            "That kitchen cap I gave you? Make it {v}.",
        ),
        decoys=(
            "Could we stretch the kitchen to {d} if the quartz worktop is worth it? Just asking.",
            "The contractor's first quote for the kitchen was {d}, which is why we walked away.",
        ),
        pair="reno",
    ),
    _family(
        "bathroom_budget",
        "constraint",
        "the bathroom budget",
        _span(6000, 45000, 250),
        _USD,
        states=(
            "The bathroom gets its own pot: no more than {v}.",
            "Budget for the bathroom refit is {v}, maximum.",
            "Bathroom spend must stay under {v}.",
        ),
        updates=(
            "Bathroom update — the most we'll put into it is now {v}.",
            "The tiler talked us down; bathroom limit is {v} from here.",
            "Redo the bathroom sums with {v} as the cap.",
            "For the washroom we're now working to {v}.",
            "Bathroom figure has been lowered to {v} by the lender.",
            "Make the bathroom number {v}; the old one's dead.",
        ),
        decoys=(
            "The neighbours spent {d} on their bathroom, which sounds mad to me.",
            "If the bathroom came in at {d} would that be unreasonable? Hypothetically.",
        ),
        pair="reno",
    ),
    _family(
        "insulin_morning",
        "safety",
        "Dad's morning insulin dose",
        _span(6, 38),
        _numeric(("{r} units",), ("{w} units",)),
        states=(
            "Important: Dad's morning insulin must never go above {v}.",
            "Safety rule for the care notes: morning insulin, no more than {v}.",
            "Never give Dad more than {v} of insulin with breakfast.",
        ),
        updates=(
            "The endocrinologist rewrote the breakfast dose: max {v} now.",
            "Morning insulin — the nurse lowered the ceiling to {v}.",
            "Dad's a.m. injection is capped at {v} as of today's review.",
            "Breakfast insulin changed; never above {v} going forward.",
            "New upper limit for the morning jab: {v}.",
            "The clinic's letter says the morning dose tops out at {v}.",
        ),
        decoys=(
            "His old GP had the morning dose at {d}, years ago.",
            "Should we ask whether the morning dose could go up to {d}?",
        ),
        pair="dose",
    ),
    _family(
        "insulin_evening",
        "safety",
        "Dad's evening insulin dose",
        _span(6, 38),
        _numeric(("{r} units",), ("{w} units",)),
        states=(
            "Evening insulin for Dad: never more than {v}.",
            "The evening dose is a hard limit of {v}. Do not exceed it.",
            "With dinner Dad gets at most {v} of insulin, never more.",
        ),
        updates=(
            "The diabetes nurse moved the evening maximum to {v}.",
            "Evening jab: {v} is the ceiling now.",
            "Nighttime insulin has been reduced to a maximum of {v}.",
            "Dinner dose changed after the hypo — cap it at {v}.",
            "About the evening insulin, the new limit is {v}.",
            "The supper injection should not exceed {v} any more.",
        ),
        decoys=(
            "My aunt takes {d} in the evening, but that's her prescription, not Dad's.",
            "Would {d} at night be safer? I'll ask the nurse, don't change anything.",
        ),
        pair="dose",
    ),
    _family(
        "flight_out",
        "fact",
        "the outbound flight",
        _flight_draw,
        _flight,
        states=(
            "Our outbound flight is {v}.",
            "Flying out on {v}, for the record.",
            "The flight there is {v}.",
        ),
        updates=(
            "The airline rebooked us on the way out: {v}.",
            "Outbound changed, we're now on {v}.",
            "Getting there we'll be on {v} instead.",
            "Scratch the original outbound — {v}.",
            "The departing leg was moved to {v}.",
            "The agent swapped our flight out to {v}.",
        ),
        decoys=(
            "There's also {d} on the way out, which would be nicer, but it's full.",
            "My sister is flying out on {d}, separately from us.",
        ),
        pair="flight",
    ),
    _family(
        "flight_back",
        "fact",
        "the return flight",
        _flight_draw,
        _flight,
        states=(
            "Coming home on {v}.",
            "Return flight is {v}.",
            "We fly back on {v}.",
        ),
        updates=(
            "The return leg got moved; we're on {v}.",
            "For the flight home, it's {v} now.",
            "Our homeward flight was cancelled and replaced by {v}.",
            "Flying back on {v} after all.",
            "Return changed to {v} — the travel agent confirmed.",
            "The way back is {v} now, not the earlier one.",
        ),
        decoys=(
            "If we stayed an extra night we could take {d} home. Not decided.",
            "Last time we flew back on {d}, that one was always late.",
        ),
        pair="flight",
    ),
    _family(
        "home_kit",
        "preference",
        "the home kit colours",
        _kit_draw,
        _kit,
        states=(
            "For the under-12s, I'd like the home kit in {v}.",
            "Home strip should be {v}, that's my preference.",
            "Let's go with {v} for home games.",
        ),
        updates=(
            "The parents voted and home games will be in {v}.",
            "Home kit: I've come round to {v}.",
            "We're going with {v} for the home strip after all.",
            "I'd rather the home shirts were {v} now.",
            "Switch the home colours to {v}.",
            "For matches at our ground it's {v} from now on.",
        ),
        decoys=(
            "The club next door plays in {d} at home; we don't want to look like them.",
            "Would {d} look better at home? Only wondering.",
        ),
        pair="kit",
    ),
    _family(
        "away_kit",
        "preference",
        "the away kit colours",
        _kit_draw,
        _kit,
        states=(
            "Away kit should be {v}, I think.",
            "For away fixtures I prefer {v}.",
            "On the road the team wears {v}, please.",
        ),
        updates=(
            "Away strip: let's make it {v} instead.",
            "I changed my mind on the travel kit; {v}.",
            "The away shirts will be {v} — the sponsor liked it better.",
            "For away games I now prefer {v}.",
            "Second kit goes to {v}.",
            "Away colours were switched to {v} at the committee meeting.",
        ),
        decoys=(
            "Coach {name} suggested {d} for away games; I haven't agreed to it.",
            "Our old away kit was {d}, back when the club started.",
        ),
        pair="kit",
    ),
    # ---- safety ----
    _family(
        "crane_wind",
        "safety",
        "the crane wind limit",
        _span(30, 65),
        _numeric(("{r} km/h", "{r} kph"), ("{w} km/h", "{w} kilometres per hour")),
        states=(
            "Site rule: the tower crane does not lift when gusts exceed {v}.",
            "No crane lifts above {v} of wind. Non-negotiable.",
            "Stop all crane work if the wind goes over {v}.",
        ),
        updates=(
            "The crane hire firm's engineer dropped the wind cut-off to {v}.",
            "After the near miss, lifting stops at {v}.",
            "New wind threshold for the crane: {v}.",
            "The limit for gusts was revised to {v} by the safety officer.",
            "Cranes stand down from {v} upward, not the old number.",
            "The crane rule, bring it down to {v}; the old figure was too generous.",
        ),
        decoys=(
            "The manufacturer's brochure says the crane can handle {d}, but we keep our own rule.",
            "On the last site they lifted up to {d}. Not here.",
        ),
    ),
    _family(
        "allergy",
        "safety",
        "the allergy",
        _pick(ALLERGENS),
        _keep,
        states=(
            "I'm allergic to {v}: never put it in any recipe you suggest.",
            "Please never suggest anything with {v}; I react badly to it.",
            "Hard rule for meal plans: no {v}, ever.",
        ),
        updates=(
            "The allergist retested me and the problem is actually {v}, not what I told you.",
            "Correction from the skin-prick test: it's {v} I can't have.",
            "Turns out my reaction was to {v}. Plan around that from now.",
            "The clinic letter came back: avoid {v}; the earlier one was a false positive.",
            "My food allergy was misdiagnosed. It's {v}.",
            "What I actually can't eat is {v}, the blood test says.",
        ),
        decoys=(
            "My flatmate can't eat {d}, but that's not my problem.",
            "The allergist wondered if it might also be {d}; more tests first, nothing changes.",
        ),
    ),
    _family(
        "reentry",
        "safety",
        "the spray re-entry interval",
        _span(12, 96, 6),
        _numeric(("{r} hours", "{r} hrs"), ("{w} hours",)),
        states=(
            "Nobody enters the orchard for {v} after spraying.",
            "Re-entry interval after the fungicide is {v}; workers stay out until then.",
            "Keep the pickers out of sprayed blocks for {v}.",
        ),
        updates=(
            "The agronomist extended the keep-out time to {v}.",
            "With the new product the REI is {v}.",
            "Workers may go back in only after {v} now.",
            "Label changed: {v} before anyone walks the rows.",
            "The wait after spraying was set to {v} by the inspector.",
            "Let's use {v} as the re-entry time instead.",
        ),
        decoys=(
            "The neighbouring farm uses {d}, but their spray is different.",
            "Is {d} really enough? I'm checking, keep the current rule.",
        ),
    ),
    _family(
        "torque",
        "safety",
        "the bolt torque limit",
        _span(18, 95),
        _numeric(("{r} N·m", "{r} Nm"), ("{w} newton-metres",)),
        states=(
            "Never torque the M8 flange bolts past {v}.",
            "Max torque on the housing bolts is {v}; above that the threads strip.",
            "Operators must not exceed {v} on those fasteners.",
        ),
        updates=(
            "Engineering issued a change note: flange bolts now top out at {v}.",
            "The torque spec was reduced to {v} for the new alloy.",
            "Set the wrenches to stop at {v} going forward.",
            "Fastener ceiling is {v} after the supplier switch.",
            "Tighten those bolts to no more than {v} from now on.",
            "Per the revised drawing, {v} is the maximum.",
        ),
        decoys=(
            "The old drawing said {d} but that revision is obsolete.",
            "Line two asked to go up to {d}; rejected for now.",
        ),
    ),
    _family(
        "container_weight",
        "safety",
        "the container weight limit",
        _span(18000, 28500, 100),
        _numeric(("{n} kg", "{r} kg", "{k} tonnes"), ("{w} kilograms",)),
        states=(
            "Never load a container past {v} gross.",
            "Gross weight per container is limited to {v}; the chassis can't take more.",
            "Keep every box under {v} including the pallets.",
        ),
        updates=(
            "The haulier lowered what they'll pull to {v}.",
            "Heads-up: max gross per box is {v} now.",
            "Road limits changed at the border; load to {v} at most.",
            "The shipping line capped us at {v}.",
            "The weight ceiling has been reset to {v}.",
            "Containers top out at {v} under the new contract.",
        ),
        decoys=(
            "The forwarder asked if we could go to {d}. I said I'd think about it.",
            "Last year's contract let us load {d}.",
        ),
    ),
    # ---- constraints ----
    _family(
        "salary_cap",
        "constraint",
        "the salary cap for the analyst role",
        _span(48000, 130000, 1000),
        _numeric(("€{n}", "{n} euros", "€{k}k", "EUR {n}"), ("{w} euros",)),
        states=(
            "For the analyst hire, base salary can't go above {v}.",
            "The analyst offer must stay within {v} base.",
            "Don't let anyone offer the analyst more than {v}.",
        ),
        updates=(
            "HR widened the analyst band; the top is {v}.",
            "Finance says the most we can pay the analyst is {v} now.",
            "The ceiling on the analyst's pay has been revised to {v}.",
            "Analyst comp: cap it at {v} instead.",
            "Actually my manager moved the analyst limit to {v}.",
            "Max for the analyst package — {v}.",
        ),
        decoys=(
            "The candidate asked for {d}; that's still being negotiated.",
            "A competitor pays analysts {d}, apparently.",
        ),
    ),
    _family(
        "word_limit",
        "constraint",
        "the chapter word limit",
        _span(4000, 12000, 250),
        _numeric(("{n} words", "{r} words"), ("{w} words",)),
        states=(
            "Chapter three must not exceed {v}.",
            "The literature review chapter has a hard limit of {v}.",
            "Keep chapter three under {v}, bibliography excluded.",
        ),
        updates=(
            "My supervisor trimmed the chapter allowance to {v}.",
            "Chapter three can run to {v} now, the committee agreed.",
            "The length cap for that chapter is {v} instead.",
            "Limit for the lit review changed: {v}.",
            "Graduate school revised the rule; {v} for chapter three.",
            "Write to {v} max for chapter three.",
        ),
        decoys=(
            "My friend's chapter was {d} and nobody complained.",
            "Would {d} be acceptable? I'll ask, don't plan for it.",
        ),
    ),
    _family(
        "defect_rate",
        "constraint",
        "the acceptable defect rate",
        _span(2, 30),
        _decimal(10, ("{x}%", "{x} percent", "{x} per cent"), ("{x} percent",)),
        states=(
            "Reject any batch with a defect rate above {v}.",
            "Acceptance threshold: defects must stay at or below {v}.",
            "Lots over {v} defective go back to the supplier.",
        ),
        updates=(
            "The customer tightened acceptance — {v} is the new line.",
            "QA moved the reject threshold to {v}.",
            "From this quarter, batches fail above {v}.",
            "The allowable defect share was changed to {v}.",
            "Quality manager wants {v} as the cut-off now.",
            "New tolerance for defects: {v}.",
        ),
        decoys=(
            "The industry average is around {d}, for what it's worth.",
            "If the supplier pushes for {d} we'll discuss; no change today.",
        ),
    ),
    _family(
        "max_offer",
        "constraint",
        "the maximum offer on the house",
        _span(300000, 990000, 5000),
        _numeric(
            ("${n}", "{n} dollars", "${k}k"), ("{w} dollars",), word_chance=0.25, alt_chance=0.25
        ),
        states=(
            "We won't offer more than {v} on the Elm Street house.",
            "Tell the agent our absolute top for the house is {v}.",
            "House hunt rule: never bid above {v}.",
        ),
        updates=(
            "After the survey we're knocking the top bid down to {v}.",
            "The mortgage approval came in, so we can go up to {v}.",
            "Our walk-away number for the house is {v} now.",
            "The most we'd pay for it is {v}, tell the agent.",
            "Ceiling on the offer has been lifted to {v}.",
            "New number for the bid ceiling: {v}.",
        ),
        decoys=(
            "The asking price was {d}, which is why we hesitated.",
            "Last year a similar house went for {d}.",
        ),
    ),
    _family(
        "rate_per_word",
        "constraint",
        "the translation rate",
        _span(6, 24),
        _decimal(100, ("€{x}", "{x} euros"), ()),
        states=(
            "Don't accept a translation quote above {v} per word.",
            "Our per-word rate for translators is capped at {v}.",
            "Freelance rate for the manual: at most {v} a word.",
        ),
        updates=(
            "Procurement lowered the per-word maximum to {v}.",
            "We can pay up to {v} per word now, the budget grew.",
            "Cap the translator at {v} a word instead.",
            "Word rate changed — {v} tops.",
            "The price per word has been renegotiated to {v}.",
            "The translator's rate, let's hold it to {v} a word.",
        ),
        decoys=(
            "The agency quoted {d} per word; we turned them down.",
            "{name} pays {d} a word for legal texts, different budget.",
        ),
    ),
    _family(
        "filing_deadline",
        "constraint",
        "the filing deadline",
        _date_draw,
        _date,
        states=(
            "The appeal brief has to be filed by {v}.",
            "Court deadline for our filing: {v}.",
            "We must file with the court no later than {v}.",
        ),
        updates=(
            "The judge granted an extension; the brief is now due {v}.",
            "Filing date was pushed to {v}.",
            "The clerk moved our deadline to {v}.",
            "We need it filed by {v} instead.",
            "Counsel confirmed the new cut-off: {v}.",
            "The court's order says {v} for the filing now.",
        ),
        decoys=(
            "Opposing counsel asked for {d}; the court hasn't ruled on that.",
            "In the last case the brief was due {d}.",
        ),
    ),
    # ---- facts ----
    _family(
        "physio",
        "fact",
        "the physio appointment",
        _physio_draw,
        _physio,
        states=(
            "My physio appointment is {v}.",
            "I see the physiotherapist {v}.",
            "Knee rehab session is booked for {v}.",
        ),
        updates=(
            "The clinic called — physio has been moved to {v}.",
            "Forget the earlier physio slot, make it {v}.",
            "Rehab session is {v} now.",
            "The physiotherapist had to reschedule me to {v}.",
            "My knee appointment got shifted; it's {v}.",
            "I rebooked the physio for {v}.",
        ),
        decoys=(
            "They offered {d} as an alternative, but I kept my slot.",
            "Should I ask for {d} instead? I haven't yet.",
        ),
    ),
    _family(
        "case_number",
        "fact",
        "the case number",
        _case_draw,
        _case,
        states=(
            "Our case number is {v}.",
            "The court reference for the dispute is {v}.",
            "Put {v} on every letter; it's the case number.",
        ),
        updates=(
            "The case was transferred and renumbered {v}.",
            "New court reference after consolidation: {v}.",
            "Use {v} as the case number now.",
            "The registry reissued it as {v}.",
            "Case reference corrected to {v}.",
            "It's {v} now, the clerk says the old number is void.",
        ),
        decoys=(
            "The related matter is {d}, but that's a different case.",
            "The other side keeps writing {d} on their letters; that's their own reference.",
        ),
    ),
    _family(
        "claim_number",
        "fact",
        "the insurance claim number",
        _span(1000000, 9899999),
        _claim,
        states=(
            "The insurance claim for the flood is {v}.",
            "Quote claim {v} when you draft anything to the insurer.",
            "Our water-damage claim number is {v}.",
        ),
        updates=(
            "The insurer merged our files; the claim is {v} now.",
            "Claim reference changed to {v}.",
            "They closed the first claim and opened {v} instead.",
            "Use {v} for the flood claim from here.",
            "The claim was re-registered as {v}.",
            "Insurer's new reference for us: {v}.",
        ),
        decoys=(
            "The neighbour's claim is {d}, don't mix them up.",
            "Our claim from the storm two winters ago was {d}.",
        ),
    ),
    _family(
        "adjuster",
        "fact",
        "the loss adjuster",
        _name_draw,
        _person,
        states=(
            "The loss adjuster on our claim is {v}.",
            "Our adjuster's name is {v}.",
            "{v} is handling the claim for the insurer.",
        ),
        updates=(
            "The insurer reassigned the claim to {v}.",
            "We have a new adjuster: {v}.",
            "The file was handed over to {v}.",
            "Our contact at the insurer is {v} now.",
            "{v} took over as adjuster this week.",
            "Claim handler changed; write to {v}.",
        ),
        decoys=(
            "{d} handled my parents' claim, nice person.",
            "I asked if {d} could take ours; still waiting to hear.",
        ),
    ),
    _family(
        "gala_venue",
        "fact",
        "the gala venue",
        _venue_draw,
        _keep,
        states=(
            "The spring gala is at the {v}.",
            "We've booked the {v} for the fundraising dinner.",
            "Gala venue: the {v}.",
        ),
        updates=(
            "The gala moved to the {v}, the first place double-booked us.",
            "Dinner's now at the {v}.",
            "We're holding the fundraiser at the {v} instead.",
            "Venue change — the {v}.",
            "The event was relocated to the {v}.",
            "Our board chose the {v} in the end.",
        ),
        decoys=(
            "{name} suggested the {d}, but it's too small.",
            "Last year's gala was at the {d}.",
        ),
    ),
    _family(
        "hs_code",
        "fact",
        "the HS code",
        _hs_draw,
        _hs,
        states=(
            "The tariff code for our pumps is {v}.",
            "We declare the pumps under HS {v}.",
            "Customs classification: {v}.",
        ),
        updates=(
            "Customs reclassified the pumps as {v}.",
            "The broker says the right code is {v}.",
            "Declare them under {v} from now on.",
            "Binding ruling came back: {v}.",
            "Our commodity code was corrected to {v}.",
            "The pumps go under heading {v} now.",
        ),
        decoys=(
            "Spare parts go under {d}, separately.",
            "Would {d} give us a lower duty? Only asking.",
        ),
    ),
    _family(
        "call_time",
        "fact",
        "the call time",
        _call_draw,
        _call_time,
        states=(
            "Crew call for the beach shoot is {v}.",
            "Call time on day one: {v}.",
            "Everyone has to be on set by {v}.",
        ),
        updates=(
            "The AD pushed call to {v} because of the tide.",
            "Crew call is {v} now.",
            "First call changed, it's {v}.",
            "We'll start at {v} instead.",
            "Call has been brought forward to {v}.",
            "Production moved the call sheet time to {v}.",
        ),
        decoys=(
            "The catering truck arrives at {d}, not the crew.",
            "On the pilot we called {d}, which was brutal.",
        ),
    ),
    _family(
        "course_section",
        "fact",
        "the course section",
        _course_draw,
        _course,
        states=(
            "I'm enrolled in {v}.",
            "My section for the required course is {v}.",
            "Registered for {v} this term.",
        ),
        updates=(
            "The registrar moved me into {v}.",
            "I transferred to {v}.",
            "My enrolment is {v} now, the old section was cancelled.",
            "Switched sections: {v}.",
            "I got placed in {v} off the waitlist.",
            "Put me down as {v} from here.",
        ),
        decoys=(
            "My roommate is in {d}.",
            "Should I try for {d}? It's at a better time.",
        ),
    ),
    # ---- goals ----
    _family(
        "fundraising",
        "goal",
        "the fundraising target",
        _span(20000, 250000, 500),
        _numeric(("£{n}", "{n} pounds", "£{k}k"), ("{w} pounds", "{wb} pounds")),
        states=(
            "Goal for the gala: raise {v}.",
            "We're aiming to bring in {v} this spring.",
            "The fundraising target is {v}.",
        ),
        updates=(
            "The trustees raised our sights to {v}.",
            "We're now aiming for {v}.",
            "Target's been revised to {v} after the matching pledge.",
            "Let's go for {v} instead.",
            "The board set a new goal: {v}.",
            "Scratch that target — {v} is what we're chasing.",
        ),
        decoys=(
            "The hospice down the road raised {d} last year.",
            "Could we realistically reach {d}? Food for thought, no change.",
        ),
    ),
    _family(
        "calories",
        "goal",
        "the daily calorie target",
        _span(1500, 3200, 50),
        _numeric(("{n} kcal", "{r} kcal", "{n} calories", "{r} calories"), ("{w} calories",)),
        states=(
            "I'm aiming for {v} a day.",
            "My daily intake goal is {v}.",
            "Target: {v} per day while I train.",
        ),
        updates=(
            "The dietitian bumped me to {v} daily.",
            "I'm cutting, so it's {v} a day from now.",
            "Daily target changes to {v}.",
            "Let's plan meals around {v} now.",
            "My coach reset the intake goal to {v}.",
            "I'll be eating to {v} per day instead.",
        ),
        decoys=(
            "My brother eats {d} a day, he's much bigger.",
            "An app suggested {d}; I don't trust it.",
        ),
    ),
    _family(
        "yield",
        "goal",
        "the yield target",
        _span(40, 120),
        _decimal(10, ("{x} t/ha", "{x} tonnes per hectare"), ("{x} tonnes per hectare",)),
        states=(
            "This season's target is {v} of wheat.",
            "We're aiming for {v} on the east fields.",
            "Yield goal: {v}.",
        ),
        updates=(
            "After the dry spring we're aiming lower, {v}.",
            "The co-op wants us to hit {v}.",
            "Revised yield ambition: {v}.",
            "We'll shoot for {v} instead.",
            "The target was lowered to {v} by the farm manager.",
            "Let's plan for {v} now.",
        ),
        decoys=(
            "The county average was {d} last year.",
            "If the rain holds we might see {d}; not planning on it.",
        ),
    ),
    _family(
        "journal",
        "goal",
        "the target journal",
        _journal_draw,
        _keep,
        states=(
            "The goal is to get the paper into {v}.",
            "We're submitting to {v}.",
            "Target venue for the article: {v}.",
        ),
        updates=(
            "My co-author convinced me: we'll submit to {v}.",
            "We're going with {v} after all.",
            "The paper now targets {v}.",
            "Aim for {v} instead.",
            "Submission venue was changed to {v}.",
            "Let's send it to {v}.",
        ),
        decoys=(
            "{name} published in {d}, a good fit for them.",
            "Would {d} be too ambitious? Just thinking aloud.",
        ),
    ),
    _family(
        "shows",
        "goal",
        "the number of shows",
        _span(12, 60),
        _numeric(("{r} shows", "{r} dates"), ("{w} shows",)),
        states=(
            "Goal for the autumn tour: book {v}.",
            "We want to play {v} this autumn.",
            "The agent's brief: {v} on the autumn leg.",
        ),
        updates=(
            "The band wants to cut back to {v}.",
            "Let's aim for {v} now.",
            "Autumn leg target is {v}.",
            "The label asked us to reach {v}.",
            "Target was trimmed to {v} after the van broke down.",
            "Book {v} instead.",
        ),
        decoys=(
            "The headliner is doing {d}; we're not them.",
            "Last autumn we managed {d}.",
        ),
    ),
    # ---- preferences ----
    _family(
        "citation",
        "preference",
        "the citation style",
        _pick(CITATION_STYLES),
        _keep,
        states=(
            "I'd like citations in {v}.",
            "Format references using {v}.",
            "My preference for the bibliography is {v}.",
        ),
        updates=(
            "The department prefers {v}, so let's use that.",
            "Switch the references to {v}.",
            "I'd rather go with {v} now.",
            "References: {v} from here on.",
            "My supervisor wants {v} instead.",
            "Let's redo the bibliography in {v}.",
        ),
        decoys=(
            "{name} uses {d} in their thesis.",
            "The journal's old guide mentions {d}, but it's outdated.",
        ),
    ),
    _family(
        "locale",
        "preference",
        "the target locale",
        _locale_draw,
        _locale,
        states=(
            "The manual should be localised into {v}.",
            "Translate the user guide for {v} readers.",
            "I'd like the translation in {v}.",
        ),
        updates=(
            "Marketing decided the launch market is {v}.",
            "Localise for {v} instead.",
            "We're targeting {v} now.",
            "The guide goes into {v}.",
            "Switch the translation to {v}.",
            "{v} will be the target language from now on.",
        ),
        decoys=(
            "A distributor asked about {d}; no decision.",
            "We did {d} for the old product.",
        ),
    ),
    _family(
        "incoterm",
        "preference",
        "the Incoterm",
        _incoterm_draw,
        _incoterm,
        states=(
            "Quote every shipment {v}.",
            "I'd like prices on {v} terms.",
            "Use {v} in the quotes.",
        ),
        updates=(
            "The buyer prefers {v}, so let's switch.",
            "Quote {v} from now on.",
            "We'll go with {v} instead.",
            "Terms change to {v}.",
            "Pricing basis: {v} now.",
            "Let's move quotes to {v}.",
        ),
        decoys=(
            "{name} always ships {d}, but that's for their clients.",
            "Would {d} be cheaper? Just asking.",
        ),
    ),
    _family(
        "practice",
        "preference",
        "the practice slot",
        _practice_draw,
        _practice,
        states=(
            "I'd like training on {v}.",
            "Practice should be {v}.",
            "Best for me is practice on {v}.",
        ),
        updates=(
            "The pitch booking forces us to {v}.",
            "Let's move practice to {v}.",
            "Training is better on {v} now.",
            "I'd prefer {v} for practice instead.",
            "Practice was rescheduled to {v} by the league.",
            "We'll do {v} from now on.",
        ),
        decoys=(
            "The seniors train {d}.",
            "If the gym's free, {d} might work; don't change anything.",
        ),
    ),
    _family(
        "aspect",
        "preference",
        "the aspect ratio",
        _pick(ASPECTS),
        _keep,
        states=(
            "Frame everything for {v}.",
            "I want the film shot in {v}.",
            "Aspect ratio: {v}.",
        ),
        updates=(
            "The DP talked me into {v}.",
            "Let's frame for {v} now.",
            "We'll deliver in {v} instead.",
            "Switch the frame lines to {v}.",
            "The distributor wants {v}, so let's use it.",
            "About the framing: change it to {v}.",
        ),
        decoys=(
            "The trailer will be cut in {d}, not the feature.",
            "What if we tried {d}? Hypothetical, keep the current plan.",
        ),
    ),
)
FAMILY_BY_NAME = {family.name: family for family in FAMILIES}
PAIRS = ("reno", "dose", "flight", "kit")

GENERIC_DECOYS: tuple[str, ...] = (
    "{S} is still being negotiated with {name}; nothing changes yet.",
    "{name} asked whether {s} should be {d}. I haven't decided, so leave it.",
    "If {s} were {d}, what would change? Purely hypothetical.",
    "Last year {s} was {d}, just for context.",
    "Should we change {s} to {d}? Don't act on it yet.",
)
"""Decoys for every slot (replacing the corpus module's defaults)."""
PREFERENCE_DECOYS: tuple[str, ...] = (
    "{name} likes {d} for {s} on their own projects, but that's them, not me.",
)

# --- filler -------------------------------------------------------------------------------

# fmt: off
TOPICS = (
    "the packing list", "the grant report", "the weekly meal plan", "the lesson plan",
    "the site diary", "the press release", "the volunteer rota", "the shot list",
    "the moving checklist", "the tenancy paperwork", "the conference poster",
    "the stock count", "the cover letter", "the tour rider", "the seating chart",
    "the training log", "the family calendar", "the supplier email", "the club newsletter",
    "the harvest schedule",
)
QUESTIONS = (
    "Could you sketch a layout for {t}?",
    "What belongs at the top of {t}?",
    "How detailed should {t} be?",
    "Can you list the main parts of {t}?",
    "What could I drop from {t} if I'm rushed?",
    "Any tricks for making {t} easier to read?",
    "Who should see {t} before it goes out?",
    "Give me three headings for {t}?",
    "In what order would you tackle {t}?",
    "How do people usually organise {t}?",
)
THANKS = (
    "Thanks, useful.", "Lovely, thank you!", "Brilliant.", "Cheers, appreciated.",
    "Right, that makes sense.", "Good, thanks.", "Helpful, thanks.", "OK.",
)
ACKS = (
    "Noted.",
    "Okay, I'll remember that.",
    "Understood.",
    "Thanks, I'll keep that in mind.",
    "Got it.",
    "Alright, I'll work with that.",
    "Sure, recorded.",
)
ECHOES = (
    "Noted: {v}.", "Okay, {v}.", "Understood, {v} it is.",
)
DECOY_ACKS = (
    "Understood, no change then.",
    "Okay, I'll leave everything as it is.",
    "Noted, nothing changes for now.",
    "Got it, I won't act on that.",
)
SENTENCES = (
    "Most readers only get through the first {n} items, so lead with the important ones.",
    "A first pass usually takes {n} sittings and a tidy-up takes {k} more.",
    "I'd aim for {n} sections with about {k} bullets each.",
    "In one survey, {p} out of 100 people said they prefer a single page.",
    "Start with the purpose, then the {n} open questions, then what's decided.",
    "Plan on {k} rounds of comments; after the third they rarely add much.",
    "Grouping the {m} entries into {k} themes makes it easier to follow.",
    "A table with {k} columns usually beats {n} paragraphs.",
    "Put a name and a date next to each of the {n} actions.",
    "Keep the opening short, {k} lines at most.",
    "About {p} in 100 comments will be about wording, so leave room for that.",
    "Groups of {n} to {m} people tend to need one shared page, not several.",
    "Link out to details rather than pasting them; it keeps things to {k} pages.",
    "Close with the next step and its owner; that answers {p} in 100 follow-ups.",
    "A checklist of {n} to {m} lines is about the limit people will tick through.",
)
BULLETS = (
    "Purpose and audience",
    "What's decided, with the date of each decision",
    "Open questions, one owner each",
    "Risks, most likely first",
    "Next steps for the coming {k} days",
    "Links instead of pasted detail",
    "The {n} figures people actually look at",
    "Milestones roughly {k} weeks apart",
)
OPENERS = (
    "Hi! I'm juggling a lot of things at once and want you to keep track of them. I'll tell "
    "you the details as they come up.",
    "Hello. You'll help me with a mix of work and home stuff; I'll give you the rules as we go.",
    "Hey, can you be my organiser for the next few weeks? I'll mention what matters along the "
    "way.",
    "Morning. I need a second brain for several projects; please remember what I tell you.",
)
SYSTEMS = (
    "You are a careful personal assistant. Follow the user's rules and keep track of the "
    "facts, goals and preferences they give you across all of their projects.",
    "You are an organising assistant. The user's instructions take precedence; remember what "
    "they tell you, and always use the latest version of anything they change.",
    "You help a busy person coordinate family, work and volunteer projects. Be concise, "
    "accurate and respect every rule the user sets.",
)
# fmt: on


def filler_answer(rng: random.Random) -> str:
    """A few sentences with unrelated numbers, sometimes followed by a bulleted outline."""

    def numbers(template: str) -> str:
        return template.format(
            p=rng.randint(5, 95), n=rng.randint(2, 12), m=rng.randint(13, 250), k=rng.randint(2, 9)
        )

    text = " ".join(numbers(s) for s in rng.sample(SENTENCES, rng.randint(3, 8)))
    if rng.random() < 0.4:
        bullets = rng.sample(BULLETS, rng.randint(3, 5))
        text += "\n\nA possible outline:\n" + "\n".join(f"- {numbers(b)}" for b in bullets)
    return text
