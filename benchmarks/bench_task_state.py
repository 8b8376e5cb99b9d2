"""Task state from the user's own words: what survives five compactions in a row.

Generated chat transcripts (``_task_state_corpus``: a system prompt, user/assistant turns, no
tool calls) plant typed statements (safety rules, hard constraints, facts, goal states,
preferences), supersede some of them later in other words, state look-alike pairs and add
decoys. Each transcript is compacted five times at a checkpoint budget of 10%, 20% and 30%
of its characters, with the full and the compact checkpoint frame, in two modes:

- ``recompact``: rounds 2-5 compact the previous round's output again (nothing new: the
  checkpoint should reach a fixed point);
- ``continue``: rounds 2-5 pass the previous checkpoint text as ``previous_checkpoint=``
  with a few new turns, some of which state, supersede or decoy a value.

Scores per round: survival (share of the current values found verbatim in the checkpoint),
stale values carried (a superseded value, in any spelling, anywhere in the checkpoint),
look-alike pairs with both current values kept, and whether the whole checkpoint text
(frame included) is within the budget in characters. Writes benchmarks/results/task_state.md
with --out.

    .venv/bin/python benchmarks/bench_task_state.py [--seeds 1,2,3] [--transcripts 8]
        [--out] [--quick] [--corpus {main,heldout,heldout_b,...,heldout_h}]

``--corpus heldout`` builds the transcripts from ``_task_state_templates_heldout`` (slots and
sentences written independently of the engine's rules) instead of ``_task_state_templates``;
``--corpus heldout_b`` uses ``_task_state_templates_heldout_b``, a second blind set,
``--corpus heldout_c`` uses ``_task_state_templates_heldout_c``, a third,
``--corpus heldout_d`` uses ``_task_state_templates_heldout_d``, a fourth (non-software
subjects: healthcare, travel, construction, legal, farming, ...), and ``--corpus heldout_e``
uses ``_task_state_templates_heldout_e``, a fifth (a ship's roster, a wedding, a lab's
freezers, a grant, a clinical trial, a newsroom embargo, a museum loan, a podcast, ...), and
``--corpus heldout_f`` uses ``_task_state_templates_heldout_f``, a sixth (half software and
data work in the style of the issue's benchmark, half a van, a dive school, a bike shop, a
brewery, a kiln, ...), and ``--corpus heldout_g`` and ``heldout_h`` the seventh and eighth
(a hospital ward, a school office, household money and ML operations; a restaurant, a law
firm, a factory floor and security operations), written blind on 2026-12-06 and measured
once as written (results/task_state.md).

Only names in ``packlight.__all__`` are used. Before ``context.checkpoint_chars`` and
``previous_checkpoint=`` exist, the run falls back to the engine as it is (a small context
window, ``keep_last=1``, "continue" appends the new turns to the previous output) and says so
at the top of the report: that run tests the plumbing, not the budget.
"""

from __future__ import annotations

import argparse
import inspect
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ROOT, machine_header, write_result
from _task_state_corpus import (
    CONTINUE_ROUNDS,
    Expected,
    Transcript,
    build_corpus,
    transcript_chars,
    use_templates,
)
from _task_state_templates import KINDS

Msg = dict[str, Any]
FRACTIONS = (0.10, 0.20, 0.30)
FRAMES = ("full", "compact")
MODES = ("recompact", "continue")
ROUNDS = 1 + CONTINUE_ROUNDS
ARTIFACT_ID = re.compile(r"artifact://[A-Za-z0-9_-]+")
"""Archive references get a new id per compaction; the fixed-point check ignores them."""
FALLBACK_WINDOW = 8_000
"""Context window (tokens) of the fallback engine: small enough that most turns compact."""


# --- scoring ------------------------------------------------------------------------------


@dataclass
class RoundScore:
    """One checkpoint against what it should hold."""

    planted: int = 0
    survived: int = 0
    by_kind: dict[str, list[int]] = field(default_factory=dict)
    """kind -> [planted, survived]."""
    stale_total: int = 0
    stale_carried: int = 0
    pairs_total: int = 0
    pairs_kept: int = 0
    decoyed_total: int = 0
    decoyed_kept: int = 0
    chars: int = 0
    budget: int = 0
    compacted: bool = True
    unchanged: bool = False
    """The checkpoint text is the previous round's, character for character (artifact ids
    aside)."""

    @property
    def over_budget(self) -> bool:
        return self.chars > self.budget


def score_checkpoint(
    text: str | None, expected: Expected, budget: int, *, compacted: bool = True
) -> RoundScore:
    """Survival is the exact value as the user wrote it (case and spelling); a stale value
    counts as carried in any of its spellings ("$800", "800 dollars", ...). A missing
    checkpoint keeps nothing and is not over budget."""
    body = text or ""
    score = RoundScore(chars=len(body), budget=budget, compacted=compacted and text is not None)
    kept = {slot: value in body for slot, (_kind, value) in expected.current.items()}
    for slot, (kind, _value) in expected.current.items():
        tally = score.by_kind.setdefault(kind, [0, 0])
        tally[0] += 1
        tally[1] += kept[slot]
    score.planted = len(kept)
    score.survived = sum(kept.values())
    score.stale_total = len(expected.stale)
    score.stale_carried = sum(
        any(form in body for form in value.forms) for _slot, value in expected.stale
    )
    score.pairs_total = len(expected.pairs)
    score.pairs_kept = sum(kept[a] and kept[b] for a, b in expected.pairs)
    score.decoyed_total = len(expected.decoyed)
    score.decoyed_kept = sum(kept[slot] for slot in expected.decoyed)
    return score


# --- the engine, through packlight.__all__ only -------------------------------------------


@dataclass(frozen=True)
class Api:
    """What the installed packlight offers: the planned budget settings and
    ``previous_checkpoint=``, or neither (the fallback)."""

    budget_settings: bool
    previous_kwarg: bool

    @classmethod
    def detect(cls) -> Api:
        from packlight import ConfigError, ContextCompressor, load_settings

        try:
            load_settings({"context.checkpoint_chars": 1_000, "context.checkpoint_frame": "full"})
            budget_settings = True
        except ConfigError:
            budget_settings = False
        parameters = inspect.signature(ContextCompressor.compress).parameters
        return cls(budget_settings, "previous_checkpoint" in parameters)

    @property
    def description(self) -> str:
        if self.budget_settings and self.previous_kwarg:
            return (
                "packlight.__all__ only: `ContextCompressor(settings=load_settings("
                "{context.checkpoint_chars, context.checkpoint_frame}))`, "
                "`compress(force=True, keep_last=0, previous_checkpoint=...)`"
            )
        missing = [
            name
            for name, present in (
                ("context.checkpoint_chars/checkpoint_frame", self.budget_settings),
                ("previous_checkpoint=", self.previous_kwarg),
            )
            if not present
        ]
        return (
            f"FALLBACK: this tree lacks {', '.join(missing)}; "
            + (
                "budget and frame settings used"
                if self.budget_settings
                else f"default settings at a {FALLBACK_WINDOW:,}-token window, `keep_last=1`, "
                "the budget is not passed to the engine"
            )
            + (
                ""
                if self.previous_kwarg
                else "; continue mode appends the new turns to the previous output"
            )
            + ". The numbers test the plumbing, not the feature."
        )

    def frames(self) -> tuple[str, ...]:
        return FRAMES if self.budget_settings else ("default",)

    def engine(self, budget_chars: int, frame: str) -> Any:
        from packlight import ContextCompressor, load_settings

        if self.budget_settings:
            settings = load_settings(
                {"context.checkpoint_chars": budget_chars, "context.checkpoint_frame": frame}
            )
        else:
            settings = load_settings({"context.context_window": FALLBACK_WINDOW})
        return ContextCompressor(settings=settings)

    def compact(
        self, engine: Any, messages: Sequence[Msg], previous: str | None
    ) -> tuple[str | None, list[Msg]]:
        keep_last = 0 if self.budget_settings else 1
        if previous is not None and self.previous_kwarg:
            result = engine.compress(
                messages, force=True, keep_last=keep_last, previous_checkpoint=previous
            )
        else:
            result = engine.compress(messages, force=True, keep_last=keep_last)
        return result.checkpoint, list(result.messages)


def same_apart_from_ids(a: str | None, b: str | None) -> bool:
    if a is None or b is None:
        return a is b
    return ARTIFACT_ID.sub("artifact://", a) == ARTIFACT_ID.sub("artifact://", b)


def run_chain(
    api: Api, transcript: Transcript, fraction: float, frame: str, mode: str
) -> list[RoundScore]:
    """Five rounds on one fresh engine; a round that compacts nothing keeps the previous
    checkpoint (scored again, and counted as not compacted)."""
    budget = int(transcript_chars(transcript.messages) * fraction)
    engine = api.engine(budget, frame)
    text, messages = api.compact(engine, transcript.messages, None)
    scores = [score_checkpoint(text, transcript.expected(0), budget)]
    system = transcript.messages[0]
    for round_ in range(1, ROUNDS):
        if mode == "recompact":
            new_text, new_messages = api.compact(engine, messages, None)
            expected = transcript.expected(0)
        else:
            added = transcript.additions[round_ - 1]
            if api.previous_kwarg and text is not None:
                new_text, new_messages = api.compact(engine, [system, *added], text)
            else:
                new_text, new_messages = api.compact(engine, [*messages, *added], None)
            expected = transcript.expected(round_)
        compacted = new_text is not None
        unchanged = not compacted or same_apart_from_ids(new_text, text)
        if compacted:
            text, messages = new_text, new_messages
        score = score_checkpoint(text, expected, budget, compacted=compacted)
        score.unchanged = unchanged
        scores.append(score)
    return scores


# --- the report ---------------------------------------------------------------------------


def pct(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "-"


def summarize(chains: list[list[RoundScore]]) -> dict[str, Any]:
    first = [chain[0] for chain in chains]
    last = [chain[-1] for chain in chains]
    every = [score for chain in chains for score in chain]

    def total(scores: list[RoundScore], name: str) -> int:
        return sum(getattr(score, name) for score in scores)

    def kind_share(scores: list[RoundScore], kind: str) -> str:
        planted = sum(s.by_kind.get(kind, [0, 0])[0] for s in scores)
        return pct(sum(s.by_kind.get(kind, [0, 0])[1] for s in scores), planted)

    return {
        "survival_1": pct(total(first, "survived"), total(first, "planted")),
        "survival_5": pct(total(last, "survived"), total(last, "planted")),
        "kinds": {kind: (kind_share(first, kind), kind_share(last, kind)) for kind in KINDS},
        "stale_1": f"{total(first, 'stale_carried')}/{total(first, 'stale_total')}",
        "stale_5": f"{total(last, 'stale_carried')}/{total(last, 'stale_total')}",
        "pairs_1": f"{total(first, 'pairs_kept')}/{total(first, 'pairs_total')}",
        "pairs_5": f"{total(last, 'pairs_kept')}/{total(last, 'pairs_total')}",
        "decoyed_5": f"{total(last, 'decoyed_kept')}/{total(last, 'decoyed_total')}",
        "over": f"{sum(s.over_budget for s in every)}/{len(every)}",
        "skipped": f"{sum(not s.compacted for s in every)}/{len(every)}",
        "unchanged": f"{sum(s.unchanged for c in chains for s in c[1:])}/"
        f"{sum(len(c) - 1 for c in chains)}",
        "chars": statistics.mean(s.chars for s in every),
        "budget": statistics.mean(s.budget for s in every),
        "ratio": statistics.mean(s.chars / s.budget for s in every if s.budget),
    }


def _git(*arguments: str) -> str:
    done = subprocess.run(
        ["git", *arguments], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return done.stdout.strip()


def commit() -> str:
    dirty = _git("status", "--porcelain", "--untracked-files=no")
    suffix = " (working tree has uncommitted changes)" if dirty else ""
    return (_git("rev-parse", "--short", "HEAD") or "unknown") + suffix


def report(
    api: Api,
    corpus: list[Transcript],
    results: dict[tuple[float, str, str], list[list[RoundScore]]],
    seeds: list[int],
    seconds: float,
    corpus_name: str = "main",
) -> str:
    chars = [transcript_chars(t.messages) for t in corpus]
    planted = [len(t.expected(0).current) for t in corpus]
    superseded = sum(len(t.expected(CONTINUE_ROUNDS).stale) for t in corpus)
    templates = set().union(*(t.templates for t in corpus))
    lines = [
        machine_header("Task state from the user's own words: five compactions in a row"),
        f"- commit: `{commit()}`",
        f"- command: `{' '.join([Path(sys.argv[0]).name, *sys.argv[1:]])}`",
        f"- engine: {api.description}",
        f"- corpus: `{corpus_name}`, seeds {', '.join(map(str, seeds))}; {len(corpus)} transcripts "
        f"({len(corpus) // max(len(seeds), 1)} per seed), {min(chars):,}-{max(chars):,} "
        f"characters (mean {statistics.mean(chars):,.0f}), {sum(planted)} slots planted "
        f"before round 1, {superseded} superseded values by round 5, "
        f"{len(templates)} distinct templates used",
        f"- run time: {seconds:.1f} s",
        "",
        "| budget | frame | mode | survival r1 | r5 | stale carried r1 | r5 | pairs kept r1 | r5 "
        "| decoyed slots kept r5 | rounds over budget | not compacted | unchanged r2-r5 "
        "| mean chars / budget |",
        "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    summaries = {key: summarize(chains) for key, chains in results.items()}
    for (fraction, frame, mode), s in summaries.items():
        lines.append(
            f"| {fraction:.0%} | {frame} | {mode} | {s['survival_1']} | {s['survival_5']} | "
            f"{s['stale_1']} | {s['stale_5']} | {s['pairs_1']} | {s['pairs_5']} | "
            f"{s['decoyed_5']} | {s['over']} | {s['skipped']} | {s['unchanged']} | "
            f"{s['chars']:,.0f} / {s['budget']:,.0f} ({s['ratio']:.2f}) |"
        )
    lines += [
        "",
        "Survival by statement type, round 1 → round 5:",
        "",
        "| budget | frame | mode | " + " | ".join(KINDS) + " |",
        "|---|---|---|" + "--:|" * len(KINDS),
    ]
    for (fraction, frame, mode), s in summaries.items():
        cells = " | ".join(f"{a} → {b}" for a, b in (s["kinds"][kind] for kind in KINDS))
        lines.append(f"| {fraction:.0%} | {frame} | {mode} | {cells} |")
    lines += [
        "",
        "`survival`: current values (as the user last wrote them, exact substring) found in "
        "the checkpoint text, over all values planted so far (in `continue` mode round 5 "
        "also counts the values stated or superseded in the added turns). `stale carried`: "
        "superseded values found anywhere in the checkpoint, in any spelling of them, over "
        "the superseded values so far. `pairs kept`: look-alike pairs (production/staging "
        "database host, project/conference spending cap, API/admin port, deploy/backup "
        "region) with both current values in the checkpoint. `decoyed slots kept`: slots "
        "followed by a sentence that only looks like an update (a question, a colleague's "
        'preference, a banner to ignore, "still being tuned") whose current value '
        "survived. `rounds over budget`: rounds whose whole checkpoint text, frame "
        "included, is longer than the budget in characters, over all rounds. `not "
        "compacted`: rounds where the engine returned no checkpoint (the previous one is "
        "scored again). `unchanged r2-r5`: later rounds whose checkpoint is the previous one "
        "character for character, artifact ids aside (in `recompact` mode, the fixed "
        "point). The budget is the fraction of the round-1 transcript's characters.",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1,2,3,4,5", help="corpus seeds, comma-separated")
    parser.add_argument("--transcripts", type=int, default=8, help="transcripts per seed")
    parser.add_argument("--out", action="store_true", help="write results/task_state.md")
    parser.add_argument("--quick", action="store_true", help="one seed, two transcripts")
    parser.add_argument(
        "--corpus",
        choices=(
            "main",
            "heldout",
            "heldout_b",
            "heldout_c",
            "heldout_d",
            "heldout_e",
            "heldout_f",
            "heldout_g",
            "heldout_h",
        ),
        default="main",
        help="template set: the main corpus or one of the held-out ones",
    )
    args = parser.parse_args()
    if args.out and args.corpus != "main":
        parser.error("--out writes results/task_state.md, which is for the main corpus only")
    use_templates(args.corpus)
    seeds = [1] if args.quick else [int(s) for s in args.seeds.split(",") if s.strip()]
    per_seed = 2 if args.quick else args.transcripts
    started = time.perf_counter()
    api = Api.detect()
    corpus = [t for seed in seeds for t in build_corpus(seed, per_seed)]
    results: dict[tuple[float, str, str], list[list[RoundScore]]] = {}
    for fraction in FRACTIONS:
        for frame in api.frames():
            for mode in MODES:
                results[(fraction, frame, mode)] = [
                    run_chain(api, transcript, fraction, frame, mode) for transcript in corpus
                ]
    text = report(api, corpus, results, seeds, time.perf_counter() - started, args.corpus)
    print(text)
    if args.out:
        print(f"wrote {write_result('task_state.md', text)}")


if __name__ == "__main__":
    main()
