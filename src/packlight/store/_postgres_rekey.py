"""Key rotation in the PostgreSQL store: every body of one session moved to the current key.

:meth:`~packlight.store.postgres.PostgresStore.rekey` calls :func:`rekey_session` once per
session, in a transaction holding the session row's writer lock (``FOR NO KEY UPDATE``, as
appends and commits take it), so no write of that session interleaves. A row already as a
write would store it now is left alone. The generated ``tsvector`` and the trigram index
follow the rewritten ``content`` by themselves.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from packlight.store._postgres_messages import as_text
from packlight.store._text import dump_json, searchable_and_exact
from packlight.store.protection import RekeyReport, RowCodec
from packlight.store.sealing import is_sealed_text

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.sql import Composed

    _Connection = Connection[tuple[Any, ...]]

__all__ = ["rekey_session"]


def rekey_session(
    conn: _Connection,
    q: Callable[[str], Composed],
    session_id: str,
    codec: RowCodec,
    report: RekeyReport,
    *,
    dry_run: bool,
) -> None:
    """Move the session's messages, artifacts and engine state to the current key (in the
    caller's transaction); count what was found in ``report``. A session deleted meanwhile
    is skipped."""
    locked = conn.execute(
        q("SELECT 1 FROM {s}.sessions WHERE id = %s FOR NO KEY UPDATE"), (session_id,)
    ).fetchone()
    if locked is None:
        return
    rows = conn.execute(
        q("SELECT position, message FROM {s}.messages WHERE session_id = %s ORDER BY position"),
        (session_id,),
    ).fetchall()
    updates: list[tuple[Any, ...]] = []
    for position, value in rows:
        report.count(codec.key_of(value))
        if not (dry_run or codec.is_current(value)):
            place = (session_id, int(position))
            updates.append(
                (as_text(codec.reseal_message(place, value, place)), session_id, position)
            )
    _update(
        conn,
        q,
        "UPDATE {s}.messages SET message = %s WHERE session_id = %s AND position = %s",
        updates,
    )
    report.rewritten += len(updates)

    rows = conn.execute(
        q("SELECT id, content, content_exact, meta FROM {s}.artifacts WHERE session_id = %s"),
        (session_id,),
    ).fetchall()
    updates = []
    for artifact_id, content, exact, meta in rows:
        sealed = exact if exact is not None and is_sealed_text(exact) else None
        report.count(codec.key_of(sealed))
        if dry_run or codec.is_current(sealed):
            continue
        if sealed is not None:
            text, meta_value = codec.open_artifact(session_id, artifact_id, sealed)
        else:
            text, meta_value = (content if exact is None else json.loads(exact)), json.loads(meta)
        resealed = codec.seal_artifact(session_id, artifact_id, text, meta_value)
        if resealed is None:
            searchable, kept = searchable_and_exact(text)
            values = (searchable, kept, dump_json(meta_value, "artifact meta"))
        else:
            values = ("", as_text(resealed), "{}")
        updates.append((*values, session_id, artifact_id))
    _update(
        conn,
        q,
        "UPDATE {s}.artifacts SET content = %s, content_exact = %s, meta = %s"
        " WHERE session_id = %s AND id = %s",
        updates,
    )
    report.rewritten += len(updates)

    state = conn.execute(
        q("SELECT state FROM {s}.engine_state WHERE session_id = %s"), (session_id,)
    ).fetchone()
    if state is not None:
        report.count(codec.key_of(state[0]))
        if not (dry_run or codec.is_current(state[0])):
            text = dump_json(codec.open_state(session_id, state[0]), "engine state")
            conn.execute(
                q("UPDATE {s}.engine_state SET state = %s WHERE session_id = %s"),
                (as_text(codec.seal_state(session_id, text)), session_id),
            )
            report.rewritten += 1


def _update(
    conn: _Connection, q: Callable[[str], Composed], statement: str, rows: list[tuple[Any, ...]]
) -> None:
    if rows:
        with conn.cursor() as cursor:
            cursor.executemany(q(statement), rows)
