"""SQLite-only behaviour of SQLiteStore: what the shared contract suite cannot show.

The file format (WAL, migrations), the injected clock, the search fallback for builds without
FTS5 trigram, error translation, and two kinds of real processes: two writers hammering one
session, and a writer SIGKILLed in the middle of a compaction or of a session's creation.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import signal
import sqlite3
import stat
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

import platformdirs
import pytest

from packlight.artifacts import Artifact
from packlight.errors import UserError
from packlight.messages import Message
from packlight.store import CompactionEvent, StaleTranscriptError, StoreError
from packlight.store import sqlite as sqlite_module
from packlight.store.migrations import Migration, pending_migrations
from packlight.store.sqlite import (
    CRASH_POINT_ENV,
    CRASH_POINTS,
    CREATE_CRASH_POINT,
    SQLiteStore,
    default_store_path,
)
from tests.store.invariants import check_compactions


def msg(text: str) -> Message:
    return cast(Message, {"role": "user", "content": text})


def event(session_id: str, identifier: str) -> CompactionEvent:
    return CompactionEvent(
        id=identifier,
        session_id=session_id,
        created_at=datetime(2026, 1, 1, tzinfo=UTC),
        trigger="manual",
        before_tokens=100,
        after_tokens=10,
        before_messages=5,
        after_messages=1,
        summarizer="fake",
        duration_seconds=0.0,
        checkpoint_id=None,
    )


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


class Clock:
    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


# --- the file ------------------------------------------------------------------------------


def test_the_file_is_created_under_new_directories_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "packlight.db"
    with_store = SQLiteStore(path)
    with_store.close()
    assert path.is_file()
    conn = raw(path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        expected = {"sessions", "messages", "compactions", "engine_state", "leases", "artifacts"}
        assert expected | {"schema_migrations", "artifacts_fts"} <= tables
    finally:
        conn.close()


def test_foreign_keys_cascade_on_every_threads_connection(tmp_path: Path) -> None:
    # foreign_keys is per connection: a thread's own connection must switch it on, or
    # deleting a session there would leave its rows behind.
    path = tmp_path / "p.db"
    store = SQLiteStore(path)

    def churn() -> None:
        session = store.create_session(session_id="s")
        store.append_messages(session.id, [msg("a")])
        store.put_artifacts(session.id, [Artifact("a1", "tool_result", "x")])
        store.delete_session(session.id)

    thread = threading.Thread(target=churn)
    thread.start()
    thread.join()
    store.close()
    conn = raw(path)
    try:
        for table in ("messages", "artifacts"):
            assert conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] == 0
    finally:
        conn.close()


def test_default_store_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PACKLIGHT_HOME", str(tmp_path / "home"))
    assert default_store_path() == tmp_path / "home" / "packlight.db"
    monkeypatch.delenv("PACKLIGHT_HOME")
    assert default_store_path() == Path(platformdirs.user_data_dir("packlight")) / "packlight.db"


@pytest.mark.parametrize("path", [":memory:", "", "file:x.db?mode=memory"])
def test_a_file_path_is_required(path: str) -> None:
    with pytest.raises(UserError, match="file path"):
        SQLiteStore(path)


def test_migrations_are_recorded_once(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    SQLiteStore(path).close()
    SQLiteStore(path).close()
    conn = raw(path)
    try:
        rows = conn.execute("SELECT version, name FROM schema_migrations").fetchall()
    finally:
        conn.close()
    assert rows == [(m.version, m.name) for m in sqlite_module.MIGRATIONS]


def test_a_database_from_a_newer_packlight_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    SQLiteStore(path).close()
    conn = raw(path)
    conn.execute("INSERT INTO schema_migrations VALUES (999, 'from the future', 0)")
    conn.close()
    with pytest.raises(StoreError, match="newer"):
        SQLiteStore(path)


def test_pending_migrations_decides_order_and_refuses_unknown_versions() -> None:
    steps = [Migration(1, "one", ()), Migration(2, "two", ()), Migration(3, "three", ())]
    assert [m.version for m in pending_migrations(steps, set())] == [1, 2, 3]
    assert [m.version for m in pending_migrations(steps, {1, 2})] == [3]
    assert pending_migrations(steps, {1, 2, 3}) == []
    with pytest.raises(StoreError, match="newer"):
        pending_migrations(steps, {1, 4})
    with pytest.raises(ValueError, match="increasing"):
        pending_migrations([steps[1], steps[0]], set())
    with pytest.raises(ValueError, match=">= 1"):
        Migration(0, "zero", ())


def test_a_file_that_is_not_a_database_raises_store_error(tmp_path: Path) -> None:
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError) as caught:
        SQLiteStore(path)
    assert isinstance(caught.value.__cause__, sqlite3.DatabaseError)


def test_a_write_lock_held_too_long_raises_store_error(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    store = SQLiteStore(path, timeout=0.2)
    session = store.create_session()
    blocker = raw(path)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        with pytest.raises(StoreError, match="locked") as caught:
            store.append_messages(session.id, [msg("blocked")])
        assert isinstance(caught.value.__cause__, sqlite3.OperationalError)
        assert time.monotonic() - started >= 0.15  # it waited for the lock first
        assert store.active_messages(session.id) == []  # readers are not blocked by a writer
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    store.append_messages(session.id, [msg("now it goes")])
    store.close()


def test_a_duplicate_event_id_fails_the_whole_compaction(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "p.db")
    session = store.create_session()
    store.append_messages(session.id, [msg("a")])
    [row] = store.active_messages(session.id)
    store.commit_compaction(
        session.id,
        expected_positions=[row.position],
        new_messages=[msg("s")],
        new_tokens=None,
        event=event(session.id, "ev-1"),
        artifacts=[],
        engine_state=None,
    )
    before = store.all_messages(session.id)
    with pytest.raises(StoreError) as caught:
        store.commit_compaction(
            session.id,
            expected_positions=[before[-1].position],
            new_messages=[msg("t")],
            new_tokens=None,
            event=event(session.id, "ev-1"),
            artifacts=[Artifact("a1", "span", "x")],
            engine_state={"x": 1},
        )
    assert isinstance(caught.value.__cause__, sqlite3.IntegrityError)
    assert store.all_messages(session.id) == before
    assert store.list_artifacts(session.id) == []
    assert store.load_engine_state(session.id) is None
    store.close()


def test_connections_of_other_threads_are_closed_with_the_store(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "p.db")
    session = store.create_session()
    ready, go = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def reader() -> None:
        store.get_session(session.id)  # opens this thread's connection
        ready.set()
        go.wait()
        try:
            store.get_session(session.id)
        except StoreError as exc:
            errors.append(exc)

    thread = threading.Thread(target=reader)
    thread.start()
    ready.wait()
    store.close()
    go.set()
    thread.join()
    assert len(errors) == 1


# --- the clock -----------------------------------------------------------------------------


def test_leases_expire_by_the_injected_clock(tmp_path: Path) -> None:
    clock = Clock()
    store = SQLiteStore(tmp_path / "p.db", now=clock)
    session = store.create_session()
    assert session.created_at == datetime.fromtimestamp(clock.now, UTC)
    store.append_messages(session.id, [msg("a")])
    assert store.acquire_lease(session.id, "a", 10)
    clock.now += 9
    assert not store.acquire_lease(session.id, "b", 10)
    assert store.renew_lease(session.id, "a", 10)  # held until start + 19 now
    clock.now += 9
    assert not store.acquire_lease(session.id, "b", 10)
    clock.now += 1  # exactly at expiry: expired
    with pytest.raises(StaleTranscriptError):
        store.commit_compaction(
            session.id,
            expected_positions=[row.position for row in store.active_messages(session.id)],
            new_messages=[msg("late")],
            new_tokens=None,
            event=event(session.id, "ev-late"),
            artifacts=[],
            engine_state=None,
            lease_holder="a",
        )
    assert not store.renew_lease(session.id, "a", 10)
    assert store.acquire_lease(session.id, "b", 10)
    store.end_session(session.id, "completed")
    record = store.get_session(session.id)
    assert record is not None
    assert record.ended_at == datetime.fromtimestamp(clock.now, UTC)
    store.close()


@pytest.mark.parametrize("ttl", [0, -1, float("nan"), float("inf")])
def test_a_lease_needs_a_positive_finite_ttl(tmp_path: Path, ttl: float) -> None:
    store = SQLiteStore(tmp_path / "p.db")
    session = store.create_session()
    with pytest.raises(UserError, match="ttl_seconds"):
        store.acquire_lease(session.id, "a", ttl)
    store.close()


# --- search --------------------------------------------------------------------------------

ARTIFACTS = [
    Artifact("trace", "tool_result", 'File "/testbed/django/contrib/admin/options.py", line 9'),
    Artifact("lint", "tool_result", "ok\nsrc/a.py:1:1: HAT136 x\nsrc/b.py:2:2: HAT136 #7"),
    Artifact("short", "tool_result", "id: ab\nvalue: 42 ab"),
]


def test_short_words_are_checked_on_the_text(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "p.db")
    session = store.create_session()
    store.put_artifacts(session.id, ARTIFACTS)
    # "#7" is below trigram length: FTS finds HAT136, the text check finds the line with #7.
    [hit] = store.search_artifacts(session.id, "HAT136 #7")
    assert (hit.artifact_id, hit.line) == ("lint", 3)
    assert [h.artifact_id for h in store.search_artifacts(session.id, "ab")] == ["short"]
    assert store.search_artifacts(session.id, "HAT136 zz") == []
    assert [h.artifact_id for h in store.search_artifacts(session.id, '"options.py"')] == ["trace"]
    store.close()


def test_search_limit_is_clamped(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "p.db")
    session = store.create_session()
    store.put_artifacts(
        session.id, [Artifact(f"a{n}", "tool_result", f"MARK{n:03} NEEDLE") for n in range(105)]
    )
    assert len(store.search_artifacts(session.id, "NEEDLE", limit=0)) == 1
    assert len(store.search_artifacts(session.id, "NEEDLE", limit=1000)) == 100
    store.close()


def test_search_without_fts5_scans_and_the_index_is_rebuilt_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.db"
    SQLiteStore(path).close()  # created with the index and its triggers
    monkeypatch.setattr(sqlite_module, "_fts5_trigram_available", lambda conn: False)
    without = SQLiteStore(path)
    session = without.create_session()
    without.put_artifacts(session.id, ARTIFACTS)  # no trigger may touch the index now
    assert [h.artifact_id for h in without.search_artifacts(session.id, "options.py")] == ["trace"]
    [hit] = without.search_artifacts(session.id, "hat136")
    assert (hit.artifact_id, hit.line, hit.score) == ("lint", 2, 2.0)
    assert without.delete_artifacts(session.id, ["short"]) == 1
    without.close()

    monkeypatch.undo()
    again = SQLiteStore(path)  # FTS5 is back: the index is rebuilt from the table
    assert [h.artifact_id for h in again.search_artifacts(session.id, "HAT136")] == ["lint"]
    assert again.search_artifacts(session.id, "value") == []
    again.close()
    conn = raw(path)
    conn.execute("INSERT INTO artifacts_fts(artifacts_fts, rank) VALUES ('integrity-check', 1)")
    conn.close()


def integrity_check(path: Path) -> None:
    """FTS5's own check that the index holds exactly what the artifacts table says."""
    conn = raw(path)
    try:
        conn.execute("INSERT INTO artifacts_fts(artifacts_fts, rank) VALUES ('integrity-check', 1)")
    finally:
        conn.close()


def indexed_rows(path: Path) -> int:
    conn = raw(path)
    try:
        return int(conn.execute("SELECT count(*) FROM artifacts_fts_docsize").fetchone()[0])
    finally:
        conn.close()


def test_artifacts_are_indexed_when_searched_not_when_written(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    store = SQLiteStore(path)
    session = store.create_session()
    store.put_artifacts(session.id, ARTIFACTS)
    assert indexed_rows(path) == 0  # writing them did not pay for the index
    assert [h.artifact_id for h in store.search_artifacts(session.id, "HAT136")] == ["lint"]
    assert indexed_rows(path) == len(ARTIFACTS)
    store.put_artifacts(session.id, [Artifact("late", "tool_result", "written after: QZX918")])
    assert [h.artifact_id for h in store.search_artifacts(session.id, "qzx918")] == ["late"]
    store.close()
    integrity_check(path)


def test_deleting_indexed_and_unindexed_artifacts_keeps_the_index_exact(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    store = SQLiteStore(path)
    session = store.create_session()
    rng = random.Random(4)
    words = [f"W{rng.randrange(10**6):06d}X" for _ in range(6)]
    first = [Artifact(f"i{n}", "tool_result", f"indexed {words[n]}") for n in range(3)]
    store.put_artifacts(session.id, first)
    assert store.search_artifacts(session.id, words[0])  # the first three are indexed now
    later = [Artifact(f"q{n}", "tool_result", f"queued {words[n]}") for n in range(3, 6)]
    store.put_artifacts(session.id, later)
    # One indexed and one queued artifact go, the newest among them (its seq may come back).
    assert store.delete_artifacts(session.id, ["i1", "q5"]) == 2
    store.put_artifacts(session.id, [Artifact("new", "tool_result", "reused seq ZQV404")])
    assert [h.artifact_id for h in store.search_artifacts(session.id, "ZQV404")] == ["new"]
    assert store.search_artifacts(session.id, words[1]) == []
    assert store.search_artifacts(session.id, words[5]) == []
    found = {h.artifact_id for w in words for h in store.search_artifacts(session.id, w)}
    assert found == {"i0", "i2", "q3", "q4"}
    store.close()
    integrity_check(path)


def test_a_file_indexed_on_write_by_an_earlier_version_is_taken_over(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    SQLiteStore(path).close()
    conn = raw(path)  # the earlier scheme: a trigger indexing each artifact as it is written
    for name in ("artifacts_fts_queue", "artifacts_fts_forget"):
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute(
        "CREATE TRIGGER artifacts_fts_insert AFTER INSERT ON artifacts BEGIN INSERT INTO "
        "artifacts_fts(rowid, content) VALUES (new.seq, new.content); END"
    )
    conn.close()
    store = SQLiteStore(path)
    session = store.create_session()
    store.put_artifacts(session.id, ARTIFACTS)
    assert indexed_rows(path) == 0  # the old trigger is gone
    assert [h.artifact_id for h in store.search_artifacts(session.id, "HAT136")] == ["lint"]
    assert store.delete_artifacts(session.id, ["lint"]) == 1
    assert store.search_artifacts(session.id, "HAT136") == []
    store.close()
    integrity_check(path)


# --- real processes ------------------------------------------------------------------------

HAMMER = textwrap.dedent(
    """
    import json, sys, time
    from datetime import UTC, datetime
    from packlight.store import CompactionEvent, StaleTranscriptError
    from packlight.store.sqlite import SQLiteStore

    path, session_id, name, deadline, log_path = sys.argv[1:]
    store = SQLiteStore(path)
    log = []
    i = 0
    while time.time() < float(deadline):
        content = f"{name}-{i}"
        store.append_messages(session_id, [{"role": "user", "content": content}])
        log.append({"appended": content})
        i += 1
        if not store.acquire_lease(session_id, name, 30):
            continue
        held_from = time.time()
        try:
            active = store.active_messages(session_id)
            if len(active) <= 4:
                continue
            ev = CompactionEvent(
                id=f"{name}-ev{i}", session_id=session_id, created_at=datetime.now(UTC),
                trigger="manual", before_tokens=len(active), after_tokens=3,
                before_messages=len(active), after_messages=3, summarizer="fake",
                duration_seconds=0.0, checkpoint_id=None, meta={"holder": name},
            )
            summary = {"role": "user", "content": f"summary {ev.id}",
                       "_packlight": {"kind": "checkpoint"}}
            positions = [row.position for row in active]
            try:
                store.commit_compaction(
                    session_id, expected_positions=positions,
                    new_messages=[summary] + [row.message for row in active[-2:]],
                    new_tokens=None, event=ev, artifacts=[],
                    engine_state={"last": ev.id}, lease_holder=name,
                )
                log.append({"compacted": ev.id, "positions": positions})
            except StaleTranscriptError:
                log.append({"stale": ev.id})  # must not happen: appends only add late rows
        finally:
            log.append({"held": [held_from, time.time()]})
            store.release_lease(session_id, name)
    store.close()
    with open(log_path, "w") as out:
        json.dump(log, out)
    """
)


@pytest.mark.slow
def test_two_processes_hammering_one_session(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    store = SQLiteStore(path)
    session = store.create_session()
    script = tmp_path / "hammer.py"
    script.write_text(HAMMER)
    deadline = time.time() + 4.0
    names = ["alpha", "beta"]
    common = [sys.executable, str(script), str(path), session.id]
    workers = [
        subprocess.Popen(
            [*common, name, str(deadline), str(tmp_path / f"{name}.json")],
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in names
    ]
    for worker in workers:
        _, stderr = worker.communicate(timeout=60)
        assert worker.returncode == 0, stderr
    logs = {name: json.loads((tmp_path / f"{name}.json").read_text()) for name in names}

    rows = store.all_messages(session.id)
    positions = [row.position for row in rows]
    assert positions == sorted(set(positions)), "a position was duplicated or reordered"
    originals = [str(row.message["content"]) for row in rows if row.inserted_by is None]
    for name in names:
        appended = [entry["appended"] for entry in logs[name] if "appended" in entry]
        assert appended, f"{name} never ran"
        assert [text for text in originals if text.startswith(f"{name}-")] == appended
    assert len(originals) == sum(1 for name in names for entry in logs[name] if "appended" in entry)

    committed = {
        entry["compacted"]: entry["positions"]
        for name in names
        for entry in logs[name]
        if "compacted" in entry
    }
    events = store.compaction_events(session.id)
    assert committed, "no compaction succeeded"
    # Under the lease, appends by the other process only add late rows: nothing is stale.
    assert [entry for name in names for entry in logs[name] if "stale" in entry] == []
    assert sorted(ev.id for ev in events) == sorted(committed)  # no double, no ghost
    compacted_by = {row.compaction_id for row in rows if not row.active}
    assert compacted_by == set(committed)  # every event replaced rows
    # Each event compacted exactly the prefix it read and carried the late rows after its
    # new list; no appended message fell out of the live transcript.
    late = check_compactions(rows, committed, new_count=3)
    print(f"\n{len(originals)} appends, {len(events)} compactions, {late} late rows carried")
    assert store.load_engine_state(session.id) == {"last": events[-1].id}
    active = store.active_messages(session.id)
    assert active[0].message["content"] == f"summary {events[-1].id}"

    windows = sorted(
        (start, end, name)
        for name in names
        for entry in logs[name]
        if "held" in entry
        for start, end in [entry["held"]]
    )
    for (_, end, holder), (start, _, next_holder) in itertools.pairwise(windows):
        if holder != next_holder:
            assert end <= start, "two processes held the lease at once"
    store.close()


CRASHER = textwrap.dedent(
    """
    import sys
    from datetime import UTC, datetime
    from packlight.artifacts import Artifact
    from packlight.store import CompactionEvent
    from packlight.store.sqlite import SQLiteStore

    path, session_id = sys.argv[1:]
    store = SQLiteStore(path)
    active = store.active_messages(session_id)
    # Big enough that SQLite spills uncommitted pages into the WAL before COMMIT.
    big = "".join(f"line {n} of the archived output CRASHTEST\\n" for n in range(80_000))
    store.commit_compaction(
        session_id,
        expected_positions=[row.position for row in active[:4]],  # "old 4", "old 5" came late
        new_messages=[{"role": "user", "content": f"new {n}"} for n in range(4)],
        new_tokens=[1, 2, 3, 4],
        event=CompactionEvent(
            id="ev-crash", session_id=session_id, created_at=datetime.now(UTC),
            trigger="manual", before_tokens=10, after_tokens=4, before_messages=6,
            after_messages=4, summarizer=None, duration_seconds=0.0, checkpoint_id="big",
        ),
        artifacts=[Artifact("big", "span", big)],
        engine_state={"after": True},
    )
    store.close()
    """
)


@pytest.mark.slow
@pytest.mark.parametrize("point", CRASH_POINTS)
def test_a_process_killed_inside_a_compaction_leaves_before_or_after(
    tmp_path: Path, point: str
) -> None:
    path = tmp_path / "p.db"
    store = SQLiteStore(path)
    session = store.create_session()
    store.append_messages(session.id, [msg(f"old {n}") for n in range(6)])
    store.save_engine_state(session.id, {"after": False})
    store.close()
    old = [f"old {n}" for n in range(6)]
    new = [f"new {n}" for n in range(4)] + old[4:]  # the late rows follow the new list

    script = tmp_path / "crasher.py"
    script.write_text(CRASHER)
    env = {**os.environ, CRASH_POINT_ENV: point}
    result = subprocess.run(
        [sys.executable, str(script), str(path), session.id],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == -signal.SIGKILL, result.stderr

    reopened = SQLiteStore(path)
    committed = point == "after-commit"
    active = [row.message["content"] for row in reopened.active_messages(session.id)]
    assert active == (new if committed else old)
    rows = reopened.all_messages(session.id)
    assert len({row.position for row in rows}) == len(rows) == (12 if committed else 6)
    assert [row.message["content"] for row in rows if row.inserted_by is None] == old
    assert [ev.id for ev in reopened.compaction_events(session.id)] == (
        ["ev-crash"] if committed else []
    )
    assert reopened.load_engine_state(session.id) == {"after": committed}
    assert (reopened.get_artifact(session.id, "big") is not None) == committed
    assert len(reopened.search_artifacts(session.id, "CRASHTEST")) == int(committed)
    conn = raw(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.execute("INSERT INTO artifacts_fts(artifacts_fts, rank) VALUES ('integrity-check', 1)")
    finally:
        conn.close()

    # Still usable: the compaction that died goes through now (or a further one on top).
    positions = [row.position for row in reopened.active_messages(session.id)]
    reopened.commit_compaction(
        session.id,
        expected_positions=positions,
        new_messages=[msg("retried")],
        new_tokens=None,
        event=event(session.id, "ev-retry"),
        artifacts=[],
        engine_state=None,
    )
    assert [row.message["content"] for row in reopened.active_messages(session.id)] == ["retried"]
    reopened.close()


CREATE_CRASHER = textwrap.dedent(
    """
    import sys
    from packlight.artifacts import Artifact
    from packlight.store.sqlite import SQLiteStore

    store = SQLiteStore(sys.argv[1])
    big = "".join(f"line {n} of an admitted output\\n" for n in range(80_000))
    store.create_session(
        session_id="half-made",
        messages=[{"role": "user", "content": f"m{n}"} for n in range(400)],
        artifacts=[Artifact("out", "tool_result", big)],
        engine_state={"n": 1},
    )
    """
)


@pytest.mark.slow
def test_a_process_killed_inside_a_session_creation_leaves_no_session(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    SQLiteStore(path).close()
    script = tmp_path / "create_crasher.py"
    script.write_text(CREATE_CRASHER)
    result = subprocess.run(
        [sys.executable, str(script), str(path)],
        env={**os.environ, CRASH_POINT_ENV: CREATE_CRASH_POINT},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == -signal.SIGKILL, result.stderr
    reopened = SQLiteStore(path)
    try:
        assert reopened.get_session("half-made") is None
        assert reopened.all_messages("half-made") == []
        assert reopened.list_sessions() == []
        conn = raw(path)
        try:
            assert conn.execute("SELECT COUNT(*) FROM messages").fetchone()[0] == 0
            assert conn.execute("SELECT COUNT(*) FROM artifacts").fetchone()[0] == 0
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            conn.close()
        # The id is free: the creation can simply be run again.
        reopened.create_session(session_id="half-made", messages=[msg("again")])
        assert [r.message["content"] for r in reopened.all_messages("half-made")] == ["again"]
    finally:
        reopened.close()


@pytest.fixture
def usual_umask() -> Iterator[None]:
    previous = os.umask(0o022)  # what most systems give: new files 0644, folders 0755
    try:
        yield
    finally:
        os.umask(previous)


@pytest.mark.usefixtures("usual_umask")
def test_a_new_store_is_private_to_its_owner(tmp_path: Path) -> None:
    path = tmp_path / "data" / "packlight" / "packlight.db"
    store = SQLiteStore(path)
    try:
        session = store.create_session(messages=[{"role": "user", "content": "a secret"}])
        assert store.active_messages(session.id)
        files = [path, *(path.with_name(path.name + s) for s in ("-wal", "-shm"))]
        assert {stat.S_IMODE(f.stat().st_mode) for f in files if f.exists()} == {0o600}
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert stat.S_IMODE((tmp_path / "data").stat().st_mode) == 0o700
    finally:
        store.close()


@pytest.mark.usefixtures("usual_umask")
def test_a_store_left_readable_by_others_is_narrowed_and_its_folder_left_alone(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir(mode=0o755)
    path = folder / "old.db"
    SQLiteStore(path).close()
    path.chmod(0o644)  # as an earlier version created it
    store = SQLiteStore(path)
    try:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(folder.stat().st_mode) == 0o755
    finally:
        store.close()
