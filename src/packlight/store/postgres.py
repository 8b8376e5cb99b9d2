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
- **Writers serialise on the session row.** ``append_messages``, ``commit_compaction`` and
  ``commit_rotation`` lock it first (``FOR NO KEY UPDATE``: exclusive among writers, but it does
  not block the foreign-key checks of lease, artifact and child-session inserts, so no
  lock-order deadlock is possible). Positions come from a per-session counter on that row: they
  grow by one and are never reused. So no append lands between a commit's prefix check and its
  copy of the rows appended late, and an append that waited for a rotation sees it ended.
- **Leases** are one row per session, taken by a single ``INSERT ... ON CONFLICT DO UPDATE
  ... WHERE expired OR ours``; time is the injected ``now`` (seconds since the epoch), so tests
  can fake expiry. A lease is held while ``now < expires_at``.
- **Artifacts** (their rows, lineage reads, and search by a ``'simple'`` ``tsvector`` or a
  substring match of every word) are in :mod:`packlight.store._postgres_artifacts`; the
  statements over message rows that the writes are built from, in
  :mod:`packlight.store._postgres_messages`. This class owns the pool, the transactions and
  the lock order, and passes those functions its connection.
- **Tables** (the migration steps), column lists and row conversions are in
  :mod:`packlight.store.postgres_schema`; text helpers both stores share in ``_text``.
- **delete_session** removes the session's messages, events, state, lease and artifacts in one
  statement (``ON DELETE CASCADE``); its children survive as roots (``parent_id`` becomes NULL).
"""

from __future__ import annotations

import logging
import math
import secrets
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from packlight.artifacts import Artifact
from packlight.errors import ConfigError, MissingExtraError, UserError
from packlight.messages import Message
from packlight.store import _postgres_artifacts as _artifacts
from packlight.store import _postgres_messages as _messages
from packlight.store import _postgres_rekey as _rekey
from packlight.store._postgres_messages import as_text
from packlight.store._text import dump_json, search_terms
from packlight.store.base import (
    ROTATED,
    CompactionEvent,
    ConversationHead,
    SearchHit,
    SessionNotFoundError,
    SessionRecord,
    SessionRotatedError,
    StaleTranscriptError,
    StoredMessage,
    StoreError,
    check_lease,
    late_positions,
    rotation_child_meta,
)
from packlight.store.migrations import pending_migrations
from packlight.store.postgres_schema import (
    APPLIED_VERSIONS,
    CREATE_MIGRATIONS_TABLE,
    EVENT_COLUMNS,
    LINEAGE,
    MAX_DEPTH,
    MIGRATIONS,
    RECORD_MIGRATION,
    SESSION_COLUMNS,
    TIP,
    compaction_event,
    event_params,
    session_record,
)
from packlight.store.protection import PLAINTEXT, RekeyReport, StoreProtection

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
_CHECK_AFTER_IDLE_SECONDS = 2.0
"""A pooled connection idle this long is checked (one round trip) before it is handed out;
one back from use more recently is not: a busy store would pay the check on every call."""
_MAX_IDENTIFIER_BYTES = 63


class PostgresStore:
    """:class:`~packlight.store.base.SessionStore` on PostgreSQL through a psycopg connection pool.

    ``dsn`` is a libpq connection string or URL; ``schema`` holds every table (created and
    migrated on construction; the role needs CREATE on the database the first time).
    ``min_size``/``max_size`` bound the pool; ``now`` is the clock (seconds since the epoch)
    for timestamps and lease expiry. ``protection`` says whether bodies are sealed under a
    store key and redacted before they are written (default:
    :meth:`StoreProtection.from_settings`, i.e. ``PACKLIGHT_STORE_KEY`` and friends, then the
    config file; pass ``StoreProtection()`` for none); see :mod:`packlight.store.protection`.
    Raises :class:`~packlight.errors.MissingExtraError` without psycopg (or, with a key,
    without cryptography) and :class:`~packlight.store.base.StoreError` when the server
    cannot be reached or migrated.
    """

    def __init__(
        self,
        dsn: str,
        *,
        schema: str = "packlight",
        min_size: int = 1,
        max_size: int = 4,
        now: Callable[[], float] = time.time,
        protection: StoreProtection | None = None,
    ) -> None:
        self.protection = protection if protection is not None else StoreProtection.from_settings()
        self._codec = self.protection.codec(text=True)
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
        self._check_connection = ConnectionPool.check_connection
        self._returned: weakref.WeakKeyDictionary[_Connection, float] = weakref.WeakKeyDictionary()
        """When each pooled connection last came back from use (monotonic seconds)."""
        self._relaxed = threading.local()
        """Per thread: whether :meth:`relaxed_commits` is in force."""
        # One plain connection first: a server that is down or a login that is refused fails
        # here at once with libpq's message (a pool retries until its timeout). It migrates.
        with self._translate("connect/migrate"), psycopg.connect(dsn) as conn:
            self._migrate(conn)
        self._dsn, self._pool_sizes = dsn, (min_size, max_size)
        self._pool = self._new_pool(relaxed=False)
        # Relaxed writes (relaxed_commits) go through connections of their own, on which
        # every commit is relaxed: a relaxed statement is then one round trip, not four
        # (BEGIN, SET LOCAL, the statement, COMMIT). Opened at the first relaxed write.
        self._relaxed_pool: ConnectionPool[_Connection] | None = None
        self._pool_lock = threading.Lock()

    def _new_pool(self, *, relaxed: bool) -> ConnectionPool[_Connection]:
        from psycopg.conninfo import conninfo_to_dict
        from psycopg_pool import ConnectionPool

        options: dict[str, Any] = {"autocommit": True}
        if relaxed:
            # Added to the DSN's own server options, if it has any.
            given = str(conninfo_to_dict(self._dsn).get("options") or "")
            options["options"] = f"{given} -c synchronous_commit=off".strip()
        min_size, max_size = self._pool_sizes
        pool: ConnectionPool[_Connection] = ConnectionPool(
            self._dsn,
            min_size=min_size,
            max_size=max_size,
            open=False,
            kwargs=options,
            check=self._check_if_idle,
            name=f"packlight-{self._schema}{'-relaxed' if relaxed else ''}",
        )
        try:
            with self._translate("connect"):
                pool.open(wait=True, timeout=_CONNECT_TIMEOUT_SECONDS)
        except BaseException:
            pool.close()
            raise
        return pool

    def __repr__(self) -> str:
        return f"PostgresStore(schema={self._schema!r})"

    def _check_if_idle(self, conn: _Connection) -> None:
        # A connection the server dropped while in use fails that call (a StoreError) and the
        # pool discards it; one that sat idle may have been dropped unnoticed: check it.
        returned = self._returned.get(conn)
        if returned is None or time.monotonic() - returned > _CHECK_AFTER_IDLE_SECONDS:
            self._check_connection(conn)  # the DSN may hold a password

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

    # Pooled connections are in autocommit mode: a method that is one statement runs as that
    # statement alone (one round trip; PostgreSQL makes each statement atomic), and only a
    # method of several statements opens a transaction (BEGIN and COMMIT are two more).

    @contextmanager
    def _connection(
        self, action: str, session_id: str | None, *, relaxed: bool = False
    ) -> Iterator[_Connection]:
        """A pooled connection; one whose commits are relaxed when ``relaxed`` or in a
        :meth:`relaxed_commits` block (see there)."""
        pool = self._pool
        if relaxed or getattr(self._relaxed, "active", False):
            pool = self._relaxed_pool or self._relaxed_pool_now()
        with self._translate(action, session_id), pool.connection() as conn:
            try:
                yield conn
            finally:
                # Noted here, in the caller's thread: the pool's reset hook would hand every
                # returned connection to a worker thread, and a call right after would find
                # none free and grow the pool.
                self._returned[conn] = time.monotonic()

    def _relaxed_pool_now(self) -> ConnectionPool[_Connection]:
        with self._pool_lock:
            if self._pool.closed:
                return self._pool  # a closed store fails as it does for any other call
            if self._relaxed_pool is None:
                self._relaxed_pool = self._new_pool(relaxed=True)
            return self._relaxed_pool

    @contextmanager
    def _transaction(
        self, action: str, session_id: str | None = None, *, relaxed: bool = False
    ) -> Iterator[_Connection]:
        """One pooled connection, one transaction: committed on success, rolled back on error.

        ``relaxed`` (or :meth:`relaxed_commits` in force): the commit does not wait for the
        server's WAL flush (see there)."""
        with self._connection(action, session_id, relaxed=relaxed) as conn, conn.transaction():
            yield conn

    @contextmanager
    def relaxed_commits(self) -> Iterator[None]:
        """In this thread, for the block: writes commit without waiting for the server to
        flush its write-ahead log to disk (about 0.3 ms instead of one disk flush, 4 ms on
        this project's test machine).

        For writes a database crash may lose, whole, without loss to the caller: PostgreSQL
        flushes its log in order, so a crash loses the latest relaxed commits entirely (never
        part of a transaction, never out of order, never before a durable commit that came
        later), and at most a fraction of a second of them (the server's WAL writer flushes on
        its own). The gateway writes a turn so: its client sends the whole history again next
        turn, and what a crash lost is appended again. Visibility is unchanged: other
        connections see a relaxed commit at once."""
        previous = getattr(self._relaxed, "active", False)
        self._relaxed.active = True
        try:
            yield
        finally:
            self._relaxed.active = previous

    @contextmanager
    def _statement(self, action: str, session_id: str | None = None) -> Iterator[_Connection]:
        """One pooled connection for a single statement, atomic by itself."""
        with self._connection(action, session_id) as conn:
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
            conn.execute(self._q(CREATE_MIGRATIONS_TABLE))
            applied = [int(row[0]) for row in conn.execute(self._q(APPLIED_VERSIONS))]
            for migration in pending_migrations(MIGRATIONS, applied):
                logger.info(
                    "schema %s: migration %d, %s", self._schema, migration.version, migration.name
                )
                for statement in migration.statements:
                    conn.execute(self._q(statement))
                conn.execute(
                    self._q(RECORD_MIGRATION),
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
        messages: Sequence[Message] = (),
        tokens: Sequence[int | None] | None = None,
        artifacts: Sequence[Artifact] = (),
        engine_state: Mapping[str, Any] | None = None,
    ) -> SessionRecord:
        """Create a session with its first messages, artifacts and engine state, in one
        transaction (a random unguessable id when none is given)."""
        meta_text = dump_json(dict(meta or {}), "session meta")
        record = SessionRecord(
            id=session_id if session_id is not None else secrets.token_hex(16),
            parent_id=parent_id,
            model=model,
            created_at=self._timestamp(),
            meta=dict(meta or {}),
        )
        texts = self._sealed(record.id, 0, self._texts(messages, "message"))
        token_list = _messages.token_list(messages, tokens, "tokens")
        artifact_rows = _artifacts.artifact_rows(
            record.id, artifacts, self._timestamp(), self._codec
        )
        state_text = None if engine_state is None else self._state_text(record.id, engine_state)
        row = (record.id, parent_id, model, record.created_at, meta_text, len(texts))
        try:
            if not artifact_rows and state_text is None:
                # The session row and its first messages (a new conversation's first turn) are
                # one statement, atomic by itself: one round trip where a transaction makes
                # four. An empty session row commits relaxed: it becomes durable with the first
                # durable write that follows, and a crash before loses only an empty row.
                with self._connection("create_session", parent_id, relaxed=not texts) as conn:
                    _messages.insert_session_with_messages(conn, self._q, row, texts, token_list)
                return record
            with self._transaction("create_session", parent_id) as conn:
                _messages.insert_session_with_messages(conn, self._q, row, texts, token_list)
                _artifacts.insert_artifacts(conn, self._q, artifact_rows)
                if state_text is not None:
                    self._upsert_engine_state(conn, record.id, state_text)
        except StoreError as exc:
            if isinstance(exc.__cause__, self._unique_violation):
                message = f"session {record.id!r} already exists"
                raise StoreError(message) from exc.__cause__
            raise
        return record

    def get_session(self, session_id: str) -> SessionRecord | None:
        with self._statement("get_session") as conn:
            row = conn.execute(
                self._q(f"SELECT {SESSION_COLUMNS} FROM {{s}}.sessions WHERE id = %s"),
                (session_id,),
            ).fetchone()
        return None if row is None else session_record(row)

    def list_sessions(self, *, limit: int = 100, offset: int = 0) -> list[SessionRecord]:
        """Newest first (ties in ``created_at`` broken by insertion order)."""
        if limit < 0 or offset < 0:
            raise UserError(f"limit and offset must be >= 0, got limit={limit}, offset={offset}")
        with self._statement("list_sessions") as conn:
            rows = conn.execute(
                self._q(
                    f"SELECT {SESSION_COLUMNS} FROM {{s}}.sessions"
                    " ORDER BY created_at DESC, seq DESC LIMIT %s OFFSET %s"
                ),
                (limit, offset),
            ).fetchall()
        return [session_record(row) for row in rows]

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
                    LINEAGE + f" SELECT {SESSION_COLUMNS} FROM {{s}}.sessions"
                    " JOIN lineage USING (id) ORDER BY lineage.depth DESC"
                ),
                {"session_id": session_id, "max_depth": MAX_DEPTH},
            ).fetchall()
        if not rows:
            raise SessionNotFoundError(f"lineage: no session {session_id!r}")
        return [session_record(row) for row in rows]

    def tip(self, session_id: str) -> SessionRecord:
        with self._transaction("tip") as conn:
            row = conn.execute(
                self._q(TIP + f" SELECT {SESSION_COLUMNS} FROM {{s}}.sessions JOIN tip USING (id)"),
                {"session_id": session_id, "max_depth": MAX_DEPTH},
            ).fetchone()
        if row is None:
            raise SessionNotFoundError(f"tip: no session {session_id!r}")
        return session_record(row)

    # --- messages --------------------------------------------------------------------------

    def append_messages(
        self,
        session_id: str,
        messages: Sequence[Message],
        tokens: Sequence[int | None] | None = None,
        *,
        artifacts: Sequence[Artifact] = (),
    ) -> list[int]:
        """Append active rows with their artifacts; returns their positions.

        Raises :class:`SessionRotatedError` for a session a rotation ended: the position
        counter's ``UPDATE`` locks the session row, and once a rotation holding that lock has
        committed, PostgreSQL re-reads the row, so the end reason seen is the newest.
        """
        texts = self._texts(messages, "message")
        token_list = _messages.token_list(messages, tokens, "tokens")
        artifact_rows = _artifacts.artifact_rows(
            session_id, artifacts, self._timestamp(), self._codec
        )
        with self._transaction("append_messages", session_id) as conn:
            row = conn.execute(
                self._q(
                    "UPDATE {s}.sessions SET next_position = next_position + %s"
                    " WHERE id = %s RETURNING next_position - %s, end_reason"
                ),
                (len(texts), session_id, len(texts)),
            ).fetchone()
            if row is None:
                raise SessionNotFoundError(f"append_messages: no session {session_id!r}")
            if row[1] == ROTATED:
                tip = conn.execute(
                    self._q(TIP + " SELECT id FROM tip"),
                    {"session_id": session_id, "max_depth": MAX_DEPTH},
                ).fetchone()
                raise SessionRotatedError(session_id, session_id if tip is None else tip[0])
            first = int(row[0])
            sealed = self._sealed(session_id, first, texts)
            positions = _messages.insert_messages(
                conn, self._q, session_id, first, sealed, token_list, None
            )
            _artifacts.insert_artifacts(conn, self._q, artifact_rows)
            return positions

    # One SELECT each: a statement of its own reads one snapshot (no BEGIN and COMMIT).

    def active_messages(self, session_id: str) -> list[StoredMessage]:
        with self._statement("read messages") as conn:
            return _messages.read_messages(conn, self._q, session_id, self._codec, active_only=True)

    def all_messages(self, session_id: str) -> list[StoredMessage]:
        with self._statement("read messages") as conn:
            return _messages.read_messages(
                conn, self._q, session_id, self._codec, active_only=False
            )

    def messages_after(self, session_id: str, position: int) -> list[StoredMessage]:
        with self._statement("read messages") as conn:
            return _messages.read_messages(
                conn, self._q, session_id, self._codec, active_only=False, after=position
            )

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
        """Replace the compacted prefix of the active list atomically (see the protocol).

        Returns the new rows' positions; rows appended after the prefix while the compaction
        ran are re-inserted after them. Raises :class:`StaleTranscriptError`, writing nothing,
        when ``expected_positions`` are not the active list's prefix or when ``lease_holder``
        is given and does not hold an unexpired lease.
        """
        if event.session_id != session_id:
            raise UserError(
                f"event {event.id!r} is for session {event.session_id!r}, not {session_id!r}"
            )
        # Everything that can fail without the database is done before taking the locks.
        texts = self._texts(new_messages, "new message")
        token_list = _messages.token_list(new_messages, new_tokens, "new_tokens")
        artifact_rows = _artifacts.artifact_rows(
            session_id, artifacts, self._timestamp(), self._codec
        )
        state_text = None if engine_state is None else self._state_text(session_id, engine_state)
        with self._transaction("commit_compaction", session_id) as conn:
            # The session row lock serialises every writer of this session, on any host.
            locked = conn.execute(
                self._q("SELECT 1 FROM {s}.sessions WHERE id = %s FOR NO KEY UPDATE"),
                (session_id,),
            ).fetchone()
            if locked is None:
                raise SessionNotFoundError(f"commit_compaction: no session {session_id!r}")
            if lease_holder is not None:
                self._check_lease(conn, session_id, lease_holder)
            late = late_positions(
                session_id,
                _messages.active_positions(conn, self._q, session_id),
                expected_positions,
            )
            self._insert_event(conn, session_id, event)
            _messages.deactivate_messages(conn, self._q, session_id, event.id)
            count = len(texts) + len(late)
            first = _messages.reserve_positions(
                conn, self._q, session_id, count, "commit_compaction"
            )
            positions = _messages.insert_messages(
                conn,
                self._q,
                session_id,
                first,
                self._sealed(session_id, first, texts),
                token_list,
                event.id,
            )
            if late:
                # Rows appended while the compaction ran follow the new list, copied.
                _messages.copy_rows(
                    conn,
                    self._q,
                    session_id,
                    late,
                    session_id,
                    first + len(texts),
                    event.id,
                    self._codec,
                )
            _artifacts.insert_artifacts(conn, self._q, artifact_rows)
            if state_text is not None:
                self._upsert_engine_state(conn, session_id, state_text)
        return positions

    def commit_rotation(
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
        child_id: str | None = None,
        child_meta: Mapping[str, Any] | None = None,
    ) -> SessionRecord:
        """End the session and continue it in a new child, atomically (see the protocol)."""
        if event.session_id != session_id:
            raise UserError(
                f"event {event.id!r} is for session {event.session_id!r}, not {session_id!r}"
            )
        new_id = child_id if child_id is not None else secrets.token_hex(16)
        texts = self._sealed(new_id, 0, self._texts(new_messages, "new message"))
        token_list = _messages.token_list(new_messages, new_tokens, "new_tokens")
        artifact_rows = _artifacts.artifact_rows(new_id, artifacts, self._timestamp(), self._codec)
        state_text = None if engine_state is None else self._state_text(new_id, engine_state)
        if child_meta is not None:
            dump_json(dict(child_meta), "child session meta")  # fails before the locks
        event = replace(event, meta={**event.meta, "child_session": new_id})
        with self._transaction("commit_rotation", session_id) as conn:
            # The parent's row lock: appends (which update its position counter) wait for
            # this transaction, then see that the session ended.
            found = conn.execute(
                self._q(
                    f"SELECT {SESSION_COLUMNS} FROM {{s}}.sessions WHERE id = %s FOR NO KEY UPDATE"
                ),
                (session_id,),
            ).fetchone()
            if found is None:
                raise SessionNotFoundError(f"commit_rotation: no session {session_id!r}")
            parent = session_record(found)
            if parent.end_reason == ROTATED:
                raise StaleTranscriptError(f"session {session_id!r} was already rotated")
            taken = conn.execute(
                self._q("SELECT 1 FROM {s}.sessions WHERE id = %s"), (new_id,)
            ).fetchone()
            if taken is not None:
                raise StoreError(f"session {new_id!r} already exists")
            if lease_holder is not None:
                self._check_lease(conn, session_id, lease_holder)
            active = _messages.active_positions(conn, self._q, session_id)
            late = late_positions(session_id, active, expected_positions)
            self._insert_event(conn, session_id, event)
            _messages.deactivate_messages(conn, self._q, session_id, event.id)
            created = self._timestamp()
            conn.execute(
                self._q("UPDATE {s}.sessions SET ended_at = %s, end_reason = %s WHERE id = %s"),
                (created, ROTATED, session_id),
            )
            count = len(texts) + len(late)
            meta = rotation_child_meta(parent.meta, child_meta, count)
            conn.execute(
                self._q(
                    "INSERT INTO {s}.sessions"
                    " (id, parent_id, model, created_at, meta, next_position)"
                    " VALUES (%s, %s, %s, %s, %s, %s)"
                ),
                (
                    new_id,
                    session_id,
                    parent.model,
                    created,
                    dump_json(meta, "child session meta"),
                    count,
                ),
            )
            _messages.insert_messages(conn, self._q, new_id, 0, texts, token_list, event.id)
            if late:
                _messages.copy_rows(
                    conn, self._q, session_id, late, new_id, len(texts), event.id, self._codec
                )
            _artifacts.insert_artifacts(conn, self._q, artifact_rows)
            if state_text is not None:
                self._upsert_engine_state(conn, new_id, state_text)
        return SessionRecord(new_id, session_id, parent.model, created, meta=meta)

    def _texts(self, messages: Sequence[Message], what: str) -> list[str]:
        """The messages' JSON as stored before sealing (redacted when the store redacts)."""
        return [self._codec.message_text(m, f"{what} {i}") for i, m in enumerate(messages)]

    def _sealed(self, session_id: str, first: int, texts: Sequence[str]) -> list[str]:
        """``texts`` as the values of rows at ``first``, ``first + 1``, ..."""
        seal = self._codec.seal_message
        return [as_text(seal(session_id, first + i, t)) for i, t in enumerate(texts)]

    def _state_text(self, session_id: str, state: Mapping[str, Any]) -> str:
        return as_text(self._codec.seal_state(session_id, dump_json(state, "engine state")))

    def _check_lease(self, conn: _Connection, session_id: str, holder: str) -> None:
        # FOR SHARE: nobody can take the lease over until this transaction ends.
        lease = conn.execute(
            self._q("SELECT holder, expires_at FROM {s}.leases WHERE session_id = %s FOR SHARE"),
            (session_id,),
        ).fetchone()
        check_lease(
            session_id, holder, None if lease is None else (lease[0], lease[1]), self._now()
        )

    def _insert_event(self, conn: _Connection, session_id: str, event: CompactionEvent) -> None:
        conn.execute(
            self._q(
                f"INSERT INTO {{s}}.compactions ({EVENT_COLUMNS})"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
            ),
            event_params(session_id, event),
        )

    def compaction_events(self, session_id: str) -> list[CompactionEvent]:
        with self._transaction("compaction_events") as conn:
            rows = conn.execute(
                self._q(
                    f"SELECT {EVENT_COLUMNS} FROM {{s}}.compactions"
                    " WHERE session_id = %s ORDER BY seq"
                ),
                (session_id,),
            ).fetchall()
        return [compaction_event(row) for row in rows]

    # --- engine state ----------------------------------------------------------------------

    def load_engine_state(self, session_id: str) -> dict[str, Any] | None:
        with self._statement("load_engine_state") as conn:
            row = conn.execute(
                self._q("SELECT state FROM {s}.engine_state WHERE session_id = %s"),
                (session_id,),
            ).fetchone()
        return None if row is None else self._codec.open_state(session_id, row[0])

    def save_engine_state(self, session_id: str, state: Mapping[str, Any]) -> None:
        text = self._state_text(session_id, state)
        with self._statement("save_engine_state", session_id) as conn:
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
        with self._statement("acquire_lease", session_id) as conn:
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
        with self._statement("renew_lease") as conn:
            row = conn.execute(
                self._q(
                    "UPDATE {s}.leases SET expires_at = %s"
                    " WHERE session_id = %s AND holder = %s AND expires_at > %s RETURNING holder"
                ),
                (now + ttl_seconds, session_id, holder, now),
            ).fetchone()
        return row is not None

    def release_lease(self, session_id: str, holder: str) -> None:
        with self._statement("release_lease") as conn:
            conn.execute(
                self._q("DELETE FROM {s}.leases WHERE session_id = %s AND holder = %s"),
                (session_id, holder),
            )

    # --- conversation heads ----------------------------------------------------------------

    def advance_head(
        self, session_id: str, *, owner: str, head: str, length: int, previous: str | None
    ) -> bool:
        # One statement, so one round trip: the insert (no head yet, and none expected) or
        # the conflict's update (the head is still the one expected) happens atomically; two
        # writers of one head are ordered by the row (or by the unique key for the first).
        # A missing session fails the foreign key.
        with self._statement("advance_head", session_id) as conn:
            row = conn.execute(
                self._q(
                    "INSERT INTO {s}.conversation_heads AS h"
                    " (session_id, owner, head, length, updated_at)"
                    " SELECT %(session_id)s, %(owner)s, %(head)s, %(length)s, %(now)s"
                    " WHERE %(previous)s::text IS NULL OR EXISTS"
                    " (SELECT 1 FROM {s}.conversation_heads WHERE session_id = %(session_id)s)"
                    " ON CONFLICT (session_id) DO UPDATE SET owner = excluded.owner,"
                    " head = excluded.head, length = excluded.length,"
                    " updated_at = excluded.updated_at"
                    " WHERE h.head IS NOT DISTINCT FROM %(previous)s::text"
                    " RETURNING 1"
                ),
                {
                    "session_id": session_id,
                    "owner": owner,
                    "head": head,
                    "length": length,
                    "now": self._timestamp(),
                    "previous": previous,
                },
            ).fetchone()
        return row is not None

    def get_head(self, session_id: str) -> ConversationHead | None:
        with self._statement("get_head") as conn:
            row = conn.execute(
                self._q(
                    f"SELECT {_HEAD_COLUMNS} FROM {{s}}.conversation_heads WHERE session_id = %s"
                ),
                (session_id,),
            ).fetchone()
        return None if row is None else ConversationHead(*row)

    def find_heads(self, owner: str, heads: Sequence[str]) -> list[ConversationHead]:
        with self._statement("find_heads") as conn:
            # The digests in binary: a text array is escaped element by element in Python
            # (1.5 ms of CPU for a 1,000-message history, 0.3 ms in binary).
            rows = conn.execute(
                self._q(
                    f"SELECT {_HEAD_COLUMNS} FROM {{s}}.conversation_heads"
                    " WHERE owner = %s AND head = ANY(%b) ORDER BY updated_at DESC"
                ),
                (owner, list(dict.fromkeys(heads))),
            ).fetchall()
        return [ConversationHead(*row) for row in rows]

    # --- artifacts -------------------------------------------------------------------------

    def put_artifacts(self, session_id: str, artifacts: Sequence[Artifact]) -> None:
        rows = _artifacts.artifact_rows(session_id, artifacts, self._timestamp(), self._codec)
        with self._transaction("put_artifacts", session_id) as conn:
            # Explicit, so that an empty list for a missing session fails like a full one.
            exists = conn.execute(
                self._q("SELECT 1 FROM {s}.sessions WHERE id = %s"), (session_id,)
            ).fetchone()
            if exists is None:
                raise SessionNotFoundError(f"put_artifacts: no session {session_id!r}")
            _artifacts.insert_artifacts(conn, self._q, rows)

    def get_artifact(self, session_id: str, artifact_id: str) -> Artifact | None:
        with self._transaction("get_artifact") as conn:
            return _artifacts.get_artifact(conn, self._q, session_id, artifact_id, self._codec)

    def list_artifacts(self, session_id: str) -> list[Artifact]:
        """Artifacts of the lineage, oldest first (an id archived twice, once: the oldest)."""
        with self._transaction("list_artifacts") as conn:
            return _artifacts.list_artifacts(conn, self._q, session_id, self._codec)

    def search_artifacts(self, session_id: str, query: str, *, limit: int = 10) -> list[SearchHit]:
        """Artifacts of the lineage matching every word of ``query``, best first.

        Words are whitespace-separated. An artifact matches when every word is a token of its
        ``tsvector`` (``'simple'``: case-folded, unstemmed) or, failing that, when every word
        occurs in it as a case-insensitive substring. The score is ``ts_rank_cd`` (0..1) plus
        1 when the whole query occurs verbatim; ``limit`` is clamped to 1..100. Each hit names
        the first line holding the most query words.

        A store with keys (``protection``) scans instead: the indexes hold no sealed text,
        so every artifact of the lineage is read, opened and matched by substring in Python
        (scored by occurrences), which costs a read of the lineage's archive per search.
        """
        words = search_terms(query)
        if not words:
            return []
        if self._codec.has_keys:
            with self._transaction("search_artifacts") as conn:
                return _artifacts.scan_artifacts(
                    conn, self._q, session_id, words, limit, self._codec
                )
        with self._transaction("search_artifacts") as conn:
            return _artifacts.search_artifacts(
                conn, self._schema_identifier, session_id, words, limit
            )

    def delete_artifacts(self, session_id: str, artifact_ids: Sequence[str]) -> int:
        if not artifact_ids:
            return 0
        with self._transaction("delete_artifacts") as conn:
            return _artifacts.delete_artifacts(conn, self._q, session_id, artifact_ids)

    # --- key rotation ----------------------------------------------------------------------

    def rekey(self, *, dry_run: bool = False) -> RekeyReport:
        """Move every message, artifact and engine state to the current store key (or to
        plaintext when ``protection`` has none), one session per transaction.

        Rows are read with any key given (current or old); one no key opens raises
        :class:`~packlight.store.sealing.StoreKeyError` naming its key id, the sessions
        already done staying done. ``dry_run`` only counts the rows per key. The old row
        versions stay in the table's files until PostgreSQL vacuums them (docs/security.md).
        """
        report = RekeyReport(self.protection.key_id or PLAINTEXT)
        with self._statement("rekey") as conn:
            ids = [row[0] for row in conn.execute(self._q("SELECT id FROM {s}.sessions"))]
        for session_id in ids:
            with self._transaction("rekey", session_id) as conn:
                _rekey.rekey_session(
                    conn, self._q, session_id, self._codec, report, dry_run=dry_run
                )
            report.sessions += 1
        return report

    # --- lifecycle -------------------------------------------------------------------------

    def close(self) -> None:
        """Close the pools' connections (idempotent); the store cannot be used afterwards."""
        self._pool.close()
        with self._pool_lock:
            if self._relaxed_pool is not None:
                self._relaxed_pool.close()

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


# --- helpers -------------------------------------------------------------------------------


_HEAD_COLUMNS = "session_id, owner, head, length, updated_at"


def _check_ttl(ttl_seconds: float) -> None:
    if not (ttl_seconds > 0 and math.isfinite(ttl_seconds)):
        raise UserError(f"ttl_seconds must be a positive number, got {ttl_seconds!r}")
