"""Robustness: counts that must each be 0, per store backend, driving packlight as a black box.

1. hostile files (generated from a seed: invalid, truncated, NaN, 10,000+ deep, lone
   surrogates, non-UTF-8, binary, empty, wrong types, huge numbers, duplicate keys, BOM, a
   directory, a missing file) through every CLI command that reads or writes a file, and
   valid input to unwritable destinations: tracebacks, wrong exit statuses, stderr that is not
   one line, NaN/Infinity written, files left behind, stores changed by a failed run;
2. ``packlight compress FILE --store URL`` killed with SIGKILL at random moments: half-written
   sessions, ``--original`` exports that are not the input, the SQLite integrity check;
3. processes appending through ``StoredSession`` while another rotates the session: lost,
   duplicated, reordered appends;
4. a compaction whose summarizer outlasts its lease: compactions that did not commit;
5. a ~200 MB session through ``compress --no-store`` and ``--store``: time and peak RSS.

packlight is imported (here and in every CLI run) from a copy of src/ made at the start, so
the run sees one state of a tree that may be changing (--live-source: as installed). Runs
offline, SQLite and PostgreSQL (PACKLIGHT_TEST_POSTGRES_DSN or --postgres; skipped with a
note when unreachable; each part uses a fresh schema, dropped afterwards). Writes
benchmarks/results/robustness.md (not with --quick, unless --write).

    python3 dev.py bench robustness [--quick] [--files N] [--kills M] [--appenders K]
        [--appends P] [--lease-rounds R] [--large/--no-large] [--large-mb MB] [--seed S]
        [--jobs J] [--postgres DSN] [--kill-inputs PATH[#INDEX] ...] [--data DIR]
        [--parts files,kills,appenders,lease,large] [--write/--no-write]
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DEFAULT_DATA, write_result
from _robustness_common import (
    DEFAULT_DSN,
    Backend,
    example_session_path,
    load_json_messages,
    postgres_backend,
    postgres_unreachable,
    snapshot_source,
    sqlite_backend,
)
from _robustness_files import run_files
from _robustness_kills import parse_inputs, run_kills
from _robustness_large import run_large
from _robustness_report import Outcome, render
from _robustness_store import run_appenders, run_lease

PARTS = ("files", "kills", "appenders", "lease", "large")
QUICK = {"files": 19, "kills": 10, "appends": 15, "lease_rounds": 1}


def default_kill_inputs(data: Path) -> list[str]:
    """Two mini-swe-agent sessions whose tool outputs are externalised on arrival, and two
    tau-bench airline sessions (by --session-index); the bundled example without the data."""
    folder = data / "trajectories"
    chosen = [
        folder / "mini-swe-agent" / "pylint-dev__pylint-6528.json",
        folder / "mini-swe-agent" / "psf__requests-1142.json",
    ]
    airline = folder / "tau-bench-airline.jsonl"
    if all(p.exists() for p in chosen) and airline.exists():
        return [str(p) for p in chosen] + [f"{airline}#3", f"{airline}#17"]
    return [str(example_session_path())]


def largest_trajectory(data: Path) -> Path:
    files = sorted((data / "trajectories" / "mini-swe-agent").glob("*.json"))
    return max(files, key=lambda p: p.stat().st_size) if files else example_session_path()


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few files, 10 kills, no large input")
    parser.add_argument("--files", type=int, help="hostile files (default 50; quick 19)")
    parser.add_argument("--kills", type=int, help="SIGKILLed runs per backend (100; quick 10)")
    parser.add_argument("--appenders", type=int, default=4, help="appending processes")
    parser.add_argument("--appends", type=int, help="messages per appender (30; quick 15)")
    parser.add_argument(
        "--lease-rounds", type=int, help="slow compactions per backend (3; quick 1)"
    )
    parser.add_argument(
        "--large",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the large-input part (default: on, off with --quick)",
    )
    parser.add_argument("--large-mb", type=int, default=200, help="size of the large input")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=3, help="CLI runs in parallel (part 1)")
    parser.add_argument(
        "--postgres",
        default=os.environ.get("PACKLIGHT_TEST_POSTGRES_DSN") or DEFAULT_DSN,
        help="PostgreSQL DSN (default: $PACKLIGHT_TEST_POSTGRES_DSN, else %(default)s)",
    )
    parser.add_argument("--kill-inputs", nargs="+", help="PATH or PATH#SESSION_INDEX (JSONL)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--parts", default=",".join(PARTS), help="which parts to run")
    parser.add_argument(
        "--write",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="write benchmarks/results/robustness.md (default: yes, no with --quick)",
    )
    parser.add_argument(
        "--live-source",
        action="store_true",
        help="import packlight as installed instead of from a copy of src/ made at the start",
    )
    args = parser.parse_args(argv)
    for name, quick in QUICK.items():
        full = {"files": 50, "kills": 100, "appends": 30, "lease_rounds": 3}[name]
        if getattr(args, name) is None:
            setattr(args, name, quick if args.quick else full)
    if args.large is None:
        args.large = not args.quick
    args.parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    unknown = set(args.parts) - set(PARTS)
    if unknown:
        parser.error(f"unknown parts {sorted(unknown)}; choose from {', '.join(PARTS)}")
    if not args.large and "large" in args.parts:
        args.parts.remove("large")
    return args


def say(text: str) -> None:
    print(f"robustness: {text}", file=sys.stderr, flush=True)


def guarded(outcome: Outcome, name: str, action: Callable[[], Any]) -> Any:
    """Run one part; a crash is reported in the results instead of ending the benchmark."""
    started = time.perf_counter()
    say(f"{name} ...")
    try:
        return action()
    except Exception as exc:
        traceback.print_exc()
        outcome.errors[name] = f"{type(exc).__name__}: {exc}"[:300]
        return None
    finally:
        outcome.part_seconds[name] = time.perf_counter() - started
        say(f"{name}: {outcome.part_seconds[name]:.0f} s")


def backends_for(
    args: argparse.Namespace, work: Path, part: str, outcome: Outcome
) -> list[Backend]:
    chosen = [sqlite_backend(work / part / "sqlite")]
    if "PostgreSQL" in outcome.backends:
        chosen.append(postgres_backend(args.postgres, part))
    return chosen


def run(args: argparse.Namespace, work: Path, outcome: Outcome) -> None:
    """Every part asked for, into ``outcome``; ``work`` is a scratch folder."""
    unreachable = postgres_unreachable(args.postgres)
    if unreachable is None:
        outcome.backends.append("PostgreSQL")
    else:
        outcome.notes.append(f"PostgreSQL skipped, not reachable: {unreachable}")
        say(outcome.notes[-1])
    examples = load_json_messages(example_session_path())
    if "files" in args.parts:
        outcome.files = guarded(
            outcome,
            "hostile files",
            partial(run_files, work / "files", count=args.files, seed=args.seed, jobs=args.jobs),
        )
    if "kills" in args.parts:
        inputs = parse_inputs(args.kill_inputs or default_kill_inputs(args.data))
        outcome.notes.append("SIGKILL inputs: " + ", ".join(i.label for i in inputs))
        backends = backends_for(args, work, "kills", outcome)

        def one(backend: Backend) -> None:
            try:
                outcome.kills[backend.name] = run_kills(
                    backend,
                    inputs,
                    kills=args.kills,
                    seed=args.seed,
                    work=work / "kills" / backend.name,
                    jobs=args.jobs,
                )
            finally:
                backend.cleanup()

        def kill_all() -> None:
            # The backends' series run side by side (each measures its own durations under
            # the same load) to keep the benchmark short.
            with ThreadPoolExecutor(max_workers=len(backends)) as pool:
                list(pool.map(one, backends))

        guarded(outcome, "SIGKILL", kill_all)
    if "appenders" in args.parts:
        for backend in backends_for(args, work, "append", outcome):
            appended = guarded(
                outcome,
                f"appenders ({backend.name})",
                partial(
                    run_appenders,
                    backend,
                    examples,
                    writers=args.appenders,
                    appends=args.appends,
                    seed=args.seed,
                    work=work / "append" / backend.name,
                ),
            )
            backend.cleanup()
            if appended is not None:
                outcome.appends[backend.name] = appended
    if "lease" in args.parts:
        for backend in backends_for(args, work, "lease", outcome):
            leased = guarded(
                outcome,
                f"lease ({backend.name})",
                partial(run_lease, backend, examples, rounds=args.lease_rounds),
            )
            backend.cleanup()
            if leased is not None:
                outcome.leases[backend.name] = leased
    if "large" in args.parts:
        backend = sqlite_backend(work / "large" / "sqlite")
        source = largest_trajectory(args.data)
        outcome.large = guarded(
            outcome,
            "large input",
            partial(run_large, source, args.large_mb, work / "large", backend),
        )


def main(argv: list[str] | None = None) -> None:
    arguments = sys.argv[1:] if argv is None else argv
    args = parse_args(arguments)
    # The in-process parts must not fill the output with the library's own warnings (a lost
    # lease, a skipped compaction): they are counted instead.
    logging.getLogger("packlight").setLevel(logging.CRITICAL)
    started = time.perf_counter()
    outcome = Outcome(backends=["SQLite"])
    with tempfile.TemporaryDirectory(prefix="packlight-robustness-") as folder:
        work = Path(folder)
        if not args.live_source and "packlight" not in sys.modules:
            outcome.snapshot = snapshot_source(work / "src")
        run(args, work, outcome)
    seconds = time.perf_counter() - started
    text = render([sys.argv[0], *arguments], seconds, outcome)
    print(text)
    if args.write if args.write is not None else not args.quick:
        print(f"written to {write_result('robustness.md', text)}")


if __name__ == "__main__":
    main()
