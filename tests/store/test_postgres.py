"""PostgreSQL-only behaviour of PostgresStore: what the shared contract suite cannot show.

Several pools stand in for several hosts; the stress test runs two real processes. Every test
gets its own schema, dropped afterwards. Needs PACKLIGHT_TEST_POSTGRES_DSN (``.ci/run`` sets it).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from packlight.artifacts import Artifact
from packlight.errors import MissingExtraError, UserError
from packlight.store.base import (
    CompactionEvent,
    SessionNotFoundError,
    StaleTranscriptError,
    StoreError,
)
from packlight.store.postgres_schema import MIGRATIONS
from tests.store.invariants import check_compactions

POSTGRES_DSN_VAR = "PACKLIGHT_TEST_POSTGRES_DSN"
DSN = os.environ.get(POSTGRES_DSN_VAR, "")

pytestmark = pytest.mark.skipif(
    not DSN,
    reason=f"PostgreSQL tests need {POSTGRES_DSN_VAR} "
    "(e.g. postgresql://postgres@127.0.0.1:5432/test); .ci/run sets it",
)

if DSN:
    from packlight.store.postgres import PostgresStore

OpenStore = Callable[..., "PostgresStore"]


@pytest.fixture
def schema() -> Iterator[str]:
    name = f"packlight_test_{uuid.uuid4().hex[:12]}"
    yield name
    PostgresStore.drop_schema(DSN, name)


@pytest.fixture
def open_store(schema: str) -> Iterator[OpenStore]:
    """Opens another store (another pool: another "host") on the test's schema."""
    opened: list[PostgresStore] = []

    def make(**options: Any) -> PostgresStore:
        store = PostgresStore(DSN, schema=options.pop("schema", schema), **options)
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close()


def sql_rows(query: str, *params: Any) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(DSN) as conn:
        cursor = conn.execute(query, params or None)
        return cursor.fetchall() if cursor.description else []


def event_for(session_id: str, **overrides: Any) -> CompactionEvent:
    fields: dict[str, Any] = {
        "id": uuid.uuid4().hex,
        "session_id": session_id,
        "created_at": datetime.now(UTC),
        "trigger": "manual",
        "before_tokens": 100,
        "after_tokens": 10,
        "before_messages": 4,
        "after_messages": 1,
        "summarizer": "test",
        "duration_seconds": 0.01,
        "checkpoint_id": None,
    }
    fields.update(overrides)
    return CompactionEvent(**fields)


def user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


# --- migrations -------------------------------------------------------------------------------


def test_migrations_are_recorded_once_and_reopening_keeps_the_data(
    open_store: OpenStore, schema: str
) -> None:
    first = open_store()
    session = first.create_session(model="m")
    first.append_messages(session.id, [user("hello")])
    first.close()

    again = open_store()
    assert again.get_session(session.id) == session
    assert [row.message for row in again.active_messages(session.id)] == [user("hello")]
    versions = sql_rows(f'SELECT version, name FROM "{schema}".schema_migrations ORDER BY 1')
    assert [version for version, _ in versions] == [m.version for m in MIGRATIONS]


def test_hosts_starting_together_migrate_once(open_store: OpenStore, schema: str) -> None:
    with ThreadPoolExecutor(max_workers=6) as pool:
        stores = list(pool.map(lambda _: open_store(min_size=0, max_size=1), range(6)))
    assert len(stores) == 6
    assert sql_rows(f'SELECT count(*) FROM "{schema}".schema_migrations') == [(len(MIGRATIONS),)]


def test_a_schema_from_a_newer_packlight_is_refused(open_store: OpenStore, schema: str) -> None:
    open_store().close()
    sql_rows(f'INSERT INTO "{schema}".schema_migrations VALUES (99, %s, now())', "from the future")
    with pytest.raises(StoreError, match="newer"):
        open_store()


def test_schema_names_are_quoted_not_interpolated(open_store: OpenStore) -> None:
    odd = f'packlight "test"; DROP {uuid.uuid4().hex[:6]}'
    try:
        store = open_store(schema=odd)
        session = store.create_session()
        assert store.get_session(session.id) == session
    finally:
        PostgresStore.drop_schema(DSN, odd)


# --- leases and compare-and-swap across hosts ------------------------------------------------


def test_exactly_one_of_two_hosts_takes_the_lease(open_store: OpenStore) -> None:
    host_a, host_b = open_store(), open_store()
    for _ in range(25):
        session = host_a.create_session()
        barrier = threading.Barrier(2)

        def race(
            store: PostgresStore,
            holder: str,
            session_id: str = session.id,
            barrier: threading.Barrier = barrier,
        ) -> bool:
            barrier.wait()
            return store.acquire_lease(session_id, holder, 30)

        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(race, [host_a, host_b], ["a", "b"]))
        assert sorted(results) == [False, True]


def test_lease_expiry_follows_the_injected_clock(open_store: OpenStore) -> None:
    clock = [1_000.0]
    host_a = open_store(now=lambda: clock[0])
    host_b = open_store(now=lambda: clock[0])
    session = host_a.create_session()
    host_a.append_messages(session.id, [user("one"), user("two")])

    assert host_a.acquire_lease(session.id, "a", 10)
    assert not host_b.acquire_lease(session.id, "b", 10)
    assert host_a.acquire_lease(session.id, "a", 10)  # ours already: re-entrant
    clock[0] += 9.9
    assert host_a.renew_lease(session.id, "a", 10)  # now expires at 1019.9
    clock[0] += 10.0
    assert host_b.acquire_lease(session.id, "b", 10)
    assert not host_a.renew_lease(session.id, "a", 10)
    host_a.release_lease(session.id, "a")  # not the holder: nothing happens
    assert not host_a.acquire_lease(session.id, "a", 10)

    with pytest.raises(StaleTranscriptError, match="lease"):
        host_a.commit_compaction(
            session.id,
            expected_positions=[0, 1],
            new_messages=[user("summary")],
            new_tokens=None,
            event=event_for(session.id),
            artifacts=[],
            engine_state=None,
            lease_holder="a",
        )
    assert host_a.compaction_events(session.id) == []
    assert host_b.commit_compaction(
        session.id,
        expected_positions=[0, 1],
        new_messages=[user("summary")],
        new_tokens=None,
        event=event_for(session.id),
        artifacts=[],
        engine_state=None,
        lease_holder="b",
    ) == [2]
    host_b.release_lease(session.id, "b")
    assert host_a.acquire_lease(session.id, "a", 10)


def test_two_hosts_compacting_the_same_transcript_one_wins(open_store: OpenStore) -> None:
    host_a, host_b = open_store(), open_store()
    for _ in range(10):
        session = host_a.create_session()
        host_a.append_messages(session.id, [user(f"m{i}") for i in range(6)])
        expected = [row.position for row in host_a.active_messages(session.id)]
        barrier = threading.Barrier(2)

        def compact(
            store: PostgresStore,
            name: str,
            session_id: str = session.id,
            expected: list[int] = expected,
            barrier: threading.Barrier = barrier,
        ) -> str:
            event = event_for(session_id, id=f"{session_id}-{name}")
            barrier.wait()
            try:
                store.commit_compaction(
                    session_id,
                    expected_positions=expected,
                    new_messages=[user(f"summary by {name}")],
                    new_tokens=[3],
                    event=event,
                    artifacts=[Artifact(id=f"art-{name}", kind="span", content=name)],
                    engine_state={"by": name},
                )
            except StaleTranscriptError:
                return "stale"
            return name

        with ThreadPoolExecutor(max_workers=2) as pool:
            outcome = list(pool.map(compact, [host_a, host_b], ["a", "b"]))
        winners = [name for name in outcome if name != "stale"]
        assert len(winners) == 1
        assert outcome.count("stale") == 1
        winner = winners[0]
        active = host_b.active_messages(session.id)
        assert [row.message for row in active] == [user(f"summary by {winner}")]
        assert [event.id for event in host_b.compaction_events(session.id)] == [
            f"{session.id}-{winner}"
        ]
        assert [artifact.id for artifact in host_b.list_artifacts(session.id)] == [f"art-{winner}"]
        assert host_b.load_engine_state(session.id) == {"by": winner}
        assert len(host_b.all_messages(session.id)) == 7


# --- search -----------------------------------------------------------------------------------

TRACEBACK = """Traceback (most recent call last):
  File "/testbed/django/contrib/admin/options.py", line 1112, in get_search_results
    queryset = queryset.filter(reduce(operator.or_, or_queries))
django.core.exceptions.FieldError: Related Field got invalid lookup: icontains"""
LINT = """src/app/models.py:12:5: E501 line too long (112 > 100)
src/app/views.py:40:1: HAT136 unsorted imports in the handler module
Found 2 errors."""
PYTEST = """============================= test session starts ==============================
collected 3 items

tests/admin_changelist/tests.py::ChangeListTests::test_multiple_search_fields FAILED
tests/admin_changelist/tests.py::ChangeListTests::test_no_duplicates PASSED"""


@pytest.mark.parametrize(
    ("query", "artifact_id", "line", "fragment"),
    [
        ("django/contrib/admin/options.py", "traceback", 2, 'options.py", line 1112'),
        ("options.py", "traceback", 2, "/testbed/django/contrib/admin/options.py"),
        ("HAT136", "lint", 2, "HAT136 unsorted imports"),
        ("hat136", "lint", 2, "HAT136 unsorted imports"),
        ("test_multiple_search_fields", "pytest", 4, "::test_multiple_search_fields FAILED"),
        ("search_fields", "pytest", 4, "test_multiple_search_fields"),
        ("FieldError icontains", "traceback", 4, "Related Field got invalid lookup"),
        ("get_search_results", "traceback", 2, "in get_search_results"),
    ],
)
def test_search_finds_code_identifiers(
    open_store: OpenStore, query: str, artifact_id: str, line: int, fragment: str
) -> None:
    store = open_store()
    session = store.create_session()
    store.put_artifacts(
        session.id,
        [
            Artifact(id="traceback", kind="tool_result", content=TRACEBACK),
            Artifact(id="lint", kind="tool_result", content=LINT),
            Artifact(id="pytest", kind="tool_result", content=PYTEST),
        ],
    )
    hits = store.search_artifacts(session.id, query)
    assert [hit.artifact_id for hit in hits] == [artifact_id]
    assert hits[0].line == line
    assert fragment in hits[0].snippet
    assert (
        hits[0].snippet
        == {"traceback": TRACEBACK, "lint": LINT, "pytest": PYTEST}[artifact_id].split("\n")[
            line - 1
        ]
    )


def test_search_stays_inside_the_lineage(open_store: OpenStore) -> None:
    store = open_store()
    parent = store.create_session()
    child = store.create_session(parent_id=parent.id)
    stranger = store.create_session()
    store.put_artifacts(parent.id, [Artifact(id="shared", kind="tool_result", content=LINT)])
    store.put_artifacts(stranger.id, [Artifact(id="shared", kind="tool_result", content=LINT)])

    hits = store.search_artifacts(child.id, "HAT136")
    assert [(hit.artifact_id, hit.session_id) for hit in hits] == [("shared", parent.id)]
    assert [hit.session_id for hit in store.search_artifacts(stranger.id, "HAT136")] == [
        stranger.id
    ]
    lonely = store.create_session()
    assert store.search_artifacts(lonely.id, "HAT136") == []
    assert store.search_artifacts("no-such-session", "HAT136") == []


def test_search_clips_long_lines_around_the_match(open_store: OpenStore) -> None:
    store = open_store()
    session = store.create_session()
    long_line = "x" * 5_000 + " needle_in_haystack " + "y" * 5_000
    store.put_artifacts(
        session.id, [Artifact(id="big", kind="tool_result", content=f"first\n{long_line}")]
    )
    [hit] = store.search_artifacts(session.id, "needle_in_haystack")
    assert hit.line == 2
    assert "needle_in_haystack" in hit.snippet
    assert len(hit.snippet) <= 302


def test_content_past_the_tsvector_limit_is_stored_and_found(open_store: OpenStore) -> None:
    # ~1.3 MB of distinct words: more than one tsvector can hold (1 MB).
    words = "\n".join(" ".join(f"w{row:06d}x{col}" for col in range(10)) for row in range(15_000))
    content = words + "\nthe very last line names HAT999 once"
    store = open_store()
    session = store.create_session()
    store.put_artifacts(session.id, [Artifact(id="huge", kind="tool_result", content=content)])

    assert store.get_artifact(session.id, "huge") == Artifact("huge", "tool_result", content)
    [hit] = store.search_artifacts(session.id, "HAT999")
    assert (hit.artifact_id, hit.line) == ("huge", 15_001)
    assert [h.artifact_id for h in store.search_artifacts(session.id, "w000123x4")] == ["huge"]


# --- exactness and errors ---------------------------------------------------------------------


def test_what_postgres_text_cannot_hold_round_trips_exactly(open_store: OpenStore) -> None:
    store = open_store()
    awkward = "nul \x00, lone surrogate \udc80, emoji \U0001f600, é"
    message = {"role": "tool", "content": awkward, "z": [1, 1.0, math.inf], "a": {"b": None}}
    session = store.create_session(meta={"label": awkward})
    store.append_messages(session.id, [message])
    store.save_engine_state(session.id, {"note": awkward})
    store.put_artifacts(
        session.id, [Artifact(id="odd", kind="tool_result", content=awkward, meta={"k": awkward})]
    )

    again = open_store()
    [row] = again.all_messages(session.id)
    assert row.message == message
    assert list(row.message) == ["role", "content", "z", "a"]
    assert type(row.message["z"][1]) is float
    record = again.get_session(session.id)
    assert record is not None
    assert record.meta == {"label": awkward}
    assert again.load_engine_state(session.id) == {"note": awkward}
    assert again.get_artifact(session.id, "odd") == Artifact(
        "odd", "tool_result", awkward, {"k": awkward}
    )
    assert [hit.artifact_id for hit in again.search_artifacts(session.id, "surrogate")] == ["odd"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@pytest.fixture
def one_store(open_store: OpenStore) -> PostgresStore:
    return open_store()


# One store serves every example: the fixture is deliberately shared across them.
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(extra=st.dictionaries(st.text(), json_values, max_size=5))
def test_any_json_message_reads_back_equal(one_store: PostgresStore, extra: dict[str, Any]) -> None:
    store = one_store
    message = {"role": "assistant", **extra}
    session = store.create_session()
    store.append_messages(session.id, [message])
    [row] = store.active_messages(session.id)
    assert row.message == message


def test_a_session_made_with_its_first_messages_is_all_or_nothing(open_store: OpenStore) -> None:
    # The first turn of a conversation is one statement (no transaction around it): a
    # failure leaves neither the session nor any of its rows.
    store = open_store()
    first = [user(f"task {n}") for n in range(3)]
    made = store.create_session(session_id="kept", messages=first, tokens=[4, 4, 4])
    assert [row.message for row in store.active_messages(made.id)] == first
    assert [row.tokens for row in store.active_messages(made.id)] == [4, 4, 4]
    assert [row.position for row in store.active_messages(made.id)] == [0, 1, 2]
    store.append_messages(made.id, [user("next")])  # positions go on after the first rows
    assert [row.position for row in store.active_messages(made.id)] == [0, 1, 2, 3]

    with pytest.raises(StoreError, match="already exists"):
        store.create_session(session_id="kept", messages=[user("intruder")])
    assert [row.message for row in store.active_messages("kept")][-1] == user("next")
    with pytest.raises(SessionNotFoundError):
        store.create_session(session_id="orphan", parent_id="missing", messages=[user("x")])
    assert store.get_session("orphan") is None
    assert store.active_messages("orphan") == []


def test_driver_errors_become_store_errors(open_store: OpenStore) -> None:
    import psycopg

    with pytest.raises(StoreError, match="connect") as caught:
        PostgresStore("postgresql://postgres@127.0.0.1:1/test", schema="unused")
    assert isinstance(caught.value.__cause__, psycopg.OperationalError)

    store = open_store()
    session = store.create_session(session_id="fixed")
    with pytest.raises(StoreError, match="already exists"):
        store.create_session(session_id="fixed")
    with pytest.raises(SessionNotFoundError):
        store.create_session(parent_id="missing")
    with pytest.raises(SessionNotFoundError):
        store.append_messages("missing", [user("x")])
    with pytest.raises(SessionNotFoundError):
        store.acquire_lease("missing", "me", 5)
    with pytest.raises(SessionNotFoundError):
        store.put_artifacts("missing", [])
    with pytest.raises(StoreError) as text_error:
        store.create_session(model="nul\x00in a model name")
    assert isinstance(text_error.value.__cause__, psycopg.Error)
    with pytest.raises(UserError):
        store.acquire_lease(session.id, "me", 0)
    with pytest.raises(UserError):
        store.append_messages(session.id, [user("x")], tokens=[1, 2])

    store.close()
    store.close()
    with pytest.raises(StoreError):
        store.get_session(session.id)


def test_a_missing_driver_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # what `import psycopg` sees uninstalled
    with pytest.raises(MissingExtraError, match=r"packlight\[postgres\]"):
        PostgresStore(DSN)


def test_delete_session_removes_its_rows_and_orphans_its_children(
    open_store: OpenStore, schema: str
) -> None:
    store = open_store()
    parent = store.create_session()
    child = store.create_session(parent_id=parent.id)
    store.append_messages(parent.id, [user("a"), user("b")])
    store.put_artifacts(parent.id, [Artifact(id="p", kind="tool_result", content="parent")])
    store.commit_compaction(
        parent.id,
        expected_positions=[0, 1],
        new_messages=[user("summary")],
        new_tokens=None,
        event=event_for(parent.id),
        artifacts=[Artifact(id="q", kind="span", content="a b")],
        engine_state={"x": 1},
    )
    assert store.acquire_lease(parent.id, "me", 30)

    store.delete_session(parent.id)
    store.delete_session(parent.id)  # again: nothing to do

    assert store.get_session(parent.id) is None
    orphan = store.get_session(child.id)
    assert orphan is not None
    assert orphan.parent_id is None
    assert store.lineage(child.id) == [orphan]
    assert store.get_artifact(child.id, "p") is None
    for table in ("messages", "compactions", "engine_state", "leases", "artifacts"):
        assert sql_rows(f'SELECT count(*) FROM "{schema}".{table}') == [(0,)], table


# --- two real processes -----------------------------------------------------------------------

WORKER = """
import json, sys, time, uuid
from datetime import UTC, datetime

from packlight.store.base import CompactionEvent, StaleTranscriptError
from packlight.store.postgres import PostgresStore

dsn, schema, session_id, worker, start_at, seconds = sys.argv[1:]
store = PostgresStore(dsn, schema=schema, max_size=2)
appended, commits, stale, busy = [], [], 0, 0
while time.time() < float(start_at):
    time.sleep(0.001)
deadline = time.time() + float(seconds)
while time.time() < deadline:
    marker = f"{worker}-{len(appended)}"
    store.append_messages(session_id, [{"role": "user", "content": marker}], [1])
    appended.append(marker)
    if not store.acquire_lease(session_id, worker, 30):
        busy += 1
        continue
    try:
        active = store.active_messages(session_id)
        if len(active) <= 2:
            continue
        event = CompactionEvent(
            id=uuid.uuid4().hex, session_id=session_id, created_at=datetime.now(UTC),
            trigger="manual", before_tokens=len(active), after_tokens=3,
            before_messages=len(active), after_messages=3, summarizer="stress",
            duration_seconds=0.0, checkpoint_id=None,
        )
        kept = [row.message for row in active[-2:]]
        positions = [row.position for row in active]
        try:
            store.commit_compaction(
                session_id,
                expected_positions=positions,
                new_messages=[{"role": "user", "content": f"summary by {worker}"}, *kept],
                new_tokens=None, event=event, artifacts=[], engine_state={"by": worker},
                lease_holder=worker,
            )
            commits.append([event.id, positions])
        except StaleTranscriptError:
            stale += 1
    finally:
        store.release_lease(session_id, worker)
store.close()
print(json.dumps({"appended": appended, "commits": commits, "stale": stale, "busy": busy}))
"""


@pytest.mark.slow
def test_two_processes_hammering_one_session_lose_nothing(
    open_store: OpenStore, schema: str, tmp_path: Path
) -> None:
    store = open_store()
    session = store.create_session()
    script = tmp_path / "worker.py"
    script.write_text(WORKER, encoding="utf-8")
    start_at = time.time() + 1.5  # both processes import and connect first
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    processes = [
        subprocess.Popen(
            [sys.executable, str(script), DSN, schema, session.id, name, str(start_at), "4"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for name in ("p1", "p2")
    ]
    reports = []
    for process in processes:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        reports.append(json.loads(out))

    rows = store.all_messages(session.id)
    appended = [marker for report in reports for marker in report["appended"]]
    replaced = {event_id: positions for r in reports for event_id, positions in r["commits"]}
    assert all(report["appended"] for report in reports)
    assert replaced, reports

    # Positions: unique, gapless, never reused.
    assert [row.position for row in rows] == list(range(len(rows)))
    # The original transcript: every appended message exactly once, each process's in order.
    originals = [row.message["content"] for row in rows if row.inserted_by is None]
    assert Counter(originals) == Counter(appended)
    for report in reports:
        own = set(report["appended"])
        assert [marker for marker in originals if marker in own] == report["appended"]
    # Events are exactly the successful commits (no double compaction), and under the lease
    # none was stale: a message appended meanwhile is a late row, not a refusal.
    events = store.compaction_events(session.id)
    assert sorted(event.id for event in events) == sorted(replaced)
    assert sum(report["stale"] for report in reports) == 0
    assert {row.compaction_id for row in rows if not row.active} == set(replaced)
    # Each compacted exactly the prefix its process read, then carried the rows appended
    # meanwhile after its new list (copies, same message and tokens): none vanished.
    late = check_compactions(rows, replaced, new_count=3)
    print(
        f"\n{len(appended)} appends, {len(replaced)} compactions, {late} late rows carried, "
        f"{sum(r['busy'] for r in reports)} busy"
    )


def _terminate(application: str) -> int:
    rows = sql_rows(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
        application,
    )
    return len(rows)


def test_a_connection_dropped_while_idle_is_replaced_before_use(
    schema: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from packlight.store import postgres as postgres_module

    application = f"packlight_idle_{uuid.uuid4().hex[:8]}"
    store = PostgresStore(f"{DSN}?application_name={application}", schema=schema, max_size=1)
    try:
        record = store.create_session()
        # Idle past the threshold (here: any idle time): checked before it is handed out.
        monkeypatch.setattr(postgres_module, "_CHECK_AFTER_IDLE_SECONDS", 0.0)
        assert _terminate(application) >= 1
        got = store.get_session(record.id)
        assert got is not None
        assert got.id == record.id
        # Back from use moments ago, it is trusted: a drop just then fails one call with a
        # StoreError, and the pool replaces the broken connection for the next.
        monkeypatch.setattr(postgres_module, "_CHECK_AFTER_IDLE_SECONDS", 3600.0)
        assert _terminate(application) >= 1
        with pytest.raises(StoreError):
            store.get_session(record.id)
        again = store.get_session(record.id)
        assert again is not None
        assert again.id == record.id
    finally:
        store.close()


# --- relaxed commits ----------------------------------------------------------------------------


def _setting(store: PostgresStore, name: str) -> str:
    # What the server applies to the store's statements there and then (not observable
    # through the store's own methods, short of timing a commit).
    with store._connection("test", None) as conn:
        row = conn.execute(f"SHOW {name}").fetchone()
    assert row is not None
    return str(row[0])


def test_relaxed_commits_only_inside_the_block_and_with_the_dsn_s_own_options(
    schema: str,
) -> None:
    timeout_ms = 60_000 + uuid.uuid4().int % 1000
    separator = "&" if "?" in DSN else "?"
    dsn = f"{DSN}{separator}options=-c%20statement_timeout%3D{timeout_ms}"
    store = PostgresStore(dsn, schema=schema)
    try:
        assert _setting(store, "synchronous_commit") == "on"
        with store.relaxed_commits():
            assert _setting(store, "synchronous_commit") == "off"
            assert _setting(store, "statement_timeout") == f"{timeout_ms}ms"
        assert _setting(store, "synchronous_commit") == "on"
        assert _setting(store, "statement_timeout") == f"{timeout_ms}ms"
    finally:
        store.close()


def test_relaxed_writes_are_whole_and_seen_by_other_hosts_at_once(open_store: OpenStore) -> None:
    writer, reader = open_store(), open_store()
    record = writer.create_session()
    texts = [f"turn {n} {uuid.uuid4().hex[:6]}" for n in range(3)]
    with writer.relaxed_commits():
        writer.append_messages(record.id, [user(text) for text in texts])
        # A failing write inside the block is rolled back whole, as outside it.
        with pytest.raises(SessionNotFoundError):
            writer.append_messages("no-such-session", [user("lost")])
    assert writer.advance_head(record.id, owner="o", head="h1", length=3, previous=None)
    assert [m.message["content"] for m in reader.active_messages(record.id)] == texts
    head = reader.get_head(record.id)
    assert head is not None
    assert (head.head, head.length) == ("h1", 3)
