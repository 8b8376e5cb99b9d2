"""A third held-out template set for ``_task_state_corpus`` (``--corpus heldout_c``).

Same interface as ``_task_state_templates``: slot families with their value generators and
the sentences that state, supersede and decoy them, then the filler. The slots come from
outside software operations (contracts, events, experiments, grant writing, press, retail
logistics), and every sentence was written for this set alone, without looking at the
engine's rules or at the other held-out sets.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from _task_state_templates import Family, Value

KINDS = ("safety", "constraint", "fact", "goal", "preference")

# --- word lists -------------------------------------------------------------------------

# fmt: off
MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)
JURISDICTIONS = (
    "England and Wales", "Scotland", "Ireland", "New York", "Delaware", "California",
    "Ontario", "British Columbia", "Singapore", "Hong Kong", "Switzerland", "Sweden",
    "New South Wales", "Quebec", "Texas", "Luxembourg",
)
RESIDENCY = (
    "Frankfurt", "Dublin", "Zurich", "Stockholm", "Montreal", "Sydney", "Tokyo", "Paris",
    "Milan", "Warsaw", "Oslo", "Madrid", "Seoul", "Mumbai",
)
ENTITY_HEADS = (
    "Marrowdale", "Fenwick", "Ashgrove", "Kilbride", "Tamsworth", "Corvel", "Halden",
    "Brightwater", "Oakhurst", "Wrenfield", "Pellham", "Drummore",
)
ENTITY_TRADES = (
    "Freight", "Textiles", "Biologics", "Hospitality", "Instruments", "Foods", "Analytics",
    "Holdings", "Ceramics", "Pharma",
)
ENTITY_SUFFIXES = (
    "Ltd", "GmbH", "B.V.", "S.A.S.", "Pty Ltd", "LLC", "Inc.", "AB", "S.p.A.", "Oy",
)
BRAND_STARTS = (
    "Thistle", "Quill", "Lumen", "Harrow", "Vesper", "Cinder", "Moss", "Brindle", "Sorrel",
    "Tallow", "Umber", "Wicker",
)
BRAND_ENDS = (
    "works", "mark", "vale", "field", "gate", "wise", "loop", "craft", "point", "stone",
)
VENUE_WORDS = (
    "Copperline", "Saltmarsh", "Juniper", "Larchmont", "Ferrybridge", "Kingsmoor",
    "Alderney", "Hollins", "Marlowe", "Penrose", "Ravensbourne", "Tidewater", "Greyfriars",
)
VENUE_KINDS = (
    "Hall", "Rooms", "Gallery", "Boathouse", "Pavilion", "Yard", "Loft", "Conservatory",
    "Exchange", "Playhouse",
)
PERSON_FIRST = (
    "Magnus", "Leonie", "Caspar", "Rosalind", "Emeka", "Yara", "Benedikt", "Solveig",
    "Marisol", "Tobias", "Aurelie", "Desmond", "Ngozi", "Henrik", "Paloma", "Jorge",
)
PERSON_LAST = (
    "Lindgren", "Achterberg", "Fairbanks", "Quintero", "Osei", "Valtonen", "Pemberton",
    "Szabo", "Delacroix", "Mwangi", "Rasmussen", "Abernathy", "Iwasaki", "Kavanagh",
)
COLLEAGUES = (
    "Chloe", "Arjun", "Fatima", "Wes", "Hannelore", "Sipho", "Mirela", "Jonah", "Keiko",
    "Rohan", "Bridget", "Luca",
)
"""Colleagues the user mentions in decoys (the templates use no pronouns)."""
DATASET_STEMS = (
    "claims", "panel", "census_extract", "registry", "survey_wave", "ehr_cohort", "pos_sales",
    "household",
)
SENSITIVE_STEMS = (
    "participants", "interviews_raw", "cohort", "patients", "donors", "respondents",
)
METRICS = (
    "seven-day retention", "checkout completion rate", "median time to first invoice",
    "weekly active teams", "trial-to-paid conversion", "average basket size",
    "support tickets per account", "onboarding completion", "repeat purchase rate",
    "average session length", "day-30 churn", "refund rate", "cart abandonment",
    "revenue per visitor",
)
CARRIERS = (
    "DHL Express", "FedEx Ground", "DPD Classic", "PostNL", "Chronopost", "Purolator",
    "Evri", "Hermes Germany", "Yodel", "Australia Post", "Sendle", "Bpost", "Colissimo",
    "InPost", "Canada Post",
)
DRESS_CODES = (
    "black tie", "cocktail attire", "business casual", "smart casual", "lounge suits",
    "creative black tie", "garden party attire", "business formal", "festive casual",
    "all white",
)
ALPHAS = (
    "0.01", "0.005", "0.001", "0.02", "0.025", "0.0125", "0.0025", "0.002", "0.04", "0.03",
    "0.0167", "0.008",
)
CITATION_STYLES = (
    "APA 7th edition", "Chicago author-date", "Vancouver", "Harvard", "MLA 9th edition",
    "IEEE", "AMA 11th edition", "Bluebook", "OSCOLA", "Turabian", "ACS",
)
FONTS = (
    "Source Serif 4", "IBM Plex Sans", "EB Garamond", "Merriweather", "Georgia", "Calibri",
    "Fira Sans", "Libre Baskerville", "Open Sans", "Roboto Slab", "Crimson Pro",
    "Nunito Sans", "Helvetica Neue", "Palatino", "Avenir Next", "Work Sans",
)
EVENT_ZONES = (
    "Central European Time", "US Pacific time", "US Eastern time", "US Mountain time",
    "India Standard Time", "Japan Standard Time", "Gulf Standard Time",
    "Australian Eastern time", "New Zealand time", "Brasilia time",
    "South Africa Standard Time", "Eastern European Time", "Moscow time",
)
SPELLINGS = (
    "British English", "American English", "Canadian English", "Australian English",
    "Irish English", "Indian English", "New Zealand English",
)
_UNITS = (
    "", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen",
)
_TENS = (
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
)
# fmt: on


def number_words(n: int) -> str:
    """``1340`` -> ``one thousand three hundred and forty`` (British, with "and")."""
    if n < 20:
        return _UNITS[n] or "zero"
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_UNITS[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_UNITS[hundreds]} hundred" + (f" and {number_words(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    head = f"{number_words(thousands)} thousand"
    if not rest:
        return head
    return head + (" and " if rest < 100 else " ") + number_words(rest)


def word_variants(n: int) -> tuple[str, ...]:
    """The spellings of ``n`` in words: with or without "and", hyphen or space."""
    base = number_words(n)
    variants = {base, base.replace(" and ", " ")}
    variants |= {v.replace("-", " ") for v in variants}
    return tuple(sorted(variants))


def _code(rng: random.Random) -> str:
    return (
        rng.choice(string.digits[1:])
        + rng.choice("abcdefghjkmnpqrstuvwxyz")
        + rng.choice(string.digits + "abcdefghjkmnpqrstuvwxyz")
    )


# --- value renderers ----------------------------------------------------------------------

Renderer = Callable[[int | str, random.Random, bool], Value]


def _sayable(n: int) -> bool:
    """Whether people would plausibly write ``n`` out in words."""
    return n < 100 or (n < 1000 and n % 10 == 0) or n % 100 == 0


def _keep(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    return Value(str(raw), (str(raw),))


def _pick(words: tuple[str, ...]) -> Callable[[random.Random], int | str]:
    return lambda rng: rng.choice(words)


def _counted(*units: str, words_share: float = 0.4) -> Renderer:
    """A number with a unit ("240 guests"); an update may write it in words."""

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        spelled = word_variants(n)
        forms: list[str] = []
        for unit in units:
            forms += [f"{n:,} {unit}", f"{n} {unit}", *(f"{w} {unit}" for w in spelled)]
        forms = list(dict.fromkeys(forms))
        if in_update and _sayable(n) and rng.random() < words_share:
            return Value(f"{rng.choice(spelled)} {units[0]}", tuple(forms))
        return Value(f"{n:,} {units[0]}", tuple(forms))

    return render


def _money(symbol: str, word: str, code: str) -> Renderer:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        spelled = word_variants(n)
        forms = (
            f"{symbol}{n:,}",
            f"{symbol}{n}",
            f"{n:,} {word}",
            f"{code} {n:,}",
            f"{code}{n:,}",
            *(f"{w} {word}" for w in spelled),
        )
        forms = tuple(dict.fromkeys(forms))
        if in_update and (n % 1000 == 0 or (n < 10_000 and n % 100 == 0)) and (rng.random() < 0.35):
            return Value(f"{rng.choice(spelled)} {word}", forms)
        return Value(f"{symbol}{n:,}", forms)

    return render


def _ordinal(day: int) -> str:
    suffix = "th" if 11 <= day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def _date(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    month, day = divmod(int(raw), 100)
    name = MONTHS[month]
    forms = (
        f"{name} {day}",
        f"{day} {name}",
        f"{name[:3]} {day}",
        f"{day} {name[:3]}",
        f"{name} {_ordinal(day)}",
        f"{_ordinal(day)} of {name}",
    )
    options = [forms[0], forms[0], forms[1]]
    if in_update:
        options += [forms[5], forms[4]]
    return Value(rng.choice(options), forms)


def _draw_date(rng: random.Random) -> int:
    return rng.randrange(12) * 100 + rng.randint(10, 28)


def _percent(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    forms = (f"{raw}%", f"{raw} percent", f"{raw} per cent")
    if in_update and rng.random() < 0.3:
        return Value(f"{raw} percent", forms)
    return Value(f"{raw}%", forms)


def _days(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    n = int(raw)
    spelled = word_variants(n)
    forms = (f"{n} days", f"net {n}", f"Net {n}", f"NET {n}", *(f"{w} days" for w in spelled))
    if in_update and rng.random() < 0.4:
        return Value(f"{rng.choice(spelled)} days", forms)
    return Value(f"{n} days", forms)


def _draw_discount(rng: random.Random) -> str:
    return f"{rng.randint(6, 38)}.{rng.choice(('25', '5', '75'))}"


def _person(rng: random.Random) -> str:
    return f"{rng.choice(PERSON_FIRST)} {rng.choice(PERSON_LAST)}"


def _venue(rng: random.Random) -> str:
    return f"{rng.choice(VENUE_WORDS)} {rng.choice(VENUE_KINDS)}"


def _warehouse(rng: random.Random) -> str:
    return f"DC-{rng.choice('BCDFGHJKLMNPRSTVWXZ')}{rng.randint(10, 99)}"


# --- slot families ------------------------------------------------------------------------

FAMILIES: tuple[Family, ...] = (
    # safety rules
    Family(
        "embargo_date",
        "safety",
        "the embargo date",
        _draw_date,
        _date,
        states=(
            "The results are under embargo until {v}. Nothing goes out before then, not a "
            "tweet, not a teaser, nothing.",
            "hard rule from the journal: no public mention of the findings before {v}",
            "Please make sure no draft press material is sent to anyone outside the team "
            "before {v}; that's the embargo.",
            "Embargo lifts {v}. Until then we don't share the paper with journalists, even "
            "off the record.",
        ),
        updates=(
            "The journal pushed publication back, so we stay quiet until {v} now.",
            "ok so the embargo moved, it lifts on {v}",
            "Editor just emailed: new embargo is {v}. The date I gave you before no longer holds.",
            "We can't go public until {v} now; they rescheduled the issue.",
        ),
        decoys=(
            "The other paper in the same issue is embargoed until {d}, which doesn't affect "
            "ours at all.",
            "Could the embargo realistically slip to {d}? Just wondering, no change for now.",
        ),
    ),
    Family(
        "sensitive_dataset",
        "safety",
        "the file that must never leave our machines",
        lambda rng: f"{rng.choice(SENSITIVE_STEMS)}_{_code(rng)}_identified.parquet",
        _keep,
        states=(
            "Never upload {v} to any external tool, and don't paste rows from it here. It "
            "has names and birth dates in it.",
            "Important: {v} contains identifiable data. It stays on the secure drive, full stop.",
            "Rule for this project: {v} does not get emailed, shared or copied to a laptop.",
        ),
        updates=(
            "The ethics board re-linked the data, so the file we must never share is {v} "
            "now. Same restrictions.",
            "Heads up, the identifiable extract got regenerated; treat {v} as the "
            "untouchable one from here on.",
            "the locked-down file is {v} these days, the old extract was destroyed",
        ),
        decoys=(
            "Another lab keeps {d} on a shared drive, apparently. Not our file, not our problem.",
            "Is {d} also sensitive, do you think? Don't change the rules yet, I'll check "
            "with the ethics office.",
        ),
    ),
    Family(
        "unnamed_partner",
        "safety",
        "the partner we must not name publicly",
        lambda rng: rng.choice(BRAND_STARTS) + rng.choice(BRAND_ENDS),
        _keep,
        states=(
            "Do not mention {v} in anything public. The partnership isn't signed and the "
            "NDA is strict.",
            "Whatever copy you write, {v} never appears in it. Refer to them as 'a retail "
            "partner' if you must.",
            "Confidential: our launch partner is {v}, and that name must not show up in "
            "the blog post, the deck or the social posts.",
        ),
        updates=(
            "Change of partner. The deal with the old one fell through; the company we "
            "can't name in public is {v} now.",
            "Legal says the name to keep out of every public draft is {v} from today.",
            "fyi the nda is with {v} now instead, same rule, never in public copy",
        ),
        decoys=(
            "{name} thinks we might approach {d} next year. Pure speculation, nothing signed.",
            "A competitor just announced a tie-up with {d}; that has nothing to do with our NDA.",
        ),
    ),
    Family(
        "retention_period",
        "safety",
        "the data retention period",
        lambda rng: rng.randint(4, 58),
        _counted("months"),
        states=(
            "Interview recordings must be deleted {v} after the interview. That's what the "
            "consent form says.",
            "We only keep participant data for {v}. After that it's destroyed, no exceptions.",
            "Retention limit: {v}. Please flag anything in the plan that would keep data longer.",
        ),
        updates=(
            "The DPO revised the policy. We now delete participant data after {v}.",
            "retention's {v} now per the new consent form",
            "We're allowed to hold the recordings for {v} from now on, not the earlier figure.",
            "New retention window after the audit: {v}.",
        ),
        decoys=(
            "The university's default retention is {d}, but our consent form overrides that.",
            "{S} is being reviewed by the DPO; keep following the current one.",
        ),
    ),
    Family(
        "residency_region",
        "safety",
        "the data residency location",
        _pick(RESIDENCY),
        _keep,
        states=(
            "Customer data must stay in {v}. Never pick a vendor that stores it anywhere else.",
            "Data residency requirement: everything is hosted in {v}, and nothing is "
            "replicated outside it.",
            "Under the contract, personal data may only be processed in {v}.",
        ),
        updates=(
            "The client signed an amendment: personal data has to live in {v} now.",
            "We're relocating storage, data residency is {v} going forward.",
            "so the residency clause changed, it's {v} only from here on",
        ),
        decoys=(
            "{name} asked if we could use a vendor in {d}. I said we'd check, but the "
            "rule hasn't changed.",
            "The vendor's brochure claims their default region is {d}. Irrelevant to our clause.",
        ),
    ),
    # hard constraints
    Family(
        "payment_terms",
        "constraint",
        "the invoice payment terms",
        lambda rng: rng.randint(14, 89),
        _days,
        states=(
            "Our invoices are payable within {v}. Put that on every invoice template.",
            "Payment terms for this client: {v} from the invoice date.",
            "We can't accept terms longer than {v}; finance will reject the contract.",
        ),
        updates=(
            "Procurement negotiated us down, payment is due within {v} now.",
            "Finance agreed a change: invoices get paid {v} after issue from now on.",
            "terms are {v} now, update the template pls",
            "New payment terms after the renewal: {v}.",
        ),
        decoys=(
            "Their other supplier gets {d}, which is why they asked. We haven't agreed to "
            "anything.",
            "{S} might be renegotiated at the annual review; until then, nothing changes.",
        ),
    ),
    Family(
        "headcount_cap",
        "constraint",
        "the headcount cap for the summit",
        lambda rng: rng.randrange(60, 600, 5),
        _counted("guests", "people", "attendees"),
        states=(
            "The summit can't go over {v}; fire code for the main room.",
            "Max capacity for the summit is {v}, staff included.",
            "Please don't let registrations push us past {v}. That's the hard limit for "
            "the summit.",
            "We have room for {v} at the summit and not one more. Also, can you remind me "
            "to call the florist on Thursday?",
        ),
        updates=(
            "The venue opened the mezzanine, so the summit cap goes up to {v}.",
            "Fire marshal re-inspected: we can host {v} at the summit now.",
            "summit capacity is now {v}",
            "We lost a wing to renovation; the summit tops out at {v} from today.",
        ),
        decoys=(
            "Last year's summit had {d}, just for context. It doesn't change this year's cap.",
            "What if we capped the summit at {d} to keep it cosy? Thinking out loud, "
            "don't change anything.",
        ),
    ),
    Family(
        "catering_budget",
        "constraint",
        "the catering budget",
        lambda rng: rng.randrange(1_500, 48_000, 50),
        _money("£", "pounds", "GBP"),
        states=(
            "Catering has a budget of {v}, drinks included.",
            "For food and drink we have {v} in total. Please keep the caterer quotes under that.",
            "The catering line in the budget is {v}, and it's separate from AV.",
        ),
        updates=(
            "Sponsors chipped in, so catering can go up to {v}.",
            "We had to trim food and drink; the caterer has {v} to work with now.",
            "catering money is {v} now",
            "Revised catering budget after the board meeting: {v}.",
        ),
        decoys=(
            "The caterer's first quote came in at {d}, which is just their opening number.",
            "{name} reckons catering could need {d}. Not approved, leave it.",
        ),
        pair="budget",
    ),
    Family(
        "av_budget",
        "constraint",
        "the AV budget",
        lambda rng: rng.randrange(1_500, 48_000, 50),
        _money("£", "pounds", "GBP"),
        states=(
            "AV gets {v}: projectors, mics, streaming, the lot.",
            "The audio-visual budget is {v}, separate from the food money.",
            "Don't let the AV supplier quote us more than {v} for sound and screens.",
        ),
        updates=(
            "We dropped the livestream, so the AV budget is {v} now.",
            "The sound and screens line was increased to {v}.",
            "av budget changed to {v}",
            "Board approved a new number for audio-visual: {v}.",
        ),
        decoys=(
            "The production company says a typical event of our size spends {d} on AV. "
            "That's their sales pitch, not our budget.",
            "Would {d} for AV be more realistic? Just asking, don't update anything.",
        ),
        pair="budget",
    ),
    Family(
        "word_limit",
        "constraint",
        "the word limit for the research strategy section",
        lambda rng: rng.randrange(400, 3_000, 50),
        _counted("words"),
        states=(
            "The Research Strategy section is capped at {v}. The portal rejects anything longer.",
            "Keep the research strategy to {v} max, the funder counts them.",
            "Word limit for the strategy section: {v}. References don't count towards it.",
        ),
        updates=(
            "The funder updated the call text; the strategy section can now be {v}.",
            "They cut the limit, research strategy is {v} now",
            "Per the new guidance notes, we have {v} for the research strategy.",
        ),
        decoys=(
            "Another foundation allows {d} for the same kind of section. Different funder, "
            "ignore it.",
            "{name}'s successful application last cycle had {d} in the strategy section, "
            "but the rules were different then.",
        ),
    ),
    Family(
        "discount_ceiling",
        "constraint",
        "the maximum discount",
        _draw_discount,
        _percent,
        states=(
            "Sales reps may not discount more than {v} off list. Anything above needs the CFO.",
            "Max discount on the annual plan: {v}.",
            "Our discount ceiling is {v}. Don't draft any offer that goes beyond it.",
        ),
        updates=(
            "The CFO loosened things a bit: reps can go up to {v} off now.",
            "Discount cap is {v} from this quarter.",
            "we tightened discounting, {v} is the most anyone can give now",
        ),
        decoys=(
            "A competitor is apparently offering {d} off to steal deals. We are not matching it.",
            "{name} gave a customer {d} off back in 2021, which is exactly why we have a "
            "ceiling now.",
        ),
    ),
    Family(
        "alpha",
        "constraint",
        "the significance level",
        _pick(ALPHAS),
        _keep,
        states=(
            "Use a significance level of {v} for every test in this analysis.",
            "alpha = {v}, two-sided, pre-registered. Don't report anything as significant "
            "above that.",
            "Our threshold for significance is p < {v}. Please apply it consistently.",
        ),
        updates=(
            "Reviewer 2 wants a stricter threshold, so we're testing at alpha {v} now.",
            "After the multiple-comparison discussion we switched the significance level to {v}.",
            "new alpha: {v}. redo the tables with that",
        ),
        decoys=(
            "The paper we're replicating used {d} as its threshold. We keep ours.",
            "Would {d} be defensible as alpha? Just curious, don't change anything.",
        ),
    ),
    Family(
        "expense_approval",
        "constraint",
        "the expense approval threshold",
        lambda rng: rng.randrange(150, 9_000, 25),
        _money("€", "euros", "EUR"),
        states=(
            "Any single expense over {v} needs my approval before it's booked.",
            "Approval threshold for expenses is {v}. Below that, people can just go ahead.",
            "Nobody on the team commits to a purchase above {v} without a sign-off from me.",
        ),
        updates=(
            "Finance raised the limit; expenses now need my sign-off above {v}.",
            "The approval threshold dropped to {v} after the audit.",
            "expenses over {v} need approval now, not the old number",
        ),
        decoys=(
            "Marketing has its own threshold of {d}, which doesn't apply to us.",
            "{name} booked a {d} hotel last month with approval; that's a one-off, not a "
            "new threshold.",
        ),
    ),
    # facts
    Family(
        "governing_law",
        "fact",
        "the governing law of the contract",
        _pick(JURISDICTIONS),
        _keep,
        states=(
            "The master services agreement is governed by the laws of {v}.",
            "Governing law clause: {v}. Make sure the redline keeps it.",
            "For the record, the contract's governing law is that of {v}.",
        ),
        updates=(
            "Counterparty's counsel insisted, so the agreement will be governed by the law "
            "of {v} instead.",
            "We conceded on governing law; it's {v} now.",
            "governing law changed to {v} in the last turn of the redline",
        ),
        decoys=(
            "Their template had {d} as governing law, but we struck that in round one.",
            "What would change if the governing law were {d}? Hypothetical, don't touch "
            "the clause.",
        ),
        pair="law",
    ),
    Family(
        "dispute_forum",
        "fact",
        "the seat for disputes",
        _pick(JURISDICTIONS),
        _keep,
        states=(
            "Disputes go to arbitration seated in {v}.",
            "The dispute resolution clause puts the seat of arbitration in {v}.",
            "If it ever comes to a dispute, the forum is {v}.",
        ),
        updates=(
            "We moved the arbitration seat to {v} in the latest draft.",
            "Dispute forum is {v} now; the other side accepted.",
            "arbitration seat: {v} from this draft on",
        ),
        decoys=(
            "{name} suggested {d} as the arbitration seat, but that's only an idea at this stage.",
        ),
        pair="law",
    ),
    Family(
        "client_entity",
        "fact",
        "the client's legal entity",
        lambda rng: (
            f"{rng.choice(ENTITY_HEADS)} {rng.choice(ENTITY_TRADES)} {rng.choice(ENTITY_SUFFIXES)}"
        ),
        _keep,
        states=(
            "The contracting party on the client side is {v}. Use the full name in the recitals.",
            "Client's legal entity: {v}.",
            "We are signing with {v}, not the parent group.",
        ),
        updates=(
            "They restructured, so the agreement is with {v} now.",
            "Client asked us to contract with {v} instead; that's the entity for the "
            "signature block.",
            "entity name changed, it's {v}",
        ),
        decoys=(
            "Their invoices sometimes say {d}, but that's a sister company, not the party "
            "to our contract.",
            "An old engagement letter lists {d} as the client. That letter is years out of date.",
        ),
    ),
    Family(
        "dataset_version",
        "fact",
        "the dataset version",
        lambda rng: (
            f"{rng.choice(DATASET_STEMS)}_{rng.randint(2016, 2024)}q{rng.randint(1, 4)}"
            f"_v{rng.randint(2, 19)}"
        ),
        _keep,
        states=(
            "All numbers in the report come from {v}.",
            "We're analysing {v}; don't mix in rows from other extracts.",
            "Dataset for this analysis: {v}, frozen.",
        ),
        updates=(
            "The data team shipped a corrected extract, so we work off {v} now.",
            "switching to {v}, the previous extract had duplicated households",
            "We re-based everything on {v} this morning.",
        ),
        decoys=(
            "{name} is still on {d} for a different paper. That's fine, it's not ours.",
            "The appendix of last year's report cites {d}; that was last year's data.",
        ),
    ),
    Family(
        "random_seed",
        "fact",
        "the random seed",
        lambda rng: rng.randint(10_000, 99_999),
        _keep,
        states=(
            "Every notebook sets the random seed to {v} so the splits are reproducible.",
            "Seed is {v}. Please include it in any code you write for me.",
            "We fix random_state={v} everywhere.",
        ),
        updates=(
            "We regenerated the splits with seed {v}; use that from now on.",
            "new seed, {v}. the old one is retired",
            "For the final runs the random seed is {v}.",
        ),
        decoys=("The original authors used seed {d} in their repo, but we have our own.",),
    ),
    Family(
        "press_contact",
        "fact",
        "the press contact",
        _person,
        _keep,
        states=(
            "Media enquiries go to {v}. Put that name at the bottom of the release.",
            "Our press contact for the launch is {v}.",
            "If a journalist emails, forward it to {v}; they handle press questions.",
        ),
        updates=(
            "{v} takes over media enquiries from today.",
            "press contact is {v} now, the previous one went on leave",
            "Please change the contact line on the release: journalists should reach {v}.",
        ),
        decoys=("The agency's own press contact is {d}, but they don't front for us.",),
        pair="press",
    ),
    Family(
        "spokesperson",
        "fact",
        "the spokesperson",
        _person,
        _keep,
        states=(
            "The spokesperson for interviews is {v}; nobody else goes on camera.",
            "{v} is the only one who speaks on the record about the launch.",
            "On-camera spokesperson: {v}.",
        ),
        updates=(
            "Comms decided {v} will do the on-camera interviews instead.",
            "We swapped spokespeople, {v} speaks for us now.",
            "new spokesperson: {v}. they'll do the radio slot too",
        ),
        decoys=(
            "{name} suggested {d} as a spokesperson for the regional papers. Not decided, "
            "leave it.",
        ),
        pair="press",
    ),
    Family(
        "venue_main",
        "fact",
        "the venue for the main event",
        _venue,
        _keep,
        states=(
            "The conference itself is at {v}.",
            "Main event venue: {v}. Booked and deposit paid.",
            "We're holding the daytime programme at {v}.",
        ),
        updates=(
            "The daytime sessions moved to {v}; the first place double-booked us.",
            "Main venue is {v} now.",
            "we switched the conference venue to {v}, cheaper and closer to the station",
        ),
        decoys=(
            "{name}'s team held their offsite at {d} last spring. Lovely place, but not our venue.",
            "Is {d} still available as a backup for the main event? Only asking, we're not moving.",
        ),
        pair="venue",
    ),
    Family(
        "venue_afterparty",
        "fact",
        "the venue for the after-party",
        _venue,
        _keep,
        states=(
            "The after-party is at {v}, a short walk from the conference.",
            "Evening drinks after the conference will be at {v}.",
            "After-party venue: {v}.",
        ),
        updates=(
            "The evening reception moved to {v}.",
            "after-party's at {v} now, the old place lost its licence",
            "We rebooked the after-party: {v}.",
        ),
        decoys=("A rival conference does its after-party at {d}. We're not copying them.",),
        pair="venue",
    ),
    Family(
        "warehouse_eu",
        "fact",
        "the warehouse for EU orders",
        _warehouse,
        _keep,
        states=(
            "EU orders ship from {v}.",
            "Anything going to an EU address is fulfilled by {v}.",
            "Our European fulfilment centre is {v}.",
        ),
        updates=(
            "We moved European fulfilment to {v}.",
            "EU orders go out of {v} now.",
            "eu warehouse changed to {v} last week",
        ),
        decoys=("Our 3PL mentioned {d} as an option for EU overflow. Nothing agreed.",),
        pair="warehouse",
    ),
    Family(
        "warehouse_us",
        "fact",
        "the warehouse for US orders",
        _warehouse,
        _keep,
        states=(
            "US orders are fulfilled from {v}.",
            "Anything shipping to the States leaves from {v}.",
            "Our American warehouse is {v}.",
        ),
        updates=(
            "US fulfilment moved to {v}.",
            "orders to the US ship from {v} now",
            "We switched the US warehouse to {v} after the lease ended.",
        ),
        decoys=("A competitor ships their US orders from {d}, apparently. Not relevant to us.",),
        pair="warehouse",
    ),
    Family(
        "primary_metric",
        "fact",
        "the primary metric of the experiment",
        _pick(METRICS),
        _keep,
        states=(
            "The experiment's primary metric is {v}. That's what decides ship or no-ship.",
            "Primary metric: {v}.",
            "We'll judge the test on {v} as the primary outcome.",
        ),
        updates=(
            "We changed the primary metric to {v} before launch, pre-registration updated.",
            "primary metric is {v} now",
            "Leadership wants the decision metric to be {v} instead.",
        ),
        decoys=(
            "The growth team's experiments use {d} as their primary metric. Ours is different.",
        ),
        pair="metric",
    ),
    Family(
        "secondary_metric",
        "fact",
        "the secondary metric of the experiment",
        _pick(METRICS),
        _keep,
        states=(
            "Secondary metric for the test: {v}. We report it, but it doesn't decide.",
            "As a secondary outcome we track {v}.",
            "We'll also look at {v} as the secondary metric.",
        ),
        updates=(
            "We swapped the secondary metric to {v}.",
            "secondary outcome is {v} now",
            "The guardrail we report alongside is {v} from now on; it replaces the old "
            "secondary metric.",
        ),
        decoys=("Should {d} be a secondary metric too? Just a thought, we're not adding it.",),
        pair="metric",
    ),
    Family(
        "submission_deadline",
        "fact",
        "the submission deadline",
        _draw_date,
        _date,
        states=(
            "The proposal is due {v} at 5pm.",
            "Submission deadline: {v}. The portal closes at noon.",
            "We have to submit by {v}. Please plan backwards from that.",
        ),
        updates=(
            "Good news, the funder extended the call; we now submit by {v}.",
            "deadline moved to {v}",
            "The programme officer confirmed a new deadline, {v}.",
        ),
        decoys=(
            "Internal review wants drafts by {d}, but that's their date, not the funder's.",
            "{S} may be extended, rumour has it. Until it's official, plan for the current one.",
        ),
    ),
    Family(
        "shipping_carrier",
        "fact",
        "the shipping carrier",
        _pick(CARRIERS),
        _keep,
        states=(
            "We ship everything with {v}.",
            "Our carrier is {v}; labels are printed from their portal.",
            "All parcels go out via {v}.",
        ),
        updates=(
            "We signed with {v}, so shipments go with them from Monday.",
            "carrier switched to {v}",
            "Ops moved us to {v} after the rate increase.",
        ),
        decoys=(
            "{name} keeps recommending {d}. We haven't switched.",
            "A customer asked if we could use {d} for their order. It was a one-off "
            "request, the carrier stays.",
        ),
    ),
    Family(
        "dress_code",
        "fact",
        "the dress code for the gala",
        _pick(DRESS_CODES),
        _keep,
        states=(
            "The gala dress code is {v}. Put it on the invitation.",
            "Dress code for the gala: {v}.",
            "Guests at the gala should come in {v}.",
        ),
        updates=(
            "The host relaxed the gala dress code to {v}.",
            "gala dress code is {v} now, reprint the cards",
            "Change for the gala invitations: we're asking for {v} instead.",
        ),
        decoys=("The awards dinner next month is {d}, but that's a different event.",),
    ),
    # goal states
    Family(
        "survey_sample",
        "goal",
        "the survey sample size",
        lambda rng: rng.randrange(300, 6_000, 10),
        _counted("completed responses", "responses"),
        states=(
            "We close the survey once we have {v}.",
            "Target sample: {v}, that's what the power analysis needs.",
            "The survey is done at {v}. Not before.",
        ),
        updates=(
            "The power analysis was redone; we need {v} now.",
            "we're aiming for {v} instead, budget got cut",
            "New target for fieldwork: {v}.",
        ),
        decoys=(
            "The pilot only got {d}, which is why we're running the main wave.",
            "{name} wonders whether {d} would be enough. We're not changing the target.",
        ),
    ),
    Family(
        "signup_goal",
        "goal",
        "the registration goal",
        lambda rng: rng.randint(120, 4_000),
        _counted("registrations", "sign-ups"),
        states=(
            "We want {v} by the time early-bird pricing ends.",
            "Goal for the campaign: {v}.",
            "Success for the launch event is {v}. Also, is the Zoom link set up yet?",
        ),
        updates=(
            "Marketing raised the bar, we're going for {v} now.",
            "the registrations goal is {v} now",
            "Realistically we should aim for {v}; let's use that as the target.",
        ),
        decoys=(
            "The competitor's webinar claimed {d}. No idea if that's true, and it's not our goal.",
        ),
    ),
    Family(
        "review_goal",
        "goal",
        "the document review goal",
        lambda rng: rng.randint(90, 2_500),
        _counted("contracts"),
        states=(
            "We're finished when {v} have been reviewed and tagged.",
            "The due diligence goal is {v} reviewed by the end of the month.",
            "Done means all {v} in the data room reviewed for change-of-control clauses.",
        ),
        updates=(
            "The seller added documents, so we need to get through {v} now.",
            "scope shrank, the review target is {v}",
            "Partner says the finish line is {v} reviewed.",
        ),
        decoys=("The other deal team reviewed {d} on their matter, but that's theirs.",),
    ),
    Family(
        "preorder_goal",
        "goal",
        "the pre-order goal",
        lambda rng: rng.randrange(5_000, 250_000, 100),
        _money("$", "dollars", "USD"),
        states=(
            "We want {v} in pre-orders before the production run.",
            "The crowdfunding goal is {v}.",
            "Success means {v} of pre-orders booked by launch day.",
        ),
        updates=(
            "We're raising the pre-order target to {v}.",
            "goal's {v} in preorders now",
            "After the manufacturer's new quote, we need {v} in pre-orders instead.",
        ),
        decoys=("A similar campaign last year raised {d}, for comparison only.",),
    ),
    # preferences
    Family(
        "citation_style",
        "preference",
        "the citation style",
        _pick(CITATION_STYLES),
        _keep,
        states=(
            "Please format all references in {v}.",
            "I like citations in {v}.",
            "Use {v} for the bibliography, that's what I'm used to.",
        ),
        updates=(
            "Actually, could you switch the references to {v}?",
            "i'd rather have {v} for citations from now on",
            "The journal we're targeting wants {v}, so let's use that.",
        ),
        decoys=("My co-author {name} writes everything in {d}, but keep mine as I asked.",),
    ),
    Family(
        "font_body",
        "preference",
        "the body font for the report",
        _pick(FONTS),
        _keep,
        states=(
            "Set the report's body text in {v}.",
            "For the body of the report I prefer {v}.",
            "Body font: {v}, 11 point.",
        ),
        updates=(
            "Let's change the body text to {v}.",
            "body font {v} instead pls",
            "I've gone off the old body font; use {v} for running text.",
        ),
        decoys=(
            "The brand guide suggests {d} for body copy, but that's for marketing, not my reports.",
        ),
        pair="font",
    ),
    Family(
        "font_heading",
        "preference",
        "the heading font for the report",
        _pick(FONTS),
        _keep,
        states=(
            "Headings in the report should be in {v}.",
            "I'd like the section titles set in {v}.",
            "Heading font: {v}.",
        ),
        updates=(
            "Switch the headings to {v}.",
            "heading font's {v} now",
            "For titles and headings I'd prefer {v} these days.",
        ),
        decoys=("{name} uses {d} for headings in their decks. Fine for them.",),
        pair="font",
    ),
    Family(
        "event_timezone",
        "preference",
        "the time zone for event times",
        _pick(EVENT_ZONES),
        _keep,
        states=(
            "Please quote every session time in {v}.",
            "Times on the agenda should be in {v}.",
            "I think in {v}, so use that for all the schedule times.",
        ),
        updates=(
            "Most speakers are elsewhere now, so put the agenda times in {v}.",
            "can you use {v} for times from now on",
            "Switch the schedule to {v}, please.",
        ),
        decoys=("{name} is based in {d}, but the agenda stays in my zone.",),
    ),
    Family(
        "spelling",
        "preference",
        "the spelling convention",
        _pick(SPELLINGS),
        _keep,
        states=(
            "Write in {v}, please.",
            "I want everything spelled the {v} way.",
            "Stick to {v} spelling in anything you draft for me.",
        ),
        updates=(
            "The client is overseas, so switch to {v}.",
            "let's go with {v} spelling from now on",
            "Actually I'd prefer {v} for the drafts.",
        ),
        decoys=("{name} always writes in {d}. That's fine for {name}'s drafts, not mine.",),
    ),
)
FAMILY_BY_NAME = {family.name: family for family in FAMILIES}
PAIRS = ("budget", "law", "press", "venue", "warehouse", "metric", "font")

GENERIC_DECOYS: tuple[str, ...] = (
    "{S} is still under discussion with {name}; nothing is decided yet.",
    "{name} floated {d} for {s} in the hallway. I didn't agree to it, so it stays as it is.",
    "hypothetically, if {s} were {d}, what would we have to change? not changing anything, "
    "just curious",
    "Found an old email from last spring saying {s} is {d}. That was superseded ages ago, "
    "ignore it.",
    "Back when we ran the first edition, {s} was {d}. Funny how things change.",
    "Another team uses {d} for {s} on their project. Ours stays as I told you.",
    "Wait, is {s} really what I told you earlier? Don't change it, I'm only double-checking "
    "my own notes.",
    "The draft attached to the kickoff invite says {s} is {d}; that draft is outdated.",
)
"""Decoys for every slot (replace ``_task_state_corpus``'s defaults)."""
PREFERENCE_DECOYS: tuple[str, ...] = (
    "{name} would pick {d} for {s}, but that's {name}'s taste, not mine.",
    "For {name}'s deliverables it's {d} for {s}. Don't apply that to my stuff.",
)

# --- filler -------------------------------------------------------------------------------

# fmt: off
TOPICS = (
    "the speaker bios", "the sponsor deck", "the literature review", "the methods section",
    "the run of show", "the welcome email", "the redline summary", "the stakeholder map",
    "the press kit FAQ", "the interview guide", "the codebook", "the vendor shortlist",
    "the seating plan", "the board memo", "the steering committee update",
    "the limitations paragraph", "the returns policy page", "the volunteer briefing",
    "the cover letter", "the lessons-learned doc",
)
QUESTIONS = (
    "How would you structure {t}?",
    "what goes first in {t}?",
    "Any idea how long {t} should be?",
    "Could you sketch the key points for {t}?",
    "If we're short on time, what can we drop from {t}?",
    "How do I make {t} easier to skim?",
    "who normally signs off on {t}?",
    "Can you suggest a few headings for {t}?",
    "What's a sensible order to tackle {t} in?",
    "Is there a standard template for {t}?",
    "Quick one: should {t} be a doc or a slide?",
)
THANKS = (
    "Thanks, that's helpful.", "brilliant, cheers", "Perfect, thank you.", "Appreciated.",
    "ok makes sense", "Lovely, thanks.", "Very useful, thank you!", "Got it.", "ta",
    "Great, that works.",
)
ACKS = (
    "Noted.",
    "Understood, I'll keep that in mind.",
    "Got it.",
    "Thanks, I'll work with that from now on.",
    "Okay, noted for everything I draft.",
    "Understood.",
    "Sure, I've recorded that.",
)
ECHOES = (
    "Noted: {v}.", "Understood, {v}.", "Got it, {v}.", "Okay, {v} it is.",
)
DECOY_ACKS = (
    "Understood, nothing changes then.",
    "Okay, I'll leave everything as it is.",
    "Noted, no change on my side.",
    "Got it, I won't act on that.",
    "Sure, I'll keep things as they were.",
)
SENTENCES = (
    "People tend to read the first {n} lines and skim the rest.",
    "A first draft usually takes a couple of sittings, and the edit about half that again.",
    "I'd keep it to {n} sections, each with a handful of bullet points.",
    "Lead with the decision you need, then the {k} facts that support it.",
    "A simple table often replaces {m} lines of prose.",
    "Put an owner next to each of the {n} action items, or nothing happens.",
    "Reviewers usually focus on the opening page, so spend your effort there.",
    "Group the {m} items into {k} themes so the structure is obvious.",
    "Link out to detail rather than pasting it in; it keeps the main page readable.",
    "Close with the next step and who owns it.",
    "Plan for {k} review rounds at most; after that the returns shrink fast.",
    "If several people contribute, agree on one shared draft instead of {k} copies.",
    "Keep the jargon out of the first paragraph; not everyone reading it is a specialist.",
    "A one-line summary at the top saves everyone a lot of scrolling.",
    "Ask {k} people who weren't involved to read it cold and tell you what's unclear.",
)
OPENERS = (
    "Hi! I'll be leaning on you for the next few weeks. I'll share the ground rules as they "
    "come up.",
    "hello, can you help me keep a project on track? I'll tell you the important details "
    "as we go",
    "Good morning. Please keep track of what I tell you about this project; things change "
    "a lot.",
    "Hey. Lots of moving parts on this one, so I'll feed you the key facts along the way.",
)
SYSTEMS = (
    "You are an assistant helping a professional run a project. Respect the rules the "
    "user sets and remember the facts and preferences they share.",
    "You are a careful planning assistant. The user's latest instructions take precedence; "
    "keep track of what they tell you.",
    "You support a busy team lead. Be concise and accurate, and follow every constraint "
    "the user gives you.",
)
BULLETS = (
    "Purpose: why this exists and who it is for",
    "Decisions made so far",
    "Open questions, each with one owner",
    "Risks and what would trigger them",
    "Next steps for the coming {k} weeks",
    "Appendix with links instead of pasted detail",
    "The {n} figures people actually look at",
    "Timeline with milestones",
)
# fmt: on


def filler_answer(rng: random.Random) -> str:
    """A few sentences with small unrelated numbers, sometimes followed by an outline."""

    def numbers(template: str) -> str:
        return template.format(n=rng.randint(2, 9), m=rng.randint(10, 40), k=rng.randint(2, 5))

    text = " ".join(numbers(s) for s in rng.sample(SENTENCES, rng.randint(3, 7)))
    if rng.random() < 0.4:
        bullets = rng.sample(BULLETS, rng.randint(3, 5))
        text += "\n\nOne way to lay it out:\n" + "\n".join(f"- {numbers(b)}" for b in bullets)
    return text
