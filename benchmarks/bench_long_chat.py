"""A long chat's first compaction: hundreds of a person's statements, one compaction.

A session of many user turns (a person planning with an assistant for hours) gives the
ledger one statement after another, each linked against every statement still in force,
and gives the task tracker one turn after another. This measures the first compaction (new
engine, memos cleared) of chats built from the generated transcripts of
``_task_state_corpus`` (corpus ``heldout_e``) laid end to end, at 5 to 40 transcripts
(about 220 to 1,760 user messages), compact frame, 20,000-character checkpoint budget:
CPU time, min and median of ``--runs``. With ``--against DIR`` (another checkout's
``src``), the same in a process of that tree, interleaved run by run, and the ratio.

    .venv/bin/python benchmarks/bench_long_chat.py [--runs 3] [--against /path/to/src]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ROOT, machine_header

SIZES = (5, 10, 20, 40)


def measure(transcripts: int) -> tuple[int, float]:
    """User messages of the chat, and the CPU seconds of its first compaction."""
    import time

    import _task_state_corpus as corpus
    from packlight import ContextCompressor, load_settings
    from packlight.compressor import clear_caches

    corpus.use_templates("heldout_e")
    built = [t for seed in (1, 2, 3, 4, 5) for t in corpus.build_corpus(seed, 8)]
    messages = [built[0].messages[0]]
    for transcript in built[:transcripts]:
        messages += transcript.messages[1:]
    settings = load_settings(
        {"context.checkpoint_chars": 20_000, "context.checkpoint_frame": "compact"}
    )
    clear_caches()
    started = time.process_time()
    ContextCompressor(settings=settings).compress(messages, force=True, keep_last=0)
    return sum(m["role"] == "user" for m in messages), time.process_time() - started


def run_in(src: Path, transcripts: int) -> tuple[int, float]:
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{ROOT / 'benchmarks'}"}
    out = subprocess.run(
        [sys.executable, __file__, "--one", str(transcripts)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    users, seconds = json.loads(out)
    return int(users), float(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another tree's src folder")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one)))
        return
    trees = {"this tree": ROOT / "src"}
    if args.against:
        trees["--against"] = args.against
    print(machine_header("A long chat's first compaction"))
    header = "| transcripts | user messages | " + " | ".join(
        f"{name} CPU s min / median" for name in trees
    )
    print(header + (" | ratio (median) |" if args.against else " |"))
    print("|" + "---:|" * (2 + len(trees) + (1 if args.against else 0)))
    for size in SIZES:
        times: dict[str, list[float]] = {name: [] for name in trees}
        users = 0
        for run in range(args.runs):
            order = list(trees.items()) if run % 2 == 0 else list(reversed(trees.items()))
            for name, src in order:
                users, seconds = run_in(src, size)
                times[name].append(seconds)
        cells = [f"{min(t):.2f} / {statistics.median(t):.2f}" for t in times.values()]
        row = f"| {size} | {users:,} | " + " | ".join(cells)
        if args.against:
            ratio = statistics.median(times["--against"]) / statistics.median(times["this tree"])
            row += f" | {ratio:.2f}x"
        print(row + " |")


if __name__ == "__main__":
    main()
