"""The gateway's worker threads: all started with the gateway, none started by a request, and
a cancelled request's work is finished, not abandoned."""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time
from pathlib import Path

import httpx
import pytest

from packlight.gateway.threads import WorkerThreads
from tests.gateway.conftest import KEY
from tests.gateway.serving import gateway_settings, serve, wait_until_warm
from tests.live.window_server import WindowServer
from tests.wrappers.replay import WINDOW

PREFIX = "packlight-gateway"


def _named(prefix: str) -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name.startswith(prefix)]


def test_start_starts_every_thread_at_once() -> None:
    threads = WorkerThreads(size=6)
    try:
        before = len(_named(PREFIX))
        threads.start()
        assert len(_named(PREFIX)) - before == 6
    finally:
        threads.close()


def test_a_pool_needs_a_thread() -> None:
    with pytest.raises(ValueError, match="at least one worker thread"):
        WorkerThreads(size=0)


def test_work_sees_the_callers_context_variables() -> None:
    who: contextvars.ContextVar[str] = contextvars.ContextVar("who", default="nobody")
    threads = WorkerThreads(size=2)

    async def main() -> tuple[str, str]:
        who.set("the request")
        seen = await threads.run(who.get)
        name = await threads.run(lambda: threading.current_thread().name)
        return seen, name

    try:
        seen, name = asyncio.run(main())
    finally:
        threads.close()
    assert seen == "the request"
    assert name.startswith(PREFIX)


def test_a_cancelled_caller_waits_for_the_work_to_end() -> None:
    threads = WorkerThreads(size=2)
    finished = threading.Event()

    def slow_write() -> None:
        time.sleep(0.3)
        finished.set()

    async def main() -> bool:
        task = asyncio.create_task(threads.run(slow_write))
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return finished.is_set()

    try:
        assert asyncio.run(main()) is True
    finally:
        threads.close()


def test_a_burst_of_requests_starts_no_thread(upstream: WindowServer, tmp_path: Path) -> None:
    settings = gateway_settings(
        upstream.openai_url,
        tmp_path / "gateway.db",
        **{"gateway.api_keys": [KEY], "context.context_window": WINDOW},
    )
    with serve(settings) as running:
        wait_until_warm(running)
        pool = running.gateway.threads
        assert len(_named(PREFIX)) >= pool.size

        async def burst() -> list[int]:
            async with httpx.AsyncClient(timeout=60) as client:

                async def one(number: int) -> int:
                    answer = await client.post(
                        running.openai_url + "/chat/completions",
                        json={
                            "model": "m",
                            "stream": number % 2 == 0,
                            "messages": [
                                {"role": "user", "content": f"conversation {number}: hello"}
                            ],
                        },
                        headers={"authorization": f"Bearer {KEY}"},
                    )
                    await answer.aread()
                    return answer.status_code

                return await asyncio.gather(*(one(n) for n in range(30)))

        started = {thread.ident for thread in threading.enumerate()}
        statuses = asyncio.run(burst())
        assert statuses == [200] * 30
        new = [t.name for t in threading.enumerate() if t.ident not in started]
        assert not [name for name in new if name.startswith(("AnyIO", PREFIX))], new
