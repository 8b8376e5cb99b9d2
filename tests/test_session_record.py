"""``Session.record`` and ``Session.history``: a history kept without a request.

Framework memories save a turn apart from sending it (the Agents SDK's ``add_items``);
``record`` keeps and stores it as ``prepare`` would, deciding nothing, and ``history`` gives
back what a session holds, from its store after a restart.
"""

from __future__ import annotations

import asyncio
import copy
from pathlib import Path

import packlight
from packlight.cli.demo import example_path
from packlight.messages import Message


def example() -> list[Message]:
    return [dict(m) for m in packlight.read_session(example_path()).messages]


def test_record_keeps_and_stores_without_a_request(tmp_path: Path) -> None:
    store = packlight.open_store(str(tmp_path / "p.db"))
    session = packlight.Session(store=store, session_id="s", context_window=8192)
    history = example()[:30]
    snapshot = copy.deepcopy(history)

    session.record(history[:10])
    session.record(history)

    assert session.stats.requests == 0
    assert session.stats.compactions == 0
    assert session.history() == snapshot
    stored = packlight.StoredSession.resume(store, "s").original_messages()
    assert [packlight.message_text(m) for m in stored] == [
        packlight.message_text(m) for m in snapshot
    ]
    assert history == snapshot


def test_a_recorded_history_is_what_the_next_prepare_extends(tmp_path: Path) -> None:
    store = packlight.open_store(str(tmp_path / "p.db"))
    session = packlight.Session(store=store, session_id="s", context_window=8192)
    history = example()
    session.record(history[:20])

    prepared = session.prepare(history[:21])

    assert session.stats.requests == 1
    assert session.stats.lineages == 1
    assert prepared.messages[-1]["content"] == history[20]["content"]
    stored = packlight.StoredSession.resume(store, "s").original_messages()
    assert len(stored) == 21


def test_history_after_a_restart_comes_from_the_store(tmp_path: Path) -> None:
    path = str(tmp_path / "p.db")
    first = packlight.AsyncSession(
        store=packlight.open_store(path), session_id="s", context_window=8192
    )
    history = example()[:40]
    asyncio.run(first.prepare(history))
    assert first.stats.compactions >= 1

    again = packlight.AsyncSession(
        store=packlight.open_store(path), session_id="s", context_window=8192
    )

    assert [m["content"] for m in again.history()] == [m["content"] for m in history]


def test_an_empty_session_has_no_history() -> None:
    assert packlight.Session(context_window=8192).history() == []
