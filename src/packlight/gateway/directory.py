"""The gateway's sessions: which one a request continues, and its live state in this process.

A request names its session with ``X-Packlight-Session``, or is matched to one by its history
(:mod:`packlight.gateway.fingerprint`). Either way the session belongs to one owner (a digest
of the caller's key): another owner's request never finds it.

The store holds everything a session needs (its messages, compactions, the engine's state
and its head), so any process can serve any turn. A process keeps the sessions it served
lately in memory, with the head it left; when the store's head is still that one, no other
process served the conversation since and the cached session is current. Otherwise the
session is opened again from the store. After each prepared turn the head moves, as a
compare-and-swap on the head read, so that two processes racing on one session notice it.

Everything here blocks (store I/O, compaction): the app calls it from worker threads.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from packlight.compressor.engine import ContextCompressor
from packlight.compressor.workers import CompactionWorkers
from packlight.config import Settings
from packlight.engine import BUILTIN_ENGINE
from packlight.gateway.errors import GatewayError
from packlight.gateway.fingerprint import continued
from packlight.session import Session
from packlight.store.base import SessionStore

__all__ = ["Conversation", "Directory"]

logger = logging.getLogger("packlight.gateway")

SOURCE = "packlight serve"
SESSION_ID_LIMIT = 128


@dataclass(slots=True)
class Conversation:
    """One session as this process last left it."""

    session_id: str
    owner: str
    session: Session
    head: str | None
    """The store's head when this process last served the session."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    retired: bool = False
    """Replaced by a fresh opening (another process compacted the session): never used."""
    moved_at: float = 0.0
    """When this process last moved the head (``time.monotonic()``)."""


def _builtin(settings: Settings) -> bool:
    """Whether sessions use the built-in engine (only it computes in worker processes; a
    plugin engine named in the settings is made by the session, and compacts in-process)."""
    return (settings.context.engine or BUILTIN_ENGINE) in {BUILTIN_ENGINE, ContextCompressor.name}


class Directory:
    """Finds, opens and caches the sessions of the gateway's callers."""

    def __init__(
        self,
        store: SessionStore,
        settings: Settings,
        *,
        context_window: int | None = None,
        capacity: int = 1_000,
        workers: CompactionWorkers | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.context_window = context_window
        self.capacity = capacity
        self._cache: OrderedDict[str, Conversation] = OrderedDict()
        self._lock = threading.Lock()
        self.workers = workers
        """The processes that compute compactions (``None``: the serving threads do)."""
        self._retired: dict[str, Conversation] = {}
        """Conversations another process compacted: their engines go to the next opening."""
        self._learned: dict[str | None, int] = {}
        """The smallest window an upstream stated per model (any session's recovery)."""

    def __len__(self) -> int:
        return len(self._cache)

    @contextmanager
    def conversation(
        self,
        owner: str,
        digests: list[str],
        named: str | None,
        model: str | None,
        check_new: Callable[[], object] = lambda: None,
    ) -> Iterator[Conversation]:
        """:meth:`hold` for the block; :meth:`release` when it ends (the head moves only
        when it ends without an error)."""
        conversation = self.hold(owner, digests, named, model, check_new)
        try:
            yield conversation
        except BaseException:
            self.release(conversation, digests, advance=False)
            raise
        self.release(conversation, digests, advance=True)

    def hold(
        self,
        owner: str,
        digests: list[str],
        named: str | None,
        model: str | None,
        check_new: Callable[[], object] = lambda: None,
    ) -> Conversation:
        """The conversation a request continues (created when none, after ``check_new`` did
        not raise: a refused request leaves no session behind), locked for this request
        until :meth:`release` (which may come from another thread)."""
        while True:
            asked = time.monotonic()
            session_id, head, new = self._resolve(owner, digests, named, model, check_new)
            conversation = self._open(session_id, owner, head, model, new=new)
            conversation.lock.acquire()
            try:
                current = not conversation.retired and self._current(conversation, head, asked)
            except BaseException:
                conversation.lock.release()
                raise
            if current:
                return conversation
            conversation.lock.release()  # resolved against a head that has moved since: again

    def release(self, conversation: Conversation, digests: list[str], *, advance: bool) -> None:
        """Write what the request's turn kept back (its new messages, see ``defer_writes``
        in :class:`~packlight.session.Session`), move the head to the request's history
        when ``advance``, and unlock the conversation. A failed write retires the cached
        copy (it is ahead of the store; the next request opens the session from the store,
        and its client resends the messages that are missing there) and raises."""
        try:
            # Relaxed (no wait for a disk flush): the next request needs to see the turn, not
            # to find it on disk after a database crash; one lost that way is resent whole by
            # its client (every request carries the whole history) and appended again from
            # the head before it. Compactions commit durably as ever (the usage an answer
            # reports is relaxed too: Gateway._observe).
            with self.store.relaxed_commits():
                conversation.session.flush()
                if advance:
                    self._advance(conversation, digests)
        except BaseException:
            self._retire(conversation)
            raise
        finally:
            conversation.lock.release()

    def _current(self, conversation: Conversation, head: str | None, asked: float) -> bool:
        """Bring ``conversation`` (locked) to ``head``, the store's head read at ``asked``:
        True when it is there now, False when the request must be resolved again."""
        if conversation.head == head:
            return True
        if conversation.moved_at >= asked:
            return False  # this process moved it after the store was read: read it again
        # Another process served the session since this one did: catch up with the rows it
        # appended, or (it compacted meanwhile) open the session anew from the store. The
        # head is not read again: it was read a moment ago, and a process that moves it
        # from now on makes this one's move of it fail (a compare-and-swap, _advance).
        if conversation.session.refresh():
            logger.info("caught up", extra={"session": conversation.session_id})
            conversation.head = head
            return True
        logger.info("reopened", extra={"session": conversation.session_id})
        self._retire(conversation)
        return False

    def _retire(self, conversation: Conversation) -> None:
        with self._lock:
            conversation.retired = True
            if self._cache.get(conversation.session_id) is conversation:
                del self._cache[conversation.session_id]
            self._retired[conversation.session_id] = conversation
            while len(self._retired) > self.capacity:
                del self._retired[next(iter(self._retired))]

    def learn_window(self, model: str | None, window: int) -> None:
        """Remember a window an upstream stated, for sessions opened from now on."""
        with self._lock:
            known = self._learned.get(model)
            if known is None or window < known:
                self._learned[model] = window

    # --- resolution ------------------------------------------------------------------------

    def _resolve(
        self,
        owner: str,
        digests: list[str],
        named: str | None,
        model: str | None,
        check_new: Callable[[], object],
    ) -> tuple[str, str | None, bool]:
        """The session the request continues, its head, and whether this process has just
        made its id (the store has no such session yet)."""
        if named is not None:
            return (*self._named(owner, named, model, check_new), False)
        found = continued(digests, self.store.find_heads(owner, digests))
        if found is not None:
            return found.head.session_id, found.head.head, False
        check_new()
        # Created in the store by its Session's first flush, with the turn's messages, while
        # the upstream answers (one write, nothing read).
        session_id = uuid.uuid4().hex
        logger.info("new session", extra={"session": session_id})
        return session_id, None, True

    def _named(
        self, owner: str, named: str, model: str | None, check_new: Callable[[], object]
    ) -> tuple[str, str | None]:
        if not named or len(named) > SESSION_ID_LIMIT or not named.isprintable():
            raise GatewayError(
                400,
                f"X-Packlight-Session must be 1 to {SESSION_ID_LIMIT} printable characters",
            )
        record = self.store.get_session(named)
        if record is None:
            check_new()
            self.store.create_session(
                session_id=named, model=model, meta={"source": SOURCE, "owner": owner}
            )
            return named, None
        if record.meta.get("owner") != owner:
            # The same answer as for a session that does not exist: an id says nothing.
            raise GatewayError(404, f"no session {named!r} for this key", code="session_not_found")
        head = self.store.get_head(named)
        return named, head.head if head is not None else None

    def _open(
        self, session_id: str, owner: str, head: str | None, model: str | None, *, new: bool
    ) -> Conversation:
        with self._lock:
            cached = self._cache.get(session_id)
            if cached is not None:
                self._cache.move_to_end(session_id)
                return cached
            # Opened from the store (its messages, compacted view and engine state) at its
            # first request. A session this process retired keeps its engine: the state is
            # reloaded from the store and its token counts of the same messages stay good.
            retired = self._retired.pop(session_id, None)
            window = self.context_window
            learned = self._learned.get(model)
            if learned is not None:
                window = min(window, learned) if window else learned
            engine = retired.session.engine if retired is not None else None
            if engine is not None:
                engine.on_session_reset()
            elif self.workers is not None and _builtin(self.settings):
                engine = ContextCompressor(
                    settings=self.settings,
                    model=model,
                    context_window=window,
                    workers=self.workers,
                )
            session = Session(
                engine,
                # The turn's new messages are written while the upstream answers, not before
                # the request goes out (see :meth:`release`).
                defer_writes=True,
                meta={"source": SOURCE, "owner": owner},
                store=self.store,
                session_id=session_id,
                model=model,
                context_window=window,
                settings=self.settings,
                max_recovery_attempts=self.settings.live.max_recovery_attempts,
                session_is_new=new,
            )
            conversation = Conversation(session_id, owner, session, head)
            self._cache[session_id] = conversation
            while len(self._cache) > self.capacity:
                self._cache.popitem(last=False)
            return conversation

    def _advance(self, conversation: Conversation, digests: list[str]) -> None:
        new_head = digests[-1]
        if conversation.head == new_head:
            return
        moved = self.store.advance_head(
            conversation.session_id,
            owner=conversation.owner,
            head=new_head,
            length=len(digests),
            previous=conversation.head,
        )
        if moved:
            conversation.head = new_head
            conversation.moved_at = time.monotonic()
            return
        # Another process served this session at the same time: this copy is stale.
        logger.warning(
            "session served by two processes at once; reopening it from the store next turn",
            extra={"session": conversation.session_id},
        )
        self._retire(conversation)
