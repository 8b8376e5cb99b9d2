"""A second held-out template set for ``_task_state_corpus`` (``--corpus heldout_b``).

Same interface as ``_task_state_templates``: :data:`FAMILIES`, :data:`PAIRS`, the filler
lists, :func:`filler_answer` and its own generic decoys. The slots, the value generators and
every sentence here were written blind: without reading the engine's rules or the wording of
the other two template sets, in the voice of different people typing to an assistant while
they work. Keep it that way: do not tune it against the engine's output.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from _task_state_templates import Family, Value

KINDS = ("safety", "constraint", "fact", "goal", "preference")

# --- word lists and value helpers -----------------------------------------------------------

# fmt: off
NS_WORDS = (
    "fjord", "cedar", "basalt", "lichen", "moraine", "delta", "estuary", "scree", "tarn",
    "heath", "copse", "dune", "atoll", "mesa", "butte", "steppe",
)
MODEL_STEMS = (
    "corvid", "lumen", "halcyon", "quill", "sable", "vireo", "marl", "tessera", "orrery",
    "kiln", "aster", "brume",
)
DOC_HOSTS = (
    "manual", "handbook", "guide", "pages", "library", "ref", "portal", "kb",
)
DOC_DOMAINS = (
    "tallowcraft.io", "brindlepoint.com", "ferrovane.dev", "quarrylight.net", "oxbowlabs.io",
)
FLAG_A = (
    "enable", "use", "allow", "route", "serve", "gate",
)
FLAG_B = (
    "new_checkout", "ledger_sync", "async_invoices", "bulk_export", "smart_retry",
    "v2_search", "edge_cache", "lazy_thumbnails", "split_billing",
)
SERVICE_WORDS = (
    "billing", "ingest", "reporting", "payments", "sync", "warehouse", "mailer", "export",
)
LICENSES = (
    "MIT", "Apache-2.0", "BSD-3-Clause", "BSD-2-Clause", "ISC", "MPL-2.0", "Zlib",
    "LGPL-3.0", "Unlicense", "PSF-2.0",
)
PYTHONS = ("3.8", "3.9", "3.10", "3.11", "3.12", "3.13", "3.14")
SLAS = (
    "99.5%", "99.9%", "99.95%", "99.99%", "99.8%", "99.7%", "99.6%", "98.5%", "99.25%",
)
NOTE_LANGUAGES = (
    "Japanese", "German", "French", "Korean", "Brazilian Portuguese", "Ukrainian", "Thai",
    "Hebrew", "Danish", "Catalan", "Slovak", "Malay", "Estonian", "Tagalog", "Arabic",
)
GIVEN = (
    "Maren", "Theo", "Adaeze", "Lorcan", "Sunniva", "Emeka", "Paz", "Valtteri", "Rosalind",
    "Jonas", "Chidi", "Esme", "Kaveh", "Liesel", "Matteo", "Yara",
)
FAMILY_NAMES = (
    "Holt", "Achterberg", "Nwachukwu", "Fairweather", "Quintero", "Lindahl", "Szabo",
    "Ferreira", "Oduya", "Ravel", "Pemberton", "Kuusisto", "Delacroix", "Mbeki",
)
CUSTOMER_A = (
    "Brightwater", "Ironbark", "Kettleby", "Stonemill", "Harrowgate", "Bluefin", "Oakhurst",
    "Redfern", "Marsh & Vale", "Northcote",
)
CUSTOMER_B = (
    "Logistics", "Dental Group", "Credit Union", "Foods", "Freight", "Pharmacies", "Housing",
    "Insurance", "Energy",
)
LIST_TEAMS = (
    "platform", "growth", "infra", "data", "mobile", "payments", "core", "search",
)
LIST_TOPICS = (
    "announce", "digest", "weekly", "notices", "changes", "updates",
)
MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)
COLLEAGUES = (
    "Maja", "Oona", "Fenna", "Zainab", "Carys", "Ottilie", "Nadia", "Rhea", "Solveig", "Ama",
)
"""Colleagues named in decoys (the templates say \"her\")."""
_SMALL = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)
_TENS = (
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
)
# fmt: on


def words(n: int) -> str:
    """``45`` -> ``forty-five``, ``12500`` -> ``twelve thousand five hundred``."""
    if n < 20:
        return _SMALL[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_SMALL[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_SMALL[hundreds]} hundred" + (f" {words(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    return f"{words(thousands)} thousand" + (f" {words(rest)}" if rest else "")


def _tag(rng: random.Random) -> str:
    """Three characters like ``4q7``."""
    return (
        rng.choice("23456789")
        + rng.choice("bcdfghjkmnpqrstvwxz")
        + rng.choice(string.digits + "bcdfghjkmnpqrstvwxz")
    )


def _plain(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    return Value(str(raw), (str(raw),))


def _pick(options: tuple[str, ...]) -> Callable[[random.Random], int | str]:
    return lambda rng: rng.choice(options)


def _counted(
    unit: str, in_words: float = 0.35, extra: tuple[str, ...] = ()
) -> Callable[[int | str, random.Random, bool], Value]:
    """``37 days``; an update sometimes writes ``thirty-seven days``. ``extra`` are other
    spellings (``{n}`` is the number) a stale check also looks for."""

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        digits, spelled = f"{n} {unit}", f"{words(n)} {unit}"
        forms = (digits, spelled, *(form.format(n=n) for form in extra))
        return Value(spelled if in_update and rng.random() < in_words else digits, forms)

    return render


def _dollars(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    n = int(raw)
    forms = (f"${n:,}", f"{n:,} dollars", f"{words(n)} dollars", f"${n / 1000:g}k", f"USD {n:,}")
    if in_update:
        roll = rng.random()
        if roll < 0.25:
            return Value(f"{words(n)} dollars", forms)
        if roll < 0.5:
            return Value(f"${n / 1000:g}k", forms)
    return Value(f"${n:,}", forms)


def _percent(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    text = str(raw)
    number = text.rstrip("%")
    forms = (text, f"{number} percent", f"{number} per cent")
    if in_update and rng.random() < 0.3:
        return Value(f"{number} percent", forms)
    return Value(text, forms)


def _account(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    digits = str(raw)
    dashed = f"{digits[:4]}-{digits[4:8]}-{digits[8:]}"
    return Value(rng.choice((digits, digits, dashed)), (digits, dashed))


def _url(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    url = str(raw)
    bare = url.removeprefix("https://")
    return Value(url if rng.random() < 0.7 else bare, (url, bare))


def _hour(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    hour = int(raw)
    twelve = f"{hour - 12} pm"
    forms = (twelve, f"{hour - 12}pm", f"{hour}:00", f"{hour - 12} p.m.", f"{hour}h00")
    return Value(rng.choice((twelve, twelve, f"{hour}:00")), forms)


def _clock(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    hour, minute = divmod(int(raw), 100)
    text = f"{hour}:{minute:02d}"
    return Value(text, (text, f"{hour}.{minute:02d}", f"0{hour}:{minute:02d}"))


def _date(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    month, day = divmod(int(raw), 100)
    name = MONTH_NAMES[month]
    long, short = f"{name} {day}", f"{day} {name}"
    return Value(rng.choice((long, short)), (long, short, f"{name[:3]} {day}"))


def _python(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    version = str(raw)
    return Value(version, (version, f"py{version.replace('.', '')}", f"Python {version}"))


def _person(rng: random.Random) -> str:
    return f"{rng.choice(GIVEN)} {rng.choice(FAMILY_NAMES)}"


def _namespace(rng: random.Random) -> str:
    return f"ns-{rng.choice(NS_WORDS)}-{_tag(rng)}"


def _model(rng: random.Random) -> str:
    return f"{rng.choice(MODEL_STEMS)}-{rng.choice((7, 8, 13, 34, 70, 120))}b-{_tag(rng)}"


def _doc_url(rng: random.Random) -> str:
    return f"https://{rng.choice(DOC_HOSTS)}.{rng.choice(DOC_DOMAINS)}/{_tag(rng)}"


def _account_id(rng: random.Random) -> str:
    return str(rng.randrange(10**11, 10**12))


# --- slot families --------------------------------------------------------------------------

FAMILIES: tuple[Family, ...] = (
    # --- safety ---
    Family(
        "kill_flag",
        "safety",
        "the feature flag nobody may switch off",
        lambda rng: f"{rng.choice(FLAG_A)}_{rng.choice(FLAG_B)}_{rng.randint(2, 9)}",
        _plain,
        states=(
            "Do not, under any circumstances, turn off the {v} flag. Half the checkout path "
            "depends on it.",
            "the {v} flag stays ON. never toggle it, not even in a test env that shares config",
            "Please be careful with one thing: {v} must never be disabled. Last time someone "
            "flipped it we lost a day of orders.",
            "Whatever the runbook says, leaving {v} switched on is non-negotiable.",
        ),
        updates=(
            "They renamed things in the flag service, so the one we can never switch off is "
            "{v} now.",
            "{v} has taken over from the old flag; that's the one that must stay enabled.",
            "fyi the never-disable rule moved to {v}, the previous flag got retired",
            "Correction from the platform folks: it's {v} that must never be turned off, the "
            "other one is gone.",
        ),
        decoys=(
            "Would it be safe to disable {d} for an hour during the migration? Asking, not "
            "doing it.",
            "{name}'s team has a rule never to switch off {d} in their service. Different "
            "codebase, doesn't apply to us.",
        ),
    ),
    Family(
        "deploy_cutoff",
        "safety",
        "the daily deploy cutoff",
        lambda rng: rng.randint(13, 19),
        _hour,
        states=(
            "No production deploys after {v}. If it's later than that, it waits for tomorrow.",
            "nothing ships after {v}, that's a hard rule here",
            "Please remember we never deploy past {v} local time; nobody is around to roll "
            "back after that.",
            "Deploy window closes at {v} every day. Don't suggest pushing anything later.",
        ),
        updates=(
            "Since the support team now stays later, the last deploy of the day can go out at {v}.",
            "we pulled the cutoff in, nothing goes to prod after {v} anymore",
            "The latest we may deploy is {v} from now on, it was agreed in the ops sync.",
            "Turns out the old cutoff was too tight. Deploys are allowed until {v} now.",
        ),
        decoys=(
            "Back in the spring we used to stop deploying at {d}, before the rota changed. "
            "Just history.",
            "What if we moved the cutoff to {d} on Fridays? Not now, just something to think "
            "about.",
        ),
    ),
    Family(
        "service_account",
        "safety",
        "the service account scripts must never use",
        lambda rng: f"svc-{rng.choice(SERVICE_WORDS)}-{_tag(rng)}",
        _plain,
        states=(
            "Never run anything as {v}. It has write access to the ledger and isn't meant "
            "for scripts.",
            "Rule: no script, cron job or notebook may authenticate as {v}.",
            "please don't ever use the {v} account for automation. security will have my head",
            "One hard no: {v} is off limits for anything we run.",
        ),
        updates=(
            "Security rotated the accounts, the one we must never script against is called "
            "{v} now.",
            "Same rule as before but it's {v} that's forbidden now; the old account got deleted.",
            "oh and the no-automation account is {v} these days",
            "The privileged account we keep our hands off is {v} from today.",
        ),
        decoys=(
            "An old wiki page says {d} is the forbidden account, but that page predates the "
            "rotation. Ignore it.",
            "Can a read-only job use {d}? Just curious, don't wire anything up.",
        ),
    ),
    # --- constraints ---
    Family(
        "batch_size",
        "constraint",
        "the maximum batch size",
        lambda rng: rng.randrange(150, 5_000, 50),
        _counted("rows", 0.3, ("{n:,} rows",)),
        states=(
            "The importer can't take more than {v} per batch, it times out above that.",
            "max batch is {v}. don't go over",
            "Please keep every batch at or below {v}; the downstream API rejects anything bigger.",
            "Thanks for the draft. Batches are limited to {v}, by the way.",
        ),
        updates=(
            "The vendor raised their limit, so we can send {v} per batch now.",
            "batches are capped at {v} since the last incident",
            "We're allowed {v} in one batch after the upgrade.",
            "Ops lowered the ceiling: no batch bigger than {v} anymore.",
        ),
        decoys=(
            "The vendor's docs still say {d} per batch, but that page is two versions old.",
            "Is the batch size limit still being reviewed? I think it is, so don't change "
            "anything yet.",
        ),
    ),
    Family(
        "upload_limit",
        "constraint",
        "the maximum upload size",
        lambda rng: rng.randrange(12, 500, 4),
        _counted("MB", 0.0, ("{n}MB", "{n} megabytes")),
        states=(
            "Users can't upload files bigger than {v}. That's a hard limit from the storage side.",
            "upload limit is {v} per file",
            "Make sure nothing we design expects uploads above {v}; the proxy drops them.",
            "The maximum file upload size is {v}.",
        ),
        updates=(
            "Storage bumped our quota and single uploads may be up to {v} now.",
            "files over {v} get rejected now, they tightened it",
            "We've agreed on {v} as the new per-file upload ceiling.",
            "After the proxy swap the biggest upload we accept is {v}.",
        ),
        decoys=(
            "{name} said her team allows {d} uploads. That's their product, not ours.",
            "Suppose we allowed {d} uploads, would the proxy cope? Hypothetical.",
        ),
    ),
    Family(
        "sla_uptime",
        "constraint",
        "the uptime SLA",
        _pick(SLAS),
        _percent,
        states=(
            "Our contract promises {v} uptime, so nothing we do can put that at risk.",
            "SLA is {v} monthly availability",
            "We must keep availability at {v} or better, it's in every enterprise contract.",
            "Just so you know the constraints: the uptime commitment is {v}.",
        ),
        updates=(
            "Legal renegotiated the contracts, we now commit to {v} uptime.",
            "the availability we promise customers went to {v}",
            "New enterprise terms put us on the hook for {v} availability.",
            "We're signing up for {v} from next month; the old number no longer applies.",
        ),
        decoys=(
            "A competitor advertises {d} uptime. Not relevant to our contract.",
            "Sales keeps floating {d} for the uptime SLA but legal hasn't agreed to anything.",
        ),
    ),
    Family(
        "cache_ttl",
        "constraint",
        "the cache TTL",
        lambda rng: rng.randrange(120, 990, 15),
        _counted("seconds", 0.0, ("{n}s", "{n} sec")),
        states=(
            "Cached responses must expire after {v} at most, pricing changes too often for "
            "anything longer.",
            "cache ttl = {v}, no longer",
            "Please keep the TTL on the product cache at {v}.",
            "Anything we cache lives for {v}, that's the agreed limit.",
        ),
        updates=(
            "Pricing changes less often now, so the cache can hold entries for {v}.",
            "we shortened the ttl to {v} after the stale-price complaints",
            "Entries in the product cache should expire after {v} from now on.",
            "The agreed TTL is {v} now.",
        ),
        decoys=(
            "The CDN default is {d}, which is unrelated to our application cache.",
            "{name} is experimenting with {d} as a TTL on her branch. Nothing merged.",
        ),
    ),
    Family(
        "log_retention",
        "constraint",
        "the log retention period",
        lambda rng: rng.randint(14, 99),
        _counted("days", 0.4),
        states=(
            "We keep application logs for {v} and not a day longer, GDPR reasons.",
            "log retention: {v}",
            "Compliance asked that logs be deleted after {v}. Please respect that in any "
            "pipeline you sketch.",
            "Just a reminder, logs only live for {v}.",
        ),
        updates=(
            "Compliance came back and logs can be kept for {v} now.",
            "retention on logs got cut to {v}",
            "We're allowed to hold on to logs for {v} after the audit.",
            "DPO signed off on {v} of log retention; please use that going forward.",
        ),
        decoys=(
            "The security team keeps their audit logs for {d}, but that's a separate store.",
            "Is {d} of retention even legal for us? Just wondering aloud.",
        ),
    ),
    Family(
        "pager_delay",
        "constraint",
        "the pager escalation delay",
        lambda rng: rng.randint(10, 59),
        _counted("minutes", 0.4, ("{n} min", "{n}min")),
        states=(
            "If the primary doesn't ack a page within {v}, it escalates to the secondary.",
            "escalation delay on the pager is {v}",
            "We configure escalations to fire after {v} of no acknowledgement.",
            "Please note the escalation timer: {v}.",
        ),
        updates=(
            "People complained about being woken up, so escalation now waits {v}.",
            "escalate after {v} now, not the old number",
            "The secondary gets paged once {v} pass without an ack, as of this week.",
            "Leadership wants faster escalations: {v}.",
        ),
        decoys=(
            "During last month's incident it took {d} before anyone acked, which is why we "
            "have the rule.",
            "{name} proposed an escalation delay of {d}. We're still discussing it.",
        ),
    ),
    Family(
        "coverage_floor",
        "constraint",
        "the test coverage floor",
        lambda rng: f"{rng.randint(60, 94)}%",
        _percent,
        states=(
            "CI fails if coverage drops under {v}, so plan the tests accordingly.",
            "coverage floor is {v}",
            "We don't merge anything that takes the coverage below {v}.",
            "Our quality gate is {v} test coverage; please keep that in mind.",
        ),
        updates=(
            "We raised the quality gate, coverage has to stay above {v} now.",
            "we lowered the coverage floor to {v}, repo wide",
            "The minimum coverage we enforce is {v} going forward.",
            "The QA lead moved the bar, CI now demands {v}.",
        ),
        decoys=(
            "The mobile team enforces {d} coverage in their repo. Not ours.",
            "Coverage was at {d} last sprint, just for context.",
        ),
    ),
    Family(
        "dep_license",
        "constraint",
        "the license allowed for dependencies",
        _pick(LICENSES),
        _plain,
        states=(
            "We only accept dependencies licensed {v}. Anything else needs legal review, so "
            "just avoid it.",
            "deps must be {v}, nothing else",
            "Please don't propose any library that isn't under {v}.",
            "Legal's position is simple: {v} licensed packages only.",
        ),
        updates=(
            "Legal relaxed things and the permitted license is {v} now.",
            "we've switched the dependency policy to {v}-only",
            "After the review, {v} is the only license we take in third-party code.",
            "The allowed license for anything we pull in is {v} these days.",
        ),
        decoys=(
            "Is {d} compatible with what we ship? Just asking, nothing changes.",
            "The old policy PDF on the shared drive mentions {d}; it was superseded long ago.",
        ),
    ),
    # --- facts ---
    Family(
        "python_version",
        "fact",
        "the Python version we target",
        _pick(PYTHONS),
        _python,
        states=(
            "We target Python {v}; don't use syntax from anything newer.",
            "the runtime is python {v} everywhere",
            "All our services run on Python {v}.",
            "Please write code that works on Python {v}, that's what production has.",
        ),
        updates=(
            "The platform team finished the upgrade, production runs Python {v} now.",
            "we're on {v} now so newer syntax is fine up to that",
            "Target Python {v} from here on; the old interpreter is gone.",
            "Our images got rebuilt on Python {v}.",
        ),
        decoys=(
            "The data science team is still on Python {d}. Different images.",
            "Would moving to {d} break anything? Just a question, we're not moving yet.",
        ),
    ),
    Family(
        "report_recipient",
        "fact",
        "the weekly report recipient",
        _person,
        _plain,
        states=(
            "The weekly report goes to {v}.",
            "Address the weekly status report to {v}, please.",
            "weekly report -> {v}",
            "{v} receives the weekly report every Friday.",
        ),
        updates=(
            "{v} took over the programme, so the weekly report goes to them now.",
            "send the weekly to {v} from now on",
            "The person who should get our weekly report is {v} these days.",
            "Reorg news: weekly reports are addressed to {v}.",
        ),
        decoys=(
            "{d} asked to be copied on the weekly report once, for the board pack. Only that "
            "one time.",
            "{name} sends her team's weekly report to {d}; ours is different.",
        ),
    ),
    Family(
        "pilot_customer",
        "fact",
        "the pilot customer",
        lambda rng: f"{rng.choice(CUSTOMER_A)} {rng.choice(CUSTOMER_B)}",
        _plain,
        states=(
            "Our pilot customer is {v}.",
            "The pilot runs with {v}, so examples should fit their business.",
            "fyi the pilot is with {v}",
            "We signed {v} as the pilot customer last week.",
        ),
        updates=(
            "The first pilot fell through; we're piloting with {v} instead.",
            "pilot customer changed, it's {v} now",
            "Sales closed {v} and they replace the previous pilot.",
            "It'll be {v} running the pilot after all.",
        ),
        decoys=(
            "{d} asked about joining a pilot, but we haven't said yes.",
            "The partner team's pilot is with {d}; don't confuse it with ours.",
        ),
    ),
    Family(
        "mailing_list",
        "fact",
        "the announcement mailing list",
        lambda rng: (
            f"{rng.choice(LIST_TEAMS)}-{rng.choice(LIST_TOPICS)}-{_tag(rng)}@lists."
            f"{rng.choice(DOC_DOMAINS)}"
        ),
        _plain,
        states=(
            "Release announcements go to {v}.",
            "We announce changes on the mailing list {v}.",
            "the announce list is {v}",
            "If you draft an announcement, address it to {v}.",
        ),
        updates=(
            "We merged the lists, announcements go to {v} now.",
            "IT moved us to {v} for announcements.",
            "announcements list changed to {v}",
            "The list for announcing releases is {v} from today.",
        ),
        decoys=(
            "{name}'s team announces on {d}. Separate list.",
            "Somebody cc'd {d} on the last thread, but that was a mistake.",
        ),
    ),
    Family(
        "standup_time",
        "fact",
        "the team standup time",
        lambda rng: rng.randint(8, 11) * 100 + rng.choice((5, 10, 20, 25, 35, 40, 50, 55)),
        _clock,
        states=(
            "Standup is at {v} every weekday.",
            "our daily standup starts {v}",
            "Please don't schedule anything at {v}, that's when we do standup.",
            "The team meets for standup at {v}.",
        ),
        updates=(
            "The new hires are in another office, so standup moved to {v}.",
            "standup is {v} now",
            "We shifted the daily standup to {v}.",
            "From Monday we do standup at {v}.",
        ),
        decoys=(
            "The design team holds their standup at {d}.",
            "{name} asked whether standup could be {d}; nobody has decided.",
        ),
    ),
    Family(
        "freeze_start",
        "fact",
        "the code freeze start date",
        lambda rng: rng.randrange(12) * 100 + rng.randint(10, 28),
        _date,
        states=(
            "The code freeze starts on {v}.",
            "code freeze begins {v}, nothing but hotfixes after that",
            "Keep in mind that from {v} we're in freeze.",
            "Freeze kicks in {v}; plan the big merges before then.",
        ),
        updates=(
            "Release management pushed the freeze back, it starts {v} now.",
            "freeze now begins on {v}",
            "We enter the code freeze on {v} instead.",
            "The freeze got pulled forward to {v}.",
        ),
        decoys=(
            "Last year the freeze began on {d}, for comparison.",
            "There's talk of starting the freeze on {d}, but nothing is agreed.",
        ),
    ),
    # --- goals ---
    Family(
        "signups_goal",
        "goal",
        "the beta sign-up target",
        lambda rng: rng.randrange(1_200, 9_800, 50),
        _counted("sign-ups", 0.0, ("{n:,} sign-ups", "{n:,} signups", "{n} signups")),
        states=(
            "We call the beta a success at {v}.",
            "goal for the beta: {v}",
            "What we're working toward is {v} before the end of the quarter.",
            "Marketing and I agreed that {v} is the finish line.",
        ),
        updates=(
            "The board wants more, the beta target is {v} now.",
            "we're aiming for {v} instead",
            "Let's treat {v} as the bar from here on.",
            "Marketing scaled the ambition back: {v} is what we go for.",
        ),
        decoys=(
            "The competitor claims {d} for their beta, for what it's worth.",
            "{name} thinks {d} is achievable, but the target hasn't changed.",
        ),
    ),
    Family(
        "build_time_goal",
        "goal",
        "the CI build time goal",
        lambda rng: rng.randint(3, 9),
        _counted("minutes", 0.5, ("{n} min", "{n}min")),
        states=(
            "The aim of this work is getting the full CI build under {v}.",
            "we're done when a clean build takes less than {v}",
            "Target: main-branch builds finishing in {v} or less.",
            "I'd consider the project finished once builds run in under {v}.",
        ),
        updates=(
            "We already beat the first goal, so let's push builds under {v}.",
            "new build target is {v}",
            "Let's relax it: under {v} is good enough for the build.",
            "The finish line for build time is {v} now.",
        ),
        decoys=(
            "The Android build takes about {d}; that's a separate pipeline.",
            "Could we ever reach {d} builds? Not our goal, just curious.",
        ),
    ),
    Family(
        "flaky_goal",
        "goal",
        "the flaky test target",
        lambda rng: rng.randint(2, 40),
        _counted("flaky tests", 0.4),
        states=(
            "The goal is to get down to {v} or fewer in the nightly run.",
            "success = at most {v} in nightly",
            "By the end of the sprint I want no more than {v}.",
            "We'll stop the cleanup once we're at {v}.",
        ),
        updates=(
            "Let's be stricter and aim for {v}.",
            "target is {v} now",
            "The team agreed that {v} is the new target.",
            "Given how many we inherited, {v} is a fairer goal.",
        ),
        decoys=(
            "Last night's run had {d}, just so you know where we stand.",
            "The other squad is aiming for {d}; we keep our own target.",
        ),
    ),
    # --- preferences ---
    Family(
        "notes_language",
        "preference",
        "the translation language for release notes",
        _pick(NOTE_LANGUAGES),
        _plain,
        states=(
            "Besides English I'd like the release notes translated into {v}.",
            "release notes need a {v} version too",
            "When you draft release notes, please add a {v} translation.",
            "Our main market reads {v}, so translate the release notes into it.",
        ),
        updates=(
            "We're expanding into a new market; translate the release notes into {v} instead.",
            "for release notes do {v} rather than the old language",
            "I'd prefer the release notes in {v} now.",
            "Please switch the release note translation to {v}.",
        ),
        decoys=(
            "{name} reads the release notes in {d}, but she does that herself.",
            "Is translating into {d} worth it? Just thinking, don't change anything.",
        ),
    ),
    Family(
        "line_length",
        "preference",
        "the maximum line length for code",
        lambda rng: rng.randint(72, 140),
        _counted("characters", 0.0, ("{n} chars", "{n} columns")),
        states=(
            "I like code wrapped at {v} per line.",
            "keep lines under {v} please",
            "When you write code for me, lines shouldn't exceed {v}.",
            "Personal preference: {v} max per line.",
        ),
        updates=(
            "I got a wider monitor, so {v} per line is fine now.",
            "wrap at {v} from now on",
            "Let's go with {v} for line length instead.",
            "I'd rather have lines of at most {v} now.",
        ),
        decoys=(
            "{name} prefers {d} lines, but I don't.",
            "The old style guide says {d}, it was replaced ages ago.",
        ),
    ),
    Family(
        "chart_colour",
        "preference",
        "the accent colour for charts",
        lambda rng: "#" + "".join(rng.choice("0123456789abcdef") for _ in range(6)),
        _plain,
        states=(
            "Please use {v} as the accent colour in any charts.",
            "charts: accent colour {v}",
            "I like charts with {v} as the main colour.",
            "For any graph you mock up, the highlight colour should be {v}.",
        ),
        updates=(
            "Brand refresh: charts should use {v} as the accent now.",
            "use {v} for charts instead",
            "I've gone off the old colour, {v} for chart accents please.",
            "Let's make the chart accent {v}.",
        ),
        decoys=(
            "{name} uses {d} in her charts; I don't want that.",
            "The old slide template has {d} everywhere. Ignore it.",
        ),
    ),
    # --- look-alike pairs ---
    Family(
        "ns_loadtest",
        "fact",
        "the Kubernetes namespace for load tests",
        _namespace,
        _plain,
        states=(
            "Load tests run in the {v} namespace.",
            "for load testing use namespace {v}",
            "Anything load-test related goes into {v} on the shared cluster.",
        ),
        updates=(
            "We gave load testing its own namespace: {v}.",
            "load tests live in {v} now",
            "The perf team moved the load-test namespace to {v}.",
        ),
        decoys=("Someone spun up {d} for a one-off load test last week; it's been deleted.",),
        pair="namespace",
    ),
    Family(
        "ns_demo",
        "fact",
        "the Kubernetes namespace for customer demos",
        _namespace,
        _plain,
        states=(
            "Customer demos run in the {v} namespace.",
            "demo namespace is {v}",
            "Sales demos get deployed into {v}.",
        ),
        updates=(
            "Demos moved to a fresh namespace, {v}.",
            "the namespace we demo from is {v} now",
            "Sales has {v} as their demo namespace from today.",
        ),
        decoys=("{name} demoed from {d} once, but that was her sandbox.",),
        pair="namespace",
    ),
    Family(
        "model_primary",
        "preference",
        "the primary LLM model",
        _model,
        _plain,
        states=(
            "For the summariser I want {v} as the primary model.",
            "primary model: {v}",
            "Default to {v} for every call unless it's down.",
        ),
        updates=(
            "I've switched the primary model to {v}, it's cheaper for the same quality.",
            "main model is {v} now",
            "Let's make {v} our first choice from here on.",
        ),
        decoys=("{name} swears by {d} as her main model; I'm not convinced.",),
        pair="model",
    ),
    Family(
        "model_fallback",
        "preference",
        "the fallback LLM model",
        _model,
        _plain,
        states=(
            "If the primary is down, fall back to {v}.",
            "fallback model: {v}",
            "Our backup model, used only when the main one fails, is {v}.",
        ),
        updates=(
            "For outages, use {v} as the fallback now.",
            "backup model is {v} these days",
            "I'd like {v} as the fallback instead.",
        ),
        decoys=("Would {d} make a decent fallback? Just asking.",),
        pair="model",
    ),
    Family(
        "docs_internal",
        "fact",
        "the internal docs URL",
        _doc_url,
        _url,
        states=(
            "Internal docs, staff only, are at {v}.",
            "our internal documentation lives at {v}",
            "For anything not meant for customers, link to the internal docs: {v}.",
        ),
        updates=(
            "The internal wiki moved, staff docs are at {v} now.",
            "internal docs url changed to {v}",
            "Employees-only documentation is served from {v} since the migration.",
        ),
        decoys=("An old onboarding email links the internal docs to {d}; that link is dead.",),
        pair="docs",
    ),
    Family(
        "docs_external",
        "fact",
        "the public docs URL",
        _doc_url,
        _url,
        states=(
            "Customer-facing docs are published at {v}.",
            "public docs: {v}",
            "When you link customers to documentation, use {v}.",
        ),
        updates=(
            "The public documentation got a new home at {v}.",
            "external docs are on {v} now",
            "Customers should be pointed to {v} for docs from now on.",
        ),
        decoys=("Marketing wants the public docs on {d} someday, but no decision yet.",),
        pair="docs",
    ),
    Family(
        "gpu_hardware",
        "constraint",
        "the GPU hardware budget",
        lambda rng: rng.randrange(4_000, 60_000, 500),
        _dollars,
        states=(
            "We can spend at most {v} on buying GPU hardware.",
            "gpu hardware budget: {v}",
            "For purchasing cards and servers, the ceiling is {v}.",
        ),
        updates=(
            "Finance approved more capex, GPU hardware can go up to {v}.",
            "hardware budget for gpus got cut to {v}",
            "We may now spend {v} on physical GPUs.",
        ),
        decoys=("The reseller's quote came in at {d} for the cards, which is their price.",),
        pair="gpu",
    ),
    Family(
        "gpu_training",
        "constraint",
        "the GPU training budget",
        lambda rng: rng.randrange(4_000, 60_000, 500),
        _dollars,
        states=(
            "Cloud GPU time for training runs is capped at {v}.",
            "training compute budget: {v}",
            "Rented GPU hours for training can't exceed {v} in total.",
        ),
        updates=(
            "The training budget went up, we can burn {v} on cloud GPUs.",
            "training compute is capped at {v} now",
            "For training runs we're limited to {v} from now on.",
        ),
        decoys=("{name}'s lab got {d} for training this year; that's their grant, not ours.",),
        pair="gpu",
    ),
    Family(
        "account_sandbox",
        "fact",
        "the sandbox cloud account id",
        _account_id,
        _account,
        states=(
            "Experiments go in the sandbox account, {v}.",
            "sandbox account id is {v}",
            "Our playground cloud account is {v}; break whatever you like there.",
        ),
        updates=(
            "We got a fresh sandbox account: {v}.",
            "sandbox is {v} now, the old one was closed",
            "The account for experiments is {v} these days.",
        ),
        decoys=("{d} is {name}'s personal sandbox; don't use it.",),
        pair="account",
    ),
    Family(
        "account_prod",
        "fact",
        "the production cloud account id",
        _account_id,
        _account,
        states=(
            "Production runs in account {v}.",
            "prod account id: {v}",
            "Live customer workloads are in the cloud account {v}.",
        ),
        updates=(
            "After the org split, production lives in account {v}.",
            "prod moved to account {v}",
            "The production account is {v} now.",
        ),
        decoys=("The billing export still shows {d} as production, but it's a month behind.",),
        pair="account",
    ),
)
FAMILY_BY_NAME = {family.name: family for family in FAMILIES}
PAIRS = ("namespace", "model", "docs", "gpu", "account")

GENERIC_DECOYS: tuple[str, ...] = (
    "{S} is still under discussion, {name} will come back to us. Keep what we have.",
    "Quick question, not a change: could {s} be {d} in theory?",
    "If we ever changed {s} to {d}, what would break? Hypothetically.",
    "There's an old doc floating around that lists {s} as {d}. It's out of date.",
    "The other team uses {d} for {s}. That's theirs; ours stays.",
)
"""Decoys for every slot."""
PREFERENCE_DECOYS: tuple[str, ...] = (
    "{name} likes {d} for {s}, but that's just her taste; keep mine.",
)

# --- filler -------------------------------------------------------------------------------

# fmt: off
TOPICS = (
    "the handover note", "the kickoff deck", "the vendor shortlist", "the team charter",
    "the interview loop", "the postmortem", "the quarterly plan", "the customer FAQ",
    "the migration checklist", "the budget memo", "the offsite agenda", "the user survey",
    "the partner email", "the glossary", "the escalation guide", "the product brief",
    "the feedback summary", "the mentoring plan", "the launch blog post", "the board update",
)
QUESTIONS = (
    "how would you structure {t}?",
    "What's the first thing {t} should say?",
    "Could you help me tighten {t}?",
    "Any idea who should sign off on {t}?",
    "What's missing from {t}, in your view?",
    "would a table work better for {t}?",
    "Can you give me a rough outline for {t}?",
    "What do people usually get wrong in {t}?",
    "How much detail belongs in {t}?",
    "Can you propose a title for {t}?",
)
THANKS = (
    "Thanks!", "cheers", "Thank you, that's helpful.", "great, thx", "Brilliant, thanks.",
    "ok cool", "Appreciate it.", "Perfect, thank you.",
)
ACKS = (
    "Okay, noted.",
    "Understood, I'll keep to that.",
    "Got it.",
    "Thanks, I'll remember that.",
    "Noted, I'll take that into account.",
    "Sure, will do.",
    "All right, I'll work with that.",
)
ECHOES = (
    "Okay, {v}.", "Noted, {v}.", "Understood: {v}.",
)
DECOY_ACKS = (
    "Okay, I'll keep things as they are.",
    "Understood, no change on my side.",
    "Got it, I'll ignore that.",
    "Noted, nothing to act on.",
)
SENTENCES = (
    "I'd open with a short summary, then {n} sections, each with a clear owner.",
    "Keep it to about {k} pages so people actually read it.",
    "A common pattern is problem, options, recommendation, in roughly {n} paragraphs.",
    "Drafting usually takes {n} hours and a review round about {k} more.",
    "Ask {k} people for feedback rather than the whole team.",
    "If you have {m} items, grouping them into {k} buckets makes them easier to scan.",
    "Put decisions in bold so a reader skimming {n} pages can still find them.",
    "Plan around {k} weeks from first draft to sign-off.",
    "Most readers only look at the first {n} lines, so lead with the ask.",
    "Link out to details; it keeps the main text to {k} screens or so.",
    "A checklist of {n} to {m} items is easier to follow than prose.",
    "Add a one-line owner for each of the {n} open points.",
    "I'd leave room for about {k} rounds of comments.",
    "Number the steps; with {m} of them, people lose their place otherwise.",
)
BULLETS = (
    "Why this exists, in {k} sentences",
    "What we decided and when",
    "What is still open, with owners",
    "Risks and how we watch them",
    "Next {k} steps",
    "Links for the curious",
    "The {n} numbers that matter",
    "Who to ask",
)
OPENERS = (
    "hi, I'm juggling a few workstreams this month and want you to keep track of the "
    "details I give you",
    "Hello! I'll be using this chat as my project notebook for a while. Please keep up "
    "with what I tell you.",
    "Morning. Lots going on; I'll drop decisions here as they happen.",
    "Hey there. Can you help me stay organised? I'll tell you the constraints as they "
    "come up.",
)
SYSTEMS = (
    "You are an assistant supporting an engineering lead. Track the decisions, limits "
    "and preferences the user shares and respect them.",
    "You help a busy engineer keep their project organised. Remember what they tell you "
    "and follow their rules.",
    "Assistant for project coordination. The user's latest instructions win; keep an "
    "accurate picture of what they said.",
)
# fmt: on


def filler_answer(rng: random.Random) -> str:
    """Several sentences with unrelated counts, sometimes followed by a short outline."""

    def numbers(template: str) -> str:
        return template.format(n=rng.randint(2, 12), m=rng.randint(13, 90), k=rng.randint(2, 9))

    text = " ".join(numbers(s) for s in rng.sample(SENTENCES, rng.randint(3, 7)))
    if rng.random() < 0.4:
        bullets = rng.sample(BULLETS, rng.randint(3, 5))
        text += "\n\nSomething like:\n" + "\n".join(f"- {numbers(b)}" for b in bullets)
    return text
