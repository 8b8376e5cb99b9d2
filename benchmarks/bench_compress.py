"""Compaction speed: packlight side by side with hermes-agent, first compaction first.

What an agent's first compaction and the CLI pay is a compaction with nothing cached: a new
engine (no token counts), the process's memos of text analyses cleared. That is the headline.
Each system runs in its own long-lived process (hermes-agent 0.19.0 in its own virtualenv, as
a black box, see benchmarks/peers/), the runs interleaved (packlight first in even runs, Hermes
first in odd ones) so that a load on the machine hits both alike; CPU and wall time, min and
median of ``--runs`` runs, and the per-run ratio of Hermes' CPU time to packlight's.

Inputs: every mini-swe-agent session of the shared data, and the dev trajectories laid end to
end at 500, 1,000, 2,000 and 4,000 messages. Beside them, the floor: ``json.loads`` of the
input plus one exact count of every message, the least any compactor that counts exactly
must do. Then, reported apart: the warm compaction (counts cached and memos filled by an
earlier compaction of the same input: what a *second* compaction in one process can reuse,
never what a first one gets), the per-turn decision at 500-4,000 messages (the same message
objects every turn, and rebuilt ones), peak memory allocated in the 4,000-message compaction,
and ``packlight compress`` end to end in a new process against the same work done by a new
Hermes process. Writes benchmarks/results/compress.md.

    python3 dev.py bench compress [--data DIR] [--runs N] [--no-hermes] [--quick]
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
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DEFAULT_DATA, ROOT, machine_header, write_result
from packlight.compressor import clear_caches
from packlight.compressor.engine import ContextCompressor
from packlight.messages import Message
from packlight.redact import prepare_prefilter
from packlight.tokens import ExactCounter, TranscriptCounter

WINDOW = 32_000
SIZES = (500, 1_000, 2_000, 4_000)
DECISION_TURNS = 50


def session_path(data_dir: Path, name: str) -> Path:
    return data_dir / "trajectories" / "mini-swe-agent" / f"{name}.json"


def load(data_dir: Path, name: str) -> list[Message]:
    text = session_path(data_dir, name).read_text(encoding="utf-8")
    return cast(list[Message], json.loads(text)["messages"])


def concatenated(data_dir: Path, size: int) -> list[Message]:
    """The first ``size`` messages of the dev trajectories laid end to end (one system message;
    tool-call ids prefixed per file so they stay unique)."""
    files = sorted((data_dir / "trajectories" / "mini-swe-agent").glob("*.json"))
    result: list[dict[str, Any]] = []
    for number, path in enumerate(files):
        for message in json.loads(path.read_text(encoding="utf-8"))["messages"]:
            if message["role"] == "system" and result:
                continue
            copy = dict(message)
            if copy.get("tool_calls"):
                copy["tool_calls"] = [
                    {**call, "id": f"f{number}_{call['id']}"} for call in copy["tool_calls"]
                ]
            if copy.get("tool_call_id"):
                copy["tool_call_id"] = f"f{number}_{copy['tool_call_id']}"
            result.append(copy)
            if len(result) >= size:
                return trim_to_valid(cast(list[Message], result))
    return trim_to_valid(cast(list[Message], result))


def trim_to_valid(messages: list[Message]) -> list[Message]:
    # Do not end on an assistant call whose result was cut off by the size limit.
    while messages and messages[-1].get("tool_calls"):
        messages.pop()
    return messages


@dataclass(frozen=True)
class Case:
    label: str
    messages: list[Message]
    text: str
    """The input as JSON, what a process reads before it can compact."""


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float


def packlight_first(messages: Sequence[Message]) -> tuple[Run, int, int]:
    """One first compaction: the memos of text analyses cleared, a new engine (so no token
    count is cached); the engine's construction is timed too. (run, tokens before, after)."""
    clear_caches()
    started, started_cpu = time.perf_counter(), time.process_time()
    engine = ContextCompressor(model="gpt-4o", context_window=WINDOW)
    result = engine.compress(list(messages), force=True)
    run = Run(time.perf_counter() - started, time.process_time() - started_cpu)
    return run, result.before_tokens, result.after_tokens


def packlight_warm(messages: Sequence[Message], runs: int) -> Run:
    """A compaction of a new engine whose per-message counts are cached, in a process whose
    memos an earlier compaction of the same input filled: medians of ``runs``."""
    ContextCompressor(model="gpt-4o", context_window=WINDOW).compress(list(messages), force=True)
    walls, cpus = [], []
    for _ in range(runs):
        engine = ContextCompressor(model="gpt-4o", context_window=WINDOW)
        engine.counter.request(messages)
        started, started_cpu = time.perf_counter(), time.process_time()
        engine.compress(list(messages), force=True)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - started_cpu)
    return Run(statistics.median(walls), statistics.median(cpus))


def floor(case: Case) -> Run:
    """``json.loads`` of the input and one exact count of every message (a new counter)."""
    started, started_cpu = time.perf_counter(), time.process_time()
    data = json.loads(case.text)
    messages = data["messages"] if isinstance(data, dict) else data
    TranscriptCounter(ExactCounter("o200k_base")).messages(messages)
    return Run(time.perf_counter() - started, time.process_time() - started_cpu)


def fastest(measure: Callable[[], Run], runs: int) -> Run:
    samples = [measure() for _ in range(runs)]
    return Run(min(s.wall for s in samples), min(s.cpu for s in samples))


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f}"


def first_compaction_rows(cases: Sequence[Case], runs: int, peer: Any) -> list[str]:
    lines = [
        "| input | messages | tokens before | tokens after | packlight CPU ms min / median "
        "| packlight wall ms min / median | Hermes CPU ms min / median | Hermes wall ms min / "
        "median | Hermes/packlight CPU (median) | per-run CPU ratios | floor ms | packlight "
        "/ floor |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|",
    ]
    for case in cases:
        ours: list[Run] = []
        theirs: list[Run] = []
        before = after = 0
        plain = cast(list[dict[str, Any]], case.messages)
        for number in range(runs):
            order = ("packlight", "hermes") if number % 2 == 0 else ("hermes", "packlight")
            for system in order:
                if system == "packlight":
                    run, before, after = packlight_first(case.messages)
                    ours.append(run)
                elif peer is not None:
                    outcome = peer.compress(plain, context_window=WINDOW)
                    if outcome.error:
                        raise SystemExit(f"hermes failed on {case.label}: {outcome.error}")
                    cpu = float(outcome.info.get("cpu_seconds") or outcome.seconds)
                    theirs.append(Run(outcome.seconds, cpu))
        bottom = fastest(lambda case=case: floor(case), runs)
        our_cpu = statistics.median(r.cpu for r in ours)
        cells = [
            case.label,
            f"{len(case.messages):,}",
            f"{before:,}",
            f"{after:,}",
            f"{ms(min(r.cpu for r in ours))} / {ms(our_cpu)}",
            f"{ms(min(r.wall for r in ours))} / {ms(statistics.median(r.wall for r in ours))}",
        ]
        if theirs:
            their_cpu = statistics.median(r.cpu for r in theirs)
            per_run = ", ".join(f"{t.cpu / o.cpu:.1f}" for o, t in zip(ours, theirs, strict=True))
            cells += [
                f"{ms(min(r.cpu for r in theirs))} / {ms(their_cpu)}",
                f"{ms(min(r.wall for r in theirs))} / "
                f"{ms(statistics.median(r.wall for r in theirs))}",
                f"{their_cpu / our_cpu:.1f}x",
                per_run,
            ]
        else:
            cells += ["n/a", "n/a", "n/a", ""]
        cells += [ms(bottom.cpu), f"{our_cpu / bottom.cpu:.1f}x"]
        lines.append("| " + " | ".join(cells) + " |")
        print(lines[-1], flush=True)
    return lines


def decision_rows(data_dir: Path, peer: Any) -> list[str]:
    """Median cost of one turn's decision (count the request, decide) over the last
    ``DECISION_TURNS`` turns of a session of each size, the earlier turns already counted."""
    longest = concatenated(data_dir, SIZES[-1])
    lines = [
        "| messages | packlight, same objects ms | packlight, rebuilt objects ms | Hermes ms |",
        "|---:|---:|---:|---:|",
    ]
    for size in SIZES:
        messages = longest[:size]
        cells = [f"{size:,}"]
        for rebuilt in (False, True):
            engine = ContextCompressor(model="gpt-4o", context_window=10_000_000)
            history = list(messages[:-DECISION_TURNS])
            engine.counter.request(history)
            timings = []
            for message in messages[-DECISION_TURNS:]:
                history.append(message)
                # A host that decodes its history anew each turn passes equal, new objects.
                sent = json.loads(json.dumps(history)) if rebuilt else history
                started = time.perf_counter()
                engine.decide(engine.counter.request(sent))
                timings.append(time.perf_counter() - started)
            cells.append(f"{statistics.median(timings) * 1000:.4f}")
        if peer is not None:
            plain = cast(list[dict[str, Any]], messages)
            seconds = [peer.should_compress(plain, WINDOW).seconds for _ in range(5)]
            cells.append(f"{statistics.median(seconds) * 1000:.4f}")
        else:
            cells.append("n/a")
        lines.append("| " + " | ".join(cells) + " |")
        print(lines[-1], flush=True)
    return lines


def memory_row(case: Case, peer: Any) -> str:
    clear_caches()
    engine = ContextCompressor(model="gpt-4o", context_window=WINDOW)
    tracemalloc.start()
    engine.compress(list(case.messages), force=True)
    ours = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    theirs = "n/a"
    ratio = "n/a"
    if peer is not None:
        plain = cast(list[dict[str, Any]], case.messages)
        outcome = peer.compress(plain, context_window=WINDOW, trace_memory=True)
        peak = outcome.info.get("peak_bytes")
        if peak:
            theirs = f"{peak / 2**20:.1f}"
            ratio = f"{ours / peak:.2f}"
    return f"| {case.label} | {ours / 2**20:.1f} | {theirs} | {ratio} |"


HERMES_ONESHOT = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import hermes_runner
messages = json.loads(open(sys.argv[2], encoding="utf-8").read())["messages"]
out = hermes_runner.do_compress({"messages": messages, "context_window": int(sys.argv[3])})
open(sys.argv[4], "w", encoding="utf-8").write(json.dumps({"messages": out["messages"]}))
"""


def compress_command(packlight_cli: Path, path: Path, out: Path) -> list[str]:
    """``packlight compress`` of ``path`` into ``out`` at the benchmark's window and model."""
    return [
        str(packlight_cli),
        "compress",
        str(path),
        "-o",
        str(out),
        "--context-window",
        str(WINDOW),
        "--model",
        "gpt-4o",
    ]


def hermes_command(hermes_python: Path, path: Path, out: Path) -> list[str]:
    """A new Hermes process that imports, reads ``path``, compresses it and writes ``out``."""
    from packlight.evaluation.peers._subprocess import RUNNERS_DIR

    return [
        str(hermes_python),
        "-c",
        HERMES_ONESHOT,
        str(RUNNERS_DIR),
        str(path),
        str(WINDOW),
        str(out),
    ]


def end_to_end_rows(path: Path, runs: int, with_hermes: bool) -> list[str]:
    """Wall time of a new process that reads ``path``, compacts it and writes the result:
    ``packlight compress`` against Hermes doing the same in a new process of its venv
    (import, read, one ``compress``, write), interleaved."""
    packlight_cli = Path(sys.executable).parent / "packlight"
    hermes_python = ROOT / ".venv-hermes" / "bin" / "python"
    # An installed package has its bytecode compiled (pip does it); a checkout run with
    # PYTHONDONTWRITEBYTECODE would compile every changed module again in each new process.
    import packlight

    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(Path(packlight.__file__).parent)],
        check=True,
        capture_output=True,
    )
    ours: list[float] = []
    theirs: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.json"
        # The Hermes adapter keeps its private HERMES_HOME in this folder.
        env = {**os.environ, "PACKLIGHT_RUNNER_SANDBOX": folder}
        commands = {
            "packlight": compress_command(packlight_cli, path, out),
            "hermes": hermes_command(hermes_python, path, out),
        }
        for number in range(runs):
            order = ["packlight", "hermes"] if number % 2 == 0 else ["hermes", "packlight"]
            for system in order:
                if system == "hermes" and not with_hermes:
                    continue
                started = time.perf_counter()
                subprocess.run(commands[system], check=True, capture_output=True, env=env)
                (ours if system == "packlight" else theirs).append(time.perf_counter() - started)
    cells = [
        path.stem,
        f"{ms(min(ours))} / {ms(statistics.median(ours))}",
        f"{ms(min(theirs))} / {ms(statistics.median(theirs))}" if theirs else "n/a",
        f"{statistics.median(theirs) / statistics.median(ours):.2f}x" if theirs else "n/a",
    ]
    return [
        "| input | `packlight compress` wall ms min / median | Hermes process wall ms min / "
        "median | Hermes/packlight |",
        "|---|---:|---:|---:|",
        "| " + " | ".join(cells) + " |",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-hermes", action="store_true", help="skip the hermes-agent peer")
    parser.add_argument(
        "--quick", action="store_true", help="only psf__requests-1142 and 4,000 messages"
    )
    args = parser.parse_args()

    # The o200k encoding loads at a process's first count: a start-up cost (measured end to
    # end below), not a compaction cost. The Hermes runner likewise warms up before timing.
    ExactCounter("o200k_base").count_text("warm up")
    # Redaction's prefilter is read from the user's cache (compiled there once per machine
    # and rule set, or by a process after its first quarter-megabyte of redaction).
    prefilter = prepare_prefilter()
    names = sorted(p.stem for p in (args.data / "trajectories" / "mini-swe-agent").glob("*.json"))
    names.remove("psf__requests-1142")
    names.insert(0, "psf__requests-1142")
    if args.quick:
        names = names[:1]
    cases = [
        Case(name, load(args.data, name), session_path(args.data, name).read_text("utf-8"))
        for name in names
    ]
    for size in SIZES if not args.quick else SIZES[-1:]:
        messages = concatenated(args.data, size)
        cases.append(Case(f"{size:,} messages", messages, json.dumps({"messages": messages})))

    peer = None
    if not args.no_hermes:
        from peers.hermes import HermesPeer

        peer = HermesPeer()
        peer.start()
    try:
        print("first compaction", flush=True)
        first = first_compaction_rows(cases, args.runs, peer)
        print("warm", flush=True)
        warm_lines = [
            "| input | packlight warm CPU ms (median) | packlight warm wall ms (median) |",
            "|---|---:|---:|",
        ]
        for case in (cases[0], cases[-1]):
            warm = packlight_warm(case.messages, args.runs)
            warm_lines.append(f"| {case.label} | {ms(warm.cpu)} | {ms(warm.wall)} |")
        print("decision", flush=True)
        decisions = decision_rows(args.data, peer)
        print("memory", flush=True)
        memory = [
            "| input | packlight peak MiB | Hermes peak MiB | packlight / Hermes |",
            "|---|---:|---:|---:|",
            memory_row(cases[-1], peer),
        ]
    finally:
        if peer is not None:
            peer.close()
    print("end to end", flush=True)
    end_to_end = end_to_end_rows(session_path(args.data, names[0]), args.runs, peer is not None)

    shared = first[2 : 2 + len(names)]
    lines = [
        machine_header("Compaction speed: packlight vs hermes-agent"),
        f"Window {WINDOW:,} tokens, model gpt-4o (exact o200k counts for packlight), forced "
        "compaction, no summary model for either (packlight: deterministic checkpoint; "
        "hermes-agent 0.19.0: its own static fallback, a new compressor per call). Each "
        "system in its own long-lived process, runs interleaved; times are CPU and wall of "
        f"the compaction call alone, min and median of {args.runs} runs. The machine had "
        "other work running: read the ratios, which both sides share, before the times. "
        "Redaction's prefilter (Hyperscan, `packlight.secret_prefilter`): "
        f"{'ready before the first run' if prefilter else 'not available'}.",
        "",
        "## First compaction (nothing cached: new engine, memos cleared)",
        "",
        f"{len(shared)} shared mini-swe-agent sessions and the dev trajectories end to end. "
        "Floor: `json.loads` of the input and one exact count of every message.",
        "",
        *first,
        "",
        "## Warm compaction (labelled: not a first compaction)",
        "",
        "A new engine whose per-message counts are cached, in a process whose memos of text "
        "analyses an earlier compaction of the same input filled: what a later compaction in "
        "one agent process can reuse. Never the headline.",
        "",
        *warm_lines,
        "",
        "## Per-turn decision",
        "",
        f"Median of the last {DECISION_TURNS} turns: count the request (earlier turns already "
        "counted) and decide. 'Rebuilt' passes a new, equal list of new message objects every "
        "turn, as a host that decodes its history anew does. Hermes: its rough estimate and "
        "should_compress, measured inside its runner.",
        "",
        *decisions,
        "",
        "## Peak memory allocated during the 4,000-message compaction (tracemalloc)",
        "",
        *memory,
        "",
        "## End to end, a new process",
        "",
        "Reading the session, compacting it and writing the result in a new process, "
        "interleaved: `packlight compress` (imports, tokenizer load, compaction, output) "
        "against a new Python process of Hermes' venv that imports it, reads the file, runs "
        "one compress and writes the messages.",
        "",
        *end_to_end,
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    print(f"written to {write_result('compress.md', text)}")


if __name__ == "__main__":
    main()
