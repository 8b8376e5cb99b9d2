"""Key rotation in the SQLite store: every body of one session moved to the current key.

:meth:`~packlight.store.sqlite.SQLiteStore.rekey` calls :func:`rekey_session` once per session,
each in its own write transaction, then :func:`scrub` once. A row already as a write would
store it now (sealed under the current key, or plaintext when there is none) is left alone.
"""

from __future__ import annotations

import json
import sqlite3

from packlight.store._text import dump_json, from_text_or_blob, text_or_blob
from packlight.store.protection import RekeyReport, RowCodec

__all__ = ["rekey_session", "scrub"]


def rekey_session(
    conn: sqlite3.Connection,
    session_id: str,
    codec: RowCodec,
    report: RekeyReport,
    *,
    fts: bool,
    dry_run: bool,
) -> None:
    """Move the session's messages, artifacts and engine state to the current key (in the
    caller's write transaction); count what was found in ``report``."""
    sql = "SELECT position, message FROM messages WHERE session_id = ? ORDER BY position"
    for position, value in conn.execute(sql, (session_id,)).fetchall():
        report.count(codec.key_of(value))
        if dry_run or codec.is_current(value):
            continue
        place = (session_id, position)
        conn.execute(
            "UPDATE messages SET message = ? WHERE session_id = ? AND position = ?",
            (codec.reseal_message(place, value, place), session_id, position),
        )
        report.rewritten += 1
    sql = "SELECT seq, id, content, meta, sealed FROM artifacts WHERE session_id = ?"
    for seq, artifact_id, content, meta, sealed in conn.execute(sql, (session_id,)).fetchall():
        report.count(codec.key_of(sealed))
        if dry_run or codec.is_current(sealed):
            continue
        if sealed is not None:
            text, meta_value = codec.open_artifact(session_id, artifact_id, sealed)
        else:
            text, meta_value = from_text_or_blob(content), json.loads(meta)
        resealed = codec.seal_artifact(session_id, artifact_id, text, meta_value)
        row: tuple[str | bytes, str, str | bytes | None]
        if resealed is None:
            row = (text_or_blob(text), dump_json(meta_value, "artifact meta"), None)
        else:
            row = ("", "{}", resealed)
        _forget_indexed(conn, seq, content, fts)
        conn.execute(
            "UPDATE artifacts SET content = ?, meta = ?, sealed = ? WHERE seq = ?", (*row, seq)
        )
        if fts:
            conn.execute("INSERT OR IGNORE INTO artifacts_fts_pending(seq) VALUES (?)", (seq,))
        report.rewritten += 1
    sql = "SELECT state FROM engine_state WHERE session_id = ?"
    for (value,) in conn.execute(sql, (session_id,)).fetchall():
        report.count(codec.key_of(value))
        if dry_run or codec.is_current(value):
            continue
        state = dump_json(codec.open_state(session_id, value), "engine state")
        conn.execute(
            "UPDATE engine_state SET state = ? WHERE session_id = ?",
            (codec.seal_state(session_id, state), session_id),
        )
        report.rewritten += 1


def _forget_indexed(conn: sqlite3.Connection, seq: int, content: str | bytes, fts: bool) -> None:
    """Take an artifact's old content out of the search index before the row changes: FTS5
    must be told exactly what it indexed, and the row is indexed again from the queue."""
    if not fts:
        return
    pending = conn.execute("SELECT 1 FROM artifacts_fts_pending WHERE seq = ?", (seq,)).fetchone()
    if pending is None:
        conn.execute(
            "INSERT INTO artifacts_fts(artifacts_fts, rowid, content) VALUES ('delete', ?, ?)",
            (seq, content),
        )


def scrub(conn: sqlite3.Connection, *, fts: bool) -> None:
    """After bodies were rewritten: merge the search index (FTS5 keeps deleted entries in old
    segments until a merge), rebuild the file without its free pages (``VACUUM``: the old
    bodies stay in freed pages otherwise) and empty the WAL. Outside any transaction."""
    if fts:
        conn.execute("INSERT INTO artifacts_fts(artifacts_fts) VALUES ('optimize')")
    conn.execute("VACUUM")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
