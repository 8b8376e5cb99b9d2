# ruff: noqa: E501
"""Held-out corpus ``x`` of a person's turns to an AI agent mid-task. Written blind.

Written as an independent author from the side of senior engineers, tech leads and product
managers in large companies who steer an autonomous coding / ops agent with long, structured
messages. Opened while writing: only lines 1-60 of ``benchmarks/_turns_corpus_t.py`` (its
docstring, imports and ``KINDS``) and its ``generate`` function and ``__main__`` self-check at
the end of the file, to copy the interface; none of its wording is reused. NOT opened, grepped,
listed or run: anything under ``src/``, ``tests/`` or ``benchmarks/results/``, every other
``benchmarks/_turns_corpus_*.py`` file (nor the middle of ``_turns_corpus_t.py``), the
``bench_*.py`` scripts, ``train_turn_model.py``, ``turns_model_loco.py`` and
``turn_features_loco.py``. packlight was not imported, and none of its classifiers or
benchmarks were run on this corpus; do not tune this file against a classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated on normalised text (lowercased, whitespace collapsed; a text never appears twice,
so never under two kinds) and shuffled with ``random.Random(seed)``. Each case is a dict with:

- ``kind``: ``"switch"`` (the task in force is stopped, parked or replaced and a different task
  is asked for in the same message, in any wording), ``"stop"`` (stopped, cancelled, parked,
  deferred or handed off, nothing new asked), ``"resume"`` (back to a task stopped earlier,
  named or not) or ``"reply"`` (everything else said mid-task about the same task);
- ``text``: the message as typed;
- ``current_task``: the task in force, as the person first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- Perspective: staff engineers, tech leads, engineering managers and product managers at large
  companies. Messages are often long and structured (markdown headings, bullet and numbered
  lists, "**Done / Changing / Next**" status blocks, e-mail style "Subject:" lines, quoted
  Slack excerpts, fenced log and config blocks) and written in polite corporate hedging ("I
  think we should probably deprioritise", "let's put a pin in", "circling back", "per the sync
  with the platform team", "no longer a priority this quarter"). There are also terse reviewer
  comments ("Closing as won't-fix.", "PAY-2281 -> icebox").
- 35 enterprise / ops tasks, each with a JIRA-like ticket id, a file or service, an owning
  team, a status line, same-task details and questions, a pasted log / config / code excerpt,
  two alternative approaches, a context-only problem statement (used when the task appears as
  a new request without an explicit ask) and two task-specific hard look-alike replies whose
  subject matter is itself stopping, cancelling, pausing, resuming, rolling back, dropping,
  killing or backing off (graceful shutdown, a cancel endpoint, a batch pause/resume, a kill
  switch, a rollback runbook, retry back-off, alert silencing, ...).
- The change of task is frequently buried: in item 2 or 3 of a numbered list, in the middle of
  a status paragraph, after a quoted log, or at the end of a long e-mail. Many switch and stop
  templates are indirect (priorities moved, a deadline, another team took it over, the work is
  moot, a steering group froze it, a customer withdrew it, a new problem is simply described
  and asked about). Resume templates name the earlier task by ticket, nickname or file, or not
  at all ("the thing we parked before this one").
- Replies are half plain (answers, approvals, nudges, nits, corrections, extra detail, ETAs,
  long status notes that mention other teams' work, blockers and next quarter's plans without
  changing the task) and half hard look-alikes (stop / cancel / pause / drop / kill / later /
  instead / back / switch / resume / "put a pin in" / "circling back" used about the same
  task, questions about a parked task that do not resume it, alternatives for the same task,
  a cleared blocker on the same task).
- Seeded slot filling over the message templates listed in the ``__main__`` output, with
  random colleagues, meetings, teams, reasons, deadlines, greetings and sign-offs; an
  occasional ``cc @handle`` line is appended to any kind. Standard library only.

``python benchmarks/_turns_corpus_x.py`` prints the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = {"switch": 180, "stop": 120, "resume": 120, "reply": 180}

Case = dict[str, object]


@dataclass(frozen=True)
class Task:
    ask: str
    nouns: tuple[str, ...]
    do: str
    ticket: str
    file: str
    team: str
    status: str
    details: tuple[str, ...]
    questions: tuple[str, ...]
    log: str
    alt: tuple[str, str]
    ctx: str
    looks: tuple[str, ...]


_TASKS: tuple[Task, ...] = (
    Task(
        ask="Can you migrate the billing-events consumer from the legacy Kafka cluster to the new MSK cluster? Ticket is PAY-2281, the runbook draft is linked there.",
        nouns=("the MSK migration", "the billing-events consumer move", "the Kafka cutover"),
        do="migrate the billing-events consumer from the legacy Kafka cluster to MSK",
        ticket="PAY-2281",
        file="consumers/billing_events.py",
        team="the payments team",
        status="the consumer is running in shadow mode against MSK on staging and lag looks flat",
        details=(
            "the consumer group on MSK must be `billing-events-v2`, not the old name, otherwise we'll collide with the replay job.",
            "we need exactly-once semantics preserved, so keep `enable.idempotence=true` on the producer side of the bridge.",
        ),
        questions=(
            "Did you confirm the MSK topic has the same partition count (48) as the legacy one?",
            "What's our plan for offsets at cutover: reset to latest, or translate them?",
        ),
        log="```\n2024-05-14T09:12:44Z ERROR o.a.k.c.c.i.ConsumerCoordinator - [billing-events] Offset commit failed on partition billing.events-17: The coordinator is not aware of this member.\n2024-05-14T09:12:44Z WARN  rebalance in progress, retrying in 500ms\n```",
        alt=("a week of dual-writes to both clusters", "a hard cutover with translated offsets"),
        ctx="billing-events lag on the legacy Kafka cluster hit 2M messages overnight and Finance is asking why invoices are late (PAY-2281)",
        looks=(
            "When the consumer stops on SIGTERM during the cutover it has to commit offsets first, otherwise we double-bill on restart. Please make sure the shutdown hook does that before you go further.",
            "Don't kill the legacy consumer group at cutover — stop it, leave it registered for 48h so we can roll back by restarting it.",
        ),
    ),
    Task(
        ask="Please add graceful shutdown to ingest-worker so that on SIGTERM it stops pulling from SQS and drains in-flight jobs before exiting (OPS-1187).",
        nouns=(
            "the graceful shutdown work",
            "the ingest-worker drain change",
            "the SIGTERM handling",
        ),
        do="add graceful shutdown with SQS draining to ingest-worker",
        ticket="OPS-1187",
        file="ingest_worker/main.go",
        team="SRE",
        status="the signal handler is in and the drain loop works locally, but the pod terminationGracePeriod is still 30s",
        details=(
            "the drain timeout should be configurable via `DRAIN_TIMEOUT_SECONDS`, default 25, so it fits inside the 30s grace period.",
            "visibility timeouts on unfinished messages need to be reset to zero on shutdown so another worker picks them up right away.",
        ),
        questions=(
            "Are you handling SIGINT the same way as SIGTERM? Locally people hit Ctrl-C.",
            "What happens to a job that's halfway through an S3 upload when the drain timer expires?",
        ),
        log='```\nlevel=info msg="received SIGTERM" worker=ingest-7f9c\nlevel=error msg="job aborted mid-flight" job_id=8812731 err="context canceled"\nlevel=info msg="exiting" inflight=3\n```',
        alt=(
            "a preStop hook with a sleep",
            "handling the signal inside the worker and draining in-process",
        ),
        ctx="ingest-worker drops in-flight jobs every time we deploy, and the data team found 3k missing rows from Tuesday's rollout (OPS-1187)",
        looks=(
            "The stop sequence should be: stop polling, wait for in-flight jobs up to the timeout, then exit. Don't kill the process before the drain finishes, even if the timer is close.",
            "Please also make `/healthz` return 503 as soon as shutdown starts so the load balancer stops sending traffic — that's part of this change.",
        ),
    ),
    Task(
        ask="Implement the `POST /v2/subscriptions/{id}/cancel` endpoint with proration and the cancellation email, per the spec in SUBS-514.",
        nouns=("the cancel endpoint", "subscription cancellation", "the SUBS-514 endpoint"),
        do="implement the subscription cancel endpoint with proration",
        ticket="SUBS-514",
        file="services/subscriptions/cancel_handler.py",
        team="the billing team",
        status="the handler and proration maths are done and unit-tested; the email template is still the placeholder",
        details=(
            "proration is by calendar day in the customer's billing timezone, not UTC.",
            "the endpoint must be idempotent on the `Idempotency-Key` header; the mobile app retries aggressively.",
        ),
        questions=(
            "How are you handling a cancel that arrives while a renewal charge is in flight?",
            "Does the spec want the cancellation effective immediately or at period end? I've heard both.",
        ),
        log='```python\ndef cancel(sub_id: str, at_period_end: bool = True) -> Subscription:\n    sub = repo.get(sub_id)\n    if sub.status == "canceled":\n        raise AlreadyCanceled(sub_id)\n    ...\n```',
        alt=(
            "computing proration in the handler",
            "delegating proration to the billing provider's API",
        ),
        ctx="customers can't cancel from the app anymore because the v1 endpoint was removed and the v2 one doesn't exist yet; support has 40 tickets (SUBS-514)",
        looks=(
            "For cancel: if the subscription is already cancelled, return 409 rather than 200. Cancelling twice shouldn't send a second email either.",
            "The cancellation email should say 'Your plan will stop renewing on <date>', not 'cancelled' — marketing was very specific about that wording.",
        ),
    ),
    Task(
        ask="Add pause and resume support to the nightly reconciliation batch so ops can halt it mid-run without losing progress. Ticket RECON-77.",
        nouns=(
            "the reconciliation pause/resume feature",
            "RECON-77",
            "the batch checkpointing work",
        ),
        do="add pause/resume with checkpoints to the nightly reconciliation batch",
        ticket="RECON-77",
        file="batch/reconcile/runner.py",
        team="the finance ops team",
        status="checkpoints are being written every 10k rows; the pause flag is read from Redis but resume isn't wired yet",
        details=(
            "the checkpoint needs the last processed ledger id AND the running totals, or resume will produce wrong sums.",
            "ops will trigger pause from the admin console, so expose it as an API call, not a CLI flag.",
        ),
        questions=(
            "How long can a paused run sit before the checkpoint is considered stale?",
            "If the schema changes between pause and resume, do we detect it?",
        ),
        log="```\n[reconcile] 01:42:10 processed=1,240,000 checkpoint=ledger_id:99821734\n[reconcile] 01:42:11 pause requested by ops-console (user=mfarrell)\n[reconcile] 01:42:11 paused; state flushed to s3://recon-ckpt/2024-05-14/\n```",
        alt=("storing checkpoints in Redis", "storing checkpoints in the Postgres job table"),
        ctx="the nightly reconciliation ran into business hours again and ops had to kill it, losing four hours of work (RECON-77)",
        looks=(
            "Resume should pick up from the last committed checkpoint, not start back at the beginning. And a second pause while already paused should be a no-op, not an error.",
            "Can you add a 'stop after current chunk' mode as well as pause? Ops want to be able to end the run cleanly without resuming it later. Same ticket.",
        ),
    ),
    Task(
        ask="Wire a kill switch for the new recommendations widget into LaunchDarkly so support can turn it off without a deploy (GROWTH-902).",
        nouns=("the recommendations kill switch", "the LaunchDarkly flag work", "GROWTH-902"),
        do="add a LaunchDarkly kill switch for the recommendations widget",
        ticket="GROWTH-902",
        file="web/src/widgets/Recommendations.tsx",
        team="the growth team",
        status="the flag exists in LaunchDarkly and the frontend reads it; the server-side fallback isn't done",
        details=(
            "the flag key should be `recs-widget-enabled`, default true, and support needs 'writer' on that flag only.",
            "when the flag is off the API should not even call the recs service, not just hide the widget.",
        ),
        questions=(
            "How fast does the flag change propagate to clients that already have the page open?",
            "Is the flag evaluated per user or globally?",
        ),
        log='```ts\nconst enabled = ldClient.variation("recs-widget-enabled", true);\nif (!enabled) return null;\n```',
        alt=("a client-side flag check", "a server-side check in the BFF"),
        ctx="the recommendations widget took down the product page for 20 minutes yesterday and support had no way to turn it off without a deploy (GROWTH-902)",
        looks=(
            "Make sure killing the widget via the flag also stops the prefetch request, otherwise we still hammer the recs service when it's down.",
            "When support flips the switch off and back on, the widget should come back without a page reload. That's the acceptance criterion I care about most.",
        ),
    ),
    Task(
        ask="Write the rollback runbook and script for the Postgres 15 upgrade of the orders database (DBA-340). The upgrade window is the 22nd.",
        nouns=("the rollback runbook", "the PG15 rollback plan", "DBA-340"),
        do="write the rollback runbook and script for the orders DB Postgres 15 upgrade",
        ticket="DBA-340",
        file="runbooks/orders-db/pg15-rollback.md",
        team="the DBA team",
        status="the runbook has the logical-replication fallback written up; the script still needs the DNS flip",
        details=(
            "the rollback has to be achievable within 15 minutes, that's the RTO we committed to the business.",
            "we keep the PG13 primary as a logical replica for 72h after the upgrade, so the rollback is a failback, not a restore.",
        ),
        questions=(
            "Have you tested the script against the staging clone, or just dry-run?",
            "Who has to approve a rollback during the window — is it the IC or the DBA on call?",
        ),
        log='```bash\n# step 4: repoint writers\naws route53 change-resource-record-sets --hosted-zone-id Z0ORD3RS --change-batch file://failback.json\npsql "$PG13_URL" -c "SELECT pg_promote();"\n```',
        alt=("a DNS-based failback", "a pgbouncer config swap"),
        ctx="the DBA team says the PG15 upgrade of the orders database can't be approved until there's a tested rollback (DBA-340)",
        looks=(
            "The rollback should drop the new replica only after we confirm the old primary is back in service. Put that as an explicit check in the script, not just in prose.",
            "Add a section on when NOT to roll back: if the error rate is under 0.5% we stop and investigate forward instead. That belongs in this runbook.",
        ),
    ),
    Task(
        ask="Refactor the staging VPC Terraform out of the monolithic `infra/main.tf` into modules, with zero resource recreation in the plan (INFRA-1520).",
        nouns=("the Terraform modularisation", "the staging VPC refactor", "INFRA-1520"),
        do="split the staging VPC Terraform into modules with no resource recreation",
        ticket="INFRA-1520",
        file="infra/main.tf",
        team="the platform team",
        status="networking and NAT are moved into modules with `moved` blocks; the plan still wants to recreate two route tables",
        details=(
            "use `moved {}` blocks rather than `terraform state mv`, we want the history in code review.",
            "the module interface should match what prod will use later, so don't hardcode the staging CIDRs inside the module.",
        ),
        questions=(
            "Which two route tables is the plan trying to recreate, and why?",
            "Are you pinning the AWS provider version in the module or only at the root?",
        ),
        log='```\n  # aws_route_table.private[1] must be replaced\n-/+ resource "aws_route_table" "private" {\n      ~ id = "rtb-0a1b2c3d" -> (known after apply)\nPlan: 2 to add, 0 to change, 2 to destroy.\n```',
        alt=("one module per AWS service", "one module per network tier"),
        ctx="nobody can review changes to the staging network anymore because `infra/main.tf` is 4,000 lines long, and platform wants it modular before the prod rollout (INFRA-1520)",
        looks=(
            "If the plan shows any destroy, stop and ask me before applying. Destroys on the route tables are exactly what we're trying to avoid.",
            "Instead of one giant PR, can you split it per module? Same refactor, just easier to review.",
        ),
    ),
    Task(
        ask="Find out why `test_checkout_flow_e2e` fails roughly one run in five on the main pipeline and fix it (QA-633).",
        nouns=("the flaky checkout e2e test", "the checkout flake", "QA-633"),
        do="find and fix the flakiness in `test_checkout_flow_e2e`",
        ticket="QA-633",
        file="tests/e2e/test_checkout_flow.py",
        team="the QA guild",
        status="it looks like a race between the cart cache invalidation and the payment iframe load; I can reproduce about 1 in 8 locally with CPU throttling",
        details=(
            "the failure only shows on the arm64 runners, which are slower, so a timing issue fits.",
            "don't just bump the timeout — we've done that three times already and it keeps coming back.",
        ),
        questions=(
            "Is the failure always at the same step, or does it move around?",
            "Did you check whether it correlates with the Stripe test-mode sandbox being slow?",
        ),
        log="```\nFAILED tests/e2e/test_checkout_flow.py::test_checkout_flow_e2e - TimeoutError: locator('#pay-button') not visible after 10000ms\n=========================== 1 failed, 212 passed in 391.2s ===========================\n```",
        alt=("waiting on a network idle state", "waiting on an explicit app-ready event"),
        ctx="`test_checkout_flow_e2e` has failed on main five times today and people are starting to merge on red (QA-633)",
        looks=(
            "Please don't disable or skip the test while you investigate — the moment we skip it nobody comes back to it. Keep it running and keep digging.",
            "If you add retries, cap them at one and make the retry visible in the report. I'd rather you stop retrying altogether once the root cause is fixed.",
        ),
    ),
    Task(
        ask="Investigate the p99 latency regression on `/api/search` since release 4.18 and propose a fix (PERF-218).",
        nouns=("the search latency investigation", "the p99 regression", "PERF-218"),
        do="investigate and fix the `/api/search` p99 latency regression from 4.18",
        ticket="PERF-218",
        file="services/search/query_builder.py",
        team="the search team",
        status="the regression lines up with the new synonym expansion; p99 went from 180ms to 640ms but p50 barely moved",
        details=(
            "the SLO is p99 under 300ms measured at the load balancer, not in the app.",
            "tenant 'globex' has a synonym list of 40k entries, which is probably why the tail is so long.",
        ),
        questions=(
            "Can you get a flame graph from a prod canary rather than staging? Staging data is too small.",
            "Is the slowdown in query building or in the Elasticsearch call itself?",
        ),
        log="```\nendpoint=/api/search p50=42ms p95=210ms p99=641ms n=182,331 window=1h release=4.18.2\nendpoint=/api/search p50=40ms p95=150ms p99=178ms n=176,004 window=1h release=4.17.9\n```",
        alt=(
            "caching the expanded synonyms per tenant",
            "moving synonym expansion into an Elasticsearch analyzer",
        ),
        ctx="search p99 has tripled since 4.18 went out and two enterprise customers have raised it in their QBRs (PERF-218)",
        looks=(
            "Don't roll back 4.18 to test the theory — we can't, it has the security fix. Toggle the synonym expansion off for one tenant on the canary instead.",
            "If the synonym cache can't be made to work, we could drop synonym expansion for tenants with huge lists. That's a fallback for this ticket, not a new one.",
        ),
    ),
    Task(
        ask="Add Okta SAML SSO to the internal admin console, including group-to-role mapping (SEC-1044).",
        nouns=("the Okta SSO integration", "admin console SSO", "SEC-1044"),
        do="add Okta SAML SSO with group-to-role mapping to the admin console",
        ticket="SEC-1044",
        file="admin/auth/saml.py",
        team="InfoSec",
        status="the SAML login works against the Okta preview tenant; the group mapping is still hardcoded",
        details=(
            "the `admin-console-superusers` Okta group maps to the `owner` role; everything else defaults to read-only.",
            "password login has to stay available for the two break-glass accounts, nobody else.",
        ),
        questions=(
            "Are you validating the assertion signature with the cert from metadata or a pinned one?",
            "What happens to existing sessions when someone is removed from the Okta group?",
        ),
        log="```\nsaml2.response: ERROR Signature verification failed: no matching certificate for issuer http://www.okta.com/exk1a2b3c4\n```",
        alt=("python3-saml", "delegating to the company's oauth2-proxy sidecar"),
        ctx="the auditors flagged that the admin console still uses local passwords with no MFA, and InfoSec wants SSO before the SOC 2 window (SEC-1044)",
        looks=(
            "When a user is removed from the Okta group, their session should stop working within five minutes — don't wait for the session to expire naturally.",
            "Please turn off password login for everyone except the break-glass accounts as part of this change. That's in scope.",
        ),
    ),
    Task(
        ask="Cut our Datadog log ingestion cost by dropping debug logs from the payments namespace at the agent level (FINOPS-58).",
        nouns=("the log cost reduction", "the Datadog exclusion filters", "FINOPS-58"),
        do="add agent-level exclusion filters to drop debug logs from the payments namespace",
        ticket="FINOPS-58",
        file="k8s/datadog/values-payments.yaml",
        team="the FinOps group",
        status="the exclusion rule is in the Helm values for staging and ingestion from payments dropped by about 60%",
        details=(
            "some services log at INFO with a `level=debug` field in the JSON, so match on the parsed field, not the prefix.",
            "we still need 1% sampling of debug logs for the fraud service, compliance asked for it.",
        ),
        questions=(
            "Did you check whether any monitors or dashboards depend on debug-level logs?",
            "What's the projected monthly saving after the change?",
        ),
        log='```yaml\ndatadog:\n  logs:\n    containerCollectAll: true\n  processing_rules:\n    - type: exclude_at_match\n      name: drop_debug_payments\n      pattern: \'"level":"debug"\'\n```',
        alt=("exclusion filters in the Datadog UI", "processing rules in the agent config"),
        ctx="the Datadog bill jumped 40% last month and almost all of it is debug logs from the payments namespace (FINOPS-58)",
        looks=(
            "Don't drop WARN or ERROR lines — only DEBUG and TRACE. Also don't drop anything from the audit logger even at debug.",
            "Let's not stop at payments if it's easy — the same rule can go on the checkout namespace under this ticket.",
        ),
    ),
    Task(
        ask="Remove the deprecated `v1/reports` endpoints and their internal callers, after a 30-day deprecation header period (API-771).",
        nouns=("the v1 reports removal", "the reports deprecation", "API-771"),
        do="deprecate and then remove the `v1/reports` endpoints and their callers",
        ticket="API-771",
        file="api/v1/reports.py",
        team="the API platform team",
        status="the `Deprecation` and `Sunset` headers are live; three internal callers are left, one of them in the data warehouse loader",
        details=(
            "the Sunset date must be at least 30 days after the header ships, per the API policy.",
            "the partner integration for Initech still calls `/v1/reports/summary` — they've been emailed, but check the access logs before deleting.",
        ),
        questions=(
            "Do we have a count of external calls to v1 in the last 7 days?",
            "Which team owns the warehouse loader caller?",
        ),
        log="```\nGET /v1/reports/summary 200 caller=svc-warehouse-loader ua=python-requests/2.31\nGET /v1/reports/daily 200 caller=partner-initech ua=Java/11\n```",
        alt=("a hard removal on the sunset date", "a 410 Gone stub for another quarter"),
        ctx="the v1 reports endpoints are the last thing keeping the old ORM in the codebase and the API policy sunset date has passed (API-771)",
        looks=(
            "After the sunset date, respond with 410 Gone and a link to the migration guide rather than a 404. Drop the handlers, keep the stub.",
            "Before you kill the last caller in the warehouse loader, make sure its v2 replacement has run successfully for a full day.",
        ),
    ),
    Task(
        ask="Upgrade the ingress-nginx Helm chart on the prod-eu cluster from 4.7 to 4.10 (PLAT-3390). Staging first, obviously.",
        nouns=("the ingress-nginx upgrade", "the chart bump on prod-eu", "PLAT-3390"),
        do="upgrade ingress-nginx on prod-eu from chart 4.7 to 4.10",
        ticket="PLAT-3390",
        file="clusters/prod-eu/ingress-nginx/values.yaml",
        team="the platform team",
        status="staging is on 4.10 and has been stable for two days; the prod-eu change request is drafted",
        details=(
            "4.10 removes the `allow-snippet-annotations` default, and two services use snippets — they need an explicit opt-in.",
            "the change window for prod-eu is Tuesday 06:00-08:00 UTC, CAB approved.",
        ),
        questions=(
            "Did the admission webhook certificate get regenerated on staging, or did it keep the old one?",
            "Are we doing a canary controller, or upgrading in place?",
        ),
        log='```\nError: UPGRADE FAILED: admission webhook "validate.nginx.ingress.kubernetes.io" denied the request: annotation group ConfigurationSnippet contains risky annotation based on ingress configuration\n```',
        alt=("an in-place Helm upgrade", "a blue/green second controller with a DNS switch"),
        ctx="ingress-nginx 4.7 on prod-eu is affected by the CVE the security bulletin flagged this morning, and the fix is only in 4.10 (PLAT-3390)",
        looks=(
            "If the webhook starts rejecting ingresses mid-upgrade, stop the rollout and roll back to 4.7 with `helm rollback` — don't try to fix forward in the window.",
            "Instead of an in-place upgrade, let's do blue/green with a second controller. Same ticket, safer approach.",
        ),
    ),
    Task(
        ask="Please review PR #4821 — the retry/backoff rewrite in our shared HTTP client — and leave comments.",
        nouns=("the review of #4821", "the HTTP client PR review", "PR #4821"),
        do="review PR #4821, the retry/backoff rewrite in the shared HTTP client",
        ticket="PR #4821",
        file="libs/httpclient/retry.py",
        team="the developer-experience team",
        status="I've left a first pass of comments on the jitter logic; haven't looked at the tests yet",
        details=(
            "the author is new to the team, so please keep the comments constructive and explain the why.",
            "the client is used by 60+ services, so anything that changes default behaviour needs a migration note.",
        ),
        questions=(
            "Does the PR change the default retry count for existing callers?",
            "Are the retries idempotency-aware, or will it retry POSTs too?",
        ),
        log="```python\ndelay = min(cap, base * 2 ** attempt)\ndelay = random.uniform(0, delay)  # full jitter\n```",
        alt=("full jitter", "decorrelated jitter"),
        ctx="PR #4821, the retry/backoff rewrite in the shared HTTP client, has been waiting for review for nine days and the author is blocked",
        looks=(
            "On the backoff: it should back off exponentially but cap at 30s, and stop retrying after 5 attempts. Please flag it in the review if the PR doesn't do that.",
            "Comment that retries must be cancelled when the caller's deadline expires — the PR keeps sleeping after the context is cancelled.",
        ),
    ),
    Task(
        ask="Draft the postmortem for last Thursday's checkout outage (INC-2093) using our standard template.",
        nouns=("the INC-2093 postmortem", "the checkout outage write-up", "the postmortem draft"),
        do="draft the INC-2093 checkout outage postmortem",
        ticket="INC-2093",
        file="postmortems/2024/INC-2093.md",
        team="the checkout team",
        status="the timeline and impact sections are drafted; contributing factors and action items are empty",
        details=(
            "impact should be stated in failed orders (about 11,400) and revenue, not just minutes of downtime.",
            "keep it blameless — refer to roles, not names, in the timeline.",
        ),
        questions=(
            "Did you get the exact time the feature flag was flipped from the audit log?",
            "Who's the owner for the action item on connection pool limits?",
        ),
        log="> 14:02 UTC — error rate on checkout-api crosses 25%\n> 14:09 UTC — IC declared, SEV1\n> 14:31 UTC — connection pool size reverted, recovery begins",
        alt=("the 5-whys format", "a contributing-factors list"),
        ctx="the checkout outage from last Thursday (INC-2093) still has no postmortem and the review meeting is on the calendar",
        looks=(
            "In the timeline, call out explicitly when we stopped the rollout and when we rolled back. The gap between those two is the main lesson.",
            "Drop the 'root cause' heading and call it 'contributing factors' instead — we don't do single root causes anymore.",
        ),
    ),
    Task(
        ask="Build a Grafana dashboard for the notification service: queue depth, send rate and failure rate by provider (OBS-412).",
        nouns=("the notifications dashboard", "the Grafana dashboard", "OBS-412"),
        do="build the notification service Grafana dashboard",
        ticket="OBS-412",
        file="dashboards/notifications.json",
        team="the messaging team",
        status="the queue depth and send rate panels are done; failure rate by provider needs a new metric label",
        details=(
            "put the dashboard in the 'Service Health' folder and provision it from git, not by hand.",
            "the provider label is `vendor` in the metrics, not `provider`.",
        ),
        questions=(
            "Are you using recording rules for the failure rate, or raw PromQL on every panel?",
            "What time range should the default be?",
        ),
        log="```promql\nsum by (vendor) (rate(notif_send_failed_total[5m]))\n  / sum by (vendor) (rate(notif_send_attempted_total[5m]))\n```",
        alt=("a single dashboard with a provider variable", "one row per provider"),
        ctx="the on-call for notifications has no dashboard at all, and last night's Twilio degradation took 40 minutes to spot (OBS-412)",
        looks=(
            "Add a panel for messages dropped after max retries — when we stop retrying, that's the number people care about.",
            "Let's remove the 'paused campaigns' panel; it's noisy. Keep everything else.",
        ),
    ),
    Task(
        ask="Put together the Q3 AWS cost breakdown by team from the CUR data in Athena (FINOPS-61).",
        nouns=("the Q3 cost breakdown", "the CUR analysis", "FINOPS-61"),
        do="produce the Q3 AWS cost breakdown by team from CUR",
        ticket="FINOPS-61",
        file="finops/queries/q3_by_team.sql",
        team="the FinOps group",
        status="the Athena query groups by the `team` cost allocation tag; about 18% of spend is untagged",
        details=(
            "shared costs (NAT, support plan) should be split proportionally to each team's direct spend.",
            "use amortised cost, not unblended, so the RIs are spread correctly.",
        ),
        questions=(
            "Can you list the top ten untagged resources by cost?",
            "Are the savings plans being amortised in your numbers?",
        ),
        log="```sql\nSELECT resource_tags_user_team AS team,\n       SUM(line_item_unblended_cost) AS cost\nFROM cur.q3\nGROUP BY 1 ORDER BY 2 DESC;\n```",
        alt=("a spreadsheet export", "a QuickSight dashboard"),
        ctx="finance needs the Q3 AWS spend by team for the budget review, and nobody has pulled it from CUR yet (FINOPS-61)",
        looks=(
            "Drop the support-plan line from the per-team numbers and show it separately as overhead instead.",
            "Don't stop at the top 10 teams — the long tail matters for the chargeback conversation.",
        ),
    ),
    Task(
        ask="Upgrade the monorepo from Spring Boot 2.7 to 3.2 (PLAT-3411), module by module.",
        nouns=("the Spring Boot 3 upgrade", "the Boot 3.2 migration", "PLAT-3411"),
        do="upgrade the monorepo from Spring Boot 2.7 to 3.2",
        ticket="PLAT-3411",
        file="build.gradle.kts",
        team="the platform team",
        status="12 of 31 modules compile on 3.2; the javax to jakarta rename is done in those",
        details=(
            "Hibernate 6 changes the sequence naming, so every entity with `@GeneratedValue` needs checking against the DB.",
            "keep the modules on 2.7 compiling too until the cutover; we can't have a big-bang merge.",
        ),
        questions=(
            "Are you using the OpenRewrite recipes or doing the jakarta rename by hand?",
            "Which modules are blocked on third-party libraries without Jakarta support?",
        ),
        log="```\n> Task :orders-service:compileJava FAILED\nerror: package javax.persistence does not exist\nimport javax.persistence.Entity;\n```",
        alt=("OpenRewrite recipes", "a manual migration per module"),
        ctx="Spring Boot 2.7 went out of OSS support and the security team won't sign off on another quarter of it (PLAT-3411)",
        looks=(
            "Don't switch the remaining modules to 3.2 in one go. One module per PR, and stop if a module needs more than a day.",
            "If springdoc is the blocker, drop it for now and we'll regenerate the OpenAPI spec by hand. Upgrade still comes first.",
        ),
    ),
    Task(
        ask="Port the legacy cron jobs on `batch-01` to Kubernetes CronJobs (OPS-1203) so we can decommission that box.",
        nouns=("the cron migration", "the batch-01 decommissioning", "OPS-1203"),
        do="move the cron jobs from `batch-01` to Kubernetes CronJobs",
        ticket="OPS-1203",
        file="k8s/cronjobs/",
        team="SRE",
        status="9 of the 14 crontab entries are ported; the remaining ones need secrets that are only on the box",
        details=(
            "`concurrencyPolicy: Forbid` on all of them; two of the scripts are not safe to overlap.",
            "the box is in the Europe/Berlin timezone, so convert the schedules or set `timeZone` on the CronJob.",
        ),
        questions=(
            "How are you going to verify each job ran correctly after the move?",
            "Which of the jobs write to the local disk?",
        ),
        log="```\n# crontab -l on batch-01\n15 2 * * *  /opt/jobs/export_ledger.sh >> /var/log/export_ledger.log 2>&1\n*/5 * * * * /opt/jobs/sync_fx_rates.py\n```",
        alt=("one CronJob per script", "a single scheduler service like Argo Workflows"),
        ctx="batch-01 runs on an OS that goes end-of-life next month and fourteen cron jobs still live on it (OPS-1203)",
        looks=(
            "Once each job is verified in Kubernetes, comment it out on batch-01 — don't stop the cron daemon until all 14 are moved.",
            "Set `suspend: true` on the new CronJobs until we're ready to cut over; we don't want both copies running.",
        ),
    ),
    Task(
        ask="Implement the GDPR right-to-erasure job that deletes a user's data across Postgres, S3 and the search index (PRIV-88).",
        nouns=("the erasure job", "the GDPR deletion work", "PRIV-88"),
        do="implement the GDPR erasure job across Postgres, S3 and search",
        ticket="PRIV-88",
        file="privacy/erasure/job.py",
        team="the privacy office",
        status="Postgres deletion is done with a dry-run mode; S3 prefixes are mapped; the search index part isn't started",
        details=(
            "the job must produce an audit record of what was deleted without storing the deleted data itself.",
            "legal gives us 30 days from the request; the job should alert if any request is older than 25.",
        ),
        questions=(
            "How do you find a user's objects in the analytics bucket — by prefix or by the manifest?",
            "Does the search index support delete-by-query, or do we need the document ids?",
        ),
        log="```\nerasure_request id=er_5531 user=u_88120 tables=14 rows=2,310 s3_objects=57 dry_run=true\n```",
        alt=("a synchronous API call", "an async queue-driven worker"),
        ctx="the privacy office has 17 erasure requests past the 30-day deadline because deletions are done by hand (PRIV-88)",
        looks=(
            "The erasure job must not delete invoices — those are kept for 7 years by law. Anonymise them instead.",
            "If any store fails, stop the whole request and mark it for manual review; don't leave a half-deleted user.",
        ),
    ),
    Task(
        ask="Add per-tenant rate limiting to the public API gateway: 600 requests/min by default, configurable per plan (API-790).",
        nouns=("the rate limiter", "per-tenant rate limiting", "API-790"),
        do="add per-tenant rate limiting to the public API gateway",
        ticket="API-790",
        file="gateway/middleware/ratelimit.go",
        team="the API platform team",
        status="the token bucket is in Redis and works for a single gateway node; cross-node accuracy is still off by ~10%",
        details=(
            "enterprise plan is 6,000/min and free is 60/min; the plan comes from the `X-Tenant-Plan` header the auth layer sets.",
            "health checks and the status endpoint must be exempt.",
        ),
        questions=(
            "What happens if Redis is down — fail open or fail closed?",
            "Are you counting per API key or per tenant when a tenant has several keys?",
        ),
        log="```\nHTTP/1.1 429 Too Many Requests\nRetry-After: 12\nX-RateLimit-Limit: 600\nX-RateLimit-Remaining: 0\n```",
        alt=("a token bucket in Redis", "a sliding window log"),
        ctx="one tenant's runaway script sent 2M requests in an hour and degraded the public API for everyone (API-790)",
        looks=(
            "When a tenant hits the limit we stop serving with a 429 and a Retry-After header, not a 503. And please don't block the tenant permanently, it's per window.",
            "If Redis is unreachable, fail open — we'd rather pause rate limiting than take the API down.",
        ),
    ),
    Task(
        ask="Write the onboarding guide for new on-call engineers on the payments team (DOCS-140).",
        nouns=("the on-call onboarding guide", "the payments on-call doc", "DOCS-140"),
        do="write the payments on-call onboarding guide",
        ticket="DOCS-140",
        file="docs/oncall/payments-onboarding.md",
        team="the payments team",
        status="access requests, escalation paths and the top five alerts are written; the shadowing plan isn't",
        details=(
            "new people shadow two full rotations before they're primary; make that explicit.",
            "link to runbooks rather than copying them, they go stale otherwise.",
        ),
        questions=(
            "Did you include how to get PagerDuty and the prod break-glass role?",
            "Which dashboards are you recommending as the first ones to open?",
        ),
        log='> "I had no idea who to escalate to at 3am and the wiki page was from 2021." — feedback from last quarter\'s new joiner',
        alt=("one long page", "a short checklist plus linked pages"),
        ctx="two new engineers join the payments on-call rotation next month and there's no onboarding material for them (DOCS-140)",
        looks=(
            "Add a 'when to stop debugging and escalate' section — 20 minutes without progress on a SEV2 means page the secondary.",
            "Drop the section on the old Nagios alerts, they were decommissioned. Everything else stays.",
        ),
    ),
    Task(
        ask="Add the `tenant_region` column to the `accounts` table with a backfill that doesn't lock the table (DATA-302).",
        nouns=("the tenant_region migration", "the accounts backfill", "DATA-302"),
        do="add `tenant_region` to `accounts` with a non-locking backfill",
        ticket="DATA-302",
        file="migrations/0412_add_tenant_region.py",
        team="the data platform team",
        status="the column is added as nullable; the backfill runs in batches of 5k with a sleep, about 40% done on staging",
        details=(
            "the table has 180M rows, so batches must be keyed on the primary key range, not OFFSET.",
            "the default region for pre-2020 accounts is `us-east`, ask me about any others.",
        ),
        questions=(
            "What's the replication lag doing during the backfill on staging?",
            "When do you plan to add the NOT NULL constraint?",
        ),
        log="```sql\nUPDATE accounts SET tenant_region = r.region\nFROM account_regions r\nWHERE accounts.id = r.account_id AND accounts.id BETWEEN 4000000 AND 4005000;\n```",
        alt=("an online migration tool like pg-osc", "a batched UPDATE script"),
        ctx="data residency work is blocked because `accounts` has no region column and nobody knows where half the tenants live (DATA-302)",
        looks=(
            "The backfill should pause automatically if replication lag goes over 5 seconds and resume when it drops. That's a requirement, not a nice-to-have.",
            "Make the backfill safe to kill at any point and rerun — idempotent batches, no temp tables.",
        ),
    ),
    Task(
        ask="Tune the PagerDuty alerts for the search cluster so we stop getting paged for transient yellow status (OBS-420).",
        nouns=("the search alert tuning", "the paging noise fix", "OBS-420"),
        do="tune the search cluster PagerDuty alerts to stop paging on transient yellow",
        ticket="OBS-420",
        file="monitoring/alerts/search-cluster.yaml",
        team="the search team",
        status="yellow now needs 15 minutes sustained before it pages; the shard-relocation alert is still noisy",
        details=(
            "we got 31 pages last month for search and only 2 were actionable.",
            "during the nightly snapshot window (01:00-02:00 UTC) yellow is expected.",
        ),
        questions=(
            "Can you show how many of last month's pages would have fired under the new rules?",
            "Is the alert using the cluster health API or the exporter metric?",
        ),
        log='```yaml\n- alert: SearchClusterYellow\n  expr: es_cluster_health_status{color="yellow"} == 1\n  for: 15m\n  labels:\n    severity: page\n```',
        alt=("a longer `for:` duration", "routing yellow to a ticket instead of a page"),
        ctx="the search on-call got paged 31 times last month and 29 were noise; two people asked to leave the rotation (OBS-420)",
        looks=(
            "Stop paging on yellow, yes, but red must still page immediately. Don't touch the red rule.",
            "Rather than silencing during the snapshot window, can you make the alert skip that window in the expression? Silences get forgotten.",
        ),
    ),
    Task(
        ask="Rotate the database credentials for the reporting service and move them into Vault with dynamic secrets (SEC-1061).",
        nouns=("the credential rotation", "the Vault migration for reporting", "SEC-1061"),
        do="rotate the reporting service DB credentials and move them to Vault",
        ticket="SEC-1061",
        file="services/reporting/config/database.yaml",
        team="InfoSec",
        status="the Vault role and policy exist; the service reads creds via the agent sidecar on staging",
        details=(
            "lease TTL should be 1h with max 24h; the reporting queries can run up to 40 minutes.",
            "the old static password has to be revoked at the end, not just left unused.",
        ),
        questions=(
            "How does the connection pool behave when the lease rotates mid-query?",
            "Who else uses the static reporting password? I think the BI tool does.",
        ),
        log='```\nFATAL: password authentication failed for user "v-reporting-ro-8HzK2"\nvault: lease renewed lease_id=database/creds/reporting-ro/abc123 ttl=3600\n```',
        alt=("the Vault agent sidecar", "the Vault CSI provider"),
        ctx="the reporting service's DB password was found in a public gist this morning and InfoSec wants it rotated and vaulted today (SEC-1061)",
        looks=(
            "Before you revoke the old password, stop the BI tool's scheduled extracts or they'll lock the account with failed logins.",
            "Cancel the lease renewal test you set up on staging once it's passed; leaving it running spams the audit log. Then carry on.",
        ),
    ),
    Task(
        ask="Prepare the 5.12 release branch for the iOS app and write the release notes (MOB-388).",
        nouns=("the 5.12 release prep", "the iOS release branch", "MOB-388"),
        do="cut the iOS 5.12 release branch and write the release notes",
        ticket="MOB-388",
        file="ios/fastlane/Fastfile",
        team="the mobile team",
        status="the branch is cut and TestFlight build 5.12.0 (1043) is processing; the notes are half written",
        details=(
            "release notes go into App Store Connect in English, German and Japanese.",
            "the dark mode fix has to be in the notes, support promised it to a customer.",
        ),
        questions=(
            "Has QA signed off on build 1043 or are we still waiting?",
            "Did the phased rollout setting carry over from 5.11?",
        ),
        log="```\n[14:22:10]: Successfully uploaded package to App Store Connect. It might take a few minutes until it's visible online.\n[14:22:10]: fastlane.tools finished successfully 🎉\n```",
        alt=("phased release over 7 days", "a full release at once"),
        ctx="the 5.12 iOS release has to be submitted by Thursday for the marketing campaign, and the branch isn't even cut yet (MOB-388)",
        looks=(
            "If crash-free sessions drop below 99.5% in the phased rollout, pause the rollout in App Store Connect. Write that into the release checklist.",
            "Drop the line about the widget redesign from the notes, it didn't make the cut. The rest is fine.",
        ),
    ),
    Task(
        ask="Run an accessibility audit of the checkout pages against WCAG 2.1 AA and file tickets for what fails (UX-219).",
        nouns=("the checkout a11y audit", "the WCAG audit", "UX-219"),
        do="audit the checkout pages against WCAG 2.1 AA and file tickets",
        ticket="UX-219",
        file="web/src/pages/checkout/",
        team="the design system team",
        status="axe found 23 issues across the four pages; manual keyboard and screen reader checks are done for the cart page only",
        details=(
            "file one ticket per component, not per page, so the design system team can fix them at the source.",
            "we need VoiceOver on Safari and NVDA on Chrome, those are what our users report.",
        ),
        questions=(
            "Are the colour contrast failures in our components or in the payment provider's iframe?",
            "How are you classifying severity?",
        ),
        log="```\n[axe] color-contrast (serious): Elements must have sufficient color contrast — 9 nodes\n[axe] label (critical): Form elements must have labels — #promo-code\n```",
        alt=("automated scanning only", "automated plus manual assistive-tech testing"),
        ctx="a customer filed an ADA complaint saying they couldn't complete checkout with a screen reader (UX-219)",
        looks=(
            "The 'Cancel order' button on the confirmation page isn't reachable by keyboard — include that in the audit findings, it's a critical.",
            "Check whether the auto-advancing promo carousel can be paused; WCAG 2.2.2 requires a pause/stop control.",
        ),
    ),
    Task(
        ask="Fix the Airflow DAG `daily_revenue_rollup`, which has been silently skipping the EU partition (DATA-317).",
        nouns=("the revenue rollup fix", "the Airflow DAG fix", "DATA-317"),
        do="fix `daily_revenue_rollup` so it stops skipping the EU partition",
        ticket="DATA-317",
        file="dags/daily_revenue_rollup.py",
        team="the data engineering team",
        status="the EU sensor times out after 6h because the upstream export lands at a different path since the bucket move",
        details=(
            "the missing EU days need a backfill too, from 3 May onwards.",
            "the finance dashboard reads from the rollup at 07:00 UTC, so the fix has to finish before that.",
        ),
        questions=(
            "Why didn't the sensor timeout fail the DAG loudly instead of skipping?",
            "Is the backfill going to double-count the days that partially ran?",
        ),
        log="```\n[2024-05-13 06:00:01] INFO - Poking for s3://exports/eu/revenue/2024-05-12/_SUCCESS\n[2024-05-13 12:00:02] INFO - Sensor timed out; soft_fail=True, marking task as SKIPPED\n```",
        alt=("fixing the sensor path", "switching to a dataset-triggered DAG"),
        ctx="EU revenue has been missing from the finance dashboard for ten days and nobody noticed until the CFO asked (DATA-317)",
        looks=(
            "Turn `soft_fail` off on that sensor — skipping silently is exactly what got us here. A failure should stop the DAG and alert.",
            "Backfill with `catchup` off and an explicit date range; don't let Airflow go back to 2021 on its own.",
        ),
    ),
    Task(
        ask="Set up a dead-letter queue and a replay tool for failed webhook deliveries (HOOK-45).",
        nouns=("the webhook DLQ", "the replay tool", "HOOK-45"),
        do="add a dead-letter queue and replay tool for failed webhook deliveries",
        ticket="HOOK-45",
        file="webhooks/dlq/replay.py",
        team="the integrations team",
        status="deliveries that fail 8 times now land in the DLQ; the replay CLI can list and replay single messages",
        details=(
            "the replay tool needs a `--tenant` filter; support replays per customer.",
            "messages in the DLQ expire after 14 days, and the tool should warn when something is close to expiring.",
        ),
        questions=(
            "Does replaying preserve the original event id so customers can dedupe?",
            "What rate does the replay go at — will it trip our own rate limiter?",
        ),
        log='```\n$ hookctl dlq list --tenant acme --limit 3\nevt_9f2  invoice.paid   attempts=8  last_error="502 Bad Gateway"\nevt_9f7  invoice.paid   attempts=8  last_error="timeout"\n```',
        alt=("SQS with a redrive policy", "a Postgres table as the DLQ"),
        ctx="a customer's endpoint was down for a day and we silently lost 9,000 webhook deliveries with no way to resend them (HOOK-45)",
        looks=(
            "The replay tool should stop on the first failure by default, with a `--continue-on-error` flag. And it needs a `--dry-run`.",
            "Add a way to cancel a replay that's in progress — Ctrl-C should stop after the current message, not mid-request.",
        ),
    ),
    Task(
        ask="Replace log4j 1.x with Logback in the legacy invoicing service (SEC-1070).",
        nouns=("the log4j removal", "the Logback migration", "SEC-1070"),
        do="replace log4j 1.x with Logback in the invoicing service",
        ticket="SEC-1070",
        file="invoicing/src/main/resources/logback.xml",
        team="the invoicing team",
        status="the dependency swap compiles; the custom appender that writes to the audit DB still needs porting",
        details=(
            "the log format must stay byte-identical, because Splunk parses it with a regex we don't own.",
            "`log4j-over-slf4j` is fine as a bridge for the third-party jar that logs directly.",
        ),
        questions=(
            "Is anything still pulling in log4j 1.x transitively? Please check `gradle dependencies`.",
            "How did you port the audit DB appender?",
        ),
        log="```\n+--- com.acme:legacy-pdf:2.1.4\n|    \\--- log4j:log4j:1.2.17\n```",
        alt=("Logback", "Log4j 2"),
        ctx="the invoicing service still ships log4j 1.2.17 and it's the top finding in the pen-test report (SEC-1070)",
        looks=(
            "Don't drop the audit appender, even temporarily. If porting it blocks you, keep going on the rest and leave the appender for last.",
            "Instead of Logback we could go to Log4j 2 — but no, stick with Logback, it's what the other services use.",
        ),
    ),
    Task(
        ask="Write an ADR comparing gRPC and REST for the new inventory service's internal API (ARCH-27).",
        nouns=("the inventory API ADR", "the gRPC vs REST ADR", "ARCH-27"),
        do="write the gRPC vs REST ADR for the inventory service",
        ticket="ARCH-27",
        file="docs/adr/0027-inventory-internal-api.md",
        team="the architecture guild",
        status="the context and options sections are drafted; the decision section is blank until we have the benchmark",
        details=(
            "the consumers are 4 Go services and one Python service; browser clients are out of scope.",
            "include the operational cost: we have no gRPC observability tooling today.",
        ),
        questions=(
            "Which benchmarks are you citing for the latency comparison?",
            "Are you considering Connect/gRPC-web as a middle ground?",
        ),
        log="> ADR template: Status / Context / Decision / Consequences. Keep it under two pages.",
        alt=("recommending gRPC", "recommending REST with OpenAPI"),
        ctx="the inventory service team needs a decision on gRPC vs REST before their design review, and the architecture guild asked for an ADR (ARCH-27)",
        looks=(
            "Please add a 'what would make us switch later' section — the cost of going back from gRPC to REST is the thing reviewers will ask about.",
            "Drop the GraphQL option from the ADR, nobody is seriously considering it. Keep gRPC and REST.",
        ),
    ),
    Task(
        ask="Produce a capacity plan for the Black Friday peak for the checkout and cart services (SRE-501).",
        nouns=("the Black Friday capacity plan", "the peak capacity work", "SRE-501"),
        do="produce the Black Friday capacity plan for checkout and cart",
        ticket="SRE-501",
        file="capacity/2024-black-friday.md",
        team="SRE",
        status="the load model assumes 4.5x last year's peak; cart is fine, checkout hits the DB connection ceiling at 3.8x",
        details=(
            "marketing's forecast is 3x last year, but plan for 4.5x — that's the policy.",
            "the RDS instance class change needs a maintenance window, so it has to be scheduled by the end of October.",
        ),
        questions=(
            "What's the cost delta of the proposed scaling for the two weeks around the peak?",
            "Did the load test include the payment provider's sandbox limits?",
        ),
        log="```\nk6 run peak.js --vus 4000\n  http_req_duration..............: avg=212ms p(95)=890ms p(99)=2.4s\n  http_req_failed................: 3.12%\n```",
        alt=("scaling up the DB instance", "adding read replicas and a connection pooler"),
        ctx="the VP asked for a Black Friday capacity plan for checkout and cart by the end of the month and there isn't one (SRE-501)",
        looks=(
            "Include a section on load shedding: at what point do we stop accepting new carts to protect checkout? That's part of the plan.",
            "Let's drop the multi-region option from the plan, it's not realistic in six weeks.",
        ),
    ),
    Task(
        ask="Raise unit test coverage of the `pricing-engine` module from 52% to 75% before the audit (QA-640).",
        nouns=("the pricing-engine coverage work", "the coverage push", "QA-640"),
        do="raise `pricing-engine` unit test coverage to 75%",
        ticket="QA-640",
        file="pricing-engine/src/discounts.rs",
        team="the pricing team",
        status="coverage is at 64%; the discount stacking rules are covered, tax rounding isn't",
        details=(
            "focus on the branches that decide money, not getters; the auditors read the report.",
            "property-based tests are welcome for the rounding code.",
        ),
        questions=(
            "Is the coverage number line or branch coverage?",
            "Did you find any actual bugs while writing the tests?",
        ),
        log="```\n|| Tested/Total Lines:\n|| src/discounts.rs: 188/240\n|| src/tax.rs: 41/133\n64.02% coverage, 1029/1607 lines covered\n```",
        alt=("property-based tests", "table-driven example tests"),
        ctx="the pricing-engine is at 52% test coverage and the external audit requires 75% on anything that computes prices (QA-640)",
        looks=(
            "If you find a real bug while writing tests, don't stop to fix it — write the failing test, mark it, and file a ticket. Keep going on coverage.",
            "Let's not chase the last few percent with trivial tests; I'd rather stop at 75% with meaningful ones.",
        ),
    ),
    Task(
        ask="Look into the Acme Corp escalation: their nightly SFTP exports have been arriving empty since Monday (SUP-9012).",
        nouns=("the Acme escalation", "the empty SFTP exports", "SUP-9012"),
        do="find out why Acme's SFTP exports are empty and fix it",
        ticket="SUP-9012",
        file="exports/sftp/acme_job.py",
        team="customer support",
        status="the export query returns rows, but the file is written before the query finishes since Monday's async refactor",
        details=(
            "Acme's account manager wants an update every four hours until it's fixed.",
            "they need the missing days regenerated, not just future exports fixed.",
        ),
        questions=(
            "Is it only Acme, or are other SFTP customers affected too?",
            "Can we regenerate Monday to today without hitting their file retention rules?",
        ),
        log="```\n2024-05-13T02:00:04Z export tenant=acme rows=0 bytes=112 file=acme_2024-05-13.csv\n2024-05-13T02:00:09Z query complete tenant=acme rows=48,210\n```",
        alt=("awaiting the query inside the job", "reverting the async refactor for exports"),
        ctx="Acme Corp's nightly SFTP exports have been arriving empty since Monday and their VP is threatening to escalate to our CEO (SUP-9012)",
        looks=(
            "Don't resend the files yet. Stop at the diagnosis, tell me what you'd resend, and I'll clear it with the account manager first — then regenerate.",
            "Acme asked whether we can pause the nightly export until it's fixed so they don't ingest empty files. Yes, do that as part of this.",
        ),
    ),
    Task(
        ask="Consolidate the three copies of the currency-formatting helper into one shared library (TECHDEBT-112).",
        nouns=("the currency helper consolidation", "the formatting dedup", "TECHDEBT-112"),
        do="merge the three currency-formatting helpers into a shared library",
        ticket="TECHDEBT-112",
        file="libs/money/format.ts",
        team="the web platform team",
        status="the shared library exists with the union of the behaviours; checkout is migrated, invoicing and admin aren't",
        details=(
            "the admin copy rounds half-up and the others round half-even; the shared one should round half-even and admin gets a flag.",
            "JPY and KRW have no minor units — one of the old copies gets that wrong.",
        ),
        questions=(
            "Are there snapshot tests that will change because of the rounding difference?",
            "How are you versioning the shared library?",
        ),
        log='```ts\nformatMoney(1234.5, "JPY") // old admin copy: "¥1,234.50" (wrong)\nformatMoney(1234.5, "JPY") // shared lib:     "¥1,235"\n```',
        alt=("a workspace package", "publishing to the internal npm registry"),
        ctx="the three copies of the currency formatter disagree on rounding and a customer got an invoice that didn't match their checkout total (TECHDEBT-112)",
        looks=(
            "Once each app is on the shared helper, delete its old copy in the same PR — don't leave dead code behind to drop later.",
            "Instead of a flag for admin's half-up rounding, can we just move admin to half-even? Check with finance, but same ticket.",
        ),
    ),
)

# ---------------------------------------------------------------------------
# Shared slot vocabulary
# ---------------------------------------------------------------------------

_WHO = (
    "Priya",
    "Marcus",
    "Jun",
    "Elena",
    "Tomasz",
    "Aisha",
    "Dev",
    "Sofia",
    "Kwame",
    "Hiro",
    "Lena",
    "Rafael",
    "Ingrid",
    "Omar",
    "Beatriz",
    "Callum",
)
_MGR = (
    "my director",
    "Dana (our VP of Eng)",
    "the CTO",
    "my skip-level",
    "the product council",
    "our GM",
    "the head of platform",
    "the steering committee",
)
_SYNC = (
    "the sync with the platform team",
    "this morning's staff meeting",
    "the architecture review",
    "Q3 planning",
    "yesterday's leadership offsite",
    "the weekly ops review",
    "the roadmap review with product",
    "the eng leads sync",
    "the portfolio review",
    "the quarterly business review prep",
)
_OTHER_TEAM = (
    "the platform team",
    "SRE",
    "the data engineering team",
    "InfoSec",
    "the payments squad",
    "the mobile team",
    "Core Infra",
    "the FinOps group",
    "the identity team",
    "the search team",
)
_HOLD = (
    "the vendor contract is renewed",
    "the Q3 audit wraps up",
    "the platform team finishes the cluster migration",
    "we get budget sign-off",
    "the code freeze lifts",
    "legal signs off",
    "the reorg settles",
    "the new staff engineer starts and can own it",
)
_MOOT = (
    "the vendor is sunsetting that whole component in January",
    "the customer who asked for it churned last week",
    "the upstream team already shipped an equivalent fix",
    "the service is being folded into the new platform next quarter anyway",
    "the contract clause that required it was dropped in the renewal",
    "the metric it was meant to move is no longer on our OKRs",
)
_REASON = (
    "the Q3 OKRs were re-cut and this didn't survive",
    "headcount got frozen and we have to concentrate on fewer things",
    "a large customer escalation landed on our team",
    "the board deck is due and it needs numbers we don't have yet",
    "the compliance deadline moved up by three weeks",
    "two people on the team are out and we're stretched",
    "the platform migration is eating everyone's time",
    "leadership wants us focused on reliability this month",
)
_DEADLINE = (
    "Friday",
    "end of day Thursday",
    "the 14th",
    "EOD tomorrow",
    "Monday morning",
    "the end of the sprint",
    "next Wednesday",
)
_DAY = (
    "Tuesday",
    "last week",
    "Monday",
    "before the offsite",
    "on Thursday",
    "a couple of weeks ago",
    "before the incident",
)
_STATUS_TEAM = (
    "The platform team is about halfway through the cluster migration and expects to finish next sprint.",
    "InfoSec closed the pen-test findings except two, which are on other teams.",
    "Hiring is still open for the two SRE roles; we have an offer out for one.",
    "The data team shipped the new warehouse tables, so reporting is in better shape.",
    "On-call load was lighter this week — four pages, all real.",
    "The mobile release went out Tuesday without issues.",
    "Finance signed off on the Q3 budget with a small cut to tooling.",
    "The reliability review flagged our error budget as nearly spent.",
)
_FUTURE = (
    "Next quarter we'll probably revisit the observability stack as a whole.",
    "There's talk of moving to a shared on-call model in Q4; nothing decided.",
    "Longer term, we want to retire the last of the EC2-based services.",
    "In H2 the plan is to consolidate the three internal admin tools.",
    "We'll do a proper roadmap review after the reorg, probably in six weeks.",
    "Eventually I'd like us to have SLOs for every tier-1 service.",
)
_SIDE = (
    "the shared CI runner pool",
    "the new service catalog",
    "the Terraform provider upgrade",
    "the identity provider migration",
    "the cost dashboards",
    "the Kubernetes 1.29 upgrade",
)
_ACK = (
    "Thanks for the update.",
    "Appreciate the detailed write-up.",
    "Nice progress so far.",
    "Got it, thanks.",
    "Thanks — this is really helpful.",
    "Good summary.",
    "Thanks for flagging.",
)
_HI = ("Hi,\n\n", "Hey,\n\n", "", "", "Morning —\n\n", "Hello,\n\n", "Hi there,\n\n", "Team,\n\n")
_BYE = (
    "",
    "",
    "\n\nThanks!",
    "\n\nCheers",
    "\n\nThanks in advance.",
    "\n\nLet me know if anything's unclear.",
    "\n\nThanks,\n{who}",
)
_NIT = (
    "rename the helper to something that says what it returns",
    "the error message should include the tenant id",
    "drop the commented-out block at the bottom",
    "add a docstring to the public function",
    "the log line at INFO should be DEBUG",
    "use the shared retry helper rather than a hand-rolled loop",
    "a constant would be clearer than the magic number",
    "the test name doesn't match what it asserts",
)
_QA = (
    ("Should I add a feature flag around it", "Should I update the changelog"),
    ("Do you want metrics for it", "Should I write an ADR"),
    ("Should I squash the commits", "Do I need a CAB ticket"),
    ("Should I notify the owning team in Slack", "Do you want a design doc first"),
)
_HANDLE = (
    "priya.r",
    "mgomez",
    "jun-oncall",
    "elena.k",
    "tkowalski",
    "aisha-sre",
    "devp",
    "platform-leads",
)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _slots(rng: random.Random, cur: Task, other: Task | None) -> dict[str, str]:
    who, who2 = rng.sample(_WHO, 2)
    noun = rng.choice(cur.nouns)
    mgr = rng.choice(_MGR)
    other_team = rng.choice(_OTHER_TEAM)
    d: dict[str, str] = {
        "noun": noun,
        "Noun": _cap(noun),
        "ticket": cur.ticket,
        "Ticket": _cap(cur.ticket),
        "file": cur.file,
        "do": cur.do,
        "Do": _cap(cur.do),
        "team": cur.team,
        "Team_cap": _cap(cur.team),
        "status": cur.status,
        "detail": _cap(rng.choice(cur.details)),
        "detail_lc": rng.choice(cur.details),
        "Detail_b": _cap(rng.choice(cur.details)),
        "status_lower": cur.status,
        "question": rng.choice(cur.questions),
        "log": cur.log,
        "alt_a": cur.alt[0],
        "alt_b": cur.alt[1],
        "who": who,
        "who2": who2,
        "mgr": mgr,
        "Mgr_cap": _cap(mgr),
        "sync": rng.choice(_SYNC),
        "other_team": other_team,
        "Other_team_cap": _cap(other_team),
        "hold": rng.choice(_HOLD),
        "moot": rng.choice(_MOOT),
        "reason": rng.choice(_REASON),
        "deadline": rng.choice(_DEADLINE),
        "day": rng.choice(_DAY),
        "status_team": rng.choice(_STATUS_TEAM),
        "future": rng.choice(_FUTURE),
        "side": rng.choice(_SIDE),
        "ack": rng.choice(_ACK),
        "hi": rng.choice(_HI),
        "bye": rng.choice(_BYE).replace("{who}", who),
    }
    r1, r2 = rng.sample(_REASON, 2)
    d["reason"], d["reason2"] = r1, r2
    d["Reason"], d["Reason2"] = _cap(r1), _cap(r2)
    n1, n2 = rng.sample(_NIT, 2)
    d["nit1"], d["nit2"] = _cap(n1), _cap(n2)
    d["nit1_lc"] = n1
    qa = rng.choice(_QA)
    d["q_a"], d["q_b"] = qa
    if other is not None:
        onoun = rng.choice(other.nouns)
        d.update(
            {
                "o_noun": onoun,
                "O_noun": _cap(onoun),
                "o_ticket": other.ticket,
                "O_ticket": _cap(other.ticket),
                "o_do": other.do,
                "O_do": _cap(other.do),
                "o_ask": other.ask,
                "o_ctx": other.ctx,
                "O_ctx": _cap(other.ctx),
                "o_file": other.file,
                "o_log": other.log,
                "o_detail": _cap(rng.choice(other.details)),
                "o_detail_lc": rng.choice(other.details),
                "o_status": other.status,
            }
        )
    return d


# ---------------------------------------------------------------------------
# Switch: the task in force is dropped / parked / replaced AND a new one is asked for
# ---------------------------------------------------------------------------

_SWITCH: tuple[str, ...] = (
    "{hi}Per {sync}, {noun} is no longer a priority this quarter, so let's put a pin in it. Could you {o_do} instead? {O_ticket} has the details.{bye}",
    "Quick change of plans: I think we should probably deprioritise {noun} ({ticket}) for now. The more urgent item is {o_noun} — please {o_do}.",
    "{hi}A few things after today's standup:\n\n1. Thanks for the write-up on {noun}, it was helpful.\n2. {who} will own the comms for the release.\n3. Please drop {ticket} for now and {o_do} ({o_ticket}).\n4. I'm out Friday; {who2} is the escalation point.{bye}",
    "## Update\n\n{status_team} {Reason}.\n\n## Ask\n\nPlease shelve {noun} and move to {o_noun}: {o_do}.\n\n## Why\n\n{Reason2}, and {o_ticket} has a date attached to it.",
    "{O_ctx}. That's now the top item for the org — can you dig into it? {Noun} can wait.",
    "Heads-up: {o_ctx}. {Mgr_cap} wants eyes on it today, so please {o_do}. We'll revisit {noun} once that's under control.",
    "{who} from {other_team} has taken over {noun} — they have more context on `{file}` than we do. For you, next up is {o_ticket}: {o_do}.",
    "Turns out {noun} is moot — {moot}. Let's use the time on {o_noun} instead: {o_do}.",
    "We have a hard deadline on {o_ticket} (we committed to {deadline} in writing), so I need you on that: {o_do}. Leave {ticket} where it is for now.",
    "Closing {ticket} as won't-do for this quarter. Next: {o_do}.",
    "Let's not continue with {noun}. {O_do} please — details in {o_ticket}.",
    "{ack} {status_team} {future}\n\nOne more thing — actually the main thing — I'd like you to stop on {noun} and {o_do}. Sorry for the whiplash.",
    "Forwarding from {who}:\n\n> {O_ctx}. Can someone on your side take this?\n\nThat someone is you, I'm afraid. Please pause {noun} and {o_do}.",
    "Context for {o_ticket} below:\n\n{o_log}\n\nDrop what you're doing on {noun} and {o_do}. I'll square it with {team}.",
    "I know you're deep in {noun}, but could you set it aside and {o_do}? It came up in {sync} and I told them we'd have something by {deadline}.",
    "Change in priorities — {o_ticket} jumped the queue. Please {o_do}; {ticket} goes back to the backlog.",
    "{ack} Let's leave {noun} at that for now. Next I'd like you to {o_do}.",
    "Can you {o_do}? {Mgr_cap} just asked for it. {Noun} isn't going anywhere, it'll keep.",
    "Re {ticket}: on hold until {hold}. In the meantime, {o_do} ({o_ticket}).",
    "TL;DR: stop {noun}, start {o_noun}.\n\nLonger version: {reason}, and {reason2}. So for the rest of the week, please {o_do}. I'll update the board and let {team} know.",
    "Given {sync}, is there any reason not to move you over to {o_ticket} right now? I'd like you to {o_do}, and {noun} can go back to the backlog.",
    "Scrap that — I'd rather you {o_do}.",
    "New priority from leadership: {o_ctx}. Please {o_do}. Whatever state {noun} is in is fine; commit it to the branch and leave it.",
    "I've been asked to reshuffle. {Ticket} → backlog; {o_ticket} → you. Scope for the latter: {o_do}.",
    "Hi! Product here. We've decided not to ship {noun} in this release — it's been pulled from the roadmap. What we do need for the release is {o_noun}; could you {o_do}?",
    "Per the sync with the platform team: they'll own {noun} from here. Can you {o_do} next?",
    "Wrapping up {noun} now would be premature, I know, but we're out of runway — {reason}. Please switch to {o_noun}: {o_do}.",
    "Context for the change:\n- {Reason}\n- {Reason2}\n- {who} agreed in {sync}\n\nSo: park {ticket}, and {o_do}. I'll own explaining the delay to {team}.",
    "Actually, hold that thought. Something more pressing: {o_ctx}. Can you look into it and {o_do}?",
    "Put {noun} on ice. {O_ticket} is burning — {o_do}.",
    "{hi}Apologies for the churn here. After talking to {mgr}, I think the right call is to defer {noun} to next quarter. What I'd like instead: {o_do}.{bye}",
    "Good stuff on {noun} so far. That said, we're pivoting — please {o_do} from now on; we'll re-plan {ticket} in the next sprint planning.",
    "{ack} {status_team} Given that, I don't want you spending more cycles on {noun} this week; the better use of your time is {o_noun} — {o_do}. {future}",
    "The request for {noun} has been withdrawn by {team}. Moving on: {o_do}.",
    "Heads-up, {ticket} got descoped in the release review. Could you take {o_ticket} instead? In short: {o_do}.",
    "{who} is going to finish {noun} themselves — they were already halfway through on their branch. Please {o_do}.",
    "Let's swap: you take {o_noun} ({o_do}), and {noun} goes back into the queue for someone else.",
    "Moving you off {ticket}. New assignment: {o_ticket} — {o_do}.",
    "For visibility: the steering group froze all work on {noun} pending a budget review. Meanwhile, {o_do}.",
    "{Noun}: let's not. {O_do}, please.",
    "Blocking on this. We shouldn't merge {noun} — the approach conflicts with {other_team}'s roadmap. Close the PR and {o_do}.",
    "Subject: Re: {ticket}\n\nHi,\n\nAfter some back and forth with {other_team} we've agreed that {noun} will not go ahead in its current form. Please close out your work on it.\n\nSeparately — and more urgently — {o_ctx}. Could you {o_do}?\n\nBest,\n{who}",
    "OK, change of direction. {O_ctx}. I'd like a fix for that today rather than more progress on {noun}.",
    "Hmm, let me redirect you: {o_do}. The earlier ask ({noun}) is superseded.",
    "Could you park what you have on `{file}` and {o_do}? I'll explain in our 1:1, but the short version is that {reason}.",
    "{ticket} → icebox. {o_ticket} now pls.",
    "Weekly update:\n\n**Done**\n- {status_team}\n\n**Changing**\n- {Noun} is deprioritised; no further work this sprint.\n\n**Next**\n- You: {o_do} ({o_ticket}).\n- {future}",
    "The board meeting moved up to {deadline} and {mgr} needs {o_noun} for it. Can you {o_do}? Everything else waits, {noun} included.",
    "I'm told {noun} duplicates what {other_team} is building, so we're standing down on it. Could you {o_do} in the meantime?",
    "Let's call it on {noun} — diminishing returns. {O_do} next, please.",
    "{hi}Some org news first: {other_team} is absorbing part of our scope as of next month, and {mgr} has asked every team to cut work-in-progress to two items. I've spent the morning going through our board with that lens.\n\nThe upshot for you: {noun} moves to {other_team}'s backlog and you move on to {o_noun}. Concretely, please {o_do}. {O_ticket} has the background.\n\nHappy to talk it through if the reasoning isn't obvious.{bye}",
    "Before you go further on {noun}: it's been cancelled. Spend the afternoon on {o_ticket} instead — {o_do}.",
    "Pause {ticket}, please — and while it's paused, {o_do}.",
    "{O_ctx}. Any chance you could {o_do} today? That's now more important than what you're on.",
    "You can abandon the `{file}` changes; we're going another way. What I need now is {o_noun}: {o_do}.",
    "Customer call just ended. Honestly they don't care about {noun} at all — what they need is {o_noun}. So let's {o_do}.",
    "Let's table {noun} until {hold}. Meanwhile, {o_do}.",
    "I owe you an apology — I gave you the wrong priority. {O_ticket} was supposed to come first. Please {o_do}, and we'll see whether {noun} still matters after.",
    "re: {ticket} — we're going to sunset this effort. can you {o_do} instead",
    "Couple of updates:\n\n1. {status_team}\n2. {O_ctx}; I need you on it — please {o_do}. {Noun} will have to wait.\n3. {future}",
    "Scratch {ticket}. New ask: {o_ask}",
    "I've moved {ticket} to 'Won't do' on the board. Let's get {o_noun} going — {o_do}.",
    "Not sure how to say this diplomatically, so: {noun} isn't landing this quarter and I'd like to stop pouring time into it. {O_ticket} on the other hand is overdue. Can you {o_do}?",
    "{hi}Following up on {sync}. A few decisions were made:\n\n- {future}\n- {Reason}, so we're trimming scope.\n- {Noun} is one of the things being trimmed.\n\nFor you specifically, please pick up {o_ticket}: {o_do}. Nothing further is needed on {ticket}.{bye}",
    "Team priorities for the next two weeks, in order:\n\n1. {O_noun} ({o_ticket}) — you. Please {o_do}.\n2. {status_team}\n3. {Noun} — paused, no owner until after {deadline}.",
    "FYI {ticket} got pulled into the {other_team} roadmap, so it's theirs now. When you have a moment — which is now — {o_do}.",
    "Drop it. {O_ticket} instead: {o_do}.",
    "We're going to let {noun} go. {Mgr_cap} would much rather see {o_noun} done — please {o_do}. {Reason}.",
)

# ---------------------------------------------------------------------------
# Stop: stopped, cancelled, parked, deferred or handed off; nothing new asked
# ---------------------------------------------------------------------------

_STOP: tuple[str, ...] = (
    "{hi}Per {sync}, {noun} is no longer a priority this quarter. Let's put a pin in it — no further work needed for now.{bye}",
    "Please stop work on {ticket}. Leave the branch as is; don't merge anything.",
    "{who} from {other_team} is taking {noun} over. Please push what you have and leave it with them.",
    "Let's park {noun} for now. We'll revisit once {hold}.",
    "{hi}After discussing with {mgr}, we've decided not to proceed with {noun}. Thanks for the work so far — please wind it down.{bye}",
    "Cancel {ticket}.",
    "Hold off on {noun} until further notice.",
    "Turns out {noun} is moot — {moot}. You can drop it.",
    "## Decision\n\n{Noun} is deferred to next quarter.\n\n## What this means for you\n\nNo further changes on `{file}`. Leave the draft PR open so we don't lose the context.\n\n## Why\n\n{Reason}.",
    "Notes from {sync}:\n\n- {status_team}\n- {future}\n- {Noun}: deprioritised, effective now. Please stop where you are.\n- Next sync is {day}.",
    "That's enough on {noun} for today. We'll pick it up another time.",
    "I think we should probably deprioritise {noun}. No need to continue.",
    "Closing {ticket} as won't-fix.",
    "Heads-up: {ticket} was closed as a duplicate of an older ticket that {other_team} already resolved. Nothing more to do on it.",
    "Let's stop here. Don't push anything else on {ticket}.",
    "We're out of budget for {noun} this quarter. Please stand down.",
    "Put {noun} on ice please.",
    "{ack} {status_team} Given all that, I'd rather you didn't keep going on {noun} — let's leave it where it is and revisit in planning.",
    "Please wrap up at a clean point and stop. {Noun} is going to {other_team}.",
    "Legal asked us to hold all changes related to {noun} pending review. Please halt until you hear from me.",
    "We've been asked to freeze {ticket}. Don't make further changes.",
    "Leave {noun}. It's not worth it anymore — {moot}.",
    "No more on {noun} — {mgr} pulled it from the roadmap.",
    "Pausing {ticket} until {hold}. I'll ping you.",
    "Let's not do {noun} after all.",
    "Can you stop on {noun}? Sorry, should've said earlier — we're not doing it.",
    "Subject: {ticket} — on hold\n\nHi,\n\nQuick note that {noun} is on hold effective immediately while {other_team} reworks the upstream contract. Please don't spend more time on it; I'll reach out when it's unblocked.\n\nThanks,\n{who}",
    "{who} already fixed it in their PR this morning, so {noun} is covered from our side — no need to continue.",
    "Alright, parking {ticket}. Nothing else needed from you on it for now.",
    "Defer {noun} to the next sprint.",
    "Shelve {ticket}.",
    "Status on {ticket}: {status}. Unfortunately {reason}, so we're pausing it here. Please don't start the next step.",
    "I'm going to take {noun} from here myself; I've got the context from the customer call. Thanks — you can let it go.",
    "{Team_cap} asked us to back off {noun} until they've finished their migration. Please stop for now.",
    "Let's shelve {noun} indefinitely. If it comes back it'll be a new ticket.",
    "{ticket}: not this quarter. Park it.",
    "Kill it — {noun} is cancelled.",
    "{hi}I want to be transparent about where we are. {Reason}, and on top of that {reason2}. {status_team}\n\nSo for now I'd like you to stop working on {noun}. It's not a reflection on the work — the direction changed above my head. I'll make sure the ticket has the context so whoever picks it up later isn't starting from zero.\n\nThanks for understanding.",
    "Ok, let's let this one go. I'll close {ticket}.",
    "Actually, don't worry about {noun}. We'll live without it.",
    "Given the code freeze starts {deadline}, there's no way {noun} lands in time. Let's stop and pick it up after the freeze.",
    "We can put {ticket} in the icebox.",
    "Please drop {noun}; {who} will finish it when they're back from leave.",
    "Hold everything on {ticket} — the customer withdrew the request.",
    "Update from {sync}:\n\n1. {status_team}\n2. {future}\n3. {Noun} is being handed to {other_team}, who'll run it from here. Please don't make further changes — they'll take the branch as it is.\n\nThat's all from me this week.",
    "I've been going back and forth on this, and I think the honest answer is that {noun} isn't worth finishing given {reason}. Let's stop.",
    "{ticket} — moving to Blocked/Deferred. No action needed from you.",
    "Let's press pause on {noun}. Not cancelling outright, but nothing more until {hold}.",
)

# ---------------------------------------------------------------------------
# Resume: back to a task stopped earlier ({o_*}); {noun} is the task done in between
# ---------------------------------------------------------------------------

_RESUME: tuple[str, ...] = (
    "{Noun} is merged — thanks. Circling back to {o_noun} ({o_ticket}): please pick it up where you left off.",
    "OK, back to {o_ticket} now.",
    "Now that {noun} is done, let's resume {o_noun}.",
    "The blocker on {o_ticket} is cleared — {who} merged the upstream fix. You can continue with {o_noun}.",
    "Great, that's out of the way. Let's get back to what we paused earlier.",
    "Thanks. The thing we parked before this one — please carry on with it.",
    "Per {sync}, {o_noun} is back on the roadmap. Please unpark it and continue from your last commit.",
    "Updates:\n\n1. {Noun}: done, nice work.\n2. {status_team}\n3. Please resume {o_ticket} — the context in your earlier notes should still hold.\n4. {future}",
    "## Where we are\n\n{Noun} is wrapped up.\n\n## Next\n\nBack to {o_noun}. Same scope as before: {o_do}.",
    "Let's pick {o_noun} back up. Priorities have settled down.",
    "{O_ticket} is unblocked — {mgr} signed off on the budget. Resume, please.",
    "{ack} With that wrapped, I'd like to return to {o_noun}. Where did you get to before we paused? Carry on from there.",
    "Back to the earlier ticket please.",
    "Right, that fire's out. Return to what you were doing before.",
    "{Other_team_cap} finished their migration, so {o_noun} can go ahead again. Continue from where you stopped.",
    "Reviving {o_ticket}: {mgr} wants it in this release after all. Please pick it back up.",
    "Let's reopen {o_ticket} and finish {o_noun}.",
    "Remember {o_noun}? It's back. Please continue where you left off — the branch should still be there.",
    "OK — {noun} looks good, I'll merge it. Meanwhile, go back to {o_noun}.",
    "Thanks for jumping on that. Now, where were we — ah yes, {o_noun}. Carry on.",
    "Subject: Re: {o_ticket} — back on\n\nHi,\n\nGood news: the hold on {o_noun} has been lifted. Please resume it, using the branch you had before.{bye}",
    "Unpausing {o_ticket}.",
    "{O_noun}: un-park it. Same plan as before.",
    "Let's continue the work we shelved {day} — {o_noun}.",
    "Hi! Quick update — the customer came back and they do want {o_noun} after all. Could you resume it? Sorry for the back and forth.",
    "{ack} {status_team} {future}\n\nOn your side, the main thing is to pick {o_ticket} back up — we stopped it until {hold}, and that's happened now.",
    "You can go back to {o_noun} now that {noun} is wrapped.",
    "Alright, {o_ticket} is back in the sprint. Resume where you paused.",
    "ok, previous task again pls",
    "Let's return to the task from before the interruption.",
    "Done with {noun}? Good. Then back to {o_noun}, please — picking up from your last status update.",
    "Per the sync with {other_team}: they won't be taking {o_noun} after all, so it comes back to us. Please continue with it.",
    "Freeze is over. Resume {o_ticket}.",
    "Let's finish what we started on `{o_file}` before the detour.",
    "We parked {o_noun} to do {noun}; that's done, so let's un-park it.",
    "Circling back: {o_ticket}. You had a draft PR open — continue from there.",
    "I think we can pick the old thread back up now — {o_noun}. Rebase the branch first if it needs it.",
    "{Noun} is in review with {who}; while that's pending, go back to {o_noun}.",
    "**Decision:** {o_noun} is reinstated.\n**Owner:** you.\n**Start from:** your last commit on the branch, not from scratch.",
    "Back on {o_ticket}, please. One thing that's changed since we paused: {o_detail_lc}",
    "Restart {o_noun} where you left it — not from scratch.",
    "{O_ticket} is a go again. Continue.",
    "{hi}Status roll-up for the week:\n\n- {Noun}: complete, thanks for turning it around so fast.\n- {status_team}\n- {O_noun}: back on. This was the one we paused {day}; please resume it now. As a reminder, the state was: {o_status}.\n\n{future}{bye}",
    "OK that's sorted. Now the one we put on hold — same branch, same plan, keep going with it.",
    "Good, nothing more needed on {noun}. Let's get back to the original ask from before it came up.",
    "The steering group lifted the freeze on {o_noun}. Please continue where you stopped {day}.",
)

# ---------------------------------------------------------------------------
# Reply: everything else about the SAME task. Plain replies first, then hard look-alikes.
# {o_*} slots, where used, name some other (parked or unrelated) task, never resume it.
# ---------------------------------------------------------------------------

_REPLY_PLAIN: tuple[str, ...] = (
    "{detail}",
    "Any update on {ticket}?",
    "Status?",
    "LGTM overall. Two nits:\n\n1. {nit1}\n2. {nit2}\n\nApproving once those are in.",
    "Here's the excerpt I mentioned in standup:\n\n{log}\n\nDoes your change for {noun} account for this?",
    "{question}",
    "Looks good. Go ahead with the next step.",
    "Small correction: the ticket is {ticket} — please reference it in the PR title so the automation links it.",
    "Please loop in {team} before merging; they own `{file}`.",
    "+1 to the plan. Proceed.",
    "Keep the PR under ~400 lines if you can; split it otherwise.",
    "Status for the wider group:\n\n- {Noun} is in progress ({ticket}); {status}.\n- {Other_team_cap} is separately working on {side}; no dependency on us.\n- {future}\n\nNo change to your priorities — keep going.",
    "{ack} Answering your questions inline:\n\n> {q_a}?\n\nYes.\n\n> {q_b}?\n\nNo, not needed for this one.",
    "I'm tied up in reviews until tomorrow, but don't wait on me — continue with {noun}.",
    "Nice. When you write the PR description for {ticket}, include the before/after and how to verify it.",
    "Can you add a short summary of the approach to {ticket} so {mgr} can follow along?",
    "That's not quite right. {detail}",
    "Approved — {ticket} can merge once CI is green.",
    "For context, {other_team} has been asking about {noun} in their channel, mostly about timelines. I told them end of next week. There's also a related effort on {side} that might land around the same time; I don't think it changes anything for you, but keep an eye out for conflicts in `{file}`. {future} None of that is for now.",
    "How confident are you in the current approach for {noun}, on a scale from 'ship it' to 'needs a rethink'?",
    "Please make sure the existing tests around `{file}` keep passing.",
    "What's the ETA on {ticket}? {Mgr_cap} asked in {sync}.",
    "Don't forget the runbook and the ticket description need updating as part of {noun}.",
    "I'd like a second pair of eyes on this — tag {who} on the PR when it's ready.",
    "Checking in — how's {noun} going? Anything blocking you?",
    "Please double-check the staging results before calling {noun} done.",
    "Good catch. Keep going.",
    "Sorry, I was unclear earlier: {detail_lc}",
    "{hi}Some context that might help with {ticket}:\n\n- {Detail_b}\n- {status_team}\n- {who} wrote the original version of `{file}` and is happy to answer questions.\n\nCarry on as you were.{bye}",
    "Re your summary: {status} — that matches what I see. Next step as you proposed.",
    "Thanks. One addition to the acceptance criteria for {ticket}: {detail_lc}",
    "Weekly update:\n\n**Done**\n- Most of the groundwork for {noun}.\n\n**In progress**\n- {Noun}: {status}.\n\n**Risks**\n- {Reason} — could slow reviews, but doesn't change the plan.\n\n**Next**\n- Finish {ticket}. {future}",
    "nit: `{file}` — {nit1_lc}",
    "Why {alt_a} rather than {alt_b}? Not pushing back, just want the reasoning in the PR description.",
)

_REPLY_LOOK: tuple[str, ...] = (
    "Don't stop at the happy path for {noun} — I'd like the failure cases covered too before you call it done.",
    "FYI, {o_noun} ({o_ticket}) is still parked; no change there. Just making sure nothing you're doing on {ticket} conflicts with the branch it left behind. Carry on.",
    "Out of curiosity, where did we leave {o_noun} before we paused it? Not asking you to pick it back up — {noun} stays the priority — I just need a one-liner for my status report.",
    "Instead of {alt_a}, let's go with {alt_b} for {noun}.",
    "Please close the PR you opened earlier and re-open it as a draft — same change, I just don't want it pinging reviewers yet.",
    "Kill the local port-forward you started if it's still running, it's hogging 8080 for everyone on the jump box. Then carry on with {noun}.",
    "Let's drop the nice-to-haves on {noun} (the extra metrics and the README polish) and keep the core. Still want it this week.",
    "We'll come back to the performance side of {noun} later; correctness first. Keep going.",
    "No need to pause and wait for my sign-off between steps. Just keep going on {ticket} and ping me when the PR is up.",
    "Before you go back and rewrite the earlier part, check whether the tests still pass with what you have.",
    "Stop me if I'm wrong, but doesn't {noun} also need a change in the staging config? Worth checking before you open the PR.",
    "{who} asked whether we should pause {noun} because of the freeze. Answer: no — the freeze only covers prod deploys, and we're not deploying until next week. Keep going.",
    "Nobody's switching anything. I know there was chatter in #eng-leads about priorities, but {noun} is still the top item for me. Please continue.",
    "Re your question — yes, you can stop the staging pods while you test {noun}; nobody else is using that namespace today.",
    "Let's put a pin in the naming discussion (we can bikeshed in review) and get {noun} actually working first.",
    "Circling back on your earlier question about {noun}: {detail_lc}",
    "Resume the test run from where it failed rather than rerunning the whole suite — it takes 40 minutes. Same branch, same ticket.",
    "Can you hold off on pushing until I've had a look at the diff? Keep working on {noun} locally in the meantime.",
    "Instead of asking me every time, just make the call on small naming things for {noun} and list them in the PR description.",
    "No need to switch branches — keep everything for {ticket} on the one branch and we'll squash at merge.",
    "I've cancelled the 2pm review slot, it's too early — let's aim for tomorrow. No rush on {noun}, quality over speed.",
    "Park the {alt_a} vs {alt_b} question for now; use whichever is quicker and we'll revisit in review. Rest of {ticket} as planned.",
    "Is {noun} going to stop {other_team} from deploying while it's in progress? If so, let's agree a window with them; if not, carry on.",
    "Later today {who} will share the updated requirements for {noun}; until then keep going with what's there.",
    "What would it take to finish {noun} by {deadline}? Not changing anything, I just need to give {mgr} an estimate.",
    "Switching the CI runners to the larger instance type is fine if it speeds up your test loop for {ticket} — go for it.",
    "Don't abandon the approach just because the first run failed. What you pasted earlier looks like an environment issue to me, not a design issue. Carry on with {noun}.",
    "The blocker from {other_team} is resolved, so you should be able to run the full test suite for {ticket} now. Same plan as before.",
    "Per the sync with {other_team}: they're fine with the approach for {noun}. Proceed as planned.",
    "{hi}Long one, sorry. {other_team} asked in {sync} whether we could stop {noun} for a couple of weeks to free up review bandwidth. I said no: {ticket} is on the critical path for {deadline} and it's already {status_lower}. They're OK with that. {future}\n\nSo nothing changes for you — please keep going.{bye}",
    "Heads-up that {o_ticket} was deferred to next quarter, in case you saw the Slack thread. That's a different workstream; it doesn't affect {noun}.",
    "Quick one: if I had to drop one thing from {noun} to make {deadline}, what would you drop? Don't drop it yet, I just want your view.",
    "Later we'll probably want to extend {noun} to the other regions, but not in this ticket. Keep the scope to what's in {ticket}.",
    "Let's not go back to {alt_a}; we tried it in the spike and it didn't hold up. Continue with {alt_b} on {noun}.",
    "Revert your last commit on {ticket} — it pulled in an unrelated formatting change — and then carry on from there.",
    "Can you pause for a second and write down your plan for the rest of {noun} before you continue? Three bullets is fine.",
)

_LOOK_PREFIX = (
    "",
    "",
    "",
    "One more thing on {ticket}: ",
    "Re {ticket} — ",
    "Reviewer note: ",
    "Following up on {noun}. ",
    "{ack} ",
)
_LOOK_SUFFIX = ("", "", "", " Otherwise carry on.", " Thanks.", " Rest of the plan stands.")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def _pick_pair(rng: random.Random) -> tuple[Task, Task]:
    cur, other = rng.sample(_TASKS, 2)
    return cur, other


def _fill(template: str, slots: dict[str, str]) -> str:
    return template.format_map(slots).strip()


def _finish(text: str, rng: random.Random) -> str:
    if rng.random() < 0.08:
        text += f"\n\ncc @{rng.choice(_HANDLE)}"
    return text


def _make(kind: str, template: str, rng: random.Random) -> Case:
    cur, other = _pick_pair(rng)
    slots = _slots(rng, cur, other)
    text = _finish(_fill(template, slots), rng)
    if kind == "resume":
        # ``cur`` is the task done in between; ``other`` was stopped earlier
        return {"kind": kind, "text": text, "current_task": cur.ask, "stopped_task": other.ask}
    return {"kind": kind, "text": text, "current_task": cur.ask, "stopped_task": None}


def _make_task_look(rng: random.Random) -> Case:
    cur, other = _pick_pair(rng)
    slots = _slots(rng, cur, other)
    look = rng.choice(cur.looks)
    text = _fill(rng.choice(_LOOK_PREFIX), slots) + " " + look + rng.choice(_LOOK_SUFFIX)
    text = _finish(re.sub(r"^\s+", "", text), rng)
    return {"kind": "reply", "text": text, "current_task": cur.ask, "stopped_task": None}


def generate(seed: int) -> list[Case]:
    """Return 600 labelled, deduplicated, shuffled cases for ``seed``."""
    rng = random.Random(seed)
    seen: set[str] = set()
    cases: list[Case] = []
    pools: dict[str, tuple[str, ...]] = {"switch": _SWITCH, "stop": _STOP, "resume": _RESUME}
    for kind in KINDS:
        want = PLAN[kind]
        made = 0
        step = 0
        if kind == "reply":
            plain = list(_REPLY_PLAIN)
            look = list(_REPLY_LOOK)
            rng.shuffle(plain)
            rng.shuffle(look)
        else:
            pool = list(pools[kind])
            rng.shuffle(pool)
        while made < want:
            if step > want * 200:
                raise RuntimeError(f"could not fill {kind!r} with distinct texts")
            if kind == "reply":
                if made % 2 == 0:
                    case = _make(kind, plain[(step // 2) % len(plain)], rng)
                elif rng.random() < 0.45:
                    case = _make_task_look(rng)
                else:
                    case = _make(kind, look[(step // 2) % len(look)], rng)
            else:
                case = _make(kind, pool[step % len(pool)], rng)
            step += 1
            key = _norm(str(case["text"]))
            if key in seen:
                continue
            seen.add(key)
            cases.append(case)
            made += 1
    rng.shuffle(cases)
    return cases


def _template_count() -> int:
    return len(_SWITCH) + len(_STOP) + len(_RESUME) + len(_REPLY_PLAIN) + len(_REPLY_LOOK)


if __name__ == "__main__":
    print(
        f"{len(_TASKS)} tasks, {_template_count()} templates "
        f"(switch {len(_SWITCH)}, stop {len(_STOP)}, resume {len(_RESUME)}, "
        f"reply {len(_REPLY_PLAIN) + len(_REPLY_LOOK)}: {len(_REPLY_PLAIN)} plain + {len(_REPLY_LOOK)} look-alike), "
        f"{sum(len(t.looks) for t in _TASKS)} task-specific look-alike replies"
    )
    for s in (0, 1, 2):
        got = generate(s)
        counts = Counter(str(c["kind"]) for c in got)
        distinct = len({_norm(str(c["text"])) for c in got})
        print(f"seed {s}: {dict(counts)} distinct texts: {distinct} total: {len(got)}")
        assert len(got) == 600, len(got)
        assert counts == Counter(PLAN), counts
        assert distinct == 600, distinct
        for c in got:
            assert set(c) == {"kind", "text", "current_task", "stopped_task"}, c
            assert c["kind"] in KINDS
            assert c["text"], c
            assert c["current_task"], c
            assert (c["stopped_task"] is not None) == (c["kind"] == "resume"), c
            if c["kind"] == "resume":
                assert c["stopped_task"] != c["current_task"], c
            assert not re.search(r"\{(?!id\})[A-Za-z_]+\}", str(c["text"])), c
        assert generate(s) == got, "not deterministic"
    assert generate(0) != generate(1)
    print("ok")
