"""StoredSession: the engine and a real store together (SQLite here, both in the contract)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from packlight.cli.demo import example_path
from packlight.store.base import StaleTranscriptError, StoreError
from packlight.store.sqlite import SQLiteStore
from packlight.stored_session import StoredSession
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
