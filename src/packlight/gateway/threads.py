"""The gateway's worker threads: a fixed set, all started before the first request.

Every request hands blocking work to a thread (finding the conversation, preparing the view,
writing the turn, recording the answer's usage). anyio's shared pool starts a thread the
first time no idle one is there and stops a thread that sat idle for ten seconds, so a
burst of new conversations after a quiet spell started dozens of threads, each start
waiting in the event loop for the new thread to run (about a millisecond apiece on a loaded
machine, tens of milliseconds over a burst, paid by every request in flight). The threads
here are started once, when the gateway starts, and live as long as it does.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import anyio

__all__ = ["DEFAULT_THREADS", "WorkerThreads"]

T = TypeVar("T")

DEFAULT_THREADS = 40
"""As many as anyio's default limit on threads running at once, which the gateway's work
used before it had threads of its own."""

_START_TIMEOUT_SECONDS = 30.0


class WorkerThreads:
    """A fixed pool of threads for the gateway's blocking work (:meth:`run`)."""

    def __init__(self, size: int = DEFAULT_THREADS) -> None:
        if size < 1:
            raise ValueError(f"the gateway needs at least one worker thread, not {size}")
        self.size = size
        self._pool = ThreadPoolExecutor(max_workers=size, thread_name_prefix="packlight-gateway")

    def start(self) -> None:
        """Start every thread now: the pool starts one for a job only when none is idle,
        so ``size`` jobs that wait for each other start ``size`` threads."""
        meeting = threading.Barrier(self.size)
        for _ in range(self.size):
            self._pool.submit(_meet, meeting)

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` in one of the threads, with the caller's context variables. A
        cancellation (an anyio cancel scope's, as Starlette's when a client leaves, or a
        task's own) waits for the work to end and is raised after it: work handed over is
        never abandoned half done, nor dropped before it starts."""
        context = contextvars.copy_context()
        future = asyncio.wrap_future(self._pool.submit(context.run, work))
        # The scope keeps an enclosing scope's cancellation out until the work is over;
        # shield() keeps a task's cancellation from cancelling the work itself.
        with anyio.CancelScope(shield=True):
            try:
                await asyncio.shield(future)
            except asyncio.CancelledError:
                while not future.done():
                    with contextlib.suppress(asyncio.CancelledError):
                        await asyncio.wait({future})
                raise
        return future.result()

    def close(self) -> None:
        """Wait for the work handed over and stop the threads."""
        self._pool.shutdown(wait=True)


def _meet(meeting: threading.Barrier) -> None:
    # Broken: the pool was shut down before all of them had started.
    with contextlib.suppress(threading.BrokenBarrierError):
        meeting.wait(timeout=_START_TIMEOUT_SECONDS)
