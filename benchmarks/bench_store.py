"""Store speed: append throughput and compaction commit time on a 4,000-message session,
SQLite and PostgreSQL side by side. Writes benchmarks/results/store.md.

    python3 dev.py bench store [--data DIR] [--postgres DSN]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DEFAULT_DATA, machine_header, write_result
from bench_compress import concatenated
from packlight.compressor.engine import ContextCompressor
from packlight.store.base import CompactionEvent, SessionStore

SIZE = 4_000


def measure(label: str, factory: Callable[[], SessionStore], messages: list[dict[str, Any]]) -> str:
    store = factory()
    try:
        # Append one message at a time, as an agent loop does.
        session = store.create_session(model="gpt-4o")
        started = time.perf_counter()
        for message in messages:
            store.append_messages(session.id, [message], [None])
        single = time.perf_counter() - started
        # And the whole transcript in one call (an import).
        bulk_session = store.create_session(model="gpt-4o")
        started = time.perf_counter()
        store.append_messages(bulk_session.id, messages, [None] * len(messages))
        bulk = time.perf_counter() - started

        engine = ContextCompressor(model="gpt-4o", context_window=32_000)
        result = engine.compress(messages, force=True)
        commits = []
        for _ in range(3):
            target = store.create_session(model="gpt-4o")
            positions = store.append_messages(target.id, messages, [None] * len(messages))
            event = CompactionEvent(
                id=f"c{uuid.uuid4().hex}",
                session_id=target.id,
                created_at=datetime.now(UTC),
                trigger="bench",
                before_tokens=result.before_tokens,
                after_tokens=result.after_tokens,
                before_messages=result.before_messages,
                after_messages=result.after_messages,
                summarizer=result.summarizer_path,
                duration_seconds=result.duration_seconds,
                checkpoint_id=None,
            )
            started = time.perf_counter()
            store.commit_compaction(
                target.id,
                expected_positions=positions,
                new_messages=result.messages,
                new_tokens=None,
                event=event,
                artifacts=result.artifacts,
                engine_state=engine.export_state(),
            )
            commits.append(time.perf_counter() - started)
        search_started = time.perf_counter()
        store.search_artifacts(target.id, "Traceback", limit=10)
        search = time.perf_counter() - search_started
    finally:
        store.close()
    return (
        f"| {label} | {len(messages) / single:,.0f} | {len(messages) / bulk:,.0f} | "
        f"{statistics.median(commits) * 1000:,.1f} | {len(result.artifacts):,} | "
        f"{len(result.messages):,} | {search * 1000:,.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--postgres", default=os.environ.get("PACKLIGHT_TEST_POSTGRES_DSN"))
    args = parser.parse_args()
    messages = concatenated(args.data, SIZE)
    lines = [
        machine_header("Store speed"),
        f"A {len(messages):,}-message session (the dev trajectories laid end to end). Appends "
        "one message per call (agent loop) and all at once (import); the compaction commit "
        "replaces all active rows with the compacted list (32K window) and stores its "
        "artifacts, event and engine state in one transaction (median of 3).",
        "",
        "| store | appends/s (one per call) | appends/s (bulk) | compaction commit ms | "
        "artifacts written | rows inserted | artifact search ms |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    with tempfile.TemporaryDirectory() as folder:
        from packlight.store.sqlite import SQLiteStore

        lines.append(measure("SQLite (WAL)", lambda: SQLiteStore(Path(folder) / "b.db"), messages))
        print(lines[-1], flush=True)
    if args.postgres:
        from packlight.store.postgres import PostgresStore

        schema = f"packlight_bench_{uuid.uuid4().hex[:8]}"
        try:
            lines.append(
                measure(
                    "PostgreSQL 15",
                    lambda: PostgresStore(args.postgres, schema=schema),
                    messages,
                )
            )
            print(lines[-1], flush=True)
        finally:
            PostgresStore.drop_schema(args.postgres, schema)
    text = "\n".join(lines) + "\n"
    print(text)
    print(f"written to {write_result('store.md', text)}")


if __name__ == "__main__":
    main()
