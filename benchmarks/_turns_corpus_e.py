# ruff: noqa: E501 (a phrase corpus: long literal sentences, written by a separate author)
"""Held-out corpus ``e`` of a person's turns mid-task: switch, stop, resume or reply. Written blind.

What was NOT opened while writing it: nothing under ``src/packlight/``, nor
``benchmarks/results/turns.md``, the tests, ``benchmarks/_turns_corpus_a.py``, ``_b.py``,
``_c.py`` or ``benchmarks/turns_model_loco.py``. Of ``benchmarks/_turns_corpus_d.py`` only
lines 1-45 (docstring, ``KINDS``, ``PLAN``), its ``generate`` function and its ``__main__``
printer were read, for the interface; a ``grep -n`` for top-level names also showed the one-line
heads of d's phrase tuples, which this file deliberately does not reuse. Of
``benchmarks/bench_turns.py`` only lines 1-40 (docstring, imports) and the ``CORPORA`` dict were
read. packlight's classifier was never run on this corpus while it was written; do not tune
this file against the classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated and shuffled with ``seed``, as dicts with ``kind``, ``text``, ``current_task`` and
``stopped_task`` (the stopped task for a resume, else ``None``; for a resume ``current_task`` is
the task done in between) -- a drop-in for corpus ``d``.

What it emphasises, as authorship choices different from ``d``:

- tasks from domains an engineering team's agent also gets: data science, devops incidents,
  contract drafting, lesson plans, game modding, academic writing, support macros, embedded
  firmware, spreadsheet finance, localisation, recipe scaling, procurement, music production,
  plus some plain software work;
- voices: a manager relaying priorities, a terse engineer, a polite non-native speaker, long
  multi-paragraph mails with the decision in the middle, messages carrying code blocks, file
  paths or stack traces;
- switches asked as questions, conditional switches ("if it's still red, leave it and ..."),
  switches with no drop keyword at all (a new urgent job that plainly supersedes the old one),
  and the park / shelve / table / scrap / kill / hold-off vocabulary;
- implicit stops ("that's enough on X for now"), stops where the person takes over;
- resumes by anaphora ("where were we", "what we started this morning") as well as by name;
- replies that are hard look-alikes: answers to the agent's question that talk about stopping,
  cancelling, pausing or switching as the task's subject matter, "instead" inside the same task,
  feedback, corrections, status questions, and asides ("the standup got cancelled").

Register transforms (lowercase, typos, texting abbreviations, emoji, greetings in other
languages, phone sign-offs) are applied after slot filling, never inside code blocks. The same
normalised text never appears under two kinds. ``python benchmarks/_turns_corpus_e.py`` prints
the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

_T = TypeVar("_T")

KINDS = ("switch", "stop", "resume", "reply")
PLAN = (("switch", 180), ("stop", 120), ("resume", 120), ("reply", 180))


@dataclass(frozen=True)
class Task:
    """One task a person may hand the agent, with the ways they later talk about it."""

    domain: str
    first: str
    """The task as the person first asked it."""
    ask: str
    """An imperative verb phrase for asking it afresh, lowercase: 'fix the invoice export'."""
    refs: tuple[str, ...]
    """Noun phrases naming it: 'the invoice export', 'the VAT rounding'."""
    facts: tuple[str, ...]
    """Details or answers that belong inside this task (never a request for another task)."""
    looks: tuple[str, ...]
    """Same-task remarks that use stop/switch/resume/cancel/instead words as subject matter."""
    code: bool = False


TASKS: tuple[Task, ...] = (
    Task(
        "data science",
        "Train a gradient boosting model to predict churn from the customer table and report AUC",
        "train the churn model",
        ("the churn model", "the churn thing", "the model training"),
        (
            "use the last 18 months only, older rows have a different schema",
            "AUC alone is fine, no SHAP plots yet",
            "the label is 'no order in 60 days'",
        ),
        (
            "add early stopping so training halts once validation AUC stops improving",
            "switch the categorical encoding to target encoding instead of one-hot",
            "customers who cancelled and then came back should count as retained",
        ),
    ),
    Task(
        "data science",
        "Clean the survey CSV: dedupe respondents, fix the date formats and flag incomplete rows",
        "clean up the survey CSV",
        ("the survey cleanup", "the survey data", "the CSV cleaning"),
        (
            "dates are day-first, it's a UK survey",
            "the respondent ID is the email, lowercase it before deduping",
            "there are about 3,400 rows",
        ),
        (
            "people who quit the survey halfway should be flagged, not dropped",
            "a 'paused' status in column F means they resumed later, keep those rows",
            "use the earliest submission instead of the latest when deduping",
        ),
    ),
    Task(
        "data science",
        "Build a notebook that plots weekly sales by region with a 4-week rolling mean",
        "make the weekly sales notebook",
        ("the sales notebook", "the rolling mean plots", "the sales charts"),
        (
            "regions are in the region_code column, EMEA/APAC/AMER",
            "weeks start on Monday",
            "a log scale is fine for APAC",
        ),
        (
            "the line should stop where the data stops, don't extrapolate",
            "use a centred window instead of a trailing one",
        ),
    ),
    Task(
        "devops",
        "Figure out why the nightly backup job on db-02 has been failing since Tuesday",
        "look into the failing backup job on db-02",
        ("the backup job", "the db-02 backups", "the backup failure"),
        (
            "the disk was at 94% on Monday, might be related",
            "cron runs it at 02:30 UTC",
            "the logs are in /var/log/pgbackrest/",
        ),
        (
            "the job should stop and alert instead of retrying forever",
            "check whether it resumes from the last snapshot or starts over",
            "the cancelled runs in the dashboard were me testing, ignore those",
        ),
    ),
    Task(
        "devops",
        "Write a runbook for rotating the TLS certificates on the load balancers",
        "write the cert rotation runbook",
        ("the runbook", "the cert rotation doc", "the TLS runbook"),
        (
            "we have four load balancers, two per region",
            "certs come from our internal ACME, not Let's Encrypt",
            "audience is the on-call person at 3am, keep it blunt",
        ),
        (
            "add a step that says when to stop and roll back",
            "mention that traffic switches to the standby LB during the swap",
            "the section on pausing health checks needs a warning box",
        ),
    ),
    Task(
        "devops",
        "Set up alerting for 5xx spikes on the checkout service",
        "set up 5xx alerts for checkout",
        ("the alerting", "the 5xx alerts", "the checkout alerts"),
        (
            "page only if it's above 2% for 5 minutes",
            "send warnings to #checkout-alerts, pages to PagerDuty",
            "we use Prometheus and Alertmanager",
        ),
        (
            "silence the alert during the deploy window instead of lowering the threshold",
            "the alert should resolve itself once errors stop for 10 minutes",
        ),
    ),
    Task(
        "devops",
        "Migrate the CI pipeline from Jenkins to GitHub Actions",
        "move CI over to GitHub Actions",
        ("the CI migration", "the Actions migration", "the pipeline move"),
        (
            "keep the Jenkins job running in parallel for a week",
            "the integration tests need the Postgres service container",
            "secrets are in the org-level vault",
        ),
        (
            "cancel in-progress runs when a new commit is pushed to the same PR",
            "the deploy step should only run on main, skip it instead of failing on branches",
        ),
        code=True,
    ),
    Task(
        "legal",
        "Draft a mutual NDA for our talks with Hollis Logistics",
        "draft the NDA for Hollis",
        ("the NDA", "the Hollis NDA", "the confidentiality agreement"),
        (
            "governing law should be Ireland",
            "term is 3 years, confidentiality survives 5",
            "their counsel is Dana Ruiz",
        ),
        (
            "add a clause that either party can terminate the talks at any time without cause",
            "the obligations must survive termination",
            "use 'Receiving Party' instead of 'Recipient' throughout",
        ),
    ),
    Task(
        "legal",
        "Review the supplier contract redlines and summarise what changed",
        "go through the supplier redlines",
        ("the redlines", "the supplier contract", "the contract review"),
        (
            "the version from the 14th is the baseline",
            "flag anything touching liability caps first",
            "a table is fine for the summary",
        ),
        (
            "they changed the termination notice from 90 to 30 days, call that out",
            "note that they struck our right to suspend deliveries",
        ),
    ),
    Task(
        "teaching",
        "Make a 45-minute lesson plan on fractions for year 5",
        "put together the fractions lesson",
        ("the lesson plan", "the fractions lesson", "the year 5 plan"),
        (
            "the class is 28 kids, mixed ability",
            "we have mini whiteboards but no tablets",
            "link it to the pizza fractions from last week",
        ),
        (
            "add a 'pause and predict' moment before the worked example",
            "the kids should switch partners halfway through the activity",
            "the plenary should stop at minute 40 so there's time to tidy up",
        ),
    ),
    Task(
        "teaching",
        "Write 20 multiple-choice questions on the French Revolution for the quiz",
        "write the French Revolution quiz",
        ("the quiz", "the revolution questions", "the MCQs"),
        (
            "four options each, one correct",
            "keep it at GCSE level",
            "include at least three on the Terror",
        ),
        (
            "one question should ask why the Estates-General halted",
            "swap question 7 for one on the Tennis Court Oath instead",
        ),
    ),
    Task(
        "game modding",
        "Write a Skyrim mod config that rebalances two-handed weapon damage",
        "do the two-handed rebalance",
        ("the rebalance", "the weapon mod", "the damage tweaks"),
        (
            "greatswords should stay the fastest",
            "we're on SSE 1.6, SKSE is installed",
            "target is about 15% less damage overall",
        ),
        (
            "power attacks should stagger instead of knocking down",
            "stamina drain should stop when you're blocking",
        ),
    ),
    Task(
        "game modding",
        "Fix the Minecraft datapack so the custom villager trades load again",
        "fix the villager trades datapack",
        ("the datapack", "the villager trades", "the trades fix"),
        (
            "server is on 1.20.4",
            "the trades live in data/trades/functions/",
            "it broke after the pack_format bump",
        ),
        (
            "villagers should stop restocking after three trades",
            "use a loot table instead of the hard-coded item list",
        ),
        code=True,
    ),
    Task(
        "academic writing",
        "Tighten the related-work section of my paper to under 800 words",
        "cut down the related work section",
        ("the related work", "the paper section", "the lit review bit"),
        (
            "keep the Zhang et al. paragraph, reviewer 2 asked for it",
            "it's for a NeurIPS workshop, so informal-ish is ok",
            "currently it's about 1,300 words",
        ),
        (
            "the paragraph on early-stopping methods can go almost entirely",
            "use 'task switching' instead of 'context switching', that's the field's term",
        ),
    ),
    Task(
        "academic writing",
        "Format the bibliography in APA 7",
        "redo the bibliography in APA",
        ("the bibliography", "the references", "the APA formatting"),
        (
            "there are 62 entries",
            "DOIs as URLs, not 'doi:' prefixes",
            "two entries are preprints, keep the arXiv IDs",
        ),
        (
            "the conference paper from 2019 was cancelled and republished, cite the journal version instead",
        ),
    ),
    Task(
        "customer support",
        "Write macros for the five most common refund requests",
        "write the refund macros",
        ("the macros", "the refund replies", "the support macros"),
        (
            "tone should be warm but short",
            "refunds over 200 EUR need a supervisor, mention that",
            "we use Zendesk placeholders like {{ticket.requester.first_name}}",
        ),
        (
            "the cancellation macro should say the subscription stops at the end of the billing period",
            "add one for 'pause my subscription', people ask that a lot",
            "customers who switch plans mid-month get a prorated refund, put that in",
        ),
    ),
    Task(
        "customer support",
        "Reply to the angry customer in ticket #4471 about the late delivery",
        "answer ticket 4471",
        ("the ticket", "that reply", "4471"),
        (
            "the parcel is stuck in Leipzig, DHL says Thursday",
            "we can offer a 15% voucher",
            "her name is Mrs. Okafor",
        ),
        (
            "tell her she can still cancel the order and get a full refund",
            "don't promise the delivery won't stop again, just apologise",
        ),
    ),
    Task(
        "embedded",
        "Debug why the STM32 board resets when the motor starts",
        "look at the STM32 reset issue",
        ("the reset bug", "the brownout thing", "the motor reset issue"),
        (
            "the supply dips to 2.6V on the scope",
            "RCC_CSR says it's a brownout reset",
            "it's a 12V brushed motor on the same rail",
        ),
        (
            "the watchdog should halt the motor instead of resetting the whole MCU",
            "only resume PWM once the rail is back above 3.1V",
        ),
        code=True,
    ),
    Task(
        "embedded",
        "Add a low-power sleep mode to the sensor firmware",
        "add the sleep mode to the sensor firmware",
        ("the sleep mode", "the low-power work", "the firmware change"),
        (
            "wake on the RTC every 10 minutes",
            "the board is an nRF52832",
            "budget is under 5 µA asleep",
        ),
        (
            "the sensor should stop sampling before we enter sleep, not after",
            "resume the BLE advertising after wake instead of rebooting the stack",
        ),
        code=True,
    ),
    Task(
        "finance",
        "Build a 12-month cash flow forecast in the Q3 budget sheet",
        "do the cash flow forecast",
        ("the forecast", "the cash flow sheet", "the budget model"),
        (
            "payroll goes out on the 25th",
            "assume 45-day payment terms for customers",
            "use the 'Assumptions' tab for every input",
        ),
        (
            "the Hartwell contract stops in March, revenue drops after that",
            "switch the FX rate to a named cell instead of hard-coding 1.08",
        ),
    ),
    Task(
        "finance",
        "Reconcile the March bank statement against the ledger",
        "reconcile March",
        ("the reconciliation", "March", "the bank rec"),
        (
            "the 1,240 EUR difference is probably the Stripe payout timing",
            "ledger export is in the shared drive under /finance/2026/03",
            "ignore the intercompany transfers",
        ),
        (
            "there's a cancelled cheque from February that reappears, mark it as void",
            "the direct debit we paused in March shouldn't be there at all",
        ),
    ),
    Task(
        "localisation",
        "Translate the onboarding screens into Brazilian Portuguese",
        "translate onboarding to pt-BR",
        ("the translation", "the pt-BR strings", "the onboarding copy"),
        (
            "use 'você', not 'tu'",
            "keep the product name in English",
            "strings are in locales/en/onboarding.json",
        ),
        (
            "translate 'Pause sync' as 'Pausar sincronização', not 'Parar'",
            "the 'Switch account' button needs the short form, it's a narrow button",
        ),
    ),
    Task(
        "localisation",
        "Check the German UI strings for truncation in the settings page",
        "check the German strings for truncation",
        ("the German strings", "the truncation check", "the settings page strings"),
        (
            "the max width is 160px for the toggles",
            "screenshots are in qa/de/settings/",
            "'Benachrichtigungen' is the worst offender",
        ),
        (
            "'Synchronisierung anhalten' for 'Stop syncing' is too long, suggest a shorter one",
            "the 'Resume download' label wraps onto two lines",
        ),
    ),
    Task(
        "cooking",
        "Scale my lasagne recipe from 4 to 14 servings and convert it to grams",
        "scale the lasagne recipe",
        ("the lasagne", "the recipe scaling", "the recipe"),
        (
            "I'm using two deep trays, not one",
            "the oven is fan-assisted",
            "one 'cup' in the recipe is the US cup",
        ),
        (
            "swap the ricotta for béchamel instead",
            "stop the first bake at 30 minutes and add the cheese then",
        ),
    ),
    Task(
        "cooking",
        "Plan a week of vegetarian dinners under 30 minutes each",
        "plan the veggie dinners",
        ("the meal plan", "the dinners", "the weekly menu"),
        (
            "my partner doesn't eat mushrooms",
            "we have a pressure cooker",
            "Friday can be a takeaway night, skip it",
        ),
        (
            "use tofu instead of paneer on the curry night",
            "the lentil one takes too long unless you cancel the soaking step",
        ),
    ),
    Task(
        "procurement",
        "Compare three quotes for 40 developer laptops",
        "compare the laptop quotes",
        ("the laptop quotes", "the quote comparison", "the laptop order"),
        (
            "32GB RAM is the minimum",
            "we need next-business-day warranty",
            "Dell's quote includes docks, the others don't",
        ),
        (
            "Lenovo said their offer stops being valid on Friday, factor that in",
            "compare the 3-year cost instead of just the sticker price",
        ),
    ),
    Task(
        "procurement",
        "Draft the RFP for a new network switch vendor for the office",
        "write the switch RFP",
        ("the RFP", "the network RFP", "the vendor RFP"),
        (
            "48 ports per switch, PoE+ on at least half",
            "deadline for bids is the 30th",
            "three vendors are invited",
        ),
        (
            "the switches need to be stackable, put that in the must-haves",
            "add a clause on what happens if the vendor stops supporting the model",
        ),
    ),
    Task(
        "music",
        "Mix down the drums on track 3 so the kick sits under the bass",
        "mix the drums on track 3",
        ("the drum mix", "track 3", "the mixdown"),
        (
            "the kick is at 55 Hz, bass fundamental around 80",
            "reference is the Khruangbin track I sent",
            "keep the room mics, they're the vibe",
        ),
        (
            "cut the reverb tail so it stops before the chorus comes in",
            "sidechain the bass to the kick instead of EQ-ing it",
        ),
    ),
    Task(
        "music",
        "Write a chord progression for the bridge in D minor",
        "write the bridge chords",
        ("the bridge", "the chord progression", "the progression"),
        ("8 bars, 92 bpm", "it should lift into the last chorus", "borrowed chords are welcome"),
        (
            "end it on the V so it resolves when the chorus resumes",
            "switch to the relative major for bars 5-6 instead of staying minor",
        ),
    ),
    Task(
        "software",
        "Fix the invoice export so the VAT column isn't rounded twice",
        "fix the invoice export",
        ("the invoice export", "the VAT rounding", "the export bug"),
        (
            "the rounding happens in billing/export.py and again in the template",
            "customers in Norway see it most",
            "use Decimal, not float",
        ),
        ("round half-even instead of half-up", "stop rounding per line, round the total only"),
        code=True,
    ),
    Task(
        "software",
        "Add resumable uploads to the mobile app's file picker",
        "add resumable uploads",
        ("the upload feature", "resumable uploads", "the uploads"),
        (
            "chunks of 5 MB are fine",
            "the backend already supports tus",
            "iOS first, Android next sprint",
        ),
        (
            "the stop button should cancel the upload instead of pausing it",
            "when the network drops, resume from the last chunk, don't restart",
            "switching apps mid-upload shouldn't kill it",
        ),
        code=True,
    ),
    Task(
        "software",
        "Refactor the auth middleware to use the new session store",
        "refactor the auth middleware",
        ("the auth refactor", "the middleware", "the session store work"),
        (
            "the new store is in sessions/redis_store.py",
            "keep the old cookie name for now",
            "we need it behind a feature flag",
        ),
        (
            "expired sessions should stop the request with a 401 instead of redirecting",
            "switch the token check to constant-time comparison while you're there",
        ),
        code=True,
    ),
    Task(
        "software",
        "Bump the dependencies and fix whatever breaks",
        "bump the deps",
        ("the dependency bump", "the deps", "the upgrade"),
        ("pin pydantic below 3", "skip the major bump for SQLAlchemy", "the lockfile is uv.lock"),
        (
            "if a test only breaks because of a deprecation warning, silence it instead of rewriting",
            "httpx changed how it cancels streams, watch for that",
        ),
        code=True,
    ),
    Task(
        "software",
        "Write the migration that splits users.name into first_name and last_name",
        "write the users.name migration",
        ("the migration", "the name split", "the users migration"),
        (
            "there are 2.1M rows, batch it",
            "single-word names go into first_name",
            "Alembic, not raw SQL",
        ),
        (
            "the migration must be resumable if it stops halfway through a batch",
            "make the downgrade path switch them back into one column",
        ),
        code=True,
    ),
)

# Jobs that are not in TASKS: a switch may ask for one of these, not tied to any task's text.
ADHOC_ASKS = (
    "go through /var/log/nginx/error.log and tell me what's spiking",
    "update docs/setup.md with the new env vars",
    "write a short status update for the board meeting",
    "find out why the staging deploy is stuck at 'pending'",
    "summarise the three customer interviews in interviews/2026-11/",
    "draft a reply to the auditor's email about access logs",
    "make a slide with last quarter's churn numbers",
    "check whether our Stripe webhook secret expired",
    "turn the meeting notes into a list of action items",
    "convert the pricing table in pricing.xlsx to markdown",
)

# Incidents a switch can paste in as the new job: (what to do, the pasted block).
INCIDENTS = (
    (
        "find out why payments-worker keeps getting OOMKilled",
        "```\nkubectl get pods -n payments\npayments-worker-7c9f6d-x2kq   0/1   OOMKilled   14   38m\n```",
    ),
    (
        "figure out this error, it's on every checkout",
        "```\nTraceback (most recent call last):\n  File \"app/checkout/views.py\", line 212, in confirm\n    order.total = cart.total()\nAttributeError: 'NoneType' object has no attribute 'total'\n```",
    ),
    (
        "see why the login page returns this",
        "```\n502 Bad Gateway\nupstream prematurely closed connection while reading response header from upstream\n```",
    ),
    (
        "check why the cron container exits like this",
        "```\n[entrypoint] ERROR: could not connect to redis://cache:6379/0 (Connection refused)\nexit code 1\n```",
    ),
    (
        "look into why disk usage jumped on the build box",
        "```\n$ df -h /\n/dev/nvme0n1p1  200G  197G  3.0G  99% /\n```",
    ),
)

WHO = (
    "the client",
    "Priya",
    "my boss",
    "the CTO",
    "Marco from sales",
    "legal",
    "the head of department",
    "our PM",
    "the on-call lead",
    "Jonas",
    "the account manager",
    "the director",
)
WHY_SWITCH = (
    "the client just called",
    "priorities changed in standup",
    "it's blocked on someone else anyway",
    "that one isn't due until next month",
    "we're still waiting on input for it",
    "something came up",
    "the other thing has a hard deadline today",
    "the budget for it got frozen",
    "I just got out of a meeting and plans changed",
)
WHY_STOP = (
    "I need to check something with {w} first",
    "the requirements might change",
    "we're over budget on this",
    "I want to think about the approach",
    "{w} wants to look at it before we go further",
    "it's late and I'm done for today",
    "I'm not sure we even need it anymore",
    "the data we'd need isn't ready",
    "I'd rather do the rest myself",
)
WHEN = (
    "today",
    "by 3pm",
    "before the end of the day",
    "by noon",
    "before tomorrow's call",
    "in the next hour",
    "asap",
)
TIME_AGO = (
    "this morning",
    "yesterday",
    "before lunch",
    "on Monday",
    "earlier",
    "last week",
    "before the incident",
)
GREETINGS = (
    "Hola!",
    "Salut,",
    "Hallo,",
    "Ciao,",
    "Oi,",
    "Hej,",
    "Namaste,",
    "Merhaba,",
    "Bonjour,",
)
SIGNOFFS = (
    "\n\nSent from my phone",
    "\n-- sent from mobile, excuse typos",
    "\n\nCheers, K.",
    "\n\n— M",
)
EMOJI = ("🙏", "😅", "👍", "🙂", "🚒", "🧯", "✅", "😬", "🤞", "👀", "🫠")

# Switch templates. {r}/{R} names the current task, {a}/{A} the new ask, {w}/{W} a person,
# {why} a reason, {when} a deadline, {p} a pasted block with {ia} its ask.
SWITCH = (
    "Park {r} for now. {A}.",
    "nvm {r}. {a} instead.",
    "Could you put {r} aside and {a}?",
    "If {r} is still stuck, leave it and {a}.",
    "{W} called, {r} can wait, they need you to {a} {when}.",
    "Forget it. New priority: {a}.",
    "Let's shelve {r}. Instead I'd like you to {a}.",
    "{R} is on ice until further notice. Meanwhile, {a}, please.",
    "scrap {r}, we're not going ahead with it. {a} pls",
    "kill {r}. {a}, that's the priority now",
    "Table {r} — {why}. Can you {a} in the meantime?",
    "hold off on {r} and {a} first",
    "Change of plan: {a}. {R} comes later.",
    "Sorry to disturb, please can you stop the work on {r} and {a} now? It is more urgent.",
    "Hello, I am sorry but {r} is not needed for the moment. Could you {a} please? Thank you very much.",
    "Dear, kindly leave {r} and {a}. {W} is asking for it {when}.",
    "{why}, so {r} is on the back shelf. {A}.",
    "Before you go any further with {r} — could you {a}? That one's due {when}, {r} isn't.",
    "Hi,\n\nThanks for the progress on {r}, it's looking decent.\n\nThat said, {w} needs us to {a} {when}, so please set {r} aside and do that first. We'll come back to it.\n\nThanks",
    "Quick one. {Why}.\n\nDrop {r} for the moment and {a}.\n\nI'll explain later.",
    "ok so I just got off a call with {w}. long story short, {r} is parked and we need to {a}. can you start on that right away?",
    "ok new plan — {r} is off the table this week. {a}, and keep it short.",
    "I'm pulling you off {r}. {A} {when}.",
    "{R} → later. {a} → now.",
    "- {r}: paused\n- {a}: start now\nthanks",
    "Priorities for the afternoon:\n1. {a}\n2. nothing else\n{R} is on hold.",
    "leave {r} where it is and {a}",
    "stop working on {r}, {why}. {a} instead",
    "can we switch gears? I need you to {a}. {r} isn't going anywhere.",
    "Put a pin in {r}. {A}.",
    "Let {r} be for today. Could you {a}?",
    "Urgent: {a}. Everything else, {r} included, waits.",
    "{W} just pinged me — {a}, top priority. So {r} is on hold.",
    "the client says {r} can wait; what can't wait is this: {a}",
    "never mind {r}, honestly. {a}?",
    "ugh ok, {r} is dead in the water. {why}. {a} please",
    "We're not doing {r} anymore. Please {a}.",
    "Pause {r} and {a}. When that's done, just tell me, don't restart {r} by yourself.",
    "Could you do me a favour and {a}? {R} can sit for a bit.",
    "hey, can you drop what you're doing and {a}?",
    "Sorry, change of direction. I need you to {a}, so let's leave {r} there.",
    "{A} — that's the job now. {R} is no longer a priority.",
    "Right, enough {r} for one day. Let's {a}.",
    "{r} can go on the backlog. {a}, {when}",
    "I know you're in the middle of {r}, but {a} first, please.",
    "Stop whatever you're doing, prod is down:\n{p}\n{IA}.",
    "drop {r} for now, we've got this on prod:\n{p}\ncan you {ia}?",
    "forget {r} for a sec and {ia}:\n{p}",
    "Shelving {r}. New thing: {ia}.\n{p}",
    "If you're not almost done with {r}, park it and {a}. If you're almost done, finish it first and then {a}.",
    "Is {r} close to done? If not, leave it and {a} — that has to go out {when}.",
    "If the {rbare} stuff is still stuck, move on: {a}.",
    "{why}. so: no more {r}. what I need now is for you to {a}",
    "Honestly let's just abandon {r}. Could you {a} instead?",
    "Plans changed, sorry! {A}, and don't spend any more time on {r}.",
    "We'll revisit {r} next sprint. For now, {a}.",
    "Hi! Little change: {r} we do later, first please {a}. Thanks!!",
    "Excuse me, I think we must change the priority: first {a}, the {rbare} after. Is possible?",
    "Would you mind setting {r} aside to {a}? {W} is waiting on it.",
    "Why don't we leave {r} for tomorrow and {a} now?",
    "OK, {r} is cancelled. {Why}. Please {a} now.",
    "FYI {w} killed {r} in the planning meeting. Can you {a}?",
    "Moving you to something else: {a}. {R} stays as it is.",
    "{A}. Don't bother finishing {r}.",
    "Ah, one thing before anything else on {r}: I actually need you to {a} and that's it for {r} today.",
)

# Stop templates: halt, cancel or pause {r}; nothing new is asked.
STOP = (
    "that's enough on {r} for now, thanks",
    "ok stop there.",
    "Please stop working on {r}. {Why}.",
    "hold off on {r} until I hear back from {w}",
    "Let's pause {r} here. {Why}.",
    "kill it. we're not doing {r}",
    "Scrap {r}. We're not going ahead.",
    "Let's table {r} for now.",
    "Park {r}, I'll get back to you.",
    "Shelve {r} for the time being, please.",
    "stop stop stop",
    "wait — don't touch anything else on {r}.",
    "OK, stop here, I'll take it from here.",
    "Thanks, I'll finish {r} myself.",
    "Don't continue with {r}. {Why}.",
    "{W} said to put {r} on hold, so let's leave it there.",
    "{W} just told me {r} is cancelled. Sorry for the wasted effort.",
    "Please don't go further with {r}. We'll talk tomorrow.",
    "Enough for today. Let's leave {r} where it is.",
    "Hmm, let's not. Leave {r} alone for now.",
    "I think we should stop {r}. It's not going anywhere.",
    "Could you stop for a moment? I need to think about {r}.",
    "Can you pause? {Why}.",
    "pause pls",
    "halt {r}, {why_low}",
    "hold on, stop. {Why}.",
    "nope, stop, that's not what I want. I'll think about {r} and come back.",
    "Sorry, I think I must stop the {rbare} for now. Thank you for your help until here.",
    "Excuse me, please do not continue the {rbare}. We wait for {w}.",
    "Hello, for the moment we stop with {r}, I will write you again when it is possible.",
    "Let's call it a day on {r}.",
    "We're done with {r} for now — no further changes please.",
    "OK that's it, {r} is off. Thanks anyway.",
    "{R} is cancelled, effective now.",
    "{R}: on hold until after the audit.",
    "Pausing {r}. {Why}. I'll ping you.",
    "Don't do anything more on {r} until Monday.",
    "Hang on, let's not go any further with {r} today.",
    "freeze {r}, nothing more until we talk",
    "ok you can stop, {why_low}",
    "Leave it. {Why}.",
    "Stop here please. No more edits to {r}.",
    "i'm calling it, {r} is dead. thanks though",
    "We'll hold {r} at this point. Please don't make any more changes.",
    "Can we stop {r}? {Why}.",
    "Actually, forget {r} entirely. It's not needed.",
    "Let's not do {r} after all.",
    "No, leave {r} — {why_low}.",
    "That's good enough, stop there and leave {r} as it is.",
    "Hi,\n\nSorry for the back and forth, but please stop {r} for now. {Why}.\n\nI'll be in touch.",
    "Quick update from my side: {w} wants {r} frozen, so no more work on it until further notice.\n\nThanks for the effort so far.",
    "Ok so.\n\n{Why}. So {r} is paused, effective now. Nothing else needed from you today.",
    "Status: {r} parked. Reason: {why_low}. Next steps: none for now.",
    "- {r}: stop\n- everything else: nothing pending\nthat's all",
    "STOP. don't push anything for {r}.",
    "ugh, stop, {why_low}.",
    "Please halt. I need to review what's been done on {r} before anything else happens.",
    "can you not continue with {r}? {why_low}",
    "let's park it, {why_low}",
    "Abort {r}, please.",
    "Cancel that. {R} isn't happening.",
    "Stop for now — we'll pick {r} up another time, maybe.",
    "I'll have to put {r} on pause, {why_low}. Sorry!",
    "Let's leave {r} there for today, thanks for the help 🙂",
    "ok that's enough. thanks",
    "enough, stop",
    "Right, I'm stopping you there. {Why}.",
)

# Resume templates. {s}/{S} names the stopped task, {c}/{C} the task done in between.
RESUME = (
    "ok, back to {s}",
    "pick the thread back up on {s}",
    "let's finish what we started {ago}",
    "{C} is done, now where were we with {s}?",
    "right, where were we?",
    "can you continue with {s}?",
    "{W} gave the go-ahead, so {s} is back on. Carry on from where you stopped.",
    "Now let's return to {s}, please.",
    "Ok, {c} is sorted. Back to the thing we parked {ago}.",
    "Unpark {s}.",
    "Let's take {s} off hold and keep going.",
    "{S} is unblocked — carry on.",
    "we can resume {s} now",
    "back to the previous thing pls",
    "So — {s}. Let's pick up where we left off.",
    "Where did we leave {s}? Let's continue it.",
    "let's get back to {s}, {c} can stay as it is",
    "ok thanks. now the other thing from {ago} — {s}. keep going with that",
    "Good, that's {c} out of the way. Let's go back to {s}.",
    "Hello again, now please we go back to the {sbare}. Thank you.",
    "Sorry for the interruption before. Please continue the {sbare} where you were.",
    "Excuse me, now it is possible to continue with {s}. {W} said ok.",
    "Time to dust off {s}.",
    "Let's un-shelve {s}.",
    "{S} is back on the table.",
    "Reopen {s}, please, and finish it.",
    "restart where you left off on {s}",
    "Great. Next: back to {s}.",
    "Ok, the fire's out. Back to {s}.",
    "Incident's over, thanks. Let's go back to what we were doing before.",
    "That'll do for {c}. Now let's finish {s}.",
    "cool. ok {s} again",
    "Where were we on {s}? Continue from there.",
    "let's pick {s} up again",
    "Ok, let's get back to it — {s}.",
    "Done with {c}, thanks. What we started {ago} — can you finish it?",
    "{W} changed their mind, {s} is on again. Carry on.",
    "Budget's back, so let's continue {s}.",
    "Right, that's sorted. Resume {s}.",
    "Let's go back to where we were before {c}.",
    "Carry on with {s} from where you stopped.",
    "Hi,\n\nThanks for the quick turnaround on {c}.\n\nWe can now get back to {s} — please pick it up where you left it.\n\nBest",
    "Ok.\n\n{C} looks fine, leave it.\n\nNow, {s}: let's finish it today.",
    "next:\n- {c}: done, leave it\n- {s}: back on, continue",
    "Let's resume. Same as before, {s}.",
    "back to the earlier task",
    "ok let's go back to the one from {ago}",
    "{S} — we paused it {ago}, let's finish it now.",
    "Ok, the blocker on {s} is gone. Keep going.",
    "{W} came back to us, so we can continue {s}.",
    "Thanks! Now can we return to {s}?",
    "Could you get back to {s} now?",
    "Would you pick {s} back up?",
    "lets go back to {s} now that {c} is done",
    "Alright, you can take up {s} again.",
    "Continue the earlier one.",
    "Ok go back to what we parked.",
    "and now back to our regularly scheduled {sbare} 😄",
    "Good. Let's get {s} over the line now.",
    "Back to the main thing: {s}.",
    "Ok, shelved thing is unshelved: {s}. Continue.",
    "{C}'s done. {S} next, from where you stopped.",
    "Now finish what you were doing on {s} before I interrupted.",
    "Sorry for pulling you away earlier — let's go back to {s}.",
)

# Reply templates. {r} names the current task, {f} one of its facts, {l} one of its look-alikes.
REPLY = (
    "thanks!",
    "looks good so far",
    "how far along is {r}?",
    "{F}.",
    "also, {f}",
    "fyi {f}",
    "to answer your question: {f}",
    "yes — {f}",
    "no, {f}",
    "small correction: {f}",
    "{L}.",
    "oh and {l}",
    "One more thing: {l}.",
    "for {r}: {l}",
    "good question. {L}.",
    "re your question — {l}",
    "Keep going, no need to stop and check with me on every step.",
    "don't switch approaches now, the current one for {r} is fine",
    "instead of asking me each time, just pick whatever's sensible for {r}",
    "I'll park the car and be back in 10, keep going",
    "btw the standup got cancelled so I have more time to review {r} today",
    "Sorry, I was in a meeting. {F}.",
    "Before you continue: {f}.",
    "Is there anything blocking {r}?",
    "how long do you think {r} will take?",
    "nice, that's exactly what I had in mind",
    "hmm, not quite. {F}.",
    "Can you show me what you have for {r} so far?",
    "ok cool. {L}, otherwise carry on",
    "When you're done with {r} I might have something else, but not yet — keep at it.",
    "perfect, continue",
    "thx, continue pls",
    "Hi, just checking in on {r} — all good?",
    "Looks great! {L}.",
    "Thank you very much for the work. Only one remark: {l}.",
    "It is good, but please {l}.",
    "I think is better if {f}.",
    "sorry, forgot to mention — {f}",
    "Yes please, go ahead.",
    "yep",
    "No, that's fine as it is.",
    "Good catch. {F}.",
    "Two notes:\n- {f}\n- {l}",
    "Notes on {r}:\n1. {F}\n2. {L}",
    "Hi,\n\nThanks for the latest version of {r}. A couple of points.\n\nFirst, {f}. Second, {l}.\n\nOtherwise it's on track, keep going.",
    "I read what you have so far.\n\n{L}.\n\nThe rest is fine.",
    "don't stop now, you're nearly there",
    "you don't need to pause for review between steps on {r}",
    "the deadline for {r} moved to Friday, so no rush — same task though",
    "we're not switching tools for {r}, stick with what we have",
    "Is {r} going to be done today?",
    "Whoa, that was fast. {F}.",
    "To your question: yes, throw away the first draft of {r} and keep building on the second one.",
    "hm, I'd rather you didn't restart {r} from scratch — build on what's there",
    "What's the status on {r}?",
    "ok, and {l}",
    "that's not what I meant. {F}.",
    "right, {f}",
    "Correct. And {l}.",
    "i see. {f}",
    "Ha, yes. {F}.",
    "👍 {f}",
    "Makes sense. Keep going with {r}.",
    "Great progress on {r} 👏",
    "Quick heads-up so you don't get stuck: {f}.",
    "Don't worry about the other stuff on the list, just {r} for now — keep going.",
    "I paused to read your last message — yes, {f}.",
    "Agreed, {l}.",
)

# Replies only a code task gets: output pasted back about the same work.
CODE_REPLY = (
    "ran it locally, got this:\n```\nFAILED tests/test_smoke.py::test_roundtrip - AssertionError: 3 != 4\n```\nis that expected at this stage of {r}?",
    "CI on your branch says:\n```\nerror: Process completed with exit code 137.\n```\nprobably the runner, retry it and carry on with {r}",
    "the linter complains:\n```\nE501 line too long (131 > 100 characters)\n```\nnot a big deal, fix it when you're done with {r}",
    "here's the full log you asked for:\n```\nWARN  retrying in 5s (attempt 2/5)\nWARN  retrying in 10s (attempt 3/5)\nINFO  ok\n```\n{F}.",
    "fyi the diff you made touches `config/settings.toml` too — that's fine, {f}",
)

ABBREVIATIONS = (
    (r"\bplease\b", "pls"),
    (r"\byou\b", "u"),
    (r"\bbecause\b", "bc"),
    (r"\btomorrow\b", "tmrw"),
    (r"\bthanks\b", "thx"),
    (r"\bright now\b", "rn"),
    (r"\bwith\b", "w/"),
)


def _bare(ref: str) -> str:
    """Drops a leading article, for templates that put their own in front ('the {rbare}')."""
    return re.sub(r"^(the|that|this)\s+", "", ref)


def _plural(ref: str) -> bool:
    """'the deps', 'the refund replies': a last word in -s (not -ss) reads as plural here."""
    words = ref.split()
    last = words[-1] if words else ""
    return last.endswith("s") and not last.endswith("ss")


def _agree_plural(template: str, name: str) -> str:
    """Makes the verbs right after slot ``name`` agree with a plural task name."""
    slot = rf"(\{{[{name}{name.upper()}]\}})"
    for singular, plural in (
        (" is", " are"),
        (" isn't", " aren't"),
        (" comes", " come"),
        (" stays", " stay"),
        ("'s done", " are done"),
        (" looks", " look"),
    ):
        template = re.sub(slot + re.escape(singular) + r"\b", r"\1" + plural, template)
    return template


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class _Writer:
    """Fills templates from one seeded random stream and roughens the register."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def _pick(self, pool: Sequence[_T]) -> _T:
        return self.rng.choice(pool)

    def _fill(self, template: str, slots: dict[str, str]) -> str:
        for name in ("r", "s", "c"):
            if _plural(slots.get(name, "")):
                template = _agree_plural(template, name)
        values: dict[str, str] = {}
        for name, value in slots.items():
            values[name] = value
            values[_cap_name(name)] = _cap(value)
        return template.format(**values)

    def _common_slots(self) -> dict[str, str]:
        who = self._pick(WHO)
        why_stop = self._pick(WHY_STOP).format(w=who)
        return {
            "w": who,
            "when": self._pick(WHEN),
            "ago": self._pick(TIME_AGO),
            "why_low": why_stop,
            "why": why_stop,
        }

    def switch(self) -> tuple[str, Task, Task | None]:
        current = self._pick(TASKS)
        slots = self._common_slots()
        slots["why"] = self._pick(WHY_SWITCH)
        template = self._pick(SWITCH)
        roll = self.rng.random()
        if roll < 0.7:
            other = self._pick(
                [
                    t
                    for t in TASKS
                    if t is not current and (t.domain == current.domain or self.rng.random() < 0.5)
                ]
                or [t for t in TASKS if t is not current]
            )
            slots["a"] = other.ask
        else:
            slots["a"] = self._pick(ADHOC_ASKS)
        incident_ask, block = self._pick_incident()
        slots["ia"], slots["p"] = incident_ask, block
        ref = self._pick(current.refs)
        slots["r"], slots["rbare"] = ref, _bare(ref)
        return self._roughen(self._fill(template, slots)), current, None

    def _pick_incident(self) -> tuple[str, str]:
        ask, block = self.rng.choice(INCIDENTS)
        return ask, block

    def stop(self) -> tuple[str, Task, Task | None]:
        current = self._pick(TASKS)
        slots = self._common_slots()
        ref = self._pick(current.refs)
        slots["r"], slots["rbare"] = ref, _bare(ref)
        return self._roughen(self._fill(self._pick(STOP), slots)), current, None

    def resume(self) -> tuple[str, Task, Task | None]:
        stopped = self._pick(TASKS)
        current = self._pick([t for t in TASKS if t is not stopped])
        slots = self._common_slots()
        s_ref, c_ref = self._pick(stopped.refs), self._pick(current.refs)
        slots.update({"s": s_ref, "sbare": _bare(s_ref), "c": c_ref})
        return self._roughen(self._fill(self._pick(RESUME), slots)), current, stopped

    def reply(self) -> tuple[str, Task, Task | None]:
        current = self._pick(TASKS)
        slots = self._common_slots()
        ref = self._pick(current.refs)
        slots.update({"r": ref, "f": self._pick(current.facts), "l": self._pick(current.looks)})
        pool = REPLY + CODE_REPLY if current.code else REPLY
        return self._roughen(self._fill(self._pick(pool), slots)), current, None

    def _roughen(self, text: str) -> str:
        """Register transforms; a pasted block is left exactly as pasted."""
        if "```" in text:
            head, _, rest = text.partition("```")
            return self._roughen_prose(head) + "```" + rest
        return self._roughen_prose(text)

    def _roughen_prose(self, text: str) -> str:
        rng = self.rng
        if rng.random() < 0.22:
            text = text.lower()
        if rng.random() < 0.12:
            text = self._typo(text)
        if rng.random() < 0.1:
            for pattern, short in ABBREVIATIONS:
                text = re.sub(pattern, short, text)
        if rng.random() < 0.06 and text.strip():
            text = f"{self._pick(GREETINGS)} {text}"
        if rng.random() < 0.09 and text.strip():
            text = f"{text.rstrip()} {self._pick(EMOJI)}"
        if rng.random() < 0.04 and text.strip():
            text = text.rstrip() + self._pick(SIGNOFFS)
        return text

    def _typo(self, text: str) -> str:
        """Swaps two neighbouring letters in one longer word, as fast thumbs do."""
        words = [m for m in re.finditer(r"[A-Za-z]{6,}", text)]
        if not words:
            return text
        word = self.rng.choice(words)
        at = word.start() + self.rng.randrange(1, len(word.group()) - 2)
        return text[:at] + text[at + 1] + text[at] + text[at + 2 :]


def _cap_name(name: str) -> str:
    """The slot name for the capitalised form: 'r' -> 'R', 'why' -> 'Why', 'ia' -> 'IA'."""
    return name.upper() if len(name) <= 2 else _cap(name)


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


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
    seen: set[tuple[str, str, str]] = set()
    kind_of_text: dict[str, str] = {}
    for kind, wanted in PLAN:
        made = 0
        for _ in range(wanted * 50):
            if made == wanted:
                break
            text, current, stopped = makers[kind]()
            normal = _normal(text)
            key = (kind, normal, current.first)
            if key in seen or kind_of_text.get(normal, kind) != kind:
                continue
            seen.add(key)
            kind_of_text[normal] = kind
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
            raise RuntimeError(f"corpus e: only {made} distinct {kind} cases for seed {seed}")
    writer.rng.shuffle(out)
    return out


def _self_check() -> None:
    for seed in (0, 1, 2):
        cases = generate(seed)
        assert cases == generate(seed), f"seed {seed} is not deterministic"
        counts = Counter(c["kind"] for c in cases)
        assert counts == dict(PLAN), counts
        keys = [(c["kind"], _normal(c["text"] or ""), c["current_task"]) for c in cases]
        assert len(keys) == len(set(keys)), "duplicate (kind, text, current_task)"
        kinds_per_text: dict[str, set[str]] = {}
        for c in cases:
            kinds_per_text.setdefault(_normal(c["text"] or ""), set()).add(c["kind"] or "")
        clashes = [t for t, ks in kinds_per_text.items() if len(ks) > 1]
        assert not clashes, clashes[:5]
        for c in cases:
            assert (c["stopped_task"] is not None) == (c["kind"] == "resume"), c
    assert generate(0) != generate(1), "seeds should differ"


if __name__ == "__main__":
    _self_check()
    cases = generate(0)
    print(len(cases), dict(Counter(c["kind"] for c in cases)))
    print(
        "templates:",
        {
            "switch": len(SWITCH),
            "stop": len(STOP),
            "resume": len(RESUME),
            "reply": len(REPLY) + len(CODE_REPLY),
        },
        "| tasks:",
        len(TASKS),
        "| domains:",
        len({t.domain for t in TASKS}),
    )
    sampler = random.Random(1)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in cases if c["kind"] == kind], 4):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")
    print(
        "\nself-check passed: counts, determinism per seed, unique texts, no text under two kinds"
    )
