"""A session kept in a ``SessionStore`` and compacted by an engine, safely across processes.

This is where the engine and the store meet (they never import each other):

- the engine's state is loaded from the store when the session is opened, so a restarted
  process behaves exactly as the one that stopped;
- a compaction runs under the session's lease: a second process asking at the same time gets
  the transcript unchanged with the reason, and a lease that cannot be evaluated (store
  error) means *skip*, never a double compaction;
- the engine's verified result, its artifacts, the event and the engine's next state are
  committed in one store transaction, as a compare-and-swap on the prefix of active rows the
  engine read: messages another writer appended meanwhile are kept after the compacted list
  (the engine always keeps a trailing tool call in its tail, so a late tool result still
  follows its call); if the commit fails, the engine's state does not move and the caller
  gets the transcript as it was;
- the original transcript is always the rows the agent appended, in order.
"""

from __future__ import annotations

import logging
import os
import socket
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, cast

from packlight.admission import AdmissionResult, AdmissionSettings, admit
from packlight.artifacts import Artifact
from packlight.compressor.engine import ContextCompressor
from packlight.engine import CompressionResult
from packlight.messages import PACKLIGHT_KEY, Message, as_mapping, is_summary, packlight_meta
from packlight.retrieval import RetrievalTools, StoreReader
from packlight.store.base import (
    CompactionEvent,
    SessionNotFoundError,
    SessionStore,
    StoreError,
)

logger = logging.getLogger("packlight.session")

DEFAULT_LEASE_SECONDS = 120.0
DEFAULT_ADMISSION = AdmissionSettings()
ROTATION_SEED = "rotation_seed"
"""Session meta key: how many leading rows of a rotated child are the compacted transcript."""


def default_holder() -> str:
    """An id naming this process on this host (and unique per session object)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


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


class StoredSession:
    """One agent session in a store, with its engine."""

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
        **engine_options: Any,
    ) -> None:
        record = store.get_session(session_id)
        if record is None:
            raise SessionNotFoundError(f"no session {session_id!r} in the store")
        self.store = store
        self.session_id = session_id
        self.engine = engine or ContextCompressor(model=record.model, **engine_options)
        self.holder = holder or default_holder()
        self.admission = admission
        self.in_place = in_place
        """In-place compaction (default) rewrites this session; otherwise each compaction
        ends it with reason "compression" and continues in a child session."""
        self.lease_seconds = lease_seconds
        saved = store.load_engine_state(session_id)
        if saved:
            self.engine.restore_state(saved)
        self.engine.persist = self._persist
        # The store commits artifacts with each compaction; the engine must not keep a
        # second copy of every archived output in memory.
        self.engine.archive = _StoreSink(store, session_id)
        # The model can pull back anything this session's lineage archived.
        self.engine.retrieval = RetrievalTools(StoreReader(store, session_id))
        self._expected: list[int] = []
        self._trigger = "manual"

    # --- opening -------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        store: SessionStore,
        *,
        model: str | None = None,
        meta: Mapping[str, Any] | None = None,
        messages: Sequence[Message] = (),
        **options: Any,
    ) -> StoredSession:
        """A new session, optionally with its first messages."""
        record = store.create_session(model=model, meta=meta)
        session = cls(store, record.id, **options)
        if messages:
            session.append(messages)
        store.save_engine_state(record.id, session.engine.export_state())
        return session

    @classmethod
    def resume(cls, store: SessionStore, session_id: str, **options: Any) -> StoredSession:
        """The session's newest descendant (rotation makes children), ready to continue."""
        return cls(store, store.tip(session_id).id, **options)

    # --- transcript ----------------------------------------------------------------------

    def messages(self) -> list[Message]:
        """The active transcript."""
        return [row.message for row in self.store.active_messages(self.session_id)]

    def append(self, messages: Sequence[Message]) -> list[int]:
        """Append messages the agent produced or received; counts are cached as they go.

        Admission control: a tool output over ``admission.max_tokens`` is archived whole and
        enters the transcript as a structured preview (id, size, head and tail lines, exit
        code, errors, how to read more). :meth:`original_messages` restores it exactly.
        Returns the positions of the new rows.
        """
        return self.admit_and_append(messages)[1]

    def admit_and_append(self, messages: Sequence[Message]) -> tuple[list[Message], list[int]]:
        """:meth:`append`, also returning the messages as they entered the active transcript
        (the same objects, or the structured preview of an externalised output)."""
        admitted: list[Message] = []
        artifacts = []
        for message in messages:
            result = self._admit(message)
            admitted.append(result.message)
            if result.artifact is not None:
                artifacts.append(result.artifact)
        if artifacts:
            self.store.put_artifacts(self.session_id, artifacts)
        tokens = [self.engine.counter.message(m) for m in admitted]
        return admitted, self.store.append_messages(self.session_id, admitted, tokens)

    def _admit(self, message: Message) -> AdmissionResult:
        data = as_mapping(message)
        # Only plain-text results: their original is exactly the archived text, so the
        # original transcript can be rebuilt byte for byte.
        if self.admission is None or data.get("role") != "tool":
            return AdmissionResult(message)
        if not isinstance(data.get("content"), str):
            return AdmissionResult(message)
        result = admit(
            message,
            key=self.engine.key,
            counter=self.engine.counter.counter,
            settings=self.admission,
        )
        if result.artifact is None:
            return result
        marker: dict[str, Any] = {"admitted": result.artifact.id}
        if PACKLIGHT_KEY in data:
            marker["original_meta"] = data[PACKLIGHT_KEY]
        preview = {**as_mapping(result.message), PACKLIGHT_KEY: marker}
        return AdmissionResult(cast(Message, preview), result.artifact)

    def original_messages(self) -> list[Message]:
        """The transcript as the agent appended it, before any compaction or admission,
        across the whole lineage when compaction rotated into child sessions."""
        original: list[Message] = []
        for record in self.store.lineage(self.session_id):
            appended = [
                row.message for row in self.store.all_messages(record.id) if row.inserted_by is None
            ]
            # A rotated child starts with the compacted transcript, which is not original.
            seeded = record.meta.get(ROTATION_SEED)
            original.extend(appended[seeded if isinstance(seeded, int) else 0 :])
        return [self._restore(message) for message in original]

    def _restore(self, message: Message) -> Message:
        marker = packlight_meta(message)
        artifact_id = marker.get("admitted")
        if not isinstance(artifact_id, str):
            return message
        artifact = self.store.get_artifact(self.session_id, artifact_id)
        if artifact is None:
            return message  # removed by retention: the preview is all that is left
        original = {k: v for k, v in as_mapping(message).items() if k != PACKLIGHT_KEY}
        original["content"] = artifact.content
        if "original_meta" in marker:
            original[PACKLIGHT_KEY] = marker["original_meta"]
        return cast(Message, original)

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
        calls are quick local transactions and stay synchronous)."""
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
            acquired = self.store.acquire_lease(self.session_id, self.holder, self.lease_seconds)
        except StoreError as exc:
            return self._skipped(f"compaction lease could not be evaluated ({exc}); skipped")
        if not acquired:
            return self._skipped("another process holds this session's compaction lease")
        try:
            rows = self.store.active_messages(self.session_id)
        except StoreError as exc:
            self._unlock()
            return self._skipped(f"store error while compacting ({exc}); skipped")
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
        try:
            self.store.release_lease(self.session_id, self.holder)
        except StoreError:
            logger.warning("could not release the lease of %s; it will expire", self.session_id)

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
        checkpoint = next((m for m in result.messages if is_summary(m)), None)
        span = packlight_meta(checkpoint).get("span_artifact") if checkpoint else None
        event = CompactionEvent(
            id=f"c{uuid.uuid4().hex}",
            session_id=self.session_id,
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
            meta={"stages": [{"name": s.name, **dict(s.details)} for s in result.stages]},
        )
        tokens = [self.engine.counter.message(m) for m in result.messages]
        if self.in_place:
            self.store.commit_compaction(
                self.session_id,
                expected_positions=self._expected,
                new_messages=result.messages,
                new_tokens=tokens,
                event=event,
                artifacts=result.artifacts,
                engine_state=state,
                lease_holder=self.holder,
            )
            return
        self._rotate(result, tokens, event, state)

    def _rotate(
        self,
        result: CompressionResult,
        tokens: list[int],
        event: CompactionEvent,
        state: Mapping[str, Any],
    ) -> None:
        """Continue in a child session that starts from the compacted transcript.

        The child is complete (messages, artifacts, state) before the parent is touched, so a
        crash at any point leaves either the parent as it was or a child that resume finds.
        """
        parent = self.store.get_session(self.session_id)
        if parent is None:
            raise SessionNotFoundError(f"session {self.session_id!r} disappeared")
        child = self.store.create_session(
            parent_id=parent.id,
            model=parent.model,
            meta={**parent.meta, ROTATION_SEED: len(result.messages)},
        )
        try:
            self.store.append_messages(child.id, result.messages, tokens)
            self.store.put_artifacts(child.id, result.artifacts)
            self.store.save_engine_state(child.id, state)
            self.store.commit_compaction(
                parent.id,
                expected_positions=self._expected,
                new_messages=[],
                new_tokens=[],
                event=replace(event, meta={**event.meta, "child_session": child.id}),
                artifacts=(),
                engine_state=state,
                lease_holder=self.holder,
            )
        except Exception:
            # The parent refused (or the store failed): the child must not become the tip.
            self.store.delete_session(child.id)
            raise
        self.store.end_session(parent.id, "compression")
        self.session_id = child.id
        self.engine.retrieval = RetrievalTools(StoreReader(self.store, child.id))
        self.engine.archive = _StoreSink(self.store, child.id)

    # --- usage ---------------------------------------------------------------------------

    def observe(self, usage: Mapping[str, Any]) -> None:
        """Record a provider response's usage, and persist the engine state it changes."""
        self.engine.update_from_response(usage)
        self.store.save_engine_state(self.session_id, self.engine.export_state())
