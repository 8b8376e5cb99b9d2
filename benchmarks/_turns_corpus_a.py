# ruff: noqa: E501 (a phrase corpus: long literal sentences, written by a separate author)
"""Held-out generator of labelled task-control messages.

Written independently of packlight's classifier and its own generator.
Each case: {"kind", "text", "current_task", "stopped_task", "new_task_marker"}.
kind in {"switch", "stop", "resume", "reply"}.
"""

from __future__ import annotations

import random
import string

# ---------------------------------------------------------------------------
# Task pool. refs: how a person would refer back to the task later.
# kw: a short keyword phrase.  tags: "cancel" (task is itself about cancelling),
# "pause", "stop" (task wording uses that verb).  confirms/details/questions are
# task-specific replies (none of them change which task is in force).
# ---------------------------------------------------------------------------
TASKS = [
    dict(
        text="Fix the flaky test in tests/test_cache.py; it fails about once in ten runs.",
        domain="code",
        kw="cache test",
        refs=[
            "the cache test thing",
            "that flaky test business",
            "the flaky cache test",
            "the test_cache fix",
        ],
        details=[
            "It only flakes on CI, never on my laptop.",
            "I suspect the TTL check is racing with the clock.",
        ],
        confirms=[
            "Yes, a retry decorator is fine as a stopgap.",
            "Right, that's the one that times out.",
        ],
        questions=["Does it fail more often when you run with -n 8?"],
    ),
    dict(
        text="Add pagination to the /api/orders endpoint. Use cursor-based pagination, not offsets.",
        domain="code",
        kw="pagination",
        refs=["the pagination work", "the orders endpoint change", "the cursor pagination thing"],
        details=[
            "Page size should default to 50 and cap at 200.",
            "The cursor can just be the base64 of the last id.",
        ],
        confirms=["Yes, return next_cursor as null on the last page."],
        questions=["Should the old offset param keep working for a release?"],
    ),
    dict(
        text="Migrate the settings loader from configparser to pydantic-settings.",
        domain="code",
        kw="settings",
        refs=["the settings migration", "the pydantic switch", "the config loader rewrite"],
        details=["Env vars should take precedence over the ini file.", "We're on pydantic 2.6."],
        confirms=["Yes, switch the env prefix to APP_ while you're in there."],
        questions=["Do we still need to read the old settings.ini at all?"],
    ),
    dict(
        text="Our Docker image is 2.3 GB. Can you get it under 500 MB without breaking the build?",
        domain="code",
        kw="docker image",
        refs=["the Docker image slimming", "the image size thing", "shrinking the image"],
        details=[
            "We don't need the dev headers at runtime.",
            "The base image is python:3.11, the full one.",
        ],
        confirms=["Yes, a multi-stage build is fine."],
        questions=["Would alpine break the numpy wheels?"],
    ),
    dict(
        text="Write unit tests for utils/dates.py. Cover the timezone edge cases especially.",
        domain="code",
        kw="date tests",
        refs=["the date tests", "the dates.py tests", "the timezone test coverage"],
        details=[
            "DST transitions in Europe/London are the usual culprit.",
            "Use freezegun, it's already a dev dependency.",
        ],
        confirms=["Yes, parametrize them, that's cleaner."],
        questions=["Do you need the leap-second case too?"],
    ),
    dict(
        text="Refactor the PaymentService class; it's 900 lines and does too much.",
        domain="code",
        kw="payment refactor",
        refs=["the PaymentService refactor", "the payment refactor", "splitting up PaymentService"],
        details=[
            "The refund logic is the most tangled part.",
            "Keep the public method signatures the same.",
        ],
        confirms=["Yes, pulling the Stripe calls into a gateway class makes sense."],
        questions=["Can we drop the legacy charge_v1 path while we're at it?"],
    ),
    dict(
        text="The login page throws a 500 when the email has a plus sign in it. Find out why and fix it.",
        domain="code",
        kw="login bug",
        refs=["the login bug", "the plus-sign email issue", "the login 500"],
        details=[
            "It started after the URL encoding change last sprint.",
            "Sentry says it's in normalize_email.",
        ],
        confirms=["Yes, that's exactly the stack trace I saw."],
        questions=["Does it also happen on the signup form?"],
    ),
    dict(
        text="Set up GitHub Actions to run lint and tests on every pull request.",
        domain="code",
        kw="CI",
        refs=["the CI setup", "the GitHub Actions work", "the CI pipeline thing"],
        details=["We use ruff for lint and pytest for tests.", "Test on 3.10 and 3.12 only."],
        confirms=["Yes, cache the pip directory."],
        questions=["Should the job cancel in-progress runs on a new push?"],
    ),
    dict(
        text="Upgrade the project from Django 3.2 to 4.2.",
        domain="code",
        kw="Django upgrade",
        refs=["the Django upgrade", "the upgrade", "the 4.2 migration"],
        details=[
            "We still use the old url() helpers in a few places.",
            "django-filter is pinned to an old version.",
        ],
        confirms=["Yes, bump django-filter too."],
        questions=["Do we have to stop the app to run the migrations?"],
    ),
    dict(
        text="Profile the nightly report job. It went from 10 minutes to over an hour last week.",
        domain="code",
        kw="report job",
        refs=[
            "the report job profiling",
            "the nightly job slowness",
            "the performance investigation",
        ],
        details=[
            "The slowdown lines up with the new customer segments feature.",
            "It runs at 2am from cron on worker-3.",
        ],
        confirms=["Yes, py-spy is installed on that box."],
        questions=["Is it safe to run it during the day for profiling?"],
    ),
    dict(
        text="Add a dark mode toggle to the settings page.",
        domain="code",
        kw="dark mode",
        refs=["the dark mode toggle", "dark mode", "the settings page toggle"],
        details=["Persist the choice in localStorage.", "Default to the OS preference."],
        confirms=["Yes, the moon icon is fine."],
        questions=["Should the toggle also switch the charts to dark colours?"],
    ),
    dict(
        text="Replace all the print statements in the worker module with proper logging.",
        domain="code",
        kw="logging",
        refs=["the logging cleanup", "the print-to-logging change", "the worker logging"],
        details=[
            "Use the module-level logger pattern.",
            "Debug-level for the loop messages, info for the rest.",
        ],
        confirms=["Yes, keep the one print in the CLI entry point."],
        questions=["Should I stop the workers before you deploy this?"],
    ),
    dict(
        text="Write a script that deduplicates the customer CSV export by email address.",
        domain="code",
        kw="dedup script",
        refs=["the dedup script", "the CSV dedup", "the customer export script"],
        details=[
            "Emails should be compared case-insensitively.",
            "Keep the row with the most recent updated_at.",
        ],
        confirms=["Yes, write the duplicates to a separate file."],
        questions=["Does the export ever have a BOM at the start?"],
    ),
    dict(
        text="Investigate the memory leak in the websocket server. RSS grows about 50 MB an hour.",
        domain="code",
        kw="memory leak",
        refs=["the memory leak", "the websocket leak hunt", "the leak investigation"],
        details=[
            "It gets restarted by the OOM killer roughly every two days.",
            "It's worse when clients reconnect a lot.",
        ],
        confirms=["Yes, tracemalloc snapshots are a good idea."],
        questions=["Would it help if I paused the reconnect storm test?"],
    ),
    dict(
        text="Document the public API of the sdk package in the README.",
        domain="code",
        kw="docs",
        refs=["the README docs", "the SDK documentation", "the API docs"],
        details=["Only Client and Session are public.", "Put a short quickstart at the top."],
        confirms=["Yes, include the async examples."],
        questions=["Should the deprecated methods be listed too?"],
    ),
    dict(
        text="Rename the `usr` table to `users` and update every query that touches it.",
        domain="code",
        kw="table rename",
        refs=["the table rename", "the users rename", "the schema rename"],
        details=[
            "There are raw SQL strings in reports/, not just ORM queries.",
            "Add a view named usr for one release.",
        ],
        confirms=["Yes, do it in a single migration."],
        questions=["Is it safe to drop the old table after the rename?"],
    ),
    dict(
        text="Make the CLI accept a --config flag that points to a YAML file.",
        domain="code",
        kw="config flag",
        refs=["the --config flag", "the CLI flag work", "the YAML config option"],
        details=["CLI arguments should override values from the file.", "Use safe_load, not load."],
        confirms=["Yes, -c as the short form is fine."],
        questions=["Should a missing file be an error or a warning?"],
    ),
    dict(
        text="Add retry with exponential backoff to the HTTP client in fetcher.py.",
        domain="code",
        kw="retry",
        refs=["the retry logic", "the backoff work", "the fetcher retries"],
        details=["Only retry on 429 and 5xx.", "Cap it at five attempts and 30 seconds total."],
        confirms=["Yes, add jitter."],
        questions=["Should we stop retrying if the server sends Retry-After over a minute?"],
    ),
    dict(
        text="Fix the typo in the footer.",
        domain="code",
        kw="footer",
        refs=["the footer typo", "the typo fix", "the footer thing"],
        details=["It says 'Copyrigth'.", "The footer template is in templates/base.html."],
        confirms=["Yes, that's the one."],
        questions=["Is it the same typo on the mobile footer?"],
    ),
    dict(
        text="Bump numpy to 2.x.",
        domain="code",
        kw="numpy",
        refs=["the numpy bump", "the numpy upgrade", "the numpy thing"],
        details=["scipy needs to go up too, I think.", "The lockfile is poetry.lock."],
        confirms=["Yes, 2.1 is fine."],
        questions=["Will this break the pandas pin?"],
    ),
    dict(
        text="Stop the nightly backup job from emailing the whole team.",
        domain="code",
        kw="backup emails",
        tags=["stop"],
        refs=["the backup email thing", "the backup notifications", "the backup job change"],
        details=[
            "Only the on-call person should get the email.",
            "The cron entry lives in deploy/crontab.",
        ],
        confirms=["Yes, stop the emails entirely unless the backup fails."],
        questions=["Should failures still page someone?"],
    ),
    # ------------------------------ support ------------------------------
    dict(
        text="I need to change my flight from Boston to Denver on June 3.",
        domain="support",
        kw="flight",
        refs=["the flight change", "the Denver flight", "my flight thing", "changing the flight"],
        details=[
            "My confirmation code is in the email from last Tuesday.",
            "I'd prefer something after 2pm.",
        ],
        confirms=["Yes, the 4:15 departure works.", "Correct, just me, no other passengers."],
        questions=[
            "Is there a change fee if I switch to an earlier flight?",
            "Can we cancel the return leg too?",
        ],
    ),
    dict(
        text="Hi, I was charged twice for my March subscription. Can you refund one of the charges?",
        domain="support",
        kw="double charge",
        refs=["the double charge", "the refund", "the duplicate charge issue"],
        details=["Both charges were $14.99 on March 2.", "The card ends in 4421."],
        confirms=["Yes, refund to the original card is fine."],
        questions=["How long does the refund usually take?"],
    ),
    dict(
        text="Please cancel my hotel reservation in Chicago for next weekend.",
        domain="support",
        kw="hotel",
        tags=["cancel"],
        refs=["the hotel cancellation", "the Chicago booking", "cancelling the hotel"],
        details=[
            "It's booked under my maiden name, Keller.",
            "Check-in was supposed to be Friday the 12th.",
        ],
        confirms=[
            "Yes, go ahead and cancel that booking.",
            "Yes, cancel it even if there's a fee.",
        ],
        questions=["Can we cancel the parking add-on as well?"],
    ),
    dict(
        text="My package was supposed to arrive Tuesday and the tracking hasn't updated in four days. Where is it?",
        domain="support",
        kw="package",
        refs=["the missing package", "the tracking issue", "my delivery"],
        details=[
            "The last scan was in Memphis.",
            "The order number is on the packing email, 77-1902.",
        ],
        confirms=["Yes, that's the right address."],
        questions=["Should I stop waiting and just order a replacement?"],
    ),
    dict(
        text="I'd like to upgrade my phone plan to the unlimited tier starting next billing cycle.",
        domain="support",
        kw="phone plan",
        refs=["the plan upgrade", "the unlimited plan", "my plan change"],
        details=["There are two lines on the account.", "My cycle starts on the 20th."],
        confirms=["Yes, both lines."],
        questions=["Will I lose my rollover data if I switch?"],
    ),
    dict(
        text="I can't log into my account. The password reset email never arrives.",
        domain="support",
        kw="login",
        refs=["the login problem", "the password reset", "my account access"],
        details=["I've checked spam already.", "It's the gmail address ending in .kw88."],
        confirms=["Yes, that's my current email."],
        questions=["Could my work firewall be blocking it?"],
    ),
    dict(
        text="Can you help me return the blue jacket from order 55102? It's the wrong size.",
        domain="support",
        kw="jacket",
        refs=["the jacket return", "the return", "the wrong-size jacket"],
        details=[
            "I still have the tags on it.",
            "I'd rather have an exchange for a medium if possible.",
        ],
        confirms=["Yes, a prepaid label by email is perfect."],
        questions=["Do I need the original box?"],
    ),
    dict(
        text="Book a table for four at an Italian place near Union Square on Friday at 7pm.",
        domain="support",
        kw="dinner",
        refs=["the dinner reservation", "the restaurant booking", "Friday's dinner"],
        details=["One of us is vegetarian.", "Outdoor seating would be nice but not required."],
        confirms=["Yes, 7:30 is fine if 7 isn't available."],
        questions=["Can we switch to five people if needed?"],
    ),
    dict(
        text="I want to dispute a transaction on my credit card from a merchant I don't recognize.",
        domain="support",
        kw="dispute",
        refs=["the dispute", "the card dispute", "the unknown charge"],
        details=["It's $212.40 from something called NVX*DIGI.", "It posted on the 8th."],
        confirms=["Yes, please freeze the card too."],
        questions=["Should I cancel the card right away?"],
    ),
    dict(
        text="Please update the billing address on my account to 14 Harbor Lane, Portland.",
        domain="support",
        kw="address",
        refs=["the address update", "the billing address change", "the address thing"],
        details=["The zip is 97205.", "Shipping address stays the same."],
        confirms=["Yes, Portland, Oregon, not Maine."],
        questions=["Does this change the address on my invoices too?"],
    ),
    dict(
        text="I need to reschedule my dentist appointment from Thursday to sometime next week, preferably a morning.",
        domain="support",
        kw="dentist",
        refs=["the dentist appointment", "the rescheduling", "my appointment"],
        details=["Mondays don't work for me.", "It's a cleaning with Dr. Alvarez."],
        confirms=["Yes, Wednesday at 9 works."],
        questions=["Is there a fee for moving it this late?"],
    ),
    dict(
        text="Cancel the gym membership auto-renewal before it charges me on the 15th.",
        domain="support",
        kw="gym",
        tags=["cancel"],
        refs=["the gym auto-renewal", "the membership cancellation", "the gym thing"],
        details=[
            "The membership is under member ID 30418.",
            "I want to keep access until the term ends.",
        ],
        confirms=["Yes, cancel the renewal, but keep this month."],
        questions=["Can I pause the membership instead of cancelling?"],
    ),
    dict(
        text="Add my wife as a second driver on the rental car booking RX-4471.",
        domain="support",
        kw="rental",
        refs=["the rental car change", "adding the second driver", "the rental"],
        details=["Her name is Dana Whitford.", "She's had her license for twelve years."],
        confirms=["Yes, the daily fee is fine."],
        questions=["Does she need to be there at pickup?"],
    ),
    dict(
        text="My internet has been dropping every evening around 8pm for a week. Can you figure out what's going on?",
        domain="support",
        kw="internet",
        refs=["the internet issue", "the connection drops", "my internet problem"],
        details=[
            "The modem lights go orange when it happens.",
            "I already restarted the router twice.",
        ],
        confirms=["Yes, you can run a line test now."],
        questions=["Should I stop using the extender?"],
    ),
    dict(
        text="Transfer $2,000 from my savings to checking and set it up to repeat monthly.",
        domain="support",
        kw="transfer",
        refs=["the transfer", "the recurring transfer", "the savings transfer"],
        details=["On the first of each month.", "Savings is the account ending 0093."],
        confirms=["Yes, start this month."],
        questions=["Can I stop the recurring one later online?"],
    ),
    dict(
        text="Pause my meal-kit deliveries for the next three weeks while I'm travelling.",
        domain="support",
        kw="meal kit",
        tags=["pause"],
        refs=["the delivery pause", "the meal-kit thing", "pausing the deliveries"],
        details=["I'm back on the 28th.", "Skip the box that's already scheduled for Monday too."],
        confirms=["Yes, pause them starting this Monday.", "Yes, pause all three weeks."],
        questions=["Will pausing change my price?"],
    ),
    dict(
        text="Where's my refund for order 88213?",
        domain="support",
        kw="refund",
        refs=["the refund", "the refund question", "order 88213"],
        details=["I sent the item back on the 2nd.", "It was paid with PayPal."],
        confirms=["Yes, that's the order."],
        questions=["Can you cancel the store credit and give cash instead?"],
    ),
]

GENERIC_CUR_REFS = [
    "what you're on",
    "what you're working on",
    "the current task",
    "this",
    "that",
    "whatever you're doing right now",
    "the current thing",
    "this one",
]
GENERIC_OLD_REFS = [
    "the earlier thing",
    "what you were doing before",
    "the original task",
    "the thing from before",
    "the first thing I asked for",
    "the previous task",
    "what we were doing earlier",
    "the task you paused",
    "the thing we parked",
]

REASONS = [
    "The client changed their mind.",
    "My manager just pinged me about something else.",
    "Something more urgent came up.",
    "Prod is on fire.",
    "Plans changed.",
    "That's lower priority now.",
    "Turns out this other thing is blocking the release.",
    "I just got off a call and priorities shifted.",
    "Sorry, I know this is annoying.",
    "We got a complaint about it this morning.",
    "My boss needs it before lunch.",
]
STOP_REASONS = [
    "I need to check something with the team first.",
    "we're waiting on sign-off from security.",
    "I want to rethink the approach.",
    "the budget isn't approved yet.",
    "my wife wants to talk it over first.",
    "I'm not sure we need it anymore.",
    "I have to run to a meeting.",
    "legal wants to review it before anything changes.",
]

# ---------------------------------------------------------------------------
# New tasks for switches, each with a random distinctive marker token.
# ---------------------------------------------------------------------------
WORDS = [
    "billing",
    "ingest",
    "report",
    "sync",
    "auth",
    "export",
    "queue",
    "parser",
    "invoice",
    "metrics",
    "notify",
    "schedule",
    "upload",
    "search",
    "cache",
    "session",
]


def _tok(rng, n=3, alphabet=string.ascii_lowercase + string.digits):
    return "".join(rng.choice(alphabet) for _ in range(n))


def new_task(rng, domain):
    """Return (verb_phrase, marker)."""
    if domain == "code":
        f = f"{rng.choice(WORDS)}_{_tok(rng, 4)}"
        sha = "".join(rng.choice("0123456789abcdef") for _ in range(7))
        col = f"ref_{_tok(rng, 4)}"
        job = f"deploy-{_tok(rng, 4)}"
        ver = f"v{rng.randint(2, 9)}.{rng.randint(10, 40)}.{rng.randint(1, 9)}"
        opts = [
            (f"fix the import error in {f}.py", f"{f}.py"),
            (f"add a --dry-run flag to scripts/{f}.py", f"{f}.py"),
            (f"look at why the {job} job is red in CI", job),
            (f"rename get_user to fetch_user in {f}.py", f"{f}.py"),
            (f"write a migration that adds an index on orders.{col}", col),
            (f"update the changelog for release {ver}", ver),
            (f"figure out why {f}.py imports pandas at module load", f"{f}.py"),
            (f"revert commit {sha} on main", sha),
            (f"add type hints to {f}.py", f"{f}.py"),
            (f"delete the dead code in legacy/{f}.py", f"{f}.py"),
            (f"write a smoke test for {f}.py", f"{f}.py"),
            (f"check why the {job} pipeline takes forty minutes", job),
        ]
    else:
        up = string.ascii_uppercase
        ordno = f"{rng.randint(10000, 99999)}-{_tok(rng, 2, up)}"
        pnr = _tok(rng, 6, up + "23456789")
        inv = f"INV-{_tok(rng, 5, up + string.digits)}"
        tkt = f"TKT-{rng.randint(1000, 9999)}{_tok(rng, 1, up)}"
        ref = f"R-{_tok(rng, 5, up + string.digits)}"
        promo = f"SAVE{_tok(rng, 4, up + string.digits)}"
        opts = [
            (f"cancel order #{ordno}", ordno),
            (f"check the status of refund {ref}", ref),
            (f"change the shipping address on order {ordno} to 22 Elm Street", ordno),
            (f"look up my booking {pnr} and tell me the seat numbers", pnr),
            (f"resend invoice {inv} to my work email", inv),
            (f"find out why ticket {tkt} was closed without a reply", tkt),
            (f"add a second checked bag to reservation {pnr}", pnr),
            (f"apply the promo code {promo} to my last order", promo),
            (f"tell me what's going on with ticket {tkt}", tkt),
            (f"get me a copy of invoice {inv}", inv),
        ]
    return rng.choice(opts)


def cap(s):
    return s[:1].upper() + s[1:] if s else s


def as_sentence(rng, vp):
    """Standalone phrasing of a new task."""
    forms = [
        cap(vp) + ".",
        f"I need you to {vp}.",
        f"Please {vp}.",
        f"Can you {vp}?",
        f"Could you {vp}?",
        f"I'd like you to {vp}.",
        cap(vp) + ", please.",
    ]
    return rng.choice(forms)


def cur_ref(rng, task):
    if rng.random() < 0.7:
        return rng.choice(task["refs"])
    return rng.choice(GENERIC_CUR_REFS)


def old_ref(rng, task):
    r = rng.random()
    if r < 0.5:
        return rng.choice(task["refs"])
    if r < 0.65:
        return f"the {task['kw']} thing"
    if r < 0.85:
        return rng.choice(GENERIC_OLD_REFS)
    words = task["text"].split()
    q = " ".join(words[: rng.randint(4, 7)]).rstrip(".,;")
    return f'the "{q}..." task'


def maybe_lower(rng, text, marker=None, p=0.2):
    if rng.random() < p:
        text = text.lower()
        if text.endswith(".") and rng.random() < 0.5:
            text = text[:-1]
        if marker:
            marker = marker.lower()
    return text, marker


def opener(rng):
    return rng.choice(
        [
            "",
            "",
            "",
            "Hey, ",
            "Sorry, ",
            "Ok so ",
            "Hi again. ",
            "Quick change: ",
            "Actually, ",
            "Hmm, ",
            "Right, ",
        ]
    )


def prefix(rng, s, kind="switch"):
    """Optionally prepend a conversational opener."""
    o = opener(rng)
    if kind == "stop" and o == "Quick change: ":
        o = "Hey, "
    if not o or s.lower().startswith("ok"):
        return s
    if o.endswith(". ") or o.endswith(": "):
        return o + cap(s)
    first = s.split()[0]
    if first in ("I", "I'd", "I've", "I'm", "FYI,") or first[1:2].isupper():
        return o + s
    return o + s[:1].lower() + s[1:]


# ---------------------------------------------------------------------------
# SWITCH
# ---------------------------------------------------------------------------
def make_switch(rng):
    task = rng.choice(TASKS)
    dom = (
        task["domain"]
        if rng.random() < 0.85
        else ("support" if task["domain"] == "code" else "code")
    )
    vp, marker = new_task(rng, dom)
    ref = cur_ref(rng, task)
    sent = as_sentence(rng, vp)
    reason = rng.choice(REASONS)
    R = (reason + " ") if rng.random() < 0.3 else ""
    templates = [
        lambda: f"Put a pin in {ref}. {sent}",
        lambda: f"{R}Let's park {ref} for now and {vp}.",
        lambda: f"{sent} {cap(ref)} can wait.",
        lambda: f"New plan: {vp}.",
        lambda: f"New plan. {R}{sent}",
        lambda: f"Forget what I said about {ref} — {vp} instead.",
        lambda: f"Ignore the previous request. {sent}",
        lambda: f"Drop everything and {vp}. {reason}",
        lambda: f"Change of direction: {vp}. We'll come back to {ref} later.",
        lambda: f"{R}Let's shelve {ref} and {vp}.",
        lambda: f"Hit pause on {ref}. Something more urgent came up: {vp}.",
        lambda: f"Sorry to switch gears, but I need you to {vp} first. {cap(ref)} can wait.",
        lambda: f"Before you go any further with {ref}, I need you to {vp}.",
        lambda: f"Scratch that. {sent}",
        lambda: f"Never mind {ref}. {sent}",
        lambda: f"Let's table {ref} for now. {sent}",
        lambda: f"Can you stop working on {ref} and {vp}?",
        lambda: f"Urgent: {vp}. Leave {ref} where it is for now.",
        lambda: f"{reason} Forget {ref}; {vp}.",
        lambda: f"Stop what you're doing. {sent}",
        lambda: f"Hold off on {ref} — {vp} first, then we'll see.",
        lambda: f"Pause {ref} please, and {vp}.",
        lambda: f"Actually, instead of {ref}, {vp}.",
        lambda: f"{sent} Drop {ref} for the moment.",
        lambda: f"ok change of plans, {vp}. {ref} is on hold.",
        lambda: f"We're putting {ref} on the back burner. {R}{sent}",
        lambda: f"Don't bother with {ref} anymore. {sent}",
        lambda: f"I've changed my mind about {ref}. {sent}",
        lambda: f"Let's leave {ref} for now. {R}Switch over to this: {vp}.",
        lambda: f"{R}Need you on something else. {sent} You can leave {ref} half-done.",
    ]
    text = rng.choice(templates)()
    text = cap(" ".join(text.split()))
    if rng.random() < 0.3:
        text = prefix(rng, text)
    text, marker = maybe_lower(rng, text, marker)
    assert marker in text, (marker, text)
    return dict(
        kind="switch",
        text=text,
        current_task=task["text"],
        stopped_task=None,
        new_task_marker=marker,
    )


# ---------------------------------------------------------------------------
# STOP
# ---------------------------------------------------------------------------
def make_stop(rng):
    task = rng.choice(TASKS)
    ref = cur_ref(rng, task)
    sr = rng.choice(STOP_REASONS)
    templates = [
        lambda: "Stop.",
        lambda: "Stop what you're doing.",
        lambda: "Stop, stop. Don't touch anything else for now.",
        lambda: f"Hold off on {ref} for now.",
        lambda: f"Pause {ref}, please.",
        lambda: f"Let's put a pin in {ref}.",
        lambda: f"Park {ref} for the moment, {sr}",
        lambda: f"Let's table {ref} until Monday.",
        lambda: f"Hit pause on {ref}.",
        lambda: f"Please don't continue with {ref} for now.",
        lambda: f"Shelve {ref}; {sr}",
        lambda: f"Never mind {ref}, I'll sort it out myself.",
        lambda: f"Forget about {ref}, it's no longer needed.",
        lambda: "Whoa, hold on. Stop there.",
        lambda: f"That's enough for now, please stop working on {ref}.",
        lambda: f"Let's leave {ref} there for today.",
        lambda: f"I've changed my mind, I don't want {ref} anymore.",
        lambda: f"Hold off on {ref}. {cap(sr)} I'll let you know when to continue.",
        lambda: f"Can you pause {ref}? {cap(sr)}",
        lambda: f"ok let's stop here with {ref}.",
        lambda: f"Please stop. {cap(sr)}",
        lambda: f"Put {ref} on hold, {sr}",
        lambda: f"Let's not do {ref} after all.",
        lambda: f"Don't go any further with {ref} for now.",
        lambda: f"Actually, drop {ref}. We don't need it.",
        lambda: f"Wait — pause there. {cap(sr)}",
    ]
    if "cancel" not in task.get("tags", []):
        templates.append(lambda: "Cancel that, actually. Don't do anything yet.")
    text = cap(" ".join(rng.choice(templates)().split()))
    if rng.random() < 0.3:
        text = prefix(rng, text, "stop")
    text, _ = maybe_lower(rng, text)
    return dict(
        kind="stop", text=text, current_task=task["text"], stopped_task=None, new_task_marker=None
    )


# ---------------------------------------------------------------------------
# RESUME
# ---------------------------------------------------------------------------
def make_resume(rng):
    stopped = rng.choice(TASKS)
    same = rng.random() < 0.75
    side = rng.choice(
        [t for t in TASKS if t is not stopped and (not same or t["domain"] == stopped["domain"])]
    )
    ref = old_ref(rng, stopped)
    side_ref = rng.choice(side["refs"])
    done = rng.choice(
        [
            "",
            "",
            "Thanks, that's sorted. ",
            "Great, that answers it. ",
            f"Ok, {side_ref} is done. ",
            "Perfect. ",
            "Cool, thanks. ",
            f"Good, {side_ref} can stay as it is. ",
        ]
    )
    templates = [
        lambda: f"ok back to {ref}",
        lambda: f"{done}Let's pick up where we left off with {ref}.",
        lambda: "Unpause the earlier thing.",
        lambda: f"{done}Now finish what you started before.",
        lambda: f"{done}Please go back to {ref}.",
        lambda: f"{done}Resume {ref}.",
        lambda: f"{done}You can carry on with {ref} now.",
        lambda: f"{done}Return to {ref}.",
        lambda: f"Where were we? Oh right, {ref}. Continue with that.",
        lambda: f"{done}Let's get back to {ref} now.",
        lambda: f"{done}Please resume the task you paused earlier.",
        lambda: f"{done}Back to {ref}, please.",
        lambda: f"{done}Let's take {ref} off hold and finish it.",
        lambda: f"{done}We can return to the original task now.",
        lambda: f"{done}OK, un-pause {ref} and keep going with it.",
        lambda: f"{done}Now, {ref} — let's finish that off.",
        lambda: f"{done}You can go back to what you were doing before.",
        lambda: f"{done}Go ahead and continue {ref} where you stopped.",
        lambda: f"Alright, that's all for the side quest. Back to {ref}.",
        lambda: f"{done}Let's revisit {ref} now and get it over the line.",
        lambda: f"{done}The hold on {ref} is lifted, please continue it.",
    ]
    text = " ".join(rng.choice(templates)().split())
    text = cap(text)
    text, _ = maybe_lower(rng, text)
    return dict(
        kind="resume",
        text=text,
        current_task=side["text"],
        stopped_task=stopped["text"],
        new_task_marker=None,
    )


# ---------------------------------------------------------------------------
# REPLY (hard negatives)
# ---------------------------------------------------------------------------
RULES_CODE = [
    "Never stop the prod database.",
    "Don't cancel any running jobs.",
    "Don't pause the CI pipeline while you work on this.",
    "Whatever you do, don't drop any tables.",
    "If a test hangs, kill it after 30 seconds and move on.",
    "Pause and ask me before running anything destructive.",
    "Don't stop until the whole suite passes.",
    "Don't switch branches, stay on feature/main-fix.",
    "Never force-push to main.",
    "Don't restart the staging server, other people are using it.",
    "Leave the old migration files alone.",
]
RULES_SUPPORT = [
    "Don't cancel anything without checking with me first.",
    "Never put charges on the Amex, only the Visa.",
    "Please don't switch me to paperless billing.",
    "Don't stop the autopay on my other account.",
    "Don't change anything else on the account.",
    "Please don't drop my loyalty status when you make changes.",
]
FACTS_CODE = [
    "The build was paused overnight by ops.",
    "FYI the staging deploy got cancelled yesterday.",
    "We switched to Postgres last year.",
    "The old cron job was stopped in March.",
    "The test runner stops at the first failure by default here.",
    "Someone else paused the feature flag for the new checkout.",
    "The previous developer abandoned a branch for this, it's called wip-old.",
    "Heads up, the CI queue is slow today.",
]
FACTS_SUPPORT = [
    "The old reservation was already cancelled by the airline.",
    "I paused my other subscription last month.",
    "My bank stopped the first payment as suspicious.",
    "I switched to this card in January.",
    "I already tried cancelling online but the button is greyed out.",
    "The agent I spoke to yesterday put a hold on the account.",
]
QUESTIONS_CODE = [
    "Should I pause the deploy?",
    "Do you want me to stop the dev server first?",
    "Is it ok if I switch branches while you work?",
    "Why did the earlier run stop halfway?",
    "Would it be easier to start over from scratch on this?",
    "Should we cancel the scheduled release?",
    "How long will this take?",
    "Do you need access to the staging logs?",
]
QUESTIONS_SUPPORT = [
    "Can we cancel the old reservation too?",
    "Will this stop my automatic payments?",
    "Do I need to pause anything on my end?",
    "Is there a fee to switch?",
    "What happens if I change my mind later?",
    "Can you hold it for me until tomorrow?",
]
NUDGES = [
    "keep going",
    "continue please",
    "Carry on, looks good.",
    "You're on the right track, keep at it.",
    "Any progress?",
    "How's it going?",
    "Take your time.",
    "Don't stop now, you're close.",
    "go on",
    "Keep going, this is great.",
    "ok, continue",
    "Still there?",
]
ADDS_CODE = [
    "Also add a test for it.",
    "While you're at it, update the changelog.",
    "And please log the error message too.",
    "Also make sure it works on Windows.",
    "Oh, and add a docstring.",
    "Also run the formatter before you finish.",
    "Go back and double-check the empty-input case.",
    "Instead of sleeping in the test, use a fake clock.",
]
ADDS_SUPPORT = [
    "Oh, and CC my manager on the confirmation email.",
    "Also send me a receipt, please.",
    "And please note that I'm a premium member.",
    "Also, text me when it's done.",
    "Please use my work email for any updates.",
    "And make sure I don't get charged twice for this.",
]
CONFIRMS_GENERIC = [
    "Yes, go ahead.",
    "Sounds good, proceed.",
    "That's right.",
    "Yep, do that.",
    "Correct.",
    "Sure, that works.",
    "ok",
]


def make_reply(rng):
    task = rng.choice(TASKS)
    code = task["domain"] == "code"
    cat = rng.choices(
        ["rule", "fact", "question", "confirm", "detail", "nudge", "add"],
        weights=[3, 2, 3, 3, 2, 2, 2],
    )[0]
    if cat == "rule":
        text = rng.choice(RULES_CODE if code else RULES_SUPPORT)
    elif cat == "fact":
        text = rng.choice(FACTS_CODE if code else FACTS_SUPPORT)
    elif cat == "question":
        pool = (QUESTIONS_CODE if code else QUESTIONS_SUPPORT) + task["questions"] * 3
        text = rng.choice(pool)
    elif cat == "confirm":
        text = rng.choice(task["confirms"] * 3 + CONFIRMS_GENERIC)
    elif cat == "detail":
        text = rng.choice(task["details"])
        if rng.random() < 0.3:
            text = (
                rng.choice(["FYI, ", "One more detail: ", "For context, ", "Btw, "])
                + text[:1].lower()
                + text[1:]
            )
    elif cat == "nudge":
        text = rng.choice(NUDGES)
    else:
        text = rng.choice(ADDS_CODE if code else ADDS_SUPPORT)
    text, _ = maybe_lower(rng, text, p=0.15)
    stopped = None
    if cat not in ("nudge", "confirm") and rng.random() < 0.3:
        stopped = rng.choice([t for t in TASKS if t is not task])["text"]
    return dict(
        kind="reply",
        text=text,
        current_task=task["text"],
        stopped_task=stopped,
        new_task_marker=None,
    )


def generate(seed: int) -> list[dict]:
    rng = random.Random(seed)
    plan = [
        ("switch", make_switch, 180),
        ("stop", make_stop, 120),
        ("resume", make_resume, 120),
        ("reply", make_reply, 180),
    ]
    out = []
    for _, fn, n in plan:
        seen = set()
        tries = 0
        while len([c for c in out if c["kind"] == _]) < n and tries < n * 20:
            tries += 1
            c = fn(rng)
            key = (c["text"], c["current_task"], c["stopped_task"])
            if key in seen:
                continue
            seen.add(key)
            out.append(c)
    rng.shuffle(out)
    return out


if __name__ == "__main__":
    import collections
    import json
    import sys

    cases = generate(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    print(collections.Counter(c["kind"] for c in cases))
    for c in cases[:30]:
        print(json.dumps(c))
