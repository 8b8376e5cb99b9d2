"""The ``SessionStore`` contract, run against every backend through the public protocol only.

Each test gets a fresh database from the ``store``/``store_factory`` fixtures (SQLite always,
PostgreSQL when ``PACKLIGHT_TEST_POSTGRES_DSN`` is set). Nothing here may depend on a backend's
choices that the contract leaves open: the first position's value, id formats, score scales.
"""

from __future__ import annotations

import dataclasses
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import pytest

from packlight.artifacts import Artifact
from packlight.errors import UserError
from packlight.messages import Message
from packlight.store import (
    CompactionEvent,
    SessionNotFoundError,
    SessionStore,
    StaleTranscriptError,
    StoredMessage,
    StoreError,
)
from packlight.store.base import ROTATION_SEED, SessionRecord, SessionRotatedError

StoreFactory = Callable[[], Any]


def msg(text: str, role: str = "user", **extra: Any) -> Message:
    return cast(Message, {"role": role, "content": text, **extra})


def event(session_id: str, **overrides: Any) -> CompactionEvent:
    values: dict[str, Any] = {
        "id": f"ev-{uuid.uuid4().hex}",
        "session_id": session_id,
        "created_at": datetime(2026, 3, 4, 5, 6, 7, 123456, tzinfo=UTC),
        "trigger": "preflight",
        "before_tokens": 1200,
        "after_tokens": 300,
        "before_messages": 6,
        "after_messages": 3,
        "summarizer": "deterministic",
        "duration_seconds": 0.25,
        "checkpoint_id": "aspan000000000000000000001",
        "reason": "over the threshold",
        "meta": {"fallback_used": False, "levels": [1, 2]},
    }
    values.update(overrides)
    return CompactionEvent(**values)


def compact(
    store: SessionStore,
    session_id: str,
    new_messages: Sequence[Message],
    *,
    expected: Sequence[int] | None = None,
    artifacts: Sequence[Artifact] = (),
    engine_state: dict[str, Any] | None = None,
    lease_holder: str | None = None,
    ev: CompactionEvent | None = None,
) -> tuple[CompactionEvent, list[int]]:
    """Commit a compaction of the whole active list (as read now unless ``expected`` is given)."""
    if expected is None:
        expected = [row.position for row in store.active_messages(session_id)]
    ev = ev or event(session_id)
    positions = store.commit_compaction(
        session_id,
        expected_positions=expected,
        new_messages=new_messages,
        new_tokens=[10 * (i + 1) for i in range(len(new_messages))],
        event=ev,
        artifacts=artifacts,
        engine_state=engine_state,
        lease_holder=lease_holder,
    )
    return ev, positions


def texts(rows: Sequence[StoredMessage]) -> list[Any]:
    return [row.message.get("content") for row in rows]


def artifact(identifier: str, content: str, kind: str = "tool_result", **meta: Any) -> Artifact:
    return Artifact(id=identifier, kind=cast(Any, kind), content=content, meta=meta)


# --- sessions --------------------------------------------------------------------------------


def test_store_implements_the_protocol(store: SessionStore) -> None:
    assert isinstance(store, SessionStore)


def test_create_and_get_session_round_trips(store: SessionStore) -> None:
    meta = {"source": "run.json", "tools": [{"name": "bash"}], "label": "ünïcode ✓"}
    before = datetime.now(UTC) - timedelta(seconds=5)
    created = store.create_session(model="gpt-5", meta=meta)
    assert created.parent_id is None
    assert created.model == "gpt-5"
    assert dict(created.meta) == meta
    assert created.created_at.tzinfo is not None
    assert before <= created.created_at <= datetime.now(UTC) + timedelta(seconds=5)
    assert created.ended_at is None
    assert created.end_reason is None
    assert store.get_session(created.id) == created
    assert store.get_session("no-such-session") is None


def test_generated_session_ids_are_unique_and_unguessable(store: SessionStore) -> None:
    ids = {store.create_session().id for _ in range(20)}
    assert len(ids) == 20
    assert all(len(identifier) >= 16 for identifier in ids)


def test_explicit_session_id_and_duplicates(store: SessionStore) -> None:
    assert store.create_session(session_id="fixed-id").id == "fixed-id"
    with pytest.raises(StoreError):
        store.create_session(session_id="fixed-id")


def test_child_of_an_unknown_parent_is_refused(store: SessionStore) -> None:
    with pytest.raises(SessionNotFoundError):
        store.create_session(parent_id="no-such-parent")


def test_list_sessions_newest_first_with_limit_and_offset(store: SessionStore) -> None:
    ids = [store.create_session(session_id=f"s{i}").id for i in range(5)]
    newest_first = list(reversed(ids))
    assert [record.id for record in store.list_sessions()] == newest_first
    assert [record.id for record in store.list_sessions(limit=2)] == newest_first[:2]
    assert [record.id for record in store.list_sessions(limit=2, offset=3)] == newest_first[3:]
    assert store.list_sessions(offset=10) == []


def test_end_session_records_reason_and_time(store: SessionStore) -> None:
    session = store.create_session()
    store.end_session(session.id, "completed")
    ended = store.get_session(session.id)
    assert ended is not None
    assert ended.end_reason == "completed"
    assert ended.ended_at is not None
    assert ended.ended_at >= session.created_at
    with pytest.raises(SessionNotFoundError):
        store.end_session("no-such-session", "completed")


def test_lineage_is_root_first_and_tip_follows_the_newest_child(store: SessionStore) -> None:
    root = store.create_session(session_id="root")
    older = store.create_session(session_id="older", parent_id=root.id)
    grandchild = store.create_session(session_id="grandchild", parent_id=older.id)
    newer = store.create_session(session_id="newer", parent_id=root.id)

    assert [r.id for r in store.lineage(grandchild.id)] == ["root", "older", "grandchild"]
    assert [r.id for r in store.lineage(root.id)] == ["root"]
    assert store.lineage(newer.id)[-1] == newer
    # The newest child of root is "newer", which has no children: the grandchild under the
    # older branch is not the tip.
    assert store.tip(root.id).id == "newer"
    assert store.tip(older.id).id == "grandchild"
    assert store.tip(grandchild.id).id == "grandchild"
    for call in (store.lineage, store.tip):
        with pytest.raises(SessionNotFoundError):
            call("no-such-session")


def test_delete_session_removes_all_its_rows_and_children_become_roots(
    store: SessionStore,
) -> None:
    parent = store.create_session(session_id="doomed")
    child = store.create_session(session_id="child", parent_id=parent.id)
    other = store.create_session(session_id="other")
    for session_id in (parent.id, other.id):
        store.append_messages(session_id, [msg("one"), msg("two")])
        compact(store, session_id, [msg("summary")], artifacts=[artifact("a1", "HAT136 here")])
        store.save_engine_state(session_id, {"strikes": 1})
        assert store.acquire_lease(session_id, "holder", 60)
    store.append_messages(child.id, [msg("child message")])

    store.delete_session(parent.id)

    assert store.get_session(parent.id) is None
    assert store.get_session(child.id) == dataclasses.replace(child, parent_id=None)
    assert [r.id for r in store.lineage(child.id)] == ["child"]
    assert texts(store.all_messages(child.id)) == ["child message"]
    assert store.get_artifact(child.id, "a1") is None
    # The id can be reused, and nothing of the old session comes back with it.
    store.create_session(session_id=parent.id)
    assert store.all_messages(parent.id) == []
    assert store.compaction_events(parent.id) == []
    assert store.load_engine_state(parent.id) is None
    assert store.list_artifacts(parent.id) == []
    assert store.search_artifacts(parent.id, "HAT136") == []
    assert store.acquire_lease(parent.id, "someone else", 60)
    # Another session is untouched.
    assert texts(store.active_messages(other.id)) == ["summary"]
    assert len(store.compaction_events(other.id)) == 1
    assert store.load_engine_state(other.id) == {"strikes": 1}
    assert [hit.artifact_id for hit in store.search_artifacts(other.id, "HAT136")] == ["a1"]
    assert not store.acquire_lease(other.id, "someone else", 60)
    # Deleting what does not exist is a no-op.
    store.delete_session("no-such-session")


# --- a session created whole -----------------------------------------------------------------


def test_a_session_is_created_with_its_messages_artifacts_and_state(store: SessionStore) -> None:
    state = {"compactions": 0, "key": "ab" * 32}
    created = store.create_session(
        model="gpt-5",
        meta={"source": "run.json"},
        messages=EXOTIC,
        tokens=[1, None, 3, 4],
        artifacts=[artifact("admitted-1", "the whole output\n" * 3)],
        engine_state=state,
    )
    assert store.get_session(created.id) == created
    rows = store.all_messages(created.id)
    assert [row.message for row in rows] == EXOTIC
    assert [list(row.message) for row in rows] == [list(m) for m in EXOTIC]
    assert [row.tokens for row in rows] == [1, None, 3, 4]
    assert all(row.active and row.inserted_by is None and row.compaction_id is None for row in rows)
    positions = [row.position for row in rows]
    assert positions == list(range(positions[0], positions[0] + 4))
    assert store.list_artifacts(created.id) == [artifact("admitted-1", "the whole output\n" * 3)]
    assert store.load_engine_state(created.id) == state
    # Appends continue after the first messages.
    assert store.append_messages(created.id, [msg("next")]) == [positions[-1] + 1]


def test_a_session_created_without_messages_has_none(store: SessionStore) -> None:
    created = store.create_session(engine_state={"n": 1})
    assert store.all_messages(created.id) == []
    assert store.load_engine_state(created.id) == {"n": 1}
    assert store.list_artifacts(created.id) == []


def test_a_refused_creation_writes_nothing(store: SessionStore) -> None:
    existing = store.create_session(session_id="taken", messages=[msg("first")])
    whole: dict[str, Any] = {
        "messages": [msg("a"), msg("b")],
        "artifacts": [artifact("never-stored", "nothing")],
        "engine_state": {"should": "not be saved"},
    }
    with pytest.raises(StoreError):
        store.create_session(session_id="taken", **whole)
    with pytest.raises(SessionNotFoundError):
        store.create_session(session_id="orphan", parent_id="no-such-parent", **whole)
    with pytest.raises(UserError):  # one token count for two messages
        store.create_session(session_id="miscounted", tokens=[1], **whole)
    with pytest.raises(UserError):  # a message JSON cannot hold
        store.create_session(session_id="unstorable", messages=[msg("x", extra={1, 2})])
    assert store.get_session(existing.id) == existing
    assert texts(store.all_messages(existing.id)) == ["first"]
    assert store.get_artifact(existing.id, "never-stored") is None
    assert store.load_engine_state(existing.id) is None
    for never in ("orphan", "miscounted", "unstorable"):
        assert store.get_session(never) is None
        assert store.all_messages(never) == []
    assert [record.id for record in store.list_sessions()] == ["taken"]


def test_appended_messages_bring_their_artifacts_in_the_same_write(store: SessionStore) -> None:
    session = store.create_session()
    store.append_messages(
        session.id, [msg("preview of a1")], [5], artifacts=[artifact("a1", "whole output")]
    )
    assert texts(store.all_messages(session.id)) == ["preview of a1"]
    assert store.get_artifact(session.id, "a1") == artifact("a1", "whole output")
    with pytest.raises(SessionNotFoundError):
        store.append_messages("no-such-session", [msg("x")], artifacts=[artifact("a2", "y")])
    with pytest.raises(UserError):
        store.append_messages(session.id, [msg("x")], [1, 2], artifacts=[artifact("a3", "z")])
    assert store.get_artifact(session.id, "a3") is None
    assert texts(store.all_messages(session.id)) == ["preview of a1"]


# --- messages --------------------------------------------------------------------------------

EXOTIC: list[Message] = [
    cast(Message, {"role": "system", "content": "Résumé: 日本語, עברית, emoji 🧪, NUL \x00 end"}),
    cast(
        Message,
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "bash", "arguments": '{"cmd": "ls \\"a b\\""}'},
                    "_packlight": {"shortened": True},
                }
            ],
            "reasoning_content": "vendor field kept as is",
            "_packlight": {"kind": "checkpoint", "nested": {"deep": [1, 2.5, None, True]}},
        },
    ),
    cast(
        Message,
        {
            "zeta": "keys keep their order",
            "role": "user",
            "content": [
                {"type": "text", "text": "look"},
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
            ],
            "alpha": {"big": 2**62, "small": -1, "float": 1e-300},
        },
    ),
    cast(Message, {"role": "tool", "tool_call_id": "call_1", "content": "lone \ud800 surrogate"}),
]


def test_messages_round_trip_exactly(store: SessionStore) -> None:
    session = store.create_session()
    positions = store.append_messages(session.id, EXOTIC)
    rows = store.active_messages(session.id)
    assert [row.message for row in rows] == EXOTIC
    # Equal dicts can still differ in key order; a stored transcript must not.
    assert [list(row.message) for row in rows] == [list(m) for m in EXOTIC]
    assert [row.position for row in rows] == positions
    assert all(row.session_id == session.id for row in rows)
    assert all(row.active and row.compaction_id is None and row.inserted_by is None for row in rows)
    assert store.all_messages(session.id) == rows


def test_positions_grow_by_one_and_tokens_are_stored(store: SessionStore) -> None:
    session = store.create_session()
    first = store.append_messages(session.id, [msg("a"), msg("b")], [3, None])
    second = store.append_messages(session.id, [msg("c")], [7])
    assert store.append_messages(session.id, []) == []
    positions = first + second
    assert positions == list(range(positions[0], positions[0] + 3))
    rows = store.all_messages(session.id)
    assert [(row.position, row.tokens) for row in rows] == list(
        zip(positions, [3, None, 7], strict=True)
    )


def test_append_to_an_unknown_session_raises(store: SessionStore) -> None:
    with pytest.raises(SessionNotFoundError):
        store.append_messages("no-such-session", [msg("lost")])


def test_reads_of_an_unknown_session_are_empty(store: SessionStore) -> None:
    assert store.active_messages("no-such-session") == []
    assert store.all_messages("no-such-session") == []
    assert store.compaction_events("no-such-session") == []
    assert store.load_engine_state("no-such-session") is None
    assert store.list_artifacts("no-such-session") == []
    assert store.get_artifact("no-such-session", "a1") is None


def test_concurrent_appends_get_distinct_positions(store: SessionStore) -> None:
    session = store.create_session()
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def worker(name: str) -> None:
        try:
            barrier.wait()
            for i in range(15):
                store.append_messages(session.id, [msg(f"{name}-{i}")])
        except BaseException as exc:  # reported below, not lost in the thread
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(f"t{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    rows = store.all_messages(session.id)
    assert len({row.position for row in rows}) == len(rows) == 60
    assert sorted(texts(rows)) == sorted(f"t{n}-{i}" for n in range(4) for i in range(15))
    for n in range(4):  # each thread's messages keep their order
        mine = [text for text in texts(rows) if text.startswith(f"t{n}-")]
        assert mine == [f"t{n}-{i}" for i in range(15)]


# --- compaction ------------------------------------------------------------------------------


def test_commit_compaction_replaces_the_active_list(store: SessionStore) -> None:
    session = store.create_session()
    originals = [msg(f"m{i}") for i in range(6)]
    old_positions = store.append_messages(session.id, originals, [5] * 6)
    new_list = [msg("[packlight checkpoint] summary", "user"), originals[4], originals[5]]
    state = {"strikes": 0, "cooldown_until": 12.5, "previous_checkpoint": "aspan1"}
    ev, new_positions = compact(
        store,
        session.id,
        new_list,
        artifacts=[artifact("aspan1", "m0\nm1\nm2\nm3", "span")],
        engine_state=state,
    )

    assert min(new_positions) > max(old_positions)
    assert new_positions == list(range(new_positions[0], new_positions[0] + 3))
    active = store.active_messages(session.id)
    assert [row.message for row in active] == new_list
    assert [row.position for row in active] == new_positions
    assert [row.tokens for row in active] == [10, 20, 30]
    assert all(row.active and row.inserted_by == ev.id for row in active)
    assert all(row.compaction_id is None for row in active)

    rows = store.all_messages(session.id)
    assert [row.position for row in rows] == old_positions + new_positions
    old = [row for row in rows if not row.active]
    assert [row.position for row in old] == old_positions
    assert all(row.compaction_id == ev.id and row.inserted_by is None for row in old)
    assert [row.message for row in rows if row.inserted_by is None] == originals

    assert store.compaction_events(session.id) == [ev]
    assert store.load_engine_state(session.id) == state
    stored = store.get_artifact(session.id, "aspan1")
    assert stored == artifact("aspan1", "m0\nm1\nm2\nm3", "span")


def test_the_original_transcript_survives_repeated_compactions(store: SessionStore) -> None:
    session = store.create_session()
    appended: list[Message] = []
    events = []
    for round_number in range(3):
        batch = [msg(f"r{round_number}-{i}") for i in range(4)]
        store.append_messages(session.id, batch)
        appended += batch
        ev, _ = compact(store, session.id, [msg(f"summary {round_number}"), batch[-1]])
        events.append(ev)

    rows = store.all_messages(session.id)
    positions = [row.position for row in rows]
    assert positions == sorted(set(positions))
    assert [row.message for row in rows if row.inserted_by is None] == appended
    assert texts(store.active_messages(session.id)) == ["summary 2", "r2-3"]
    assert store.compaction_events(session.id) == events
    # The first summary was itself compacted by the second compaction.
    first_summary = next(row for row in rows if row.message["content"] == "summary 0")
    assert first_summary.inserted_by == events[0].id
    assert first_summary.compaction_id == events[1].id


def test_a_stale_compaction_writes_nothing(store_factory: StoreFactory) -> None:
    first, second = store_factory(), store_factory()
    try:
        session = first.create_session()
        first.append_messages(session.id, [msg("a"), msg("b"), msg("c")])
        seen_by_first = [row.position for row in first.active_messages(session.id)]
        seen_by_second = [row.position for row in second.active_messages(session.id)]
        winner, _ = compact(first, session.id, [msg("first wins")], expected=seen_by_first)
        before = second.all_messages(session.id)

        with pytest.raises(StaleTranscriptError):
            compact(
                second,
                session.id,
                [msg("second loses")],
                expected=seen_by_second,
                artifacts=[artifact("never-stored", "nothing")],
                engine_state={"should": "not be saved"},
            )
        assert second.all_messages(session.id) == before
        assert second.compaction_events(session.id) == [winner]
        assert second.get_artifact(session.id, "never-stored") is None
        assert second.load_engine_state(session.id) is None
    finally:
        first.close()
        second.close()


def test_a_different_prefix_is_stale(store: SessionStore) -> None:
    session = store.create_session()
    store.append_messages(session.id, [msg("a"), msg("b"), msg("c")])
    read = [row.position for row in store.active_messages(session.id)]
    before = store.all_messages(session.id)
    not_the_prefix = [
        read[1:],  # skips the first active row
        [read[0], read[2]],  # skips one in the middle
        [*read, read[-1] + 1000],  # a position that is not active
        [],  # a compaction of nothing cannot tell appends from another compaction
    ]
    for expected in not_the_prefix:
        with pytest.raises(StaleTranscriptError):
            compact(
                store,
                session.id,
                [msg("summary")],
                expected=expected,
                artifacts=[artifact("never-stored", "nothing")],
                engine_state={"should": "not be saved"},
            )
    # Another compaction replaced the first two rows ("c" came after its read): the rows this
    # one read are no longer the head of the active list.
    other, _ = compact(store, session.id, [msg("other summary")], expected=read[:2])
    after_other = store.all_messages(session.id)
    with pytest.raises(StaleTranscriptError):
        compact(store, session.id, [msg("summary")], expected=read)
    with pytest.raises(StaleTranscriptError):
        compact(store, session.id, [msg("summary")], expected=read[:2])
    assert store.all_messages(session.id) == after_other
    assert [row for row in after_other if row.inserted_by is None] == [
        dataclasses.replace(row, active=False, compaction_id=other.id) for row in before
    ]
    assert texts(store.active_messages(session.id)) == ["other summary", "c"]
    assert store.compaction_events(session.id) == [other]
    assert store.get_artifact(session.id, "never-stored") is None
    assert store.load_engine_state(session.id) is None


def test_rows_appended_after_the_read_are_kept_after_the_compacted_list(
    store_factory: StoreFactory,
) -> None:
    compactor, agent = store_factory(), store_factory()  # two processes on one database
    try:
        session = compactor.create_session()
        head = [msg("a"), msg("b"), msg("c")]
        compactor.append_messages(session.id, head, [1, 2, 3])
        read = [row.position for row in compactor.active_messages(session.id)]
        # While the compaction runs, the agent appends (exotic messages must copy exactly).
        late = [EXOTIC[1], msg("d"), EXOTIC[3]]
        late_positions = agent.append_messages(session.id, late, [7, None, 9])
        state = {"strikes": 0}
        new_list = [msg("summary of a, b"), head[2]]
        ev, positions = compact(
            compactor,
            session.id,
            new_list,
            expected=read,
            artifacts=[artifact("span1", "a\nb", "span")],
            engine_state=state,
        )

        active = agent.active_messages(session.id)
        # New list first, then the late rows once each, in their order.
        assert [row.message for row in active] == [*new_list, *late]
        assert [list(row.message) for row in active[2:]] == [list(m) for m in late]
        assert [row.tokens for row in active] == [10, 20, 7, None, 9]
        assert [row.position for row in active[:2]] == positions  # the new list's positions
        copies = active[2:]
        assert [row.position for row in copies] == list(range(positions[-1] + 1, positions[-1] + 4))
        assert min(positions) > max(late_positions)
        assert all(row.inserted_by == ev.id and row.compaction_id is None for row in active)

        rows = agent.all_messages(session.id)
        assert [row.position for row in rows] == sorted({row.position for row in rows})
        replaced = [row for row in rows if not row.active]
        assert [row.position for row in replaced] == read + late_positions
        assert all(row.compaction_id == ev.id for row in replaced)
        # The original transcript is unchanged: every appended message once, in order.
        assert [row.message for row in rows if row.inserted_by is None] == [*head, *late]
        assert agent.compaction_events(session.id) == [ev]
        assert agent.load_engine_state(session.id) == state
        assert agent.get_artifact(session.id, "span1") is not None

        # The next compaction reads the whole list, late rows included, and replaces it.
        ev2, _ = compact(compactor, session.id, [msg("summary 2")])
        assert texts(agent.active_messages(session.id)) == ["summary 2"]
        rows = agent.all_messages(session.id)
        assert [row.message for row in rows if row.inserted_by is None] == [*head, *late]
        assert agent.compaction_events(session.id) == [ev, ev2]
    finally:
        compactor.close()
        agent.close()


def test_a_compaction_may_cover_only_a_prefix_of_what_it_read(store: SessionStore) -> None:
    session = store.create_session()
    store.append_messages(session.id, [msg("a"), msg("b"), msg("c")])
    read = [row.position for row in store.active_messages(session.id)]
    ev, _ = compact(store, session.id, [msg("summary of a")], expected=read[:1])
    assert texts(store.active_messages(session.id)) == ["summary of a", "b", "c"]
    assert [row.message for row in store.all_messages(session.id) if row.inserted_by is None] == [
        msg("a"),
        msg("b"),
        msg("c"),
    ]
    assert store.compaction_events(session.id) == [ev]


def test_compaction_checks_the_lease_when_given_a_holder(store: SessionStore) -> None:
    session = store.create_session()
    store.append_messages(session.id, [msg("a"), msg("b")])
    with pytest.raises(StaleTranscriptError):  # nobody holds it
        compact(store, session.id, [msg("s")], lease_holder="engine-a")
    assert store.acquire_lease(session.id, "engine-a", 60)
    with pytest.raises(StaleTranscriptError):
        compact(store, session.id, [msg("s")], lease_holder="engine-b")
    assert texts(store.active_messages(session.id)) == ["a", "b"]
    compact(store, session.id, [msg("s")], lease_holder="engine-a")
    store.release_lease(session.id, "engine-a")
    with pytest.raises(StaleTranscriptError):
        compact(store, session.id, [msg("t")], lease_holder="engine-a")
    assert texts(store.active_messages(session.id)) == ["s"]


def test_compaction_of_an_unknown_session_raises(store: SessionStore) -> None:
    with pytest.raises(SessionNotFoundError):
        compact(store, "no-such-session", [msg("s")], expected=[], ev=event("no-such-session"))


def test_compaction_events_round_trip_in_commit_order(store: SessionStore) -> None:
    session = store.create_session()
    committed = []
    # created_at deliberately out of order: events are listed in the order they were committed.
    for n, hour in enumerate([9, 3, 6]):
        store.append_messages(session.id, [msg(f"m{n}")])
        ev = event(
            session.id,
            created_at=datetime(2026, 1, 2, hour, 0, 0, 654321, tzinfo=UTC),
            trigger=["preflight", "recovery", "manual"][n],
            summarizer=None if n == 1 else "llm",
            checkpoint_id=None if n == 2 else f"aspan{n}",
            duration_seconds=0.1 * (n + 1),
            meta={"n": n, "nested": {"list": [n, "x"]}},
        )
        committed.append(compact(store, session.id, [msg(f"summary {n}")], ev=ev)[0])
    assert store.compaction_events(session.id) == committed


# --- rotation --------------------------------------------------------------------------------


def rotate(
    store: SessionStore,
    session_id: str,
    new_messages: Sequence[Message],
    *,
    expected: Sequence[int] | None = None,
    artifacts: Sequence[Artifact] = (),
    engine_state: dict[str, Any] | None = None,
    lease_holder: str | None = None,
    child_meta: dict[str, Any] | None = None,
    child_id: str | None = None,
) -> tuple[CompactionEvent, SessionRecord]:
    """Rotate the session (its whole active list as read now unless ``expected`` is given)."""
    if expected is None:
        expected = [row.position for row in store.active_messages(session_id)]
    ev = event(session_id)
    child = store.commit_rotation(
        session_id,
        expected_positions=expected,
        new_messages=new_messages,
        new_tokens=[10 * (i + 1) for i in range(len(new_messages))],
        event=ev,
        artifacts=artifacts,
        engine_state=engine_state,
        lease_holder=lease_holder,
        child_meta=child_meta,
        child_id=child_id,
    )
    return ev, child


def originals(store: SessionStore, session_id: str) -> list[Message]:
    """The lineage's appended messages, root first, as the contract defines them."""
    found: list[Message] = []
    for record in store.lineage(session_id):
        rows = store.all_messages(record.id)[int(record.meta.get(ROTATION_SEED, 0)) :]
        found += [row.message for row in rows if row.inserted_by is None]
    return found


def test_a_rotation_ends_the_parent_and_starts_the_child_in_one_commit(
    store_factory: StoreFactory,
) -> None:
    compactor, agent = store_factory(), store_factory()
    try:
        parent = compactor.create_session(model="gpt-5", meta={"source": "run.json"})
        head = [msg("a"), msg("b"), msg("c")]
        compactor.append_messages(parent.id, head, [1, 2, 3])
        read = [row.position for row in compactor.active_messages(parent.id)]
        late = [EXOTIC[1], msg("d")]
        agent.append_messages(parent.id, late, [7, None])  # while the compaction ran
        new_list = [msg("summary of a, b"), head[2]]
        state = {"compactions": 1}
        ev, child = rotate(
            compactor,
            parent.id,
            new_list,
            expected=read,
            artifacts=[artifact("span1", "a\nb", "span")],
            engine_state=state,
        )

        assert child.parent_id == parent.id
        assert child.model == "gpt-5"
        assert dict(child.meta) == {"source": "run.json", ROTATION_SEED: 4}
        assert agent.get_session(child.id) == child
        ended = agent.get_session(parent.id)
        assert ended is not None
        assert ended.end_reason == "compression"
        assert ended.ended_at is not None
        assert agent.tip(parent.id) == child
        # The child: the new list, then the late rows' copies, none of them original.
        rows = agent.all_messages(child.id)
        assert [row.message for row in rows] == [*new_list, *late]
        assert [row.tokens for row in rows] == [10, 20, 7, None]
        assert all(row.active and row.inserted_by == ev.id for row in rows)
        # The parent: every row compacted by the event, the originals unchanged.
        parent_rows = agent.all_messages(parent.id)
        assert agent.active_messages(parent.id) == []
        assert [row.message for row in parent_rows] == [*head, *late]
        assert all(row.compaction_id == ev.id and row.inserted_by is None for row in parent_rows)
        [recorded] = agent.compaction_events(parent.id)
        assert recorded == dataclasses.replace(ev, meta={**ev.meta, "child_session": child.id})
        assert agent.compaction_events(child.id) == []
        assert agent.load_engine_state(child.id) == state
        assert agent.get_artifact(child.id, "span1") is not None
        assert originals(agent, child.id) == [*head, *late]
    finally:
        compactor.close()
        agent.close()


def test_a_refused_rotation_writes_nothing(store: SessionStore) -> None:
    parent = store.create_session(session_id="parent")
    store.append_messages(parent.id, [msg("a"), msg("b")])
    read = [row.position for row in store.active_messages(parent.id)]
    before = store.all_messages(parent.id)
    refused: list[dict[str, Any]] = [
        {"expected": read[1:]},  # not the prefix
        {"expected": []},  # a rotation of nothing
        {"lease_holder": "engine-a"},  # nobody holds the lease
    ]
    store.create_session(session_id="taken")
    with pytest.raises(StoreError):  # the child's id is in use
        rotate(store, parent.id, [msg("summary")], child_id="taken")
    for options in refused:
        with pytest.raises(StaleTranscriptError):
            rotate(
                store,
                parent.id,
                [msg("summary")],
                artifacts=[artifact("never-stored", "x")],
                engine_state={"should": "not be saved"},
                **options,
            )
    assert [record.id for record in store.list_sessions()] == ["taken", "parent"]
    assert store.get_session(parent.id) == parent
    assert store.all_messages("taken") == []
    assert store.all_messages(parent.id) == before
    assert store.compaction_events(parent.id) == []
    # With the lease it goes through, once: the parent cannot be rotated twice.
    assert store.acquire_lease(parent.id, "engine-a", 60)
    _, child = rotate(
        store,
        parent.id,
        [msg("summary")],
        lease_holder="engine-a",
        child_id="chosen",
        child_meta={"label": "next"},
    )
    assert child.id == "chosen"
    assert dict(child.meta) == {"label": "next", ROTATION_SEED: 1}
    with pytest.raises(StaleTranscriptError):
        rotate(store, parent.id, [msg("again")], expected=read)
    assert store.tip(parent.id) == child
    with pytest.raises(SessionNotFoundError):
        rotate(store, "no-such-session", [msg("s")], expected=[])


def test_an_append_to_a_rotated_session_is_refused_and_names_the_tip(
    store: SessionStore,
) -> None:
    root = store.create_session()
    store.append_messages(root.id, [msg("a"), msg("b")])
    _, child = rotate(store, root.id, [msg("summary 1")])
    store.append_messages(child.id, [msg("c")])
    _, grandchild = rotate(store, child.id, [msg("summary 2")])
    for rotated in (root.id, child.id):
        before = store.all_messages(rotated)
        with pytest.raises(SessionRotatedError) as refused:
            store.append_messages(rotated, [msg("lost?")], artifacts=[artifact("x1", "x")])
        assert refused.value.session_id == rotated
        assert refused.value.tip_id == grandchild.id
        assert grandchild.id in str(refused.value)
        assert store.all_messages(rotated) == before
        assert store.get_artifact(grandchild.id, "x1") is None
    store.append_messages(grandchild.id, [msg("d")])
    assert texts(store.active_messages(grandchild.id)) == ["summary 2", "d"]
    assert [m["content"] for m in originals(store, grandchild.id)] == ["a", "b", "c", "d"]
    # A session ended for any other reason still takes messages.
    other = store.create_session()
    store.end_session(other.id, "completed")
    assert len(store.append_messages(other.id, [msg("after the end")])) == 1
    # A rotated session whose child is gone has nowhere to continue.
    store.delete_session(grandchild.id)
    with pytest.raises(SessionRotatedError) as refused:
        store.append_messages(child.id, [msg("nowhere")])
    assert refused.value.tip_id == child.id


def test_appends_racing_rotations_all_reach_the_lineage(store_factory: StoreFactory) -> None:
    """Appenders that follow the tip on refusal, while another store rotates again and again:
    every message is an original of the lineage exactly once, in each appender's order, and
    every one is active in the tip or was in a prefix a rotation read."""
    opener = store_factory()
    root = opener.create_session(messages=[msg("start")])
    rotations = 6
    appenders, per_appender = 3, 25
    errors: list[BaseException] = []
    done = threading.Event()

    def append(name: str) -> None:
        store = store_factory()
        current = root.id
        try:
            for i in range(per_appender):
                while True:
                    try:
                        store.append_messages(current, [msg(f"{name}-{i}")])
                        break
                    except SessionRotatedError as exc:
                        current = exc.tip_id
                time.sleep(0.002)
        except BaseException as exc:
            errors.append(exc)
        finally:
            store.close()

    read_by_rotations: set[str] = set()

    def rotate_repeatedly() -> None:
        store = store_factory()
        current = root.id
        try:
            for n in range(rotations):
                time.sleep(0.02)
                rows = store.active_messages(current)
                read_by_rotations.update(str(row.message["content"]) for row in rows)
                time.sleep(0.01)  # appends arrive between the read and the commit
                _, child = rotate(
                    store, current, [msg(f"summary {n}")], expected=[r.position for r in rows]
                )
                current = child.id
        except BaseException as exc:
            errors.append(exc)
        finally:
            done.set()
            store.close()

    threads = [threading.Thread(target=append, args=(f"t{n}",)) for n in range(appenders)]
    threads.append(threading.Thread(target=rotate_repeatedly))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert errors == []
        tip = opener.tip(root.id)
        assert len(opener.lineage(tip.id)) == rotations + 1
        found = [str(m["content"]) for m in originals(opener, tip.id)]
        assert found[0] == "start"
        expected = {f"t{n}-{i}" for n in range(appenders) for i in range(per_appender)}
        assert sorted(found[1:]) == sorted(expected)  # each exactly once
        for n in range(appenders):
            mine = [text for text in found if text.startswith(f"t{n}-")]
            assert mine == [f"t{n}-{i}" for i in range(per_appender)]
        active = set(texts(opener.active_messages(tip.id)))
        assert expected <= active | read_by_rotations
    finally:
        opener.close()


# --- engine state ----------------------------------------------------------------------------


def test_engine_state_round_trips_and_overwrites(store: SessionStore) -> None:
    session = store.create_session()
    assert store.load_engine_state(session.id) is None
    state = {"strikes": 2, "cooldowns": {"llm": 1730000000.5}, "checkpoint": None, "ü": ["✓"]}
    store.save_engine_state(session.id, state)
    assert store.load_engine_state(session.id) == state
    store.save_engine_state(session.id, {"strikes": 0})
    assert store.load_engine_state(session.id) == {"strikes": 0}
    with pytest.raises(SessionNotFoundError):
        store.save_engine_state("no-such-session", state)


# --- leases ----------------------------------------------------------------------------------


def test_a_lease_has_one_holder_at_a_time(store_factory: StoreFactory) -> None:
    here, there = store_factory(), store_factory()  # two processes' views of one database
    try:
        session = here.create_session()
        assert here.acquire_lease(session.id, "a", 60)
        assert not there.acquire_lease(session.id, "b", 60)
        assert here.acquire_lease(session.id, "a", 60)  # already ours
        there.release_lease(session.id, "b")  # not b's to release: a no-op
        assert not there.acquire_lease(session.id, "b", 60)
        here.release_lease(session.id, "a")
        assert there.acquire_lease(session.id, "b", 60)
        assert not here.acquire_lease(session.id, "a", 60)
    finally:
        here.close()
        there.close()


def test_only_the_holder_renews(store: SessionStore) -> None:
    session = store.create_session()
    assert not store.renew_lease(session.id, "a", 60)  # nobody holds it
    assert store.acquire_lease(session.id, "a", 60)
    assert store.renew_lease(session.id, "a", 60)
    assert not store.renew_lease(session.id, "b", 60)
    store.release_lease(session.id, "a")
    assert not store.renew_lease(session.id, "a", 60)


def test_an_expired_lease_can_be_taken_over(store: SessionStore) -> None:
    session = store.create_session()
    assert store.acquire_lease(session.id, "a", 0.2)
    assert not store.acquire_lease(session.id, "b", 60)
    time.sleep(0.35)
    assert not store.renew_lease(session.id, "a", 60)  # expired: no longer a's
    assert store.acquire_lease(session.id, "b", 60)
    assert not store.acquire_lease(session.id, "a", 60)


def test_an_expired_lease_fails_the_compaction(store: SessionStore) -> None:
    session = store.create_session()
    store.append_messages(session.id, [msg("a")])
    assert store.acquire_lease(session.id, "a", 0.2)
    time.sleep(0.35)
    with pytest.raises(StaleTranscriptError):
        compact(store, session.id, [msg("late")], lease_holder="a")


def test_racing_holders_get_exactly_one_lease(store: SessionStore) -> None:
    session = store.create_session()
    barrier = threading.Barrier(6)
    results: dict[str, bool] = {}

    def contend(holder: str) -> None:
        barrier.wait()
        results[holder] = store.acquire_lease(session.id, holder, 60)

    threads = [threading.Thread(target=contend, args=(f"h{n}",)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 6
    assert sum(results.values()) == 1


def test_a_lease_on_an_unknown_session_raises(store: SessionStore) -> None:
    with pytest.raises(SessionNotFoundError):
        store.acquire_lease("no-such-session", "a", 60)
    assert not store.renew_lease("no-such-session", "a", 60)
    store.release_lease("no-such-session", "a")


# --- artifacts -------------------------------------------------------------------------------


def test_put_artifacts_is_idempotent_and_lists_oldest_first(store: SessionStore) -> None:
    session = store.create_session()
    first = artifact("a1", "first content", "tool_result", lines=1, source={"tool": "bash"})
    store.put_artifacts(session.id, [first, artifact("a2", "second", "image")])
    store.put_artifacts(session.id, [artifact("a1", "different content"), artifact("a3", "3")])
    assert store.get_artifact(session.id, "a1") == first
    assert [a.id for a in store.list_artifacts(session.id)] == ["a1", "a2", "a3"]
    assert store.list_artifacts(session.id)[1].kind == "image"
    with pytest.raises(SessionNotFoundError):
        store.put_artifacts("no-such-session", [first])


def test_artifact_content_round_trips_exactly(store: SessionStore) -> None:
    session = store.create_session()
    content = "line 1\r\nΩ 日本 🧪\n\ttabs\x00nul\nlone \udfff surrogate\n" + "x" * 100_000
    store.put_artifacts(session.id, [artifact("big", content)])
    stored = store.get_artifact(session.id, "big")
    assert stored is not None
    assert stored.content == content


def test_artifacts_are_readable_only_within_the_lineage(store: SessionStore) -> None:
    parent = store.create_session()
    child = store.create_session(parent_id=parent.id)
    stranger = store.create_session()
    store.put_artifacts(parent.id, [artifact("from-parent", "parent text")])
    store.put_artifacts(child.id, [artifact("from-child", "child text")])

    assert store.get_artifact(child.id, "from-parent") is not None
    assert store.get_artifact(parent.id, "from-child") is None
    assert store.get_artifact(stranger.id, "from-parent") is None
    assert store.get_artifact(child.id, "no-such-artifact") is None
    assert [a.id for a in store.list_artifacts(child.id)] == ["from-parent", "from-child"]
    assert [a.id for a in store.list_artifacts(parent.id)] == ["from-parent"]
    assert store.list_artifacts(stranger.id) == []


def test_an_id_archived_by_two_sessions_of_a_lineage_is_listed_once(store: SessionStore) -> None:
    parent = store.create_session()
    child = store.create_session(parent_id=parent.id)
    store.put_artifacts(parent.id, [artifact("shared", "same content HAT136")])
    store.put_artifacts(child.id, [artifact("shared", "same content HAT136")])
    assert [a.id for a in store.list_artifacts(child.id)] == ["shared"]
    assert [hit.artifact_id for hit in store.search_artifacts(child.id, "HAT136")] == ["shared"]


def test_delete_artifacts_removes_only_the_sessions_own(store: SessionStore) -> None:
    parent = store.create_session()
    child = store.create_session(parent_id=parent.id)
    store.put_artifacts(parent.id, [artifact("p1", "parent ZQX001")])
    store.put_artifacts(child.id, [artifact("c1", "child ZQX001"), artifact("c2", "child two")])

    assert store.delete_artifacts(child.id, ["c1", "p1", "missing"]) == 1
    assert store.get_artifact(child.id, "c1") is None
    assert store.get_artifact(child.id, "p1") is not None
    assert [hit.artifact_id for hit in store.search_artifacts(child.id, "ZQX001")] == ["p1"]
    assert store.delete_artifacts(child.id, []) == 0


SOURCE = """\
Traceback (most recent call last):
  File "/testbed/django/contrib/admin/options.py", line 1042, in get_search_results
    queryset = queryset.filter(or_queries)
django.core.exceptions.FieldError: Related Field got invalid lookup: icontains
FAILED tests/admin_changelist/tests.py::ChangeListTests::test_multiple_search_fields
"""
LINT = "src/app.py:12:1: HAT136 unused hat\nsrc/app.py:40:5: HAT137 other hat\n"


@pytest.fixture
def searchable(store: SessionStore) -> tuple[SessionStore, str, str]:
    parent = store.create_session()
    child = store.create_session(parent_id=parent.id)
    store.put_artifacts(
        parent.id,
        [
            artifact("trace", SOURCE),
            artifact("lint", LINT),
            artifact("prose", "We should test multiple search fields some day."),
        ],
    )
    store.put_artifacts(child.id, [artifact("child-note", "child saw HAT136 again")])
    return store, parent.id, child.id


@pytest.mark.parametrize(
    ("query", "content", "line"),
    [
        ("django/contrib/admin/options.py", SOURCE, 2),
        ("options.py", SOURCE, 2),
        ("test_multiple_search_fields", SOURCE, 5),
        ("FieldError icontains", SOURCE, 4),
        ("HAT137", LINT, 2),
        ("hat137", LINT, 2),
    ],
)
def test_search_finds_exact_identifiers(
    searchable: tuple[SessionStore, str, str], query: str, content: str, line: int
) -> None:
    store, parent_id, _ = searchable
    hits = store.search_artifacts(parent_id, query)
    # A backend may also return weaker matches (the words of an identifier in prose), but
    # the artifact holding the identifier itself comes first.
    assert hits
    best = hits[0]
    assert best.artifact_id == ("trace" if content is SOURCE else "lint")
    assert (best.session_id, best.kind, best.line) == (parent_id, "tool_result", line)
    assert best.snippet == content.splitlines()[line - 1]
    assert "lint" not in [hit.artifact_id for hit in hits[1:]]  # HAT136 is not HAT137


def test_search_respects_the_lineage(searchable: tuple[SessionStore, str, str]) -> None:
    store, parent_id, child_id = searchable
    from_child = store.search_artifacts(child_id, "HAT136")
    assert sorted(hit.artifact_id for hit in from_child) == ["child-note", "lint"]
    assert {hit.session_id for hit in from_child} == {parent_id, child_id}
    assert [hit.artifact_id for hit in store.search_artifacts(parent_id, "HAT136")] == ["lint"]
    stranger = store.create_session()
    assert store.search_artifacts(stranger.id, "HAT136") == []
    assert store.search_artifacts(child_id, "no-such-identifier-anywhere") == []
    assert store.search_artifacts(child_id, "   ") == []


def test_search_ranks_and_limits(store: SessionStore) -> None:
    session = store.create_session()
    filler = "unrelated words about nothing in particular\n" * 3
    store.put_artifacts(
        session.id,
        [artifact(f"once{n}", f"{filler}KWX99 once\n{filler}") for n in range(4)]
        + [artifact("often", f"{filler}KWX99 KWX99\nKWX99 and KWX99\nKWX99\n{filler}")]
        + [artifact("never", filler)],
    )
    hits = store.search_artifacts(session.id, "KWX99")
    assert len(hits) == 5
    assert hits[0].artifact_id == "often"
    assert hits[0].score > hits[-1].score
    assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)
    assert len(store.search_artifacts(session.id, "KWX99", limit=2)) == 2
    assert store.search_artifacts(session.id, "KWX99", limit=1)[0].artifact_id == "often"


def test_search_snippets_are_short_lines(store: SessionStore) -> None:
    session = store.create_session()
    long_line = "a" * 5000 + " NEEDLE42 " + "b" * 5000
    store.put_artifacts(session.id, [artifact("long", f"first\n{long_line}\nlast")])
    [hit] = store.search_artifacts(session.id, "NEEDLE42")
    assert hit.line == 2
    assert "NEEDLE42" in hit.snippet
    assert len(hit.snippet) <= 400


# --- lifecycle -------------------------------------------------------------------------------


def test_data_survives_reopening(store_factory: StoreFactory) -> None:
    first = store_factory()
    session = first.create_session(meta={"k": "v"})
    first.append_messages(session.id, [msg("kept")])
    first.close()
    second = store_factory()
    try:
        assert second.get_session(session.id) == session
        assert texts(second.active_messages(session.id)) == ["kept"]
    finally:
        second.close()


def test_a_closed_store_raises_store_error(store_factory: StoreFactory) -> None:
    closed = store_factory()
    session = closed.create_session()
    closed.close()
    closed.close()  # idempotent
    with pytest.raises(StoreError):
        closed.get_session(session.id)
    with pytest.raises(StoreError):
        closed.append_messages(session.id, [msg("too late")])


# --- conversation heads (the gateway's session lookup) --------------------------------------


def test_a_head_advances_only_from_the_head_the_writer_read(store: SessionStore) -> None:
    session = store.create_session()
    assert store.get_head(session.id) is None
    assert store.advance_head(session.id, owner="k1", head="h2", length=2, previous=None)
    # A second writer that read "no head yet" lost the race: nothing is written.
    assert not store.advance_head(session.id, owner="k1", head="h2b", length=2, previous=None)
    assert store.advance_head(session.id, owner="k1", head="h4", length=4, previous="h2")
    assert not store.advance_head(session.id, owner="k1", head="h6", length=6, previous="h2")
    head = store.get_head(session.id)
    assert head is not None
    assert (head.session_id, head.owner, head.head, head.length) == (session.id, "k1", "h4", 4)


def test_writes_in_a_relaxed_block_read_back_like_any_other(store: SessionStore) -> None:
    session = store.create_session()
    with store.relaxed_commits():
        positions = store.append_messages(session.id, [msg("a"), msg("b")])
        with pytest.raises(SessionNotFoundError):
            store.append_messages("missing", [msg("rolled back")])
        more = store.append_messages(session.id, [msg("c")])
    assert store.advance_head(session.id, owner="k1", head="h3", length=3, previous=None)
    assert [m.position for m in store.active_messages(session.id)] == positions + more
    assert [m.message["content"] for m in store.active_messages(session.id)] == ["a", "b", "c"]


def test_heads_are_found_by_owner_newest_first(store: SessionStore) -> None:
    first, second, others = store.create_session(), store.create_session(), store.create_session()
    store.advance_head(first.id, owner="k1", head="same", length=2, previous=None)
    store.advance_head(second.id, owner="k1", head="same", length=2, previous=None)
    store.advance_head(others.id, owner="k2", head="same", length=2, previous=None)
    found = store.find_heads("k1", ["nothing", "same", "same"])
    assert [head.session_id for head in found] == [second.id, first.id]
    assert store.find_heads("k3", ["same"]) == []
    # Thousands of candidate digests (a long history) are one call.
    many = [f"d{i}" for i in range(2_000)]
    store.advance_head(first.id, owner="k1", head="d1999", length=2_000, previous="same")
    assert [head.session_id for head in store.find_heads("k1", many)] == [first.id]
    # A digest is a string like any other: what a text array would have to quote matches.
    odd_one, previous = store.create_session(), None
    for odd in ("a,b", '{"x"}', "back\\slash", "NULL", "  spaced ", "é\u2028"):
        store.advance_head(odd_one.id, owner="k4", head=odd, length=1, previous=previous)
        previous = odd
        assert [head.head for head in store.find_heads("k4", ["a", odd, "b"])] == [odd]


def test_a_head_goes_with_its_session(store: SessionStore) -> None:
    session = store.create_session()
    store.advance_head(session.id, owner="k1", head="h", length=1, previous=None)
    store.delete_session(session.id)
    assert store.get_head(session.id) is None
    assert store.find_heads("k1", ["h"]) == []
    with pytest.raises(SessionNotFoundError):
        store.advance_head("no-such-session", owner="k1", head="h", length=1, previous=None)


def test_messages_after_a_position_are_what_was_added_since(store: SessionStore) -> None:
    session = store.create_session()
    first = store.append_messages(session.id, [msg("one"), msg("two")])
    assert store.messages_after(session.id, first[-1]) == []
    later = store.append_messages(session.id, [msg("three")])
    after = store.messages_after(session.id, first[-1])
    assert [row.position for row in after] == later
    assert [row.message for row in after] == [msg("three")]
    assert [row.message for row in store.messages_after(session.id, -1)] == [
        msg("one"),
        msg("two"),
        msg("three"),
    ]
