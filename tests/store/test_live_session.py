"""``packlight.Session`` with a store: a restarted process resumes the conversation where the
last one left it, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import packlight
from packlight.cli.demo import example_path
from packlight.messages import Message
from packlight.stored_session import StoredSession

WINDOW = 8_192


def histories() -> list[list[Message]]:
    messages = packlight.read_session(example_path()).messages
    found = []
    for index, message in enumerate(messages):
        if message["role"] == "assistant" and index > 1:
            found.append(messages[:index])
    return found


def test_a_restarted_session_continues_the_same_view(store_factory: Callable[[], Any]) -> None:
    steps = histories()
    half = len(steps) // 2
    first_store = store_factory()
    first = packlight.Session(
        store=first_store, session_id="conversation-1", model="gpt-4o", context_window=WINDOW
    )
    for history in steps[:half]:
        prepared = first.prepare(history)
        first.observe({"prompt_tokens": prepared.estimate})
    assert first.stats.compactions > 0
    last_view = first.messages()
    first_store.close()

    store = store_factory()
    try:
        resumed = packlight.Session(
            store=store, session_id="conversation-1", model="gpt-4o", context_window=WINDOW
        )
        prepared = resumed.prepare(steps[half])
        assert resumed.stats.lineages == 1
        if not prepared.compacted:
            assert prepared.messages[: len(last_view)] == last_view
        for history in steps[half + 1 :]:
            resumed.prepare(history)
        assert resumed.session_id == "conversation-1"
        stored = StoredSession(store, "conversation-1")
        assert stored.original_messages() == steps[-1]
        assert len(store.compaction_events("conversation-1")) == (
            first.stats.compactions + resumed.stats.compactions
        )
        # The store's active transcript is the view the session sends.
        assert packlight.strip_packlight(stored.messages()) == resumed.messages()
    finally:
        store.close()


def test_a_history_that_changed_its_past_goes_to_a_new_stored_session(
    store: Any,
) -> None:
    steps = histories()
    session = packlight.Session(
        store=store, session_id="conversation-2", model="gpt-4o", context_window=WINDOW
    )
    for history in steps[:20]:
        session.prepare(history)
    edited = [dict(m) for m in steps[20]]
    edited[1]["content"] = "Start over: only update the changelog."
    session.prepare(edited)
    assert session.stats.lineages == 2
    assert session.session_id != "conversation-2"
    record = store.get_session(session.session_id)
    assert record is not None
    assert record.meta.get("forked_from") == "conversation-2"
    assert StoredSession(store, session.session_id).original_messages() == edited
    # The first lineage keeps what it had.
    assert StoredSession(store, "conversation-2").original_messages() == steps[19]


def test_two_processes_take_turns_on_one_session(store_factory: Callable[[], Any]) -> None:
    """Two Session objects on one stored session (two gateway replicas) serve its turns in
    turn: each catches up with what the other appended (``refresh``), or says it must be
    opened anew when the other compacted meanwhile; the store ends with the history once."""
    steps = histories()
    options = {"session_id": "shared", "model": "gpt-4o", "context_window": WINDOW}
    sessions = [packlight.Session(store=store_factory(), **options) for _ in range(2)]
    caught_up = reopened = 0
    for turn, history in enumerate(steps):
        session = sessions[turn % 2]
        if turn >= 2:
            if session.refresh():
                caught_up += 1
            else:
                reopened += 1
                sessions[turn % 2] = session = packlight.Session(store=store_factory(), **options)
        prepared = session.prepare(history)
        # What goes out is always the store's view of the whole history.
        assert packlight.message_text(prepared.messages[-1]) == packlight.message_text(history[-1])
    assert caught_up > 0
    assert reopened > 0  # the other one compacted meanwhile
    store = store_factory()
    stored = StoredSession(store, "shared").original_messages()
    assert stored == steps[-1]


def test_deferred_writes_reach_the_store_at_flush_in_turn_order(store: Any) -> None:
    """``defer_writes``: a turn's new messages reach the store at ``flush`` (or, at the
    latest, before the next turn or a compaction), whole and in turn order, and the store
    ends with the history and the view the session sent."""
    steps = histories()
    deferred = packlight.Session(
        store=store, session_id="deferred", model="gpt-4o", context_window=WINDOW,
        defer_writes=True,
    )  # fmt: skip
    for turn, history in enumerate(steps):
        prepared = deferred.prepare(history)
        assert packlight.message_text(prepared.messages[-1]) == packlight.message_text(history[-1])
        stored = StoredSession(store, "deferred")
        if not prepared.compacted:
            # The previous turn is stored whole; this one's new messages are not, yet.
            assert stored.original_messages() == (steps[turn - 1] if turn else [])
        if turn % 3 == 0:
            deferred.flush()
            assert stored.original_messages() == history
    assert deferred.stats.compactions > 0
    deferred.flush()
    assert stored.original_messages() == steps[-1]
    assert packlight.strip_packlight(stored.messages()) == deferred.messages()


def test_the_meta_given_goes_with_the_session_and_its_forks(store: Any) -> None:
    steps = histories()
    session = packlight.Session(
        store=store, model="gpt-4o", context_window=WINDOW, meta={"owner": "caller-1"}
    )
    session.prepare(steps[3])
    first = session.session_id
    assert first is not None
    record = store.get_session(first)
    assert record is not None
    assert record.meta["owner"] == "caller-1"
    edited = [dict(m) for m in steps[4]]
    edited[1]["content"] = "Start over: only update the changelog."
    session.prepare(edited)  # a new lineage: a new stored session
    assert session.session_id not in {None, first}
    fork = store.get_session(session.session_id)
    assert fork is not None
    assert (fork.meta["owner"], fork.meta["forked_from"]) == ("caller-1", first)


def test_a_session_the_caller_made_is_created_by_its_first_flush(store: Any) -> None:
    """``session_is_new``: nothing is read or written before the view goes out; the first
    flush creates the session with the turn's messages, and later turns append."""
    steps = histories()
    session_id = uuid.uuid4().hex
    session = packlight.Session(
        store=store, session_id=session_id, model="gpt-4o", context_window=WINDOW,
        defer_writes=True, session_is_new=True, meta={"owner": "caller-2"},
    )  # fmt: skip
    prepared = session.prepare(steps[2])
    assert not prepared.compacted
    assert store.get_session(session_id) is None
    session.flush()
    record = store.get_session(session_id)
    assert record is not None
    assert record.meta["owner"] == "caller-2"
    assert StoredSession(store, session_id).original_messages() == steps[2]
    for history in steps[3:6]:
        session.prepare(history)
    session.flush()
    assert StoredSession(store, session_id).original_messages() == steps[5]
    assert session.session_id == session_id


def test_a_new_session_whose_first_request_is_compacted_is_stored_before_its_compaction(
    store: Any,
) -> None:
    steps = histories()
    session_id = uuid.uuid4().hex
    session = packlight.Session(
        store=store, session_id=session_id, model="gpt-4o", context_window=WINDOW // 2,
        defer_writes=True, session_is_new=True,
    )  # fmt: skip
    prepared = session.prepare(steps[-1])
    assert prepared.compacted
    assert len(store.compaction_events(session_id)) == 1
    session.flush()
    stored = StoredSession(store, session_id)
    assert stored.original_messages() == steps[-1]
    assert packlight.strip_packlight(stored.messages()) == session.messages()
