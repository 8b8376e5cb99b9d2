"""Two processes hammering one stored session: appends and compactions for a minute.

Each worker process opens the same session through StoredSession (real engine, real store),
appends messages from a real trajectory in a loop and asks for a forced compaction every few
appends. Afterwards the parent checks: every appended message is in the original transcript
exactly once and in each worker's order, no position is duplicated, the number of compaction
events equals the number of compactions the workers saw committed (no double compaction), and
the active transcript holds exactly one checkpoint. Runs on SQLite and on PostgreSQL (when
PACKLIGHT_TEST_POSTGRES_DSN or --postgres is given). Writes benchmarks/results/concurrency.md.

    python3 dev.py bench concurrency [--seconds 60] [--postgres DSN]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine_header, write_result
from packlight.cli.demo import example_path
from packlight.messages import is_summary
from packlight.store import open_store
from packlight.stored_session import StoredSession

COMPACT_EVERY = 6


def payload() -> list[dict[str, Any]]:
    """User/assistant turns of the bundled trajectory, as plain messages (no tool pairs, so
    that interleaving two writers cannot create orphan tool results)."""
    messages = json.loads(example_path().read_text(encoding="utf-8"))["messages"]
    return [
        {"role": m["role"], "content": m["content"] or "(tool call)"}
        for m in messages
        if m["role"] in {"user", "assistant"}
    ]


def worker(url: str, session_id: str, seconds: float, tag: str) -> None:
    store = open_store(url)
    session = StoredSession(store, session_id, context_window=8_000, lease_seconds=30)
    turns = payload()
    counts: Counter[str] = Counter()
    deadline = time.monotonic() + seconds
    number = 0
    while time.monotonic() < deadline:
        message = dict(turns[number % len(turns)])
        message["content"] = f"[{tag}#{number}] {message['content'][:400]}"
        session.append([message])
        counts["appended"] += 1
        number += 1
        if number % COMPACT_EVERY == 0:
            result = session.compact(force=True, trigger="hammer")
            if result.compacted:
                counts["committed"] += 1
            elif "lease" in result.reason:
                counts["lease_refused"] += 1
            elif "not committed" in result.reason:
                counts["stale_refused"] += 1
            else:
                counts["nothing_to_do"] += 1
    store.close()
    print(json.dumps({"tag": tag, **counts}))


def run(url: str, label: str, seconds: float) -> list[str]:
    store = open_store(url)
    session = StoredSession.create(store, messages=[{"role": "system", "content": "rules"}])
    session_id = session.session_id
    store.close()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    processes = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker", url, session_id, str(seconds), tag],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        for tag in ("A", "B")
    ]
    reports = [json.loads((p.communicate()[0] or "{}").strip().splitlines()[-1]) for p in processes]

    store = open_store(url)
    rows = store.all_messages(session_id)
    positions = Counter(r.position for r in rows)
    original = StoredSession(store, session_id).original_messages()
    events = store.compaction_events(session_id)
    active = store.active_messages(session_id)
    store.close()

    appended = {
        tag: [m["content"] for m in original if m["content"].startswith(f"[{tag}#")]
        for tag in ("A", "B")
    }
    lost = duplicated = 0
    for report in reports:
        tag = report["tag"]
        expected = [f"[{tag}#{n}]" for n in range(report.get("appended", 0))]
        seen = [text.split(" ", 1)[0] for text in appended[tag]]
        lost += len(set(expected) - set(seen))
        duplicated += len(seen) - len(set(seen))
        if seen != sorted(seen, key=lambda s: int(s.split("#")[1][:-1])):
            duplicated += 1  # out of order counts as a failure too
    committed = sum(r.get("committed", 0) for r in reports)
    double = len(events) - committed
    checkpoints = sum(1 for r in active if is_summary(r.message))
    return [
        f"| {label} | {seconds:.0f} s | {sum(r.get('appended', 0) for r in reports):,} | "
        f"{committed:,} | {sum(r.get('lease_refused', 0) for r in reports):,} | "
        f"{sum(r.get('stale_refused', 0) for r in reports):,} | {len(events):,} | {double} | "
        f"{lost} | {duplicated} | {sum(1 for c in positions.values() if c > 1)} | {checkpoints} |"
    ]


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--postgres", default=os.environ.get("PACKLIGHT_TEST_POSTGRES_DSN"))
    args = parser.parse_args()
    lines = [
        machine_header("Two processes hammering one session"),
        "Two worker processes share one session through StoredSession (ContextCompressor, "
        f"8K window): each appends a message per iteration and forces a compaction every "
        f"{COMPACT_EVERY} appends. Counts after both stop:",
        "",
        "| store | duration | appended | compactions committed | refused (lease held) | "
        "refused (stale) | events stored | double compactions | lost messages | "
        "duplicated or reordered | duplicate positions | checkpoints in transcript |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    with tempfile.TemporaryDirectory() as folder:
        lines += run(str(Path(folder) / "hammer.db"), "SQLite (WAL)", args.seconds)
        print(lines[-1], flush=True)
    if args.postgres:
        from packlight.store.postgres import PostgresStore

        schema = f"packlight_bench_{uuid.uuid4().hex[:8]}"
        os.environ["PACKLIGHT_STORE_SCHEMA"] = schema  # inherited by the workers
        try:
            lines += run(args.postgres, "PostgreSQL 15", args.seconds)
            print(lines[-1], flush=True)
        finally:
            PostgresStore.drop_schema(args.postgres, schema)
    text = "\n".join(lines) + "\n"
    print(text)
    print(f"written to {write_result('concurrency.md', text)}")


if __name__ == "__main__":
    main()
