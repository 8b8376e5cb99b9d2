"""Task switches, stops and resumes written by other authors, planted in real sessions and
compacted round after round: is each kept whole, and does the checkpoint name the right task?

``packlight eval``'s task-switch probe plants messages from packlight's own generator, which
the classifier was tuned against. This benchmark runs the same probe end to end (the probe's
:func:`~packlight.evaluation.switch_probe.plant_turns`, ``run_switches`` and
``score_switch``, packlight's default engine with the deterministic summarizer, no model) on
the messages of the blind turn corpora ``benchmarks/_turns_corpus_a.py`` .. ``_ae.py``:

- ``switch``: a corpus switch message, planted at a point drawn between 25% and 75% of the
  session;
- ``stop``: a corpus stop message (it halts the task and asks for nothing new), planted the
  same way;
- ``resume``: a corpus switch message, then later a corpus resume message of the same corpus.

Sessions: a few of the shared mini-swe-agent runs, compacted with a 32K and a 16K window, and
a few of the longer tau-bench airline sessions with an 8K window (``../shared/data``, or
``--data``). Each planted copy is compacted ``--rounds`` times (``prepare(force=True)``, a
short exchange between rounds) and every round is scored as the probe scores it:

``whole``
    every sentence of every planted message is in the context (sentences split at ``.!?``
    and line breaks, whitespace collapsed);
``in force``
    the checkpoint's Active Task or Goal names the new task (after a switch: the corpus
    marker where the corpus gives one, else the switch message's opening) or, after a
    resume, the session's original task. **After a stop nothing new is asked, so nothing has
    to be named: ``n/a``** (an Active Task pointing at the stop message itself, i.e.
    "awaiting instructions", is right, and so is naming no task at all);
``stopped not active``
    the Active Task and Goal, the planted messages' own words taken out, do not present the
    stopped task as the task: the session's original task after a switch or a stop, the side
    task after a resume;
``all three``
    all of them (for a stop: ``whole`` and ``stopped not active``).

The corpus messages name their own tasks ("drop the cache test thing"), not the session's:
they are planted as written, as a person's message about another task would be. The session's
first user message is the original task either way. A resume whose session has no room after
the switch is not planted (counted as skipped).

``d`` to ``ae`` were written blind; ``e``, ``f``, ``k``, ``l``, ``m`` to ``p``, ``w`` and
``aa`` to ``ae`` are held out (``bench_turns.HELD_OUT``): their failures are never shown and they
are never trained on (``g`` to ``j``, measured once each on 2026-12-04, ``q`` to ``t``,
measured once each on 2026-12-05, and ``u``, ``v``, ``x``, ``y`` and ``z``, measured once each
on 2026-12-06, are in the learned model's training data since). ``--show-failures`` prints a
few failing rounds per corpus and kind, truncated, to stdout only, for the other corpora.

    .venv/bin/python benchmarks/bench_switch_e2e.py [--corpus a,b,c,...,x]
        [--sessions 4] [--cases 3] [--rounds 5] [--seeds 0] [--show-failures]
        [--out | --out-dir DIR]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DEFAULT_DATA, machine_header, write_result
from bench_turns import CORPORA as TURN_CORPORA
from bench_turns import HELD_OUT
from packlight.evaluation.harness_probe import HarnessTruth, harness_truth
from packlight.evaluation.peers import PeerSettings, create_peer
from packlight.evaluation.peers.base import Peer, PeerOutcome
from packlight.evaluation.replay import Trajectory
from packlight.evaluation.run import load_trajectories
from packlight.evaluation.switch_probe import SwitchCheck, plant_turns, run_switches
from packlight.evaluation.switches import PlantedKind, PlantedTurn
from packlight.evaluation.task_sections import task_view
from packlight.evaluation.visibility import sent
from packlight.messages import Message

CORPORA = {name: generate for name, generate in TURN_CORPORA.items() if name != "eval"}
"""Corpora whose failures nobody working on the classifier may read: ``--show-failures``
skips them."""
KINDS = ("switch", "stop", "resume")
MODEL = "gpt-4o"


@dataclass(frozen=True, slots=True)
class Setting:
    """A set of sessions and the window they are compacted at."""

    source: str
    window: int

    @property
    def label(self) -> str:
        return f"{self.source} @ {self.window // 1000}K"


SETTINGS = (
    Setting("mini-swe-agent", 32_000),
    Setting("mini-swe-agent", 16_000),
    Setting("tau-bench", 8_000),
)
TAU_MIN_MESSAGES = 24
"""Shorter tau-bench sessions leave no room for a resume after the switch."""
SENTENCE_BREAK = re.compile(r"(?<=[.!?…])\s+|\s*\n\s*")


# --- the planted turns (pure) -----------------------------------------------------------------


def sentences_of(text: str) -> tuple[str, ...]:
    """The sentences of a corpus message: split after ``.!?…`` and at line breaks."""
    return tuple(part.strip() for part in SENTENCE_BREAK.split(text) if part.strip())


def planted_turn(case: dict[str, Any], kind: PlantedKind) -> PlantedTurn:
    """A corpus case as the probe plants it; corpus a's marker of the new task (a code only
    the new task carries) is its token when the message holds it."""
    text = str(case["text"])
    marker = case.get("new_task_marker")
    token = str(marker) if marker and str(marker) in text else None
    return PlantedTurn(kind=kind, text=text, sentences=sentences_of(text), new_task_token=token)


@dataclass(frozen=True, slots=True)
class Plant:
    """What one planted copy gets: the kind scored, the switch or stop, maybe a resume."""

    kind: str
    first: PlantedTurn
    resume: PlantedTurn | None = None


def draw_plants(cases: Sequence[dict[str, Any]], rng: random.Random, count: int) -> list[Plant]:
    """``count`` plants of each kind, their messages drawn from ``cases`` without repeats
    within a kind (the pool is reshuffled when it runs out)."""
    by_kind = {kind: [c for c in cases if c["kind"] == kind] for kind in KINDS}
    pools: dict[str, list[dict[str, Any]]] = {}

    def draw(kind: str) -> dict[str, Any]:
        if not pools.get(kind):
            pools[kind] = rng.sample(by_kind[kind], len(by_kind[kind]))
        return pools[kind].pop()

    plants: list[Plant] = []
    for _ in range(count):
        plants.append(Plant("switch", planted_turn(draw("switch"), "switch")))
        plants.append(Plant("stop", planted_turn(draw("stop"), "stop")))
        side = planted_turn(draw("switch"), "switch")
        plants.append(Plant("resume", side, planted_turn(draw("resume"), "resume")))
    return plants


# --- running ------------------------------------------------------------------------------


class RecordingPeer:
    """packlight's peer, keeping what each round returned (to show a failure's task
    sections)."""

    def __init__(self, window: int) -> None:
        self.inner: Peer = create_peer(
            "packlight", PeerSettings(model=MODEL, context_window=window)
        )
        self.outputs: list[list[Message]] = []

    @property
    def name(self) -> str:
        return str(self.inner.name)

    @property
    def needs_llm(self) -> bool:
        return False

    def reset(self) -> None:
        self.outputs = []
        self.inner.reset()

    def prepare(self, history: Sequence[Message], *, force: bool = False) -> PeerOutcome:
        outcome = self.inner.prepare(history, force=force)
        self.outputs.append(list(outcome.messages))
        return outcome

    def close(self) -> None:
        self.inner.close()


@dataclass(frozen=True, slots=True)
class Scored:
    """One round of one planted copy."""

    corpus: str
    copy: str
    """Which planted copy the round belongs to (its planting seed)."""
    kind: str
    setting: Setting
    session: str
    round: int
    compacted: bool
    check: SwitchCheck
    plant: Plant
    sections: str
    """The Active Task and Goal items the round's context held."""


def run_plant(
    corpus: str,
    plant: Plant,
    trajectory: Trajectory,
    setting: Setting,
    *,
    seed: str,
    rounds: int,
    truth: HarnessTruth,
) -> list[Scored] | None:
    """The scored rounds of one planted copy; ``None`` when it could not be planted as
    asked (no room for the resume)."""
    plan = plant_turns(list(trajectory.messages), seed, plant.first, plant.resume)
    if plan.switch is None or (plant.resume is not None and plan.resume is None):
        return None
    peer = RecordingPeer(setting.window)
    run = run_switches(plan, peer, name=trajectory.name, rounds=rounds, harness=truth)
    if run.errors:
        raise RuntimeError(f"{trajectory.name}: {run.errors}")
    scored = []
    for number, (check, compacted, output) in enumerate(
        zip(run.rounds, run.compacted, peer.outputs, strict=True), start=1
    ):
        view = task_view(sent(output), set())
        sections = view.text if view is not None else "(no task sections)"
        scored.append(
            Scored(
                corpus,
                seed,
                plant.kind,
                setting,
                trajectory.name,
                number,
                compacted,
                check,
                plant,
                sections,
            )
        )
    return scored


def pick_sessions(
    trajectories: Sequence[Trajectory], count: int, seed: int
) -> dict[str, list[Trajectory]]:
    """``count`` sessions of each source, drawn by ``seed`` (the same for every corpus)."""
    rng = random.Random(f"sessions:{seed}")
    mini = [t for t in trajectories if t.name.startswith("mini-swe-agent")]
    tau = [
        t
        for t in trajectories
        if t.name.startswith("tau-bench") and len(t.messages) >= TAU_MIN_MESSAGES
    ]
    return {
        "mini-swe-agent": rng.sample(mini, min(count, len(mini))),
        "tau-bench": rng.sample(tau, min(count, len(tau))),
    }


def run_corpus(
    corpus: str,
    sessions: dict[str, list[Trajectory]],
    *,
    cases: int,
    rounds: int,
    seed: int,
    truth: HarnessTruth,
) -> tuple[list[Scored], int]:
    """Every round of every planted copy for ``corpus``, and how many plants were skipped."""
    rng = random.Random(f"plants:{corpus}:{seed}")
    texts = CORPORA[corpus](seed)
    scored: list[Scored] = []
    skipped = 0
    for setting in SETTINGS:
        for trajectory in sessions[setting.source]:
            for number, plant in enumerate(draw_plants(texts, rng, cases)):
                plant_seed = f"{seed}:{corpus}:{setting.window}:{number}:{trajectory.name}"
                done = run_plant(
                    corpus, plant, trajectory, setting, seed=plant_seed, rounds=rounds, truth=truth
                )
                if done is None:
                    skipped += 1
                else:
                    scored += done
    return scored, skipped


# --- the report (pure) ---------------------------------------------------------------------


def _share(hits: int, total: int) -> str:
    return f"{hits}/{total} ({hits / total:.0%})" if total else "n/a"


def _count(values: Iterable[bool | None]) -> str:
    known = [v for v in values if v is not None]
    return _share(sum(known), len(known))


def table(corpus: str, scored: Sequence[Scored], skipped: int) -> list[str]:
    """Per kind and setting: rounds, how many compacted, and each property's count."""
    lines = [
        f"### corpus {corpus}",
        "",
        "| kind | sessions @ window | copies | rounds | compacted | whole | in force "
        "| stopped not active | all three |",
        "|---|---|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for kind in KINDS:
        of_kind = [s for s in scored if s.kind == kind]
        groups = [(s.label, [x for x in of_kind if x.setting == s]) for s in SETTINGS]
        for label, rows in [*groups, (f"**all {kind}**", of_kind)]:
            copies = len({r.copy for r in rows})
            in_force = "n/a" if kind == "stop" else _count(r.check.in_force for r in rows)
            lines.append(
                f"| {kind} | {label} | {copies} | {len(rows)} | "
                f"{sum(r.compacted for r in rows)} | {_count(r.check.whole for r in rows)} | "
                f"{in_force} | {_count(r.check.stopped_not_active for r in rows)} | "
                f"{_count(r.check.all_three for r in rows)} |"
            )
    everything = _count(s.check.all_three for s in scored)
    lines += ["", f"All three over every round of corpus {corpus}: {everything}."]
    if skipped:
        lines.append(f"{skipped} plants skipped (no room for the resume after the switch).")
    lines.append("")
    return lines


def _clip(text: str, chars: int) -> str:
    line = " ".join(text.split())
    return line if len(line) <= chars else line[: chars - 1] + "…"


def failures(scored: Sequence[Scored], per_kind: int) -> list[str]:
    """A few failing rounds per kind (the first failing round of each copy), truncated."""
    lines: list[str] = []
    for kind in KINDS:
        seen: set[str] = set()
        shown = 0
        for s in scored:
            if s.kind != kind or s.check.all_three is not False or s.copy in seen:
                continue
            seen.add(s.copy)
            if shown == per_kind:
                break
            shown += 1
            failed = [
                name
                for name, value in (
                    ("whole", s.check.whole),
                    ("in force", s.check.in_force),
                    ("stopped not active", s.check.stopped_not_active),
                )
                if value is False
            ]
            lines.append(
                f"- [{s.corpus}/{kind}] {s.session} {s.setting.label} round {s.round}: "
                f"failed {', '.join(failed)}"
            )
            lines.append(f"    planted: {_clip(s.plant.first.text, 160)}")
            if s.plant.resume is not None:
                lines.append(f"    resume:  {_clip(s.plant.resume.text, 160)}")
            lines.append(f"    sections: {_clip(s.sections, 300)}")
    return lines


# --- command line ---------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--corpus", default="a,b,c,d,e", help="corpora, comma-separated")
    parser.add_argument("--sessions", type=int, default=4, help="sessions per source")
    parser.add_argument("--cases", type=int, default=3, help="plants per kind, session and window")
    parser.add_argument("--rounds", type=int, default=5, help="forced compactions per copy")
    parser.add_argument("--seeds", default="0", help="seeds, comma-separated")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared data folder")
    parser.add_argument("--show-failures", action="store_true", help="print a few failures")
    parser.add_argument("--out", action="store_true", help="write results/switch_e2e.md")
    parser.add_argument("--out-dir", type=Path, help="write switch_e2e.md into this folder")
    args = parser.parse_args()
    corpora = [c.strip() for c in args.corpus.split(",") if c.strip()]
    unknown = [c for c in corpora if c not in CORPORA]
    if unknown:
        sys.exit(f"unknown corpus {', '.join(unknown)}; known: {', '.join(CORPORA)}")
    seeds = [int(seed) for seed in args.seeds.split(",")]
    root = args.data / "trajectories"
    paths = sorted((root / "mini-swe-agent").glob("*.json"))
    paths += [root / "tau-bench-airline.jsonl"]
    trajectories, _ = load_trajectories([p for p in paths if p.exists()])
    truth = harness_truth(trajectories)
    started = time.perf_counter()
    lines = [machine_header("Task switches from the blind corpora, planted and compacted")]
    lines += [
        "",
        f"Seeds {', '.join(map(str, seeds))}; {args.sessions} sessions per source, "
        f"{args.cases} plants per kind, session and window, {args.rounds} forced compactions "
        "each, every round scored; packlight's default engine, deterministic summarizer. "
        "`in force` is n/a after a stop (nothing new asked); a stop's `all three` is whole and "
        "stopped not active. See the docstring of benchmarks/bench_switch_e2e.py.",
        "",
    ]
    shown: list[str] = []
    for corpus in corpora:
        scored: list[Scored] = []
        skipped = 0
        for seed in seeds:
            sessions = pick_sessions(trajectories, args.sessions, seed)
            found, missed = run_corpus(
                corpus, sessions, cases=args.cases, rounds=args.rounds, seed=seed, truth=truth
            )
            scored += found
            skipped += missed
        lines += table(corpus, scored, skipped)
        if args.show_failures and corpus in HELD_OUT:
            shown += [f"## failures, corpus {corpus}: held out, not shown", ""]
        elif args.show_failures:
            shown += [f"## failures, corpus {corpus}", *failures(scored, 3), ""]
    lines.append(f"Ran in {time.perf_counter() - started:.0f} s.")
    text = "\n".join(lines)
    print(text)
    if shown:
        print("\n".join(["", *shown]))
    if args.out:
        write_result("switch_e2e.md", text + "\n")
    if args.out_dir:
        args.out_dir.mkdir(parents=True, exist_ok=True)
        (args.out_dir / "switch_e2e.md").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
