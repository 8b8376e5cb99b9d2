"""Run an evaluation: every trajectory through every peer, replayed, canaried and switched.

The replay also feeds the harness-message probe (:mod:`~packlight.evaluation.harness_probe`,
watching its compactions); canaries and task switches are planted into separate copies of
each trajectory, so neither changes what the replay measures.

:func:`load_trajectories` reads session files (the I/O edge); :func:`run_evaluation` drives
the peers and returns an :class:`EvalRun` with everything measured; the pure
:mod:`packlight.evaluation.summary` turns that into the report's numbers.
"""

from __future__ import annotations

import glob
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from packlight.errors import UserError
from packlight.evaluation.canaries import CanaryRun, plant, run_canaries
from packlight.evaluation.harness_probe import (
    HarnessTally,
    HarnessTruth,
    ObservedPeer,
    harness_truth,
)
from packlight.evaluation.peers import PEERS, Peer, PeerSettings, PeerUnavailable, create_peer
from packlight.evaluation.peers.base import DEFAULT_THRESHOLD
from packlight.evaluation.peers.builtin import evaluation_counter
from packlight.evaluation.replay import (
    Baseline,
    ReplayResult,
    Trajectory,
    baseline,
    probe_source,
    replay,
)
from packlight.evaluation.switch_probe import SwitchRun, plant_switch, run_switches
from packlight.sessionfile import JSONL_SUFFIXES, iter_sessions

logger = logging.getLogger("packlight.evaluation")

SESSION_SUFFIXES = (".json", *JSONL_SUFFIXES)
DEFAULT_MODEL = "gpt-4o"
DEFAULT_CONTEXT_WINDOW = 32_000
DEFAULT_ROUNDS = 5
SUBJECT = "packlight"
"""The system under evaluation: it always runs; ``--peers`` chooses the others."""


@dataclass(frozen=True, slots=True)
class EvalConfig:
    model: str = DEFAULT_MODEL
    context_window: int = DEFAULT_CONTEXT_WINDOW
    peers: tuple[str, ...] = ()
    """Peers besides packlight, by registry name."""
    rounds: int = DEFAULT_ROUNDS
    seed: int = 0
    threshold: float = DEFAULT_THRESHOLD
    """Share of the window every system compacts at (``--threshold``)."""

    def __post_init__(self) -> None:
        if not 0.0 < self.threshold <= 1.0:
            raise UserError(
                f"--threshold must be a share of the window above 0 and at most 1, got "
                f"{self.threshold}"
            )
        if self.context_window < 1_000:
            raise UserError(
                f"context window {self.context_window} is too small to evaluate; give at "
                "least 1000 tokens (--context-window)"
            )
        if not 1 <= self.rounds <= 20:
            raise UserError(f"--rounds must be between 1 and 20, got {self.rounds}")
        unknown = [p for p in self.peers if p not in PEERS]
        if unknown:
            raise UserError(
                f"unknown peer(s) {', '.join(unknown)}; known: {', '.join(sorted(PEERS))}"
            )

    def peer_settings(self) -> PeerSettings:
        return PeerSettings(
            model=self.model,
            context_window=self.context_window,
            threshold=self.threshold,
            seed=self.seed,
        )


def parse_peers(spec: str) -> tuple[str, ...]:
    """``all`` (every registered peer), ``none`` (packlight alone) or a comma-separated list."""
    cleaned = spec.strip().lower()
    if cleaned == "all":
        return tuple(name for name in PEERS if name != SUBJECT)
    if cleaned in {"none", ""}:
        return ()
    names = [name.strip() for name in cleaned.split(",") if name.strip()]
    return tuple(dict.fromkeys(name for name in names if name != SUBJECT))


@dataclass(slots=True)
class PeerRun:
    """One peer's whole evaluation (or why it could not run)."""

    name: str
    status: str = "ok"
    """``ok``, ``unavailable`` (not installed here) or ``failed`` (crashed on setup)."""
    reason: str | None = None
    needs_llm: bool = False
    replays: list[ReplayResult] = field(default_factory=list)
    canaries: list[CanaryRun] = field(default_factory=list)
    switches: list[SwitchRun] = field(default_factory=list)
    harness: list[HarnessTally] = field(default_factory=list)
    """Per replay: its compactions scored for harness messages named as the task."""
    seconds: float = 0.0


@dataclass(slots=True)
class EvalRun:
    config: EvalConfig
    trajectories: list[Trajectory]
    baselines: dict[str, Baseline]
    peers: list[PeerRun]
    seconds: float = 0.0
    skipped: list[str] = field(default_factory=list)
    """Files or sessions that could not be read, with the reason."""
    harness: HarnessTruth = field(default_factory=HarnessTruth)
    """The run's harness messages (the harness-message probe's ground truth)."""


def expand_paths(paths: Iterable[str]) -> list[Path]:
    """Files named, found under directories (recursively) or matched by globs, sorted and
    de-duplicated; only ``.json``/``.jsonl``/``.ndjson`` files are taken from directories."""
    found: dict[Path, None] = {}
    for spec in paths:
        matches = [Path(m) for m in sorted(glob.glob(spec, recursive=True))] or [Path(spec)]
        for match in matches:
            if match.is_dir():
                for path in sorted(match.rglob("*")):
                    if path.is_file() and path.suffix.lower() in SESSION_SUFFIXES:
                        found[path] = None
            elif match.is_file():
                found[match] = None
            else:
                raise UserError(f"no such file, directory or glob match: {spec}")
    if not found:
        raise UserError("no session files found in " + ", ".join(paths))
    return list(found)


def load_trajectories(paths: Sequence[Path]) -> tuple[list[Trajectory], list[str]]:
    """Every session of every file, and the ones skipped with why (a bad file is reported,
    not fatal: a directory of real transcripts always holds one)."""
    trajectories: list[Trajectory] = []
    skipped: list[str] = []
    names: set[str] = set()
    for path in paths:
        try:
            for number, session in enumerate(iter_sessions(path)):
                name = session.session_id or (path.stem if number == 0 else f"{path.stem}#{number}")
                while name in names:
                    name = f"{name}'"
                names.add(name)
                trajectories.append(Trajectory.from_messages(name, session.messages, session.tools))
        except Exception as exc:  # a broken file must not end the run
            skipped.append(f"{path}: {exc}")
            logger.warning("skipping %s: %s", path, exc)
    return trajectories, skipped


Progress = Callable[[str], None]
"""Called once per finished step (one trajectory through one peer: replay, canaries or
switches)."""
STEPS_PER_PEER = 3


def steps(config: EvalConfig, trajectories: Sequence[Trajectory]) -> int:
    """How many times :func:`run_evaluation` calls its progress callback."""
    return len(trajectories) * (1 + STEPS_PER_PEER * (1 + len(config.peers)))


def _open_peer(name: str, config: EvalConfig) -> tuple[Peer | None, PeerRun]:
    run = PeerRun(name=name)
    try:
        peer = create_peer(name, config.peer_settings())
    except PeerUnavailable as exc:
        run.status, run.reason = "unavailable", str(exc)
        return None, run
    except ImportError as exc:
        run.status = "unavailable"
        run.reason = f"its adapter or library is not installed here ({exc})"
        return None, run
    except Exception as exc:  # a broken adapter is reported, the others still run
        run.status, run.reason = "failed", f"{type(exc).__name__}: {exc}"
        return None, run
    run.needs_llm = bool(peer.needs_llm)
    return peer, run


def run_evaluation(
    trajectories: Sequence[Trajectory],
    config: EvalConfig,
    *,
    progress: Progress | None = None,
    peers: dict[str, Peer] | None = None,
) -> EvalRun:
    """Replay and canary every trajectory through packlight and each configured peer.

    ``peers`` may supply ready-made peers by name (tests use it); the others are created
    from the registry and closed at the end.
    """
    started = time.perf_counter()
    tick = progress or (lambda _: None)
    counter = evaluation_counter()
    baselines: dict[str, Baseline] = {}
    for trajectory in trajectories:
        baselines[trajectory.name] = baseline(trajectory, counter)
        tick(f"counted {trajectory.name}")
    probes = {t.name: probe_source(t) for t in trajectories}
    planted = {t.name: plant(list(t.messages), f"{config.seed}:{t.name}") for t in trajectories}
    switched = {
        t.name: plant_switch(list(t.messages), f"{config.seed}:{t.name}") for t in trajectories
    }
    truth = harness_truth(trajectories)
    runs: list[PeerRun] = []
    for name in (SUBJECT, *config.peers):
        given = (peers or {}).get(name)
        if given is not None:
            peer: Peer | None = given
            run = PeerRun(name=name, needs_llm=bool(given.needs_llm))
        else:
            peer, run = _open_peer(name, config)
        runs.append(run)
        peer_started = time.perf_counter()
        try:
            observed = ObservedPeer(peer, truth) if peer is not None else None
            for trajectory in trajectories:
                if observed is not None:
                    run.harness.append(observed.watch(trajectory.name))
                    run.replays.append(
                        replay(
                            trajectory,
                            observed,
                            counter=evaluation_counter(),
                            base=baselines[trajectory.name],
                            probes=probes[trajectory.name],
                        )
                    )
                tick(f"{name}: replayed {trajectory.name}")
                if peer is not None and planted[trajectory.name].canaries:
                    run.canaries.append(
                        run_canaries(
                            planted[trajectory.name],
                            peer,
                            name=trajectory.name,
                            rounds=config.rounds,
                            counter=counter,
                        )
                    )
                tick(f"{name}: canaries {trajectory.name}")
                if peer is not None and switched[trajectory.name].switch is not None:
                    run.switches.append(
                        run_switches(
                            switched[trajectory.name],
                            peer,
                            name=trajectory.name,
                            rounds=config.rounds,
                            harness=truth,
                        )
                    )
                tick(f"{name}: switches {trajectory.name}")
        finally:
            if peer is not None and given is None:
                peer.close()
        run.seconds = time.perf_counter() - peer_started
    return EvalRun(
        config=config,
        trajectories=list(trajectories),
        baselines=baselines,
        peers=runs,
        seconds=time.perf_counter() - started,
        harness=truth,
    )
