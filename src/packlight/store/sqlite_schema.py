"""SQLite's tables: the migration steps, the search index, the column lists, rows and records.

:class:`~packlight.store.sqlite.SQLiteStore` runs these steps in order (see
:mod:`packlight.store.migrations`); a released step is never edited, a change is a new step.
A column list and the function reading its rows live side by side here, since one follows
the other's order. Time is stored as seconds since the epoch (``REAL``) and read back as UTC.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import fields
from datetime import UTC, datetime
from typing import Any, cast

from packlight.artifacts import Artifact, ArtifactKind
from packlight.store._text import dump_json, from_text_or_blob
from packlight.store.base import CompactionEvent, SessionRecord, StoredMessage
from packlight.store.migrations import Migration
from packlight.store.protection import RowCodec

MAX_DEPTH = 10_000  # a lineage deeper than this is corrupt data, not a real rotation chain

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "initial schema",
        (
            """CREATE TABLE sessions (
                id TEXT PRIMARY KEY,
                parent_id TEXT REFERENCES sessions(id) ON DELETE SET NULL,
                model TEXT, created_at REAL NOT NULL, ended_at REAL, end_reason TEXT,
                meta TEXT NOT NULL DEFAULT '{}')""",
            "CREATE INDEX sessions_by_created ON sessions(created_at)",
            "CREATE INDEX sessions_by_parent ON sessions(parent_id, created_at)",
            """CREATE TABLE messages (
                session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                position INTEGER NOT NULL, message TEXT NOT NULL, tokens INTEGER,
                active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
                compaction_id TEXT, inserted_by TEXT, PRIMARY KEY (session_id, position))""",
            # The transcript an agent sends is read every turn while compacted rows pile up.
            "CREATE INDEX messages_active ON messages(session_id, position) WHERE active = 1",
            # seq (an explicit INTEGER PRIMARY KEY, stable across VACUUM) orders the events;
            # the other columns follow CompactionEvent's fields in order (see event_row).
            """CREATE TABLE compactions (
                seq INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                created_at REAL NOT NULL, trigger_kind TEXT NOT NULL,
                before_tokens INTEGER NOT NULL, after_tokens INTEGER NOT NULL,
                before_messages INTEGER NOT NULL, after_messages INTEGER NOT NULL,
                summarizer TEXT, duration_seconds REAL NOT NULL, checkpoint_id TEXT,
                reason TEXT NOT NULL DEFAULT '', meta TEXT NOT NULL DEFAULT '{}')""",
            "CREATE INDEX compactions_by_session ON compactions(session_id, seq)",
            """CREATE TABLE engine_state (
                session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
                state TEXT NOT NULL, updated_at REAL NOT NULL)""",
            """CREATE TABLE leases (
                session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
                holder TEXT NOT NULL, expires_at REAL NOT NULL)""",
            # Ids are content-derived, so one id may be archived by two sessions: the key is
            # (session_id, id). seq is the FTS rowid, which must survive VACUUM. content is
            # TEXT, or a BLOB (UTF-8 with surrogatepass) when it holds lone surrogates.
            """CREATE TABLE artifacts (
                seq INTEGER PRIMARY KEY,
                session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                id TEXT NOT NULL, kind TEXT NOT NULL, content TEXT NOT NULL,
                meta TEXT NOT NULL DEFAULT '{}', created_at REAL NOT NULL,
                UNIQUE (session_id, id))""",
        ),
    ),
    Migration(
        2,
        "conversation heads",
        (
            # One row per gateway session: the digest of the raw history its client sent
            # last. A request is matched to the session whose head its history extends.
            """CREATE TABLE conversation_heads (
                session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
                owner TEXT NOT NULL, head TEXT NOT NULL, length INTEGER NOT NULL,
                updated_at REAL NOT NULL)""",
            "CREATE INDEX conversation_heads_by_head ON conversation_heads(owner, head)",
        ),
    ),
    Migration(
        3,
        "sealed artifact bodies",
        (
            # An artifact sealed under a store key (docs/security.md) keeps its content and
            # meta here, as one envelope; its content column is then '' (what the search
            # index sees) and its meta '{}'. NULL for plaintext artifacts.
            "ALTER TABLE artifacts ADD COLUMN sealed BLOB",
        ),
    ),
)

# The search index is no numbered migration: whether it can exist depends on the SQLite build
# that opens the file, so every startup reconciles it (SQLiteStore._reconcile_search_index).
FTS_TABLE = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS artifacts_fts USING fts5("
    "content, content='artifacts', content_rowid='seq', tokenize='trigram')"
)
# The index is brought up to date when it is searched, not when artifacts are written: a
# compaction archives its whole span, and indexing those trigrams inside the commit held the
# write lock (and a core) for tens of milliseconds, on a path an agent waits for, to serve a
# search that may never come. A written artifact's seq is queued in artifacts_fts_pending;
# search_artifacts indexes the queue first. Artifacts are never updated (their ids derive
# from their content): a delete removes an indexed row from the index, a queued one from the
# queue (FTS5 must be told exactly what it indexed, so an unindexed row must not reach it).
FTS_PENDING_TABLE = "CREATE TABLE IF NOT EXISTS artifacts_fts_pending (seq INTEGER PRIMARY KEY)"
FTS_TRIGGERS = {
    "artifacts_fts_queue": "AFTER INSERT ON artifacts BEGIN "
    "INSERT INTO artifacts_fts_pending(seq) VALUES (new.seq); END",
    "artifacts_fts_forget": "AFTER DELETE ON artifacts BEGIN "
    "INSERT INTO artifacts_fts(artifacts_fts, rowid, content) "
    "SELECT 'delete', old.seq, old.content "
    "WHERE NOT EXISTS (SELECT 1 FROM artifacts_fts_pending WHERE seq = old.seq); "
    "DELETE FROM artifacts_fts_pending WHERE seq = old.seq; END",
}
FTS_TRIGGER_PREFIX = "artifacts_fts_"
"""Triggers named so belong to the index: those not in FTS_TRIGGERS are an earlier scheme's."""

# --- columns and statements --------------------------------------------------------------

SESSION_COLUMNS = "s.id, s.parent_id, s.model, s.created_at, s.ended_at, s.end_reason, s.meta"
MESSAGE_COLUMNS = "session_id, position, message, tokens, active, compaction_id, inserted_by"
EVENT_COLUMNS = (
    "id, session_id, created_at, trigger_kind, before_tokens, after_tokens, before_messages, "
    "after_messages, summarizer, duration_seconds, checkpoint_id, reason, meta"
)
INSERT_MESSAGE = (
    "INSERT INTO messages(session_id, position, message, tokens, active, inserted_by) "
    "VALUES (?, ?, ?, ?, 1, ?)"
)
# chain(id, depth): the session (depth 0) and its ancestors; prefixes every artifact read.
LINEAGE_CTE = f"""WITH RECURSIVE chain(id, depth) AS (
    SELECT id, 0 FROM sessions WHERE id = :session_id
    UNION ALL
    SELECT s.parent_id, chain.depth + 1 FROM sessions AS s JOIN chain ON s.id = chain.id
    WHERE s.parent_id IS NOT NULL AND chain.depth < {MAX_DEPTH}
) """
# descent(id, depth): the session, its newest child, that child's newest child, ...
TIP_SQL = f"""WITH RECURSIVE descent(id, depth) AS (
    SELECT id, 0 FROM sessions WHERE id = :session_id
    UNION ALL
    SELECT (SELECT c.id FROM sessions AS c WHERE c.parent_id = descent.id
            ORDER BY c.created_at DESC, c.rowid DESC LIMIT 1), descent.depth + 1
    FROM descent WHERE descent.id IS NOT NULL AND descent.depth < {MAX_DEPTH}
) SELECT {SESSION_COLUMNS} FROM descent JOIN sessions AS s ON s.id = descent.id
ORDER BY descent.depth DESC LIMIT 1"""

# --- rows and records --------------------------------------------------------------------


def to_datetime(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def to_timestamp(moment: datetime) -> float:
    """Seconds since the epoch; a naive datetime is taken as UTC."""
    return (moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment).timestamp()


def event_row(session_id: str, event: CompactionEvent) -> tuple[Any, ...]:
    """The event as a row of :data:`EVENT_COLUMNS`, which follow its fields in order."""
    values = {item.name: getattr(event, item.name) for item in fields(event)}
    values["session_id"] = session_id
    values["created_at"] = to_timestamp(event.created_at)
    values["meta"] = dump_json(dict(event.meta), f"meta of event {event.id}")
    return tuple(values.values())


def compaction_event(row: Sequence[Any]) -> CompactionEvent:
    """A row of :data:`EVENT_COLUMNS` as an event."""
    values = dict(zip((item.name for item in fields(CompactionEvent)), row, strict=True))
    values["created_at"] = to_datetime(row[2])
    values["meta"] = json.loads(row[12])
    return CompactionEvent(**values)


def session_record(row: Sequence[Any]) -> SessionRecord:
    """A row of :data:`SESSION_COLUMNS` as a record."""
    ended = None if row[4] is None else to_datetime(row[4])
    return SessionRecord(
        row[0], row[1], row[2], to_datetime(row[3]), ended, row[5], json.loads(row[6])
    )


def stored_message(row: Sequence[Any], codec: RowCodec) -> StoredMessage:
    """A row of :data:`MESSAGE_COLUMNS` as a stored message (opened when sealed)."""
    message = codec.open_message(row[0], row[1], row[2])
    return StoredMessage(row[0], row[1], message, row[3], bool(row[4]), row[5], row[6])


ARTIFACT_COLUMNS = "a.id, a.kind, a.content, a.meta, a.session_id, a.sealed"


def artifact_record(row: Sequence[Any], codec: RowCodec) -> Artifact:
    """A row of :data:`ARTIFACT_COLUMNS` as an artifact (opened when sealed)."""
    kind = cast(ArtifactKind, row[1])
    if row[5] is not None:
        content, meta = codec.open_artifact(row[4], row[0], row[5])
        return Artifact(row[0], kind, content, meta)
    return Artifact(row[0], kind, from_text_or_blob(row[2]), json.loads(row[3]))
