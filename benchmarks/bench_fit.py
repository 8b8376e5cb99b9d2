"""Fit and retention after one compaction: packlight against truncation, observation masking,
pruning only, and hermes-agent, on the 40 mini-swe-agent trajectories at a 32,000-token window.

A method *fits* when its output is under the window (exact o200k count). Retention is the
share of probes still visible in the output (message text or tool-call arguments):
every file the trajectory modified, its first and latest error line, and the latest user
message. Writes benchmarks/results/compress_quality.md.

    python3 dev.py bench fit [--data DIR] [--no-hermes]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DEFAULT_DATA, machine_header, write_result
from packlight.compressor.engine import ContextCompressor
from packlight.compressor.prune import prune
from packlight.compressor.sanitize import sanitize_tool_pairs
from packlight.compressor.toolcalls import tool_events
from packlight.messages import Message, message_text, strip_packlight, tool_calls_of
from packlight.tokens import ExactCounter, TranscriptCounter

WINDOW = 32_000
Method = Callable[[list[dict[str, Any]]], list[dict[str, Any]]]


def probes(messages: list[dict[str, Any]]) -> list[str]:
    events = tool_events(messages)
    modified = sorted({p for e in events if e.kind in {"edit", "write"} for p in e.paths_written})
    errors = [line for e in events for line in e.error_lines]
    latest_user = next(message_text(m) for m in reversed(messages) if m["role"] == "user")
    return [*modified, *(errors[:1] + errors[-1:] if errors else []), latest_user]


def visible(messages: list[dict[str, Any]]) -> str:
    texts = []
    for message in messages:
        texts.append(message_text(message))
        texts.extend(call["function"]["arguments"] for call in tool_calls_of(message))
    return "\n".join(texts)


def truncation(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The system message plus the newest messages that fit, tool pairs repaired."""
    counter = TranscriptCounter(ExactCounter())
    budget = int(WINDOW * 0.85) - counter.message(messages[0])
    kept: list[dict[str, Any]] = []
    for message in reversed(messages[1:]):
        cost = counter.message(message)
        if cost > budget:
            break
        kept.insert(0, message)
        budget -= cost
    return plain(sanitize_tool_pairs(typed([messages[0], *kept])).messages)


def observation_masking(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Keep the last 10 tool results; older ones become a placeholder (no summary)."""
    tool_indices = [i for i, m in enumerate(messages) if m["role"] == "tool"]
    masked = set(tool_indices[:-10])
    return [
        {**m, "content": "[old tool output omitted]"} if i in masked else m
        for i, m in enumerate(messages)
    ]


def pruning_only(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """packlight's prune pass alone (digests, dedupe, no checkpoint), last 10 kept."""
    result = prune(typed(messages), protect_from=max(len(messages) - 10, 0), key=b"b" * 32)
    return plain(strip_packlight(result.messages))


def packlight(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    engine = ContextCompressor(model="gpt-4o", context_window=WINDOW)
    return plain(strip_packlight(engine.compress(typed(messages), force=True).messages))


# The methods compared here handle plain JSON messages; packlight's API types them.
def typed(messages: list[dict[str, Any]]) -> list[Message]:
    return cast(list[Message], messages)


def plain(messages: list[Message]) -> list[dict[str, Any]]:
    return cast(list[dict[str, Any]], list(messages))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--no-hermes", action="store_true")
    args = parser.parse_args()
    files = sorted((args.data / "trajectories" / "mini-swe-agent").glob("*.json"))
    sessions = [json.loads(p.read_text(encoding="utf-8"))["messages"] for p in files]

    methods: dict[str, Method] = {
        "no compaction": lambda m: m,
        "truncation": truncation,
        "observation masking (last 10)": observation_masking,
        "pruning only (packlight prune)": pruning_only,
        "packlight": packlight,
    }
    peer = None
    if not args.no_hermes:
        from peers.hermes import HermesPeer

        peer = HermesPeer()

        def hermes(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
            assert peer is not None
            outcome = peer.compress(messages, context_window=WINDOW)
            if outcome.error:
                raise RuntimeError(outcome.error)
            # Hermes marks its summary with private keys; they are not sent.
            return [{k: v for k, v in m.items() if not k.startswith("_")} for m in outcome.messages]

        methods["hermes-agent 0.19.0 (no summary model)"] = hermes

    counter = TranscriptCounter(ExactCounter())
    rows = []
    try:
        for name, method in methods.items():
            fits = kept = total = 0
            before = after = 0
            for messages in sessions:
                output = method(messages)
                tokens = counter.request(output)
                before += counter.request(messages)
                after += tokens
                fits += tokens <= WINDOW
                text = visible(output)
                wanted = probes(messages)
                kept += sum(1 for probe in wanted if probe in text)
                total += len(wanted)
            rows.append(
                f"| {name} | {fits}/{len(sessions)} | {after / before:.1%} | "
                f"{kept}/{total} ({kept / total:.1%}) |"
            )
            print(rows[-1], flush=True)
    finally:
        if peer is not None:
            peer.close()
    text = "\n".join(
        [
            machine_header("Fit and retention after one compaction (32K window)"),
            f"{len(sessions)} mini-swe-agent trajectories (about 30K to 480K tokens each), "
            "window 32,000 tokens, exact o200k counts. Retention probes per session: every "
            "modified file, the first and the latest error line, the latest user message; a "
            "probe is kept when its exact text is still in the output.",
            "",
            "| method | sessions under the window | tokens after / before | probes kept |",
            "|---|---:|---:|---:|",
            *rows,
        ]
    )
    print(text)
    print(f"written to {write_result('compress_quality.md', text + chr(10))}")


if __name__ == "__main__":
    main()
