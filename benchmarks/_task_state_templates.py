"""Word lists, value generators and sentence templates for ``_task_state_corpus``.

One :class:`Family` per subject the user can state a value for (the production database
host, the project spending cap, ...): how its values are drawn and spelled, the sentences
that state it first, the paraphrases that supersede it, and the decoys that only look like
an update. Then the filler: questions, thanks and assistant answers full of unrelated
numbers.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

KINDS = ("safety", "constraint", "fact", "goal", "preference")

# --- word lists -------------------------------------------------------------------------

# fmt: off
CODENAMES = (
    "Osprey", "Kestrel", "Merlin", "Plover", "Bittern", "Avocet", "Dunlin", "Godwit", "Shrike",
    "Wagtail", "Nuthatch", "Siskin", "Redpoll", "Whimbrel", "Curlew", "Gannet", "Petrel",
    "Fulmar", "Skua", "Tern", "Lapwing", "Dipper", "Firecrest", "Goldcrest", "Hobby", "Harrier",
    "Brambling", "Linnet", "Twite", "Stonechat", "Whinchat", "Ouzel",
)
FIRST_NAMES = (
    "Dana", "Priya", "Tomasz", "Ines", "Kofi", "Mei", "Ruben", "Sanne", "Yusuf", "Greta", "Anil",
    "Lucia", "Oskar", "Amara", "Hiro", "Noor", "Teodor", "Bea", "Rafael", "Ilse",
)
LAST_NAMES = (
    "Okafor", "Lindqvist", "Marchetti", "Haddad", "Nakamura", "Oyelaran", "Kowalczyk", "Brennan",
    "Castellanos", "Vermeulen", "Adeyemi", "Sorensen", "Takahashi", "Moreau",
)
LANGUAGES = (
    "Spanish", "Portuguese", "Dutch", "Polish", "Turkish", "Swedish", "Italian", "Czech",
    "Indonesian", "Norwegian", "Greek", "Romanian", "Finnish", "Hungarian", "Vietnamese",
)
TIMEZONES = (
    "America/Denver", "Europe/Lisbon", "Asia/Kolkata", "Australia/Perth", "America/Bogota",
    "Europe/Helsinki", "Asia/Manila", "Africa/Nairobi", "America/Halifax", "Pacific/Auckland",
    "Europe/Warsaw", "Asia/Karachi", "America/Anchorage", "Atlantic/Reykjavik", "UTC+05:45",
    "UTC-03:30", "UTC+09:30",
)
DATE_FORMATS = (
    "YYYY-MM-DD", "DD.MM.YYYY", "MM/DD/YYYY", "DD/MM/YYYY", "YYYY/MM/DD",
)
MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)
GEOS = (
    "us", "eu", "ap", "sa", "ca", "me", "af",
)
DIRECTIONS = (
    "east", "west", "north", "south", "central", "southeast", "northeast",
)
COLORS = (
    "blue", "amber", "teal", "crimson", "olive", "slate", "coral", "indigo",
)
PLATFORMS = (
    "atlas", "harbor", "lattice", "quarry", "meridian", "tundra", "cobalt", "summit",
)
PATH_WORDS = (
    "archive", "ledger", "vault", "exports", "billing", "payroll", "snapshots",
)
ONES = (
    "", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
)
COLLEAGUES = (
    "Dana", "Priya", "Ines", "Mei", "Sanne", "Greta", "Lucia", "Amara", "Noor", "Bea", "Ilse",
)
"""Colleagues the user mentions in decoys (the templates say \"her\")."""
# fmt: on


def _rand3(rng: random.Random) -> str:
    """Three characters like ``7k2``: a digit, a lowercase letter, a digit or letter."""
    return (
        rng.choice(string.digits[1:])
        + rng.choice("abcdefghjkmnpqrstuvwxyz")
        + rng.choice(string.digits + "abcdefghjkmnpqrstuvwxyz")
    )


def money(amount: int) -> str:
    return f"${amount:,}"


def money_words(amount: int) -> str:
    """``1200`` -> ``one thousand two hundred dollars`` (whole hundreds below 10,000)."""
    thousands, hundreds = divmod(amount // 100, 10)
    parts = []
    if thousands:
        parts.append(f"{ONES[thousands]} thousand")
    if hundreds:
        parts.append(f"{ONES[hundreds]} hundred")
    return " ".join(parts) + " dollars"


# --- slot families ------------------------------------------------------------------------


@dataclass(frozen=True)
class Value:
    """A value as the user writes it, and the other spellings a stale check looks for."""

    text: str
    forms: tuple[str, ...]


def _plain(text: str) -> Value:
    return Value(text, (text,))


@dataclass(frozen=True)
class Family:
    """One subject the user can state a value for, with its sentence templates."""

    name: str
    kind: str
    subject: str
    """A noun phrase for generic decoys ("the deploy region")."""
    draw: Callable[[random.Random], int | str]
    render: Callable[[int | str, random.Random, bool], Value]
    """``(raw, rng, in_update) -> Value``: an update may spell the value differently."""
    states: tuple[str, ...]
    updates: tuple[str, ...]
    decoys: tuple[str, ...] = ()
    pair: str | None = None


def _money_family(name: str, subject: str, low: int, high: int, **kw: Any) -> Family:
    def render(raw: int | str, rng: random.Random, in_update: bool) -> Value:
        amount = int(raw)
        forms = (money(amount), money_words(amount), f"{amount:,} dollars", f"USD {amount:,}")
        if in_update and amount % 100 == 0 and rng.random() < 0.4:
            return Value(money_words(amount), forms)
        return Value(money(amount), forms)

    return Family(
        name, "constraint", subject, lambda rng: rng.randrange(low, high, 50), render, **kw
    )


def _date(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    month, day = divmod(int(raw), 100)
    long, short = f"{MONTHS[month]} {day}", f"{day} {MONTHS[month]}"
    return Value(rng.choice((long, long, short)), (long, short, f"{MONTHS[month][:3]} {day}"))


def _keep(raw: int | str, rng: random.Random, in_update: bool) -> Value:
    return _plain(str(raw))


def _pick(words: tuple[str, ...]) -> Callable[[random.Random], int | str]:
    return lambda rng: rng.choice(words)


FAMILIES: tuple[Family, ...] = (
    # safety rules
    Family(
        "protected_branch",
        "safety",
        "the protected branch",
        lambda rng: f"release/{_rand3(rng)}-{rng.randint(2, 9)}",
        _keep,
        states=(
            "Never push directly to {v}; it deploys straight to customers.",
            "Hard rule: nothing gets force-pushed or committed directly to {v}, ever.",
            "{v} is off limits for direct commits. Always go through a reviewed PR.",
            "Please don't ever merge into {v} without my explicit sign-off.",
            "One safety rule before we start: no direct pushes to {v} under any circumstances.",
        ),
        updates=(
            "The branch we must never push to directly is {v} now.",
            "Heads up, {v} is the protected branch from today, same rules as before.",
            "We cut a new release line, so the no-direct-push rule applies to {v} now.",
            "From now on the off-limits branch is {v}.",
            "Quick update: protect {v} instead, same rule about direct pushes.",
        ),
        decoys=(
            "{name} wants a rule against pushing to {d} on her own repo; that is her call, "
            "not ours.",
            "Should we protect {d} too at some point? No action needed, just thinking aloud.",
        ),
    ),
    Family(
        "protected_path",
        "safety",
        "the folder nobody may delete from",
        lambda rng: f"/srv/{rng.choice(PATH_WORDS)}-{_rand3(rng)}",
        _keep,
        states=(
            "Never delete anything under {v}. Those are the only copies.",
            "Rule number one: files in {v} are never removed, not even temp files.",
            "Do not run any cleanup that touches {v}; legal needs everything in there.",
            "Whatever you script, leave {v} alone: no deletes, no moves.",
        ),
        updates=(
            "The no-delete folder is {v} now; legal moved everything there.",
            "The never-delete rule now covers {v}.",
            "Storage got reorganised, so the untouchable directory is {v} from here on.",
            "Update: the folder we must never clean up is {v}.",
        ),
        decoys=(
            "The retention policy for {s} is still being tuned; no change yet.",
            "Someone in the channel claimed {d} is the protected folder. That is a different "
            "team's setup, ignore it.",
        ),
    ),
    Family(
        "readonly_cluster",
        "safety",
        "the read-only cluster",
        lambda rng: f"cluster-{rng.choice(COLORS)}-{_rand3(rng)}",
        _keep,
        states=(
            "Treat {v} as read-only: no writes, no restarts, no config changes.",
            "Safety first: never restart or write to anything on {v}.",
            "{v} is production-critical. Look, don't touch.",
            "Absolutely no deploys or restarts on {v} without asking me.",
        ),
        updates=(
            "The hands-off cluster is {v} now, we migrated last night.",
            "Same read-only rule, but it applies to {v} from today.",
            "Ops swapped clusters: {v} is the one nobody touches now.",
            "Actually the look-don't-touch cluster is {v} these days.",
        ),
        decoys=(
            "Ignore the banner that says {d} is read-only; it is left over from an old template.",
        ),
    ),
    # hard constraints
    _money_family(
        "spend_project",
        "the project spending cap",
        300,
        9_900,
        states=(
            "Project spending must stay below {v}.",
            "We can't spend more than {v} on this project in total.",
            "Budget ceiling for the project is {v}, hard stop.",
            "Keep total project costs under {v}, please. Finance is strict about it.",
            "The project has {v} to spend, and not a cent more.",
        ),
        updates=(
            "Quick update: keep project spend under {v} from now on.",
            "Finance came back and the project cap is {v} now.",
            "project budget is {v} now",
            "We got the ceiling changed: the project can spend up to {v}.",
            "New limit on project spending, {v}.",
            "Scratch the old number, project costs have to stay under {v}.",
        ),
        decoys=(
            "{name} thinks the project budget could go to {d} next year, but nothing is decided.",
            "The vendor quote mentions {d}, which is their list price, not our budget.",
        ),
        pair="spend",
    ),
    _money_family(
        "spend_conference",
        "the conference travel cap",
        200,
        4_000,
        states=(
            "Conference travel is capped at {v} per person.",
            "For the conference, nobody spends more than {v} on travel and hotel.",
            "The conference budget is {v} per attendee, separate from the project money.",
            "Keep conference expenses under {v} each.",
        ),
        updates=(
            "The conference cap went to {v} per person.",
            "HR says conference travel can be up to {v} now.",
            "conference allowance is {v} per head now",
            "Change for the conference: {v} max per attendee.",
        ),
        decoys=("{name} spent {d} at last year's conference, which is why the cap exists.",),
        pair="spend",
    ),
    Family(
        "latency",
        "constraint",
        "the p95 latency limit",
        lambda rng: rng.randrange(120, 990, 10),
        lambda raw, rng, u: _plain(f"{raw} ms"),
        states=(
            "p95 latency has to stay under {v}, that's in the contract.",
            "Whatever we change, the 95th percentile must not go above {v}.",
            "Hard requirement: p95 response time below {v}.",
            "Our SLA says p95 stays under {v}.",
        ),
        updates=(
            "The SLA was renegotiated, p95 must stay under {v} now.",
            "Latency target is tighter now: {v} at p95.",
            "p95 ceiling is {v} from this sprint on.",
            "Contract amendment: the p95 limit is {v}.",
        ),
        decoys=(
            "The p95 limit is still being tuned with the client; keep the current one.",
            "Yesterday's load test peaked at {d}, just for the record.",
        ),
    ),
    Family(
        "api_port",
        "constraint",
        "the API port",
        lambda rng: rng.randrange(2_000, 9_999),
        _keep,
        states=(
            "The public API must listen on port {v}; the firewall only opens that one.",
            "Port {v} is the only port the API may use.",
            "Keep the API on port {v}. Nothing else is allowed through.",
        ),
        updates=(
            "Security reopened things, the API goes on port {v} now.",
            "API port is {v} from now on.",
            "The firewall rule changed: the API listens on {v}.",
        ),
        decoys=("{name} uses port {d} for her local API, which has nothing to do with ours.",),
        pair="port",
    ),
    Family(
        "admin_port",
        "constraint",
        "the admin port",
        lambda rng: rng.randrange(2_000, 9_999),
        _keep,
        states=(
            "The admin console has to stay on port {v}, internal only.",
            "Admin traffic goes over port {v} and nowhere else.",
            "Keep the metrics and admin endpoints on port {v}.",
        ),
        updates=(
            "Admin console moved to port {v}.",
            "The internal admin port is {v} now.",
            "We changed the admin endpoint to port {v}.",
        ),
        decoys=("Would port {d} be nicer for the admin console? Just a thought, keep it.",),
        pair="port",
    ),
    # facts
    Family(
        "codename",
        "fact",
        "the project codename",
        _pick(CODENAMES),
        _keep,
        states=(
            "The project's codename is {v}.",
            "Internally we call this project {v}.",
            "Use the codename {v} in anything you draft.",
            "For the record, the project is code-named {v}.",
        ),
        updates=(
            "we are calling the project {v} now",
            "Marketing renamed us, it's Project {v} from here on.",
            "New codename: {v}. Please use it everywhere.",
            "Oh, and the project goes by {v} these days.",
        ),
        decoys=(
            "{name}'s team codename is {d}, don't mix them up with ours.",
            "Someone suggested renaming to {d}. We're not doing that.",
        ),
    ),
    Family(
        "launch_date",
        "fact",
        "the launch date",
        lambda rng: rng.randrange(12) * 100 + rng.randint(10, 28),
        _date,
        states=(
            "We launch on {v}.",
            "Launch is set for {v}.",
            "The go-live date is {v}.",
            "Everything has to be ready for the {v} launch.",
        ),
        updates=(
            "the launch date moved to {v}",
            "Launch slipped to {v}.",
            "We're going live on {v} now.",
            "New go-live: {v}. The old date is off.",
            "Leadership pulled the launch to {v}.",
        ),
        decoys=(
            "The launch date is still being discussed with sales; nothing has changed yet.",
            "If launch ever moved to {d} we'd clash with the audit, so let's hope not.",
        ),
    ),
    Family(
        "deploy_region",
        "fact",
        "the deploy region",
        lambda rng: f"{rng.choice(GEOS)}-{rng.choice(DIRECTIONS)}-{rng.randint(1, 9)}",
        _keep,
        states=(
            "We deploy to {v}.",
            "All production workloads run in {v}.",
            "Our primary region is {v}.",
            "Deploy target region: {v}.",
        ),
        updates=(
            "deploy region is {v} now",
            "We moved production to {v}.",
            "Primary region changed to {v} last week.",
            "From now on everything deploys to {v}.",
        ),
        decoys=("{name} mentioned {d} has cheaper instances. We're not moving.",),
        pair="region",
    ),
    Family(
        "backup_region",
        "fact",
        "the backup region",
        lambda rng: f"{rng.choice(GEOS)}-{rng.choice(DIRECTIONS)}-{rng.randint(1, 9)}",
        _keep,
        states=(
            "Backups are replicated to {v}.",
            "Our disaster-recovery region is {v}.",
            "Nightly snapshots go to {v}.",
        ),
        updates=(
            "Backups replicate to {v} now.",
            "DR moved to {v}.",
            "The snapshot region is {v} from this week.",
        ),
        decoys=("The backup schedule is still being tuned, the region stays as it is.",),
        pair="region",
    ),
    Family(
        "db_prod",
        "fact",
        "the production database host",
        lambda rng: f"db-prod-{_rand3(rng)}",
        _keep,
        states=(
            "The production database host is {v}.",
            "Prod data lives on {v}.",
            "Our live database runs on {v}.",
        ),
        updates=(
            "Production DB moved to {v}.",
            "The prod database host is {v} now.",
            "After the failover, production runs on {v}.",
        ),
        decoys=("An old runbook still lists {d} as production; it's wrong, ignore it.",),
        pair="db",
    ),
    Family(
        "db_staging",
        "fact",
        "the staging database host",
        lambda rng: f"db-stg-{_rand3(rng)}",
        _keep,
        states=(
            "Staging DB lives on {v}.",
            "The staging database host is {v}.",
            "For tests, use the staging database at {v}.",
        ),
        updates=(
            "Staging database is {v} now.",
            "We rebuilt staging, it's on {v}.",
            "staging db host changed to {v}",
        ),
        decoys=("{name} keeps a personal staging copy on {d}; that's not the team one.",),
        pair="db",
    ),
    Family(
        "oncall_owner",
        "fact",
        "the escalation contact",
        lambda rng: f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}",
        _keep,
        states=(
            "{v} owns this service and is the escalation contact.",
            "If something breaks, escalate to {v}.",
            "The on-call owner for this work is {v}.",
        ),
        updates=(
            "{v} is on call for this now.",
            "Escalations go to {v} from today.",
            "Ownership moved, {v} is the contact now.",
        ),
        decoys=("{d} covered on-call once last month, but only as a favour.",),
    ),
    Family(
        "ticket",
        "fact",
        "the tracking ticket",
        lambda rng: f"{rng.choice(('OPS', 'INFRA', 'PLAT', 'FIN'))}-{rng.randint(1000, 9999)}",
        _keep,
        states=(
            "Track everything under {v}.",
            "Log all of this against ticket {v}.",
            "The tracking ticket is {v}.",
        ),
        updates=(
            "We split the work, use {v} for tracking now.",
            "The old ticket is closed; track under {v}.",
            "Tracking moved to {v}.",
        ),
        decoys=("{d} is a related ticket from another team, just so you know.",),
    ),
    # goal states
    Family(
        "coverage_goal",
        "goal",
        "the coverage goal",
        lambda rng: rng.randint(71, 97),
        lambda raw, rng, u: _plain(f"{raw}% line coverage"),
        states=(
            "We're done when we reach {v}.",
            "The goal for this quarter is {v}.",
            "Success means {v} on the main package.",
        ),
        updates=(
            "Let's aim for {v} instead.",
            "The bar moved: we need {v} now.",
            "Target is {v} from here on.",
        ),
        decoys=("The coverage target is still being tuned by the QA lead.",),
    ),
    Family(
        "platform_goal",
        "goal",
        "the target platform",
        lambda rng: f"{rng.choice(PLATFORMS)}-v{rng.randint(2, 9)}",
        _keep,
        states=(
            "The end state is every service migrated onto {v}.",
            "Our goal: all workloads running on {v} by the end of the quarter.",
            "We're finished when nothing runs outside {v}.",
        ),
        updates=(
            "The migration target is {v} now.",
            "Plans changed, we're moving everything onto {v} instead.",
            "End state is {v} now that the platform team released it.",
        ),
        decoys=("Should we consider {d} as the target? Don't change anything, just asking.",),
    ),
    Family(
        "pilot_goal",
        "goal",
        "the pilot goal",
        lambda rng: rng.randint(11, 95),
        lambda raw, rng, u: _plain(f"{raw} pilot customers"),
        states=(
            "Success means {v} live by the end of the quarter.",
            "The goal is {v} onboarded before launch.",
            "We need {v} using it to call this done.",
        ),
        updates=(
            "Sales says we should aim for {v} now.",
            "The target is {v} from here on.",
            "Let's go for {v} instead.",
        ),
        decoys=("{name} hoped for {d}, but that was never the plan.",),
    ),
    # preferences
    Family(
        "reply_language",
        "preference",
        "the reply language",
        _pick(LANGUAGES),
        _keep,
        states=(
            "Please answer me in {v}.",
            "I'd like all your replies in {v}.",
            "Reply in {v} from now on, it's easier for me.",
        ),
        updates=(
            "Actually, switch to {v} for your replies.",
            "Can you reply in {v} now? My team reads these.",
            "I'd rather read {v} from here on.",
        ),
        decoys=(
            "{name} prefers her updates in {d}, but that's just her.",
            "My colleague {name} likes {d}; keep writing to me the way I asked.",
        ),
    ),
    Family(
        "timezone",
        "preference",
        "the time zone for times",
        _pick(TIMEZONES),
        _keep,
        states=(
            "Give all times in {v}.",
            "Please schedule everything in {v}.",
            "I think in {v}, so use that for any times.",
        ),
        updates=(
            "I moved, so use {v} for times now.",
            "Times in {v} from here on, please.",
            "Switch to {v} when you mention times.",
        ),
        decoys=("{name} works in {d}, but convert to my zone, not hers.",),
    ),
    Family(
        "reply_length",
        "preference",
        "the reply length",
        lambda rng: rng.randrange(60, 400, 10),
        lambda raw, rng, u: _plain(f"{raw} words"),
        states=(
            "Keep your answers under {v}.",
            "I prefer short replies, {v} at most.",
            "Please stay below {v} per answer.",
        ),
        updates=(
            "You can go up to {v} per reply now.",
            "Keep it under {v} from now on.",
            "Let's make the limit {v}.",
        ),
        decoys=("{name} likes long reports, {d} or more, but I don't.",),
    ),
    Family(
        "date_format",
        "preference",
        "the date format",
        _pick(DATE_FORMATS),
        _keep,
        states=(
            "Write dates as {v}, please.",
            "I always want dates in {v} format.",
            "Use {v} for every date you write.",
        ),
        updates=(
            "Switch dates to {v}.",
            "Dates in {v} from now on.",
            "I'd prefer {v} for dates these days.",
        ),
        decoys=("The client's template uses {d}, but that's only for their documents.",),
    ),
)
FAMILY_BY_NAME = {family.name: family for family in FAMILIES}
PAIRS = ("spend", "port", "region", "db")

# --- filler -------------------------------------------------------------------------------

# fmt: off
TOPICS = (
    "the onboarding doc", "the retro notes", "the vendor comparison", "our OKR draft",
    "the hiring plan", "the incident write-up", "the roadmap slide", "the status email",
    "the design review", "the customer interview notes", "the release checklist",
    "the support rota", "the architecture diagram", "the pricing page copy",
    "the quarterly report", "the meeting agenda", "the runbook structure", "the training plan",
    "the risk register", "the demo script",
)
QUESTIONS = (
    "Can you suggest a structure for {t}?",
    "What should go first in {t}?",
    "How long should {t} be, roughly?",
    "Could you outline the main points for {t}?",
    "What would you cut from {t} if we're short on time?",
    "Any tips for making {t} easier to skim?",
    "Who usually needs to review {t}?",
    "Can you draft three headings for {t}?",
    "What's a sensible order of work for {t}?",
    "How do other teams usually handle {t}?",
)
THANKS = (
    "Thanks, that helps.", "Great, thank you!", "Perfect.", "Nice, appreciated.",
    "OK, makes sense.", "Cool, thanks a lot.", "That's useful, thanks.", "Got it.",
)
ACKS = (
    "Noted.",
    "Got it, I'll keep that in mind.",
    "Understood.",
    "Thanks, noted for the rest of our work.",
    "Okay, I'll follow that.",
    "Understood, I'll work with that.",
    "Sure, I've got that.",
)
ECHOES = (
    "Noted: {v}.", "Understood, {v}.", "Got it, {v} it is.",
)
DECOY_ACKS = (
    "Understood, nothing changes then.",
    "Okay, I'll leave things as they are.",
    "Noted, no change for now.",
    "Got it, I won't act on that.",
)
SENTENCES = (
    "Most teams find that about {p}% of readers stop after the first section.",
    "A first draft usually takes {n} to {m} hours, and the review another {k}.",
    "I'd keep it to {n} sections with {k} bullet points each.",
    "In the last survey I saw, {p}% of people preferred a one-page summary.",
    "Start with the goal, then the {n} open questions, then the decisions so far.",
    "Plan for {k} review rounds; past the third, returns drop quickly.",
    "If each item takes {n} minutes, the whole thing fits in about {m} minutes.",
    "A table with {k} columns usually reads better than {n} paragraphs.",
    "Put the owner and the due date next to each of the {n} action items.",
    "Keep the intro under {m} words; people skim.",
    "Roughly {p}% of the feedback will be about wording, so leave room for that.",
    "You could group the {m} items into {k} themes to make it easier to follow.",
    "Teams of {n} to {m} people usually need one shared doc, not several.",
    "Link the details instead of pasting them; it keeps the page under {k} screens.",
    "End with the next step and who owns it; that alone answers {p}% of follow-ups.",
)
OPENERS = (
    "Hi! I need help running a small project over the next weeks. I'll tell you the ground "
    "rules as we go.",
    "Hello. You'll be helping me coordinate a project; I'll share the constraints as they "
    "come up.",
    "Hey, let's plan some work together. I'll mention the important bits along the way.",
    "Good morning. I want a hand with project planning; please keep track of what I tell you.",
)
SYSTEMS = (
    "You are a careful assistant helping a user run a software project. Follow the user's "
    "rules and keep track of the facts and preferences they give you.",
    "You are a planning assistant. The user's instructions take precedence; remember what "
    "they tell you about the project.",
    "You help a team lead coordinate work. Be concise, accurate and respect every rule the "
    "user sets.",
)
# fmt: on


BULLETS = (
    "Context: why this exists and who reads it",
    "Decisions so far, with the date each was made",
    "Open questions, each with one owner",
    "Risks, ranked by how likely they are to bite",
    "Next steps for the coming {k} days",
    "A short appendix with links instead of pasted detail",
    "Metrics: the {n} numbers people actually check",
    "Timeline: milestones roughly {k} weeks apart",
)


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
