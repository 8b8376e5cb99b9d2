"""Start-up: where a new ``packlight compress`` process spends its time, beside Hermes'.

Issue 14 asks ``packlight compress`` on psf__requests-1142, end to end in a new process, to be
at least as fast as Hermes doing the same work in a new process. This benchmark measures the
whole processes side by side (interleaved, wall time, min and median of ``--runs``) and, in
the same run, what a packlight process cannot avoid:

- ``packlight compress`` as it runs by default (it records the session in its store) and
  with ``--no-store`` (the same work as Hermes' process);
- ``python -c pass``: the interpreter alone;
- a process that only loads the o200k encoding from quicktok: the least any process that
  counts gpt-4o's tokens exactly with the bundled tokenizer takes;
- inside one new process, phase by phase: importing the CLI, loading the encoding,
  importing the compressor, reading the input, the first compaction (which compiles the
  regular expressions of the stages it reaches and loads the turn model) and a second one
  with the memos of text analyses cleared (what is left once the one-time work is done).

Bytecode is compiled first, as pip does for an installed package. Writes
benchmarks/results/startup.md with --out.

    .venv/bin/python benchmarks/bench_startup.py [--data DIR] [--runs 5] [--out]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DEFAULT_DATA, ROOT, machine_header, write_result

SESSION = "psf__requests-1142"
WINDOW = 32_000

# Run in a new interpreter: times each phase of what `packlight compress` does, in order.
PHASES = """
import json, sys, time
started = time.perf_counter()
import packlight.cli.main
imported = time.perf_counter()
import quicktok
quicktok.get_encoding("o200k_base")
loaded = time.perf_counter()
from packlight.compressor import clear_caches
from packlight.compressor.engine import ContextCompressor
engine_imported = time.perf_counter()
messages = json.loads(open(sys.argv[1], encoding="utf-8").read())["messages"]
parsed = time.perf_counter()
ContextCompressor(model="gpt-4o", context_window=int(sys.argv[2])).compress(messages, force=True)
first = time.perf_counter()
clear_caches()
ContextCompressor(model="gpt-4o", context_window=int(sys.argv[2])).compress(messages, force=True)
again = time.perf_counter()
print(json.dumps({
    "import the CLI": imported - started,
    "load the o200k encoding": loaded - imported,
    "import the compressor (its regular expressions compiled at import)": engine_imported - loaded,
    "read the input": parsed - engine_imported,
    "first compaction in the process": first - parsed,
    "the same compaction, memos cleared": again - first,
}))
"""

TOKENIZER_ONLY = "import quicktok; quicktok.get_encoding('o200k_base')"


def wall(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - started


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", action="store_true", help="write results/startup.md")
    args = parser.parse_args()

    import packlight
    from bench_compress import compress_command, hermes_command
    from peers.hermes import ensure_hermes_venv

    path = args.data / "trajectories" / "mini-swe-agent" / f"{SESSION}.json"
    if not path.is_file():
        sys.exit(f"no {path}; pass --data DIR")
    hermes_python = ensure_hermes_venv()
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(Path(packlight.__file__).parent)],
        check=True,
        capture_output=True,
    )
    python = sys.executable
    packlight_cli = Path(python).parent / "packlight"
    processes: dict[str, list[float]] = {}
    phases: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        # The CLI records the session in its store: a new one in this folder, as on a fresh
        # machine (and the Hermes adapter keeps its private HERMES_HOME here).
        env = {**os.environ, "PACKLIGHT_RUNNER_SANDBOX": folder, "PACKLIGHT_HOME": folder}
        out = Path(folder) / "out.json"
        compress = compress_command(packlight_cli, path, out)
        commands = {
            "`python -c pass`": [python, "-c", "pass"],
            "load the o200k encoding only": [python, "-c", TOKENIZER_ONLY],
            "`packlight compress`": compress,
            # The same work as Hermes' process: no session recorded in a store.
            "`packlight compress --no-store`": [*compress, "--no-store"],
            "Hermes: import, read, compress, write": hermes_command(hermes_python, path, out),
        }
        for number in range(args.runs):
            order = list(commands) if number % 2 == 0 else list(reversed(commands))
            for label in order:
                processes.setdefault(label, []).append(wall(commands[label], env))
            found = subprocess.run(
                [python, "-c", PHASES, str(path), str(WINDOW)],
                check=True,
                capture_output=True,
                text=True,
                env=env,
            )
            for label, seconds in json.loads(found.stdout.strip().splitlines()[-1]).items():
                phases.setdefault(label, []).append(seconds)
            print(f"run {number + 1} of {args.runs}", flush=True)

    hermes = statistics.median(processes["Hermes: import, read, compress, write"])
    lines = [
        machine_header("Start-up: a new `packlight compress` process, phase by phase"),
        f"Input: {SESSION} (144 messages), window {WINDOW:,}, model gpt-4o. Whole processes "
        f"interleaved, wall ms, min / median of {args.runs}; bytecode compiled.",
        "",
        "| process | wall ms min / median | Hermes' median / this median |",
        "|---|---:|---:|",
    ]
    for label, samples in processes.items():
        median = statistics.median(samples)
        lines.append(f"| {label} | {ms(min(samples))} / {ms(median)} | {hermes / median:.2f}x |")
    lines += [
        "",
        "Inside one new packlight process, in order (wall ms, min / median):",
        "",
        "| phase | wall ms min / median |",
        "|---|---:|",
    ]
    for label, samples in phases.items():
        lines.append(f"| {label} | {ms(min(samples))} / {ms(statistics.median(samples))} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        print(f"wrote {write_result('startup.md', text).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
