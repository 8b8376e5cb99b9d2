"""The ``SessionStore`` contract: sessions, messages, compactions, engine state, leases, artifacts.

Two implementations keep one contract (``tests/store/test_contract.py`` runs against both):
:class:`~packlight.store.sqlite.SQLiteStore` (stdlib ``sqlite3``, WAL; the embedded default) and
:class:`~packlight.store.postgres.PostgresStore` (psycopg 3 with a pool; ``packlight[postgres]``).

Model:

- A **session** has an id, an optional parent (rotation makes a child), a model, timestamps
  and an end reason. Its **lineage** is the chain of parents; its **tip** the newest
  descendant (resume follows it). :meth:`SessionStore.create_session` writes a session with
  its first messages, their artifacts and its engine state in one transaction: a crash leaves
  the whole session or no session, never one without its messages.
- **Messages** are rows ``(session_id, position, message JSON, tokens, active, compaction_id)``.
  Positions grow by one per appended row and are never reused. The *active* rows, in
  position order, are the transcript the agent sends; compacted rows stay, inactive, with the
  id of the compaction that replaced them, so the original transcript can always be rebuilt.
- A **compaction** is committed in one transaction by :meth:`SessionStore.commit_compaction`:
  the old active rows become inactive, the new active list is inserted, the event, the
  artifacts and the engine state are written. ``expected_positions`` (the active positions the
  engine read and compacted) makes it a *prefix* compare-and-swap: they must still be the
  first active positions. Rows the agent appended after that prefix while the compaction ran
  are kept, after the new list: they too become inactive (``compaction_id`` = the event) and
  are re-inserted as copies (``inserted_by`` = the event, same message and tokens), so the
  active list reads new list, then the late rows, in their order. Their originals stay, so the
  original transcript is unchanged. If the prefix is no longer there (another compaction
  replaced it), nothing is written and :class:`StaleTranscriptError` is raised.
- A **rotation** (:meth:`SessionStore.commit_rotation`) is the other way to commit a
  compaction: in one transaction the parent's prefix is compared and swapped as above, the
  parent ends with reason ``"compression"``, and a child starts with the compacted list, then
  copies of the late rows, its artifacts and its engine state. The child's leading rows are
  not original (``inserted_by`` = the event, and the child's meta counts them under
  :data:`ROTATION_SEED`); the late rows' originals stay in the parent. A session that ended
  with reason ``"compression"`` takes no more messages: :meth:`SessionStore.append_messages`
  raises :class:`SessionRotatedError` naming the lineage's tip, so no append is lost to a
  session nobody reads any more.
- A **lease** per session serialises compactions across processes and hosts: exactly one
  holder at a time, with an expiry; a holder renews, releases, or its lease expires.
- **Artifacts** belong to the session that archived them; reads are allowed only within a
  session's lineage (a child can read its parents' artifacts, nobody else can).

Every method raises :class:`~packlight.errors.StoreError` (or a subclass) for database
failures, translated at the implementation with the driver's exception chained.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol, runtime_checkable

from packlight.artifacts import Artifact
from packlight.errors import RuntimeFailure
from packlight.messages import Message


class StoreError(RuntimeFailure):
    """A database operation failed (connection, constraint, corruption)."""


class StaleTranscriptError(StoreError):
    """A compaction was computed on active rows that are no longer the head of the active list
    (another compaction replaced them), or its lease holder lost the lease."""


class SessionNotFoundError(StoreError):
    """No session with that id."""


class SessionRotatedError(StoreError):
    """Messages were appended to a session that a rotation ended (reason ``"compression"``).

    Nothing was written. ``tip_id`` is the session the lineage continues in (the newest
    descendant when the append was refused); append there. It equals ``session_id`` only when
    the rotated session has no child left (deleted), and then there is nowhere to append.
    """

    def __init__(self, session_id: str, tip_id: str) -> None:
        self.session_id = session_id
        self.tip_id = tip_id
        if tip_id == session_id:
            where = "and its child session no longer exists"
        else:
            where = f"its lineage continues in session {tip_id!r}: append there"
        super().__init__(
            f"session {session_id!r} was rotated by a compaction (ended with reason "
            f"'compression') and takes no more messages; {where}"
        )


EndReason = Literal["completed", "compression", "reset", "error", "deleted"]
ROTATED: EndReason = "compression"
"""The end reason of a session that :meth:`SessionStore.commit_rotation` continued in a child."""
ROTATION_SEED = "rotation_seed"
"""Key of a rotated child's meta: how many of its leading rows (by position) are the compacted
transcript and the late rows' copies, not messages appended to it."""


@dataclass(frozen=True, slots=True)
class SessionRecord:
    id: str
    parent_id: str | None
    model: str | None
    created_at: datetime
    ended_at: datetime | None = None
    end_reason: str | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)
    """Free-form JSON (source file, format, tools, user-supplied labels)."""


@dataclass(frozen=True, slots=True)
class ConversationHead:
    """Where a conversation served by the gateway stands: a digest of the raw history its
    client sent last (see :mod:`packlight.gateway.fingerprint`), and whose it is."""

    session_id: str
    owner: str
    """A digest of the caller's key (never the key): a session belongs to one caller."""
    head: str
    """The digest of the client's last raw history (every message, in order)."""
    length: int
    """How many messages that history had."""
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class StoredMessage:
    session_id: str
    position: int
    message: Message
    tokens: int | None
    active: bool
    compaction_id: str | None
    """The compaction that replaced this row (``None`` while the row is active)."""
    inserted_by: str | None = None
    """``None`` for rows appended by the agent; the compaction id for rows a compaction
    inserted (its checkpoint, the head/tail it kept, copies of late rows; in a rotated child,
    the parent's event). A session's original rows are exactly those with ``inserted_by is
    None``, in position order; a lineage's original transcript is its sessions' in turn."""


@dataclass(frozen=True, slots=True)
class CompactionEvent:
    id: str
    session_id: str
    created_at: datetime
    trigger: str
    """"preflight" | "post-response" | "recovery" | "hygiene" | "manual"."""
    before_tokens: int
    after_tokens: int
    before_messages: int
    after_messages: int
    summarizer: str | None
    duration_seconds: float
    checkpoint_id: str | None
    """The span artifact id the checkpoint cites (``context_expand`` takes this id)."""
    reason: str = ""
    meta: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SearchHit:
    artifact_id: str
    session_id: str
    kind: str
    line: int
    """1-based line of the best match in the artifact's content."""
    snippet: str
    score: float


def late_positions(
    session_id: str, active: Sequence[int], expected_positions: Sequence[int]
) -> list[int]:
    """The prefix compare-and-swap of :meth:`SessionStore.commit_compaction`, for the stores.

    ``active`` are the session's active positions in order, read inside the commit's
    transaction. Returns those after the prefix ``expected_positions`` covers (the rows
    appended since the compaction read the transcript); raises :class:`StaleTranscriptError`
    when the prefix is not there.
    """
    expected = sorted(expected_positions)
    if list(active[: len(expected)]) != expected or (not expected and active):
        raise StaleTranscriptError(
            f"session {session_id!r} was compacted or changed since the compaction read it: "
            f"the {len(expected)} positions it read are not the first of the "
            f"{len(active)} active rows"
        )
    return list(active[len(expected) :])


def check_lease(session_id: str, holder: str, lease: tuple[str, float] | None, now: float) -> None:
    """The lease check of a commit, for the stores: ``lease`` is the session's lease row
    ``(holder, expires_at)`` read inside the commit's transaction (``None`` when there is
    none). Raises :class:`StaleTranscriptError` saying why ``holder`` does not hold it."""
    if lease is None:
        why = "nobody holds it (released, or never taken)"
    elif lease[0] != holder:
        why = f"it was lost to {lease[0]!r}"
    elif lease[1] <= now:
        why = "it expired"
    else:
        return
    raise StaleTranscriptError(
        f"{holder!r} does not hold the compaction lease of session {session_id!r}: {why}"
    )


def rotation_child_meta(
    parent_meta: Mapping[str, Any], child_meta: Mapping[str, Any] | None, seeded: int
) -> dict[str, Any]:
    """A rotated child's meta (see :meth:`SessionStore.commit_rotation`): ``child_meta`` or
    the parent's, with :data:`ROTATION_SEED` set to the ``seeded`` rows it starts with."""
    return {**(parent_meta if child_meta is None else child_meta), ROTATION_SEED: seeded}


@runtime_checkable
class SessionStore(Protocol):
    """What every store implements. All methods are synchronous and thread-safe."""

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
        """Create a session (a random unguessable id when none is given).

        ``messages`` become its first active rows (``tokens``: one count each, or ``None``),
        stored with ``artifacts`` and ``engine_state`` (unless ``None``) in the same
        transaction: the session appears whole or not at all. Raises :class:`StoreError` when
        the id exists and :class:`SessionNotFoundError` for an unknown ``parent_id``, writing
        nothing.
        """
        ...

    def get_session(self, session_id: str) -> SessionRecord | None: ...

    def list_sessions(self, *, limit: int = 100, offset: int = 0) -> list[SessionRecord]:
        """Newest first."""
        ...

    def end_session(self, session_id: str, reason: str) -> None: ...

    def delete_session(self, session_id: str) -> None:
        """Remove a session with its messages, events, state and artifacts."""
        ...

    def lineage(self, session_id: str) -> list[SessionRecord]:
        """The session and its ancestors, root first."""
        ...

    def tip(self, session_id: str) -> SessionRecord:
        """The newest descendant (following children), or the session itself."""
        ...

    # --- messages ------------------------------------------------------------------------

    def append_messages(
        self,
        session_id: str,
        messages: Sequence[Message],
        tokens: Sequence[int | None] | None = None,
        *,
        artifacts: Sequence[Artifact] = (),
    ) -> list[int]:
        """Append active rows, with ``artifacts`` (the admitted outputs they cite) in the same
        transaction; returns their positions.

        Raises :class:`SessionRotatedError`, writing nothing, when the session ended with
        reason ``"compression"`` (a rotation continued it in a child; checked under the same
        lock as the write, so an append never lands in a parent after its rotation).
        """
        ...

    def active_messages(self, session_id: str) -> list[StoredMessage]:
        """The current transcript, in position order."""
        ...

    def all_messages(self, session_id: str) -> list[StoredMessage]:
        """Every row ever appended (active and compacted), in position order."""
        ...

    def messages_after(self, session_id: str, position: int) -> list[StoredMessage]:
        """The rows after ``position`` (active and compacted), in position order: what another
        writer added since a reader last saw the session."""
        ...

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
        """Replace the compacted prefix of the active list atomically.

        ``expected_positions`` are the active positions the compaction read (compared sorted).
        The commit succeeds when they are the first ``len(expected_positions)`` active
        positions: those rows become inactive (``compaction_id=event.id``) and
        ``new_messages`` are inserted after every existing row (``inserted_by=event.id``).
        Active rows after the prefix (appended while the compaction ran) are kept after the
        new list: in the same transaction they are marked inactive like the prefix and
        re-inserted, in their order, as copies with the same message and tokens and
        ``inserted_by=event.id``; their originals (``inserted_by is None``) stay, so the
        original transcript does not change. The event, ``artifacts`` and ``engine_state``
        (unless ``None``) are written in the same transaction.

        Returns the positions of the ``new_messages`` rows, in order; the late rows' copies
        get the positions right after them.

        Raises :class:`StaleTranscriptError`, writing nothing, when ``expected_positions`` are
        not the active list's prefix (another compaction happened, or rows it read are no
        longer active), when they are empty while the active list is not (a compaction of
        nothing cannot tell appends from another compaction), or when ``lease_holder`` is
        given and does not hold an unexpired lease.
        """
        ...

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
        """End ``session_id`` and continue it in a new child session, in one transaction.

        The prefix compare-and-swap and the lease check are those of
        :meth:`commit_compaction`; on success the parent's active rows all become inactive
        (``compaction_id=event.id``), the event is recorded on the parent (its meta gains
        ``"child_session"``), and the parent ends with reason ``"compression"``. The child
        (``child_id``, else a random id; the parent's model; ``child_meta``, else the
        parent's meta, plus :data:`ROTATION_SEED`) holds ``new_messages`` and then copies of
        the late rows (same message and tokens, in their order), all active with
        ``inserted_by=event.id``, and the ``artifacts`` and ``engine_state``. The late rows'
        originals stay in the parent, so the lineage's original transcript does not change.

        Returns the child's record. Raises :class:`StaleTranscriptError`, writing nothing,
        when the prefix is not there, the lease is not held, or the parent already ended with
        reason ``"compression"``.
        """
        ...

    def compaction_events(self, session_id: str) -> list[CompactionEvent]: ...

    # --- engine state --------------------------------------------------------------------

    def load_engine_state(self, session_id: str) -> dict[str, Any] | None: ...

    def save_engine_state(self, session_id: str, state: Mapping[str, Any]) -> None: ...

    # --- leases --------------------------------------------------------------------------

    def acquire_lease(self, session_id: str, holder: str, ttl_seconds: float) -> bool:
        """Take the session's compaction lease if free or expired (or already ours)."""
        ...

    def renew_lease(self, session_id: str, holder: str, ttl_seconds: float) -> bool:
        """Extend our lease to ``ttl_seconds`` from now; False when we no longer hold it
        (another holder took it, or it expired)."""
        ...

    def release_lease(self, session_id: str, holder: str) -> None: ...

    # --- conversation heads (the gateway) ---------------------------------------------------

    def advance_head(
        self, session_id: str, *, owner: str, head: str, length: int, previous: str | None
    ) -> bool:
        """Move the session's head to ``head`` when it is still ``previous`` (``None``: the
        session has no head yet); False, writing nothing, when another writer moved it."""
        ...

    def get_head(self, session_id: str) -> ConversationHead | None: ...

    def relaxed_commits(self) -> AbstractContextManager[None]:
        """For a block in this thread: writes that may commit without waiting for a disk
        flush, because a database crash may lose them whole at no cost (the gateway's turns:
        the client resends them). Other readers see them at once. A store whose commits never
        wait for a flush does nothing."""
        ...

    def find_heads(self, owner: str, heads: Sequence[str]) -> list[ConversationHead]:
        """The heads of ``owner``'s sessions that are among ``heads``, newest first."""
        ...

    # --- artifacts -----------------------------------------------------------------------

    def put_artifacts(self, session_id: str, artifacts: Sequence[Artifact]) -> None:
        """Store artifacts for a session (an id already stored is left as it is)."""
        ...

    def get_artifact(self, session_id: str, artifact_id: str) -> Artifact | None:
        """The artifact if it belongs to ``session_id``'s lineage, else ``None``."""
        ...

    def list_artifacts(self, session_id: str) -> list[Artifact]:
        """Artifacts of the session's lineage, oldest first."""
        ...

    def search_artifacts(self, session_id: str, query: str, *, limit: int = 10) -> list[SearchHit]:
        """Full-text search (SQLite FTS5 / PostgreSQL tsvector) over the lineage's artifacts."""
        ...

    def delete_artifacts(self, session_id: str, artifact_ids: Sequence[str]) -> int:
        """Remove artifacts (retention); returns how many were removed."""
        ...

    # --- lifecycle -----------------------------------------------------------------------

    def close(self) -> None: ...
