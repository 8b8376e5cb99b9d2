"""A held-out corpus for ``_task_state_corpus``: same interface as ``_task_state_templates``,
written independently of the engine's rules.

Most slots are new (CI timeout, retry limit, PR size, export buckets, API base URLs, release
branch, weekly sync, support email, ticket prefix, on-call channel, release approver, image
tag, sprint end, reporting currency, ...); a few original slot types come back in other
words. Sentences are written the way people type in chat: lower case, asides ("btw", "ok
so"), updates mostly without a header and in other words than the first statement, some
numbers spelled out. Look-alike pairs differ only by their scope words (the bucket and URL
values themselves carry no "prod"/"qa" hint), and decoys are questions, hypotheticals,
other people's choices, stale pages, open discussions and past events.

Select it with ``_task_state_corpus.use_templates("heldout")`` or
``bench_task_state.py --corpus heldout``.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from _task_state_templates import Family, Value

KINDS = ("safety", "constraint", "fact", "goal", "preference")

# --- word lists -------------------------------------------------------------------------

# fmt: off
SCHEMAS = ("billing", "ledger", "crm", "payments", "hr", "audit", "treasury")
TABLES = ("invoices", "refunds", "accounts", "payouts", "contracts", "journal", "settlements")
NAMESPACES = (
    "checkout", "search", "ingest", "gateway", "identity", "notify", "orders", "pricing",
)
SECRET_DIRS = ("ops", "deploy", "infra", "config", "secrets")
SECRET_NAMES = ("live-keys", "vault-token", "signing", "service-acct", "stripe-creds")
ORGS = ("northwind", "bluefin", "quillcorp", "marlowe", "tessellate", "halyard")
BUCKET_WORDS = ("exports", "dumps", "extracts", "nightly", "outbound", "warehouse")
DOMAINS = ("northwind.io", "bluefin.dev", "quillcorp.net", "marlowe.app", "halyard.cloud")
HOST_WORDS = ("gw", "edge", "api", "ingress", "front", "svc")
RELEASE_WORDS = (
    "granite", "juniper", "basalt", "saffron", "cinder", "tamarack", "quartz", "alder",
    "heather", "onyx", "larch", "fennel",
)
CHANNEL_WORDS = ("pager", "firefight", "sev", "incident", "ops-alerts", "wakeup", "bridge")
SUPPORT_WORDS = ("help", "support", "care", "hello", "customers", "service")
APPROVER_FIRST = (
    "Marguerite", "Osvaldo", "Ngozi", "Henrik", "Pilar", "Dmitri", "Yasmin", "Colm",
    "Setareh", "Ingrid", "Babajide", "Solveig",
)
APPROVER_LAST = (
    "Achterberg", "Fairweather", "Quispe", "Rautenbach", "Zielinski", "Abernathy", "Ferreira",
    "Gunnarsdottir", "Mbeki", "Thorvaldsen",
)
NICKNAMES = (
    "Bertie", "Freddie", "Tamsin", "Rafferty", "Marisol", "Ottilie", "Cormac", "Isadora",
    "Leopold", "Wilhelmina", "Peregrine", "Clementine",
)
CURRENCIES = (
    ("CHF", "Swiss francs"), ("SEK", "Swedish kronor"), ("JPY", "Japanese yen"),
    ("GBP", "pounds sterling"), ("EUR", "euros"), ("CAD", "Canadian dollars"),
    ("NOK", "Norwegian kroner"), ("PLN", "Polish zloty"), ("SGD", "Singapore dollars"),
    ("BRL", "Brazilian reais"),
)
ZONES = (
    "Europe/Oslo", "Asia/Seoul", "America/Chicago", "Australia/Adelaide", "Africa/Lagos",
    "America/Lima", "Asia/Dubai", "Europe/Athens", "Pacific/Honolulu", "Asia/Jakarta",
    "America/Montevideo", "Europe/Dublin", "Asia/Taipei",
)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
SYNC_TIMES = ("11:00", "11:45", "13:30", "14:00", "15:15", "16:00", "16:30", "17:10")
MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)
PREFIX_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"
COLLEAGUES = (
    "Kemal", "Siobhan", "Aurelio", "Thandiwe", "Mateus", "Fenna", "Jaroslav", "Leilani",
    "Oona", "Bartek",
)
"""Colleagues the user mentions in decoys (the templates use no pronoun for them)."""
_SMALL = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
# fmt: on


def words(n: int) -> str:
    """``2750`` -> ``two thousand seven hundred fifty`` (below a million)."""
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


def _rand3(rng: random.Random) -> str:
    """Three characters like ``4q7``."""
    letters = "abcdefghjkmnpqrstuvwxyz"
    return rng.choice("23456789") + rng.choice(letters) + rng.choice(string.digits + letters)


def _plain(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    return Value(str(raw), (str(raw),))


def _pick(options: tuple[str, ...]) -> Callable[[random.Random], int | str]:
    return lambda rng: rng.choice(options)


def _counted(
    unit: str, *, spell: float = 0.4, extra: tuple[str, ...] = ()
) -> Callable[[int | str, random.Random, bool], Value]:
    """``45 minutes``, in an update sometimes ``forty-five minutes``; ``extra`` are other
    suffixes a stale check also looks for (``" min"`` for ``45 min``)."""

    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        n = int(raw)
        digits, spelled = f"{n:,} {unit}", f"{words(n)} {unit}"
        forms = (
            digits,
            spelled,
            f"{n} {unit}",
            *(f"{x}{suffix}" for suffix in extra for x in (n, f"{n:,}")),
        )
        if in_update and rng.random() < spell:
            return Value(spelled, forms)
        return Value(digits, forms)

    return render


def _money(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    amount = int(raw)
    spelled = f"{words(amount)} dollars"
    forms = [f"${amount:,}", spelled, f"{amount:,} dollars", f"USD {amount:,}"]
    if amount % 1000 == 0:
        forms.append(f"${amount // 1000}k")
    if in_update:
        roll = rng.random()
        if roll < 0.3:
            return Value(spelled, tuple(forms))
        if roll < 0.6 and amount % 1000 == 0:
            return Value(f"${amount // 1000}k", tuple(forms))
    return Value(f"${amount:,}", tuple(forms))


def _rate(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    n = int(raw)
    long, short = f"{n:,} requests per minute", f"{n:,} req/min"
    forms = (long, short, f"{n} requests per minute", f"{n} req/min")
    return Value(short if in_update and rng.random() < 0.4 else long, forms)


def _url(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    text = str(raw)
    bare = text.removeprefix("https://")
    return Value(bare if in_update and rng.random() < 0.3 else text, (text, bare))


def _bucket(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    text = str(raw)
    return Value(text, (text, text.split("://", 1)[1]))


def _sync(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    day, time = str(raw).split("|")
    forms = (f"{day}s at {time}", f"{day} at {time}", f"{day.lower()}s at {time}")
    return Value(rng.choice(forms[:1] + forms[2:]) if in_update else forms[0], forms)


def _date(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    month, day = divmod(int(raw), 100)
    name = MONTHS[month]
    nth = f"{day}{'th' if 10 <= day <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th')}"
    forms = (f"{name} {day}", f"{day} {name}", f"{nth} of {name}", f"{name[:3]} {day}")
    return Value(rng.choice(forms[:3]), forms)


def _seconds(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    text = f"{int(raw) // 10}.{int(raw) % 10}"
    return Value(f"{text} seconds", (f"{text} seconds", f"{text}s", f"{text} s", f"{text} sec"))


def _currency(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    code, name = CURRENCIES[int(raw)]
    return Value(rng.choice((code, name)), (code, name))


def _zone(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    zone = str(raw)
    city = zone.split("/")[1].replace("_", " ") + " time"
    return Value(city if in_update and rng.random() < 0.4 else zone, (zone, city))


def _clock(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    """Minutes after midnight -> ``8:15am``; an update may say ``half past eight``."""
    hour, minute = divmod(int(raw), 60)
    digits = f"{hour}:{minute:02d}am"
    forms = [digits, f"{hour}:{minute:02d} am", f"{hour}:{minute:02d} AM"]
    spelled = None
    if minute == 0:
        spelled = f"{words(hour)} o'clock"
        forms += [f"{hour}am", f"{hour} am"]
    elif minute == 30:
        spelled = f"half past {words(hour)}"
    if spelled:
        forms.append(spelled)
    if spelled and in_update and rng.random() < 0.5:
        return Value(spelled, tuple(forms))
    return Value(digits, tuple(forms))


def _tag(rng: random.Random) -> str:
    base = f"v{rng.randint(2, 9)}.{rng.randint(10, 40)}.{rng.randint(1, 9)}"
    return base + rng.choice(("", "", f"-rc{rng.randint(2, 9)}", "-hotfix", "-lts"))


# --- slot families ------------------------------------------------------------------------

FAMILIES: tuple[Family, ...] = (
    # safety rules
    Family(
        "frozen_table",
        "safety",
        "the table nobody may alter",
        lambda rng: f"{rng.choice(SCHEMAS)}.{rng.choice(TABLES)}_{_rand3(rng)}",
        _plain,
        states=(
            "never run a migration, DROP or TRUNCATE against {v}. finance reconciles off it "
            "every night",
            "Ground rule: {v} is frozen. No schema changes, no deletes, not even inside a "
            "transaction you plan to roll back.",
            "btw please don't write anything that modifies {v}, read queries only",
            "ok so one hard rule: hands off {v}, nobody alters that table without a change ticket",
        ),
        updates=(
            "finance moved their reconciliation job, so the frozen table is {v} these days. "
            "same rules",
            "the table nobody touches is {v} now, the old one got archived",
            "after the schema split, {v} is the one we can't alter or delete from",
            "treat {v} as the untouchable table from here on",
            "same no-migrations rule as before, it just applies to {v} now",
        ),
        decoys=(
            "{name} asked if {d} should be frozen as well. not our table, so no.",
            "saw {d} in an old migration log from last year while debugging, unrelated to "
            "anything we do",
        ),
    ),
    Family(
        "readonly_namespace",
        "safety",
        "the read-only namespace",
        lambda rng: f"{rng.choice(NAMESPACES)}-{_rand3(rng)}",
        _plain,
        states=(
            "we only ever look at the {v} namespace: no kubectl apply, no delete, no restarts",
            "{v} is the namespace customers hit, so treat it as read-only.",
            "Please never scale, patch or restart anything in {v}. reading logs is fine",
            "rule for the cluster work: the {v} namespace is look-but-don't-touch",
        ),
        updates=(
            "we migrated the customer workloads overnight, the look-but-don't-touch namespace "
            "is {v} now",
            "customer traffic sits in {v} since the cutover, so that's the one nobody "
            "restarts or patches",
            "the no-touch rule moved over to {v}; the old namespace is empty anyway",
            "read-only applies to {v} from today",
        ),
        decoys=(
            "{name}'s team restarted pods in {d} yesterday, but that's their own namespace, "
            "it has nothing to do with ours",
            "does {d} need the same protection? just asking, leave the rule as it is",
        ),
    ),
    Family(
        "secret_file",
        "safety",
        "the credentials file",
        lambda rng: f"{rng.choice(SECRET_DIRS)}/{rng.choice(SECRET_NAMES)}-{_rand3(rng)}.env",
        _plain,
        states=(
            "never print, cat or commit {v}. it has the live signing keys in it",
            "Hard rule: the contents of {v} never go into a chat, a log or a commit.",
            "one more thing, {v} holds real credentials, so don't open it in any output you "
            "show me",
        ),
        updates=(
            "we rotated everything and the live keys sit in {v} now. same deal, never print "
            "or commit it",
            "the secrets got moved to {v}; keep that one out of logs and commits",
            "ok so the file you must never echo or commit is {v} now",
            "after the rotation the creds file is {v}",
        ),
        decoys=(
            "the onboarding README mentions {d} as the secrets file. that README is from the "
            "old setup, ignore it",
            "{name} keeps throwaway test creds in {d} on a laptop, which is fine, that's not ours",
        ),
    ),
    # hard constraints
    Family(
        "ci_timeout",
        "constraint",
        "the CI job timeout",
        lambda rng: rng.randrange(15, 125, 5),
        _counted("minutes", extra=(" min", "-minute")),
        states=(
            "CI jobs get killed after {v}, so nothing in the pipeline may run longer than that.",
            "our runners have a hard timeout of {v} per job",
            "Keep every CI job under {v}; anything slower gets cancelled automatically.",
            "fyi the pipeline timeout per job is {v}",
        ),
        updates=(
            "infra changed the runner config, jobs can now run for up to {v}",
            "they redid the runner budget, so each job has to finish within {v} now",
            "ok so per-job CI timeout is {v} as of this morning",
            "CI jobs get killed at {v} now",
            "we got the timeout changed — {v} per job",
        ),
        decoys=(
            "the nightly fuzzing job ran for {d} last week, which is exactly why the limit exists",
            "{name} wants {d} on their team's runners. our limit stays where it is.",
        ),
    ),
    Family(
        "max_retries",
        "constraint",
        "the retry limit",
        lambda rng: rng.randint(2, 9),
        _counted("retries", spell=0.6),
        states=(
            "clients may make at most {v} on a failed call, after that they must give up",
            "never configure more than {v} on the payment calls — the provider bans us otherwise",
            "the max is {v} per request, then fail loudly",
        ),
        updates=(
            "the provider changed their terms, we're allowed {v} now",
            "cap it at {v} from now on",
            "after the incident review we settled on {v} max, no more",
            "btw the retry ceiling is {v} now",
        ),
        decoys=(
            "the SDK default is {d}, but we override it anyway, so ignore the default",
            "would {d} help with the flaky calls? just thinking out loud, leave the limit",
        ),
    ),
    Family(
        "pr_size",
        "constraint",
        "the PR size limit",
        lambda rng: rng.randrange(150, 1550, 50),
        _counted("lines"),
        states=(
            "no pull request over {v} of diff; split it up otherwise",
            "reviewers here refuse anything bigger than {v}, so keep PRs below that",
            "PRs must stay under {v} changed",
        ),
        updates=(
            "we relaxed the review rule, a PR can be up to {v} now",
            "the team voted on it: {v} max per PR from here on",
            "pull requests are capped at {v} now",
            "ok new review policy, keep every diff under {v}",
        ),
        decoys=(
            "{name}'s refactor PR was {d}, which is why everyone complained. rule unchanged.",
            "the lint bot still warns at {d}; its config is stale, ignore it",
        ),
    ),
    Family(
        "cloud_prod",
        "constraint",
        "the production cloud budget",
        lambda rng: rng.randrange(2_000, 40_000, 250),
        _money,
        states=(
            "the production AWS account can't go over {v} a month",
            "Monthly spend on the prod cloud account is capped at {v}.",
            "btw finance gave prod infra {v} per month, hard ceiling",
        ),
        updates=(
            "finance signed off on a new number, prod can spend {v} a month now",
            "the live account's monthly ceiling is {v} now",
            "after the cost review, production cloud spend must stay under {v} a month",
            "prod budget is {v}/month going forward",
        ),
        decoys=(
            "the AWS calculator came out at {d} for prod; that's an estimate, not the cap",
            "last quarter prod actually spent {d}, for context only",
        ),
        pair="cloud",
    ),
    Family(
        "cloud_sandbox",
        "constraint",
        "the sandbox cloud budget",
        lambda rng: rng.randrange(200, 5_000, 50),
        _money,
        states=(
            "the sandbox account gets {v} a month, separate from prod",
            "keep experiments in the sandbox account under {v} per month",
            "Sandbox cloud spend: max {v} monthly.",
        ),
        updates=(
            "the sandbox allowance is {v} a month now",
            "experiments in sandbox can burn up to {v} per month from now on",
            "sandbox is {v}/month going forward",
        ),
        decoys=("{name} thinks the sandbox could use {d} next year. not decided.",),
        pair="cloud",
    ),
    Family(
        "rate_public",
        "constraint",
        "the public API rate limit",
        lambda rng: rng.randrange(100, 6_000, 50),
        _rate,
        states=(
            "the public API is throttled at {v} per key",
            "anonymous and free-tier clients on the public API get {v}, no more",
            "Public endpoints: {v} max per client.",
        ),
        updates=(
            "we re-tiered the public API, it allows {v} now",
            "public API limit is {v} as of the last deploy",
            "for the open API the throttle sits at {v} now",
        ),
        decoys=("a competitor advertises {d} on their public API, for comparison only",),
        pair="ratelimit",
    ),
    Family(
        "rate_partner",
        "constraint",
        "the partner API rate limit",
        lambda rng: rng.randrange(100, 6_000, 50),
        _rate,
        states=(
            "partners on the private API get {v}",
            "The partner integration is throttled at {v} per partner.",
            "partner traffic has its own limit, {v}",
        ),
        updates=(
            "the partner contract changed, they get {v} now",
            "partner throttle is {v} from this release",
            "ok so partners are allowed {v} now",
        ),
        decoys=("one of the partners asked for {d}. we said no.",),
        pair="ratelimit",
    ),
    # facts
    Family(
        "bucket_prod",
        "fact",
        "the production export bucket",
        lambda rng: f"s3://{rng.choice(ORGS)}-{rng.choice(BUCKET_WORDS)}-{_rand3(rng)}",
        _bucket,
        states=(
            "prod exports are written to {v}",
            "The nightly export from production lands in {v}.",
            "for live data, the export bucket is {v}",
        ),
        updates=(
            "after the account split, production exports go to {v}",
            "prod export bucket is {v} now",
            "we moved the live exports over to {v} last night",
            "btw prod dumps land in {v} from now on",
        ),
        decoys=(
            "the runbook still lists {d} for prod exports. that bucket was deleted months "
            "ago, ignore it",
        ),
        pair="bucket",
    ),
    Family(
        "bucket_qa",
        "fact",
        "the QA export bucket",
        lambda rng: f"s3://{rng.choice(ORGS)}-{rng.choice(BUCKET_WORDS)}-{_rand3(rng)}",
        _bucket,
        states=(
            "QA gets its copies of the exports in {v}",
            "The QA environment writes exports to {v}.",
            "test exports from QA go into {v}, never into the prod one",
        ),
        updates=(
            "QA exports moved to {v}",
            "the qa bucket is {v} now, the old one filled up",
            "we recreated the QA environment, so its exports land in {v}",
        ),
        decoys=("{name} set up {d} for a QA experiment of their own; not the team bucket",),
        pair="bucket",
    ),
    Family(
        "api_prod",
        "fact",
        "the production API base URL",
        lambda rng: (
            f"https://{rng.choice(HOST_WORDS)}-{_rand3(rng)}.{rng.choice(DOMAINS)}"
            f"/v{rng.randint(1, 4)}"
        ),
        _url,
        states=(
            "the production API base URL is {v}",
            "clients in prod talk to {v}",
            "Live traffic goes through {v}, use it in any curl example for prod.",
        ),
        updates=(
            "prod moved behind the new gateway, so the base URL is {v} now",
            "point production clients at {v} from today",
            "live API lives at {v} now",
        ),
        decoys=("an old postman collection still has {d} as prod; it's outdated",),
        pair="apiurl",
    ),
    Family(
        "api_staging",
        "fact",
        "the staging API base URL",
        lambda rng: (
            f"https://{rng.choice(HOST_WORDS)}-{_rand3(rng)}.{rng.choice(DOMAINS)}"
            f"/v{rng.randint(1, 4)}"
        ),
        _url,
        states=(
            "staging API is at {v}",
            "for anything pre-release hit {v}, that's staging",
            "The staging base URL is {v}.",
        ),
        updates=(
            "staging got rebuilt and answers on {v} now",
            "use {v} for staging from now on",
            "the staging endpoint is {v} these days",
        ),
        decoys=("{name}'s personal staging box is {d}, don't use it for ours",),
        pair="apiurl",
    ),
    Family(
        "db_prod",
        "fact",
        "the production database host",
        lambda rng: f"10.{rng.randint(1, 254)}.{rng.randint(1, 254)}.{rng.randint(2, 254)}",
        _plain,
        states=(
            "our live postgres is at {v}",
            "the production DB host is {v}",
            "Prod data lives on {v}, be careful with connections there.",
        ),
        updates=(
            "after the migration, prod sits on {v}",
            "the primary failed over, production DB is {v} now",
            "live database moved to {v}",
        ),
        decoys=(
            "the monitoring dashboard still shows {d} under prod, it hasn't been updated in ages",
        ),
        pair="db",
    ),
    Family(
        "db_staging",
        "fact",
        "the staging database host",
        lambda rng: f"10.{rng.randint(1, 254)}.{rng.randint(1, 254)}.{rng.randint(2, 254)}",
        _plain,
        states=(
            "staging postgres runs on {v}",
            "for test data use the staging DB at {v}",
            "The staging database host is {v}.",
        ),
        updates=(
            "staging db got rebuilt, it's at {v} now",
            "we moved staging's database to {v}",
            "staging's postgres answers on {v} since the rebuild",
        ),
        decoys=("{name} keeps a local copy of staging on {d}, that's not the shared one",),
        pair="db",
    ),
    Family(
        "release_branch",
        "fact",
        "the release branch",
        lambda rng: f"release/{rng.choice(RELEASE_WORDS)}-{rng.randint(10, 99)}",
        _plain,
        states=(
            "the current release branch is {v}",
            "we cut releases from {v}, so cherry-picks go there",
            "Hotfixes get merged into {v}, that's the release line.",
        ),
        updates=(
            "we branched for the next release, fixes go to {v} now",
            "release line moved on, {v} is the one to cherry-pick into",
            "ok so hotfixes target {v} from today",
        ),
        decoys=(
            "{d} was last quarter's release branch, it's frozen and irrelevant now",
            "should we cut {d} early? just an idea, nothing changes yet",
        ),
    ),
    Family(
        "sync_day",
        "fact",
        "the weekly sync",
        lambda rng: f"{rng.choice(WEEKDAYS)}|{rng.choice(SYNC_TIMES)}",
        _sync,
        states=(
            "our weekly sync is {v}",
            "the team meets every week, {v}",
            "Weekly sync: {v}. keep that slot free when you plan things.",
        ),
        updates=(
            "we moved the weekly to {v}",
            "standing sync is {v} now, the old slot clashed with planning",
            "from next week on the team meets {v}",
        ),
        decoys=(
            "{name} suggested {d} for the sync, but we're keeping the slot",
            "the calendar invite still says {d}; it's an old invite, ignore it",
        ),
    ),
    Family(
        "support_email",
        "fact",
        "the customer support email",
        lambda rng: f"{rng.choice(SUPPORT_WORDS)}-{_rand3(rng)}@{rng.choice(DOMAINS)}",
        _plain,
        states=(
            "customers should write to {v}",
            "the support address we give out is {v}",
            "In any customer-facing text, the contact email is {v}.",
        ),
        updates=(
            "support moved to a new helpdesk, the address customers use is {v} now",
            "put {v} in customer emails from now on",
            "customer-facing contact is {v} now",
        ),
        decoys=(
            "internal requests go to {d}, but never show that one to customers",
            "{name} signs off with {d}, that's a personal inbox, not support",
        ),
    ),
    Family(
        "ticket_prefix",
        "fact",
        "the ticket prefix",
        lambda rng: "".join(rng.choice(PREFIX_LETTERS) for _ in range(4)),
        _plain,
        states=(
            "ticket keys for this work start with {v}-, mention them in commit messages",
            "everything for this work is tracked on the {v} board",
            "Jira project key: {v}.",
        ),
        updates=(
            "we moved to a new board, tickets are {v}-something now",
            "the project key changed to {v} after the reorg",
            "new tickets get the {v} prefix from today",
        ),
        decoys=("the ops team files under {d}; don't put ours there",),
    ),
    Family(
        "oncall_channel",
        "fact",
        "the on-call Slack channel",
        lambda rng: f"#{rng.choice(CHANNEL_WORDS)}-{_rand3(rng)}",
        _plain,
        states=(
            "pages and incident chatter go to {v}",
            "the on-call channel in slack is {v}",
            "if something's on fire, post in {v}",
        ),
        updates=(
            "we renamed the channels, on-call lives in {v} now",
            "incident chatter moved to {v}",
            "post pages in {v} from now on",
        ),
        decoys=("{d} is an archived channel from the old org; it still shows up in search",),
    ),
    Family(
        "release_approver",
        "fact",
        "the release approver",
        lambda rng: f"{rng.choice(APPROVER_FIRST)} {rng.choice(APPROVER_LAST)}",
        _plain,
        states=(
            "{v} approves every release, nothing ships without that ok",
            "release sign-off comes from {v}",
            "The person who approves releases is {v}.",
        ),
        updates=(
            "{v} took over release approvals",
            "sign-off for releases is with {v} now, the previous approver changed teams",
            "ask {v} for release approval from here on",
        ),
        decoys=("{d} approved one release while everyone was out, a one-off",),
    ),
    Family(
        "docker_tag",
        "fact",
        "the image tag we deploy",
        _tag,
        _plain,
        states=(
            "we deploy the {v} image tag",
            "the manifests are pinned to image tag {v}",
            "The container tag we run is {v}.",
        ),
        updates=(
            "we rolled forward, manifests point at {v} now",
            "bumped the deployed image to {v}",
            "pin everything to {v} from now",
        ),
        decoys=(
            "CI built {d} this morning but it failed QA, so we're not deploying it",
            "{d} is the tag the vendor recommends; we haven't tested it, stay put",
        ),
    ),
    Family(
        "sprint_end",
        "fact",
        "the sprint end date",
        lambda rng: rng.randrange(12) * 100 + rng.randint(10, 28),
        _date,
        states=(
            "this sprint ends on {v}",
            "sprint wraps up {v}",
            "Our current sprint closes {v}, so plan to that.",
        ),
        updates=(
            "the sprint got re-planned and now ends {v}",
            "sprint end moved to {v}",
            "btw the sprint closes {v} now",
        ),
        decoys=(
            "last sprint ended {d}, for reference",
            "if the sprint ran to {d} we'd collide with the offsite, so let's not",
        ),
    ),
    # goal states
    Family(
        "backlog_goal",
        "goal",
        "the bug backlog goal",
        lambda rng: rng.randint(5, 90),
        _counted("open bugs"),
        states=(
            "we're done when the backlog is down to {v}",
            "the quarter's goal: no more than {v} in the tracker",
            "success for this push = {v} or fewer",
        ),
        updates=(
            "leadership wants us at {v} by the end of the quarter instead",
            "the new target is {v}",
            "ok so we'll call it done at {v} now",
        ),
        decoys=(
            "we were at {d} last month, just for context",
            "{name} hopes for {d}, but that isn't the goal",
        ),
    ),
    Family(
        "signup_goal",
        "goal",
        "the sign-up goal",
        lambda rng: rng.randrange(500, 20_000, 250),
        _counted("sign-ups", extra=(" signups",)),
        states=(
            "the launch counts as a success at {v} in the first month",
            "goal for the campaign: {v}",
            "we want {v} by the end of the trial",
        ),
        updates=(
            "marketing reset the goal, we're aiming for {v}",
            "target is {v} now",
            "let's shoot for {v} instead",
        ),
        decoys=("a competitor claims {d} for their launch; irrelevant to our goal",),
    ),
    Family(
        "load_goal",
        "goal",
        "the page-load goal",
        lambda rng: rng.randint(8, 49),
        _seconds,
        states=(
            "the goal is the dashboard loading in under {v} on a cold cache",
            "we're finished when the home page renders in {v} or less",
            "target: {v} to first render",
        ),
        updates=(
            "product wants the page load under {v} instead",
            "new bar for the page load: {v}",
            "we'll call the perf work done once pages load in {v}",
        ),
        decoys=("on my laptop it already loads in {d}, but that's not a real measurement",),
    ),
    # preferences
    Family(
        "currency",
        "preference",
        "the reporting currency",
        lambda rng: rng.randrange(len(CURRENCIES)),
        _currency,
        states=(
            "report all costs to me in {v}, please",
            "I'd like every number in {v}, it's what our finance people read",
            "btw give me amounts in {v}",
        ),
        updates=(
            "we're billed through another entity now, switch figures to {v}",
            "can you do the numbers in {v} from now",
            "I'd rather see {v} going forward",
        ),
        decoys=("{name}'s reports are in {d}, but keep mine the way I asked",),
    ),
    Family(
        "nickname",
        "preference",
        "my nickname",
        _pick(NICKNAMES),
        _plain,
        states=(
            "call me {v}, nobody uses my full name",
            "you can address me as {v}",
            "I go by {v}, by the way",
        ),
        updates=(
            "actually I'd rather be called {v}",
            "switch to {v} when you address me",
            "everyone at the new job calls me {v}, so do that too",
        ),
        decoys=("my manager calls me {d} but please don't",),
    ),
    Family(
        "earliest_meeting",
        "preference",
        "my earliest meeting time",
        lambda rng: rng.randrange(7 * 60, 11 * 60, 15),
        _clock,
        states=(
            "don't put anything in my calendar before {v}",
            "I'm not a morning person, nothing before {v} please",
            "when you propose meeting times, the earliest I take is {v}",
        ),
        updates=(
            "school run changed, I can do meetings from {v} now",
            "earliest slot for me is {v} from now on",
            "you can book me from {v} onwards now",
        ),
        decoys=("{name} starts at {d}, but that's their day, not mine",),
    ),
    Family(
        "timezone",
        "preference",
        "my time zone",
        _pick(ZONES),
        _zone,
        states=(
            "I'm on {v}, give me times in that zone",
            "all times in {v} please, I can't do the conversion in my head",
            "fyi I work from {v}, so convert times for me",
        ),
        updates=(
            "I relocated, so convert times to {v} now",
            "I'm based in {v} these days, use that for times",
            "switch the times you give me to {v}",
        ),
        decoys=("the client is on {d}, but still give me times in my own zone",),
    ),
)
FAMILY_BY_NAME = {family.name: family for family in FAMILIES}
PAIRS = ("cloud", "ratelimit", "bucket", "apiurl", "db")

GENERIC_DECOYS = (
    "we're still going back and forth on {s}, so keep what you have for now",
    "{name} floated {d} for {s} in standup; nobody signed off on it, so nothing changes",
    "would {d} even work as {s}? not asking you to switch anything, just curious",
    "the old wiki page still claims {s} is {d}. that page is years out of date, ignore it",
    "hypothetically, if {s} became {d}, what would we need to redo? don't change anything yet",
    "for a few hours during last month's outage drill {s} was {d}; that was temporary and is "
    "long over",
)
"""Decoys for every slot ({s}: the subject, {d}: a fresh value, {name}: a colleague)."""
PREFERENCE_DECOYS = (
    "{name} would pick {d} for {s}, but that's {name}'s taste, not mine, so keep doing it my way",
)

# --- filler -------------------------------------------------------------------------------

# fmt: off
TOPICS = (
    "the postmortem doc", "the planning deck", "my notes for the all-hands", "the team charter",
    "the migration FAQ", "the customer newsletter", "the interview loop", "the offsite agenda",
    "the vendor shortlist", "the quarterly review", "the hiring rubric", "the API changelog",
    "the handover doc", "the launch blog post", "the budget memo", "the mentoring plan",
)
QUESTIONS = (
    "any idea how to structure {t}?",
    "what should go first in {t}?",
    "how would you shorten {t}?",
    "can you sketch an outline of {t} for me?",
    "who should I loop in on {t}?",
    "thoughts on the tone of {t}?",
    "Is there a good template for {t}?",
    "how much detail does {t} need, honestly?",
    "what do people usually forget in {t}?",
    "could you suggest a title for {t}?",
)
THANKS = (
    "thanks!", "ok cool.", "nice one, thanks.", "Perfect, ty.", "great!", "makes sense.",
    "appreciate it!", "ok got it.", "that works.",
)
ACKS = (
    "Okay, noted.",
    "Got it, I'll stick to that.",
    "Understood, I'll keep it in mind from here on.",
    "Sure, noted.",
    "Thanks, I'll work with that.",
    "Will do.",
    "Alright, got it.",
)
ECHOES = (
    "Okay, {v}. Noted.", "Got it: {v}.", "Noted ({v}).", "Sure, {v} it is.",
)
DECOY_ACKS = (
    "Okay, I'll leave everything as it is.",
    "Understood, no change then.",
    "Got it, I won't act on that.",
    "Noted, nothing changes.",
    "Sure, keeping things as they are.",
)
SENTENCES = (
    "I'd open with a short paragraph on why it matters, then {n} concrete points.",
    "Around {p}% of readers only look at the headings, so make them carry the message.",
    "If you can get it down to {k} pages, more people will actually read it.",
    "Ask {n} people for feedback rather than {m}; you get clearer opinions.",
    "Put a summary box at the top with the {k} things you want people to remember.",
    "Drafts like this usually go through {k} or {n} rounds before they settle.",
    "A simple table beats {n} paragraphs when you compare options.",
    "Close with the decision you need and the date you need it by.",
    "Keep jargon out of the first {k} paragraphs; newcomers read those.",
    "In my experience {p}% of comments are about wording, not content.",
    "Split it into {k} parts if it covers more than one audience.",
    "Number the open points so people can refer to them; {n} is plenty.",
    "Link the background material rather than copying {m} paragraphs of it.",
    "Give each section an owner; with {n} owners it is still manageable.",
)
BULLETS = (
    "Why we are doing this",
    "What changed since last time",
    "The {k} options we considered",
    "What we decided, and who decided it",
    "Open points ({n} of them)",
    "What happens next and who owns it",
    "Appendix: links and background",
)
OPENERS = (
    "hey! I'll be using you to keep track of a project over the next few weeks. I'll drop "
    "the important stuff as it comes up",
    "Hi. Can you help me keep a project on the rails? I'll tell you the rules and numbers as "
    "we go.",
    "morning — I need a second brain for a project. please remember what I tell you",
    "Hello! I'm coordinating a release and will share details bit by bit, keep them straight "
    "for me.",
)
SYSTEMS = (
    "You are an assistant that helps an engineering lead run a project. Remember the rules, "
    "facts and preferences the user gives you, and use the latest ones.",
    "You are a project assistant. The user's most recent instructions win; keep track of "
    "what they tell you.",
    "You help a busy team lead. Be brief and accurate, and respect every rule the user states.",
)
# fmt: on


def filler_answer(rng: random.Random) -> str:
    """A few sentences with unrelated numbers, sometimes followed by a bulleted outline."""

    def numbers(template: str) -> str:
        return template.format(
            p=rng.randint(5, 95), n=rng.randint(2, 9), m=rng.randint(10, 60), k=rng.randint(2, 6)
        )

    text = " ".join(numbers(s) for s in rng.sample(SENTENCES, rng.randint(3, 7)))
    if rng.random() < 0.4:
        bullets = rng.sample(BULLETS, rng.randint(3, 5))
        text += "\n\nRough outline:\n" + "\n".join(f"- {numbers(b)}" for b in bullets)
    return text
