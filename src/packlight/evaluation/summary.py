"""The numbers of a report, computed from an :class:`~packlight.evaluation.run.EvalRun`.

Pure: the result is a JSON-ready dict (``report.json``), and the Markdown and HTML pages are
written from that dict alone, so a report can be re-rendered without re-running anything.

Ratios are "with the peer / with no compaction": cumulative input tokens summed over every
model call of every trajectory, and peak tokens as the mean of each trajectory's ratio (a
long trajectory must not hide what happens on the short ones).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from statistics import fmean
from typing import Any

from packlight.evaluation.canaries import CANARY_TYPES, CanaryRun, pairs_kept
from packlight.evaluation.harness_probe import EXAMPLES, HarnessTally
from packlight.evaluation.probes import Retention
from packlight.evaluation.replay import ReplayResult
from packlight.evaluation.run import EvalRun, PeerRun
from packlight.evaluation.switch_probe import SwitchCheck, SwitchRun

REPORT_VERSION = 1
SURVIVAL_FLOOR = 0.5
"""The share under which a canary type counts as fallen (the report names the round)."""


def _ratio(part: float, whole: float) -> float | None:
    return part / whole if whole else None


def canary_curves(
    runs: Sequence[CanaryRun], rounds: int, context_window: int | None = None
) -> dict[str, Any]:
    """Survival per type per round (in context, and in context or retrievable), the round
    each type first falls below :data:`SURVIVAL_FLOOR`, stale values per round (and per
    type), look-alike pairs with both values kept per round, and survival per round of the
    canaries a decoy was planted after."""
    survival: dict[str, list[float | None]] = {}
    retrievable: dict[str, list[float | None]] = {}
    first_below: dict[str, int | None] = {}
    for kind in CANARY_TYPES:
        kept: list[float | None] = []
        found: list[float | None] = []
        for number in range(rounds):
            checks = [c for run in runs if number < len(run.rounds) for c in run.rounds[number]]
            checks = [c for c in checks if c.canary.type == kind]
            # A run that stopped early (a crash) counts as losing what it did not report.
            expected = sum(1 for run in runs for c in run.canaries if c.type == kind)
            kept.append(_ratio(sum(c.in_context for c in checks), expected))
            found.append(_ratio(sum(c.retrievable for c in checks), expected))
        survival[kind] = kept
        retrievable[kind] = found
        first_below[kind] = next(
            (n + 1 for n, value in enumerate(kept) if value is not None and value < SURVIVAL_FLOOR),
            None,
        )
    stale = [
        sum(c.stale for run in runs if n < len(run.rounds) for c in run.rounds[n])
        for n in range(rounds)
    ]
    stale_by_type = {
        kind: sum(
            c.stale
            for run in runs
            for checks in run.rounds
            for c in checks
            if c.canary.type == kind
        )
        for kind in CANARY_TYPES
        if any(c.stale is not None for run in runs for c in run.canaries if c.type == kind)
    }
    pairs = sum(len({c.pair for c in run.canaries if c.pair is not None}) for run in runs)
    decoyed = sum(1 for run in runs for c in run.canaries if c.decoy is not None)
    return {
        "trajectories": len(runs),
        "survival": survival,
        "survival_or_retrievable": retrievable,
        "first_round_below_half": first_below,
        "stale_per_round": stale,
        "stale_total": sum(stale),
        "stale_by_type": stale_by_type,
        # Look-alike pairs: kept only when both values are in context (a run that stopped
        # early loses the pairs of the rounds it did not report).
        "pairs": pairs,
        "pairs_kept_both": [
            _ratio(
                sum(sum(pairs_kept(run.rounds[n]).values()) for run in runs if n < len(run.rounds)),
                pairs,
            )
            for n in range(rounds)
        ],
        # Canaries with a decoy planted after them: what a wrongly linked decoy knocks out.
        "decoyed": decoyed,
        "decoyed_survival": [
            _ratio(
                sum(
                    c.in_context
                    for run in runs
                    if n < len(run.rounds)
                    for c in run.rounds[n]
                    if c.canary.decoy is not None
                ),
                decoyed,
            )
            for n in range(rounds)
        ],
        # Survival means little for a history that no longer fits: say how many did not.
        "over_window_last_round": sum(
            1 for run in runs if run.tokens and context_window and run.tokens[-1] > context_window
        ),
        "invalid_transcripts": sum(run.invalid_transcripts for run in runs),
        "errors": [f"{run.trajectory}: {e}" for run in runs for e in run.errors][:20],
    }


def _share(values: Sequence[bool | None]) -> float | None:
    """The share of true values among those that apply (``None`` is ``n/a``)."""
    applicable = [v for v in values if v is not None]
    return _ratio(sum(applicable), len(applicable))


def _switch_scores(checks: Sequence[SwitchCheck]) -> dict[str, Any]:
    return {
        "rounds": len(checks),
        "whole": _share([c.whole for c in checks]),
        "in_force": _share([c.in_force for c in checks]),
        "stopped_not_active": _share([c.stopped_not_active for c in checks]),
        "all_three": _share([c.all_three for c in checks]),
        # Rounds whose context had no task sections to read (a peer without summaries).
        "not_applicable": sum(c.stopped_not_active is None for c in checks),
    }


def switch_summary(runs: Sequence[SwitchRun]) -> dict[str, Any]:
    """The task-switch probe over (trajectory, round): switches left in force, and, apart,
    the trajectories where the user later went back to the original task."""
    switched = [run for run in runs if run.plan.resume is None]
    resumed = [run for run in runs if run.plan.resume is not None]
    return {
        "trajectories": len(runs),
        "kinds": dict(Counter(run.plan.switch.kind for run in runs if run.plan.switch)),
        "switch": {
            "trajectories": len(switched),
            **_switch_scores([c for run in switched for c in run.rounds]),
        },
        "resume": {
            "trajectories": len(resumed),
            **_switch_scores([c for run in resumed for c in run.rounds]),
        },
        "invalid_transcripts": sum(run.invalid_transcripts for run in runs),
        "errors": [f"{run.trajectory}: {e}" for run in runs for e in run.errors][:20],
    }


def harness_summary(tallies: Sequence[HarnessTally]) -> dict[str, Any]:
    """Checkpoints (after every compaction of the replay) whose task sections quote a
    harness message."""
    checkpoints = sum(t.checkpoints for t in tallies)
    quoting = sum(t.quoting for t in tallies)
    return {
        "checkpoints": checkpoints,
        "without_sections": sum(t.without_sections for t in tallies),
        "quoting": quoting,
        "share": _ratio(quoting, checkpoints),
        "examples": [
            {"trajectory": t.trajectory, "quoted": quoted} for t in tallies for quoted in t.examples
        ][:EXAMPLES],
    }


def _overall_survival(curves: dict[str, Any], round_number: int) -> float | None:
    values = [
        series[round_number - 1]
        for series in curves["survival"].values()
        if len(series) >= round_number and series[round_number - 1] is not None
    ]
    return fmean(values) if values else None


def _nth(series: Sequence[float | None], round_number: int) -> float | None:
    return series[round_number - 1] if len(series) >= round_number else None


def replay_summary(replays: Sequence[ReplayResult], context_window: int) -> dict[str, Any]:
    turns = sum(r.turns for r in replays)
    compactions = [c for r in replays for c in r.compactions]
    retention = Retention.empty()
    for result in replays:
        retention.merge(result.retention)
    rules: Counter[str] = Counter()
    for result in replays:
        rules.update(result.invalid_rules)
    peak_ratios = [r.peak / peak for r in replays if (peak := max(r.baseline_tokens, default=0))]
    return {
        "trajectories": len(replays),
        "turns": turns,
        "cumulative_tokens": sum(r.cumulative for r in replays),
        "baseline_cumulative_tokens": sum(sum(r.baseline_tokens) for r in replays),
        "cumulative_ratio": _ratio(
            sum(r.cumulative for r in replays), sum(sum(r.baseline_tokens) for r in replays)
        ),
        "peak_tokens": max((r.peak for r in replays), default=0),
        "peak_ratio": fmean(peak_ratios) if peak_ratios else None,
        "calls_over_window": sum(1 for r in replays for t in r.tokens if t > context_window),
        "compactions": len(compactions),
        "compactions_per_100_turns": _ratio(100 * len(compactions), turns),
        "ineffective_rate": _ratio(sum(c.ineffective for c in compactions), len(compactions)),
        "fallback_rate": _ratio(sum(c.fallback for c in compactions), len(compactions)),
        "summarizer_calls": sum(r.summarizer_calls for r in replays),
        "summarizer_tokens": sum(r.summarizer_tokens for r in replays),
        "invalid_transcripts": sum(r.invalid_transcripts for r in replays),
        "invalid_rules": dict(rules),
        "errors": [f"{r.trajectory}: {e}" for r in replays for e in r.errors][:20],
        "retention": retention.to_json(),
        "lost_examples": [
            {"trajectory": r.trajectory, **example} for r in replays for example in r.lost
        ][:60],
    }


def _per_trajectory(run: PeerRun) -> list[dict[str, Any]]:
    canaries = {c.trajectory: c for c in run.canaries}
    switches = {s.trajectory: s for s in run.switches}
    rows = []
    for result in run.replays:
        canary = canaries.get(result.trajectory)
        switch = switches.get(result.trajectory)
        rows.append(
            {
                "trajectory": result.trajectory,
                "turns": result.turns,
                "compactions": len(result.compactions),
                "cumulative_ratio": _ratio(result.cumulative, sum(result.baseline_tokens)),
                "peak": result.peak,
                "baseline_peak": max(result.baseline_tokens, default=0),
                "invalid_transcripts": result.invalid_transcripts,
                "probes_lost": sum(result.retention.lost.values()),
                "tokens": result.tokens,
                "compaction_calls": [c.call for c in result.compactions],
                "canaries": canary.to_json() if canary is not None else None,
                "switches": switch.to_json() if switch is not None else None,
                "seconds": round(result.seconds, 3),
            }
        )
    return rows


def summarize(run: EvalRun) -> dict[str, Any]:
    """The whole report as a JSON-ready dict."""
    config = run.config
    peers: list[dict[str, Any]] = []
    for peer in run.peers:
        entry: dict[str, Any] = {
            "name": peer.name,
            "status": peer.status,
            "reason": peer.reason,
            "needs_llm": peer.needs_llm,
            "seconds": round(peer.seconds, 2),
        }
        if peer.status == "ok":
            curves = canary_curves(peer.canaries, config.rounds, config.context_window)
            entry["replay"] = replay_summary(peer.replays, config.context_window)
            entry["canaries"] = curves
            entry["canary_survival_round_1"] = _overall_survival(curves, 1)
            entry["canary_survival_last_round"] = _overall_survival(curves, config.rounds)
            entry["pairs_kept_both_round_1"] = _nth(curves["pairs_kept_both"], 1)
            entry["pairs_kept_both_last_round"] = _nth(curves["pairs_kept_both"], config.rounds)
            entry["switches"] = switch_summary(peer.switches)
            entry["harness"] = harness_summary(peer.harness)
            entry["per_trajectory"] = _per_trajectory(peer)
        peers.append(entry)
    return {
        "version": REPORT_VERSION,
        "config": {
            "model": config.model,
            "context_window": config.context_window,
            "threshold": config.threshold,
            "rounds": config.rounds,
            "seed": config.seed,
            "peers": list(config.peers),
        },
        "seconds": round(run.seconds, 2),
        "trajectories": [
            {
                "name": t.name,
                "messages": len(t.messages),
                "model_calls": len(run.baselines[t.name].tokens),
                "baseline_cumulative": run.baselines[t.name].cumulative,
                "baseline_peak": run.baselines[t.name].peak,
                "baseline_tokens": list(run.baselines[t.name].tokens),
            }
            for t in run.trajectories
        ],
        "skipped": run.skipped,
        # The harness-message probe's ground truth: distinct texts and messages of the run.
        "harness_messages": {"texts": len(run.harness.keys), "messages": run.harness.messages},
        "peers": peers,
    }
