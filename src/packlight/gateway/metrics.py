"""The gateway's Prometheus series (``GET /metrics``).

Labels are routes, statuses, triggers and outcomes only: never a session id, a key, a model
answer or anything a message holds. Each app has its own registry, so two apps in one process
(tests, an embedding application) count apart.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

__all__ = ["CONTENT_TYPE_LATEST", "Metrics"]

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "packlight_requests",
            "Requests answered, by route and HTTP status.",
            ["route", "status"],
            registry=self.registry,
        )
        self.compactions = Counter(
            "packlight_compactions",
            "Compactions run for gateway requests, by trigger.",
            ["trigger"],
            registry=self.registry,
        )
        self.recoveries = Counter(
            "packlight_recoveries",
            "Upstream overflow errors the gateway recovered from (compact and retry).",
            ["route"],
            registry=self.registry,
        )
        self.overflows_returned = Counter(
            "packlight_overflows_returned",
            "Upstream overflow errors that reached a client (recovery could not help).",
            ["route"],
            registry=self.registry,
        )
        self.tokens_before = Counter(
            "packlight_compaction_tokens_before",
            "Estimated prompt tokens of the histories compactions started from.",
            registry=self.registry,
        )
        self.tokens_after = Counter(
            "packlight_compaction_tokens_after",
            "Estimated prompt tokens of what those compactions left.",
            registry=self.registry,
        )
        self.prompt_tokens = Counter(
            "packlight_upstream_prompt_tokens",
            "Estimated prompt tokens of the requests sent upstream.",
            ["route"],
            registry=self.registry,
        )
        self.upstream_latency = Histogram(
            "packlight_upstream_latency_seconds",
            "Seconds from sending a request upstream to its response headers.",
            ["route"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.prepare_seconds = Histogram(
            "packlight_prepare_seconds",
            "Seconds the gateway spent on a request before sending it upstream "
            "(session lookup, preflight, compaction).",
            ["compacted"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.deferred_write_failures = Counter(
            "packlight_deferred_write_failures",
            "Turns the store refused after their request went upstream (the client's next "
            "request, which resends its history, writes them).",
            registry=self.registry,
        )
        self.cached_sessions = Gauge(
            "packlight_cached_sessions",
            "Sessions this process keeps in memory.",
            registry=self.registry,
        )

    def exposition(self) -> bytes:
        return generate_latest(self.registry)
