"""Encryption at rest: saving and loading a real-sized session, sealed against plaintext.

Side by side in one run, on the same SQLite file system (and PostgreSQL when
``PACKLIGHT_TEST_POSTGRES_DSN`` is set): create a session with a trajectory's messages and
its tool outputs as artifacts, read every message back, read every artifact back, search the
archive. Prints the times and the ratio sealed/plain; writes nothing.

    python3 dev.py bench encryption [--data DIR] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DEFAULT_DATA
from packlight.artifacts import Artifact, make_artifact
from packlight.messages import Message
from packlight.store import StoreProtection, new_store_key

TRAJECTORY = "psf__requests-1142"  # 476K tokens, the longest dev trajectory


def session(data_dir: Path) -> tuple[list[Message], list[Artifact]]:
    path = data_dir / "trajectories" / "mini-swe-agent" / f"{TRAJECTORY}.json"
    if path.exists():
        messages = cast(list[Message], json.loads(path.read_text(encoding="utf-8"))["messages"])
    else:  # a synthetic stand-in of a similar size
        messages = [
            {"role": "user" if i % 2 else "assistant", "content": f"line {i} " * 300}
            for i in range(200)
        ]
    key = b"k" * 32
    artifacts = [
        make_artifact(key, "tool_result", str(message.get("content")))
        for message in messages
        if message.get("role") in {"user", "tool"}
    ]
    return messages, artifacts


def timed(action: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def measure(
    store: Any, messages: list[Message], artifacts: list[Artifact], repeat: int
) -> dict[str, float]:
    ids: list[str] = []

    def save() -> None:
        ids.append(uuid.uuid4().hex)
        store.create_session(session_id=ids[-1], messages=messages, artifacts=artifacts)

    times = {"save": timed(save, repeat)}
    times["load messages"] = timed(lambda: store.all_messages(ids[0]), repeat)
    times["load artifacts"] = timed(lambda: store.list_artifacts(ids[0]), repeat)
    times["search"] = timed(lambda: store.search_artifacts(ids[0], "error"), repeat)
    return times


def run(
    open_store: Callable[[StoreProtection], Any],
    messages: list[Message],
    artifacts: list[Artifact],
    repeat: int,
) -> dict[str, dict[str, float]]:
    results: dict[str, dict[str, float]] = {}
    for label, protection in (
        ("plain", StoreProtection()),
        ("sealed", StoreProtection(key=new_store_key())),
    ):
        store = open_store(protection)
        try:
            results[label] = measure(store, messages, artifacts, repeat)
        finally:
            store.close()
    return results


def report(backend: str, results: dict[str, dict[str, float]], size: int) -> None:
    print(f"\n{backend} ({size / 1e6:.1f} MB of message and artifact text per session)")
    print(f"{'':16} {'plain ms':>10} {'sealed ms':>10} {'sealed/plain':>13}")
    for step, plain in results["plain"].items():
        sealed = results["sealed"][step]
        print(f"{step:16} {plain * 1000:10.1f} {sealed * 1000:10.1f} {sealed / plain:13.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    messages, artifacts = session(args.data)
    size = sum(len(json.dumps(m)) for m in messages) + sum(len(a.content) for a in artifacts)
    print(f"{len(messages)} messages, {len(artifacts)} artifacts")
    with tempfile.TemporaryDirectory() as folder:
        from packlight.store.sqlite import SQLiteStore

        def sqlite(protection: StoreProtection) -> Any:
            return SQLiteStore(Path(folder) / f"{uuid.uuid4().hex}.db", protection=protection)

        report("SQLite", run(sqlite, messages, artifacts, args.repeat), size)
    dsn = os.environ.get("PACKLIGHT_TEST_POSTGRES_DSN")
    if dsn:
        from packlight.store.postgres import PostgresStore

        schemas: list[str] = []

        def postgres(protection: StoreProtection) -> Any:
            schemas.append(f"packlight_bench_{uuid.uuid4().hex[:12]}")
            return PostgresStore(dsn, schema=schemas[-1], protection=protection)

        try:
            report("PostgreSQL", run(postgres, messages, artifacts, args.repeat), size)
        finally:
            for schema in schemas:
                PostgresStore.drop_schema(dsn, schema)


if __name__ == "__main__":
    main()
