"""A sixth held-out template set for ``_task_state_corpus`` (``--corpus heldout_f``).

Written blind: its author did not open anything under ``src/packlight/`` (the statement,
constraint and ledger code, the supersession logic), the tests, ``bench_task_state.py``,
``benchmarks/results/`` or the other held-out template modules (of
``_task_state_templates_heldout_d.py`` and ``_task_state_templates_heldout_e.py`` only their
module docstrings, and of the latter the structure of its self-check), and did not run
packlight on these templates. Of ``_task_state_templates.py`` only the interface was read
(``KINDS``, the ``Value`` and ``Family`` dataclasses, the helper signatures and how the
families and the filler are exposed), not its sentences; ``_task_state_corpus.py`` was read
in full. Every sentence, word list and filler line here is new.

Forty-one slots, about half software and data work and half other work. The software half:
a public and a partner API rate limit, application and audit log retention, the paid and the
free tier's uptime target, the primary and the secondary on-call, a backup and an export
bucket, a Friday deploy cut-off, a host nobody may touch, the nightly import's batch size,
a monthly cloud budget, a project codename, a release branch, a checkout latency target, a
Kubernetes upgrade target, a legacy API's shutdown date, how pull requests are merged, a
status channel and the time zone of report timestamps. The other half: a delivery van's
front and rear tyre pressure and its replacement fund, a dive trip's depth limits for
beginners and for the advanced group, a bike shop's weekday and Saturday opening time, a
small business's VAT return and payroll filing dates, a microbrewery's lager and pale ale
fermentation temperatures, the front and back door paint colours, a warehouse rack's
top-shelf load limit, a pottery kiln's unattended limit, a freelancer's minimum hourly
rate, the accountant's e-mail address, a self-storage unit number and the staff lunch
caterer.

Values are money in euros (with European and "k" spellings), Swiss francs and pounds,
request rates, durations in days, uptime percentages (and "four nines"), people's names,
e-mail addresses, bucket URIs, hostnames, tyre pressures, depths in metres, clock times in
24-hour and am/pm spellings, dates in several orders and ordinals, temperatures in Celsius,
weights, row counts, latencies, versions, branch names, unit numbers, chat channels, IANA
time zones and free text (a codename, paint colours, a merge style, a caterer); updates
sometimes spell a number in words. Eleven look-alike pairs differ only by scope (public and
partner API, application and audit logs, paid and free tier, primary and secondary on-call,
backup and export bucket, front and rear tyres, beginner and advanced divers, weekday and
Saturday opening, VAT and payroll filing, lager and pale ale, front and back door).
Supersessions carry no common header: many verbs ("got bumped to", "derated", "swapped in",
"we're calling it ... now"), plain restatements with no change word, the slot named by a
synonym ("the untouchable box", "the pager", "second line", "the pot") or by "it", some in
lower-case chat with the odd typo. Decoys are questions, hypotheticals, other people's or
other teams' values, values still being negotiated, values from the past, a vendor's default,
a measurement that is not a target, and stale wiki pages, brochures and stickers to ignore.

Run as a script, the module builds seeds 1-10 (eight transcripts each) and checks the
corpus's invariants (``python benchmarks/_task_state_templates_heldout_f.py``).
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

# --- number words -------------------------------------------------------------------------

# fmt: off
_ONES = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_MONTHS = (
    "", "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
)
# fmt: on


def _words(n: int) -> str:
    """``340`` -> ``three hundred and forty``; ``2250`` -> ``two thousand two hundred and
    fifty`` (below ten thousand)."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_ONES[hundreds]} hundred" + (f" and {_words(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    head = f"{_ONES[thousands]} thousand"
    if not rest:
        return head
    return f"{head} {_words(rest)}" if rest >= 100 else f"{head} and {_words(rest)}"


def _value(text: str, forms: Iterable[str]) -> Value:
    """``text`` as written; ``forms`` every spelling a stale check looks for (text first)."""
    return Value(text, tuple(dict.fromkeys((text, *forms))))


def _tag(rng: random.Random) -> str:
    """Three characters like ``7k2``: a digit, a letter, a digit or a letter."""
    letters = "abcdefghjkmnpqrstuvwxyz"
    return rng.choice("23456789") + rng.choice(letters) + rng.choice(string.digits + letters)


# --- value kinds --------------------------------------------------------------------------


def _rate() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        words = f"{_words(n)} requests per minute"
        forms = (
            f"{n} requests per minute",
            f"{n} requests a minute",
            f"{n} req/min",
            f"{n} rpm",
            f"{n}/min",
            words,
        )
        if in_update and rng.random() < 0.25:
            return _value(words, forms)
        return _value(rng.choice(forms[:5]), forms)

    return (lambda rng: rng.randrange(100, 1000, 10)), render


def _days() -> Spec:
    choices = (14, 15, 20, 21, 28, 30, 35, 40, 42, 45, 50, 56, 60, 63, 70, 75, 80, 84, 90, 99)

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        words = _words(n)
        forms = (f"{n} days", f"{n}-day", f"{words} days", f"{words}-day")
        if in_update and rng.random() < 0.3:
            return _value(f"{words} days", forms)
        return _value(f"{n} days", forms)

    return (lambda rng: rng.choice(choices)), render


_NINES = {"99.9": "three nines", "99.95": "three and a half nines", "99.99": "four nines"}


def _uptime() -> Spec:
    # fmt: off
    choices = (
        "99.5", "99.55", "99.6", "99.65", "99.7", "99.75", "99.8", "99.85", "99.9", "99.92",
        "99.93", "99.95", "99.97", "99.98", "99.99", "99.995",
    )
    # fmt: on

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        p = str(raw)
        forms = [f"{p}%", f"{p} percent", f"{p} per cent", f"{p} %"]
        if p in _NINES:
            forms.append(_NINES[p])
            if in_update and rng.random() < 0.4:
                return _value(_NINES[p], forms)
        return _value(rng.choice((forms[0], forms[0], forms[1])), forms)

    return (lambda rng: rng.choice(choices)), render


def _person(firsts: tuple[str, ...], lasts: tuple[str, ...]) -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        return _value(str(raw), ())

    return (lambda rng: f"{rng.choice(firsts)} {rng.choice(lasts)}"), render


def _bucket() -> Spec:
    teams = ("acme", "orbit", "polar", "umbra", "kite", "ferro", "lumen", "basalt")
    labels = ("vault", "blob", "store", "drop", "arc", "crate")

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        name = str(raw)
        uri = f"s3://{name}"
        return _value(rng.choice((uri, uri, name)), (uri, name))

    return (lambda rng: f"{rng.choice(teams)}-{rng.choice(labels)}-{_tag(rng)}"), render


def _psi() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        forms = (f"{n} psi", f"{n}psi", f"{n} PSI", f"{_words(n)} psi")
        if in_update and rng.random() < 0.25:
            return _value(forms[3], forms)
        return _value(rng.choice(forms[:3]), forms)

    return (lambda rng: rng.randint(28, 55)), render


def _depth() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        forms = (f"{n} metres", f"{n} meters", f"{n}m", f"{n}-metre", f"{_words(n)} metres")
        if in_update and rng.random() < 0.3:
            return _value(forms[4], forms)
        return _value(rng.choice((forms[0], forms[0], forms[1], forms[2])), forms)

    return (lambda rng: rng.randint(10, 40)), render


def _clock(first: int, last: int) -> Spec:
    """Clock times from ``first`` o'clock to a quarter to ``last`` in quarter hours; the raw
    value is minutes after midnight. Afternoon times get no bare ``h:mm`` form (``3:30`` is
    inside ``13:30``), and no range may hold five o'clock or noon (``5 pm`` is inside
    ``4:15 pm``, ``2 pm`` inside ``12 pm``)."""

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        hour, minute = divmod(int(raw), 60)
        suffix = "am" if hour < 12 else "pm"
        h12 = hour if hour <= 12 else hour - 12
        forms = [f"{hour:02d}:{minute:02d}"]
        if hour < 12:
            forms.append(f"{hour}:{minute:02d}")
        forms += [
            f"{h12}:{minute:02d} {suffix}",
            f"{h12}:{minute:02d}{suffix}",
            f"{h12}.{minute:02d}{suffix}",
            f"{h12}.{minute:02d} {suffix}",
        ]
        if minute == 0:
            forms += [f"{h12} {suffix}", f"{h12}{suffix}"]
        if minute == 30:
            forms.append(f"half past {_ONES[h12]}")
        ampm = f"{h12}:{minute:02d} {suffix}"
        spoken = forms[-1] if minute in (0, 30) else ampm
        if in_update and rng.random() < 0.35:
            return _value(spoken, forms)
        return _value(rng.choice((forms[0], forms[0], ampm)), forms)

    return (lambda rng: rng.randrange(first * 60, last * 60, 15)), render


def _ordinal(day: int) -> str:
    if 11 <= day <= 13:
        return f"{day}th"
    return f"{day}" + {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _date() -> Spec:
    """Dates on days 10-28 (no day is the start of another), in five spellings."""

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        month, day = divmod(int(raw), 100)
        name, short = _MONTHS[month], _MONTHS[month][:3]
        forms = (
            f"{name} {day}",
            f"{day} {name}",
            f"{short} {day}",
            f"{day} {short}",
            f"{_ordinal(day)} of {name}",
        )
        if in_update and rng.random() < 0.25:
            return _value(forms[4], forms)
        return _value(rng.choice((forms[0], forms[0], forms[1])), forms)

    return (lambda rng: rng.randint(1, 12) * 100 + rng.randint(10, 28)), render


def _celsius(low: int, high: int, step: int, halves: bool = False) -> Spec:
    """Temperatures; with ``halves`` the raw value counts half degrees."""

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        number = f"{int(raw) / 2:g}" if halves else str(raw)
        forms = (f"{number} °C", f"{number}°C", f"{number} degrees", f"{number} degrees C")
        return _value(rng.choice((forms[0], forms[0], forms[1], forms[2])), forms)

    scale = 2 if halves else 1
    return (lambda rng: rng.randrange(low * scale, high * scale + 1, step)), render


def _kilos() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        forms = (f"{n} kg", f"{n}kg", f"{n} kilos", f"{n} kilograms")
        return _value(rng.choice((forms[0], forms[0], forms[1], forms[2])), forms)

    return (lambda rng: rng.randrange(250, 1000, 25)), render


def _rows() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        forms = (f"{n:,} rows", f"{n} rows", f"{_words(n)} rows")
        if in_update and rng.random() < 0.2:
            return _value(forms[2], forms)
        return _value(rng.choice(forms[:2]), forms)

    return (lambda rng: rng.randrange(1000, 10000, 250)), render


def _millis() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        forms = (f"{n} ms", f"{n}ms", f"{n} milliseconds")
        return _value(rng.choice(forms), forms)

    return (lambda rng: rng.randrange(120, 490, 10)), render


def _k_spelling(n: int) -> str:
    return f"{n / 1000:g}k"


def _euros() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        comma = f"{n:,}"
        forms = (
            f"€{comma}",
            f"EUR {comma}",
            f"{comma.replace(',', '.')} €",
            f"€{n}",
            f"{comma} euros",
            f"{n} euros",
            f"{comma} EUR",
            f"€{_k_spelling(n)}",
            f"{_words(n)} euros",
        )
        if in_update and rng.random() < 0.35:
            return _value(rng.choice((forms[7], forms[8], forms[4])), forms)
        return _value(rng.choice((forms[0], forms[0], forms[1], forms[2])), forms)

    return (lambda rng: rng.randrange(1000, 10000, 100)), render


def _francs() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        forms = (
            f"CHF {n}",
            f"{n} CHF",
            f"{n} francs",
            f"{n} Swiss francs",
            f"Fr. {n}",
            f"{_words(n)} francs",
        )
        if in_update and rng.random() < 0.3:
            return _value(rng.choice((forms[3], forms[5])), forms)
        return _value(rng.choice((forms[0], forms[0], forms[1], forms[2])), forms)

    return (lambda rng: rng.randrange(100, 400, 5)), render


def _pounds() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        comma = f"{n:,}"
        forms = (
            f"£{comma}",
            f"£{n}",
            f"£{_k_spelling(n)}",
            f"{comma} pounds",
            f"{n} pounds",
            f"GBP {comma}",
            f"{comma} quid",
            f"{_words(n)} pounds",
        )
        if in_update and rng.random() < 0.35:
            return _value(rng.choice((forms[2], forms[6], forms[7])), forms)
        return _value(rng.choice((forms[0], forms[0], forms[3], forms[5])), forms)

    return (lambda rng: rng.randrange(2000, 10000, 100)), render


def _words_of(options: tuple[str, ...], lower: bool = False) -> Spec:
    """Free text: one of ``options``, also looked for in lower case when ``lower``."""

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        text = str(raw)
        return _value(text, (text.lower(),) if lower else ())

    return (lambda rng: rng.choice(options)), render


def _branch() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        name = str(raw)
        return _value(name, (name.replace("/", "-"),))

    return (lambda rng: f"release/{rng.randint(24, 27)}.{rng.randint(1, 12):02d}"), render


def _version() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        version = str(raw)
        return _value(rng.choice((version, version, f"v{version}")), (version, f"v{version}"))

    return (lambda rng: f"1.{rng.randint(27, 34)}.{rng.randint(1, 9)}"), render


def _host() -> Spec:
    services = ("ledger", "billing", "pg", "vault", "kafka", "etcd", "payroll", "minio")
    sites = ("fra1", "ams2", "iad3", "sin1", "lhr4")

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        short = str(raw)
        full = f"{short}.{rng.choice(sites)}.internal"
        return _value(rng.choice((full, full, short)), (full, short))

    return (lambda rng: f"{rng.choice(services)}-{_tag(rng)}"), render


def _email() -> Spec:
    firsts = ("hannah", "omar", "lucia", "theo", "anika", "bruno", "celine", "dario")
    lasts = ("voss", "mbeki", "lindgren", "okafor", "ferreira", "novak", "quayle", "sato")
    domains = ("ledgerwise.example", "northtax.example", "clearbooks.example", "kpw.example")

    def draw(rng: random.Random) -> str:
        return f"{rng.choice(firsts)}.{rng.choice(lasts)}@{rng.choice(domains)}"

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        return _value(str(raw), ())

    return draw, render


def _unit() -> Spec:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        unit = str(raw)
        return _value(unit, (unit.replace("-", ""),))

    return (lambda rng: f"{rng.choice('ABCDEFGH')}-{rng.randint(100, 499)}"), render


def _channel() -> Spec:
    teams = ("plat", "infra", "rel", "ship", "core", "edge", "data", "web")
    kinds = ("status", "updates", "news", "pulse", "radar", "digest")

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        channel = str(raw)
        return _value(channel, (channel[1:],))

    return (lambda rng: f"#{rng.choice(teams)}-{rng.choice(kinds)}"), render


# fmt: off
_ONCALL_FIRST = (
    "Amara", "Bogdan", "Chiara", "Dmitri", "Esme", "Farouk", "Greta", "Hiroshi", "Ingrid",
    "Joaquin", "Kwame", "Leonie", "Mateo", "Nadia", "Oskar", "Priya", "Rafael", "Saoirse",
)
_ONCALL_LAST = (
    "Adeyemi", "Brandt", "Castellano", "Dvorak", "Eriksen", "Fontaine", "Gallagher", "Haddad",
    "Ivanova", "Jaramillo", "Kowalczyk", "Lindqvist", "Moreau", "Nakamura", "Okonkwo",
)
_CODENAMES = (
    "Marigold", "Kestrel", "Tamarind", "Juniper", "Osprey", "Quartzite", "Halyard", "Sorrel",
    "Bramble", "Pumice", "Lantana", "Fennec", "Tundra", "Wombat", "Larkspur", "Ibex",
    "Marlin", "Zephyr", "Nimbus", "Cardamom",
)
_PAINTS = (
    "Sage Green", "Slate Grey", "Oxblood Red", "Mustard Yellow", "Dove White",
    "Charcoal Black", "Teal Blue", "Terracotta", "Duck Egg Blue", "Plum Purple",
    "Forest Green", "Powder Blue", "Brick Red", "Burnt Orange", "Pebble Grey",
    "Midnight Navy", "Olive Drab", "Heather Pink", "Stone Beige", "Ochre Gold",
)
_MERGES = (
    "squash-and-merge", "rebase-and-merge", "plain merge commits", "fast-forward only",
    "stacked pull requests", "one commit per ticket", "signed merge commits",
    "squash with a changelog line", "small commits straight to trunk",
    "cherry-picks onto the release line",
)
_ZONES = (
    "Europe/Lisbon", "Europe/Berlin", "Europe/Warsaw", "Europe/Helsinki", "Europe/Dublin",
    "America/Chicago", "America/Denver", "America/Toronto", "America/Bogota",
    "America/Santiago", "Asia/Tokyo", "Asia/Singapore", "Asia/Kolkata", "Asia/Dubai",
    "Asia/Seoul", "Australia/Perth", "Australia/Brisbane", "Pacific/Auckland",
    "Africa/Nairobi", "Africa/Lagos",
)
_CATERERS = (
    "Olive & Thyme", "Saffron Kitchen", "Bread & Barrel", "Green Fork", "The Dumpling Co.",
    "Casa Lupe", "Fennel Street Deli", "Noodle Barn", "Harvest Table", "Mezze Brothers",
    "Pickle & Pie", "Tandoor Lane", "Sunday Bowl", "Kimchi Corner",
)
# fmt: on


def _family(
    name: str,
    kind: str,
    subject: str,
    spec: Spec,
    states: tuple[str, ...],
    updates: tuple[str, ...],
    decoys: tuple[str, ...] = (),
    pair: str | None = None,
) -> Family:
    draw, render = spec
    return Family(name, kind, subject, draw, render, states, updates, decoys, pair)


# --- slot families ------------------------------------------------------------------------

FAMILIES: tuple[Family, ...] = (
    # --- look-alike pairs: software ---
    _family(
        "public_api_rate",
        "constraint",
        "the public API rate limit",
        _rate(),
        (
            "Public API rate limit: {v} per client key.",
            "The public API must not let any single key go above {v}.",
            "cap the public endpoints at {v}, thats what the gateway config has to enforce",
            "For anonymous and free callers on the public API, throttle at {v}.",
            "{v} is the ceiling for the public API.",
        ),
        (
            "The gateway folks raised the public API ceiling to {v}.",
            "public api throttle is {v} now",
            "Make the public-facing limit {v} instead.",
            "After the scraping last night we're tightening the public API to {v}.",
            "Public API, new number: {v}.",
            "The open API can take {v} from here on.",
            "For the public side, drop it to {v}.",
        ),
        (
            "{name} load-tested the public API at {d} on a laptop; that's a benchmark result, "
            "not the limit.",
            "Would {d} on the public API be enough for the hackathon crowd? Just wondering.",
        ),
        pair="ratelimit",
    ),
    _family(
        "partner_api_rate",
        "constraint",
        "the partner API rate limit",
        _rate(),
        (
            "Partner API rate limit: {v}.",
            "Partners calling the partner API get throttled at {v}.",
            "The limit for partner integrations is {v}, it's in their contracts.",
            "we allow {v} on the partner API, no more",
            "{v} — that's what partner API keys are allowed.",
        ),
        (
            "Signed the contract amendment: partners get {v} now.",
            "Partner API limit got bumped to {v}.",
            "Raise the partner throttle to {v}.",
            "the partner-facing limit is {v} as of this morning",
            "Partner keys: {v} going forward.",
            "For partner traffic make it {v}.",
        ),
        (
            "One partner asked for {d} on the partner API; legal hasn't agreed to anything.",
            "Our biggest partner's own API allows {d}; that's their limit, not ours.",
        ),
        pair="ratelimit",
    ),
    _family(
        "app_log_retention",
        "constraint",
        "the application log retention",
        _days(),
        (
            "Application logs are kept for {v}, then deleted.",
            "Keep app logs {v} max.",
            "Retention for application logs: {v}.",
            "Don't keep application logs longer than {v}; the privacy review was clear.",
            "The app log indexes roll off after {v}.",
        ),
        (
            "App logs can stay {v} now, storage got cheaper.",
            "Cut application log retention to {v}.",
            "application logs: {v} from now on",
            "Privacy signed off on {v} for the app logs.",
            "For the app logs, shorten it to {v}.",
            "We'll hold application logs for {v} instead.",
        ),
        (
            "The logging vendor's default is {d}; we don't use the default.",
            "{name} wants {d} for application logs; we're meeting about it later this week.",
        ),
        pair="retention",
    ),
    _family(
        "audit_log_retention",
        "constraint",
        "the audit log retention",
        _days(),
        (
            "Audit logs stay for {v} at least; never purge them earlier.",
            "Audit trail retention: {v}.",
            "We have to keep the audit logs {v}, it's a compliance requirement.",
            "audit logs are retained for {v}",
            "{v} of audit logs, always.",
        ),
        (
            "Compliance now says {v} for the audit trail.",
            "The auditors want the audit logs kept {v}.",
            "audit log retention -> {v}",
            "Extend the audit retention to {v}.",
            "For audit logs we're moving to {v}.",
            "It's {v} for the audit logs under the new policy.",
        ),
        (
            "The old compliance report listed {d} for audit logs; that was the previous policy.",
            "Could we get away with {d} for the audit trail? Not asking to change it.",
        ),
        pair="retention",
    ),
    _family(
        "paid_uptime",
        "goal",
        "the paid-tier uptime target",
        _uptime(),
        (
            "Goal for the paid tier: {v} uptime every month.",
            "We're aiming for {v} availability on the paid plans.",
            "Paid customers should see {v} uptime; that's the target.",
            "paid tier SLO = {v}",
            "The availability objective for paying customers is {v}.",
        ),
        (
            "Leadership wants the paid tier at {v} now.",
            "Paid-plan availability target: {v} from this quarter.",
            "We're committing to {v} for paying customers instead.",
            "Raise the paid SLO to {v}.",
            "For paid accounts, {v} is the bar.",
            "sales promised {v} on the paid plans so thats the goal now",
        ),
        (
            "A competitor advertises {d} for their paid tier; I don't care what they do.",
            "{name} floated {d} for the paid tier on a slide; it's only a proposal.",
        ),
        pair="sla",
    ),
    _family(
        "free_uptime",
        "goal",
        "the free-tier uptime target",
        _uptime(),
        (
            "For the free tier we target {v} uptime.",
            "Free plan availability goal: {v}.",
            "Free users get best effort, and best effort means {v}; that's the aim.",
            "the free tier SLO is {v}",
            "Aim for {v} on the free tier.",
        ),
        (
            "Free tier target drops to {v}.",
            "Let's aim for {v} on free accounts instead.",
            "free plan: {v} going forward",
            "We can loosen the free-tier goal to {v}.",
            "The non-paying tier's target is {v} now.",
            "For free users, make it {v}.",
        ),
        (
            "Last year the free tier actually hit {d}, but that's a measurement, not the goal.",
            "If we ever set the free tier to {d}, would support notice?",
        ),
        pair="sla",
    ),
    _family(
        "primary_oncall",
        "fact",
        "the primary on-call",
        _person(_ONCALL_FIRST, _ONCALL_LAST),
        (
            "Primary on-call this rotation is {v}.",
            "{v} holds the primary pager.",
            "If something breaks, page {v} first; they're primary.",
            "primary oncall: {v}",
            "The first responder for this cycle is {v}.",
        ),
        (
            "{v} swapped in as primary on-call.",
            "The primary pager moved to {v}.",
            "{v} is primary now, the previous person is out sick.",
            "Page {v} first from now on.",
            "The rota changed: primary is {v}.",
            "{v} took over the primary shift.",
        ),
        (
            "{name} asked if {d} could take primary next month. Not decided.",
            "The old rota PDF still lists {d} as primary; ignore it.",
        ),
        pair="oncall",
    ),
    _family(
        "secondary_oncall",
        "fact",
        "the secondary on-call",
        _person(_ONCALL_FIRST, _ONCALL_LAST),
        (
            "Secondary on-call: {v}.",
            "The backup pager goes to {v}.",
            "{v} is secondary this rotation; escalate there if the primary doesn't ack.",
            "If the primary doesn't answer, escalate to {v}, who's secondary.",
            "secondary oncall is {v}",
        ),
        (
            "{v} is covering secondary now.",
            "Escalation backup is {v} from today.",
            "Secondary moved to {v}.",
            "Swap the backup pager to {v}.",
            "{v} picked up the secondary shift.",
            "second line is {v} now",
        ),
        (
            "{d} was secondary back in the spring; that rotation is long over.",
            "Could {d} do secondary if someone falls ill? Only asking, nothing changes.",
        ),
        pair="oncall",
    ),
    _family(
        "backup_bucket",
        "fact",
        "the backup bucket",
        _bucket(),
        (
            "Nightly backups land in {v}.",
            "Backup bucket: {v}.",
            "The database dumps go to {v}; that's the backup bucket.",
            "backups are writen to {v}",
            "{v} is where the backup job writes.",
        ),
        (
            "We moved backups to {v}.",
            "Backups go to {v} now, the old bucket is read-only.",
            "point the backup job at {v}",
            "New backup destination: {v}.",
            "The backup target became {v} after the account split.",
            "Use {v} for backups from here.",
        ),
        (
            "There's a bucket called {d} in the console too, but it's a test {name} made.",
            "Would {d} be a clearer name for the backup bucket? Just thinking aloud.",
        ),
        pair="bucket",
    ),
    _family(
        "export_bucket",
        "fact",
        "the exports bucket",
        _bucket(),
        (
            "Customer exports are written to {v}.",
            "Export bucket: {v}.",
            "CSV exports for customers end up in {v}.",
            "the export job writes to {v}",
            "{v} holds the customer exports.",
        ),
        (
            "Exports go to {v} now.",
            "We repointed the export job to {v}.",
            "customer exports: {v} from today",
            "The exports live in {v} after the migration.",
            "Write the exports into {v} instead.",
            "{v} is the export destination now.",
        ),
        (
            "{name}'s team exports to {d}; that's their bucket, leave it.",
            "An old runbook says exports go to {d}; the runbook is out of date.",
        ),
        pair="bucket",
    ),
    # --- look-alike pairs: other work ---
    _family(
        "front_tyre",
        "safety",
        "the front tyre pressure on the van",
        _psi(),
        (
            "Safety rule for the van: front tyres at {v}, never lower.",
            "Don't let anyone drive the van if the front tyres are below {v}.",
            "Front axle pressure: {v} minimum, checked before every run.",
            "the front tyres have to be at {v} before the van leaves the yard",
            "Minimum front tyre pressure is {v}, fully loaded.",
        ),
        (
            "The garage says the front tyres should be {v} with the new tyres.",
            "Front tyres: {v} now.",
            "With the heavier loads, inflate the front ones to {v}.",
            "The front pressure is {v} from now on.",
            "fronts go to {v}",
            "The mechanic set the front minimum to {v}.",
        ),
        (
            "The sticker on the door frame says {d} for the fronts, but that's for the old tyres.",
            "{name}'s car runs its front tyres at {d}; different vehicle.",
        ),
        pair="tyre",
    ),
    _family(
        "rear_tyre",
        "safety",
        "the rear tyre pressure on the van",
        _psi(),
        (
            "Rear tyres on the van: {v} minimum, never drive it lower.",
            "Never take the van out with the rear tyres under {v}.",
            "Rear axle pressure: {v}, check it cold.",
            "the back tyres need {v} before any delivery",
            "{v} is the lowest the rear tyres may be.",
        ),
        (
            "Rear tyres go up to {v} now that we carry the pallets.",
            "Back tyres: {v} from today.",
            "The tyre shop recommends {v} for the rears.",
            "Rear pressure changed to {v}.",
            "rears at {v} now pls",
            "For the back axle make it {v}.",
        ),
        (
            "The rental van last summer ran {d} at the back; that was a different van.",
            "Is {d} too much for the rears? Just curious, don't change anything.",
        ),
        pair="tyre",
    ),
    _family(
        "beginner_depth",
        "safety",
        "the maximum depth for the beginner divers",
        _depth(),
        (
            "Beginner divers never go below {v}.",
            "Max depth for the open-water beginners: {v}.",
            "Nobody in the beginner group dives deeper than {v}.",
            "beginners stay shallower than {v}, no exceptions",
            "The depth limit for newly certified divers is {v}.",
        ),
        (
            "The instructor set the beginner limit at {v} for this trip.",
            "Beginners: {v} max from now on.",
            "With the poor visibility, keep the beginners above {v}.",
            "The beginner depth limit is {v} now.",
            "For the beginner group make it {v}.",
            "new rule from the dive master, beginners cap at {v}",
        ),
        (
            "The brochure says beginners can go to {d}; the brochure is wrong.",
            "{name} went to {d} on a first dive years ago; that's a story, not a rule.",
        ),
        pair="depth",
    ),
    _family(
        "advanced_depth",
        "safety",
        "the maximum depth for the advanced divers",
        _depth(),
        (
            "Advanced divers have a hard floor of {v}.",
            "The advanced group may not descend past {v}.",
            "Max depth for the advanced divers: {v}.",
            "advanced group limit is {v}, even on the wall dive",
            "No advanced diver goes deeper than {v} on this trip.",
        ),
        (
            "The boat captain wants the advanced group above {v} now.",
            "Advanced divers: {v} from tomorrow's dives on.",
            "We're limiting the advanced group to {v} instead.",
            "the advanced limit is {v} now",
            "Because of the current, the advanced cap becomes {v}.",
            "Let the advanced group go to {v}.",
        ),
        (
            "The dive computer rental sheet mentions {d}; that's about the gear, not our limit.",
            "{name} asked whether the advanced group could do {d}. I haven't said yes.",
        ),
        pair="depth",
    ),
    _family(
        "weekday_open",
        "fact",
        "the weekday opening time of the bike shop",
        _clock(6, 11),
        (
            "The bike shop opens at {v} on weekdays.",
            "Weekday opening: {v}.",
            "Monday to Friday we unlock the shop doors at {v}.",
            "on weekdays the shutters go up at {v}",
            "{v} is weekday opening at the shop.",
        ),
        (
            "We're opening at {v} on weekdays now.",
            "Weekdays start at {v} from this week.",
            "Weekday opening moved to {v}.",
            "Mon-Fri the doors open at {v} instead.",
            "shop hours changed, weekdays at {v}",
            "We'll open the shop at {v} on weekdays.",
        ),
        (
            "The café next door opens at {d}; different shop.",
            "The maps listing still shows {d} for weekdays; it's outdated.",
        ),
        pair="hours",
    ),
    _family(
        "saturday_open",
        "fact",
        "the Saturday opening time of the bike shop",
        _clock(6, 11),
        (
            "On Saturdays the bike shop opens at {v}.",
            "Saturday opening: {v}.",
            "We open at {v} on Saturdays.",
            "saturdays we start at {v}",
            "{v} on Saturday mornings, that's when the doors open.",
        ),
        (
            "Saturdays we open at {v} now.",
            "The Saturday opening moved to {v}.",
            "From this weekend the shop opens at {v} on Saturdays.",
            "Saturday: {v} instead.",
            "weekend opening is {v} now, saturdays i mean",
            "Open at {v} on Saturday from here on.",
        ),
        (
            "{name} suggested {d} on Saturdays; we're still talking about it.",
            "Years ago we opened at {d} on Saturdays; that's not the case any more.",
        ),
        pair="hours",
    ),
    _family(
        "vat_deadline",
        "goal",
        "the VAT return deadline",
        _date(),
        (
            "Goal: the VAT return filed by {v}.",
            "I want the VAT return submitted by {v}.",
            "The VAT return has to be in by {v}.",
            "vat return done by {v}",
            "Target date for the VAT return: {v}.",
        ),
        (
            "The accountant wants the VAT return by {v} instead.",
            "VAT return: aim for {v} now.",
            "Let's get the VAT return done by {v}.",
            "The VAT filing target moved to {v}.",
            "Push the VAT return to {v}.",
            "Bring the VAT return forward to {v}.",
        ),
        (
            "Last year the VAT return went in on {d}; that's history.",
            "{name} thinks we could file the VAT return on {d}; I haven't agreed.",
        ),
        pair="tax",
    ),
    _family(
        "payroll_deadline",
        "goal",
        "the payroll filing deadline",
        _date(),
        (
            "Payroll filing has to be done by {v}.",
            "Goal: payroll submission in by {v}.",
            "I'd like payroll filed no later than {v}.",
            "payroll filing target is {v}",
            "By {v} the payroll filing should be sent.",
        ),
        (
            "Payroll is due {v} now, the tax office changed the calendar.",
            "The payroll filing target is {v}.",
            "Aim to file payroll by {v} instead.",
            "payroll: {v}",
            "Move the payroll filing to {v}.",
            "We'll get payroll in by {v}.",
        ),
        (
            "The payroll software's reminder says {d}, but it's set to the wrong country.",
            "Would filing payroll on {d} cause any trouble? Just asking.",
        ),
        pair="tax",
    ),
    _family(
        "lager_temp",
        "constraint",
        "the lager fermentation temperature",
        _celsius(10, 24, 1, halves=True),
        (
            "Ferment the lager at {v}, never warmer.",
            "Lager fermentation temperature: {v}.",
            "The lager tanks are held at {v} while it ferments.",
            "keep the lager at {v} during fermentation",
            "{v} is the fermentation ceiling for the lager.",
        ),
        (
            "The new yeast wants the lager at {v}.",
            "Lager: {v} from this batch on.",
            "Set the lager tanks to {v} instead.",
            "the head brewer moved the lager to {v}",
            "Lager ferments at {v} now.",
            "For the lager, bring it to {v}.",
        ),
        (
            "The homebrew kit instructions say {d} for lager; we ignore those.",
            "{name}'s brewery runs lager at {d}; not our recipe.",
        ),
        pair="ferment",
    ),
    _family(
        "ale_temp",
        "constraint",
        "the pale ale fermentation temperature",
        _celsius(10, 24, 1, halves=True),
        (
            "The pale ale ferments at {v}, not a degree above.",
            "Pale ale fermentation temperature: {v}.",
            "Hold the pale ale at {v} in the fermenter.",
            "pale ale sits at {v} while fermenting",
            "{v} is the limit for the pale ale fermentation.",
        ),
        (
            "The pale ale goes to {v} from the next brew.",
            "Pale ale: {v} now.",
            "We're fermenting the pale ale at {v} instead.",
            "the ale fermenter gets set to {v} now",
            "For the pale ale, make it {v}.",
            "Head brewer says {v} for the pale ale.",
        ),
        (
            "The supplier's yeast sheet lists {d}; that's a range they test, not our setting.",
            "What would {d} do to the pale ale? Purely curious.",
        ),
        pair="ferment",
    ),
    _family(
        "front_door_paint",
        "preference",
        "the colour for the front door",
        _words_of(_PAINTS, lower=True),
        (
            "For the front door I'd like {v}.",
            "Front door colour: {v}.",
            "I prefer {v} on the front door.",
            "paint the front door {v} please",
            "My pick for the front door is {v}.",
        ),
        (
            "I've settled on {v} for the front door.",
            "Front door: go with {v}.",
            "changed my mind, {v} on the front door",
            "I want the front door in {v} instead.",
            "Let's do {v} for the front door after all.",
            "{v} for the front one; the first sample looked off.",
        ),
        (
            "The neighbours painted their front door {d}; I'm not copying them.",
            "Is {d} available in gloss? Just asking for later.",
        ),
        pair="paint",
    ),
    _family(
        "back_door_paint",
        "preference",
        "the colour for the back door",
        _words_of(_PAINTS, lower=True),
        (
            "The back door should be {v}.",
            "Back door colour: {v}.",
            "For the back door I like {v}.",
            "back door in {v} please",
            "I'd go {v} on the back door.",
        ),
        (
            "Make the back door {v} instead.",
            "Back door: {v} now.",
            "I'd rather have {v} on the back door.",
            "switch the back one to {v}",
            "On reflection the back door gets {v}.",
            "{v} for the back door; it suits the garden.",
        ),
        (
            "The painter's sample card had {d} circled; that was for another client.",
            "{name} likes {d} for a back door. Not for ours.",
        ),
        pair="paint",
    ),
    # --- singles: software ---
    _family(
        "deploy_freeze",
        "safety",
        "the Friday deploy cut-off",
        _clock(13, 17),
        (
            "No production deploys after {v} on Fridays.",
            "Friday rule: nothing ships to prod past {v}.",
            "Don't deploy to production on a Friday later than {v}.",
            "friday cutoff for prod deploys is {v}",
            "After {v} on Friday, production is frozen.",
        ),
        (
            "The Friday freeze starts at {v} now.",
            "Move the Friday cut-off to {v}.",
            "We'll stop Friday deploys at {v} instead.",
            "friday prod freeze: {v}",
            "The weekend freeze kicks in at {v} on Fridays.",
            "Ops asked us to make it {v} for the Friday freeze.",
        ),
        (
            "The platform team freezes at {d} on Fridays; that's their repo, not ours.",
            "Could we ever stretch the Friday cut-off to {d}? Hypothetically.",
        ),
    ),
    _family(
        "offlimits_host",
        "safety",
        "the host nobody may touch",
        _host(),
        (
            "Never run anything against {v}; it's the billing box.",
            "{v} is off-limits. No commands, no migrations, nothing.",
            "Do not connect to {v} under any circumstances.",
            "No scripts, queries or restarts on {v}.",
            "hands off {v}, it's still serving invoices",
        ),
        (
            "The untouchable box is {v} now; the old one got decommissioned.",
            "Billing moved, so the host to keep away from is {v}.",
            "The off-limits host changed to {v}.",
            "From now on stay off {v} instead.",
            "{v} replaces the old host on the do-not-touch list.",
            "the no-touch rule applies to {v} now",
        ),
        (
            "{name} mentioned {d} is fragile too, but it's not on our list.",
            "Is {d} the billing box? Just asking, don't touch anything.",
        ),
    ),
    _family(
        "batch_rows",
        "constraint",
        "the batch size of the nightly import",
        _rows(),
        (
            "The nightly import may write at most {v} per batch.",
            "Batch size cap: {v}.",
            "Keep every import batch under {v}; the replica lags otherwise.",
            "max {v} per batch for the nightly job",
            "No batch in the import should exceed {v}.",
        ),
        (
            "The DBA says batches can go up to {v}.",
            "Shrink the import batches to {v}.",
            "batch cap {v} now",
            "New ceiling for the importer: {v} per batch.",
            "Let's use {v} per batch instead.",
            "After the index fix it's {v} per batch.",
        ),
        (
            "The client library's default batch is {d}; we override it.",
            "What happens if a batch hits {d}? Curious, not a change.",
        ),
    ),
    _family(
        "cloud_budget",
        "constraint",
        "the monthly cloud budget",
        _euros(),
        (
            "Cloud spend must stay under {v} a month.",
            "Monthly cloud budget: {v}, hard cap.",
            "We can't go over {v} per month on the cloud bill.",
            "cloud bill ceiling is {v} a month",
            "Keep the infrastructure bill below {v} monthly.",
        ),
        (
            "Finance raised the cloud cap to {v} a month.",
            "Quick update: monthly cloud spend needs to stay under {v} from now on.",
            "The cloud budget is {v} now.",
            "We have {v} a month for cloud going forward.",
            "Cut the monthly cloud ceiling to {v}.",
            "It's {v} per month for infrastructure after the board meeting.",
        ),
        (
            "Our sister team's cloud budget is {d}; that's not our number.",
            "{name} is pushing for {d} a month on cloud; finance hasn't answered.",
        ),
    ),
    _family(
        "codename",
        "fact",
        "the project codename",
        _words_of(_CODENAMES, lower=True),
        (
            "The project's codename is {v}.",
            "Internally we call this project {v}.",
            "codename: {v}",
            "Use {v} as the project name in tickets and docs.",
            "{v} is what the project is called internally.",
        ),
        (
            "We're calling it {v} now.",
            "Rebrand: the project is {v} from today.",
            "New codename, {v}.",
            "Marketing renamed the project to {v}.",
            "Refer to the project as {v} going forward.",
            "the project goes by {v} now",
        ),
        (
            "The other squad's project is called {d}; don't mix them up.",
            "{name} suggested {d} as a codename; nobody has voted yet.",
        ),
    ),
    _family(
        "release_branch",
        "fact",
        "the release branch",
        _branch(),
        (
            "Release fixes go on {v}.",
            "The current release branch is {v}.",
            "cut hotfixes from {v}",
            "Release branch: {v}.",
            "{v} is the branch we ship from.",
        ),
        (
            "We branched again; release work is on {v} now.",
            "Hotfixes target {v} from here.",
            "Ship from {v} instead.",
            "New release line: {v}.",
            "The release branch became {v} this morning.",
            "switch to {v} for release work",
        ),
        (
            "There's a stale {d} branch lying around; ignore it.",
            "Should we have named it {d}? Doesn't matter, no change.",
        ),
    ),
    _family(
        "checkout_latency",
        "goal",
        "the checkout p95 latency target",
        _millis(),
        (
            "Target: checkout p95 under {v}.",
            "We want the checkout endpoint's p95 at {v} or better.",
            "Goal for this quarter: a checkout p95 of {v}.",
            "get checkout p95 down to {v}",
            "Checkout should answer within {v} at the 95th percentile.",
        ),
        (
            "Product wants checkout p95 at {v} now.",
            "The latency goal for checkout is {v} after the redesign.",
            "Let's aim for {v} p95 on checkout instead.",
            "checkout p95 target -> {v}",
            "Tighten the checkout goal to {v}.",
            "We can relax it to {v} for checkout.",
        ),
        (
            "Staging measured {d} p95 on checkout yesterday; that's a measurement, not the goal.",
            "Would {d} on checkout even be noticeable to users? Just curious.",
        ),
    ),
    _family(
        "k8s_target",
        "goal",
        "the Kubernetes upgrade target",
        _version(),
        (
            "Goal: the cluster runs Kubernetes {v} by the end of the quarter.",
            "We're upgrading the cluster to Kubernetes {v}.",
            "Target Kubernetes version: {v}.",
            "get us onto k8s {v}",
            "The upgrade should land us on {v}.",
        ),
        (
            "Skip ahead, the target is Kubernetes {v}.",
            "We'll stop the upgrade at {v} instead.",
            "The upgrade target moved to {v}.",
            "The cloud provider only supports up to {v}, so aim for that.",
            "k8s target is {v} now",
            "Let's land the cluster on {v}.",
        ),
        (
            "The dev cluster already runs {d}; that's not the production target.",
            "{name} read that {d} has a nasty bug; we're not changing plans over a rumour.",
        ),
    ),
    _family(
        "legacy_api_sunset",
        "goal",
        "the v1 API shutdown date",
        _date(),
        (
            "We want the v1 API shut down by {v}.",
            "Target for turning off the legacy API: {v}.",
            "The old API goes dark on {v}.",
            "legacy api sunset: {v}",
            "By {v}, no customer should still be calling v1.",
        ),
        (
            "The v1 shutdown moved to {v}.",
            "Legal asked us to keep v1 alive until {v}.",
            "Sunset is {v} now.",
            "We'll switch the legacy API off on {v} instead.",
            "pushed the v1 turn-off to {v}",
            "Bring the shutdown forward to {v}.",
        ),
        (
            "The deprecation e-mail from last year said {d}; that date is dead.",
            "{name} asked if v1 could live until {d}; we're still discussing it.",
        ),
    ),
    _family(
        "merge_style",
        "preference",
        "the merge style for pull requests",
        _words_of(_MERGES),
        (
            "I prefer {v} for our pull requests.",
            "Merge style: {v}.",
            "Please use {v} when you merge.",
            "we do {v} on this repo, that's my preference",
            "{v}, that's how I like PRs merged.",
        ),
        (
            "Switching to {v} for merges.",
            "I'd rather we did {v} from now on.",
            "For merging, let's go with {v} instead.",
            "merges: {v} now please",
            "The team voted and I'm happy with {v}.",
            "Go back to {v}, it reads better in the history.",
        ),
        (
            "The upstream project uses {d}; that's their convention.",
            "{name} swears by {d}, but I don't.",
        ),
    ),
    _family(
        "status_channel",
        "preference",
        "the status channel",
        _channel(),
        (
            "Post status updates in {v}.",
            "I want the daily status in {v}.",
            "Status channel: {v}.",
            "drop updates in {v} please",
            "{v} is where I'd like progress notes to go.",
        ),
        (
            "Post updates to {v} now.",
            "Status goes in {v} from today.",
            "Use {v} for updates instead.",
            "We made a new channel, {v}; put updates there.",
            "updates -> {v}",
            "I'd prefer {v} for the daily notes now.",
        ),
        (
            "{name} posts theirs in {d}; that's their team's channel.",
            "Someone created {d} by accident; ignore it.",
        ),
    ),
    _family(
        "report_timezone",
        "preference",
        "the time zone for report timestamps",
        _words_of(_ZONES),
        (
            "Show report timestamps in {v}.",
            "Timestamps in reports: {v}.",
            "Use {v} for every timestamp on the dashboards.",
            "report tz = {v}",
            "I like times rendered in {v}.",
        ),
        (
            "Switch report timestamps to {v}.",
            "I'd rather see {v} in the reports now.",
            "Reports: {v} from now on.",
            "Moving to {v} for timestamps since most readers sit there.",
            "Render times in {v} instead.",
            "set the dashboards to {v}",
        ),
        (
            "The raw logs are stamped in {d}; leave those alone.",
            "{name} wants {d} on a personal copy of the report; mine stays as it is.",
        ),
    ),
    # --- singles: other work ---
    _family(
        "van_fund",
        "goal",
        "the savings target for the new van",
        _pounds(),
        (
            "Goal: {v} saved for the new van by the end of the year.",
            "We want to put aside {v} toward the van.",
            "Van fund target: {v}.",
            "save up {v} for the replacement van",
            "The van fund should reach {v}.",
        ),
        (
            "The quote came in higher, so the van fund target is {v} now.",
            "Let's aim for {v} in the van fund instead.",
            "van savings goal: {v}",
            "Revise the van target to {v}.",
            "We only need {v} for the van after the trade-in.",
            "Make the van pot {v}.",
        ),
        (
            "The dealer mentioned {d} for a demo model; that's not our target.",
            "What if the van fund were {d}? Just thinking, no change.",
        ),
    ),
    _family(
        "rack_top_load",
        "safety",
        "the top-shelf load limit on the warehouse racking",
        _kilos(),
        (
            "Never put more than {v} on the top shelf of the racking.",
            "Top rack limit: {v} per pallet.",
            "No pallet heavier than {v} goes on the top level.",
            "top shelf takes {v} max, safety rule",
            "The racking's top beam is rated for {v}; don't exceed it.",
        ),
        (
            "The inspector derated the top shelf to {v}.",
            "After the new beams went in, the top level can take {v}.",
            "Top shelf max is {v} now.",
            "Keep pallets up top under {v} from today.",
            "On the top shelf, lower it to {v}.",
            "racking inspection result: top level {v}",
        ),
        (
            "The old racking manual says {d} for the top shelf; that racking is gone.",
            "{name} reckons the top shelf could hold {d}; not our call.",
        ),
    ),
    _family(
        "kiln_unattended",
        "safety",
        "the kiln's unattended temperature limit",
        _celsius(450, 950, 10),
        (
            "Nobody leaves the kiln unattended above {v}.",
            "Kiln rule: someone stays in the studio once it passes {v}.",
            "Above {v} the kiln must never be left alone.",
            "if the kiln is over {v} somebody stays with it",
            "The unattended limit for the kiln is {v}.",
        ),
        (
            "The insurer wants someone present from {v} now.",
            "Kiln supervision starts at {v} instead.",
            "unattended kiln limit: {v}",
            "We're lowering the unattended threshold to {v}.",
            "Stay with the kiln once it's past {v} from now on.",
            "The studio changed it: {v} is where supervision kicks in.",
        ),
        (
            "The glaze notes mention {d}, but that's about firing, not supervision.",
            "{name}'s studio lets people leave below {d}; that's not ours.",
        ),
    ),
    _family(
        "hourly_rate",
        "constraint",
        "my minimum hourly rate",
        _francs(),
        (
            "Never quote a client below {v} an hour.",
            "My floor rate is {v} per hour.",
            "Minimum hourly rate for quotes: {v}.",
            "dont go under {v} an hour in any proposal",
            "Any quote you draft starts at {v} an hour at the very least.",
        ),
        (
            "My floor is {v} an hour now.",
            "Raise the minimum rate to {v}.",
            "quotes start at {v} per hour from now on",
            "New hourly floor: {v}.",
            "I'll accept {v} an hour as the lowest.",
            "For new clients bump it to {v} an hour.",
        ),
        (
            "{name} charges {d} an hour for similar work; that's their rate, not mine.",
            "A client asked whether I'd do {d} an hour; we're still negotiating.",
        ),
    ),
    _family(
        "accountant_email",
        "fact",
        "the accountant's e-mail address",
        _email(),
        (
            "My accountant's address is {v}.",
            "Send tax documents to {v}.",
            "Accountant e-mail: {v}.",
            "the accountant can be reached at {v}",
            "{v} is who handles the books.",
        ),
        (
            "The accountant changed firms; use {v} now.",
            "New accountant e-mail: {v}.",
            "Tax stuff goes to {v} from now on.",
            "Their address is {v} now, the old one bounces.",
            "Use {v} for the accountant instead.",
            "we switched accountants, it's {v}",
        ),
        (
            "{name} uses {d} for their own accountant; different person.",
            "An old invoice shows {d}; that inbox is closed.",
        ),
    ),
    _family(
        "storage_unit",
        "fact",
        "the storage unit number",
        _unit(),
        (
            "Our stuff is in storage unit {v}.",
            "Storage unit: {v}, ground floor.",
            "The self-storage unit we rent is {v}.",
            "we're in unit {v} at the storage place",
            "{v} is our unit at the storage facility.",
        ),
        (
            "They moved us to unit {v}.",
            "We downsized to a smaller unit, {v}.",
            "Storage is unit {v} now.",
            "New unit number: {v}.",
            "The boxes have been in {v} since Tuesday.",
            "we upgraded to {v}, the bigger one",
        ),
        (
            "The unit next to ours is {d}; don't confuse them.",
            "The old rental agreement lists {d}; that was before the move.",
        ),
    ),
    _family(
        "lunch_caterer",
        "preference",
        "the caterer for the staff lunch",
        _words_of(_CATERERS),
        (
            "For the staff lunch I prefer {v}.",
            "Order the team lunch from {v}.",
            "Caterer: {v}.",
            "i like {v} for the monthly lunch",
            "{v} is my go-to for the staff lunch.",
        ),
        (
            "Let's order from {v} this time and from now on.",
            "Switch the lunch order to {v}.",
            "I'd rather go with {v} for lunches now.",
            "Staff lunch: {v} going forward.",
            "After the last mix-up, use {v}.",
            "make it {v} for the team lunch",
        ),
        (
            "{name} raved about {d}; I've never tried them, so no change.",
            "Is {d} any good for big groups? Just curious.",
        ),
    ),
)
FAMILY_BY_NAME = {family.name: family for family in FAMILIES}
PAIRS = (
    "ratelimit", "retention", "sla", "oncall", "bucket", "tyre", "depth", "hours", "tax",
    "ferment", "paint",
)  # fmt: skip

# --- decoys for every slot ----------------------------------------------------------------

GENERIC_DECOYS: tuple[str, ...] = (
    "{name} keeps saying {s} should be {d}. It isn't, and it stays as it is.",
    "Suppose {s} were {d}: what would break? Hypothetical only.",
    "There's an old wiki page claiming {s} is {d}. It's out of date, ignore it.",
    "Back in the spring {s} was {d}; that's history, not the current setting.",
    "{name} and I are still haggling over {s}. {d} is on the table, nothing is agreed.",
    "Don't go by the sticky note on my monitor that says {d} for {s}; it's from an older plan.",
    "{S} might change next week, but until I say so it stays put.",
    "is {s} {d}? asking because {name} wasn't sure, not because I want it changed",
)
"""Decoys for every slot (the generator reads them instead of its own)."""
PREFERENCE_DECOYS: tuple[str, ...] = (
    "{name} likes {d} for {s}, but that's {name}'s taste, not mine.",
    "If it were up to {name}, {s} would be {d}. It isn't up to {name}.",
)
"""Extra decoys for preference slots."""

# --- filler -------------------------------------------------------------------------------

# fmt: off
COLLEAGUES = ("Wren", "Ulla", "Vikram", "Zofia", "Lars", "Mei", "Colm", "Bea")
TOPICS = (
    "the van service log", "the sprint board", "the brewery cleaning schedule",
    "the dive trip packing list", "the quarterly invoice run", "the on-call handbook",
    "the kiln firing log", "the client proposal", "the postmortem template",
    "the warehouse safety poster", "the migration plan", "the API changelog",
    "the paint supplier comparison", "the lunch survey", "the storage inventory",
    "the shop's stock list", "the dashboard layout", "the customer newsletter",
    "the bookkeeping checklist", "the team wiki front page",
)
QUESTIONS = (
    "How would you structure {t}?",
    "What belongs at the top of {t}?",
    "Can you give me a rough outline for {t}?",
    "What's usually missing from {t}?",
    "How would you shorten {t} without losing anything important?",
    "Who should sign off on {t}, typically?",
    "Could you suggest a few headings for {t}?",
    "What order would you tackle {t} in?",
    "Any tips for keeping {t} up to date?",
    "How do small teams usually handle {t}?",
    "What's a sensible format for {t}?",
    "How much detail should go into {t}?",
)
THANKS = (
    "Thanks, that's helpful.", "Great, cheers.", "Perfect, thank you.", "Nice one.",
    "OK, that makes sense.", "Brilliant, thanks.", "Useful, ta.", "Alright, got it.",
)
ACKS = (
    "Noted.",
    "Got it, I'll work with that.",
    "Understood.",
    "Okay, I'll keep that in mind from here on.",
    "Thanks, I've noted it.",
    "Sure, I'll follow that.",
    "Right, that's recorded.",
)
ECHOES = ("Noted: {v}.", "Understood, {v}.", "Okay, {v} it is.", "Got it, {v}.")
DECOY_ACKS = (
    "Understood, nothing changes then.",
    "Okay, I'll leave everything as it is.",
    "Noted, no change for now.",
    "Got it, I won't act on that.",
    "Sure, I'll keep the current setting.",
)
_SENTENCES = (
    "Most people read the first {n} lines and skim the rest.",
    "A first pass usually takes {a} to {b} minutes, and a review another {c}.",
    "I'd keep it to {n} sections with {c} bullet points each.",
    "Teams I've seen settle on {n} owners at most; more than that and nobody owns it.",
    "Start with the purpose, then the {n} open questions, then what's decided.",
    "Plan for {c} rounds of comments; after the third they mostly repeat.",
    "If each item takes {n} minutes, the whole thing fits in about {b} minutes.",
    "A table with {c} columns is easier to scan than {n} paragraphs.",
    "Put an owner next to each of the {n} action items.",
    "Keep the intro under {b} words.",
    "Group the {b} items into {c} themes so it's easier to follow.",
    "Link out to details rather than pasting them; it keeps things to {c} screens.",
    "Finish with the next step and who owns it.",
    "A checklist of {n} items beats a long paragraph here.",
    "Review it every {c} weeks or so, and archive what nobody opened.",
)
_BULLETS = (
    "Why it exists and who uses it",
    "What's been decided, with who decided it",
    "Open questions, one owner each",
    "Risks, most likely first",
    "Next steps for the coming {c} weeks",
    "Links instead of pasted detail",
    "The {n} numbers people actually look at",
    "Milestones roughly {c} weeks apart",
)
OPENERS = (
    "Hi! I juggle a few jobs at once and need help keeping track. I'll tell you the rules and "
    "facts as they come up.",
    "Hello. Please help me coordinate some work over the next while; I'll share the details "
    "along the way.",
    "hey, can you keep track of a bunch of things for me? I'll mention them as we go",
    "Morning. I want a hand organising work and keeping my own rules straight.",
)
SYSTEMS = (
    "You are a careful assistant helping a user who runs software work and a small business "
    "on the side. Follow the user's rules and keep track of what they tell you.",
    "You are an organised assistant. The user's instructions take precedence; remember the "
    "facts, limits and preferences they give you and use the latest ones.",
    "You help a busy person coordinate several projects. Be concise and accurate, and respect "
    "every rule the user sets.",
)
# fmt: on


def filler_answer(rng: random.Random) -> str:
    """A few sentences with unrelated small numbers, sometimes with a bulleted outline."""

    def numbers(template: str) -> str:
        return template.format(
            n=rng.randint(2, 9), a=rng.randint(10, 40), b=rng.randint(41, 300), c=rng.randint(2, 6)
        )

    text = " ".join(numbers(s) for s in rng.sample(_SENTENCES, rng.randint(3, 7)))
    if rng.random() < 0.4:
        bullets = rng.sample(_BULLETS, rng.randint(3, 5))
        text += "\n\nSomething like:\n" + "\n".join(f"- {numbers(b)}" for b in bullets)
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

    corpus.TEMPLATES.setdefault("heldout_f", "_task_state_templates_heldout_f")
    corpus.use_templates("heldout_f")
    assert vars(corpus)["FAMILIES"] is FAMILIES
    assert corpus.GENERIC_DECOYS is GENERIC_DECOYS
    assert corpus.PREFERENCE_DECOYS is PREFERENCE_DECOYS

    # The families: unique names, every kind among the singles, pairs of two of one kind.
    assert len(FAMILY_BY_NAME) == len(FAMILIES)
    assert 36 <= len(FAMILIES) <= 44
    for kind in KINDS:
        assert sum(1 for f in FAMILIES if f.kind == kind and f.pair is None) >= 3, kind
    assert len(PAIRS) >= 8
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
        f"heldout_f: {len(FAMILIES)} families ({len(PAIRS)} pairs), {total} family templates "
        f"+ {len(GENERIC_DECOYS) + len(PREFERENCE_DECOYS)} generic decoys; "
        f"{len(built)} transcripts (seeds 1-10 x {per_seed}), {len(templates)} templates used "
        f"({len(family_used)} of the families' own), "
        f"{len(events)} events ({dict(Counter(e.action for e in events))}), "
        f"updates per slot {dict(sorted(chains.items()))}, {redraws} redraws, "
        f"fewest distinct values in a family {min(distinct.values())}: ok"
    )


if __name__ == "__main__":
    # Check the module as the generator imports it, not this ``__main__`` copy.
    import _task_state_templates_heldout_f

    _task_state_templates_heldout_f._self_check()
