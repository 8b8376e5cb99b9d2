"""A fifth held-out template set for ``_task_state_corpus`` (``--corpus heldout_e``).

Written blind: its author did not open anything under ``src/packlight/`` (the statement,
constraint and ledger code, the supersession logic), the other held-out template modules
(``_task_state_templates_heldout.py``, ``_task_state_templates_heldout_b.py``,
``_task_state_templates_heldout_c.py``; of ``_task_state_templates_heldout_d.py`` only its
module docstring) or ``benchmarks/results/task_state.md``, and did not run packlight on
these templates. Of ``_task_state_templates.py`` only the interface was read (the ``Value``
and ``Family`` dataclasses, ``KINDS``, the helper signatures and how the families and the
filler are exposed), not its sentences; ``_task_state_corpus.py`` was read in full.

Forty slots from subjects none of the other sets used as far as their author could tell:
a ship's watch roster, a wedding (ceremony and reception times, budget, colours, dress
code), a restaurant's lunch and dinner menu prices, a lab's two -80 freezers, a grant
(internal and funder deadlines, equipment cap), a hiring process, marathon training paces
and target, a printing job (fonts, print run, print-ready file), a clinical trial (dose cap,
registration number), a swimming pool's chlorine limit, a data hall's inlet shutdown point,
a bakery (an allergen for a school fair, loaves a day), a newsroom embargo, a street-party
permit, a museum loan (light limit, accession number), a kids' game server, a tenancy's
letting agent, a podcast (feed URL, completion rate), a school timetable, a vet and a choir.

Values are money in pounds, dollars and euros (with European and "k" spellings), dates,
clock times, times with a time zone, durations, paces, percentages, counts, temperatures in
Celsius and Fahrenheit, doses, chlorine in ppm, light in lux, people's names, company
names, e-mail addresses, a URL, file names, registry and accession identifiers in several
formats, versions and free text (a colour scheme, a dress code, a font, a choir layout).
Eight look-alike pairs differ only by scope (first and middle watch, ceremony and
reception, lunch and dinner price, the tissue-culture and the backup freezer, the internal
and the funder deadline, the hiring manager and the recruiter, easy and tempo pace, heading
and body font). Supersessions mostly carry no header, often name the slot in other words
(the graveyard watch, the hallway freezer, the research office's cut-off, "the drawings can
take ...") and sometimes carry no change word at all; updates may spell a value in words.
Decoys are questions, hypotheticals, other people's values, values still being negotiated,
values from the past, and old e-mails, banners and stickers to ignore.

Run as a script, the module builds seeds 1-10 (eight transcripts each) and checks the
corpus's invariants (``python benchmarks/_task_state_templates_heldout_e.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from _task_state_templates import KINDS, Family, Value

__all__ = [
    "ACKS", "COLLEAGUES", "DECOY_ACKS", "ECHOES", "FAMILIES", "FAMILY_BY_NAME",
    "GENERIC_DECOYS", "KINDS", "OPENERS", "PAIRS", "PREFERENCE_DECOYS", "QUESTIONS",
    "SYSTEMS", "THANKS", "TOPICS", "filler_answer",
]  # fmt: skip

Raw = int | str
Render = Callable[[Raw, random.Random, bool], Value]

# --- word lists -------------------------------------------------------------------------

# fmt: off
FIRST = (
    "Mara", "Tomasz", "Ines", "Kwame", "Saoirse", "Dmitri", "Leilani", "Rafael", "Annika",
    "Obinna", "Yusuf", "Helga", "Teodora", "Callum", "Noor", "Akira", "Beatriz", "Fintan",
)
LAST = (
    "Quint", "Oyelaran", "Brekke", "Castellano", "Vashti", "Lindqvist", "Mbeki", "Halloran",
    "Novak", "Ferreira", "Takeda", "Abernethy", "Rasmussen", "Okonkwo", "Delacroix", "Szabo",
    "Ekwueme", "Varga",
)
VET_SURNAMES = (
    "Achterberg", "Nwosu", "Pellegrini", "Ravensworth", "Sokolova", "Mbatha", "Lindgren",
    "Carvalho", "Hartigan", "Ozturk", "Vellacott", "Amankwah",
)
MAIL_DOMAINS = (
    "brightwell-care.org", "harbourlane.co.uk", "ostrava-talent.com", "pinemoor.io",
    "keelstone.com", "talentforge.co.uk", "northhire.com", "meridian-search.com",
)
AGENT_NAMES = (
    "Harrow", "Finch", "Pelham", "Marlow", "Ashdown", "Greaves", "Tolley", "Wexford",
    "Brackley", "Hensby", "Corrigan", "Dunmore",
)
AGENT_SUFFIXES = (" Lettings", " Property", " Estates", "")
FEED_HOSTS = (
    "feeds.tidewater.fm", "rss.harbourcast.net", "media.quietroom.audio", "feed.lanternpod.io",
    "podcasts.brindle.show",
)
FEED_SLUGS = (
    "slow-harbour", "night-shift-notes", "kitchen-table", "small-rooms", "the-long-field",
    "second-draft", "low-tide", "paper-lanterns",
)
FEED_PATHS = ("feed.xml", "rss", "podcast.rss", "episodes.xml")
FILE_STEMS = (
    "programme", "brochure", "annual-report", "menu-card", "poster-A2", "order-of-service",
    "flyer-A5", "catalogue",
)
FILE_TAGS = ("final", "print", "CMYK", "press", "approved", "bleed3mm")
FILE_EXTS = ("pdf", "pdf", "indd", "tif")
FONTS = (
    "Garamond Premier", "Source Serif 4", "IBM Plex Sans", "Freight Text", "Minion Pro",
    "Baskerville", "Gill Sans", "Futura PT", "Caslon", "Avenir Next", "Bembo", "Sabon",
    "Mrs Eaves", "Playfair Display", "Fira Sans", "Libre Franklin",
)
COLOURS = (
    "dusty sage", "terracotta", "champagne gold", "dusky rose", "midnight navy",
    "burnt orange", "lavender grey", "ivory and gold", "emerald green", "slate blue",
    "peach and cream", "deep burgundy",
)
DRESS_CODES = (
    "cocktail attire", "lounge suits", "garden formal", "smart casual", "festive formal",
    "white tie", "beach formal", "Sunday best", "dark suits", "come as you are",
)
FORMATIONS = (
    "mixed quartets", "sectional blocks", "a horseshoe", "two straight rows", "a double arc",
    "voice-part columns", "a scattered mix", "three tiers by height",
)
ALLERGENS = (
    "sesame", "lupin", "celery", "mustard", "sulphites", "shellfish", "tree nuts", "peanuts",
    "soya", "buckwheat", "kiwi fruit", "pine nuts",
)
TIMEZONES = ("GMT", "CET", "EST", "UTC", "BST", "AEST", "JST", "PST")
MONTHS = (
    "", "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
)
COLLEAGUES = ("Priya", "Jonas", "Efua", "Matteo", "Sunniva", "Darius", "Wren", "Lucia")
_ONES = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen",
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
# fmt: on


def words(n: int) -> str:
    """``450`` -> ``four hundred and fifty`` (British, below a million)."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_ONES[hundreds]} hundred" + (f" and {words(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    head = f"{words(thousands)} thousand"
    if not rest:
        return head
    return head + (" and " if rest < 100 else " ") + words(rest)


# --- value renderers ----------------------------------------------------------------------


def _choose(rng: random.Random, first: list[str], update_only: list[str], in_update: bool) -> str:
    """Mostly the usual spelling; an update sometimes picks one of ``update_only``."""
    if in_update and update_only and rng.random() < 0.4:
        return rng.choice(update_only)
    return rng.choice(first)


def _span(low: int, high: int, step: int = 1) -> Callable[[random.Random], Raw]:
    return lambda rng: rng.randrange(low, high + 1, step)


def _pick(options: tuple[str, ...]) -> Callable[[random.Random], Raw]:
    return lambda rng: rng.choice(options)


def _gbp(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    a = int(raw)
    k = f"£{a / 1000:g}k"
    forms = (f"£{a:,}", f"£{a}", f"{a:,} pounds", f"GBP {a:,}", k)
    return Value(_choose(rng, [f"£{a:,}"], [k, f"{a:,} pounds"], in_update), forms)


def _usd(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    a = int(raw)
    forms = (f"${a}", f"{a} dollars", f"{words(a)} dollars", f"US${a}")
    return Value(_choose(rng, [f"${a}"], [f"{words(a)} dollars", f"{a} dollars"], in_update), forms)


def _eur(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    a = int(raw)
    dotted = f"{a:,}".replace(",", ".")
    spaced = f"{a:,}".replace(",", " ")
    k = f"€{a / 1000:g}k"
    forms = (
        f"€{a:,}", f"€{dotted}", f"{dotted} €", f"{spaced} €", f"€{spaced}", f"EUR {a:,}",
        f"{a:,} euros", f"{dotted} euros", k, f"{a / 1000:g}k euros",
    )  # fmt: skip
    usual = [f"€{a:,}", f"€{dotted}", f"{dotted} €", f"EUR {a:,}"]
    return Value(_choose(rng, usual, [k, f"{a / 1000:g}k euros", f"{a:,} euros"], in_update), forms)


def _date(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    month, day = divmod(int(raw), 100)
    name = MONTHS[month]
    suffix = "th" if 10 <= day <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    forms = (
        f"{day} {name}", f"{name} {day}", f"{day} {name[:3]}", f"{name[:3]} {day}",
        f"{day}{suffix} {name}", f"{name} {day}{suffix}", f"{day}{suffix} of {name}",
    )  # fmt: skip
    return Value(_choose(rng, list(forms[:2]), list(forms[4:]), in_update), forms)


def _date_draw(rng: random.Random) -> Raw:
    return rng.randint(1, 12) * 100 + rng.randint(1, 28)


def _clock_forms(minutes: int) -> tuple[str, ...]:
    h, m = divmod(minutes, 60)
    h12 = h % 12 or 12
    half = "am" if h < 12 else "pm"
    forms = [
        f"{h:02d}:{m:02d}",
        f"{h12}:{m:02d} {half}",
        f"{h12}:{m:02d}{half}",
        f"{h12}.{m:02d}{half}",
    ]
    if m == 0:
        forms += [f"{h12} {half}", f"{h12}{half}"]
    return tuple(forms)


def _clock(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    forms = _clock_forms(int(raw))
    return Value(
        _choose(rng, [forms[0], forms[1], forms[1]], [forms[2], forms[3]], in_update), forms
    )


def _zoned_draw(rng: random.Random) -> Raw:
    return f"{rng.randrange(6 * 60, 22 * 60, 15)}|{rng.choice(TIMEZONES)}"


def _zoned(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    minutes, tz = str(raw).split("|")
    h, m = divmod(int(minutes), 60)
    h12 = h % 12 or 12
    half = "am" if h < 12 else "pm"
    twelve = f"{h12}.{m:02d}{half} {tz}" if m else f"{h12}{half} {tz}"
    forms = (f"{h:02d}:{m:02d} {tz}", f"{h}:{m:02d} {tz}", f"{h:02d}{m:02d} {tz}", twelve)
    return Value(_choose(rng, [forms[0]], [twelve, forms[2]], in_update), forms)


def _pace(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    m, s = divmod(int(raw), 60)
    base = f"{m}:{s:02d}"
    forms = (f"{base}/km", f"{base} per km", f"{base} min/km", f"{base} a km")
    return Value(_choose(rng, list(forms[:3]), [forms[3]], in_update), forms)


def _finish(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    h, m = divmod(int(raw), 60)
    forms = (f"{h}:{m:02d}:00", f"{h}:{m:02d}", f"{h}h{m:02d}", f"{h} hours {m}")
    text = _choose(rng, [forms[1], forms[2]], [f"{h} hours {m} minutes", forms[1]], in_update)
    return Value(text, forms)


def _celsius_below(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    n = int(raw)
    forms = (
        f"-{n} °C", f"-{n}°C", f"\u2212{n} °C", f"\u2212{n}°C", f"-{n} C", f"minus {n} °C",
        f"minus {n} degrees", f"minus {words(n)} degrees",
    )  # fmt: skip
    usual = [f"-{n} °C", f"\u2212{n} °C", f"-{n}°C"]
    return Value(
        _choose(rng, usual, [f"minus {n} degrees", f"minus {words(n)} degrees"], in_update), forms
    )


def _fahrenheit(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    n = int(raw)
    forms = (f"{n} °F", f"{n}°F", f"{n} degrees F", f"{n} degrees Fahrenheit")
    return Value(_choose(rng, [forms[0], forms[1]], [forms[3]], in_update), forms)


def _unit(
    unit: str, *spellings: str, spaced_words: str | None = None, comma: bool = False
) -> Render:
    """``{n} unit``; ``spellings`` are other ``{n}``-templates of the same value, and
    ``spaced_words`` (e.g. ``milligrams``) adds the number written out."""

    def render(raw: Raw, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        shown = f"{n:,}" if comma else str(n)
        main = f"{shown} {unit}"
        others = [s.format(n=n) for s in spellings]
        forms = [main, *others]
        if comma and shown != str(n):
            forms.append(f"{n} {unit}")
        later = list(others)
        if spaced_words:
            written = f"{words(n)} {spaced_words}"
            forms.append(written)
            later.append(written)
        return Value(_choose(rng, [main], later, in_update), tuple(dict.fromkeys(forms)))

    return render


def _ppm(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    x = f"{int(raw) / 10:.1f}"
    forms = (f"{x} ppm", f"{x}ppm", f"{x} mg/L", f"{x} mg/l")
    return Value(_choose(rng, [forms[0], forms[0], forms[1]], [forms[2]], in_update), forms)


def _percent(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    n = int(raw)
    forms = (
        f"{n}%",
        f"{n} percent",
        f"{n} per cent",
        f"{words(n)} percent",
        f"{words(n)} per cent",
    )
    return Value(_choose(rng, [forms[0]], [forms[2], forms[3]], in_update), forms)


def _words_cap(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    text = str(raw)
    return Value(text, tuple(dict.fromkeys((text, text[0].upper() + text[1:]))))


def _keep(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    return Value(str(raw), (str(raw),))


def _person(rng: random.Random) -> Raw:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _vet_draw(rng: random.Random) -> Raw:
    return rng.choice(VET_SURNAMES)


def _vet(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    forms = (f"Dr {raw}", f"Dr. {raw}")
    return Value(rng.choice(forms), forms)


def _email(rng: random.Random) -> Raw:
    first, last = rng.choice(FIRST).lower(), rng.choice(LAST).lower()
    local = rng.choice((f"{first}.{last}", f"{first[0]}.{last}", f"{first}{last[0]}", last))
    return f"{local}@{rng.choice(MAIL_DOMAINS)}"


def _agent_draw(rng: random.Random) -> Raw:
    a, b = rng.sample(AGENT_NAMES, 2)
    return f"{a}|{b}|{rng.choice(AGENT_SUFFIXES)}"


def _agent(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    a, b, suffix = str(raw).split("|")
    core = f"{a} & {b}"
    return Value(core + suffix, (core, f"{a} and {b}"))


def _feed(rng: random.Random) -> Raw:
    path = rng.choice(FEED_PATHS)
    return f"https://{rng.choice(FEED_HOSTS)}/{rng.choice(FEED_SLUGS)}/{path}"


def _url(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    url = str(raw)
    return Value(url, (url, url.removeprefix("https://")))


def _print_file(rng: random.Random) -> Raw:
    stem, tag, ext = rng.choice(FILE_STEMS), rng.choice(FILE_TAGS), rng.choice(FILE_EXTS)
    version = rng.randint(2, 19)
    return rng.choice(
        (
            f"{stem}_{tag}_v{version}.{ext}",
            f"{stem}-v{version}-{tag}.{ext}",
            f"{stem.upper()}_{tag}_{version:02d}.{ext}",
        )
    )


def _trial_id(rng: random.Random) -> Raw:
    if rng.random() < 0.5:
        return f"NCT0{rng.randint(1000000, 6999999)}"
    if rng.random() < 0.5:
        return f"{rng.randint(2019, 2025)}-{rng.randint(500000, 520000)}-{rng.randint(10, 99)}-00"
    return f"ISRCTN{rng.randint(10000000, 99999999)}"


def _accession(rng: random.Random) -> Raw:
    year = rng.randint(1921, 2019)
    return rng.choice(
        (
            f"{year}.{rng.randint(2, 480)}.{rng.randint(1, 9)}",
            f"L{year}.{rng.randint(2, 90)}",
            f"{year}-{rng.randint(2, 999):03d}-{rng.choice('abcdef')}",
            f"D/{year}/{rng.randint(100, 9999)}",
        )
    )


def _version(rng: random.Random) -> Raw:
    return f"1.{rng.randint(16, 21)}.{rng.randint(1, 6)}"


def _version_render(raw: Raw, rng: random.Random, in_update: bool) -> Value:
    forms = (str(raw), f"v{raw}")
    return Value(_choose(rng, [forms[0]], [forms[1]], in_update), forms)


def _family(
    name: str,
    kind: str,
    subject: str,
    draw: Callable[[random.Random], Raw],
    render: Render,
    states: tuple[str, ...],
    updates: tuple[str, ...],
    decoys: tuple[str, ...] = (),
    pair: str | None = None,
) -> Family:
    assert kind in KINDS, kind
    return Family(name, kind, subject, draw, render, states, updates, decoys, pair)


# --- slot families ------------------------------------------------------------------------

FAMILIES: tuple[Family, ...] = (
    # ---- pair: a ship's watch roster (fact, people's names) -----------------------------
    _family(
        "watch_first",
        "fact",
        "the first-watch officer",
        _person,
        _keep,
        states=(
            "On the Aurelia this rotation, the first watch is {v}'s.",
            "Crew roster note: officer of the first watch is {v}",
            "{v} has the first watch this trip, the evening one that runs up to midnight.",
            "first watch = {v}",
            (
                "Writing the roster down so I don't lose it. The watch that ends at midnight is "
                "stood by {v}, and the deck crew report to whoever has it."
            ),
        ),
        updates=(
            "{v} is taking over the watch that ends at midnight.",
            "Swap on the evenings: {v} now stands the first watch.",
            "the captain moved {v} onto first watch",
            "Whoever I said had the evening watch, it's {v} from tonight.",
            "The officer who had the first watch signed off sick, so {v} has it.",
            "{v} has the first watch.",
        ),
        decoys=(
            (
                "{name} offered to cover the first watch if we're ever short. We're not, so "
                "nothing changes."
            ),
            "Who had first watch on the last crossing, was it {d}? Doesn't matter now.",
            "{d} asked to be put on first watch next rotation. Not this one.",
        ),
        pair="watch",
    ),
    _family(
        "watch_middle",
        "fact",
        "the middle-watch officer",
        _person,
        _keep,
        states=(
            "Middle watch this rotation: {v}.",
            "{v} takes the middle watch, midnight to four.",
            "the graveyard watch belongs to {v} this trip",
            "For the middle watch we've got {v}; the first watch is someone else.",
            (
                "Roster for the small hours: {v} has the middle watch and wakes the captain if "
                "anything looks off."
            ),
        ),
        updates=(
            "{v} is on the graveyard watch now instead.",
            "The midnight-to-four has gone to {v}.",
            "Change on the roster: middle watch is {v}.",
            "Bosun's swapped people around, so the watch after midnight is {v}'s",
            "{v} for the middle watch.",
            "turns out the mate can't do nights, {v} takes the middle",
        ),
        decoys=(
            "{name} thinks {d} would be better on the middle watch. Maybe next rotation.",
            "If {d} took the graveyard watch, would the rest hours still work? Just a thought.",
        ),
        pair="watch",
    ),
    # ---- pair: wedding times (fact, clock times) ----------------------------------------
    _family(
        "wedding_ceremony",
        "fact",
        "the ceremony start time",
        _span(11 * 60, 16 * 60, 15),
        _clock,
        states=(
            "The ceremony starts at {v}.",
            "Wedding timings: we say our vows at {v}",
            "ceremony {v}, at the old registry office",
            "Guests need to be seated before the ceremony, which kicks off at {v}.",
            (
                "So the order of the day: photos in the garden first, then the ceremony itself at "
                "{v}, and we'll sort the rest later."
            ),
        ),
        updates=(
            "The registrar can only do {v}, so that's when we're getting married now.",
            "vows pushed to {v}",
            "Moving the ceremony: {v}.",
            "The invitations are going out with {v} on them for the ceremony.",
            "We're saying I do at {v} instead.",
            "Ceremony at {v}.",
        ),
        decoys=(
            (
                "{name} wanted the ceremony at {d} so the light is better for photos. We didn't "
                "agree to that."
            ),
            "Would {d} for the ceremony be crazy? Don't change it, just thinking aloud.",
        ),
        pair="wedding_time",
    ),
    _family(
        "wedding_reception",
        "fact",
        "the reception start time",
        _span(16 * 60 + 30, 20 * 60 + 30, 15),
        _clock,
        states=(
            "The reception starts at {v}.",
            "drinks and dinner (the reception) from {v}",
            "Reception kicks off at {v} at the barn.",
            "We open the doors for the party at {v}; the ceremony is earlier.",
        ),
        updates=(
            "The barn says the party can't start before {v}, so that's the reception time now.",
            "reception bumped to {v}",
            "Dinner and dancing from {v} instead.",
            "Scratch what I said about the reception, it's {v}.",
            "Reception: {v}.",
            "The caterers need more setup time, so the evening do starts at {v}.",
        ),
        decoys=(
            "My mum keeps saying the reception should be at {d}. It isn't.",
            "The venue's brochure lists {d} as the usual reception start, but ours is different.",
        ),
        pair="wedding_time",
    ),
    # ---- pair: a restaurant's menu prices (constraint, dollars) -------------------------
    _family(
        "menu_lunch",
        "constraint",
        "the lunch set-menu price",
        _span(24, 58),
        _usd,
        states=(
            "The lunch set menu has to come in at {v} a head, no more.",
            "Cap for the midday prix fixe: {v} per person.",
            "lunch menu price point is {v}",
            "Whatever we put on the lunch menu, the total can't go over {v} per cover.",
            (
                "For the new menus, the daytime set menu is held to {v} a person. That's the "
                "owner's rule."
            ),
        ),
        updates=(
            "Owner wants the lunch prix fixe at {v} from next month.",
            "midday menu is {v} now",
            "We're going with {v} for lunch after all.",
            "After the supplier review, the daytime set menu moves to {v}.",
            "Lunch: {v} a head.",
        ),
        decoys=(
            "The place across the street does lunch for {d}. Not our concern.",
            "{name} suggested {d} for the lunch menu, but the owner hasn't signed off.",
        ),
        pair="menu_price",
    ),
    _family(
        "menu_dinner",
        "constraint",
        "the dinner tasting-menu price",
        _span(60, 140),
        _usd,
        states=(
            "The dinner tasting menu is priced at {v} per person, firm.",
            "Evening tasting menu: {v} a head, can't go above it.",
            "dinner menu price cap {v}",
            "For dinner service the set menu has to land at {v}.",
        ),
        updates=(
            "The evening menu changes to {v} when the new season starts.",
            "The owner approved {v} for dinner.",
            "tasting menu now {v}",
            "Let's make the night-time menu {v} instead.",
            "Dinner's {v}.",
            "bumped the tasting menu to {v}, wine not included",
        ),
        decoys=(
            "Would the tasting menu still sell at {d}? Just curious, don't change it.",
            "Last spring the dinner menu was {d}, before the refit.",
        ),
        pair="menu_price",
    ),
    # ---- pair: two lab freezers (safety, temperatures) ----------------------------------
    _family(
        "freezer_tc",
        "safety",
        "the alarm point on the tissue-culture freezer",
        _span(60, 78),
        _celsius_below,
        states=(
            (
                "Safety rule for the lab: if the freezer in the tissue-culture room warms past "
                "{v}, the samples come out at once."
            ),
            "The tissue-culture freezer must never get warmer than {v}.",
            "TC room freezer alarm: {v}. Above that we evacuate the boxes.",
            "Remember the freezer in tissue culture alarms at {v}; treat that as a hard line.",
        ),
        updates=(
            "Facilities re-rated the TC-room freezer; its alarm point is {v} now.",
            "The tissue-culture unit should trip at {v} from today.",
            "new alarm line for the freezer in TC: {v}",
            (
                "Turns out the tissue-culture freezer's probe was miscalibrated, so we pull "
                "samples at {v} instead."
            ),
            "TC freezer: {v}.",
        ),
        decoys=(
            (
                "{name} reckons the tissue-culture freezer could safely go to {d}. Not until the "
                "lab manager agrees."
            ),
            "The sticker on the TC freezer still says {d}; it's years old, ignore it.",
        ),
        pair="freezer",
    ),
    _family(
        "freezer_backup",
        "safety",
        "the alarm point on the backup freezer",
        _span(60, 78),
        _celsius_below,
        states=(
            (
                "The backup freezer in the corridor alarms at {v}; samples come out if it goes "
                "above that."
            ),
            "Corridor freezer (the backup one): never above {v}.",
            "For the spare freezer out in the corridor the limit is {v}.",
            "backup freezer alarm {v}, no exceptions",
        ),
        updates=(
            "The spare freezer got a new controller, so its limit is {v}.",
            "corridor freezer: alarm moved to {v}",
            "Let's use {v} for the backup unit instead.",
            "The one in the hallway trips at {v} now.",
            "Backup freezer limit {v}.",
        ),
        decoys=(
            (
                "Is {d} too warm for the corridor freezer? Asking for a grant form, not changing "
                "anything."
            ),
            "The service engineer mentioned {d} for a backup unit at a different site.",
        ),
        pair="freezer",
    ),
    # ---- pair: grant deadlines (constraint, dates) --------------------------------------
    _family(
        "grant_internal",
        "constraint",
        "the internal grant deadline",
        _date_draw,
        _date,
        states=(
            "The university's internal deadline for the grant is {v}.",
            "Research office wants the full application by {v}.",
            "internal deadline {v}",
            "We have to get it through the research office by {v}, otherwise they won't sign it.",
        ),
        updates=(
            "The research office moved their cut-off to {v}.",
            "Internal sign-off is now due {v}.",
            "Heard from the grants team: they need everything by {v}.",
            "our own deadline moved to {v}",
            "Internal deadline: {v}.",
        ),
        decoys=(
            "{name} thinks the research office would accept it on {d}. I'm not counting on that.",
            "Last round the internal deadline was {d}.",
        ),
        pair="grant_deadline",
    ),
    _family(
        "grant_funder",
        "constraint",
        "the funder's deadline",
        _date_draw,
        _date,
        states=(
            "The funder's deadline is {v}, and they don't take late submissions.",
            "Foundation closes the call on {v}.",
            "external deadline: {v}",
            "The call itself shuts on {v}; the portal locks at the end of the day.",
            (
                "Two things about the grant. The foundation closes the call on {v}. And the budget"
                " template is the new one."
            ),
        ),
        updates=(
            "The foundation changed the closing date to {v}.",
            "Funder's portal now closes {v}.",
            "The call's closing date is now {v}, per their latest email.",
            "update from the funder: external deadline is {v}",
            "Funder deadline {v}.",
        ),
        decoys=(
            "Rumour is the funder will extend to {d}, but nothing official.",
            "Is the call still open on {d}? Check, but don't assume anything.",
        ),
        pair="grant_deadline",
    ),
    # ---- pair: hiring contacts (fact, e-mail addresses) ---------------------------------
    _family(
        "hiring_manager",
        "fact",
        "the hiring manager's email",
        _email,
        _keep,
        states=(
            "The hiring manager for the site-lead role is reachable at {v}.",
            "Send candidate packs to the hiring manager: {v}",
            "hiring manager email {v}",
            "Anything that needs the hiring manager's sign-off goes to {v}.",
        ),
        updates=(
            "The hiring manager changed; the new one is {v}.",
            "Sign-offs now go to {v}, different hiring manager.",
            "Use {v} for the person making the hiring decision from now on.",
            "hiring mgr is {v} now",
            "Hiring manager: {v}.",
        ),
        decoys=(
            "{name} keeps cc'ing {d} on hiring emails. That's not the hiring manager.",
            "There's a signature in an old thread with {d}; that person left, ignore it.",
        ),
        pair="hiring_contact",
    ),
    _family(
        "hiring_recruiter",
        "fact",
        "the recruiter's email",
        _email,
        _keep,
        states=(
            "Our recruiter at the agency is {v}.",
            "The agency recruiter's email is {v}.",
            "recruiter {v}",
            "Candidates get booked through the recruiter, {v}.",
        ),
        updates=(
            "The agency handed us to another recruiter: {v}.",
            "Interview scheduling goes through {v} now, not the old agency contact.",
            "new agency contact {v}",
            "The recruiter we deal with is {v} from Monday.",
            "Recruiter: {v}.",
        ),
        decoys=(
            "Should we switch to {d} at the other agency? Not yet.",
            "{name} got an email from {d} about the role; that's a cold pitch, not our recruiter.",
        ),
        pair="hiring_contact",
    ),
    # ---- pair: marathon training paces (goal) -------------------------------------------
    _family(
        "pace_easy",
        "goal",
        "my easy-run pace",
        _span(300, 450, 5),
        _pace,
        states=(
            "For the marathon block I want my easy runs at {v}.",
            "Target for easy days: {v}",
            "easy pace {v}, conversational",
            "Coach's goal for recovery runs is {v}.",
        ),
        updates=(
            "Coach reset my easy runs to {v} after the heart-rate test.",
            "The relaxed runs should be {v} now.",
            "easy days: {v} from next week",
            "Turns out I had the wrong zones for the gentle runs; aiming for {v} instead.",
            "Easy pace {v}.",
        ),
        decoys=(
            "My running club does easy runs at {d}; doesn't apply to me.",
            "Would {d} be too slow for easy days? Just wondering.",
        ),
        pair="pace",
    ),
    _family(
        "pace_tempo",
        "goal",
        "my tempo pace",
        _span(225, 330, 5),
        _pace,
        states=(
            "Tempo runs should be at {v}.",
            "My goal pace for the threshold sessions is {v}.",
            "tempo {v}",
            "On the mid-week tempo sessions I'm aiming for {v}.",
        ),
        updates=(
            "Coach bumped the threshold pace to {v}.",
            "The hard mid-week runs are {v} now.",
            "tempo now {v}",
            "After last weekend's race my tempo target is {v}.",
            "Tempo: {v}.",
        ),
        decoys=(
            "{name} runs tempo at {d}, but {name} is a lot fitter than me.",
            "Last year's tempo pace was {d}.",
        ),
        pair="pace",
    ),
    # ---- pair: fonts for a printed programme (preference) -------------------------------
    _family(
        "font_heading",
        "preference",
        "the heading font",
        _pick(FONTS),
        _keep,
        states=(
            "For the programme I'd like the headings set in {v}.",
            "Headline font: {v}, please.",
            "headings in {v}",
            "I prefer {v} for the titles in the booklet.",
        ),
        updates=(
            "Changed my mind on the titles: {v}.",
            "Let's try {v} for the big type instead.",
            "The designer talked me into {v} for the headings.",
            "headings → {v}",
            "Headings in {v}.",
        ),
        decoys=(
            "The printer's sample used {d} for headings, but that's just their demo.",
            "{name} loves {d} for headlines. Not for this job.",
        ),
        pair="font",
    ),
    _family(
        "font_body",
        "preference",
        "the body font",
        _pick(FONTS),
        _keep,
        states=(
            "Body text in {v}, please.",
            "For the running text of the programme I prefer {v}.",
            "body font {v}",
            "I'd like the paragraphs set in {v}; the headings can be something else.",
        ),
        updates=(
            "Swap the body copy to {v}, it reads better small.",
            "We're going with {v} for the text after all.",
            "For the main text use {v} from now on.",
            "body → {v}",
            "Body text {v}.",
        ),
        decoys=(
            "Would {d} fit more words per page for the body? Just asking.",
            "Last year's programme used {d} for the text.",
        ),
        pair="font",
    ),
    # ---- safety -------------------------------------------------------------------------
    _family(
        "trial_dose",
        "safety",
        "the daily dose cap in the trial",
        _span(100, 900, 25),
        _unit("mg", "{n}mg", "{n} milligrams", spaced_words="milligrams"),
        states=(
            "Hard rule for the trial: no participant gets more than {v} a day.",
            "The protocol caps the study drug at {v} per day. Never exceed it.",
            "max daily dose {v}, no exceptions",
            "Whatever the dosing spreadsheet says, nobody in the study goes above {v} daily.",
            (
                "Before you help with the dosing tables: the ceiling for any participant is {v} "
                "per day, and it's a safety limit, not a target."
            ),
        ),
        updates=(
            "The safety committee set the ceiling at {v} per day.",
            "After the interim review, the most anyone may get is {v} a day.",
            "protocol amendment: daily max {v}",
            "Sponsor's amendment came through, the top dose is {v} now.",
            "Daily cap {v}.",
        ),
        decoys=(
            "{name} asked if we could go to {d} for the heavier participants. No.",
            "The phase one trial allowed {d}; this is a different study.",
            "The dose cap might change after the next safety review; until then, nothing changes.",
        ),
    ),
    _family(
        "pool_chlorine",
        "safety",
        "the pool's chlorine limit",
        _span(15, 50),
        _ppm,
        states=(
            "Close the pool if free chlorine reads above {v}.",
            "Pool safety: free chlorine must stay under {v}; over that, everyone out.",
            "chlorine max {v}",
            "Lifeguards clear the water once the chlorine is over {v}.",
        ),
        updates=(
            "Environmental health told us the ceiling is {v}.",
            "New council guidance: swimmers out above {v}.",
            "The chlorine cut-off is {v} from next week.",
            "Different rule now: the pool shuts above {v}.",
            "Free chlorine max {v}.",
        ),
        decoys=(
            "The hot tub's limit is {d}, but that's a separate system.",
            "Is {d} actually dangerous? Asking out of curiosity.",
        ),
    ),
    _family(
        "dc_inlet",
        "safety",
        "the inlet-temperature shutdown point",
        _span(80, 95),
        _fahrenheit,
        states=(
            "In the data hall, if rack inlet air passes {v}, shut the rack down.",
            "Cooling rule: cold-aisle air above {v} means we power down.",
            "inlet shutdown {v}",
            "Never let the servers breathe air warmer than {v}; that's the shutdown line.",
        ),
        updates=(
            "With the new chillers in, the shutdown trigger is {v}.",
            "Ops agreed we power down at {v} instead.",
            "cold aisle limit now {v}",
            "The vendor says the hardware tolerates up to {v}, so that's our line now.",
            "Inlet shutdown at {v}.",
        ),
        decoys=(
            (
                "The industry guidance allows up to {d} for some hardware classes, but we're not "
                "using that."
            ),
            "{name} wants to test running hotter, maybe {d}. Not approved.",
        ),
    ),
    _family(
        "allergen",
        "safety",
        "the allergen to keep out of the fair order",
        _pick(ALLERGENS),
        _words_cap,
        states=(
            (
                "The bakery order for the school fair must be completely free of {v}: one child "
                "has a severe allergy."
            ),
            "No {v} in anything we bake for the fair. None.",
            "allergen to avoid: {v}",
            "Safety first: keep {v} out of the whole school-fair batch, garnishes included.",
        ),
        updates=(
            "The school nurse corrected it: the allergy is actually to {v}.",
            "Turns out it's {v} we need to keep out, not what I said.",
            "the allergy list now says {v}",
            "Different child, different allergy: the fair order must avoid {v} now.",
            "Keep {v} out of the fair bakes.",
        ),
        decoys=(
            "{name}'s kid can't have {d}, but they're not coming to the fair.",
            "Do we even use {d} in the scones? Just checking, no change.",
        ),
    ),
    _family(
        "embargo",
        "safety",
        "the embargo time",
        _zoned_draw,
        _zoned,
        states=(
            "The report is under embargo until {v}. Nothing goes online before that.",
            "Embargo: {v}. Do not publish a word before then.",
            "embargo lifts {v}",
            "Newsroom rule for this story: hold everything until {v}.",
        ),
        updates=(
            "The press office moved the embargo to {v}.",
            "We can publish from {v} now.",
            "Heads up: the story's release time has been pushed to {v}.",
            "the embargo's {v} instead",
            "Embargo lifts at {v}.",
        ),
        decoys=(
            "A rival outlet thinks the embargo ends at {d}. They're wrong.",
            "{name} asked if we could go at {d}. No.",
            (
                "The embargo might be lifted early if the minister speaks first; until we hear, it"
                " stands."
            ),
        ),
    ),
    # ---- constraints --------------------------------------------------------------------
    _family(
        "wedding_budget",
        "constraint",
        "the wedding budget",
        _span(12000, 39000, 250),
        _gbp,
        states=(
            "We can't spend more than {v} on the whole wedding.",
            "Hard ceiling for the wedding: {v}, everything included.",
            "wedding budget {v}, not a penny more",
            "My partner and I agreed the total for the wedding stays under {v}.",
        ),
        updates=(
            "We sat down with both families; the ceiling is {v} now.",
            "We redid the guest list; the spend limit for the big day is {v}.",
            "the most we'll spend on the day: {v}",
            "After the venue deposit went in we redid the sums, {v} all in.",
            "Total for the wedding {v}.",
        ),
        decoys=(
            "My cousin spent {d} on hers. We're not doing that.",
            "{name} thinks we'll end up near {d}. That's a guess, not the budget.",
        ),
    ),
    _family(
        "grant_equipment",
        "constraint",
        "the grant's equipment cap",
        _span(20000, 95000, 500),
        _eur,
        states=(
            "The equipment line in the grant is capped at {v}.",
            "We can't ask for more than {v} for equipment.",
            "equipment budget max {v}",
            "Funder rules: equipment costs stay within {v}.",
        ),
        updates=(
            "The call text was updated, equipment can go up to {v}.",
            "Kit allowance is {v} now.",
            "After talking to the partner institution, we claim {v} for hardware.",
            "equipment ceiling: {v}",
            "Equipment line {v}.",
        ),
        decoys=(
            "The quote for the microscope came in at {d}; that's a quote, not the cap.",
            "Would reviewers balk at {d} for equipment? Just curious.",
        ),
    ),
    _family(
        "print_run",
        "constraint",
        "the print run",
        _span(1000, 9000, 100),
        _unit("copies", "{n} copies", spaced_words="copies", comma=True),
        states=(
            "The print run can't exceed {v}, that's all the paper we've got.",
            "Cap the programme order at {v}.",
            "print run max {v}",
            "We're printing no more than {v} of the programme.",
        ),
        updates=(
            "The venue changed the seating, so the programme order is capped at {v}.",
            "Change the print order cap to {v}; the paper price moved.",
            "Make it {v} for the printers.",
            "print run now {v}",
            "{v}, final, for the print job.",
        ),
        decoys=(
            "The printer's minimum order is {d}, but that's their minimum, not our cap.",
            "{name} asked whether we'd need {d}. We don't know yet.",
        ),
    ),
    _family(
        "permit_end",
        "constraint",
        "the permit's finishing time",
        _span(20 * 60, 23 * 60 + 30, 15),
        _clock,
        states=(
            "The street-party permit says everything wraps up by {v}.",
            "Council permit: music off and road reopened by {v}.",
            "permit end {v}",
            "We're only licensed until {v}; not a minute later.",
        ),
        updates=(
            "The council reissued our permit: finish by {v}.",
            "After the residents' meeting, the party has to be over by {v}.",
            "The road closure ends at {v} instead.",
            "licence runs till {v} now",
            "Permit ends {v}.",
        ),
        decoys=(
            "Last year's party went on till {d}, but that was under a different licence.",
            "Could we ask for {d}? Worth a try, but nothing's changed yet.",
        ),
    ),
    _family(
        "museum_lux",
        "constraint",
        "the light limit on the loaned drawings",
        _span(30, 200, 5),
        _unit("lux", "{n}lx", "{n} lx"),
        states=(
            "Loan agreement: the borrowed drawings can't be lit above {v}.",
            "The lender insists on a maximum of {v} on the works on paper.",
            "lux cap {v}",
            "Light levels on the loaned sketches stay at or under {v}, per the contract.",
        ),
        updates=(
            "The lender's conservator revised it to {v}.",
            "For the works on paper we're allowed {v} now.",
            "Contract addendum arrived: lighting limit {v}.",
            "the drawings can take {v} max",
            "Max {v} on the loan drawings.",
        ),
        decoys=(
            "Our own collection is shown at {d}, but the loan is different.",
            "{name} measured {d} near the window yesterday; that's a reading, not the limit.",
        ),
    ),
    # ---- facts --------------------------------------------------------------------------
    _family(
        "accession_no",
        "fact",
        "the loaned drawing's accession number",
        _accession,
        _keep,
        states=(
            "The loaned piece is accession number {v}.",
            "Object number on the loan form: {v}",
            "accession {v}",
            "For the condition report, the drawing's number is {v}.",
        ),
        updates=(
            "The registrar corrected the object number: it's {v}.",
            "Wrong number earlier, the piece is {v}.",
            "the lender renumbered it; {v} now",
            "Use {v} on every form for the loaned drawing.",
            "Accession {v}.",
        ),
        decoys=(
            "The label in the old catalogue says {d}; that's outdated.",
            "Is {d} the frame's number? No idea, don't change anything.",
        ),
    ),
    _family(
        "trial_id",
        "fact",
        "the trial's registration number",
        _trial_id,
        _keep,
        states=(
            "The study is registered as {v}.",
            "Trial registration: {v}",
            "registry id {v}",
            "Put {v} on every consent form, it's our registration number.",
        ),
        updates=(
            "We had the wrong registration, the trial is {v}.",
            "Since the move to the EU system the study's ID is {v}.",
            "registry number corrected to {v}",
            "Consent forms should carry {v} from now on.",
            "Trial ID {v}.",
        ),
        decoys=(
            "The sister study is {d}; don't mix them up.",
            "{name} pasted {d} in the draft, but I think that's a typo.",
        ),
    ),
    _family(
        "print_file",
        "fact",
        "the print-ready file",
        _print_file,
        _keep,
        states=(
            "The print-ready file is {v}.",
            "Send the printer {v}, nothing else.",
            "final file {v}",
            "Artwork for the job lives in {v}.",
        ),
        updates=(
            "Designer sent a fix; use {v} instead.",
            "The file to print is {v} now.",
            "new artwork: {v}",
            "The printer rejected the last one, so it's {v}.",
            "{v} is the one to print.",
        ),
        decoys=(
            "There's also {d} in the shared folder; that's an old proof, ignore it.",
            "{name} uploaded {d} by mistake.",
        ),
    ),
    _family(
        "server_version",
        "fact",
        "the club server's version",
        _version,
        _version_render,
        states=(
            "The coding club's game server runs {v}.",
            "We're on {v} on the kids' server.",
            "server version {v}",
            "Mods only work because the club server is pinned to {v}.",
        ),
        updates=(
            "Upgraded the club server last night; it's {v}.",
            "We rolled the kids' world back to {v}.",
            "club server's on {v} now",
            "The club machine was updated to {v} over the weekend.",
            "Club server {v}.",
        ),
        decoys=(
            "The newest release is {d} but we're not upgrading.",
            "{name}'s home server runs {d}.",
        ),
    ),
    _family(
        "letting_agent",
        "fact",
        "the letting agent",
        _agent_draw,
        _agent,
        states=(
            "The flat is managed by {v}.",
            "Our letting agent is {v}.",
            "agent for the flat: {v}",
            "Anything about the tenancy goes through {v}.",
        ),
        updates=(
            "The landlord switched agents, it's {v} now.",
            "Repairs and rent now go through {v}.",
            "new managing agent {v}",
            "The tenancy was handed over to {v} this month.",
            "Agent is {v}.",
        ),
        decoys=(
            "{d} sent a flyer offering to manage the flat; the landlord hasn't replied.",
            "Before we moved in, the agent was {d}.",
        ),
    ),
    _family(
        "podcast_feed",
        "fact",
        "the podcast feed",
        _feed,
        _url,
        states=(
            "The show's RSS feed lives at {v}",
            "Podcast feed: {v}",
            "feed url {v}",
            "Directories pull the episodes from {v}",
        ),
        updates=(
            "We moved hosts, so the feed is {v} now.",
            "New feed address after the migration: {v}",
            "the rss is at {v} now",
            "Point the podcast apps at {v} instead.",
            "Feed {v}",
        ),
        decoys=(
            "The old host still serves {d}; it redirects, ignore it.",
            "{name} set up {d} as a test. That's not the real feed.",
        ),
    ),
    # ---- goals --------------------------------------------------------------------------
    _family(
        "marathon_finish",
        "goal",
        "my marathon target",
        _span(3 * 60, 4 * 60 + 29),
        _finish,
        states=(
            "My goal for the marathon is {v}.",
            "I'm training to finish the marathon in {v}.",
            "marathon target {v}",
            "What I want out of race day: crossing the line in {v}.",
        ),
        updates=(
            "After the half I think {v} is realistic, so that's the goal now.",
            "Coach wants me to aim for {v} instead.",
            "Revising the race target: {v}.",
            "given the injury, going for {v}",
            "Marathon goal {v}.",
        ),
        decoys=(
            "My brother ran {d} last year; I'm not chasing that.",
            "Is {d} even possible for me? Just dreaming.",
        ),
    ),
    _family(
        "podcast_completion",
        "goal",
        "the completion-rate goal",
        _span(40, 92),
        _percent,
        states=(
            "Goal for the podcast this season: {v} average completion.",
            "We want listeners finishing episodes at a rate of {v}.",
            "completion target {v}",
            "Sponsors care about completion, so we're aiming for {v}.",
        ),
        updates=(
            "The network set a new bar, completion should hit {v}.",
            "Let's aim for {v} of people listening to the end instead.",
            "completion goal now {v}",
            "With the shorter episodes we're going for {v} completion.",
            "Completion target {v}.",
        ),
        decoys=(
            "The true-crime shows get {d}; we're not them.",
            "{name} claims {d} is typical. Not our target.",
        ),
    ),
    _family(
        "bakery_loaves",
        "goal",
        "the daily loaf target",
        _span(120, 400, 10),
        _unit("loaves", spaced_words="loaves"),
        states=(
            "I want the bakery turning out {v} a day by summer.",
            "Daily production goal: {v}.",
            "loaf target {v}",
            "The plan is to get the new oven to {v} every morning.",
        ),
        updates=(
            "With the second mixer in, the target is {v}.",
            "The wholesale contract changed things, so the goal is {v} a day.",
            "morning bake target now {v}",
            "We're going with {v} per day instead.",
            "{v} a day.",
        ),
        decoys=(
            "The chain bakery down the road does {d}; not a goal for us.",
            "Could we ever manage {d}? Just dreaming.",
        ),
    ),
    _family(
        "timetable_publish",
        "goal",
        "the timetable publication date",
        _date_draw,
        _date,
        states=(
            "The goal is to publish next year's school timetable by {v}.",
            "Timetable out to families by {v}.",
            "timetable publish date {v}",
            "We want every teacher to have their timetable by {v}.",
        ),
        updates=(
            "The head wants the timetable out by {v} now.",
            "Staffing changes, so publication moves to {v}.",
            "timetables go out {v} instead",
            "Governors asked for a different date: {v}.",
            "Timetable by {v}.",
        ),
        decoys=(
            "The other school in the trust publishes on {d}.",
            "{name} suggested {d}; the head hasn't agreed.",
        ),
    ),
    # ---- preferences --------------------------------------------------------------------
    _family(
        "wedding_colour",
        "preference",
        "the wedding colour scheme",
        _pick(COLOURS),
        _words_cap,
        states=(
            "For the wedding I'd love the colour scheme to be {v}.",
            "Bridesmaids in {v}, that's what I want.",
            "colour palette {v}",
            "I'd like the flowers and the napkins to match: {v}.",
        ),
        updates=(
            "Changed my mind on the colour: {v}.",
            "We're going with {v} for the wedding after all.",
            "Having seen the swatches, I prefer {v}.",
            "palette's {v} now",
            "{v} for the wedding colours.",
        ),
        decoys=(
            "My sister thinks {d} would be prettier. Not convinced.",
            "The florist's sample board is mostly {d}; that's just their display.",
        ),
    ),
    _family(
        "dress_code",
        "preference",
        "the dress code",
        _pick(DRESS_CODES),
        _words_cap,
        states=(
            "Dress code for the wedding: {v}.",
            "I'd like guests in {v}.",
            "dress code {v}",
            "On the invitation put {v} as the dress code, please.",
        ),
        updates=(
            "We relaxed it: {v}.",
            "Let's say {v} on the invitations instead.",
            "make the dress code {v}",
            "The venue's rules changed, so it's {v} for guests.",
            "{v}, for the dress code.",
        ),
        decoys=(
            "Would {d} be too much for a barn? Just wondering.",
            "The last wedding we went to was {d}.",
        ),
    ),
    _family(
        "vet_name",
        "preference",
        "Pepper's preferred vet",
        _vet_draw,
        _vet,
        states=(
            "When booking Pepper's check-ups I'd rather see {v}.",
            "Please book the dog with {v} if they're free.",
            "preferred vet {v}",
            "Pepper does best with {v}; ask for them first.",
        ),
        updates=(
            "I'd rather we go to {v} from now on.",
            "Pepper got on really well with {v}, so book her with them instead.",
            "vet preference: {v}",
            "Switching vets, {v} please.",
            "{v} for Pepper.",
        ),
        decoys=(
            "The clinic suggested {d} as a fallback, but I'm not switching.",
            "{name} swears by {d} for their cat.",
        ),
    ),
    _family(
        "choir_formation",
        "preference",
        "the choir's formation",
        _pick(FORMATIONS),
        _words_cap,
        states=(
            "For the concert I'd like the choir standing in {v}.",
            "Formation: {v}, please.",
            "choir layout {v}",
            "I prefer the singers arranged in {v}.",
        ),
        updates=(
            "The acoustics are better with {v}, so let's do that.",
            "Switch the risers to {v}.",
            "Let's do {v} instead for the singers.",
            "choir standing in {v} now",
            "{v} for the choir.",
        ),
        decoys=(
            "The visiting choir stood in {d}; that was theirs.",
            "{name} would prefer {d}, but it's my call.",
        ),
    ),
)
FAMILY_BY_NAME = {family.name: family for family in FAMILIES}
PAIRS = (
    "watch",
    "wedding_time",
    "menu_price",
    "freezer",
    "grant_deadline",
    "hiring_contact",
    "pace",
    "font",
)

GENERIC_DECOYS: tuple[str, ...] = (
    "{S} is still up in the air; {name} is checking, so don't change anything yet.",
    "{name} floated {d} for {s}. Not agreed, just an idea.",
    "If {s} ended up at {d}, would that break anything? Just asking, nothing's decided.",
    "There's an old email from {name} saying {s} is {d}. It's out of date, ignore it.",
    "For what it's worth, {s} used to be {d}, years ago.",
    "Is {s} still what I told you earlier? Don't change it, I'm only checking.",
    "{name}'s draft has {d} for {s}, but that's their draft, not the plan.",
    "We might revisit {s} after Friday's meeting. For now it stays as it is.",
    "The banner on the shared calendar still shows {d} for {s}. Stale, ignore it.",
)
"""Decoys for every slot (replace the generator's defaults)."""
PREFERENCE_DECOYS: tuple[str, ...] = (
    "{name} would go with {d} for {s}, but it's my call and I haven't changed my mind.",
    "Some people like {d} for {s}. Not me.",
)

# --- filler -------------------------------------------------------------------------------

# fmt: off
TOPICS = (
    "the seating plan", "a cover letter", "the risk assessment", "next week's rota",
    "the shopping list", "the newsletter", "a thank-you note", "the agenda for Monday",
    "the volunteer sign-up sheet", "the meeting minutes", "a packing list", "the press release",
    "the reading list", "a reference letter", "the handover notes", "the welcome email",
)
QUESTIONS = (
    "Can you draft {t} for me?",
    "Any tips for {t}?",
    "what should go into {t}?",
    "How long should {t} be?",
    "Could you tidy up {t} when you get a chance?",
    "Remind me what a good structure for {t} is?",
    "quick one: who usually signs off {t}?",
    "Is it normal to send {t} this early?",
)
THANKS = (
    "Thanks!", "cheers!", "Thank you, that helps.", "great, thanks.", "Perfect.", "ta.",
    "Lovely, thank you.",
)
ACKS = (
    "Got it.", "Noted.", "Okay, I'll keep that in mind.", "Understood.", "Sure, noted.",
    "Thanks, I've recorded that.", "Right, got that down.",
)
ECHOES = ("Noted: {v}.", "Okay, {v}.", "Got it, {v}.", "Understood, {v} it is.", "Recorded: {v}.")
DECOY_ACKS = (
    "Okay, I'll leave things as they are.", "Understood, no change.",
    "Noted, nothing changes for now.", "Got it, I won't update anything.",
    "Sure, I'll keep the current plan.",
)
OPENERS = (
    "Hi! I've got a lot going on this month and need help keeping it straight.",
    "Morning. Can you help me keep track of a few projects? Details as we go.",
    "hey, I'll dump things on you as they come up, ok?",
    (
        "I'm coordinating several unrelated things at once. Bear with me, I'll tell you bits as I "
        "remember them."
    ),
)
SYSTEMS = (
    (
        "You are a personal assistant helping one person keep several projects on track. Keep "
        "track of what they tell you."
    ),
    "You are a helpful assistant. The user is juggling work and personal projects; answer briefly.",
    "You help the user plan events, research and small-business work. Be concise and accurate.",
)
SENTENCES = (
    "A good draft usually runs to about {m} words.",
    "Most people find {n} sections is plenty.",
    "Try to keep it to {k} main points.",
    "You could group the items under {n} headings.",
    "Roughly {p} in every hundred readers only skim the first line.",
    "Allow {k} days for feedback before you send it.",
    "I'd budget around {m} words for the introduction.",
    "Plan {n} short sessions rather than one long one.",
    "In one survey {p} out of a hundred people preferred the short version.",
    "Keep each bullet under {k} lines.",
    "A checklist of {n} items is easier to follow than a paragraph.",
    "If it's printed, leave {k} blank lines between sections.",
    "Ask {n} people to read it before it goes out.",
    "The usual advice is to cut the first draft by about a third.",
)
BULLETS = (
    "Opening: {k} sentences", "Main points: {n} bullets", "Details: about {m} words",
    "Follow-up within {k} days", "Review with {n} people", "Appendix: up to {m} words",
)
# fmt: on


def filler_answer(rng: random.Random) -> str:
    """A few sentences with unrelated numbers, sometimes followed by a bulleted outline."""

    def numbers(template: str) -> str:
        return template.format(
            p=rng.randint(5, 95), n=rng.randint(2, 12), m=rng.randint(13, 250), k=rng.randint(2, 9)
        )

    text = " ".join(numbers(s) for s in rng.sample(SENTENCES, rng.randint(3, 7)))
    if rng.random() < 0.4:
        bullets = rng.sample(BULLETS, rng.randint(3, 5))
        text += "\n\nAn outline:\n" + "\n".join(f"- {numbers(b)}" for b in bullets)
    return text


# --- self-check ---------------------------------------------------------------------------


def _fixed_texts() -> list[str]:
    """Every piece of text the generator writes that is not a value."""
    texts: list[str] = []
    for family in FAMILIES:
        texts.append(family.subject)
        for template in (*family.states, *family.updates, *family.decoys):
            texts.append(template.replace("{v}", "\n").replace("{d}", "\n"))
    for group in (GENERIC_DECOYS, PREFERENCE_DECOYS):
        texts += [t.replace("{d}", "\n") for t in group]
    texts += [*TOPICS, *QUESTIONS, *THANKS, *ACKS, *ECHOES, *DECOY_ACKS, *OPENERS, *SYSTEMS]
    texts += [*SENTENCES, *BULLETS, *COLLEAGUES]
    return texts


def _self_check() -> None:
    import itertools
    from collections import Counter

    import _task_state_corpus as corpus

    corpus.use_templates("heldout_e")
    assert vars(corpus)["FAMILIES"] is FAMILIES
    assert corpus.GENERIC_DECOYS is GENERIC_DECOYS

    # The families: unique names, every kind among the singles, pairs of two of one kind.
    assert len(FAMILY_BY_NAME) == len(FAMILIES)
    for kind in KINDS:
        assert sum(1 for f in FAMILIES if f.kind == kind and f.pair is None) >= 3, kind
    for group in PAIRS:
        members = [f for f in FAMILIES if f.pair == group]
        assert len(members) == 2, group
        assert members[0].kind == members[1].kind, group
    assert {f.pair for f in FAMILIES if f.pair} == set(PAIRS)
    for family in FAMILIES:
        assert len(family.states) >= 4, family.name
        assert len(family.updates) >= 5, family.name
        for template in (*family.states, *family.updates):
            assert template.count("{v}") == 1, (family.name, template)
            assert "{d}" not in template, (family.name, template)
            template.format(v="x")
        for template in family.decoys:
            assert "{v}" not in template
            template.format(d="x", name="x", s="x", S="x")

    # No spelling of any value can be written by text that is not the value itself.
    fixed = _fixed_texts()
    rng = random.Random(0)
    for family in FAMILIES:
        for _ in range(400):
            raw = family.draw(rng)
            for in_update in (False, True):
                value = family.render(raw, rng, in_update)
                assert value.text in value.forms or any(f in value.text for f in value.forms), (
                    family.name,
                    value,
                )
                for form in value.forms:
                    hits = [t for t in fixed if form in t]
                    assert not hits, (family.name, form, hits)

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
        # Updates follow their statement and never repeat a spelling of an earlier value.
        history: dict[str, list[Value]] = {}
        for event in t.events:
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
    print(
        f"heldout_e: {len(FAMILIES)} families ({len(PAIRS)} pairs), {total} family templates "
        f"+ {len(GENERIC_DECOYS) + len(PREFERENCE_DECOYS)} generic decoys; "
        f"{len(built)} transcripts (seeds 1-10 x {per_seed}), {len(templates)} templates used, "
        f"{len(events)} events ({Counter(e.action for e in events)}), "
        f"updates per slot {dict(sorted(chains.items()))}, {redraws} redraws: ok"
    )


if __name__ == "__main__":
    # Check the module as the generator imports it, not this ``__main__`` copy.
    import _task_state_templates_heldout_e

    _task_state_templates_heldout_e._self_check()
