"""StoredSession: the engine and a real store together (SQLite here, both in the contract)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from packlight.cli.demo import example_path
from packlight.errors import ConfigError
from packlight.store.base import ROTATION_SEED, StaleTranscriptError, StoreError
from packlight.store.sqlite import SQLiteStore
from packlight.stored_session import StoredSession, original_messages
from tests.formats.strategies import canonical_transcripts


def example_messages() -> list[dict[str, Any]]:
    return json.loads(example_path().read_text(encoding="utf-8"))["messages"]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    opened = SQLiteStore(tmp_path / "store.db")
    yield opened
    opened.close()


def open_session(store: Any, **options: Any) -> StoredSession:
    return StoredSession.create(
        store, model="gpt-4o", messages=example_messages(), context_window=32_000, **options
    )


def test_compaction_is_stored_and_the_original_rebuilt(store: SQLiteStore) -> None:
    session = open_session(store)
    result = session.compact(force=True)
    assert result.compacted, result.reason
    assert session.messages() == result.messages
    assert session.original_messages() == example_messages()
    (event,) = store.compaction_events(session.session_id)
    assert event.before_messages == len(example_messages())
    assert event.after_messages == len(result.messages)
    assert event.checkpoint_id is not None
    assert store.get_artifact(session.session_id, event.checkpoint_id) is not None
    assert len(store.list_artifacts(session.session_id)) == len(result.artifacts)


def test_a_restarted_process_behaves_as_the_one_that_stopped(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    first_store = SQLiteStore(path)
    first = open_session(first_store)
    first.compact(force=True)
    first.observe({"prompt_tokens": 30_000})
    state = first.engine.export_state()
    first_store.close()

    second_store = SQLiteStore(path)
    second = StoredSession(second_store, first.session_id, context_window=32_000)
    assert second.engine.export_state() == state  # counters, sentinel, artifact key
    assert second.engine.compactions == 1
    second_store.close()


def test_a_held_lease_means_the_transcript_comes_back_unchanged(store: SQLiteStore) -> None:
    session = open_session(store)
    assert store.acquire_lease(session.session_id, "someone-else", 60)
    before = session.messages()
    result = session.compact(force=True)
    assert not result.compacted
    assert "lease" in result.reason
    assert session.messages() == before
    assert session.engine.compactions == 0


class FailingStore:
    """A real store whose chosen method fails, to script what a database can do."""

    def __init__(self, inner: SQLiteStore, failing: str, error: Exception) -> None:
        self._inner = inner
        self._failing = failing
        self._error = error

    def __getattr__(self, name: str) -> Any:
        if name == self._failing:

            def fail(*args: Any, **kwargs: Any) -> Any:
                raise self._error

            return fail
        return getattr(self._inner, name)


@pytest.mark.parametrize(
    ("failing", "error", "fragment"),
    [
        ("acquire_lease", StoreError("database is locked"), "could not be evaluated"),
        ("commit_compaction", StaleTranscriptError("active rows changed"), "not committed"),
        ("commit_compaction", StoreError("disk I/O error"), "not committed"),
    ],
)
def test_store_failures_never_half_apply(
    store: SQLiteStore, failing: str, error: Exception, fragment: str
) -> None:
    session = open_session(store)
    before = session.messages()
    flaky = StoredSession(
        FailingStore(store, failing, error), session.session_id, context_window=32_000
    )
    result = flaky.compact(force=True)
    assert not result.compacted
    assert fragment in result.reason
    assert result.messages == before
    assert session.messages() == before
    assert store.compaction_events(session.session_id) == []
    assert flaky.engine.compactions == 0
    assert store.acquire_lease(session.session_id, "next", 60)  # the lease was released


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(canonical_transcripts(max_turns=10), st.integers(min_value=1, max_value=3))
def test_original_transcript_is_rebuilt_exactly(
    tmp_path: Path, transcript: list[dict[str, Any]], rounds: int
) -> None:
    path = tmp_path / f"prop-{abs(hash(json.dumps(transcript, sort_keys=True))) % 10**9}.db"
    store = SQLiteStore(path)
    try:
        snapshot = copy.deepcopy(transcript)
        session = StoredSession.create(store, messages=transcript, context_window=4_000)
        extra = {"role": "user", "content": "one more thing"}
        for _ in range(rounds):
            session.compact(force=True)
            session.append([extra])
        assert session.original_messages() == [*snapshot, *[extra] * rounds]
        assert transcript == snapshot
    finally:
        store.close()


def test_the_model_can_pull_back_what_was_compacted(store: SQLiteStore) -> None:
    session = open_session(store)
    session.compact(force=True)
    names = {schema["function"]["name"] for schema in session.engine.get_tool_schemas()}
    assert {"context_search", "context_read", "context_grep", "context_expand"} <= names
    found = session.engine.handle_tool_call("context_grep", {"pattern": "ImproperlyConfigured"})
    assert "ImproperlyConfigured" in found
    (event,) = store.compaction_events(session.session_id)
    expanded = session.engine.handle_tool_call(
        "context_expand", json.dumps({"compaction_id": event.checkpoint_id})
    )
    assert "pr_description" in expanded or "reproduce" in expanded
    bad = session.engine.handle_tool_call("context_read", {"id": "artifact://nope"})
    assert bad.startswith("error:")


def test_huge_tool_output_is_admitted_as_a_preview_and_restored_exactly(
    store: SQLiteStore,
) -> None:
    log = "\n".join(f"line {n}: running test_{n} ... ok" for n in range(6_000))
    log += "\nTraceback (most recent call last):\nValueError: boom\n<returncode>1</returncode>"
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": "run the tests"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "bash", "arguments": '{"command": "pytest"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": log, "_packlight": {"mine": 1}},
    ]
    session = StoredSession.create(store, messages=messages, context_window=128_000)
    preview = session.messages()[2]
    assert len(preview["content"]) < len(log) / 10
    assert "ValueError: boom" in preview["content"]
    assert "context_read" in preview["content"]
    assert session.original_messages() == messages
    artifact_id = preview["_packlight"]["admitted"]
    read = session.engine.handle_tool_call("context_read", {"id": artifact_id, "start_line": 6000})
    assert "ValueError: boom" in read or "line 5999" in read


def test_rotation_continues_in_a_child_and_resume_finds_it(store: SQLiteStore) -> None:
    session = open_session(store, in_place=False)
    parent_id = session.session_id
    result = session.compact(force=True)
    assert result.compacted
    child_id = session.session_id
    assert child_id != parent_id
    parent = store.get_session(parent_id)
    assert parent is not None
    assert parent.end_reason == "compression"
    assert session.messages() == result.messages
    extra = {"role": "user", "content": "and now?"}
    session.append([extra])
    resumed = StoredSession.resume(store, parent_id, context_window=32_000)
    assert resumed.session_id == child_id
    assert resumed.original_messages() == [*example_messages(), extra]
    found = resumed.engine.handle_tool_call("context_grep", {"pattern": "ImproperlyConfigured"})
    assert "artifact://" in found  # the parent's archive is readable from the child


def test_archived_outputs_live_in_the_store_not_in_engine_memory(store: SQLiteStore) -> None:
    session = open_session(store)
    result = session.compact(force=True)
    span = next(a for a in result.artifacts if a.kind == "span")
    assert session.engine.archive.get(span.id) == store.get_artifact(session.session_id, span.id)


class RecordingStore:
    """A real store that records which of its methods were called."""

    def __init__(self, inner: SQLiteStore) -> None:
        self._inner = inner
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._inner, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return method(*args, **kwargs)

        return call


WRITES = {
    "create_session",
    "append_messages",
    "put_artifacts",
    "save_engine_state",
    "commit_compaction",
    "commit_rotation",
    "end_session",
}


def huge_tool_exchange(call_id: str = "c1") -> list[dict[str, Any]]:
    log = "\n".join(f"line {n}: running test_{n} ... ok" for n in range(6_000))
    return [
        {"role": "user", "content": "run the tests"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": "bash", "arguments": '{"command": "pytest"}'},
                }
            ],
        },
        # _packlight sits between other keys: the restored message keeps that order.
        {"tool_call_id": call_id, "_packlight": {"mine": 1}, "role": "tool", "content": log},
    ]


def test_a_new_session_is_written_in_one_store_call(store: SQLiteStore) -> None:
    recording = RecordingStore(store)
    messages = [*example_messages(), *huge_tool_exchange()]
    session = StoredSession.create(
        cast(Any, recording), model="gpt-4o", messages=messages, context_window=32_000
    )
    assert [name for name in recording.calls if name in WRITES] == ["create_session"]
    assert len(store.all_messages(session.session_id)) == len(messages)
    assert len(store.list_artifacts(session.session_id)) == 1  # the admitted output
    assert store.load_engine_state(session.session_id) == session.engine.export_state()
    assert session.original_messages() == messages


def test_appended_outputs_and_their_previews_are_one_write(store: SQLiteStore) -> None:
    session = open_session(store)
    recording = RecordingStore(store)
    session.store = cast(Any, recording)
    session.append(huge_tool_exchange("c9"))
    assert [name for name in recording.calls if name in WRITES] == ["append_messages"]
    assert len(store.list_artifacts(session.session_id)) == 1


def test_an_admitted_output_is_restored_exactly(store: SQLiteStore) -> None:
    exchange = huge_tool_exchange()
    plain = {**exchange[2]}
    del plain["_packlight"]
    messages = [*exchange, {"role": "user", "content": "again"}, {**plain, "tool_call_id": "c1"}]
    session = StoredSession.create(store, messages=messages, context_window=128_000)
    previews = [m for m in session.messages() if m.get("role") == "tool"]
    assert all("admitted" in m["_packlight"] for m in previews)
    restored = session.original_messages()
    assert restored == messages
    assert [list(m) for m in restored] == [list(m) for m in messages]  # key order too
    assert json.dumps(restored) == json.dumps(messages)


def test_originals_need_no_engine_and_answer_for_each_id(store: SQLiteStore) -> None:
    session = open_session(store, in_place=False)
    root = session.session_id
    assert session.compact(force=True).compacted
    extra = {"role": "user", "content": "and now?"}
    session.append([extra])
    assert original_messages(store, session.session_id) == session.original_messages()
    assert session.original_messages() == [*example_messages(), extra]
    assert original_messages(store, root) == example_messages()
    child = store.get_session(session.session_id)
    assert child is not None
    assert child.meta[ROTATION_SEED] == len(session.messages()) - 1
    assert all(
        row.inserted_by is not None for row in store.all_messages(child.id)[:-1]
    )  # the seeded rows are marked as a compaction's


def test_a_child_rotated_by_an_earlier_packlight_still_reads_exactly(store: SQLiteStore) -> None:
    # Before rotations were one commit, a child's seeded rows were plain appended rows
    # counted by ROTATION_SEED in its meta.
    parent = store.create_session(messages=[{"role": "user", "content": f"p{n}"} for n in range(3)])
    store.end_session(parent.id, "compression")
    seeded = [{"role": "user", "content": "summary"}, {"role": "user", "content": "p2"}]
    child = store.create_session(parent_id=parent.id, meta={ROTATION_SEED: 2}, messages=seeded)
    store.append_messages(child.id, [{"role": "user", "content": "c0"}])
    assert [m["content"] for m in original_messages(store, child.id)] == ["p0", "p1", "p2", "c0"]


def test_a_compaction_outside_the_lease_is_not_committed(store: SQLiteStore) -> None:
    session = open_session(store)
    before = session.messages()
    result = session.engine.compress(before, force=True)  # not through session.compact
    assert not result.compacted
    assert "outside its lease" in result.reason
    assert session.messages() == before
    assert store.compaction_events(session.session_id) == []


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), float("inf")])
def test_the_lease_must_last_a_positive_time(store: SQLiteStore, seconds: float) -> None:
    with pytest.raises(ConfigError):
        StoredSession.create(store, messages=example_messages(), lease_seconds=seconds)
    assert store.list_sessions() == []  # refused before anything was written
