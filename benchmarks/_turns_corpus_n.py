# ruff: noqa: E501
"""Held-out corpus ``n`` of a person's turns mid-task: switch, stop, resume or reply. Written blind.

How it was written
------------------
Written from the side of an engineer who drives a coding/devops agent from Slack or a terminal,
WITHOUT looking at packlight's turn classifier or anything built against it. Nothing under
``/work/main/src/``, ``/work/main/tests/`` or ``/work/main/benchmarks/results/`` was opened, grepped
or run; no ``benchmarks/_turns_corpus_*.py`` other than ``_turns_corpus_d.py`` was opened; nor were
``bench_switch_e2e.py``, ``train_turn_model.py``, ``turns_model_loco.py`` or ``bench_turns.py``. Of
``benchmarks/_turns_corpus_d.py`` only lines 1-45 (docstring, ``KINDS``, ``PLAN``), its ``generate``
function and its ``__main__`` self-check were read (located with one grep for the line numbers of
its top-level ``def`` / ``__main__`` lines), to copy the interface; none of its wording,
tasks or templates were reused. No other helper's file in ``/work/corpora_new/`` was opened.
packlight was never run on this corpus, and the corpus was not tuned against any classifier.

Interface
---------
``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deterministic per seed and shuffled with ``random.Random(seed)``. Each case is a dict with

- ``kind``: ``"switch"`` (the task in force is dropped or set aside AND a different task is asked
  for in the same message), ``"stop"`` (halts, cancels or pauses the task in force, asking nothing
  new), ``"resume"`` (goes back to a task stopped or paused earlier) or ``"reply"`` (anything else
  said mid-task: answers, extra details, pasted logs, corrections, add-on requests that leave the
  task running, status questions, acks and thanks);
- ``text``: the person's message;
- ``current_task``: the task in force before the message, as the sentence first used to ask it;
- ``stopped_task``: for a resume, the earlier stopped task now taken up again (as first asked),
  otherwise ``None``. For a resume, ``current_task`` is the other task done in between.

Authorship choices
------------------
- Register: terse Slack/terminal engineering chatter: imperative fragments, markdown bullets,
  code spans, fenced pasted log lines, ticket ids (JIRA-412, OPS-512, ...), @mentions, Slack
  emoji words (``:+1:``, ``:pray:``, ``:rotating_light:``) and unicode emoji, and shorthand
  (wip, lgtm, ptal, eod, tbh, fwiw, nbd, asap, pls, ty).
- Domains (10) x 3 tasks = 30 tasks: schema migrations, flaky tests, CI pipelines, Terraform,
  Kubernetes rollouts/ops, incident postmortems, data backfills, dependency bumps, API clients and
  dashboards. Every task has a first-ask sentence, a ticket id, 4 nicknames the person uses for
  it (plus the ticket id, and anaphora such as "this" / "what we parked this morning"), two
  imperative phrasings used when it is asked for in a switch, task-specific details, and 4-5
  task-specific look-alike replies.
- Templates: 42 switch, 40 stop, 32 resume; replies draw on 152 look-alike entries (task and
  domain) and about 250 other entries (details, pasted log lines, answers, status questions,
  acks, add-on requests, corrections), with prefixes, suffixes and two-bullet combinations.
  is/are agreement follows plural nicknames ("the renovate PRs are unblocked").
- Switches are phrased mostly as priority decisions ("p0 is now X", "X is blocked, pick up Y",
  "revert scope to", "deprioritise", "icebox that", hand-offs, pasted alerts) and lean only rarely
  on the words stop / instead / switch. Stops are halts, cancellations, parks and shelvings with
  optional reasons, never asking for anything new. Resumes name the stopped task (by nickname,
  ticket or "what we parked this morning") and often say why it is unblocked; some also close off
  the task in between.
- Replies: at least 40% (75 of 180 per seed) are HARD LOOK-ALIKES whose stop/kill/abort/cancel/
  pause/rollback/resume/drop/halt/switch vocabulary is the subject matter of the task in force
  ("kill the stuck canary pod and carry on", "pause the live consumer before you write March",
  "it needs a ``cancel_subscription()`` method too"). Look-alikes and details are drawn only
  from entries tagged for the current task or its domain, so a reply never asks for another task.
- Register noise on roughly 40% of the messages: lowercasing, dropped final punctuation, a
  letter-swap typo, shorthand substitution, @mention prefixes and Slack suffixes.
- Every text is distinct after normalisation (lowercase, non-alphanumerics collapsed), so the
  same normalised text never occurs under two kinds (nor twice under one).

``python /work/corpora_new/_turns_corpus_n.py`` runs the self-check: counts per kind, distinct
texts, the cross-kind check, look-alike share, determinism and seed sensitivity, and 10 random
samples per kind.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = (("switch", 180), ("stop", 120), ("resume", 120), ("reply", 180))

LOOKALIKE_QUOTA = 75  # of the 180 replies per seed, how many are hard look-alikes


@dataclass(frozen=True)
class Task:
    """One task the engineer can hand to the agent."""

    key: str
    domain: str
    first: str  # the sentence the person first used to ask for it
    ticket: str
    nicks: tuple[str, ...]  # noun phrases the person uses for it later
    dos: tuple[str, ...]  # imperative phrasings, used when a switch asks for it
    looks: tuple[str, ...]  # look-alike replies: stop-ish vocabulary as the task's own subject
    details: tuple[str, ...]  # answers / extra details / corrections that fit only this task


TASKS: tuple[Task, ...] = (
    # ---------------------------------------------------------------- migrations
    Task(
        "mig_users",
        "migrations",
        "Write the Alembic migration that splits `users.full_name` into `first_name` / `last_name` (JIRA-412).",
        "JIRA-412",
        ("the users migration", "the name split", "the alembic migration", "the full_name split"),
        (
            "write the alembic migration that splits `users.full_name`",
            "get the full_name -> first/last migration written",
        ),
        (
            "the downgrade should drop `first_name` and `last_name` only, not touch the rest of the table",
            "make it abort if any row has a NULL full_name, don't silently skip those",
            "set a `lock_timeout` so the ALTER cancels itself rather than blocking writes",
            "keep `full_name` around, we drop that column in a follow-up",
            "run it on the staging snapshot and roll it back afterwards so we know the downgrade works",
        ),
        (
            "names with more than two parts: everything after the first space goes to last_name",
            "we're on alembic 1.13 fwiw",
            "the model lives in `app/models/user.py`",
            "mononyms go into first_name, last_name stays empty",
        ),
    ),
    Task(
        "mig_orders_idx",
        "migrations",
        "Add a migration that creates a concurrent index on `orders(customer_id, created_at)`, checkout queries are timing out.",
        "JIRA-877",
        ("the orders index", "the index migration", "the checkout index", "the customer_id index"),
        (
            "add the concurrent index on `orders(customer_id, created_at)`",
            "ship the orders index migration for the checkout timeouts",
        ),
        (
            "if `CREATE INDEX CONCURRENTLY` dies halfway, drop the invalid index before retrying",
            "it has to be safe to cancel, so no transaction wrapper around it",
            "kill the idle-in-transaction sessions on staging before you test it, they block the build",
            "disable `statement_timeout` for that one migration only, otherwise postgres cancels the build",
        ),
        (
            "table is ~40M rows on prod",
            "prod is postgres 15.4",
            "name it `ix_orders_customer_created`",
            "the slow query is in `repo/orders.py::list_recent`",
        ),
    ),
    Task(
        "mig_soft_delete",
        "migrations",
        "Migrate the `invoices` table to soft deletes: add `deleted_at` and turn the hard DELETEs in the repo layer into updates.",
        "PAY-231",
        ("the soft-delete migration", "soft deletes", "the invoices change", "the deleted_at work"),
        (
            "move `invoices` to soft deletes with a `deleted_at` column",
            "do the invoices soft-delete migration",
        ),
        (
            "`cancel_invoice()` should set deleted_at too, not just status=cancelled",
            "don't drop the old `is_void` column yet",
            "the admin purge job still does hard deletes, switch that one over to the update as well",
            "for the rollback path a down migration that just drops deleted_at is fine",
        ),
        (
            "there's a partial index we'll need: `WHERE deleted_at IS NULL`",
            "the repo layer is `billing/repo/invoices.py`",
            "reports read invoices too, they should filter deleted rows",
        ),
    ),
    # ---------------------------------------------------------------- flaky tests
    Task(
        "flaky_coupon",
        "flaky",
        "Figure out why `test_checkout_applies_coupon` is flaky in CI and fix it.",
        "QA-58",
        (
            "the coupon test",
            "the flaky checkout test",
            "test_checkout_applies_coupon",
            "the coupon flake",
        ),
        (
            "dig into why `test_checkout_applies_coupon` flakes and fix it",
            "fix the flaky coupon test",
        ),
        (
            "it fails more often when the test before it cancels an order, look at the shared fixture",
            "the suite halts at the first failure with `-x`, drop that flag locally so you see everything",
            "the redis mock never gets killed between tests, could be the leak",
            "the order-cancel fixture doesn't reset the coupon counter, fwiw",
        ),
        (
            "fails about 1 in 8 runs",
            "only on the py3.12 job as far as I can tell",
            "seed from the last failing run was 48213",
            "please no retry decorator, I want the root cause",
        ),
    ),
    Task(
        "flaky_login",
        "flaky",
        "The Playwright login e2e times out randomly on CI, stabilise it.",
        "QA-61",
        ("the login e2e", "the playwright flake", "the e2e timeout", "the login spec"),
        ("stabilise the playwright login e2e", "get the login e2e to stop timing out on CI"),
        (
            "sometimes it clicks 'Cancel' on the MFA modal, that's the path that hangs",
            "wait for the spinner to stop rather than a fixed sleep",
            "kill the dev server properly in teardown, it leaks between specs",
            "the `page.pause()` in `beforeEach` is a leftover, rip it out",
        ),
        (
            "traces are attached to the failed runs",
            "only chromium, webkit is fine",
            "the test user is `e2e-login@acme.test`",
        ),
    ),
    Task(
        "flaky_rebalance",
        "flaky",
        "Fix the intermittent failure in `test_consumer_rebalance` in the ingest service.",
        "ING-19",
        ("the rebalance test", "the kafka flake", "test_consumer_rebalance", "the ingest flake"),
        (
            "fix the intermittent `test_consumer_rebalance` failure",
            "sort out the kafka rebalance flake in ingest",
        ),
        (
            "the test pauses the consumer and resumes it too quickly, try waiting for the assignment callback",
            "make sure the broker container is stopped in teardown",
            "it should assert no offsets get committed after we cancel the poll loop",
            "if the embedded broker is the problem, switch the test to the testcontainers one",
        ),
        (
            "we run kafka 3.6 in the test container",
            "the failing assert is on line 212",
            "it only started after the librdkafka bump",
        ),
    ),
    # ---------------------------------------------------------------- CI
    Task(
        "ci_cache",
        "ci",
        "Speed up the GitHub Actions pipeline: add dependency caching for pip and npm.",
        "CI-204",
        ("the CI caching", "the pipeline speedup", "the actions cache", "the cache work"),
        (
            "add pip + npm caching to the actions pipeline",
            "get the CI pipeline faster with dependency caching",
        ),
        (
            "set `cancel-in-progress: true` on the concurrency group while you're in there",
            "a cache miss must not abort the job",
            "the lint job gets killed on OOM, move it to the bigger runner",
            "restore-keys should fall back to the main branch cache, drop the per-PR ones",
        ),
        (
            "target is under 10 minutes end to end",
            "lockfiles are `requirements.lock` and `package-lock.json`",
            "we're at 23 min right now",
        ),
    ),
    Task(
        "ci_py313",
        "ci",
        "Add Python 3.13 to the CI test matrix and get it green.",
        "CI-211",
        ("the 3.13 matrix", "py313", "the matrix change", "the 3.13 job"),
        ("add python 3.13 to the test matrix and make it green", "get a py313 job into CI"),
        (
            "mark 3.13 `continue-on-error` so it can't halt the rest of the matrix",
            "set `fail-fast: false` so one red version doesn't cancel the others",
            "drop 3.8 from the matrix in the same PR",
            "if a dep has no 3.13 wheel yet, skip that extra on 3.13 rather than kill the whole job",
        ),
        (
            "numpy has 3.13 wheels now",
            "use `actions/setup-python@v5`",
            "tox env name should be `py313`",
        ),
    ),
    Task(
        "ci_release",
        "ci",
        "Build a release workflow that tags, builds and publishes the wheel to our internal index on merge to main.",
        "CI-230",
        ("the release workflow", "the publish pipeline", "release automation", "the publish job"),
        (
            "build the tag + publish release workflow",
            "automate publishing the wheel to the internal index",
        ),
        (
            "add a manual approval gate that can halt the publish step",
            "if the tag already exists, abort the run, don't overwrite",
            "make the workflow cancellable without leaving half-uploaded artifacts",
            "a rollback job that yanks the version would be nice",
        ),
        (
            "internal index is `pypi.internal.acme.dev`",
            "version comes from `git describe --tags`",
            "sign the wheel with the key in the `release` environment",
        ),
    ),
    # ---------------------------------------------------------------- terraform
    Task(
        "tf_vpc",
        "terraform",
        "Write a reusable Terraform module for our standard VPC: 3 AZs, public/private subnets, NAT.",
        "INFRA-88",
        ("the vpc module", "the terraform module", "the network module", "the VPC thing"),
        ("write the reusable VPC terraform module", "put together the standard VPC module"),
        (
            "add `prevent_destroy` on the NAT gateways so nobody kills them by accident",
            "callers should be able to switch NAT off entirely for dev",
            "`single_nat_gateway` should switch between one NAT and one per AZ",
            "flow logs: let callers switch them off per env",
        ),
        (
            "CIDR is 10.40.0.0/16",
            "terraform 1.7, aws provider 5.x",
            "tag everything with `team` and `cost-center`",
        ),
    ),
    Task(
        "tf_rds",
        "terraform",
        "Move the RDS instance definitions into Terraform and import the existing prod database.",
        "INFRA-95",
        ("the RDS import", "the db terraform", "the rds module", "the prod db import"),
        ("import the prod RDS instance into terraform", "get the RDS definitions into terraform"),
        (
            "`deletion_protection = true`, and abort if the plan ever wants to destroy and recreate it",
            "a lambda stops the dev instance on weekends, add `ignore_changes` for that",
            "if the import plan shows a replace, abort and ping me",
            "the old snapshot-kill cron should be represented too, as a disabled resource",
        ),
        (
            "prod identifier is `orders-prod-1`",
            "parameter group is `pg15-custom`",
            "we only want a clean plan for now, no apply",
        ),
    ),
    Task(
        "tf_iam",
        "terraform",
        "Tighten the IAM policies in the `ci-deployer` Terraform module to least privilege.",
        "SEC-140",
        (
            "the IAM cleanup",
            "the deployer policy",
            "the least-privilege work",
            "the ci-deployer module",
        ),
        (
            "tighten the ci-deployer IAM policies to least privilege",
            "do the least-privilege pass on ci-deployer",
        ),
        (
            "the deployer still needs `ecs:StopTask`, don't remove that one",
            "deny `rds:DeleteDBInstance` and `rds:StopDBInstance` explicitly",
            "it has to be able to cancel CodeDeploy deployments too (`codedeploy:StopDeployment`)",
            "keep `lambda:PutFunctionConcurrency`, that's how we pause the consumers",
        ),
        (
            "access analyzer findings are attached to the ticket",
            "last 90 days of CloudTrail is enough to infer usage",
            "the role name is `ci-deployer-prod`",
        ),
    ),
    # ---------------------------------------------------------------- k8s
    Task(
        "k8s_rollout",
        "k8s",
        "Roll out api-gateway v2.14 to the prod cluster with a canary.",
        "OPS-512",
        ("the gateway rollout", "the v2.14 rollout", "the canary", "the api-gateway deploy"),
        (
            "roll out api-gateway v2.14 to prod behind a canary",
            "do the gateway 2.14 canary rollout",
        ),
        (
            "if the canary error rate goes over 1%, abort and roll back automatically",
            "only kill the old replicaset after the canary holds for 30 min",
            "add a `kubectl rollout pause` after the first 10% so we can eyeball the dashboards",
            "one canary pod is stuck in Terminating, force-kill it and carry on",
            "resume the rollout yourself once p99 looks flat, no need to wait for me",
        ),
        (
            "prod context is `prod-eu-1`",
            "the image tag is `2.14.0-rc3`",
            "canary weight 10 -> 50 -> 100",
        ),
    ),
    Task(
        "k8s_hpa",
        "k8s",
        "Set up an HPA for the worker deployment that scales on queue depth.",
        "OPS-530",
        ("the HPA", "worker autoscaling", "the autoscaler", "the queue-depth scaling"),
        ("set up queue-depth autoscaling for the workers", "get an HPA on the worker deployment"),
        (
            "scale-down should pause 5 minutes so we don't kill workers mid-job",
            "workers need a preStop hook so they stop pulling jobs before termination",
            "never scale the workers to zero, a paused queue still needs one consumer",
            "stabilization window on scale-up can be 0, it's scale-down that must hold back",
        ),
        (
            "the queue metric comes from the prometheus adapter",
            "max 40 replicas",
            "the metric name is `jobs_pending`",
        ),
    ),
    Task(
        "k8s_cron",
        "k8s",
        "Convert the nightly cleanup script into a Kubernetes CronJob.",
        "OPS-547",
        ("the cronjob", "the cleanup cron", "the nightly job", "the cleanup CronJob"),
        (
            "turn the nightly cleanup script into a CronJob",
            "move the cleanup script onto a k8s CronJob",
        ),
        (
            "`concurrencyPolicy: Forbid`: if last night's run is still going, skip, don't kill it",
            "set `activeDeadlineSeconds` so a hung run gets terminated",
            "put `suspend: true` in the staging overlay so it stays paused there",
            "the script has to exit non-zero when it aborts, or the job shows green",
        ),
        (
            "schedule is 02:30 UTC",
            "the script is `ops/cleanup.sh`",
            "it needs the `cleanup-sa` service account",
        ),
    ),
    # ---------------------------------------------------------------- postmortems
    Task(
        "pm_checkout",
        "postmortem",
        "Draft the postmortem for Tuesday's checkout outage (INC-2291).",
        "INC-2291",
        ("the postmortem", "the INC-2291 writeup", "the checkout outage doc", "the PM doc"),
        ("draft the INC-2291 checkout postmortem", "write up Tuesday's checkout outage"),
        (
            "the timeline should show when we paused the payment consumer and when we resumed it",
            "mention the first rollback attempt was aborted because of the schema change",
            "add that oncall killed the stuck migration job at 14:52",
            "we cancelled the feature flag rollout at 15:10, that belongs in the timeline too",
        ),
        (
            "impact: ~18 min of failed checkouts, about 3.1k orders",
            "use the blameless template in Confluence",
            "detection was the synthetic check, not a customer",
        ),
    ),
    Task(
        "pm_dns",
        "postmortem",
        "Write the incident report for last week's DNS resolution failures (INC-2305).",
        "INC-2305",
        ("the DNS writeup", "the incident report", "the coredns doc", "the DNS report"),
        (
            "write the incident report for the DNS failures (INC-2305)",
            "do the coredns incident writeup",
        ),
        (
            "action item: alert when coredns pods get OOM-killed",
            "say that we halted deploys for 2 hours during the incident",
            "note the cancelled change request that would have caught it",
            "the part where we paused the node autoscaler needs a timestamp",
        ),
        (
            "root cause was ndots:5 plus a missing search domain",
            "it hit eu-west only",
            "the coredns graphs are in the incident channel",
        ),
    ),
    Task(
        "pm_actions",
        "postmortem",
        "Turn the action items from the last three postmortems into Jira tickets with owners.",
        "REL-9",
        (
            "the action items",
            "the PM follow-ups",
            "the action-item tickets",
            "the follow-up tickets",
        ),
        (
            "file the postmortem action items as jira tickets with owners",
            "turn the last three PMs' action items into tickets",
        ),
        (
            "the 'pause deploys during incidents' item goes to @dana",
            "close the 'kill switch for feature flags' one as a duplicate of FF-12",
            "the rollback-runbook item is already done, mark it resolved",
            "'abort canary on SLO burn' should be a p1, not p3",
        ),
        (
            "component is `reliability`",
            "due dates end of quarter",
            "owners need to be a person, not a team",
        ),
    ),
    # ---------------------------------------------------------------- backfills
    Task(
        "bf_events",
        "backfill",
        "Backfill the `events_daily` table for January to March from the raw S3 logs.",
        "DATA-77",
        ("the backfill", "the events backfill", "events_daily", "the Q1 backfill"),
        (
            "backfill `events_daily` for Jan-Mar from the raw logs",
            "run the Q1 events_daily backfill",
        ),
        (
            "pause the live consumer before you write March, then resume it",
            "make the job resumable per day so a failure doesn't restart from January",
            "if a partition's row count is off by more than 1%, abort that day and log it",
            "kill the leftover spark executors from yesterday's attempt first",
        ),
        (
            "raw logs are under `s3://acme-raw/events/`",
            "partition by `event_date`",
            "Feb 29 is a real day this year, don't skip it",
        ),
    ),
    Task(
        "bf_fx",
        "backfill",
        "Backfill `amount_usd` on historical orders using the FX rates table.",
        "DATA-81",
        ("the FX backfill", "amount_usd", "the currency backfill", "the usd backfill"),
        (
            "backfill `amount_usd` on old orders from the FX table",
            "do the amount_usd currency backfill",
        ),
        (
            "skip cancelled orders, they have no amount",
            "batch 10k rows and pause between batches so replication doesn't stall",
            "stop-and-resume has to be safe: checkpoint the last order id",
            "refunded orders get a negative amount_usd, don't drop them",
        ),
        (
            "use the rate from the order date, not today's",
            "rates table is `fx.daily_rates`",
            "round to 2 decimals at the end, not per step",
        ),
    ),
    Task(
        "bf_reindex",
        "backfill",
        "Reindex all products into the new Elasticsearch cluster.",
        "SRCH-40",
        ("the reindex", "the ES migration", "the product reindex", "the search reindex"),
        (
            "reindex the products into the new ES cluster",
            "get the product reindex onto the es8 cluster",
        ),
        (
            "pause the indexing worker on the old cluster while the snapshot runs",
            "resume the replication job once the alias points at the new index",
            "use `wait_for_completion=false` so we can cancel the reindex task if it drags",
            "kill the old alias only after the doc counts match",
        ),
        (
            "about 2.3M docs",
            "the new cluster is es8 on `search-2`",
            "mapping changes are in `search/mappings/products.json`",
        ),
    ),
    # ---------------------------------------------------------------- dependencies
    Task(
        "dep_django",
        "deps",
        "Bump Django from 4.2 to 5.0 and fix whatever breaks.",
        "DEP-14",
        ("the django bump", "django 5", "the django upgrade", "the 5.0 upgrade"),
        ("bump django to 5.0 and fix the fallout", "do the django 4.2 -> 5.0 upgrade"),
        (
            "`USE_L10N` is gone in 5.0, drop it from settings",
            "make deprecation warnings halt the test run: `-W error::DeprecationWarning`",
            "revert the `DEFAULT_AUTO_FIELD` change, it's unrelated to the bump",
            "our `cancel_order` view uses the old `request.is_ajax()`, that has to go",
        ),
        (
            "`django-filter` pin needs to move too",
            "we're on python 3.11 everywhere",
            "admin templates are overridden in `templates/admin/`",
        ),
    ),
    Task(
        "dep_renovate",
        "deps",
        "Go through the open Renovate PRs and merge the safe ones.",
        "DEP-20",
        ("the renovate PRs", "the dep PRs", "the renovate backlog", "the bump PRs"),
        ("go through the renovate PRs and merge the safe ones", "clear the renovate backlog"),
        (
            "close the eslint 9 one, we're holding eslint back at 8",
            "the `requests` bump got reverted last week, skip it",
            "kill the stale ones older than 90 days",
            "put the major bumps on hold with a `blocked` label",
        ),
        (
            "safe = patch + minor with green CI",
            "there are 31 open right now",
            "group the @types ones into one PR if you can",
        ),
    ),
    Task(
        "dep_openssl",
        "deps",
        "Patch the base images for the OpenSSL CVE and rebuild them.",
        "SEC-151",
        ("the CVE patch", "the openssl rebuild", "the base image patch", "the openssl fix"),
        (
            "patch and rebuild the base images for the openssl CVE",
            "get the openssl CVE patched in the base images",
        ),
        (
            "the legacy py2 image is frozen, pin it with a note, don't rebuild",
            "kill the cached layers on the build runners or it reuses the old libssl",
            "halt the auto-deploy of rebuilt images to prod, staging only for now",
            "if trivy still flags it after the rebuild, abort the push",
        ),
        (
            "fixed version is 3.0.13",
            "base images live in `docker/base/`",
            "alpine and debian variants both need it",
        ),
    ),
    # ---------------------------------------------------------------- API clients
    Task(
        "api_billing",
        "api",
        "Write a typed Python client for the billing service's REST API.",
        "BILL-33",
        ("the billing client", "the API client", "the billing SDK", "the typed client"),
        ("write the typed python client for billing's REST API", "build the billing API client"),
        (
            "it needs a `cancel_subscription()` method too",
            "`pause_subscription` takes an optional `resume_at` date",
            "retries should stop after 3 attempts with backoff",
            "add `switch_plan(sub_id, plan)` as well",
        ),
        (
            "openapi spec is in `billing/openapi.yaml`",
            "use httpx, not requests",
            "auth is a bearer token from `BILLING_TOKEN`",
        ),
    ),
    Task(
        "api_webhooks",
        "api",
        "Add webhook signature verification to the partner API client.",
        "PART-9",
        ("the webhook verification", "the signature check", "the partner client", "the HMAC check"),
        (
            "add webhook signature verification to the partner client",
            "do the HMAC verification for partner webhooks",
        ),
        (
            "drop events older than 5 minutes, replay protection",
            "`subscription.cancelled` and `subscription.paused` are signed differently, handle both",
            "abort on the first bad signature, don't keep processing the batch",
            "the `kill_session` webhook has no body, sign over the empty string",
        ),
        (
            "HMAC-SHA256, secret per partner",
            "header is `X-Partner-Signature`",
            "use `hmac.compare_digest`",
        ),
    ),
    Task(
        "api_paging",
        "api",
        "Fix pagination in the GitHub client, it stops after the first 100 results.",
        "TOOL-71",
        ("the pagination bug", "the github client", "the paging fix", "the Link header fix"),
        ("fix the github client's pagination", "sort out the paging bug in the github client"),
        (
            "it should stop when there's no `next` in the Link header, not when a page is short",
            "respect the rate limit: pause until `X-RateLimit-Reset`",
            "resume from the last cursor if it crashes mid-way",
            "cancel the remaining page fetches if the caller breaks out of the iterator",
        ),
        (
            "per_page is capped at 100 by github",
            "the client is `tools/gh/client.py`",
            "search endpoints cap at 1000 results, that's expected",
        ),
    ),
    # ---------------------------------------------------------------- dashboards
    Task(
        "dash_latency",
        "dashboards",
        "Build a Grafana dashboard for API latency per endpoint (p50/p95/p99).",
        "OBS-22",
        ("the latency dashboard", "the grafana board", "the p99 dashboard", "the latency board"),
        (
            "build the per-endpoint latency dashboard in grafana",
            "put together the p50/p95/p99 grafana board",
        ),
        (
            "add an annotation whenever a deploy is rolled back or aborted",
            "a panel for requests cancelled by the client (499s) please",
            "mark the windows when the ingest pipeline was paused",
            "drop the `/healthz` endpoint from the panels, it's noise",
        ),
        (
            "datasource is `prom-prod`",
            "the histogram is `http_server_duration_seconds`",
            "group by `route`, not by raw path",
        ),
    ),
    Task(
        "dash_cost",
        "dashboards",
        "Make a dashboard of monthly cloud spend per team from the billing export.",
        "FINOPS-5",
        ("the cost dashboard", "the spend board", "the billing dashboard", "the finops board"),
        (
            "build the monthly spend-per-team dashboard",
            "make the cloud cost dashboard from the billing export",
        ),
        (
            "stopped-but-not-terminated instances get their own panel, they still cost EBS",
            "include the reservations we cancelled last quarter, greyed out",
            "the dev clusters we pause at night should show separately",
            "killed spot instances count toward the team that launched them",
        ),
        (
            "billing export is in BigQuery, `billing.gcp_export_v1`",
            "team comes from the `team` label",
            "show it in USD, monthly buckets",
        ),
    ),
    Task(
        "dash_queue",
        "dashboards",
        "Add queue depth and consumer lag panels to the ingest dashboard.",
        "OBS-31",
        ("the queue panels", "the lag panels", "the ingest dashboard", "the consumer lag board"),
        (
            "add queue depth + consumer lag panels to the ingest dashboard",
            "get lag panels onto the ingest board",
        ),
        (
            "add a state panel showing when a consumer is paused vs running",
            "alert when lag keeps growing after a consumer resumes",
            "show killed/restarted consumer pods as annotations",
            "a stat for messages dropped to the DLQ please",
        ),
        (
            "lag metric is `kafka_consumergroup_lag`",
            "the dashboard uid is `ingest-main`",
            "per-partition is too much, per-topic is fine",
        ),
    ),
)

DOMAIN_LOOKS: dict[str, tuple[str, ...]] = {
    "migrations": (
        "the migration must be safe to abort halfway, one transaction per step",
        "rollback matters: the downgrade has to pass in CI too",
        "if it waits on a lock for more than 5s it should cancel and retry",
    ),
    "flaky": (
        "don't kill it with `@skip`, I want it actually fixed",
        "once it's fixed, take it off the quarantine list that pauses known flakes",
        "the retry plugin masks it, switch that off while you debug",
    ),
    "ci": (
        "runs on the same branch should cancel superseded ones",
        "abort early if the lockfile changed without a version bump",
        "if a step hangs, the job should get killed after 20 min",
    ),
    "terraform": (
        "the plan must not destroy anything, abort if you see a replace",
        "use `-lock-timeout=5m` so it waits rather than dying when someone holds the lock",
        "rollback plan: keep the previous module version tagged",
    ),
    "k8s": (
        "give the pods a SIGTERM and 30s to stop gracefully",
        "if anything crashloops, grab the logs before you kill it",
        "argo auto-sync is paused on that app, resume it when you're done",
    ),
    "postmortem": (
        "include when we paused the deploy train and when it resumed",
        "list the alerts we silenced and when paging resumed",
        "the 'kill switch' we used needs its own paragraph",
    ),
    "backfill": (
        "it must be restartable: if I kill it, a rerun picks up where it stopped",
        "pause writes if replication lag goes above 30s",
        "abort the whole run if the dry-run counts don't match",
    ),
    "deps": (
        "if a bump breaks the build, revert just that one and keep the rest",
        "hold back anything that needs a major version jump",
        "drop the pin comment once it's bumped",
    ),
    "api": (
        "the client should cancel in-flight requests on `close()`",
        "timeouts: abort after 10s by default",
        "a `stop_on_error` flag on the batch helper would be handy",
    ),
    "dashboards": (
        "show rolled-back deploys as red annotations",
        "add a 'paused' colour in the status panel",
        "the panel should go grey when the exporter is stopped, not show zero",
    ),
}

DOMAIN_DETAILS: dict[str, tuple[str, ...]] = {
    "migrations": (
        "prod has read replicas, keep the lock time short",
        "we deploy migrations with `make migrate ENV=staging`",
        "staging db got refreshed from prod yesterday",
    ),
    "flaky": (
        "last night's CI logs are in #ci-flakes",
        "you can rerun just that job with `gh run rerun --failed`",
        "flake tracker says it started 2 weeks ago",
    ),
    "ci": (
        "runners are self-hosted ubuntu-22.04",
        "workflow files are under `.github/workflows/`",
        "main is protected, open a PR",
    ),
    "terraform": (
        "state is in the `acme-tfstate` bucket",
        "run `terraform fmt` before pushing",
        "workspaces are dev, staging, prod",
    ),
    "k8s": (
        "use the `deploy` service account",
        "the helm chart is in `charts/`",
        "argo syncs every 3 min",
    ),
    "postmortem": (
        "keep it blameless",
        "grafana snapshots are linked in the incident channel",
        "review meeting is thursday",
    ),
    "backfill": (
        "run it on the `batch` queue, not default",
        "DAG folder is `dags/backfills/`",
        "warehouse credits are fine, don't worry about cost",
    ),
    "deps": (
        "renovate config is in `.github/renovate.json`",
        "read the changelogs for breaking changes",
        "lockfile is poetry",
    ),
    "api": (
        "target python 3.11+",
        "follow the style of the existing `inventory` client",
        "pydantic v2 for the models",
    ),
    "dashboards": (
        "grafana folder is `Platform`",
        "use the dashboards-as-code repo, not the UI",
        "keep it to one screen if possible",
    ),
}

DOMAIN_LOGS: dict[str, tuple[str, ...]] = {
    "migrations": (
        "sqlalchemy.exc.OperationalError: (psycopg2.errors.LockNotAvailable) canceling statement due to lock timeout",
        "alembic.util.exc.CommandError: Can't locate revision identified by 'a91f3c'",
    ),
    "flaky": (
        "FAILED tests/checkout/test_coupons.py::test_checkout_applies_coupon - AssertionError: assert 0 == 1",
        'E   TimeoutError: waiting for selector "#login-btn" failed: timeout 30000ms exceeded',
    ),
    "ci": (
        "Error: The operation was canceled.",
        "##[error]Process completed with exit code 137.",
    ),
    "terraform": (
        "Error: Error acquiring the state lock: ConditionalCheckFailedException",
        "# aws_nat_gateway.this[0] must be replaced",
    ),
    "k8s": (
        "Warning  BackOff  kubelet  Back-off restarting failed container",
        'deployment "api-gateway" exceeded its progress deadline',
    ),
    "postmortem": (
        "14:38:02 PagerDuty: [FIRING] CheckoutErrorRate > 5% (prod)",
        "15:02:11 #inc-channel: rollback started by @sven",
    ),
    "backfill": (
        "py4j.protocol.Py4JJavaError: Job aborted due to stage failure: Task 41 in stage 3.0 failed 4 times",
        "WARN replica lag 47s on orders-replica-2",
    ),
    "deps": (
        "ERROR: Cannot install django==5.0 because these package versions have conflicting dependencies.",
        "CVE-2023-5678 libssl3 3.0.11-1 -> fixed in 3.0.13",
    ),
    "api": (
        "httpx.ReadTimeout: timed out",
        "ValueError: signature mismatch for partner 'acme-retail'",
    ),
    "dashboards": (
        "Panel plugin not found: grafana-piechart-panel",
        "Query error: many-to-many matching not allowed: matching labels must be unique on one side",
    ),
}

PEOPLE = ("@priya", "@dana", "@marco", "@sven", "@li.chen", "@oskar", "@fatima", "@jo")
BOSSES = ("the EM", "@marta", "product", "the VP eng", "@raj (EM)", "oncall", "the release captain")
BLOCKERS = (
    "the DBA sign-off",
    "a vendor ticket",
    "@dana's refactor",
    "the infra review",
    "the security review",
    "an upstream fix",
    "the staging cluster upgrade",
    "the API freeze",
)
SWITCH_WHY = (
    "customers are hitting it",
    "it blocks the release",
    "it's breaking main",
    "sales promised it for friday",
    "oncall is drowning",
    "it's the last thing before the freeze",
    "audit is next week",
    "the EM asked",
    "it's paging every 20 min",
    "two teams are waiting on it",
)
STOP_WHY = (
    "freeze starts in 10 min",
    "product pulled the feature",
    "turns out we don't need it",
    "the vendor fixed it upstream",
    "the platform team owns this now",
    "budget got cut",
    "security wants to review the approach first",
    "we're rethinking the design",
    "the whole service is being sunset",
    "it's a dupe of something already done",
)
RESUME_WHY = (
    "the DBA signed off",
    "the freeze is lifted",
    "security approved it",
    "the vendor shipped their patch",
    "we got the budget after all",
    "staging is back up",
    "the API freeze ended",
    "the infra review passed",
)
ALERTS = (
    "[FIRING:1] HighErrorRate api-gateway prod-eu-1 (5xx > 3%)",
    "FATAL: remaining connection slots are reserved for non-replication superuser connections",
    "kubelet: Back-off restarting failed container payments-worker",
    "panic: runtime error: invalid memory address or nil pointer dereference",
    "[PagerDuty] #48211 disk usage 96% on kafka-broker-3",
    "ERROR [checkout] upstream connect error or disconnect/reset before headers (503)",
)
INVESTIGATE = (
    "find out what's causing it",
    "dig into this",
    "figure out where it comes from",
    "get eyes on this",
    "triage it and tell me what you find",
    "look into it right now",
)

# ------------------------------------------------------------------------------ templates
# Slots: {cur}/{Cur} current task reference, {ctk} its ticket, {new} new task nickname, {ntk}
# its ticket, {do}/{Do} new task imperative, {old}/{Old} stopped task reference, {otk} its ticket,
# {who} a colleague, {boss} someone who sets priorities, {blk} a blocker, {why} a reason,
# {alert} a pasted alert line, {inv} an investigate phrase.

SWITCH_T: tuple[str, ...] = (
    "p0 is now {new}. {Cur} can wait.",
    "{Cur} {cis} blocked on {blk}, pick up {new} meanwhile",
    "deprioritise {cur}, {do} first",
    "icebox {cur} and {do}",
    "park {cur}, need you on {new} asap ({why})",
    "revert scope: {cur} {cis} out, just {do}",
    "new plan: {do}. {Cur} {cgoes} back to the backlog",
    "drop whatever you're on and {do}, {why}",
    "leave {cur} where it is. {Do}.",
    "{Cur} {cisnt} happening this sprint. can you {do}?",
    "priorities changed :rotating_light:\n- {cur}: on hold\n- {new}: you, now",
    "scratch that, {do}",
    "{boss} wants {new} by eod, so put {cur} down and get on that",
    "tbh {cur} {cisnt} worth it. go {do}",
    "{ctk} -> parked. take {ntk}: {do}",
    "forget about {cur} for now; {do}",
    "nvm {cur}. {Do} pls",
    "{Do} before anything else. {Cur} can sit.",
    "we're moving {cur} to next sprint. in the meantime, {do}",
    "hand {cur} off to {who}, you take {new}",
    "context switch, sorry: {do}. leave your branch for {cur} as it is",
    "```\n{alert}\n```\nthis just paged. leave {cur} and {inv}",
    "change of plans, {cur} {cis} on ice. {Do}.",
    "let {cur} rest, {new} {nis} the priority now ({why})",
    "not {cur} today. {Do}, that's the urgent one",
    "{boss} says {cur} {cis} on hold until Q3. pick up {new} in the meantime",
    "can we pivot? {do}. {cur} {cisnt} needed before the release",
    "lower prio: {cur}\nhigher prio: {do}",
    "{cur} -> backlog\n{new} -> now\n{why}",
    "I'm pulling you off {cur}. {Do}.",
    "stop {cur} and {do}",
    "put a pin in {cur}. next up: {do}",
    "sev2 just came in. {Do}, {cur} later",
    "ptal at {new} asap, {cur} {cisnt} urgent anymore",
    "{ntk} jumped the queue :fire: {Do}. {cur} can wait for tomorrow",
    "wip on {cur} is fine to leave as is. I need you to {do}",
    "{Cur} {cis} blocked anyway. {Do} while we wait",
    "let's shelve {cur}. {do} instead",
    "{who} is taking over {cur}. for you: {do}",
    "pausing {cur} :pause_button: please {do}, {why}",
    "> {alert}\n\nthat's on fire, {inv}. {cur} can wait",
    "re-prioritising: {new} > {cur}. go",
)

STOP_T: tuple[str, ...] = (
    "hold off on {cur} for now",
    "ok pause there, nothing else for now",
    "{cur}: icebox it. no need to do anything else",
    "let's not do {cur} after all, {why}",
    "kill it, we're not doing {cur}",
    "that's enough on {cur}. leave it where it is",
    "abort, don't push anything",
    "won't fix. drop {cur}",
    "park this until after the freeze",
    "{ctk} got closed as won't-do, you can leave it",
    "hold on, don't go any further with {cur}, waiting on {who}",
    "no need anymore, {who} already shipped it",
    "please halt here, I'll pick {cur} up myself tomorrow",
    "ctrl-c :octagonal_sign:",
    "let's call it here on {cur}. that's all",
    "descoped. leave the branch as is",
    "freeze just started, put {cur} down until further notice",
    "pause {cur} pls, {why}",
    "⏸️ {cur}",
    "nope, not doing {cur}. thanks anyway",
    "not needed anymore, {why}",
    "{Cur} {cis} cancelled. don't touch it further",
    "{boss} says we shelve {cur}. leave it",
    "stand down on {cur}",
    "update on {cur}:\n- {why}\n- not picking it back up this sprint\nso leave it, nothing else needed",
    "whoa wait. don't do anything more on this",
    "let's leave {cur} there for today, we'll pick it up another time",
    "ok, {cur} {cis} off the table. sit tight",
    "{Cur} can wait indefinitely, put it down",
    "hang on, park {cur}, I need to talk to {who} first",
    "{ctk} is blocked on {blk}. leave it until that lands",
    "no more on {cur} pls :no_entry_sign:",
    "we're not shipping {cur} this quarter. you can drop it",
    "scrap {cur}, {why}",
    "hmm, let's not. leave {cur} alone for now",
    "{Cur}: moving to won't-do. nothing further",
    "freeze {cur} where it is",
    "I'll take {cur} from here, you can leave it",
    "enough, just leave it. ty",
    "don't merge, don't push, leave {cur} as is for now",
)

RESUME_T: tuple[str, ...] = (
    "ok back to {old}",
    "{Old} {ois} unblocked, pick it back up",
    "thaw {old} out of the icebox",
    "p0 again: {old}. carry on where you left off",
    "{who} merged the fix, so {old} can continue",
    "where were we with {old}? keep going on it",
    "un-park {old} pls",
    "freeze is over, resume {old}",
    "let's pick {old} up again from the step you were on",
    "{otk} is back in the sprint, continue with it",
    "{Cur} lgtm, merged. now back to {old}",
    "revisit {old}: continue from the branch you left",
    "status:\n- {cur}: done :white_check_mark:\n- {old}: unblocked, back to you",
    "ok {old} again. same plan as before",
    "that's {cur} sorted. return to {old}",
    "{Old} {ois} back on, {rwhy}",
    "remember {old}? it's live again, finish it off",
    "{rwhy}, so {old} {ois} a go again",
    "can you go back to {old} now",
    "{Old}: unpaused. continue",
    "let {cur} sit, {old} {otakes} priority again",
    "{rwhy}. {old} where you left it, please",
    "{old} again pls :pray:",
    "bring {old} back. the rest of the plan stands",
    "picking {old} back up: continue from your last commit",
    "back on {old}. {rwhy}",
    "ok now the earlier thing, {old}. finish it",
    "{otk} is unblocked ({rwhy}). carry on with it",
    "good enough on {cur} for now. {old} {ois} next again, from where you stopped",
    "{Old} {ois} out of the icebox :tada: keep going",
    "re: {old}, {rwhy}. you can continue",
    "let's get {old} over the line now, same branch as before",
)

# reply pieces
REPLY_PREFIX = (
    "",
    "",
    "",
    "fyi ",
    "one thing: ",
    "oh and ",
    "re {nick}: ",
    "- ",
    "also, ",
    "nb: ",
    "btw ",
    "small thing, ",
)
REPLY_SUFFIX = ("", "", "", " ty", " :+1:", " thx", " pls", " fwiw", " nbd if not")
LOG_LEAD = (
    "here's the error you asked for:",
    "this is what I get locally:",
    "pasting the last line from the run:",
    "got this from the job logs:",
    "fwiw this is what staging shows:",
)
ANSWERS = (
    "yes, go with that",
    "yeah the second approach",
    "either works, your call",
    "no, keep the current naming",
    "staging first please",
    "sure, open it as a draft",
    "yep, {who} will review",
    "option 2",
    "the first one",
    "go ahead",
    "yes to both",
    "no, leave the defaults",
    "use `main` as the base",
    "correct",
    "not sure, ask {who}",
    "yes, that's the right file",
    "no need for a feature flag",
)
STATUS = (
    "eta on {cur}?",
    "how's {cur} looking",
    "any blockers on {cur}?",
    "is {cur} green yet",
    "what's left on {cur}?",
    "how far along are you",
    "quick status pls",
    "where are we at",
    "is there a PR for {cur} yet?",
    "did the tests pass?",
    "how long till something I can review?",
    "anything you need from me on {cur}?",
)
ACKS = (
    ":+1:",
    "lgtm so far",
    "nice, ty",
    "ack",
    "sounds good",
    "cool, keep going",
    "👍",
    "ty, looks right",
    "great, thanks",
    ":eyes: looks fine",
    "ok makes sense",
    "nice catch",
    "perfect :100:",
    "thanks, that's what I wanted",
)
ADDONS = (
    "add a changelog entry",
    "link {ctk} in the PR description",
    "cc {who} on the PR when it's up",
    "paste the commands you ran into the PR",
    "add a test for that",
    "squash the commits before review",
    "keep the diff small",
    "post a short summary in the thread",
    "tag {ctk} in the commit message",
    "add a README note",
)
ADDON_T = (
    "also {a}",
    "while you're at it, {a}",
    "{a} too pls",
    "and {a}",
    "when you open the PR, {a}",
    "+ {a}",
)
CORRECTIONS = (
    "correction: the base branch is `develop`, not main",
    "correction: {who} reviews this, not me",
    "sorry, wrong ticket earlier, it's {ctk}",
    "my bad, it's the `acme-platform` repo, not `acme-infra`",
    "typo above: I meant staging, not stage",
)

ANAPHORA_CUR = ("this", "that", "the current thing", "what you're on", "this one")
ANAPHORA_OLD = (
    "the earlier thing",
    "what we parked this morning",
    "the one you paused before",
    "the previous task",
    "yesterday's thing",
)


def _norm(text: str) -> str:
    """Normalised form used for distinctness: lowercase, runs of non-alphanumerics collapsed."""
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def _plural(ref: str) -> bool:
    """True for plural task references such as ``the renovate PRs`` (for is/are agreement)."""
    last = ref.rsplit(maxsplit=1)[-1]
    return ref != "this" and last.endswith("s") and not last.endswith("ss") and not ref.isupper()


def _uncap(text: str) -> str:
    """Lowercases the first letter unless it starts an acronym or ticket id (``OPS-512``)."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _cap(text: str) -> str:
    first = text.split(" ", 1)[0] if text else ""
    if not text or text.startswith("`") or "_" in first:
        return text  # leave code identifiers as typed
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------------------ register noise
_ABBREV: tuple[tuple[str, str], ...] = (
    (r"\bplease\b", "pls"),
    (r"\bthanks\b", "thx"),
    (r"\byou\b", "u"),
    (r"\btomorrow\b", "tmrw"),
    (r"\bbecause\b", "bc"),
    (r"\bright now\b", "rn"),
    (r"\bwith\b", "w/"),
    (r"\bfor now\b", "fn"),
    (r"\bare\b", "r"),
    (r"\bbefore\b", "b4"),
)


def _typo(rng: random.Random, text: str) -> str:
    words = text.split(" ")
    spots = [i for i, w in enumerate(words) if len(w) >= 5 and w.isalpha() and w.islower()]
    if not spots:
        return text
    i = rng.choice(spots)
    w = words[i]
    j = rng.randrange(1, len(w) - 2)
    words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
    return " ".join(words)


def _abbrev(rng: random.Random, text: str) -> str:
    hits = [(p, r) for p, r in _ABBREV if re.search(p, text, flags=re.IGNORECASE)]
    if not hits:
        return text.lower()
    p, r = rng.choice(hits)
    return re.sub(p, r, text, flags=re.IGNORECASE)


def _noise(rng: random.Random, text: str) -> str:
    """Register noise on ~40% of messages; one or two transforms."""
    if rng.random() >= 0.4:
        return text
    ops: list[Callable[[random.Random, str], str]] = [
        lambda r, t: t.lower(),
        lambda r, t: t.rstrip(".!"),
        _typo,
        _abbrev,
        lambda r, t: (
            r.choice(("@agent ", "@pk ", "hey, ", "ok so ", "quick one: ", "@bot ")) + _uncap(t)
        ),
        lambda r, t: t + r.choice((" ty", " thx", " :pray:", " 🙏", "!!", " :sweat_smile:")),
    ]
    for op in rng.sample(ops, rng.choice((1, 1, 2))):
        text = op(rng, text)
    return text


# ------------------------------------------------------------------------------ writer
class _Writer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def _task(self, exclude: tuple[Task, ...] = ()) -> Task:
        return self.rng.choice([t for t in TASKS if t not in exclude])

    def _ref(self, task: Task, anaphora: tuple[str, ...], p_ana: float) -> str:
        r = self.rng.random()
        if r < p_ana:
            return self.rng.choice(anaphora)
        if r < p_ana + 0.15:
            return task.ticket
        return self.rng.choice(task.nicks)

    def _slots(
        self, cur: Task, new: Task | None = None, old: Task | None = None, p_ana: float = 0.2
    ) -> dict[str, str]:
        rng = self.rng
        s: dict[str, str] = {
            "cur": self._ref(cur, ANAPHORA_CUR, p_ana),
            "ctk": cur.ticket,
            "nick": rng.choice(cur.nicks),
            "who": rng.choice(PEOPLE),
            "boss": rng.choice(BOSSES),
            "blk": rng.choice(BLOCKERS),
            "alert": rng.choice(ALERTS),
            "inv": rng.choice(INVESTIGATE),
            "rwhy": rng.choice(RESUME_WHY),
        }
        s["cis"], s["cisnt"], s["cgoes"] = (
            ("are", "aren't", "go") if _plural(s["cur"]) else ("is", "isn't", "goes")
        )
        if new is not None:
            nick = rng.choice(new.nicks)
            s["nis"] = "are" if _plural(nick) else "is"
            s["new"] = nick if rng.random() < 0.8 else f"{nick} ({new.ticket})"
            s["ntk"] = new.ticket
            s["do"] = rng.choice(new.dos)
            s["why"] = rng.choice(SWITCH_WHY)
        else:
            s["why"] = rng.choice(STOP_WHY)
        if old is not None:
            s["old"] = self._ref(old, ANAPHORA_OLD, 0.12)
            s["otk"] = old.ticket
            s["ois"], s["otakes"] = ("are", "take") if _plural(s["old"]) else ("is", "takes")
        for k in ("cur", "do", "old"):
            if k in s:
                s[k.capitalize()] = _cap(s[k])
        return s

    def _finish(self, text: str) -> str:
        if self.rng.random() < 0.5:
            text = _cap(text)
        return _noise(self.rng, text)

    def switch(self) -> tuple[str, Task, Task | None]:
        cur = self._task()
        new = self._task((cur,))
        s = self._slots(cur, new=new)
        return self._finish(self.rng.choice(SWITCH_T).format(**s)), cur, None

    def stop(self) -> tuple[str, Task, Task | None]:
        cur = self._task()
        s = self._slots(cur)
        return self._finish(self.rng.choice(STOP_T).format(**s)), cur, None

    def resume(self) -> tuple[str, Task, Task | None]:
        old = self._task()
        cur = self._task((old,))
        s = self._slots(cur, old=old, p_ana=0.1)
        return self._finish(self.rng.choice(RESUME_T).format(**s)), cur, old

    def reply(self, look: bool) -> tuple[str, Task, Task | None]:
        rng = self.rng
        cur = self._task()
        s = self._slots(cur, p_ana=0.15)
        if look:
            pool = cur.looks * 2 + DOMAIN_LOOKS[cur.domain]
            body = rng.choice(pool)
            if rng.random() < 0.2:
                other = rng.choice([x for x in pool if x != body])
                text = f"two things:\n- {body}\n- {other}"
            else:
                text = rng.choice(REPLY_PREFIX) + body + rng.choice(REPLY_SUFFIX)
            text = text.format(**s)
        else:
            kind = rng.choice(
                (
                    "detail",
                    "detail",
                    "log",
                    "answer",
                    "status",
                    "ack",
                    "addon",
                    "correction",
                    "bullets",
                )
            )
            if kind == "detail":
                body = rng.choice(cur.details * 2 + DOMAIN_DETAILS[cur.domain])
                text = rng.choice(REPLY_PREFIX) + body + rng.choice(REPLY_SUFFIX)
            elif kind == "log":
                text = f"{rng.choice(LOG_LEAD)}\n```\n{rng.choice(DOMAIN_LOGS[cur.domain])}\n```"
            elif kind == "answer":
                text = rng.choice(ANSWERS) + rng.choice(REPLY_SUFFIX)
            elif kind == "status":
                text = rng.choice(STATUS)
            elif kind == "ack":
                text = rng.choice(ACKS) + rng.choice(("", "", " :+1:", " ty", " 🚀"))
            elif kind == "addon":
                text = rng.choice(ADDON_T).format(a=rng.choice(ADDONS))
            elif kind == "correction":
                text = rng.choice(CORRECTIONS)
            else:
                a, b = rng.sample(list(cur.details + DOMAIN_DETAILS[cur.domain]), 2)
                text = f"answers:\n- {a}\n- {b}"
            text = text.format(**s)
        return self._finish(text), cur, None


def generate(seed: int) -> list[dict[str, str | None]]:
    """Returns the 600 labelled cases for ``seed`` (see the module docstring), shuffled."""
    writer = _Writer(seed)
    out: list[dict[str, str | None]] = []
    owner: dict[str, str] = {}  # normalised text -> kind; every text is used once only
    for kind, wanted in PLAN:
        made = 0
        for _ in range(wanted * 200):
            if made == wanted:
                break
            if kind == "switch":
                text, current, stopped = writer.switch()
            elif kind == "stop":
                text, current, stopped = writer.stop()
            elif kind == "resume":
                text, current, stopped = writer.resume()
            else:
                text, current, stopped = writer.reply(look=made < LOOKALIKE_QUOTA)
            key = _norm(text)
            if not key or key in owner:
                continue
            owner[key] = kind
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
            raise RuntimeError(f"corpus n: only {made} distinct {kind} cases for seed {seed}")
    writer.rng.shuffle(out)
    return out


_LOOK_WORDS = re.compile(
    r"\b(stop\w*|kill\w*|abort\w*|cancel\w*|paus\w*|rollback|roll(ed)? back|resum\w*|drop\w*|halt\w*|"
    r"switch\w*|revert\w*|hold\w*|frozen|suspend|terminat\w*|back)\b",
    re.IGNORECASE,
)


if __name__ == "__main__":
    cases = generate(0)
    counts = Counter(c["kind"] for c in cases)
    print(len(cases), dict(counts))
    assert counts == Counter(dict(PLAN)), counts
    norms = Counter(_norm(c["text"] or "") for c in cases)
    kinds_per_text: dict[str, set[str]] = {}
    for c in cases:
        kinds_per_text.setdefault(_norm(c["text"] or ""), set()).add(c["kind"] or "")
    cross = [t for t, ks in kinds_per_text.items() if len(ks) > 1]
    print(
        "distinct texts:",
        len(norms),
        "| cross-kind clashes:",
        len(cross),
        "| tasks:",
        len(TASKS),
        "| domains:",
        len({t.domain for t in TASKS}),
    )
    print(
        "templates: switch",
        len(SWITCH_T),
        "| stop",
        len(STOP_T),
        "| resume",
        len(RESUME_T),
        "| reply look-alike entries",
        sum(len(t.looks) for t in TASKS) + sum(len(v) for v in DOMAIN_LOOKS.values()),
        "| reply other entries",
        sum(len(t.details) for t in TASKS)
        + sum(len(v) for v in DOMAIN_DETAILS.values())
        + sum(len(v) for v in DOMAIN_LOGS.values())
        + len(ANSWERS)
        + len(STATUS)
        + len(ACKS)
        + len(ADDONS) * len(ADDON_T)
        + len(CORRECTIONS),
    )
    entries = [x for t in TASKS for x in t.looks] + [x for v in DOMAIN_LOOKS.values() for x in v]
    print(
        "look-alike entries without stop/kill/pause/... vocabulary:",
        [x for x in entries if not _LOOK_WORDS.search(x)],
    )
    replies = [c for c in cases if c["kind"] == "reply"]
    looky = sum(1 for c in replies if _LOOK_WORDS.search(c["text"] or ""))
    print(
        f"replies with stop/kill/pause/... vocabulary: {looky}/{len(replies)} ({looky / len(replies):.0%})"
    )
    bad = [
        c
        for c in cases
        if (c["kind"] == "resume") != (c["stopped_task"] is not None)
        or (c["kind"] == "resume" and c["stopped_task"] == c["current_task"])
    ]
    print("resume/stopped_task consistency errors:", len(bad))
    print("deterministic:", generate(0) == cases, "| seed 1 differs:", generate(1) != cases)
    for s in range(2, 12):
        generate(s)
    print("seeds 0-11 generate without shortfall")
    sampler = random.Random(1)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in cases if c["kind"] == kind], 10):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")
