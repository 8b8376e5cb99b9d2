# ruff: noqa: E501
"""Held-out corpus ``s`` of a person's turns to an AI ops agent mid-task. Written blind.

Written as an independent author from the side of on-call SREs, sysadmins, security engineers
and release managers steering an agent that has shell access during incidents and maintenance
windows. Opened while writing: only lines 1-60 of ``benchmarks/_turns_corpus_j.py`` (its
docstring, imports and ``KINDS``), to copy the interface; none of its wording is reused. NOT
opened or grepped: anything under ``src/``, ``tests/`` or ``benchmarks/results/``, and every
other ``benchmarks/_turns_corpus_*.py`` file (including the rest of ``_turns_corpus_j.py``).
packlight's classifiers and benchmarks were never run on this corpus; do not tune this file
against the classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated on normalised text (lowercased, whitespace collapsed; a text never appears twice,
so never under two kinds) and shuffled with ``random.Random(seed)``. Each case is a dict with:

- ``kind``: ``"switch"`` (the task in force is stopped, parked or replaced and a different task
  is asked for in the same message, in any wording), ``"stop"`` (stopped, cancelled, parked or
  handed off, nothing new asked), ``"resume"`` (back to a task stopped earlier) or ``"reply"``
  (everything else said mid-task);
- ``text``: the message as typed;
- ``current_task``: the task in force, as the person first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- 35 operations tasks, each with concrete hosts, tickets, ports, versions and error lines: a
  TLS cert rotation on edge-lb-2 (OPS-908), draining worker-7, a disk-full alert on db-prod-3,
  an nginx upstream patch (CHG-2207), a staging restore (INC-5530), a Prometheus 5xx alert
  rule, a Postgres 14.9 -> 14.12 bump, an IAM audit (SEC-77), a payments-worker rollback, Docker
  image cleanup on CI runners, JVM heap tuning, log rotation, Trivy CVE triage, a Route53 ->
  Cloudflare DNS move, a broken invoice cron, a Redis failover runbook, checkout-api 502s
  (INC-5521), Kafka consumer lag, an etcd restore test, SSH key rotation, a Terraform NAT
  gateway, a Grafana dashboard, an open Redis port, envoy OOM kills, chrony clock skew, a yellow
  Elasticsearch cluster, S3 lifecycle rules, a Vault token renewal, a DB password rotation,
  kernel patching for CVE-2024-1086, a stuck RabbitMQ queue, a sudoers review, a postmortem
  draft, an HPA and a load-average investigation. Each has several later names (ticket id,
  host, nickname), imperative re-asks used as the new task of a switch, pasted alerts or log
  lines, and same-task notes.
- Switches are mostly escalations and implicit starts (a pasted alert then "look into it",
  "SEV2 declared ... I need you to ...", "mgmt wants this now: ..."); stops are mostly events and
  handoffs ("change freeze starts in 10 min, we're done for today", "Maria's team is taking
  over ...", "CAB rejected it"); resumes name the earlier task after an incident or freeze ends
  ("incident's closed, back to the IAM audit", "where were we with logrotate"). Only a minority
  say stop/switch/instead/cancel.
- Replies are about half hard look-alikes: operational verbs inside the same task (stop nginx
  before the swap, kill a stuck pg_dump, pause a rollout at 50%, cancel an apt run on the wrong
  host, switch an alert window, abort an Argo sync, "stop after edge-03 and let me check"),
  pasted alerts that belong to another team, asking about a parked task without taking it up,
  and "incident resolved, carry on with this". The rest are approvals, answers, credentials
  locations, ports and questions.
- About 190 message templates (switch ~50, stop ~44, resume ~35, reply ~60) plus ~160
  task-specific notes, filled from seeded slots, then register noise on the typed parts only
  (never inside a pasted alert or log): lowercase, typos, dropped punctuation, all-caps urgency,
  "pls"/"rn"/"asap"/"thx"/"fyi"/"eta?". Standard library only.

``python benchmarks/_turns_corpus_s.py`` prints the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN: dict[str, int] = {"switch": 180, "stop": 120, "resume": 120, "reply": 180}


@dataclass(frozen=True)
class Task:
    """One operations task, with the ways a person refers to it later."""

    ask: str
    names: tuple[str, ...]
    requests: tuple[str, ...]
    alerts: tuple[str, ...] = ()
    pastes: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


TASKS: tuple[Task, ...] = (
    Task(
        ask="Rotate the TLS certificate on edge-lb-2 before it expires on Friday (OPS-908). The new bundle is in vault under pki/edge.",
        names=("the cert rotation", "OPS-908", "the TLS cert work", "the edge-lb-2 cert"),
        requests=(
            "rotate the TLS cert on edge-lb-2 before it expires friday (OPS-908)",
            "swap the expiring cert on edge-lb-2 for the new bundle in vault pki/edge",
        ),
        alerts=(
            '[WARN] ssl_cert_expiry_days{host="edge-lb-2"} = 3',
            "blackbox: probe_ssl_earliest_cert_expiry for api.shop.example < 72h",
        ),
        pastes=(
            "$ curl -vI https://api.shop.example 2>&1 | grep expire\n*  expire date: Jun 14 23:59:59 2024 GMT",
        ),
        notes=(
            "stop nginx on edge-lb-2 before you swap the cert, a plain reload didn't pick it up last time",
            "cancel that openssl command, wrong CN. it has to be api.shop.example, not shop.example",
            "keep the order leaf then intermediate in the bundle, the [[old one|last one]] had them reversed",
            "use port 8443 for the health check after the swap",
            "if the chain check fails roll back to the old cert, it's still in /etc/ssl/old/",
            "the vault path is pki/edge/2024, not pki/edge",
        ),
    ),
    Task(
        ask="Drain Kubernetes node worker-7 in prod-eu so the DC team can replace its failing disk (OPS-1132). Cordon it first and respect the PDBs.",
        names=("the node drain", "worker-7", "OPS-1132", "the worker-7 drain"),
        requests=(
            "cordon and drain worker-7 in prod-eu, its disk is dying (OPS-1132)",
            "get worker-7 drained so the DC team can swap the disk",
        ),
        alerts=("smartctl on worker-7: Reallocated_Sector_Ct 148 and climbing",),
        pastes=(
            'error when evicting pods/"redis-0" -n cache (will retry after 5s): Cannot evict pod as it would violate the pod\'s disruption budget.',
        ),
        notes=(
            "pause the drain once the stateless pods are gone, I want to move the kafka broker by hand",
            "kill the stuck eviction for redis-0 and retry it with --grace-period=60",
            "--ignore-daemonsets is fine, and --delete-emptydir-data too",
            "don't uncordon it afterwards, the DC team needs it down until the disk is in",
            "yes, the PDB on redis is minAvailable 2, that's why it's blocking",
        ),
    ),
    Task(
        ask="Investigate the disk-full alert on db-prod-3: /var is at 97% and climbing. Find out what's eating it before postgres falls over.",
        names=(
            "the disk alert",
            "the db-prod-3 disk thing",
            "the /var investigation",
            "the disk-full alert",
        ),
        requests=(
            "find out what's filling /var on db-prod-3, it's at 97%",
            "look at the disk on db-prod-3 before postgres falls over",
        ),
        alerts=(
            "grafana shows db-prod-3 at 95% disk",
            "FIRING: NodeFilesystemAlmostFull instance=db-prod-3 mountpoint=/var 97%",
        ),
        pastes=(
            "Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme1n1    500G  486G   14G  98% /var",
        ),
        notes=(
            "don't delete anything under pg_wal, just tell me what's big",
            "kill that pg_dump that's been running since tuesday, its temp file is probably the culprit",
            "du -xh --max-depth=1 /var | sort -h and drill down from there",
            "it's ext4, no quotas, and there's no LVM on that box",
            "check for deleted-but-open files too, lsof +L1",
        ),
    ),
    Task(
        ask="Patch the nginx config on web-01 and web-02 to add the new checkout-api upstream on port 9090, and reload without dropping connections (CHG-2207).",
        names=("the nginx patch", "CHG-2207", "the upstream change", "the nginx config"),
        requests=(
            "add the checkout-api upstream on :9090 to nginx on web-01/web-02 (CHG-2207)",
            "patch nginx on web-01 and web-02 for the new checkout-api upstream",
        ),
        pastes=(
            'nginx: [emerg] host not found in upstream "checkout-api:9090" in /etc/nginx/conf.d/shop.conf:41',
        ),
        notes=(
            "roll back the config change you just made and try the other directive",
            "switch the upstream to least_conn, round robin is what we had before",
            "nginx -t before every reload, no exceptions",
            "web-02 first, it's out of the LB pool right now",
            "keepalive 32 on the upstream block [[pls|please]]",
            "use the service name, not the pod IPs, those change on every redeploy",
        ),
    ),
    Task(
        ask="Restore the orders database on db-staging-1 from last night's backup (s3://backups/orders/2024-06-11) so QA can test the migration. Context is in INC-5530.",
        names=("the restore", "the orders restore", "the db-staging-1 restore", "INC-5530"),
        requests=(
            "restore the orders db on db-staging-1 from last night's backup in s3://backups/orders/2024-06-11",
            "get last night's orders backup restored onto db-staging-1 for QA",
        ),
        pastes=(
            'pg_restore: error: could not execute query: ERROR:  role "orders_ro" does not exist',
        ),
        notes=(
            "kill that stuck process and retry the restore",
            "the password is in vault under ops/db/staging",
            "stop the app pods on staging before you restore, so nothing writes midway",
            "use pg_restore -j 4, that box has 8 cores",
            "create the orders_ro role first, the grants are in the INC-5530 ticket",
            "drop the existing orders db first, QA doesn't need anything in it",
        ),
    ),
    Task(
        ask="Write a Prometheus alert rule that fires when checkout-api's 5xx rate goes above 2% for 10 minutes, and route it to the payments on-call.",
        names=("the alert rule", "the 5xx alert", "the prometheus rule", "the checkout alert rule"),
        requests=(
            "write a prometheus alert for checkout-api 5xx above 2% for 10m and route it to payments on-call",
            "add an alert rule for the checkout-api 5xx rate",
        ),
        pastes=(
            'promtool check rules alerts/checkout.yml\nFAILED: group "checkout", rule 1, "CheckoutHigh5xx": could not parse expression',
        ),
        notes=(
            "switch the alert to a 5m window",
            "add severity: page and team: payments as labels",
            "use rate() not irate() for alerting",
            "silence it in alertmanager while you test, I don't want it paging [[anyone|the payments folks]]",
            "divide by the total request rate, not by the 2xx rate",
        ),
    ),
    Task(
        ask="Upgrade Postgres on db-prod-2 from 14.9 to 14.12 in tonight's window (CHG-2231). It's a minor bump, so just the packages and a restart.",
        names=("the postgres upgrade", "the 14.12 bump", "CHG-2231", "the db-prod-2 upgrade"),
        requests=(
            "upgrade postgres on db-prod-2 from 14.9 to 14.12 (CHG-2231)",
            "do the 14.12 minor bump on db-prod-2",
        ),
        pastes=(
            "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 30112 (unattended-upgr)",
        ),
        notes=(
            "cancel the running apt upgrade, it's the wrong host. use db-prod-2",
            "pause pgbouncer before the restart so clients queue instead of erroring",
            "stop unattended-upgrades first, that's what's holding the dpkg lock",
            "the replica db-prod-2r gets done after the primary",
            "yes, the maintenance page is already up",
        ),
    ),
    Task(
        ask="Audit IAM in the prod AWS account: list every role with AdministratorAccess or iam:* and who can assume it (SEC-77).",
        names=("the IAM audit", "SEC-77", "the admin roles review", "the IAM thing"),
        requests=(
            "audit the prod AWS IAM roles, everything with AdministratorAccess or iam:* and who can assume them (SEC-77)",
            "pull a list of admin-capable IAM roles in prod for SEC-77",
        ),
        pastes=(
            "An error occurred (AccessDenied) when calling the GetAccountAuthorizationDetails operation: User: arn:aws:sts::4471:assumed-role/sre-readonly is not authorized",
        ),
        notes=(
            "skip the service-linked roles",
            "don't revoke anything yet, just list",
            "ci-deployer is expected, flag it but mark it as known",
            "output a csv, one row per role and principal",
            "switch to the sec-audit profile, the readonly one can't call GetAccountAuthorizationDetails",
            "include the trust policy conditions, some of them require MFA",
        ),
    ),
    Task(
        ask="Roll back the payments-worker deploy to v2.41.3; v2.42.0 is throwing serialization errors in prod. Use the normal Argo rollback.",
        names=("the rollback", "the payments-worker rollback", "the v2.41.3 rollback"),
        requests=(
            "roll payments-worker back to v2.41.3, 2.42.0 is throwing serialization errors",
            "do an argo rollback of payments-worker to the last good version",
        ),
        alerts=(
            "payments-worker: com.fasterxml.jackson.databind.exc.InvalidDefinitionException x3412 in the last 5m",
        ),
        pastes=(
            "argocd app history payments-worker\nID  DATE                 REVISION\n41  2024-06-11 09:12     v2.41.3\n42  2024-06-12 13:58     v2.42.0",
        ),
        notes=(
            "pause the rollout at 50% and let me check the error rate",
            "abort the argo sync, it picked up the wrong revision. it should be 2.41.3 not 2.41.2",
            "yes, id 41 is the one",
            "disable auto-sync on the app first or it'll roll forward again",
            "don't touch the db migrations, 2.42 didn't add any",
        ),
    ),
    Task(
        ask="Clean up old Docker images on the build runners ci-runner-01 to 06: anything older than 30 days that isn't tagged release-*. Disk is at 88% on most of them.",
        names=("the image cleanup", "the docker cleanup", "the runner cleanup"),
        requests=(
            "clean old docker images off ci-runner-01..06 but keep anything tagged release-*",
            "free up disk on the ci runners by pruning images older than 30 days",
        ),
        alerts=("ci-runner-04: write /var/lib/docker/tmp: no space left on device",),
        pastes=("Total reclaimed space: 0B",),
        notes=(
            "stop the docker daemon on ci-runner-03 first, it's wedged",
            "don't touch the buildkit cache, builds get really slow without it",
            "skip ci-runner-05, it's running the nightly",
            "use --filter until=720h, not a date",
            "cancel that prune on 02, it's missing the release-* exclusion",
        ),
    ),
    Task(
        ask="Tune the JVM heap for search-indexer: it's OOMing at -Xmx4g on the 8 GB nodes. Suggest settings and apply them to the staging deployment first.",
        names=("the heap tuning", "the JVM work", "the search-indexer heap", "the OOM tuning"),
        requests=(
            "tune the search-indexer JVM heap, it keeps OOMing at -Xmx4g",
            "sort out the search-indexer heap settings, staging first",
        ),
        alerts=(
            "java.lang.OutOfMemoryError: Java heap space (search-indexer-7d9f-xk2lp, restarts: 14)",
        ),
        pastes=(
            "[gc,heap] GC(1184) Pause Full (G1 Compaction Pause) 3980M->3961M(4096M) 2214.553ms",
        ),
        notes=(
            "switch it to G1 and drop the old CMS flags",
            "kill the stuck indexer pod and let it reschedule with the new limits",
            "container limit is 8Gi, request 6Gi",
            "set MaxRAMPercentage instead of a fixed Xmx",
            "turn on heap dumps on OOM, write them to /dumps",
        ),
    ),
    Task(
        ask="Set up log rotation for /var/log/app on the api-* hosts: daily, keep 14, compress, and make sure the service reopens its log file.",
        names=("the log rotation", "the logrotate config", "logrotate"),
        requests=(
            "set up logrotate for /var/log/app on the api hosts, daily, keep 14, compressed",
            "get log rotation going on the api-* boxes",
        ),
        alerts=("api-3: /var/log/app/app.log is 41G",),
        pastes=(
            'error: skipping "/var/log/app/app.log" because parent directory has insecure permissions',
        ),
        notes=(
            "use copytruncate, the app can't reopen on HUP",
            "stop the app's own rotation in the log4j config so the two don't fight",
            "delaycompress too",
            "add su app app to the stanza, that fixes the insecure permissions error",
            "test it with logrotate -d first",
        ),
    ),
    Task(
        ask="Triage the Trivy report for the base image (412 findings) and tell me which criticals are actually reachable in our services (SEC-102).",
        names=("the CVE triage", "the trivy report", "SEC-102", "the scanner report"),
        requests=(
            "triage the trivy report on the base image, I need to know which criticals are reachable (SEC-102)",
            "go through the 412 trivy findings and pick out the real criticals",
        ),
        alerts=("trivy: base:2024.06.1 Total: 412 (CRITICAL: 9, HIGH: 61)",),
        pastes=("libexpat1  CVE-2024-45491  CRITICAL  2.5.0-1  2.5.0-1+deb12u1",),
        notes=(
            "ignore anything in the test layers",
            "CVE-2024-3094 is the xz one, we're not affected, mark it",
            "cancel the rescan you kicked off, it's against the old tag. use :2024.06.1",
            "group them by package, not by CVE",
            "the go binaries are statically linked, so the libc ones don't apply to them",
        ),
    ),
    Task(
        ask="Migrate the DNS records for shop.example from Route53 to Cloudflare (OPS-940): lower the TTLs first, then copy the zone, then change the NS at the registrar.",
        names=("the DNS migration", "OPS-940", "the cloudflare move", "the DNS work"),
        requests=(
            "move the shop.example DNS from Route53 to Cloudflare (OPS-940)",
            "start the DNS migration for shop.example, TTLs first",
        ),
        pastes=("$ dig +short NS shop.example\nns-1442.awsdns-52.org.\nns-372.awsdns-46.com.",),
        notes=(
            "switch the TTL to 300 before anything else",
            "don't proxy the mail records",
            "stop at the NS change, I'll do the registrar step myself",
            "the TXT records for SPF and DKIM need to come over exactly, check the quoting",
            "the API token is in vault under ops/cloudflare",
        ),
    ),
    Task(
        ask="Fix the nightly cron job on batch-02 that runs the invoice export at 02:00. It hasn't run since Sunday (OPS-1187).",
        names=("the cron fix", "the invoice cron", "OPS-1187", "the batch-02 cron"),
        requests=(
            "fix the invoice export cron on batch-02, it hasn't run since sunday (OPS-1187)",
            "figure out why the 02:00 invoice export on batch-02 stopped running",
        ),
        alerts=("deadmanssnitch: invoice-export has not checked in for 3 days",),
        pastes=(
            "CRON[4412]: (invoice) CMD (/opt/invoice/export.sh)\nexport.sh: line 12: aws: command not found",
        ),
        notes=(
            "cron's PATH doesn't have /usr/local/bin, that's probably it",
            "kill the leftover flock process, pid 22817, it's been holding the lock since sunday",
            "run it once by hand with --date 2024-06-10 to backfill",
            "the box is in UTC, so the 02:00 is UTC",
            "stop the export from mailing finance while you test, there's a --no-email flag",
        ),
    ),
    Task(
        ask="Write a runbook for failing over the primary Redis (cache-prod-1) to its replica, based on what we did during INC-5498.",
        names=("the runbook", "the redis failover runbook", "the failover doc"),
        requests=(
            "write a runbook for failing cache-prod-1 over to its replica, use INC-5498 as the reference",
            "draft the redis failover runbook",
        ),
        notes=(
            "add a 'stop writes first' step before the promote",
            "include a rollback section at the end",
            "markdown, it goes in the ops wiki",
            "put the sentinel commands in code blocks, people copy paste them at 3am",
            "the replica is cache-prod-2, not cache-prod-1r",
        ),
    ),
    Task(
        ask="Check why checkout-api is returning 502s behind the ALB. It started about 14:05 UTC (INC-5521, SEV2).",
        names=("the 502s", "INC-5521", "the checkout incident", "the checkout-api 502s"),
        requests=(
            "check why checkout-api is 502ing behind the ALB",
            "look at the checkout-api 502s (INC-5521)",
        ),
        alerts=(
            "ALB tg-checkout-9090: HTTPCode_ELB_502_Count = 1843 (5m)",
            "SEV2 on payments: checkout-api 502 rate 11%",
        ),
        pastes=(
            'upstream prematurely closed connection while reading response header from upstream, client: 10.4.2.19, upstream: "http://10.4.7.33:9090/v1/cart"',
        ),
        notes=(
            "restart the checkout-api pods one at a time, not all at once",
            "the target group is tg-checkout-9090",
            "pause the canary so all traffic goes to the old version",
            "check the keepalive timeout vs the ALB idle timeout, that bit us before",
            "yes, the deploy at 14:02 is suspicious",
        ),
    ),
    Task(
        ask="Find out why consumer group billing-events is lagging 2M messages on kafka-prod and get the lag back under 10k.",
        names=("the kafka lag", "the billing-events lag", "the consumer lag"),
        requests=(
            "figure out why billing-events is 2M behind on kafka-prod",
            "get the billing-events consumer lag back down under 10k",
        ),
        alerts=('kafka_consumergroup_lag{group="billing-events"} = 2104339',),
        pastes=(
            "GROUP           TOPIC     PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG\nbilling-events  billing   3          881233          1412007         530774",
        ),
        notes=(
            "pause partitions 3 and 7, they have the poison messages",
            "don't skip any messages, billing needs every one of them",
            "stop the consumers, reset offsets to the 13:00 checkpoint, then start them again",
            "you can scale the consumer to 12 replicas, the topic has 12 partitions",
            "the DLQ topic is billing.dlq",
        ),
    ),
    Task(
        ask="Verify that last week's etcd backups for prod-eu actually restore: spin up a throwaway cluster and test the 2024-06-09 snapshot.",
        names=("the etcd backup check", "the snapshot test", "the etcd restore test"),
        requests=(
            "test-restore the 2024-06-09 etcd snapshot for prod-eu on a throwaway cluster",
            "check that the prod-eu etcd backups actually restore",
        ),
        pastes=(
            "Error: snapshot file has wrong hash: snapshot missing hash but --skip-hash-check=false",
        ),
        notes=(
            "use --skip-hash-check, the snapshot was copied with the s3 tool, not etcdctl",
            "kill the throwaway cluster when you're done, it's on my personal quota",
            "kind is fine for this, it doesn't need real VMs",
            "compare the key count with prod, roughly is fine",
        ),
    ),
    Task(
        ask="Rotate the SSH deploy keys on bastion-1 and bastion-2 and remove keys belonging to people who've left (SEC-88).",
        names=("the key rotation", "SEC-88", "the bastion key rotation", "the ssh key cleanup"),
        requests=(
            "rotate the ssh deploy keys on bastion-1/2 and drop the leavers' keys (SEC-88)",
            "clean up authorized_keys on the bastions",
        ),
        pastes=("deploy@bastion-2: Permission denied (publickey).",),
        notes=(
            "keep a session open on bastion-1 while you swap the key, in case you lock us out",
            "the leavers list is in the SEC-88 ticket, 7 people",
            "ed25519, not rsa",
            "cancel the ansible run, it's targeting all hosts. limit it to the bastions",
            "don't remove the break-glass key, it's the one with comment bg-2023",
        ),
    ),
    Task(
        ask="Apply the Terraform change that adds a NAT gateway in vpc-prod (PR #412). Run a plan first and show me the diff.",
        names=("the NAT gateway change", "PR #412", "the terraform apply"),
        requests=(
            "plan and apply PR #412, the new NAT gateway in vpc-prod",
            "get the NAT gateway from PR #412 applied",
        ),
        pastes=("Plan: 3 to add, 1 to change, 1 to destroy.",),
        notes=(
            "wait, why is it destroying a route table? don't apply until we know",
            "target just the nat module for now",
            "the state lock is from my laptop, I'll force-unlock it myself",
            "switch to the prod workspace, that plan ran against staging",
            "yes apply, the destroy is the old route table and that's expected",
        ),
    ),
    Task(
        ask="Build a Grafana dashboard for the new ingest pipeline: throughput, p99 latency and error rate per stage.",
        names=("the dashboard", "the ingest dashboard", "the grafana work"),
        requests=(
            "build a grafana dashboard for the ingest pipeline with throughput, p99 and errors per stage",
            "put together the ingest pipeline dashboard",
        ),
        notes=(
            "use the prod-thanos datasource, not the local prometheus",
            "make stage a template variable",
            "switch the latency panel to a heatmap",
            "export the JSON and put it in the dashboards repo",
        ),
    ),
    Task(
        ask="Close port 6379 to the public internet on cache-prod-1; the external scan flagged it as open (SEC-91).",
        names=("the firewall change", "SEC-91", "the 6379 thing", "the redis port"),
        requests=(
            "close 6379 to the internet on cache-prod-1, the external scan flagged it (SEC-91)",
            "lock down the open redis port on cache-prod-1",
        ),
        alerts=("external scan: 203.0.113.41:6379 open (redis, no auth)",),
        pastes=("$ nmap -p 6379 203.0.113.41\nPORT     STATE SERVICE\n6379/tcp open  redis",),
        notes=(
            "it's the security group sg-0a41, not iptables",
            "keep 10.0.0.0/8 allowed, the app servers need it",
            "cancel the iptables rule you just added, we manage it in the SG",
            "rerun nmap from outside to confirm, use the scan box",
        ),
    ),
    Task(
        ask="Investigate the OOM kills on api-gw-4: dmesg shows the kernel killing envoy roughly every two hours.",
        names=("the OOM investigation", "the api-gw-4 OOMs", "the envoy OOMs"),
        requests=(
            "find out why envoy on api-gw-4 keeps getting OOM-killed",
            "look at the envoy OOM kills on api-gw-4",
        ),
        alerts=("api-gw-4 kernel: Out of memory: Killed process 1823 (envoy) total-vm:4912340kB",),
        pastes=(
            "[Tue Jun 11 13:02:44 2024] oom-kill:constraint=CONSTRAINT_NONE,task=envoy,pid=1823,uid=101",
        ),
        notes=(
            "stop envoy's hot restart while you take the heap profile, it confuses the numbers",
            "the admin port is 9901",
            "compare with api-gw-3, same config and no OOMs there",
            "yes, it's the only box on the new kernel",
        ),
    ),
    Task(
        ask="Fix the clock drift on the ceph-osd nodes; chrony shows an 800ms offset on ceph-osd-5 and ceph is warning about clock skew.",
        names=("the clock skew", "the chrony fix", "the NTP thing"),
        requests=(
            "fix the clock skew on the ceph-osd nodes, ceph-osd-5 is 800ms off",
            "sort out chrony on the ceph nodes",
        ),
        alerts=("HEALTH_WARN clock skew detected on mon.ceph-mon-2",),
        pastes=("$ chronyc tracking\nSystem time     : 0.812443 seconds slow of NTP time",),
        notes=(
            "use makestep, a slew will take hours at that offset",
            "the internal NTP servers are ntp1.int and ntp2.int",
            "don't restart the OSDs for this",
            "stop ntpd if it's still installed, it fights with chrony",
        ),
    ),
    Task(
        ask="Elasticsearch cluster logs-prod is yellow with 34 unassigned replica shards after the node restart. Get it back to green.",
        names=("the ES cluster", "the unassigned shards", "logs-prod", "the yellow cluster"),
        requests=(
            "get logs-prod back to green, 34 replica shards are unassigned",
            "look at the unassigned shards on logs-prod",
        ),
        alerts=("logs-prod cluster health: yellow (unassigned_shards: 34)",),
        pastes=('"unassigned_info": {"reason": "NODE_LEFT", "details": "node_left [es-data-4]"}',),
        notes=(
            "cancel the reroute you queued, it's putting everything on es-data-1",
            "raise cluster.routing.allocation.node_concurrent_recoveries to 4",
            "es-data-4 is back, it just needs time",
            "disk watermark on es-data-2 is at 89%, that's probably why",
        ),
    ),
    Task(
        ask="Add S3 lifecycle rules to the logs-archive bucket: transition to Glacier after 90 days and delete after 400.",
        names=("the lifecycle rules", "the S3 lifecycle thing", "the logs-archive lifecycle"),
        requests=(
            "add lifecycle rules on logs-archive, glacier at 90 days and expire at 400",
            "set up the logs-archive lifecycle policy",
        ),
        notes=(
            "do it in terraform, not the console",
            "exclude the legal-hold/ prefix",
            "switch the transition to GLACIER_IR, we still query the 90-180 day range",
            "noncurrent versions too, same rules",
        ),
    ),
    Task(
        ask="Renew the Vault token the deploy pipeline uses before it expires at 18:00, and make the renewal automatic (OPS-1201).",
        names=("the vault token", "OPS-1201", "the token renewal"),
        requests=(
            "renew the deploy pipeline's vault token before 18:00 and automate it (OPS-1201)",
            "sort out the expiring vault token for the deploy pipeline",
        ),
        alerts=("vault: token ttl for deploy-pipeline = 47m",),
        pastes=(
            "Error renewing token: Error making API request.\nCode: 403. Errors:\n* permission denied",
        ),
        notes=(
            "use an approle instead of a long-lived token",
            "the policy is deploy-pipeline-v2",
            "stop the scheduled deploys for an hour while you swap it",
            "max ttl is 768h, you can't renew past that",
        ),
    ),
    Task(
        ask="Rotate the password for the reporting user on db-prod-1 and update it in the three services that use it (SEC-95).",
        names=("the password rotation", "SEC-95", "the reporting creds"),
        requests=(
            "rotate the reporting user's password on db-prod-1 and update the 3 services using it (SEC-95)",
            "do the SEC-95 password rotation for the reporting user",
        ),
        notes=(
            "the three are metabase, finance-export and the airflow connection",
            "set the new one in vault first, then alter role",
            "pause the airflow DAGs that use it until the connection is updated",
            "keep the old password valid for an hour, use a second role if you have to",
        ),
    ),
    Task(
        ask="Patch the kernel on the edge hosts for CVE-2024-1086 and reboot them one at a time behind the LB (CHG-2250).",
        names=("the kernel patching", "CHG-2250", "the edge reboots"),
        requests=(
            "patch the edge hosts for CVE-2024-1086 and reboot them one at a time behind the LB (CHG-2250)",
            "roll the kernel update across the edge hosts",
        ),
        alerts=(
            "advisory: CVE-2024-1086 (nf_tables LPE) affects kernel < 6.1.76, edge-01..08 are on 6.1.69",
        ),
        notes=(
            "drain each one from the LB before the reboot, wait for connections to hit zero",
            "stop after edge-03 and let me check the graphs, then continue",
            "edge-07 has the weird NIC, if it doesn't come back call the DC",
            "uname -r on each after and paste me the list",
        ),
    ),
    Task(
        ask="Figure out why the RabbitMQ queue email.outbound has 180k messages stuck while the consumers show idle.",
        names=("the rabbit queue", "email.outbound", "the stuck queue"),
        requests=(
            "find out why email.outbound has 180k messages stuck with idle consumers",
            "look at the stuck rabbitmq queue email.outbound",
        ),
        alerts=('rabbitmq_queue_messages_ready{queue="email.outbound"} = 181220',),
        pastes=("email.outbound  181220  0  consumers: 8  consumer_utilisation: 0.0",),
        notes=(
            "don't purge it, those are real customer emails",
            "check the prefetch, I think it's 0",
            "restart one consumer first and see if it picks anything up",
            "kill the consumer with 1k unacked, it's stuck on a huge attachment",
        ),
    ),
    Task(
        ask="Review the sudoers files on the jump hosts and remove NOPASSWD entries except for the ansible user (SEC-103).",
        names=("the sudoers review", "SEC-103", "the NOPASSWD cleanup"),
        requests=(
            "review sudoers on the jump hosts and drop NOPASSWD for everyone but ansible (SEC-103)",
            "clean the NOPASSWD entries out of sudoers on the jump hosts",
        ),
        notes=(
            "visudo -c after every edit",
            "leave the break-glass account as it is",
            "check /etc/sudoers.d too, not just the main file",
            "keep a root shell open while you do it",
        ),
    ),
    Task(
        ask="Draft the postmortem for INC-5498 (Tuesday's Redis failover): timeline, impact, root cause and action items.",
        names=("the postmortem", "the INC-5498 writeup", "the postmortem draft"),
        requests=(
            "draft the INC-5498 postmortem: timeline, impact, root cause, action items",
            "write up the postmortem for tuesday's redis failover",
        ),
        notes=(
            "blameless wording [[pls|please]], no names in the timeline",
            "impact was 23 minutes of elevated errors, about 4% of checkouts",
            "the root cause is the sentinel quorum, not the network",
            "action items need owners, put TBD where you don't know",
        ),
    ),
    Task(
        ask="Set up a HorizontalPodAutoscaler for notification-svc: 3 to 12 replicas at 70% CPU.",
        names=("the HPA", "the autoscaler", "the notification-svc scaling"),
        requests=(
            "set up an HPA on notification-svc, 3 to 12 replicas at 70% cpu",
            "add autoscaling to notification-svc",
        ),
        notes=(
            "metrics-server is already installed",
            "switch the target to 60%, 70 is too late for the morning spike",
            "add a scale-down stabilization window of 5 min",
            "the deployment has replicas: 3 hardcoded, remove that or argo will fight the HPA",
        ),
    ),
    Task(
        ask="Investigate the high load on build-cache-1: load average is 48 on a 16-core box and builds are timing out.",
        names=("the load investigation", "build-cache-1", "the load thing"),
        requests=(
            "look at build-cache-1, load is 48 on 16 cores and builds are timing out",
            "find out what's hammering build-cache-1",
        ),
        alerts=('node_load5{instance="build-cache-1"} = 48.2',),
        pastes=("top - 14:21:07 up 41 days,  load average: 48.12, 45.90, 39.77",),
        notes=(
            "kill the runaway find from the updatedb cron, that's half the load",
            "iotop -oPa, I bet it's io wait",
            "don't reboot it, the cache takes 2h to warm",
            "nice the gc job to 19 rather than killing it",
        ),
    ),
)

PEOPLE = (
    "Maria",
    "Dev",
    "Priya",
    "Tomasz",
    "Kenji",
    "Aisha",
    "Lars",
    "Wei",
    "Sam",
    "Olu",
    "Ines",
    "Rafael",
)
TEAMS = (
    "the platform team",
    "the DBA team",
    "netops",
    "sec-eng",
    "the payments SREs",
    "the EU on-call",
    "infra-core",
    "the release team",
)

SWITCH_TEMPLATES: tuple[str, ...] = (
    "{sev} going on, leave {cur}. {new}",
    "[[drop|park|shelve]] {cur} for now. {new}",
    "{alert}\n\nthat beats {cur}. {new}",
    "{alert} — look into it",
    "{alert}\n\n[[look into it|can you take a look|check it out]] [[rn|now|asap]]",
    "new priority: {new}. {cur} can wait",
    "change of plans, {new}",
    "forget {cur}, {new}",
    "hey, I need you on something else. {new}",
    "{who} just pinged me: {new}. leave {cur} as is",
    "we're pausing {cur} until after the freeze. meanwhile, {new}",
    "STOP. {new}",
    "scratch {cur}. {new}",
    "instead of {cur}, {new}",
    "{cur} is on hold, waiting on the vendor. in the meantime, {new}",
    "put {cur} down. {new}",
    "pager just went off:\n{alert}\n{cur} later. {new}",
    "ok {cur} is blocked on {team}, so let's use the time: {new}",
    "I'm IC on {inc} now, {cur} stays where it is. I need you to {new}",
    "different thing: {new}",
    "hold {cur}. higher prio: {new}",
    "leave {cur} in whatever state it's in, just don't leave anything half-applied. then {new}",
    "mgmt wants this now: {new}. sorry, {cur} goes back in the backlog",
    "{cur} got descoped from this window. {new}",
    "abandon {cur}, {who} says it's not needed anymore. can you {new} instead?",
    "let's switch gears: {new}",
    "that's it for {cur} today. next up: {new}",
    "can you {new}? {cur} isn't urgent, it can sit",
    "{sev} declared ({inc}). stop what you're doing and {new}",
    "context switch, sorry: {new}",
    "{team} owns {cur} now, not us. {new}",
    "{cur} is off the table. {new}",
    "ignore {cur} for now, {new}",
    "{alert}\n\n^ that's paging. {new}",
    "customers are complaining, {new}. {cur} is parked",
    "ok, enough of {cur}. {new}",
    "new task, drop the current one: {new}",
    "CAB pushed {cur} to next week. use the slot to {new}",
    "urgent: {new}",
    "{who} needs this before the [[16:00|17:30|standup]] sync: {new}. we'll come back to {cur} another time",
    "vendor call moved up, {cur} stops here. while I'm on the call, {new}",
    "prio change from {who}: {new}",
    "{cur} -> parked. {new}",
    "kill {cur}, it's not happening this week. {new}",
    "actually let's not do {cur} today. {new}",
    "heads up, {inc} just fired:\n{alert}\n{new} [[right now|asap|please]]",
    "{cur} isn't going to make the window, let it go. please {new}",
    "{alert}\n\nleave {cur}, this is worse",
    "I'm moving you off {cur}. {new}",
    "{who} is taking {cur} over. you: {new}",
    "hold up on {cur}, something's on fire: {new}",
)

STOP_TEMPLATES: tuple[str, ...] = (
    "change freeze starts in {n} min, we're done for today",
    "{who}'s team is taking over {cur}",
    "{team} is taking {cur} from here, leave it with them",
    "leave {cur} where it is, I need to jump on a bridge",
    "stop {cur}. don't touch anything else",
    "ok let's park {cur} for now",
    "{cur} is cancelled, the ticket got closed as won't-fix",
    "hold off on {cur} until the vendor gets back to us",
    "that's enough for tonight. leave {cur} as is and don't start anything new",
    "CAB rejected it, so {cur} isn't happening this week. leave everything as it is",
    "we're out of the maintenance window, stop here",
    "pager went off and I'm out. leave {cur} for now",
    "{sev} declared, drop everything. I'll ping you once I know what we need",
    "nvm {cur}, not needed anymore",
    "turns out {who} already did {cur} last night. nothing to do, leave it",
    "let's call it here",
    "abort {cur}. don't roll anything back, just stop where you are",
    "pause {cur}, we'll pick it up [[tomorrow|monday|after the freeze]]",
    "cancel that whole thing",
    "forget it, {team} will handle {cur}",
    "shelve {cur} until after the quarter-end freeze",
    "STOP. don't run anything else",
    "{who} on the EU shift takes {cur} from here, you can stop",
    "the change got pulled from tonight's window. that's it for {cur}",
    "we're done. thanks",
    "{cur} is blocked on {team} approval, nothing more we can do today",
    "let's not continue with {cur}",
    "leave {cur} half-done, it's fine, I'll revisit next week",
    "hold everything, {inc} just got opened and I'm needed on it",
    "{cur}: not today. leave it",
    "stand down on {cur}",
    "that's a no-go from {who}. stop {cur}",
    "security says do not proceed with {cur} until their review. halt here",
    "end of shift, park it",
    "the ticket got reassigned to {team}, so we're off {cur}",
    "kill it, {cur} isn't happening",
    "enough on {cur} for now, I need to think about it",
    "don't bother finishing {cur}, it's being replaced anyway",
    "{who} says hands off {cur} until their migration is done",
    "{alert}\n\nI'm taking that one myself on the bridge. leave {cur} where it is and don't start anything",
    "freeze just got called early by {who}. nothing else goes out today, leave {cur}",
    "we're over time on the window. stop, {cur} stays as is",
    "I'll finish {cur} myself later, you can leave it",
    "{who} is on call now and owns {cur}. that's all from you",
)

RESUME_TEMPLATES: tuple[str, ...] = (
    "incident's closed, back to {old}",
    "ok where were we with {old}",
    "let's finish {old} now",
    "{mid} is done. pick {old} back up",
    "back to {old} [[pls|please|]]",
    "{inc} is resolved. resume {old} from where you left off",
    "freeze is over, let's continue {old}",
    "ok, {old} again. what was the last step you did?",
    "{who} handed {old} back to us, carry on with it",
    "now that {mid} is sorted, let's get back to {old}",
    "return to {old}",
    "bridge is closed. where did we leave {old}?",
    "unpark {old}",
    "the vendor got back to us, we can continue {old}",
    "CAB approved it after all, go ahead with {old} again",
    "good, {mid} looks stable. {old} next, same plan as before",
    "right, {old}. carry on",
    "resume {old}",
    "ok back on {old}. you had it half done",
    "{old}: let's pick up where we stopped",
    "alright, window's open again. continue with {old}",
    "done with {mid}, thanks. now the thing from before: {old}",
    "let's get {old} over the line",
    "I'm back from the bridge. {old}, where were we?",
    "go back to {old} and finish it",
    "{old} is unblocked, {team} signed off. continue",
    "take {old} off hold",
    "re {old}: we can pick it back up now",
    "{mid} can stay as it is. let's return to {old}",
    "things are stable again, back to {old}",
    "ok, the earlier thing: {old}. continue from where you left it",
    "that's {mid} handled. back on {old}",
    "{who} says their migration's done, so {old} is ours again. carry on",
    "where did you get to on {old} before I pulled you off? keep going with it",
    "ok let's resume. {old}",
)

REPLY_TEMPLATES: tuple[str, ...] = (
    "[[yes|yep|yeah|ok]], go ahead",
    "lgtm, apply it",
    "show me the diff before you apply [[anything|it]]",
    "hold on, which host is that running on?",
    "wait, don't run that yet. paste the command first",
    "do it on one host first, then the rest",
    "how long will that take?",
    "eta?",
    "ack, keep going",
    "not that one, the [[eu-west|us-east|eu-central]] one",
    "add --dry-run first",
    "can you do it without a restart?",
    "we're in the change window until {hh}:00, so restarts are fine",
    "keep going, I'm on the bridge but watching",
    "paste the full output [[pls|please]]",
    "[[yes|yeah]], that's expected",
    "no, that's the old ticket number. same task though, carry on",
    "careful, that box is prod",
    "don't stop for approval on every host, just report at the end",
    "ok good. next step?",
    "{inc} is resolved fyi, nothing needed from you. carry on with this",
    "once this is done I might have you look at {other}, but not yet. finish this first",
    "is {other} still parked? don't pick it up, just asking",
    "{who} will review before we merge",
    "why did that fail?",
    "that error is benign, ignore it",
    "no need to switch hosts, it's the same on all of them",
    "don't cancel it, it's just slow. give it another {n} min",
    "stop printing the whole log, tail the last 50 lines",
    "pause after each step so I can check grafana",
    "instead of ssh'ing into each box, use the ansible inventory",
    "go back one step and rerun it with -v",
    "that's the right call. continue",
    "ok but log what you change in the ticket",
    "{who} says it's fine to proceed",
    "does this need a restart or just a reload?",
    "switch to the read-only creds for this part",
    "kill the tmux session you left running, then redo that step",
    "cancel the last command, you typed the wrong path",
    "{alert}\n\nfyi {team} is on that one, not us. keep going with this",
    "{who} asked if we'll make the window. will we?",
    "no rush, the window is until {hh}:00",
    "back up the file before you edit it",
    "use sudo, the ops user has it",
    "ok that worked. what's left?",
    "{other} is still parked, leave it. this first",
)

REPLY_NOTE_TEMPLATES: tuple[str, ...] = (
    "{note}",
    "ok, {note}",
    "one thing before you continue: {note}",
    "{note}. otherwise looks good",
    "fyi {note}",
    "also, {note}",
    "{paste}\n\n{note}",
    "[[right|yes|good]]. {note}",
)

REPLY_PASTE_TEMPLATES: tuple[str, ...] = (
    "{paste}\n\nis that expected?",
    "here's what I get from my side:\n{paste}",
    "{paste}\n\n^ same as yours? keep going either way",
    "got this when I tried it by hand:\n{paste}\nwhat do you make of it?",
    "{paste}\n\nthat's the error I mentioned. carry on",
)

_PREFIX: dict[str, tuple[str, ...]] = {
    "switch": ("hey ", "ok ", "urgent: ", "fyi ", "sorry, ", "@agent "),
    "stop": ("ok ", "hey ", "fyi ", "sorry, ", "right, "),
    "resume": ("ok ", "alright ", "right, ", "ok so ", "cool. "),
    "reply": ("ok ", "yep, ", "fyi ", "hmm ", "k "),
}
_SUFFIX: dict[str, tuple[str, ...]] = {
    "switch": (" asap", " pls", " — eta?", " thx", " !!", " rn"),
    "stop": (" thx", " ty", ", thanks", " for now"),
    "resume": (" pls", " thx", " when you're ready", " :)"),
    "reply": (" thx", " pls", ", thanks", " ty"),
}
_OPENERS = frozenset(
    (
        "ok",
        "sorry",
        "hey",
        "yep",
        "yes",
        "yeah",
        "right",
        "alright",
        "fyi",
        "urgent",
        "cool",
        "hmm",
        "k",
        "good",
        "also",
    )
)
_ABBREV: tuple[tuple[str, str], ...] = (
    (r"\bplease\b", "pls"),
    (r"\bright now\b", "rn"),
    (r"\bthanks\b", "thx"),
    (r"\byou\b(?!')", "u"),
    (r"\btomorrow\b", "tmrw"),
    (r"\bdon't\b", "dont"),
    (r"\bI'm\b", "im"),
    (r"\bthat's\b", "thats"),
    (r"\bwith\b", "w/"),
    (r"\bminutes\b", "mins"),
    (r"\bit's\b", "its"),
    (r"\bfor now\b", "4 now"),
)

_SLOT = re.compile(r"\{(\w+)\}")
_CHOICE = re.compile(r"\[\[([^\[\]]*)\]\]")
_PASTE = re.compile(r"(\x00[^\x01]*\x01)")
_WORD = re.compile(r"\b[a-z]{5,}\b")


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _on_typed(text: str, fn: Callable[[str], str]) -> str:
    """Apply ``fn`` to the typed parts of ``text``, never inside a pasted alert or log."""
    parts = _PASTE.split(text)
    return "".join(p if p.startswith("\x00") else fn(p) for p in parts)


def _typo(text: str, rng: random.Random) -> str:
    parts = _PASTE.split(text)
    spots = [
        (i, m.start(), m.end())
        for i, p in enumerate(parts)
        if not p.startswith("\x00")
        for m in _WORD.finditer(p)
    ]
    if not spots:
        return text
    i, a, b = rng.choice(spots)
    word = parts[i][a:b]
    k = rng.randrange(1, len(word) - 2)
    how = rng.randrange(3)
    if how == 0:
        bad = word[:k] + word[k + 1] + word[k] + word[k + 2 :]
    elif how == 1:
        bad = word[:k] + word[k + 1 :]
    else:
        bad = word[:k] + word[k] + word[k:]
    parts[i] = parts[i][:a] + bad + parts[i][b:]
    return "".join(parts)


def _register(text: str, rng: random.Random, kind: str) -> str:
    """Register noise: prefixes, suffixes, abbreviations, dropped punctuation, typos, case."""
    first = re.sub(r"[^a-z@]", "", text.split(" ", 1)[0].lower())
    if "\n" not in text and first not in _OPENERS and rng.random() < 0.22:
        text = rng.choice(_PREFIX[kind]) + text
    if rng.random() < 0.22:
        suffix = rng.choice(_SUFFIX[kind])
        if text.rstrip().endswith("?") and suffix.startswith(","):
            suffix = suffix[1:]
        text = text.rstrip() + suffix
    if rng.random() < 0.3:
        for pat, rep in _ABBREV:
            if rng.random() < 0.7:
                text = _on_typed(text, lambda s, pat=pat, rep=rep: re.sub(pat, rep, s))
    if rng.random() < 0.22:
        text = _on_typed(text, lambda s: re.sub(r"(?<=\w)[.,](?=\s|$)", "", s).replace(" — ", " "))
    if rng.random() < 0.18:
        text = _typo(text, rng)
    r = rng.random()
    if kind in ("switch", "stop") and "\n" not in text and len(text) < 70 and r < 0.08:
        text = _on_typed(text, str.upper)
    elif r < 0.35:
        text = _on_typed(text, str.lower)
    elif r < 0.6 and text[:1].isalpha() and text[:1].islower():
        text = text[0].upper() + text[1:]
    text = _on_typed(text, lambda s: re.sub(r"[ \t]{2,}", " ", s))
    return text.replace("\x00", "").replace("\x01", "").strip()


def _other(rng: random.Random, not_task: Task, need: str = "") -> Task:
    pool = [t for t in TASKS if t is not not_task and (not need or getattr(t, need))]
    return rng.choice(pool)


def _slots(
    rng: random.Random, cur: Task, alert_task: Task, paste_task: Task | None
) -> dict[str, str]:
    return {
        "cur": rng.choice(cur.names),
        "alert": "\x00" + rng.choice(alert_task.alerts) + "\x01",
        "paste": "\x00" + rng.choice(paste_task.pastes) + "\x01" if paste_task else "",
        "who": rng.choice(PEOPLE),
        "team": rng.choice(TEAMS),
        "n": str(rng.choice((5, 10, 15, 20, 30))),
        "hh": str(rng.choice((21, 22, 23, 1, 2, 4))).zfill(2),
        "inc": f"INC-{rng.randint(5531, 5699)}",
        "sev": rng.choice(("SEV1", "SEV2", "sev2", "Sev1")),
        "other": rng.choice(_other(rng, cur).names),
    }


def _fill(template: str, slots: dict[str, str], rng: random.Random) -> str:
    text = _SLOT.sub(lambda m: slots[m.group(1)], template)
    return _CHOICE.sub(lambda m: rng.choice(m.group(1).split("|")), text)


Case = tuple[str, Task, Task | None]
Maker = Callable[[random.Random], Case]


def _switch_maker(template: str) -> Maker:
    def make(rng: random.Random) -> Case:
        cur = rng.choice(TASKS)
        new = _other(rng, cur, "alerts" if "{alert}" in template else "")
        slots = _slots(rng, cur, new if new.alerts else _other(rng, cur, "alerts"), None)
        slots["new"] = rng.choice(new.requests)
        return _fill(template, slots, rng), cur, None

    return make


def _stop_maker(template: str) -> Maker:
    def make(rng: random.Random) -> Case:
        cur = rng.choice(TASKS)
        slots = _slots(rng, cur, _other(rng, cur, "alerts"), None)
        return _fill(template, slots, rng), cur, None

    return make


def _resume_maker(template: str) -> Maker:
    def make(rng: random.Random) -> Case:
        old = rng.choice(TASKS)
        mid = _other(rng, old)
        slots = _slots(rng, mid, _other(rng, mid, "alerts"), None)
        slots["old"] = rng.choice(old.names)
        slots["mid"] = rng.choice(mid.names)
        return _fill(template, slots, rng), mid, old

    return make


def _reply_generic_maker(template: str) -> Maker:
    def make(rng: random.Random) -> Case:
        cur = rng.choice(TASKS)
        slots = _slots(rng, cur, _other(rng, cur, "alerts"), None)
        return _fill(template, slots, rng), cur, None

    return make


def _reply_note_maker(task: Task) -> Maker:
    def make(rng: random.Random) -> Case:
        template = rng.choice(REPLY_NOTE_TEMPLATES)
        if "{paste}" in template and not task.pastes:
            template = "{note}"
        slots = _slots(rng, task, _other(rng, task, "alerts"), task if task.pastes else None)
        slots["note"] = rng.choice(task.notes)
        return _fill(template, slots, rng), task, None

    return make


def _reply_paste_maker(template: str) -> Maker:
    def make(rng: random.Random) -> Case:
        cur = rng.choice([t for t in TASKS if t.pastes])
        slots = _slots(rng, cur, _other(rng, cur, "alerts"), cur)
        return _fill(template, slots, rng), cur, None

    return make


def _makers() -> dict[str, list[Maker]]:
    return {
        "switch": [_switch_maker(t) for t in SWITCH_TEMPLATES],
        "stop": [_stop_maker(t) for t in STOP_TEMPLATES],
        "resume": [_resume_maker(t) for t in RESUME_TEMPLATES],
        "reply": [_reply_generic_maker(t) for t in REPLY_TEMPLATES]
        + [_reply_note_maker(t) for t in TASKS if t.notes]
        + [_reply_paste_maker(t) for t in REPLY_PASTE_TEMPLATES],
    }


def generate(seed: int) -> list[dict[str, str | None]]:
    """Return 600 labelled turns (180 switch, 120 stop, 120 resume, 180 reply), shuffled."""
    rng = random.Random(seed)
    makers = _makers()
    seen: set[str] = set()
    cases: list[dict[str, str | None]] = []
    for kind in KINDS:
        order = list(makers[kind])
        rng.shuffle(order)
        made = 0
        attempts = 0
        while made < PLAN[kind]:
            attempts += 1
            if attempts > 200 * PLAN[kind]:
                raise RuntimeError(f"could not fill {kind}: {made}/{PLAN[kind]}")
            # Cycle through the templates so every one is used; after a few misses, pick freely.
            maker = order[made % len(order)] if attempts - made < 40 else rng.choice(order)
            text, current, stopped = maker(rng)
            text = _register(text, rng, kind)
            key = _norm(text)
            if not key or key in seen:
                continue
            seen.add(key)
            cases.append(
                {
                    "kind": kind,
                    "text": text,
                    "current_task": current.ask,
                    "stopped_task": stopped.ask if stopped is not None else None,
                }
            )
            made += 1
    rng.shuffle(cases)
    return cases


def _template_count() -> int:
    notes = sum(len(t.notes) for t in TASKS)
    return (
        len(SWITCH_TEMPLATES)
        + len(STOP_TEMPLATES)
        + len(RESUME_TEMPLATES)
        + len(REPLY_TEMPLATES)
        + len(REPLY_NOTE_TEMPLATES)
        + len(REPLY_PASTE_TEMPLATES)
        + notes
    )


if __name__ == "__main__":
    print(f"tasks: {len(TASKS)}  templates incl. task notes: {_template_count()}")
    for s in (0, 1, 2):
        got = generate(s)
        counts = Counter(c["kind"] for c in got)
        distinct = len({_norm(str(c["text"])) for c in got})
        print(f"seed {s}: {dict(counts)}  distinct texts: {distinct}")
        assert len(got) == 600
        assert counts == Counter(PLAN)
        assert distinct == 600
        for c in got:
            assert c["kind"] in KINDS
            assert c["text"]
            assert c["current_task"]
            assert (c["stopped_task"] is not None) == (c["kind"] == "resume")
            assert c["stopped_task"] != c["current_task"]
        assert got == generate(s)
    assert generate(0) != generate(1)
    print("ok")
