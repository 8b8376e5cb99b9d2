"""Run each external peer on real trajectories, replayed as an agent host would, and print
tokens before/after and seconds per ``prepare`` call.

    .venv/bin/python benchmarks/peers/external_smoke.py [--window 32000] [--limit N] [NAMES...]

The peers' virtualenvs must exist (``packlight eval --install-peers``); nothing here needs
the network. The replay is the minimum the eval harness does: before every assistant message
(one model call) the peer's ``prepare`` gets the history and the replay continues from what it
returns. Tokens are packlight's exact o200k counts of each request.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from packlight.evaluation.peers import Peer, PeerSettings, PeerUnavailable, create_peer
from packlight.messages import Message
from packlight.tokens import ExactCounter, TranscriptCounter

EXTERNAL = [
    "langchain-summarization",
    "langchain-clear-tool-uses",
    "openai-agents-trimmer",
    "hermes",
]
DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "trajectories" / "mini-swe-agent"


@dataclass
class ReplayStats:
    calls: int = 0
    compactions: int = 0
    errors: int = 0
    tokens_raw: list[int] = field(default_factory=list)
    tokens_sent: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)
    notes: set[str] = field(default_factory=set)


def replay(peer: Peer, messages: Sequence[Message], counter: TranscriptCounter) -> ReplayStats:
    """Call ``prepare`` before every assistant message; continue from what it returns."""
    stats = ReplayStats()
    peer.reset()
    history: list[Message] = []
    raw: list[Message] = []
    for message in messages:
        if message.get("role") == "assistant" and history:
            started = time.perf_counter()
            outcome = peer.prepare(history)
            stats.round_trips.append(time.perf_counter() - started)
            stats.calls += 1
            stats.compactions += int(outcome.compacted)
            stats.errors += int(outcome.error)
            stats.seconds.append(outcome.seconds)
            if outcome.note:
                stats.notes.add(outcome.note[:160])
            history = list(outcome.messages)
            stats.tokens_raw.append(counter.request(raw))
            stats.tokens_sent.append(counter.request(history))
        history.append(message)
        raw.append(message)
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", default=EXTERNAL)
    parser.add_argument("--window", type=int, default=32_000)
    parser.add_argument("--limit", type=int, default=3, help="trajectories to replay")
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args()
    counter = TranscriptCounter(ExactCounter())
    paths = sorted(args.data.glob("*.json"))[: args.limit]
    trajectories = [
        (path.stem, json.loads(path.read_text(encoding="utf-8"))["messages"]) for path in paths
    ]
    settings = PeerSettings(model="gpt-4o", context_window=args.window)
    print(
        "| peer | trajectory | calls | compactions | errors | peak raw | peak sent | "
        "cumulative sent / raw | median s/prepare | max s/prepare | median round trip s |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in args.names:
        try:
            peer = create_peer(name, settings)
        except PeerUnavailable as exc:
            print(f"| {name} | unavailable: {exc} |")
            continue
        try:
            for label, messages in trajectories:
                stats = replay(peer, messages, counter)
                print(
                    f"| {name} | {label} | {stats.calls} | {stats.compactions} | "
                    f"{stats.errors} | {max(stats.tokens_raw):,} | {max(stats.tokens_sent):,} | "
                    f"{sum(stats.tokens_sent) / sum(stats.tokens_raw):.2f} | "
                    f"{statistics.median(stats.seconds):.4f} | {max(stats.seconds):.4f} | "
                    f"{statistics.median(stats.round_trips):.4f} |",
                    flush=True,
                )
                for note in sorted(stats.notes):
                    print(f"  note: {note}", file=sys.stderr)
        finally:
            peer.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
