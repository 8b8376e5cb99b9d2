"""hermes-agent's ``ContextCompressor`` as a peer, with no summary model configured.

Hermes (``hermes-agent==0.19.0``) runs in its own virtualenv through
``runners/hermes_runner.py`` (the same runner the benchmarks use); it is never imported here.
Messages need no conversion: Hermes takes and returns Chat Completions dicts.

Configuration: what a default Hermes agent builds (``protect_first_n=3``,
``protect_last_n=20``, ``summary_target_ratio=0.20``, ``abort_on_summary_failure=False``) with
``config_context_length = settings.context_window`` and
``threshold_percent = settings.threshold``. Hermes then applies its own floors: at least 75%
for windows under 512K, and 85% when its 64K minimum is at least the window, so a 32K window
compacts at 27,200 rough tokens whatever ``threshold`` says (``details["threshold_tokens"]``
shows the value in force).

Trigger: before every call the runner does what Hermes' agent loop does,
``estimate_request_tokens_rough`` (chars/4) then ``should_compress``; ``force=True`` compacts
regardless. One compressor lives for the whole trajectory, as in one agent, so Hermes' own
state carries over: after the first compaction only the system prompt stays protected at the
head, and after the first failed summary ``should_compress`` says no for 600 s. A replay runs
in seconds, so without more that cooldown would stop Hermes after one compaction; a real
agent would instead send the oversized request, get a context-length error from the provider
and call ``compress`` anyway. The peer stands in for that provider: when the request is over
``settings.context_window`` (packlight's exact count) it asks the runner to compress as
Hermes' overflow handler does (``details["reason"] == "provider_overflow"``).

With no provider, Hermes' summary call fails at once and it inserts its static "summary
unavailable" handoff (``details["path"] == "static_fallback"``); ``needs_llm`` is true and
``note`` says it ran on that fallback. Its output keeps Hermes' private ``_compressed_summary``
key, which Hermes reads back at the next compaction; strip ``_``-prefixed keys before sending
anything to a provider.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import cast

from packlight.evaluation.peers._external import DEFAULT_TIMEOUT, ExternalPeer
from packlight.evaluation.peers.base import PeerOutcome, PeerSettings
from packlight.messages import Message
from packlight.tokens import ExactCounter, TranscriptCounter

FALLBACK_NOTE = (
    "no summary model configured: Hermes used its own static 'summary unavailable' fallback"
)


class HermesPeer(ExternalPeer):
    """hermes-agent's ``ContextCompressor`` (see the module docstring for its settings)."""

    name = "hermes"
    runner_script = "hermes_runner.py"
    needs_llm = True

    def __init__(
        self,
        settings: PeerSettings,
        *,
        venv: Path | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        super().__init__(settings, venv=venv, timeout=timeout)
        self.counter = TranscriptCounter(ExactCounter())

    def reset(self) -> None:
        self.counter.clear()
        _, error, _ = self.call({"op": "reset"})
        if error is not None:
            # A runner that cannot reset is restarted on the next call, which forgets too.
            self.runner.close()

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        overflow = self.counter.request(history) > self.settings.context_window
        response, error, elapsed = self.call(
            {
                "op": "prepare",
                "messages": list(history),
                "context_window": self.settings.context_window,
                "model": self.settings.model,
                "threshold": self.settings.threshold,
                "force": force,
                "overflow": overflow,
            }
        )
        if response is None:
            return self.failed(history, error or "", elapsed)
        info = dict(response.get("info") or {})
        details = {
            **info,
            "path": response.get("path"),
            "network_blocked": response.get("network_blocked", 0),
            "round_trip_seconds": elapsed,
        }
        if not response.get("compacted"):
            return PeerOutcome(
                messages=list(history),
                compacted=False,
                seconds=float(response["seconds"]),
                details=details,
            )
        path = response.get("path")
        note = FALLBACK_NOTE if path == "static_fallback" else f"Hermes path: {path}"
        return PeerOutcome(
            messages=cast(list[Message], response["messages"]),
            compacted=True,
            seconds=float(response["seconds"]),
            note=note,
            details=details,
        )


__all__ = ["HermesPeer"]
