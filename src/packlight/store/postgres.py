"""PostgreSQL :class:`~packlight.store.base.SessionStore`: one contract, many processes or hosts.

``pip install 'packlight[postgres]'`` (psycopg 3 with its pool). Every table lives in one schema
(``packlight`` unless told otherwise), created on first use and migrated in order.

How the contract maps onto PostgreSQL:

- **Migrations** are numbered steps (:mod:`packlight.store.migrations` decides which are
  pending, and refuses a schema from a newer packlight) recorded in
  ``<schema>.schema_migrations``. They run in one transaction under a database-wide
  ``pg_advisory_xact_lock``, so hosts that start together neither race nor half-apply.
- **JSON** (messages, meta, engine state) is ``text`` holding ``json.dumps`` output, so what is
  read back is exactly what was written: key order, integers apart from floats, ``NaN``,
  ``\\u0000`` and lone surrogates all survive (``jsonb`` rejects ``\\u0000`` and reorders keys,
  ``json`` rejects ``NaN``). Ad-hoc queries cast: ``message::jsonb ->> 'role'``.
- **Writers serialise on the session row.** ``append_messages`` and ``commit_compaction`` lock
  it first (``FOR NO KEY UPDATE``: exclusive among writers, but it does not block the foreign-key
  checks of lease and artifact inserts, so no lock-order deadlock is possible). Positions come
  from a per-session counter on that row: they grow by one and are never reused.
- **Leases** are one row per session, taken by a single ``INSERT ... ON CONFLICT DO UPDATE
  ... WHERE expired OR ours``; time is the injected ``now`` (seconds since the epoch), so tests
  can fake expiry. A lease is held while ``now < expires_at``.
- **Search** over artifacts: a stored generated ``tsvector`` (``'simple'`` configuration, so
  no stemming or stop words: ``HAT136`` stays ``hat136`` and paths stay whole) with a GIN
  index, *or* a case-insensitive substring match of every query word (``ILIKE``), which finds
  what the text-search parser splits or joins differently (``options.py`` inside
  ``/x/django/contrib/admin/options.py``, ``Baz`` inside ``foo.bar.Baz``). ``pg_trgm`` backs
  the substring match with a trigram index when the extension is available; without it the
  match scans the lineage's artifacts only, which the primary key narrows first.
- **Artifact content** is ``text``; content PostgreSQL cannot hold as text (NUL characters,
  lone surrogates) is kept exactly in ``content_exact`` (a JSON string) next to a searchable
  copy with those characters replaced.
- **delete_session** removes the session's messages, events, state, lease and artifacts in one
  statement (``ON DELETE CASCADE``); its children survive as roots (``parent_id`` becomes NULL).
"""

from __future__ import annotations

import json
import logging
import math
import secrets
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, LiteralString, cast

from packlight.artifacts import Artifact, ArtifactKind
from packlight.errors import ConfigError, MissingExtraError, UserError
from packlight.messages import Message
from packlight.store.base import (
    CompactionEvent,
    SearchHit,
    SessionNotFoundError,
    SessionRecord,
    StaleTranscriptError,
    StoredMessage,
    StoreError,
)
from packlight.store.migrations import MIGRATIONS_TABLE, Migration, pending_migrations

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.sql import Composed
    from psycopg_pool import ConnectionPool

    _Connection = Connection[tuple[Any, ...]]

__all__ = ["PostgresStore"]

logger = logging.getLogger("packlight.store.postgres")

_MIGRATION_LOCK_KEY = 0x706C_6D69_6772_6174
"""``pg_advisory_xact_lock`` key while migrating, for every schema (it guards CREATE EXTENSION)."""
_CONNECT_TIMEOUT_SECONDS = 10.0
_MAX_IDENTIFIER_BYTES = 63
_SNIPPET_CHARS = 300
_MAX_SEARCH_LIMIT = 100
_TSVECTOR_FALLBACK_CHARS = 150_000
_MAX_DEPTH = 10_000
"""A lineage deeper than this is corrupt data (the API cannot make cycles), not a rotation chain."""
"""A tsvector is at most 1 MB; when the whole content would exceed it, index this prefix
(substring search still covers the rest)."""

# --- migrations ----------------------------------------------------------------------------
# ``{s}`` is the quoted schema, ``{schema_name}`` the same name as a string literal.

_MIGRATIONS: tuple[Migration, ...] = (
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
                    RETURN to_tsvector('simple', left(content, {_TSVECTOR_FALLBACK_CHARS}));
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
)


# --- the store -----------------------------------------------------------------------------

_SESSION_COLUMNS: LiteralString = "id, parent_id, model, created_at, ended_at, end_reason, meta"
_MESSAGE_COLUMNS: LiteralString = (
    "session_id, position, message, tokens, active, compaction_id, inserted_by"
)
_EVENT_COLUMNS: LiteralString = (
    "id, session_id, created_at, trigger, before_tokens, after_tokens, before_messages,"
    " after_messages, summarizer, duration_seconds, checkpoint_id, reason, meta"
)
_LINEAGE: LiteralString = """WITH RECURSIVE lineage (id, up, depth) AS (
        SELECT id, parent_id, 0 FROM {s}.sessions WHERE id = %(session_id)s
        UNION ALL
        SELECT p.id, p.parent_id, l.depth + 1
        FROM {s}.sessions p JOIN lineage l ON p.id = l.up
        WHERE l.depth < %(max_depth)s
    )"""


class PostgresStore:
    """:class:`~packlight.store.base.SessionStore` on PostgreSQL through a psycopg connection pool.

    ``dsn`` is a libpq connection string or URL; ``schema`` holds every table (created and
    migrated on construction; the role needs CREATE on the database the first time).
    ``min_size``/``max_size`` bound the pool; ``now`` is the clock (seconds since the epoch)
    for timestamps and lease expiry. Raises :class:`~packlight.errors.MissingExtraError`
    without psycopg and :class:`~packlight.store.base.StoreError` when the server cannot be
    reached or migrated.
    """

    def __init__(
        self,
        dsn: str,
        *,
        schema: str = "packlight",
        min_size: int = 1,
        max_size: int = 4,
        now: Callable[[], float] = time.time,
    ) -> None:
        if not schema or len(schema.encode("utf-8")) > _MAX_IDENTIFIER_BYTES or "\0" in schema:
            raise ConfigError("schema", schema, "a PostgreSQL identifier of 1 to 63 bytes")
        if min_size < 0:
            raise ConfigError("min_size", min_size, "an integer >= 0")
        if max_size < max(1, min_size):
            raise ConfigError("max_size", max_size, f"an integer >= max(1, min_size={min_size})")
        try:
            import psycopg
            from psycopg import sql
            from psycopg_pool import ConnectionPool
        except ImportError as exc:
            raise MissingExtraError("PostgreSQL store", "postgres") from exc

        self._psycopg_error = psycopg.Error
        self._foreign_key_violation = psycopg.errors.ForeignKeyViolation
        self._unique_violation = psycopg.errors.UniqueViolation
        self._schema = schema
        self._schema_identifier = sql.Identifier(schema)
        self._schema_literal = sql.Literal(schema)
        self._sql = sql.SQL
        self._queries: dict[str, Composed] = {}
        self._now = now
        # One plain connection first: a server that is down or a login that is refused fails
        # here at once with libpq's message (a pool retries until its timeout). It migrates.
        with self._translate("connect/migrate"), psycopg.connect(dsn) as conn:
            self._migrate(conn)
        self._pool: ConnectionPool[_Connection] = ConnectionPool(
            dsn,
            min_size=min_size,
            max_size=max_size,
            open=False,
            check=ConnectionPool.check_connection,
            name=f"packlight-{schema}",
        )
        try:
            with self._translate("connect"):
                self._pool.open(wait=True, timeout=_CONNECT_TIMEOUT_SECONDS)
        except BaseException:
            self._pool.close()
            raise

    def __repr__(self) -> str:
        return f"PostgresStore(schema={self._schema!r})"  # the DSN may hold a password

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- plumbing --------------------------------------------------------------------------

    def _q(self, template: str) -> Composed:
        """``template`` with ``{s}`` bound to the quoted schema (composed once, then cached)."""
        composed = self._queries.get(template)
        if composed is None:
            composed = self._sql(template).format(
                s=self._schema_identifier, schema_name=self._schema_literal
            )
            self._queries[template] = composed
        return composed

    @contextmanager
    def _translate(self, action: str, session_id: str | None = None) -> Iterator[None]:
        try:
            yield
        except StoreError:
            raise
        except self._foreign_key_violation as exc:
            raise SessionNotFoundError(f"{action}: no session {session_id!r}") from exc
        except self._psycopg_error as exc:
            detail = getattr(exc.diag, "message_primary", None) or str(exc).splitlines()[0]
            raise StoreError(
                f"PostgreSQL {action} failed ({type(exc).__name__}): {detail}"
            ) from exc

    @contextmanager
    def _transaction(self, action: str, session_id: str | None = None) -> Iterator[_Connection]:
        """One pooled connection, one transaction: committed on success, rolled back on error."""
        with self._translate(action, session_id), self._pool.connection() as conn:
            yield conn

    def _migrate(self, conn: _Connection) -> None:
        """Apply the pending migrations in one transaction, one migrating host at a time."""
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK_KEY,))
            # CREATE SCHEMA IF NOT EXISTS needs the privilege even when the schema exists.
            exists = conn.execute(
                "SELECT 1 FROM pg_namespace WHERE nspname = %s", (self._schema,)
            ).fetchone()
            if exists is None:
                conn.execute(self._q("CREATE SCHEMA {s}"))
            conn.execute(
                self._q(
                    f"""CREATE TABLE IF NOT EXISTS {{s}}.{MIGRATIONS_TABLE} (
                        version integer PRIMARY KEY,
                        name text NOT NULL,
                        applied_at timestamptz NOT NULL
                    )"""
                )
            )
            applied = [
                int(row[0])
                for row in conn.execute(self._q(f"SELECT version FROM {{s}}.{MIGRATIONS_TABLE}"))
            ]
            for migration in pending_migrations(_MIGRATIONS, applied):
                logger.info(
                    "schema %s: migration %d, %s", self._schema, migration.version, migration.name
                )
                for statement in migration.statements:
                    conn.execute(self._q(statement))
                conn.execute(
                    self._q(
                        f"INSERT INTO {{s}}.{MIGRATIONS_TABLE} (version, name, applied_at)"
                        " VALUES (%s, %s, %s)"
                    ),
                    (migration.version, migration.name, self._timestamp()),
                )

    def _timestamp(self) -> datetime:
        return datetime.fromtimestamp(self._now(), UTC)

    # --- sessions --------------------------------------------------------------------------

    def create_session(
        self,
        *,
        session_id: str | None = None,
        parent_id: str | None = None,
        model: str | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> SessionRecord:
        meta_text = _dumps(dict(meta or {}), "session meta")
        record = SessionRecord(
            id=session_id if session_id is not None else secrets.token_hex(16),
            parent_id=parent_id,
            model=model,
            created_at=self._timestamp(),
            meta=dict(meta or {}),
        )
        try:
            with self._transaction("create_session", parent_id) as conn:
                conn.execute(
                    self._q(
                        "INSERT INTO {s}.sessions (id, parent_id, model, created_at, meta)"
                        " VALUES (%s, %s, %s, %s, %s)"
                    ),
                    (record.id, parent_id, model, record.created_at, meta_text),
                )
        except StoreError as exc:
            if isinstance(exc.__cause__, self._unique_violation):
                message = f"session {record.id!r} already exists"
                raise StoreError(message) from exc.__cause__
            raise
        return record

    def get_session(self, session_id: str) -> SessionRecord | None:
        with self._transaction("get_session") as conn:
            row = conn.execute(
                self._q(f"SELECT {_SESSION_COLUMNS} FROM {{s}}.sessions WHERE id = %s"),
                (session_id,),
            ).fetchone()
        return None if row is None else _session(row)

    def list_sessions(self, *, limit: int = 100, offset: int = 0) -> list[SessionRecord]:
        """Newest first (ties in ``created_at`` broken by insertion order)."""
        if limit < 0 or offset < 0:
            raise UserError(f"limit and offset must be >= 0, got limit={limit}, offset={offset}")
        with self._transaction("list_sessions") as conn:
            rows = conn.execute(
                self._q(
                    f"SELECT {_SESSION_COLUMNS} FROM {{s}}.sessions"
                    " ORDER BY created_at DESC, seq DESC LIMIT %s OFFSET %s"
                ),
                (limit, offset),
            ).fetchall()
        return [_session(row) for row in rows]

    def end_session(self, session_id: str, reason: str) -> None:
        with self._transaction("end_session") as conn:
            cursor = conn.execute(
                self._q("UPDATE {s}.sessions SET ended_at = %s, end_reason = %s WHERE id = %s"),
                (self._timestamp(), reason, session_id),
            )
            if cursor.rowcount == 0:
                raise SessionNotFoundError(f"end_session: no session {session_id!r}")

    def delete_session(self, session_id: str) -> None:
        """Delete the session and every row that belongs to it; its children become roots.

        Messages, events, engine state, lease and artifacts go by ``ON DELETE CASCADE`` in the
        same statement; a child session keeps its own rows and gets ``parent_id = NULL`` (it can
        no longer read the deleted session's artifacts, which no longer exist). Deleting a
        session that does not exist does nothing.
        """
        with self._transaction("delete_session") as conn:
            conn.execute(self._q("DELETE FROM {s}.sessions WHERE id = %s"), (session_id,))

    def lineage(self, session_id: str) -> list[SessionRecord]:
        with self._transaction("lineage") as conn:
            rows = conn.execute(
                self._q(
                    _LINEAGE + f" SELECT {_SESSION_COLUMNS} FROM {{s}}.sessions"
                    " JOIN lineage USING (id) ORDER BY lineage.depth DESC"
                ),
                {"session_id": session_id, "max_depth": _MAX_DEPTH},
            ).fetchall()
        if not rows:
            raise SessionNotFoundError(f"lineage: no session {session_id!r}")
        return [_session(row) for row in rows]

    def tip(self, session_id: str) -> SessionRecord:
        with self._transaction("tip") as conn:
            row = conn.execute(
                self._q(
                    """WITH RECURSIVE walk (id, depth) AS (
                        SELECT id, 0 FROM {s}.sessions WHERE id = %(session_id)s
                        UNION ALL
                        SELECT newest.id, walk.depth + 1 FROM walk CROSS JOIN LATERAL (
                            SELECT c.id FROM {s}.sessions c WHERE c.parent_id = walk.id
                            ORDER BY c.created_at DESC, c.seq DESC LIMIT 1
                        ) newest
                        WHERE walk.depth < %(max_depth)s
                    )"""
                    f" SELECT {_SESSION_COLUMNS} FROM {{s}}.sessions"
                    " JOIN walk USING (id) ORDER BY walk.depth DESC LIMIT 1"
                ),
                {"session_id": session_id, "max_depth": _MAX_DEPTH},
            ).fetchone()
        if row is None:
            raise SessionNotFoundError(f"tip: no session {session_id!r}")
        return _session(row)

    # --- messages --------------------------------------------------------------------------

    def append_messages(
        self,
        session_id: str,
        messages: Sequence[Message],
        tokens: Sequence[int | None] | None = None,
    ) -> list[int]:
        texts = [_dumps(message, f"message {i}") for i, message in enumerate(messages)]
        token_list = _tokens(messages, tokens, "tokens")
        with self._transaction("append_messages", session_id) as conn:
            first = self._reserve_positions(conn, session_id, len(texts), "append_messages")
            return self._insert_messages(conn, session_id, first, texts, token_list, None)

    def _reserve_positions(
        self, conn: _Connection, session_id: str, count: int, action: str
    ) -> int:
        """Take ``count`` positions from the session's counter (row-locks the session)."""
        row = conn.execute(
            self._q(
                "UPDATE {s}.sessions SET next_position = next_position + %s"
                " WHERE id = %s RETURNING next_position - %s"
            ),
            (count, session_id, count),
        ).fetchone()
        if row is None:
            raise SessionNotFoundError(f"{action}: no session {session_id!r}")
        return int(row[0])

    def _insert_messages(
        self,
        conn: _Connection,
        session_id: str,
        first: int,
        texts: list[str],
        tokens: list[int | None],
        inserted_by: str | None,
    ) -> list[int]:
        positions = list(range(first, first + len(texts)))
        if texts:
            conn.execute(
                self._q(
                    "INSERT INTO {s}.messages"
                    " (session_id, position, message, tokens, active, inserted_by)"
                    " SELECT %s, p, m, t, true, %s"
                    " FROM unnest(%s::bigint[], %s::text[], %s::integer[]) AS u (p, m, t)"
                ),
                (session_id, inserted_by, positions, texts, tokens),
            )
        return positions

    def active_messages(self, session_id: str) -> list[StoredMessage]:
        return self._messages(session_id, active_only=True)

    def all_messages(self, session_id: str) -> list[StoredMessage]:
        return self._messages(session_id, active_only=False)

    def _messages(self, session_id: str, *, active_only: bool) -> list[StoredMessage]:
        query = self._q(
            f"SELECT {_MESSAGE_COLUMNS} FROM {{s}}.messages"
            " WHERE session_id = %s AND active ORDER BY position"
            if active_only
            else f"SELECT {_MESSAGE_COLUMNS} FROM {{s}}.messages"
            " WHERE session_id = %s ORDER BY position"
        )
        with self._transaction("read messages") as conn:
            rows = conn.execute(query, (session_id,)).fetchall()
        return [
            StoredMessage(
                session_id=row[0],
                position=int(row[1]),
                message=cast(Message, json.loads(row[2])),
                tokens=row[3],
                active=bool(row[4]),
                compaction_id=row[5],
                inserted_by=row[6],
            )
            for row in rows
        ]

    # --- compaction ------------------------------------------------------------------------

    def commit_compaction(
        self,
        session_id: str,
        *,
        expected_positions: Sequence[int],
        new_messages: Sequence[Message],
        new_tokens: Sequence[int | None] | None,
        event: CompactionEvent,
        artifacts: Sequence[Artifact],
        engine_state: Mapping[str, Any] | None,
        lease_holder: str | None = None,
    ) -> list[int]:
        if event.session_id != session_id:
            raise UserError(
                f"event {event.id!r} is for session {event.session_id!r}, not {session_id!r}"
            )
        # Everything that can fail without the database is done before taking the locks.
        texts = [_dumps(message, f"new message {i}") for i, message in enumerate(new_messages)]
        token_list = _tokens(new_messages, new_tokens, "new_tokens")
        artifact_rows = self._artifact_rows(session_id, artifacts)
        state_text = None if engine_state is None else _dumps(engine_state, "engine state")
        with self._transaction("commit_compaction", session_id) as conn:
            # The session row lock serialises every writer of this session, on any host.
            locked = conn.execute(
                self._q("SELECT 1 FROM {s}.sessions WHERE id = %s FOR NO KEY UPDATE"),
                (session_id,),
            ).fetchone()
            if locked is None:
                raise SessionNotFoundError(f"commit_compaction: no session {session_id!r}")
            if lease_holder is not None:
                # FOR SHARE: nobody can take the lease over until this transaction ends.
                lease = conn.execute(
                    self._q(
                        "SELECT holder, expires_at FROM {s}.leases WHERE session_id = %s FOR SHARE"
                    ),
                    (session_id,),
                ).fetchone()
                if lease is None or lease[0] != lease_holder or lease[1] <= self._now():
                    raise StaleTranscriptError(
                        f"session {session_id!r}: {lease_holder!r} does not hold the lease"
                    )
            active = [
                int(row[0])
                for row in conn.execute(
                    self._q(
                        "SELECT position FROM {s}.messages"
                        " WHERE session_id = %s AND active ORDER BY position"
                    ),
                    (session_id,),
                )
            ]
            if active != sorted(expected_positions):
                raise StaleTranscriptError(
                    f"session {session_id!r}: the active transcript changed since it was read"
                    f" ({len(active)} active rows, {len(expected_positions)} expected)"
                )
            self._insert_event(conn, session_id, event)
            conn.execute(
                self._q(
                    "UPDATE {s}.messages SET active = false, compaction_id = %s"
                    " WHERE session_id = %s AND active"
                ),
                (event.id, session_id),
            )
            first = self._reserve_positions(conn, session_id, len(texts), "commit_compaction")
            positions = self._insert_messages(conn, session_id, first, texts, token_list, event.id)
            self._insert_artifacts(conn, artifact_rows)
            if state_text is not None:
                self._upsert_engine_state(conn, session_id, state_text)
        return positions

    def _insert_event(self, conn: _Connection, session_id: str, event: CompactionEvent) -> None:
        conn.execute(
            self._q(
                f"INSERT INTO {{s}}.compactions ({_EVENT_COLUMNS})"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
            ),
            (
                event.id,
                session_id,
                _aware(event.created_at),
                event.trigger,
                event.before_tokens,
                event.after_tokens,
                event.before_messages,
                event.after_messages,
                event.summarizer,
                event.duration_seconds,
                event.checkpoint_id,
                event.reason,
                _dumps(event.meta, f"meta of event {event.id}"),
            ),
        )

    def compaction_events(self, session_id: str) -> list[CompactionEvent]:
        with self._transaction("compaction_events") as conn:
            rows = conn.execute(
                self._q(
                    f"SELECT {_EVENT_COLUMNS} FROM {{s}}.compactions"
                    " WHERE session_id = %s ORDER BY seq"
                ),
                (session_id,),
            ).fetchall()
        return [
            CompactionEvent(
                id=row[0],
                session_id=row[1],
                created_at=_utc(row[2]),
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
            for row in rows
        ]

    # --- engine state ----------------------------------------------------------------------

    def load_engine_state(self, session_id: str) -> dict[str, Any] | None:
        with self._transaction("load_engine_state") as conn:
            row = conn.execute(
                self._q("SELECT state FROM {s}.engine_state WHERE session_id = %s"),
                (session_id,),
            ).fetchone()
        return None if row is None else cast(dict[str, Any], json.loads(row[0]))

    def save_engine_state(self, session_id: str, state: Mapping[str, Any]) -> None:
        text = _dumps(state, "engine state")
        with self._transaction("save_engine_state", session_id) as conn:
            self._upsert_engine_state(conn, session_id, text)

    def _upsert_engine_state(self, conn: _Connection, session_id: str, text: str) -> None:
        conn.execute(
            self._q(
                "INSERT INTO {s}.engine_state (session_id, state, updated_at)"
                " VALUES (%s, %s, %s) ON CONFLICT (session_id)"
                " DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at"
            ),
            (session_id, text, self._timestamp()),
        )

    # --- leases ----------------------------------------------------------------------------

    def acquire_lease(self, session_id: str, holder: str, ttl_seconds: float) -> bool:
        """Take the lease if free, expired or ours, in one statement (no read-then-write race)."""
        _check_ttl(ttl_seconds)
        now = self._now()
        with self._transaction("acquire_lease", session_id) as conn:
            row = conn.execute(
                self._q(
                    "INSERT INTO {s}.leases AS l (session_id, holder, acquired_at, expires_at)"
                    " VALUES (%s, %s, %s, %s) ON CONFLICT (session_id) DO UPDATE SET"
                    " holder = excluded.holder, expires_at = excluded.expires_at,"
                    " acquired_at = CASE WHEN l.holder = excluded.holder"
                    " THEN l.acquired_at ELSE excluded.acquired_at END"
                    " WHERE l.expires_at <= %s OR l.holder = excluded.holder"
                    " RETURNING holder"
                ),
                (session_id, holder, now, now + ttl_seconds, now),
            ).fetchone()
        return row is not None

    def renew_lease(self, session_id: str, holder: str, ttl_seconds: float) -> bool:
        """Extend our lease; False when we no longer hold it (another holder, or expired)."""
        _check_ttl(ttl_seconds)
        now = self._now()
        with self._transaction("renew_lease") as conn:
            row = conn.execute(
                self._q(
                    "UPDATE {s}.leases SET expires_at = %s"
                    " WHERE session_id = %s AND holder = %s AND expires_at > %s RETURNING holder"
                ),
                (now + ttl_seconds, session_id, holder, now),
            ).fetchone()
        return row is not None

    def release_lease(self, session_id: str, holder: str) -> None:
        with self._transaction("release_lease") as conn:
            conn.execute(
                self._q("DELETE FROM {s}.leases WHERE session_id = %s AND holder = %s"),
                (session_id, holder),
            )

    # --- artifacts -------------------------------------------------------------------------

    def put_artifacts(self, session_id: str, artifacts: Sequence[Artifact]) -> None:
        rows = self._artifact_rows(session_id, artifacts)
        with self._transaction("put_artifacts", session_id) as conn:
            # Explicit, so that an empty list for a missing session fails like a full one.
            exists = conn.execute(
                self._q("SELECT 1 FROM {s}.sessions WHERE id = %s"), (session_id,)
            ).fetchone()
            if exists is None:
                raise SessionNotFoundError(f"put_artifacts: no session {session_id!r}")
            self._insert_artifacts(conn, rows)

    def _artifact_rows(
        self, session_id: str, artifacts: Sequence[Artifact]
    ) -> list[tuple[Any, ...]]:
        created_at = self._timestamp()
        rows: list[tuple[Any, ...]] = []
        for artifact in artifacts:
            searchable, exact = _storable_text(artifact.content)
            meta = _dumps(artifact.meta, f"meta of artifact {artifact.id}")
            rows.append(
                (session_id, artifact.id, artifact.kind, searchable, exact, meta, created_at)
            )
        return rows

    def _insert_artifacts(self, conn: _Connection, rows: list[tuple[Any, ...]]) -> None:
        if not rows:
            return
        with conn.cursor() as cursor:
            cursor.executemany(
                self._q(
                    "INSERT INTO {s}.artifacts"
                    " (session_id, id, kind, content, content_exact, meta, created_at)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s)"
                    " ON CONFLICT (session_id, id) DO NOTHING"
                ),
                rows,
            )

    def get_artifact(self, session_id: str, artifact_id: str) -> Artifact | None:
        with self._transaction("get_artifact") as conn:
            row = conn.execute(
                self._q(
                    _LINEAGE + " SELECT a.id, a.kind, a.content, a.content_exact, a.meta"
                    " FROM {s}.artifacts a JOIN lineage l ON a.session_id = l.id"
                    " WHERE a.id = %(artifact_id)s ORDER BY l.depth LIMIT 1"
                ),
                {"session_id": session_id, "artifact_id": artifact_id, "max_depth": _MAX_DEPTH},
            ).fetchone()
        return None if row is None else _artifact(row)

    def list_artifacts(self, session_id: str) -> list[Artifact]:
        """Artifacts of the lineage, oldest first (an id archived twice, once: the oldest)."""
        with self._transaction("list_artifacts") as conn:
            rows = conn.execute(
                self._q(
                    _LINEAGE
                    + """ SELECT id, kind, content, content_exact, meta FROM (
                        SELECT DISTINCT ON (a.id) a.*
                        FROM {s}.artifacts a JOIN lineage l ON a.session_id = l.id
                        ORDER BY a.id, a.seq
                    ) oldest ORDER BY seq"""
                ),
                {"session_id": session_id, "max_depth": _MAX_DEPTH},
            ).fetchall()
        return [_artifact(row) for row in rows]

    def search_artifacts(self, session_id: str, query: str, *, limit: int = 10) -> list[SearchHit]:
        """Artifacts of the lineage matching every word of ``query``, best first.

        Words are whitespace-separated. An artifact matches when every word is a token of its
        ``tsvector`` (``'simple'``: case-folded, unstemmed) or, failing that, when every word
        occurs in it as a case-insensitive substring. The score is ``ts_rank_cd`` (0..1) plus
        1 when the whole query occurs verbatim; ``limit`` is clamped to 1..100. Each hit names
        the first line holding the most query words.
        """
        words = _search_terms(query)
        if not words:
            return []
        # Each side of the OR is its own indexed subquery (tsvector GIN; one ILIKE per word
        # for the trigram GIN): as a plain OR the planner under-costs ILIKE and scans.
        substrings = " AND ".join(f"content ILIKE %(word{i})s" for i in range(len(words)))
        statement = self._sql(
            _LINEAGE
            + """, hits AS (
                SELECT DISTINCT ON (a.id) a.id, a.session_id, a.kind, a.content,
                    a.content_exact, a.seq,
                    ts_rank_cd(a.tsv, plainto_tsquery('simple', %(query)s), 32)
                    + CASE WHEN a.content ILIKE %(phrase)s THEN 1.0 ELSE 0.0 END AS score
                FROM {s}.artifacts a JOIN lineage l ON a.session_id = l.id
                WHERE (a.session_id, a.id) IN (
                    SELECT session_id, id FROM {s}.artifacts
                    WHERE session_id IN (SELECT id FROM lineage)
                        AND tsv @@ plainto_tsquery('simple', %(query)s)
                    UNION
                    SELECT session_id, id FROM {s}.artifacts
                    WHERE session_id IN (SELECT id FROM lineage) AND {substrings}
                )
                ORDER BY a.id, l.depth
            )
            SELECT id, session_id, kind, content, content_exact, score FROM hits
            ORDER BY score DESC, seq LIMIT %(limit)s"""
        ).format(s=self._schema_identifier, substrings=self._sql(substrings))
        params: dict[str, Any] = {
            "session_id": session_id,
            "max_depth": _MAX_DEPTH,
            "query": " ".join(words),
            "phrase": _like_pattern(" ".join(words)),
            "limit": min(max(limit, 1), _MAX_SEARCH_LIMIT),
        }
        params.update({f"word{i}": _like_pattern(word) for i, word in enumerate(words)})
        with self._transaction("search_artifacts") as conn:
            rows = conn.execute(statement, params).fetchall()
        hits = []
        for identifier, owner, kind, content, exact, score in rows:
            text = content if exact is None else json.loads(exact)
            line, snippet = _matching_line(text, words)
            hits.append(SearchHit(identifier, owner, kind, line, snippet, float(score)))
        return hits

    def delete_artifacts(self, session_id: str, artifact_ids: Sequence[str]) -> int:
        if not artifact_ids:
            return 0
        with self._transaction("delete_artifacts") as conn:
            cursor = conn.execute(
                self._q("DELETE FROM {s}.artifacts WHERE session_id = %s AND id = ANY(%s)"),
                (session_id, list(artifact_ids)),
            )
            return cursor.rowcount

    # --- lifecycle -------------------------------------------------------------------------

    def close(self) -> None:
        """Close the pool's connections (idempotent); the store cannot be used afterwards."""
        self._pool.close()

    @staticmethod
    def drop_schema(dsn: str, schema: str) -> None:
        """``DROP SCHEMA ... CASCADE``: every table of ``schema`` goes (tests, uninstall)."""
        try:
            import psycopg
            from psycopg import sql
        except ImportError as exc:
            raise MissingExtraError("PostgreSQL store", "postgres") from exc
        try:
            with psycopg.connect(dsn, autocommit=True) as conn:
                conn.execute(
                    sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema))
                )
        except psycopg.Error as exc:
            raise StoreError(f"PostgreSQL drop_schema failed: {exc}") from exc


# --- row conversion and text helpers -------------------------------------------------------


def _dumps(value: Any, what: str) -> str:
    """JSON text PostgreSQL accepts: UTF-8 when encodable, ASCII escapes for lone surrogates."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise UserError(f"{what} cannot be stored: it is not JSON-serialisable ({exc})") from exc
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = json.dumps(value, ensure_ascii=True)
    return text


def _storable_text(content: str) -> tuple[str, str | None]:
    """``(text column value, exact JSON copy or None)``: NUL and lone surrogates cannot be text."""
    if "\0" not in content:
        try:
            content.encode("utf-8")
        except UnicodeEncodeError:
            pass
        else:
            return content, None
    searchable = content.replace("\0", "\ufffd").encode("utf-8", "replace").decode("utf-8")
    return searchable, json.dumps(content, ensure_ascii=True)


def _tokens(
    messages: Sequence[Message], tokens: Sequence[int | None] | None, name: str
) -> list[int | None]:
    if tokens is None:
        return [None] * len(messages)
    if len(tokens) != len(messages):
        raise UserError(f"{name}: {len(tokens)} token counts for {len(messages)} messages")
    return list(tokens)


def _check_ttl(ttl_seconds: float) -> None:
    if not (ttl_seconds > 0 and math.isfinite(ttl_seconds)):
        raise UserError(f"ttl_seconds must be a positive number, got {ttl_seconds!r}")


def _aware(moment: datetime) -> datetime:
    """Naive datetimes are taken as UTC (the server would otherwise apply its TimeZone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)


def _session(row: tuple[Any, ...]) -> SessionRecord:
    return SessionRecord(
        id=row[0],
        parent_id=row[1],
        model=row[2],
        created_at=_utc(row[3]),
        ended_at=None if row[4] is None else _utc(row[4]),
        end_reason=row[5],
        meta=json.loads(row[6]),
    )


def _artifact(row: tuple[Any, ...]) -> Artifact:
    identifier, kind, content, exact, meta = row
    return Artifact(
        id=identifier,
        kind=cast(ArtifactKind, kind),
        content=content if exact is None else json.loads(exact),
        meta=json.loads(meta),
    )


def _search_terms(query: str) -> list[str]:
    """The distinct lower-cased words of a query, surrounding quotes removed, in order."""
    words = (word.strip("\"'").lower() for word in query.split())
    return list(dict.fromkeys(word for word in words if word))


def _like_pattern(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _matching_line(content: str, terms: Sequence[str]) -> tuple[int, str]:
    """The first line holding the most of ``terms`` (1-based; 1 if none), clipped to a snippet."""
    best_count, best_number, best_line, best_at = 0, 1, content.split("\n", 1)[0], 0
    for number, line in enumerate(content.split("\n"), start=1):
        lowered = line.lower()
        found = [at for at in (lowered.find(term) for term in terms) if at >= 0]
        if len(found) > best_count:
            # lower() can change a line's length (rare letters); then clip from the start.
            at = min(found) if len(lowered) == len(line) else 0
            best_count, best_number, best_line, best_at = len(found), number, line, at
            if best_count == len(terms):
                break
    return best_number, _clip(best_line, best_at)


def _clip(line: str, at: int) -> str:
    """``line`` cut to about ``_SNIPPET_CHARS`` characters around offset ``at``."""
    line = line.rstrip("\r")
    if len(line) <= _SNIPPET_CHARS:
        return line
    start = max(0, min(at - _SNIPPET_CHARS // 3, len(line) - _SNIPPET_CHARS))
    end = start + _SNIPPET_CHARS
    return ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")
