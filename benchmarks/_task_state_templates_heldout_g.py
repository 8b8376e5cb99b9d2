"""A seventh held-out template set for ``_task_state_corpus`` (``--corpus heldout_g``).

Written blind: its author did not open anything under ``src/packlight/`` (the statement,
constraint and ledger code, the supersession logic), the tests, ``bench_task_state.py``,
``benchmarks/results/`` or the other held-out template modules (of
``_task_state_templates_heldout_f.py`` only its module docstring, its ``__all__`` and type
aliases, and the structure of its self-check), and did not run packlight on these templates.
Of ``_task_state_templates.py`` only the interface was read (``KINDS``, the ``Value`` and
``Family`` dataclasses, the helper signatures and how the families and the filler are
exposed), not its sentences; ``_task_state_corpus.py`` was read in full. Every sentence, word
list and filler line here is new.

Forty-one slots in four domains none of the earlier sets used. A hospital ward and a GP
clinic: the day-shift and night-shift charge nurse, the morning and afternoon duty doctor,
weekday and weekend visiting hours' end, an oxycodone 24-hour limit, the GP appointment
length, the handover format and the time of a morning digest. A secondary school's office:
the Year 10 and Year 11 mock exam start dates, the Year 7 and Year 9 trip headcount caps, the
fire assembly point, the room booked for parents' evening, the exams officer's e-mail address
and a pupil attendance target. Household finances: the current and joint account overdraft
caps, the emergency and holiday savings targets, a mortgage overpayment cap, a home insurance
policy number and a debt-free month. Data engineering and ML operations: the staging and
production feature-store TTL, the training and inference GPU budgets, the raw and curated S3
prefixes, the alerts and releases Slack channels, a raw-event retention window, a cluster
nobody may touch, a project spend cap, a model registry name, a dashboard URL, a dashboard
refresh interval, a recall target and a pinned dbt version.

Values are money in pounds (symbol, "pounds", "GBP", "k" and fully spelled words
such as "two thousand four hundred pounds"), euros (English and European separators, "EUR",
"k"), US dollars ("$", "US$", "USD", words), doses in mg and milligrams, clock times in
24-hour and am/pm spellings, dates in several orders (day-month, month-day, ordinals, ISO,
dd/mm), month-year dates, durations in hours, days, minutes and seconds, GPU-hours, head
counts, percentages ("per cent" and "%"), a decimal score, people's names with and without a
title, e-mail addresses, URLs and S3 URIs, identifiers with and without separators, room
codes, versions, channel names and free-text phrases; updates sometimes spell a number in
words. Eleven look-alike pairs differ only by scope (day and night charge nurse, morning and
afternoon duty doctor, weekday and weekend visiting, Year 10 and Year 11 mocks, Year 7 and
Year 9 trips, current and joint account overdraft, emergency and holiday fund, staging and
production TTL, training and inference GPU budget, raw and curated prefix, alerts and
releases channel). Supersessions mostly carry no header: varied verbs ("bumped to", "trimmed
to", "we're going with", "as of Monday it's"), plain restatements with no change word
("Night charge nurse: Okafor."), the slot named by a synonym ("the nights lead", "the rainy
day pot", "the offline store's expiry") or by "it", lower-case chat with the odd typo, and a
few "Quick update: ... from now on" lines. Decoys are questions, hypotheticals, other
people's, other wards' or other teams' values, values still being negotiated, values from
the past, a vendor's default, stale documents and printouts to ignore, and measurements that
are not targets.

Run as a script, the module builds seeds 1-10 (eight transcripts each) and checks the
corpus's invariants (``cd benchmarks && python _task_state_templates_heldout_g.py``).
"""

from __future__ import annotations

import random
import string
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

Draw = Callable[[random.Random], int | str]
Render = Callable[[int | str, random.Random, bool], Value]
Spec = tuple[Draw, Render]
Spell = Callable[[int | str], tuple[tuple[str, ...], tuple[str, ...]]]

# --- number words -------------------------------------------------------------------------

# fmt: off
_UNITS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)
_DECADES = (
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
)
_MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)
# fmt: on


def _words(n: int) -> str:
    """``0 <= n < 100`` in words: ``45`` -> ``forty-five``."""
    if n < 20:
        return _UNITS[n]
    tens, ones = divmod(n, 10)
    return _DECADES[tens] + (f"-{_UNITS[ones]}" if ones else "")


def _below_thousand(n: int) -> str:
    """``175`` -> ``one hundred and seventy-five``."""
    hundreds, rest = divmod(n, 100)
    if not hundreds:
        return _words(rest)
    head = f"{_UNITS[hundreds]} hundred"
    return f"{head} and {_words(rest)}" if rest else head


def _thousands(n: int) -> str:
    """``2400`` -> ``two thousand four hundred`` (whole hundreds, 1,000-9,900)."""
    thousands, hundreds = divmod(n // 100, 10)
    head = f"{_UNITS[thousands]} thousand"
    return f"{head} {_UNITS[hundreds]} hundred" if hundreds else head


def _k(n: int) -> str:
    """``2400`` -> ``2.4k``, ``2000`` -> ``2k``."""
    thousands, hundreds = divmod(n // 100, 10)
    return f"{thousands}.{hundreds}k" if hundreds else f"{thousands}k"


def _uniq(*texts: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(texts))


def _rand(rng: random.Random, length: int) -> str:
    """A digit then ``length - 1`` lowercase letters or digits (no look-alike letters)."""
    alphabet = "abcdefghjkmnpqrstuvwxyz" + string.digits
    return rng.choice("23456789") + "".join(rng.choice(alphabet) for _ in range(length - 1))


# --- value specs --------------------------------------------------------------------------


def _spec(draw: Draw, spell: Spell) -> Spec:
    """``spell(raw)`` gives the spellings a statement uses and the extra ones only an update
    uses; every spelling of the raw value is one of the value's forms."""

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        plain, extra = spell(raw)
        text = rng.choice(plain + extra if in_update else plain)
        return Value(text, _uniq(text, *plain, *extra))

    return draw, render


def _ints(low: int, high: int, step: int = 1) -> Draw:
    def draw(rng: random.Random) -> int | str:
        return rng.randrange(low, high + 1, step)

    return draw


def _among(options: tuple[str, ...]) -> Draw:
    def draw(rng: random.Random) -> int | str:
        return rng.choice(options)

    return draw


def _name_spec(surnames: tuple[str, ...], titles: tuple[str, ...]) -> Spec:
    def spell(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        surname = str(raw)
        return (*(f"{t} {surname}" for t in titles), surname), ()

    return _spec(_among(surnames), spell)


def _date_spell(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    month, day = divmod(int(raw), 100)
    name = _MONTHS[month - 1]
    suffix = "th" if 11 <= day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    plain = (f"{day} {name}", f"{name} {day}", f"{day:02}/{month:02}/2026")
    extra = (f"{day}{suffix} of {name}", f"{name} {day}{suffix}", f"2026-{month:02}-{day:02}")
    return plain, extra


def _date_draw(months: tuple[int, ...]) -> Draw:
    def draw(rng: random.Random) -> int | str:
        return rng.choice(months) * 100 + rng.randint(13, 28)

    return draw


def _clock_spell(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    hour, minute = divmod(int(raw), 60)
    half = "am" if hour < 12 else "pm"
    twelve = hour - 12 if hour > 12 else hour
    plain = (f"{hour:02}:{minute:02}", f"{twelve}:{minute:02} {half}")
    extra = (f"{twelve}.{minute:02}{half}", f"{twelve}:{minute:02}{half}")
    return plain, extra


def _unit_spell(units: tuple[str, ...], word_unit: str) -> Spell:
    """``45`` -> ``45 days``, ``45d``, ... and in an update also ``forty-five days``."""

    def spell(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        n = int(raw)
        return tuple(u.format(n=n) for u in units), (f"{_words(n)} {word_unit}",)

    return spell


def _pounds_small(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    n = int(raw)
    return (f"£{n}", f"{n} pounds"), (f"{_below_thousand(n)} pounds", f"GBP {n}")


def _pounds_thousands(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    n = int(raw)
    return (f"£{n:,}", f"{n:,} pounds"), (f"{_thousands(n)} pounds", f"£{_k(n)}")


def _euros(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    n = int(raw)
    european = f"{n:,}".replace(",", ".")
    return (f"€{n:,}", f"EUR {n:,}"), (f"€{european}", f"{_thousands(n)} euro", f"€{_k(n)}")


def _dollars(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    n = int(raw)
    return (f"${n}", f"US${n}", f"{n} USD"), (f"{_below_thousand(n)} dollars",)


def _percent(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    whole, tenth = divmod(int(raw), 10)
    number = f"{whole}.{tenth}" if tenth else f"{whole}"
    return (f"{number}%", f"{number} per cent"), (f"{number} percent",)


def _score(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    n = int(raw)
    return (f"0.{n}",), (f"{n}%",)


def _month_year(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    year, month = divmod(int(raw), 100)
    return (f"{_MONTHS[month - 1]} {year}", f"{month:02}/{year}"), (f"{year}-{month:02}",)


def _refresh(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    n = int(raw)
    extra: tuple[str, ...] = (f"{n} secs",)
    if n % 60 == 0:
        extra += (f"{_words(n // 60)} minutes",)
    return (f"{n} seconds", f"{n}s"), extra


def _keep(*alternates: Callable[[str], str]) -> Spell:
    def spell(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        text = str(raw)
        return (text,), tuple(alt(text) for alt in alternates)

    return spell


def _free(phrases: tuple[str, ...]) -> Spec:
    return _spec(_among(phrases), _keep())


def _s3_draw(buckets: tuple[str, ...], zones: tuple[str, ...]) -> Draw:
    def draw(rng: random.Random) -> int | str:
        word = rng.choice(("events", "orders", "clicks", "claims", "visits", "scores"))
        return f"s3://{rng.choice(buckets)}/{rng.choice(zones)}/{word}-{_rand(rng, 3)}/"

    return draw


def _channel_draw(tails: tuple[str, ...]) -> Draw:
    def draw(rng: random.Random) -> int | str:
        head = rng.choice(("mlops", "featstore", "lakehouse", "dataeng", "modelops", "pipes"))
        return f"#{head}-{rng.choice(tails)}"

    return draw


def _policy_draw(rng: random.Random) -> int | str:
    return f"{rng.choice(('HH', 'HMI', 'BLD', 'CNT'))}{rng.randint(1000, 9999)}{_rand(rng, 4)}"


def _policy_spell(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    text = str(raw)
    letters = text.rstrip(string.ascii_lowercase + string.digits)
    digits, tail = text[len(letters) : len(letters) + 4], text[len(letters) + 4 :]
    dashed, spaced = f"{letters}-{digits}-{tail.upper()}", f"{letters} {digits} {tail.upper()}"
    return (dashed, f"{letters}{digits}{tail.upper()}"), (spaced,)


def _cluster_draw(rng: random.Random) -> int | str:
    role = rng.choice(("serving", "scoring", "online"))
    return f"{rng.choice(('gke', 'eks', 'aks'))}-{role}-{_rand(rng, 3)}"


def _registry_draw(rng: random.Random) -> int | str:
    head = rng.choice(("tabby", "walrus", "saffron", "quartz", "heron", "juniper"))
    return f"{head}-{rng.choice(('ranker', 'scorer', 'churnnet', 'forecaster', 'matcher'))}"


def _url_draw(rng: random.Random) -> int | str:
    org = rng.choice(("lakeside", "brightpath", "orchard"))
    slug = rng.choice(("feature-freshness", "training-queue", "serving-latency", "dq-checks"))
    return f"https://grafana.{org}.net/d/{_rand(rng, 6)}/{slug}"


def _email_draw(rng: random.Random) -> int | str:
    first = rng.choice(("hannah", "oliver", "farah", "declan", "rosa", "imran", "greta"))
    last = rng.choice(("pryce", "mcalister", "osei", "lindgren", "varga", "dunmore"))
    return f"{first}.{last}@{rng.choice(('stbedes', 'hollinsfield', 'marshgate'))}.sch.uk"


def _room_draw(rng: random.Random) -> int | str:
    return f"{rng.choice('ABDST')}{rng.randint(10, 39)}"


def _room_spell(raw: int | str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    code = str(raw)
    return (code, f"Room {code}"), (f"room {code}", f"{code[0]}-{code[1:]}")


def _month_year_draw(rng: random.Random) -> int | str:
    return rng.randint(2027, 2031) * 100 + rng.randint(1, 12)


def _version_draw(rng: random.Random) -> int | str:
    return f"1.{rng.randint(3, 9)}.{rng.randint(0, 9)}"


# fmt: off
_NURSES = (
    "Okafor", "Brennan", "Lindqvist", "Mwangi", "Haddad", "Kowalczyk", "Fairweather",
    "Adeyemi", "Castellano", "Nakashima", "Thorburn", "Quigley", "Oyelaran", "Szabo",
    "Ferreira", "Halvorsen", "Rautenbach", "Devereux",
)
_DOCTORS = (
    "Whitlock", "Banerjee", "Okonkwo", "Delacroix", "Stavrou", "Achterberg", "Molyneux",
    "Rahimi", "Fitzgerald", "Kavanagh", "Oduya", "Marchetti", "Sorensen", "Takahashi",
    "Villanueva", "Ekwueme", "Pemberton", "Grzelak",
)
_HANDOVER = (
    "SBAR, one line per bed", "a printed sheet sorted by bay", "verbal at the bedside, no paper",
    "the electronic board only", "bullet points grouped by acuity",
    "a short huddle then the sheet", "red-amber-green by patient",
    "a typed summary in the shared folder", "the whiteboard in the office",
    "bed order, sickest first", "a voice note on the ward tablet",
    "a table with obs, meds and plan",
)
_ASSEMBLY = (
    "the top netball court", "the far end of the astroturf", "the staff car park by the gym",
    "the bus bay on Mill Lane", "the bottom of the playing field",
    "the tennis courts behind the science block", "the chapel lawn",
    "the front gate by reception", "the sixth-form car park", "the games area by the canteen",
    "the allotment garden", "the cricket nets",
)
# fmt: on

_NURSE = _name_spec(_NURSES, ("Sister", "Nurse"))
_DOCTOR = _name_spec(_DOCTORS, ("Dr",))
_MOCKS = _spec(_date_draw((1, 2, 3, 4, 5, 6)), _date_spell)
_VISITING = _spec(_ints(17 * 60, 21 * 60 + 45, 15), _clock_spell)
_TRIP = _spec(_ints(20, 60), _unit_spell(("{n} pupils", "{n} students"), "pupils"))
_OVERDRAFT = _spec(_ints(150, 975, 25), _pounds_small)
_SAVINGS = _spec(_ints(1000, 9900, 100), _pounds_thousands)
_TTL = _spec(_ints(14, 94, 4), _unit_spell(("{n} hours", "{n}h", "{n} hrs"), "hours"))
_GPU = _spec(_ints(16, 96, 4), _unit_spell(("{n} GPU-hours", "{n} GPU hours"), "GPU-hours"))
_RAW_S3 = _spec(
    _s3_draw(("acme-lake", "northwind-ml"), ("raw", "landing", "bronze")),
    _keep(lambda uri: uri.rstrip("/")),
)
_CURATED_S3 = _spec(
    _s3_draw(("acme-lake", "northwind-ml"), ("curated", "silver", "gold")),
    _keep(lambda uri: uri.rstrip("/")),
)
_ALERTS = _spec(
    _channel_draw(("alerts", "pager", "alarms", "incidents", "oncall")),
    _keep(lambda channel: channel.lstrip("#")),
)
_RELEASES = _spec(
    _channel_draw(("releases", "deploys", "ship", "changelog", "rollouts")),
    _keep(lambda channel: channel.lstrip("#")),
)

# --- slot families ------------------------------------------------------------------------


def _family(
    name: str,
    kind: str,
    subject: str,
    spec: Spec,
    states: tuple[str, ...],
    updates: tuple[str, ...],
    decoys: tuple[str, ...],
    pair: str | None = None,
) -> Family:
    draw, render = spec
    return Family(name, kind, subject, draw, render, states, updates, decoys, pair)


FAMILIES: tuple[Family, ...] = (
    # --- hospital ward and GP clinic ----------------------------------------------------
    _family(
        "day_charge_nurse",
        "fact",
        "the day-shift charge nurse",
        _NURSE,
        (
            "On days the charge nurse is {v}; anything about beds goes through them.",
            "Day shift is being run by {v} as charge nurse this rota.",
            "For the day shift, the nurse in charge is {v}.",
            "Write this down: day charge nurse = {v}.",
        ),
        (
            "Day charge nurse: {v}.",
            "days are now led by {v}, the rota got reshuffled",
            "We're going with {v} in charge on the day shift from tomorrow.",
            "Swap the daytime nurse in charge to {v}.",
            "The person holding the bleep on days is {v} now.",
            "As of Monday it's {v} running days.",
        ),
        (
            "Could {d} cover as day charge nurse if someone goes off sick? Just asking.",
            "{name} thinks {d} would make a good day-shift lead eventually. Not decided.",
            "Last rota it was {d} on days, before the reshuffle.",
        ),
        pair="charge_nurse",
    ),
    _family(
        "night_charge_nurse",
        "fact",
        "the night-shift charge nurse",
        _NURSE,
        (
            "Nights are led by {v} as charge nurse.",
            "The night-shift nurse in charge is {v}.",
            "Overnight, escalate to the charge nurse, who is {v}.",
            "Night charge nurse for this block: {v}.",
        ),
        (
            "Night charge nurse: {v}.",
            "the nights lead is {v} now",
            "{v} has taken over nights as nurse in charge.",
            "Change of plan for nights, {v} is in charge.",
            "From this week the overnight charge role goes to {v}.",
            "nights -> {v}, sorry for the churn",
        ),
        (
            "The night charge nurse on the ward next door is {d}; not ours.",
            "Is {d} senior enough to take nights? I'm only wondering.",
            "The old laminated rota on the office wall still says {d} for nights. Ignore it.",
        ),
        pair="charge_nurse",
    ),
    _family(
        "morning_duty_doctor",
        "fact",
        "the morning duty doctor",
        _DOCTOR,
        (
            "The duty doctor for morning surgery is {v}.",
            "Mornings, the on-call GP is {v}.",
            "Urgent morning calls go to the duty doctor, {v}.",
            "On the rota for AM duty: {v}.",
        ),
        (
            "Morning duty: {v}.",
            "the rota swapped, {v} has mornings",
            "{v} is picking up morning duty instead.",
            "We're going with {v} for the AM on-call.",
            "Morning on-call moved over to {v}.",
            "As of next week it's {v} doing mornings.",
        ),
        (
            "The branch surgery's morning duty doctor is {d}. Different practice list.",
            "Would {d} be willing to do mornings? Haven't asked yet.",
            "Back in the spring the mornings were {d}.",
        ),
        pair="duty_doctor",
    ),
    _family(
        "afternoon_duty_doctor",
        "fact",
        "the afternoon duty doctor",
        _DOCTOR,
        (
            "Afternoon duty doctor is {v}.",
            "From lunch onwards the on-call GP is {v}.",
            "PM duty sits with {v} on the rota.",
            "Anything urgent after midday goes to {v}, our afternoon duty doctor.",
        ),
        (
            "Afternoon duty: {v}.",
            "pm on-call is {v} now",
            "{v} is covering afternoons from here on.",
            "Afternoons got handed to {v}.",
            "Switch the afternoon on-call over to {v}.",
            "ok so afternoons are {v}",
        ),
        (
            "The locum agency suggested {d} for afternoons; nothing's signed.",
            "Which of the partners would cover afternoons if {d} were free? Hypothetically.",
            "{name} put {d} on the afternoon slot in her draft rota, which we didn't adopt.",
        ),
        pair="duty_doctor",
    ),
    _family(
        "weekday_visiting_end",
        "constraint",
        "weekday visiting end time",
        _VISITING,
        (
            "Weekday visiting on the ward finishes at {v}, no exceptions without the nurse in "
            "charge.",
            "Monday to Friday, visitors have to be out by {v}.",
            "Visiting closes at {v} on weekdays.",
            "On weekdays the ward is closed to visitors after {v}.",
        ),
        (
            "weekday visiting now ends {v}",
            "Weekday visitors out by {v}.",
            "They pulled the weekday cut-off to {v}.",
            "Mon-Fri visiting: until {v}.",
            "Matron's moved weekday visiting to finish at {v}.",
            "Weekday evenings it's {v} as of Monday.",
        ),
        (
            "The maternity ward lets weekday visitors stay until {d}; that's them, not us.",
            "A relative asked if we could stretch weekday visiting to {d}. I said I'd ask.",
            "The leaflet in reception still says weekday visiting ends {d}; it's out of date.",
        ),
        pair="visiting",
    ),
    _family(
        "weekend_visiting_end",
        "constraint",
        "weekend visiting end time",
        _VISITING,
        (
            "At weekends visiting finishes at {v}.",
            "Saturdays and Sundays, visitors must leave by {v}.",
            "Weekend visiting runs until {v}.",
            "Weekend cut-off for visitors is {v}.",
        ),
        (
            "weekend visiting ends {v} now",
            "Weekends: visitors out by {v}.",
            "Sat/Sun visiting got extended to {v}.",
            "We're going with {v} for the weekend cut-off.",
            "Weekend visiting trimmed to {v}.",
            "For weekends it's {v} from this Saturday.",
        ),
        (
            "Would {d} at weekends be too late for the night staff? Just thinking aloud.",
            "During the flu outbreak last winter weekend visiting ended at {d}.",
            "The children's ward closes weekend visiting at {d}; not relevant to us.",
        ),
        pair="visiting",
    ),
    _family(
        "oxycodone_limit",
        "safety",
        "the oxycodone 24-hour limit",
        _spec(_ints(10, 90, 5), _unit_spell(("{n} mg", "{n}mg"), "milligrams")),
        (
            "Hard limit for the patient in bay three: no more than {v} of oxycodone in 24 hours.",
            "Never give over {v} oxycodone in any 24-hour period on this chart.",
            "The oxycodone ceiling is {v} a day, PRN doses included.",
            "Pain team says oxycodone must not exceed {v} per 24 hours.",
        ),
        (
            "The pain team reduced the oxycodone ceiling to {v} a day.",
            "oxycodone max is {v}/day now",
            "Daily oxy limit: {v}.",
            "Consultant signed off a new ceiling of {v} oxycodone over 24 hours.",
            "Cap it at {v} a day from today's ward round.",
            "Opioid limit on that chart is {v} per 24 hours.",
        ),
        (
            "The BNF maximum is higher than {d}, but that's not what we're using.",
            "Yesterday's total was {d}; that's a measurement, not a new limit.",
            "The registrar floated {d} as a daily ceiling; not prescribed.",
        ),
    ),
    _family(
        "appointment_length",
        "constraint",
        "the GP appointment length",
        _spec(
            _ints(10, 25),
            _unit_spell(("{n} minutes", "{n}-minute", "{n} mins"), "minutes"),
        ),
        (
            "Routine GP appointments are booked at {v}, no longer.",
            "Every standard slot is {v}.",
            "Keep routine appointments to {v} in the booking template.",
            "Standard consultation length: {v}.",
        ),
        (
            "Appointments are {v} now.",
            "the practice manager stretched slots to {v}",
            "We're going with {v} per routine appointment.",
            "Booking template changed: {v} slots.",
            "Routine slots trimmed to {v}.",
            "Standard length bumped to {v}.",
        ),
        (
            "The average consultation actually ran to {d} last month; that's a measurement.",
            "The software's default slot is {d}; we override it.",
            "Could double slots be {d}? Only asking.",
        ),
    ),
    _family(
        "handover_style",
        "preference",
        "the handover format",
        _free(_HANDOVER),
        (
            "I like handover done as {v}.",
            "For handover, my preference is {v}.",
            "Please structure handovers as {v}.",
            "The way I'd like handover: {v}.",
        ),
        (
            "Handover: {v}.",
            "actually i'd rather {v} for handover",
            "Let's switch handover to {v}.",
            "Changed my mind, handover as {v}.",
            "We're going with {v} for handovers.",
            "From tonight do it as {v}.",
        ),
        (
            "The surgical ward does {d} for handover. Not for us.",
            "What do you think of {d} as a handover format? Just curious.",
            "The trust policy document from years ago suggests {d}; ignore that.",
        ),
    ),
    _family(
        "digest_time",
        "preference",
        "the morning digest time",
        _spec(_ints(6 * 60, 9 * 60 + 45, 15), _clock_spell),
        (
            "Send me the morning digest at {v}.",
            "I'd like the daily summary in my inbox by {v}.",
            "Digest time: {v}, please.",
            "Best time for the morning round-up is {v}.",
        ),
        (
            "Push the digest to {v}.",
            "digest at {v} pls",
            "Make it {v} for the summary.",
            "Morning digest: {v}.",
            "I'd prefer {v} for the round-up now.",
            "Move the summary to {v}.",
        ),
        (
            "{name} gets her digest at {d}, which would be too early for me.",
            "Would {d} be better for the digest? Don't change it yet.",
        ),
    ),
    # --- secondary school office ---------------------------------------------------------
    _family(
        "year10_mock_date",
        "fact",
        "the Year 10 mock exam start date",
        _MOCKS,
        (
            "Year 10 mocks start on {v}.",
            "The Year 10 mock exam week begins {v}.",
            "For Year 10, mocks kick off {v}.",
            "Year 10 mock exams: first paper {v}.",
        ),
        (
            "Year 10 mocks: {v}.",
            "yr 10 mocks moved to {v}",
            "The exams office pushed the Year 10 mocks to {v}.",
            "Year 10 now start their mocks on {v}.",
            "We're going with {v} for the Year 10 papers.",
            "The younger cohort's mocks begin {v}.",
        ),
        (
            "The other school in the trust starts Year 10 mocks on {d}.",
            "Could Year 10 mocks go to {d} instead? Hypothetical, don't change it.",
            "Last year Year 10 sat mocks from {d}.",
        ),
        pair="mocks",
    ),
    _family(
        "year11_mock_date",
        "fact",
        "the Year 11 mock exam start date",
        _MOCKS,
        (
            "Year 11 mocks start on {v}.",
            "The Year 11 mock series begins {v}.",
            "Year 11 sit their first mock paper on {v}.",
            "Mock exams for Year 11 open {v}.",
        ),
        (
            "Year 11 mocks: {v}.",
            "y11 mocks are {v} now",
            "Year 11 mocks got brought forward to {v}.",
            "As of this morning's briefing it's {v} for Year 11.",
            "The GCSE cohort's mocks now begin {v}.",
            "Year 11 will start mocks {v}.",
        ),
        (
            "{name} wants Year 11 mocks on {d}; still being argued in SLT.",
            "The draft calendar from September shows {d} for Year 11; it's superseded.",
            "What if Year 11 started on {d}? Only a thought.",
        ),
        pair="mocks",
    ),
    _family(
        "year7_trip_cap",
        "safety",
        "the Year 7 trip headcount cap",
        _TRIP,
        (
            "The Year 7 trip must not take more than {v}.",
            "Headcount cap for the Year 7 trip: {v}, for the ratios.",
            "Never book more than {v} on the Year 7 outing.",
            "The Year 7 visit is capped at {v} for safety.",
        ),
        (
            "Year 7 trip: max {v}.",
            "yr7 trip cap is {v} now",
            "The Year 7 trip cap got trimmed to {v} after the risk assessment.",
            "Year 7 outing now tops out at {v}.",
            "Cap for the Year 7 coach: {v}.",
            "We're going with {v} as the Year 7 limit.",
        ),
        (
            "The venue could take {d} from Year 7, but that's their capacity, not our cap.",
            "{name} asked if the Year 7 trip could go to {d}. Not agreed.",
            "Right now {d} have paid for the Year 7 trip; that's sign-ups, not the cap.",
        ),
        pair="trip_cap",
    ),
    _family(
        "year9_trip_cap",
        "safety",
        "the Year 9 trip headcount cap",
        _TRIP,
        (
            "The Year 9 trip is capped at {v}.",
            "No more than {v} on the Year 9 trip, ever.",
            "Year 9 residential: headcount limit {v}.",
            "Maximum for the Year 9 trip is {v}, ratios permitting.",
        ),
        (
            "Year 9 trip: max {v}.",
            "year 9 cap is {v} now",
            "The Year 9 trip limit was bumped to {v} once more staff signed up.",
            "Year 9 residential now tops out at {v}.",
            "The older group's trip cap: {v}.",
            "Cap the Year 9 coach at {v} from now on.",
        ),
        (
            "The Year 9 trip last year took {d}.",
            "Would {d} be doable for Year 9 with one more teacher? Just asking.",
            "The activity centre's brochure says groups of {d}; that's not our limit.",
        ),
        pair="trip_cap",
    ),
    _family(
        "assembly_point",
        "safety",
        "the fire assembly point",
        _free(_ASSEMBLY),
        (
            "In a fire alarm everyone goes to {v}, never back into the building.",
            "The fire assembly point is {v}.",
            "Evacuate to {v} for any alarm.",
            "Fire drill muster point: {v}.",
        ),
        (
            "Assembly point is {v} now.",
            "muster at {v} from now on, the old spot is a building site",
            "Fire assembly moved to {v}.",
            "The site team switched the evacuation point to {v}.",
            "Assembly: {v}.",
            "Evac point changed, it's {v}.",
        ),
        (
            "The primary next door assembles at {d}.",
            "Before the new block went up the assembly point was {d}.",
            "Would {d} be safer as an assembly point? Just raising it.",
        ),
    ),
    _family(
        "parents_evening_room",
        "fact",
        "the room booked for parents' evening",
        _spec(_room_draw, _room_spell),
        (
            "Parents' evening is booked in {v}.",
            "The room for parents' evening is {v}.",
            "We've got {v} for parents' evening.",
            "Parents' evening venue: {v}.",
        ),
        (
            "Parents' evening room: {v}.",
            "parents eve moved to {v}",
            "Bookings swapped us into {v} for parents' evening.",
            "We're going with {v} for parents' evening now.",
            "The booking's been changed to {v}.",
            "Parents' evening is in {v} after all.",
        ),
        (
            "Is {d} free for parents' evening? I haven't checked.",
            "The sixth-form parents' evening is in {d}; that's a different event.",
            "{name} tried to book {d} but it wasn't confirmed.",
        ),
    ),
    _family(
        "exams_officer_email",
        "fact",
        "the exams officer's e-mail address",
        _spec(_email_draw, _keep()),
        (
            "The exams officer's e-mail is {v}.",
            "Send access-arrangement forms to the exams officer at {v}.",
            "Exams officer contact: {v}.",
            "You reach the exams officer on {v}.",
        ),
        (
            "Exams officer e-mail: {v}.",
            "new exams officer, use {v}",
            "The exams inbox is {v} now.",
            "Exam queries should go to {v} from today.",
            "Switch the exams officer address to {v}.",
            "Mail for the exams office: {v}.",
        ),
        (
            "The previous exams officer used {d}; that mailbox is gone.",
            "The trust's central exams team is {d}; not ours.",
            "Is {d} right for the exams officer? Please don't use it until I check.",
        ),
    ),
    _family(
        "attendance_target",
        "goal",
        "the attendance target",
        _spec(_ints(900, 985, 5), _percent),
        (
            "Our attendance target for the year is {v}.",
            "We're aiming for whole-school attendance of {v}.",
            "Goal: attendance at {v} by the summer.",
            "The attendance figure we're working towards is {v}.",
        ),
        (
            "Attendance target: {v}.",
            "attendance goal is {v} now",
            "Governors raised the attendance target to {v}.",
            "We're going with {v} for attendance.",
            "Aim for {v} attendance from here.",
            "The attendance goal got revised to {v}.",
        ),
        (
            "This week's attendance was {d}; that's a reading, not the target.",
            "The national average is about {d}; not our goal.",
            "{name} wants the target at {d}; still being discussed.",
        ),
    ),
    # --- household finances --------------------------------------------------------------
    _family(
        "current_overdraft_cap",
        "constraint",
        "the current account overdraft cap",
        _OVERDRAFT,
        (
            "Never let the current account go more than {v} overdrawn.",
            "Overdraft cap on the current account: {v}.",
            "The current account may dip to minus {v} at most.",
            "Keep the current account overdraft within {v}.",
        ),
        (
            "Current account overdraft: {v} max.",
            "current acct overdraft cap is {v} now",
            "Trimmed the current account overdraft limit to {v}.",
            "The current account can go {v} under, no more.",
            "We're going with {v} on the current account.",
            "As of Monday it's {v} for the current account.",
        ),
        (
            "The bank offered an arranged overdraft of {d} on the current account; we turned it "
            "down.",
            "The current account is {d} overdrawn today; that's the balance, not the cap.",
            "What if we allowed {d} on the current account? Not doing it, just asking.",
        ),
        pair="overdraft",
    ),
    _family(
        "joint_overdraft_cap",
        "constraint",
        "the joint account overdraft cap",
        _OVERDRAFT,
        (
            "The joint account must not go more than {v} overdrawn.",
            "Overdraft cap on the joint account: {v}.",
            "The joint account can dip to minus {v} at most.",
            "Keep the joint account overdraft within {v}.",
        ),
        (
            "Joint account overdraft: {v} max.",
            "joint acct cap {v} now",
            "We agreed to tighten the joint account to {v}.",
            "The shared account can go {v} under, no further.",
            "Joint: {v}.",
            "Bumped the joint account limit to {v}.",
        ),
        (
            "My partner's own account has an overdraft of {d}; not the joint one.",
            "Last year the joint account cap was {d}.",
            "The joint account was {d} overdrawn at the weekend; just a balance.",
        ),
        pair="overdraft",
    ),
    _family(
        "emergency_fund_target",
        "goal",
        "the emergency fund target",
        _SAVINGS,
        (
            "We want the emergency fund to reach {v}.",
            "Emergency savings target: {v}.",
            "The goal for the rainy day pot is {v}.",
            "Build the emergency fund up to {v}.",
        ),
        (
            "Emergency fund target: {v}.",
            "rainy day pot goal is {v} now",
            "We bumped the emergency fund target to {v}.",
            "Quick update: aim the emergency fund at {v} from now on.",
            "The emergency pot should get to {v}.",
            "We're going with {v} for the safety net.",
        ),
        (
            "The emergency fund holds {d} right now; that's the balance, not the goal.",
            "A money blog says an emergency fund should be {d}; not our number.",
            "My sister keeps {d} in her emergency fund.",
        ),
        pair="savings",
    ),
    _family(
        "holiday_fund_target",
        "goal",
        "the holiday fund target",
        _SAVINGS,
        (
            "We're saving {v} for the summer holiday.",
            "The holiday fund target is {v}.",
            "The holiday pot needs to reach {v}.",
            "Goal for the holiday savings is {v}.",
        ),
        (
            "Holiday fund target: {v}.",
            "holiday pot goal {v} now",
            "We trimmed the holiday target to {v}.",
            "Quick update: the holiday pot should reach {v} from now on.",
            "The trip fund is aiming for {v} now.",
            "We're going with {v} for the holiday.",
        ),
        (
            "Last summer's holiday cost {d} in the end.",
            "Could we stretch the holiday fund to {d}? Hypothetical.",
            "The travel agent's quote was {d}; we haven't committed to anything.",
        ),
        pair="savings",
    ),
    _family(
        "mortgage_overpay_cap",
        "constraint",
        "the mortgage overpayment cap",
        _spec(_ints(2000, 9500, 500), _euros),
        (
            "We can overpay the mortgage by at most {v} a year without a penalty.",
            "Mortgage overpayments are capped at {v} per year.",
            "Never overpay more than {v} in a year.",
            "Annual overpayment allowance: {v}.",
        ),
        (
            "Overpayment cap: {v}.",
            "mortgage overpay limit is {v} now",
            "The lender raised the overpayment allowance to {v}.",
            "We're going with {v} a year on overpayments.",
            "The yearly overpayment limit is {v} since the remortgage.",
            "Overpay up to {v}, not a cent more.",
        ),
        (
            "On the old fixed rate the overpayment cap was {d}.",
            "The broker's other clients get {d}; that's a different product.",
            "What if we overpaid {d}? Just modelling it.",
        ),
    ),
    _family(
        "insurance_policy",
        "fact",
        "the home insurance policy number",
        _spec(_policy_draw, _policy_spell),
        (
            "Our home insurance policy number is {v}.",
            "Home insurance policy: {v}.",
            "Quote policy {v} for any claim on the house.",
            "The buildings and contents policy is {v}.",
        ),
        (
            "Policy number: {v}.",
            "new policy no. is {v}",
            "Renewal gave us a new reference, {v}.",
            "Use {v} for the home insurance now.",
            "The house cover is under {v} since we switched insurer.",
            "Home policy ref {v}.",
        ),
        (
            "The car insurance policy is {d}; different thing.",
            "The old insurer's reference was {d}; that policy lapsed.",
            "A quote came back with reference {d}, but we didn't take it.",
        ),
    ),
    _family(
        "debt_free_date",
        "goal",
        "the debt-free date",
        _spec(_month_year_draw, _month_year),
        (
            "We want the credit card cleared by {v}.",
            "Goal: debt-free by {v}.",
            "The plan is to pay off the last loan by {v}.",
            "Target date for being debt-free: {v}.",
        ),
        (
            "Debt-free by {v}.",
            "aiming for {v} now for the last payment",
            "We pulled the debt-free goal forward to {v}.",
            "The payoff target slipped to {v}.",
            "New plan: clear everything by {v}.",
            "We're going with {v} as the debt-free date.",
        ),
        (
            "The loan's contractual end date is {d}; we want to beat that.",
            "My brother got debt-free in {d}.",
        ),
    ),
    # --- data engineering and ML operations ----------------------------------------------
    _family(
        "staging_feature_ttl",
        "constraint",
        "the staging feature-store TTL",
        _TTL,
        (
            "Staging feature-store TTL is {v}.",
            "Features in the staging online store expire after {v}.",
            "Set the staging feature TTL to {v}.",
            "Staging: feature rows live for {v}, no longer.",
        ),
        (
            "Staging TTL: {v}.",
            "staging ttl {v} now",
            "Trimmed staging's feature expiry to {v}.",
            "The staging store's expiry is {v} from this sprint.",
            "We're going with {v} on staging.",
            "Bumped the staging TTL to {v}.",
        ),
        (
            "Feast's default TTL would be {d}; we set our own.",
            "Could staging run at {d}? Not changing it yet.",
            "The oldest staging row is {d} old right now; that's a measurement.",
        ),
        pair="ttl",
    ),
    _family(
        "prod_feature_ttl",
        "constraint",
        "the production feature-store TTL",
        _TTL,
        (
            "Production feature-store TTL is {v}.",
            "Features in the prod online store expire after {v}.",
            "Set the production feature TTL to {v}.",
            "In prod, feature rows live for {v}.",
        ),
        (
            "Prod TTL: {v}.",
            "prod ttl is {v} now",
            "The offline store's expiry in production went to {v}.",
            "We're going with {v} on production.",
            "As of Monday it's {v} for prod features.",
            "Production expiry trimmed to {v}.",
        ),
        (
            "The recommendations team runs a production TTL of {d}; not ours.",
            "Last quarter the prod TTL was {d}.",
            "{name} is pushing for {d} in prod; still under discussion.",
        ),
        pair="ttl",
    ),
    _family(
        "training_gpu_budget",
        "constraint",
        "the training GPU budget",
        _GPU,
        (
            "The training job's GPU budget is {v} per week.",
            "Training may use at most {v} a week.",
            "Weekly training budget: {v}.",
            "Cap training at {v} per week.",
        ),
        (
            "Training budget: {v}/week.",
            "training gpu budget {v} now",
            "Finance trimmed training to {v} a week.",
            "We're going with {v} for training.",
            "Training's weekly GPU allowance got bumped to {v}.",
            "As of Monday training gets {v}.",
        ),
        (
            "Last week training actually burned {d}; that's usage, not the budget.",
            "The vision team's training budget is {d}.",
            "Would {d} be enough for the big sweep? Only asking.",
        ),
        pair="gpu",
    ),
    _family(
        "inference_gpu_budget",
        "constraint",
        "the inference GPU budget",
        _GPU,
        (
            "Inference gets {v} per week.",
            "The serving GPU budget is {v} a week.",
            "Weekly inference budget: {v}.",
            "Keep inference within {v} a week.",
        ),
        (
            "Inference budget: {v}/week.",
            "inference gpu is {v} now",
            "Serving got bumped to {v} a week.",
            "We're going with {v} for inference.",
            "The inference allowance was trimmed to {v}.",
            "inferance budget {v} from now on",
        ),
        (
            "The cloud vendor's default quota is {d}; that's not our budget.",
            "{name} asked for {d} for inference; not approved.",
            "Inference used {d} last week.",
        ),
        pair="gpu",
    ),
    _family(
        "raw_s3_prefix",
        "fact",
        "the raw data S3 prefix",
        _RAW_S3,
        (
            "Raw events land under {v}.",
            "The raw-zone prefix is {v}.",
            "Ingestion writes raw files to {v}.",
            "Raw data lives at {v}.",
        ),
        (
            "Raw prefix: {v}.",
            "raw now goes to {v}",
            "We moved the raw landing path to {v}.",
            "The raw zone is {v} after the migration.",
            "Point raw ingestion at {v}.",
            "Raw: {v}.",
        ),
        (
            "The old raw path was {d}; nothing reads it now.",
            "The analytics team's raw prefix is {d}; not ours.",
            "The onboarding doc still shows {d} for raw data; it's stale.",
        ),
        pair="s3",
    ),
    _family(
        "curated_s3_prefix",
        "fact",
        "the curated data S3 prefix",
        _CURATED_S3,
        (
            "Curated tables are written to {v}.",
            "The curated-zone prefix is {v}.",
            "dbt publishes the curated layer at {v}.",
            "Curated data lives at {v}.",
        ),
        (
            "Curated prefix: {v}.",
            "curated is at {v} now",
            "We repointed the curated layer to {v}.",
            "The cleaned layer sits under {v} these days.",
            "Curated: {v}.",
            "As of Monday it's {v} for curated output.",
        ),
        (
            "Should curated move to {d}? Just asking.",
            "{name}'s team publishes curated data to {d}.",
            "Ignore the README that points curated at {d}.",
        ),
        pair="s3",
    ),
    _family(
        "alerts_channel",
        "preference",
        "the alerts Slack channel",
        _ALERTS,
        (
            "Post pipeline alerts in {v}, please.",
            "I'd like alerts to go to {v}.",
            "Alerts channel: {v}.",
            "Send failure alerts to {v} rather than DMs.",
        ),
        (
            "Alerts: {v}.",
            "send alerts to {v} now",
            "Let's move alerts to {v}.",
            "I'd rather have alerts in {v}.",
            "Alerting lives in {v} from today.",
            "Swap the alert channel to {v}.",
        ),
        (
            "The platform team posts their alerts in {d}.",
            "What about {d} for alerts? Only a thought.",
        ),
        pair="channel",
    ),
    _family(
        "releases_channel",
        "preference",
        "the releases Slack channel",
        _RELEASES,
        (
            "Announce model releases in {v}.",
            "I'd like release notes posted to {v}.",
            "Releases channel: {v}.",
            "Deployment announcements go in {v}, please.",
        ),
        (
            "Releases: {v}.",
            "release posts to {v} now",
            "Let's announce releases in {v} instead.",
            "I'd prefer release notes in {v}.",
            "Ship announcements belong in {v} now.",
            "Swap the release channel to {v}.",
        ),
        (
            "The web team announces releases in {d}.",
            "{name} suggested {d} for releases; I haven't decided.",
        ),
        pair="channel",
    ),
    _family(
        "raw_retention",
        "safety",
        "the raw event retention window",
        _spec(_ints(30, 99), _unit_spell(("{n} days", "{n}d"), "days")),
        (
            "Never keep raw event data longer than {v}; it's a legal requirement.",
            "Raw events must be deleted after {v}.",
            "Retention for raw events: {v}, hard limit.",
            "The raw zone may hold data for {v} at most.",
        ),
        (
            "Raw retention: {v}.",
            "raw retention is {v} now, legal signed it off",
            "The DPO trimmed raw retention to {v}.",
            "Keep raw events for {v} max from now on.",
            "Retention on the raw bucket went to {v}.",
            "As of Monday it's {v} for raw events.",
        ),
        (
            "S3's lifecycle default would be {d}; we don't use it.",
            "The aggregated tables keep {d}; that's a different window.",
            "The oldest raw file is {d} old; that's just what's there.",
        ),
    ),
    _family(
        "protected_cluster",
        "safety",
        "the cluster nobody may touch",
        _spec(_cluster_draw, _keep()),
        (
            "Never run training or experiments on {v}; it serves live traffic.",
            "{v} is off-limits for batch jobs.",
            "Do not deploy anything to {v} without the on-call's approval.",
            "Hands off {v}, it's the live serving cluster.",
        ),
        (
            "The untouchable cluster is {v} now.",
            "live serving moved to {v}, keep jobs off it",
            "Protected cluster: {v}.",
            "Keep everything off {v} from now on.",
            "The cluster nobody touches is {v} after the migration.",
            "No jobs on {v}.",
        ),
        (
            "{d} is the old serving cluster; it's being decommissioned.",
            "Is {d} safe for a quick test? Just asking, don't use it.",
        ),
    ),
    _family(
        "ml_spend_cap",
        "constraint",
        "the ML project spending cap",
        _spec(_ints(200, 950, 50), _dollars),
        (
            "Keep project cloud spend under {v} a month.",
            "Monthly spend cap for the ML project: {v}.",
            "Never go above {v} a month on this project.",
            "The project budget is {v} per month.",
        ),
        (
            "Quick update: keep project spend under {v} from now on.",
            "spend cap is {v} now",
            "Budget trimmed to {v} a month.",
            "We're going with {v} monthly.",
            "The project allowance is {v} as of Monday.",
            "Cap: {v}/month.",
        ),
        (
            "This month we've spent {d} so far; that's usage, not the cap.",
            "The vendor's free tier covers {d}; not our budget.",
            "{name} asked for {d}; finance hasn't agreed.",
        ),
    ),
    _family(
        "registry_model",
        "fact",
        "the model registry name",
        _spec(_registry_draw, _keep(lambda name: name.replace("-", "_"))),
        (
            "The model is registered as {v} in the registry.",
            "Registry name for the model: {v}.",
            "Look the model up under {v}.",
            "We publish to the registry as {v}.",
        ),
        (
            "Registry name: {v}.",
            "model's registered as {v} now",
            "We renamed the registry entry to {v}.",
            "Use {v} in the registry from today.",
            "The registered model is {v} after the rename.",
            "It's {v} in the registry these days.",
        ),
        (
            "The old registry name was {d}; it's archived.",
            "The fraud team's model is {d}; not ours.",
            "Would {d} be a better name? Just an idea.",
        ),
    ),
    _family(
        "dashboard_url",
        "fact",
        "the team dashboard URL",
        _spec(_url_draw, _keep(lambda url: url.removeprefix("https://"))),
        (
            "The team dashboard is at {v}.",
            "Bookmark {v}, it's our main dashboard.",
            "Dashboard link: {v}.",
            "Our monitoring board lives at {v}.",
        ),
        (
            "Dashboard: {v}.",
            "dashboard moved to {v}",
            "The board's new home is {v}.",
            "Use {v} for the dashboard now.",
            "We rebuilt the board, it's {v}.",
            "Dashboard link changed to {v}.",
        ),
        (
            "The old board at {d} is frozen; ignore it.",
            "The platform team's dashboard is {d}.",
        ),
    ),
    _family(
        "dashboard_refresh",
        "preference",
        "the dashboard refresh interval",
        _spec(
            _among(tuple(str(n) for n in (15, 25, 40, 45, 75, 90, 120, 180, 270, 300, 420, 600))),
            _refresh,
        ),
        (
            "I'd like the dashboard to refresh every {v}.",
            "Refresh interval on the board: {v}.",
            "Set the dashboard to reload every {v}.",
            "My preference is a {v} refresh.",
        ),
        (
            "Refresh: every {v}.",
            "make it refresh every {v}",
            "Let's slow the refresh to {v}.",
            "I'd rather it reloaded every {v}.",
            "We're going with {v} between refreshes.",
            "dashbaord refresh {v} pls",
        ),
        (
            "Grafana's default refresh is {d}; not what I want.",
            "{name} sets her boards to {d}.",
        ),
    ),
    _family(
        "recall_target",
        "goal",
        "the model recall target",
        _spec(_ints(70, 89), _score),
        (
            "We're aiming for a recall of {v} on the holdout set.",
            "Our recall target is {v}.",
            "The model should reach {v} recall before we ship.",
            "Goal for recall is {v}.",
        ),
        (
            "Recall target: {v}.",
            "recall goal {v} now",
            "We raised the recall bar to {v}.",
            "Aim for {v} recall instead.",
            "We're going with {v} as the recall goal.",
            "The ship criterion for recall is {v} now.",
        ),
        (
            "The current model gets {d} recall; that's a measurement.",
            "The paper reports {d}; not our target.",
            "Could we settle for {d}? Only asking.",
        ),
    ),
    _family(
        "dbt_version",
        "preference",
        "the pinned dbt version",
        _spec(_version_draw, _keep(lambda version: f"v{version}")),
        (
            "I prefer we pin dbt-core to {v}.",
            "Let's stay on dbt {v}.",
            "dbt version for the project: {v}.",
            "Pin dbt at {v}, please.",
        ),
        (
            "dbt: {v}.",
            "pin dbt to {v} now",
            "Let's move dbt to {v}.",
            "I'd rather we ran {v}.",
            "We're going with dbt {v}.",
            "Bump the dbt pin to {v}.",
        ),
        (
            "The analytics repo is on dbt {d}.",
            "Is {d} stable yet? Just curious.",
        ),
    ),
)
"""Every slot."""

FAMILY_BY_NAME = {family.name: family for family in FAMILIES}
PAIRS = tuple(dict.fromkeys(f.pair for f in FAMILIES if f.pair))
"""Look-alike groups: two slots each, differing only by scope."""

GENERIC_DECOYS: tuple[str, ...] = (
    "{name} and I are still haggling over {s}; leave it as it is for now.",
    "Suppose {s} were {d} - what would break? Don't change anything.",
    "An old printout on the noticeboard gives {s} as {d}. It's out of date.",
    "{name} told me {s} at her last place was {d}. Irrelevant here.",
    "Someone on the forum recommends {d} for {s}, but we're not following that.",
)
PREFERENCE_DECOYS: tuple[str, ...] = (
    "{name} would pick {d} for {s}, but it's my call and I haven't changed my mind.",
    "Out of interest, do most people go with {d} for {s}?",
)

# --- filler -------------------------------------------------------------------------------

COLLEAGUES = (
    "Priya", "Tomasz", "Niamh", "Kwame", "Ingrid", "Rafael", "Yusuf", "Bethan", "Mei",
    "Dominik", "Aoife", "Sanjay",
)  # fmt: skip
TOPICS = (
    "the bed-management meeting",
    "the governors' report",
    "Spark shuffle partitions",
    "the council tax bill",
    "fixed versus tracker mortgages",
    "the timetable software",
    "schema evolution in Parquet",
    "the infection-control audit",
    "point-in-time joins",
    "the school minibus checks",
    "a sinking fund",
    "the discharge lounge",
    "idempotent backfills",
    "the reading intervention",
    "the boiler service",
)
QUESTIONS = (
    "Can you explain {t} in plain terms?",
    "What should I read first about {t}?",
    "Any common mistakes with {t}?",
    "How would you summarise {t} for a newcomer?",
    "Is {t} something I should worry about this week?",
    "what's the usual way to handle {t}?",
    "Could you give me a checklist for {t}?",
)
THANKS = (
    "Thanks, that helps.",
    "Cheers.",
    "Brilliant, thank you.",
    "Much appreciated.",
    "ok thanks",
    "Great, that's clear.",
)
ACKS = (
    "Got it.",
    "Noted.",
    "Understood, I'll keep that in mind.",
    "Okay, recorded.",
    "Thanks, I've updated my notes.",
    "Right, will do.",
)
ECHOES = (
    "Noted: {v}.",
    "Okay, {v} it is.",
    "Recorded {v}.",
    "Understood, {v}.",
)
DECOY_ACKS = (
    "Okay, I'll leave things as they are.",
    "Understood, nothing changes.",
    "Noted as background only.",
    "Fine, I won't act on that.",
)
OPENERS = (
    "Morning. I juggle a ward job, school governor work, our household budget and a data "
    "platform, so bear with me.",
    "Hi, I'll be dropping bits of information in as we go; please keep track of them.",
    "Hello. Lots of moving parts this week, I'll tell you things as they come up.",
    "Let's get organised. I'll give you the rules and numbers as I remember them.",
)
SYSTEMS = (
    "You are a careful assistant who keeps track of the user's rules, facts and goals.",
    "You help a busy user manage work and home admin. Be concise and accurate.",
    "You are an organised assistant. Remember what the user tells you and use the latest "
    "version of anything that changes.",
)
_SENTENCES = (
    "Most people keep about {n} checklists on the go at once.",
    "A typical review has {k} stages and perhaps {m} comments in total.",
    "I'd start with the {n} questions that come up most often.",
    "Teams I've seen usually split this into {k} steps.",
    "It tends to be easier once you have {n} worked examples to hand.",
    "The usual guide runs to about {m} pages, but only a few matter.",
    "There are roughly {k} common pitfalls worth knowing.",
    "Write down {n} things you'd check first, then prune the list.",
)
_BULLETS = (
    "- agree who owns it",
    "- write the steps down",
    "- check the edge cases",
    "- review after a while",
    "- keep a short log",
    "- ask for a second opinion",
)


def filler_answer(rng: random.Random) -> str:
    """Two or three sentences with unrelated counts, sometimes followed by a short list."""
    picked = rng.sample(_SENTENCES, rng.randint(2, 3))
    text = " ".join(
        s.format(n=rng.randint(3, 12), k=rng.randint(2, 9), m=rng.randint(20, 250)) for s in picked
    )
    if rng.random() < 0.4:
        text += "\n" + "\n".join(rng.sample(_BULLETS, rng.randint(2, 4)))
    return text


# --- self-check ---------------------------------------------------------------------------


def _fixed_texts() -> list[str]:
    """Every piece of text the generator writes around the values."""
    pieces: list[str] = []
    for family in FAMILIES:
        pieces.append(family.subject)
        for template in (*family.states, *family.updates, *family.decoys):
            pieces += _fragments(template)
    for template in (*GENERIC_DECOYS, *PREFERENCE_DECOYS, *ECHOES, *QUESTIONS):
        pieces += _fragments(template)
    for texts in (COLLEAGUES, TOPICS, THANKS, ACKS, DECOY_ACKS, OPENERS, SYSTEMS):
        pieces += list(texts)
    rng = random.Random(1)
    pieces += [filler_answer(rng) for _ in range(300)]
    pieces.append("Happy to help. Tell me whenever something changes.")
    return pieces


def _fragments(template: str) -> list[str]:
    out = [template]
    for name in ("v", "d", "name", "s", "S", "t"):
        out = [piece for chunk in out for piece in chunk.split("{" + name + "}")]
    return out


def _spellings(family: Family, draws: int) -> dict[str, set[str]]:
    """raw value -> every spelling (text and forms) its renders produced."""
    rng = random.Random(f"check:{family.name}")
    seen: dict[str, set[str]] = {}
    for _ in range(draws):
        raw = family.draw(rng)
        for in_update in (False, True, True):
            value = family.render(raw, rng, in_update)
            assert value.text in value.forms, (family.name, value)
            assert len(set(value.forms)) == len(value.forms), (family.name, value)
            seen.setdefault(str(raw), set()).update(value.forms)
    return seen


def _self_check() -> None:
    import itertools
    from collections import Counter

    import _task_state_corpus as corpus

    corpus.TEMPLATES.setdefault("heldout_g", "_task_state_templates_heldout_g")
    corpus.use_templates("heldout_g")
    assert vars(corpus)["FAMILIES"] is FAMILIES
    assert corpus.GENERIC_DECOYS is GENERIC_DECOYS
    assert corpus.PREFERENCE_DECOYS is PREFERENCE_DECOYS

    # The families: unique names, every kind among the singles, pairs of two of one kind.
    assert len(FAMILY_BY_NAME) == len(FAMILIES)
    assert 36 <= len(FAMILIES) <= 44
    for kind in KINDS:
        assert sum(1 for f in FAMILIES if f.kind == kind and f.pair is None) >= 3, kind
    assert len(PAIRS) >= 10
    for group in PAIRS:
        members = [f for f in FAMILIES if f.pair == group]
        assert len(members) == 2, group
        assert members[0].kind == members[1].kind, group
    assert {f.pair for f in FAMILIES if f.pair} == set(PAIRS)
    for family in FAMILIES:
        assert family.kind in KINDS, family.name
        assert len(family.states) >= 4, family.name
        assert len(family.updates) >= 5, family.name
        assert len(family.decoys) >= 2, family.name
        for template in (*family.states, *family.updates):
            assert template.count("{v}") == 1, (family.name, template)
            assert "{d}" not in template, (family.name, template)
            template.format(v="x")
        for template in family.decoys:
            assert "{v}" not in template, (family.name, template)
            template.format(d="x", name="x", s="x", S="x")
        assert len(set(family.states + family.updates + family.decoys)) == (
            len(family.states) + len(family.updates) + len(family.decoys)
        ), family.name
    for template in (*GENERIC_DECOYS, *PREFERENCE_DECOYS):
        assert "{v}" not in template
        template.format(d="x", name="x", s="x", S="x")
    for template in ECHOES:
        assert template.count("{v}") == 1
    for template in QUESTIONS:
        template.format(t="x")

    # Values: within a family (and a pair, which shares its values) no spelling of one value
    # is inside a spelling of another, and no fixed text spells any value.
    fixed = _fixed_texts()
    groups: dict[str, list[Family]] = {}
    for family in FAMILIES:
        groups.setdefault(family.pair or family.name, []).append(family)
    distinct: dict[str, int] = {}
    for group, members in groups.items():
        spellings: dict[str, set[str]] = {}
        for family in members:
            for raw, forms in _spellings(family, 500).items():
                spellings.setdefault(raw, set()).update(forms)
        distinct[group] = len(spellings)
        assert len(spellings) >= (16 if members[0].pair else 10), (group, len(spellings))
        for (raw_a, forms_a), (raw_b, forms_b) in itertools.permutations(spellings.items(), 2):
            for a in forms_a:
                assert not any(a in b for b in forms_b), (group, raw_a, a, raw_b, forms_b)
        for forms in spellings.values():
            for form in forms:
                hits = [text for text in fixed if form in text]
                assert not hits, (group, form, hits[:3])

    # The corpus: seeds 1-10, eight transcripts each.
    seeds, per_seed = range(1, 11), 8
    built = [t for seed in seeds for t in corpus.build_corpus(seed, per_seed)]
    again = corpus.build_corpus(3, per_seed)
    assert [t.messages for t in again] == [t.messages for t in built[2 * per_seed : 3 * per_seed]]
    assert [t.events for t in again] == [t.events for t in built[2 * per_seed : 3 * per_seed]]

    def text_of(messages: list[dict[str, Any]]) -> str:
        return "\n".join(str(m["content"]) for m in messages)

    bodies = [text_of(t.all_messages()) for t in built]
    assert len(set(bodies)) == len(bodies)
    redraws = 0
    for t in built:
        index = int(t.name.split("-t")[1])
        attempt = 0
        while True:
            candidate, builder = corpus._draw(t.seed, index, attempt)
            if builder.clean(candidate.all_messages()):
                break
            attempt += 1
        redraws += attempt
        # Every kind is current after round 0; chat only; four continue rounds.
        kinds = {kind for kind, _ in t.expected(0).current.values()}
        assert kinds == set(KINDS), t.name
        messages = t.all_messages()
        assert messages[0]["role"] == "system"
        assert {m["role"] for m in messages[1:]} == {"user", "assistant"}
        assert len(t.additions) == corpus.CONTINUE_ROUNDS
        # Updates follow their statement and never repeat a spelling of an earlier value;
        # the values of one slot are distinct and none is inside another.
        history: dict[str, list[Value]] = {}
        for event in t.events:
            if event.value is not None:
                for other in t.events:
                    if other.slot == event.slot and other.value and other.value != event.value:
                        assert not any(
                            f in g for f in event.value.forms for g in other.value.forms
                        ), (t.name, event.slot, event.value, other.value)
            if event.action == "decoy":
                continue
            assert event.value is not None
            if event.action == "update":
                assert event.slot in history, (t.name, event)
            history.setdefault(event.slot, []).append(event.value)
        for slot, values in history.items():
            spelled = [set(v.forms) | {v.text} for v in values]
            for earlier, later in itertools.pairwise(spelled):
                assert earlier.isdisjoint(later), (t.name, slot)
        final = t.expected(corpus.CONTINUE_ROUNDS)
        for slot, value in final.stale:
            current = final.current[slot][1]
            assert all(current not in f and f not in current for f in value.forms), (t.name, slot)
        # Look-alike pairs: both current, neither value inside the other.
        for upto in range(corpus.CONTINUE_ROUNDS + 1):
            expected = t.expected(upto)
            assert len(expected.pairs) >= 2, (t.name, upto)
            for a, b in expected.pairs:
                first, second = expected.current[a][1], expected.current[b][1]
                assert first not in second, (t.name, a, b)
                assert second not in first, (t.name, a, b)
                assert FAMILY_BY_NAME[a].pair == FAMILY_BY_NAME[b].pair is not None
        # A value (any spelling) occurs only in a message that writes it as recorded.
        for event in t.events:
            if event.value is None:
                continue
            assert any(event.value.text in str(m["content"]) for m in messages), (t.name, event)
            for message in messages:
                content = str(message["content"])
                if any(form in content for form in event.value.forms):
                    assert event.value.text in content, (t.name, event.value, content)

    templates: set[str] = set().union(*(t.templates for t in built))
    events = [e for t in built for e in t.events]
    for kind in KINDS:
        for action in ("state", "update"):
            used = {e.template for e in events if e.kind == kind and e.action == action}
            assert len(used) >= 4, (kind, action, used)
    superseded = {FAMILY_BY_NAME[slot].kind for t in built for slot, _ in t.expected(0).stale}
    assert superseded == set(KINDS)
    late = [e for e in events if e.round > 0 and e.action != "decoy"]
    assert any(e.action == "update" for e in late)
    assert any(e.action == "state" for e in late)
    decoys = {e.template for e in events if e.action == "decoy"}
    assert len(decoys) >= 20
    slot_sets = Counter(frozenset(e.slot for e in t.events) for t in built)
    assert slot_sets.most_common(1)[0][1] <= 2
    assert {e.slot for e in events} == set(FAMILY_BY_NAME)
    pair_slots = {name for t in built for pair in t.pairs for name in pair}
    assert {f.pair for f in FAMILIES if f.name in pair_slots} == set(PAIRS)
    chains = Counter(
        sum(1 for e in t.events if e.slot == slot and e.action == "update")
        for t in built
        for slot in {e.slot for e in t.events}
    )
    assert chains[2] + chains[3] > 0
    total = sum(len(f.states) + len(f.updates) + len(f.decoys) for f in FAMILIES)
    family_used = {name for name in templates if name.split(".")[0] in FAMILY_BY_NAME}
    assert len(family_used) >= 300, len(family_used)
    assert redraws <= len(built), redraws

    print(
        f"heldout_g: {len(FAMILIES)} families ({len(PAIRS)} pairs), {total} family templates "
        f"+ {len(GENERIC_DECOYS) + len(PREFERENCE_DECOYS)} generic decoys; "
        f"{len(built)} transcripts (seeds 1-10 x {per_seed}), {len(templates)} templates used "
        f"({len(family_used)} of the families' own), "
        f"{len(events)} events ({dict(Counter(e.action for e in events))}), "
        f"updates per slot {dict(sorted(chains.items()))}, {redraws} redraws, "
        f"fewest distinct values in a family {min(distinct.values())}: ok"
    )


if __name__ == "__main__":
    # Check the module as the generator imports it, not this ``__main__`` copy.
    import _task_state_templates_heldout_g

    _task_state_templates_heldout_g._self_check()
