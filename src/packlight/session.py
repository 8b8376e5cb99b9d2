"""``packlight.Session``: context management inside a live agent loop (DESIGN sections 4, 7).

One session per conversation. Every turn the caller hands over its **whole raw history**;
the session answers with the view to send::

    session = packlight.Session(model="gpt-4o")
    while True:
        prepared = session.prepare(messages, tools)
        try:
            response = client.chat.completions.create(
                model="gpt-4o", messages=prepared.messages, tools=tools
            )
        except openai.BadRequestError as error:
            prepared = session.recover(error, messages, tools)   # overflow: compact, retry
            ...
        session.observe(response.usage)

- :meth:`Session.prepare` compacts when the request would cross the engine's threshold (the
  preflight trigger, deferred while real usage recently proved the request fits and right after
  a compaction) or would not fit the window with its output reservation at all;
- :meth:`Session.observe` records the provider's prompt-token count (post-response trigger,
  calibration of the estimate);
- :meth:`Session.recover` turns a provider's overflow error into a harder compaction (or a
  lower ``max_tokens``, or smaller images) and a new view, at most three times per request,
  then raises :class:`~packlight.errors.ContextOverflowError`; any other error is re-raised
  unchanged;
- :meth:`Session.compact` is the manual trigger (``focus``, ``keep_last``, ``preview``).

:class:`AsyncSession` is the same with ``await`` on prepare, recover and compact (the
summarizer is awaited). Both share every decision (:mod:`packlight.session_core`); they differ
only in how a compaction is run. A session is not meant to be shared by concurrent requests of
different conversations: give each conversation its own.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from packlight.config import Settings, settings_with
from packlight.context_files import ProjectInstructions, load_project_instructions
from packlight.engine import CompressionResult, ContextEngine
from packlight.session_core import CompactionCall, Flow, Prepared, SessionCore, SessionStats
from packlight.store.base import SessionStore

__all__ = ["AsyncSession", "Prepared", "Session", "SessionStats"]

DEFAULT_RECOVERY_ATTEMPTS = 3


class _SessionBase:
    def __init__(
        self,
        engine: ContextEngine | None = None,
        *,
        model: str | None = None,
        context_window: int | None = None,
        settings: Settings | None = None,
        store: SessionStore | None = None,
        session_id: str | None = None,
        max_recovery_attempts: int = DEFAULT_RECOVERY_ATTEMPTS,
        project_instructions: str | os.PathLike[str] | bool | ProjectInstructions | None = None,
        defer_writes: bool = False,
        meta: Mapping[str, Any] | None = None,
        session_is_new: bool = False,
        **overrides: Any,
    ) -> None:
        """``engine`` defaults to the one the settings name (built at the first request, when
        the model is known). ``context_window`` overrides the model registry; a provider's
        stated limit corrects both. ``store``/``session_id`` keep the session (original
        messages, compactions, engine state) so that a restarted process resumes it.
        ``overrides`` are settings by their short name (``threshold_fraction=0.6``) or
        dotted key, over ``settings`` (default: :func:`packlight.load_settings`).

        ``project_instructions`` adds the project's instruction file (AGENTS.md, CLAUDE.md...,
        see :mod:`packlight.context_files`) to the system prompt of every view: a directory to
        search from, ``True`` for the current directory, or instructions already loaded with
        :func:`packlight.load_project_instructions`. The file is read once, here, so the
        system prompt stays byte-stable across turns (prompt caches keep hitting); a blocked
        file is there as its note.

        ``defer_writes`` (with a store): each call keeps the caller's new messages in memory
        and :meth:`~Session.flush` writes them (one transaction), so that the view can be sent
        before the store is written to; the next call, a compaction or :meth:`observe` flush
        first, whichever comes first. Until then a crash loses those messages from the store
        (never half of them): use it only when the caller resends its whole history every
        turn, as a gateway's clients do, so that the next request brings them again.

        ``meta`` goes to the store with the session when this object creates it there (no
        ``session_id``, or one the store does not have yet).

        ``session_is_new`` (with ``session_id``): the caller made the id and knows the store
        has no such session, so nothing is read to open it; with ``defer_writes`` it is
        created by the first :meth:`~Session.flush`, with the messages kept back, in one
        transaction (a gateway's new conversation goes upstream without waiting for the
        store)."""
        if max_recovery_attempts < 0:
            raise ValueError(
                f"max_recovery_attempts must be 0 or more, not {max_recovery_attempts}"
            )
        resolved = settings_with(settings, overrides)
        self._instructions = _project_instructions(project_instructions, resolved)
        self._core = SessionCore(
            settings=resolved,
            engine=engine,
            model=model,
            context_window=context_window,
            store=store,
            session_id=session_id,
            max_recovery_attempts=max_recovery_attempts,
            system_section=self._instructions.section_text if self._instructions else "",
            defer_writes=defer_writes,
            meta=meta,
            session_is_new=session_is_new,
        )

    @property
    def project_instructions(self) -> ProjectInstructions | None:
        """The instruction files in the system prompt (``None`` when not asked for)."""
        return self._instructions

    @property
    def engine(self) -> ContextEngine | None:
        """The engine (``None`` until the first request when none was given)."""
        return self._core.engine

    @property
    def session_id(self) -> str | None:
        """The store's id of the current lineage (``None`` without a store)."""
        return self._core.session_id

    @property
    def context_window(self) -> int:
        """The window in force (registry, ``context_window=``, or the provider's limit)."""
        return self._core.window()

    @property
    def stats(self) -> SessionStats:
        """Compactions, recoveries, tokens saved, prefix breaks and the last decision."""
        return self._core.stats()

    def observe(self, usage: object) -> int | None:
        """Record a response's usage (an SDK usage object or a mapping); returns the prompt
        tokens it reported. Completion and reasoning tokens are ignored."""
        return self._core.observe(usage)

    def refresh(self) -> bool:
        """Catch up with what another process appended to this session's store since this
        object last saw it (see :meth:`SessionCore.refresh`); False when the session must be
        opened anew instead (the other process compacted it meanwhile)."""
        return self._core.refresh()

    def messages(self) -> list[Any]:
        """The view the last call handed out (packlight's metadata removed)."""
        return self._core.sent_view()

    def history(self) -> list[Any]:
        """The caller's raw history as the session holds it, in the canonical shape: what it
        was handed so far or, for a session resumed from its store, the original messages
        stored there (the store is opened now if it was not yet)."""
        self._core.ensure_ready(None)
        return [dict(message) for message in self._core.history.messages()]

    def _record(self, messages: Sequence[Any]) -> None:
        self._core.ensure_ready(None)
        self._core.absorb(messages)
        self._core.flush()  # recording is for the store: nothing is kept back


class Session(_SessionBase):
    """The live loop for synchronous agents (see the module docstring)."""

    def __init__(self, engine: ContextEngine | None = None, **options: Any) -> None:
        super().__init__(engine, **options)
        self._lock = threading.RLock()

    def prepare(
        self,
        messages: Sequence[Any],
        tools: Sequence[Mapping[str, Any]] | None = None,
        *,
        model: str | None = None,
        max_tokens: int | None = None,
    ) -> Prepared:
        """The view to send for the caller's whole raw history ``messages``."""
        with self._lock:
            prepared: Prepared = self._run(
                self._core.prepare_flow(messages, tools, model, max_tokens)
            )
            return prepared

    def recover(
        self,
        error: BaseException,
        messages: Sequence[Any],
        tools: Sequence[Mapping[str, Any]] | None = None,
        *,
        model: str | None = None,
        max_tokens: int | None = None,
    ) -> Prepared:
        """The view to retry with after the provider refused the request with ``error``."""
        with self._lock:
            prepared: Prepared = self._run(
                self._core.recover_flow(error, messages, tools, model, max_tokens)
            )
            return prepared

    def record(self, messages: Sequence[Any]) -> None:
        """Take the caller's whole raw history without preparing a view: it is kept (and
        stored, with a store) as :meth:`prepare` would keep it, and nothing is decided or
        counted. For frameworks that save a turn apart from sending it (a session memory
        written after each turn), so that the store holds the turn even if no request
        follows."""
        with self._lock:
            self._record(messages)

    def flush(self) -> None:
        """Write the messages ``defer_writes`` kept back (nothing to do without it); a failed
        write raises and keeps them, for the next flush."""
        with self._lock:
            self._core.flush()

    def compact(
        self,
        messages: Sequence[Any],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        focus: str | None = None,
        keep_last: int | None = None,
        preview: bool = False,
    ) -> Prepared:
        """Compact now; ``preview=True`` shows the result and changes nothing."""
        with self._lock:
            prepared: Prepared = self._run(
                self._core.compact_flow(messages, tools, focus, keep_last, preview)
            )
            return prepared

    def _run(self, flow: Flow) -> Any:
        try:
            call = next(flow)
            while True:
                call = flow.send(self._compaction(call))
        except StopIteration as done:
            return done.value

    def _compaction(self, call: CompactionCall) -> CompressionResult:
        core = self._core
        assert core.engine is not None
        if call.preview:
            return core.engine.preview(
                call.messages, focus=call.focus, tools=call.tools, keep_last=call.keep_last
            )
        if core.stored is not None:
            return core.stored.compact(**_stored_options(call))
        return core.engine.compress(call.messages, **_engine_options(call))


class AsyncSession(_SessionBase):
    """The live loop for asyncio agents: :class:`Session` with awaited calls."""

    def __init__(self, engine: ContextEngine | None = None, **options: Any) -> None:
        super().__init__(engine, **options)
        self._lock: asyncio.Lock | None = None

    def _guard(self) -> asyncio.Lock:
        if self._lock is None:  # created inside the running loop
            self._lock = asyncio.Lock()
        return self._lock

    async def prepare(
        self,
        messages: Sequence[Any],
        tools: Sequence[Mapping[str, Any]] | None = None,
        *,
        model: str | None = None,
        max_tokens: int | None = None,
    ) -> Prepared:
        """See :meth:`Session.prepare`."""
        async with self._guard():
            prepared: Prepared = await self._run(
                self._core.prepare_flow(messages, tools, model, max_tokens)
            )
            return prepared

    async def recover(
        self,
        error: BaseException,
        messages: Sequence[Any],
        tools: Sequence[Mapping[str, Any]] | None = None,
        *,
        model: str | None = None,
        max_tokens: int | None = None,
    ) -> Prepared:
        """See :meth:`Session.recover`."""
        async with self._guard():
            prepared: Prepared = await self._run(
                self._core.recover_flow(error, messages, tools, model, max_tokens)
            )
            return prepared

    def record(self, messages: Sequence[Any]) -> None:
        """See :meth:`Session.record` (no await: it never compacts)."""
        self._record(messages)

    def flush(self) -> None:
        """See :meth:`Session.flush` (no await: it never compacts)."""
        self._core.flush()

    async def compact(
        self,
        messages: Sequence[Any],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        focus: str | None = None,
        keep_last: int | None = None,
        preview: bool = False,
    ) -> Prepared:
        """See :meth:`Session.compact`."""
        async with self._guard():
            prepared: Prepared = await self._run(
                self._core.compact_flow(messages, tools, focus, keep_last, preview)
            )
            return prepared

    async def _run(self, flow: Flow) -> Any:
        try:
            call = next(flow)
            while True:
                call = flow.send(await self._compaction(call))
        except StopIteration as done:
            return done.value

    async def _compaction(self, call: CompactionCall) -> CompressionResult:
        core = self._core
        assert core.engine is not None
        if call.preview:
            return core.engine.preview(
                call.messages, focus=call.focus, tools=call.tools, keep_last=call.keep_last
            )
        if core.stored is not None:
            return await core.stored.acompact(**_stored_options(call))
        return await core.engine.acompress(call.messages, **_engine_options(call))


def _project_instructions(
    option: str | os.PathLike[str] | bool | ProjectInstructions | None, settings: Settings
) -> ProjectInstructions | None:
    if option is None or option is False:
        return None
    if isinstance(option, ProjectInstructions):
        return option
    start = Path.cwd() if option is True else option
    return load_project_instructions(start, settings=settings)


def _engine_options(call: CompactionCall) -> dict[str, Any]:
    options: dict[str, Any] = {
        "current_tokens": call.current_tokens,
        "focus": call.focus,
        "force": call.force,
        "tools": call.tools,
    }
    if call.keep_last is not None:  # plugin engines written before keep_last need not take it
        options["keep_last"] = call.keep_last
    return options


def _stored_options(call: CompactionCall) -> dict[str, Any]:
    return {
        "force": call.force,
        "focus": call.focus,
        "trigger": call.trigger,
        "tools": call.tools,
        "current_tokens": call.current_tokens,
        "keep_last": call.keep_last,
    }
