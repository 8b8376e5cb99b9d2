"""Compaction speed: packlight's ContextCompressor side by side with hermes-agent's.

Runs both on the 476K-token psf__requests-1142 trajectory and on concatenations of the
dev trajectories at 500, 1,000, 2,000 and 4,000 messages, with the same 32,000-token window
(hermes-agent 0.19.0 runs as a black box in its own virtualenv, see benchmarks/peers/).
Also measures packlight's per-turn should-compress decision on a 4,000-message session with
cached counts. Writes benchmarks/results/compress.md.

    python3 dev.py bench compress [--data DIR] [--repeat N] [--no-hermes]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DEFAULT_DATA, machine_header, write_result
from packlight.compressor import clear_caches
from packlight.compressor.engine import ContextCompressor
from packlight.engine import CompressionResult
from packlight.messages import Message
from packlight.tokens import ExactCounter

WINDOW = 32_000
SIZES = (500, 1_000, 2_000, 4_000)


def load(data_dir: Path, name: str) -> list[Message]:
    path = data_dir / "trajectories" / "mini-swe-agent" / f"{name}.json"
    return cast(list[Message], json.loads(path.read_text(encoding="utf-8"))["messages"])


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


def time_packlight(
    messages: list[Message], repeat: int
) -> tuple[float, float, float, CompressionResult]:
    """(cold, warm, warm CPU, result): cold is a new engine in a process that never saw these
    messages; warm is a new engine whose token counts are already cached (as in an agent loop,
    where the engine counted every message on its way in) with the process's memos filled.
    Warm CPU is the median CPU time of the same runs: steadier than wall time on a shared
    machine, and a bound on it (compaction is single-threaded)."""
    clear_caches()
    engine = ContextCompressor(model="gpt-4o", context_window=WINDOW)
    started = time.perf_counter()
    result = engine.compress(messages, force=True)
    cold = time.perf_counter() - started
    timings, cpu = [], []
    for _ in range(repeat):
        # A new engine each run, so a new key: every artifact id is hashed again, as at the
        # first compaction of a session (one engine never compacts the same transcript twice).
        engine = ContextCompressor(model="gpt-4o", context_window=WINDOW)
        engine.counter.request(messages)
        started, started_cpu = time.perf_counter(), time.process_time()
        result = engine.compress(messages, force=True)
        cpu.append(time.process_time() - started_cpu)
        timings.append(time.perf_counter() - started)
    return cold, statistics.median(timings), statistics.median(cpu), result


def time_decision(messages: list[Message], turns: int = 200) -> float:
    """Median cost of one turn's decision: count the request (cached), then decide."""
    engine = ContextCompressor(model="gpt-4o", context_window=10_000_000)
    history = list(messages[:-turns])
    engine.counter.request(history)
    timings = []
    for message in messages[-turns:]:
        history.append(message)
        started = time.perf_counter()
        tokens = engine.counter.request(history)
        engine.decide(tokens)
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-hermes", action="store_true", help="skip the hermes-agent peer")
    args = parser.parse_args()

    # Load the o200k encoding once, as any process does at its first count (about 0.4 s):
    # a start-up cost, not a compaction cost. The hermes runner likewise warms up first.
    ExactCounter("o200k_base").count_text("warm up")
    cases = [("psf__requests-1142", load(args.data, "psf__requests-1142"))]
    cases += [(f"{size:,} messages", concatenated(args.data, size)) for size in SIZES]

    peer = None
    if not args.no_hermes:
        from peers.hermes import HermesPeer

        peer = HermesPeer()
    lines = [
        machine_header("Compaction speed: packlight vs hermes-agent"),
        f"Window {WINDOW:,} tokens, model gpt-4o (exact o200k counts for packlight), forced "
        f"compaction, no summary model for either (packlight: deterministic checkpoint; "
        f"hermes-agent 0.19.0: its own fallback). packlight cold: a new engine, memos cleared; "
        f"warm: median of {args.repeat} runs of a new engine whose per-message token counts "
        "are cached, as in an agent loop (the process's memos of pure text analyses are "
        "filled too, as when a session is compacted again); a new engine has a new key, so "
        "every artifact id is hashed again, as at a session's first compaction (an engine "
        "never compacts the same transcript twice). warm CPU: the median CPU time of the same "
        "runs, steadier than wall time on a shared machine; the speedups use wall times on "
        "both sides. hermes is timed inside its own "
        f"process (a new compressor per call), excluding transport, median of {args.repeat} "
        "runs (earlier versions of this file timed it once).",
        "",
        "| input | messages | tokens before | tokens after | packlight cold ms | "
        "packlight warm ms | packlight warm CPU ms | warm ms per 1K msgs | hermes ms | "
        "hermes msgs after | speedup cold | speedup warm |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    try:
        for label, messages in cases:
            cold, warm, warm_cpu, result = time_packlight(messages, args.repeat)
            hermes_cell, hermes_after, speed_cold, speed_warm = "n/a", "n/a", "n/a", "n/a"
            if peer is not None:
                # The median of as many runs as packlight's warm time: one sample on a shared
                # machine swung the ratio by 2x either way.
                plain = cast(list[dict[str, Any]], messages)  # the peer speaks plain JSON
                outcomes = [peer.compress(plain, context_window=WINDOW) for _ in range(args.repeat)]
                failed = next((o for o in outcomes if o.error), None)
                if failed is not None:
                    hermes_cell = f"error: {(failed.error or '')[:60]}"
                else:
                    outcome = outcomes[-1]
                    seconds = statistics.median(o.seconds for o in outcomes)
                    hermes_cell = f"{seconds * 1000:,.0f}"
                    hermes_after = f"{len(outcome.messages):,}"
                    speed_cold = f"{seconds / cold:,.1f}x"
                    speed_warm = f"{seconds / warm:,.1f}x"
            lines.append(
                f"| {label} | {len(messages):,} | {result.before_tokens:,} | "
                f"{result.after_tokens:,} | {cold * 1000:,.1f} | {warm * 1000:,.1f} | "
                f"{warm_cpu * 1000:,.1f} | "
                f"{warm * 1000 / len(messages) * 1000:,.1f} | {hermes_cell} | {hermes_after} | "
                f"{speed_cold} | {speed_warm} |"
            )
            print(lines[-1], flush=True)
    finally:
        if peer is not None:
            peer.close()

    decision = time_decision(concatenated(args.data, 4_000))
    lines += [
        "",
        "Per-turn should-compress decision on a 4,000-message session (count the request with "
        f"cached per-message counts, then decide): median {decision * 1000:.3f} ms per turn.",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    print(f"written to {write_result('compress.md', text)}")


if __name__ == "__main__":
    main()
