# ruff: noqa: E501 (a phrase corpus: long literal sentences, written by a separate author)
"""Independent held-out generator of task-switch / stop / resume / reply messages.

generate(seed) -> list of {"kind", "text", "current_task", "stopped_task"}
"""

import random
import re

# Each task: msg = realistic first message, refs = noun phrases referring to it,
# cmds = imperative clauses (lowercase, no final punctuation) asking for it,
# words = a few salient words (for quote/partial references), facts/rules/questions for replies.
TASKS = [
    dict(
        msg="Can you fix the login bug? Users get logged out after about 5 minutes even with 'remember me' ticked.",
        refs=[
            "the login bug",
            "the logout issue",
            "the remember-me bug",
            "the session timeout thing",
        ],
        cmds=[
            "fix the login bug where users get kicked out after 5 minutes",
            "look at why sessions expire so fast",
        ],
        quote="users get logged out after about 5 minutes",
        facts=[
            "the session cookie is set in auth/middleware.py",
            "it only happens on Safari as far as I know",
            "we moved to Redis sessions last sprint",
        ],
        rules=[
            "don't touch the password hashing code",
            "keep the cookie name as is, mobile depends on it",
        ],
        qs=[
            "is it the cookie expiry or the server side TTL?",
            "did you find where the session gets invalidated?",
        ],
    ),
    dict(
        msg="Write the Q3 sales report from the CSV in /data/sales_q3.csv. Summary, top 10 products, regional breakdown.",
        refs=["the Q3 report", "the sales report", "the quarterly report", "the sales summary"],
        cmds=[
            "put together the Q3 sales report from sales_q3.csv",
            "write up the quarterly sales numbers",
        ],
        quote="top 10 products, regional breakdown",
        facts=[
            "the EMEA numbers are in euros, not dollars",
            "rows with status=test are dummy orders",
            "the CSV has a trailing summary row",
        ],
        rules=["round everything to whole dollars", "use bar charts, not pie charts"],
        qs=["how many regions are there in the file?", "which product came out on top?"],
    ),
    dict(
        msg="refactor the payment service so the stripe calls go through one client class",
        refs=[
            "the refactor",
            "the payment refactor",
            "the stripe client cleanup",
            "the payment service rework",
        ],
        cmds=[
            "refactor the payment service to use a single stripe client",
            "clean up the stripe calls in payments",
        ],
        quote="stripe calls go through one client class",
        facts=[
            "there are stripe calls in billing/ too",
            "the webhook handler uses its own API key",
        ],
        rules=["keep the public function names the same", "no new dependencies please"],
        qs=["how many call sites did you find?", "are you keeping the retry logic?"],
    ),
    dict(
        msg="CI is red on main since this morning, figure out why and fix it",
        refs=["the CI failure", "the red build", "the broken pipeline", "CI"],
        cmds=["check why CI is red on main", "get the main build green again"],
        quote="CI is red on main",
        facts=[
            "the failing job is the integration tests one",
            "someone bumped node to 20 yesterday",
        ],
        rules=["don't just skip the failing test", "don't force-push to main"],
        qs=["is it flaky or a real failure?", "which commit broke it?"],
    ),
    dict(
        msg="We need to migrate the users table to the new schema — split full_name into first_name and last_name. Write the migration and backfill.",
        refs=["the migration", "the users table migration", "the schema change", "the name split"],
        cmds=[
            "write the migration that splits full_name into first and last name",
            "do the users schema migration",
        ],
        quote="split full_name into first_name and last_name",
        facts=["some names have three parts", "the table has about 4 million rows"],
        rules=["the backfill must run in batches of 10k", "make it reversible"],
        qs=["what do you do with single-word names?", "how long will the backfill take?"],
    ),
    dict(
        msg="Draft a reply to the customer in ticket #4821, she was double charged for her subscription and is pretty angry.",
        refs=[
            "the ticket #4821 reply",
            "the double charge ticket",
            "the angry customer email",
            "the refund reply",
        ],
        cmds=[
            "draft a reply to ticket 4821 about the double charge",
            "answer the customer who got charged twice",
        ],
        quote="she was double charged",
        facts=["the refund was already issued on Monday", "her name is Priya"],
        rules=["don't promise a discount", "keep it under 150 words"],
        qs=["did you mention the refund timeline?", "what tone are you going for?"],
    ),
    dict(
        msg="Set up a GitHub Actions workflow that runs pytest and ruff on every PR.",
        refs=["the GitHub Actions workflow", "the CI setup", "the workflow file", "the PR checks"],
        cmds=[
            "set up a GitHub Actions workflow for pytest and ruff",
            "add PR checks with pytest and ruff",
        ],
        quote="runs pytest and ruff on every PR",
        facts=["we're on python 3.11", "the tests need a postgres service"],
        rules=["cache pip dependencies", "use ubuntu-latest"],
        qs=["are you using a matrix for python versions?", "will it run on draft PRs too?"],
    ),
    dict(
        msg="Please write docs for the public API in api/v2 — every endpoint, params, example request and response.",
        refs=["the API docs", "the docs", "the v2 documentation", "the endpoint docs"],
        cmds=["write the docs for the v2 API", "document the api/v2 endpoints"],
        quote="every endpoint, params, example request and response",
        facts=["the /export endpoint is deprecated", "auth is bearer tokens everywhere"],
        rules=["use markdown, one file per resource", "examples in curl"],
        qs=["how many endpoints are there?", "are you documenting error codes too?"],
    ),
    dict(
        msg="The dashboard is slow, the orders page takes 8 seconds to load. Profile it and speed it up.",
        refs=["the dashboard performance", "the slow orders page", "the perf work", "the speedup"],
        cmds=[
            "figure out why the orders page takes 8 seconds",
            "speed up the dashboard orders page",
        ],
        quote="the orders page takes 8 seconds to load",
        facts=["there's an N+1 query in the orders serializer I think", "it's fast in staging"],
        rules=["no caching layer for now", "measure before and after"],
        qs=["where is the time going?", "is it the DB or the frontend?"],
    ),
    dict(
        msg="analyse churn: which customer segments churned most in the last 6 months? data is in the warehouse, table analytics.subscriptions",
        refs=["the churn analysis", "the churn numbers", "the segment analysis", "churn"],
        cmds=[
            "look at which segments churned most in the last 6 months",
            "do the churn analysis on analytics.subscriptions",
        ],
        quote="which customer segments churned most",
        facts=["trial users are flagged with plan='trial'", "the cancelled_at column is UTC"],
        rules=["exclude internal accounts", "use monthly cohorts"],
        qs=["what's the overall churn rate?", "is the SMB segment worse than enterprise?"],
    ),
    dict(
        msg="Upgrade the project from Django 3.2 to 4.2. Fix whatever breaks.",
        refs=["the Django upgrade", "the upgrade", "the 4.2 migration", "the framework bump"],
        cmds=["upgrade us from Django 3.2 to 4.2", "do the Django 4.2 upgrade"],
        quote="Django 3.2 to 4.2",
        facts=["django-celery-beat pins an old version", "we use the old url() style everywhere"],
        rules=["one commit per breaking change", "don't upgrade other packages unless you have to"],
        qs=["how many deprecation warnings are left?", "does the admin still work?"],
    ),
    dict(
        msg="Write a bash script that backs up the postgres db every night to S3 and keeps the last 14 days.",
        refs=["the backup script", "the nightly backup", "the S3 backup", "the pg backup cron"],
        cmds=["write the nightly postgres backup script to S3", "set up the db backups to S3"],
        quote="keeps the last 14 days",
        facts=["the bucket is acme-db-backups", "the box has the aws cli already"],
        rules=["compress with gzip", "log to /var/log/backup.log"],
        qs=["how are you handling retention?", "does it alert on failure?"],
    ),
    dict(
        msg="translate the onboarding emails into Spanish and German",
        refs=[
            "the translations",
            "the onboarding emails",
            "the Spanish and German versions",
            "the localisation",
        ],
        cmds=[
            "translate the onboarding emails to Spanish and German",
            "do the Spanish/German onboarding emails",
        ],
        quote="onboarding emails into Spanish and German",
        facts=["the German audience is mostly B2B", "email 3 has a promo code"],
        rules=["use formal 'Sie' in German", "keep the product name in English"],
        qs=["are you doing the subject lines too?", "which email are you on?"],
    ),
    dict(
        msg="Our k8s pods keep getting OOMKilled in the worker deployment. Can you investigate?",
        refs=[
            "the OOM issue",
            "the OOMKilled pods",
            "the worker memory problem",
            "the k8s investigation",
        ],
        cmds=["investigate why the worker pods get OOMKilled", "look into the worker memory issue"],
        quote="pods keep getting OOMKilled",
        facts=["the limit is 512Mi right now", "it started after we enabled image processing"],
        rules=["don't just raise the limit to 4Gi", "check with kubectl top first"],
        qs=["is it a leak or just a spike?", "which container is it?"],
    ),
    dict(
        msg="Add dark mode to the settings page. Toggle should persist in localStorage.",
        refs=["dark mode", "the dark mode toggle", "the theme switch", "the settings page theme"],
        cmds=["add a dark mode toggle to settings", "implement dark mode on the settings page"],
        quote="persist in localStorage",
        facts=[
            "we already have CSS variables for colors",
            "the design is in Figma, page 'Settings v3'",
        ],
        rules=["respect prefers-color-scheme by default", "no new UI library"],
        qs=["does the toggle persist after reload?", "how does it look on the charts?"],
    ),
    dict(
        msg="Clean up the customer dataset: dedupe, normalise phone numbers, fix the country codes. File is customers_raw.xlsx.",
        refs=["the data cleanup", "the customer dataset", "the dedupe", "customers_raw"],
        cmds=[
            "clean up customers_raw.xlsx — dedupe and normalise phones",
            "dedupe the customer dataset",
        ],
        quote="normalise phone numbers",
        facts=[
            "duplicates usually differ only in email case",
            "UK numbers sometimes start with 0044",
        ],
        rules=["use E.164 for phones", "keep the original row ids"],
        qs=["how many duplicates did you find?", "what do you do with blank countries?"],
    ),
    dict(
        msg="write unit tests for utils/dates.py, coverage is like 20% right now",
        refs=[
            "the unit tests",
            "the dates tests",
            "the test coverage",
            "the tests for utils/dates",
        ],
        cmds=["write unit tests for utils/dates.py", "get coverage up on the date utils"],
        quote="coverage is like 20%",
        facts=["parse_range has a known bug with DST", "we use pytest, not unittest"],
        rules=["use freezegun for anything time dependent", "no network in tests"],
        qs=["what's the coverage now?", "did any tests fail?"],
    ),
    dict(
        msg="Can you summarise the 40-page vendor contract in contracts/acme_msa.pdf? I mainly care about liability, termination and auto-renewal.",
        refs=["the contract summary", "the Acme MSA", "the vendor contract", "the legal summary"],
        cmds=[
            "summarise the Acme vendor contract",
            "go through the MSA for liability and termination",
        ],
        quote="liability, termination and auto-renewal",
        facts=["section 14 was amended in an addendum", "our legal contact is Dana"],
        rules=["quote the clause numbers", "bullet points, max one page"],
        qs=["what's the notice period for termination?", "is there a liability cap?"],
    ),
    dict(
        msg="The nginx config for the new subdomain api.acme.io — set it up with TLS via certbot, proxy to port 8080.",
        refs=["the nginx setup", "the subdomain config", "the TLS setup", "api.acme.io"],
        cmds=["set up nginx for api.acme.io with TLS", "configure the new subdomain with certbot"],
        quote="proxy to port 8080",
        facts=["DNS is already pointing to the box", "port 80 is open, 443 too"],
        rules=["redirect http to https", "HSTS off for now"],
        qs=["did certbot succeed?", "is the proxy passing the host header?"],
    ),
    dict(
        msg="Customer from Globex says their CSV exports have garbled characters. Find out what's going on and reply to them.",
        refs=[
            "the Globex ticket",
            "the garbled export issue",
            "the CSV encoding problem",
            "Globex",
        ],
        cmds=["look into the Globex garbled CSV export", "sort out the Globex encoding complaint"],
        quote="CSV exports have garbled characters",
        facts=["they open the files in Excel on Windows", "their data has lots of umlauts"],
        rules=["don't blame the customer", "cc their account manager"],
        qs=["is it a BOM issue?", "can you reproduce it?"],
    ),
    dict(
        msg="I need a Python script that scrapes competitor prices from the three sites in competitors.txt daily and stores them in sqlite.",
        refs=["the price scraper", "the scraper", "the competitor prices", "the scraping script"],
        cmds=["write the competitor price scraper", "build the daily price scraper into sqlite"],
        quote="scrapes competitor prices",
        facts=["one of the sites renders with JS", "they rate limit at around 1 req/sec"],
        rules=["respect robots.txt", "use httpx not requests"],
        qs=["how are you handling the JS site?", "what does the table schema look like?"],
    ),
    dict(
        msg="rename the `Account` model to `Organization` across the whole codebase, incl. migrations and frontend",
        refs=[
            "the rename",
            "the Account to Organization rename",
            "the model rename",
            "the Organization thing",
        ],
        cmds=["rename Account to Organization everywhere", "do the Account→Organization rename"],
        quote="rename the `Account` model to `Organization`",
        facts=[
            "the API field names must stay 'account_id' for now",
            "there are raw SQL queries in reports/",
        ],
        rules=["do it in one migration", "keep a deprecated alias for a release"],
        qs=["how many files does it touch?", "are you renaming the tables as well?"],
    ),
    dict(
        msg="Hey — could you build an A/B test analysis for the new checkout flow? Conversion, AOV, and significance. Data in exp_checkout_v2.parquet.",
        refs=[
            "the A/B test analysis",
            "the checkout experiment",
            "the experiment results",
            "the checkout A/B",
        ],
        cmds=["analyse the checkout A/B test", "crunch the checkout experiment numbers"],
        quote="Conversion, AOV, and significance",
        facts=["the test ran for 3 weeks", "variant B had a bug for the first 2 days"],
        rules=["use a two-sided test", "report confidence intervals, not just p-values"],
        qs=["is the lift significant?", "what's the sample size per arm?"],
    ),
    dict(
        msg="Write a blog post announcing our new Slack integration. ~800 words, friendly tone.",
        refs=["the blog post", "the Slack announcement", "the launch post", "the integration post"],
        cmds=[
            "write the Slack integration blog post",
            "draft the announcement for the Slack integration",
        ],
        quote="announcing our new Slack integration",
        facts=["launch date is the 14th", "it supports slash commands and notifications"],
        rules=["no exclamation marks in the title", "include a screenshot placeholder"],
        qs=["what's the working title?", "how long is it so far?"],
    ),
    dict(
        msg="terraform: add a read replica for the prod RDS instance in eu-west-1",
        refs=["the read replica", "the RDS replica", "the terraform change", "the replica work"],
        cmds=["add a read replica for prod RDS in terraform", "set up the RDS read replica"],
        quote="read replica for the prod RDS",
        facts=["the state is in the acme-tf-state bucket", "prod uses db.r6g.large"],
        rules=["plan only, don't apply", "tag everything with team=platform"],
        qs=["what does the plan show?", "is multi-AZ on?"],
    ),
    dict(
        msg="Handle the refund request from the customer on chat — order 99812, item arrived broken. Policy says full refund under 30 days.",
        refs=["the refund request", "order 99812", "the broken item refund", "the chat refund"],
        cmds=["process the refund for order 99812", "handle the broken item refund on chat"],
        quote="item arrived broken",
        facts=["the order was placed 12 days ago", "she already sent a photo"],
        rules=["no need to ask for the item back", "be apologetic"],
        qs=["did she give the order number?", "is it within 30 days?"],
    ),
    dict(
        msg="Implement rate limiting on the public API. 100 req/min per API key, return 429 with Retry-After.",
        refs=["rate limiting", "the rate limiter", "the 429 stuff", "the API throttling"],
        cmds=["add rate limiting to the public API", "implement the per-key rate limiter"],
        quote="100 req/min per API key",
        facts=["we already have redis in the stack", "internal keys start with 'int_'"],
        rules=["exempt internal keys", "sliding window, not fixed"],
        qs=["where are you hooking it in?", "what happens when redis is down?"],
    ),
    dict(
        msg="Make a forecast of next quarter's support ticket volume so we can plan staffing. History is in tickets_2021_2024.csv.",
        refs=[
            "the forecast",
            "the ticket forecast",
            "the staffing forecast",
            "the volume projection",
        ],
        cmds=["forecast next quarter's ticket volume", "do the support volume forecast"],
        quote="plan staffing",
        facts=[
            "December is always a spike",
            "we changed ticketing tools in 2022 so early data is messy",
        ],
        rules=["weekly granularity", "give a range, not a point estimate"],
        qs=["what model are you using?", "how wide is the interval?"],
    ),
    dict(
        msg="the mobile app crashes on launch on android 14, here's the stack trace: java.lang.IllegalStateException in MainActivity.onCreate. please fix",
        refs=[
            "the android crash",
            "the crash on launch",
            "the Android 14 bug",
            "the MainActivity crash",
        ],
        cmds=["fix the Android 14 launch crash", "look at the MainActivity crash"],
        quote="crashes on launch on android 14",
        facts=["it's only on Pixel devices", "targetSdk was bumped to 34 last release"],
        rules=["don't bump any other libraries", "add a regression test if you can"],
        qs=["can you reproduce on the emulator?", "is it the notification permission?"],
    ),
    dict(
        msg="Could you write a SQL query that gives me monthly active users by country for 2024?",
        refs=[
            "the MAU query",
            "the SQL query",
            "the monthly active users",
            "the country breakdown",
        ],
        cmds=["write the MAU by country query for 2024", "get me monthly active users per country"],
        quote="monthly active users by country",
        facts=[
            "active means at least one event in events table",
            "country comes from the users table, it can be null",
        ],
        rules=["use BigQuery syntax", "no subqueries if you can avoid it"],
        qs=["how do you define active?", "how many countries come back?"],
    ),
    dict(
        msg="Set up Sentry for the frontend and backend so we get error alerts in #eng-alerts.",
        refs=["the Sentry setup", "error monitoring", "Sentry", "the alerting"],
        cmds=["set up Sentry on frontend and backend", "hook up Sentry alerts to #eng-alerts"],
        quote="error alerts in #eng-alerts",
        facts=[
            "we have a Sentry org already, project names are acme-web and acme-api",
            "the frontend is built with vite",
        ],
        rules=["sample rate 0.2 for traces", "scrub emails from events"],
        qs=["are source maps uploading?", "did the test error show up?"],
    ),
    dict(
        msg="Please go through the 200 open Zendesk tickets tagged 'billing' and categorise them so we know what the main problems are.",
        refs=[
            "the ticket triage",
            "the billing tickets",
            "the categorisation",
            "the Zendesk backlog",
        ],
        cmds=[
            "categorise the open billing tickets in Zendesk",
            "triage the billing ticket backlog",
        ],
        quote="tagged 'billing'",
        facts=["about half are about VAT invoices", "some are duplicates from the same customer"],
        rules=["max 8 categories", "don't reply to any of them"],
        qs=["what's the biggest category so far?", "how far through are you?"],
    ),
    dict(
        msg="Convert the old jQuery checkout form to React. Keep the validation behaviour identical.",
        refs=["the React conversion", "the checkout form", "the jQuery rewrite", "the form port"],
        cmds=["port the checkout form from jQuery to React", "rewrite the checkout form in React"],
        quote="Keep the validation behaviour identical",
        facts=["the postcode validation is custom per country", "we use react-hook-form elsewhere"],
        rules=["same field names, analytics depend on them", "no class components"],
        qs=["how's the validation handled?", "is the submit flow working?"],
    ),
    dict(
        msg="Write the release notes for v2.7 from the merged PRs since v2.6.",
        refs=["the release notes", "the v2.7 notes", "the changelog", "release notes"],
        cmds=["write the v2.7 release notes", "put together the changelog for 2.7"],
        quote="merged PRs since v2.6",
        facts=["PR 1402 was reverted", "the big feature is bulk export"],
        rules=["group by Features / Fixes / Internal", "no PR author names"],
        qs=["how many PRs are in there?", "did you include the reverted one?"],
    ),
    dict(
        msg="Our docker image is 2.3GB. Get it down as much as you can.",
        refs=["the docker image", "the image size", "the Dockerfile slimming", "the image work"],
        cmds=["shrink the docker image", "get the docker image size down"],
        quote="docker image is 2.3GB",
        facts=["we only need the dev deps in CI", "the base is python:3.11 full"],
        rules=["must stay debian based", "keep the healthcheck"],
        qs=["what's the size now?", "are you using multi-stage?"],
    ),
    dict(
        msg="Build a little CLI tool that takes a folder of invoices (PDF) and extracts vendor, date, total into a CSV.",
        refs=[
            "the invoice extractor",
            "the invoice CLI",
            "the PDF parsing tool",
            "the invoices thing",
        ],
        cmds=["build the invoice PDF to CSV tool", "write the invoice extraction CLI"],
        quote="extracts vendor, date, total into a CSV",
        facts=["some PDFs are scanned images", "dates are mixed US and EU formats"],
        rules=["use click for the CLI", "output ISO dates"],
        qs=["how do you handle the scanned ones?", "what's the accuracy on the sample folder?"],
    ),
    dict(
        msg="Respond to the App Store review complaints from this week — there are like 15 one-star ones about the new paywall.",
        refs=[
            "the App Store reviews",
            "the review responses",
            "the paywall complaints",
            "the one-star replies",
        ],
        cmds=[
            "respond to this week's App Store one-star reviews",
            "answer the paywall complaints on the App Store",
        ],
        quote="one-star ones about the new paywall",
        facts=["existing users are grandfathered until March", "there's a student discount"],
        rules=["max 350 characters per reply", "never argue with the reviewer"],
        qs=["how many have you answered?", "what are people mostly angry about?"],
    ),
    dict(
        msg="set up log rotation for the app logs in /var/log/acme, they filled the disk last night",
        refs=["the log rotation", "logrotate", "the disk issue", "the logs thing"],
        cmds=[
            "set up logrotate for /var/log/acme",
            "fix the log rotation so the disk doesn't fill",
        ],
        quote="filled the disk last night",
        facts=["the app writes about 3GB a day", "the app reopens log files on SIGHUP"],
        rules=["keep 7 days compressed", "don't delete today's logs"],
        qs=["is copytruncate needed?", "how much space did you free?"],
    ),
    dict(
        msg="Please build a cohort retention chart (weekly cohorts, 12 weeks) for users who signed up since January. Use the events table.",
        refs=[
            "the retention chart",
            "the cohort analysis",
            "the retention cohorts",
            "the cohort chart",
        ],
        cmds=["build the weekly cohort retention chart", "do the retention cohorts since January"],
        quote="weekly cohorts, 12 weeks",
        facts=[
            "the events table has bot traffic from the QA team",
            "signups are in users.created_at",
        ],
        rules=["heatmap style", "percentages, not counts"],
        qs=["what does week 4 retention look like?", "are you excluding bots?"],
    ),
    dict(
        msg="Review PR #318 (the caching layer for product search) and leave comments.",
        refs=["the PR review", "PR 318", "the caching PR", "the code review"],
        cmds=["review PR #318", "go through the caching PR and leave comments"],
        quote="caching layer for product search",
        facts=[
            "the author is a junior dev, be kind",
            "cache invalidation happens on product update events",
        ],
        rules=["focus on correctness, not style", "approve only if tests pass"],
        qs=["any blockers so far?", "what do you think of the TTL choice?"],
    ),
    dict(
        msg="Write a proposal doc for moving our cron jobs to Airflow. Pros/cons, migration plan, rough effort.",
        refs=[
            "the Airflow proposal",
            "the proposal doc",
            "the cron migration doc",
            "the design doc",
        ],
        cmds=["write the Airflow proposal doc", "draft the cron-to-Airflow proposal"],
        quote="moving our cron jobs to Airflow",
        facts=["we have 37 cron jobs", "two of them are business-critical billing jobs"],
        rules=["one page max for the summary", "mention managed Airflow as an option"],
        qs=["what's the effort estimate?", "did you list the risky jobs?"],
    ),
    dict(
        msg="The password reset emails aren't arriving for gmail users. Check SendGrid and fix it.",
        refs=[
            "the password reset emails",
            "the email delivery issue",
            "the SendGrid problem",
            "the reset email bug",
        ],
        cmds=[
            "figure out why reset emails don't reach gmail",
            "fix the password reset email delivery",
        ],
        quote="aren't arriving for gmail users",
        facts=["SPF was changed last week", "outlook users get them fine"],
        rules=["don't change the sender domain", "test with a real gmail address"],
        qs=["is it DKIM?", "are they in spam or not sent at all?"],
    ),
    dict(
        msg="Make the search endpoint support fuzzy matching, people keep misspelling product names.",
        refs=["fuzzy search", "the search improvements", "the fuzzy matching", "search"],
        cmds=["add fuzzy matching to search", "make search tolerate typos"],
        quote="people keep misspelling product names",
        facts=["we're on postgres 15, pg_trgm is available", "the catalog has 50k products"],
        rules=["exact matches must still rank first", "latency under 200ms"],
        qs=["what threshold are you using?", "how does it rank exact matches?"],
    ),
    dict(
        msg="Prepare a slide deck outline for the board meeting: product progress, key metrics, hiring.",
        refs=["the board deck", "the slides", "the board meeting outline", "the deck"],
        cmds=["outline the board deck", "prepare the board meeting slides outline"],
        quote="product progress, key metrics, hiring",
        facts=["ARR is 4.2M as of last month", "we hired 6 people this quarter"],
        rules=["max 12 slides", "metrics slide goes first"],
        qs=["how many slides is it now?", "what's on the hiring slide?"],
    ),
    dict(
        msg="Our webhook deliveries to customers are failing silently. Add retries with exponential backoff and a dead letter queue.",
        refs=["the webhook retries", "the webhook work", "the DLQ", "the webhook delivery fix"],
        cmds=["add retries and a DLQ to webhook delivery", "fix the silent webhook failures"],
        quote="failing silently",
        facts=["we use SQS already", "some customers return 200 with an error body"],
        rules=["max 8 attempts", "jitter on the backoff"],
        qs=["what's the max delay?", "how do customers see failed deliveries?"],
    ),
]

PEOPLE = [
    "Sam",
    "Priya",
    "Jonas",
    "Mei",
    "Carlos",
    "Aisha",
    "Tom",
    "the platform team",
    "Olek",
    "Fatima",
    "the data team",
    "Nadia",
]
REASONS = [
    "the client cancelled the contract",
    "it's been decided in the standup",
    "the deadline moved to next quarter",
    "legal said we can't ship it",
    "turns out it was already done by someone else",
    "we're deprecating that whole thing",
    "management changed priorities",
    "the vendor fixed it on their side",
    "it's not worth it anymore",
    "budget got cut",
    "the customer withdrew the request",
    "we're rewriting that module next month anyway",
]


def cap(s):
    return s[:1].upper() + s[1:] if s else s


def low(s):
    return s[:1].lower() + s[1:] if s else s


# -------------------------------------------------------------------------------------- STOP
def stop_msg(r, cur):
    ref = r.choice(cur["refs"])
    reason = r.choice(REASONS)
    who = r.choice(PEOPLE)
    T = [
        "stop",
        "Stop.",
        "pls stop",
        "STOP",
        "ok stop stop stop",
        "hold on, stop there",
        f"stop working on {ref}",
        f"Stop {ref} for now.",
        f"Let's pause {ref}.",
        f"Please put {ref} on hold.",
        f"park {ref} for now, I'll come back to it later",
        f"Cancel {ref}, {reason}.",
        f"{cap(ref)} isn't needed anymore. You can stop.",
        f"forget about {ref}",
        f"Never mind {ref}.",
        "nvm, drop it",
        f"Actually don't bother with {ref}, {reason}.",
        f"Hey, can you hold off on {ref}? Something came up. I'll ping you when we're ready to continue.",
        f"ok scratch that, no need for {ref} anymore",
        f"{who} is taking over {ref}, so you can stop.",
        f"{who} will handle {ref} from here, please leave it.",
        f"Let's call it a day on {ref}.",
        f"that's enough on {ref} for today",
        f"Abort. {reason}.",
        f"Please stop what you're doing, {reason}.",
        f"wait wait, don't continue with {ref}",
        f"Hmm, on second thought let's shelve {ref}.",
        f"We're not doing {ref} anymore — {reason}. Just stop there, no need to clean up.",
        f"Please don't go any further with {ref}. Leave everything as it is.",
        f"Put a pin in {ref}, we'll revisit next week.",
        f"kill it, {reason}",
        f"Halt {ref} please",
        f"I changed my mind, I don't want {ref} after all.",
        f"you can drop {ref}. thanks for the work so far",
        f"ok, freeze {ref} where it is. don't commit anything else",
        f"Please stop for now, I need to think about {ref} more before we continue.",
        f"Sorry, false alarm — {ref} isn't a thing anymore, stop please.",
        f"Let's stop here with {ref}. I'll pick it up myself tomorrow.",
        f"I'm pulling the plug on {ref}. {cap(reason)}.",
        f"Please, stop the work on {ref}. Is not needed now.",
        f"you can stop now, we will not continue {ref}",
        f"Stop please, the {cur['quote']} thing is not important anymore.",
        f"hey, {ref} — let's not. {reason}, so just stop",
        "Enough. Stop.",
        "hold off on everything for now",
        "pause here pls",
        f"ok let's leave {ref} aside for a while, I'll get back to you",
        f"stand down on {ref}",
        f"Don't finish {ref}. {cap(reason)}.",
        f"Ugh, {reason}. Stop {ref}, sorry for the wasted effort.",
        f"Can you stop {ref}? {cap(reason)}.",
        f"{cap(ref)} is cancelled.",
        f"{cap(ref)} is on hold until further notice.",
        f"We'll leave {ref} there for today, stop please",
        f"quick one — stop with {ref}, we're blocked on {who} anyway",
    ]
    return r.choice(T)


# -------------------------------------------------------------------------------------- SWITCH
def switch_msg(r, cur, new):
    ref = r.choice(cur["refs"])
    nref = r.choice(new["refs"])
    cmd = r.choice(new["cmds"])
    reason = r.choice(REASONS)
    who = r.choice(PEOPLE)
    T = [
        f"stop {ref}, {cmd} instead",
        f"Actually {ref} isn't needed anymore, could you {cmd}?",
        f"{cap(nref)} takes priority over {ref}. Please {cmd}.",
        f"Drop {ref} and {cmd}.",
        f"can you drop {ref} and {cmd}?",
        f"Change of plans: forget {ref}, I need you to {cmd}.",
        f"Pause {ref} — I'll come back to it later. Right now, please {cmd}.",
        f"{who} will take over {ref}, you {cmd}.",
        f"{who} is going to finish {ref}. Can you {cmd} in the meantime?",
        f"Cancel {ref} ({reason}). Next up: {cmd}.",
        f"Leave {ref} for now, something more urgent: {cmd}",
        f"urgent!! drop everything and {cmd}",
        f"Put {ref} on hold and {cmd} first, that's blocking people.",
        f"ok forget about {ref}. new task: {cmd}",
        f"Let's switch gears. No more {ref}; {cmd}.",
        f"Hey so {reason}, meaning {ref} is off. Could you {cmd} instead?",
        f"Park {ref}. I need you on {nref} — {cmd}.",
        f"{cap(ref)} can wait. {cap(cmd)}.",
        f"{cap(ref)} can wait until tomorrow, {nref} can't. Please {cmd}.",
        f"Sorry to interrupt — stop what you're doing and {cmd}.",
        f"Instead of {ref}, please {cmd}.",
        f"scrap {ref}, {cmd}",
        f"I don't need {ref} anymore. What I need is for you to {cmd}.",
        f"hmm actually let's not do {ref}. {cmd} pls",
        f"Please leave {ref} and do another thing: {cmd}.",
        f"Stop with {ref} please, is more important now to {cmd}.",
        f"You can stop {ref}, {who} already did it. Can you {cmd}?",
        f"So... {reason}. Let's drop {ref} entirely and {cmd}.",
        f"Before you go further on {ref} — stop. Bigger fire: {cmd}.",
        f"Let's put {ref} to one side, I'd like you to {cmd} now.",
        f"New priority from above: {cmd}. {cap(ref)} is paused until that's done.",
        f"quick change — {ref} is paused, {cmd} asap",
        f"Switching you to {nref}. Please stop {ref} and {cmd}.",
        f"Hold off on {ref}. Could you {cmd} right away?",
        f"ok {ref} is dead, {reason}. let's {cmd}",
        f"I've been thinking and {ref} is not the right priority. Let's {cmd} instead and come back to {ref} later maybe.",
        f"Not {ref} — {cmd}. Sorry, I should've said that first.",
        f"Wait, I gave you the wrong task. Not {ref}: I meant {cmd}.",
        f"stop. {cmd}",
        f"Forget what I said before. {cap(cmd)}.",
        f"Can you abandon {ref} and {cmd} instead? {cap(reason)}.",
        f"Please stop working on {ref}; {nref} is more urgent. {cap(cmd)}.",
        f"Let {who} finish {ref}. For you: {cmd}.",
        f"hey, {who} pinged me, {nref} is on fire. leave {ref} and {cmd}",
        f"Different task now: {cmd}. Stop {ref}.",
        f"Move off {ref} please and {cmd}.",
        f"we're pivoting — {ref} is shelved. go {cmd}",
        f"Could you stop {ref} and have a look at {nref} instead? Basically {cmd}.",
    ]
    return r.choice(T)


# -------------------------------------------------------------------------------------- RESUME
def resume_msg(r, stopped, side):
    ref = r.choice(stopped["refs"])
    sref = r.choice(side["refs"])
    q = stopped["quote"]
    bare = ref.replace("the ", "", 1) if ref.startswith("the ") else ref
    T = [
        f"ok where were we with {ref}",
        f"Let's get {ref} over the line.",
        f"{bare} time again",
        f"back to {ref}",
        f"Ok, back to {ref} please.",
        f"Let's pick {ref} back up.",
        f"Resume {ref}.",
        f"Please resume {ref} where you left off.",
        f"We can continue with {ref} now.",
        f"Now that {sref} is done, let's go back to {ref}.",
        f"{cap(sref)} is sorted, thanks. Back to {ref}?",
        f"ok {sref} can wait, let's return to {ref}",
        f"Alright, {ref} is unblocked, carry on with it.",
        f"Good news, {ref} is back on. Continue from where you stopped.",
        f'Let\'s get back to the thing from before — "{q}".',
        f"remember the {q} task? let's finish that",
        f"Can we go back to what you were doing before? The {bare}.",
        f"un-pause {ref} pls",
        f"Okay let's restart {ref}, {r.choice(PEOPLE)} couldn't take it after all.",
        f"{r.choice(PEOPLE)} gave {ref} back to us, please continue it.",
        f"Take {ref} off hold and keep going.",
        f"Let's revisit {ref} now.",
        f"Where did you get to with {ref}? Let's finish it.",
        f"Back on {ref}, please — same plan as before.",
        "Let's go back to the task I stopped earlier.",
        "ok let's go back to what we paused",
        "Please continue the previous task.",
        f"Can you finish {ref} now? The other stuff is done.",
        f"After all we need {ref} — please continue it.",
        f"So, {ref}. Let's carry on with that.",
        f"Return to {ref}, please, and wrap it up.",
        f"Let's continue {ref}. Is possible now.",
        f"I said to stop {ref} earlier, but let's continue it now.",
        f"Turns out {ref} is needed after all. Pick it up again please.",
        f"{cap(ref)} is back on the table. Continue where you left it.",
        f"and now, back to our regularly scheduled {bare}",
        f"ok we're done with {sref}, resume the earlier one",
        f"Let's jump back into {ref}.",
        f"Let's have another go at {ref}.",
        f"time to finish {ref}",
    ]
    return r.choice(T)


# -------------------------------------------------------------------------------------- REPLY
def reply_msg(r, cur, other):
    ref = r.choice(cur["refs"])
    fact = r.choice(cur["facts"])
    rule = r.choice(cur["rules"])
    q = r.choice(cur["qs"])
    oref = r.choice(other["refs"])
    ocmd = r.choice(other["cmds"])
    who = r.choice(PEOPLE)
    T = [
        # rules
        f"{cap(rule)}.",
        f"btw {rule}",
        f"One rule for {ref}: {rule}.",
        f"Important: {rule}!",
        f"Also, {rule}, ok?",
        f"Just so you know, {rule}.",
        f"reminder: {rule}",
        f"Please don't stop to ask me every time, just keep going with {ref}.",
        "Don't stop the backfill halfway if something looks weird, just log it."
        if "migration" in ref
        else f"Don't stop at the first error, collect them all for {ref}.",
        "Never cancel a running job without asking me first.",
        # facts
        f"FYI {fact}.",
        f"{cap(fact)}.",
        f"Context: {fact}.",
        f"oh and {fact}",
        f"Might be useful: {fact}.",
        f"Not sure if it matters, but {fact}.",
        f"{who} told me {fact}.",
        f"fwiw {fact}",
        # questions
        f"{cap(q)}",
        f"Quick question on {ref} — {q}",
        f"how's {ref} going?",
        f"Any progress on {ref}?",
        f"how long do you think {ref} will take?",
        f"What's blocking {ref}?",
        f"Is {ref} done yet?",
        "did you stop at some point or is it still running?",
        "Why did you stop? Please continue.",
        f"Will you be able to finish {ref} today?",
        # confirmations / nudges
        "yes",
        "yep go ahead",
        "ok",
        "sounds good",
        "Looks good, continue.",
        "👍",
        "perfect, carry on",
        "yes that's right",
        "correct",
        "thanks!",
        "great, keep going",
        f"Yes, go ahead with {ref}.",
        f"Keep going with {ref}, you're on the right track.",
        "Continue.",
        "go on",
        "ok do it",
        "Approved.",
        "lgtm, proceed",
        "Yes, option 2.",
        "the second one",
        "no, the other file",
        "Yes please, do that.",
        f"Don't pause to ask, just finish {ref}.",
        "continue please, don't wait for me",
        # details / corrections within task
        f"For {ref}, {fact}.",
        f"Small correction: {fact}.",
        f"Also make sure to {rule}.",
        f"One more detail on {ref}: {fact}.",
        f"Sorry I forgot to mention, {fact}. Keep going though.",
        # additions that don't stop anything
        f"When you're done with {ref}, could you also {ocmd}?",
        f"After {ref}, next thing will be {oref}, but finish this first.",
        f"Once {ref} is finished, {ocmd}. No rush.",
        f"Add to your list: {ocmd} — after the current thing.",
        f"Also, while you're at it, note down anything related to {oref} you notice, but stay on {ref}.",
        f"Keep working on {ref}. Later today I'll want you to {ocmd}, but not yet.",
        f"{who} asked about {oref} — ignore that for now, {ref} first.",
        f"Don't switch to anything else until {ref} is done.",
        f"Don't stop {ref} just because the tests are slow.",
        f"If {who} asks you to stop, tell them to talk to me. Keep going.",
        f"Btw I'm not cancelling anything, just curious — {q}",
        f"Please also {rule} while doing {ref}.",
        f"{ref} is the priority today, so take your time and do it properly.",
        f"No need to stop and ask, {fact}.",
        f"can you share the current state of {ref}?",
        f"Show me what you have so far on {ref}.",
        f"ok good. what's next for {ref}?",
        "thx. keep going",
        f"Nice work so far on {ref}. Keep it up.",
        f"I'll be in meetings for 2 hours, just keep going with {ref}.",
    ]
    return r.choice(T)


# -------------------------------------------------------------------------------------- style noise
SLACK_PREFIX = [
    "",
    "",
    "",
    "",
    "@agent ",
    "hey ",
    "Hi, ",
    "ok ",
    "so ",
    "hmm ",
    "Hello! ",
    "yo ",
    "quick thing: ",
]


def stylise(r, text, allow_prefix=True):
    t = text
    x = r.random()
    if x < 0.15:
        t = t.lower()
    elif x < 0.20:
        t = t.rstrip(".!")
    if allow_prefix and r.random() < 0.25 and len(t) > 12:
        t = r.choice(SLACK_PREFIX) + (low(t) if r.random() < 0.5 else t)
    if r.random() < 0.05:
        t = t + r.choice([" thx", " 🙏", " pls", " ty", "!!", " :)"])
    return t.strip()


def _mk(kind, text, cur, stopped=None):
    return {
        "kind": kind,
        "text": text,
        "current_task": cur["msg"],
        "stopped_task": stopped["msg"] if stopped else None,
    }


def generate(seed: int) -> list:
    r = random.Random(seed)
    out = []
    counts = {"switch": 180, "stop": 120, "resume": 120, "reply": 180}
    seen = set()
    for kind, n in counts.items():
        made = 0
        tries = 0
        while made < n and tries < n * 50:
            tries += 1
            cur, other = r.sample(TASKS, 2)
            if kind == "switch":
                text = switch_msg(r, cur, other)
                rec = _mk(kind, stylise(r, text), cur)
            elif kind == "stop":
                text = stop_msg(r, cur)
                rec = _mk(kind, stylise(r, text), cur)
            elif kind == "resume":
                # other = stopped task, cur = side task in force
                text = resume_msg(r, other, cur)
                rec = _mk(kind, stylise(r, text), cur, other)
            else:
                text = reply_msg(r, cur, other)
                stopped = (
                    other if r.random() < 0.2 else None
                )  # sometimes there is a set-aside task around
                # bare "continue"-type nudges would be ambiguous with a resume when a task is set aside
                if re.search(
                    r"\b(continue|carry on|keep going|go on|proceed|go ahead|do it|what's next|share the current|show me)\b",
                    text,
                    re.I,
                ) and not any(x.lower() in text.lower() for x in cur["refs"]):
                    stopped = None
                if stopped is not None:
                    stopped = r.choice([t for t in TASKS if t is not cur and t is not other])
                rec = _mk(kind, stylise(r, text), cur, stopped)
            key = (rec["kind"], rec["text"], rec["current_task"])
            if key in seen:
                continue
            seen.add(key)
            out.append(rec)
            made += 1
    r.shuffle(out)
    return out


if __name__ == "__main__":
    import collections
    import json
    import sys

    s = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    cases = generate(s)
    print(collections.Counter(c["kind"] for c in cases))
    for c in cases[:30]:
        print(json.dumps(c)[:300])
