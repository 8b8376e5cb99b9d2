"""A compaction killed with SIGKILL at a random moment leaves the session fully before or
fully after it, and a session being created is there whole or not at all, on both stores (a
real subprocess, a real kill, no injected hooks)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from packlight.cli.demo import example_path
from packlight.store import open_store
from packlight.stored_session import original_messages

pytestmark = pytest.mark.slow

COMMITTER = textwrap.dedent(
    """
    import json, sys, uuid
    from datetime import UTC, datetime
    from packlight.artifacts import make_artifact
    from packlight.store import open_store
    from packlight.store.base import CompactionEvent

    url, session_id, positions = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    store = open_store(url)
    # Many large artifacts make the commit long enough to be killed in the middle of it.
    artifacts = [
        make_artifact(b"k" * 32, "tool_result", f"artifact {n}\\n" + "x" * 200_000)
        for n in range(40)
    ]
    event = CompactionEvent(
        id="c" + uuid.uuid4().hex, session_id=session_id, created_at=datetime.now(UTC),
        trigger="test", before_tokens=1, after_tokens=1, before_messages=len(positions),
        after_messages=1, summarizer="deterministic", duration_seconds=0.0,
        checkpoint_id=None,
    )
    print("ready", flush=True)
    store.commit_compaction(
        session_id, expected_positions=positions,
        new_messages=[{"role": "user", "content": "[packlight checkpoint] after"}],
        new_tokens=None, event=event, artifacts=artifacts, engine_state={"n": 1},
    )
    print("committed", flush=True)
    """
)


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "crash.db")
        return
    dsn = os.environ.get("PACKLIGHT_TEST_POSTGRES_DSN")
    if not dsn:
        pytest.skip("set PACKLIGHT_TEST_POSTGRES_DSN to run the PostgreSQL half (.ci/run does)")
    schema = f"packlight_crash_{uuid.uuid4().hex[:8]}"
    os.environ["PACKLIGHT_STORE_SCHEMA"] = schema
    try:
        yield dsn
    finally:
        from packlight.store.postgres import PostgresStore

        PostgresStore.drop_schema(dsn, schema)
        os.environ.pop("PACKLIGHT_STORE_SCHEMA", None)


def test_sigkill_during_commit_is_all_or_nothing(store_url: str, tmp_path: Path) -> None:
    script = tmp_path / "committer.py"
    script.write_text(COMMITTER, encoding="utf-8")
    messages: list[dict[str, Any]] = json.loads(example_path().read_text(encoding="utf-8"))[
        "messages"
    ]
    outcomes = {"before": 0, "after": 0}
    # Kill at several moments of the commit; the last attempt waits for it to finish first.
    for attempt, delay in enumerate((0.0, 0.05, 0.15, 0.3, 0.6, 1.0, None)):
        store = open_store(store_url)
        session = store.create_session(meta={"attempt": attempt})
        positions = store.append_messages(session.id, messages)
        store.close()
        process = subprocess.Popen(
            [sys.executable, str(script), store_url, session.id, json.dumps(positions)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready"
        if delay is None:
            assert process.stdout.readline().strip() == "committed"
        else:
            time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        process.stdout.close()

        store = open_store(store_url)
        try:
            active = [row.message for row in store.active_messages(session.id)]
            rows = store.all_messages(session.id)
            events = store.compaction_events(session.id)
            assert len({r.position for r in rows}) == len(rows)  # no duplicate rows
            original = [r.message for r in rows if r.inserted_by is None]
            assert original == messages  # nothing lost, nothing doubled
            if active == messages:
                assert events == []
                assert store.load_engine_state(session.id) is None
                outcomes["before"] += 1
            else:
                assert active == [{"role": "user", "content": "[packlight checkpoint] after"}]
                assert len(events) == 1
                assert len(store.list_artifacts(session.id)) == 40
                outcomes["after"] += 1
            store.append_messages(session.id, [{"role": "user", "content": "still usable"}])
        finally:
            store.close()
    assert outcomes["before"] >= 1  # killed before the commit finished at least once
    assert outcomes["after"] >= 1  # and the last kill came after it


CREATOR = textwrap.dedent(
    """
    import json, sys
    from packlight.cli.demo import example_path
    from packlight.store import open_store
    from packlight.stored_session import StoredSession

    store = open_store(sys.argv[1])
    example = json.loads(example_path().read_text(encoding="utf-8"))["messages"]
    messages = list(example) * 3  # many rows per session
    for n in range(3):  # outputs over the admission threshold: archived as artifacts
        call = {"id": f"call-{n}", "type": "function",
                "function": {"name": "bash", "arguments": "{}"}}
        messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        log = "".join(f"{n}:{line:05d} running test_{line} ... ok\\n" for line in range(6000))
        messages.append({"role": "tool", "tool_call_id": f"call-{n}", "content": log})
    meta = {"messages": len(messages), "admitted": 3}
    with open(sys.argv[2], "w", encoding="utf-8") as written:  # what every session must give back
        json.dump(messages, written)
    for n in range(1_000_000):  # create sessions until killed (the first warms up)
        print("creating", flush=True)
        StoredSession.create(
            store, model="gpt-4o", meta=meta, messages=messages, context_window=32_000
        )
        print("created" if n else "ready", flush=True)
    """
)


def test_sigkill_while_creating_sessions_never_leaves_a_partial_one(
    store_url: str, tmp_path: Path
) -> None:
    script = tmp_path / "creator.py"
    script.write_text(CREATOR, encoding="utf-8")
    chance = random.Random(20260304)
    killed_while_creating = 0
    for _ in range(8):
        process = subprocess.Popen(
            [sys.executable, str(script), store_url, str(tmp_path / "written.json")],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "creating"
        assert process.stdout.readline().strip() == "ready"
        time.sleep(chance.uniform(0.05, 1.5))
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        said = process.stdout.read().split()  # what it printed before dying
        process.stdout.close()
        killed_while_creating += bool(said) and said[-1] == "creating"

    store = open_store(store_url)
    try:
        sessions = store.list_sessions(limit=100_000)
        written = json.loads((tmp_path / "written.json").read_text(encoding="utf-8"))
        partial: list[tuple[str, int]] = []
        inexact: list[str] = []
        for record in sessions:
            rows = store.all_messages(record.id)
            admitted = [r for r in rows if "admitted" in r.message.get("_packlight", {})]
            whole = (
                len(rows) == record.meta["messages"]
                and len(admitted) == record.meta["admitted"]
                and len(store.list_artifacts(record.id)) == record.meta["admitted"]
                and store.load_engine_state(record.id) is not None
            )
            if not whole:
                partial.append((record.id, len(rows)))
            # Every whole session gives back exactly what was written, admitted outputs
            # restored, key order included.
            originals = json.dumps(original_messages(store, record.id))
            if originals != json.dumps(written):
                inexact.append(record.id)
        assert partial == []
        assert inexact == []
        assert killed_while_creating >= 1  # some kills did land inside a creation
    finally:
        store.close()
