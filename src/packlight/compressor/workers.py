"""Compactions computed in worker processes, committed in the process that asked.

A compaction is CPU work in Python: planning, the ledger, the deterministic checkpoint and
the verification hold the interpreter lock for tens to hundreds of milliseconds. In a
process that serves many sessions at once (``packlight serve``), every other request waits
for it: a turn that compacts nothing still pays for its neighbours' compactions. A
:class:`CompactionWorkers` pool moves that work to other processes, so it runs on other
cores while this one keeps serving.

The split keeps the engine's guarantees. A worker holds a :class:`ContextCompressor` built
from the same settings; for each compaction it takes the asking engine's state, budget and
transcript, computes the result without committing anything, and sends back the result and
the state the engine reached before its commit. The asking engine takes that state and
commits the result itself (:meth:`ContextCompressor.compress`): its ``persist`` hook (the
store's transaction under the session's lease) and its archive run where they always ran,
so a refused commit still leaves everything as it was.

Only an engine made from settings alone can be rebuilt in another process: a summarizer,
token counter, digest registry or options object given to the constructor cannot travel,
and the engine refuses ``workers`` together with any of them. When the pool cannot be used
(a worker died, the transcript cannot be pickled) the engine compacts in its own process
and logs why.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, cast

from packlight.budget import Budget
from packlight.config import Settings
from packlight.engine import CompressionResult
from packlight.errors import PacklightError
from packlight.local_key import lent_key, local_key
from packlight.messages import Message

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from packlight.compressor.engine import ContextCompressor

__all__ = ["CompactionWorkers", "WorkersUnavailableError", "default_worker_count"]

logger = logging.getLogger("packlight.compressor.workers")

Computed = tuple[CompressionResult, dict[str, Any]]
"""A worker's answer: the result, and the engine state reached before its commit."""


class WorkersUnavailableError(PacklightError):
    """The pool could not compute a compaction; the caller compacts in its own process."""


def default_worker_count() -> int:
    """One worker per core but one (the serving process keeps a core), at least one, at most
    four: beyond that, compactions queue rather than crowd the machine."""
    return max(1, min(4, (os.cpu_count() or 1) - 1))


class CompactionWorkers:
    """A pool of ``processes`` worker processes computing compactions for engines made from
    ``settings``. Workers start with :meth:`start` (or at the first compaction) and are
    warmed up as they start; :meth:`close` stops them. Thread-safe."""

    def __init__(self, settings: Settings, processes: int | None = None) -> None:
        count = default_worker_count() if processes is None else processes
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"compaction workers need 1 or more processes, not {processes!r}")
        self.settings = settings
        self.processes = count
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False

    def start(self) -> list[Future[None]]:
        """Start every worker now and warm it up (imports, tokenizer, compiled patterns), so
        the first compactions do not pay for it; returns without waiting for them, with the
        warm-ups' futures for a caller that wants to."""
        executor = self._current()
        # One task per worker: the pool starts a process for each task no idle one takes.
        return [executor.submit(_warm) for _ in range(self.processes)]

    def submit(
        self,
        model: str | None,
        budget: Budget,
        state: Mapping[str, Any],
        messages: Sequence[Message],
        options: Mapping[str, Any],
    ) -> Future[Computed]:
        """Compute a compaction in a worker (see the module docstring); the future raises
        :class:`WorkersUnavailableError` when the pool cannot."""
        # Imported here: the process pool's modules take ~14 ms to import, and a process
        # that never starts workers (the CLI, an agent's engine) never needs them.
        from concurrent.futures.process import BrokenProcessPool

        try:
            inner = self._current().submit(
                _compute, local_key(), model, budget, dict(state), list(messages), dict(options)
            )
        except (BrokenProcessPool, RuntimeError) as exc:
            self._discard()
            raise WorkersUnavailableError(f"compaction workers unavailable: {exc}") from exc
        outer: Future[Computed] = Future()
        inner.add_done_callback(lambda done: self._settle(done, outer))
        return outer

    def close(self) -> None:
        """Stop the workers (a compaction running in one is waited for)."""
        with self._lock:
            self._closed = True
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> CompactionWorkers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _current(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._closed:
                raise WorkersUnavailableError("the compaction workers are closed")
            if self._executor is None:
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                # Spawned, not forked: the serving process runs threads (event loop, store
                # connections, lease keepers), and a fork copies their locks mid-use.
                self._executor = ProcessPoolExecutor(
                    max_workers=self.processes,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_initialize,
                    initargs=(self.settings,),
                )
            return self._executor

    def _discard(self) -> None:
        """Drop a broken pool; the next compaction starts a new one."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def _settle(self, done: Future[Computed], outer: Future[Computed]) -> None:
        error = done.exception()
        if error is None:
            outer.set_result(done.result())
            return
        from concurrent.futures.process import BrokenProcessPool

        if isinstance(error, BrokenProcessPool):
            self._discard()
        outer.set_exception(
            WorkersUnavailableError(f"a compaction worker failed: {type(error).__name__}: {error}")
        )


# --- in the worker process ---------------------------------------------------------------------


class _Worker:
    """This worker process's settings (from the pool's initializer) and its engines, one per
    model, reused from one compaction to the next."""

    settings: Settings | None = None
    engines: dict[str | None, ContextCompressor] = {}  # noqa: RUF012 (one per process)


class _Discard:
    """The worker's archive: the asking engine archives the artifacts when it commits."""

    def put(self, artifact: object) -> None:
        return None

    def get(self, identifier: str) -> None:
        return None


def _initialize(settings: Settings) -> None:
    _Worker.settings = settings


def _engine(model: str | None) -> ContextCompressor:
    from packlight.compressor.engine import ContextCompressor

    engine = _Worker.engines.get(model)
    if engine is None:
        assert _Worker.settings is not None, "the pool's initializer sets the settings"
        engine = ContextCompressor(settings=_Worker.settings, model=model, archive=_Discard())
        _Worker.engines[model] = engine
    return engine


def _compute(
    key: bytes,
    model: str | None,
    budget: Budget,
    state: dict[str, Any],
    messages: list[Message],
    options: dict[str, Any],
) -> Computed:
    engine = _engine(model)
    engine.budget = budget
    engine.restore_state(state)
    before_commit: dict[str, Any] = {}

    def capture(result: CompressionResult, after: Mapping[str, Any]) -> None:
        # Called just before the commit: the state then is what the asking engine takes
        # before it commits the same result itself.
        before_commit.update(engine.export_state())

    engine.persist = capture
    try:
        # Placeholders and checkpoint tags are keyed: the asking process's key makes them.
        with lent_key(key):
            result = engine.compress(messages, **options)
    finally:
        engine.persist = None
    return result, before_commit or engine.export_state()


def _warm() -> None:
    """One small forced compaction: every module, the tokenizer and the patterns load now."""
    engine = _engine(_Worker.settings.model if _Worker.settings is not None else None)
    saved = engine.export_state()
    transcript: list[dict[str, str]] = [{"role": "system", "content": "You are a careful agent."}]
    for step in range(12):
        ask = f"Step {step}: check the output of run {step} and go on."
        transcript += [{"role": "user", "content": ask}, {"role": "assistant", "content": "Done."}]
    engine.compress(cast(list[Message], transcript), force=True)
    engine.restore_state(saved)
