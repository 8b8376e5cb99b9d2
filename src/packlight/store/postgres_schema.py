"""PostgreSQL's tables: the migration steps, the column lists, and rows to records and back.

:class:`~packlight.store.postgres.PostgresStore` runs these steps in order (see
:mod:`packlight.store.migrations`); a released step is never edited, a change is a new step.
In every statement ``{s}`` is the quoted schema and ``{schema_name}`` the same name as a
string literal (bound by ``PostgresStore._q``). A column list and the function reading its
rows live side by side here, since one follows the other's order.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, LiteralString, cast

from packlight.artifacts import Artifact, ArtifactKind
from packlight.store._text import dump_json
from packlight.store.base import CompactionEvent, SessionRecord, StoredMessage
from packlight.store.migrations import MIGRATIONS_TABLE, Migration
from packlight.store.protection import RowCodec
from packlight.store.sealing import is_sealed_text

MAX_DEPTH = 10_000
"""A lineage deeper than this is corrupt data (the API cannot make cycles), not a rotation chain."""
TSVECTOR_FALLBACK_CHARS = 150_000
"""A tsvector is at most 1 MB; when the whole content would exceed it, index this prefix
(substring search still covers the rest)."""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "initial schema",
        (
            """CREATE TABLE {s}.sessions (
                id text PRIMARY KEY,
                seq bigint GENERATED ALWAYS AS IDENTITY,
                parent_id text REFERENCES {s}.sessions (id) ON DELETE SET NULL,
                model text,
                created_at timestamptz NOT NULL,
                ended_at timestamptz,
                end_reason text,
                meta text NOT NULL,
                next_position bigint NOT NULL DEFAULT 0
            )""",
            "CREATE INDEX sessions_newest ON {s}.sessions (created_at DESC, seq DESC)",
            "CREATE INDEX sessions_children ON {s}.sessions (parent_id, created_at DESC, seq DESC)",
            """CREATE TABLE {s}.compactions (
                id text PRIMARY KEY,
                seq bigint GENERATED ALWAYS AS IDENTITY,
                session_id text NOT NULL REFERENCES {s}.sessions (id) ON DELETE CASCADE,
                created_at timestamptz NOT NULL,
                trigger text NOT NULL,
                before_tokens bigint NOT NULL,
                after_tokens bigint NOT NULL,
                before_messages integer NOT NULL,
                after_messages integer NOT NULL,
                summarizer text,
                duration_seconds double precision NOT NULL,
                checkpoint_id text,
                reason text NOT NULL,
                meta text NOT NULL
            )""",
            "CREATE INDEX compactions_session ON {s}.compactions (session_id, seq)",
            """CREATE TABLE {s}.messages (
                session_id text NOT NULL REFERENCES {s}.sessions (id) ON DELETE CASCADE,
                position bigint NOT NULL,
                message text NOT NULL,
                tokens integer,
                active boolean NOT NULL,
                compaction_id text REFERENCES {s}.compactions (id) ON DELETE SET NULL,
                inserted_by text REFERENCES {s}.compactions (id) ON DELETE SET NULL,
                PRIMARY KEY (session_id, position)
            )""",
            "CREATE INDEX messages_active ON {s}.messages (session_id, position) WHERE active",
            """CREATE TABLE {s}.engine_state (
                session_id text PRIMARY KEY REFERENCES {s}.sessions (id) ON DELETE CASCADE,
                state text NOT NULL,
                updated_at timestamptz NOT NULL
            )""",
            """CREATE TABLE {s}.leases (
                session_id text PRIMARY KEY REFERENCES {s}.sessions (id) ON DELETE CASCADE,
                holder text NOT NULL,
                acquired_at double precision NOT NULL,
                expires_at double precision NOT NULL
            )""",
            # A tsvector holds at most 1 MB: content past that indexes a prefix (substring
            # search still sees all of it). IMMUTABLE holds: 'simple' is built in.
            f"""CREATE FUNCTION {{s}}.artifact_tsvector(content text) RETURNS tsvector
                LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog AS $$
                BEGIN
                    RETURN to_tsvector('simple', content);
                EXCEPTION WHEN program_limit_exceeded THEN
                    RETURN to_tsvector('simple', left(content, {TSVECTOR_FALLBACK_CHARS}));
                END $$""",
            """CREATE TABLE {s}.artifacts (
                session_id text NOT NULL REFERENCES {s}.sessions (id) ON DELETE CASCADE,
                id text NOT NULL,
                seq bigint GENERATED ALWAYS AS IDENTITY,
                kind text NOT NULL,
                content text NOT NULL,
                content_exact text,
                meta text NOT NULL,
                created_at timestamptz NOT NULL,
                tsv tsvector GENERATED ALWAYS AS ({s}.artifact_tsvector(content)) STORED,
                PRIMARY KEY (session_id, id)
            )""",
            "CREATE INDEX artifacts_oldest ON {s}.artifacts (session_id, seq)",
            "CREATE INDEX artifacts_tsv ON {s}.artifacts USING gin (tsv)",
        ),
    ),
    Migration(
        2,
        "trigram index for substring search",
        # pg_trgm when the database has it or lets us create it (PostgreSQL 13+ trusts it to
        # any role with CREATE on the database); in public, never in our schema, which
        # drop_schema would take away from every other schema's index.
        (
            """DO $$
            DECLARE
                extension_schema name;
            BEGIN
                SELECT n.nspname INTO extension_schema
                FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                WHERE e.extname = 'pg_trgm';
                IF extension_schema IS NULL THEN
                    BEGIN
                        CREATE EXTENSION pg_trgm WITH SCHEMA public;
                        extension_schema := 'public';
                    EXCEPTION WHEN OTHERS THEN
                        RAISE NOTICE 'pg_trgm unavailable (%); substring search scans', SQLERRM;
                        RETURN;
                    END;
                END IF;
                EXECUTE format(
                    'CREATE INDEX artifacts_content_trgm ON %I.artifacts'
                    ' USING gin (content %I.gin_trgm_ops)',
                    {schema_name}, extension_schema
                );
            END $$""",
        ),
    ),
    Migration(
        3,
        "conversation heads",
        (
            # One row per gateway session: the digest of the raw history its client sent
            # last. A request is matched to the session whose head its history extends.
            """CREATE TABLE {s}.conversation_heads (
                session_id text PRIMARY KEY REFERENCES {s}.sessions(id) ON DELETE CASCADE,
                owner text NOT NULL,
                head text NOT NULL,
                length integer NOT NULL,
                updated_at timestamptz NOT NULL
            )""",
            "CREATE INDEX conversation_heads_by_head ON {s}.conversation_heads (owner, head)",
        ),
    ),
)

CREATE_MIGRATIONS_TABLE: LiteralString = f"""CREATE TABLE IF NOT EXISTS {{s}}.{MIGRATIONS_TABLE} (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL
    )"""
APPLIED_VERSIONS: LiteralString = f"SELECT version FROM {{s}}.{MIGRATIONS_TABLE}"
RECORD_MIGRATION: LiteralString = (
    f"INSERT INTO {{s}}.{MIGRATIONS_TABLE} (version, name, applied_at) VALUES (%s, %s, %s)"
)

# --- columns and rows ----------------------------------------------------------------------

SESSION_COLUMNS: LiteralString = "id, parent_id, model, created_at, ended_at, end_reason, meta"
MESSAGE_COLUMNS: LiteralString = (
    "session_id, position, message, tokens, active, compaction_id, inserted_by"
)
EVENT_COLUMNS: LiteralString = (
    "id, session_id, created_at, trigger, before_tokens, after_tokens, before_messages,"
    " after_messages, summarizer, duration_seconds, checkpoint_id, reason, meta"
)
LINEAGE: LiteralString = """WITH RECURSIVE lineage (id, up, depth) AS (
        SELECT id, parent_id, 0 FROM {s}.sessions WHERE id = %(session_id)s
        UNION ALL
        SELECT p.id, p.parent_id, l.depth + 1
        FROM {s}.sessions p JOIN lineage l ON p.id = l.up
        WHERE l.depth < %(max_depth)s
    )"""
"""lineage(id, up, depth): the session (depth 0) and its ancestors; prefixes artifact reads."""
TIP: LiteralString = """WITH RECURSIVE walk (id, depth) AS (
        SELECT id, 0 FROM {s}.sessions WHERE id = %(session_id)s
        UNION ALL
        SELECT newest.id, walk.depth + 1 FROM walk CROSS JOIN LATERAL (
            SELECT c.id FROM {s}.sessions c WHERE c.parent_id = walk.id
            ORDER BY c.created_at DESC, c.seq DESC LIMIT 1
        ) newest
        WHERE walk.depth < %(max_depth)s
    ), tip AS (SELECT id FROM walk ORDER BY depth DESC LIMIT 1)"""
"""tip(id): the newest descendant of the session (its newest child's newest child ...)."""


def aware(moment: datetime) -> datetime:
    """Naive datetimes are taken as UTC (the server would otherwise apply its TimeZone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)


def session_record(row: Sequence[Any]) -> SessionRecord:
    """A row of :data:`SESSION_COLUMNS` as a record."""
    return SessionRecord(
        id=row[0],
        parent_id=row[1],
        model=row[2],
        created_at=utc(row[3]),
        ended_at=None if row[4] is None else utc(row[4]),
        end_reason=row[5],
        meta=json.loads(row[6]),
    )


def stored_message(row: Sequence[Any], codec: RowCodec) -> StoredMessage:
    """A row of :data:`MESSAGE_COLUMNS` as a stored message (opened when sealed)."""
    return StoredMessage(
        session_id=row[0],
        position=int(row[1]),
        message=codec.open_message(row[0], int(row[1]), row[2]),
        tokens=row[3],
        active=bool(row[4]),
        compaction_id=row[5],
        inserted_by=row[6],
    )


def event_params(session_id: str, event: CompactionEvent) -> tuple[Any, ...]:
    """The values of :data:`EVENT_COLUMNS` for ``event``."""
    return (
        event.id,
        session_id,
        aware(event.created_at),
        event.trigger,
        event.before_tokens,
        event.after_tokens,
        event.before_messages,
        event.after_messages,
        event.summarizer,
        event.duration_seconds,
        event.checkpoint_id,
        event.reason,
        dump_json(event.meta, f"meta of event {event.id}"),
    )


def compaction_event(row: Sequence[Any]) -> CompactionEvent:
    """A row of :data:`EVENT_COLUMNS` as an event."""
    return CompactionEvent(
        id=row[0],
        session_id=row[1],
        created_at=utc(row[2]),
        trigger=row[3],
        before_tokens=int(row[4]),
        after_tokens=int(row[5]),
        before_messages=int(row[6]),
        after_messages=int(row[7]),
        summarizer=row[8],
        duration_seconds=float(row[9]),
        checkpoint_id=row[10],
        reason=row[11],
        meta=json.loads(row[12]),
    )


ARTIFACT_COLUMNS: LiteralString = "a.id, a.kind, a.content, a.content_exact, a.meta, a.session_id"
"""What :func:`artifact_record` reads (``a``: the artifacts table)."""


def artifact_record(row: Sequence[Any], codec: RowCodec) -> Artifact:
    """A row of :data:`ARTIFACT_COLUMNS` as an artifact (exact when kept, opened when sealed:
    a sealed artifact's content and meta are its ``content_exact``, in text form)."""
    identifier, kind, content, exact, meta, owner = row
    if exact is not None and is_sealed_text(exact):
        content, meta_value = codec.open_artifact(owner, identifier, exact)
        return Artifact(identifier, cast(ArtifactKind, kind), content, meta_value)
    return Artifact(
        id=identifier,
        kind=cast(ArtifactKind, kind),
        content=content if exact is None else json.loads(exact),
        meta=json.loads(meta),
    )
