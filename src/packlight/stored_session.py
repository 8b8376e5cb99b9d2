"""A session kept in a ``SessionStore`` and compacted by an engine, safely across processes.

This is where the engine and the store meet (they never import each other):

- a new session is written whole: the session, its first messages (after admission), the
  outputs admission archived and the engine's first state go in one store transaction, so a
  crash leaves the whole session or none of it;
- the engine's state is loaded from the store when the session is opened, so a restarted
  process behaves exactly as the one that stopped;
- a compaction runs under the session's lease: a second process asking at the same time gets
  the transcript unchanged with the reason, and a lease that cannot be evaluated (store
  error) means *skip*, never a double compaction. While the engine works, a heartbeat thread
  renews the lease every third of ``lease_seconds``, so a slow summarizer keeps it; if another
  holder takes it all the same, the compaction is discarded with the reason, never committed.
  The lease is given up on every way out, exceptions included;
- the engine's verified result, its artifacts, the event and the engine's next state are
  committed in one store transaction, as a compare-and-swap on the prefix of active rows the
  engine read: messages another writer appended meanwhile are kept after the compacted list
  (the engine always keeps a trailing tool call in its tail, so a late tool result still
  follows its call); if the commit fails, the engine's state does not move and the caller
  gets the transcript as it was;
- rotation (``in_place=False``) commits the same way, in one transaction that ends this
  session and starts its child (:meth:`SessionStore.commit_rotation`). The store refuses
  appends to a rotated session, and :meth:`StoredSession.append` then follows the lineage to
  its tip and appends there, so an agent in another process loses nothing;
- the original transcript is always the rows the agent appended, in order, across the
  lineage (:func:`original_messages`).
"""

from __future__ import annotations

import logging
import math
import os
import socket
import threading
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, cast

from packlight.admission import AdmissionResult, AdmissionSettings, admit
from packlight.artifacts import Artifact
from packlight.compressor.engine import ContextCompressor
from packlight.engine import CompressionResult
from packlight.errors import ConfigError
from packlight.messages import PACKLIGHT_KEY, Message, as_mapping, is_summary, packlight_meta
from packlight.retrieval import RetrievalTools, StoreReader
from packlight.store.base import (
    ROTATED,
    ROTATION_SEED,
    CompactionEvent,
    SessionNotFoundError,
    SessionRecord,
    SessionRotatedError,
    SessionStore,
    StaleTranscriptError,
    StoreError,
)

__all__ = [
    "DEFAULT_LEASE_SECONDS",
    "ROTATION_SEED",
    "StoredSession",
    "original_messages",
    "restore_admitted",
]

logger = logging.getLogger("packlight.session")

DEFAULT_LEASE_SECONDS = 120.0
DEFAULT_ADMISSION = AdmissionSettings()
MAX_ROTATION_FOLLOWS = 100
"""An append that finds its session rotated follows to the tip at most this many times in a
row (each step is a newer session; only rotations in a tight loop could exhaust it)."""


def default_holder() -> str:
    """An id naming this process on this host (and unique per session object)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


# --- the original transcript -----------------------------------------------------------------


def original_messages(store: SessionStore, session_id: str) -> list[Message]:
    """The transcript as the agent appended it to ``session_id`` and its ancestors, root
    first, before any compaction or admission (admitted outputs restored exactly).

    Needs no engine. It covers the lineage *up to* ``session_id``: for a whole conversation
    that rotation continued, pass its tip (``store.tip(session_id).id``).
    """
    appended: list[Message] = []
    for record in store.lineage(session_id):
        # A rotated child starts with the compacted transcript and copies of the rows
        # appended late to its parent (their originals are the parent's): not original.
        seeded = record.meta.get(ROTATION_SEED)
        skip = seeded if isinstance(seeded, int) and not isinstance(seeded, bool) else 0
        rows = store.all_messages(record.id)
        appended.extend(row.message for row in rows[max(skip, 0) :] if row.inserted_by is None)
    return [restore_admitted(store, session_id, message) for message in appended]


def restore_admitted(store: SessionStore, session_id: str, message: Message) -> Message:
    """The message admission received, for the structured preview it stored instead (any
    other message as it is): same keys in the same order, the archived content, and the
    original ``_packlight`` metadata or none. A preview whose artifact retention removed
    comes back as the preview, which is all that is left."""
    marker = packlight_meta(message)
    artifact_id = marker.get("admitted")
    if not isinstance(artifact_id, str):
        return message
    artifact = store.get_artifact(session_id, artifact_id)
    if artifact is None:
        return message
    restored: dict[str, Any] = {}
    # Admission kept every key in its place (only content changed, and the marker went
    # where the original metadata was, or last): rebuilding in the preview's order is exact.
    for key, value in as_mapping(message).items():
        if key == "content":
            restored[key] = artifact.content
        elif key != PACKLIGHT_KEY:
            restored[key] = value
        elif "original_meta" in marker:
            restored[key] = marker["original_meta"]
    return cast(Message, restored)


# --- admission -------------------------------------------------------------------------------


def _admit(
    message: Message, engine: ContextCompressor, settings: AdmissionSettings | None
) -> AdmissionResult:
    data = as_mapping(message)
    # Only plain-text results: their original is exactly the archived text, so the original
    # transcript can be rebuilt byte for byte.
    if settings is None or data.get("role") != "tool" or not isinstance(data.get("content"), str):
        return AdmissionResult(message)
    result = admit(message, key=engine.key, counter=engine.counter.counter, settings=settings)
    if result.artifact is None:
        return result
    marker: dict[str, Any] = {"admitted": result.artifact.id}
    if PACKLIGHT_KEY in data:
        marker["original_meta"] = data[PACKLIGHT_KEY]
    preview = {**as_mapping(result.message), PACKLIGHT_KEY: marker}
    return AdmissionResult(cast(Message, preview), result.artifact)


def _admit_all(
    messages: Sequence[Message], engine: ContextCompressor, settings: AdmissionSettings | None
) -> tuple[list[Message], list[Artifact]]:
    """The messages as they enter the active transcript, and the outputs admission archived."""
    admitted: list[Message] = []
    artifacts: list[Artifact] = []
    for message in messages:
        result = _admit(message, engine, settings)
        admitted.append(result.message)
        if result.artifact is not None:
            artifacts.append(result.artifact)
    return admitted, artifacts


# --- plumbing --------------------------------------------------------------------------------


def _compress_options(
    force: bool,
    focus: str | None,
    tools: Sequence[Mapping[str, Any]] | None,
    current_tokens: int | None,
    keep_last: int | None,
) -> dict[str, Any]:
    options: dict[str, Any] = {
        "force": force,
        "focus": focus,
        "tools": tools,
        "current_tokens": current_tokens,
    }
    if keep_last is not None:  # plugin engines written before keep_last need not accept it
        options["keep_last"] = keep_last
    return options


def _checked_lease_seconds(lease_seconds: float) -> float:
    if not (lease_seconds > 0 and math.isfinite(lease_seconds)):
        raise ConfigError("lease_seconds", lease_seconds, "a positive, finite number of seconds")
    return lease_seconds


class _StoreSink:
    """The engine's archive when a store commits the artifacts itself: reads go to the store,
    writes are already done by :meth:`SessionStore.commit_compaction`."""

    def __init__(self, store: SessionStore, session_id: str) -> None:
        self.store = store
        self.session_id = session_id

    def put(self, artifact: Artifact) -> None:
        return None

    def get(self, identifier: str) -> Artifact | None:
        return self.store.get_artifact(self.session_id, identifier)


class _LeaseKeeper:
    """Renews a compaction lease from a daemon thread, every third of its length, until
    stopped.

    Store calls are synchronous and thread-safe, so one thread serves ``compact`` and
    ``acompact`` alike. A renewal refused because the lease merely expired (nobody took it)
    takes it again: the commit's compare-and-swap still guards the transcript. When another
    holder has it, :attr:`lost` says so and the keeper stops; a store error is logged and
    the next beat tries again (the commit checks the lease anyway).
    """

    def __init__(self, store: SessionStore, session_id: str, holder: str, seconds: float) -> None:
        self.store = store
        self.session_id = session_id
        self.holder = holder
        self.seconds = seconds
        self.lost: str | None = None
        """Why the lease is gone, once another holder has it."""
        self._stopped = threading.Event()
        self._thread = threading.Thread(
            target=self._run, name=f"packlight-lease-{session_id}", daemon=True
        )
        self._thread.start()

    def _run(self) -> None:
        while not self._stopped.wait(self.seconds / 3):
            try:
                if self.store.renew_lease(self.session_id, self.holder, self.seconds):
                    continue
                if self.store.acquire_lease(self.session_id, self.holder, self.seconds):
                    logger.warning("the lease of %s had expired; taken again", self.session_id)
                    continue
            except StoreError as exc:
                logger.warning("could not renew the lease of %s: %s", self.session_id, exc)
                continue
            self.lost = (
                f"the compaction lease of session {self.session_id!r} was lost to another "
                "holder while the compaction ran"
            )
            logger.warning("%s; the compaction will be discarded", self.lost)
            return

    def stop(self) -> None:
        """Stop renewing; returns once no renewal is running any more."""
        self._stopped.set()
        self._thread.join()


# --- the session -----------------------------------------------------------------------------


class StoredSession:
    """One agent session in a store, with its engine.

    ``lease_seconds`` is how long a compaction's lease lasts without renewal (it is renewed
    while the compaction runs); ``in_place=False`` makes each compaction a rotation into a
    child session. ``created`` is the session's record when the caller has just created it
    (nothing is read back). Further keyword arguments configure the :class:`ContextCompressor`
    made when no ``engine`` is given.
    """

    last_position: int | None
    """The highest row position this object wrote or read (``None``: not known), so that
    :meth:`SessionStore.messages_after` can tell what another writer added since."""

    def __init__(
        self,
        store: SessionStore,
        session_id: str,
        engine: ContextCompressor | None = None,
        *,
        holder: str | None = None,
        lease_seconds: float = DEFAULT_LEASE_SECONDS,
        admission: AdmissionSettings | None = DEFAULT_ADMISSION,
        in_place: bool = True,
        created: SessionRecord | None = None,
        **engine_options: Any,
    ) -> None:
        self.lease_seconds = _checked_lease_seconds(lease_seconds)
        # ``created``: the record the caller has just created, with no row and no engine
        # state yet; neither is read back (a gateway creates a session per conversation,
        # many at once, and each read is a round trip to the store).
        record = created if created is not None else store.get_session(session_id)
        if record is None:
            raise SessionNotFoundError(f"no session {session_id!r} in the store")
        self.store = store
        self.engine = engine or ContextCompressor(model=record.model, **engine_options)
        self.holder = holder or default_holder()
        self.admission = admission
        self.in_place = in_place
        """In-place compaction (default) rewrites this session; otherwise each compaction
        ends it with reason "compression" and continues in a child session."""
        saved = store.load_engine_state(session_id) if created is None else None
        if saved:
            self.engine.restore_state(saved)
        self.engine.persist = self._persist
        self.session_id = session_id
        self._point_at(session_id)
        self._expected: list[int] = []
        self._trigger = "manual"
        self._locked_id: str | None = None
        self._keeper: _LeaseKeeper | None = None

    # --- opening -------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        store: SessionStore,
        *,
        model: str | None = None,
        meta: Mapping[str, Any] | None = None,
        messages: Sequence[Message] = (),
        engine: ContextCompressor | None = None,
        admission: AdmissionSettings | None = DEFAULT_ADMISSION,
        **options: Any,
    ) -> StoredSession:
        """A new session with its first messages, written in one transaction together with
        the outputs admission archived and the engine's state (all of it, or nothing).

        ``options`` are those of the constructor (``holder``, ``lease_seconds``,
        ``in_place``) and, without ``engine``, the engine's.
        """
        session_options = {
            key: options.pop(key)
            for key in ("holder", "lease_seconds", "in_place")
            if key in options
        }
        _checked_lease_seconds(session_options.get("lease_seconds", DEFAULT_LEASE_SECONDS))
        engine = engine or ContextCompressor(model=model, **options)
        admitted, artifacts = _admit_all(messages, engine, admission)
        record = store.create_session(
            model=model,
            meta=meta,
            messages=admitted,
            tokens=[engine.counter.message(m) for m in admitted],
            artifacts=artifacts,
            engine_state=engine.export_state(),
        )
        return cls(store, record.id, engine, admission=admission, **session_options)

    @classmethod
    def resume(cls, store: SessionStore, session_id: str, **options: Any) -> StoredSession:
        """The session's newest descendant (rotation makes children), ready to continue."""
        return cls(store, store.tip(session_id).id, **options)

    # --- transcript ----------------------------------------------------------------------

    def messages(self) -> list[Message]:
        """The active transcript (of the lineage's tip, when another process rotated this
        session: it is followed there)."""
        rows = self.store.active_messages(self.session_id)
        if not rows and self._follow_rotation():  # a rotated session has no active rows
            rows = self.store.active_messages(self.session_id)
        return [row.message for row in rows]

    def append(self, messages: Sequence[Message]) -> list[int]:
        """Append messages the agent produced or received; counts are cached as they go.

        Admission control: a tool output over ``admission.max_tokens`` is archived whole and
        enters the transcript as a structured preview (id, size, head and tail lines, exit
        code, errors, how to read more); the rows and the archived outputs are written in one
        transaction. :meth:`original_messages` restores them exactly. When another process
        rotated this session, the messages go to the lineage's tip, which this object then
        follows. Returns the positions of the new rows (in :attr:`session_id`).
        """
        return self.admit_and_append(messages)[1]

    def admit_and_append(self, messages: Sequence[Message]) -> tuple[list[Message], list[int]]:
        """:meth:`append`, also returning the messages as they entered the active transcript
        (the same objects, or the structured preview of an externalised output)."""
        admitted, artifacts = self.admit(messages)
        return admitted, self.append_admitted(admitted, artifacts)

    def admit(self, messages: Sequence[Message]) -> tuple[list[Message], list[Artifact]]:
        """The messages as they will enter the active transcript, and the outputs admission
        archives for them, computed without writing anything: :meth:`append_admitted` writes
        them later (a gateway sends the view first and writes while the upstream answers)."""
        return _admit_all(messages, self.engine, self.admission)

    def append_admitted(
        self, admitted: Sequence[Message], artifacts: Sequence[Artifact]
    ) -> list[int]:
        """Append what :meth:`admit` returned, rows and archived outputs in one transaction;
        the positions of the new rows."""
        tokens = [self.engine.counter.message(m) for m in admitted]
        for _ in range(MAX_ROTATION_FOLLOWS):
            try:
                positions = self.store.append_messages(
                    self.session_id, admitted, tokens, artifacts=artifacts
                )
            except SessionRotatedError as exc:
                if exc.tip_id == exc.session_id:
                    raise  # rotated, and its child is gone: nowhere to append
                self._follow(exc.tip_id)
                continue
            if positions and self.last_position is not None:
                self.last_position = max(self.last_position, *positions)
            return positions
        raise StoreError(
            f"session {self.session_id!r} kept being rotated while appending to it "
            f"({MAX_ROTATION_FOLLOWS} times in a row); nothing was appended"
        )

    def create_with(
        self,
        model: str | None,
        meta: Mapping[str, Any] | None,
        admitted: Sequence[Message],
        artifacts: Sequence[Artifact],
    ) -> None:
        """Create this session in the store with its first rows and the outputs admission
        archived for them, in one transaction: for an object opened on a record the caller
        made and has not written (``created``, see the gateway's new conversations)."""
        tokens = [self.engine.counter.message(m) for m in admitted]
        self.store.create_session(
            session_id=self.session_id,
            model=model,
            meta=meta,
            messages=admitted,
            tokens=tokens,
            artifacts=artifacts,
        )
        self.last_position = len(admitted) - 1

    def original_messages(self) -> list[Message]:
        """The transcript as the agent appended it, before any compaction or admission,
        across the whole lineage when compaction rotated into child sessions (see
        :func:`original_messages`; a rotation another process made is followed first, as
        :meth:`append` does)."""
        self._follow_rotation()
        return original_messages(self.store, self.session_id)

    def snapshot(self) -> tuple[list[Message], list[Message]]:
        """(:meth:`original_messages`, :meth:`messages`) as of one moment; a session without
        ancestors (no rotation) is read once, not twice: a process that resumes a session every
        turn (a gateway replica after another served it) pays for one read of its rows."""
        self._follow_rotation()
        record = self.store.get_session(self.session_id)
        if record is None or record.parent_id is not None:
            return self.original_messages(), self.messages()
        rows = self.store.all_messages(self.session_id)
        self.last_position = max((row.position for row in rows), default=-1)
        original = [
            restore_admitted(self.store, self.session_id, row.message)
            for row in rows
            if row.inserted_by is None
        ]
        return original, [row.message for row in rows if row.active]

    def _point_at(self, session_id: str) -> None:
        self.session_id = session_id
        # Positions are per session: after a move to another one, this object no longer
        # knows which of its rows it has seen (see ``last_position``).
        self.last_position = None
        # The store commits artifacts with each compaction; the engine must not keep a
        # second copy of every archived output in memory.
        self.engine.archive = _StoreSink(self.store, session_id)
        # The model can pull back anything this session's lineage archived.
        self.engine.retrieval = RetrievalTools(StoreReader(self.store, session_id))

    def _follow(self, tip_id: str) -> None:
        """Continue in ``tip_id``, which another process's rotation made the tip."""
        logger.info("session %s was rotated; continuing in %s", self.session_id, tip_id)
        self._point_at(tip_id)
        state = self.store.load_engine_state(tip_id)
        if state:
            self.engine.restore_state(state)

    def _follow_rotation(self) -> bool:
        """Follow to the tip if this session was rotated; True when it moved."""
        record = self.store.get_session(self.session_id)
        if record is None or record.end_reason != ROTATED:
            return False
        tip = self.store.tip(self.session_id)
        if tip.id == self.session_id:
            return False
        self._follow(tip.id)
        return True

    # --- compaction ----------------------------------------------------------------------

    def compact(
        self,
        *,
        force: bool = False,
        focus: str | None = None,
        trigger: str = "manual",
        tools: Sequence[Mapping[str, Any]] | None = None,
        current_tokens: int | None = None,
        keep_last: int | None = None,
    ) -> CompressionResult:
        """Compact the stored transcript under the session's lease (see the module docstring)."""
        rows = self._lock(trigger)
        if isinstance(rows, CompressionResult):
            return rows
        try:
            options = _compress_options(force, focus, tools, current_tokens, keep_last)
            return self._after(self.engine.compress(rows, **options))
        except StoreError as exc:
            return self._skipped(f"store error while compacting ({exc}); skipped")
        finally:
            self._unlock()

    async def acompact(
        self,
        *,
        force: bool = False,
        focus: str | None = None,
        trigger: str = "manual",
        tools: Sequence[Mapping[str, Any]] | None = None,
        current_tokens: int | None = None,
        keep_last: int | None = None,
    ) -> CompressionResult:
        """The async twin of :meth:`compact` (the summarizer call is awaited; the store's own
        calls are quick local transactions and stay synchronous, and the lease is renewed
        from a thread, as for :meth:`compact`)."""
        rows = self._lock(trigger)
        if isinstance(rows, CompressionResult):
            return rows
        try:
            options = _compress_options(force, focus, tools, current_tokens, keep_last)
            return self._after(await self.engine.acompress(rows, **options))
        except StoreError as exc:
            return self._skipped(f"store error while compacting ({exc}); skipped")
        finally:
            self._unlock()

    # compact and acompact differ only in the engine call: the lease and the rows it reads
    # are _lock, what follows the engine is _after, and the lease is released by _unlock.

    def _lock(self, trigger: str) -> list[Message] | CompressionResult:
        try:
            self._follow_rotation()
            acquired = self.store.acquire_lease(self.session_id, self.holder, self.lease_seconds)
        except StoreError as exc:
            return self._skipped(f"compaction lease could not be evaluated ({exc}); skipped")
        if not acquired:
            return self._skipped("another process holds this session's compaction lease")
        self._locked_id = self.session_id
        try:
            self._keeper = _LeaseKeeper(
                self.store, self.session_id, self.holder, self.lease_seconds
            )
            rows = self.store.active_messages(self.session_id)
        except StoreError as exc:
            self._unlock()
            return self._skipped(f"store error while compacting ({exc}); skipped")
        except BaseException:
            self._unlock()
            raise
        self._expected = [row.position for row in rows]
        self._trigger = trigger
        return [row.message for row in rows]

    def _after(self, result: CompressionResult) -> CompressionResult:
        if result.aborted:
            # Nothing was committed, but the engine froze or started a cooldown: another
            # process resuming this session must not hammer a failing summary model.
            self.store.save_engine_state(self.session_id, self.engine.export_state())
        return result

    def _unlock(self) -> None:
        keeper, self._keeper = self._keeper, None
        if keeper is not None:
            keeper.stop()  # before the release: no renewal may follow it
        locked, self._locked_id = self._locked_id, None
        if locked is None:
            return
        try:
            self.store.release_lease(locked, self.holder)
        except StoreError:
            logger.warning("could not release the lease of %s; it will expire", locked)

    def _skipped(self, reason: str) -> CompressionResult:
        try:
            messages = self.messages()
        except StoreError:
            messages = []
        return CompressionResult(
            messages=messages,
            compacted=False,
            reason=reason,
            before_tokens=0,
            after_tokens=0,
            before_messages=len(messages),
            after_messages=len(messages),
        )

    def _persist(self, result: CompressionResult, state: Mapping[str, Any]) -> None:
        # Raising here cancels the compaction: the engine returns the transcript unchanged
        # with "not committed: <this error>" as the reason, and its state does not move.
        if self._locked_id is None:
            raise StaleTranscriptError(
                f"a compaction of session {self.session_id!r} ran outside its lease; "
                "compact through StoredSession.compact or acompact"
            )
        if self._keeper is not None and self._keeper.lost is not None:
            raise StaleTranscriptError(f"{self._keeper.lost}; discarded")
        checkpoint = next((m for m in result.messages if is_summary(m)), None)
        span = packlight_meta(checkpoint).get("span_artifact") if checkpoint else None
        event = CompactionEvent(
            id=f"c{uuid.uuid4().hex}",
            session_id=self._locked_id,
            created_at=datetime.now(UTC),
            trigger=self._trigger,
            before_tokens=result.before_tokens,
            after_tokens=result.after_tokens,
            before_messages=result.before_messages,
            after_messages=result.after_messages,
            summarizer=result.summarizer_path,
            duration_seconds=result.duration_seconds,
            checkpoint_id=span if isinstance(span, str) else None,
            reason=result.reason,
            meta={
                "stages": [{"name": s.name, **dict(s.details)} for s in result.stages],
                # The budget in force, so an inspector can draw the lines this compaction
                # crossed (a provider's stated limit may have lowered the window since).
                "context_window": self.engine.budget.context_window,
                "threshold": self.engine.budget.threshold,
            },
        )
        tokens = [self.engine.counter.message(m) for m in result.messages]
        if self.in_place:
            inserted = self.store.commit_compaction(
                self._locked_id,
                expected_positions=self._expected,
                new_messages=result.messages,
                new_tokens=tokens,
                event=event,
                artifacts=result.artifacts,
                engine_state=state,
                lease_holder=self.holder,
            )
            if inserted and self.last_position is not None:
                self.last_position = max(self.last_position, *inserted)
            return
        # Rotation: one transaction ends this session and starts the child with the result,
        # the rows appended meanwhile, the artifacts and the state.
        child = self.store.commit_rotation(
            self._locked_id,
            expected_positions=self._expected,
            new_messages=result.messages,
            new_tokens=tokens,
            event=event,
            artifacts=result.artifacts,
            engine_state=state,
            lease_holder=self.holder,
        )
        self._point_at(child.id)

    # --- usage ---------------------------------------------------------------------------

    def observe(self, usage: Mapping[str, Any]) -> None:
        """Record a provider response's usage, and persist the engine state it changes (in
        the current session of the lineage: a rotation another process made is followed
        first, so the state does not land in an ended parent)."""
        self._follow_rotation()
        self.engine.update_from_response(usage)
        self.store.save_engine_state(self.session_id, self.engine.export_state())
