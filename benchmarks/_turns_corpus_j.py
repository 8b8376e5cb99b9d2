# ruff: noqa: E501
"""Held-out corpus ``j`` of a person's turns to an AI coding agent mid-task. Written blind.

Written as an independent author from the side of the engineer typing to a coding agent that
edits a repository and runs commands. Opened while writing: only lines 1-45 of
``benchmarks/_turns_corpus_d.py`` (docstring, ``KINDS``, ``PLAN``), its ``generate`` function
and its ``__main__`` self-check, to copy the interface (none of its wording is reused). NOT
opened or grepped: anything under ``src/``, ``tests/`` or ``benchmarks/results/``, the other
``benchmarks/_turns_corpus_*.py`` files, ``bench_switch_e2e.py``, ``train_turn_model.py`` and
``turns_model_loco.py``. packlight's classifier and benchmarks were never run on this corpus;
do not tune this file against the classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated on normalised text (a text never appears twice, so never under two kinds) and
shuffled with ``random.Random(seed)``. Each case is a dict with:

- ``kind``: ``"switch"`` (the task in force is stopped, parked or replaced and a different task
  is named in the same message, in any wording), ``"stop"`` (stopped, cancelled, parked or
  handed off, nothing new asked), ``"resume"`` (back to a task stopped earlier) or ``"reply"``
  (everything else said mid-task);
- ``text``: the message;
- ``current_task``: the task in force, as the person first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- 30 software tasks across stacks (a flaky Rust CI test, a Node memory leak, a Django
  migration, a React double submit, Terraform drift, gRPC deadlines in Go, a slow pandas
  report, an Android crash on rotate, a Postgres deadlock, a Kubernetes CrashLoopBackOff, a
  CVE bump, a broken docs build, a CLI flag rename, a C++ data race, a date-picker a11y fix, a
  GraphQL N+1, log noise, a feature-flag rollout, a benchmark regression, a Helm upgrade,
  Stripe webhook idempotency, checkout 500s, iOS pushes, rate limiting, S3 multipart uploads,
  a DST cron bug, an Elasticsearch reindex, a mypy cleanup, PDF pagination, admin logouts).
  Each has later names (ticket ids like ``PAY-482``, PR ``#1931``, file or function names,
  nicknames), a pasted error or log, sometimes a diff, same-task notes, and same-task
  look-alikes that use stop/cancel/abort/kill/pause/drop/revert/instead as subject matter.
- Messages carry code spans, paths, stack lines, shell commands, CI links and diffs; some are a
  long paste followed by a one-line decision, some are one-liners.
- Switch, stop and resume wording is mostly indirect ("hotfix first: ...", "git stash it and
  ...", "that ticket got closed as won't-fix", "someone on the platform team picked it up",
  "back to the leak", "where were we with ..."); only a minority says stop/instead/switch.
- Replies: about half are hard look-alikes (killing a process, aborting a transaction, pausing
  a consumer or cancelling a request in the code; another approach to the same bug; asking
  about a parked task's state without taking it up; "later"/"park" words about sub-parts).
- Seeded slot filling over templates, then register noise on some cases (lowercase, typos,
  dropped punctuation, "lgtm", "wdyt", "pls", emoji). Standard library only.

``python benchmarks/_turns_corpus_j.py`` prints the self-check.
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
    """One software task: how it was first asked, and how it gets talked about later."""

    first: str
    refs: tuple[str, ...]
    asks: tuple[str, ...]
    paste: str
    looks: tuple[str, ...]
    notes: tuple[str, ...]
    diff: str = ""


TASKS: tuple[Task, ...] = (
    Task(
        first="The `reconnect_after_timeout` test in the `wirepool` crate fails about one CI run in ten, Linux only. Can you track down why and make it deterministic?",
        refs=(
            "the flaky test",
            "`reconnect_after_timeout`",
            "the wirepool flake",
            "WP-311",
            "the flaky CI test",
        ),
        asks=(
            "figure out why `reconnect_after_timeout` in wirepool keeps flaking on CI",
            "chase the wirepool flake (WP-311)",
            "make the `reconnect_after_timeout` test stop failing randomly",
        ),
        paste="---- tests::reconnect_after_timeout stdout ----\nthread 'tests::reconnect_after_timeout' panicked at crates/wirepool/src/conn.rs:212:9:\nassertion `left == right` failed\n  left: 2\n right: 1",
        looks=(
            "the test should cancel the pending reconnect future before it asserts, otherwise it races the timer",
            "use `tokio::time::pause()` in that test instead of real sleeps",
            "drop the `#[ignore]` you added, we want it running in CI",
            "I think the real bug is that the pool doesn't abort the in-flight dial when the timeout fires",
            "kill the `sleep(Duration::from_millis(50))` hack, it just hides the race",
        ),
        notes=(
            "yes, only on the ubuntu-22.04 runners, never seen it on macOS",
            "it started right after we bumped tokio to 1.37",
            "loop it locally with `for i in $(seq 300); do cargo test -p wirepool reconnect -q || break; done`",
            "can you put a comment on why the clock is paused there?",
        ),
        diff="-        tokio::time::sleep(Duration::from_millis(50)).await;\n+        tokio::time::advance(Duration::from_millis(50)).await;",
    ),
    Task(
        first="Our `notifier` Node service creeps up to ~2 GB RSS over a day and gets OOM-killed. Please find the memory leak.",
        refs=("the leak", "the notifier leak", "the memory leak", "NOTIF-88", "the OOM thing"),
        asks=(
            "find out why the notifier service leaks until it gets OOM-killed",
            "dig into the notifier memory leak (NOTIF-88)",
        ),
        paste="<--- Last few GCs --->\n[1:0x5a1c2e0] 86012345 ms: Mark-Compact 2011.3 (2080.1) -> 2009.8 (2081.4) MB, 1822.4 / 0.0 ms\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
        looks=(
            "the `data` listener has to be removed when the socket closes, add a `socket.off` in the close handler",
            "cancel the retry timer in `disconnect()` too, that closure is probably what keeps the sockets alive",
            "pause the consumer in the repro script so the queue doesn't refill while you take the snapshot",
            "send the process SIGUSR2 to get a heapdump instead of restarting it, that's wired up already",
            "try comparing two heap snapshots rather than reading the code, it'll be quicker",
        ),
        notes=(
            "prod runs node 18.19",
            "growth is linear, roughly 80 MB an hour",
            "yes we see `MaxListenersExceededWarning: Possible EventEmitter memory leak detected. 11 message listeners added` in the logs too",
            "please don't just raise `--max-old-space-size`, that only delays it",
        ),
        diff="   socket.on('close', () => {\n+    socket.off('data', onData);\n     clients.delete(id);\n   });",
    ),
    Task(
        first="Write the Django migration that splits `Customer.name` into `first_name` and `last_name` and backfills the existing rows.",
        refs=(
            "the migration",
            "the name-split migration",
            "`0042_split_customer_name`",
            "CRM-1207",
            "the backfill",
        ),
        asks=(
            "write the Django migration that splits `Customer.name` into first and last name",
            "do the customer name-split migration (CRM-1207)",
        ),
        paste='django.db.utils.IntegrityError: null value in column "last_name" of relation "crm_customer" violates not-null constraint\nDETAIL:  Failing row contains (8812, null, null, 2021-03-02 10:11:12+00).',
        looks=(
            "the backfill should stop at a row it can't parse and log it, not crash the whole migration",
            "make the `RunPython` reversible instead of `noop`, ops insists on that",
            "drop the old `name` column in a separate migration, not in this one",
            "give each batch its own transaction so we can abort halfway without holding a lock on the table",
            "revert the squash you did, keep the migrations separate",
        ),
        notes=(
            "one-word names go entirely into `first_name`",
            "about 1.2M rows in prod",
            "use `.iterator(chunk_size=2000)` for the backfill",
            "run `python manage.py makemigrations --check` to be sure nothing is missing",
        ),
    ),
    Task(
        first="The signup form in `web/src/components/SignupForm.tsx` submits twice when you press Enter in the password field. Please fix it.",
        refs=(
            "the double-submit bug",
            "the signup form",
            "`SignupForm`",
            "WEB-2290",
            "the form bug",
        ),
        asks=(
            "fix the signup form submitting twice on Enter",
            "look at the `SignupForm.tsx` double submit (WEB-2290)",
        ),
        paste="POST /api/signup 201 (Created)\nPOST /api/signup 409 (Conflict)\nUncaught (in promise) Error: email already registered\n    at handleSubmit (SignupForm.tsx:58:13)",
        looks=(
            "the handler should bail out if a request is already in flight, cancel the second one rather than just disabling the button",
            "use an `AbortController` so a pending request is aborted when the form unmounts",
            "drop the `onKeyDown` handler entirely, the native form submit already handles Enter",
            "revert the debounce, it's the wrong fix; try `isSubmitting` from react-hook-form",
            "stop the event propagation in the password field, I suspect the outer `<form>` gets it twice",
        ),
        notes=(
            "only Chrome, Safari is fine",
            "we're on react-hook-form 7.51",
            "please add a testing-library test that presses Enter and asserts one call",
            "nit: call it `submitting`, not `isSubmittingFlag`",
        ),
        diff="-  <input type=\"password\" onKeyDown={e => e.key === 'Enter' && handleSubmit(onSubmit)()} />\n+  <input type=\"password\" {...register('password')} />",
    ),
    Task(
        first="`terraform plan` in `infra/prod` shows drift on the `aws_security_group.api` rules on every run. Find out where it comes from and get the plan clean.",
        refs=(
            "the drift",
            "the terraform drift",
            "the security group drift",
            "INFRA-640",
            "the plan noise",
        ),
        asks=(
            "figure out the terraform drift on `aws_security_group.api` in prod",
            "get `terraform plan` in infra/prod clean again (INFRA-640)",
        ),
        paste='  # aws_security_group.api will be updated in-place\n  ~ resource "aws_security_group" "api" {\n      ~ ingress = [\n          - {\n              - cidr_blocks = ["10.0.0.0/8"]',
        looks=(
            "don't `terraform apply` anything, plan only",
            "I'd move the rules into separate `aws_security_group_rule` resources instead of inline blocks, that's the usual cause",
            "cancel that `terraform import`, show me the command before you run it",
            "kill the plan if it's still running, it's holding the state lock",
            "drop the `-refresh=false`, we need a real refresh to see it",
        ),
        notes=(
            "state lives in the `acme-tfstate` bucket",
            "we're on the 5.x aws provider",
            "the console change was probably the on-call last week",
            "use `terraform plan -target=aws_security_group.api` to keep it quick",
        ),
    ),
    Task(
        first="The `Quote` gRPC call from `pricing-gw` to `ratesvc` times out under load with `DeadlineExceeded`, even though ratesvc's p99 is 40ms. Find out why.",
        refs=(
            "the grpc timeouts",
            "the DeadlineExceeded thing",
            "the pricing-gw timeouts",
            "PRC-77",
            "the Quote timeouts",
        ),
        asks=(
            "look into the `DeadlineExceeded` errors between pricing-gw and ratesvc",
            "debug the gRPC Quote timeouts (PRC-77)",
        ),
        paste="rpc error: code = DeadlineExceeded desc = context deadline exceeded\ngoroutine 4411 [select]:\ngoogle.golang.org/grpc.(*ClientConn).WaitForStateChange(0xc0004a2000, {0x1a2b3c0, 0xc000ad4120}, 0x2)",
        looks=(
            "make sure the handler cancels the context when the client gives up, otherwise ratesvc keeps working on dead requests",
            "try one shared `ClientConn` instead of dialing per request",
            "stop creating a fresh `context.Background()` in the retry loop, pass the parent ctx down",
            "the retry should abort once less than 10ms of the deadline is left",
            "kill the load test after 2 minutes, no need for the full 10",
        ),
        notes=(
            "server side uses the default MaxConcurrentStreams",
            "grpc-go 1.62 on both",
            "same cluster, different node pools",
            "add a histogram for the time spent waiting for a stream",
        ),
        diff="-\tctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)\n+\tctx, cancel := context.WithTimeout(parent, 200*time.Millisecond)",
    ),
    Task(
        first="`reports/build_weekly.py` takes 40 minutes on last month's data; the bottleneck is a `groupby().apply()` in `aggregate_sessions`. Make it fast.",
        refs=(
            "the weekly report",
            "the pandas slowness",
            "`aggregate_sessions`",
            "DATA-512",
            "the report speedup",
        ),
        asks=(
            "speed up `aggregate_sessions` in the weekly report script",
            "make `build_weekly.py` not take 40 minutes (DATA-512)",
        ),
        paste="   ncalls  tottime  percall  cumtime  percall filename:lineno(function)\n   184220  611.442    0.003 2287.915    0.012 build_weekly.py:88(_per_user)\n   184220  402.118    0.002  402.118    0.002 {method 'copy' of 'pandas.DataFrame'}",
        looks=(
            "vectorise it instead of the apply, `transform` plus a boolean mask should do it",
            "drop the `.copy()` calls inside the loop, they're what kills it",
            "kill the notebook kernel before you profile, it's sitting on 12 GB",
            "stop converting to python datetimes row by row, use the `.dt` accessors",
            "cancel the full run and use the 1% sample in `data/sample.parquet`",
        ),
        notes=(
            "the output has to stay byte-identical, finance diffs it",
            "pandas 2.2, pyarrow is installed",
            "polars is ok if it stays inside that one function",
            "40 min down to 3? great, commit it",
        ),
    ),
    Task(
        first="The app crashes when you rotate the phone on the checkout screen (`CheckoutFragment`). Fix the crash.",
        refs=(
            "the rotate crash",
            "the rotation crash",
            "`CheckoutFragment`",
            "AND-913",
            "the crash on rotate",
        ),
        asks=(
            "fix the crash on rotate in `CheckoutFragment`",
            "look at the Android rotation crash on checkout (AND-913)",
        ),
        paste="java.lang.IllegalStateException: Fragment CheckoutFragment{8c1a2f} not attached to a context.\n    at androidx.fragment.app.Fragment.requireContext(Fragment.java:972)\n    at com.acme.shop.checkout.CheckoutFragment.onPriceLoaded(CheckoutFragment.kt:141)",
        looks=(
            "the coroutine should get cancelled when the view is destroyed, launch it in `viewLifecycleOwner.lifecycleScope`",
            "stop holding the fragment in that callback, that's the leak and the crash",
            "don't lock the orientation, that's a cop-out",
            "drop the `configChanges` hack someone added to the manifest, it's masking the problem",
            "pause the price polling in `onStop` and restart it in `onStart`",
        ),
        notes=(
            "repro: open checkout, wait for the spinner, rotate",
            "minSdk is 24",
            "the ViewModel already survives rotation",
            "can you add an Espresso test using `ActivityScenario.recreate()`?",
        ),
    ),
    Task(
        first="We get `deadlock detected` in Postgres a few times an hour between `reserve_stock` and `release_expired`. Find the lock-ordering problem and fix it.",
        refs=(
            "the deadlock",
            "the stock deadlock",
            "`reserve_stock`",
            "INV-204",
            "the lock ordering thing",
        ),
        asks=(
            "fix the Postgres deadlock between `reserve_stock` and `release_expired`",
            "chase the inventory deadlock (INV-204)",
        ),
        paste='ERROR:  deadlock detected\nDETAIL:  Process 21877 waits for ShareLock on transaction 99120311; blocked by process 21902.\nProcess 21902 waits for ShareLock on transaction 99120307; blocked by process 21877.\nCONTEXT:  while updating tuple (412,9) in relation "stock_items"',
        looks=(
            "the transaction should abort and retry on `40P01`, but as a safety net after the ordering fix, not as the fix",
            "lock the rows `ORDER BY id` instead of in whatever order the cart hands them over",
            "`release_expired` should skip locked rows with `FOR UPDATE SKIP LOCKED` rather than wait on them",
            "kill the idle-in-transaction sessions on staging first, they skew your repro",
            "drop the advisory lock idea, too much blast radius",
        ),
        notes=(
            "Postgres 15, read committed",
            "yes a cart can contain the same sku twice",
            "the repro script is `scripts/stock_hammer.py`",
            "what happens if two carts release the same reservation?",
        ),
        diff='-    rows = Stock.objects.select_for_update().filter(sku__in=skus)\n+    rows = Stock.objects.select_for_update().filter(sku__in=skus).order_by("id")',
    ),
    Task(
        first="The `billing-worker` pods in staging have been in CrashLoopBackOff since this morning's deploy. Figure out why and get them healthy.",
        refs=(
            "the crashloop",
            "billing-worker",
            "the CrashLoopBackOff",
            "the staging crashloop",
            "OPS-1530",
        ),
        asks=(
            "figure out why billing-worker is in CrashLoopBackOff in staging",
            "get the billing-worker pods out of CrashLoopBackOff (OPS-1530)",
        ),
        paste="NAME                             READY   STATUS             RESTARTS      AGE\nbilling-worker-7d9c6b8f5-2xkqp   0/1     CrashLoopBackOff   14 (31s ago)  48m\n$ kubectl -n staging logs billing-worker-7d9c6b8f5-2xkqp --previous\npanic: missing env BILLING_DB_URL",
        looks=(
            "the liveness probe kills it before the cache is warm, raise `initialDelaySeconds` rather than removing the probe",
            "delete the crashing pod once so we get fresh logs",
            "don't roll back the deploy, the other services in it are fine",
            "scale it to zero while you dig so it stops churning",
            "the worker should exit non-zero when config is missing, not hang, keep that behaviour",
        ),
        notes=(
            "the secret is `billing-secrets` in namespace `staging`",
            "the deploy also switched the base image to distroless",
            "start with `kubectl -n staging describe pod`",
            "green now? nice, open a PR with the manifest change",
        ),
    ),
    Task(
        first="Dependabot flagged `jsonwebtoken` < 9.0.0 (CVE-2022-23529) in `auth-api`. Bump it and fix whatever breaks.",
        refs=(
            "the jsonwebtoken bump",
            "the CVE bump",
            "the security bump",
            "#1931",
            "the dependabot PR",
        ),
        asks=(
            "bump `jsonwebtoken` in auth-api for the CVE",
            "take over the jsonwebtoken security bump in #1931",
        ),
        paste="TypeError: Cannot read properties of undefined (reading 'verify')\n    at Object.<anonymous> (auth-api/src/middleware/jwt.js:14:22)\nnpm ERR! Test failed.  See above for more details.",
        looks=(
            "drop the `algorithms: ['none']` test case, 9.x rejects it and that's the point",
            "revert the lockfile churn, only `jsonwebtoken` should move",
            "the middleware should reject bad tokens instead of logging and carrying on, fix that while you're in there",
            "cancel the dependabot rebase, push to the same branch yourself",
            "stop using `jwt.decode` for auth anywhere, it doesn't verify",
        ),
        notes=(
            "CI runs node 20",
            "the keys are RS256",
            "`verify` is sync unless you pass a callback, per the changelog",
            "approve from me once CI is green",
        ),
    ),
    Task(
        first="The docs site (`docs/`, mkdocs-material) fails to build on CI since yesterday. Get the build green.",
        refs=(
            "the docs build",
            "the mkdocs failure",
            "the docs site",
            "DOC-64",
            "the broken docs build",
        ),
        asks=(
            "get the mkdocs docs build green again",
            "fix the docs site build on CI (DOC-64)",
        ),
        paste="ERROR    -  Config value 'plugins': The \"mkdocstrings\" plugin is not installed\nAborted with a configuration error!\nError: Process completed with exit code 1.",
        looks=(
            "pin mkdocstrings rather than the whole requirements file",
            "keep `--strict`, don't drop it, fix the warnings",
            "kill your local `mkdocs serve` on 8000 before rerunning, it's serving a stale build",
            "the 'Cancelling and pausing jobs' page has a broken anchor, that's one of the warnings",
            "revert the theme bump locally just to bisect, don't commit that",
        ),
        notes=(
            "it's the `docs` job in `.github/workflows/ci.yml`",
            "python 3.11 on that runner",
            "the plugin got split into `mkdocstrings-python`",
            "looks right, push it",
        ),
    ),
    Task(
        first="Rename the `--out-dir` flag of `pkgtool build` to `--output`, keeping `--out-dir` as a deprecated alias for one release.",
        refs=(
            "the flag rename",
            "the `--out-dir` rename",
            "the CLI rename",
            "CLI-58",
            "the deprecation",
        ),
        asks=(
            "rename `--out-dir` to `--output` in `pkgtool build`",
            "do the CLI flag rename (CLI-58)",
        ),
        paste="$ pkgtool build --out-dir dist\nerror: unexpected argument '--out-dir' found\n\n  tip: a similar argument exists: '--output'",
        looks=(
            "the alias should print a deprecation warning to stderr, not stop the build",
            "we drop the alias in 3.0, say so in the changelog",
            "use clap's `alias` instead of a second arg",
            "don't hide `--out-dir` from `--help` yet",
            "the warning must not be printed when `--quiet` is passed",
        ),
        notes=(
            "update the man page too",
            "completions are generated, just rerun `make completions`",
            "the changelog entry goes under Deprecated",
            "current version is 2.8",
        ),
        diff='-    #[arg(long = "out-dir")]\n+    #[arg(long = "output", alias = "out-dir")]\n     out_dir: PathBuf,',
    ),
    Task(
        first="TSan reports a data race between `MetricsRegistry::snapshot()` and `Counter::inc()` in `libtelemetry`. Fix the race without killing throughput.",
        refs=(
            "the data race",
            "the tsan race",
            "the race in `snapshot()`",
            "TEL-19",
            "the metrics race",
        ),
        asks=(
            "fix the TSan data race in `MetricsRegistry::snapshot()`",
            "look at the libtelemetry race (TEL-19)",
        ),
        paste="WARNING: ThreadSanitizer: data race (pid=31077)\n  Write of size 8 at 0x7b0c000010a0 by thread T3:\n    #0 telemetry::Counter::inc() src/counter.cc:42\n  Previous read of size 8 at 0x7b0c000010a0 by main thread:\n    #0 telemetry::MetricsRegistry::snapshot() src/registry.cc:117",
        looks=(
            "use `std::atomic<uint64_t>` with relaxed ordering instead of the mutex",
            "stop taking the registry lock in `inc()`, that's the throughput killer",
            "the exporter thread has to be joined before the registry is destroyed, same race with a different symptom",
            "revert the `volatile`, it does nothing here",
            "kill the benchmark after the first config, I only need the 8-thread number",
        ),
        notes=(
            "C++17, gcc 12 and clang 16",
            "relaxed is fine, snapshots don't need to be consistent across counters",
            "bench is `bazel run //bench:counter_bench`",
            "how much slower is it with the atomics?",
        ),
    ),
    Task(
        first="The date picker on the booking page can't be used with a keyboard or a screen reader. Make it accessible (WCAG 2.1 AA).",
        refs=(
            "the a11y fix",
            "the date picker",
            "the accessibility ticket",
            "A11Y-31",
            "the keyboard nav thing",
        ),
        asks=(
            "make the booking date picker keyboard and screen-reader accessible",
            "do the date picker accessibility fix (A11Y-31)",
        ),
        paste="axe: [critical] Buttons must have discernible text (button-name)\n  .dp-grid > button:nth-child(12)\n[serious] Elements must only use allowed ARIA attributes (aria-allowed-attr)",
        looks=(
            "Escape should close the popup and give focus back to the input, not cancel the whole booking",
            "stop trapping focus inside the grid when it's closed",
            "arrow keys should stop at the month boundary; PageUp/PageDown change month",
            'drop `tabindex="0"` from every cell, roving tabindex only',
            "announce the month change in a polite live region instead of moving focus",
        ),
        notes=(
            "we test with NVDA and VoiceOver",
            "the design system has a `VisuallyHidden` component",
            "add the axe check to the playwright test",
            "cell labels should read like `Monday, 3 June 2024`",
        ),
    ),
    Task(
        first="The `orders { items { product } }` GraphQL query runs one SQL query per item. Fix the N+1 with a dataloader.",
        refs=("the N+1", "the dataloader work", "the orders query", "API-733", "the graphql N+1"),
        asks=(
            "fix the N+1 in the orders GraphQL query",
            "add a dataloader for `product` on order items (API-733)",
        ),
        paste="SELECT * FROM products WHERE id = $1  -- 1 row  0.8ms\nSELECT * FROM products WHERE id = $1  -- 1 row  0.7ms\nSELECT * FROM products WHERE id = $1  -- 1 row  0.9ms\n... (411 more)",
        looks=(
            "the loader must be per request, not a module singleton, or it caches across users",
            "if the batch query fails, fail that field, don't abort the whole response",
            "use `select_related` instead of a loader for `order.customer`, it's a plain foreign key",
            "revert the `prefetch_related` on the resolver, the loader covers it",
            "drop the cross-request cache dict, no caching between requests",
        ),
        notes=(
            "strawberry 0.220",
            "products can be soft-deleted, keep returning them here",
            "add a test that counts queries with `django_assert_num_queries`",
            "414 queries down to 3? 🎉 ship it",
        ),
    ),
    Task(
        first="The `ingest` service logs ~40k lines a minute at INFO, mostly `heartbeat ok` and retry chatter. Cut the noise without losing anything useful.",
        refs=(
            "the log cleanup",
            "the log noise",
            "the ingest logging",
            "OBS-402",
            "the heartbeat spam",
        ),
        asks=(
            "clean up the log noise in the ingest service",
            "cut down the ingest INFO spam (OBS-402)",
        ),
        paste="2024-05-14T09:12:01.113Z INFO ingest.hb heartbeat ok peer=10.2.4.11\n2024-05-14T09:12:01.114Z INFO ingest.hb heartbeat ok peer=10.2.4.12\n2024-05-14T09:12:01.118Z INFO ingest.retry retrying batch 8812 (attempt 1/5)",
        looks=(
            "stop logging heartbeats at INFO, DEBUG is fine for those",
            "the retry logger should only warn when it gives up, not on every attempt",
            "don't drop the `batch_id` field, support greps for it",
            "kill the stray `print()` in `consumer.py`, that's the worst offender",
            "log once when the consumer pauses for backpressure and once when it resumes, not on every poll",
        ),
        notes=(
            "we ship to Loki and pay by volume",
            "it's structlog",
            "leave WARN and above alone",
            "how many lines a minute are we at now?",
        ),
    ),
    Task(
        first="Roll out the `new_checkout_flow` feature flag to 10% of EU users in LaunchDarkly, with a kill switch.",
        refs=(
            "the rollout",
            "the flag rollout",
            "`new_checkout_flow`",
            "the checkout flag",
            "GROW-150",
        ),
        asks=(
            "roll out `new_checkout_flow` to 10% of EU users",
            "set up the checkout feature flag rollout (GROW-150)",
        ),
        paste="LDClient: evaluation failed for flag 'new_checkout_flow': FLAG_NOT_FOUND\nfalling back to default=false",
        looks=(
            "the kill switch has to stop serving the new flow immediately, no cache TTL on it",
            "if the flag flips off mid-session, finish that checkout on the old flow rather than switching it under the user",
            "cancel the rollout automatically if checkout errors go above 2%, that's what the kill switch is for",
            "default must be `false`, so killing it is just turning it off",
            "don't pause the cart-page experiment, they're independent",
        ),
        notes=(
            "EU means the `region` attribute, not a country list",
            "bucket by `account_id`, not user",
            "the success metric is `checkout_completed`",
            "add it to the flags registry doc",
        ),
    ),
    Task(
        first="The `parse_large_json` benchmark regressed 35% between v4.2 and v4.3. Bisect it and fix the regression.",
        refs=(
            "the benchmark regression",
            "the perf regression",
            "`parse_large_json`",
            "PERF-27",
            "the bisect",
        ),
        asks=(
            "bisect the 35% regression in `parse_large_json`",
            "find the perf regression between v4.2 and v4.3 (PERF-27)",
        ),
        paste="parse_large_json      time:   [41.812 ms 41.977 ms 42.151 ms]\n                      change: [+33.9% +35.2% +36.4%] (p = 0.00 < 0.05)\n                      Performance has regressed.",
        looks=(
            "if a bisect step doesn't build, `git bisect skip` it, don't mark it bad",
            "kill the other cargo jobs while it runs, they skew the numbers",
            "revert the allocator change locally to confirm, but don't push that revert",
            "stop running the full bench suite per step, `--bench parse_large_json` only",
            "try `perf record` instead of criterion on the suspicious commit",
        ),
        notes=(
            "use the dedicated box, `bench-02`",
            "4.3 moved arrays to `simd-json`",
            "noise on that bench is about 2%",
            "so the culprit is #1847, good",
        ),
    ),
    Task(
        first="Upgrade the `ingress-nginx` Helm chart from 4.7 to 4.10 in all three clusters.",
        refs=(
            "the helm upgrade",
            "the ingress-nginx upgrade",
            "the chart bump",
            "PLAT-902",
            "the ingress upgrade",
        ),
        asks=(
            "upgrade the ingress-nginx chart to 4.10",
            "do the ingress-nginx Helm upgrade (PLAT-902)",
        ),
        paste='Error: UPGRADE FAILED: cannot patch "ingress-nginx-controller" with kind Deployment: Deployment.apps "ingress-nginx-controller" is invalid: spec.selector: Invalid value: v1.LabelSelector{...}: field is immutable',
        looks=(
            "do dev first and pause before staging so I can check the dashboards",
            "write into the runbook that we `helm rollback` if the controller isn't up within 5 minutes",
            "drop the `controller.config` keys that 4.10 removed",
            "the upgrade should abort if the admission webhook isn't ready, use `--wait --atomic`",
            "kill the port-forward you left running on dev",
        ),
        notes=(
            "values are in `charts/ingress/values-<cluster>.yaml`",
            "prod is the `eu-1` cluster",
            "the immutable selector needs a delete and recreate, dev first",
            "lgtm for dev",
        ),
    ),
    Task(
        first="Stripe `invoice.paid` webhooks are sometimes processed twice and we double-credit the account (PAY-482). Make the handler idempotent.",
        refs=(
            "PAY-482",
            "the webhook fix",
            "the double-credit bug",
            "the stripe webhook",
            "the idempotency work",
        ),
        asks=(
            "make the Stripe `invoice.paid` handler idempotent (PAY-482)",
            "fix the double-credit webhook bug",
        ),
        paste='psycopg2.errors.UniqueViolation: duplicate key value violates unique constraint "ledger_entries_invoice_id_key"\n  File "payments/webhooks.py", line 77, in handle_invoice_paid',
        looks=(
            "if the event id was already seen, stop there and return 200, not 409, Stripe retries anything non-2xx",
            "abort the transaction when the ledger insert conflicts, don't swallow it",
            "drop the in-memory dedupe set, it doesn't survive a restart",
            "rely on the unique constraint instead of SELECT-then-INSERT",
            "don't replay the old duplicates, finance will fix those by hand",
        ),
        notes=(
            "the events table already has `stripe_event_id`",
            "stripe-python 8",
            "retries can arrive minutes apart",
            "add a test that posts the same event twice",
        ),
        diff='-    if not Ledger.objects.filter(invoice_id=inv.id).exists():\n-        Ledger.objects.create(invoice_id=inv.id, amount=inv.amount_paid)\n+    Ledger.objects.get_or_create(invoice_id=inv.id, defaults={"amount": inv.amount_paid})',
    ),
    Task(
        first="The checkout endpoint returns a 500 for carts that have both a gift card and a discount code. Fix it.",
        refs=(
            "the checkout 500s",
            "the gift card bug",
            "CHK-1102",
            "the 500 on checkout",
            "`apply_gift_card`",
        ),
        asks=(
            "look at the checkout 500s with a gift card plus a discount code",
            "fix CHK-1102, the checkout 500s on gift cards",
        ),
        paste="Traceback (most recent call last):\n  File \"shop/checkout/totals.py\", line 203, in apply_gift_card\n    remaining = total - card.balance\nTypeError: unsupported operand type(s) for -: 'Money' and 'Decimal'",
        looks=(
            "the gift card should stop at zero, never make the total negative",
            "drop the float conversion, keep it `Money` all the way through",
            "if the currencies don't match, cancel the gift card application and show an error, don't 500",
            "revert the `Decimal` cast you added and fix it in `Money.__sub__`",
            "don't abort the whole checkout over a one-cent rounding difference",
        ),
        notes=(
            "the discount applies before the gift card",
            "currencies can differ in theory, never seen it in practice",
            "repro cart id is `c_88f2` on staging",
            "nice catch",
        ),
    ),
    Task(
        first="Push notifications stopped arriving on iOS after we rotated the APNs key. Find out why.",
        refs=(
            "the push issue",
            "the APNs problem",
            "the iOS push bug",
            "MOB-377",
            "the notification thing",
        ),
        asks=(
            "find out why iOS pushes stopped after the APNs key rotation",
            "look at MOB-377, the missing iOS pushes",
        ),
        paste="apns: 403 InvalidProviderToken\n  topic=com.acme.app key_id=9XK2M7Q4LA\n    at PushSender.send (push/apns.ts:61:11)",
        looks=(
            "the sender should stop retrying on 403 and alert us, not loop",
            "pause the push queue while you test so users don't get a burst of stale notifications",
            "drop the old key from the config once the new one works",
            "cancel the queued notifications older than an hour, they're useless by now",
            "kill the retry loop first, it's hammering APNs",
        ),
        notes=(
            "new key id is `9XK2M7Q4LA`, team id didn't change",
            "Android is fine, that's FCM",
            "sandbox works, production doesn't",
            "the p8 is in vault under `mobile/apns`",
        ),
    ),
    Task(
        first="Add per-API-key rate limiting (100 requests a minute) to the public API gateway, using the Redis we already run.",
        refs=(
            "the rate limiter",
            "the rate limiting",
            "API-801",
            "the throttling work",
            "the Redis limiter",
        ),
        asks=(
            "add per-key rate limiting to the public API gateway",
            "build the Redis rate limiter (API-801)",
        ),
        paste="redis.exceptions.ResponseError: Error running script (call to f_2b4e9c): @user_script:7: WRONGTYPE Operation against a key holding the wrong kind of value",
        looks=(
            "when the limit is hit, reject with 429 and `Retry-After`, don't queue the request",
            "if Redis is down, fail open, don't block all traffic",
            "use a sliding window instead of fixed buckets",
            "drop the per-IP limit, per key only",
            "don't throttle the health check endpoint",
        ),
        notes=(
            "internal keys have no limit",
            "Redis 7, cluster mode off",
            "limits will differ per plan later, make it configurable",
            "what's the key format in Redis?",
        ),
    ),
    Task(
        first="Uploads over 5 GB from `media-api` to S3 fail; switch it to multipart upload.",
        refs=(
            "the upload fix",
            "the multipart upload",
            "MEDIA-45",
            "the big upload bug",
            "media-api uploads",
        ),
        asks=(
            "move media-api's S3 uploads to multipart for files over 5 GB",
            "fix the large-upload failures in media-api (MEDIA-45)",
        ),
        paste="botocore.exceptions.ClientError: An error occurred (EntityTooLarge) when calling the PutObject operation: Your proposed upload exceeds the maximum allowed size",
        looks=(
            "abort the multipart upload on failure so we don't pay for orphaned parts, `abort_multipart_upload` in the except",
            "add a lifecycle rule that cleans up incomplete uploads after a day, as a backstop",
            "pause and resume for uploads is out of scope, just retry per part",
            "cancel the upload if the client disconnects",
            "stop reading the whole file into memory, stream it",
        ),
        notes=(
            "64 MB parts are fine",
            "bucket is `acme-media-prod`, versioning on",
            "boto3's `TransferConfig` is ok to use",
            "add a test with moto",
        ),
    ),
    Task(
        first="The nightly billing cron runs at the wrong hour since the DST change. Make it always run at 02:00 Europe/Berlin.",
        refs=(
            "the cron bug",
            "the DST thing",
            "the nightly billing job",
            "BILL-219",
            "the timezone fix",
        ),
        asks=(
            "fix the nightly billing cron's DST problem",
            "make the billing job run at 02:00 Berlin time regardless of DST (BILL-219)",
        ),
        paste="[2024-03-31 03:00:00 UTC] nightly_billing started\n[2024-03-31 03:00:04 UTC] nightly_billing finished: 0 invoices (expected ~4100)",
        looks=(
            "on the night the clocks go back the job should skip, not run twice",
            "if the previous run is still going, the new one should abort rather than overlap",
            "drop the hard-coded `+01:00` offset",
            "use `CronJob.spec.timeZone` instead of converting in the script",
            "kill the manual rerun someone scheduled for tonight, your fix covers it",
        ),
        notes=(
            "k8s 1.27, so `timeZone` is supported",
            "finance needs it done before 06:00",
            "the 0-invoice run was the date window being off by one",
            "good",
        ),
    ),
    Task(
        first="The Elasticsearch reindex into `products_v7` keeps failing halfway with `circuit_breaking_exception`. Get the reindex through.",
        refs=(
            "the reindex",
            "`products_v7`",
            "the ES reindex",
            "SRCH-66",
            "the circuit breaker thing",
        ),
        asks=(
            "get the `products_v7` reindex through",
            "fix the failing Elasticsearch reindex (SRCH-66)",
        ),
        paste='{"error":{"type":"circuit_breaking_exception","reason":"[parent] Data too large, data for [<http_request>] would be [8312018944/7.7gb], which is larger than the limit of [8160437862/7.5gb]"},"status":429}',
        looks=(
            "cancel the running reindex with `POST _tasks/<id>/_cancel` before you start another one",
            "use `slices=auto` and a smaller batch size instead of one big scroll",
            "don't delete `products_v6` until the alias has flipped",
            "pause the indexer consumer during the reindex so we don't double-write",
            "throttle it with `requests_per_second` rather than stopping and restarting it",
        ),
        notes=(
            "3 data nodes, 16 GB heap each",
            "the alias is `products`",
            "last time it worked it took 4h",
            "41% done, nice",
        ),
    ),
    Task(
        first="Get `mypy --strict` passing on `src/ledger/`; it's at 212 errors right now.",
        refs=(
            "the mypy cleanup",
            "the typing work",
            "`mypy --strict`",
            "the ledger typing",
            "DEV-330",
        ),
        asks=(
            "get `mypy --strict` clean on `src/ledger/`",
            "do the ledger typing cleanup (DEV-330)",
        ),
        paste='src/ledger/posting.py:88: error: Function is missing a return type annotation  [no-untyped-def]\nsrc/ledger/posting.py:131: error: Argument 1 to "apply" has incompatible type "dict[str, Any]"; expected "Posting"  [arg-type]\nFound 212 errors in 14 files (checked 31 source files)',
        looks=(
            "stop sprinkling `# type: ignore`, fix the types",
            "use a `TypedDict` instead of `dict[str, Any]` for the payload",
            "drop the `cast()` calls where narrowing already works",
            "`Callable[[], None]` is fine for the cancel callback's type",
            "revert the `Protocol` you added, we use plain ABCs here",
        ),
        notes=(
            "mypy 1.10",
            "leave `src/ledger/legacy/` alone, it's excluded",
            "down to 37? keep going",
            "`Decimal` everywhere, never float",
        ),
    ),
    Task(
        first="The invoice PDF export cuts off the last line of every page. Fix the pagination in `pdf/render.py`.",
        refs=(
            "the PDF export",
            "the pagination bug",
            "the invoice PDF",
            "BILL-301",
            "the cut-off line",
        ),
        asks=(
            "fix the invoice PDF cutting off the last line of each page",
            "look at the PDF pagination bug (BILL-301)",
        ),
        paste="WARNING weasyprint: Ignored `page-break-inside: avoid` at 12:3, unknown property.\nrendered invoice_2024_0412.pdf: 3 pages",
        looks=(
            "the row should break onto the next page instead of being clipped",
            "drop the fixed `height: 297mm` on the body",
            "stop computing page breaks by hand, let weasyprint do it",
            "revert the font change, it's unrelated",
            "repeat the table header on each page while you're there",
        ),
        notes=(
            "weasyprint 61",
            "only invoices with more than 20 lines",
            "attach a before/after PDF to the PR please",
            "perfect",
        ),
    ),
    Task(
        first="Admin users get logged out every ~15 minutes even though the session TTL is 8 hours. Figure out why.",
        refs=(
            "the logout bug",
            "the session bug",
            "ADM-58",
            "the admin logouts",
            "the 15-minute logout",
        ),
        asks=(
            "figure out why admin users get logged out every 15 minutes",
            "look at ADM-58, the admin session logouts",
        ),
        paste="Set-Cookie: sessionid=8f3c...; Max-Age=900; Path=/admin; SameSite=Lax\nGET /admin/orders/ 302 -> /admin/login/?next=/admin/orders/",
        looks=(
            "the refresh should extend the session, not kill it and create a new one",
            "stop rotating the session id on every request",
            "drop the `Max-Age=900` override in `admin/settings.py`",
            "revoke the session server-side on logout, don't just delete the cookie",
            "use `SESSION_SAVE_EVERY_REQUEST` instead of the custom middleware",
        ),
        notes=(
            "it's behind the nginx ingress, no sticky sessions",
            "Redis session backend",
            "happens on staging too",
            "good find",
        ),
    ),
)

PEOPLE = ("Dana", "Priya", "Marco", "Kenji", "Olu", "the PM", "Ines", "our EM", "security", "Farid")
REASONS = (
    "we'll do it after the freeze",
    "it needs a design review first",
    "the vendor says a fix lands in their next release",
    "nobody agrees on the approach yet",
    "it's not in this sprint after all",
    "legal has to sign off first",
)
URGENT = (
    "prod is on fire",
    "pager just went off",
    "the release is blocked",
    "sev2 just opened",
    "customer call in 30 minutes",
    "on-call needs a hand",
)
LINKS = (
    "https://github.com/acme/monorepo/actions/runs/9123456789",
    "https://ci.acme.dev/job/main/4821/console",
    "https://buildkite.com/acme/backend/builds/77310",
)

SWITCH_TEMPLATES = (
    "{urgent}: {new}. {Cur} can wait",
    "hotfix first: {new}",
    "git stash it and {new}",
    "park {cur}. {New}.",
    "leave {cur} where it is and {new}",
    "{Cur} got closed as won't-fix. next up: {new}",
    "someone on the platform team picked up {cur}, so can you {new}?",
    "new priority from {person}: {new}. put {cur} aside",
    "forget {cur} for now, {new}",
    "actually scrap that. {New}",
    "change of plans. {New}; {cur} isn't needed anymore",
    "{New}, that's more urgent than {cur}",
    "can you drop {cur} and {new}?",
    "ok, new thing and it's more important: {new}",
    "put a pin in {cur}. I need you to {new}",
    "{person} just pinged me, {new}. we'll come back to {cur}",
    "leave this half-done, that's fine. {New} please",
    "commit whatever you have to a wip branch and {new}",
    "{Newref} is blocking the release, {new}",
    "{Cur}: not today. {New}",
    "on-call handover: {new}. nothing else until that's done",
    "{paste_new}\n\nthis just landed on my desk. {new} and leave {cur}",
    "ignore what I asked earlier, {new}",
    "don't bother with {cur} anymore. {New}",
    "ok, enough of {cur}. {New}",
    "we're not shipping {cur} this sprint. let's {new} instead",
    "stop here. {New}",
    "switch gears: {new}",
    "before anything else, {new}. leave the current branch as it is",
    "cancel that, I need you to {new}",
    "{Cur} is deprioritised per standup, {new}",
    "the PM says {cur} is out of scope for now; {new}",
    "change of plan:\n- {cur}: shelve it, {reason}\n- {new}",
    "urgent: {new}. sorry to pull you off {cur}",
    "I'll take {cur} from here myself. you {new}",
    "{New}. yes, right now, the other thing can sit",
    "{Newref} first, then maybe {cur} later. so: {new}",
    "new ticket just came in, {new}. {cur} goes back in the backlog",
    "{urgent} 😬 {new}",
    "don't push anything on {cur}. {New} — see {link}",
    "can you look at something else? {New}.",
    "ok here's the thing: {cur} is parked because {reason}. meanwhile {new}",
    "pls {new}. the current stuff can stay uncommitted",
    "{person} needs this today: {new}. {Cur} after",
    "{paste_cur}\n\nok, this isn't going anywhere and {reason}. park it and {new}",
    "ok so:\n```\n{paste_new}\n```\nthis just came in. {new}, {cur} can sit",
)

STOP_TEMPLATES = (
    "park {cur}, {reason}",
    "leave {cur} where it is",
    "ok revert everything on that branch and let's never speak of it again",
    "{Cur} got closed as won't-fix",
    "someone on the platform team picked {cur} up, you can leave it",
    "hold off on {cur} until {person} replies",
    "that's enough for today, leave it there",
    "let's call it here. don't push anything",
    "nope, we're not doing {cur} after all",
    "put {cur} on ice",
    "{Cur} is blocked on legal, nothing more to do for now",
    "pause here, I need to think about whether we even want this",
    "don't spend any more time on {cur}",
    "git stash it, we'll see next week",
    "kill it. not worth it",
    "shelve {cur}",
    "ok forget it",
    "wait, don't do anything else on {cur}. {person} says the whole module is getting rewritten",
    "{paste_cur}\n\nok this is a rabbit hole. leave it for now",
    "the customer churned, so {cur} is moot. wrap up, don't continue",
    "nah, let's not do this at all. close the PR and delete the branch",
    "hands off {cur} please, {person} is taking it over",
    "nvm, {person} fixed {cur} on main an hour ago",
    "enough. I'll look at it myself tomorrow",
    "we'll pick {cur} back up after the release. leave it for now",
    "that can wait until Q3",
    "Let's pause {cur} here.",
    "abandon {cur}, we're going with the vendor's patch",
    "scratch that whole thing",
    "mark {cur} as blocked in the ticket and leave it",
    "freeze starts in 10 minutes, leave it in whatever state it's in",
    "don't bother anymore",
    "ok let's stop there for today 👋",
    "{Cur} turned out to be a duplicate of an older ticket that's already being handled. nothing to do here",
    "```diff\n{diff_cur}\n```\nyeah no. revert everything on that branch and let's never speak of it again",
    "{Cur}: {person} says not now. just leave it as is",
    "hmm, {reason}. so let's leave {cur} there",
    "we're dropping {cur}. don't commit the wip",
    "ok that's it for {cur}, no more changes please",
    "bin it",
    "```\n{paste_cur}\n```\nsame error for the third time. {reason}; leave it here",
    "tried it locally:\n{paste_cur}\n\nhonestly not worth more time. revert what you have and leave it",
    "too risky before the release. back it all out and leave it",
    "ok, on second thought let's not touch {cur} at all",
)

RESUME_TEMPLATES = (
    "back to {old}",
    "let's finish {old} now that CI is green",
    "where were we with {old}?",
    "ok {mid} is merged. pick {old} back up",
    "the freeze is over, unpark {old}",
    "git stash pop and carry on with {old}",
    "{person} handed {old} back to us, can you continue where you left off?",
    "the won't-fix on {old} got reopened, continue",
    "now that's out of the way, return to {old}",
    "right, {old}. you'd got as far as the failing test I think, carry on",
    "thanks. now the thing from before: {old}",
    "ok, and {old}? let's get that over the line",
    "resume {old}",
    "let's get back to what we were doing before {mid}, i.e. {old}",
    "{paste_old}\n\nit's back. pick up {old} where we left it",
    "go back to the branch for {old} and keep going",
    "back on {old} please, same plan as before",
    "good, {mid} done. {old} next, from where you stopped",
    "can we wrap up {old} now?",
    "unblocked! {person} replied, so let's continue with {old}",
    "reopen your work on {old}",
    "check out your branch for {old} again and finish it",
    "nice work on {mid}. ok, {old} again",
    "{Old} again please, CI's happy now ({link})",
    "ok where did we leave {old}? let's keep going on it",
    "let's return to {old}. you had a plan for the fix, go with it",
    "{Mid} is shipped 🚀 now {old}",
    "{person} says {old} is back on the board. carry on from your last commit",
    "done with {mid}, thx. {Old}: let's finish it today",
    "ok now pick up where we left off on {old}",
    "so, {old}. remember where we were?",
    "the vendor patch didn't fix it, so {old} is ours again. continue",
    "ok {old} is unblocked, you can go on with it",
    "```\n{paste_old}\n```\n^ from this morning's run. {mid} is done, so back to {old}",
)

NOTE_WRAPS = ("{x}", "also, {x}", "re {cur}: {x}", "ok. {x}", "fwiw {x}")
REPLY_WRAPS = (
    "{x}",
    "one thing: {x}",
    "also, {x}",
    "{x}. otherwise looks good",
    "re {cur}: {x}",
    "looking at your diff, {x}",
    "small thing, {x}",
    "{x} 🙏",
    "hmm, {x}",
    "ok. {x}",
)

GENERIC_LOOKS = (
    "kill the dev server you left running on :8080 and rerun",
    "revert that last hunk and try the other approach",
    "stop running the whole test suite every time, just the relevant file",
    "don't stop at the first failing test, give me the full list",
    "cancel the CI run on your last push, I pushed a fixup on top",
    "abort the rebase, it's a mess. merge main in instead",
    "drop the debug prints before you commit",
    "pause before you push and show me the diff",
    "kill that `tail -f` you started",
    "stop adding a comment to every line, the code is clear enough",
    "use `rg` instead of grep, it's way faster on this repo",
    "revert the unrelated formatting changes, keep the diff small",
    "git stash your change, run the test on the original code to confirm it fails, then pop it",
    "let's go back to your first approach, the second one is too clever",
    "the tests hang, wrap them in `timeout 120` so they get killed instead of blocking you",
    "don't switch branches, stay on this one and amend",
    "rerun only the last failures, no need to start everything from scratch",
    "cancel my earlier comment about the helper, your version is fine",
    "forget what I said about the constant, keep it as is",
    "scrap the second commit, squash it into the first",
    "that approach won't work, try it the other way round",
    "drop the retry you added, I'd rather it fail loudly",
    "kill the leftover background jobs from your last run, `jobs -l` shows three",
)

GENERIC_NOTES = (
    "also add a test for that case",
    "can you rebase on main first?",
    "how's it going?",
    "any luck?",
    "thanks!",
    "lgtm",
    "wdyt about pulling that into a helper?",
    "what's left?",
    "yep, go ahead",
    "sure, do that",
    "split that into two commits please",
    "run the linters before you push",
    "nice, that's exactly it",
    "why did you change that file? I don't think it's related",
    "open it as a draft PR for now",
    "put the ticket id in the commit message",
    "can you show me the diff so far?",
    "is that safe if two of them run at once?",
    "sounds right to me",
    "ok",
    "👍",
    "CI is red again: {link}. same failure?",
    "is that the whole fix or is there more?",
    "yes",
    "hm, what does the log say right before that?",
)

LATER_LOOKS = (
    "leave the refactor for later, minimal diff please",
    "we'll do the cleanup in a follow-up, just get the fix in",
    "skip the docs for now, I'll write them",
    "don't worry about windows for now",
    "the rename can wait for a separate PR",
    "park the nice-to-haves in a TODO and keep this PR focused",
    "let's drop the optional part and just do the core fix",
    "put the perf tweak aside for now, correctness first",
)

OTHER_TASK_LOOKS = (
    "btw what state did we leave {other} in? not picking it up yet, just need it for standup",
    "did {other} ever get merged? just curious, no need to touch it",
    "{person} asked whether {other} is still parked. it is, right? carry on with this one",
    "{other} belongs to someone else now, so ignore it if it shows up in CI and keep going here",
    "don't worry about {other}, that stays parked. how's this going?",
    "we'll get back to {other} next week, not now. finish this first",
    "unrelated q: is the branch for {other} still around? don't switch to it, I only want to look",
    "fyi {other} got closed as won't-fix, so you can ignore its failing check on this PR",
)

PASTE_REPLIES = (
    "{paste_cur}\n\nthat's what I get locally too",
    "here's the full output from CI:\n```\n{paste_cur}\n```\nsame as before, keep going",
    "```\n{paste_cur}\n```\ndoes that match what you saw?",
    "{paste_cur}\n\nfwiw this is from staging, not my laptop",
    "still failing after your change:\n{paste_cur}",
    "{paste_cur}\n\n{look}",
    "```\n{paste_cur}\n```\n{look}",
)

DIFF_REPLIES = (
    "```diff\n{diff_cur}\n```\nwhy this change?",
    "```diff\n{diff_cur}\n```\nrevert this hunk, it's not needed for the fix",
    "```diff\n{diff_cur}\n```\nthis part lgtm",
    "```diff\n{diff_cur}\n```\ndrop this one and try the other approach we discussed",
)

TAGS = {
    "switch": ((" asap", " pls", " 🔥", ", thx"), ("ok ", "ugh, ", "hey, ", "sorry, ")),
    "stop": ((" thx", " 🙏", ", sorry", " fyi"), ("hmm ", "ok so ", "honestly, ", "yeah, ")),
    "resume": ((" 🙂", " pls", " thx", " 🙏"), ("ok ", "right, ", "cool. ", "alright, ")),
    "reply": ((" wdyt?", " 👍", " thx", ", lgtm otherwise"), ("lgtm, ", "nice. ", "ok ", "fwiw ")),
}

_CODE = re.compile(r"(`[^`]*`)")
_WORD = re.compile(r"\b[a-z]{5,}\b")
_SLOT = re.compile(
    r"\{(?:cur|Cur|new|New|newref|Newref|other|person|reason|urgent|link|paste_\w+|diff_cur|look|old|Old|mid|Mid|x)\}"
)


def _prose_head(text: str) -> bool:
    """Whether the message opens with a prose word (not a pasted log line or a fence)."""
    head = text.split(None, 1)[0] if text.strip() else ""
    return head[:1].isalpha() and not any(ch in head for ch in "._/(<[{=-")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if _prose_head(text) else text


def _norm(text: str) -> str:
    return " ".join(text.lower().split()).strip(" .!?")


def _plain_map(text: str, fn: Callable[[str], str]) -> str:
    """Applies ``fn`` to the parts of ``text`` outside backtick code spans."""
    parts = _CODE.split(text)
    return "".join(p if p.startswith("`") else fn(p) for p in parts)


class _Writer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def _other(self, task: Task) -> Task:
        while True:
            other = self.rng.choice(TASKS)
            if other is not task:
                return other

    def _slots(self, cur: Task, other: Task) -> dict[str, str]:
        rng = self.rng
        cur_ref = rng.choice(cur.refs)
        new = rng.choice(other.asks)
        other_ref = rng.choice(other.refs)
        return {
            "cur": cur_ref,
            "Cur": _cap(cur_ref),
            "new": new,
            "New": _cap(new),
            "newref": other_ref,
            "Newref": _cap(other_ref),
            "other": other_ref,
            "person": rng.choice(PEOPLE),
            "reason": rng.choice(REASONS),
            "urgent": rng.choice(URGENT),
            "link": rng.choice(LINKS),
            "paste_new": other.paste,
            "paste_cur": cur.paste,
            "diff_cur": cur.diff,
            "look": rng.choice(cur.looks),
        }

    def _template(self, pool: tuple[str, ...], task: Task) -> str:
        while True:
            tpl = self.rng.choice(pool)
            if "{diff_cur}" not in tpl or task.diff:
                return tpl

    def switch(self) -> tuple[str, Task, Task | None]:
        cur = self.rng.choice(TASKS)
        new = self._other(cur)
        tpl = self._template(SWITCH_TEMPLATES, cur)
        text = tpl.format(**self._slots(cur, new))
        return self._noise(_cap(text), "switch"), cur, None

    def stop(self) -> tuple[str, Task, Task | None]:
        cur = self.rng.choice(TASKS)
        tpl = self._template(STOP_TEMPLATES, cur)
        text = tpl.format(**self._slots(cur, self._other(cur)))
        return self._noise(_cap(text), "stop"), cur, None

    def resume(self) -> tuple[str, Task, Task | None]:
        old = self.rng.choice(TASKS)
        mid = self._other(old)
        slots = self._slots(old, mid)
        old_ref = slots["cur"]
        mid_ref = self.rng.choice(mid.refs)
        slots.update(
            old=old_ref, Old=_cap(old_ref), mid=mid_ref, Mid=_cap(mid_ref), paste_old=old.paste
        )
        text = self.rng.choice(RESUME_TEMPLATES).format(**slots)
        return self._noise(_cap(text), "resume"), mid, old

    def reply(self) -> tuple[str, Task, Task | None]:
        rng = self.rng
        cur = rng.choice(TASKS)
        slots = self._slots(cur, self._other(cur))
        roll = rng.random()
        wraps = REPLY_WRAPS
        if roll < 0.26:
            x = rng.choice(cur.looks)
        elif roll < 0.40:
            x = rng.choice(GENERIC_LOOKS)
        elif roll < 0.47:
            x = rng.choice(LATER_LOOKS)
        elif roll < 0.57:
            x = rng.choice(OTHER_TASK_LOOKS).format(**slots)
            wraps = ("{x}",)
        elif roll < 0.73:
            x = rng.choice(cur.notes)
            wraps = NOTE_WRAPS
        elif roll < 0.85:
            x = rng.choice(GENERIC_NOTES).format(**slots)
            wraps = NOTE_WRAPS
        elif roll < 0.94 or not cur.diff:
            text = rng.choice(PASTE_REPLIES).format(**slots)
            return self._noise(text, "reply"), cur, None
        else:
            text = rng.choice(DIFF_REPLIES).format(**slots)
            return self._noise(text, "reply"), cur, None
        wrap = "{x}"
        if rng.random() < 0.45 and len(x) > 12:
            wrap = rng.choice(wraps)
            if not (wrap.endswith("{x}") or x[-1].isalnum() or x[-1] == "`"):
                wrap = "{x}"
        text = wrap.format(x=x, cur=slots["cur"])
        return self._noise(_cap(text), "reply"), cur, None

    def _noise(self, text: str, kind: str) -> str:
        rng = self.rng
        if rng.random() < 0.5:
            return text
        one_line = "\n" not in text
        suffixes, prefixes = TAGS[kind]
        for _ in range(rng.randint(1, 2)):
            move = rng.choice(("lower", "typo", "punct", "suffix", "prefix"))
            if move == "lower" and one_line:
                text = _plain_map(text, str.lower)
            elif move == "typo" and one_line:
                text = self._typo(text)
            elif move == "punct" and one_line:
                text = _plain_map(text, lambda s: s.replace(", ", " ")).rstrip(".?!")
            elif move == "suffix" and one_line:
                suffix = rng.choice(suffixes)
                if suffix.strip(" ,") not in text and not ("lgtm" in suffix and "lgtm" in text):
                    text = text.rstrip(".") + suffix
            elif move == "prefix" and _prose_head(text):
                prefix = rng.choice(prefixes)
                if prefix.strip(" ,.").lower() not in text.lower():
                    text = prefix + text[:1].lower() + text[1:]
        return text

    def _typo(self, text: str) -> str:
        words = [m for m in _WORD.finditer(text) if self._plain_word(text, m)]
        if not words:
            return text
        m = self.rng.choice(words)
        w = m.group()
        i = self.rng.randrange(1, len(w) - 2)
        typo = (
            w[:i] + w[i + 1] + w[i] + w[i + 2 :] if self.rng.random() < 0.7 else w[:i] + w[i + 1 :]
        )
        return text[: m.start()] + typo + text[m.end() :]

    @staticmethod
    def _plain_word(line: str, m: re.Match[str]) -> bool:
        """A prose word: outside code spans, and not part of a path, URL or identifier."""
        if line.count("`", 0, m.start()) % 2 == 1:
            return False
        start = line.rfind(" ", 0, m.start()) + 1
        end = line.find(" ", m.end())
        token = line[start : end if end != -1 else len(line)].rstrip(".,:;?!")
        return not any(ch in token for ch in "/._-:=<>#@`'")


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
    seen: set[str] = set()
    for kind, wanted in PLAN:
        made = 0
        for _ in range(wanted * 60):
            if made == wanted:
                break
            text, current, stopped = makers[kind]()
            key = _norm(text)
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
            raise RuntimeError(f"corpus j: only {made} distinct {kind} cases for seed {seed}")
    writer.rng.shuffle(out)
    return out


if __name__ == "__main__":
    firsts = {t.first for t in TASKS}
    assert len(firsts) == len(TASKS) == 30
    for seed in (0, 1, 7):
        cases = generate(seed)
        assert cases == generate(seed), "not deterministic"
        counts = Counter(c["kind"] for c in cases)
        assert dict(counts) == dict(PLAN), counts
        norms = [_norm(c["text"] or "") for c in cases]
        assert len(set(norms)) == len(cases), "duplicate text"
        for c in cases:
            assert set(c) == {"kind", "text", "current_task", "stopped_task"}
            assert c["current_task"] in firsts
            if c["kind"] == "resume":
                assert c["stopped_task"] in firsts
                assert c["stopped_task"] != c["current_task"]
            else:
                assert c["stopped_task"] is None
            assert not _SLOT.search(c["text"] or ""), c["text"]
    assert [c["text"] for c in generate(0)] != [c["text"] for c in generate(1)]
    cases = generate(0)
    print(len(cases), dict(Counter(c["kind"] for c in cases)))
    print("distinct texts:", len({_norm(c["text"] or "") for c in cases}), "| tasks:", len(TASKS))
    print("tasks used as current:", len({c["current_task"] for c in cases}))
    sampler = random.Random(1)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in cases if c["kind"] == kind], 8):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")
