"""A caller that adopts the session's view as its own history, possibly a turn late.

Framework integrations do this: pydantic-ai's ``ProcessHistory`` makes the view it was handed
the run's history, so a view sent after a recovery (the compacted prefix, then the messages
that came after it) comes back as the head of the next history. The messages after the prefix
are not new: the store must not keep them twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import packlight
from packlight.cli.demo import example_path


def recorded() -> list[dict[str, Any]]:
    return [dict(m) for m in packlight.read_session(example_path()).messages]


def test_a_view_adopted_a_turn_late_is_not_archived_twice(tmp_path: Path) -> None:
    messages = recorded()
    store = packlight.open_store(str(tmp_path / "store.db"))
    session = packlight.Session(model="gpt-4o", context_window=8192, store=store)
    seen = 0
    for seen in range(2, len(messages)):
        if session.prepare(messages[:seen]).compacted:
            break
    assert session.stats.compactions == 1
    # One more turn on the raw history: the view is now the compacted prefix and a tail.
    view = session.prepare(messages[: seen + 2]).messages
    assert len(view) > 0
    # The caller adopts that view and goes on from it.
    prepared = session.prepare([*view, *messages[seen + 2 : seen + 4]])
    assert session.stats.lineages == 1
    assert prepared.messages[: len(view)] == view
    session_id = session.session_id
    assert session_id is not None
    originals = packlight.StoredSession.resume(store, session_id).original_messages()
    assert [packlight.message_text(m) for m in originals] == [
        packlight.message_text(m) for m in messages[: seen + 4]
    ]
    store.close()
