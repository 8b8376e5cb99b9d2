"""The embedded store: one SQLite file (stdlib ``sqlite3``, WAL), the default ``SessionStore``.

The file lives at :func:`default_store_path` unless a path is given. Every method keeps the
contract of :mod:`packlight.store.base`; what this module decides on its own:

- **Connections.** One per thread (WAL lets readers run beside the one writer); every write
  runs in ``BEGIN IMMEDIATE``, taking the write lock up front and waiting (``busy_timeout``)
  instead of failing half way. ``close()`` closes every thread's connection.
- **Time** is seconds since the epoch (``REAL``) from the ``now`` clock given to the
  constructor, read back as UTC datetimes (a naive ``CompactionEvent`` time is taken as UTC).
- **Missing sessions.** Writes to an unknown session raise :class:`SessionNotFoundError`;
  reads return nothing, except ``lineage`` and ``tip``, which must return records.
- **Deleting a session** removes its rows in one transaction; its children survive as roots.
- **Artifacts and their search** (FTS5 trigram: each query word a case-insensitive substring,
  ranked by BM25; a scan on a SQLite without it, detected at startup) are in
  :mod:`packlight.store._sqlite_artifacts`; this class gives them its connections.
- **Tables** (the migration steps, the search index), column lists and row conversions are in
  :mod:`packlight.store.sqlite_schema`; text helpers both stores share in ``_text``.
- **Crash safety** is SQLite's; the tests prove it by killing a process at each of
  :data:`CRASH_POINTS` (test-only, see :data:`CRASH_POINT_ENV`).
"""

from __future__ import annotations

import logging
import math
import os
import signal
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import replace
from pathlib import Path
from typing import Any

from packlight.artifacts import Artifact
from packlight.errors import UserError
from packlight.messages import Message
from packlight.store import _sqlite_artifacts as _artifacts
from packlight.store import _sqlite_rekey as _rekey
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
from packlight.store.migrations import MIGRATIONS_TABLE, pending_migrations
from packlight.store.protection import PLAINTEXT, RekeyReport, StoreProtection
from packlight.store.sqlite_schema import (
    EVENT_COLUMNS,
    INSERT_MESSAGE,
    LINEAGE_CTE,
    MESSAGE_COLUMNS,
    MIGRATIONS,
    SESSION_COLUMNS,
    TIP_SQL,
    compaction_event,
    event_row,
    session_record,
    stored_message,
    to_datetime,
)

__all__ = ["SQLiteStore", "default_store_path"]

logger = logging.getLogger("packlight.store.sqlite")

HOME_ENV = "PACKLIGHT_HOME"
"""Directory holding ``packlight.db``; overrides the platform's user data directory."""
DB_FILENAME = "packlight.db"
CRASH_POINT_ENV = "PACKLIGHT_TEST_CRASH_POINT"
"""Test-only: names one of :data:`CRASH_POINTS` (or :data:`CREATE_CRASH_POINT`), where the
process then SIGKILLs itself."""
CRASH_POINTS = ("after-deactivate", "mid-insert", "before-commit", "after-commit")
"""Points inside :meth:`SQLiteStore.commit_compaction`, in the order they are reached."""
CREATE_CRASH_POINT = "create-mid-insert"
"""The crash point half way through the messages :meth:`SQLiteStore.create_session` writes."""


def default_store_path() -> Path:
    """``$PACKLIGHT_HOME/packlight.db``, else ``packlight.db`` in the user data directory."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser() / DB_FILENAME
    import platformdirs

    return Path(platformdirs.user_data_dir("packlight")) / DB_FILENAME


def _create_private(path: Path) -> None:
    """Create the store's missing folders (0700) and its file (0600) before SQLite opens it.

    The store holds whole transcripts and each session's artifact key: nobody else on the
    machine should read it. SQLite gives its ``-wal`` and ``-shm`` files the database file's
    mode. A folder that already exists (the user's own) is left as it is; a store file
    created earlier with wider permissions is narrowed to its owner.
    """
    missing = [parent for parent in path.parents if not parent.exists()]
    for folder in reversed(missing):
        folder.mkdir(mode=0o700, exist_ok=True)
    if os.name != "posix":
        return  # no modes to set; the file is created by SQLite
    try:
        descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        # A store written by an older version (0644): narrowed, with its journal files.
        for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            with suppress(OSError):  # absent, or not ours to change
                info = file.stat()
                if info.st_mode & 0o077 and info.st_uid == os.getuid() and file.is_file():
                    file.chmod(0o600)
    else:
        os.close(descriptor)


class SQLiteStore:
    """A :class:`~packlight.store.base.SessionStore` in one SQLite file; thread-safe.

    ``path`` is created with its parent directories and migrated on open; ``timeout`` is how
    long a write waits for another process's write lock before failing; ``now`` is the clock
    for timestamps and lease expiry (tests pass a fake one). ``protection`` says whether
    bodies are sealed under a store key and redacted before they are written (default:
    :meth:`StoreProtection.from_settings`, i.e. ``PACKLIGHT_STORE_KEY`` and friends, then the
    config file; pass ``StoreProtection()`` for none); see :mod:`packlight.store.protection`.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        timeout: float = 30.0,
        now: Callable[[], float] = time.time,
        protection: StoreProtection | None = None,
    ) -> None:
        if str(path) in {"", ":memory:"} or str(path).startswith("file:"):
            raise UserError(
                f"SQLiteStore needs a file path, got {str(path)!r}: each thread opens its own "
                "connection, so an in-memory database would not be shared (use a temp file)"
            )
        if not timeout > 0:
            raise UserError(f"timeout must be a positive number of seconds, got {timeout!r}")
        self.path = Path(path).expanduser()
        self._timeout = timeout
        self._now = now
        self.protection = protection if protection is not None else StoreProtection.from_settings()
        self._codec = self.protection.codec(text=False)
        self._local = threading.local()
        self._registry_lock = threading.Lock()
        self._writer = threading.RLock()
        """Held for each write transaction: this process's threads take turns here and the
        next one starts as soon as the lock is free. Left to SQLite's busy handler, a waiting
        thread sleeps in steps of up to 100 ms whatever the holder's actual time (other
        processes still meet that handler, bounded by ``timeout``)."""
        self._connections: list[tuple[threading.Thread, sqlite3.Connection]] = []
        self._closed = False
        self._crash_point = os.environ.get(CRASH_POINT_ENV) or None
        try:
            _create_private(self.path)
        except OSError as exc:
            raise StoreError(f"cannot create the store file {self.path}: {exc}") from exc
        try:
            self._fts = self._prepare()
        except BaseException:
            self.close()
            raise

    def __repr__(self) -> str:
        return f"SQLiteStore({str(self.path)!r})"

    # --- plumbing ------------------------------------------------------------------------

    def _prepare(self) -> bool:
        """Switch the file to WAL, migrate it, reconcile the search index; True with FTS5."""
        with self._translated("open the database"):
            conn = self._connection()
            # WAL is a property of the file: set once here, later connections inherit it.
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                logger.warning("%s: WAL unavailable (journal_mode=%s)", self.path, mode)
            fts = _fts5_trigram_available(conn)
        with self._transaction("migrate the schema") as conn:
            self._migrate(conn)
            _artifacts.reconcile_search_index(conn, fts)
        return fts

    def _connection(self) -> sqlite3.Connection:
        if self._closed:
            raise StoreError(f"{self!r} is closed")
        conn: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if conn is not None:
            return conn
        # isolation_level=None: we issue BEGIN/COMMIT ourselves (the module's implicit
        # transactions are deferred ones, which can fail to upgrade to a write lock).
        conn = sqlite3.connect(
            self.path, timeout=self._timeout, isolation_level=None, check_same_thread=False
        )
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self._timeout * 1000)}")
            conn.execute("PRAGMA foreign_keys = ON")
            # NORMAL is safe against process crashes in WAL mode (a power cut may lose the
            # last commits, never consistency) and saves an fsync per transaction.
            conn.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            conn.close()
            raise
        with self._registry_lock:
            if self._closed:
                conn.close()
                raise StoreError(f"{self!r} is closed")
            # Connections of threads that have ended are closed now rather than left to GC.
            for thread, other in self._connections:
                if not thread.is_alive():
                    other.close()
            self._connections = [(t, c) for t, c in self._connections if t.is_alive()]
            self._connections.append((threading.current_thread(), conn))
        self._local.connection = conn
        return conn

    @contextmanager
    def _translated(self, action: str) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise StoreError(f"SQLite ({self.path}): cannot {action}: {exc}") from exc

    @contextmanager
    def relaxed_commits(self) -> Iterator[None]:
        """Nothing to relax: in WAL mode with ``synchronous = NORMAL`` a commit never waits for a
        disk flush (the log is synced at checkpoints). Here for the same calls as
        :meth:`packlight.store.postgres.PostgresStore.relaxed_commits`."""
        yield

    @contextmanager
    def _transaction(self, action: str) -> Iterator[sqlite3.Connection]:
        """A write transaction, holding the write lock from BEGIN (``BEGIN IMMEDIATE``)."""
        with self._translated(action), self._writer:
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:
                    try:
                        conn.execute("ROLLBACK")
                    except sqlite3.Error:  # keep the original error; the rollback is implied
                        logger.debug("rollback failed after an error", exc_info=True)
                raise
            conn.execute("COMMIT")

    def _read(self, action: str, sql: str, params: Sequence[Any] | Mapping[str, Any]) -> list[Any]:
        with self._translated(action):
            return self._connection().execute(sql, params).fetchall()

    def _crash_here(self, point: str) -> None:
        """Test-only (a no-op unless ``PACKLIGHT_TEST_CRASH_POINT`` is ``point``): die at once.

        The tests use it to prove that a process killed inside a transaction leaves the file
        as it was before or after the change, never in between.
        """
        if self._crash_point == point:
            os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))

    def _migrate(self, conn: sqlite3.Connection) -> None:
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {MIGRATIONS_TABLE} ("
            "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
        )
        applied = {row[0] for row in conn.execute(f"SELECT version FROM {MIGRATIONS_TABLE}")}
        for migration in pending_migrations(MIGRATIONS, applied):
            for statement in migration.statements:
                conn.execute(statement)
            conn.execute(
                f"INSERT INTO {MIGRATIONS_TABLE}(version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, self._now()),
            )
            logger.info("%s: migration %d, %s", self.path, migration.version, migration.name)

    # --- sessions ------------------------------------------------------------------------

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
        new_id = session_id if session_id is not None else uuid.uuid4().hex
        meta_dict = dict(meta or {})
        meta_text, created = dump_json(meta_dict, "session meta"), self._now()
        texts = [self._message_value(new_id, i, m) for i, m in enumerate(messages)]
        counts = _token_list(tokens, len(texts))
        artifact_rows = _artifacts.artifact_rows(new_id, artifacts, self._now(), self._codec)
        state = None if engine_state is None else self._state_value(new_id, engine_state)
        with self._transaction("create a session") as conn:
            if _session_exists(conn, new_id):
                raise StoreError(f"a session with id {new_id!r} already exists")
            if parent_id is not None and not _session_exists(conn, parent_id):
                raise SessionNotFoundError(f"parent session {parent_id!r} does not exist")
            conn.execute(
                "INSERT INTO sessions(id, parent_id, model, created_at, meta) VALUES (?,?,?,?,?)",
                (new_id, parent_id, model, created, meta_text),
            )
            rows = [(new_id, i, text, counts[i], None) for i, text in enumerate(texts)]
            conn.executemany(INSERT_MESSAGE, rows[: len(rows) // 2])
            self._crash_here(CREATE_CRASH_POINT)
            conn.executemany(INSERT_MESSAGE, rows[len(rows) // 2 :])
            _artifacts.insert_artifacts(conn, artifact_rows)
            if state is not None:
                _upsert_state(conn, new_id, state, created)
        return SessionRecord(new_id, parent_id, model, to_datetime(created), meta=meta_dict)

    def get_session(self, session_id: str) -> SessionRecord | None:
        sql = f"SELECT {SESSION_COLUMNS} FROM sessions AS s WHERE s.id = ?"
        rows = self._read("read a session", sql, (session_id,))
        return session_record(rows[0]) if rows else None

    def list_sessions(self, *, limit: int = 100, offset: int = 0) -> list[SessionRecord]:
        """Newest first (equal ``created_at``: the later inserted first)."""
        sql = (
            f"SELECT {SESSION_COLUMNS} FROM sessions AS s "
            "ORDER BY s.created_at DESC, s.rowid DESC LIMIT ? OFFSET ?"
        )
        rows = self._read("list sessions", sql, (max(limit, 0), max(offset, 0)))
        return [session_record(row) for row in rows]

    def end_session(self, session_id: str, reason: str) -> None:
        with self._transaction("end a session") as conn:
            cursor = conn.execute(
                "UPDATE sessions SET ended_at = ?, end_reason = ? WHERE id = ?",
                (self._now(), reason, session_id),
            )
            if cursor.rowcount == 0:
                raise SessionNotFoundError(f"no session {session_id!r}")

    def delete_session(self, session_id: str) -> None:
        """Remove a session with its messages, events, state, lease and artifacts.

        Its children survive as roots (``parent_id`` NULL). An unknown id is a no-op.
        """
        with self._transaction("delete a session") as conn:
            # ON DELETE CASCADE / SET NULL do the rest within this statement, and the
            # artifacts' delete trigger removes their FTS rows.
            conn.execute("DELETE FROM sessions WHERE id = ?", (session_id,))

    def lineage(self, session_id: str) -> list[SessionRecord]:
        """The session and its ancestors, root first."""
        sql = (
            f"{LINEAGE_CTE} SELECT {SESSION_COLUMNS} FROM chain "
            "JOIN sessions AS s ON s.id = chain.id ORDER BY chain.depth DESC"
        )
        rows = self._read("read a lineage", sql, {"session_id": session_id})
        if not rows:
            raise SessionNotFoundError(f"no session {session_id!r}")
        return [session_record(row) for row in rows]

    def tip(self, session_id: str) -> SessionRecord:
        """The newest descendant (the newest child at each step), or the session itself."""
        rows = self._read("find the tip of a lineage", TIP_SQL, {"session_id": session_id})
        if not rows:
            raise SessionNotFoundError(f"no session {session_id!r}")
        return session_record(rows[0])

    # --- messages ------------------------------------------------------------------------

    def append_messages(
        self,
        session_id: str,
        messages: Sequence[Message],
        tokens: Sequence[int | None] | None = None,
        *,
        artifacts: Sequence[Artifact] = (),
    ) -> list[int]:
        """Append active rows with their artifacts; returns their positions.

        Raises :class:`SessionRotatedError` for a session a rotation ended (the check runs
        under the write lock that ``BEGIN IMMEDIATE`` took, so no rotation can come between).
        """
        texts = [self._codec.message_text(m, f"message {i}") for i, m in enumerate(messages)]
        counts = _token_list(tokens, len(texts))
        artifact_rows = _artifacts.artifact_rows(session_id, artifacts, self._now(), self._codec)
        with self._transaction("append messages") as conn:
            row = conn.execute("SELECT end_reason FROM sessions WHERE id = ?", (session_id,))
            found = row.fetchone()
            if found is None:
                raise SessionNotFoundError(f"no session {session_id!r}")
            if found[0] == ROTATED:
                tip = conn.execute(TIP_SQL, {"session_id": session_id}).fetchone()
                raise SessionRotatedError(session_id, session_id if tip is None else tip[0])
            start = _next_position(conn, session_id)
            rows = self._message_rows(session_id, start, texts, counts, None)
            conn.executemany(INSERT_MESSAGE, rows)
            _artifacts.insert_artifacts(conn, artifact_rows)
        return list(range(start, start + len(rows)))

    def active_messages(self, session_id: str) -> list[StoredMessage]:
        """The current transcript, in position order."""
        sql = (
            f"SELECT {MESSAGE_COLUMNS} FROM messages "
            "WHERE session_id = ? AND active = 1 ORDER BY position"
        )
        rows = self._read("read messages", sql, (session_id,))
        return [stored_message(row, self._codec) for row in rows]

    def all_messages(self, session_id: str) -> list[StoredMessage]:
        """Every row ever appended (active and compacted), in position order."""
        sql = f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE session_id = ? ORDER BY position"
        rows = self._read("read messages", sql, (session_id,))
        return [stored_message(row, self._codec) for row in rows]

    def messages_after(self, session_id: str, position: int) -> list[StoredMessage]:
        sql = (
            f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE session_id = ? AND position > ? "
            "ORDER BY position"
        )
        rows = self._read("read messages", sql, (session_id, position))
        return [stored_message(row, self._codec) for row in rows]

    # --- compaction ----------------------------------------------------------------------

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
        # Everything that can fail without the database happens before the write lock.
        texts = [
            self._codec.message_text(m, f"new message {i}") for i, m in enumerate(new_messages)
        ]
        counts = _token_list(new_tokens, len(texts))
        artifact_rows = _artifacts.artifact_rows(session_id, artifacts, self._now(), self._codec)
        state = None if engine_state is None else self._state_value(session_id, engine_state)
        event_values = event_row(session_id, event)
        with self._transaction("commit a compaction") as conn:
            _require_session(conn, session_id)
            late_rows = self._deactivate_prefix(
                conn, session_id, expected_positions, event.id, lease_holder
            )
            self._crash_here("after-deactivate")
            start = _next_position(conn, session_id)
            rows = self._message_rows(session_id, start, texts, counts, event.id)
            rows += self._copied_rows(
                session_id, late_rows, session_id, start + len(texts), event.id
            )
            conn.executemany(INSERT_MESSAGE, rows[: len(texts) // 2])
            self._crash_here("mid-insert")
            conn.executemany(INSERT_MESSAGE, rows[len(texts) // 2 :])
            conn.execute(
                f"INSERT INTO compactions({EVENT_COLUMNS}) VALUES ({', '.join('?' * 13)})",
                event_values,
            )
            _artifacts.insert_artifacts(conn, artifact_rows)
            if state is not None:
                _upsert_state(conn, session_id, state, self._now())
            self._crash_here("before-commit")
        self._crash_here("after-commit")
        return list(range(start, start + len(texts)))

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
        new_id = child_id if child_id is not None else uuid.uuid4().hex
        texts = [
            self._codec.message_text(m, f"new message {i}") for i, m in enumerate(new_messages)
        ]
        counts = _token_list(new_tokens, len(texts))
        artifact_rows = _artifacts.artifact_rows(new_id, artifacts, self._now(), self._codec)
        state = None if engine_state is None else self._state_value(new_id, engine_state)
        if child_meta is not None:
            dump_json(dict(child_meta), "child session meta")  # fails before the write lock
        event = replace(event, meta={**event.meta, "child_session": new_id})
        event_values = event_row(session_id, event)
        with self._transaction("commit a rotation") as conn:
            sql = f"SELECT {SESSION_COLUMNS} FROM sessions AS s WHERE s.id = ?"
            found = conn.execute(sql, (session_id,)).fetchone()
            if found is None:
                raise SessionNotFoundError(f"no session {session_id!r}")
            parent = session_record(found)
            if parent.end_reason == ROTATED:
                raise StaleTranscriptError(f"session {session_id!r} was already rotated")
            if _session_exists(conn, new_id):
                raise StoreError(f"a session with id {new_id!r} already exists")
            late_rows = self._deactivate_prefix(
                conn, session_id, expected_positions, event.id, lease_holder
            )
            now = self._now()
            conn.execute(
                "UPDATE sessions SET ended_at = ?, end_reason = ? WHERE id = ?",
                (now, ROTATED, session_id),
            )
            meta = rotation_child_meta(parent.meta, child_meta, len(texts) + len(late_rows))
            conn.execute(
                "INSERT INTO sessions(id, parent_id, model, created_at, meta) VALUES (?,?,?,?,?)",
                (new_id, session_id, parent.model, now, dump_json(meta, "child session meta")),
            )
            rows = self._message_rows(new_id, 0, texts, counts, event.id)
            rows += self._copied_rows(session_id, late_rows, new_id, len(texts), event.id)
            conn.executemany(INSERT_MESSAGE, rows)
            conn.execute(
                f"INSERT INTO compactions({EVENT_COLUMNS}) VALUES ({', '.join('?' * 13)})",
                event_values,
            )
            _artifacts.insert_artifacts(conn, artifact_rows)
            if state is not None:
                _upsert_state(conn, new_id, state, now)
        return SessionRecord(new_id, session_id, parent.model, to_datetime(now), meta=meta)

    def _deactivate_prefix(
        self,
        conn: sqlite3.Connection,
        session_id: str,
        expected_positions: Sequence[int],
        event_id: str,
        lease_holder: str | None,
    ) -> list[tuple[int, str | bytes, int | None]]:
        """The compare-and-swap both commits share, inside their transaction: check the
        lease and that ``expected_positions`` are the active prefix, then mark every active
        row compacted by ``event_id``; returns the late rows (appended after the prefix) as
        stored, position, message value and tokens, to be copied after the new list (no JSON
        round trip; a sealed row is sealed again for its new place).
        """
        if lease_holder is not None:
            self._check_lease(conn, session_id, lease_holder)
        sql = "SELECT position FROM messages WHERE session_id = ? AND active = 1"
        active = sorted(row[0] for row in conn.execute(sql, (session_id,)))
        late = late_positions(session_id, active, expected_positions)
        sql = (
            "SELECT position, message, tokens FROM messages "
            "WHERE session_id = ? AND active = 1 AND position >= ? ORDER BY position"
        )
        late_rows = conn.execute(sql, (session_id, late[0])).fetchall() if late else []
        conn.execute(
            "UPDATE messages SET active = 0, compaction_id = ? WHERE session_id = ? AND active = 1",
            (event_id, session_id),
        )
        return [(position, value, tokens) for position, value, tokens in late_rows]

    def _message_value(self, session_id: str, position: int, message: Message) -> str | bytes:
        text = self._codec.message_text(message, f"message {position}")
        return self._codec.seal_message(session_id, position, text)

    def _state_value(self, session_id: str, state: Mapping[str, Any]) -> str | bytes:
        return self._codec.seal_state(session_id, dump_json(dict(state), "engine state"))

    def _message_rows(
        self,
        session_id: str,
        start: int,
        texts: Sequence[str],
        counts: Sequence[int | None],
        inserted_by: str | None,
    ) -> list[tuple[Any, ...]]:
        """Rows of :data:`INSERT_MESSAGE` for ``texts`` from position ``start`` (sealed here,
        once their positions are known)."""
        seal = self._codec.seal_message
        return [
            (session_id, start + i, seal(session_id, start + i, text), counts[i], inserted_by)
            for i, text in enumerate(texts)
        ]

    def _copied_rows(
        self,
        source: str,
        late_rows: Sequence[tuple[int, str | bytes, int | None]],
        target: str,
        start: int,
        inserted_by: str,
    ) -> list[tuple[Any, ...]]:
        """Rows of :data:`INSERT_MESSAGE` copying ``late_rows`` of ``source`` to ``target``
        from position ``start``."""
        reseal = self._codec.reseal_message
        rows: list[tuple[Any, ...]] = []
        for i, (position, value, tokens) in enumerate(late_rows):
            copied = reseal((source, position), value, (target, start + i))
            rows.append((target, start + i, copied, tokens, inserted_by))
        return rows

    def compaction_events(self, session_id: str) -> list[CompactionEvent]:
        """The session's compactions in the order they were committed."""
        sql = f"SELECT {EVENT_COLUMNS} FROM compactions WHERE session_id = ? ORDER BY seq"
        rows = self._read("read compaction events", sql, (session_id,))
        return [compaction_event(row) for row in rows]

    # --- engine state --------------------------------------------------------------------

    def load_engine_state(self, session_id: str) -> dict[str, Any] | None:
        sql = "SELECT state FROM engine_state WHERE session_id = ?"
        rows = self._read("load engine state", sql, (session_id,))
        return self._codec.open_state(session_id, rows[0][0]) if rows else None

    def save_engine_state(self, session_id: str, state: Mapping[str, Any]) -> None:
        text = self._state_value(session_id, state)
        with self._transaction("save engine state") as conn:
            _require_session(conn, session_id)
            _upsert_state(conn, session_id, text, self._now())

    # --- leases --------------------------------------------------------------------------

    def acquire_lease(self, session_id: str, holder: str, ttl_seconds: float) -> bool:
        """Take the session's compaction lease if free or expired (or already ours)."""
        _check_ttl(ttl_seconds)
        with self._transaction("acquire a lease") as conn:
            _require_session(conn, session_id)
            now = self._now()
            # One statement decides and writes: the row is taken over only when it is ours
            # already or has expired, and rowcount says whether it was.
            cursor = conn.execute(
                "INSERT INTO leases(session_id, holder, expires_at) VALUES (?, ?, ?) "
                "ON CONFLICT(session_id) DO UPDATE SET "
                "holder = excluded.holder, expires_at = excluded.expires_at "
                "WHERE leases.holder = excluded.holder OR leases.expires_at <= ?",
                (session_id, holder, now + ttl_seconds, now),
            )
            return cursor.rowcount == 1

    def renew_lease(self, session_id: str, holder: str, ttl_seconds: float) -> bool:
        """Extend our lease; False when we no longer hold it (another holder, or expired)."""
        _check_ttl(ttl_seconds)
        with self._transaction("renew a lease") as conn:
            now = self._now()
            cursor = conn.execute(
                "UPDATE leases SET expires_at = ? "
                "WHERE session_id = ? AND holder = ? AND expires_at > ?",
                (now + ttl_seconds, session_id, holder, now),
            )
            return cursor.rowcount == 1

    def release_lease(self, session_id: str, holder: str) -> None:
        """Give the lease up; a no-op unless ``holder`` has it."""
        with self._transaction("release a lease") as conn:
            sql = "DELETE FROM leases WHERE session_id = ? AND holder = ?"
            conn.execute(sql, (session_id, holder))

    def _check_lease(self, conn: sqlite3.Connection, session_id: str, holder: str) -> None:
        sql = "SELECT holder, expires_at FROM leases WHERE session_id = ?"
        row = conn.execute(sql, (session_id,)).fetchone()
        check_lease(session_id, holder, None if row is None else (row[0], row[1]), self._now())

    # --- conversation heads ------------------------------------------------------------

    def advance_head(
        self, session_id: str, *, owner: str, head: str, length: int, previous: str | None
    ) -> bool:
        with self._transaction("advance a conversation head") as conn:
            _require_session(conn, session_id)
            row = conn.execute(
                "SELECT head FROM conversation_heads WHERE session_id = ?", (session_id,)
            ).fetchone()
            if (row[0] if row else None) != previous:
                return False
            conn.execute(
                "INSERT INTO conversation_heads(session_id, owner, head, length, updated_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT(session_id) DO UPDATE SET "
                "owner = excluded.owner, head = excluded.head, length = excluded.length, "
                "updated_at = excluded.updated_at",
                (session_id, owner, head, length, self._now()),
            )
            return True

    def get_head(self, session_id: str) -> ConversationHead | None:
        sql = f"SELECT {HEAD_COLUMNS} FROM conversation_heads WHERE session_id = ?"
        rows = self._read("read a conversation head", sql, (session_id,))
        return _head(rows[0]) if rows else None

    def find_heads(self, owner: str, heads: Sequence[str]) -> list[ConversationHead]:
        found: list[ConversationHead] = []
        wanted = list(dict.fromkeys(heads))
        for start in range(0, len(wanted), HEADS_PER_QUERY):
            chunk = wanted[start : start + HEADS_PER_QUERY]
            marks = ", ".join("?" * len(chunk))
            sql = (
                f"SELECT {HEAD_COLUMNS} FROM conversation_heads "
                f"WHERE owner = ? AND head IN ({marks})"
            )
            found.extend(map(_head, self._read("find conversation heads", sql, (owner, *chunk))))
        return sorted(found, key=lambda item: item.updated_at, reverse=True)

    # --- artifacts -----------------------------------------------------------------------

    def put_artifacts(self, session_id: str, artifacts: Sequence[Artifact]) -> None:
        """Store artifacts for a session (an id already stored is left as it is)."""
        rows = _artifacts.artifact_rows(session_id, artifacts, self._now(), self._codec)
        with self._transaction("store artifacts") as conn:
            _require_session(conn, session_id)
            _artifacts.insert_artifacts(conn, rows)

    def get_artifact(self, session_id: str, artifact_id: str) -> Artifact | None:
        """The artifact if it belongs to ``session_id``'s lineage (the nearest session's)."""
        with self._translated("read an artifact"):
            conn = self._connection()
            return _artifacts.get_artifact(conn, session_id, artifact_id, self._codec)

    def list_artifacts(self, session_id: str) -> list[Artifact]:
        """Artifacts of the session's lineage, oldest first (an id stored twice, once)."""
        with self._translated("list artifacts"):
            return _artifacts.list_artifacts(self._connection(), session_id, self._codec)

    def search_artifacts(self, session_id: str, query: str, *, limit: int = 10) -> list[SearchHit]:
        """Artifacts of the lineage containing every word of ``query``, best first.

        Words are whitespace-separated, matched as case-insensitive substrings; ``limit`` is
        clamped to 1..100. A hit names the first line holding the most query words.
        """
        terms = search_terms(query)
        if not terms:
            return []
        if self._fts and not self._codec.has_keys:
            with self._translated("search artifacts"):
                behind = _artifacts.search_index_behind(self._connection())
            if behind:
                with self._transaction("index artifacts for search") as conn:
                    _artifacts.update_search_index(conn)
        with self._translated("search artifacts"):
            conn = self._connection()
            return _artifacts.search_artifacts(
                conn, session_id, terms, limit, self._codec, fts=self._fts
            )

    def delete_artifacts(self, session_id: str, artifact_ids: Sequence[str]) -> int:
        """Remove this session's own artifacts with these ids; returns how many went.

        Artifacts an ancestor archived belong to the ancestor and stay.
        """
        with self._transaction("delete artifacts") as conn:
            return _artifacts.delete_artifacts(conn, session_id, artifact_ids)

    # --- key rotation --------------------------------------------------------------------

    def rekey(self, *, dry_run: bool = False) -> RekeyReport:
        """Move every message, artifact and engine state to the current store key (or to
        plaintext when ``protection`` has none), one session per transaction; then merge the
        search index, ``VACUUM`` and empty the WAL, so the old bodies leave the file.

        Rows are read with any key given (current or old); one no key opens raises
        :class:`~packlight.store.sealing.StoreKeyError` naming its key id, the sessions
        already done staying done. ``dry_run`` only counts the rows per key.
        """
        report = RekeyReport(self.protection.key_id or PLAINTEXT)
        ids = [row[0] for row in self._read("list sessions", "SELECT id FROM sessions", ())]
        for session_id in ids:
            with self._transaction("rekey a session") as conn:
                _rekey.rekey_session(
                    conn, session_id, self._codec, report, fts=self._fts, dry_run=dry_run
                )
            report.sessions += 1
        if report.rewritten:
            with self._translated("scrub the file after a rekey"), self._writer:
                _rekey.scrub(self._connection(), fts=self._fts)
        return report

    # --- lifecycle -----------------------------------------------------------------------

    def close(self) -> None:
        """Close every thread's connection (idempotent); later calls raise :class:`StoreError`."""
        with self._registry_lock:
            self._closed = True
            connections, self._connections = self._connections, []
        for _, conn in connections:
            conn.close()


# --- helpers -----------------------------------------------------------------------------


def _fts5_trigram_available(conn: sqlite3.Connection) -> bool:
    try:
        conn.execute("CREATE VIRTUAL TABLE temp.packlight_probe USING fts5(x, tokenize='trigram')")
    except sqlite3.OperationalError:
        return False
    conn.execute("DROP TABLE temp.packlight_probe")
    return True


HEAD_COLUMNS = "session_id, owner, head, length, updated_at"
HEADS_PER_QUERY = 500
"""Digests per ``IN`` list (SQLite allows 32,766 parameters; a request can hold thousands)."""


def _head(row: Sequence[Any]) -> ConversationHead:
    return ConversationHead(row[0], row[1], row[2], row[3], to_datetime(row[4]))


def _check_ttl(ttl_seconds: float) -> None:
    if not (ttl_seconds > 0 and math.isfinite(ttl_seconds)):
        raise UserError(f"ttl_seconds must be a positive number, got {ttl_seconds!r}")


def _token_list(tokens: Sequence[int | None] | None, count: int) -> list[int | None]:
    if tokens is None:
        return [None] * count
    if len(tokens) != count:
        raise UserError(f"got {len(tokens)} token counts for {count} messages; pass one each")
    return list(tokens)


def _session_exists(conn: sqlite3.Connection, session_id: str) -> bool:
    return conn.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone() is not None


def _require_session(conn: sqlite3.Connection, session_id: str) -> None:
    if not _session_exists(conn, session_id):
        raise SessionNotFoundError(f"no session {session_id!r}")


def _next_position(conn: sqlite3.Connection, session_id: str) -> int:
    # Rows only ever go with their whole session, so max + 1 never reuses a position.
    sql = "SELECT COALESCE(MAX(position) + 1, 0) FROM messages WHERE session_id = ?"
    return int(conn.execute(sql, (session_id,)).fetchone()[0])


def _upsert_state(conn: sqlite3.Connection, session_id: str, text: str | bytes, now: float) -> None:
    conn.execute(
        "INSERT INTO engine_state(session_id, state, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT(session_id) DO UPDATE SET state = excluded.state, "
        "updated_at = excluded.updated_at",
        (session_id, text, now),
    )
