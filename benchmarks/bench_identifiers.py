"""Critical identifiers after one forced compaction: how many of the ledger's identifiers the
checkpoint carries, and whether the checkpoint keeps to its token budget, side by side for
this tree and a baseline revision (by default the one before the critical-identifier list).

Every session of the shared data: the mini-swe-agent trajectories at a 32,000-token window,
the tau-bench ones at 8,000 (most of them are 2K-13K tokens; smaller windows make them
compact). Writes benchmarks/results/identifiers.md.

    .venv/bin/python benchmarks/bench_identifiers.py [--data DIR] [--baseline REV]

The baseline runs from a temporary ``git worktree`` of ``REV`` in a subprocess, so both
columns come from one run on one machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DEFAULT_DATA, ROOT, iter_sessions, machine_header, write_result

WINDOWS = {"mini-swe-agent": 32_000, "tau-bench": 8_000}
OVER_BUDGET = 1.10
"""The target: a checkpoint within its budget plus 10%."""


def dataset_of(session_id: str) -> str:
    return "tau-bench" if session_id.startswith("tau-bench") else "mini-swe-agent"


def measure(data: Path) -> list[dict[str, Any]]:
    """One row per session, from whichever ``packlight`` is on the path."""
    from packlight.compressor.engine import ContextCompressor
    from packlight.messages import is_summary, message_text, packlight_meta

    rows: list[dict[str, Any]] = []
    for session in iter_sessions(data):
        dataset = dataset_of(session["id"])
        engine = ContextCompressor(model="gpt-4o", context_window=WINDOWS[dataset])
        result = engine.compress(session["messages"], force=True)
        checkpoint = next((m for m in result.messages if is_summary(m)), None)
        if checkpoint is None:
            rows.append({"id": session["id"], "dataset": dataset, "compacted": False})
            continue
        ledger = packlight_meta(checkpoint)["ledger"]
        values = [item["value"] for item in ledger["identifiers"]]
        text = message_text(checkpoint)
        stage = next(s for s in result.stages if s.name == "checkpoint")
        rows.append(
            {
                "id": session["id"],
                "dataset": dataset,
                "compacted": True,
                "identifiers": len(values),
                "other": len(ledger.get("other_identifiers", [])),
                "present": sum(value in text for value in values),
                "tokens": stage.details["tokens"],
                "budget": stage.details["budget"],
                "fits": result.fits,
            }
        )
    return rows


def measure_revision(revision: str, data: Path) -> list[dict[str, Any]]:
    """:func:`measure` run against ``revision``'s sources, in a subprocess."""
    with tempfile.TemporaryDirectory(prefix="packlight-baseline-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "--quiet", str(tree), revision],
            cwd=ROOT,
            check=True,
        )
        try:
            env = {**os.environ, "PYTHONPATH": str(tree / "src")}
            out = subprocess.run(
                [sys.executable, __file__, "--measure-only", "--data", str(data)],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True
            )
    result: list[dict[str, Any]] = json.loads(out)
    return result


def default_baseline() -> str:
    """The revision before the one that added the critical-identifier module."""
    added = subprocess.run(
        [
            "git",
            "log",
            "--diff-filter=A",
            "--format=%H",
            "--",
            "src/packlight/compressor/critical.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return f"{added[-1]}^" if added else "HEAD"


def summary(rows: list[dict[str, Any]], dataset: str) -> dict[str, Any]:
    mine = [r for r in rows if r["dataset"] == dataset]
    done = [r for r in mine if r["compacted"]]
    identifiers = sum(r["identifiers"] for r in done)
    present = sum(r["present"] for r in done)
    ratios = [r["tokens"] / r["budget"] for r in done if r["budget"]]
    return {
        "sessions": len(mine),
        "compacted": len(done),
        "identifiers": identifiers,
        "per_session": f"{min(r['identifiers'] for r in done)}-"
        f"{max(r['identifiers'] for r in done)}"
        if done
        else "-",
        "other": sum(r.get("other", 0) for r in done),
        "present": present,
        "share": present / identifiers if identifiers else 1.0,
        "all_present": sum(r["present"] == r["identifiers"] for r in done),
        "max_ratio": max(ratios, default=0.0),
        "mean_ratio": sum(ratios) / len(ratios) if ratios else 0.0,
        "over": sum(ratio > OVER_BUDGET for ratio in ratios),
        "budget": sorted({r["budget"] for r in done}),
        "fits": sum(r["fits"] for r in done),
    }


def report(before: list[dict[str, Any]], after: list[dict[str, Any]], baseline: str) -> str:
    lines = [
        machine_header("Critical identifiers in the checkpoint"),
        f"- baseline: `{baseline}`; after: this tree",
        "- one forced compaction per session; mini-swe-agent at a 32,000-token window, "
        "tau-bench at 8,000",
        "",
        "| data | version | compacted | ledger identifiers (per session) | in the checkpoint "
        "| sessions with all | tokens / budget: max | mean | over +10% | budgets | fit |",
        "|---|---|--:|--:|--:|--:|--:|--:|--:|---|--:|",
    ]
    for dataset in WINDOWS:
        for label, rows in (("before", before), ("after", after)):
            s = summary(rows, dataset)
            lines.append(
                f"| {dataset} | {label} | {s['compacted']}/{s['sessions']} | "
                f"{s['identifiers']:,} ({s['per_session']}) | {s['present']:,} "
                f"({s['share']:.1%}) | {s['all_present']}/{s['compacted']} | "
                f"{s['max_ratio']:.3f} | {s['mean_ratio']:.3f} | {s['over']} | "
                f"{', '.join(map(str, s['budget']))} | {s['fits']}/{s['compacted']} |"
            )
    lines += [
        "",
        "`ledger identifiers`: the checkpoint ledger's `identifiers` (after: the critical list, "
        "noise removed, one name per file, ranked and capped by the budget; the rest is in "
        "`other_identifiers`, archived with the ledger). `in the checkpoint`: how many of them "
        "appear verbatim in the checkpoint text. `tokens / budget`: the checkpoint's tokens "
        "over the budget the engine gave it. `fit`: the compacted transcript is under the "
        "compaction threshold. Artifact ids are keyed per engine, so a checkpoint's token "
        "count moves by a few tokens from run to run (and with it what optional items fit).",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--baseline", default=None, help="git revision to compare against")
    parser.add_argument("--measure-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure_only:
        json.dump(measure(args.data), sys.stdout)
        return
    baseline = args.baseline or default_baseline()
    before = measure_revision(baseline, args.data)
    after = measure(args.data)
    text = report(before, after, baseline)
    print(text)
    print(f"wrote {write_result('identifiers.md', text)}")


if __name__ == "__main__":
    main()
