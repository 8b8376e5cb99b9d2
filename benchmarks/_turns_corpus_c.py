# ruff: noqa: E501 (a phrase corpus: long literal sentences, written by a separate author)
"""Independent held-out generator of chat turns to an AI agent.

generate(seed) -> list of dicts with keys kind, text, current_task, stopped_task.
kind in {"switch", "stop", "resume", "reply"}.
"""

import random

# ---------------------------------------------------------------------------
# Task pool: (domain, first message, imperative ask, refs (with article), keywords)
# ---------------------------------------------------------------------------
TASKS = [
    # coding
    (
        "code",
        "Can you migrate the users table from MySQL to Postgres? Schema is in db/schema.sql, keep the same column names.",
        "migrate the users table from MySQL to Postgres",
        ["the Postgres migration", "the users table migration", "the db migration"],
        ["postgres", "users table"],
    ),
    (
        "code",
        "There's a flaky test in tests/test_checkout.py - test_apply_coupon fails maybe 1 in 5 runs. Please find out why and fix it.",
        "fix the flaky coupon test in test_checkout.py",
        ["the flaky test", "the coupon test", "the test_checkout flake"],
        ["flaky test", "coupon test"],
    ),
    (
        "code",
        "Add dark mode to the settings page. Use the existing theme tokens in styles/theme.ts.",
        "add dark mode to the settings page",
        ["the dark mode work", "the dark mode toggle", "the settings page theming"],
        ["dark mode", "theme"],
    ),
    (
        "code",
        "Refactor the payment service so the Stripe client gets injected rather than imported globally.",
        "refactor the payment service to inject the Stripe client",
        ["the Stripe refactor", "the payment service refactor"],
        ["stripe", "payment service"],
    ),
    (
        "code",
        "Write unit tests for utils/date_parse.py, aim for full branch coverage.",
        "write unit tests for utils/date_parse.py",
        ["the date parser tests", "the unit tests for date_parse"],
        ["date_parse", "date parser tests"],
    ),
    (
        "code",
        "Upgrade the frontend from React 17 to 18 and fix whatever breaks.",
        "upgrade the frontend to React 18",
        ["the React upgrade", "the React 18 bump"],
        ["react 18", "react upgrade"],
    ),
    (
        "code",
        "Set up a GitHub Actions workflow that runs lint and tests on every PR.",
        "set up a GitHub Actions workflow for lint and tests",
        ["the CI workflow", "the GitHub Actions setup"],
        ["github actions", "CI"],
    ),
    (
        "code",
        "Our /search endpoint takes 3 seconds on average. Profile it and make it faster.",
        "profile the /search endpoint and speed it up",
        ["the search performance work", "the slow /search endpoint"],
        ["/search", "search latency"],
    ),
    (
        "code",
        "Add rate limiting to the public API, 100 requests per minute per key.",
        "add rate limiting to the public API",
        ["the rate limiting", "the rate limiter"],
        ["rate limit", "rate limiter"],
    ),
    (
        "code",
        "Rename the `acct` module to `accounts` everywhere, including imports and docs.",
        "rename the acct module to accounts everywhere",
        ["the module rename", "the acct -> accounts rename"],
        ["acct rename", "accounts module"],
    ),
    # research
    (
        "research",
        "Find recent papers (2022 onward) on retrieval-augmented generation for legal documents and summarize the main approaches.",
        "find recent papers on RAG for legal documents and summarize them",
        ["the RAG literature review", "the legal RAG papers"],
        ["legal RAG", "RAG papers"],
    ),
    (
        "research",
        "Compare the pricing of Snowflake, BigQuery and Redshift for roughly 20 TB of data with light daily queries.",
        "compare Snowflake, BigQuery and Redshift pricing for 20 TB",
        ["the data warehouse pricing comparison", "the Snowflake vs BigQuery comparison"],
        ["snowflake", "warehouse pricing"],
    ),
    (
        "research",
        "I'm writing a blog post on the history of the QWERTY keyboard. Gather sources and a short timeline.",
        "gather sources and a timeline on the history of the QWERTY keyboard",
        ["the QWERTY post", "the keyboard history research"],
        ["qwerty", "keyboard history"],
    ),
    (
        "research",
        "Summarize the main arguments for and against a four-day work week, with studies.",
        "summarize the evidence for and against a four-day work week",
        ["the four-day week summary", "the four-day work week research"],
        ["four-day week", "4 day week"],
    ),
    (
        "research",
        "Look into which EU countries require B2B e-invoicing by 2026 and make a table.",
        "make a table of EU countries that require B2B e-invoicing by 2026",
        ["the e-invoicing table", "the e-invoicing research"],
        ["e-invoicing", "einvoicing"],
    ),
    (
        "research",
        "Draft a literature summary on sleep and memory consolidation for chapter 2 of my thesis.",
        "draft a literature summary on sleep and memory consolidation",
        ["the sleep and memory summary", "the thesis chapter summary"],
        ["sleep and memory", "chapter 2"],
    ),
    # data / spreadsheets
    (
        "data",
        "In the Q3_sales.xlsx sheet, make a pivot of revenue by region and month, and chart it.",
        "make a pivot of Q3 revenue by region and month with a chart",
        ["the Q3 pivot", "the sales pivot table"],
        ["Q3 pivot", "Q3_sales"],
    ),
    (
        "data",
        "Reconcile the March invoices against the bank statement and list anything that doesn't match.",
        "reconcile the March invoices against the bank statement",
        ["the invoice reconciliation", "the March reconciliation"],
        ["reconciliation", "march invoices"],
    ),
    (
        "data",
        "Clean up customers.csv: dedupe by email, fix the phone number formats, and flag missing countries.",
        "clean up customers.csv and dedupe it by email",
        ["the customer CSV cleanup", "the dedupe job"],
        ["customers.csv", "dedupe"],
    ),
    (
        "data",
        "Build a cohort retention table from the events export, weekly cohorts starting January.",
        "build a weekly cohort retention table from the events export",
        ["the cohort analysis", "the retention table"],
        ["cohort", "retention"],
    ),
    (
        "data",
        "Write a SQL query that gives monthly active users per plan for the last 12 months.",
        "write a SQL query for monthly active users per plan",
        ["the MAU query", "the monthly active users query"],
        ["MAU", "active users query"],
    ),
    (
        "data",
        "Merge the two budget sheets (marketing and ops) into one workbook with a summary tab.",
        "merge the marketing and ops budget sheets into one workbook",
        ["the budget merge", "the budget sheets"],
        ["budget merge", "budget sheets"],
    ),
    (
        "data",
        "Forecast next quarter's support ticket volume from the last two years of data.",
        "forecast next quarter's support ticket volume",
        ["the ticket forecast", "the support volume forecast"],
        ["ticket forecast", "forecast"],
    ),
    # ops
    (
        "ops",
        "Rotate the TLS certificates on the staging load balancers, they expire Friday.",
        "rotate the TLS certs on the staging load balancers",
        ["the cert rotation", "the TLS cert renewal"],
        ["certs", "TLS"],
    ),
    (
        "ops",
        "Disk usage on db-prod-2 is at 91%. Figure out what's eating space and clean it up safely.",
        "find out what's filling the disk on db-prod-2 and clean it up",
        ["the disk space issue on db-prod-2", "the disk cleanup"],
        ["db-prod-2", "disk space"],
    ),
    (
        "ops",
        "Follow the runbook to fail over the Redis primary in eu-west to the replica.",
        "fail over the Redis primary in eu-west following the runbook",
        ["the Redis failover", "the failover runbook"],
        ["redis failover", "eu-west redis"],
    ),
    (
        "ops",
        "Write a Terraform module for the new S3 buckets with versioning and lifecycle rules.",
        "write a Terraform module for the new S3 buckets",
        ["the Terraform module", "the S3 bucket module"],
        ["terraform", "S3 buckets"],
    ),
    (
        "ops",
        "Investigate why the nightly backup job failed on Tuesday and Wednesday.",
        "investigate why the nightly backups failed this week",
        ["the backup investigation", "the failed backups"],
        ["backup job", "nightly backups"],
    ),
    (
        "ops",
        "Set up alerting in Grafana for p95 latency above 800ms on the checkout service.",
        "set up Grafana alerts for p95 latency on checkout",
        ["the Grafana alerts", "the latency alerting"],
        ["grafana", "p95 alert"],
    ),
    (
        "ops",
        "Upgrade the Kubernetes cluster from 1.27 to 1.28, one node pool at a time.",
        "upgrade the Kubernetes cluster to 1.28",
        ["the k8s upgrade", "the cluster upgrade"],
        ["k8s upgrade", "1.28 upgrade"],
    ),
    # e-commerce support
    (
        "shop",
        "Hi, my order #48213 arrived with a broken lamp shade. I'd like a replacement.",
        "get me a replacement for the broken lamp shade in order 48213",
        ["the broken lamp", "the replacement for order 48213"],
        ["lamp", "48213"],
    ),
    (
        "shop",
        "I want to return the running shoes from order 77120, they're too small.",
        "start a return for the running shoes in order 77120",
        ["the shoe return", "the return for the running shoes"],
        ["shoes", "77120"],
    ),
    (
        "shop",
        "My package says delivered but I never got it. Order 55902.",
        "track down order 55902, it says delivered but never arrived",
        ["the missing package", "the lost parcel"],
        ["55902", "missing package"],
    ),
    (
        "shop",
        "Can you change the shipping address on my order 60311 to my office address?",
        "change the shipping address on order 60311",
        ["the address change", "the shipping address update"],
        ["60311", "address change"],
    ),
    (
        "shop",
        "I was charged twice for order 39087, please refund one of the charges.",
        "refund the duplicate charge on order 39087",
        ["the double charge", "the duplicate charge refund"],
        ["double charge", "39087"],
    ),
    # banking
    (
        "bank",
        "I need to set up a monthly standing order of 400 EUR to my landlord.",
        "set up a monthly standing order of 400 EUR to my landlord",
        ["the standing order", "the rent transfer"],
        ["standing order", "rent"],
    ),
    (
        "bank",
        "There's a card payment of 89.99 to STREAMPLUS that I don't recognize. I want to dispute it.",
        "dispute the 89.99 STREAMPLUS card payment",
        ["the dispute", "the STREAMPLUS charge"],
        ["STREAMPLUS", "dispute"],
    ),
    (
        "bank",
        "How do I raise my daily transfer limit? I need to pay a contractor 12,000 this week.",
        "raise my daily transfer limit to 12,000",
        ["the transfer limit", "the limit increase"],
        ["transfer limit", "limit"],
    ),
    (
        "bank",
        "Please help me open a joint savings account with my partner.",
        "open a joint savings account with my partner",
        ["the joint account", "the savings account application"],
        ["joint account", "savings account"],
    ),
    (
        "bank",
        "I think I lost my debit card, can you order a replacement to my home address?",
        "order a replacement debit card to my home address",
        ["the replacement card", "the lost card"],
        ["debit card", "replacement card"],
    ),
    # travel
    (
        "travel",
        "Book me a flight from Amsterdam to Lisbon on May 14, returning the 19th, economy, morning departure if possible.",
        "book a flight Amsterdam to Lisbon May 14 to 19",
        ["the Lisbon flights", "the flight booking"],
        ["Lisbon", "flights"],
    ),
    (
        "travel",
        "Find a hotel in Kyoto for 4 nights from October 3rd, under 180 USD a night, near a train station.",
        "find a hotel in Kyoto for 4 nights from October 3",
        ["the Kyoto hotel", "the hotel search"],
        ["Kyoto", "hotel"],
    ),
    (
        "travel",
        "I need to rebook my train from Munich to Vienna, I missed the 10:20.",
        "rebook my Munich to Vienna train",
        ["the train rebooking", "the Munich-Vienna train"],
        ["Vienna train", "rebooking"],
    ),
    (
        "travel",
        "Plan a 3-day itinerary for Rome with my parents, they can't walk too much.",
        "plan a 3-day Rome itinerary for my parents",
        ["the Rome itinerary", "the trip plan for my parents"],
        ["Rome", "itinerary"],
    ),
    (
        "travel",
        "Rent a car in Reykjavik for a week in August, 4x4, automatic.",
        "rent a 4x4 automatic in Reykjavik for a week in August",
        ["the car rental", "the Iceland car"],
        ["car rental", "Reykjavik"],
    ),
    (
        "travel",
        "Add a checked bag to my booking ABC123.",
        "add a checked bag to booking ABC123",
        ["the extra bag", "the baggage add-on"],
        ["checked bag", "ABC123"],
    ),
]

GROUP = {
    "code": "work",
    "research": "work",
    "data": "work",
    "ops": "work",
    "shop": "support",
    "bank": "support",
    "travel": "travel",
}

# one-off new tasks (only used as the new task of a switch)
EXTRA_ASKS = {
    "code": [
        "review PR #512 and leave comments",
        "write a quick script that bulk-renames the screenshots in ~/Desktop",
        "figure out why the docker build fails on the M1 machines",
        "bump lodash to fix the security advisory",
        "add a /healthz endpoint to the API",
        "write a README section on local setup",
    ],
    "research": [
        "find three good podcasts about urban planning",
        "summarize this 40-page PDF on battery recycling",
        "check what the current VAT rate for e-books is in Germany",
        "compile a list of grants for early-stage climate startups",
    ],
    "data": [
        "pull last week's signups by channel into a sheet",
        "make a chart of churn by month for the board deck",
        "fix the VLOOKUP errors in the commissions sheet",
        "export the open invoices to CSV for finance",
    ],
    "ops": [
        "check why the checkout pods keep restarting",
        "renew the domain for packlight.io before it lapses",
        "restart the stuck Jenkins agents",
        "give Marta read access to the prod logs bucket",
    ],
    "shop": [
        "check the status of my other order 61877",
        "apply the WELCOME10 code to my cart",
        "tell me if the blue sofa is back in stock",
        "update the email on my account",
    ],
    "bank": [
        "send 250 EUR to my sister's account",
        "block my credit card, I think it was skimmed",
        "download last year's statements as PDF",
        "change my PIN",
    ],
    "travel": [
        "find me a table for two in Porto on Saturday night",
        "check in for my flight KL1693 tomorrow",
        "get travel insurance for the Japan trip",
        "book an airport taxi for 6am tomorrow",
    ],
}

EMOJIS = ["🙏", "😅", "👍", "🙂", "😬", "🔥", "⚠️", "🤦", "😊", "🚨", "✅", "👀"]

# ---------------------------------------------------------------------------
# building blocks
# ---------------------------------------------------------------------------
VAGUE_CUR = [
    "this",
    "that",
    "what you're doing",
    "the current thing",
    "that one",
    "whatever you're on right now",
]

STOP_CLAUSE = [  # lead-position clauses that stop/pause the current task; {r} = ref of current
    "forget {r}",
    "drop {r} for now",
    "park {r}",
    "put {r} on hold",
    "pause {r}",
    "stop working on {r}",
    "leave {r} for later",
    "scratch that",
    "never mind {r}",
    "hold off on {r}",
    "stop what you're doing",
    "{r} can wait",
    "let's set {r} aside",
    "cancel that",
    "ok enough of {r}",
    "change of plans, stop {r}",
    "stop {r} for a moment",
    "put a pin in {r}",
    "shelve {r} for now",
    "don't continue with {r}",
    "we're pausing {r}",
    "no more {r} for today",
]
STOP_TAIL = [  # post-position stop sentences
    "{r} can wait.",
    "Forget {r} for now.",
    "Leave {r} for later.",
    "Park {r} until then.",
    "Stop {r} for now.",
    "Put {r} on hold.",
    "We'll come back to {r} later.",
    "Drop {r}, it's not needed anymore.",
]
NEW_CLAUSE = [
    "{a}",
    "I need you to {a}",
    "can you {a} instead?",
    "please {a}",
    "{a} instead",
    "new task: {a}",
    "now I need you to {a}",
    "could you {a} first?",
    "focus on this instead: {a}",
    "more urgent: {a}",
    "I want you to {a} right away",
    "{a} asap",
    "let's {a} now",
    "priority now is to {a}",
    "what I actually need is for you to {a}",
    "go {a}",
]
SWITCH_SINGLE = [
    "Instead of {r}, {a} please.",
    "Urgent thing came up: {a}. Stop {r} for now.",
    "Let's switch to something else: {a}.",
    "Different thing now: {a}. We can come back to {r} later.",
    "Change of priorities. {a_cap}, and leave {r} where it is.",
    "Switching gears: {a}. {r_cap} is on hold.",
    "Something more important just landed, please {a}. {r_cap} can wait until tomorrow.",
    "ok new plan, we stop {r} and {a}",
    "Before anything else, and I mean drop everything, {a}.",
    "I'm pulling you off {r}. {a_cap}.",
    "Please pause {r} and {a} in the meantime.",
    "Hey, stop there for a sec. I need you to {a} instead, the rest can wait.",
]
SWITCH_NONNATIVE = [
    "Please stop the {rb}, now more important is to {a}.",
    "Is not needed anymore the {rb}. Please {a}.",
    "ok we leave this one. can you {a} please",
    "Sorry, change of plan: no more {rb}, I need you {a}.",
    "Stop please with this. Now you {a}.",
    "For the moment we don't do the {rb}, first {a}.",
    "please, you can stop this and {a}? is more urgent",
    "we make pause on the {rb}. now {a} please",
    "not this anymore. i need that you {a}",
]
SWITCH_FRAG = [
    "stop. {a}.",
    "ok pause. {a} pls",
    "nvm that. {a}",
    "change of plans -> {a}",
    "drop it. {a} asap",
    "forget it, {a}",
    "hold that. {a} first",
    "scrap that. new one: {a}",
    "pause pls. {a}",
    "enough of that. {a}",
]
SWITCH_PREAMBLE = [
    "Ok so I just got off a call with my manager and priorities shifted quite a bit this week. There's a deadline tomorrow that nobody told me about until now and honestly I'm a bit stressed about it.",
    "So, bit of context: the team lead reviewed the roadmap this morning and moved a few things around, and apparently what we were doing isn't in this sprint anymore.",
    "Sorry for the back and forth today, it's been chaotic. My colleague is out sick and I'm covering for her, so a bunch of her stuff landed on my plate.",
    "Just heard from the client. They were pretty clear that they need something else from us first, and they're the ones paying, so.",
    "I was looking at the calendar and realised we have the audit on Thursday, which changes what matters this week.",
    "Long story short, my plans changed.",
]
SWITCH_AFTER_PRE = [
    "Please stop what you're doing and {a}.",
    "So let's put {r} on hold and {a} instead.",
    "Can you drop {r} for now and {a}?",
    "That means {r} has to wait. I need you to {a}.",
    "Forget {r} for today, {a} please.",
    "Pause {r}; the priority is to {a}.",
]

STOP_REASON = [
    "we don't need it anymore",
    "the client cancelled",
    "I'll do it myself later",
    "the budget got frozen",
    "I need to check something with the team first",
    "it's not a priority anymore",
    "someone else already did it",
    "I want to rethink the approach",
    "legal hasn't signed off yet",
    "I'm out of time today",
]
STOP_STANDALONE = [
    "stop",
    "stop stop stop",
    "STOP",
    "pause",
    "ok that's enough, stop here",
    "let's leave it there for today",
    "abort",
    "never mind, forget it",
    "actually don't bother",
    "let's call it a day here",
    "cancel",
    "no need to continue",
    "pls stop 🙏",
    "wait, stop, don't run anything else",
    "halt. don't touch anything else",
    "ok, stop for now, I'll get back to you",
    "let's not do that after all",
    "cancel that, sorry",
    "Please stop here. I'll pick it up again some other time.",
    "hold it right there, don't go any further",
    "pause this for now please",
    "let's put this on ice",
    "scrap it",
    "kill it",
    "forget about it",
    "you can stop now, we'll leave it unfinished",
    "nope, stop, leave it as is",
]
STOP_DOMAIN = {
    "shop": [
        "never mind, the package just showed up!",
        "actually I changed my mind, I don't need this anymore",
        "nevermind, sorted it out myself with the courier",
        "forget it, I'll keep them after all",
        "please don't do anything with that order, leave it as it is",
        "cancel my request please, it's fine now",
    ],
    "bank": [
        "ok found the card in my jacket lol, no need to do anything",
        "actually leave it, I'll go to the branch myself",
        "never mind, my partner already sorted it",
        "stop, don't submit anything yet please",
        "let's not go ahead with this, I need to talk to my accountant first",
    ],
    "travel": [
        "we're not going anymore, so please don't book anything",
        "hold off, my boss hasn't approved the trip yet",
        "never mind, my friend already booked it for us",
        "stop, don't book anything yet, we're still deciding",
        "forget the whole thing, the trip is off",
    ],
    "code": [
        "stop, don't push anything",
        "abort, leave the branch as it is",
        "kill it, revert nothing, just stop",
        "ok stop, I'll take it from here myself",
    ],
    "ops": [
        "stop, do not touch prod",
        "abort the runbook, leave everything as it is",
        "hold, don't run anything else on that box",
        "stop there, the on-call lead wants to handle it",
    ],
    "data": [
        "stop, leave the sheet as it is",
        "never mind, finance already did it",
        "don't bother with it anymore, thanks",
    ],
    "research": [
        "ok stop, I have enough",
        "never mind, my supervisor sent me a review that covers it",
        "let's leave it, not needed anymore",
    ],
}
STOP_NONNATIVE = [
    "please you can stop, is not necessary anymore",
    "ok we stop here for now",
    "no more need this, thank you",
    "leave it please, we do later",
    "stop with this please, I decide later",
    "is enough, you can stop",
    "please not continue this, my boss say no",
    "we make pause here, I come back tomorrow",
]
STOP_PREAMBLE = [
    "I've been thinking about this over lunch and talked it through with the team.",
    "So my manager just pinged me, and it turns out the budget for this got frozen until next quarter, which honestly I should have seen coming.",
    "Ok, bit of an update from my side: the person who asked for this left the company last week and nobody else wants it.",
    "Sorry, I know we've been at this for a while and you've put in some work.",
    "Turns out there's a freeze on changes until after the release.",
]
STOP_AFTER_PRE = [
    "Let's not go further with it.",
    "Please stop here.",
    "So let's leave it there.",
    "Let's drop it for now.",
    "No need to continue, thanks.",
    "Put it on hold until I say otherwise.",
    "Let's stop, I'll let you know if it comes back.",
]

VAGUE_OLD = [
    "what we were doing before",
    "the earlier task",
    "the thing from this morning",
    "the stuff we paused",
    "the other thing we started",
    "the previous task",
    "the one from earlier",
    "the thing we were on before the detour",
    "that other task from yesterday",
    "what we parked earlier",
]
RESUME_REF = [
    "ok, back to {s}",
    "let's go back to {s}",
    "now let's pick {s} back up",
    "can you resume {s}?",
    "continue with {s} where we left off",
    "let's finish {s} now",
    "where were we with {s}? let's keep going on it",
    "back to {s} please",
    "remember {s}? let's get that done now",
    "ok now return to {s}",
    "alright, {s} again, carry on from where you stopped",
    "let's get back to {s}, the other thing is handled",
    "let's resume {s}",
    "please continue {s} from where you paused it",
    "go back to {s} and finish it",
    "ok, we can unpause {s} now",
]
RESUME_KW = [
    "back to the {k} stuff",
    "ok, {k} again. continue pls",
    "{k}: let's continue that",
    "let's go back to the {k} thing",
    "now the {k} one, pick it up where you left it",
    "resume the {k} task",
    "can we continue the {k} work now?",
]
RESUME_QUOTE = [
    'let\'s go back to "{q}"',
    'continue the earlier one: "{q}"',
    'you were doing "{q}" before I interrupted, pick it up again',
    'back to my earlier request ("{q}"), please finish it',
    'resume this one: "{q}"',
]
RESUME_STOP_CUR = [
    "Stop this and go back to {s}.",
    "Leave this one, let's return to {s}.",
    "Park this, {s} is more urgent again, continue it.",
    "ok forget this, back to {s}",
    "Pause here. Let's go back to {s} and finish it.",
]
RESUME_NONNATIVE = [
    "now we can return to {s}, please",
    "please continue the {k} from before",
    "we go back to the first thing, {s}",
    "ok and now again the {k}, finish it please",
    "please we continue {s} now, is ready for it",
    "now you can make again {s} where you stop before",
]
RESUME_PREFIX = [
    "Thanks, that's all I needed there.",
    "great, that's done.",
    "ok perfect.",
    "cool.",
    "Nice, thank you!",
    "alright, that's sorted.",
    "Good, that one's finished.",
    "",
]
RESUME_PREAMBLE = [
    "So that's sorted, thank you. I still have about an hour before my next meeting, and I promised the team an update today.",
    "Ok the urgent fire is out, the client is happy and my manager stopped messaging me every five minutes.",
    "Right, I'm back from the meeting. It went fine, nothing changes for us.",
    "That other problem solved itself in the end, so no more distractions.",
]
RESUME_AFTER_PRE = [
    "Let's go back to {s} and close it out.",
    "Can you pick {s} back up where you left it?",
    "I'd like to get {s} done now.",
    "Please resume {s}.",
    "So back to {s}.",
]

# --- replies ---------------------------------------------------------------
REPLY_GENERIC = [
    "continue",
    "keep going",
    "go on, don't stop",
    "you stopped halfway, continue pls",
    "still there? carry on",
    "don't stop now 😅",
    "yes go ahead",
    "yep that's right, continue",
    "ok, sounds good, proceed",
    "go ahead 👍",
    "no need to ask me at every step, just continue",
    "don't pause to ask for confirmation on small stuff",
    "if you get stuck, stop and ask me rather than guessing",
    "priority is getting it right, not fast",
    "when you're done, send me back a short summary",
    "take your time, no rush",
    "that looks right, carry on",
    "quick question: will this take long?",
    "how far along are you?",
    "btw I'll be offline from 3 to 4, just keep going",
    "perfect, continue with the rest the same way",
    "fyi I'm on mobile so keep replies short",
    "put the result in a table instead of bullet points",
    "use bullet points instead of long paragraphs",
    "come back to me if anything is unclear",
    "keep going, don't stop until all of it is done",
    "looks good so far, please continue",
    "hmm ok. and then?",
    "yes",
    "correct",
    "right, exactly that",
    "thanks! keep at it",
    "don't stop to explain every step, just do it and summarise at the end",
    "if something is blocked, skip it instead of waiting, and list it at the end",
    "the top priority is not losing any data",
    "you can drop the pleasantries, just the facts pls",
    "answer in English please, not Spanish",
    "please keep a log of what you change so we can go back if needed",
]
REPLY_DOMAIN = {
    "code": [
        "use pnpm instead of npm, we switched last month",
        "don't push to main, open a PR instead",
        "the tests stop at test_login with a timeout, that one's a known issue, ignore it",
        "also drop the unused imports while you're in there",
        "priority is the API layer, UI is secondary",
        "if the build takes more than 10 min, cancel it and tell me",
        "the old release branch was dropped, base it on develop",
        "please don't stop the dev server, I'm using it",
        "roll back if the migration fails halfway",
        "continue on the feature branch, not main",
        "which python version should I use, 3.11 or 3.12?",
        "keep the old function as a deprecated alias instead of deleting it",
        "the CI pipeline pauses for manual approval on deploy, that's expected",
        "fyi staging is on hold until Monday so test locally",
        "tabs not spaces in this repo, sorry",
        "go back one commit if you need a clean baseline, it's fine",
        "never force-push, ever",
        "the linter stops at the first error, run it with --continue-on-error",
        "we dropped python 3.8 support last quarter, so you can use match statements",
        "why did it stop at step 3? the log just ends",
        "add a back button on the settings page too while you're there",
        "hold the DB lock as short as possible, prod traffic is live",
    ],
    "research": [
        "prefer peer-reviewed sources instead of blogs",
        "drop anything older than 2015",
        "stop at about 10 sources, more isn't useful",
        "keep going with the same structure for the remaining sections",
        "priority on European studies please",
        "hold off on formatting the citations until the end, rough links are fine for now",
        "is Google Scholar okay as a source or should I stick to PubMed?",
        "also include a short section on criticisms",
        "the Iceland trial was paused at some point I think, double check that",
        "APA style for references",
        "can you go back and add page numbers to the quotes?",
        "summaries of max 3 sentences each pls",
        "skip paywalled stuff instead of guessing what it says",
        "continue, this is exactly the level of detail I want",
    ],
    "data": [
        "drop rows where the email is empty",
        "instead of the sum use the median",
        "the March sheet stops at row 4,200, that's the real end",
        "priority: the EU regions first, then the rest",
        "continue with the same formatting for the other tabs",
        "cancelled orders should be excluded",
        "the status column has 'on hold' and 'paused', treat them as the same",
        "also add a column for the refund amount",
        "back up the original file before you touch it",
        "should weekends count in the averages?",
        "dates are DD/MM, not MM/DD",
        "drop the last column, it's junk",
        "stop the chart at December, we don't have January data yet",
        "use the USD values instead of local currency",
        "fyi the finance team paused the export for a day last week, so there's a gap on the 12th",
    ],
    "ops": [
        "don't stop the primary during business hours, only after 18:00 CET",
        "if the disk goes above 95%, pause and ping me",
        "the backup job was paused on purpose on Monday, that part is expected",
        "roll back immediately if the health checks fail",
        "should I drain the nodes before cordoning or the other way round?",
        "also drop the old alert rules for the v1 service",
        "keep the maintenance page up until I say so",
        "change freeze starts Thursday, so no prod changes after that",
        "cancel any running jobs on the node before draining it",
        "use the eu-west-1 profile, not the default one",
        "the on-call is Priya this week if you need approvals",
        "don't restart anything without telling #ops first",
        "it stops at 60% every time, any idea why?",
        "hold the lock on the state file while you work, someone else may run plan",
    ],
    "shop": [
        "the order number is 48213, sorry I wrote it wrong",
        "can I cancel the return later if I find a bigger size?",
        "I'll be away until the 20th, so please hold the parcel at the depot",
        "please don't cancel the whole order, just that item",
        "yes that's the right address",
        "the box was damaged too, I kept it",
        "I paid with PayPal, not card",
        "is there a drop-off point near 1017 AB?",
        "do I need to send it back in the original packaging?",
        "ok, go ahead",
        "sure, email is fine for the label",
        "can you send the label back to me by email instead of post?",
        "my phone number is 06 1234 5678 in case the courier needs it",
        "how long does it usually take?",
    ],
    "bank": [
        "my IBAN ends in 4471",
        "can I cancel it later online if I need to?",
        "is there a fee for that?",
        "I'm abroad right now, so please send codes by email instead of SMS",
        "yes, proceed",
        "the priority for me is that it's done before Friday",
        "do I have to go back to the branch for that?",
        "please don't stop my other direct debits",
        "what happens if the payment is on hold over the weekend?",
        "yes that's me, date of birth 12/04/1987",
        "I already froze the card in the app, is that a problem?",
        "ok, continue",
        "my partner's name is Sam Okafor",
    ],
    "travel": [
        "window seat if possible",
        "I'd prefer a hotel with breakfast instead of room only",
        "my parents can't do stairs, so priority is an elevator",
        "no layovers longer than 2 hours",
        "can I cancel for free later if plans change?",
        "please hold it until I confirm with my wife, don't pay yet",
        "I need to be back by the 19th at the latest",
        "is breakfast included?",
        "continue, those dates work",
        "yes, that one looks good",
        "budget is flexible if it saves a lot of time",
        "pause between the sights, they need a coffee break every couple of hours",
        "I have a Flying Blue number, 1234567890",
        "go back to the first option you showed, that was better",
    ],
}
REPLY_ADDED = [
    "once that's finished, could you also {a}?",
    "and after that, {a} too",
    "no rush, but at some point also {a}",
    "don't stop what you're doing, but when you get a sec, {a}",
    "when you're done with this, {a} please, no hurry",
    "keep going with this, and afterwards {a}",
    "add to the list for after: {a}",
]
REPLY_PREAMBLE = [
    "Quick note, since I forgot to mention it earlier:",
    "Sorry, was in a meeting.",
    "One more thing.",
    "Btw, just so you know:",
    "Ah and also,",
    "Sorry for the delay, I was on the phone with the client.",
]
REPLY_NONNATIVE = [
    "please continue, is good",
    "yes is correct, you can go on",
    "no stop please, continue until the end",
    "is ok, make like this for all",
    "I prefer you use the other format instead, the one with table",
    "is possible to cancel later if I need?",
    "the priority for me is the quality, not the speed",
    "you can make pause between the steps, no problem",
    "please not stop, I wait the result",
]


def _cap(s):
    return s[:1].upper() + s[1:] if s else s


def _strip_art(r):
    for art in ("the ", "The "):
        if r.startswith(art):
            return r[len(art) :]
    return r


def _quote(first):
    sent = first.split(". ")[0].split("? ")[0].rstrip(".?")
    words = sent.split()
    n = min(len(words), 9)
    return " ".join(words[:n]) + ("..." if n < len(words) else "")


def _typo(rng, text):
    words = text.split(" ")
    cand = [i for i, w in enumerate(words) if len(w) > 5 and w.isalpha()]
    if not cand:
        return text
    i = rng.choice(cand)
    w = words[i]
    j = rng.randrange(1, len(w) - 2)
    words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
    return " ".join(words)


def _style(rng, text):
    r = rng.random()
    if r < 0.22:
        text = text.lower().rstrip(".")
    elif r < 0.30:
        text = text.replace("please", "pls").replace("Please", "Pls").replace("thanks", "thx")
    elif r < 0.36:
        text = _typo(rng, text)
    text = _cap(text) if rng.random() < 0.6 and not text[:1].islower() else text
    if rng.random() < 0.14:
        e = rng.choice(EMOJIS)
        text = (e + " " + text) if rng.random() < 0.3 else (text + " " + e)
    return text


class _Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def task(self, exclude=()):
        while True:
            t = self.rng.choice(TASKS)
            if t not in exclude:
                return t

    def related_task(self, base, exclude=()):
        rng = self.rng
        pool = [t for t in TASKS if t not in exclude and t is not base]
        r = rng.random()
        if r < 0.55:
            c = [t for t in pool if t[0] == base[0]]
        elif r < 0.9:
            c = [t for t in pool if GROUP[t[0]] == GROUP[base[0]]]
        else:
            c = pool
        return rng.choice(c or pool)

    def cur_ref(self, t):
        if self.rng.random() < 0.3:
            return self.rng.choice(VAGUE_CUR)
        return self.rng.choice(t[3])

    def new_ask(self, cur, setaside):
        rng = self.rng
        if rng.random() < 0.3:
            dom = cur[0] if rng.random() < 0.7 else rng.choice(list(EXTRA_ASKS))
            return rng.choice(EXTRA_ASKS[dom])
        return self.related_task(cur, exclude=(setaside,))[2]

    def maybe_setaside(self, cur, p):
        if self.rng.random() < p:
            return self.task(exclude=(cur,))
        return None

    # ---- kinds ----
    def switch(self):
        rng = self.rng
        cur = self.task()
        sa = self.maybe_setaside(cur, 0.2)
        a = self.new_ask(cur, sa)
        r = self.cur_ref(cur)
        mode = rng.random()
        if mode < 0.38:
            stop = rng.choice(STOP_CLAUSE).format(r=r)
            new = rng.choice(NEW_CLAUSE).format(a=a)
            joiner = rng.choice([". ", " - ", ", ", "; ", "! ", "... "])
            text = _cap(stop) + joiner + (_cap(new) if joiner.strip() in (".", "!", "...") else new)
            if not text.endswith("?"):
                text += rng.choice([".", "", ".", " thanks", " pls", "!"])
        elif mode < 0.48:
            text = (
                _cap(rng.choice(NEW_CLAUSE).format(a=a)).rstrip("?")
                + ". "
                + _cap(rng.choice(STOP_TAIL).format(r=r))
            )
        elif mode < 0.68:
            rr = r if r not in VAGUE_CUR else rng.choice(cur[3])
            text = rng.choice(SWITCH_SINGLE).format(a=a, a_cap=_cap(a), r=rr, r_cap=_cap(rr))
        elif mode < 0.78:
            text = rng.choice(SWITCH_NONNATIVE).format(a=a, rb=_strip_art(rng.choice(cur[3])))
        elif mode < 0.89:
            text = rng.choice(SWITCH_FRAG).format(a=a)
        else:
            rr = r if r not in VAGUE_CUR else rng.choice(cur[3])
            text = (
                rng.choice(SWITCH_PREAMBLE) + " " + rng.choice(SWITCH_AFTER_PRE).format(a=a, r=rr)
            )
        return "switch", _style(rng, text), cur, sa

    def stop(self):
        rng = self.rng
        cur = self.task()
        sa = self.maybe_setaside(cur, 0.2)
        mode = rng.random()
        if mode < 0.25:
            text = rng.choice(STOP_STANDALONE)
        elif mode < 0.52:
            r = self.cur_ref(cur)
            clause = rng.choice(
                [
                    c
                    for c in STOP_CLAUSE
                    if "{r}" in c or c in ("scratch that", "cancel that", "stop what you're doing")
                ]
            )
            clause = clause.format(r=r)
            reason = rng.choice(STOP_REASON)
            form = rng.random()
            if form < 0.35:
                text = _cap(clause) + "."
            elif form < 0.7:
                text = _cap(clause) + rng.choice([", ", ". ", " - "]) + reason + "."
            else:
                text = _cap(reason) + ", so " + clause + "."
            if rng.random() < 0.3:
                text += rng.choice(
                    [
                        " Thanks.",
                        " Don't do anything else.",
                        " I'll let you know.",
                        " That's all for now.",
                    ]
                )
        elif mode < 0.72:
            text = rng.choice(STOP_DOMAIN[cur[0]])
        elif mode < 0.85:
            text = rng.choice(STOP_NONNATIVE)
        else:
            text = rng.choice(STOP_PREAMBLE) + " " + rng.choice(STOP_AFTER_PRE)
        return "stop", _style(rng, text), cur, sa

    def resume(self):
        rng = self.rng
        cur = self.task()
        old = self.related_task(cur) if rng.random() < 0.8 else self.task(exclude=(cur,))
        mode = rng.random()
        s = rng.choice(old[3])
        if mode < 0.3:
            text = rng.choice(RESUME_REF).format(s=s)
        elif mode < 0.45:
            text = rng.choice(RESUME_KW).format(k=rng.choice(old[4]))
        elif mode < 0.55:
            text = rng.choice(RESUME_QUOTE).format(q=_quote(old[1]))
        elif mode < 0.7:
            v = rng.choice(VAGUE_OLD)
            tpl = rng.choice(
                [
                    t
                    for t in RESUME_REF
                    if "other thing" not in t and "unpause" not in t and "remember" not in t
                ]
            )
            text = tpl.format(s=v)
        elif mode < 0.8:
            text = rng.choice(RESUME_STOP_CUR).format(
                s=s if rng.random() < 0.6 else rng.choice(VAGUE_OLD)
            )
        elif mode < 0.9:
            text = rng.choice(RESUME_NONNATIVE).format(s=s, k=rng.choice(old[4]))
        else:
            text = (
                rng.choice(RESUME_PREAMBLE)
                + " "
                + rng.choice(RESUME_AFTER_PRE).format(
                    s=s if rng.random() < 0.6 else rng.choice(VAGUE_OLD)
                )
            )
        if mode < 0.7 and rng.random() < 0.35:
            pre = rng.choice(RESUME_PREFIX)
            text = (pre + " " + text) if pre else text
        return "resume", _style(rng, text), cur, old

    def reply(self):
        rng = self.rng
        cur = self.task()
        sa = self.maybe_setaside(cur, 0.25)
        mode = rng.random()
        if mode < 0.3:
            text = rng.choice(REPLY_GENERIC)
        elif mode < 0.68:
            text = rng.choice(REPLY_DOMAIN[cur[0]])
        elif mode < 0.8:
            text = rng.choice(REPLY_ADDED).format(a=self.new_ask(cur, sa))
        elif mode < 0.88:
            text = rng.choice(REPLY_NONNATIVE)
        else:
            body = rng.choice(REPLY_DOMAIN[cur[0]] + REPLY_GENERIC)
            text = rng.choice(REPLY_PREAMBLE) + " " + body
        return "reply", _style(rng, text), cur, sa


def generate(seed: int) -> list:
    g = _Gen(seed)
    plan = [("switch", 180), ("stop", 120), ("resume", 120), ("reply", 180)]
    out, seen = [], set()
    for kind, n in plan:
        made, tries = 0, 0
        fn = getattr(g, kind)
        while made < n and tries < n * 50:
            tries += 1
            k, text, cur, sa = fn()
            key = (k, text.lower(), cur[1])
            if key in seen:
                continue
            seen.add(key)
            out.append(
                {
                    "kind": k,
                    "text": text,
                    "current_task": cur[1],
                    "stopped_task": sa[1] if sa else None,
                }
            )
            made += 1
    g.rng.shuffle(out)
    return out


if __name__ == "__main__":
    import collections

    cs = generate(0)
    print(len(cs), collections.Counter(c["kind"] for c in cs))
    r = random.Random(1)
    for c in r.sample(cs, 30):
        print(
            c["kind"],
            "|",
            c["text"],
            "|",
            c["current_task"][:40],
            "|",
            (c["stopped_task"] or "")[:40],
        )
