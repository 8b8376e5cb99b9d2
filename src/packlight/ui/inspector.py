"""What the inspector shows, read from a :class:`~packlight.store.SessionStore` (read-only).

Everything here goes through the store's public contract, so SQLite and PostgreSQL look the
same. Summaries for the sessions list are cached per session and refreshed only when
``messages_after`` says the session changed, so a list over many sessions reads each one
whole once per change, not once per page view.

``owner`` narrows what is visible to the sessions the gateway filed under one caller's key
digest (``meta["owner"]``): under ``packlight serve``, a caller sees its own sessions only.
An invisible session is reported exactly as an unknown one.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from packlight.artifacts import Artifact
from packlight.messages import as_mapping, is_summary, message_text
from packlight.store.base import (
    CompactionEvent,
    SearchHit,
    SessionRecord,
    SessionStore,
    StoredMessage,
    StoreError,
)
from packlight.ui.catalog import SessionQuery, SessionSummary, select_sessions
from packlight.ui.checkpoints import DiffLine, Section, checkpoint_diff, sections
from packlight.ui.turns import MessageChange, TokenHistory, compaction_changes, token_history

__all__ = [
    "ArtifactInfo",
    "ArtifactLines",
    "CompactionView",
    "Inspector",
    "NotFound",
    "SessionView",
]

logger = logging.getLogger("packlight.ui")

LIST_BATCH = 200
ENGINE_STATE_SHOWN = (
    "compactions",
    "strikes",
    "last_prompt_tokens",
    "just_compacted",
    "frozen_reason",
    "cooldown_until",
    "network_failures",
    "fallbacks_in_row",
)
"""The engine-state fields a person debugging a session needs (never the artifact key)."""


class NotFound(LookupError):
    """No such session, compaction or artifact (or not visible to this caller)."""


@dataclass(frozen=True, slots=True)
class SessionView:
    record: SessionRecord
    summary: SessionSummary
    lineage: list[SessionRecord]
    children: list[str]
    history: TokenHistory
    events: list[CompactionEvent]
    window: int | None
    threshold: int | None
    checkpoint: str | None
    checkpoint_sections: list[Section]
    engine_state: dict[str, Any]


@dataclass(frozen=True, slots=True)
class CompactionView:
    session_id: str
    index: int
    event: CompactionEvent
    count: int
    """How many compactions the session has."""
    changes: list[MessageChange]
    checkpoint: str | None
    previous_checkpoint: str | None
    diff: list[DiffLine | None]


@dataclass(frozen=True, slots=True)
class ArtifactInfo:
    id: str
    kind: str
    lines: int
    characters: int
    description: str

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "lines": self.lines,
            "characters": self.characters,
            "description": self.description,
        }


@dataclass(frozen=True, slots=True)
class ArtifactLines:
    info: ArtifactInfo
    start: int
    """1-based number of the first line given."""
    lines: list[str]


@dataclass
class _Cached:
    summary: SessionSummary
    last_position: int
    ended_at: object


@dataclass(frozen=True)
class _Snapshot:
    """One session's rows and events as last read, and what was derived from them."""

    rows: list[StoredMessage]
    events: list[CompactionEvent]
    history: TokenHistory
    last_position: int
    ended_at: object


class _Caches:
    """Shared by every view of one inspector (the gateway narrows it per caller)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.summaries: dict[str, _Cached] = {}
        self.snapshots: OrderedDict[str, _Snapshot] = OrderedDict()


SNAPSHOTS_KEPT = 4
"""Sessions whose rows stay in memory: a person looks at one session (its page, its
compactions, its chart data) at a time; a long one is thousands of decoded rows."""


class Inspector:
    def __init__(self, store: SessionStore, *, owner: str | None = None) -> None:
        self.store = store
        self.owner = owner
        self._caches = _Caches()

    def visible_to(self, owner: str | None) -> Inspector:
        """The same store and caches, showing only ``owner``'s sessions (``None``: all)."""
        narrowed = Inspector(self.store, owner=owner)
        narrowed._caches = self._caches
        return narrowed

    # --- sessions ----------------------------------------------------------------------------

    def record(self, session_id: str) -> SessionRecord:
        record = self.store.get_session(session_id)
        if record is None or not self._visible(record):
            raise NotFound(f"no session {session_id!r}")
        return record

    def sessions(self, query: SessionQuery) -> tuple[int, list[SessionSummary]]:
        summaries = [self._summary(record) for record in self._records()]
        return select_sessions(summaries, query)

    def models(self) -> list[str]:
        return sorted({r.model for r in self._records() if r.model})

    def session(self, session_id: str) -> SessionView:
        record = self.record(session_id)
        snapshot = self._snapshot(record)
        window, threshold = _budget(snapshot.events)
        checkpoint = _current_checkpoint(snapshot.rows)
        state = self.store.load_engine_state(session_id) or {}
        children = [r.id for r in self._records() if r.parent_id == session_id]
        with self._caches.lock:
            cached = self._caches.summaries.get(session_id)
        summary = self._summarize(
            record,
            snapshot.rows,
            snapshot.events,
            # The size needs every artifact read whole: the list computes it, the page
            # reuses it when the list already did.
            store_bytes=cached.summary.store_bytes
            if cached is not None and cached.last_position == snapshot.last_position
            else None,
        )
        return SessionView(
            record=record,
            summary=summary,
            lineage=self.store.lineage(session_id),
            children=children,
            history=snapshot.history,
            events=snapshot.events,
            window=window,
            threshold=threshold,
            checkpoint=checkpoint,
            checkpoint_sections=sections(checkpoint) if checkpoint else [],
            engine_state={k: state[k] for k in ENGINE_STATE_SHOWN if k in state},
        )

    def compaction(self, session_id: str, index: int) -> CompactionView:
        snapshot = self._snapshot(self.record(session_id))
        events, rows = snapshot.events, snapshot.rows
        if not 1 <= index <= len(events):
            raise NotFound(f"session {session_id!r} has no compaction {index}")
        event = events[index - 1]
        checkpoint = _checkpoint_of(rows, event.id)
        previous = next(
            (
                text
                for earlier in reversed(events[: index - 1])
                if (text := _checkpoint_of(rows, earlier.id)) is not None
            ),
            None,
        )
        diff = checkpoint_diff(previous or "", checkpoint or "") if checkpoint else []
        return CompactionView(
            session_id=session_id,
            index=index,
            event=event,
            count=len(events),
            changes=compaction_changes(rows, event.id),
            checkpoint=checkpoint,
            previous_checkpoint=previous,
            diff=diff,
        )

    def warm(self, done: threading.Event) -> None:
        """Read the sessions list and the newest sessions into the caches (a background
        thread at startup); a store error only leaves them cold."""
        try:
            records = self._records()
            for record in records:
                self._summary(record)
            for record in records[:SNAPSHOTS_KEPT]:
                self._snapshot(record)
        except StoreError as error:
            logger.warning("could not read the store ahead: %s", error)
        finally:
            done.set()

    # --- the archive -------------------------------------------------------------------------

    def artifacts(self, session_id: str) -> list[ArtifactInfo]:
        self.record(session_id)
        return [_info(artifact) for artifact in self.store.list_artifacts(session_id)]

    def artifact(self, session_id: str, artifact_id: str) -> Artifact:
        self.record(session_id)
        artifact = self.store.get_artifact(session_id, artifact_id)
        if artifact is None:
            raise NotFound(f"no artifact {artifact_id!r} in session {session_id!r}")
        return artifact

    def artifact_lines(
        self, session_id: str, artifact_id: str, *, start: int, count: int
    ) -> ArtifactLines:
        artifact = self.artifact(session_id, artifact_id)
        start = max(1, start)
        lines = list(_line_window(artifact.content, start, count))
        return ArtifactLines(_info(artifact), start, lines)

    def search(self, session_id: str, text: str, *, limit: int) -> list[SearchHit]:
        self.record(session_id)
        return self.store.search_artifacts(session_id, text, limit=limit)

    # --- helpers -----------------------------------------------------------------------------

    def _visible(self, record: SessionRecord) -> bool:
        return self.owner is None or record.meta.get("owner") == self.owner

    def _records(self) -> list[SessionRecord]:
        records: list[SessionRecord] = []
        while True:
            batch = self.store.list_sessions(limit=LIST_BATCH, offset=len(records))
            records.extend(batch)
            if len(batch) < LIST_BATCH:
                return [r for r in records if self._visible(r)]

    def _snapshot(self, record: SessionRecord) -> _Snapshot:
        """The session's rows and events, read again only when it changed since."""
        caches = self._caches
        with caches.lock:
            cached = caches.snapshots.get(record.id)
            if cached is not None:
                caches.snapshots.move_to_end(record.id)
        if (
            cached is not None
            and cached.ended_at == record.ended_at
            and not self.store.messages_after(record.id, cached.last_position)
        ):
            return cached
        rows = self.store.all_messages(record.id)
        events = self.store.compaction_events(record.id)
        snapshot = _Snapshot(
            rows,
            events,
            token_history(rows, events),
            rows[-1].position if rows else -1,
            record.ended_at,
        )
        with caches.lock:
            caches.snapshots[record.id] = snapshot
            caches.snapshots.move_to_end(record.id)
            while len(caches.snapshots) > SNAPSHOTS_KEPT:
                caches.snapshots.popitem(last=False)
        return snapshot

    def _summary(self, record: SessionRecord) -> SessionSummary:
        with self._caches.lock:
            cached = self._caches.summaries.get(record.id)
        unchanged = cached is not None and cached.ended_at == record.ended_at
        if (
            cached is not None
            and unchanged
            and not self.store.messages_after(record.id, cached.last_position)
        ):
            return cached.summary
        rows = self.store.all_messages(record.id)
        summary = self._summarize(record, rows, self.store.compaction_events(record.id))
        last = rows[-1].position if rows else -1
        with self._caches.lock:
            self._caches.summaries[record.id] = _Cached(summary, last, record.ended_at)
        return summary

    def _summarize(
        self,
        record: SessionRecord,
        rows: list[StoredMessage],
        events: list[CompactionEvent],
        *,
        store_bytes: int | None = -1,
    ) -> SessionSummary:
        """``store_bytes`` -1: measure it; ``None``: leave it unknown."""
        times = [record.created_at, *(e.created_at for e in events)]
        if record.ended_at is not None:
            times.append(record.ended_at)
        size = store_bytes
        if size == -1:
            own_artifacts = self.store.list_artifacts(record.id) if rows else []
            size = sum(len(json.dumps(as_mapping(r.message), ensure_ascii=False)) for r in rows)
            size += sum(len(a.content.encode("utf-8", "surrogatepass")) for a in own_artifacts)
        source = record.meta.get("source")
        return SessionSummary(
            id=record.id,
            model=record.model,
            source=str(source) if source is not None else None,
            parent_id=record.parent_id,
            created_at=record.created_at,
            last_activity=max(times),
            ended=record.end_reason,
            messages=sum(1 for r in rows if r.inserted_by is None),
            active_messages=sum(1 for r in rows if r.active),
            tokens=sum(r.tokens or 0 for r in rows if r.active),
            compactions=len(events),
            store_bytes=size,
        )


def _budget(events: list[CompactionEvent]) -> tuple[int | None, int | None]:
    """The window and threshold the newest compaction recorded (older stores: none)."""
    for event in reversed(events):
        window, threshold = event.meta.get("context_window"), event.meta.get("threshold")
        if isinstance(window, int) or isinstance(threshold, int):
            return (
                window if isinstance(window, int) else None,
                threshold if isinstance(threshold, int) else None,
            )
    return None, None


def _current_checkpoint(rows: list[StoredMessage]) -> str | None:
    for row in reversed(rows):
        if row.active and is_summary(row.message):
            return message_text(row.message)
    return None


def _checkpoint_of(rows: list[StoredMessage], event_id: str) -> str | None:
    for row in rows:
        if row.inserted_by == event_id and is_summary(row.message):
            return message_text(row.message)
    return None


def _info(artifact: Artifact) -> ArtifactInfo:
    meta: Mapping[str, Any] = artifact.meta
    described = meta.get("description") or meta.get("summary") or meta.get("tool") or ""
    return ArtifactInfo(
        id=artifact.id,
        kind=str(artifact.kind),
        lines=artifact.line_count,
        characters=len(artifact.content),
        description=str(described),
    )


def _line_window(text: str, start: int, count: int) -> Iterator[str]:
    """Lines ``start``..``start + count - 1`` (1-based, numbered as
    :attr:`Artifact.line_count` counts them) of ``text``, found without splitting the whole
    text: an archived log may be megabytes and the page wants a few hundred lines."""
    if not text:
        return
    index = 0
    for _ in range(start - 1):
        found = text.find("\n", index)
        if found < 0:
            return
        index = found + 1
    for _ in range(count):
        found = text.find("\n", index)
        if found < 0:
            yield text[index:]
            return
        yield text[index:found]
        index = found + 1
