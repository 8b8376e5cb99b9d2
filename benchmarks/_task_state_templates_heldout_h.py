"""An eighth held-out template set for ``_task_state_corpus`` (``--corpus heldout_h``).

Written blind: its author did not open anything under ``src/`` (the statement, constraint
and ledger code, the supersession logic), ``tests/``, ``bench_task_state.py``,
``benchmarks/results/`` or the other held-out template modules, except, of
``_task_state_templates_heldout_f.py``, its module docstring, its ``__all__`` list and type
aliases, and its self-check (``_fixed_texts``, ``_fragments``, ``_spellings``,
``_self_check`` and the ``__main__`` block), whose structure the self-check here copies. Of
``_task_state_templates.py`` only the interface was read (``KINDS``, the ``Value`` and
``Family`` dataclasses, the helper signatures and how the families and the filler are
exposed), not its sentences; ``_task_state_corpus.py`` was read in full. Packlight was not
run on these templates. Every sentence, word list and filler line here is new.

Forty-three slots in four domains. A restaurant and catering business: the lunch and dinner
cover limits, the by-the-glass and by-the-bottle wine markup, a kitchen allergen rule, the
hot-holding temperature, the supplier order cut-off, the private dining minimum spend, a
food cost target and the menu typeface. A law firm and compliance team: the court and
regulator filing deadlines, the partner and associate billing rate caps, the conflict-check
contact, the document retention period, an annual billable hours target, the sign-off on
client letters and the slot for the weekly status call. Manufacturing and logistics: the
line 1 and line 2 speed limits, the M8 and M10 bolt torque specs, the domestic and export
pallet weight caps, the EU and US carrier account numbers, the parcel and freight shipping
cut-offs, a hearing-protection threshold, an on-time shipping target and a project spend
cap. Security and infrastructure operations: the admin and service account password
rotation intervals, the internal and external VPN endpoints, the primary and DR backup RPO,
the recovery time objective, the firewall change window, the incident bridge number, the
SOC escalation contact and the TLS certificate expiry date.

Values are money in pounds, dollars and euros (symbols, ISO codes, "k" spellings and words
such as "one thousand five hundred euros"), weights in kg and lb, torque in Nm, clock times
in 24-hour and am/pm spellings, weekday-and-time cut-offs and change windows, dates in
several orders (ISO, day-first, month-first, ordinals), intervals ("every 90 days"),
durations in minutes, hours, months and years, counts of covers, line rates, percentages
(with one decimal, and above a hundred for markups), decibels, Celsius, people's names,
e-mail addresses, phone and bridge numbers in several layouts, hostnames and URLs, account
numbers with and without separators, allergens, typefaces, sign-off phrases and weekly
slots; updates sometimes spell a number in words. Twelve look-alike pairs differ only by
scope (lunch and dinner, EU and US, line 1 and line 2, internal and external, primary and
DR, partner and associate, court and regulator, M8 and M10, domestic and export, parcel and
freight, glass and bottle, admin and service accounts).

Supersessions carry no common header: many verbs ("knocked down to", "derated to", "lifted",
"we've settled on", "from the next quarter it's", "pull ... forward to"), plain restatements
with no change word ("Lunch cap: 64 covers."), the slot named by a synonym ("the
bain-marie floor", "fw window", "the room minimum") or by "it", some in lower-case chat with
arrows and the odd abbreviation, and "Quick update: keep project spend under ... from now
on". Decoys are questions, hypotheticals, other people's, other teams' and other sites'
values, values still being negotiated, values from the past, vendors' and manufacturers'
defaults, readings and actuals that are not targets, a competitor's figure, and stale
binders, brochures, runbooks and printouts to ignore.

Run as a script, the module builds seeds 1-10 (eight transcripts each) and checks the
corpus's invariants (``cd benchmarks && python _task_state_templates_heldout_h.py``).
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterable
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

# --- spelling helpers ---------------------------------------------------------------------

_SMALL = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen",
)  # fmt: skip
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")


def _words(n: int) -> str:
    """``n`` (0-9999) in British English words: 450 -> "four hundred and fifty"."""
    if n < 20:
        return _SMALL[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_SMALL[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        head = f"{_SMALL[hundreds]} hundred"
        return head + (f" and {_words(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    head = f"{_words(thousands)} thousand"
    if not rest:
        return head
    return head + (" and " if rest < 100 else " ") + _words(rest)


def _value(
    rng: random.Random,
    in_update: bool,
    texts: Iterable[str],
    words: Iterable[str] = (),
    extra: Iterable[str] = (),
) -> Value:
    """Pick how the user writes the value (an update may use words); every spelling is a
    form a stale check looks for."""
    texts, words, extra = list(texts), list(words), list(extra)
    worded = in_update and words and rng.random() < 0.35
    text = rng.choice(words if worded else texts)
    return Value(text, tuple(dict.fromkeys([text, *texts, *words, *extra])))


def _ints(values: Iterable[int]) -> Draw:
    pool = tuple(values)

    def draw(rng: random.Random) -> int | str:
        return rng.choice(pool)

    return draw


def _pick(options: Iterable[str]) -> Draw:
    pool = tuple(options)

    def draw(rng: random.Random) -> int | str:
        return rng.choice(pool)

    return draw


def _unit(
    unit_texts: tuple[str, ...], unit_words: tuple[str, ...] = (), extra: tuple[str, ...] = ()
) -> Render:
    """A whole number with a unit: ``unit_texts`` like ``"{n} Nm"``, ``unit_words`` like
    ``"{w} newton-metres"`` (``w`` is the number in words)."""

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        w = _words(n)
        return _value(
            rng,
            in_update,
            (t.format(n=n) for t in unit_texts),
            (t.format(w=w) for t in unit_words),
            (t.format(n=n, w=w) for t in extra),
        )

    return render


def _grouped(n: int) -> str:
    return f"{n:,}"


def _money(symbol: str, code: str, noun: str, k_form: bool = False) -> Render:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        g = _grouped(n)
        texts = [f"{symbol}{g}", f"{code} {g}", f"{g} {noun}"]
        extra = [f"{symbol}{n}", f"{n} {noun}"] if n >= 1000 else []
        if k_form:
            texts.append(f"{symbol}{n / 1000:g}k")
        return _value(rng, in_update, texts, [f"{_words(n)} {noun}"], extra)

    return render


def _date_spec(year: int) -> Spec:
    def draw(rng: random.Random) -> int | str:
        return rng.randint(1, 12) * 100 + rng.randint(10, 28)

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        month, day = divmod(int(raw), 100)
        name = _MONTHS[month - 1]
        suffix = "st" if day in (21,) else "nd" if day == 22 else "rd" if day == 23 else "th"
        texts = [
            f"{day} {name} {year}",
            f"{name} {day}, {year}",
            f"{year}-{month:02d}-{day:02d}",
            f"{day:02d}/{month:02d}/{year}",
        ]
        words = [f"{day}{suffix} {name} {year}", f"the {day}{suffix} of {name} {year}"]
        extra = [f"{day} {name[:3]} {year}", f"{day}{suffix} {name} {year}"]
        return _value(rng, in_update, texts, words, extra)

    return draw, render


def _clock(hour: int, minute: int) -> tuple[list[str], list[str]]:
    """(24-hour spellings, am/pm spellings) of a time between 01:00 and 23:59."""
    h12 = hour % 12 or 12
    half = "am" if hour < 12 else "pm"
    mm = f"{minute:02d}"
    twelve = [f"{h12}:{mm} {half}", f"{h12}:{mm}{half}"]
    if minute == 0:
        twelve += [f"{h12} {half}", f"{h12}{half}"]
    return [f"{hour:02d}:{mm}"], twelve


def _afternoon_time(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    hour, minute = divmod(int(raw), 100)
    h24, h12 = _clock(hour, minute)
    return _value(rng, in_update, [*h24, *h12[:2]])


def _weekday_time(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    day, hour = str(raw).split("@")
    h24, h12 = _clock(int(hour), 0)
    texts = [f"{day} {h24[0]}", f"{day} {h12[3]}"]
    extra = [f"{day} at {h12[2]}", f"{day} {h12[2]}", f"{day} at {h24[0]}"]
    return _value(rng, in_update, texts, extra=extra)


def _window(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    day, start = str(raw).split("@")
    s = int(start)
    e = s + 2
    texts = [f"{day} {s:02d}:00-{e:02d}:00", f"{day} {s:02d}:00 to {e:02d}:00"]
    extra = [f"{day} {s}am-{e}am", f"{day} {s}am to {e}am", f"{day} {s:02d}:00\u2013{e:02d}:00"]
    return _value(rng, in_update, texts, extra=extra)


def _account(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    digits = str(raw)
    texts = [
        f"{digits[:4]}-{digits[4:8]}-{digits[8:]}",
        f"{digits[:4]} {digits[4:8]} {digits[8:]}",
        digits,
    ]
    return _value(rng, in_update, texts)


def _draw_account(rng: random.Random) -> int | str:
    return str(rng.randint(1_000_000_000, 9_999_999_999))


_VPN_PREFIXES = ("vpn", "gw", "edge", "remote", "tunnel", "access")
_VPN_DOMAINS = ("corp.example.net", "ops.example.org", "example.io", "net.example.com")


def _draw_host(rng: random.Random) -> int | str:
    token = "".join(rng.choice(string.ascii_lowercase + string.digits) for _ in range(3))
    return f"{rng.choice(_VPN_PREFIXES)}-{token}.{rng.choice(_VPN_DOMAINS)}"


def _host(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    host = str(raw)
    return _value(rng, in_update, [host, f"https://{host}"])


def _recovery(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    unit, n = str(raw)[0], int(str(raw)[1:])
    if unit == "m":
        texts = [f"{n} minutes"]
        words = [f"{_words(n)} minutes"]
        extra = [f"{n} min", f"{n}-minute"]
    else:
        texts = [f"{n} hours"]
        words = [f"{_words(n)} hours"]
        extra = [f"{n}-hour", f"{n} hrs"]
    return _value(rng, in_update, texts, words, extra)


def _pallet(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    kg = int(raw)
    lb = round(kg * 2.20462)
    texts = [f"{kg} kg", f"{kg}kg", f"{lb:,} lb"]
    extra = [f"{lb} lb", f"{lb:,} lbs"]
    return _value(rng, in_update, texts, [f"{_words(kg)} kilos"], extra)


def _percent(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    n = int(raw)
    words = [f"{_words(n)} percent"]
    return _value(rng, in_update, [f"{n}%", f"{n} percent"], words, [f"{n} per cent"])


def _decimal_percent(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    text = f"{int(raw) / 10:.1f}"
    return _value(rng, in_update, [f"{text}%", f"{text} percent"], extra=[f"{text} per cent"])


def _rotation(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    n = int(raw)
    w = _words(n)
    extra = [f"{n} days", f"{n}-day", f"{w} days"]
    return _value(rng, in_update, [f"every {n} days"], [f"every {w} days"], extra)


def _retention(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    n = int(raw)
    unit = "years" if n < 10 else "months"
    return _value(rng, in_update, [f"{n} {unit}"], [f"{_words(n)} {unit}"], [f"{n}-{unit[:-1]}"])


def _billable(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    n = int(raw)
    words = [f"{_words(n)} hours"]
    if n % 100 == 0 and n < 2000:
        words.append(f"{_words(n // 100)} hundred hours")
    return _value(rng, in_update, [f"{n:,} hours", f"{n} hours"], words, [f"{n:,} hrs"])


_AREA_CODES = ("212", "312", "415", "617", "646", "718", "206", "503")


def _draw_phone(rng: random.Random) -> int | str:
    return f"{rng.choice(_AREA_CODES)}{rng.randint(100, 199):04d}"


def _phone(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    area, line = str(raw)[:3], str(raw)[3:]
    texts = [
        f"+1 {area} 555 {line}",
        f"+1-{area}-555-{line}",
        f"({area}) 555-{line}",
        f"+1{area}555{line}",
    ]
    return _value(rng, in_update, texts)


_FIRST = (
    "Priya", "Tomasz", "Ingrid", "Kwame", "Lucia", "Farid", "Margot", "Desmond", "Yuki",
    "Beatriz", "Oskar", "Naledi",
)  # fmt: skip
_LAST = (
    "Okafor", "Lindqvist", "Ferraro", "Halloran", "Nakamura", "Brennan", "Varga", "Mbeki",
    "Castellano", "Whitlock",
)  # fmt: skip
_MAIL_DOMAINS = ("soc.example.com", "security.example.org", "example-sec.net")


def _draw_person(rng: random.Random) -> int | str:
    return f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"


def _draw_email(rng: random.Random) -> int | str:
    first, last = rng.choice(_FIRST).lower(), rng.choice(_LAST).lower()
    return f"{first}.{last}@{rng.choice(_MAIL_DOMAINS)}"


def _keep(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    return Value(str(raw), (str(raw),))


_ALLERGENS = (
    "sesame", "peanut", "tree-nut", "celery", "gluten", "crustacean", "egg", "lupin", "milk",
    "mollusc", "mustard", "soya", "sulphite", "fish",
)  # fmt: skip


def _allergen(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    return _value(rng, in_update, [f"{raw}-free"], extra=[f"{raw} free"])


_FONTS = (
    "Garamond", "Futura", "Gill Sans", "Baskerville", "Didot", "Bodoni", "Caslon",
    "Rockwell", "Optima", "Avenir", "Frutiger", "Clarendon",
)  # fmt: skip
_SIGNOFFS = (
    "Kind regards", "Warm regards", "Yours sincerely", "Yours faithfully", "With thanks",
    "Many thanks", "All the best", "Cheers", "Best wishes", "Speak soon", "Thank you kindly",
)  # fmt: skip


def _slot(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    day, part = str(raw).split("@")
    return _value(rng, in_update, [f"{day} {part}s"], extra=[f"{day} {part}"])


def _draw_slot(rng: random.Random) -> int | str:
    return f"{rng.choice(_WEEKDAYS)}@{rng.choice(('morning', 'afternoon', 'evening'))}"


def _draw_supplier(rng: random.Random) -> int | str:
    return f"{rng.choice(_WEEKDAYS)}@{rng.choice((9, 10, 11, 13, 14, 15, 16))}"


def _draw_window(rng: random.Random) -> int | str:
    day = rng.choice(("Saturday", "Sunday", "Tuesday", "Wednesday", "Thursday"))
    return f"{day}@{rng.randint(1, 5)}"


def _draw_afternoon(rng: random.Random) -> int | str:
    return rng.randint(13, 17) * 100 + rng.choice((0, 15, 30, 45))


def _draw_recovery(rng: random.Random) -> int | str:
    if rng.random() < 0.55:
        return f"m{rng.randrange(10, 60, 5)}"
    return f"h{rng.randint(2, 9)}"


def _draw_rto(rng: random.Random) -> int | str:
    if rng.random() < 0.25:
        return f"m{rng.choice((30, 45, 90))}"
    return f"h{rng.randint(2, 11)}"


_ROTATION_DAYS = (14, 20, 21, 25, 28, 30, 35, 40, 42, 45, 50, 55, 56, 60, 65, 70, 75, 80, 84)


# --- slot families ------------------------------------------------------------------------


def _single(
    name: str,
    kind: str,
    subject: str,
    spec: Spec,
    states: tuple[str, ...],
    updates: tuple[str, ...],
    decoys: tuple[str, ...],
) -> Family:
    draw, render = spec
    return Family(name, kind, subject, draw, render, states, updates, decoys)


def _fill(template: str, scope: str) -> str:
    return template.replace("<x>", scope).replace("<X>", scope[0].upper() + scope[1:])


def _pair(
    group: str,
    kind: str,
    scopes: tuple[tuple[str, str], tuple[str, str]],
    subject: str,
    spec: Spec,
    states: tuple[str, ...],
    updates: tuple[str, ...],
    decoys: tuple[str, ...],
) -> tuple[Family, Family]:
    """Two look-alike families that differ only by scope (``<x>``, capitalised ``<X>``)."""
    draw, render = spec
    made = []
    for name, scope in scopes:
        made.append(
            Family(
                name,
                kind,
                _fill(subject, scope),
                draw,
                render,
                tuple(_fill(t, scope) for t in states),
                tuple(_fill(t, scope) for t in updates),
                tuple(_fill(t, scope) for t in decoys),
                pair=group,
            )
        )
    return made[0], made[1]


_PAIRED: tuple[tuple[Family, Family], ...] = (
    _pair(
        "covers",
        "constraint",
        (("lunch_covers", "lunch"), ("dinner_covers", "dinner")),
        "the <x> cover limit",
        (_ints(range(40, 100)), _unit(("{n} covers",), ("{w} covers",))),
        (
            "For <x> service we seat no more than {v}.",
            "<X> is capped at {v} per sitting, walk-ins included.",
            "Keep <x> to {v} at most; the kitchen can't plate more than that.",
            "Hard ceiling for the <x> sitting: {v}.",
        ),
        (
            "<x> sitting goes up to {v}, we've opened the terrace tables",
            "We've knocked <x> down to {v} while we're a chef short.",
            "<X> cap: {v}.",
            "new <x> number is {v}",
            "From Monday the <x> book closes at {v}.",
            "ok so <x> - make it {v} from now on",
        ),
        (
            "The bistro across the road squeezes in {d} at <x>, not that it matters to us.",
            "Should we try {d} at <x> one day? Just thinking aloud.",
            "We used to do {d} at <x> before the refit.",
        ),
    ),
    _pair(
        "carrier",
        "fact",
        (("eu_carrier_account", "EU"), ("us_carrier_account", "US")),
        "our <X> carrier account number",
        (_draw_account, _account),
        (
            "Our <X> carrier account number is {v}; put it on every <X> consignment.",
            "For <X> shipments, bill the freight to account {v}.",
            "<X> shipping goes out on carrier account {v}.",
            "Note the <X> carrier account: {v}.",
        ),
        (
            "The carrier re-issued our <X> account, it's {v} now.",
            "<X> account number: {v}.",
            "we moved the <X> freight billing onto {v}",
            "Use {v} for <X> consignments going forward, the old one's closed.",
            "<X> carrier acct is {v} after they merged our two accounts",
        ),
        (
            "The broker quoted <X> loads on their own account, {d}; that's theirs, not ours.",
            "Is {d} the <X> account? I saw it on a pallet label. Just checking, don't switch.",
            "{name}'s previous company shipped <X> freight on {d}. Irrelevant to us.",
        ),
    ),
    _pair(
        "line",
        "safety",
        (("line1_speed", "1"), ("line2_speed", "2")),
        "the line <x> speed limit",
        (
            _ints(range(20, 96)),
            _unit(
                ("{n} units per minute", "{n} units/min"),
                ("{w} units per minute", "{w} units a minute"),
                ("{n} units a minute",),
            ),
        ),
        (
            "Line <x> must never run faster than {v}; the guarding isn't rated above that.",
            "Safety limit on line <x>: {v}, no exceptions during changeovers.",
            "Don't let anyone push line <x> past {v}.",
            "Line <x> tops out at {v}; that's a safety ceiling, not a target.",
        ),
        (
            "After the new light curtains went in, line <x> is cleared for {v}.",
            "Line <x> has been derated to {v} until the gearbox is replaced.",
            "line <x> max is {v} now",
            "Line <x>: {v}.",
            "Engineering signed off line <x> at {v}, that's the ceiling from today.",
            "We've settled on {v} for line <x>.",
        ),
        (
            "The conveyor vendor's default for line <x> is {d}, but we never run on factory "
            "settings.",
            "Could line <x> cope with {d} for the rush order? Just asking, leave the limit.",
            "Line <x> touched {d} for a few seconds yesterday on the sensor log; that's a "
            "reading, not a new limit.",
        ),
    ),
    _pair(
        "vpn",
        "fact",
        (("internal_vpn", "internal"), ("external_vpn", "external")),
        "the <x> VPN endpoint",
        (_draw_host, _host),
        (
            "Staff connect to the <x> VPN at {v}.",
            "The <x> VPN endpoint is {v}.",
            "Point the <x> tunnel at {v}.",
            "For <x> access the VPN gateway lives at {v}.",
        ),
        (
            "We cut the <x> VPN over to {v} last night.",
            "<x> vpn endpoint -> {v}",
            "The <x> gateway moved; it answers on {v} now.",
            "<X> VPN: {v}.",
            "Swap the <x> endpoint for {v}, the old box is being decommissioned.",
        ),
        (
            "The vendor's quick-start guide uses {d} as its <x> VPN example; a placeholder.",
            "{name}'s team runs their own <x> VPN on {d}, separate from ours.",
            "Wasn't the <x> VPN on {d} at some point? Just curious, don't update anything.",
        ),
    ),
    _pair(
        "rpo",
        "goal",
        (("primary_rpo", "primary"), ("dr_rpo", "DR")),
        "the <x> backup RPO",
        (_draw_recovery, _recovery),
        (
            "For the <x> site we're aiming for an RPO of {v}.",
            "Target recovery point on the <x> backups: {v} of data loss at worst.",
            "<X> backup RPO goal is {v}.",
            "We want to lose no more than {v} of data on the <x> side.",
        ),
        (
            "<X> RPO tightened to {v} after the audit.",
            "the <x> rpo target is {v} now, ok?",
            "We've relaxed the <x> recovery point to {v}; the old figure wasn't achievable.",
            "<X> RPO: {v}.",
            "From the next quarter the <x> backups aim for {v}.",
        ),
        (
            "The storage vendor advertises {d} as the default <x> RPO; not our target.",
            "What if we promised {d} on the <x> site? Hypothetical, nothing changes.",
            "In the old data centre the <x> RPO was {d}; that's history.",
        ),
    ),
    _pair(
        "billing",
        "constraint",
        (("partner_rate_cap", "partner"), ("associate_rate_cap", "associate")),
        "the <x> billing rate cap",
        (_ints(range(200, 960, 10)), _money("£", "GBP", "pounds")),
        (
            "No <x> time may be billed above {v} an hour.",
            "<X> hours are capped at {v} under this client's engagement letter.",
            "The cap for <x> rates is {v}; the panel terms say so.",
            "Bill <x> work at no more than {v} per hour.",
        ),
        (
            "The panel review lifted the <x> cap to {v}.",
            "<x> rate cap knocked down to {v} in the renegotiated terms",
            "<X> ceiling: {v}.",
            "from the next quarter it's {v} for <x> time",
            "We've agreed {v} as the top <x> rate.",
        ),
        (
            "The other firm on the panel charges {d} for <x> time; their business.",
            "The client's procurement team is still pushing for {d} on <x> rates; not agreed.",
            "Before the panel terms we billed <x> time at {d}.",
        ),
    ),
    _pair(
        "filing",
        "fact",
        (("court_filing", "court"), ("regulator_filing", "regulator")),
        "the <x> filing deadline",
        _date_spec(2026),
        (
            "The <x> filing is due on {v}.",
            "Deadline for the <x> filing: {v}.",
            "We must get the <x> submission in by {v}.",
            "Put {v} in the diary as the <x> filing deadline.",
        ),
        (
            "The <x> granted an extension, the filing is now due {v}.",
            "<x> deadline moved to {v}",
            "<X> filing: {v}.",
            "Scratch the old date, the <x> submission lands on {v}.",
            "It's {v} for the <x> filing now, confirmed in writing.",
        ),
        (
            "Opposing counsel seems to think the <x> filing is due {d}; they're wrong and "
            "nothing changes.",
            "Last year's <x> filing went in on {d}; that's last year.",
            "Would {d} be too tight for the <x> filing if things slipped? Just wondering.",
        ),
    ),
    _pair(
        "torque",
        "safety",
        (("m8_torque", "M8"), ("m10_torque", "M10")),
        "the <x> bolt torque spec",
        (
            _ints(range(16, 100)),
            _unit(("{n} Nm", "{n} N·m"), ("{w} newton-metres",), ("{n}Nm", "{n} newton-metres")),
        ),
        (
            "Torque the <x> flange bolts to {v}, never more.",
            "<x> fasteners on the gearbox housing: {v} max, or the threads strip.",
            "The torque spec for the <x> bolts is {v}; set the wrenches accordingly.",
            "Never exceed {v} on an <x> bolt.",
        ),
        (
            "Quality revised the <x> spec to {v}.",
            "<x> torque: {v}.",
            "wrenches for <x> get reset to {v}, new spec from the OEM",
            "The <x> figure came down to {v} after the thread failures.",
            "We're going with {v} on the <x> bolts now.",
        ),
        (
            "The wrench supplier ships <x> presets at {d}; that's their default, ignore it.",
            "{name} took an <x> to {d} on the test rig to see what happens; a test, not the spec.",
            "The old maintenance binder says {d} for <x>; that binder is superseded.",
        ),
    ),
    _pair(
        "pallet",
        "constraint",
        (("domestic_pallet_cap", "domestic"), ("export_pallet_cap", "export")),
        "the <x> pallet weight cap",
        (_ints(range(600, 1000, 10)), _pallet),
        (
            "<X> pallets must not exceed {v} gross.",
            "Cap every <x> pallet at {v}, wrap included.",
            "Nothing heavier than {v} goes on a <x> pallet.",
            "Weight limit for <x> pallets: {v}.",
        ),
        (
            "The <x> pallet cap was raised to {v} once the new racking went in.",
            "<x> pallets max {v} from now",
            "<X> pallet limit: {v}.",
            "We've dropped the <x> ceiling to {v} because of the older lifts.",
            "Load <x> pallets to {v} at most from the next shipment on.",
        ),
        (
            "The haulier's website says {d} for <x> pallets, but that's their generic figure.",
            "A competitor's warehouse lets <x> pallets go to {d}; not us.",
            "Could we get away with {d} on a <x> pallet? Only asking.",
        ),
    ),
    _pair(
        "cutoff",
        "constraint",
        (("parcel_cutoff", "parcel"), ("freight_cutoff", "freight")),
        "the <x> shipping cut-off",
        (_draw_afternoon, _afternoon_time),
        (
            "<X> orders have to be packed by {v} to ship the same day.",
            "The <x> shipping cut-off is {v}.",
            "Anything <x> booked after {v} goes out tomorrow.",
            "Last <x> collection is {v}, so that's the cut-off.",
        ),
        (
            "The carrier moved <x> collection, so the cut-off is {v} now.",
            "<x> cut off {v} from monday",
            "<X> cut-off: {v}.",
            "Pull the <x> cut-off forward to {v}.",
            "We've settled on {v} for <x>.",
        ),
        (
            "{name} wants the <x> cut-off at {d}; we're still talking about it.",
            "The carrier's standard <x> cut-off is {d}, but we have a later pickup.",
            "Back when we used the old depot, <x> closed at {d}.",
        ),
    ),
    _pair(
        "markup",
        "preference",
        (("glass_markup", "glass"), ("bottle_markup", "bottle")),
        "the by-the-<x> wine markup",
        (_ints(range(150, 410, 10)), _percent),
        (
            "I'd like wines by the <x> marked up {v} on cost.",
            "My preference for by-the-<x> pricing is a {v} markup.",
            "Mark up by-the-<x> wine {v}; that's how I like the list to work.",
            "Price the by-the-<x> list at {v} over cost, please.",
        ),
        (
            "I've come round to {v} for wine by the <x>.",
            "by the <x>: {v} markup now",
            "Let's go with {v} on by-the-<x> wines instead.",
            "<X> markup: {v}.",
            "On reflection I'd rather the <x> list sat at {v}.",
        ),
        (
            "The wine bar next door marks up by the <x> at {d}; doesn't affect us.",
            "Our distributor suggests {d} for by-the-<x> wines; just a suggestion.",
            "{name} thinks {d} on the <x> list would sell better. Noted, no change.",
        ),
    ),
    _pair(
        "rotation",
        "safety",
        (("admin_rotation", "admin account"), ("service_rotation", "service account")),
        "the <x> password rotation interval",
        (_ints(_ROTATION_DAYS), _rotation),
        (
            "<X> passwords must be rotated {v}.",
            "Rotate each <x> password {v}, no exceptions.",
            "Our rule: <x> credentials change {v}.",
            "<X> passwords get changed {v}, full stop.",
        ),
        (
            "The auditors want <x> passwords rotated {v} now.",
            "<x> rotation: {v}",
            "We've tightened <x> rotation to {v}.",
            "it's {v} for <x> passwords from the next quarter",
            "Change <x> passwords {v} from here on.",
        ),
        (
            "The identity provider's default for <x> passwords is {d}; we override it.",
            "{name}'s team rotates their <x> passwords {d}; different policy.",
            "Would rotating <x> passwords {d} be excessive? Only asking.",
        ),
    ),
)

_SINGLES: tuple[Family, ...] = (
    _single(
        "allergen_rule",
        "safety",
        "the kitchen allergen rule",
        (_pick(_ALLERGENS), _allergen),
        (
            "The whole kitchen is {v}; one of our regulars has a severe allergy.",
            "House rule: the pastry section stays {v}.",
            "Every dish on the tasting menu must be {v}.",
            "Allergen rule for the kitchen: {v}, no substitutions.",
        ),
        (
            "That regular moved away, but a new one arrived: we're {v} from today.",
            "kitchen goes {v} now",
            "Allergen rule: {v}.",
            "Swap the allergen rule - it's {v} from the next service.",
            "We've settled on keeping the line {v}.",
        ),
        (
            "The caterer we hire for big events runs {d}; that's their kitchen, not ours.",
            "Should we go {d} as well? Just a thought, nothing changes.",
            "We used to be {d} when the old head chef was here.",
        ),
    ),
    _single(
        "hot_hold_temp",
        "safety",
        "the hot-holding temperature",
        (
            _ints(range(60, 76)),
            _unit(("{n}°C", "{n} °C"), ("{w} degrees",), ("{n} degrees C", "{n} degrees")),
        ),
        (
            "Hot food on the pass must be held at {v} or above.",
            "Never let the bain-marie drop below {v}.",
            "Hot-holding minimum: {v}.",
            "Keep anything hot-held at {v} or hotter, that's the food-safety line.",
        ),
        (
            "The inspector wants us holding at {v} now.",
            "hot hold min is {v} from today",
            "Bump the bain-marie floor to {v}.",
            "It's {v} for hot holding, per the new HACCP plan.",
            "Hot-hold: {v}.",
        ),
        (
            "The bain-marie manufacturer's default setting is {d}; we set ours by hand.",
            "The probe read {d} at lunch; that's a reading, not the rule.",
        ),
    ),
    _single(
        "noise_limit",
        "safety",
        "the hearing-protection threshold",
        (
            _ints(range(78, 93)),
            _unit(("{n} dB", "{n}dB"), ("{w} decibels",), ("{n} decibels",)),
        ),
        (
            "Ear defenders are mandatory wherever the floor goes above {v}.",
            "Hearing protection threshold on the shop floor: {v}.",
            "Anyone in an area over {v} wears ear protection.",
            "Our noise rule: above {v}, defenders on.",
        ),
        (
            "H&S lowered the hearing-protection trigger to {v}.",
            "Ear defenders from {v} now",
            "Noise threshold: {v}.",
            "The new assessment puts the defenders line at {v}.",
            "make it {v} for the noise rule, safety officer's call",
        ),
        (
            "The press shop next door uses {d} as their threshold; different site.",
            "The sound meter showed {d} by the compressor; a measurement, not the rule.",
        ),
    ),
    _single(
        "supplier_cutoff",
        "constraint",
        "the supplier order cut-off",
        (_draw_supplier, _weekday_time),
        (
            "Produce orders to the wholesaler have to be in by {v} for next-day delivery.",
            "The supplier order cut-off is {v}.",
            "Miss {v} and the fish order doesn't arrive until the week after.",
            "Place supplier orders before {v}, always.",
        ),
        (
            "The wholesaler changed routes; orders now close {v}.",
            "supplier cutoff is {v} now",
            "Order cut-off: {v}.",
            "It's {v} from next week, the rep just rang.",
            "Get orders in by {v} from here on.",
        ),
        (
            "The other wholesaler we trialled closed orders {d}; we don't use them.",
            "The supplier's brochure still prints {d} as the cut-off; it's out of date.",
        ),
    ),
    _single(
        "doc_retention",
        "constraint",
        "the document retention period",
        (_ints((3, 4, 5, 6, 7, 8, 9, 18, 30, 42, 54)), _retention),
        (
            "Client files are kept for {v} after the matter closes, then destroyed.",
            "Our retention period for closed matters is {v}.",
            "Keep engagement documents for {v}, not a day less.",
            "Retention on closed files: {v}.",
        ),
        (
            "The compliance committee changed retention to {v}.",
            "we keep closed files {v} now",
            "Retention: {v}.",
            "Our insurers asked for {v}, so that's how long we keep them now.",
            "Make it {v} for closed matters from the next quarter.",
        ),
        (
            "The document-management vendor's default retention is {d}; we've overridden it.",
            "{name} mentioned their old firm kept files for {d}; not our policy.",
            "Is {d} enough for retention, do you think? Just asking.",
        ),
    ),
    _single(
        "firewall_window",
        "constraint",
        "the firewall change window",
        (_draw_window, _window),
        (
            "Firewall rule changes only happen in the window {v}.",
            "The firewall change window is {v}; outside it, nothing gets pushed.",
            "Schedule firewall changes for {v} and no other time.",
            "Change window for the firewalls: {v}.",
        ),
        (
            "The CAB moved the firewall window to {v}.",
            "fw window {v} from now",
            "Firewall changes: {v}.",
            "We've settled on {v} for firewall work.",
            "It's {v} now, the network team agreed.",
        ),
        (
            "The managed-service provider suggests {d} for firewall changes; not accepted.",
            "We used to push firewall changes {d}, before the new CAB.",
            "{name} asked whether an emergency change could go in {d}. A one-off question; "
            "the window stays.",
        ),
    ),
    _single(
        "spend_cap",
        "constraint",
        "the project spend cap",
        (_ints(range(200, 1000, 50)), _money("$", "USD", "dollars")),
        (
            "Keep project spend under {v}.",
            "The spend cap on this project is {v}, all-in.",
            "Don't commit us to more than {v} on this project.",
            "Project budget ceiling: {v}.",
        ),
        (
            "Quick update: keep project spend under {v} from now on.",
            "spend cap is {v} now",
            "The sponsor cut the cap to {v}.",
            "Project spend: {v}.",
            "We've been given {v} as the new ceiling.",
        ),
        (
            "{name} reckons we'll need {d}; that's a forecast, not the cap.",
            "The agency's quote assumes {d}; we haven't accepted it.",
        ),
    ),
    _single(
        "private_dining_min",
        "constraint",
        "the private dining minimum spend",
        (_ints(range(1000, 5000, 50)), _money("€", "EUR", "euros", k_form=True)),
        (
            "The private room needs a minimum spend of {v}.",
            "Private dining bookings carry a {v} minimum.",
            "Don't confirm a private dining booking under {v}.",
            "Minimum spend for the private room: {v}.",
        ),
        (
            "We've raised the private room minimum to {v}.",
            "private dining min {v} now",
            "Room minimum: {v}.",
            "From the next quarter it's {v} for the private room.",
            "It's {v} now, the owners agreed.",
        ),
        (
            "The hotel restaurant charges {d} for their private room; that's them.",
            "A client asked if we'd do it for {d}; still negotiating, the minimum stays.",
        ),
    ),
    _single(
        "tls_expiry",
        "fact",
        "the TLS certificate expiry date",
        _date_spec(2027),
        (
            "The wildcard TLS certificate expires on {v}.",
            "Our public TLS cert runs out {v}.",
            "Cert expiry for the customer portal: {v}.",
            "Note that the TLS certificate is valid until {v}.",
        ),
        (
            "We renewed the cert; it now expires {v}.",
            "new cert expiry {v}",
            "TLS expiry: {v}.",
            "The reissued certificate is good until {v}.",
            "It runs out on {v} now, after the renewal.",
        ),
        (
            "The staging cert expires {d}; that's staging, not the public one.",
            "The CA's reminder e-mail said {d}, but it was about a certificate we revoked.",
        ),
    ),
    _single(
        "bridge_number",
        "fact",
        "the incident bridge number",
        (_draw_phone, _phone),
        (
            "In a major incident, everyone dials into the bridge on {v}.",
            "The incident bridge number is {v}.",
            "Sev-1 bridge: {v}.",
            "For outages, the conference line is {v}.",
        ),
        (
            "Telecoms moved the bridge; dial {v} now.",
            "bridge is {v} from today",
            "Incident line: {v}.",
            "New bridge number, {v}, the old one's been retired.",
            "Dial {v} for incidents from here on.",
        ),
        (
            "The vendor's support bridge is {d}; that's theirs, not our incident line.",
            "The runbook PDF still lists {d}; it's stale, ignore it.",
        ),
    ),
    _single(
        "soc_contact",
        "fact",
        "the SOC escalation contact",
        (_draw_email, _keep),
        (
            "Escalate security alerts to {v} at the SOC.",
            "Our SOC escalation contact is {v}.",
            "If the SIEM fires a critical, mail {v} straight away.",
            "SOC escalations go to {v}.",
        ),
        (
            "The SOC lead changed; escalate to {v} now.",
            "soc escalation -> {v}",
            "SOC contact: {v}.",
            "Send escalations to {v} from here on.",
            "It's {v} for escalations, the rota changed.",
        ),
        (
            "The MSSP's generic inbox is {d}; don't use it for escalations.",
            "{name} escalates to {d} for their team; we don't.",
        ),
    ),
    _single(
        "conflict_contact",
        "fact",
        "the conflict-check contact",
        (_draw_person, _keep),
        (
            "Run every new matter's conflict check past {v}.",
            "Our conflict-check contact is {v}.",
            "Conflicts go to {v} before we accept any instruction.",
            "{v} handles conflict checks for the firm.",
        ),
        (
            "{v} has taken over conflict checks.",
            "conflicts contact is {v} now",
            "Conflict checks: {v}.",
            "Route conflict checks to {v} from Monday.",
            "We've settled on {v} for conflicts while the risk partner is on leave.",
        ),
        (
            "The other office sends conflict checks to {d}; not us.",
            "Could {d} cover conflicts next month? Only asking, nothing's changed.",
        ),
    ),
    _single(
        "rto",
        "goal",
        "the recovery time objective",
        (_draw_rto, _recovery),
        (
            "We want core systems back within {v} of a disaster.",
            "Our RTO target is {v}.",
            "The goal is full service restored in {v} or less.",
            "Recovery time objective: {v}.",
        ),
        (
            "The board signed off a tighter RTO: {v}.",
            "rto is {v} now",
            "RTO: {v}.",
            "We've relaxed the recovery target to {v}.",
            "Aim for {v} from the next quarter.",
        ),
        (
            "The DR vendor's brochure promises {d}; marketing, not our target.",
            "In the last test we actually recovered in {d}; a result, not the objective.",
        ),
    ),
    _single(
        "food_cost",
        "goal",
        "the food cost target",
        (_ints(range(22, 39)), _percent),
        (
            "We're aiming for a food cost of {v} of menu price.",
            "Target food cost: {v}.",
            "I want food cost down at {v} by the end of the season.",
            "Goal for the kitchen: {v} food cost across the menu.",
        ),
        (
            "Let's aim for {v} food cost now.",
            "food cost goal {v}",
            "We've moved the food cost target to {v}.",
            "Food cost: {v}.",
            "It's {v} from the next menu change.",
        ),
        (
            "The chain down the road brags about {d} food cost; good for them.",
            "Last month we came in at {d}; that's actuals, not the target.",
        ),
    ),
    _single(
        "on_time_target",
        "goal",
        "the on-time shipping target",
        (_ints(n for n in range(951, 1000) if n % 10), _decimal_percent),
        (
            "We're targeting {v} of orders shipped on time.",
            "On-time dispatch goal: {v}.",
            "The aim is {v} on-time shipping this quarter.",
            "Get on-time shipping up to {v}.",
        ),
        (
            "Ops raised the on-time target to {v}.",
            "on time target {v} now",
            "On-time goal: {v}.",
            "We've settled on {v} as the on-time aim.",
            "From the next quarter it's {v}.",
        ),
        (
            "Our biggest competitor claims {d} on time; we don't chase their number.",
            "The customer is still negotiating for {d} in the contract; nothing agreed.",
        ),
    ),
    _single(
        "billable_target",
        "goal",
        "the annual billable hours target",
        (_ints(range(1400, 2250, 50)), _billable),
        (
            "Each associate's billable target is {v} a year.",
            "We're aiming for {v} billable per fee-earner this year.",
            "Annual billable goal: {v}.",
            "The target is {v} of billable work per head.",
        ),
        (
            "The partners cut the billable target to {v}.",
            "billable target {v} now",
            "Billable goal: {v}.",
            "It's {v} from the next financial year.",
            "We've settled on {v} per head.",
        ),
        (
            "The big City firms expect {d}; not our model.",
            "{name} logged {d} last year; that's a personal record, not the target.",
        ),
    ),
    _single(
        "menu_font",
        "preference",
        "the menu typeface",
        (_pick(_FONTS), _keep),
        (
            "I'd like the menus set in {v}.",
            "My preferred menu font is {v}.",
            "Print the menus in {v}, please; I like how it reads.",
            "For the menus I prefer {v}.",
        ),
        (
            "I've gone off the old font; let's use {v} for the menus.",
            "menus in {v} from now",
            "Menu font: {v}.",
            "Actually, {v} suits the new room better.",
            "Switch the menus to {v}.",
        ),
        (
            "The designer keeps suggesting {d}; I'm not keen.",
            "{name} would put the menus in {d}; I prefer mine.",
        ),
    ),
    _single(
        "letter_signoff",
        "preference",
        "the sign-off on client letters",
        (_pick(_SIGNOFFS), _keep),
        (
            'Sign off client letters with "{v}".',
            "I prefer our letters to close with {v}.",
            'Client correspondence should end "{v}".',
            "My preferred sign-off for client letters is {v}.",
        ),
        (
            'Let\'s close letters with "{v}" instead.',
            "sign-off: {v}",
            "I've come round to {v} for letters.",
            'Use "{v}" from now on.',
            "Letters end with {v} now.",
        ),
        (
            'The template from the old practice ends with "{d}"; ignore that template.',
            '{name} likes "{d}" on theirs; that\'s a personal choice.',
        ),
    ),
    _single(
        "status_slot",
        "preference",
        "the weekly status call slot",
        (_draw_slot, _slot),
        (
            "I'd rather have the weekly status call on {v}.",
            "Book our weekly compliance check-in for {v}; that suits me best.",
            "My preference for the status call is {v}.",
            "Status calls work best for me on {v}.",
        ),
        (
            "Move the status call to {v}, I prefer that now.",
            "status call {v} from now",
            "Status call: {v}.",
            "I'd like {v} instead.",
            "Let's do {v} going forward.",
        ),
        (
            "The client's general counsel suggested {d}; I'm not moving it for that.",
            "{name} prefers {d} for their calls; fine for them.",
        ),
    ),
)

FAMILIES: tuple[Family, ...] = (*(f for pair in _PAIRED for f in pair), *_SINGLES)
FAMILY_BY_NAME = {family.name: family for family in FAMILIES}
PAIRS = tuple(pair[0].pair for pair in _PAIRED if pair[0].pair)

GENERIC_DECOYS: tuple[str, ...] = (
    "{name} floated {d} for {s} on the call, but nothing is agreed and it stays as it is.",
    "Out of curiosity, how would things look if {s} were {d}? Not a change, just asking.",
    "There's an old printout on the office wall saying {s} is {d}. Out of date, disregard it.",
    "{S}: the draft proposal says {d}, but it hasn't been signed off, so don't act on it.",
)
PREFERENCE_DECOYS: tuple[str, ...] = (
    "{name} would pick {d} for {s} if it were up to them, but it's my call and I haven't "
    "changed my mind.",
)

# --- filler -------------------------------------------------------------------------------

COLLEAGUES = ("Rosalind", "Gustavo", "Hanne", "Ivo", "Delphine", "Mateus", "Saoirse", "Ravi")
TOPICS = (
    "the staff rota",
    "the new dishwasher",
    "the case bundle index",
    "the forklift training",
    "the printer on the second floor",
    "the onboarding checklist",
    "the fire drill",
    "the loading bay lights",
    "the intranet search",
    "the laundry service",
    "the client newsletter",
    "the spare laptops",
)
QUESTIONS = (
    "Any thoughts on {t}?",
    "Can you sketch a plan for {t}?",
    "What's the quickest way to sort out {t}?",
    "Could you draft a short note about {t}?",
    "What would you check first with {t}?",
    "How do other places usually handle {t}?",
)
THANKS = (
    "Thanks, that's useful.",
    "Appreciate it.",
    "Great, thank you.",
    "Perfect, ta.",
    "Lovely.",
)
ACKS = (
    "Noted.",
    "Got it, I'll keep that in mind.",
    "Understood.",
    "Okay, recorded.",
    "Sure, I'll work with that.",
    "Right, written down.",
)
ECHOES = ("Noted: {v}.", "Okay, {v} it is.", "Got it - {v}.", "Understood, I'll go by {v}.")
DECOY_ACKS = (
    "Okay, I'll leave things as they are.",
    "Understood, nothing changes.",
    "Noted as background only.",
    "Fine, I won't act on that.",
)
OPENERS = (
    "I juggle a restaurant, some legal compliance work, a factory floor and the IT side. "
    "Help me keep track of it all.",
    "Morning. I'll be throwing operational details at you all day; keep them straight.",
    "Can you be my memory this week? Lots of rules and figures coming your way.",
    "Let's get organised, I have a pile of operational notes for you.",
)
SYSTEMS = (
    "You are an operations assistant for a small group of businesses. Keep track of what "
    "the user tells you.",
    "You help the user run day-to-day operations. Be concise and accurate.",
    "You are a careful assistant. Remember the user's rules, facts, goals and preferences.",
)
_SENTENCES = (
    "Start by listing the {a} open items and sort them into {b} buckets.",
    "A sensible first pass takes {a} steps; the last {b} can run side by side.",
    "Most teams split this across {a} people and review it after {b} sessions.",
    "You could print {a} copies and leave {b} spares at reception.",
    "Expect roughly {a} questions from staff; answer the top {b} in a short FAQ.",
    "Label the {a} boxes and keep {b} of them by the door.",
    "Walk the site with {b} people and jot down the first {a} things that need fixing.",
)
_BULLETS = (
    "- check who owns it",
    "- write down the next step",
    "- agree when to look at it again",
    "- tell the people affected",
    "- keep a short log",
)


def filler_answer(rng: random.Random) -> str:
    """Two or three sentences with unrelated small numbers, sometimes a short bullet list."""
    sentences = [
        rng.choice(_SENTENCES).format(a=rng.randint(3, 40), b=rng.randint(2, 9))
        for _ in range(rng.randint(2, 3))
    ]
    text = " ".join(sentences)
    if rng.random() < 0.4:
        text += "\n" + "\n".join(rng.sample(_BULLETS, rng.randint(2, 4)))
    return text


# --- self-check ---------------------------------------------------------------------------


def _fixed_texts() -> list[str]:
    """Every piece of text the corpus writes that is not a value: the template fragments
    around the placeholders, the subjects and all the filler."""
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

    corpus.TEMPLATES.setdefault("heldout_h", "_task_state_templates_heldout_h")
    corpus.use_templates("heldout_h")
    assert vars(corpus)["FAMILIES"] is FAMILIES
    assert corpus.GENERIC_DECOYS is GENERIC_DECOYS
    assert corpus.PREFERENCE_DECOYS is PREFERENCE_DECOYS

    # The families: unique names, every kind among the singles, pairs of two of one kind.
    assert len(FAMILY_BY_NAME) == len(FAMILIES)
    assert 36 <= len(FAMILIES) <= 44
    for kind in KINDS:
        assert sum(1 for f in FAMILIES if f.kind == kind and f.pair is None) >= 3, kind
    assert len(PAIRS) >= 10
    assert len(set(PAIRS)) == len(PAIRS)
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
            assert "<x>" not in template, (family.name, template)
            assert "<X>" not in template, (family.name, template)
            template.format(v="x")
        for template in family.decoys:
            assert "{v}" not in template, (family.name, template)
            assert "<x>" not in template, (family.name, template)
            assert "<X>" not in template, (family.name, template)
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
    distinct = {}
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

    templates = set().union(*(t.templates for t in built))
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
        f"heldout_h: {len(FAMILIES)} families ({len(PAIRS)} pairs), {total} family templates "
        f"+ {len(GENERIC_DECOYS) + len(PREFERENCE_DECOYS)} generic decoys; "
        f"{len(built)} transcripts (seeds 1-10 x {per_seed}), {len(templates)} templates used "
        f"({len(family_used)} of the families' own), "
        f"{len(events)} events ({dict(Counter(e.action for e in events))}), "
        f"updates per slot {dict(sorted(chains.items()))}, {redraws} redraws, "
        f"fewest distinct values in a family {min(distinct.values())}: ok"
    )


if __name__ == "__main__":
    # Check the module as the generator imports it, not this ``__main__`` copy.
    import _task_state_templates_heldout_h

    _task_state_templates_heldout_h._self_check()
