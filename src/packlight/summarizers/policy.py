"""What a summary-call failure leads to (DESIGN 5, "Summarizer failures"). Pure.

==========================  =====================================================
failure kind                action
==========================  =====================================================
``auth``, ``quota``         abort; the engine freezes the session until
                            ``force=True`` or a change of summarizer configuration
                            (retrying cannot help until someone fixes the account)
``network``, ``timeout``    abort; the engine cools down 60 s, then 300 s, then
                            900 s on repeated failures (the provider is unreachable
                            now; the agent keeps working on its full transcript)
``model_not_found``,        one retry on the main model, then the deterministic
``server``, ``malformed``,  checkpoint (the summary model is the problem, not the
``empty``                   account or the network)
==========================  =====================================================

``abort_on_failure`` turns every fallback into an abort. An abort always leaves the
transcript unchanged; error text never becomes a checkpoint.
"""

from __future__ import annotations

from typing import Literal

Action = Literal["abort_freeze", "abort_cooldown", "abort", "retry_on_main", "fallback"]

FREEZING_KINDS: frozenset[str] = frozenset({"auth", "quota"})
COOLING_KINDS: frozenset[str] = frozenset({"network", "timeout"})
COOLDOWN_LADDER: tuple[float, ...] = (60.0, 300.0, 900.0)
"""Seconds of cooldown after the first, second and every later network failure in a row."""


def failure_action(kind: str, *, retried: bool, can_retry: bool, abort_on_failure: bool) -> Action:
    """The action for a failure of ``kind``; ``retried`` says the main model already failed."""
    if kind in FREEZING_KINDS:
        return "abort_freeze"
    if kind in COOLING_KINDS:
        return "abort_cooldown"
    if not retried and can_retry:
        return "retry_on_main"
    return "abort" if abort_on_failure else "fallback"


def cooldown_seconds(failures_in_row: int) -> float:
    """The cooldown after the ``failures_in_row``-th network failure in a row (1-based)."""
    step = max(failures_in_row, 1) - 1
    return COOLDOWN_LADDER[min(step, len(COOLDOWN_LADDER) - 1)]
