# ruff: noqa: E501 (a phrase corpus: long literal sentences, written by a separate author)
"""Held-out corpus ``d`` of a person's turns mid-task: switch, stop, resume or reply. Written blind.

Written from the side of the people who type these messages, WITHOUT opening packlight's turn
classifier or any corpus built against it: nothing under ``src/packlight/`` was opened, nor
``benchmarks/results/turns.md``, the tests, ``benchmarks/_turns_corpus_a.py`` or
``benchmarks/_turns_corpus_b.py``; of ``benchmarks/bench_turns.py`` only the first 40 lines were
read, and of ``benchmarks/_turns_corpus_c.py`` only lines 1-12 and its ``generate`` function
(with the few-line ``__main__`` printer after it), for the interface. packlight was never run on
this corpus while it was written; do not tune this file against the classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated and shuffled with ``seed``. Each case is a dict:

- ``kind``: ``"switch"`` (the current task is dropped or set aside and a different one asked for
  in the same message), ``"stop"`` (halted, cancelled or paused, nothing new asked), ``"resume"``
  (back to a task stopped earlier) or ``"reply"`` (anything else said mid-task, including
  look-alikes that use stop/switch/resume words about the task's own content);
- ``text``: the person's message;
- ``current_task``: the task in force before the message, as the person first asked it;
- ``stopped_task``: for ``"resume"``, the stopped task now taken up again, as first asked;
  otherwise ``None``. For a resume, ``current_task`` is the other task done in between.

Messages are built from templates x slots (task references by keyword, paraphrase, anaphora or
nothing; reasons, contexts and relayed orders that fit a work or a personal task; preambles,
closers, bullet lists) and then passed through register transforms (lowercase, typos, texting
abbreviations, emoji, non-native phrasing, shouting), over 73 tasks in twelve domains. Replies
draw their answers, details, corrections and look-alikes only from entries that fit the task in
force (domain-wide, or tagged for that task), so that a reply never reads as a request for some
other task. Cases are distinct by
(kind, text, current task); the same short text ("thanks!") can recur under different tasks,
never under two kinds. ``python benchmarks/_turns_corpus_d.py`` prints the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = (("switch", 180), ("stop", 120), ("resume", 120), ("reply", 180))


@dataclass(frozen=True)
class Task:
    """One task a person gives an agent."""

    domain: str
    first: str
    """The task as the person first asked it (one sentence)."""
    asks: tuple[str, ...]
    """Imperative verb phrases, lowercase, that fit after "can you ..."."""
    refs: tuple[str, ...]
    """Noun phrases (with article) naming the task by keyword or paraphrase."""


def _t(domain: str, first: str, asks: tuple[str, ...], refs: tuple[str, ...]) -> Task:
    return Task(domain, first, asks, refs)


# The phrase tables below are kept one entry a line or packed by hand, for reading as data.
# fmt: off
TASKS: tuple[Task, ...] = (
    # coding
    _t("coding", "Can you add retry logic with exponential backoff to the HTTP client in fetcher.py?",
       ("add retries with exponential backoff to the HTTP client", "make the fetcher retry failed requests with backoff"),
       ("the retry logic", "the backoff thing", "the fetcher retries", "the retry change")),
    _t("coding", "Please fix the failing date-parsing tests in utils/dates.py.",
       ("fix the failing date-parsing tests", "get the tests in utils/dates.py green again"),
       ("the date tests", "the dates.py fix", "the failing tests", "the date parsing bug")),
    _t("coding", "Refactor the payment module so the Stripe calls sit behind an interface.",
       ("refactor the payment module so Stripe sits behind an interface", "pull the Stripe calls out behind an interface"),
       ("the refactor", "the payment refactor", "the Stripe interface work", "the payments cleanup")),
    _t("coding", "Write a CLI command that exports all users to CSV.",
       ("write a CLI command that exports users to CSV", "add an export-users command that writes a CSV"),
       ("the export command", "the CSV export", "the users export", "the CLI command")),
    _t("coding", "Can you upgrade the project from Django 3.2 to Django 4.2?",
       ("upgrade the project to Django 4.2", "move us from Django 3.2 to 4.2"),
       ("the Django upgrade", "the upgrade", "the 4.2 migration", "the framework bump")),
    _t("coding", "Add dark mode to the settings page of the React app.",
       ("add dark mode to the settings page", "implement a dark theme for the settings screen"),
       ("the dark mode", "the settings page", "the theme work", "the dark theme")),
    _t("coding", "Find out why the nightly build takes 40 minutes and speed it up.",
       ("figure out why the nightly build is so slow and speed it up", "cut the nightly build time down"),
       ("the build speedup", "the slow build", "the CI investigation", "the build time thing")),
    # data
    _t("data", "Clean the sales spreadsheet and remove the duplicate customer rows.",
       ("clean up the sales spreadsheet and dedupe the customers", "remove the duplicate customer rows from the sales sheet"),
       ("the sales cleanup", "the dedupe", "the spreadsheet", "the sales sheet")),
    _t("data", "Build a dashboard that shows weekly signups by channel.",
       ("build a weekly signups-by-channel dashboard", "make a dashboard of weekly signups per channel"),
       ("the dashboard", "the signups dashboard", "the weekly chart", "the channel report")),
    _t("data", "Can you write a SQL query for monthly churn by plan?",
       ("write a SQL query for monthly churn by plan", "pull monthly churn per plan with SQL"),
       ("the churn query", "the SQL", "the churn numbers", "the churn analysis")),
    _t("data", "Train a simple model that predicts which support tickets will escalate.",
       ("train a model to predict ticket escalations", "build a quick classifier for escalating tickets"),
       ("the escalation model", "the model", "the ticket classifier", "the prediction thing")),
    _t("data", "Merge the three survey exports into one table with consistent column names.",
       ("merge the three survey exports into one table", "combine the survey files and align their columns"),
       ("the survey merge", "the survey data", "the merge", "the survey table")),
    _t("data", "Analyse the A/B test results for the new checkout flow.",
       ("analyse the checkout A/B test", "write up the results of the checkout experiment"),
       ("the A/B analysis", "the checkout test", "the experiment readout", "the checkout numbers")),
    # devops
    _t("devops", "Set up nightly backups of the Postgres database to S3.",
       ("set up nightly Postgres backups to S3", "get the database backed up to S3 every night"),
       ("the backups", "the backup job", "the S3 backup", "the Postgres backups")),
    _t("devops", "Migrate the staging environment from Docker Compose to Kubernetes.",
       ("move staging from Docker Compose to Kubernetes", "migrate staging onto k8s"),
       ("the k8s migration", "the staging migration", "the cluster move", "the Kubernetes work")),
    _t("devops", "Renew the TLS certificates on the load balancer before they expire on Friday.",
       ("renew the TLS certs on the load balancer", "get the load balancer certificates renewed"),
       ("the cert renewal", "the certificates", "the TLS stuff", "the certs")),
    _t("devops", "Write Terraform for a new VPC with two private subnets.",
       ("write the Terraform for a new VPC with two private subnets", "terraform a new VPC with private subnets"),
       ("the Terraform", "the VPC", "the network setup", "the subnets")),
    _t("devops", "Investigate why the API pods keep getting OOM-killed.",
       ("look into why the API pods are getting OOM-killed", "find out what's eating memory in the API pods"),
       ("the OOM issue", "the memory investigation", "the pod crashes", "the OOM kills")),
    _t("devops", "Set up a Grafana alert for 5xx error rates above 2%.",
       ("set up a Grafana alert on the 5xx rate", "add alerting for 5xx errors over 2%"),
       ("the alerting", "the Grafana alerts", "the 5xx alert", "the alert rules")),
    _t("devops", "Rotate the database passwords for all services.",
       ("rotate the database passwords for every service", "do a full rotation of the DB credentials"),
       ("the password rotation", "the credential rotation", "the rotation", "the DB passwords")),
    # writing
    _t("writing", "Write a blog post announcing our new pricing tiers.",
       ("write a blog post about the new pricing tiers", "draft the pricing announcement post"),
       ("the blog post", "the pricing post", "the announcement", "the post")),
    _t("writing", "Edit my cover letter for the product manager role at Lumen.",
       ("edit my cover letter for the Lumen PM job", "polish my cover letter for Lumen"),
       ("the cover letter", "the letter", "the Lumen application", "my cover letter")),
    _t("writing", "Draft a wedding toast for my brother, about three minutes long.",
       ("draft a three-minute toast for my brother's wedding", "write my brother's wedding toast"),
       ("the toast", "the speech", "the wedding toast", "the best man speech")),
    _t("writing", "Summarise the Q3 board meeting notes into one page.",
       ("summarise the Q3 board notes on one page", "boil the board meeting notes down to a page"),
       ("the summary", "the board notes", "the Q3 summary", "the one-pager")),
    _t("writing", "Translate our onboarding email into Spanish.",
       ("translate the onboarding email into Spanish", "do a Spanish version of the welcome email"),
       ("the translation", "the Spanish email", "the onboarding email", "the Spanish version")),
    _t("writing", "Write product descriptions for the twelve new ceramic mugs.",
       ("write descriptions for the twelve new mugs", "do the product copy for the ceramic mugs"),
       ("the mug descriptions", "the product copy", "the descriptions", "the mugs")),
    _t("writing", "Help me rewrite the README so new contributors can get started faster.",
       ("rewrite the README for new contributors", "redo the getting-started part of the README"),
       ("the README", "the docs rewrite", "the contributor guide", "the readme thing")),
    # research
    _t("research", "Find recent studies on intermittent fasting and sleep quality.",
       ("find recent studies on fasting and sleep", "dig up research on intermittent fasting and sleep quality"),
       ("the fasting research", "the literature search", "the sleep studies", "the papers")),
    _t("research", "Compare the top five CRM tools for a ten-person sales team.",
       ("compare the top CRM tools for a small sales team", "put together a CRM comparison for us"),
       ("the CRM comparison", "the CRM research", "the comparison", "the CRM thing")),
    _t("research", "Put together a reading list on the history of the printing press.",
       ("put together a reading list on the printing press", "make me a printing press reading list"),
       ("the reading list", "the printing press list", "the book list", "the history reading")),
    _t("research", "Look into the market size for plant-based pet food in Europe.",
       ("size the European plant-based pet food market", "research the market for vegan pet food in Europe"),
       ("the market sizing", "the pet food research", "the market numbers", "the TAM estimate")),
    _t("research", "Check which grants our nonprofit is eligible for this year.",
       ("check which grants we qualify for this year", "find grants our nonprofit can apply to"),
       ("the grants search", "the grant list", "the eligibility check", "the grants")),
    _t("research", "Summarise what the EU AI Act requires from small startups.",
       ("summarise the EU AI Act obligations for startups", "explain what the AI Act means for a small startup"),
       ("the AI Act summary", "the regulation research", "the AI Act stuff", "the compliance summary")),
    # travel
    _t("travel", "Book me a flight from Boston to Lisbon on the 14th of March.",
       ("book me a Boston to Lisbon flight for March 14", "get me on a flight to Lisbon on the 14th"),
       ("the flight", "the Lisbon flight", "the booking", "the flight booking")),
    _t("travel", "Find a hotel in Kyoto near Gion for four nights in April.",
       ("find a hotel near Gion in Kyoto for four nights", "look for a Kyoto hotel for April"),
       ("the hotel search", "the Kyoto hotel", "the hotel", "the Kyoto booking")),
    _t("travel", "Plan a five-day road trip through the Scottish Highlands.",
       ("plan a five-day Highlands road trip", "put together a Scottish Highlands itinerary"),
       ("the itinerary", "the road trip", "the Highlands plan", "the Scotland trip")),
    _t("travel", "Rebook my cancelled train to Munich for tomorrow morning.",
       ("rebook my Munich train for tomorrow morning", "get me a new train to Munich tomorrow"),
       ("the train rebooking", "the Munich train", "the train", "the rebooking")),
    _t("travel", "Find a rental car in Denver for the conference week.",
       ("find me a rental car in Denver for the conference", "sort out a car in Denver for that week"),
       ("the rental car", "the car", "the Denver rental", "the car hire")),
    _t("travel", "Sort out travel insurance for our family trip to Mexico.",
       ("sort out travel insurance for the Mexico trip", "get us family travel insurance for Mexico"),
       ("the insurance", "the travel insurance", "the Mexico insurance", "the policy")),
    # customer support
    _t("support", "Reply to the customer who says her order arrived damaged.",
       ("reply to the customer with the damaged order", "answer the damaged-order email"),
       ("the damaged order reply", "the reply", "that customer email", "the damaged parcel case")),
    _t("support", "Process the refund request in ticket #4821.",
       ("process the refund in ticket 4821", "handle the refund on #4821"),
       ("the refund", "ticket 4821", "the refund request", "#4821")),
    _t("support", "Draft a response to the one-star review about slow delivery.",
       ("draft a response to the one-star delivery review", "answer that one-star review"),
       ("the review response", "the one-star review", "the response", "the review reply")),
    _t("support", "Go through the support inbox and tag every billing question.",
       ("tag all the billing questions in the support inbox", "triage the inbox and tag billing stuff"),
       ("the tagging", "the inbox triage", "the billing tags", "the inbox")),
    _t("support", "Write a canned reply for password reset questions.",
       ("write a canned reply for password resets", "make a macro for password reset tickets"),
       ("the canned reply", "the macro", "the password reset template", "the template")),
    _t("support", "Handle the Henderson account's escalation about missed SLAs.",
       ("handle the Henderson SLA escalation", "deal with the Henderson complaint about SLAs"),
       ("the Henderson escalation", "the escalation", "the SLA complaint", "Henderson")),
    # shopping
    _t("shopping", "Find me a robot vacuum under $300 that copes with pet hair.",
       ("find me a robot vacuum under $300 for pet hair", "look for a cheap robot vacuum that handles dog hair"),
       ("the vacuum", "the robot vacuum search", "the vacuum shopping", "the hoover thing")),
    _t("shopping", "Order new running shoes, same model as last time, size 10.",
       ("reorder my running shoes in size 10", "order the same running shoes as last time"),
       ("the shoes", "the running shoes order", "the shoe order", "the trainers")),
    _t("shopping", "Compare prices for a 65-inch OLED TV across the big retailers.",
       ("compare prices on a 65-inch OLED", "price-check a 65 inch OLED TV"),
       ("the TV comparison", "the TV", "the OLED search", "the TV prices")),
    _t("shopping", "Put together a birthday gift basket for my mom, around $80.",
       ("put together an $80 gift basket for my mom", "build a birthday basket for mom"),
       ("the gift basket", "mom's gift", "the birthday gift", "the basket")),
    _t("shopping", "Restock the office supplies: paper, toner and coffee.",
       ("restock the office paper, toner and coffee", "put in the office supplies order"),
       ("the supplies order", "the office order", "the restock", "the toner order")),
    _t("shopping", "Find a second-hand road bike in my size near Portland.",
       ("find a used road bike in my size around Portland", "look for a second-hand road bike near Portland"),
       ("the bike search", "the road bike", "the bike", "the bike hunt")),
    # finance
    _t("finance", "Categorise last month's credit card transactions into my budget sheet.",
       ("categorise last month's card transactions", "sort my credit card spending into the budget sheet"),
       ("the categorising", "the transactions", "the budget sheet", "the card statement")),
    _t("finance", "Reconcile the October bank statement with our accounting software.",
       ("reconcile the October bank statement", "match October's bank statement against the books"),
       ("the reconciliation", "the October statement", "the books", "the bank rec")),
    _t("finance", "Prepare the quarterly VAT return for the shop.",
       ("prepare the shop's quarterly VAT return", "get the VAT return ready"),
       ("the VAT return", "the tax return", "the quarterly filing", "the VAT")),
    _t("finance", "Work out whether we should refinance the mortgage at the new rates.",
       ("work out whether refinancing the mortgage makes sense", "run the numbers on refinancing"),
       ("the refinancing question", "the mortgage analysis", "the refi numbers", "the mortgage")),
    _t("finance", "Chase the three overdue invoices from September.",
       ("chase the overdue September invoices", "follow up on the three unpaid invoices"),
       ("the overdue invoices", "the invoice chasing", "the September invoices", "the unpaid invoices")),
    _t("finance", "Set up a monthly household budget with savings goals.",
       ("set up a household budget with savings goals", "make us a monthly budget"),
       ("the budget", "the household budget", "the savings plan", "the monthly budget")),
    # legal
    _t("legal", "Review this freelance contract and flag anything unusual.",
       ("review the freelance contract and flag anything odd", "go through the freelance contract for red flags"),
       ("the contract review", "the freelance contract", "the contract", "the red-flag review")),
    _t("legal", "Draft a privacy policy for our mobile app.",
       ("draft a privacy policy for the app", "write the app's privacy policy"),
       ("the privacy policy", "the policy draft", "the app policy", "the privacy stuff")),
    _t("legal", "Write a letter to my landlord disputing the deposit deductions.",
       ("write a letter disputing my deposit deductions", "draft the deposit dispute letter to my landlord"),
       ("the deposit letter", "the landlord letter", "the deposit dispute", "the letter to the landlord")),
    _t("legal", "Check whether our brand name conflicts with existing trademarks.",
       ("check our brand name against existing trademarks", "run a trademark conflict check on the name"),
       ("the trademark check", "the trademark search", "the name check", "the trademark thing")),
    _t("legal", "Prepare an NDA template for our contractors.",
       ("prepare an NDA template for contractors", "write a contractor NDA"),
       ("the NDA", "the NDA template", "the contractor NDA", "the nondisclosure agreement")),
    # health admin
    _t("health", "Book a dentist appointment for my son sometime next week.",
       ("book my son a dentist appointment next week", "get my kid in to see the dentist next week"),
       ("the dentist appointment", "the dentist", "the appointment", "my son's checkup")),
    _t("health", "Sort out the insurance claim for my physio sessions.",
       ("file the insurance claim for my physio", "sort out my physio reimbursement"),
       ("the physio claim", "the insurance claim", "the claim", "the reimbursement")),
    _t("health", "Transfer my prescriptions to the new pharmacy on Elm Street.",
       ("move my prescriptions to the Elm Street pharmacy", "transfer my meds to the new pharmacy"),
       ("the prescription transfer", "the pharmacy transfer", "the prescriptions", "the pharmacy thing")),
    _t("health", "Find an in-network dermatologist who is taking new patients.",
       ("find an in-network dermatologist taking new patients", "look for a dermatologist on my plan"),
       ("the dermatologist search", "the dermatologist", "the doctor search", "the derm appointment")),
    _t("health", "Compile my daughter's vaccination records for the school form.",
       ("pull together my daughter's vaccination records", "get the vaccine records ready for the school form"),
       ("the vaccination records", "the school form", "the records", "the vaccine paperwork")),
    # home
    _t("home", "Get three quotes for repainting the living room.",
       ("get three quotes for painting the living room", "find painters and get quotes for the living room"),
       ("the painting quotes", "the quotes", "the repaint", "the painters")),
    _t("home", "Schedule a plumber to fix the leaking kitchen tap.",
       ("get a plumber out for the kitchen tap", "book someone to fix the dripping tap"),
       ("the plumber", "the leak", "the tap repair", "the kitchen tap")),
    _t("home", "Plan the meals and the shopping list for next week.",
       ("plan next week's meals and shopping list", "do a meal plan for next week"),
       ("the meal plan", "the shopping list", "the meals", "the menu")),
    _t("home", "Set up the smart thermostat schedule for weekdays and weekends.",
       ("set up the thermostat schedule", "program the thermostat for weekdays and weekends"),
       ("the thermostat", "the thermostat schedule", "the heating schedule", "the heating")),
    _t("home", "Organise the move to the new flat on the 30th.",
       ("organise the move on the 30th", "plan the logistics for moving flats"),
       ("the move", "the moving plan", "the move logistics", "the moving stuff")),
    _t("home", "Find a dog walker for weekday afternoons.",
       ("find a weekday afternoon dog walker", "look for someone to walk the dog on weekdays"),
       ("the dog walker", "the dog walker search", "the walker", "the dog stuff")),
)

# ---------------------------------------------------------------------------
# Reply material per domain: answers to the agent's questions, extra details for the same task,
# corrections within the task, and look-alikes that use stop/switch/resume words about content.
# An entry "key1;key2@text" fits only tasks whose first message contains one of the keys
# (lowercase); an entry without "@" fits every task of the domain. Without this a detail meant
# for one task (say, the thermostat) would read as a new request under another (the dog walker).
# ---------------------------------------------------------------------------

ANSWERS: dict[str, tuple[str, ...]] = {
    "coding": ("fetcher.py;dates.py;stripe;csv;django@it's Python 3.11", "use the staging config, not prod", "yes, it's fine to add a dependency for that", "tests run with `make test`", "main is protected, open a PR against develop", "the second option sounds better",
               "fetcher.py@cap it at 5 attempts", "dates.py@the dates come in as DD/MM/YYYY from the partner feed", "stripe@we only use Stripe for now, but PayPal is coming next year", "csv@all users, including deactivated ones", "django@we're on Python 3.10, so 4.2 is fine", "dark mode@follow the system setting by default", "nightly build@it's GitHub Actions, the workflow is nightly.yml"),
    "data": ("use the EU date format", "round to two decimals",
             "sales spreadsheet@a duplicate is the same email, even if the name differs", "signups@signups are in the events table with type='signup'", "signups@weekly means Monday to Sunday", "churn@churn means no active subscription at month end", "churn@the plans are Free, Pro and Team", "escalate@there are about 30k labelled tickets from last year", "survey@the 2021 one uses question numbers instead of names", "a/b test@the test ran for three weeks", "a/b test@conversion is completed orders over sessions"),
    "devops": ("we're on AWS, eu-west-1", "use the ops service account", "yes, a short downtime after 10pm is fine",
               "backups@the bucket is called acme-db-backups", "backups@keep 14 days of history", "kubernetes@the cluster runs 1.28", "tls@we use Let's Encrypt on the other hosts", "terraform@use 10.20.0.0/16 for the CIDR", "oom-killed@it started after Tuesday's release", "grafana@page only during business hours", "passwords@there are eleven services, the list is in the wiki"),
    "writing": ("British spelling please", "friendly but not cutesy",
                "blog post@the audience is existing customers", "blog post@aim for around 600 words", "wedding toast@my brother's name is Tom and his wife is Priya", "wedding toast@they met at a climbing gym", "cover letter@the job posting is the one I pasted earlier", "board meeting@the readers are staff, not the board", "spanish@Latin American Spanish, most of our users are in Mexico", "mugs@around 50 words each", "readme@most newcomers are on Windows"),
    "research": ("English and German sources are both fine", "the last five years is enough",
                 "fasting@only peer-reviewed stuff", "crm@budget is around $50 per seat", "crm@we use Gmail and Slack", "printing press@it's for a curious teenager, not an academic", "pet food@dogs and cats only", "grants@we're a 501(c)(3) in Ohio", "grants@our budget is about $400k a year", "ai act@we build a chatbot for HR teams"),
    "travel": ("lisbon@economy is fine", "lisbon@I'd rather not land after midnight", "lisbon@my frequent flyer number is in my profile", "kyoto@walking distance to a subway station", "kyoto@two adults, one room", "road trip@we're starting from Edinburgh", "munich@anything before 10am", "munich@first class is ok if it's the only option", "denver@automatic transmission please", "denver@the conference is at the convention center", "insurance for our family@two adults and two kids, 11 and 7", "insurance for our family@we're there for ten days"),
    "support": ("sign it from the Support Team",
                "damaged@her order number is 55102", "damaged@yes, we can send a replacement", "#4821@yes, a full refund is fine", "#4821@the payment was by PayPal", "one-star@the delivery partner was DPD that week", "support inbox@billing means anything about invoices, charges or refunds", "password reset@the reset link expires after 30 minutes", "henderson@the SLA is 4 hours for priority tickets", "henderson@their account manager is Joy"),
    "shopping": ("my budget is firm", "free shipping matters more than speed",
                 "robot vacuum@we have two cats and mostly hard floors", "running shoes@size 10 US, the blue ones", "running shoes@it's the Pegasus 40", "oled@LG or Sony, not Samsung", "gift basket@she likes tea and dark chocolate", "office supplies@A4, five boxes", "office supplies@the toner is HP 26A", "road bike@I'm 1.80m, so a 56 frame"),
    "finance": ("october bank;credit card;household budget@the account ending 4410",
                "credit card@rent goes under housing", "credit card@the Amazon charges are mostly household", "october bank@we use Xero", "vat return@the standard rate is 20%", "vat return@yes, include the card fees", "mortgage@we have 18 years left on it", "mortgage@the current rate is 4.9% fixed", "overdue invoices@the contacts are on the invoices themselves", "household budget@we want to save 15% a month", "household budget@combined take-home is about $7k"),
    "legal": ("freelance contract@it's under New York law", "freelance contract@the client is a design agency", "privacy policy@the app collects email and location", "privacy policy@we're a Delaware C-corp", "landlord@the deposit was $2,400", "landlord@I moved out on August 31", "trademarks@we sell in the US and the EU", "trademarks@the name is 'Lumo'", "nda template@two years is the term we use", "nda template@mutual, please"),
    "health": ("my insurance card is in the folder I shared",
               "dentist@he's 9", "dentist@mornings before school are best", "physio@my plan is Aetna PPO", "physio@the sessions were in August and September", "prescriptions@there are three prescriptions", "dermatologist@my plan is Aetna PPO", "dermatologist@it's for a mole check", "vaccination@her date of birth is 3 May 2017", "vaccination@the clinic is Riverside Pediatrics"),
    "home": ("plumber;repainting;dog walker@any weekday after 4 works",
             "repainting@the living room is about 20 square meters", "repainting@just the walls, not the ceiling", "plumber@it's a mixer tap, about ten years old", "meals@we're vegetarian on weekdays", "meals@four people, two of them kids", "thermostat@we wake up around 6:30", "thermostat@it's a Nest", "move to the new flat@the van is booked for 9am", "move to the new flat@it's a two-bed on the third floor, no lift", "dog walker@he's a very friendly labrador", "dog walker@around 1pm, for an hour"),
}

DETAILS: dict[str, tuple[str, ...]] = {
    "coding": ("keep the public API the same", "please add type hints while you're in there", "add a test for it",
               "fetcher.py@log a warning on each retry", "fetcher.py@the max attempts should be configurable", "fetcher.py@add a test for the timeout case", "dates.py@make sure it handles empty strings", "stripe@keep the webhook handler where it is", "csv@quote fields that contain commas", "csv@make sure it handles users with no email", "django@watch out for the deprecated url() calls", "dark mode@respect the OS setting by default", "nightly build@the docker layer caching is probably broken"),
    "data": ("keep the original file untouched", "label the axes clearly", "exclude the internal test accounts",
             "sales spreadsheet@keep the newest row of each duplicate", "signups@add a total row at the bottom", "churn@use the median, not the mean, for tenure", "escalate@hold out the last month for testing", "survey@keep a column saying which export each row came from", "a/b test@report confidence intervals, not just p-values"),
    "devops": ("make it idempotent", "document the steps in the runbook", "tag everything with team=platform",
               "backups@encrypt them at rest", "kubernetes@keep the compose file around for a week", "tls@double-check the intermediate chain", "terraform@one NAT gateway is enough", "oom-killed@grab a heap profile before you restart anything", "grafana@send it to the #oncall channel", "passwords@keep the old values valid for a day"),
    "writing": ("avoid jargon", "keep it short",
                "blog post@mention the free trial", "blog post@keep it under 500 words", "cover letter@highlight the marketplace project", "wedding toast@include a short joke about his driving", "wedding toast@end on something warm", "board meeting@put the decisions at the top", "spanish@keep the brand names in English", "mugs@mention they're dishwasher safe", "readme@put the install steps first"),
    "research": ("include links to each source", "put it in a table",
                 "fasting@note the sample sizes", "fasting@flag anything funded by industry", "crm@add a one-line verdict for each", "printing press@mix books and a couple of documentaries", "pet food@separate the UK from the EU figures", "grants@note the deadlines", "ai act@say which parts apply from when"),
    "travel": ("lisbon@a window seat if possible", "lisbon@one checked bag", "kyoto@prefer places with free breakfast", "kyoto@add the cancellation policy for each", "road trip@include one rest day", "road trip@no more than 4 hours of driving a day", "munich@I need a seat reservation too", "denver@add a second driver", "insurance for our family@make sure it covers scuba diving", "insurance for our family@we need to be covered until the 21st"),
    "support": ("keep the tone warm", "apologise first, then explain",
                "damaged@attach the return label", "damaged@ask her for a photo of the box", "#4821@include the ticket number in the subject", "one-star@don't mention DPD by name", "support inbox@also tag anything about VAT invoices", "password reset@add the link to the help article", "henderson@cc the account manager"),
    "shopping": ("check the return policy too", "only sellers with good reviews",
                 "robot vacuum@it has to work with the app on Android", "running shoes@it has to arrive before Saturday", "oled@include the shipping cost in the comparison", "gift basket@gift wrap it", "gift basket@add a card that says happy 70th", "office supplies@deliver to the back entrance", "road bike@disc brakes would be nice"),
    "finance": ("october bank;credit card@keep a note of anything you couldn't match",
                "credit card@use the categories from last year", "credit card@flag anything over $500", "october bank@list the unmatched items separately", "vat return@round to the nearest pound", "mortgage@include the fees in the break-even", "overdue invoices@be polite, they're good clients", "household budget@add a column for due dates", "household budget@leave some room for fun money"),
    "legal": ("keep it in plain English",
              "freelance contract@highlight anything about IP ownership", "privacy policy@mention we don't sell data", "landlord@cite the relevant section of the lease", "landlord@mention the photos I took at move-in", "trademarks@check the EU register too", "nda template@include a clause on return of materials"),
    "health": ("keep copies of everything", "use my work email for the confirmation",
               "dentist@he can't do Wednesdays", "dentist@ask if they do evening slots", "physio@I've got the receipts as PDFs", "prescriptions@make sure the refills carry over", "dermatologist@ask if they do evening slots", "vaccination@the school needs it by the 15th"),
    "home": ("ask about weekend availability",
             "repainting@get at least one quote from a small local firm", "plumber@someone will be home after 3", "meals@no mushrooms, the kids hate them", "thermostat@keep it at 19 degrees at night", "move to the new flat@label the boxes by room", "dog walker@ideally someone insured"),
}

CORRECTIONS: dict[str, tuple[str, ...]] = {
    "coding": ("it should raise, not return None", "fetcher.py@the file is fetch_client.py, not fetcher.py", "dates.py@utils/dates.py, not utils/time.py", "stripe@the branch is feature/payments, not main", "django@4.2, not 5.0", "dark mode@the settings page, not the profile page", "csv@CSV, not Excel", "nightly build@it's the nightly, not the PR build"),
    "data": ("sales spreadsheet@the 2023 file, not 2022", "signups@the column is signup_channel, not source", "churn@monthly, not weekly, sorry", "escalate@escalated means reassigned to tier 2, not just reopened", "survey@three exports, not four", "a/b test@the currency is EUR, not USD"),
    "devops": ("it's the eu-central region, not eu-west", "kubernetes@the staging namespace, not default", "grafana@the threshold is 2%, I wrote 5 by mistake", "tls@they expire this Friday, not next", "backups@the prod database, not the replica", "terraform@two private subnets, not three", "oom-killed@the API pods, not the workers", "passwords@all services except the legacy one"),
    "writing": ("wedding toast@his name is Tom, not Tim", "blog post@the new tier is called Plus, not Premium", "cover letter@it's a product manager role, not product owner", "spanish@it should be informal 'tú', not 'usted'", "mugs@twelve mugs, not ten", "board meeting@Q3, not Q2", "readme@the repo is the SDK, not the server"),
    "research": ("crm@I said five but four is fine", "pet food@Europe including the UK", "grants@the nonprofit is in Ohio, not Oregon", "ai act@startups under 50 people, not 15", "fasting@sleep quality, not sleep duration", "printing press@the history, not how it works"),
    "travel": ("lisbon@it's the 14th, not the 4th", "kyoto@Gion, not Gifu", "kyoto@four nights, not five", "denver@Denver, not Dallas, sorry", "munich@tomorrow morning, not tonight", "road trip@five days, not seven", "insurance for our family@Mexico, not Costa Rica, sorry"),
    "support": ("#4821@the ticket is 4821, not 4812", "damaged@she said damaged, not missing", "henderson@it's the Henderson account, not Anderson", "one-star@the review was about delivery, not quality", "support inbox@billing questions only, not shipping", "password reset@password resets, not account deletions"),
    "shopping": ("running shoes@size 10, not 11", "robot vacuum@$300 total including tax", "oled@OLED, not QLED", "gift basket@it's for my mom, not my mother-in-law", "office supplies@toner and paper, no coffee this time", "road bike@Portland Oregon, not Maine"),
    "finance": ("october bank@October, not September", "vat return@the VAT number ends in 71", "mortgage@it's a 25-year mortgage, not 30", "overdue invoices@three invoices, not four", "credit card@last month, not this month", "household budget@the savings goal is 15%, not 50"),
    "legal": ("freelance contract@it's a freelance contract, not employment", "landlord@the deductions were $600, not $800", "trademarks@the brand is 'Lumo', with one o", "nda template@contractors, not employees", "privacy policy@the mobile app, not the website"),
    "health": ("dentist@it's for my son, not my daughter", "prescriptions@Elm Street, not Oak Street", "dermatologist@in-network only, sorry I forgot to say", "physio@8 sessions, not 6", "vaccination@my daughter, not my son"),
    "home": ("plumber@the kitchen tap, not the bathroom one", "move to the new flat@the 30th, not the 13th", "dog walker@weekday afternoons, not mornings", "repainting@three quotes is enough, not five", "meals@next week, not this week", "thermostat@weekends start Friday night for us"),
}

LOOKALIKES: dict[str, tuple[str, ...]] = {
    "coding": (
        "don't stop until all the tests pass", "switch the feature flag to true before you run it", "go back to line 40 and fix the typo",
        "instead of a for loop, use map there", "csv;django;stripe@abort the transaction if the insert fails", "switch to the staging branch to test it",
        "revert your last commit and then carry on", "stash your changes before the rebase", "break out of the loop when you hit a None",
        "don't stop at the first failure, collect all of them",
        "fetcher.py@pause for 2 seconds between retries", "fetcher.py@stop retrying after the fifth attempt", "fetcher.py@cancel the pending request if the caller goes away",
        "dates.py@skip the flaky timezone test for now and keep going", "dates.py@drop support for two-digit years, nobody uses them",
        "stripe@stop calling Stripe directly from the views", "stripe@switch the default provider to the interface you made",
        "csv@stop at 10k rows per file and start a new file", "csv@drop the password hash column from the export, obviously",
        "django@kill the dev server before you run the migrations", "django@drop the users table in the test db first",
        "dark mode@switch the toggle label from 'Night' to 'Dark'", "dark mode@go back to the old link colour, the new one is too bright",
        "nightly build@cancel the old cron entry as part of this", "nightly build@kill the zombie runners first, they hog the cache",
    ),
    "data": (
        "sales spreadsheet@drop the rows where the email is empty", "sales spreadsheet@instead of deleting duplicates, move them to a second tab",
        "signups@stop the chart at December 2023", "signups@switch the y axis to a log scale", "signups@instead of a pie chart use a bar chart", "signups@pause the scheduled refresh while you backfill",
        "churn@exclude cancelled trials, they aren't churn", "churn@stop counting paused subscriptions as churned",
        "escalate@drop the free-text column, it leaks the label", "escalate@switch to a logistic regression if the tree overfits",
        "survey@drop the empty columns", "survey@go back to the raw export if the cleaned one looks wrong",
        "a/b test@stop the analysis at the date the test was switched off", "a/b test@cancel out the refunded orders before you compute conversion",
    ),
    "devops": (
        "backups@stop the old cron backup once the new one works", "backups@drop backups older than 14 days",
        "kubernetes@drain the node first, then continue", "kubernetes@stop the old compose stack before you switch the DNS", "kubernetes@switch the DNS over once the new pods are green",
        "tls@restart nginx after you switch the cert", "tls@cancel the old certificate order, it's a duplicate",
        "terraform@drop the public subnet from the module, we don't need it",
        "oom-killed@kill -9 it if it won't shut down gracefully", "oom-killed@pause the autoscaler while you profile", "oom-killed@roll back automatically if the new memory limit breaks things", 'oom-killed@the log says "process stopped unexpectedly" right before the kill — is that related?',
        "grafana@the alert should stop firing once the rate drops below 1%", "grafana@cancel the old 4xx alert rule as part of this",
        "passwords@stop the app servers one at a time, not all at once", "passwords@resume the paused replication job when the rotation is done", "passwords@abort the rotation for a service if its health check fails",
    ),
    "writing": (
        "cut the last paragraph", "blog post;cover letter;wedding toast;board meeting;mugs;readme@stop using the passive voice so much", "blog post;cover letter;board meeting;mugs;readme@instead of 'utilise' just say 'use'", "go back to the intro and tighten it",
        "blog post@drop the bullet about pricing history", "blog post@end with a question instead of a summary",
        "cover letter@switch to first person in the summary line", "cover letter@scrap the second example and use the marketplace one instead",
        "wedding toast@the line 'let's stop pretending Tom can dance' is great, keep it", "wedding toast@drop the story about the camping trip",
        "board meeting@skip the part about the parking lot", "spanish@switch 'usted' to 'tú' throughout", "mugs@stop saying 'artisanal' in every one", "readme@drop the old Travis badge",
    ),
    "research": (
        "fasting@stop at 2015, older papers aren't relevant", "fasting@drop the preprints", "fasting@go back to the Smith paper and check the sample size",
        "crm@drop Salesforce, it's way over budget", "crm@switch the comparison to annual pricing",
        "printing press@leave out anything that's paywalled", "pet food@cancel the filter on country, it's hiding too much",
        "grants@skip the federal ones, we don't have the capacity", "ai act@switch the citations to article numbers", "ai act@stop at the parts that apply to us, skip the rest",
    ),
    "travel": (
        "lisbon@switch me to an aisle seat", "lisbon@a stopover in Madrid is fine", "lisbon@go back to the first option, the 7am one",
        "kyoto@cancel the old hotel reservation as part of this", "kyoto@hold the room until Friday if they let you",
        "road trip@skip Inverness and stay an extra night in Skye instead", "road trip@stop in Pitlochry for lunch on day one",
        "munich@cancel the original ticket as part of the rebooking", "munich@a change in Stuttgart instead of a direct one is fine",
        "denver@drop the insurance add-on on the car, my card covers it", "denver@switch to a smaller car if it's cheaper",
        "insurance for our family@cancel the old annual policy when the new one starts",
    ),
    "support": (
        "damaged@offer a refund instead of store credit", "damaged@she wrote 'stop emailing me', so reply once and then mark it do-not-contact",
        "#4821@cancel the replacement shipment as part of the refund", "#4821@switch the ticket priority to high",
        "one-star@don't say we'll stop using the courier, we can't promise that",
        "support inbox@close the old duplicate tickets while you're at it", "support inbox@skip anything already tagged",
        "password reset@tell them to stop and contact us if the link doesn't work",
        "henderson@offer to pause their renewal for a month instead of a credit",
        'henderson;damaged@the customer literally wrote "CANCEL EVERYTHING" in caps lol. calmed down on the phone, keep working on it',
    ),
    "shopping": (
        "robot vacuum@skip anything refurbished",
        'robot vacuum;oled@my wife just yelled "stop buying gadgets" 😂 anyway, go ahead',
        'oled;road bike;gift basket@my mum said "stop wasting money on this" — she says that about everything, go ahead', "robot vacuum@go back to the Roborock one you showed me first",
        "running shoes@cancel the blue pair in the cart and add the black ones",
        "oled@stop at $1,800, don't go over", "oled@drop Costco, we're not members",
        "gift basket@drop the wine, she doesn't drink", "gift basket@swap the candle for the fancy jam instead",
        "office supplies@switch to the 10-pack of toner, it's cheaper per unit", "office supplies@cancel last week's coffee order as part of this, it was the wrong kind",
        "road bike@skip anything with rim brakes", "road bike@stop looking past 30 miles away",
    ),
    "finance": (
        "october bank@cancel the duplicate payment as part of the reconciliation", "october bank@go back to the 3rd and check that transfer again",
        "credit card@switch the category on the Uber charges to travel", "credit card@drop the cents, whole numbers are fine",
        "household budget@pause the savings transfer in December and resume it in January", "household budget@stop the standing order to the old gym as part of this",
        "vat return@put the zero-rated sales in their own box instead", "mortgage@stop the comparison at a 5-year fix, longer ones aren't on the table",
        "overdue invoices@cancel the late fee on the smallest one as a goodwill gesture",
    ),
    "legal": (
        "freelance contract@the contract says 'either party may terminate at any time' — flag that", "freelance contract@strike clause 4 instead of rewording it",
        "freelance contract@drop the non-compete from your notes, we don't care about it",
        "privacy policy@add that users can stop tracking in the settings", "privacy policy@switch the governing law to New York",
        "landlord@cancel out the cleaning fee against the damage they claimed", "trademarks@drop the Canadian register, we don't sell there",
        "nda template@add a line that they must stop using the materials when the contract ends", "nda template@switch 'employee' to 'contractor' everywhere",
    ),
    "health": (
        "dentist@cancel the old appointment on the 12th when you book the new one", "dentist@go back to the first dentist you found, the one with Saturday hours",
        "physio@drop the massage session from the claim, it's not covered", "physio@stay on the line if they put you on hold, it usually takes 10 minutes",
        "prescriptions@cancel the refill at the old pharmacy as part of it", "prescriptions@the stop date for the blood pressure one is March 3",
        "dermatologist@skip anyone more than 20 minutes away", "vaccination@drop the flu shots, the school doesn't need them",
    ),
    "home": (
        "plumber@turn off the water at the main before he starts", "thermostat@switch to eco mode after 11pm", "thermostat@stop the heating at 8am on weekdays",
        "thermostat@pause the schedule for the week we're away", "move to the new flat@cancel the cleaner on the 30th as part of the move plan",
        "move to the new flat@stop the broadband at the old place on the 31st", "meals@swap Tuesday's pasta for the curry instead", "meals@drop the fish, nobody eats it",
        "repainting@skip the company that wanted a deposit upfront", "dog walker@go back to the first walker you found, she had good reviews",
    ),
}

# Look-alikes that fit any task: they are about how the agent works, not about a new task.
LOOKALIKES_ANY = (
    "don't stop halfway, finish it in one go",
    "no need to cancel anything you've already done",
    "switch to bullet points in your updates, easier to read on my phone",
    "pause and ask me if anything's unclear, otherwise keep going",
    "go back to your previous message — what did you mean by the second point?",
    "instead of asking me each time, just use your judgement",
    "you can drop the formalities in your updates",
    "don't stop to ask about small stuff",
    "no need to start over, continue from the last step",
)

# fmt: on


def _fitting(pool: tuple[str, ...], task: Task) -> tuple[str, ...]:
    """The entries of ``pool`` that fit ``task`` (see the note above ``ANSWERS``)."""
    first = task.first.lower()
    out = []
    for entry in pool:
        keys, sep, text = entry.partition("@")
        if not sep:
            out.append(entry)
        elif any(key in first for key in keys.split(";")):
            out.append(text)
    return tuple(out)


# ---------------------------------------------------------------------------
# Shared phrase pools.
# ---------------------------------------------------------------------------

# fmt: off
CURRENT_ANAPHORA = ("that", "this", "it", "what you're doing", "what you were doing", "this thing", "the current task", "all of this", "the thing you're on", "whatever you're in the middle of")
STOPPED_ANAPHORA = ("what we were doing before", "the thing we paused", "the earlier task", "what we parked earlier", "the previous thing", "the one from before", "the stuff we put on hold", "that other thing from earlier", "the task from this morning", "what I asked you first")

PREAMBLES = ("ok so", "hey", "hmm", "right,", "quick thing —", "sorry for the delay,", "ok,", "listen,", "hi again,", "so,", "alright,", "um", "sorry,", "ugh,", "one sec —", "hi!", "ok team,", "wait,")
# Who and why depend on the setting: work tasks get managers and clients, personal ones family.
PERSONAL_KEYS = ("wedding toast", "cover letter", "fasting", "printing press", "lisbon", "kyoto", "road trip", "munich", "insurance for our family", "robot vacuum", "running shoes", "oled", "gift basket", "road bike", "credit card", "mortgage", "household budget", "landlord", "dentist", "physio", "prescriptions", "dermatologist", "vaccination", "repainting", "plumber", "meals", "thermostat", "move to the new flat", "dog walker")
CONTEXTS: dict[str, tuple[str, ...]] = {
    "any": ("I've been thinking about this over lunch.", "Sorry, it's been a crazy morning.", "Long story short, things changed.", "So I just checked my email.", "Ok, I read what you sent.", "Just saw your last message."),
    "work": ("Just got off a call with my manager.", "My boss just pinged me.", "I talked to the team.", "Standup just ended."),
    "personal": ("My partner and I talked it over last night.", "Just got off the phone with my mum.", "The kids are finally asleep.", "Ok, back from the school run."),
}
STOP_REASONS: dict[str, tuple[str, ...]] = {
    "any": ("it's late and I'm fried", "plans changed", "we might not need it after all", "I want to rethink the approach", "I'm going on holiday tomorrow", "I'll handle it myself later", "I don't have the info you need yet"),
    "work": ("the numbers look off and I want to check them myself", "the client hasn't signed off yet", "I need to talk to my manager first", "the budget is frozen until January", "legal is still reviewing", "the deadline moved to next month", "we're waiting on the vendor"),
    "personal": ("my wife wants to discuss it first", "it's not worth the money right now", "money's tight this month", "my sister might sort it out instead", "we're not sure about the dates yet"),
}
RESUME_REASONS: dict[str, tuple[str, ...]] = {
    "any": ("I'm back", "I found the info you needed", "I changed my mind again", "I've got time now", "the blocker is gone"),
    "work": ("the client signed", "budget got approved", "legal cleared it", "I talked to my manager and it's a go", "the vendor finally answered", "the freeze is over"),
    "personal": ("my wife said yes", "payday was yesterday", "the dates are confirmed", "my sister can't do it after all"),
}
WHO: dict[str, tuple[str, ...]] = {
    "any": (),
    "work": ("My boss", "The client", "My manager", "Legal", "The CEO", "Our lead"),
    "personal": ("My wife", "My husband", "My mum", "My partner", "My accountant"),
}

# Stop: {r} is a reference to the current task; bare forms carry no reference at all.
STOP_WITH_REF = (
    "hold off on {r}",
    "let's park {r}",
    "stop {r} for now",
    "please stop working on {r}",
    "pause {r}",
    "put {r} on hold",
    "don't go any further with {r}",
    "cancel {r}",
    "forget about {r}, we're not doing it anymore",
    "never mind {r}",
    "let's drop {r}",
    "scrap {r}",
    "shelve {r} for now",
    "let's put a pin in {r}",
    "leave {r} as it is for now",
    "no more work on {r} until I say so",
    "I don't need {r} anymore",
    "we'll come back to {r} later",
    "let's not do {r} after all",
    "actually don't bother with {r}",
    "don't touch {r} for now",
    "stop {r}, please",
    "we're not going ahead with {r}",
    "let's call off {r}",
    "{R} is on hold",
    "{R} is cancelled",
    "{R} can wait, leave it",
    "kill {r}, we don't need it",
)
STOP_BARE = (
    "stop",
    "stop stop stop",
    "ok stop here",
    "that's enough for today, don't touch anything else",
    "let's call it a day",
    "abort",
    "halt, don't do anything else",
    "wait, don't do anything yet",
    "pause here please",
    "let's leave it there for now",
    "that's all for now, I'll get back to you",
    "hold on, don't continue",
    "stop right there",
    "let's pick this up another time",
    "nothing more for today",
    "don't do anything else until I'm back",
    "ok, let's stop here",
    "no, leave it. don't change anything else",
    "please stand down for now",
    "freeze — no more changes",
)

# Switch: how the current task is dropped, then how the new one is asked.
DROP_WITH_REF = (
    "forget {r}",
    "forget about {r}",
    "drop {r}",
    "never mind {r}",
    "leave {r} for now",
    "park {r}",
    "put {r} aside",
    "stop {r}",
    "pause {r}",
    "skip {r}",
    "{R} can wait",
    "hold off on {r}",
    "no more work on {r} for now",
    "let's shelve {r}",
    "don't worry about {r} anymore",
    "{R} isn't important right now",
    "ditch {r}",
)
DROP_BARE = (
    "scratch that",
    "never mind",
    "forget it",
    "change of plans",
    "new plan",
    "actually, different thing",
    "ok different task",
    "stop what you're doing",
    "leave that",
    "forget what I said",
    "change of priorities",
    "hold on, something else came up",
    "ignore my last request",
)
NEW_ASK = (
    "can you {a}?",
    "I need you to {a}.",
    "please {a}.",
    "{A}.",
    "could you {a} instead?",
    "what I actually need is for you to {a}.",
    "I'd like you to {a}.",
    "{a} instead.",
    "would you {a}?",
    "let's {a}.",
    "go {a} please.",
    "I want you to {a} now.",
    "can u {a} instead",
    "pls {a}",
)
IMPLICIT_SWITCH = (
    "actually the priority now is to {a}.",
    "new plan: {a}.",
    "change of plans — {a}.",
    "something more urgent: {a}.",
    "ok, different thing. {A}.",
    "urgent: {a}, drop everything else.",
    "{A} — that's more important right now.",
    "I need you on something else: {a}.",
    "switching gears: {a}.",
    "different task: {a}.",
    "my boss wants this first thing: {a}. do that now.",
    "top priority from now on is to {a}.",
    "more pressing: {a}.",
    "new request, nothing to do with the last one: {a}.",
    "before anything else, {a}. the rest can wait.",
    "I changed my mind about what I need today. {A}.",
)

# Resume: {r} is the stopped task.
RESUME_WITH_REF = (
    "ok, back to {r}",
    "let's get back to {r}",
    "you can pick up {r} again",
    "let's finish what we started on {r}",
    "resume {r}",
    "continue with {r} now",
    "unpause {r}",
    "{R} is back on",
    "go ahead with {r} after all",
    "we're good to go on {r} again",
    "let's pick up {r} where we left off",
    "let's return to {r}",
    "back to {r} pls",
    "take {r} off hold",
    "carry on with {r} from where you stopped",
    "you can continue {r}",
    "let's revisit {r} and get it done",
    "remember {r}? let's do it now",
    "we can restart {r} now",
    "{R} — let's finish it",
    "ok, {r} is unblocked, please continue it",
    "let's go back to {r}",
)
RESUME_BARE = (
    "ok, where were we before all that? let's continue with that",
    "back to the original plan",
    "let's go back to what I asked first",
    "ok, let's resume what we paused",
    "you can un-park the earlier task now",
    "let's pick up the old thread again",
    "back to the thing from before, please",
    "ok let's carry on with the paused one",
)
RESUME_DONE_PREFIX = ("thanks, that's done.", "great, {c} is sorted.", "perfect, {c} looks good.", "ok, {c} can stay like that.", "nice.", "good enough for {c}.", "cool, thanks.", "ok that's finished.")

# Reply framings.
APPROVALS = (
    "yes go ahead", "sounds good, proceed", "lgtm", "👍 do it", "sure", "ok that works for me", "perfect, continue",
    "yep", "yes please", "go for it", "approved", "fine by me", "do it", "option 2", "yes, that's right", "ok",
    "that looks right, carry on", "keep going", "continue", "carry on", "all good, keep at it",
)
THANKS = ("thanks!", "thank you, that's really helpful", "ty", "cheers", "appreciate it 🙏", "thanks, nice work so far", "great, thank you", "awesome, thanks a lot", "thx")
PROGRESS = (
    "how's {r} going?", "any update on {r}?", "how far along are you?", "eta?", "is {r} almost done?", "did you get stuck?",
    "what's left on {r}?", "how long will {r} take?", "are you still working on {r}?", "any blockers?",
    "what did you find so far?", "is it going ok?", "is it still running or did it stop?", "why did you stop? is something wrong?",
    "did {r} stall?", "you went quiet — still on {r}?",
)
ANSWER_LEADS = ("to answer your question,", "re your question:", "", "yes —", "good question:", "oh,", "", "fyi", "", "as for your question,")
DETAIL_LEADS = ("also,", "one more thing:", "oh and", "btw", "fyi", "", "and", "forgot to say:", "just so you know,", "", "PS:")
CORRECTION_LEADS = ("no wait,", "sorry,", "small correction:", "actually,", "oops —", "correction:", "my mistake,", "hmm no,")
LOOKALIKE_LEADS = ("", "", "also", "oh and", "for this one,", "btw", "one thing:", "ok and", "when you do it,")

QUOTE_LOOKALIKES: dict[str, tuple[str, ...]] = {
    "any": ('my friend said "just give up on it" lol. no. keep going',),
    "work": (
        'my manager just wrote "stop everything and ship it" — he means ship this, so keep going',
        'Sam said "can we pause this?" in the channel but he\'s not on this team, carry on',
        'legal said "stop all outbound emails" but that was about the newsletter, not this. continue',
        'someone on slack asked "should we switch to the other vendor?" — no, we\'re not switching, proceed as planned',
        'my boss asked if we should drop this. I said no. keep at it',
    ),
    "personal": (
        'my husband keeps saying "just forget about it" but it matters to me — carry on',
        'my sister told me "stop stressing about this" lol. anyway, keep going',
    ),
}
HYPOTHETICALS = (
    "what happens if we pause {r} halfway — can it pick up again later? just curious, don't pause it",
    "would it be bad to stop {r} in the middle? not asking you to, just wondering",
    "if this fails again, should we switch approach? keep going for now though",
    "is it safe to cancel later if we change our minds? no need to cancel, just asking",
    "if I had said stop yesterday, would we have lost anything? anyway, continue",
    "in the worst case we'd drop it, but we're not there yet — carry on",
    "hypothetically, if the client wanted to cancel, how much work would be lost? keep going meanwhile",
    "don't stop just because it's slow, let it run",
    "no need to pause, I'm just reading along",
    "you don't have to start over, just continue from the last step",
)

# Only emoji with no stop/go meaning of their own are sprinkled at random; ⏸️ 🛑 ▶️ appear in
# deliberate forms below.
EMOJI = ("🙏", "😅", "👍", "🙂", "😤", "🔥", "🤦", "🙃", "😬", "💀", "🤷", "😩", "🤔")
TEXTING = (
    (r"\byou\b", "u"), (r"\bplease\b", "pls"), (r"\bthanks\b", "thx"), (r"\bare\b", "r"),
    (r"\bbecause\b", "bc"), (r"\bright now\b", "rn"), (r"\bokay\b", "k"), (r"\bok\b", "k"),
    (r"\bfor now\b", "4 now"), (r"\bto be honest\b", "tbh"), (r"\bwith\b", "w/"), (r"\btomorrow\b", "tmrw"),
    (r"\bI don't know\b", "idk"), (r"\bbefore\b", "b4"), (r"\bgoing to\b", "gonna"),
)


# Switch forms beyond "drop + ask": the ask first and the drop after it (always naming the old
# task, or with an anaphor that cannot be read as the new ask), bullet plans, and relayed orders.
ASK_FIRST_TAILS = ("{R} can wait.", "Forget {r} for now.", "Leave {r}, it's not urgent anymore.", "Park {r}.", "We'll get back to {r} another day.", "Don't bother with {r} anymore.", "Put {r} on the back burner.", "Stop {r}, this matters more.", "{R} is not a priority anymore.")
ASK_FIRST_ANAPHORA = ("what you were working on", "the other thing", "the previous task", "whatever you were doing before", "the earlier stuff", "your current task")
SWITCH_BULLET_HEADS = ("ok change of plans:", "new priorities:", "plan for the rest of the day:", "Updated plan:", "priorities changed:")
SWITCH_BULLET_DROPS = ("stop {r}", "park {r} for now", "drop {r}", "{r}: on hold", "no more work on {r}", "{r} — later")
SWITCH_BULLET_ASKS = ("{a} instead", "{a}", "new: {a}", "{A} asap", "now: {a}")
BULLET_CLOSERS = ("tell me when it's done", "ping me if you get stuck", "keep it short", "thanks")
SWITCH_AFTER_REASON = ("What I need from you instead is to {a}.", "Instead, please {a}.", "Can you {a} in the meantime?", "Use the time to {a}.", "Let's {a} instead.")
RELAYED_SWITCH = ('{W} just messaged: "drop whatever you\'re doing and {a}." So that\'s the job now.', '{W} says this can\'t wait: {a}. So park {r} and do that.', 'Per {w}: {r} is not happening, {a} instead.', '{W} called — forget {r}, we have to {a}.')
RELAYED_STOP = ('{W} just said "{q}", so {core}.', '{W}: "{q}". So {core}.', 'Got a message from {w} — "{q}". {Core}.')
STOP_QUOTES = ("we're not doing this anymore", "put everything on hold", "no more spending this month", "wait until we've talked", "let's not rush this", "pause it until further notice")
STOP_CLOSERS = ("Thanks.", "Sorry for the back and forth.", "I will let you know.", "Talk tomorrow.", "We can revisit next week.", "Appreciate the work so far.", "Nothing else needed right now.")
STOP_HEDGES = ("I am not sure it is the right call anymore", "it is not the moment", "I do not want to waste your effort", "I would rather wait and see")
STOP_BULLET_HEADS = ("status update:", "ok so:", "where we are:")
STOP_BULLET_CORES = ("so {r} is on hold", "pause {r}", "don't continue {r}", "stop {r} for now", "{r}: paused")
STOP_BULLET_CLOSERS = ("I'll ping you when we can go again", "nothing else to do for now", "no need to reply")
STOP_INSISTS = ("Seriously", "Please", "I mean it", "Really")
STOP_INSIST_TAILS = ("nothing else for now", "do not continue", "no more changes", "just leave it")

RESUME_NEWS = ("Good news:", "Update:", "So,", "Ok,", "Right,")
RESUME_BULLET_HEADS = ("next steps:", "ok, plan:", "todo:")
RESUME_BULLET_DONE = ("leave the current one as it is", "that last thing is done", "we're done with the other thing")
RESUME_BULLET_CORES = ("back to {r}", "pick {r} up again", "resume {r}", "finish {r}", "{r} is back on")
RESUME_RECALLS = (
    "Remember when I told you to hold off on {r}? Forget that, go ahead with it.",
    "About {r} that I asked you to stop earlier: it's back on, carry on from where you were.",
    "{R} — the thing I paused this morning — you can pick it up again now.",
    "So I know I said to park {r}, but let's actually finish it now.",
    "Earlier I cancelled {r}. I was wrong, let's do it after all.",
    '{W} wrote "go ahead" on {r}, so let\'s get back to it.',
)

REPLY_THANKS_TAILS = ("Keep going.", "Carry on.", "Let me know when {r} is done.", "Looking forward to the rest.", "Good stuff.")
REPLY_LOOK_OPENERS = ("Looks good so far.", "Nice progress.", "Ok.", "Thanks for the update.")
REPLY_LOOK_ENDS = ("", ".", ".", "!", ", thanks", ". otherwise looks good")
REPLY_LIST_HEADS = ("A couple of things:", "Notes:", "Ok, two things:")

# Registers that transforms cannot produce: anger, South-Asian and other non-native business
# idioms ("kindly revert" asks for an answer), texting shorthand. {r} is the task in force (for
# resume, the stopped one), {a} a new ask, {x} a reply detail fitting the task.
REGISTER_FORMS: dict[str, tuple[str, ...]] = {
    "switch": (
        "forget it, this is going nowhere. {A}.",
        "you know what, never mind, I'll do {r} myself. {A}.",
        "ugh, enough of {r}. just {a}.",
        "kindly keep {r} aside and first do one thing: {a}.",
        "pls leave {r}, urgent requirement came: {a}.",
        "nvm {r}. {a} instead pls",
        "k so scrap {r} lol, {a}",
        "this is taking forever and I don't have time. new plan: {a}.",
    ),
    "stop": (
        "are you kidding me? stop.",
        "STOP. you're making it worse.",
        "ugh, just stop, this is a mess",
        "no no no, stop touching {r}",
        "enough. leave {r} alone.",
        "this is going nowhere, drop it",
        "kindly stop this activity for now, we will inform you later",
        "please to hold {r}, further instruction will come",
        "no need to do further on {r} as of now",
        "nvm, drop it",
        "brb, hold off till then",
        "pls stop 4 now, ttyl",
        "⏸️ {r} for now pls",
        "🛑🛑 stop",
    ),
    "resume": (
        "kindly continue the work on {r} now",
        "now you can again start {r}",
        "please do {r} again from where it stopped",
        "ok back 2 {r} pls",
        "fine. go back to {r} then, and this time finish it",
        "{r} is approved again, kindly proceed",
        "wb me 😅 ok let's continue {r}",
        "▶️ {r} again pls",
    ),
    "reply": (
        "kindly revert with status",
        "do the needful",
        "same is approved, proceed",
        "noted, proceed",
        "why is this taking so long??",
        "I ALREADY told you: {x}",
        "seriously, {x}. how many times",
        "kk",
        "np, take ur time",
        "ok ty, {x}",
        "pls revert once {r} is done",
        "no issue, continue",
        "👍👍",
        "ok so I looked at what you have so far and mostly it's fine, but {x}",
    ),
}
# fmt: on


def _plural(ref: str) -> bool:
    """Whether a task reference is a plural noun phrase ("the backups", not "the analysis")."""
    return ref.startswith("the ") and ref.endswith("s") and not ref.endswith(("ss", "is", "us"))


def _uncap(text: str) -> str:
    """Lowercases a sentence's first letter unless it starts a name ("I", "Henderson", "#4821")."""
    first = text.split(" ", 1)[0]
    if first in ("I", "I'm", "I'd", "I'll", "I've") or not first[1:2].islower():
        return text
    if first.strip(",.—:") in (
        "Henderson",
        "Lumen",
        "Django",
        "Stripe",
        "Grafana",
        "Kyoto",
        "Mexico",
        "Denver",
        "Munich",
        "Lisbon",
    ):
        return text
    return text[:1].lower() + text[1:]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class _Writer:
    """Draws one message of a given kind at a time from ``random.Random(seed)``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        # "work" or "personal": the setting of the task the message is about (see ``about``)
        self.setting = "work"

    def about(self, task: Task) -> None:
        first = task.first.lower()
        self.setting = "personal" if any(key in first for key in PERSONAL_KEYS) else "work"

    def social(self, pool: dict[str, tuple[str, ...]]) -> str:
        """A context, reason or speaker that fits the current setting."""
        return self.pick(pool["any"] + pool[self.setting])

    # -- small draws ---------------------------------------------------------

    def pick(self, items: tuple[str, ...]) -> str:
        return self.rng.choice(items)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def task(self, domain: str | None = None, other_than: Task | None = None) -> Task:
        pool = [t for t in TASKS if t is not other_than and (domain is None or t.domain == domain)]
        return self.rng.choice(pool)

    def current_ref(self, task: Task) -> str | None:
        roll = self.rng.random()
        if roll < 0.45:
            return self.pick(task.refs)
        if roll < 0.8:
            return self.pick(CURRENT_ANAPHORA)
        return None

    def stopped_ref(self, task: Task) -> str | None:
        roll = self.rng.random()
        if roll < 0.6:
            return self.pick(task.refs)
        if roll < 0.88:
            return self.pick(STOPPED_ANAPHORA)
        return None

    def fill(self, template: str, ref: str) -> str:
        if _plural(ref):
            template = re.sub(r"(\{[rR]\}) is\b", r"\1 are", template)
            template = re.sub(r"(\{[rR]\}) isn't\b", r"\1 aren't", template)
            template = re.sub(r"(\{[rR]\}) looks\b", r"\1 look", template)
        return template.replace("{R}", _cap(ref)).replace("{r}", ref)

    def frame(
        self, core: str, reason: str | None = None, *, followed: bool = False, preamble: bool = True
    ) -> str:
        """Puts ``core`` in a sentence, with optional preamble, context and reason around it."""
        body = core.rstrip(".!?")
        if reason:
            place = self.rng.random()
            if place < 0.35:
                body = f"{_cap(reason)}, so {_uncap(body)}"
            elif place < 0.7:
                body = f"{_cap(body)} — {reason}"
            elif place < 0.85:
                body = f"{_cap(body)}, because {reason}"
            else:
                body = f"{_cap(body)}. {_cap(reason)}"
        end = self.pick((".", "!")) if followed else self.pick((".", ".", "!", "", "."))
        text = _cap(body) + end
        roll = self.rng.random() if preamble else 1.0
        if roll < 0.2:
            text = f"{self.pick(PREAMBLES)} {_uncap(text)}"
        elif roll < 0.32:
            text = f"{self.social(CONTEXTS)} {text}"
        return text

    # -- register transforms -------------------------------------------------

    def register(self, text: str) -> str:
        roll = self.rng.random()
        if roll < 0.14:
            text = text.lower()
        elif roll < 0.24:
            text = self.typos(text.lower() if self.chance(0.5) else text)
        elif roll < 0.34:
            text = self.texting(text.lower())
        elif roll < 0.42:
            text = self.non_native(text)
        elif roll < 0.47:
            text = self.shout(text)
        if self.chance(0.12):
            emoji = self.pick(EMOJI)
            text = f"{text} {emoji}" if self.chance(0.8) else f"{emoji} {text}"
        return text

    def typos(self, text: str) -> str:
        words = text.split(" ")
        for _ in range(self.rng.randint(1, 2)):
            i = self.rng.randrange(len(words))
            w = words[i]
            if len(w) < 5 or not w.isalpha():
                continue
            j = self.rng.randrange(1, len(w) - 2)
            kind = self.rng.random()
            if kind < 0.5:
                w = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
            elif kind < 0.8:
                w = w[:j] + w[j + 1 :]
            else:
                w = w[:j] + w[j] + w[j:]
            words[i] = w
        return " ".join(words).replace("'", "" if self.chance(0.5) else "'")

    def texting(self, text: str) -> str:
        for pattern, short in TEXTING:
            if self.chance(0.7):
                text = re.sub(pattern, short, text)
        return text.rstrip(".")

    def non_native(self, text: str) -> str:
        text = re.sub(
            r"\b(the|a) (?=[a-z])", lambda m: "" if self.chance(0.6) else m.group(0), text
        )
        if self.chance(0.4):
            text = re.sub(r"\bplease\b", "kindly", text, count=1)
        if self.chance(0.3):
            text = text.replace("can you ", "can you please to ", 1)
        if self.chance(0.3):
            text = text.rstrip(".!") + ", thank you in advance."
        return text

    def shout(self, text: str) -> str:
        parts = text.split(" ")
        if len(parts) > 3:
            k = self.rng.randrange(len(parts) - 2)
            parts[k] = parts[k].upper()
            parts[k + 1] = parts[k + 1].upper()
        return " ".join(parts).rstrip(".") + self.pick(("!!", "!!!", "!"))

    # -- kinds -----------------------------------------------------------------

    def switch(self) -> tuple[str, Task, None]:
        cur = self.task()
        self.about(cur)
        new = self.task(domain=cur.domain if self.chance(0.35) else None, other_than=cur)
        ask = self.pick(new.asks)
        form = self.rng.random()
        if self.chance(0.07):
            text = self.fill(
                self.fill_ask(self.pick(REGISTER_FORMS["switch"]), ask), self.pick(cur.refs)
            )
        elif form < 0.38:
            ref = self.current_ref(cur)
            drop = self.fill(self.pick(DROP_WITH_REF), ref) if ref else self.pick(DROP_BARE)
            new_part = self.fill_ask(self.pick(NEW_ASK), ask)
            sep = self.pick((", ", ". ", " — ", "; ", "... "))
            lower_after = sep in (", ", " — ", "; ")
            if lower_after and not new_part.startswith(("I ", "I'")):
                new_part = new_part[:1].lower() + new_part[1:]
            text = self.wrap(_cap(drop) + sep + (new_part if lower_after else _cap(new_part)))
        elif form < 0.64:
            text = self.wrap(_cap(self.fill_ask(self.pick(IMPLICIT_SWITCH), ask)))
        elif form < 0.78:
            # the ask first, the drop after it
            ref = self.pick(cur.refs) if self.chance(0.65) else self.pick(ASK_FIRST_ANAPHORA)
            new_part = _cap(self.fill_ask(self.pick(NEW_ASK[:9]), ask))
            text = f"{new_part} {self.fill(self.pick(ASK_FIRST_TAILS), ref)}"
        elif form < 0.87:
            ref = self.pick(cur.refs)
            lines = [
                self.pick(SWITCH_BULLET_HEADS),
                "- " + self.fill(self.pick(SWITCH_BULLET_DROPS), ref),
                "- " + self.fill_ask(self.pick(SWITCH_BULLET_ASKS), ask),
            ]
            if self.chance(0.4):
                lines.append("- " + self.pick(BULLET_CLOSERS))
            text = "\n".join(lines)
        elif form < 0.94:
            ref = self.pick(cur.refs)
            off = self.fill("{r} is off the table for now", ref)
            text = (
                f"{self.social(CONTEXTS)} {_cap(self.social(STOP_REASONS))}, so {off}. "
                f"{_cap(self.fill_ask(self.pick(SWITCH_AFTER_REASON), ask))}"
            )
        else:
            who = self.social(WHO)
            template = self.pick(RELAYED_SWITCH)
            template = template.replace("{W}", who).replace("{w}", who.lower())
            text = self.fill(self.fill_ask(template, ask), self.pick(cur.refs))
        return self.register(text), cur, None

    def fill_ask(self, template: str, ask: str) -> str:
        return template.replace("{A}", _cap(ask)).replace("{a}", ask)

    def wrap(self, core: str) -> str:
        roll = self.rng.random()
        if roll < 0.18:
            return f"{self.pick(PREAMBLES)} {_uncap(core)}"
        if roll < 0.3:
            return f"{self.social(CONTEXTS)} {core}"
        if roll < 0.38:
            closer = self.pick(("Thanks!", "Sorry!", "Cheers.", "Thx"))
            core = core if core[-1] in "?!." else core + "."
            return f"Sorry to do this to you. {core} {closer}"
        return core

    def stop(self) -> tuple[str, Task, None]:
        cur = self.task()
        self.about(cur)
        ref = self.current_ref(cur)
        core = self.fill(self.pick(STOP_WITH_REF), ref) if ref else self.pick(STOP_BARE)
        form = self.rng.random()
        if self.chance(0.08):
            text = _cap(self.fill(self.pick(REGISTER_FORMS["stop"]), self.pick(cur.refs)))
        elif form < 0.5:
            reason = self.social(STOP_REASONS) if self.chance(0.55) else None
            text = self.frame(core, reason)
        elif form < 0.64:
            text = f"{self.frame(core, followed=True)} {self.pick(STOP_CLOSERS)}"
        elif form < 0.76:
            # a rambling preamble, the instruction at the end
            text = (
                f"{self.social(CONTEXTS)} {_cap(self.social(STOP_REASONS))}, and honestly "
                f"{self.pick(STOP_HEDGES)}. {_cap(core)}."
            )
        elif form < 0.84:
            ref2 = self.pick(cur.refs)
            lines = (
                self.pick(STOP_BULLET_HEADS),
                "- " + self.social(STOP_REASONS),
                "- " + self.fill(self.pick(STOP_BULLET_CORES), ref2),
                "- " + self.pick(STOP_BULLET_CLOSERS),
            )
            text = "\n".join(lines)
        elif form < 0.92:
            who = self.social(WHO)
            template = self.pick(RELAYED_STOP).replace("{W}", who).replace("{w}", who.lower())
            template = template.replace("{q}", self.pick(STOP_QUOTES))
            text = template.replace("{Core}", _cap(core)).replace("{core}", _uncap(core))
        else:
            insist = f"{self.pick(STOP_INSISTS)}, {self.pick(STOP_INSIST_TAILS)}."
            text = f"{_cap(core)}. {insist}"
        return self.register(text), cur, None

    def resume(self) -> tuple[str, Task, Task]:
        stopped = self.task()
        cur = self.task(other_than=stopped)
        self.about(stopped)
        ref = self.stopped_ref(stopped)
        core = self.fill(self.pick(RESUME_WITH_REF), ref) if ref else self.pick(RESUME_BARE)
        form = self.rng.random()
        if self.chance(0.07):
            text = _cap(self.fill(self.pick(REGISTER_FORMS["resume"]), self.pick(stopped.refs)))
        elif form < 0.35:
            text = self.frame(core, self.social(RESUME_REASONS) if self.chance(0.5) else None)
        elif form < 0.62:
            done = self.pick(RESUME_DONE_PREFIX).replace("{c}", "{r}")
            prefix = self.fill(done, self.pick(cur.refs))
            text = f"{_cap(prefix)} {self.frame(core, preamble=False)}"
        elif form < 0.78:
            news = f"{self.pick(RESUME_NEWS)} {self.social(RESUME_REASONS)}."
            text = f"{news} {self.frame(core, preamble=False)}"
        elif form < 0.88:
            lines = (
                self.pick(RESUME_BULLET_HEADS),
                "- " + self.pick(RESUME_BULLET_DONE),
                "- " + self.fill(self.pick(RESUME_BULLET_CORES), self.pick(stopped.refs)),
            )
            text = "\n".join(lines)
        else:
            template = self.pick(RESUME_RECALLS).replace("{W}", self.social(WHO))
            text = self.fill(template, self.pick(stopped.refs))
        return self.register(text), cur, stopped

    def reply(self) -> tuple[str, Task, None]:
        cur = self.task()
        self.about(cur)
        d = cur.domain
        ref = self.pick(cur.refs)
        form = self.rng.random()
        in_register = self.chance(0.08)
        if in_register:
            detail = self.pick(_fitting(DETAILS[d], cur) + _fitting(CORRECTIONS[d], cur))
            text = self.fill(self.pick(REGISTER_FORMS["reply"]).replace("{x}", detail), ref)
            text = _cap(text)
        elif form < 0.1:
            text = self.pick(APPROVALS)
            if self.chance(0.4):
                text = f"{text} {self.pick(('with ' + ref, 'on ' + ref, 'then'))}"
            text = _cap(text) + self.pick(("", ".", "!", ""))
        elif form < 0.22:
            lead = self.pick(ANSWER_LEADS)
            text = f"{lead} {self.pick(_fitting(ANSWERS[d], cur))}".strip()
            text = _cap(text) + self.pick(("", ".", "."))
        elif form < 0.34:
            lead = self.pick(DETAIL_LEADS)
            detail = self.pick(_fitting(DETAILS[d], cur))
            if self.chance(0.3):
                detail = f"for {ref}, {detail}"
            text = _cap(f"{lead} {detail}".strip()) + self.pick(("", ".", "."))
        elif form < 0.44:
            correction = self.pick(_fitting(CORRECTIONS[d], cur))
            text = _cap(f"{self.pick(CORRECTION_LEADS)} {correction}") + self.pick(("", ".", "!"))
        elif form < 0.5:
            text = self.pick(THANKS)
            if self.chance(0.5):
                if text[-1].isalnum():
                    text += self.pick((".", "!"))
                text = f"{text} {self.fill(self.pick(REPLY_THANKS_TAILS), ref)}"
        elif form < 0.6:
            text = _cap(self.fill(self.pick(PROGRESS), ref))
        elif form < 0.86:
            # look-alikes about this task's content mostly; some about how the agent works
            specific = _fitting(LOOKALIKES[d], cur)
            pool = specific if specific and self.chance(0.8) else LOOKALIKES_ANY
            text = _cap(f"{self.pick(LOOKALIKE_LEADS)} {self.pick(pool)}".strip())
            text += self.pick(REPLY_LOOK_ENDS)
            if self.chance(0.2):
                text = f"{self.pick(REPLY_LOOK_OPENERS)} {text}"
        elif form < 0.93:
            text = _cap(self.fill(self.pick(HYPOTHETICALS), ref))
        else:
            text = _cap(self.social(QUOTE_LOOKALIKES))
        extras = [e for e in _fitting(DETAILS[d], cur) if e not in text]
        if not in_register and 0.1 <= form < 0.44 and extras and self.chance(0.2):
            # several points in one reply, all about the same task
            text = f"{self.pick(REPLY_LIST_HEADS)}\n- {text}\n- {self.pick(tuple(extras))}"
        return self.register(text), cur, None


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
    for kind, wanted in PLAN:
        made = 0
        for _ in range(wanted * 50):
            if made == wanted:
                break
            text, current, stopped = makers[kind]()
            key = (kind, " ".join(text.lower().split()), current.first)
            if key in seen:
                continue
            seen.add(key)
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
            raise RuntimeError(f"corpus d: only {made} distinct {kind} cases for seed {seed}")
    writer.rng.shuffle(out)
    return out


def _pool_gaps() -> list[str]:
    """Keys that fit no task, and tasks with nothing to draw from a reply pool."""
    gaps = []
    firsts = [t.first.lower() for t in TASKS]
    for name, pools in (
        ("ANSWERS", ANSWERS),
        ("DETAILS", DETAILS),
        ("CORRECTIONS", CORRECTIONS),
        ("LOOKALIKES", LOOKALIKES),
    ):
        for entries in pools.values():
            for entry in entries:
                keys, sep, _ = entry.partition("@")
                for key in keys.split(";") if sep else ():
                    if not any(key in first for first in firsts):
                        gaps.append(f"{name}: key {key!r} fits no task")
        for task in TASKS:
            if not _fitting(pools[task.domain], task):
                gaps.append(f"{name}: nothing for {task.first!r}")
    for key in PERSONAL_KEYS:
        if not any(key in first for first in firsts):
            gaps.append(f"PERSONAL_KEYS: key {key!r} fits no task")
    return gaps


if __name__ == "__main__":
    for gap in _pool_gaps():
        print("GAP", gap)
    cases = generate(0)
    print(len(cases), dict(Counter(c["kind"] for c in cases)))
    texts = Counter((c["text"] or "").lower() for c in cases)
    print(
        "distinct texts:",
        len(texts),
        "| tasks:",
        len(TASKS),
        "| domains:",
        len({t.domain for t in TASKS}),
    )
    sampler = random.Random(1)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in cases if c["kind"] == kind], 10):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")
